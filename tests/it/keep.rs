//! `goref batch --keep` and `--copy-kept` on `fixtures/keep/`, one record per drop reason
//! (its README): each record's reasons in CSV and JSON Lines, the summary's counts, the
//! columns only with `--keep`, and the copies of the kept records.

use std::collections::BTreeMap;

use crate::common::{fixture, goref};

const CRITERIA: &str = "valid,finished,result-known,result-reproduced,min-moves=10,size=19,\
                        no-handicap,komi=5.5..7.5,no-early-passes,ranks";

/// Each record's `drop_reasons` cell, by file name, from the CSV of `--keep`.
fn reasons(csv: &str) -> BTreeMap<String, (String, String)> {
    let mut reader = csv::Reader::from_reader(csv.as_bytes());
    let header = reader.headers().expect("a header").clone();
    let at = |name: &str| header.iter().position(|h| h == name).expect(name);
    let (file, keep, reasons) = (at("file"), at("keep"), at("drop_reasons"));
    reader
        .records()
        .map(|r| {
            let r = r.expect("a row");
            let name = r[file].rsplit('/').next().unwrap_or_default().to_string();
            (name, (r[keep].to_string(), r[reasons].to_string()))
        })
        .collect()
}

#[test]
fn each_fixture_is_dropped_for_its_reason_and_the_summary_counts_them() {
    let out = goref()
        .args([
            "batch",
            "--fail-on",
            "none",
            "--keep",
            CRITERIA,
            "--csv",
            "-",
        ])
        .arg(fixture("keep"))
        .output()
        .expect("goref runs");
    let csv = String::from_utf8(out.stdout).expect("UTF-8");
    let got = reasons(&csv);
    let expected = [
        ("kept.sgf", "true", ""),
        ("unreadable.sgf", "false", "unreadable"),
        ("illegal.sgf", "false", "illegal"),
        (
            "not-finished.sgf",
            "false",
            "not-finished;result-not-reproduced",
        ),
        (
            "result-unknown.sgf",
            "false",
            "result-unknown;result-not-reproduced",
        ),
        (
            "result-not-reproduced.sgf",
            "false",
            "result-not-reproduced",
        ),
        ("too-short.sgf", "false", "too-short"),
        ("other-size.sgf", "false", "other-size"),
        ("handicap.sgf", "false", "handicap"),
        ("komi-unknown.sgf", "false", "komi-unknown"),
        ("komi-out-of-range.sgf", "false", "komi-out-of-range"),
        ("early-pass.sgf", "false", "early-pass"),
        ("ranks-missing.sgf", "false", "ranks-missing"),
    ];
    assert_eq!(got.len(), expected.len(), "{csv}");
    for (file, keep, why) in expected {
        assert_eq!(got[file], (keep.to_string(), why.to_string()), "{file}");
    }
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(
            "keep: 1 game kept, 12 dropped (unreadable 1, illegal 1, not-finished 1, \
             result-unknown 1, result-not-reproduced 3, too-short 1, other-size 1, handicap 1, \
             komi-unknown 1, komi-out-of-range 1, early-pass 1, ranks-missing 1)"
        ),
        "{stderr}"
    );
}

#[test]
fn json_lines_carry_the_verdict_and_the_summary_its_counts() {
    let out = goref()
        .args([
            "batch",
            "-q",
            "--fail-on",
            "none",
            "--keep",
            CRITERIA,
            "--jsonl",
            "-",
        ])
        .arg(fixture("keep"))
        .output()
        .expect("goref runs");
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    let short = lines
        .iter()
        .find(|l| {
            l["file"]
                .as_str()
                .is_some_and(|f| f.ends_with("too-short.sgf"))
        })
        .expect("the row of too-short.sgf");
    assert_eq!(short["keep"], false);
    assert_eq!(short["drop_reasons"], serde_json::json!(["too-short"]));
    let summary = &lines.last().expect("a summary")["summary"]["keep"];
    assert_eq!(summary["kept"], 1);
    assert_eq!(summary["drop_reasons"]["result-not-reproduced"], 3);
}

#[test]
fn without_keep_the_header_is_the_contracts() {
    let out = goref()
        .args(["batch", "-q", "--fail-on", "none", "--csv", "-"])
        .arg(fixture("keep/kept.sgf"))
        .output()
        .expect("goref runs");
    let csv = String::from_utf8(out.stdout).expect("UTF-8");
    let header = csv.lines().next().expect("a header");
    assert!(header.ends_with(",error,decided_by"), "{header}");
    let jsonl = goref()
        .args(["batch", "-q", "--jsonl", "-"])
        .arg(fixture("keep/kept.sgf"))
        .output()
        .expect("goref runs");
    assert!(!String::from_utf8_lossy(&jsonl.stdout).contains("drop_reasons"));
}

#[test]
fn kept_records_are_copied_as_they_are_and_only_they() {
    let dir = tempfile::tempdir().expect("a folder");
    let copies = dir.path().join("kept");
    goref()
        .args([
            "batch",
            "-q",
            "--fail-on",
            "none",
            "--keep",
            CRITERIA,
            "--copy-kept",
        ])
        .arg(&copies)
        .arg("fixtures/keep")
        .assert()
        .success();
    let mut found = Vec::new();
    for entry in walk(&copies) {
        found.push(entry.strip_prefix(&copies).expect("below").to_path_buf());
    }
    assert_eq!(
        found,
        vec![std::path::PathBuf::from("fixtures/keep/kept.sgf")]
    );
    assert_eq!(
        std::fs::read(copies.join("fixtures/keep/kept.sgf")).expect("the copy"),
        std::fs::read(fixture("keep/kept.sgf")).expect("the record")
    );
}

#[test]
fn a_criterion_goref_cannot_read_is_a_usage_error_naming_it() {
    let out = goref()
        .args(["batch", "--keep", "valid,min-moves=many", "fixtures/keep"])
        .output()
        .expect("goref runs");
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("min-moves=many"), "{stderr}");
}

fn walk(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut files = Vec::new();
    let mut dirs = vec![dir.to_path_buf()];
    while let Some(d) = dirs.pop() {
        for entry in std::fs::read_dir(&d).expect("a folder") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                dirs.push(path);
            } else {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// A kept GIB, NGF or UGF record is copied as the SGF `goref convert` writes of it, named
/// `NAME.EXT.sgf`, and the copy reads as the same game.
#[test]
fn kept_records_of_other_formats_are_copied_as_sgf() {
    let dir = tempfile::tempdir().expect("a folder");
    let copies = dir.path().join("kept");
    goref()
        .args([
            "batch",
            "-q",
            "--fail-on",
            "none",
            "--keep",
            "valid",
            "--copy-kept",
        ])
        .arg(&copies)
        .arg("fixtures/formats")
        .assert()
        .success();
    let found: Vec<std::path::PathBuf> = walk(&copies)
        .into_iter()
        .map(|p| p.strip_prefix(&copies).expect("below").to_path_buf())
        .collect();
    let names = ["pandanet-review.ugi", "tygem.gib", "wbaduk.ngf"];
    let expected: Vec<std::path::PathBuf> = names
        .iter()
        .map(|n| std::path::PathBuf::from(format!("fixtures/formats/{n}.sgf")))
        .collect();
    assert_eq!(found, expected);
    for name in names {
        let copy =
            std::fs::read(copies.join(format!("fixtures/formats/{name}.sgf"))).expect("the copy");
        assert!(copy.starts_with(b"(;"), "{name}: not SGF");
        let original = goref::sgf::load(
            &std::fs::read(fixture(&format!("formats/{name}"))).expect("the record"),
        )
        .expect("the record loads");
        let again = goref::sgf::load(&copy).expect("the copy loads");
        let moves = |games: &[Result<goref::sgf::GameRecord, goref::sgf::GameError>]| {
            games
                .iter()
                .map(|g| g.as_ref().map(|g| g.moves.len()).unwrap_or(0))
                .collect::<Vec<_>>()
        };
        assert_eq!(moves(&original), moves(&again), "{name}");
    }
}
