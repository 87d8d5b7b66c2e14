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
use crate::life::eyes;
use crate::life::fights::{self, STRIP};
use crate::life::position::{Area, NONE, Position, bit};

use super::playout::{PlayBoard, cell_of};

/// An eye area this size or larger counts as two eyes.
pub(super) const BIG: usize = 7;

// An area of fewer than BIG points is large for the fights only as a straight line of
// STRIP points (`verdicts` relies on it).
const _: () = assert!(fights::SMALL_AREA < BIG);

/// Rounds of the static pass: each round can only build on the previous one's dead
/// groups, and real positions settle in two or three.
const ROUNDS: usize = 4;

/// A group whose largest eye area is this size or smaller cannot make two eyes there,
/// whoever moves first: one point is one eye, and a stone on one of two points leaves
/// one. (Three points are not: in a row or bent, the side to move takes the middle, and
/// the owner moving first has two eyes. Such a group lives or dies by who moves, which
/// the reading says.)
const SMALL: usize = 2;

/// The groups of a position: per chain, its group, named by the group's first chain.
pub(super) struct Layout {
    pub(super) group: Vec<usize>,
}

impl Layout {
    pub(super) fn new(position: &Position, board: &PlayBoard) -> Layout {
        Layout {
            group: link(position, board),
        }
    }
}

/// Join chains into groups (see the module documentation).
fn link(position: &Position, board: &PlayBoard) -> Vec<usize> {
    let mut links = UnionFind::new(position.chains.len());
    for area in &position.areas {
        if area.owner().is_some() {
            for w in area.chains.windows(2) {
                links.join(w[0], w[1]);
            }
        }
    }
    for (a, chain) in position.chains.iter().enumerate() {
        let color = chain.color;
        for &e in &chain.libs {
            for nb in position.neighbours(e) {
                let b = position.chain_of[nb];
                if b == NONE || b <= a || position.chains[b].color != color || links.same(a, b) {
                    continue;
                }
                if position.shared_liberties(a, b) >= 2
                    || board.fills_into_atari(cell_of(position.point(e)), color.opponent())
                {
                    links.join(a, b);
                }
            }
        }
    }
    (0..position.chains.len()).map(|c| links.find(c)).collect()
}

/// Whether one stone of the group of `chains` closes an eye area that counts as two eyes
/// ([`two_eyes`]): a point of an area next to the group and to the opponent's stones,
/// where the stone holds for the group ([`closes_for`]), past which such a part of the
/// area next to the group touches the group's colour only.
/// The static pass counts such an area as two eyes; so the group's colour, moving first,
/// lives there. With `inside`, a block one point inside the opening counts too
/// ([`blocks_inside`]): asked of a group the playouts killed, not of a living one, whose
/// test has the opponent move first.
pub(super) fn closes_big_eye(position: &Position, chains: &[usize], inside: bool) -> bool {
    let color = position.chains[chains[0]].color;
    // Such a part touches no stone of the opponent's, so it is made of *inner* points
    // (points of the area next to no stone of the opponent's); it is all of the inner
    // points it reaches, and the only other point of the area next to it is the one the
    // stone closes. So one walk over the inner points of each area finds every part.
    let mut seen = vec![false; position.len()];
    let mut stack: Vec<usize> = Vec::new();
    let mut part: Vec<usize> = Vec::new();
    for a in areas_of(position, chains) {
        let area = &position.areas[a];
        if area.points.len() <= STRIP || !area.is_shared() {
            continue;
        }
        let inner = |i: usize| !next_to(position, i, color.opponent());
        // Only a part next to the group is its eye area: walks start from the group's
        // liberties.
        for start in chains
            .iter()
            .flat_map(|&c| &position.chains[c].libs)
            .copied()
            .filter(|&l| position.area_of[l] == a)
        {
            if seen[start] || !inner(start) {
                continue;
            }
            seen[start] = true;
            stack.push(start);
            part.clear();
            // The one point of the area outside the part next to it, if only one.
            let mut gate: Option<usize> = None;
            let mut gates = 0;
            while let Some(i) = stack.pop() {
                part.push(i);
                for nb in position.neighbours(i) {
                    if position.stones[nb].is_some() || seen[nb] {
                        continue;
                    }
                    if inner(nb) {
                        seen[nb] = true;
                        stack.push(nb);
                    } else if gate != Some(nb) {
                        gate = Some(nb);
                        gates += 1;
                    }
                }
            }
            let Some(p) = gate.filter(|_| gates == 1) else {
                continue;
            };
            if closes_for(position, p, chains, &[]) && two_eyes(position, &part, &[p]) {
                return true;
            }
            if inside && blocks_inside(position, &part, p, chains) {
                return true;
            }
        }
    }
    false
}

/// Whether a stone of the group's colour on the point of `part` next to its one opening
/// `gate`, joined to the group of `chains`, shuts in the rest of the part as a straight
/// line of [`STRIP`] - 1 points or more walled in by one chain. Four points in a line
/// shut in on every side by one chain are two eyes: a stone inside is answered next to
/// it, leaving a one-point eye at each end (or a three-point one beyond a captured
/// stone); the push that makes four too few in [`STRIP`]'s count needs an opening, and
/// the block leaves none. So the group's colour, moving first, lives.
fn blocks_inside(position: &Position, part: &[usize], gate: usize, chains: &[usize]) -> bool {
    let Some(&q) = part
        .iter()
        .find(|&&q| position.neighbours(q).any(|nb| nb == gate))
    else {
        return false;
    };
    if !joins(position, q, chains) {
        return false;
    }
    let rest: Vec<usize> = part.iter().copied().filter(|&i| i != q).collect();
    rest.len() + 1 >= STRIP && walled_line(position, &rest, &[q])
}

/// Whether the group of `chains`, whose liberties all lie in area `a`, keeps an eye area
/// that counts as two eyes by the static pass's measure ([`two_eyes`]) even when the
/// opponent moves first: for every point of the area next to the opponent's stones, a
/// stone of the opponent's there can be answered by a stone of the group's colour, joined
/// to the group, past which such a part of the area touches the group's colour only.
pub(super) fn keeps_big_eye(position: &Position, chains: &[usize], a: usize) -> bool {
    let color = position.chains[chains[0]].color;
    let mut walk = Walk::new(position);
    position.areas[a]
        .points
        .iter()
        .filter(|&&p| next_to(position, p, color.opponent()))
        .all(|&p| walls_in_two_eyes(&mut walk, chains, a, &[p]))
}

/// Whether one stone of the group's colour on a point of area `a`, joined to the group of
/// `chains`, leaves a part of the rest of the area that counts as two eyes by the static
/// pass's measure (the block at any point, not only at the area's opening as
/// [`closes_big_eye`] looks for).
pub(super) fn closes_two_eyes_in(position: &Position, chains: &[usize], a: usize) -> bool {
    walls_in_two_eyes(&mut Walk::new(position), chains, a, &[])
}

/// Whether, with the opponent's stones on `theirs` (points of area `a`), one stone of the
/// colour of `chains` on another point of the area that holds for them ([`closes_for`]:
/// joined, or one point away sharing a liberty with them) leaves a part of the rest that
/// touches that colour only, next to the group when the stone is apart, and counts as
/// two eyes ([`two_eyes`]).
fn walls_in_two_eyes(walk: &mut Walk, chains: &[usize], a: usize, theirs: &[usize]) -> bool {
    let position = walk.position;
    let color = position.chains[chains[0]].color;
    let area = &position.areas[a];
    area.points.iter().any(|&q| {
        // A stone one point from the group holds only the part it shares a liberty in.
        let apart = (!joins(position, q, chains)).then_some(chains);
        !theirs.contains(&q)
            && closes_for(position, q, chains, theirs)
            && walk.big_own_part(area, color, &[q], theirs, apart)
    })
}

/// The areas next to the group of `chains`, each once.
fn areas_of(position: &Position, chains: &[usize]) -> Vec<usize> {
    let mut areas: Vec<usize> = chains
        .iter()
        .flat_map(|&c| &position.chains[c].libs)
        .map(|&l| position.area_of[l])
        .collect();
    areas.sort_unstable();
    areas.dedup();
    areas
}

/// Whether the empty point `p` is next to a stone of `color`.
fn next_to(position: &Position, p: usize, color: Color) -> bool {
    position
        .neighbours(p)
        .any(|nb| position.stones[nb] == Some(color))
}

/// Whether a stone on the empty point `p` joins one of `chains`.
fn joins(position: &Position, p: usize, chains: &[usize]) -> bool {
    position
        .neighbours(p)
        .any(|nb| chains.contains(&position.chain_of[nb]))
}

/// Whether `part`, empty points next to stones of one colour only (those of the position
/// and the stones to come on `mine`), counts as two eyes by the static pass's measure:
/// [`BIG`] points or more, or a straight line of [`STRIP`] points or more walled in by
/// one chain, with each stone of `mine` joined to it.
fn two_eyes(position: &Position, part: &[usize], mine: &[usize]) -> bool {
    if part.len() >= BIG {
        return true;
    }
    part.len() >= STRIP && walled_line(position, part, mine)
}

/// Whether `part` is a straight line walled in by one chain ([`Position::line_walled_by`],
/// with the stones to come on `mine`) that each stone of `mine` joins.
fn walled_line(position: &Position, part: &[usize], mine: &[usize]) -> bool {
    position.line_walled_by(part, mine).is_some_and(|wall| {
        mine.iter().all(|&q| {
            position
                .neighbours(q)
                .any(|nb| position.chain_of[nb] == wall)
        })
    })
}

/// Whether a stone on the empty point `p`, between a part of an area and the opponent's
/// stones, holds for the group of `chains`, with opponent's stones to come on `theirs`:
/// it joins one of them, or it has two liberties or more, one of them next to one of the
/// chains. Such a stone and the group share a liberty inside the part: the opponent's
/// stone there, next to both and walled in by them, is a throw-in into an eye area the
/// static pass counts as two eyes, not a cut (a hane on the first line answered by the
/// block one point away, the second line's usual shape).
fn closes_for(position: &Position, p: usize, chains: &[usize], theirs: &[usize]) -> bool {
    if joins(position, p, chains) {
        return true;
    }
    let free = |q: usize| position.stones[q].is_none() && !theirs.contains(&q);
    position.neighbours(p).filter(|&q| free(q)).count() >= 2
        && position
            .neighbours(p)
            .any(|q| free(q) && joins(position, q, chains))
}

/// A walk over the parts of an area, with its marks kept from walk to walk.
struct Walk<'a> {
    position: &'a Position,
    seen: Vec<bool>,
    stack: Vec<usize>,
    part: Vec<usize>,
}

impl<'a> Walk<'a> {
    fn new(position: &'a Position) -> Walk<'a> {
        Walk {
            position,
            seen: vec![false; position.len()],
            stack: Vec::new(),
            part: Vec::new(),
        }
    }

    /// Whether, with stones of `color` on `mine` and of the opponent's on `theirs` (points
    /// of `area`), a part of the rest of `area` that counts as two eyes ([`two_eyes`])
    /// touches `color`'s stones only; with `group` (the chains of a group the stones on
    /// `mine` stand apart from), a part next to one of those chains, counted without the
    /// liberties they share with the stones.
    fn big_own_part(
        &mut self,
        area: &Area,
        color: Color,
        mine: &[usize],
        theirs: &[usize],
        group: Option<&[usize]>,
    ) -> bool {
        let position = self.position;
        for &i in &area.points {
            self.seen[i] = false;
        }
        for &i in mine.iter().chain(theirs) {
            self.seen[i] = true;
        }
        for &start in &area.points {
            if self.seen[start] {
                continue;
            }
            self.seen[start] = true;
            self.stack.push(start);
            self.part.clear();
            let mut touches_them = false;
            let mut touches_group = group.is_none();
            while let Some(i) = self.stack.pop() {
                self.part.push(i);
                for nb in position.neighbours(i) {
                    if theirs.contains(&nb) {
                        touches_them = true;
                    } else if let Some(c) = position.stones[nb] {
                        touches_them |= c != color;
                        touches_group |= group.is_some_and(|g| g.contains(&position.chain_of[nb]));
                    } else if !self.seen[nb] {
                        self.seen[nb] = true;
                        self.stack.push(nb);
                    }
                }
            }
            if let Some(group) = group {
                // The liberty the stone apart shares with the group joins them: it is no
                // eye, and the part must count as two eyes without it.
                let joins_both = |i: usize| {
                    position.neighbours(i).any(|nb| mine.contains(&nb))
                        && position
                            .neighbours(i)
                            .any(|nb| group.contains(&position.chain_of[nb]))
                };
                self.part.retain(|&i| !joins_both(i));
            }
            if !touches_them && touches_group && two_eyes(position, &self.part, mine) {
                return true;
            }
        }
        false
    }
}

/// The area holding every liberty of the group of `chains`, when one does.
pub(super) fn only_area(position: &Position, chains: &[usize]) -> Option<usize> {
    match areas_of(position, chains)[..] {
        [a] => Some(a),
        _ => None,
    }
}

/// The one area of more than one point holding liberties of the group of `chains`, when
/// every other area next to it is a single point: a lone liberty beside a stone at the end
/// of a line (the opponent may fill it, and the eye space is the larger area's).
pub(super) fn main_area(position: &Position, chains: &[usize]) -> Option<usize> {
    let mut main = None;
    for a in areas_of(position, chains) {
        if position.areas[a].points.len() > 1 {
            if main.is_some() {
                return None;
            }
            main = Some(a);
        }
    }
    main
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

/// What the static pass settled about a chain.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Verdict {
    Alive,
    Dead,
}

/// The static pass: per chain, its verdict or `None` for the playouts to decide.
/// `settled` holds what comes in settled (proved).
pub(super) fn verdicts(
    position: &Position,
    layout: &Layout,
    board: &PlayBoard,
    settled: &[Option<Verdict>],
) -> Vec<Option<Verdict>> {
    let n = position.chains.len();
    let mut verdict = settled.to_vec();
    let mut members: Vec<Vec<usize>> = vec![Vec::new(); n];
    for c in 0..n {
        members[layout.group[c]].push(c);
    }
    // Chains that live by eyes which only look false (a ring of chains linked through
    // one-point eyes) are as settled as proved ones.
    for (c, alive) in linked_alive(position).into_iter().enumerate() {
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
    let mut gone = vec![false; position.len()];
    for (c, chain) in position.chains.iter().enumerate() {
        if verdict[c] == Some(Verdict::Dead) {
            for &i in &chain.stones {
                gone[i] = true;
            }
        }
    }
    // A group walling in a straight line of STRIP points or more with one chain, an eye
    // area of its own, has two eyes as one of BIG points has.
    let mut strip = vec![false; n];
    for (a, area) in position.areas.iter().enumerate() {
        // Below BIG points, an area is large only as such a line (`fights::is_large`).
        if area.points.len() < BIG && fights::is_large(position, a) {
            strip[layout.group[area.chains[0]]] = true;
        }
    }
    let mut eyes = vec![0u32; n];
    let mut largest = vec![0usize; n];
    for _ in 0..ROUNDS {
        let mut changed = false;
        eyes::count(position, &layout.group, &gone, &mut eyes, &mut largest);
        for (g, list) in members.iter().enumerate() {
            if !list.is_empty()
                && verdict[g].is_none()
                && (eyes[g] >= 2 || largest[g] >= BIG || strip[g])
            {
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
                || !hopeless(position, layout, board, list, &verdict)
            {
                continue;
            }
            for &c in list {
                verdict[c] = Some(Verdict::Dead);
                for &i in &position.chains[c].stones {
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
fn linked_alive(position: &Position) -> Vec<bool> {
    let n = position.chains.len();
    let eye = |e: usize| position.areas[position.area_of[e]].owner().is_some();
    // Per pair of chains of one colour: the liberties only they share, outside eyes.
    let mut pairs: Vec<(usize, usize)> = Vec::new();
    let mut around: Vec<usize> = Vec::new();
    for e in 0..position.len() {
        if position.stones[e].is_some() || eye(e) {
            continue;
        }
        for color in [Color::Black, Color::White] {
            around.clear();
            around.extend(
                position
                    .neighbours(e)
                    .map(|nb| position.chain_of[nb])
                    .filter(|&c| c != NONE && position.chains[c].color == color),
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
    for area in &position.areas {
        if area.owner().is_none() {
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
                    position
                        .neighbours(i)
                        .any(|nb| position.chain_of[nb] != NONE && unit[position.chain_of[nb]] == u)
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
    position: &Position,
    layout: &Layout,
    board: &PlayBoard,
    list: &[usize],
    verdict: &[Option<Verdict>],
) -> bool {
    let color = position.chains[list[0]].color;
    let group = layout.group[list[0]];
    let alive = |o: usize| verdict[o] == Some(Verdict::Alive);
    for &c in list {
        for &i in &position.chains[c].stones {
            for nb in position.neighbours(i) {
                let o = position.chain_of[nb];
                if o != NONE && position.chains[o].color != color && !alive(o) {
                    return false;
                }
            }
        }
        for &e in &position.chains[c].libs {
            let area = &position.areas[position.area_of[e]];
            let mixed = area.chains.iter().any(|&o| {
                if position.chains[o].color == color {
                    layout.group[o] != group
                } else {
                    !alive(o)
                }
            });
            if mixed
                || (area.touches != bit(color)
                    && (board.fills_into_atari(cell_of(position.point(e)), color.opponent())
                        || has_room(position, area, color)))
            {
                return false;
            }
        }
    }
    true
}

/// Whether `area`, an empty area next to stones of both colours, has a point the group
/// of `color` could one day make an eye of: a point no stone of the opponent stands
/// next to. An eye is a point whose neighbours are all the owner's stones, so a point
/// next to a stone of the opponent's that cannot be captured never becomes one; an area
/// of such points alone gives the group no eye whoever moves first and however long.
fn has_room(position: &Position, area: &Area, color: Color) -> bool {
    area.points
        .iter()
        .any(|&i| !next_to(position, i, color.opponent()))
}
