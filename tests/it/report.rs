//! The batch's HTML report read without a browser, as the page's script reads it: the
//! data in its `report-data` script element (every row of the CSV, with the same file,
//! game, rules and moves; the failing rows marked; a board for each failing row that was
//! read, marking the first illegal move's finding, or naming it under the board when
//! the move is off it) stays whole whatever the records hold.

use std::path::Path;

use serde_json::Value;

use crate::common::goref;

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

#[test]
fn the_html_report_holds_every_row_and_a_board_for_each_failing_one() {
    let (html, csv) = batch_html(&[
        "fixtures",
        "--fail-on",
        "illegal,unreadable,result-mismatch",
    ]);
    let data = report_data(&html);
    let files = data["files"].as_array().expect("files");
    let rows = data["rows"].as_array().expect("rows");
    let boards = data["boards"].as_array().expect("boards");
    assert_eq!(rows.len(), csv.len(), "one row of data per CSV row");
    let (mut failing, mut unreadable, mut illegal_boards) = (0, 0, 0);
    for (r, c) in rows.iter().zip(&csv) {
        let file = files[r[0].as_u64().expect("a file index") as usize]
            .as_str()
            .expect("a name");
        assert_eq!(file, c["file"]);
        assert_eq!(r[1].to_string(), c["game"], "{file}");
        assert_eq!(r[2], c["rules"].as_str(), "{file}");
        let moves = r[5].as_u64().map_or(String::new(), |m| m.to_string());
        assert_eq!(moves, c["moves"], "{file}");
        let fails =
            !c["error"].is_empty() || c["valid"] == "false" || c["result_matches"] == "false";
        assert_eq!(r[13], fails, "{file}: the failing mark");
        failing += usize::from(fails);
        unreadable += usize::from(!c["error"].is_empty());
        let board = r[14]
            .as_u64()
            .map(|i| boards[i as usize].as_str().expect("SVG"));
        assert_eq!(
            board.is_some(),
            fails && c["error"].is_empty(),
            "{file}: a board for each failing row that was read"
        );
        if let Some(svg) = board {
            let doc = roxmltree::Document::parse(svg).expect("the board is XML");
            assert_eq!(doc.root_element().attribute("class"), Some("goref-diagram"));
            let kind = &c["first_illegal_kind"];
            if !kind.is_empty() {
                illegal_boards += 1;
                let marked = doc
                    .descendants()
                    .any(|n| n.attribute("data-kind") == Some(kind.as_str()));
                // A move off the board has no point to mark: the note under it names it.
                let noted = doc.descendants().any(|n| {
                    n.attribute("class") == Some("note")
                        && n.text().is_some_and(|t| t.ends_with(&format!(": {kind}")))
                });
                assert!(
                    marked || (kind == "off-board" && noted),
                    "{file}: no {kind} mark on its board"
                );
            }
        }
    }
    assert!(
        failing > 5 && unreadable > 0 && illegal_boards > 3,
        "too few to prove much"
    );
    assert_eq!(
        html.matches("<tr").count(),
        1,
        "only the header row is HTML: the rows are data"
    );
    assert!(!html.contains("src=\"http") && !html.contains("href=\"http"));
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
    assert!(roxmltree::Document::parse(board).is_ok());
    assert_eq!(Path::new(&csv[0]["file"]).file_name().unwrap(), "odd.sgf");
}
