//! The command line's words for what the library reports as types: the errors, warnings
//! and notes that depend on how the user asked, worded with the option that would change
//! them (`--dead`, `--rules`). Everything else is said as the library says it.

use goref::adjudicate::Note;
use goref::life::DeadStonesError;
use goref::report::{CheckError, Warning};

/// Why a file or game has no verdict.
pub fn error(error: &CheckError) -> String {
    match error {
        CheckError::DeadStones(e) => dead_stones(e),
        other => other.to_string(),
    }
}

/// What `--dead` asked for that the board does not have.
pub fn dead_stones(error: &DeadStonesError) -> String {
    match error {
        DeadStonesError::NoMarkup => {
            format!("{error}; use --dead auto, none or a list of points")
        }
        DeadStonesError::OffBoard { name, .. } | DeadStonesError::NoStone { name } => {
            format!("--dead {name}: {error}")
        }
        DeadStonesError::Engine(_)
        | DeadStonesError::EngineNoStone { .. }
        | DeadStonesError::EngineNotAsked => format!("--dead engine: {error}"),
    }
}

/// A warning about a game.
pub fn warning(warning: &Warning) -> String {
    match warning {
        Warning::UnrecognisedRules { .. } => format!("{warning} (choose one with --rules)"),
        other => other.to_string(),
    }
}

/// A note about how a game was decided or counted.
pub fn note(note: &Note) -> String {
    match note {
        Note::NotCountedUnlessNamed => "the game does not end with two passes and has no territory markup: not counted (name the dead stones with --dead to count the final position)".to_string(),
        Note::CountedAsNamed => "the record does not end with two passes; the final position is counted because RE claims a count and --dead says which stones are dead".to_string(),
        Note::DeadStonesNotUsed { rules } => {
            format!("{rules} counts every stone on the board as alive: --dead was not used")
        }
        Note::NoMarkup => "the record has no TB/TW territory marks: not counted under --dead markup (use --dead auto, none or a list of points to count it)".to_string(),
        Note::Text(text) => text.clone(),
    }
}
