//! Helpers shared by the integration tests that sweep the shared corpus.

use std::path::{Path, PathBuf};

/// `../shared/corpus`, when this checkout has it (a user's clone does not).
pub fn corpus() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    dir.is_dir().then_some(dir)
}

/// Every file under `root` (recursively, without following the walk into anything but
/// plain folders), sorted; only `.sgf` files (any case) when `sgf_only`.
pub fn files_under(root: &Path, sgf_only: bool) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut dirs = vec![root.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
            } else if !sgf_only
                || path
                    .extension()
                    .is_some_and(|e| e.eq_ignore_ascii_case("sgf"))
            {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}
