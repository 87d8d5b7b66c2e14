//! `goref rules`: list the presets or show one.

use std::io::Write;

use anyhow::{Context, Result};
use goref::rules::{self, RuleSet};

use crate::Outcome;

#[derive(clap::Args)]
pub struct Args {
    /// A preset or alias to show in full; without it, every preset is listed.
    #[arg(value_name = "PRESET")]
    preset: Option<RuleSet>,

    /// Output format.
    #[arg(long, value_enum, default_value = "text")]
    format: Format,
}

/// Output format of `goref rules`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Format {
    /// For people: a table of the presets, or one preset's knobs, one per line.
    Text,
    /// JSON: the list of presets, or the one rule set, field by field (docs/rules.md).
    Json,
}

pub fn run(args: Args) -> Result<Outcome> {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    match args.preset {
        Some(preset) => match args.format {
            Format::Json => {
                serde_json::to_writer_pretty(&mut out, &preset)?;
                writeln!(out)?;
            }
            Format::Text => write_preset(&mut out, &preset)?,
        },
        None => {
            let all = rules::presets();
            match args.format {
                Format::Json => {
                    serde_json::to_writer_pretty(&mut out, &all)?;
                    writeln!(out)?;
                }
                Format::Text => {
                    writeln!(
                        out,
                        "{:<14} {:<22} {:<10} {:<20} {:>5}  source",
                        "preset", "aliases", "counting", "ko", "komi"
                    )?;
                    for r in &all {
                        writeln!(
                            out,
                            "{:<14} {:<22} {:<10} {:<20} {:>5}  {}",
                            r.name,
                            r.aliases().join(", "),
                            r.counting.to_string(),
                            r.ko.to_string(),
                            goref::words::format_points(r.komi),
                            r.source()
                        )?;
                    }
                }
            }
        }
    }
    out.flush().context("cannot write to standard output")?;
    Ok(Outcome::Clean)
}

/// Every knob of a rule set, one per line, named and written as an override takes it
/// (`handicap-komi: 0.5` is `+handicap-komi=0.5`).
fn write_preset(out: &mut impl Write, preset: &RuleSet) -> Result<()> {
    writeln!(out, "{}", preset.name)?;
    writeln!(out, "  source: {}", preset.source())?;
    if !preset.aliases().is_empty() {
        writeln!(out, "  aliases: {}", preset.aliases().join(", "))?;
    }
    for (knob, value) in preset.knobs() {
        writeln!(out, "  {knob}: {value}")?;
    }
    Ok(())
}
