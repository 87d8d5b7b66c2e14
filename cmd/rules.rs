//! `goref rules`: list the presets or show one.

use std::io::Write;

use anyhow::{Context, Result};
use goref::rules::{self, RuleSet};

use crate::Outcome;
use crate::output::Format;

#[derive(clap::Args)]
pub struct Args {
    /// A preset or alias to show in full; without it, every preset is listed.
    #[arg(value_name = "PRESET")]
    preset: Option<RuleSet>,

    /// Output format.
    #[arg(long, value_enum, default_value = "text")]
    format: Format,
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
                            name_of(&r.counting)?,
                            name_of(&r.ko)?,
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

/// Every parameter of a preset, one per line, named as in its JSON form.
fn write_preset(out: &mut impl Write, preset: &RuleSet) -> Result<()> {
    writeln!(out, "{}", preset.name)?;
    writeln!(out, "  source: {}", preset.source())?;
    if !preset.aliases().is_empty() {
        writeln!(out, "  aliases: {}", preset.aliases().join(", "))?;
    }
    let value = serde_json::to_value(preset)?;
    if let serde_json::Value::Object(fields) = value {
        for (key, value) in fields {
            if key == "name" {
                continue;
            }
            writeln!(out, "  {key}: {}", plain(&value))?;
        }
    }
    Ok(())
}

fn plain(value: &serde_json::Value) -> String {
    match value {
        serde_json::Value::String(s) => s.clone(),
        serde_json::Value::Array(items) if items.is_empty() => "any".to_string(),
        other => other.to_string(),
    }
}

fn name_of<T: serde::Serialize>(value: &T) -> Result<String> {
    Ok(plain(&serde_json::to_value(value)?))
}
