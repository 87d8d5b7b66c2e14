//! `goref validate`: replay every game of each file and report what breaks the rules.

use anyhow::Result;
use goref::check;
use goref::judge::DeadPlan;
use goref::report::{CheckError, GameReport};
use goref::sgf::Limits;

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
    let annotator = Annotator::new(&args.annotate, &args.files)?;
    let mut writer = output::writer(args.format);
    let check = |file: &str, bytes: Result<Vec<u8>, String>| match bytes {
        Ok(bytes) => match &annotator {
            None => check::validate_bytes(file, &bytes, &choice),
            // The copy states the result goref reaches, so the games are counted too (with
            // the dead stones as `goref score` finds them by default); the rows stay a
            // validation's.
            Some(annotator) => {
                let checked = check::judge_file(
                    file,
                    &bytes,
                    std::slice::from_ref(&choice),
                    &DeadPlan::default(),
                    &Limits::default(),
                );
                annotator.write_now(file, &bytes, &checked);
                checked.validation_rows()
            }
        },
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
