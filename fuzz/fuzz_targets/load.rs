//! Arbitrary bytes to `sgf::load`, and to `sgf::load_with` under small limits so that
//! short inputs reach every bound. The loader must never panic, must keep to the limits,
//! and every game it returns must have a board size the board accepts.
#![no_main]

use goref::sgf::{self, GameError, GameRecord, Limits, LoadError};
use libfuzzer_sys::fuzz_target;

type Loaded = Result<Vec<Result<GameRecord, GameError>>, LoadError>;

fn check(loaded: Loaded, limits: &Limits) {
    let Ok(games) = loaded else { return };
    assert!(games.len() <= limits.max_games, "more games than the limit");
    for record in games.into_iter().flatten() {
        assert!(
            goref::Board::new(record.width, record.height).is_some(),
            "the loader accepted a {}x{} board the board rejects",
            record.width,
            record.height
        );
        assert!(
            record.nodes <= limits.max_nodes,
            "more nodes than the limit"
        );
    }
}

fuzz_target!(|data: &[u8]| {
    check(sgf::load(data), &Limits::default());
    let small = Limits {
        max_file_bytes: 32 << 10,
        max_games: 4,
        max_nodes: 64,
        max_depth: 8,
        max_value_bytes: 64,
        max_time: None,
        clock: sgf::Clock::Wall,
    };
    check(sgf::load_with(data, &small), &small);
});
