//! The output schema: the serialisable report of one game that every output format
//! (text, JSON, CSV, JSON Lines) is written from.
//!
//! Field names here are the contract of docs/formats.md: JSON keys and CSV columns use
//! exactly these names, and every key is always present (`null` when there is nothing to
//! say), so columns never depend on the data. Warnings, errors and notes stay typed
//! ([`Warning`], [`CheckError`], [`Note`]) so a writer can word them for its reader; they
//! serialise as the sentences their `Display` gives.

use serde::{Serialize, Serializer};

use crate::adjudicate::{Adjudication, Agreement, DecidedBy, Note, Uncertain};
use crate::board::Color;
use crate::life::estimate::{Basis, DoubtReason, Group, Status};
use crate::life::settle::Unsettled;
use crate::life::{DeadSource, DeadStonesError};
use crate::point::Point;
use crate::replay::{Consequence, Finding, FindingKind, ReplayError, Severity};
use crate::rules::{DEFAULT_PRESET, Resolved, RulesOrigin};
use crate::score::marks::TerritoryMismatch;
use crate::score::{self, Count, NotTerritory};
use crate::sgf::{self, GameRecord, LoadError, LoadWarning, WarningKind};
use crate::words::{format_points, plural};

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
    /// Where the record's TB/TW marks differ from the count's territory: becomes a
    /// `territory-mismatch` finding in [`GameReport::add_score`].
    #[serde(skip)]
    pub territory_mismatch: Option<TerritoryMismatch>,
    /// The groups the estimate is unsure of; each becomes an `uncertain-status` finding.
    #[serde(skip)]
    pub uncertain: Vec<UncertainGroup>,
    /// What cannot stand in the position as counted; each becomes an `unsettled`
    /// finding.
    #[serde(skip)]
    pub unsettled: Vec<UnsettledReport>,
}

/// Something in the counted position that cannot stand as given, as the `unsettled`
/// finding tells it.
#[derive(Debug, Clone, PartialEq)]
pub struct UnsettledReport {
    /// The kind's stable name (`alive-can-be-captured`...).
    pub kind: &'static str,
    pub color: Option<Color>,
    /// The first stone, or the first point, `D4` and SGF form.
    pub point: Option<String>,
    pub sgf: Option<String>,
    /// One sentence.
    pub detail: String,
}

impl UnsettledReport {
    fn new(u: &Unsettled, height: u8) -> UnsettledReport {
        let first = u.stones.first().or(u.points.first());
        UnsettledReport {
            kind: u.kind.as_str(),
            color: u.color,
            point: first.map(|p| p.to_d4(height)),
            sgf: first.map(|p| p.to_sgf()),
            detail: format!("{}: {}", u.kind.as_str(), u.describe(height)),
        }
    }
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

impl NotTerritoryReport {
    pub fn new(n: &NotTerritory, height: u8) -> NotTerritoryReport {
        NotTerritoryReport {
            point: n.point().to_d4(height),
            sgf: n.point().to_sgf(),
            color: n.color(),
            reason: n.reason(),
            detail: n.describe(height),
        }
    }
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
    pub stones: Vec<String>,
}

impl GroupReport {
    fn new(g: &Group, height: u8) -> GroupReport {
        GroupReport {
            color: g.color,
            status: g.status,
            basis: g.basis,
            confidence: (g.confidence * 100.0).round() / 100.0,
            uncertain: g.doubt.is_some(),
            stones: g.stones.iter().map(|p| p.to_d4(height)).collect(),
        }
    }
}

/// A group whose status the estimate cannot decide safely, as the `uncertain-status`
/// finding tells it.
#[derive(Debug, Clone, PartialEq)]
pub struct UncertainGroup {
    pub color: Color,
    pub status: Status,
    /// The share of the estimate's evidence for `status`, 0.5 to 1.
    pub confidence: f64,
    pub reason: DoubtReason,
    /// Its stones, `D4` form, in reading order.
    pub stones: Vec<String>,
    /// Its stones and the empty points whose owner changes with its status, `D4` form.
    pub points: Vec<String>,
    /// The first stone, SGF form.
    pub sgf: String,
    /// How many points of the result (the margin) depend on its status.
    pub at_stake: f64,
}

impl UncertainGroup {
    fn new(u: &Uncertain, height: u8) -> UncertainGroup {
        let g = &u.group;
        let d4 = |points: &[Point]| points.iter().map(|p| p.to_d4(height)).collect();
        UncertainGroup {
            color: g.color,
            status: g.status,
            confidence: g.confidence,
            reason: g.doubt.as_ref().map_or(DoubtReason::NearEven, |d| d.reason),
            stones: d4(&g.stones),
            points: g
                .doubt
                .as_ref()
                .map_or_else(|| d4(&g.stones), |d| d4(&d.points)),
            sgf: g.stones.first().map(|p| p.to_sgf()).unwrap_or_default(),
            at_stake: u.swing.abs(),
        }
    }

    /// The finding's sentence.
    fn detail(&self) -> String {
        let first = self.stones.first().map_or("", String::as_str);
        let n = self.stones.len();
        let status = match self.status {
            Status::Alive => "alive",
            Status::Dead => "dead",
            Status::Seki => "alive in seki",
        };
        let why = match self.reason {
            DoubtReason::NearEven => "the playouts are close to even",
            DoubtReason::WhoMoves => "it lives or dies as the side to move first chooses",
        };
        format!(
            "the estimate counts the {} group at {first} ({n} stone{}) as {status} with {:.0}% \
             confidence, but {why}: {} of the result {} on it ({})",
            self.color.name(),
            plural(n),
            self.confidence * 100.0,
            if self.at_stake == 1.0 {
                "1 point".to_string()
            } else {
                format!("{} points", format_points(self.at_stake))
            },
            if self.at_stake == 1.0 {
                "depends"
            } else {
                "depend"
            },
            self.points.join(" ")
        )
    }
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
            estimate: None,
            result_matches,
            breakdown: None,
            notes,
            not_territory: Vec::new(),
            territory_mismatch: None,
            uncertain: Vec::new(),
            unsettled: Vec::new(),
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
            score.not_territory = counted
                .count
                .not_territory
                .iter()
                .map(|n| NotTerritoryReport::new(n, height))
                .collect();
            score.territory_mismatch = counted.territory_mismatch;
            if counted.dead.source == DeadSource::Estimate {
                score.estimate = Some(
                    counted
                        .dead
                        .groups
                        .iter()
                        .map(|g| GroupReport::new(g, height))
                        .collect(),
                );
            }
            // What an `uncertain-status` finding already puts in doubt is not said twice:
            // an unsettled finding that takes in a group the estimate is unsure of, or
            // the area that changes with it, is left out.
            let doubted: std::collections::HashSet<Point> = counted
                .uncertain
                .iter()
                .flat_map(|u| u.group.doubt.iter().flat_map(|d| &d.points))
                .copied()
                .collect();
            score.unsettled = counted
                .count
                .unsettled
                .iter()
                .filter(|u| {
                    !u.stones
                        .iter()
                        .chain(&u.points)
                        .any(|p| doubted.contains(p))
                })
                .map(|u| UnsettledReport::new(u, height))
                .collect();
            score.breakdown = Some(counted.count);
            score.uncertain = counted
                .uncertain
                .iter()
                .map(|u| UncertainGroup::new(u, height))
                .collect();
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

    /// Add the count: `score`, a `territory-mismatch` finding when the record's TB/TW
    /// marks differ from the count's territory, a `result-mismatch` finding when the
    /// result goref reached disagrees with `RE`, and an `uncertain-status` finding for
    /// each group the estimate is unsure of (the one place such findings are made).
    /// `rules` names the rule set in the findings' sentences.
    pub fn add_score(&mut self, mut score: ScoreReport, rules: &str) {
        if let Some(mismatch) = score.territory_mismatch.take() {
            let first = mismatch.differences.first().map(|d| d.point);
            self.findings.push(FindingReport {
                kind: FindingKind::TerritoryMismatch,
                severity: Severity::Warning,
                move_number: None,
                node: Some(mismatch.node),
                color: None,
                point: first.map(|p| p.to_d4(mismatch.height)),
                sgf: first.map(Point::to_sgf),
                detail: mismatch.describe(rules),
                consequence: Consequence::None,
            });
        }
        for u in &score.uncertain {
            self.findings.push(FindingReport {
                kind: FindingKind::UncertainStatus,
                severity: Severity::Warning,
                move_number: None,
                node: None,
                color: Some(u.color),
                point: u.stones.first().cloned(),
                sgf: Some(u.sgf.clone()),
                detail: u.detail(),
                consequence: Consequence::None,
            });
        }
        for u in &score.unsettled {
            self.findings.push(FindingReport {
                kind: FindingKind::Unsettled,
                severity: Severity::Warning,
                move_number: None,
                node: None,
                color: u.color,
                point: u.point.clone(),
                sgf: u.sgf.clone(),
                detail: u.detail.clone(),
                consequence: Consequence::None,
            });
        }
        if score.result_matches == Some(Agreement::Disagrees) {
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
        self.score.as_ref().and_then(|s| s.result_matches) == Some(Agreement::Disagrees)
    }

    /// Groups goref's estimate is unsure of could change the winner.
    pub fn result_uncertain(&self) -> bool {
        self.score.as_ref().and_then(|s| s.result_matches) == Some(Agreement::Uncertain)
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
