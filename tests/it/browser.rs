//! The HTML report of a batch over corpus records, opened in headless Chromium (Debian's
//! `chromium`) as a reader opens it: Chromium's own `--dump-dom` shows the page after its
//! script ran, with a row per CSV row and a board for each failing game; a screenshot of
//! a failing game's row (opened from the address, `#row-N`) shows the board's wood; and,
//! driven by playwright-core from `.tools` (tests/browser/report.mjs), a click on a
//! column header sorts the rows both ways, typing in the filter box leaves only matching
//! rows, and "only games that fail" leaves the failing ones. `just browser` runs these.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::manifest;

const FAIL_ON: &str = "illegal,unreadable,result-mismatch";

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

/// Run `command`, killing it after `limit`: (success, standard output, standard error).
fn run(command: &mut Command, limit: Duration) -> (bool, String, String) {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let (out, err) = (dir.path().join("out"), dir.path().join("err"));
    let mut child = command
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(&out).expect("a file"))
        .stderr(std::fs::File::create(&err).expect("a file"))
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {command:?}: {e}"));
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("the status") {
            break status;
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{command:?} took over {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let read = |p: &Path| std::fs::read_to_string(p).unwrap_or_default();
    (status.success(), read(&out), read(&err))
}

/// A batch over two folders of the corpus: the HTML report and the CSV's rows.
struct Report {
    _dir: tempfile::TempDir,
    html: std::path::PathBuf,
    rows: Vec<csv::StringRecord>,
    headers: csv::StringRecord,
}

impl Report {
    fn column(&self, row: &csv::StringRecord, name: &str) -> String {
        let i = self
            .headers
            .iter()
            .position(|h| h == name)
            .expect("a column");
        row.get(i).unwrap_or("").to_string()
    }

    fn failing(&self, row: &csv::StringRecord) -> bool {
        !self.column(row, "error").is_empty()
            || self.column(row, "valid") == "false"
            || self.column(row, "result_matches") == "false"
    }
}

fn report() -> Report {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let html = dir.path().join("report.html");
    let csv_path = dir.path().join("rows.csv");
    let corpus = manifest().join("../shared/corpus");
    let status = Command::new(env!("CARGO_BIN_EXE_goref"))
        .arg("batch")
        .arg(corpus.join("dialects"))
        .arg(corpus.join("dead-stones"))
        .args(["-q", "--fail-on", FAIL_ON, "--html"])
        .arg(&html)
        .arg("--csv")
        .arg(&csv_path)
        .status()
        .expect("goref runs");
    assert!(matches!(status.code(), Some(0 | 1)), "{status}");
    let mut reader = csv::Reader::from_path(&csv_path).expect("the CSV");
    let headers = reader.headers().expect("a header").clone();
    let rows: Vec<csv::StringRecord> = reader.records().map(|r| r.expect("a row")).collect();
    Report {
        _dir: dir,
        html,
        rows,
        headers,
    }
}

fn chromium(args: &[&str], page: &str, limit: Duration) -> String {
    let profile = tempfile::tempdir().expect("a profile folder");
    let (ok, out, err) = run(
        Command::new("chromium")
            .args(FLAGS)
            .arg(format!("--user-data-dir={}", profile.path().display()))
            .args(args)
            .arg(page),
        limit,
    );
    assert!(ok, "chromium failed: {err}");
    out
}

#[test]
#[cfg_attr(not(has_corpus), ignore = "../shared/corpus is absent")]
#[cfg_attr(
    not(has_chromium),
    ignore = "Chromium not found: apt-get install chromium"
)]
fn chromium_loads_the_report_with_its_table_and_boards_and_shows_a_board() {
    let report = report();
    let url = format!("file://{}", report.html.display());
    let dom = chromium(&["--dump-dom"], &url, Duration::from_secs(120));
    assert!(
        dom.contains("<body data-ready=\"1\">"),
        "the page's script did not run"
    );
    let body = dom.split("<tbody>").nth(1).expect("the table's body");
    let rows = body.matches("<tr ").count();
    assert_eq!(rows, report.rows.len(), "one table row per CSV row");
    let failing: Vec<usize> = (0..report.rows.len())
        .filter(|&i| report.failing(&report.rows[i]))
        .collect();
    assert!(
        !failing.is_empty(),
        "no failing game: the boards prove nothing"
    );
    assert_eq!(body.matches("class=\"problem\"").count(), failing.len());
    let readable_failing = failing
        .iter()
        .filter(|&&i| report.column(&report.rows[i], "error").is_empty())
        .count();
    assert_eq!(
        body.matches("<svg ").count(),
        readable_failing,
        "a board per failing game"
    );
    assert!(dom.contains(&format!(
        "<span id=\"shown\" aria-live=\"polite\">{} games</span>",
        rows
    )));
    assert!(
        !dom.contains("src=\"http") && !dom.contains("href=\"http"),
        "the page refers to another address"
    );

    // The first failing row, opened from the address: its board is on the screen.
    let row = failing
        .iter()
        .find(|&&i| report.column(&report.rows[i], "error").is_empty())
        .expect("a readable failing row");
    let shot_dir = tempfile::tempdir().expect("a folder");
    let shot = shot_dir.path().join("shot.png");
    chromium(
        &[
            &format!("--screenshot={}", shot.display()),
            "--window-size=1280,900",
            "--hide-scrollbars",
        ],
        &format!("{url}#row-{}", row + 1),
        Duration::from_secs(120),
    );
    let decoder = png::Decoder::new(std::io::BufReader::new(
        std::fs::File::open(&shot).expect("the screenshot"),
    ));
    let mut reader = decoder.read_info().expect("a PNG");
    let mut pixels = vec![0; reader.output_buffer_size().expect("a size")];
    let info = reader.next_frame(&mut pixels).expect("a frame");
    assert_eq!((info.width, info.height), (1280, 900));
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
#[cfg_attr(not(has_corpus), ignore = "../shared/corpus is absent")]
#[cfg_attr(
    not(has_chromium),
    ignore = "Chromium not found: apt-get install chromium"
)]
#[cfg_attr(
    not(has_playwright),
    ignore = "playwright-core not found: npm install --prefix .tools playwright-core"
)]
fn sorting_and_filtering_work_in_the_browser() {
    let report = report();
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
        .to_string();
    let expected = report
        .rows
        .iter()
        .filter(|r| {
            report
                .column(r, "file")
                .to_lowercase()
                .contains(&name.to_lowercase())
        })
        .count();
    assert!(expected < report.rows.len());
    let shot_dir = tempfile::tempdir().expect("a folder");
    let shot = shot_dir.path().join("sorted.png");
    let (ok, out, err) = run(
        Command::new("node")
            .arg(manifest().join("tests/browser/report.mjs"))
            .arg(&report.html)
            .arg(&shot)
            .arg("Moves")
            .arg(&name),
        Duration::from_secs(180),
    );
    assert!(ok, "the browser script failed:\n{err}");
    let seen: serde_json::Value = serde_json::from_str(out.trim()).expect("JSON");
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
    assert_eq!(seen["rows"], report.rows.len());
    let numbers = |key: &str| -> Vec<f64> {
        seen[key]
            .as_array()
            .expect("a list")
            .iter()
            .filter_map(|v| v.as_str()?.parse().ok())
            .collect()
    };
    let up = numbers("sortedAscending");
    let down = numbers("sortedDescending");
    assert!(up.len() > 10, "too few moves to see a sort: {up:?}");
    assert!(up.windows(2).all(|w| w[0] <= w[1]), "not ascending: {up:?}");
    assert!(
        down.windows(2).all(|w| w[0] >= w[1]),
        "not descending: {down:?}"
    );
    assert_ne!(up, down);
    assert_eq!(seen["ariaAscending"], "ascending");
    assert_eq!(seen["ariaDescending"], "descending");
    assert_eq!(seen["filteredRows"], expected, "filter `{name}`");
    assert_eq!(
        seen["shownFiltered"],
        format!("{expected} of {} games shown", report.rows.len())
    );
    let failing = report.rows.iter().filter(|r| report.failing(r)).count();
    assert_eq!(seen["problemRows"], failing);
    assert_eq!(seen["problemRowsAllMarked"], true);
    assert!(
        seen["openedStones"].as_u64().is_some_and(|n| n > 0),
        "{seen}"
    );
    assert!(std::fs::metadata(&shot).is_ok_and(|m| m.len() > 10_000));
}
