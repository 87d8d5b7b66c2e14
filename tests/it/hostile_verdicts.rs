//! Issue 26, "Verdicts that change silently": records written to slip past the CI gate
//! (`--fail-on illegal,unreadable,result-mismatch`) or to change a verdict without a word.
//! Each test writes its records itself and checks what a user or a CI job would: the exit
//! code, the verdict, the row and the finding or note that says why.
//!
//! `GOREF_BIN=PATH` runs the suite against another build (an older one, to see each test
//! fail where the issue says goref went wrong).

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use serde_json::Value;

/// The binary under test: `GOREF_BIN` when set, else the one cargo built.
fn goref(dir: &Path) -> Command {
    let mut cmd = match std::env::var_os("GOREF_BIN") {
        Some(bin) => Command::new(bin),
        None => Command::cargo_bin("goref").expect("the goref binary is built"),
    };
    cmd.current_dir(dir);
    cmd
}

/// Write `bytes` as `dir/name`.
fn write(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, bytes).expect("the test can write its records");
    path
}

/// Run `goref ARGS` in `dir`: exit code, standard output, standard error.
fn run(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let out = goref(dir).args(args).output().expect("goref runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The games of `goref validate|score --format json ARGS`.
fn json_games(dir: &Path, args: &[&str]) -> (i32, Vec<Value>) {
    let (code, out, err) = run(dir, args);
    let doc: Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}{err}"));
    let games = doc["games"].as_array().cloned().unwrap_or_default();
    (code, games)
}

/// The CSV rows of `goref batch --csv - ARGS`, as header name -> value maps.
fn csv_rows(dir: &Path, args: &[&str]) -> (i32, Vec<std::collections::HashMap<String, String>>) {
    let mut all = vec!["batch", "-q", "--csv", "-"];
    all.extend_from_slice(args);
    let (code, out, _) = run(dir, &all);
    let mut reader = csv::Reader::from_reader(out.as_bytes());
    let header = reader.headers().expect("a CSV header").clone();
    let rows = reader
        .records()
        .map(|r| {
            let r = r.expect("a CSV row");
            header
                .iter()
                .zip(r.iter())
                .map(|(h, v)| (h.to_string(), v.to_string()))
                .collect()
        })
        .collect();
    (code, rows)
}

fn kinds(game: &Value) -> Vec<String> {
    game["findings"]
        .as_array()
        .map(|f| {
            f.iter()
                .map(|f| f["kind"].as_str().unwrap_or("").to_string())
                .collect()
        })
        .unwrap_or_default()
}

fn finding<'a>(game: &'a Value, kind: &str) -> &'a Value {
    game["findings"]
        .as_array()
        .and_then(|f| f.iter().find(|f| f["kind"] == kind))
        .unwrap_or_else(|| panic!("no {kind} finding in {game}"))
}

fn warnings(game: &Value) -> String {
    game["warnings"].to_string()
}

/// The CI gate of docs/cli.md's example workflow.
const GATE: &str = "illegal,unreadable,result-mismatch";

/// A 5x5 game: Black's wall on column C, White's on D, two passes. Black has 15 points of
/// area, White 10 and komi 0.5: B+4.5 under area counting.
const WALLS: &str = ";B[ca];W[da];B[cb];W[db];B[cc];W[dc];B[cd];W[dd];B[ce];W[de];B[];W[]";

#[test]
fn an_unreadable_size_makes_the_game_unreadable() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    // On 9x9, Black's J9 is a suicide; read on 19x19 it would be legal.
    for (name, sz) in [("dot.sgf", "9.0"), ("escaped.sgf", "9\\n")] {
        let text = format!("(;GM[1]FF[4]SZ[{sz}]RE[B+R];B[aa];W[ha];B[ab];W[ib];B[ia])");
        write(dir.path(), name, text.as_bytes());
    }
    let (code, rows) = csv_rows(dir.path(), &["--fail-on", GATE, "."]);
    assert_eq!(code, 1, "an unreadable size fails the gate");
    assert_eq!(rows.len(), 2);
    for row in &rows {
        assert_eq!(row["valid"], "false", "{row:?}");
        assert_eq!(row["size"], "", "no size is guessed: {row:?}");
        assert!(
            row["error"].contains("is not a board size goref can read"),
            "{row:?}"
        );
    }
    let (code, out, _) = run(dir.path(), &["validate", "dot.sgf"]);
    assert_eq!(code, 1);
    assert!(
        out.contains("UNREADABLE: game 1: SZ[9.0] is not a board size"),
        "{out}"
    );
}

#[test]
fn setup_in_play_is_illegal_and_leaves_no_result() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    // After move 4, AE takes White's two stones off; play goes on; RE claims a big win.
    let text = "(;GM[1]FF[4]SZ[5]KM[0.5]RE[B+24.5];B[ca];W[da];B[cb];W[db];AE[da][db]\
                ;B[cc];W[dc];B[cd];W[dd];B[ce];W[de];B[];W[])";
    write(dir.path(), "erased.sgf", text.as_bytes());
    let (code, games) = json_games(
        dir.path(),
        &[
            "score",
            "--format",
            "json",
            "--rules",
            "chinese,tromp-taylor",
            "erased.sgf",
        ],
    );
    assert_eq!(code, 1);
    let chinese = &games[0];
    let setup = finding(chinese, "setup-in-play");
    assert_eq!(setup["severity"], "illegal");
    assert_eq!(setup["consequence"], "no-result");
    assert_eq!(setup["node"], 5);
    assert_eq!(chinese["valid"], false);
    assert_eq!(chinese["score"]["result"], "Void");
    assert_eq!(chinese["score"]["decided_by"], "no-result");
    assert_eq!(chinese["score"]["result_matches"], false);
    // Tromp-Taylor says nothing of illegal moves: reported, no penalty, and the claim is
    // still compared with the count.
    let tt = &games[1];
    let setup = finding(tt, "setup-in-play");
    assert_eq!(setup["severity"], "illegal");
    assert_eq!(setup["consequence"], "none");
    assert_eq!(tt["score"]["result_matches"], false);
    let (code, _) = csv_rows(dir.path(), &["--fail-on", "illegal", "erased.sgf"]);
    assert_eq!(code, 1, "the gate catches setup in play");

    // Setup after the last stone play changes nothing: the final position is the one the
    // moves left, so erasing White's wall before the count does not win the game.
    let text = format!(
        "(;GM[1]FF[4]SZ[5]KM[0.5]RU[Chinese]RE[B+24.5]{}AE[da][db][dc][dd][de])",
        WALLS
    );
    write(dir.path(), "erased-at-the-end.sgf", text.as_bytes());
    let (code, games) = json_games(
        dir.path(),
        &["score", "--format", "json", "erased-at-the-end.sgf"],
    );
    assert_eq!(code, 1);
    let game = &games[0];
    assert_eq!(finding(game, "setup-in-play")["severity"], "warning");
    assert_eq!(game["score"]["result"], "B+4.5");
    assert_eq!(game["score"]["result_matches"], false);
    assert!(kinds(game).contains(&"result-mismatch".to_string()));

    // Setup on a stone of the other colour, and a chain set up without liberties.
    let text = "(;GM[1]FF[4]SZ[5];B[cc];W[dd];AB[dd][ba][ab]AW[aa];B[bb];W[ee])";
    write(dir.path(), "stacked.sgf", text.as_bytes());
    let (code, games) = json_games(dir.path(), &["validate", "--format", "json", "stacked.sgf"]);
    assert_eq!(code, 1);
    let game = &games[0];
    let occupied = finding(game, "occupied");
    assert_eq!(occupied["point"], "D2");
    let no_liberties = finding(game, "no-liberties");
    assert_eq!(no_liberties["severity"], "illegal");
    assert_eq!(no_liberties["point"], "A5");
    let text = "(;GM[1]FF[4]SZ[5]AB[aa]AW[ba][ab];B[cc])";
    write(dir.path(), "suffocated.sgf", text.as_bytes());
    let (code, games) = json_games(
        dir.path(),
        &["validate", "--format", "json", "suffocated.sgf"],
    );
    assert_eq!(code, 1);
    assert!(
        finding(&games[0], "no-liberties")["detail"]
            .as_str()
            .is_some_and(|d| d.contains("before the first move"))
    );
}

#[test]
fn a_record_cut_short_fails_the_gate_naming_where_reading_stopped() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    write(
        dir.path(),
        "cut.sgf",
        b"(;GM[1]FF[4]SZ[9];B[gg]x;W[ee];B[ee];B[ee])",
    );
    let (code, out, _) = run(
        dir.path(),
        &[
            "batch",
            "-q",
            "--fail-on",
            "unreadable",
            "--annotate",
            "github",
            "cut.sgf",
        ],
    );
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("title=goref%3A truncated::")
            && out.contains("line 1, column 24")
            && out.contains("reading stopped after node 1"),
        "{out}"
    );
    let (code, games) = json_games(dir.path(), &["validate", "--format", "json", "cut.sgf"]);
    assert_eq!(code, 1);
    assert_eq!(games[0]["valid"], false);
    let truncated = finding(&games[0], "truncated");
    assert_eq!(truncated["node"], 1);
    let (_, text, _) = run(dir.path(), &["validate", "cut.sgf"]);
    assert!(text.contains("verdict: TRUNCATED"), "{text}");
    assert!(!text.contains("VALID"), "{text}");

    // Damage in a variation after the main line leaves the main line whole: judged in
    // full, and only `--fail-on truncated` asks for whole records.
    write(
        dir.path(),
        "variation.sgf",
        b"(;GM[1]FF[4]SZ[9];B[aa](;W[bb];B[cc])(;W[cc]x))",
    );
    let (code, games) = json_games(
        dir.path(),
        &["validate", "--format", "json", "variation.sgf"],
    );
    assert_eq!(code, 0);
    assert_eq!(games[0]["valid"], true);
    assert!(!kinds(&games[0]).contains(&"truncated".to_string()));
    let (code, _) = csv_rows(dir.path(), &["--fail-on", "truncated", "variation.sgf"]);
    assert_eq!(code, 1);
}

#[test]
fn repeated_properties_warn_and_unreadable_results_never_match() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let text = "(;GM[1]FF[4]SZ[9]RE[W+R]RE[B+R]KM[6.5]KM[0.5]PB[Ann]PB[Bob]RU[Japanese]\
                RU[Chinese];B[ee];W[cc])";
    write(dir.path(), "twice.sgf", text.as_bytes());
    let (_, games) = json_games(dir.path(), &["validate", "--format", "json", "twice.sgf"]);
    let said = warnings(&games[0]);
    for both in [
        "RE[W+R]",
        "RE[B+R]",
        "KM[6.5]",
        "KM[0.5]",
        "PB[Ann]",
        "PB[Bob]",
        "RU[Japanese]",
        "RU[Chinese]",
    ] {
        assert!(said.contains(both), "{both} is not named: {said}");
    }

    // Black wins the walls game by 4.5: a result goref cannot read must not agree.
    for re in ["B+NaN", "B+-5", "?"] {
        let text = format!("(;GM[1]FF[4]SZ[5]KM[0.5]RU[Chinese]RE[{re}]{WALLS})");
        write(dir.path(), "odd.sgf", text.as_bytes());
        let (_, games) = json_games(dir.path(), &["score", "--format", "json", "odd.sgf"]);
        let game = &games[0];
        assert_eq!(game["score"]["result"], "B+4.5");
        assert_eq!(game["score"]["result_matches"], Value::Null, "RE[{re}]");
        assert!(
            warnings(game).contains(&format!("RE[{re}]")),
            "RE[{re}] gets no note: {}",
            warnings(game)
        );
    }
}

#[test]
fn a_draw_by_the_referee_stands_as_recorded() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    for (name, re) in [("draw.sgf", "D+J"), ("decision.sgf", "W+A")] {
        let text = format!("(;GM[1]FF[4]SZ[5]KM[0.5]RU[Chinese]RE[{re}]{WALLS})");
        write(dir.path(), name, text.as_bytes());
    }
    let (code, games) = json_games(
        dir.path(),
        &["score", "--format", "json", "draw.sgf", "decision.sgf"],
    );
    assert_eq!(code, 0);
    let expected = [("Draw", "draw.sgf"), ("W+A", "decision.sgf")];
    for (game, (result, name)) in games.iter().zip(expected) {
        assert_eq!(game["score"]["decided_by"], "recorded", "{name}");
        assert_eq!(game["score"]["result"], result, "{name}");
        assert_eq!(game["score"]["result_matches"], Value::Null, "{name}");
        assert!(
            !kinds(game).contains(&"result-mismatch".to_string()),
            "{name}"
        );
    }
}

#[test]
fn a_binary_file_is_not_a_game() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    // Each carries a game tree in its bytes, as a comment or a name might.
    let game = b"(;GM[1]SZ[9];B[ee];W[cc])(;B[aa]";
    let files: [(&str, &[u8], &str); 5] = [
        ("image.sgf", b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR", "a PNG image"),
        ("photo.sgf", b"\xff\xd8\xff\xe0\0\x10JFIF\0", "a JPEG image"),
        (
            "paper.sgf",
            b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n",
            "a PDF document",
        ),
        ("games.sgf", b"PK\x03\x04\x14\0\0\0\x08\0", "a ZIP archive"),
        ("program.sgf", b"\x7fELF\x02\x01\x01\0", "an ELF program"),
    ];
    for (name, head, _) in files {
        write(dir.path(), name, &[head, game.as_slice()].concat());
    }
    let (code, rows) = csv_rows(dir.path(), &["--fail-on", GATE, "."]);
    assert_eq!(code, 1);
    assert_eq!(rows.len(), files.len(), "one row per file: {rows:?}");
    for row in &rows {
        let (_, _, what) = files
            .iter()
            .find(|(name, _, _)| row["file"].ends_with(name))
            .expect("a row of a file written here");
        assert_eq!(row["game"], "0", "{row:?}");
        assert_eq!(row["valid"], "false", "{row:?}");
        assert!(
            row["error"].contains(&format!("this is {what}, not a game record")),
            "{row:?}"
        );
    }
    // A game tree whose nodes hold nothing is no game either.
    write(dir.path(), "empty.sgf", b"(;;)");
    let (code, out, _) = run(dir.path(), &["validate", "empty.sgf"]);
    assert_eq!(code, 1);
    assert!(
        out.contains("UNREADABLE") && !out.contains("VALID"),
        "{out}"
    );
}
