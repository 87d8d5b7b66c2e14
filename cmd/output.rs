//! Output writers: one per format behind one small trait, and the plumbing shared by the
//! subcommands (broken pipes, colour-free text).

use std::io::{self, Write};

use clap::ValueEnum;
use goref::replay::Severity;
use goref::report::{FindingReport, GameReport, RulesOrigin};
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
        format!("komi {}", goref::result::format_points(k))
    });
    let handicap = match r.handicap {
        Some(h) if h >= 2 => format!(", handicap {h}"),
        _ => String::new(),
    };
    writeln!(
        out,
        "{}{game}: {players}, {size}, {komi}{handicap}, {} moves, result {}",
        r.file,
        r.moves.unwrap_or(0),
        r.recorded_result.as_deref().unwrap_or("not recorded")
    )?;
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

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
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
