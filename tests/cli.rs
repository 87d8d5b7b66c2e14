//! The built `goref` binary, run as users run it: exit codes, text, JSON.

use assert_cmd::Command;
use predicates::prelude::*;
use serde_json::Value;

fn goref() -> Command {
    Command::cargo_bin("goref").expect("the goref binary is built")
}

fn fixture(path: &str) -> String {
    format!("{}/fixtures/{path}", env!("CARGO_MANIFEST_DIR"))
}

fn json_of(args: &[&str]) -> (Value, i32) {
    let output = goref().args(args).output().expect("goref runs");
    let code = output.status.code().unwrap_or(-1);
    let value: Value = serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|e| panic!("not JSON ({e}): {}", String::from_utf8_lossy(&output.stdout)));
    (value, code)
}

#[test]
fn validate_text_names_the_move_point_and_rule() {
    goref()
        .args(["validate", &fixture("illegal/occupied/two-stones-one-point.sgf")])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("game 1: Alice (B) vs Bob (W)"))
        .stdout(predicate::str::contains("rules: chinese (from the record's RU)"))
        .stdout(predicate::str::contains("verdict: ILLEGAL: 1 illegal move"))
        .stdout(predicate::str::contains("move 3 B D6 (dd): occupied:"))
        .stdout(predicate::str::contains("consequence: void"));
}

#[test]
fn validate_exits_zero_on_a_legal_record() {
    goref()
        .args(["validate", &fixture("legal/snapback/corner-snapback.sgf")])
        .assert()
        .success()
        .stdout(predicate::str::contains("verdict: VALID"));
}

#[test]
fn validate_json_has_the_contract_fields() {
    let (doc, code) = json_of(&[
        "validate",
        "--format",
        "json",
        &fixture("illegal/ko/immediate-retake.sgf"),
    ]);
    assert_eq!(code, 1);
    let game = &doc["games"][0];
    for key in [
        "file",
        "game",
        "rules",
        "size",
        "komi",
        "handicap",
        "black",
        "white",
        "moves",
        "recorded_result",
        "valid",
        "findings",
    ] {
        assert!(game.get(key).is_some(), "missing key {key}: {game}");
    }
    assert_eq!(game["rules"], "japanese");
    assert_eq!(game["size"], "9");
    assert_eq!(game["moves"], 10);
    assert_eq!(game["valid"], false);
    let f = &game["findings"][0];
    assert_eq!(f["kind"], "ko");
    assert_eq!(f["severity"], "illegal");
    assert_eq!(f["move"], 10);
    assert_eq!(f["color"], "white");
    assert_eq!(f["point"], "D6");
    assert_eq!(f["sgf"], "dd");
    assert_eq!(f["consequence"], "loss");
    assert!(f["detail"].as_str().is_some_and(|d| !d.is_empty()));
}

#[test]
fn rules_option_changes_the_verdict_on_the_same_record() {
    let record = fixture("illegal/superko-positional/double-ko.sgf");
    let (doc, code) = json_of(&["validate", "--format", "json", "--rules", "chinese", &record]);
    assert_eq!(code, 1);
    assert_eq!(doc["games"][0]["findings"][0]["kind"], "superko");
    let (doc, code) = json_of(&["validate", "--format", "json", "--rules", "aga", &record]);
    assert_eq!(code, 0, "{doc}");
    assert_eq!(doc["games"][0]["valid"], true);
    // --ko overrides one knob of the preset.
    let (doc, code) = json_of(&[
        "validate", "--format", "json", "--rules", "aga", "--ko", "positional", &record,
    ]);
    assert_eq!(code, 1, "{doc}");
}

#[test]
fn suicide_override_makes_suicide_legal() {
    let record = fixture("illegal/suicide/corner-suicide.sgf");
    goref().args(["validate", &record]).assert().code(1);
    goref()
        .args(["validate", "--suicide", "allowed", &record])
        .assert()
        .success();
}

#[test]
fn warnings_do_not_fail_validation() {
    goref()
        .args(["validate", &fixture("warnings/aga-black-passes-last.sgf")])
        .assert()
        .success()
        .stdout(predicate::str::contains("unequal-moves"));
}

#[test]
fn several_files_each_get_a_report_and_a_missing_one_is_unreadable() {
    let output = goref()
        .args([
            "validate",
            "--format",
            "json",
            &fixture("legal/snapback/corner-snapback.sgf"),
            "no/such/file.sgf",
        ])
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(1));
    let doc: Value = serde_json::from_slice(&output.stdout).expect("json");
    let games = doc["games"].as_array().expect("games");
    assert_eq!(games.len(), 2);
    assert_eq!(games[0]["valid"], true);
    assert_eq!(games[1]["valid"], false);
    assert!(
        games[1]["error"]
            .as_str()
            .is_some_and(|e| e.contains("no/such/file.sgf") && e.contains("no such file")),
        "{}",
        games[1]
    );
}

#[test]
fn standard_input_is_read_with_a_dash() {
    goref()
        .args(["validate", "-"])
        .write_stdin("(;SZ[9];B[ee];W[ee])")
        .assert()
        .code(1)
        .stdout(predicate::str::contains("occupied"));
}

#[test]
fn a_directory_is_a_clear_error_for_validate() {
    goref()
        .args(["validate", &fixture("legal")])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("is a directory"));
}

#[test]
fn unknown_preset_is_a_usage_error() {
    goref()
        .args(["validate", "--rules", "martian", &fixture("legal/snapback/corner-snapback.sgf")])
        .assert()
        .code(2)
        .stderr(predicate::str::starts_with("goref: error: --rules martian: unknown rule set"));
}

#[test]
fn bad_ko_option_is_a_usage_error() {
    goref()
        .args(["validate", "--ko", "sometimes", &fixture("legal/snapback/corner-snapback.sgf")])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--ko sometimes"));
}

#[test]
fn rules_lists_every_preset_and_shows_one() {
    let listed = goref().arg("rules").assert().success();
    let text = String::from_utf8_lossy(&listed.get_output().stdout).to_string();
    for name in [
        "aga", "aga-1991", "ace", "wmsg", "chinese", "sjtu", "japanese", "korean", "nz",
        "tromp-taylor", "ing",
    ] {
        assert!(
            text.lines().any(|l| l.starts_with(&format!("{name} "))),
            "{name} missing from:\n{text}"
        );
    }
    goref()
        .args(["rules", "us"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("aga\n"))
        .stdout(predicate::str::contains("ko: situational"));
    let (doc, _) = json_of(&["rules", "sjtu", "--format", "json"]);
    assert_eq!(doc["ko"], "simple");
    assert_eq!(doc["komi"], 6.5);
}
