//! The positions of a game so far, for superko: the key of every position in a hash
//! table, and a compact copy of the board every [`CHECKPOINT_EVERY`] moves, so that a
//! key that matches is confirmed point by point before it is believed. A Zobrist hash
//! match is only a candidate.
//!
//! Memory stays at one byte per point per [`CHECKPOINT_EVERY`] moves, and a confirmation
//! replays at most that many moves.

use super::setup_points;
use crate::board::{Board, Color};
use crate::rules::KoRule;
use crate::sgf::{Action, GameRecord};

/// Moves between two stored positions used to confirm superko candidates.
pub const CHECKPOINT_EVERY: usize = 64;

/// Position keys and the number of moves after which each first stood: an open-addressing
/// table probed linearly, sized once for the whole game. The keys are Zobrist hashes,
/// already uniformly random, so their low bits are the slot; one probe is a handful of
/// instructions where a general hash map's insert cost about sixty, once per move.
struct FirstSeen {
    /// `(key, moves played)`, or [`FirstSeen::FREE`] in the second field (any key may
    /// occur, 0 too: the empty board's).
    slots: Vec<(u64, usize)>,
    len: usize,
}

impl FirstSeen {
    /// The second field of a free slot: no game has that many moves.
    const FREE: usize = usize::MAX;

    /// A table for `keys` keys without growing (it grows past them).
    fn with_capacity(keys: usize) -> FirstSeen {
        // At most half full, so probes stay short.
        let size = keys.saturating_mul(2).max(16).next_power_of_two();
        FirstSeen {
            slots: vec![(0, Self::FREE); size],
            len: 0,
        }
    }

    /// Record that `key` stood after `moves` moves, unless it stood before: then the
    /// number of moves after which it first stood, and the table is unchanged.
    #[inline]
    fn first_or_insert(&mut self, key: u64, moves: usize) -> Option<usize> {
        if (self.len + 1) * 2 > self.slots.len() {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        // Truncating the key keeps its low bits, the slot.
        let mut slot = key as usize & mask;
        loop {
            let (k, first) = self.slots[slot];
            if first == Self::FREE {
                self.slots[slot] = (key, moves);
                self.len += 1;
                return None;
            }
            if k == key {
                return Some(first);
            }
            slot = (slot + 1) & mask;
        }
    }

    #[cold]
    fn grow(&mut self) {
        let old = std::mem::replace(self, FirstSeen::with_capacity(self.slots.len()));
        for (key, first) in old.slots {
            if first != Self::FREE {
                self.first_or_insert(key, first);
            }
        }
    }
}

/// Keys mixed into a board hash to tell situations apart. Fixed odd constants: any
/// value works as long as it differs between the cases.
const TO_MOVE_KEY: [u64; 2] = [0x9e37_79b9_7f4a_7c15, 0xc2b2_ae3d_27d4_eb4f];
const CREATOR_KEY: [u64; 2] = [0x1656_67b1_9e37_79f9, 0x27d4_eb2f_1656_67c5];

pub(super) struct Positions {
    /// What [`Positions::key`] mixes into the board's hash after a move by each colour
    /// (by colour index), and at the start; worked out once from the ko rule (see
    /// [`Positions::key`]) so that a move costs no `match` on it.
    after_move: [u64; 2],
    at_start: u64,
    /// The ko rule compares only positions made by stone plays (natural situational
    /// superko).
    stone_plays_only: bool,
    /// Position key -> the number of moves after which it first stood (0 = the start).
    seen: FirstSeen,
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
        let to_move = |c: Color| TO_MOVE_KEY[c.index()];
        let (after_move, at_start) = match ko {
            KoRule::Positional => ([0, 0], 0),
            KoRule::Simple | KoRule::Situational => (
                [Color::Black, Color::White].map(|c| to_move(c.opponent())),
                to_move(first_player),
            ),
            KoRule::NaturalSituational => (CREATOR_KEY, 0),
        };
        Positions {
            after_move,
            at_start,
            stone_plays_only: ko == KoRule::NaturalSituational,
            // The start and one position a move.
            seen: FirstSeen::with_capacity(record.moves.len() + 1),
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
    /// costs one probe a move instead of two. Called once a move: always inlined into
    /// the replay's loop, where a call cost a third of the work.
    #[inline(always)]
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
        self.seen.first_or_insert(key, moves_played)
    }

    /// The key of the position on `board`, reached by a move of `mover` (`None` at the
    /// start), or `None` when the ko rule ignores such positions.
    ///
    /// Positional superko compares boards. Situational superko (and repetition under
    /// simple ko) compares the board together with the player to move. The natural
    /// reading compares only positions made by stone plays, together with who made them.
    ///
    /// The keys mixed in are worked out in [`Positions::new`]: nothing for positional
    /// superko, the player to move (the mover's opponent, or the first player at the
    /// start) for situational superko and simple ko, the mover for the natural reading.
    #[inline(always)]
    fn key(&self, board: &Board, mover: Option<Color>, stone_play: bool) -> Option<u64> {
        #[cfg(not(test))]
        let hash = board.hash();
        #[cfg(test)]
        let hash = board.hash() & self.hash_mask;
        match mover {
            Some(c) if stone_play || !self.stone_plays_only => {
                Some(hash ^ self.after_move[c.index()])
            }
            None if !self.stone_plays_only => Some(hash ^ self.at_start),
            _ => None,
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

#[cfg(test)]
mod tests {
    use super::FirstSeen;

    #[test]
    fn a_key_keeps_the_first_time_it_was_seen_as_the_table_grows() {
        let mut seen = FirstSeen::with_capacity(1);
        // Keys that share their low bits land in one run of slots; 0 is a key too (the
        // empty board's hash).
        let keys: Vec<u64> = (0..100u64).map(|k| k << 40).collect();
        for (moves, &key) in keys.iter().enumerate() {
            assert_eq!(seen.first_or_insert(key, moves), None);
        }
        for (moves, &key) in keys.iter().enumerate() {
            assert_eq!(seen.first_or_insert(key, 1000 + moves), Some(moves));
        }
        assert_eq!(seen.len, keys.len());
        assert!(seen.slots.len() >= 2 * keys.len());
    }
}
