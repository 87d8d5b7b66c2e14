//! Tests of `life`: Benson's algorithm on diagrams, the three sources of dead stones,
//! `resolve`, property tests of soundness, and the OGS dead-stones corpus.
//!
//! Diagrams in are `Board::from_diagram`'s (`X` Black, `O` White, `.` empty). Diagrams
//! out use this legend:
//!
//! ```text
//! X O   stone of a pass-alive chain
//! x o   stone proved dead (in the other colour's pass-alive territory)
//! # @   Black / White stone neither proved alive nor dead (unresolved)
//! b w   empty point of Black's / White's pass-alive territory
//! .     empty point, nothing proved
//! ```

use super::*;
use proptest::prelude::*;
use std::path::Path;

use Color::{Black, White};

use crate::board::diagram::{board, normalise};
use crate::testing::{corpus, files_with_extension};

/// What `proof` says about every point of `b`, in the legend above.
fn render(b: &Board, proof: &PassAlive) -> String {
    let mut out = String::new();
    for y in 0..b.height() {
        for x in 0..b.width() {
            let p = Point::new(x, y);
            let ch = match (b.get(p), proof.territory_of(p)) {
                (Some(c), _) if proof.is_alive(p) => pick(c, 'X', 'O'),
                (Some(c), _) if proof.is_dead(p) => pick(c, 'x', 'o'),
                (Some(c), _) => pick(c, '#', '@'),
                (None, Some(c)) => pick(c, 'b', 'w'),
                (None, None) => '.',
            };
            out.push(ch);
        }
        out.push('\n');
    }
    out
}

fn pick(c: Color, black: char, white: char) -> char {
    match c {
        Black => black,
        White => white,
    }
}

/// Benson under `suicide` on `input` gives `expected`; also checks that the lists agree
/// with the per-point answers.
#[track_caller]
fn assert_proof(input: &str, suicide: Suicide, expected: &str) {
    let b = board(input);
    let proof = pass_alive_under(&b, suicide);
    assert_eq!(
        render(&b, &proof),
        normalise(expected),
        "{suicide:?} on\n{input}"
    );
    let dead: Vec<Point> = all_points(&b).filter(|&p| proof.is_dead(p)).collect();
    assert_eq!(proof.dead_stones(), dead);
    let unresolved: Vec<Point> = all_points(&b)
        .filter(|&p| b.get(p).is_some() && !proof.is_alive(p) && !proof.is_dead(p))
        .collect();
    assert_eq!(proof.unresolved_stones(), unresolved);
}

/// Benson gives `expected` whatever the suicide rule.
#[track_caller]
fn assert_proof_any_rule(input: &str, expected: &str) {
    assert_proof(input, Suicide::Forbidden, expected);
    assert_proof(input, Suicide::Allowed, expected);
}

/// Every point of `b` in reading order.
fn all_points(b: &Board) -> impl Iterator<Item = Point> + '_ {
    (0..b.height()).flat_map(move |y| (0..b.width()).map(move |x| Point::new(x, y)))
}

/// A `D4` point on a board of `height` rows.
fn d4(s: &str, height: u8) -> Point {
    const COLUMNS: &str = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
    let col = s.chars().next().expect("a column letter");
    let x = COLUMNS.find(col).expect("a column letter") as u8;
    let row: u8 = s[1..].parse().expect("a row number");
    Point::new(x, height - row)
}

// ----------------------------------------------------------------------------------------
// Benson

#[test]
fn chain_with_two_real_eyes_is_pass_alive() {
    assert_proof_any_rule(
        "
        . X . X .
        X X X X X
        O O O O O
        . . . . .
        . O . . .
        ",
        "
        b X b X b
        X X X X X
        @ @ @ @ @
        . . . . .
        . @ . . .
        ",
    );
}

#[test]
fn chain_with_one_eye_is_not() {
    assert_proof_any_rule(
        "
        . X . . .
        X X . . .
        . . . . .
        ",
        "
        . # . . .
        # # . . .
        . . . . .
        ",
    );
}

#[test]
fn chain_with_one_eye_and_a_false_eye_is_not() {
    // C4 is an eye of the big chain and of the lone stone D4 (a region vital to both),
    // but D4 has no second eye: it falls, taking C4 with it, and A4 alone is one eye.
    assert_proof_any_rule(
        "
        . X . X O . .
        X X X O O . .
        O O X O . . .
        . O X O . . .
        ",
        "
        . # . # @ . .
        # # # @ @ . .
        @ @ # @ . . .
        . @ # @ . . .
        ",
    );
}

#[test]
fn two_chains_sharing_two_eyes_are_both_pass_alive() {
    // A5 and the big chain both border B5 and A4, and each region is vital to both: the
    // classic case where neither chain has two eyes of its own.
    assert_proof_any_rule(
        "
        X . X O .
        . X X O .
        X X O O .
        O O O . .
        . . . . .
        ",
        "
        X b X @ .
        b X X @ .
        X X @ @ .
        @ @ @ . .
        . . . . .
        ",
    );
}

#[test]
fn seki_is_not_pass_alive() {
    // One eye each and one shared liberty (C2): whoever fills C2 is captured, so both
    // live in practice, but neither can pass forever: nothing is proved.
    assert_proof_any_rule(
        "
        . X . O .
        X X O O O
        ",
        "
        . # . @ .
        # # @ @ @
        ",
    );
}

#[test]
fn region_is_vital_only_if_every_empty_point_is_a_liberty() {
    // Top left: A6 is empty and touches only the white stones B6 and A5, so the region
    // {A6, B6, A5} is not vital to the black chain, which then has a single eye (D6).
    assert_proof_any_rule(
        "
        . O X . X O
        O X X X X O
        X X O O O O
        O O O . . .
        . . . . . .
        . . . . . .
        ",
        "
        . @ # . # @
        @ # # # # @
        # # @ @ @ @
        @ @ @ . . .
        . . . . . .
        . . . . . .
        ",
    );
    // With a black stone on A5, A6 is a liberty: {A6, B6} is vital, the chain has two
    // eyes, and the white stone B6 inside is dead.
    assert_proof_any_rule(
        "
        . O X . X O
        X X X X X O
        X X O O O O
        O O O . . .
        . . . . . .
        . . . . . .
        ",
        "
        b o X b X @
        X X X X X @
        X X @ @ @ @
        @ @ @ . . .
        . . . . . .
        . . . . . .
        ",
    );
}

#[test]
fn region_without_empty_point_is_not_an_eye() {
    // Setup can leave the white stone B6 without liberties; its region gives no liberty,
    // so it does not count as an eye (the chain keeps a single eye, D6).
    assert_proof_any_rule(
        "
        X O X . X O
        X X X X X O
        O O O O O O
        . . . . . .
        ",
        "
        # @ # . # @
        # # # # # @
        @ @ @ @ @ @
        . . . . . .
        ",
    );
}

#[test]
fn stones_in_a_small_region_of_a_pass_alive_chain_are_dead() {
    // The white stones A5 and B6 stand in a corner whose only point not next to Black
    // is A6: White cannot make two eyes there, and Black captures both with A6.
    assert_proof_any_rule(
        "
        . O X . X .
        O X X X X X
        X X O O O O
        O O O . . .
        . . . . . .
        ",
        "
        b o X b X b
        o X X X X X
        X X @ @ @ @
        @ @ @ . . .
        . . . . . .
        ",
    );
}

#[test]
fn large_region_of_a_pass_alive_chain_is_not_territory() {
    // Black is pass-alive (A5, C5), but the lower region has room for White to live:
    // the white stone there proves nothing either way.
    assert_proof_any_rule(
        "
        X . X . X
        . X X X X
        X X . . .
        . . . O .
        . . . . .
        ",
        "
        X b X b X
        b X X X X
        X X . . .
        . . . @ .
        . . . . .
        ",
    );
}

#[test]
fn region_with_two_points_away_from_the_walls_is_not_territory() {
    // Black is pass-alive (E5, G5). The top-left region has two points not next to Black
    // (A5, B5): room for White to fight for two eyes, so nothing is claimed there, even
    // though this white chain has no future in practice.
    assert_proof_any_rule(
        "
        . . O X . X .
        O O O X X X X
        X X X X O O O
        O O O O . . .
        . . . . . . .
        ",
        "
        . . @ X b X b
        @ @ @ X X X X
        X X X X @ @ @
        @ @ @ @ . . .
        . . . . . . .
        ",
    );
}

#[test]
fn suicide_rule_decides_whether_a_stone_filled_region_is_vital() {
    // The plus-shaped region around the white stone C5 has every empty point next to
    // Black. Where suicide is forbidden, White can never fill its last point: the region
    // is vital, Black is pass-alive and C5 is dead. Where multi-stone suicide is legal,
    // White could empty the region by suicide, and C5 is not next to Black: not vital.
    let input = "
        . X X X X O .
        X X . X X O .
        X . O . X O .
        X X . X X O .
        X X X X X O .
        O O O O O O .
        . . . . . . .
        ";
    assert_proof(
        input,
        Suicide::Forbidden,
        "
        b X X X X @ .
        X X b X X @ .
        X b o b X @ .
        X X b X X @ .
        X X X X X @ .
        @ @ @ @ @ @ .
        . . . . . . .
        ",
    );
    assert_proof(
        input,
        Suicide::Allowed,
        "
        . # # # # @ .
        # # . # # @ .
        # . @ . # @ .
        # # . # # @ .
        # # # # # @ .
        @ @ @ @ @ @ .
        . . . . . . .
        ",
    );
    // `pass_alive` is the classic algorithm (suicide forbidden).
    assert_eq!(
        pass_alive(&board(input)),
        pass_alive_under(&board(input), Suicide::Forbidden)
    );
}

#[test]
fn both_colours_at_once() {
    // A 7x7 board split down the middle, each side with two eyes, a dead stone each.
    assert_proof_any_rule(
        "
        . X . X O . O
        X X X X O O .
        . X O X O . O
        X X X X O O O
        . X . X O X O
        X X X X O O .
        . . . X O . .
        ",
        "
        b X b X O w O
        X X X X O O w
        b X o X O w O
        X X X X O O O
        b X b X O x O
        X X X X O O w
        b b b X O w w
        ",
    );
}

#[test]
fn tiny_boards_and_no_stones() {
    assert_proof_any_rule(".", ".");
    assert_proof_any_rule("X", "#");
    assert_proof_any_rule(". . . .", ". . . .");
    // One point wide: two eyes are still two eyes.
    assert_proof_any_rule(". X . X .", "b X b X b");
    // The white stone at the end is not next to Black: dead where suicide is forbidden;
    // where it is allowed, its region is not vital and nothing is proved.
    assert_proof("O . X . X .", Suicide::Forbidden, "o b X b X b");
    assert_proof("O . X . X .", Suicide::Allowed, "@ . # . # .");
    let b = board(". . .\n. X .\n. . .");
    let proof = pass_alive(&b);
    assert!(!proof.is_alive(Point::new(9, 9)));
    assert_eq!(proof.territory_of(Point::new(3, 0)), None);
    assert!(!proof.is_dead(Point::new(0, 7)));
}

// ----------------------------------------------------------------------------------------
// Markup

/// TB/TW marks from a diagram: `b` = TB, `w` = TW, `+` = both, `.` = none.
fn marks(diagram: &str) -> TerritoryMarks {
    let mut m = TerritoryMarks::default();
    for (y, line) in normalise(diagram).lines().enumerate() {
        for (x, ch) in line.chars().enumerate() {
            let p = Point::new(x as u8, y as u8);
            match ch {
                'b' => m.black.push(p),
                'w' => m.white.push(p),
                '+' => {
                    m.black.push(p);
                    m.white.push(p);
                }
                '.' => {}
                other => panic!("bad mark {other:?}"),
            }
        }
    }
    m
}

/// A 9x9 final position: Black on the left, White on the right, with a white stone dead
/// in Black's area (B8), dead black stones in White's (G3, H3) and a black chain (G7, G6)
/// that the marks kill only in part.
const FINAL_9X9: &str = "
    . . . X O . . . .
    . O . X O . . . .
    . . . X O . X . .
    . . . X O . X . .
    . . . X O . . . .
    . . . X O . . . .
    . . . X O X X . .
    . . . X O . . . .
    . . . X O . . . .
    ";

const MARKS_9X9: &str = "
    b b b b . w w w w
    b b b . . w w w w
    b b b . . w w w w
    b b b . . w . w w
    b b b . . w w w w
    b b b . . w w w w
    b b b . . w w w w
    b b b . . w w w w
    b b b . . w w w w
    ";

#[test]
fn markup_kills_stones_on_the_other_colours_territory() {
    let b = board(FINAL_9X9);
    let mut m = marks(MARKS_9X9);
    // Marks off the board are ignored.
    m.white.push(Point::new(20, 20));
    let dead = from_markup(&b, &m);
    assert_eq!(dead.source, DeadSource::Markup);
    let names: Vec<String> = dead.stones.iter().map(|p| p.to_d4(9)).collect();
    // D9 is Black's own stone on a TB mark: not dead.
    assert_eq!(names, ["B8", "G7", "F3", "G3"]);
    assert!(dead.unresolved.is_empty());
    assert_eq!(
        dead.notes,
        [
            "the markup marks only 1 of the 2 stones of the Black chain at G7 dead; goref \
          follows the marks stone by stone"
        ]
    );
}

#[test]
fn markup_of_empty_points_only_still_kills_the_stones_inside() {
    // GNU Go marks only empty points. F4 touches only White's marks; F1 is in atari with
    // its last liberty E1 surrounded by White. Black's wall touches Black's marks: alive.
    let b = board(
        "
        . . X O . . .
        . . X O . X .
        . . X O . . .
        . . X O O O O
        . . X O . X O
        ",
    );
    let m = marks(
        "
        b b . . w w w
        b b . . w . w
        b b . . w w w
        b b . . . . .
        b b . . . . .
        ",
    );
    let dead = from_markup(&b, &m);
    let names: Vec<String> = dead.stones.iter().map(|p| p.to_d4(5)).collect();
    assert_eq!(names, ["F4", "F1"]);
    assert_eq!(
        dead.notes,
        [
            "the markup marks only empty points: 2 unmarked stones inside the other colour's \
          territory counted dead"
        ]
    );
}

#[test]
fn markup_note_for_a_stone_marked_both_ways() {
    let b = board("X O .\n. . .\n. . .");
    let m = marks("+ b .\n. . .\n. . .");
    let dead = from_markup(&b, &m);
    assert_eq!(dead.stones, [Point::new(0, 0), Point::new(1, 0)]);
    assert_eq!(
        dead.notes,
        ["A3 is marked as both Black's and White's territory; the stone on it counts as dead"]
    );
}

// ----------------------------------------------------------------------------------------
// Points

#[test]
fn points_name_whole_chains_sorted_once() {
    let b = board(FINAL_9X9);
    // G3 names the chain F3-G3; F3 names it again; B8 is a lone stone.
    let dead = from_points(&b, &[d4("G3", 9), d4("B8", 9), d4("F3", 9)]).expect("stones");
    assert_eq!(dead.source, DeadSource::User);
    assert_eq!(dead.stones, [d4("B8", 9), d4("F3", 9), d4("G3", 9)]);
    assert!(dead.unresolved.is_empty() && dead.notes.is_empty());
    // A whole wall from one of its stones.
    let wall = from_points(&b, &[d4("D5", 9)]).expect("stones");
    assert_eq!(wall.stones.len(), 9);
    assert_eq!(wall.stones[0], d4("D9", 9));
    assert_eq!(from_points(&b, &[]).expect("nothing").stones, []);
}

#[test]
fn points_must_hold_stones_on_the_board() {
    let b = board(FINAL_9X9);
    let no_stone = from_points(&b, &[d4("B8", 9), d4("A1", 9)]).unwrap_err();
    assert_eq!(
        no_stone,
        DeadStonesError::NoStone {
            name: "A1".to_string()
        }
    );
    assert_eq!(no_stone.to_string(), "there is no stone on A1");
    let off = from_points(&b, &[Point::new(9, 0)]).unwrap_err();
    assert_eq!(off.to_string(), "K9 is off the 9x9 board");
    assert_eq!(
        from_points(&b, &[Point::new(3, 12)])
            .unwrap_err()
            .to_string(),
        "dm is off the 9x9 board"
    );
}

// ----------------------------------------------------------------------------------------
// resolve

#[test]
fn resolve_follows_the_spec() {
    let b = board(FINAL_9X9);
    let m = marks(MARKS_9X9);

    let none = resolve(&b, &DeadChoice::None, Some(&m)).expect("none");
    assert_eq!(none, DeadStones::empty(DeadSource::None));

    let markup = resolve(&b, &DeadChoice::Markup, Some(&m)).expect("marks");
    assert_eq!(markup, from_markup(&b, &m));

    let user = resolve(&b, &named(&["B8"]), Some(&m)).expect("a stone");
    assert_eq!(user.source, DeadSource::User);
    assert_eq!(user.stones, [d4("B8", 9)]);
    assert_eq!(
        resolve(&b, &named(&["E5", "ed"]), None)
            .expect("stones")
            .stones
            .len(),
        9
    );
    assert_eq!(
        resolve(&b, &named(&["A1"]), None),
        Err(DeadStonesError::NoStone {
            name: "A1".to_string()
        })
    );
    // A name is checked against the board as the user wrote it.
    for (name, error) in [
        ("J10", "J10 is off the 9x9 board"),
        ("ja", "ja is off the 9x9 board"),
    ] {
        assert_eq!(
            resolve(&b, &named(&[name]), None).unwrap_err().to_string(),
            error
        );
    }
}

/// The user's choice of dead stones, named in `D4` or SGF form.
fn named(names: &[&str]) -> DeadChoice {
    DeadChoice::Named(
        names
            .iter()
            .map(|n| crate::point::PointName::parse(n).expect("a point name"))
            .collect(),
    )
}

#[test]
fn resolve_markup_needs_marks_on_the_board() {
    let b = board(FINAL_9X9);
    let error = Err(DeadStonesError::NoMarkup);
    assert_eq!(resolve(&b, &DeadChoice::Markup, None), error);
    assert_eq!(
        resolve(&b, &DeadChoice::Markup, Some(&TerritoryMarks::default())),
        error
    );
    let off = TerritoryMarks {
        node: 3,
        black: vec![Point::new(10, 1)],
        white: vec![],
    };
    assert_eq!(resolve(&b, &DeadChoice::Markup, Some(&off)), error);
}

#[test]
fn resolve_auto_prefers_markup_and_else_estimates() {
    let b = board(
        "
        . X . X O . O
        X X X X O O .
        . X O X O . O
        X X X X O O O
        . X . X O X O
        X X X X O O .
        . . . X O . .
        ",
    );
    // Markup present: the markup wins, even where it disagrees with the proof.
    let m = marks(
        "
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . w
        ",
    );
    let auto = resolve(&b, &DeadChoice::Auto, Some(&m)).expect("auto");
    assert_eq!(auto.source, DeadSource::Markup);
    assert_eq!(auto.stones, []);
    // `proven` ignores the markup.
    let proven = resolve(&b, &DeadChoice::Proven, Some(&m)).expect("proven");
    assert_eq!(proven.source, DeadSource::Proven);
    assert_eq!(proven.stones, [d4("C5", 7), d4("F3", 7)]);

    // No markup (or marks off the board only): the estimate, which starts from what
    // Benson proves (here everything) and leaves nothing unresolved.
    for marks in [None, Some(TerritoryMarks::default())] {
        let auto = resolve(&b, &DeadChoice::Auto, marks.as_ref()).expect("auto");
        assert_eq!(auto.source, DeadSource::Estimate);
        assert_eq!(auto.stones, [d4("C5", 7), d4("F3", 7)]);
        assert_eq!(auto.unresolved, []);
        assert!(auto.groups.iter().all(|g| g.doubt.is_none()), "{auto:?}");
        assert!(auto.notes.is_empty());
        let estimate = resolve(&b, &DeadChoice::Estimate, Some(&m)).expect("estimate");
        assert_eq!(estimate, auto, "estimate ignores the markup");
    }
}

#[test]
fn resolve_proven_lists_unresolved_stones_and_respects_the_suicide_rule() {
    let b = board(
        "
        . X X X X O .
        X X . X X O .
        X . O . X O .
        X X . X X O .
        X X X X X O .
        O O O O O O .
        . . . . . . .
        ",
    );
    // `resolve` proves only what holds under every rule set.
    let proven = resolve(&b, &DeadChoice::Proven, None).expect("proven");
    assert_eq!(proven.source, DeadSource::Proven);
    assert_eq!(proven.stones, []);
    assert_eq!(
        proven.unresolved,
        pass_alive_under(&b, Suicide::Allowed).unresolved_stones()
    );
    assert_eq!(proven.unresolved.len(), 31);
    assert_eq!(proven.unresolved[0], d4("B7", 7));
    // A caller that knows suicide is forbidden gets the sharper answer.
    let forbidden =
        resolve_under(&b, &DeadChoice::Proven, None, Suicide::Forbidden).expect("proven");
    assert_eq!(forbidden.stones, [d4("C5", 7)]);
    assert_eq!(forbidden.unresolved.len(), 11);
    assert_eq!(forbidden.unresolved[0], d4("F7", 7));
}

// ----------------------------------------------------------------------------------------
// Soundness on random positions

/// SplitMix64: a small deterministic generator driven by proptest's seed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn empty_points(b: &Board) -> Vec<Point> {
    all_points(b).filter(|&p| b.get(p).is_none()).collect()
}

fn neighbours_of(b: &Board, p: Point) -> Vec<Point> {
    let (x, y) = (i16::from(p.x), i16::from(p.y));
    [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]
        .into_iter()
        .filter(|&(x, y)| x >= 0 && y >= 0 && x < i16::from(b.width()) && y < i16::from(b.height()))
        .map(|(x, y)| Point::new(x as u8, y as u8))
        .collect()
}

/// A position from random legal plays (suicide and simple-ko recaptures excluded, own
/// small areas never filled), stopped after `plays` moves or when both players pass,
/// then a few stones of either colour anywhere legal: final positions with living
/// chains, territories and dead stones, and earlier ones.
fn random_position(rng: &mut Rng, size: u8, plays: usize) -> Board {
    let mut b = Board::new(size, size).expect("5..=9 is a valid size");
    let mut color = Black;
    let mut passes = 0;
    for _ in 0..plays {
        let mut candidates = empty_points(&b);
        let mut played = false;
        while !candidates.is_empty() {
            let p = candidates.swap_remove(rng.below(candidates.len()));
            if small_own_area(&b, p, color) || b.is_suicide(color, p) || b.is_ko_recapture(color, p)
            {
                continue;
            }
            b.play(color, p).expect("an empty point on the board");
            played = true;
            break;
        }
        if played {
            passes = 0;
        } else {
            b.pass();
            passes += 1;
            if passes == 2 {
                break;
            }
        }
        color = color.opponent();
    }
    // A few stones thrown in by either side anywhere legal, eyes included: the invasions
    // that end up dead inside territory in real games.
    for _ in 0..rng.below(8) {
        let color = if rng.below(2) == 0 { Black } else { White };
        let candidates: Vec<Point> = empty_points(&b)
            .into_iter()
            .filter(|&p| !b.is_suicide(color, p) && !b.is_ko_recapture(color, p))
            .collect();
        if let Some(&p) = candidates.get(rng.below(candidates.len().max(1))) {
            b.play(color, p).expect("an empty point on the board");
        }
    }
    b
}

/// Whether the empty point `p` lies in a set of at most four connected points without
/// `color`'s stones (empty or the opponent's): the random players keep out of their own
/// eyes even when the opponent has thrown stones in, so those stones stay, dead.
fn small_own_area(b: &Board, p: Point, color: Color) -> bool {
    let mut area = vec![p];
    let mut i = 0;
    while i < area.len() {
        for q in neighbours_of(b, area[i]) {
            if b.get(q) != Some(color) && !area.contains(&q) {
                if area.len() == 4 {
                    return false;
                }
                area.push(q);
            }
        }
        i += 1;
    }
    true
}

/// Whether `attacker` may play on `p` under `suicide` (the board itself allows suicide).
fn may_play(b: &Board, attacker: Color, p: Point, suicide: Suicide) -> bool {
    b.get(p).is_none()
        && !b.is_ko_recapture(attacker, p)
        && (suicide == Suicide::Allowed || !b.is_suicide(attacker, p))
}

/// Every chain `proof` calls pass-alive survives `trials` random attacks of up to 50
/// opponent plays while its owner passes; half the plays aim at the chain's liberties.
fn check_alive_survives(b: &Board, suicide: Suicide, rng: &mut Rng) -> Result<(), String> {
    let proof = pass_alive_under(b, suicide);
    for owner in [Black, White] {
        let alive: Vec<Point> = all_points(b)
            .filter(|&p| b.get(p) == Some(owner) && proof.is_alive(p))
            .collect();
        if alive.is_empty() {
            continue;
        }
        let attacker = owner.opponent();
        for _ in 0..6 {
            let mut attacked = b.clone();
            for _ in 0..50 {
                let liberties: Vec<Point> = alive
                    .iter()
                    .flat_map(|&p| neighbours_of(&attacked, p))
                    .filter(|&q| may_play(&attacked, attacker, q, suicide))
                    .collect();
                let others: Vec<Point> = empty_points(&attacked)
                    .into_iter()
                    .filter(|&q| may_play(&attacked, attacker, q, suicide))
                    .collect();
                let pool = if !liberties.is_empty() && rng.below(2) == 0 {
                    liberties
                } else {
                    others
                };
                if pool.is_empty() {
                    break;
                }
                let p = pool[rng.below(pool.len())];
                attacked.play(attacker, p).expect("an empty point");
                attacked.pass();
                if let Some(&lost) = alive.iter().find(|&&p| attacked.get(p) != Some(owner)) {
                    return Err(format!(
                        "{owner:?} {} was proved pass-alive ({suicide:?}) but was captured:\n{b}\n\
                         after the attack:\n{attacked}",
                        lost.to_d4(b.height())
                    ));
                }
            }
        }
    }
    Ok(())
}

/// Every stone `proof` calls dead is captured by its opponent's plain strategy, with the
/// dead stones' owner passing: in each territory region holding dead stones, fill the
/// points that were empty and next to the owner's stones, then the region's one point
/// not next to them. Every fill must be legal (never suicide) and the pass-alive stones
/// must all stay.
fn check_dead_are_captured(b: &Board, suicide: Suicide) -> Result<(), String> {
    let proof = pass_alive_under(b, suicide);
    let mut after = b.clone();
    for owner in [Black, White] {
        // The territory points of `owner` that hold dead stones, grouped in regions.
        let mut seen = std::collections::HashSet::new();
        for start in all_points(b) {
            if proof.territory_of(start) != Some(owner)
                || b.get(start) != Some(owner.opponent())
                || seen.contains(&start)
            {
                continue;
            }
            let mut region = vec![start];
            seen.insert(start);
            let mut i = 0;
            while i < region.len() {
                for q in neighbours_of(b, region[i]) {
                    if b.get(q) != Some(owner) && !seen.contains(&q) {
                        seen.insert(q);
                        region.push(q);
                    }
                }
                i += 1;
            }
            let next_to_owner =
                |q: Point| neighbours_of(b, q).iter().any(|&n| b.get(n) == Some(owner));
            let mut fills: Vec<Point> = region
                .iter()
                .copied()
                .filter(|&q| b.get(q).is_none() && next_to_owner(q))
                .collect();
            fills.extend(region.iter().copied().filter(|&q| !next_to_owner(q)));
            for q in fills {
                if after.get(q).is_some() {
                    continue;
                }
                if after.is_suicide(owner, q) {
                    return Err(format!(
                        "{owner:?} filling {} of its territory is suicide:\n{b}\nnow:\n{after}",
                        q.to_d4(b.height())
                    ));
                }
                after.play(owner, q).expect("an empty point");
                after.pass();
            }
            if let Some(&left) = region
                .iter()
                .find(|&&q| proof.is_dead(q) && after.get(q) == b.get(q))
            {
                return Err(format!(
                    "the dead stone {} survived {owner:?}'s fill:\n{b}\nnow:\n{after}",
                    left.to_d4(b.height())
                ));
            }
        }
    }
    if let Some(lost) = all_points(b).find(|&p| proof.is_alive(p) && after.get(p) != b.get(p)) {
        return Err(format!(
            "pass-alive {} was lost while capturing dead stones:\n{b}\nnow:\n{after}",
            lost.to_d4(b.height())
        ));
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn pass_alive_chains_are_never_captured(
        seed in any::<u64>(),
        size in 5u8..=9,
        plays in 20usize..260,
    ) {
        let mut rng = Rng(seed);
        let b = random_position(&mut rng, size, plays);
        for suicide in [Suicide::Forbidden, Suicide::Allowed] {
            if let Err(e) = check_alive_survives(&b, suicide, &mut rng) {
                prop_assert!(false, "{}", e);
            }
        }
    }

    #[test]
    fn dead_stones_can_be_captured(
        seed in any::<u64>(),
        size in 5u8..=9,
        plays in 20usize..260,
    ) {
        let mut rng = Rng(seed);
        let b = random_position(&mut rng, size, plays);
        for suicide in [Suicide::Forbidden, Suicide::Allowed] {
            if let Err(e) = check_dead_are_captured(&b, suicide) {
                prop_assert!(false, "{}", e);
            }
        }
    }
}

/// The random positions do reach what the properties are about: pass-alive chains and
/// dead stones (otherwise the properties would pass vacuously).
#[test]
fn random_positions_exercise_the_proof() {
    let (mut alive, mut dead) = (0, 0);
    for seed in 0..200u64 {
        let mut rng = Rng(seed);
        let b = random_position(
            &mut rng,
            5 + (seed % 5) as u8,
            40 + (seed as usize * 7) % 220,
        );
        let proof = pass_alive(&b);
        alive += all_points(&b).filter(|&p| proof.is_alive(p)).count();
        dead += proof.dead_stones().len();
    }
    assert!(alive > 2000, "only {alive} pass-alive stones");
    assert!(dead > 400, "only {dead} dead stones");
}

// ----------------------------------------------------------------------------------------
// The OGS dead-stones corpus

/// One `.game` position: the board and, per point, whether a person marked it (a dead
/// stone, or a neutral point when empty).
struct Position {
    board: Board,
    marked: Vec<Vec<bool>>,
}

fn read_position(path: &Path) -> Result<Position, String> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let mut width = 0u8;
    let mut height = 0u8;
    let mut rows: Vec<Vec<i8>> = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('#') || line.is_empty() || line.starts_with("player_to_move") {
            continue;
        }
        if let Some(n) = line.strip_prefix("height") {
            height = n.trim().parse().map_err(|_| "bad height")?;
        } else if let Some(n) = line.strip_prefix("width") {
            width = n.trim().parse().map_err(|_| "bad width")?;
        } else {
            let row: Result<Vec<i8>, _> = line.split_whitespace().map(str::parse).collect();
            rows.push(row.map_err(|_| format!("bad row {line:?}"))?);
        }
    }
    let h = usize::from(height);
    if rows.len() != 2 * h || rows.iter().any(|r| r.len() != usize::from(width)) {
        return Err(format!("expected {h}+{h} rows of {width}"));
    }
    let mut board = Board::new(width, height).ok_or("bad size")?;
    for (y, row) in rows[..h].iter().enumerate() {
        for (x, &v) in row.iter().enumerate() {
            let stone = match v {
                1 => Some(Black),
                -1 => Some(White),
                _ => None,
            };
            board
                .set(Point::new(x as u8, y as u8), stone)
                .map_err(|e| format!("{e:?}"))?;
        }
    }
    let marked = rows[h..]
        .iter()
        .map(|r| r.iter().map(|&v| v == 1).collect())
        .collect();
    Ok(Position { board, marked })
}

/// For every position a person scored on OGS, goref never calls dead a stone the person
/// left alive, nor pass-alive a stone the person removed; and how much of the person's
/// work the proof does.
#[test]
#[cfg_attr(not(has_corpus), ignore = "../shared/corpus is absent")]
fn dead_stones_corpus_proof_agrees_with_people() {
    let dir = corpus("dead-stones");
    let files = files_with_extension(&dir, "game");
    assert!(!files.is_empty(), "no .game files in {}", dir.display());

    let mut wrong = Vec::new();
    let (mut stones, mut person_dead) = (0, 0);
    let mut proved = [0usize; 2]; // dead stones proved: every rule set, suicide forbidden
    let mut alive = [0usize; 2];
    let mut unresolved = [0usize; 2];
    for path in &files {
        let pos = read_position(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let b = &pos.board;
        let name = path
            .strip_prefix(&dir)
            .unwrap_or(path)
            .display()
            .to_string();
        for (k, suicide) in [Suicide::Allowed, Suicide::Forbidden]
            .into_iter()
            .enumerate()
        {
            let proof = pass_alive_under(b, suicide);
            for p in all_points(b).filter(|&p| b.get(p).is_some()) {
                let marked_dead = pos.marked[usize::from(p.y)][usize::from(p.x)];
                if proof.is_dead(p) {
                    proved[k] += 1;
                    if !marked_dead {
                        wrong.push(format!(
                            "{name}: {} proved dead, marked alive",
                            p.to_d4(b.height())
                        ));
                    }
                } else if proof.is_alive(p) {
                    alive[k] += 1;
                    if marked_dead {
                        wrong.push(format!(
                            "{name}: {} proved alive, marked dead",
                            p.to_d4(b.height())
                        ));
                    }
                } else {
                    unresolved[k] += 1;
                }
            }
            // `proven` is this proof under every rule set.
            if suicide == Suicide::Allowed {
                let proven = resolve(b, &DeadChoice::Proven, None).expect("proven never fails");
                assert_eq!(proven.stones, proof.dead_stones());
                assert_eq!(proven.unresolved, proof.unresolved_stones());
            }
        }
        for p in all_points(b).filter(|&p| b.get(p).is_some()) {
            stones += 1;
            if pos.marked[usize::from(p.y)][usize::from(p.x)] {
                person_dead += 1;
            }
        }
    }
    println!(
        "dead-stones corpus: {} positions, {stones} stones, {person_dead} marked dead by a person",
        files.len()
    );
    for (k, rule) in ["every rule set", "suicide forbidden"].iter().enumerate() {
        println!(
            "  {rule}: proved dead {} of {person_dead}, proved alive {}, unresolved {}",
            proved[k], alive[k], unresolved[k]
        );
    }
    assert!(
        wrong.is_empty(),
        "the proof disagrees with people:\n{}",
        wrong.join("\n")
    );
}

/// GNU Go's regression games with TB/TW marks: on each final position, the stones goref
/// proves dead are dead in the markup, and the stones it proves pass-alive are not.
#[test]
#[cfg_attr(not(has_corpus), ignore = "../shared/corpus is absent")]
fn engine_games_markup_agrees_with_proof() {
    let dir = corpus("engine-games");
    let files = files_with_extension(&dir, "sgf");
    let (mut games, mut marked_dead, mut proved_dead, mut partial) = (0, 0, 0, 0);
    let mut wrong = Vec::new();
    for path in &files {
        let Ok(bytes) = std::fs::read(path) else {
            continue;
        };
        let Ok(loaded) = crate::sgf::load(&bytes) else {
            continue;
        };
        for record in loaded.into_iter().flatten() {
            let Some(marks) = &record.territory else {
                continue;
            };
            let rules = record
                .rules
                .as_deref()
                .and_then(crate::rules::RuleSet::from_ru)
                .or_else(|| crate::rules::RuleSet::preset("chinese"))
                .expect("chinese is a preset");
            let Ok(replay) = crate::replay::replay(&record, &rules) else {
                continue;
            };
            let b = &replay.board;
            let dead = resolve(b, &DeadChoice::Markup, Some(marks));
            let Ok(dead) = dead else {
                continue;
            };
            games += 1;
            marked_dead += dead.stones.len();
            partial += dead.notes.len();
            let proof = pass_alive_under(b, rules.suicide);
            let name = path.strip_prefix(&dir).unwrap_or(path).display();
            for p in all_points(b).filter(|&p| b.get(p).is_some()) {
                let in_markup = dead
                    .stones
                    .binary_search_by_key(&(p.y, p.x), |q| (q.y, q.x));
                if proof.is_dead(p) {
                    proved_dead += 1;
                    if in_markup.is_err() {
                        wrong.push(format!(
                            "{name}: {} proved dead, alive in the markup",
                            p.to_d4(b.height())
                        ));
                    }
                } else if proof.is_alive(p) && in_markup.is_ok() {
                    wrong.push(format!(
                        "{name}: {} proved alive, dead in the markup",
                        p.to_d4(b.height())
                    ));
                }
            }
        }
    }
    println!(
        "engine games with marks: {games}; dead in the markup {marked_dead}, proved dead \
         {proved_dead}; notes on partly marked chains or double marks {partial}"
    );
    assert!(
        wrong.is_empty(),
        "the proof disagrees with the markup:\n{}",
        wrong.join("\n")
    );
}
