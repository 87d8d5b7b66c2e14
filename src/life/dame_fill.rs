//! The filling of a small dame area, played out in every order.
//!
//! At the end of a game the players fill the dame in turn. A fill usually forces nothing,
//! but it may leave a chain of the other colour in atari on a point of that colour's own
//! area: the owner must then connect there, and the point is no territory (a *teire*,
//! the price of the fill, paid with the owner's turn). With one dame, who fills it
//! decides whether that happens. With two or more in a row the players split them, and
//! the split itself is a fight: a stone on the middle dame of three can be cut off by the
//! opponent's stone beside it, a chain lengthened by one fill can be left in atari by
//! the next. This module plays the fills of one area out, both colours moving in turn,
//! either allowed to pass, each choosing the order best for it, and compares the count
//! Black starting gives with the count White starting gives:
//!
//! - the same: the connections of that line are made before the end whoever starts
//!   ([`Ending::Settled`]; `fixtures/positions/three-dame-in-a-row.sgf`: every split of
//!   J4-J6 leaves Black's J3 in atari on J2);
//! - different: who fills first decides that many points, the boundary is open
//!   ([`Ending::WhoFills`]); a connection both lines make is made all the same
//!   (`fixtures/positions/three-dame-one-split-free.sgf`).
//!
//! The model is that of living stones around a small area, the dame between walls a
//! referee fills without reading:
//! - a fill must leave its chain two liberties (a stone that could be taken at once is not
//!   a fill a player makes), and a fill in a part of the area that touches no stone of the
//!   filler's colour is no fill but an invasion, not played;
//! - a fill that leaves one chain of the other colour in atari is answered at once on the
//!   chain's last liberty: a point of its own area (the teire, a point lost) or another
//!   dame of the area; the answer must leave the chain two liberties;
//! - a fill that wins stones (a capture, two chains in atari at once, a chain in atari
//!   that its connection leaves in atari still or whose last liberty is elsewhere) is a
//!   fight: the move before it, which allowed it, is one its player does not make, as
//!   losing stones costs more than any connection. When the area as given allows one, the
//!   boundary is no plain filling and nothing is claimed ([`play_out`] gives `None`).
//! - an answer that leaves a chain of the filler's in atari is out of the model too: that
//!   fill is not played.
//!
//! The count of a line is territory counting's: a teire costs its owner one point, a
//! point of the area left empty and touching one colour only is that colour's, a
//! filled dame is nobody's, and each connection the caller's [`Cuts`] asks for on the
//! board where the line ends (a chain left with two liberties that a cut takes) costs its
//! colour a point. Under area counting the dame a player fills are its own, so
//! an area whose split is open is open there too.
//!
//! The search is exhaustive with a memo of positions (an area of [`MAX_POINTS`] points has
//! at most 3^6 fillings, times the connections and the side to move), and bounded by
//! [`MAX_STATES`] anyway.

use std::collections::HashMap;

use crate::board::{Board, Color};
use crate::point::Point;

use super::fights::last_liberty;
use super::position::Position;

/// The most empty points an area may have for its fills to be played out: a small area,
/// [`super::fights::SMALL_AREA`].
pub const MAX_POINTS: usize = super::fights::SMALL_AREA;

/// The most positions one play-out visits before it gives no answer: far more than the
/// fillings of [`MAX_POINTS`] points with a few connections each need.
const MAX_STATES: usize = 20_000;

/// The value of a line where a fill wins stones, for the side that made it: beyond any
/// count of connections and area points.
const WON: i32 = 1_000;

/// A connection a fill forces on a point of the owner's own area.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Teire {
    /// The point connected, no territory.
    pub point: Point,
    pub color: Color,
    /// A stone of the chain the fill left in atari.
    pub chain: Point,
    /// The fill that forced it; `None` for a connection against a cut, which the end of
    /// the line asks for ([`Cuts`]).
    pub after: Option<Point>,
}

/// How the fills of an area end.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ending {
    /// Whoever fills first, best play gives the same count; the connections of the line
    /// where Black fills first.
    Settled(Vec<Teire>),
    /// Who fills first changes the count by `points`; `teire` are the connections made
    /// in both lines (Black's best line when Black starts, White's when White does).
    WhoFills { points: u32, teire: Vec<Teire> },
}

/// The connections the end of a line still needs beyond the fills' answers, as the
/// caller judges them on the board where both passed: a chain left with two liberties in
/// its own area that a cut takes (each: the point, its colour, a stone of the chain).
pub type Cuts<'a> = dyn Fn(&Board) -> Vec<(Point, Color, Point)> + 'a;

/// The fills of the empty points `points` (one area of `position`, perhaps after some
/// fills on `board`) played out from `board`, or `None` when they are not a plain filling
/// (the module documentation); `cuts` are counted at the end of each line.
pub fn play_out(
    position: &Position,
    board: &Board,
    points: &[Point],
    cuts: &Cuts<'_>,
) -> Option<Ending> {
    if points.is_empty() || points.len() > MAX_POINTS {
        return None;
    }
    let mut game = Game {
        position,
        points,
        cuts,
        memo: HashMap::new(),
    };
    let black = game.value(board, Color::Black, false)?;
    let white = game.value(board, Color::White, false)?;
    if black.abs() >= WON || white.abs() >= WON {
        return None;
    }
    let first = game.line(board, Color::Black);
    if black == white {
        return Some(Ending::Settled(first));
    }
    let second = game.line(board, Color::White);
    let both = first
        .into_iter()
        .filter(|t| {
            second
                .iter()
                .any(|u| u.point == t.point && u.color == t.color)
        })
        .collect();
    Some(Ending::WhoFills {
        points: black.abs_diff(white),
        teire: both,
    })
}

struct Game<'a> {
    position: &'a Position,
    points: &'a [Point],
    cuts: &'a Cuts<'a>,
    /// The value of each position reached, by its hash, the side to move and whether the
    /// last move was a pass; `None` past the bound.
    memo: HashMap<(u64, Color, bool), Option<i32>>,
}

/// One move of the fills: the board after it and its answer, the connection it forced
/// and the points that gains Black.
struct Move {
    board: Board,
    teire: Option<Teire>,
    gain: i32,
}

/// What a stone on a point of the area is.
enum Fill {
    /// No fill a player makes there.
    Not,
    Plain(Box<Move>),
    /// A fill that wins stones.
    Wins,
}

impl Game<'_> {
    /// The count, Black's points minus White's, of best play from `board` with `to_move`
    /// to fill, after a pass when `passed`; `None` past the bound.
    fn value(&mut self, board: &Board, to_move: Color, passed: bool) -> Option<i32> {
        let key = (board.hash(), to_move, passed);
        if let Some(&known) = self.memo.get(&key) {
            return known;
        }
        if self.memo.len() >= MAX_STATES {
            return None;
        }
        let value = self.search(board, to_move, passed);
        self.memo.insert(key, value);
        value
    }

    fn search(&mut self, board: &Board, to_move: Color, passed: bool) -> Option<i32> {
        let sign = if to_move == Color::Black { 1 } else { -1 };
        // Passing is always allowed; two passes end the fills.
        let mut best = if passed {
            self.count(board)
        } else {
            self.value(board, to_move.opponent(), true)?
        };
        for &p in self.points {
            let value = match self.fill(board, to_move, p) {
                Fill::Not => continue,
                Fill::Wins => sign * WON,
                Fill::Plain(step) => {
                    step.gain + self.value(&step.board, to_move.opponent(), false)?
                }
            };
            best = if sign > 0 {
                best.max(value)
            } else {
                best.min(value)
            };
        }
        Some(best)
    }

    /// The line of best play from `board` with `to_move` first: the connections made on
    /// it, in order. Called after [`Game::value`] answered for `board`.
    fn line(&mut self, board: &Board, to_move: Color) -> Vec<Teire> {
        let mut teire = Vec::new();
        let mut board = board.clone();
        let mut to_move = to_move;
        let mut passed = false;
        for _ in 0..2 * MAX_POINTS + 2 {
            let Some(Some(target)) = self.memo.get(&(board.hash(), to_move, passed)).copied()
            else {
                break;
            };
            let next = self.points.iter().find_map(|&p| {
                let Fill::Plain(step) = self.fill(&board, to_move, p) else {
                    return None;
                };
                let after = self
                    .memo
                    .get(&(step.board.hash(), to_move.opponent(), false));
                (after.copied().flatten().map(|v| v + step.gain) == Some(target)).then_some(step)
            });
            let Some(step) = next else {
                // Passing is best, or as good as any fill.
                if passed {
                    teire.extend(self.cut_teire(&board));
                    break;
                }
                passed = true;
                to_move = to_move.opponent();
                continue;
            };
            teire.extend(step.teire);
            board = step.board;
            to_move = to_move.opponent();
            passed = false;
        }
        teire
    }

    /// `color`'s fill on `p` with its answer.
    fn fill(&self, board: &Board, color: Color, p: Point) -> Fill {
        if board.get(p).is_some() || !self.touches(board, p, color) {
            return Fill::Not;
        }
        let mut after = board.clone();
        match after.play(color, p) {
            Ok(outcome) if outcome.suicide == 0 && outcome.captured == 0 => {}
            Ok(outcome) if outcome.suicide == 0 => return Fill::Wins,
            _ => return Fill::Not,
        }
        if after.liberties(p) < 2 {
            return Fill::Not;
        }
        let owner = color.opponent();
        let mut in_atari: Option<(Point, Point)> = None;
        for nb in after.neighbours(p) {
            if after.get(nb) != Some(owner) || after.liberties(nb) != 1 {
                continue;
            }
            let Some(q) = last_liberty(&after, nb) else {
                continue;
            };
            match in_atari {
                Some((_, seen)) if seen == q => {}
                Some(_) => return Fill::Wins,
                None => in_atari = Some((nb, q)),
            }
        }
        let Some((chain, q)) = in_atari else {
            return Fill::Plain(Box::new(Move {
                board: after,
                teire: None,
                gain: 0,
            }));
        };
        let teire = if self.points.contains(&q) {
            false
        } else if self.position.own_area(q, owner).is_some() {
            true
        } else {
            return Fill::Wins;
        };
        match after.play(owner, q) {
            Ok(outcome) if outcome.suicide == 0 && outcome.captured == 0 => {}
            _ => return Fill::Wins,
        }
        if after.liberties(q) < 2 {
            return Fill::Wins;
        }
        if after.neighbours(q).any(|n| in_atari_of(&after, n, color)) {
            return Fill::Not;
        }
        let (teire, gain) = if teire {
            let t = Teire {
                point: q,
                color: owner,
                chain,
                after: Some(p),
            };
            (Some(t), if owner == Color::Black { -1 } else { 1 })
        } else {
            (None, 0)
        };
        Fill::Plain(Box::new(Move {
            board: after,
            teire,
            gain,
        }))
    }

    /// Whether the part of the area around the empty point `p` (its empty points joined
    /// through each other) touches a stone of `color`.
    fn touches(&self, board: &Board, p: Point, color: Color) -> bool {
        self.part(board, p)
            .iter()
            .any(|&q| board.neighbours(q).any(|n| board.get(n) == Some(color)))
    }

    /// The empty points of the area joined to the empty point `p` through each other.
    fn part(&self, board: &Board, p: Point) -> Vec<Point> {
        let mut part = vec![p];
        let mut i = 0;
        while i < part.len() {
            let q = part[i];
            i += 1;
            for n in board.neighbours(q) {
                if board.get(n).is_none() && self.points.contains(&n) && !part.contains(&n) {
                    part.push(n);
                }
            }
        }
        part
    }

    /// The connections `cuts` asks for at the end of a line, as [`Teire`] (after no
    /// fill: none forced them).
    fn cut_teire(&self, board: &Board) -> Vec<Teire> {
        (self.cuts)(board)
            .into_iter()
            .map(|(point, color, chain)| Teire {
                point,
                color,
                chain,
                after: None,
            })
            .collect()
    }

    /// The count of the fills' end: each empty point of the area in a part touching one
    /// colour only is that colour's, and each connection a cut asks for costs its colour
    /// a point.
    fn count(&self, board: &Board) -> i32 {
        let mut count = 0;
        for (_, color, _) in (self.cuts)(board) {
            count += if color == Color::Black { -1 } else { 1 };
        }
        for &p in self.points {
            if board.get(p).is_some() {
                continue;
            }
            let [black, white] = [Color::Black, Color::White].map(|c| self.touches(board, p, c));
            count += match (black, white) {
                (true, false) => 1,
                (false, true) => -1,
                _ => 0,
            };
        }
        count
    }
}

/// Whether `p` holds a stone of `color` whose chain is in atari.
fn in_atari_of(board: &Board, p: Point, color: Color) -> bool {
    board.get(p) == Some(color) && board.liberties(p) == 1
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The play-out of the empty points `points` (D4 form) of the position `diagram`.
    fn ending(diagram: &str, points: &[&str]) -> Option<Ending> {
        let board = Board::from_diagram(diagram).expect("a diagram");
        let position = Position::new(&board);
        let points: Vec<Point> = points
            .iter()
            .map(|p| Point::from_d4(p, board.width(), board.height()).expect("a point"))
            .collect();
        play_out(&position, &board, &points, &|_| Vec::new())
    }

    /// The right edge of `fixtures/positions/three-dame-in-a-row.sgf`, narrowed: Black's
    /// G4 hangs off F3; G5-G7 lie between White's F5-F7 and Black's G8.
    const THREE: &str = "
        . . O X . . .
        . . O X X X X
        . . O O O O .
        . . O O O O .
        . . O O O O .
        . . O O O O X
        . . O X X X .
        . . O X . . .
        . . O X . . .";

    #[test]
    fn every_split_of_three_dame_leaves_the_stone_in_atari() {
        let Some(Ending::Settled(teire)) = ending(THREE, &["G5", "G6", "G7"]) else {
            panic!("a settled split");
        };
        let height = 9;
        let at: Vec<String> = teire.iter().map(|t| t.point.to_d4(height)).collect();
        assert_eq!(at, ["G3"]);
        assert_eq!(teire[0].color, Color::Black);
    }

    #[test]
    fn a_lone_dame_whose_filler_decides_a_point() {
        // Black's wall three rows lower: G5 alone between G4 and G6.
        let diagram = "
            . . O X . . .
            . . O X . . .
            . . O X . . .
            . . O X X X X
            . . O O O O .
            . . O O O O X
            . . O X X X .
            . . O X . . .
            . . O X . . .";
        let want = Ending::WhoFills {
            points: 1,
            teire: Vec::new(),
        };
        assert_eq!(ending(diagram, &["G5"]), Some(want));
    }

    #[test]
    fn dame_between_two_living_walls_force_nothing() {
        let diagram = "
            . X . O .
            X X . O O
            X X . O O
            X X . O O
            . X . O .";
        let points = ["C1", "C2", "C3", "C4", "C5"];
        assert_eq!(ending(diagram, &points), Some(Ending::Settled(Vec::new())));
    }

    #[test]
    fn a_chain_in_atari_at_the_start_is_a_fight() {
        // White's B2 is in atari on C2, a dame: Black's fill there captures it.
        let diagram = "
            X X . O
            X O . O
            X X . O";
        assert_eq!(ending(diagram, &["C1", "C2", "C3"]), None);
    }
}
