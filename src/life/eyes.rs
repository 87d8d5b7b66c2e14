//! Eyes, defined once.
//!
//! An *eye* of a colour is a connected set of points that are empty (or hold stones
//! taken as gone: dead stones about to be lifted) next to stones of that colour only. An
//! eye of two points or more is *real*. A one-point eye is *false* when the opponent
//! holds two of its diagonals, or one when the point is on the edge or in the corner: the
//! opponent can then play next to the eye on both sides of one of the chains around it
//! and put that chain in atari, and the owner must fill the eye to save it. The estimate
//! counts as held a diagonal the opponent can take: an empty point next to one of the
//! opponent's stones (two eyes that each need a move to keep are one eye); the playouts
//! (`estimate/playout.rs`), which only ask about stones already there, count the stones,
//! through the same [`is_false`].
//!
//! The count never relies on this rule: whether an eye point must be filled before the
//! end is read out exactly ([`super::settle`]). The rule is what the estimate and the
//! playouts use to judge eyes fast; an eye it calls false may still be real when the
//! chains around it are connected some other way (a ring of them: see the estimate's
//! static pass).

use crate::board::Color;

use super::position::{NONE, Position, bit};

/// What stands on a diagonal of a one-point eye, for [`is_false`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Diagonal {
    /// Off the board: the eye is on the edge.
    OffBoard,
    /// A stone of the opponent, or a point the opponent can take.
    Opponent,
    /// Anything else: the owner's stone, or an empty point the opponent cannot take.
    Other,
}

/// The false-eye rule: see the module documentation.
#[inline]
pub fn is_false(diagonals: impl IntoIterator<Item = Diagonal>) -> bool {
    let (mut theirs, mut edge) = (0usize, false);
    for d in diagonals {
        match d {
            Diagonal::OffBoard => edge = true,
            Diagonal::Opponent => theirs += 1,
            Diagonal::Other => {}
        }
    }
    theirs + usize::from(edge) >= 2
}

/// Whether the one-point eye `i` of `color` on `position` is false, taking the stones on
/// points where `gone` holds as lifted, and an empty diagonal next to the opponent's
/// stones as the opponent's.
pub fn false_eye(position: &Position, i: usize, color: Color, gone: &[bool]) -> bool {
    let held = |k: usize| position.stones[k] == Some(color.opponent()) && !gone[k];
    let open = |k: usize| position.stones[k].is_none() || gone[k];
    let on_board = position.diagonals(i).count();
    let off = (on_board < 4).then_some(Diagonal::OffBoard);
    is_false(
        position
            .diagonals(i)
            .map(|k| {
                if held(k) || (open(k) && position.neighbours(k).any(held)) {
                    Diagonal::Opponent
                } else {
                    Diagonal::Other
                }
            })
            .chain(off),
    )
}

/// Per group (the group of each chain is `group_of[chain]`): how many real eyes it has,
/// and the size of its largest eye. Stones on points where `gone` holds count as empty.
/// `eyes` and `largest` are indexed by group and overwritten.
///
/// An eye here is a connected set of open points (empty, or a gone stone) with stones of
/// one colour around it. When `gone` takes whole chains (as the estimate's static pass
/// does), such a set is a union of the position's areas and gone chains, which the
/// position already knows: an area is joined to the gone chains in its list of chains,
/// and a gone chain to the gone chains next to its stones. So the eyes are found by
/// joining those parts, and what is around an eye is the chains that are not gone in its
/// areas' lists and next to its gone stones: the same sets of points and the same
/// stones around them as a walk over the points finds, and the counts and sizes do not
/// depend on the order the eyes are met in. Otherwise the walk over the points counts.
pub fn count(
    position: &Position,
    group_of: &[usize],
    gone: &[bool],
    eyes: &mut [u32],
    largest: &mut [usize],
) {
    let chains = &position.chains;
    let whole = chains.iter().all(|chain| {
        chain
            .stones
            .iter()
            .all(|&i| gone[i] == gone[chain.stones[0]])
    });
    if !whole {
        count_by_points(position, group_of, gone, eyes, largest);
        return;
    }
    eyes.fill(0);
    largest.fill(0);
    let n_areas = position.areas.len();
    let chain_gone = |c: usize| gone[chains[c].stones[0]];
    // The parts: area `a` is part `a`, chain `c` part `n_areas + c` (only gone chains
    // are joined to anything).
    let mut parent: Vec<usize> = (0..n_areas + chains.len()).collect();
    fn root(parent: &mut [usize], mut x: usize) -> usize {
        while parent[x] != x {
            parent[x] = parent[parent[x]];
            x = parent[x];
        }
        x
    }
    fn join(parent: &mut [usize], a: usize, b: usize) {
        let (ra, rb) = (root(parent, a), root(parent, b));
        if ra != rb {
            parent[ra.max(rb)] = ra.min(rb);
        }
    }
    for (a, area) in position.areas.iter().enumerate() {
        for &c in &area.chains {
            if chain_gone(c) {
                join(&mut parent, a, n_areas + c);
            }
        }
    }
    for (c, chain) in chains.iter().enumerate() {
        if !chain_gone(c) {
            continue;
        }
        for &i in &chain.stones {
            for nb in position.neighbours(i) {
                let d = position.chain_of[nb];
                if d != NONE && d != c && chain_gone(d) {
                    join(&mut parent, n_areas + c, n_areas + d);
                }
            }
        }
    }
    // The open parts, grouped by their eye (counting sort on the root).
    let open: Vec<usize> = (0..n_areas)
        .chain(
            (0..chains.len())
                .filter(|&c| chain_gone(c))
                .map(|c| n_areas + c),
        )
        .collect();
    let mut start = vec![0usize; parent.len() + 1];
    let roots: Vec<usize> = open.iter().map(|&p| root(&mut parent, p)).collect();
    for &r in &roots {
        start[r + 1] += 1;
    }
    for k in 1..start.len() {
        start[k] += start[k - 1];
    }
    let mut next = start.clone();
    let mut by_eye = vec![0usize; open.len()];
    for (&p, &r) in open.iter().zip(&roots) {
        by_eye[next[r]] = p;
        next[r] += 1;
    }
    // Per group: the eye it was last listed around (one more than its root).
    let mut listed = vec![0usize; eyes.len()];
    let mut around: Vec<usize> = Vec::new();
    for r in 0..parent.len() {
        let parts = &by_eye[start[r]..start[r + 1]];
        if parts.is_empty() {
            continue;
        }
        around.clear();
        let (mut touches, mut size, mut first) = (0u8, 0usize, usize::MAX);
        let mut border = |c: usize, around: &mut Vec<usize>, touches: &mut u8| {
            *touches |= bit(chains[c].color);
            let g = group_of[c];
            if listed[g] != r + 1 {
                listed[g] = r + 1;
                around.push(g);
            }
        };
        for &p in parts {
            if p < n_areas {
                let area = &position.areas[p];
                size += area.points.len();
                first = first.min(area.points[0]);
                for &c in &area.chains {
                    if !chain_gone(c) {
                        border(c, &mut around, &mut touches);
                    }
                }
            } else {
                let chain = &chains[p - n_areas];
                size += chain.stones.len();
                first = first.min(chain.stones[0]);
                for &i in &chain.stones {
                    for nb in position.neighbours(i) {
                        let d = position.chain_of[nb];
                        if d != NONE && !chain_gone(d) {
                            border(d, &mut around, &mut touches);
                        }
                    }
                }
            }
        }
        let color = match touches {
            1 => Color::Black,
            2 => Color::White,
            _ => continue,
        };
        let real = size > 1 || !false_eye(position, first, color, gone);
        for &g in &around {
            if real {
                eyes[g] += 1;
            }
            largest[g] = largest[g].max(size);
        }
    }
}

/// [`count`] by a walk over the points: for any `gone`, and the reference of the tests.
pub fn count_by_points(
    position: &Position,
    group_of: &[usize],
    gone: &[bool],
    eyes: &mut [u32],
    largest: &mut [usize],
) {
    eyes.fill(0);
    largest.fill(0);
    let open = |i: usize| position.stones[i].is_none() || gone[i];
    let mut around: Vec<usize> = Vec::new();
    position.regions(open, |area, border| {
        around.clear();
        let mut touches = 0u8;
        for &nb in border {
            if let Some(c) = position.stones[nb] {
                touches |= bit(c);
                around.push(group_of[position.chain_of[nb]]);
            }
        }
        let color = match touches {
            1 => Color::Black,
            2 => Color::White,
            _ => return,
        };
        around.sort_unstable();
        around.dedup();
        let size = area.len();
        let real = size > 1 || !false_eye(position, area[0], color, gone);
        for &g in &around {
            if real {
                eyes[g] += 1;
            }
            largest[g] = largest[g].max(size);
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;

    fn position(diagram: &str) -> Position {
        Position::new(&Board::from_diagram(diagram).expect("a diagram"))
    }

    /// In the middle, two diagonals make a false eye; on the edge, one; in the corner, the
    /// corner itself is off the board, so one diagonal held is enough.
    #[test]
    fn false_eyes_in_the_middle_on_the_edge_and_in_the_corner() {
        let middle = position(
            "
            . . . . .
            . O X O .
            . X . X .
            . O X . .
            . . . . .",
        );
        let none = vec![false; middle.len()];
        assert!(false_eye(&middle, 12, Color::Black, &none));
        let one = position(
            "
            . . . . .
            . O X . .
            . X . X .
            . . X . .
            . . . . .",
        );
        // C3 has one held diagonal (B4) and one the opponent can take next to its
        // stone: D4 is next to no white stone, B2 is next to nothing: still real.
        assert!(!false_eye(&one, 12, Color::Black, &none));
        let edge = position(
            "
            X . X . .
            O X . . .
            . . . . .",
        );
        assert!(false_eye(&edge, 1, Color::Black, &vec![false; edge.len()]));
        let corner = position(
            "
            . X . .
            X O . .
            . . . .",
        );
        assert!(false_eye(
            &corner,
            0,
            Color::Black,
            &vec![false; corner.len()]
        ));
        let corner_real = position(
            "
            . X . .
            X X . .
            . . . .",
        );
        assert!(!false_eye(
            &corner_real,
            0,
            Color::Black,
            &vec![false; corner_real.len()]
        ));
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2000))]
        /// The eyes found from the position's areas and chains are the eyes a walk over
        /// the points finds: whole chains gone (the parts path) or single stones gone
        /// (the walk itself), with groups of several chains.
        #[test]
        fn eyes_by_parts_as_by_points(
            width in 1u8..=19,
            height in 1u8..=19,
            density in 0u8..=10,
            black in 0u8..=10,
            cells in proptest::collection::vec(0u8..10, 361),
            gone_chain in proptest::collection::vec(proptest::bool::weighted(0.3), 361),
            single in proptest::bool::weighted(0.1),
            groups in 1usize..6,
        ) {
            let stones = crate::testing::two_colour_stones(width, height, density, black, &cells);
            let position = Position::from_stones(width, height, stones);
            let n = position.chains.len();
            let gone: Vec<bool> = (0..position.len())
                .map(|i| match position.chain_of[i] {
                    NONE => false,
                    c if single => gone_chain[i] && c % 2 == 0,
                    c => gone_chain[c],
                })
                .collect();
            let group_of: Vec<usize> = (0..n).map(|c| c / groups).collect();
            let (mut eyes, mut largest) = (vec![7u32; n], vec![7usize; n]);
            count(&position, &group_of, &gone, &mut eyes, &mut largest);
            let (mut eyes_walked, mut largest_walked) = (vec![0u32; n], vec![0usize; n]);
            count_by_points(&position, &group_of, &gone, &mut eyes_walked, &mut largest_walked);
            proptest::prop_assert_eq!(eyes, eyes_walked);
            proptest::prop_assert_eq!(largest, largest_walked);
        }
    }
}
