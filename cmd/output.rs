//! Output writers: one per format behind one small trait ([`ReportWriter`]), and the
//! plumbing the subcommands share (broken pipes).
//!
//! - [`text`]: `validate`'s block per game;
//! - [`score_table`]: `score`'s table, one column per rule set;
//! - [`json`]: one JSON document per call;
//! - [`rows`]: one row per report, as CSV or JSON Lines (`batch`);
//! - [`spreadsheet`]: the text cells of every CSV file.

pub mod json;
pub mod rows;
pub mod score_table;
pub mod spreadsheet;
pub mod standings;
pub mod text;

use std::io::{self, Write};

use anyhow::Context;
use clap::ValueEnum;
use goref::report::GameReport;

use crate::Outcome;
use crate::input::read_input;
use crate::stdout::Stdout;

/// Output format of `validate` and `score`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// For people: one block per game.
    Text,
    /// One JSON document: `{"games": [...]}` (docs/formats.md).
    Json,
}

/// Receives game reports one by one, in output order, and writes them in its format.
pub trait ReportWriter {
    fn game(&mut self, report: &GameReport) -> io::Result<()>;
    /// Write what follows the reports and flush; the output is complete afterwards.
    /// `summary` is the run's summary object, for the formats that carry one (JSON Lines).
    fn finish(&mut self, summary: Option<&serde_json::Value>) -> io::Result<()>;
}

/// The writer of `goref validate` for `format` over standard output.
pub fn writer(format: Format) -> Box<dyn ReportWriter> {
    let out = Stdout::buffered();
    match format {
        Format::Text => Box::new(text::TextWriter::new(out)),
        Format::Json => Box::new(json::JsonWriter::new(out)),
    }
}

/// The writer of `goref score` for `format` over standard output: text shows the rule
/// sets of one game side by side (`columns` rule sets per game); JSON is the same
/// document as `validate`'s, each entry with its `score`.
pub fn score_writer(format: Format, columns: usize) -> Box<dyn ReportWriter> {
    match format {
        Format::Text => Box::new(score_table::ScoreTextWriter::new(
            Stdout::buffered(),
            columns,
        )),
        Format::Json => writer(Format::Json),
    }
}

/// Check every file of `files` with `check` (given the file's bytes or why they could not
/// be read) and write each report; [`Outcome::Problems`] when `problem` holds for one.
pub fn report_files(
    files: &[String],
    writer: &mut dyn ReportWriter,
    check: impl Fn(&str, Result<Vec<u8>, String>) -> Vec<GameReport>,
    problem: fn(&GameReport) -> bool,
) -> anyhow::Result<Outcome> {
    let mut problems = false;
    for file in files {
        for r in &check(file, read_input(file)) {
            problems |= problem(r);
            writer.game(r).context("cannot write the report")?;
        }
    }
    writer.finish(None).context("cannot write the report")?;
    Ok(if problems {
        Outcome::Problems
    } else {
        Outcome::Clean
    })
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

/// Writes blocks separated by one empty line.
struct Blocks<W: Write> {
    out: W,
    first: bool,
}

impl<W: Write> Blocks<W> {
    fn new(out: W) -> Self {
        Blocks { out, first: true }
    }

    /// The writer for the next block, after the separating line.
    fn next(&mut self) -> io::Result<&mut W> {
        if !self.first {
            writeln!(self.out)?;
        }
        self.first = false;
        Ok(&mut self.out)
    }
}
