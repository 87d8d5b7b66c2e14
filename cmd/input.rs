//! Reading the files named on the command line.

use std::io::Read;
use std::path::Path;

use goref::sgf::{Limits, LoadError};

/// Read `name` whole: `-` is standard input. A file larger than the loader's size limit
/// is refused before it is read, so a huge file never fills memory. Errors are sentences
/// that name the file.
pub fn read_input(name: &str) -> Result<Vec<u8>, String> {
    let limit = Limits::default().max_file_bytes;
    let too_large = |bytes: usize| LoadError::TooLarge { bytes, limit }.to_string();
    if name == "-" {
        let mut bytes = Vec::new();
        let cap = u64::try_from(limit).unwrap_or(u64::MAX).saturating_add(1);
        std::io::stdin()
            .lock()
            .take(cap)
            .read_to_end(&mut bytes)
            .map_err(|e| format!("cannot read standard input: {}", io_reason(&e)))?;
        if bytes.len() > limit {
            return Err(too_large(bytes.len()));
        }
        return Ok(bytes);
    }
    let path = Path::new(name);
    if path.is_dir() {
        return Err(format!(
            "{name} is a directory: give SGF files (goref batch reads whole folders)"
        ));
    }
    if let Ok(meta) = std::fs::metadata(path)
        && meta.is_file()
        && meta.len() > limit as u64
    {
        return Err(too_large(usize::try_from(meta.len()).unwrap_or(usize::MAX)));
    }
    std::fs::read(path).map_err(|e| format!("cannot read {name}: {}", io_reason(&e)))
}

/// The reason of an I/O error as a lower-case phrase, without the OS error number.
fn io_reason(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "no such file".to_string(),
        std::io::ErrorKind::PermissionDenied => "permission denied".to_string(),
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
