//! An output never overwrites an input or another output.
//!
//! Before a command reads anything, [`Plan::check`] compares where each output would be
//! written with every input and every other output, as the file system sees them: paths
//! made absolute with their links resolved (a path that does not exist yet, through the
//! folder that holds it) and, on Unix, the file's device and inode, so that a hard link, a
//! link to a file or `/dev/stdout` is the file it names. A clash is a usage error (exit 2).
//! Outputs that are not files (`/dev/null`, a named pipe, a terminal) are written in
//! place and never clash.
//!
//! Some inputs are known only once reading has begun: the paths of a `--files-from` list,
//! a link or a hard link inside a folder. Every file goref opens is compared with the
//! outputs that already exist ([`guard`]): one that is an output is not read, and the
//! command ends with exit 2 before it writes that output ([`clash_found`]).

use std::path::{Component, Path, PathBuf};
use std::sync::{Mutex, OnceLock};

use anyhow::{Result, bail};
use goref::annotate::copy_path;

/// A file as the file system knows it: device and inode.
type FileId = (u64, u64);

/// What a path names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// A regular file, or nothing yet (an output about to be made).
    File,
    Folder,
    /// A device, a pipe, a socket: written in place, read as a stream.
    Special,
}

/// Where a path lands.
#[derive(Debug, Clone)]
struct Place {
    /// Absolute, links resolved as far as the path exists; `None` for standard input or
    /// output, known only by the file behind them.
    canonical: Option<PathBuf>,
    /// The file it names, when there is one.
    id: Option<FileId>,
    kind: Kind,
}

impl Place {
    /// Where `path` lands. `None` when it cannot be made absolute.
    fn of(path: &Path) -> Option<Place> {
        match std::fs::metadata(path) {
            Ok(meta) => Some(Place {
                canonical: std::fs::canonicalize(path).ok().or_else(|| resolve(path)),
                id: file_id(&meta),
                kind: kind_of(&meta),
            }),
            Err(_) => Some(Place {
                canonical: Some(resolve(path)?),
                id: None,
                kind: Kind::File,
            }),
        }
    }

    /// The file behind standard input (`fd` 0) or output (1), when it is a regular file:
    /// `goref batch - --csv x < x` would replace the file it reads.
    fn of_std(fd: i32) -> Option<Place> {
        let meta = std_metadata(fd)?;
        (kind_of(&meta) == Kind::File).then(|| Place {
            canonical: None,
            id: file_id(&meta),
            kind: Kind::File,
        })
    }

    /// Whether the two are one file.
    fn same(&self, other: &Place) -> bool {
        (self.id.is_some() && self.id == other.id)
            || (self.canonical.is_some() && self.canonical == other.canonical)
    }

    /// Whether this place lies inside `folder` (or is it).
    fn within(&self, folder: &Place) -> bool {
        match (&self.canonical, &folder.canonical) {
            (Some(path), Some(folder)) => path.starts_with(folder),
            _ => false,
        }
    }
}

fn kind_of(meta: &std::fs::Metadata) -> Kind {
    if meta.is_dir() {
        Kind::Folder
    } else if meta.is_file() {
        Kind::File
    } else {
        Kind::Special
    }
}

#[cfg(unix)]
fn file_id(meta: &std::fs::Metadata) -> Option<FileId> {
    use std::os::unix::fs::MetadataExt;
    Some((meta.dev(), meta.ino()))
}

#[cfg(not(unix))]
fn file_id(_meta: &std::fs::Metadata) -> Option<FileId> {
    None
}

#[cfg(unix)]
fn std_metadata(fd: i32) -> Option<std::fs::Metadata> {
    use std::os::fd::AsFd;
    let owned = match fd {
        0 => std::io::stdin().as_fd().try_clone_to_owned(),
        _ => std::io::stdout().as_fd().try_clone_to_owned(),
    };
    std::fs::File::from(owned.ok()?).metadata().ok()
}

#[cfg(not(unix))]
fn std_metadata(_fd: i32) -> Option<std::fs::Metadata> {
    None
}

/// `path` made absolute with the links of its longest existing ancestor resolved, and
/// the rest (which does not exist, so holds no link) taken as written, `.` and `..`
/// included.
fn resolve(path: &Path) -> Option<PathBuf> {
    let absolute = std::path::absolute(path).ok()?;
    let mut base = absolute.as_path();
    let mut rest: Vec<Component> = Vec::new();
    let mut resolved = loop {
        if let Ok(canonical) = std::fs::canonicalize(base) {
            break canonical;
        }
        let name = base.components().next_back()?;
        rest.push(name);
        base = base.parent()?;
    };
    for part in rest.into_iter().rev() {
        match part {
            Component::CurDir => {}
            Component::ParentDir => {
                resolved.pop();
            }
            other => resolved.push(other),
        }
    }
    Some(resolved)
}

/// Whether a batch would read a file of this name found in a folder: an SGF file or an
/// archive.
fn read_as_record(path: &Path) -> bool {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().to_ascii_lowercase())
        .unwrap_or_default();
    [
        ".sgf", ".gib", ".ngf", ".ugf", ".ugi", ".sgf.gz", ".zip", ".tar", ".tar.gz", ".tgz",
    ]
    .iter()
    .any(|e| name.ends_with(e))
}

struct Input {
    /// As given (`-` for standard input).
    given: String,
    place: Place,
}

struct Output {
    /// `--csv OUT`: the flag and the path as given.
    flag: &'static str,
    given: String,
    place: Option<Place>,
}

/// A command's inputs and outputs, to check before anything is read.
#[derive(Default)]
pub struct Plan {
    inputs: Vec<Input>,
    /// Every input path as given, for the places of annotated copies.
    given: Vec<String>,
    outputs: Vec<Output>,
    annotate: Option<PathBuf>,
}

impl Plan {
    /// An input path as given (`-`: standard input), of which annotated copies may be
    /// made. A path that does not exist is nothing to protect: reading it will say so.
    pub fn input(&mut self, path: &str) -> &mut Plan {
        self.given.push(path.to_string());
        self.protect(path)
    }

    /// An input that is never copied (a `--files-from` list).
    fn protect(&mut self, path: &str) -> &mut Plan {
        let place = if path == "-" {
            Place::of_std(0)
        } else {
            std::fs::metadata(path)
                .ok()
                .and_then(|_| Place::of(Path::new(path)))
        };
        if let Some(place) = place {
            self.inputs.push(Input {
                given: path.to_string(),
                place,
            });
        }
        self
    }

    /// The inputs of `batch` and `standings`: the paths, and the `--files-from` list
    /// itself (its paths are checked as they are read, by [`guard`]).
    pub fn inputs(&mut self, paths: &[String], files_from: Option<&str>) -> &mut Plan {
        for path in paths {
            self.input(path);
        }
        if let Some(list) = files_from {
            self.protect(list);
        }
        self
    }

    /// An output of `flag` at `path` (`-`: standard output), when there is one.
    pub fn output(&mut self, flag: &'static str, path: Option<&str>) -> &mut Plan {
        if let Some(path) = path {
            let place = if path == "-" {
                Place::of_std(1)
            } else {
                Place::of(Path::new(path))
            };
            self.outputs.push(Output {
                flag,
                given: path.to_string(),
                place,
            });
        }
        self
    }

    /// The folder of `--annotate-dir`, when there is one.
    pub fn annotate_dir(&mut self, dir: Option<&Path>) -> &mut Plan {
        self.annotate = dir.map(Path::to_path_buf);
        self
    }

    /// Refuse an output that would overwrite an input or another output.
    pub fn check(&self) -> Result<()> {
        let stdout: Vec<&Output> = self.outputs.iter().filter(|o| o.given == "-").collect();
        if let [first, second, ..] = stdout[..] {
            bail!(
                "{} - and {} - cannot both use standard output: write one to a file",
                first.flag,
                second.flag
            );
        }
        let files: Vec<(&Output, &Place)> = self
            .outputs
            .iter()
            .filter_map(|o| Some((o, o.place.as_ref()?)))
            .filter(|(_, place)| place.kind == Kind::File)
            .collect();
        for (i, (output, place)) in files.iter().enumerate() {
            for (earlier, earlier_place) in &files[..i] {
                if place.same(earlier_place) {
                    bail!(
                        "{} {} is the file of {} {} too: give each output a file of its own",
                        output.flag,
                        output.given,
                        earlier.flag,
                        earlier.given
                    );
                }
            }
            for input in &self.inputs {
                match input.place.kind {
                    Kind::File if place.same(&input.place) => bail!(
                        "{} {} is also an input ({}): writing it would replace that file; \
                         choose another file",
                        output.flag,
                        output.given,
                        shown_input(&input.given)
                    ),
                    Kind::Folder
                        if place.within(&input.place)
                            && read_as_record(Path::new(&output.given)) =>
                    {
                        bail!(
                            "{} {} is inside the input folder {}, where it would be read as a \
                             record: write it outside the folder, or under a name that is not \
                             *.sgf or an archive",
                            output.flag,
                            output.given,
                            input.given
                        )
                    }
                    _ => {}
                }
            }
        }
        if let Some(dir) = &self.annotate {
            self.check_copies(dir, &files)?;
        }
        Ok(())
    }

    /// From now on, [`guard`] refuses to read the outputs that exist (the first call
    /// counts; a command with output files makes it once).
    pub fn guard_outputs(&self) {
        let existing: Vec<(FileId, String)> = self
            .outputs
            .iter()
            .filter_map(|o| {
                let place = o.place.as_ref().filter(|p| p.kind == Kind::File)?;
                Some((place.id?, format!("{} {}", o.flag, o.given)))
            })
            .collect();
        let _ = PROTECTED.set(existing);
    }

    /// The annotated copies of each input go below `dir`, where `copy_path` puts them:
    /// never onto an input, never inside an input folder (where they would be read as
    /// records, and annotated again by the next run), never onto an output.
    fn check_copies(&self, dir: &Path, files: &[(&Output, &Place)]) -> Result<()> {
        let flag = format!("--annotate-dir {}", dir.display());
        for given in self.given.iter().filter(|g| *g != "-") {
            let Some(area) = Place::of(&dir.join(copy_path(given, None))) else {
                continue;
            };
            let area = Place {
                id: None,
                kind: Kind::Folder,
                ..area
            };
            for input in &self.inputs {
                let clash = match input.place.kind {
                    Kind::File => input.place.within(&area),
                    Kind::Folder => area.within(&input.place) || input.place.within(&area),
                    Kind::Special => false,
                };
                if !clash {
                    continue;
                }
                if input.place.kind == Kind::File {
                    bail!(
                        "{flag}: the annotated copy of {given} would replace the input {}: \
                         choose a folder outside the inputs",
                        shown_input(&input.given)
                    );
                }
                bail!(
                    "{flag}: the annotated copies of {given} would be written inside the \
                     input folder {}, where they would be read as records (and annotated \
                     again by the next run): choose a folder outside the inputs",
                    input.given
                );
            }
            for (output, place) in files {
                if place.within(&area) && read_as_record(Path::new(&output.given)) {
                    bail!(
                        "{} {} is where {flag} puts the annotated copy of a record: write it \
                         elsewhere",
                        output.flag,
                        output.given
                    );
                }
            }
        }
        Ok(())
    }
}

/// Whether `a` and `b` name one file (both must exist).
pub fn same_file(a: &Path, b: &Path) -> bool {
    let (Ok(_), Ok(_)) = (std::fs::metadata(a), std::fs::metadata(b)) else {
        return false;
    };
    match (Place::of(a), Place::of(b)) {
        (Some(a), Some(b)) => a.same(&b),
        _ => false,
    }
}

fn shown_input(given: &str) -> &str {
    if given == "-" {
        "standard input"
    } else {
        given
    }
}

/// The outputs that existed when the command started, by file: the flag and path of each.
static PROTECTED: OnceLock<Vec<(FileId, String)>> = OnceLock::new();
/// The first input found to be an output while reading.
static CLASH: Mutex<Option<String>> = Mutex::new(None);

/// `Some(what)` when the file of `meta`, about to be read, is an output of this command
/// (`--csv out.sgf`, named in a `--files-from` list or linked from a folder): it must not
/// be read, and [`clash_found`] will stop the command before the output is written.
pub fn guard(meta: &std::fs::Metadata) -> Option<String> {
    if !guarding() {
        return None;
    }
    let id = file_id(meta)?;
    let protected = PROTECTED.get()?;
    let (_, output) = protected.iter().find(|(p, _)| *p == id)?;
    let mut clash = CLASH.lock().unwrap_or_else(|p| p.into_inner());
    clash.get_or_insert_with(|| output.clone());
    Some(output.clone())
}

/// Whether an output exists that [`guard`] must refuse to read (so that a command
/// without one spends nothing on the check).
pub fn guarding() -> bool {
    PROTECTED.get().is_some_and(|p| !p.is_empty())
}

/// The error that ends a command when an input it met while reading was one of its
/// outputs ([`guard`]): before that output is written.
pub fn clash_found() -> Result<()> {
    let clash = CLASH.lock().unwrap_or_else(|p| p.into_inner()).clone();
    match clash {
        Some(output) => bail!(
            "{output} is also an input (listed or linked among the inputs): writing it \
             would replace that file; choose another file (no output file was written)"
        ),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_that_does_not_exist_resolves_through_its_folder() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let real = std::fs::canonicalize(dir.path()).expect("canonical");
        let path = dir.path().join("new/../out.csv");
        assert_eq!(resolve(&path), Some(real.join("out.csv")));
        std::fs::create_dir(dir.path().join("sub")).expect("a folder");
        let through = dir.path().join("sub/./x/../../out.csv");
        assert_eq!(resolve(&through), Some(real.join("out.csv")));
    }

    #[test]
    fn record_names_are_those_a_folder_walk_reads() {
        for name in [
            "a.sgf", "A.SGF", "x.sgf.gz", "g.zip", "g.tar", "g.TGZ", "g.tar.gz",
        ] {
            assert!(read_as_record(Path::new(name)), "{name}");
        }
        for name in ["out.csv", "report.html", "sgf", "a.sgf.txt"] {
            assert!(!read_as_record(Path::new(name)), "{name}");
        }
    }
}
