//! Reading SGF documents: one reader with one size limit (the loader's
//! [`Limits::max_file_bytes`], 256 MiB), for the files named on the command line and for
//! everything `batch` reads (files, standard input, archive members). A document past the
//! limit is refused before it fills memory: by its size when the file system or the
//! archive states it, else after reading one byte more than the limit, in pieces that are
//! never copied, so a compression bomb costs about the limit in memory and no more.
//!
//! A file found by walking a folder is opened only when it is a regular file (or a link
//! to one): a named pipe, a socket or a device there would block the read or never end,
//! so it is refused, saying what it is. A file named on the command line is read whatever
//! it is, as standard input is.

use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

use goref::sgf::{Limits, LoadError};

use crate::places;

/// Why a document could not be read.
pub enum ReadError {
    /// Past the size limit: the sentence saying so.
    TooLarge(String),
    /// Not a regular file, in a folder walk: what it is (`a named pipe`, `a link loop`).
    NotRegular(String),
    /// One of the command's own outputs (`--csv out.sgf`): not read, and the command
    /// stops before writing it (`places::clash_found`).
    Output(String),
    Io(io::Error),
}

/// Which files may be opened.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Open {
    /// Whatever the path names: a file given on the command line (a named pipe is read).
    Any,
    /// Only a regular file, or a link to one: a file found by walking a folder.
    RegularOnly,
}

/// Open `path` for reading as `open` allows, unless it is one of the command's outputs.
pub fn open_file(path: &Path, open: Open) -> Result<File, ReadError> {
    let file = match open {
        Open::Any => File::open(path).map_err(ReadError::Io),
        Open::RegularOnly => open_regular(path),
    }?;
    if places::guarding()
        && let Ok(meta) = file.metadata()
        && let Some(output) = places::guard(&meta)
    {
        return Err(ReadError::Output(format!(
            "not read: it is {output}, an output of this run"
        )));
    }
    Ok(file)
}

/// Open `path` only if it is a regular file. The file is opened without waiting (a named
/// pipe would wait for a writer) and then checked, so nothing that replaces it between
/// the check and the open can block the read.
#[cfg(unix)]
fn open_regular(path: &Path) -> Result<File, ReadError> {
    use std::os::unix::fs::OpenOptionsExt;
    let opened = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path);
    match opened {
        Ok(file) => match file.metadata() {
            Ok(meta) if meta.is_file() => Ok(file),
            Ok(meta) => Err(ReadError::NotRegular(not_regular(path, &meta))),
            Err(e) => Err(ReadError::Io(e)),
        },
        Err(e) => Err(describe_unopened(path, e)),
    }
}

#[cfg(not(unix))]
fn open_regular(path: &Path) -> Result<File, ReadError> {
    match std::fs::metadata(path) {
        Ok(meta) if meta.is_file() => File::open(path).map_err(ReadError::Io),
        Ok(meta) => Err(ReadError::NotRegular(not_regular(path, &meta))),
        Err(e) => Err(describe_unopened(path, e)),
    }
}

/// What a path that is not a regular file names: `a named pipe, not a regular file`, `a
/// link to a character device, not a regular file`.
fn not_regular(path: &Path, meta: &std::fs::Metadata) -> String {
    let link = std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink());
    let kind = file_kind(meta);
    let folder = if meta.is_dir() {
        " (links to folders are not followed)"
    } else {
        ""
    };
    if link {
        format!("a link to {kind}, not a regular file{folder}")
    } else {
        format!("{kind}, not a regular file{folder}")
    }
}

/// `a named pipe`, `a socket`, `a character device`...
fn file_kind(meta: &std::fs::Metadata) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let t = meta.file_type();
        if t.is_fifo() {
            return "a named pipe";
        }
        if t.is_socket() {
            return "a socket";
        }
        if t.is_char_device() {
            return "a character device";
        }
        if t.is_block_device() {
            return "a block device";
        }
    }
    if meta.is_dir() {
        "a folder"
    } else {
        "something other than a file"
    }
}

/// Why `path` could not be opened in a folder walk: a link loop, a broken link, a socket
/// (which cannot be opened at all), or the error itself.
fn describe_unopened(path: &Path, error: io::Error) -> ReadError {
    #[cfg(unix)]
    if error.raw_os_error() == Some(libc::ELOOP) {
        return ReadError::NotRegular("a link loop".to_string());
    }
    let link = std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink());
    if link && error.kind() == io::ErrorKind::NotFound {
        return ReadError::NotRegular("a broken link: no such file".to_string());
    }
    match std::fs::metadata(path) {
        Ok(meta) if !meta.is_file() => ReadError::NotRegular(not_regular(path, &meta)),
        _ => ReadError::Io(error),
    }
}

/// Read a whole document from `reader`. `size`: its size in bytes when the file system
/// or the archive states it, checked before anything is read (a stated size may be
/// wrong: the read stops one byte past the limit whatever it said).
pub fn read_document(mut reader: impl Read, size: Option<u64>) -> Result<Vec<u8>, ReadError> {
    const FIRST_PIECE: u64 = 64 << 10;
    let limit = Limits::default().max_file_bytes;
    let cap = u64::try_from(limit).unwrap_or(u64::MAX);
    if let Some(size) = size
        && size > cap
    {
        let bytes = usize::try_from(size).unwrap_or(usize::MAX);
        return Err(ReadError::TooLarge(
            LoadError::TooLarge { bytes, limit }.to_string(),
        ));
    }
    // Pieces, each filled to its capacity before the next is allocated and never moved:
    // growing one buffer would copy it, holding the old and the new (1.5 times the limit
    // for a document past it). A stated size gives one piece of the right size.
    let mut pieces: Vec<Vec<u8>> = Vec::new();
    let mut total: u64 = 0;
    let mut next = size
        .map_or(FIRST_PIECE, |s| s.saturating_add(1))
        .min(cap + 1);
    loop {
        let mut piece = Vec::with_capacity(usize::try_from(next).unwrap_or(usize::MAX));
        let n = (&mut reader)
            .take(next)
            .read_to_end(&mut piece)
            .map_err(ReadError::Io)? as u64;
        total += n;
        if n > 0 {
            pieces.push(piece);
        }
        if total > cap {
            return Err(ReadError::TooLarge(format!(
                "the file is more than {limit} bytes, the limit per file: split it into smaller files"
            )));
        }
        if n < next {
            break;
        }
        next = total.max(FIRST_PIECE).min(cap + 1 - total);
    }
    if pieces.len() <= 1 {
        return Ok(pieces.pop().unwrap_or_default());
    }
    let mut bytes = Vec::with_capacity(usize::try_from(total).unwrap_or(usize::MAX));
    for piece in pieces {
        bytes.extend_from_slice(&piece);
    }
    Ok(bytes)
}

/// Read the file at `path` whole, as `open` allows (the size limit checked first).
pub fn read_file(path: &Path, open: Open) -> Result<Vec<u8>, ReadError> {
    let file = open_file(path, open)?;
    let size = file
        .metadata()
        .ok()
        .filter(std::fs::Metadata::is_file)
        .map(|m| m.len());
    read_document(file, size)
}

/// Read `name` whole, as `validate` and `score` name their files: `-` is standard input.
/// Errors are sentences that name the file.
pub fn read_input(name: &str) -> Result<Vec<u8>, String> {
    if name == "-" {
        return read_document(io::stdin().lock(), None).map_err(|e| match e {
            ReadError::TooLarge(sentence)
            | ReadError::NotRegular(sentence)
            | ReadError::Output(sentence) => sentence,
            ReadError::Io(e) => format!("cannot read standard input: {}", io_reason(&e)),
        });
    }
    let path = Path::new(name);
    if path.is_dir() {
        return Err(format!(
            "{name} is a directory: give SGF files (goref batch reads whole folders)"
        ));
    }
    read_file(path, Open::Any).map_err(|e| match e {
        ReadError::TooLarge(sentence)
        | ReadError::NotRegular(sentence)
        | ReadError::Output(sentence) => sentence,
        ReadError::Io(e) => format!("cannot read {name}: {}", io_reason(&e)),
    })
}

/// The reason of an I/O error as a lower-case phrase, without the OS error number.
pub fn io_reason(e: &io::Error) -> String {
    match e.kind() {
        io::ErrorKind::NotFound => "no such file".to_string(),
        io::ErrorKind::PermissionDenied => "permission denied".to_string(),
        io::ErrorKind::IsADirectory => "is a directory".to_string(),
        _ => {
            let text = e.to_string();
            let text = match text.find(" (os error") {
                Some(at) => text[..at].to_string(),
                None => text,
            };
            let mut chars = text.chars();
            match chars.next() {
                Some(first) => first.to_lowercase().chain(chars).collect(),
                None => text,
            }
        }
    }
}
