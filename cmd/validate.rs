//! `goref validate`: replay every game of each file and report what breaks the rules.

use anyhow::Result;
use goref::check;
use goref::report::{CheckError, GameReport};

use crate::Outcome;
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
    let choice = args.rules.choice();
    let mut writer = output::writer(args.format);
    let check = |file: &str, bytes: Result<Vec<u8>, String>| match bytes {
        Ok(bytes) => check::validate_bytes(file, &bytes, &choice),
        Err(error) => vec![GameReport::unreadable(
            file,
            0,
            choice.name(),
            CheckError::Read(error),
        )],
    };
    output::report_files(&args.files, writer.as_mut(), check, |r| !r.valid)
}
