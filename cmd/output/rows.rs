//! The rows of `goref batch`: one per report, written as CSV or as JSON Lines from one
//! [`Row`] type, so the two formats have the same columns, names and order
//! (docs/formats.md). JSON Lines carries the record's text as data; CSV cells show it
//! ([`spreadsheet`]).

use std::io::{self, Write};

use goref::adjudicate::{Agreement, DecidedBy};
use goref::life::DeadSource;
use goref::replay::{FindingKind, Severity};
use goref::report::{FindingReport, GameReport};
use goref::words::push_points;
use serde::Serialize;
use serde_json::json;

use super::{ReportWriter, json, spreadsheet};
use crate::words;

/// Declares [`Row`] once: its fields are the CSV columns, in order, and the JSON Lines
/// keys.
macro_rules! row {
    ($($(#[$doc:meta])* $field:ident: $ty:ty,)+) => {
        /// One row: a game under one rule set, or a file or game that cannot be read.
        #[derive(Debug, Serialize)]
        pub struct Row<'a> {
            $($(#[$doc])* pub $field: $ty,)+
        }

        impl Row<'_> {
            /// The CSV header.
            pub const COLUMNS: &'static [&'static str] = &[$(stringify!($field)),+];

            /// Write the CSV cells, in [`Row::COLUMNS`] order, and end the record.
            /// `scratch` holds one cell at a time, so a row costs no allocation.
            fn write_cells<W: Write>(
                &self,
                out: &mut csv::Writer<W>,
                scratch: &mut String,
            ) -> csv::Result<()> {
                self.write_fields(out, scratch)?;
                out.write_record(None::<&[u8]>)
            }

            /// Write the CSV cells, in [`Row::COLUMNS`] order, leaving the record open.
            fn write_fields<W: Write>(
                &self,
                out: &mut csv::Writer<W>,
                scratch: &mut String,
            ) -> csv::Result<()> {
                $(
                    self.$field.write(out, scratch)?;
                )+
                Ok(())
            }
        }
    };
}

row! {
    file: &'a str,
    game: usize,
    rules: &'a str,
    size: Option<&'a str>,
    komi: Option<f64>,
    handicap: Option<u32>,
    black: Option<&'a str>,
    white: Option<&'a str>,
    moves: Option<usize>,
    valid: bool,
    illegal_count: usize,
    first_illegal_move: Option<usize>,
    first_illegal_kind: Option<FindingKind>,
    recorded_result: Option<&'a str>,
    result: Option<&'a str>,
    black_score: Option<f64>,
    white_score: Option<f64>,
    margin: Option<f64>,
    dead_source: Option<DeadSource>,
    result_matches: Option<Agreement>,
    error: Option<Sentence>,
    /// Added after the columns of the first release, so scripts that read columns by
    /// position keep working.
    decided_by: Option<DecidedBy>,
}

impl<'a> Row<'a> {
    pub fn new(r: &'a GameReport) -> Row<'a> {
        let first_illegal = r.findings.iter().find(|f| f.severity == Severity::Illegal);
        let score = r.score.as_ref();
        Row {
            file: &r.file,
            game: r.game,
            rules: &r.rules,
            size: r.size.as_deref(),
            komi: r.komi,
            handicap: r.handicap,
            black: r.black.as_deref(),
            white: r.white.as_deref(),
            moves: r.moves,
            valid: r.valid,
            illegal_count: r.illegal_count,
            first_illegal_move: first_illegal.and_then(|f| f.move_number),
            first_illegal_kind: first_illegal.map(|f| f.kind),
            recorded_result: r.recorded_result.as_deref(),
            result: score.map(|s| s.result.as_str()),
            black_score: score.and_then(|s| s.black),
            white_score: score.and_then(|s| s.white),
            margin: score.and_then(|s| s.margin),
            dead_source: score.map(|s| s.dead_source),
            result_matches: score.and_then(|s| s.result_matches),
            error: r.error.as_ref().map(|e| Sentence(words::error(e))),
            decided_by: score.map(|s| s.decided_by),
        }
    }
}

/// A sentence (the `error` column): in JSON Lines as it is, in CSV a cell of
/// [`spreadsheet::sentence`].
#[derive(Debug, Serialize)]
#[serde(transparent)]
pub struct Sentence(String);

/// A value as a CSV cell: empty for none, points as people write them (`6.5`, `7`), text
/// as [`spreadsheet`] writes it.
trait Cell {
    /// Append the cell's text to `out`.
    fn put(&self, out: &mut String);

    /// Write the cell as the next field of `out`, its text made in `scratch`.
    fn write<W: Write>(&self, out: &mut csv::Writer<W>, scratch: &mut String) -> csv::Result<()> {
        scratch.clear();
        self.put(scratch);
        out.write_field(scratch.as_bytes())
    }
}

impl<T: Cell> Cell for Option<T> {
    fn put(&self, out: &mut String) {
        if let Some(value) = self {
            value.put(out);
        }
    }

    fn write<W: Write>(&self, out: &mut csv::Writer<W>, scratch: &mut String) -> csv::Result<()> {
        match self {
            Some(value) => value.write(out, scratch),
            None => out.write_field(b""),
        }
    }
}

/// Cells written as the value displays itself.
macro_rules! cell_by_display {
    ($($ty:ty),+) => {
        $(impl Cell for $ty {
            fn put(&self, out: &mut String) {
                use std::fmt::Write as _;
                // Writing to a String cannot fail.
                let _ = write!(out, "{self}");
            }
        })+
    };
}

cell_by_display!(Agreement);

/// Cells of whole numbers, written as they display themselves, without the formatting
/// machinery (a batch writes several a row).
macro_rules! cell_by_itoa {
    ($($ty:ty),+) => {
        $(impl Cell for $ty {
            fn put(&self, out: &mut String) {
                out.push_str(itoa::Buffer::new().format(*self));
            }
        })+
    };
}

cell_by_itoa!(usize, u32);

impl Cell for bool {
    fn put(&self, out: &mut String) {
        out.push_str(if *self { "true" } else { "false" });
    }
}

/// Record text (the file, the players, the results) and goref's own words alike.
impl Cell for &str {
    fn put(&self, out: &mut String) {
        spreadsheet::record_text(self, out);
    }

    /// Written as its cell is, without a copy in `scratch` first.
    fn write<W: Write>(&self, out: &mut csv::Writer<W>, _: &mut String) -> csv::Result<()> {
        out.write_field(spreadsheet::record_text_cell(self).as_bytes())
    }
}

impl Cell for Sentence {
    fn put(&self, out: &mut String) {
        spreadsheet::sentence(&self.0, out);
    }
}

impl Cell for f64 {
    /// JSON has no value for a number that is not finite: such a cell is empty, as its
    /// JSON value is `null`.
    fn put(&self, out: &mut String) {
        if self.is_finite() {
            push_points(*self, out);
        }
    }
}

impl Cell for FindingKind {
    fn put(&self, out: &mut String) {
        out.push_str(self.as_str());
    }
}

impl Cell for DecidedBy {
    fn put(&self, out: &mut String) {
        out.push_str(self.as_str());
    }
}

impl Cell for DeadSource {
    fn put(&self, out: &mut String) {
        out.push_str(self.as_str());
    }
}

/// The I/O error inside a CSV error as it is, so a closed pipe is still recognised.
fn csv_to_io(error: csv::Error) -> io::Error {
    match error.into_kind() {
        csv::ErrorKind::Io(e) => e,
        other => io::Error::other(format!("{other:?}")),
    }
}

/// One CSV row per report, after the header.
pub struct CsvWriter<W: Write> {
    out: csv::Writer<W>,
    /// One cell's text at a time (see [`Row::write_cells`]).
    scratch: String,
    /// `batch --keep`: the columns [`KEEP_COLUMNS`] follow the others.
    keep: bool,
}

/// The columns `batch --keep` adds after [`Row::COLUMNS`] (only then, so a run without
/// it writes the header of the first release): `keep` (`true`/`false`) and
/// `drop_reasons` (the reasons' names separated by `;`, empty when kept).
pub const KEEP_COLUMNS: [&str; 2] = ["keep", "drop_reasons"];

impl<W: Write> CsvWriter<W> {
    /// A writer whose rows end with the `--keep` columns when `keep`.
    pub fn with_keep(out: W, keep: bool) -> io::Result<Self> {
        let mut out = csv::WriterBuilder::new().from_writer(out);
        let mut header: Vec<&str> = Row::COLUMNS.to_vec();
        if keep {
            header.extend(KEEP_COLUMNS);
        }
        out.write_record(header).map_err(csv_to_io)?;
        Ok(CsvWriter {
            out,
            scratch: String::new(),
            keep,
        })
    }
}

impl<W: Write> ReportWriter for CsvWriter<W> {
    fn game(&mut self, report: &GameReport) -> io::Result<()> {
        let row = Row::new(report);
        if !self.keep {
            return row
                .write_cells(&mut self.out, &mut self.scratch)
                .map_err(csv_to_io);
        }
        row.write_fields(&mut self.out, &mut self.scratch)
            .map_err(csv_to_io)?;
        let reasons = report.drop_reasons.as_deref().unwrap_or_default();
        let keep = if reasons.is_empty() { "true" } else { "false" };
        self.out.write_field(keep).map_err(csv_to_io)?;
        self.out.write_field(reasons.join(";")).map_err(csv_to_io)?;
        self.out.write_record(None::<&[u8]>).map_err(csv_to_io)
    }

    fn finish(&mut self, _summary: Option<&serde_json::Value>) -> io::Result<()> {
        self.out.flush()
    }
}

/// One JSON object per report (the row and its findings), then the summary object.
pub struct JsonlWriter<W: Write> {
    out: W,
}

impl<W: Write> JsonlWriter<W> {
    pub fn new(out: W) -> Self {
        JsonlWriter { out }
    }
}

/// A JSON Lines object: the row's keys, then `findings`, then with `batch --keep` its
/// verdict (`keep`, and `drop_reasons` as a list of names).
#[derive(Serialize)]
struct Line<'a> {
    #[serde(flatten)]
    row: Row<'a>,
    findings: &'a [FindingReport],
    #[serde(skip_serializing_if = "Option::is_none")]
    keep: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    drop_reasons: Option<&'a [&'static str]>,
}

impl<W: Write> ReportWriter for JsonlWriter<W> {
    fn game(&mut self, report: &GameReport) -> io::Result<()> {
        let line = Line {
            row: Row::new(report),
            findings: &report.findings,
            keep: report.drop_reasons.as_ref().map(Vec::is_empty),
            drop_reasons: report.drop_reasons.as_deref(),
        };
        let text = json::safe(serde_json::to_string(&line)?);
        self.out.write_all(text.as_bytes())?;
        self.out.write_all(b"\n")
    }

    fn finish(&mut self, summary: Option<&serde_json::Value>) -> io::Result<()> {
        if let Some(summary) = summary {
            let text = json::safe(serde_json::to_string(&json!({ "summary": summary }))?);
            self.out.write_all(text.as_bytes())?;
            self.out.write_all(b"\n")?;
        }
        self.out.flush()
    }
}
