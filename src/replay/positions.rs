//! The positions of a game so far, for superko: the key of every position in a hash
//! table, and a compact copy of the board every [`CHECKPOINT_EVERY`] moves, so that a
//! key that matches is confirmed point by point before it is believed. A Zobrist hash
//! match is only a candidate.
//!
//! Memory stays at one byte per cell of the padded grid between the board's first point
//! and its last (about 1.4 bytes per point on 19x19) per [`CHECKPOINT_EVERY`] moves, and
//! a confirmation replays at most that many moves.

use std::cell::Cell;

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
///
/// A table outlives its game: each thread keeps the last one ([`SPARE`]) for its next
/// game, which stamps its slots with its own number ([`FirstSeen::game`]). A slot of an
/// earlier game is free, so a game starts with one increment instead of a write to every
/// slot (writing them cost more than a thousand instructions a game).
struct FirstSeen {
    /// `(key, moves played, game)`: the key stood after that many moves of the game
    /// stamped. A slot whose stamp is not [`FirstSeen::game`] is free (any key may
    /// occur, 0 too: the empty board's).
    slots: Vec<(u64, usize, usize)>,
    /// The stamp of the current game: never 0, the stamp of a slot never written.
    game: usize,
    /// Keys that can still come in before the table is half full and grows: counted
    /// down, so a move tests one field instead of working out the load.
    room: usize,
}

/// The most slots a thread keeps between games (with 24 bytes a slot, 1.5 MB): a table
/// grown for a hostile record of a million moves is not held on to.
const KEEP_AT_MOST: usize = 1 << 16;

thread_local! {
    /// The table of the last game replayed on this thread, for the next one.
    static SPARE: Cell<Option<FirstSeen>> = const { Cell::new(None) };
}

impl FirstSeen {
    /// A table without slots, in place of one handed back to [`SPARE`].
    const NONE: FirstSeen = FirstSeen {
        slots: Vec::new(),
        game: 1,
        room: 0,
    };

    /// Slots for `keys` keys without growing: at most half full, so probes stay short.
    fn size_for(keys: usize) -> usize {
        keys.saturating_mul(2).max(16).next_power_of_two()
    }

    /// A new table for `keys` keys without growing (it grows past them).
    fn with_capacity(keys: usize) -> FirstSeen {
        let size = FirstSeen::size_for(keys);
        FirstSeen {
            slots: vec![(0, 0, 0); size],
            game: 1,
            room: size / 2,
        }
    }

    /// An empty table for a game of `keys` keys: this thread's spare when it is large
    /// enough, emptied by a new stamp; else a new one.
    fn for_game(keys: usize) -> FirstSeen {
        match SPARE.take() {
            Some(mut spare)
                if spare.slots.len() >= FirstSeen::size_for(keys) && spare.game < usize::MAX =>
            {
                spare.game += 1;
                spare.room = spare.slots.len() / 2;
                spare
            }
            _ => FirstSeen::with_capacity(keys),
        }
    }

    /// Hand the table to this thread's next game, unless it is too large to keep.
    fn keep(self) {
        if self.slots.len() <= KEEP_AT_MOST {
            // While the thread is being torn down there is no next game.
            let _ = SPARE.try_with(|spare| spare.set(Some(self)));
        }
    }

    /// Record that `key` stood after `moves` moves, unless it stood before: then the
    /// number of moves after which it first stood, and the table is unchanged.
    #[inline]
    fn first_or_insert(&mut self, key: u64, moves: usize) -> Option<usize> {
        if self.room == 0 {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        // Truncating the key keeps its low bits, the slot.
        let mut slot = key as usize & mask;
        loop {
            let (k, first, game) = self.slots[slot];
            if game != self.game {
                self.slots[slot] = (key, moves, self.game);
                self.room -= 1;
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
        for (key, first, game) in old.slots {
            if game == old.game {
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
    /// Positions after 0, CHECKPOINT_EVERY, 2*CHECKPOINT_EVERY... moves, as
    /// [`Board::append_snapshot`] writes them (one copy each: they are kept every
    /// CHECKPOINT_EVERY moves of every game and read back only to confirm a candidate).
    checkpoints: Vec<u8>,
    /// The bytes of one checkpoint ([`Board::snapshot_len`]).
    snapshot_len: usize,
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
        let snapshot_len = Board::snapshot_len(record.width, record.height);
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
            seen: FirstSeen::for_game(record.moves.len() + 1),
            checkpoints: Vec::with_capacity(
                snapshot_len * (record.moves.len() / CHECKPOINT_EVERY + 1),
            ),
            snapshot_len,
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
            board.append_snapshot(&mut self.checkpoints);
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
        let start = checkpoint * self.snapshot_len;
        let Some(snapshot) = self.checkpoints.get(start..start + self.snapshot_len) else {
            return false;
        };
        let scratch = match &mut self.scratch {
            Some(scratch) => scratch,
            None => self.scratch.insert(Box::new(board.clone())),
        };
        scratch.load_snapshot(snapshot);
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

impl Drop for Positions {
    /// The table of positions goes to the thread's next game ([`FirstSeen::keep`]).
    fn drop(&mut self) {
        std::mem::replace(&mut self.seen, FirstSeen::NONE).keep();
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
        // Never more than half full.
        assert_eq!(seen.slots.len() / 2 - seen.room, keys.len());
        assert!(seen.slots.len() >= 2 * keys.len());
    }

    #[test]
    fn a_table_kept_for_the_next_game_holds_none_of_the_last_ones_keys() {
        let keys: Vec<u64> = (0..40u64).map(|k| k << 40 | k).collect();
        let mut first = FirstSeen::for_game(keys.len());
        for (moves, &key) in keys.iter().enumerate() {
            assert_eq!(first.first_or_insert(key, moves), None);
        }
        let slots = first.slots.len();
        first.keep();
        // A game that fits takes the kept table, and sees every key as new.
        let mut second = FirstSeen::for_game(10);
        assert_eq!(second.slots.len(), slots, "the kept table is reused");
        assert_eq!(second.room, slots / 2);
        for (moves, &key) in keys.iter().enumerate().skip(20) {
            assert_eq!(second.first_or_insert(key, 100 + moves), None);
        }
        // Growing carries the keys of this game only.
        let more: Vec<u64> = (0..200u64).map(|k| k << 20 | 7).collect();
        for (moves, &key) in more.iter().enumerate() {
            assert_eq!(second.first_or_insert(key, 1000 + moves), None);
        }
        assert!(second.slots.len() > slots, "it grew");
        for (moves, &key) in keys.iter().enumerate() {
            // The first game's keys are new to this one, and go in now.
            let expected = (moves >= 20).then_some(100 + moves);
            assert_eq!(second.first_or_insert(key, 5000), expected);
        }
        assert_eq!(second.slots.len() / 2 - second.room, 20 + 200 + 20);
        // A game larger than the kept table gets a new one.
        second.keep();
        let third = FirstSeen::for_game(10_000);
        assert!(third.slots.len() >= 20_000);
        assert_eq!(third.room, third.slots.len() / 2);
    }
}
