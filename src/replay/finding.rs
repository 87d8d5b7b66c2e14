//! What the validator reports: a [`Finding`], its stable kind name, its severity and its
//! consequence under the rule set.

use serde::Serialize;

use crate::board::Color;
use crate::point::Point;

/// The stable names of everything the validator can report (docs/formats.md).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum FindingKind {
    OffBoard,
    Occupied,
    Suicide,
    Ko,
    Superko,
    OutOfTurn,
    UnequalMoves,
    NotFinished,
    ResultMismatch,
    KomiMismatch,
    SizeMismatch,
    HandicapMismatch,
    SetupInPlay,
    NoLiberties,
    TimeOverrun,
    Repetition,
    TerritoryMismatch,
    UncertainStatus,
    Truncated,
    Unsettled,
}

impl FindingKind {
    /// Every kind, in the order the batch summary lists them (docs/formats.md).
    pub const ALL: [FindingKind; 20] = [
        FindingKind::OffBoard,
        FindingKind::Occupied,
        FindingKind::Suicide,
        FindingKind::Ko,
        FindingKind::Superko,
        FindingKind::OutOfTurn,
        FindingKind::UnequalMoves,
        FindingKind::NotFinished,
        FindingKind::ResultMismatch,
        FindingKind::KomiMismatch,
        FindingKind::SizeMismatch,
        FindingKind::HandicapMismatch,
        FindingKind::SetupInPlay,
        FindingKind::NoLiberties,
        FindingKind::TimeOverrun,
        FindingKind::Repetition,
        FindingKind::TerritoryMismatch,
        FindingKind::UncertainStatus,
        FindingKind::Truncated,
        FindingKind::Unsettled,
    ];

    /// The stable name, as in JSON and CSV (`off-board`, `superko`...).
    pub fn as_str(self) -> &'static str {
        match self {
            FindingKind::OffBoard => "off-board",
            FindingKind::Occupied => "occupied",
            FindingKind::Suicide => "suicide",
            FindingKind::Ko => "ko",
            FindingKind::Superko => "superko",
            FindingKind::OutOfTurn => "out-of-turn",
            FindingKind::UnequalMoves => "unequal-moves",
            FindingKind::NotFinished => "not-finished",
            FindingKind::ResultMismatch => "result-mismatch",
            FindingKind::KomiMismatch => "komi-mismatch",
            FindingKind::SizeMismatch => "size-mismatch",
            FindingKind::HandicapMismatch => "handicap-mismatch",
            FindingKind::SetupInPlay => "setup-in-play",
            FindingKind::NoLiberties => "no-liberties",
            FindingKind::TimeOverrun => "time-overrun",
            FindingKind::Repetition => "repetition",
            FindingKind::TerritoryMismatch => "territory-mismatch",
            FindingKind::UncertainStatus => "uncertain-status",
            FindingKind::Truncated => "truncated",
            FindingKind::Unsettled => "unsettled",
        }
    }

    /// Read a stable name back.
    pub fn from_name(name: &str) -> Option<FindingKind> {
        FindingKind::ALL.into_iter().find(|k| k.as_str() == name)
    }
}

impl std::fmt::Display for FindingKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// How serious a finding is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// A move the rule set forbids.
    Illegal,
    /// The record disagrees with the rule set or with itself.
    Warning,
    /// Worth knowing; nothing is wrong.
    Info,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Illegal => "illegal",
            Severity::Warning => "warning",
            Severity::Info => "info",
        }
    }
}

/// What the rule set does about a finding.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Consequence {
    /// The move is taken back and counts as a pass.
    Pass,
    /// The move is void and the player forfeits the turn.
    Void,
    /// The player who made it loses the game.
    Loss,
    Draw,
    NoResult,
    /// Reported only; the rule set applies no penalty.
    None,
}

impl Consequence {
    pub fn as_str(self) -> &'static str {
        match self {
            Consequence::Pass => "pass",
            Consequence::Void => "void",
            Consequence::Loss => "loss",
            Consequence::Draw => "draw",
            Consequence::NoResult => "no-result",
            Consequence::None => "none",
        }
    }
}

/// One thing the validator found.
#[derive(Debug, Clone, PartialEq)]
pub struct Finding {
    pub kind: FindingKind,
    pub severity: Severity,
    /// 1-based move number, when the finding concerns a move.
    pub move_number: Option<usize>,
    /// Main-line node index (root = 0), when known.
    pub node: Option<usize>,
    pub color: Option<Color>,
    /// The point concerned, when there is one on the board.
    pub point: Option<Point>,
    /// One sentence for people.
    pub detail: String,
    pub consequence: Consequence,
}

impl Finding {
    /// A warning about the record rather than a move (node `node`, the root when it is
    /// 0), with no penalty.
    pub fn about_record(kind: FindingKind, node: Option<usize>, detail: String) -> Finding {
        Finding {
            kind,
            severity: Severity::Warning,
            move_number: None,
            node,
            color: None,
            point: None,
            detail,
            consequence: Consequence::None,
        }
    }

    /// A finding about move `number` (1-based) by `color`, at main-line node `node`.
    pub fn about_move(
        kind: FindingKind,
        severity: Severity,
        number: usize,
        node: usize,
        color: Color,
        consequence: Consequence,
        detail: String,
    ) -> Finding {
        Finding {
            kind,
            severity,
            move_number: Some(number),
            node: Some(node),
            color: Some(color),
            point: None,
            detail,
            consequence,
        }
    }

    /// The same finding, concerning `point`.
    pub fn at(mut self, point: Option<Point>) -> Finding {
        self.point = point;
        self
    }

    /// The same finding, concerning the stones of `color`.
    pub fn of(mut self, color: Option<Color>) -> Finding {
        self.color = color;
        self
    }
}
