//! `goref standings`: the table of a contest. Reads records as `goref batch` does (its
//! input walk and parallel pipeline), adjudicates every game under the event's rule set,
//! and prints the ranking, the crosstable and every game with what decided it; sets a
//! gogui-twogtp results table found beside the records against goref's results.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::{Result, bail};
use clap::ValueEnum;
use goref::life::DeadChoice;
use goref::report::GameReport;
use goref::rules::RuleSet;
use goref::sgf::Clock;
use goref::standings::twogtp;
use goref::standings::{self, Aliases, Entry, Options, Pairing, System};

use crate::Outcome;
use crate::annotate::{AnnotateOptions, Annotator};
use crate::batch::inputs::split_name;
use crate::batch::{self, pipeline};
use crate::options::{EngineOptions, Overrides, dead_source};
use crate::output::standings::{self as writer, Event, RunnerTable};

#[derive(clap::Args)]
pub struct Args {
    /// Files, folders and archives, read as `goref batch` reads them: folders searched
    /// recursively for `*.sgf` and archives (`.zip`, `.tar.gz`, `.tgz`, `.tar`, `.sgf.gz`).
    #[arg(value_name = "PATH", required_unless_present = "files_from")]
    paths: Vec<String>,

    /// Also read the paths listed in LIST, one per line (`-` = standard input).
    #[arg(long, value_name = "LIST")]
    files_from: Option<String>,

    /// The event's rule set (see `goref rules`): every game is adjudicated under it.
    #[arg(long, value_name = "PRESET", required = true)]
    rules: RuleSet,

    #[command(flatten)]
    overrides: Overrides,

    /// Scoring system: wins (1 a win, 1/2 a draw), sjtu (1 a win), chinese (2 a win, 1 a
    /// draw, with the tie-breaks of Article 28). Default: the preset's own (sjtu,
    /// chinese), else wins.
    #[arg(long, value_enum, value_name = "SYSTEM")]
    system: Option<SystemArg>,

    /// How the players were paired: round-robin, swiss, or auto (a round robin when
    /// every two players met at least once, else Swiss).
    #[arg(long, value_enum, value_name = "PAIRING", default_value = "auto")]
    pairing: PairingArg,

    /// Count the games of player OLD as NEW's (repeat for more). Names already match
    /// after trimming and case folding (`AlphaGo` = ` alphago`).
    #[arg(long = "alias", value_name = "OLD=NEW")]
    aliases: Vec<String>,

    /// Dead stones for counting.
    #[arg(long, value_name = "SOURCE", default_value = "auto", value_parser = dead_source())]
    dead: DeadChoice,

    #[command(flatten)]
    engine: EngineOptions,

    /// Output format: text for people, json or csv (the table) per docs/formats.md.
    #[arg(long, value_enum, default_value = "text")]
    format: Format,

    /// Files checked at once. Default: the number of cores.
    #[arg(long, short = 'j', value_name = "N")]
    jobs: Option<usize>,

    /// Time budget per file, in seconds: past it, the games of the file not yet checked
    /// cannot be adjudicated.
    #[arg(long, value_name = "SECS", default_value_t = 60.0)]
    timeout: f64,

    #[command(flatten)]
    annotate: AnnotateOptions,

    /// Exit 0 when the inputs hold no game. Without it, finding no game at all (an empty
    /// or mistyped folder, only files that cannot be read) exits 1.
    #[arg(long)]
    allow_empty: bool,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
enum SystemArg {
    Wins,
    Sjtu,
    Chinese,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
enum PairingArg {
    Auto,
    RoundRobin,
    Swiss,
}

/// Output formats of `standings`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Text,
    Json,
    Csv,
}

pub fn run(args: Args) -> Result<Outcome> {
    let choice = args.overrides.on(Some(args.rules.clone()));
    let system = match args.system {
        Some(SystemArg::Wins) => System::Wins,
        Some(SystemArg::Sjtu) => System::Sjtu,
        Some(SystemArg::Chinese) => System::Chinese,
        None => System::of_preset(args.rules.name.split('+').next().unwrap_or_default()),
    };
    let pairing = match args.pairing {
        PairingArg::Auto => None,
        PairingArg::RoundRobin => Some(Pairing::RoundRobin),
        PairingArg::Swiss => Some(Pairing::Swiss),
    };
    let aliases = match Aliases::parse(&args.aliases) {
        Ok(aliases) => aliases,
        Err(e) => bail!("--alias: {e}"),
    };
    let jobs = batch::workers(args.jobs)?;
    let dead = args.engine.dead_plan(args.dead.clone())?;
    let worst_case = args.engine.worst_case(&dead);
    let sources = batch::sources_of(&args.paths, args.files_from.as_deref(), false)?;
    let annotator = Annotator::new(&args.annotate, &args.paths)?.map(Arc::new);
    let (files, unreadable) = adjudicated(
        &sources,
        &choice,
        dead,
        (jobs, args.timeout, worst_case),
        annotator.clone(),
    )?;
    let entries: Vec<Entry> = files.iter().map(Entry::of_report).collect();
    let table = standings::standings(
        &entries,
        &Options {
            system,
            pairing,
            aliases,
        },
    );
    let runner = runner_tables(&files);
    let event = Event {
        rules: &args.rules.name,
        table: &table,
        reports: &files,
        unreadable: &unreadable,
        runner: &runner,
    };
    let written = match args.format {
        Format::Text => writer::text(&event, std::io::stdout().lock()),
        Format::Json => writer::json(&event, std::io::stdout().lock()),
        Format::Csv => writer::csv(&event, std::io::stdout().lock()),
    };
    // A closed pipe (`goref standings ... | head`) stops the writing quietly; the exit
    // code is still the verdict on the games.
    match written {
        Err(e) if !crate::stdout::is_closed_pipe(&e) => return Err(e.into()),
        _ => {}
    }

    let documents = files
        .iter()
        .chain(&unreadable)
        .map(|r| r.file.as_str())
        .collect::<std::collections::BTreeSet<_>>()
        .len() as u64;
    let nothing = if args.allow_empty {
        None
    } else {
        batch::nothing_found(documents, !files.is_empty(), &sources)
    };
    if let Some(message) = &nothing {
        crate::stdout::diagnostic(format_args!("goref: {message}\n"));
    }
    let problems = nothing.is_some()
        || !unreadable.is_empty()
        || files.iter().any(|r| r.error.is_some() || r.score.is_none())
        || entries
            .iter()
            .any(|e| e.outcome == standings::Outcome::Unknown)
        || runner
            .iter()
            .any(|t| t.error.is_some() || !t.differences.is_empty() || !t.missing.is_empty());
    let outcome = if problems {
        Outcome::Problems
    } else {
        Outcome::Clean
    };
    Ok(Annotator::outcome(annotator.as_deref(), outcome))
}

/// The reports of every game of `sources`, each adjudicated under `choice` with the
/// dead stones of `dead` (`limits`: workers, the time budget per file in seconds, and
/// the most an engine may add to it), then the annotated copies `annotator` writes: the
/// games read (in input order), and one row per file that could not be read at all.
pub fn adjudicated(
    sources: &[batch::inputs::Source],
    choice: &goref::rules::RulesChoice,
    dead: goref::judge::DeadPlan,
    (jobs, timeout, worst_case): (usize, f64, std::time::Duration),
    annotator: Option<Arc<Annotator>>,
) -> Result<(Vec<GameReport>, Vec<GameReport>)> {
    let (mut settings, limits) = batch::settings(jobs, timeout, Clock::Wall)?;
    settings.stuck_after += worst_case;
    let work = batch::score_and_annotate(vec![choice.clone()], dead, limits, annotator, None);
    let mut reports: Vec<GameReport> = Vec::new();
    let emit = |checked: batch::Checked| {
        if let Some(error) = checked.not_annotated {
            crate::words::print_error(error);
        }
        reports.extend(checked.rows);
        Ok(())
    };
    match pipeline::run(sources, &settings, work, emit) {
        Ok(_) => {}
        Err(pipeline::Stop::Emit(e)) => return Err(e.into()),
        Err(pipeline::Stop::Stuck { name, elapsed }) => bail!(
            "{name}: still being checked after {} s, past --timeout {} s, and goref cannot \
             stop it: this is a bug in goref, please report it with the file",
            elapsed.as_secs(),
            goref::words::format_points(timeout)
        ),
    }
    // A file that could not be read at all has no game to place in the table.
    Ok(reports.into_iter().partition(|r| r.game > 0))
}

/// Every gogui-twogtp table (`PREFIX.dat`) beside a record named `PREFIX-N.sgf`, set
/// against goref's results, in the order the records came.
pub fn runner_tables(reports: &[GameReport]) -> Vec<RunnerTable> {
    // The table's path -> (its prefix, the records read that belong to it).
    let mut found: BTreeMap<PathBuf, (String, Vec<&GameReport>)> = BTreeMap::new();
    let mut order: Vec<PathBuf> = Vec::new();
    for report in reports {
        let (path, member) = split_name(&report.file);
        if member.is_some() {
            continue;
        }
        let Some((prefix, _)) = twogtp_record(path) else {
            continue;
        };
        let table = Path::new(path).with_file_name(format!("{prefix}.dat"));
        if !found.contains_key(&table) {
            if !table.is_file() {
                continue;
            }
            order.push(table.clone());
        }
        found
            .entry(table)
            .or_insert_with(|| (prefix.to_string(), Vec::new()))
            .1
            .push(report);
    }
    order
        .into_iter()
        .filter_map(|path| {
            let (prefix, records) = found.remove(&path)?;
            Some(compare_table(path, &prefix, &records))
        })
        .collect()
}

/// `PREFIX-N.sgf` (any case of `.sgf`): the prefix and `N`.
fn twogtp_record(path: &str) -> Option<(&str, u64)> {
    let file = Path::new(path).file_name()?.to_str()?;
    let stem = file.get(..file.len().checked_sub(4)?)?;
    if !file[stem.len()..].eq_ignore_ascii_case(".sgf") {
        return None;
    }
    let (prefix, number) = stem.rsplit_once('-')?;
    if prefix.is_empty() || number.is_empty() || !number.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some((prefix, number.parse().ok()?))
}

/// The table at `path` set against the `records` read beside it.
fn compare_table(path: PathBuf, prefix: &str, records: &[&GameReport]) -> RunnerTable {
    let mut runner = RunnerTable {
        path: path.display().to_string(),
        error: None,
        games: 0,
        differences: Vec::new(),
        missing: Vec::new(),
    };
    let text = match std::fs::read(&path) {
        Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
        Err(e) => {
            runner.error = Some(format!("cannot read: {e}"));
            return runner;
        }
    };
    let table = match twogtp::parse(&text) {
        Ok(table) => table,
        Err(e) => {
            runner.error = Some(goref::text::one_line(&e.to_string()).into_owned());
            return runner;
        }
    };
    runner.games = table.rows.len();
    for row in &table.rows {
        let record = twogtp::record_file_name(prefix, row.game);
        let report = records.iter().find(|r| {
            Path::new(&r.file).file_name().and_then(|f| f.to_str()) == Some(record.as_str())
                && r.game == 1
        });
        match report {
            Some(report) => {
                let ours = report.score.as_ref().map_or("?", |s| s.result.as_str());
                if let Some(difference) = twogtp::compare(row, ours) {
                    runner.differences.push((difference, (*report).clone()));
                }
            }
            None => runner.missing.push(record),
        }
    }
    runner
}
