//! Scoring over the shared corpus (`../shared/corpus/engine-games`): every record with
//! TB/TW territory marks, a numeric `RE` and an `RU` is counted with `--dead markup` under
//! its own `RU`, and goref must reproduce `RE` for at least 95% of them. Records without
//! `RU` have no rule set of their own: they are counted under goref's default (`chinese`)
//! and reported beside the figure, with their result under `japanese` for comparison.
//! Every record that does not reproduce is printed (run with `--nocapture`) and explained
//! in docs/benchmarks.md. Reported as ignored where the corpus is absent (a user's
//! clone).

use goref::adjudicate::Agreement;
use goref::check::score_game;
use goref::life::DeadChoice;
use goref::report::GameReport;
use goref::result::GameResult;
use goref::rules::{RuleSet, RulesChoice};
use goref::sgf::load;

use crate::common;

#[test]
#[cfg_attr(not(has_corpus), ignore = "../shared/corpus is absent")]
fn markup_reproduces_recorded_results() {
    let root = common::corpus().join("engine-games");
    let mut total = 0usize;
    let mut matched = 0usize;
    let mut others = Vec::new();
    let mut without_ru = Vec::new();
    let japanese = RulesChoice {
        preset: RuleSet::preset("japanese"),
        ..RulesChoice::default()
    };
    for path in common::files_under(&root, true) {
        let Ok(bytes) = std::fs::read(&path) else {
            continue;
        };
        let Ok(games) = load(&bytes) else { continue };
        for record in games.into_iter().flatten() {
            let numeric = record
                .result
                .as_deref()
                .map(GameResult::parse)
                .is_some_and(|r| r.is_count());
            if record.territory.is_none() || !numeric {
                continue;
            }
            let name = path
                .strip_prefix(&root)
                .unwrap_or(&path)
                .display()
                .to_string();
            let report = score_game(&name, &record, &RulesChoice::default(), &DeadChoice::Markup);
            let reproduced = matches(&report);
            let has_ru = record
                .rules
                .as_deref()
                .is_some_and(|ru| !ru.trim().is_empty());
            if !has_ru {
                let under_japanese = score_game(&name, &record, &japanese, &DeadChoice::Markup);
                without_ru.push(format!(
                    "{}, japanese {}",
                    describe(&name, &record, &report),
                    under_japanese
                        .score
                        .as_ref()
                        .map_or("-", |s| s.result.as_str())
                ));
                continue;
            }
            total += 1;
            if reproduced {
                matched += 1;
            } else {
                others.push(describe(&name, &record, &report));
            }
        }
    }
    let rate = matched as f64 / total.max(1) as f64;
    println!(
        "markup reproduces RE under the record's RU: {matched} of {total} ({:.1}%)",
        rate * 100.0
    );
    for line in &others {
        println!("  {line}");
    }
    println!("records without RU (counted under the default):");
    for line in &without_ru {
        println!("  {line}");
    }
    assert!(
        total > 0,
        "no record with markup, a numeric RE and an RU found"
    );
    assert!(rate >= 0.95, "only {matched} of {total} reproduced");
}

fn matches(report: &GameReport) -> bool {
    report.score.as_ref().and_then(|s| s.result_matches) == Some(Agreement::Agrees)
}

/// One line: the record's facts and goref's count.
fn describe(name: &str, record: &goref::GameRecord, report: &GameReport) -> String {
    let detail = report.score.as_ref().map_or_else(
        || format!("error {:?}", report.error),
        |s| {
            format!(
                "ours {} (B {:?} W {:?}), {} dead, notes {:?}",
                s.result,
                s.black,
                s.white,
                s.dead_stones.len(),
                s.notes
            )
        },
    );
    format!(
        "{name}: RU {:?} KM {:?} RE {:?}, rules {}: {detail}",
        record.rules, record.komi, record.result, report.rules
    )
}
