//! The dead-stone estimate (`goref::life::estimate`) over the shared corpus
//! (`../shared/corpus`), measured three ways (run with `--nocapture` for the figures;
//! docs/benchmarks.md keeps them):
//!
//! - `dead-stones/`: 54 final positions from OGS whose dead stones a person marked. Per
//!   folder, the share of positions where the estimate finds exactly the marked stones,
//!   and per-stone precision and recall. Every position of `easy`, `mid` and
//!   `no_removals` must be exactly right.
//! - `engine-games/` records with TB/TW marks, a numeric `RE` and an `RU`: counted with
//!   the estimate instead of the marks, how many reproduce `RE`.
//! - Unmarked finished records (two passes, a numeric `RE`; the first such game of each
//!   file): how many reproduce `RE` exactly, and how many name the right winner.
//!
//! Each test is ignored, with its reason, when the corpus is absent (a user's clone).

use std::collections::BTreeMap;
use std::path::Path;

use goref::adjudicate::{Agreement, agrees};
use goref::board::{Board, Color};
use goref::check::score_game;
use goref::life::DeadChoice;
use goref::life::estimate::estimate;
use goref::point::Point;
use goref::report::GameReport;
use goref::result::GameResult;
use goref::rules::{RulesChoice, Suicide};
use goref::sgf::{GameRecord, load};

use crate::common;

/// One `.game` position: the board and the stones a person marked dead, in reading
/// order. (Marks on empty points are dame, not dead stones.)
fn read_game(path: &Path) -> (Board, Vec<Point>) {
    let text = std::fs::read_to_string(path).expect("readable .game file");
    let rows: Vec<Vec<i8>> = text
        .lines()
        .map(str::trim)
        .filter(|l| {
            !l.is_empty()
                && !l.starts_with('#')
                && !l.starts_with("height")
                && !l.starts_with("width")
                && !l.starts_with("player_to_move")
        })
        .map(|l| {
            l.split_whitespace()
                .map(|v| v.parse().expect("a number"))
                .collect()
        })
        .collect();
    let h = rows.len() / 2;
    let w = rows.first().map_or(0, Vec::len);
    let mut board = Board::new(w as u8, h as u8).expect("a board size");
    let mut dead = Vec::new();
    for (y, (stones, marks)) in rows[..h].iter().zip(&rows[h..]).enumerate() {
        for (x, (&v, &mark)) in stones.iter().zip(marks).enumerate() {
            let p = Point::new(x as u8, y as u8);
            let stone = match v {
                1 => Some(Color::Black),
                -1 => Some(Color::White),
                _ => None,
            };
            board.set(p, stone).expect("on the board");
            if stone.is_some() && mark == 1 {
                dead.push(p);
            }
        }
    }
    (board, dead)
}

#[derive(Default)]
struct Tally {
    positions: usize,
    exact: usize,
    /// Stones both the person and the estimate call dead.
    agreed: usize,
    estimated: usize,
    marked: usize,
}

#[test]
#[cfg_attr(not(has_corpus), ignore = "../shared/corpus is absent")]
fn dead_stones_marked_by_people() {
    let root = common::corpus().join("dead-stones");
    let mut folders: BTreeMap<String, Tally> = BTreeMap::new();
    let mut wrong = Vec::new();
    for path in common::files_under(&root, false) {
        if path.extension().is_none_or(|e| e != "game") {
            continue;
        }
        let folder = path
            .parent()
            .and_then(Path::file_name)
            .map_or_else(String::new, |f| f.to_string_lossy().into_owned());
        let (board, marked) = read_game(&path);
        let found = estimate(&board, Suicide::Forbidden).dead;
        let t = folders.entry(folder.clone()).or_default();
        t.positions += 1;
        t.agreed += found.iter().filter(|p| marked.contains(p)).count();
        t.estimated += found.len();
        t.marked += marked.len();
        if found == marked {
            t.exact += 1;
        } else {
            let name = path.strip_prefix(&root).unwrap_or(&path).display();
            let d4 = |list: &[Point]| -> Vec<String> {
                list.iter().map(|p| p.to_d4(board.height())).collect()
            };
            let missed: Vec<Point> = marked
                .iter()
                .filter(|p| !found.contains(p))
                .copied()
                .collect();
            let extra: Vec<Point> = found
                .iter()
                .filter(|p| !marked.contains(p))
                .copied()
                .collect();
            wrong.push((
                folder,
                format!("{name}: missed {:?}, extra {:?}", d4(&missed), d4(&extra)),
            ));
        }
    }
    println!("| folder | positions | exactly right | precision | recall |");
    println!("|---|---|---|---|---|");
    for (folder, t) in &folders {
        let share = |a: usize, b: usize| {
            if b == 0 {
                "-".to_string()
            } else {
                format!("{:.3}", a as f64 / b as f64)
            }
        };
        println!(
            "| {folder} | {} | {} | {} | {} |",
            t.positions,
            t.exact,
            share(t.agreed, t.estimated),
            share(t.agreed, t.marked)
        );
    }
    for (_, line) in &wrong {
        println!("  {line}");
    }
    let positions: usize = folders.values().map(|t| t.positions).sum();
    assert_eq!(positions, 54, "the corpus holds 54 positions");
    let must: Vec<&String> = wrong
        .iter()
        .filter(|(f, _)| ["easy", "mid", "no_removals"].contains(&f.as_str()))
        .map(|(_, line)| line)
        .collect();
    assert!(
        must.is_empty(),
        "wrong in easy, mid or no_removals: {must:#?}"
    );
    // `hard` depends on the playouts' seed: 16 or 17 over 40 seeds (mean 16.475), 16 with
    // the shipped one (benches/estimate_seeds.py, docs/benchmarks.md). 14 before a group's
    // status had to agree with its neighbours'.
    let hard = folders.get("hard").map_or(0, |t| t.exact);
    assert!(
        hard >= 16,
        "only {hard} of the hard positions exactly right"
    );
}

/// The records of `folders` with a numeric `RE`, in file order, with their path.
fn records(folders: &[&str]) -> Vec<(String, GameRecord)> {
    let root = common::corpus();
    let mut out = Vec::new();
    for folder in folders {
        for path in common::files_under(&root.join(folder), true) {
            let Ok(bytes) = std::fs::read(&path) else {
                continue;
            };
            let Ok(games) = load(&bytes) else { continue };
            let name = path
                .strip_prefix(&root)
                .unwrap_or(&path)
                .display()
                .to_string();
            for record in games.into_iter().flatten() {
                let numeric = record
                    .result
                    .as_deref()
                    .map(GameResult::parse)
                    .is_some_and(|r| matches!(r, GameResult::Score { .. }));
                if numeric {
                    out.push((name.clone(), record));
                }
            }
        }
    }
    out
}

/// The record counted under its own rules with dead stones as `dead` says, or `None`
/// when goref does not count it (an illegal move that decides, an endless cycle, no two
/// final passes and no marks).
fn count(name: &str, record: &GameRecord, dead: &DeadChoice) -> Option<GameReport> {
    let report = score_game(name, record, &RulesChoice::default(), dead);
    report.score.as_ref().filter(|s| s.scored)?;
    Some(report)
}

/// Whether goref's result is the recorded one, whether or not the estimate is sure of it
/// (`result_matches` says `uncertain` when it is not).
fn reproduces(report: &GameReport) -> bool {
    let (Some(score), Some(text)) = (&report.score, report.recorded_result.as_deref()) else {
        return false;
    };
    agrees(
        &GameResult::parse(&score.result),
        &GameResult::parse(text),
        text,
    ) == Some(true)
}

fn uncertain(report: &GameReport) -> bool {
    report.score.as_ref().and_then(|s| s.result_matches) == Some(Agreement::Uncertain)
}

fn same_winner(report: &GameReport, record: &GameRecord) -> bool {
    let ours = report.score.as_ref().map(|s| GameResult::parse(&s.result));
    let recorded = record.result.as_deref().map(GameResult::parse);
    match (ours, recorded) {
        (Some(a), Some(b)) => a.winner().is_some() && a.winner() == b.winner(),
        _ => false,
    }
}

#[test]
#[cfg_attr(not(has_corpus), ignore = "../shared/corpus is absent")]
fn engine_games_markup_reproduced_without_the_marks() {
    let mut total = 0;
    let mut by_marks = 0;
    let mut by_estimate = 0;
    for (name, record) in records(&["engine-games"]) {
        let has_ru = record
            .rules
            .as_deref()
            .is_some_and(|r| !r.trim().is_empty());
        if record.territory.is_none() || !has_ru {
            continue;
        }
        total += 1;
        let marks = score_game(&name, &record, &RulesChoice::default(), &DeadChoice::Markup);
        let marks_ok = reproduces(&marks);
        by_marks += usize::from(marks_ok);
        let ours = count(&name, &record, &DeadChoice::Estimate);
        let ours_ok = ours.as_ref().is_some_and(reproduces);
        by_estimate += usize::from(ours_ok);
        if std::env::var_os("EST_ALL").is_some() || (marks_ok && !ours_ok) {
            let result = ours
                .as_ref()
                .and_then(|r| r.score.as_ref())
                .map_or("-", |s| s.result.as_str());
            println!(
                "  {name}: RE {:?}, with the estimate {result}",
                record.result
            );
        }
    }
    println!(
        "engine games with marks, a numeric RE and an RU: {total}; RE reproduced by the marks \
         {by_marks}, by the estimate (marks ignored) {by_estimate}"
    );
    assert_eq!(total, 75);
    // 74: the territory count fills what the referee would (dumonteil-5's open ko
    // connection, issue 14), and since issue 25 also a teire the marks leave out:
    // cgf2003/GnuGo-GORO.sgf marks K18 Black's, but White's throw-in there puts J19-J18
    // in atari and captures it (K18, then K19 after Black's L18), so Black must connect
    // at K18 and the count is W+19.5, not the recorded W+18.5.
    assert_eq!(by_marks, 74);
    // The issue asks for 71 (the marks' 74 before issue 14, less three), 72 of the 75. Of
    // the four missed, three count what the rules do not: dumonteil-5's marks keep bent four
    // in the corner alive, GoeMate's keep a lone stone White takes in two moves, GORO's
    // leave out a teire; the fourth, gargoyle, needs a reading about a thousand times the
    // bound. See docs/benchmarks.md (stops 37 and 42).
    // (69 before the estimate read small enclosed fights out.)
    assert!(by_estimate >= 71, "only {by_estimate} of {total}");
}

#[test]
#[cfg_attr(not(has_corpus), ignore = "../shared/corpus is absent")]
fn unmarked_finished_games_reproduce_re() {
    let mut seen = std::collections::HashSet::new();
    let (mut total, mut exact, mut winners, mut doubtful) = (0, 0, 0, 0);
    for (name, record) in records(&["ai-games", "engine-games", "dialects"]) {
        if record.territory.is_some() || seen.contains(&name) {
            continue;
        }
        // `auto` is the estimate here (no marks), and like it counts only games that
        // ended with two passes.
        let Some(report) = count(&name, &record, &DeadChoice::Auto) else {
            continue;
        };
        assert_eq!(
            report.score.as_ref().map(|s| s.dead_source.as_str()),
            Some("estimate")
        );
        // benches/final_score.py reads this list to hand GNU Go the same records.
        if std::env::var_os("GOREF_LIST_RECORDS").is_some() {
            let (exact, winner) = (reproduces(&report), same_winner(&report, &record));
            println!("RECORD\t{name}\t{}\t{}", u8::from(exact), u8::from(winner));
        }
        seen.insert(name);
        total += 1;
        exact += usize::from(reproduces(&report));
        winners += usize::from(same_winner(&report, &record));
        doubtful += usize::from(uncertain(&report));
    }
    println!(
        "unmarked finished records (first counted game of each file, numeric RE): {total}; \
         RE reproduced {exact}, winner right {winners}; result_matches uncertain {doubtful}"
    );
    assert_eq!(total, 316);
    // GNU Go 3.8's final_score on these same records (benches/final_score.py): RE 261, the
    // winner 306 (docs/benchmarks.md). Half of the records are NNGS games without RU,
    // counted by territory as the server counted them (docs/rules.md). The shipped seed
    // gives 286 and 308; over 40 seeds the least is 281 and 304, the mean 285.2 and 306.55
    // (benches/estimate_seeds.py, docs/benchmarks.md).
    assert!(exact >= 280, "RE reproduced in only {exact} of {total}");
    assert!(
        winners >= 306,
        "the winner right in only {winners} of {total}"
    );
}
