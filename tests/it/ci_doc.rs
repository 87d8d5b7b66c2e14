//! docs/ci.md's sharded workflow, tested where it can be here: its join step, taken from
//! the page as written, runs on the CSVs of a real four-shard `goref batch` over
//! `fixtures/`, and must give byte for byte the CSV of one run over the whole folder.

use std::process::Command;

use crate::common::manifest;

/// The `run: |` script of the workflow step named `step` in docs/ci.md.
fn step_script(doc: &str, step: &str) -> String {
    let lines: Vec<&str> = doc.lines().collect();
    let name_line = lines
        .iter()
        .position(|l| l.trim() == format!("- name: {step}"))
        .unwrap_or_else(|| panic!("docs/ci.md has no step `{step}`"));
    let run_line = (name_line + 1..lines.len())
        .find(|&i| lines[i].trim() == "run: |")
        .unwrap_or_else(|| panic!("step `{step}` has no `run: |` block"));
    let indent = |l: &str| l.len() - l.trim_start().len();
    let run_indent = indent(lines[run_line]);
    let mut script = String::new();
    for line in &lines[run_line + 1..] {
        if !line.trim().is_empty() && indent(line) <= run_indent {
            break;
        }
        script.push_str(line.get(run_indent + 2..).unwrap_or(""));
        script.push('\n');
    }
    script
}

fn batch(args: &[&str]) {
    let status = Command::new(env!("CARGO_BIN_EXE_goref"))
        .arg("batch")
        .args(args)
        .args(["--quiet", "--jobs", "2"])
        .current_dir(manifest())
        .status()
        .expect("goref runs");
    // 1 only says that some fixture fails, as the illegal ones do.
    assert!(
        matches!(status.code(), Some(0 | 1)),
        "goref batch {args:?}: {status}"
    );
}

#[test]
fn join_step_of_docs_ci_md_rebuilds_the_whole_runs_csv_from_four_shards() {
    let doc = std::fs::read_to_string(manifest().join("docs/ci.md")).expect("docs/ci.md");
    let script = step_script(&doc, "Join the shards' CSVs");
    assert!(script.contains("games.csv"), "{script}");

    let temp = tempfile::tempdir().expect("a temporary folder");
    let whole = temp.path().join("whole.csv");
    batch(&["fixtures", "--csv", whole.to_str().expect("UTF-8")]);
    let shards = temp.path().join("shards");
    std::fs::create_dir(&shards).expect("a folder");
    // Shard 3 written first: the join must order by shard number, not by time or name.
    for k in [3, 1, 4, 2] {
        let out = shards.join(format!("shard-{k}-of-4.csv"));
        batch(&[
            "fixtures",
            "--shard",
            &format!("{k}/4"),
            "--csv",
            out.to_str().expect("UTF-8"),
        ]);
    }
    let ran = Command::new("bash")
        .arg("-c")
        .arg(&script)
        .current_dir(temp.path())
        .output()
        .expect("bash runs");
    assert!(
        ran.status.success(),
        "the join step failed:\n{}",
        String::from_utf8_lossy(&ran.stderr)
    );
    let joined = std::fs::read(temp.path().join("games.csv")).expect("games.csv");
    let expected = std::fs::read(&whole).expect("whole.csv");
    assert!(
        expected.iter().filter(|&&b| b == b'\n').count() > 10,
        "too few rows to prove anything"
    );
    for k in 1..=4 {
        let part =
            std::fs::read_to_string(shards.join(format!("shard-{k}-of-4.csv"))).expect("a shard");
        assert!(
            part.lines().count() > 1,
            "shard {k} is empty: the split proves nothing"
        );
    }
    assert!(
        joined == expected,
        "games.csv differs from the whole run's CSV:\n--- joined\n{}\n--- whole\n{}",
        String::from_utf8_lossy(&joined),
        String::from_utf8_lossy(&expected)
    );

    // A missing shard is an error, not a short file.
    std::fs::remove_file(shards.join("shard-2-of-4.csv")).expect("remove");
    let short = Command::new("bash")
        .arg("-c")
        .arg(&script)
        .current_dir(temp.path())
        .output()
        .expect("bash runs");
    assert!(!short.status.success());
    assert!(String::from_utf8_lossy(&short.stderr).contains("found 3"));
}
