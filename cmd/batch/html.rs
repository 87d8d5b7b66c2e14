//! `--html OUT`: the batch as one self-contained HTML page: the summary, a table of
//! every row (shown a page at a time, sortable and filterable in the browser by the
//! page's own script; files named relative to the folder given), and for each row worth a
//! look (a finding beyond the record's komi, size or handicap, or a `--fail-on` problem) the
//! board at its first problem, inline SVG, with the count beside it as a small table. The
//! boards are views of the judged games; nothing is replayed or counted again. Nothing is
//! fetched: the style sheet, the script and the data are in the page, and the page names
//! no other address.
//!
//! Record text is shown as [`goref::text::shown`] writes it (the page is for people) and
//! is data, never markup: the rows are JSON in a script element of type
//! `application/json` that cannot end early ([`script_safe`]), which the page's script
//! puts into the table as text; the boards are SVG and HTML with their text escaped.
//!
//! Rows are kept in memory until the end, because the summary comes first on the page:
//! about 250 bytes per row and 10 to 20 KB per diagram (docs/benchmarks.md).

use std::borrow::Cow;
use std::io::{self, Write};

use goref::adjudicate::Agreement;
use goref::board::Color;
use goref::check::CheckedFile;
use goref::diagram::{GameDiagram, Moment, SvgStyle, escape, of_judged};
use goref::judge::Judged;
use goref::replay::{FindingKind, Severity};
use goref::report::GameReport;
use goref::sgf::GameRecord;
use goref::text::{one_line, shown};
use goref::words::format_points;
use serde::Serialize;

use super::fail_on::FailOn;
use super::summary::Summary;
use crate::output::score_table::PARTS;
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
    /// The folder the files are named relative to in the table: what the inputs have in
    /// common (`None`: nothing).
    base: Option<String>,
    /// Each file's name once, as given (rows refer to it by index); a file's rows come
    /// together.
    files: Vec<String>,
    /// Each file's name relative to `base`, as the table shows it.
    short: Vec<String>,
    /// The rows as JSON arrays ([`Row`]), comma-separated, safe inside a script element.
    rows: String,
    count: usize,
    /// The boards with their counts, HTML; rows refer to them by index.
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
    /// The page of a batch over `inputs` (the paths as given; none for a list alone).
    pub fn new(inputs: &[String]) -> HtmlReport {
        HtmlReport {
            base: common_folder(inputs),
            files: Vec::new(),
            short: Vec::new(),
            rows: String::new(),
            count: 0,
            boards: Vec::new(),
        }
    }

    /// One row. `problem`: the row fails `--fail-on`; `board`: its board and count, HTML.
    pub fn row(&mut self, r: &GameReport, problem: bool, board: Option<&str>) {
        let file = shown(&r.file);
        if self.files.last().map(String::as_str) != Some(&file) {
            let short = relative(&r.file, self.base.as_deref());
            self.short.push(shown(short).into_owned());
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
        if let Some(base) = &self.base {
            writeln!(
                out,
                "<p class=\"base\">Files are named from <code>{}</code>; the full name is shown on hover.</p>",
                escape(&shown(base))
            )?;
        }
        write_pager(out, "top")?;
        write!(out, "<table id=\"games\"><thead><tr>")?;
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
        write_pager(out, "bottom")?;
        write!(
            out,
            "<script id=\"report-data\" type=\"application/json\">{{\"files\":{},\"short\":{},\"rows\":[",
            script_safe(json(&self.files)),
            script_safe(json(&self.short))
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

/// The controls that turn the table's pages, above it (`top`) or below it (`bottom`).
fn write_pager(out: &mut dyn Write, place: &str) -> io::Result<()> {
    writeln!(
        out,
        "<nav class=\"pager {place}\" aria-label=\"Pages of the table ({place})\">\
         <button class=\"first\" type=\"button\">first</button>\
         <button class=\"previous\" type=\"button\">previous</button>\
         <span class=\"page\"></span>\
         <button class=\"next\" type=\"button\">next</button>\
         <button class=\"last\" type=\"button\">last</button></nav>"
    )
}

/// The folder the inputs have in common, which the table names files from: a folder
/// given, or the folder of a file given, and for several inputs the longest folder
/// holding them all (whole path parts). `None` when there is none (`-`, `/`, paths on
/// no common folder).
fn common_folder(inputs: &[String]) -> Option<String> {
    let mut common: Option<Vec<&str>> = None;
    for input in inputs {
        if input == "-" {
            return None;
        }
        let trimmed = input.trim_end_matches('/');
        let folder = if std::path::Path::new(input).is_dir() {
            trimmed
        } else {
            trimmed.rsplit_once('/').map_or("", |(folder, _)| folder)
        };
        let parts: Vec<&str> = folder.split('/').collect();
        common = Some(match common {
            None => parts,
            Some(before) => before
                .iter()
                .zip(&parts)
                .take_while(|(a, b)| a == b)
                .map(|(a, _)| *a)
                .collect(),
        });
    }
    let folder = common?.join("/");
    (!folder.is_empty()).then_some(folder)
}

/// `file` named from `base` (`games/round1/a.sgf` from `games` is `round1/a.sgf`), or as
/// given when it is not below it.
fn relative<'f>(file: &'f str, base: Option<&str>) -> &'f str {
    base.and_then(|base| file.strip_prefix(base))
        .and_then(|rest| rest.strip_prefix('/'))
        .map(|rest| rest.trim_start_matches('/'))
        .filter(|rest| !rest.is_empty())
        .unwrap_or(file)
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

/// Whether row `r` gets a board: it was judged, and it has a finding beyond the record's
/// komi, size or handicap (which the row itself shows), or a `--fail-on` problem.
fn worth_a_look(r: &GameReport, fail_on: &FailOn) -> bool {
    let metadata = |kind: FindingKind| {
        matches!(
            kind,
            FindingKind::KomiMismatch | FindingKind::SizeMismatch | FindingKind::HandicapMismatch
        )
    };
    r.error.is_none()
        && (r.findings.iter().any(|f| !metadata(f.kind)) || !fail_on.problems(r).is_empty())
}

/// For each row of one file worth a look ([`worth_a_look`]), its board at its first
/// problem (the first illegal move, else the final position with its count), inline SVG,
/// with what it shows beside it and the count of the game as a small table. The boards
/// are views of the judged games of `checked`; `rows` are its rows
/// ([`CheckedFile::rows`]), in the same order.
pub fn boards(checked: &CheckedFile, rows: &[GameReport], fail_on: &FailOn) -> Vec<Option<String>> {
    checked
        .judged_rows()
        .into_iter()
        .zip(rows)
        .map(|(judged, r)| {
            let (record, judged) = judged?;
            if !worth_a_look(r, fail_on) {
                return None;
            }
            let drawn = of_judged(record, judged, Moment::FirstIllegal).ok()?;
            Some(board(r, record, judged, &drawn))
        })
        .collect()
}

/// The board of row `r` and what goes beside it: the moment drawn, the findings of the
/// move drawn, and the count.
fn board(r: &GameReport, record: &GameRecord, judged: &Judged, drawn: &GameDiagram) -> String {
    let mut html = format!(
        "<figure class=\"judged\" style=\"--columns:{}\">",
        record.width
    );
    // The SVG is the board alone: its words are HTML beside it, at the page's size.
    html.push_str(&drawn.diagram.svg(SvgStyle::Inline));
    html.push_str("<figcaption>");
    let mut caption = show::caption(r, drawn).split_off(1);
    caption.insert(0, format!("game {}", r.game));
    for line in caption {
        html.push_str(&format!("<p>{}</p>", escape(&line)));
    }
    // The finding in a few words: the table's cell has its sentence.
    if !drawn.findings.is_empty() {
        html.push_str("<ul class=\"marked\">");
        for f in &drawn.findings {
            let who = f
                .color
                .map_or(String::new(), |c| format!(" {}", c.letter()));
            let at = f
                .point
                .map_or(String::new(), |p| format!(" {}", p.to_d4(record.height)));
            let n = f.move_number.unwrap_or(drawn.after_move);
            html.push_str(&format!(
                "<li>move {n}{who}{at}: {}</li>",
                escape(f.kind.as_str())
            ));
        }
        html.push_str("</ul>");
    }
    html.push_str(&count_table(r, judged, record.height));
    html.push_str("</figcaption></figure>");
    html
}

/// The count of a judged game as a small table: each side's parts and total, the dead
/// stones of each colour, then the result and the recorded one.
fn count_table(r: &GameReport, judged: &Judged, height: u8) -> String {
    let mut t = String::from("<table class=\"count\">");
    let score = r.score.as_ref();
    let counted = judged.counted();
    match (counted, score) {
        (Some(counted), Some(score)) => {
            t.push_str(&format!(
                "<caption>the count of the final position, under {}</caption>\
                 <thead><tr><td></td><th scope=\"col\">Black</th><th scope=\"col\">White</th></tr></thead><tbody>",
                escape(&r.rules)
            ));
            let count = &counted.count;
            for part in &PARTS {
                let (b, w) = ((part.side)(&count.black), (part.side)(&count.white));
                if b.is_none() && w.is_none() {
                    continue;
                }
                t.push_str(&format!(
                    "<tr><th scope=\"row\">{}</th><td>{}</td><td>{}</td></tr>",
                    part.name,
                    b.as_deref().unwrap_or(""),
                    w.as_deref().unwrap_or("")
                ));
            }
            t.push_str(&format!(
                "<tr class=\"total\"><th scope=\"row\">total</th><td>{}</td><td>{}</td></tr>",
                format_points(count.black.total),
                format_points(count.white.total)
            ));
            if let Some(half) = &count.half_board {
                t.push_str(&format!(
                    "<tr><th scope=\"row\">half board</th><td colspan=\"2\">Black counts {} and needs more than {}</td></tr>",
                    format_points(half.black_count),
                    format_points(half.target)
                ));
            }
            let board = judged.replay.as_ref().map(|replay| &replay.board);
            let dead_of = |color: Color| -> String {
                let stones: Vec<String> = counted
                    .dead
                    .stones
                    .iter()
                    .filter(|&&p| board.is_ok_and(|b| b.get(p) == Some(color)))
                    .map(|p| p.to_d4(height))
                    .collect();
                if stones.is_empty() {
                    "none".to_string()
                } else {
                    format!("{}: {}", stones.len(), stones.join(" "))
                }
            };
            t.push_str(&format!(
                "<tr class=\"dead\"><th scope=\"row\">dead stones ({})</th><td>{}</td><td>{}</td></tr>",
                score.dead_source.as_str(),
                dead_of(Color::Black),
                dead_of(Color::White)
            ));
            t.push_str("</tbody>");
        }
        _ => t.push_str(&format!(
            "<caption>not counted, under {}</caption>",
            escape(&r.rules)
        )),
    }
    t.push_str("<tfoot>");
    if let Some(score) = score {
        t.push_str(&format!(
            "<tr><th scope=\"row\">result</th><td colspan=\"2\">{}, decided by {}</td></tr>",
            escape(&shown(&score.result)),
            escape(&score.decided_by.described())
        ));
    }
    let recorded = r.recorded_result.as_deref().map_or("none".into(), shown);
    let agrees = match score.and_then(|s| s.result_matches) {
        Some(Agreement::Agrees) => ", <span class=\"yes\">agrees</span>",
        Some(Agreement::Disagrees) => ", <span class=\"no\">disagrees</span>",
        Some(Agreement::Uncertain) => {
            ", <span class=\"uncertain\">uncertain: groups in doubt could change the winner</span>"
        }
        None => "",
    };
    t.push_str(&format!(
        "<tr><th scope=\"row\">recorded</th><td colspan=\"2\">{}{agrees}</td></tr>",
        escape(&recorded)
    ));
    t.push_str("</tfoot></table>");
    t
}
