//! `goref score`: count finished games under one or more rule sets and check the
//! recorded result.

use anyhow::Result;
use goref::check;
use goref::life::DeadChoice;
use goref::report::{CheckError, GameReport};
use goref::rules::RulesChoice;
use goref::sgf::Limits;

use crate::Outcome;
use crate::annotate::{AnnotateOptions, Annotator};
use crate::options::{EngineOptions, RuleListOptions, dead_choice};
use crate::output::{self, Format};

#[derive(clap::Args)]
pub struct Args {
    /// SGF files to count; `-` reads standard input. A file may hold several games.
    #[arg(required = true, value_name = "FILE")]
    files: Vec<String>,

    #[command(flatten)]
    rules: RuleListOptions,

    /// Dead stones: auto (the record's markup, else goref's estimate), markup (the
    /// record's TB/TW), estimate (goref's estimate, whatever the markup says), proven
    /// (what goref can prove, every other stone alive), none (every stone alive), engine
    /// (what the GTP engine of --engine says), or points in D4 or SGF form separated by
    /// commas (D4,Q16 or dd,pp), each naming its whole chain.
    #[arg(
        long,
        value_name = "auto|markup|estimate|proven|none|engine|POINTS",
        default_value = "auto",
        value_parser = dead_choice
    )]
    dead: DeadChoice,

    #[command(flatten)]
    engine: EngineOptions,

    /// Output format: text shows the rule sets side by side; json per docs/formats.md.
    #[arg(long, value_enum, default_value = "text")]
    format: Format,

    #[command(flatten)]
    annotate: AnnotateOptions,

    #[command(flatten)]
    variations: crate::options::VariationOptions,
}

pub fn run(args: Args) -> Result<Outcome> {
    let choices = args.rules.choices();
    let dead = args.engine.dead_plan(args.dead.clone())?;
    let annotator = Annotator::new(&args.annotate, &args.files)?;
    let mut writer = output::score_writer(args.format, choices.len());
    let names: Vec<String> = choices.iter().map(RulesChoice::name).collect();
    let check = |file: &str, bytes: Result<Vec<u8>, String>| match bytes {
        Ok(bytes) => {
            let mut checked = check::judge_file(file, &bytes, &choices, &dead, &Limits::default());
            if args.variations.variations {
                checked.replay_variations();
            }
            if let Some(annotator) = &annotator {
                annotator.write_now(file, &bytes, &checked);
            }
            checked.rows()
        }
        Err(error) => check::unreadable_rows(file, 0, &names, &CheckError::Read(error)),
    };
    let problem = |r: &GameReport| !r.valid || r.error.is_some() || r.result_mismatch();
    let outcome = output::report_files(&args.files, writer.as_mut(), check, problem)?;
    Ok(Annotator::outcome(annotator.as_ref(), outcome))
}
