//! Arbitrary bytes to `check::score_bytes` with two rule choices and every `--dead`
//! mode that needs no points: one report per (game, choice), whatever the bytes.
#![no_main]

use goref::check;
use goref::life::DeadChoice;
use goref::rules::RulesChoice;
use goref::{RuleSet, sgf};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let choices = [
        RulesChoice::default(),
        RulesChoice {
            preset: RuleSet::preset("japanese"),
            ..RulesChoice::default()
        },
    ];
    let games = match sgf::load(data) {
        Ok(games) => games.len(),
        Err(_) => 1,
    };
    for dead in [DeadChoice::Auto, DeadChoice::Markup, DeadChoice::None] {
        let reports = check::score_bytes("fuzz", data, &choices, &dead, &sgf::Limits::default());
        assert_eq!(
            reports.len(),
            games * choices.len(),
            "score_bytes must give one report per game and rule choice"
        );
    }
});
