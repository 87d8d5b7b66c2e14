//! The loader over every file of the shared corpus (`../shared/corpus`): real records from
//! servers, tournaments, engines and other SGF libraries, including files that are not SGF.
//!
//! Proves that no file makes the loader panic and that every SGF record of `ai-games/` and
//! `engine-games/` gives at least one game or a clear error. Prints what it saw (run with
//! `--nocapture`). Reported as ignored where the corpus is absent (a user's clone).

use std::collections::BTreeMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;

use crate::common::{corpus, files_under};
use goref::sgf::{GameError, LoadError, load};

const FOLDERS: [&str; 3] = ["ai-games", "engine-games", "dialects"];

/// A message with its numbers and quoted values blanked, so that like messages group.
fn shape(message: &str) -> String {
    let mut out = String::new();
    let mut in_value = 0usize;
    let mut last_digit = false;
    for c in message.chars() {
        match c {
            '[' => {
                in_value += 1;
                out.push('[');
                if in_value == 1 {
                    out.push('…');
                }
            }
            ']' => {
                in_value = in_value.saturating_sub(1);
                if in_value == 0 {
                    out.push(']');
                }
            }
            _ if in_value > 0 => {}
            c if c.is_ascii_digit() => {
                if !last_digit {
                    out.push('N');
                }
                last_digit = true;
                continue;
            }
            c => out.push(c),
        }
        last_digit = false;
    }
    out
}

fn is_sgf(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("sgf"))
}

#[test]
#[cfg_attr(not(has_corpus), ignore = "../shared/corpus is absent")]
fn every_corpus_file_loads_or_says_why() {
    let corpus = corpus();
    let mut files = 0usize;
    let mut sgf_files = 0usize;
    let mut games = 0usize;
    let mut loaded = 0usize;
    let mut moves = 0usize;
    let mut file_errors: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut game_errors: BTreeMap<String, usize> = BTreeMap::new();
    let mut warning_kinds: BTreeMap<&'static str, usize> = BTreeMap::new();
    let mut warning_shapes: BTreeMap<(&'static str, String), usize> = BTreeMap::new();
    let mut panics = Vec::new();
    let mut unclear = Vec::new();
    // Real records must never hit a bound of `Limits::default()` (docs/robustness.md).
    let mut limited = Vec::new();

    for folder in FOLDERS {
        for path in files_under(&corpus.join(folder), false) {
            let Ok(bytes) = std::fs::read(&path) else {
                continue;
            };
            files += 1;
            let name = path
                .strip_prefix(&corpus)
                .unwrap_or(&path)
                .display()
                .to_string();
            let strict = is_sgf(&path) && folder != "dialects";
            sgf_files += usize::from(is_sgf(&path));
            let outcome = match catch_unwind(AssertUnwindSafe(|| load(&bytes))) {
                Ok(outcome) => outcome,
                Err(_) => {
                    panics.push(name);
                    continue;
                }
            };
            match outcome {
                Err(e) => {
                    let message = e.to_string();
                    if matches!(
                        e,
                        LoadError::TooLarge { .. } | LoadError::TooManyGames { .. }
                    ) {
                        limited.push(format!("{name}: {message}"));
                    }
                    if strict && !matches!(e, LoadError::Empty) {
                        unclear.push(format!("{name}: {message}"));
                    }
                    file_errors.entry(message).or_default().push(name);
                }
                Ok(results) => {
                    if strict && !results.iter().any(Result::is_ok) && results.is_empty() {
                        unclear.push(format!("{name}: no game and no error"));
                    }
                    for result in results {
                        games += 1;
                        match result {
                            Ok(record) => {
                                loaded += 1;
                                moves += record.moves.len();
                                for w in &record.warnings {
                                    *warning_kinds.entry(w.kind.name()).or_default() += 1;
                                    *warning_shapes
                                        .entry((w.kind.name(), shape(&w.message)))
                                        .or_default() += 1;
                                }
                            }
                            Err(e) => {
                                let message = e.to_string();
                                assert!(
                                    message
                                        .split_once(": ")
                                        .is_some_and(|(_, m)| m.starts_with(char::is_lowercase)),
                                    "{name}: game error message is not a lower-case sentence: \
                                     {message}"
                                );
                                let kind = match e {
                                    GameError::BadSize { .. }
                                    | GameError::UnreadableSize { .. } => "bad-size",
                                    GameError::NoContent { .. } => "no-content",
                                    GameError::NotGo { .. } => "not-go",
                                    GameError::Syntax { .. } => "syntax",
                                    GameError::TooManyNodes { .. }
                                    | GameError::TooDeep { .. }
                                    | GameError::ValueTooLong { .. }
                                    | GameError::TimedOut { .. } => {
                                        limited.push(format!("{name}: {message}"));
                                        "limit"
                                    }
                                };
                                *game_errors
                                    .entry(format!("{kind}: {}", shape(&message)))
                                    .or_default() += 1;
                                println!("game error in {name}: {message}");
                            }
                        }
                    }
                }
            }
        }
    }

    println!("files: {files} ({sgf_files} named .sgf)");
    println!("games: {games} found, {loaded} loaded ({moves} moves)");
    println!("file errors:");
    for (message, names) in &file_errors {
        println!("  {} x {message}", names.len());
        for name in names.iter().take(8) {
            println!("      {name}");
        }
    }
    println!("game errors:");
    for (message, count) in &game_errors {
        println!("  {count} x {message}");
    }
    println!("warnings by kind:");
    for (kind, count) in &warning_kinds {
        println!("  {count} x {kind}");
    }
    println!("warnings by shape:");
    for ((kind, message), count) in &warning_shapes {
        println!("  {count} x {kind}: {message}");
    }

    assert!(panics.is_empty(), "the loader panicked on: {panics:?}");
    assert!(
        limited.is_empty(),
        "real records hit a default limit: {limited:#?}"
    );
    assert!(
        unclear.is_empty(),
        "SGF records that gave no game and no clear error: {unclear:#?}"
    );
    assert!(files > 0, "the corpus folders hold no files");
}

/// Every game of the corpus, replayed under each record's own rule set and under every
/// preset: the validator never panics, and every report says valid, invalid or why not.
#[test]
#[cfg_attr(not(has_corpus), ignore = "../shared/corpus is absent")]
fn every_corpus_game_validates_under_every_preset() {
    let root = corpus();
    let mut choices = vec![(
        "record's RU".to_string(),
        goref::rules::RulesChoice::default(),
    )];
    for preset in goref::rules::presets() {
        choices.push((
            preset.name.clone(),
            goref::rules::RulesChoice {
                preset: Some(preset),
                ..Default::default()
            },
        ));
    }
    let mut files = Vec::new();
    for folder in FOLDERS {
        files.extend(files_under(&root.join(folder), false));
    }
    let mut panics = Vec::new();
    let mut reports = 0usize;
    for path in &files {
        let Ok(bytes) = std::fs::read(path) else {
            continue;
        };
        let name = path.display().to_string();
        for (label, choice) in &choices {
            match catch_unwind(AssertUnwindSafe(|| {
                goref::check::validate_bytes(&name, &bytes, choice)
            })) {
                Ok(games) => {
                    assert!(!games.is_empty(), "{name}: no report at all");
                    for g in &games {
                        assert!(
                            g.valid || g.illegal_count > 0 || g.error.is_some(),
                            "{name} game {} under {label}: invalid without a reason",
                            g.game
                        );
                    }
                    reports += games.len();
                }
                Err(_) => panics.push(format!("{name} under {label}")),
            }
        }
    }
    println!(
        "{reports} reports from {} files under {} rule choices",
        files.len(),
        choices.len()
    );
    assert!(
        panics.is_empty(),
        "the validator panicked on:\n{}",
        panics.join("\n")
    );
}
