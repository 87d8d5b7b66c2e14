//! Groups of related chains, and what their eyes settle before any playout.
//!
//! A *group* is a set of chains of one colour that live or die together: chains next to
//! the same eye (an area of empty points next to that colour only), chains that share two
//! liberties, and chains sharing a liberty the opponent cannot fill without filling into
//! atari. The estimate decides per group, never per stone.
//!
//! The static pass settles the plain cases, in rounds, and leaves everything else to the
//! playouts:
//!
//! - *alive*: a group with two real eyes, or one eye area of at least [`BIG`] points (at
//!   the end of a game nobody can live inside seven points walled in by the other colour,
//!   nor take two eyes from them). A one-point eye is real unless the opponent holds two
//!   of its diagonals (one on the edge), counting an empty diagonal next to the
//!   opponent's stones as held: the opponent can play there, and the eye needs a move to
//!   keep. Also alive: a group with chains that Benson's reasoning proves alive once two
//!   chains sharing two liberties of their own count as one (see [`linked_alive`]): a ring
//!   of chains linked through eyes that only look false.
//! - *dead*: a group with at most one eye and no big one, every opponent chain next to it
//!   settled alive, every empty area next to it touching only it and those chains, and
//!   every liberty outside its own eye fillable by the opponent without filling into
//!   atari (so no seki, no capturing race). Its stones are then taken as gone, and the
//!   next round sees the area around them as the opponent's eye.
//!
//! Groups proved pass-alive, and stones proved dead, come in settled.

use crate::board::Color;
use crate::life::{Chains, Grid, NONE};

use super::playout::{PlayBoard, cell_of};

/// An eye area this size or larger counts as two eyes.
pub(super) const BIG: usize = 7;

/// Rounds of the static pass: each round can only build on the previous one's dead
/// groups, and real positions settle in two or three.
const ROUNDS: usize = 4;

/// A group whose largest eye area is this size or smaller cannot make two eyes there
/// against an opponent who moves first (three points in a row or bent: the opponent
/// takes the middle).
const SMALL: usize = 3;

/// An area of empty points.
pub(super) struct Area {
    pub(super) points: Vec<usize>,
    /// The chains next to it, sorted.
    pub(super) chains: Vec<usize>,
    /// The colours next to it: bit 0 Black, bit 1 White.
    pub(super) touches: u8,
}

impl Area {
    /// Whether stones of one colour only are next to it (an eye of that colour).
    fn one_colour(&self) -> bool {
        self.touches == bit(Color::Black) || self.touches == bit(Color::White)
    }
}

/// The shape of a position beyond its chains: empty areas, liberties, groups.
pub(super) struct Layout {
    /// Per point: its empty area, `NONE` for stones.
    pub(super) area_of: Vec<usize>,
    pub(super) areas: Vec<Area>,
    /// Per chain: its liberties, sorted.
    pub(super) libs: Vec<Vec<usize>>,
    /// Per chain: its group, named by the group's first chain.
    pub(super) group: Vec<usize>,
}

/// The bit of `touches` for a colour.
pub(super) fn bit(color: Color) -> u8 {
    1 << color.index()
}

impl Layout {
    pub(super) fn new(grid: &Grid, chains: &Chains, board: &PlayBoard) -> Layout {
        let mut area_of = vec![NONE; grid.len()];
        let mut areas = Vec::new();
        let mut stack = Vec::new();
        for start in 0..grid.len() {
            if area_of[start] != NONE || grid.stones[start].is_some() {
                continue;
            }
            let id = areas.len();
            let mut area = Area {
                points: Vec::new(),
                chains: Vec::new(),
                touches: 0,
            };
            area_of[start] = id;
            stack.push(start);
            while let Some(i) = stack.pop() {
                area.points.push(i);
                for nb in grid.neighbours(i) {
                    match grid.stones[nb] {
                        Some(c) => {
                            area.touches |= bit(c);
                            area.chains.push(chains.of[nb]);
                        }
                        None if area_of[nb] == NONE => {
                            area_of[nb] = id;
                            stack.push(nb);
                        }
                        None => {}
                    }
                }
            }
            area.chains.sort_unstable();
            area.chains.dedup();
            areas.push(area);
        }
        let mut libs: Vec<Vec<usize>> = (chains.list.iter())
            .map(|chain| Vec::with_capacity(2 * chain.points.len() + 2))
            .collect();
        for (c, chain) in chains.list.iter().enumerate() {
            let l: &mut Vec<usize> = &mut libs[c];
            for &i in &chain.points {
                l.extend(grid.neighbours(i).filter(|&nb| grid.stones[nb].is_none()));
            }
            l.sort_unstable();
            l.dedup();
        }
        let mut layout = Layout {
            area_of,
            areas,
            libs,
            group: Vec::new(),
        };
        layout.group = layout.link(grid, chains, board);
        layout
    }

    /// Join chains into groups (see the module documentation).
    fn link(&self, grid: &Grid, chains: &Chains, board: &PlayBoard) -> Vec<usize> {
        let mut links = UnionFind::new(chains.list.len());
        for area in &self.areas {
            if area.one_colour() {
                for w in area.chains.windows(2) {
                    links.join(w[0], w[1]);
                }
            }
        }
        for (a, la) in self.libs.iter().enumerate() {
            let color = chains.list[a].color;
            for &e in la {
                for nb in grid.neighbours(e) {
                    let b = chains.of[nb];
                    if b == NONE || b <= a || chains.list[b].color != color || links.same(a, b) {
                        continue;
                    }
                    if common(la, &self.libs[b]) >= 2
                        || board.fills_into_atari(cell_of(grid.point(e)), color.opponent())
                    {
                        links.join(a, b);
                    }
                }
            }
        }
        (0..chains.list.len()).map(|c| links.find(c)).collect()
    }
}

/// Union-find over chain indices; a set is named by its smallest member.
struct UnionFind {
    parent: Vec<usize>,
}

impl UnionFind {
    fn new(n: usize) -> UnionFind {
        UnionFind {
            parent: (0..n).collect(),
        }
    }

    fn find(&mut self, mut a: usize) -> usize {
        while self.parent[a] != a {
            self.parent[a] = self.parent[self.parent[a]];
            a = self.parent[a];
        }
        a
    }

    fn same(&mut self, a: usize, b: usize) -> bool {
        self.find(a) == self.find(b)
    }

    fn join(&mut self, a: usize, b: usize) {
        let (a, b) = (self.find(a), self.find(b));
        if a != b {
            self.parent[a.max(b)] = a.min(b);
        }
    }
}

/// How many entries two sorted lists share.
fn common(a: &[usize], b: &[usize]) -> usize {
    let (mut i, mut j, mut n) = (0, 0, 0);
    while i < a.len() && j < b.len() {
        match a[i].cmp(&b[j]) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => {
                n += 1;
                i += 1;
                j += 1;
            }
        }
    }
    n
}

/// What the static pass settled about a chain.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Verdict {
    Alive,
    Dead,
}

/// The static pass: per chain, its verdict or `None` for the playouts to decide.
/// `settled` holds what comes in settled (proved).
pub(super) fn verdicts(
    grid: &Grid,
    chains: &Chains,
    layout: &Layout,
    board: &PlayBoard,
    settled: &[Option<Verdict>],
) -> Vec<Option<Verdict>> {
    let n = chains.list.len();
    let mut verdict = settled.to_vec();
    let mut members: Vec<Vec<usize>> = vec![Vec::new(); n];
    for c in 0..n {
        members[layout.group[c]].push(c);
    }
    // Chains that live by eyes which only look false (a ring of chains linked through
    // one-point eyes) are as settled as proved ones.
    for (c, alive) in linked_alive(grid, chains, layout).into_iter().enumerate() {
        if alive && verdict[c].is_none() {
            verdict[c] = Some(Verdict::Alive);
        }
    }
    // A group with one proved chain shares its fate.
    for list in &members {
        if let Some(v) = list.iter().find_map(|&c| verdict[c]) {
            for &c in list {
                verdict[c] = Some(v);
            }
        }
    }
    let mut gone = vec![false; grid.len()];
    for (c, chain) in chains.list.iter().enumerate() {
        if verdict[c] == Some(Verdict::Dead) {
            for &i in &chain.points {
                gone[i] = true;
            }
        }
    }
    let mut eyes = vec![0u32; n];
    let mut largest = vec![0usize; n];
    for _ in 0..ROUNDS {
        let mut changed = false;
        count_eyes(grid, chains, layout, &gone, &mut eyes, &mut largest);
        for (g, list) in members.iter().enumerate() {
            if !list.is_empty() && verdict[g].is_none() && (eyes[g] >= 2 || largest[g] >= BIG) {
                for &c in list {
                    verdict[c] = Some(Verdict::Alive);
                }
                changed = true;
            }
        }
        for (g, list) in members.iter().enumerate() {
            if list.is_empty()
                || verdict[g].is_some()
                || eyes[g] > 1
                || largest[g] > SMALL
                || !hopeless(grid, chains, layout, board, list, &verdict)
            {
                continue;
            }
            for &c in list {
                verdict[c] = Some(Verdict::Dead);
                for &i in &chains.list[c].points {
                    gone[i] = true;
                }
            }
            changed = true;
        }
        if !changed {
            break;
        }
    }
    verdict
}

/// Per chain: whether it lives by Benson's reasoning once chains that share two
/// liberties of their own count as one *unit*.
///
/// Benson's algorithm proves a chain alive when it has two small eyes that only chains
/// proved the same way surround, so the opponent can never fill one. The diagonal test
/// of [`false_eye`] calls an eye false when the opponent holds its diagonals, since it
/// could capture one chain next to the eye and fill it. Neither sees a ring: chains
/// linked around the opponent's stones through one-point eyes, each eye false by its
/// diagonals, where every chain still has two eyes of the ring, so none of them can
/// ever be put in atari. Benson's proof misses it when one chain of the ring has a
/// single eye and is joined to the next by two liberties instead: the opponent takes
/// one, the owner the other. Here such a pair is one unit, when the two liberties lie
/// in no eye and no third chain of that colour touches them (a move there threatens
/// that join only). A unit lives when it has two eyes (empty areas next to its colour
/// only, every point a liberty of the unit) that only living units surround.
fn linked_alive(grid: &Grid, chains: &Chains, layout: &Layout) -> Vec<bool> {
    let n = chains.list.len();
    let eye = |e: usize| layout.areas[layout.area_of[e]].one_colour();
    // Per pair of chains of one colour: the liberties only they share, outside eyes.
    let mut pairs: Vec<(usize, usize)> = Vec::new();
    let mut around: Vec<usize> = Vec::new();
    for e in 0..grid.len() {
        if grid.stones[e].is_some() || eye(e) {
            continue;
        }
        for color in [Color::Black, Color::White] {
            around.clear();
            around.extend(
                grid.neighbours(e)
                    .map(|nb| chains.of[nb])
                    .filter(|&c| c != NONE && chains.list[c].color == color),
            );
            around.sort_unstable();
            around.dedup();
            if let [a, b] = around[..] {
                pairs.push((a, b));
            }
        }
    }
    pairs.sort_unstable();
    let mut units = UnionFind::new(n);
    for w in pairs.windows(2) {
        if w[0] == w[1] {
            units.join(w[0].0, w[0].1);
        }
    }
    let unit: Vec<usize> = (0..n).map(|c| units.find(c)).collect();
    // Per eye area: its units, and whether every point of it is a liberty of each.
    let mut eyes: Vec<(Vec<usize>, Vec<usize>)> = Vec::new();
    for area in &layout.areas {
        if !area.one_colour() {
            continue;
        }
        let mut around: Vec<usize> = area.chains.iter().map(|&c| unit[c]).collect();
        around.sort_unstable();
        around.dedup();
        let vital = around
            .iter()
            .copied()
            .filter(|&u| {
                area.points.iter().all(|&i| {
                    grid.neighbours(i)
                        .any(|nb| chains.of[nb] != NONE && unit[chains.of[nb]] == u)
                })
            })
            .collect();
        eyes.push((around, vital));
    }
    let mut alive = vec![true; n];
    loop {
        let mut count = vec![0u32; n];
        for (around, vital) in &eyes {
            if around.iter().all(|&u| alive[u]) {
                for &u in vital {
                    count[u] += 1;
                }
            }
        }
        let mut changed = false;
        for u in 0..n {
            if alive[u] && unit[u] == u && count[u] < 2 {
                alive[u] = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    (0..n).map(|c| alive[unit[c]]).collect()
}

/// Whether the group made of the chains `list` is dead as it stands: see the module
/// documentation.
fn hopeless(
    grid: &Grid,
    chains: &Chains,
    layout: &Layout,
    board: &PlayBoard,
    list: &[usize],
    verdict: &[Option<Verdict>],
) -> bool {
    let color = chains.list[list[0]].color;
    let group = layout.group[list[0]];
    let alive = |o: usize| verdict[o] == Some(Verdict::Alive);
    for &c in list {
        for &i in &chains.list[c].points {
            for nb in grid.neighbours(i) {
                let o = chains.of[nb];
                if o != NONE && chains.list[o].color != color && !alive(o) {
                    return false;
                }
            }
        }
        for &e in &layout.libs[c] {
            let area = &layout.areas[layout.area_of[e]];
            let mixed = area.chains.iter().any(|&o| {
                if chains.list[o].color == color {
                    layout.group[o] != group
                } else {
                    !alive(o)
                }
            });
            if mixed
                || (area.touches != bit(color)
                    && board.fills_into_atari(cell_of(grid.point(e)), color.opponent()))
            {
                return false;
            }
        }
    }
    true
}

/// Per group (indexed by its first chain): how many real eyes it has, and the size of
/// its largest eye area. An eye is a connected set of empty points and gone stones next to
/// stones of one colour only.
fn count_eyes(
    grid: &Grid,
    chains: &Chains,
    layout: &Layout,
    gone: &[bool],
    eyes: &mut [u32],
    largest: &mut [usize],
) {
    eyes.fill(0);
    largest.fill(0);
    let open = |i: usize| grid.stones[i].is_none() || gone[i];
    let mut around: Vec<usize> = Vec::new();
    grid.regions(open, |area, border| {
        around.clear();
        let mut touches = 0u8;
        for &nb in border {
            if let Some(c) = grid.stones[nb] {
                touches |= bit(c);
                around.push(layout.group[chains.of[nb]]);
            }
        }
        let color = match touches {
            1 => Color::Black,
            2 => Color::White,
            _ => return,
        };
        around.sort_unstable();
        around.dedup();
        let size = area.len();
        let real = size > 1 || !false_eye(grid, area[0], color, gone);
        for &g in &around {
            if real {
                eyes[g] += 1;
            }
            largest[g] = largest[g].max(size);
        }
    });
}

/// Whether the one-point eye `i` of `color` is false, or can be made false: the opponent
/// holds, or can take, two of its diagonals, or one on the edge. The opponent can take
/// an empty diagonal (or one whose stones are taken as gone) next to its own stones;
/// stones taken as gone do not count.
fn false_eye(grid: &Grid, i: usize, color: Color, gone: &[bool]) -> bool {
    let (w, h) = (usize::from(grid.width), usize::from(grid.height));
    let (x, y) = (i % w, i / w);
    let held = |k: usize| grid.stones[k] == Some(color.opponent()) && !gone[k];
    let open = |k: usize| grid.stones[k].is_none() || gone[k];
    let mut theirs = 0;
    let mut edge = false;
    for (dx, dy) in [(-1i32, -1i32), (1, -1), (-1, 1), (1, 1)] {
        let (nx, ny) = (x as i32 + dx, y as i32 + dy);
        if nx < 0 || ny < 0 || nx >= w as i32 || ny >= h as i32 {
            edge = true;
            continue;
        }
        let j = ny as usize * w + nx as usize;
        // An empty diagonal next to the opponent's stones is one the opponent can take:
        // two potential eyes that each need a move to keep are one eye.
        if held(j) || (open(j) && grid.neighbours(j).any(held)) {
            theirs += 1;
        }
    }
    theirs + usize::from(edge) >= 2
}
