//! The end of a game tidied up as a referee does before counting territory: the dame
//! filled, the connections that filling makes necessary played, and what cannot be filled
//! left standing: the seki.
//!
//! The Japanese rules (1989, article 8) call an empty point surrounded by the living
//! stones of one player an *eye point*, every other empty point *dame*, and living
//! stones that possess dame stones *in seki*; only eye points of stones not in seki are
//! territory. Read literally, a dame left open between two living walls would put both
//! walls in seki, so players fill the dame before the game ends, and make the
//! connections (*teire*) that filling forces. Records rarely show that work. goref
//! does it on a copy of the final position, once per counted game:
//!
//! 1. The dead stones are taken off. Every other stone is alive, as the players agreed.
//! 2. A chain already in atari whose last liberty is an eye point of its own colour must
//!    connect there (an open ko, a cut): the point is played and listed.
//! 3. Dame are filled, in reading order, by a colour whose stone there captures nothing
//!    and keeps at least two liberties. A fill that leaves no opponent chain in atari
//!    goes first, whichever colour makes it. A fill that puts an opponent chain in atari
//!    is made only when the other colour cannot fill the point (the point is then the
//!    filler's to take) and the chain in atari connects at once through its own eye
//!    point if it can: that eye point must be filled (a false eye) and is listed. When
//!    either colour's fill would put the other in atari, the point is a real move left
//!    open (worth a point to whoever plays it first), not dame: it is left alone and
//!    forces nothing.
//! 4. A connection that leaves the chain in atari again, on another eye point of its
//!    own, continues there (a chain of false eyes).
//! 5. What no one can fill is the seki: see [`super::seki`].
//!
//! Every step plays a stone on an empty point or sets a point aside, so the work is
//! bounded by the number of points; nothing here can panic on any position a record can
//! draw.

use crate::board::{Board, Color};
use crate::point::Point;

use super::Grid;
use super::fill::{FillReason, MustFill};
use super::seki::{self, Seki};

/// What the tidy-up of a final position finds: the seki, and the eye points that must be
/// filled before the game could end.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Tidy {
    pub seki: Seki,
    /// Eye points a player must fill, in the order goref found them (a connection that
    /// makes the next one necessary comes first).
    pub must_fill: Vec<MustFill>,
}

/// Tidy up `board`, the final position of a game, with `dead` taken off first (points
/// without a stone are ignored). Every other stone counts as alive.
pub fn tidy(board: &Board, dead: &[Point]) -> Tidy {
    let play = Playout::run(board, dead);
    Tidy {
        seki: seki::from_playout(&play),
        must_fill: play.must_fill.clone(),
    }
}

/// What an empty point of the final position is, once the dead stones are off.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Class {
    Stone,
    /// In a region of empty points that reaches stones of both colours.
    Dame,
    /// In a region of empty points that reaches stones of this colour only.
    Eye(Color),
    /// In a region that reaches no stone (an empty board).
    Void,
}

/// What a stone of some colour on an empty point would do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Effect {
    /// It captures: not a fill.
    Capture,
    /// It leaves its own chain with fewer than two liberties (or none).
    SelfAtari,
    /// A safe fill that puts no opponent chain in atari.
    Quiet,
    /// A safe fill that puts an opponent chain in atari.
    Ataris,
}

/// The final position and the position after the tidy-up, with what was played.
pub(super) struct Playout {
    /// The final position with the dead stones off.
    pub(super) grid: Grid,
    /// Per point of `grid`.
    pub(super) class: Vec<Class>,
    /// The position after the tidy-up.
    pub(super) end: Board,
    /// Dame left open: either colour's fill would put the other in atari.
    pub(super) open: Vec<bool>,
    pub(super) must_fill: Vec<MustFill>,
}

impl Playout {
    pub(super) fn run(board: &Board, dead: &[Point]) -> Playout {
        let mut position = board.clone();
        for &p in dead {
            if position.get(p).is_some() {
                // Only points on the board hold stones, so this cannot fail.
                let _ = position.set(p, None);
            }
        }
        let grid = Grid::new(&position);
        let class = classify(&grid);
        let mut play = Playout {
            open: vec![false; grid.len()],
            grid,
            class,
            end: position,
            must_fill: Vec::new(),
        };
        play.connect_chains_in_atari();
        let dame: Vec<Point> = (0..play.grid.len())
            .filter(|&i| play.class[i] == Class::Dame)
            .map(|i| play.grid.point(i))
            .collect();
        while play.fill_round(&dame) {}
        play
    }

    fn index(&self, p: Point) -> usize {
        // Every point handled here comes from the grid itself.
        self.grid.index(p).unwrap_or(0)
    }

    /// One round of dame filling: every quiet fill there is, else one fill that puts a
    /// chain in atari (or a point set aside as open). False when nothing changed.
    fn fill_round(&mut self, dame: &[Point]) -> bool {
        let mut progress = false;
        for &p in dame {
            if self.end.get(p).is_some() || self.open[self.index(p)] {
                continue;
            }
            for color in [Color::Black, Color::White] {
                if effect(&self.end, color, p) == Effect::Quiet && self.end.play(color, p).is_ok() {
                    progress = true;
                    break;
                }
            }
        }
        if progress {
            return true;
        }
        for &p in dame {
            if self.end.get(p).is_some() || self.open[self.index(p)] {
                continue;
            }
            let black = effect(&self.end, Color::Black, p);
            let white = effect(&self.end, Color::White, p);
            let filler = match (black, white) {
                (Effect::Ataris, Effect::Ataris) => {
                    let i = self.index(p);
                    self.open[i] = true;
                    return true;
                }
                (Effect::Ataris, _) => Color::Black,
                (_, Effect::Ataris) => Color::White,
                _ => continue,
            };
            if self.end.play(filler, p).is_err() {
                continue;
            }
            let them = filler.opponent();
            for n in around(&self.end, p) {
                if self.end.get(n) == Some(them) && self.end.liberties(n) == 1 {
                    self.connect_from(n, them, FillReason::FalseEye, Some(p));
                }
            }
            return true;
        }
        false
    }

    /// Step 2: every chain of the final position in atari on an eye point of its own.
    fn connect_chains_in_atari(&mut self) {
        let mut seen = vec![false; self.grid.len()];
        for i in 0..self.grid.len() {
            let p = self.grid.point(i);
            let Some(color) = self.end.get(p) else {
                continue;
            };
            if seen[i] {
                continue;
            }
            for s in self.end.chain(p) {
                let j = self.index(s);
                seen[j] = true;
            }
            if self.end.liberties(p) == 1 {
                self.connect_from(p, color, FillReason::Atari, None);
            }
        }
    }

    /// Connect the chain on `stone` (in atari) through its last liberty while that is an
    /// eye point of its own colour, and again while the connected chain is still in
    /// atari on another such point.
    fn connect_from(
        &mut self,
        stone: Point,
        color: Color,
        reason: FillReason,
        after: Option<Point>,
    ) {
        let (mut stone, mut reason, mut after) = (stone, reason, after);
        // Each turn fills an empty point, so this ends.
        while self.end.liberties(stone) == 1 {
            let Some(q) = last_liberty(&self.end, stone) else {
                return;
            };
            if self.class[self.index(q)] != Class::Eye(color) || self.end.is_suicide(color, q) {
                return;
            }
            // Name the chain by a stone of the final position, not one of the tidy-up's.
            let chain = self
                .end
                .chain(stone)
                .into_iter()
                .find(|&s| {
                    self.grid
                        .index(s)
                        .is_some_and(|i| self.grid.stones[i].is_some())
                })
                .unwrap_or(stone);
            if self.end.play(color, q).is_err() {
                return;
            }
            self.must_fill.push(MustFill {
                point: q,
                color,
                chain,
                reason,
                after,
            });
            stone = q;
            reason = FillReason::FalseEyeChain;
            after = Some(q);
        }
    }
}

/// The class of every point of `grid`: stones, and each empty region by the colours it
/// reaches.
fn classify(grid: &Grid) -> Vec<Class> {
    let mut class = vec![Class::Void; grid.len()];
    let mut seen = vec![false; grid.len()];
    let mut stack = Vec::new();
    let mut region = Vec::new();
    for start in 0..grid.len() {
        if grid.stones[start].is_some() {
            class[start] = Class::Stone;
            continue;
        }
        if seen[start] {
            continue;
        }
        seen[start] = true;
        stack.push(start);
        region.clear();
        let mut reaches = 0u8;
        while let Some(i) = stack.pop() {
            region.push(i);
            for n in grid.neighbours(i) {
                match grid.stones[n] {
                    Some(c) => reaches |= 1 << c.index(),
                    None if !seen[n] => {
                        seen[n] = true;
                        stack.push(n);
                    }
                    None => {}
                }
            }
        }
        let c = match reaches {
            1 => Class::Eye(Color::Black),
            2 => Class::Eye(Color::White),
            3 => Class::Dame,
            _ => Class::Void,
        };
        for &i in &region {
            class[i] = c;
        }
    }
    class
}

/// The on-board neighbours of `p`.
pub(super) fn around(board: &Board, p: Point) -> impl Iterator<Item = Point> + use<> {
    let (w, h) = (board.width(), board.height());
    [
        (p.x > 0).then(|| Point::new(p.x - 1, p.y)),
        (p.x + 1 < w).then(|| Point::new(p.x + 1, p.y)),
        (p.y > 0).then(|| Point::new(p.x, p.y - 1)),
        (p.y + 1 < h).then(|| Point::new(p.x, p.y + 1)),
    ]
    .into_iter()
    .flatten()
}

/// What a stone of `color` on the empty point `p` of `board` would do.
pub(super) fn effect(board: &Board, color: Color, p: Point) -> Effect {
    let them = color.opponent();
    let mut ataris = false;
    for n in around(board, p) {
        if board.get(n) == Some(them) {
            match board.liberties(n) {
                1 => return Effect::Capture,
                2 => ataris = true,
                _ => {}
            }
        }
    }
    if liberties_after(board, color, p) < 2 {
        Effect::SelfAtari
    } else if ataris {
        Effect::Ataris
    } else {
        Effect::Quiet
    }
}

/// The liberties (0, 1, or 2 for "two or more") of the chain a non-capturing stone of
/// `color` on `p` would make.
fn liberties_after(board: &Board, color: Color, p: Point) -> usize {
    let mut libs: Vec<Point> = Vec::new();
    for n in around(board, p) {
        match board.get(n) {
            None => libs.push(n),
            Some(c) if c == color => {
                // A neighbour with three liberties keeps two whatever `p` takes.
                if board.liberties(n) >= 3 {
                    return 2;
                }
                for s in board.chain(n) {
                    libs.extend(around(board, s).filter(|&m| m != p && board.get(m).is_none()));
                }
            }
            Some(_) => {}
        }
    }
    libs.sort_unstable();
    libs.dedup();
    libs.len().min(2)
}

/// A liberty of the chain on `stone` (its only one, when it is in atari).
fn last_liberty(board: &Board, stone: Point) -> Option<Point> {
    board
        .chain(stone)
        .into_iter()
        .flat_map(|s| around(board, s))
        .find(|&m| board.get(m).is_none())
}

#[cfg(test)]
#[path = "tidy_tests.rs"]
mod tests;
