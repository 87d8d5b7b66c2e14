//! The batch outputs: one row per (game, rule set) as CSV or JSON Lines, behind one small
//! trait, written to standard output or to a temporary file renamed into place when
//! complete (so an interrupted run never leaves a half file at the output path).

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::PathBuf;

use anyhow::{Context, Result, bail};
use goref::replay::Severity;
use goref::report::GameReport;
use goref::words::format_points;
use serde_json::{Map, Value, json};

use super::summary::Summary;

/// The CSV header of DESIGN.md; JSON Lines objects use the same keys, in the same order.
pub const COLUMNS: [&str; 21] = [
    "file",
    "game",
    "rules",
    "size",
    "komi",
    "handicap",
    "black",
    "white",
    "moves",
    "valid",
    "illegal_count",
    "first_illegal_move",
    "first_illegal_kind",
    "recorded_result",
    "result",
    "black_score",
    "white_score",
    "margin",
    "dead_source",
    "result_matches",
    "error",
];

/// Receives rows in order, then the summary.
pub trait RowWriter {
    fn row(&mut self, report: &GameReport) -> io::Result<()>;
    /// Write what follows the rows and flush; the output is complete afterwards.
    fn finish(&mut self, summary: &Summary) -> io::Result<()>;
}

/// One row's values, typed, in [`COLUMNS`] order.
fn values(r: &GameReport) -> [Value; 21] {
    let first_illegal = r.findings.iter().find(|f| f.severity == Severity::Illegal);
    let score = r.score.as_ref();
    let points = |v: Option<f64>| v.map_or(Value::Null, |v| json!(v));
    [
        json!(r.file),
        json!(r.game),
        json!(r.rules),
        json!(r.size),
        points(r.komi),
        json!(r.handicap),
        json!(r.black),
        json!(r.white),
        json!(r.moves),
        json!(r.valid),
        json!(r.illegal_count),
        json!(first_illegal.and_then(|f| f.move_number)),
        json!(first_illegal.map(|f| f.kind.as_str())),
        json!(r.recorded_result),
        json!(score.map(|s| &s.result)),
        points(score.and_then(|s| s.black)),
        points(score.and_then(|s| s.white)),
        points(score.and_then(|s| s.margin)),
        json!(score.map(|s| s.dead_source.as_str())),
        json!(score.and_then(|s| s.result_matches)),
        json!(r.error),
    ]
}

/// A CSV cell: empty for null, points as people write them (`6.5`, `7`).
fn cell(value: &Value) -> String {
    match value {
        Value::Null => String::new(),
        Value::String(s) => s.clone(),
        Value::Number(n) => match (n.as_u64(), n.as_f64()) {
            (Some(u), _) => u.to_string(),
            (None, Some(f)) => format_points(f),
            (None, None) => n.to_string(),
        },
        other => other.to_string(),
    }
}

/// The I/O error inside a CSV error as it is, so a closed pipe is still recognised.
fn csv_to_io(error: csv::Error) -> io::Error {
    match error.into_kind() {
        csv::ErrorKind::Io(e) => e,
        other => io::Error::other(format!("{other:?}")),
    }
}

pub struct CsvWriter<W: Write> {
    out: csv::Writer<W>,
}

impl<W: Write> CsvWriter<W> {
    pub fn new(out: W) -> io::Result<Self> {
        let mut out = csv::WriterBuilder::new().from_writer(out);
        out.write_record(COLUMNS).map_err(csv_to_io)?;
        Ok(CsvWriter { out })
    }
}

impl<W: Write> RowWriter for CsvWriter<W> {
    fn row(&mut self, report: &GameReport) -> io::Result<()> {
        let cells = values(report).map(|v| cell(&v));
        self.out.write_record(&cells).map_err(csv_to_io)
    }

    fn finish(&mut self, _summary: &Summary) -> io::Result<()> {
        self.out.flush()
    }
}

pub struct JsonlWriter<W: Write> {
    out: W,
}

impl<W: Write> JsonlWriter<W> {
    pub fn new(out: W) -> Self {
        JsonlWriter { out }
    }
}

impl<W: Write> RowWriter for JsonlWriter<W> {
    fn row(&mut self, report: &GameReport) -> io::Result<()> {
        let mut object = Map::new();
        for (key, value) in COLUMNS.iter().zip(values(report)) {
            object.insert((*key).to_string(), value);
        }
        object.insert(
            "findings".to_string(),
            serde_json::to_value(&report.findings)?,
        );
        serde_json::to_writer(&mut self.out, &object)?;
        self.out.write_all(b"\n")
    }

    fn finish(&mut self, summary: &Summary) -> io::Result<()> {
        serde_json::to_writer(&mut self.out, &json!({ "summary": summary.to_json() }))?;
        self.out.write_all(b"\n")?;
        self.out.flush()
    }
}

/// Where an output goes: standard output, or a temporary file in the destination's
/// folder that [`Destination::commit`] renames into place. Dropped uncommitted (an error
/// part-way), the temporary file is removed.
pub enum Destination {
    Stdout,
    /// An existing path that is not a regular file (`/dev/null`, a named pipe,
    /// `/dev/stdout`): written in place, since renaming over it would replace the device
    /// or pipe with a file.
    Special {
        file: File,
    },
    File {
        temp: tempfile::NamedTempFile,
        path: PathBuf,
    },
}

impl Destination {
    /// `-` is standard output; anything else a file path.
    pub fn open(path: &str, flag: &str) -> Result<Destination> {
        if path == "-" {
            return Ok(Destination::Stdout);
        }
        let path = PathBuf::from(path);
        if let Ok(meta) = std::fs::metadata(&path)
            && !meta.is_file()
        {
            if meta.is_dir() {
                bail!("{flag} {}: is a folder, not a file", path.display());
            }
            let file = std::fs::OpenOptions::new()
                .write(true)
                .open(&path)
                .with_context(|| format!("{flag} {}: cannot open it", path.display()))?;
            return Ok(Destination::Special { file });
        }
        // A symbolic link to a file: replace the file it points to, and keep the link.
        let path = match std::fs::symlink_metadata(&path) {
            Ok(meta) if meta.file_type().is_symlink() => {
                std::fs::canonicalize(&path).unwrap_or(path)
            }
            _ => path,
        };
        let dir = match path.parent() {
            Some(dir) if !dir.as_os_str().is_empty() => dir.to_path_buf(),
            _ => PathBuf::from("."),
        };
        let file_name = path
            .file_name()
            .with_context(|| format!("{flag} {}: not a file name", path.display()))?;
        let prefix = format!(".{}.", file_name.to_string_lossy());
        let mut builder = tempfile::Builder::new();
        builder.prefix(&prefix).suffix(".goref-partial");
        // The file appears with the permissions a plain write would give it: those of the
        // file it replaces, else the usual ones under the umask (a temporary file would be
        // private to its owner).
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).map_or(0o666, |m| m.permissions().mode() & 0o7777);
            builder.permissions(std::fs::Permissions::from_mode(mode));
        }
        let temp = builder.tempfile_in(&dir).with_context(|| {
            format!(
                "{flag} {}: cannot create a file in {}",
                path.display(),
                dir.display()
            )
        })?;
        Ok(Destination::File { temp, path })
    }

    /// A writer over the destination.
    pub fn writer(&self) -> Result<Box<dyn Write + Send>> {
        Ok(match self {
            Destination::Stdout => Box::new(BufWriter::new(io::stdout())),
            Destination::Special { file } => Box::new(BufWriter::with_capacity(
                1 << 16,
                file.try_clone().context("cannot open the output")?,
            )),
            Destination::File { temp, .. } => Box::new(BufWriter::with_capacity(
                1 << 16,
                temp.as_file()
                    .try_clone()
                    .context("cannot open the output")?,
            )),
        })
    }

    /// Move the finished file into place.
    pub fn commit(self) -> Result<()> {
        match self {
            Destination::Stdout | Destination::Special { .. } => Ok(()),
            Destination::File { temp, path } => {
                temp.as_file()
                    .sync_all()
                    .with_context(|| format!("cannot write {}", path.display()))?;
                temp.persist(&path)
                    .map(|_: File| ())
                    .with_context(|| format!("cannot write {}", path.display()))
            }
        }
    }

    pub fn is_stdout(&self) -> bool {
        matches!(self, Destination::Stdout)
    }
}
