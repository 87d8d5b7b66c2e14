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
use goref::annotate::{annotated_copy, annotated_copy_of, copy_path};
use goref::life::DeadChoice;
use goref::report::GameReport;
use goref::rules::RulesChoice;
use goref::sgf::{GameError, GameRecord};

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
    choice: RulesChoice,
    dead: DeadChoice,
    failed: AtomicUsize,
}

impl Annotator {
    /// The annotator for `options`, with its folder made, or `None` when no folder was
    /// asked for. `choice` and `dead`: the first rule choice and the dead stones of the
    /// run, by which a copy's counted position is marked.
    ///
    /// The copies of `inputs` (paths as given) must not land on an input or inside an
    /// input folder: that is a usage error, before anything is read.
    pub fn new(
        options: &AnnotateOptions,
        inputs: &[String],
        choice: RulesChoice,
        dead: DeadChoice,
    ) -> Result<Option<Annotator>> {
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
            choice,
            dead,
            failed: AtomicUsize::new(0),
        }))
    }

    /// Write the copy of the record `path` (or of its archive member `member`), checked
    /// into `reports`; `games` are its games when the check kept them, else they are
    /// loaded again from `bytes`. A file that could not be read at all gets no copy (its report
    /// says why). The error is a sentence naming the record; it is counted in
    /// [`Annotator::failed`] and the caller prints it.
    pub fn write(
        &self,
        path: &str,
        member: Option<&str>,
        bytes: &[u8],
        games: Option<&[Result<GameRecord, GameError>]>,
        reports: &[GameReport],
    ) -> Result<(), String> {
        if reports.iter().all(|r| r.game == 0) {
            return Ok(());
        }
        self.try_write(path, member, bytes, games, reports)
            .map_err(|error| {
                self.failed.fetch_add(1, Ordering::Relaxed);
                let name = member.map_or_else(|| path.to_string(), |m| format!("{path}!{m}"));
                format!("cannot annotate {name}: {error:#}")
            })
    }

    /// [`Annotator::write`] for a command that reads one file at a time: the error is
    /// printed at once.
    pub fn write_now(&self, path: &str, bytes: &[u8], reports: &[GameReport]) {
        if let Err(error) = self.write(path, None, bytes, None, reports) {
            crate::words::print_error(error);
        }
    }

    fn try_write(
        &self,
        path: &str,
        member: Option<&str>,
        bytes: &[u8],
        games: Option<&[Result<GameRecord, GameError>]>,
        reports: &[GameReport],
    ) -> Result<()> {
        let copy = match games {
            Some(games) => annotated_copy_of(bytes, games, reports, &self.choice, &self.dead)?,
            None => annotated_copy(bytes, reports, &self.choice, &self.dead)?,
        };
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
