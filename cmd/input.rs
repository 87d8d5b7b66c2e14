//! Reading the files named on the command line.

use std::io::Read;
use std::path::Path;

/// Read `name` whole: `-` is standard input. Errors are sentences that name the file.
pub fn read_input(name: &str) -> Result<Vec<u8>, String> {
    if name == "-" {
        let mut bytes = Vec::new();
        return std::io::stdin()
            .lock()
            .read_to_end(&mut bytes)
            .map(|_| bytes)
            .map_err(|e| format!("cannot read standard input: {e}"));
    }
    let path = Path::new(name);
    if path.is_dir() {
        return Err(format!(
            "{name} is a directory: give SGF files (goref batch reads whole folders)"
        ));
    }
    std::fs::read(path).map_err(|e| format!("cannot read {name}: {}", io_reason(&e)))
}

fn io_reason(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "no such file".to_string(),
        std::io::ErrorKind::PermissionDenied => "permission denied".to_string(),
        _ => e.to_string(),
    }
}
