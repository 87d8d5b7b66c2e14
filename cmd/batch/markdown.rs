//! `--summary-md OUT`: a short Markdown summary of the run for a CI page
//! (`$GITHUB_STEP_SUMMARY`): the counts, the findings by kind, and a table of the rows
//! that fail `--fail-on` (the first [`LISTED`]; the CSV and the HTML report have them all).
//!
//! Text from a record is only ever inside a code span ([`code`]): the file and the first
//! problem's sentence, which may quote a move value or `RE`. Nothing in a code span is
//! Markdown or HTML, a link, a mention or an emoji; the text is on one line (a line break
//! would end the table's row, and the next line could be a heading), and its pipes are
//! escaped so the row keeps its cells. The other cells are goref's own words.

use std::io::{self, Write};

use goref::report::GameReport;
use goref::text::{one_line, shown};

use super::fail_on::Problem;
use super::summary::Summary;

/// Failing rows listed in the table; a CI page shows the first screens only.
pub const LISTED: usize = 50;

#[derive(Default)]
pub struct MarkdownSummary {
    failing: Vec<String>,
    not_listed: usize,
}

/// A table cell of text that may come from a record (already shown on one line, by
/// [`shown`] or [`one_line`]): a code span whose fence is longer than any run of
/// backticks inside, padded with a space so a backtick at either end stays inside, with
/// its pipes escaped (GitHub's tables read `\|` as a pipe, inside code spans too).
fn code(text: &str) -> String {
    let text = one_line(text);
    let longest = text.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    let fence = "`".repeat(longest + 1);
    format!("{fence} {} {fence}", text.replace('|', "\\|"))
}

/// A table cell of goref's own words (the rule set, finding kinds): pipes escaped.
fn words(text: &str) -> String {
    text.replace('|', "\\|")
}

impl MarkdownSummary {
    /// A row and its `--fail-on` problems (none: the row passes).
    pub fn row(&mut self, r: &GameReport, problems: &[Problem]) {
        if problems.is_empty() {
            return;
        }
        if self.failing.len() >= LISTED {
            self.not_listed += 1;
            return;
        }
        let game = if r.game == 0 {
            "-".to_string()
        } else {
            r.game.to_string()
        };
        let mut kinds: Vec<&str> = Vec::new();
        for p in problems {
            let kind = p.title.strip_prefix("goref: ").unwrap_or(&p.title);
            if !kinds.contains(&kind) {
                kinds.push(kind);
            }
        }
        let first = problems.first().map_or("", |p| p.detail.as_str());
        self.failing.push(format!(
            "| {} | {game} | {} | {} | {} |",
            code(&shown(&r.file)),
            words(&r.rules),
            words(&kinds.join(", ")),
            code(first),
        ));
    }

    pub fn write(&self, out: &mut dyn Write, s: &Summary) -> io::Result<()> {
        let verdict = if s.failing == 0 {
            "no row fails".to_string()
        } else {
            format!("{} rows fail", s.failing)
        };
        writeln!(
            out,
            "### goref batch: {} games in {} files, {verdict}\n",
            s.games, s.files
        )?;
        writeln!(
            out,
            "| files | games | rows | valid | with illegal moves | unreadable | result mismatches | failing |"
        )?;
        writeln!(out, "|---:|---:|---:|---:|---:|---:|---:|---:|")?;
        writeln!(
            out,
            "| {} | {} | {} | {} | {} | {} | {} | {} |\n",
            s.files,
            s.games,
            s.rows,
            s.valid,
            s.illegal,
            s.unreadable,
            s.result_mismatches,
            s.failing
        )?;
        let kinds = s.finding_counts();
        if !kinds.is_empty() {
            writeln!(out, "Findings: {kinds}.\n")?;
        }
        if !self.failing.is_empty() {
            writeln!(out, "#### Rows that fail\n")?;
            writeln!(out, "| file | game | rules | problem | first one |")?;
            writeln!(out, "|---|---:|---|---|---|")?;
            for line in &self.failing {
                writeln!(out, "{line}")?;
            }
            if self.not_listed > 0 {
                writeln!(
                    out,
                    "\n{} more rows fail: the CSV and the HTML report list them all.",
                    self.not_listed
                )?;
            }
        }
        out.flush()
    }
}
