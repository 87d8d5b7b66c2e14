//! GIB, NGF and UGF/UGI read natively (issue 28, item 4): every file of
//! `../shared/corpus/formats/` reads with the root values and first moves Sabaki's own
//! tests beside them expect (`gibTests.js`, `ngfTests.js`, `ugfTests.js`), as goref's
//! game and as the SGF `goref convert` writes; the SGF re-reads with goref and with
//! sgfmill; folders and archives hold them; what cannot be read says where.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

use goref::sgf::{Action, Format, GameRecord, format_of, load, to_sgf};
use serde_json::Value;

use crate::common::{corpus, fixture, goref};

/// The nodes of the main line of SGF text written without variations, root first: each
/// node's properties and their values, escapes removed. A reader of its own, so the test
/// does not take goref's word for what it wrote.
fn nodes(text: &str) -> Vec<BTreeMap<String, Vec<String>>> {
    let mut out: Vec<BTreeMap<String, Vec<String>>> = Vec::new();
    let mut chars = text.chars().peekable();
    let mut id = String::new();
    while let Some(c) = chars.next() {
        match c {
            ';' => out.push(BTreeMap::new()),
            'A'..='Z' => id.push(c),
            '[' => {
                let mut value = String::new();
                while let Some(v) = chars.next() {
                    match v {
                        '\\' => value.extend(chars.next()),
                        ']' => break,
                        _ => value.push(v),
                    }
                }
                let node = out.last_mut().expect("a node");
                node.entry(id.clone()).or_default().push(value);
                while chars.peek().is_some_and(|c| c.is_whitespace()) {
                    chars.next();
                }
                if chars.peek() != Some(&'[') {
                    id.clear();
                }
            }
            _ => {}
        }
    }
    out
}

fn map(pairs: &[(&str, &[&str])]) -> BTreeMap<String, Vec<String>> {
    pairs
        .iter()
        .map(|(k, v)| (k.to_string(), v.iter().map(|s| s.to_string()).collect()))
        .collect()
}

fn formats(file: &str) -> PathBuf {
    corpus().join("formats").join(file)
}

/// `file` converted by `goref convert`: the SGF text written.
fn converted(file: &Path) -> String {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let out = goref()
        .arg("convert")
        .arg(file)
        .arg("--to-dir")
        .arg(dir.path())
        .output()
        .expect("goref runs");
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let said = String::from_utf8_lossy(&out.stdout);
    let target = said.trim().rsplit(" -> ").next().expect("the file written");
    std::fs::read_to_string(target).expect("the SGF file")
}

fn record(file: &Path) -> GameRecord {
    let bytes = std::fs::read(file).expect("the record");
    let mut games = load(&bytes).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    assert_eq!(games.len(), 1);
    games.remove(0).expect("the game reads")
}

fn first_moves(record: &GameRecord, n: usize) -> Vec<String> {
    record
        .moves
        .iter()
        .take(n)
        .map(|m| match &m.action {
            Action::Play(p) => format!("{}[{}]", &m.color.name()[..1], p.to_sgf()),
            other => format!("{other:?}"),
        })
        .collect()
}

/// Sabaki's expectation of a file: its root (exactly, but for the properties goref adds
/// and says so in docs/formats.md) and the four moves after the root.
fn check(file: &str, root: &[(&str, &[&str])], moves: [(&str, &str); 4], added: &[&str]) {
    let path = formats(file);
    let text = converted(&path);
    let read = nodes(&text);
    let mut got = read[0].clone();
    for id in added {
        got.remove(*id);
    }
    assert_eq!(got, map(root), "{file}: root of the converted SGF");
    let expected: Vec<BTreeMap<String, Vec<String>>> =
        moves.iter().map(|(c, p)| map(&[(c, &[p])])).collect();
    assert_eq!(read[1..5].to_vec(), expected, "{file}: first moves");

    // goref's own game, straight from the file.
    let game = record(&path);
    let value = |id: &str| root.iter().find(|(k, _)| *k == id).map(|(_, v)| v[0]);
    assert_eq!(game.black.as_deref(), value("PB"), "{file}");
    assert_eq!(game.white.as_deref(), value("PW"), "{file}");
    assert_eq!(game.black_rank.as_deref(), value("BR"), "{file}");
    assert_eq!(game.white_rank.as_deref(), value("WR"), "{file}");
    assert_eq!(game.date.as_deref(), value("DT"), "{file}");
    assert_eq!(game.result.as_deref(), value("RE"), "{file}");
    assert_eq!(
        game.komi,
        value("KM").map(|k| k.parse::<f64>().expect("a number")),
        "{file}"
    );
    assert_eq!(
        game.handicap,
        value("HA").map_or(0, |h| h.parse().expect("a number")),
        "{file}"
    );
    let setup: Vec<String> = game.setup.black.iter().map(|p| p.to_sgf()).collect();
    let mut stones: Vec<String> = root
        .iter()
        .find(|(k, _)| *k == "AB")
        .map_or(Vec::new(), |(_, v)| {
            v.iter().map(|s| s.to_string()).collect()
        });
    stones.sort();
    let mut setup_sorted = setup.clone();
    setup_sorted.sort();
    assert_eq!(setup_sorted, stones, "{file}: handicap stones");
    let expected_moves: Vec<String> = moves.iter().map(|(c, p)| format!("{c}[{p}]")).collect();
    assert_eq!(first_moves(&game, 4), expected_moves, "{file}");
}

#[test]
#[cfg_attr(not(has_corpus), ignore = "../shared/corpus is absent")]
fn gib_reads_as_sabaki_s_tests_expect() {
    check(
        "gib/utf8.gib",
        &[
            ("CA", &["UTF-8"]),
            ("FF", &["4"]),
            ("GM", &["1"]),
            ("SZ", &["19"]),
            ("KM", &["0"]),
            ("PW", &["leejw977"]),
            ("WR", &["10K"]),
            ("PB", &["jy512"]),
            ("BR", &["15K"]),
            ("DT", &["2016-03-26"]),
            ("HA", &["3"]),
            ("AB", &["dp", "pd", "dd"]),
        ],
        [("W", "pp"), ("B", "nq"), ("W", "qn"), ("B", "no")],
        &[],
    );
    // "should be able to detect encoding"
    assert_eq!(
        record(&formats("gib/gb2312.gib")).black.as_deref(),
        Some("石下之臣")
    );
    let text = converted(&formats("gib/gb2312.gib"));
    assert_eq!(nodes(&text)[0]["PB"], ["石下之臣"]);
}

#[test]
#[cfg_attr(not(has_corpus), ignore = "../shared/corpus is absent")]
fn ngf_reads_as_sabaki_s_tests_expect() {
    check(
        "ngf/even.ngf",
        &[
            ("CA", &["UTF-8"]),
            ("FF", &["4"]),
            ("GM", &["1"]),
            ("SZ", &["19"]),
            ("KM", &["7.5"]),
            ("PW", &["LQC"]),
            ("WR", &["9p"]),
            ("PB", &["CYY"]),
            ("BR", &["9p"]),
            ("DT", &["2017-03-16"]),
            ("RE", &["B+0.5"]),
        ],
        [("B", "qd"), ("W", "dd"), ("B", "pq"), ("W", "dp")],
        &[],
    );
}

#[test]
#[cfg_attr(not(has_corpus), ignore = "../shared/corpus is absent")]
fn ugf_reads_as_sabaki_s_tests_expect() {
    check(
        "ugf/amateur.ugf",
        &[
            ("CA", &["UTF-8"]),
            ("CP", &["PANDANET INC."]),
            ("FF", &["4"]),
            ("GM", &["1"]),
            ("SZ", &["19"]),
            ("KM", &["-5.50"]),
            ("PW", &["YINNI"]),
            ("WR", &["8d"]),
            ("PB", &["kaziwami"]),
            ("BR", &["7d"]),
            ("DT", &["2019-03-08"]),
            ("RE", &["B+7.50"]),
        ],
        [("B", "qd"), ("W", "dd"), ("B", "pq"), ("W", "dq")],
        // `Rule=JPN`, which Sabaki does not read (it looks for `Rules`), decides the count.
        &["RU"],
    );
    // "should parse reviews with comments and variations"
    let text = converted(&formats("ugf/review.ugi"));
    assert_eq!(
        nodes(&text)[0]["C"],
        ["apetresc 2k?: Let's begin and enjoy a great game.\nken03110 2k : Hi!\n"]
    );
}

/// Every file of the folder: it reads, converts, and the SGF reads back as the same game
/// (players, ranks, date, komi, handicap, stones, moves, result), with goref and the
/// command line alike.
#[test]
#[cfg_attr(not(has_corpus), ignore = "../shared/corpus is absent")]
fn every_file_of_the_formats_folder_reads_and_converts_to_the_same_game() {
    let mut seen = BTreeMap::new();
    for sub in ["gib", "ngf", "ugf"] {
        for entry in std::fs::read_dir(formats(sub)).expect("the folder") {
            let path = entry.expect("an entry").path();
            let bytes = std::fs::read(&path).expect("the file");
            let format = format_of(&bytes);
            *seen.entry(format!("{format:?}")).or_insert(0) += 1;
            assert_ne!(format, Format::Sgf, "{}", path.display());
            let game = record(&path);
            assert!(game.moves.len() > 40, "{}", path.display());
            assert!(game.black.is_some() && game.white.is_some());
            let sgf = to_sgf(&bytes).expect("converts");
            assert!(sgf.text.starts_with("(;FF[4]CA[UTF-8]GM[1]SZ[19]"));
            let again = load(sgf.text.as_bytes())
                .expect("re-reads")
                .remove(0)
                .expect("a game");
            assert_eq!(again.moves, game.moves, "{}", path.display());
            assert_eq!(again.setup, game.setup);
            assert_eq!(
                (
                    &again.black,
                    &again.white,
                    &again.result,
                    again.komi,
                    again.handicap
                ),
                (
                    &game.black,
                    &game.white,
                    &game.result,
                    game.komi,
                    game.handicap
                )
            );
            assert_eq!(
                (&again.black_rank, &again.white_rank, &again.date),
                (&game.black_rank, &game.white_rank, &game.date)
            );
        }
    }
    assert_eq!(seen.len(), 3, "{seen:?}");
}

/// The converted files of the whole folder, read by sgfmill (a parser no one on goref
/// wrote): the same players, komi, handicap stones and moves as goref reads.
#[test]
#[cfg_attr(
    any(not(has_corpus), not(has_sgfmill)),
    ignore = "needs ../shared/corpus and sgfmill (pip install sgfmill)"
)]
fn sgfmill_reads_the_converted_files() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let out = goref()
        .arg("convert")
        .arg(corpus().join("formats"))
        .arg("--to-dir")
        .arg(dir.path())
        .output()
        .expect("goref runs");
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let script = r#"
import json, sys
from sgfmill import sgf
out = {}
for path in sys.argv[1:]:
    game = sgf.Sgf_game.from_bytes(open(path, "rb").read())
    root = game.get_root()
    moves = [node.get_move() for node in game.get_main_sequence()[1:]]
    out[path] = {
        "black": game.get_player_name("b"),
        "white": game.get_player_name("w"),
        "komi": game.get_komi(),
        "handicap": game.get_handicap(),
        "stones": len(root.get_setup_stones()[0]),
        "moves": [[c, None if p is None else [p[0], p[1]]] for (c, p) in moves],
    }
print(json.dumps(out))
"#;
    let converted: Vec<String> = std::str::from_utf8(&out.stdout)
        .expect("UTF-8")
        .lines()
        .map(|l| l.rsplit(" -> ").next().expect("a target").to_string())
        .collect();
    assert_eq!(converted.len(), 8, "{converted:?}");
    let ran = std::process::Command::new("python3")
        .arg("-c")
        .arg(script)
        .args(&converted)
        .output()
        .expect("python3 runs");
    assert!(
        ran.status.success(),
        "{}",
        String::from_utf8_lossy(&ran.stderr)
    );
    let read: Value = serde_json::from_slice(&ran.stdout).expect("JSON");
    for target in &converted {
        let game = record(Path::new(target));
        let mill = &read[target.as_str()];
        assert_eq!(mill["black"].as_str(), game.black.as_deref(), "{target}");
        assert_eq!(mill["white"].as_str(), game.white.as_deref(), "{target}");
        assert_eq!(
            mill["komi"].as_f64().unwrap_or(0.0),
            game.komi.unwrap_or(0.0),
            "{target}"
        );
        let handicap = mill["handicap"].as_u64().unwrap_or(0) as u32;
        assert_eq!(handicap, game.handicap, "{target}");
        let moves = mill["moves"].as_array().expect("moves");
        assert_eq!(moves.len(), game.moves.len(), "{target}");
        let size = u64::from(game.height);
        for (m, g) in moves.iter().zip(&game.moves) {
            // sgfmill: (row from the bottom, column), None for a pass.
            let mine = match &g.action {
                Action::Play(p) => Value::from(vec![size - 1 - u64::from(p.y), u64::from(p.x)]),
                _ => Value::Null,
            };
            assert_eq!(m[1], mine, "{target}");
        }
        assert_eq!(
            mill["stones"].as_u64(),
            Some(game.setup.black.len() as u64),
            "{target}"
        );
    }
}

/// A folder holding the servers' records, a photo, a photo under a record's name and a
/// record in a zip: batch reads every record, says what the misnamed photo is, and passes
/// over the photo (docs/formats.md, "Files a folder holds").
#[test]
fn batch_reads_the_servers_records_in_folders_and_archives() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let root = dir.path();
    for name in ["tygem.gib", "wbaduk.ngf", "pandanet-review.ugi"] {
        std::fs::copy(fixture(&format!("formats/{name}")), root.join(name)).expect("copy");
    }
    let png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR";
    std::fs::write(root.join("photo.png"), png).expect("write");
    std::fs::write(root.join("photo.gib"), png).expect("write");
    let zip_path = root.join("games.zip");
    let mut zip = zip::ZipWriter::new(std::fs::File::create(&zip_path).expect("create"));
    zip.start_file("in/tygem.GIB", zip::write::SimpleFileOptions::default())
        .expect("a member");
    zip.write_all(&std::fs::read(fixture("formats/tygem.gib")).expect("read"))
        .expect("write");
    zip.start_file("in/notes.txt", zip::write::SimpleFileOptions::default())
        .expect("a member");
    zip.write_all(b"not a record").expect("write");
    zip.finish().expect("the zip");

    let out = goref()
        .args(["batch", "-q", "--fail-on", "none", "--jsonl", "-"])
        .arg(root)
        .output()
        .expect("goref runs");
    let rows: Vec<Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .filter(|v: &Value| v.get("file").is_some())
        .collect();
    let by_file: BTreeMap<String, &Value> = rows
        .iter()
        .map(|r| {
            let file = r["file"].as_str().expect("a file");
            let name = file.rsplit('/').next().unwrap_or(file);
            let name = if file.contains("games.zip!") {
                format!("zip:{name}")
            } else {
                name.to_string()
            };
            (name, r)
        })
        .collect();
    let names: Vec<&str> = by_file.keys().map(String::as_str).collect();
    assert_eq!(
        names,
        [
            "pandanet-review.ugi",
            "photo.gib",
            "tygem.gib",
            "wbaduk.ngf",
            "zip:tygem.GIB"
        ]
    );
    for name in [
        "pandanet-review.ugi",
        "tygem.gib",
        "wbaduk.ngf",
        "zip:tygem.GIB",
    ] {
        assert!(
            by_file[name]["error"].is_null(),
            "{name}: {}",
            by_file[name]
        );
        assert!(
            by_file[name]["moves"].as_u64().expect("moves") > 100,
            "{name}"
        );
    }
    assert_eq!(by_file["tygem.gib"]["black"], "jy512");
    assert_eq!(by_file["wbaduk.ngf"]["recorded_result"], "B+0.5");
    let error = by_file["photo.gib"]["error"].as_str().expect("an error");
    assert!(error.contains("PNG image, not a game record"), "{error}");
}

/// `goref convert` over a mixed folder: each record written as SGF whole, a name that
/// would meet another gets one of its own, an SGF in GB2312 comes out in UTF-8, a file
/// that cannot be converted is an error naming it (exit 1), and a --to-dir among the
/// inputs is refused before anything is written (exit 2).
#[test]
fn convert_writes_a_mixed_folder_as_utf8_sgf_with_names_of_their_own() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let input = dir.path().join("in");
    std::fs::create_dir(&input).expect("mkdir");
    std::fs::copy(fixture("formats/tygem.gib"), input.join("a.gib")).expect("copy");
    // An SGF file already named as the GIB's SGF would be.
    let mut gb = b"(;FF[4]CA[gb2312]GM[1]SZ[19]PB[".to_vec();
    gb.extend_from_slice(b"\xca\xaf\xcf\xc2"); // 石下 in GB2312
    gb.extend_from_slice(b"]C[a \\] b];B[pd];W[dp])");
    std::fs::write(input.join("a.gib.sgf"), &gb).expect("write");
    std::fs::write(
        input.join("broken.ngf"),
        "t\nbig\nw 1D\nb 1D\ns\n0\n0\n6\n20170316\n5\nx\n1\nPMABBREER\n",
    )
    .expect("write");
    let out_dir = dir.path().join("out");
    let out = goref()
        .arg("convert")
        .arg(&input)
        .arg("--to-dir")
        .arg(&out_dir)
        .output()
        .expect("goref runs");
    let said = String::from_utf8_lossy(&out.stdout);
    let errors = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{said}{errors}");
    assert!(
        errors.contains("broken.ngf: game 1: line 2: the board size `big`"),
        "{errors}"
    );
    let written: Vec<PathBuf> = said
        .lines()
        .map(|l| PathBuf::from(l.rsplit(" -> ").next().expect("a target")))
        .collect();
    let names: Vec<String> = written
        .iter()
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["a.gib.sgf", "a.gib (2).sgf"], "{said}");
    for path in &written {
        assert!(path.starts_with(&out_dir), "{}", path.display());
    }
    let gib = std::fs::read_to_string(&written[0]).expect("UTF-8");
    assert!(
        gib.starts_with("(;FF[4]CA[UTF-8]GM[1]SZ[19]PB[jy512]"),
        "{gib}"
    );
    let sgf = std::fs::read_to_string(&written[1]).expect("UTF-8");
    assert_eq!(
        sgf,
        "(;FF[4]CA[UTF-8]GM[1]SZ[19]PB[石下]C[a \\] b];B[pd];W[dp])"
    );
    // No temporary file is left behind.
    let left = walkdir(&out_dir);
    assert_eq!(left.len(), 2, "{left:?}");

    // The output folder among the inputs.
    let refused = goref()
        .arg("convert")
        .arg(&input)
        .arg("--to-dir")
        .arg(input.join("sgf"))
        .output()
        .expect("goref runs");
    assert_eq!(refused.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("overlap"));
    assert!(!input.join("sgf").exists());
}

fn walkdir(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut dirs = vec![dir.to_path_buf()];
    while let Some(d) = dirs.pop() {
        for entry in std::fs::read_dir(d).expect("a folder").flatten() {
            if entry.path().is_dir() {
                dirs.push(entry.path());
            } else {
                files.push(entry.path());
            }
        }
    }
    files
}

/// What cannot be read exactly is a warning naming the line; a damaged move ends the main
/// line there, and the validator says the record was cut.
#[test]
fn damage_in_a_gib_is_a_warning_naming_its_line() {
    let text = "\\HS\n\\[GAMEBLACKNAME=a (1D)\\]\n\\[GAMEINFOMAIN=GRLT:42,ZIPSU:0,GONGJE:65,\\]\n\\HE\n\\GS\nINI 0 1 0 &4\nSTO 0 2 1 3 3\nSTO 0 3 2 x y\nSTO 0 4 1 4 4\n\\GE\n";
    let game = load(text.as_bytes())
        .expect("reads")
        .remove(0)
        .expect("a game");
    assert_eq!(game.moves.len(), 1);
    assert_eq!(game.main_line_cut, Some(1));
    assert_eq!(game.komi, Some(6.5));
    assert_eq!(game.result, None);
    let messages: Vec<&str> = game.warnings.iter().map(|w| w.message.as_str()).collect();
    assert!(
        messages
            .iter()
            .any(|m| m.starts_with("line 8: `STO 0 3 2 x y` is not a move")),
        "{messages:?}"
    );
    assert!(
        messages
            .iter()
            .any(|m| m
                .starts_with("line 3: GAMEINFOMAIN GRLT:42 is a result code goref does not know")),
        "{messages:?}"
    );
}
