//! `goref show`: one position of a game as a board diagram, in the terminal (Unicode,
//! colour only when standard output is a terminal, `--ascii` for plain text) and, with
//! `--svg OUT`, as an SVG file. With no `--move`, the first illegal move when the game
//! has one, else the final position with its dead stones, owners and count.

use std::io::{IsTerminal, Write};
use std::path::Path;

use anyhow::{Result, bail};
use goref::adjudicate::Agreement;
use goref::diagram::{Charset, Diagram, GameDiagram, Moment, SvgStyle, TextStyle, of_judged};
use goref::judge;
use goref::life::DeadChoice;
use goref::report::GameReport;
use goref::sgf;
use goref::text::shown;

use crate::Outcome;
use crate::batch::destination::Destination;
use crate::input;
use crate::options::{EngineOptions, RuleOptions, dead_choice};
use crate::output::score_table;
use crate::output::text::{finding_line, heading};
use crate::words;

#[derive(clap::Args)]
pub struct Args {
    /// The SGF file; `-` reads standard input.
    #[arg(value_name = "FILE")]
    file: String,

    /// Which game of the file, from 1.
    #[arg(long, value_name = "N", default_value_t = 1)]
    game: usize,

    /// The position after move N (0: before the first move). Default: the first illegal
    /// move, else the final position.
    #[arg(long = "move", value_name = "N", conflicts_with = "final_position")]
    move_number: Option<usize>,

    /// The final position, with the dead stones, each point's owner and the count.
    #[arg(long = "final")]
    final_position: bool,

    #[command(flatten)]
    rules: RuleOptions,

    /// Dead stones at the final position, as `goref score --dead` takes them: auto,
    /// markup, estimate, proven, none, engine, or points (D4,Q16 or dd,pp), each naming
    /// its whole chain.
    #[arg(long, value_name = "SOURCE", default_value = "auto", value_parser = dead_choice)]
    dead: DeadChoice,

    #[command(flatten)]
    engine: EngineOptions,

    /// Plain ASCII (X, O, x, o for dead stones, b, w for owned points) and no colour.
    #[arg(long)]
    ascii: bool,

    /// Also write the diagram as SVG to OUT (`-` = standard output, instead of the
    /// text). The file appears only when complete.
    #[arg(long, value_name = "OUT")]
    svg: Option<String>,
}

pub fn run(args: Args) -> Result<Outcome> {
    crate::places::Plan::default()
        .input(&args.file)
        .output("--svg", args.svg.as_deref())
        .check()?;
    // A file that cannot be read is a verdict, as for `validate` (exit 1), not a usage
    // error.
    let unreadable = |message: String| {
        words::print_error(message);
        Ok(Outcome::Problems)
    };
    let bytes = match input::read_input(&args.file) {
        Ok(bytes) => bytes,
        Err(error) => return unreadable(error),
    };
    let mut games = match sgf::load(&bytes) {
        Ok(games) => games,
        Err(error) => return unreadable(format!("{}: cannot read it: {error}", args.file)),
    };
    let count = games.len();
    if args.game == 0 || args.game > count {
        let s = if count == 1 { "" } else { "s" };
        bail!(
            "--game {}: {} holds {count} game{s}; choose one from 1 to {count}",
            args.game,
            args.file
        );
    }
    let record = match games.swap_remove(args.game - 1) {
        Ok(record) => record,
        Err(error) => return unreadable(format!("{}: {error}", args.file)),
    };
    let choice = args.rules.choice();
    // The game is judged once; the drawing and the count are views of it (an engine, too,
    // is asked once).
    let dead = args.engine.dead_plan(args.dead.clone())?;
    let judged = judge::judge(&record, std::slice::from_ref(&choice), &dead);
    let Some(judged) = judged.first() else {
        bail!("{}: no rule set to judge the game under", args.file);
    };
    if let Some(Err(e)) = &judged.adjudication
        && judged.replay.is_ok()
    {
        bail!("{}: {}", args.file, words::dead_stones(e));
    }
    let moment = match (args.move_number, args.final_position) {
        (Some(n), _) => Moment::AfterMove(n),
        (None, true) => Moment::Final,
        (None, false) => Moment::FirstIllegal,
    };
    let drawn = of_judged(&record, judged, moment)
        .map_err(|e| anyhow::anyhow!("--move: {}: {e}", args.file))?;
    let report = judged.row(&args.file, &record);
    let mut diagram = drawn.diagram.clone();
    diagram.caption = caption(&report, &drawn);
    diagram.notes = notes(&report, &drawn);

    let svg_to_stdout = args.svg.as_deref() == Some("-");
    if let Some(path) = &args.svg {
        let picture = picture(&report, &drawn, &args.file);
        Destination::open(path, "--svg")?.write_whole("SVG", |out| {
            out.write_all(picture.svg(SvgStyle::Document).as_bytes())
        })?;
    }
    if !svg_to_stdout {
        let style = if args.ascii {
            TextStyle {
                charset: Charset::Ascii,
                color: false,
            }
        } else {
            TextStyle {
                charset: Charset::Unicode,
                color: std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none(),
            }
        };
        // A closed pipe silences the drawing; the exit code is still the game's verdict.
        let mut out = crate::stdout::Stdout;
        out.write_all(diagram.text(style).as_bytes())?;
        out.flush()?;
    }
    let problem = !report.valid
        || report.score.as_ref().and_then(|s| s.result_matches) == Some(Agreement::Disagrees);
    Ok(if problem {
        Outcome::Problems
    } else {
        Outcome::Clean
    })
}

/// The diagram as a picture shows it: the file's name rather than its path in the
/// caption, the count as a table beside the board, and under it what the table cannot
/// show. The terminal's diagram keeps the path and `goref score`'s layout of the count.
fn picture(report: &GameReport, drawn: &GameDiagram, file: &str) -> Diagram {
    let mut named = report.clone();
    if let Some(name) = Path::new(file).file_name() {
        named.file = name.to_string_lossy().into_owned();
    }
    let mut picture = drawn.diagram.clone();
    picture.caption = caption(&named, drawn);
    if drawn.is_final {
        picture.table = score_table::count_rows(report);
        picture.notes = score_table::count_details(report);
    } else {
        picture.notes = notes(report, drawn);
    }
    picture
}

/// The lines above the board: the game, the moment drawn, the rules and the result.
pub fn caption(report: &GameReport, drawn: &GameDiagram) -> Vec<String> {
    let moves = report.moves.unwrap_or(0);
    let moment = if drawn.is_final {
        format!("final position, after {moves} moves")
    } else if drawn.after_move == 0 {
        "before the first move".to_string()
    } else {
        format!("after move {} of {moves}", drawn.after_move)
    };
    let result = match &report.score {
        Some(score) => format!("result {}", shown(&score.result)),
        None => "no result".to_string(),
    };
    vec![
        heading(report),
        format!("{moment}; rules {}; {result}", report.rules),
    ]
}

/// The lines under the board: the findings of the move drawn, or the count.
pub fn notes(report: &GameReport, drawn: &GameDiagram) -> Vec<String> {
    if !drawn.is_final {
        return report
            .findings
            .iter()
            .filter(|f| f.move_number == Some(drawn.after_move) && drawn.after_move > 0)
            .map(finding_line)
            .collect();
    }
    score_table::count_lines(report)
}
