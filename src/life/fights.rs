//! Local fights of a final position, read out exactly: which groups the opponent can
//! kill, moving first or second, and which move saves a group that needs one.
//!
//! A *wall* is a chain nothing local can capture: one Benson's algorithm proves
//! pass-alive, or one with a liberty in a large area ([`is_large`]: more than
//! [`SMALL_AREA`] points, or a straight line of [`STRIP`] points walled in by it):
//! its own territory, which the opponent does not fill at the end of a game, or open
//! space, where no local fight can take all its liberties. The rest of the position falls into
//! *clusters*: the chains that are not walls and the small areas next to them, joined by
//! adjacency (a chain to the small areas next to it, and to the chains it touches stone
//! against stone), bounded by walls and large areas. A cluster is read as one region with
//! [`crate::life::read`]; the walls around it never die, and a region chain next to a
//! large area keeps a liberty there.
//!
//! Inside a cluster, a *group* is a set of chains of one colour that share a small area
//! of their own colour (an eye): they live or die together. A group is *killed* when the
//! opponent captures one of its *targets*, its main chains ([`targets`]). A capture that
//! the owner answers at once by taking back at least as many stones is no kill. A fight
//! is read with the targets of both sides: the first kill wins it, so a side that could
//! kill only by losing a group of its own first does not kill.

use std::cell::Cell;

use crate::board::{Board, Color};
use crate::point::Point;

use super::position::{NONE, Position, bit};
use super::read::{Fight, MAX_POINTS};

/// An area of more than this many empty points is large: no one plays in it at the end
/// of a game, and a chain with a liberty there has a liberty for good. Seven points walled
/// in by one colour count as two eyes (docs/rules.md, "How goref estimates the dead
/// stones"), so a throw-in or a cut inside such an area can always be answered.
pub const SMALL_AREA: usize = 6;

/// A straight line of empty points this long, walled in by one chain (and the edge), is
/// two eyes as [`SMALL_AREA`] + 1 points are: an opponent's stone anywhere in it is
/// answered inside, and at least two points stay apart on either side (a stone on the
/// middle point of five leaves two and two; the owner's answer next to it splits one side
/// into a one-point eye and keeps the other two points as a second eye, which a throw-in
/// only fills into atari; the chain's stones are the diagonals of every such eye, so each
/// is real). Four is not enough once the opponent has the move after a push: the push and
/// the block leave three, which the side to move decides.
pub const STRIP: usize = 5;

/// Whether area `a` is large: more than [`SMALL_AREA`] points, or an eye area of
/// [`STRIP`] points or more in a straight line walled in by one chain. Either is two eyes
/// or open space, where no local fight takes every liberty of a chain next to it.
pub fn is_large(position: &Position, a: usize) -> bool {
    let area = &position.areas[a];
    area.points.len() > SMALL_AREA
        || (area.points.len() >= STRIP
            && area.owner().is_some()
            && position.line_walled_by(&area.points, &[]).is_some())
}

/// A cluster with more *contested* empty points than this is not read: points of an area
/// shared by both colours, or of an area next to two chains or more of its colour. The
/// positions to read grow about threefold with each of them; an area of one colour next
/// to one chain only is its eye or territory, which the reading does not fill for that
/// colour ([`crate::life::read`]). The fights of a finished game have few contested points;
/// an unfinished one has many, and reading it would say little.
pub const MAX_CONTESTED: usize = 8;

/// A cluster with more empty points than this is not read at all.
pub const MAX_EMPTY: usize = 16;

/// Positions one reading may visit before it gives up. The fights of a final position are
/// small and shut in; one that needs more is left without an answer. (The settling's
/// questions of the races p3 r09, r10 and r23, where who moves decides, need more than
/// 1,000; docs/rules.md, "Reading a local fight".)
pub const MAX_STATES: usize = 3_000;

/// Positions all the readings of one final position may visit together.
pub const BUDGET: usize = 6_000;

/// A cluster: see the module documentation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cluster {
    /// Its chains, sorted.
    pub chains: Vec<usize>,
    /// Its small areas, sorted.
    pub areas: Vec<usize>,
    /// Every point of its chains and areas, sorted.
    pub points: Vec<usize>,
}

/// A group of a cluster: see the module documentation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Group {
    pub color: Color,
    /// Its chains, sorted.
    pub chains: Vec<usize>,
    /// The small areas of its own colour next to it (its eyes), sorted.
    pub eyes: Vec<usize>,
}

/// Per chain of `position`: whether it is a wall (see the module documentation), given
/// which stones Benson's algorithm proves alive (`pass_alive`, per point).
pub fn walls(position: &Position, pass_alive: impl Fn(usize) -> bool) -> Vec<bool> {
    position
        .chains
        .iter()
        .map(|chain| {
            pass_alive(chain.stones[0])
                || chain
                    .libs
                    .iter()
                    .any(|&l| is_large(position, position.area_of[l]))
        })
        .collect()
}

/// Whether `cluster` is small enough to read: at most [`MAX_POINTS`] points, at most
/// [`MAX_EMPTY`] of them empty and [`MAX_CONTESTED`] contested.
pub fn is_readable(position: &Position, cluster: &Cluster) -> bool {
    let (mut empty, mut contested) = (0, 0);
    for &a in &cluster.areas {
        let area = &position.areas[a];
        empty += area.points.len();
        if area.owner().is_none() || area.chains.len() >= 2 {
            contested += area.points.len();
        }
    }
    cluster.points.len() <= MAX_POINTS && empty <= MAX_EMPTY && contested <= MAX_CONTESTED
}

/// Whether a chain of `cluster` has a liberty in a large area that is not its colour's
/// alone (an open boundary): the fight is not shut in, and reading it says nothing.
pub fn is_open(position: &Position, cluster: &Cluster) -> bool {
    cluster.chains.iter().any(|&c| {
        let chain = &position.chains[c];
        chain.libs.iter().any(|&l| {
            let area = &position.areas[position.area_of[l]];
            area.points.len() > SMALL_AREA && area.owner() != Some(chain.color)
        })
    })
}

/// The clusters of `position` with the walls `wall`, in the order of their first point.
/// Clusters without a chain (a small area between walls) are not listed.
pub fn clusters(position: &Position, wall: &[bool]) -> Vec<Cluster> {
    let n_chains = position.chains.len();
    // Union-find over chains (0..n_chains) and areas (n_chains..).
    let mut parent: Vec<usize> = (0..n_chains + position.areas.len()).collect();
    fn find(parent: &mut [usize], mut x: usize) -> usize {
        while parent[x] != x {
            parent[x] = parent[parent[x]];
            x = parent[x];
        }
        x
    }
    for (a, area) in position.areas.iter().enumerate() {
        if is_large(position, a) {
            continue;
        }
        for &c in &area.chains {
            if !wall[c] {
                let (x, y) = (find(&mut parent, c), find(&mut parent, n_chains + a));
                parent[x] = y;
            }
        }
    }
    // Chains of both colours that touch, stone against stone, fight each other too.
    // Chains that touch are of opposite colours, so each pair is met from its black
    // chain (the clusters are the same whatever the order of the unions).
    for (c, chain) in position.chains.iter().enumerate() {
        if wall[c] || chain.color != Color::Black {
            continue;
        }
        for &i in &chain.stones {
            for nb in position.neighbours(i) {
                let o = position.chain_of[nb];
                if o != NONE && o != c && !wall[o] {
                    let (x, y) = (find(&mut parent, c), find(&mut parent, o));
                    parent[x] = y;
                }
            }
        }
    }
    // Per root: the index in `out` of its cluster, in the order the roots are first met
    // (by their first chain).
    let mut slot = vec![NONE; parent.len()];
    let mut out: Vec<Cluster> = Vec::new();
    for c in (0..n_chains).filter(|&c| !wall[c]) {
        let root = find(&mut parent, c);
        if slot[root] == NONE {
            slot[root] = out.len();
            out.push(Cluster {
                chains: Vec::new(),
                areas: Vec::new(),
                points: Vec::new(),
            });
        }
        out[slot[root]].chains.push(c);
    }
    for a in 0..position.areas.len() {
        if is_large(position, a) {
            continue;
        }
        let root = find(&mut parent, n_chains + a);
        if slot[root] != NONE {
            out[slot[root]].areas.push(a);
        }
    }
    for cluster in &mut out {
        for &c in &cluster.chains {
            cluster.points.extend(&position.chains[c].stones);
        }
        for &a in &cluster.areas {
            cluster.points.extend(&position.areas[a].points);
        }
        cluster.points.sort_unstable();
    }
    out.sort_by_key(|c| c.points.first().copied());
    out
}

/// The groups of `cluster`: its chains of one colour joined through the small areas of
/// that colour only, in the order of their first chain.
pub fn groups(position: &Position, cluster: &Cluster) -> Vec<Group> {
    let mut group_of: Vec<usize> = cluster.chains.clone();
    let slot = |c: usize| cluster.chains.binary_search(&c).ok();
    fn root(group_of: &mut [usize], chains: &[usize], mut c: usize) -> usize {
        loop {
            let i = chains.binary_search(&c).unwrap_or(0);
            if group_of[i] == c {
                return c;
            }
            let up = group_of[i];
            // Halve the path as we go.
            let j = chains.binary_search(&up).unwrap_or(0);
            group_of[i] = group_of[j];
            c = up;
        }
    }
    for &a in &cluster.areas {
        let area = &position.areas[a];
        if area.owner().is_none() {
            continue;
        }
        let members: Vec<usize> = area
            .chains
            .iter()
            .copied()
            .filter(|&c| slot(c).is_some())
            .collect();
        for w in members.windows(2) {
            let (x, y) = (
                root(&mut group_of, &cluster.chains, w[0]),
                root(&mut group_of, &cluster.chains, w[1]),
            );
            if x != y {
                let i = cluster.chains.binary_search(&x.max(y)).unwrap_or(0);
                group_of[i] = x.min(y);
            }
        }
    }
    let mut out: Vec<Group> = Vec::new();
    for &c in &cluster.chains {
        let r = root(&mut group_of, &cluster.chains, c);
        match out.iter_mut().find(|g| g.chains[0] == r) {
            Some(g) => g.chains.push(c),
            None => out.push(Group {
                color: position.chains[c].color,
                chains: vec![c],
                eyes: Vec::new(),
            }),
        }
    }
    for g in &mut out {
        g.chains.sort_unstable();
        for &a in &cluster.areas {
            let area = &position.areas[a];
            if area.touches == bit(g.color)
                && area
                    .chains
                    .iter()
                    .any(|c| g.chains.binary_search(c).is_ok())
            {
                g.eyes.push(a);
            }
        }
    }
    out
}

/// The points whose capture kills `group`: a stone of each of its main chains. Those are
/// its chains of two stones or more that are not in atari; when it has none, its chains
/// of two stones or more; when it has none of those either, every chain. A chain of one
/// stone, or one its owner left in atari beside a larger chain, may be given up without
/// the group dying: a throw-in, a cutting stone, the stone of a ko, the chain a hanezeki
/// offers.
pub fn targets(position: &Position, group: &Group) -> Vec<Point> {
    let chain = |c: usize| &position.chains[c];
    let main = |c: &usize| chain(*c).stones.len() >= 2 && chain(*c).libs.len() >= 2;
    let big = |c: &usize| chain(*c).stones.len() >= 2;
    let pick: Vec<usize> = if group.chains.iter().any(main) {
        group.chains.iter().copied().filter(main).collect()
    } else if group.chains.iter().any(big) {
        group.chains.iter().copied().filter(big).collect()
    } else {
        group.chains.clone()
    };
    pick.iter()
        .map(|&c| position.point(chain(c).stones[0]))
        .collect()
}

/// The targets of a fight over the group of `mine`: its own, and the opponent's chains of
/// `theirs` at least half as large as the smallest of them. The opponent may give up
/// small chains to kill the group: a throw-in, the stones of a nakade, a few stones
/// sacrificed to shape a dead eye, all far smaller than what they kill. Giving up a chain
/// of half the size of the kill or more is a trade between two groups, a race, not the
/// killing of one: the side that loses such a chain first has lost the fight. So is
/// losing a chain with an eye of its own (a liberty all of whose neighbours are its own
/// stones), whatever its size: it is a group fighting for its life, not a stone given up
/// to shape the other's eye.
fn both_sides(board: &Board, mine: &[Point], theirs: &[Point]) -> Vec<Point> {
    let size = |p: Point| board.chain_stones(p).count();
    let has_eye = |p: Point| {
        let color = board.get(p);
        board
            .chain_stones(p)
            .flat_map(|s| board.neighbours(s))
            .filter(|&q| board.get(q).is_none())
            .any(|q| board.neighbours(q).all(|n| board.get(n) == color))
    };
    let least = mine.iter().map(|&p| size(p)).min().unwrap_or(0);
    mine.iter()
        .copied()
        .chain(
            theirs
                .iter()
                .copied()
                .filter(|&p| 2 * size(p) >= least || has_eye(p)),
        )
        .collect()
}

/// The fight over `region` on `board` between the group of the targets `mine` and the
/// opponent's chains of `theirs` that [`both_sides`] keeps. `None` when the region is too
/// large or a target is not a stone of it.
pub fn fight(board: &Board, region: &[Point], mine: &[Point], theirs: &[Point]) -> Option<Fight> {
    if region.len() > MAX_POINTS {
        return None;
    }
    Fight::new(board, region, &both_sides(board, mine, theirs))
}

/// Reads fights within a budget of positions shared by all its questions, so the work on
/// one final position stays bounded however many fights it holds. Once the budget is
/// spent every question gets no answer.
pub struct Reader {
    left: Cell<usize>,
    shape_eyes: Cell<bool>,
}

impl Reader {
    /// A reader that visits at most `budget` positions in all, and [`MAX_STATES`] in one
    /// reading.
    pub fn new(budget: usize) -> Reader {
        Reader {
            left: Cell::new(budget),
            shape_eyes: Cell::new(false),
        }
    }

    /// Whether the questions asked from now on let each side shape eyes in its quiet
    /// areas ([`Fight::shape_eyes`]).
    pub fn shape_eyes(&self, on: bool) {
        self.shape_eyes.set(on);
    }

    /// The answer of `ask`, whose questions let each side shape eyes; the reader asks as
    /// before afterwards.
    pub fn shaping_eyes<T>(&self, ask: impl FnOnce(&Reader) -> T) -> T {
        let before = self.shape_eyes.replace(true);
        let answer = ask(self);
        self.shape_eyes.set(before);
        answer
    }

    /// The positions one reading may visit now.
    fn allowed(&self) -> usize {
        self.left.get().min(MAX_STATES)
    }

    fn spend(&self, visited: usize) {
        self.left.set(self.left.get().saturating_sub(visited));
    }

    /// The fight over `region` on `board` between the targets of one colour, `mine`, and
    /// the opponent's, `theirs` (those [`both_sides`] keeps): the first standing kill wins
    /// it. Whether the opponent of `color` (the colour of `mine`) wins, with each side
    /// moving first: `(opponent first, owner first)`. `None` when the region is too large
    /// or the reading gives up.
    pub fn kills(
        &self,
        board: &Board,
        region: &[Point],
        mine: &[Point],
        theirs: &[Point],
        color: Color,
    ) -> Option<(bool, bool)> {
        self.kills_with_ko(board, region, mine, theirs, color, None)
    }

    /// [`Reader::kills`] with `ko_free` free of the ko rule: it may retake a ko at once,
    /// as if it always had a threat elsewhere.
    pub fn kills_with_ko(
        &self,
        board: &Board,
        region: &[Point],
        mine: &[Point],
        theirs: &[Point],
        color: Color,
        ko_free: Option<Color>,
    ) -> Option<(bool, bool)> {
        let fight = self.fight(board, region, mine, theirs, ko_free)?;
        let (wins, visited) = fight.attack_counted(board, color.opponent(), self.allowed());
        self.spend(visited);
        let [first, second] = wins?;
        Some((first, second))
    }

    /// [`Reader::kills_with_ko`] with the opponent moving first only: whether it wins.
    pub fn kills_first_with_ko(
        &self,
        board: &Board,
        region: &[Point],
        mine: &[Point],
        theirs: &[Point],
        color: Color,
        ko_free: Option<Color>,
    ) -> Option<bool> {
        let fight = self.fight(board, region, mine, theirs, ko_free)?;
        let (wins, visited) = fight.attack_next_counted(board, color.opponent(), self.allowed());
        self.spend(visited);
        wins
    }

    /// The fight of [`Reader::kills`] with the opponent of `color` to move on `board`:
    /// whether it wins. `None` when the region is too large or the reading gives up.
    pub fn kills_next(
        &self,
        board: &Board,
        region: &[Point],
        mine: &[Point],
        theirs: &[Point],
        color: Color,
    ) -> Option<bool> {
        self.kills_first_with_ko(board, region, mine, theirs, color, None)
    }

    /// The fight the questions above read: the targets [`both_sides`] keeps, with
    /// `ko_free` free of the ko rule. `None` when the region is too large.
    fn fight(
        &self,
        board: &Board,
        region: &[Point],
        mine: &[Point],
        theirs: &[Point],
        ko_free: Option<Color>,
    ) -> Option<Fight> {
        if region.len() > MAX_POINTS {
            return None;
        }
        let mut fight = Fight::new(board, region, &both_sides(board, mine, theirs))?;
        fight.ko_free(ko_free);
        fight.shape_eyes(self.shape_eyes.get());
        Some(fight)
    }
}

/// `board` with a stone of `color` played on `p`, when the point is empty and the play
/// is no suicide.
pub fn with_move(board: &Board, color: Color, p: Point) -> Option<Board> {
    let mut after = board.clone();
    let outcome = after.play(color, p).ok()?;
    (outcome.suicide == 0).then_some(after)
}

/// The first empty point found next to the chain on `p`: its last liberty, when the chain
/// is in atari.
pub fn last_liberty(board: &Board, p: Point) -> Option<Point> {
    board
        .chain_stones(p)
        .flat_map(|s| board.neighbours(s))
        .find(|&q| board.get(q).is_none())
}
