//! `goref standings` on the events of `fixtures/standings/`, whose tables the fixture
//! README works out by hand: the double round robin under `--system sjtu` and
//! `--system chinese` (tie-breaks included, one where Sonneborn-Berger and head to head
//! disagree), the Swiss total, the runner's table, and what cannot be counted.

use std::path::Path;

use serde_json::Value;

use crate::common::goref;

const DOUBLE_RR: &str = "fixtures/standings/double-rr";

fn run(args: &[&str]) -> (String, i32) {
    let output = goref()
        .arg("standings")
        .args(args)
        .output()
        .expect("goref runs");
    (
        String::from_utf8_lossy(&output.stdout).into_owned(),
        output.status.code().unwrap_or(-1),
    )
}

fn json(args: &[&str]) -> (Value, i32) {
    let mut all = args.to_vec();
    all.extend(["--format", "json"]);
    let (text, code) = run(&all);
    let value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"));
    (value, code)
}

/// The table's rows: rank, player, points and the tie-breaks, as the text shows them.
fn ranking(text: &str) -> Vec<String> {
    text.lines()
        .skip_while(|l| !l.starts_with("rank"))
        .take_while(|l| !l.is_empty())
        .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect()
}

/// The games of the double round robin, each with what decided it.
const GAMES: &str = "\
games:
  fixtures/standings/double-rr/r1-alpha-bravo.sgf    Alpha    Bravo    B+R    resignation
  fixtures/standings/double-rr/r1-charlie-delta.sgf  Charlie  Delta    Draw   draw
  fixtures/standings/double-rr/r2-bravo-delta.sgf    Bravo    Delta    B+R    resignation
  fixtures/standings/double-rr/r2-charlie-alpha.sgf  Charlie  Alpha    B+F    forfeit (out-of-turn, move 7)
  fixtures/standings/double-rr/r3-alpha-delta.sgf    Alpha    Delta    B+6.5  count
  fixtures/standings/double-rr/r3-bravo-charlie.sgf  Bravo    Charlie  B+R    resignation
  fixtures/standings/double-rr/r4-bravo-alpha.sgf    Bravo    Alpha    W+F    forfeit (occupied, move 5)
  fixtures/standings/double-rr/r4-delta-charlie.sgf  Delta    Charlie  B+R    resignation
  fixtures/standings/double-rr/r5-alpha-charlie.sgf  Alpha    Charlie  W+F    time (move 5)
  fixtures/standings/double-rr/r5-delta-bravo.sgf    Delta    Bravo    W+R    resignation
  fixtures/standings/double-rr/r6-charlie-bravo.sgf  Charlie  Bravo    W+R    resignation
  fixtures/standings/double-rr/r6-delta-alpha.sgf    Delta    Alpha    B+R    resignation
";

#[test]
fn the_double_round_robin_under_sjtu_is_the_table_worked_out_by_hand() {
    let (text, code) = run(&[DOUBLE_RR, "--rules", "sjtu", "--system", "sjtu"]);
    assert_eq!(code, 0, "{text}");
    let expected = "\
standings: 4 players, 12 of 12 games counted; rules sjtu, system sjtu (1 a win, 0 a draw)
pairing: round robin (every two players met), 2 games per pairing

rank  player   points  won  lost  drawn  B/W  SOS  SODOS
1     Bravo         4    4     2      0  3/3   14      8
2     Alpha         3    3     3      0  3/3   16     10
3     Charlie       2    2     3      1  3/3   18      6
4     Delta         2    2     3      1  3/3   18      5

crosstable (the row player's games: + won, - lost, = drawn, x no result; b/w its colour):
            1      2      3      4
1  Bravo    .      -w -b  +b +w  +b +w
2  Alpha    +b +w  .      -w -b  +b -w
3  Charlie  -w -b  +b +w  .      =b -w
4  Delta    -w -b  -w +b  =w +b  .

schedule: complete, every pairing played with colours balanced

";
    assert_eq!(text, format!("{expected}{GAMES}"));
}

#[test]
fn the_double_round_robin_under_chinese_breaks_the_tie_by_sonneborn_berger() {
    let (text, code) = run(&[DOUBLE_RR, "--rules", "sjtu", "--system", "chinese"]);
    assert_eq!(code, 0, "{text}");
    assert!(text.starts_with(
        "standings: 4 players, 12 of 12 games counted; rules sjtu, system chinese (2 a win, 1 a draw)\n"
    ));
    // Charlie and Delta tie on 5; head to head Delta is ahead (a win and a draw), but
    // Charlie's Sonneborn-Berger score, 6 + 6 + 5/2, beats Delta's 6 + 5 + 5/2.
    assert_eq!(
        ranking(&text),
        [
            "rank player points won lost drawn B/W SB warnings",
            "1 Bravo 8 4 2 0 3/3 20 0",
            "2 Alpha 6 3 3 0 3/3 21 0",
            "3 Charlie 5 2 3 1 3/3 14.5 0",
            "4 Delta 5 2 3 1 3/3 13.5 0",
        ]
    );
    assert!(
        text.contains("4  Delta    -w -b  -w +b  =w +b  .\n"),
        "{text}"
    );
    assert!(text.ends_with(GAMES), "{text}");
}

#[test]
fn the_preset_brings_its_own_system() {
    let (sjtu, _) = run(&[DOUBLE_RR, "--rules", "sjtu"]);
    assert!(sjtu.contains("system sjtu (1 a win, 0 a draw)"), "{sjtu}");
    let (chinese, _) = run(&[DOUBLE_RR, "--rules", "chinese"]);
    assert!(
        chinese.contains("system chinese (2 a win, 1 a draw)"),
        "{chinese}"
    );
    let (japanese, _) = run(&[DOUBLE_RR, "--rules", "japanese"]);
    assert!(
        japanese.contains("system wins (1 a win, 1/2 a draw)"),
        "{japanese}"
    );
}

#[test]
fn json_carries_the_players_with_their_tie_breaks_and_every_game() {
    let (doc, code) = json(&[DOUBLE_RR, "--rules", "sjtu", "--system", "chinese"]);
    assert_eq!(code, 0);
    assert_eq!(doc["system"], "chinese");
    assert_eq!(doc["pairing"], "round-robin");
    assert_eq!(doc["games_per_pairing"], 2);
    let players = doc["players"].as_array().expect("players");
    let row = |i: usize| &players[i];
    assert_eq!(row(2)["player"], "Charlie");
    assert_eq!(row(2)["rank"], 3);
    assert_eq!(row(2)["points"], 5.0);
    assert_eq!(
        (row(2)["wins"].clone(), row(2)["losses"].clone()),
        (2.into(), 3.into())
    );
    assert_eq!(row(2)["draws"], 1);
    assert_eq!(row(2)["tie_breaks"]["sodos"], 14.5);
    assert_eq!(row(3)["tie_breaks"]["sodos"], 13.5);
    assert_eq!(row(3)["tie_breaks"]["total"], Value::Null);
    let games = doc["games"].as_array().expect("games");
    assert_eq!(games.len(), 12);
    let decided: Vec<&str> = games
        .iter()
        .map(|g| g["decided_by"].as_str().unwrap_or_default())
        .collect();
    for kind in ["count", "resignation", "time", "forfeit", "draw"] {
        assert!(
            decided.contains(&kind),
            "no game decided by {kind}: {decided:?}"
        );
    }
    let alpha_as_white = games
        .iter()
        .find(|g| {
            g["file"]
                .as_str()
                .is_some_and(|f| f.ends_with("r2-charlie-alpha.sgf"))
        })
        .expect("the game");
    assert_eq!(alpha_as_white["white"], "Alpha", "ALPHA folds to Alpha");
    assert_eq!(alpha_as_white["recorded_white"], "ALPHA");
    assert_eq!(alpha_as_white["white_points"], 0.0);
    assert_eq!(alpha_as_white["black_points"], 2.0);
    assert_eq!(doc["schedule"], Value::Array(Vec::new()));
}

#[test]
fn csv_is_the_table_with_the_json_names() {
    let (text, code) = run(&[DOUBLE_RR, "--rules", "sjtu", "--format", "csv"]);
    assert_eq!(code, 0);
    assert_eq!(
        text,
        "rank,shared,player,points,wins,losses,draws,no_result,as_black,as_white,sos,sodos,warnings,total
1,false,Bravo,4,4,2,0,0,3,3,14,8,0,
2,false,Alpha,3,3,3,0,0,3,3,16,10,0,
3,false,Charlie,2,2,3,1,0,3,3,18,6,0,
4,false,Delta,2,2,3,1,0,3,3,18,5,0,
"
    );
}

#[test]
fn a_swiss_event_ranks_by_the_total_score_formula() {
    let (text, code) = run(&["fixtures/standings/swiss", "--rules", "chinese"]);
    assert_eq!(code, 0, "{text}");
    assert!(text.contains("pairing: swiss (not every two players met), 3 rounds\n"));
    // points + SOS / (5 / 2) - 3, the top score being Li Wei's 5.
    assert_eq!(
        ranking(&text),
        [
            "rank player points won lost drawn B/W SOS total warnings",
            "1 Li Wei 5 2 0 1 2/1 11 6.4 0",
            "2 Zhang Min 4 2 1 0 3/0 9 4.6 0",
            "3 Liu Yang 3 1 1 1 1/2 10 4 0",
            "4 Wang Fang 4 2 1 0 1/2 7 3.8 0",
            "5 Chen Jie 1 0 2 1 1/2 9 1.6 0",
            "6 Yang Lin 1 0 2 1 1/2 8 1.2 0",
        ]
    );
    let (doc, _) = json(&["fixtures/standings/swiss", "--rules", "chinese"]);
    let total = doc["players"][0]["tie_breaks"]["total"]
        .as_f64()
        .expect("a total");
    assert!((total - 6.4).abs() < 1e-9, "{total}");
}

#[test]
fn the_runners_table_is_set_against_gorefs_results() {
    let (text, code) = run(&["fixtures/standings/twogtp", "--rules", "sjtu"]);
    assert_eq!(code, 1, "a runner's result that is not goref's: {text}");
    let tail = "\
runner's table fixtures/standings/twogtp/match.dat: 4 games, 2 differ from goref
  game 1 (fixtures/standings/twogtp/match-1.sgf): the table gives B+6.5 (both programs); goref W+F, decided by time (move 9)
  game 3 (fixtures/standings/twogtp/match-3.sgf): the programs disagree (Black's says B+0.5, White's W+2.5); goref W+F, decided by forfeit (occupied, move 5)
";
    assert!(text.ends_with(tail), "{text}");
    let (doc, _) = json(&["fixtures/standings/twogtp", "--rules", "sjtu"]);
    let differences = doc["runner"][0]["differences"]
        .as_array()
        .expect("differences");
    assert_eq!(differences.len(), 2);
    assert_eq!(differences[0]["runner"], "B+6.5");
    assert_eq!(differences[0]["decided_by"], "time");
    assert_eq!(
        differences[1]["programs"],
        serde_json::json!(["B+0.5", "W+2.5"])
    );
}

/// A folder holding the double round robin's records but `skip`, plus `extra` files.
fn event_without(skip: &[&str], extra: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("a temporary folder");
    for entry in std::fs::read_dir(DOUBLE_RR).expect("the fixtures") {
        let path = entry.expect("an entry").path();
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default();
        if !skip.contains(&name) {
            std::fs::copy(&path, dir.path().join(name)).expect("copied");
        }
    }
    for (name, text) in extra {
        std::fs::write(dir.path().join(name), text).expect("written");
    }
    dir
}

fn path(dir: &Path) -> String {
    dir.to_string_lossy().into_owned()
}

#[test]
fn a_missing_and_an_extra_game_of_a_double_round_robin_are_reported() {
    let extra = "(;GM[1]SZ[13]KM[6.5]PB[Alpha]PW[Bravo]RE[W+R];B[dd];W[jj])";
    let dir = event_without(&["r4-delta-charlie.sgf"], &[("r7-alpha-bravo.sgf", extra)]);
    let (text, code) = run(&[&path(dir.path()), "--rules", "sjtu"]);
    assert_eq!(code, 0, "{text}");
    assert!(
        text.contains(
            "schedule:
  Bravo and Alpha played 3 games, 1 more than the 2 of every pairing
  Charlie and Delta played 1 game of 2: 1 missing
"
        ),
        "{text}"
    );
}

#[test]
fn names_fold_aliases_merge_and_games_without_names_are_listed() {
    let nameless = "(;GM[1]SZ[13]KM[6.5]RE[B+R];B[dd];W[jj])";
    let renamed = "(;GM[1]SZ[13]KM[6.5]PB[Bravo v2]PW[Delta]RE[B+R];B[dd];W[jj])";
    let dir = event_without(
        &["r2-bravo-delta.sgf"],
        &[("nameless.sgf", nameless), ("renamed.sgf", renamed)],
    );
    let folder = path(dir.path());
    // Without the alias, "Bravo v2" is a fifth player.
    let (doc, code) = json(&[&folder, "--rules", "sjtu"]);
    assert_eq!(code, 0);
    assert_eq!(doc["players"].as_array().map(Vec::len), Some(5));
    let (doc, _) = json(&[&folder, "--rules", "sjtu", "--alias", "bravo V2=Bravo"]);
    let players = doc["players"].as_array().expect("players");
    assert_eq!(players.len(), 4);
    assert_eq!(players[0]["player"], "Bravo");
    assert_eq!(players[0]["points"], 4.0, "the renamed game is Bravo's");
    let nameless = doc["games"]
        .as_array()
        .and_then(|g| {
            g.iter().find(|g| {
                g["file"]
                    .as_str()
                    .is_some_and(|f| f.ends_with("nameless.sgf"))
            })
        })
        .expect("listed, never dropped");
    assert_eq!(nameless["status"], "unattributed");
    assert_eq!(nameless["result"], "B+R");
    let (text, _) = run(&[&folder, "--rules", "sjtu", "--alias", "bravo V2=Bravo"]);
    let line = text
        .lines()
        .find(|l| l.contains("nameless.sgf"))
        .expect("the nameless game is listed");
    assert_eq!(
        line.split_whitespace()
            .skip(1)
            .collect::<Vec<_>>()
            .join(" "),
        "? ? B+R resignation a player's name is missing: not in the table"
    );
}

#[test]
fn an_unreadable_file_or_a_game_without_a_result_makes_the_exit_code_1() {
    let unfinished = "(;GM[1]SZ[13]KM[6.5]PB[Alpha]PW[Bravo];B[dd];W[jj])";
    let dir = event_without(
        &[],
        &[
            ("broken.sgf", "not a record"),
            ("unfinished.sgf", unfinished),
        ],
    );
    let (text, code) = run(&[&path(dir.path()), "--rules", "sjtu"]);
    assert_eq!(code, 1, "{text}");
    assert!(
        text.contains("not adjudicated: no result recorded or reached"),
        "{text}"
    );
    assert!(
        text.contains("broken.sgf: cannot be read: no SGF game found"),
        "{text}"
    );
    let (doc, _) = json(&[&path(dir.path()), "--rules", "sjtu"]);
    let statuses: Vec<&str> = doc["games"]
        .as_array()
        .expect("games")
        .iter()
        .map(|g| g["status"].as_str().unwrap_or_default())
        .collect();
    assert!(statuses.contains(&"not-adjudicated") && statuses.contains(&"unreadable"));
}

#[test]
fn the_pairing_can_be_given() {
    let (text, _) = run(&[
        "fixtures/standings/swiss",
        "--rules",
        "chinese",
        "--pairing",
        "round-robin",
    ]);
    assert!(
        text.contains("pairing: round robin, 1 game per pairing\n"),
        "{text}"
    );
    assert!(
        text.contains("  Li Wei and Chen Jie played 0 games of 1: 1 missing\n"),
        "{text}"
    );
}

#[test]
fn usage_errors_exit_2() {
    goref()
        .args(["standings", DOUBLE_RR])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("--rules"));
    goref()
        .args([
            "standings",
            DOUBLE_RR,
            "--rules",
            "sjtu",
            "--alias",
            "Alpha",
        ])
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "goref: error: --alias: alias `Alpha` is not two names joined by `=`",
        ));
}

#[test]
fn an_archive_of_the_records_gives_the_same_table() {
    use std::io::Write;
    let dir = tempfile::tempdir().expect("a temporary folder");
    let zip_path = dir.path().join("event.zip");
    let mut zip = zip::ZipWriter::new(std::fs::File::create(&zip_path).expect("created"));
    let mut names: Vec<_> = std::fs::read_dir(DOUBLE_RR)
        .expect("the fixtures")
        .map(|e| e.expect("an entry").path())
        .collect();
    names.sort();
    for path in names {
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default();
        zip.start_file(
            format!("double-rr/{name}"),
            zip::write::SimpleFileOptions::default(),
        )
        .expect("a member");
        zip.write_all(&std::fs::read(&path).expect("the record"))
            .expect("written");
    }
    zip.finish().expect("the archive");
    let (from_folder, _) = run(&[DOUBLE_RR, "--rules", "sjtu", "--system", "chinese"]);
    let (from_zip, code) = run(&[&path(&zip_path), "--rules", "sjtu", "--system", "chinese"]);
    assert_eq!(code, 0, "{from_zip}");
    assert_eq!(ranking(&from_zip), ranking(&from_folder));
    assert!(
        from_zip.contains("event.zip!double-rr/r4-bravo-alpha.sgf"),
        "{from_zip}"
    );
}

#[test]
fn json_says_why_the_swiss_total_is_not_used_and_suggests_aliases() {
    // fixtures/contest: a final and preliminaries, 1 to 9 games a player.
    let (doc, _) = json(&["fixtures/contest", "--rules", "chinese"]);
    let not_used = &doc["total_not_used"];
    assert_eq!(not_used["fewest"], 1, "{doc}");
    assert_eq!(not_used["most"], 9, "{doc}");
    assert_eq!(
        not_used["ranked_by"],
        serde_json::json!(["points", "sos", "warnings"])
    );
    assert!(
        not_used["why"]
            .as_str()
            .is_some_and(|w| w.contains("played 1 to 9 games")),
        "{not_used}"
    );
    // The double round robin: every player played every round, the total is not at
    // issue; "Bravo v2" differs from "Bravo" by a version only.
    let renamed = "(;GM[1]SZ[13]KM[6.5]PB[Bravo v2]PW[Delta]RE[B+R];B[dd];W[jj])";
    let dir = event_without(&["r2-bravo-delta.sgf"], &[("renamed.sgf", renamed)]);
    let (doc, _) = json(&[&path(dir.path()), "--rules", "sjtu"]);
    assert_eq!(doc["total_not_used"], Value::Null);
    assert_eq!(
        doc["alias_suggestions"],
        serde_json::json!([{"names": ["Bravo v2", "Bravo"], "alias": "Bravo v2=Bravo"}]),
        "{doc}"
    );
    // With the alias given, nothing is left to suggest.
    let (doc, _) = json(&[
        &path(dir.path()),
        "--rules",
        "sjtu",
        "--alias",
        "Bravo v2=Bravo",
    ]);
    assert_eq!(doc["alias_suggestions"], serde_json::json!([]));
}
