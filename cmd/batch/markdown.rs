//! `--summary-md OUT`: a short Markdown summary of the run for a CI page
//! (`$GITHUB_STEP_SUMMARY`): the counts, the findings by kind, and a table of the rows
//! that fail `--fail-on` (the first [`LISTED`]; the CSV and the HTML report have them all).
//! No links: file names are code spans, so nothing in them becomes one.

use std::io::{self, Write};

use goref::report::GameReport;

use super::fail_on::Problem;
use super::summary::Summary;

/// Failing rows listed in the table; a CI page shows the first screens only.
pub const LISTED: usize = 50;

#[derive(Default)]
pub struct MarkdownSummary {
    failing: Vec<String>,
    not_listed: usize,
}

/// Text for a table cell: one line, pipes escaped, in a code span when `code`.
fn cell(text: &str, code: bool) -> String {
    let one_line: String = text
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    if code {
        // A code span whose fence is longer than any run of backticks inside.
        let longest = one_line
            .split(|c| c != '`')
            .map(str::len)
            .max()
            .unwrap_or(0);
        let fence = "`".repeat(longest + 1);
        format!("{fence} {} {fence}", one_line.replace('|', "\\|"))
    } else {
        one_line.replace('|', "\\|")
    }
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
        self.failing.push(format!(
            "| {} | {game} | {} | {} | {} |",
            cell(&r.file, true),
            cell(&r.rules, false),
            cell(&kinds.join(", "), false),
            cell(&first_detail(r, problems), false),
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

/// The first problem's sentence, without the file and game it starts with (the table's
/// other cells say them).
fn first_detail(r: &GameReport, problems: &[Problem]) -> String {
    problems.first().map_or(String::new(), |p| {
        let text = p.message.as_str();
        let text = text.strip_prefix(&format!("{}: ", r.file)).unwrap_or(text);
        let text = text
            .strip_prefix(&format!("game {}: ", r.game))
            .unwrap_or(text);
        text.to_string()
    })
}
