//! A game judged under a rule set, once: the record replayed under the rule set, its
//! adjudication (the result, what decided it, and the count with its dead stones) and the
//! findings of the judgement. Every view of a game is drawn from its [`Judged`]: the
//! report row ([`Judged::row`]), the diagram ([`crate::diagram::of_judged`]), the
//! annotated copy ([`crate::annotate::annotated_copy`]) and a front end's pictures; no
//! view replays, counts or asks an engine again.
//!
//! Where a count's dead stones come from is a [`DeadPlan`]: the user's [`DeadChoice`],
//! with the engine asked at most once per game. `--dead engine` asks about every game
//! that may be counted; `--dead auto` with an engine counts with the estimate and asks
//! only about a game whose winner the estimate leaves in doubt
//! ([`Counted::winner_in_doubt`] under one of the rule sets); every rule set that counted
//! that game with the estimate then counts it with the engine's answer.

mod row;

use std::borrow::Cow;
use std::sync::Arc;

use crate::adjudicate::{self, Adjudication, Agreement, Counted, Note, Uncertain};
use crate::gtp::EnginePool;
use crate::life::estimate::{DoubtReason, Status};
use crate::life::settle::Unsettled;
use crate::life::{DeadChoice, DeadSource, DeadStonesError, EngineDead};
use crate::point::Point;
use crate::replay::{self, Consequence, Finding, FindingKind, Replay, ReplayError, Severity};
use crate::rules::{Resolved, RulesChoice, RulesOrigin};
use crate::sgf::GameRecord;
use crate::text::{one_line, shown};
use crate::words::{format_points, plural};

/// Where the dead stones of a count come from, for every game of a run.
#[derive(Debug, Clone, Default)]
pub struct DeadPlan {
    /// The user's choice (`--dead`).
    pub choice: DeadChoice,
    /// With [`DeadChoice::Auto`], the engines to ask about a game whose winner the
    /// estimate leaves in doubt (`--dead auto --engine CMD`).
    pub when_unsure: Option<Arc<EnginePool>>,
}

impl From<DeadChoice> for DeadPlan {
    fn from(choice: DeadChoice) -> DeadPlan {
        DeadPlan {
            choice,
            when_unsure: None,
        }
    }
}

/// One game under one rule choice, judged.
#[derive(Debug, Clone)]
pub struct Judged {
    /// The rule set, where it came from, and whether the user chose the komi.
    pub resolved: Resolved,
    /// The record replayed under the rule set; the error when it cannot be.
    pub replay: Result<Replay, ReplayError>,
    /// The result and the count: `None` when the game was only validated (or could not
    /// be replayed); the error when the dead stones could not be found.
    pub adjudication: Option<Result<Adjudication, DeadStonesError>>,
    /// The replay's findings, but a komi or size that a rule set the record did not
    /// name disagrees with (nothing claimed it).
    pub findings: Vec<Finding>,
    /// The findings the adjudication adds: `territory-mismatch`, an `uncertain-status`
    /// per group in doubt, then `result-mismatch`.
    pub count_findings: Vec<Finding>,
    /// The side lines replayed ([`crate::check::replay_variations`]); `None` when they
    /// were not (the default: the row then says how many were left unchecked).
    pub variations: Option<replay::Variations>,
}

impl Judged {
    /// The count, when the final position was counted.
    pub fn counted(&self) -> Option<&Counted> {
        self.adjudication.as_ref()?.as_ref().ok()?.counted.as_ref()
    }

    /// Every finding: the replay's, then the adjudication's.
    pub fn all_findings(&self) -> impl Iterator<Item = &Finding> {
        self.findings.iter().chain(&self.count_findings)
    }
}

/// Validate `record` under `choice`: replayed, not counted.
pub fn validate(record: &GameRecord, choice: &RulesChoice) -> Judged {
    let resolved = choice.resolve(record);
    let replay = replay::replay(record, &resolved.rules);
    let findings = match &replay {
        Ok(replay) => claimed(&replay.findings, resolved.origin),
        Err(_) => Vec::new(),
    };
    Judged {
        resolved,
        replay,
        adjudication: None,
        findings,
        count_findings: Vec::new(),
        variations: None,
    }
}

/// Judge `record` under every rule choice of `choices`, in order, with the dead stones as
/// `dead` says; the engine, when there is one, is asked at most once.
pub fn judge(record: &GameRecord, choices: &[RulesChoice], dead: &DeadPlan) -> Vec<Judged> {
    let komi = choices.first().and_then(|c| c.komi);
    let choice = ask_engine(record, komi, &dead.choice);
    let mut judged: Vec<Judged> = choices
        .iter()
        .map(|c| {
            let mut j = validate(record, c);
            adjudicate(record, &mut j, &choice);
            j
        })
        .collect();
    if let Some(pool) = &dead.when_unsure
        && dead.choice == DeadChoice::Auto
        && judged.iter().any(in_doubt)
    {
        second_opinion(record, komi, pool, &mut judged);
    }
    judged
}

/// With `--dead engine` ([`EngineDead::Ask`]), the engine's answer for `record` (asked
/// once, with `komi` when given, else the record's): what every rule set then counts
/// with. A game whose `RE` rules out a count is not asked about. Any other choice as it
/// is.
fn ask_engine<'d>(
    record: &GameRecord,
    komi: Option<f64>,
    dead: &'d DeadChoice,
) -> Cow<'d, DeadChoice> {
    match dead {
        DeadChoice::Engine(EngineDead::Ask(pool)) if adjudicate::may_be_counted(record) => {
            Cow::Owned(DeadChoice::Engine(answer(pool, record, komi)))
        }
        _ => Cow::Borrowed(dead),
    }
}

/// What the engines of `pool` say about `record`'s dead stones.
fn answer(pool: &EnginePool, record: &GameRecord, komi: Option<f64>) -> EngineDead {
    match pool.dead_stones(record, komi.or(record.komi)) {
        Ok(points) => EngineDead::Said(points),
        Err(e) => EngineDead::Failed(e),
    }
}

/// A count by the estimate whose groups in doubt could change the winner.
fn in_doubt(judged: &Judged) -> bool {
    judged
        .counted()
        .is_some_and(|c| c.dead.source == DeadSource::Estimate && c.winner_in_doubt())
}

/// The estimate leaves the winner of `record` in doubt under one rule set at least: ask
/// the engine, and count again with its answer every rule set that counted with the
/// estimate, each with a note saying why. When the engine cannot say, the estimate's
/// counts stand, and those in doubt say that the engine could not help.
fn second_opinion(
    record: &GameRecord,
    komi: Option<f64>,
    pool: &EnginePool,
    judged: &mut [Judged],
) {
    let said = DeadChoice::Engine(answer(pool, record, komi));
    for j in judged.iter_mut() {
        let by_estimate = j
            .counted()
            .is_some_and(|c| c.dead.source == DeadSource::Estimate);
        if !by_estimate {
            continue;
        }
        let doubt = in_doubt(j);
        let estimated = j.clone();
        adjudicate(record, j, &said);
        let note = match &j.adjudication {
            Some(Ok(_)) if doubt => Note::Text(
                "goref's estimate leaves the winner in doubt, so the dead stones are the \
                 engine's"
                    .to_string(),
            ),
            Some(Ok(_)) => Note::Text(
                "goref's estimate leaves the winner in doubt under another rule set, so the \
                 dead stones are the engine's, as for every rule set of the game"
                    .to_string(),
            ),
            Some(Err(e)) => {
                let why = e.to_string();
                *j = estimated;
                if !doubt {
                    continue;
                }
                Note::Text(format!(
                    "goref's estimate leaves the winner in doubt, and the engine could not \
                     say which stones are dead ({why}): the estimate is counted"
                ))
            }
            None => continue,
        };
        if let Some(Ok(decided)) = &mut j.adjudication {
            decided.notes.push(note);
        }
    }
}

/// Adjudicate `judged` (already replayed) with the dead stones `dead`, and make the
/// findings of the count.
fn adjudicate(record: &GameRecord, judged: &mut Judged, dead: &DeadChoice) {
    let Ok(replay) = &judged.replay else {
        return;
    };
    let rules = &judged.resolved.rules;
    let adjudication =
        adjudicate::adjudicate(record, replay, rules, judged.resolved.komi_chosen, dead);
    judged.count_findings = match &adjudication {
        Ok(a) => count_findings(record, a, &rules.name),
        Err(_) => Vec::new(),
    };
    judged.adjudication = Some(adjudication);
}

/// The replay's findings a row reports: a record that names no rule set cannot disagree
/// with one, so komi and size are only checked against a rule set the user or the record
/// chose (not the default, nor the rules of the server its PC names).
fn claimed(findings: &[Finding], origin: RulesOrigin) -> Vec<Finding> {
    let unclaimed = |f: &&Finding| {
        matches!(origin, RulesOrigin::Default | RulesOrigin::Place)
            && matches!(
                f.kind,
                FindingKind::KomiMismatch | FindingKind::SizeMismatch
            )
    };
    findings.iter().filter(|f| !unclaimed(f)).cloned().collect()
}

/// The findings an adjudication adds, the one place they are made: a
/// `territory-mismatch` when the record's TB/TW marks differ from the count's territory,
/// an `uncertain-status` for each group the estimate is unsure of, and a
/// `result-mismatch` when the result goref reached disagrees with `RE`. `rules` names
/// the rule set in their sentences.
fn count_findings(record: &GameRecord, decided: &Adjudication, rules: &str) -> Vec<Finding> {
    let mut findings = Vec::new();
    if let Some(counted) = &decided.counted {
        if let Some(mismatch) = &counted.territory_mismatch {
            let mut finding = Finding::about_record(
                FindingKind::TerritoryMismatch,
                Some(mismatch.node),
                mismatch.describe(rules),
            );
            finding.point = mismatch.differences.first().map(|d| d.point);
            findings.push(finding);
        }
        for u in &counted.uncertain {
            findings.push(uncertain_status(u, record.height));
        }
        // What an `uncertain-status` finding already puts in doubt is not said twice: an
        // unsettled finding that takes in a group the estimate is unsure of, or the area
        // that changes with it, is left out.
        let doubted: std::collections::HashSet<Point> = counted
            .uncertain
            .iter()
            .flat_map(|u| u.group.doubt.iter().flat_map(|d| &d.points))
            .copied()
            .collect();
        for u in &counted.count.unsettled {
            if u.stones
                .iter()
                .chain(&u.points)
                .any(|p| doubted.contains(p))
            {
                continue;
            }
            findings.push(unsettled(u, record.height));
        }
    }
    if decided.result_matches == Some(Agreement::Disagrees) {
        let re = record.result.as_deref().unwrap_or_default();
        findings.push(Finding::about_record(
            FindingKind::ResultMismatch,
            Some(0),
            format!(
                "RE[{}] but goref's result under {rules} is {}",
                shown(re),
                one_line(&decided.result.to_string())
            ),
        ));
    }
    findings
}

/// The `unsettled` finding of something in the counted position that cannot stand as
/// given.
fn unsettled(u: &Unsettled, height: u8) -> Finding {
    Finding {
        kind: FindingKind::Unsettled,
        severity: Severity::Warning,
        move_number: None,
        node: None,
        color: u.color,
        point: u.stones.first().or(u.points.first()).copied(),
        detail: format!("{}: {}", u.kind.as_str(), u.describe(height)),
        consequence: Consequence::None,
    }
}

/// The `uncertain-status` finding of a group the estimate cannot decide safely.
fn uncertain_status(u: &Uncertain, height: u8) -> Finding {
    let g = &u.group;
    let d4 = |points: &[Point]| -> Vec<String> { points.iter().map(|p| p.to_d4(height)).collect() };
    let stones = d4(&g.stones);
    let points = g
        .doubt
        .as_ref()
        .map_or_else(|| stones.clone(), |d| d4(&d.points));
    let reason = g.doubt.as_ref().map_or(DoubtReason::NearEven, |d| d.reason);
    let at_stake = u.swing.abs();
    let first = stones.first().map_or("", String::as_str);
    let n = stones.len();
    let status = match g.status {
        Status::Alive => "alive",
        Status::Dead => "dead",
        Status::Seki => "alive in seki",
    };
    let why = match reason {
        DoubtReason::NearEven => "the playouts are close to even",
        DoubtReason::WhoMoves => "it lives or dies as the side to move first chooses",
    };
    let (stake, depend) = if at_stake == 1.0 {
        ("1 point".to_string(), "depends")
    } else {
        (format!("{} points", format_points(at_stake)), "depend")
    };
    let detail = format!(
        "the estimate counts the {} group at {first} ({n} stone{}) as {status} with {:.0}% \
         confidence, but {why}: {stake} of the result {depend} on it ({})",
        g.color.name(),
        plural(n),
        g.confidence * 100.0,
        points.join(" ")
    );
    Finding {
        kind: FindingKind::UncertainStatus,
        severity: Severity::Warning,
        move_number: None,
        node: None,
        color: Some(g.color),
        point: g.stones.first().copied(),
        detail,
        consequence: Consequence::None,
    }
}
