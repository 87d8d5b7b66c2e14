//! The writers of `goref standings`: text for people, one JSON document, and the table as
//! CSV. JSON and CSV use the same field names (docs/formats.md): the CSV is the JSON's
//! `players`, its `tie_breaks` flattened into columns that do not depend on the system.
//! The text shows names and files as [`goref::text::shown`] writes them, the CSV as
//! [`spreadsheet`] does, and JSON carries them as data ([`super::json::safe`]).

use std::io::{self, Write};

use goref::report::GameReport;
use goref::standings::twogtp::Difference;
use goref::standings::{GameStatus, Pairing, Standings, System, TieBreaks};
use goref::text::{one_line, shown};
use goref::words::format_points;
use serde_json::{Value, json};

use super::{json, spreadsheet};
use crate::words;

/// What `standings` prints: the table and what it was made from.
pub struct Event<'a> {
    /// The rule set the games were adjudicated under.
    pub rules: &'a str,
    pub table: &'a Standings,
    /// One report per game, aligned with `table.games`.
    pub reports: &'a [GameReport],
    /// Files that could not be read at all.
    pub unreadable: &'a [GameReport],
    pub runner: &'a [RunnerTable],
}

/// A runner's results table set against goref's results.
pub struct RunnerTable {
    pub path: String,
    /// Why the table could not be read.
    pub error: Option<String>,
    /// Games the table lists.
    pub games: usize,
    /// Games whose result there is not goref's, with goref's report.
    pub differences: Vec<(Difference, GameReport)>,
    /// Records the table lists that were not among those read.
    pub missing: Vec<String>,
}

/// The words of a system's points.
fn scoring(system: System) -> &'static str {
    match system {
        System::Wins => "1 a win, 1/2 a draw",
        System::Sjtu => "1 a win, 0 a draw",
        System::Chinese => "2 a win, 1 a draw",
    }
}

/// A tie-break column: its heading and its cell.
type Column = (&'static str, fn(&TieBreaks) -> String);

/// The tie-break columns the system ranks by.
fn tie_break_columns(table: &Standings) -> Vec<Column> {
    match (table.system, table.pairing) {
        (System::Chinese, Pairing::RoundRobin) => vec![
            ("SB", |t| format_points(t.sodos)),
            ("warnings", |t| t.warnings.to_string()),
        ],
        (System::Chinese, Pairing::Swiss) if table.total_not_used.is_some() => vec![
            ("SOS", |t| format_points(t.sos)),
            ("warnings", |t| t.warnings.to_string()),
        ],
        (System::Chinese, Pairing::Swiss) => vec![
            ("SOS", |t| format_points(t.sos)),
            ("total", |t| t.total.map_or_else(String::new, format_points)),
            ("warnings", |t| t.warnings.to_string()),
        ],
        (System::Wins | System::Sjtu, _) => vec![
            ("SOS", |t| format_points(t.sos)),
            ("SODOS", |t| format_points(t.sodos)),
        ],
    }
}

/// Rows of cells written in columns: the first `left` columns aligned left, the others
/// right, two spaces apart, no trailing space.
fn columns(out: &mut impl Write, rows: &[Vec<String>], left: usize) -> io::Result<()> {
    let count = rows.iter().map(Vec::len).max().unwrap_or(0);
    let widths: Vec<usize> = (0..count)
        .map(|c| {
            rows.iter()
                .filter_map(|r| r.get(c))
                .map(|s| s.chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    for row in rows {
        let mut line = String::new();
        for (c, cell) in row.iter().enumerate() {
            if c > 0 {
                line.push_str("  ");
            }
            let pad = widths[c].saturating_sub(cell.chars().count());
            if c < left {
                line.push_str(cell);
                line.extend(std::iter::repeat_n(' ', pad));
            } else {
                line.extend(std::iter::repeat_n(' ', pad));
                line.push_str(cell);
            }
        }
        writeln!(out, "{}", line.trim_end())?;
    }
    Ok(())
}

/// The standings for people.
pub fn text(event: &Event, out: impl Write) -> io::Result<()> {
    let mut out = io::BufWriter::new(out);
    let table = event.table;
    let counted = table
        .games
        .iter()
        .filter(|g| g.status == GameStatus::Counted)
        .count();
    writeln!(
        out,
        "standings: {} players, {counted} of {} games counted; rules {}, system {} ({})",
        table.players.len(),
        table.games.len(),
        event.rules,
        table.system,
        scoring(table.system)
    )?;
    let how = if table.pairing_inferred {
        match table.pairing {
            Pairing::RoundRobin => " (every two players met)",
            Pairing::Swiss => " (not every two players met)",
        }
    } else {
        ""
    };
    match (table.pairing, table.games_per_pairing) {
        (Pairing::RoundRobin, Some(games)) => writeln!(
            out,
            "pairing: round robin{how}, {games} game{} per pairing",
            goref::words::plural(games)
        )?,
        _ => match table.total_not_used {
            Some((fewest, most)) => writeln!(
                out,
                "pairing: swiss{how}, {fewest} to {most} games a player\n\
                 the Swiss total is not used: it counts the same rounds for every player, and \
                 these played {fewest} to {most} games; ranked by points, then SOS, then fewer \
                 warnings"
            )?,
            None => writeln!(out, "pairing: swiss{how}, {} rounds", table.rounds)?,
        },
    }
    for (long, short) in &table.alias_suggestions {
        writeln!(
            out,
            "note: {} and {} differ only by a version or level: if they are one player, \
             --alias \"{}={}\" counts them as one",
            shown(long),
            shown(short),
            shown(long),
            shown(short)
        )?;
    }

    writeln!(out)?;
    let tie_breaks = tie_break_columns(table);
    let mut rows = vec![
        ["rank", "player", "points", "won", "lost", "drawn", "B/W"]
            .iter()
            .map(|s| s.to_string())
            .chain(tie_breaks.iter().map(|(h, _)| h.to_string()))
            .collect::<Vec<_>>(),
    ];
    for p in &table.players {
        let mut row = vec![
            format!("{}{}", p.rank, if p.shared { "=" } else { "" }),
            shown(&p.player).into_owned(),
            format_points(p.points),
            p.wins.to_string(),
            p.losses.to_string(),
            p.draws.to_string(),
            format!("{}/{}", p.as_black, p.as_white),
        ];
        row.extend(tie_breaks.iter().map(|(_, value)| value(&p.tie_breaks)));
        rows.push(row);
    }
    columns(&mut out, &rows, 2)?;

    if !table.players.is_empty() {
        writeln!(out)?;
        writeln!(
            out,
            "crosstable (the row player's games: + won, - lost, = drawn, x no result; b/w its colour):"
        )?;
        let mut rows = vec![
            std::iter::once(String::new())
                .chain(std::iter::once(String::new()))
                .chain((1..=table.players.len()).map(|i| i.to_string()))
                .collect::<Vec<_>>(),
        ];
        for (i, p) in table.players.iter().enumerate() {
            let mut row = vec![(i + 1).to_string(), shown(&p.player).into_owned()];
            for j in 0..table.players.len() {
                row.push(if i == j {
                    ".".to_string()
                } else {
                    encounters(table, i, j)
                });
            }
            rows.push(row);
        }
        columns(&mut out, &rows, rows[0].len())?;
    }

    if table.pairing == Pairing::RoundRobin {
        writeln!(out)?;
        if table.schedule.is_empty() {
            writeln!(
                out,
                "schedule: complete, every pairing played with colours balanced"
            )?;
        } else {
            writeln!(out, "schedule:")?;
            for problem in &table.schedule {
                writeln!(out, "  {}", one_line(&problem.to_string()))?;
            }
        }
    }

    writeln!(out)?;
    writeln!(out, "games:")?;
    let mut rows = Vec::new();
    for (game, report) in table.games.iter().zip(event.reports) {
        let (result, decided) = match &report.score {
            Some(score) => (
                shown(&score.result).into_owned(),
                score.decided_by.described(),
            ),
            None => ("?".to_string(), String::new()),
        };
        let note = match game.status {
            GameStatus::Counted => String::new(),
            GameStatus::NoResult => "no result: counts for nobody".to_string(),
            GameStatus::NotAdjudicated => match &report.error {
                Some(error) => format!("not adjudicated: {}", words::error(error)),
                None => "not adjudicated: no result recorded or reached".to_string(),
            },
            GameStatus::Unattributed => "a player's name is missing: not in the table".to_string(),
            GameStatus::SamePlayer => "the same player on both sides: not in the table".to_string(),
        };
        rows.push(vec![
            format!("  {}", game_name(report)),
            game.black_name
                .as_deref()
                .or(report.black.as_deref())
                .map_or("?".into(), |name| shown(name).into_owned()),
            game.white_name
                .as_deref()
                .or(report.white.as_deref())
                .map_or("?".into(), |name| shown(name).into_owned()),
            result,
            decided,
            note,
        ]);
    }
    columns(&mut out, &rows, 6)?;
    for report in event.unreadable {
        let error = report.error.as_ref().map(words::error).unwrap_or_default();
        writeln!(out, "  {}: cannot be read: {error}", shown(&report.file))?;
    }

    for runner in event.runner {
        writeln!(out)?;
        if let Some(error) = &runner.error {
            writeln!(
                out,
                "runner's table {}: cannot be read: {}",
                shown(&runner.path),
                one_line(error)
            )?;
            continue;
        }
        writeln!(
            out,
            "runner's table {}: {} game{}, {} differ{} from goref",
            shown(&runner.path),
            runner.games,
            goref::words::plural(runner.games),
            runner.differences.len(),
            if runner.differences.len() == 1 {
                "s"
            } else {
                ""
            }
        )?;
        for (d, report) in &runner.differences {
            let decided = report
                .score
                .as_ref()
                .map(|s| format!(", decided by {}", s.decided_by.described()))
                .unwrap_or_default();
            writeln!(
                out,
                "  game {} ({}): {}{decided}",
                d.game,
                shown(&report.file),
                one_line(&d.to_string())
            )?;
        }
        for missing in &runner.missing {
            writeln!(
                out,
                "  {}: listed in the table but not among the records read",
                shown(missing)
            )?;
        }
    }
    out.flush()
}

/// The games of player `i` against player `j`: `+b -w`...
fn encounters(table: &Standings, i: usize, j: usize) -> String {
    let pair = [i.min(j), i.max(j)];
    let Some(meeting) = table.meetings.iter().find(|m| m.players == pair) else {
        return String::new();
    };
    meeting
        .games
        .iter()
        .map(|&g| {
            let game = &table.games[g];
            let (mine, colour) = if game.black == Some(i) {
                (game.black_points, 'b')
            } else {
                (game.white_points, 'w')
            };
            let theirs = if game.black == Some(i) {
                game.white_points
            } else {
                game.black_points
            };
            let sign = match (game.status, mine, theirs) {
                (GameStatus::Counted, Some(a), Some(b)) if a > b => '+',
                (GameStatus::Counted, Some(a), Some(b)) if a < b => '-',
                (GameStatus::Counted, _, _) => '=',
                (GameStatus::NoResult, _, _) => 'x',
                _ => '?',
            };
            format!("{sign}{colour}")
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// A game as the lists name it: its file, with `#N` in a file of several games.
fn game_name(report: &GameReport) -> String {
    if report.game > 1 {
        format!("{}#{}", shown(&report.file), report.game)
    } else {
        shown(&report.file).into_owned()
    }
}

/// The standings as one JSON document.
pub fn json(event: &Event, out: impl Write) -> io::Result<()> {
    let table = event.table;
    let games: Vec<Value> = table
        .games
        .iter()
        .zip(event.reports)
        .map(|(game, report)| {
            json!({
                "file": report.file,
                "game": report.game,
                "black": game.black_name,
                "white": game.white_name,
                "recorded_black": report.black,
                "recorded_white": report.white,
                "result": report.score.as_ref().map(|s| &s.result),
                "decided_by": report.score.as_ref().map(|s| s.decided_by),
                "status": game.status,
                "black_points": game.black_points,
                "white_points": game.white_points,
                "error": report.error.as_ref().map(words::error),
            })
        })
        .chain(event.unreadable.iter().map(|report| {
            json!({
                "file": report.file,
                "game": report.game,
                "black": null,
                "white": null,
                "recorded_black": null,
                "recorded_white": null,
                "result": null,
                "decided_by": null,
                "status": "unreadable",
                "black_points": null,
                "white_points": null,
                "error": report.error.as_ref().map(words::error),
            })
        }))
        .collect();
    let runner: Vec<Value> = event
        .runner
        .iter()
        .map(|r| {
            json!({
                "table": r.path,
                "error": r.error,
                "games": r.games,
                "differences": r.differences.iter().map(|(d, report)| json!({
                    "game": d.game,
                    "file": report.file,
                    "runner": d.runner,
                    "given_by": d.given_by,
                    "programs": d.programs,
                    "goref": d.goref,
                    "decided_by": report.score.as_ref().map(|s| s.decided_by),
                })).collect::<Vec<_>>(),
                "missing": r.missing,
            })
        })
        .collect();
    let meetings: Vec<Value> = table
        .meetings
        .iter()
        .map(|m| {
            json!({
                "players": m.names,
                "games": m.games.len(),
                "as_black": m.as_black,
                "points": m.points,
            })
        })
        .collect();
    // Why the Swiss total is not used, and names that may be one player: what the text
    // says in its heading lines.
    let total_not_used = table.total_not_used.map(|(fewest, most)| {
        json!({
            "fewest": fewest,
            "most": most,
            "why": format!(
                "the Swiss total counts the same rounds for every player, and these played \
                 {fewest} to {most} games"
            ),
            "ranked_by": ["points", "sos", "warnings"],
        })
    });
    let alias_suggestions: Vec<Value> = table
        .alias_suggestions
        .iter()
        .map(|(long, short)| {
            json!({
                "names": [long, short],
                "alias": format!("{long}={short}"),
            })
        })
        .collect();
    let document = json!({
        "rules": event.rules,
        "system": table.system,
        "pairing": table.pairing,
        "pairing_inferred": table.pairing_inferred,
        "rounds": table.rounds,
        "games_per_pairing": table.games_per_pairing,
        "total_not_used": total_not_used,
        "alias_suggestions": alias_suggestions,
        "players": table.players,
        "games": games,
        "meetings": meetings,
        "schedule": table.schedule,
        "runner": runner,
    });
    let mut out = io::BufWriter::new(out);
    writeln!(
        out,
        "{}",
        json::safe(serde_json::to_string_pretty(&document)?)
    )?;
    out.flush()
}

/// The CSV columns: the JSON's player keys, `tie_breaks` flattened.
const CSV_COLUMNS: [&str; 14] = [
    "rank",
    "shared",
    "player",
    "points",
    "wins",
    "losses",
    "draws",
    "no_result",
    "as_black",
    "as_white",
    "sos",
    "sodos",
    "warnings",
    "total",
];

/// The table as CSV, one row per player in rank order.
pub fn csv(event: &Event, out: impl Write) -> io::Result<()> {
    let mut out = csv::Writer::from_writer(out);
    let to_io = |e: csv::Error| match e.into_kind() {
        csv::ErrorKind::Io(e) => e,
        other => io::Error::other(format!("{other:?}")),
    };
    out.write_record(CSV_COLUMNS).map_err(to_io)?;
    for p in &event.table.players {
        let t = &p.tie_breaks;
        let mut player = String::new();
        spreadsheet::record_text(&p.player, &mut player);
        out.write_record([
            p.rank.to_string(),
            p.shared.to_string(),
            player,
            format_points(p.points),
            p.wins.to_string(),
            p.losses.to_string(),
            p.draws.to_string(),
            p.no_result.to_string(),
            p.as_black.to_string(),
            p.as_white.to_string(),
            format_points(t.sos),
            format_points(t.sodos),
            t.warnings.to_string(),
            t.total.map_or_else(String::new, format_points),
        ])
        .map_err(to_io)?;
    }
    out.flush()
}
