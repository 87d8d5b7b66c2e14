//! A client for Go engines that speak GTP (the Go Text Protocol, version 2): GNU Go,
//! KataGo, Leela Zero or any other, asked which stones of a finished game are dead.
//!
//! - [`EngineCommand`] reads a command line the way a shell splits words (quotes and
//!   backslashes), without running a shell.
//! - [`Engine`] is one running engine process. Every answer is awaited with a deadline;
//!   an engine that does not answer in time is killed with its whole process group and
//!   reaped, so no engine outlives its use and none is left a zombie. An engine that
//!   exits is reported with its exit status and the last lines it wrote on standard
//!   error.
//! - [`dead_stones`] replays a [`GameRecord`] on an engine (board size, komi, setup
//!   stones, moves) and asks `final_status_list dead`, within a time limit for the game.
//! - [`EnginePool`] lends each thread that asks its own engine, reuses it from game to
//!   game (`clear_board`), replaces one that broke, and quits them all at the end.
//! - [`adopt_orphans`], for a program's `main`: what an engine started outside its
//!   process group (`setsid`) is ended when the engine ends (Linux).
//!
//! Whatever an engine does (exit, hang, print garbage, name points off the board), the
//! result is a [`GtpError`] for that game; nothing here panics, prints or waits without a
//! bound. What a game asks of an engine is only what GTP can say: square boards of 1 to
//! 25 lines, stones added but never removed.

mod engine;
mod orphans;
mod pool;
mod replay;

use std::time::Duration;

pub use engine::{Deadline, Engine, EngineCommand};
pub use orphans::{adopt_orphans, end_orphans};
pub use pool::{EngineLimits, EnginePool};
pub use replay::dead_stones;

#[cfg(doc)]
use crate::sgf::GameRecord;

/// Why an engine could not say which stones of a game are dead.
///
/// Every variant that comes from the engine carries its words (an answer, or the last
/// lines it wrote on standard error), so a report can show them.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GtpError {
    /// The engine command line is empty.
    #[error("the engine command is empty: give the program to run and its arguments")]
    EmptyCommand,
    /// The engine command line has an unclosed quote or a trailing backslash.
    #[error("the engine command `{command}` cannot be split into words: close its quotes")]
    BadQuoting { command: String },
    /// The program could not be started at all.
    #[error(
        "could not start the engine `{program}`: {reason} (give the full path of the \
         program if it is not on PATH)"
    )]
    Start { program: String, reason: String },
    /// The engine does not know a command goref needs.
    #[error("the engine `{engine}` does not know the GTP command `{command}`, which goref needs")]
    Lacks { engine: String, command: String },
    /// The engine's process ended.
    #[error(
        "the engine stopped while answering `{command}` ({status}){}",
        last_words(stderr)
    )]
    Died {
        command: String,
        /// How it ended, e.g. `exit status: 3` or `signal: 11 (SIGSEGV)`.
        status: String,
        /// The last lines it wrote on standard error, oldest first.
        stderr: Vec<String>,
    },
    /// The engine did not answer in time; it was killed.
    #[error(
        "the engine did not answer `{command}` within the time limit of {}; it was stopped{}",
        seconds(*limit),
        last_words(stderr)
    )]
    TimedOut {
        command: String,
        limit: Duration,
        stderr: Vec<String>,
    },
    /// The engine answered with a GTP failure (`? ...`).
    #[error("the engine refused `{command}`: {answer}")]
    Refused { command: String, answer: String },
    /// The engine refused a move of the record (an illegal move under its rules, a move
    /// on an occupied point...).
    #[error("the engine refused move {number} (`{command}`): {answer}")]
    MoveRefused {
        /// 1-based move number along the main line.
        number: usize,
        command: String,
        answer: String,
    },
    /// The engine wrote something that is not a GTP answer; it was stopped.
    #[error("the engine's answer to `{command}` is not GTP: {line:?}")]
    NotGtp { command: String, line: String },
    /// The engine named a point that is not on the board; it was stopped.
    #[error("the engine named {vertex:?}, which is not a point of the {size}x{size} board")]
    OffBoard { vertex: String, size: u8 },
    /// GTP boards are square.
    #[error("the board is {width}x{height}, and GTP engines only play on square boards")]
    Rectangular { width: u8, height: u8 },
    /// The game holds something GTP cannot say (a stone removed by setup, an unreadable
    /// or off-board move).
    #[error("GTP cannot replay this game: {reason}")]
    NotExpressible { reason: String },
}

impl GtpError {
    /// Whether the engine that gave this error must be replaced before the next game:
    /// it exited, hung, or said something that shows it cannot be trusted.
    pub fn engine_is_broken(&self) -> bool {
        matches!(
            self,
            GtpError::Died { .. }
                | GtpError::TimedOut { .. }
                | GtpError::NotGtp { .. }
                | GtpError::OffBoard { .. }
        )
    }
}

/// `; its last words on standard error: "a" / "b"`, or nothing when it wrote none.
fn last_words(stderr: &[String]) -> String {
    if stderr.is_empty() {
        return String::new();
    }
    let lines: Vec<String> = stderr.iter().map(|l| format!("{l:?}")).collect();
    format!("; its last words on standard error: {}", lines.join(" / "))
}

/// `2.5 s`, `60 s`.
fn seconds(d: Duration) -> String {
    format!("{} s", (d.as_secs_f64() * 1000.0).round() / 1000.0)
}
