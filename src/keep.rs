//! Which games a collection should keep, for a user's criteria (`batch --keep`): each
//! criterion a game fails is one named reason to drop it ([`DropReason`]), so a training
//! pipeline can count and filter by reason. A game that cannot be read is always dropped
//! (`unreadable`), whatever the criteria.
//!
//! The verdict is a view of a judged game: it reads the row goref wrote for it and the
//! record as loaded, and never replays or counts again.

use crate::adjudicate::{Agreement, DecidedBy};
use crate::report::GameReport;
use crate::result::{GameResult, WinBy};
use crate::sgf::{Action, GameRecord};

/// Passes before this move are early for `no-early-passes` written without a number.
pub const EARLY_PASS_MOVES: usize = 50;

/// One criterion of `--keep`.
#[derive(Debug, Clone, PartialEq)]
pub enum Criterion {
    /// `valid`: no illegal move.
    Valid,
    /// `finished`: the game ends with two passes in a row, or by resignation, time or
    /// forfeit as `RE` says.
    Finished,
    /// `result-known`: `RE` names a winner or a draw.
    ResultKnown,
    /// `result-reproduced`: goref's result agrees with `RE`.
    ResultReproduced,
    /// `min-moves=N`.
    MinMoves(usize),
    /// `size=N` or `size=WxH`; several `size=` criteria allow any of their sizes.
    Size(u8, u8),
    /// `no-handicap`.
    NoHandicap,
    /// `komi=A..B` (inclusive; `komi=7.5` is `7.5..7.5`).
    Komi(f64, f64),
    /// `no-early-passes` or `no-early-passes=N`: no pass among the first N moves.
    NoEarlyPasses(usize),
    /// `ranks`: both `BR` and `WR` are recorded.
    Ranks,
}

/// Why a game is dropped: one name per reason, in docs/formats.md.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum DropReason {
    Unreadable,
    Illegal,
    NotFinished,
    ResultUnknown,
    ResultNotReproduced,
    TooShort,
    OtherSize,
    Handicap,
    KomiUnknown,
    KomiOutOfRange,
    EarlyPass,
    RanksMissing,
}

impl DropReason {
    /// Every reason, in the order outputs list them.
    pub const ALL: [DropReason; 12] = [
        DropReason::Unreadable,
        DropReason::Illegal,
        DropReason::NotFinished,
        DropReason::ResultUnknown,
        DropReason::ResultNotReproduced,
        DropReason::TooShort,
        DropReason::OtherSize,
        DropReason::Handicap,
        DropReason::KomiUnknown,
        DropReason::KomiOutOfRange,
        DropReason::EarlyPass,
        DropReason::RanksMissing,
    ];

    pub fn name(self) -> &'static str {
        match self {
            DropReason::Unreadable => "unreadable",
            DropReason::Illegal => "illegal",
            DropReason::NotFinished => "not-finished",
            DropReason::ResultUnknown => "result-unknown",
            DropReason::ResultNotReproduced => "result-not-reproduced",
            DropReason::TooShort => "too-short",
            DropReason::OtherSize => "other-size",
            DropReason::Handicap => "handicap",
            DropReason::KomiUnknown => "komi-unknown",
            DropReason::KomiOutOfRange => "komi-out-of-range",
            DropReason::EarlyPass => "early-pass",
            DropReason::RanksMissing => "ranks-missing",
        }
    }
}

/// A `--keep` list that cannot be read.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum KeepError {
    #[error(
        "`{0}` is not a criterion: write valid, finished, result-known, result-reproduced, \
         min-moves=N, size=N, no-handicap, komi=A..B, no-early-passes[=N] or ranks"
    )]
    Unknown(String),
    #[error("`{0}`: {1}")]
    BadValue(String, &'static str),
}

/// The criteria of one run.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Criteria(pub Vec<Criterion>);

impl Criteria {
    /// Read a comma-separated list (`valid,finished,min-moves=50,size=19,komi=5.5..7.5`).
    pub fn parse(text: &str) -> Result<Criteria, KeepError> {
        let mut list = Vec::new();
        for word in text.split(',').map(str::trim).filter(|w| !w.is_empty()) {
            let (name, value) = match word.split_once('=') {
                Some((n, v)) => (n.trim(), Some(v.trim())),
                None => (word, None),
            };
            let bad = |why| KeepError::BadValue(word.to_string(), why);
            let number = |why| -> Result<usize, KeepError> {
                value.and_then(|v| v.parse().ok()).ok_or_else(|| bad(why))
            };
            let criterion = match (name, value) {
                ("valid", None) => Criterion::Valid,
                ("finished", None) => Criterion::Finished,
                ("result-known", None) => Criterion::ResultKnown,
                ("result-reproduced", None) => Criterion::ResultReproduced,
                ("no-handicap", None) => Criterion::NoHandicap,
                ("ranks", None) => Criterion::Ranks,
                ("no-early-passes", None) => Criterion::NoEarlyPasses(EARLY_PASS_MOVES),
                ("no-early-passes", Some(_)) => {
                    Criterion::NoEarlyPasses(number("write a number of moves")?)
                }
                ("min-moves", _) => Criterion::MinMoves(number("write a number of moves")?),
                ("size", Some(v)) => {
                    let side =
                        |s: &str| s.trim().parse::<u8>().ok().filter(|n| (1..=25).contains(n));
                    let (w, h) = match v.split_once(['x', ':']) {
                        Some((w, h)) => (side(w), side(h)),
                        None => (side(v), side(v)),
                    };
                    match (w, h) {
                        (Some(w), Some(h)) => Criterion::Size(w, h),
                        _ => return Err(bad("write a side from 1 to 25, or WxH")),
                    }
                }
                ("komi", Some(v)) => {
                    let k = |s: &str| s.trim().parse::<f64>().ok().filter(|k| k.is_finite());
                    let (low, high) = match v.split_once("..") {
                        Some((a, b)) => (k(a), k(b)),
                        None => (k(v), k(v)),
                    };
                    match (low, high) {
                        (Some(a), Some(b)) if a <= b => Criterion::Komi(a, b),
                        _ => return Err(bad("write komi=A..B with A <= B, or one komi")),
                    }
                }
                _ => return Err(KeepError::Unknown(word.to_string())),
            };
            list.push(criterion);
        }
        Ok(Criteria(list))
    }

    /// The reasons to drop the game of `row` (`record`: the game as loaded, `None` when
    /// it could not be read), in [`DropReason::ALL`] order; empty: keep it.
    pub fn verdict(&self, row: &GameReport, record: Option<&GameRecord>) -> Vec<DropReason> {
        let Some(record) = record.filter(|_| row.error.is_none()) else {
            return vec![DropReason::Unreadable];
        };
        let mut reasons = Vec::new();
        let recorded = record.result.as_deref().map(GameResult::parse);
        let sizes: Vec<(u8, u8)> = (self.0.iter())
            .filter_map(|c| match c {
                Criterion::Size(w, h) => Some((*w, *h)),
                _ => None,
            })
            .collect();
        if !sizes.is_empty() && !sizes.contains(&(record.width, record.height)) {
            reasons.push(DropReason::OtherSize);
        }
        for criterion in &self.0 {
            let fails = match criterion {
                Criterion::Valid => (!row.valid).then_some(DropReason::Illegal),
                Criterion::Finished => {
                    (!finished(record, recorded.as_ref())).then_some(DropReason::NotFinished)
                }
                Criterion::ResultKnown => {
                    (!recorded.as_ref().is_some_and(known)).then_some(DropReason::ResultUnknown)
                }
                Criterion::ResultReproduced => {
                    (!reproduced(row, recorded.as_ref())).then_some(DropReason::ResultNotReproduced)
                }
                Criterion::MinMoves(n) => (record.moves.len() < *n).then_some(DropReason::TooShort),
                Criterion::Size(..) => None,
                Criterion::NoHandicap => {
                    (record.handicap_stones() >= 2).then_some(DropReason::Handicap)
                }
                Criterion::Komi(low, high) => match record.komi {
                    None => Some(DropReason::KomiUnknown),
                    Some(k) if k < *low || k > *high => Some(DropReason::KomiOutOfRange),
                    Some(_) => None,
                },
                Criterion::NoEarlyPasses(n) => {
                    let early = record.moves.iter().take(*n);
                    let passes = early.filter(|m| matches!(m.action, Action::Pass)).count();
                    // The two passes that end a game shorter than N are its end, not early.
                    let ending = ends_with_two_passes(record) && record.moves.len() <= *n;
                    (passes > if ending { 2 } else { 0 }).then_some(DropReason::EarlyPass)
                }
                Criterion::Ranks => (record.black_rank.is_none() || record.white_rank.is_none())
                    .then_some(DropReason::RanksMissing),
            };
            reasons.extend(fails);
        }
        reasons.sort_unstable();
        reasons.dedup();
        reasons
    }
}

/// goref's result agrees with `RE`: by its count, or, for a game ended by resignation,
/// time or forfeit (nothing to count), the replay found nothing that changes the
/// recorded winner.
fn reproduced(row: &GameReport, recorded: Option<&GameResult>) -> bool {
    let Some(score) = &row.score else {
        return false;
    };
    match score.result_matches {
        Some(agreement) => agreement == Agreement::Agrees,
        None => {
            let decided = matches!(
                score.decided_by,
                DecidedBy::Resignation | DecidedBy::Time { .. } | DecidedBy::Forfeit { .. }
            );
            decided && recorded == Some(&GameResult::parse(&score.result))
        }
    }
}

fn ends_with_two_passes(record: &GameRecord) -> bool {
    let n = record.moves.len();
    n >= 2
        && record.moves[n - 2..]
            .iter()
            .all(|m| matches!(m.action, Action::Pass))
}

/// The game reached its end: two passes in a row close it, or `RE` says it ended by
/// resignation, time or forfeit.
fn finished(record: &GameRecord, recorded: Option<&GameResult>) -> bool {
    let by_decision = matches!(
        recorded,
        Some(GameResult::Win {
            by: WinBy::Resignation | WinBy::Time | WinBy::Forfeit,
            ..
        })
    );
    by_decision || ends_with_two_passes(record)
}

/// `RE` names a winner (with or without a reason) or a draw.
fn known(result: &GameResult) -> bool {
    matches!(
        result,
        GameResult::Score { .. }
            | GameResult::Win { .. }
            | GameResult::Draw
            | GameResult::DrawByDecision
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn criteria_read_and_bad_ones_say_what_to_write() {
        let c = Criteria::parse(
            "valid, finished,min-moves=50,size=19,komi=5.5..7.5,no-early-passes,ranks",
        )
        .expect("reads");
        assert_eq!(
            c.0,
            vec![
                Criterion::Valid,
                Criterion::Finished,
                Criterion::MinMoves(50),
                Criterion::Size(19, 19),
                Criterion::Komi(5.5, 7.5),
                Criterion::NoEarlyPasses(EARLY_PASS_MOVES),
                Criterion::Ranks,
            ]
        );
        assert!(matches!(
            Criteria::parse("vallid"),
            Err(KeepError::Unknown(_))
        ));
        assert!(matches!(
            Criteria::parse("komi=7.5..5"),
            Err(KeepError::BadValue(..))
        ));
        assert!(matches!(
            Criteria::parse("size=30"),
            Err(KeepError::BadValue(..))
        ));
        assert!(matches!(
            Criteria::parse("min-moves"),
            Err(KeepError::BadValue(..))
        ));
    }
}
