//! The end of a game settled once, from the dead stones whatever their source: what a
//! referee works out before a territory count, and what cannot stand as given.
//!
//! The Japanese rules (1989, article 8) call an empty point surrounded by the living
//! stones of one player an *eye point*, every other empty point *dame*, and living
//! stones that possess dame *in seki*; only eye points of stones not in seki are
//! territory. Article 7: stones the opponent can capture are not alive. Players fill the
//! dame and make the connections that filling forces (*teire*) before the count; records
//! rarely show that work, so goref works it out, on the final position with the dead
//! stones taken off (every other stone alive, as the players agreed), by exact reading
//! of each local fight ([`super::fights`]):
//!
//! 1. **Threats.** For each group of a cluster, the opponent moves first: if it can kill
//!    the group, the owner must answer before the end. When the owner's answer is a
//!    connection on an eye point of its own (the point joins two of its chains, or a
//!    chain to a wall), the point must be filled and is not territory: an open ko or a
//!    cut left unanswered (`atari`), a throw-in that would capture (`teire`). A group the
//!    opponent kills even when the owner moves first cannot live as counted; one that
//!    only a move of the owner's elsewhere saves is an unfinished fight. Both are
//!    [`Unsettled`]. In a large territory, where no fight is read, a chain in atari
//!    connects (`atari`), and a chain with two liberties that a cut takes gets a stone
//!    where the cut would start (`teire`).
//! 2. **Dame.** A dame that only one colour can fill safely (the other colour's stone
//!    there would let its group be killed) is filled by that colour; if that leaves a
//!    group of the other colour killable, its owner connects through an eye point of its
//!    own, which must be filled (`false-eye`), and so on (`false-eye-chain`). A dame
//!    neither colour can fill safely is *shared*. The dame either colour can fill are
//!    split between them in turn, every order played out ([`super::dame_fill`]): the
//!    connections every split forces are made, and a split whose count depends on who
//!    fills first is an open boundary.
//! 3. **Seki.** A group is in seki when the opponent cannot kill it, yet could if the
//!    opponent's groups next to it never died: it lives only because its neighbour is
//!    short of liberties too. A group with two eyes of its own, or one large eye, is
//!    never in seki; the liberties it shares with a seki are dame. The eye points of a
//!    group in seki are not territory.
//! 4. **What cannot stand.** Stones named dead that the opponent cannot capture even
//!    moving first, or that live if their owner moves first; an area between both
//!    colours where a move still makes territory (an open boundary).
//!
//! Every step plays on a copy of the position and every reading is bounded; nothing here
//! can panic on any position a record can draw.

use serde::Serialize;

use crate::board::{Board, Color};
use crate::point::Point;
use crate::rules::Suicide;

use super::benson::chains_alive;
use super::dame_fill::{self, Ending};
use super::fights::targets as targets_of;
use super::fights::{self, Cluster, Group, Reader, last_liberty, targets, with_move};
use super::position::{NONE, Position, bit};

/// What an empty point of the final position is, once the dead stones are off.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Class {
    Stone,
    /// In an area of empty points that reaches stones of both colours.
    Dame,
    /// In an area of empty points that reaches stones of this colour only.
    Eye(Color),
    /// In an area that reaches no stone (an empty board).
    Void,
}

/// Every point of `position` classed (see [`Class`]).
pub fn classify(position: &Position) -> Vec<Class> {
    (0..position.len())
        .map(|i| {
            if position.stones[i].is_some() {
                return Class::Stone;
            }
            match position.areas[position.area_of[i]].touches {
                0 => Class::Void,
                1 => Class::Eye(Color::Black),
                2 => Class::Eye(Color::White),
                _ => Class::Dame,
            }
        })
        .collect()
}

/// The seki of a final position. Every list is in reading order, each point once.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Seki {
    /// Stones of the groups in seki.
    pub stones: Vec<Point>,
    /// Dame next to a group in seki that neither colour can fill.
    pub shared: Vec<Point>,
    /// The eye points of the groups in seki.
    pub eyes: Vec<Point>,
}

impl Seki {
    /// No group is in seki.
    pub fn is_empty(&self) -> bool {
        self.stones.is_empty()
    }

    /// Whether `p` holds a stone of a group in seki.
    pub fn contains(&self, p: Point) -> bool {
        sorted_contains(&self.stones, p)
    }

    /// Whether `p` is a shared point of a seki.
    pub fn is_shared(&self, p: Point) -> bool {
        sorted_contains(&self.shared, p)
    }

    /// Whether `p` is an eye point of a group in seki.
    pub fn is_eye(&self, p: Point) -> bool {
        sorted_contains(&self.eyes, p)
    }
}

fn sorted_contains(list: &[Point], p: Point) -> bool {
    list.binary_search_by_key(&(p.y, p.x), |q| (q.y, q.x))
        .is_ok()
}

/// Why an eye point must be filled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum FillReason {
    /// A chain is in atari in the final position and this point, its last liberty,
    /// connects it.
    Atari,
    /// The opponent moving first would capture (a throw-in, a cut): this connection
    /// prevents it.
    Teire,
    /// Once a dame next to the group is filled, the opponent would capture unless this
    /// connection is made: a false eye.
    FalseEye,
    /// After the previous connection, the opponent would still capture unless this one is
    /// made: a chain of false eyes.
    FalseEyeChain,
}

impl FillReason {
    /// The name used in JSON: `atari`, `teire`, `false-eye`, `false-eye-chain`.
    pub fn as_str(self) -> &'static str {
        match self {
            FillReason::Atari => "atari",
            FillReason::Teire => "teire",
            FillReason::FalseEye => "false-eye",
            FillReason::FalseEyeChain => "false-eye-chain",
        }
    }
}

/// An eye point its owner must fill.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MustFill {
    /// The eye point.
    pub point: Point,
    /// The colour that must fill it (whose eye point it is).
    pub color: Color,
    /// A stone of the group the connection saves (its first target in reading order).
    pub chain: Point,
    pub reason: FillReason,
    /// The dame whose filling, or the connection whose making, made this one necessary
    /// (`None` for [`FillReason::Atari`] and [`FillReason::Teire`]).
    pub after: Option<Point>,
}

impl MustFill {
    /// One sentence saying why the point is not territory, with points in `D4` form for a
    /// board of `height` rows.
    pub fn describe(&self, height: u8) -> String {
        let color = self.color.name();
        let lower = color.to_ascii_lowercase();
        let at = self.point.to_d4(height);
        let chain = self.chain.to_d4(height);
        let why = match (self.reason, self.after) {
            (FillReason::Atari, _) => {
                format!("the {lower} chain at {chain} is in atari and {color} must connect there")
            }
            (FillReason::Teire, _) | (_, None) => format!(
                "{color} must connect there before the end: otherwise the opponent, moving \
                 first, captures the {lower} stones at {chain}"
            ),
            (FillReason::FalseEye, Some(dame)) => format!(
                "it is a false eye; once the dame at {} is filled, the {lower} stones at \
                 {chain} can be captured unless {color} connects there",
                dame.to_d4(height)
            ),
            (FillReason::FalseEyeChain, Some(before)) => format!(
                "it is a false eye; after the connection at {}, the {lower} stones at \
                 {chain} can still be captured unless {color} connects there",
                before.to_d4(height)
            ),
        };
        format!("{at} is not {color}'s territory: {why}")
    }
}

/// What cannot stand in a final position as given.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum UnsettledKind {
    /// Stones named dead that the opponent cannot capture, even moving first.
    DeadCannotBeCaptured,
    /// Stones named dead that live if their owner moves first.
    DeadUnlessCaptured,
    /// Stones counted alive that the opponent captures whoever moves first.
    AliveCanBeCaptured,
    /// Stones counted alive that the opponent captures moving first, and that no
    /// connection of their own saves: a fight nobody finished.
    AliveUnlessDefended,
    /// Dame where a move still makes territory: a boundary left open.
    OpenBoundary,
}

impl UnsettledKind {
    /// The kind's stable name: `dead-cannot-be-captured`, `dead-unless-captured`,
    /// `alive-can-be-captured`, `alive-unless-defended`, `open-boundary`.
    pub fn as_str(self) -> &'static str {
        match self {
            UnsettledKind::DeadCannotBeCaptured => "dead-cannot-be-captured",
            UnsettledKind::DeadUnlessCaptured => "dead-unless-captured",
            UnsettledKind::AliveCanBeCaptured => "alive-can-be-captured",
            UnsettledKind::AliveUnlessDefended => "alive-unless-defended",
            UnsettledKind::OpenBoundary => "open-boundary",
        }
    }
}

/// Something in the final position that cannot stand as given (see
/// [`UnsettledKind`]), with what depends on it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unsettled {
    pub kind: UnsettledKind,
    /// The colour of the stones in question (`None` for an open boundary).
    pub color: Option<Color>,
    /// The stones in question (for an open boundary, none), in reading order.
    pub stones: Vec<Point>,
    /// The empty points in question: the eyes of the stones, or the open dame.
    pub points: Vec<Point>,
    /// How much the difference between Black's and White's area would change if the
    /// stones were the other way (for an open boundary, its points that a move could
    /// make territory).
    pub at_stake: u32,
}

impl Unsettled {
    /// Stones of `color` in atari on the point `at`, said to be `kind`: the stones count
    /// twice (as stones and as prisoners) and `at` once.
    fn in_atari(kind: UnsettledKind, color: Color, stones: Vec<Point>, at: Point) -> Unsettled {
        let at_stake = 2 * stones.len() as u32 + 1;
        Unsettled {
            kind,
            color: Some(color),
            stones,
            points: vec![at],
            at_stake,
        }
    }

    /// One sentence, points in `D4` form for a board of `height` rows.
    pub fn describe(&self, height: u8) -> String {
        let names = |list: &[Point]| {
            let shown: Vec<String> = list.iter().take(8).map(|p| p.to_d4(height)).collect();
            let more = if list.len() > 8 { ", ..." } else { "" };
            format!("{}{more}", shown.join(" "))
        };
        let color = self.color.map_or("", |c| c.name());
        let lower = color.to_ascii_lowercase();
        let stones = names(&self.stones);
        let n = match self.at_stake {
            1 => "1 point".to_string(),
            n => format!("{n} points"),
        };
        let depend = if self.at_stake == 1 {
            "depends"
        } else {
            "depend"
        };
        match self.kind {
            UnsettledKind::DeadCannotBeCaptured => format!(
                "the {lower} stones at {stones} are counted dead, but the opponent cannot \
                 capture them even moving first ({n} {depend} on them)"
            ),
            UnsettledKind::DeadUnlessCaptured => format!(
                "the {lower} stones at {stones} are counted dead, but they live if {color} \
                 moves first ({n} {depend} on them)"
            ),
            UnsettledKind::AliveCanBeCaptured => format!(
                "the {lower} stones at {stones} are counted alive, but the opponent captures \
                 them whoever moves first ({n} {depend} on them)"
            ),
            UnsettledKind::AliveUnlessDefended => format!(
                "the {lower} stones at {stones} are counted alive, but the opponent moving \
                 first captures them and no connection of {color}'s own saves them ({n} \
                 {depend} on them)"
            ),
            UnsettledKind::OpenBoundary => format!(
                "the boundary at {} is open: a move there still makes territory ({n})",
                names(&self.points)
            ),
        }
    }
}

/// The end of a game settled: see the module documentation.
#[derive(Debug, Clone, PartialEq)]
pub struct Settlement {
    /// The final position with the dead stones off.
    pub position: Position,
    /// Per point of `position`.
    pub class: Vec<Class>,
    pub seki: Seki,
    /// Eye points their owner must fill, in the order goref found them.
    pub must_fill: Vec<MustFill>,
    /// What cannot stand as given, in reading order of its first point.
    pub unsettled: Vec<Unsettled>,
    /// Eye points of stones counted alive that the opponent captures whoever moves
    /// first: they cannot be territory of stones that cannot live. In reading order.
    pub not_alive: Vec<Point>,
    /// The chains of `position` in the groups the reading of their cluster proved the
    /// opponent cannot kill, even moving first (step 1), alive or in seki; sorted.
    pub safe: Vec<usize>,
    /// The points that are territory in `class` only because dead stones not yet
    /// surrounded are captured first ([`capture_fills`]): dame as the position stands,
    /// where the rule sets that count it so count them. In reading order.
    pub captured: Vec<Point>,
    /// Those captures: the points played, by the capturer's colour.
    pub fills: Vec<(Point, Color)>,
}

impl Settlement {
    /// Whether the stone on `p` is in a group the reading proved safe (see `safe`).
    pub fn is_safe(&self, p: Point) -> bool {
        self.position
            .index(p)
            .is_some_and(|i| self.safe.binary_search(&self.position.chain_of[i]).is_ok())
    }

    /// Whether anything is taken from a plain count: a seki, a point to fill, or eyes of
    /// stones that cannot live.
    pub fn changes_territory(&self) -> bool {
        !self.seki.eyes.is_empty() || !self.must_fill.is_empty() || !self.not_alive.is_empty()
    }
}

/// Settle the final position `board` with the `dead` stones taken off (points without a
/// stone are ignored); every other stone counts as alive.
pub fn settle(board: &Board, dead: &[Point]) -> Settlement {
    settle_checking(board, dead, dead)
}

/// The final position `board` with the `dead` stones taken off, classed and nothing more
/// worked out: for a count whose rule set counts the position as it stands (area counting
/// with the seki's eyes counted), where only the totals are wanted.
pub fn plain(board: &Board, dead: &[Point]) -> Settlement {
    let fills = capture_fills(board, dead);
    let (position, class, captured) = if fills.is_empty() {
        let position = Position::without(board, dead);
        let class = classify(&position);
        (position, class, Vec::new())
    } else {
        let position = Position::new(&taken_off(board, dead, &fills));
        let mut class = classify(&position);
        // A capturing stone is no stone of the final position: its point stays a dame.
        // The points the capture makes territory are dame as the position stands.
        let as_it_stands = classify(&Position::without(board, dead));
        for &(p, _) in &fills {
            if let Some(i) = position.index(p) {
                class[i] = Class::Dame;
            }
        }
        let captured: Vec<usize> = (0..position.len())
            .filter(|&i| as_it_stands[i] == Class::Dame && matches!(class[i], Class::Eye(_)))
            .collect();
        let captured = position.points(&captured);
        (position, class, captured)
    };
    Settlement {
        class,
        captured,
        seki: Seki::default(),
        must_fill: Vec::new(),
        unsettled: Vec::new(),
        not_alive: Vec::new(),
        safe: Vec::new(),
        fills,
        position,
    }
}

/// [`settle`], checking by reading only the stones of `check` among the dead (the others
/// are known dead: proved, or plain to see).
pub fn settle_checking(board: &Board, dead: &[Point], check: &[Point]) -> Settlement {
    settle_checking_on(board, None, dead, check)
}

/// [`settle_checking`] given `whole`, the position on `board` with no stone taken off,
/// with its chains that Benson's algorithm proves pass-alive when suicide is allowed
/// ([`chains_alive`]), when the caller has read them already.
pub(crate) fn settle_checking_on(
    board: &Board,
    whole: Option<(&Position, &[bool])>,
    dead: &[Point],
    check: &[Point],
) -> Settlement {
    let mut out = plain(board, dead);
    let position = &out.position;
    let wall = walls_proved(position);
    let fills = &out.fills;
    let mut work = Work::new(board, dead, fills);
    let mut seki_stones: Vec<usize> = Vec::new();
    let mut seki_eyes: Vec<usize> = Vec::new();
    let mut shared: Vec<usize> = Vec::new();
    let mut unsettled = Vec::new();
    let mut must_fill = Vec::new();
    let mut not_alive = Vec::new();
    let mut safe = Vec::new();
    let reader = Reader::new(fights::BUDGET);
    let mut read_areas: Vec<usize> = Vec::new();
    let mut clustered: Vec<usize> = Vec::new();
    // The areas of the clusters read where every group is safe and none in seki.
    let mut calm: Vec<usize> = Vec::new();
    let mut first_atari: [Option<Point>; 2] = [None, None];
    for cluster in fights::clusters(position, &wall) {
        clustered.extend(&cluster.areas);
        let readable = fights::is_readable(position, &cluster);
        let mut local = Local {
            reader: &reader,
            position,
            region: position.points(&cluster.points),
            groups: fights::groups(position, &cluster),
            cluster: &cluster,
            board: work.get(),
            must_fill: &mut must_fill,
            unsettled: &mut unsettled,
            first_atari: &mut first_atari,
        };
        local.connect_chains_in_atari(readable);
        if !readable {
            continue;
        }
        read_areas.extend(&cluster.areas);
        let Some(standing) = local.threats() else {
            continue;
        };
        local.dame(&mut shared);
        let mut settled = true;
        for (g, group) in local.groups.iter().enumerate() {
            if standing[g] == Standing::Safe {
                safe.extend(&group.chains);
            } else {
                settled = false;
            }
            match standing[g] {
                Standing::Safe | Standing::Unread if local.in_seki(g, &standing) == Some(true) => {
                    settled = false;
                    for &c in &group.chains {
                        seki_stones.extend(&position.chains[c].stones);
                    }
                    for &a in &group.eyes {
                        seki_eyes.extend(&position.areas[a].points);
                    }
                }
                Standing::Lost => {
                    for &a in &group.eyes {
                        not_alive.extend(&position.areas[a].points);
                    }
                }
                _ => {}
            }
        }
        if settled {
            calm.extend(&cluster.areas);
        }
    }
    clustered.sort_unstable();
    let mut played = Vec::new();
    dame_between_walls(
        position,
        (&clustered, &calm, &shared),
        &mut work,
        &mut must_fill,
        &mut unsettled,
        &mut played,
    );
    read_areas.extend(played);
    connect_in_own_area(
        position,
        &clustered,
        &mut work,
        &mut must_fill,
        &mut unsettled,
        &mut first_atari,
    );
    cut_in_own_area(position, &mut work, &mut must_fill);
    open_boundaries(position, &read_areas, &mut unsettled);
    closed_by_captures(board, dead, fills, &mut unsettled);
    check_dead(board, whole, check, &reader, &mut unsettled);
    // The same finding may come from two steps, not one after the other (a group's threat
    // read, then again after a dame's fill): said once, where it was first found.
    let mut once: Vec<Unsettled> = Vec::with_capacity(unsettled.len());
    for u in unsettled.drain(..) {
        let same = |k: &Unsettled| k.kind == u.kind && k.stones == u.stones && k.points == u.points;
        if !once.iter().any(same) {
            once.push(u);
        }
    }
    unsettled = once;
    // Stones the opponent captures whoever moves first are not also said to be captured
    // unless defended (a later step may read them again after a fill).
    let lost: Vec<Vec<Point>> = unsettled
        .iter()
        .filter(|u| u.kind == UnsettledKind::AliveCanBeCaptured)
        .map(|u| u.stones.clone())
        .collect();
    unsettled.retain(|u| {
        u.kind != UnsettledKind::AliveUnlessDefended
            || !lost.iter().any(|l| u.stones.iter().all(|p| l.contains(p)))
    });

    let sort = |list: &mut Vec<usize>| {
        list.sort_unstable();
        list.dedup();
    };
    sort(&mut seki_stones);
    sort(&mut seki_eyes);
    sort(&mut not_alive);
    sort(&mut safe);
    // A shared point is a dame next to a group in seki.
    shared.retain(|&i| {
        position
            .neighbours(i)
            .any(|nb| seki_stones.binary_search(&nb).is_ok())
    });
    sort(&mut shared);
    out.seki = Seki {
        stones: position.points(&seki_stones),
        shared: position.points(&shared),
        eyes: position.points(&seki_eyes),
    };
    out.must_fill = must_fill;
    unsettled
        .sort_by_key(|u: &Unsettled| u.stones.first().or(u.points.first()).map(|p| (p.y, p.x)));
    out.unsettled = unsettled;
    out.not_alive = position.points(&not_alive);
    out.safe = safe;
    out
}

/// The walls of `position` ([`fights::walls`]) with the chains Benson's algorithm proves
/// pass-alive when suicide is allowed ([`chains_alive`]) as the proved ones.
///
/// A chain with a liberty in a large area is a wall whatever the proof says: the proof
/// only adds the chains that have none. So when every chain has one, the proof (a walk
/// over the whole board) would change no wall and is not run; otherwise it is, and adds
/// its chains. Either way the walls are exactly `fights::walls(position, |i|
/// alive[position.chain_of[i]])`, as `fights::walls` ORs the two tests per chain.
fn walls_proved(position: &Position) -> Vec<bool> {
    let mut wall = fights::walls(position, |_| false);
    if wall.iter().all(|&w| w) {
        return wall;
    }
    let alive = chains_alive(position, Suicide::Allowed);
    for (w, &a) in wall.iter_mut().zip(&alive) {
        *w |= a;
    }
    wall
}

/// The working board of a settling: the final position `board` with the `dead` stones
/// taken off (points without a stone, or off the board, are ignored), as
/// [`Position::board`] makes it from [`Position::without`]`(board, dead)`, but made by
/// lifting the dead stones from a copy of `board` (a few chains rebuilt) rather than by
/// setting every stone of the position on an empty board (every chain joined again).
///
/// The two boards hold the same stones, the same chains with the same liberties, the same
/// hash and count of stones, and no ko point (the pass clears the one `board` may hold).
/// They differ in what no reader of the working board asks: the count of stones removed
/// over the game (kept from `board`; only the count reads it, on the game's board), and
/// the order in which [`Board::chain_stones`] walks a chain and which stone heads it.
/// Nothing that reads the working board, or a board played from it, depends on that
/// order: every walk of a chain there is one whose order cannot show. The settling asks
/// whether any stone of a chain is outside a region (`saving_connection`) and for the one
/// liberty of a chain in atari (`dame_between_walls`); the fights count a chain's stones
/// and ask whether any has an eye next to it (`fights::both_sides`); the reading takes the
/// stones of its region point by point and the ko point ([`super::read::Fight`]), never a
/// chain's walk; a play removes the same stones whatever the order. The proptest
/// `working_board_as_the_position_makes_it` holds the two boards equal in all of this, and
/// after a stone of either colour on every empty point.
/// The working board of a settling, made from the final position and its dead stones
/// when first needed (a position with no fight and no dame between walls never needs it).
struct Work<'a> {
    board: &'a Board,
    dead: &'a [Point],
    fills: &'a [(Point, Color)],
    made: Option<Board>,
}

impl<'a> Work<'a> {
    fn new(board: &'a Board, dead: &'a [Point], fills: &'a [(Point, Color)]) -> Work<'a> {
        Work {
            board,
            dead,
            fills,
            made: None,
        }
    }

    /// The working board, made now if it was not yet.
    fn get(&mut self) -> &mut Board {
        let (board, dead, fills) = (self.board, self.dead, self.fills);
        self.made
            .get_or_insert_with(|| working_board(board, dead, fills))
    }

    /// Whether the working board was made (some stone was played or taken off on it).
    fn is_made(&self) -> bool {
        self.made.is_some()
    }
}

fn working_board(board: &Board, dead: &[Point], fills: &[(Point, Color)]) -> Board {
    let mut work = taken_off(board, dead, fills);
    work.pass();
    work
}

/// `board` with the `dead` stones taken off and the captures `fills` played (as
/// [`capture_fills`] finds them).
pub fn taken_off(board: &Board, dead: &[Point], fills: &[(Point, Color)]) -> Board {
    let mut work = board.clone();
    for &p in dead {
        // A point off the board is an error that leaves the board as it is: ignored, as
        // `Position::without` ignores it.
        let _ = work.set(p, None);
    }
    for &(p, color) in fills {
        let _ = work.set(p, Some(color));
    }
    work
}

/// The stones the opponent plays to capture dead stones that are not yet surrounded:
/// a chain named dead in atari, whose last liberty touches a living stone of its colour
/// (a false eye, a connection cut), is taken by a stone on that liberty, and only then
/// are its points the capturer's (without the stone the area they leave would touch both
/// colours and count for nobody). Only when the capturing stone keeps two liberties or
/// more (no ko) and leaves every living chain next to it a liberty (it captures nothing
/// alive); the chain next to it may be left in atari, and the settling answers that.
/// Points where a stone stands and points off the board are ignored, as dead points.
pub fn capture_fills(board: &Board, dead: &[Point]) -> Vec<(Point, Color)> {
    let named = |q: Point| dead.contains(&q);
    let mut candidates: Vec<(Point, Color)> = Vec::new();
    for &p in dead {
        let Some(color) = board.get(p) else { continue };
        if board.liberties(p) != 1 || !board.chain_stones(p).all(named) {
            continue;
        }
        let Some(last) = last_liberty(board, p) else {
            continue;
        };
        let living_own = board
            .neighbours(last)
            .any(|n| board.get(n) == Some(color) && !named(n));
        if living_own && !candidates.iter().any(|&(q, _)| q == last) {
            candidates.push((last, color.opponent()));
        }
    }
    if candidates.is_empty() {
        return candidates;
    }
    let mut work = taken_off(board, dead, &[]);
    let mut fills = Vec::new();
    for (p, color) in candidates {
        let Some(next) = with_move(&work, color, p) else {
            continue;
        };
        let keeps_all = next.get(p) == Some(color)
            && next.liberties(p) >= 2
            && work
                .neighbours(p)
                .filter(|&n| work.get(n) == Some(color.opponent()))
                .all(|n| next.get(n).is_some());
        if keeps_all {
            work = next;
            fills.push((p, color));
        }
    }
    fills
}

/// How a group of a cluster stands once its threats are answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Standing {
    /// The opponent cannot kill it, even moving first.
    Safe,
    /// The opponent kills it whoever moves first.
    Lost,
    /// The opponent kills it moving first, and no connection of the owner's saves it.
    Open,
    /// The reading gave no answer.
    Unread,
}

/// One cluster being settled on the working board.
struct Local<'a> {
    position: &'a Position,
    cluster: &'a Cluster,
    region: Vec<Point>,
    groups: Vec<Group>,
    board: &'a mut Board,
    must_fill: &'a mut Vec<MustFill>,
    unsettled: &'a mut Vec<Unsettled>,
    /// Per colour, the first point where it connected a chain in atari, in any cluster
    /// or territory: a colour connects one point a turn.
    first_atari: &'a mut [Option<Point>; 2],
    reader: &'a Reader,
}

impl Local<'_> {
    fn targets(&self, g: usize) -> Vec<Point> {
        targets(self.position, &self.groups[g])
    }

    /// The targets of every group of `color`'s opponent in the cluster.
    fn theirs(&self, color: Color) -> Vec<Point> {
        (0..self.groups.len())
            .filter(|&h| self.groups[h].color != color)
            .flat_map(|h| self.targets(h))
            .collect()
    }

    fn stones(&self, g: usize) -> Vec<Point> {
        let mut stones: Vec<usize> = self.groups[g]
            .chains
            .iter()
            .flat_map(|&c| self.position.chains[c].stones.iter().copied())
            .collect();
        stones.sort_unstable();
        self.position.points(&stones)
    }

    fn eyes(&self, g: usize) -> Vec<Point> {
        let mut points: Vec<usize> = self.groups[g]
            .eyes
            .iter()
            .flat_map(|&a| self.position.areas[a].points.iter().copied())
            .collect();
        points.sort_unstable();
        self.position.points(&points)
    }

    /// Step 1 of the module documentation, for every group: `None` when the cluster is
    /// too large to read.
    fn threats(&mut self) -> Option<Vec<Standing>> {
        let mut asked = self.must_fill.len();
        let mut standing: Vec<Standing> = (0..self.groups.len())
            .map(|g| self.answer_threat(g, None, FillReason::Teire))
            .collect();
        // A group that no connection of its own saved may be saved by another group's
        // connection made after it was asked (a chain whose fall would free the
        // opponent's seki chain, joined to its wall by its own eye point): it is asked
        // again while connections are made, so the order of the groups decides nothing.
        for _ in 0..self.groups.len() {
            if self.must_fill.len() == asked || !standing.contains(&Standing::Open) {
                break;
            }
            asked = self.must_fill.len();
            for (g, stands) in standing.iter_mut().enumerate() {
                if *stands == Standing::Open {
                    *stands = self.answer_threat(g, None, FillReason::Teire);
                }
            }
        }
        // Two groups of opposite colours that each die whoever moves first cannot both
        // die: whoever captures first loses the race that follows (a hanezeki). Neither
        // is taken, and they stand as a seki.
        let lost: Vec<usize> = (0..self.groups.len())
            .filter(|&g| standing[g] == Standing::Lost)
            .collect();
        let both = lost.iter().any(|&a| {
            lost.iter()
                .any(|&b| self.groups[a].color != self.groups[b].color)
        });
        if both {
            for &g in &lost {
                standing[g] = Standing::Safe;
            }
        }
        for (g, &stands) in standing.iter().enumerate() {
            let kind = match stands {
                Standing::Lost => UnsettledKind::AliveCanBeCaptured,
                Standing::Open => UnsettledKind::AliveUnlessDefended,
                _ => continue,
            };
            let stones = self.stones(g);
            let points = self.eyes(g);
            let at_stake = 2 * stones.len() as u32 + points.len() as u32;
            self.unsettled.push(Unsettled {
                kind,
                color: Some(self.groups[g].color),
                stones,
                points,
                at_stake,
            });
        }
        if standing.iter().all(|&s| s == Standing::Unread) {
            return None;
        }
        Some(standing)
    }

    /// A chain left in atari on an eye point of its own (an open ko, a cut left
    /// unanswered) connects there when the connection saves it: the opponent could take
    /// the stones by playing there. Not when the connected chain would then be killed
    /// anyway: a ko inside a seki, which its owner leaves open. In a cluster too large to
    /// read (`readable` false), or when the reading finds no answer within its bound, the
    /// connection saves the chain when it leaves it two liberties.
    fn connect_chains_in_atari(&mut self, readable: bool) {
        let position = self.position;
        // The chains in atari on a point of their own area, with that point, as the
        // position stands: the owner connects one point a turn.
        let pending: Vec<(usize, Point)> = self
            .cluster
            .chains
            .iter()
            .filter_map(|&c| {
                let chain = &position.chains[c];
                let head = position.point(chain.stones[0]);
                if self.board.get(head) != Some(chain.color) || self.board.liberties(head) != 1 {
                    return None;
                }
                let &lib = chain
                    .libs
                    .iter()
                    .find(|&&l| self.board.get(position.point(l)).is_none())?;
                (position.areas[position.area_of[lib]].owner() == Some(chain.color))
                    .then(|| (c, position.point(lib)))
            })
            .collect();
        // Per colour, the point it connected first; and the points whose connection
        // the reading refused (the opponent kills moving next even after it).
        let mut connected: [Option<Point>; 2] = [None, None];
        let mut refused: Vec<Point> = Vec::new();
        for &(c, at) in &pending {
            let chain = &position.chains[c];
            let color = chain.color;
            let head = position.point(chain.stones[0]);
            if self.board.get(head) != Some(color) || self.board.liberties(head) != 1 {
                continue;
            }
            // Chains in atari on two points at once: the opponent takes the second
            // while the owner connects the first, so the second is not connected.
            if connected[color.index()].is_some_and(|first| first != at) {
                continue;
            }
            let Some(next) = with_move(self.board, color, at) else {
                continue;
            };
            let Some(g) = self.groups.iter().position(|g| g.chains.contains(&c)) else {
                continue;
            };
            let saves = if readable {
                let mut mine = self.targets(g);
                mine.push(head);
                let theirs = self.theirs(color);
                // A reading past its bound falls back on the test of a cluster too
                // large to read.
                match self
                    .reader
                    .kills_next(&next, &self.region, &mine, &theirs, color)
                {
                    Some(killed) => !killed,
                    None => next.liberties(head) >= 2,
                }
            } else {
                next.liberties(head) >= 2
            };
            if !saves {
                refused.push(at);
            } else {
                // Every chain the connection saves from atari.
                let mut stones: Vec<Point> = self
                    .board
                    .neighbours(at)
                    .filter(|&n| self.board.get(n) == Some(color) && self.board.liberties(n) == 1)
                    .flat_map(|n| self.board.chain_stones(n))
                    .collect();
                stones.sort_by_key(|p| (p.y, p.x));
                stones.dedup();
                *self.board = next;
                connected[color.index()] = Some(at);
                one_point_a_turn(self.first_atari, self.unsettled, color, at, stones);
                self.must_fill.push(MustFill {
                    point: at,
                    color,
                    chain: head,
                    reason: FillReason::Atari,
                    after: None,
                });
            }
        }
        // The chains left in atari on another point than the one their colour connected:
        // the opponent moving first captures them, and no connection saves them in time;
        // whoever moves first when their own connection was refused too.
        let mut lost: Vec<(Color, Point, Vec<Point>)> = Vec::new();
        for &(c, at) in &pending {
            let color = position.chains[c].color;
            let head = position.point(position.chains[c].stones[0]);
            if connected[color.index()].is_none_or(|first| first == at)
                || self.board.get(head) != Some(color)
                || self.board.liberties(head) != 1
            {
                continue;
            }
            let stones = self.board.chain_stones(head);
            match lost.iter_mut().find(|(_, p, _)| *p == at) {
                Some((_, _, list)) => list.extend(stones),
                None => lost.push((color, at, stones.collect())),
            }
        }
        for (color, at, mut stones) in lost {
            stones.sort_by_key(|p| (p.y, p.x));
            let kind = if refused.contains(&at) {
                UnsettledKind::AliveCanBeCaptured
            } else {
                UnsettledKind::AliveUnlessDefended
            };
            self.unsettled
                .push(Unsettled::in_atari(kind, color, stones, at));
        }
    }

    /// Whether the opponent, moving first, kills group `g`, and if so, the connection of
    /// the owner's that saves it, played on the working board and listed (`reason` for
    /// the first, [`FillReason::FalseEyeChain`] for each one after it). A chain in atari
    /// from the start is connected for [`FillReason::Atari`].
    fn answer_threat(&mut self, g: usize, after: Option<Point>, reason: FillReason) -> Standing {
        let color = self.groups[g].color;
        let mut after = after;
        let mut reason = reason;
        // Each connection fills an empty point of the region, so this ends.
        for _ in 0..=self.region.len() {
            let targets = self.targets(g);
            let theirs = self.theirs(color);
            let Some((first, mut second)) =
                self.reader
                    .kills(self.board, &self.region, &targets, &theirs, color)
            else {
                return Standing::Unread;
            };
            // Lost is claimed only when the group's colour, moving first, cannot make its
            // eyes either: that question lets each side shape eyes. Like the one above,
            // it is asked under the plain ko rule: a group the opponent kills moving
            // second unless its colour wins a ko needs the first threat whoever moves,
            // and the opponent none (bent four in the corner; docs/rules.md, step 4).
            if second {
                let read = self.reader.shaping_eyes(|reader| {
                    reader.kills(self.board, &self.region, &targets, &theirs, color)
                });
                let Some((_, shaped)) = read else {
                    return Standing::Unread;
                };
                second = shaped;
            }
            if !first {
                return Standing::Safe;
            }
            if second {
                return Standing::Lost;
            }
            let Some(m) = self.saving_connection(g, &targets, &theirs) else {
                return Standing::Open;
            };
            let in_atari = self
                .board
                .neighbours(m)
                .any(|nb| self.board.get(nb) == Some(color) && self.board.liberties(nb) == 1);
            let why = if in_atari && after.is_none() && reason == FillReason::Teire {
                FillReason::Atari
            } else {
                reason
            };
            if let Some(next) = with_move(self.board, color, m) {
                *self.board = next;
            }
            self.must_fill.push(MustFill {
                point: m,
                color,
                chain: targets.first().copied().unwrap_or(m),
                reason: why,
                after,
            });
            after = Some(m);
            reason = FillReason::FalseEyeChain;
        }
        Standing::Open
    }

    /// The first point (in reading order) of an eye of group `g`, or else of another
    /// group of its colour in the cluster, where a stone of its colour joins two chains
    /// of that colour, or one of them to a wall, and leaves the opponent, moving next,
    /// unable to kill group `g`.
    fn saving_connection(&self, g: usize, targets: &[Point], theirs: &[Point]) -> Option<Point> {
        let color = self.groups[g].color;
        // Its own eye points first, then those of the other groups of its colour in the
        // cluster: a chain whose capture would free the opponent's chain next to the
        // group joins its wall there (`fixtures/positions/seki-beside-hanging-chain.sgf`).
        let mut points = self.eyes(g);
        for h in 0..self.groups.len() {
            if h != g && self.groups[h].color == color {
                points.extend(self.eyes(h));
            }
        }
        for p in points {
            if self.board.get(p).is_some() {
                continue;
            }
            let mut around: Vec<usize> = self
                .board
                .neighbours(p)
                .filter(|&nb| self.board.get(nb) == Some(color))
                .filter_map(|nb| self.position.index(nb))
                .collect();
            around.sort_unstable();
            // Chains of the working board next to p, by their lowest point.
            let mut heads: Vec<Point> = Vec::new();
            for &i in &around {
                let q = self.position.point(i);
                if !heads.iter().any(|&h| self.board.same_chain(h, q)) {
                    heads.push(q);
                }
            }
            let joins_wall = heads.iter().any(|&h| {
                !self.region.contains(&h)
                    || self
                        .board
                        .chain_stones(h)
                        .any(|s| !self.region.contains(&s))
            });
            if heads.len() < 2 && !joins_wall {
                continue;
            }
            let Some(next) = with_move(self.board, color, p) else {
                continue;
            };
            if self
                .reader
                .kills_next(&next, &self.region, targets, theirs, color)
                == Some(false)
            {
                return Some(p);
            }
        }
        None
    }

    /// Step 2 of the module documentation: the dame of the cluster, filled where only
    /// one colour can, asked again after each fill until none is left; the points neither
    /// can fill are added to `shared`.
    fn dame(&mut self, shared: &mut Vec<usize>) {
        let dame: Vec<usize> = self
            .cluster
            .areas
            .iter()
            .filter(|&&a| self.position.areas[a].is_shared())
            .flat_map(|&a| self.position.areas[a].points.iter().copied())
            .collect();
        let mut open: Vec<usize> = dame.clone();
        // The points either colour can fill, as last asked.
        let mut both: Vec<usize> = Vec::new();
        loop {
            let mut filled: Vec<Point> = Vec::new();
            // The points neither colour can fill yet.
            let mut left = Vec::new();
            for &i in &open {
                let p = self.position.point(i);
                if self.board.get(p).is_some() {
                    continue;
                }
                let safe = [Color::Black, Color::White].map(|c| self.safe_fill(p, c));
                match safe {
                    [false, false] => left.push(i),
                    [true, true] => both.push(i),
                    [black, _] => {
                        let filler = if black { Color::Black } else { Color::White };
                        if !self
                            .board
                            .neighbours(p)
                            .any(|n| self.board.get(n) == Some(filler.opponent()))
                        {
                            both.push(i);
                            continue;
                        }
                        if let Some(next) = with_move(self.board, filler, p) {
                            *self.board = next;
                            filled.push(p);
                            self.after_fill(filler.opponent(), p, &open);
                        }
                    }
                }
            }
            if filled.is_empty() {
                shared.extend(left);
                return;
            }
            // A fill changes what another point allows through the chains next to it:
            // the points either colour could fill that touch one are asked again, with
            // the points neither could, in the order of the dame.
            let board = &*self.board;
            let touched = |i: usize| {
                let q = self.position.point(i);
                board.get(q).is_none()
                    && board.neighbours(q).any(|n| {
                        filled.iter().any(|&f| {
                            board.same_chain(n, f)
                                || board.neighbours(f).any(|m| board.same_chain(n, m))
                        })
                    })
            };
            let again: Vec<usize> = both.iter().copied().filter(|&i| touched(i)).collect();
            both.retain(|i| !again.contains(i));
            open = dame
                .iter()
                .copied()
                .filter(|i| left.contains(i) || again.contains(i))
                .collect();
        }
    }

    /// Whether a stone of `color` on `p` leaves every group of `color` in the cluster
    /// safe from the opponent moving next.
    fn safe_fill(&self, p: Point, color: Color) -> bool {
        let Some(next) = with_move(self.board, color, p) else {
            return false;
        };
        let mut targets: Vec<Point> = vec![p];
        for (g, group) in self.groups.iter().enumerate() {
            if group.color == color {
                targets.extend(self.targets(g));
            }
        }
        let theirs = self.theirs(color);
        self.reader
            .kills_next(&next, &self.region, &targets, &theirs, color)
            == Some(false)
    }

    /// After the opponent of `color` filled the dame `p`: every group of `color` the
    /// opponent could now kill answers, as players filling the dame in turn do: with a
    /// dame of its own still open (of `dame`) that leaves it safe, else by connecting
    /// through an eye point of its own.
    fn after_fill(&mut self, color: Color, p: Point, dame: &[usize]) {
        for g in 0..self.groups.len() {
            if self.groups[g].color != color {
                continue;
            }
            let targets = self.targets(g);
            let theirs = self.theirs(color);
            if self
                .reader
                .kills_next(self.board, &self.region, &targets, &theirs, color)
                == Some(true)
            {
                if self.answer_with_dame(g, dame) {
                    continue;
                }
                // Lost here only after the opponent's fill of this dame: had the owner
                // filled it first, the group might stand, so it is reported as a fight
                // nobody finished, as when no connection saves it.
                let standing = self.answer_threat(g, Some(p), FillReason::FalseEye);
                if matches!(standing, Standing::Open | Standing::Lost) {
                    let stones = self.stones(g);
                    let points = self.eyes(g);
                    let at_stake = 2 * stones.len() as u32 + points.len() as u32;
                    self.unsettled.push(Unsettled {
                        kind: UnsettledKind::AliveUnlessDefended,
                        color: Some(color),
                        stones,
                        points,
                        at_stake,
                    });
                }
            }
        }
    }

    /// The first open point of `dame` where a stone of group `g`'s colour leaves the
    /// opponent, moving next, unable to kill the group; played on the working board.
    /// Whether there was one.
    fn answer_with_dame(&mut self, g: usize, dame: &[usize]) -> bool {
        let color = self.groups[g].color;
        let targets = self.targets(g);
        let theirs = self.theirs(color);
        for &i in dame {
            let q = self.position.point(i);
            if self.board.get(q).is_some() {
                continue;
            }
            let Some(next) = with_move(self.board, color, q) else {
                continue;
            };
            if self
                .reader
                .kills_next(&next, &self.region, &targets, &theirs, color)
                == Some(false)
            {
                *self.board = next;
                return true;
            }
        }
        false
    }

    /// Step 3 of the module documentation: whether group `g`, which the opponent cannot
    /// kill, would die if the opponent's living groups of the cluster next to it never
    /// died.
    fn in_seki(&self, g: usize, standing: &[Standing]) -> Option<bool> {
        let color = self.groups[g].color;
        let mut mine: Vec<usize> = self.groups[g]
            .chains
            .iter()
            .flat_map(|&c| self.position.chains[c].stones.iter().copied())
            .collect();
        mine.sort_unstable();
        let touches = |c: usize| {
            let chain = &self.position.chains[c];
            chain.stones.iter().chain(&chain.libs).any(|&s| {
                self.position
                    .neighbours(s)
                    .any(|nb| mine.binary_search(&nb).is_ok())
            })
        };
        // The opponent's living groups next to it become walls: their points leave the
        // region. The others stay in the fight.
        let mut walls: Vec<Point> = Vec::new();
        let mut theirs: Vec<Point> = Vec::new();
        for (h, group) in self.groups.iter().enumerate() {
            if group.color == color {
                continue;
            }
            let living = matches!(standing[h], Standing::Safe | Standing::Unread);
            if living && group.chains.iter().any(|&c| touches(c)) {
                for &c in &group.chains {
                    walls.extend(self.position.points(&self.position.chains[c].stones));
                }
            } else {
                theirs.extend(self.targets(h));
            }
        }
        if walls.is_empty() {
            return Some(false);
        }
        let region: Vec<Point> = self
            .region
            .iter()
            .copied()
            .filter(|p| !walls.contains(p))
            .collect();
        // The opponent may win every ko: a group whose second eye is a ko does not live on
        // its own.
        let targets = self.targets(g);
        self.reader.kills_first_with_ko(
            self.board,
            &region,
            &targets,
            &theirs,
            color,
            Some(color.opponent()),
        )
    }
}

/// Step 4: the dame areas where a move still makes territory. An area of empty points
/// reaching both colours is settled when every point of it is next to stones of both
/// colours (a stone there encloses nothing); otherwise a stone on one of its points would
/// leave points reaching one colour only. The small areas of a cluster are left to the
/// reading, and the dame areas whose fills were played out to that play (both in `read`):
/// a fight there, or a split whose count depends on who starts, is reported as such.
fn open_boundaries(position: &Position, read: &[usize], unsettled: &mut Vec<Unsettled>) {
    for a in 0..position.areas.len() {
        if !read.contains(&a) {
            unsettled.extend(open_boundary(position, a));
        }
    }
}

/// Area `a` of `position` as an open boundary, if it is one (see [`open_boundaries`]).
fn open_boundary(position: &Position, a: usize) -> Option<Unsettled> {
    let area = &position.areas[a];
    if !area.is_shared() {
        return None;
    }
    let one_sided = area
        .points
        .iter()
        .filter(|&&i| {
            let mut touches = 0u8;
            for nb in position.neighbours(i) {
                if let Some(c) = position.stones[nb] {
                    touches |= bit(c);
                }
            }
            touches != 3
        })
        .count();
    (one_sided > 0).then(|| Unsettled {
        kind: UnsettledKind::OpenBoundary,
        color: None,
        stones: Vec::new(),
        points: position.points(&area.points),
        at_stake: one_sided as u32,
    })
}

/// The boundaries that the captures of dead stones not yet surrounded close
/// ([`capture_fills`]), as the position stands, where the owner moving first connects
/// there instead and leaves the stones two liberties or more: still open.
fn closed_by_captures(
    board: &Board,
    dead: &[Point],
    fills: &[(Point, Color)],
    unsettled: &mut Vec<Unsettled>,
) {
    if fills.is_empty() {
        return;
    }
    let as_it_stands = Position::without(board, dead);
    let mut seen: Vec<usize> = Vec::new();
    for &(p, capturer) in fills {
        let saved = with_move(board, capturer.opponent(), p).is_some_and(|b| b.liberties(p) >= 2);
        let Some(i) = as_it_stands.index(p).filter(|_| saved) else {
            continue;
        };
        let a = as_it_stands.area_of[i];
        if a != NONE && !seen.contains(&a) {
            seen.push(a);
            unsettled.extend(open_boundary(&as_it_stands, a));
        }
    }
}

/// The dame between walls (small shared areas in no cluster: every chain around them is
/// a wall). A wall may still have a single liberty left in its own large area once the
/// dame next to it is filled: when only one colour can fill a dame point without leaving
/// the stone there with one liberty, and its fill leaves a chain of the other colour in
/// atari, that chain connects at its last liberty (if the connection leaves it two
/// liberties or more), which is then no territory: a false eye in the wider sense, as in
/// `fixtures/positions/fake-seki-fill-order.sgf` (Black's dame E5 leaves White's F5 in
/// atari on G5, inside White's territory). The dame left open in an area, and those of a
/// calm cluster that either colour can fill (`calm`: its areas; `shared`: the points
/// neither colour can fill), are split in turn ([`fill_in_turn`]); the areas so played
/// out are added to `played`.
fn dame_between_walls(
    position: &Position,
    (clustered, calm, shared): (&[usize], &[usize], &[usize]),
    work: &mut Work,
    must_fill: &mut Vec<MustFill>,
    unsettled: &mut Vec<Unsettled>,
    played: &mut Vec<usize>,
) {
    for (a, area) in position.areas.iter().enumerate() {
        if area.points.len() > fights::SMALL_AREA || !area.is_shared() {
            continue;
        }
        let in_cluster = clustered.binary_search(&a).is_ok();
        // The dame of a cluster read were filled by its reading; in a cluster where every
        // group is safe and none in seki (`calm`), those either colour can fill safely
        // are still split in turn; those neither can are a seki's.
        if in_cluster
            && (!calm.contains(&a)
                || area
                    .points
                    .iter()
                    .any(|i| shared.contains(i) && work.get().get(position.point(*i)).is_none()))
        {
            continue;
        }
        let work = work.get();
        for &i in area.points.iter().filter(|_| !in_cluster) {
            let p = position.point(i);
            if work.get(p).is_some() {
                continue;
            }
            let fill = |c: Color| with_move(work, c, p).filter(|next| next.liberties(p) >= 2);
            let (filler, next) = match (fill(Color::Black), fill(Color::White)) {
                (Some(next), None) => (Color::Black, next),
                (None, Some(next)) => (Color::White, next),
                // Either colour can fill it (split in turn below), or neither.
                _ => continue,
            };
            let owner = filler.opponent();
            let answers = ataris_in_own_area(position, &next, p, owner);
            if answers.is_empty() {
                continue;
            }
            let mut after = next;
            let mut connections = Vec::new();
            for (chain, q) in answers {
                let Some(connected) = with_move(&after, owner, q).filter(|b| b.liberties(q) >= 2)
                else {
                    continue;
                };
                after = connected;
                connections.push(MustFill {
                    point: q,
                    color: owner,
                    chain,
                    reason: FillReason::FalseEye,
                    after: Some(p),
                });
            }
            if !connections.is_empty() {
                *work = after;
                must_fill.extend(connections);
            }
        }
        let open: Vec<Point> = position
            .points(&area.points)
            .into_iter()
            .filter(|&p| work.get(p).is_none())
            .collect();
        if !open.is_empty() && fill_in_turn(position, &open, work, must_fill, unsettled) {
            played.push(a);
        }
    }
}

/// The chains of `owner` next to `p` that a stone on `p` left in atari on `board` with
/// their last liberty on a point of `owner`'s own area (where a connection costs
/// territory): a stone of each and that liberty, each liberty once.
fn ataris_in_own_area(
    position: &Position,
    board: &Board,
    p: Point,
    owner: Color,
) -> Vec<(Point, Point)> {
    let mut answers: Vec<(Point, Point)> = Vec::new();
    for nb in board.neighbours(p) {
        if board.get(nb) != Some(owner) || board.liberties(nb) != 1 {
            continue;
        }
        if let Some(q) = last_liberty(board, nb)
            && position.own_area(q, owner).is_some()
            && !answers.iter().any(|&(_, seen)| seen == q)
        {
            answers.push((nb, q));
        }
    }
    answers
}

/// The dame left open in an area, `open`, one or more: at the end the players split
/// them, each choosing the order best for it ([`dame_fill`]). When the split ends with the
/// same count whoever starts, the connections it forces on the way are made (reason
/// `false-eye`, after the fill that forced each; `teire` for one against a cut where the
/// line ends), and their points are no territory
/// (`fixtures/positions/two-dame-in-a-row.sgf`, `three-dame-in-a-row.sgf`,
/// `cut-after-two-dame.sgf`). When who starts changes the count, the boundary is open
/// (`unsettled`, the points that change; `dame-who-fills.sgf`), and only the connections
/// both starts force are made.
///
/// Whether the fills could be played out (a plain filling, no fight).
fn fill_in_turn(
    position: &Position,
    open: &[Point],
    work: &mut Board,
    must_fill: &mut Vec<MustFill>,
    unsettled: &mut Vec<Unsettled>,
) -> bool {
    // A chain of either colour next to the area left with two liberties in its own
    // area, both empty, that a cut or a snapback takes ([`taken_at`]), and that its
    // colour's stone on that point saves: that stone is a connection the end needs.
    let cuts = |b: &Board| {
        let mut heads: Vec<Point> = Vec::new();
        for &p in open {
            for nb in b.neighbours(p) {
                if b.get(nb).is_some() && !heads.iter().any(|&h| b.same_chain(h, nb)) {
                    heads.push(nb);
                }
            }
        }
        let mut out = Vec::new();
        for head in heads {
            let Some(color) = b.get(head) else { continue };
            if b.liberties(head) != 2 {
                continue;
            }
            let libs = liberties_of(b, head);
            if libs.iter().any(|&l| position.own_area(l, color).is_none()) {
                continue;
            }
            let Some(at) = taken_at(b, head) else {
                continue;
            };
            let saved = with_move(b, color, at).is_some_and(|next| holds(&next, head));
            if saved && !out.iter().any(|&(q, _, _)| q == at) {
                out.push((at, color, head));
            }
        }
        out
    };
    let (teire, open_by) = match dame_fill::play_out(position, work, open, &cuts) {
        Some(Ending::Settled(teire)) => (teire, 0),
        Some(Ending::WhoFills { points, teire }) => (teire, points),
        None => return false,
    };
    for t in teire {
        if must_fill.iter().any(|m| m.point == t.point) {
            continue;
        }
        let Some(connected) = with_move(work, t.color, t.point) else {
            continue;
        };
        *work = connected;
        must_fill.push(MustFill {
            point: t.point,
            color: t.color,
            chain: t.chain,
            // A connection no fill forced is one against a cut.
            reason: if t.after.is_some() {
                FillReason::FalseEye
            } else {
                FillReason::Teire
            },
            after: t.after,
        });
    }
    if open_by > 0 {
        unsettled.push(Unsettled {
            kind: UnsettledKind::OpenBoundary,
            color: None,
            stones: Vec::new(),
            points: open.to_vec(),
            at_stake: open_by,
        });
    }
    true
}

/// A chain in atari on a point of an area of its own colour that no cluster read (a
/// large territory, whose chains are walls): the opponent captures it by playing there,
/// a move the capture makes legal, so its owner must connect there before the end, and
/// the point is not territory (reason `atari`). Only when the connection leaves the chain
/// two liberties: a chain still in atari after it is lost anyway, and the reading of its
/// cluster says so.
fn connect_in_own_area(
    position: &Position,
    clustered: &[usize],
    work: &mut Work,
    must_fill: &mut Vec<MustFill>,
    unsettled: &mut Vec<Unsettled>,
    first_atari: &mut [Option<Point>; 2],
) {
    for chain in &position.chains {
        let color = chain.color;
        let in_atari = chain.libs.len() == 1;
        // Chains not in atari in the position may be after the fills made so far.
        if !in_atari && !work.is_made() {
            continue;
        }
        let head = position.point(chain.stones[0]);
        let work = work.get();
        if work.get(head) != Some(color) || work.liberties(head) != 1 {
            continue;
        }
        let Some(q) = last_liberty(work, head) else {
            continue;
        };
        let Some(a) = position.own_area(q, color) else {
            continue;
        };
        if clustered.binary_search(&a).is_ok() || must_fill.iter().any(|m| m.point == q) {
            continue;
        }
        let Some(next) = with_move(work, color, q).filter(|b| b.liberties(q) >= 2) else {
            continue;
        };
        *work = next;
        must_fill.push(MustFill {
            point: q,
            color,
            chain: head,
            reason: FillReason::Atari,
            after: None,
        });
        if in_atari {
            let stones = position.points(&chain.stones);
            one_point_a_turn(first_atari, unsettled, color, q, stones);
        }
    }
}

/// `color` connected the chains of `stones`, in atari from the start, at `at`. When it
/// connected another such point before, in another fight or territory, the opponent moving
/// first takes one of the two while its owner connects the other: the count keeps both
/// connections, as agreed, and says the position cannot stand (`alive-unless-defended`).
/// `first` holds, per colour, the first such point.
fn one_point_a_turn(
    first: &mut [Option<Point>; 2],
    unsettled: &mut Vec<Unsettled>,
    color: Color,
    at: Point,
    stones: Vec<Point>,
) {
    match first[color.index()] {
        None => first[color.index()] = Some(at),
        Some(p) if p != at => unsettled.push(Unsettled::in_atari(
            UnsettledKind::AliveUnlessDefended,
            color,
            stones,
            at,
        )),
        Some(_) => {}
    }
}

/// A chain with two liberties in one area of its own colour, and perhaps others on dame,
/// that the opponent captures moving first once the dame are filled ([`lost_to`]): its
/// owner must add a stone before the end, on the point where the opponent would start,
/// and that point is not territory (reason `teire`;
/// `fixtures/positions/cut-in-own-territory.sgf`). Dame are filled before the count, by
/// one colour or the other; the cut must work whichever colour fills them (among the
/// fills that leave the filling stone two liberties), so nothing is claimed that depends
/// on who fills. Only when the owner's stone on that point saves the chain after those
/// same fills: three liberties or more, or two that no such cut takes.
fn cut_in_own_area(position: &Position, work: &mut Work, must_fill: &mut Vec<MustFill>) {
    for chain in &position.chains {
        let color = chain.color;
        let (own, others): (Vec<usize>, Vec<usize>) = chain
            .libs
            .iter()
            .partition(|&&l| position.areas[position.area_of[l]].owner() == Some(color));
        let &[l1, l2] = own.as_slice() else {
            continue;
        };
        if position.area_of[l1] != position.area_of[l2] {
            continue;
        }
        // Every other liberty is a dame: a point of a small area next to both colours.
        let is_dame = |l: usize| {
            let area = &position.areas[position.area_of[l]];
            area.is_shared() && area.points.len() <= fights::SMALL_AREA
        };
        if !others.iter().all(|&l| is_dame(l)) {
            continue;
        }
        let libs = [position.point(l1), position.point(l2)];
        // A liberty where a dead stone stood: the chain won a race there, and the count
        // takes the dead stones off as agreed, with no play inside (as shared c04 counts
        // the winner of its race).
        if libs.iter().any(|l| work.dead.contains(l)) {
            continue;
        }
        let head = position.point(chain.stones[0]);
        let work = work.get();
        if work.get(head) != Some(color)
            || libs
                .iter()
                .any(|&l| work.get(l).is_some() || must_fill.iter().any(|m| m.point == l))
        {
            continue;
        }
        // The boards after the dame are filled, by each colour that can fill them all
        // (the position itself when there are none).
        let dame: Vec<Point> = others
            .iter()
            .map(|&l| position.point(l))
            .filter(|&d| work.get(d).is_none())
            .collect();
        let filled: Vec<Board> = if dame.is_empty() {
            Vec::new()
        } else {
            [color.opponent(), color]
                .into_iter()
                .filter_map(|filler| {
                    dame.iter().try_fold(work.clone(), |b, &d| {
                        with_move(&b, filler, d).filter(|next| next.liberties(d) >= 2)
                    })
                })
                .collect()
        };
        let boards: Vec<&Board> = if dame.is_empty() {
            vec![&*work]
        } else {
            filled.iter().collect()
        };
        // A fill that leaves the chain more than two liberties (the owner's, joining it
        // to more) is one after which no such cut works: nothing is claimed.
        if boards.is_empty() || boards.iter().any(|b| b.liberties(head) != 2) {
            continue;
        }
        let attacked = [(libs[0], libs[1]), (libs[1], libs[0])]
            .into_iter()
            .find(|&(at, other)| boards.iter().all(|b| lost_to(b, head, at, other)));
        let Some((at, _)) = attacked else {
            continue;
        };
        let saves = boards
            .iter()
            .all(|b| with_move(b, color, at).is_some_and(|next| holds(&next, head)));
        let Some(next) = with_move(work, color, at).filter(|_| saves) else {
            continue;
        };
        *work = next;
        must_fill.push(MustFill {
            point: at,
            color,
            chain: head,
            reason: FillReason::Teire,
            after: None,
        });
    }
}

/// Whether the chain at `head` on `board` stands against a cut: three liberties or more,
/// or two that no cut or snapback takes ([`taken_at`]).
fn holds(board: &Board, head: Point) -> bool {
    match board.liberties(head) {
        0 | 1 => false,
        2 => taken_at(board, head).is_none(),
        _ => true,
    }
}

/// The liberty of the chain at `head` on `board`, which has two, where the opponent's
/// stone takes it: a cut ([`lost_to`]) or a snapback ([`snapback`]), the liberties tried
/// in reading order.
fn taken_at(board: &Board, head: Point) -> Option<Point> {
    let &[l1, l2] = liberties_of(board, head).as_slice() else {
        return None;
    };
    [(l1, l2), (l2, l1)]
        .into_iter()
        .find(|&(at, other)| lost_to(board, head, at, other) || snapback(board, head, at, other))
        .map(|(at, _)| at)
}

/// The liberties of the chain at `head` on `board`, in reading order.
fn liberties_of(board: &Board, head: Point) -> Vec<Point> {
    let mut libs: Vec<Point> = board
        .chain_stones(head)
        .flat_map(|s| board.neighbours(s))
        .filter(|&q| board.get(q).is_none())
        .collect();
    libs.sort_by_key(|p| (p.y, p.x));
    libs.dedup();
    libs
}

/// Whether the opponent, playing `at`, one of the two liberties of the chain at `head`,
/// takes the chain whatever its owner answers, and keeps what it took. Each step is a
/// fact of the board, not a reading:
/// - the stone on `at` has two liberties or more, so the owner cannot take it at once;
/// - it leaves the chain in atari on `other`, next to no opponent chain in atari (whose
///   capture would give it liberties);
/// - the owner's extension to `other` leaves the chain in atari still (after whatever it
///   captures), so nothing saves it;
/// - the opponent's capture on `other` leaves the capturing chain two liberties that each
///   touch another stone of its colour (it joins its own stones whatever the owner does),
///   or three liberties with one such: the owner needs three moves to take the stones
///   back, the opponent one to join them. So the capture stands (no snapback, no net).
fn lost_to(board: &Board, head: Point, at: Point, other: Point) -> bool {
    let Some(color) = board.get(head) else {
        return false;
    };
    let them = color.opponent();
    // Two counts settle most chains without playing a stone: the stone on `at` needs two
    // empty neighbours (a capture could give it more, a case left unread), and the
    // extension to `other` keeps a liberty for each empty neighbour but `at`.
    let empty_around = |p: Point, not: Point| {
        board
            .neighbours(p)
            .filter(|&q| q != not && board.get(q).is_none())
            .count()
    };
    if empty_around(at, at) < 2 || empty_around(other, at) >= 2 {
        return false;
    }
    let Some(attacked) = with_move(board, them, at) else {
        return false;
    };
    if attacked.liberties(at) < 2 || attacked.liberties(head) != 1 {
        return false;
    }
    if can_capture_out(&attacked, head, None) {
        return false;
    }
    if with_move(&attacked, color, other).is_some_and(|b| b.liberties(head) >= 2) {
        return false;
    }
    let Some(taken) = with_move(&attacked, them, other) else {
        return false;
    };
    let libs = liberties_of(&taken, other);
    let joins = libs
        .iter()
        .filter(|&&l| {
            taken
                .neighbours(l)
                .any(|nb| taken.get(nb) == Some(them) && !taken.same_chain(nb, other))
        })
        .count();
    taken.get(head).is_none() && (joins >= 2 || joins >= 1 && libs.len() >= 3)
}

/// Whether the opponent's throw-in on `at`, one of the two liberties of the chain at
/// `head`, takes the chain by a snapback. Each step is a fact of the board:
/// - the stone on `at` has one liberty, `other`, the chain's other liberty, so it leaves
///   the chain in atari there, next to no other opponent chain in atari;
/// - the owner taking the stone on `other` is left in atari on `at` (the point it just
///   emptied), and the opponent takes it all back there: two stones or more, no ko;
/// - the owner leaving the stone is taken by the opponent's stone on `other`.
///
/// (helper probe fresh1 f10: Black's C9-E8 with the liberties D9 and E9; White's E9 is
/// taken on D9, and White takes the five stones back on E9.)
fn snapback(board: &Board, head: Point, at: Point, other: Point) -> bool {
    let Some(color) = board.get(head) else {
        return false;
    };
    let them = color.opponent();
    // The stone on `at` has `other` for its only empty neighbour: most points fail here.
    let mut empty = board.neighbours(at).filter(|&q| board.get(q).is_none());
    if empty.next() != Some(other) || empty.next().is_some() {
        return false;
    }
    let Some(thrown) = with_move(board, them, at) else {
        return false;
    };
    if thrown.liberties(at) != 1 || thrown.liberties(head) != 1 {
        return false;
    }
    if can_capture_out(&thrown, head, Some(at)) {
        return false;
    }
    let Some(took) = with_move(&thrown, color, other) else {
        return false;
    };
    if took.get(at).is_some() || took.liberties(head) != 1 || took.liberties(other) != 1 {
        return false;
    }
    with_move(&took, them, at).is_some_and(|back| back.get(head).is_none())
}

/// Whether the chain at `head` on `board` touches an opponent chain in atari (but the one
/// on `except`), whose capture would give it liberties.
fn can_capture_out(board: &Board, head: Point, except: Option<Point>) -> bool {
    let Some(color) = board.get(head) else {
        return false;
    };
    board
        .chain_stones(head)
        .flat_map(|s| board.neighbours(s))
        .any(|nb| {
            board.get(nb) == Some(color.opponent())
                && except.is_none_or(|e| !board.same_chain(nb, e))
                && board.liberties(nb) == 1
        })
}

/// Step 4: stones named dead (those of `dead`) that reading shows the opponent cannot
/// capture, even moving first, or that live if their owner moves first.
fn check_dead(
    board: &Board,
    whole: Option<(&Position, &[bool])>,
    dead: &[Point],
    reader: &Reader,
    unsettled: &mut Vec<Unsettled>,
) {
    if dead.is_empty() {
        return;
    }
    use std::borrow::Cow;
    let (position, alive): (Cow<Position>, Cow<[bool]>) = match whole {
        Some((position, alive)) => (Cow::Borrowed(position), Cow::Borrowed(alive)),
        None => {
            let position = Position::new(board);
            let alive = chains_alive(&position, Suicide::Allowed);
            (Cow::Owned(position), Cow::Owned(alive))
        }
    };
    let is_dead: Vec<bool> = {
        let mut v = vec![false; position.len()];
        for &p in dead {
            if let Some(i) = position.index(p) {
                v[i] = position.stones[i].is_some();
            }
        }
        v
    };
    let named: Vec<bool> = position
        .chains
        .iter()
        .map(|chain| chain.stones.iter().any(|&i| is_dead[i]))
        .collect();
    // A chain named dead is never a wall: it is what is being asked about.
    let mut wall = fights::walls(&position, |i| alive[position.chain_of[i]]);
    for (c, &is_named) in named.iter().enumerate() {
        if is_named {
            wall[c] = false;
        }
    }
    let mut report = |chains: Vec<usize>, color: Color, outcome: (bool, bool)| {
        let kind = match outcome {
            (false, _) => UnsettledKind::DeadCannotBeCaptured,
            (true, false) => UnsettledKind::DeadUnlessCaptured,
            (true, true) => return,
        };
        let mut stones: Vec<usize> = chains
            .iter()
            .flat_map(|&c| position.chains[c].stones.iter().copied())
            .collect();
        stones.sort_unstable();
        let at_stake = 2 * stones.len() as u32;
        unsettled.push(Unsettled {
            kind,
            color: Some(color),
            stones: position.points(&stones),
            points: Vec::new(),
            at_stake,
        });
    };
    // The named chains of fights shut in but too large to read.
    let mut too_large = vec![false; position.chains.len()];
    for cluster in fights::clusters(&position, &wall) {
        if fights::is_open(&position, &cluster) {
            continue;
        }
        if !fights::is_readable(&position, &cluster) {
            for &c in &cluster.chains {
                too_large[c] = named[c];
            }
            continue;
        }
        let groups = fights::groups(&position, &cluster);
        for group in &groups {
            let Some(&d) = group.chains.iter().find(|&&c| named[c]) else {
                continue;
            };
            if let Some((chains, outcome)) =
                read_named(&position, board, &cluster, &groups, d, &is_dead, reader)
            {
                report(chains, group.color, outcome);
            }
        }
    }
    // A fight shut in but too large to read with only the proved walls is read again with
    // the opponent's chains that share no liberty with the dead chain taken as walls too:
    // taking away the defender's chance to capture them only helps the attacker, so stones
    // the attacker still cannot capture cannot be captured (and nothing else is
    // concluded). The chains that do share a liberty with it stay in the fight: a seki, a
    // race. Each group is read once (`done`).
    let mut done = vec![false; position.chains.len()];
    for d in 0..position.chains.len() {
        if !too_large[d] || done[d] {
            continue;
        }
        let color = position.chains[d].color;
        let mut walled = wall.clone();
        for (c, chain) in position.chains.iter().enumerate() {
            let shares = chain
                .libs
                .iter()
                .any(|l| position.chains[d].libs.binary_search(l).is_ok());
            if chain.color != color && !named[c] && !shares {
                walled[c] = true;
            }
        }
        let cluster = cluster_of(&position, &walled, d);
        if fights::is_open(&position, &cluster) || !fights::is_readable(&position, &cluster) {
            continue;
        }
        let groups = fights::groups(&position, &cluster);
        if let Some((chains, outcome)) =
            read_named(&position, board, &cluster, &groups, d, &is_dead, reader)
        {
            for &c in &chains {
                done[c] = true;
            }
            if !outcome.0 {
                report(chains, color, outcome);
            }
        }
    }
}

/// The cluster of `position` with the walls `wall` that holds chain `d`, which must not
/// be a wall: the one of [`fights::clusters`]`(position, wall)` with `d` among its chains,
/// found by a walk from `d` alone instead of joining the clusters of the whole board.
///
/// `fights::clusters` joins a small area with each chain next to it that is not a wall,
/// and two chains that touch stone against stone when neither is a wall; a cluster is what
/// these links join. The walk follows the same links from `d`: from a chain, to the small
/// areas of its liberties (the areas next to a chain are those of its liberties, and an
/// area lists exactly the chains next to it) and to the chains that are not walls next to
/// its stones; from a small area, to the chains next to it that are not walls. So it
/// reaches the chains and small areas of `d`'s cluster, no more, and lists them, and their
/// points, sorted, as `fights::clusters` does.
fn cluster_of(position: &Position, wall: &[bool], d: usize) -> Cluster {
    let small = |a: usize| !fights::is_large(position, a);
    let mut seen_chain = vec![false; position.chains.len()];
    let mut seen_area = vec![false; position.areas.len()];
    let mut chains = vec![d];
    let mut areas: Vec<usize> = Vec::new();
    seen_chain[d] = true;
    let mut next = 0;
    while next < chains.len() {
        let c = chains[next];
        next += 1;
        let chain = &position.chains[c];
        for &l in &chain.libs {
            let a = position.area_of[l];
            if seen_area[a] || !small(a) {
                continue;
            }
            seen_area[a] = true;
            areas.push(a);
            for &o in &position.areas[a].chains {
                if !wall[o] && !seen_chain[o] {
                    seen_chain[o] = true;
                    chains.push(o);
                }
            }
        }
        for &i in &chain.stones {
            for nb in position.neighbours(i) {
                let o = position.chain_of[nb];
                if o != NONE && !wall[o] && !seen_chain[o] {
                    seen_chain[o] = true;
                    chains.push(o);
                }
            }
        }
    }
    chains.sort_unstable();
    areas.sort_unstable();
    let mut points: Vec<usize> = Vec::new();
    for &c in &chains {
        points.extend(&position.chains[c].stones);
    }
    for &a in &areas {
        points.extend(&position.areas[a].points);
    }
    points.sort_unstable();
    Cluster {
        chains,
        areas,
        points,
    }
}

/// Whether the opponent kills the named dead chains of the group of chain `d` in
/// `cluster` (moving first, moving second); with those chains. `None` when the reading
/// gives no answer.
fn read_named(
    position: &Position,
    board: &Board,
    cluster: &fights::Cluster,
    groups: &[Group],
    d: usize,
    is_dead: &[bool],
    reader: &Reader,
) -> Option<(Vec<usize>, (bool, bool))> {
    let region = position.points(&cluster.points);
    let group = groups.iter().find(|g| g.chains.contains(&d))?;
    let chains: Vec<usize> = group
        .chains
        .iter()
        .copied()
        .filter(|&c| position.chains[c].stones.iter().all(|&i| is_dead[i]))
        .collect();
    if chains.is_empty() {
        return None;
    }
    let named = Group {
        color: group.color,
        chains: chains.clone(),
        eyes: group.eyes.clone(),
    };
    let targets = targets(position, &named);
    let theirs: Vec<Point> = groups
        .iter()
        .filter(|h| h.color != group.color)
        .flat_map(|h| targets_of(position, h))
        .collect();
    let mut outcome = reader.kills(board, &region, &targets, &theirs, group.color)?;
    if outcome == (true, true) {
        // Killed even moving first, when the owner may not shape its eyes: asked again
        // with that move allowed, since a group that takes the vital point of its eye
        // space first lives.
        let again = reader
            .shaping_eyes(|reader| reader.kills(board, &region, &targets, &theirs, group.color));
        if let Some(again) = again {
            outcome = again;
        }
    }
    Some((chains, outcome))
}

#[cfg(test)]
#[path = "settle_tests.rs"]
mod tests;
