//! Each seki fixture proved a seki by exhaustive reading, not by goref's own seki finder:
//! a small local solver plays every sequence of moves inside the seki (captures, no
//! suicide, the simple ko rule, passes) and decides, for each side moving first, whether
//! it can capture one of the opponent's chains in the seki. A seki is a position where
//! neither side moving first can, so that both pass. Control positions where the first
//! mover does win keep the solver honest.
//!
//! The solver is goref's own exact local reader, [`goref::life::read::Fight`]: a side wins
//! when it captures one of the opponent's *target* chains (the chains whose loss settles
//! the race; small chains in atari or thrown-in stones are not targets), two passes in a
//! row end the local game with no winner, and play that cycles forever (a ko neither side
//! can win) is no win either. These tests are therefore also the reader's tests.

use goref::life::read::{Fight, Outcome};
use goref::point::Point;
use goref::replay::replay;
use goref::rules::RuleSet;
use goref::sgf::load;
use goref::{Board, Color};

use crate::common::fixture;

/// Positions the solver may visit before it gives up (a test failure, not a hang).
const MAX_STATES: usize = 2_000_000;

/// A seki: neither side wins, whoever moves first.
const SEKI: Outcome = Outcome::NOBODY;

/// The fight over the chains on `chains` (every stone of each) and all their liberties,
/// won by capturing a chain on `targets` (which must be among them).
fn fight(board: &Board, chains: &[Point], targets: &[Point]) -> Fight {
    let mut region: Vec<Point> = Vec::new();
    for &c in chains.iter().chain(targets) {
        assert!(board.get(c).is_some(), "no stone on {c:?}");
        for s in board.chain(c) {
            let next_to = board.neighbours(s).filter(|&n| board.get(n).is_none());
            for p in std::iter::once(s).chain(next_to) {
                if !region.contains(&p) {
                    region.push(p);
                }
            }
        }
    }
    Fight::new(board, &region, targets)
        .unwrap_or_else(|| panic!("a region of {} points", region.len()))
}

/// Who wins from `board` with each side moving first.
fn solve(fight: &Fight, board: &Board) -> Outcome {
    fight
        .solve(board, MAX_STATES)
        .unwrap_or_else(|| panic!("more than {MAX_STATES} positions"))
}

/// Who wins from `board` with `to_move` to play (keeping the board's ko ban).
fn winner_of(fight: &Fight, board: &Board, to_move: Color) -> Option<Color> {
    fight
        .winner(board, to_move, MAX_STATES)
        .unwrap_or_else(|| panic!("more than {MAX_STATES} positions"))
}

/// The final position of the fixture at `path` (its first game).
fn final_position(path: &str) -> Board {
    let bytes = std::fs::read(fixture(path)).expect("the fixture is readable");
    let games = load(&bytes).expect("the fixture loads");
    let record = games
        .into_iter()
        .next()
        .expect("one game")
        .expect("a clean game");
    *replay(&record, &RuleSet::default())
        .expect("the record replays")
        .board
}

fn points(board: &Board, names: &[&str]) -> Vec<Point> {
    names
        .iter()
        .map(|n| {
            Point::from_d4(n, board.width(), board.height())
                .unwrap_or_else(|| panic!("{n} is not a point"))
        })
        .collect()
}

/// The verdict on the fixture at `path`: the region is the chains on `chains` and their
/// liberties, the targets the chains on `targets`. Checks first that each target can be
/// captured when its owner only passes, so that a seki verdict is not the verdict on
/// chains no one could ever capture (a living wall named by mistake).
fn verdict(board: &Board, chains: &[&str], targets: &[&str]) -> Outcome {
    let targets = points(board, targets);
    let mut fight = fight(board, &points(board, chains), &targets);
    for color in [Color::Black, Color::White] {
        if !targets.iter().any(|&t| board.get(t) == Some(color)) {
            continue;
        }
        fight.only_passes(Some(color));
        let attacker_first = solve(&fight, board).first(color.opponent());
        assert_eq!(
            attacker_first,
            Some(color.opponent()),
            "{}'s targets cannot be captured even if {} only passes",
            color.name(),
            color.name()
        );
    }
    fight.only_passes(None);
    solve(&fight, board)
}

/// (fixture, a stone of every chain of the seki, a stone of each target among them).
type Proof = (
    &'static str,
    &'static [&'static str],
    &'static [&'static str],
);

/// Every seki fixture of `fixtures/scoring`.
const SEKIS: &[Proof] = &[
    (
        "scoring/japanese/seki-no-eyes.sgf",
        &["E7", "C7"],
        &["E7", "C7"],
    ),
    (
        "scoring/seki/eye-versus-eye.sgf",
        &["B7", "D7"],
        &["B7", "D7"],
    ),
    (
        "scoring/japanese/seki-shared-eye.sgf",
        &["B7", "D7", "F7"],
        &["B7", "D7", "F7"],
    ),
    (
        "scoring/japanese/seki-bamboo.sgf",
        &["B9", "C8", "D9"],
        &["B9", "C8", "D9"],
    ),
    (
        "scoring/japanese/seki-throw-in.sgf",
        &["B9", "C8"],
        &["B9", "C8"],
    ),
    (
        "scoring/japanese/seki-hanezeki.sgf",
        &["B13", "H13", "A12", "G12"],
        &["A12", "G12"],
    ),
    (
        "scoring/japanese/seki-ko.sgf",
        &["E13", "A12", "G12"],
        &["A12", "G12"],
    ),
];

#[test]
fn every_seki_fixture_is_a_seki() {
    for &(path, chains, targets) in SEKIS {
        let board = final_position(path);
        assert_eq!(verdict(&board, chains, targets), SEKI, "{path}");
    }
}

/// Positions that look like a seki and are not: the solver must say who wins.
#[test]
fn the_solver_finds_the_winner_where_there_is_no_seki() {
    // seki-no-eyes.sgf with D6 filled by a wall: the chains share one liberty, D7, and
    // whoever plays it first captures.
    let one_shared = Board::from_diagram(
        "
        X X O . X O .
        X X O O X O .
        X X O O X O .
        X X X X O O .
        . . . X O . .
        . . . X O . .
        . . . X O . .",
    )
    .expect("a diagram");
    assert_eq!(
        verdict(&one_shared, &["E7", "C7"], &["E7", "C7"]),
        Outcome {
            black_first: Some(Color::Black),
            white_first: Some(Color::White),
        }
    );
    // eye-versus-eye.sgf without Black's eye: A7 is Black's stone, so Black's chain has
    // only the shared point C7 and White captures it whoever moves first. (White's chain
    // is no target: Black cannot capture it even with White passing.)
    let no_eye = Board::from_diagram(
        "
        X X . O . O X
        X X X O O O X
        O O O X X X X
        . . O X . . .
        . . O X . . .
        . . O X . . .
        . . O X . . .",
    )
    .expect("a diagram");
    assert_eq!(
        verdict(&no_eye, &["B7", "D7"], &["B7"]),
        Outcome {
            black_first: Some(Color::White),
            white_first: Some(Color::White),
        }
    );
    // seki-hanezeki.sgf's top rows with one more liberty for White's chain (B11, where
    // Black's wall was): the stones in atari are still there on both sides, but this is a
    // race, no seki: White moving first wins, Black moving first can only hold.
    let hanezeki_plus_one = Board::from_diagram(
        "
        . X X X O . X O O O . X O
        O O O O O O X X X X X X O
        X . X X X X O O O O O O O
        . . X . . X O . . O . . O
        . . X . . X O . . O . . O",
    )
    .expect("a diagram");
    let race = verdict(&hanezeki_plus_one, &["B5", "H5", "A4", "G4"], &["A4", "G4"]);
    assert_eq!(
        race,
        Outcome {
            black_first: None,
            white_first: Some(Color::White),
        }
    );
}

/// The final position of the fixture at `path` and its fight over the chains on `chains`
/// with the targets on `targets`.
fn fight_of(path: &str, chains: &[&str], targets: &[&str]) -> (Board, Fight) {
    let board = final_position(path);
    let fight = fight(&board, &points(&board, chains), &points(&board, targets));
    (board, fight)
}

/// The position of `path` after `moves` (`B A13`, `W pass`, ...), played with the ko ban.
fn after(path: &str, moves: &str) -> Board {
    let mut board = final_position(path);
    let words: Vec<&str> = moves.split_whitespace().collect();
    for pair in words.chunks(2) {
        let color = if pair[0] == "B" {
            Color::Black
        } else {
            Color::White
        };
        if pair[1] == "pass" {
            board.pass();
        } else {
            let p = points(&board, &[pair[1]])[0];
            board.play(color, p).expect("an empty point");
        }
    }
    board
}

/// The hanezeki: Black's B13-D13 and White's H13-K13 are in atari, and whoever captures
/// starts a race the other side wins with the next move; filling the shared point F13 puts
/// one's own chain in atari.
#[test]
fn in_the_hanezeki_whoever_captures_loses() {
    let path = "scoring/japanese/seki-hanezeki.sgf";
    let (board, fight) = fight_of(path, &["B13", "H13", "A12", "G12"], &["A12", "G12"]);
    for (moves, next, winner) in [
        // White captures three at A13: Black plays the vital point C13 and wins.
        ("W A13", Color::Black, Color::Black),
        // GNU Go's line: White captures, Black C13, White passes; Black still wins.
        ("W A13 B C13", Color::White, Color::Black),
        // Black captures three at L13: White plays J13 and wins.
        ("B L13", Color::White, Color::White),
        // Filling the shared point is self-atari.
        ("W F13", Color::Black, Color::Black),
        ("B F13", Color::White, Color::White),
    ] {
        let position = after(path, moves);
        assert_eq!(
            winner_of(&fight, &position, next),
            Some(winner),
            "after {moves}, {next:?} to move"
        );
    }
    for c in [Color::Black, Color::White] {
        assert_eq!(winner_of(&fight, &board, c), None, "{c:?} first");
    }
}

/// The ko seki: Black's E13 is in atari on its own eye point F13, a ko. Resolving the ko
/// leaves two chains with a three-point eye each and no shared liberty, a race the side
/// to move wins: so Black's connection at F13 loses, and so does White's capture at F13
/// followed by the connection at E13. White's capture alone gains nothing (Black need not
/// retake at once; the ko ban never matters). Neither resolves it: a seki.
#[test]
fn in_the_ko_seki_whoever_resolves_the_ko_loses() {
    let path = "scoring/japanese/seki-ko.sgf";
    let (board, fight) = fight_of(path, &["E13", "A12", "G12"], &["A12", "G12"]);
    assert_eq!(solve(&fight, &board), SEKI);
    for (moves, next, winner) in [
        ("B F13", Color::White, Some(Color::White)),
        ("W F13", Color::Black, None),
        ("W F13 B pass", Color::White, None),
        ("W F13 B pass W E13", Color::Black, Some(Color::Black)),
    ] {
        let position = after(path, moves);
        assert_eq!(
            winner_of(&fight, &position, next),
            winner,
            "after {moves}, {next:?} to move"
        );
    }
}
