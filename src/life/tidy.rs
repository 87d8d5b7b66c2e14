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
pub(crate) enum Class {
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
    /// The dame still empty and not open at the end (by index into `grid`), with the
    /// [`effect`] of a Black and of a White stone there on `end`: the last round of
    /// filling asked exactly this of each, on the final board, and filled none.
    pub(super) left: Vec<(usize, Effect, Effect)>,
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
        let class = classify(&position);
        let mut play = Playout {
            open: vec![false; grid.len()],
            grid,
            class,
            end: position,
            must_fill: Vec::new(),
            kos: Vec::new(),
            left: Vec::new(),
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
        self.left.clear();
        for &p in dame {
            let i = self.index(p);
            if self.end.get(p).is_some() || self.open[i] {
                continue;
            }
            let black = effect(&self.end, Color::Black, p);
            let white = effect(&self.end, Color::White, p);
            self.left.push((i, black, white));
            let filler = match (black, white) {
                (Effect::Ataris, Effect::Ataris) => {
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
            for s in self.end.chain_stones(p) {
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

/// The class of every point of `board`, row by row from the top: stones, and each empty
/// region by the colours it reaches. The count reads its territory from these classes too
/// ([`crate::score`]).
pub(crate) fn classify(board: &Board) -> Vec<Class> {
    let width = usize::from(board.width());
    // One byte per point: 0 empty, 1 Black, 2 White, which is also the bit a region
    // reaching that colour sets.
    let mut stones = Vec::new();
    board.write_position(&mut stones);
    let points = stones.len();
    let mut class = vec![Class::Stone; points];
    let mut seen = vec![false; points];
    // The points of the region being walked, in the order found; those from `next` on
    // have yet to be looked around. A board has at most 25 x 25 points.
    let mut region = vec![0u16; points];
    for start in 0..points {
        if stones[start] != 0 || seen[start] {
            continue;
        }
        seen[start] = true;
        region[0] = start as u16;
        let (mut len, mut next) = (1, 0);
        let mut reaches = 0u8;
        while next < len {
            let i = usize::from(region[next]);
            next += 1;
            let mut look = |n: usize| match stones[n] {
                0 if !seen[n] => {
                    seen[n] = true;
                    region[len] = n as u16;
                    len += 1;
                }
                0 => {}
                stone => reaches |= stone,
            };
            let x = i % width;
            if x > 0 {
                look(i - 1);
            }
            if x + 1 < width {
                look(i + 1);
            }
            if i >= width {
                look(i - width);
            }
            if i + width < points {
                look(i + width);
            }
        }
        let c = match reaches {
            1 => Class::Eye(Color::Black),
            2 => Class::Eye(Color::White),
            3 => Class::Dame,
            _ => Class::Void,
        };
        for &i in &region[..len] {
            class[usize::from(i)] = c;
        }
    }
    class
}

/// What a stone of `color` on the empty point `p` of `board` would do.
fn effect(board: &Board, color: Color, p: Point) -> Effect {
    let around = Around::of(board, color, p);
    if around.them_fewest == 1 {
        Effect::Capture
    } else if around.liberties_after(board) < 2 || around.only_one_eye_after(board) {
        Effect::SelfAtari
    } else if around.them_fewest == 2 {
        Effect::Ataris
    } else {
        Effect::Quiet
    }
}

/// Whether [`effect`] would say [`Effect::Quiet`], the question the first pass of every
/// round asks of every dame: stops at an opponent chain a stone there would capture or
/// put in atari.
fn is_quiet(board: &Board, color: Color, p: Point) -> bool {
    let around = Around::of(board, color, p);
    around.them_fewest > 2
        && around.liberties_after(board) >= 2
        && !around.only_one_eye_after(board)
}

/// The most points an eye can have and still leave a chain that has it as its only
/// liberties short of life: from seven points on, a player can make two eyes inside it.
const SMALL_EYE: usize = 6;

/// Whether a non-capturing stone of `color` on the empty point `p` would leave its chain
/// with no liberty but the points of one small eye that no other chain of its colour
/// touches: see [`Around::only_one_eye_after`].
fn only_one_eye_after(board: &Board, color: Color, p: Point) -> bool {
    Around::of(board, color, p).only_one_eye_after(board)
}

/// What a stone of `color` on the empty point `p` would touch, read once from the board's
/// liberty counts: `p`'s empty neighbours, the chains of its colour it would join, and how
/// short of liberties the opponent's chains next to it are. The tidy-up asks this of
/// every dame it tries, many times a game, so nothing here allocates, and no chain is
/// walked to its end (the walls of a finished game are long).
struct Around {
    color: Color,
    p: Point,
    empty: [Point; 4],
    empties: usize,
    /// One stone of each distinct chain of `color` next to `p`, and its liberties.
    own: [(Point, u32); 4],
    owns: usize,
    /// The most liberties of those chains (0 when there are none).
    own_most: u32,
    /// The fewest liberties of the opponent's chains next to `p` (`u32::MAX` when none).
    them_fewest: u32,
}

impl Around {
    fn of(board: &Board, color: Color, p: Point) -> Around {
        let mut around = Around {
            color,
            p,
            empty: [p; 4],
            empties: 0,
            own: [(p, 0); 4],
            owns: 0,
            own_most: 0,
            them_fewest: u32::MAX,
        };
        for n in board.neighbours(p) {
            match board.get(n) {
                None => {
                    around.empty[around.empties] = n;
                    around.empties += 1;
                }
                Some(c) if c == color => {
                    if around.own().any(|(s, _)| board.same_chain(s, n)) {
                        continue;
                    }
                    let libs = board.liberties(n);
                    around.own[around.owns] = (n, libs);
                    around.owns += 1;
                    around.own_most = around.own_most.max(libs);
                }
                Some(_) => around.them_fewest = around.them_fewest.min(board.liberties(n)),
            }
        }
        around
    }

    fn empty(&self) -> impl Iterator<Item = Point> + '_ {
        self.empty[..self.empties].iter().copied()
    }

    fn own(&self) -> impl Iterator<Item = (Point, u32)> + '_ {
        self.own[..self.owns].iter().copied()
    }

    /// Whether `m` would be a stone of the chain the stone on `p` makes.
    fn in_chain(&self, board: &Board, m: Point) -> bool {
        m == self.p || self.own().any(|(s, _)| board.same_chain(s, m))
    }

    /// The liberties (0, 1, or 2 for "two or more") of the chain the stone would make,
    /// captures not counted.
    ///
    /// Those liberties are `p`'s empty neighbours and the liberties other than `p` of the
    /// chains it joins. So two empty neighbours, or a chain with three liberties, give
    /// two; a chain with one liberty (`p`) adds none; a chain with two adds exactly one
    /// other point. Which point only matters when it could coincide with the other
    /// candidate: an empty neighbour `e` is that point when it touches the chain, and with
    /// no empty neighbour one chain's other liberty is found (a walk that stops at the
    /// first) and looked for next to the others.
    fn liberties_after(&self, board: &Board) -> usize {
        if self.empties >= 2 || self.own_most >= 3 {
            return 2;
        }
        let mut pairs = self.own().filter(|&(_, libs)| libs == 2).map(|(s, _)| s);
        let other = match self.empty().next() {
            Some(e) => e,
            None => match pairs.next() {
                Some(first) => match other_liberty(board, first, self.p) {
                    Some(l) => l,
                    // The board's count says there is one; never reached.
                    None => return 1,
                },
                None => return 0,
            },
        };
        if pairs.any(|s| !touches(board, other, s)) {
            2
        } else {
            1
        }
    }

    /// Whether the stone would leave its chain with no liberty but the points of one
    /// small eye that no other chain of its colour touches: one eye and nothing else.
    /// Such a fill is no safer than a self-atari: the opponent can throw in and win the
    /// race, so in a seki whose chains have an eye of two points or more (a shared point
    /// between two such eyes, a bamboo joint closing an eye) neither side fills.
    ///
    /// Exactly: the chain's liberties other than `p` are not empty, and all lie in one
    /// region of empty points (`p` counted as a stone of the chain) of at most
    /// [`SMALL_EYE`] points that touches no stone outside the chain. The region is found
    /// from any one liberty (a region is the same from each of its points), and every
    /// liberty is in it when `p`'s empty neighbours are and each chain `p` joins has all
    /// its liberties but `p` in it, which the board's liberty counts tell.
    fn only_one_eye_after(&self, board: &Board) -> bool {
        // Cheap answers first: a liberty next to an opponent stone is in no eye of this
        // chain alone, and a chain with many liberties is not short of life.
        let them = self.color.opponent();
        if self.own_most as usize > SMALL_EYE + 1
            || self
                .empty()
                .any(|e| board.neighbours(e).any(|m| board.get(m) == Some(them)))
        {
            return false;
        }
        let start = self.empty().next().or_else(|| {
            self.own()
                .filter(|&(_, libs)| libs >= 2)
                .find_map(|(s, _)| other_liberty(board, s, self.p))
        });
        let Some(start) = start else {
            return false;
        };
        // The empty region around `start`, bounded by the size of a small eye.
        let mut region = [start; SMALL_EYE];
        let (mut len, mut next) = (1, 0);
        while next < len {
            let q = region[next];
            next += 1;
            for m in board.neighbours(q) {
                if self.in_chain(board, m) {
                    continue;
                }
                match board.get(m) {
                    None if !region[..len].contains(&m) => {
                        if len == SMALL_EYE {
                            return false;
                        }
                        region[len] = m;
                        len += 1;
                    }
                    None => {}
                    // Another stone on the eye's border: not an eye of this chain alone.
                    Some(_) => return false,
                }
            }
        }
        let region = &region[..len];
        self.empty().all(|e| region.contains(&e))
            && self.own().all(|(s, libs)| {
                let inside = region.iter().filter(|&&q| touches(board, q, s)).count();
                inside + 1 == libs as usize
            })
    }
}

/// A liberty of the chain on `stone` other than `p`, walking its stones only until the
/// first one.
fn other_liberty(board: &Board, stone: Point, p: Point) -> Option<Point> {
    board
        .chain_stones(stone)
        .flat_map(|s| board.neighbours(s))
        .find(|&m| m != p && board.get(m).is_none())
}

/// Whether the empty point `q` is a liberty of the chain on `stone`.
fn touches(board: &Board, q: Point, stone: Point) -> bool {
    board.neighbours(q).any(|m| board.same_chain(m, stone))
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

/// The liberty of the chain on `stone`, in atari (with more liberties, any one of them).
fn last_liberty(board: &Board, stone: Point) -> Option<Point> {
    board
        .chain_stones(stone)
        .flat_map(|s| board.neighbours(s))
        .find(|&m| board.get(m).is_none())
}

#[cfg(test)]
#[path = "tidy_tests.rs"]
mod tests;
