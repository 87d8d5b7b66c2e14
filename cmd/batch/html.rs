//! `--html OUT`: the batch as one self-contained HTML page: the summary, a table of
//! every row (sortable and filterable in the browser by the page's own script), and for
//! each row that fails a board diagram of the position at its first problem, inline SVG.
//! Nothing is fetched: the style sheet and the script are in the page, and the page names
//! no other address.
//!
//! Rows are kept in memory until the end, because the summary comes first on the page:
//! about 300 bytes per row and 10 to 20 KB per diagram (docs/benchmarks.md).

use std::io::{self, Write};

use goref::diagram::{Moment, SvgStyle, escape, of_game};
use goref::life::DeadChoice;
use goref::replay::Severity;
use goref::report::GameReport;
use goref::rules::RulesChoice;
use goref::sgf;

use super::fail_on::FailOn;
use super::summary::Summary;
use crate::show;
use crate::words;

const STYLE: &str = include_str!("html/report.css");
const SCRIPT: &str = include_str!("html/report.js");

/// The page, built row by row.
pub struct HtmlReport {
    rows: String,
    count: usize,
}

/// The table's columns: header, and whether it sorts as numbers.
const COLUMNS: [(&str, bool); 12] = [
    ("File", false),
    ("Game", true),
    ("Rules", false),
    ("Size", true),
    ("Moves", true),
    ("Black", false),
    ("White", false),
    ("Recorded", false),
    ("Result", false),
    ("Agrees", false),
    ("Findings", false),
    ("Board", false),
];

impl HtmlReport {
    pub fn new() -> HtmlReport {
        HtmlReport {
            rows: String::new(),
            count: 0,
        }
    }

    /// One row. `problem`: the row fails `--fail-on`; `board`: its diagram, inline SVG.
    pub fn row(&mut self, r: &GameReport, problem: bool, board: Option<&str>) {
        self.count += 1;
        let id = self.count;
        let class = if problem { " class=\"problem\"" } else { "" };
        let s = &mut self.rows;
        s.push_str(&format!("<tr id=\"row-{id}\"{class}>"));
        s.push_str(&format!("<td class=\"file\">{}</td>", escape(&r.file)));
        s.push_str(&format!("<td class=\"n\">{}</td>", r.game));
        s.push_str(&format!("<td>{}</td>", escape(&r.rules)));
        let size = r.size.as_deref().unwrap_or("");
        // Sorted by the number of points, so 9x9 < 13x13 < 19x19 < 19x25.
        let side = |n: &str| n.trim().parse::<u32>().unwrap_or(0);
        let points = match size.split_once('x') {
            Some((w, h)) => side(w) * side(h),
            None => side(size) * side(size),
        };
        s.push_str(&format!(
            "<td class=\"n\" data-v=\"{points}\">{}</td>",
            escape(size)
        ));
        s.push_str(&format!(
            "<td class=\"n\">{}</td>",
            r.moves.map_or(String::new(), |m| m.to_string())
        ));
        for name in [&r.black, &r.white, &r.recorded_result] {
            s.push_str(&format!(
                "<td>{}</td>",
                escape(name.as_deref().unwrap_or(""))
            ));
        }
        let score = r.score.as_ref();
        s.push_str(&format!(
            "<td>{}</td>",
            escape(score.map_or("", |s| s.result.as_str()))
        ));
        let agrees = match score.and_then(|s| s.result_matches) {
            Some(true) => "<td class=\"yes\">yes</td>",
            Some(false) => "<td class=\"no\">no</td>",
            None => "<td></td>",
        };
        s.push_str(agrees);
        s.push_str("<td>");
        if let Some(error) = &r.error {
            s.push_str(&format!(
                "<span class=\"no\">unreadable</span>: {}",
                escape(&words::error(error))
            ));
        }
        let mut first = true;
        for f in &r.findings {
            if !first {
                s.push_str(", ");
            }
            first = false;
            let at = f.move_number.map_or(String::new(), |m| format!(" {m}"));
            let class = if f.severity == Severity::Illegal {
                "finding no"
            } else {
                "finding"
            };
            s.push_str(&format!(
                "<span class=\"{class}\" title=\"{}\">{}{at}</span>",
                escape(&f.detail),
                f.kind
            ));
        }
        s.push_str("</td><td>");
        if let Some(svg) = board {
            s.push_str("<details><summary>board</summary>");
            s.push_str(svg);
            s.push_str("</details>");
        }
        s.push_str("</td></tr>\n");
    }

    /// The whole page.
    pub fn write(&self, out: &mut dyn Write, summary: &Summary) -> io::Result<()> {
        writeln!(out, "<!DOCTYPE html>")?;
        writeln!(
            out,
            "<html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
        )?;
        writeln!(out, "<title>goref batch report</title>")?;
        writeln!(out, "<style>{STYLE}</style></head><body>")?;
        writeln!(out, "<h1>goref batch report</h1>")?;
        writeln!(
            out,
            "<p class=\"generated\">Written by goref {}.</p>",
            env!("CARGO_PKG_VERSION")
        )?;
        write_summary(out, summary)?;
        writeln!(
            out,
            "<div class=\"controls\"><input id=\"filter\" type=\"search\" placeholder=\"Filter: file, player, finding, result...\" aria-label=\"Filter the games\">\
             <label><input id=\"problems-only\" type=\"checkbox\"> only games that fail</label>\
             <button id=\"open-all\" type=\"button\">open or close the boards</button>\
             <span id=\"shown\" aria-live=\"polite\">{} games</span></div>",
            self.count
        )?;
        write!(out, "<table id=\"games\"><colgroup>")?;
        for (name, _) in COLUMNS {
            let class = match name {
                "File" => "file",
                "Findings" => "findings",
                "Board" => "board",
                "Black" | "White" => "name",
                _ => "short",
            };
            write!(out, "<col class=\"{class}\">")?;
        }
        write!(out, "</colgroup><thead><tr>")?;
        for (name, numeric) in COLUMNS {
            let kind = if numeric { " data-type=\"number\"" } else { "" };
            if name == "Board" {
                write!(out, "<th>{name}</th>")?;
            } else {
                write!(
                    out,
                    "<th{kind}><button type=\"button\">{name}</button></th>"
                )?;
            }
        }
        writeln!(out, "</tr></thead><tbody>")?;
        out.write_all(self.rows.as_bytes())?;
        writeln!(out, "</tbody></table>")?;
        writeln!(out, "<script>{SCRIPT}</script></body></html>")?;
        out.flush()
    }
}

fn write_summary(out: &mut dyn Write, s: &Summary) -> io::Result<()> {
    writeln!(
        out,
        "<section id=\"summary\"><h2>Summary</h2><ul class=\"counts\">"
    )?;
    let items: [(&str, u64, bool); 8] = [
        ("files", s.files, false),
        ("games", s.games, false),
        ("rows (game x rule set)", s.rows, false),
        ("valid", s.valid, false),
        ("with illegal moves", s.illegal, true),
        ("unreadable", s.unreadable, true),
        ("result mismatches", s.result_mismatches, true),
        ("failing", s.failing, true),
    ];
    for (label, n, bad) in items {
        let class = if bad && n > 0 { " class=\"bad\"" } else { "" };
        writeln!(out, "<li{class}><b>{n}</b>{label}</li>")?;
    }
    writeln!(out, "</ul>")?;
    let kinds = s.finding_counts();
    if !kinds.is_empty() {
        writeln!(out, "<p class=\"kinds\">Findings: {}</p>", escape(&kinds))?;
    }
    writeln!(out, "</section>")
}

/// For each row of one file that fails `--fail-on` (and was read), the board at its first
/// problem as inline SVG: the first illegal move, else the final position with its count.
/// The file is loaded again for these rows only, so a run without failing games pays
/// nothing. Rows come as `check::score_bytes` gives them: each game's rows in `choices`
/// order.
pub fn boards(
    bytes: &[u8],
    rows: &[GameReport],
    choices: &[RulesChoice],
    dead: &DeadChoice,
    fail_on: &FailOn,
) -> Vec<Option<String>> {
    let failing: Vec<bool> = rows
        .iter()
        .map(|r| r.error.is_none() && r.game > 0 && !fail_on.problems(r).is_empty())
        .collect();
    if !failing.contains(&true) {
        return vec![None; rows.len()];
    }
    let Ok(games) = sgf::load(bytes) else {
        return vec![None; rows.len()];
    };
    let mut boards = Vec::with_capacity(rows.len());
    let mut previous_game = 0;
    let mut choice_index = 0;
    for (r, failing) in rows.iter().zip(failing) {
        choice_index = if r.game == previous_game {
            choice_index + 1
        } else {
            0
        };
        previous_game = r.game;
        let board = failing
            .then(|| {
                let record = games.get(r.game - 1)?.as_ref().ok()?;
                let choice = choices.get(choice_index)?;
                let rules = choice.resolve(record).rules;
                let komi_chosen = choice.komi.is_some();
                let drawn =
                    of_game(record, &rules, komi_chosen, dead, Moment::FirstIllegal).ok()?;
                let mut diagram = drawn.diagram.clone();
                diagram.caption = show::caption(r, &drawn).split_off(1);
                diagram.caption.insert(0, format!("game {}", r.game));
                // The finding in a few words: the table's cell has its sentence.
                diagram.notes = drawn
                    .findings
                    .iter()
                    .map(|f| {
                        let who = f
                            .color
                            .map_or(String::new(), |c| format!(" {}", c.letter()));
                        let at = f
                            .point
                            .map_or(String::new(), |p| format!(" {}", p.to_d4(record.height)));
                        let n = f.move_number.unwrap_or(drawn.after_move);
                        format!("move {n}{who}{at}: {}", f.kind)
                    })
                    .collect();
                Some(diagram.svg(SvgStyle::Inline))
            })
            .flatten();
        boards.push(board);
    }
    boards
}
