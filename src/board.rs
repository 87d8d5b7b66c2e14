//! The board: stones, chains, captures and an incrementally updated Zobrist hash.
//!
//! A [`Board`] holds one position of any size from 1x1 to 25x25, square or rectangular,
//! and carries out plays exactly as a record gives them: captures of opponent chains left
//! without liberties first, then removal of the mover's own chain if it has none (suicide).
//! It never judges legality by a rule set: [`PlayOutcome`] says what happened (captures,
//! suicide, an immediate simple-ko retake) and the validator decides what that means.
//!
//! Guarantees:
//! - A play, a pass and the legality probes ([`Board::is_suicide`],
//!   [`Board::is_ko_recapture`]) never allocate and cost time in proportion to the chains
//!   they touch, not to the board size. Storage is fixed-size, so cloning a board is one
//!   copy of a few kilobytes.
//! - Chains, liberty counts (distinct empty points, never pseudo-liberties), stone counts
//!   and the hash are always exact; [`Board::check_consistency`] recomputes them from
//!   scratch for tests and fuzzers.
//! - [`Board::hash`] depends only on the stones: the same position gives the same hash on
//!   every board of that size, in every run (the keys are a compile-time table).
//! - Errors ([`PlayError`]) leave the board untouched, and nothing reachable from input
//!   panics.
//!
//! Layout: one flat array of cells with a fixed stride of 27 (the largest side plus one
//! sentinel row or column on each side), whatever the board size. The sentinels make
//! neighbour loops free of bounds tests, and the fixed stride makes the neighbour offsets
//! constants and lets every size share one Zobrist table. A chain is a head cell stored
//! for each of its stones plus a circular `next` list through them; its liberty and stone
//! counts live at its head. Joining chains relabels the smaller one.

use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use crate::point::{MAX_SIZE, Point};

/// A player's colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Color {
    /// The first player (SGF `B`).
    Black,
    /// The second player (SGF `W`).
    White,
}

impl Color {
    /// The other colour.
    pub fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// 0 for Black, 1 for White: an index into per-colour arrays.
    pub fn index(self) -> usize {
        self as usize
    }

    /// `Black` or `White`, as sentences name the players.
    pub fn name(self) -> &'static str {
        match self {
            Color::Black => "Black",
            Color::White => "White",
        }
    }

    /// `B` or `W`, as SGF writes it.
    pub fn letter(self) -> char {
        match self {
            Color::Black => 'B',
            Color::White => 'W',
        }
    }
}

/// Why a stone could not be placed at all.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlayError {
    /// The point is outside the board.
    OffBoard,
    /// The point already holds a stone.
    Occupied,
}

/// What a stone play did to the board. The play is always carried out as recorded
/// (captures first, then the mover's own chain is removed if it has no liberties);
/// the flags let the validator decide whether the rule set allowed it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PlayOutcome {
    /// Opponent stones removed.
    pub captured: u32,
    /// Own stones removed because the play left its chain without liberties
    /// (0 when the play was not suicide; 1 for single-stone suicide).
    pub suicide: u32,
    /// The play retook a simple ko at once: it captured exactly one stone on the point
    /// where, on the previous turn, the opponent captured exactly one stone, recreating
    /// the position before that capture.
    pub ko_recapture: bool,
}

/// Side of the padded grid: the largest board plus a sentinel row or column on each side.
const STRIDE: usize = MAX_SIZE as usize + 2;
/// Cells of the padded grid.
const CELLS: usize = STRIDE * STRIDE;
/// The most stones a board can hold; bounds the scratch stacks of the slow paths.
const MAX_POINTS: usize = MAX_SIZE as usize * MAX_SIZE as usize;
/// 64-bit words in a bitset over all cells.
const CELL_WORDS: usize = CELLS.div_ceil(64);

// Cell contents. A stone's value is `Color::index() + 1`, so `3 - v` is the opponent.
const EMPTY: u8 = 0;
const BLACK: u8 = 1;
const WHITE: u8 = 2;
const BORDER: u8 = 3;

/// Head stored for empty and border cells. Cell 0 is a corner sentinel, so it is never the
/// head of a real chain, and "is this neighbour in chain `h`" needs no colour test.
const NO_CHAIN: u16 = 0;

/// splitmix64's output function: a bijection on `u64` with good avalanche, so distinct
/// inputs give distinct, well-spread keys.
const fn splitmix64(seed: u64) -> u64 {
    let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

const fn zobrist_table() -> [[u64; 2]; CELLS] {
    // An arbitrary fixed offset so the keys are not simply splitmix64(0), splitmix64(1)...
    const SEED: u64 = 0x676F_7265_665F_7A6F; // "goref_zo"
    let mut table = [[0u64; 2]; CELLS];
    let mut cell = 0;
    while cell < CELLS {
        table[cell][0] = splitmix64(SEED.wrapping_add(2 * cell as u64));
        table[cell][1] = splitmix64(SEED.wrapping_add(2 * cell as u64 + 1));
        cell += 1;
    }
    table
}

/// Zobrist keys by cell and colour index, computed at compile time. Indexed by padded cell,
/// which is the same for a point on every board size.
static ZOBRIST: [[u64; 2]; CELLS] = zobrist_table();

/// The cell value of a stone of `color`.
#[inline]
fn stone_of(color: Color) -> u8 {
    color.index() as u8 + 1
}

#[inline]
fn is_stone(v: u8) -> bool {
    v == BLACK || v == WHITE
}

/// The padded cell of an on-board point. Callers check [`Board::contains`] first.
#[inline]
fn cell_of(p: Point) -> usize {
    (p.y as usize + 1) * STRIDE + p.x as usize + 1
}

/// The point of an on-board cell.
#[inline]
fn point_of(cell: usize) -> Point {
    // On-board cells have 1 <= row, column <= 25, so both fit a u8.
    Point::new((cell % STRIDE - 1) as u8, (cell / STRIDE - 1) as u8)
}

/// The four neighbours of an on-board cell. On-board cells lie at least one row and one
/// column inside the padded grid, so these never leave it.
#[inline]
fn neighbours(cell: usize) -> [usize; 4] {
    [cell - STRIDE, cell - 1, cell + 1, cell + STRIDE]
}

/// Up to four distinct chain heads: the chains around one point.
#[derive(Clone, Copy)]
struct Heads {
    heads: [u16; 4],
    len: usize,
}

impl Heads {
    #[inline]
    fn new() -> Heads {
        Heads {
            heads: [NO_CHAIN; 4],
            len: 0,
        }
    }

    #[inline]
    fn insert(&mut self, head: u16) -> bool {
        // Unused slots hold NO_CHAIN, which is never a stone's head, so the three first
        // slots can be compared whatever `len` is; a fourth head comes last, when the
        // three others are taken and differ from it.
        if self.heads[0] == head || self.heads[1] == head || self.heads[2] == head {
            return false;
        }
        self.push(head);
        true
    }

    /// Add a head known to differ from those already in.
    #[inline]
    fn push(&mut self, head: u16) {
        // At most four neighbours, hence at most four heads: the mask never changes the
        // index, it only spares a bounds check.
        self.heads[self.len & 3] = head;
        self.len += 1;
    }

    #[inline]
    fn as_slice(&self) -> &[u16] {
        &self.heads[..self.len]
    }
}

/// What a chain knows about itself, stored at its head cell.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
struct ChainInfo {
    /// Distinct empty points next to the chain.
    liberties: u16,
    /// Stones in the chain.
    stones: u16,
}

/// The stones of one chain, walked along the board's own list: see [`Board::chain_stones`].
pub struct ChainStones<'a> {
    board: &'a Board,
    start: usize,
    at: Option<usize>,
}

impl Iterator for ChainStones<'_> {
    type Item = Point;

    fn next(&mut self) -> Option<Point> {
        let cell = self.at?;
        let next = usize::from(self.board.next[cell]);
        self.at = (next != self.start).then_some(next);
        Some(point_of(cell))
    }
}

/// The board. Fixed-size storage for every size up to 25x25, so a play never allocates
/// and `clone` is a plain copy of about 6.5 KB.
#[derive(Clone)]
pub struct Board {
    width: u8,
    height: u8,
    /// Padded grid: `EMPTY`, `BLACK`, `WHITE`, or `BORDER` for every cell off the board.
    cells: [u8; CELLS],
    /// For a stone, the head cell of its chain; `NO_CHAIN` for every other cell.
    head: [u16; CELLS],
    /// For a stone, the next stone of its chain (a circular list); meaningless elsewhere.
    next: [u16; CELLS],
    /// Per-chain counts, valid at head cells only.
    chains: [ChainInfo; CELLS],
    hash: u64,
    /// Stones on the board, by colour index.
    stones: [u32; 2],
    /// Stones removed by captures and suicide over the game, by colour index.
    removed: [u32; 2],
    /// The cell where an immediate retake is a simple-ko recapture; 0 (a sentinel) = none.
    ko_cell: u16,
    /// The colour (cell value) whose stone on `ko_cell` would retake.
    ko_color: u8,
}

impl Board {
    /// An empty board. `None` when a side is 0 or larger than [`MAX_SIZE`].
    pub fn new(width: u8, height: u8) -> Option<Board> {
        if !Board::fits(width, height) {
            return None;
        }
        let mut board = Board::BLANK;
        board.open(width, height);
        Some(board)
    }

    /// [`Board::new`] on the heap, built there: a board is several kilobytes, and one
    /// made on the stack and then boxed is copied on the way.
    ///
    /// The empty board of each size is made once per process and copied from then on
    /// (every replay starts from one): a copy straight into the new box, where making
    /// it costs that copy and a fill of each row. At most one board per size is kept.
    pub fn new_boxed(width: u8, height: u8) -> Option<Box<Board>> {
        static EMPTY_BOARDS: [OnceLock<Box<Board>>; MAX_POINTS] =
            [const { OnceLock::new() }; MAX_POINTS];
        if !Board::fits(width, height) {
            return None;
        }
        // Sides within 1..=MAX_SIZE: one slot per size.
        let size = (usize::from(width) - 1) * usize::from(MAX_SIZE) + usize::from(height) - 1;
        let empty = EMPTY_BOARDS[size].get_or_init(|| {
            let mut board = Box::new(Board::BLANK);
            board.open(width, height);
            board
        });
        // `Box::clone` writes the copy into the new allocation directly.
        Some(empty.clone())
    }

    fn fits(width: u8, height: u8) -> bool {
        (1..=MAX_SIZE).contains(&width) && (1..=MAX_SIZE).contains(&height)
    }

    /// Turn a blank board into an empty one of this size (sides within 1..=MAX_SIZE).
    /// Starting from one constant copied whole is cheaper than filling each array.
    fn open(&mut self, width: u8, height: u8) {
        self.width = width;
        self.height = height;
        for y in 0..height {
            let row = cell_of(Point::new(0, y));
            self.cells[row..row + usize::from(width)].fill(EMPTY);
        }
    }

    /// A board without points: every cell a border, no stones.
    const BLANK: Board = Board {
        width: 0,
        height: 0,
        cells: [BORDER; CELLS],
        head: [NO_CHAIN; CELLS],
        next: [0; CELLS],
        chains: [ChainInfo {
            liberties: 0,
            stones: 0,
        }; CELLS],
        hash: 0,
        stones: [0; 2],
        removed: [0; 2],
        ko_cell: 0,
        ko_color: EMPTY,
    };

    /// A board drawn as text, for tests and examples: one line per row from the top, `X`
    /// (or `x`, `#`, `B`) for Black, `O` (or `o`, `W`) for White, `.` (or `+`) for empty;
    /// spaces and blank lines are ignored. The stones are placed as setup (no captures).
    /// `None` when the rows differ in length, a character is not one of these, or a side
    /// is outside 1..=25.
    pub fn from_diagram(diagram: &str) -> Option<Board> {
        let mut rows: Vec<Vec<Option<Color>>> = Vec::new();
        for line in diagram.lines() {
            let mut row = Vec::new();
            for ch in line.chars() {
                match ch {
                    'X' | 'x' | '#' | 'B' => row.push(Some(Color::Black)),
                    'O' | 'o' | 'W' => row.push(Some(Color::White)),
                    '.' | '+' => row.push(None),
                    c if c.is_whitespace() => {}
                    _ => return None,
                }
            }
            if !row.is_empty() {
                rows.push(row);
            }
        }
        let width = u8::try_from(rows.first()?.len()).ok()?;
        let height = u8::try_from(rows.len()).ok()?;
        let mut board = Board::new(width, height)?;
        for (y, row) in rows.iter().enumerate() {
            if row.len() != usize::from(width) {
                return None;
            }
            for (x, &stone) in row.iter().enumerate() {
                // x < width and y < height, both at most 25.
                board.set(Point::new(x as u8, y as u8), stone).ok()?;
            }
        }
        Some(board)
    }

    /// A board of `width` by `height` with `stones` (one per point, in reading order: rows
    /// from the top, each from the left) set up. It is the very board that [`Board::new`]
    /// and then [`Board::set`] of each stone in reading order give, down to which stone
    /// heads each chain and the order [`Board::chain_stones`] walks it (so later plays
    /// go the same way too), built in one pass over the stones and one over the empty
    /// points instead of a liberty update per stone. `None` when [`Board::new`] refuses
    /// the size or `stones` does not hold one entry per point.
    pub fn with_stones(width: u8, height: u8, stones: &[Option<Color>]) -> Option<Board> {
        let mut board = Board::new(width, height)?;
        let w = usize::from(width);
        if stones.len() != w * usize::from(height) {
            return None;
        }
        for (y, row) in stones.chunks_exact(w).enumerate() {
            let first = (y + 1) * STRIDE + 1;
            for (cell, &stone) in (first..).zip(row) {
                if let Some(color) = stone {
                    board.place(cell, color);
                }
            }
        }
        // Every liberty count at once: each empty point is a liberty of each distinct
        // chain next to it, as the counts kept by `set` are.
        for y in 0..usize::from(height) {
            let first = (y + 1) * STRIDE + 1;
            for cell in first..first + w {
                if board.cells[cell] != EMPTY {
                    continue;
                }
                let mut around = Heads::new();
                for nb in neighbours(cell) {
                    if is_stone(board.cells[nb]) && around.insert(board.head[nb]) {
                        board.chains[usize::from(board.head[nb])].liberties += 1;
                    }
                }
            }
        }
        Some(board)
    }

    /// The board's width (columns).
    pub fn width(&self) -> u8 {
        self.width
    }

    /// The board's height (rows).
    pub fn height(&self) -> u8 {
        self.height
    }

    /// Whether `p` is on this board.
    pub fn contains(&self, p: Point) -> bool {
        p.x < self.width && p.y < self.height
    }

    /// The stone on `p`, `None` when empty or off the board.
    pub fn get(&self, p: Point) -> Option<Color> {
        if !self.contains(p) {
            return None;
        }
        match self.cells[cell_of(p)] {
            BLACK => Some(Color::Black),
            WHITE => Some(Color::White),
            _ => None,
        }
    }

    /// Put a stone (or nothing) on a point without captures: setup properties AB/AW/AE.
    /// Keeps chains, liberties and the hash exact. Clears the ko point.
    /// Returns `Err(PlayError::OffBoard)` for points off the board.
    ///
    /// Setup may leave chains without liberties (a record can draw anything). They stay
    /// on the board with a liberty count of 0: a play only examines the chains next to
    /// it, and such a chain has no empty neighbour until setup lifts one.
    pub fn set(&mut self, p: Point, stone: Option<Color>) -> Result<(), PlayError> {
        if !self.contains(p) {
            return Err(PlayError::OffBoard);
        }
        self.ko_cell = 0;
        let cell = cell_of(p);
        let want = stone.map_or(EMPTY, stone_of);
        if self.cells[cell] == want {
            return Ok(());
        }
        if self.cells[cell] != EMPTY {
            self.lift_stone(cell);
        }
        if let Some(color) = stone {
            self.add_stone(cell, color);
        }
        Ok(())
    }

    /// Play a stone as recorded. Errors leave the board unchanged.
    ///
    /// Order: the stone joins its neighbouring chains of its colour, opponent chains left
    /// without liberties are removed, then the mover's chain is removed if it still has no
    /// liberty. A play creates a simple ko when it captured exactly one stone and its stone
    /// is then a chain of one stone with exactly one liberty (the point just emptied); the
    /// opponent's stone on that point is a ko recapture until any other play, a pass, or a
    /// change by setup.
    // Always inlined: in a replay the call itself costs a sizeable share of a move.
    #[inline(always)]
    pub fn play(&mut self, color: Color, p: Point) -> Result<PlayOutcome, PlayError> {
        if !self.contains(p) {
            return Err(PlayError::OffBoard);
        }
        let cell = cell_of(p);
        if self.cells[cell] != EMPTY {
            return Err(PlayError::Occupied);
        }
        let me = stone_of(color);
        let them = 3 - me;
        let retakes_ko = usize::from(self.ko_cell) == cell && self.ko_color == me;

        let taken = self.add_stone(cell, color);

        let mut captured = 0;
        let mut last_captured = 0;
        for &h in taken.as_slice() {
            // Distinct chains: taking one off leaves the others' heads in place.
            let h = usize::from(h);
            let n = self.remove_chain(h);
            self.removed[color.opponent().index()] += n;
            captured += n;
            last_captured = h;
        }

        let my_head = usize::from(self.head[cell]);
        let mut suicide = 0;
        if self.chains[my_head].liberties == 0 {
            suicide = self.remove_chain(my_head);
            self.removed[color.index()] += suicide;
        }

        // After a one-stone capture the mover's chain has a liberty, so `my_head` is
        // still its head here.
        let mine = self.chains[my_head];
        if captured == 1 && suicide == 0 && mine.stones == 1 && mine.liberties == 1 {
            // The classic ko shape: the lone stone's only liberty is the point it just
            // emptied (a captured neighbour is always one of its liberties).
            self.ko_cell = last_captured as u16;
            self.ko_color = them;
        } else {
            self.ko_cell = 0;
        }

        Ok(PlayOutcome {
            captured,
            suicide,
            ko_recapture: retakes_ko && captured == 1,
        })
    }

    /// A pass: only clears the simple-ko point.
    pub fn pass(&mut self) {
        self.ko_cell = 0;
    }

    /// Would a stone of `color` on `p` be an immediate simple-ko recapture? True exactly
    /// when the opponent's last play (with no pass, play or setup since) created a ko as
    /// described in [`Board::play`], `p` is the point it emptied, `color` is the colour
    /// that lost the stone, and the play would capture exactly one stone: then it brings
    /// back the position before the opponent's capture. [`Board::play`] reports the same
    /// answer in [`PlayOutcome::ko_recapture`].
    pub fn is_ko_recapture(&self, color: Color, p: Point) -> bool {
        self.ko_cell != 0
            && self.contains(p)
            && usize::from(self.ko_cell) == cell_of(p)
            && self.ko_color == stone_of(color)
            && self.captures_exactly_one(usize::from(self.ko_cell), self.ko_color)
    }

    /// The point where an immediate retake would be a simple-ko recapture (see
    /// [`Board::is_ko_recapture`]), and the colour that would retake; `None` when there is
    /// no such point.
    pub fn ko_point(&self) -> Option<(Point, Color)> {
        if self.ko_cell == 0 || !self.captures_exactly_one(usize::from(self.ko_cell), self.ko_color)
        {
            return None;
        }
        let color = if self.ko_color == BLACK {
            Color::Black
        } else {
            Color::White
        };
        Some((point_of(usize::from(self.ko_cell)), color))
    }

    /// Whether a stone of value `me` on the empty `cell` would capture exactly one stone.
    /// After a ko capture this holds in every position reached by plays; it fails only when
    /// setup left another opponent chain whose last liberty is the ko point.
    fn captures_exactly_one(&self, cell: usize, me: u8) -> bool {
        let mut in_atari = Heads::new();
        let mut stones = 0;
        for nb in neighbours(cell) {
            let v = self.cells[nb];
            if is_stone(v) && v != me {
                let head = self.head[nb];
                let info = self.chains[usize::from(head)];
                if info.liberties == 1 && in_atari.insert(head) {
                    stones += info.stones;
                }
            }
        }
        stones == 1
    }

    /// Would a stone of `color` on `p` be suicide, i.e. leave its own chain without
    /// liberties after captures? `false` for points off the board or occupied (those are
    /// [`PlayError`]s, not suicide). Does not play the stone.
    pub fn is_suicide(&self, color: Color, p: Point) -> bool {
        if !self.contains(p) {
            return false;
        }
        let cell = cell_of(p);
        if self.cells[cell] != EMPTY {
            return false;
        }
        let me = stone_of(color);
        for nb in neighbours(cell) {
            let v = self.cells[nb];
            if v == EMPTY {
                return false;
            }
            if is_stone(v) {
                let libs = self.chains[usize::from(self.head[nb])].liberties;
                // Our chain with another liberty keeps us alive; an opponent chain whose
                // last liberty is `p` is captured and gives us one.
                if (v == me && libs > 1) || (v != me && libs == 1) {
                    return false;
                }
            }
        }
        true
    }

    /// Zobrist hash of the stones on the board (not of the player to move, nor of
    /// the ko point). Two equal positions always have equal hashes; the reverse is a
    /// candidate that [`Board::same_position`] confirms.
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The Zobrist key of a stone of `color` on `p`: [`Board::hash`] is the XOR of the
    /// keys of all stones on the board. The same on every board size and in every run.
    /// Points past [`MAX_SIZE`] get key 0.
    pub fn zobrist_key(p: Point, color: Color) -> u64 {
        if p.x >= MAX_SIZE || p.y >= MAX_SIZE {
            return 0;
        }
        ZOBRIST[cell_of(p)][color.index()]
    }

    /// Whether two boards hold exactly the same stones (boards of different sizes never
    /// do).
    pub fn same_position(&self, other: &Board) -> bool {
        // Borders are laid out identically for equal sizes, so whole arrays compare.
        self.width == other.width && self.height == other.height && self.cells == other.cells
    }

    /// Stones removed from the board by captures (suicide included), by the colour of the
    /// stones removed: `removed(Black)` = black stones taken off the board.
    pub fn removed(&self, color: Color) -> u32 {
        self.removed[color.index()]
    }

    /// Stones of `color` on the board.
    pub fn stones(&self, color: Color) -> u32 {
        self.stones[color.index()]
    }

    /// Number of liberties of the chain on `p` (0 for an empty point).
    pub fn liberties(&self, p: Point) -> u32 {
        if !self.contains(p) {
            return 0;
        }
        let cell = cell_of(p);
        if !is_stone(self.cells[cell]) {
            return 0;
        }
        u32::from(self.chains[usize::from(self.head[cell])].liberties)
    }

    /// Whether `p` and `q` hold stones of one chain (false when either is empty).
    pub fn same_chain(&self, p: Point, q: Point) -> bool {
        if !self.contains(p) || !self.contains(q) {
            return false;
        }
        let (a, b) = (cell_of(p), cell_of(q));
        is_stone(self.cells[a]) && self.head[a] == self.head[b]
    }

    /// The stones of the chain containing `p` (none when `p` is empty), in no set order.
    /// Unlike [`Board::chain`] it does not allocate.
    pub fn chain_stones(&self, p: Point) -> ChainStones<'_> {
        let start = (self.contains(p) && is_stone(self.cells[cell_of(p)])).then(|| cell_of(p));
        ChainStones {
            board: self,
            start: start.unwrap_or(0),
            at: start,
        }
    }

    /// The on-board neighbours of `p` (left, right, below, above; two to four of them).
    /// Borrows nothing: the board may change while they are visited.
    pub fn neighbours(&self, p: Point) -> impl Iterator<Item = Point> + use<> {
        let (w, h) = (self.width(), self.height());
        [
            (p.x > 0).then(|| Point::new(p.x - 1, p.y)),
            (p.x + 1 < w).then(|| Point::new(p.x + 1, p.y)),
            (p.y > 0).then(|| Point::new(p.x, p.y - 1)),
            (p.y + 1 < h).then(|| Point::new(p.x, p.y + 1)),
        ]
        .into_iter()
        .flatten()
    }

    /// Every point of the chain containing `p` (empty when `p` is empty), in reading order
    /// (rows from the top, each from the left). Allocates: not for the hot path.
    pub fn chain(&self, p: Point) -> Vec<Point> {
        let mut out = Vec::new();
        if !self.contains(p) || !is_stone(self.cells[cell_of(p)]) {
            return out;
        }
        let start = cell_of(p);
        let mut s = start;
        loop {
            out.push(point_of(s));
            s = usize::from(self.next[s]);
            if s == start {
                break;
            }
        }
        out.sort_by_key(|q| (q.y, q.x));
        out
    }

    /// Recompute chains, liberties, stone counts and the hash from scratch and compare
    /// with the incremental state. Slow: for tests and fuzzing.
    pub fn check_consistency(&self) -> Result<(), String> {
        if self.width == 0 || self.height == 0 || self.width > MAX_SIZE || self.height > MAX_SIZE {
            return Err(format!("bad size {}x{}", self.width, self.height));
        }
        let on_board = |cell: usize| {
            let (x, y) = (cell % STRIDE, cell / STRIDE);
            (1..=usize::from(self.width)).contains(&x)
                && (1..=usize::from(self.height)).contains(&y)
        };
        let mut hash = 0u64;
        let mut stones = [0u32; 2];
        for (cell, (&v, &head)) in self.cells.iter().zip(&self.head).enumerate() {
            let on = on_board(cell);
            if !on && v != BORDER {
                return Err(format!("cell {cell} off the board holds {v}, not a border"));
            }
            if on && !is_stone(v) && v != EMPTY {
                return Err(format!("point {} holds {v}", point_of(cell).to_sgf()));
            }
            if is_stone(v) {
                hash ^= ZOBRIST[cell][usize::from(v - 1)];
                stones[usize::from(v - 1)] += 1;
            } else if head != NO_CHAIN {
                return Err(format!("non-stone cell {cell} has chain head {head}"));
            }
        }
        if hash != self.hash {
            return Err(format!("hash {:#x}, recomputed {hash:#x}", self.hash));
        }
        if stones != self.stones {
            return Err(format!(
                "stone counts {:?}, recomputed {stones:?}",
                self.stones
            ));
        }

        // Chains by flood fill, independent of head/next.
        let mut component = vec![usize::MAX; CELLS];
        let mut heads_seen = vec![false; CELLS];
        for start in 0..CELLS {
            let v = self.cells[start];
            if !is_stone(v) || component[start] != usize::MAX {
                continue;
            }
            let mut members = vec![start];
            let mut liberties = std::collections::BTreeSet::new();
            component[start] = start;
            let mut i = 0;
            while i < members.len() {
                for nb in neighbours(members[i]) {
                    if self.cells[nb] == EMPTY {
                        liberties.insert(nb);
                    } else if self.cells[nb] == v && component[nb] == usize::MAX {
                        component[nb] = start;
                        members.push(nb);
                    }
                }
                i += 1;
            }
            let at = point_of(start).to_sgf();
            let head = usize::from(self.head[start]);
            if members.iter().any(|&m| usize::from(self.head[m]) != head) {
                return Err(format!("chain at {at}: stones disagree on the head"));
            }
            if component[head] != start {
                return Err(format!(
                    "chain at {at}: head {head} is not one of its stones"
                ));
            }
            if heads_seen[head] {
                return Err(format!(
                    "chain at {at}: head {head} shared with another chain"
                ));
            }
            heads_seen[head] = true;
            let info = self.chains[head];
            if usize::from(info.stones) != members.len() {
                return Err(format!(
                    "chain at {at}: {} stones recorded, {} found",
                    info.stones,
                    members.len()
                ));
            }
            if usize::from(info.liberties) != liberties.len() {
                return Err(format!(
                    "chain at {at}: {} liberties recorded, {} found",
                    info.liberties,
                    liberties.len()
                ));
            }
            // The next list must be one cycle through exactly these stones.
            let mut visited = 0;
            let mut s = head;
            loop {
                if component[s] != start {
                    return Err(format!("chain at {at}: next list leaves the chain"));
                }
                visited += 1;
                if visited > members.len() {
                    return Err(format!("chain at {at}: next list does not cycle"));
                }
                s = usize::from(self.next[s]);
                if s == head {
                    break;
                }
            }
            if visited != members.len() {
                return Err(format!(
                    "chain at {at}: next list holds {visited} of {} stones",
                    members.len()
                ));
            }
        }

        if self.ko_cell != 0 {
            let ko = usize::from(self.ko_cell);
            if !on_board(ko) || self.cells[ko] != EMPTY || !is_stone(self.ko_color) {
                return Err(format!("bad ko point {ko} for colour {}", self.ko_color));
            }
            let capturer = 3 - self.ko_color;
            let shape = neighbours(ko).iter().any(|&nb| {
                self.cells[nb] == capturer
                    && self.chains[usize::from(self.head[nb])]
                        == ChainInfo {
                            liberties: 1,
                            stones: 1,
                        }
            });
            if !shape {
                return Err(format!(
                    "ko point {} without a lone capturing stone",
                    point_of(ko).to_sgf()
                ));
            }
        }
        Ok(())
    }

    /// Write the position into `out` as one byte per point, row by row from the top
    /// (0 empty, 1 black, 2 white); `out` is cleared first. Used to keep snapshots.
    pub fn write_position(&self, out: &mut Vec<u8>) {
        out.clear();
        self.append_position(out);
    }

    /// [`Board::write_position`] without clearing `out`: the position goes after what
    /// `out` holds.
    pub fn append_position(&self, out: &mut Vec<u8>) {
        // Sized once, then each row copied into its place: cheaper than growing `out`
        // row by row.
        let width = usize::from(self.width);
        let start = out.len();
        out.resize(start + width * usize::from(self.height), EMPTY);
        // A board is at least one point wide.
        for (y, row) in out[start..].chunks_exact_mut(width.max(1)).enumerate() {
            let from = (y + 1) * STRIDE + 1;
            row.copy_from_slice(&self.cells[from..from + width]);
        }
    }

    /// Replace the whole position with one written by [`Board::write_position`] for a
    /// board of the same size. Clears the ko point; keeps the capture counters.
    ///
    /// Input that did not come from a board of this size does not panic: missing bytes
    /// read as empty, extra bytes are ignored, and values other than 1 and 2 are empty.
    pub fn load_position(&mut self, position: &[u8]) {
        let width = usize::from(self.width);
        for y in 0..self.height {
            for x in 0..self.width {
                let i = usize::from(y) * width + usize::from(x);
                let v = match position.get(i) {
                    Some(&v) if is_stone(v) => v,
                    _ => EMPTY,
                };
                self.cells[cell_of(Point::new(x, y))] = v;
            }
        }
        self.rebuild();
    }

    /// The bytes of a snapshot ([`Board::append_snapshot`]) of a `width` by `height`
    /// board: its rows with the border cells between them, (height - 1) * 27 + width.
    pub(crate) fn snapshot_len(width: u8, height: u8) -> usize {
        usize::from(height).saturating_sub(1) * STRIDE + usize::from(width)
    }

    /// The padded cells from the first point of the board to its last.
    fn snapshot_span(&self) -> std::ops::Range<usize> {
        let first = STRIDE + 1;
        first..first + Board::snapshot_len(self.width, self.height)
    }

    /// The position appended to `out` as the padded grid holds it: the cells from the
    /// first point to the last, border cells between rows included (see
    /// [`Board::snapshot_len`]). One copy, where [`Board::append_position`] copies row by
    /// row: for a history that keeps many positions and reads few back
    /// ([`Board::load_snapshot`]).
    pub(crate) fn append_snapshot(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.cells[self.snapshot_span()]);
    }

    /// Replace the whole position with a snapshot that [`Board::append_snapshot`] wrote
    /// on a board of this size, as [`Board::load_position`] does with its own form:
    /// clears the ko point, keeps the capture counters, and tolerates any bytes
    /// (missing ones read as empty, values other than 1 and 2 too; border cells are
    /// never written).
    pub(crate) fn load_snapshot(&mut self, snapshot: &[u8]) {
        let width = usize::from(self.width);
        for y in 0..usize::from(self.height) {
            let at = y * STRIDE;
            let first = (y + 1) * STRIDE + 1;
            for x in 0..width {
                self.cells[first + x] = match snapshot.get(at + x) {
                    Some(&v) if is_stone(v) => v,
                    _ => EMPTY,
                };
            }
        }
        self.rebuild();
    }

    // ---- internals ----

    /// Put a stone of `color` on the empty on-board `cell` and join it to its chains:
    /// exact liberties and hash, no captures. Returns the distinct opponent chains next
    /// to it that it took the last liberty of (taking them off is the caller's business).
    // Always inlined: a call would cost a sizeable share of a play.
    #[inline(always)]
    fn add_stone(&mut self, cell: usize, color: Color) -> Heads {
        let me = stone_of(color);
        let mut empty = 0u16;
        let mut friends = Heads::new();
        let mut opponents = Heads::new();
        for nb in neighbours(cell) {
            let v = self.cells[nb];
            if v == EMPTY {
                empty += 1;
            } else if v == me {
                friends.insert(self.head[nb]);
            } else if v != BORDER {
                opponents.insert(self.head[nb]);
            }
        }
        // Liberty counts are exact and `cell` was an empty neighbour of each chain
        // around it, so it was counted once and each count is at least 1.
        let mut taken = Heads::new();
        for &h in opponents.as_slice() {
            let liberties = &mut self.chains[usize::from(h)].liberties;
            *liberties -= 1;
            if *liberties == 0 {
                taken.push(h);
            }
        }
        self.cells[cell] = me;
        self.hash ^= ZOBRIST[cell][color.index()];
        self.stones[color.index()] += 1;
        match *friends.as_slice() {
            [] => self.new_chain(cell, empty),
            [h] => self.join(cell, usize::from(h)),
            ref several => self.join_several(cell, empty, several),
        }
        taken
    }

    /// Put a stone of `color` on the empty on-board `cell` as [`Board::add_stone`] would
    /// when the stones are set in reading order, but leave every liberty count for the
    /// caller ([`Board::with_stones`]) to make. The chains it joins are the same: of its
    /// neighbours only the one above and the one to the left are down yet, and
    /// `add_stone` takes them in that order. A stone joining one chain is added after its
    /// head as [`Board::join`] does; one joining two becomes a chain of its own merged
    /// with the one above and then the one to the left, as [`Board::join_several`] does,
    /// the same chain relabelled each time since the choice rests on the stone counts
    /// alone.
    fn place(&mut self, cell: usize, color: Color) {
        let me = stone_of(color);
        self.cells[cell] = me;
        self.hash ^= ZOBRIST[cell][color.index()];
        self.stones[color.index()] += 1;
        let chain_at = |nb: usize| {
            if self.cells[nb] == me {
                self.head[nb]
            } else {
                NO_CHAIN
            }
        };
        let (up, left) = (chain_at(cell - STRIDE), chain_at(cell - 1));
        let one = if up == NO_CHAIN {
            left
        } else if left == NO_CHAIN || left == up {
            up
        } else {
            self.new_chain(cell, 0);
            self.merge_stones(cell, usize::from(up));
            self.merge_stones(cell, usize::from(left));
            return;
        };
        if one == NO_CHAIN {
            self.new_chain(cell, 0);
        } else {
            let head = usize::from(one);
            self.head[cell] = one;
            self.next[cell] = self.next[head];
            self.next[head] = cell as u16;
            self.chains[head].stones += 1;
        }
    }

    /// [`Board::merge`] without the liberties: the same chain relabelled, the same lists
    /// spliced, the stone counts added.
    fn merge_stones(&mut self, a: usize, b: usize) {
        let mut big = usize::from(self.head[a]);
        let mut small = usize::from(self.head[b]);
        if big == small {
            return;
        }
        if self.chains[big].stones < self.chains[small].stones {
            std::mem::swap(&mut big, &mut small);
        }
        let mut s = small;
        loop {
            self.head[s] = big as u16;
            s = usize::from(self.next[s]);
            if s == small {
                break;
            }
        }
        self.next.swap(big, small);
        let small_stones = self.chains[small].stones;
        self.chains[big].stones += small_stones;
    }

    /// Join the stone just put on `cell`, which has `empty` empty neighbours, with its
    /// neighbouring chains of its colour, headed by `heads` (two or more).
    fn join_several(&mut self, cell: usize, empty: u16, heads: &[u16]) {
        self.new_chain(cell, empty);
        for &h in heads {
            self.chains[usize::from(h)].liberties -= 1;
        }
        for &h in heads {
            self.merge(cell, usize::from(h));
        }
    }

    /// Make the stone on `cell` a chain of its own with `liberties` liberties.
    #[inline]
    fn new_chain(&mut self, cell: usize, liberties: u16) {
        self.head[cell] = cell as u16;
        self.next[cell] = cell as u16;
        self.chains[cell] = ChainInfo {
            liberties,
            stones: 1,
        };
    }

    /// Add the stone just put on `cell` to the chain headed by `head`, its only
    /// neighbouring chain of its colour. Cheaper than a chain of one stone and a merge, and
    /// the commonest way a chain grows.
    #[inline]
    fn join(&mut self, cell: usize, head: usize) {
        // The stone's empty neighbours that touch no stone of the chain are new
        // liberties. `head[cell]` is still NO_CHAIN, so the stone itself does not count
        // as touching them.
        let mut gained = 0u16;
        for nb in neighbours(cell) {
            if self.cells[nb] == EMPTY && !self.touches(nb, head) {
                gained += 1;
            }
        }
        self.head[cell] = head as u16;
        self.next[cell] = self.next[head];
        self.next[head] = cell as u16;
        let info = &mut self.chains[head];
        // `cell` was one of the chain's liberties (so the count is at least 1) and is
        // no longer.
        info.liberties = info.liberties - 1 + gained;
        info.stones += 1;
    }

    /// Join the chains of the stones on `a` and `b` (same colour), relabelling the smaller.
    #[inline]
    fn merge(&mut self, a: usize, b: usize) {
        let mut big = usize::from(self.head[a]);
        let mut small = usize::from(self.head[b]);
        if big == small {
            return;
        }
        if self.chains[big].stones < self.chains[small].stones {
            std::mem::swap(&mut big, &mut small);
        }
        // The union's liberties are the big chain's plus the small chain's empty neighbours
        // that touch no stone already labelled `big`. Relabelling as we go means a
        // liberty shared by two small-chain stones is counted at the first one only.
        let mut gained = 0u16;
        let mut s = small;
        loop {
            for nb in neighbours(s) {
                if self.cells[nb] == EMPTY && !self.touches(nb, big) {
                    gained += 1;
                }
            }
            self.head[s] = big as u16;
            s = usize::from(self.next[s]);
            if s == small {
                break;
            }
        }
        // Swapping two successors splices two circular lists into one.
        self.next.swap(big, small);
        let small_stones = self.chains[small].stones;
        let info = &mut self.chains[big];
        info.liberties += gained;
        info.stones += small_stones;
    }

    /// Whether the on-board `cell` has a neighbour in the chain headed by `head`.
    #[inline]
    fn touches(&self, cell: usize, head: usize) -> bool {
        // Only stones carry a head other than NO_CHAIN, and `head` is never NO_CHAIN.
        neighbours(cell)
            .iter()
            .any(|&nb| usize::from(self.head[nb]) == head)
    }

    /// Take the whole chain headed by `head` off the board, giving each neighbouring chain
    /// its new liberties. Returns the number of stones removed. Does not touch `removed`.
    fn remove_chain(&mut self, head: usize) -> u32 {
        let key = usize::from(self.cells[head] - 1);
        let mut n = 0;
        let mut s = head;
        loop {
            self.cells[s] = EMPTY;
            self.hash ^= ZOBRIST[s][key];
            n += 1;
            s = usize::from(self.next[s]);
            if s == head {
                break;
            }
        }
        // Second pass, once every stone is gone: the remaining stone neighbours are all
        // of the other colour, and each distinct one gains this point as a liberty.
        loop {
            let mut around = Heads::new();
            for nb in neighbours(s) {
                if is_stone(self.cells[nb]) && around.insert(self.head[nb]) {
                    self.chains[usize::from(self.head[nb])].liberties += 1;
                }
            }
            self.head[s] = NO_CHAIN;
            s = usize::from(self.next[s]);
            if s == head {
                break;
            }
        }
        // The count includes these n stones, which were on the board.
        self.stones[key] -= n;
        n
    }

    /// Lift one stone (setup): neighbours of the other colour gain a liberty, and what is
    /// left of its chain is rebuilt, since it may fall apart into up to four chains.
    fn lift_stone(&mut self, cell: usize) {
        let v = self.cells[cell];
        let mut rest = [0u16; MAX_POINTS];
        let mut n = 0;
        let mut s = usize::from(self.next[cell]);
        while s != cell {
            // A chain has at most MAX_POINTS stones.
            rest[n] = s as u16;
            n += 1;
            s = usize::from(self.next[s]);
        }
        self.cells[cell] = EMPTY;
        self.head[cell] = NO_CHAIN;
        self.hash ^= ZOBRIST[cell][usize::from(v - 1)];
        // The count includes the stone being lifted.
        self.stones[usize::from(v - 1)] -= 1;

        let mut around = Heads::new();
        for nb in neighbours(cell) {
            let w = self.cells[nb];
            if is_stone(w) && w != v && around.insert(self.head[nb]) {
                self.chains[usize::from(self.head[nb])].liberties += 1;
            }
        }
        for &s in &rest[..n] {
            self.head[usize::from(s)] = NO_CHAIN;
        }
        for &s in &rest[..n] {
            if self.head[usize::from(s)] == NO_CHAIN {
                self.build_chain(usize::from(s));
            }
        }
    }

    /// Label by flood fill the chain through the stone on `start`, whose stones must all
    /// have head `NO_CHAIN`, and count its liberties.
    fn build_chain(&mut self, start: usize) {
        let v = self.cells[start];
        let mut stack = [0u16; MAX_POINTS];
        let mut top = 0;
        let mut seen = [0u64; CELL_WORDS];
        let mut liberties = 0u16;
        let mut stones = 0u16;
        self.head[start] = start as u16;
        self.next[start] = start as u16;
        stack[top] = start as u16;
        top += 1;
        while top > 0 {
            top -= 1;
            let s = usize::from(stack[top]);
            stones += 1;
            for nb in neighbours(s) {
                let w = self.cells[nb];
                if w == EMPTY {
                    let (word, bit) = (nb / 64, 1u64 << (nb % 64));
                    if seen[word] & bit == 0 {
                        seen[word] |= bit;
                        liberties += 1;
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
        self.chains[start] = ChainInfo { liberties, stones };
    }

    /// Recompute chains, stone counts and hash from `cells` alone; clears the ko point.
    fn rebuild(&mut self) {
        self.head = [NO_CHAIN; CELLS];
        self.hash = 0;
        self.stones = [0; 2];
        self.ko_cell = 0;
        for y in 0..self.height {
            for x in 0..self.width {
                let cell = cell_of(Point::new(x, y));
                let v = self.cells[cell];
                if is_stone(v) {
                    self.hash ^= ZOBRIST[cell][usize::from(v - 1)];
                    self.stones[usize::from(v - 1)] += 1;
                    if self.head[cell] == NO_CHAIN {
                        self.build_chain(cell);
                    }
                }
            }
        }
    }
}

impl std::fmt::Display for Board {
    /// An ASCII diagram: `X` black, `O` white, `.` empty, one row per line from the top.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use std::fmt::Write;
        for y in 0..self.height {
            for x in 0..self.width {
                f.write_char(match self.cells[cell_of(Point::new(x, y))] {
                    BLACK => 'X',
                    WHITE => 'O',
                    _ => '.',
                })?;
            }
            f.write_char('\n')?;
        }
        Ok(())
    }
}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Display::fmt(self, f)
    }
}

/// Diagram helpers shared by the tests of the board and of the modules built on it.
#[cfg(test)]
pub(crate) mod diagram {
    use super::Board;

    /// A board from a diagram, checked for consistency.
    pub(crate) fn board(diagram: &str) -> Board {
        let b = Board::from_diagram(diagram).expect("test diagram is valid");
        b.check_consistency().expect("diagram board is consistent");
        b
    }

    /// The diagram as `Display` prints it: rows trimmed, spaces dropped, blank lines skipped.
    pub(crate) fn normalise(diagram: &str) -> String {
        diagram
            .lines()
            .map(|l| l.replace(' ', ""))
            .filter(|l| !l.is_empty())
            .map(|l| l + "\n")
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Color::{Black, White};

    use super::diagram::{board, normalise};

    #[track_caller]
    fn assert_board(b: &Board, expected: &str) {
        assert_eq!(b.to_string(), normalise(expected), "board:\n{b}");
        b.check_consistency().expect("consistent after the play");
        // The incremental hash equals that of the same position built from scratch.
        assert_eq!(b.hash(), board(expected).hash());
    }

    /// An SGF point, `"ab"` = column 0, row 1.
    fn at(sgf: &str) -> Point {
        let b = sgf.as_bytes();
        Point::new(b[0] - b'a', b[1] - b'a')
    }

    #[track_caller]
    fn play(b: &mut Board, color: Color, sgf: &str) -> PlayOutcome {
        let outcome = b.play(color, at(sgf)).expect("play on an empty point");
        b.check_consistency().expect("consistent after the play");
        outcome
    }

    fn outcome(captured: u32, suicide: u32, ko_recapture: bool) -> PlayOutcome {
        PlayOutcome {
            captured,
            suicide,
            ko_recapture,
        }
    }

    #[test]
    fn new_accepts_1_to_25_only() {
        assert!(Board::new(0, 5).is_none());
        assert!(Board::new(5, 0).is_none());
        assert!(Board::new(26, 19).is_none());
        assert!(Board::new(19, 26).is_none());
        for (w, h) in [(1, 1), (25, 25), (7, 13), (25, 1), (1, 25)] {
            let b = Board::new(w, h).expect("valid size");
            assert_eq!((b.width(), b.height()), (w, h));
            assert_eq!(b.hash(), 0);
            b.check_consistency().expect("empty board is consistent");
        }
    }

    #[test]
    fn board_is_one_small_fixed_block() {
        // Clone cost and cache footprint: the replay keeps and copies boards freely.
        assert!(std::mem::size_of::<Board>() < 7 * 1024);
    }

    #[test]
    fn display_and_from_diagram() {
        let b = board(
            "X.O
             ...",
        );
        assert_eq!(b.to_string(), "X.O\n...\n");
        assert_eq!(b.get(Point::new(0, 0)), Some(Black));
        assert_eq!(b.get(Point::new(2, 0)), Some(White));
        assert_eq!(b.get(Point::new(1, 0)), None);
        assert_eq!(b.get(Point::new(3, 0)), None);
        assert!(Board::from_diagram("X.\n...").is_none(), "uneven rows");
        assert!(Board::from_diagram("X?").is_none(), "unknown character");
        assert!(Board::from_diagram("").is_none(), "no rows");
        assert!(Board::from_diagram(&".".repeat(26)).is_none(), "too wide");
    }

    #[test]
    fn single_stone_capture() {
        let mut b = board(
            ".....
             ..X..
             .XO..
             ..X..
             .....",
        );
        assert_eq!(b.liberties(at("cc")), 1);
        assert_eq!(play(&mut b, Black, "dc"), outcome(1, 0, false));
        assert_board(
            &b,
            ".....
             ..X..
             .X.X.
             ..X..
             .....",
        );
        assert_eq!(b.removed(White), 1);
        assert_eq!(b.removed(Black), 0);
        assert_eq!(
            b.liberties(at("cb")),
            4,
            "the captured point is a liberty again"
        );
        assert_eq!(b.ko_point(), None, "capturing stone has four liberties");
    }

    #[test]
    fn multi_stone_capture() {
        let mut b = board(
            ".XXX.
             XOOO.
             .XXX.
             .....",
        );
        assert_eq!(play(&mut b, Black, "eb"), outcome(3, 0, false));
        assert_board(
            &b,
            ".XXX.
             X...X
             .XXX.
             .....",
        );
        assert_eq!(b.liberties(at("ba")), 5);
        assert_eq!(b.liberties(at("bc")), 8);
        assert_eq!(b.removed(White), 3);
        assert_eq!(b.stones(White), 0);
        assert_eq!(b.stones(Black), 8);
    }

    #[test]
    fn capture_in_the_corner_and_on_the_edge() {
        let mut b = board(
            "OX.OX
             ...X.
             .....",
        );
        assert_eq!(play(&mut b, Black, "ab"), outcome(1, 0, false));
        assert_eq!(play(&mut b, Black, "ca"), outcome(1, 0, false));
        assert_board(
            &b,
            ".XX.X
             X..X.
             .....",
        );
        assert_eq!(b.removed(White), 2);
    }

    #[test]
    fn capture_that_looks_like_suicide() {
        let mut b = board(
            ".OOX.
             OXX..
             .....",
        );
        assert!(!b.is_suicide(Black, at("aa")));
        assert_eq!(play(&mut b, Black, "aa"), outcome(2, 0, false));
        assert_board(
            &b,
            "X..X.
             OXX..
             .....",
        );
        assert_eq!(b.liberties(at("aa")), 1);
        assert_eq!(b.ko_point(), None, "two stones captured: no ko");
    }

    #[test]
    fn retaking_after_a_two_stone_capture_is_not_ko() {
        let mut b = board(
            ".OOX.
             OXX..
             .....",
        );
        play(&mut b, Black, "aa");
        // White takes the lone black stone back: one stone, but no ko was pending, and
        // White's stone then has two liberties, so no new ko either.
        assert!(!b.is_ko_recapture(White, at("ba")));
        assert_eq!(play(&mut b, White, "ba"), outcome(1, 0, false));
        assert_board(
            &b,
            ".O.X.
             OXX..
             .....",
        );
        assert_eq!(b.ko_point(), None);
    }

    #[test]
    fn single_stone_suicide() {
        let mut b = board(
            ".O...
             O....
             .....",
        );
        let before = b.clone();
        assert!(b.is_suicide(Black, at("aa")));
        assert!(!b.is_suicide(White, at("aa")));
        assert_eq!(play(&mut b, Black, "aa"), outcome(0, 1, false));
        assert_board(&b, &before.to_string());
        assert!(b.same_position(&before));
        assert_eq!(b.hash(), before.hash());
        assert_eq!(b.removed(Black), 1);
        assert_eq!(b.stones(Black), 0);
        assert_eq!(b.liberties(at("ba")), 3);
    }

    #[test]
    fn multi_stone_suicide() {
        let mut b = board(
            ".XO..
             XXO..
             OO...
             .....",
        );
        assert!(b.is_suicide(Black, at("aa")));
        assert_eq!(play(&mut b, Black, "aa"), outcome(0, 4, false));
        assert_board(
            &b,
            "..O..
             ..O..
             OO...
             .....",
        );
        assert_eq!(b.removed(Black), 4);
        assert_eq!(b.removed(White), 0);
        assert_eq!(b.liberties(at("ca")), 5);
        assert_eq!(b.liberties(at("ac")), 5);
    }

    #[test]
    fn snapback() {
        let mut b = board(
            "..XO.
             XXO..
             OO...
             .....",
        );
        // White throws in; Black takes one stone but is left with one liberty in a chain
        // of four, so this is not a ko, and White takes four back.
        assert_eq!(play(&mut b, White, "aa"), outcome(0, 0, false));
        assert_eq!(b.liberties(at("aa")), 1);
        assert_eq!(play(&mut b, Black, "ba"), outcome(1, 0, false));
        assert_board(
            &b,
            ".XXO.
             XXO..
             OO...
             .....",
        );
        assert_eq!(b.liberties(at("ba")), 1);
        assert_eq!(b.ko_point(), None);
        assert!(!b.is_ko_recapture(White, at("aa")));
        assert_eq!(play(&mut b, White, "aa"), outcome(4, 0, false));
        assert_board(
            &b,
            "O..O.
             ..O..
             OO...
             .....",
        );
        assert_eq!(b.removed(Black), 4);
        assert_eq!(b.removed(White), 1);
    }

    const KO: &str = ".XO..
                      XO.O.
                      .XO..
                      .....";

    #[test]
    fn ko_recapture_on_the_immediate_retake() {
        let mut b = board(KO);
        let start = b.clone();
        assert_eq!(play(&mut b, Black, "cb"), outcome(1, 0, false));
        assert_board(
            &b,
            ".XO..
             X.XO.
             .XO..
             .....",
        );
        assert_eq!(b.ko_point(), Some((at("bb"), White)));
        assert!(b.is_ko_recapture(White, at("bb")));
        assert!(!b.is_ko_recapture(Black, at("bb")));
        assert!(!b.is_ko_recapture(White, at("ed")));
        assert!(!b.is_suicide(White, at("bb")));

        assert_eq!(play(&mut b, White, "bb"), outcome(1, 0, true));
        assert!(b.same_position(&start), "the retake recreates the position");
        assert_eq!(b.hash(), start.hash());
        // The retake made a new ko, the other way round.
        assert_eq!(b.ko_point(), Some((at("cb"), Black)));
        assert_eq!(play(&mut b, Black, "cb"), outcome(1, 0, true));
    }

    #[test]
    fn ko_cleared_by_a_pass() {
        let mut b = board(KO);
        play(&mut b, Black, "cb");
        b.pass();
        assert!(!b.is_ko_recapture(White, at("bb")));
        assert_eq!(play(&mut b, White, "bb"), outcome(1, 0, false));
    }

    #[test]
    fn ko_cleared_by_a_play_elsewhere() {
        let mut b = board(KO);
        play(&mut b, Black, "cb");
        play(&mut b, White, "ed");
        play(&mut b, Black, "ad");
        assert!(!b.is_ko_recapture(White, at("bb")));
        assert_eq!(play(&mut b, White, "bb"), outcome(1, 0, false));

        // Out of turn: the capturer plays again elsewhere; the ko is gone as well.
        let mut b = board(KO);
        play(&mut b, Black, "cb");
        play(&mut b, Black, "ed");
        assert_eq!(play(&mut b, White, "bb"), outcome(1, 0, false));
    }

    #[test]
    fn ko_cleared_by_setup_and_load() {
        let mut b = board(KO);
        play(&mut b, Black, "cb");
        b.set(at("ed"), Some(White)).expect("on the board");
        assert_eq!(play(&mut b, White, "bb"), outcome(1, 0, false));

        let mut b = board(KO);
        play(&mut b, Black, "cb");
        // Even setup that changes nothing clears it: setup ends the move sequence.
        b.set(at("ed"), None).expect("on the board");
        assert_eq!(b.ko_point(), None);

        let mut b = board(KO);
        play(&mut b, Black, "cb");
        let mut snapshot = Vec::new();
        b.write_position(&mut snapshot);
        b.load_position(&snapshot);
        assert_eq!(b.ko_point(), None);
        assert_eq!(play(&mut b, White, "bb"), outcome(1, 0, false));
    }

    #[test]
    fn retake_that_would_take_two_stones_is_not_ko() {
        // Setup left the white stone on ed without liberties; after White's capture on
        // de, a retake on ee takes both white stones, so it does not recreate the
        // position and is no ko recapture.
        let mut b = board(
            ".XXXX
             .X.XX
             XXXXX
             XX.XO
             XXX.X",
        );
        assert_eq!(b.liberties(at("ed")), 0);
        assert_eq!(play(&mut b, White, "de"), outcome(1, 0, false));
        assert_eq!(b.ko_point(), None);
        assert!(!b.is_ko_recapture(Black, at("ee")));
        assert_eq!(play(&mut b, Black, "ee"), outcome(2, 0, false));
        assert_board(
            &b,
            ".XXXX
             .X.XX
             XXXXX
             XX.X.
             XXX.X",
        );
    }

    #[test]
    fn errors_leave_the_board_untouched() {
        let mut b = board(KO);
        play(&mut b, Black, "cb");
        let before = b.clone();
        assert_eq!(b.play(White, at("ab")), Err(PlayError::Occupied));
        assert_eq!(b.play(White, Point::new(5, 0)), Err(PlayError::OffBoard));
        assert_eq!(b.play(White, Point::new(0, 4)), Err(PlayError::OffBoard));
        assert_eq!(
            b.play(White, Point::new(200, 200)),
            Err(PlayError::OffBoard)
        );
        assert_eq!(
            b.set(Point::new(5, 0), Some(Black)),
            Err(PlayError::OffBoard)
        );
        assert!(b.same_position(&before));
        assert_eq!(b.hash(), before.hash());
        assert_eq!(b.removed(White), before.removed(White));
        assert_eq!(
            b.ko_point(),
            before.ko_point(),
            "errors keep the ko pending"
        );
        b.check_consistency().expect("consistent");
        assert_eq!(play(&mut b, White, "bb"), outcome(1, 0, true));
    }

    #[test]
    fn shared_liberties_count_once() {
        let mut b = Board::new(5, 5).expect("valid size");
        play(&mut b, Black, "bb");
        play(&mut b, Black, "cb");
        play(&mut b, Black, "bc");
        // cc touches two stones of the chain.
        assert_eq!(b.liberties(at("bb")), 7);

        let mut b = board(
            ".....
             .X.X.
             .X.X.
             .....
             .....",
        );
        play(&mut b, Black, "cb");
        assert_eq!(b.liberties(at("bb")), 10, "cc was a liberty of both chains");
        assert_eq!(b.chain(at("dc")).len(), 5);
    }

    #[test]
    fn chain_stones_walks_the_chain_without_allocating() {
        let mut b = board(
            ".....
             .X.X.
             .XOX.
             .....
             .....",
        );
        play(&mut b, Black, "cb");
        let mut walked: Vec<Point> = b.chain_stones(at("dc")).collect();
        walked.sort_by_key(|q| (q.y, q.x));
        assert_eq!(walked, b.chain(at("dc")));
        assert_eq!(walked.len(), 5);
        assert_eq!(b.chain_stones(at("cc")).collect::<Vec<_>>(), [at("cc")]);
        assert_eq!(b.chain_stones(at("aa")).count(), 0, "an empty point");
        assert_eq!(b.chain_stones(Point::new(9, 9)).count(), 0, "off the board");
        assert!(b.same_chain(at("bb"), at("dc")));
        assert!(!b.same_chain(at("bb"), at("cc")));
        assert!(
            !b.same_chain(at("aa"), at("aa")),
            "empty points are in no chain"
        );
        assert!(!b.same_chain(at("bb"), Point::new(9, 9)));
    }

    #[test]
    fn setup_merges_and_splits_chains() {
        let mut b = Board::new(5, 5).expect("valid size");
        b.set(at("bc"), Some(Black)).expect("on the board");
        b.set(at("dc"), Some(Black)).expect("on the board");
        assert_eq!(b.liberties(at("bc")), 4);
        b.set(at("cc"), Some(Black)).expect("on the board");
        b.check_consistency().expect("consistent");
        assert_eq!(b.chain(at("bc")), vec![at("bc"), at("cc"), at("dc")]);
        assert_eq!(b.liberties(at("dc")), 8);

        b.set(at("cc"), None).expect("on the board");
        b.check_consistency().expect("consistent");
        assert_eq!(b.chain(at("bc")), vec![at("bc")]);
        assert_eq!(b.liberties(at("bc")), 4);
        assert_eq!(b.liberties(at("dc")), 4);

        // Replacing a colour: both black chains lose cc, the white stone has two liberties.
        b.set(at("cc"), Some(White)).expect("on the board");
        assert_eq!(b.liberties(at("bc")), 3);
        assert_eq!(b.liberties(at("cc")), 2);
        // Setup never captures, even a chain without liberties.
        b.set(at("cb"), Some(Black)).expect("on the board");
        b.set(at("cd"), Some(Black)).expect("on the board");
        assert_eq!(b.liberties(at("cc")), 0);
        assert_board(
            &b,
            ".....
             ..X..
             .XOX.
             ..X..
             .....",
        );
        // Lifting a neighbour by setup gives it a liberty back.
        b.set(at("cb"), None).expect("on the board");
        assert_eq!(b.liberties(at("cc")), 1);
        assert_eq!(b.liberties(at("bc")), 3, "bc does not touch cb");
        b.set(at("cb"), Some(Black)).expect("on the board");
        assert_eq!(b.liberties(at("cc")), 0);
        // A play elsewhere leaves it alone.
        play(&mut b, Black, "aa");
        assert_eq!(b.get(at("cc")), Some(White));
        b.set(at("cc"), Some(Black)).expect("on the board");
        assert_eq!(b.chain(at("cc")).len(), 5);
        assert_eq!(b.liberties(at("cc")), 8);
        // Lifting the centre of the cross leaves four single stones.
        b.set(at("cc"), None).expect("on the board");
        assert_board(
            &b,
            "X....
             ..X..
             .X.X.
             ..X..
             .....",
        );
        for p in ["cb", "bc", "dc", "cd"] {
            assert_eq!(b.chain(at(p)), vec![at(p)]);
            assert_eq!(b.liberties(at(p)), 4);
        }
        // A no-op and a removal of nothing.
        b.set(at("cb"), Some(Black)).expect("on the board");
        b.set(at("ee"), None).expect("on the board");
        b.check_consistency().expect("consistent");
        assert_eq!(b.removed(Black), 0, "setup removals are not captures");
    }

    #[test]
    fn setup_splits_a_long_chain_into_pieces() {
        let mut b = board(
            "XXXXX
             ..X..
             ..X..",
        );
        b.set(at("ca"), None).expect("on the board");
        assert_board(
            &b,
            "XX.XX
             ..X..
             ..X..",
        );
        assert_eq!(b.liberties(at("aa")), 3);
        assert_eq!(b.liberties(at("ea")), 3);
        assert_eq!(b.liberties(at("cb")), 5);
    }

    #[test]
    fn one_by_one_board() {
        let mut b = Board::new(1, 1).expect("valid size");
        assert!(b.is_suicide(Black, at("aa")));
        assert_eq!(play(&mut b, Black, "aa"), outcome(0, 1, false));
        assert_eq!(play(&mut b, White, "aa"), outcome(0, 1, false));
        assert_board(&b, ".");
        assert_eq!(b.hash(), 0);
        assert_eq!((b.removed(Black), b.removed(White)), (1, 1));
        // Setup can put a stone there; it has no liberties and stays.
        b.set(at("aa"), Some(White)).expect("on the board");
        assert_eq!(b.liberties(at("aa")), 0);
        assert_board(&b, "O");
        assert_eq!(b.play(Black, at("aa")), Err(PlayError::Occupied));
    }

    /// Capture a stone in each corner of a `w` x `h` board.
    fn corners(w: u8, h: u8) {
        let mut b = Board::new(w, h).expect("valid size");
        let (r, d) = (w - 1, h - 1);
        // (corner, one neighbour set up, the neighbour played)
        let cases = [
            ((0, 0), (1, 0), (0, 1)),
            ((r, 0), (r - 1, 0), (r, 1)),
            ((0, d), (1, d), (0, d - 1)),
            ((r, d), (r, d - 1), (r - 1, d)),
        ];
        for (corner, set, played) in cases {
            let corner = Point::new(corner.0, corner.1);
            b.set(corner, Some(White)).expect("on the board");
            b.set(Point::new(set.0, set.1), Some(Black))
                .expect("on the board");
            assert_eq!(b.liberties(corner), 1);
            let got = b.play(Black, Point::new(played.0, played.1));
            assert_eq!(got, Ok(outcome(1, 0, false)), "corner {corner:?}");
            assert_eq!(b.get(corner), None);
            b.check_consistency().expect("consistent");
        }
        assert_eq!(b.removed(White), 4);
        assert_eq!(b.stones(Black), 8);
        assert_eq!(b.play(Black, Point::new(w, 0)), Err(PlayError::OffBoard));
        assert_eq!(b.play(Black, Point::new(0, h)), Err(PlayError::OffBoard));
        // Edge stones see the border: a stone on the right edge has three liberties.
        let edge = Point::new(r, h / 2);
        b.play(White, edge).expect("empty");
        assert_eq!(b.liberties(edge), 3);
        b.check_consistency().expect("consistent");
    }

    #[test]
    fn corners_of_25x25() {
        corners(25, 25);
    }

    #[test]
    fn corners_of_rectangular_boards() {
        corners(7, 13);
        corners(13, 7);
        corners(9, 9);
        corners(19, 19);
    }

    #[test]
    fn one_row_board() {
        let mut b = board("O.OX.");
        assert_eq!(play(&mut b, Black, "ba"), outcome(2, 0, false));
        assert_board(&b, ".X.X.");
        assert_eq!(b.liberties(at("ba")), 2);
    }

    #[test]
    fn chain_without_liberties_from_setup_stays() {
        // Only chains next to the played stone are examined; a chain that setup left
        // without liberties has no empty neighbour, so no play ever removes it.
        let mut b = board("OXO..");
        assert_eq!(b.liberties(at("ba")), 0);
        assert_eq!(play(&mut b, White, "da"), outcome(0, 0, false));
        assert_board(&b, "OXOO.");
        assert_eq!(b.liberties(at("ba")), 0);
    }

    #[test]
    fn write_and_load_round_trip() {
        let mut b = Board::new(7, 13).expect("valid size");
        for (i, sgf) in ["aa", "ba", "dd", "ab", "gm", "fm", "de", "gl", "ed"]
            .iter()
            .enumerate()
        {
            let color = if i % 2 == 0 { Black } else { White };
            play(&mut b, color, sgf);
        }
        let mut snapshot = vec![9; 3];
        b.write_position(&mut snapshot);
        assert_eq!(snapshot.len(), 7 * 13);
        assert_eq!(snapshot[0], 0, "aa was captured");
        assert_eq!(snapshot[1], 2);
        assert_eq!(snapshot[7], 2);
        assert_eq!(snapshot[12 * 7 + 6], 0, "gm was captured");
        assert_eq!(snapshot[12 * 7 + 5], 2);
        assert_eq!(snapshot[3 * 7 + 3], 1);
        assert_eq!(b.removed(Black), 2);

        let mut fresh = Board::new(7, 13).expect("valid size");
        fresh.load_position(&snapshot);
        fresh.check_consistency().expect("consistent");
        assert!(fresh.same_position(&b));
        assert_eq!(fresh.hash(), b.hash());
        assert_eq!(fresh.to_string(), b.to_string());
        assert_eq!(fresh.liberties(at("dd")), b.liberties(at("dd")));
        assert_eq!(fresh.removed(Black), 0, "load keeps the counters it had");

        // Loading over a played board keeps its counters and replaces the stones.
        let removed = b.removed(Black);
        let empty = vec![0; 7 * 13];
        b.load_position(&empty);
        assert_eq!(b.hash(), 0);
        assert_eq!(b.removed(Black), removed);
        b.load_position(&snapshot);
        assert!(fresh.same_position(&b));
        b.check_consistency().expect("consistent");
    }

    #[test]
    fn load_position_tolerates_bad_input() {
        let mut b = Board::new(3, 3).expect("valid size");
        b.load_position(&[1, 2, 7]);
        assert_board(
            &b,
            "XO.
             ...
             ...",
        );
        b.load_position(&[1; 20]);
        b.check_consistency().expect("consistent");
        assert_eq!(b.stones(Black), 9);
        assert_eq!(b.liberties(at("aa")), 0);
    }

    #[test]
    fn hash_depends_on_the_position_only() {
        let mut a = Board::new(9, 9).expect("valid size");
        let mut b = Board::new(9, 9).expect("valid size");
        play(&mut a, Black, "cc");
        play(&mut a, White, "dd");
        play(&mut a, Black, "ee");
        b.set(at("ee"), Some(Black)).expect("on the board");
        b.set(at("dd"), Some(White)).expect("on the board");
        b.set(at("cc"), Some(Black)).expect("on the board");
        assert_eq!(a.hash(), b.hash());
        assert!(a.same_position(&b));
        b.set(at("dd"), Some(Black)).expect("on the board");
        assert_ne!(a.hash(), b.hash(), "colour matters");
        assert!(!a.same_position(&b));
        let other_size = Board::new(9, 10).expect("valid size");
        assert!(
            !Board::new(9, 9)
                .expect("valid size")
                .same_position(&other_size)
        );
    }

    #[test]
    fn zobrist_keys_are_fixed_and_distinct() {
        // Pinned: snapshots and superko tables stored by other code rely on these values.
        assert_eq!(
            Board::zobrist_key(Point::new(0, 0), Black),
            ZOBRIST[STRIDE + 1][0]
        );
        assert_eq!(
            Board::zobrist_key(Point::new(0, 0), Black),
            splitmix64(0x676F_7265_665F_7A6F + 2 * (STRIDE as u64 + 1))
        );
        assert_eq!(
            Board::zobrist_key(Point::new(0, 0), Black),
            PINNED_KEY_AA_BLACK
        );
        assert_eq!(Board::zobrist_key(Point::new(25, 0), Black), 0);
        let mut keys = std::collections::HashSet::new();
        for y in 0..MAX_SIZE {
            for x in 0..MAX_SIZE {
                for color in [Black, White] {
                    let key = Board::zobrist_key(Point::new(x, y), color);
                    assert_ne!(key, 0);
                    assert!(keys.insert(key), "duplicate key");
                }
            }
        }
        let mut b = Board::new(19, 19).expect("valid size");
        play(&mut b, White, "dp");
        assert_eq!(b.hash(), Board::zobrist_key(at("dp"), White));
    }

    const PINNED_KEY_AA_BLACK: u64 = 3_799_215_708_552_455_432;

    /// Everything a board holds that can matter, now or to a later play: the stones, each
    /// stone's head and successor, the counts at each head, the hash, the counters and
    /// the ko point. (Counts left at cells that are no longer heads are never read.)
    fn state(b: &Board) -> impl PartialEq + std::fmt::Debug {
        let stones: Vec<usize> = (0..CELLS).filter(|&c| is_stone(b.cells[c])).collect();
        let heads: Vec<u16> = stones.iter().map(|&c| b.head[c]).collect();
        let next: Vec<u16> = stones.iter().map(|&c| b.next[c]).collect();
        let counts: Vec<ChainInfo> = stones
            .iter()
            .filter(|&&c| usize::from(b.head[c]) == c)
            .map(|&c| b.chains[c])
            .collect();
        (
            (b.width, b.height, b.cells.to_vec(), b.head.to_vec()),
            (stones, heads, next, counts),
            (b.hash, b.stones, b.removed, b.ko_cell, b.ko_color),
        )
    }

    /// What a caller sees of a board: every point's stone, liberties and chain (in the
    /// order [`Board::chain_stones`] walks it), the hash, the counters and the ko point.
    fn seen(b: &Board) -> impl PartialEq + std::fmt::Debug {
        let points: Vec<_> = (0..b.height)
            .flat_map(|y| (0..b.width).map(move |x| Point::new(x, y)))
            .map(|p| {
                (
                    b.get(p),
                    b.liberties(p),
                    b.chain_stones(p).collect::<Vec<_>>(),
                )
            })
            .collect();
        let counts = [Black, White].map(|c| (b.stones(c), b.removed(c)));
        (points, b.hash(), counts, b.ko_point())
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(1000))]
        /// `with_stones` builds the board that `set` builds stone by stone in reading
        /// order, on every size and shape up to 25x25, and the two boards then play alike.
        #[test]
        fn with_stones_is_set_one_by_one(
            width in 1u8..=25,
            height in 1u8..=25,
            density in 0u8..=10,
            black in 0u8..=10,
            cells in proptest::collection::vec(0u8..10, 625),
            plays in proptest::collection::vec((proptest::bool::ANY, 0u8..25, 0u8..25), 0..60),
        ) {
            let n = usize::from(width) * usize::from(height);
            let stones: Vec<Option<Color>> = cells[..n]
                .iter()
                .map(|&c| match c {
                    _ if c >= density => None,
                    _ if c < black => Some(Black),
                    _ => Some(White),
                })
                .collect();
            let mut one_by_one = Board::new(width, height).expect("a valid size");
            for (i, &stone) in stones.iter().enumerate() {
                let p = Point::new((i % usize::from(width)) as u8, (i / usize::from(width)) as u8);
                one_by_one.set(p, stone).expect("on the board");
            }
            let mut at_once = Board::with_stones(width, height, &stones).expect("a valid size");
            at_once.check_consistency().map_err(proptest::test_runner::TestCaseError::fail)?;
            proptest::prop_assert_eq!(state(&at_once), state(&one_by_one));
            proptest::prop_assert_eq!(seen(&at_once), seen(&one_by_one));
            for (black, x, y) in plays {
                let (color, p) = (if black { Black } else { White }, Point::new(x % width, y % height));
                proptest::prop_assert_eq!(at_once.play(color, p), one_by_one.play(color, p));
                proptest::prop_assert_eq!(state(&at_once), state(&one_by_one));
                proptest::prop_assert_eq!(seen(&at_once), seen(&one_by_one));
            }
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(500))]
        /// A snapshot (one copy of the padded rows) brings back exactly the board that
        /// `write_position` and `load_position` bring back, loaded over any other
        /// position of that size, on every size and shape up to 25x25.
        #[test]
        fn snapshot_loads_as_the_position_does(
            width in 1u8..=25,
            height in 1u8..=25,
            plays in proptest::collection::vec((proptest::bool::ANY, 0u8..25, 0u8..25), 0..300),
            later in 0usize..300,
        ) {
            let mut b = Board::new(width, height).expect("a valid size");
            let mut snapshot = vec![7; 5];
            let mut position = Vec::new();
            let mut over = Board::new(width, height).expect("a valid size");
            for (i, &(black, x, y)) in plays.iter().enumerate() {
                let (color, p) = (if black { Black } else { White }, Point::new(x % width, y % height));
                let _ = b.play(color, p);
                if i == later {
                    over = b.clone();
                }
            }
            snapshot.truncate(0);
            b.append_snapshot(&mut snapshot);
            proptest::prop_assert_eq!(snapshot.len(), Board::snapshot_len(width, height));
            b.write_position(&mut position);
            let mut by_snapshot = over.clone();
            by_snapshot.load_snapshot(&snapshot);
            let mut by_position = over;
            by_position.load_position(&position);
            by_snapshot.check_consistency().map_err(proptest::test_runner::TestCaseError::fail)?;
            proptest::prop_assert!(by_snapshot.same_position(&b));
            proptest::prop_assert_eq!(state(&by_snapshot), state(&by_position));
            proptest::prop_assert_eq!(seen(&by_snapshot), seen(&by_position));
        }

        /// `new_boxed` gives the board `new` gives, whatever was played on the boxes it
        /// gave before.
        #[test]
        fn new_boxed_is_new(
            width in 1u8..=25,
            height in 1u8..=25,
            plays in proptest::collection::vec((proptest::bool::ANY, 0u8..25, 0u8..25), 0..40),
        ) {
            let new = Board::new(width, height).expect("a valid size");
            let mut first = Board::new_boxed(width, height).expect("a valid size");
            proptest::prop_assert_eq!(state(&first), state(&new));
            for (black, x, y) in plays {
                let _ = first.play(if black { Black } else { White }, Point::new(x % width, y % height));
            }
            let second = Board::new_boxed(width, height).expect("a valid size");
            proptest::prop_assert_eq!(state(&second), state(&new));
            proptest::prop_assert_eq!(seen(&second), seen(&new));
        }
    }

    #[test]
    fn load_snapshot_tolerates_bad_input() {
        let mut b = Board::new(3, 2).expect("valid size");
        // Row 0, then the border cells up to row 1 (27 - 3 of them, ignored), then row 1.
        let mut snapshot = vec![1, 2, 7];
        snapshot.extend([1; 24]);
        snapshot.extend([2]);
        b.load_snapshot(&snapshot);
        assert_board(
            &b,
            "XO.
             O..",
        );
        b.load_snapshot(&[]);
        assert_eq!(b.to_string(), "...\n...\n");
        b.load_snapshot(&[1; 100]);
        b.check_consistency().expect("consistent");
        assert_eq!(b.stones(Black), 6);
        assert!(Board::new_boxed(0, 3).is_none() && Board::new_boxed(3, 26).is_none());
    }

    #[test]
    fn with_stones_refuses_a_bad_size_or_count() {
        assert!(Board::with_stones(0, 3, &[]).is_none());
        assert!(Board::with_stones(26, 1, &[None; 26]).is_none());
        assert!(Board::with_stones(2, 2, &[None; 3]).is_none());
        assert!(Board::with_stones(2, 2, &[None; 5]).is_none());
        let b = Board::with_stones(2, 2, &[Some(Black), None, None, Some(White)]);
        assert_eq!(b.expect("a valid board").to_string(), "X.\n.O\n");
    }
}
