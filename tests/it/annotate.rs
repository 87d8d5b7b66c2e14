//! `--annotate-dir` on `validate`, `score`, `batch` and `standings`: where copies go,
//! what they say at which node, that a copy is written whole or not at all, and, over the
//! whole corpus, that every copy re-parses with goref, keeps every original property and
//! carries each finding at its node, for goref's reading and for sgfmill's.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

use goref::annotate::copy_path;
use goref::sgf::{GameRecord, decoded_text, load};
use serde_json::Value;
use sgf_parse::go::Prop;

use crate::common::{corpus, goref, manifest};

const FORFEIT: &str = "fixtures/standings/double-rr/r4-bravo-alpha.sgf";
const COUNTED: &str = "fixtures/standings/double-rr/r3-alpha-delta.sgf";

/// The comments along the first game's main line of `text`, as sgf-parse reads them
/// (escapes removed), root first.
fn comments(text: &str) -> Vec<Option<String>> {
    let trees = sgf_parse::go::parse(text).expect("sgf-parse reads the copy");
    let mut node = trees.first().expect("a game");
    let mut out = Vec::new();
    loop {
        out.push(node.properties().find_map(|p| match p {
            Prop::C(text) => Some(text.text.clone()),
            _ => None,
        }));
        let Some(next) = node.children().next() else {
            return out;
        };
        node = next;
    }
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn every_command_writes_the_copy_with_the_finding_at_its_node() {
    for command in [
        vec!["validate", "--rules", "sjtu"],
        vec!["score", "--rules", "sjtu"],
        vec!["batch", "-q", "--rules", "sjtu"],
        vec!["standings", "--rules", "sjtu"],
    ] {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let out = dir.path().join("copies");
        goref()
            .args(&command)
            .args(["--annotate-dir", &out.to_string_lossy(), FORFEIT])
            .assert()
            .code(predicates::ord::le(1));
        let copy = read(&out.join(FORFEIT));
        let at = comments(&copy);
        assert_eq!(
            at[0].as_deref(),
            Some(
                "goref: W+F under sjtu, decided by forfeit (occupied, move 5)\n\
                 goref: the recorded result W+F agrees"
            ),
            "{command:?}"
        );
        assert_eq!(
            at[5].as_deref(),
            Some(
                "goref: occupied (illegal) at move 5: Black plays on K10, which already holds \
                 a white stone; the board was left as it was; under sjtu: Black loses the game"
            ),
            "{command:?}"
        );
        assert_eq!(
            at.iter().flatten().count(),
            2,
            "{command:?}: only where goref saw something"
        );
    }
}

#[test]
fn a_counted_copy_marks_the_territory_and_the_result() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    goref()
        .args(["score", "--rules", "sjtu", "--annotate-dir"])
        .arg(dir.path())
        .arg(COUNTED)
        .assert()
        .success();
    let copy = read(&dir.path().join(COUNTED));
    // Columns A-F (6 x 13) are Black's, J-N (5 x 13) White's, on the last node.
    let last = copy.rsplit(';').next().expect("a last node");
    assert!(last.starts_with("W[]TB[aa][ba]"), "{last}");
    assert_eq!(last.matches("][").count() + 2, 78 + 65, "{last}");
    // goref reads its own marks back: the same count from the markup.
    let (value, _) = json_of(
        &[
            "score", "--rules", "sjtu", "--dead", "markup", "--format", "json",
        ],
        &dir.path().join(COUNTED),
    );
    assert_eq!(value["games"][0]["score"]["result"], "B+6.5");
    assert_eq!(value["games"][0]["score"]["dead_source"], "markup");
}

fn json_of(args: &[&str], file: &Path) -> (Value, i32) {
    let output = goref().args(args).arg(file).output().expect("goref runs");
    let value = serde_json::from_slice(&output.stdout).expect("JSON");
    (value, output.status.code().unwrap_or(-1))
}

/// `goref batch` under SJTU rules writing copies below `out`, whatever it finds.
fn batch_annotating(out: &Path) -> assert_cmd::Command {
    let mut command = goref();
    command
        .args(["batch", "-q", "--fail-on", "none", "--rules", "sjtu"])
        .arg("--annotate-dir")
        .arg(out);
    command
}

#[test]
fn archive_members_and_files_of_the_same_name_get_copies_of_their_own() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let zip_path = dir.path().join("round.zip");
    let mut zip = zip::ZipWriter::new(std::fs::File::create(&zip_path).expect("created"));
    let bytes = std::fs::read(manifest().join(FORFEIT)).expect("the fixture");
    for member in ["r4-bravo-alpha.sgf", "again/r4-bravo-alpha.sgf"] {
        zip.start_file(member, zip::write::SimpleFileOptions::default())
            .expect("a member");
        zip.write_all(&bytes).expect("written");
    }
    zip.finish().expect("the archive");
    let out = dir.path().join("copies");
    batch_annotating(&out)
        .arg(&zip_path)
        .arg(FORFEIT)
        .assert()
        .success();
    let zip_name = zip_path.to_string_lossy().into_owned();
    for copy in [
        out.join(copy_path(&zip_name, Some("r4-bravo-alpha.sgf"))),
        out.join(copy_path(&zip_name, Some("again/r4-bravo-alpha.sgf"))),
        out.join(FORFEIT),
    ] {
        assert!(comments(&read(&copy))[5].is_some(), "{}", copy.display());
    }
    assert!(
        out.join("%2F").is_dir(),
        "an absolute path is kept under %2F"
    );
}

#[test]
fn a_copy_that_cannot_be_written_is_an_error_and_the_others_are_written() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    // A folder where the copy of the counted game should go.
    std::fs::create_dir_all(dir.path().join(COUNTED)).expect("in the way");
    batch_annotating(dir.path())
        .args([COUNTED, FORFEIT])
        .assert()
        .code(1)
        .stderr(predicates::str::contains(format!(
            "goref: error: cannot annotate {COUNTED}: cannot write"
        )));
    assert!(dir.path().join(FORFEIT).is_file());
    assert!(
        dir.path().join(COUNTED).is_dir(),
        "nothing half-written in its place"
    );
    let leftovers: Vec<_> = std::fs::read_dir(dir.path().join("fixtures/standings/double-rr"))
        .expect("the folder")
        .flatten()
        .map(|e| e.file_name())
        .collect();
    assert_eq!(leftovers.len(), 2, "no temporary file left: {leftovers:?}");
}

/// Whether `original` is `copy` with text only inserted, the values of `CA` aside (the
/// one value a copy may change).
fn only_inserted(original: &str, copy: &str) -> bool {
    let plain = |text: &str| -> String {
        let mut out = String::new();
        let mut rest = text;
        while let Some(at) = rest.find("CA[") {
            out.push_str(&rest[..at + 3]);
            rest = &rest[at + 3..];
            rest = rest.find(']').map_or("", |end| &rest[end..]);
        }
        out.push_str(rest);
        out
    };
    let copy = plain(copy);
    let mut rest = copy.chars();
    plain(original).chars().all(|c| rest.any(|d| d == c))
}

/// What each game of a record should carry: texts by main-line node, by game (1-based).
type Expected = BTreeMap<usize, BTreeMap<usize, Vec<String>>>;

/// What goref reads of a game that a copy must keep.
fn essence(record: &GameRecord) -> impl PartialEq + std::fmt::Debug {
    (
        record.width,
        record.height,
        record.black.clone(),
        record.white.clone(),
        record.result.clone(),
        record.moves.clone(),
        record.setup.clone(),
        record.nodes,
    )
}

/// Annotate every record under `input` with `goref batch`, then check each copy: its text
/// is the original's with text only inserted, goref reads the same games from it, and
/// every finding and result is in the comment of its node along the main line. With
/// `sgfmill`, sgfmill reads every copy too. Returns the records and the comments checked.
fn every_copy_keeps_its_record(input: &str, sgfmill: bool) -> (usize, usize) {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let copies = dir.path().join("copies");
    let rows = dir.path().join("rows.jsonl");
    goref()
        .args(["batch", "-q", "--fail-on", "none", input, "--annotate-dir"])
        .arg(&copies)
        .arg("--jsonl")
        .arg(&rows)
        .assert()
        .success();

    // Each record: its copy, and what goref found at which node of which game.
    let mut records: BTreeMap<String, (PathBuf, Expected)> = BTreeMap::new();
    for line in read(&rows).lines() {
        let row: Value = serde_json::from_str(line).expect("a JSON line");
        let (Some(file), Some(game)) = (row["file"].as_str(), row["game"].as_u64()) else {
            continue;
        };
        if game == 0 {
            continue;
        }
        let entry = records
            .entry(file.to_string())
            .or_insert_with(|| (copies.join(copy_path(file, None)), BTreeMap::new()));
        let nodes = entry.1.entry(game as usize).or_default();
        for finding in row["findings"].as_array().into_iter().flatten() {
            let node = finding["node"].as_u64().unwrap_or(0) as usize;
            let kind = finding["kind"].as_str().unwrap_or_default();
            nodes
                .entry(node)
                .or_default()
                .push(format!("goref: {kind}"));
        }
        if let (Value::Null, Some(result)) = (&row["error"], row["result"].as_str()) {
            nodes
                .entry(0)
                .or_default()
                .push(format!("goref: {result} under"));
        }
    }

    let mut list = Vec::new();
    let mut nodes_checked = 0;
    for (file, (copy_file, games)) in &records {
        let original = std::fs::read(manifest().join(file)).expect("the original");
        let copy = read(copy_file);
        let original_text = decoded_text(&original);
        assert!(
            only_inserted(&original_text, &copy),
            "{file}: text was changed"
        );
        let before = load(&original).expect("the original loads");
        let after = load(copy.as_bytes()).unwrap_or_else(|e| panic!("{file}: the copy: {e}"));
        assert_eq!(before.len(), after.len(), "{file}");
        for (a, b) in before.iter().zip(&after) {
            match (a, b) {
                (Ok(a), Ok(b)) => assert_eq!(essence(a), essence(b), "{file}"),
                (a, b) => assert_eq!(a.is_ok(), b.is_ok(), "{file}"),
            }
        }
        // Each finding at its node, along each game's main line, where sgf-parse reads
        // the copy (it rejects some dialects goref repairs).
        if let Ok(trees) = sgf_parse::go::parse(&copy) {
            for (game, expected) in games {
                let Some(mut node) = trees.get(game - 1) else {
                    continue;
                };
                let mut along = Vec::new();
                loop {
                    along.push(node.properties().find_map(|p| match p {
                        Prop::C(text) => Some(text.text.clone()),
                        _ => None,
                    }));
                    let Some(next) = node.children().next() else {
                        break;
                    };
                    node = next;
                }
                for (n, texts) in expected {
                    let comment = along.get(*n).cloned().flatten().unwrap_or_default();
                    for text in texts {
                        assert!(
                            comment.contains(text),
                            "{file}, game {game}, node {n}: {text:?} not in {comment:?}"
                        );
                        nodes_checked += 1;
                    }
                }
            }
        }
        if let Some(first) = games.get(&1) {
            list.push(serde_json::json!({
                "original": manifest().join(file),
                "copy": copy_file,
                "nodes": first.iter().map(|(n, t)| (n.to_string(), t.clone())).collect::<BTreeMap<_, _>>(),
            }));
        }
    }
    if sgfmill {
        let path = dir.path().join("sgfmill.json");
        std::fs::write(&path, Value::Array(list).to_string()).expect("the list");
        sgfmill_reads(&path);
    }
    (records.len(), nodes_checked)
}

/// sgfmill, a parser no one on goref wrote, reads the copies in `list`
/// (`tests/sgfmill_check.py` says what it checks).
fn sgfmill_reads(list: &Path) {
    let output = std::process::Command::new("python3")
        .arg(manifest().join("tests/sgfmill_check.py"))
        .arg(list)
        .output()
        .expect("python3 runs");
    let said = String::from_utf8_lossy(&output.stdout);
    println!("{said}");
    assert!(
        output.status.success(),
        "{said}{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

#[test]
fn every_fixture_gets_a_copy_that_keeps_it_and_carries_the_findings() {
    let (records, checked) = every_copy_keeps_its_record("fixtures", false);
    println!("{records} records, {checked} comments checked");
    assert!(records >= 90, "{records} records");
    assert!(checked >= 150, "{checked} comments checked");
}

#[test]
#[cfg_attr(not(has_sgfmill), ignore = "sgfmill not found: pip install sgfmill")]
fn sgfmill_reads_the_copies_of_the_fixtures() {
    every_copy_keeps_its_record("fixtures", true);
}

#[test]
#[cfg_attr(not(has_corpus), ignore = "../shared/corpus is absent")]
fn every_corpus_record_gets_a_copy_that_keeps_it_and_carries_the_findings() {
    let _ = corpus();
    let (records, checked) = every_copy_keeps_its_record("../shared/corpus", false);
    assert!(records > 8000, "{records} records");
    assert!(checked > 10_000, "{checked} comments checked");
}

#[test]
#[cfg_attr(
    any(not(has_corpus), not(has_sgfmill)),
    ignore = "needs ../shared/corpus and sgfmill (pip install sgfmill)"
)]
fn sgfmill_reads_the_copies_of_the_corpus() {
    let _ = corpus();
    every_copy_keeps_its_record("../shared/corpus", true);
}
