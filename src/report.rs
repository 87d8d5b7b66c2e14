//! The output schema: the serialisable report of one game that every output format
//! (text, JSON, CSV, JSON Lines) is written from.
//!
//! Field names here are the contract of docs/formats.md: JSON keys and CSV columns use
//! exactly these names, and every key is always present (`null` when there is nothing to
//! say), so columns never depend on the data. Warnings, errors and notes stay typed
//! ([`Warning`], [`CheckError`], [`Note`]) so a writer can word them for its reader; they
//! serialise as the sentences their `Display` gives. Every sentence is on one line: the
//! record text it quotes is in [`crate::text::shown`]'s form, and the sentence as a whole
//! passes [`one_line`]. The record's own text (`file`, `black`, `white`,
//! `recorded_result`, a kept `result`) stays as the record has it: each writer shows it.

use serde::{Serialize, Serializer};

use crate::adjudicate::{Agreement, DecidedBy, Note};
use crate::board::Color;
use crate::life::estimate::{Basis, Status};
use crate::life::{DeadSource, DeadStonesError};
use crate::point::D4Name;
use crate::replay::{Consequence, FindingKind, ReplayError, Severity};
use crate::rules::RulesOrigin;
use crate::score::Count;
use crate::sgf::{self, LoadError, LoadWarning, WarningKind};
use crate::text::{one_line, shown};

/// One finding, ready to print or serialise.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FindingReport {
    pub kind: FindingKind,
    pub severity: Severity,
    /// 1-based move number.
    #[serde(rename = "move")]
    pub move_number: Option<usize>,
    /// Main-line node index (root = 0).
    pub node: Option<usize>,
    pub color: Option<Color>,
    /// `D4` form.
    pub point: Option<String>,
    /// SGF form, `dp`.
    pub sgf: Option<String>,
    pub detail: String,
    pub consequence: Consequence,
    /// The side line the finding is on ([`crate::sgf::Variation::path`], `13.2`), when
    /// it is not on the main line (`--variations`): `move` and `node` then count along
    /// that line.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<String>,
}

/// Something worth saying about a game that does not affect its validity.
#[derive(Debug, Clone, PartialEq)]
pub enum Warning {
    /// The loader could not use a property, or normalised one.
    Load(LoadWarning),
    /// The record's `RU` names no rule set goref recognises; `used` was used instead.
    UnrecognisedRules { ru: String, used: String },
    /// More findings were counted than listed.
    FindingsNotListed { listed: usize, more: usize },
    /// The record's side lines (`lines` of them) were not replayed: only the main line
    /// was checked (`past_bound`: they were asked for, but lie past
    /// [`crate::replay::MAX_VARIATION_MOVES`]).
    VariationsNotChecked { lines: usize, past_bound: bool },
}

impl Warning {
    /// The loader's warning that it read the game only up to damage in the record.
    pub fn truncation(&self) -> Option<&LoadWarning> {
        match self {
            Warning::Load(w) if w.kind == WarningKind::Truncated => Some(w),
            _ => None,
        }
    }
}

impl std::fmt::Display for Warning {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Warning::Load(w) => match w.node {
                Some(node) => write!(f, "node {node}: {}", one_line(&w.message)),
                None => f.write_str(&one_line(&w.message)),
            },
            Warning::UnrecognisedRules { ru, used } => {
                write!(
                    f,
                    "RU[{}] is not a rule set goref knows; using {used}",
                    shown(ru)
                )
            }
            Warning::VariationsNotChecked { lines, past_bound } => write!(
                f,
                "{lines} variation{} not checked{}",
                crate::words::plural(*lines),
                if *past_bound {
                    format!(
                        ": past {} moves replayed for the side lines of one game",
                        crate::replay::MAX_VARIATION_MOVES
                    )
                } else {
                    ": only the main line was replayed".to_string()
                }
            ),
            Warning::FindingsNotListed { listed, more } => write!(
                f,
                "{listed} findings are listed; {more} more were counted but not listed"
            ),
        }
    }
}

/// Why a file or a game has no verdict.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum CheckError {
    /// The file is not SGF goref can read.
    #[error(transparent)]
    Load(#[from] LoadError),
    /// One game of the file cannot be read.
    #[error(transparent)]
    Game(#[from] sgf::GameError),
    #[error(transparent)]
    Replay(#[from] ReplayError),
    /// The dead stones the user chose are not on the board.
    #[error(transparent)]
    DeadStones(#[from] DeadStonesError),
    /// The caller could not read the file's bytes, in its own words.
    #[error("{0}")]
    Read(String),
}

/// One game's validation, as every output format shows it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GameReport {
    /// The file as named on the command line (`-` for standard input).
    pub file: String,
    /// 1-based index of the game in its file; 0 when the file itself could not be read.
    pub game: usize,
    /// The rule set used, in its printable form (`aga`, `japanese+komi=7.5`).
    pub rules: String,
    pub rules_origin: RulesOrigin,
    /// `19`, or `19x13` for a rectangular board; `null` when unreadable.
    pub size: Option<String>,
    /// The komi the game is checked and counted with: the user's, else the record's
    /// (after server normalisation), else the rule set's for the handicap; `null` when
    /// unreadable.
    pub komi: Option<f64>,
    /// The handicap the game is played with ([`GameRecord::handicap_stones`]): `HA`, or
    /// the black setup stones of a record that has none and where White moves first.
    pub handicap: Option<u32>,
    pub black: Option<String>,
    pub white: Option<String>,
    pub moves: Option<usize>,
    pub recorded_result: Option<String>,
    /// No illegal finding, and the game could be read.
    pub valid: bool,
    /// Illegal moves (a move with several illegal findings counts once), including any
    /// past the listing limit.
    pub illegal_count: usize,
    pub findings: Vec<FindingReport>,
    /// Things the loader could not use or normalised, and the rule choice when `RU` was
    /// not understood. Never affect validity.
    #[serde(serialize_with = "sentences")]
    pub warnings: Vec<Warning>,
    /// Why the game (or the whole file) could not be read.
    #[serde(serialize_with = "sentence")]
    pub error: Option<CheckError>,
    /// The count, for `goref score` and `goref batch` (absent from `validate`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<ScoreReport>,
    /// The `batch --keep` verdict, when criteria were given: the names of the reasons to
    /// drop the game (`crate::keep::DropReason`), none when it is kept. The rows of
    /// `batch` write it; the JSON of `validate` and `score` never holds it.
    #[serde(skip)]
    pub drop_reasons: Option<Vec<&'static str>>,
}

/// A game's count under one rule set (the `score` object of docs/formats.md); the field
/// names are the JSON keys and, prefixed where docs/formats.md says so, the CSV columns
/// (`black_score`, `white_score`, `margin`, `result`, `dead_source`, `result_matches`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ScoreReport {
    /// Black's total points (null when the game was not counted).
    pub black: Option<f64>,
    /// White's total points, komi and bonuses included.
    pub white: Option<f64>,
    /// `black - white`: positive when Black is ahead.
    pub margin: Option<f64>,
    /// The adjudicated result: `B+3.5`, `W+12`, `Draw`, `W+F` (illegal move under a
    /// rule set where it loses), `Void`, or the recorded `B+R`/`W+T` when the game did not
    /// end by counting.
    pub result: String,
    /// What decided the result: `count`, `resignation`, `time`, `forfeit`, `draw`,
    /// `no-result` or `recorded` (nothing to check it against).
    pub decided_by: DecidedBy,
    /// Whether goref counted the board (false when resignation, time or forfeit ended it).
    pub scored: bool,
    pub dead_source: DeadSource,
    /// Dead stones, `D4` form.
    pub dead_stones: Vec<D4Name>,
    /// Every group the estimate decided, with its confidence: present only when
    /// `dead_source` is `estimate`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub estimate: Option<Vec<GroupReport>>,
    /// `RE` agrees with `result` (`true`), disagrees (`false`), or groups the estimate is
    /// unsure of could change the winner (`"uncertain"`); null when there is no `RE` or
    /// it cannot be compared.
    pub result_matches: Option<Agreement>,
    /// The count in detail: every part of each side's total (`null` when the board was
    /// not counted).
    pub breakdown: Option<Count>,
    /// Sentences saying how goref counted (pass stones applied, unresolved stones...).
    pub notes: Vec<Note>,
    /// The empty points surrounded by one colour that the count gave to nobody, and why
    /// (a seki's eyes, eye points that must be filled); empty when there are none or the
    /// board was not counted.
    pub not_territory: Vec<NotTerritoryReport>,
}

/// A point the count gave to nobody though one colour surrounds it (`not_territory` in
/// docs/formats.md).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct NotTerritoryReport {
    /// `D4` form.
    pub point: String,
    /// SGF form, `dp`.
    pub sgf: String,
    /// The colour that surrounds it.
    pub color: Color,
    /// `seki`, `atari`, `false-eye` or `false-eye-chain`.
    pub reason: &'static str,
    /// One sentence saying why.
    pub detail: String,
}

/// A group of chains the estimate decided, as the `score` object's `estimate` shows it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GroupReport {
    pub color: Color,
    pub status: Status,
    /// What the status rests on: `proven`, `eyes` or `playouts`.
    pub basis: Basis,
    /// The share of the evidence for `status`, 0.5 to 1, to two decimals.
    pub confidence: f64,
    /// Whether it is in doubt (an `uncertain-status` finding).
    pub uncertain: bool,
    /// Its stones, `D4` form, in reading order.
    pub stones: Vec<D4Name>,
}

impl GameReport {
    /// The loader's warning that it kept only the nodes before damage in the record: the
    /// game was judged on what could be read.
    pub fn truncated(&self) -> Option<&LoadWarning> {
        self.warnings.iter().find_map(Warning::truncation)
    }

    /// The recorded result disagrees with goref's.
    pub fn result_mismatch(&self) -> bool {
        self.score.as_ref().and_then(|s| s.result_matches) == Some(Agreement::Disagrees)
    }

    /// Groups goref's estimate is unsure of could change the winner.
    pub fn result_uncertain(&self) -> bool {
        self.score.as_ref().and_then(|s| s.result_matches) == Some(Agreement::Uncertain)
    }
}

/// A list serialised as the sentences its items' `Display` gives, each on one line.
fn sentences<S: Serializer, T: std::fmt::Display>(
    items: &[T],
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.collect_seq(
        items
            .iter()
            .map(|item| one_line(&item.to_string()).into_owned()),
    )
}

/// An optional item serialised as the sentence its `Display` gives (on one line), or
/// `null`.
fn sentence<S: Serializer, T: std::fmt::Display>(
    item: &Option<T>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    match item {
        Some(item) => serializer.serialize_str(&one_line(&item.to_string())),
        None => serializer.serialize_none(),
    }
}
