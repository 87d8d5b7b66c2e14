//! Eye points that must be filled before a game could end, and so are not territory
//! under territory counting.
//!
//! An eye point is an empty point surrounded by one colour. It is not territory when its
//! owner would have to play on it to keep a chain from being captured:
//!
//! - **a chain in atari** in the final position whose last liberty is that point (an open
//!   ko, a cut left unanswered): the opponent could capture by playing there, so the owner
//!   must connect;
//! - **a false eye**: once the dame around it are filled, a chain next to it has no other
//!   liberty, so the owner must connect through it;
//! - **a chain of false eyes**: connecting through one false eye leaves the connected
//!   chain in atari on the next, and so on until a chain with two liberties is reached.
//!
//! An eye that only looks false, because the chains around it are connected elsewhere
//! (two chains sharing two such eyes, a ring of them), leaves no chain in atari and stays
//! territory. The Japanese rules (1989) give the reason in article 7: stones are alive
//! only if they cannot be captured, and a chain that can be captured unless its owner
//! connects is alive only once the connection is made; the point of the connection is
//! then a stone, not an eye point (article 8). [`super::tidy`] finds these points while it
//! fills the dame.

use serde::Serialize;

use crate::board::{Board, Color};
use crate::point::Point;

use super::tidy::tidy;

/// Why an eye point must be filled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum FillReason {
    /// The chain is in atari in the final position and its last liberty is this point.
    Atari,
    /// The chain is in atari once the dame next to it are filled: a false eye.
    FalseEye,
    /// The chain is in atari once the previous connection is made: a chain of false eyes.
    FalseEyeChain,
}

impl FillReason {
    /// The name used in JSON: `atari`, `false-eye`, `false-eye-chain`.
    pub fn as_str(self) -> &'static str {
        match self {
            FillReason::Atari => "atari",
            FillReason::FalseEye => "false-eye",
            FillReason::FalseEyeChain => "false-eye-chain",
        }
    }
}

/// An eye point its owner must fill.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MustFill {
    /// The eye point.
    pub point: Point,
    /// The colour that must fill it (whose eye point it is).
    pub color: Color,
    /// A stone of the chain that needs the connection (its first in reading order).
    pub chain: Point,
    pub reason: FillReason,
    /// The dame whose filling, or the connection whose making, puts the chain in atari
    /// (`None` for [`FillReason::Atari`]).
    pub after: Option<Point>,
}

impl MustFill {
    /// One sentence saying why, with points in `D4` form for a board of `height` rows:
    /// "the black chain at H1 is in atari: Black must connect at G1".
    pub fn describe(&self, height: u8) -> String {
        let color = match self.color {
            Color::Black => "Black",
            Color::White => "White",
        };
        let at = self.point.to_d4(height);
        let chain = self.chain.to_d4(height);
        let lower = color.to_ascii_lowercase();
        match (self.reason, self.after) {
            (FillReason::Atari, _) | (_, None) => {
                format!("the {lower} chain at {chain} is in atari: {color} must connect at {at}")
            }
            (FillReason::FalseEye, Some(dame)) => format!(
                "{at} is a false eye: once the dame at {} is filled, the {lower} chain at \
                 {chain} is in atari and {color} must connect at {at}",
                dame.to_d4(height)
            ),
            (FillReason::FalseEyeChain, Some(before)) => format!(
                "{at} is a false eye: after the connection at {}, the {lower} chain at \
                 {chain} is in atari and {color} must connect at {at}",
                before.to_d4(height)
            ),
        }
    }
}

/// The eye points of `board`'s final position that must be filled, with `dead` taken off
/// first. Runs the whole tidy-up; use [`super::tidy::tidy`] for the seki as well.
pub fn must_fill(board: &Board, dead: &[Point]) -> Vec<MustFill> {
    tidy(board, dead).must_fill
}
