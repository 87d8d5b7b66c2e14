//! Seki found in a final position, not only marked: which chains are alive without being
//! able to capture or be captured, which empty points they share, and which eye points
//! are theirs.
//!
//! The Japanese rules (1989, article 8) define seki through dame: living stones that
//! possess dame are in seki, and the eye points of stones in seki are not territory.
//! Ordinary dame are filled before the game ends, so goref first tidies the position up
//! ([`super::tidy`]: dame filled where a stone is safe, the connections that forces
//! played). What is left is read as follows:
//!
//! - A **shared point** is a dame that neither colour can fill: a stone of either colour
//!   there would capture nothing and leave its own chain with fewer than two liberties.
//!   A dame where one colour captures is not shared (the chain in atari there is simply
//!   capturable), except in a *hanezeki*: when each colour has a chain in atari in the
//!   same dame region, whoever captures first starts a race the other wins, so both
//!   capture points are shared too.
//! - A chain next to a shared point is **in seki**. So is a chain that shares an eye with
//!   a chain in seki and has fewer than two eyes of its own (eyes it does not share with
//!   a chain in seki), unless one of its own eyes has seven points or more: such a chain
//!   lives only through the seki (the stones of a group linked by a bamboo joint or a
//!   shared eye).
//! - The **eyes** of the seki are the eye points (empty points reached by one colour
//!   only) of every region next to a chain in seki.
//!
//! - A **ko inside a seki** (a single stone in atari on its own eye point, which its owner
//!   leaves unconnected because the connection would leave only one small eye, see
//!   [`super::tidy`]) puts in seki the chains next to the ko point and the opponent's
//!   chains around the stone; the ko point is then an eye point of the seki.
//!
//! Chains of a colour with one eye and chains with none, a seki with an eye on one side
//! only, a throw-in that changes nothing: all come down to these shared points, since the
//! tidy-up never captures.

use crate::board::{Board, Color};
use crate::point::Point;

use super::tidy::{Class, Effect, Playout, tidy};
use super::{Chains, Grid};

/// The seki of a final position. Every list is in reading order (rows from the top, each
/// from the left), each point once.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Seki {
    /// Stones of the chains in seki.
    pub stones: Vec<Point>,
    /// Empty points shared by chains in seki that neither colour can fill.
    pub shared: Vec<Point>,
    /// Empty points reached by one colour only whose region touches a chain in seki.
    pub eyes: Vec<Point>,
}

impl Seki {
    /// No chain is in seki.
    pub fn is_empty(&self) -> bool {
        self.stones.is_empty()
    }

    /// Whether `p` holds a stone of a chain in seki.
    pub fn contains(&self, p: Point) -> bool {
        in_reading_order(&self.stones, p)
    }

    /// Whether `p` is a shared point of a seki.
    pub fn is_shared(&self, p: Point) -> bool {
        in_reading_order(&self.shared, p)
    }

    /// Whether `p` is an eye point of a chain in seki.
    pub fn is_eye(&self, p: Point) -> bool {
        in_reading_order(&self.eyes, p)
    }
}

fn in_reading_order(list: &[Point], p: Point) -> bool {
    list.binary_search_by_key(&(p.y, p.x), |q| (q.y, q.x))
        .is_ok()
}

/// The seki of `board`, the final position of a game, with `dead` taken off first (points
/// without a stone are ignored); every other stone counts as alive. Runs the whole
/// tidy-up; use [`super::tidy::tidy`] for the points that must be filled as well.
pub fn find(board: &Board, dead: &[Point]) -> Seki {
    tidy(board, dead).seki
}

/// The seki left after the tidy-up `play`.
pub(super) fn from_playout(play: &Playout) -> Seki {
    let grid = &play.grid;
    let n = grid.len();
    let shared = shared_points(play);
    if !shared.iter().any(|&s| s) && play.kos.is_empty() {
        return Seki::default();
    }

    // Chains (after the tidy-up) next to a shared point, and those of a ko inside a seki:
    // the chains next to the ko point and the opponent's chains around the stone in atari.
    let mut touched = vec![false; n];
    let mut touch = |q: Point| {
        let Some(j) = grid.index(q) else { return };
        if play.end.get(q).is_some() && !touched[j] {
            for s in play.end.chain_stones(q) {
                if let Some(k) = grid.index(s) {
                    touched[k] = true;
                }
            }
        }
    };
    for i in (0..n).filter(|&i| shared[i]) {
        play.end.neighbours(grid.point(i)).for_each(&mut touch);
    }
    for &(ko, stone) in &play.kos {
        play.end.neighbours(ko).for_each(&mut touch);
        play.end.neighbours(stone).for_each(&mut touch);
    }

    // The chains and eye regions of the final position.
    let chains = Chains::new(grid);
    let regions = EyeRegions::new(grid, &play.class, &chains);
    let mut in_seki: Vec<bool> = chains
        .list
        .iter()
        .map(|c| c.points.iter().any(|&i| touched[i]))
        .collect();

    // A chain sharing an eye with the seki joins it unless it lives on its own.
    loop {
        let mut changed = false;
        for r in 0..regions.list.len() {
            if !regions.list[r].chains.iter().any(|&c| in_seki[c]) {
                continue;
            }
            for &t in &regions.list[r].chains {
                if in_seki[t] {
                    continue;
                }
                let own: Vec<&EyeRegion> = regions.of_chain[t]
                    .iter()
                    .map(|&o| &regions.list[o])
                    .filter(|o| !o.chains.iter().any(|&c| in_seki[c]))
                    .collect();
                let lives = own.len() >= 2 || own.iter().any(|o| o.points.len() >= 7);
                if !lives {
                    in_seki[t] = true;
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }

    let mut stones = Vec::new();
    for (c, chain) in chains.list.iter().enumerate() {
        if in_seki[c] {
            stones.extend(chain.points.iter().copied());
        }
    }
    let mut eyes = Vec::new();
    for region in &regions.list {
        if region.chains.iter().any(|&c| in_seki[c]) {
            eyes.extend(region.points.iter().copied());
        }
    }
    stones.sort_unstable();
    eyes.sort_unstable();
    let to_points = |list: Vec<usize>| list.into_iter().map(|i| grid.point(i)).collect();
    Seki {
        stones: to_points(stones),
        shared: to_points((0..n).filter(|&i| shared[i]).collect()),
        eyes: to_points(eyes),
    }
}

/// Per point: a dame left empty by the tidy-up that neither colour can fill, or a capture
/// point of a hanezeki.
fn shared_points(play: &Playout) -> Vec<bool> {
    let grid = &play.grid;
    let n = grid.len();
    let mut shared = vec![false; n];
    // Capture points and the capturing colour, from what the last round of the tidy-up
    // found at every dame left.
    let mut captures: Vec<(usize, Color)> = Vec::new();
    for &(i, black, white) in &play.left {
        match (black, white) {
            (Effect::SelfAtari, Effect::SelfAtari) => shared[i] = true,
            (Effect::Capture, _) => captures.push((i, Color::Black)),
            (_, Effect::Capture) => captures.push((i, Color::White)),
            _ => {}
        }
    }
    // A hanezeki needs capture points of both colours in one dame region.
    if captures.iter().any(|c| c.1 != captures[0].1) {
        let region = dame_regions(grid, &play.class);
        for &(i, color) in &captures {
            if captures
                .iter()
                .any(|&(j, c)| region[j] == region[i] && c == color.opponent())
            {
                shared[i] = true;
            }
        }
    }
    shared
}

/// An id per point for the regions of dame (`usize::MAX` elsewhere).
fn dame_regions(grid: &Grid, class: &[Class]) -> Vec<usize> {
    let mut id = vec![usize::MAX; grid.len()];
    let mut next = 0;
    let mut stack = Vec::new();
    for start in 0..grid.len() {
        if class[start] != Class::Dame || id[start] != usize::MAX {
            continue;
        }
        id[start] = next;
        stack.push(start);
        while let Some(i) = stack.pop() {
            for nb in grid.neighbours(i) {
                if class[nb] == Class::Dame && id[nb] == usize::MAX {
                    id[nb] = next;
                    stack.push(nb);
                }
            }
        }
        next += 1;
    }
    id
}

/// A region of empty points reached by one colour only.
struct EyeRegion {
    points: Vec<usize>,
    /// The chains next to it (indices into [`Chains::list`]), sorted, each once.
    chains: Vec<usize>,
}

/// Every eye region of the final position, and the regions next to each chain.
struct EyeRegions {
    list: Vec<EyeRegion>,
    /// Per chain: the regions next to it, each once.
    of_chain: Vec<Vec<usize>>,
}

impl EyeRegions {
    fn new(grid: &Grid, class: &[Class], chains: &Chains) -> EyeRegions {
        let mut seen = vec![false; grid.len()];
        let mut list = Vec::new();
        let mut of_chain: Vec<Vec<usize>> = vec![Vec::new(); chains.list.len()];
        let mut stack = Vec::new();
        for start in 0..grid.len() {
            if seen[start] || !matches!(class[start], Class::Eye(_)) {
                continue;
            }
            let id = list.len();
            let mut points = Vec::new();
            let mut next_to = Vec::new();
            seen[start] = true;
            stack.push(start);
            while let Some(i) = stack.pop() {
                points.push(i);
                for nb in grid.neighbours(i) {
                    if grid.stones[nb].is_some() {
                        next_to.push(chains.of[nb]);
                    } else if !seen[nb] {
                        seen[nb] = true;
                        stack.push(nb);
                    }
                }
            }
            next_to.sort_unstable();
            next_to.dedup();
            for &c in &next_to {
                if let Some(regions) = of_chain.get_mut(c) {
                    regions.push(id);
                }
            }
            list.push(EyeRegion {
                points,
                chains: next_to,
            });
        }
        EyeRegions { list, of_chain }
    }
}
