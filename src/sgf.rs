//! Loading: bytes to [`GameRecord`]s.
//!
//! [`load`] turns the bytes of a file into one result per game tree, in file order. Tygem's
//! GIB, WBaduk's NGF and Pandanet's UGF/UGI records, told by their content, are read into
//! the same [`GameRecord`] (`gib.rs`, `ngf.rs`, `ugf.rs`; one game per file, through the
//! same builder as SGF), and [`to_sgf`] writes any record as SGF (`write.rs`). What it
//! guarantees:
//!
//! - **It never panics and never gives up on a file because of one game.** Each game tree
//!   of a collection is found by a bracket-aware scanner and parsed on its own, so a broken
//!   game is one [`GameError`] and the others still load. A file-level [`LoadError`] means
//!   there is nothing to read: no bytes, no `(;` game tree, another format (a list of
//!   GTP commands), or a binary file known by its signature (an image, a PDF, an archive
//!   under another name, a program), whose bytes may hold a `(;` by chance. A game tree
//!   none of whose nodes holds a property is no game ([`GameError::NoContent`]).
//! - **Text is decoded before parsing**, from a byte-order mark, UTF-16 without one, the
//!   declared `CA`, or a guess when `CA` is missing or wrong; every guess is a
//!   [`LoadWarning`] of kind [`WarningKind::Charset`]. Valid UTF-8 is read without a copy.
//! - **Dialects are normalised, and every normalisation is stated.** Lower-case and FF\[1\]
//!   long property names, a root without `;`, a missing final `)`, Fox and GoGoD komi,
//!   `B[tt]` passes on boards up to 19x19, rule-document moves (`B[R16]`), `HA[0]`, `KM[]`,
//!   text in `TM`. A value the loader cannot use is a warning naming the node and the
//!   property, never the end of the game, except a board size: a game is not judged on
//!   a size goref guessed ([`GameError::UnreadableSize`]). A game-information property
//!   written twice with different values is read as the first, with a warning naming
//!   both; an `RE` goref cannot read gets a warning saying it is never compared. Values of properties goref does not use (markup,
//!   comments, `AP`) are not checked.
//! - **A malformed game keeps what precedes the damage.** Reading stops at the first place
//!   the record stops being SGF (an unterminated value, text between properties...) and a
//!   [`WarningKind::Truncated`] warning says where, and [`GameRecord::main_line_cut`]
//!   whether the main line was cut (the validator reports it); only a game with no
//!   readable node is a [`GameError::Syntax`].
//! - **Size is no danger.** Nesting is counted, never recursed into, and parsed trees are
//!   taken apart iteratively, so a million-move main line or a hundred thousand nested
//!   variations load on a 2 MiB thread stack. The work is linear in the file size.
//! - **Memory is bounded by [`Limits`].** File size, games per file, nodes and nesting
//!   depth per game, and the length of a property value each have a bound, checked before
//!   anything is parsed; past one, the file or the game is an error that names the bound
//!   and the value found. Only an over-long value of a property goref never reads (a
//!   comment) is dropped instead, with a [`WarningKind::Limit`] warning. The defaults are
//!   far above any real record (docs/robustness.md).
//!
//! Nothing is judged here: off-board points, moves out of turn and mismatched komi are
//! the validator's business.

mod decode;
mod gib;
mod ngf;
pub(crate) mod outline;
mod plain;
mod record;
mod scan;
mod ugf;
pub mod write;

pub use write::{ConvertError, Format, SgfText, format_of, to_sgf};

use std::collections::HashSet;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use sgf_parse::go::{Point as SgfPoint, Prop};
use sgf_parse::{ParseOptions, SgfProp, SimpleText, parse_with_options};

use crate::board::Color;
use crate::point::Point;

/// What a move node says was played.
#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    /// A stone on a point. The point may lie off the board (the validator reports it).
    Play(Point),
    /// `B[]`, or `B[tt]` on boards up to 19x19.
    Pass,
    /// A move value that is not a point at all (`B[R16x]`, `B[1]`): kept as written so the
    /// validator can report it as off the board.
    Unreadable(String),
}

/// One move of the main line.
#[derive(Debug, Clone, PartialEq)]
pub struct Move {
    pub color: Color,
    pub action: Action,
    /// Index of the node holding the move along the main line (the root is node 0).
    pub node: usize,
    /// Time left after the move (`BL`/`WL`), seconds, when recorded.
    pub time_left: Option<f64>,
}

/// Stones added or removed by setup properties (AB/AW/AE) in one node.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Setup {
    pub black: Vec<Point>,
    pub white: Vec<Point>,
    pub empty: Vec<Point>,
}

impl Setup {
    /// `later` applied on top of this setup: each point takes its last value.
    pub fn apply(&mut self, later: &Setup) {
        let changed = |p: &Point| {
            later.black.contains(p) || later.white.contains(p) || later.empty.contains(p)
        };
        self.black.retain(|p| !changed(p));
        self.white.retain(|p| !changed(p));
        self.empty.retain(|p| !changed(p));
        self.black.extend(&later.black);
        self.white.extend(&later.white);
        self.empty.extend(&later.empty);
        for list in [&mut self.black, &mut self.white, &mut self.empty] {
            list.sort_unstable();
        }
    }

    pub fn is_empty(&self) -> bool {
        self.black.is_empty() && self.white.is_empty() && self.empty.is_empty()
    }
}

/// A setup node found after the first move of the main line.
#[derive(Debug, Clone, PartialEq)]
pub struct MidSetup {
    /// Number of moves played before this node (the setup applies after move `after_move`).
    pub after_move: usize,
    /// Node index along the main line.
    pub node: usize,
    pub setup: Setup,
    /// `PL` of the node: who moves next, when the node says so.
    pub to_play: Option<Color>,
}

/// A property the loader could not use, or a normalisation it applied. Never fatal.
#[derive(Debug, Clone, PartialEq)]
pub struct LoadWarning {
    /// Node index along the main line (root = 0), when the warning concerns one node.
    pub node: Option<usize>,
    /// What the warning is about, for grouping and filtering.
    pub kind: WarningKind,
    /// A lower-case sentence naming the property as written and what the loader did.
    pub message: String,
}

/// The kinds of [`LoadWarning`]. Names (see [`WarningKind::name`]) are stable.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum WarningKind {
    /// The charset was mislabelled, missing or damaged, and the loader chose one.
    Charset,
    /// Reading stopped at a malformation: the game keeps the nodes before it.
    Truncated,
    /// A lossless repair of the SGF text (lower-case identifiers, a root without `;`, a
    /// missing final `)`).
    Dialect,
    /// Komi normalised from a server's habit, or unreadable.
    Komi,
    /// A move value converted (`B[R16]`, `W[pass]`) or kept as unreadable.
    Move,
    /// `TM` written as text.
    Time,
    /// A value the loader could not use, ignored.
    InvalidValue,
    /// Nodes or properties arranged in a way SGF forbids (two moves in one node, setup
    /// and a move together, `SZ` outside the root).
    Structure,
    /// A value past [`Limits::max_value_bytes`] in a property goref does not read was
    /// dropped, or warnings past the 10,000 kept per game were counted and left out.
    Limit,
}

impl WarningKind {
    /// The stable kebab-case name: `charset`, `truncated`, `dialect`, `komi`, `move`,
    /// `time`, `invalid-value`, `structure`, `limit`.
    pub fn name(self) -> &'static str {
        match self {
            WarningKind::Charset => "charset",
            WarningKind::Truncated => "truncated",
            WarningKind::Dialect => "dialect",
            WarningKind::Komi => "komi",
            WarningKind::Move => "move",
            WarningKind::Time => "time",
            WarningKind::InvalidValue => "invalid-value",
            WarningKind::Structure => "structure",
            WarningKind::Limit => "limit",
        }
    }
}

impl std::fmt::Display for WarningKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Territory marked in the record (`TB`/`TW`), as the last main-line node holding either
/// states it. Servers mark the agreed final position this way; the points of dead stones
/// are included.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TerritoryMarks {
    /// Node index along the main line.
    pub node: usize,
    /// `TB`: Black's territory.
    pub black: Vec<Point>,
    /// `TW`: White's territory.
    pub white: Vec<Point>,
}

/// Time settings of the game (root `TM`, `OT`).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TimeSettings {
    /// Main time per player in seconds (`TM`).
    pub main_time: Option<f64>,
    /// Overtime as written (`OT`), e.g. `5x30 byo-yomi`.
    pub overtime: Option<String>,
}

/// One game of a file, as the record states it. Nothing here is judged yet.
#[derive(Debug, Clone, PartialEq)]
pub struct GameRecord {
    /// 0-based index of the game in its file.
    pub index: usize,
    pub width: u8,
    pub height: u8,
    /// Komi after normalising server habits (Fox `KM[375]` = 7.5), when recorded.
    pub komi: Option<f64>,
    /// `HA` as recorded (0 when absent).
    pub handicap: u32,
    /// `RU` as written.
    pub rules: Option<String>,
    /// `PC` (where the game was played: a server, a city) as written. When `RU` is
    /// absent it can say whose rules counted the game ([`crate::rules::RulesChoice`]).
    pub place: Option<String>,
    pub black: Option<String>,
    pub white: Option<String>,
    /// `BR` and `WR` (the players' ranks) as written, the first non-empty value.
    pub black_rank: Option<String>,
    pub white_rank: Option<String>,
    /// `DT` (when the game was played) as written, the first non-empty value.
    pub date: Option<String>,
    /// `RE` as written.
    pub result: Option<String>,
    /// `PL` of the root (who moves first), when recorded.
    pub first_player: Option<Color>,
    /// Setup before the first move (root and any move-less nodes before the first move).
    pub setup: Setup,
    /// The main line's moves.
    pub moves: Vec<Move>,
    /// Setup nodes after play started.
    pub mid_setups: Vec<MidSetup>,
    pub time: TimeSettings,
    /// Number of nodes on the main line, root included.
    pub nodes: usize,
    pub warnings: Vec<LoadWarning>,
    /// `TB`/`TW` territory marks of the main line, when the record has them.
    pub territory: Option<TerritoryMarks>,
    /// The side lines of the game tree (every variation), in the order of the tree;
    /// empty for a record without variations. [`GameRecord::line`] makes one a game.
    pub variations: Vec<Variation>,
    /// When the main line could not be read to its end (the record stops being SGF
    /// inside it, the strict parser refused it, or nodes follow an early `)`): the last
    /// node read. A [`WarningKind::Truncated`] warning says where and why.
    pub main_line_cut: Option<usize>,
}

/// One side line of a game tree: a variation's moves, from where it leaves the line it
/// branches from to its end (following first children below it; each later child is a
/// line of its own).
#[derive(Debug, Clone, PartialEq)]
pub struct Variation {
    /// The line it leaves: `None` for the main line, else the index of a variation.
    pub parent: Option<usize>,
    /// How many moves of the game come before its first (the main line's, and those of
    /// the lines it leaves).
    pub after_move: usize,
    /// Where it lies in the tree, each branch as `N.K`: the line's node `N` (counted
    /// from the root, 0, along the line) is child `K` of its parent (the main line's
    /// child is 1). `13.2` leaves the main line at its node 13; `13.2/20.3` leaves that
    /// one at node 20.
    pub path: String,
    /// Its own moves; their `node` numbers count along the line from the root.
    pub moves: Vec<Move>,
    /// Its own setup nodes (AB/AW/AE, PL), `after_move` counted from the start of the game.
    pub setups: Vec<MidSetup>,
}

impl GameRecord {
    /// Variation `index` as a game of its own: the moves of the lines it leaves up to
    /// where it leaves them, then its own. Setup placed after play began on the main
    /// line counts only before the line leaves it; a side line's own setup, comments and
    /// times are not read.
    pub fn line(&self, index: usize) -> GameRecord {
        let mut chain = vec![index];
        while let Some(parent) = chain.last().and_then(|&v| self.variations.get(v)?.parent) {
            if chain.len() > self.variations.len() {
                break;
            }
            chain.push(parent);
        }
        let mut moves = self.moves.clone();
        let mut mid_setups = self.mid_setups.clone();
        let mut setup = self.setup.clone();
        let mut first_player = self.first_player;
        for &v in chain.iter().rev() {
            let line = &self.variations[v];
            moves.truncate(line.after_move);
            mid_setups.retain(|s| s.after_move < line.after_move);
            moves.extend(line.moves.iter().cloned());
            for s in &line.setups {
                if s.after_move == 0 {
                    // Before any move: the line's starting position, as the main line's.
                    setup.apply(&s.setup);
                    first_player = s.to_play.or(first_player);
                } else {
                    mid_setups.push(s.clone());
                }
            }
        }
        GameRecord {
            moves,
            setup,
            first_player,
            mid_setups,
            variations: Vec::new(),
            territory: None,
            warnings: Vec::new(),
            main_line_cut: None,
            ..self.clone_without_lines()
        }
    }

    /// The record without its moves and side lines (cheap to clone for [`GameRecord::line`]).
    fn clone_without_lines(&self) -> GameRecord {
        GameRecord {
            index: self.index,
            width: self.width,
            height: self.height,
            komi: self.komi,
            handicap: self.handicap,
            rules: self.rules.clone(),
            place: self.place.clone(),
            black: self.black.clone(),
            white: self.white.clone(),
            result: self.result.clone(),
            date: self.date.clone(),
            black_rank: self.black_rank.clone(),
            white_rank: self.white_rank.clone(),
            first_player: self.first_player,
            setup: self.setup.clone(),
            moves: Vec::new(),
            mid_setups: Vec::new(),
            time: self.time.clone(),
            nodes: self.nodes,
            warnings: Vec::new(),
            territory: None,
            variations: Vec::new(),
            main_line_cut: self.main_line_cut,
        }
    }

    /// The handicap the game is played with: `HA` from two stones on; else, when the
    /// record sets up two or more black stones, no white ones, and White moves first
    /// (`PL[W]`, or a first move by White), the number of those stones, as KataGo and the
    /// servers read such a record; else `HA` as recorded (0 or 1: an even game).
    pub fn handicap_stones(&self) -> u32 {
        self.handicap_from_setup().unwrap_or(self.handicap)
    }

    /// The handicap read from the setup stones of a record whose `HA` says less (see
    /// [`GameRecord::handicap_stones`]), when that is how the record is read.
    pub fn handicap_from_setup(&self) -> Option<u32> {
        let black = self.setup.black.len();
        let white_first =
            self.first_player.or(self.moves.first().map(|m| m.color)) == Some(Color::White);
        (self.handicap < 2 && black >= 2 && self.setup.white.is_empty() && white_first)
            .then(|| u32::try_from(black).unwrap_or(u32::MAX))
    }
}

/// Why one game of a file could not be loaded. The other games of the file still load.
///
/// `game` is the 0-based index of the game in its file; messages count from 1, as people do.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum GameError {
    #[error(
        "game {}: board size {width}x{height} is not supported (SZ sides must be 1 to 25)",
        game + 1
    )]
    BadSize {
        game: usize,
        width: u32,
        height: u32,
    },
    /// `SZ` holds a value that is not a board size: the game is not judged on a guess.
    #[error(
        "game {}: SZ[{}] is not a board size goref can read (a side from 1 to 25, or \
         columns:rows): the game cannot be judged without its board",
        game + 1,
        crate::text::shown(.value)
    )]
    UnreadableSize { game: usize, value: String },
    /// No node of the game holds a property: there is no game to judge (an empty `(;)`,
    /// or a `(;` that happens to lie in other text).
    #[error("game {}: no node of the game holds a property: there is nothing to judge", game + 1)]
    NoContent { game: usize },
    #[error("game {}: not a Go game (GM[{}]; Go is GM[1])", game + 1, crate::text::shown(.gm))]
    NotGo { game: usize, gm: String },
    #[error("game {}: {message}", game + 1)]
    Syntax { game: usize, message: String },
    #[error(
        "game {}: more than {limit} nodes, the limit per game: split the game or remove \
         variations to read it",
        game + 1
    )]
    TooManyNodes { game: usize, limit: usize },
    #[error(
        "game {}: variations nested more than {limit} deep, the limit per game: flatten or \
         remove variations to read it",
        game + 1
    )]
    TooDeep { game: usize, limit: usize },
    /// The file's time budget ([`Limits::max_time`]) ran out before this game was read or
    /// checked.
    #[error(
        "game {}: timed out after {} s, the time limit per file",
        game + 1,
        crate::words::format_points(limit.as_secs_f64())
    )]
    TimedOut { game: usize, limit: Duration },
    #[error(
        "game {}: the value of `{property}` at line {line}, column {column} is {bytes} bytes, \
         above the limit of {limit} bytes per property value: goref reads `{property}`, so \
         the game cannot be judged until the value is fixed",
        game + 1
    )]
    ValueTooLong {
        game: usize,
        property: String,
        line: usize,
        column: usize,
        bytes: usize,
        limit: usize,
    },
}

/// Why a file could not be read as SGF at all.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum LoadError {
    #[error("the file is empty")]
    Empty,
    #[error("no SGF game found (a game starts with `(;`)")]
    NoGame,
    #[error("{0}")]
    Syntax(String),
    /// The file is a game record in another format.
    #[error("this is {format}, not SGF: convert it to SGF first")]
    NotSgf { format: &'static str },
    /// The file is not text: an image, a document, an archive or a program, known by
    /// the signature its first bytes carry.
    #[error("this is {what}, not a game record{hint}")]
    Binary {
        what: &'static str,
        /// How goref would read it, when it can (an archive under its own name).
        hint: &'static str,
    },
    #[error(
        "the file is {bytes} bytes, above the limit of {limit} bytes per file: split it into \
         smaller files"
    )]
    TooLarge { bytes: usize, limit: usize },
    #[error(
        "the file holds more than {limit} games, the limit per file: split it into files of \
         at most {limit} games"
    )]
    TooManyGames { limit: usize },
}

/// Bounds on what one file may make the loader hold in memory. Past a bound, the file
/// ([`LoadError`]) or the game ([`GameError`]) is an error naming the bound and the value
/// found; only an over-long value of a property goref does not read is dropped instead,
/// with a [`WarningKind::Limit`] warning.
///
/// The board size has its own fixed bound, sides 1 to [`MAX_SIZE`](crate::point::MAX_SIZE)
/// ([`GameError::BadSize`]), set by what the board supports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Limits {
    /// Bytes per file ([`LoadError::TooLarge`]).
    pub max_file_bytes: usize,
    /// Game trees per file ([`LoadError::TooManyGames`]).
    pub max_games: usize,
    /// Nodes per game, every variation counted ([`GameError::TooManyNodes`]).
    pub max_nodes: usize,
    /// Variations open inside one another, the game tree's own `(` counted
    /// ([`GameError::TooDeep`]).
    pub max_depth: usize,
    /// Bytes of one property value as written, escapes included
    /// ([`GameError::ValueTooLong`], or a dropped property).
    pub max_value_bytes: usize,
    /// Time for the whole file, from the start of loading ([`GameError::TimedOut`] for
    /// every game not finished by then). The budget is checked between games (and
    /// `check` checks it again before checking each game), never inside one: a game's
    /// own work is bounded by the other limits, at most a few seconds. `None`: no time
    /// limit.
    pub max_time: Option<Duration>,
    /// How time is measured against [`Limits::max_time`].
    pub clock: Clock,
}

/// How the time spent on a file is measured.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Clock {
    /// The system's monotonic clock.
    #[default]
    Wall,
    /// For tests: time passes only as work is done, `per_node` for each node loaded and
    /// each move checked, so a time-out falls at the same game on every machine (when
    /// the games of a file are checked one after another).
    Work { per_node: Duration },
}

/// When the work on one file must stop: [`Limits::max_time`] after it started.
#[derive(Debug)]
pub struct Deadline {
    at: Option<Instant>,
    limit: Duration,
    /// Under [`Clock::Work`]: the time per node, and the nodes spent so far.
    work: Option<(Duration, AtomicU64)>,
}

impl Deadline {
    /// The deadline of work on a file that starts now.
    pub fn start(limits: &Limits) -> Deadline {
        let limit = limits.max_time.unwrap_or(Duration::MAX);
        let (at, work) = match limits.clock {
            Clock::Wall => (
                limits
                    .max_time
                    .and_then(|time| Instant::now().checked_add(time)),
                None,
            ),
            Clock::Work { per_node } => (None, Some((per_node, AtomicU64::new(0)))),
        };
        Deadline { at, limit, work }
    }

    /// Whether the time is up.
    pub fn passed(&self) -> bool {
        match &self.work {
            None => self.at.is_some_and(|at| Instant::now() >= at),
            Some((per_node, spent)) => {
                let spent = u32::try_from(spent.load(Ordering::Relaxed)).unwrap_or(u32::MAX);
                per_node.saturating_mul(spent) >= self.limit
            }
        }
    }

    /// Count `nodes` of work done (loaded or checked): only [`Clock::Work`] measures it.
    pub fn spend(&self, nodes: usize) {
        if let Some((_, spent)) = &self.work {
            spent.fetch_add(u64::try_from(nodes).unwrap_or(u64::MAX), Ordering::Relaxed);
        }
    }

    /// The error for game `game` (0-based) left unchecked because the time is up.
    pub fn error(&self, game: usize) -> GameError {
        GameError::TimedOut {
            game,
            limit: self.limit,
        }
    }
}

impl Default for Limits {
    /// Generous bounds: 100 to 1000 times the largest real record, low enough that a file
    /// at any bound loads in seconds and at most about 1.5 GB (docs/robustness.md).
    fn default() -> Limits {
        Limits {
            max_file_bytes: 256 << 20,
            max_games: 100_000,
            max_nodes: 2_000_000,
            max_depth: 500_000,
            max_value_bytes: 16 << 20,
            max_time: None,
            clock: Clock::Wall,
        }
    }
}

/// The text the loader reads from `bytes`: decoded from the charset [`load`] finds (a
/// byte-order mark, UTF-16, `CA`, or a guess), without the byte-order mark. For a GIB,
/// NGF or UGF record, the SGF text it amounts to ([`write`]), which loads as it does.
pub fn decoded_text(bytes: &[u8]) -> std::borrow::Cow<'_, str> {
    if let Some((_, Ok(game))) = foreign_game(bytes) {
        return std::borrow::Cow::Owned(game.sgf());
    }
    decode::decode(bytes).text
}

/// The format of a record in another server's format than SGF, told by its content: a
/// GIB or UGF file by its first line (`\HS`, `[Header]`), an NGF file by its move lines
/// when the file holds no SGF game.
pub(crate) fn foreign_format(bytes: &[u8]) -> Option<Format> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    // GIB and UGF name themselves first (`\HS`, `[Header]`, after white space): a file
    // whose first byte past ASCII white space is the `(` of an SGF game tree is neither,
    // and its head need not be decoded (a tenth of loading a folder of SGF files).
    let opens_sgf = bytes.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'(');
    if !opens_sgf {
        let head = String::from_utf8_lossy(bytes.get(..bytes.len().min(1024)).unwrap_or(bytes));
        if gib::looks_like(&head) {
            return Some(Format::Gib);
        }
        if ugf::looks_like(&head) {
            return Some(Format::Ugf);
        }
    }
    if scan::find_game_start(bytes, 0).is_none() && ngf::looks_like(&String::from_utf8_lossy(bytes))
    {
        return Some(Format::Ngf);
    }
    None
}

/// The one game of a GIB, NGF or UGF file, decoded and read; `None` for any other file.
fn foreign_game(bytes: &[u8]) -> Option<(Format, Result<write::ForeignGame, GameError>)> {
    let format = foreign_format(bytes)?;
    let declared = match format {
        Format::Ugf => ugf::declared_charset(bytes),
        _ => None,
    };
    let decoded = decode::decode_foreign(bytes, format.name(), declared);
    let warnings: Vec<LoadWarning> = decoded
        .notes
        .into_iter()
        .map(|message| LoadWarning {
            node: None,
            kind: WarningKind::Charset,
            message,
        })
        .collect();
    let text = &decoded.text;
    let game = match format {
        Format::Gib => gib::read(text, warnings),
        Format::Ngf => ngf::read(text, warnings),
        Format::Ugf => ugf::read(text, warnings),
        Format::Sgf => return None,
    };
    Some((format, game))
}

/// Decode, split and parse every game of a file under the default [`Limits`]. One game's
/// error does not stop the others.
pub fn load(bytes: &[u8]) -> Result<Vec<Result<GameRecord, GameError>>, LoadError> {
    load_with(bytes, &Limits::default())
}

/// [`load`] under the given [`Limits`].
pub fn load_with(
    bytes: &[u8],
    limits: &Limits,
) -> Result<Vec<Result<GameRecord, GameError>>, LoadError> {
    load_until(bytes, limits, &Deadline::start(limits))
}

/// [`load_with`] against a deadline the caller started (so that it can go on checking
/// it after loading): a game not loaded by then is [`GameError::TimedOut`].
pub fn load_until(
    bytes: &[u8],
    limits: &Limits,
    deadline: &Deadline,
) -> Result<Vec<Result<GameRecord, GameError>>, LoadError> {
    load_games(bytes, limits, deadline, true)
}

/// [`load`] with every game tree parsed whole by sgf-parse, never in parts: for the
/// differential fuzz target (`fuzz/fuzz_targets/parts.rs`), which holds the two equal.
#[cfg(fuzzing)]
pub fn load_whole(bytes: &[u8]) -> Result<Vec<Result<GameRecord, GameError>>, LoadError> {
    let limits = Limits::default();
    load_games(bytes, &limits, &Deadline::start(&limits), false)
}

/// The loader. With `in_parts`, a game whose main line has runs of plain move nodes is
/// parsed in pieces (`plain.rs`); without, every game tree is parsed whole (the tests
/// compare the two).
fn load_games(
    bytes: &[u8],
    limits: &Limits,
    deadline: &Deadline,
    in_parts: bool,
) -> Result<Vec<Result<GameRecord, GameError>>, LoadError> {
    if bytes.len() > limits.max_file_bytes {
        return Err(LoadError::TooLarge {
            bytes: bytes.len(),
            limit: limits.max_file_bytes,
        });
    }
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Err(LoadError::Empty);
    }
    if let Some((what, hint)) = binary_format(bytes) {
        return Err(LoadError::Binary { what, hint });
    }
    if let Some((_, game)) = foreign_game(bytes) {
        if deadline.passed() {
            return Ok(vec![Err(deadline.error(0))]);
        }
        let record = game.and_then(|game| {
            if game.moves.len() >= limits.max_nodes {
                return Err(GameError::TooManyNodes {
                    game: 0,
                    limit: limits.max_nodes,
                });
            }
            game.record()
        });
        deadline.spend(record.as_ref().map_or(1, |record| record.nodes));
        return Ok(vec![record]);
    }
    let decoded = decode::decode(bytes);
    let text: &str = &decoded.text;
    if text.trim().is_empty() {
        return Err(LoadError::Empty);
    }
    let games = scan::split(text, limits)?;
    if games.is_empty() {
        return Err(match other_format(text) {
            Some(format) => LoadError::NotSgf { format },
            None => LoadError::NoGame,
        });
    }
    let file_warnings: Vec<LoadWarning> = decoded
        .notes
        .iter()
        .map(|note| LoadWarning {
            node: None,
            kind: WarningKind::Charset,
            message: note.clone(),
        })
        .collect();
    Ok(games
        .into_iter()
        .enumerate()
        .map(|(index, game)| {
            if deadline.passed() {
                return Err(deadline.error(index));
            }
            let loaded = load_game(index, game, file_warnings.clone(), limits, in_parts);
            deadline.spend(loaded.as_ref().map_or(1, |record| record.nodes));
            loaded
        })
        .collect())
}

/// Parse and read one game tree found by the scanner.
fn load_game(
    index: usize,
    game: scan::GameText<'_>,
    mut warnings: Vec<LoadWarning>,
    limits: &Limits,
    in_parts: bool,
) -> Result<GameRecord, GameError> {
    if let Some(bound) = game.exceeded {
        return Err(match bound {
            scan::Exceeded::Nodes => GameError::TooManyNodes {
                game: index,
                limit: limits.max_nodes,
            },
            scan::Exceeded::Depth => GameError::TooDeep {
                game: index,
                limit: limits.max_depth,
            },
            scan::Exceeded::Value {
                property,
                line,
                column,
                bytes,
            } => GameError::ValueTooLong {
                game: index,
                property,
                line,
                column,
                bytes,
                limit: limits.max_value_bytes,
            },
        });
    }
    if !game.has_property {
        return Err(match &game.cut {
            Some(cut) => GameError::Syntax {
                game: index,
                message: format!("no node of the game can be read: {}", cut.describe()),
            },
            None => GameError::NoContent { game: index },
        });
    }
    warnings.extend(game.dropped.iter().map(|message| LoadWarning {
        node: None,
        kind: WarningKind::Limit,
        message: message.clone(),
    }));
    if let Some(gm) = &game.gm {
        match gm.trim() {
            "1" => {}
            "" => warnings.push(LoadWarning {
                node: Some(0),
                kind: WarningKind::InvalidValue,
                message: "GM[] is empty: read as Go (GM[1])".to_string(),
            }),
            other => {
                return Err(GameError::NotGo {
                    game: index,
                    gm: other.to_string(),
                });
            }
        }
    }
    warnings.extend(game.repairs.iter().map(|repair| LoadWarning {
        node: None,
        kind: WarningKind::Dialect,
        message: repair.clone(),
    }));

    let at = warnings.len();
    let cut = if in_parts && game.cut.is_none() {
        cut_in_parts(&game.text, &game.short)
    } else {
        None
    };
    let (mut record, recovered) = match cut {
        Some(parts) => (
            record::build_from(index, parts.root, &parts.moves, parts.pieces, warnings)?,
            None,
        ),
        None => {
            let (root, recovered) = parse_whole(index, &game)?;
            (record::build(index, root, warnings)?, recovered)
        }
    };
    let last = record.nodes.saturating_sub(1);
    let cut_in_main_line = game.cut.as_ref().is_some_and(|cut| cut.in_main_line)
        || recovered.is_some()
        || game.stray.is_some();
    if cut_in_main_line {
        record.main_line_cut = Some(last);
    }
    let truncation = match (&game.cut, recovered) {
        (Some(cut), _) => Some(format!(
            "the game is truncated: {}; reading stopped after node {last}, fix the SGF there \
             to read the rest",
            cut.describe()
        )),
        (None, Some(error)) => Some(format!(
            "the strict SGF parser rejected the game ({error}); its lenient mode read up to \
             node {last}, and the rest may be lost"
        )),
        (None, None) => None,
    };
    if let Some(message) = game.stray {
        record.warnings.push(LoadWarning {
            node: None,
            kind: WarningKind::Truncated,
            message,
        });
    }
    if let Some(message) = truncation {
        record.warnings.insert(
            at,
            LoadWarning {
                node: None,
                kind: WarningKind::Truncated,
                message,
            },
        );
    }
    Ok(record)
}

/// Parse a whole game tree with sgf-parse: its root, and the lenient parser's error when
/// only the lenient parser could read it.
fn parse_whole(
    index: usize,
    game: &scan::GameText<'_>,
) -> Result<(record::Tree<Prop>, Option<String>), GameError> {
    // The scanner hands over text the strict parser accepts (a property test holds it to
    // that): when a strict parse fails, sgf-parse drops its half-built tree recursively,
    // which a deep record would turn into a stack overflow. Lenient parsing is only the
    // safety net for anything the scanner did not foresee.
    let mut recovered = None;
    let trees = match parse_with_options(&game.text, &ParseOptions::default()) {
        Ok(trees) => trees,
        Err(strict) => {
            let lenient = ParseOptions {
                lenient: true,
                ..ParseOptions::default()
            };
            match parse_with_options(&game.text, &lenient) {
                Ok(trees) => {
                    recovered = Some(strict.to_string().to_lowercase());
                    trees
                }
                Err(e) => {
                    return Err(GameError::Syntax {
                        game: index,
                        message: format!(
                            "the game tree cannot be parsed ({})",
                            e.to_string().to_lowercase()
                        ),
                    });
                }
            }
        }
    };
    let Some(root) = record::first_go_tree(trees) else {
        return Err(GameError::Syntax {
            game: index,
            message: "the game tree holds no Go game".to_string(),
        });
    };
    if (game.cut.is_some() || recovered.is_some())
        && root.0.properties.is_empty()
        && root.0.children.is_empty()
    {
        let why = match (&game.cut, &recovered) {
            (Some(cut), _) => cut.describe(),
            (None, Some(error)) => error.clone(),
            (None, None) => String::new(),
        };
        return Err(GameError::Syntax {
            game: index,
            message: format!("no node of the game can be read: {why}"),
        });
    }
    Ok((root, recovered))
}

/// A game tree parsed in the pieces of [`plain::split`].
struct Parts<'a> {
    root: record::Root,
    moves: Vec<plain::PlainMove>,
    pieces: Vec<record::ParsedPiece<'a>>,
}

/// `text` parsed in [`Parts`] (`short`: the runs of short nodes the scanner found in it),
/// or `None` when it has no such parts or sgf-parse does not accept one of them strictly
/// (the caller then parses the whole tree, strict or lenient, and reports what it finds).
fn cut_in_parts<'a>(text: &'a str, short: &scan::ShortRuns) -> Option<Parts<'a>> {
    let split = plain::split(text, short)?;
    let one_tree = |text: &str| {
        let trees = parse_with_options(text, &ParseOptions::default()).ok()?;
        let count = trees.len();
        let first = record::first_go_tree(trees);
        if count == 1 { first } else { None }
    };
    // The root and the other nodes are tokenized by `plain.rs` when it reads them as
    // sgf-parse's lexer would (see there); sgf-parse then reads their values.
    let root = match split.root_properties {
        Some(properties) => record::Root::Read(read_props(properties)),
        None => record::Root::Tree(one_tree(&format!("{})", split.root))?),
    };
    let mut pieces = Vec::with_capacity(split.pieces.len());
    for piece in split.pieces {
        pieces.push(match piece {
            plain::Piece::Moves(range) => record::ParsedPiece::Moves(range),
            plain::Piece::Short(text, count) => record::ParsedPiece::Short(text, count),
            plain::Piece::Nodes(nodes) => match plain::nodes(nodes, 0) {
                Some(nodes) => {
                    record::ParsedPiece::Read(nodes.into_iter().map(read_props).collect())
                }
                None => record::ParsedPiece::Below(one_tree(&format!("(;{nodes})"))?),
            },
            plain::Piece::Rest(rest) => record::ParsedPiece::Below(one_tree(&format!("(;{rest}"))?),
        });
    }
    Some(Parts {
        root,
        moves: split.moves,
        pieces,
    })
}

/// sgf-parse's reading of each property's values.
fn props<I: AsRef<str>>(properties: Vec<(I, Vec<String>)>) -> Vec<Prop> {
    properties
        .into_iter()
        .map(|(identifier, mut values)| read_prop(identifier.as_ref(), &mut values))
        .collect()
}

/// What the record's builder reads of the properties of a node `plain.rs` read: each
/// property as sgf-parse reads it ([`read_prop`]), but for lists of points in lower case
/// (the setup of a problem, often dozens of stones), read to their points in order, as
/// the builder would put in order the set sgf-parse makes of them.
fn read_props(properties: plain::Properties<'_>) -> Vec<record::Property> {
    (properties.into_iter())
        .map(|(identifier, values)| {
            if matches!(identifier, "AB" | "AW" | "AE" | "TB" | "TW")
                && let Some(points) = point_list(values.iter())
            {
                return record::Property::Points(identifier, points);
            }
            record::Property::Sgf(plain_prop(identifier, values))
        })
        .collect()
}

/// [`read_prop`] of a property `plain.rs` read: a property of one value is read from it in
/// place (the commonest case, without a list), the others from a list of them.
fn plain_prop(identifier: &str, values: plain::Values<'_>) -> Prop {
    match values.one_or_all() {
        Ok(one) => read_prop(identifier, &mut [one]),
        Err(mut all) => read_prop(identifier, &mut all),
    }
}

/// The points of a list whose every value is two lower-case letters, in order and each
/// once: the set [`points`] reads, as `record.rs` puts it in order (`record::sorted`);
/// `None` where [`points`] gives `None`.
fn point_list<'a>(values: impl Iterator<Item = &'a str>) -> Option<Vec<Point>> {
    // The points listed, a bit per row in a word per column: read column by column and
    // row by row, they come in the order of points (`x`, then `y`), each once, without a
    // sort.
    let mut columns = [0u32; 26];
    for value in values {
        let [x @ b'a'..=b'z', y @ b'a'..=b'z'] = *value.as_bytes() else {
            return None;
        };
        columns[usize::from(x - b'a')] |= 1 << (y - b'a');
    }
    let count = columns.iter().map(|rows| rows.count_ones() as usize).sum();
    let mut list = Vec::with_capacity(count);
    for (x, mut rows) in (0u8..).zip(columns) {
        while rows != 0 {
            // At most 25: a `u32` has 32 bits.
            let y = rows.trailing_zeros() as u8;
            list.push(Point::new(x, y));
            rows &= rows - 1;
        }
    }
    Some(list)
}

/// What `Prop::new` makes of a property. Three kinds are read here, to the same value:
/// lists of points in lower case (`AB[dd][pp]`, `TB` over a whole area: sgf-parse reads
/// each point through a `Vec<char>`, which made such lists a third of its work on a batch),
/// texts of one value (`PB[Lee Sedol]`, which it keeps as written), and numbers of one
/// value (`KM[6.5]`, `SZ[19]`: sgf-parse finds these after comparing the identifier with
/// some fifty others, and wants it as a `String`). `values` are the property's values,
/// owned or borrowed from the text; only those sgf-parse keeps are made `String`s (taken
/// out of `values`).
fn read_prop<V>(identifier: &str, values: &mut [V]) -> Prop
where
    V: AsRef<str> + Into<String> + Default,
{
    let read = match identifier {
        "AB" => points(values).map(Prop::AB),
        "AW" => points(values).map(Prop::AW),
        "AE" => points(values).map(Prop::AE),
        "TB" => points(values).map(Prop::TB),
        "TW" => points(values).map(Prop::TW),
        "PB" => text(values).map(Prop::PB),
        "PW" => text(values).map(Prop::PW),
        "RE" => text(values).map(Prop::RE),
        "RU" => text(values).map(Prop::RU),
        "PC" => text(values).map(Prop::PC),
        "OT" => text(values).map(Prop::OT),
        "BR" => text(values).map(Prop::BR),
        "WR" => text(values).map(Prop::WR),
        "DT" => text(values).map(Prop::DT),
        // Numbers of one value, read with the same `FromStr` sgf-parse uses; anything it
        // would not accept (several values, not a number, a handicap below 2, a size with
        // `:`) is left to it, so `Invalid` stays its own.
        "GM" => number(values).map(Prop::GM),
        "HA" => number(values).filter(|&stones| stones >= 2).map(Prop::HA),
        "KM" => number(values).map(Prop::KM),
        "TM" => number(values).map(Prop::TM),
        "BL" => number(values).map(Prop::BL),
        "WL" => number(values).map(Prop::WL),
        "SZ" => values
            .iter()
            .all(|value| !value.as_ref().contains(':'))
            .then(|| number::<u8, V>(values).map(|size| Prop::SZ((size, size))))
            .flatten(),
        _ => None,
    };
    read.unwrap_or_else(|| {
        let values = values.iter_mut().map(|value| std::mem::take(value).into());
        Prop::new(identifier.to_string(), values.collect())
    })
}

/// The only value of `values` read as sgf-parse's `parse_single_value` reads it; `None`
/// where that fails.
fn number<T: std::str::FromStr, V: AsRef<str>>(values: &[V]) -> Option<T> {
    match values {
        [value] => value.as_ref().parse().ok(),
        _ => None,
    }
}

/// The points of a list whose every value is two lower-case letters; `None` for anything
/// else (upper case, a compressed `aa:cc`, not a point), which sgf-parse decides.
fn points<V: AsRef<str>>(values: &[V]) -> Option<HashSet<SgfPoint>> {
    let mut points = HashSet::with_capacity(values.len());
    for value in values {
        let [x @ b'a'..=b'z', y @ b'a'..=b'z'] = *value.as_ref().as_bytes() else {
            return None;
        };
        points.insert(SgfPoint {
            x: x - b'a',
            y: y - b'a',
        });
    }
    Some(points)
}

/// The only value of a text property, taken out of `values`; `None` leaves several values
/// (or none) to sgf-parse.
fn text<V: Into<String> + Default>(values: &mut [V]) -> Option<SimpleText> {
    match values {
        [value] => Some(SimpleText {
            text: std::mem::take(value).into(),
        }),
        _ => None,
    }
}

/// What a file is when its first bytes carry the signature of a common binary format
/// (an image, a document, an archive, a program), and how goref would read it when it
/// can. Such bytes decoded as text can hold a `(;` by chance, which would be read as a
/// game.
fn binary_format(bytes: &[u8]) -> Option<(&'static str, &'static str)> {
    const SIGNATURES: [(&[u8], &str, &str); 10] = [
        (b"\x89PNG\r\n\x1a\n", "a PNG image", ""),
        (b"\xff\xd8\xff", "a JPEG image", ""),
        (b"GIF87a", "a GIF image", ""),
        (b"GIF89a", "a GIF image", ""),
        (b"%PDF-", "a PDF document", ""),
        (b"PK\x03\x04", "a ZIP archive", ZIP_HINT),
        (b"PK\x05\x06", "a ZIP archive", ZIP_HINT),
        (b"PK\x07\x08", "a ZIP archive", ZIP_HINT),
        (
            b"\x1f\x8b",
            "a gzip file",
            " (goref reads one named `.sgf.gz` or `.tar.gz`)",
        ),
        (b"\x7fELF", "an ELF program", ""),
    ];
    const ZIP_HINT: &str = " (goref reads the records in one named `.zip`)";
    if let Some(&(_, what, hint)) = SIGNATURES
        .iter()
        .find(|(signature, _, _)| bytes.starts_with(signature))
    {
        return Some((what, hint));
    }
    // A tar archive names its format at byte 257.
    (bytes.get(257..262) == Some(b"ustar")).then_some((
        "a tar archive",
        " (goref reads the records in one named `.tar`, `.tar.gz` or `.tgz`)",
    ))
}

/// The name of a game-record format other than SGF that `text` looks like.
fn other_format(text: &str) -> Option<&'static str> {
    let start = text.trim_start();
    if start.starts_with("\\HS") || text.contains("\\[GIBOKIND") {
        return Some("a Tygem GIB file");
    }
    if text.contains("[Header]") && text.contains("[Data]") {
        return Some("a PandaNet UGF file");
    }
    let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
    let gtp = [
        "boardsize",
        "clear_board",
        "komi",
        "play",
        "genmove",
        "fixed_handicap",
    ];
    if lines.clone().take(10).any(|l| {
        let word = l.split_whitespace().next().unwrap_or_default();
        gtp.contains(&word)
    }) && lines.clone().all(|l| {
        l.starts_with('#')
            || l.split_whitespace().next().is_some_and(|w| {
                w.bytes()
                    .all(|c| c.is_ascii_lowercase() || c == b'_' || c.is_ascii_digit())
            })
    }) {
        return Some("a list of GTP commands");
    }
    if lines.any(|l| l.len() >= 9 && l.starts_with("PM") && l.is_ascii()) {
        return Some("a WBaduk NGF file");
    }
    None
}

#[cfg(test)]
mod tests;
