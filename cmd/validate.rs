//! `goref validate`: replay every game of each file and report what breaks the rules.

use anyhow::Result;
use goref::check;
use goref::judge::DeadPlan;
use goref::report::{CheckError, GameReport};
use goref::sgf::Limits;

use crate::Outcome;
use crate::annotate::{AnnotateOptions, Annotator};
use crate::options::{RuleOptions, VariationOptions};
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

    #[command(flatten)]
    variations: VariationOptions,
}

pub fn run(args: Args) -> Result<Outcome> {
    let choice = args.rules.choice();
    let annotator = Annotator::new(&args.annotate, &args.files)?;
    let mut writer = output::writer(args.format);
    let check = |file: &str, bytes: Result<Vec<u8>, String>| match bytes {
        Ok(bytes) => match &annotator {
            None if args.variations.variations => {
                let mut checked = check::validate_file(file, &bytes, &choice);
                checked.replay_variations();
                checked.validation_rows()
            }
            None => check::validate_bytes(file, &bytes, &choice),
            // The copy states the result goref reaches, so the games are counted too (with
            // the dead stones as `goref score` finds them by default); the rows stay a
            // validation's.
            Some(annotator) => {
                let mut checked = check::judge_file(
                    file,
                    &bytes,
                    std::slice::from_ref(&choice),
                    &DeadPlan::default(),
                    &Limits::default(),
                );
                if args.variations.variations {
                    checked.replay_variations();
                }
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
