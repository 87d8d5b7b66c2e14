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

use super::position::{Position, bit};

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
pub fn count(
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
}
