//! Tables worked out by hand. Each test names the players and games, and the comments give
//! the arithmetic the assertions check.

use super::*;

fn game(black: &str, white: &str, outcome: Outcome) -> Entry {
    Entry {
        black: Some(black.to_string()),
        white: Some(white.to_string()),
        outcome,
        warnings: [0, 0],
    }
}

fn options(system: System) -> Options {
    Options {
        system,
        pairing: None,
        aliases: Aliases::default(),
    }
}

use Outcome::{BlackWins as B, Draw, NoResult, Unknown, WhiteWins as W};

/// The double round robin of `fixtures/standings/double-rr/` as results only:
/// A beats B twice, C beats A twice, A and D win one each, B beats C and D twice each,
/// C and D draw once and D wins the other.
fn double_rr() -> Vec<Entry> {
    vec![
        game("A", "B", B),
        game("B", "A", W),
        game("C", "A", B),
        game("A", "C", W),
        game("A", "D", B),
        game("D", "A", B),
        game("B", "C", B),
        game("C", "B", W),
        game("B", "D", B),
        game("D", "B", W),
        game("C", "D", Draw),
        game("D", "C", B),
    ]
}

fn row<'a>(s: &'a Standings, name: &str) -> &'a PlayerStanding {
    s.players
        .iter()
        .find(|p| p.player == name)
        .unwrap_or_else(|| panic!("no player {name}"))
}

fn ranking(s: &Standings) -> Vec<(usize, &str)> {
    s.players
        .iter()
        .map(|p| (p.rank, p.player.as_str()))
        .collect()
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9
}

#[test]
fn chinese_round_robin_breaks_the_tie_by_sonneborn_berger_not_head_to_head() {
    let s = standings(&double_rr(), &options(System::Chinese));
    assert_eq!(s.pairing, Pairing::RoundRobin);
    assert!(s.pairing_inferred);
    assert_eq!(s.games_per_pairing, Some(2));
    assert!(s.schedule.is_empty(), "{:?}", s.schedule);
    // 2 a win, 1 a draw: B 4 wins = 8, A 3 wins = 6, C 2 wins + 1 draw = 5, D the same.
    let points: Vec<f64> = s.players.iter().map(|p| p.points).collect();
    assert_eq!(points, [8.0, 6.0, 5.0, 5.0]);
    // C beat A twice (6 + 6) and drew D (5 / 2): 14.5. D beat A (6) and C (5) and drew
    // C (5 / 2): 13.5. Head to head D is ahead (a win and a draw against C), but Article
    // 28 asks for the Sonneborn-Berger score, so C ranks third.
    assert!(close(row(&s, "C").tie_breaks.sodos, 14.5));
    assert!(close(row(&s, "D").tie_breaks.sodos, 13.5));
    assert_eq!(ranking(&s), [(1, "B"), (2, "A"), (3, "C"), (4, "D")]);
    let cd = s
        .meetings
        .iter()
        .find(|m| m.names == ["C".to_string(), "D".to_string()])
        .expect("C and D met");
    assert_eq!(cd.points, [1.0, 3.0], "D is ahead head to head");
    assert_eq!(cd.as_black, [1, 1]);
    assert!(s.players.iter().all(|p| p.tie_breaks.total.is_none()));
}

#[test]
fn sjtu_gives_a_point_a_win_and_nothing_for_a_draw() {
    let s = standings(&double_rr(), &options(System::Sjtu));
    // B 4, A 3, C 2, D 2: eleven points for twelve games, one of them drawn.
    let points: Vec<f64> = s.players.iter().map(|p| p.points).collect();
    assert_eq!(points, [4.0, 3.0, 2.0, 2.0]);
    let c = row(&s, "C");
    assert_eq!((c.wins, c.losses, c.draws), (2, 3, 1));
    // In a full round robin SOS cannot split C and D: A twice, B twice and the other
    // once each: 3+3+4+4+2+2 = 18 for both.
    assert!(close(c.tie_breaks.sos, 18.0));
    assert!(close(row(&s, "D").tie_breaks.sos, 18.0));
    // SODOS: C beat A twice (3 + 3), and a draw takes no share of a win under sjtu: 6.
    // D beat A once (3) and C once (2): 5.
    assert!(close(c.tie_breaks.sodos, 6.0));
    assert!(close(row(&s, "D").tie_breaks.sodos, 5.0));
    assert_eq!(ranking(&s), [(1, "B"), (2, "A"), (3, "C"), (4, "D")]);
}

#[test]
fn wins_gives_half_a_point_for_a_draw() {
    let s = standings(&double_rr(), &options(System::Wins));
    assert!(close(row(&s, "C").points, 2.5));
    assert!(close(row(&s, "D").points, 2.5));
    // SOS: A 3 twice, B 4 twice, the other 2.5 twice: 19 each. SODOS: C 3 + 3 and half of
    // D's 2.5 = 7.25; D 3 + 2.5 and half of C's 2.5 = 6.75.
    assert!(close(row(&s, "C").tie_breaks.sos, 19.0));
    assert!(close(row(&s, "C").tie_breaks.sodos, 7.25));
    assert!(close(row(&s, "D").tie_breaks.sodos, 6.75));
    assert_eq!(ranking(&s), [(1, "B"), (2, "A"), (3, "C"), (4, "D")]);
}

#[test]
fn chinese_round_robin_then_fewer_warnings_then_a_shared_place() {
    // A single round robin in a circle: each beats one and loses to one, so points and
    // Sonneborn-Berger (2 each) are equal. P has one warning, so Q and R share first.
    let mut games = vec![game("P", "Q", B), game("Q", "R", B), game("R", "P", B)];
    games[0].warnings = [1, 0];
    let s = standings(&games, &options(System::Chinese));
    assert_eq!(ranking(&s), [(1, "Q"), (1, "R"), (3, "P")]);
    assert!(s.players[0].shared && s.players[1].shared && !s.players[2].shared);
    assert_eq!(row(&s, "P").tie_breaks.warnings, 1);
    assert!(close(row(&s, "Q").tie_breaks.sodos, 2.0));
    assert_eq!(s.games_per_pairing, Some(1));
}

#[test]
fn the_ranking_does_not_depend_on_input_order() {
    let mut games = double_rr();
    let forward = standings(&games, &options(System::Chinese));
    games.reverse();
    let backward = standings(&games, &options(System::Chinese));
    assert_eq!(forward.players, backward.players);
    let three = [game("Z", "Y", B), game("Y", "X", B), game("X", "Z", B)];
    let s = standings(&three, &options(System::Wins));
    assert_eq!(ranking(&s), [(1, "X"), (1, "Y"), (1, "Z")]);
}

/// A Swiss event of six players and three rounds under 2/1/0.
fn swiss() -> Vec<Entry> {
    vec![
        // Round 1
        game("P1", "P2", B),
        game("P3", "P4", B),
        game("P5", "P6", Draw),
        // Round 2
        game("P3", "P1", W),
        game("P2", "P5", B),
        game("P4", "P6", B),
        // Round 3
        game("P1", "P4", Draw),
        game("P3", "P5", B),
        game("P6", "P2", W),
    ]
}

#[test]
fn chinese_swiss_ranks_by_the_total_score_formula() {
    let s = standings(&swiss(), &options(System::Chinese));
    assert_eq!(s.pairing, Pairing::Swiss);
    assert!(s.pairing_inferred);
    assert_eq!(s.rounds, 3);
    assert_eq!(s.games_per_pairing, None);
    assert!(s.schedule.is_empty());
    // Points: P1 5, P2 4, P3 4, P4 3, P5 1, P6 1; the top score is 5, so the opponents'
    // points are divided by 2.5. SOS: P1 4+4+3 = 11, P2 5+1+1 = 7, P3 3+5+1 = 9,
    // P4 4+1+5 = 10, P5 1+4+4 = 9, P6 1+3+4 = 8.
    // Totals (points + SOS / 2.5 - 3): P1 6.4, P3 4.6, P4 4.0, P2 3.8, P5 1.6, P6 1.2.
    let expected = [
        ("P1", 5.0, 11.0, 6.4),
        ("P3", 4.0, 9.0, 4.6),
        ("P4", 3.0, 10.0, 4.0),
        ("P2", 4.0, 7.0, 3.8),
        ("P5", 1.0, 9.0, 1.6),
        ("P6", 1.0, 8.0, 1.2),
    ];
    for (p, (name, points, sos, total)) in s.players.iter().zip(expected) {
        assert_eq!(p.player, name);
        assert!(close(p.points, points), "{name} points {}", p.points);
        assert!(
            close(p.tie_breaks.sos, sos),
            "{name} SOS {}",
            p.tie_breaks.sos
        );
        let got = p.tie_breaks.total.expect("a Swiss total");
        assert!(close(got, total), "{name} total {got}");
    }
    assert_eq!(
        s.players.iter().map(|p| p.rank).collect::<Vec<_>>(),
        [1, 2, 3, 4, 5, 6]
    );
}

#[test]
fn wins_in_a_swiss_event_breaks_ties_by_sos() {
    let s = standings(&swiss(), &options(System::Wins));
    // P2 and P3 both have 2; SOS P3 = 1.5 + 2.5 + 0.5 = 4.5 beats P2's 2.5 + 0.5 + 0.5.
    // P5 and P6 both have 0.5; SOS P5 = 0.5 + 2 + 2 beats P6's 0.5 + 1.5 + 2.
    assert!(close(row(&s, "P3").tie_breaks.sos, 4.5));
    assert!(close(row(&s, "P2").tie_breaks.sos, 3.5));
    assert_eq!(
        ranking(&s),
        [
            (1, "P1"),
            (2, "P3"),
            (3, "P2"),
            (4, "P4"),
            (5, "P5"),
            (6, "P6")
        ]
    );
    assert!(s.players.iter().all(|p| p.tie_breaks.total.is_none()));
}

#[test]
fn the_pairing_can_be_given() {
    let mut o = options(System::Chinese);
    o.pairing = Some(Pairing::RoundRobin);
    let s = standings(&swiss(), &o);
    assert_eq!(s.pairing, Pairing::RoundRobin);
    assert!(!s.pairing_inferred);
    // Fifteen pairings, nine played once: six missing.
    assert_eq!(s.games_per_pairing, Some(1));
    assert_eq!(
        s.schedule
            .iter()
            .filter(|p| matches!(p, ScheduleProblem::Missing { played: 0, .. }))
            .count(),
        6
    );
    o.pairing = Some(Pairing::Swiss);
    let s = standings(&double_rr(), &o);
    assert_eq!(s.pairing, Pairing::Swiss);
    assert!(s.players.iter().all(|p| p.tie_breaks.total.is_some()));
}

#[test]
fn a_double_round_robin_reports_missing_extra_and_unbalanced_games() {
    let mut games = double_rr();
    games.remove(11); // D-C, the second C/D game
    games.push(game("A", "B", B)); // a third A/B game
    games[5] = game("A", "D", W); // A has Black in both games against D
    let s = standings(&games, &options(System::Sjtu));
    assert_eq!(s.pairing, Pairing::RoundRobin);
    assert_eq!(s.games_per_pairing, Some(2));
    let messages: Vec<String> = s.schedule.iter().map(ToString::to_string).collect();
    assert_eq!(
        messages,
        [
            "A and B played 3 games, 1 more than the 2 of every pairing",
            "A had Black 2 times and D 0 times in their games: colours are not balanced",
            "C and D played 1 game of 2: 1 missing",
        ],
        "{:?}",
        ranking(&s)
    );
}

#[test]
fn a_pair_that_never_met_makes_the_event_swiss_unless_told() {
    let games: Vec<Entry> = double_rr()
        .into_iter()
        .filter(|g| {
            let names = [g.black.as_deref(), g.white.as_deref()];
            !(names.contains(&Some("C")) && names.contains(&Some("D")))
        })
        .collect();
    assert_eq!(
        standings(&games, &options(System::Sjtu)).pairing,
        Pairing::Swiss
    );
    let mut o = options(System::Sjtu);
    o.pairing = Some(Pairing::RoundRobin);
    let s = standings(&games, &o);
    assert_eq!(
        s.schedule
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>(),
        ["C and D played 0 games of 2: 2 missing"]
    );
}

#[test]
fn names_match_after_trimming_and_case_folding() {
    let games = [
        game("  AlphaGo ", "Lee Sedol", B),
        game("lee sedol", "ALPHAGO", B),
        game("Ärger", "alphago", W),
        game("ärger", "Lee Sedol", Draw),
    ];
    let s = standings(&games, &options(System::Wins));
    let names: Vec<&str> = s.players.iter().map(|p| p.player.as_str()).collect();
    // Shown as first met: "AlphaGo" (trimmed), "Lee Sedol", "Ärger".
    assert_eq!(names, ["AlphaGo", "Lee Sedol", "Ärger"]);
    assert_eq!(row(&s, "AlphaGo").wins, 2);
    assert_eq!(row(&s, "Lee Sedol").wins, 1);
    assert_eq!(row(&s, "Ärger").draws, 1);
    assert_eq!(s.games[1].white_name.as_deref(), Some("AlphaGo"));
}

#[test]
fn aliases_merge_names_and_follow_chains() {
    let games = [
        game("Leela Zero 0.17", "KataGo", W),
        game("LZ", "KataGo", B),
        game("katago v1.4", "leela", Draw),
    ];
    let aliases = Aliases::parse(&[
        "Leela Zero 0.17=Leela Zero",
        "lz = leela zero 0.17",
        "leela=LZ",
        "KataGo v1.4=KataGo",
    ])
    .expect("aliases");
    let o = Options {
        system: System::Wins,
        pairing: None,
        aliases,
    };
    let s = standings(&games, &o);
    let names: Vec<&str> = s.players.iter().map(|p| p.player.as_str()).collect();
    assert_eq!(names, ["KataGo", "Leela Zero"]);
    assert_eq!(s.players[0].points, 1.5);
    assert_eq!(s.players[1].points, 1.5);
    assert_eq!(s.players[0].rank, 1);
    assert!(s.players[0].shared);
    assert!(s.games.iter().all(|g| g.status == GameStatus::Counted));
}

#[test]
fn bad_aliases_are_errors() {
    let err = |specs: &[&str]| Aliases::parse(specs).expect_err("an error");
    assert_eq!(
        err(&["no equals sign"]),
        StandingsError::AliasForm("no equals sign".into())
    );
    assert_eq!(err(&["=B"]), StandingsError::AliasForm("=B".into()));
    assert_eq!(
        err(&["Kata=kata "]),
        StandingsError::AliasSelf("Kata=kata ".into())
    );
    assert!(matches!(
        err(&["A=B", "b=C", "C=a"]),
        StandingsError::AliasCycle(_)
    ));
    assert_eq!(
        err(&["A=B", "a=C"]),
        StandingsError::AliasTwice("a".into(), "A=B".into(), "a=C".into())
    );
    assert!(
        Aliases::parse(&["A=B", "a = B"]).is_ok(),
        "the same alias twice is fine"
    );
}

#[test]
fn games_that_cannot_count_are_listed_and_never_dropped() {
    let mut games = vec![
        game("A", "B", B),
        game("B", "A", NoResult),
        game("A", "B", Unknown),
        game("A", "a ", B),
    ];
    games.push(Entry {
        black: None,
        white: Some("B".into()),
        outcome: B,
        warnings: [0, 0],
    });
    games.push(Entry {
        black: Some("  ".into()),
        white: Some("C".into()),
        outcome: W,
        warnings: [0, 0],
    });
    let s = standings(&games, &options(System::Sjtu));
    let statuses: Vec<GameStatus> = s.games.iter().map(|g| g.status).collect();
    assert_eq!(
        statuses,
        [
            GameStatus::Counted,
            GameStatus::NoResult,
            GameStatus::NotAdjudicated,
            GameStatus::SamePlayer,
            GameStatus::Unattributed,
            GameStatus::Unattributed,
        ]
    );
    assert_eq!(s.games.len(), games.len());
    let a = row(&s, "A");
    assert_eq!((a.points, a.wins, a.no_result), (1.0, 1, 1));
    // Every game between A and B was played, whatever its result: three of them.
    assert_eq!(a.as_black + a.as_white, 3);
    assert_eq!(s.games[1].black_points, None);
    assert_eq!(s.games[4].white_name.as_deref(), Some("B"));
    // C plays only an unattributed game: listed with nothing, and nothing is +0 (the
    // text would show -0 as `-0`).
    let c = row(&s, "C");
    assert_eq!(c.points, 0.0);
    for value in [c.points, c.tie_breaks.sos, c.tie_breaks.sodos] {
        assert!(value.is_sign_positive(), "{value}");
    }
}

#[test]
fn a_preset_brings_its_own_system() {
    assert_eq!(System::of_preset("sjtu"), System::Sjtu);
    assert_eq!(System::of_preset("chinese"), System::Chinese);
    assert_eq!(System::of_preset("japanese"), System::Wins);
    assert_eq!(System::of_preset("aga"), System::Wins);
    for s in System::ALL {
        assert_eq!(System::from_name(s.name()), Some(s));
    }
}

#[test]
fn the_json_keys_do_not_depend_on_the_system() {
    let keys = |system| {
        let s = standings(&double_rr(), &options(system));
        let json = serde_json::to_value(&s.players[0]).expect("json");
        let mut keys: Vec<String> = json["tie_breaks"]
            .as_object()
            .expect("object")
            .keys()
            .cloned()
            .collect();
        keys.sort();
        keys
    };
    assert_eq!(keys(System::Wins), ["sodos", "sos", "total", "warnings"]);
    assert_eq!(keys(System::Chinese), keys(System::Sjtu));
}

/// Issue 27, item 7: a mixed event (a final of three games between F and G, plus one
/// game each for P and Q) has no common number of rounds, so the Swiss total, which
/// would put G (0 points in 3 games, but a high SOS) above P (2 points in 1 game), is
/// not used: points first, then SOS.
#[test]
fn the_swiss_total_is_used_only_when_every_player_played_the_same_rounds() {
    let entries = vec![
        game("F", "G", B),
        game("G", "F", W),
        game("F", "G", B),
        game("P", "Q", B),
    ];
    let s = standings(&entries, &options(System::Chinese));
    assert_eq!(s.pairing, Pairing::Swiss);
    assert_eq!(s.total_not_used, Some((1, 3)));
    assert!(s.players.iter().all(|p| p.tie_breaks.total.is_none()));
    // F 6 points; P 2; G and Q 0, G ahead on SOS (18 against 2).
    assert_eq!(ranking(&s), [(1, "F"), (2, "P"), (3, "G"), (4, "Q")]);

    // Every player with the same rounds: the total as before.
    let even = vec![game("A", "B", B), game("C", "D", W)];
    let s = standings(&even, &options(System::Chinese));
    assert_eq!(s.total_not_used, None);
    assert!(s.players.iter().all(|p| p.tie_breaks.total.is_some()));
}

#[test]
fn names_a_version_or_level_apart_are_suggested_as_aliases() {
    let names: Vec<String> = [
        "GNU Go 3.7.10",
        "GNU Go 3.7.10 lev 16",
        "Leela",
        "Leela v2",
        "GNU Go 3.8 #1",
        "GNU Go 3.8 #2",
        "gnugo1",
        "gnugo",
        "Zen level seven",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    assert_eq!(
        alias_suggestions(&names),
        [
            (
                "GNU Go 3.7.10 lev 16".to_string(),
                "GNU Go 3.7.10".to_string()
            ),
            ("Leela v2".to_string(), "Leela".to_string()),
        ]
    );
}
