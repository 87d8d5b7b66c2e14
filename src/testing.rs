//! Helpers the library's own tests share: the shared corpus beside the checkout.
//! Tests that read it are marked
//! `#[cfg_attr(not(has_corpus), ignore = "../shared/corpus is absent")]` (build.rs), so
//! they run only where it is.

use std::path::{Path, PathBuf};

/// `../shared/corpus/NAME` (the corpus itself for `""`).
pub(crate) fn corpus(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/corpus")
        .join(name);
    assert!(dir.is_dir(), "{} is absent", dir.display());
    dir
}

/// Every file under `dir` whose name ends in `.EXT` (any case), sorted.
pub(crate) fn files_with_extension(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut dirs = vec![dir.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
            } else if path
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case(ext))
            {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}
