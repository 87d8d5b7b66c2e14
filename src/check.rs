//! Checking a file: load it, then judge each game under every rule choice
//! ([`crate::judge`]), in game order, in parallel. The [`CheckedFile`] holds each game as
//! loaded and judged; its rows, its annotated copy and the pictures of its games are
//! views of it. This is where the library spreads work over threads: the games of a
//! collection go to rayon's pool (each game is independent) and come back in game order,
//! so the output never depends on scheduling.

use rayon::prelude::*;

use crate::judge::{self, DeadPlan, Judged};
use crate::life::DeadChoice;
use crate::report::{CheckError, GameReport};
use crate::rules::RulesChoice;
use crate::sgf::{self, GameError, GameRecord, Limits};

/// A file checked: each game as loaded, judged under every rule choice. Its rows, the
/// annotated copy and any picture of its games are views of it.
#[derive(Debug)]
pub struct CheckedFile {
    /// The file as named on the command line (`-` for standard input).
    pub file: String,
    /// The printed name of each rule choice, for the rows of what could not be read.
    rules: Vec<String>,
    /// The games, in file order; the error when the file could not be read at all.
    pub games: Result<Vec<CheckedGame>, CheckError>,
    /// Every game was loaded and checked before the time ran out: `games` holds the
    /// whole file.
    pub complete: bool,
}

/// One game of a file: as loaded, and judged under each rule choice in order.
#[derive(Debug)]
pub enum CheckedGame {
    Judged {
        record: GameRecord,
        /// One per rule choice, in the given order.
        under: Vec<Judged>,
    },
    /// The game could not be read, or the time ran out before it was judged.
    NotJudged {
        record: Result<GameRecord, GameError>,
        error: CheckError,
    },
}

impl CheckedGame {
    /// The game as loaded.
    pub fn record(&self) -> Result<&GameRecord, &GameError> {
        match self {
            CheckedGame::Judged { record, .. } => Ok(record),
            CheckedGame::NotJudged { record, .. } => record.as_ref(),
        }
    }
}

impl CheckedFile {
    /// Replay every side line of every game judged, under each game's rule sets, in
    /// parallel like the games themselves: each [`Judged::variations`] is then filled.
    pub fn replay_variations(&mut self) {
        let Ok(games) = &mut self.games else { return };
        games.par_iter_mut().for_each(|game| {
            if let CheckedGame::Judged { record, under } = game {
                for judged in under.iter_mut() {
                    judged.variations = Some(crate::replay::replay_variations(
                        record,
                        &judged.resolved.rules,
                    ));
                }
            }
        });
    }

    /// The rows of `goref score` and `goref batch`: one per (game, rule choice), games in
    /// file order, choices in the given order within a game. A file that cannot be read
    /// gives one row per choice with `error` set, and so does a game.
    pub fn rows(&self) -> Vec<GameReport> {
        self.rows_by(Judged::row)
    }

    /// The rows of `goref validate`: the same, without the count.
    pub fn validation_rows(&self) -> Vec<GameReport> {
        self.rows_by(Judged::validation_row)
    }

    fn rows_by(&self, row: fn(&Judged, &str, &GameRecord) -> GameReport) -> Vec<GameReport> {
        let games = match &self.games {
            Ok(games) => games,
            Err(error) => return unreadable_rows(&self.file, 0, &self.rules, error),
        };
        let mut rows = Vec::new();
        for (i, game) in games.iter().enumerate() {
            match game {
                CheckedGame::Judged { record, under } => {
                    rows.extend(under.iter().map(|j| row(j, &self.file, record)));
                }
                CheckedGame::NotJudged { error, .. } => {
                    rows.extend(unreadable_rows(&self.file, i + 1, &self.rules, error));
                }
            }
        }
        rows
    }

    /// The judged game behind each row of [`CheckedFile::rows`], in the same order:
    /// `None` for a row of what could not be read.
    pub fn judged_rows(&self) -> Vec<Option<(&GameRecord, &Judged)>> {
        let games = match &self.games {
            Ok(games) => games,
            Err(_) => return vec![None; self.rules.len()],
        };
        let mut out = Vec::new();
        for game in games {
            match game {
                CheckedGame::Judged { record, under } => {
                    out.extend(under.iter().map(|j| Some((record, j))));
                }
                CheckedGame::NotJudged { .. } => {
                    out.extend(std::iter::repeat_n(None, self.rules.len()));
                }
            }
        }
        out
    }
}

/// Load and validate every game of a file. A file that cannot be read at all gives one
/// report with `error` set; a game that cannot be read gives its own.
pub fn validate_bytes(file: &str, bytes: &[u8], choice: &RulesChoice) -> Vec<GameReport> {
    validate_file(file, bytes, choice).validation_rows()
}

/// Load a file and validate every game under `choice`, without counting.
pub fn validate_file(file: &str, bytes: &[u8], choice: &RulesChoice) -> CheckedFile {
    check_file(
        file,
        bytes,
        std::slice::from_ref(choice),
        &Limits::default(),
        |record| vec![judge::validate(record, choice)],
    )
}

/// Load a file under `limits` and count every game under every rule choice, with dead
/// stones as `dead` says: one report per (game, rule choice), as [`CheckedFile::rows`]
/// gives them.
pub fn score_bytes(
    file: &str,
    bytes: &[u8],
    choices: &[RulesChoice],
    dead: &DeadChoice,
    limits: &Limits,
) -> Vec<GameReport> {
    judge_file(file, bytes, choices, &dead.clone().into(), limits).rows()
}

/// Load a file under `limits` and judge every game under every rule choice, with dead
/// stones as `dead` says. Once [`Limits::max_time`] has passed, every game not yet
/// judged gets the [`TimedOut`](GameError::TimedOut) error, so each game is still
/// accounted for.
pub fn judge_file(
    file: &str,
    bytes: &[u8],
    choices: &[RulesChoice],
    dead: &DeadPlan,
    limits: &Limits,
) -> CheckedFile {
    check_file(file, bytes, choices, limits, |record| {
        judge::judge(record, choices, dead)
    })
}

/// Load a file under `limits` and apply `judge` to every game read, in game order,
/// spreading the games of a collection over rayon's pool.
fn check_file<F>(
    file: &str,
    bytes: &[u8],
    choices: &[RulesChoice],
    limits: &Limits,
    judge: F,
) -> CheckedFile
where
    F: Fn(&GameRecord) -> Vec<Judged> + Sync,
{
    let deadline = sgf::Deadline::start(limits);
    let mut checked = CheckedFile {
        file: file.to_string(),
        rules: choices.iter().map(RulesChoice::name).collect(),
        games: Err(CheckError::Read(String::new())),
        complete: false,
    };
    checked.games = match sgf::load_until(bytes, limits, &deadline) {
        Err(e) => Err(e.into()),
        Ok(games) => Ok(in_order(games, |i, record| match record {
            Ok(record) if deadline.passed() => CheckedGame::NotJudged {
                record: Ok(record),
                error: deadline.error(i).into(),
            },
            Ok(record) => {
                let under = judge(&record);
                deadline.spend(record.moves.len());
                CheckedGame::Judged { record, under }
            }
            Err(e) => CheckedGame::NotJudged {
                error: e.clone().into(),
                record: Err(e),
            },
        })),
    };
    checked.complete = checked.games.is_ok() && !deadline.passed();
    checked
}

/// One [`GameReport::unreadable`] per rule set named, in the given order: what a file
/// (game 0) or game that cannot be read gives wherever each game gets a report per rule
/// set.
pub fn unreadable_rows(
    file: &str,
    game: usize,
    rules: &[String],
    error: &CheckError,
) -> Vec<GameReport> {
    rules
        .iter()
        .map(|name| GameReport::unreadable(file, game, name.clone(), error.clone()))
        .collect()
}

/// Validate one loaded game.
pub fn validate_game(file: &str, record: &GameRecord, choice: &RulesChoice) -> GameReport {
    judge::validate(record, choice).validation_row(file, record)
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
    let judged = judge::judge(record, std::slice::from_ref(choice), &dead.clone().into());
    match judged.first() {
        Some(j) => j.row(file, record),
        None => validate_game(file, record, choice),
    }
}

/// Apply `work` to every game of a file, in game order. A collection of several games
/// is spread over rayon's pool; a single game is done on the calling thread.
fn in_order<F>(games: Vec<Result<GameRecord, GameError>>, work: F) -> Vec<CheckedGame>
where
    F: Fn(usize, Result<GameRecord, GameError>) -> CheckedGame + Sync,
{
    if games.len() < 2 {
        return games
            .into_iter()
            .enumerate()
            .map(|(i, g)| work(i, g))
            .collect();
    }
    // `collect` keeps the order of the games, so the output does not depend on how the
    // pool schedules them.
    games
        .into_par_iter()
        .enumerate()
        .map(|(i, g)| work(i, g))
        .collect()
}
