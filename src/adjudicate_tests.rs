//! Results from margins and the comparison with `RE` on the forms records write.

use super::*;

fn rules(name: &str) -> RuleSet {
    name.parse().unwrap_or_else(|e| panic!("{name}: {e}"))
}

#[test]
fn equal_counts_are_a_draw_except_under_ing() {
    assert_eq!(count_result(0.0, &rules("nz")), GameResult::Draw);
    assert_eq!(count_result(0.0, &rules("ing")).to_string(), "B+0");
    assert_eq!(count_result(-12.0, &rules("nz")).to_string(), "W+12");
    assert_eq!(count_result(3.5, &rules("nz")).to_string(), "B+3.5");
}

#[test]
fn results_compare_after_normalising() {
    let cmp = |ours: &str, recorded: &str| {
        agrees(
            &GameResult::parse(ours),
            &GameResult::parse(recorded),
            recorded,
        )
    };
    assert_eq!(cmp("B+3.5", "B+3.5"), Some(true));
    assert_eq!(cmp("B+0.5", "B+.5"), Some(true));
    assert_eq!(cmp("B+3.5", "B+4.5"), Some(false));
    assert_eq!(cmp("B+3.5", "W+3.5"), Some(false));
    assert_eq!(cmp("Draw", "0"), Some(true));
    assert_eq!(cmp("Draw", "Jigo"), Some(true));
    assert_eq!(cmp("B+R", "B+Resign"), Some(true));
    assert_eq!(cmp("W+T", "W+Time"), Some(true));
    assert_eq!(
        cmp("W+F", "W+R"),
        Some(true),
        "the winner is what a margin-less result says"
    );
    assert_eq!(cmp("B+3.5", "B+"), Some(true));
    assert_eq!(cmp("Void", "Void"), Some(true));
    assert_eq!(cmp("Draw", "Void"), Some(false));
    assert_eq!(cmp("B+3.5", "?"), None);
    assert_eq!(cmp("B+3.5", "Black won"), None);
    // Ing: a tie Black wins, written B+0.
    let tie = GameResult::Score {
        winner: Color::Black,
        margin: 0.0,
    };
    assert_eq!(agrees(&tie, &GameResult::parse("B+0"), "B+0"), Some(true));
    assert_eq!(agrees(&tie, &GameResult::parse("0"), "0"), Some(false));
}
