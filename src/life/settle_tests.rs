//! The shortcuts of the settling held equal to what they replace, on random positions.

use super::*;

/// A position of [`crate::testing::random_stones`].
fn random_position(width: u8, height: u8, density: u8, cells: &[u8]) -> Position {
    Position::from_stones(
        width,
        height,
        crate::testing::random_stones(width, height, density, cells),
    )
}

/// Whether two boards answer every question the settling and the fights ask alike: the
/// stones, the chains (their stones in reading order, their liberties), the hash and the
/// count of stones, the ko point, and the board after a stone of either colour on every
/// empty point.
fn same_board(a: &Board, b: &Board) -> Result<(), String> {
    a.check_consistency()?;
    b.check_consistency()?;
    if !a.same_position(b) || a.hash() != b.hash() || a.ko_point() != b.ko_point() {
        return Err("stones, hash or ko point differ".to_string());
    }
    for color in [Color::Black, Color::White] {
        if a.stones(color) != b.stones(color) {
            return Err("the counts of stones differ".to_string());
        }
    }
    for y in 0..a.height() {
        for x in 0..a.width() {
            let p = Point::new(x, y);
            if a.liberties(p) != b.liberties(p) || a.chain(p) != b.chain(p) {
                return Err(format!("the chain at {p:?} differs"));
            }
            let count = |board: &Board| board.chain_stones(p).count();
            if count(a) != count(b) {
                return Err(format!("the walk of the chain at {p:?} differs"));
            }
            if a.get(p).is_none() {
                for color in [Color::Black, Color::White] {
                    match (with_move(a, color, p), with_move(b, color, p)) {
                        (None, None) => {}
                        (Some(x), Some(y))
                            if x.same_position(&y) && x.ko_point() == y.ko_point() => {}
                        _ => return Err(format!("a play at {p:?} differs")),
                    }
                }
            }
        }
    }
    Ok(())
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(300))]
    #[test]
    fn working_board_as_the_position_makes_it(
        width in 1u8..=19,
        height in 1u8..=19,
        density in 0u8..=10,
        cells in proptest::collection::vec(0u8..10, 361),
        dead in proptest::collection::vec((0u8..21, 0u8..21), 0..60),
        ko in proptest::bool::ANY,
    ) {
        // The game's board, played to leave a ko point when it can: stones set, then a
        // capture of one stone by a play.
        let mut board = random_position(width, height, density, &cells).board();
        if ko {
            let points = (0..height).flat_map(|y| (0..width).map(move |x| Point::new(x, y)));
            for p in points.collect::<Vec<_>>() {
                let captures = [Color::Black, Color::White].into_iter().find_map(|c| {
                    let mut after = board.clone();
                    let outcome = after.play(c, p).ok()?;
                    (outcome.captured == 1 && after.ko_point().is_some()).then_some(after)
                });
                if let Some(after) = captures {
                    board = after;
                    break;
                }
            }
        }
        // Points of the dead list: stones, empty points, points off the board, repeats.
        let dead: Vec<Point> = dead.into_iter().map(|(x, y)| Point::new(x, y)).collect();
        let fills = capture_fills(&board, &dead);
        let reference = if fills.is_empty() {
            Position::without(&board, &dead).board()
        } else {
            Position::new(&taken_off(&board, &dead, &fills)).board()
        };
        let fast = working_board(&board, &dead, &fills);
        proptest::prop_assert_eq!(same_board(&fast, &reference), Ok(()));
    }

    #[test]
    fn walls_as_with_the_whole_proof(
        width in 1u8..=19,
        height in 1u8..=19,
        density in 0u8..=10,
        cells in proptest::collection::vec(0u8..10, 361),
    ) {
        let position = random_position(width, height, density, &cells);
        let alive = chains_alive(&position, Suicide::Allowed);
        let full = fights::walls(&position, |i| alive[position.chain_of[i]]);
        proptest::prop_assert_eq!(walls_proved(&position), full);
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(300))]
    #[test]
    fn cluster_of_a_chain_as_among_all_clusters(
        width in 1u8..=19,
        height in 1u8..=19,
        density in 0u8..=10,
        cells in proptest::collection::vec(0u8..10, 361),
        walls in proptest::collection::vec(proptest::bool::weighted(0.3), 361),
    ) {
        let position = random_position(width, height, density, &cells);
        let wall: Vec<bool> = (0..position.chains.len()).map(|c| walls[c]).collect();
        let all = fights::clusters(&position, &wall);
        for d in (0..position.chains.len()).filter(|&d| !wall[d]) {
            let among = all.iter().find(|cluster| cluster.chains.binary_search(&d).is_ok());
            proptest::prop_assert_eq!(Some(&cluster_of(&position, &wall, d)), among);
        }
    }
}
