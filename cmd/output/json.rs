//! The JSON document of `validate` and `score`: `{"games": [...]}`, one object per
//! report as docs/formats.md describes it.

use std::io::{self, Write};

use goref::report::GameReport;
use serde_json::{Value, json};

use super::ReportWriter;
use crate::words;

pub struct JsonWriter<W: Write> {
    out: W,
    games: Vec<Value>,
}

impl<W: Write> JsonWriter<W> {
    pub fn new(out: W) -> Self {
        JsonWriter {
            out,
            games: Vec::new(),
        }
    }
}

impl<W: Write> ReportWriter for JsonWriter<W> {
    fn game(&mut self, report: &GameReport) -> io::Result<()> {
        self.games.push(game(report)?);
        Ok(())
    }

    fn finish(&mut self, _summary: Option<&serde_json::Value>) -> io::Result<()> {
        serde_json::to_writer_pretty(&mut self.out, &json!({ "games": self.games }))?;
        writeln!(self.out)?;
        self.out.flush()
    }
}

/// A report as the library serialises it, with its error, warnings and notes worded by
/// the command line (naming the option that would change them).
fn game(report: &GameReport) -> io::Result<Value> {
    let mut value = serde_json::to_value(report)?;
    if let Some(error) = &report.error {
        value["error"] = json!(words::error(error));
    }
    value["warnings"] = report.warnings.iter().map(words::warning).collect();
    if let Some(score) = &report.score {
        value["score"]["notes"] = score.notes.iter().map(words::note).collect();
    }
    Ok(value)
}
