//! What Benson's algorithm proves about a final position, and nothing else:
//!
//! - a stone [`PassAlive::is_alive`] belongs to a *pass-alive* chain: the opponent cannot
//!   capture it even with any number of moves in a row while its owner only passes;
//! - a point [`PassAlive::territory_of`] a colour lies in a region enclosed only by that
//!   colour's pass-alive chains in which at most one point is not next to one of them. The
//!   opponent can never make two eyes there, cannot capture the walls and cannot hold a
//!   seki against them, so every opponent stone inside can be captured by the owner:
//!   those stones are *dead*. (This is the strict reading of pass-alive territory that
//!   KataGo also uses; a larger enclosed area proves nothing, since the opponent might
//!   live in it.)
//!
//! Benson's vital-region condition depends on whether multi-stone suicide is legal (with
//! suicide allowed, the opponent can empty a region of its own stones and live in the
//! space). [`pass_alive`] is the classic algorithm for rule sets that forbid suicide;
//! [`pass_alive_under`] takes the rule, and [`Suicide::Allowed`] gives the condition that
//! is sound under every rule set.

use crate::board::{Board, Color};
use crate::point::Point;
use crate::rules::Suicide;

use super::position::{EMPTY, Grid, NONE, OFF, Position, cell_value};

/// What Benson's algorithm proves about a position, for both colours: which stones are
/// pass-alive and which points are pass-alive territory. See the module documentation for
/// the guarantees.
#[derive(Debug, Clone, PartialEq)]
pub struct PassAlive {
    width: u8,
    height: u8,
    /// Per point: its stone.
    stones: Vec<Option<Color>>,
    /// Per point: the stone is in a pass-alive chain.
    alive: Vec<bool>,
    /// Per point: the colour whose pass-alive territory holds it.
    territory: Vec<Option<Color>>,
}

impl PassAlive {
    /// Whether `p` holds a stone of a pass-alive chain (false for empty points and points
    /// off the board).
    pub fn is_alive(&self, p: Point) -> bool {
        self.index(p).is_some_and(|i| self.alive[i])
    }

    /// The colour whose pass-alive territory `p` lies in: `p` is empty or holds a stone
    /// of the other colour, which is then dead ([`PassAlive::is_dead`]). `None` when
    /// unproved or off the board.
    pub fn territory_of(&self, p: Point) -> Option<Color> {
        self.index(p).and_then(|i| self.territory[i])
    }

    /// Whether `p` holds a stone proved dead: it stands in the other colour's pass-alive
    /// territory.
    pub fn is_dead(&self, p: Point) -> bool {
        self.index(p).is_some_and(|i| self.dead_at(i))
    }

    /// Every stone proved dead, in reading order.
    pub fn dead_stones(&self) -> Vec<Point> {
        self.points_where(|i| self.dead_at(i))
    }

    /// Every stone neither proved alive nor proved dead, in reading order.
    pub fn unresolved_stones(&self) -> Vec<Point> {
        self.points_where(|i| self.stones[i].is_some() && !self.alive[i] && !self.dead_at(i))
    }

    /// Whether the stone on point `i` is in a pass-alive chain.
    pub fn alive_at(&self, i: usize) -> bool {
        self.alive[i]
    }

    /// The colour whose pass-alive territory holds point `i`.
    pub fn territory_at(&self, i: usize) -> Option<Color> {
        self.territory[i]
    }

    /// Whether the stone on point `i` is proved dead.
    pub fn dead_at(&self, i: usize) -> bool {
        match (self.stones[i], self.territory[i]) {
            (Some(stone), Some(owner)) => stone != owner && !self.alive[i],
            _ => false,
        }
    }

    /// Points (in reading order, since indices are row-major from the top) where `keep`
    /// holds.
    fn points_where(&self, keep: impl Fn(usize) -> bool) -> Vec<Point> {
        let w = usize::from(self.width);
        (0..self.stones.len())
            .filter(|&i| keep(i))
            // i < width * height <= 625, so both fit in u8.
            .map(|i| Point::new((i % w) as u8, (i / w) as u8))
            .collect()
    }

    /// The index of `p`, if it is on the board.
    fn index(&self, p: Point) -> Option<usize> {
        (p.x < self.width && p.y < self.height)
            .then(|| usize::from(p.y) * usize::from(self.width) + usize::from(p.x))
    }
}

/// Benson's algorithm for a rule set that forbids suicide (most of them): see
/// [`pass_alive_under`].
pub fn pass_alive(board: &Board) -> PassAlive {
    pass_alive_under(board, Suicide::Forbidden)
}

/// Benson's algorithm, for both colours.
///
/// For a colour C: the *regions* are the maximal connected sets of points without a stone
/// of C (they may hold the opponent's stones). A region is *vital* to a chain of C when it
/// has an empty point and every empty point of it is a liberty of that chain; when
/// `suicide` is [`Suicide::Allowed`], every point of it, stones included, must be next to
/// the chain, because the opponent may then empty the region by suicide. Starting from
/// every chain and every region, remove the chains with fewer than two vital regions
/// left and the regions next to a removed chain, until nothing changes. The chains left
/// are pass-alive. A region left that touches at least one chain of C and has at most one
/// point not next to a stone of C is C's pass-alive territory.
pub fn pass_alive_under(board: &Board, suicide: Suicide) -> PassAlive {
    pass_alive_of(&Position::new(board), suicide)
}

/// [`pass_alive_under`] for a position already read.
pub fn pass_alive_of(position: &Position, suicide: Suicide) -> PassAlive {
    let mut alive = vec![false; position.len()];
    let mut territory: Vec<Option<Color>> = vec![None; position.len()];
    // A point in both colours' territory can only come from a position no game reaches
    // (setup leaving chains without liberties); such points prove nothing.
    let mut contested = vec![false; position.len()];

    let grid = position.grid();
    let mut benson = Benson::default();
    for color in [Color::Black, Color::White] {
        benson.run(position, grid, color, suicide);
        for (c, chain) in position.chains.iter().enumerate() {
            if chain.color == color && benson.chain_alive[c] {
                for &i in &chain.stones {
                    alive[i] = true;
                }
            }
        }
        for (i, &cell) in grid.cell_of.iter().enumerate() {
            let r = benson.region_of[cell];
            if r != NONE && benson.is_territory(r) {
                if territory[i].is_some() {
                    contested[i] = true;
                }
                territory[i] = Some(color);
            }
        }
    }
    for (t, &c) in territory.iter_mut().zip(&contested) {
        if c {
            *t = None;
        }
    }
    PassAlive {
        width: position.width(),
        height: position.height(),
        stones: position.stones.clone(),
        alive,
        territory,
    }
}

/// The chains of one colour next to a point, each once (at most four).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct NextChains {
    chains: [usize; 4],
    len: usize,
}

impl NextChains {
    const NONE: NextChains = NextChains {
        chains: [NONE; 4],
        len: 0,
    };

    fn as_slice(&self) -> &[usize] {
        &self.chains[..self.len]
    }

    fn add(&mut self, c: usize) {
        if !self.as_slice().contains(&c) {
            self.chains[self.len] = c;
            self.len += 1;
        }
    }

    /// Keep only the chains also in `other`.
    fn keep_common(&mut self, other: &NextChains) {
        let mut k = 0;
        for j in 0..self.len {
            let c = self.chains[j];
            if other.as_slice().contains(&c) {
                self.chains[k] = c;
                k += 1;
            }
        }
        self.len = k;
    }
}

/// Benson's algorithm for one colour C. A *region* is a maximal connected set of points
/// without a stone of C. The buffers are kept from one colour to the next.
#[derive(Default)]
struct Benson {
    /// Per cell of the grid: its region, [`NONE`] for a stone of C or a cell off the
    /// board.
    region_of: Vec<usize>,
    /// Per region: how many points it has.
    size: Vec<usize>,
    /// Per region: how many of its points are next to no stone of C.
    internal: Vec<usize>,
    /// Per region: the chains of C it is vital to.
    vital_to: Vec<NextChains>,
    /// Per chain (all chains; the other colour's stay false).
    chain_alive: Vec<bool>,
    region_alive: Vec<bool>,
    stack: Vec<usize>,
}

impl Benson {
    fn run(&mut self, position: &Position, grid: &Grid, color: Color, suicide: Suicide) {
        let own = cell_value(Some(color));
        self.find_regions(grid, own, suicide);

        // Per chain: its vital regions still alive. A chain with fewer than two dies,
        // and with it every region next to it; the regions that die no longer count for
        // the chains they were vital to. What is left when nothing more dies is the
        // same whatever the order.
        let mut vital_regions = vec![0usize; position.chains.len()];
        for v in &self.vital_to {
            for &c in v.as_slice() {
                vital_regions[c] += 1;
            }
        }
        self.chain_alive.clear();
        self.chain_alive
            .extend(position.chains.iter().map(|c| c.color == color));
        self.region_alive.clear();
        self.region_alive.resize(self.size.len(), true);
        let dying = &mut self.stack;
        for (c, alive) in self.chain_alive.iter_mut().enumerate() {
            if *alive && vital_regions[c] < 2 {
                *alive = false;
                dying.push(c);
            }
        }
        while let Some(c) = dying.pop() {
            for &s in &position.chains[c].stones {
                for nb in grid.neighbours(grid.cell_of[s]) {
                    let r = self.region_of[nb];
                    if r == NONE || !self.region_alive[r] {
                        continue;
                    }
                    self.region_alive[r] = false;
                    for &v in self.vital_to[r].as_slice() {
                        vital_regions[v] -= 1;
                        if self.chain_alive[v] && vital_regions[v] < 2 {
                            self.chain_alive[v] = false;
                            dying.push(v);
                        }
                    }
                }
            }
        }
    }

    /// The regions of the colour whose cells hold `own`, with the size, the internal
    /// points and the vital chains of each: one flood fill per region.
    fn find_regions(&mut self, grid: &Grid, own: u8, suicide: Suicide) {
        self.region_of.clear();
        self.region_of.resize(grid.cells.len(), NONE);
        self.size.clear();
        self.internal.clear();
        self.vital_to.clear();
        for &start in &grid.cell_of {
            if self.region_of[start] != NONE || grid.cells[start] == own {
                continue;
            }
            let r = self.size.len();
            let (mut size, mut internal, mut has_empty) = (0, 0, false);
            // `None` until the first point that must be a liberty; then the chains next
            // to every such point so far.
            let mut vital: Option<NextChains> = None;
            self.region_of[start] = r;
            self.stack.push(start);
            while let Some(cell) = self.stack.pop() {
                size += 1;
                let mut around = NextChains::NONE;
                for nb in grid.neighbours(cell) {
                    let v = grid.cells[nb];
                    if v == own {
                        around.add(grid.chain[nb]);
                    } else if v != OFF && self.region_of[nb] == NONE {
                        self.region_of[nb] = r;
                        self.stack.push(nb);
                    }
                }
                if around.len == 0 {
                    internal += 1;
                }
                let empty = grid.cells[cell] == EMPTY;
                has_empty |= empty;
                if empty || suicide == Suicide::Allowed {
                    match &mut vital {
                        None => vital = Some(around),
                        Some(v) => v.keep_common(&around),
                    }
                }
            }
            self.size.push(size);
            self.internal.push(internal);
            // A region without an empty point has no liberty to give (only setup makes
            // one).
            self.vital_to
                .push(vital.filter(|_| has_empty).unwrap_or(NextChains::NONE));
        }
    }

    /// Whether region `r` is C's pass-alive territory: alive, next to a chain of C, and
    /// with at most one point next to no stone of C.
    fn is_territory(&self, r: usize) -> bool {
        self.region_alive[r] && self.internal[r] < self.size[r] && self.internal[r] <= 1
    }
}

#[cfg(test)]
mod tests {
    //! The algorithm as first written, region by region, kept as the reference the
    //! faster one is checked against.

    use super::*;

    /// A region of one colour C: a maximal connected set of points without a stone of C.
    #[derive(Debug)]
    struct Region {
        points: Vec<usize>,
        /// The chains of C next to the region, sorted, each once.
        borders: Vec<usize>,
        /// The chains of C the region is vital to.
        vital_to: Vec<usize>,
        /// Points of the region not next to any stone of C.
        internal: usize,
    }

    /// Benson's algorithm for one colour, region by region.
    struct Slow {
        regions: Vec<Region>,
        /// Per chain (all chains; the other colour's stay false).
        chain_alive: Vec<bool>,
        region_alive: Vec<bool>,
    }

    impl Slow {
        fn run(position: &Position, color: Color, suicide: Suicide) -> Slow {
            let regions = Self::regions(position, color, suicide);

            // Which regions each chain may count as vital.
            let mut vital_regions: Vec<Vec<usize>> = vec![Vec::new(); position.chains.len()];
            for (r, region) in regions.iter().enumerate() {
                for &c in &region.vital_to {
                    vital_regions[c].push(r);
                }
            }

            let mut chain_alive: Vec<bool> =
                position.chains.iter().map(|c| c.color == color).collect();
            let mut region_alive = vec![true; regions.len()];
            loop {
                let mut changed = false;
                for c in 0..position.chains.len() {
                    if chain_alive[c]
                        && vital_regions[c]
                            .iter()
                            .filter(|&&r| region_alive[r])
                            .count()
                            < 2
                    {
                        chain_alive[c] = false;
                        changed = true;
                    }
                }
                for (r, region) in regions.iter().enumerate() {
                    if region_alive[r] && region.borders.iter().any(|&c| !chain_alive[c]) {
                        region_alive[r] = false;
                        changed = true;
                    }
                }
                if !changed {
                    break;
                }
            }
            Slow {
                regions,
                chain_alive,
                region_alive,
            }
        }

        fn regions(position: &Position, color: Color, suicide: Suicide) -> Vec<Region> {
            let own = Some(color);
            let mut seen = vec![false; position.len()];
            let mut stack = Vec::new();
            let mut regions = Vec::new();
            let mut around: Vec<usize> = Vec::with_capacity(4);
            for start in 0..position.len() {
                if seen[start] || position.stones[start] == own {
                    continue;
                }
                let mut points = Vec::new();
                let mut borders = Vec::new();
                // `None` until the first point that must be a liberty; then the chains next
                // to every such point so far.
                let mut vital: Option<Vec<usize>> = None;
                let mut has_empty = false;
                let mut internal = 0;
                seen[start] = true;
                stack.push(start);
                while let Some(i) = stack.pop() {
                    points.push(i);
                    around.clear();
                    for nb in position.neighbours(i) {
                        if position.stones[nb] == own {
                            around.push(position.chain_of[nb]);
                        } else if !seen[nb] {
                            seen[nb] = true;
                            stack.push(nb);
                        }
                    }
                    if around.is_empty() {
                        internal += 1;
                    }
                    borders.extend_from_slice(&around);
                    let empty = position.stones[i].is_none();
                    has_empty |= empty;
                    if empty || suicide == Suicide::Allowed {
                        vital = Some(match vital {
                            None => {
                                let mut v = around.clone();
                                v.sort_unstable();
                                v.dedup();
                                v
                            }
                            Some(mut v) => {
                                v.retain(|c| around.contains(c));
                                v
                            }
                        });
                    }
                }
                borders.sort_unstable();
                borders.dedup();
                let vital_to = if has_empty {
                    vital.unwrap_or_default()
                } else {
                    // No empty point: no liberty to give (only setup makes such a region).
                    Vec::new()
                };
                regions.push(Region {
                    points,
                    borders,
                    vital_to,
                    internal,
                });
            }
            regions
        }
    }

    /// [`pass_alive_of`] with the reference algorithm.
    fn reference(position: &Position, suicide: Suicide) -> PassAlive {
        let mut alive = vec![false; position.len()];
        let mut territory: Vec<Option<Color>> = vec![None; position.len()];
        let mut contested = vec![false; position.len()];
        for color in [Color::Black, Color::White] {
            let benson = Slow::run(position, color, suicide);
            for (c, chain) in position.chains.iter().enumerate() {
                if chain.color == color && benson.chain_alive[c] {
                    for &i in &chain.stones {
                        alive[i] = true;
                    }
                }
            }
            for (r, region) in benson.regions.iter().enumerate() {
                if benson.region_alive[r] && !region.borders.is_empty() && region.internal <= 1 {
                    for &i in &region.points {
                        if territory[i].is_some() {
                            contested[i] = true;
                        }
                        territory[i] = Some(color);
                    }
                }
            }
        }
        for (t, &c) in territory.iter_mut().zip(&contested) {
            if c {
                *t = None;
            }
        }
        PassAlive {
            width: position.width(),
            height: position.height(),
            stones: position.stones.clone(),
            alive,
            territory,
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(1000))]
        #[test]
        fn the_proof_matches_the_reference(
            width in 1u8..=25,
            height in 1u8..=25,
            block in 1usize..=4,
            density in 0u8..=10,
            cells in proptest::collection::vec(0u8..10, 625),
            colors in proptest::collection::vec(proptest::bool::ANY, 625),
            allowed: bool,
        ) {
            // Stones on about `density` points in ten; the colour is drawn per block of
            // `block` by `block` points, so that large blocks make walls with eyes.
            let w = usize::from(width);
            let stones: Vec<Option<Color>> = (0..w * usize::from(height))
                .map(|i| {
                    let (x, y) = (i % w, i / w);
                    if cells[i] >= density {
                        None
                    } else if colors[(y / block) * 25 + x / block] {
                        Some(Color::Black)
                    } else {
                        Some(Color::White)
                    }
                })
                .collect();
            let position = Position::from_stones(width, height, stones);
            let suicide = if allowed { Suicide::Allowed } else { Suicide::Forbidden };
            proptest::prop_assert_eq!(
                pass_alive_of(&position, suicide),
                reference(&position, suicide)
            );
        }
    }
}
