//! Side lines: a record whose only illegal move is in a variation is valid with a warning
//! counting the variations not checked, and with `--variations` holds a finding on its
//! line in text, JSON, JSON Lines and the annotated copy. The loader keeps every side
//! line with its path.

use goref::sgf::load;

use crate::common::goref;

const RECORD: &str = "fixtures/variations/occupied-in-variation.sgf";

fn run(args: &[&str]) -> (String, i32) {
    let out = goref().args(args).output().expect("goref runs");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

#[test]
fn without_variations_the_record_is_valid_and_says_what_was_not_checked() {
    let (text, code) = run(&["validate", RECORD]);
    assert_eq!(code, 0, "{text}");
    assert!(text.contains("VALID"), "{text}");
    assert!(
        text.contains(
            "note: 3 variations not checked: only the main line was replayed (--variations replays them)"
        ),
        "{text}"
    );
    let (json, _) = run(&["validate", "--format", "json", RECORD]);
    let v: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    let game = &v["games"][0];
    assert_eq!(game["valid"], true);
    assert!(
        game["warnings"]
            .as_array()
            .expect("warnings")
            .iter()
            .any(|w| w
                .as_str()
                .is_some_and(|w| w.starts_with("3 variations not checked")))
    );
}

#[test]
fn with_variations_each_illegal_move_is_a_finding_on_its_line() {
    let (text, code) = run(&["validate", "--variations", RECORD]);
    assert_eq!(code, 1, "{text}");
    assert!(text.contains("ILLEGAL: 2 illegal moves"), "{text}");
    assert!(
        text.contains("variation 4.2: move 4 W E5 (ee): occupied: White plays on E5"),
        "{text}"
    );
    assert!(
        text.contains("variation 4.3/6.2: move 6 W C5 (ce): occupied"),
        "{text}"
    );
    assert!(!text.contains("not checked"), "{text}");

    let (json, _) = run(&["score", "--variations", "--format", "json", RECORD]);
    let v: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    let game = &v["games"][0];
    assert_eq!(game["valid"], false);
    // The result stays the main line's.
    assert_eq!(game["score"]["result"], "B+R");
    let lines: Vec<(&str, u64)> = game["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .filter(|f| f["kind"] == "occupied")
        .map(|f| {
            (
                f["line"].as_str().expect("a line"),
                f["move"].as_u64().expect("a move"),
            )
        })
        .collect();
    assert_eq!(lines, vec![("4.2", 4), ("4.3/6.2", 6)]);
    // Main-line findings carry no line.
    assert!(
        game["findings"]
            .as_array()
            .expect("findings")
            .iter()
            .filter(|f| f["kind"] != "occupied")
            .all(|f| f.get("line").is_none())
    );

    let (jsonl, code) = run(&["batch", "--variations", "-q", "--jsonl", "-", RECORD]);
    assert_eq!(code, 1);
    assert!(jsonl.contains(r#""line":"4.2""#), "{jsonl}");
}

#[test]
fn the_annotated_copy_names_the_line_of_each_finding() {
    let dir = tempfile::tempdir().expect("a folder");
    let (_, code) = run(&[
        "validate",
        "--variations",
        "--annotate-dir",
        dir.path().to_str().expect("UTF-8"),
        RECORD,
    ]);
    assert_eq!(code, 1);
    let copy = std::fs::read_to_string(dir.path().join(RECORD)).expect("the copy");
    assert!(
        copy.contains("goref: occupied (illegal) in variation 4.2 at move 4: White plays on E5"),
        "{copy}"
    );
    // The copy reads back with the same tree.
    let again = load(copy.as_bytes())
        .expect("loads")
        .remove(0)
        .expect("a game");
    assert_eq!(again.variations.len(), 3);
}

#[test]
fn the_loader_keeps_every_side_line_with_its_path() {
    let bytes = std::fs::read(crate::common::fixture(
        "variations/occupied-in-variation.sgf",
    ))
    .expect("the fixture");
    let record = load(&bytes).expect("loads").remove(0).expect("a game");
    assert_eq!(record.moves.len(), 6);
    let lines: Vec<(&str, Option<usize>, usize, usize)> = record
        .variations
        .iter()
        .map(|v| (v.path.as_str(), v.parent, v.after_move, v.moves.len()))
        .collect();
    assert_eq!(
        lines,
        vec![
            ("4.2", None, 3, 2),
            ("4.3", None, 3, 3),
            ("4.3/6.2", Some(1), 5, 2),
        ]
    );
    let line = record.line(2);
    let played: Vec<String> = line
        .moves
        .iter()
        .map(|m| match &m.action {
            goref::sgf::Action::Play(p) => p.to_sgf(),
            _ => "pass".to_string(),
        })
        .collect();
    assert_eq!(played, vec!["ee", "cc", "gc", "eg", "ce", "ce", "gg"]);
    // A record without variations has none, on the fast path and off it.
    let plain = load(b"(;SZ[9];B[ee];W[cc];B[gc];W[cg];B[gg];W[ge];B[dd];W[ff];B[hh];W[aa])")
        .expect("loads")
        .remove(0)
        .expect("a game");
    assert!(plain.variations.is_empty());
}
