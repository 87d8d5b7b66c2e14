//! An estimate of the dead stones of a final position that carries no markup.
//!
//! Players who pass at the end of a game leave dead stones on the board and agree on them
//! afterwards; a record rarely says which they were. [`estimate`] guesses them the way a
//! careful reader of the final position would, in four steps:
//!
//! 1. **What is certain.** Benson's algorithm ([`crate::life::pass_alive_under`]) proves
//!    some chains pass-alive and some stones dead inside pass-alive territory.
//! 2. **What is plain.** Chains are joined into *groups* that live or die together (see
//!    `groups`). A group with two real eyes or a large eye area is alive; a group with at
//!    most one eye, shut in by living groups, is dead. This static pass settles most of a
//!    typical final position in a few microseconds.
//! 3. **Small enclosed fights, by reading.** An open group whose fight is small and
//!    shut in by settled living chains is read out exactly (see `reading` and
//!    [`crate::life::read`]): dead if the opponent captures it whoever moves first, alive
//!    if the opponent cannot even moving first. Anything else goes on to the playouts.
//! 4. **The rest, by playouts.** Random games from the position, played only where
//!    nothing is settled, with a policy that never fills a real eye of its own and never
//!    gives away a chain of three stones or more (see `playout`), say who ends up owning
//!    each point. A group whose stones the opponent owns in most playouts is dead. Half
//!    the playouts start with Black, half with White, so the estimate can tell when the
//!    outcome depends on who moves. The number of playouts adapts: it stops as soon as
//!    every open group is clearly decided, and never exceeds a fixed budget. A group
//!    decided clearly counts as settled in the later rounds, which then play only
//!    around the groups still in doubt.
//!
//! A clean-up follows: a group the playouts kill but that could only be captured by the
//! opponent filling into atari (a seki) stays alive.
//!
//! Every group gets a [`Status`], the [`Basis`] it rests on and a confidence. A group the
//! playouts cannot decide safely carries a [`Doubt`]: its points and how many points of
//! the result (counted as area) depend on it.
//!
//! The estimate is deterministic: the playouts are seeded from the position's Zobrist
//! hash, so the same position always gets the same answer, on any thread. Any board from
//! 1x1 to 25x25 works, and the work is bounded (a fixed number of playouts of bounded
//! length), so nothing can make it hang.

mod groups;
mod neighbours;
mod playout;
mod reading;

use crate::board::{Board, Color};
use crate::life::{Chains, Grid, pass_alive_of};
use crate::point::Point;
use crate::rules::Suicide;
use groups::{Layout, Verdict};
use playout::{PlayBoard, Rng, cell_of, point_of};
use reading::Read;

/// What the estimate decided about a group.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// The group lives: its stones count for their colour.
    Alive,
    /// The group is dead: its stones count as the opponent's prisoners or area.
    Dead,
    /// The group lives in seki with a neighbour: its stones stay on the board.
    Seki,
}

/// What a group's status rests on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Basis {
    /// Benson's algorithm proves it (a pass-alive chain, or a stone inside pass-alive
    /// territory).
    Proven,
    /// The static pass: two eyes in plain sight, or no eye and shut in by living groups.
    Eyes,
    /// The playouts.
    Playouts,
    /// Exact reading of a small enclosed fight.
    Reading,
}

/// Why a group's status is in doubt.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum DoubtReason {
    /// The playouts are close to even: the group lives in about as many as it dies.
    NearEven,
    /// The group lives when one colour moves first and dies when the other does (a ko,
    /// or a fight nobody finished).
    WhoMoves,
}

/// A group whose status the estimate cannot decide safely.
#[derive(Debug, Clone, PartialEq)]
pub struct Doubt {
    pub reason: DoubtReason,
    /// The group's stones and the empty points whose owner changes with its status, in
    /// reading order.
    pub points: Vec<Point>,
    /// How much the difference between Black's and White's area changes if the group's
    /// status is the other one.
    pub at_stake: u32,
}

/// One group of related chains and what the estimate decided about it.
#[derive(Debug, Clone, PartialEq)]
pub struct Group {
    pub color: Color,
    /// Its stones, in reading order.
    pub stones: Vec<Point>,
    pub status: Status,
    pub basis: Basis,
    /// The share of the evidence that agrees with the status, from 0.5 (a coin toss) to
    /// 1: for playouts, the share of the group's stones, over all playouts, that ended
    /// up owned as the status says; 1 for the other bases.
    pub confidence: f64,
    /// Why the status is in doubt, when it is.
    pub doubt: Option<Doubt>,
}

/// The estimate for one position.
#[derive(Debug, Clone, PartialEq)]
pub struct Estimate {
    /// Every stone estimated dead, in reading order.
    pub dead: Vec<Point>,
    /// Every group, ordered by its first stone in reading order.
    pub groups: Vec<Group>,
    /// How many playouts ran (0 when the static pass settled everything).
    pub playouts: u32,
}

impl Estimate {
    /// The groups whose status is in doubt.
    pub fn doubtful(&self) -> impl Iterator<Item = &Group> {
        self.groups.iter().filter(|g| g.doubt.is_some())
    }
}

/// Mixed into the playouts' seed: 0 in every build users get, so a position always gets
/// the same answer. Only a measurement changes it: built with the feature
/// `salt-from-env`, goref reads the salt from the environment variable
/// `GOREF_PLAYOUT_SALT` (a number; anything else counts as 0) once per process.
/// `benches/estimate_seeds.py` runs the accuracy checks that way under many salts, with
/// one build, to see how much the estimate's accuracy depends on its seed
/// (docs/benchmarks.md).
fn salt() -> u64 {
    #[cfg(feature = "salt-from-env")]
    {
        static SALT: std::sync::OnceLock<u64> = std::sync::OnceLock::new();
        *SALT.get_or_init(|| {
            std::env::var("GOREF_PLAYOUT_SALT")
                .ok()
                .and_then(|text| text.trim().parse().ok())
                .unwrap_or(0)
        })
    }
    #[cfg(not(feature = "salt-from-env"))]
    0
}

/// Playouts per round: the first half starts with Black, the second with White.
const ROUND: u32 = 8;
/// Playouts before the estimate may stop.
const MIN_PLAYOUTS: u32 = 8;
/// At most this many playouts.
const MAX_PLAYOUTS: u32 = 64;
/// At most about this many moves in all the playouts of one position: bounds the time on
/// a large board with a large open area.
const MOVE_BUDGET: usize = 20_000;
/// A group the playouts kill with less confidence than this is checked for seki.
const SEKI_DOUBT: f64 = 0.6;
/// The playouts call a walled-in group dead when its colour owns its stones in less than
/// this share of them (see [`threshold`]).
const DEAD_BELOW: f64 = 0.6;
/// The same line for a group next to a large open area the opponent's stones surround
/// (see [`threshold`]).
const OPEN_DEAD_BELOW: f64 = 0.68;
/// The opponent's sphere: the open areas next to a group are bordered by at least this
/// many times as many of the opponent's stones as of the group's colour.
const OUTNUMBERED: f64 = 1.5;
/// A stone or two that is isolated (see [`isolated`]) is dead unless its colour owns it
/// in at least this share of the playouts.
const ISOLATED_ALIVE: f64 = 0.8;
/// A group is in doubt when its ownership with Black moving first and with White moving
/// first differ by this much.
const WHO_MOVES: f64 = 0.5;
/// Below this confidence a playout decision is in doubt.
const SURE: f64 = 0.7;
/// How many steps over empty points an isolated stone is from any stone of its colour.
const ISOLATION: u8 = 3;
/// How many empty points an isolated stone reaches within those steps, at least.
const ISOLATION_ROOM: usize = 6;
/// An area of empty points this large touching both colours is an open boundary (or a
/// third of the board, when that is less).
const OPEN_AREA: usize = 60;

/// Estimate the dead stones of `board`, the final position of a game, under a rule set
/// whose suicide rule is `suicide` (Benson's proof depends on it).
pub fn estimate(board: &Board, suicide: Suicide) -> Estimate {
    let grid = Grid::new(board);
    let chains = Chains::new(&grid);
    let proof = pass_alive_of(grid, &chains, suicide);
    let grid = &proof.grid;
    let position = PlayBoard::new(board, |_| false);
    let layout = Layout::new(grid, &chains, &position);
    let proved: Vec<Option<Verdict>> = chains
        .list
        .iter()
        .map(|chain| {
            let i = chain.points[0];
            if proof.alive[i] {
                Some(Verdict::Alive)
            } else if proof.dead_at(i) {
                Some(Verdict::Dead)
            } else {
                None
            }
        })
        .collect();
    let verdict = groups::verdicts(grid, &chains, &layout, &position, &proved);

    // Per group (named by its first chain): its chains.
    let mut members: Vec<Vec<usize>> = vec![Vec::new(); chains.list.len()];
    for c in 0..chains.list.len() {
        members[layout.group[c]].push(c);
    }
    let open: Vec<usize> = (0..chains.list.len())
        .filter(|&g| !members[g].is_empty() && verdict[g].is_none())
        .collect();

    // Small enclosed fights are read out; the playouts decide the rest.
    let mut read: Vec<Option<Read>> = vec![None; chains.list.len()];
    for &g in &open {
        read[g] = reading::read(board, grid, &chains, &layout, &verdict, &members[g]);
    }
    let unread: Vec<usize> = open
        .iter()
        .copied()
        .filter(|&g| matches!(read[g], None | Some(Read::WhoMoves)))
        .collect();
    // Per group the playouts decide: the ownership below which it is dead.
    let mut line = vec![DEAD_BELOW; chains.list.len()];
    for &g in &unread {
        line[g] = threshold(&layout, &chains, &members[g]);
    }
    let own = if unread.is_empty() {
        Ownership::none(grid.len())
    } else {
        Ownership::from_playouts(
            board, &position, grid, &chains, &line, &verdict, &members, &unread, &proof,
        )
    };

    let mut status: Vec<Option<Decision>> = vec![None; chains.list.len()];
    for (g, list) in members.iter().enumerate() {
        if list.is_empty() {
            continue;
        }
        status[g] = Some(match verdict[g] {
            Some(v) => {
                let basis = if list.iter().any(|&c| proved[c].is_some()) {
                    Basis::Proven
                } else {
                    Basis::Eyes
                };
                let s = if v == Verdict::Alive {
                    Status::Alive
                } else {
                    Status::Dead
                };
                Decision {
                    status: s,
                    basis,
                    confidence: 1.0,
                    reason: None,
                    isolated: false,
                    turned: false,
                }
            }
            None if matches!(read[g], Some(Read::Dead | Read::Alive)) => Decision {
                status: if read[g] == Some(Read::Dead) {
                    Status::Dead
                } else {
                    Status::Alive
                },
                basis: Basis::Reading,
                confidence: 1.0,
                reason: None,
                isolated: false,
                turned: false,
            },
            None => {
                let (o, first) = own.of_group(&chains, list);
                let line = line[g];
                let isolated = o < ISOLATED_ALIVE && isolated(grid, &chains, list);
                let s = if o < line || isolated {
                    Status::Dead
                } else {
                    Status::Alive
                };
                let confidence = confidence(o, line, s);
                let reason = if (first[0] - first[1]).abs() >= WHO_MOVES
                    || read[g] == Some(Read::WhoMoves)
                {
                    Some(DoubtReason::WhoMoves)
                } else if confidence < SURE {
                    Some(DoubtReason::NearEven)
                } else {
                    None
                };
                Decision {
                    status: s,
                    basis: Basis::Playouts,
                    confidence,
                    reason,
                    isolated,
                    turned: false,
                }
            }
        });
    }

    // What follows from the neighbours: a group joined to a living one through an area
    // of its colour lives; a group shut in by living stones with no eye dies.
    neighbours::follow(grid, &chains, &layout.group, &members, &mut status);

    // Clean-up: a group the playouts kill, but that lives in seki once the other dead
    // stones are off, stays on the board; a living group in seki says so.
    let mut removed = vec![false; grid.len()];
    for (g, d) in status.iter().enumerate() {
        if d.is_some_and(|d| d.status == Status::Dead) {
            for &c in &members[g] {
                for &i in &chains.list[c].points {
                    removed[i] = true;
                }
            }
        }
    }
    for &g in &open {
        if let Some(d) = &mut status[g]
            && d.status == Status::Dead
            && !d.isolated
            && (((d.confidence < SEKI_DOUBT || d.turned)
                && standoff(grid, &chains, &layout, &position, &members[g]))
                || (in_ko(grid, &chains, &layout, &members[g], true)
                    && has_eye(&chains, &layout, &members[g])))
        {
            let mut others = removed.clone();
            for &c in &members[g] {
                for &i in &chains.list[c].points {
                    others[i] = false;
                }
            }
            let seki = super::seki::find(board, &points_where(grid, &others));
            if seki.contains(grid.point(chains.list[g].points[0])) {
                d.status = Status::Seki;
                if !d.turned {
                    d.confidence = 1.0 - d.confidence;
                }
                removed = others;
            }
        }
    }
    if open.iter().any(|&g| {
        status[g].is_some_and(|d| d.status == Status::Alive)
            && standoff(grid, &chains, &layout, &position, &members[g])
    }) {
        let seki = super::seki::find(board, &points_where(grid, &removed));
        for &g in &open {
            if let Some(d) = &mut status[g]
                && d.status == Status::Alive
                && seki.contains(grid.point(chains.list[g].points[0]))
            {
                d.status = Status::Seki;
            }
        }
    }

    let area = area_owner(grid, &removed);
    let mut out = Vec::new();
    for (g, list) in members.iter().enumerate() {
        let Some(Decision {
            status,
            basis,
            confidence,
            reason,
            ..
        }) = status[g]
        else {
            continue;
        };
        let mut stones: Vec<usize> = list
            .iter()
            .flat_map(|&c| chains.list[c].points.iter().copied())
            .collect();
        stones.sort_unstable();
        let doubt = reason.map(|reason| {
            let mut flipped = removed.clone();
            for &i in &stones {
                flipped[i] = !flipped[i];
            }
            let other = area_owner(grid, &flipped);
            let value = |o: Option<Color>| match o {
                Some(Color::Black) => 1i64,
                Some(Color::White) => -1,
                None => 0,
            };
            let swing: i64 = (0..grid.len())
                .map(|i| value(other[i]) - value(area[i]))
                .sum();
            let points = (0..grid.len())
                .filter(|&i| other[i] != area[i] || stones.binary_search(&i).is_ok())
                .map(|i| grid.point(i))
                .collect();
            Doubt {
                reason,
                points,
                at_stake: u32::try_from(swing.unsigned_abs()).unwrap_or(u32::MAX),
            }
        });
        out.push(Group {
            color: chains.list[g].color,
            stones: stones.iter().map(|&i| grid.point(i)).collect(),
            status,
            basis,
            confidence,
            doubt,
        });
    }
    out.sort_by_key(|g| g.stones.first().map(|p| (p.y, p.x)));
    let dead = points_where(grid, &removed);
    Estimate {
        dead,
        groups: out,
        playouts: own.playouts,
    }
}

/// What the estimate decided about one group, before it is written out.
#[derive(Debug, Clone, Copy)]
struct Decision {
    status: Status,
    basis: Basis,
    confidence: f64,
    reason: Option<DoubtReason>,
    /// A stone or two isolated in the opponent's sphere: dead, and never a seki.
    isolated: bool,
    /// Turned by its neighbours' statuses (see [`neighbours`]), against the playouts.
    turned: bool,
}

/// Who owned each point over the playouts.
struct Ownership {
    /// Per point and per first player (Black, White): twice the number of playouts that
    /// ended with Black owning the point, plus the number with nobody owning it.
    black2: Vec<[u32; 2]>,
    /// Playouts run; half started with each colour.
    playouts: u32,
}

impl Ownership {
    fn none(points: usize) -> Ownership {
        Ownership {
            black2: vec![[0; 2]; points],
            playouts: 0,
        }
    }

    /// Run the playouts: on `board` with the settled dead stones lifted, never playing
    /// inside an area that only settled chains of one colour touch, until every open
    /// group is clearly decided or the budget is spent.
    ///
    /// A group the playouts decide clearly counts as settled from the next round on (see
    /// [`settled_by_playouts`]): its dead stones come off the starting board and the
    /// areas only settled groups touch are no longer played, so the later rounds spend
    /// their moves on the groups still in doubt. Every open group's stones are watched in
    /// every playout (a lifted stone's point is owned by whoever holds it at the end, as
    /// after a capture), so each group's ownership and its test of who moves first are
    /// counted over all the playouts.
    #[allow(clippy::too_many_arguments)]
    fn from_playouts(
        board: &Board,
        position: &PlayBoard,
        grid: &crate::life::Grid,
        chains: &Chains,
        line: &[f64],
        verdict: &[Option<Verdict>],
        members: &[Vec<usize>],
        open: &[usize],
        proof: &crate::life::PassAlive,
    ) -> Ownership {
        let mut unclear: Vec<usize> = open.to_vec();
        let mut settled = verdict.to_vec();
        let mut play = Self::setup(position, grid, chains, &settled, proof);
        let watch: Vec<(usize, usize)> = unclear
            .iter()
            .flat_map(|&g| &members[g])
            .flat_map(|&c| &chains.list[c].points)
            .map(|&i| (i, cell_of(grid.point(i))))
            .collect();
        let free = play.listed().max(1);
        let budget = (MOVE_BUDGET / (2 * free)) as u32;
        let max = budget.clamp(MIN_PLAYOUTS, MAX_PLAYOUTS) / ROUND * ROUND;
        let max_moves = 3 * grid.len() + 64;
        let mut rng = Rng::new(
            board.hash()
                ^ (u64::from(board.width()) << 8 | u64::from(board.height()))
                ^ salt().wrapping_mul(0x9E37_79B9_7F4A_7C15),
        );
        let mut own = Ownership::none(grid.len());
        let mut pb = PlayBoard::blank(0);
        while own.playouts < max {
            for k in 0..ROUND {
                let first = if k < ROUND / 2 {
                    Color::Black
                } else {
                    Color::White
                };
                pb.copy_from(&play);
                pb.playout(first, &mut rng, max_moves);
                for &(i, cell) in &watch {
                    own.black2[i][first.index()] += match pb.owner(cell) {
                        Some(Color::Black) => 2,
                        Some(Color::White) => 0,
                        None => 1,
                    };
                }
            }
            own.playouts += ROUND;
            if own.playouts < MIN_PLAYOUTS {
                continue;
            }
            let mut dead = Vec::new();
            unclear.retain(|&g| {
                let list = &members[g];
                let (o, _) = own.of_group(chains, list);
                if !clear(o, line[g], own.playouts) {
                    return true;
                }
                if let Some(v) = settled_by_playouts(grid, chains, list, o, line[g]) {
                    for &c in list {
                        settled[c] = Some(v);
                    }
                    if v == Verdict::Dead {
                        dead.extend_from_slice(list);
                    }
                }
                false
            });
            if unclear.is_empty() {
                break;
            }
            if !dead.is_empty() {
                // One cell per chain: lifting takes the whole chain, and the area it leaves
                // holds all its points.
                let lifted: Vec<usize> = dead
                    .iter()
                    .map(|&c| cell_of(grid.point(chains.list[c].points[0])))
                    .collect();
                for &cell in &lifted {
                    play.lift(cell);
                }
                play.freeze_settled(&lifted, |cell| settled_alive(grid, chains, &settled, cell));
            }
        }
        own
    }

    /// The board the playouts start from: `position` with the dead stones of `verdict`
    /// lifted, never playing in pass-alive territory or inside an area that only settled
    /// living chains of one colour touch.
    fn setup(
        position: &PlayBoard,
        grid: &crate::life::Grid,
        chains: &Chains,
        verdict: &[Option<Verdict>],
        proof: &crate::life::PassAlive,
    ) -> Box<PlayBoard> {
        let territory = |i: usize| proof.territory[i].is_some();
        let mut play = Box::new(position.clone());
        play.relist(|cell| grid.index(point_of(cell)).is_some_and(territory));
        for (c, chain) in chains.list.iter().enumerate() {
            if verdict[c] == Some(Verdict::Dead) {
                play.lift(cell_of(grid.point(chain.points[0])));
            }
        }
        // Lifting lists the points it frees and their neighbours.
        for i in (0..grid.len()).filter(|&i| territory(i)) {
            play.put_aside(cell_of(grid.point(i)));
        }
        let starts = play.listed_cells();
        play.freeze_settled(&starts, |cell| settled_alive(grid, chains, verdict, cell));
        play.mark_standoffs();
        play
    }

    /// The share of the playouts in which the group of `list` owned its stones, overall
    /// and by first player (Black, White).
    fn of_group(&self, chains: &Chains, list: &[usize]) -> (f64, [f64; 2]) {
        let color = chains.list[list[0]].color;
        let mut sum = [0u64; 2];
        let mut stones = 0u64;
        for &c in list {
            for &i in &chains.list[c].points {
                sum[0] += u64::from(self.black2[i][0]);
                sum[1] += u64::from(self.black2[i][1]);
                stones += 1;
            }
        }
        let half = f64::from(self.playouts.max(2) / 2);
        let black = |s: u64| s as f64 / (2.0 * half * stones.max(1) as f64);
        let mine = |b: f64| match color {
            Color::Black => b,
            Color::White => 1.0 - b,
        };
        let by_first = [mine(black(sum[0])), mine(black(sum[1]))];
        ((by_first[0] + by_first[1]) / 2.0, by_first)
    }
}

/// Whether the empty area `a` touches both colours and is large ([`OPEN_AREA`] points,
/// or a third of a small board).
fn open_area(layout: &Layout, a: usize) -> bool {
    let area = &layout.areas[a];
    area.touches == 3 && area.points.len() >= OPEN_AREA.min(layout.area_of.len() / 3)
}

/// Whether the group of `list` is a stone or two in open space that reaches no stone of
/// its colour within three steps over empty points, and reaches the opponent's: nothing
/// it could connect to or live with. (A stone or two shut in tightly is left to the
/// playouts and the seki check.)
fn isolated(grid: &crate::life::Grid, chains: &Chains, list: &[usize]) -> bool {
    let stones: Vec<usize> = list
        .iter()
        .flat_map(|&c| chains.list[c].points.iter().copied())
        .collect();
    if stones.len() > 2 {
        return false;
    }
    let color = chains.list[list[0]].color;
    let mut dist = vec![u8::MAX; grid.len()];
    let mut frontier = stones.clone();
    for &s in &stones {
        dist[s] = 0;
    }
    let (mut theirs, mut room) = (0, 0);
    for step in 1..=ISOLATION {
        let mut next = Vec::new();
        for &i in &frontier {
            for nb in grid.neighbours(i) {
                if dist[nb] != u8::MAX {
                    continue;
                }
                dist[nb] = step;
                match grid.stones[nb] {
                    None => {
                        room += 1;
                        next.push(nb);
                    }
                    Some(c) if c == color => return false,
                    Some(_) => theirs += 1,
                }
            }
        }
        frontier = next;
    }
    theirs >= 2 && room >= ISOLATION_ROOM
}

/// How far from its line, in units of 1/sqrt(playouts), a group's ownership must be for
/// the playouts to stop: after 8 playouts a group must be 0.25 from the line, after 64
/// it may be 0.09 from it. On the corpus, over ten seeds of the playouts
/// (docs/benchmarks.md), the stops 0.6 to 0.8 and twice as many playouts all decide as
/// many positions right, within about one record; 0.7 plays about a sixth fewer moves
/// than 0.8.
const CLEAR: f64 = 0.7;

/// Whether an ownership of `o` after `n` playouts is far enough from even to stop.
fn clear(o: f64, line: f64, n: u32) -> bool {
    (o - line).abs() > CLEAR / f64::from(n).sqrt()
}

/// What the later playouts may take as settled about the group of `list`, which the
/// playouts decided clearly with an ownership of `o` against its line `line`: dead when
/// the clean-up would not look at it again as a seki ([`SEKI_DOUBT`]), alive when no
/// other rule could still call it dead (an isolated stone or two needs
/// [`ISOLATED_ALIVE`]); `None` leaves it on the board, open.
fn settled_by_playouts(
    grid: &crate::life::Grid,
    chains: &Chains,
    list: &[usize],
    o: f64,
    line: f64,
) -> Option<Verdict> {
    if o < line {
        (confidence(o, line, Status::Dead) >= SEKI_DOUBT).then_some(Verdict::Dead)
    } else {
        (o >= ISOLATED_ALIVE || !isolated(grid, chains, list)).then_some(Verdict::Alive)
    }
}

/// The ownership below which the playouts call the group of `list` dead.
///
/// Random playouts favour life: a group walled in by the opponent gets random help to
/// make eyes while its attacker plays at random too, so a group that a real opponent
/// would kill still lives in a good share of them. The line is therefore above even.
///
/// A group next to a large open area is not walled in: the line is even, unless the
/// opponent's stones around those areas outnumber its colour's ([`OUTNUMBERED`]). The
/// line is then higher still ([`OPEN_DEAD_BELOW`]): the game is over, both players passed
/// with the area open, and a group in the opponent's sphere that the random players save
/// only now and then is one its owner gave up. In the unmarked records of the corpus the
/// lines 0.67 to 0.70 all name the right winner in 305 games (0.62 to 0.66: 304), against
/// 300 with an even line; the middle of that range is taken (docs/benchmarks.md). Where
/// neither colour dominates (two lone stones on an empty board), the line stays even.
fn threshold(layout: &Layout, chains: &Chains, list: &[usize]) -> f64 {
    let color = chains.list[list[0]].color;
    let mut seen: Vec<usize> = Vec::new();
    let mut stones = [0usize; 2];
    for &c in list {
        for &e in &layout.libs[c] {
            let a = layout.area_of[e];
            if seen.contains(&a) || !open_area(layout, a) {
                continue;
            }
            seen.push(a);
            for &o in &layout.areas[a].chains {
                stones[chains.list[o].color.index()] += chains.list[o].points.len();
            }
        }
    }
    if seen.is_empty() {
        DEAD_BELOW
    } else if stones[color.opponent().index()] as f64 >= OUTNUMBERED * stones[color.index()] as f64
    {
        OPEN_DEAD_BELOW
    } else {
        0.5
    }
}

/// The confidence of `status` for a group its colour owned in a share `o` of the
/// playouts, decided against the line `line`: 0.5 on the line, 1 when the playouts are
/// unanimous.
fn confidence(o: f64, line: f64, status: Status) -> f64 {
    let c = if o < line {
        0.5 + 0.5 * (line - o) / line
    } else {
        0.5 + 0.5 * (o - line) / (1.0 - line)
    };
    // A status the clean-up reached against the playouts: the evidence is the other way.
    if (status == Status::Dead) == (o < line) {
        c
    } else {
        1.0 - c
    }
}

/// Whether the stone on the playout board's `cell` belongs to a chain `verdict` calls
/// alive.
fn settled_alive(
    grid: &crate::life::Grid,
    chains: &Chains,
    verdict: &[Option<Verdict>],
    cell: usize,
) -> bool {
    grid.index(point_of(cell))
        .is_some_and(|i| verdict[chains.of[i]] == Some(Verdict::Alive))
}

/// Per point, who owns it once the `removed` stones are gone: a stone's colour, or the
/// one colour next to an area of empty points; `None` for an area touching both or
/// neither.
fn area_owner(grid: &crate::life::Grid, removed: &[bool]) -> Vec<Option<Color>> {
    let n = grid.len();
    let mut owner: Vec<Option<Color>> = grid
        .stones
        .iter()
        .zip(removed)
        .map(|(&s, &gone)| s.filter(|_| !gone))
        .collect();
    // One walk per area of points without a stone: `owner` holds `None` for every such
    // point until its area is named, and a stone's colour for the rest.
    let mut seen = vec![false; n];
    let (mut stack, mut area) = (Vec::new(), Vec::new());
    for start in 0..n {
        if seen[start] || owner[start].is_some() {
            continue;
        }
        seen[start] = true;
        stack.push(start);
        area.clear();
        let mut touches = 0u8;
        while let Some(i) = stack.pop() {
            area.push(i);
            for nb in grid.neighbours(i) {
                match owner[nb] {
                    Some(c) => touches |= groups::bit(c),
                    None if !seen[nb] => {
                        seen[nb] = true;
                        stack.push(nb);
                    }
                    None => {}
                }
            }
        }
        let o = match touches {
            1 => Some(Color::Black),
            2 => Some(Color::White),
            _ => None,
        };
        for &i in &area {
            owner[i] = o;
        }
    }
    owner
}

/// Whether the group of `list` has a liberty next to an opponent stone that neither
/// colour can fill without filling into atari, or takes part in a ko inside a seki
/// ([`in_ko`]): what every seki needs.
fn standoff(
    grid: &crate::life::Grid,
    chains: &Chains,
    layout: &Layout,
    position: &PlayBoard,
    list: &[usize],
) -> bool {
    let color = chains.list[list[0]].color;
    let shared = list.iter().any(|&c| {
        layout.libs[c].iter().any(|&e| {
            let cell = cell_of(grid.point(e));
            grid.neighbours(e)
                .any(|nb| grid.stones[nb] == Some(color.opponent()))
                && position.fills_into_atari(cell, color)
                && position.fills_into_atari(cell, color.opponent())
        })
    });
    shared || in_ko(grid, chains, layout, list, false)
}

/// Whether the group of `list` is next to the opponent's stone of a ko, or with `own`
/// holds one: a single stone in atari whose last liberty only stones of its colour
/// surround, which a ko inside a seki leaves open (`fixtures/scoring/japanese/seki-ko.sgf`).
fn in_ko(
    grid: &crate::life::Grid,
    chains: &Chains,
    layout: &Layout,
    list: &[usize],
    own: bool,
) -> bool {
    let ko_stone = |c: usize| {
        let color = chains.list[c].color;
        let libs = &layout.libs[c];
        chains.list[c].points.len() == 1
            && libs.len() == 1
            && grid
                .neighbours(libs[0])
                .all(|m| grid.stones[m] == Some(color))
    };
    list.iter().any(|&c| {
        (own && ko_stone(c))
            || chains.list[c].points.iter().any(|&i| {
                grid.neighbours(i).any(|nb| {
                    grid.stones[nb] == Some(chains.list[c].color.opponent())
                        && ko_stone(chains.of[nb])
                })
            })
    })
}

/// Whether the group of `list` has an eye of two points or more: an empty area next to
/// it that only its colour touches.
fn has_eye(chains: &Chains, layout: &Layout, list: &[usize]) -> bool {
    let color = chains.list[list[0]].color;
    list.iter().any(|&c| {
        layout.libs[c].iter().any(|&e| {
            let area = &layout.areas[layout.area_of[e]];
            area.touches == groups::bit(color) && area.points.len() >= 2
        })
    })
}

/// The points where `keep` holds, in reading order.
fn points_where(grid: &crate::life::Grid, keep: &[bool]) -> Vec<Point> {
    (0..grid.len())
        .filter(|&i| keep[i])
        .map(|i| grid.point(i))
        .collect()
}

#[cfg(test)]
mod tests;
