//! `goref referee`: live games between GTP engines. Fake players
//! (`tests/engines/player.rs`, built by `cargo test` as the example `referee_player`)
//! misbehave on purpose, one way each; GNU Go plays real tournaments where it is
//! installed. Every record the referee writes is read again by `goref score` and must
//! give the referee's result.

use std::path::{Path, PathBuf};
use std::process::Command;

use assert_cmd::cargo::CommandCargoExt;
use serde_json::Value;

/// The fake player (`tests/engines/player.rs`).
fn player() -> String {
    crate::common::example("referee_player")
        .display()
        .to_string()
}

fn goref() -> Command {
    Command::cargo_bin("goref").expect("the goref binary")
}

/// Run `goref referee ARGS --out DIR`: its exit code and standard output.
fn referee(args: &[&str], out: &Path) -> (i32, String) {
    let output = goref()
        .arg("referee")
        .args(args)
        .arg("--out")
        .arg(out)
        .output()
        .expect("goref runs");
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(
        output.status.code().is_some(),
        "goref was killed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    (output.status.code().unwrap_or(-1), stdout)
}

/// The records of a folder, by file name.
fn records(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut found: Vec<PathBuf> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "sgf"))
        .collect();
    found.sort();
    found
}

/// What `goref score --rules RULES --format json` says of a record: its result and what
/// decided it.
fn scored(path: &Path, rules: &str) -> (String, String) {
    let output = goref()
        .args(["score", "--rules", rules, "--format", "json"])
        .arg(path)
        .output()
        .expect("goref runs");
    let json: Value = serde_json::from_slice(&output.stdout).expect("JSON");
    let score = &json["games"][0]["score"];
    (
        score["result"].as_str().unwrap_or("").to_string(),
        score["decided_by"].as_str().unwrap_or("").to_string(),
    )
}

/// The record's `RE`, and its whole text.
fn recorded(path: &Path) -> (String, String) {
    let text = std::fs::read_to_string(path).expect("a record");
    let games = goref::sgf::load(text.as_bytes()).expect("SGF");
    let game = games.into_iter().next().expect("a game").expect("readable");
    (game.result.unwrap_or_default(), text)
}

#[test]
fn every_misbehaving_player_loses_as_the_preset_says_and_the_match_goes_on() {
    let dir = tempfile::tempdir().expect("a folder");
    let p = player();
    let engine = |name: &str, flags: &str| format!("{name}={p} {flags}");
    let (code, stdout) = referee(
        &[
            "--rules",
            "sjtu",
            "--size",
            "9",
            "--time",
            "per-move:1",
            "--move-cap",
            "30",
            "--schedule",
            "gauntlet",
            "--engine",
            &engine("good", "--name Good --moves E5,C3,G7"),
            "--engine",
            &engine("illegal", "--at 2 --then illegal --moves D4"),
            "--engine",
            &engine("sleeper", "--at 2 --then sleep --sleep-ms 20000"),
            "--engine",
            &engine("crasher", "--at 2 --then crash"),
            "--engine",
            &engine("garbler", "--at 2 --then garbage"),
            "--engine",
            &engine("resigner", "--at 2 --then resign"),
            "--engine",
            &engine("stubborn", "--never-pass"),
        ],
        dir.path(),
    );
    assert_eq!(code, 0, "{stdout}");
    let expect = [
        (
            "good-vs-crasher-0.sgf",
            "B+F",
            "forfeit",
            "segmentation fault (on purpose)",
        ),
        (
            "good-vs-garbler-0.sgf",
            "B+F",
            "forfeit",
            "I am not a GTP engine today",
        ),
        ("good-vs-illegal-0.sgf", "B+F", "forfeit", "is illegal"),
        (
            "good-vs-resigner-0.sgf",
            "B+R",
            "resignation",
            "with `resign`",
        ),
        (
            "good-vs-sleeper-0.sgf",
            "B+T",
            "time",
            "past its time; it was stopped",
        ),
        // Counted by the referee at the move cap: Good's three lone stones (E5, C3, G7)
        // stand beside open space bordered by 15 White stones, so their line is 15/18
        // (docs/rules.md, step 5) and the estimate takes them off; the referee marks the
        // whole board White's (TW), and read again the record counts from those marks
        // (`count`), with the same result.
        (
            "good-vs-stubborn-0.sgf",
            "W+87.5",
            "count",
            "move cap of 30 moves",
        ),
    ];
    let files = records(dir.path());
    assert_eq!(files.len(), expect.len(), "{files:?}");
    for (file, result, decided_by, words) in expect {
        let path = dir.path().join(file);
        let (re, text) = recorded(&path);
        if !result.is_empty() {
            assert_eq!(re, result, "{file}");
        }
        assert!(text.contains(words), "{file}: {text}");
        assert_eq!(
            scored(&path, "sjtu"),
            (re.clone(), decided_by.to_string()),
            "{file}"
        );
    }
    // The illegal move is in the record, and `validate` finds it.
    let validated = goref()
        .args(["validate", "--rules", "sjtu"])
        .arg(dir.path().join("good-vs-illegal-0.sgf"))
        .output()
        .expect("goref runs");
    assert_eq!(validated.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&validated.stdout).contains("occupied"));
    // The crash is in the results table too, with the engine's words.
    let dat = std::fs::read_to_string(dir.path().join("good-vs-crasher.dat")).expect("a table");
    assert!(dat.contains("0\t?\t?\tB+F\t0\t-\t3\t"), "{dat}");
    assert!(dat.contains("exit status: 3"), "{dat}");
    assert!(stdout.contains("good-vs-stubborn.dat: 1 game, 0 differ from goref"));
}

#[test]
fn disputed_dead_stones_are_decided_by_goref_and_agreed_ones_counted() {
    let p = player();
    // Black walls column C, White column D, then White drops a stone at A3 inside
    // Black's area: dead for Black's engine, alive for White's. With A3 dead Black wins
    // by 4.5 (15 to 10 + 0.5); alive, A3 makes A-B neutral and White wins.
    let black = |dead: &str| format!("{p} --moves C1,C2,C3,C4,C5 --dead {dead}");
    let white = |dead: &str| format!("{p} --moves D1,D2,D3,D4,D5,A3 --dead {dead}");
    for (black_dead, white_dead, words) in [
        (
            "A3",
            "''",
            "goref's estimate decided the disputed chains: dead A3",
        ),
        ("A3", "A3", "counted Black 15, White 10.5 (dead stones: A3)"),
    ] {
        let dir = tempfile::tempdir().expect("a folder");
        let (code, stdout) = referee(
            &[
                "--rules",
                "sjtu",
                "--size",
                "5",
                "--komi",
                "0.5",
                "--black",
                &black(black_dead),
                "--white",
                &white(white_dead),
            ],
            dir.path(),
        );
        assert_eq!(code, 0, "{stdout}");
        let path = dir.path().join("match-0.sgf");
        let (re, text) = recorded(&path);
        assert_eq!(re, "B+4.5", "{text}");
        assert!(text.contains(words), "{text}");
        // Read again, the record's own marks give the same count.
        assert_eq!(
            scored(&path, "sjtu"),
            ("B+4.5".to_string(), "count".to_string())
        );
    }
}

#[test]
fn with_cleanup_a_dead_stone_dispute_is_played_out_until_the_engines_agree() {
    let p = player();
    // The position of the test above: White's A3 is dead for Black's engine, alive for
    // White's. Asked `kgs-genmove_cleanup`, Black captures it (A2, A4, B3) and White
    // passes; then both engines name no dead stones.
    let black = format!(
        "{p} --moves C1,C2,C3,C4,C5 --dead A3 --cleanup-moves A2,A4,B3 --dead-after-cleanup ''"
    );
    let white = format!("{p} --moves D1,D2,D3,D4,D5,A3 --dead '' --dead-after-cleanup ''");
    let dir = tempfile::tempdir().expect("a folder");
    let (code, stdout) = referee(
        &[
            "--rules",
            "sjtu",
            "--size",
            "5",
            "--komi",
            "0.5",
            "--cleanup",
            "--black",
            &black,
            "--white",
            &white,
        ],
        dir.path(),
    );
    assert_eq!(code, 0, "{stdout}");
    let path = dir.path().join("match-0.sgf");
    let (re, text) = recorded(&path);
    assert_eq!(re, "B+4.5", "{text}");
    // The moves of the cleanup are in the record, after the first two passes.
    let after = text
        .split_once(";B[]")
        .map(|(_, rest)| rest.to_string())
        .unwrap_or_default();
    for m in [";B[ad]", ";B[ab]", ";B[bc]"] {
        assert!(after.contains(m), "{m} missing from {text}");
    }
    assert!(
        text.contains("the game was played on to settle them"),
        "{text}"
    );
    assert!(
        text.contains("resolved by play: after 7 more moves (passes included) both engines named the same dead stones (none)"),
        "{text}"
    );
    assert!(!text.contains("goref's estimate decided"), "{text}");
    // Read again: A3 was captured on the board, nothing is left to mark.
    assert_eq!(scored(&path, "sjtu").0, "B+4.5");
}

/// The commands a fake player logged, one a line, without their GTP ids.
fn logged(path: &Path) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .map(|line| {
            let line = line.trim_start_matches(|c: char| c.is_ascii_digit());
            line.trim().to_string()
        })
        .collect()
}

#[test]
fn handicap_stones_are_asked_of_both_engines_and_written_as_ha_and_ab() {
    let p = player();
    let dir = tempfile::tempdir().expect("a folder");
    let logs = tempfile::tempdir().expect("a folder");
    let log = |who: &str| logs.path().join(who).display().to_string();
    let black = format!(
        "{p} --handicap-stones 'C3 G7' --moves E5,C7 --log {}",
        log("black")
    );
    let white = format!(
        "{p} --handicap-stones 'C3 G7' --moves G3,E3 --log {}",
        log("white")
    );
    let (code, stdout) = referee(
        &[
            "--rules",
            "sjtu",
            "--size",
            "9",
            "--handicap",
            "2",
            "--black",
            &black,
            "--white",
            &white,
        ],
        dir.path(),
    );
    assert_eq!(code, 0, "{stdout}");
    for who in ["black", "white"] {
        let commands = logged(Path::new(&log(who)));
        assert!(
            commands.iter().any(|c| c == "fixed_handicap 2"),
            "{who}: {commands:?}"
        );
    }
    let path = dir.path().join("match-0.sgf");
    let text = std::fs::read_to_string(&path).expect("a record");
    assert!(text.contains("HA[2]AB[cg][gc]"), "{text}");
    // White moves first after the handicap stones.
    let first_move = text.find(";W[gg]").expect("White's G3");
    assert!(!text[..first_move].contains(";B["), "{text}");
    // `validate` reads the handicap stones back and agrees: a legal game, the same result.
    let validated = goref()
        .args(["validate", "--rules", "sjtu", "--format", "json"])
        .arg(&path)
        .output()
        .expect("goref runs");
    assert_eq!(validated.status.code(), Some(0), "{text}");
    let json: Value = serde_json::from_slice(&validated.stdout).expect("JSON");
    assert_eq!(json["games"][0]["handicap"], 2, "{json}");
    let (re, _) = recorded(&path);
    assert_eq!(scored(&path, "sjtu").0, re);
}

#[test]
fn kgs_time_settings_go_only_to_an_engine_that_lists_them() {
    let p = player();
    let dir = tempfile::tempdir().expect("a folder");
    let logs = tempfile::tempdir().expect("a folder");
    let log = |who: &str| logs.path().join(who).display().to_string();
    let black = format!("{p} --kgs-time --log {}", log("black"));
    let white = format!("{p} --log {}", log("white"));
    let (code, stdout) = referee(
        &[
            "--rules",
            "sjtu",
            "--size",
            "9",
            "--time",
            "per-move:3",
            "--black",
            &black,
            "--white",
            &white,
        ],
        dir.path(),
    );
    assert_eq!(code, 0, "{stdout}");
    let time_commands = |who: &str| -> Vec<String> {
        logged(Path::new(&log(who)))
            .into_iter()
            .filter(|c| c.contains("time_settings"))
            .collect()
    };
    assert_eq!(
        time_commands("black"),
        ["kgs-time_settings byoyomi 0 3 1"],
        "Black's engine lists kgs-time_settings"
    );
    assert_eq!(
        time_commands("white"),
        ["time_settings 0 3 1"],
        "White's engine does not"
    );
}

/// GNU Go, where Debian puts it or on `PATH`.
#[cfg(has_gnugo)]
fn gnugo() -> &'static str {
    if Path::new("/usr/games/gnugo").is_file() {
        "/usr/games/gnugo"
    } else {
        "gnugo"
    }
}

#[test]
#[cfg_attr(not(has_gnugo), ignore = "GNU Go not found: apt-get install gnugo")]
fn a_double_round_robin_of_gnu_go_levels_is_refereed_and_standings_agree() {
    #[cfg(has_gnugo)]
    {
        let dir = tempfile::tempdir().expect("a folder");
        let engine = |level: u32| {
            format!(
                "gnugo{level}={} --mode gtp --level {level} --seed 7",
                gnugo()
            )
        };
        let out = dir.path().join("event");
        let (code, stdout) = referee(
            &[
                "--rules",
                "sjtu",
                "--size",
                "9",
                "--schedule",
                "double-round-robin",
                "--engine",
                &engine(0),
                "--engine",
                &engine(1),
                "--engine",
                &engine(2),
            ],
            &out,
        );
        assert_eq!(code, 0, "{stdout}");
        let files = records(&out);
        assert_eq!(files.len(), 6, "{files:?}");
        for path in &files {
            let (re, text) = recorded(path);
            assert_eq!(scored(path, "sjtu").0, re, "{}", path.display());
            let valid = goref()
                .args(["validate", "--rules", "sjtu"])
                .arg(path)
                .output()
                .expect("goref runs");
            assert_eq!(valid.status.code(), Some(0), "{}", path.display());
            // Where both engines named the same dead stones, GNU Go's own count of
            // the written record gives the same result.
            if text.contains("two passes") && !text.contains("disagree") {
                let aftermath = Command::new(gnugo())
                    .args(["--score", "aftermath", "--chinese-rules", "--infile"])
                    .arg(path)
                    .output()
                    .expect("GNU Go runs");
                let said = String::from_utf8_lossy(&aftermath.stdout);
                let expected = match re.split_once('+') {
                    Some(("B", margin)) => format!("Black wins by {margin} points"),
                    Some(("W", margin)) => format!("White wins by {margin} points"),
                    _ => "Jigo".to_string(),
                };
                assert!(said.contains(&expected), "{}: {said}", path.display());
            }
        }
        // `goref standings` on the folder prints the referee's table.
        let standings = goref()
            .args(["standings", "--rules", "sjtu"])
            .arg(&out)
            .output()
            .expect("goref runs");
        let table = std::fs::read_to_string(out.join("standings.txt")).expect("standings");
        assert_eq!(String::from_utf8_lossy(&standings.stdout), table);
        assert!(stdout.starts_with(&table));
        assert!(table.contains("double round robin") || table.contains("round robin"));
    }
}

#[test]
#[cfg_attr(not(has_gnugo), ignore = "GNU Go not found: apt-get install gnugo")]
fn a_match_killed_halfway_and_restarted_gives_the_same_records_and_table() {
    #[cfg(has_gnugo)]
    {
        let dir = tempfile::tempdir().expect("a folder");
        let black = format!("{} --mode gtp --level 0 --seed 3", gnugo());
        let white = format!("{} --mode gtp --level 0 --seed 5", gnugo());
        // No clock: GNU Go plays faster when told its time is short, and the time a
        // move takes is not the same from run to run.
        let args = |out: &Path| {
            let mut c = goref();
            c.args(["referee", "--rules", "sjtu", "--size", "9", "--games", "3"])
                .args(["--time", "unspecified"])
                .args(["--alternate", "--black", &black, "--white", &white, "--out"])
                .arg(out)
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::null());
            c
        };
        let whole = dir.path().join("whole");
        assert_eq!(args(&whole).status().expect("runs").code(), Some(0));

        let killed = dir.path().join("killed");
        let mut child = args(&killed).spawn().expect("runs");
        // Kill it once a game is written, whatever the next is doing.
        while records(&killed).is_empty() {
            if child.try_wait().expect("waits").is_some() {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        child.kill().expect("SIGKILL");
        let _ = child.wait();
        assert!(
            records(&killed).len() < 3,
            "the match ended before it was killed"
        );
        assert_eq!(args(&killed).status().expect("runs").code(), Some(0));

        // The same games: the same moves and results (the clocks differ).
        let moves = |path: &Path| {
            let (re, text) = recorded(path);
            let game = goref::sgf::load(text.as_bytes())
                .expect("SGF")
                .remove(0)
                .expect("game");
            let moves: Vec<String> = game
                .moves
                .iter()
                .map(|m| format!("{:?}", m.action))
                .collect();
            (re, moves)
        };
        let a = records(&whole);
        let b = records(&killed);
        assert_eq!(a.len(), 3);
        assert_eq!(b.len(), 3);
        for (x, y) in a.iter().zip(&b) {
            assert_eq!(x.file_name(), y.file_name());
            assert_eq!(moves(x), moves(y), "{}", x.display());
        }
        let table = |dir: &Path| {
            std::fs::read_to_string(dir.join("standings.txt"))
                .expect("standings")
                .replace(&dir.display().to_string(), "DIR")
        };
        assert_eq!(table(&whole), table(&killed));
    }
}
