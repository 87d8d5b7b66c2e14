//! The command line's words for what the library reports as types: the errors, warnings
//! and notes that depend on how the user asked, worded with the option that would change
//! them (`--dead`, `--rules`). Everything else is said as the library says it. Every
//! sentence is on one line ([`goref::text::one_line`]), whatever record text it quotes,
//! and so is every diagnostic goref prints ([`print_error`]).

use goref::adjudicate::Note;
use goref::life::DeadStonesError;
use goref::report::{CheckError, Warning};
use goref::text::one_line;

/// `goref: error: MESSAGE` on standard error, on one line: the message may name a file or
/// quote a record. Written through [`crate::stdout::diagnostic`], so a closed standard
/// error (`2>&1 | head`) drops it rather than ending the run.
pub fn print_error(message: impl std::fmt::Display) {
    crate::stdout::diagnostic(format_args!(
        "goref: error: {}\n",
        one_line(&message.to_string())
    ));
}

/// Why a file or game has no verdict.
pub fn error(error: &CheckError) -> String {
    match error {
        CheckError::DeadStones(e) => dead_stones(e),
        other => one_line(&other.to_string()).into_owned(),
    }
}

/// What `--dead` asked for that the board does not have.
pub fn dead_stones(error: &DeadStonesError) -> String {
    let words = match error {
        DeadStonesError::NoMarkup => {
            format!("{error}; use --dead auto, none or a list of points")
        }
        DeadStonesError::OffBoard { name, .. } | DeadStonesError::NoStone { name } => {
            format!("--dead {name}: {error}")
        }
        DeadStonesError::Engine(_)
        | DeadStonesError::EngineNoStone { .. }
        | DeadStonesError::EngineNotAsked => format!("--dead engine: {error}"),
    };
    one_line(&words).into_owned()
}

/// A warning about a game.
pub fn warning(warning: &Warning) -> String {
    match warning {
        Warning::UnrecognisedRules { .. } => format!("{warning} (choose one with --rules)"),
        Warning::VariationsNotChecked {
            past_bound: false, ..
        } => format!("{warning} (--variations replays them)"),
        // The library's sentence is already on one line (`Warning`'s `Display`).
        other => other.to_string(),
    }
}

/// A note about how a game was decided or counted.
pub fn note(note: &Note) -> String {
    match note {
        Note::NotCountedUnlessNamed => "the game does not end with two passes and has no territory markup: not counted under --dead auto (--dead estimate, proven, none, engine or a list of points counts the final position)".to_string(),
        Note::CountedAsNamed => "the record does not end with two passes; the final position is counted because RE claims a count and --dead chose the dead stones".to_string(),
        Note::DeadStonesNotUsed { rules } => {
            format!("{rules} counts every stone on the board as alive: --dead was not used")
        }
        Note::NoMarkup => "the record has no TB/TW territory marks: not counted under --dead markup (use --dead auto, none or a list of points to count it)".to_string(),
        Note::Text(_) => note.to_string(),
    }
}
