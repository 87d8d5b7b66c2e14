//! The report row, one view of a judged game: what the record says, the judgement's
//! findings and, for a count, the score object, in the schema of [`crate::report`].

use crate::adjudicate::Adjudication;
use crate::life::DeadSource;
use crate::life::estimate::Group;
use crate::replay::Finding;
use crate::report::{
    CheckError, FindingReport, GameReport, GroupReport, NotTerritoryReport, ScoreReport, Warning,
};
use crate::rules::DEFAULT_PRESET;
use crate::score::{self, NotTerritory};
use crate::sgf::GameRecord;
use crate::text::one_line;

use super::Judged;

impl Judged {
    /// The row of `record` (in `file`) as `goref score` and `goref batch` report it: the
    /// record, every finding, and the score object when the game was adjudicated.
    pub fn row(&self, file: &str, record: &GameRecord) -> GameReport {
        let mut row = self.validation_row(file, record);
        row.findings.extend(
            self.count_findings
                .iter()
                .map(|f| FindingReport::new(f, record.height)),
        );
        match &self.adjudication {
            Some(Ok(adjudication)) => {
                row.score = Some(ScoreReport::new(adjudication, record.height));
            }
            Some(Err(e)) => row.error = Some(e.clone().into()),
            None => {}
        }
        row
    }

    /// The row of `record` as `goref validate` reports it: the replay's findings, no
    /// count.
    pub fn validation_row(&self, file: &str, record: &GameRecord) -> GameReport {
        let mut row = of_record(file, record, self);
        match &self.replay {
            Ok(replay) => {
                row.valid = replay.is_valid();
                row.illegal_count = replay.illegal_count;
                if replay.findings_not_listed > 0 {
                    row.warnings.push(Warning::FindingsNotListed {
                        listed: replay.findings.len(),
                        more: replay.findings_not_listed,
                    });
                }
                row.findings = self
                    .findings
                    .iter()
                    .map(|f| FindingReport::new(f, record.height))
                    .collect();
                self.variation_findings(record, &mut row);
            }
            Err(e) => row.error = Some(e.clone().into()),
        }
        row
    }
}

impl Judged {
    /// The side lines in the row: with them replayed, each finding on them (with its
    /// line; an illegal move there makes the record not valid, the result is the main
    /// line's), and how many were left past the bound; else how many were not checked.
    fn variation_findings(&self, record: &GameRecord, row: &mut GameReport) {
        let Some(variations) = &self.variations else {
            if !record.variations.is_empty() {
                row.warnings.push(Warning::VariationsNotChecked {
                    lines: record.variations.len(),
                    past_bound: false,
                });
            }
            return;
        };
        for (line, finding) in &variations.findings {
            if finding.severity == crate::replay::Severity::Illegal {
                row.illegal_count += 1;
                row.valid = false;
            }
            let mut report = FindingReport::new(finding, record.height);
            report.line = Some(line.clone());
            row.findings.push(report);
        }
        if variations.not_checked > 0 {
            row.warnings.push(Warning::VariationsNotChecked {
                lines: variations.not_checked,
                past_bound: true,
            });
        }
    }
}

impl GameReport {
    /// The row of a file (game 0) or game that could not be read, under the rule set
    /// named `rules`.
    pub fn unreadable(file: &str, game: usize, rules: String, error: CheckError) -> GameReport {
        GameReport {
            file: file.to_string(),
            game,
            rules,
            rules_origin: crate::rules::RulesOrigin::Default,
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
            drop_reasons: None,
        }
    }
}

/// The row of `record` before it is replayed: what the record says, under the rule set
/// `judged` resolved, with the loader's warnings.
fn of_record(file: &str, record: &GameRecord, judged: &Judged) -> GameReport {
    let resolved = &judged.resolved;
    let mut warnings: Vec<Warning> = record.warnings.iter().cloned().map(Warning::Load).collect();
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
        drop_reasons: None,
    }
}

impl FindingReport {
    /// A finding on a board `height` rows high.
    pub fn new(finding: &Finding, height: u8) -> FindingReport {
        FindingReport {
            kind: finding.kind,
            severity: finding.severity,
            move_number: finding.move_number,
            node: finding.node,
            color: finding.color,
            point: finding.point.map(|p| p.to_d4(height)),
            sgf: finding.point.map(|p| p.to_sgf()),
            detail: one_line(&finding.detail).into_owned(),
            consequence: finding.consequence,
            line: None,
        }
    }
}

impl ScoreReport {
    /// The score object of an adjudication on a board `height` rows high.
    pub fn new(adjudication: &Adjudication, height: u8) -> ScoreReport {
        let mut score = ScoreReport {
            black: None,
            white: None,
            margin: None,
            result: adjudication.result.to_string(),
            decided_by: adjudication.decided_by,
            scored: false,
            dead_source: DeadSource::None,
            dead_stones: Vec::new(),
            estimate: None,
            result_matches: adjudication.result_matches,
            breakdown: None,
            notes: adjudication.notes.clone(),
            not_territory: Vec::new(),
        };
        if let Some(counted) = &adjudication.counted {
            let count = &counted.count;
            score.black = Some(count.black.total);
            score.white = Some(count.white.total);
            score.margin = Some(count.margin);
            score.scored = true;
            score.dead_source = counted.dead.source;
            score.dead_stones = counted.dead.stones.iter().map(|p| p.d4(height)).collect();
            score.not_territory = count
                .not_territory
                .iter()
                .map(|n| not_territory(n, height))
                .collect();
            if counted.dead.source == DeadSource::Estimate {
                score.estimate = Some(
                    counted
                        .dead
                        .groups
                        .iter()
                        .map(|g| group(g, height))
                        .collect(),
                );
            }
            score.breakdown = Some(count.clone());
        }
        score
    }
}

fn not_territory(n: &NotTerritory, height: u8) -> NotTerritoryReport {
    NotTerritoryReport {
        point: n.point().to_d4(height),
        sgf: n.point().to_sgf(),
        color: n.color(),
        reason: n.reason(),
        detail: n.describe(height),
    }
}

fn group(g: &Group, height: u8) -> GroupReport {
    GroupReport {
        color: g.color,
        status: g.status,
        basis: g.basis,
        confidence: (g.confidence * 100.0).round() / 100.0,
        uncertain: g.doubt.is_some(),
        stones: g.stones.iter().map(|p| p.d4(height)).collect(),
    }
}
