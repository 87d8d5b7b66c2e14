//! `goref referee`: plays a match between GTP engines, or a tournament among several, and
//! writes what a contest keeps: one SGF per game, gogui-twogtp's results table per
//! pairing, and at the end the games as `batch` rows (CSV), the standings (text, CSV,
//! JSON) and each pairing's statistics. Games whose record is already in `--out` are
//! not played again, so a match that was stopped starts again where it was.

use std::collections::BTreeMap;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{Context, Result, bail};
use clap::ValueEnum;
use goref::gtp::{Engine, EngineCommand};
use goref::judge::DeadPlan;
use goref::referee::schedule::{self, Pairing, Schedule};
use goref::referee::stats::{self, PairingStats};
use goref::referee::{self, Game, Seat, Settings};
use goref::result::GameResult;
use goref::rules::{RuleSet, RulesChoice, TimeControl};
use goref::standings::{self, Aliases, Options, System, twogtp};
use goref::text::one_line;
use goref::words::format_points;
use serde_json::json;

use crate::Outcome;
use crate::batch::{self, destination::temp_beside};
use crate::output::standings::{self as writer, Event};
use crate::output::{ReportWriter, rows::CsvWriter};

#[derive(clap::Args)]
pub struct Args {
    /// The engine that plays Black (with --white): a command line, run without a shell
    /// ("gnugo --mode gtp --level 1").
    #[arg(
        long,
        value_name = "CMD",
        requires = "white",
        conflicts_with = "engines"
    )]
    black: Option<String>,

    /// The engine that plays White (with --black).
    #[arg(long, value_name = "CMD", requires = "black")]
    white: Option<String>,

    /// A player of a tournament, NAME=CMD (repeat for each; at least two): NAME is the
    /// player's name in the records and the table.
    #[arg(long = "engine", value_name = "NAME=CMD", requires = "schedule")]
    engines: Vec<String>,

    /// How the players of --engine meet: round-robin, double-round-robin (each with both
    /// colours), or gauntlet (the first against every other).
    #[arg(long, value_enum, value_name = "FORM")]
    schedule: Option<ScheduleArg>,

    /// The rule set of every game (see `goref rules`): the legality of moves, the
    /// clock, what ends a game, the count and the standings' system.
    #[arg(long, value_name = "PRESET")]
    rules: RuleSet,

    /// Games per pairing (per pairing and colour order with double-round-robin).
    #[arg(long, value_name = "N", default_value_t = 1)]
    games: u64,

    /// Swap colours every other game (--black/--white; tournaments always alternate).
    #[arg(long)]
    alternate: bool,

    /// Board size. Default: the rule set's (the first it names), else 19.
    #[arg(long, value_name = "S")]
    size: Option<u8>,

    /// Komi. Default: the rule set's for the handicap.
    #[arg(long, value_name = "POINTS", allow_hyphen_values = true)]
    komi: Option<f64>,

    /// Black's handicap stones, placed by the engines' fixed_handicap (2 to 9).
    #[arg(long, value_name = "N", default_value_t = 0)]
    handicap: u32,

    /// The clock, instead of the rule set's: per-move:SECS, absolute:SECS or
    /// unspecified.
    #[arg(long, value_name = "CLOCK")]
    time: Option<TimeControl>,

    /// Without a clock, seconds an engine may think before it is taken to hang.
    #[arg(long, value_name = "SECS", default_value_t = 60.0)]
    hang_limit: f64,

    /// Moves after which a game stops and is counted as it stands. Default: the rule
    /// set's (uec: 400), else four times the points of the board.
    #[arg(long, value_name = "N")]
    move_cap: Option<usize>,

    /// When the engines disagree on the dead stones after two passes, play on once to
    /// settle them (kgs-genmove_cleanup where the engines know it) before goref judges.
    #[arg(long)]
    cleanup: bool,

    /// The folder of the match: records, tables, standings. A match started again with
    /// the same folder plays only the games not yet written.
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
enum ScheduleArg {
    RoundRobin,
    DoubleRoundRobin,
    Gauntlet,
}

/// One pairing's table: its file prefix and its two players (the table's Black and
/// White programs, as gogui-twogtp names them).
struct Table {
    prefix: String,
    first: usize,
    second: usize,
    rows: BTreeMap<u64, DatRow>,
}

/// One row of a gogui-twogtp table, as the referee writes it.
#[derive(Debug, Clone)]
struct DatRow {
    /// The referee's result in the programs' colours (swapped for an alternated game).
    result: String,
    alternated: bool,
    length: u64,
    /// Seconds the table's Black and White programs used.
    time: [f64; 2],
    error: Option<String>,
}

pub fn run(args: Args) -> Result<Outcome> {
    goref::gtp::adopt_orphans();
    let (seats, games) = players(&args)?;
    let size = args
        .size
        .or(args.rules.sizes.first().copied())
        .unwrap_or(19);
    let komi = args.komi.unwrap_or(args.rules.komi_for(args.handicap));
    if !komi.is_finite() {
        bail!("--komi must be a number");
    }
    if !(args.hang_limit.is_finite() && args.hang_limit > 0.0) {
        bail!("--hang-limit must be a positive number of seconds");
    }
    let mut settings = Settings::new(args.rules.clone(), size, komi);
    settings.handicap = args.handicap;
    settings.cleanup = args.cleanup;
    settings.hang_limit = Duration::from_secs_f64(args.hang_limit);
    if let Some(time) = args.time {
        settings.time = time;
    }
    if let Some(cap) = args.move_cap {
        settings.move_cap = cap;
    }
    if !(1..=25).contains(&size) {
        bail!("--size {size}: GTP boards have 1 to 25 lines");
    }
    if args.handicap == 1 || args.handicap > 9 {
        bail!("--handicap {}: give 0, or 2 to 9", args.handicap);
    }
    std::fs::create_dir_all(&args.out)
        .with_context(|| format!("cannot create the folder {}", args.out.display()))?;

    let mut tables = tables_of(&seats, &games, args.engines.is_empty());
    for table in &mut tables {
        table.rows = read_dat(&args.out.join(format!("{}.dat", table.prefix)));
    }
    let bar = progress(games.len() as u64);
    let mut problems = false;
    for pairing in &games {
        let table = &mut tables[pairing.table];
        let record = args
            .out
            .join(twogtp::record_file_name(&table.prefix, pairing.number));
        if let Some(bar) = &bar {
            bar.set_message(format!(
                "{} (B) - {} (W)",
                seats[pairing.black].name, seats[pairing.white].name
            ));
        }
        if record.is_file() {
            if let std::collections::btree_map::Entry::Vacant(slot) =
                table.rows.entry(pairing.number)
            {
                // Stopped between the record and its row: the row from the record.
                slot.insert(row_of_record(&record, pairing, &settings));
                write_dat(&args.out, table, &seats, &settings)?;
            }
            if let Some(bar) = &bar {
                bar.inc(1);
            }
            continue;
        }
        let name = format!("{}-{}", table.prefix, pairing.number);
        let game = referee::play(
            &seats[pairing.black],
            &seats[pairing.white],
            &settings,
            &name,
        )
        .map_err(|e| anyhow::anyhow!("{e}"))?;
        if let Some(problem) = &game.self_check {
            problems = true;
            crate::words::print_error(format_args!(
                "{}: {problem}: this is a bug in goref, please report it with the record",
                record.display()
            ));
        }
        write_whole(&record, game.sgf.as_bytes())?;
        table
            .rows
            .insert(pairing.number, row_of_game(&game, pairing));
        write_dat(&args.out, table, &seats, &settings)?;
        let line = format!(
            "{name}: {} (B) - {} (W): {}, {} moves, ended by {}",
            seats[pairing.black].name,
            seats[pairing.white].name,
            game.result,
            game.moves,
            game.ending.as_str()
        );
        if let Some(bar) = &bar {
            bar.println(shown_line(&line));
            bar.inc(1);
        }
    }
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let outcome = finish(&args, &seats, &tables, &settings)?;
    Ok(if problems { Outcome::Problems } else { outcome })
}

/// The players and the games: --black/--white (named as the engines name themselves),
/// or --engine NAME=CMD with a schedule.
fn players(args: &Args) -> Result<(Vec<Seat>, Vec<Pairing>)> {
    if let (Some(black), Some(white)) = (&args.black, &args.white) {
        if args.schedule.is_some() {
            bail!(
                "--schedule plays the players of --engine NAME=CMD; --black/--white play one pairing"
            );
        }
        let mut seats = Vec::new();
        for (flag, text) in [("--black", black), ("--white", white)] {
            let command = EngineCommand::parse(text).map_err(|e| anyhow::anyhow!("{flag}: {e}"))?;
            let name = engine_name(flag, &command)?;
            seats.push(Seat { name, command });
        }
        if standings::fold(&seats[0].name) == standings::fold(&seats[1].name) {
            for (i, seat) in seats.iter_mut().enumerate() {
                seat.name = format!("{} #{}", seat.name, i + 1);
            }
        }
        let games = schedule::pairing(0, 1, 0, args.games, args.alternate);
        return Ok((seats, games));
    }
    if args.engines.len() < 2 {
        bail!(
            "give the players: --black CMD --white CMD, or at least two --engine NAME=CMD with --schedule"
        );
    }
    let mut seats: Vec<Seat> = Vec::new();
    for spec in &args.engines {
        let Some((name, text)) = spec.split_once('=') else {
            bail!(
                "--engine {spec}: write NAME=CMD, e.g. --engine \"gnugo1=gnugo --mode gtp --level 1\""
            );
        };
        let name = name.trim();
        if name.is_empty() {
            bail!("--engine {spec}: the NAME before `=` is empty");
        }
        if seats
            .iter()
            .any(|s| standings::fold(&s.name) == standings::fold(name))
        {
            bail!("--engine {spec}: the name {name} is given twice");
        }
        let command =
            EngineCommand::parse(text).map_err(|e| anyhow::anyhow!("--engine {name}: {e}"))?;
        engine_name(&format!("--engine {name}"), &command)?;
        seats.push(Seat {
            name: name.to_string(),
            command,
        });
    }
    let form = match args.schedule {
        Some(ScheduleArg::RoundRobin) | None => Schedule::RoundRobin,
        Some(ScheduleArg::DoubleRoundRobin) => Schedule::DoubleRoundRobin,
        Some(ScheduleArg::Gauntlet) => Schedule::Gauntlet,
    };
    let games = schedule::tournament(form, seats.len(), args.games);
    Ok((seats, games))
}

/// Start the engine once before the match, so that a command that cannot work is an
/// error now: its name and version as it gives them.
fn engine_name(flag: &str, command: &EngineCommand) -> Result<String> {
    let engine = Engine::start(command, Duration::from_secs(60))
        .map_err(|e| anyhow::anyhow!("{flag}: {e}"))?;
    Ok(one_line(engine.name()).into_owned())
}

/// One table per pairing that plays: `match` for --black/--white, else `A-vs-B`.
fn tables_of(seats: &[Seat], games: &[Pairing], single: bool) -> Vec<Table> {
    let mut tables: Vec<Table> = Vec::new();
    for g in games {
        if tables.len() > g.table {
            continue;
        }
        let (first, second) = if g.alternated {
            (g.white, g.black)
        } else {
            (g.black, g.white)
        };
        let prefix = if single {
            "match".to_string()
        } else {
            format!(
                "{}-vs-{}",
                file_part(&seats[first].name),
                file_part(&seats[second].name)
            )
        };
        tables.push(Table {
            prefix,
            first,
            second,
            rows: BTreeMap::new(),
        });
    }
    tables
}

/// A name as part of a file name: letters, digits, `.` and `_`; anything else `_`.
fn file_part(name: &str) -> String {
    let part: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '.' {
                c
            } else {
                '_'
            }
        })
        .collect();
    let part = part.trim_matches('.').to_string();
    if part.is_empty() {
        "player".to_string()
    } else {
        part
    }
}

/// The row of a game just played.
fn row_of_game(game: &Game, pairing: &Pairing) -> DatRow {
    let time = if pairing.alternated {
        [game.time_used[1], game.time_used[0]]
    } else {
        game.time_used
    };
    let error = game.ending.loser().and_then(|loser| {
        matches!(
            game.ending,
            referee::Ending::Crash { .. }
                | referee::Ending::Garbage { .. }
                | referee::Ending::Hang { .. }
                | referee::Ending::Refused { .. }
        )
        .then(|| {
            format!(
                "{} {}: {}",
                loser.name(),
                game.ending.as_str(),
                game.words.as_deref().unwrap_or("")
            )
        })
    });
    DatRow {
        result: in_programs_colours(&game.result, pairing.alternated),
        alternated: pairing.alternated,
        length: game.moves as u64,
        time,
        error,
    }
}

/// The row of a game whose record was written but whose row was not (the match was
/// stopped between the two): the record's result and length; the time from its clocks
/// where they say it (a per-move clock), else 0.
fn row_of_record(path: &Path, pairing: &Pairing, settings: &Settings) -> DatRow {
    let record = std::fs::read(path)
        .ok()
        .and_then(|bytes| goref::sgf::load(&bytes).ok())
        .and_then(|games| games.into_iter().next())
        .and_then(Result::ok);
    let Some(record) = record else {
        return DatRow {
            result: "?".to_string(),
            alternated: pairing.alternated,
            length: 0,
            time: [0.0; 2],
            error: Some("the record cannot be read".to_string()),
        };
    };
    let mut time = [0.0; 2];
    if let TimeControl::PerMove(limit) = settings.time {
        for m in &record.moves {
            if let Some(left) = m.time_left {
                time[m.color.index()] += limit - left;
            }
        }
    }
    if pairing.alternated {
        time.swap(0, 1);
    }
    let result = record
        .result
        .as_deref()
        .map_or(GameResult::Unknown, GameResult::parse);
    DatRow {
        result: in_programs_colours(&result, pairing.alternated),
        alternated: pairing.alternated,
        length: record.moves.len() as u64,
        time,
        error: None,
    }
}

/// A result in the colours of the table's programs: swapped for an alternated game.
fn in_programs_colours(result: &GameResult, alternated: bool) -> String {
    match result {
        GameResult::Score { winner, margin } if alternated => GameResult::Score {
            winner: winner.opponent(),
            margin: *margin,
        }
        .to_string(),
        GameResult::Win { winner, by } if alternated => GameResult::Win {
            winner: winner.opponent(),
            by: *by,
        }
        .to_string(),
        other => other.to_string(),
    }
}

/// The rows of a table the referee wrote before (none when there is no table, or it
/// cannot be read: every game with a record gets its row from the record again).
fn read_dat(path: &Path) -> BTreeMap<u64, DatRow> {
    let Ok(text) = std::fs::read_to_string(path) else {
        return BTreeMap::new();
    };
    let Ok(table) = twogtp::parse(&text) else {
        return BTreeMap::new();
    };
    table
        .rows
        .into_iter()
        .map(|row| {
            (
                row.game,
                DatRow {
                    result: row.result_referee.clone(),
                    alternated: row.alternated,
                    length: row.length.unwrap_or(0),
                    time: [row.time_black.unwrap_or(0.0), row.time_white.unwrap_or(0.0)],
                    error: row.error,
                },
            )
        })
        .collect()
}

/// Write a table whole, in gogui-twogtp's layout.
fn write_dat(out: &Path, table: &Table, seats: &[Seat], settings: &Settings) -> Result<()> {
    let cell = |text: &str| one_line(text).replace(['\t', '\n', '\r'], " ");
    let mut text = String::new();
    text.push_str(&format!("# Black: {}\n", cell(&seats[table.first].name)));
    text.push_str(&format!("# White: {}\n", cell(&seats[table.second].name)));
    text.push_str(&format!("# Size: {}\n", settings.size));
    text.push_str(&format!("# Komi: {}\n", format_points(settings.komi)));
    text.push_str(&format!("# Rules: {}\n", cell(&settings.rules.name)));
    text.push_str("# Referee: goref\n#\n");
    text.push_str(
        "#GAME\tRES_B\tRES_W\tRES_R\tALT\tDUP\tLEN\tTIME_B\tTIME_W\tCPU_B\tCPU_W\tERR\tERR_MSG\n",
    );
    for (number, row) in &table.rows {
        text.push_str(&format!(
            "{number}\t?\t?\t{}\t{}\t-\t{}\t{:.3}\t{:.3}\t0\t0\t{}\t{}\n",
            cell(&row.result),
            u8::from(row.alternated),
            row.length,
            row.time[0],
            row.time[1],
            u8::from(row.error.is_some()),
            row.error.as_deref().map(cell).unwrap_or_default()
        ));
    }
    write_whole(&out.join(format!("{}.dat", table.prefix)), text.as_bytes())
}

/// Write `bytes` to `path` whole or not at all: a temporary file beside it, renamed.
fn write_whole(path: &Path, bytes: &[u8]) -> Result<()> {
    let mut file =
        temp_beside(path).with_context(|| format!("cannot write in {}", path.display()))?;
    file.write_all(bytes)
        .and_then(|()| file.flush())
        .with_context(|| format!("cannot write {}", path.display()))?;
    file.persist(path)
        .map_err(|e| e.error)
        .with_context(|| format!("cannot write {}", path.display()))?;
    Ok(())
}

/// The end of the match: every record in the folder adjudicated as `goref standings`
/// does, written as `games.csv`, the standings (`standings.txt`, `.csv`, `.json`) and
/// each pairing's statistics (`stats.txt`, `stats.json`); the standings and the
/// statistics printed.
fn finish(args: &Args, seats: &[Seat], tables: &[Table], settings: &Settings) -> Result<Outcome> {
    let choice = RulesChoice {
        preset: Some(args.rules.clone()),
        ..RulesChoice::default()
    };
    let jobs = batch::workers(None)?;
    let paths = vec![args.out.display().to_string()];
    let sources = batch::sources_of(&paths, None, false)?;
    let (files, unreadable) = crate::standings::adjudicated(
        &sources,
        &choice,
        DeadPlan::default(),
        (jobs, 60.0, Duration::ZERO),
        None,
    )?;
    let mut csv = Vec::new();
    {
        let mut rows = CsvWriter::with_keep(&mut csv, false)?;
        for report in files.iter().chain(&unreadable) {
            rows.game(report)?;
        }
        rows.finish(None)?;
    }
    write_whole(&args.out.join("games.csv"), &csv)?;

    let entries: Vec<standings::Entry> = files.iter().map(standings::Entry::of_report).collect();
    let system = System::of_preset(args.rules.preset_name());
    let table = standings::standings(
        &entries,
        &Options {
            system,
            pairing: None,
            aliases: Aliases::default(),
        },
    );
    let runner = crate::standings::runner_tables(&files);
    let event = Event {
        rules: &args.rules.name,
        table: &table,
        reports: &files,
        unreadable: &unreadable,
        runner: &runner,
    };
    let mut text = Vec::new();
    writer::text(&event, &mut text)?;
    write_whole(&args.out.join("standings.txt"), &text)?;
    let mut bytes = Vec::new();
    writer::csv(&event, &mut bytes)?;
    write_whole(&args.out.join("standings.csv"), &bytes)?;
    let mut bytes = Vec::new();
    writer::json(&event, &mut bytes)?;
    write_whole(&args.out.join("standings.json"), &bytes)?;

    let stats: Vec<(&Table, PairingStats)> = tables
        .iter()
        .map(|t| (t, stats::of(&outcomes(t, settings))))
        .collect();
    let stats_text = stats_text(seats, &stats);
    write_whole(&args.out.join("stats.txt"), stats_text.as_bytes())?;
    let document: Vec<serde_json::Value> = stats
        .iter()
        .map(|(t, s)| {
            json!({
                "table": t.prefix,
                "first": seats[t.first].name,
                "second": seats[t.second].name,
                "stats": s,
            })
        })
        .collect();
    let json_text = crate::output::json::safe(serde_json::to_string_pretty(
        &json!({ "pairings": document }),
    )?);
    write_whole(
        &args.out.join("stats.json"),
        format!("{json_text}\n").as_bytes(),
    )?;

    let mut out = crate::stdout::Stdout;
    let written = out
        .write_all(&text)
        .and_then(|()| out.write_all(b"\n"))
        .and_then(|()| out.write_all(stats_text.as_bytes()));
    if let Err(e) = written
        && !crate::stdout::is_closed_pipe(&e)
    {
        return Err(e.into());
    }
    let problems = !unreadable.is_empty()
        || files.iter().any(|r| r.error.is_some() || r.score.is_none())
        || runner
            .iter()
            .any(|t| !t.differences.is_empty() || t.error.is_some());
    Ok(if problems {
        Outcome::Problems
    } else {
        Outcome::Clean
    })
}

/// The games of a table, from the first program's side.
fn outcomes(table: &Table, settings: &Settings) -> Vec<stats::Outcome> {
    table
        .rows
        .values()
        .map(|row| {
            // RES_R is in the programs' colours: `B` is the table's first program.
            let points = match GameResult::parse(&row.result) {
                r @ (GameResult::Score { .. } | GameResult::Win { .. }) => {
                    Some(if r.winner() == Some(goref::Color::Black) {
                        1.0
                    } else {
                        0.0
                    })
                }
                GameResult::Draw | GameResult::DrawByDecision => Some(0.5),
                _ => None,
            };
            let first_black = !row.alternated;
            // Black moves first, but after handicap stones.
            let black_moves = if settings.handicap >= 2 {
                row.length / 2
            } else {
                row.length.div_ceil(2)
            } as usize;
            let white_moves = row.length as usize - black_moves;
            let moves_by = if first_black {
                [black_moves, white_moves]
            } else {
                [white_moves, black_moves]
            };
            stats::Outcome {
                first_black,
                points,
                moves: row.length as usize,
                time: row.time,
                moves_by,
            }
        })
        .collect()
}

/// The statistics for people: one paragraph per pairing.
fn stats_text(seats: &[Seat], stats: &[(&Table, PairingStats)]) -> String {
    let number =
        |v: Option<f64>, digits: usize| v.map_or("-".to_string(), |v| format!("{v:.digits$}"));
    let mut out = String::from("pairings:\n");
    for (t, s) in stats {
        let (a, b) = (
            goref::text::shown(&seats[t.first].name).into_owned(),
            goref::text::shown(&seats[t.second].name).into_owned(),
        );
        out.push_str(&format!(
            "  {a} - {b}: {} games, {} decided\n",
            s.games, s.decided
        ));
        out.push_str(&format!(
            "    wins: {a} {} with Black, {} with White; {b} {} with Black, {} with White; {} drawn\n",
            s.first_wins_black, s.first_wins_white, s.second_wins_black, s.second_wins_white, s.draws
        ));
        out.push_str(&format!(
            "    score of {a}: {} (95%: {} to {}); Elo difference: {}\n",
            number(s.score, 3),
            number(s.score_low, 3),
            number(s.score_high, 3),
            match (s.elo, s.elo_error) {
                (Some(e), Some(err)) => format!("{} +- {err:.0}", signed(e)),
                (Some(e), None) => format!("{} (error bar without bound)", signed(e)),
                _ => "without bound (no game won, or none lost)".to_string(),
            }
        ));
        out.push_str(&format!(
            "    mean length {} moves; seconds per move: {a} {}, {b} {}\n",
            number(s.mean_moves, 1),
            number(s.first_seconds_per_move, 3),
            number(s.second_seconds_per_move, 3)
        ));
    }
    out
}

/// An Elo difference with its sign, `0` without one.
fn signed(elo: f64) -> String {
    if elo.abs() < 0.5 {
        "0".to_string()
    } else {
        format!("{elo:+.0}")
    }
}

/// A progress line on standard error when it is a terminal.
fn progress(games: u64) -> Option<indicatif::ProgressBar> {
    if !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = indicatif::ProgressBar::new(games);
    if let Ok(style) =
        indicatif::ProgressStyle::with_template("{pos}/{len} games [{elapsed_precise}] {wide_msg}")
    {
        bar.set_style(style);
    }
    Some(bar)
}

/// A line for the terminal, with engine-given names made safe.
fn shown_line(line: &str) -> String {
    goref::text::shown(line).into_owned()
}
