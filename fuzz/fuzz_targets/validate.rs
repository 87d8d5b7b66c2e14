//! Arbitrary bytes to `check::validate_bytes` under a few presets (and the record's own
//! `RU`), then every loaded game replayed with the final board checked from scratch.
#![no_main]

use goref::check;
use goref::rules::RulesChoice;
use goref::{RuleSet, replay, sgf};
use libfuzzer_sys::fuzz_target;

/// Presets that differ in ko, suicide and pass rules, so the replay takes every branch.
const PRESETS: [&str; 4] = ["chinese", "japanese", "aga", "tromp-taylor"];

fuzz_target!(|data: &[u8]| {
    let presets: Vec<RuleSet> = PRESETS.iter().filter_map(|n| RuleSet::preset(n)).collect();
    assert_eq!(presets.len(), PRESETS.len(), "a preset name is unknown");

    // `None` follows the record's RU.
    let reports = check::validate_bytes("fuzz", data, &RulesChoice::default());
    assert!(!reports.is_empty(), "validate_bytes returned no report");
    for preset in &presets {
        let choice = RulesChoice {
            preset: Some(preset.clone()),
            ..RulesChoice::default()
        };
        let again = check::validate_bytes("fuzz", data, &choice);
        assert_eq!(
            again.len(),
            reports.len(),
            "the number of games depends on the rules"
        );
    }

    if let Ok(games) = sgf::load(data) {
        for record in games.into_iter().flatten() {
            for preset in &presets {
                if let Ok(replay) = replay::replay(&record, preset) {
                    if let Err(e) = replay.board.check_consistency() {
                        panic!("final board inconsistent under {}: {e}", preset.name);
                    }
                }
            }
        }
    }
});
