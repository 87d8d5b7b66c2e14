//! The GTP engine bridge against a fake engine that misbehaves on purpose
//! (`examples/fake_gtp.rs`, built by `cargo test`) and against GNU Go itself.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use goref::gtp::{self, Deadline, Engine, EngineCommand, EngineLimits, EnginePool, GtpError};
use goref::sgf::GameRecord;

/// The fake engine (`examples/fake_gtp.rs`).
fn fake() -> PathBuf {
    crate::common::example("fake_gtp")
}

/// The fake engine's command line with `args` (already quoted as a shell would need).
fn fake_command(args: &str) -> EngineCommand {
    let text = format!("'{}' {args}", fake().display());
    EngineCommand::parse(&text).expect("a command line")
}

fn record(sgf: &str) -> GameRecord {
    let mut games = goref::sgf::load(sgf.as_bytes()).expect("an SGF file");
    games.remove(0).expect("a readable game")
}

/// A 9x9 game: two black setup stones, one white one, four moves and two passes.
const GAME: &str = "(;GM[1]SZ[9]KM[6.5]AB[cc][gg]AW[ee];W[ec];B[dd];W[gc];B[];W[])";

fn limits(game: Duration) -> EngineLimits {
    EngineLimits {
        start: Duration::from_secs(20),
        game,
    }
}

fn d4(points: &[goref::Point], size: u8) -> Vec<String> {
    points.iter().map(|p| p.to_d4(size)).collect()
}

fn log_file() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let log = dir.path().join("gtp.log");
    (dir, log)
}

fn read_log(log: &Path) -> Vec<String> {
    std::fs::read_to_string(log)
        .expect("the fake engine's log")
        .lines()
        .map(str::to_string)
        .collect()
}

/// The pids the fake engine logged at each start.
fn started_pids(log: &Path) -> Vec<u32> {
    read_log(log)
        .iter()
        .filter_map(|l| l.strip_prefix("start "))
        .map(|pid| pid.parse().expect("a pid"))
        .collect()
}

/// Whether process `pid` is gone (not even a zombie), waiting up to two seconds for an
/// orphan to be reaped by init.
#[cfg(target_os = "linux")]
fn gone(pid: u32) -> bool {
    let until = Instant::now() + Duration::from_secs(2);
    while Path::new(&format!("/proc/{pid}")).exists() {
        if Instant::now() > until {
            return false;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    true
}

#[test]
fn the_game_is_replayed_and_the_engines_dead_stones_come_back() {
    let (_dir, log) = log_file();
    let command = fake_command(&format!("--dead 'E5 c7 E5' --log '{}'", log.display()));
    let mut engine = Engine::start(&command, Duration::from_secs(20)).expect("it starts");
    assert_eq!(engine.name(), "Fake GTP 0.1");
    let dead = gtp::dead_stones(
        &mut engine,
        &record(GAME),
        Some(6.5),
        Duration::from_secs(20),
    )
    .expect("dead stones");
    assert_eq!(d4(&dead, 9), ["C7", "E5"], "reading order, each once");
    let sent = read_log(&log);
    assert_eq!(
        sent[1..],
        [
            "list_commands",
            "name",
            "version",
            "boardsize 9",
            "clear_board",
            "komi 6.5",
            "set_free_handicap C7 G3",
            "play W E5",
            "play W E7",
            "play B D6",
            "play W G7",
            "play B pass",
            "play W pass",
            "final_status_list dead",
        ]
    );
}

#[test]
fn black_setup_stones_are_played_when_the_engine_refuses_them_as_handicap() {
    for args in [
        "--refuse-on set_free_handicap",
        "--without set_free_handicap",
    ] {
        let (_dir, log) = log_file();
        let command = fake_command(&format!("{args} --log '{}'", log.display()));
        let mut engine = Engine::start(&command, Duration::from_secs(20)).expect("it starts");
        let game = record("(;GM[1]SZ[9]AB[cc][gg];W[ee])");
        gtp::dead_stones(&mut engine, &game, None, Duration::from_secs(20)).expect("dead stones");
        let sent = read_log(&log);
        let after = sent
            .iter()
            .position(|l| l == "clear_board")
            .expect("clear_board");
        let handicap = usize::from(args.starts_with("--refuse"));
        assert_eq!(
            sent[after + 1 + handicap..],
            [
                "play B C7",
                "play B G3",
                "play W E5",
                "final_status_list dead"
            ],
            "{args}: no komi sent when none is given"
        );
    }
}

#[test]
fn a_rectangular_board_is_refused_before_the_engine_hears_of_it() {
    let (_dir, log) = log_file();
    let command = fake_command(&format!("--log '{}'", log.display()));
    let mut engine = Engine::start(&command, Duration::from_secs(20)).expect("it starts");
    let game = record("(;GM[1]SZ[13:9];B[cc];W[gg])");
    let err = gtp::dead_stones(&mut engine, &game, None, Duration::from_secs(20))
        .expect_err("GTP boards are square");
    assert_eq!(
        err,
        GtpError::Rectangular {
            width: 13,
            height: 9
        }
    );
    assert_eq!(
        err.to_string(),
        "the board is 13x9, and GTP engines only play on square boards"
    );
    assert!(!read_log(&log).iter().any(|l| l.starts_with("boardsize")));
    assert!(!err.engine_is_broken());
}

#[test]
fn a_setup_that_removes_stones_mid_game_is_refused() {
    let command = fake_command("");
    let mut engine = Engine::start(&command, Duration::from_secs(20)).expect("it starts");
    let game = record("(;GM[1]SZ[9];B[cc];W[gg];AE[cc];B[dd])");
    let err = gtp::dead_stones(&mut engine, &game, None, Duration::from_secs(20))
        .expect_err("GTP cannot remove stones");
    assert!(err.to_string().contains("removes stones (AE[cc])"), "{err}");
}

#[test]
fn an_engine_that_crashes_is_reported_with_its_exit_status_and_last_words() {
    let command = fake_command("--crash-on final_status_list");
    let mut engine = Engine::start(&command, Duration::from_secs(20)).expect("it starts");
    let pid = engine.pid().expect("running");
    let err = gtp::dead_stones(&mut engine, &record(GAME), None, Duration::from_secs(20))
        .expect_err("it crashed");
    assert_eq!(
        err,
        GtpError::Died {
            command: "final_status_list dead".to_string(),
            status: "exit status: 3".to_string(),
            stderr: vec![
                "fake_gtp: warming up".to_string(),
                "fake_gtp: crashing on purpose at `final_status_list dead`".to_string()
            ],
        }
    );
    assert_eq!(
        err.to_string(),
        "the engine stopped while answering `final_status_list dead` (exit status: 3); its \
         last words on standard error: \"fake_gtp: warming up\" / \"fake_gtp: crashing on \
         purpose at `final_status_list dead`\""
    );
    assert!(err.engine_is_broken());
    #[cfg(target_os = "linux")]
    assert!(gone(pid), "the crashed engine was reaped");
    let again = engine.ask("name", &Deadline::after(Duration::from_secs(5)));
    assert!(matches!(again, Err(GtpError::Died { .. })), "{again:?}");
}

#[test]
fn an_engine_that_hangs_is_stopped_at_the_time_limit_and_leaves_no_zombie() {
    let command = fake_command("--hang-on 'play B D6'");
    let mut engine = Engine::start(&command, Duration::from_secs(20)).expect("it starts");
    let pid = engine.pid().expect("running");
    let started = Instant::now();
    let err = gtp::dead_stones(&mut engine, &record(GAME), None, Duration::from_millis(300))
        .expect_err("it hung");
    let waited = started.elapsed();
    assert_eq!(
        err,
        GtpError::TimedOut {
            command: "play B D6".to_string(),
            limit: Duration::from_millis(300),
            stderr: Vec::new(),
        }
    );
    assert_eq!(
        err.to_string(),
        "the engine did not answer `play B D6` within the time limit of 0.3 s; it was stopped"
    );
    assert!(waited < Duration::from_secs(60), "not the ten-minute sleep");
    #[cfg(target_os = "linux")]
    assert!(gone(pid), "the hung engine was killed and reaped");
}

#[cfg(unix)]
#[test]
fn a_hung_engine_behind_a_wrapper_script_is_killed_with_it() {
    let (_dir, log) = log_file();
    // `; true` keeps sh from replacing itself with the engine: the engine is sh's child.
    let inner = format!(
        "'{}' --hang-on final_status_list --log '{}'; true",
        fake().display(),
        log.display()
    );
    let command = EngineCommand::parse(&format!("sh -c {}", shlex_quote(&inner))).expect("words");
    let mut engine = Engine::start(&command, Duration::from_secs(20)).expect("it starts");
    let err = gtp::dead_stones(&mut engine, &record(GAME), None, Duration::from_millis(300))
        .expect_err("it hung");
    assert!(matches!(err, GtpError::TimedOut { .. }), "{err:?}");
    let pids = started_pids(&log);
    assert_eq!(pids.len(), 1);
    #[cfg(target_os = "linux")]
    assert!(gone(pids[0]), "the engine behind sh was killed too");
}

#[cfg(unix)]
fn shlex_quote(text: &str) -> String {
    format!("'{}'", text.replace('\'', r"'\''"))
}

#[test]
fn a_slow_answer_within_the_limit_is_waited_for_and_one_past_it_is_not() {
    let command = fake_command("--slow-on final_status_list --delay-ms 400 --dead C3");
    let mut engine = Engine::start(&command, Duration::from_secs(20)).expect("it starts");
    let dead = gtp::dead_stones(&mut engine, &record(GAME), None, Duration::from_secs(20))
        .expect("a slow answer is still an answer");
    assert_eq!(d4(&dead, 9), ["C3"]);
    let err = gtp::dead_stones(&mut engine, &record(GAME), None, Duration::from_millis(150))
        .expect_err("too slow");
    assert!(
        matches!(&err, GtpError::TimedOut { command, .. } if command == "final_status_list dead"),
        "{err:?}"
    );
}

#[test]
fn garbage_on_standard_output_is_not_gtp_and_stops_the_engine() {
    let command = fake_command("--garbage-on komi");
    let mut engine = Engine::start(&command, Duration::from_secs(20)).expect("it starts");
    let pid = engine.pid().expect("running");
    let err = gtp::dead_stones(
        &mut engine,
        &record(GAME),
        Some(6.5),
        Duration::from_secs(20),
    )
    .expect_err("garbage");
    assert_eq!(
        err,
        GtpError::NotGtp {
            command: "komi 6.5".to_string(),
            line: "Thinking... this is not GTP".to_string(),
        }
    );
    assert_eq!(
        err.to_string(),
        "the engine's answer to `komi 6.5` is not GTP: \"Thinking... this is not GTP\""
    );
    assert!(err.engine_is_broken());
    #[cfg(target_os = "linux")]
    assert!(gone(pid));
}

#[test]
fn a_refused_move_names_the_move_and_the_engines_words() {
    let command = fake_command("--refuse-on 'play B D6'");
    let mut engine = Engine::start(&command, Duration::from_secs(20)).expect("it starts");
    let err = gtp::dead_stones(&mut engine, &record(GAME), None, Duration::from_secs(20))
        .expect_err("refused");
    assert_eq!(
        err.to_string(),
        "the engine refused move 2 (`play B D6`): illegal move"
    );
    assert!(!err.engine_is_broken(), "a refusal is a proper GTP answer");
    let dead = gtp::dead_stones(
        &mut engine,
        &record("(;GM[1]SZ[9];B[cc])"),
        None,
        Duration::from_secs(20),
    );
    assert_eq!(dead, Ok(Vec::new()), "the same engine goes on");
}

#[test]
fn a_dead_stone_off_the_board_is_nonsense() {
    let command = fake_command("--dead 'C3 K9'");
    let mut engine = Engine::start(&command, Duration::from_secs(20)).expect("it starts");
    let err = gtp::dead_stones(&mut engine, &record(GAME), None, Duration::from_secs(20))
        .expect_err("K9 is off a 9x9 board");
    assert_eq!(
        err.to_string(),
        "the engine named \"K9\", which is not a point of the 9x9 board"
    );
    assert!(err.engine_is_broken());
}

#[test]
fn answers_without_ids_are_accepted() {
    let command = fake_command("--no-ids --dead G3");
    let mut engine = Engine::start(&command, Duration::from_secs(20)).expect("it starts");
    let dead = gtp::dead_stones(&mut engine, &record(GAME), None, Duration::from_secs(20));
    assert_eq!(dead.map(|d| d4(&d, 9)), Ok(vec!["G3".to_string()]));
}

#[test]
fn engines_that_cannot_start_say_why() {
    let missing = EngineCommand::parse("/nonexistent/gnugo --mode gtp").expect("words");
    let err = Engine::start(&missing, Duration::from_secs(5))
        .err()
        .expect("no such program");
    assert!(
        matches!(&err, GtpError::Start { program, .. } if program == "/nonexistent/gnugo"),
        "{err:?}"
    );
    assert!(
        err.to_string()
            .starts_with("could not start the engine `/nonexistent/gnugo`: ")
    );

    let err = Engine::start(&fake_command("--exit-at-start"), Duration::from_secs(20))
        .err()
        .expect("it exits");
    assert_eq!(
        err.to_string(),
        "the engine stopped while answering `list_commands` (exit status: 2); its last \
         words on standard error: \"fake_gtp: cannot open the network file\""
    );

    let err = Engine::start(
        &fake_command("--without final_status_list"),
        Duration::from_secs(20),
    )
    .err()
    .expect("no final_status_list");
    assert_eq!(
        err.to_string(),
        "the engine `Fake GTP 0.1` does not know the GTP command `final_status_list`, which \
         goref needs"
    );
}

#[test]
fn the_pool_reuses_an_engine_between_games_and_replaces_a_broken_one() {
    let (_dir, log) = log_file();
    let command = fake_command(&format!(
        "--crash-on 'komi 66' --dead E5 --log '{}'",
        log.display()
    ));
    let pool = EnginePool::new(command, limits(Duration::from_secs(20)));
    assert_eq!(pool.check().as_deref(), Ok("Fake GTP 0.1"));
    let game = record(GAME);
    let komis = [Some(6.5), Some(7.5), Some(66.0), Some(0.5), None];
    let results: Vec<_> = komis
        .iter()
        .map(|&komi| pool.dead_stones(&game, komi).map(|d| d4(&d, 9)))
        .collect();
    let e5 = Ok(vec!["E5".to_string()]);
    assert_eq!(results[0], e5);
    assert_eq!(results[1], e5);
    assert!(
        matches!(&results[2], Err(GtpError::Died { command, .. }) if command == "komi 66"),
        "{:?}",
        results[2]
    );
    assert_eq!(results[3], e5, "a fresh engine after the crash");
    assert_eq!(results[4], e5);
    assert_eq!(pool.engines_started(), 2);
    let sent = read_log(&log);
    assert_eq!(sent.iter().filter(|l| l.starts_with("start ")).count(), 2);
    assert_eq!(sent.iter().filter(|l| *l == "clear_board").count(), 5);

    let pids = started_pids(&log);
    drop(pool);
    assert_eq!(read_log(&log).last().map(String::as_str), Some("quit"));
    #[cfg(target_os = "linux")]
    for pid in pids {
        assert!(gone(pid), "engine {pid} quit with the pool");
    }
}

#[test]
fn the_pool_gives_each_thread_at_work_its_own_engine() {
    let (_dir, log) = log_file();
    let command = fake_command(&format!(
        "--slow-on final_status_list --delay-ms 30 --log '{}'",
        log.display()
    ));
    let pool = EnginePool::new(command, limits(Duration::from_secs(20)));
    let game = record(GAME);
    std::thread::scope(|s| {
        for _ in 0..3 {
            s.spawn(|| {
                for _ in 0..4 {
                    assert_eq!(pool.dead_stones(&game, Some(6.5)), Ok(Vec::new()));
                }
            });
        }
    });
    let started = pool.engines_started();
    assert!(
        (1..=3).contains(&started),
        "{started} engines for 3 threads"
    );
    let sent = read_log(&log);
    assert_eq!(
        sent.iter()
            .filter(|l| *l == "final_status_list dead")
            .count(),
        12
    );
}

/// GNU Go, where Debian puts it or on `PATH`.
#[cfg(has_gnugo)]
fn gnugo() -> EngineCommand {
    let program = if Path::new("/usr/games/gnugo").is_file() {
        "/usr/games/gnugo"
    } else {
        "gnugo"
    };
    EngineCommand::parse(&format!("{program} --mode gtp")).expect("words")
}

#[cfg(has_gnugo)]
fn fixture(name: &str) -> GameRecord {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/engine")
        .join(name);
    let bytes = std::fs::read(&path).expect("a fixture");
    let mut games = goref::sgf::load(&bytes).expect("an SGF file");
    games.remove(0).expect("a readable game")
}

#[test]
#[cfg_attr(not(has_gnugo), ignore = "GNU Go not found: apt-get install gnugo")]
fn gnu_go_names_the_dead_stones_of_finished_games_through_one_engine() {
    #[cfg(has_gnugo)]
    {
        let pool = EnginePool::new(gnugo(), limits(Duration::from_secs(120)));
        assert!(pool.check().expect("GNU Go starts").starts_with("GNU Go"));
        let crazy = pool
            .dead_stones(&fixture("gnu-crazy.sgf"), Some(6.5))
            .expect("GNU Go answers");
        assert_eq!(d4(&crazy, 9), ["B4", "B3"]);
        let other = pool
            .dead_stones(&fixture("9x9-4.sgf"), Some(0.0))
            .expect("GNU Go answers");
        assert_eq!(d4(&other, 9), ["G3", "H3"]);
        assert_eq!(pool.engines_started(), 1, "one engine for both games");
    }
}

#[test]
#[cfg_attr(not(has_gnugo), ignore = "GNU Go not found: apt-get install gnugo")]
fn gnu_go_takes_setup_stones_and_refuses_an_illegal_move_by_number() {
    #[cfg(has_gnugo)]
    {
        let pool = EnginePool::new(gnugo(), limits(Duration::from_secs(120)));
        // The first three moves of gnu-crazy.sgf as setup stones: Black's two go in with
        // set_free_handicap, White's with play, and the final position is the same.
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/engine/gnu-crazy.sgf");
        let text = std::fs::read_to_string(path).expect("a fixture");
        let setup = text.replace("\n;B[ee];W[ff];B[gg];", "AB[ee][gg]AW[ff]\n;");
        assert_ne!(setup, text);
        let dead = pool
            .dead_stones(&record(&setup), Some(6.5))
            .expect("GNU Go answers");
        assert_eq!(d4(&dead, 9), ["B4", "B3"]);
        let occupied = record("(;GM[1]SZ[9];B[cc];W[dd];B[dd])");
        let err = pool
            .dead_stones(&occupied, None)
            .expect_err("an occupied point");
        assert_eq!(
            err.to_string(),
            "the engine refused move 3 (`play B D6`): illegal move"
        );
        assert_eq!(
            pool.engines_started(),
            1,
            "a refusal does not cost the engine"
        );
    }
}

/// A folder of three 9x9 games: the second holds the move `play B D6`.
fn three_games() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let plain = "(;GM[1]SZ[9]KM[6.5];B[cc];W[gg];B[];W[])";
    for (name, text) in [("1.sgf", plain), ("2.sgf", GAME), ("3.sgf", plain)] {
        std::fs::write(dir.path().join(name), text).expect("a file");
    }
    dir
}

#[test]
fn batch_goes_on_past_an_engine_that_crashes_and_restarts_it() {
    let dir = three_games();
    let engine = format!("'{}' --dead C7 --crash-on 'play B D6'", fake().display());
    let output = crate::common::goref()
        .args([
            "batch",
            "-q",
            "--jobs",
            "1",
            "--fail-on",
            "none",
            "--jsonl",
            "-",
        ])
        .args(["--dead", "engine", "--engine", &engine])
        .arg(dir.path())
        .output()
        .expect("goref runs");
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let rows: Vec<serde_json::Value> = String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).expect("a JSON line"))
        .filter(|row| row.get("file").is_some())
        .collect();
    assert_eq!(rows.len(), 3);
    for i in [0, 2] {
        assert_eq!(rows[i]["error"], serde_json::Value::Null, "{}", rows[i]);
        assert_eq!(rows[i]["dead_source"], "engine");
        // The engine's C7 is Black's only stone: dead, the whole board is White's.
        assert_eq!(rows[i]["black_score"], 0.0);
        assert_eq!(rows[i]["white_score"], 87.5);
    }
    assert_eq!(
        rows[1]["error"],
        "--dead engine: the engine stopped while answering `play B D6` (exit status: 3); its \
         last words on standard error: \"fake_gtp: warming up\" / \"fake_gtp: crashing on \
         purpose at `play B D6`\""
    );
}

/// Run goref with `args` and then `file`; its exit code and standard error.
fn usage(args: &[&str], file: &Path) -> (Option<i32>, String) {
    let output = crate::common::goref()
        .args(args)
        .arg(file)
        .output()
        .expect("goref runs");
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    (output.status.code(), stderr)
}

#[test]
fn dead_engine_needs_an_engine_and_an_engine_needs_dead_engine_or_auto() {
    let dir = three_games();
    let path = dir.path().join("1.sgf");
    assert_eq!(
        usage(&["score", "--dead", "engine"], &path),
        (
            Some(2),
            "goref: error: --dead engine needs --engine CMD, e.g. --engine \"gnugo --mode gtp\"\n"
                .to_string()
        )
    );
    assert_eq!(
        usage(
            &[
                "batch",
                "-q",
                "--dead",
                "estimate",
                "--engine",
                "gnugo --mode gtp"
            ],
            &path
        ),
        (
            Some(2),
            "goref: error: --engine is used only with --dead engine (the engine decides every \
             count) or --dead auto (the engine decides where goref's estimate leaves the \
             winner in doubt)\n"
                .to_string()
        )
    );
    let fake = format!("'{}' --exit-at-start", fake().display());
    let (code, stderr) = usage(&["score", "--dead", "engine", "--engine", &fake], &path);
    assert_eq!(code, Some(2), "an engine that cannot start stops the run");
    assert!(stderr.contains("cannot open the network file"), "{stderr}");
}

/// `goref score --format json ARGS FILES...` with the fake engine: the document and the
/// exit code.
fn score_json(args: &[&str], files: &[&Path]) -> (serde_json::Value, Option<i32>) {
    let output = crate::common::goref()
        .args(["score", "--format", "json"])
        .args(args)
        .args(files)
        .output()
        .expect("goref runs");
    let doc = serde_json::from_slice(&output.stdout).unwrap_or_else(|e| {
        panic!(
            "{e}: {}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        )
    });
    (doc, output.status.code())
}

/// How many games the fake engine was asked about (one `final_status_list` each).
fn games_asked(log: &Path) -> usize {
    read_log(log)
        .iter()
        .filter(|l| l.starts_with("final_status_list"))
        .count()
}

/// A finished 9x9 game whose count no group leaves in doubt: White wins by komi.
fn sure_game(dir: &Path) -> PathBuf {
    let path = dir.join("sure.sgf");
    std::fs::write(&path, "(;GM[1]SZ[9]KM[6.5]RE[W+6.5];B[cc];W[gg];B[];W[])").expect("a file");
    path
}

/// Issue 25, item 3: `--dead auto --engine CMD` counts with the estimate and asks the
/// engine only about a game whose winner the estimate leaves in doubt; that game's rows
/// say the engine decided (`dead_source` `engine`), the other's the estimate. Under two
/// rule sets the engine is asked once and both rows count its answer, though the winner
/// is in doubt under AGA only.
#[test]
fn auto_asks_the_engine_only_where_the_estimate_leaves_the_winner_in_doubt() {
    let (dir, log) = log_file();
    let doubtful = PathBuf::from(crate::common::fixture("scoring/estimate/who-moves.sgf"));
    let sure = sure_game(dir.path());
    let engine = format!("'{}' --dead A9 --log '{}'", fake().display(), log.display());
    let (doc, code) = score_json(
        &[
            "--rules",
            "aga,japanese",
            "--dead",
            "auto",
            "--engine",
            &engine,
        ],
        &[&doubtful, &sure],
    );
    assert_eq!(games_asked(&log), 1, "one game in doubt, asked once: {doc}");
    let rows = doc["games"].as_array().expect("rows");
    assert_eq!(rows.len(), 4);
    for row in &rows[..2] {
        let score = &row["score"];
        assert_eq!(score["dead_source"], "engine", "{row}");
        assert_eq!(score["dead_stones"], serde_json::json!(["A9", "B9", "B8"]));
        assert!(score.get("estimate").is_none(), "{score}");
        assert!(
            !row["findings"].to_string().contains("uncertain-status"),
            "the engine decided: nothing is left in doubt: {row}"
        );
        assert!(score["notes"].to_string().contains("engine"), "{score}");
    }
    // The engine says the corner is dead, as the estimate did: W+0.5 under AGA and under
    // Japanese counting (White takes the corner at C9) agrees with RE.
    assert_eq!(rows[0]["score"]["result"], "W+0.5");
    assert_eq!(rows[0]["score"]["result_matches"], true);
    assert_eq!(rows[1]["score"]["result"], "W+0.5");
    assert_eq!(rows[1]["score"]["result_matches"], true);
    for row in &rows[2..] {
        assert_eq!(row["score"]["dead_source"], "estimate", "{row}");
        assert_eq!(row["score"]["result_matches"], true, "{row}");
    }
    assert_eq!(code, Some(0), "no count disagrees with RE");

    // The engine's answer decides: the corner alive wins the game for Black.
    let (_dir, log) = log_file();
    let engine = format!("'{}' --log '{}'", fake().display(), log.display());
    let (doc, _) = score_json(
        &["--rules", "aga", "--engine", &engine],
        &[&doubtful, &sure],
    );
    assert_eq!(games_asked(&log), 1);
    let score = &doc["games"][0]["score"];
    assert_eq!(score["dead_source"], "engine");
    assert_eq!(score["dead_stones"], serde_json::json!([]));
    assert_eq!(score["result"], "B+2.5");
    assert_eq!(score["result_matches"], false);
    assert_eq!(doc["games"][1]["score"]["dead_source"], "estimate");
}

/// When the engine cannot say, the estimate's count stands, still in doubt, and the row
/// says that the engine was asked and why it could not help.
#[test]
fn auto_keeps_the_estimate_when_the_engine_cannot_say() {
    let doubtful = PathBuf::from(crate::common::fixture("scoring/estimate/who-moves.sgf"));
    let engine = format!("'{}' --crash-on final_status_list", fake().display());
    let (doc, code) = score_json(&["--rules", "aga", "--engine", &engine], &[&doubtful]);
    let row = &doc["games"][0];
    let score = &row["score"];
    assert_eq!(score["dead_source"], "estimate", "{row}");
    assert_eq!(score["result_matches"], "uncertain");
    assert!(row["error"].is_null(), "{row}");
    let notes = score["notes"].to_string();
    assert!(
        notes.contains("the engine could not say which stones are dead"),
        "{notes}"
    );
    assert!(row["findings"].to_string().contains("uncertain-status"));
    assert_eq!(code, Some(0));
}
