//! A fake GTP engine for goref's tests: it answers the commands goref sends with canned
//! answers, and misbehaves on purpose when told to. `cargo test` builds it (as
//! `target/<profile>/examples/fake_gtp`); it needs nothing but the standard library.
//!
//! ```text
//! fake_gtp [--dead "C3 D4"] [--log FILE] [--without COMMAND] [--no-ids]
//!          [--crash-on TEXT] [--hang-on TEXT] [--garbage-on TEXT] [--refuse-on TEXT]
//!          [--slow-on TEXT --delay-ms N] [--exit-at-start]
//! ```
//!
//! - `--dead`: the answer to `final_status_list dead` (none by default).
//! - `--log`: append `start PID` when starting, then every command received, one a line.
//! - `--without`: leave a command out of `list_commands` and refuse it.
//! - `--no-ids`: answer without the command's id.
//! - `--crash-on`, `--hang-on`, `--garbage-on`, `--refuse-on`, `--slow-on`: on a command
//!   containing TEXT, exit with status 3 after a line on standard error; sleep
//!   for ten minutes; print a line that is not GTP; answer `? illegal move`; or sleep
//!   `--delay-ms` before answering.
//! - `--exit-at-start`: write a line on standard error and exit with status 2 before
//!   reading anything.

use std::io::{BufRead, Write};
use std::time::Duration;

#[derive(Default)]
struct Options {
    dead: String,
    log: Option<String>,
    without: Vec<String>,
    no_ids: bool,
    crash_on: Option<String>,
    hang_on: Option<String>,
    garbage_on: Option<String>,
    refuse_on: Option<String>,
    slow_on: Option<String>,
    delay_ms: u64,
    exit_at_start: bool,
}

const COMMANDS: &[&str] = &[
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "quit",
    "boardsize",
    "clear_board",
    "komi",
    "play",
    "set_free_handicap",
    "final_status_list",
];

fn main() {
    let mut o = Options::default();
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let mut value = || args.next().unwrap_or_default();
        match flag.as_str() {
            "--dead" => o.dead = value(),
            "--log" => o.log = Some(value()),
            "--without" => o.without.push(value()),
            "--no-ids" => o.no_ids = true,
            "--crash-on" => o.crash_on = Some(value()),
            "--hang-on" => o.hang_on = Some(value()),
            "--garbage-on" => o.garbage_on = Some(value()),
            "--refuse-on" => o.refuse_on = Some(value()),
            "--slow-on" => o.slow_on = Some(value()),
            "--delay-ms" => o.delay_ms = value().parse().unwrap_or(0),
            "--exit-at-start" => o.exit_at_start = true,
            other => {
                eprintln!("fake_gtp: unknown option {other}");
                std::process::exit(2);
            }
        }
    }
    if o.exit_at_start {
        eprintln!("fake_gtp: cannot open the network file");
        std::process::exit(2);
    }
    log(&o, &format!("start {}", std::process::id()));

    let stdin = std::io::stdin();
    let mut out = std::io::stdout();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let (id, command) = match line.split_once(' ') {
            Some((id, rest)) if id.bytes().all(|b| b.is_ascii_digit()) => (id, rest),
            _ if line.bytes().all(|b| b.is_ascii_digit()) => (line, ""),
            _ => ("", line),
        };
        log(&o, command);
        let id = if o.no_ids { "" } else { id };
        let hit =
            |trigger: &Option<String>| trigger.as_deref().is_some_and(|t| command.contains(t));

        if hit(&o.crash_on) {
            eprintln!("fake_gtp: warming up");
            eprintln!("fake_gtp: crashing on purpose at `{command}`");
            std::process::exit(3);
        }
        if hit(&o.hang_on) {
            std::thread::sleep(Duration::from_secs(600));
            std::process::exit(4);
        }
        if hit(&o.garbage_on) {
            let _ = writeln!(out, "Thinking... this is not GTP");
            let _ = out.flush();
            continue;
        }
        if hit(&o.slow_on) {
            std::thread::sleep(Duration::from_millis(o.delay_ms));
        }
        let name = command.split_whitespace().next().unwrap_or("");
        let answer = if hit(&o.refuse_on) {
            Err("illegal move".to_string())
        } else if o.without.iter().any(|w| w == name) || !COMMANDS.contains(&name) {
            Err("unknown command".to_string())
        } else {
            match name {
                "protocol_version" => Ok("2".to_string()),
                "name" => Ok("Fake GTP".to_string()),
                "version" => Ok("0.1".to_string()),
                "list_commands" => Ok(COMMANDS
                    .iter()
                    .filter(|c| !o.without.iter().any(|w| w == *c))
                    .copied()
                    .collect::<Vec<_>>()
                    .join("\n")),
                "set_free_handicap" if command.split_whitespace().count() < 3 => {
                    Err("invalid handicap".to_string())
                }
                "final_status_list" => Ok(o.dead.clone()),
                _ => Ok(String::new()),
            }
        };
        let _ = match answer {
            Ok(text) => write!(out, "={id} {text}\n\n"),
            Err(text) => write!(out, "?{id} {text}\n\n"),
        };
        let _ = out.flush();
        if name == "quit" {
            break;
        }
    }
}

fn log(o: &Options, line: &str) {
    if let Some(path) = &o.log
        && let Ok(mut file) = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
    {
        // One write per line: several fakes append to one log at once, and a line written
        // in two pieces (text, then newline) can be split by another fake's line.
        let _ = file.write_all(format!("{line}\n").as_bytes());
    }
}
