//! `goref validate`: replay every game of each file and report what breaks the rules.

use anyhow::{Context, Result};
use goref::check;
use goref::report::{CheckError, GameReport};
use goref::rules::RulesChoice;

use crate::Outcome;
use crate::input::read_input;
use crate::options::RuleOptions;
use crate::output::{self, Format};

#[derive(clap::Args)]
pub struct Args {
    /// SGF files to check; `-` reads standard input. A file may hold several games.
    #[arg(required = true, value_name = "FILE")]
    files: Vec<String>,

    #[command(flatten)]
    rules: RuleOptions,

    /// Output format.
    #[arg(long, value_enum, default_value = "text")]
    format: Format,
}

pub fn run(args: Args) -> Result<Outcome> {
    let choice: RulesChoice = args.rules.choice();
    let mut writer = output::writer(args.format);
    let mut problems = false;
    for file in &args.files {
        let reports: Vec<GameReport> = match read_input(file) {
            Ok(bytes) => check::validate_bytes(file, &bytes, &choice),
            Err(error) => vec![GameReport::unreadable(
                file,
                0,
                choice.name(),
                CheckError::Read(error),
            )],
        };
        for r in &reports {
            problems |= !r.valid;
            writer.game(r).context("cannot write the report")?;
        }
    }
    writer.finish(None).context("cannot write the report")?;
    Ok(if problems {
        Outcome::Problems
    } else {
        Outcome::Clean
    })
}
