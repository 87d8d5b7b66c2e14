//! Each finding kind on a small record, beside a near miss that must stay legal.

use super::*;
use crate::rules::RuleSet;
use crate::sgf;

fn record(text: &str) -> GameRecord {
    match sgf::load(text.as_bytes()) {
        Ok(mut games) if !games.is_empty() => match games.remove(0) {
            Ok(game) => game,
            Err(e) => panic!("test record does not load: {e}"),
        },
        other => panic!("test record does not load: {other:?}"),
    }
}

fn rules(name: &str) -> RuleSet {
    RuleSet::preset(name).unwrap_or_else(|| panic!("no preset {name}"))
}

fn run(text: &str, preset: &str) -> Replay {
    replay(&record(text), &rules(preset)).expect("replayable")
}

/// The (kind, move number) of every finding.
fn kinds(r: &Replay) -> Vec<(FindingKind, Option<usize>)> {
    r.findings.iter().map(|f| (f.kind, f.move_number)).collect()
}

fn has(r: &Replay, kind: FindingKind) -> bool {
    r.findings.iter().any(|f| f.kind == kind)
}

fn find(r: &Replay, kind: FindingKind) -> &Finding {
    r.findings
        .iter()
        .find(|f| f.kind == kind)
        .unwrap_or_else(|| panic!("no {kind} finding in {:?}", kinds(r)))
}

// A ko in the middle of a 9x9 board. After move 8 Black can take at E6 (`ed`).
const KO_SETUP: &str = "B[dc];W[ec];B[cd];W[dd];B[de];W[ee];B[ii];W[fd]";

#[test]
fn occupied_point_is_illegal() {
    let r = run("(;SZ[9];B[ee];W[dd];B[dd])", "chinese");
    let f = find(&r, FindingKind::Occupied);
    assert_eq!(f.move_number, Some(3));
    assert_eq!(f.color, Some(Color::Black));
    assert_eq!(f.point.map(|p| p.to_d4(9)), Some("D6".into()));
    assert_eq!(f.severity, Severity::Illegal);
    assert_eq!(f.consequence, Consequence::Void);
    assert!(!r.is_valid());
    // The stone could not be placed: the white stone is still there.
    assert_eq!(r.board.get(Point::new(3, 3)), Some(Color::White));
}

#[test]
fn near_miss_playing_next_to_a_stone_is_legal() {
    let r = run("(;SZ[9];B[ee];W[dd];B[de])", "chinese");
    assert!(r.is_valid(), "{:?}", kinds(&r));
}

#[test]
fn suicide_is_illegal_where_forbidden_and_legal_under_tromp_taylor() {
    let text = "(;SZ[5];B[cc];W[ba];B[dd];W[ab];B[aa])";
    let r = run(text, "chinese");
    let f = find(&r, FindingKind::Suicide);
    assert_eq!(f.move_number, Some(5));
    assert_eq!(f.point.map(|p| p.to_d4(5)), Some("A5".into()));
    // Under Tromp-Taylor the same play is legal: the stone just disappears.
    let tt = run(text, "tromp-taylor");
    assert!(!has(&tt, FindingKind::Suicide), "{:?}", kinds(&tt));
    assert_eq!(tt.board.get(Point::new(0, 0)), None);
}

/// Issue 12, item 1: a single-stone suicide leaves the board as it was, so it also
/// "recreates" the position before it; the rule set forbids it as a suicide first, and
/// that is the one finding and the one illegal move.
#[test]
fn single_stone_suicide_is_one_suicide_not_also_a_superko() {
    let text = "(;SZ[5];B[cc];W[ad];B[dd];W[be];B[ae])";
    for preset in ["chinese", "aga", "japanese"] {
        let r = run(text, preset);
        let illegal: Vec<_> = r.illegal().map(|f| (f.kind, f.move_number)).collect();
        assert_eq!(illegal, [(FindingKind::Suicide, Some(5))], "{preset}");
        assert_eq!(r.illegal_count, 1, "{preset}");
    }
    // Where suicide is allowed, the same play is forbidden by positional superko alone.
    let tt = run(text, "tromp-taylor");
    let illegal: Vec<_> = tt.illegal().map(|f| (f.kind, f.move_number)).collect();
    assert_eq!(illegal, [(FindingKind::Superko, Some(5))]);
}

/// Issue 12, item 1: two findings at one move (out of turn, on an occupied point) are
/// one illegal move.
#[test]
fn illegal_count_counts_moves_not_findings() {
    let r = run("(;SZ[9];B[ee];W[dd];W[ee];B[cc];W[cc])", "chinese");
    let illegal: Vec<_> = r.illegal().map(|f| (f.kind, f.move_number)).collect();
    assert_eq!(
        illegal,
        [
            (FindingKind::OutOfTurn, Some(3)),
            (FindingKind::Occupied, Some(3)),
            (FindingKind::Occupied, Some(5)),
        ]
    );
    assert_eq!(r.illegal_count, 2);
}

#[test]
fn near_miss_a_capture_that_looks_like_suicide_is_legal() {
    // A1-like corner: Black fills the last liberty of two white stones, capturing them.
    let r = run(
        "(;SZ[5];B[ca];W[ba];B[bb];W[ab];B[ac];W[ee];B[aa])",
        "chinese",
    );
    assert!(r.is_valid(), "{:?}", kinds(&r));
    assert_eq!(r.board.get(Point::new(0, 0)), Some(Color::Black));
    assert_eq!(r.board.get(Point::new(1, 0)), None);
    assert_eq!(r.board.get(Point::new(0, 1)), None);
}

#[test]
fn immediate_ko_recapture_is_illegal() {
    let r = run(&format!("(;SZ[9];{KO_SETUP};B[ed];W[dd])"), "japanese");
    let f = find(&r, FindingKind::Ko);
    assert_eq!(f.move_number, Some(10));
    assert_eq!(f.color, Some(Color::White));
    assert_eq!(f.consequence, Consequence::Loss);
    assert_eq!(
        r.loss,
        Some(Loss {
            loser: Color::White,
            move_number: 10,
            kind: FindingKind::Ko
        })
    );
    // Under a superko rule set the immediate retake is still reported as ko.
    let r = run(&format!("(;SZ[9];{KO_SETUP};B[ed];W[dd])"), "chinese");
    assert_eq!(
        kinds(&r).iter().filter(|k| k.0 == FindingKind::Ko).count(),
        1
    );
    assert!(!has(&r, FindingKind::Superko));
}

#[test]
fn near_miss_ko_retaken_after_a_threat_is_legal() {
    let text = format!("(;SZ[9];{KO_SETUP};B[ed];W[aa];B[ab];W[dd])");
    for preset in ["japanese", "chinese", "aga", "tromp-taylor"] {
        let r = run(&text, preset);
        assert!(
            !has(&r, FindingKind::Ko) && !has(&r, FindingKind::Superko),
            "{preset}: {:?}",
            kinds(&r)
        );
    }
}

#[test]
fn near_miss_snapback_is_legal() {
    let text = "(;SZ[9];B[aa];W[ba];B[ab];W[bb];B[bc];W[cb];B[cc];W[db];B[dc];W[ii];\
                B[eb];W[hh];B[ea];W[gg];B[ca];W[da];B[ca])";
    let r = run(text, "japanese");
    assert!(r.is_valid(), "{:?}", kinds(&r));
    // Black's second stone on C9 took back five white stones.
    assert_eq!(r.board.get(Point::new(2, 0)), Some(Color::Black));
    assert_eq!(r.board.get(Point::new(3, 0)), None);
    assert_eq!(r.board.removed(Color::White), 5);
}

// After move 8 Black takes the ko, both players pass, and White retakes: the board after
// move 8 comes back with Black to move.
const PASS_CYCLE: &str =
    "(;SZ[9];B[dc];W[ec];B[cd];W[dd];B[de];W[ee];B[ii];W[fd];B[ed];W[];B[];W[dd])";

#[test]
fn superko_names_the_move_that_made_the_earlier_position() {
    for preset in ["chinese", "aga", "tromp-taylor", "wmsg"] {
        let r = run(PASS_CYCLE, preset);
        let f = find(&r, FindingKind::Superko);
        assert_eq!(f.move_number, Some(12), "{preset}");
        assert!(f.detail.contains("after move 8"), "{preset}: {}", f.detail);
        assert!(!has(&r, FindingKind::Ko), "{preset}: passes cleared the ko");
    }
}

/// The history keeps the move that first made each position: a position that comes back
/// a third time is named by its first occurrence, not by the repetition in between. After
/// PASS_CYCLE (move 12 repeats move 8), Black retakes after two passes (move 15 repeats
/// move 9) and White after two more (move 18 repeats move 8 again).
#[test]
fn a_position_made_three_times_is_named_by_the_first() {
    let text = "(;SZ[9];B[dc];W[ec];B[cd];W[dd];B[de];W[ee];B[ii];W[fd];B[ed];W[];B[];W[dd];\
                B[];W[];B[ed];W[];B[];W[dd])";
    for preset in ["chinese", "tromp-taylor"] {
        let r = run(text, preset);
        let superkos: Vec<(Option<usize>, &str)> = r
            .findings
            .iter()
            .filter(|f| f.kind == FindingKind::Superko)
            .map(|f| (f.move_number, f.detail.as_str()))
            .collect();
        let numbers: Vec<Option<usize>> = superkos.iter().map(|&(n, _)| n).collect();
        assert_eq!(numbers, [Some(12), Some(15), Some(18)], "{preset}");
        for ((_, detail), earlier) in superkos.iter().zip([8, 9, 8]) {
            assert!(
                detail.contains(&format!("after move {earlier}")),
                "{preset}: {detail}"
            );
        }
    }
}

#[test]
fn simple_ko_allows_the_cycle_but_reports_the_repetition() {
    let r = run(PASS_CYCLE, "japanese");
    assert!(r.is_valid(), "{:?}", kinds(&r));
    let f = find(&r, FindingKind::Repetition);
    assert_eq!(f.move_number, Some(12));
    assert_eq!(f.consequence, Consequence::NoResult);
    let r = run(PASS_CYCLE, "sjtu");
    assert_eq!(
        find(&r, FindingKind::Repetition).consequence,
        Consequence::Draw
    );
    assert_eq!(r.cycle, Some(Consequence::Draw));
}

// Two kos. After move 14 (White) the position X stands with Black to move. Black takes
// ko 1, White takes ko 2, Black passes, White retakes ko 1, Black retakes ko 2: the board
// is X again, now with White to move.
const DOUBLE_KO: &str = "(;SZ[9];B[dc];W[ec];B[cd];W[dd];B[de];W[ee];B[eg];W[fd];B[dh];W[dg];\
                         B[ei];W[ch];B[fh];W[di];B[ed];W[eh];B[];W[dd];B[dh])";

#[test]
fn same_board_other_player_to_move_is_positional_superko_only() {
    let positional = run(DOUBLE_KO, "chinese");
    let f = find(&positional, FindingKind::Superko);
    assert_eq!(f.move_number, Some(19));
    assert!(f.detail.contains("after move 14"), "{}", f.detail);

    for preset in ["aga", "nz"] {
        let situational = run(DOUBLE_KO, preset);
        assert!(
            situational.is_valid(),
            "{preset}: {:?}",
            kinds(&situational)
        );
    }
    let natural = replay(
        &record(DOUBLE_KO),
        &rules("aga").with_ko(KoRule::NaturalSituational),
    )
    .expect("replayable");
    assert!(natural.is_valid(), "{:?}", kinds(&natural));
}

#[test]
fn natural_situational_superko_ignores_positions_made_by_passes() {
    // After move 9 Black takes ko 1 (position Q, White to move); White passes, so Q also
    // stands with Black to move, made by a pass. Black passes; White takes ko 2 ... the
    // board Q never comes back by White's own stone play in the natural reading.
    let text = "(;SZ[9];B[dc];W[ec];B[cd];W[dd];B[de];W[ee];B[ii];W[fd];B[ed];W[];B[];W[dd])";
    let first = run(text, "aga");
    assert!(has(&first, FindingKind::Superko));
    let natural = replay(
        &record(text),
        &rules("aga").with_ko(KoRule::NaturalSituational),
    )
    .expect("replayable");
    // White's retake recreates the position after move 8, which White made with a stone
    // play (W[fd]): illegal in both readings.
    assert!(has(&natural, FindingKind::Superko));
}

#[test]
fn out_of_turn_is_illegal_and_loses_under_chinese() {
    let r = run("(;SZ[9];B[ee];W[dd];W[cc])", "chinese");
    let f = find(&r, FindingKind::OutOfTurn);
    assert_eq!(f.move_number, Some(3));
    assert_eq!(f.color, Some(Color::White));
    assert_eq!(f.consequence, Consequence::Loss);
    let r = run("(;SZ[9];B[ee];W[];W[dd])", "aga");
    assert!(has(&r, FindingKind::OutOfTurn));
}

#[test]
fn near_miss_free_placement_handicap_is_not_out_of_turn() {
    let r = run("(;SZ[9]HA[2];B[cc];B[gg];W[ee];B[dd])", "chinese");
    assert!(r.is_valid(), "{:?}", kinds(&r));
    assert!(!has(&r, FindingKind::HandicapMismatch));
    assert_eq!(r.free_handicap_moves, 2);
    // A third Black move in a row is out of turn.
    let r = run("(;SZ[9]HA[2];B[cc];B[gg];B[ee])", "chinese");
    assert_eq!(find(&r, FindingKind::OutOfTurn).move_number, Some(3));
}

#[test]
fn off_board_move_is_illegal() {
    let r = run("(;SZ[9];B[ee];W[zz])", "chinese");
    let f = find(&r, FindingKind::OffBoard);
    assert_eq!(f.move_number, Some(2));
    assert_eq!(f.point, None);
}

#[test]
fn near_miss_tt_is_a_pass_on_19x19_but_a_point_on_21x21() {
    let r = run("(;SZ[19];B[dd];W[tt];B[pp])", "chinese");
    assert!(r.is_valid(), "{:?}", kinds(&r));
    assert_eq!(r.passes, [0, 1]);
    let r = run("(;SZ[21];B[dd];W[tt];B[pp])", "tromp-taylor");
    assert!(r.is_valid(), "{:?}", kinds(&r));
    assert_eq!(r.passes, [0, 0]);
    assert_eq!(r.board.get(Point::new(19, 19)), Some(Color::White));
}

#[test]
fn black_passing_last_is_unequal_under_aga() {
    let r = run("(;SZ[9]KM[7.5];B[ee];W[dd];B[];W[];B[])", "aga");
    let f = find(&r, FindingKind::UnequalMoves);
    assert_eq!(f.color, Some(Color::Black));
    assert!(r.is_valid(), "a warning, not an illegal move");
}

#[test]
fn near_miss_white_passing_last_is_equal_under_aga() {
    let r = run("(;SZ[9]KM[7.5];B[ee];W[dd];B[];W[])", "aga");
    assert!(!has(&r, FindingKind::UnequalMoves), "{:?}", kinds(&r));
    // Chinese has no last-move rule.
    let r = run("(;SZ[9]KM[7.5];B[ee];W[dd];B[];W[];B[])", "chinese");
    assert!(!has(&r, FindingKind::UnequalMoves));
}

#[test]
fn setup_after_play_started_is_illegal_and_applied() {
    let r = run("(;SZ[9];B[ee];W[dd];AB[cc];B[gg])", "chinese");
    let f = find(&r, FindingKind::SetupInPlay);
    assert_eq!(f.node, Some(3));
    assert_eq!(f.severity, Severity::Illegal);
    assert_eq!(f.consequence, Consequence::NoResult);
    assert!(!r.is_valid());
    assert_eq!(
        r.unplayed,
        Some(Unplayed {
            kind: FindingKind::SetupInPlay,
            node: 3,
            after_move: 2
        })
    );
    assert_eq!(r.board.get(Point::new(2, 2)), Some(Color::Black));
}

#[test]
fn setup_in_play_has_the_rule_sets_consequence() {
    for (preset, consequence) in [
        ("aga", Consequence::NoResult),
        ("ace", Consequence::NoResult),
        ("japanese", Consequence::NoResult),
        ("sjtu", Consequence::NoResult),
        ("tromp-taylor", Consequence::None),
        ("nz", Consequence::None),
        ("wmsg", Consequence::None),
        ("ing", Consequence::None),
    ] {
        let r = run("(;SZ[9];B[ee];W[dd];AE[dd];B[gg])", preset);
        let f = find(&r, FindingKind::SetupInPlay);
        assert_eq!(f.severity, Severity::Illegal, "{preset}");
        assert_eq!(f.consequence, consequence, "{preset}");
        assert_eq!(r.unplayed.is_some(), consequence == Consequence::NoResult);
    }
}

#[test]
fn setup_after_the_last_stone_play_is_reported_and_not_applied() {
    // Cgoban 1 takes dead stones off with AE after the passes (engine-games/arb/game01.sgf).
    let r = run("(;SZ[9];B[ee];W[dd];B[];W[];AE[dd])", "chinese");
    let f = find(&r, FindingKind::SetupInPlay);
    assert_eq!(f.severity, Severity::Warning);
    assert!(r.is_valid());
    assert_eq!(r.unplayed, None);
    assert_eq!(r.board.get(Point::new(3, 3)), Some(Color::White));
}

#[test]
fn setup_on_a_stone_of_the_other_colour_is_named() {
    let r = run("(;SZ[9];B[ee];W[dd];AB[dd][cc];B[gg])", "chinese");
    let f = find(&r, FindingKind::Occupied);
    assert_eq!(f.severity, Severity::Warning);
    assert_eq!(f.point, Some(Point::new(3, 3)));
    assert!(f.detail.contains("1 stone on points"), "{}", f.detail);
    // A setup node with several findings counts once.
    assert_eq!(r.illegal_count, 1);
}

#[test]
fn setup_leaving_a_chain_without_liberties_is_illegal() {
    let r = run("(;SZ[9]AB[aa]AW[ba][ab];B[ee])", "chinese");
    let f = find(&r, FindingKind::NoLiberties);
    assert_eq!(f.severity, Severity::Illegal);
    assert_eq!(f.point, Some(Point::new(0, 0)));
    assert_eq!(f.color, Some(Color::Black));
    // Mid-game: White's setup stones take the last liberty of Black's corner chain.
    let r = run(
        "(;SZ[9];B[aa];W[ee];B[ab];W[ff];AW[ba][bb][ac];B[gg])",
        "chinese",
    );
    let f = find(&r, FindingKind::NoLiberties);
    assert!(f.detail.contains("1 chain of 2 stones"), "{}", f.detail);
}

#[test]
fn near_miss_setup_with_liberties_left_is_not_flagged() {
    let r = run("(;SZ[9]AB[aa]AW[ba];B[ee])", "chinese");
    assert!(!has(&r, FindingKind::NoLiberties), "{:?}", kinds(&r));
}

#[test]
fn a_main_line_cut_short_is_a_truncated_finding() {
    let r = run("(;SZ[9];B[gg]x;W[ee];B[ee];B[ee])", "chinese");
    let f = find(&r, FindingKind::Truncated);
    assert_eq!(f.node, Some(1));
    assert!(!r.is_valid());
    let r = run("(;SZ[9];B[gg](;W[ee])(;W[cc]x))", "chinese");
    assert!(!has(&r, FindingKind::Truncated), "{:?}", kinds(&r));
    assert!(r.is_valid());
}

#[test]
fn near_miss_a_player_to_move_in_play_is_not_setup() {
    // KGS writes PL[B] on a move node (engine-games/FSGCBot-dr.sgf, node 10).
    let r = run("(;SZ[9];B[ee];W[dd]PL[B];B[gg])", "chinese");
    assert!(!has(&r, FindingKind::SetupInPlay), "{:?}", kinds(&r));
}

#[test]
fn near_miss_setup_before_the_first_move_is_not_in_play() {
    let r = run("(;SZ[9]HA[2];AB[cc][gg];W[ee];B[dd])", "chinese");
    assert!(!has(&r, FindingKind::SetupInPlay), "{:?}", kinds(&r));
    assert!(!has(&r, FindingKind::HandicapMismatch), "{:?}", kinds(&r));
}

#[test]
fn komi_that_differs_from_the_rule_set_is_reported() {
    let r = run("(;SZ[19]KM[6.5];B[pd])", "aga");
    let f = find(&r, FindingKind::KomiMismatch);
    assert!(
        f.detail.contains("6.5") && f.detail.contains("7.5"),
        "{}",
        f.detail
    );
    let r = run("(;SZ[19]KM[7.5];B[pd])", "aga");
    assert!(!has(&r, FindingKind::KomiMismatch));
    // Handicap games use the handicap komi.
    let r = run("(;SZ[19]HA[2]AB[dp][pd]KM[0.5];W[dd])", "aga");
    assert!(!has(&r, FindingKind::KomiMismatch), "{:?}", kinds(&r));
}

#[test]
fn board_size_outside_the_rule_set_is_reported() {
    let r = run("(;SZ[19];B[pd])", "sjtu");
    assert!(has(&r, FindingKind::SizeMismatch));
    let r = run("(;SZ[13];B[jd])", "sjtu");
    assert!(!has(&r, FindingKind::SizeMismatch));
    let r = run("(;SZ[7:11];B[cc])", "tromp-taylor");
    assert!(!has(&r, FindingKind::SizeMismatch));
}

#[test]
fn handicap_that_disagrees_with_the_setup_is_reported() {
    let r = run("(;SZ[19]HA[3]AB[dd][pp];W[dp])", "japanese");
    assert!(has(&r, FindingKind::HandicapMismatch));
    let r = run("(;SZ[19]AB[dd][pp];W[dp])", "japanese");
    assert!(has(&r, FindingKind::HandicapMismatch));
    let r = run("(;SZ[19]HA[2]AB[dd][pp];W[dp])", "japanese");
    assert!(!has(&r, FindingKind::HandicapMismatch));
}

#[test]
fn a_counted_result_without_final_passes_is_not_finished() {
    let r = run("(;SZ[9]RE[B+3.5];B[ee];W[dd])", "chinese");
    assert!(has(&r, FindingKind::NotFinished));
    let r = run("(;SZ[9]RE[B+3.5];B[ee];W[dd];B[];W[])", "chinese");
    assert!(!has(&r, FindingKind::NotFinished));
    let r = run("(;SZ[9]RE[B+R];B[ee];W[dd])", "chinese");
    assert!(!has(&r, FindingKind::NotFinished));
}

#[test]
fn negative_time_left_is_a_time_overrun() {
    let r = run("(;SZ[13];B[dd]BL[10];W[jj]WL[-2])", "sjtu");
    let f = find(&r, FindingKind::TimeOverrun);
    assert_eq!(f.move_number, Some(2));
    assert_eq!(f.consequence, Consequence::Loss);
    let r = run("(;SZ[13];B[dd]BL[10];W[jj]WL[0.5])", "sjtu");
    assert!(!has(&r, FindingKind::TimeOverrun));
}

#[test]
fn a_move_over_the_per_move_limit_is_a_time_overrun_on_a_running_clock() {
    // SJTU allows 3 s per move. Black's clock drops 2 s, then 4.5 s.
    let text = "(;SZ[13]TM[600];B[dd]BL[598];W[jj]WL[599];B[dj]BL[593.5];W[jd]WL[597])";
    let r = run(text, "sjtu");
    let f = find(&r, FindingKind::TimeOverrun);
    assert_eq!(f.move_number, Some(3));
    assert_eq!(f.color, Some(Color::Black));
    assert_eq!(f.consequence, Consequence::Loss);
    assert_eq!(
        f.detail,
        "Black took 4.5s for move 3 (the clock went from 598s to 593.5s), over the limit of \
         3s per move"
    );
    assert_eq!(kinds(&r).len(), 1, "{:?}", kinds(&r));
    // Near misses: exactly 3 s; the same clock under a rule set with no per-move limit;
    // overtime periods, which restart the clock; and each move's own allowance written as
    // the time left (never above the limit).
    let r = run(
        "(;SZ[13]TM[600];B[dd]BL[598];W[jj]WL[599];B[dj]BL[595];W[jd]WL[597])",
        "sjtu",
    );
    assert!(!has(&r, FindingKind::TimeOverrun), "{:?}", kinds(&r));
    let r = run(text, "chinese");
    assert!(!has(&r, FindingKind::TimeOverrun));
    let r = run(
        "(;SZ[13]TM[600]OT[5x30 byo-yomi];B[dd]BL[598];W[jj]WL[599];B[dj]BL[593.5])",
        "sjtu",
    );
    assert!(!has(&r, FindingKind::TimeOverrun));
    let r = run(
        "(;SZ[13];B[dd]BL[2.9];W[jj]WL[0.1];B[dj]BL[0.4];W[jd]WL[2])",
        "sjtu",
    );
    assert!(!has(&r, FindingKind::TimeOverrun));
}

#[test]
fn the_replay_goes_on_after_a_finding() {
    // An occupied point at move 3, White twice at move 5, a ko violation at move 15.
    let text = format!("(;SZ[9];B[aa];W[ab];B[ab];W[bb];W[hb];{KO_SETUP};B[ed];W[dd])");
    let r = run(&text, "japanese");
    let found = kinds(&r);
    assert!(
        found.contains(&(FindingKind::Occupied, Some(3))),
        "{found:?}"
    );
    assert!(
        found.contains(&(FindingKind::OutOfTurn, Some(5))),
        "{found:?}"
    );
    assert!(found.contains(&(FindingKind::Ko, Some(15))), "{found:?}");
}

#[test]
fn aga_illegal_move_stands_once_the_opponent_replied() {
    let r = run("(;SZ[9];B[ee];W[ee];B[dd])", "aga");
    assert_eq!(
        find(&r, FindingKind::Occupied).consequence,
        Consequence::Pass
    );
    let text = format!("(;SZ[9];{KO_SETUP};B[ed];W[dd];B[aa])");
    let r = run(&text, "aga");
    assert_eq!(find(&r, FindingKind::Ko).consequence, Consequence::None);
    let text = format!("(;SZ[9];{KO_SETUP};B[ed];W[dd])");
    let r = run(&text, "aga");
    assert_eq!(find(&r, FindingKind::Ko).consequence, Consequence::Pass);
}

#[test]
fn superko_is_confirmed_across_checkpoints() {
    // Push the cycle past several checkpoints with moves far from the ko: Black fills
    // columns L-O and White columns Q-T, so nothing is captured.
    let letter = |v: u8| (b'a' + v) as char;
    let mut filler = String::new();
    let pairs = 70u8;
    for k in 0..pairs {
        let row = letter(k / 4);
        filler.push_str(&format!(
            ";B[{}{row}];W[{}{row}]",
            letter(10 + k % 4),
            letter(15 + k % 4)
        ));
    }
    let n = 2 * usize::from(pairs);
    let text = format!(
        "(;SZ[19]{};B[dc];W[ec];B[cd];W[dd];B[de];W[ee];B[ii];W[fd];B[ed];W[];B[];W[dd])",
        filler
    );
    let r = run(&text, "chinese");
    let f = find(&r, FindingKind::Superko);
    assert_eq!(f.move_number, Some(n + 12));
    assert!(
        f.detail.contains(&format!("after move {}", n + 8)),
        "{}",
        f.detail
    );
}

mod superko_reference {
    //! Random games on small boards, where positions repeat often, against a slow
    //! reference that keeps every earlier position as a plain byte vector.

    use super::*;
    use proptest::prelude::*;

    /// SGF text for `moves` (x, y) on a `size` board; a point off the board is a pass.
    fn sgf_of(size: u8, moves: &[(u8, u8)]) -> String {
        let mut text = format!("(;SZ[{size}]");
        for (i, &(x, y)) in moves.iter().enumerate() {
            let color = if i % 2 == 0 { 'B' } else { 'W' };
            if x >= size || y >= size {
                text.push_str(&format!(";{color}[]"));
            } else {
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

    /// The move numbers the reference says repeat an earlier position under `ko`.
    fn reference(size: u8, moves: &[(u8, u8)], ko: KoRule) -> Vec<usize> {
        let mut board = Board::new(size, size).expect("size");
        // (position bytes, player to move as 0/1, made by a stone play of colour 0/1/none)
        let mut seen: Vec<(Vec<u8>, u8, Option<u8>)> = Vec::new();
        let mut bytes = Vec::new();
        board.write_position(&mut bytes);
        seen.push((bytes.clone(), 0, None));
        let mut expected = Vec::new();
        for (i, &(x, y)) in moves.iter().enumerate() {
            let color = if i % 2 == 0 {
                Color::Black
            } else {
                Color::White
            };
            let c = color.index() as u8;
            let mut stone_play = false;
            if x >= size || y >= size {
                board.pass();
            } else {
                match board.play(color, Point::new(x, y)) {
                    Ok(outcome) => {
                        stone_play = true;
                        board.write_position(&mut bytes);
                        let to_move = 1 - c;
                        let repeats = seen.iter().any(|(pos, who, maker)| {
                            pos == &bytes
                                && match ko {
                                    KoRule::Positional => true,
                                    KoRule::Situational => *who == to_move,
                                    KoRule::NaturalSituational => *maker == Some(c),
                                    KoRule::Simple => false,
                                }
                        });
                        if repeats && !outcome.ko_recapture {
                            expected.push(i + 1);
                        }
                    }
                    Err(_) => board.pass(),
                }
            }
            board.write_position(&mut bytes);
            seen.push((bytes.clone(), 1 - c, stone_play.then_some(c)));
        }
        expected
    }

    /// The move numbers of the superko findings of `r`.
    fn superkos(r: &Replay) -> Vec<usize> {
        r.findings
            .iter()
            .filter(|f| f.kind == FindingKind::Superko)
            .filter_map(|f| f.move_number)
            .collect()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        #[test]
        fn superko_matches_a_full_position_set(
            size in 2u8..=4,
            moves in proptest::collection::vec((0u8..5, 0u8..5), 0..120),
        ) {
            let text = sgf_of(size, &moves);
            let game = record(&text);
            for ko in [KoRule::Positional, KoRule::Situational, KoRule::NaturalSituational] {
                let rules = RuleSet::preset("tromp-taylor").expect("preset").with_ko(ko);
                let r = replay(&game, &rules).expect("replayable");
                prop_assert_eq!(superkos(&r), reference(size, &moves, ko), "{:?} {}", ko, text);
            }
        }

        /// With only four bits of the board hash kept, most positions share a key with
        /// an earlier one: every superko still reported is a real repetition (the
        /// confirmation rejects the rest).
        #[test]
        fn forced_hash_collisions_report_only_real_repetitions(
            size in 2u8..=4,
            moves in proptest::collection::vec((0u8..5, 0u8..5), 0..120),
        ) {
            let text = sgf_of(size, &moves);
            let game = record(&text);
            for ko in [KoRule::Positional, KoRule::Situational, KoRule::NaturalSituational] {
                let rules = RuleSet::preset("tromp-taylor").expect("preset").with_ko(ko);
                let expected = reference(size, &moves, ko);
                for number in superkos(&replay_colliding(&game, &rules)) {
                    prop_assert!(expected.contains(&number), "{:?} move {} {}", ko, number, text);
                }
            }
        }
    }
}

/// Replay `record` with the board hash cut to its four low bits, so that positions
/// collide on purpose: every stone play then meets candidates that are not repetitions.
fn replay_colliding(record: &GameRecord, rules: &RuleSet) -> Replay {
    let mut replayer = Replayer::new(record, rules).expect("replayable");
    replayer.positions.hash_mask = 0xF;
    replayer.run(record.moves.len()).expect("replayable")
}

/// Issue 13: a Zobrist match is a candidate, never a verdict. A legal game of 140 moves
/// across three checkpoints, with positions colliding on purpose, has no superko.
#[test]
fn forced_hash_collisions_are_confirmed_before_a_superko_is_reported() {
    let letter = |v: u8| (b'a' + v) as char;
    let mut filler = String::new();
    for k in 0..70u8 {
        let row = letter(k / 4);
        filler.push_str(&format!(
            ";B[{}{row}];W[{}{row}]",
            letter(10 + k % 4),
            letter(15 + k % 4)
        ));
    }
    let legal = record(&format!("(;SZ[19]{filler})"));
    let colliding = replay_colliding(&legal, &rules("chinese"));
    assert!(colliding.findings.is_empty(), "{:?}", kinds(&colliding));
    // A game with a real cycle: with collisions forced, any superko reported is one the
    // plain replay reports too.
    let cycle = record(PASS_CYCLE);
    let found = replay_colliding(&cycle, &rules("chinese"));
    let plain = replay(&cycle, &rules("chinese")).expect("replayable");
    for f in found
        .findings
        .iter()
        .filter(|f| f.kind == FindingKind::Superko)
    {
        assert!(
            plain.findings.contains(f),
            "a superko that is not one: {f:?}"
        );
    }
}

#[test]
fn superko_confirmation_replays_setup_in_play() {
    // An AB node after move 2 stands in both positions: the earlier one is only
    // confirmed if rebuilding it applies the setup too.
    let text =
        "(;SZ[9];B[dc];W[ec];AB[hb];B[cd];W[dd];B[de];W[ee];B[ii];W[fd];B[ed];W[];B[];W[dd])";
    let r = run(text, "chinese");
    let f = find(&r, FindingKind::Superko);
    assert_eq!(f.move_number, Some(12));
    assert!(f.detail.contains("after move 8"), "{}", f.detail);
}

/// `position_after`: the board of a replay cut after move n, and the final board past
/// the end.
#[test]
fn position_after_is_the_board_after_that_many_moves() {
    let text = "(;GM[1]SZ[5];B[aa];W[ba];B[ab];W[bb];B[ac];W[ca])";
    let record = record(text);
    let rules = rules("chinese");
    let at = |n| {
        position_after(&record, &rules, n)
            .expect("replayable")
            .get(Point::new(0, 0))
    };
    assert_eq!(at(0), None);
    assert_eq!(at(1), Some(Color::Black));
    assert_eq!(
        position_after(&record, &rules, 6)
            .expect("replayable")
            .get(Point::new(2, 0)),
        Some(Color::White)
    );
    // The whole game equals the replay's final board.
    let whole = run(text, "chinese");
    assert!(
        position_after(&record, &rules, 99)
            .expect("replayable")
            .same_position(&whole.board)
    );
}
