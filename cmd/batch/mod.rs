//! `goref batch`: check whole folders, lists and archives in parallel; write one row per
//! (game, rule set) as CSV and JSON Lines, a summary on standard error, and an exit code
//! a CI job can act on.
//!
//! The parts: [`inputs`] turns paths into a stream of SGF documents, [`pipeline`] works
//! on them in parallel and hands results back in input order, [`destination`] is where
//! the rows go (written by `output::rows`), [`summary`] adds them up, [`fail_on`] decides
//! the exit code and [`github`] words each problem as an annotation.

pub mod destination;
pub mod fail_on;
mod github;
mod html;
pub mod inputs;
mod keep;
mod markdown;
pub mod pipeline;
mod summary;

use std::io::{IsTerminal, Write};
use std::ops::ControlFlow;
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use clap::ValueEnum;
use goref::check;
use goref::judge::DeadPlan;
use goref::life::DeadChoice;
use goref::report::{CheckError, GameReport};
use goref::rules::RulesChoice;
use goref::sgf::Clock;

use crate::Outcome;
use crate::annotate::{AnnotateOptions, Annotator};
use crate::options::{EngineOptions, RuleListOptions, dead_source};
use crate::output::ReportWriter;
use crate::output::rows::{CsvWriter, JsonlWriter};
use crate::places::{self, Plan};
use destination::Destination;
use fail_on::FailOn;
use inputs::{Content, Source, Visitor};
use summary::Summary;

#[derive(clap::Args)]
pub struct Args {
    /// Files, folders and archives. Folders are searched recursively for `*.sgf` (any
    /// case) and archives; `.zip`, `.tar.gz`/`.tgz`/`.tar` and `.sgf.gz` are read without
    /// unpacking; `-` reads one SGF document from standard input.
    #[arg(value_name = "PATH", required_unless_present = "files_from")]
    paths: Vec<String>,

    /// Also read the paths listed in LIST, one per line (`-` = standard input).
    #[arg(long, value_name = "LIST")]
    files_from: Option<String>,

    #[command(flatten)]
    rules: RuleListOptions,

    /// Dead stones for counting. (Naming points is for `goref score`: points belong to
    /// one game.)
    #[arg(long, value_name = "SOURCE", default_value = "auto", value_parser = dead_source())]
    dead: DeadChoice,

    #[command(flatten)]
    engine: EngineOptions,

    /// Write one CSV row per (game, rule set) to OUT (`-` = standard output). The file
    /// appears only when complete.
    #[arg(long, value_name = "OUT")]
    csv: Option<String>,

    /// Write one JSON object per row, then a summary object, to OUT (`-` = standard
    /// output). The file appears only when complete.
    #[arg(long, value_name = "OUT")]
    jsonl: Option<String>,

    /// Files checked at once. Default: the number of cores.
    #[arg(long, short = 'j', value_name = "N")]
    jobs: Option<usize>,

    /// Time budget per file: once SECS seconds have passed, the games of the file not yet
    /// checked are reported as timed out and the run moves on.
    #[arg(long, value_name = "SECS", default_value_t = 60.0)]
    timeout: f64,

    /// What makes the exit code 1, comma-separated: `illegal` (any illegal move),
    /// `unreadable` (a file or game that cannot be read, or a main line cut short),
    /// `truncated` (damage anywhere, a variation included), `result-mismatch`, any
    /// finding kind (`superko`, `komi-mismatch`...), or `none`.
    #[arg(long, value_name = "KIND,...", default_value = "illegal,unreadable")]
    fail_on: String,

    /// Print one annotation per --fail-on problem for a CI system (standard output, or
    /// standard error when an output is `-`).
    #[arg(long, value_enum, value_name = "SYSTEM")]
    annotate: Option<Annotate>,

    /// Check only part K of N (1-based) of the inputs: the K-th of N contiguous slices of
    /// the SGF documents in input order. The shards' outputs concatenate to one run's.
    #[arg(long, value_name = "K/N")]
    shard: Option<String>,

    /// Write one self-contained HTML page to OUT: the summary, a table of the rows
    /// (sortable and filterable in the browser) and the board of each failing game at
    /// its first problem. The file appears only when complete.
    #[arg(long, value_name = "OUT")]
    html: Option<String>,

    /// Write a short Markdown summary to OUT, for a CI page such as
    /// `$GITHUB_STEP_SUMMARY`: the counts and the first failing rows.
    #[arg(long, value_name = "OUT")]
    summary_md: Option<String>,

    /// No summary and no progress bar.
    #[arg(long, short = 'q')]
    quiet: bool,

    /// Exit 0 when the inputs hold no game. Without it, a run that finds no game at all
    /// (an empty or mistyped folder, only files that cannot be read) exits 1.
    #[arg(long)]
    allow_empty: bool,

    #[command(flatten)]
    annotate_dir: AnnotateOptions,

    #[command(flatten)]
    variations: crate::options::VariationOptions,

    /// Judge each game fit to keep or not, by these criteria (comma-separated): valid,
    /// finished, result-known, result-reproduced, min-moves=N, size=N (or WxH; several
    /// allow any), no-handicap, komi=A..B, no-early-passes[=N] (no pass among the first
    /// N moves, 50 by default), ranks. The CSV and JSON Lines gain `keep` and
    /// `drop_reasons`, and the summary counts the games dropped for each reason.
    #[arg(long, value_name = "CRITERIA", value_parser = keep::criteria)]
    keep: Option<goref::keep::Criteria>,

    /// Copy each record whose every game is kept (--keep) below DIR, as it is, at the
    /// path the record was given by.
    #[arg(long, value_name = "DIR", requires = "keep")]
    copy_kept: Option<std::path::PathBuf>,

    /// For tests: measure --timeout against the work done, MICROS per node loaded and
    /// per move checked, instead of the wall clock, so a time-out falls at the same game
    /// on every machine (with --jobs 1).
    #[arg(long, hide = true, value_name = "MICROS")]
    test_clock_per_node: Option<u64>,
}

/// `--annotate` targets.
#[derive(Debug, Clone, Copy, ValueEnum)]
enum Annotate {
    /// GitHub Actions workflow commands (`::error file=...::...`).
    Github,
}

pub fn run(args: Args) -> Result<Outcome> {
    let started = Instant::now();
    let choices = args.rules.choices();
    let fail_on = FailOn::parse(&args.fail_on)?;
    let jobs = workers(args.jobs)?;
    let clock = match args.test_clock_per_node {
        Some(micros) => Clock::Work {
            per_node: Duration::from_micros(micros),
        },
        None => Clock::Wall,
    };
    let (mut settings, limits) = settings(jobs, args.timeout, clock)?;
    let shard = args.shard.as_deref().map(parse_shard).transpose()?;
    // No output may overwrite an input or another output: checked before anything is read.
    let mut plan = Plan::default();
    plan.inputs(&args.paths, args.files_from.as_deref())
        .output("--csv", args.csv.as_deref())
        .output("--jsonl", args.jsonl.as_deref())
        .output("--html", args.html.as_deref())
        .output("--summary-md", args.summary_md.as_deref())
        .annotate_dir(args.annotate_dir.annotate_dir.as_deref())
        .check()?;
    plan.guard_outputs();
    let sources = sources(&args)?;

    // Outputs first, so a bad path fails before any work.
    let mut destinations = Vec::new();
    let mut writers: Vec<Box<dyn ReportWriter>> = Vec::new();
    if let Some(path) = &args.csv {
        let destination = Destination::open(path, "--csv")?;
        let keep = args.keep.is_some();
        writers.push(Box::new(CsvWriter::with_keep(destination.writer()?, keep)?));
        destinations.push(destination);
    }
    if let Some(path) = &args.jsonl {
        let destination = Destination::open(path, "--jsonl")?;
        writers.push(Box::new(JsonlWriter::new(destination.writer()?)));
        destinations.push(destination);
    }
    let html_out = args
        .html
        .as_deref()
        .map(|path| Destination::open(path, "--html"))
        .transpose()?;
    let markdown_out = args
        .summary_md
        .as_deref()
        .map(|path| Destination::open(path, "--summary-md"))
        .transpose()?;
    let stdout_taken = destinations
        .iter()
        .chain(&html_out)
        .chain(&markdown_out)
        .any(Destination::is_stdout);
    let mut html_report = html_out
        .as_ref()
        .map(|_| html::HtmlReport::new(&args.paths));
    let mut markdown = markdown_out
        .as_ref()
        .map(|_| markdown::MarkdownSummary::default());
    let dead = args.engine.dead_plan(args.dead.clone())?;

    // With --shard, the documents of every shard, counted first.
    let total = shard.map(|_| count_units(&sources));
    let range = match (shard, total) {
        (Some((k, n)), Some(total)) => Some(pipeline::Range {
            start: total * (k - 1) / n,
            end: total * k / n,
        }),
        _ => None,
    };
    let progress = progress_bar(&args, &sources, range);

    settings.range = range;
    // An engine adds its own bound for each game.
    settings.stuck_after += args.engine.worst_case(&dead);
    let annotator = Annotator::new(&args.annotate_dir, &args.paths)?.map(Arc::new);
    let boards = args.html.is_some().then(|| fail_on.clone());
    let keeper = args
        .keep
        .clone()
        .map(|criteria| keep::Keeper::new(criteria, args.copy_kept.as_deref(), &args.paths))
        .transpose()?
        .map(Arc::new);
    let work = judge_work(
        choices.clone(),
        dead,
        limits,
        annotator.clone(),
        boards,
        keeper.clone(),
        args.variations.variations,
    );

    let cwd = std::env::current_dir().ok();
    let mut summary = Summary {
        keep: keeper.as_ref().map(|_| summary::KeepTally::default()),
        ..Summary::default()
    };
    // Whether a file held a game, read or not (an engine that failed on it, a time-out).
    let mut found_game = false;
    let mut annotations: Box<dyn Write> = if stdout_taken {
        Box::new(crate::stdout::Stderr)
    } else {
        Box::new(crate::stdout::Stdout::buffered())
    };
    let emit = |Checked {
                    rows,
                    boards,
                    not_annotated,
                    not_copied,
                }: Checked|
     -> std::io::Result<()> {
        if let Some(error) = not_annotated {
            crate::words::print_error(error);
        }
        if let Some(error) = not_copied {
            crate::words::print_error(error);
        }
        summary.add_unit(&rows, &fail_on);
        found_game |= rows.iter().any(|r| r.game > 0);
        for (i, row) in rows.iter().enumerate() {
            for writer in &mut writers {
                writer.game(row)?;
            }
            if html_report.is_some() || markdown.is_some() {
                let problems = fail_on.problems(row);
                if let Some(page) = &mut html_report {
                    let board = boards.get(i).and_then(Option::as_deref);
                    page.row(row, !problems.is_empty(), board);
                }
                if let Some(md) = &mut markdown {
                    md.row(row, &problems);
                }
            }
            if args.annotate.is_some() {
                for problem in fail_on.problems(row) {
                    let line = github::github_annotation(&row.file, &problem, cwd.as_deref());
                    writeln!(annotations, "{line}")?;
                }
            }
        }
        if let Some(bar) = &progress {
            bar.inc(1);
            bar.set_message(format!("{} games", summary.games));
        }
        Ok(())
    };
    match pipeline::run(&sources, &settings, work, emit) {
        Ok(_) => {}
        Err(pipeline::Stop::Emit(e)) => {
            return Err(anyhow::Error::new(e).context("cannot write the results"));
        }
        Err(pipeline::Stop::Stuck { name, elapsed }) => bail!(
            "{name}: still being checked after {} s, past --timeout {} s, and goref cannot \
             stop it: this is a bug in goref, please report it with the file; no output \
             was written",
            elapsed.as_secs(),
            goref::words::format_points(args.timeout)
        ),
    }
    if let Some(bar) = &progress {
        bar.finish_and_clear();
    }
    // An input met while reading (listed, or linked from a folder) was an output: stop
    // before writing it.
    places::clash_found()?;
    annotations
        .flush()
        .context("cannot write the annotations")?;
    let summary_json = summary.to_json();
    for writer in &mut writers {
        writer
            .finish(Some(&summary_json))
            .context("cannot write the results")?;
    }
    drop(writers);
    for destination in destinations {
        destination.commit()?;
    }
    if let (Some(page), Some(destination)) = (&html_report, html_out) {
        destination.write_whole("HTML report", |out| page.write(out, &summary))?;
    }
    if let (Some(md), Some(destination)) = (&markdown, markdown_out) {
        destination.write_whole("Markdown summary", |out| md.write(out, &summary))?;
    }
    if let (Some(keeper), Some(tally)) = (&keeper, &mut summary.keep) {
        (tally.copied, tally.not_copied) = keeper.counts();
        tally.copying = args.copy_kept.is_some();
    }
    if !args.quiet {
        crate::stdout::diagnostic(summary.text(started.elapsed()));
    }
    let mut outcome = if summary.failing > 0 {
        Outcome::Problems
    } else {
        Outcome::Clean
    };
    // A shard left empty because the inputs hold fewer documents than shards is not an
    // empty input: the other shards have them.
    let empty_shard = range.is_some_and(|r| r.start == r.end) && total.is_some_and(|t| t > 0);
    if !args.allow_empty
        && !empty_shard
        && let Some(message) = nothing_found(summary.files, found_game, &sources)
    {
        crate::stdout::diagnostic(format_args!("goref: {message}\n"));
        outcome = Outcome::Problems;
    }
    if keeper.is_some_and(|k| k.counts().1 > 0) {
        outcome = Outcome::Problems;
    }
    Ok(Annotator::outcome(annotator.as_deref(), outcome))
}

/// Why a run over `files` documents of `sources` fails for want of a game: `None` when
/// one of them held a game (`found_game`), even one that could not be checked. A CI job
/// pointed at a mistyped or empty folder must not pass.
pub fn nothing_found(files: u64, found_game: bool, sources: &[Source]) -> Option<String> {
    if found_game {
        return None;
    }
    let why = if files == 0 {
        let mut named: Vec<String> = sources
            .iter()
            .take(3)
            .map(|source| match source {
                Source::Path(path) => path.clone(),
                Source::List(list) => format!("the paths listed in {list}"),
                Source::ListStdin => "the paths listed on standard input".to_string(),
            })
            .collect();
        if sources.len() > 3 {
            named.push(format!("{} more", sources.len() - 3));
        }
        format!(
            "no game record or archive in {} (folders are searched for *.sgf, *.gib, \
             *.ngf, *.ugf and *.ugi in any case, .zip, .tar, .tar.gz, .tgz and .sgf.gz)",
            named.join(", ")
        )
    } else if files == 1 {
        "the one file found could not be read".to_string()
    } else {
        format!("none of the {files} files found could be read")
    };
    Some(format!(
        "no game found: {why}; --allow-empty accepts a run without games"
    ))
}

/// The workers of a run: `--jobs`, else the number of cores. The games of one file (a
/// collection) are spread over rayon's pool: it is sized like the workers, so `--jobs`
/// bounds the cores a run uses. (Building fails only when the pool already exists, and
/// then that pool is used.)
pub fn workers(jobs: Option<usize>) -> Result<usize> {
    let jobs = match jobs {
        Some(0) => bail!("--jobs must be at least 1"),
        Some(n) => n,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let _ = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build_global();
    Ok(jobs)
}

/// What the pipeline's work gives for one document: its rows, the board of each row for
/// `--html` (when asked for), and why its annotated copy could not be written.
pub struct Checked {
    pub rows: Vec<GameReport>,
    pub boards: Vec<Option<String>>,
    pub not_annotated: Option<String>,
    /// Why the record kept under `--keep` could not be copied to `--copy-kept`.
    pub not_copied: Option<String>,
}

/// The pipeline's work on one document: its games judged under every rule choice, then
/// the views of them: the rows, `annotator`'s copy when there is one, and with `boards`
/// (`--html`), the board of each row worth a look under that `--fail-on`.
pub fn score_and_annotate(
    choices: Vec<RulesChoice>,
    dead: DeadPlan,
    limits: goref::sgf::Limits,
    annotator: Option<Arc<Annotator>>,
    boards: Option<FailOn>,
) -> impl Fn(&str, Result<Vec<u8>, String>) -> Checked + Send + Sync + 'static {
    judge_work(choices, dead, limits, annotator, boards, None, false)
}

/// [`score_and_annotate`], with every side line replayed when `variations`
/// (`--variations`), and with `keeper` (`--keep`) each row's verdict and the copy of a
/// record kept.
fn judge_work(
    choices: Vec<RulesChoice>,
    dead: DeadPlan,
    limits: goref::sgf::Limits,
    annotator: Option<Arc<Annotator>>,
    boards: Option<FailOn>,
    keeper: Option<Arc<keep::Keeper>>,
    variations: bool,
) -> impl Fn(&str, Result<Vec<u8>, String>) -> Checked + Send + Sync + 'static {
    move |name: &str, bytes: Result<Vec<u8>, String>| match bytes {
        Ok(bytes) => {
            let mut checked = check::judge_file(name, &bytes, &choices, &dead, &limits);
            if variations {
                checked.replay_variations();
            }
            let mut rows = checked.rows();
            let not_copied = keeper.as_ref().and_then(|keeper| {
                keeper.judge(&checked, &mut rows);
                let (path, member) = inputs::split_name(name);
                keeper.copy(path, member, &bytes, &rows).err()
            });
            let boards = boards
                .as_ref()
                .map_or_else(Vec::new, |fail_on| html::boards(&checked, &rows, fail_on));
            let not_annotated = annotator.as_ref().and_then(|annotator| {
                let (path, member) = inputs::split_name(name);
                annotator.write(path, member, &bytes, &checked).err()
            });
            Checked {
                rows,
                boards,
                not_annotated,
                not_copied,
            }
        }
        Err(error) => {
            let names: Vec<String> = choices.iter().map(RulesChoice::name).collect();
            let mut rows = check::unreadable_rows(name, 0, &names, &CheckError::Read(error));
            if keeper.is_some() {
                for row in &mut rows {
                    row.drop_reasons = Some(vec![goref::keep::DropReason::Unreadable.name()]);
                }
            }
            Checked {
                rows,
                boards: Vec::new(),
                not_annotated: None,
                not_copied: None,
            }
        }
    }
}

/// The pipeline's settings for `jobs` workers over every unit, and the loader's limits
/// for a `--timeout` of `timeout` seconds measured by `clock`.
pub fn settings(
    jobs: usize,
    timeout: f64,
    clock: Clock,
) -> Result<(pipeline::Settings, goref::sgf::Limits)> {
    if !(timeout.is_finite() && timeout > 0.0) {
        bail!("--timeout must be a positive number of seconds");
    }
    let timeout = Duration::from_secs_f64(timeout);
    let settings = pipeline::Settings {
        chunk: 8,
        chunk_bytes: 8 << 20,
        window: jobs * 2 + 2,
        // The library stops a file between games once `timeout` has passed; one game's
        // work is bounded by the loader's limits (seconds). Far past both, only a bug in
        // goref can be at work.
        stuck_after: timeout * 2 + Duration::from_secs(60),
        range: None,
    };
    let limits = goref::sgf::Limits {
        max_time: Some(timeout),
        clock,
        ..goref::sgf::Limits::default()
    };
    Ok((settings, limits))
}

/// `K/N` with 1 <= K <= N.
fn parse_shard(text: &str) -> Result<(u64, u64)> {
    let parsed = text
        .split_once('/')
        .and_then(|(k, n)| Some((k.trim().parse::<u64>().ok()?, n.trim().parse::<u64>().ok()?)));
    match parsed {
        Some((k, n)) if n >= 1 && (1..=n).contains(&k) => Ok((k, n)),
        _ => bail!("--shard {text}: write K/N with 1 <= K <= N, e.g. --shard 2/4"),
    }
}

/// The inputs in order; a list on standard input is read now when it must be walked twice.
fn sources(args: &Args) -> Result<Vec<Source>> {
    sources_of(
        &args.paths,
        args.files_from.as_deref(),
        args.shard.is_some(),
    )
}

/// The inputs of `paths` and `--files-from LIST`, in order. `walk_twice`: the inputs will
/// be walked twice (counted first), so a list on standard input is read now.
pub fn sources_of(
    paths: &[String],
    files_from: Option<&str>,
    walk_twice: bool,
) -> Result<Vec<Source>> {
    let stdin_paths = paths.iter().filter(|p| *p == "-").count();
    let stdin_list = files_from == Some("-");
    if stdin_paths + usize::from(stdin_list) > 1 {
        bail!("standard input can be read once: give `-` as one PATH or as --files-from, not both");
    }
    let mut sources: Vec<Source> = paths.iter().cloned().map(Source::Path).collect();
    match files_from {
        None => {}
        Some("-") if walk_twice => {
            let mut list = String::new();
            std::io::Read::read_to_string(&mut std::io::stdin().lock(), &mut list)
                .context("cannot read the --files-from list on standard input")?;
            sources.extend(
                list.lines()
                    .filter(|l| !l.trim().is_empty())
                    .map(|l| Source::Path(l.to_string())),
            );
        }
        Some("-") => sources.push(Source::ListStdin),
        Some(list) => sources.push(Source::List(list.to_string())),
    }
    Ok(sources)
}

/// How many SGF documents the inputs hold (for `--shard` and the progress bar).
fn count_units(sources: &[Source]) -> u64 {
    struct Counter(u64);
    impl Visitor for Counter {
        fn unit(&mut self, _name: String, _content: Content<'_>) -> ControlFlow<()> {
            self.0 += 1;
            ControlFlow::Continue(())
        }
    }
    let mut counter = Counter(0);
    let _ = inputs::walk(sources, &mut counter);
    counter.0
}

/// A progress bar on standard error when it is a terminal; its length is counted in the
/// background so the work starts at once.
fn progress_bar(
    args: &Args,
    sources: &[Source],
    range: Option<pipeline::Range>,
) -> Option<indicatif::ProgressBar> {
    if args.quiet || !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = indicatif::ProgressBar::no_length();
    let style = indicatif::ProgressStyle::with_template(
        "{spinner} {pos}{of} files, {msg}  {rate}  {elapsed} elapsed{left}",
    );
    if let Ok(style) = style {
        bar.set_style(
            style
                .with_key(
                    "of",
                    |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                        if let Some(len) = state.len() {
                            let _ = write!(w, "/{len}");
                        }
                    },
                )
                .with_key(
                    "rate",
                    |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                        let _ = write!(w, "{:.0} files/s", state.per_sec());
                    },
                )
                .with_key(
                    "left",
                    |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                        if state.len().is_some() {
                            let _ = write!(w, ", about {}s left", state.eta().as_secs());
                        }
                    },
                ),
        );
    }
    bar.enable_steady_tick(Duration::from_millis(200));
    match range {
        Some(range) => bar.set_length(range.end - range.start),
        None if !sources.iter().any(|s| matches!(s, Source::ListStdin)) => {
            let sources = sources.to_vec();
            let bar = bar.clone();
            std::thread::spawn(move || bar.set_length(count_units(&sources)));
        }
        None => {}
    }
    Some(bar)
}
