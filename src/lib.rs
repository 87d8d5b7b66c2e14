//! goref adjudicates Go game records.
//!
//! Data flows one way, one function per arrow:
//!
//! ```text
//! bytes --sgf::load--> GameRecord --replay::replay--> Replay (board states + findings)
//!       --adjudicate::adjudicate (life::resolve_under + score::count when counted)-->
//!       Adjudication  = judge::Judged, once per game and rule set
//! judge::Judged --Judged::row--> report::GameReport --writer (cmd/)--> text, JSON, CSV
//!               --diagram::of_judged--> Diagram --> text, SVG
//!               --annotate::annotated_copy--> the record with goref's comments
//! ```
//!
//! [`check`] judges every game of a file, in parallel and in game order; each output is
//! a view of the judged games.
//! docs/architecture.md maps the modules. The library never parses arguments, prints, or
//! exits the process: that is the command line's job (`cmd/`).

pub mod adjudicate;
pub mod annotate;
pub mod board;
pub mod check;
pub mod dedupe;
pub mod diagram;
pub mod gtp;
pub mod judge;
pub mod keep;
pub mod life;
pub mod point;
pub mod referee;
pub mod replay;
pub mod report;
pub mod result;
pub mod rules;
pub mod score;
pub mod sgf;
pub mod standings;
pub mod text;
pub mod words;

#[cfg(test)]
mod testing;

pub use board::{Board, Color};
pub use point::Point;

pub use replay::{Finding, FindingKind, Replay, Severity};
pub use rules::RuleSet;
pub use sgf::{GameRecord, LoadError};
