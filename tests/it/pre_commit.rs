//! The hooks of `.pre-commit-hooks.yaml`, run by the real pre-commit tool (from PyPI) in
//! a throwaway repository of records, as a records repository would use them: a commit
//! that adds a record with an illegal move is refused with goref's reason (the lines that
//! docs/ci.md shows), and a commit of a clean record goes through.
//!
//! The hook repository is a clone of this checkout's last commit with the working tree's
//! `.pre-commit-hooks.yaml` committed on top, so an edit to the hooks is tested before it
//! is committed. `goref-validate` builds goref from that clone with `cargo install`, into
//! `target/pre-commit-hook` so that later runs rebuild only goref itself; being slow, it
//! runs only when asked (`just hooks`), and `goref-validate-system` on every run.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use crate::common::{Ran, manifest, run_with_limit};

fn git(dir: &Path, args: &[&str]) -> Ran {
    let ran = run_with_limit(
        Command::new("git")
            .args(args)
            .current_dir(dir)
            .env("GIT_CONFIG_NOSYSTEM", "1")
            .env("GIT_CONFIG_GLOBAL", "/dev/null"),
        Duration::from_secs(60),
    );
    assert!(ran.ok, "git {args:?} failed:\n{}", ran.output());
    ran
}

/// A hook repository: this checkout's last commit, plus the working tree's hooks file.
fn hook_repository(under: &Path) -> (PathBuf, String) {
    let hooks = under.join("hooks");
    git(
        under,
        &[
            "clone",
            "--quiet",
            manifest().to_str().expect("a UTF-8 path"),
            hooks.to_str().expect("a UTF-8 path"),
        ],
    );
    std::fs::copy(
        manifest().join(".pre-commit-hooks.yaml"),
        hooks.join(".pre-commit-hooks.yaml"),
    )
    .expect("the hooks file is copied");
    git(&hooks, &["config", "user.email", "test@goref.invalid"]);
    git(&hooks, &["config", "user.name", "goref test"]);
    git(&hooks, &["add", ".pre-commit-hooks.yaml"]);
    // Nothing to commit when the hooks file is as committed: then HEAD is the revision.
    let _ = run_with_limit(
        Command::new("git")
            .args(["commit", "--quiet", "-m", "hooks under test"])
            .current_dir(&hooks)
            .env("GIT_CONFIG_NOSYSTEM", "1")
            .env("GIT_CONFIG_GLOBAL", "/dev/null"),
        Duration::from_secs(60),
    );
    let rev = git(&hooks, &["rev-parse", "HEAD"])
        .stdout
        .trim()
        .to_string();
    (hooks, rev)
}

/// A records repository whose pre-commit hook is `hook_id` from the hook repository.
fn records_repository(under: &Path, hooks: &Path, rev: &str, hook_id: &str) -> PathBuf {
    let records = under.join("records");
    std::fs::create_dir(&records).expect("a folder");
    git(&records, &["init", "--quiet"]);
    git(&records, &["config", "user.email", "test@goref.invalid"]);
    git(&records, &["config", "user.name", "goref test"]);
    let config = format!(
        "repos:\n  - repo: {}\n    rev: {rev}\n    hooks:\n      - id: {hook_id}\n",
        hooks.display()
    );
    std::fs::write(records.join(".pre-commit-config.yaml"), config).expect("the config");
    let ran = pre_commit(&records, under, &["install"], Duration::from_secs(60));
    assert!(ran.ok, "pre-commit install failed:\n{}", ran.output());
    git(&records, &["add", ".pre-commit-config.yaml"]);
    records
}

/// `PATH` with the goref under test first.
fn path_with_goref() -> String {
    let goref = Path::new(env!("CARGO_BIN_EXE_goref"));
    let dir = goref.parent().expect("the binary's folder");
    format!(
        "{}:{}",
        dir.display(),
        std::env::var("PATH").unwrap_or_default()
    )
}

fn pre_commit_env(command: &mut Command, under: &Path) {
    command
        .env("PRE_COMMIT_HOME", under.join("pre-commit-home"))
        .env("PATH", path_with_goref())
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .env("GIT_CONFIG_GLOBAL", "/dev/null")
        .env(
            "CARGO_TARGET_DIR",
            manifest().join("target/pre-commit-hook"),
        );
}

fn pre_commit(dir: &Path, under: &Path, args: &[&str], limit: Duration) -> Ran {
    let mut command = Command::new("pre-commit");
    command.args(args).current_dir(dir);
    pre_commit_env(&mut command, under);
    run_with_limit(&mut command, limit)
}

/// `git commit` in `records`, which runs the installed pre-commit hook.
fn commit(records: &Path, under: &Path, message: &str, limit: Duration) -> Ran {
    let mut command = Command::new("git");
    command
        .args(["commit", "--quiet", "-m", message])
        .current_dir(records);
    pre_commit_env(&mut command, under);
    run_with_limit(&mut command, limit)
}

fn committed_files(records: &Path) -> String {
    let ran = run_with_limit(
        Command::new("git")
            .args(["log", "--name-only", "--format=%s"])
            .current_dir(records),
        Duration::from_secs(60),
    );
    ran.stdout
}

/// The lines of docs/ci.md's example refusal that any of the hooks prints: all but the
/// hook's name and id (the example is `goref-validate`'s) and the `...` of left-out lines.
fn documented_refusal() -> Vec<String> {
    let doc = std::fs::read_to_string(manifest().join("docs/ci.md")).expect("docs/ci.md");
    let block = doc
        .split("```")
        .find(|block| block.contains("- hook id: goref-validate"))
        .expect("docs/ci.md shows a refusal");
    let lines: Vec<String> = block
        .lines()
        .filter(|l| {
            !l.trim().is_empty()
                && l.trim() != "..."
                && !l.starts_with("goref validate")
                && !l.starts_with("- hook id:")
        })
        .map(str::to_string)
        .collect();
    assert!(lines.len() >= 3, "{lines:?}");
    lines
}

/// The whole story for one hook: refused with an illegal record, passed with a clean one.
fn refuses_illegal_and_passes_clean(hook_id: &str, limit: Duration) {
    let temp = tempfile::tempdir().expect("a temporary folder");
    let under = temp.path();
    let (hooks, rev) = hook_repository(under);
    let records = records_repository(under, &hooks, &rev, hook_id);
    let fixtures = manifest().join("fixtures");

    std::fs::copy(
        fixtures.join("illegal/ko/immediate-retake.sgf"),
        records.join("retake.SGF"),
    )
    .expect("copy");
    git(&records, &["add", "retake.SGF"]);
    let refused = commit(&records, under, "an illegal record", limit);
    let said = refused.output();
    assert!(
        !refused.ok,
        "{hook_id}: the commit of an illegal record went through:\n{said}"
    );
    assert!(
        said.contains("retake.SGF") && said.contains("ko:"),
        "{hook_id}: the refusal does not name the record and the ko:\n{said}"
    );
    for line in documented_refusal() {
        assert!(
            said.lines().any(|l| l == line),
            "{hook_id}: docs/ci.md shows `{line}` in the refusal, which says:\n{said}"
        );
    }
    assert!(
        !committed_files(&records).contains("retake.SGF"),
        "{hook_id}: the illegal record was committed"
    );

    git(&records, &["rm", "--cached", "--quiet", "retake.SGF"]);
    std::fs::copy(
        fixtures.join("legal/snapback/corner-snapback.sgf"),
        records.join("snapback.sgf"),
    )
    .expect("copy");
    git(&records, &["add", "snapback.sgf"]);
    let passed = commit(&records, under, "a clean record", limit);
    let said = passed.output();
    assert!(
        passed.ok,
        "{hook_id}: the commit of a clean record was refused:\n{said}"
    );
    assert!(!said.contains("Failed"), "{said}");
    let log = committed_files(&records);
    assert!(
        log.contains("a clean record") && log.contains("snapback.sgf"),
        "{hook_id}: the clean record is not in the history:\n{log}"
    );
}

#[test]
#[cfg_attr(
    not(has_pre_commit),
    ignore = "pre-commit not found: pip install pre-commit"
)]
fn manifest_is_valid_for_pre_commit() {
    let temp = tempfile::tempdir().expect("a temporary folder");
    let ran = pre_commit(
        manifest(),
        temp.path(),
        &["validate-manifest", ".pre-commit-hooks.yaml"],
        Duration::from_secs(60),
    );
    assert!(ran.ok, "the manifest is not valid:\n{}", ran.output());
}

#[test]
#[cfg_attr(
    not(has_pre_commit),
    ignore = "pre-commit not found: pip install pre-commit"
)]
fn system_hook_refuses_an_illegal_record_and_passes_a_clean_one() {
    refuses_illegal_and_passes_clean("goref-validate-system", Duration::from_secs(120));
}

/// Builds goref with cargo as a records repository's first commit would: about 1.5 min
/// of a 2-core machine the first time (every dependency), goref alone afterwards. Too dear
/// for every CI run, where the system hook above runs the same `entry` and `files`:
/// `just hooks` runs it (docs/ci.md).
#[test]
#[cfg_attr(
    not(has_pre_commit),
    ignore = "pre-commit not found: pip install pre-commit"
)]
#[cfg_attr(
    has_pre_commit,
    ignore = "builds goref again inside pre-commit (minutes): `just hooks` runs it"
)]
fn rust_hook_builds_goref_then_refuses_an_illegal_record_and_passes_a_clean_one() {
    refuses_illegal_and_passes_clean("goref-validate", Duration::from_secs(1200));
}
