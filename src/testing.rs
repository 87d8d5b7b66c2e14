//! Helpers the library's own tests share: the shared corpus beside the checkout.
//! Tests that read it are marked
//! `#[cfg_attr(not(has_corpus), ignore = "../shared/corpus is absent")]` (build.rs), so
//! they run only where it is.

use std::path::{Path, PathBuf};

use crate::board::Color;

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

/// Stones on the points of a `width` by `height` board whose cell (one per point, 0 to 9,
/// from `cells`) is below `density`: Black on even cells, White on odd ones.
pub(crate) fn random_stones(
    width: u8,
    height: u8,
    density: u8,
    cells: &[u8],
) -> Vec<Option<Color>> {
    stones_by(width, height, density, cells, |c| c % 2 == 0)
}

/// [`random_stones`] with Black on the cells below `black` and White on the others: one
/// colour alone at times, so that chains and areas grow long and winding.
pub(crate) fn two_colour_stones(
    width: u8,
    height: u8,
    density: u8,
    black: u8,
    cells: &[u8],
) -> Vec<Option<Color>> {
    stones_by(width, height, density, cells, |c| c < black)
}

/// A stone on each point whose cell is below `density`: Black where `is_black` says so of
/// the cell, White elsewhere.
fn stones_by(
    width: u8,
    height: u8,
    density: u8,
    cells: &[u8],
    is_black: impl Fn(u8) -> bool,
) -> Vec<Option<Color>> {
    let n = usize::from(width) * usize::from(height);
    cells[..n]
        .iter()
        .map(|&c| match c {
            _ if c >= density => None,
            _ if is_black(c) => Some(Color::Black),
            _ => Some(Color::White),
        })
        .collect()
}
