//! `goref batch`: whole folders and archives in parallel, CSV and JSON Lines (INTERFACE
//! SKELETON: filled in by the batch work).

use anyhow::{Result, bail};

use crate::Outcome;

#[derive(clap::Args)]
pub struct Args {
    /// Files, folders (searched recursively for .sgf) and archives.
    #[arg(required = true, value_name = "PATH")]
    paths: Vec<String>,
}

pub fn run(args: Args) -> Result<Outcome> {
    let _ = args.paths;
    bail!("goref batch is not available yet")
}
