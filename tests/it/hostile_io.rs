//! Issue 26, files, pipes and processes: what goref reads and writes when the inputs, the
//! outputs or an engine are hostile. Every input is written by the test, in a temporary
//! folder.

use std::fs;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;

use crate::common::{goref, wait_bounded};

/// A legal 9x9 game.
const GOOD: &str = "(;GM[1]FF[4]SZ[9]KM[7]PB[Black]PW[White]RE[B+R];B[ee];W[cc];B[gg])";
/// White plays twice in a row.
const ILLEGAL: &str = "(;GM[1]FF[4]SZ[9]KM[7]PB[Black]PW[White]RE[W+R];B[ee];W[cc];W[gg])";

fn write(path: &Path, bytes: &[u8]) {
    if let Some(dir) = path.parent() {
        fs::create_dir_all(dir).expect("a folder");
    }
    fs::write(path, bytes).expect("a file");
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Run `goref ARGS` in `dir` (with standard error on the same pipe when `both`, as
/// `2>&1` does), read the first line of its standard output and close the pipe, as `|
/// head -1` does; its exit code once it ends (`None`: it hung).
fn exit_code_behind_head(dir: &Path, args: &[&str], both: bool) -> Option<i32> {
    let goref = assert_cmd::cargo::cargo_bin("goref");
    let mut command = if both {
        let words: Vec<String> = args.iter().map(|a| sh_quote(a)).collect();
        let script = format!(
            "exec {} {} 2>&1",
            sh_quote(&goref.to_string_lossy()),
            words.join(" ")
        );
        let mut sh = std::process::Command::new("sh");
        sh.args(["-c", &script]);
        sh
    } else {
        let mut command = std::process::Command::new(goref);
        command.args(args);
        command
    };
    let mut child = command
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("goref starts");
    let stdout = child.stdout.take().expect("a pipe");
    let mut first = String::new();
    BufReader::new(stdout)
        .read_line(&mut first)
        .expect("a line");
    assert!(!first.is_empty(), "goref wrote nothing");
    // The reader is dropped here: the pipe closes while goref still has much to write.
    wait_bounded(&mut child, Duration::from_secs(120))
}

/// `n` copies of `game` in one collection.
fn collection(game: &str, n: usize) -> String {
    game.repeat(n)
}

/// Item 13: a closed pipe stops the writing but not the checking: `batch --csv - | head
/// -1`, `--annotate github | head -1`, `validate | head -1` and `standings | head -1` exit
/// with the verdict of the whole run (1 here: the illegal game, or for standings the file
/// that cannot be read, comes after the pipe has closed), as they do without the pipe;
/// and so they do with standard error on the same pipe (`2>&1 | head -1`), where the
/// summary and the diagnostics (an annotated copy that cannot be written) are dropped too.
#[test]
fn a_closed_pipe_keeps_the_verdict() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    // Thousands of rows first, far past a pipe's buffer, then the illegal game.
    write(
        &dir.path().join("games/a.sgf"),
        collection(GOOD, 5000).as_bytes(),
    );
    write(&dir.path().join("games/b.sgf"), ILLEGAL.as_bytes());
    // For standings, which rank illegal games: a file that is not a record.
    write(&dir.path().join("games/c.sgf"), b"not a game record");
    let many_illegal = collection(ILLEGAL, 5000);
    write(&dir.path().join("illegal.sgf"), many_illegal.as_bytes());
    // A folder where the annotated copy of b.sgf would go: its `goref: error:` line comes
    // after the pipe has closed.
    fs::create_dir_all(dir.path().join("out/games/b.sgf")).expect("a folder");
    let runs: [&[&str]; 6] = [
        &["batch", "--csv", "-", "games"],
        &["batch", "--csv", "-", "--annotate-dir", "out", "games"],
        &[
            "batch",
            "--jsonl",
            "-",
            "--annotate",
            "github",
            "illegal.sgf",
        ],
        &["batch", "-q", "--annotate", "github", "illegal.sgf"],
        &["validate", "games/a.sgf", "games/b.sgf"],
        &["standings", "--rules", "chinese", "games"],
    ];
    for args in runs {
        let without_pipe = goref()
            .current_dir(dir.path())
            .args(args)
            .output()
            .expect("goref runs");
        assert_eq!(without_pipe.status.code(), Some(1), "{args:?}");
        for both in [false, true] {
            assert_eq!(
                exit_code_behind_head(dir.path(), args, both),
                Some(1),
                "goref {args:?} | head -1 (2>&1: {both})"
            );
        }
    }
}

/// Item 11: nothing to read is a failure. `batch` and `standings` on an empty folder (or
/// on files none of which can be read) exit 1 saying so, whatever `--fail-on` says;
/// `--allow-empty` accepts it. A shard left empty because the inputs hold fewer files
/// than shards is not an empty input.
#[test]
fn finding_no_game_fails_unless_allowed() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    fs::create_dir(dir.path().join("empty")).expect("a folder");
    write(&dir.path().join("junk/a.sgf"), b"not a game record");
    write(&dir.path().join("one/a.sgf"), GOOD.as_bytes());
    let run = |args: &[&str]| {
        let output = goref()
            .current_dir(dir.path())
            .args(args)
            .output()
            .expect("goref runs");
        (output.status.code(), text(&output.stderr))
    };
    let searched = "no game found: no game record or archive in empty (folders are \
                    searched for *.sgf, *.gib, *.ngf, *.ugf and *.ugi in any case, .zip, \
                    .tar, .tar.gz, .tgz and .sgf.gz); --allow-empty accepts a run without \
                    games";
    for args in [
        &["batch", "-q", "empty"][..],
        &["batch", "-q", "--fail-on", "none", "empty"],
        &["standings", "--rules", "chinese", "empty"],
    ] {
        let (code, stderr) = run(args);
        assert_eq!(code, Some(1), "{args:?}: {stderr}");
        assert!(stderr.contains(searched), "{args:?}: {stderr}");
    }
    let (code, stderr) = run(&["batch", "-q", "--fail-on", "none", "junk"]);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stderr.contains("no game found: the one file found could not be read"),
        "{stderr}"
    );
    for args in [
        &["batch", "-q", "--allow-empty", "empty"][..],
        &["standings", "--rules", "chinese", "--allow-empty", "empty"],
        &["batch", "-q", "--shard", "1/2", "one"],
        &["batch", "-q", "--shard", "2/2", "one"],
    ] {
        let (code, stderr) = run(args);
        assert_eq!(code, Some(0), "{args:?}: {stderr}");
        assert!(!stderr.contains("no game found"), "{args:?}: {stderr}");
    }
}

/// A zip of `members`, in order. The zip writer refuses a name twice, so a member named
/// `+NAME` is written as NAME with its first character changed, then renamed NAME in the
/// archive's bytes, local header and central directory both.
fn zip_of(members: &[(&str, &[u8])]) -> Vec<u8> {
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    let mut renames = Vec::new();
    for (i, (name, bytes)) in members.iter().enumerate() {
        let written = match name.strip_prefix('+') {
            Some(rest) => {
                let stand_in = format!("{}{}", (b'0' + i as u8) as char, &rest[1..]);
                renames.push((stand_in.clone(), rest.to_string()));
                stand_in
            }
            None => name.to_string(),
        };
        zip.start_file(written, options).expect("a member");
        zip.write_all(bytes).expect("written");
    }
    let mut bytes = zip.finish().expect("the zip is complete").into_inner();
    for (from, to) in renames {
        let (from, to) = (from.into_bytes(), to.into_bytes());
        assert_eq!(from.len(), to.len());
        let mut at = 0;
        while let Some(i) = bytes[at..].windows(from.len()).position(|w| w == from) {
            bytes[at + i..at + i + from.len()].copy_from_slice(&to);
            at += i + from.len();
        }
    }
    bytes
}

fn tar_of(members: &[(&str, &[u8])]) -> Vec<u8> {
    let mut tar = tar::Builder::new(Vec::new());
    for (name, bytes) in members {
        let mut header = tar::Header::new_gnu();
        header.set_size(bytes.len() as u64);
        header.set_mode(0o644);
        header.set_cksum();
        tar.append_data(&mut header, name, *bytes)
            .expect("a member");
    }
    tar.into_inner().expect("the tar is complete")
}

/// `goref batch ARGS --jsonl -` in `dir`: the rows (file, valid, error) and the exit code.
fn rows_in(dir: &Path, args: &[&str]) -> (Vec<(String, bool, String)>, Option<i32>) {
    let output = goref()
        .current_dir(dir)
        .args(["batch", "-q", "--jsonl", "-"])
        .args(args)
        .output()
        .expect("goref runs");
    let rows = text(&output.stdout)
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).expect("a JSON line"))
        .filter(|row| row.get("file").is_some())
        .map(|row| {
            (
                row["file"].as_str().unwrap_or_default().to_string(),
                row["valid"].as_bool().unwrap_or_default(),
                row["error"].as_str().unwrap_or_default().to_string(),
            )
        })
        .collect();
    (rows, output.status.code())
}

/// Item 10: two archive members with one name are both read, each with its own row and
/// its own annotated copy; the second is named `a (2).sgf` (and a member that already
/// has that name is told apart in turn), in a zip and in a tar alike.
#[test]
fn two_archive_members_with_one_name_are_both_read() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let members: [(&str, &[u8]); 4] = [
        ("r1/a.sgf", GOOD.as_bytes()),
        ("+r1/a.sgf", ILLEGAL.as_bytes()),
        ("r1/a (2).sgf", GOOD.as_bytes()),
        ("notes.txt", b"not a game"),
    ];
    write(&dir.path().join("games.zip"), &zip_of(&members));
    let plain: Vec<(&str, &[u8])> = members
        .iter()
        .map(|(name, bytes)| (name.trim_start_matches('+'), *bytes))
        .collect();
    write(&dir.path().join("games.tar"), &tar_of(&plain));
    for archive in ["games.zip", "games.tar"] {
        let (rows, code) = rows_in(dir.path(), &["--annotate-dir", "copies", archive]);
        let expected = [
            (format!("{archive}!r1/a.sgf"), true, String::new()),
            (format!("{archive}!r1/a (2).sgf"), false, String::new()),
            (format!("{archive}!r1/a (2) (2).sgf"), true, String::new()),
        ];
        assert_eq!(rows, expected, "{archive}");
        assert_eq!(code, Some(1), "{archive}: the illegal game is read");
        let copies = dir.path().join("copies").join(archive).join("r1");
        for (name, game) in [
            ("a.sgf", GOOD),
            ("a (2).sgf", ILLEGAL),
            ("a (2) (2).sgf", GOOD),
        ] {
            let copy = fs::read_to_string(copies.join(name)).expect("a copy per member");
            let moves = &game[game.find(";B").expect("moves")..];
            assert!(copy.contains(moves.trim_end_matches(')')), "{name}: {copy}");
        }
    }
}

/// Run `goref ARGS` in `dir` with standard input held open and never written: a run
/// that read it would hang. Its exit code (`None`: it hung) and standard error.
fn run_before_reading(dir: &Path, args: &[&str]) -> (Option<i32>, String) {
    let err = dir.join(".stderr");
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("goref"))
        .current_dir(dir)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(fs::File::create(&err).expect("a file"))
        .spawn()
        .expect("goref starts");
    let code = wait_bounded(&mut child, Duration::from_secs(20));
    let stderr = fs::read_to_string(&err).unwrap_or_default();
    let _ = fs::remove_file(&err);
    (code, stderr)
}

/// Item 14: an output never overwrites an input or another output. Each of these is a
/// usage error (exit 2) before anything is read (standard input, one of the inputs, is
/// held open and never written, so a run that read it would hang), and every file is
/// left as it was: the same path, a path through `..`, a link, a hard link, two outputs
/// on one file or both on standard output, annotated copies onto the originals or inside
/// an input folder, an output named like a record inside an input folder.
#[cfg(unix)]
#[test]
fn an_output_never_overwrites_an_input_or_another_output() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let at = |name: &str| dir.path().join(name);
    write(&at("in.sgf"), GOOD.as_bytes());
    write(&at("games/a.sgf"), GOOD.as_bytes());
    write(&at("out.csv"), b"an earlier output");
    fs::hard_link(at("in.sgf"), at("hard.sgf")).expect("a hard link");
    std::os::unix::fs::symlink("in.sgf", at("soft.sgf")).expect("a link");
    let refused: &[(&[&str], &str)] = &[
        (
            &["batch", "-", "in.sgf", "--csv", "in.sgf"],
            "--csv in.sgf is also an input (in.sgf): writing it would replace that file",
        ),
        (
            &["batch", "-", "in.sgf", "--csv", "games/../in.sgf"],
            "--csv games/../in.sgf is also an input (in.sgf)",
        ),
        (
            &["batch", "-", "in.sgf", "--jsonl", "soft.sgf"],
            "--jsonl soft.sgf is also an input (in.sgf)",
        ),
        (
            &["batch", "-", "in.sgf", "--html", "hard.sgf"],
            "--html hard.sgf is also an input (in.sgf)",
        ),
        (
            &["batch", "-", "--summary-md", "in.sgf", "in.sgf"],
            "--summary-md in.sgf is also an input (in.sgf)",
        ),
        (
            &[
                "batch",
                "-",
                "in.sgf",
                "--csv",
                "out.csv",
                "--jsonl",
                "./out.csv",
            ],
            "--jsonl ./out.csv is the file of --csv out.csv too: give each output a file of \
             its own",
        ),
        (
            &[
                "batch",
                "-",
                "in.sgf",
                "--csv",
                "new.csv",
                "--html",
                "x/../new.csv",
            ],
            "--html x/../new.csv is the file of --csv new.csv too",
        ),
        (
            &["batch", "-", "in.sgf", "--csv", "-", "--summary-md", "-"],
            "--csv - and --summary-md - cannot both use standard output",
        ),
        (
            &["batch", "-", "in.sgf", "--annotate-dir", "."],
            "--annotate-dir .: the annotated copy of in.sgf would replace the input in.sgf: \
             choose a folder outside the inputs",
        ),
        (
            &["batch", "-", "games", "--annotate-dir", "."],
            "--annotate-dir .: the annotated copies of games would be written inside the \
             input folder games",
        ),
        (
            &["batch", "-", "games", "--annotate-dir", "games/annotated"],
            "--annotate-dir games/annotated: the annotated copies of games would be written \
             inside the input folder games",
        ),
        (
            &["batch", "-", "games", "--csv", "games/results.sgf"],
            "--csv games/results.sgf is inside the input folder games, where it would be \
             read as a record",
        ),
        (
            &["validate", "-", "in.sgf", "--annotate-dir", "."],
            "--annotate-dir .: the annotated copy of in.sgf would replace the input in.sgf",
        ),
        (
            &["score", "-", "games/a.sgf", "--annotate-dir", "games/.."],
            "--annotate-dir games/..: the annotated copy of games/a.sgf would replace the \
             input games/a.sgf",
        ),
        (
            &[
                "standings",
                "--rules",
                "chinese",
                "-",
                "games",
                "--annotate-dir",
                ".",
            ],
            "--annotate-dir .: the annotated copies of games would be written inside the \
             input folder games",
        ),
        (
            &["show", "in.sgf", "--svg", "soft.sgf"],
            "--svg soft.sgf is also an input (in.sgf)",
        ),
    ];
    for (args, message) in refused {
        let (code, stderr) = run_before_reading(dir.path(), args);
        assert_eq!(code, Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(message), "{args:?}: {stderr}");
        assert_eq!(fs::read_to_string(at("in.sgf")).expect("in.sgf"), GOOD);
        assert_eq!(fs::read_to_string(at("games/a.sgf")).expect("a.sgf"), GOOD);
        assert_eq!(
            fs::read_to_string(at("out.csv")).expect("out.csv"),
            "an earlier output"
        );
        assert!(!at("new.csv").exists() && !at("games/annotated").exists());
    }
    // Outputs beside the inputs, or on a device, are fine.
    let fine = goref()
        .current_dir(dir.path())
        .args([
            "batch",
            "-q",
            "games",
            "in.sgf",
            "--csv",
            "games/results.csv",
        ])
        .args([
            "--jsonl",
            "/dev/null",
            "--html",
            "/dev/null",
            "--annotate-dir",
            "copies",
        ])
        .output()
        .expect("goref runs");
    assert_eq!(fine.status.code(), Some(0), "{}", text(&fine.stderr));
    assert!(at("games/results.csv").is_file() && at("copies/games/a.sgf").is_file());
}

/// Item 14, inputs found while reading: a path of a `--files-from` list that is an output
/// is not read, and the run ends with exit 2 before writing that output; an annotated
/// copy that would land on its own record (listed, so not known before) is refused.
#[test]
fn an_output_met_among_listed_inputs_is_neither_read_nor_written() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let at = |name: &str| dir.path().join(name);
    write(&at("in.sgf"), GOOD.as_bytes());
    write(&at("list.txt"), b"in.sgf\n");
    let output = goref()
        .current_dir(dir.path())
        .args(["batch", "-q", "--files-from", "list.txt", "--csv", "in.sgf"])
        .output()
        .expect("goref runs");
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        text(&output.stderr),
        "goref: error: --csv in.sgf is also an input (listed or linked among the inputs): \
         writing it would replace that file; choose another file (no output file was \
         written)\n"
    );
    assert_eq!(fs::read_to_string(at("in.sgf")).expect("in.sgf"), GOOD);
    let output = goref()
        .current_dir(dir.path())
        .args([
            "batch",
            "-q",
            "--files-from",
            "list.txt",
            "--annotate-dir",
            ".",
        ])
        .output()
        .expect("goref runs");
    assert_eq!(output.status.code(), Some(1));
    assert!(
        text(&output.stderr)
            .contains("cannot annotate in.sgf: the copy would replace the record itself"),
        "{}",
        text(&output.stderr)
    );
    assert_eq!(fs::read_to_string(at("in.sgf")).expect("in.sgf"), GOOD);
}

/// Item 15: annotated copies get the usual file mode, as the CSV does (0644 under umask
/// 022, not a temporary file's 0600), and an output whose name is near the file-name
/// limit (250 bytes of 255) is written: the temporary name beside it stays short.
#[cfg(unix)]
#[test]
fn outputs_get_the_usual_mode_and_names_near_the_limit_work() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().expect("a temporary folder");
    let at = |name: &str| dir.path().join(name);
    let long = |extension: &str| format!("{}{extension}", "n".repeat(250 - extension.len()));
    write(&at(&long(".sgf")), GOOD.as_bytes());
    let goref_path = assert_cmd::cargo::cargo_bin("goref");
    let script = format!(
        "umask 022; exec '{}' batch -q --csv '{}' --html '{}' --summary-md '{}' \
         --annotate-dir copies '{}'",
        goref_path.display(),
        long(".csv"),
        long(".html"),
        long(".md"),
        long(".sgf")
    );
    let output = std::process::Command::new("sh")
        .current_dir(dir.path())
        .args(["-c", &script])
        .output()
        .expect("sh runs");
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let mode = |path: PathBuf| {
        fs::metadata(&path)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
            .permissions()
            .mode()
            & 0o777
    };
    for name in [long(".csv"), long(".html"), long(".md")] {
        assert_eq!(mode(at(&name)), 0o644, "{name}");
    }
    assert_eq!(mode(at("copies").join(long(".sgf"))), 0o644, "the copy");
    let names: Vec<String> = fs::read_dir(dir.path())
        .expect("the folder")
        .map(|e| {
            e.expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .filter(|n| n.contains("goref-partial"))
        .collect();
    assert!(names.is_empty(), "{names:?}");
}

/// The fake engine (`examples/fake_gtp.rs`, see tests/it/gtp.rs).
fn fake_engine() -> PathBuf {
    crate::common::example("fake_gtp")
}

fn sh_quote(text: &str) -> String {
    format!("'{}'", text.replace('\'', r"'\''"))
}

/// Whether process `pid` is gone, waiting up to five seconds.
#[cfg(target_os = "linux")]
fn gone(pid: u32) -> bool {
    let until = std::time::Instant::now() + Duration::from_secs(5);
    while Path::new(&format!("/proc/{pid}")).exists() {
        if std::time::Instant::now() > until {
            return false;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    true
}

/// Item 16: what an engine starts outside its process group ends with it. The engine is
/// a script that starts a `setsid` child (a new session, so killing the engine's group
/// misses it), waits until the child has written its pid, then becomes the fake engine.
/// Whether the engine quits at the end of the run (`score`) or is stopped for taking
/// too long (`batch --engine-timeout`), its child does not outlive goref.
#[cfg(target_os = "linux")]
#[test]
fn what_an_engine_starts_with_setsid_does_not_outlive_the_run() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let game = dir.path().join("game.sgf");
    write(&game, b"(;GM[1]SZ[9]KM[6.5];B[cc];W[gg];B[];W[])");
    let runs: [(&str, &[&str]); 2] = [
        ("quits", &["score", "--dead", "engine"]),
        (
            "hangs",
            &["batch", "-q", "--dead", "engine", "--engine-timeout", "1"],
        ),
    ];
    for (case, args) in runs {
        let pid_file = dir.path().join(format!("{case}.pid"));
        let hang = if case == "hangs" {
            " --hang-on final_status_list"
        } else {
            ""
        };
        let script = format!(
            "setsid sh -c 'echo $$ > \"$0.part\" && mv \"$0.part\" \"$0\" && exec sleep 300' {pid} & \
             while [ ! -e {pid} ]; do sleep 0.01; done; exec {fake}{hang}",
            pid = sh_quote(&pid_file.to_string_lossy()),
            fake = sh_quote(&fake_engine().to_string_lossy()),
        );
        let engine = format!("sh -c {}", sh_quote(&script));
        let output = goref()
            .args(args)
            .args(["--engine", &engine])
            .arg(&game)
            .timeout(Duration::from_secs(60))
            .output()
            .expect("goref runs");
        let pid: u32 = fs::read_to_string(&pid_file)
            .unwrap_or_else(|e| panic!("{case}: no pid from the engine's child: {e}"))
            .trim()
            .parse()
            .expect("a pid");
        let ended = gone(pid);
        if !ended {
            // Leave nothing behind, whatever the verdict (a pid is checked to still be
            // the child before it is killed).
            let cmdline = fs::read(format!("/proc/{pid}/cmdline")).unwrap_or_default();
            if text(&cmdline).starts_with("sleep") {
                let _ = std::process::Command::new("kill")
                    .arg(pid.to_string())
                    .status();
            }
        }
        assert!(
            ended,
            "{case}: the engine's setsid child {pid} outlived goref ({:?}): {}",
            output.status.code(),
            text(&output.stderr)
        );
    }
}
