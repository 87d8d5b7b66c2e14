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
    let value: Value = serde_json::from_slice(&output.stdout).unwrap_or_else(|e| {
        panic!(
            "not JSON ({e}): {}",
            String::from_utf8_lossy(&output.stdout)
        )
    });
    (value, code)
}

/// The first finding of `kind` in a game's JSON.
fn finding<'a>(game: &'a Value, kind: &str) -> &'a Value {
    game["findings"]
        .as_array()
        .and_then(|all| all.iter().find(|f| f["kind"] == kind))
        .unwrap_or_else(|| panic!("no {kind} finding in {game}"))
}

#[test]
fn validate_text_names_the_move_point_and_rule() {
    goref()
        .args([
            "validate",
            &fixture("illegal/occupied/two-stones-one-point.sgf"),
        ])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("game 1: Alice (B) vs Bob (W)"))
        .stdout(predicate::str::contains(
            "rules: chinese (from the record's RU)",
        ))
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
    let f = finding(game, "ko");
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
    let (doc, code) = json_of(&[
        "validate", "--format", "json", "--rules", "chinese", &record,
    ]);
    assert_eq!(code, 1);
    assert_eq!(finding(&doc["games"][0], "superko")["move"], 19);
    let (doc, code) = json_of(&["validate", "--format", "json", "--rules", "aga", &record]);
    assert_eq!(code, 0, "{doc}");
    assert_eq!(doc["games"][0]["valid"], true);
    // --ko overrides one knob of the preset.
    let (doc, code) = json_of(&[
        "validate",
        "--format",
        "json",
        "--rules",
        "aga",
        "--ko",
        "positional",
        &record,
    ]);
    assert_eq!(code, 1, "{doc}");
}

#[test]
fn suicide_override_makes_suicide_legal() {
    let record = fixture("illegal/suicide/corner-suicide.sgf");
    goref()
        .args(["validate", &record])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("move 7 B B5 (ba): suicide:"));
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
        .args([
            "validate",
            "--rules",
            "martian",
            &fixture("legal/snapback/corner-snapback.sgf"),
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::starts_with(
            "goref: error: --rules martian: unknown rule set",
        ));
}

#[test]
fn bad_ko_option_is_a_usage_error() {
    goref()
        .args([
            "validate",
            "--ko",
            "sometimes",
            &fixture("legal/snapback/corner-snapback.sgf"),
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--ko sometimes"));
}

#[test]
fn rules_lists_every_preset_and_shows_one() {
    let listed = goref().arg("rules").assert().success();
    let text = String::from_utf8_lossy(&listed.get_output().stdout).to_string();
    for name in [
        "aga",
        "aga-1991",
        "ace",
        "wmsg",
        "chinese",
        "sjtu",
        "japanese",
        "korean",
        "nz",
        "tromp-taylor",
        "ing",
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

/// A record of `moves` moves at pseudo-random points of a 19x19 board: mostly legal at
/// first, then full of occupied points, captures and repetitions.
fn long_record(moves: usize) -> String {
    let mut text = String::with_capacity(moves * 6 + 64);
    text.push_str("(;GM[1]FF[4]SZ[19]KM[7.5]RU[Chinese]");
    let mut state: u64 = 0x2545_f491_4f6c_dd1d;
    for k in 0..moves {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let point = (state % 362) as u16;
        let color = if k % 2 == 0 { 'B' } else { 'W' };
        if point == 361 {
            text.push_str(&format!(";{color}[]"));
        } else {
            let (x, y) = ((point % 19) as u8, (point / 19) as u8);
            text.push_str(&format!(
                ";{color}[{}{}]",
                (b'a' + x) as char,
                (b'a' + y) as char
            ));
        }
    }
    text.push(')');
    text
}

/// `depth` variations nested one inside the other: `(;B[..](;W[..](;B[..]...)))`.
fn nested_record(depth: usize) -> String {
    let mut text = String::with_capacity(depth * 9 + 32);
    text.push_str("(;GM[1]FF[4]SZ[19]");
    for k in 0..depth {
        let color = if k % 2 == 0 { 'B' } else { 'W' };
        let p = (k % 361) as u8;
        text.push_str(&format!(
            "(;{color}[{}{}]",
            (b'a' + p % 19) as char,
            (b'a' + p / 19) as char
        ));
    }
    for _ in 0..depth {
        text.push(')');
    }
    text.push(')');
    text
}

#[test]
fn a_million_moves_give_a_result_on_the_main_thread() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("million.sgf");
    std::fs::write(&path, long_record(1_000_000)).expect("write");
    let output = goref()
        .args(["validate", "--format", "json"])
        .arg(&path)
        .output()
        .expect("runs");
    assert_eq!(
        output.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let doc: Value = serde_json::from_slice(&output.stdout).expect("json");
    let game = &doc["games"][0];
    assert_eq!(game["moves"], 1_000_000);
    assert_eq!(game["valid"], false);
    assert_eq!(game["findings"].as_array().map(Vec::len), Some(10_000));
    assert!(game["illegal_count"].as_u64().is_some_and(|n| n > 10_000));
    assert!(
        game["warnings"]
            .to_string()
            .contains("more were counted but not listed")
    );
}

#[test]
fn deep_variations_give_a_result_on_the_main_thread() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("nested.sgf");
    std::fs::write(&path, nested_record(100_000)).expect("write");
    let output = goref()
        .args(["validate", "--format", "json"])
        .arg(&path)
        .output()
        .expect("runs");
    let code = output.status.code();
    assert!(
        code == Some(0) || code == Some(1),
        "{code:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let doc: Value = serde_json::from_slice(&output.stdout).expect("json");
    let game = &doc["games"][0];
    assert!(
        game["moves"] == 100_000 || game["error"].is_string(),
        "neither a result nor an error: {game}"
    );
}

#[test]
fn huge_records_give_a_result_on_a_worker_thread() {
    let choice = goref::report::RulesChoice::default();
    // Threads of a pool (rayon, a server) have small stacks: 2 MiB here.
    let handle = std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(move || {
            let long = goref::report::validate_bytes(
                "long.sgf",
                long_record(1_000_000).as_bytes(),
                &choice,
            );
            let nested = goref::report::validate_bytes(
                "nested.sgf",
                nested_record(100_000).as_bytes(),
                &choice,
            );
            (long, nested)
        })
        .expect("spawn");
    let (long, nested) = handle.join().expect("no panic, no stack overflow");
    assert_eq!(long.len(), 1);
    assert_eq!(long[0].moves, Some(1_000_000));
    assert!(!long[0].valid);
    assert_eq!(nested.len(), 1);
    assert!(nested[0].moves == Some(100_000) || nested[0].error.is_some());
}
