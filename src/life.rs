//! Dead stones: from the record's markup, from the user's list, or proved (Benson's
//! pass-alive chains and territory).
//!
//! INTERFACE SKELETON: public items below are the contract; bodies are filled in by the
//! scoring work (names and meanings stay; fields and functions may be added).

use serde::Serialize;

use crate::board::{Board, Point};
use crate::sgf::TerritoryMarks;

/// Where the dead stones of a count came from (DESIGN.md's `dead_source`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum DeadSource {
    /// The TB/TW marks of the record's final position.
    Markup,
    /// A list given by the user (`--dead POINTS`).
    User,
    /// What goref proved or estimated (`--dead auto` without markup).
    Estimate,
    /// Every stone alive (`--dead none`, and Tromp-Taylor).
    None,
}

impl DeadSource {
    pub fn as_str(self) -> &'static str {
        match self {
            DeadSource::Markup => "markup",
            DeadSource::User => "user",
            DeadSource::Estimate => "estimate",
            DeadSource::None => "none",
        }
    }
}

/// The user's choice of `--dead`.
#[derive(Debug, Clone, PartialEq, Default)]
pub enum DeadSpec {
    /// The record's markup when it has some, else what goref can prove.
    #[default]
    Auto,
    Markup,
    None,
    /// Points naming dead stones (each names its whole chain).
    Points(Vec<Point>),
}

/// The dead stones of a final position.
#[derive(Debug, Clone, PartialEq)]
pub struct DeadStones {
    pub source: DeadSource,
    /// Every dead stone (whole chains).
    pub stones: Vec<Point>,
    /// Stones whose status goref could not settle (`auto` without markup); counted as
    /// alive, and said in the report.
    pub unresolved: Vec<Point>,
}

/// Dead stones from TB/TW marks: a stone standing on the other colour's marked territory
/// is dead.
pub fn from_markup(board: &Board, marks: &TerritoryMarks) -> DeadStones {
    let _ = (board, marks);
    todo!()
}

/// Dead stones named by the user: each point names its whole chain. Empty points and
/// points off the board are an error naming the point.
pub fn from_points(board: &Board, points: &[Point]) -> Result<DeadStones, String> {
    let _ = (board, points);
    todo!()
}
