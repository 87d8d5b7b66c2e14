//! `goref batch` run as CI runs it: rows, exit codes, archives, annotations, shards,
//! interrupted runs, and "nothing lost" over a folder of good, broken and odd inputs.

use std::fs;
use std::io::Write;
use std::path::Path;
use std::process::Stdio;
use std::time::Duration;

use predicates::prelude::*;
use serde_json::Value;

use crate::common::{self, goref, manifest};

const HEADER: &str = "file,game,rules,size,komi,handicap,black,white,moves,valid,illegal_count,\
first_illegal_move,first_illegal_kind,recorded_result,result,black_score,white_score,margin,\
dead_source,result_matches,error,decided_by";

const GOOD: &str = "(;GM[1]FF[4]SZ[9]KM[7]RU[Chinese]PB[b]PW[w]RE[B+R];B[ee];W[cc];B[gg])";
/// White plays twice in a row.
const ILLEGAL: &str = "(;GM[1]FF[4]SZ[9]KM[7]RU[Chinese]RE[W+R];B[ee];W[cc];W[gg])";
const BROKEN: &str = "this is not a game record at all";

/// Run `goref batch ARGS --csv -` and return (CSV lines, exit code).
fn csv_of(args: &[&str]) -> (Vec<String>, i32) {
    let output = goref()
        .arg("batch")
        .args(args)
        .args(["--csv", "-", "--quiet"])
        .output()
        .expect("goref runs");
    let text = String::from_utf8(output.stdout).expect("the CSV is UTF-8");
    (
        text.lines().map(str::to_string).collect(),
        output.status.code().unwrap_or(-1),
    )
}

/// Parse CSV rows (quoted fields included) into maps from column to value.
fn rows_of(lines: &[String]) -> Vec<std::collections::HashMap<String, String>> {
    let text = lines.join("\n");
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let header: Vec<String> = reader
        .headers()
        .expect("a header")
        .iter()
        .map(str::to_string)
        .collect();
    reader
        .records()
        .map(|r| {
            let r = r.expect("a CSV record");
            header
                .iter()
                .cloned()
                .zip(r.iter().map(str::to_string))
                .collect()
        })
        .collect()
}

/// A 19x19 game of `n` passes, Black and White in turn.
fn passes(n: usize) -> String {
    let mut game = String::from("(;GM[1]SZ[19]");
    for i in 0..n {
        game.push_str(if i % 2 == 0 { ";B[]" } else { ";W[]" });
    }
    game.push(')');
    game
}

fn write(path: &Path, bytes: &[u8]) {
    if let Some(dir) = path.parent() {
        fs::create_dir_all(dir).expect("a folder");
    }
    fs::write(path, bytes).expect("a file");
}

#[test]
fn contest_folder_gives_one_row_per_game_and_fails_on_illegal_moves() {
    let (lines, code) = csv_of(&["fixtures/contest"]);
    assert_eq!(code, 1, "three contest games have moves out of turn");
    assert_eq!(lines[0], HEADER);
    let rows = rows_of(&lines);
    assert_eq!(rows.len(), 16);
    let illegal: Vec<&str> = rows
        .iter()
        .filter(|r| r["valid"] == "false")
        .map(|r| r["file"].as_str())
        .collect();
    assert_eq!(
        illegal,
        [
            "fixtures/contest/PC 1-5 Dolbaram vs Northern Lights.SGF",
            "fixtures/contest/R 2-1-2 Dolbaram vs ELFOpenGo.SGF",
            "fixtures/contest/R 4-1-1 Dolbaram vs AQ.SGF",
        ]
    );
    let aq = rows
        .iter()
        .find(|r| r["file"].ends_with("Dolbaram vs AQ.SGF"))
        .expect("the AQ game");
    assert_eq!(aq["illegal_count"], "3");
    assert_eq!(aq["first_illegal_move"], "313");
    assert_eq!(aq["first_illegal_kind"], "out-of-turn");
    assert_eq!(aq["rules"], "chinese");
    assert_eq!(aq["komi"], "7.5");
    assert_eq!(aq["error"], "");
}

#[test]
fn several_rule_sets_give_a_row_each_in_order() {
    let (lines, _) = csv_of(&["--rules", "chinese,japanese", "fixtures/contest"]);
    let rows = rows_of(&lines);
    assert_eq!(rows.len(), 32);
    assert_eq!(rows[0]["rules"], "chinese");
    assert_eq!(rows[1]["rules"], "japanese");
    assert_eq!(rows[0]["file"], rows[1]["file"]);
}

#[test]
fn fail_on_decides_the_exit_code() {
    goref()
        .args(["batch", "-q", "--fail-on", "none", "fixtures/contest"])
        .assert()
        .code(0);
    goref()
        .args(["batch", "-q", "--fail-on", "superko", "fixtures/contest"])
        .assert()
        .code(0);
    goref()
        .args([
            "batch",
            "-q",
            "--fail-on",
            "out-of-turn",
            "fixtures/contest",
        ])
        .assert()
        .code(1);
    goref()
        .args(["batch", "--fail-on", "bogus", "fixtures/contest"])
        .assert()
        .code(2)
        .stderr(predicate::str::starts_with(
            "goref: error: --fail-on bogus: unknown kind",
        ));
}

#[test]
fn annotate_github_prints_one_error_per_problem() {
    let output = goref()
        .args(["batch", "-q", "--annotate", "github", "./fixtures/contest"])
        .output()
        .expect("goref runs");
    assert_eq!(output.status.code(), Some(1));
    let text = String::from_utf8(output.stdout).expect("UTF-8");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 5, "five out-of-turn moves: {text}");
    assert!(
        lines[0].starts_with(
            "::error file=fixtures/contest/PC 1-5 Dolbaram vs Northern Lights.SGF,title=goref%3A out-of-turn::"
        ),
        "{}",
        lines[0]
    );
    assert!(
        lines
            .iter()
            .all(|l| l.contains("move ") && l.contains("(rules chinese)"))
    );
}

#[test]
fn fail_on_truncated_fails_a_damaged_record_that_is_otherwise_judged() {
    let damaged = "fixtures/malformed/truncated-mid-value.sgf";
    // A damaged record is judged on what could be read; its main line was cut short, so
    // it is not valid and the default `--fail-on` (`unreadable`) fails it (issue 26).
    let (lines, code) = csv_of(&[damaged]);
    assert_eq!(code, 1);
    assert_eq!(rows_of(&lines)[0]["valid"], "false");
    assert_eq!(rows_of(&lines)[0]["moves"], "4");
    let output = goref()
        .args([
            "batch",
            "--fail-on",
            "truncated",
            "--annotate",
            "github",
            damaged,
            "fixtures/contest",
        ])
        .output()
        .expect("goref runs");
    assert_eq!(output.status.code(), Some(1));
    let text = String::from_utf8(output.stdout).expect("UTF-8");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 1, "only the damaged record: {text}");
    assert!(
        lines[0].starts_with(&format!(
            "::error file={damaged},title=goref%3A truncated::{damaged}: game 1: the game is \
             truncated: the value of `B` at line 1, column 89 is never closed"
        )),
        "{}",
        lines[0]
    );
    let summary = String::from_utf8(output.stderr).expect("UTF-8");
    assert!(
        summary.contains("1 row of games read only up to damage"),
        "{summary}"
    );
    assert!(summary.contains("1 row meets --fail-on"), "{summary}");
}

#[cfg(unix)]
#[test]
fn outputs_to_a_device_a_link_or_a_folder() {
    use std::os::unix::fs::{FileTypeExt, PermissionsExt};
    // A device is written in place, never replaced by a file.
    goref()
        .args([
            "batch",
            "-q",
            "fixtures/contest",
            "--csv",
            "/dev/null",
            "--jsonl",
            "/dev/null",
        ])
        .assert()
        .code(1);
    let null = fs::metadata("/dev/null").expect("/dev/null");
    assert!(null.file_type().is_char_device(), "/dev/null was replaced");

    // A link keeps pointing at its file, which gets the rows and keeps its permissions.
    let dir = tempfile::tempdir().expect("a temporary folder");
    let target = dir.path().join("target.csv");
    let link = dir.path().join("out.csv");
    write(&target, b"old");
    fs::set_permissions(&target, fs::Permissions::from_mode(0o640)).expect("chmod");
    std::os::unix::fs::symlink(&target, &link).expect("a link");
    goref()
        .args(["batch", "-q", "fixtures/contest", "--csv"])
        .arg(&link)
        .assert()
        .code(1);
    assert!(
        fs::symlink_metadata(&link)
            .expect("the link")
            .file_type()
            .is_symlink()
    );
    let text = fs::read_to_string(&target).expect("the target");
    assert!(text.starts_with(HEADER), "{text}");
    assert_eq!(text.lines().count(), 17);
    let mode = fs::metadata(&target)
        .expect("the target")
        .permissions()
        .mode();
    assert_eq!(mode & 0o777, 0o640);

    // A folder is refused before any work.
    goref()
        .args(["batch", "-q", "fixtures/contest", "--csv"])
        .arg(dir.path())
        .assert()
        .code(2)
        .stderr(predicate::str::contains("is a folder, not a file"));
}

#[test]
fn summary_goes_to_stderr() {
    goref()
        .args(["batch", "fixtures/contest"])
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains(
            "goref batch: 16 games read from 16 files",
        ))
        .stderr(predicate::str::contains("out-of-turn 5"));
}

/// Issue 12, item 8: the summary said "1 games read from 1 files".
#[test]
fn the_summary_counts_in_words_that_agree() {
    goref()
        .args(["batch", "fixtures/illegal/suicide/single-stone.sgf"])
        .assert()
        .code(1)
        .stderr(predicate::str::starts_with(
            "goref batch: 1 game read from 1 file; 1 row (game x rule set): 0 valid, 1 with \
             illegal moves, 0 unreadable, 0 result mismatches\n",
        ))
        .stderr(predicate::str::contains("  1 row meets --fail-on; time "));
}

/// Issue 12, item 4: the komi, handicap and rules columns say what the game was counted
/// with: `--komi 0` showed the record's komi, and `--rules jp,japanese` gave each game
/// twice.
#[test]
fn the_columns_say_what_was_counted_with() {
    let two_stones = "fixtures/scoring/handicap/two-stones.sgf";
    let (lines, _) = csv_of(&["--komi", "0", two_stones]);
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(
        lines[1].starts_with(&format!("{two_stones},1,chinese+komi=0,7,0,2,")),
        "{}",
        lines[1]
    );
    let (lines, _) = csv_of(&["--rules", "jp,japanese,chinese,cn", two_stones]);
    let rules: Vec<&str> = lines[1..]
        .iter()
        .map(|l| l.split(',').nth(2).unwrap_or_default())
        .collect();
    assert_eq!(rules, ["japanese", "chinese"], "{lines:?}");
    // No KM: the komi counted with is the rule set's.
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("no-komi.sgf");
    fs::write(&path, "(;GM[1]FF[4]SZ[9];B[ee];W[cc];B[];W[])").expect("write");
    let path = path.to_string_lossy().into_owned();
    let (lines, _) = csv_of(&["--rules", "japanese,aga", &path]);
    let komi: Vec<&str> = lines[1..]
        .iter()
        .map(|l| l.split(',').nth(4).unwrap_or_default())
        .collect();
    assert_eq!(komi, ["6.5", "7.5"], "{lines:?}");
}

/// Issue 12, item 3: `--dead markup` on records without markup made them unreadable (22
/// of 31 in engine-games `olympiad2006`).
#[test]
fn dead_markup_never_makes_a_game_unreadable() {
    let (lines, code) = csv_of(&[
        "--dead",
        "markup",
        "--fail-on",
        "unreadable",
        "fixtures/scoring",
    ]);
    assert_eq!(code, 0, "{lines:?}");
    assert!(lines.len() > 5, "{lines:?}");
    for line in &lines[1..] {
        assert!(!line.contains("TB/TW"), "{line}");
    }
}

#[test]
fn jsonl_has_the_csv_keys_findings_and_a_summary() {
    let output = goref()
        .args(["batch", "-q", "--jsonl", "-", "fixtures/contest"])
        .output()
        .expect("goref runs");
    let text = String::from_utf8(output.stdout).expect("UTF-8");
    let objects: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect();
    assert_eq!(objects.len(), 17);
    let keys: Vec<&str> = objects[0]
        .as_object()
        .expect("an object")
        .keys()
        .map(String::as_str)
        .collect();
    let mut expected: Vec<&str> = HEADER.split(',').collect();
    expected.push("findings");
    assert_eq!(keys, expected);
    let aq = objects
        .iter()
        .find(|o| {
            o["file"]
                .as_str()
                .is_some_and(|f| f.ends_with("Dolbaram vs AQ.SGF"))
        })
        .expect("the AQ game");
    let kinds: Vec<&str> = aq["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .filter_map(|f| f["kind"].as_str())
        .collect();
    assert_eq!(
        kinds.iter().filter(|k| **k == "out-of-turn").count(),
        3,
        "{kinds:?}"
    );
    assert_eq!(aq["komi"], 7.5);
    let summary = &objects[16]["summary"];
    assert_eq!(summary["games"], 16);
    assert_eq!(summary["illegal"], 3);
    assert_eq!(summary["findings"]["out-of-turn"], 5);
}

#[test]
fn output_files_appear_complete_and_are_identical_across_jobs() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let one = dir.path().join("one.csv");
    let two = dir.path().join("two.csv");
    let jsonl = dir.path().join("one.jsonl");
    goref()
        .args(["batch", "-q", "--jobs", "1", "fixtures/contest", "--csv"])
        .arg(&one)
        .arg("--jsonl")
        .arg(&jsonl)
        .assert()
        .code(1);
    goref()
        .args(["batch", "-q", "--jobs", "4", "fixtures/contest", "--csv"])
        .arg(&two)
        .assert()
        .code(1);
    let a = fs::read(&one).expect("the CSV");
    assert_eq!(a, fs::read(&two).expect("the CSV"));
    assert!(fs::read(&jsonl).expect("the JSON Lines").ends_with(b"}}\n"));
    let names: Vec<String> = fs::read_dir(dir.path())
        .expect("the folder")
        .map(|e| {
            e.expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    assert_eq!(names.len(), 3, "no temporary file is left: {names:?}");
}

#[test]
fn shards_concatenate_to_one_run() {
    let (whole, _) = csv_of(&["fixtures/contest", "fixtures/illegal"]);
    let mut joined: Vec<String> = Vec::new();
    for k in 1..=3 {
        let (lines, _) = csv_of(&[
            "fixtures/contest",
            "fixtures/illegal",
            "--shard",
            &format!("{k}/3"),
        ]);
        assert_eq!(lines[0], HEADER);
        assert!(lines.len() > 1, "shard {k} is not empty");
        joined.extend(lines.into_iter().skip(1));
    }
    assert_eq!(joined, whole[1..]);
    goref()
        .args(["batch", "--shard", "4/3", "fixtures/contest"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--shard 4/3"));
}

#[test]
fn archives_are_read_without_unpacking() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let zip_path = dir.path().join("round.zip");
    {
        let file = fs::File::create(&zip_path).expect("the zip");
        let mut zip = zip::ZipWriter::new(file);
        let options = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Deflated);
        zip.add_directory("games/", options).expect("a folder");
        zip.start_file("games/good.sgf", options).expect("a member");
        zip.write_all(GOOD.as_bytes()).expect("written");
        zip.start_file("games/illegal.SGF", options)
            .expect("a member");
        zip.write_all(ILLEGAL.as_bytes()).expect("written");
        zip.start_file("readme.txt", options).expect("a member");
        zip.write_all(b"not a game").expect("written");
        zip.finish().expect("the zip is complete");
    }
    let tgz_path = dir.path().join("round.tar.gz");
    {
        let file = fs::File::create(&tgz_path).expect("the tar.gz");
        let gz = flate2::write::GzEncoder::new(file, flate2::Compression::default());
        let mut tar = tar::Builder::new(gz);
        for (name, text) in [("a/good.sgf", GOOD), ("a/broken.sgf", BROKEN)] {
            let mut header = tar::Header::new_gnu();
            header.set_size(text.len() as u64);
            header.set_mode(0o644);
            header.set_cksum();
            tar.append_data(&mut header, name, text.as_bytes())
                .expect("a member");
        }
        tar.into_inner()
            .expect("the tar is complete")
            .finish()
            .expect("the gzip is complete");
    }
    let gz_path = dir.path().join("single.sgf.gz");
    {
        let file = fs::File::create(&gz_path).expect("the sgf.gz");
        let mut gz = flate2::write::GzEncoder::new(file, flate2::Compression::default());
        gz.write_all(GOOD.as_bytes()).expect("written");
        gz.finish().expect("the gzip is complete");
    }
    write(&dir.path().join("junk.zip"), b"PK\x03\x04 this is no zip");

    let (lines, code) = csv_of(&[dir.path().to_str().expect("a UTF-8 path")]);
    assert_eq!(code, 1);
    let rows = rows_of(&lines);
    let root = dir.path().display().to_string();
    let named: Vec<(String, String, String)> = rows
        .iter()
        .map(|r| {
            (
                r["file"].trim_start_matches(&root).to_string(),
                r["valid"].clone(),
                r["error"].clone(),
            )
        })
        .collect();
    let files: Vec<&str> = named.iter().map(|n| n.0.as_str()).collect();
    assert_eq!(
        files,
        [
            "/junk.zip",
            "/round.tar.gz!a/good.sgf",
            "/round.tar.gz!a/broken.sgf",
            "/round.zip!games/good.sgf",
            "/round.zip!games/illegal.SGF",
            "/single.sgf.gz",
        ]
    );
    assert!(named[0].2.starts_with("cannot read the zip archive"));
    assert_eq!(named[1].1, "true");
    assert!(!named[2].2.is_empty(), "the broken member has its error");
    assert_eq!(named[3].1, "true");
    assert_eq!(named[4].1, "false");
    assert_eq!(named[5].1, "true");
}

/// issue 5, item 4: every input appears exactly once, as a result or an error.
#[cfg(unix)]
#[test]
fn nothing_is_lost_in_a_mixed_folder() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let root = dir.path();
    write(&root.join("good.sgf"), GOOD.as_bytes());
    write(&root.join("illegal.sgf"), ILLEGAL.as_bytes());
    write(&root.join("broken.sgf"), BROKEN.as_bytes());
    write(&root.join("truncated.sgf"), &GOOD.as_bytes()[..30]);
    write(&root.join("empty.sgf"), b"");
    write(
        &root.join("junk.SGF"),
        &[0u8, 159, 146, 150, 255, 0, 1, 2, 3],
    );
    write(&root.join("notes.txt"), b"not looked at");
    fs::create_dir_all(root.join("x.sgf")).expect("a folder named x.sgf");
    write(&root.join("x.sgf/inner.sgf"), GOOD.as_bytes());
    std::os::unix::fs::symlink(root.join("missing.sgf"), root.join("dangling.sgf"))
        .expect("a dangling link");
    std::os::unix::fs::symlink(root, root.join("x.sgf/loop")).expect("a link loop");
    std::os::unix::fs::symlink(root.join("good.sgf"), root.join("link.sgf"))
        .expect("a link to a file");

    let (lines, code) = csv_of(&[root.to_str().expect("a UTF-8 path")]);
    assert_eq!(code, 1);
    let rows = rows_of(&lines);
    let prefix = format!("{}/", root.display());
    let mut seen: Vec<(String, bool)> = rows
        .iter()
        .map(|r| {
            (
                r["file"].trim_start_matches(&prefix).to_string(),
                r["error"].is_empty(),
            )
        })
        .collect();
    seen.sort();
    assert_eq!(
        seen,
        [
            ("broken.sgf".to_string(), false),
            ("dangling.sgf".to_string(), false),
            ("empty.sgf".to_string(), false),
            ("good.sgf".to_string(), true),
            ("illegal.sgf".to_string(), true),
            ("junk.SGF".to_string(), false),
            ("link.sgf".to_string(), true),
            ("truncated.sgf".to_string(), true),
            ("x.sgf/inner.sgf".to_string(), true),
        ]
    );
    let dangling = rows
        .iter()
        .find(|r| r["file"].ends_with("dangling.sgf"))
        .expect("the dangling link");
    assert!(dangling["error"].contains("no such file"), "{dangling:?}");
}

/// Run `goref batch -q --csv - ARGS`, killed if it has not finished in 60 s (the test
/// then fails: the run hung); returns (CSV lines, exit code).
#[cfg(unix)]
fn csv_of_bounded(args: &[&str]) -> (Vec<String>, i32) {
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_goref"))
        .current_dir(manifest())
        .args(["batch", "-q", "--csv", "-"])
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("goref starts");
    let mut stdout = child.stdout.take().expect("its standard output");
    let reader = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = std::io::Read::read_to_string(&mut stdout, &mut text);
        text
    });
    let Some(code) = common::wait_bounded(&mut child, Duration::from_secs(60)) else {
        panic!("goref batch {args:?} did not finish: it hangs");
    };
    let text = reader.join().expect("the output is read");
    (text.lines().map(str::to_string).collect(), code)
}

/// Issue 12, item 5: a named pipe, a socket or a device in a folder made `goref batch
/// DIR` wait forever. A folder walk reads regular files (and links to them) only; each
/// other entry it would have read gets a row saying it was skipped and why.
#[cfg(unix)]
#[test]
fn a_folder_walk_skips_pipes_sockets_devices_and_link_loops_with_a_row_each() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let root = dir.path();
    write(&root.join("good.sgf"), GOOD.as_bytes());
    let status = std::process::Command::new("mkfifo")
        .arg(root.join("pipe.sgf"))
        .status()
        .expect("mkfifo runs");
    assert!(status.success());
    let _socket =
        std::os::unix::net::UnixListener::bind(root.join("socket.sgf")).expect("a socket is bound");
    std::os::unix::fs::symlink("/dev/zero", root.join("zero.sgf")).expect("a link");
    std::os::unix::fs::symlink("loop.sgf", root.join("loop.sgf")).expect("a link loop");
    std::os::unix::fs::symlink("/dev/zero", root.join("zero.zip")).expect("a link");
    fs::create_dir(root.join("sub")).expect("a folder");
    std::os::unix::fs::symlink(root.join("sub"), root.join("sub.sgf")).expect("a link");

    let (lines, code) = csv_of_bounded(&[root.to_str().expect("a UTF-8 path")]);
    assert_eq!(code, 1, "{lines:?}");
    let rows = rows_of(&lines);
    let prefix = format!("{}/", root.display());
    let seen: Vec<(String, String)> = rows
        .iter()
        .map(|r| {
            (
                r["file"].trim_start_matches(&prefix).to_string(),
                r["error"].clone(),
            )
        })
        .collect();
    let expected = [
        ("good.sgf", ""),
        ("loop.sgf", "skipped: a link loop"),
        ("pipe.sgf", "skipped: a named pipe, not a regular file"),
        ("socket.sgf", "skipped: a socket, not a regular file"),
        (
            "sub.sgf",
            "skipped: a link to a folder, not a regular file (links to folders are not followed)",
        ),
        (
            "zero.sgf",
            "skipped: a link to a character device, not a regular file",
        ),
        (
            "zero.zip",
            "skipped: a link to a character device, not a regular file",
        ),
    ];
    let expected: Vec<(String, String)> = expected
        .iter()
        .map(|(f, e)| (f.to_string(), e.to_string()))
        .collect();
    assert_eq!(seen, expected);
}

/// Issue 12, item 5: a pipe named on the command line is still read, as standard input
/// is.
#[cfg(unix)]
#[test]
fn a_pipe_named_on_the_command_line_is_read() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let pipe = dir.path().join("pipe.sgf");
    let status = std::process::Command::new("mkfifo")
        .arg(&pipe)
        .status()
        .expect("mkfifo runs");
    assert!(status.success());
    // The writer waits until goref opens the pipe; it is not joined, so a goref that never
    // reads it fails the test instead of hanging it.
    let writer_pipe = pipe.clone();
    std::thread::spawn(move || fs::write(&writer_pipe, GOOD));
    let (lines, code) = csv_of_bounded(&[pipe.to_str().expect("a UTF-8 path")]);
    assert_eq!(code, 0, "{lines:?}");
    let rows = rows_of(&lines);
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0]["valid"], "true");
}

/// Issue 12, item 6: an archive inside an archive is read (one level deep), and one
/// nested deeper gets a row saying it was not; neither is dropped without a word.
#[test]
fn archives_inside_archives_are_read_or_named() {
    fn zip_of(members: &[(&str, &[u8])]) -> Vec<u8> {
        let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
        let options = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Deflated);
        for (name, bytes) in members {
            zip.start_file(*name, options).expect("a member");
            zip.write_all(bytes).expect("written");
        }
        zip.finish().expect("the zip is complete").into_inner()
    }
    fn gzip_of(bytes: &[u8]) -> Vec<u8> {
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        gz.write_all(bytes).expect("written");
        gz.finish().expect("the gzip is complete")
    }
    fn tar_gz_of(members: &[(&str, &[u8])]) -> Vec<u8> {
        let mut tar = tar::Builder::new(Vec::new());
        for (name, bytes) in members {
            let mut header = tar::Header::new_gnu();
            header.set_size(bytes.len() as u64);
            header.set_mode(0o644);
            header.set_cksum();
            tar.append_data(&mut header, name, *bytes)
                .expect("a member");
        }
        gzip_of(&tar.into_inner().expect("the tar is complete"))
    }
    let innermost = zip_of(&[("deep.sgf", GOOD.as_bytes())]);
    let inner_zip = zip_of(&[("a.sgf", GOOD.as_bytes()), ("deeper.zip", &innermost)]);
    let inner_tgz = tar_gz_of(&[("b.sgf", ILLEGAL.as_bytes())]);
    let inner_gz = gzip_of(GOOD.as_bytes());
    let outer = zip_of(&[
        ("inner.zip", &inner_zip),
        ("inner.tar.gz", &inner_tgz),
        ("c.sgf.gz", &inner_gz),
        ("notes.txt", b"not a game"),
    ]);
    let dir = tempfile::tempdir().expect("a temporary folder");
    write(&dir.path().join("outer.zip"), &outer);
    let (lines, _) = csv_of(&[dir.path().to_str().expect("a UTF-8 path")]);
    let rows = rows_of(&lines);
    let prefix = format!("{}/", dir.path().display());
    let seen: Vec<(String, String, String)> = rows
        .iter()
        .map(|r| {
            (
                r["file"].trim_start_matches(&prefix).to_string(),
                r["valid"].clone(),
                r["error"].clone(),
            )
        })
        .collect();
    let expected = [
        ("outer.zip!inner.zip!a.sgf", "true", ""),
        (
            "outer.zip!inner.zip!deeper.zip",
            "false",
            "skipped: an archive inside an archive inside an archive (unpack the outer one)",
        ),
        ("outer.zip!inner.tar.gz!b.sgf", "false", ""),
        ("outer.zip!c.sgf.gz", "true", ""),
    ];
    let expected: Vec<(String, String, String)> = expected
        .iter()
        .map(|(f, v, e)| (f.to_string(), v.to_string(), e.to_string()))
        .collect();
    assert_eq!(seen, expected);
}

/// Issue 12, item 6: a zip member that inflates past the per-document limit is refused
/// with an error row (docs/robustness.md has the memory it costs).
#[test]
fn a_zip_bomb_member_is_an_error_row() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join("bomb.zip");
    {
        let file = fs::File::create(&path).expect("the zip");
        let mut zip = zip::ZipWriter::new(file);
        let options = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Deflated)
            .large_file(true);
        zip.start_file("bomb.sgf", options).expect("a member");
        let block = vec![b' '; 1 << 20];
        for _ in 0..300 {
            zip.write_all(&block).expect("written");
        }
        zip.start_file("good.sgf", options).expect("a member");
        zip.write_all(GOOD.as_bytes()).expect("written");
        zip.finish().expect("the zip is complete");
    }
    let (lines, code) = csv_of(&[path.to_str().expect("a UTF-8 path")]);
    assert_eq!(code, 1);
    let rows = rows_of(&lines);
    assert_eq!(rows.len(), 2, "{lines:?}");
    assert!(
        rows[0]["error"].contains("above the limit of 268435456 bytes per file"),
        "{:?}",
        rows[0]
    );
    assert_eq!(rows[1]["valid"], "true");
}

#[test]
fn files_from_standard_input_and_missing_paths() {
    let list = "fixtures/contest/F 1 Golaxy vs FineArt.SGF\n\nno/such/file.sgf\nfixtures/contest\n";
    let output = goref()
        .args(["batch", "-q", "--files-from", "-", "--csv", "-"])
        .write_stdin(list)
        .output()
        .expect("goref runs");
    assert_eq!(output.status.code(), Some(1));
    let text = String::from_utf8(output.stdout).expect("UTF-8");
    let lines: Vec<String> = text.lines().map(str::to_string).collect();
    let rows = rows_of(&lines);
    assert_eq!(rows.len(), 18);
    assert_eq!(rows[1]["file"], "no/such/file.sgf");
    assert_eq!(rows[1]["game"], "0");
    assert_eq!(rows[1]["error"], "cannot read: no such file");
}

/// Issue 13: batch reads with the same reader and size limit as validate and score (it
/// had one of its own, at 128 MiB).
#[test]
fn a_document_past_the_size_limit_is_an_error_row_naming_both_sizes() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    // A sparse file: 300 MiB of zeros that take no disk space, refused by its size.
    let file = fs::File::create(dir.path().join("huge.sgf")).expect("the file is created");
    file.set_len(300 << 20).expect("the file is extended");
    drop(file);
    let (lines, code) = csv_of(&[dir.path().to_str().expect("a UTF-8 path")]);
    assert_eq!(code, 1);
    let rows = rows_of(&lines);
    assert_eq!(rows.len(), 1);
    assert_eq!(
        rows[0]["error"],
        "the file is 314572800 bytes, above the limit of 268435456 bytes per file: split it \
         into smaller files"
    );
}

/// Run `goref batch` over `dir` with `--jobs 1` and the time budget `timeout`, measured in
/// work done (the test hook `--test-clock-per-node`: a millisecond per node loaded and per
/// move checked), and return (CSV lines, exit code).
fn timed_csv_of(timeout: &str, dir: &Path) -> (Vec<String>, i32) {
    csv_of(&[
        "--timeout",
        timeout,
        "--test-clock-per-node",
        "1000",
        "--jobs",
        "1",
        dir.to_str().expect("a UTF-8 path"),
    ])
}

/// A file that takes too long is reported as timed out, and the run goes on. Time is
/// measured in work done (a test hook: a millisecond per node loaded and per move
/// checked), so the time-out falls at the same place on every machine.
#[test]
fn a_slow_file_times_out_and_the_run_goes_on() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    // 1,001 nodes: a second of work, past the half-second budget.
    write(&dir.path().join("a-slow.sgf"), passes(1_000).as_bytes());
    write(&dir.path().join("b-good.sgf"), GOOD.as_bytes());
    let (lines, code) = timed_csv_of("0.5", dir.path());
    assert_eq!(code, 1);
    let rows = rows_of(&lines);
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0]["game"], "1");
    assert_eq!(
        rows[0]["error"],
        "game 1: timed out after 0.5 s, the time limit per file"
    );
    assert_eq!(rows[1]["valid"], "true");
}

/// The games of a collection checked before the time is up keep their rows; each game
/// left gets its own timed-out row. Time is measured in work done, as above.
#[test]
fn a_collection_past_its_time_keeps_the_games_checked_and_names_each_one_left() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    // Ten games of 101 nodes: loading them takes 1.01 s of the 1.5 s; checking each
    // takes 0.1 s, so games 1 to 5 are checked and games 6 to 10 are not.
    write(
        &dir.path().join("a-many.sgf"),
        passes(100).repeat(10).as_bytes(),
    );
    write(&dir.path().join("b-good.sgf"), GOOD.as_bytes());
    let (lines, code) = timed_csv_of("1.5", dir.path());
    assert_eq!(code, 1);
    let rows = rows_of(&lines);
    assert_eq!(
        rows.len(),
        11,
        "one row per game, and one for the good file"
    );
    for (i, row) in rows[..10].iter().enumerate() {
        let game = i + 1;
        assert_eq!(row["game"], game.to_string());
        if game <= 5 {
            assert_eq!(row["error"], "", "game {game} is checked in time");
            assert_eq!(row["result"], "W+7.5", "game {game}: no stones, komi 7.5");
        } else {
            assert_eq!(
                row["error"],
                format!("game {game}: timed out after 1.5 s, the time limit per file")
            );
        }
    }
    assert_eq!(rows[10]["valid"], "true");
}

/// A run killed part way leaves no file at the output path. The run cannot end by itself
/// while its list of files is still open on standard input, so it is killed part way
/// whatever the machine's speed.
#[test]
fn a_run_killed_part_way_leaves_no_file_at_the_output_path() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let out = dir.path().join("out.csv");
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("goref"))
        .args(["batch", "-q", "--jobs", "1", "--files-from", "-", "--csv"])
        .arg(&out)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("goref starts");
    let mut list = child.stdin.take().expect("a pipe");
    let contest = manifest().join("fixtures/contest");
    for entry in fs::read_dir(&contest).expect("the contest folder") {
        writeln!(list, "{}", entry.expect("an entry").path().display()).expect("a line");
    }
    list.flush().expect("the list is sent");
    // The output is being written once its temporary file exists beside it.
    let partial = || {
        fs::read_dir(dir.path())
            .expect("the folder")
            .flatten()
            .any(|e| e.file_name().to_string_lossy().ends_with(".goref-partial"))
    };
    let mut waited = 0;
    while !partial() {
        assert!(waited < 6000, "no temporary output file after 60 s");
        std::thread::sleep(Duration::from_millis(10));
        waited += 1;
    }
    child.kill().expect("the run is killed");
    child.wait().expect("the run ends");
    drop(list);
    assert!(!out.exists(), "a killed run left {}", out.display());
}

#[test]
fn an_output_in_a_missing_folder_is_a_usage_error() {
    goref()
        .args([
            "batch",
            "fixtures/contest",
            "--csv",
            "no/such/folder/out.csv",
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::starts_with(
            "goref: error: --csv no/such/folder/out.csv: cannot create a file in no/such/folder",
        ));
}

/// The acceptance over the whole shared corpus: no crash, one row per game,
/// unreadable files as rows, the same bytes again and with one job.
#[test]
#[cfg_attr(not(has_corpus), ignore = "../shared/corpus is absent")]
fn whole_corpus_twice_and_with_one_job() {
    let corpus = common::corpus();
    let corpus = corpus.to_str().expect("a UTF-8 path");
    let run = |jobs: &str| {
        goref()
            .args(["batch", "-q", "--jobs", jobs, "--csv", "-", corpus])
            .output()
            .expect("goref runs")
    };
    let first = run("2");
    let again = run("2");
    let single = run("1");
    assert_eq!(first.status.code(), Some(1), "the corpus has illegal games");
    assert!(first.stdout == again.stdout, "two runs differ");
    assert!(first.stdout == single.stdout, "--jobs 1 differs");
    let text = String::from_utf8_lossy(&first.stdout);
    let lines: Vec<String> = text.lines().map(str::to_string).collect();
    let rows = rows_of(&lines);
    assert!(rows.len() > 8000, "{} rows", rows.len());
    assert!(rows.iter().any(|r| !r["error"].is_empty()));
    // One row per game: game numbers within a file count 0 (unreadable) or 1, 2, 3...
    let mut last: Option<(&str, usize)> = None;
    for r in &rows {
        let game: usize = r["game"].parse().expect("a game number");
        match last {
            Some((file, previous)) if file == r["file"] => assert_eq!(game, previous + 1),
            _ => assert!(game <= 1, "{} starts at game {game}", r["file"]),
        }
        last = Some((r["file"].as_str(), game));
    }
    // Exactly one row per game the loader finds, and one per file it cannot read.
    let expected: usize = common::records_under(Path::new(corpus))
        .iter()
        .map(|path| {
            let bytes = fs::read(path).expect("a readable file");
            goref::sgf::load(&bytes).map_or(1, |games| games.len().max(1))
        })
        .sum();
    assert_eq!(
        rows.len(),
        expected,
        "rows against games found by the loader"
    );

    // Several rule sets: one row per game and rule set, in the order given; and the exit
    // code follows --fail-on.
    let several = goref()
        .args([
            "batch",
            "-q",
            "--rules",
            "aga,japanese,tromp-taylor",
            "--fail-on",
            "none",
            "--csv",
            "-",
            corpus,
        ])
        .output()
        .expect("goref runs");
    assert_eq!(several.status.code(), Some(0), "--fail-on none");
    let text = String::from_utf8_lossy(&several.stdout);
    let lines: Vec<String> = text.lines().map(str::to_string).collect();
    let rows = rows_of(&lines);
    assert_eq!(rows.len(), 3 * expected);
    for (i, r) in rows.iter().enumerate() {
        let rules = ["aga", "japanese", "tromp-taylor"][i % 3];
        assert!(r["rules"].starts_with(rules), "row {i}: {}", r["rules"]);
    }
}

/// A closed standard output stops that output quietly (issue 26, item 13): the run goes
/// on, the other output is written whole, and no temporary file is left.
#[test]
fn a_closed_pipe_ends_quietly_and_the_other_output_is_whole() {
    use std::io::{BufRead, BufReader};
    let dir = tempfile::tempdir().expect("a temporary folder");
    let list = dir.path().join("list.txt");
    let good = manifest().join("fixtures/contest/F 1 Golaxy vs FineArt.SGF");
    let text = format!("{}\n", good.display()).repeat(50_000);
    write(&list, text.as_bytes());
    let jsonl = dir.path().join("out.jsonl");
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("goref"))
        .args(["batch", "-q", "--csv", "-", "--files-from"])
        .arg(&list)
        .arg("--jsonl")
        .arg(&jsonl)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("goref starts");
    let stdout = child.stdout.take().expect("a pipe");
    let mut first = String::new();
    BufReader::new(stdout)
        .read_line(&mut first)
        .expect("a line");
    assert_eq!(first.trim_end(), HEADER);
    // The reader is dropped here: the pipe closes while goref is still writing.
    let output = child.wait_with_output().expect("the run ends");
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
    let mut left: Vec<String> = fs::read_dir(dir.path())
        .expect("the folder")
        .map(|e| {
            e.expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    left.sort();
    assert_eq!(left, ["list.txt", "out.jsonl"]);
    let jsonl = fs::read_to_string(&jsonl).expect("the JSON Lines file");
    assert_eq!(
        jsonl.lines().count(),
        50_001,
        "a row per file, then the summary"
    );
}

/// Issue 9: in a batch as in `score`, `result_matches` is `uncertain` when groups the
/// estimate is unsure of could change the winner; the summary counts such rows, the
/// findings count `uncertain-status`, and `--fail-on uncertain-status` fails on them.
/// The estimate is seeded: the same rows with any `--jobs`.
#[test]
fn uncertain_results_in_rows_and_summary() {
    let record = "fixtures/scoring/estimate/who-moves.sgf";
    let (lines, code) = csv_of(&["--rules", "aga,japanese", "--fail-on", "none", record]);
    assert_eq!(code, 0, "{lines:?}");
    let rows = rows_of(&lines);
    assert_eq!(rows.len(), 2, "{lines:?}");
    assert_eq!(rows[0]["dead_source"], "estimate");
    assert_eq!(rows[0]["result_matches"], "uncertain");
    assert_eq!(rows[1]["result_matches"], "uncertain");
    let (_, code) = csv_of(&["--fail-on", "uncertain-status", record]);
    assert_eq!(code, 1, "--fail-on uncertain-status");

    let output = goref()
        .args([
            "batch",
            "-q",
            "--rules",
            "aga,japanese",
            "--jsonl",
            "-",
            record,
        ])
        .output()
        .expect("goref runs");
    let text = String::from_utf8_lossy(&output.stdout);
    let summary: serde_json::Value =
        serde_json::from_str(text.lines().last().expect("a summary")).expect("JSON");
    assert_eq!(summary["summary"]["results_uncertain"], 2, "{summary}");
    assert_eq!(summary["summary"]["result_mismatches"], 0, "{summary}");
    assert_eq!(
        summary["summary"]["findings"]["uncertain-status"], 2,
        "{summary}"
    );

    let run = |jobs: &str| csv_of(&["--jobs", jobs, "--dead", "estimate", "fixtures"]);
    let (one, _) = run("1");
    assert!(one.len() > 50, "{} rows", one.len());
    assert!(one.iter().filter(|l| l.contains(",estimate,")).count() >= 10);
    assert_eq!(one, run("2").0, "--jobs 1 and --jobs 2 differ");
}
