//! `goref validate`'s text: one block per game, a heading, the rule set, a verdict, then
//! one line per finding and per warning. Record text (the file, the players, the result)
//! is shown as [`goref::text::shown`] writes it; sentences are on one line.

use std::io::{self, Write};

use goref::replay::Severity;
use goref::report::{FindingReport, GameReport};
use goref::rules::RulesOrigin;
use goref::text::{one_line, shown};
use goref::words::{format_points, plural};

use super::{Blocks, ReportWriter};
use crate::words;

pub struct TextWriter<W: Write> {
    blocks: Blocks<W>,
}

impl<W: Write> TextWriter<W> {
    pub fn new(out: W) -> Self {
        TextWriter {
            blocks: Blocks::new(out),
        }
    }
}

impl<W: Write> ReportWriter for TextWriter<W> {
    fn game(&mut self, r: &GameReport) -> io::Result<()> {
        write_text(self.blocks.next()?, r)
    }

    fn finish(&mut self, _summary: Option<&serde_json::Value>) -> io::Result<()> {
        self.blocks.out.flush()
    }
}

/// The text block for one game.
fn write_text(out: &mut impl Write, r: &GameReport) -> io::Result<()> {
    if let Some(error) = &r.error {
        writeln!(out, "{}{}", shown(&r.file), game_number(r))?;
        return writeln!(out, "  verdict: UNREADABLE: {}", words::error(error));
    }
    writeln!(out, "{}", heading(r))?;
    let origin = match r.rules_origin {
        RulesOrigin::Option => "chosen with --rules",
        RulesOrigin::Record => "from the record's RU",
        RulesOrigin::Place => "the rules of the server in the record's PC",
        RulesOrigin::Default => "default",
    };
    writeln!(out, "  rules: {} ({origin})", r.rules)?;
    let illegal = r.illegal_count;
    let warnings = r
        .findings
        .iter()
        .filter(|f| f.severity == Severity::Warning)
        .count();
    let verdict = if illegal == 0 && r.valid {
        "VALID: no illegal move".to_string()
    } else if illegal == 0 {
        // The main line was not read to its end (a `truncated` finding).
        "TRUNCATED: no illegal move in the part read".to_string()
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
        writeln!(out, "  note: {}", words::warning(w))?;
    }
    Ok(())
}

/// `, game 2`, or nothing for a whole file.
fn game_number(r: &GameReport) -> String {
    if r.game == 0 {
        String::new()
    } else {
        format!(", game {}", r.game)
    }
}

/// `file, game 1: Alice (B) vs Bob (W), 19x19, komi 6.5, handicap 2, 211 moves, result W+R`
pub fn heading(r: &GameReport) -> String {
    let players = format!(
        "{} (B) vs {} (W)",
        r.black.as_deref().map_or("?".into(), shown),
        r.white.as_deref().map_or("?".into(), shown)
    );
    let size = r.size.as_deref().map_or(String::new(), |s| {
        if s.contains('x') {
            s.to_string()
        } else {
            format!("{s}x{s}")
        }
    });
    let komi = r.komi.map_or("no komi recorded".to_string(), |k| {
        format!("komi {}", format_points(k))
    });
    let handicap = match r.handicap {
        Some(h) if h >= 2 => format!(", handicap {h}"),
        _ => String::new(),
    };
    format!(
        "{}{}: {players}, {size}, {komi}{handicap}, {} moves, result {}",
        shown(&r.file),
        game_number(r),
        r.moves.unwrap_or(0),
        r.recorded_result
            .as_deref()
            .map_or("not recorded".into(), shown)
    )
}

/// `move 57 W D4 (dp): occupied: <sentence> [illegal, consequence: loss]`
pub fn finding_line(f: &FindingReport) -> String {
    let mut place = String::new();
    if let Some(line) = &f.line {
        place.push_str(&format!("variation {line}: "));
    }
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
        one_line(&f.detail),
        f.severity.as_str(),
        f.consequence.as_str()
    )
}
