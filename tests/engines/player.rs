//! A fake GTP player for `goref referee`'s tests (built by `cargo test` as the example
//! `referee_player`): it plays the moves it is given, then passes, and misbehaves on
//! purpose at the move it is told to. It needs nothing but the standard library.
//!
//! ```text
//! referee_player [--name NAME] [--moves C3,D4,...] [--dead "A3 B4"]
//!                [--at K --then illegal|sleep|crash|garbage|resign] [--sleep-ms N]
//!                [--never-pass] [--cleanup-moves A2,B3,...] [--dead-after-cleanup "..."]
//!                [--log FILE] [--kgs-time] [--handicap-stones "C3 G7"]
//! ```
//!
//! - `--moves`: its first moves, in order (a point already taken is skipped).
//! - `--dead`: its answer to `final_status_list dead`.
//! - `--at K --then MODE`: at its K-th `genmove` (from 1): answer a point that holds a
//!   stone (`illegal`), sleep `--sleep-ms` before answering (`sleep`), write a line on
//!   standard error and exit with status 3 (`crash`), print a line that is not GTP
//!   (`garbage`), or resign (`resign`).
//! - `--never-pass`: after its moves, play the first empty point (reading order)
//!   instead of passing.
//! - `--cleanup-moves`: its moves when asked `kgs-genmove_cleanup` (which it lists), then
//!   passes; `--dead-after-cleanup`: its answer to `final_status_list dead` once it has
//!   been asked `kgs-genmove_cleanup` (default: `--dead`).
//! - `--log FILE`: every command it receives, one a line, appended to FILE.
//! - `--handicap-stones`: its answer to `fixed_handicap` (which it then knows).
//! - `--kgs-time`: it lists and accepts `kgs-time_settings` (else only `time_settings`).

use std::collections::HashSet;
use std::io::{BufRead, Write};
use std::time::Duration;

#[derive(Default)]
struct Options {
    name: String,
    moves: Vec<String>,
    dead: String,
    at: usize,
    then: String,
    sleep_ms: u64,
    never_pass: bool,
    cleanup_moves: Vec<String>,
    dead_after_cleanup: Option<String>,
    log: Option<String>,
    kgs_time: bool,
    handicap_stones: String,
}

const COLUMNS: &str = "ABCDEFGHJKLMNOPQRSTUVWXYZ";

fn main() {
    let mut o = Options {
        name: "Fake Player".to_string(),
        sleep_ms: 600_000,
        ..Options::default()
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let mut value = || args.next().unwrap_or_default();
        match flag.as_str() {
            "--name" => o.name = value(),
            "--moves" => {
                o.moves = value()
                    .split(',')
                    .filter(|m| !m.is_empty())
                    .map(str::to_uppercase)
                    .collect()
            }
            "--dead" => o.dead = value(),
            "--at" => o.at = value().parse().unwrap_or(0),
            "--then" => o.then = value(),
            "--sleep-ms" => o.sleep_ms = value().parse().unwrap_or(0),
            "--never-pass" => o.never_pass = true,
            "--cleanup-moves" => {
                o.cleanup_moves = value()
                    .split(',')
                    .filter(|m| !m.is_empty())
                    .map(str::to_uppercase)
                    .collect()
            }
            "--dead-after-cleanup" => o.dead_after_cleanup = Some(value()),
            "--log" => o.log = Some(value()),
            "--kgs-time" => o.kgs_time = true,
            "--handicap-stones" => o.handicap_stones = value().to_uppercase(),
            _ => {}
        }
    }
    let mut size = 19usize;
    let mut taken: HashSet<String> = HashSet::new();
    let mut next_move = 0usize;
    let mut genmoves = 0usize;
    let mut next_cleanup = 0usize;
    let mut cleaned_up = false;
    let stdin = std::io::stdin();
    let mut out = std::io::stdout();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        if let Some(mut file) = o.log.as_ref().and_then(|log| {
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(log)
                .ok()
        }) {
            let _ = writeln!(file, "{line}");
        }
        let mut words = line.split_whitespace();
        let Some(first) = words.next() else { continue };
        let (id, command) = match first.parse::<u64>() {
            Ok(id) => (id.to_string(), words.next().unwrap_or("")),
            Err(_) => (String::new(), first),
        };
        let rest: Vec<&str> = words.collect();
        let answer: Result<String, String> = match command {
            "protocol_version" => Ok("2".to_string()),
            "name" => Ok(o.name.clone()),
            "version" => Ok(String::new()),
            "list_commands" => Ok([
                "kgs-genmove_cleanup",
                if o.handicap_stones.is_empty() {
                    ""
                } else {
                    "fixed_handicap"
                },
                if o.kgs_time { "kgs-time_settings" } else { "" },
                "protocol_version",
                "name",
                "version",
                "list_commands",
                "quit",
                "boardsize",
                "clear_board",
                "komi",
                "play",
                "genmove",
                "final_status_list",
                "time_settings",
                "time_left",
            ]
            .iter()
            .filter(|c| !c.is_empty())
            .copied()
            .collect::<Vec<_>>()
            .join("\n")),
            "boardsize" => {
                size = rest.first().and_then(|s| s.parse().ok()).unwrap_or(19);
                taken.clear();
                Ok(String::new())
            }
            "clear_board" => {
                taken.clear();
                next_move = 0;
                Ok(String::new())
            }
            "komi" | "time_settings" | "time_left" => Ok(String::new()),
            "play" => {
                if let Some(v) = rest.get(1) {
                    let v = v.to_uppercase();
                    if v != "PASS" {
                        taken.insert(v);
                    }
                }
                Ok(String::new())
            }
            "final_status_list" => Ok(match &o.dead_after_cleanup {
                Some(dead) if cleaned_up => dead.clone(),
                _ => o.dead.clone(),
            }),
            "kgs-genmove_cleanup" => {
                cleaned_up = true;
                let mut cleanup = Options {
                    moves: o.cleanup_moves.clone(),
                    ..Options::default()
                };
                cleanup.never_pass = false;
                Ok(choose(&cleanup, size, &mut taken, &mut next_cleanup))
            }
            "kgs-time_settings" if o.kgs_time => Ok(String::new()),
            "fixed_handicap" if !o.handicap_stones.is_empty() => {
                taken.extend(o.handicap_stones.split_whitespace().map(str::to_string));
                Ok(o.handicap_stones.clone())
            }
            "quit" => {
                let _ = write!(out, "={id}\n\n");
                let _ = out.flush();
                return;
            }
            "genmove" => {
                genmoves += 1;
                let special = (genmoves == o.at).then_some(o.then.as_str());
                match special {
                    Some("illegal") => Ok(taken.iter().min().cloned().unwrap_or("A1".to_string())),
                    Some("crash") => {
                        eprintln!("referee_player: segmentation fault (on purpose)");
                        std::process::exit(3);
                    }
                    Some("garbage") => {
                        let _ = writeln!(out, "I am not a GTP engine today");
                        let _ = out.flush();
                        continue;
                    }
                    Some("resign") => Ok("resign".to_string()),
                    other => {
                        if other == Some("sleep") {
                            std::thread::sleep(Duration::from_millis(o.sleep_ms));
                        }
                        Ok(choose(&o, size, &mut taken, &mut next_move))
                    }
                }
            }
            _ => Err("unknown command".to_string()),
        };
        let text = match answer {
            Ok(text) => format!("={id} {text}\n\n"),
            Err(text) => format!("?{id} {text}\n\n"),
        };
        if out
            .write_all(text.as_bytes())
            .and_then(|()| out.flush())
            .is_err()
        {
            return;
        }
    }
}

/// The next of its moves not yet taken; then a pass, or the first empty point.
fn choose(o: &Options, size: usize, taken: &mut HashSet<String>, next: &mut usize) -> String {
    while let Some(m) = o.moves.get(*next) {
        *next += 1;
        if !taken.contains(m) {
            taken.insert(m.clone());
            return m.clone();
        }
    }
    if o.never_pass {
        for row in (1..=size).rev() {
            for column in COLUMNS.chars().take(size) {
                let v = format!("{column}{row}");
                if !taken.contains(&v) {
                    taken.insert(v.clone());
                    return v;
                }
            }
        }
    }
    "pass".to_string()
}
