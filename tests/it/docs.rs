//! The examples of docs/ that show output are the binary's output: each `console` block
//! named here is run, and the document must hold its command and exactly what it prints.

use crate::common::{goref, manifest};

/// `docs/DOC` holds a `console` block with `goref ARGS` and exactly its output.
fn documented(doc: &str, args: &[&str]) {
    let text = std::fs::read_to_string(manifest().join("docs").join(doc)).expect("the doc");
    let output = goref().args(args).output().expect("goref runs");
    let words: Vec<String> = args
        .iter()
        .map(|a| {
            if a.contains(' ') {
                format!("\"{a}\"")
            } else {
                a.to_string()
            }
        })
        .collect();
    let block = format!(
        "```console\n$ goref {}\n{}```",
        words.join(" "),
        String::from_utf8_lossy(&output.stdout)
    );
    assert!(
        text.contains(&block),
        "docs/{doc} does not show what goref prints:\n{block}"
    );
}

#[test]
fn the_csv_example_is_what_batch_writes() {
    documented(
        "formats.md",
        &[
            "batch",
            "-q",
            "--csv",
            "-",
            "fixtures/contest/R 4-1-1 Dolbaram vs AQ.SGF",
            "no/such/file.sgf",
        ],
    );
}

#[test]
fn the_json_lines_example_is_what_batch_writes() {
    documented(
        "formats.md",
        &[
            "batch",
            "-q",
            "--jsonl",
            "-",
            "fixtures/contest/R 4-1-1 Dolbaram vs AQ.SGF",
        ],
    );
}

#[test]
fn the_score_table_example_is_what_score_prints() {
    documented(
        "cli.md",
        &[
            "score",
            "--rules",
            "japanese,chinese,aga",
            "--dead",
            "none",
            "fixtures/scoring/handicap/two-stones.sgf",
        ],
    );
}

#[test]
fn the_show_example_is_what_show_prints() {
    documented(
        "cli.md",
        &[
            "show",
            "--ascii",
            "--final",
            "fixtures/scoring/even/walls-dead-invader.sgf",
        ],
    );
}

#[test]
fn the_markdown_summary_example_is_what_batch_writes() {
    documented(
        "cli.md",
        &["batch", "-q", "--summary-md", "-", "fixtures/illegal"],
    );
}

#[test]
#[cfg_attr(not(has_gnugo), ignore = "GNU Go not found: apt-get install gnugo")]
fn the_engine_example_is_what_score_prints_with_gnu_go() {
    documented(
        "cli.md",
        &[
            "score",
            "--dead",
            "engine",
            "--engine",
            "/usr/games/gnugo --mode gtp",
            "fixtures/engine/gnu-crazy.sgf",
        ],
    );
}
