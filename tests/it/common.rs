//! Helpers the integration tests share: the built binary, the fixtures, the corpus.

use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

use assert_cmd::Command;

/// The built `goref`, run from the repository root.
pub fn goref() -> Command {
    let mut cmd = Command::cargo_bin("goref").expect("the goref binary is built");
    cmd.current_dir(manifest());
    cmd
}

/// The example program `name` (`fake_gtp`, `referee_player`) that `cargo test` builds into
/// `target/<profile>/examples/`, beside this test's own `deps/` folder.
pub fn example(name: &str) -> PathBuf {
    let exe = std::env::current_exe().expect("the test's own path");
    let profile = exe
        .parent()
        .and_then(Path::parent)
        .expect("target/<profile>/deps");
    let program = profile
        .join("examples")
        .join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
    assert!(
        program.is_file(),
        "{} is missing: plain `cargo test` builds it; before a filtered run, \
         `cargo build --release --example {name}` first",
        program.display()
    );
    program
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

/// Every game record under `root` that `goref batch` reads by its name: `.sgf`, and the
/// servers' `.gib`, `.ngf`, `.ugf` and `.ugi` (any case), sorted.
pub fn records_under(root: &Path) -> Vec<PathBuf> {
    files_under(root, false)
        .into_iter()
        .filter(|path| {
            path.extension().is_some_and(|e| {
                ["sgf", "gib", "ngf", "ugf", "ugi"]
                    .iter()
                    .any(|x| e.eq_ignore_ascii_case(x))
            })
        })
        .collect()
}

/// Wait at most `limit` for `child` to end, and kill it past that: its exit code (-1 for a
/// signal), or `None` when it had to be killed (it hung).
pub fn wait_bounded(child: &mut Child, limit: Duration) -> Option<i32> {
    let started = Instant::now();
    loop {
        if let Some(status) = child.try_wait().expect("the run can be waited for") {
            return Some(status.code().unwrap_or(-1));
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// What a finished command said.
pub struct Ran {
    pub ok: bool,
    pub stdout: String,
    pub stderr: String,
}

impl Ran {
    /// Standard output, then standard error.
    pub fn output(&self) -> String {
        format!("{}{}", self.stdout, self.stderr)
    }
}

/// Run `command` with no input, killing it after `limit` ([`wait_bounded`]), so that an
/// outside program (Chromium, node, pre-commit, git) cannot hang a test. Panics, with what
/// it said, when it cannot start or runs past `limit`.
pub fn run_with_limit(command: &mut std::process::Command, limit: Duration) -> Ran {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let (out, err) = (dir.path().join("out"), dir.path().join("err"));
    let mut child = command
        .stdin(Stdio::null())
        .stdout(File::create(&out).expect("a file"))
        .stderr(File::create(&err).expect("a file"))
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {command:?}: {e}"));
    let read = |p: &Path| std::fs::read_to_string(p).unwrap_or_default();
    let Some(code) = wait_bounded(&mut child, limit) else {
        panic!(
            "{command:?} took over {limit:?}; it said:\n{}{}",
            read(&out),
            read(&err)
        );
    };
    Ran {
        ok: code == 0,
        stdout: read(&out),
        stderr: read(&err),
    }
}

/// The README's picture of the HTML report (`docs/images/report.png`): the batch it is
/// taken of (run from the repository root), and the row whose board is open in it, a
/// `result-mismatch` row of a 19x19 game with dead stones of both colours.
pub const REPORT_PICTURE: &str = "docs/images/report.png";
pub const REPORT_PICTURE_BATCH: [&str; 6] = [
    "batch",
    "-q",
    "--rules",
    "chinese",
    "fixtures/real",
    "fixtures/scoring",
];
pub const REPORT_PICTURE_ROW: usize = 2;
/// The PNG text chunk that names the page the picture was taken of: its [`fnv1a`].
pub const REPORT_PICTURE_KEY: &str = "goref-page";

/// The page `goref batch REPORT_PICTURE_BATCH --html` writes now, written to `out`.
pub fn report_picture_page(out: &Path) -> Vec<u8> {
    let output = goref()
        .args(REPORT_PICTURE_BATCH)
        .arg("--html")
        .arg(out)
        .output()
        .expect("goref runs");
    assert!(
        matches!(output.status.code(), Some(0 | 1)),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    std::fs::read(out).expect("the page")
}

/// The 64-bit FNV-1a hash of `bytes`, in hex: names a page in its picture.
pub fn fnv1a(bytes: &[u8]) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{hash:016x}")
}

/// A score's `not_territory` (JSON) as (point, reason) pairs, in the order given.
pub fn not_territory(score: &serde_json::Value) -> Vec<(String, String)> {
    score["not_territory"]
        .as_array()
        .expect("not_territory is always an array")
        .iter()
        .map(|n| {
            (
                n["point"].as_str().unwrap_or_default().to_string(),
                n["reason"].as_str().unwrap_or_default().to_string(),
            )
        })
        .collect()
}
