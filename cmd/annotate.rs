//! `--annotate-dir DIR` on `validate`, `score`, `batch` and `standings`: an annotated copy
//! of each record (`goref::annotate`) written below DIR.
//!
//! A copy keeps the record's path as given (`games/round1/a.sgf` goes to
//! `DIR/games/round1/a.sgf`), an archive's members go below a folder named after the
//! archive (`DIR/games.zip/round1/a.sgf`), and the few paths that could meet are escaped
//! (`annotate::copy_path`), so two records never share a copy. Each copy is written to a
//! temporary file beside its place and renamed into it once complete: a copy is there
//! whole or not at all. A copy that cannot be made is an error naming the record, which
//! makes the exit code 1; the other copies are still written.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use anyhow::{Context, Result, bail};
use goref::annotate::{annotated_copy, copy_path};
use goref::check::CheckedFile;

use crate::Outcome;
use crate::batch::destination::temp_beside;
use crate::places;

/// The option, flattened into each command's `Args`.
#[derive(clap::Args, Debug, Default)]
pub struct AnnotateOptions {
    /// Write a copy of each record below DIR with what goref saw: a comment on every node
    /// with a finding (what, why, its consequence), the result and what decided it in the
    /// root comment, and the counted position's territory marked (TB/TW, dead stones MA).
    /// Every original property is kept; copies are UTF-8 (CA[UTF-8]).
    #[arg(long, value_name = "DIR")]
    pub annotate_dir: Option<PathBuf>,
}

/// Writes the annotated copies of one run.
pub struct Annotator {
    dir: PathBuf,
    failed: AtomicUsize,
}

impl Annotator {
    /// The annotator for `options`, with its folder made, or `None` when no folder was
    /// asked for.
    ///
    /// The copies of `inputs` (paths as given) must not land on an input or inside an
    /// input folder: that is a usage error, before anything is read.
    pub fn new(options: &AnnotateOptions, inputs: &[String]) -> Result<Option<Annotator>> {
        let Some(dir) = &options.annotate_dir else {
            return Ok(None);
        };
        let mut plan = places::Plan::default();
        for input in inputs {
            plan.input(input);
        }
        plan.annotate_dir(Some(dir)).check()?;
        std::fs::create_dir_all(dir)
            .with_context(|| format!("cannot make --annotate-dir {}", dir.display()))?;
        Ok(Some(Annotator {
            dir: dir.clone(),
            failed: AtomicUsize::new(0),
        }))
    }

    /// Write the copy of the record `path` (or of its archive member `member`), whose
    /// `bytes` were checked into `checked`. A file that could not be read at all gets no
    /// copy (its report says why). The error is a sentence naming the record; it is
    /// counted in [`Annotator::failed`] and the caller prints it.
    pub fn write(
        &self,
        path: &str,
        member: Option<&str>,
        bytes: &[u8],
        checked: &CheckedFile,
    ) -> Result<(), String> {
        if !checked.games.as_ref().is_ok_and(|games| !games.is_empty()) {
            return Ok(());
        }
        self.try_write(path, member, bytes, checked)
            .map_err(|error| {
                self.failed.fetch_add(1, Ordering::Relaxed);
                let name = member.map_or_else(|| path.to_string(), |m| format!("{path}!{m}"));
                format!("cannot annotate {name}: {error:#}")
            })
    }

    /// [`Annotator::write`] for a command that reads one file at a time: the error is
    /// printed at once.
    pub fn write_now(&self, path: &str, bytes: &[u8], checked: &CheckedFile) {
        if let Err(error) = self.write(path, None, bytes, checked) {
            crate::words::print_error(error);
        }
    }

    fn try_write(
        &self,
        path: &str,
        member: Option<&str>,
        bytes: &[u8],
        checked: &CheckedFile,
    ) -> Result<()> {
        let copy = annotated_copy(bytes, checked)?;
        let target = self.dir.join(copy_path(path, member));
        // The command refused a folder that puts copies onto inputs; a record reached
        // another way (a `--files-from` list, a link) is checked here.
        if member.is_none() && path != "-" && places::same_file(Path::new(path), &target) {
            bail!(
                "the copy would replace the record itself at {}: choose an --annotate-dir \
                 outside the inputs",
                target.display()
            );
        }
        let folder = target.parent().unwrap_or(Path::new("."));
        std::fs::create_dir_all(folder)
            .with_context(|| format!("cannot make {}", folder.display()))?;
        let mut file = temp_beside(&target)
            .with_context(|| format!("cannot write in {}", folder.display()))?;
        file.write_all(copy.as_bytes())
            .and_then(|()| file.flush())
            .with_context(|| format!("cannot write {}", target.display()))?;
        file.persist(&target)
            .with_context(|| format!("cannot write {}", target.display()))?;
        Ok(())
    }

    /// Copies that could not be made.
    pub fn failed(&self) -> usize {
        self.failed.load(Ordering::Relaxed)
    }

    /// A command's outcome once its copies are written: problems when one could not be.
    pub fn outcome(annotator: Option<&Annotator>, outcome: Outcome) -> Outcome {
        match annotator {
            Some(a) if a.failed() > 0 => Outcome::Problems,
            _ => outcome,
        }
    }
}
