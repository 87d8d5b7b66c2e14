//! An estimate of the dead stones of a final position that carries no markup.
//!
//! Players who pass at the end of a game leave dead stones on the board and agree on them
//! afterwards; a record rarely says which they were. [`estimate`] works them out in
//! stages, each deciding only what the earlier ones left open and never overturning a
//! proof or a reading:
//!
//! 1. **Proof.** Benson's algorithm ([`crate::life::benson`]) proves some chains
//!    pass-alive and some stones dead inside pass-alive territory.
//! 2. **Eyes in plain sight** (`groups`). Chains are joined into *groups* that live or
//!    die together. A group with two real eyes ([`crate::life::eyes`]) or a large eye
//!    area is alive; a group with at most one small eye, shut in by living groups with no
//!    seki or race possible, is dead.
//! 3. **Reading** (`reading`). An open group whose fight is small and shut in is read out
//!    exactly ([`crate::life::read`]): dead if the opponent kills it whoever moves first,
//!    alive if the opponent cannot even moving first; alive too if its colour saves it
//!    with a connection on an eye point of its own (the settling makes that point a
//!    stone). A group whose fate depends on who moves is left to the playouts, and stays
//!    in doubt whatever they say.
//! 4. **Playouts** (`playouts`). Random games, played only where nothing is settled, say
//!    who ends up owning the stones of each group still open.
//! 5. **Agreement with the neighbours** (`neighbours`). A group the playouts killed that
//!    is joined to a living group of its colour through its own area lives; one they kept
//!    alive, shut in with no eye and nothing to join, dies.
//! 6. **Confirmation by reading.** The end is settled once with the dead stones found
//!    ([`crate::life::settle`]): a group called dead that the opponent cannot capture
//!    even moving first lives (a playout majority alone never kills a group reading calls
//!    alive or in seki), and a group the settling finds in seki is marked so.
//!
//! Every group gets a [`Status`], the [`Basis`] it rests on and a confidence. A group the
//! estimate cannot decide safely carries a [`Doubt`]: its points and how many points of
//! the result (counted as area) depend on it.
//!
//! The estimate is deterministic: the playouts are seeded from the position's Zobrist
//! hash, so the same position always gets the same answer, on any thread. Any board from
//! 1x1 to 25x25 works, and the work is bounded (a fixed number of playouts of bounded
//! length, readings with a bound on positions), so nothing can make it hang.

mod groups;
mod neighbours;
mod playout;
mod playouts;
mod reading;

use crate::board::{Board, Color};
use crate::life::benson::{PassAlive, pass_alive_and_chains_allowed};
use crate::life::fights::{self, Reader};
use crate::life::position::{NONE, Position};
use crate::life::settle::{self, Settlement, UnsettledKind};
use crate::point::Point;
use crate::rules::Suicide;
use groups::{Layout, Verdict};
use playout::PlayBoard;
use playouts::Ownership;
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
    /// The end settled with these dead stones (see [`crate::life::settle`]).
    pub settlement: Option<Settlement>,
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
pub(super) const ROUND: u32 = 8;
/// Playouts before the estimate may stop.
pub(super) const MIN_PLAYOUTS: u32 = 8;
/// At most this many playouts.
pub(super) const MAX_PLAYOUTS: u32 = 64;
/// At most about this many moves in all the playouts of one position: bounds the time on
/// a large board with a large open area.
pub(super) const MOVE_BUDGET: usize = 20_000;
/// A group the playouts kill with less confidence than this stays on the board, open, for
/// the later rounds of playouts; only a kill at least this sure is taken as settled.
pub(super) const SEKI_DOUBT: f64 = 0.6;
/// The playouts call a walled-in group dead when its colour owns its stones in less than
/// this share of them (see [`threshold`]).
pub(super) const DEAD_BELOW: f64 = 0.6;
/// A stone or two that is isolated (see [`isolated`]) is dead unless its colour owns it
/// in at least this share of the playouts.
pub(super) const ISOLATED_ALIVE: f64 = 0.8;
/// A group is in doubt when its ownership with Black moving first and with White moving
/// first differ by this much.
pub(super) const WHO_MOVES: f64 = 0.5;
/// The confidence of a group that reading or the eyes show lives or dies by who moves
/// first: a coin toss, whatever share of the playouts agreed.
pub(super) const WHO_MOVES_CONFIDENCE: f64 = 0.5;
/// Below this confidence a playout decision is in doubt.
pub(super) const SURE: f64 = 0.7;
/// How many steps over empty points an isolated stone is from any stone of its colour.
pub(super) const ISOLATION: u8 = 3;
/// How many empty points an isolated stone reaches within those steps, at least.
pub(super) const ISOLATION_ROOM: usize = 6;
/// An area of empty points this large touching both colours is an open boundary (or a
/// third of the board, when that is less).
pub(super) const OPEN_AREA: usize = 60;

/// How far from its line, in units of 1/sqrt(playouts), a group's ownership must be for
/// the playouts to stop: after 8 playouts a group must be 0.25 from the line, after 64
/// it may be 0.09 from it: about two standard deviations of a share near even.
pub(super) const CLEAR: f64 = 0.7;

/// The largest area [`Judged::keeps_two_eyes`] tries: its test answers each opponent's
/// stone next to the opponent's stones with each point of the area, so its work grows
/// with the square of the area's size. Sixteen points hold the second line's first-line
/// space across a 9x9 board and any corner a group walls in at the end; a larger area
/// next to a group the playouts killed is left to them.
const KEPT_AREA: usize = 16;

/// Estimate the dead stones of `board`, the final position of a game, under a rule set
/// whose suicide rule is `suicide` (Benson's proof depends on it).
pub fn estimate(board: &Board, suicide: Suicide) -> Estimate {
    let mut judged = Judged::new(board, suicide);
    judged.plain();
    judged.read_fights();
    judged.playouts();
    neighbours::follow(
        &judged.position,
        &judged.layout.group,
        &judged.members,
        &mut judged.status,
    );
    judged.who_moves_by_closing();
    judged.confirm_by_reading();
    judged.into_estimate()
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

impl Decision {
    /// A decision that nothing can make doubtful.
    fn sure(status: Status, basis: Basis) -> Decision {
        Decision {
            status,
            basis,
            confidence: 1.0,
            reason: None,
            isolated: false,
            turned: false,
        }
    }
}

/// The estimate in the making: the position, its groups and what each stage decided.
struct Judged<'a> {
    board: &'a Board,
    position: Position,
    proof: PassAlive,
    /// Per chain: whether Benson's algorithm proves it pass-alive when suicide is
    /// allowed, as the settling asks.
    allowed: Vec<bool>,
    layout: Layout,
    /// The playout board of the final position.
    start: Box<PlayBoard>,
    /// Per group (named by its first chain): its chains; empty for other chains.
    members: Vec<Vec<usize>>,
    /// Per group: its stones, sorted; empty for other chains.
    stones: Vec<Vec<usize>>,
    /// Per chain: what the proof and the eyes in plain sight settled.
    verdict: Vec<Option<Verdict>>,
    /// Per group: the readings.
    read: Vec<Option<Read>>,
    /// Per group: its decision so far.
    status: Vec<Option<Decision>>,
    playouts: u32,
    settlement: Option<Settlement>,
}

impl<'a> Judged<'a> {
    /// Stage 1: the position read once, its groups, and what Benson's algorithm proves.
    fn new(board: &'a Board, suicide: Suicide) -> Judged<'a> {
        let position = Position::new(board);
        let (proof, allowed) = pass_alive_and_chains_allowed(&position, suicide);
        let start = PlayBoard::new(board, |_| false);
        let layout = Layout::new(&position, &start);
        let n = position.chains.len();
        let mut members: Vec<Vec<usize>> = vec![Vec::new(); n];
        for c in 0..n {
            members[layout.group[c]].push(c);
        }
        let stones = members
            .iter()
            .map(|list| {
                let mut stones: Vec<usize> = list
                    .iter()
                    .flat_map(|&c| position.chains[c].stones.iter().copied())
                    .collect();
                stones.sort_unstable();
                stones
            })
            .collect();
        let verdict = position
            .chains
            .iter()
            .map(|chain| {
                let i = chain.stones[0];
                if proof.alive_at(i) {
                    Some(Verdict::Alive)
                } else if proof.dead_at(i) {
                    Some(Verdict::Dead)
                } else {
                    None
                }
            })
            .collect();
        Judged {
            board,
            proof,
            allowed,
            layout,
            start,
            members,
            stones,
            verdict,
            read: vec![None; n],
            status: vec![None; n],
            playouts: 0,
            settlement: None,
            position,
        }
    }

    /// The groups, by their first chain.
    fn groups(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.members.len()).filter(|&g| !self.members[g].is_empty())
    }

    /// Stage 2: the eyes in plain sight.
    fn plain(&mut self) {
        let proved = self.verdict.clone();
        self.verdict = groups::verdicts(&self.position, &self.layout, &self.start, &proved);
        for g in self.groups().collect::<Vec<_>>() {
            if let Some(v) = self.verdict[g] {
                let basis = if self.members[g].iter().any(|&c| proved[c].is_some()) {
                    Basis::Proven
                } else {
                    Basis::Eyes
                };
                let status = match v {
                    Verdict::Alive => Status::Alive,
                    Verdict::Dead => Status::Dead,
                };
                self.status[g] = Some(Decision::sure(status, basis));
            }
        }
    }

    /// Stage 3: the small enclosed fights, read out.
    fn read_fights(&mut self) {
        let open: Vec<usize> = self
            .groups()
            .filter(|&g| self.status[g].is_none())
            .collect();
        // Whether a group lives can turn on who takes the vital point of its eye space
        // first: the reading lets each side shape its eyes.
        let reader = Reader::new(fights::BUDGET);
        reader.shape_eyes(true);
        for &g in &open {
            self.read[g] = reading::read(
                &reader,
                self.board,
                &self.position,
                &self.layout,
                &self.verdict,
                &self.members[g],
            );
        }
        for &g in &open {
            self.status[g] = match self.read[g] {
                Some(Read::Dead) => Some(Decision::sure(Status::Dead, Basis::Reading)),
                Some(Read::Alive | Read::AliveWithConnection) => {
                    Some(Decision::sure(Status::Alive, Basis::Reading))
                }
                // The side to move decides: the playouts weigh it, and it stays in doubt.
                Some(Read::WhoMoves) | None => None,
            };
        }
    }

    /// Stage 4: the playouts, for every group nothing settled yet.
    fn playouts(&mut self) {
        let open: Vec<usize> = self
            .groups()
            .filter(|&g| self.status[g].is_none())
            .collect();
        if open.is_empty() {
            return;
        }
        let mut line = vec![DEAD_BELOW; self.members.len()];
        for &g in &open {
            line[g] = playouts::threshold(&self.position, &self.members[g]);
        }
        // What the playouts start from: the settled groups, by chain.
        let settled: Vec<Option<Verdict>> = (0..self.position.chains.len())
            .map(|c| {
                self.status[self.layout.group[c]].map(|d| match d.status {
                    Status::Dead => Verdict::Dead,
                    _ => Verdict::Alive,
                })
            })
            .collect();
        // A group read as depending on who moves is watched by the playouts too, but
        // keeps its reading.
        let own = Ownership::from_playouts(
            self.board,
            &self.start,
            &self.position,
            &line,
            &settled,
            &self.members,
            &open,
            &self.proof,
        );
        self.playouts = own.playouts;
        for &g in &open {
            let list = &self.members[g];
            let (o, first) = own.of_group(&self.position, list);
            let line = line[g];
            let isolated = o < ISOLATED_ALIVE && playouts::isolated(&self.position, list);
            let status = if o < line || isolated {
                Status::Dead
            } else {
                Status::Alive
            };
            let confidence = playouts::confidence(o, line, status);
            let reason = if ((first[0] - first[1]).abs() >= WHO_MOVES
                || self.read[g] == Some(Read::WhoMoves))
                && !self.inside_dead(g)
            {
                Some(DoubtReason::WhoMoves)
            } else if confidence < SURE {
                Some(DoubtReason::NearEven)
            } else {
                None
            };
            self.status[g] = Some(Decision {
                status,
                basis: Basis::Playouts,
                confidence,
                reason,
                isolated,
                turned: false,
            });
        }
    }

    /// Whether every opponent stone next to group `g` belongs to a group settled dead
    /// before the playouts (proof, plain sight or reading), whoever moves first. Such a
    /// group sits inside the eye space of dead stones (nakade stones in a dead group's
    /// eye): the opponent capturing it first is part of the defence the reading already
    /// tried and found wanting, so the points stay `g`'s colour's whoever moves, and who
    /// moves is no doubt about the count.
    fn inside_dead(&self, g: usize) -> bool {
        let color = self.color(g);
        let mut any = false;
        for &c in &self.members[g] {
            for &s in &self.position.chains[c].stones {
                for nb in self.position.neighbours(s) {
                    let o = self.position.chain_of[nb];
                    if o == NONE || self.position.chains[o].color == color {
                        continue;
                    }
                    any = true;
                    let settled_dead = self.status[self.layout.group[o]]
                        .is_some_and(|d| d.status == Status::Dead && d.basis != Basis::Playouts);
                    if !settled_dead {
                        return false;
                    }
                }
            }
        }
        any
    }

    /// Stage 5, after the neighbours' stage: the groups whose life rests on one stone,
    /// `who-moves` at [`WHO_MOVES_CONFIDENCE`], a coin toss whatever share of the
    /// playouts agreed. Both sides of one shape:
    ///
    /// - a group left dead by the playouts or its neighbours whose colour, moving first,
    ///   closes its eye space with one stone joined to it and then lives by the static
    ///   pass's measure (a part of [`groups::BIG`] points touching its colour only), or
    ///   blocks one point inside the opening and shuts in a straight four;
    /// - a group the playouts keep alive whose every liberty lies in one area of at most
    ///   `BIG + 2` points, shut in by living stones of the opponent's, that one stone of
    ///   its colour would close into such an eye area, and that has no such answer to the
    ///   opponent's stone there. (The opponent's stone and the owner's block take two
    ///   points: from a larger area the block leaves more than the static pass asks,
    ///   which the playouts weigh.)
    fn who_moves_by_closing(&mut self) {
        for g in self.groups().collect::<Vec<_>>() {
            let Some(d) = self.status[g] else { continue };
            if d.basis != Basis::Playouts {
                continue;
            }
            let list = &self.members[g];
            // Dead, or alive in doubt by the playouts alone: two eyes whoever moves first
            // settle it.
            let weighed = match d.status {
                Status::Dead => !d.isolated,
                Status::Alive => d.reason.is_some() && self.read[g] != Some(Read::WhoMoves),
                _ => false,
            };
            if weighed && self.keeps_two_eyes(g) {
                self.status[g] = Some(Decision {
                    status: Status::Alive,
                    basis: Basis::Eyes,
                    confidence: 1.0,
                    reason: None,
                    isolated: false,
                    turned: true,
                });
                continue;
            }
            let rests_on_one_stone = match d.status {
                Status::Dead => !d.isolated && groups::closes_big_eye(&self.position, list, true),
                Status::Alive => {
                    d.reason != Some(DoubtReason::WhoMoves) && self.shut_in_one_closable_area(g)
                }
                _ => false,
            };
            if rests_on_one_stone {
                self.status[g] = Some(Decision {
                    confidence: WHO_MOVES_CONFIDENCE,
                    reason: Some(DoubtReason::WhoMoves),
                    ..d
                });
            }
        }
    }

    /// Area `a` (of group `g`'s liberties, as `find` finds it), when its other chains are
    /// of `g`'s colour or living stones of the opponent's, and it has at most `max` points.
    fn shut_in_area(
        &self,
        g: usize,
        max: usize,
        find: fn(&Position, &[usize]) -> Option<usize>,
    ) -> Option<usize> {
        let a = find(&self.position, &self.members[g])?;
        let color = self.color(g);
        let area = &self.position.areas[a];
        let shut_in = area.chains.iter().all(|&c| {
            self.position.chains[c].color == color
                || self.status[self.layout.group[c]].is_some_and(|d| d.status == Status::Alive)
        });
        (shut_in && area.points.len() <= max).then_some(a)
    }

    /// Whether living group `g` has every liberty in one area of at most `BIG + 2`
    /// points, shut in by living opponent stones, that one stone of its colour closes into
    /// two eyes by the static pass's measure while no joined answer to the opponent's
    /// stone there keeps them.
    fn shut_in_one_closable_area(&self, g: usize) -> bool {
        let list = &self.members[g];
        self.shut_in_area(g, groups::BIG + 2, groups::only_area)
            .is_some_and(|a| {
                groups::closes_big_eye(&self.position, list, false)
                    && !groups::keeps_big_eye(&self.position, list, a)
            })
    }

    /// Whether group `g` (left dead by the playouts or its neighbours, or kept alive in
    /// doubt) has every liberty in one shared area of at most [`KEPT_AREA`] points (but
    /// lone points, which add nothing to its eyes), shut in by living opponent stones,
    /// where it makes two eyes by the static pass's measure whoever moves first: one stone
    /// of its colour closes them, and every opponent's stone on a point next to the
    /// opponent's stones has an answer that keeps them (joined, or one point away sharing
    /// a liberty: [`groups::keeps_big_eye`]). Such a group lives.
    fn keeps_two_eyes(&self, g: usize) -> bool {
        let list = &self.members[g];
        self.shut_in_area(g, KEPT_AREA, groups::main_area)
            .is_some_and(|a| {
                self.position.areas[a].is_shared()
                    && groups::closes_two_eyes_in(&self.position, list, a)
                    && groups::keeps_big_eye(&self.position, list, a)
            })
    }

    /// Stage 6: the end settled with the dead stones found. A group called dead that the
    /// opponent cannot capture even moving first lives; the groups the settling finds in
    /// seki are marked so.
    fn confirm_by_reading(&mut self) {
        let mut settlement = self.settle();
        // A group called dead that the opponent cannot capture even moving first lives:
        // the reading overrules the playouts.
        if self.turn_by_reading(
            &settlement,
            UnsettledKind::DeadCannotBeCaptured,
            Status::Alive,
            |d| d.status == Status::Dead && !d.isolated && d.basis != Basis::Proven,
        ) {
            settlement = self.settle();
        }
        // The other way round: a group the playouts or its neighbours kept alive that
        // the opponent captures whoever moves first, under the plain ko rule, is dead.
        // The settling's reading proves it (`alive-can-be-captured`); its
        // region gives the group every liberty beyond it, so the kill is no artefact of
        // the region's edge.
        if self.turn_by_reading(
            &settlement,
            UnsettledKind::AliveCanBeCaptured,
            Status::Dead,
            |d| d.status == Status::Alive && d.basis == Basis::Playouts,
        ) {
            settlement = self.settle();
        }
        // A group left dead that the reading finds living if its colour moves first
        // (`dead-unless-captured`) stays dead, as the playouts say, but in doubt: who
        // moves decides it.
        let lives_first: Vec<&[Point]> = settlement
            .unsettled
            .iter()
            .filter(|u| u.kind == UnsettledKind::DeadUnlessCaptured)
            .map(|u| u.stones.as_slice())
            .collect();
        for g in self.groups().collect::<Vec<_>>() {
            let first = self.position.point(self.stones_of(g)[0]);
            if let Some(d) = &mut self.status[g] {
                if d.status == Status::Alive && settlement.seki.contains(first) {
                    d.status = Status::Seki;
                }
                // A group the playouts kept alive, close to even, that the reading of
                // its fight proves the opponent cannot kill even moving first, is as
                // sure as that reading: the playouts' share measured how often random
                // play went wrong, not a doubt about the group.
                if d.status != Status::Dead
                    && d.basis == Basis::Playouts
                    && d.reason == Some(DoubtReason::NearEven)
                    && settlement.is_safe(first)
                {
                    *d = Decision {
                        basis: Basis::Reading,
                        confidence: 1.0,
                        reason: None,
                        ..*d
                    };
                }
                if d.status == Status::Dead && lives_first.iter().any(|l| l.contains(&first)) {
                    d.reason = Some(DoubtReason::WhoMoves);
                    d.confidence = WHO_MOVES_CONFIDENCE;
                }
            }
        }
        self.settlement = Some(settlement);
    }

    /// The end settled with the dead stones decided so far, the stones the playouts or
    /// their neighbours killed read again.
    fn settle(&self) -> Settlement {
        settle::settle_checking_on(
            self.board,
            Some((&self.position, &self.allowed)),
            &self.dead(),
            &self.unsure_dead(),
        )
    }

    /// Turn to `to`, as sure as the reading, every group whose decision `may_turn` allows
    /// and whose first stone `settlement` reports as `kind`; whether any turned.
    fn turn_by_reading(
        &mut self,
        settlement: &Settlement,
        kind: UnsettledKind,
        to: Status,
        may_turn: impl Fn(&Decision) -> bool,
    ) -> bool {
        let reported: Vec<&[Point]> = settlement
            .unsettled
            .iter()
            .filter(|u| u.kind == kind)
            .map(|u| u.stones.as_slice())
            .collect();
        if reported.is_empty() {
            return false;
        }
        let mut turned = false;
        for g in self.groups().collect::<Vec<_>>() {
            let first = self.position.point(self.stones_of(g)[0]);
            if reported.iter().any(|r| r.contains(&first))
                && let Some(d) = &mut self.status[g]
                && may_turn(d)
            {
                d.status = to;
                d.basis = Basis::Reading;
                d.confidence = 1.0;
                d.reason = None;
                turned = true;
            }
        }
        turned
    }

    /// Every stone of the groups decided dead, in reading order.
    fn dead(&self) -> Vec<Point> {
        let mut dead: Vec<usize> = self
            .groups()
            .filter(|&g| self.status[g].is_some_and(|d| d.status == Status::Dead))
            .flat_map(|g| self.stones_of(g).iter().copied())
            .collect();
        dead.sort_unstable();
        self.position.points(&dead)
    }

    /// The stones of the groups decided dead by the playouts or their neighbours: those
    /// the reading is asked to confirm.
    fn unsure_dead(&self) -> Vec<Point> {
        let mut dead: Vec<usize> = self
            .groups()
            .filter(|&g| {
                self.status[g]
                    .is_some_and(|d| d.status == Status::Dead && d.basis == Basis::Playouts)
            })
            .flat_map(|g| self.stones_of(g).iter().copied())
            .collect();
        dead.sort_unstable();
        self.position.points(&dead)
    }

    /// The stones of group `g`, sorted.
    fn stones_of(&self, g: usize) -> &[usize] {
        &self.stones[g]
    }

    fn color(&self, g: usize) -> Color {
        self.position.chains[g].color
    }

    /// The estimate written out: every group with its decision, and for each group in
    /// doubt, what depends on it.
    fn into_estimate(self) -> Estimate {
        let position = &self.position;
        let mut removed = vec![false; position.len()];
        for p in self.dead() {
            if let Some(i) = position.index(p) {
                removed[i] = true;
            }
        }
        let area = area_owner(position, &removed);
        let mut out = Vec::new();
        for g in self.groups() {
            let Some(Decision {
                status,
                basis,
                confidence,
                reason,
                ..
            }) = self.status[g]
            else {
                continue;
            };
            let stones = self.stones_of(g);
            let doubt = reason.map(|reason| {
                let mut flipped = removed.clone();
                for &i in stones {
                    flipped[i] = !flipped[i];
                }
                let other = area_owner(position, &flipped);
                let value = |o: Option<Color>| match o {
                    Some(Color::Black) => 1i64,
                    Some(Color::White) => -1,
                    None => 0,
                };
                let swing: i64 = (0..position.len())
                    .map(|i| value(other[i]) - value(area[i]))
                    .sum();
                let points = (0..position.len())
                    .filter(|&i| other[i] != area[i] || stones.binary_search(&i).is_ok())
                    .map(|i| position.point(i))
                    .collect();
                Doubt {
                    reason,
                    points,
                    at_stake: u32::try_from(swing.unsigned_abs()).unwrap_or(u32::MAX),
                }
            });
            out.push(Group {
                color: self.color(g),
                stones: position.points(stones),
                status,
                basis,
                confidence,
                doubt,
            });
        }
        out.sort_by_key(|g| g.stones.first().map(|p| (p.y, p.x)));
        let dead = self.dead();
        Estimate {
            dead,
            groups: out,
            playouts: self.playouts,
            settlement: self.settlement,
        }
    }
}

/// Per point, who owns it once the `removed` stones are gone: a stone's colour, or the
/// one colour next to an area of empty points; `None` for an area touching both or
/// neither.
fn area_owner(position: &Position, removed: &[bool]) -> Vec<Option<Color>> {
    let n = position.len();
    let mut owner: Vec<Option<Color>> = position
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
            for nb in position.neighbours(i) {
                match owner[nb] {
                    Some(c) => touches |= crate::life::position::bit(c),
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

#[cfg(test)]
mod tests;
