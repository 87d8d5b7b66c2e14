//! Each seki fixture proved a seki by exhaustive reading, not by goref's own seki finder:
//! a small local solver plays every sequence of moves inside the seki (captures, no
//! suicide, the simple ko rule, passes) and decides, for each side moving first, whether
//! it can capture one of the opponent's chains in the seki. A seki is a position where
//! neither side moving first can, so that both pass. Control positions where the first
//! mover does win keep the solver honest.
//!
//! The solver is a retrograde analysis over every position reachable inside the region:
//! a side wins when it captures one of the opponent's *target* chains (the chains whose
//! loss settles the race; small chains in atari or thrown-in stones are not targets),
//! two passes in a row end the local game with no winner, and play that cycles forever
//! (a ko neither side can win) is no win either. A side can force a win from exactly the
//! positions in the least fixed point of "the side to move has a move into a won
//! position, or the opponent has only moves into won positions": no depth limit to tune,
//! and the number of positions is bounded ([`MAX_STATES`]), so it cannot hang.

use std::collections::HashMap;

use goref::point::Point;
use goref::replay::replay;
use goref::rules::RuleSet;
use goref::sgf::load;
use goref::{Board, Color};

use crate::common::fixture;

/// Positions the solver may visit before it gives up (a test failure, not a hang).
const MAX_STATES: usize = 2_000_000;

/// What each side achieves moving first in the local fight.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Verdict {
    /// Who wins when Black moves first (`None`: no one, both pass in the end).
    black_first: Option<Color>,
    /// Who wins when White moves first.
    white_first: Option<Color>,
}

impl Verdict {
    const SEKI: Verdict = Verdict {
        black_first: None,
        white_first: None,
    };
}

/// A local position: the stones on the region's points (two bits each), the side to
/// move, the simple-ko point (an index into the region, with the colour that may not
/// retake there) and whether the last move was a pass.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct State {
    stones: u64,
    to_move: Color,
    ko: Option<(u8, Color)>,
    passed: bool,
}

/// Where a move leads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Next {
    State(usize),
    /// The mover captured a target chain of the opponent.
    Won(Color),
    /// Two passes in a row.
    BothPassed,
}

/// The local fight: the position outside the region never changes.
struct Fight {
    /// The position with the region's points emptied.
    outside: Board,
    region: Vec<Point>,
    /// The stones of the target chains, by colour index.
    targets: [Vec<Point>; 2],
    /// The stones outside the region, which no move may capture.
    walls: Vec<(Point, Color)>,
    /// A colour that may only pass: to check that the targets can be captured at all.
    only_passes: Option<Color>,
}

impl Fight {
    /// The region is the chains on `chains` (every stone of each) and all their
    /// liberties; the targets are the chains on `targets` (which must be among them).
    /// The targets' stones stay put until one is captured, which ends the fight, so only
    /// the region's other points are encoded in a [`State`].
    fn new(board: &Board, chains: &[Point], targets: &[Point]) -> Fight {
        let mut target_stones: [Vec<Point>; 2] = [Vec::new(), Vec::new()];
        for &t in targets {
            let color = board
                .get(t)
                .unwrap_or_else(|| panic!("no stone on target {t:?}"));
            target_stones[color.index()].extend(board.chain(t));
        }
        let is_target = |p: &Point| target_stones.iter().any(|t| t.contains(p));
        let mut region: Vec<Point> = Vec::new();
        for &c in chains.iter().chain(targets) {
            assert!(board.get(c).is_some(), "no stone on {c:?}");
            for s in board.chain(c) {
                let next_to = neighbours(board, s)
                    .into_iter()
                    .filter(|&n| board.get(n).is_none());
                for p in std::iter::once(s).chain(next_to) {
                    if !region.contains(&p) && !is_target(&p) {
                        region.push(p);
                    }
                }
            }
        }
        assert!(region.len() <= 32, "a region of {} points", region.len());
        let mut outside = board.clone();
        for &p in &region {
            outside.set(p, None).expect("on the board");
        }
        let mut walls = Vec::new();
        for y in 0..board.height() {
            for x in 0..board.width() {
                let p = Point::new(x, y);
                if let Some(c) = outside.get(p).filter(|_| !is_target(&p)) {
                    walls.push((p, c));
                }
            }
        }
        Fight {
            outside,
            region,
            targets: target_stones,
            walls,
            only_passes: None,
        }
    }

    fn encode(&self, board: &Board) -> u64 {
        let mut code = 0;
        for (i, &p) in self.region.iter().enumerate() {
            let v = match board.get(p) {
                None => 0,
                Some(Color::Black) => 1,
                Some(Color::White) => 2,
            };
            code |= v << (2 * i);
        }
        code
    }

    fn decode(&self, stones: u64) -> Board {
        let mut board = self.outside.clone();
        for (i, &p) in self.region.iter().enumerate() {
            let stone = match (stones >> (2 * i)) & 3 {
                1 => Some(Color::Black),
                2 => Some(Color::White),
                _ => None,
            };
            if stone.is_some() {
                board.set(p, stone).expect("on the board");
            }
        }
        board
    }

    /// Every move from `state`: each empty point of the region that is not suicide and
    /// not a simple-ko recapture, then the pass.
    fn moves(&self, state: State) -> Vec<Result<State, Next>> {
        let board = self.decode(state.stones);
        let me = state.to_move;
        let mut out = Vec::new();
        for (i, &p) in self.region.iter().enumerate() {
            if board.get(p).is_some() || self.only_passes == Some(me) {
                continue;
            }
            let mut after = board.clone();
            let outcome = after.play(me, p).expect("an empty point");
            if outcome.suicide > 0 {
                continue;
            }
            if state.ko == Some((i as u8, me)) && outcome.captured == 1 {
                continue;
            }
            for &(w, c) in &self.walls {
                assert_eq!(
                    after.get(w),
                    Some(c),
                    "a move at {p:?} captured a wall at {w:?}"
                );
            }
            let them = me.opponent();
            if self.targets[them.index()]
                .iter()
                .any(|&t| after.get(t).is_none())
            {
                out.push(Err(Next::Won(me)));
                continue;
            }
            let ko = after.ko_point().map(|(k, c)| {
                let k = self
                    .region
                    .iter()
                    .position(|&q| q == k)
                    .expect("in the region");
                (k as u8, c)
            });
            out.push(Ok(State {
                stones: self.encode(&after),
                to_move: them,
                ko,
                passed: false,
            }));
        }
        if state.passed {
            out.push(Err(Next::BothPassed));
        } else {
            out.push(Ok(State {
                stones: state.stones,
                to_move: me.opponent(),
                ko: None,
                passed: true,
            }));
        }
        out
    }

    /// Who wins with each side moving first from `board`.
    fn solve(&self, board: &Board) -> Verdict {
        let stones = self.encode(board);
        let starts = [Color::Black, Color::White].map(|to_move| State {
            stones,
            to_move,
            ko: None,
            passed: false,
        });
        // Every reachable state and its moves.
        let mut ids: HashMap<State, usize> = HashMap::new();
        let mut states: Vec<State> = Vec::new();
        let mut next: Vec<Vec<Next>> = Vec::new();
        for s in starts {
            ids.insert(s, states.len());
            states.push(s);
        }
        let mut i = 0;
        while i < states.len() {
            assert!(
                states.len() <= MAX_STATES,
                "more than {MAX_STATES} positions"
            );
            let moves = self.moves(states[i]);
            let mut edges = Vec::with_capacity(moves.len());
            for m in moves {
                edges.push(match m {
                    Err(end) => end,
                    Ok(s) => Next::State(*ids.entry(s).or_insert_with(|| {
                        states.push(s);
                        states.len() - 1
                    })),
                });
            }
            next.push(edges);
            i += 1;
        }
        let black = forced_win(&states, &next, Color::Black);
        let white = forced_win(&states, &next, Color::White);
        let winner = |i: usize| {
            if black[i] {
                Some(Color::Black)
            } else if white[i] {
                Some(Color::White)
            } else {
                None
            }
        };
        Verdict {
            black_first: winner(0),
            white_first: winner(1),
        }
    }
}

/// The states from which `side` can force a capture of a target: the least fixed point,
/// so a cycle is never a win.
fn forced_win(states: &[State], next: &[Vec<Next>], side: Color) -> Vec<bool> {
    let mut won = vec![false; states.len()];
    loop {
        let mut changed = false;
        for (i, state) in states.iter().enumerate() {
            if won[i] {
                continue;
            }
            let good = |n: &Next| match *n {
                Next::Won(c) => c == side,
                Next::BothPassed => false,
                Next::State(j) => won[j],
            };
            let now = if state.to_move == side {
                next[i].iter().any(good)
            } else {
                next[i].iter().all(good)
            };
            if now {
                won[i] = true;
                changed = true;
            }
        }
        if !changed {
            return won;
        }
    }
}

fn neighbours(board: &Board, p: Point) -> Vec<Point> {
    let (w, h) = (board.width(), board.height());
    let mut out = Vec::with_capacity(4);
    if p.x > 0 {
        out.push(Point::new(p.x - 1, p.y));
    }
    if p.x + 1 < w {
        out.push(Point::new(p.x + 1, p.y));
    }
    if p.y > 0 {
        out.push(Point::new(p.x, p.y - 1));
    }
    if p.y + 1 < h {
        out.push(Point::new(p.x, p.y + 1));
    }
    out
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
    replay(&record, &RuleSet::default())
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
fn verdict(board: &Board, chains: &[&str], targets: &[&str]) -> Verdict {
    let mut fight = Fight::new(board, &points(board, chains), &points(board, targets));
    for color in [Color::Black, Color::White] {
        if fight.targets[color.index()].is_empty() {
            continue;
        }
        fight.only_passes = Some(color);
        let attacker_first = match color {
            Color::Black => fight.solve(board).white_first,
            Color::White => fight.solve(board).black_first,
        };
        assert_eq!(
            attacker_first,
            Some(color.opponent()),
            "{}'s targets cannot be captured even if {} only passes",
            color.name(),
            color.name()
        );
    }
    fight.only_passes = None;
    fight.solve(board)
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
];

#[test]
fn every_seki_fixture_is_a_seki() {
    for &(path, chains, targets) in SEKIS {
        let board = final_position(path);
        assert_eq!(verdict(&board, chains, targets), Verdict::SEKI, "{path}");
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
        Verdict {
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
        Verdict {
            black_first: Some(Color::White),
            white_first: Some(Color::White),
        }
    );
}
