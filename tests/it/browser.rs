//! The HTML report of a batch over corpus records, opened in headless Chromium (Debian's
//! `chromium`) as a reader opens it. The batch has 225 rows (two corpus folders under five
//! rule sets), so the table has three pages. Chromium's own `--dump-dom` shows the page
//! after its script ran: the first page of rows (files named from the folder given, the
//! name as given on hover), the count, the boards left out of the document until opened,
//! and a `result-mismatch` row addressed as `#row-N` on another page, marked, with its
//! board and count open under it; a screenshot of that address shows the board's wood.
//! Driven by playwright-core from `.tools` (tests/browser/report.mjs): no cell of any page
//! breaks a word (the corpus's player names among them) and no header is clipped, a click
//! on a column header sorts every row both ways (page 1 and 2 checked against the rows),
//! the page controls above and below the table turn the pages, typing in the filter box and
//! "only games that fail" leave the matching rows, a board opens, an address brings back a
//! row the filter hid, and its board is drawn large with the count beside it. `just
//! browser` runs these.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use crate::common::{
    REPORT_PICTURE, REPORT_PICTURE_BATCH, REPORT_PICTURE_KEY, REPORT_PICTURE_ROW, fnv1a, manifest,
    report_picture_page, run_with_limit,
};

/// The default `--fail-on`: the rows with a mismatched result do not fail, but have their
/// board.
const FAIL_ON: &str = "illegal,unreadable";

/// Finding kinds about the record's komi, size or handicap: alone, no board.
const METADATA: [&str; 3] = ["komi-mismatch", "size-mismatch", "handicap-mismatch"];

/// The rows on one page of the table (report.js's `PAGE`).
const PAGE: usize = 100;

/// The height of the window of the screenshot: more than a page of the report.
const SHOT_HEIGHT: u32 = 12_000;

/// Chromium's flags for a machine whose network reaches only package registries.
const FLAGS: [&str; 8] = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
];

/// A batch over two folders of the corpus: the HTML report and the rows of its JSON Lines.
struct Report {
    _dir: tempfile::TempDir,
    html: PathBuf,
    rows: Vec<serde_json::Value>,
    /// The folder the table names files from: the corpus, which holds both folders.
    base: String,
}

impl Report {
    fn column(&self, row: &serde_json::Value, name: &str) -> String {
        match &row[name] {
            serde_json::Value::Null => String::new(),
            serde_json::Value::String(s) => s.clone(),
            other => other.to_string(),
        }
    }

    fn failing(&self, row: &serde_json::Value) -> bool {
        !row["error"].is_null() || row["valid"] == false
    }

    /// Row numbers (from 1, as `#row-N`) of the rows that have a board: read, and failing
    /// or with a finding beyond the record's komi, size or handicap.
    fn with_board(&self) -> Vec<usize> {
        (0..self.rows.len())
            .filter(|&i| {
                let row = &self.rows[i];
                let findings = row["findings"].as_array().expect("findings");
                row["error"].is_null()
                    && (self.failing(row)
                        || findings
                            .iter()
                            .any(|f| !METADATA.contains(&f["kind"].as_str().unwrap_or(""))))
            })
            .map(|i| i + 1)
            .collect()
    }

    /// The file of a row as the table shows it: from the corpus.
    fn short(&self, row: &serde_json::Value) -> String {
        let file = self.column(row, "file");
        file.strip_prefix(&format!("{}/", self.base))
            .expect("a file of the corpus")
            .to_string()
    }

    fn url(&self) -> String {
        format!("file://{}", self.html.display())
    }
}

/// `text` as it stands in an HTML attribute's value of a DOM dump.
fn attribute(text: &str) -> String {
    text.replace('&', "&amp;").replace('"', "&quot;")
}

fn report() -> Report {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let html = dir.path().join("report.html");
    let jsonl = dir.path().join("rows.jsonl");
    let corpus = manifest().join("../shared/corpus");
    let status = Command::new(env!("CARGO_BIN_EXE_goref"))
        .arg("batch")
        .arg(corpus.join("dialects"))
        .arg(corpus.join("dead-stones"))
        .args(["-q", "--fail-on", FAIL_ON])
        .args([
            "--rules",
            "chinese,japanese,aga,tromp-taylor,sjtu",
            "--html",
        ])
        .arg(&html)
        .arg("--jsonl")
        .arg(&jsonl)
        .status()
        .expect("goref runs");
    assert!(matches!(status.code(), Some(0 | 1)), "{status}");
    let text = std::fs::read_to_string(&jsonl).expect("the JSON Lines");
    let rows: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("a row"))
        .filter(|row: &serde_json::Value| row.get("file").is_some())
        .collect();
    assert!(
        rows.len() > 2 * PAGE,
        "{} rows: fewer than three pages",
        rows.len()
    );
    Report {
        _dir: dir,
        html,
        rows,
        base: corpus.display().to_string(),
    }
}

/// The last row with a board whose counted result disagrees with the record's, and is on
/// a later page than the first.
fn mismatch_with_board(report: &Report) -> usize {
    let target = report
        .with_board()
        .into_iter()
        .rev()
        .filter(|&n| report.rows[n - 1]["result_matches"] == false)
        .filter(|&n| report.rows[n - 1]["decided_by"] == "count")
        .find(|&n| !report.failing(&report.rows[n - 1]))
        .expect("a mismatch row with a board");
    assert!(
        target > PAGE,
        "row {target} is on the first page: proves less"
    );
    target
}

fn chromium(args: &[&str], page: &str) -> String {
    let profile = tempfile::tempdir().expect("a profile folder");
    let ran = run_with_limit(
        Command::new("chromium")
            .args(FLAGS)
            .arg(format!("--user-data-dir={}", profile.path().display()))
            .args(args)
            .arg(page),
        Duration::from_secs(120),
    );
    assert!(ran.ok, "chromium failed: {}", ran.stderr);
    ran.stdout
}

/// The `<tr ...>...</tr>` elements of a DOM dump's table body.
fn table_rows(dom: &str) -> Vec<&str> {
    let body = dom
        .split("<tbody>")
        .nth(1)
        .and_then(|b| b.split("</tbody>").next())
        .expect("the table's body");
    body.split("<tr ").skip(1).collect()
}

#[test]
#[cfg_attr(
    not(all(has_corpus, has_chromium)),
    ignore = "needs ../shared/corpus (beside the checkout) and Chromium (apt-get install chromium)"
)]
fn chromium_shows_the_first_page_and_a_row_named_in_the_address_with_its_board() {
    let report = report();
    let total = report.rows.len();
    let pages = total.div_ceil(PAGE);
    let dom = chromium(&["--dump-dom"], &report.url());
    assert!(
        dom.contains("<body data-ready=\"1\">"),
        "the page's script did not run"
    );
    let rows = table_rows(&dom);
    assert_eq!(rows.len(), PAGE, "one page of rows");
    for (i, tr) in rows.iter().enumerate() {
        assert!(tr.starts_with(&format!("id=\"row-{}\"", i + 1)), "{tr}");
        let failing = report.failing(&report.rows[i]);
        assert_eq!(tr.contains("class=\"problem\""), failing, "row {}", i + 1);
        // From the folder given, a line break allowed after each "/" (each part kept on
        // one line); the name as given on hover.
        let file = report.column(&report.rows[i], "file");
        let short = report
            .short(&report.rows[i])
            .split('/')
            .map(|part| format!("<span>{part}"))
            .collect::<Vec<_>>()
            .join("/</span><wbr>")
            + "</span>";
        assert!(
            tr.contains(&format!(
                "<td class=\"file\" title=\"{}\">{short}</td>",
                attribute(&file)
            )),
            "row {}: {file}: {tr}",
            i + 1
        );
    }
    assert!(dom.contains(&format!(
        "<span id=\"shown\" aria-live=\"polite\">{total} games</span>"
    )));
    assert_eq!(
        dom.matches(&format!(
            "<span class=\"page\">rows 1 to {PAGE} of {total}, page 1 of {pages}</span>"
        ))
        .count(),
        2,
        "the page controls above the table and below it"
    );
    assert!(
        !rows.iter().any(|tr| tr.contains("<svg")),
        "a board is in the document before its row is opened"
    );
    assert!(
        !dom.contains("src=\"http") && !dom.contains("href=\"http"),
        "the page refers to another address"
    );

    // A row whose result disagrees with the record's, on a later page, named in the
    // address: it does not fail the default --fail-on, and has its board and count.
    let target = mismatch_with_board(&report);
    let address = format!("{}#row-{target}", report.url());
    let dom = chromium(&["--dump-dom"], &address);
    let page = (target - 1) / PAGE + 1;
    let first = (page - 1) * PAGE + 1;
    let last = (page * PAGE).min(total);
    assert!(dom.contains(&format!(
        "<span class=\"page\">rows {first} to {last} of {total}, page {page} of {pages}</span>"
    )));
    let rows = table_rows(&dom);
    let at = rows
        .iter()
        .position(|tr| tr.starts_with(&format!("id=\"row-{target}\"")))
        .expect("the addressed row is shown");
    let tr = rows[at];
    assert!(tr.contains("class=\"target\""), "{tr}");
    assert!(tr.contains("aria-expanded=\"true\""), "{tr}");
    // The board's row comes next; it holds rows of its own (the count's table), so it is
    // read up to the next row of the games' table.
    let next = rows.get(at + 1).expect("the board's row under it");
    assert!(next.starts_with("class=\"board-row\""), "{next}");
    let board = dom
        .split(&format!("<tr id=\"row-{target}\""))
        .nth(1)
        .and_then(|after| after.split("<tr class=\"board-row\"").nth(1))
        .and_then(|board| board.split("<tr id=\"row-").next())
        .and_then(|board| board.split("</tbody></table>").next())
        .expect("the board's row");
    assert!(board.contains("<svg") && board.contains("circle class=\"stone"));
    assert!(
        board.contains("<table class=\"count\">") && board.contains("disagrees"),
        "the count and the recorded result beside the board: {board}"
    );

    // That address on the screen: the board's wood and its stones. Chromium's
    // `--screenshot` draws a scrolled page blank, so the window is taller than the page
    // (one page of rows and an open board) and nothing scrolls.
    let shot_dir = tempfile::tempdir().expect("a folder");
    let shot = shot_dir.path().join("shot.png");
    chromium(
        &[
            &format!("--screenshot={}", shot.display()),
            &format!("--window-size=1280,{SHOT_HEIGHT}"),
            "--hide-scrollbars",
        ],
        &address,
    );
    let decoder = png::Decoder::new(std::io::BufReader::new(
        std::fs::File::open(&shot).expect("the screenshot"),
    ));
    let mut reader = decoder.read_info().expect("a PNG");
    let mut pixels = vec![0; reader.output_buffer_size().expect("a size")];
    let info = reader.next_frame(&mut pixels).expect("a frame");
    assert_eq!((info.width, info.height), (1280, SHOT_HEIGHT));
    let channels = info.color_type.samples();
    let (mut wood, mut black) = (0usize, 0usize);
    for px in pixels[..info.buffer_size()].chunks(channels) {
        let (r, g, b) = (i32::from(px[0]), i32::from(px[1]), i32::from(px[2]));
        if (r - 0xdc).abs() < 12 && (g - 0xb4).abs() < 12 && (b - 0x68).abs() < 12 {
            wood += 1;
        }
        if r < 40 && g < 40 && b < 40 {
            black += 1;
        }
    }
    assert!(wood > 5_000, "no board on the screen: {wood} wood pixels");
    assert!(
        black > 2_000,
        "no stones or text on the screen: {black} dark pixels"
    );
}

#[test]
#[cfg_attr(
    not(all(has_corpus, has_chromium, has_playwright)),
    ignore = "needs ../shared/corpus (beside the checkout), Chromium (apt-get install chromium) and playwright-core (npm install --prefix .tools playwright-core)"
)]
fn sorting_filtering_and_addresses_work_in_the_browser() {
    let report = report();
    let total = report.rows.len();
    // A filter that matches some rows but not all: a word of the first failing file.
    let first = report
        .rows
        .iter()
        .find(|r| report.failing(r))
        .expect("a failing row");
    let file = report.column(first, "file");
    let name = Path::new(&file)
        .file_stem()
        .and_then(|s| s.to_str())
        .expect("a file name")
        .to_lowercase();
    let expected = report
        .rows
        .iter()
        .filter(|r| report.column(r, "file").to_lowercase().contains(&name))
        .count();
    assert!(expected < total);
    let target = mismatch_with_board(&report);
    let shot_dir = tempfile::tempdir().expect("a folder");
    let shot = shot_dir.path().join("sorted.png");
    let ran = run_with_limit(
        Command::new("node")
            .arg(manifest().join("tests/browser/report.mjs"))
            .arg(&report.html)
            .arg(&shot)
            .arg("Moves")
            .arg(&name)
            .arg(target.to_string()),
        Duration::from_secs(180),
    );
    assert!(ran.ok, "the browser script failed:\n{}", ran.stderr);
    let seen: serde_json::Value = serde_json::from_str(ran.stdout.trim()).expect("JSON");
    assert_eq!(
        seen["errors"],
        serde_json::json!([]),
        "script errors on the page"
    );
    assert_eq!(
        seen["requests"],
        serde_json::json!([]),
        "the page fetched something"
    );
    assert_eq!(seen["rowsAtStart"], PAGE);
    assert_eq!(seen["pageAtStart"], seen["pageAtStartTop"]);
    // Issue 30, item 2: no cell of any page breaks a word, none of the corpus's player
    // names among them (some are one long word), and no header is clipped.
    assert_eq!(seen["pagesLookedAt"], total.div_ceil(PAGE));
    assert!(
        seen["cellsLookedAt"]
            .as_u64()
            .is_some_and(|n| n as usize >= total * 11),
        "{seen}"
    );
    assert_eq!(seen["brokenWords"], serde_json::json!([]), "words broken");
    assert_eq!(seen["clippedHeaders"], serde_json::json!([]));
    assert_eq!(seen["shownAtStart"], format!("{total} games"));
    assert_eq!(seen["diagramsAtStart"], 0);

    // Sorted by moves over every row, not within a page: the pages hold the CSV's moves
    // in order, rows without moves last both ways.
    let numbers = |key: &str| -> Vec<u64> {
        seen[key]
            .as_array()
            .expect("a list")
            .iter()
            .map(|v| v.as_str().and_then(|s| s.parse().ok()).unwrap_or(u64::MAX))
            .collect()
    };
    let mut moves: Vec<u64> = report
        .rows
        .iter()
        .map(|r| report.column(r, "moves").parse().unwrap_or(u64::MAX))
        .collect();
    moves.sort_unstable();
    assert_eq!(numbers("sortedAscending"), moves[..PAGE]);
    assert_eq!(numbers("sortedAscendingNext"), moves[PAGE..2 * PAGE]);
    let mut descending: Vec<u64> = moves.iter().copied().filter(|&m| m != u64::MAX).collect();
    descending.reverse();
    assert_eq!(numbers("sortedDescending"), descending[..PAGE]);
    assert_ne!(moves[0], descending[0]);
    assert_eq!(seen["ariaAscending"], "ascending");
    assert_eq!(seen["ariaDescending"], "descending");
    let pages = total.div_ceil(PAGE);
    assert_eq!(
        seen["pageNext"],
        format!("rows 101 to 200 of {total}, page 2 of {pages}")
    );
    assert_eq!(
        seen["pageAfterSort"],
        format!("rows 1 to {PAGE} of {total}, page 1 of {pages}")
    );

    assert_eq!(
        seen["shownFiltered"],
        format!("{expected} of {total} games shown"),
        "filter `{name}`"
    );
    assert_eq!(seen["filteredRows"], expected.min(PAGE));
    for text in seen["filteredTexts"].as_array().expect("a list") {
        let text = text.as_str().expect("text").to_lowercase();
        assert!(text.contains(&name), "{text}");
    }
    let failing = report.rows.iter().filter(|r| report.failing(r)).count();
    assert_eq!(
        seen["shownProblems"],
        format!("{failing} of {total} games shown")
    );
    assert_eq!(seen["problemRows"], failing.min(PAGE));
    assert_eq!(seen["problemRowsAllMarked"], true);
    assert!(
        seen["openedStones"].as_u64().is_some_and(|n| n > 0),
        "{seen}"
    );

    assert_eq!(seen["targetId"], format!("row-{target}"));
    assert!(
        seen["targetStones"].as_u64().is_some_and(|n| n > 0),
        "{seen}"
    );
    assert_eq!(seen["targetInView"], true);
    // Issue 30, items 1 and 3: the board drawn larger than its SVG's own size, its
    // coordinates at least 13 px high, the count beside it at the page's size.
    let number = |key: &str| seen[key].as_f64().unwrap_or(0.0);
    assert!(number("boardScale") >= 1.25, "{seen}");
    assert!(number("coordinateHeight") >= 13.0, "{seen}");
    assert!(number("countFontSize") >= 14.0, "{seen}");
    assert_eq!(seen["countBeside"], true, "{seen}");
    let count = seen["countText"].as_str().expect("the count's text");
    for part in [
        "Black",
        "White",
        "komi",
        "total",
        "dead stones",
        "result",
        "disagrees",
    ] {
        assert!(count.contains(part), "{part}: {count}");
    }
    assert_eq!(seen["filterAtTarget"], "");
    assert_eq!(seen["shownAtTarget"], format!("{total} games"));
    assert!(std::fs::metadata(&shot).is_ok_and(|m| m.len() > 10_000));
}

/// The README's picture of the report (issue 30, acceptance), taken by this test: the page
/// of `common::REPORT_PICTURE_BATCH` in a 1280x1200 window, row 2's board open (a
/// `result-mismatch` row: a 19x19 game with dead stones of both colours) with its count
/// beside it. The picture names the page it shows (a PNG text chunk with the page's hash),
/// which `report::the_readme_picture_of_the_report_is_of_the_page_goref_writes_now`
/// compares with the page goref writes now. With `GOREF_WRITE_IMAGES=1` the picture is
/// written to docs/images; without, it is taken and checked only.
#[test]
#[cfg_attr(
    not(all(has_chromium, has_playwright)),
    ignore = "needs Chromium (apt-get install chromium) and playwright-core (npm install --prefix .tools playwright-core)"
)]
fn the_readme_picture_of_the_report_is_taken_by_a_test() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let html = dir.path().join("report.html");
    let page = report_picture_page(&html);
    let taken = dir.path().join("taken.png");
    let (width, height) = (1280u32, 1200u32);
    let ran = run_with_limit(
        Command::new("node")
            .arg(manifest().join("tests/browser/screenshot.mjs"))
            .arg(&html)
            .arg(REPORT_PICTURE_ROW.to_string())
            .arg(&taken)
            .arg(width.to_string())
            .arg(height.to_string()),
        Duration::from_secs(120),
    );
    assert!(ran.ok, "the screenshot failed: {}", ran.output());
    let seen: serde_json::Value = serde_json::from_str(ran.stdout.trim()).expect("JSON");
    assert_eq!(seen["errors"], serde_json::json!([]), "{seen}");
    assert_eq!(seen["requests"], serde_json::json!([]), "{seen}");
    // The whole board and its count are in the picture.
    let bottom = seen["boardRowBottom"].as_f64().unwrap_or(f64::MAX);
    assert!(bottom <= f64::from(height), "the board is cut: {seen}");
    let count = seen["countText"].as_str().unwrap_or("");
    for part in ["dead stones", "W+36.5", "W+37.5, disagrees"] {
        assert!(count.contains(part), "{part}: {count}");
    }

    let decoder = png::Decoder::new(std::io::BufReader::new(
        std::fs::File::open(&taken).expect("the screenshot"),
    ));
    let mut reader = decoder.read_info().expect("a PNG");
    let mut pixels = vec![0; reader.output_buffer_size().expect("a size")];
    let frame = reader.next_frame(&mut pixels).expect("a frame");
    assert_eq!((frame.width, frame.height), (width, height));
    let channels = frame.color_type.samples();
    let wood = pixels[..frame.buffer_size()]
        .chunks(channels)
        .filter(|px| {
            (i32::from(px[0]) - 0xdc).abs() < 12
                && (i32::from(px[1]) - 0xb4).abs() < 12
                && (i32::from(px[2]) - 0x68).abs() < 12
        })
        .count();
    assert!(
        wood > 150_000,
        "the 19x19 board is not on the screen: {wood}"
    );

    // The picture again, naming the page it shows.
    let mut named = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut named, frame.width, frame.height);
        encoder.set_color(frame.color_type);
        encoder.set_depth(frame.bit_depth);
        encoder.set_compression(png::Compression::High);
        encoder
            .add_text_chunk(REPORT_PICTURE_KEY.to_string(), fnv1a(&page))
            .expect("a text chunk");
        encoder
            .add_text_chunk(
                "goref-command".to_string(),
                format!(
                    "goref {} --html report.html",
                    REPORT_PICTURE_BATCH.join(" ")
                ),
            )
            .expect("a text chunk");
        let mut writer = encoder.write_header().expect("a header");
        writer
            .write_image_data(&pixels[..frame.buffer_size()])
            .expect("the pixels");
        writer.finish().expect("the PNG");
    }
    if std::env::var_os("GOREF_WRITE_IMAGES").is_some() {
        std::fs::write(manifest().join(REPORT_PICTURE), &named).expect("docs/images");
    }
}
