//! What a batch run adds up to: the tally behind the summary, the `--fail-on` test that
//! decides the exit code, and GitHub Actions annotations for each problem.

use std::collections::BTreeSet;
use std::path::Path;
use std::time::Duration;

use anyhow::{Result, bail};
use goref::replay::{FindingKind, Severity};
use goref::report::GameReport;
use serde_json::{Map, Value, json};

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
    /// Rows of games the loader read only up to damage in the record.
    pub truncated: u64,
    /// Rows that meet `--fail-on`.
    pub failing: u64,
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
            if r.truncated().is_some() {
                self.truncated += 1;
            }
            if !fail_on.problems(r).is_empty() {
                self.failing += 1;
            }
        }
        self.games += games.len() as u64;
    }

    /// The summary object of JSON Lines (no timing, so two runs give the same file).
    pub fn to_json(&self) -> Value {
        let mut findings = Map::new();
        for (kind, count) in FindingKind::ALL.iter().zip(self.findings) {
            findings.insert(kind.as_str().to_string(), json!(count));
        }
        json!({
            "files": self.files,
            "rows": self.rows,
            "games": self.games,
            "valid": self.valid,
            "illegal": self.illegal,
            "unreadable": self.unreadable,
            "result_mismatches": self.result_mismatches,
            "truncated": self.truncated,
            "failing": self.failing,
            "findings": findings,
        })
    }

    /// The lines for standard error.
    pub fn text(&self, elapsed: Duration) -> String {
        let mut out = format!(
            "goref batch: {} games read from {} files; {} rows (game x rule set): {} valid, {} with illegal moves, {} unreadable, {} result mismatches\n",
            self.games,
            self.files,
            self.rows,
            self.valid,
            self.illegal,
            self.unreadable,
            self.result_mismatches
        );
        if self.truncated > 0 {
            out.push_str(&format!(
                "  {} rows of games read only up to damage in the record (truncated)\n",
                self.truncated
            ));
        }
        let kinds: Vec<String> = FindingKind::ALL
            .iter()
            .zip(self.findings)
            .filter(|(_, n)| *n > 0)
            .map(|(k, n)| format!("{k} {n}"))
            .collect();
        if !kinds.is_empty() {
            out.push_str(&format!("  findings: {}\n", kinds.join(", ")));
        }
        out.push_str(&format!(
            "  {} rows meet --fail-on; time {:.2} s\n",
            self.failing,
            elapsed.as_secs_f64()
        ));
        out
    }
}

/// One thing `--fail-on` asks about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Criterion {
    Kind(FindingKind),
    /// Any finding of severity `illegal`.
    Illegal,
    Unreadable,
    /// A game the loader read only up to damage in the record.
    Truncated,
}

/// The `--fail-on` list.
#[derive(Debug, Clone, Default)]
pub struct FailOn {
    criteria: Vec<Criterion>,
}

/// A problem found in a row, for annotations.
pub struct Problem {
    pub title: String,
    pub message: String,
}

impl FailOn {
    /// Parse `KIND,...`: finding kinds, `illegal`, `unreadable`, `truncated`,
    /// `result-mismatch`, or `none` alone (never fail).
    pub fn parse(list: &str) -> Result<FailOn> {
        let mut criteria = Vec::new();
        for name in list.split(',').map(str::trim) {
            match name {
                "none" => {}
                "illegal" => criteria.push(Criterion::Illegal),
                "unreadable" => criteria.push(Criterion::Unreadable),
                "truncated" => criteria.push(Criterion::Truncated),
                _ => match FindingKind::from_name(name) {
                    Some(kind) => criteria.push(Criterion::Kind(kind)),
                    None => {
                        let kinds: Vec<&str> =
                            FindingKind::ALL.iter().map(|k| k.as_str()).collect();
                        bail!(
                            "--fail-on {name}: unknown kind (use illegal, unreadable, truncated, none or a finding kind: {})",
                            kinds.join(", ")
                        )
                    }
                },
            }
        }
        Ok(FailOn { criteria })
    }

    /// The problems of `r` that `--fail-on` names: one per matching finding (a result
    /// mismatch is one), one for an unreadable file or game, one for a truncated game.
    pub fn problems(&self, r: &GameReport) -> Vec<Problem> {
        let mut out = Vec::new();
        let at = if r.game == 0 {
            String::new()
        } else {
            format!("game {}: ", r.game)
        };
        if let Some(error) = &r.error {
            if self.criteria.contains(&Criterion::Unreadable) {
                out.push(Problem {
                    title: "goref: unreadable".to_string(),
                    message: format!("{}: {at}{}", r.file, crate::words::error(error)),
                });
            }
            return out;
        }
        for f in &r.findings {
            let wanted = self.criteria.iter().any(|c| match c {
                Criterion::Kind(kind) => *kind == f.kind,
                Criterion::Illegal => f.severity == Severity::Illegal,
                Criterion::Unreadable | Criterion::Truncated => false,
            });
            if wanted {
                let mut place = String::new();
                if let Some(n) = f.move_number {
                    place.push_str(&format!("move {n}"));
                    if let Some(c) = f.color {
                        place.push_str(&format!(" {}", c.letter()));
                    }
                    if let Some(p) = &f.point {
                        place.push_str(&format!(" {p}"));
                    }
                    place.push_str(": ");
                }
                out.push(Problem {
                    title: format!("goref: {}", f.kind),
                    message: format!("{}: {at}{place}{} (rules {})", r.file, f.detail, r.rules),
                });
            }
        }
        if let Some(warning) = r.truncated()
            && self.criteria.contains(&Criterion::Truncated)
        {
            out.push(Problem {
                title: "goref: truncated".to_string(),
                message: format!("{}: {at}{}", r.file, warning.message),
            });
        }
        out
    }
}

/// One GitHub Actions workflow command: `::error file=PATH,title=TITLE::MESSAGE`.
///
/// `file` is the path relative to the working directory (the repository checkout in a
/// workflow); for an archive member (`ARCHIVE!MEMBER`), the archive file. Escaping follows GitHub's runner:
/// `%`, CR and LF in the message; those and `:` and `,` in properties.
pub fn github_annotation(file: &str, problem: &Problem, cwd: Option<&Path>) -> String {
    let file = disk_file(file);
    let relative = match cwd {
        Some(cwd) => Path::new(file)
            .strip_prefix(cwd)
            .map_or_else(|_| file.to_string(), |p| p.to_string_lossy().into_owned()),
        None => file.to_string(),
    };
    let relative = relative.strip_prefix("./").unwrap_or(&relative);
    format!(
        "::error file={},title={}::{}",
        escape_property(relative),
        escape_property(&problem.title),
        escape_data(&problem.message)
    )
}

/// The file on disk behind a unit's name: the name itself, or the longest prefix before
/// a `!` that is a file (an archive holding the member).
fn disk_file(name: &str) -> &str {
    if Path::new(name).exists() {
        return name;
    }
    name.match_indices('!')
        .map(|(i, _)| &name[..i])
        .rfind(|prefix| Path::new(prefix).is_file())
        .unwrap_or(name)
}

fn escape_data(s: &str) -> String {
    s.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

fn escape_property(s: &str) -> String {
    escape_data(s).replace(':', "%3A").replace(',', "%2C")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn annotations_escape_as_github_reads_them() {
        let problem = Problem {
            title: "goref: ko".to_string(),
            message: "100% sure\nnext".to_string(),
        };
        assert_eq!(
            github_annotation("/r/a,b:c.sgf", &problem, Some(Path::new("/r"))),
            "::error file=a%2Cb%3Ac.sgf,title=goref%3A ko::100%25 sure%0Anext"
        );
        assert_eq!(
            github_annotation("./x.sgf", &problem, None),
            "::error file=x.sgf,title=goref%3A ko::100%25 sure%0Anext"
        );
    }

    #[test]
    fn fail_on_names_are_checked() {
        assert!(FailOn::parse("illegal,unreadable,superko,result-mismatch").is_ok());
        assert!(FailOn::parse("none").is_ok());
        assert!(FailOn::parse("bogus").is_err());
    }
}
