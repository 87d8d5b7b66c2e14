//! `goref validate`: replay every game of each file and report what breaks the rules.

use anyhow::Result;
use goref::check;
use goref::life::DeadChoice;
use goref::report::{CheckError, GameReport};

use crate::Outcome;
use crate::annotate::{AnnotateOptions, Annotator};
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

    #[command(flatten)]
    annotate: AnnotateOptions,
}

pub fn run(args: Args) -> Result<Outcome> {
    let choice = args.rules.choice();
    let annotator = Annotator::new(
        &args.annotate,
        &args.files,
        choice.clone(),
        DeadChoice::Auto,
    )?;
    let mut writer = output::writer(args.format);
    let check = |file: &str, bytes: Result<Vec<u8>, String>| match bytes {
        Ok(bytes) => {
            let reports = check::validate_bytes(file, &bytes, &choice);
            if let Some(annotator) = &annotator {
                annotator.write_now(file, &bytes, &reports);
            }
            reports
        }
        Err(error) => vec![GameReport::unreadable(
            file,
            0,
            choice.name(),
            CheckError::Read(error),
        )],
    };
    let outcome = output::report_files(&args.files, writer.as_mut(), check, |r| !r.valid)?;
    Ok(Annotator::outcome(annotator.as_ref(), outcome))
}
