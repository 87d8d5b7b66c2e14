//! Reading SGF documents: one reader with one size limit (the loader's
//! [`Limits::max_file_bytes`], 256 MiB), for the files named on the command line and for
//! everything `batch` reads (files, standard input, archive members). A document past the
//! limit is refused before it fills memory: by its size when the file system knows it,
//! else after reading one byte more than the limit (a compression bomb stops there).

use std::io::{self, Read};
use std::path::Path;

use goref::sgf::{Limits, LoadError};

/// Why a document could not be read.
pub enum ReadError {
    /// Past the size limit: the sentence saying so.
    TooLarge(String),
    Io(io::Error),
}

/// Read a whole document from `reader`. `size`: its size in bytes when known (a file),
/// checked before anything is read.
pub fn read_document(reader: impl Read, size: Option<u64>) -> Result<Vec<u8>, ReadError> {
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
    let mut bytes = Vec::new();
    reader
        .take(cap.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(ReadError::Io)?;
    if bytes.len() > limit {
        return Err(ReadError::TooLarge(format!(
            "the file is more than {limit} bytes, the limit per file: split it into smaller files"
        )));
    }
    Ok(bytes)
}

/// Read the file at `path` whole (the size limit checked first).
pub fn read_file(path: &Path) -> Result<Vec<u8>, ReadError> {
    let file = std::fs::File::open(path).map_err(ReadError::Io)?;
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
            ReadError::TooLarge(sentence) => sentence,
            ReadError::Io(e) => format!("cannot read standard input: {}", io_reason(&e)),
        });
    }
    let path = Path::new(name);
    if path.is_dir() {
        return Err(format!(
            "{name} is a directory: give SGF files (goref batch reads whole folders)"
        ));
    }
    read_file(path).map_err(|e| match e {
        ReadError::TooLarge(sentence) => sentence,
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
