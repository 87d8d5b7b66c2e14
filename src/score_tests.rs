//! Counting on small boards drawn as diagrams, every figure checked by hand.

use super::*;
use crate::rules::RuleSet;

fn board(diagram: &str) -> Board {
    Board::from_diagram(diagram).expect("a valid diagram")
}

fn rules(name: &str) -> RuleSet {
    name.parse().unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// An even game that ended with Black passing, then White.
fn facts(komi: f64) -> GameFacts {
    GameFacts {
        handicap: 0,
        komi,
        komi_source: KomiSource::Record,
        passes: [1, 1],
        ended_by_passes: true,
        last_mover: Some(Color::White),
        first_final_passer: Some(Color::Black),
        first_passer: Some(Color::Black),
    }
}

/// Black's wall on column C, White's on column E, column D empty: 7 neutral points.
const DAME_COLUMN: &str = "
    . . X . O . .
    . . X . O . .
    . . X . O . .
    . . X . O . .
    . . X . O . .
    . . X . O . .
    . . X . O . .
";

#[test]
fn area_counts_stones_and_surrounded_points() {
    let c = count(&board(DAME_COLUMN), &[], &rules("nz"), &facts(7.0));
    assert_eq!(c.black.stones, Some(7));
    assert_eq!(c.black.territory, 14);
    assert_eq!(c.white.stones, Some(7));
    assert_eq!(c.white.territory, 14);
    assert_eq!(c.neutral, 7);
    assert_eq!(c.black.total, 21.0);
    assert_eq!(c.white.total, 28.0);
    assert_eq!(c.margin, -7.0);
    // Not part of an area count: never a silent zero.
    assert_eq!(c.black.captures, None);
    assert_eq!(c.black.pass_stones, None);
}

#[test]
fn shared_neutral_points_and_the_half_board_reconcile() {
    let c = count(&board(DAME_COLUMN), &[], &rules("chinese"), &facts(7.5));
    assert_eq!(c.black.neutral_share, Some(3.5));
    assert_eq!(c.black.total, 24.5);
    assert_eq!(c.white.total, 24.5 + 7.5);
    let h = c
        .half_board
        .as_ref()
        .expect("chinese counts against half the board");
    assert_eq!(h.board_points, 49);
    assert_eq!(h.half, 24.5);
    assert_eq!(h.target, (49.0 + 7.5) / 2.0);
    assert_eq!(h.black_count, 24.5);
    assert_eq!(h.black_excess, 24.5 - 28.25);
    // Twice the excess is the difference method's margin.
    assert_eq!(c.margin, 2.0 * h.black_excess);
    assert_eq!(c.margin, c.black.total - c.white.total);
}

#[test]
fn territory_counts_prisoners_and_dead_stones_twice() {
    // The white stone on B2 is dead: a prisoner for Black and its point Black's.
    let b = board(
        "
        . . X O .
        . . X O .
        . . X O .
        . O X O .
        . . X O .
    ",
    );
    let dead = [Point::new(1, 3)];
    let c = count(&b, &dead, &rules("japanese"), &facts(6.5));
    assert_eq!(c.black.territory, 10);
    assert_eq!(c.black.dead, Some(1));
    assert_eq!(c.black.captures, Some(0));
    assert_eq!(c.black.prisoners(), Some(1));
    assert_eq!(c.white.territory, 5);
    assert_eq!(c.black.total, 11.0);
    assert_eq!(c.white.total, 11.5);
    assert_eq!(c.margin, -0.5);
    // Left on the board (no dead stones), the white stone spoils Black's region.
    let c = count(&b, &[], &rules("japanese"), &facts(6.5));
    assert_eq!(c.black.territory, 0);
    assert_eq!(c.neutral, 9);
}

#[test]
fn territory_marks_the_points_the_count_counts() {
    let b = board(
        "
        . . X O .
        . . X O .
        . . X O .
        . O X O .
        . . X O .
    ",
    );
    let dead = [Point::new(1, 3)];
    let [black, white] = territory(&b, &dead, &rules("japanese"));
    // Columns A and B (the dead stone's B2 among them) for Black, column E for White.
    assert_eq!(black.len(), 10);
    assert!(black.contains(&Point::new(1, 3)), "the dead stone's point");
    assert!(black.iter().all(|p| p.x < 2));
    assert_eq!(white.len(), 5);
    assert!(white.iter().all(|p| p.x == 4));
    // Left alive, the white stone makes the region reach both colours: nobody's.
    let [black, _] = territory(&b, &[], &rules("japanese"));
    assert!(black.is_empty());
}

#[test]
fn territory_leaves_out_the_eyes_of_a_seki_where_they_are_not_counted() {
    let [black, white] = territory(&board(SEKI), &[], &rules("japanese"));
    assert_eq!((black.len(), white.len()), (12, 8));
    assert!(!black.contains(&Point::new(0, 0)), "A7, an eye in seki");
    let [black, white] = territory(&board(SEKI), &[], &rules("aga"));
    assert_eq!((black.len(), white.len()), (13, 9));
}

/// Black A6/B7/B6/C6 and White D7/D6/E6/F6/F7 share the liberty C7, each with one eye
/// (A7, E7): a seki.
const SEKI: &str = "
    . X . O . O X
    X X X O O O X
    O O O X X X X
    . . O X . . .
    . . O X . . .
    . . O X . . .
    . . O X . . .
";

#[test]
fn japanese_counts_no_points_inside_seki() {
    let c = count(&board(SEKI), &[], &rules("japanese"), &facts(6.5));
    assert_eq!(c.black.territory, 12, "A7 is an eye in seki");
    assert_eq!(c.white.territory, 8, "E7 is an eye in seki");
    assert_eq!(c.seki_points, 2);
    assert_eq!(c.neutral, 1, "the shared liberty C7");
    assert_eq!(c.margin, 12.0 - 8.0 - 6.5);
}

#[test]
fn area_counts_the_eyes_of_a_seki() {
    let c = count(&board(SEKI), &[], &rules("aga"), &facts(6.5));
    assert_eq!(c.seki_points, 0);
    assert_eq!(c.black.total, 14.0 + 13.0);
    assert_eq!(c.white.total, 12.0 + 9.0 + 6.5);
}

#[test]
fn an_unfilled_dame_is_not_a_seki() {
    // D4 touches both living walls; either side can fill it safely.
    let b = board(
        "
        . . X O . .
        . . X O . .
        . . X O . .
        . . X . O .
        . . X X O .
        . . X O O .
    ",
    );
    let c = count(&b, &[], &rules("japanese"), &facts(0.5));
    assert_eq!(c.seki_points, 0);
    assert_eq!(c.black.territory, 12);
    assert_eq!(c.white.territory, 9);
    assert_eq!(c.neutral, 1);
}

#[test]
fn pass_stones_only_count_under_territory() {
    let walls = board(
        "
        . X O .
        . X O .
        . X O .
        . X O .
    ",
    );
    let mut f = facts(0.5);
    f.passes = [2, 1];
    // Black passed last: White owes one pass.
    f.last_mover = Some(Color::Black);
    f.first_final_passer = Some(Color::White);
    let territory = count(&walls, &[], &rules("aga+counting=territory"), &f);
    assert_eq!(
        territory.black.pass_stones,
        Some(2),
        "one pass + the owed one"
    );
    assert_eq!(territory.white.pass_stones, Some(2));
    assert!(territory.notes.iter().any(|n| n.contains("owed")));
    let area = count(&walls, &[], &rules("aga"), &f);
    assert_eq!(area.black.pass_stones, None);
    assert_eq!(area.margin, -0.5);
}

#[test]
fn wmsg_takes_a_point_from_black_when_white_passed_first() {
    let walls = board(
        "
        . X O .
        . X O .
    ",
    );
    let mut f = facts(0.5);
    f.first_final_passer = Some(Color::White);
    let c = count(&walls, &[], &rules("wmsg"), &f);
    assert_eq!(c.black.last_move, Some(-1.0));
    assert_eq!(c.black.total, 3.0);
    f.first_final_passer = Some(Color::Black);
    let c = count(&walls, &[], &rules("wmsg"), &f);
    assert_eq!(c.black.last_move, Some(0.0));
}

#[test]
fn handicap_bonus_is_n_n_minus_one_or_nothing_under_area_only() {
    let walls = board(
        "
        . X O .
        . X O .
    ",
    );
    let bonus_with = |name: &str, handicap: u32| {
        let mut f = facts(0.5);
        f.handicap = handicap;
        count(&walls, &[], &rules(name), &f).white.handicap_bonus
    };
    let bonus = |name: &str| bonus_with(name, 3);
    assert_eq!(bonus("chinese"), Some(3));
    assert_eq!(bonus("ing"), Some(3));
    assert_eq!(bonus("aga"), Some(2));
    assert_eq!(bonus("nz"), None);
    assert_eq!(bonus("japanese"), None);
    assert_eq!(bonus("aga+counting=territory"), None);
    assert_eq!(bonus_with("chinese", 1), Some(0), "HA[1] is an even game");
}

#[test]
fn the_button_goes_to_the_first_player_to_pass() {
    let walls = board(". X O .");
    let mut f = facts(7.0);
    f.first_passer = Some(Color::White);
    let c = count(&walls, &[], &rules("aga-button"), &f);
    assert_eq!(c.white.button, Some(0.5));
    assert_eq!(c.black.button, Some(0.0));
    assert_eq!(c.margin, 2.0 - 9.5);
}

#[test]
fn komi_comes_from_the_option_then_the_record_then_the_preset() {
    let r = rules("chinese");
    assert_eq!(komi(&r, Some(6.5), 0, false), (6.5, KomiSource::Record));
    assert_eq!(komi(&r, None, 0, false), (7.5, KomiSource::Preset));
    assert_eq!(komi(&r, None, 4, false), (0.0, KomiSource::Preset));
    let r = rules("chinese+komi=5.5+handicap-komi=5.5");
    assert_eq!(komi(&r, Some(6.5), 0, true), (5.5, KomiSource::Option));
}

/// AGA's design, checked on random games: when both sides took the same number of turns
/// (stones and passes), area counting and territory counting with pass stones give the
/// same margin, whatever was captured or agreed dead (area minus territory is the
/// difference in turns).
#[test]
fn aga_area_and_territory_agree_on_random_games() {
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut next = move |n: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % n
    };
    let area = rules("aga");
    let territory = rules("aga+counting=territory");
    for game in 0..300 {
        let mut b = Board::new(7, 7).expect("7x7");
        let mut passes = [0u32; 2];
        let turns = 20 + 2 * next(40) as usize;
        for turn in 0..turns {
            let color = if turn % 2 == 0 {
                Color::Black
            } else {
                Color::White
            };
            let p = Point::new(next(7) as u8, next(7) as u8);
            if next(10) == 0 || b.play(color, p).is_err() {
                b.pass();
                passes[color.index()] += 1;
            }
        }
        let f = GameFacts {
            passes,
            ..facts(7.5)
        };
        // One random chain agreed dead, if the point holds a stone.
        let dead = b.chain(Point::new(next(7) as u8, next(7) as u8));
        let a = count(&b, &dead, &area, &f);
        let t = count(&b, &dead, &territory, &f);
        assert_eq!(a.margin, t.margin, "game {game}: {a:?}\n{t:?}");
    }
}

/// `owners` draws what `count` adds up: the seki's eyes and the shared liberty belong to
/// nobody under Japanese rules, the eyes to their colour under Chinese ones, and a dead
/// stone's point to the colour around it.
#[test]
fn owners_are_the_points_the_count_gives_each_colour() {
    let b = board(SEKI);
    for (preset, seki_eyes) in [("japanese", None), ("chinese", Some(Color::Black))] {
        let rules = rules(preset);
        let owners = owners(&b, &[], &rules);
        assert_eq!(owners.len(), 49);
        let c = count(&b, &[], &rules, &facts(6.5));
        let of = |color| owners.iter().filter(|o| **o == Some(color)).count() as u32;
        assert_eq!(of(Color::Black), c.black.territory, "{preset}");
        assert_eq!(of(Color::White), c.white.territory, "{preset}");
        assert_eq!(owners[0], seki_eyes, "{preset}: A7");
        assert_eq!(owners[2], None, "{preset}: C7 is shared");
        assert_eq!(owners[1], None, "{preset}: B7 holds a stone");
    }
    let inside = board(". X .\nX O X\n. X .");
    let with_dead = owners(&inside, &[Point::new(1, 1)], &rules("chinese"));
    assert_eq!(with_dead[4], Some(Color::Black), "B2's dead White stone");
    assert_eq!(owners(&inside, &[], &rules("chinese"))[4], None, "B2 alive");
}
