//! Which games of a collection are the same game: stored twice, rotated or mirrored
//! (the eight symmetries of a square board, four of a rectangular one), or cut short (its
//! moves the start of another's); and which are near-duplicates (the same Dyer signature,
//! full sequences a few moves apart).
//!
//! Memory per game is a [`Fingerprint`]: a handful of 64-bit hashes and numbers, never the
//! moves, so a collection of millions of games fits one machine. A hash match is only a
//! candidate: every relation reported is confirmed on the moves themselves ([`Line`]),
//! which the caller reads again for the candidate games only ([`Candidates::games`]).
//!
//! How a copy cut short is found without the moves: each game keeps its canonical hash
//! at a few checkpoints ([`CHECKPOINTS`]: 20, 40, 80... moves). A game of `n` moves
//! (at least [`MIN_PREFIX`]) may be the start of a longer game only if both hash alike at
//! the last checkpoint at or before `n`; the longer game's moves are then compared.
//! A shorter record is never taken for a copy cut short: twenty moves in common are a
//! shared opening more often than one game.
//!
//! The canonical form of a game is the least, over the symmetries, of the hash of its
//! board size, setup stones and moves (colour and point, a pass as a pass) transformed by
//! the symmetry: two games have the same canonical hash when one is the other turned.

use std::collections::{BTreeMap, BTreeSet};

use crate::board::Color;
use crate::point::Point;
use crate::sgf::{Action, GameRecord};

/// Move counts at which a game's prefix hash is kept.
pub const CHECKPOINTS: [u32; 6] = [20, 40, 80, 160, 320, 640];

/// The fewest moves a game needs to be found as a copy cut short of a longer one.
pub const MIN_PREFIX: u32 = CHECKPOINTS[0];

/// The moves of the Dyer signature (1-based): where a game's 20th, 40th and 60th moves
/// were played, the signature game collections have long used to find the same game
/// recorded twice.
pub const DYER_MOVES: [usize; 3] = [20, 40, 60];

/// Near-duplicates: at most this many moves inserted, removed or changed between the two
/// sequences (after the symmetry that maps one onto the other).
pub const NEAR_MAX_EDITS: usize = 10;

/// Games sharing one Dyer signature compared pairwise, at most; past this many, each is
/// compared with the first only.
pub const NEAR_BUCKET: usize = 64;

/// What is kept of one game: hashes and the facts that choose which copy to keep.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fingerprint {
    pub width: u8,
    pub height: u8,
    pub moves: u32,
    /// The canonical hash of the whole game.
    pub full: u64,
    /// The canonical hash of the first `CHECKPOINTS[i]` moves, for those the game reaches.
    pub checkpoints: [u64; CHECKPOINTS.len()],
    /// The canonical Dyer signature, for a game of 60 moves or more.
    pub dyer: Option<u64>,
    pub completeness: Completeness,
}

/// What a record says beyond its moves, for choosing the copy to keep.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Completeness {
    /// `RE` is recorded.
    pub result: bool,
    /// Both `PB` and `PW` are recorded.
    pub players: bool,
    /// `DT` is recorded.
    pub date: bool,
}

/// A symmetry of the board: `0` is the identity; 1-3 flip columns, rows, or both; 4-7
/// (square boards only) also swap columns and rows.
type Symmetry = u8;

fn symmetries(width: u8, height: u8) -> std::ops::Range<Symmetry> {
    if width == height { 0..8 } else { 0..4 }
}

/// Where `symmetry` takes the point (`x`, `y`) of a `width` x `height` board.
fn turn(symmetry: Symmetry, x: u8, y: u8, width: u8, height: u8) -> (u8, u8) {
    let (x, y) = if symmetry & 4 != 0 { (y, x) } else { (x, y) };
    // After a swap the board is square, so the sides are the same.
    let (w, h) = if symmetry & 4 != 0 {
        (height, width)
    } else {
        (width, height)
    };
    let x = if symmetry & 1 != 0 { w - 1 - x } else { x };
    let y = if symmetry & 2 != 0 { h - 1 - y } else { y };
    (x, y)
}

/// A move as a number: its colour in bit 15, then `0` for a pass, `1 + x + 32 y` for a
/// point on the board, and [`ELSEWHERE`] for a point off the board or a value that is not
/// a point (the same under every symmetry).
type Code = u16;
const WHITE: Code = 1 << 15;
const ELSEWHERE: Code = 0x7fff;

fn code(color: Color, action: &Action, width: u8, height: u8) -> Code {
    let colour = if color == Color::White { WHITE } else { 0 };
    colour
        | match action {
            Action::Pass => 0,
            Action::Play(p) if p.x < width && p.y < height => point_code(*p),
            _ => ELSEWHERE,
        }
}

fn point_code(p: Point) -> Code {
    1 + Code::from(p.x) + 32 * Code::from(p.y)
}

fn turn_code(symmetry: Symmetry, code: Code, width: u8, height: u8) -> Code {
    let colour = code & WHITE;
    let at = code & !WHITE;
    if at == 0 || at == ELSEWHERE || symmetry == 0 {
        return code;
    }
    let (x, y) = ((at - 1) % 32, (at - 1) / 32);
    let (x, y) = turn(symmetry, x as u8, y as u8, width, height);
    colour | point_code(Point::new(x, y))
}

/// The murmur3 finaliser: every bit of the input reaches every bit of the output.
fn mix(mut h: u64) -> u64 {
    h ^= h >> 33;
    h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
    h ^= h >> 33;
    h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    h ^ (h >> 33)
}

fn step(h: u64, code: Code) -> u64 {
    mix(h ^ (u64::from(code) + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15))
}

/// A game as compared: board size, setup stones and moves as [`Code`]s, unturned.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    pub width: u8,
    pub height: u8,
    /// Setup stones before the first move (colour and point), sorted.
    setup: Vec<Code>,
    codes: Vec<Code>,
}

impl Line {
    pub fn of(record: &GameRecord) -> Line {
        let (width, height) = (record.width, record.height);
        let stone = |color, p: &Point| code(color, &Action::Play(*p), width, height);
        let mut setup: Vec<Code> = (record.setup.black.iter().map(|p| stone(Color::Black, p)))
            .chain(record.setup.white.iter().map(|p| stone(Color::White, p)))
            .collect();
        setup.sort_unstable();
        let codes = record
            .moves
            .iter()
            .map(|m| code(m.color, &m.action, width, height))
            .collect();
        Line {
            width,
            height,
            setup,
            codes,
        }
    }

    pub fn moves(&self) -> usize {
        self.codes.len()
    }

    /// This line's setup and moves turned by `symmetry`.
    fn turned(&self, symmetry: Symmetry) -> (Vec<Code>, Vec<Code>) {
        let t = |c: &Code| turn_code(symmetry, *c, self.width, self.height);
        let mut setup: Vec<Code> = self.setup.iter().map(t).collect();
        setup.sort_unstable();
        (setup, self.codes.iter().map(t).collect())
    }

    /// The seed of the hash under `symmetry`: the board size and the setup, in no order.
    fn seed(&self, symmetry: Symmetry) -> u64 {
        let (w, h) = if symmetry & 4 != 0 {
            (self.height, self.width)
        } else {
            (self.width, self.height)
        };
        let stones = self.setup.iter().fold(0u64, |sum, c| {
            sum.wrapping_add(mix(u64::from(turn_code(
                symmetry,
                *c,
                self.width,
                self.height,
            )) | 1 << 40))
        });
        mix(u64::from(w) << 8 | u64::from(h)) ^ stones
    }

    /// How this line stands to `other`, confirmed move by move: the symmetry that makes
    /// this line the other, or its start, or within [`NEAR_MAX_EDITS`] of it.
    pub fn relation(&self, other: &Line) -> Option<Relation> {
        if (self.width, self.height) != (other.width, other.height)
            && (self.width, self.height) != (other.height, other.width)
        {
            return None;
        }
        let mut near: Option<Relation> = None;
        for symmetry in symmetries(self.width, self.height) {
            let (setup, codes) = self.turned(symmetry);
            if setup != other.setup {
                continue;
            }
            if codes == other.codes {
                return Some(Relation::Same { symmetry });
            }
            if codes.len() < other.codes.len() && other.codes.starts_with(&codes) {
                return Some(Relation::Start { symmetry });
            }
            if let Some(edits) = edits_within(&codes, &other.codes, NEAR_MAX_EDITS)
                && near.is_none_or(|n| matches!(n, Relation::Near { edits: e, .. } if edits < e))
            {
                near = Some(Relation::Near { symmetry, edits });
            }
        }
        near
    }
}

/// How one game stands to another.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Relation {
    /// The same moves, once the first game is turned by `symmetry` (0: as it stands).
    Same { symmetry: u8 },
    /// The first game's moves are the start of the other's.
    Start { symmetry: u8 },
    /// The sequences differ by `edits` moves inserted, removed or changed.
    Near { symmetry: u8, edits: usize },
}

/// The edit distance between `a` and `b` when it is at most `max` (a band of the
/// table, so the work is linear in the length).
fn edits_within(a: &[Code], b: &[Code], max: usize) -> Option<usize> {
    if a.len().abs_diff(b.len()) > max {
        return None;
    }
    let inf = usize::MAX / 2;
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    let mut current = vec![inf; b.len() + 1];
    for i in 1..=a.len() {
        let low = i.saturating_sub(max).max(1);
        let high = (i + max).min(b.len());
        current.fill(inf);
        if i <= max {
            current[0] = i;
        }
        let mut best = current[0];
        for j in low..=high {
            let change = previous[j - 1] + usize::from(a[i - 1] != b[j - 1]);
            let value = change.min(previous[j] + 1).min(current[j - 1] + 1);
            current[j] = value;
            best = best.min(value);
        }
        if best > max {
            return None;
        }
        std::mem::swap(&mut previous, &mut current);
    }
    let edits = previous[b.len()];
    (edits <= max).then_some(edits)
}

/// The fingerprint of a game (see the module documentation).
pub fn fingerprint(record: &GameRecord) -> Fingerprint {
    let line = Line::of(record);
    let syms = symmetries(line.width, line.height);
    let mut hashes: Vec<u64> = syms.clone().map(|s| line.seed(s)).collect();
    let mut checkpoints = [0u64; CHECKPOINTS.len()];
    let mut next = 0;
    for (i, c) in line.codes.iter().enumerate() {
        for (s, h) in syms.clone().zip(hashes.iter_mut()) {
            *h = step(*h, turn_code(s, *c, line.width, line.height));
        }
        if next < CHECKPOINTS.len() && i + 1 == CHECKPOINTS[next] as usize {
            checkpoints[next] = hashes.iter().copied().min().unwrap_or_default();
            next += 1;
        }
    }
    let dyer = (line.codes.len() >= DYER_MOVES[2]).then(|| {
        syms.clone()
            .map(|s| {
                DYER_MOVES
                    .iter()
                    .fold(u64::from(line.width) << 8 | u64::from(line.height), {
                        |sig, &m| {
                            sig << 16
                                | u64::from(turn_code(
                                    s,
                                    line.codes[m - 1],
                                    line.width,
                                    line.height,
                                ))
                        }
                    })
            })
            .min()
            .unwrap_or_default()
    });
    Fingerprint {
        width: line.width.min(line.height),
        height: line.width.max(line.height),
        moves: u32::try_from(line.codes.len()).unwrap_or(u32::MAX),
        full: hashes.iter().copied().min().unwrap_or_default(),
        checkpoints,
        dyer,
        completeness: Completeness {
            result: record.result.is_some(),
            players: record.black.is_some() && record.white.is_some(),
            date: record.date.is_some(),
        },
    }
}

/// Pairs of games whose hashes say they may be related, by index into the fingerprints.
#[derive(Debug, Default)]
pub struct Candidates {
    /// Games with the same canonical hash and length: one list per hash.
    pub same: Vec<Vec<usize>>,
    /// (shorter, longer): the shorter may be the start of the longer.
    pub starts: Vec<(usize, usize)>,
    /// Games with the same Dyer signature, not candidates for the same game.
    pub near: Vec<(usize, usize)>,
}

impl Candidates {
    /// Every game some candidate names, in order: the games whose moves must be read again.
    pub fn games(&self) -> BTreeSet<usize> {
        let mut games: BTreeSet<usize> = self.same.iter().flatten().copied().collect();
        for (a, b) in self.starts.iter().chain(&self.near) {
            games.insert(*a);
            games.insert(*b);
        }
        games
    }
}

/// The candidates among `games` (`None`: a game that could not be read, or without moves).
pub fn candidates(games: &[Option<Fingerprint>]) -> Candidates {
    // Sorted lists of (key, game) rather than maps of lists: a few words per game, and
    // no allocation per game.
    let prints = || {
        games
            .iter()
            .enumerate()
            .filter_map(|(i, f)| Some((i, (*f)?)))
    };
    let same = runs(
        prints()
            .map(|(i, f)| ((f.width, f.height, f.moves, f.full), i))
            .collect(),
    );
    let mut anchors: Vec<((u8, u8, usize, u64), usize)> = prints()
        .filter_map(|(i, f)| {
            let c = CHECKPOINTS.iter().rposition(|&c| c <= f.moves)?;
            Some(((f.width, f.height, c, f.checkpoints[c]), i))
        })
        .collect();
    anchors.sort_unstable();
    let mut starts = BTreeSet::new();
    for (i, f) in prints() {
        for (c, &at) in CHECKPOINTS.iter().enumerate() {
            if at > f.moves {
                break;
            }
            let key = (f.width, f.height, c, f.checkpoints[c]);
            let from = anchors.partition_point(|(k, _)| *k < key);
            for &(_, j) in anchors[from..].iter().take_while(|(k, _)| *k == key) {
                if games[j].is_some_and(|g| g.moves < f.moves) {
                    starts.insert((j, i));
                }
            }
        }
    }
    drop(anchors);
    let dyer = runs(
        prints()
            .filter_map(|(i, f)| Some(((f.width, f.height, f.dyer?), i)))
            .collect(),
    );
    let mut near = BTreeSet::new();
    for list in &dyer {
        // A signature many games share (a generated collection, a forced opening) is
        // compared with its first game only, so the work stays linear.
        let firsts = if list.len() > NEAR_BUCKET {
            1
        } else {
            list.len()
        };
        for (k, &a) in list.iter().enumerate().take(firsts) {
            for &b in &list[k + 1..] {
                let (fa, fb) = (games[a].as_ref(), games[b].as_ref());
                let same_game = fa.zip(fb).is_some_and(|(x, y)| {
                    (x.moves, x.full) == (y.moves, y.full)
                        || starts.contains(&(a, b))
                        || starts.contains(&(b, a))
                });
                if !same_game {
                    near.insert((a.min(b), a.max(b)));
                }
            }
        }
    }
    Candidates {
        same,
        starts: starts.into_iter().collect(),
        near: near.into_iter().collect(),
    }
}

/// The games of each key held by more than one, in order of key, each list in game order.
fn runs<K: Ord + Copy>(mut keyed: Vec<(K, usize)>) -> Vec<Vec<usize>> {
    keyed.sort_unstable();
    let mut lists = Vec::new();
    for run in keyed.chunk_by(|a, b| a.0 == b.0) {
        if run.len() > 1 {
            lists.push(run.iter().map(|(_, i)| *i).collect());
        }
    }
    lists
}

/// Why a game of a group goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum DropReason {
    /// The same moves as the kept game, as they stand.
    SameMoves,
    /// The same moves as the kept game, rotated or mirrored.
    Turned,
    /// Its moves are the start of the kept game's.
    CutShort,
}

impl DropReason {
    /// The reason's name in every output.
    pub fn name(self) -> &'static str {
        match self {
            DropReason::SameMoves => "same-moves",
            DropReason::Turned => "rotated-or-mirrored",
            DropReason::CutShort => "cut-short",
        }
    }
}

/// Why the kept game of a group is kept, the first of these that sets it apart from the
/// next best; `FirstByPath` when nothing does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeepReason {
    MostMoves,
    Result,
    Players,
    Date,
    FirstByPath,
}

impl KeepReason {
    pub fn name(self) -> &'static str {
        match self {
            KeepReason::MostMoves => "most-moves",
            KeepReason::Result => "has-result",
            KeepReason::Players => "has-players",
            KeepReason::Date => "has-date",
            KeepReason::FirstByPath => "first-by-path",
        }
    }
}

/// One game of a group.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Member {
    /// Index into the fingerprints.
    pub game: usize,
    /// `None` for the kept game.
    pub dropped: Option<DropReason>,
    /// For a near-duplicate, the edits between it and the group's first game.
    pub edits: Option<usize>,
}

/// Whether a group holds one game stored several times or near-duplicates.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GroupKind {
    SameGame,
    NearDuplicates,
}

impl GroupKind {
    pub fn name(self) -> &'static str {
        match self {
            GroupKind::SameGame => "same-game",
            GroupKind::NearDuplicates => "near-duplicates",
        }
    }
}

/// Games found related. In a `SameGame` group the kept game comes first; a
/// `NearDuplicates` group drops nothing (the games differ: a person decides).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Group {
    pub kind: GroupKind,
    pub members: Vec<Member>,
    /// Why the first member is kept (`SameGame` only).
    pub kept_because: Option<KeepReason>,
}

/// The groups of a collection: the candidates confirmed on the moves (`lines`, for every
/// game of [`Candidates::games`]). Games are in input order, which breaks ties ("first by
/// path").
///
/// A shorter game is the start of several longer ones that are not the same game: it
/// joins the group of the longest of them (first by path among equals), so one group
/// never holds two different games.
pub fn groups(
    games: &[Option<Fingerprint>],
    candidates: &Candidates,
    lines: &BTreeMap<usize, Line>,
) -> Vec<Group> {
    let related = |a: usize, b: usize| {
        lines
            .get(&a)
            .zip(lines.get(&b))
            .and_then(|(x, y)| x.relation(y))
    };
    // Games of the same moves, confirmed: each joins the first game it matches.
    let mut head: BTreeMap<usize, usize> = BTreeMap::new();
    for list in &candidates.same {
        let mut heads: Vec<usize> = Vec::new();
        for &g in list {
            let found = heads
                .iter()
                .copied()
                .find(|&h| matches!(related(g, h), Some(Relation::Same { .. })));
            match found {
                Some(h) => {
                    head.insert(g, h);
                }
                None => heads.push(g),
            }
        }
    }
    let head_of = |g: usize| head.get(&g).copied().unwrap_or(g);
    let moves = |g: usize| games[g].map_or(0, |f| f.moves);
    // Copies cut short: each shorter head joins the longest head it starts.
    let mut longer: BTreeMap<usize, usize> = BTreeMap::new();
    for &(a, b) in &candidates.starts {
        let (a, b) = (head_of(a), head_of(b));
        if !matches!(related(a, b), Some(Relation::Start { .. })) {
            continue;
        }
        let better = longer
            .get(&a)
            .is_none_or(|&c| moves(b) > moves(c) || (moves(b) == moves(c) && b < c));
        if better {
            longer.insert(a, b);
        }
    }
    // Follow a chain of starts to its end (a start of a start of the longest game).
    let top = |mut g: usize| {
        let mut steps = 0;
        while let Some(&next) = longer.get(&g) {
            g = next;
            steps += 1;
            if steps > games.len() {
                break;
            }
        }
        g
    };
    let mut same_game: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
    for &g in lines.keys() {
        let h = head_of(g);
        let root = top(h);
        if root != g || head.contains_key(&g) || longer.contains_key(&g) {
            same_game.entry(root).or_default().push(g);
        }
    }
    let mut result = Vec::new();
    for (root, mut members) in same_game {
        members.push(root);
        members.sort_unstable();
        members.dedup();
        if members.len() < 2 {
            continue;
        }
        result.push(same_game_group(games, members, lines));
    }
    // Near-duplicates, each game of a group standing for it by its kept game, each pair
    // once.
    let kept_of: BTreeMap<usize, usize> = result
        .iter()
        .flat_map(|g| {
            let kept = g.members[0].game;
            g.members.iter().map(move |m| (m.game, kept))
        })
        .collect();
    let stand_in = |g: usize| kept_of.get(&g).copied().unwrap_or(g);
    let pairs: BTreeSet<(usize, usize)> = candidates
        .near
        .iter()
        .map(|&(a, b)| (stand_in(a), stand_in(b)))
        .filter(|(a, b)| a != b)
        .map(|(a, b)| (a.min(b), a.max(b)))
        .collect();
    let mut near: Vec<Group> = Vec::new();
    for (a, b) in pairs {
        if let Some(Relation::Near { edits, .. }) = related(a, b) {
            near.push(Group {
                kind: GroupKind::NearDuplicates,
                members: vec![
                    Member {
                        game: a,
                        dropped: None,
                        edits: None,
                    },
                    Member {
                        game: b,
                        dropped: None,
                        edits: Some(edits),
                    },
                ],
                kept_because: None,
            });
        }
    }
    result.sort_by_key(|g| g.members.iter().map(|m| m.game).min());
    result.extend(near);
    result
}

/// A group of one game: the most complete member first, then the others in input order.
fn same_game_group(
    games: &[Option<Fingerprint>],
    mut members: Vec<usize>,
    lines: &BTreeMap<usize, Line>,
) -> Group {
    let score = |g: usize| {
        let f = games[g].unwrap_or(Fingerprint {
            width: 0,
            height: 0,
            moves: 0,
            full: 0,
            checkpoints: [0; CHECKPOINTS.len()],
            dyer: None,
            completeness: Completeness::default(),
        });
        let c = f.completeness;
        (f.moves, c.result, c.players, c.date)
    };
    // Most complete first; among equals, input order (path order).
    members.sort_by(|&a, &b| score(b).cmp(&score(a)).then(a.cmp(&b)));
    let kept = members[0];
    let kept_because = members.get(1).map(|&next| {
        let (k, n) = (score(kept), score(next));
        if k.0 != n.0 {
            KeepReason::MostMoves
        } else if k.1 != n.1 {
            KeepReason::Result
        } else if k.2 != n.2 {
            KeepReason::Players
        } else if k.3 != n.3 {
            KeepReason::Date
        } else {
            KeepReason::FirstByPath
        }
    });
    let kept_line = lines.get(&kept);
    let mut list = vec![Member {
        game: kept,
        dropped: None,
        edits: None,
    }];
    let mut others: Vec<usize> = members[1..].to_vec();
    others.sort_unstable();
    for g in others {
        let relation = lines
            .get(&g)
            .zip(kept_line)
            .and_then(|(a, b)| a.relation(b));
        let dropped = match relation {
            Some(Relation::Same { symmetry: 0 }) => DropReason::SameMoves,
            Some(Relation::Same { .. }) => DropReason::Turned,
            _ => DropReason::CutShort,
        };
        list.push(Member {
            game: g,
            dropped: Some(dropped),
            edits: None,
        });
    }
    Group {
        kind: GroupKind::SameGame,
        members: list,
        kept_because,
    }
}

#[cfg(test)]
mod tests;
