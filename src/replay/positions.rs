//! The positions of a game so far, for superko: the key of every position in a hash
//! table, and a compact copy of the board every [`CHECKPOINT_EVERY`] moves, so that a
//! key that matches is confirmed point by point before it is believed. A Zobrist hash
//! match is only a candidate.
//!
//! Memory stays at one byte per point per [`CHECKPOINT_EVERY`] moves, and a confirmation
//! replays at most that many moves.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use super::setup_points;
use crate::board::{Board, Color};
use crate::rules::KoRule;
use crate::sgf::{Action, GameRecord};

/// Moves between two stored positions used to confirm superko candidates.
pub const CHECKPOINT_EVERY: usize = 64;

/// A hasher for keys that are already uniformly random (Zobrist hashes).
#[derive(Default)]
struct ZobristHasher(u64);

impl Hasher for ZobristHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }
    fn write_u64(&mut self, value: u64) {
        self.0 = value;
    }
}

type PositionMap = HashMap<u64, usize, BuildHasherDefault<ZobristHasher>>;

/// Keys mixed into a board hash to tell situations apart. Fixed odd constants: any
/// value works as long as it differs between the cases.
const TO_MOVE_KEY: [u64; 2] = [0x9e37_79b9_7f4a_7c15, 0xc2b2_ae3d_27d4_eb4f];
const CREATOR_KEY: [u64; 2] = [0x1656_67b1_9e37_79f9, 0x27d4_eb2f_1656_67c5];

pub(super) struct Positions {
    ko: KoRule,
    /// Who is to move at the start.
    first_player: Color,
    /// Position key -> the number of moves after which it first stood (0 = the start).
    seen: PositionMap,
    /// Positions after 0, CHECKPOINT_EVERY, 2*CHECKPOINT_EVERY... moves.
    checkpoints: Vec<u8>,
    area: usize,
    /// Scratch board for confirming candidates (boxed: most games never confirm one,
    /// and a history that holds a board inline is costly to move).
    scratch: Option<Box<Board>>,
    /// Tests only: the bits of the board hash kept, so that positions collide at will.
    #[cfg(test)]
    pub(super) hash_mask: u64,
}

impl Positions {
    /// An empty history for `record` under the ko rule `ko`; `first_player` is to move
    /// at the start.
    pub(super) fn new(record: &GameRecord, ko: KoRule, first_player: Color) -> Positions {
        let area = usize::from(record.width) * usize::from(record.height);
        let mut seen = PositionMap::default();
        seen.reserve(record.moves.len() + 1);
        Positions {
            ko,
            first_player,
            seen,
            checkpoints: Vec::with_capacity(area * (record.moves.len() / CHECKPOINT_EVERY + 1)),
            area,
            scratch: None,
            #[cfg(test)]
            hash_mask: u64::MAX,
        }
    }

    /// Record the position of `board` after `moves_played` moves (the last by `mover`).
    /// `stone_play`: the move put a stone on the board (a pass, or a stone that could
    /// not stand, did not).
    ///
    /// Returns the candidate earlier position: the number of moves after which a
    /// position with the same key first stood, when there is one. The key stays with
    /// that first position. A candidate is only a hash match: [`Positions::confirm`]
    /// says whether the positions are really equal. Looking up and recording in one step
    /// costs one hash table probe a move instead of two.
    #[inline]
    pub(super) fn remember(
        &mut self,
        board: &Board,
        moves_played: usize,
        mover: Option<Color>,
        stone_play: bool,
    ) -> Option<usize> {
        if moves_played.is_multiple_of(CHECKPOINT_EVERY) {
            board.append_position(&mut self.checkpoints);
        }
        let key = self.key(board, mover, stone_play)?;
        // `insert` finds the key or its free slot in one probe, where `entry` probes
        // twice for a new key. New keys are the rule; on the rare known one, the first
        // value is put back.
        let first = self.seen.insert(key, moves_played)?;
        self.seen.insert(key, first);
        Some(first)
    }

    /// The key of the position on `board`, reached by a move of `mover` (`None` at the
    /// start), or `None` when the ko rule ignores such positions.
    ///
    /// Positional superko compares boards. Situational superko (and repetition under
    /// simple ko) compares the board together with the player to move. The natural
    /// reading compares only positions made by stone plays, together with who made them.
    fn key(&self, board: &Board, mover: Option<Color>, stone_play: bool) -> Option<u64> {
        #[cfg(not(test))]
        let hash = board.hash();
        #[cfg(test)]
        let hash = board.hash() & self.hash_mask;
        let to_move = match mover {
            Some(c) => c.opponent(),
            None => self.first_player,
        };
        match self.ko {
            KoRule::Positional => Some(hash),
            KoRule::Simple | KoRule::Situational => Some(hash ^ TO_MOVE_KEY[to_move.index()]),
            KoRule::NaturalSituational => match mover {
                Some(c) if stone_play => Some(hash ^ CREATOR_KEY[c.index()]),
                _ => None,
            },
        }
    }

    /// Whether `board` holds the position that stood after `moves_played` moves of
    /// `record` (a candidate from [`Positions::remember`]): rebuilt from the nearest
    /// checkpoint by replaying the moves since, and compared point by point.
    pub(super) fn confirm(
        &mut self,
        board: &Board,
        record: &GameRecord,
        moves_played: usize,
    ) -> bool {
        let checkpoint = moves_played / CHECKPOINT_EVERY;
        let start = checkpoint * self.area;
        let Some(snapshot) = self.checkpoints.get(start..start + self.area) else {
            return false;
        };
        let scratch = match &mut self.scratch {
            Some(scratch) => scratch,
            None => self.scratch.insert(Box::new(board.clone())),
        };
        scratch.load_position(snapshot);
        let first = checkpoint * CHECKPOINT_EVERY;
        // Setup nodes are in move order: start at the first one inside this window and
        // apply them as the main replay does.
        let start = record.mid_setups.partition_point(|s| s.after_move < first);
        let mut setups = record.mid_setups[start..].iter().peekable();
        for i in first..moves_played {
            while let Some(s) = setups.next_if(|s| s.after_move <= i) {
                for (p, stone) in setup_points(&s.setup) {
                    let _ = scratch.set(p, stone);
                }
            }
            if let Some(mv) = record.moves.get(i)
                && let Action::Play(p) = mv.action
            {
                let _ = scratch.play(mv.color, p);
            }
        }
        scratch.same_position(board)
    }
}
