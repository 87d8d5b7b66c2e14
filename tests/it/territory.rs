//! Territory counting as the Japanese rules count it, run through the built binary: each
//! shape of `fixtures/scoring/japanese/` counted under `japanese` and `chinese` as a strong
//! player counts it (the README there gives the arithmetic), the points goref leaves out
//! of the territory and why, area counts unchanged, and the `territory-mismatch` finding
//! where a record's TB/TW marks differ from goref's territory.

use serde_json::Value;

use crate::common::{fixture, goref, manifest, not_territory as dropped};

/// The `games` of `goref score --format json --dead DEAD --rules RULES PATH`.
fn counted(path: &str, dead: &str, rules: &str) -> Vec<Value> {
    let output = goref()
        .args([
            "score", "--format", "json", "--dead", dead, "--rules", rules,
        ])
        .arg(fixture(path))
        .output()
        .expect("goref runs");
    let value: Value = serde_json::from_slice(&output.stdout).expect("JSON");
    value["games"].as_array().cloned().unwrap_or_default()
}

fn score<'a>(games: &'a [Value], rules: &str) -> &'a Value {
    &games
        .iter()
        .find(|g| g["rules"] == rules)
        .unwrap_or_else(|| panic!("no entry for {rules}"))["score"]
}

/// (fixture, japanese result, chinese result, the points japanese leaves out with why).
type Shape = (
    &'static str,
    &'static str,
    &'static str,
    &'static [(&'static str, &'static str)],
);

const SHAPES: &[Shape] = &[
    ("scoring/japanese/seki-no-eyes.sgf", "W+3.5", "W+3.5", &[]),
    (
        "scoring/seki/eye-versus-eye.sgf",
        "W+2.5",
        "W+0.5",
        &[("A7", "seki"), ("E7", "seki")],
    ),
    (
        "scoring/japanese/seki-shared-eye.sgf",
        "B+1.5",
        "B+2.5",
        &[("A7", "seki"), ("C7", "seki"), ("G7", "seki")],
    ),
    (
        "scoring/japanese/seki-bamboo.sgf",
        "W+40.5",
        "W+42.5",
        &[
            ("A9", "seki"),
            ("D8", "seki"),
            ("E8", "seki"),
            ("A8", "seki"),
        ],
    ),
    (
        "scoring/japanese/seki-throw-in.sgf",
        "W+40.5",
        "W+42.5",
        &[("A9", "seki"), ("D8", "seki")],
    ),
    // Black's B13-D13 and White's H13-K13 are in atari; the seki has no eye point, so
    // nothing is dropped: A13, F13 and L13 are dame.
    ("scoring/japanese/seki-hanezeki.sgf", "W+6.5", "W+18.5", &[]),
    (
        "scoring/japanese/seki-ko.sgf",
        "W+29.5",
        "W+39.5",
        &[
            ("A13", "seki"),
            ("B13", "seki"),
            ("C13", "seki"),
            ("F13", "seki"),
            ("H13", "seki"),
            ("J13", "seki"),
            ("K13", "seki"),
        ],
    ),
    (
        "scoring/japanese/false-eye.sgf",
        "B+6.5",
        "B+5.5",
        &[("E1", "false-eye")],
    ),
    (
        "scoring/japanese/false-eye-chain.sgf",
        "W+3.5",
        "W+3.5",
        &[("E1", "not-alive"), ("G1", "not-alive")],
    ),
    (
        "scoring/japanese/false-eye-real.sgf",
        "B+3.5",
        "B+10.5",
        &[],
    ),
    (
        "scoring/japanese/open-ko-dumonteil-5.sgf",
        "W+38.5",
        "W+38.5",
        &[("G1", "atari")],
    ),
];

/// Every shape counts as a strong player counts it, under `japanese` and `chinese`, and
/// lists exactly the points the Japanese count leaves out.
#[test]
fn each_shape_counts_as_a_strong_player_counts_it() {
    for &(path, japanese, chinese, points) in SHAPES {
        // dumonteil-5's dead stones are in its markup; the others have none.
        let dead = if path.contains("dumonteil") {
            "markup"
        } else {
            "none"
        };
        let games = counted(path, dead, "japanese,chinese");
        let j = score(&games, "japanese");
        let c = score(&games, "chinese");
        assert_eq!(j["result"], japanese, "{path} japanese: {j}");
        assert_eq!(c["result"], chinese, "{path} chinese: {c}");
        let mut want: Vec<(String, String)> = points
            .iter()
            .map(|(p, r)| (p.to_string(), r.to_string()))
            .collect();
        let mut got = dropped(j);
        want.sort();
        got.sort();
        assert_eq!(got, want, "{path}: not_territory under japanese");
        assert_eq!(
            dropped(c),
            Vec::new(),
            "{path}: area counting drops nothing"
        );
        let breakdown = &j["breakdown"];
        let seki = want.iter().filter(|(_, r)| r == "seki").count();
        assert_eq!(breakdown["seki_points"], seki, "{path}");
        assert_eq!(breakdown["must_fill_points"], want.len() - seki, "{path}");
    }
}

/// Area counting is what it was before goref tidied anything up: every scoring fixture's
/// result under the area presets, as the binary before this change gave them.
#[test]
fn area_counts_of_every_scoring_fixture_are_unchanged() {
    // (fixture, chinese, aga, nz, tromp-taylor), `--dead` left to `auto`.
    let table: &[(&str, [&str; 4])] = &[
        ("cycle/pass-cycle.sgf", ["B+2.5"; 4]),
        (
            "estimate/who-moves.sgf",
            ["W+0.5", "W+0.5", "W+0.5", "B+2.5"],
        ),
        (
            "even/walls-dead-invader.sgf",
            ["W+13.5", "W+13.5", "W+13.5", "B+7.5"],
        ),
        ("half-board/black-185.sgf", ["B+1.5"; 4]),
        (
            "handicap/two-stones.sgf",
            ["W+9.5", "W+8.5", "W+7.5", "W+7.5"],
        ),
        ("japanese/false-eye-chain.sgf", ["W+3.5"; 4]),
        ("japanese/false-eye-real.sgf", ["B+10.5"; 4]),
        ("japanese/false-eye.sgf", ["B+5.5"; 4]),
        (
            "japanese/open-ko-dumonteil-5.sgf",
            ["W+38.5", "W+38.5", "W+38.5", "W+17.5"],
        ),
        ("japanese/seki-bamboo.sgf", ["W+42.5"; 4]),
        ("japanese/seki-hanezeki.sgf", ["W+18.5"; 4]),
        ("japanese/seki-ko.sgf", ["W+39.5"; 4]),
        ("japanese/seki-no-eyes.sgf", ["W+3.5"; 4]),
        ("japanese/seki-shared-eye.sgf", ["B+2.5"; 4]),
        ("japanese/seki-throw-in.sgf", ["W+42.5"; 4]),
        ("last-pass/black-passes-last.sgf", ["W+14.5"; 4]),
        ("neutral/dame-column.sgf", ["W+6.5"; 4]),
        ("seki/eye-versus-eye.sgf", ["W+0.5"; 4]),
        (
            "seki/race-katsunari-gnugo.sgf",
            ["W+10.5", "W+10.5", "W+10.5", "W+28.5"],
        ),
        // No final passes: `--dead auto` leaves it uncounted (the recorded result), as
        // the baseline did (issue 30, item 5).
        ("server/aburry-gnugo-3.3.12-200212162212.sgf", ["W+20.5"; 4]),
        ("server/nngs-territory.sgf", ["W+7.5"; 4]),
        ("tromp-taylor/ajago-gnu.sgf", ["W+5.5"; 4]),
        ("tromp-taylor/neu-gnu.sgf", ["W+23.5"; 4]),
        ("tromp-taylor/played-out.sgf", ["W+8.5"; 4]),
    ];
    let root = manifest().join("fixtures/scoring");
    let mut on_disk: Vec<String> = crate::common::files_under(&root, true)
        .iter()
        .filter_map(|p| p.strip_prefix(&root).ok())
        .map(|p| p.display().to_string())
        .collect();
    on_disk.sort();
    let listed: Vec<String> = table.iter().map(|(f, _)| f.to_string()).collect();
    assert_eq!(listed, on_disk, "every scoring fixture is in the table");
    for (file, results) in table {
        let output = goref()
            .args(["score", "--format", "json"])
            .args(["--rules", "chinese,aga,nz,tromp-taylor"])
            .arg(root.join(file))
            .output()
            .expect("goref runs");
        let value: Value = serde_json::from_slice(&output.stdout).expect("JSON");
        let got: Vec<&str> = value["games"]
            .as_array()
            .map(|g| {
                g.iter()
                    .map(|g| g["score"]["result"].as_str().unwrap_or(""))
                    .collect()
            })
            .unwrap_or_default();
        assert_eq!(got, results.to_vec(), "{file}");
    }
}

/// The text output says which points were dropped and why; the marks of dumonteil-5
/// (which leave G1 out of Black's territory) agree with the Japanese count and differ
/// from the area count, which names G1.
#[test]
fn dropped_points_are_noted_and_marks_are_compared() {
    let output = goref()
        .args(["score", "--dead", "markup", "--rules", "japanese,chinese"])
        .arg(fixture("scoring/japanese/open-ko-dumonteil-5.sgf"))
        .output()
        .expect("goref runs");
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        text.contains(
            "japanese: note: G1 is not Black's territory: the black chain at H1 is in atari and Black must connect there"
        ),
        "{text}"
    );
    assert!(!text.contains("japanese: territory-mismatch"), "{text}");
    assert!(
        text.contains(
            "chinese: territory-mismatch: of the empty points, TB/TW mark 22 as Black's territory and 30 as White's; goref counts 23 and 30 under chinese: G1 marked not, counted Black's [warning, consequence: none]"
        ),
        "{text}"
    );
    // A warning, not an illegal move: the record stays valid and the exit code is that
    // of a clean game under japanese.
    let games = counted(
        "scoring/japanese/open-ko-dumonteil-5.sgf",
        "markup",
        "chinese",
    );
    let finding = games[0]["findings"]
        .as_array()
        .and_then(|f| f.iter().find(|f| f["kind"] == "territory-mismatch"))
        .expect("a territory-mismatch finding");
    assert_eq!(finding["severity"], "warning");
    assert_eq!(finding["point"], "G1");
    assert_eq!(finding["sgf"], "gm");
    assert_eq!(games[0]["valid"], true);
}

/// `--fail-on territory-mismatch` fails a batch on exactly the rows with that finding,
/// and the summary counts it.
#[test]
fn batch_counts_and_fails_on_territory_mismatches() {
    let file = fixture("scoring/japanese/open-ko-dumonteil-5.sgf");
    for (rules, code, count) in [("japanese", 0, 0), ("chinese", 1, 1)] {
        let output = goref()
            .args(["batch", "-q", "--jsonl", "-", "--rules", rules])
            .args(["--fail-on", "territory-mismatch"])
            .arg(&file)
            .output()
            .expect("goref runs");
        assert_eq!(output.status.code(), Some(code), "{rules}");
        let text = String::from_utf8_lossy(&output.stdout);
        let summary: Value = text
            .lines()
            .filter_map(|l| serde_json::from_str::<Value>(l).ok())
            .find(|v| v.get("summary").is_some())
            .expect("a summary line");
        assert_eq!(
            summary["summary"]["findings"]["territory-mismatch"], count,
            "{rules}"
        );
    }
}

/// A seki the playouts lose: in `race-katsunari-gnugo.sgf` White's twenty stones in the
/// lower right and Black's L3-M3-N3-N2 inside them share their only liberties, M4 and L2,
/// and neither has an eye. Whoever fills one first is captured, so both live. The
/// playouts call White dead; reading the fight with Black's outer stones taken as safe
/// shows White cannot be captured even so, and the estimate keeps White alive: W+4.5, as
/// the players agreed.
#[test]
fn a_seki_the_playouts_lose_is_read_alive() {
    let games = counted(
        "scoring/seki/race-katsunari-gnugo.sgf",
        "estimate",
        "japanese",
    );
    let j = score(&games, "japanese");
    assert_eq!(j["result"], "W+4.5", "{j}");
    let dead: Vec<&str> = j["dead_stones"]
        .as_array()
        .expect("dead stones")
        .iter()
        .filter_map(|v| v.as_str())
        .collect();
    assert_eq!(dead, ["E13", "J9", "G5", "H5"], "{j}");
}
