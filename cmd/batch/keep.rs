//! `batch --keep CRITERIA` and `--copy-kept DIR`: each row's verdict
//! ([`goref::keep::Criteria::verdict`]) and the copies of the records kept.
//!
//! A record is copied when every game it holds is kept under every rule set of the run
//! (a collection with one game dropped is not copied: the copy would hold that game).
//! The copy is the record as read, or for a GIB, NGF or UGF record the SGF `goref
//! convert` writes of it ([`kept_copy`] is the one place that decides its bytes and
//! name), below DIR at the path the annotated copies use (`annotate::copy_path`), written
//! to a temporary file and renamed into place.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use anyhow::{Context, Result, bail};
use goref::annotate::copy_path;
use goref::check::CheckedFile;
use goref::keep::Criteria;
use goref::report::GameReport;

use super::destination::temp_beside;
use crate::places;

/// `--keep` as clap reads it: the library's reason when a criterion cannot be read.
pub fn criteria(text: &str) -> Result<Criteria, String> {
    Criteria::parse(text).map_err(|e| e.to_string())
}

/// The verdicts and copies of one run.
pub struct Keeper {
    pub criteria: Criteria,
    copy_dir: Option<PathBuf>,
    copied: AtomicUsize,
    failed: AtomicUsize,
}

impl Keeper {
    /// The keeper for `criteria`, with `copy_dir` made when given. The copies must not
    /// land on an input or inside an input folder (a usage error, before anything is read).
    pub fn new(criteria: Criteria, copy_dir: Option<&Path>, inputs: &[String]) -> Result<Keeper> {
        if let Some(dir) = copy_dir {
            let mut plan = places::Plan::default();
            for input in inputs {
                plan.input(input);
            }
            plan.annotate_dir(Some(dir)).check().map_err(|e| {
                anyhow::anyhow!("{}", e.to_string().replace("--annotate-dir", "--copy-kept"))
            })?;
            std::fs::create_dir_all(dir)
                .with_context(|| format!("cannot make --copy-kept {}", dir.display()))?;
        }
        Ok(Keeper {
            criteria,
            copy_dir: copy_dir.map(Path::to_path_buf),
            copied: AtomicUsize::new(0),
            failed: AtomicUsize::new(0),
        })
    }

    /// Set each row's verdict, from the row and its game as loaded in `checked`.
    pub fn judge(&self, checked: &CheckedFile, rows: &mut [GameReport]) {
        let games = checked.games.as_ref().ok();
        for row in rows {
            let record = row
                .game
                .checked_sub(1)
                .and_then(|i| games.and_then(|g| g.get(i)))
                .and_then(|g| g.record().ok());
            let reasons = self.criteria.verdict(row, record);
            row.drop_reasons = Some(reasons.into_iter().map(|r| r.name()).collect());
        }
    }

    /// Copy the record `path` (or its archive member `member`) when every row of it
    /// (`rows`, judged) keeps its game. The error is a sentence naming the record.
    pub fn copy(
        &self,
        path: &str,
        member: Option<&str>,
        bytes: &[u8],
        rows: &[GameReport],
    ) -> Result<(), String> {
        let Some(dir) = &self.copy_dir else {
            return Ok(());
        };
        let kept = !rows.is_empty()
            && rows
                .iter()
                .all(|r| r.drop_reasons.as_ref().is_some_and(Vec::is_empty));
        if !kept {
            return Ok(());
        }
        match write_copy(dir, path, member, bytes) {
            Ok(()) => {
                self.copied.fetch_add(1, Ordering::Relaxed);
                Ok(())
            }
            Err(error) => {
                self.failed.fetch_add(1, Ordering::Relaxed);
                let name = member.map_or_else(|| path.to_string(), |m| format!("{path}!{m}"));
                Err(format!("cannot copy {name} to --copy-kept: {error:#}"))
            }
        }
    }

    /// Records copied, and those that could not be.
    pub fn counts(&self) -> (usize, usize) {
        (
            self.copied.load(Ordering::Relaxed),
            self.failed.load(Ordering::Relaxed),
        )
    }
}

/// What a kept record becomes below `--copy-kept`: its path there and its bytes. An SGF
/// record as read, under the path it had; a GIB, NGF or UGF record converted to SGF
/// (`sgf::to_sgf`, as `goref convert` writes it), named as `convert` names it: `a.gib`
/// becomes `a.gib.sgf`.
pub fn kept_copy(path: &str, member: Option<&str>, bytes: &[u8]) -> Result<(PathBuf, Vec<u8>)> {
    let relative = copy_path(path, member);
    if goref::sgf::format_of(bytes) == goref::sgf::Format::Sgf {
        return Ok((relative, bytes.to_vec()));
    }
    let sgf = goref::sgf::to_sgf(bytes)
        .with_context(|| format!("cannot convert {} to SGF", relative.display()))?;
    let mut name = relative.into_os_string();
    name.push(".sgf");
    Ok((PathBuf::from(name), sgf.text.into_bytes()))
}

fn write_copy(dir: &Path, path: &str, member: Option<&str>, bytes: &[u8]) -> Result<()> {
    let (relative, copy) = kept_copy(path, member, bytes)?;
    let target = dir.join(relative);
    if member.is_none() && path != "-" && places::same_file(Path::new(path), &target) {
        bail!(
            "the copy would replace the record itself at {}: choose a --copy-kept folder \
             outside the inputs",
            target.display()
        );
    }
    let folder = target.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(folder).with_context(|| format!("cannot make {}", folder.display()))?;
    let mut file =
        temp_beside(&target).with_context(|| format!("cannot write in {}", folder.display()))?;
    file.write_all(&copy)
        .and_then(|()| file.flush())
        .with_context(|| format!("cannot write {}", target.display()))?;
    file.persist(&target)
        .with_context(|| format!("cannot write {}", target.display()))?;
    Ok(())
}
