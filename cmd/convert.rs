//! `goref convert`: records in Tygem's GIB, WBaduk's NGF and Pandanet's UGF/UGI written as
//! SGF (FF[4], CA[UTF-8]), and SGF records re-encoded as UTF-8, so a mixed folder converts
//! whole.
//!
//! The inputs are read as `batch` reads them (files, folders, archives: `batch/inputs.rs`);
//! each record goes to `DIR` under its path as given (`games/a.gib` to
//! `DIR/games/a.gib.sgf`; a name already ending in `.sgf` is kept), escaped as the
//! annotated copies are (`annotate::copy_path`), so no name leaves `DIR`; two records that
//! would meet get ` (2)`, ` (3)`... before `.sgf`. Each file is written to a temporary
//! file and renamed into place once complete. A record that cannot be converted is an
//! error naming it (exit code 1); the others are still written.

use std::collections::HashSet;
use std::io::Write;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use goref::annotate::copy_path;
use goref::sgf::to_sgf;
use goref::text::shown;

use crate::Outcome;
use crate::batch::destination::temp_beside;
use crate::batch::inputs::{Content, Source, Visitor, split_name, walk};
use crate::places;
use crate::stdout::Stdout;

#[derive(clap::Args)]
pub struct Args {
    /// Records to convert: GIB, NGF, UGF/UGI or SGF files, folders (searched for them) and
    /// archives, as `goref batch` reads them; `-` reads standard input.
    #[arg(required = true, value_name = "PATH")]
    paths: Vec<String>,

    /// The folder the SGF files are written to (made when missing), outside the inputs.
    #[arg(long, value_name = "DIR", required = true)]
    to_dir: PathBuf,
}

pub fn run(args: Args) -> Result<Outcome> {
    refuse_overlap(&args.to_dir, &args.paths)?;
    std::fs::create_dir_all(&args.to_dir)
        .with_context(|| format!("cannot make --to-dir {}", args.to_dir.display()))?;
    let sources: Vec<Source> = args.paths.iter().cloned().map(Source::Path).collect();
    let mut converter = Converter {
        dir: args.to_dir,
        written: HashSet::new(),
        converted: 0,
        failed: 0,
        out: Stdout::buffered(),
    };
    let _ = walk(&sources, &mut converter);
    converter.out.flush().ok();
    crate::stdout::diagnostic(format_args!(
        "goref convert: {} record{} written as SGF, {} could not be\n",
        converter.converted,
        goref::words::plural(converter.converted),
        converter.failed
    ));
    Ok(if converter.failed > 0 || converter.converted == 0 {
        Outcome::Problems
    } else {
        Outcome::Clean
    })
}

/// `DIR` must not lie inside an input folder (its SGF files would be read as records by
/// the next run, and could replace the inputs), nor hold an input.
fn refuse_overlap(dir: &Path, paths: &[String]) -> Result<()> {
    let Some(target) = canonical_to_be(dir) else {
        return Ok(());
    };
    for path in paths.iter().filter(|p| *p != "-") {
        let Ok(input) = Path::new(path).canonicalize() else {
            continue;
        };
        let clash = if input.is_dir() {
            target.starts_with(&input) || input.starts_with(&target)
        } else {
            input.starts_with(&target)
        };
        if clash {
            bail!(
                "--to-dir {} and the input {} overlap: the SGF files would be written among \
                 the records they come from; choose a folder outside the inputs",
                dir.display(),
                shown(path)
            );
        }
    }
    Ok(())
}

/// Where `dir` is or will be: the canonical path of its nearest existing ancestor, with
/// the rest of `dir` below it.
fn canonical_to_be(dir: &Path) -> Option<PathBuf> {
    let mut missing = Vec::new();
    let mut at = if dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        dir
    };
    loop {
        if let Ok(found) = at.canonicalize() {
            return Some(missing.iter().rev().fold(found, |p, part| p.join(part)));
        }
        missing.push(at.file_name()?.to_os_string());
        at = match at.parent() {
            Some(parent) if !parent.as_os_str().is_empty() => parent,
            _ => Path::new("."),
        };
    }
}

struct Converter {
    dir: PathBuf,
    /// The files written by this run, lower-cased (so that two names differing only in
    /// case do not meet on a file system that ignores case).
    written: HashSet<String>,
    converted: u64,
    failed: u64,
    out: std::io::BufWriter<Stdout>,
}

impl Visitor for Converter {
    fn unit(&mut self, name: String, content: Content<'_>) -> ControlFlow<()> {
        match content.read().and_then(|bytes| self.convert(&name, &bytes)) {
            Ok((format, target)) => {
                self.converted += 1;
                let line = format!("{}: {format} -> {}\n", shown(&name), target.display());
                if self.out.write_all(line.as_bytes()).is_err() {
                    return ControlFlow::Break(());
                }
            }
            Err(error) => {
                self.failed += 1;
                crate::words::print_error(format_args!("cannot convert {}: {error}", shown(&name)));
            }
        }
        ControlFlow::Continue(())
    }
}

impl Converter {
    /// Convert one record and write it; its format and where it went.
    fn convert(&mut self, name: &str, bytes: &[u8]) -> Result<(&'static str, PathBuf), String> {
        let sgf = to_sgf(bytes).map_err(|e| e.to_string())?;
        let (path, member) = split_name(name);
        let target = self.target(path, member);
        if member.is_none() && path != "-" && places::same_file(Path::new(path), &target) {
            return Err(format!(
                "the SGF file would replace the record itself at {}",
                target.display()
            ));
        }
        write_whole(&target, sgf.text.as_bytes()).map_err(|e| format!("{e:#}"))?;
        Ok((sgf.format.name(), target))
    }

    /// Where the record `path` (or its member) goes: below `DIR`, named `.sgf`, never a
    /// name this run already wrote.
    fn target(&mut self, path: &str, member: Option<&str>) -> PathBuf {
        let relative = copy_path(path, member);
        let file = relative
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| "%stdin".to_string());
        let stem = if file.to_ascii_lowercase().ends_with(".sgf") {
            file[..file.len() - 4].to_string()
        } else {
            file
        };
        let folder = self.dir.join(relative.parent().unwrap_or(Path::new("")));
        let mut n = 1u64;
        loop {
            let name = if n == 1 {
                format!("{stem}.sgf")
            } else {
                format!("{stem} ({n}).sgf")
            };
            let target = folder.join(name);
            if self.written.insert(target.to_string_lossy().to_lowercase()) {
                return target;
            }
            n += 1;
        }
    }
}

/// Write `bytes` to `target` through a temporary file renamed into place.
fn write_whole(target: &Path, bytes: &[u8]) -> Result<()> {
    let folder = target.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(folder).with_context(|| format!("cannot make {}", folder.display()))?;
    let mut file =
        temp_beside(target).with_context(|| format!("cannot write in {}", folder.display()))?;
    file.write_all(bytes)
        .and_then(|()| file.flush())
        .with_context(|| format!("cannot write {}", target.display()))?;
    file.persist(target)
        .with_context(|| format!("cannot write {}", target.display()))?;
    Ok(())
}
