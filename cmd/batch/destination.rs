//! Where the batch outputs go: standard output, or a temporary file renamed into place
//! when complete (so an interrupted run never leaves a half file at the output path).

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};

use crate::stdout::Stdout;

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

/// The folder `path` is in (`.` for a bare name).
fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    }
}

/// A temporary file in `path`'s folder, for an output written whole and then renamed onto
/// `path` (so the output is never seen half written). It is named
/// `.NAME.XXXXXX.goref-partial`, NAME being the start of `path`'s own name cut to 64
/// bytes, so the temporary name is legal whenever `path`'s name is (up to 255 bytes on
/// most file systems). It gets the permissions a plain write would give `path`: those of
/// the file it replaces, else the usual ones under the umask (a temporary file would
/// otherwise be private to its owner).
pub fn temp_beside(path: &Path) -> io::Result<tempfile::NamedTempFile> {
    const KEPT: usize = 64;
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy())
        .unwrap_or_default();
    let mut cut = name.len().min(KEPT);
    while !name.is_char_boundary(cut) {
        cut -= 1;
    }
    let prefix = format!(".{}.", &name[..cut]);
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".goref-partial");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(path).map_or(0o666, |m| m.permissions().mode() & 0o7777);
        builder.permissions(std::fs::Permissions::from_mode(mode));
    }
    builder.tempfile_in(folder_of(path))
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
        if path.file_name().is_none() {
            bail!("{flag} {}: not a file name", path.display());
        }
        let temp = temp_beside(&path).with_context(|| {
            format!(
                "{flag} {}: cannot create a file in {}",
                path.display(),
                folder_of(&path).display()
            )
        })?;
        Ok(Destination::File { temp, path })
    }

    /// A writer over the destination.
    pub fn writer(&self) -> Result<Box<dyn Write + Send>> {
        Ok(match self {
            Destination::Stdout => Box::new(Stdout::buffered()),
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

    /// Write the whole of one output with `write`, flush it, then [`commit`](Self::commit) it;
    /// `what` names it in the error.
    pub fn write_whole(
        self,
        what: &str,
        write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
    ) -> Result<()> {
        let mut out = self.writer()?;
        write(&mut out)
            .and_then(|()| out.flush())
            .with_context(|| format!("cannot write the {what}"))?;
        drop(out);
        self.commit()
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
