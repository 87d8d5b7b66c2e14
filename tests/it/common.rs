//! Helpers the integration tests share: the built binary, the fixtures, the corpus.

use std::path::{Path, PathBuf};

use assert_cmd::Command;

/// The built `goref`, run from the repository root.
pub fn goref() -> Command {
    let mut cmd = Command::cargo_bin("goref").expect("the goref binary is built");
    cmd.current_dir(manifest());
    cmd
}

/// The repository root.
pub fn manifest() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The path of `fixtures/PATH`.
pub fn fixture(path: &str) -> String {
    format!("{}/fixtures/{path}", env!("CARGO_MANIFEST_DIR"))
}

/// `../shared/corpus`. Tests that read it are marked
/// `#[cfg_attr(not(has_corpus), ignore = "../shared/corpus is absent")]` (build.rs), so
/// they run only where it is.
pub fn corpus() -> PathBuf {
    let dir = manifest().join("../shared/corpus");
    assert!(dir.is_dir(), "{} is absent", dir.display());
    dir
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
