//! Random playouts from a final position, for the ownership of each point.
//!
//! A playout plays random moves for both colours, in turn, until neither has a move its
//! policy accepts, then reads who owns each point (a stone's colour, or the colour of all
//! the stones around an empty point). The policy keeps the playouts close to what players
//! would agree on at the end of a game:
//!
//! - a player never fills one of its own real eyes (a point whose neighbours are all its
//!   stones, not made false by the opponent's stones on its diagonals);
//! - a player never puts a chain of three or more stones into atari unless the move
//!   captures (so a seki between large chains survives, and nobody gives away a living
//!   chain); small self-ataris stay allowed, since killing an eye space needs them;
//! - a player captures a chain the opponent's last move left in atari (the playout
//!   settles dead stones in a few moves instead of wandering).
//!
//! Points the caller freezes (pass-alive territory, whose fate is proved) are never
//! played. A playout stops after a fixed number of moves, so a long ko or a cycle cannot
//! make it hang.
//!
//! [`PlayBoard`] is a copy of the position made for this: fixed-size arrays, chains as
//! circular lists with exact liberty counts (the layout of `crate::board`), plus the list
//! of empty points the random choice draws from; no allocation after it is built.

use crate::board::{Board, Color};
use crate::life::eyes::{Diagonal, is_false};
use crate::point::Point;

/// Side of the padded grid: the largest board plus a sentinel row or column each side.
const STRIDE: usize = crate::point::MAX_SIZE as usize + 2;
/// Cells of the padded grid.
const CELLS: usize = STRIDE * STRIDE;
/// The most points a board has.
const MAX_POINTS: usize = crate::point::MAX_SIZE as usize * crate::point::MAX_SIZE as usize;

const EMPTY: u8 = 0;
const BLACK: u8 = 1;
const WHITE: u8 = 2;
const BORDER: u8 = 3;
/// Head of empty and border cells: cell 0 is a corner sentinel, never a chain's head.
const NO_CHAIN: u16 = 0;
/// The most standoff points a playout board keeps (see [`PlayBoard::mark_standoffs`]).
const STANDOFFS: usize = 8;
/// `slot` of a cell not in the list of empty points.
const NOT_LISTED: u16 = u16::MAX;

/// The padded cell of an on-board point.
#[inline]
pub(super) fn cell_of(p: Point) -> usize {
    (usize::from(p.y) + 1) * STRIDE + usize::from(p.x) + 1
}

/// The point of an on-board cell.
pub(super) fn point_of(cell: usize) -> Point {
    // On-board cells have 1 <= row, column <= 25, so both fit a u8.
    Point::new((cell % STRIDE - 1) as u8, (cell / STRIDE - 1) as u8)
}

/// Check that `cell` is on the board (every cell the playouts look around is): its
/// neighbours and diagonals are then cells of the grid. Stated once, it also lets the
/// compiler drop the bounds checks of the reads around `cell`.
#[inline(always)]
fn assert_on_board(cell: usize) {
    assert!(
        STRIDE < cell && cell < CELLS - STRIDE - 1,
        "cell {cell} off the board"
    );
}

#[inline]
fn neighbours(cell: usize) -> [usize; 4] {
    assert_on_board(cell);
    [cell - STRIDE, cell - 1, cell + 1, cell + STRIDE]
}

#[inline]
fn diagonals(cell: usize) -> [usize; 4] {
    assert_on_board(cell);
    [
        cell - STRIDE - 1,
        cell - STRIDE + 1,
        cell + STRIDE - 1,
        cell + STRIDE + 1,
    ]
}

#[inline]
pub(super) fn value_of(color: Color) -> u8 {
    color.index() as u8 + 1
}

/// SplitMix64: small, fast and good enough to pick random moves; seeded from the
/// position, so the same position always gets the same playouts.
#[derive(Clone, Debug)]
pub(super) struct Rng(u64);

impl Rng {
    pub(super) fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    #[inline]
    pub(super) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`).
    #[inline]
    fn below(&mut self, n: usize) -> usize {
        (((self.next() >> 32) * n as u64) >> 32) as usize
    }
}

/// What a move would make; see [`PlayBoard::after`].
struct After {
    captures: bool,
    liberties: usize,
}

/// What the policy says about a candidate move; see [`PlayBoard::judge`].
enum Judgement {
    Accepted,
    /// Refused; `settled` when the point is a settled eye (see
    /// [`PlayBoard::settled_eye`]).
    Refused {
        settled: bool,
    },
}

/// The chains a move left in atari, recorded by [`PlayBoard::play`]: the next move's
/// capture and save rules (`capture_near`, `save_near`) look at exactly these, and
/// `play` has found their liberties already.
#[derive(Clone, Copy)]
struct Ataris {
    /// False after a suicide: the rules then look for themselves.
    known: bool,
    /// The liberty of the mover's chain when the move left it in atari; 0 = none.
    own: u16,
    /// The liberties of the opponent's chains next to the move that it left in atari,
    /// in the order of the move's neighbours.
    theirs: [u16; 4],
    n_theirs: u8,
}

/// A position for playouts. See the module documentation.
#[derive(Clone)]
pub(super) struct PlayBoard {
    cells: [u8; CELLS],
    /// For a stone, the head cell of its chain; `NO_CHAIN` elsewhere.
    head: [u16; CELLS],
    /// For a stone, the next stone of its chain (a circular list).
    next: [u16; CELLS],
    /// At a head: distinct empty points next to the chain.
    libs: [u16; CELLS],
    /// At a head: stones in the chain.
    size: [u16; CELLS],
    /// The empty points a move may be drawn from (frozen points are never listed; they
    /// are empty, nobody plays there, so no capture ever empties them again).
    empties: [u16; MAX_POINTS],
    n_empty: usize,
    /// Per cell: its index in `empties`, or `NOT_LISTED`.
    slot: [u16; CELLS],
    /// The cell where a stone of `ko_value` would retake a simple ko at once; 0 = none.
    ko_cell: u16,
    ko_value: u8,
    /// What the last move played left in atari.
    ataris: Ataris,
    /// The vital point of the eye space the last move's capture left, when it has one
    /// (see [`PlayBoard::vital_point`]); 0 = none.
    vital: u16,
    /// The standoff points of the position the playouts start from (see
    /// [`PlayBoard::mark_standoffs`]), at most [`STANDOFFS`] of them.
    standoffs: [u16; STANDOFFS],
    n_standoffs: u8,
    /// Cells in use: the board's rows and the sentinel rows around them. The arrays
    /// past this hold nothing and are never read.
    used: usize,
}

impl PlayBoard {
    /// A copy of `board`; the points where `frozen` holds are never played.
    /// Boxed: the board is several kilobytes, and a box is built in place and moves
    /// without copying them.
    pub(super) fn new(board: &Board, frozen: impl Fn(Point) -> bool) -> Box<PlayBoard> {
        let mut pb = PlayBoard::blank((usize::from(board.height()) + 2) * STRIDE);
        for y in 0..board.height() {
            for x in 0..board.width() {
                let p = Point::new(x, y);
                pb.cells[cell_of(p)] = board.get(p).map_or(EMPTY, value_of);
            }
        }
        let mut counted = [NO_CHAIN; CELLS];
        let mut stack = [0u16; MAX_POINTS];
        for y in 0..board.height() {
            for x in 0..board.width() {
                let p = Point::new(x, y);
                let cell = cell_of(p);
                match pb.cells[cell] {
                    EMPTY if !frozen(p) => pb.list(cell),
                    BLACK | WHITE if pb.head[cell] == NO_CHAIN => {
                        pb.build_chain(cell, &mut counted, &mut stack)
                    }
                    _ => {}
                }
            }
        }
        pb
    }

    /// A board with nothing on it yet, only borders, whose first `used` cells will be
    /// in use: scratch space for [`PlayBoard::copy_from`].
    pub(super) fn blank(used: usize) -> Box<PlayBoard> {
        Box::new(PlayBoard {
            cells: [BORDER; CELLS],
            head: [NO_CHAIN; CELLS],
            next: [0; CELLS],
            libs: [0; CELLS],
            size: [0; CELLS],
            empties: [0; MAX_POINTS],
            n_empty: 0,
            slot: [NOT_LISTED; CELLS],
            ko_cell: 0,
            ko_value: EMPTY,
            ataris: Ataris {
                known: false,
                own: 0,
                theirs: [0; 4],
                n_theirs: 0,
            },
            vital: 0,
            standoffs: [0; STANDOFFS],
            n_standoffs: 0,
            used,
        })
    }

    /// Label the chain through `start` (all its stones unlabelled) and count its
    /// liberties. `counted` marks, per cell, the last chain head that counted it as a
    /// liberty; `stack` is scratch space.
    fn build_chain(&mut self, start: usize, counted: &mut [u16; CELLS], stack: &mut [u16]) {
        let v = self.cells[start];
        let (mut libs, mut size) = (0u16, 0u16);
        self.head[start] = start as u16;
        self.next[start] = start as u16;
        stack[0] = start as u16;
        let mut top = 1;
        while top > 0 {
            top -= 1;
            let s = usize::from(stack[top]);
            size += 1;
            for nb in neighbours(s) {
                let w = self.cells[nb];
                if w == EMPTY {
                    if counted[nb] != start as u16 {
                        counted[nb] = start as u16;
                        libs += 1;
                    }
                } else if w == v && self.head[nb] == NO_CHAIN {
                    self.head[nb] = start as u16;
                    self.next[nb] = self.next[start];
                    self.next[start] = nb as u16;
                    // Each stone is pushed once, when labelled: at most MAX_POINTS.
                    stack[top] = nb as u16;
                    top += 1;
                }
            }
        }
        self.libs[start] = libs;
        self.size[start] = size;
    }

    /// Make this board a copy of `other` (of the same size), copying only the cells in
    /// use: much cheaper than a clone on a small board.
    pub(super) fn copy_from(&mut self, other: &PlayBoard) {
        let used = other.used.min(CELLS);
        self.cells[..used].copy_from_slice(&other.cells[..used]);
        self.head[..used].copy_from_slice(&other.head[..used]);
        self.next[..used].copy_from_slice(&other.next[..used]);
        self.libs[..used].copy_from_slice(&other.libs[..used]);
        self.size[..used].copy_from_slice(&other.size[..used]);
        self.slot[..used].copy_from_slice(&other.slot[..used]);
        let n = other.n_empty;
        self.empties[..n].copy_from_slice(&other.empties[..n]);
        self.n_empty = n;
        self.ko_cell = other.ko_cell;
        self.ko_value = other.ko_value;
        self.ataris = other.ataris;
        self.vital = other.vital;
        self.standoffs = other.standoffs;
        self.n_standoffs = other.n_standoffs;
        self.used = used;
    }

    /// How many empty points a move may be drawn from.
    pub(super) fn listed(&self) -> usize {
        self.n_empty
    }

    fn list(&mut self, cell: usize) {
        if self.slot[cell] == NOT_LISTED {
            self.slot[cell] = self.n_empty as u16;
            self.empties[self.n_empty] = cell as u16;
            self.n_empty += 1;
        }
    }

    fn unlist(&mut self, cell: usize) {
        let i = self.slot[cell];
        if i != NOT_LISTED {
            self.unlist_at(usize::from(i), cell);
        }
    }

    /// Take `cell`, entry `i` of the list of empty points, off the list.
    #[inline]
    fn unlist_at(&mut self, i: usize, cell: usize) {
        self.n_empty -= 1;
        let last = self.empties[self.n_empty];
        self.empties[i] = last;
        self.slot[usize::from(last)] = i as u16;
        self.slot[cell] = NOT_LISTED;
    }

    /// Swap entries `i` and `j` of the list of empty points.
    fn swap_listed(&mut self, i: usize, j: usize) {
        self.empties.swap(i, j);
        self.slot[usize::from(self.empties[i])] = i as u16;
        self.slot[usize::from(self.empties[j])] = j as u16;
    }

    /// Whether `cell` is empty, not a ko retake for `me`, and has two empty neighbours:
    /// then the move is legal, is no eye, and leaves its chain two liberties, so the
    /// policy accepts it without looking further. [`PlayBoard::judge`] decides the same
    /// way in one look at the neighbours; this is its reference in the tests.
    #[cfg(test)]
    fn open(&self, cell: usize, me: u8) -> bool {
        if self.cells[cell] != EMPTY || (usize::from(self.ko_cell) == cell && self.ko_value == me) {
            return false;
        }
        let [a, b, c, d] = neighbours(cell).map(|nb| u8::from(self.cells[nb] == EMPTY));
        a + b + c + d >= 2
    }

    /// Whether a stone of value `me` on the empty `cell` is legal: not a simple-ko
    /// retake, not suicide.
    #[inline]
    fn legal(&self, cell: usize, me: u8) -> bool {
        if self.cells[cell] != EMPTY || (usize::from(self.ko_cell) == cell && self.ko_value == me) {
            return false;
        }
        neighbours(cell).iter().any(|&nb| {
            let v = self.cells[nb];
            v == EMPTY
                || (v == me && self.libs[usize::from(self.head[nb])] > 1)
                || (v == 3 - me && self.libs[usize::from(self.head[nb])] == 1)
        })
    }

    /// Whether `cell` is a real eye of `me`: every neighbour is `me` or the edge, and the
    /// opponent holds fewer than two diagonals (none on the edge).
    #[inline]
    fn is_eye(&self, cell: usize, me: u8) -> bool {
        if neighbours(cell)
            .iter()
            .any(|&nb| self.cells[nb] != me && self.cells[nb] != BORDER)
        {
            return false;
        }
        self.eye_diagonals(cell, me)
    }

    /// The diagonal half of [`PlayBoard::is_eye`]: whether the eye is not false by the
    /// one false-eye rule ([`crate::life::eyes::is_false`]), on the stones alone.
    #[inline]
    fn eye_diagonals(&self, cell: usize, me: u8) -> bool {
        !is_false(diagonals(cell).into_iter().map(|d| match self.cells[d] {
            BORDER => Diagonal::OffBoard,
            v if v == 3 - me => Diagonal::Opponent,
            _ => Diagonal::Other,
        }))
    }

    /// Whether the policy accepts `me` playing the legal `cell`: not a real eye of its
    /// own, and not a self-atari of three stones or more that captures nothing.
    /// [`PlayBoard::judge`] decides the same way; this is its reference in the tests.
    #[cfg(test)]
    fn acceptable(&self, cell: usize, me: u8) -> bool {
        if self.is_eye(cell, me) {
            return false;
        }
        let after = self.after(cell, me);
        let mut own: Vec<u16> = Vec::new();
        for nb in neighbours(cell) {
            if self.cells[nb] == me && !own.contains(&self.head[nb]) {
                own.push(self.head[nb]);
            }
        }
        let stones = 1 + own
            .iter()
            .map(|&h| usize::from(self.size[usize::from(h)]))
            .sum::<usize>();
        after.captures || after.liberties >= 2 || stones < 3
    }

    /// What the policy says about `me` playing on the listed `cell`, in one look at its
    /// neighbours: the decision of `open || (legal && acceptable)`, and for a refused
    /// point the answer of [`PlayBoard::settled_eye`].
    #[inline(always)]
    fn judge(&self, cell: usize, me: u8) -> Judgement {
        // Listed points are empty (`check` makes sure): only the ko is left to see.
        if usize::from(self.ko_cell) == cell && self.ko_value == me {
            return Judgement::Refused {
                settled: self.settled_eye(cell),
            };
        }
        let nbs = neighbours(cell);
        let v = nbs.map(|nb| self.cells[nb]);
        let empties = v.iter().filter(|&&x| x == EMPTY).count();
        if empties >= 2 {
            return Judgement::Accepted;
        }
        let them = 3 - me;
        let mut lib = None;
        let mut heads = [NO_CHAIN; 4];
        let mut n = 0;
        let mut stones = 1usize;
        // The fewest and the most liberties of the chains of `me` around.
        let (mut least, mut most) = (u16::MAX, 0u16);
        let mut theirs = false;
        for (nb, x) in nbs.into_iter().zip(v) {
            if x == EMPTY {
                lib = Some(nb);
            } else if x == me {
                let h = self.head[nb];
                // Unused slots hold NO_CHAIN, never a head.
                if heads[0] != h && heads[1] != h && heads[2] != h {
                    let libs = self.libs[usize::from(h)];
                    if libs >= 3 && empties == 1 {
                        // `most >= 3` with a liberty of its own: accepted below whatever
                        // the other neighbours are (the rest of the loop only accepts).
                        return Judgement::Accepted;
                    }
                    least = least.min(libs);
                    most = most.max(libs);
                    heads[n] = h;
                    n += 1;
                    stones += usize::from(self.size[usize::from(h)]);
                }
            } else if x == them {
                if self.libs[usize::from(self.head[nb])] == 1 {
                    // A capture: legal, and no eye of `me`.
                    return Judgement::Accepted;
                }
                theirs = true;
            }
        }
        if lib.is_none() {
            if most < 2 {
                // Suicide. A settled eye needs one colour around it with two liberties
                // or more: here only the opponent's chains can be, and none is in atari.
                return Judgement::Refused {
                    settled: n == 0 && theirs && self.eye_diagonals(cell, them),
                };
            }
            if !theirs && self.eye_diagonals(cell, me) {
                // A real eye of its own (every neighbour is `me` or the edge).
                return Judgement::Refused {
                    settled: least >= 2,
                };
            }
        }
        // A self-atari of three stones or more that captures nothing is refused; the
        // point is then no settled eye (it has an empty neighbour, both colours around
        // it, or is no eye of `me`, the only colour around it).
        if most >= 3 || stones < 3 || self.liberties_joined(cell, lib, &heads[..n]) >= 2 {
            Judgement::Accepted
        } else {
            Judgement::Refused { settled: false }
        }
    }

    /// Whether a stone of `color` on the empty on-board `cell` would capture nothing and
    /// leave its chain with at most one liberty.
    pub(super) fn fills_into_atari(&self, cell: usize, color: Color) -> bool {
        let after = self.after(cell, value_of(color));
        !after.captures && after.liberties <= 1
    }

    /// What a stone of value `me` on the empty `cell` would make: whether it captures,
    /// and its chain's liberties (counted up to two).
    #[inline]
    fn after(&self, cell: usize, me: u8) -> After {
        let early = |captures| After {
            captures,
            liberties: 2,
        };
        let mut own = [NO_CHAIN; 4];
        let mut n_own = 0;
        let mut empty = 0;
        let mut lib = None;
        for nb in neighbours(cell) {
            let v = self.cells[nb];
            if v == EMPTY {
                empty += 1;
                lib = Some(nb);
            } else if v == 3 - me && self.libs[usize::from(self.head[nb])] == 1 {
                return early(true);
            } else if v == me {
                let h = self.head[nb];
                if !own[..n_own].contains(&h) {
                    own[n_own] = h;
                    n_own += 1;
                    if self.libs[usize::from(h)] >= 3 {
                        return early(false);
                    }
                }
            }
        }
        if empty >= 2 {
            return early(false);
        }
        After {
            captures: false,
            liberties: self.liberties_joined(cell, lib, &own[..n_own]),
        }
    }

    /// The liberties, counted up to two, of the chain a stone on the empty `cell` makes
    /// with the chains headed by `own` (each with at most two liberties), when `lib` is
    /// the one empty neighbour of `cell`, or it has none.
    ///
    /// `cell` is a liberty of every chain of `own`, so a chain of one liberty brings no
    /// other and a chain of two brings exactly one more: the joined chain's liberties are
    /// `lib` and those. Two of them differ when one chain's other liberty is not next to
    /// another chain (liberty counts are exact), so at most one chain is walked, and only
    /// until that liberty is found.
    #[inline]
    fn liberties_joined(&self, cell: usize, lib: Option<usize>, own: &[u16]) -> usize {
        let mut two = own
            .iter()
            .map(|&h| usize::from(h))
            .filter(|&h| self.libs[h] == 2);
        let known = match lib {
            Some(e) => e,
            None => match two.next().and_then(|h| self.liberty_besides(h, cell)) {
                Some(x) => x,
                None => return 0,
            },
        };
        if two.any(|h| {
            !neighbours(known)
                .iter()
                .any(|&x| usize::from(self.head[x]) == h)
        }) {
            2
        } else {
            1
        }
    }

    /// A liberty of the chain headed by `h` other than `cell`.
    #[inline]
    fn liberty_besides(&self, h: usize, cell: usize) -> Option<usize> {
        let mut s = h;
        loop {
            if let Some(&nb) = neighbours(s)
                .iter()
                .find(|&&nb| nb != cell && self.cells[nb] == EMPTY)
            {
                return Some(nb);
            }
            s = usize::from(self.next[s]);
            if s == h {
                return None;
            }
        }
    }

    /// Play a legal move of value `me` on `cell`. Returns the number of stones captured.
    /// Records the chains the move leaves in atari for the next move's capture and save
    /// rules (see [`Ataris`]).
    #[cfg(test)]
    pub(super) fn play(&mut self, cell: usize, me: u8) -> u32 {
        self.unlist(cell);
        self.place(cell, me)
    }

    /// [`PlayBoard::play`] on a point already off the list of empty points.
    #[inline(always)]
    fn place(&mut self, cell: usize, me: u8) -> u32 {
        let them = 3 - me;
        // The chains around, by colour, each once, in the order of the neighbours.
        let (mut own, mut n_own) = ([NO_CHAIN; 4], 0);
        let (mut theirs, mut n_theirs) = ([NO_CHAIN; 4], 0);
        let mut empty = 0u16;
        // Unused slots hold NO_CHAIN, never a head: a head is new when it differs from
        // the first three slots. At most three chains come before the fourth neighbour,
        // so `& 3` is the next slot itself (and needs no bounds check). Called once per
        // neighbour, in their order, written out so the four calls are unrolled.
        let mut look = |nb: usize| {
            let v = self.cells[nb];
            if v == EMPTY {
                empty += 1;
                return;
            }
            let h = self.head[nb];
            if v == me {
                if own[0] != h && own[1] != h && own[2] != h {
                    own[n_own & 3] = h;
                    n_own += 1;
                }
            } else if v == them && theirs[0] != h && theirs[1] != h && theirs[2] != h {
                theirs[n_theirs & 3] = h;
                n_theirs += 1;
            }
        };
        let [up, left, right, down] = neighbours(cell);
        look(up);
        look(left);
        look(right);
        look(down);
        let theirs = &theirs[..n_theirs];
        self.cells[cell] = me;
        self.head[cell] = cell as u16;
        self.next[cell] = cell as u16;
        self.libs[cell] = empty;
        self.size[cell] = 1;
        // Each chain around loses `cell`, one of its liberties (the counts are exact);
        // the mover's join the stone, whose chain `mine` heads.
        let mut mine = cell;
        for &h in &own[..n_own] {
            let h = usize::from(h);
            self.libs[h] -= 1;
            mine = self.merge(mine, h);
        }
        // Captures, and the opponent's chains left in atari (removing one of their
        // chains gives liberties to ours only, so the order does not matter).
        let mut captured = 0;
        let mut last = 0;
        self.ataris.known = true;
        self.ataris.own = 0;
        self.ataris.n_theirs = 0;
        for &h in theirs {
            let h = usize::from(h);
            self.libs[h] -= 1;
            if self.libs[h] == 0 {
                captured += self.remove_chain(h);
                last = h;
            } else if self.libs[h] == 1 {
                self.record_atari(h);
            }
        }
        if self.libs[mine] == 0 {
            // Suicide (the policy never plays it, but a caller might): the opponent's
            // chains around gain liberties, so the capture and save rules look again.
            self.remove_chain(mine);
            self.ataris.known = false;
            self.ataris.n_theirs = 0;
            for &h in theirs {
                let h = usize::from(h);
                if self.libs[h] == 1 {
                    self.record_atari(h);
                }
            }
            self.list_ataris();
            self.ko_cell = 0;
            return captured;
        }
        self.list_ataris();
        if self.libs[mine] == 1
            && let Some(lib) = self.a_liberty(mine)
        {
            self.list(lib);
            self.ataris.own = lib as u16;
        }
        // One chain of 3 to 6 stones captured: its points are an eye space to kill,
        // unless the capture starts a race out of a seki.
        self.vital = if (3..=6).contains(&captured)
            && captured == u32::from(self.size_of_ring(last))
            && !self.at_standoff(mine)
        {
            self.vital_point(last)
        } else {
            0
        };
        if captured == 1 && self.size[mine] == 1 && self.libs[mine] == 1 {
            self.ko_cell = last as u16;
            self.ko_value = them;
        } else {
            self.ko_cell = 0;
        }
        captured
    }

    /// Whether the chain headed by `h` is next to one of the standoff points of the
    /// position the playouts started from.
    fn at_standoff(&self, h: usize) -> bool {
        self.standoffs[..usize::from(self.n_standoffs)]
            .iter()
            .any(|&c| {
                neighbours(usize::from(c))
                    .iter()
                    .any(|&nb| usize::from(self.head[nb]) == h)
            })
    }

    /// Note this position's standoff points (the first [`STANDOFFS`] of them): listed
    /// empty points where a stone of either colour would capture nothing and leave its
    /// chain in atari. Nobody fills them in a seki, and a capture by a chain next to one
    /// starts a race in which the side that captured first may lose (a hanezeki,
    /// `fixtures/scoring/japanese/seki-hanezeki.sgf`): no eye space to kill, so no
    /// vital-point reply (see [`PlayBoard::vital_point`]). Kept as they are when the
    /// playouts later lift dead chains: a chain lifted next to a seki is often one of
    /// its own (the chain in atari of a hanezeki), and the race stays one.
    pub(super) fn mark_standoffs(&mut self) {
        let mut n = 0;
        for i in 0..self.n_empty {
            if n == STANDOFFS {
                break;
            }
            let cell = usize::from(self.empties[i]);
            if self.fills_into_atari(cell, Color::Black)
                && self.fills_into_atari(cell, Color::White)
            {
                self.standoffs[n] = cell as u16;
                n += 1;
            }
        }
        self.n_standoffs = n as u8;
    }

    /// How many cells the circular list through `start` holds (a captured chain's list
    /// survives its capture), counted up to 7.
    fn size_of_ring(&self, start: usize) -> u16 {
        let (mut n, mut s) = (0, start);
        loop {
            n += 1;
            s = usize::from(self.next[s]);
            if s == start || n == 7 {
                return n;
            }
        }
    }

    /// The vital point of the eye space a capture just emptied, the chain whose list
    /// runs through `start` (3 to 6 points): the point with the most neighbours in the
    /// space, when only one has that many and it has two or more (the middle of a bent
    /// or straight three, of a pyramid four, of a bulky five, of a crossed or rabbity
    /// six). The side whose stones were captured plays there next, as a player killing
    /// the space would; 0 when the shape has no such point.
    fn vital_point(&self, start: usize) -> u16 {
        let mut space = [0usize; 6];
        let (mut n, mut s) = (0, start);
        loop {
            space[n] = s;
            n += 1;
            s = usize::from(self.next[s]);
            if s == start || n == space.len() {
                break;
            }
        }
        let space = &space[..n];
        // Each point's neighbours in the space, counted by pairs: two points of the board
        // are neighbours when they are 1 apart (the border columns keep rows apart) or a
        // row apart, and the points of a chain are distinct.
        let mut degree = [0usize; 6];
        for i in 0..n {
            for j in i + 1..n {
                let d = space[i].abs_diff(space[j]);
                if d == 1 || d == STRIDE {
                    degree[i] += 1;
                    degree[j] += 1;
                }
            }
        }
        let (mut best, mut most, mut ties) = (0, 0, 0);
        for (&c, &k) in space.iter().zip(&degree) {
            if k > most {
                (best, most, ties) = (c, k, 1);
            } else if k == most {
                ties += 1;
            }
        }
        if most >= 2 && ties == 1 {
            best as u16
        } else {
            0
        }
    }

    /// A chain in atari can be captured on its last liberty: make sure the points
    /// [`PlayBoard::record_atari`] recorded are listed (one may have been put aside as a
    /// settled eye).
    #[inline]
    fn list_ataris(&mut self) {
        let in_atari = self.ataris.theirs;
        for &lib in &in_atari[..usize::from(self.ataris.n_theirs)] {
            self.list(usize::from(lib));
        }
    }

    /// Record the liberty of the opponent's chain headed by `h`, in atari.
    #[inline]
    fn record_atari(&mut self, h: usize) {
        if let Some(lib) = self.a_liberty(h) {
            let k = usize::from(self.ataris.n_theirs);
            self.ataris.theirs[k] = lib as u16;
            self.ataris.n_theirs += 1;
        }
    }

    /// Merge the chains headed by `a` and `b` (two different chains of one colour),
    /// the smaller into the larger (into `a` when they are the same size). Returns the
    /// head of the union.
    #[inline]
    fn merge(&mut self, a: usize, b: usize) -> usize {
        let (big, small) = if self.size[a] < self.size[b] {
            (b, a)
        } else {
            (a, b)
        };
        let big16 = big as u16;
        let mut gained = 0u16;
        let mut s = small;
        // Whether the empty `nb` is a liberty `small` brings: none of the three cells
        // `others` around it (all but `s`, still of `small`) is of `big`.
        let new_liberty = |board: &PlayBoard, nb: usize, others: [usize; 3]| {
            board.cells[nb] == EMPTY && others.iter().all(|&c| board.head[c] != big16)
        };
        loop {
            let [up, left, right, down] = neighbours(s);
            // Each neighbour with the three cells around it other than `s`. An empty
            // cell is on the board, so the cells around it are in the grid; the check
            // runs only for empty cells.
            gained += u16::from(
                self.cells[up] == EMPTY && {
                    assert_on_board(up);
                    new_liberty(self, up, [up - STRIDE, up - 1, up + 1])
                },
            );
            gained += u16::from(
                self.cells[left] == EMPTY && {
                    assert_on_board(left);
                    new_liberty(self, left, [left - STRIDE, left - 1, left + STRIDE])
                },
            );
            gained += u16::from(
                self.cells[right] == EMPTY && {
                    assert_on_board(right);
                    new_liberty(self, right, [right - STRIDE, right + 1, right + STRIDE])
                },
            );
            gained += u16::from(
                self.cells[down] == EMPTY && {
                    assert_on_board(down);
                    new_liberty(self, down, [down - 1, down + 1, down + STRIDE])
                },
            );
            self.head[s] = big16;
            s = usize::from(self.next[s]);
            if s == small {
                break;
            }
        }
        self.next.swap(big, small);
        self.libs[big] += gained;
        self.size[big] += self.size[small];
        big
    }

    #[inline]
    fn remove_chain(&mut self, head: usize) -> u32 {
        let mut n = 0;
        let mut s = head;
        loop {
            self.cells[s] = EMPTY;
            self.head[s] = NO_CHAIN;
            n += 1;
            s = usize::from(self.next[s]);
            if s == head {
                break;
            }
        }
        loop {
            self.list(s);
            // One look at the neighbours: the chains next to the captured stone gain it
            // as a liberty, and an eye put aside next to it is playable again. Only
            // stones still on the board have a head now.
            let mut seen = [NO_CHAIN; 4];
            let mut k = 0;
            // Once per neighbour, in their order, written out so the calls are unrolled.
            let mut look = |board: &mut PlayBoard, nb: usize| {
                let h = board.head[nb];
                if h != NO_CHAIN {
                    // Unused slots hold NO_CHAIN, never a head; at most three heads come
                    // before the fourth neighbour, so `& 3` is the slot itself.
                    if seen[0] != h && seen[1] != h && seen[2] != h {
                        seen[k & 3] = h;
                        k += 1;
                        board.libs[usize::from(h)] += 1;
                    }
                } else if board.cells[nb] == EMPTY {
                    board.list(nb);
                }
            };
            let [up, left, right, down] = neighbours(s);
            look(self, up);
            look(self, left);
            look(self, right);
            look(self, down);
            s = usize::from(self.next[s]);
            if s == head {
                break;
            }
        }
        n
    }

    /// A capture for `me` of a chain in atari next to `last`, if there is one and it is
    /// legal.
    fn capture_near(&self, last: usize, me: u8) -> Option<usize> {
        if self.cells[last] == 3 - me {
            // The opponent's stone on `last` joined every chain of theirs next to it:
            // that one chain is the only candidate.
            let h = usize::from(self.head[last]);
            if self.libs[h] != 1 {
                return None;
            }
            return self.a_liberty(h).filter(|&lib| self.legal(lib, me));
        }
        for nb in neighbours(last).into_iter().chain([last]) {
            if self.cells[nb] != 3 - me {
                continue;
            }
            let h = usize::from(self.head[nb]);
            if self.libs[h] != 1 {
                continue;
            }
            let lib = self.a_liberty(h)?;
            if self.legal(lib, me) {
                return Some(lib);
            }
        }
        None
    }

    /// A move for `me` that saves a chain of its own the opponent's last move, on
    /// `last`, left in atari: extending on its liberty when that gives it two.
    fn save_near(&self, last: usize, me: u8) -> Option<usize> {
        for nb in neighbours(last) {
            if self.cells[nb] != me {
                continue;
            }
            let h = usize::from(self.head[nb]);
            if self.libs[h] != 1 {
                continue;
            }
            let lib = self.a_liberty(h)?;
            if self.saves(lib, me) {
                return Some(lib);
            }
        }
        None
    }

    /// Whether `me` extending on `lib`, the liberty of its chain in atari, saves it:
    /// legal, giving it two liberties, and not filling a real eye of its own.
    #[inline]
    fn saves(&self, lib: usize, me: u8) -> bool {
        self.legal(lib, me) && self.after(lib, me).liberties >= 2 && !self.is_eye(lib, me)
    }

    /// `capture_near(last, me).or_else(|| save_near(last, me))` for the move just
    /// played on `last`, answered from the chains [`PlayBoard::play`] recorded in atari
    /// instead of looking for them again.
    #[inline]
    fn capture_or_save(&self, last: usize, me: u8) -> Option<usize> {
        let ataris = &self.ataris;
        if !ataris.known {
            return self
                .capture_near(last, me)
                .or_else(|| self.save_near(last, me));
        }
        let own = usize::from(ataris.own);
        if own != 0 && self.legal(own, me) {
            return Some(own);
        }
        ataris.theirs[..usize::from(ataris.n_theirs)]
            .iter()
            .map(|&lib| usize::from(lib))
            .find(|&lib| self.saves(lib, me))
    }

    /// The vital point of the eye space the last move's capture left, if `me` may play
    /// there.
    #[inline]
    pub(super) fn nakade(&self, me: u8) -> Option<usize> {
        let cell = usize::from(self.vital);
        (cell != 0
            && self.cells[cell] == EMPTY
            && self.slot[cell] != NOT_LISTED
            && matches!(self.judge(cell, me), Judgement::Accepted))
        .then_some(cell)
    }

    /// Some liberty of the chain headed by `h`.
    fn a_liberty(&self, h: usize) -> Option<usize> {
        let mut s = h;
        loop {
            if let Some(&nb) = neighbours(s).iter().find(|&&nb| self.cells[nb] == EMPTY) {
                return Some(nb);
            }
            s = usize::from(self.next[s]);
            if s == h {
                return None;
            }
        }
    }

    /// A random move for `me` that is legal and that the policy accepts, or `None`; the
    /// point is taken off the list of empty points.
    pub(super) fn random_move(&mut self, me: u8, rng: &mut Rng) -> Option<usize> {
        let mut n = self.n_empty;
        while n > 0 {
            let i = rng.below(n);
            let cell = usize::from(self.empties[i]);
            let settled = match self.judge(cell, me) {
                Judgement::Accepted => {
                    self.unlist_at(i, cell);
                    return Some(cell);
                }
                Judgement::Refused { settled } => settled,
            };
            n -= 1;
            self.swap_listed(i, n);
            if settled {
                // Past the active range `0..n`, so the swap `unlist` makes stays there.
                self.unlist_at(n, cell);
            }
        }
        None
    }

    /// Whether nobody may play on the empty `cell` until a chain next to it is captured
    /// or put in atari: a real eye whose chains all have two liberties or more. Its
    /// owner's policy refuses it, and for the opponent it is suicide.
    fn settled_eye(&self, cell: usize) -> bool {
        let mut color = EMPTY;
        for nb in neighbours(cell) {
            match self.cells[nb] {
                BORDER => {}
                EMPTY => return false,
                v => {
                    if (color != EMPTY && v != color) || self.libs[usize::from(self.head[nb])] < 2 {
                        return false;
                    }
                    color = v;
                }
            }
        }
        color != EMPTY && self.is_eye(cell, color)
    }

    /// Play the position out from here, `first` to move, until both colours pass in a
    /// row or `max_moves` moves were played.
    pub(super) fn playout(&mut self, first: Color, rng: &mut Rng, max_moves: usize) -> usize {
        let mut me = value_of(first);
        let mut passes = 0;
        let mut last = 0usize;
        let mut played = 0;
        for _ in 0..max_moves {
            let forced = if last != 0 {
                self.capture_or_save(last, me).or_else(|| self.nakade(me))
            } else {
                None
            };
            if let Some(cell) = forced {
                self.unlist(cell);
            }
            // A random move comes off the list already.
            match forced.or_else(|| self.random_move(me, rng)) {
                Some(cell) => {
                    self.place(cell, me);
                    played += 1;
                    passes = 0;
                    last = cell;
                }
                None => {
                    self.pass();
                    passes += 1;
                    last = 0;
                    if passes == 2 {
                        break;
                    }
                }
            }
            me = 3 - me;
        }
        played
    }

    /// Take the chain through `cell` off the board, if a stone is there: its points and
    /// the empty points next to it become playable. For a starting position only (it
    /// forgets the ko and the last move's ataris).
    pub(super) fn lift(&mut self, cell: usize) {
        if matches!(self.cells[cell], BLACK | WHITE) {
            self.remove_chain(usize::from(self.head[cell]));
        }
        self.ko_cell = 0;
        self.ataris.known = false;
        self.ataris.n_theirs = 0;
    }

    /// List again every empty point but those where `frozen` holds (a cell), in the order
    /// [`PlayBoard::new`] lists them: a board built with every point listed then gives
    /// the board built with `frozen`, without building its chains again.
    pub(super) fn relist(&mut self, frozen: impl Fn(usize) -> bool) {
        self.n_empty = 0;
        let used = self.used.min(CELLS);
        self.slot[..used].fill(NOT_LISTED);
        for cell in 0..used {
            if self.cells[cell] == EMPTY && !frozen(cell) {
                self.list(cell);
            }
        }
    }

    /// Never play on the empty `cell` (pass-alive territory).
    pub(super) fn put_aside(&mut self, cell: usize) {
        self.unlist(cell);
    }

    /// The cells a move may be drawn from now.
    pub(super) fn listed_cells(&self) -> Vec<usize> {
        self.empties[..self.n_empty]
            .iter()
            .map(|&c| usize::from(c))
            .collect()
    }

    /// Stop playing in each area of empty points through one of the `starts` whose
    /// stones around are all of one colour and all `settled` (a cell of a stone): what a
    /// start position built by [`PlayBoard::new`] leaves out from the first. A point
    /// already put aside stays so.
    pub(super) fn freeze_settled(&mut self, starts: &[usize], settled: impl Fn(usize) -> bool) {
        let mut seen = [false; CELLS];
        let mut area = [0u16; MAX_POINTS];
        for &start in starts {
            if self.cells[start] != EMPTY || seen[start] {
                continue;
            }
            // The area through `start`: `area[..len]`, walked as a stack from `top`.
            seen[start] = true;
            area[0] = start as u16;
            let (mut len, mut top) = (1, 0);
            let (mut touches, mut all_settled) = (0u8, true);
            while top < len {
                let c = usize::from(area[top]);
                top += 1;
                for nb in neighbours(c) {
                    match self.cells[nb] {
                        EMPTY if !seen[nb] => {
                            seen[nb] = true;
                            // Each empty cell is added once: at most MAX_POINTS.
                            area[len] = nb as u16;
                            len += 1;
                        }
                        v @ (BLACK | WHITE) => {
                            touches |= v;
                            all_settled = all_settled && settled(nb);
                        }
                        _ => {}
                    }
                }
            }
            if all_settled && (touches == BLACK || touches == WHITE) {
                for &c in &area[..len] {
                    self.unlist(usize::from(c));
                }
            }
        }
    }

    /// A pass: only clears the simple-ko point.
    pub(super) fn pass(&mut self) {
        self.ko_cell = 0;
        self.vital = 0;
    }

    /// The stone on `cell`, for tests.
    #[cfg(test)]
    pub(super) fn owner_stone(&self, cell: usize) -> Option<Color> {
        match self.cells[cell] {
            BLACK => Some(Color::Black),
            WHITE => Some(Color::White),
            _ => None,
        }
    }

    /// Who owns `cell` now: its stone's colour, or the colour of every stone around an
    /// empty point; `None` when an empty point touches both colours or none.
    #[inline]
    pub(super) fn owner(&self, cell: usize) -> Option<Color> {
        match self.cells[cell] {
            BLACK => Some(Color::Black),
            WHITE => Some(Color::White),
            EMPTY => {
                let mut seen = 0u8;
                for nb in neighbours(cell) {
                    let v = self.cells[nb];
                    if v == BLACK || v == WHITE {
                        seen |= v;
                    }
                }
                match seen {
                    BLACK => Some(Color::Black),
                    WHITE => Some(Color::White),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// Recount every chain from the cells and compare with the incremental state: for
    /// tests.
    #[cfg(test)]
    pub(super) fn check(&self) -> Result<(), String> {
        let mut fresh = self.clone();
        fresh.head = [NO_CHAIN; CELLS];
        let mut counted = [NO_CHAIN; CELLS];
        let mut stack = [0u16; MAX_POINTS];
        for cell in 0..CELLS {
            let v = fresh.cells[cell];
            if (v == BLACK || v == WHITE) && fresh.head[cell] == NO_CHAIN {
                fresh.build_chain(cell, &mut counted, &mut stack);
            }
        }
        for cell in 0..CELLS {
            let v = self.cells[cell];
            if v != BLACK && v != WHITE {
                // `remove_chain` tells stones from the rest by their head.
                if self.head[cell] != NO_CHAIN {
                    return Err(format!("cell {cell} has no stone but a chain"));
                }
                continue;
            }
            let (h, f) = (usize::from(self.head[cell]), usize::from(fresh.head[cell]));
            if self.libs[h] != fresh.libs[f] || self.size[h] != fresh.size[f] {
                return Err(format!(
                    "chain at {:?}: libs {} size {}, recounted {} {}",
                    point_of(cell),
                    self.libs[h],
                    self.size[h],
                    fresh.libs[f],
                    fresh.size[f]
                ));
            }
        }
        for (i, &cell) in self.empties[..self.n_empty].iter().enumerate() {
            let cell = usize::from(cell);
            if self.cells[cell] != EMPTY || usize::from(self.slot[cell]) != i {
                return Err(format!("{:?} is listed but not empty", point_of(cell)));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod shortcut_tests {
    use super::*;

    /// A random position of `w` x `h` with about `density` per cent of stones.
    fn random_board(rng: &mut Rng, w: u8, h: u8, density: u64) -> Board {
        let mut b = Board::new(w, h).expect("valid size");
        for y in 0..h {
            for x in 0..w {
                let r = rng.next() % 100;
                let stone = match r {
                    _ if r < density / 2 => Some(Color::Black),
                    _ if r < density => Some(Color::White),
                    _ => None,
                };
                b.set(Point::new(x, y), stone).expect("on the board");
            }
        }
        b
    }

    /// `capture_near` as a scan of every chain on or next to `last`.
    fn capture_by_scan(pb: &PlayBoard, last: usize, me: u8) -> Option<usize> {
        neighbours(last).into_iter().chain([last]).find_map(|nb| {
            let h = usize::from(pb.head[nb]);
            if pb.cells[nb] != 3 - me || pb.libs[h] != 1 {
                return None;
            }
            pb.a_liberty(h).filter(|&lib| pb.legal(lib, me))
        })
    }

    /// A digest of the playouts from many random positions: every stone and every listed
    /// point, in order, after each playout. The speed work on the playout board must play
    /// the very same moves (the estimate's output depends on them), so the digest is the
    /// one the board gave before that work (commit 6ceeb54).
    fn playouts_digest() -> u64 {
        let mut rng = Rng::new(23);
        let mut digest = 0xcbf2_9ce4_8422_2325u64;
        let mut fold = |x: u64| {
            digest = (digest ^ x).wrapping_mul(0x0000_0100_0000_01b3);
        };
        for round in 0..120u64 {
            let (w, h) = (2 + (round % 18) as u8, 2 + (round * 7 % 18) as u8);
            let b = random_board(&mut rng, w, h, 20 + round % 70);
            // Some points put aside, as pass-alive territory is.
            let start = PlayBoard::new(&b, |p| (p.x + 3 * p.y) % 11 == 5);
            let mut start = start;
            start.mark_standoffs();
            let mut pb = PlayBoard::blank(0);
            for k in 0..8 {
                pb.copy_from(&start);
                let first = if k % 2 == 0 {
                    Color::Black
                } else {
                    Color::White
                };
                let max_moves = 3 * usize::from(w) * usize::from(h) + 64;
                fold(pb.playout(first, &mut rng, max_moves) as u64);
                for y in 0..h {
                    for x in 0..w {
                        let cell = cell_of(Point::new(x, y));
                        fold(u64::from(pb.cells[cell]));
                        fold(pb.owner(cell).map_or(9, |c| c.index() as u64));
                    }
                }
                for &e in &pb.empties[..pb.n_empty] {
                    fold(u64::from(e));
                }
                fold(u64::from(pb.ko_cell));
            }
        }
        digest
    }

    #[test]
    fn the_playouts_play_the_moves_they_played_before() {
        assert_eq!(playouts_digest(), 13_922_733_322_056_943_193);
    }

    #[test]
    fn joined_liberties_match_the_stone_played() {
        let mut rng = Rng::new(5);
        let mut checked = [0usize; 3];
        for round in 0..80u64 {
            let size = 3 + (round % 17) as u8;
            let b = random_board(&mut rng, size, size, 30 + round % 60);
            let pb = PlayBoard::new(&b, |_| false);
            for i in 0..pb.n_empty {
                let cell = usize::from(pb.empties[i]);
                for me in [BLACK, WHITE] {
                    let nbs = neighbours(cell);
                    let empty: Vec<usize> = nbs
                        .into_iter()
                        .filter(|&nb| pb.cells[nb] == EMPTY)
                        .collect();
                    let mut own: Vec<u16> = Vec::new();
                    for nb in nbs {
                        if pb.cells[nb] == me && !own.contains(&pb.head[nb]) {
                            own.push(pb.head[nb]);
                        }
                    }
                    let captures = nbs.iter().any(|&nb| {
                        pb.cells[nb] == 3 - me && pb.libs[usize::from(pb.head[nb])] == 1
                    });
                    if empty.len() > 1
                        || captures
                        || own.iter().any(|&h| pb.libs[usize::from(h)] > 2)
                    {
                        continue;
                    }
                    // The stone played on a copy: its chain's liberties, counted afresh
                    // by `play` (which `check` keeps honest).
                    let mut played = pb.clone();
                    played.ko_cell = 0;
                    played.play(cell, me);
                    let libs = if played.cells[cell] == me {
                        usize::from(played.libs[usize::from(played.head[cell])])
                    } else {
                        0 // suicide: nothing was left
                    };
                    let joined = pb.liberties_joined(cell, empty.first().copied(), &own);
                    assert_eq!(joined, libs.min(2), "round {round} at {:?}", point_of(cell));
                    checked[joined] += 1;
                }
            }
        }
        assert!(checked.iter().all(|&n| n > 100), "{checked:?}");
    }

    #[test]
    fn the_shortcuts_agree_with_the_full_checks() {
        let mut rng = Rng::new(11);
        let (mut opened, mut captures, mut saves, mut refused, mut put_aside) = (0, 0, 0, 0, 0);
        for round in 0..60u64 {
            let size = 3 + (round % 17) as u8;
            let b = random_board(&mut rng, size, size, 10 + round % 60);
            let mut pb = PlayBoard::new(&b, |_| false);
            let mut me = BLACK;
            let mut last = 0;
            for _ in 0..200 {
                for i in 0..pb.n_empty {
                    let cell = usize::from(pb.empties[i]);
                    if pb.open(cell, me) {
                        opened += 1;
                        assert!(
                            pb.legal(cell, me) && pb.acceptable(cell, me),
                            "round {round}"
                        );
                    }
                    let accepted =
                        pb.open(cell, me) || (pb.legal(cell, me) && pb.acceptable(cell, me));
                    match pb.judge(cell, me) {
                        Judgement::Accepted => assert!(accepted, "round {round}"),
                        Judgement::Refused { settled } => {
                            assert!(!accepted, "round {round}");
                            assert_eq!(settled, pb.settled_eye(cell), "round {round}");
                            refused += 1;
                            put_aside += usize::from(settled);
                        }
                    }
                }
                if last != 0 {
                    let fast = pb.capture_near(last, me);
                    assert_eq!(fast, capture_by_scan(&pb, last, me), "round {round}");
                    captures += usize::from(fast.is_some());
                    let recorded = pb.capture_or_save(last, me);
                    assert_eq!(
                        recorded,
                        fast.or_else(|| pb.save_near(last, me)),
                        "round {round}"
                    );
                    saves += usize::from(fast.is_none() && recorded.is_some());
                }
                match pb.random_move(me, &mut rng) {
                    Some(cell) => {
                        pb.play(cell, me);
                        last = cell;
                    }
                    None => {
                        pb.pass();
                        last = 0;
                    }
                }
                me = 3 - me;
            }
        }
        // Every shortcut was taken, not only skipped.
        assert!(
            opened > 1000 && captures > 50 && saves > 20 && refused > 1000 && put_aside > 100,
            "{opened} open points, {captures} captures, {saves} saves, \
             {refused} refused points, {put_aside} settled eyes"
        );
    }
}
