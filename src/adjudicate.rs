//! Deciding a game: the one place that turns what the replay found (findings and their
//! consequences under the rule set, the clocks), the record's `RE` and, when the game
//! ended by counting, the count of the final position into the game's result and what
//! decided it ([`DecidedBy`]).
//!
//! The order of precedence, first that applies:
//!
//! 1. a finding whose consequence is a loss (an illegal move the rule set punishes so,
//!    two moves in a row, an overrun clock): the opponent wins, `W+F` or `B+F`;
//! 2. a position no play reached (setup in play, a chain set up without liberties),
//!    which the rule set ends with no result (after a loss by an earlier move), then an
//!    endless cycle the rule set ends as a draw or no result;
//! 3. a recorded resignation, time win, forfeit or referee's decision (`B+A`, or a draw
//!    by decision, `D+J`): kept;
//! 4. a game that ended with two passes, carries territory markup, or claims a count in
//!    `RE` and has its dead stones named: counted (unless the dead stones were to come from
//!    markup alone and there is none: then the recorded result is kept, with a note);
//! 5. anything else keeps the recorded result, or `?` when there is none.
//!
//! Only results goref reached on its own (1, 2, 4) are compared with `RE`.

use crate::board::Color;
use crate::life::estimate::{Group, Status};
use crate::life::settle;
use crate::life::{self, DeadChoice, DeadSource, DeadStones, DeadStonesError};
use crate::replay::{Consequence, FindingKind, Loss, Replay, Unplayed};
use crate::result::{GameResult, WinBy};
use crate::rules::{DeadStoneRule, RuleSet, Tie};
use crate::score::marks::{self, TerritoryMismatch};
use crate::score::{self, Count, GameFacts};
use crate::sgf::{Action, GameRecord};
use crate::words::plural;

/// What decided a game's result.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DecidedBy {
    /// goref counted the final position.
    Count,
    /// The record says a player resigned (`B+R`).
    Resignation,
    /// The clock: a `time-overrun` finding at `move_number` under a rule set where it
    /// loses, or the record's time win (`B+T`) when `move_number` is `None`.
    Time { move_number: Option<usize> },
    /// A forfeit: a move the rule set punishes with the loss of the game (the finding
    /// `kind` at `move_number`), or the record's forfeit (`B+F`) when `finding` is `None`.
    Forfeit {
        finding: Option<(FindingKind, usize)>,
    },
    /// A cycle the rule set ends as a draw (`repetition`).
    Draw,
    /// A cycle the rule set ends without a result (`repetition`), or a game that went on
    /// from a position no play reached (`setup-in-play`, `no-liberties`).
    NoResult,
    /// The record's result, with nothing to check it against (an unfinished game, a
    /// referee's decision, no result at all).
    Recorded,
}

impl DecidedBy {
    /// The stable name, as in JSON and CSV: `count`, `resignation`, `time`, `forfeit`,
    /// `draw`, `no-result`, `recorded`.
    pub fn as_str(self) -> &'static str {
        match self {
            DecidedBy::Count => "count",
            DecidedBy::Resignation => "resignation",
            DecidedBy::Time { .. } => "time",
            DecidedBy::Forfeit { .. } => "forfeit",
            DecidedBy::Draw => "draw",
            DecidedBy::NoResult => "no-result",
            DecidedBy::Recorded => "recorded",
        }
    }
}

impl DecidedBy {
    /// The name with the finding and move of a forfeit or an overrun clock:
    /// `forfeit (superko, move 57)`, `time (move 120)`, `count`.
    pub fn described(self) -> String {
        match self {
            DecidedBy::Forfeit {
                finding: Some((kind, number)),
            } => format!("{self} ({kind}, move {number})"),
            DecidedBy::Time {
                move_number: Some(number),
            } => format!("{self} (move {number})"),
            other => other.to_string(),
        }
    }
}

impl std::fmt::Display for DecidedBy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl serde::Serialize for DecidedBy {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

/// A sentence about how a game was decided or counted. The variants that depend on the
/// user's choice of dead stones are kept apart, so a front end can say which of its
/// options would change them; `Display` words them without naming any option.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Note {
    /// A sentence that needs no option named.
    Text(String),
    /// A game that claims a count without the final passes or markup is counted only
    /// when the user chose where its dead stones come from (any [`DeadChoice`] but
    /// `Auto`).
    NotCountedUnlessNamed,
    /// Such a game, counted because the user chose where its dead stones come from.
    CountedAsNamed,
    /// The rule set counts every stone alive: the dead stones the user chose were not
    /// used.
    DeadStonesNotUsed { rules: String },
    /// The dead stones were to come from the record's markup alone, and it has none: the
    /// game is not counted.
    NoMarkup,
}

impl std::fmt::Display for Note {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Note::Text(text) => f.write_str(&crate::text::one_line(text)),
            Note::NotCountedUnlessNamed => f.write_str(
                "the game does not end with two passes and has no territory markup: not counted unless asked (choose where the dead stones come from to count the final position)",
            ),
            Note::CountedAsNamed => f.write_str(
                "the record does not end with two passes; the final position is counted because RE claims a count and the source of the dead stones was chosen",
            ),
            Note::DeadStonesNotUsed { rules } => write!(
                f,
                "{rules} counts every stone on the board as alive: the dead stones given were not used"
            ),
            Note::NoMarkup => f.write_str(
                "the record has no TB/TW territory marks: not counted (take the dead stones from elsewhere to count it)",
            ),
        }
    }
}

impl serde::Serialize for Note {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// How goref's result compares with the record's `RE`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Agreement {
    /// They agree (JSON `true`).
    Agrees,
    /// They disagree (JSON `false`): a `result-mismatch` finding.
    Disagrees,
    /// Groups whose status the estimate cannot decide safely could change the winner
    /// (JSON `"uncertain"`), so neither answer would be honest.
    Uncertain,
}

impl serde::Serialize for Agreement {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Agreement::Agrees => serializer.serialize_bool(true),
            Agreement::Disagrees => serializer.serialize_bool(false),
            Agreement::Uncertain => serializer.serialize_str("uncertain"),
        }
    }
}

impl std::fmt::Display for Agreement {
    /// As in CSV: `true`, `false`, `uncertain`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Agreement::Agrees => "true",
            Agreement::Disagrees => "false",
            Agreement::Uncertain => "uncertain",
        })
    }
}

/// A game's result under one rule set, what decided it, and how.
#[derive(Debug, Clone, PartialEq)]
pub struct Adjudication {
    pub result: GameResult,
    pub decided_by: DecidedBy,
    /// How `RE` compares with `result`: `None` when the record states no result that can
    /// be compared, or when the result is the recorded one.
    pub result_matches: Option<Agreement>,
    /// The count, when the final position was counted.
    pub counted: Option<Counted>,
    pub notes: Vec<Note>,
}

/// A counted final position: the dead stones taken off and the count.
#[derive(Debug, Clone, PartialEq)]
pub struct Counted {
    pub dead: DeadStones,
    pub count: Count,
    /// Where the record's TB/TW marks differ from the count's territory (`None`: they
    /// agree, or the record has no marks).
    pub territory_mismatch: Option<TerritoryMismatch>,
    /// The groups the estimate is unsure of, each with what its other status would do
    /// to the count.
    pub uncertain: Vec<Uncertain>,
}

/// A group whose status the estimate cannot decide safely, and what is at stake.
#[derive(Debug, Clone, PartialEq)]
pub struct Uncertain {
    pub group: Group,
    /// How the margin (Black minus White) changes when the group's status is the other
    /// one (a dead group alive, a living group dead), counted under the same rules.
    pub swing: f64,
}

impl Counted {
    /// Whether the groups the estimate is unsure of could change the winner: taking
    /// every one the other way that helps the side behind brings the margin to even or
    /// past it.
    pub fn winner_in_doubt(&self) -> bool {
        let margin = self.count.margin;
        let toward_white: f64 = self.uncertain.iter().map(|u| u.swing.min(0.0)).sum();
        let toward_black: f64 = self.uncertain.iter().map(|u| u.swing.max(0.0)).sum();
        if margin > 0.0 {
            margin + toward_white <= 0.0
        } else if margin < 0.0 {
            margin + toward_black >= 0.0
        } else {
            self.uncertain.iter().any(|u| u.swing != 0.0)
        }
    }
}

/// Decide `record`, replayed as `replay` under `rules`. `komi_chosen`: the user set the
/// komi (it then overrides the record's `KM`). `dead`: where the dead stones of a count
/// come from; the error says why they could not be found.
pub fn adjudicate(
    record: &GameRecord,
    replay: &Replay,
    rules: &RuleSet,
    komi_chosen: bool,
    dead: &DeadChoice,
) -> Result<Adjudication, DeadStonesError> {
    let recorded = record.result.as_deref().map(GameResult::parse);
    // A game lost before play left the rules is lost; a game that went on from a
    // position no play reached has no result.
    let lost_first = replay.loss.filter(|loss| {
        replay
            .unplayed
            .is_none_or(|u| loss.move_number <= u.after_move)
    });
    let mut decided = if let Some(loss) = lost_first {
        by_loss(loss, rules)
    } else if let Some(unplayed) = replay.unplayed {
        by_unplayed(unplayed, rules)
    } else if let Some(loss) = replay.loss {
        by_loss(loss, rules)
    } else if let Some(cycle) = replay.cycle {
        by_cycle(cycle, rules)
    } else {
        match counting_reason(record, replay, recorded.as_ref(), dead) {
            // A recorded result that was kept cannot disagree with itself: it stays
            // unchecked.
            Err(kept) => return Ok(keep_recorded(kept)),
            // Only the markup may say which stones are dead, and there is none: the game
            // is read and validated, but not counted.
            Ok(_)
                if *dead == DeadChoice::Markup
                    && record.territory.is_none()
                    && rules.dead_stones != DeadStoneRule::AllAlive =>
            {
                return Ok(Adjudication {
                    result: recorded.unwrap_or(GameResult::Unknown),
                    decided_by: DecidedBy::Recorded,
                    result_matches: None,
                    counted: None,
                    notes: vec![Note::NoMarkup],
                });
            }
            Ok(note) => by_count(record, replay, rules, komi_chosen, dead, note)?,
        }
    };
    if let (Some(recorded), Some(text)) = (&recorded, record.result.as_deref()) {
        let in_doubt = decided
            .counted
            .as_ref()
            .is_some_and(Counted::winner_in_doubt);
        decided.result_matches = agrees(&decided.result, recorded, text).map(|a| {
            if in_doubt {
                Agreement::Uncertain
            } else if a {
                Agreement::Agrees
            } else {
                Agreement::Disagrees
            }
        });
    }
    Ok(decided)
}

/// A loss by a finding: the opponent of the player who made it wins.
fn by_loss(loss: Loss, rules: &RuleSet) -> Adjudication {
    let Loss {
        loser,
        move_number,
        kind,
    } = loss;
    let result = GameResult::Win {
        winner: loser.opponent(),
        by: WinBy::Forfeit,
    };
    let decided_by = if kind == FindingKind::TimeOverrun {
        DecidedBy::Time {
            move_number: Some(move_number),
        }
    } else {
        DecidedBy::Forfeit {
            finding: Some((kind, move_number)),
        }
    };
    let note = format!(
        "{} loses at move {move_number} under {} ({kind}); the board was not counted",
        loser.name(),
        rules.name
    );
    not_counted(result, decided_by, note)
}

/// An endless cycle: a draw or no result, as the rule set says.
fn by_cycle(cycle: Consequence, rules: &RuleSet) -> Adjudication {
    let (result, decided_by, words) = if cycle == Consequence::Draw {
        (GameResult::Draw, DecidedBy::Draw, "a draw")
    } else {
        (GameResult::Void, DecidedBy::NoResult, "no result")
    };
    let note = format!(
        "the game repeats endlessly, which {} ends as {words}; the board was not counted",
        rules.name
    );
    not_counted(result, decided_by, note)
}

/// A game that went on from a position no play reached (setup in play, a chain set up
/// without liberties): no result, as the rule set says (`replay::Unplayed`).
fn by_unplayed(unplayed: Unplayed, rules: &RuleSet) -> Adjudication {
    let Unplayed {
        kind,
        node,
        after_move,
    } = unplayed;
    let when = if after_move == 0 {
        "before the first move".to_string()
    } else {
        format!("after move {after_move}")
    };
    let note = format!(
        "the game goes on from a position no play reached ({kind} at node {node}, {when}), \
         which {} ends with no result; the board was not counted",
        rules.name
    );
    not_counted(GameResult::Void, DecidedBy::NoResult, note)
}

/// The recorded result, kept (`None`: the record has none).
fn keep_recorded(kept: Option<GameResult>) -> Adjudication {
    let (decided_by, note) = match &kept {
        Some(GameResult::Win { by, .. }) => (
            match by {
                WinBy::Resignation => DecidedBy::Resignation,
                WinBy::Time => DecidedBy::Time { move_number: None },
                WinBy::Forfeit => DecidedBy::Forfeit { finding: None },
                WinBy::Adjudicated | WinBy::Unstated => DecidedBy::Recorded,
            },
            Note::Text("the game did not end by counting: the recorded result stands".to_string()),
        ),
        Some(GameResult::DrawByDecision) => (
            DecidedBy::Recorded,
            Note::Text(
                "the game was drawn by a referee's decision, not by counting: the recorded result stands"
                    .to_string(),
            ),
        ),
        Some(r) if r.is_count() => (DecidedBy::Recorded, Note::NotCountedUnlessNamed),
        _ => (
            DecidedBy::Recorded,
            Note::Text(
                "the game did not end with two passes and RE claims no count: not counted"
                    .to_string(),
            ),
        ),
    };
    Adjudication {
        result: kept.unwrap_or(GameResult::Unknown),
        decided_by,
        result_matches: None,
        counted: None,
        notes: vec![note],
    }
}

fn not_counted(result: GameResult, decided_by: DecidedBy, note: String) -> Adjudication {
    Adjudication {
        result,
        decided_by,
        result_matches: None,
        counted: None,
        notes: vec![Note::Text(note)],
    }
}

/// Why the final position is counted (`Ok`, with a note when the reason is not two
/// final passes), or the result to keep when it is not (`Err`: the recorded result, if
/// any).
///
/// A game is counted when it ended with two passes, or when it carries territory markup
/// (the agreed final position). A record that claims a count (`B+3.5`) without the final
/// passes is counted only when the user chose where the dead stones come from (anything
/// but `Auto`: named points, none, the estimate, the proof, an engine): such records often
/// stop before the end, with dead stones and open boundaries, so the default does not
/// count them, but a source asked for by name counts them as it counts any game, the
/// estimate with its doubt (docs/rules.md, "The result goref gives").
fn counting_reason(
    record: &GameRecord,
    replay: &Replay,
    recorded: Option<&GameResult>,
    dead: &DeadChoice,
) -> Result<Option<Note>, Option<GameResult>> {
    if recorded.is_some_and(decided_without_count) {
        return Err(recorded.cloned());
    }
    if replay.ended_by_passes {
        return Ok(None);
    }
    if record.territory.is_some() {
        return Ok(Some(Note::Text(
            "the record does not end with two passes; the final position is counted because it carries territory markup"
                .to_string(),
        )));
    }
    if recorded.is_some_and(GameResult::is_count) && *dead != DeadChoice::Auto {
        return Ok(Some(Note::CountedAsNamed));
    }
    Err(recorded.cloned())
}

/// A recorded resignation, loss on time, forfeit or referee's decision (a win or a draw):
/// the result stands and the final position is never counted.
fn decided_without_count(recorded: &GameResult) -> bool {
    matches!(
        recorded,
        GameResult::Win {
            by: WinBy::Resignation | WinBy::Time | WinBy::Forfeit | WinBy::Adjudicated,
            ..
        } | GameResult::DrawByDecision
    )
}

/// Whether `record`'s final position may be counted: false when its `RE` says the game
/// was decided otherwise (so nobody need be asked for its dead stones).
pub fn may_be_counted(record: &GameRecord) -> bool {
    !record
        .result
        .as_deref()
        .map(GameResult::parse)
        .is_some_and(|r| decided_without_count(&r))
}

/// Count the final position: the dead stones as `dead` says (none where the rule set
/// counts every stone alive), then the count under `rules`.
fn by_count(
    record: &GameRecord,
    replay: &Replay,
    rules: &RuleSet,
    komi_chosen: bool,
    dead: &DeadChoice,
    reason: Option<Note>,
) -> Result<Adjudication, DeadStonesError> {
    let board = &replay.board;
    let height = board.height();
    let mut notes: Vec<Note> = reason.into_iter().collect();
    let dead = if rules.dead_stones == DeadStoneRule::AllAlive {
        if !matches!(dead, DeadChoice::Auto | DeadChoice::None) {
            notes.push(Note::DeadStonesNotUsed {
                rules: rules.name.clone(),
            });
        }
        DeadStones {
            source: DeadSource::None,
            stones: Vec::new(),
            unresolved: Vec::new(),
            groups: Vec::new(),
            notes: Vec::new(),
            settlement: None,
        }
    } else {
        life::resolve_under(board, dead, record.territory.as_ref(), rules.suicide)?
    };
    notes.extend(dead.notes.iter().cloned().map(Note::Text));
    if !dead.unresolved.is_empty() {
        let n = dead.unresolved.len();
        let named: Vec<String> = dead
            .unresolved
            .iter()
            .take(10)
            .map(|p| p.to_d4(height))
            .collect();
        notes.push(Note::Text(format!(
            "{n} stone{} whose status goref could not settle {} counted as alive ({}{})",
            plural(n),
            if n == 1 { "is" } else { "are" },
            named.join(", "),
            if n > 10 { ", ..." } else { "" }
        )));
    }

    let handicap = record.handicap_stones();
    let (komi, komi_source) = score::komi(rules, record.komi, handicap, komi_chosen);
    let facts = GameFacts {
        handicap,
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
    // The end is settled once per set of dead stones: the estimate's own settling when it
    // has one.
    let settled = match &dead.settlement {
        Some(s) => std::borrow::Cow::Borrowed(&**s),
        None => std::borrow::Cow::Owned(settle::settle(board, &dead.stones)),
    };
    let count = score::count_settled(board, &dead.stones, &settled, rules, &facts);
    notes.extend(count.notes.iter().cloned().map(Note::Text));
    let territory_mismatch = record
        .territory
        .as_ref()
        .and_then(|m| marks::compare(board, m, &count));
    let uncertain = dead
        .groups
        .iter()
        .filter(|g| g.doubt.is_some())
        .map(|group| {
            // Only the margin is wanted: a rule set that counts the position as it stands
            // needs no settling.
            let other_dead = flipped(&dead.stones, group);
            let other_settled = if score::needs_settling(rules) {
                // What cannot stand is not asked here: it changes no total.
                settle::settle_checking(board, &other_dead, &[])
            } else {
                settle::plain(board, &other_dead)
            };
            let other = score::count_settled(board, &other_dead, &other_settled, rules, &facts);
            Uncertain {
                group: group.clone(),
                swing: other.margin - count.margin,
            }
        })
        .collect();
    Ok(Adjudication {
        result: count_result(count.margin, rules),
        decided_by: DecidedBy::Count,
        result_matches: None,
        counted: Some(Counted {
            dead,
            count,
            territory_mismatch,
            uncertain,
        }),
        notes,
    })
}

/// The dead stones `dead` with `group` the other way: its stones taken out when it is
/// dead, added when it lives (alive or in seki).
fn flipped(dead: &[crate::point::Point], group: &Group) -> Vec<crate::point::Point> {
    if group.status == Status::Dead {
        dead.iter()
            .copied()
            .filter(|p| !group.stones.contains(p))
            .collect()
    } else {
        dead.iter().chain(&group.stones).copied().collect()
    }
}

/// The result a count's margin gives under `rules`: `B+3.5`, `W+12`, `Draw`, or `B+0`
/// when equal counts go to Black (Ing).
pub fn count_result(margin: f64, rules: &RuleSet) -> GameResult {
    if margin.abs() < 1e-9 {
        match rules.tie {
            Tie::Draw => GameResult::Draw,
            Tie::BlackWins => GameResult::Score {
                winner: Color::Black,
                margin: 0.0,
            },
        }
    } else if margin > 0.0 {
        GameResult::Score {
            winner: Color::Black,
            margin,
        }
    } else {
        GameResult::Score {
            winner: Color::White,
            margin: -margin,
        }
    }
}

/// Does goref's result agree with the record's? `None` when the record states no result
/// that can be compared (missing, `?`, unreadable text).
///
/// Two counted results agree when they name the same winner and margins equal within
/// 1e-9 (`Draw` is a margin of 0). When either result has no margin (`B+R`, `W+F`, `B+`),
/// the winners are compared. `Void` agrees only with `Void`, `Draw` only with a draw.
/// `recorded_text` lets a tie won by Black (`B+0` under Ing) match a record that writes
/// `B+0`, which reads as a draw.
pub fn agrees(ours: &GameResult, recorded: &GameResult, recorded_text: &str) -> Option<bool> {
    let recorded_winner = || match recorded {
        GameResult::Draw
            if recorded_text
                .trim_start()
                .to_ascii_uppercase()
                .starts_with("B+") =>
        {
            Some(Color::Black)
        }
        other => other.winner(),
    };
    match recorded {
        GameResult::Unknown | GameResult::Unreadable(_) => None,
        GameResult::Void => Some(matches!(ours, GameResult::Void)),
        _ => Some(match (ours.black_margin(), recorded.black_margin()) {
            (Some(a), Some(b)) => {
                (a - b).abs() < 1e-9 && (a.abs() >= 1e-9 || ours.winner() == recorded_winner())
            }
            _ => match ours {
                GameResult::Void => false,
                GameResult::Draw => {
                    matches!(recorded, GameResult::Draw | GameResult::DrawByDecision)
                }
                _ => ours.winner().is_some() && ours.winner() == recorded.winner(),
            },
        }),
    }
}

#[cfg(test)]
#[path = "adjudicate_tests.rs"]
mod tests;
