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
    fn moves(&self, state: State) -> Vec<(Option<Point>, Result<State, Next>)> {
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
                out.push((Some(p), Err(Next::Won(me))));
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
            out.push((
                Some(p),
                Ok(State {
                    stones: self.encode(&after),
                    to_move: them,
                    ko,
                    passed: false,
                }),
            ));
        }
        if state.passed {
            out.push((None, Err(Next::BothPassed)));
        } else {
            out.push((
                None,
                Ok(State {
                    stones: state.stones,
                    to_move: me.opponent(),
                    ko: None,
                    passed: true,
                }),
            ));
        }
        out
    }

    /// The state of `board` with `to_move` to play; the simple-ko point is the board's
    /// own (a position just after a ko capture keeps its ban).
    fn state(&self, board: &Board, to_move: Color) -> State {
        let ko = board.ko_point().and_then(|(k, c)| {
            let k = self.region.iter().position(|&q| q == k)?;
            Some((k as u8, c))
        });
        State {
            stones: self.encode(board),
            to_move,
            ko,
            passed: false,
        }
    }

    /// Every state reachable from `starts` (states 0, 1, ... in that order), and the
    /// moves from each.
    fn graph(&self, starts: &[State]) -> Graph {
        let mut graph = Graph {
            ids: HashMap::new(),
            states: Vec::new(),
            next: Vec::new(),
        };
        for &s in starts {
            graph.ids.insert(s, graph.states.len());
            graph.states.push(s);
        }
        let mut i = 0;
        while i < graph.states.len() {
            assert!(
                graph.states.len() <= MAX_STATES,
                "more than {MAX_STATES} positions"
            );
            let mut edges = Vec::new();
            for (point, m) in self.moves(graph.states[i]) {
                let to = match m {
                    Err(end) => end,
                    Ok(s) => Next::State(*graph.ids.entry(s).or_insert_with(|| {
                        graph.states.push(s);
                        graph.states.len() - 1
                    })),
                };
                edges.push((point, to));
            }
            graph.next.push(edges);
            i += 1;
        }
        graph
    }

    /// Who wins with each side moving first from `board`.
    fn solve(&self, board: &Board) -> Verdict {
        let starts = [Color::Black, Color::White].map(|c| self.state(board, c));
        let graph = self.graph(&starts);
        let black = forced_win(&graph, Color::Black);
        let white = forced_win(&graph, Color::White);
        let winner = |i: usize| {
            if black[i].is_some() {
                Some(Color::Black)
            } else if white[i].is_some() {
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

    /// Who wins from `board` with `to_move` to play (keeping the board's ko ban).
    fn winner(&self, board: &Board, to_move: Color) -> Option<Color> {
        let graph = self.graph(&[self.state(board, to_move)]);
        [Color::Black, Color::White]
            .into_iter()
            .find(|&c| forced_win(&graph, c)[0].is_some())
    }

    /// A winning line for the side that wins with `first` moving first: the winner always
    /// plays a move that wins soonest, the loser the first move that lasts longest (passes
    /// included); `None` when no one wins.
    fn line(&self, board: &Board, first: Color) -> Option<Vec<String>> {
        let graph = self.graph(&[self.state(board, first)]);
        let start = 0;
        let (side, rank) = [Color::Black, Color::White]
            .into_iter()
            .map(|c| (c, forced_win(&graph, c)))
            .find(|(_, r)| r[start].is_some())?;
        let h = board.height();
        let name = |p: Option<Point>| p.map_or("pass".to_string(), |p| p.to_d4(h));
        let mut line = Vec::new();
        let mut at = start;
        loop {
            let state = graph.states[at];
            let mover = state.to_move;
            let value = |n: &Next| match *n {
                Next::Won(c) if c == side => Some(0),
                Next::State(j) => rank[j].map(|r| r + 1),
                _ => None,
            };
            let pick = if mover == side {
                graph.next[at]
                    .iter()
                    .filter_map(|(p, n)| value(n).map(|v| (v, *p, *n)))
                    .min_by_key(|&(v, _, _)| v)
            } else {
                graph.next[at]
                    .iter()
                    .filter_map(|(p, n)| value(n).map(|v| (v, *p, *n)))
                    .max_by_key(|&(v, _, _)| v)
            }?;
            line.push(format!("{} {}", mover.letter(), name(pick.1)));
            match pick.2 {
                Next::State(j) => at = j,
                _ => return Some(line),
            }
        }
    }
}

/// Every reachable state and the moves from each (the point played, `None` for a pass).
struct Graph {
    ids: HashMap<State, usize>,
    states: Vec<State>,
    next: Vec<Vec<(Option<Point>, Next)>>,
}

/// The states from which `side` can force a capture of a target, with the round of the
/// least fixed point in which each was found (moves left, roughly): "the side to move has
/// a move into a won state, or the opponent has only moves into won states", so a cycle
/// is never a win.
fn forced_win(graph: &Graph, side: Color) -> Vec<Option<u32>> {
    let mut won: Vec<Option<u32>> = vec![None; graph.states.len()];
    for round in 0.. {
        let mut found = Vec::new();
        for (i, state) in graph.states.iter().enumerate() {
            if won[i].is_some() {
                continue;
            }
            let good = |(_, n): &(Option<Point>, Next)| match *n {
                Next::Won(c) => c == side,
                Next::BothPassed => false,
                Next::State(j) => won[j].is_some(),
            };
            let now = if state.to_move == side {
                graph.next[i].iter().any(good)
            } else {
                graph.next[i].iter().all(good)
            };
            if now {
                found.push(i);
            }
        }
        if found.is_empty() {
            break;
        }
        for i in found {
            won[i] = Some(round);
        }
    }
    won
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
        Verdict {
            black_first: None,
            white_first: Some(Color::White),
        }
    );
}

/// The final position of the fixture at `path` and its fight over the chains on `chains`
/// with the targets on `targets`.
fn fight_of(path: &str, chains: &[&str], targets: &[&str]) -> (Board, Fight) {
    let board = final_position(path);
    let fight = Fight::new(&board, &points(&board, chains), &points(&board, targets));
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
            fight.winner(&position, next),
            Some(winner),
            "after {moves}, {next:?} to move"
        );
    }
    for c in [Color::Black, Color::White] {
        assert_eq!(fight.line(&board, c), None, "{c:?} first");
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
    assert_eq!(fight.solve(&board), Verdict::SEKI);
    for (moves, next, winner) in [
        ("B F13", Color::White, Some(Color::White)),
        ("W F13", Color::Black, None),
        ("W F13 B pass", Color::White, None),
        ("W F13 B pass W E13", Color::Black, Some(Color::Black)),
    ] {
        let position = after(path, moves);
        assert_eq!(
            fight.winner(&position, next),
            winner,
            "after {moves}, {next:?} to move"
        );
    }
}
