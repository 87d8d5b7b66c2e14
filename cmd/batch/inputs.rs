//! What `goref batch` reads: files, folders, `--files-from` lists and archives, turned
//! into a stream of *units* (one SGF document each) in a deterministic order.
//!
//! Order: inputs in the order given; a folder's entries sorted by name (byte order) and
//! walked depth-first. A folder yields the game records it holds by name (`*.sgf`, and
//! the servers' `*.gib`, `*.ngf`, `*.ugf`, `*.ugi`: [`RECORD_EXTENSIONS`], any case; each
//! is read by its content) and the archives it holds (`*.zip`, `*.tar.gz`, `*.tgz`,
//! `*.tar`, `*.sgf.gz`); other files are not game records and are passed over (see
//! docs/formats.md, "Files a folder holds"); directory symlinks are never followed inside
//! a folder, so a link loop cannot hang the walk, and only regular files
//! (and links to them) are opened: a named pipe, a socket, a device, a link loop or a link
//! to a folder found there is a unit that says it was skipped and why. A path given
//! explicitly (argument or list line) is read whatever it is and whatever its extension
//! (a named pipe is read, as standard input is), unless its name says it is an archive.
//!
//! Names: a plain file is named by its path as given; a member of an archive is named
//! `ARCHIVE!MEMBER` (`games.zip!round1/a.sgf`); a `.sgf.gz` file by its own path. Inside
//! `.zip` and `.tar*` archives, members named as game records are units, and so are
//! the games of the archives and `.sgf.gz` files they hold (`games.zip!r1.zip!a.sgf`); an
//! archive nested deeper is a unit that says it was not read; other members are ignored.
//! Anything that cannot be read (a missing path, a folder that cannot be listed, a broken
//! archive or member) is a unit too, carrying its error, so every input is accounted for.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Cursor, Read, Seek};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};

pub use crate::input::Open;
use crate::input::{ReadError, io_reason, open_file, read_document, read_file};
use zip::unstable::read::ZipIterable;

/// One input as given on the command line or in a list.
#[derive(Debug, Clone)]
pub enum Source {
    /// A file, folder or archive path (`-` = standard input, read as one SGF document).
    Path(String),
    /// `--files-from FILE`: one path per line, each handled like a [`Source::Path`].
    List(String),
    /// `--files-from -`: the list on standard input.
    ListStdin,
}

/// How to get a unit's bytes.
pub enum Content<'a> {
    /// A file, opened as [`Open`] allows.
    File(&'a Path, Open),
    Stdin,
    /// An archive member or a decompressed stream, with the size the archive states
    /// when it states one.
    Reader(&'a mut dyn Read, Option<u64>),
    Failed(String),
}

impl Content<'_> {
    /// Read the whole document (see `crate::input` for the size limit); errors are
    /// sentences.
    pub fn read(self) -> Result<Vec<u8>, String> {
        let read = match self {
            Content::Failed(error) => return Err(error),
            Content::File(path, open) => read_file(path, open),
            Content::Stdin => read_document(io::stdin().lock(), None),
            Content::Reader(reader, size) => read_document(reader, size),
        };
        read.map_err(|e| match e {
            ReadError::Io(e) if e.kind() == io::ErrorKind::IsADirectory => {
                "is a directory, not an SGF file".to_string()
            }
            other => sentence(other, "cannot read"),
        })
    }
}

/// A [`ReadError`] as a row's sentence; `what` opens the sentence of an I/O error
/// (`cannot read the zip archive`).
fn sentence(error: ReadError, what: &str) -> String {
    match error {
        ReadError::TooLarge(sentence) | ReadError::Output(sentence) => sentence,
        ReadError::NotRegular(what) => format!("skipped: {what}"),
        ReadError::Io(e) => format!("{what}: {}", io_reason(&e)),
    }
}

/// Receives every unit, in order. `Break` stops the walk (the consumer has gone away).
pub trait Visitor {
    fn unit(&mut self, name: String, content: Content<'_>) -> ControlFlow<()>;
}

/// Walk every source in order, handing each unit to `visitor`.
pub fn walk(sources: &[Source], visitor: &mut dyn Visitor) -> ControlFlow<()> {
    for source in sources {
        match source {
            Source::Path(path) => path_unit(path, visitor)?,
            Source::List(list) => match File::open(list) {
                Ok(file) => list_units(list, BufReader::new(file), visitor)?,
                Err(e) => visitor.unit(
                    list.clone(),
                    Content::Failed(format!(
                        "cannot read the --files-from list: {}",
                        io_reason(&e)
                    )),
                )?,
            },
            Source::ListStdin => list_units("-", io::stdin().lock(), visitor)?,
        }
    }
    ControlFlow::Continue(())
}

fn list_units(list: &str, reader: impl BufRead, visitor: &mut dyn Visitor) -> ControlFlow<()> {
    for line in reader.split(b'\n') {
        match line {
            Ok(line) => {
                let line = String::from_utf8_lossy(&line);
                let path = line.trim_end_matches('\r');
                if !path.trim().is_empty() {
                    path_unit(path, visitor)?;
                }
            }
            Err(e) => {
                return visitor.unit(
                    list.to_string(),
                    Content::Failed(format!(
                        "cannot read the rest of the --files-from list: {}",
                        io_reason(&e)
                    )),
                );
            }
        }
    }
    ControlFlow::Continue(())
}

/// The names of game records goref reads: SGF, Tygem's GIB, WBaduk's NGF, Pandanet's UGF
/// and UGI (each read by its content, `goref::sgf::load`).
pub const RECORD_EXTENSIONS: [&str; 5] = [".sgf", ".gib", ".ngf", ".ugf", ".ugi"];

/// What a name says a file is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Sgf,
    SgfGz,
    Zip,
    TarGz,
    Tar,
    Other,
}

fn kind_of(name: &str) -> Kind {
    let lower = name.to_ascii_lowercase();
    if RECORD_EXTENSIONS.iter().any(|e| lower.ends_with(e)) {
        Kind::Sgf
    } else if lower.ends_with(".sgf.gz") {
        Kind::SgfGz
    } else if lower.ends_with(".zip") {
        Kind::Zip
    } else if lower.ends_with(".tar.gz") || lower.ends_with(".tgz") {
        Kind::TarGz
    } else if lower.ends_with(".tar") {
        Kind::Tar
    } else {
        Kind::Other
    }
}

/// A unit's name taken apart: the path as given, and the member of an archive when the
/// unit is one (`games.zip!round1/a.sgf`: `games.zip` and `round1/a.sgf`; a `.sgf.gz`
/// file: its path, and the SGF file it holds, named without `.gz`). A `!` counts as the
/// separator only after an archive's name, so a plain file named `a!b.sgf` stays whole.
pub fn split_name(name: &str) -> (&str, Option<&str>) {
    let mut from = 0;
    while let Some(bang) = name[from..].find('!').map(|i| from + i) {
        if matches!(kind_of(&name[..bang]), Kind::Zip | Kind::TarGz | Kind::Tar) {
            return (&name[..bang], Some(&name[bang + 1..]));
        }
        from = bang + 1;
    }
    if matches!(kind_of(name), Kind::SgfGz) {
        let file = name.rsplit('/').next().unwrap_or(name);
        return (name, file.get(..file.len() - ".gz".len()));
    }
    (name, None)
}

/// An explicit path: standard input, a folder (walked), an archive or a file.
fn path_unit(path: &str, visitor: &mut dyn Visitor) -> ControlFlow<()> {
    if path == "-" {
        return visitor.unit("-".to_string(), Content::Stdin);
    }
    let p = Path::new(path);
    match std::fs::metadata(p) {
        Ok(meta) if meta.is_dir() => folder_units(p, path, visitor),
        Ok(_) => file_unit(p, path.to_string(), kind_of(path), Open::Any, visitor),
        Err(e) => visitor.unit(
            path.to_string(),
            Content::Failed(format!("cannot read: {}", io_reason(&e))),
        ),
    }
}

fn file_unit(
    path: &Path,
    name: String,
    kind: Kind,
    open: Open,
    visitor: &mut dyn Visitor,
) -> ControlFlow<()> {
    if matches!(kind, Kind::Sgf | Kind::Other) {
        return visitor.unit(name, Content::File(path, open));
    }
    let what = match kind {
        Kind::Zip => "cannot read the zip archive",
        Kind::SgfGz => "cannot read",
        _ => "cannot read the archive",
    };
    let file = match open_file(path, open) {
        Ok(file) => BufReader::new(file),
        Err(e) => return visitor.unit(name, Content::Failed(sentence(e, what))),
    };
    match kind {
        Kind::SgfGz => {
            let mut reader = flate2::read::MultiGzDecoder::new(file);
            visitor.unit(name, Content::Reader(&mut reader, None))
        }
        Kind::Zip => zip_units(file, &name, 0, visitor),
        _ => tar_units(Box::new(file), &name, kind == Kind::TarGz, 0, visitor),
    }
}

/// Archives inside archives are read this deep: a member archive of an archive given or
/// found in a folder is read, and an archive inside it is a unit that says it was not.
/// The bound keeps an archive that holds itself (a zip quine) from going on for ever.
const MAX_NESTING: usize = 1;

/// One member of an archive `depth` archives deep (0 for an archive given or found in a
/// folder): an SGF document, a `.sgf.gz` file, or an archive whose units follow.
fn member_unit(
    name: String,
    kind: Kind,
    reader: &mut dyn Read,
    size: Option<u64>,
    depth: usize,
    visitor: &mut dyn Visitor,
) -> ControlFlow<()> {
    match kind {
        Kind::Other => ControlFlow::Continue(()),
        Kind::Sgf => visitor.unit(name, Content::Reader(reader, size)),
        Kind::SgfGz => {
            let mut reader = flate2::read::MultiGzDecoder::new(reader);
            visitor.unit(name, Content::Reader(&mut reader, None))
        }
        _ if depth >= MAX_NESTING => visitor.unit(
            name,
            Content::Failed(
                "skipped: an archive inside an archive inside an archive (unpack the outer one)"
                    .to_string(),
            ),
        ),
        // A zip needs to seek: the member is read whole, within the limit per document.
        Kind::Zip => match read_document(reader, size) {
            Ok(bytes) => zip_units(Cursor::new(bytes), &name, depth + 1, visitor),
            Err(e) => visitor.unit(
                name,
                Content::Failed(sentence(e, "cannot read the zip archive")),
            ),
        },
        Kind::TarGz | Kind::Tar => tar_units(
            Box::new(reader),
            &name,
            kind == Kind::TarGz,
            depth + 1,
            visitor,
        ),
    }
}

/// A folder, depth-first, entries sorted by name. Symlinks to folders are not followed.
fn folder_units(dir: &Path, name: &str, visitor: &mut dyn Visitor) -> ControlFlow<()> {
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) => {
            return visitor.unit(
                name.to_string(),
                Content::Failed(format!("cannot list the folder: {}", io_reason(&e))),
            );
        }
    };
    let mut children: Vec<(std::ffi::OsString, PathBuf, bool)> = Vec::new();
    for entry in entries {
        match entry {
            Ok(entry) => {
                // `file_type` does not follow symlinks: a link is never walked as a folder.
                let is_dir = entry.file_type().is_ok_and(|t| t.is_dir());
                children.push((entry.file_name(), entry.path(), is_dir));
            }
            Err(e) => visitor.unit(
                name.to_string(),
                Content::Failed(format!(
                    "cannot list every entry of the folder: {}",
                    io_reason(&e)
                )),
            )?,
        }
    }
    children.sort_by(|a, b| a.0.cmp(&b.0));
    for (file_name, path, is_dir) in children {
        let child = join_name(name, &file_name.to_string_lossy());
        if is_dir {
            folder_units(&path, &child, visitor)?;
        } else {
            let kind = kind_of(&child);
            if kind != Kind::Other {
                file_unit(&path, child, kind, Open::RegularOnly, visitor)?;
            }
        }
    }
    ControlFlow::Continue(())
}

fn join_name(dir: &str, child: &str) -> String {
    if dir.ends_with('/') {
        format!("{dir}{child}")
    } else {
        format!("{dir}/{child}")
    }
}

/// The members of a zip archive, in the order of its central directory. Every entry is
/// read, also when several share a name (a zip can hold both; an index by name would keep
/// one), so the archive is walked entry by entry rather than indexed.
fn zip_units<R: Read + Seek>(
    reader: R,
    name: &str,
    depth: usize,
    visitor: &mut dyn Visitor,
) -> ControlFlow<()> {
    let broken =
        |e: zip::result::ZipError| Content::Failed(format!("cannot read the zip archive: {e}"));
    let mut archive = match ZipIterable::try_new(reader, zip::read::Config::default()) {
        Ok(archive) => archive,
        Err(e) => return visitor.unit(name.to_string(), broken(e)),
    };
    let entries = match archive.files() {
        Ok(entries) => entries,
        Err(e) => return visitor.unit(name.to_string(), broken(e)),
    };
    let mut names = MemberNames::default();
    while let Some(entry) = entries.next() {
        let entry = match entry {
            Ok(entry) => entry,
            // The central directory cannot be read past a broken entry: the rest of the
            // archive is one error.
            Err(e) => return visitor.unit(name.to_string(), broken(e)),
        };
        let inner = String::from_utf8_lossy(entry.name_raw()).into_owned();
        let kind = kind_of(&inner);
        if entry.is_dir() || kind == Kind::Other {
            continue;
        }
        let member_name = format!("{name}!{}", names.unique(inner));
        match entry.with_reader(entries.reader_mut(), zip::ZipReadOptions::new()) {
            Ok(mut member) => {
                let size = member.size();
                member_unit(member_name, kind, &mut member, Some(size), depth, visitor)?;
            }
            Err(e) => visitor.unit(
                member_name,
                Content::Failed(format!("cannot read the zip member: {e}")),
            )?,
        }
    }
    ControlFlow::Continue(())
}

/// The names given to one archive's members so far. An archive may hold several members
/// of one name (a zip can, and a tar appended to): each is its own unit, so the second
/// `round1/a.sgf` is named `round1/a (2).sgf`, the third `round1/a (3).sgf`, skipping any
/// name already given, so that every row and every annotated copy has a name of its own.
#[derive(Default)]
struct MemberNames(std::collections::HashSet<String>);

impl MemberNames {
    fn unique(&mut self, name: String) -> String {
        if self.0.insert(name.clone()) {
            return name;
        }
        let lower = name.to_ascii_lowercase();
        let extension = [
            ".sgf.gz", ".tar.gz", ".sgf", ".gib", ".ngf", ".ugf", ".ugi", ".zip", ".tgz", ".tar",
        ]
        .iter()
        .find(|e| lower.ends_with(*e))
        .map_or(0, |e| e.len());
        let (stem, extension) = name.split_at(name.len() - extension);
        let mut n = 2u64;
        loop {
            let candidate = format!("{stem} ({n}){extension}");
            if self.0.insert(candidate.clone()) {
                return candidate;
            }
            n += 1;
        }
    }
}

fn tar_units(
    reader: Box<dyn Read + '_>,
    name: &str,
    gzip: bool,
    depth: usize,
    visitor: &mut dyn Visitor,
) -> ControlFlow<()> {
    let reader: Box<dyn Read + '_> = if gzip {
        Box::new(flate2::read::MultiGzDecoder::new(reader))
    } else {
        reader
    };
    let mut archive = tar::Archive::new(reader);
    let entries = match archive.entries() {
        Ok(entries) => entries,
        Err(e) => {
            return visitor.unit(
                name.to_string(),
                Content::Failed(format!("cannot read the tar archive: {e}")),
            );
        }
    };
    let mut last = String::new();
    let mut names = MemberNames::default();
    for entry in entries {
        match entry {
            Ok(mut entry) => {
                let member = String::from_utf8_lossy(&entry.path_bytes()).into_owned();
                if !entry.header().entry_type().is_file() {
                    continue;
                }
                let kind = kind_of(&member);
                if kind == Kind::Other {
                    last = member;
                    continue;
                }
                let size = entry.size();
                member_unit(
                    format!("{name}!{}", names.unique(member.clone())),
                    kind,
                    &mut entry,
                    Some(size),
                    depth,
                    visitor,
                )?;
                last = member;
            }
            Err(e) => {
                let place = if last.is_empty() {
                    String::new()
                } else {
                    format!(" after {last}")
                };
                // A tar stream cannot be resynchronised after a broken header: the rest of
                // the archive is one error.
                return visitor.unit(
                    name.to_string(),
                    Content::Failed(format!("cannot read the tar archive{place}: {e}")),
                );
            }
        }
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests {
    use super::{MemberNames, split_name};

    #[test]
    fn members_of_one_name_get_names_of_their_own() {
        let mut names = MemberNames::default();
        let given: Vec<String> = [
            "a.sgf",
            "a.sgf",
            "A (2).SGF",
            "b.sgf.gz",
            "b.sgf.gz",
            "a.sgf",
        ]
        .into_iter()
        .map(|name| names.unique(name.to_string()))
        .collect();
        assert_eq!(
            given,
            [
                "a.sgf",
                "a (2).sgf",
                "A (2).SGF",
                "b.sgf.gz",
                "b (2).sgf.gz",
                "a (3).sgf"
            ]
        );
    }

    #[test]
    fn names_split_into_archive_and_member() {
        assert_eq!(split_name("games/a.sgf"), ("games/a.sgf", None));
        assert_eq!(split_name("a!b.sgf"), ("a!b.sgf", None));
        assert_eq!(
            split_name("x/games.zip!round1/a.sgf"),
            ("x/games.zip", Some("round1/a.sgf"))
        );
        assert_eq!(
            split_name("odd!name.TAR.GZ!a!b.sgf"),
            ("odd!name.TAR.GZ", Some("a!b.sgf"))
        );
        assert_eq!(
            split_name("x/one.sgf.gz"),
            ("x/one.sgf.gz", Some("one.sgf"))
        );
        assert_eq!(split_name("-"), ("-", None));
    }
}
