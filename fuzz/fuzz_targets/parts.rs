//! Differential: loading with runs of plain move nodes read in parts (`src/sgf/plain.rs`)
//! must give exactly what parsing every game tree whole gives.
#![no_main]

use goref::sgf;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let parts = sgf::load(data);
    let whole = sgf::load_whole(data);
    assert_eq!(parts, whole, "loading in parts differs from loading whole");
});
