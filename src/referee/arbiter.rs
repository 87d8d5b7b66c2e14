//! The referee's check of each move as it is played: the rules `replay` applies to a
//! record (occupied points, suicide, simple ko, superko as the rule set reads it, the
//! first repetition of a position under simple ko), kept move by move on one board so
//! a move costs a board play and one hash probe, not a replay of the game so far.
//!
//! It answers the same questions [`crate::replay::replay`] answers about the written
//! record, in the same order, and the referee judges the finished record with the
//! validator itself; a test plays random games through both and compares them.

use std::collections::HashMap;

use crate::board::{Board, Color, PlayError};
use crate::point::Point;
use crate::replay::FindingKind;
use crate::rules::{Cycle, KoRule, RuleSet, Suicide};

/// Keys mixed into a board hash for the player to move (any two different odd values).
const TO_MOVE_KEY: [u64; 2] = [0x2545_f491_4f6c_dd1d, 0x9e37_79b9_7f4a_7c15];
const CREATOR_KEY: [u64; 2] = [0x1656_67b1_9e37_79f9, 0x27d4_eb2f_1656_67c5];

/// What a move does under the rule set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// Legal; the board has it.
    Legal,
    /// Illegal (`kind` as `validate` names it, and why); the board is as it was.
    Illegal { kind: FindingKind, detail: String },
    /// Legal, and it repeats an earlier position (after `earlier` moves) under simple
    /// ko, which the rule set ends as a draw or no result; the board has it.
    Repetition { earlier: usize },
}

/// The board of a game in progress and every position it has held.
pub struct Arbiter {
    rules: RuleSet,
    board: Box<Board>,
    /// Key of a position -> the move numbers after which it stood.
    seen: HashMap<u64, Vec<usize>>,
    /// The position after each move (index = moves played), one byte a point.
    positions: Vec<Vec<u8>>,
    moves: usize,
    /// The key stored for the last position remembered, to take it back.
    last_key: Option<u64>,
    scratch: Vec<u8>,
}

impl Arbiter {
    /// A board of `size` with Black's `handicap` stones set up, `first` to move.
    pub fn new(rules: &RuleSet, size: u8, handicap: &[Point], first: Color) -> Option<Arbiter> {
        let mut board = Board::new_boxed(size, size)?;
        for &p in handicap {
            board.set(p, Some(Color::Black)).ok()?;
        }
        let mut arbiter = Arbiter {
            rules: rules.clone(),
            board,
            seen: HashMap::new(),
            positions: Vec::new(),
            moves: 0,
            last_key: None,
            scratch: Vec::new(),
        };
        arbiter.remember(None, first, false);
        Some(arbiter)
    }

    /// The position now.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// A pass by `color`.
    pub fn pass(&mut self, color: Color) {
        self.board.pass();
        self.moves += 1;
        self.remember(Some(color), color.opponent(), false);
    }

    /// A stone of `color` on `p`: played when legal, the board left as it was when not.
    pub fn play(&mut self, color: Color, p: Point) -> Verdict {
        let height = self.board.height();
        let at = p.to_d4(height);
        let who = color.name();
        if !self.board.contains(p) {
            return illegal(
                FindingKind::OffBoard,
                format!("{who} names {at}, off the board"),
            );
        }
        if self.board.get(p).is_some() {
            return illegal(
                FindingKind::Occupied,
                format!("{who} plays on {at}, which already holds a stone"),
            );
        }
        if self.rules.suicide == Suicide::Forbidden && self.board.is_suicide(color, p) {
            return illegal(
                FindingKind::Suicide,
                format!(
                    "{who} at {at} leaves its own stones without liberties (suicide is forbidden under {})",
                    self.rules.name
                ),
            );
        }
        if self.board.is_ko_recapture(color, p) {
            return illegal(
                FindingKind::Ko,
                format!("{who} retakes the ko at {at} at once, without a move elsewhere first"),
            );
        }
        let before = self.board.clone();
        match self.board.play(color, p) {
            Ok(_) => {}
            Err(PlayError::OffBoard | PlayError::Occupied) => {
                return illegal(FindingKind::Occupied, format!("{who} cannot play {at}"));
            }
        }
        self.moves += 1;
        let earlier = self.remember(Some(color), color.opponent(), true);
        let Some(earlier) = earlier else {
            return Verdict::Legal;
        };
        if self.rules.ko == KoRule::Simple {
            return if self.rules.cycle == Cycle::Impossible {
                Verdict::Legal
            } else {
                Verdict::Repetition { earlier }
            };
        }
        // Superko forbids it: take it back.
        self.board = before;
        self.moves -= 1;
        self.positions.pop();
        if let Some(list) = self.last_key.and_then(|k| self.seen.get_mut(&k)) {
            list.pop();
        }
        let when = if earlier == 0 {
            "the position at the start of the game".to_string()
        } else {
            format!("the position after move {earlier}")
        };
        illegal(
            FindingKind::Superko,
            format!("{who} at {at} recreates {when} ({})", self.rules.ko),
        )
    }

    /// Record the position after `self.moves` moves (the last by `mover`, `to_move`
    /// next). Returns the first earlier move count whose position is the same (compared
    /// point by point, not only by hash) when the ko rule forbids or ends it.
    fn remember(
        &mut self,
        mover: Option<Color>,
        to_move: Color,
        stone_play: bool,
    ) -> Option<usize> {
        self.board.write_position(&mut self.scratch);
        let key = self.key(mover, to_move, stone_play);
        self.last_key = key;
        let mut earlier = None;
        if let Some(key) = key {
            let list = self.seen.entry(key).or_default();
            if stone_play {
                earlier = list
                    .iter()
                    .copied()
                    .find(|&m| self.positions.get(m) == Some(&self.scratch));
            }
            list.push(self.moves);
        }
        self.positions.push(self.scratch.clone());
        earlier
    }

    /// The key of the position on the board (see `replay/positions.rs`): the board for
    /// positional superko, with the player to move for situational superko and simple
    /// ko, with its maker for the natural reading (stone plays only).
    fn key(&self, mover: Option<Color>, to_move: Color, stone_play: bool) -> Option<u64> {
        let hash = self.board.hash();
        match self.rules.ko {
            KoRule::Positional => Some(hash),
            KoRule::Simple | KoRule::Situational => Some(hash ^ TO_MOVE_KEY[to_move.index()]),
            KoRule::NaturalSituational => match mover {
                Some(c) if stone_play => Some(hash ^ CREATOR_KEY[c.index()]),
                _ => None,
            },
        }
    }
}

fn illegal(kind: FindingKind, detail: String) -> Verdict {
    Verdict::Illegal { kind, detail }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::replay::{Severity, replay};
    use crate::sgf;

    /// Random games checked move by move by the arbiter and, written out, by the
    /// validator: every move the arbiter refuses is one the validator finds illegal
    /// when it is played instead, and a game of legal moves is valid.
    #[test]
    fn the_arbiter_agrees_with_the_validator_on_random_games() {
        let mut seed: u64 = 0x1234_5678;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for preset in ["sjtu", "chinese", "aga", "tromp-taylor", "japanese"] {
            let rules = RuleSet::preset(preset).expect("preset");
            for _game in 0..30 {
                let size = 4 + (next() % 3) as u8;
                let mut arbiter = Arbiter::new(&rules, size, &[], Color::Black).expect("board");
                let mut moves: Vec<String> = Vec::new();
                let mut color = Color::Black;
                for _ in 0..120 {
                    let p = Point::new(
                        (next() % u64::from(size)) as u8,
                        (next() % u64::from(size)) as u8,
                    );
                    if next() % 9 == 0 {
                        arbiter.pass(color);
                        moves.push(format!(";{}[]", color.letter()));
                        color = color.opponent();
                        continue;
                    }
                    let verdict = arbiter.play(color, p);
                    let mv = format!(";{}[{}]", color.letter(), p.to_sgf());
                    let text = format!("(;SZ[{size}]{}{mv})", moves.concat());
                    let record = sgf::load(text.as_bytes())
                        .expect("loads")
                        .remove(0)
                        .expect("game");
                    let checked = replay(&record, &rules).expect("replays");
                    let last = moves.len() + 1;
                    let illegal_last = checked
                        .findings
                        .iter()
                        .any(|f| f.severity == Severity::Illegal && f.move_number == Some(last));
                    let repeated_last = checked
                        .findings
                        .iter()
                        .any(|f| f.kind == FindingKind::Repetition && f.move_number == Some(last));
                    match verdict {
                        Verdict::Illegal { kind, .. } => {
                            assert!(illegal_last, "{preset}: {kind} at {text}");
                        }
                        Verdict::Legal => {
                            assert!(!illegal_last && !repeated_last, "{preset}: legal at {text}");
                            moves.push(mv);
                            color = color.opponent();
                        }
                        Verdict::Repetition { .. } => {
                            assert!(repeated_last, "{preset}: repetition at {text}");
                            break;
                        }
                    }
                }
            }
        }
    }
}
