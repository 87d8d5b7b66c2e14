//! The output schema: the serialisable report of one game that every output format
//! (text, JSON, CSV, JSON Lines) is written from.
//!
//! Field names here are the contract of docs/formats.md: JSON keys and CSV columns use
//! exactly these names, and every key is always present (`null` when there is nothing to
//! say), so columns never depend on the data. Warnings, errors and notes stay typed
//! ([`Warning`], [`CheckError`], [`Note`]) so a writer can word them for its reader; they
//! serialise as the sentences their `Display` gives.

use serde::{Serialize, Serializer};

use crate::adjudicate::{Adjudication, DecidedBy, Note};
use crate::board::Color;
use crate::life::{DeadSource, DeadStonesError};
use crate::point::Point;
use crate::replay::{Consequence, Finding, FindingKind, ReplayError, Severity};
use crate::rules::{DEFAULT_PRESET, Resolved, RulesOrigin};
use crate::score::{self, Count};
use crate::sgf::{self, GameRecord, LoadError, LoadWarning, WarningKind};

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
}

impl FindingReport {
    pub fn new(finding: &Finding, height: u8) -> FindingReport {
        FindingReport {
            kind: finding.kind,
            severity: finding.severity,
            move_number: finding.move_number,
            node: finding.node,
            color: finding.color,
            point: finding.point.map(|p: Point| p.to_d4(height)),
            sgf: finding.point.map(Point::to_sgf),
            detail: finding.detail.clone(),
            consequence: finding.consequence,
        }
    }
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
                Some(node) => write!(f, "node {node}: {}", w.message),
                None => f.write_str(&w.message),
            },
            Warning::UnrecognisedRules { ru, used } => {
                write!(f, "RU[{ru}] is not a rule set goref knows; using {used}")
            }
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
    pub dead_stones: Vec<String>,
    /// `RE` agrees with `result` (null when there is no `RE` or it cannot be compared).
    pub result_matches: Option<bool>,
    /// The count in detail: every part of each side's total (`null` when the board was
    /// not counted).
    pub breakdown: Option<Count>,
    /// Sentences saying how goref counted (pass stones applied, unresolved stones...).
    pub notes: Vec<Note>,
}

impl ScoreReport {
    /// The score object of an adjudication on a board `height` rows high.
    pub fn new(adjudication: Adjudication, height: u8) -> ScoreReport {
        let Adjudication {
            result,
            decided_by,
            result_matches,
            counted,
            notes,
        } = adjudication;
        let mut score = ScoreReport {
            black: None,
            white: None,
            margin: None,
            result: result.to_string(),
            decided_by,
            scored: false,
            dead_source: DeadSource::None,
            dead_stones: Vec::new(),
            result_matches,
            breakdown: None,
            notes,
        };
        if let Some(counted) = counted {
            score.black = Some(counted.count.black.total);
            score.white = Some(counted.count.white.total);
            score.margin = Some(counted.count.margin);
            score.scored = true;
            score.dead_source = counted.dead.source;
            score.dead_stones = counted
                .dead
                .stones
                .iter()
                .map(|p| p.to_d4(height))
                .collect();
            score.breakdown = Some(counted.count);
        }
        score
    }
}

impl GameReport {
    /// A report for a file or game that could not be read.
    pub fn unreadable(file: &str, game: usize, rules: String, error: CheckError) -> GameReport {
        GameReport {
            file: file.to_string(),
            game,
            rules,
            rules_origin: RulesOrigin::Default,
            size: None,
            komi: None,
            handicap: None,
            black: None,
            white: None,
            moves: None,
            recorded_result: None,
            valid: false,
            illegal_count: 0,
            findings: Vec::new(),
            warnings: Vec::new(),
            error: Some(error),
            score: None,
        }
    }

    /// The report of `record` before it is replayed: what the record says, under the rule
    /// set `resolved`, with the loader's warnings.
    pub fn of_record(file: &str, record: &GameRecord, resolved: &Resolved) -> GameReport {
        let mut warnings: Vec<Warning> =
            record.warnings.iter().cloned().map(Warning::Load).collect();
        if let Some(ru) = &resolved.unrecognised_ru {
            warnings.push(Warning::UnrecognisedRules {
                ru: ru.clone(),
                used: DEFAULT_PRESET.to_string(),
            });
        }
        let handicap = record.handicap_stones();
        let (komi, _) = score::komi(&resolved.rules, record.komi, handicap, resolved.komi_chosen);
        let size = if record.width == record.height {
            record.width.to_string()
        } else {
            format!("{}x{}", record.width, record.height)
        };
        GameReport {
            file: file.to_string(),
            game: record.index + 1,
            rules: resolved.rules.name.clone(),
            rules_origin: resolved.origin,
            size: Some(size),
            komi: Some(komi),
            handicap: Some(handicap),
            black: record.black.clone(),
            white: record.white.clone(),
            moves: Some(record.moves.len()),
            recorded_result: record.result.clone(),
            valid: false,
            illegal_count: 0,
            findings: Vec::new(),
            warnings,
            error: None,
            score: None,
        }
    }

    /// Add the count: `score`, and a `result-mismatch` finding when the result goref
    /// reached disagrees with `RE` (the one place such a finding is made). `rules` names
    /// the rule set in the finding's sentence.
    pub fn add_score(&mut self, score: ScoreReport, rules: &str) {
        if score.result_matches == Some(false) {
            let re = self.recorded_result.as_deref().unwrap_or_default();
            self.findings.push(FindingReport {
                kind: FindingKind::ResultMismatch,
                severity: Severity::Warning,
                move_number: None,
                node: Some(0),
                color: None,
                point: None,
                sgf: None,
                detail: format!(
                    "RE[{re}] but goref's result under {rules} is {}",
                    score.result
                ),
                consequence: Consequence::None,
            });
        }
        self.score = Some(score);
    }

    /// The loader's warning that it kept only the nodes before damage in the record: the
    /// game was judged on what could be read.
    pub fn truncated(&self) -> Option<&LoadWarning> {
        self.warnings.iter().find_map(Warning::truncation)
    }

    /// The recorded result disagrees with goref's.
    pub fn result_mismatch(&self) -> bool {
        self.score.as_ref().and_then(|s| s.result_matches) == Some(false)
    }
}

/// A list serialised as the sentences its items' `Display` gives.
fn sentences<S: Serializer, T: std::fmt::Display>(
    items: &[T],
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.collect_seq(items.iter().map(ToString::to_string))
}

/// An optional item serialised as the sentence its `Display` gives, or `null`.
fn sentence<S: Serializer, T: std::fmt::Display>(
    item: &Option<T>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    match item {
        Some(item) => serializer.collect_str(item),
        None => serializer.serialize_none(),
    }
}
