//! Time per game of the GTP engine bridge: each of the first 20 19x19 records of
//! `../shared/corpus/engine-games` (sorted by path) with a numeric `RE` is replayed on one
//! engine, reused from game to game, and asked `final_status_list dead`, as
//! `--dead engine` does. Prints each record's time and the median.
//!
//! Run with `cargo bench --bench engine`. The engine is GNU Go (`/usr/games/gnugo --mode
//! gtp`, or `gnugo` on PATH) unless `GOREF_BENCH_ENGINE` gives another command line.
//! Without the corpus or the engine it says so and measures nothing.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use goref::gtp::{EngineCommand, EngineLimits, EnginePool};

// The integration tests' corpus walk (sorted, any-case `.sgf`), shared rather than copied.
#[allow(dead_code)]
#[path = "../tests/it/common.rs"]
mod common;

fn main() {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/engine-games");
    if !corpus.is_dir() {
        eprintln!(
            "engine bench: {} not found, nothing measured",
            corpus.display()
        );
        return;
    }
    let command = std::env::var("GOREF_BENCH_ENGINE").unwrap_or_else(|_| {
        let gnugo = if Path::new("/usr/games/gnugo").is_file() {
            "/usr/games/gnugo"
        } else {
            "gnugo"
        };
        format!("{gnugo} --mode gtp")
    });
    let Ok(command) = EngineCommand::parse(&command) else {
        eprintln!("engine bench: cannot split the command `{command}`");
        return;
    };
    let limits = EngineLimits {
        start: Duration::from_secs(60),
        game: Duration::from_secs(120),
    };
    let pool = EnginePool::new(command.clone(), limits);
    match pool.check() {
        Ok(name) => println!("engine: {name} (`{command}`)"),
        Err(e) => {
            eprintln!("engine bench: {e}; nothing measured");
            return;
        }
    }
    let mut times = Vec::new();
    for path in records(&corpus) {
        let Ok(bytes) = std::fs::read(&path) else {
            continue;
        };
        let Some(Ok(game)) = goref::sgf::load(&bytes)
            .ok()
            .and_then(|g| g.into_iter().next())
        else {
            continue;
        };
        let started = Instant::now();
        let answer = pool.dead_stones(&game, game.komi);
        let took = started.elapsed().as_secs_f64();
        times.push(took);
        let name = path
            .strip_prefix(&corpus)
            .unwrap_or(&path)
            .display()
            .to_string();
        match answer {
            Ok(dead) => println!(
                "{name}: {} moves, {took:.3} s, {} dead",
                game.moves.len(),
                dead.len()
            ),
            Err(e) => println!("{name}: {took:.3} s, error: {e}"),
        }
    }
    times.sort_by(f64::total_cmp);
    if let (Some(min), Some(max)) = (times.first(), times.last()) {
        let median = times[times.len() / 2];
        let total: f64 = times.iter().sum();
        println!(
            "{} games: median {median:.3} s, min {min:.3} s, max {max:.3} s, total {total:.1} s",
            times.len()
        );
    }
}

/// The first 20 19x19 records (sorted by path) whose `RE` is a count (`B+3.5`, `W+12`).
fn records(root: &Path) -> Vec<PathBuf> {
    common::files_under(root, true)
        .into_iter()
        .filter(|path| {
            let text =
                String::from_utf8_lossy(&std::fs::read(path).unwrap_or_default()).into_owned();
            text.contains("SZ[19]") && counted(&text)
        })
        .take(20)
        .collect()
}

/// Whether the text holds `RE[B+<digit>` or `RE[W+<digit>`.
fn counted(text: &str) -> bool {
    text.match_indices("RE[").any(|(i, _)| {
        let rest = &text.as_bytes()[i + 3..];
        matches!(rest, [b'B' | b'W', b'+', d, ..] if d.is_ascii_digit())
    })
}
