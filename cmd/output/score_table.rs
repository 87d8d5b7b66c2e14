//! `goref score`'s text: one table per game with a column per rule set (what each total
//! is made of, the result, the recorded result and whether they match), then the dead
//! stones, findings, notes and errors, each line naming its rule set. Record text is
//! shown as [`goref::text::shown`] writes it.

use std::io::{self, Write};

use goref::adjudicate::Agreement;
use goref::report::GameReport;
use goref::rules::Counting;
use goref::score::{Count, SideCount};
use goref::text::shown;
use goref::words::format_points;

use super::text::{finding_line, heading};
use super::{Blocks, ReportWriter};
use crate::words;

/// Collects the reports of one game (one per rule set) and writes them as one table.
pub struct ScoreTextWriter<W: Write> {
    blocks: Blocks<W>,
    pending: Vec<GameReport>,
    /// Rule sets per game: with one, each report is written at once, unbuffered.
    columns: usize,
}

impl<W: Write> ScoreTextWriter<W> {
    pub fn new(out: W, columns: usize) -> Self {
        ScoreTextWriter {
            blocks: Blocks::new(out),
            pending: Vec::new(),
            columns,
        }
    }

    fn flush_game(&mut self) -> io::Result<()> {
        if self.pending.is_empty() {
            return Ok(());
        }
        let reports = std::mem::take(&mut self.pending);
        write_game(self.blocks.next()?, &reports)
    }
}

impl<W: Write> ReportWriter for ScoreTextWriter<W> {
    fn game(&mut self, report: &GameReport) -> io::Result<()> {
        if self.columns <= 1 {
            return write_game(self.blocks.next()?, std::slice::from_ref(report));
        }
        let same = self
            .pending
            .first()
            .is_some_and(|first| first.file == report.file && first.game == report.game);
        if !same {
            self.flush_game()?;
        }
        self.pending.push(report.clone());
        Ok(())
    }

    fn finish(&mut self, _summary: Option<&serde_json::Value>) -> io::Result<()> {
        self.flush_game()?;
        self.blocks.out.flush()
    }
}

/// One row of the table.
struct Line {
    label: &'static str,
    /// The cell of one report; `None` shows as `-`.
    cell: fn(&GameReport) -> Option<String>,
    /// Shown even when every cell is `-` (otherwise such a row is left out).
    always: bool,
}

const fn line(label: &'static str, cell: fn(&GameReport) -> Option<String>) -> Line {
    Line {
        label,
        cell,
        always: false,
    }
}

/// A part of each side's total, as goref's tables show it: its name, and its value for
/// one side (`None`: the rule set has no such part for that side).
pub struct Part {
    pub name: &'static str,
    pub side: fn(&SideCount) -> Option<String>,
}

const STONES: Part = Part {
    name: "stones",
    side: |s| s.stones.map(|n| n.to_string()),
};
const TERRITORY: Part = Part {
    name: "territory",
    side: |s| Some(s.territory.to_string()),
};
const PRISONERS: Part = Part {
    name: "prisoners",
    side: |s| s.prisoners().map(|n| n.to_string()),
};
const PASS_STONES: Part = Part {
    name: "pass stones",
    side: |s| s.pass_stones.map(|n| n.to_string()),
};
const NEUTRAL: Part = Part {
    name: "neutral shared",
    side: |s| s.neutral_share.map(format_points),
};
const HANDICAP_BONUS: Part = Part {
    name: "handicap bonus",
    side: |s| s.handicap_bonus.map(|n| n.to_string()),
};
const KOMI: Part = Part {
    name: "komi",
    side: |s| s.komi.map(format_points),
};
const LAST_MOVE: Part = Part {
    name: "last move",
    side: |s| s.last_move.map(format_points),
};
const BUTTON: Part = Part {
    name: "button",
    side: |s| s.button.map(format_points),
};

/// Every part of a side's total, in the order the tables show them; the total is their
/// sum.
pub const PARTS: [Part; 9] = [
    STONES,
    TERRITORY,
    PRISONERS,
    PASS_STONES,
    NEUTRAL,
    HANDICAP_BONUS,
    KOMI,
    LAST_MOVE,
    BUTTON,
];

/// The rows, top to bottom.
const LINES: [Line; 19] = [
    line("verdict", |r| {
        Some(if r.error.is_some() {
            "ERROR".to_string()
        } else if r.illegal_count == 0 && r.valid {
            "VALID".to_string()
        } else if r.illegal_count == 0 {
            "TRUNCATED".to_string()
        } else {
            format!("ILLEGAL ({})", r.illegal_count)
        })
    }),
    line("counting", |r| {
        Some(match breakdown(r) {
            Some(c) => {
                let method = match c.counting {
                    Counting::Area => "area",
                    Counting::Territory => "territory",
                };
                if c.half_board.is_some() {
                    format!("{method}, half board")
                } else {
                    method.to_string()
                }
            }
            None => "not counted".to_string(),
        })
    }),
    line("dead stones", |r| {
        let s = r.score.as_ref()?;
        (s.scored || s.breakdown.is_some())
            .then(|| format!("{} ({})", s.dead_source.as_str(), s.dead_stones.len()))
    }),
    line("stones B / W", |r| sides(r, STONES.side)),
    line("territory B / W", |r| sides(r, TERRITORY.side)),
    line("prisoners B / W", |r| sides(r, PRISONERS.side)),
    line("pass stones B / W", |r| sides(r, PASS_STONES.side)),
    line("neutral shared B / W", |r| sides(r, NEUTRAL.side)),
    line("handicap bonus W", |r| {
        (HANDICAP_BONUS.side)(&breakdown(r)?.white)
    }),
    line("komi W", |r| (KOMI.side)(&breakdown(r)?.white)),
    line("last move B", |r| (LAST_MOVE.side)(&breakdown(r)?.black)),
    line("button B / W", |r| sides(r, BUTTON.side)),
    line("half board B / needed", |r| {
        let h = breakdown(r)?.half_board.as_ref()?;
        Some(format!(
            "{} / {}",
            format_points(h.black_count),
            format_points(h.target)
        ))
    }),
    line("total B", |r| r.score.as_ref()?.black.map(format_points)),
    line("total W", |r| r.score.as_ref()?.white.map(format_points)),
    // A recorded result kept as goref's is the record's text.
    line("result", |r| {
        Some(shown(&r.score.as_ref()?.result).into_owned())
    }),
    line("decided by", |r| {
        Some(r.score.as_ref()?.decided_by.described())
    }),
    Line {
        label: "recorded",
        cell: |r| {
            r.recorded_result
                .as_deref()
                .map(|re| shown(re).into_owned())
        },
        always: true,
    },
    Line {
        label: "matches",
        cell: |r| {
            let matches = r.score.as_ref()?.result_matches?;
            Some(
                match matches {
                    Agreement::Agrees => "yes",
                    Agreement::Disagrees => "NO",
                    Agreement::Uncertain => "uncertain",
                }
                .to_string(),
            )
        },
        always: true,
    },
];

fn breakdown(r: &GameReport) -> Option<&Count> {
    r.score.as_ref()?.breakdown.as_ref()
}

/// A `B / W` cell from one part of each side's count: `-` for a side without the part,
/// no cell when neither has it.
fn sides(r: &GameReport, part: fn(&SideCount) -> Option<String>) -> Option<String> {
    let c = breakdown(r)?;
    match (part(&c.black), part(&c.white)) {
        (None, None) => None,
        (b, w) => Some(format!(
            "{} / {}",
            b.as_deref().unwrap_or("-"),
            w.as_deref().unwrap_or("-")
        )),
    }
}

/// One game counted under several rule sets: the heading, the table, then what the
/// table cannot show.
fn write_game(out: &mut impl Write, reports: &[GameReport]) -> io::Result<()> {
    let Some(head) = reports.first() else {
        return Ok(());
    };
    if head.game == 0 {
        writeln!(out, "{}", shown(&head.file))?;
        let error = head.error.as_ref().map(words::error);
        return writeln!(out, "  error: {}", error.as_deref().unwrap_or("unreadable"));
    }
    writeln!(out, "{}", heading(head))?;
    write_table(out, reports)?;
    write_details(out, reports)
}

/// The table: a label column as wide as the longest label plus two spaces (so tables
/// line up from one game to the next), then one column per rule set.
fn write_table(out: &mut impl Write, reports: &[GameReport]) -> io::Result<()> {
    let label_width = LINES.iter().map(|l| l.label.len()).max().unwrap_or(0) + 2;
    let cells: Vec<Vec<String>> = LINES
        .iter()
        .map(|line| {
            reports
                .iter()
                .map(|r| (line.cell)(r).unwrap_or_else(|| "-".to_string()))
                .collect()
        })
        .collect();
    let widths: Vec<usize> = reports
        .iter()
        .enumerate()
        .map(|(i, r)| {
            cells
                .iter()
                .map(|row| row[i].len())
                .chain([r.rules.len()])
                .max()
                .unwrap_or(0)
                + 2
        })
        .collect();
    let text = |label: &str, values: &mut dyn Iterator<Item = &str>| {
        let mut text = format!("  {label:<label_width$}");
        for (value, width) in values.zip(&widths) {
            text.push_str(&format!("{value:<width$}"));
        }
        text.trim_end().to_string()
    };
    writeln!(
        out,
        "{}",
        text("rules", &mut reports.iter().map(|r| r.rules.as_str()))
    )?;
    for (line, row) in LINES.iter().zip(&cells) {
        if line.always || row.iter().any(|c| c != "-") {
            writeln!(
                out,
                "{}",
                text(line.label, &mut row.iter().map(String::as_str))
            )?;
        }
    }
    Ok(())
}

/// Dead stones (each list once), then per rule set its error, findings and notes, and
/// the game's warnings once.
fn write_details(out: &mut impl Write, reports: &[GameReport]) -> io::Result<()> {
    let mut dead_lists: Vec<&[goref::point::D4Name]> = Vec::new();
    for r in reports {
        if let Some(s) = &r.score
            && !s.dead_stones.is_empty()
            && !dead_lists.contains(&s.dead_stones.as_slice())
        {
            dead_lists.push(&s.dead_stones);
            writeln!(
                out,
                "  dead stones ({}): {}",
                s.dead_source.as_str(),
                s.dead_stones.join(" ")
            )?;
        }
    }
    let mut said: Vec<String> = Vec::new();
    for r in reports {
        if let Some(error) = &r.error {
            writeln!(out, "  {}: error: {}", r.rules, words::error(error))?;
        }
        for f in &r.findings {
            writeln!(out, "  {}: {}", r.rules, finding_line(f))?;
        }
        if let Some(s) = &r.score {
            for note in &s.notes {
                writeln!(out, "  {}: note: {}", r.rules, words::note(note))?;
            }
        }
        for w in &r.warnings {
            let w = words::warning(w);
            if !said.contains(&w) {
                writeln!(out, "  note: {w}")?;
                said.push(w);
            }
        }
    }
    Ok(())
}

/// The table of one game's count as rows of (label, value), the rule set first: the rows
/// `goref score` shows for it.
pub fn count_rows(report: &GameReport) -> Vec<(String, String)> {
    let mut rows = vec![("rules".to_string(), report.rules.clone())];
    for line in &LINES {
        let cell = (line.cell)(report);
        if line.always || cell.is_some() {
            rows.push((
                line.label.to_string(),
                cell.unwrap_or_else(|| "-".to_string()),
            ));
        }
    }
    rows
}

/// What the table of one game's count cannot show, as `goref score` says it: the dead
/// stones, the findings, the notes.
pub fn count_details(report: &GameReport) -> Vec<String> {
    let mut out = Vec::new();
    // Writing to memory cannot fail.
    let _ = write_details(&mut out, std::slice::from_ref(report));
    String::from_utf8_lossy(&out)
        .lines()
        .map(|l| l.trim_start().to_string())
        .collect()
}

/// The count of one game as `goref score` shows it (the table and what it cannot show),
/// without the heading: the lines under a diagram of the final position.
pub fn count_lines(report: &GameReport) -> Vec<String> {
    let mut out = Vec::new();
    let reports = std::slice::from_ref(report);
    // Writing to memory cannot fail.
    let _ = write_table(&mut out, reports).and_then(|()| write_details(&mut out, reports));
    String::from_utf8_lossy(&out)
        .lines()
        .map(str::to_string)
        .collect()
}
