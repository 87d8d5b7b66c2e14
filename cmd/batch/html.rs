//! `--html OUT`: the batch as one self-contained HTML page: the summary, a table of
//! every row (shown a page at a time, sortable and filterable in the browser by the
//! page's own script), and for each row that fails a board diagram of the position at its
//! first problem, inline SVG. Nothing is fetched: the style sheet, the script and the data
//! are in the page, and the page names no other address.
//!
//! Record text is shown as [`goref::text::shown`] writes it (the page is for people) and
//! is data, never markup: the rows are JSON in a script element of type
//! `application/json` that cannot end early ([`script_safe`]), which the page's script
//! puts into the table as text; the boards are SVG with their text escaped.
//!
//! Rows are kept in memory until the end, because the summary comes first on the page:
//! about 250 bytes per row and 10 to 20 KB per diagram (docs/benchmarks.md).

use std::borrow::Cow;
use std::io::{self, Write};

use goref::adjudicate::Agreement;
use goref::check::CheckedFile;
use goref::diagram::{Moment, SvgStyle, escape, of_judged};
use goref::replay::Severity;
use goref::report::GameReport;
use goref::text::{one_line, shown};
use serde::Serialize;

use super::fail_on::FailOn;
use super::summary::Summary;
use crate::show;
use crate::words;

const STYLE: &str = include_str!("html/report.css");
const SCRIPT: &str = include_str!("html/report.js");

/// The table's columns: header, and whether it sorts as numbers. The script draws the
/// cells in this order.
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

/// The page, built row by row. The rows and boards are kept as data (JSON in a script
/// element of type `application/json`), not as HTML: the page's script shows them a page
/// at a time, sorts and filters the data, and puts a board's SVG into the document only
/// when its row is opened, so the browser lays out about a hundred rows whatever the size
/// of the batch.
pub struct HtmlReport {
    /// Each file's name once (rows refer to it by index); a file's rows come together.
    files: Vec<String>,
    /// The rows as JSON arrays ([`Row`]), comma-separated, safe inside a script element.
    rows: String,
    count: usize,
    /// The boards, inline SVG; rows refer to them by index.
    boards: Vec<String>,
}

/// One row of the data, as a JSON array (the script's `ROW` names its fields): file
/// (index), game, rules, size, points on the board (the size's sort key: 9x9 < 13x13 <
/// 19x19 < 19x25), moves, Black, White, recorded result, goref's result, whether they
/// agree (true, false or "uncertain"), findings, the error of an unreadable row, whether
/// the row fails `--fail-on`, and its board (index).
#[derive(Serialize)]
struct Row<'a>(
    usize,
    usize,
    &'a str,
    &'a str,
    u32,
    Option<usize>,
    Cow<'a, str>,
    Cow<'a, str>,
    Cow<'a, str>,
    Cow<'a, str>,
    Option<Agreement>,
    Vec<RowFinding<'a>>,
    Option<String>,
    bool,
    Option<usize>,
);

/// A finding of a row: kind, move, whether it makes the game illegal, its sentence.
#[derive(Serialize)]
struct RowFinding<'a>(&'a str, Option<usize>, bool, Cow<'a, str>);

impl HtmlReport {
    pub fn new() -> HtmlReport {
        HtmlReport {
            files: Vec::new(),
            rows: String::new(),
            count: 0,
            boards: Vec::new(),
        }
    }

    /// One row. `problem`: the row fails `--fail-on`; `board`: its diagram, inline SVG.
    pub fn row(&mut self, r: &GameReport, problem: bool, board: Option<&str>) {
        let file = shown(&r.file);
        if self.files.last().map(String::as_str) != Some(&file) {
            self.files.push(file.into_owned());
        }
        let size = r.size.as_deref().unwrap_or("");
        let side = |n: &str| n.trim().parse::<u32>().unwrap_or(0);
        let points = match size.split_once('x') {
            Some((w, h)) => side(w) * side(h),
            None => side(size) * side(size),
        };
        let board = board.map(|svg| {
            self.boards.push(svg.to_string());
            self.boards.len() - 1
        });
        let score = r.score.as_ref();
        let row = Row(
            self.files.len() - 1,
            r.game,
            &r.rules,
            size,
            points,
            r.moves,
            shown(r.black.as_deref().unwrap_or("")),
            shown(r.white.as_deref().unwrap_or("")),
            shown(r.recorded_result.as_deref().unwrap_or("")),
            shown(score.map_or("", |s| s.result.as_str())),
            score.and_then(|s| s.result_matches),
            r.findings
                .iter()
                .map(|f| {
                    RowFinding(
                        f.kind.as_str(),
                        f.move_number,
                        f.severity == Severity::Illegal,
                        one_line(&f.detail),
                    )
                })
                .collect(),
            r.error.as_ref().map(words::error),
            problem,
            board,
        );
        if self.count > 0 {
            self.rows.push(',');
        }
        self.count += 1;
        self.rows.push_str(&script_safe(json(&row)));
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
            "<noscript><p>The table of games needs JavaScript; goref's --csv and --jsonl \
             outputs hold the same rows.</p></noscript>"
        )?;
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
        writeln!(out, "</tr></thead><tbody></tbody></table>")?;
        writeln!(
            out,
            "<nav id=\"pager\" aria-label=\"Pages of the table\">\
             <button id=\"first\" type=\"button\">first</button>\
             <button id=\"previous\" type=\"button\">previous</button>\
             <span id=\"page\"></span>\
             <button id=\"next\" type=\"button\">next</button>\
             <button id=\"last\" type=\"button\">last</button></nav>"
        )?;
        write!(
            out,
            "<script id=\"report-data\" type=\"application/json\">{{\"files\":{},\"rows\":[",
            script_safe(json(&self.files))
        )?;
        out.write_all(self.rows.as_bytes())?;
        write!(out, "],\"boards\":[")?;
        for (i, board) in self.boards.iter().enumerate() {
            if i > 0 {
                out.write_all(b",")?;
            }
            out.write_all(script_safe(json(board)).as_bytes())?;
        }
        writeln!(out, "]}}</script>")?;
        writeln!(out, "<script>{SCRIPT}</script></body></html>")?;
        out.flush()
    }
}

/// `value` as JSON ([`crate::output::json::safe`]). Serializing these strings, numbers and
/// arrays cannot fail.
fn json<T: Serialize + ?Sized>(value: &T) -> String {
    crate::output::json::safe(serde_json::to_string(value).unwrap_or_default())
}

/// JSON that can sit inside a script element: no `</` (which could end it) and no `<!`
/// (which could open a comment there). Both only occur inside strings, where `\/` and
/// `\u003c` mean the same characters.
fn script_safe(json: String) -> String {
    if json.contains("</") || json.contains("<!") {
        json.replace("</", "<\\/").replace("<!", "\\u003c!")
    } else {
        json
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
/// The boards are views of the judged games of `checked`; `rows` are its rows
/// ([`CheckedFile::rows`]), in the same order.
pub fn boards(checked: &CheckedFile, rows: &[GameReport], fail_on: &FailOn) -> Vec<Option<String>> {
    checked
        .judged_rows()
        .into_iter()
        .zip(rows)
        .map(|(judged, r)| {
            let (record, judged) = judged?;
            if r.error.is_some() || fail_on.problems(r).is_empty() {
                return None;
            }
            let drawn = of_judged(record, judged, Moment::FirstIllegal).ok()?;
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
        .collect()
}
