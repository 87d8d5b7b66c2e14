//! Output writers: one per format behind one small trait, and the plumbing shared by the
//! subcommands (broken pipes, colour-free text).

use std::io::{self, Write};

use clap::ValueEnum;
use goref::replay::Severity;
use goref::report::{FindingReport, GameReport, RulesOrigin};
use goref::rules::Counting;
use goref::score::{Count, SideCount};
use goref::words::plural;
use serde::Serialize;

/// Output format of `validate` and `score`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// For people: one block per game.
    Text,
    /// One JSON document: `{"games": [...]}` (docs/formats.md).
    Json,
}

/// Receives game reports one by one and writes them in its format.
pub trait ReportWriter {
    fn game(&mut self, report: &GameReport) -> io::Result<()>;
    fn finish(&mut self) -> io::Result<()>;
}

/// Build the writer for `format` over standard output.
pub fn writer(format: Format) -> Box<dyn ReportWriter> {
    match format {
        Format::Text => Box::new(TextWriter {
            out: io::BufWriter::new(io::stdout()),
            first: true,
        }),
        Format::Json => Box::new(JsonWriter {
            out: io::BufWriter::new(io::stdout()),
            games: Vec::new(),
        }),
    }
}

struct TextWriter<W: Write> {
    out: W,
    first: bool,
}

impl<W: Write> ReportWriter for TextWriter<W> {
    fn game(&mut self, r: &GameReport) -> io::Result<()> {
        if !self.first {
            writeln!(self.out)?;
        }
        self.first = false;
        write_text(&mut self.out, r)
    }

    fn finish(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

/// Build the writer of `goref score` for `format` over standard output: text shows the
/// rule sets of one game side by side (`columns` rule sets per game); JSON is the same
/// document as `validate`'s, each entry with its `score`.
pub fn score_writer(format: Format, columns: usize) -> Box<dyn ReportWriter> {
    match format {
        Format::Text => Box::new(ScoreTextWriter {
            out: io::BufWriter::new(io::stdout()),
            pending: Vec::new(),
            first: true,
            columns,
        }),
        Format::Json => writer(Format::Json),
    }
}

/// Collects the reports of one game (one per rule set) and writes them as one table.
struct ScoreTextWriter<W: Write> {
    out: W,
    pending: Vec<GameReport>,
    first: bool,
    /// Rule sets per game: with one, each report is written at once, unbuffered.
    columns: usize,
}

impl<W: Write> ScoreTextWriter<W> {
    fn flush_game(&mut self) -> io::Result<()> {
        if self.pending.is_empty() {
            return Ok(());
        }
        if !self.first {
            writeln!(self.out)?;
        }
        self.first = false;
        let reports = std::mem::take(&mut self.pending);
        write_score_text(&mut self.out, &reports)
    }
}

impl<W: Write> ReportWriter for ScoreTextWriter<W> {
    fn game(&mut self, report: &GameReport) -> io::Result<()> {
        if self.columns <= 1 {
            if !self.first {
                writeln!(self.out)?;
            }
            self.first = false;
            return write_score_text(&mut self.out, std::slice::from_ref(report));
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

    fn finish(&mut self) -> io::Result<()> {
        self.flush_game()?;
        self.out.flush()
    }
}

/// Width of the row labels of the score table: the longest label plus two spaces, so that
/// tables line up from one game to the next.
const LABEL_WIDTH: usize = "half board B / needed".len() + 2;

/// One game counted under several rule sets: the heading, a table with one column per
/// rule set (rows: what each total is made of, the result, the recorded result and
/// whether they match), then findings, notes and errors, each line naming its rule set.
pub fn write_score_text(out: &mut impl Write, reports: &[GameReport]) -> io::Result<()> {
    let Some(head) = reports.first() else {
        return Ok(());
    };
    if head.game == 0 {
        writeln!(out, "{}", head.file)?;
        return writeln!(
            out,
            "  error: {}",
            head.error.as_deref().unwrap_or("unreadable")
        );
    }
    writeln!(out, "{}", heading(head))?;

    let pair = |b: Option<String>, w: Option<String>| match (b, w) {
        (None, None) => "-".to_string(),
        (b, w) => format!(
            "{} / {}",
            b.unwrap_or_else(|| "-".to_string()),
            w.unwrap_or_else(|| "-".to_string())
        ),
    };
    let num = |v: Option<u32>| v.map(|v| v.to_string());
    let pts = |v: Option<f64>| v.map(points);
    type Row = (&'static str, Box<dyn Fn(&GameReport) -> String>);
    let mut rows: Vec<Row> = vec![
        (
            "verdict",
            Box::new(|r: &GameReport| {
                if r.error.is_some() {
                    "ERROR".to_string()
                } else if r.illegal_count == 0 {
                    "VALID".to_string()
                } else {
                    format!("ILLEGAL ({})", r.illegal_count)
                }
            }),
        ),
        (
            "counting",
            Box::new(|r: &GameReport| match breakdown(r) {
                Some(c) => {
                    let method = if c.counting == Counting::Area {
                        "area"
                    } else {
                        "territory"
                    };
                    if c.half_board.is_some() {
                        format!("{method}, half board")
                    } else {
                        method.to_string()
                    }
                }
                None => "not counted".to_string(),
            }),
        ),
        (
            "dead stones",
            Box::new(|r: &GameReport| match &r.score {
                Some(s) if s.scored || s.breakdown.is_some() => {
                    format!("{} ({})", s.dead_source.as_str(), s.dead_stones.len())
                }
                _ => "-".to_string(),
            }),
        ),
        (
            "stones B / W",
            Box::new(move |r: &GameReport| side_pair(r, |s| num(s.stones), pair)),
        ),
        (
            "territory B / W",
            Box::new(move |r: &GameReport| side_pair(r, |s| Some(s.territory.to_string()), pair)),
        ),
        (
            "prisoners B / W",
            Box::new(move |r: &GameReport| side_pair(r, |s| num(s.prisoners()), pair)),
        ),
        (
            "pass stones B / W",
            Box::new(move |r: &GameReport| side_pair(r, |s| num(s.pass_stones), pair)),
        ),
        (
            "neutral shared B / W",
            Box::new(move |r: &GameReport| side_pair(r, |s| pts(s.neutral_share), pair)),
        ),
        (
            "handicap bonus W",
            Box::new(move |r: &GameReport| {
                breakdown(r)
                    .and_then(|c| num(c.white.handicap_bonus))
                    .unwrap_or_else(|| "-".to_string())
            }),
        ),
        (
            "komi W",
            Box::new(move |r: &GameReport| {
                breakdown(r)
                    .and_then(|c| pts(c.white.komi))
                    .unwrap_or_else(|| "-".to_string())
            }),
        ),
        (
            "last move B",
            Box::new(move |r: &GameReport| {
                breakdown(r)
                    .and_then(|c| pts(c.black.last_move))
                    .unwrap_or_else(|| "-".to_string())
            }),
        ),
        (
            "button B / W",
            Box::new(move |r: &GameReport| side_pair(r, |s| pts(s.button), pair)),
        ),
        (
            "half board B / needed",
            Box::new(
                |r: &GameReport| match breakdown(r).and_then(|c| c.half_board.as_ref()) {
                    Some(h) => format!("{} / {}", points(h.black_count), points(h.target)),
                    None => "-".to_string(),
                },
            ),
        ),
        (
            "total B",
            Box::new(move |r: &GameReport| {
                r.score
                    .as_ref()
                    .and_then(|s| pts(s.black))
                    .unwrap_or_else(|| "-".to_string())
            }),
        ),
        (
            "total W",
            Box::new(move |r: &GameReport| {
                r.score
                    .as_ref()
                    .and_then(|s| pts(s.white))
                    .unwrap_or_else(|| "-".to_string())
            }),
        ),
        (
            "result",
            Box::new(|r: &GameReport| {
                r.score
                    .as_ref()
                    .map_or_else(|| "-".to_string(), |s| s.result.clone())
            }),
        ),
        (
            "recorded",
            Box::new(|r: &GameReport| r.recorded_result.clone().unwrap_or_else(|| "-".to_string())),
        ),
        (
            "matches",
            Box::new(|r: &GameReport| {
                match r.score.as_ref().and_then(|s| s.result_matches) {
                    Some(true) => "yes",
                    Some(false) => "NO",
                    None => "-",
                }
                .to_string()
            }),
        ),
    ];

    // When no rule set counted the board, the parts of a count would all be `-` and be
    // left out below: skip computing them.
    if reports.iter().all(|r| breakdown(r).is_none()) {
        rows.retain(|(label, _)| {
            matches!(
                *label,
                "verdict" | "counting" | "result" | "recorded" | "matches"
            )
        });
    }
    let label_width = LABEL_WIDTH;
    let cells: Vec<Vec<String>> = rows
        .iter()
        .map(|(_, cell)| reports.iter().map(cell).collect())
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
    let line = |label: &str, values: &mut dyn Iterator<Item = &str>| {
        let mut text = format!("  {label:<label_width$}");
        for (value, width) in values.zip(&widths) {
            text.push_str(&format!("{value:<width$}"));
        }
        text.trim_end().to_string()
    };
    writeln!(
        out,
        "{}",
        line("rules", &mut reports.iter().map(|r| r.rules.as_str()))
    )?;
    for ((label, _), row) in rows.iter().zip(&cells) {
        // Rows that say nothing for any rule set are left out.
        if row.iter().all(|c| c == "-") && !matches!(*label, "recorded" | "matches") {
            continue;
        }
        writeln!(out, "{}", line(label, &mut row.iter().map(String::as_str)))?;
    }

    let mut dead_lists: Vec<&[String]> = Vec::new();
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
    let mut said: Vec<&str> = Vec::new();
    for r in reports {
        if let Some(error) = &r.error {
            writeln!(out, "  {}: error: {error}", r.rules)?;
        }
        for f in &r.findings {
            writeln!(out, "  {}: {}", r.rules, finding_line(f))?;
        }
        if let Some(s) = &r.score {
            for note in &s.notes {
                writeln!(out, "  {}: note: {note}", r.rules)?;
            }
        }
        for w in &r.warnings {
            if !said.contains(&w.as_str()) {
                said.push(w);
                writeln!(out, "  note: {w}")?;
            }
        }
    }
    Ok(())
}

fn breakdown(r: &GameReport) -> Option<&Count> {
    r.score.as_ref().and_then(|s| s.breakdown.as_ref())
}

/// A `B / W` cell from one part of each side's count.
fn side_pair(
    r: &GameReport,
    part: impl Fn(&SideCount) -> Option<String>,
    pair: impl Fn(Option<String>, Option<String>) -> String,
) -> String {
    match breakdown(r) {
        Some(c) => pair(part(&c.black), part(&c.white)),
        None => "-".to_string(),
    }
}

fn points(value: f64) -> String {
    goref::words::format_points(value)
}

/// `file, game 1: Alice (B) vs Bob (W), 19x19, komi 6.5, handicap 2, 211 moves, result W+R`
fn heading(r: &GameReport) -> String {
    let game = if r.game == 0 {
        String::new()
    } else {
        format!(", game {}", r.game)
    };
    let players = format!(
        "{} (B) vs {} (W)",
        r.black.as_deref().unwrap_or("?"),
        r.white.as_deref().unwrap_or("?")
    );
    let size = r.size.as_deref().map_or(String::new(), |s| {
        if s.contains('x') {
            s.to_string()
        } else {
            format!("{s}x{s}")
        }
    });
    let komi = r.komi.map_or("no komi recorded".to_string(), |k| {
        format!("komi {}", goref::words::format_points(k))
    });
    let handicap = match r.handicap {
        Some(h) if h >= 2 => format!(", handicap {h}"),
        _ => String::new(),
    };
    format!(
        "{}{game}: {players}, {size}, {komi}{handicap}, {} moves, result {}",
        r.file,
        r.moves.unwrap_or(0),
        r.recorded_result.as_deref().unwrap_or("not recorded")
    )
}

/// The text block for one game: a heading, the rule set, a verdict, then one line per
/// finding and per warning.
pub fn write_text(out: &mut impl Write, r: &GameReport) -> io::Result<()> {
    let game = if r.game == 0 {
        String::new()
    } else {
        format!(", game {}", r.game)
    };
    if let Some(error) = &r.error {
        writeln!(out, "{}{game}", r.file)?;
        return writeln!(out, "  verdict: UNREADABLE: {error}");
    }
    writeln!(out, "{}", heading(r))?;
    let origin = match r.rules_origin {
        RulesOrigin::Option => "chosen with --rules",
        RulesOrigin::Record => "from the record's RU",
        RulesOrigin::Default => "default",
    };
    writeln!(out, "  rules: {} ({origin})", r.rules)?;
    let illegal = r.illegal_count;
    let warnings = r
        .findings
        .iter()
        .filter(|f| f.severity == Severity::Warning)
        .count();
    let verdict = if illegal == 0 {
        "VALID: no illegal move".to_string()
    } else {
        format!("ILLEGAL: {illegal} illegal move{}", plural(illegal))
    };
    let notes = if warnings == 0 {
        String::new()
    } else {
        format!(", {warnings} warning{}", plural(warnings))
    };
    writeln!(out, "  verdict: {verdict}{notes}")?;
    for f in &r.findings {
        writeln!(out, "  {}", finding_line(f))?;
    }
    for w in &r.warnings {
        writeln!(out, "  note: {w}")?;
    }
    Ok(())
}

/// `move 57 W D4 (dp): occupied: <sentence> [illegal, consequence: loss]`
pub fn finding_line(f: &FindingReport) -> String {
    let mut place = String::new();
    if let Some(n) = f.move_number {
        place.push_str(&format!("move {n}"));
        if let Some(c) = f.color {
            place.push_str(&format!(" {}", c.letter()));
        }
        if let (Some(p), Some(s)) = (&f.point, &f.sgf) {
            place.push_str(&format!(" {p} ({s})"));
        }
        place.push_str(": ");
    }
    format!(
        "{place}{}: {} [{}, consequence: {}]",
        f.kind,
        f.detail,
        f.severity.as_str(),
        f.consequence.as_str()
    )
}

struct JsonWriter<W: Write> {
    out: W,
    games: Vec<GameReport>,
}

#[derive(Serialize)]
struct JsonDocument<'a> {
    games: &'a [GameReport],
}

impl<W: Write> ReportWriter for JsonWriter<W> {
    fn game(&mut self, report: &GameReport) -> io::Result<()> {
        self.games.push(report.clone());
        Ok(())
    }

    fn finish(&mut self) -> io::Result<()> {
        serde_json::to_writer_pretty(&mut self.out, &JsonDocument { games: &self.games })?;
        writeln!(self.out)?;
        self.out.flush()
    }
}

/// Whether `error` (anywhere in its chain) is a closed standard output: `goref ... | head`
/// must end quietly.
pub fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    })
}
