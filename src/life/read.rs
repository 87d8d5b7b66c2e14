//! Exact reading of a small local fight.
//!
//! A [`Fight`] is a region of at most [`MAX_POINTS`] points of a board; everything outside
//! it stays as it is. Moves are played only inside the region, under the usual rules
//! (captures, no suicide, the simple ko rule) and with passes. A side *wins* when it
//! captures one of the opponent's *targets*, chains the caller names; two passes in a row
//! end the local game with no winner, and so does play that cycles forever (a ko neither
//! side can win).
//!
//! Stones outside the region are never captured. A region chain next to an outside stone
//! of its colour is joined to it, and a region chain next to an empty point outside the
//! region has a liberty nobody can fill: both are beyond capture too.
//!
//! A capture of a target that the other side answers at once by taking back at least as
//! many stones is no win: the local game ends there with no winner. A fight with targets
//! of one colour only also ends with no winner once every target stands in a chain the
//! opponent can no longer capture even with moves in a row (Benson's algorithm inside the
//! region, [`Fight::pass_alive`]).
//!
//! [`Fight::solve`] answers "can this side force a win?" by a depth-first proof search: a
//! position is won when the side to move has a move into a won position, or the opponent
//! has only moves into won positions. A position already on the line being searched
//! counts as not won (play that cycles wins nothing), and a "not won" that rests on such a
//! repetition is not remembered, so the answer is exactly the least fixed point of that
//! rule over every reachable position, as a full analysis of the graph of positions would
//! give, while the search visits only the positions a proof needs. There is no depth to
//! tune; the work is bounded by the number of positions the caller allows, and past it
//! the fight gives up (`None`), so it cannot hang or grow without bound.
//!
//! The settling asks the same question of the same fight more than once: the count of a
//! group in doubt settles the whole board again with one group the other way, and most
//! of its fights are the fights already read. So each thread remembers the answers of
//! [`Fight::attack_counted`] and [`Fight::attack_next_counted`] ([`Answers`]). A search
//! visits its positions in an order that depends on the fight and the question alone, and
//! the bound only decides where it stops; so a remembered answer, with the number of
//! positions it took, says what the search would do under any bound: the same answer
//! when it took no more than the bound allows, a give-up at the bound otherwise. The
//! answers, and the positions charged to the caller's budget, are the ones a search
//! would give: what a thread read before never changes a result.

use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};

use crate::board::{Board, Color};
use crate::point::Point;

/// The largest region a fight can have.
pub const MAX_POINTS: usize = 64;

/// Who wins a fight with each side moving first (`None`: nobody, both pass in the end).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Outcome {
    pub black_first: Option<Color>,
    pub white_first: Option<Color>,
}

impl Outcome {
    /// A fight neither side wins, whoever moves first: a seki, or nothing to fight over.
    pub const NOBODY: Outcome = Outcome {
        black_first: None,
        white_first: None,
    };

    /// Who wins when `color` moves first.
    pub fn first(&self, color: Color) -> Option<Color> {
        match color {
            Color::Black => self.black_first,
            Color::White => self.white_first,
        }
    }
}

/// A local fight on a board: see the module documentation.
#[derive(Debug, Clone)]
pub struct Fight {
    /// The region's points; bit `i` of a mask is `points[i]`.
    points: Vec<Point>,
    /// Per region point: its neighbours in the region (0 past the last point). An array
    /// of [`MAX_POINTS`], so that a point of a mask indexes it without a bounds check.
    next_to: [u64; MAX_POINTS],
    /// Per colour: the region points where a chain of that colour can never be captured.
    safe: [u64; 2],
    /// Per colour: the region points next to an outside stone of that colour.
    walls: [u64; 2],
    /// The region points next to an empty point outside.
    open: u64,
    /// Per colour: the region points of that colour's targets.
    targets: [u64; 2],
    /// Every region point.
    all: u64,
    /// A colour that may only pass.
    only_passes: Option<Color>,
    /// A colour the ko rule does not bind: it may retake a ko at once, as if it always
    /// had a threat elsewhere.
    ko_free: Option<Color>,
    /// Whether a side may shape eyes in a quiet area of its own (see [`Fight::idle`]).
    shape_eyes: bool,
}

/// A local position: the stones of each colour on the region (by colour index), the side
/// to move, the point it may not retake a ko at (`NO_KO` for none) and whether the last
/// move was a pass.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct State {
    stones: [u64; 2],
    to_move: Color,
    ko: u8,
    passed: bool,
}

impl Hash for State {
    /// Three words: the derived hash would feed [`Fx`] the stones byte by byte.
    fn hash<H: Hasher>(&self, h: &mut H) {
        h.write_u64(self.stones[0]);
        h.write_u64(self.stones[1]);
        h.write_u64(
            self.to_move.index() as u64 | u64::from(self.ko) << 8 | u64::from(self.passed) << 16,
        );
    }
}

/// The chains of a local position, found once per position so that every move tried
/// from it is judged by looking at the chains next to its point, without tracing them
/// again.
#[derive(Clone)]
struct Chains {
    /// Per chain: its stones, and the region points next to it that are not its own.
    list: [(u64, u64); MAX_POINTS],
    len: usize,
    /// Per region point with a stone: the index of its chain in `list`.
    of: [u8; MAX_POINTS],
}

impl Chains {
    fn new() -> Box<Chains> {
        Box::new(Chains {
            list: [(0, 0); MAX_POINTS],
            len: 0,
            of: [0; MAX_POINTS],
        })
    }

    /// Find the chains of `stones` (both colours) in `fight`.
    fn fill(&mut self, fight: &Fight, stones: [u64; 2]) {
        self.len = 0;
        for color_stones in stones {
            let mut left = color_stones;
            while left != 0 {
                let (chain, around) = fight.chain(left & left.wrapping_neg(), color_stones);
                left &= !chain;
                for i in bits(chain) {
                    self.of[i] = self.len as u8;
                }
                self.list[self.len] = (chain, around);
                self.len += 1;
            }
        }
    }

    /// The chains after `played` in the position whose chains are `before`: the same
    /// chains, but for the ones the move joined or captured, and the chain it made.
    /// The chains keep their places in the list: a chain that is gone leaves an empty
    /// entry (no stones, nothing around: every reader of the list passes over it), which
    /// the new chain takes when there is one; so only the new chain's stones get a new
    /// place in `of` (the captured points' entries are stale, but only stones are looked
    /// up, and a stone played there is in the new chain).
    fn follow(&mut self, before: &Chains, played: Played) {
        let n = before.len;
        self.list[..n].copy_from_slice(&before.list[..n]);
        self.of = before.of;
        self.len = n;
        if played.chain == 0 {
            return;
        }
        let gone = played.chain | played.captured;
        let mut free = None;
        for k in 0..n {
            if self.list[k].0 & gone != 0 {
                self.list[k] = (0, 0);
                free.get_or_insert(k);
            }
        }
        let k = match free {
            Some(k) => k,
            None if n < MAX_POINTS => {
                self.len = n + 1;
                n
            }
            None => {
                // Every entry is taken (empty ones among them): close the gaps.
                self.compact();
                self.len += 1;
                self.len - 1
            }
        };
        self.list[k] = (played.chain, played.around);
        for i in bits(played.chain) {
            self.of[i] = k as u8;
        }
    }

    /// The chains moved to the front of the list, with no empty entries between.
    fn compact(&mut self) {
        let mut len = 0;
        for k in 0..self.len {
            let (chain, around) = self.list[k];
            if chain != 0 {
                self.list[len] = (chain, around);
                for i in bits(chain) {
                    self.of[i] = len as u8;
                }
                len += 1;
            }
        }
        self.len = len;
    }

    /// The chain of the stone on region point `i`: its stones and the points around it.
    fn at(&self, i: usize) -> (u64, u64) {
        // A chain's place is below `len`, at most `MAX_POINTS`: the `%` changes nothing,
        // but spares the bounds check.
        self.list[usize::from(self.of[i % MAX_POINTS]) % MAX_POINTS]
    }

    /// The chains found, each as its stones and the points around it.
    fn iter(&self) -> impl Iterator<Item = (u64, u64)> + '_ {
        self.list[..self.len].iter().copied()
    }
}

const NO_KO: u8 = u8::MAX;

/// The rank of the pass of the side that is not seeking a win: after its captures and
/// its points near the targets, before the points further off. The order of the moves
/// changes no answer, only how many positions the search visits to find it. Passing
/// first looks cheap (a living group often holds by passing), but it lets the seeker
/// play on inside the eye space, capture and be captured, and each such line has to be
/// refuted to its end: a seki in the corner with three stones inside (docs/rules.md,
/// "Reading a local fight") took past three million positions so, and about 1,400 with
/// its captures and answers first. Over the corpus's engine games the batch costs 7%
/// fewer instructions.
const DEFENDER_PASS: u8 = 3;

/// What a move changed in the chains: the chain its stone stands in (with the region
/// points around it) and the stones it captured; all empty for a pass.
#[derive(Debug, Clone, Copy, Default)]
struct Played {
    chain: u64,
    around: u64,
    captured: u64,
}

/// A move a search may try: a pass, or a stone on a region point.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Candidate {
    Pass,
    Play(u8),
}

/// The moves of a position by rank, as [`Fight::candidates`] ranks them: each rank's
/// points in reading order, the pass first among its rank.
///
/// The ranks are 0 (the end of the local game: only ever a pass), captures, points near
/// a target, points next to a stone, the rest, and 5 (only ever a pass). Ranks 0 and 5
/// hold no point: the moves are kept as the four ranks of points and the place of the
/// pass among them.
#[derive(Debug, Clone, Copy)]
struct Moves {
    /// The points of ranks 1 to 4, disjoint.
    ranked: [u64; 4],
    /// The rank of points (0 to 3 for ranks 1 to 4) the pass comes before; 4 when it
    /// comes after them all.
    pass_at: usize,
}

impl Moves {
    /// The moves of a pass of rank `pass_rank` (0 to 5) and the points of ranks 1 to 4.
    fn new(pass_rank: u8, ranked: [u64; 4]) -> Moves {
        debug_assert!(pass_rank <= 5);
        Moves {
            ranked,
            pass_at: usize::from(pass_rank.saturating_sub(1)),
        }
    }

    /// The moves in the order a search tries them.
    fn iter(self) -> Order {
        Order {
            ranked: self.ranked,
            rank: 0,
            pass_at: self.pass_at,
        }
    }
}

/// The moves of a [`Moves`] in the order a search tries them: a hand-written iterator, as
/// the search's inner loop walks it (an iterator of ranks flattened costs several times
/// more per move).
struct Order {
    /// The points not handed out yet, by rank.
    ranked: [u64; 4],
    /// The rank handed out now (4: all done).
    rank: usize,
    /// The rank before which the pass comes (4: after every point; 5: handed out).
    pass_at: usize,
}

impl Iterator for Order {
    type Item = Candidate;

    #[inline]
    fn next(&mut self) -> Option<Candidate> {
        loop {
            if self.pass_at == self.rank {
                self.pass_at = 5;
                return Some(Candidate::Pass);
            }
            if self.rank >= 4 {
                return None;
            }
            let left = self.ranked[self.rank];
            if left != 0 {
                self.ranked[self.rank] = left & (left - 1);
                return Some(Candidate::Play(left.trailing_zeros() as u8));
            }
            self.rank += 1;
        }
    }
}

/// Where a move leads, in the graph of positions: a position's index, or one of these.
const BLACK_WON: u32 = u32::MAX;
const WHITE_WON: u32 = u32::MAX - 1;
const BOTH_PASSED: u32 = u32::MAX - 2;
/// A capture of a target that the other side answers by taking back at least as many
/// stones: no kill, and the local game ends there with no winner.
const NO_KILL: u32 = u32::MAX - 3;

fn won(color: Color) -> u32 {
    match color {
        Color::Black => BLACK_WON,
        Color::White => WHITE_WON,
    }
}

/// A fast hash for positions (the multiply-rotate step of rustc's FxHasher).
#[derive(Default)]
struct Fx(u64);

impl Hasher for Fx {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u8(&mut self, n: u8) {
        self.write_u64(u64::from(n));
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
}

/// The bits of `mask`, lowest first.
fn bits(mut mask: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        // `mask` is not 0, so `i < 64`: the `% MAX_POINTS` changes nothing, but tells the
        // compiler, which then drops the bounds checks of the arrays of `MAX_POINTS`
        // indexed by `i` (the search's inner loops).
        let i = mask.trailing_zeros() as usize % MAX_POINTS;
        mask &= mask - 1;
        Some(i)
    })
}

impl Fight {
    /// The fight over `region` on `board`, where a side wins by capturing a chain with a
    /// stone on one of `targets`. `None` when the region has more than [`MAX_POINTS`]
    /// points or a point off the board, or a target is not a stone of the region.
    pub fn new(board: &Board, region: &[Point], targets: &[Point]) -> Option<Fight> {
        if region.len() > MAX_POINTS || region.iter().any(|&p| !board.contains(p)) {
            return None;
        }
        let mut points: Vec<Point> = region.to_vec();
        points.sort_unstable_by_key(|p| (p.y, p.x));
        points.dedup();
        let index = |p: Point| points.iter().position(|&q| q == p);
        let mut next_to = [0u64; MAX_POINTS];
        let mut walls = [0u64; 2];
        let mut open = 0u64;
        for (i, &p) in points.iter().enumerate() {
            for q in board.neighbours(p) {
                match index(q) {
                    Some(j) => next_to[i] |= 1 << j,
                    None => match board.get(q) {
                        None => open |= 1 << i,
                        Some(c) => walls[c.index()] |= 1 << i,
                    },
                }
            }
        }
        let safe = [walls[0] | open, walls[1] | open];
        let all = if points.len() == 64 {
            u64::MAX
        } else {
            (1u64 << points.len()) - 1
        };
        let mut fight = Fight {
            all,
            points,
            next_to,
            safe,
            walls,
            open,
            targets: [0; 2],
            only_passes: None,
            ko_free: None,
            shape_eyes: false,
        };
        let stones = fight.stones_of(board);
        for &t in targets {
            let color = board.get(t)?;
            let i = fight.index(t)?;
            let chain = fight.chain(1 << i, stones[color.index()]).0;
            fight.targets[color.index()] |= chain;
        }
        Some(fight)
    }

    /// Let `color` only pass (`None`: both play), to check that a target can be captured
    /// at all.
    pub fn only_passes(&mut self, color: Option<Color>) {
        self.only_passes = color;
    }

    /// Let `color` retake a ko at once (`None`: the ko rule binds both), as if it had a
    /// ko threat elsewhere every time: a side that still loses then loses whatever the
    /// threats on the rest of the board.
    pub fn ko_free(&mut self, color: Option<Color>) {
        self.ko_free = color;
    }

    /// Let each side shape eyes in its quiet areas (see [`Fight::idle`]): for a question
    /// whose answer turns on whether the side to move can make two eyes first. Off, the
    /// reading never plays inside a quiet area, which is cheaper and favours the side
    /// attacking it.
    pub fn shape_eyes(&mut self, on: bool) {
        self.shape_eyes = on;
    }

    /// The region's points, in reading order from the top left.
    pub fn points(&self) -> &[Point] {
        &self.points
    }

    /// Who wins from `board` with each side moving first, visiting at most `max_states`
    /// positions in all (`None` past that). `board` must be the board the fight was made
    /// on, or one that differs from it only inside the region.
    pub fn solve(&self, board: &Board, max_states: usize) -> Option<Outcome> {
        self.solve_counted(board, max_states).0
    }

    /// [`Fight::solve`], with how many positions it visited.
    pub fn solve_counted(&self, board: &Board, max_states: usize) -> (Option<Outcome>, usize) {
        let mut search = Search::new(self, max_states);
        let outcome = self.solve_with(board, &mut search);
        (outcome, search.visited)
    }

    fn solve_with(&self, board: &Board, search: &mut Search) -> Option<Outcome> {
        let stones = self.stones_of(board);
        let mut first = [None, None];
        for to_move in [Color::Black, Color::White] {
            let start = State {
                stones,
                to_move,
                ko: NO_KO,
                passed: false,
            };
            first[to_move.index()] = search.winner(start)?;
        }
        Some(Outcome {
            black_first: first[0],
            white_first: first[1],
        })
    }

    /// Whether `attacker` can force a win from `board` moving first, and moving second:
    /// `[attacker first, attacker second]`, visiting at most `max_states` positions in
    /// all (`None` past that), with how many it visited. Cheaper than [`Fight::solve`]
    /// when only one side's wins matter.
    pub fn attack_counted(
        &self,
        board: &Board,
        attacker: Color,
        max_states: usize,
    ) -> (Option<[bool; 2]>, usize) {
        let start = State {
            stones: self.stones_of(board),
            to_move: attacker,
            ko: NO_KO,
            passed: false,
        };
        let (out, visited) = Answers::ask(self, start, Ask::Attack, max_states, || {
            let (out, visited) = self.attack_searched(start.stones, attacker, max_states);
            (out.map(|[a, b]| u8::from(a) | u8::from(b) << 1), visited)
        });
        (out.map(|o| [o & 1 != 0, o & 2 != 0]), visited)
    }

    /// [`Fight::attack_counted`], searched.
    fn attack_searched(
        &self,
        stones: [u64; 2],
        attacker: Color,
        max_states: usize,
    ) -> (Option<[bool; 2]>, usize) {
        let mut search = Search::new(self, max_states);
        let mut out = [false; 2];
        // Moving second the attacker wins no more than moving first: the defender may pass.
        // So only a win moving first needs the second question.
        for (k, to_move) in [attacker, attacker.opponent()].into_iter().enumerate() {
            if k == 1 && !out[0] {
                break;
            }
            let start = State {
                stones,
                to_move,
                ko: NO_KO,
                passed: false,
            };
            if self.targets[attacker.opponent().index()] & stones[attacker.opponent().index()] != 0
            {
                out[k] = search.wins(start, attacker, 0, None).0;
            }
            if search.gave_up {
                return (None, search.visited);
            }
        }
        (Some(out), search.visited)
    }

    /// Whether `attacker`, to move on `board` (keeping its ko ban), can force a win,
    /// visiting at most `max_states` positions (`None` past that), with how many it
    /// visited.
    pub fn attack_next_counted(
        &self,
        board: &Board,
        attacker: Color,
        max_states: usize,
    ) -> (Option<bool>, usize) {
        let ko = board
            .ko_point()
            .filter(|&(_, c)| c == attacker)
            .and_then(|(k, _)| self.index(k))
            .map_or(NO_KO, |k| k as u8);
        let start = State {
            stones: self.stones_of(board),
            to_move: attacker,
            ko,
            passed: false,
        };
        if self.targets[attacker.opponent().index()] & start.stones[attacker.opponent().index()]
            == 0
        {
            return (Some(false), 0);
        }
        let (out, visited) = Answers::ask(self, start, Ask::AttackNext, max_states, || {
            let mut search = Search::new(self, max_states);
            let won = search.wins(start, attacker, 0, None).0;
            ((!search.gave_up).then_some(u8::from(won)), search.visited)
        });
        (out.map(|o| o != 0), visited)
    }

    /// Who wins from `board` with `to_move` to play, keeping the board's ko ban (a
    /// position just after a ko capture), visiting at most `max_states` positions (`None`
    /// past that; `Some(None)` when nobody wins).
    pub fn winner(
        &self,
        board: &Board,
        to_move: Color,
        max_states: usize,
    ) -> Option<Option<Color>> {
        self.winner_counted(board, to_move, max_states).0
    }

    /// [`Fight::winner`], with how many positions it visited.
    pub fn winner_counted(
        &self,
        board: &Board,
        to_move: Color,
        max_states: usize,
    ) -> (Option<Option<Color>>, usize) {
        let ko = board
            .ko_point()
            .filter(|&(_, c)| c == to_move)
            .and_then(|(k, _)| self.index(k))
            .map_or(NO_KO, |k| k as u8);
        let start = State {
            stones: self.stones_of(board),
            to_move,
            ko,
            passed: false,
        };
        let mut search = Search::new(self, max_states);
        let winner = search.winner(start);
        (winner, search.visited)
    }

    fn index(&self, p: Point) -> Option<usize> {
        self.points.iter().position(|&q| q == p)
    }

    fn stones_of(&self, board: &Board) -> [u64; 2] {
        let mut stones = [0u64; 2];
        for (i, &p) in self.points.iter().enumerate() {
            if let Some(c) = board.get(p) {
                stones[c.index()] |= 1 << i;
            }
        }
        stones
    }

    /// The chain of `seed` among `stones`, and the region points next to it.
    fn chain(&self, seed: u64, stones: u64) -> (u64, u64) {
        let mut chain = seed;
        let mut frontier = seed;
        let mut around = 0;
        while frontier != 0 {
            let mut next = 0;
            for i in bits(frontier) {
                next |= self.next_to[i];
            }
            around |= next;
            frontier = next & stones & !chain;
            chain |= frontier;
        }
        (chain, around & !chain)
    }

    /// Whether the chain `chain` of `color`, with the region points `around` it, has a
    /// liberty when the empty region points are `empty`.
    fn breathes(&self, chain: u64, around: u64, color: Color, empty: u64) -> bool {
        chain & self.safe[color.index()] != 0 || around & empty != 0
    }

    /// Every move from `state`, handed to `next`: the position it leads to, or how the
    /// local game ends.
    /// The stone of the side to move in `state` on region point `p`: where it leads (a
    /// position, or how the local game ends), or `None` when the move is not allowed
    /// (suicide, the ko rule, a point the reading does not play).
    fn play(
        &self,
        state: State,
        p: usize,
        chains: &Chains,
    ) -> Option<Result<(State, Played), u32>> {
        let me = state.to_move;
        let them = me.opponent();
        let mine = state.stones[me.index()];
        let theirs = state.stones[them.index()];
        let empty = self.all() & !(mine | theirs);
        // A region point is below `MAX_POINTS`: the `%` changes nothing, but spares the
        // bounds checks of `next_to`.
        let p = p % MAX_POINTS;
        let at = 1u64 << p;
        let empty_after = empty & !at;
        // The opponent's chains next to `p` left without a liberty are captured; the
        // stone joins the chains of its colour next to it.
        let mut captured = 0u64;
        let mut chain = at;
        let mut around = self.next_to[p];
        for q in bits(self.next_to[p] & (mine | theirs)) {
            let (stones, next) = chains.at(q);
            if theirs & (1 << q) != 0 {
                if captured & (1 << q) == 0 && !self.breathes(stones, next, them, empty_after) {
                    captured |= stones;
                }
            } else {
                chain |= stones;
                around |= next;
            }
        }
        let around = around & !chain;
        // Retaking a ko at once is forbidden only when it captures one stone.
        if state.ko as usize == p && captured.count_ones() == 1 && self.ko_free != Some(me) {
            return None;
        }
        let mine_after = mine | at;
        let empty_after = empty_after | captured;
        if !self.breathes(chain, around, me, empty_after) {
            return None;
        }
        let ko = if captured.count_ones() == 1
            && chain == at
            && chain & self.safe[me.index()] == 0
            && around & empty_after == captured
        {
            captured.trailing_zeros() as u8
        } else {
            NO_KO
        };
        let mut stones = [0u64; 2];
        stones[me.index()] = mine_after;
        stones[them.index()] = theirs & !captured;
        let after = State {
            stones,
            to_move: them,
            ko,
            passed: false,
        };
        if captured & self.targets[them.index()] != 0 {
            // A kill, unless the other side takes back at least as many stones at once:
            // then the exchange was a loss, and the line ends with no winner.
            let taken = captured.count_ones();
            return Some(Err(
                if self.retakes(after, taken, chains, (chain, around)) {
                    NO_KILL
                } else {
                    won(me)
                },
            ));
        }
        Some(Ok((
            after,
            Played {
                chain,
                around,
                captured,
            },
        )))
    }

    /// A pass in `state`: the position after it, or the end of the local game.
    fn pass(&self, state: State) -> Result<State, u32> {
        if state.passed {
            Err(BOTH_PASSED)
        } else {
            Ok(State {
                stones: state.stones,
                to_move: state.to_move.opponent(),
                ko: NO_KO,
                passed: true,
            })
        }
    }

    /// The moves of the side to move in `state`, by rank, in the order a search for
    /// `seeker`'s win tries them (lower ranks first): an end of the local game first,
    /// then captures, then points next to a target or its liberties, then points next to
    /// a stone, then the rest. The seeker passes last. The other side passes after its
    /// captures and its points near the targets ([`DEFENDER_PASS`]). A point is only
    /// ranked here; whether a stone may be played there is found when the move is tried
    /// ([`Fight::play`]).
    fn candidates(&self, state: State, seeker: Color, chains: &Chains) -> Moves {
        let me = state.to_move;
        let them = me.opponent();
        let mine = state.stones[me.index()];
        let theirs = state.stones[them.index()];
        let empty = self.all() & !(mine | theirs);
        let pass_rank = if state.passed {
            0
        } else if me == seeker {
            5
        } else {
            DEFENDER_PASS
        };
        if self.only_passes == Some(me) {
            return Moves::new(pass_rank, [0; 4]);
        }
        // The last liberties of the opponent's chains in atari: captures.
        let mut captures = 0u64;
        let mut next_to_stones = 0u64;
        let mut next_to_theirs = 0u64;
        for (chain, around) in chains.iter() {
            next_to_stones |= around;
            if chain & theirs != 0 {
                next_to_theirs |= around;
                let libs = around & empty;
                if chain & self.safe[them.index()] == 0 && libs.count_ones() == 1 {
                    captures |= libs;
                }
            }
        }
        let stones = mine | theirs;
        let targets = (self.targets[0] | self.targets[1]) & stones;
        let near = targets | self.around(targets);
        let (idle, shaping) = self.idle(mine, theirs, me, chains, next_to_theirs);
        // The points by rank, each rank in reading order, the pass first among its rank:
        // the order a stable sort of the list by rank would give, without sorting. A
        // stone shaping eyes in a quiet area comes last: it answers no threat.
        let open = empty & !idle;
        let captures = open & captures;
        let near = open & near & !captures & !shaping;
        let next_to_stones = open & next_to_stones & !captures & !near & !shaping;
        let rest = open & !captures & !near & !next_to_stones;
        Moves::new(pass_rank, [captures, near, next_to_stones, rest])
    }

    /// The empty points where a stone of `me` is never better than a pass. A *quiet*
    /// area is an area of empty points that touches no stone of the opponent (in the
    /// region or outside it), no empty point outside, and at most one chain of `me` (a
    /// chain outside the region counting as one). A stone there captures nothing, takes no
    /// liberty of the opponent's and joins nothing; all it can do is shape eyes for the
    /// chain around it. That is idle, and the reading does not play it:
    /// - in an area of one or two points: one point is one eye, and a stone on one of two
    ///   leaves one eye, with a liberty fewer;
    /// - when no chain of `me` in the region borders it (only the outside, beyond capture);
    /// - when the chain around it borders a second quiet area: that chain can never be
    ///   captured, for the opponent can never fill the last point of either area (the
    ///   stone filling it would have no liberty and capture nothing, since the chain
    ///   keeps one in the other area), so it always has two liberties;
    /// - when the chain around it is not a target: the question is whether the targets
    ///   live, and the eyes of a chain around them are another question (the region's
    ///   walls are taken as they stand in the same way).
    ///
    /// A stone in a larger area that is the chain's only quiet one is played when the
    /// question lets sides shape eyes ([`Fight::shape_eyes`]): taking the middle of three
    /// points, or the vital point of a bulky five, makes two eyes that the opponent moving
    /// there first would have prevented. Otherwise every quiet area is idle: cheaper, and
    /// the owner's eyes are then only what the opponent leaves (the settling asks who
    /// must answer a threat, and finds the answer inside an eye as a point to fill).
    ///
    /// Returns the idle points, and the points of the quiet areas that are not idle.
    /// `next_to_theirs`: the region points next to the opponent's chains.
    fn idle(
        &self,
        mine: u64,
        theirs: u64,
        me: Color,
        chains: &Chains,
        next_to_theirs: u64,
    ) -> (u64, u64) {
        let them = me.opponent();
        let empty = self.all() & !(mine | theirs);
        // An area that touches the opponent's stones, in the region or outside it, or an
        // empty point outside, has a point outside `quiet`: only areas inside it are idle.
        let quiet = empty & !next_to_theirs & !(self.walls[them.index()] | self.open);
        let mut idle = 0u64;
        // The quiet areas with one chain of `me` in the region around, and that chain.
        // Areas are disjoint and separated by stones, so a region holds at most half its
        // points of them.
        let mut quiet_areas = [(0u64, 0u64); MAX_POINTS / 2];
        let mut n = 0;
        let mut left = quiet;
        while left != 0 {
            let (area, around) = self.chain(left & left.wrapping_neg(), empty);
            left &= !area;
            if area & !quiet != 0 {
                continue;
            }
            // At most one chain of `me` around: the wall outside, or one in the region.
            let next = around & mine;
            if next == 0 {
                idle |= area;
                continue;
            }
            let (chain, _) = chains.at(next.trailing_zeros() as usize);
            if area & self.walls[me.index()] == 0 && next & !chain == 0 && n < quiet_areas.len() {
                quiet_areas[n] = (area, chain);
                n += 1;
            }
        }
        let quiet_areas = &quiet_areas[..n];
        let mut shaping = 0u64;
        let targets = self.targets[me.index()];
        for &(area, chain) in quiet_areas {
            if !self.shape_eyes
                || area.count_ones() <= 2
                || chain & targets == 0
                || quiet_areas.iter().any(|&(a, c)| c == chain && a != area)
            {
                idle |= area;
            } else {
                shaping |= area;
            }
        }
        (idle, shaping)
    }

    /// Whether a fight with targets of one colour only is over, with no winner: every
    /// target stands in a chain that can no longer be captured.
    fn settled(&self, stones: [u64; 2], chains: &Chains, regions: &mut [u64; MAX_POINTS]) -> bool {
        [Color::Black, Color::White].into_iter().any(|color| {
            let targets = self.targets[color.index()] & stones[color.index()];
            self.targets[color.opponent().index()] == 0
                && targets != 0
                && self.two_liberties(targets, stones, color, chains)
                && targets & !self.pass_alive_with(stones, color, chains, regions) == 0
        })
    }

    /// Whether every chain of `color` with a stone on `targets` is beyond capture already
    /// or has two liberties in the region: a chain that Benson's algorithm keeps has two
    /// vital sets of points, each with an empty point next to it, so a chain without
    /// two liberties is not pass-alive, and [`Fight::pass_alive_with`] need not be asked.
    fn two_liberties(&self, targets: u64, stones: [u64; 2], color: Color, chains: &Chains) -> bool {
        let empty = self.all() & !(stones[0] | stones[1]);
        let mut left = targets;
        while left != 0 {
            let (chain, around) = chains.at(left.trailing_zeros() as usize);
            left &= !chain;
            if chain & self.safe[color.index()] == 0 && (around & empty).count_ones() < 2 {
                return false;
            }
        }
        true
    }

    /// Whether the side to move in `state` can capture at least `taken` stones with its
    /// next move (the ko ban of `state` applies). `state` follows a move of the other
    /// side in the position whose chains are `before`, which made the chain `made` (its
    /// stones and the points around it): the other side's chains in `state` are `made`
    /// and its chains of `before` that `made` did not join, each with the same points
    /// around it (its liberties are those of them still empty).
    fn retakes(&self, state: State, taken: u32, before: &Chains, made: (u64, u64)) -> bool {
        let me = state.to_move;
        let them = me.opponent();
        let theirs = state.stones[them.index()];
        let empty = self.all() & !(state.stones[0] | state.stones[1]);
        let unsafe_chain = |chain: u64| chain & self.safe[them.index()] == 0;
        // The last liberty of each of their chains in atari: a move captures exactly the
        // chains whose one liberty it fills.
        let in_atari = || {
            before
                .iter()
                .filter(|&(chain, _)| chain & theirs != 0 && chain & made.0 == 0)
                .chain([made])
                .filter(|&(chain, around)| {
                    unsafe_chain(chain) && (around & empty).count_ones() == 1
                })
        };
        let mut points = 0u64;
        for (_, around) in in_atari() {
            points |= around & empty;
        }
        bits(points).any(|p| {
            let captured = in_atari()
                .filter(|&(_, around)| around & empty == 1 << p)
                .fold(0u64, |m, (chain, _)| m | chain);
            let n = captured.count_ones();
            n >= taken && !(state.ko as usize == p && n == 1 && self.ko_free != Some(me))
        })
    }

    /// The stones of `color` on `stones` that the opponent can never capture, even with
    /// any number of moves in a row: Benson's algorithm inside the region. A chain next
    /// to an outside stone of its colour or an empty point outside is beyond capture
    /// already; a set of empty region points (with the opponent's stones among them)
    /// is *vital* to a chain when every empty point of it is the chain's liberty and none
    /// of its points is next to the outside but through the chain's own colour; a chain
    /// with two vital sets, each next to no chain that fails, is pass-alive.
    pub fn pass_alive(&self, stones: [u64; 2], color: Color) -> u64 {
        let mut chains = Chains::new();
        chains.fill(self, stones);
        self.pass_alive_with(stones, color, &chains, &mut [0; MAX_POINTS])
    }

    /// [`Fight::pass_alive`] with the chains of `stones` already found. The chains are
    /// read in place and the state of the algorithm is kept in bit sets: the chains of
    /// `color` found to fail (by their place in `found`), and the points next to them. A
    /// region (a set of connected points without a stone of `color`) that cannot be vital
    /// to any chain (no empty point, or next to the opponent outside) plays no part, so
    /// only the others are kept, in `regions` (scratch space, so that nothing is
    /// allocated or cleared per position). A region is healthy while it touches no
    /// failed chain; a chain fails when fewer than two healthy regions are vital to it
    /// (every empty point of the region is its liberty). What is left when nothing more
    /// fails is Benson's answer, whatever the order the chains are looked at in.
    fn pass_alive_with(
        &self,
        stones: [u64; 2],
        color: Color,
        found: &Chains,
        regions: &mut [u64; MAX_POINTS],
    ) -> u64 {
        let mine = stones[color.index()];
        if mine == 0 {
            return 0;
        }
        let all = self.all();
        let empty = all & !(stones[0] | stones[1]);
        // A set of points next to the opponent's stones outside, or to an empty point
        // outside, is no eye: the opponent can play there and never be captured.
        let beyond = self.safe[color.opponent().index()];
        let open = all & !mine;
        let mut n = 0;
        let mut left = open;
        while left != 0 {
            let (region, _) = self.chain(left & left.wrapping_neg(), open);
            left &= !region;
            if region & empty != 0 && region & beyond == 0 {
                regions[n] = region;
                n += 1;
            }
        }
        let regions = &regions[..n];
        let anchored = self.safe[color.index()];
        // The chains of `color`, and those of them that may fail (not anchored), by their
        // place in `found`: each pass below looks at these only, in the order of their
        // places, as a walk over the whole list passing over the others would.
        let mut of_color = 0u64;
        let mut may_fail = 0u64;
        for (k, &(chain, _)) in found.list[..found.len].iter().enumerate() {
            if chain & mine != 0 {
                of_color |= 1 << k;
                if chain & anchored == 0 {
                    may_fail |= 1 << k;
                }
            }
        }
        let mut failed = 0u64;
        let mut next_to_failed = 0u64;
        loop {
            let mut changed = false;
            // Only chain `k` sets its own bit of `failed`, so the chains not failed when
            // the pass starts are the ones a walk over the list would look at.
            for k in bits(may_fail & !failed) {
                let around = found.list[k].1;
                let vital = regions
                    .iter()
                    .filter(|&&r| r & next_to_failed == 0 && r & empty & !around == 0)
                    .take(2)
                    .count();
                if vital < 2 {
                    failed |= 1 << k;
                    next_to_failed |= around;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        bits(of_color & !failed).fold(0, |m, k| m | found.list[k].0)
    }

    /// Every region point.
    fn all(&self) -> u64 {
        self.all
    }

    /// The region points next to any point of `mask`.
    fn around(&self, mask: u64) -> u64 {
        bits(mask).fold(0u64, |m, i| m | self.next_to[i])
    }
}

/// The questions [`Answers`] remembers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Ask {
    /// [`Fight::attack_counted`] (the side to move in the start is the attacker).
    Attack,
    /// [`Fight::attack_next_counted`].
    AttackNext,
}

/// A question to a fight, whole: the fight (its points, what lies around it, its targets
/// and rules), the start and the question.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct Question {
    points: Vec<Point>,
    walls: [u64; 2],
    open: u64,
    targets: [u64; 2],
    only_passes: Option<Color>,
    ko_free: Option<Color>,
    shape_eyes: bool,
    start: State,
    ask: Ask,
}

/// What a search of a question did: answered (the answer's bits) after visiting so many
/// positions, or gave up when it visited one more than its bound.
#[derive(Debug, Clone, Copy)]
enum Answer {
    Answered(u8, usize),
    GaveUp(usize),
}

/// The answers this thread's searches gave (see the module documentation). Forgotten all
/// at once when there are [`Answers::MAX`] of them, so the memory stays small.
struct Answers;

thread_local! {
    static ANSWERS: RefCell<HashMap<Question, Answer, BuildHasherDefault<Fx>>> =
        RefCell::new(HashMap::default());
}

impl Answers {
    const MAX: usize = 4096;

    /// The answer to `ask` from `start` on `fight` within `max_states` positions, with
    /// the positions it takes: remembered, or found by `search` (which must search with
    /// that bound) and remembered.
    fn ask(
        fight: &Fight,
        start: State,
        ask: Ask,
        max_states: usize,
        search: impl FnOnce() -> (Option<u8>, usize),
    ) -> (Option<u8>, usize) {
        let question = Question {
            points: fight.points.clone(),
            walls: fight.walls,
            open: fight.open,
            targets: fight.targets,
            only_passes: fight.only_passes,
            ko_free: fight.ko_free,
            shape_eyes: fight.shape_eyes,
            start,
            ask,
        };
        let known = ANSWERS.with(|a| a.borrow().get(&question).copied());
        match known {
            // The search visits the same positions in the same order under any bound.
            Some(Answer::Answered(out, visited)) if visited <= max_states => {
                return (Some(out), visited);
            }
            Some(Answer::Answered(..)) => return (None, max_states + 1),
            Some(Answer::GaveUp(visited)) if max_states < visited => {
                return (None, max_states + 1);
            }
            _ => {}
        }
        let (out, visited) = search();
        let answer = match out {
            Some(out) => Answer::Answered(out, visited),
            None => Answer::GaveUp(visited),
        };
        ANSWERS.with(|a| {
            let mut answers = a.borrow_mut();
            if answers.len() >= Self::MAX {
                answers.clear();
            }
            answers.insert(question, answer);
        });
        (out, visited)
    }
}

/// The proof search behind [`Fight::solve`] and [`Fight::winner`]: see the module
/// documentation.
struct Search<'a> {
    fight: &'a Fight,
    visited: usize,
    max_visits: usize,
    gave_up: bool,
    /// Scratch space of [`Fight::settled`].
    regions: [u64; MAX_POINTS],
    /// What the search works with, taken from the thread's [`Workspace`] and given back.
    work: Workspace,
}

/// What a search works with: kept per thread and emptied between searches, so that a
/// search neither allocates per position nor grows its table again from nothing.
#[derive(Default)]
struct Workspace {
    /// What is known of each `(position, seeker)` the search met: see [`Table`].
    table: Table,
    /// Chains of positions searched before, kept for reuse so that a search does not
    /// allocate them per position.
    chains: Vec<KeptChains>,
}

/// The chains of one position, boxed: taken from and given back to the workspace as a
/// pointer, not copied (a [`Chains`] is over a kilobyte).
type KeptChains = Box<Chains>;

/// What a search knows of a position, for one seeker.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mark {
    /// Nothing: the position was met, but its answer rested on the line it was met on.
    Unknown,
    /// On the line being searched now: met again, it counts as not won (play that
    /// cycles wins nothing).
    OnLine,
    /// The seeker can force a win from it, or cannot, whatever line led there.
    Known(bool),
}

/// One entry of a [`Table`]: a position, its seeker, and what is known; in use only
/// when its `generation` is the table's.
#[derive(Debug, Clone, Copy)]
struct Slot {
    stones: [u64; 2],
    meta: u32,
    generation: u32,
    mark: Mark,
}

/// The search's table: `(position, seeker)` to what is known of it, the answers that
/// hold whatever line led there and the positions of the line being searched, in one
/// open-addressed array. A new search empties it by moving to a new generation, without
/// touching the slots; so it need not be cleared, and it is not rebuilt per search.
#[derive(Default)]
struct Table {
    slots: Vec<Slot>,
    /// Slots of the current generation.
    len: usize,
    generation: u32,
}

impl Table {
    /// Slots of a table as made; a table that grew past it is dropped after its search.
    const SLOTS: usize = 4 * 1024;

    /// The key's parts besides the stones: side to move, ko point, pass, seeker.
    fn meta(state: State, seeker: Color) -> u32 {
        state.to_move.index() as u32
            | u32::from(state.ko) << 8
            | u32::from(state.passed) << 16
            | (seeker.index() as u32) << 24
    }

    /// Empty the table for a new search (a fresh array when it grew, or first use).
    fn reset(&mut self) {
        if self.slots.len() != Self::SLOTS {
            *self = Table::with_slots(Self::SLOTS);
        }
        self.len = 0;
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            // After 2^32 searches the oldest marks would look current: clear them.
            *self = Table::with_slots(Self::SLOTS);
        }
    }

    fn with_slots(n: usize) -> Table {
        let empty = Slot {
            stones: [0; 2],
            meta: 0,
            generation: 0,
            mark: Mark::Unknown,
        };
        Table {
            slots: vec![empty; n],
            len: 0,
            generation: 1,
        }
    }

    /// The slot of `(stones, meta)`: the one holding it, or the free one where it goes.
    fn find(&self, stones: [u64; 2], meta: u32) -> usize {
        let mask = self.slots.len() - 1;
        let h = (stones[0].wrapping_mul(0x9e37_79b9_7f4a_7c15)
            ^ stones[1].wrapping_mul(0xc2b2_ae3d_27d4_eb4f)
            ^ u64::from(meta).wrapping_mul(0x1656_67b1_9e37_79f9))
        .rotate_left(29)
        .wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
        let mut i = (h >> 32) as usize & mask;
        loop {
            let slot = &self.slots[i];
            if slot.generation != self.generation || (slot.stones == stones && slot.meta == meta) {
                return i;
            }
            i = (i + 1) & mask;
        }
    }

    /// What is known of the entry in slot `i`, found by [`Table::find`].
    fn mark(&self, i: usize) -> Mark {
        let slot = &self.slots[i];
        if slot.generation == self.generation {
            slot.mark
        } else {
            Mark::Unknown
        }
    }

    /// Record `mark` for `(stones, meta)` in slot `i`, which [`Table::find`] gave for it
    /// with no entry added since (the slot holding it, or the free one where it goes);
    /// the slot it is in now. Spares the second probe of [`Table::record`].
    fn claim(&mut self, i: usize, stones: [u64; 2], meta: u32, mark: Mark) -> usize {
        if self.slots[i].generation == self.generation {
            // Nothing was added since `find`, so a slot in use is this entry's own.
            self.slots[i].mark = mark;
            return i;
        }
        if 2 * (self.len + 1) > self.slots.len() {
            // Full enough to grow: the entry moves with the rest.
            return self.record(i, stones, meta, mark);
        }
        self.len += 1;
        self.write(i, stones, meta, mark)
    }

    /// Record `mark` for `(stones, meta)`, whose slot was `i` when last found (entries
    /// may have been added since, and the table may have grown); the slot it is in now.
    fn record(&mut self, i: usize, stones: [u64; 2], meta: u32, mark: Mark) -> usize {
        let slot = &self.slots[i];
        let i = if slot.generation == self.generation && slot.stones == stones && slot.meta == meta
        {
            i
        } else {
            let mut i = self.find(stones, meta);
            if self.slots[i].generation != self.generation {
                // Keep at least half the slots free, so that probes stay short.
                if 2 * (self.len + 1) > self.slots.len() {
                    self.grow();
                    i = self.find(stones, meta);
                }
                self.len += 1;
            }
            i
        };
        self.write(i, stones, meta, mark)
    }

    /// Put `(stones, meta)` and `mark` in slot `i`, in the current generation.
    fn write(&mut self, i: usize, stones: [u64; 2], meta: u32, mark: Mark) -> usize {
        self.slots[i] = Slot {
            stones,
            meta,
            generation: self.generation,
            mark,
        };
        i
    }

    /// Twice the slots, with the current generation's entries moved over.
    fn grow(&mut self) {
        let mut bigger = Table::with_slots(2 * self.slots.len());
        for slot in &self.slots {
            if slot.generation == self.generation {
                let i = bigger.find(slot.stones, slot.meta);
                bigger.slots[i] = Slot {
                    generation: bigger.generation,
                    ..*slot
                };
                bigger.len += 1;
            }
        }
        *self = bigger;
    }
}

thread_local! {
    /// The workspace of the thread's searches (`None` while a search holds it).
    static WORKSPACE: RefCell<Option<Workspace>> = RefCell::new(Some(Workspace::default()));
}

impl Workspace {
    /// The thread's workspace, empty (a new one when a search on this thread holds it).
    fn take() -> Workspace {
        let mut work = WORKSPACE
            .with(|w| w.borrow_mut().take())
            .unwrap_or_default();
        work.table.reset();
        work
    }

    /// Give the workspace back to the thread.
    fn give_back(self) {
        WORKSPACE.with(|w| *w.borrow_mut() = Some(self));
    }
}

impl Drop for Search<'_> {
    fn drop(&mut self) {
        std::mem::take(&mut self.work).give_back();
    }
}

/// How deep a line may go before the search gives up: far more moves than a region of
/// [`MAX_POINTS`] points can hold without repeating.
const MAX_DEPTH: usize = 4 * MAX_POINTS;

impl<'a> Search<'a> {
    fn new(fight: &'a Fight, max_visits: usize) -> Search<'a> {
        Search {
            fight,
            visited: 0,
            max_visits,
            gave_up: false,
            regions: [0; MAX_POINTS],
            work: Workspace::take(),
        }
    }

    /// Who can force a win from `start` (`Some(None)`: nobody), or `None` once the search
    /// gave up. Both cannot: a win for one is a line the other cannot avoid.
    fn winner(&mut self, start: State) -> Option<Option<Color>> {
        for seeker in [Color::Black, Color::White] {
            // A side with no target to capture cannot win.
            if self.fight.targets[seeker.opponent().index()]
                & start.stones[seeker.opponent().index()]
                == 0
            {
                continue;
            }
            let (won, _) = self.wins(start, seeker, 0, None);
            if self.gave_up {
                return None;
            }
            if won {
                return Some(Some(seeker));
            }
        }
        Some(None)
    }

    /// Whether `seeker` can force a win from `state`, and whether a "no" rests on a
    /// position of the line being searched. `from` is the position before and the move
    /// that led here, when there is one: the chains follow from its chains.
    fn wins(
        &mut self,
        state: State,
        seeker: Color,
        depth: usize,
        from: Option<(&Chains, Played)>,
    ) -> (bool, bool) {
        let meta = Table::meta(state, seeker);
        let slot = self.work.table.find(state.stones, meta);
        match self.work.table.mark(slot) {
            Mark::Known(known) => return (known, false),
            Mark::OnLine => return (false, true),
            Mark::Unknown if self.gave_up => return (false, true),
            Mark::Unknown => {}
        }
        self.visited += 1;
        if self.visited > self.max_visits || depth > MAX_DEPTH {
            self.gave_up = true;
            return (false, true);
        }
        let mut chains = self.work.chains.pop().unwrap_or_else(Chains::new);
        match from {
            Some((before, played)) => chains.follow(before, played),
            None => chains.fill(self.fight, state.stones),
        }
        // Only a move of the targets' own colour can settle them (the side to move is the
        // seeker then, in a fight with targets of one colour).
        if state.to_move == seeker && self.fight.settled(state.stones, &chains, &mut self.regions) {
            self.work.chains.push(chains);
            self.work
                .table
                .claim(slot, state.stones, meta, Mark::Known(false));
            return (false, false);
        }
        let slot = self
            .work
            .table
            .claim(slot, state.stones, meta, Mark::OnLine);
        let seeking = state.to_move == seeker;
        let moves = self.fight.candidates(state, seeker, &chains);
        // A seeker's position is won by one move into a won position; the other side's
        // by every move leading into one.
        let mut result = !seeking;
        let mut rests_on_line = false;
        for candidate in moves.iter() {
            let m = match candidate {
                Candidate::Pass => self
                    .fight
                    .pass(state)
                    .map(|after| (after, Played::default())),
                Candidate::Play(p) => match self.fight.play(state, usize::from(p), &chains) {
                    Some(m) => m,
                    None => continue,
                },
            };
            let (won, on_line) = match m {
                Err(end) => (end == won(seeker), false),
                Ok((after, played)) => self.wins(after, seeker, depth + 1, Some((&chains, played))),
            };
            if seeking && won {
                result = true;
                break;
            }
            if !seeking && !won {
                result = false;
                rests_on_line = on_line;
                break;
            }
            rests_on_line |= on_line;
        }
        self.work.chains.push(chains);
        let rests_on_line = !result && rests_on_line;
        let mark = if !rests_on_line && !self.gave_up {
            Mark::Known(result)
        } else {
            Mark::Unknown
        };
        self.work.table.record(slot, state.stones, meta, mark);
        (result, rests_on_line)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The order of moves as first written: the ranks 0 to 5 flattened, the pass first
    /// among its rank; ranks 0 and 5 hold no point.
    fn reference_order(pass_rank: u8, ranked: [u64; 4]) -> Vec<Candidate> {
        let ranked = [0, ranked[0], ranked[1], ranked[2], ranked[3], 0];
        (0u8..6)
            .flat_map(move |rank| {
                let pass = (rank == pass_rank).then_some(Candidate::Pass);
                pass.into_iter()
                    .chain(bits(ranked[usize::from(rank)]).map(|p| Candidate::Play(p as u8)))
            })
            .collect()
    }

    proptest! {
        /// The search tries the moves in the order the flattened ranks gave: the same
        /// positions, in the same order, so the same give-ups and answers.
        #[test]
        fn moves_come_in_the_order_of_their_ranks(
            pass_rank in 0u8..=5,
            points in any::<u64>(),
            cuts in any::<[u64; 3]>(),
        ) {
            // Four disjoint ranks of points, as `candidates` makes them.
            let (a, b, c) = (points & cuts[0], points & !cuts[0] & cuts[1], points & !cuts[0] & !cuts[1] & cuts[2]);
            let ranked = [a, b, c, points & !(a | b | c)];
            let got: Vec<Candidate> = Moves::new(pass_rank, ranked).iter().collect();
            prop_assert_eq!(got, reference_order(pass_rank, ranked));
        }
    }

    fn at(board: &Board, names: &[&str]) -> Vec<Point> {
        names
            .iter()
            .filter_map(|n| Point::from_d4(n, board.width(), board.height()))
            .collect()
    }

    /// White's two stones in the corner (C6) with two liberties and no eye, inside Black's
    /// wall, which joins a chain outside the region.
    fn corner_race() -> (Board, Fight) {
        let race = Board::from_diagram(
            "
            . . O X X O
            . . O X O O
            X X X X O .
            O O O O O .
            . . . . . .
            . . . . . .",
        )
        .expect("a diagram");
        let region = at(&race, &["A6", "B6", "C6", "A5", "B5", "C5"]);
        let fight = Fight::new(&race, &region, &at(&race, &["C6"])).expect("a fight");
        (race, fight)
    }

    /// A lone black stone in the middle of an empty 5x5 board, the whole board the region.
    /// Benson's algorithm as first written (arrays of chains and regions), kept to hold
    /// [`Fight::pass_alive_with`] to the same answers.
    fn reference_pass_alive(fight: &Fight, stones: [u64; 2], color: Color, found: &Chains) -> u64 {
        let this = fight;
        let mine = stones[color.index()];
        if mine == 0 {
            return 0;
        }
        let all = this.all();
        let empty = all & !(stones[0] | stones[1]);
        // The chains of `color`, and the regions of points without its stones (at most
        // one per region point: fixed arrays, no allocation in the search).
        let mut chain_list = [(0u64, 0u64); MAX_POINTS];
        let mut n_chains = 0;
        for (chain, around) in found.iter() {
            if chain & mine != 0 {
                chain_list[n_chains] = (chain, around);
                n_chains += 1;
            }
        }
        let chains = &chain_list[..n_chains];
        let open = all & !mine;
        let mut region_list = [0u64; MAX_POINTS];
        let mut n_regions = 0;
        let mut left = open;
        while left != 0 {
            let (region, _) = this.chain(left & left.wrapping_neg(), open);
            left &= !region;
            region_list[n_regions] = region;
            n_regions += 1;
        }
        let regions = &region_list[..n_regions];
        let anchored = |chain: u64| chain & this.safe[color.index()] != 0;
        // A set of points next to the opponent's stones outside, or to an empty point
        // outside, is no eye: the opponent can play there and never be captured.
        let beyond = this.safe[color.opponent().index()];
        let mut alive = [true; MAX_POINTS];
        let alive = &mut alive[..chains.len()];
        let mut healthy = [true; MAX_POINTS];
        let healthy = &mut healthy[..regions.len()];
        loop {
            let mut changed = false;
            for (c, &(chain, around)) in chains.iter().enumerate() {
                if !alive[c] || anchored(chain) {
                    continue;
                }
                let vital = regions
                    .iter()
                    .zip(healthy.iter())
                    .filter(|&(&r, &h)| {
                        h && r & empty != 0 && r & empty & !around == 0 && r & beyond == 0
                    })
                    .count();
                if vital < 2 {
                    alive[c] = false;
                    changed = true;
                }
            }
            for (r, &region) in regions.iter().enumerate() {
                if healthy[r]
                    && chains
                        .iter()
                        .zip(alive.iter())
                        .any(|(&(_, around), &a)| !a && around & region != 0)
                {
                    healthy[r] = false;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        chains
            .iter()
            .zip(alive.iter())
            .filter(|&(_, &a)| a)
            .fold(0, |m, (&(chain, _), _)| m | chain)
    }

    #[test]
    fn the_proof_in_bit_sets_matches_benson_as_first_written() {
        // Random positions on a 6x6 region of a 9x9 board whose other points hold
        // random stones, so that walls and open points outside take part.
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut alive_found = 0;
        for _ in 0..3000 {
            let mut board = Board::new(9, 9).expect("a board");
            for y in 0..9 {
                for x in 0..9 {
                    let r = next() % 10;
                    let color = match r {
                        0..=3 => Color::Black,
                        4..=6 => Color::White,
                        _ => continue,
                    };
                    board
                        .set(Point::new(x, y), Some(color))
                        .expect("a point of the board");
                }
            }
            let region: Vec<Point> = (1..7)
                .flat_map(|y| (1..7).map(move |x| Point::new(x, y)))
                .collect();
            let fight = Fight::new(&board, &region, &[]).expect("a fight");
            let stones = fight.stones_of(&board);
            let mut chains = Chains::new();
            chains.fill(&fight, stones);
            for color in [Color::Black, Color::White] {
                let want = reference_pass_alive(&fight, stones, color, &chains);
                let got = fight.pass_alive_with(stones, color, &chains, &mut [0; MAX_POINTS]);
                assert_eq!(got, want);
                alive_found += usize::from(want != 0);
            }
        }
        assert!(
            alive_found > 100,
            "only {alive_found} positions with a living chain"
        );
    }

    fn lone_stone() -> (Board, Fight) {
        let mut board = Board::new(5, 5).expect("a board");
        board
            .set(Point::new(2, 2), Some(Color::Black))
            .expect("on the board");
        let region: Vec<Point> = (0..5)
            .flat_map(|y| (0..5).map(move |x| Point::new(x, y)))
            .collect();
        let fight = Fight::new(&board, &region, &[Point::new(2, 2)]).expect("a fight");
        (board, fight)
    }

    /// The chains a search carries from a position to the next are the chains of the
    /// next position found from nothing: along random games on a 7x7 board (captures,
    /// joins and passes included), with every stone pointing at its own chain.
    #[test]
    fn the_chains_after_a_move_are_the_chains_found_again() {
        let board = Board::new(7, 7).expect("a board");
        let region: Vec<Point> = (0..7)
            .flat_map(|y| (0..7).map(move |x| Point::new(x, y)))
            .collect();
        let fight = Fight::new(&board, &region, &[]).expect("a fight");
        // The same chains, in any order; a followed list may hold empty entries.
        let sorted = |c: &Chains| {
            let mut list: Vec<(u64, u64)> = c.iter().filter(|&(chain, _)| chain != 0).collect();
            list.sort_unstable();
            list
        };
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut captures = 0;
        for _ in 0..40 {
            let mut state = State {
                stones: [0, 0],
                to_move: Color::Black,
                ko: NO_KO,
                passed: false,
            };
            let mut chains = Chains::new();
            chains.fill(&fight, state.stones);
            for _ in 0..120 {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let empty = fight.all() & !(state.stones[0] | state.stones[1]);
                let moves: Vec<(State, Played)> = bits(empty)
                    .filter_map(|p| match fight.play(state, p, &chains) {
                        Some(Ok(m)) => Some(m),
                        _ => None,
                    })
                    .chain([(fight.pass(state).unwrap_or(state), Played::default())])
                    .collect();
                let (after, played) = moves[(seed % moves.len() as u64) as usize];
                captures += usize::from(played.captured != 0);
                let mut followed = Chains::new();
                followed.follow(&chains, played);
                let mut found = Chains::new();
                found.fill(&fight, after.stones);
                assert_eq!(sorted(&followed), sorted(&found));
                for i in bits(after.stones[0] | after.stones[1]) {
                    assert_ne!(followed.at(i).0 & (1 << i), 0, "stone {i}");
                }
                state = State {
                    passed: false,
                    ..after
                };
                chains = followed;
            }
        }
        assert!(captures > 50, "the games captured only {captures} times");
    }

    /// Black's corner chain has one liberty, A5: White captures there whoever moves
    /// first (Black filling it is suicide), and Black cannot capture the wall.
    #[test]
    fn a_chain_with_one_liberty_dies_whoever_moves() {
        let board = Board::from_diagram(
            "
            . X O . .
            X X O . .
            O O O . .
            . . . . .
            . . . . .",
        )
        .expect("a diagram");
        let region = at(&board, &["A5", "B5", "A4", "B4"]);
        let fight = Fight::new(&board, &region, &at(&board, &["B5"])).expect("a fight");
        let outcome = fight.solve(&board, 1000).expect("a small fight");
        assert_eq!(outcome.first(Color::Black), Some(Color::White));
        assert_eq!(outcome.first(Color::White), Some(Color::White));
    }

    /// White's two stones in the corner have two liberties and no eye; Black's wall
    /// around them joins a chain outside the region, so it cannot be captured. Black
    /// captures whoever moves first; if Black only passes, nobody does.
    #[test]
    fn a_short_chain_in_the_corner_is_captured() {
        let (race, fight) = corner_race();
        let outcome = fight.solve(&race, 10_000).expect("a small fight");
        assert_eq!(
            outcome,
            Outcome {
                black_first: Some(Color::Black),
                white_first: Some(Color::Black)
            }
        );
        let mut passive = fight.clone();
        passive.only_passes(Some(Color::Black));
        assert_eq!(passive.solve(&race, 10_000), Some(Outcome::NOBODY));
    }

    /// c11 of the shared positions: White's block G2-H2-G1-H1 and Black's J2 are both in
    /// atari on J1. Black J1 captures four. White J1 captures J2, but Black takes back
    /// five at J2 at once: no kill. So the block dies whoever moves first, and J2 lives.
    #[test]
    fn a_capture_retaken_at_once_with_a_larger_one_is_no_kill() {
        let board = Board::from_diagram(
            "
            . . . . X X X X O
            . . . . . . X X O
            . . . . . . X X O
            . . . . . X O O X
            . . . . . X O O .",
        )
        .expect("a diagram");
        let region = at(&board, &["G2", "H2", "J2", "G1", "H1", "J1"]);
        let j2 = Fight::new(&board, &region, &at(&board, &["J2"])).expect("a fight");
        assert_eq!(j2.solve(&board, 10_000), Some(Outcome::NOBODY));
        let block = Fight::new(&board, &region, &at(&board, &["G2"])).expect("a fight");
        assert_eq!(
            block.solve(&board, 10_000),
            Some(Outcome {
                black_first: Some(Color::Black),
                white_first: Some(Color::Black)
            })
        );
    }

    /// A remembered answer says what a search would: the same answer and count under a
    /// bound it fits, a give-up one past the bound under a smaller one, and a search
    /// again past a give-up (which may come before the bound: a line too long).
    #[test]
    fn a_remembered_answer_is_the_answer_a_search_gives_under_any_bound() {
        let (race, fight) = corner_race();
        let stones = fight.stones_of(&race);
        let searched = |bound| fight.attack_searched(stones, Color::Black, bound);
        let (out, visited) = searched(10_000);
        assert_eq!(out, Some([true, true]));
        assert!(visited > 2, "a real search: {visited}");
        for bound in [10_000, visited, visited - 1, 1, 0] {
            // Asked twice: once searched (or remembered from an earlier bound), once
            // remembered; both as the search under that bound.
            for _ in 0..2 {
                assert_eq!(
                    fight.attack_counted(&race, Color::Black, bound),
                    searched(bound),
                    "bound {bound}"
                );
            }
        }
        let (board, open) = lone_stone();
        let stones = open.stones_of(&board);
        for bound in [300, 200, 400, 300] {
            assert_eq!(
                open.attack_counted(&board, Color::White, bound),
                open.attack_searched(stones, Color::White, bound),
                "bound {bound}"
            );
            assert_eq!(open.attack_counted(&board, Color::White, bound).0, None);
        }
    }

    /// Past the bound the fight gives up instead of reading on: a lone stone in the middle
    /// of an empty board has too many ways to live or die to read.
    #[test]
    fn a_fight_past_its_bound_gives_up() {
        let (board, fight) = lone_stone();
        assert_eq!(fight.solve(&board, 500), None);
    }
}
