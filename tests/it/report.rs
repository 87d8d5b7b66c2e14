//! The batch's HTML report read without a browser, as the page's script reads it: the
//! data in its `report-data` script element (every row of the CSV, with the same file,
//! named from the folder given, game, rules and moves; the failing rows marked; a board
//! for each row worth a look that was read, marking the first illegal move's finding, or
//! naming it beside the board when the move is off it, with the count as a small table)
//! stays whole whatever the records hold; the page turns from above the table and below.

use std::path::Path;

use serde_json::Value;

use crate::common::{
    REPORT_PICTURE, REPORT_PICTURE_BATCH, REPORT_PICTURE_KEY, fnv1a, goref, manifest,
    report_picture_page,
};

const OPEN: &str = "<script id=\"report-data\" type=\"application/json\">";

/// The text of the report's data element, up to the first `</script>` as a browser reads
/// it, parsed as JSON.
fn report_data(html: &str) -> Value {
    let start = html.find(OPEN).expect("the data element") + OPEN.len();
    let end = html[start..].find("</script>").expect("its end") + start;
    serde_json::from_str(&html[start..end]).expect("the data is JSON")
}

/// `goref batch ARGS --html --csv` in a temporary folder: (the page, the CSV rows as maps).
fn batch_html(args: &[&str]) -> (String, Vec<std::collections::HashMap<String, String>>) {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let html = dir.path().join("report.html");
    let csv_path = dir.path().join("rows.csv");
    let output = goref()
        .arg("batch")
        .args(args)
        .arg("-q")
        .arg("--html")
        .arg(&html)
        .arg("--csv")
        .arg(&csv_path)
        .output()
        .expect("goref runs");
    assert!(
        matches!(output.status.code(), Some(0 | 1)),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let mut reader = csv::Reader::from_path(&csv_path).expect("the CSV");
    let headers = reader.headers().expect("a header").clone();
    let rows = reader
        .records()
        .map(|r| {
            let r = r.expect("a row");
            headers
                .iter()
                .zip(r.iter())
                .map(|(h, v)| (h.to_string(), v.to_string()))
                .collect()
        })
        .collect();
    (std::fs::read_to_string(&html).expect("the page"), rows)
}

/// The finding kinds about the record's komi, size or handicap, which the row itself shows:
/// alone, they give a row no board.
const METADATA: [&str; 3] = ["komi-mismatch", "size-mismatch", "handicap-mismatch"];

/// A board of the data: the figure, its SVG board, and the count table beside it.
fn parse_board(board: &str) -> roxmltree::Document<'_> {
    let doc = roxmltree::Document::parse(board).expect("the board is XML");
    let figure = doc.root_element();
    assert_eq!(figure.tag_name().name(), "figure");
    assert_eq!(figure.attribute("class"), Some("judged"));
    let svg = figure
        .children()
        .find(|n| n.tag_name().name() == "svg")
        .expect("the board's SVG");
    assert_eq!(svg.attribute("class"), Some("goref-diagram"));
    assert!(
        doc.descendants()
            .any(|n| n.attribute("class") == Some("count")),
        "the count's table"
    );
    doc
}

#[test]
fn the_html_report_holds_every_row_and_a_board_for_each_row_worth_a_look() {
    let (html, csv) = batch_html(&["fixtures", "--fail-on", "illegal,unreadable"]);
    let data = report_data(&html);
    let files = data["files"].as_array().expect("files");
    let short = data["short"]
        .as_array()
        .expect("the files named from `fixtures`");
    let rows = data["rows"].as_array().expect("rows");
    let boards = data["boards"].as_array().expect("boards");
    assert_eq!(rows.len(), csv.len(), "one row of data per CSV row");
    let (mut failing, mut unreadable, mut illegal_boards, mut other_boards) = (0, 0, 0, 0);
    for (r, c) in rows.iter().zip(&csv) {
        let index = r[0].as_u64().expect("a file index") as usize;
        let file = files[index].as_str().expect("a name");
        assert_eq!(file, c["file"]);
        assert_eq!(
            short[index].as_str().expect("a name"),
            file.strip_prefix("fixtures/").expect("below fixtures"),
        );
        assert_eq!(r[1].to_string(), c["game"], "{file}");
        assert_eq!(r[2], c["rules"].as_str(), "{file}");
        let moves = r[5].as_u64().map_or(String::new(), |m| m.to_string());
        assert_eq!(moves, c["moves"], "{file}");
        let fails = !c["error"].is_empty() || c["valid"] == "false";
        assert_eq!(r[13], fails, "{file}: the failing mark");
        failing += usize::from(fails);
        unreadable += usize::from(!c["error"].is_empty());
        let kinds: Vec<&str> = r[11]
            .as_array()
            .expect("findings")
            .iter()
            .map(|f| f[0].as_str().expect("a kind"))
            .collect();
        let worth_a_look = fails || kinds.iter().any(|k| !METADATA.contains(k));
        let board = r[14]
            .as_u64()
            .map(|i| boards[i as usize].as_str().expect("HTML"));
        assert_eq!(
            board.is_some(),
            worth_a_look && c["error"].is_empty(),
            "{file}: a board for each row worth a look that was read ({kinds:?})"
        );
        let Some(board) = board else { continue };
        let doc = parse_board(board);
        let kind = &c["first_illegal_kind"];
        if kind.is_empty() {
            other_boards += 1;
            continue;
        }
        illegal_boards += 1;
        let marked = doc
            .descendants()
            .any(|n| n.attribute("data-kind") == Some(kind.as_str()));
        // A move off the board has no point to mark: the list beside it names it.
        let noted = doc.descendants().any(|n| {
            n.tag_name().name() == "li"
                && n.text().is_some_and(|t| t.ends_with(&format!(": {kind}")))
        });
        assert!(
            marked || (kind == "off-board" && noted),
            "{file}: no {kind} mark on its board"
        );
    }
    assert!(
        failing > 5 && unreadable > 0 && illegal_boards > 3 && other_boards > 3,
        "too few to prove much"
    );
    let start = html.find(OPEN).expect("the data element");
    let page = &html[..start];
    assert_eq!(
        page.matches("<tr").count(),
        1,
        "only the header row is HTML: the rows and boards are data"
    );
    assert!(!html.contains("src=\"http") && !html.contains("href=\"http"));
}

/// Issue 30, item 1: a `result-mismatch` row gets its board though `--fail-on` does not
/// name result-mismatch, with the count beside it as a table: each side's stones,
/// territory and komi, the totals, the dead stones of each colour, the result and the
/// recorded one.
#[test]
fn a_result_mismatch_row_has_its_board_with_its_count_beside_it() {
    let (html, csv) = batch_html(&[
        "--rules",
        "chinese",
        "fixtures/scoring/server/nngs-territory.sgf",
    ]);
    assert_eq!(csv.len(), 1);
    assert_eq!(csv[0]["result_matches"], "false");
    let data = report_data(&html);
    assert_eq!(
        data["rows"][0][13], false,
        "the default --fail-on passes it"
    );
    let board = data["boards"][data["rows"][0][14].as_u64().expect("a board") as usize]
        .as_str()
        .expect("HTML");
    let doc = parse_board(board);
    let table = doc
        .descendants()
        .find(|n| n.attribute("class") == Some("count"))
        .expect("the count");
    let cells = |row: &str| -> Vec<String> {
        let tr = table
            .descendants()
            .filter(|n| n.tag_name().name() == "tr")
            .find(|tr| {
                tr.children()
                    .next()
                    .and_then(|th| th.text())
                    .is_some_and(|t| t.starts_with(row))
            })
            .unwrap_or_else(|| panic!("a row {row}: {board}"));
        tr.children()
            .skip(1)
            .map(|td| {
                td.descendants()
                    .filter(|n| n.is_text())
                    .filter_map(|n| n.text())
                    .collect()
            })
            .collect()
    };
    assert_eq!(cells("stones"), ["7", "8"]);
    assert_eq!(cells("territory"), ["14", "20"]);
    assert_eq!(cells("komi"), ["", "0.5"]);
    assert_eq!(cells("total"), ["21", "28.5"]);
    assert_eq!(cells("dead stones"), ["none", "none"]);
    assert_eq!(cells("result"), ["W+7.5, decided by count"]);
    assert_eq!(cells("recorded"), ["W+6.5, disagrees"]);
}

/// Issue 30, item 2: the table names files from the folder given (the page says which,
/// and the name as given is the cell's title), and the page controls are above the table
/// as well as below it.
#[test]
fn files_are_named_from_the_folder_given_and_pages_turn_above_and_below() {
    let (html, csv) = batch_html(&["fixtures/illegal/ko"]);
    let data = report_data(&html);
    assert_eq!(
        data["files"][0].as_str(),
        Some(csv[0]["file"].as_str()),
        "the name as given, for the title and the filter"
    );
    assert_eq!(
        data["short"][0]
            .as_str()
            .map(|s| format!("fixtures/illegal/ko/{s}")),
        Some(csv[0]["file"].clone())
    );
    assert!(
        html.contains("<p class=\"base\">Files are named from <code>fixtures/illegal/ko</code>")
    );
    let table = html.find("<table id=\"games\"").expect("the table");
    let pagers: Vec<usize> = html
        .match_indices("<nav class=\"pager")
        .map(|(i, _)| i)
        .collect();
    assert_eq!(pagers.len(), 2, "two page controls");
    assert!(
        pagers[0] < table && pagers[1] > table,
        "one above, one below"
    );
}

#[test]
fn a_record_naming_a_player_after_a_closing_script_tag_leaves_the_data_whole() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let name = "</script><script>alert(1)</script><!-- x";
    let record = format!("(;GM[1]SZ[9]PB[{name}]PW[w]RE[B+R];B[ee];W[ee])");
    std::fs::write(dir.path().join("odd.sgf"), record).expect("a record");
    let (html, csv) = batch_html(&[dir.path().to_str().expect("UTF-8")]);
    assert_eq!(csv.len(), 1);
    let data = report_data(&html);
    assert_eq!(data["rows"][0][6], name);
    assert!(
        data["rows"][0][13].as_bool().expect("a mark"),
        "an occupied point fails"
    );
    let board = data["boards"][0].as_str().expect("a board");
    parse_board(board);
    assert_eq!(Path::new(&csv[0]["file"]).file_name().unwrap(), "odd.sgf");
}

/// The README's picture of the report is of the page goref writes now: the picture names
/// the page it was taken of (a text chunk with the page's hash), and the same batch
/// writes the same page. `browser::the_readme_picture_of_the_report_is_taken_by_a_test`
/// takes it again (`GOREF_WRITE_IMAGES=1`) when the page changes.
#[test]
fn the_readme_picture_of_the_report_is_of_the_page_goref_writes_now() {
    let readme = std::fs::read_to_string(manifest().join("README.md")).expect("README.md");
    assert!(
        readme.contains(&format!("]({REPORT_PICTURE})")),
        "not shown"
    );
    // The README's prose wraps lines: words are compared.
    let words = readme.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        words.contains(&format!(
            "goref {} --html report.html",
            REPORT_PICTURE_BATCH.join(" ")
        )),
        "README.md does not say which batch the picture is of"
    );
    let dir = tempfile::tempdir().expect("a temporary folder");
    let page = report_picture_page(&dir.path().join("report.html"));
    let png = std::fs::File::open(manifest().join(REPORT_PICTURE)).expect(REPORT_PICTURE);
    let reader = png::Decoder::new(std::io::BufReader::new(png))
        .read_info()
        .expect("a PNG");
    let info = reader.info();
    assert!(
        info.width >= 1000 && info.height >= 800,
        "too small a picture"
    );
    let named = info
        .uncompressed_latin1_text
        .iter()
        .find(|t| t.keyword == REPORT_PICTURE_KEY)
        .map(|t| t.text.clone());
    assert_eq!(
        named,
        Some(fnv1a(&page)),
        "{REPORT_PICTURE} was taken of another page than `goref {}` writes now: take it again \
         with GOREF_WRITE_IMAGES=1 cargo test --release --test it \
         browser::the_readme_picture_of_the_report_is_taken_by_a_test",
        REPORT_PICTURE_BATCH.join(" ")
    );
}
