//! Results as data: the serialisable reports every output format is written from, and
//! the glue that turns a file's bytes into one report per game.
//!
//! Field names here are the contract of DESIGN.md: JSON keys and CSV columns use exactly
//! these names, and every key is always present (`null` when there is nothing to say),
//! so columns never depend on the data.

use serde::Serialize;

use crate::board::Color;
use crate::life::{self, DeadSource, DeadSpec};
use crate::point::{Point, PointName};
use crate::replay::{self, Consequence, Finding, FindingKind, Replay, Severity};
use crate::result::{GameResult, WinBy};
use crate::rules::{DeadStones as DeadRule, KoRule, RuleSet, Suicide};
use crate::score::{self, Count, GameFacts};
use crate::sgf::{self, Action, GameRecord};
use crate::words::plural;

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
    /// When the loader kept only the nodes before damage in the record (a `truncated`
    /// warning), that warning: the game was judged on what could be read. Also among
    /// `warnings`; kept apart so a batch can fail on it (`--fail-on truncated`).
    #[serde(skip)]
    pub truncated: Option<String>,
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
    /// The count in detail: every part of each side's total (`null` when the board was
    /// not counted).
    pub breakdown: Option<Count>,
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
            truncated: None,
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
    /// The rule set's printed name where no record says more: the chosen preset, else
    /// [`DEFAULT_PRESET`]. Rows for unreadable files and games carry it.
    pub fn name(&self) -> String {
        self.preset
            .as_ref()
            .map_or_else(|| DEFAULT_PRESET.to_string(), |r| r.name.clone())
    }

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
    validate_replay(file, record, choice).0
}

/// Validate one loaded game, keeping the replay and the rule set for counting.
fn validate_replay(
    file: &str,
    record: &GameRecord,
    choice: &RulesChoice,
) -> (GameReport, Option<Replay>, RuleSet) {
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
    let truncated = record
        .warnings
        .iter()
        .find(|w| w.kind == sgf::WarningKind::Truncated)
        .map(|w| w.message.clone());
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
        truncated,
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
            (report, Some(replay), rules)
        }
        Err(e) => {
            report.error = Some(e.to_string());
            (report, None, rules)
        }
    }
}

/// Load and validate every game of a file. A file that cannot be read at all gives one
/// report with `error` set; a game that cannot be read gives its own.
pub fn validate_bytes(file: &str, bytes: &[u8], choice: &RulesChoice) -> Vec<GameReport> {
    match sgf::load(bytes) {
        Err(e) => vec![GameReport::unreadable(
            file,
            0,
            choice.name(),
            e.to_string(),
        )],
        Ok(games) => in_order(&games, |i, game| match game {
            Ok(record) => vec![validate_game(file, record, choice)],
            Err(e) => vec![GameReport::unreadable(
                file,
                i + 1,
                choice.name(),
                e.to_string(),
            )],
        }),
    }
}

/// Apply `work` to every game of a file and concatenate the reports in game order. A
/// collection of several games is spread over rayon's pool (each game is independent);
/// a single game is done on the calling thread.
fn in_order<F>(games: &[Result<GameRecord, sgf::GameError>], work: F) -> Vec<GameReport>
where
    F: Fn(usize, &Result<GameRecord, sgf::GameError>) -> Vec<GameReport> + Sync,
{
    use rayon::prelude::*;
    if games.len() < 2 {
        return games
            .iter()
            .enumerate()
            .flat_map(|(i, g)| work(i, g))
            .collect();
    }
    // `collect` keeps the order of the games, so the output does not depend on how the
    // pool schedules them.
    games
        .par_iter()
        .enumerate()
        .flat_map_iter(|(i, g)| work(i, g))
        .collect()
}

/// What the user asked for with `--dead`: a [`DeadSpec`], or points named in `D4` or SGF
/// form, which become points only once each game's board height is known.
#[derive(Debug, Clone, PartialEq)]
pub enum DeadChoice {
    Spec(DeadSpec),
    /// `--dead D4,Q16` or `--dead dd,pp`: each point names its whole chain.
    Named(Vec<PointName>),
}

impl DeadChoice {
    /// Read `--dead`: `auto`, `markup`, `none`, or a comma-separated list of points in
    /// `D4` or SGF form. The error is a sentence naming the value.
    pub fn parse(text: &str) -> Result<DeadChoice, String> {
        match text.trim().to_ascii_lowercase().as_str() {
            "auto" => return Ok(DeadChoice::Spec(DeadSpec::Auto)),
            "markup" => return Ok(DeadChoice::Spec(DeadSpec::Markup)),
            "none" => return Ok(DeadChoice::Spec(DeadSpec::None)),
            _ => {}
        }
        let names = text
            .split(',')
            .filter(|t| !t.trim().is_empty())
            .map(PointName::parse)
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| e.to_string())?;
        if names.is_empty() {
            return Err("give auto, markup, none, or points such as D4,Q16 or dd,pp".to_string());
        }
        Ok(DeadChoice::Named(names))
    }

    /// The [`DeadSpec`] for a game on a `width` x `height` board.
    fn spec_for(&self, width: u8, height: u8) -> Result<DeadSpec, String> {
        match self {
            DeadChoice::Spec(spec) => Ok(spec.clone()),
            DeadChoice::Named(names) => names
                .iter()
                .map(|name| {
                    name.at(height)
                        .filter(|p| p.x < width)
                        .ok_or_else(|| format!("--dead {name}: not on this {width}x{height} board"))
                })
                .collect::<Result<Vec<Point>, String>>()
                .map(DeadSpec::Points),
        }
    }
}

/// Validate and count one loaded game under `choice`, with dead stones per `dead`. The
/// report's `score` is filled in; a result that disagrees with `RE` adds a
/// `result-mismatch` finding.
pub fn score_game(
    file: &str,
    record: &GameRecord,
    choice: &RulesChoice,
    dead: &DeadSpec,
) -> GameReport {
    score_game_with(file, record, choice, &DeadChoice::Spec(dead.clone()))
}

/// [`score_game`] with dead stones as the user named them (`D4` names need the board).
pub fn score_game_with(
    file: &str,
    record: &GameRecord,
    choice: &RulesChoice,
    dead: &DeadChoice,
) -> GameReport {
    let (mut report, replay, rules) = validate_replay(file, record, choice);
    let Some(replay) = replay else {
        return report;
    };
    let recorded = record.result.as_deref().map(GameResult::parse);
    let mut notes = Vec::new();
    let not_counted = |result: &GameResult, notes: Vec<String>| ScoreReport {
        black: None,
        white: None,
        margin: None,
        result: result.to_string(),
        scored: false,
        dead_source: DeadSource::None,
        dead_stones: Vec::new(),
        result_matches: None,
        breakdown: None,
        notes,
    };

    // Whether goref reached its result on its own (a count, or the rule set's
    // consequence of a finding) and so can check RE, or kept the recorded one.
    let (mut score, basis, ours) = if let Some((loser, number)) = replay.loss {
        let why = replay
            .findings
            .iter()
            .find(|f| f.consequence == Consequence::Loss && f.move_number == Some(number))
            .map_or("a finding", |f| f.kind.as_str());
        notes.push(format!(
            "{} loses at move {number} under {} ({why}); the board was not counted",
            loser.name(),
            rules.name
        ));
        let result = GameResult::Win {
            winner: loser.opponent(),
            by: WinBy::Forfeit,
        };
        (not_counted(&result, notes), Basis::Own, result)
    } else if let Some(cycle) = replay.cycle {
        let (result, words) = if cycle == Consequence::Draw {
            (GameResult::Draw, "a draw")
        } else {
            (GameResult::Void, "no result")
        };
        notes.push(format!(
            "the game repeats endlessly, which {} ends as {words}; the board was not counted",
            rules.name
        ));
        (not_counted(&result, notes), Basis::Own, result)
    } else {
        match counting_reason(record, &replay, recorded.as_ref(), dead) {
            Err(kept) => {
                notes.push(match &kept {
                    Some(GameResult::Win { .. }) => {
                        "the game did not end by counting: the recorded result stands".to_string()
                    }
                    Some(r) if r.is_count() => {
                        "the game does not end with two passes and has no territory markup: not counted (name the dead stones with --dead to count the final position)"
                            .to_string()
                    }
                    _ => "the game did not end with two passes and RE claims no count: not counted"
                        .to_string(),
                });
                let kept = kept.unwrap_or(GameResult::Unknown);
                (not_counted(&kept, notes), Basis::Recorded, kept)
            }
            Ok(note) => {
                notes.extend(note);
                match count_game(record, &replay, &rules, choice, dead, notes) {
                    Ok((s, result)) => (s, Basis::Own, result),
                    Err(e) => {
                        report.error = Some(e);
                        return report;
                    }
                }
            }
        }
    };

    // A recorded result that was kept cannot disagree with itself: it stays `null`.
    if basis == Basis::Own
        && let (Some(recorded), Some(text)) = (&recorded, record.result.as_deref())
    {
        score.result_matches = score::compare(&ours, recorded, text);
    }
    if score.result_matches == Some(false) {
        let re = record.result.as_deref().unwrap_or_default();
        report.findings.push(FindingReport {
            kind: FindingKind::ResultMismatch,
            severity: Severity::Warning,
            move_number: None,
            node: Some(0),
            color: None,
            point: None,
            sgf: None,
            detail: format!(
                "RE[{re}] but goref's result under {} is {}",
                rules.name, score.result
            ),
            consequence: Consequence::None,
        });
    }
    report.score = Some(score);
    report
}

/// How a game's result was reached.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Basis {
    /// By goref: a count, or the rule set's consequence of a finding.
    Own,
    /// The record's result, kept (resignation, time, an unfinished game).
    Recorded,
}

/// Why the final position is counted (`Ok`, with a note when the reason is not two
/// final passes), or the result to keep when it is not (`Err`: the recorded result, if
/// any).
///
/// A game is counted when it ended with two passes, or when it carries territory markup
/// (the agreed final position). A record that claims a count (`B+3.5`) without the final
/// passes is counted only when the user said which stones are dead (`--dead` other than
/// `auto`): such records usually stop before the end, with dead stones and open
/// boundaries that `auto` cannot settle, and a count would only be noise.
fn counting_reason(
    record: &GameRecord,
    replay: &Replay,
    recorded: Option<&GameResult>,
    dead: &DeadChoice,
) -> Result<Option<String>, Option<GameResult>> {
    if let Some(GameResult::Win {
        by: WinBy::Resignation | WinBy::Time | WinBy::Forfeit | WinBy::Adjudicated,
        ..
    }) = recorded
    {
        return Err(recorded.cloned());
    }
    if replay.ended_by_passes {
        return Ok(None);
    }
    if record.territory.is_some() {
        return Ok(Some(
            "the record does not end with two passes; the final position is counted because it carries territory markup"
                .to_string(),
        ));
    }
    if recorded.is_some_and(GameResult::is_count) && *dead != DeadChoice::Spec(DeadSpec::Auto) {
        return Ok(Some(
            "the record does not end with two passes; the final position is counted because RE claims a count and --dead says which stones are dead"
                .to_string(),
        ));
    }
    Err(recorded.cloned())
}

/// Count the final position of a game that ended by counting.
fn count_game(
    record: &GameRecord,
    replay: &Replay,
    rules: &RuleSet,
    choice: &RulesChoice,
    dead: &DeadChoice,
    mut notes: Vec<String>,
) -> Result<(ScoreReport, GameResult), String> {
    let board = &replay.board;
    let height = board.height();
    let dead = if rules.dead_stones == DeadRule::AllAlive {
        if !matches!(
            dead,
            DeadChoice::Spec(DeadSpec::Auto) | DeadChoice::Spec(DeadSpec::None)
        ) {
            notes.push(format!(
                "{} counts every stone on the board as alive: --dead was not used",
                rules.name
            ));
        }
        life::DeadStones {
            source: DeadSource::None,
            stones: Vec::new(),
            unresolved: Vec::new(),
            notes: Vec::new(),
        }
    } else {
        let spec = dead.spec_for(board.width(), height)?;
        life::resolve_under(board, &spec, record.territory.as_ref(), rules.suicide)?
    };
    notes.extend(dead.notes.iter().cloned());
    if !dead.unresolved.is_empty() {
        let named: Vec<String> = dead
            .unresolved
            .iter()
            .take(10)
            .map(|p| p.to_d4(height))
            .collect();
        notes.push(format!(
            "{} stone{} whose status goref could not settle {} counted as alive ({}{})",
            dead.unresolved.len(),
            plural(dead.unresolved.len()),
            if dead.unresolved.len() == 1 {
                "is"
            } else {
                "are"
            },
            named.join(", "),
            if dead.unresolved.len() > 10 {
                ", ..."
            } else {
                ""
            }
        ));
    }

    let (komi, komi_source) =
        score::komi(rules, record.komi, record.handicap, choice.komi.is_some());
    let facts = GameFacts {
        handicap: record.handicap,
        komi,
        komi_source,
        passes: replay.passes,
        ended_by_passes: replay.ended_by_passes,
        last_mover: replay.last_mover,
        first_final_passer: replay.first_final_passer,
        first_passer: record
            .moves
            .iter()
            .find(|m| m.action == Action::Pass)
            .map(|m| m.color),
    };
    let count = score::count(board, &dead.stones, rules, &facts);
    let result = score::adjudicate(count.margin, rules);
    notes.extend(count.notes.iter().cloned());
    let report = ScoreReport {
        black: Some(count.black.total),
        white: Some(count.white.total),
        margin: Some(count.margin),
        result: result.to_string(),
        scored: true,
        dead_source: dead.source,
        dead_stones: dead.stones.iter().map(|p| p.to_d4(height)).collect(),
        result_matches: None,
        breakdown: Some(count),
        notes,
    };
    Ok((report, result))
}

/// Load a file and count every game under every rule choice: one report per (game, rule
/// choice), games in file order, choices in the given order within a game. A file that
/// cannot be read gives one report per choice with `error` set.
pub fn score_bytes(
    file: &str,
    bytes: &[u8],
    choices: &[RulesChoice],
    dead: &DeadSpec,
) -> Vec<GameReport> {
    score_bytes_with(file, bytes, choices, &DeadChoice::Spec(dead.clone()))
}

/// [`score_bytes`] with dead stones as the user named them (`--dead D4,Q16`).
pub fn score_bytes_with(
    file: &str,
    bytes: &[u8],
    choices: &[RulesChoice],
    dead: &DeadChoice,
) -> Vec<GameReport> {
    score_bytes_within(file, bytes, choices, dead, &sgf::Limits::default())
}

/// [`score_bytes_with`] under the given loader [`Limits`](sgf::Limits), time included: once
/// [`max_time`](sgf::Limits::max_time) has passed, every game not yet checked gets a report
/// with the [`TimedOut`](sgf::GameError::TimedOut) error, so each game is still accounted
/// for.
pub fn score_bytes_within(
    file: &str,
    bytes: &[u8],
    choices: &[RulesChoice],
    dead: &DeadChoice,
    limits: &sgf::Limits,
) -> Vec<GameReport> {
    let deadline = sgf::Deadline::start(limits);
    let unreadable = |game: usize, error: String| unreadable_rows(file, game, choices, &error);
    match sgf::load_until(bytes, limits, &deadline) {
        Err(e) => unreadable(0, e.to_string()),
        Ok(games) => in_order(&games, |i, game| match game {
            Ok(_) if deadline.passed() => unreadable(i + 1, deadline.error(i).to_string()),
            Ok(record) => choices
                .iter()
                .map(|choice| score_game_with(file, record, choice, dead))
                .collect(),
            Err(e) => unreadable(i + 1, e.to_string()),
        }),
    }
}

/// One [`GameReport::unreadable`] per rule choice, in the given order: what a file (game
/// 0) or game that cannot be read gives wherever each game gets a report per rule set.
pub fn unreadable_rows(
    file: &str,
    game: usize,
    choices: &[RulesChoice],
    error: &str,
) -> Vec<GameReport> {
    choices
        .iter()
        .map(|c| GameReport::unreadable(file, game, c.name(), error.to_string()))
        .collect()
}
