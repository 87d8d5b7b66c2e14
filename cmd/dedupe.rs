//! `goref dedupe`: which games of a collection are the same game (stored twice, rotated or
//! mirrored, cut short) and which are near-duplicates; per group, the record to keep and
//! why the others go.
//!
//! Two passes over `goref batch`'s input walk and pipeline: the first loads every game and
//! keeps its [`Fingerprint`] (a few hashes and numbers); the second reads again only the
//! files holding candidate games and confirms each relation on the moves
//! ([`goref::dedupe`]). Standard input cannot be read twice, so `-` is refused.

use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::io::Write;
use std::sync::Arc;

use anyhow::{Context, Result, bail};
use clap::ValueEnum;
use goref::dedupe::{self, Candidates, Fingerprint, Group, GroupKind, Line};
use goref::sgf::{Clock, GameRecord};
use goref::text::shown;
use goref::words::plural;
use serde::Serialize;

use crate::Outcome;
use crate::batch::destination::Destination;
use crate::batch::{self, pipeline};
use crate::output::{json, spreadsheet};
use crate::places::Plan;

#[derive(clap::Args)]
pub struct Args {
    /// Files, folders and archives, read as `goref batch` reads them (folders searched
    /// recursively for `*.sgf` and archives). Standard input (`-`) cannot be read twice
    /// and is refused.
    #[arg(value_name = "PATH", required_unless_present = "files_from")]
    paths: Vec<String>,

    /// Also read the paths listed in LIST, one per line (`-` = standard input).
    #[arg(long, value_name = "LIST")]
    files_from: Option<String>,

    /// Text for people (the default) or json (one document) on standard output.
    #[arg(long, value_enum, default_value = "text")]
    format: Format,

    /// Write one CSV row per game of a group to OUT (`-` = standard output). The file
    /// appears only when complete.
    #[arg(long, value_name = "OUT")]
    csv: Option<String>,

    /// Write one JSON object per game of a group, then a summary object, to OUT (`-` =
    /// standard output). The file appears only when complete.
    #[arg(long, value_name = "OUT")]
    jsonl: Option<String>,

    /// Files read at once. Default: the number of cores.
    #[arg(long, short = 'j', value_name = "N")]
    jobs: Option<usize>,

    /// No summary on standard error.
    #[arg(long, short = 'q')]
    quiet: bool,
}

/// Output formats of `dedupe` on standard output.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Format {
    Text,
    Json,
}

/// One game as the first pass keeps it.
struct Game {
    /// Index into the files.
    file: u32,
    /// 1-based game number in its file.
    game: u32,
}

/// What the second pass reads of a candidate game: its moves and what a person sees.
struct Seen {
    line: Line,
    result: Option<String>,
    black: Option<String>,
    white: Option<String>,
    date: Option<String>,
}

/// One row of the CSV and JSON Lines: a game of a group.
#[derive(Serialize)]
struct Row<'a> {
    group: usize,
    kind: &'static str,
    file: &'a str,
    game: u32,
    moves: u32,
    result: Option<&'a str>,
    black: Option<&'a str>,
    white: Option<&'a str>,
    date: Option<&'a str>,
    keep: bool,
    reason: &'static str,
    edits: Option<usize>,
}

const COLUMNS: [&str; 12] = [
    "group", "kind", "file", "game", "moves", "result", "black", "white", "date", "keep", "reason",
    "edits",
];

pub fn run(args: Args) -> Result<Outcome> {
    if args.paths.iter().any(|p| p == "-") {
        bail!(
            "dedupe reads its inputs twice and cannot read standard input (`-`) again: save it to a file"
        );
    }
    let mut plan = Plan::default();
    plan.inputs(&args.paths, args.files_from.as_deref())
        .output("--csv", args.csv.as_deref())
        .output("--jsonl", args.jsonl.as_deref())
        .check()?;
    plan.guard_outputs();
    let jobs = batch::workers(args.jobs)?;
    let (settings, limits) = batch::settings(jobs, 60.0, Clock::Wall)?;
    let sources = batch::sources_of(&args.paths, args.files_from.as_deref(), true)?;
    let csv_out = args
        .csv
        .as_deref()
        .map(|p| Destination::open(p, "--csv"))
        .transpose()?;
    let jsonl_out = args
        .jsonl
        .as_deref()
        .map(|p| Destination::open(p, "--jsonl"))
        .transpose()?;

    // First pass: every game's fingerprint.
    let limits = Arc::new(limits);
    let first_limits = Arc::clone(&limits);
    let fingerprints = move |name: &str, bytes: Result<Vec<u8>, String>| {
        let games = bytes
            .ok()
            .and_then(|bytes| goref::sgf::load_with(&bytes, &first_limits).ok())
            .map(|games| {
                games
                    .iter()
                    .map(|g| {
                        let g = g.as_ref().ok().filter(|r| !r.moves.is_empty());
                        g.map(dedupe::fingerprint)
                    })
                    .collect::<Vec<_>>()
            });
        (name.to_string(), games)
    };
    let mut files: Vec<String> = Vec::new();
    let mut games: Vec<Game> = Vec::new();
    let mut prints: Vec<Option<Fingerprint>> = Vec::new();
    let mut unreadable = 0u64;
    let emit = |(name, result): (String, Option<Vec<Option<Fingerprint>>>)| {
        let file = u32::try_from(files.len()).unwrap_or(u32::MAX);
        files.push(name);
        match result {
            Some(list) => {
                for (i, f) in list.into_iter().enumerate() {
                    games.push(Game {
                        file,
                        game: u32::try_from(i + 1).unwrap_or(u32::MAX),
                    });
                    prints.push(f);
                }
            }
            None => unreadable += 1,
        }
        Ok(())
    };
    run_pipeline(&sources, &settings, fingerprints, emit)?;
    let candidates = dedupe::candidates(&prints);

    // Second pass: the moves of the candidate games, read again from their files.
    let wanted = candidates.games();
    let mut wanted_games: BTreeMap<u32, BTreeSet<u32>> = BTreeMap::new();
    for &g in &wanted {
        wanted_games
            .entry(games[g].file)
            .or_default()
            .insert(games[g].game);
    }
    let wanted_names: Arc<HashSet<String>> = Arc::new(
        wanted_games
            .keys()
            .map(|&f| files[f as usize].clone())
            .collect(),
    );
    let second_limits = Arc::clone(&limits);
    let reread = move |name: &str, bytes: Result<Vec<u8>, String>| -> Option<Vec<Option<Seen>>> {
        if !wanted_names.contains(name) {
            return None;
        }
        let games = goref::sgf::load_with(&bytes.ok()?, &second_limits).ok()?;
        Some(games.iter().map(|g| g.as_ref().ok().map(seen)).collect())
    };
    let mut lines: BTreeMap<usize, Line> = BTreeMap::new();
    let mut shown_games: BTreeMap<usize, Seen> = BTreeMap::new();
    let mut by_place: BTreeMap<(u32, u32), usize> = BTreeMap::new();
    for &g in &wanted {
        by_place.insert((games[g].file, games[g].game), g);
    }
    let mut unit = 0u32;
    let emit = |result: Option<Vec<Option<Seen>>>| {
        let file = unit;
        unit += 1;
        let (Some(list), Some(numbers)) = (result, wanted_games.get(&file)) else {
            return Ok(());
        };
        for (i, s) in list.into_iter().enumerate() {
            let number = u32::try_from(i + 1).unwrap_or(u32::MAX);
            if let (true, Some(s), Some(&g)) =
                (numbers.contains(&number), s, by_place.get(&(file, number)))
            {
                lines.insert(g, s.line.clone());
                shown_games.insert(g, s);
            }
        }
        Ok(())
    };
    run_pipeline(&sources, &settings, reread, emit)?;
    let groups = dedupe::groups(&prints, &candidates, &lines);

    let report = Report {
        files: &files,
        games: &games,
        prints: &prints,
        seen: &shown_games,
        groups: &groups,
    };
    let stdout_taken = [&csv_out, &jsonl_out]
        .into_iter()
        .flatten()
        .any(Destination::is_stdout);
    if let Some(destination) = csv_out {
        let mut out = destination.writer()?;
        report.csv(&mut out).context("cannot write --csv")?;
        out.flush().context("cannot write --csv")?;
        drop(out);
        destination.commit()?;
    }
    if let Some(destination) = jsonl_out {
        let mut out = destination.writer()?;
        report
            .jsonl(&mut out, &summary_json(&report, unreadable))
            .context("cannot write --jsonl")?;
        out.flush().context("cannot write --jsonl")?;
        drop(out);
        destination.commit()?;
    }
    if !stdout_taken {
        let mut out = crate::stdout::Stdout::buffered();
        match args.format {
            Format::Text => report.text(&mut out)?,
            Format::Json => {
                let document = serde_json::json!({
                    "groups": report.groups_json(),
                    "summary": summary_json(&report, unreadable),
                });
                let text = json::safe(serde_json::to_string_pretty(&document)?);
                writeln!(out, "{text}")?;
            }
        }
        out.flush()?;
    }
    if !args.quiet {
        crate::stdout::diagnostic(summary_text(&report, unreadable, &candidates));
    }
    let found_game = prints.iter().any(Option::is_some) || !games.is_empty();
    if unreadable > 0 {
        return Ok(Outcome::Problems);
    }
    if let Some(message) = batch::nothing_found(files.len() as u64, found_game, &sources) {
        crate::stdout::diagnostic(format_args!("goref: {message}\n"));
        return Ok(Outcome::Problems);
    }
    Ok(Outcome::Clean)
}

fn seen(record: &GameRecord) -> Seen {
    Seen {
        line: Line::of(record),
        result: record.result.clone(),
        black: record.black.clone(),
        white: record.white.clone(),
        date: record.date.clone(),
    }
}

fn run_pipeline<R, W, E>(
    sources: &[batch::inputs::Source],
    settings: &pipeline::Settings,
    work: W,
    emit: E,
) -> Result<()>
where
    R: Send + 'static,
    W: Fn(&str, Result<Vec<u8>, String>) -> R + Send + Sync + 'static,
    E: FnMut(R) -> std::io::Result<()>,
{
    match pipeline::run(sources, settings, work, emit) {
        Ok(_) => Ok(()),
        Err(pipeline::Stop::Emit(e)) => {
            Err(anyhow::Error::new(e).context("cannot read the inputs"))
        }
        Err(pipeline::Stop::Stuck { name, elapsed }) => bail!(
            "{name}: still being read after {} s: this is a bug in goref, please report it with \
             the file; no output was written",
            elapsed.as_secs()
        ),
    }
}

/// Everything the outputs show.
struct Report<'a> {
    files: &'a [String],
    games: &'a [Game],
    prints: &'a [Option<Fingerprint>],
    seen: &'a BTreeMap<usize, Seen>,
    groups: &'a [Group],
}

impl Report<'_> {
    fn rows(&self) -> Vec<Row<'_>> {
        let mut rows = Vec::new();
        for (i, group) in self.groups.iter().enumerate() {
            for member in &group.members {
                let g = member.game;
                let seen = self.seen.get(&g);
                let text = |f: fn(&Seen) -> &Option<String>| seen.and_then(|s| f(s).as_deref());
                let reason = match (group.kind, member.dropped) {
                    (GroupKind::NearDuplicates, _) => "near-duplicate",
                    (_, Some(reason)) => reason.name(),
                    (_, None) => group.kept_because.map_or("", |k| k.name()),
                };
                rows.push(Row {
                    group: i + 1,
                    kind: group.kind.name(),
                    file: &self.files[self.games[g].file as usize],
                    game: self.games[g].game,
                    moves: self.prints[g].map_or(0, |f| f.moves),
                    result: text(|s| &s.result),
                    black: text(|s| &s.black),
                    white: text(|s| &s.white),
                    date: text(|s| &s.date),
                    keep: member.dropped.is_none(),
                    reason,
                    edits: member.edits,
                });
            }
        }
        rows
    }

    fn csv(&self, out: &mut dyn Write) -> Result<()> {
        let mut w = csv::WriterBuilder::new().from_writer(out);
        w.write_record(COLUMNS)?;
        let mut cells: Vec<String> = Vec::with_capacity(COLUMNS.len());
        for row in self.rows() {
            cells.clear();
            let text = |t: Option<&str>| {
                let mut cell = String::new();
                if let Some(t) = t {
                    spreadsheet::record_text(t, &mut cell);
                }
                cell
            };
            cells.push(row.group.to_string());
            cells.push(row.kind.to_string());
            cells.push(text(Some(row.file)));
            cells.push(row.game.to_string());
            cells.push(row.moves.to_string());
            cells.push(text(row.result));
            cells.push(text(row.black));
            cells.push(text(row.white));
            cells.push(text(row.date));
            cells.push(row.keep.to_string());
            cells.push(row.reason.to_string());
            cells.push(row.edits.map_or_else(String::new, |e| e.to_string()));
            w.write_record(&cells)?;
        }
        w.flush()?;
        Ok(())
    }

    fn jsonl(&self, out: &mut dyn Write, summary: &serde_json::Value) -> Result<()> {
        for row in self.rows() {
            writeln!(out, "{}", json::safe(serde_json::to_string(&row)?))?;
        }
        let summary = serde_json::json!({ "summary": summary });
        writeln!(out, "{}", json::safe(serde_json::to_string(&summary)?))?;
        Ok(())
    }

    fn groups_json(&self) -> serde_json::Value {
        let rows = self.rows();
        let mut groups: Vec<serde_json::Value> = Vec::new();
        for (i, group) in self.groups.iter().enumerate() {
            let members: Vec<&Row> = rows.iter().filter(|r| r.group == i + 1).collect();
            groups.push(serde_json::json!({
                "group": i + 1,
                "kind": group.kind.name(),
                "members": members,
            }));
        }
        serde_json::Value::Array(groups)
    }

    fn text(&self, out: &mut dyn Write) -> Result<()> {
        let rows = self.rows();
        for (i, group) in self.groups.iter().enumerate() {
            let members: Vec<&Row> = rows.iter().filter(|r| r.group == i + 1).collect();
            match group.kind {
                GroupKind::SameGame => writeln!(
                    out,
                    "group {}: the same game, {} records; keep the first ({})",
                    i + 1,
                    members.len(),
                    members[0].reason
                )?,
                GroupKind::NearDuplicates => {
                    let edits = members.last().and_then(|r| r.edits).unwrap_or_default();
                    writeln!(
                        out,
                        "group {}: near-duplicates, {edits} move{} apart (the same Dyer signature); both kept",
                        i + 1,
                        plural(edits as u64)
                    )?
                }
            }
            for row in members {
                let verdict = match (group.kind, row.keep) {
                    (GroupKind::NearDuplicates, _) => "    ",
                    (_, true) => "keep",
                    (_, false) => "drop",
                };
                let mut about = vec![format!("{} moves", row.moves)];
                if let Some(r) = row.result {
                    about.push(shown(r).into_owned());
                }
                if let (Some(b), Some(w)) = (row.black, row.white) {
                    about.push(format!("{} - {}", shown(b), shown(w)));
                }
                if let Some(d) = row.date {
                    about.push(shown(d).into_owned());
                }
                let why = if row.keep {
                    String::new()
                } else {
                    format!("  {}", row.reason)
                };
                writeln!(
                    out,
                    "  {verdict}  {} game {}  ({}){why}",
                    shown(row.file),
                    row.game,
                    about.join(", ")
                )?;
            }
        }
        Ok(())
    }
}

fn summary_json(report: &Report, unreadable: u64) -> serde_json::Value {
    let same = report
        .groups
        .iter()
        .filter(|g| g.kind == GroupKind::SameGame);
    let dropped: usize = same
        .clone()
        .map(|g| g.members.iter().filter(|m| m.dropped.is_some()).count())
        .sum();
    let mut reasons: BTreeMap<&str, usize> = BTreeMap::new();
    for g in same.clone() {
        for m in &g.members {
            if let Some(r) = m.dropped {
                *reasons.entry(r.name()).or_default() += 1;
            }
        }
    }
    serde_json::json!({
        "files": report.files.len(),
        "unreadable_files": unreadable,
        "games": report.prints.iter().filter(|p| p.is_some()).count(),
        "same_game_groups": same.count(),
        "dropped": dropped,
        "drop_reasons": reasons,
        "near_duplicate_pairs": report.groups.len() - report.groups.iter().filter(|g| g.kind == GroupKind::SameGame).count(),
    })
}

fn summary_text(report: &Report, unreadable: u64, candidates: &Candidates) -> String {
    let s = summary_json(report, unreadable);
    let n = |k: &str| s[k].as_u64().unwrap_or_default();
    let mut text = format!(
        "goref dedupe: {} game{} with moves in {} file{}: {} group{} of the same game ({} record{} to drop), {} near-duplicate pair{}; {} game{} read twice to confirm",
        n("games"),
        plural(n("games")),
        n("files"),
        plural(n("files")),
        n("same_game_groups"),
        plural(n("same_game_groups")),
        n("dropped"),
        plural(n("dropped")),
        n("near_duplicate_pairs"),
        plural(n("near_duplicate_pairs")),
        candidates.games().len(),
        plural(candidates.games().len() as u64),
    );
    if unreadable > 0 {
        text.push_str(&format!(
            "; {unreadable} file{} could not be read",
            plural(unreadable)
        ));
    }
    text.push('\n');
    text
}
