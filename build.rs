//! Finds the outside parts some tests need, so that a test without them is reported by
//! `cargo test` as ignored, with the reason, instead of passing without doing anything.
//!
//! Each part found sets a `cfg` that tests read with
//! `#[cfg_attr(not(has_gnugo), ignore = "GNU Go not found: apt-get install gnugo")]`:
//!
//! | cfg | found when |
//! |---|---|
//! | `has_corpus` | `../shared/corpus` is a folder (the shared records beside the checkout) |
//! | `has_positions` | `../shared/positions` is a folder (end positions with a strong player's counts) |
//! | `has_gnugo` | `gnugo` is on `PATH` or in `/usr/games` (Debian's package puts it there) |
//! | `has_chromium` | `chromium` or `chromium-browser` is on `PATH` |
//! | `has_pre_commit` | `pre-commit` is on `PATH` |
//! | `has_sgfmill` | `python3 -c "import sgfmill"` succeeds |
//! | `has_sabaki` | `.tools/node_modules/@sabaki/sgf` and `node` on `PATH` (`npm install --prefix .tools`) |
//! | `has_playwright` | `.tools/node_modules/playwright-core` and `node` on `PATH` (drives Chromium) |
//!
//! Nothing here changes the library or the binary; it only tells the tests what the
//! machine has. The script runs again whenever one of the paths it looked at changes, or
//! appears.

use std::env;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn main() {
    let root = PathBuf::from(env::var_os("CARGO_MANIFEST_DIR").unwrap_or_default());
    println!("cargo::rerun-if-changed=build.rs");
    for name in [
        "has_corpus",
        "has_positions",
        "has_gnugo",
        "has_chromium",
        "has_pre_commit",
        "has_sgfmill",
        "has_sabaki",
        "has_playwright",
    ] {
        println!("cargo::rustc-check-cfg=cfg({name})");
    }

    let corpus = root.join("../shared/corpus");
    watch(&corpus);
    set("has_corpus", corpus.is_dir());

    let positions = root.join("../shared/positions");
    watch(&positions);
    set("has_positions", positions.is_dir());

    set(
        "has_gnugo",
        on_path("gnugo").is_some() || watched_file(Path::new("/usr/games/gnugo")),
    );
    set(
        "has_chromium",
        on_path("chromium").is_some() || on_path("chromium-browser").is_some(),
    );
    set("has_pre_commit", on_path("pre-commit").is_some());
    set(
        "has_sgfmill",
        on_path("python3").is_some()
            && Command::new("python3")
                .args(["-c", "import sgfmill"])
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status()
                .is_ok_and(|s| s.success()),
    );
    let sabaki = root.join(".tools/node_modules/@sabaki/sgf");
    watch(&sabaki);
    set("has_sabaki", sabaki.is_dir() && on_path("node").is_some());
    let playwright = root.join(".tools/node_modules/playwright-core");
    watch(&playwright);
    set(
        "has_playwright",
        playwright.is_dir() && on_path("node").is_some(),
    );
}

fn set(name: &str, found: bool) {
    if found {
        println!("cargo::rustc-cfg={name}");
    }
}

/// Ask cargo to run this script again when `path` changes or appears. Cargo counts a
/// missing path as changed, which would run this script, and rebuild every test, on every
/// build; so for a missing path the nearest folder above it that exists is watched (a file
/// added to a folder changes it), two levels up at most and never the checkout itself,
/// whose `target/` changes with every build.
fn watch(path: &Path) {
    let root = env::var_os("CARGO_MANIFEST_DIR").map(PathBuf::from);
    let mut at = path;
    for _ in 0..3 {
        if root.as_deref() == Some(at) {
            return;
        }
        if at.exists() {
            println!("cargo::rerun-if-changed={}", at.display());
            return;
        }
        match at.parent() {
            Some(parent) if !parent.as_os_str().is_empty() => at = parent,
            _ => return,
        }
    }
}

fn watched_file(path: &Path) -> bool {
    watch(path);
    path.is_file()
}

/// The program `name` in a folder of `PATH`, watching each place it could appear.
fn on_path(name: &str) -> Option<PathBuf> {
    println!("cargo::rerun-if-env-changed=PATH");
    let path = env::var_os("PATH")?;
    env::split_paths(&path)
        .map(|dir| dir.join(name))
        .find(|candidate| watched_file(candidate))
}
