//! The `goref` command line: turns arguments into library calls and results into text,
//! JSON or CSV. No game logic lives here.

mod annotate;
mod batch;
mod convert;
mod dedupe;
mod input;
mod options;
mod output;
mod places;
mod referee;
mod rules;
mod score;
mod show;
mod standings;
mod stdout;
mod validate;
mod words;

use std::process::ExitCode;

/// sgf-parse allocates a string per property value and a vector per node: a faster
/// allocator than the system's is most of the difference in loading speed.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{Parser, Subcommand};

/// goref checks Go game records: it replays every game of an SGF file through a strict
/// rules validator under the rule set you choose.
#[derive(Parser)]
#[command(name = "goref", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Replay every game of each FILE and report illegal moves and inconsistencies.
    Validate(validate::Args),
    /// Count finished games under one or more rule sets and check the recorded result.
    Score(score::Args),
    /// Check whole folders and archives in parallel; write CSV and JSON Lines.
    Batch(batch::Args),
    /// List the rule presets, or show one preset's parameters.
    Rules(rules::Args),
    /// Draw one position of a game: the first illegal move, a chosen move, or the final
    /// position with its dead stones, owners and count (text, or SVG with --svg).
    Show(show::Args),
    /// Adjudicate a contest's records and print the standings: ranking, crosstable, games.
    Standings(standings::Args),
    /// Write GIB, NGF and UGF/UGI records (and SGF ones, re-encoded) as UTF-8 SGF files.
    Convert(convert::Args),
    /// Find the games of a collection stored more than once (also rotated, mirrored or
    /// cut short) and near-duplicates; say which record of each to keep.
    Dedupe(dedupe::Args),
    /// Referee live games between GTP engines: a match or a tournament, every move
    /// checked, the clocks kept, the records, results tables and standings written.
    Referee(referee::Args),
}

/// What a subcommand concluded, mapped to the exit codes of docs/cli.md.
pub enum Outcome {
    /// Everything read, nothing at or above the failing level.
    Clean,
    /// The command ran and found illegal games, mismatched results or unreadable files.
    Problems,
}

fn main() -> ExitCode {
    let cli = Cli::try_parse().unwrap_or_else(|error| with_stdin_tip(error).exit());
    let result = match cli.command {
        Command::Validate(args) => validate::run(args),
        Command::Score(args) => score::run(args),
        Command::Batch(args) => batch::run(args),
        Command::Rules(args) => rules::run(args),
        Command::Show(args) => show::run(args),
        Command::Standings(args) => standings::run(args),
        Command::Convert(args) => convert::run(args),
        Command::Dedupe(args) => dedupe::run(args),
        Command::Referee(args) => referee::run(args),
    };
    // Whatever an engine left behind that is still running (its engine was ending as the
    // command returned) ends with goref.
    goref::gtp::end_orphans();
    match result {
        Ok(Outcome::Clean) => ExitCode::SUCCESS,
        Ok(Outcome::Problems) => ExitCode::from(1),
        // Commands with a verdict write standard output through `stdout::Stdout`, which a
        // closed pipe silences; only `rules`, which has none, gets here with one.
        Err(error) if output::is_broken_pipe(&error) => ExitCode::SUCCESS,
        Err(error) => {
            words::print_error(format_args!("{error:#}"));
            ExitCode::from(2)
        }
    }
}

/// A missing file argument with a tip that `-` reads standard input: `goref validate <
/// game.sgf` without `-` is the usual way to meet it.
fn with_stdin_tip(mut error: clap::Error) -> clap::Error {
    if error.kind() != ErrorKind::MissingRequiredArgument {
        return error;
    }
    let missing = |name: &str| match error.get(ContextKind::InvalidArg) {
        Some(ContextValue::Strings(args)) => args.iter().any(|a| a.starts_with(name)),
        _ => false,
    };
    // The subcommand: the first word that is not an option (goref has no global option
    // that takes a value).
    let command = std::env::args()
        .skip(1)
        .find(|a| !a.starts_with('-'))
        .unwrap_or_default();
    let tip = if missing("<FILE>") {
        format!("`-` as FILE reads standard input: goref {command} - < game.sgf")
    } else if missing("<PATH>") {
        format!(
            "`-` as PATH reads one SGF document from standard input (goref {command} - < game.sgf), `--files-from -` a list of paths"
        )
    } else {
        return error;
    };
    error.insert(
        ContextKind::Suggested,
        ContextValue::StyledStrs(vec![tip.into()]),
    );
    error
}
