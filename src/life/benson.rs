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

use super::position::{NONE, Position, cell_value};

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
    proof_from(position, &Facts::of(position, suicide), suicide)
}

/// [`pass_alive_of`] under `suicide`, with [`chains_alive`] under [`Suicide::Allowed`]
/// (what the settling asks of the same position): the parts of the regions are read
/// once for both.
pub(crate) fn pass_alive_and_chains_allowed(
    position: &Position,
    suicide: Suicide,
) -> (PassAlive, Vec<bool>) {
    // The facts for a suicide allowed hold those for a suicide forbidden (only
    // `next_to_all` is added).
    let facts = Facts::of(position, Suicide::Allowed);
    let proof = proof_from(position, &facts, suicide);
    let allowed = if suicide == Suicide::Allowed {
        position
            .chains
            .iter()
            .map(|chain| proof.alive_at(chain.stones[0]))
            .collect()
    } else {
        alive_from(position, &facts, Suicide::Allowed)
    };
    (proof, allowed)
}

/// [`pass_alive_of`] from the parts of the regions.
fn proof_from(position: &Position, facts: &Facts, suicide: Suicide) -> PassAlive {
    let mut alive = vec![false; position.len()];
    let mut territory: Vec<Option<Color>> = vec![None; position.len()];
    // A point in both colours' territory can only come from a position no game reaches
    // (setup leaving chains without liberties); such points prove nothing.
    let mut contested = vec![false; position.len()];
    let mut any_contested = false;

    let mut benson = Benson::default();
    for color in [Color::Black, Color::White] {
        benson.run(position, facts, color, suicide);
        let mut mark = |i: usize| {
            if territory[i].is_some() {
                contested[i] = true;
                any_contested = true;
            }
            territory[i] = Some(color);
        };
        for (c, chain) in position.chains.iter().enumerate() {
            if chain.color == color {
                if benson.chain_alive[c] {
                    for &i in &chain.stones {
                        alive[i] = true;
                    }
                }
            } else if benson.is_territory(benson.region_of[facts.areas + c]) {
                chain.stones.iter().for_each(|&i| mark(i));
            }
        }
        for (a, area) in position.areas.iter().enumerate() {
            if benson.is_territory(benson.region_of[a]) {
                area.points.iter().for_each(|&i| mark(i));
            }
        }
    }
    if any_contested {
        for (t, &c) in territory.iter_mut().zip(&contested) {
            if c {
                *t = None;
            }
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

/// Per chain of `position`: whether it is pass-alive, as [`pass_alive_of`] proves it (the
/// same as [`PassAlive::alive_at`] on any of its stones), for a caller that needs no more.
pub(crate) fn chains_alive(position: &Position, suicide: Suicide) -> Vec<bool> {
    alive_from(position, &Facts::of(position, suicide), suicide)
}

/// [`chains_alive`] from the parts of the regions.
fn alive_from(position: &Position, facts: &Facts, suicide: Suicide) -> Vec<bool> {
    let mut benson = Benson::default();
    let mut alive = vec![false; position.chains.len()];
    for color in [Color::Black, Color::White] {
        benson.run(position, facts, color, suicide);
        for (c, chain) in position.chains.iter().enumerate() {
            if chain.color == color && benson.chain_alive[c] {
                alive[c] = true;
            }
        }
    }
    alive
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

    /// `None` is every chain: the first set met is taken whole.
    fn meet(set: &mut Option<NextChains>, other: &NextChains) {
        match set {
            None => *set = Some(*other),
            Some(v) => v.keep_common(other),
        }
    }
}

/// What the regions of both colours are made of, read once from the position.
///
/// A region of a colour C (a maximal connected set of points without a stone of C) is a
/// set of areas and of chains of the other colour joined by adjacency: two areas never
/// touch (they would be one), nor do two chains of one colour, so the region is a
/// connected component of the graph whose edges join an area to the chains next to it
/// ([`Area::chains`](super::position::Area)). What Benson's algorithm needs of a region
/// then adds up over its parts: its size, its points next to no stone of C, and the
/// chains of C it is vital to, the chains next to every point of it that must be a
/// liberty (an intersection, so taken part by part).
struct Facts {
    /// How many areas there are: units `0..areas` are the areas, `areas + c` chain c.
    areas: usize,
    /// Per area and colour index: how many of its points are liberties of a chain of that
    /// colour (the others are next to no stone of it).
    touched: Vec<[usize; 2]>,
    /// Per area and colour index: the chains of that colour that have every point of the
    /// area as a liberty.
    vital: Vec<[NextChains; 2]>,
    /// Per chain: how many of its stones are next to no stone of the other colour.
    internal: Vec<usize>,
    /// Per chain, when suicide is allowed (every point of a region must then be next to
    /// a vital chain): the chains of the other colour next to every one of its stones.
    next_to_all: Vec<NextChains>,
    /// Per chain c: the chains of the other colour that touch it, stone against stone, at
    /// `touching[touching_at[c]..touching_at[c + 1]]` (a chain may be listed more than
    /// once).
    touching: Vec<usize>,
    touching_at: Vec<usize>,
}

impl Facts {
    fn of(position: &Position, suicide: Suicide) -> Facts {
        let n_areas = position.areas.len();
        let mut touched = vec![[0usize; 2]; n_areas];
        let mut vital = vec![[NextChains::NONE; 2]; n_areas];
        let mut liberty_of = vec![0u8; position.len()];
        // Per area: how many liberties the chain at hand has there.
        let mut count = vec![0usize; n_areas];
        for (c, chain) in position.chains.iter().enumerate() {
            let k = chain.color.index();
            let b = 1u8 << k;
            for &l in &chain.libs {
                let a = position.area_of[l];
                count[a] += 1;
                if liberty_of[l] & b == 0 {
                    liberty_of[l] |= b;
                    touched[a][k] += 1;
                }
            }
            for &l in &chain.libs {
                let a = position.area_of[l];
                if count[a] != 0 {
                    if count[a] == position.areas[a].points.len() {
                        vital[a][k].add(c);
                    }
                    count[a] = 0;
                }
            }
        }
        let grid = position.grid();
        let mut internal = vec![0usize; position.chains.len()];
        let mut next_to_all = Vec::new();
        if suicide == Suicide::Allowed {
            next_to_all.resize(position.chains.len(), NextChains::NONE);
        }
        // Room for one chain a point: rarely exceeded (a stone touches at most four).
        let mut touching = Vec::with_capacity(position.len());
        let mut touching_at = Vec::with_capacity(position.chains.len() + 1);
        for (c, chain) in position.chains.iter().enumerate() {
            let theirs = cell_value(Some(chain.color.opponent()));
            let mut all: Option<NextChains> = None;
            touching_at.push(touching.len());
            for &s in &chain.stones {
                let mut around = NextChains::NONE;
                for nb in grid.neighbours(grid.cell_of[s]) {
                    if grid.cells[nb] == theirs {
                        around.add(grid.part[nb]);
                    }
                }
                if around.len == 0 {
                    internal[c] += 1;
                }
                // One push per chain: most stones touch none or one, and a call to copy a
                // slice of at most four costs more than that.
                for &o in around.as_slice() {
                    touching.push(o);
                }
                if suicide == Suicide::Allowed {
                    NextChains::meet(&mut all, &around);
                }
            }
            if suicide == Suicide::Allowed {
                next_to_all[c] = all.unwrap_or(NextChains::NONE);
            }
        }
        touching_at.push(touching.len());
        Facts {
            areas: n_areas,
            touched,
            vital,
            internal,
            next_to_all,
            touching,
            touching_at,
        }
    }
}

/// Benson's algorithm for one colour C. A *region* is a maximal connected set of points
/// without a stone of C (see [`Facts`]). The buffers are kept from one colour to the
/// next.
#[derive(Default)]
struct Benson {
    /// Per unit (see [`Facts::areas`]): its region, [`NONE`] for a chain of C.
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
    /// Per unit: its parent in the union-find that joins the units into regions.
    parent: Vec<usize>,
    /// Per chain: how many of the regions vital to it are still alive.
    vital_regions: Vec<usize>,
    /// Per region, while the regions are joined: the vital chains so far (`None` until
    /// the first part with a point that must be a liberty), and whether it has an empty
    /// point.
    joining: Vec<(Option<NextChains>, bool)>,
}

impl Benson {
    fn run(&mut self, position: &Position, facts: &Facts, color: Color, suicide: Suicide) {
        self.find_regions(position, facts, color, suicide);

        // Per chain: its vital regions still alive. A chain with fewer than two dies,
        // and with it every region next to it; the regions that die no longer count for
        // the chains they were vital to. What is left when nothing more dies is the
        // same whatever the order.
        let vital_regions = &mut self.vital_regions;
        vital_regions.clear();
        vital_regions.resize(position.chains.len(), 0);
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
        dying.clear();
        for (c, alive) in self.chain_alive.iter_mut().enumerate() {
            if *alive && vital_regions[c] < 2 {
                *alive = false;
                dying.push(c);
            }
        }
        while let Some(c) = dying.pop() {
            // The regions next to the chain: those of the areas of its liberties, and
            // those of the chains of the other colour it touches.
            let areas = position.chains[c].libs.iter().map(|&l| position.area_of[l]);
            let chains = facts.touching[facts.touching_at[c]..facts.touching_at[c + 1]]
                .iter()
                .map(|&o| facts.areas + o);
            for unit in areas.chain(chains) {
                let r = self.region_of[unit];
                if !self.region_alive[r] {
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

    /// The regions of `color`, with the size, the internal points and the vital chains
    /// of each, joined from the areas and the other colour's chains (see [`Facts`]).
    fn find_regions(&mut self, position: &Position, facts: &Facts, color: Color, suicide: Suicide) {
        let k = color.index();
        let n_areas = facts.areas;
        let units = n_areas + position.chains.len();
        // Union-find over the units, each root pointing at itself.
        let parent = &mut self.parent;
        parent.clear();
        parent.extend(0..units);
        fn find(parent: &mut [usize], mut x: usize) -> usize {
            while parent[x] != x {
                parent[x] = parent[parent[x]];
                x = parent[x];
            }
            x
        }
        for (a, area) in position.areas.iter().enumerate() {
            for &c in &area.chains {
                if position.chains[c].color != color {
                    let (x, y) = (find(parent, a), find(parent, n_areas + c));
                    parent[x] = y;
                }
            }
        }
        self.region_of.clear();
        self.region_of.resize(units, NONE);
        self.size.clear();
        self.internal.clear();
        self.vital_to.clear();
        let vital = &mut self.joining;
        vital.clear();
        for u in 0..units {
            let (size, internal, part_vital) = if u < n_areas {
                let points = position.areas[u].points.len();
                (
                    points,
                    points - facts.touched[u][k],
                    Some(&facts.vital[u][k]),
                )
            } else {
                let c = u - n_areas;
                let chain = &position.chains[c];
                if chain.color == color {
                    continue;
                }
                let all = (suicide == Suicide::Allowed).then(|| &facts.next_to_all[c]);
                (chain.stones.len(), facts.internal[c], all)
            };
            let root = find(parent, u);
            let r = match self.region_of[root] {
                NONE => {
                    let r = self.size.len();
                    self.region_of[root] = r;
                    self.size.push(0);
                    self.internal.push(0);
                    vital.push((None, false));
                    r
                }
                r => r,
            };
            self.region_of[u] = r;
            self.size[r] += size;
            self.internal[r] += internal;
            if let Some(v) = part_vital {
                NextChains::meet(&mut vital[r].0, v);
            }
            vital[r].1 |= u < n_areas;
        }
        // A region without an empty point has no liberty to give (only setup makes one).
        self.vital_to.extend(
            vital
                .iter()
                .map(|&(v, has_empty)| v.filter(|_| has_empty).unwrap_or(NextChains::NONE)),
        );
    }

    /// Whether region `r` is C's pass-alive territory: alive, next to a chain of C, and
    /// with at most one point next to no stone of C.
    fn is_territory(&self, r: usize) -> bool {
        r != NONE
            && self.region_alive[r]
            && self.internal[r] < self.size[r]
            && self.internal[r] <= 1
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
            let proof = pass_alive_of(&position, suicide);
            let by_chain: Vec<bool> = position
                .chains
                .iter()
                .map(|chain| proof.alive_at(chain.stones[0]))
                .collect();
            proptest::prop_assert_eq!(chains_alive(&position, suicide), by_chain);
            let (both, allowed) = pass_alive_and_chains_allowed(&position, suicide);
            proptest::prop_assert_eq!(&both, &proof);
            proptest::prop_assert_eq!(allowed, chains_alive(&position, Suicide::Allowed));
            proptest::prop_assert_eq!(proof, reference(&position, suicide));
        }
    }
}
