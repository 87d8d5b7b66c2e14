//! `goref score`: count finished games under one or more rule sets (INTERFACE SKELETON:
//! filled in by the scoring work).

use anyhow::{Result, bail};

use crate::Outcome;

#[derive(clap::Args)]
pub struct Args {
    /// SGF files; `-` reads standard input.
    #[arg(required = true, value_name = "FILE")]
    files: Vec<String>,
}

pub fn run(args: Args) -> Result<Outcome> {
    let _ = args.files;
    bail!("goref score is not available yet")
}
