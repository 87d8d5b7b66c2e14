//! Results as data: the serialisable reports every output format is written from, and
//! the glue that turns a file's bytes into one report per game.
//!
//! Field names here are the contract of DESIGN.md: JSON keys and CSV columns use exactly
//! these names, and every key is always present (`null` when there is nothing to say),
//! so columns never depend on the data.

use serde::Serialize;

use crate::board::{Color, Point};
use crate::replay::{self, Consequence, Finding, FindingKind, Severity};
use crate::rules::{KoRule, RuleSet, Suicide};
use crate::sgf::{self, GameRecord};

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

/// Where the rule set of a game came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum RulesOrigin {
    /// `--rules` on the command line.
    Option,
    /// The record's `RU`.
    Record,
    /// Neither: the default preset.
    Default,
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
    /// Komi as recorded (after server normalisation).
    pub komi: Option<f64>,
    pub handicap: Option<u32>,
    pub black: Option<String>,
    pub white: Option<String>,
    pub moves: Option<usize>,
    pub recorded_result: Option<String>,
    /// No illegal finding, and the game could be read.
    pub valid: bool,
    /// Illegal findings, including any past the listing limit.
    pub illegal_count: usize,
    pub findings: Vec<FindingReport>,
    /// Things the loader could not use or normalised, and the rule choice when `RU` was
    /// not understood. Never affect validity.
    pub warnings: Vec<String>,
    /// Why the game (or the whole file) could not be read.
    pub error: Option<String>,
    /// The count, for `goref score` and `goref batch` (absent from `validate`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<ScoreReport>,
}

/// A game's count under one rule set (DESIGN.md's `score` object). Filled in by
/// `score_game`; the field names are the JSON keys and, prefixed where DESIGN.md says so,
/// the CSV columns (`black_score`, `white_score`, `margin`, `result`, `dead_source`,
/// `result_matches`).
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
    /// Whether goref counted the board (false when resignation, time or forfeit ended it).
    pub scored: bool,
    pub dead_source: crate::life::DeadSource,
    /// Dead stones, `D4` form.
    pub dead_stones: Vec<String>,
    /// `RE` agrees with `result` (null when there is no `RE` or it cannot be compared).
    pub result_matches: Option<bool>,
    /// The count in detail, for people and for checking: filled in by the scoring work.
    pub breakdown: serde_json::Value,
    /// Sentences saying how goref counted (pass stones applied, unresolved stones...).
    pub notes: Vec<String>,
}

impl GameReport {
    /// A report for a file or game that could not be read.
    pub fn unreadable(file: &str, game: usize, rules: String, error: String) -> GameReport {
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
}

/// What the user asked for: a preset (or none, to follow each record's `RU`) and the
/// knobs to override on whatever preset applies.
#[derive(Debug, Clone, Default)]
pub struct RulesChoice {
    pub preset: Option<RuleSet>,
    pub ko: Option<KoRule>,
    pub suicide: Option<Suicide>,
    pub komi: Option<f64>,
}

pub use crate::rules::DEFAULT_PRESET;

impl RulesChoice {
    /// The rule set for `record`: the chosen preset, else the record's `RU` when goref
    /// recognises it, else [`DEFAULT_PRESET`]; then the overrides. The third value is a
    /// warning to show when `RU` was present but not understood.
    pub fn resolve(&self, record: &GameRecord) -> (RuleSet, RulesOrigin, Option<String>) {
        let (base, origin, warning) = match &self.preset {
            Some(preset) => (preset.clone(), RulesOrigin::Option, None),
            None => match record.rules.as_deref().map(str::trim) {
                Some(ru) if !ru.is_empty() => match RuleSet::from_ru(ru) {
                    Some(rules) => (rules, RulesOrigin::Record, None),
                    None => (
                        RuleSet::default(),
                        RulesOrigin::Default,
                        Some(format!(
                            "RU[{ru}] is not a rule set goref knows; using {DEFAULT_PRESET} (choose one with --rules)"
                        )),
                    ),
                },
                _ => (RuleSet::default(), RulesOrigin::Default, None),
            },
        };
        (self.apply_overrides(base), origin, warning)
    }

    fn apply_overrides(&self, mut rules: RuleSet) -> RuleSet {
        if let Some(ko) = self.ko {
            rules = rules.with_ko(ko);
        }
        if let Some(suicide) = self.suicide {
            rules = rules.with_suicide(suicide);
        }
        if let Some(komi) = self.komi {
            rules = rules.with_komi(komi);
        }
        rules
    }
}

/// Validate one loaded game.
pub fn validate_game(file: &str, record: &GameRecord, choice: &RulesChoice) -> GameReport {
    let (rules, origin, rules_warning) = choice.resolve(record);
    let mut warnings: Vec<String> = record
        .warnings
        .iter()
        .map(|w| match w.node {
            Some(node) => format!("node {node}: {}", w.message),
            None => w.message.clone(),
        })
        .collect();
    warnings.extend(rules_warning);
    let size = if record.width == record.height {
        record.width.to_string()
    } else {
        format!("{}x{}", record.width, record.height)
    };
    let mut report = GameReport {
        file: file.to_string(),
        game: record.index + 1,
        rules: rules.name.clone(),
        rules_origin: origin,
        size: Some(size),
        komi: record.komi,
        handicap: Some(record.handicap),
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
    };
    match replay::replay(record, &rules) {
        Ok(replay) => {
            report.valid = replay.is_valid();
            // A record that names no rule set cannot disagree with one: komi and size
            // are only checked against a rule set the user or the record chose.
            let unclaimed = |f: &&Finding| {
                origin == RulesOrigin::Default
                    && matches!(
                        f.kind,
                        FindingKind::KomiMismatch | FindingKind::SizeMismatch
                    )
            };
            report.illegal_count = replay.illegal_count;
            if replay.findings_not_listed > 0 {
                report.warnings.push(format!(
                    "{} findings are listed; {} more were counted but not listed",
                    replay.findings.len(),
                    replay.findings_not_listed
                ));
            }
            report.findings = replay
                .findings
                .iter()
                .filter(|f| !unclaimed(f))
                .map(|f| FindingReport::new(f, record.height))
                .collect();
        }
        Err(e) => report.error = Some(e.to_string()),
    }
    report
}

/// Load and validate every game of a file. A file that cannot be read at all gives one
/// report with `error` set; a game that cannot be read gives its own.
pub fn validate_bytes(file: &str, bytes: &[u8], choice: &RulesChoice) -> Vec<GameReport> {
    let fallback_rules = || {
        choice
            .preset
            .as_ref()
            .map_or_else(|| DEFAULT_PRESET.to_string(), ToString::to_string)
    };
    match sgf::load(bytes) {
        Err(e) => vec![GameReport::unreadable(
            file,
            0,
            fallback_rules(),
            e.to_string(),
        )],
        Ok(games) => games
            .into_iter()
            .enumerate()
            .map(|(i, game)| match game {
                Ok(record) => validate_game(file, &record, choice),
                Err(e) => GameReport::unreadable(file, i + 1, fallback_rules(), e.to_string()),
            })
            .collect(),
    }
}

/// Validate and count one loaded game under `choice`, with dead stones per `dead`.
/// The report's `score` is filled in (INTERFACE SKELETON: the scoring work fills the body;
/// until then `score` stays `None`).
pub fn score_game(
    file: &str,
    record: &GameRecord,
    choice: &RulesChoice,
    dead: &crate::life::DeadSpec,
) -> GameReport {
    let _ = dead;
    validate_game(file, record, choice)
}

/// Load a file and count every game under every rule choice: one report per (game, rule
/// choice), games in file order, choices in the given order within a game. A file that
/// cannot be read gives one report per choice with `error` set.
pub fn score_bytes(
    file: &str,
    bytes: &[u8],
    choices: &[RulesChoice],
    dead: &crate::life::DeadSpec,
) -> Vec<GameReport> {
    let name_of = |choice: &RulesChoice| {
        choice
            .preset
            .as_ref()
            .map_or_else(|| DEFAULT_PRESET.to_string(), |r| r.name.clone())
    };
    match sgf::load(bytes) {
        Err(e) => choices
            .iter()
            .map(|c| GameReport::unreadable(file, 0, name_of(c), e.to_string()))
            .collect(),
        Ok(games) => {
            let mut out = Vec::with_capacity(games.len() * choices.len());
            for (i, game) in games.into_iter().enumerate() {
                for choice in choices {
                    out.push(match &game {
                        Ok(record) => score_game(file, record, choice, dead),
                        Err(e) => {
                            GameReport::unreadable(file, i + 1, name_of(choice), e.to_string())
                        }
                    });
                }
            }
            out
        }
    }
}
