//! goref adjudicates Go game records.
//!
//! Data flows one way, one function per arrow:
//!
//! ```text
//! bytes --sgf::load--> GameRecord --replay::replay--> Replay (board states + findings)
//!       --life::resolve + score::count--> Count --report--> GameReport --writer (cmd/)--> text, JSON, CSV
//! ```
//!
//! The library never parses arguments, prints, or exits the process: that is the
//! command line's job (`cmd/`).

pub mod board;
pub mod diagram;
pub mod life;
pub mod replay;
pub mod report;
pub mod result;
pub mod rules;
pub mod score;
pub mod sgf;

pub use board::{Board, Color, Point};

pub use replay::{Finding, FindingKind, Replay, Severity};
pub use rules::RuleSet;
pub use sgf::{GameRecord, LoadError};
