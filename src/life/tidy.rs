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
//!    connect there (an open ko, a cut): the point is played and listed. Except a ko
//!    inside a seki: a single stone whose connection would leave the connected chain only
//!    one small eye, a race it loses; it stays in atari, and the ko point belongs to the
//!    seki.
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
    /// Kos inside a seki, left open: (the ko point, the stone in atari there). See
    /// [`ko_in_seki`].
    pub(super) kos: Vec<(Point, Point)>,
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
            kos: Vec::new(),
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
                if is_quiet(&self.end, color, p) && self.end.play(color, p).is_ok() {
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
            for n in self.end.neighbours(p) {
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
            if self.end.liberties(p) != 1 {
                continue;
            }
            match last_liberty(&self.end, p) {
                Some(q) if ko_in_seki(&self.end, color, p, q) => self.kos.push((q, p)),
                _ => self.connect_from(p, color, FillReason::Atari, None),
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
            // Name the chain by a stone of the final position next to the point, not one
            // the tidy-up played.
            let members = self.end.chain(stone);
            let original = |s: &Point| {
                self.grid
                    .index(*s)
                    .is_some_and(|i| self.grid.stones[i].is_some())
            };
            let chain = self
                .end
                .neighbours(q)
                .filter(|s| members.contains(s))
                .find(|s| original(s))
                .or_else(|| members.iter().copied().find(|s| original(s)))
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

/// What a stone of `color` on the empty point `p` of `board` would do.
pub(super) fn effect(board: &Board, color: Color, p: Point) -> Effect {
    let them = color.opponent();
    let mut ataris = false;
    for n in board.neighbours(p) {
        if board.get(n) == Some(them) {
            match board.liberties(n) {
                1 => return Effect::Capture,
                2 => ataris = true,
                _ => {}
            }
        }
    }
    if liberties_after(board, color, p) < 2 || only_one_eye_after(board, color, p) {
        Effect::SelfAtari
    } else if ataris {
        Effect::Ataris
    } else {
        Effect::Quiet
    }
}

/// Whether [`effect`] would say [`Effect::Quiet`], the question the first pass of every
/// round asks of every dame: stops at the first opponent chain a stone there would
/// capture or put in atari.
fn is_quiet(board: &Board, color: Color, p: Point) -> bool {
    let them = color.opponent();
    let threatens = board
        .neighbours(p)
        .any(|n| board.get(n) == Some(them) && board.liberties(n) <= 2);
    !threatens && liberties_after(board, color, p) >= 2 && !only_one_eye_after(board, color, p)
}

/// The liberties (0, 1, or 2 for "two or more") of the chain a non-capturing stone of
/// `color` on `p` would make.
fn liberties_after(board: &Board, color: Color, p: Point) -> usize {
    // Most dame have two empty neighbours or touch a chain with three liberties (which
    // keeps two whatever `p` takes): the answer without walking any chain.
    let mut empty = 0;
    for n in board.neighbours(p) {
        match board.get(n) {
            None => empty += 1,
            Some(c) if c == color && board.liberties(n) >= 3 => return 2,
            Some(_) => {}
        }
    }
    if empty >= 2 {
        return 2;
    }
    Liberties::<2>::after(board, color, p, |_| false).map_or(0, |libs| libs.len)
}

/// The first `N` distinct liberties found of the chain a stone of `color` on `p` would
/// make (not counting captures), without allocating: the tidy-up asks this of every dame
/// it tries, many times a game. `None` as soon as a liberty is one `reject` refuses.
struct Liberties<const N: usize> {
    points: [Point; N],
    len: usize,
}

impl<const N: usize> Liberties<N> {
    fn after(
        board: &Board,
        color: Color,
        p: Point,
        reject: impl Fn(Point) -> bool,
    ) -> Option<Liberties<N>> {
        let mut libs = Liberties {
            points: [p; N],
            len: 0,
        };
        let add = |m: Point, libs: &mut Liberties<N>| {
            if m == p || libs.points[..libs.len].contains(&m) {
                return true;
            }
            if reject(m) {
                return false;
            }
            if libs.len < N {
                libs.points[libs.len] = m;
                libs.len += 1;
            }
            true
        };
        for n in board.neighbours(p) {
            match board.get(n) {
                None if !add(n, &mut libs) => return None,
                None => {}
                Some(c) if c == color => {
                    // A chain touching `p` on two sides is walked once.
                    if board
                        .neighbours(p)
                        .take_while(|&o| o != n)
                        .any(|o| board.same_chain(o, n))
                    {
                        continue;
                    }
                    for s in board.chain_stones(n) {
                        for m in board.neighbours(s) {
                            if board.get(m).is_none() && !add(m, &mut libs) {
                                return None;
                            }
                        }
                        if libs.len == N {
                            return Some(libs);
                        }
                    }
                }
                Some(_) => {}
            }
        }
        Some(libs)
    }

    fn as_slice(&self) -> &[Point] {
        &self.points[..self.len]
    }
}

/// The most points an eye can have and still leave a chain that has it as its only
/// liberties short of life: from seven points on, a player can make two eyes inside it.
const SMALL_EYE: usize = 6;

/// Whether a non-capturing stone of `color` on `p` would leave its chain with no liberty
/// but the points of one small eye that no other chain of its colour touches: one eye and
/// nothing else. Such a fill is no safer than a self-atari: the opponent can throw in and
/// win the race, so in a seki whose chains have an eye of two points or more (a shared
/// point between two such eyes, a bamboo joint closing an eye) neither side fills.
fn only_one_eye_after(board: &Board, color: Color, p: Point) -> bool {
    // Cheap answers first: a liberty next to an opponent stone is not in an eye of this
    // chain alone, and a neighbour with many liberties is not short of life.
    let them = color.opponent();
    for n in board.neighbours(p) {
        match board.get(n) {
            None if board.neighbours(n).any(|m| board.get(m) == Some(them)) => return false,
            Some(c) if c == color && board.liberties(n) as usize > SMALL_EYE + 1 => {
                return false;
            }
            _ => {}
        }
    }
    // A liberty next to an opponent stone is on no eye of this chain alone.
    let near_them = |m: Point| board.neighbours(m).any(|o| board.get(o) == Some(them));
    let Some(libs) = Liberties::<{ SMALL_EYE + 1 }>::after(board, color, p, near_them) else {
        return false;
    };
    let libs = libs.as_slice();
    let Some(&start) = libs.first() else {
        return false;
    };
    if libs.len() > SMALL_EYE {
        return false;
    }
    // A stone of the chain `p` would make: `p` itself, or one joined to it.
    let in_chain = |m: Point| {
        m == p
            || (board.get(m) == Some(color) && board.neighbours(p).any(|n| board.same_chain(n, m)))
    };
    // The empty region around the first liberty, `p` counted as a stone; bounded by the
    // size of a small eye.
    let mut region = vec![start];
    let mut next = 0;
    while let Some(&q) = region.get(next) {
        next += 1;
        for m in board.neighbours(q) {
            if in_chain(m) {
                continue;
            }
            match board.get(m) {
                None if !region.contains(&m) => {
                    if region.len() == SMALL_EYE {
                        return false;
                    }
                    region.push(m);
                }
                None => {}
                // Another stone on the eye's border: not an eye of this chain alone.
                Some(_) => return false,
            }
        }
    }
    libs.iter().all(|l| region.contains(l))
}

/// Whether the stone `stone` of `color`, in atari on its own eye point `q`, is the stone
/// of a ko inside a seki that its owner leaves unconnected: a single stone, every other
/// neighbour of `q` a stone of its colour (the opponent's capture at `q` takes one stone
/// and leaves its own in atari: a ko), the connection would leave the connected chain no
/// liberty but the points of one small eye ([`only_one_eye_after`]), and so would the
/// opponent's capture and connection on the stone's point. Resolving the ko then costs a
/// move in a race of one eye against one eye, which the side to move wins, so neither
/// side resolves it: the ko stays open to the end, like a mannen ko, and the position is
/// a seki.
fn ko_in_seki(board: &Board, color: Color, stone: Point, q: Point) -> bool {
    if board.chain_stones(stone).nth(1).is_some()
        || !board
            .neighbours(q)
            .all(|n| n == stone || board.get(n) == Some(color))
        || !only_one_eye_after(board, color, q)
    {
        return false;
    }
    // The opponent's side of it: taking the ko and connecting on the stone's point leaves
    // its chain only one small eye too. (A chain in atari inside a living wall's
    // territory, left on the board by `--dead none`, fails here and must connect.)
    let mut taken = board.clone();
    taken.play(color.opponent(), q).is_ok() && only_one_eye_after(&taken, color.opponent(), stone)
}

/// A liberty of the chain on `stone` (its only one, when it is in atari).
fn last_liberty(board: &Board, stone: Point) -> Option<Point> {
    board
        .chain(stone)
        .into_iter()
        .flat_map(|s| board.neighbours(s))
        .find(|&m| board.get(m).is_none())
}

#[cfg(test)]
#[path = "tidy_tests.rs"]
mod tests;
