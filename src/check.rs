//! Checking a file: load it, then validate or score each game, in game order, in
//! parallel. This is where the library spreads work over threads: the games of a
//! collection go to rayon's pool (each game is independent) and come back in game order,
//! so the output never depends on scheduling.

use std::borrow::Cow;

use rayon::prelude::*;

use crate::adjudicate;
use crate::life::{DeadChoice, EngineDead};
use crate::replay::{self, Finding, FindingKind, Replay};
use crate::report::{CheckError, FindingReport, GameReport, ScoreReport, Warning};
use crate::rules::{RuleSet, RulesChoice, RulesOrigin};
use crate::sgf::{self, GameError, GameRecord, Limits};

/// Load and validate every game of a file. A file that cannot be read at all gives one
/// report with `error` set; a game that cannot be read gives its own.
pub fn validate_bytes(file: &str, bytes: &[u8], choice: &RulesChoice) -> Vec<GameReport> {
    let unreadable = |game: usize, error: CheckError| {
        vec![GameReport::unreadable(file, game, choice.name(), error)]
    };
    match sgf::load(bytes) {
        Err(e) => unreadable(0, e.into()),
        Ok(games) => in_order(&games, |i, game| match game {
            Ok(record) => vec![validate_game(file, record, choice)],
            Err(e) => unreadable(i + 1, e.clone().into()),
        }),
    }
}

/// Load a file under `limits` and count every game under every rule choice, with dead
/// stones as `dead` says: one report per (game, rule choice), games in file order,
/// choices in the given order within a game. A file that cannot be read gives one report
/// per choice with `error` set. Once [`Limits::max_time`] has passed, every game not yet
/// checked gets a report with the [`TimedOut`](GameError::TimedOut) error, so each game
/// is still accounted for.
pub fn score_bytes(
    file: &str,
    bytes: &[u8],
    choices: &[RulesChoice],
    dead: &DeadChoice,
    limits: &Limits,
) -> Vec<GameReport> {
    score_bytes_keeping(file, bytes, choices, dead, limits).0
}

/// The games of a file as loaded.
pub type Loaded = Vec<Result<GameRecord, GameError>>;

/// [`score_bytes`], handing back the games it loaded as well, for a caller that needs the
/// records too (an annotated copy), so that it need not load them again. `None` when the
/// file could not be read, or when its time ran out: the games may then not be all of
/// them.
pub fn score_bytes_keeping(
    file: &str,
    bytes: &[u8],
    choices: &[RulesChoice],
    dead: &DeadChoice,
    limits: &Limits,
) -> (Vec<GameReport>, Option<Loaded>) {
    let deadline = sgf::Deadline::start(limits);
    let unreadable = |game: usize, error: CheckError| unreadable_rows(file, game, choices, &error);
    match sgf::load_until(bytes, limits, &deadline) {
        Err(e) => (unreadable(0, e.into()), None),
        Ok(games) => {
            let reports = in_order(&games, |i, game| match game {
                Ok(_) if deadline.passed() => unreadable(i + 1, deadline.error(i).into()),
                Ok(record) => {
                    let komi = choices.first().and_then(|c| c.komi);
                    let dead = ask_engine(record, komi, dead);
                    let reports = choices
                        .iter()
                        .map(|choice| score_game(file, record, choice, &dead))
                        .collect();
                    deadline.spend(record.moves.len());
                    reports
                }
                Err(e) => unreadable(i + 1, e.clone().into()),
            });
            let kept = (!deadline.passed()).then_some(games);
            (reports, kept)
        }
    }
}

/// One [`GameReport::unreadable`] per rule choice, in the given order: what a file (game
/// 0) or game that cannot be read gives wherever each game gets a report per rule set.
pub fn unreadable_rows(
    file: &str,
    game: usize,
    choices: &[RulesChoice],
    error: &CheckError,
) -> Vec<GameReport> {
    choices
        .iter()
        .map(|c| GameReport::unreadable(file, game, c.name(), error.clone()))
        .collect()
}

/// Validate one loaded game.
pub fn validate_game(file: &str, record: &GameRecord, choice: &RulesChoice) -> GameReport {
    validate_replay(file, record, choice).0
}

/// Validate and count one loaded game under `choice`, with dead stones as `dead` says.
/// The report's `score` is filled in; a result that disagrees with `RE` adds a
/// `result-mismatch` finding.
pub fn score_game(
    file: &str,
    record: &GameRecord,
    choice: &RulesChoice,
    dead: &DeadChoice,
) -> GameReport {
    let (mut report, replayed) = validate_replay(file, record, choice);
    let Some((replay, rules)) = replayed else {
        return report;
    };
    let dead = ask_engine(record, choice.komi, dead);
    match adjudicate::adjudicate(record, &replay, &rules, choice.komi.is_some(), &dead) {
        Ok(adjudication) => {
            report.add_score(ScoreReport::new(adjudication, record.height), &rules.name)
        }
        Err(e) => report.error = Some(e.into()),
    }
    report
}

/// With `--dead engine` ([`EngineDead::Ask`]), the engine's answer for `record` (asked
/// once, with `komi` when given, else the record's): what every rule set then counts
/// with. A game whose `RE` rules out a count is not asked about. Any other choice as it
/// is. A front end that draws the game as well as counting it asks here once and passes
/// the answer on.
pub fn ask_engine<'d>(
    record: &GameRecord,
    komi: Option<f64>,
    dead: &'d DeadChoice,
) -> Cow<'d, DeadChoice> {
    match dead {
        DeadChoice::Engine(EngineDead::Ask(pool)) if adjudicate::may_be_counted(record) => {
            let answer = match pool.dead_stones(record, komi.or(record.komi)) {
                Ok(points) => EngineDead::Said(points),
                Err(e) => EngineDead::Failed(e),
            };
            Cow::Owned(DeadChoice::Engine(answer))
        }
        _ => Cow::Borrowed(dead),
    }
}

/// Validate one loaded game, keeping the replay and the rule set for counting.
fn validate_replay(
    file: &str,
    record: &GameRecord,
    choice: &RulesChoice,
) -> (GameReport, Option<(Replay, RuleSet)>) {
    let resolved = choice.resolve(record);
    let mut report = GameReport::of_record(file, record, &resolved);
    match replay::replay(record, &resolved.rules) {
        Ok(replay) => {
            report.valid = replay.is_valid();
            report.illegal_count = replay.illegal_count;
            if replay.findings_not_listed > 0 {
                report.warnings.push(Warning::FindingsNotListed {
                    listed: replay.findings.len(),
                    more: replay.findings_not_listed,
                });
            }
            // A record that names no rule set cannot disagree with one: komi and size
            // are only checked against a rule set the user or the record chose (not
            // the default, nor the rules of the server its PC names).
            let unclaimed = |f: &&Finding| {
                matches!(resolved.origin, RulesOrigin::Default | RulesOrigin::Place)
                    && matches!(
                        f.kind,
                        FindingKind::KomiMismatch | FindingKind::SizeMismatch
                    )
            };
            report.findings = replay
                .findings
                .iter()
                .filter(|f| !unclaimed(f))
                .map(|f| FindingReport::new(f, record.height))
                .collect();
            (report, Some((replay, resolved.rules)))
        }
        Err(e) => {
            report.error = Some(e.into());
            (report, None)
        }
    }
}

/// Apply `work` to every game of a file and concatenate the reports in game order. A
/// collection of several games is spread over rayon's pool; a single game is done on the
/// calling thread.
fn in_order<F>(games: &[Result<GameRecord, GameError>], work: F) -> Vec<GameReport>
where
    F: Fn(usize, &Result<GameRecord, GameError>) -> Vec<GameReport> + Sync,
{
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
