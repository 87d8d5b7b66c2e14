//! What a batch run adds up to: the tally behind the summary on standard error and at the
//! end of JSON Lines.

use std::collections::BTreeSet;
use std::time::Duration;

use goref::keep::DropReason;
use goref::replay::FindingKind;
use goref::report::GameReport;
use goref::words::plural;
use serde_json::{Map, Value, json};

use super::fail_on::FailOn;

/// Counts over every row of a run.
#[derive(Debug, Default)]
pub struct Summary {
    /// Units read (files and archive members).
    pub files: u64,
    /// Rows written: one per (game, rule set), or per (file, rule set) when unreadable.
    pub rows: u64,
    /// Games read: (unit, game) pairs loaded without error.
    pub games: u64,
    /// Rows with no illegal finding and no error.
    pub valid: u64,
    /// Rows with at least one illegal finding.
    pub illegal: u64,
    /// Findings by kind, over every row, in the order of [`FindingKind::ALL`].
    pub findings: [u64; FindingKind::ALL.len()],
    /// Rows whose file or game could not be read (timed-out files included).
    pub unreadable: u64,
    /// Rows whose recorded result disagrees with goref's.
    pub result_mismatches: u64,
    /// Rows whose result could change with the groups goref's estimate is unsure of, so
    /// that it neither agrees nor disagrees with the recorded one (`result_matches`
    /// `uncertain`).
    pub results_uncertain: u64,
    /// Rows of games the loader read only up to damage in the record.
    pub truncated: u64,
    /// Rows that meet `--fail-on`.
    pub failing: u64,
    /// With `--keep`: the games kept and dropped, by reason.
    pub keep: Option<KeepTally>,
}

/// The `--keep` counts: a game (a file that cannot be read counts as one) is kept when
/// every row of it is; it counts once under each reason any of its rows gives.
#[derive(Debug, Default)]
pub struct KeepTally {
    pub kept: u64,
    pub dropped: u64,
    /// Games per reason, in the order of [`DropReason::ALL`].
    pub reasons: [u64; DropReason::ALL.len()],
    /// `--copy-kept` was given: records copied, and those that could not be.
    pub copying: bool,
    pub copied: usize,
    pub not_copied: usize,
}

impl Summary {
    /// Add one unit's rows.
    pub fn add_unit(&mut self, rows: &[GameReport], fail_on: &FailOn) {
        self.files += 1;
        let mut games = BTreeSet::new();
        for r in rows {
            self.rows += 1;
            if r.error.is_some() {
                self.unreadable += 1;
            } else {
                games.insert(r.game);
                if r.valid {
                    self.valid += 1;
                }
            }
            if r.illegal_count > 0 {
                self.illegal += 1;
            }
            for f in &r.findings {
                if let Some(i) = FindingKind::ALL.iter().position(|k| *k == f.kind) {
                    self.findings[i] += 1;
                }
            }
            if r.result_mismatch() {
                self.result_mismatches += 1;
            }
            if r.result_uncertain() {
                self.results_uncertain += 1;
            }
            if r.truncated().is_some() {
                self.truncated += 1;
            }
            if !fail_on.problems(r).is_empty() {
                self.failing += 1;
            }
        }
        self.games += games.len() as u64;
        if let Some(tally) = &mut self.keep {
            let mut verdicts: std::collections::BTreeMap<usize, BTreeSet<&str>> =
                std::collections::BTreeMap::new();
            for r in rows {
                let reasons = verdicts.entry(r.game).or_default();
                reasons.extend(r.drop_reasons.iter().flatten().copied());
            }
            for reasons in verdicts.values() {
                if reasons.is_empty() {
                    tally.kept += 1;
                } else {
                    tally.dropped += 1;
                }
                for (i, reason) in DropReason::ALL.iter().enumerate() {
                    if reasons.contains(reason.name()) {
                        tally.reasons[i] += 1;
                    }
                }
            }
        }
    }

    /// `illegal 3, too-short 1`: the games dropped by reason, those that occur.
    fn reason_counts(tally: &KeepTally) -> String {
        let named: Vec<String> = DropReason::ALL
            .iter()
            .zip(tally.reasons)
            .filter(|(_, n)| *n > 0)
            .map(|(r, n)| format!("{} {n}", r.name()))
            .collect();
        named.join(", ")
    }

    /// The summary object of JSON Lines (no timing, so two runs give the same file).
    pub fn to_json(&self) -> Value {
        let mut findings = Map::new();
        for (kind, count) in FindingKind::ALL.iter().zip(self.findings) {
            findings.insert(kind.as_str().to_string(), json!(count));
        }
        let mut summary = json!({
            "files": self.files,
            "rows": self.rows,
            "games": self.games,
            "valid": self.valid,
            "illegal": self.illegal,
            "unreadable": self.unreadable,
            "result_mismatches": self.result_mismatches,
            "results_uncertain": self.results_uncertain,
            "truncated": self.truncated,
            "failing": self.failing,
            "findings": findings,
        });
        if let Some(tally) = &self.keep {
            let mut reasons = Map::new();
            for (reason, count) in DropReason::ALL.iter().zip(tally.reasons) {
                reasons.insert(reason.name().to_string(), json!(count));
            }
            summary["keep"] = json!({
                "kept": tally.kept,
                "dropped": tally.dropped,
                "drop_reasons": reasons,
            });
        }
        summary
    }

    /// The lines for standard error.
    /// `ko 3, superko 1`: the findings by kind, in DESIGN.md's order, those that occur.
    pub fn finding_counts(&self) -> String {
        let kinds: Vec<String> = FindingKind::ALL
            .iter()
            .zip(self.findings)
            .filter(|(_, n)| *n > 0)
            .map(|(k, n)| format!("{k} {n}"))
            .collect();
        kinds.join(", ")
    }

    pub fn text(&self, elapsed: Duration) -> String {
        let mut out = format!(
            "goref batch: {} game{} read from {} file{}; {} row{} (game x rule set): {} valid, {} with illegal moves, {} unreadable, {} result mismatch{}\n",
            self.games,
            plural(self.games),
            self.files,
            plural(self.files),
            self.rows,
            plural(self.rows),
            self.valid,
            self.illegal,
            self.unreadable,
            self.result_mismatches,
            if self.result_mismatches == 1 {
                ""
            } else {
                "es"
            },
        );
        if self.results_uncertain > 0 {
            out.push_str(&format!(
                "  {} row{} whose winner depends on dead stones the estimate is unsure of (result_matches uncertain)\n",
                self.results_uncertain,
                plural(self.results_uncertain)
            ));
        }
        if self.truncated > 0 {
            out.push_str(&format!(
                "  {} row{} of games read only up to damage in the record (truncated)\n",
                self.truncated,
                plural(self.truncated)
            ));
        }
        let kinds = self.finding_counts();
        if !kinds.is_empty() {
            out.push_str(&format!("  findings: {kinds}\n"));
        }
        if let Some(tally) = &self.keep {
            out.push_str(&format!(
                "  keep: {} game{} kept, {} dropped",
                tally.kept,
                plural(tally.kept),
                tally.dropped
            ));
            let reasons = Self::reason_counts(tally);
            if !reasons.is_empty() {
                out.push_str(&format!(" ({reasons})"));
            }
            if tally.copying {
                out.push_str(&format!(
                    "; {} record{} copied to --copy-kept",
                    tally.copied,
                    plural(tally.copied as u64)
                ));
                if tally.not_copied > 0 {
                    out.push_str(&format!(", {} could not be", tally.not_copied));
                }
            }
            out.push('\n');
        }
        out.push_str(&format!(
            "  {} {} --fail-on; time {:.2} s\n",
            self.failing,
            if self.failing == 1 {
                "row meets"
            } else {
                "rows meet"
            },
            elapsed.as_secs_f64()
        ));
        out
    }
}
