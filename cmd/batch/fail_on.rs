//! `--fail-on`: which problems of a row make the run fail, and each problem worded for
//! the summary and for annotations: on one line, the file shown as
//! [`goref::text::shown`] writes it.

use anyhow::{Result, bail};
use goref::replay::{FindingKind, Severity};
use goref::report::GameReport;
use goref::text::{one_line, shown};
use goref::words::closest;

/// One thing `--fail-on` asks about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Criterion {
    Kind(FindingKind),
    /// Any finding of severity `illegal`.
    Illegal,
    /// A file or game that could not be read, or a game whose main line could not be
    /// read to its end (a `truncated` finding).
    Unreadable,
    /// A game the loader read only up to damage in the record, in its main line or in a
    /// variation.
    Truncated,
}

/// The `--fail-on` list.
#[derive(Debug, Clone, Default)]
pub struct FailOn {
    criteria: Vec<Criterion>,
}

/// A problem found in a row, for annotations.
pub struct Problem {
    /// `goref: KIND`.
    pub title: String,
    /// Where it is: `FILE: ` or `FILE: game 2: `.
    pub at: String,
    /// What it is: `move 57 W D4: SENTENCE (rules chinese)`.
    pub detail: String,
}

impl Problem {
    /// Where and what, in one line.
    pub fn message(&self) -> String {
        format!("{}{}", self.at, self.detail)
    }
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
                        let groups = ["illegal", "unreadable", "truncated", "none"];
                        let guess = closest(
                            &name.to_ascii_lowercase(),
                            groups.iter().chain(&kinds).copied(),
                        )
                        .map(|g| format!("; did you mean {g}?"))
                        .unwrap_or_default();
                        bail!(
                            "--fail-on {name}: unknown kind{guess} (use illegal, unreadable, truncated, none or a finding kind: {})",
                            kinds.join(", ")
                        )
                    }
                },
            }
        }
        Ok(FailOn { criteria })
    }

    /// The problems of `r` that `--fail-on` names: one per matching finding (a result
    /// mismatch is one; `unreadable` matches a `truncated` finding, a main line not read
    /// to its end), one for an unreadable file or game, one for a game truncated in a
    /// variation only.
    pub fn problems(&self, r: &GameReport) -> Vec<Problem> {
        let mut out = Vec::new();
        if self.criteria.is_empty() {
            return out;
        }
        let at = if r.game == 0 {
            format!("{}: ", shown(&r.file))
        } else {
            format!("{}: game {}: ", shown(&r.file), r.game)
        };
        if let Some(error) = &r.error {
            if self.criteria.contains(&Criterion::Unreadable) {
                out.push(Problem {
                    title: "goref: unreadable".to_string(),
                    at,
                    detail: crate::words::error(error),
                });
            }
            return out;
        }
        for f in &r.findings {
            let wanted = self.criteria.iter().any(|c| match c {
                Criterion::Kind(kind) => *kind == f.kind,
                Criterion::Illegal => f.severity == Severity::Illegal,
                Criterion::Unreadable | Criterion::Truncated => f.kind == FindingKind::Truncated,
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
                // A main line cut short: the loader's warning says where, to the line.
                let detail = match r.truncated() {
                    Some(warning) if f.kind == FindingKind::Truncated => {
                        one_line(&warning.message).into_owned()
                    }
                    _ => format!("{place}{} (rules {})", one_line(&f.detail), r.rules),
                };
                out.push(Problem {
                    title: format!("goref: {}", f.kind),
                    at: at.clone(),
                    detail,
                });
            }
        }
        let cut_reported = out.iter().any(|p| p.title == "goref: truncated");
        if let Some(warning) = r.truncated()
            && self.criteria.contains(&Criterion::Truncated)
            && !cut_reported
        {
            out.push(Problem {
                title: "goref: truncated".to_string(),
                at,
                detail: one_line(&warning.message).into_owned(),
            });
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fail_on_names_are_checked() {
        assert!(FailOn::parse("illegal,unreadable,superko,result-mismatch").is_ok());
        assert!(FailOn::parse("none").is_ok());
        assert!(FailOn::parse("bogus").is_err());
    }

    /// Issue 30, item 6: a misspelt name listed the valid ones without a guess.
    #[test]
    fn a_misspelt_name_gets_a_guess() {
        let said = |list: &str| FailOn::parse(list).unwrap_err().to_string();
        assert!(
            said("ilegal")
                .starts_with("--fail-on ilegal: unknown kind; did you mean illegal? (use "),
            "{}",
            said("ilegal")
        );
        assert!(said("illegal,Result-Mismach").contains("did you mean result-mismatch?"));
        assert!(said("superk").contains("did you mean superko?"));
        assert!(!said("bogus").contains("did you mean"), "{}", said("bogus"));
    }
}
