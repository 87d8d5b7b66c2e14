//! Loading: bytes to [`GameRecord`]s.
//!
//! INTERFACE SKELETON: the public items below are the contract other modules use.
//! Bodies are filled in by the loader work; signatures stay (fields may be added).

use crate::board::{Color, Point};

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
}

/// A property the loader could not use, or a normalisation it applied. Never fatal.
#[derive(Debug, Clone, PartialEq)]
pub struct LoadWarning {
    /// Node index along the main line (root = 0), when the warning concerns one node.
    pub node: Option<usize>,
    pub message: String,
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
    pub black: Option<String>,
    pub white: Option<String>,
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
}

/// Why one game of a file could not be loaded. The other games of the file still load.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum GameError {
    #[error("game {game}: board size {width}x{height} is not supported (sides from 1 to 25)")]
    BadSize {
        game: usize,
        width: u32,
        height: u32,
    },
    #[error("game {game}: not a Go game (GM[{gm}])")]
    NotGo { game: usize, gm: String },
    #[error("game {game}: {message}")]
    Syntax { game: usize, message: String },
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
}

/// Decode, split and parse every game of a file. One game's error does not stop the others.
pub fn load(bytes: &[u8]) -> Result<Vec<Result<GameRecord, GameError>>, LoadError> {
    let _ = bytes;
    todo!()
}
