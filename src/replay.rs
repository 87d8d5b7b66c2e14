//! The validator: replays a [`GameRecord`] under a [`RuleSet`] and reports every way the
//! record breaks the rules as [`Finding`]s.
//!
//! An illegal move in a readable record is data, not an error: the replay notes it and
//! goes on *as recorded* (the stone is played, captures included), so one record shows
//! every problem it has. A stone that cannot stand at all (off the board, on an occupied
//! point) leaves the board as it was, as a pass would.
//!
//! What a finding is lives in `replay/finding.rs`; the history of positions that superko
//! is checked against, where a hash match is only a candidate confirmed point by point,
//! in `replay/positions.rs`.

use crate::board::{Board, Color, PlayError};
use crate::point::Point;
use crate::result::GameResult;
use crate::rules::{Cycle, IllegalMove, KoRule, PassRule, RuleSet, Suicide, TimeControl};
use crate::sgf::{Action, GameRecord, Move, Setup};
use crate::words::{format_points, plural};
pub use finding::{Consequence, Finding, FindingKind, Severity};
pub use positions::CHECKPOINT_EVERY;
use positions::Positions;

mod finding;
mod positions;

/// Findings kept per game. A hostile record can hold a million illegal moves; past this
/// many, findings are counted in [`Replay::findings_not_listed`] instead of kept.
pub const MAX_FINDINGS: usize = 10_000;

/// Everything the replay learned about one game.
#[derive(Debug, Clone)]
pub struct Replay {
    pub findings: Vec<Finding>,
    /// The final position (boxed: a board is several kilobytes, and a replay is moved
    /// from the replayer to the report and on to the count).
    pub board: Box<Board>,
    /// Moves in the record's main line (stone plays and passes).
    pub moves: usize,
    /// Passes by colour (index with [`Color::index`]).
    pub passes: [u32; 2],
    /// The colour of the last move, if any.
    pub last_mover: Option<Color>,
    /// The game ended with two consecutive passes.
    pub ended_by_passes: bool,
    /// Among the final consecutive passes, the colour that passed first.
    pub first_final_passer: Option<Color>,
    /// The first finding whose consequence is a loss.
    pub loss: Option<Loss>,
    /// An endless cycle the rule set ends as a draw or no result (first repetition).
    pub cycle: Option<Consequence>,
    /// The first position that play did not reach (stones set up after play started, or
    /// a chain set up without liberties), where the rule set gives the game no result.
    pub unplayed: Option<Unplayed>,
    /// Black's free-placement handicap moves at the start (`HA[n]` then n Black moves).
    pub free_handicap_moves: usize,
    /// Findings beyond [`MAX_FINDINGS`], counted but not kept.
    pub findings_not_listed: usize,
    /// Illegal moves, listed or not: a move with two illegal findings (out of turn, and
    /// on an occupied point) counts once, and so does a setup node (setup in play that
    /// leaves a chain without liberties).
    pub illegal_count: usize,
    /// The record's main line could not be read to its end (a `truncated` finding): the
    /// game was judged on a part of itself.
    pub main_line_cut: bool,
}

/// A position that no play reached, which leaves the game without a result under the
/// rule set: the finding, its node, and the number of moves played before it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Unplayed {
    pub kind: FindingKind,
    pub node: usize,
    pub after_move: usize,
}

/// A game lost by a finding: who made the move, which move, and what it was.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Loss {
    pub loser: Color,
    /// 1-based move number.
    pub move_number: usize,
    pub kind: FindingKind,
}

impl Replay {
    /// No finding is illegal, and the main line was read to its end.
    pub fn is_valid(&self) -> bool {
        self.illegal_count == 0 && !self.main_line_cut
    }

    /// Findings that are illegal moves.
    pub fn illegal(&self) -> impl Iterator<Item = &Finding> {
        self.findings
            .iter()
            .filter(|f| f.severity == Severity::Illegal)
    }
}

/// Why a game cannot be replayed at all.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ReplayError {
    #[error("board size {0}x{1} is not supported (sides from 1 to 25)")]
    BadSize(u8, u8),
}

/// Replay `record` under `rules`, collecting every finding.
pub fn replay(record: &GameRecord, rules: &RuleSet) -> Result<Replay, ReplayError> {
    Replayer::new(record, rules)?.run(record.moves.len())
}

/// The moves replayed for the side lines of one game at most: past them, the lines left
/// are not checked ([`Variations::not_checked`]), so a bushy tree of long lines costs
/// bounded work (each line is replayed from the start of the game).
pub const MAX_VARIATION_MOVES: usize = 2_000_000;

/// What the side lines of a game hold ([`replay_variations`]).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Variations {
    /// Each finding on a side line's own moves, with the line's path
    /// ([`crate::sgf::Variation::path`]), in the order of the tree.
    pub findings: Vec<(String, Finding)>,
    /// Lines left unchecked past [`MAX_VARIATION_MOVES`].
    pub not_checked: usize,
}

/// Replay every side line of `record` under `rules` (each from the start of the game,
/// as [`GameRecord::line`] makes it) and keep the findings on its own moves: what comes
/// before it is the line it leaves, reported there. Findings about the end of a game
/// (`not-finished`, `unequal-moves`) are the main line's business and are left out. A
/// record without variations costs nothing.
pub fn replay_variations(record: &GameRecord, rules: &RuleSet) -> Variations {
    let mut out = Variations::default();
    let mut budget = MAX_VARIATION_MOVES;
    for (i, variation) in record.variations.iter().enumerate() {
        let length = variation.after_move + variation.moves.len();
        if length > budget {
            out.not_checked = record.variations.len() - i;
            break;
        }
        budget -= length;
        let line = record.line(i);
        let Ok(replay) = replay(&line, rules) else {
            continue;
        };
        for f in replay.findings {
            let own = f.move_number.is_some_and(|m| m > variation.after_move);
            let about_end = matches!(f.kind, FindingKind::NotFinished | FindingKind::UnequalMoves);
            if own && !about_end {
                out.findings.push((variation.path.clone(), f));
            }
        }
    }
    out
}

/// The position after the first `moves` moves of `record` (all of them when `moves` is
/// past the end), played exactly as [`replay`] plays them: setup nodes before each move,
/// captures as recorded, a stone that cannot stand left off. Setup nodes after the last
/// move count only for the final position.
pub fn position_after(
    record: &GameRecord,
    rules: &RuleSet,
    moves: usize,
) -> Result<Board, ReplayError> {
    Ok(*Replayer::new(record, rules)?.run(moves)?.board)
}

struct Replayer<'a> {
    record: &'a GameRecord,
    rules: &'a RuleSet,
    board: Box<Board>,
    found: Found,
    positions: Positions,
    passes: [u32; 2],
    cycle: Option<Consequence>,
    repetition_reported: bool,
    free_handicap: usize,
    /// The number of the last move that captured one stone (which may have taken a ko).
    last_ko_capture: Option<usize>,
    /// Index of each colour's last move: whether an illegal move was answered.
    last_move_of: [Option<usize>; 2],
    /// Index of the last stone play: setup after it changes only the final position.
    last_stone_play: Option<usize>,
    unplayed: Option<Unplayed>,
    main_line_cut: bool,
    /// Under a per-move time limit, when `BL`/`WL` are a running clock (see
    /// [`Replayer::clock_reading`]): the limit, and each colour's clock before its next
    /// move (`TM` at the start, when recorded).
    move_clock: Option<(f64, [Option<f64>; 2])>,
}

impl<'a> Replayer<'a> {
    fn new(record: &'a GameRecord, rules: &'a RuleSet) -> Result<Self, ReplayError> {
        let board = Board::new_boxed(record.width, record.height)
            .ok_or(ReplayError::BadSize(record.width, record.height))?;
        // Who is to move at the start: `PL`, else the first mover, else Black.
        let first_player = record
            .first_player
            .or(record.moves.first().map(|m| m.color))
            .unwrap_or(Color::Black);
        Ok(Replayer {
            record,
            rules,
            board,
            found: Found::default(),
            positions: Positions::new(record, rules.ko, first_player),
            passes: [0; 2],
            cycle: None,
            repetition_reported: false,
            free_handicap: 0,
            last_ko_capture: None,
            last_move_of: [Color::Black, Color::White]
                .map(|c| record.moves.iter().rposition(|m| m.color == c)),
            last_stone_play: record
                .moves
                .iter()
                .rposition(|m| matches!(m.action, Action::Play(_))),
            unplayed: None,
            main_line_cut: false,
            move_clock: Self::clock_reading(record, rules),
        })
    }

    /// How to read `BL`/`WL` against a per-move limit. A record may write either the time
    /// left of the move's own allowance (never above the limit; a value below zero is the
    /// overrun) or a running clock for the whole game (values above the limit), whose drop
    /// between a player's moves is the time that move took. The running reading needs a
    /// clock that only runs down: with overtime (`OT`), periods restart it.
    fn clock_reading(record: &GameRecord, rules: &RuleSet) -> Option<(f64, [Option<f64>; 2])> {
        let TimeControl::PerMove(limit) = rules.time else {
            return None;
        };
        let running = record.time.overtime.is_none()
            && record
                .moves
                .iter()
                .any(|m| m.time_left.is_some_and(|t| t > limit));
        running.then_some((limit, [record.time.main_time; 2]))
    }

    /// Replay the first `moves` moves (the whole game when `moves` reaches its end).
    fn run(mut self, moves: usize) -> Result<Replay, ReplayError> {
        let record = self.record;
        self.check_record_against_rules();
        self.set_up();
        let mut setups = record.mid_setups.iter().peekable();
        // The move before which the next setup node comes (none: past every move), so
        // that a move without one costs one comparison.
        let next_setup = |setups: &mut std::iter::Peekable<_>| {
            setups
                .peek()
                .map_or(usize::MAX, |s: &&crate::sgf::MidSetup| s.after_move)
        };
        let mut setup_at = next_setup(&mut setups);
        let played = &record.moves[..moves.min(record.moves.len())];
        let mut previous: Option<Color> = None;
        for (i, mv) in played.iter().enumerate() {
            if setup_at <= i {
                while let Some(s) = setups.next_if(|s| s.after_move <= i) {
                    self.mid_setup(s.node, i, &s.setup);
                }
                setup_at = next_setup(&mut setups);
            }
            // The colour of move `i - 1`: `check_turn` looks further only when the
            // colour repeats.
            if previous == Some(mv.color) {
                self.check_turn(i, mv);
            }
            previous = Some(mv.color);
            if let Some(left) = mv.time_left {
                self.check_time(i + 1, mv.node, mv.color, left);
            }
            // A stone play remembers its position itself, as it also looks up the
            // earlier ones for superko.
            if !self.apply_move(i, mv) {
                self.positions
                    .remember(&self.board, i + 1, Some(mv.color), false);
            }
        }
        // Setup nodes after the last move are reported; they change nothing (see
        // `mid_setup`).
        if moves >= record.moves.len() {
            for s in setups {
                self.mid_setup(s.node, record.moves.len(), &s.setup);
            }
        }
        self.check_main_line_read();
        Ok(self.finish())
    }

    /// The position before the first move: the setup stones (any off the board is a
    /// warning), the handicap checked against them, and the start remembered.
    fn set_up(&mut self) {
        let record = self.record;
        for (p, stone) in setup_points(&record.setup) {
            if self.board.set(p, stone).is_err() {
                let detail = format!(
                    "setup point {} is outside the {}x{} board and was ignored",
                    p.to_sgf(),
                    record.width,
                    record.height
                );
                self.found
                    .push(Finding::about_record(FindingKind::OffBoard, Some(0), detail).of(stone));
            }
        }
        self.check_liberties(0, 0, setup_points(&record.setup).map(|(p, _)| p));
        self.free_handicap = self.check_handicap();
        self.positions.remember(&self.board, 0, None, false);
    }

    /// Chains that the setup of node `node` (after `moves_played` moves) left without
    /// liberties, around the points it changed: a `no-liberties` finding. No play
    /// reaches such a position: a chain without liberties is always captured.
    fn check_liberties(
        &mut self,
        node: usize,
        moves_played: usize,
        changed: impl Iterator<Item = Point>,
    ) {
        let board = &self.board;
        let mut heads: Vec<Point> = Vec::new();
        for p in changed.filter(|&p| board.contains(p)) {
            for q in std::iter::once(p).chain(board.neighbours(p)) {
                if board.get(q).is_some()
                    && board.liberties(q) == 0
                    && !heads.iter().any(|&h| board.same_chain(h, q))
                {
                    heads.push(q);
                }
            }
        }
        if heads.is_empty() {
            return;
        }
        let height = self.record.height;
        let mut chains: Vec<Vec<Point>> = heads.iter().map(|&h| board.chain(h)).collect();
        chains.sort();
        let stones: usize = chains.iter().map(Vec::len).sum();
        let named: Vec<String> = chains
            .iter()
            .take(10)
            .map(|chain| {
                let first = chain.first().map_or(String::new(), |p| p.to_d4(height));
                match chain.len() {
                    1 => first,
                    n => format!("{first} ({n} stones)"),
                }
            })
            .collect();
        let more = if chains.len() > 10 { ", ..." } else { "" };
        let when = if moves_played == 0 {
            "the setup before the first move".to_string()
        } else {
            format!("the setup of node {node}, after move {moves_played},")
        };
        let detail = format!(
            "{when} leaves {} chain{} of {stones} stone{} without liberties ({}{more}), which \
             no play of Go can reach",
            chains.len(),
            plural(chains.len()),
            plural(stones),
            named.join(", ")
        );
        let point = chains.first().and_then(|c| c.first().copied());
        let color = point.and_then(|p| self.board.get(p));
        self.unplayable(
            FindingKind::NoLiberties,
            node,
            moves_played,
            point,
            color,
            detail,
        );
    }

    /// Report a position no play reached (`kind` at `node`, after `moves_played`
    /// moves): illegal, with the consequence [`unplayed_consequence`] gives.
    fn unplayable(
        &mut self,
        kind: FindingKind,
        node: usize,
        moves_played: usize,
        point: Option<Point>,
        color: Option<Color>,
        detail: String,
    ) {
        let consequence = unplayed_consequence(self.rules);
        if consequence == Consequence::NoResult && self.unplayed.is_none() {
            self.unplayed = Some(Unplayed {
                kind,
                node,
                after_move: moves_played,
            });
        }
        self.found.push(Finding {
            kind,
            severity: Severity::Illegal,
            move_number: None,
            node: Some(node),
            color,
            point,
            detail,
            consequence,
        });
    }

    /// A main line the loader could not read to its end: a `truncated` finding naming
    /// the last node read.
    fn check_main_line_read(&mut self) {
        let record = self.record;
        let Some(last) = record.main_line_cut else {
            return;
        };
        let moves = record.moves.len();
        let detail = format!(
            "the record's main line could not be read to its end: reading stopped after node \
             {last}, and the game was judged on the {moves} move{} read",
            plural(moves)
        );
        self.found.push(Finding::about_record(
            FindingKind::Truncated,
            Some(last),
            detail,
        ));
        self.main_line_cut = true;
    }

    /// Out of turn: move `i` (0-based) by the colour that made the move before it (free
    /// handicap stones excepted).
    // Out of the replay's loop: rare, and its sentences would crowd the hot path.
    #[inline(never)]
    fn check_turn(&mut self, i: usize, mv: &Move) {
        let previous = i.checked_sub(1).and_then(|j| self.record.moves.get(j));
        if previous.is_none_or(|prev| prev.color != mv.color) || i < self.free_handicap {
            return;
        }
        let point = match mv.action {
            Action::Play(p) if self.board.contains(p) => Some(p),
            _ => None,
        };
        let who = mv.color.name();
        self.illegal_move(
            FindingKind::OutOfTurn,
            i,
            point,
            self.rules.out_of_turn,
            true,
            format!("{who} moves twice in a row: move {i} was also {who}'s"),
        );
    }

    /// Carry out move `i` (0-based) on the board, reporting what the rule set forbids.
    /// Returns whether a stone was put on the board (its position is then remembered).
    fn apply_move(&mut self, i: usize, mv: &Move) -> bool {
        match &mv.action {
            Action::Pass => {
                self.passes[mv.color.index()] += 1;
                self.board.pass();
                false
            }
            Action::Unreadable(raw) => self.not_a_point(
                i,
                format!(
                    "{}[{}] is not a point; the board was left as it was",
                    mv.color.letter(),
                    crate::text::shown(raw)
                ),
            ),
            Action::Play(p) => self.play_stone(i, mv.color, *p),
        }
    }

    /// Move `i` (0-based) names no point of the board: an `off-board` finding; the board
    /// is left as it was, as a pass would leave it.
    fn not_a_point(&mut self, i: usize, detail: String) -> bool {
        self.illegal_move(
            FindingKind::OffBoard,
            i,
            None,
            self.rules.illegal,
            false,
            detail,
        );
        self.board.pass();
        false
    }

    /// A stone play, move `i` (0-based): a stone that cannot stand (off the board, on an
    /// occupied point) leaves the board as a pass would; one that stands is checked for
    /// suicide, ko and superko. Returns whether the stone was put on the board.
    fn play_stone(&mut self, i: usize, color: Color, p: Point) -> bool {
        let record = self.record;
        let who = || color.name();
        match self.board.play(color, p) {
            Err(PlayError::OffBoard) => self.not_a_point(
                i,
                format!(
                    "{}[{}] is outside the {}x{} board; the board was left as it was",
                    color.letter(),
                    p.to_sgf(),
                    record.width,
                    record.height
                ),
            ),
            Err(PlayError::Occupied) => {
                let holder = self
                    .board
                    .get(p)
                    .map_or("another".to_string(), |c| c.name().to_lowercase());
                self.illegal_move(
                    FindingKind::Occupied,
                    i,
                    Some(p),
                    self.rules.illegal,
                    false,
                    format!(
                        "{} plays on {}, which already holds a {holder} stone; the board was left as it was",
                        who(),
                        p.to_d4(record.height)
                    ),
                );
                self.board.pass();
                false
            }
            Ok(outcome) => {
                let earlier = self
                    .positions
                    .remember(&self.board, i + 1, Some(color), true);
                // A forbidden suicide is reported as what the rule set names it, and as
                // nothing else: a single-stone suicide leaves the board as it was, which
                // would otherwise also read as a repetition of the position before it.
                let forbidden_suicide =
                    outcome.suicide > 0 && self.rules.suicide == Suicide::Forbidden;
                if forbidden_suicide {
                    let stones = if outcome.suicide == 1 {
                        "its own stone".to_string()
                    } else {
                        format!("its own chain of {} stones", outcome.suicide)
                    };
                    self.illegal_move(
                        FindingKind::Suicide,
                        i,
                        Some(p),
                        self.rules.illegal,
                        true,
                        format!(
                            "{} at {} leaves {stones} without liberties (suicide is forbidden under {})",
                            who(),
                            p.to_d4(record.height),
                            self.rules.name
                        ),
                    );
                }
                if outcome.ko_recapture {
                    let earlier = self
                        .last_ko_capture
                        .map(|m| format!(" taken at move {m}"))
                        .unwrap_or_default();
                    self.illegal_move(
                        FindingKind::Ko,
                        i,
                        Some(p),
                        self.rules.illegal,
                        true,
                        format!(
                            "{} retakes the ko{earlier} at {} at once, without a move elsewhere first",
                            who(),
                            p.to_d4(record.height)
                        ),
                    );
                } else if !forbidden_suicide && let Some(earlier) = earlier {
                    self.check_superko(i, color, p, earlier);
                }
                self.last_ko_capture = (outcome.captured == 1).then_some(i + 1);
                true
            }
        }
    }

    /// Findings that need only the record and the rule set, before any move.
    fn check_record_against_rules(&mut self) {
        let record = self.record;
        let rules = self.rules;
        let handicap = record.handicap_stones();
        if let Some(komi) = record.komi {
            let expected = rules.komi_for(handicap);
            if !rules.komi_equivalent(komi, handicap) {
                self.found.push(Finding::about_record(
                    FindingKind::KomiMismatch,
                    Some(0),
                    format!(
                        "the record's komi is {} but {} uses {} for {}",
                        format_points(komi),
                        rules.name,
                        format_points(expected),
                        if handicap >= 2 {
                            "a handicap game"
                        } else {
                            "an even game"
                        }
                    ),
                ));
            }
        }
        if !rules.allows_size(record.width, record.height) {
            let allowed: Vec<String> = rules.sizes.iter().map(|s| format!("{s}x{s}")).collect();
            let detail = format!(
                "the board is {}x{} but {} is played on {}",
                record.width,
                record.height,
                rules.name,
                allowed.join(" or ")
            );
            self.found.push(Finding::about_record(
                FindingKind::SizeMismatch,
                Some(0),
                detail,
            ));
        }
    }

    /// Compare HA with the handicap stones the record sets up or plays. Returns the
    /// number of Black moves at the start that are free-placement handicap stones.
    fn check_handicap(&mut self) -> usize {
        let record = self.record;
        let ha = record.handicap as usize;
        let black_setup = record.setup.black.len();
        let white_setup = record.setup.white.len();
        let mut mismatch = None;
        let mut free = 0;
        if ha >= 2 {
            if black_setup == 0 {
                // Free placement: HA[n] followed by n Black moves.
                let leading_black = record
                    .moves
                    .iter()
                    .take(ha)
                    .take_while(|m| m.color == Color::Black && matches!(m.action, Action::Play(_)))
                    .count();
                if leading_black == ha {
                    free = ha;
                } else if !record.moves.is_empty() {
                    mismatch = Some(format!(
                        "HA[{ha}] but the record neither sets up {ha} black stones nor starts with {ha} black moves"
                    ));
                }
            } else if black_setup != ha {
                mismatch = Some(format!(
                    "HA[{ha}] but the record sets up {black_setup} black stone{}",
                    plural(black_setup)
                ));
            }
        } else if black_setup >= 2 && white_setup == 0 && !record.moves.is_empty() {
            let ha = if record.handicap == 0 {
                "no HA".to_string()
            } else {
                format!("HA[{}]", record.handicap)
            };
            mismatch = Some(match record.handicap_from_setup() {
                Some(stones) => format!(
                    "the record sets up {black_setup} black stones and White moves first, but has {ha}: read as a {stones}-stone handicap game"
                ),
                None => format!(
                    "the record sets up {black_setup} black stones before play but has {ha}"
                ),
            });
        }
        if let Some(detail) = mismatch {
            self.found.push(Finding::about_record(
                FindingKind::HandicapMismatch,
                Some(0),
                detail,
            ));
        }
        free
    }

    /// A setup node after play started (node `node`, after `moves_played` moves). Setup
    /// is not a move of Go: followed by a stone play, the game went on from a position no
    /// play reached, so the setup is applied as recorded (the later moves are checked on
    /// the board they were played on) and reported as illegal (`setup-in-play`, see
    /// [`unplayed_consequence`]), with any stone it put on a stone of the other colour
    /// (`occupied`) and any chain it left without liberties (`no-liberties`). After the
    /// last stone play it would only change the final position, which is then counted
    /// and drawn as the moves left it (some editors take dead stones off with `AE` there;
    /// goref finds dead stones its own way): it is reported and not applied.
    fn mid_setup(&mut self, node: usize, moves_played: usize, setup: &Setup) {
        // A node that only says who is to play (`PL`) adds and removes nothing.
        if setup.is_empty() {
            return;
        }
        let count = setup.black.len() + setup.white.len() + setup.empty.len();
        let stones = format!("{count} stone{}", plural(count));
        let in_play = self
            .last_stone_play
            .is_some_and(|last| moves_played <= last);
        if !in_play {
            let detail = format!(
                "node {node}, after the last stone play (move {moves_played}), adds or removes \
                 {stones} with AB/AW/AE: setup is not a move, so the final position is the one \
                 the moves left and the setup is not applied"
            );
            self.found.push(Finding::about_record(
                FindingKind::SetupInPlay,
                Some(node),
                detail,
            ));
            return;
        }
        let detail = format!(
            "node {node}, after move {moves_played}, adds or removes {stones} with AB/AW/AE: \
             setup is not a move of Go, and the game goes on from a position no play reached \
             (the replay applies it)"
        );
        let first = setup_points(setup).next().map(|(p, _)| p);
        let first = first.filter(|&p| self.board.contains(p));
        self.unplayable(
            FindingKind::SetupInPlay,
            node,
            moves_played,
            first,
            None,
            detail,
        );
        let height = self.record.height;
        let replaced: Vec<Point> = setup_points(setup)
            .filter(|&(p, stone)| stone.is_some_and(|c| self.board.get(p) == Some(c.opponent())))
            .map(|(p, _)| p)
            .collect();
        for (p, stone) in setup_points(setup) {
            // Off-board setup points are dropped: there is nothing to set.
            let _ = self.board.set(p, stone);
        }
        if let Some(&first) = replaced.first() {
            let named: Vec<String> = replaced.iter().take(10).map(|p| p.to_d4(height)).collect();
            let more = if replaced.len() > 10 { ", ..." } else { "" };
            let detail = format!(
                "node {node}, after move {moves_played}, sets up {} stone{} on points that hold \
                 a stone of the other colour ({}{more}): the setup replaces them",
                replaced.len(),
                plural(replaced.len()),
                named.join(", ")
            );
            self.found.push(
                Finding::about_record(FindingKind::Occupied, Some(node), detail).at(Some(first)),
            );
        }
        self.check_liberties(node, moves_played, setup_points(setup).map(|(p, _)| p));
    }

    /// The time left after a move, `left` (the move's `BL`/`WL`), against the rule set's
    /// clock. Out of the replay's loop: most moves have no time recorded.
    #[inline(never)]
    fn check_time(&mut self, number: usize, node: usize, color: Color, left: f64) {
        if let Some((limit, clocks)) = &mut self.move_clock {
            let limit = *limit;
            // A clock that went up was reset (by hand, or a record that mixes readings):
            // its negative drop is under any limit.
            if let Some(before) = clocks[color.index()].replace(left)
                && let used = before - left
                && used > limit + 1e-6
            {
                self.time_overrun(
                    number,
                    node,
                    color,
                    format!(
                        "{} took {}s for move {number} (the clock went from {}s to {}s), over \
                         the limit of {}s per move",
                        color.name(),
                        format_points((used * 1000.0).round() / 1000.0),
                        format_points(before),
                        format_points(left),
                        format_points(limit)
                    ),
                );
                return;
            }
        }
        if left >= 0.0 {
            return;
        }
        let detail = format!(
            "{}'s time left after move {number} is recorded as {}s",
            color.name(),
            format_points(left)
        );
        self.time_overrun(number, node, color, detail);
    }

    fn time_overrun(&mut self, number: usize, node: usize, color: Color, detail: String) {
        let consequence = match self.rules.time {
            TimeControl::Unspecified => Consequence::None,
            TimeControl::Absolute(_) | TimeControl::PerMove(_) => Consequence::Loss,
        };
        self.found.push(Finding::about_move(
            FindingKind::TimeOverrun,
            Severity::Warning,
            number,
            node,
            color,
            consequence,
            detail,
        ));
    }

    /// Superko and (under simple ko) repetition, for a stone play already on the board
    /// whose position has the key of the one after `earlier` moves: a candidate,
    /// confirmed here before anything is reported.
    // Out of the replay's loop: rare, and its sentences would crowd the hot path.
    #[inline(never)]
    fn check_superko(&mut self, i: usize, color: Color, p: Point, earlier: usize) {
        let number = i + 1;
        if !self.positions.confirm(&self.board, self.record, earlier) {
            return;
        }
        let height = self.record.height;
        let when = if earlier == 0 {
            "the position at the start of the game".to_string()
        } else {
            format!("the position after move {earlier}")
        };
        if self.rules.ko == KoRule::Simple {
            if self.repetition_reported {
                return;
            }
            self.repetition_reported = true;
            let consequence = match self.rules.cycle {
                Cycle::Draw => Consequence::Draw,
                Cycle::NoResult => Consequence::NoResult,
                Cycle::Impossible => Consequence::None,
            };
            if consequence != Consequence::None {
                self.cycle = Some(consequence);
            }
            let detail = format!(
                "{} at {} repeats {when}: a cycle, which {} ends as {} if neither player leaves it",
                color.name(),
                p.to_d4(height),
                self.rules.name,
                match consequence {
                    Consequence::Draw => "a draw",
                    Consequence::NoResult => "no result",
                    _ => "nothing",
                }
            );
            let node = self.record.moves.get(i).map_or(0, |m| m.node);
            self.found.push(
                Finding::about_move(
                    FindingKind::Repetition,
                    Severity::Warning,
                    number,
                    node,
                    color,
                    consequence,
                    detail,
                )
                .at(Some(p)),
            );
            return;
        }
        let reading = match self.rules.ko {
            KoRule::Positional => "positional superko",
            KoRule::Situational => "situational superko",
            _ => "natural situational superko",
        };
        self.illegal_move(
            FindingKind::Superko,
            i,
            Some(p),
            self.rules.illegal,
            true,
            format!(
                "{} at {} recreates {when} ({reading})",
                color.name(),
                p.to_d4(height)
            ),
        );
    }

    /// Report move `i` (0-based) as an illegal move of `kind`, penalised by `rule`.
    /// `on_board`: the stone is on the board as recorded. One that could not be put there
    /// (off the board, on an occupied point) cannot "stand", so where the rule set would
    /// let an illegal move stand it counts as a pass.
    fn illegal_move(
        &mut self,
        kind: FindingKind,
        i: usize,
        point: Option<Point>,
        rule: IllegalMove,
        on_board: bool,
        detail: String,
    ) {
        let record = self.record;
        let Some(mv) = record.moves.get(i) else {
            return;
        };
        let consequence = self.illegal_consequence(rule, i, mv.color);
        let consequence = if on_board {
            consequence
        } else {
            stand_or_pass(consequence)
        };
        self.found.push(
            Finding::about_move(
                kind,
                Severity::Illegal,
                i + 1,
                mv.node,
                mv.color,
                consequence,
                detail,
            )
            .at(point),
        );
    }

    /// The consequence of an illegal move by `color` at move index `i` under `rule`.
    fn illegal_consequence(&self, rule: IllegalMove, i: usize, color: Color) -> Consequence {
        match rule {
            IllegalMove::StandsUnlessNoted => {
                // Found once per game, so a record of a million illegal moves stays linear.
                let replied = self.last_move_of[color.opponent().index()].is_some_and(|j| j > i);
                if replied {
                    Consequence::None
                } else {
                    Consequence::Pass
                }
            }
            IllegalMove::TreatedAsPass => Consequence::Pass,
            IllegalMove::Void => Consequence::Void,
            IllegalMove::Loss => Consequence::Loss,
            IllegalMove::Reported => Consequence::None,
        }
    }

    fn finish(mut self) -> Replay {
        let record = self.record;
        let moves = &record.moves;
        let n = moves.len();
        let is_pass = |i: usize| matches!(moves.get(i).map(|m| &m.action), Some(Action::Pass));
        let ended_by_passes = n >= 2 && is_pass(n - 1) && is_pass(n - 2);
        let first_final_passer = if ended_by_passes {
            let mut i = n - 1;
            while i > 0 && is_pass(i - 1) {
                i -= 1;
            }
            Some(moves[i].color)
        } else {
            None
        };
        let last_mover = moves.last().map(|m| m.color);

        if ended_by_passes
            && self.rules.pass_rule == PassRule::PassStonesWhiteLast
            && last_mover == Some(Color::Black)
        {
            let detail = format!(
                "Black passed last, but under {} White must make the last move: White owes one more pass (one more prisoner for Black)",
                self.rules.name
            );
            let node = moves.last().map_or(0, |m| m.node);
            self.found.push(Finding::about_move(
                FindingKind::UnequalMoves,
                Severity::Warning,
                n,
                node,
                Color::Black,
                Consequence::None,
                detail,
            ));
        }

        // A game that ended with two passes may claim anything: `RE` is read only when
        // it did not.
        if !ended_by_passes && let Some(re) = &record.result {
            let claimed = GameResult::parse(re);
            if claimed.is_count() {
                let detail = format!(
                    "RE[{}] claims a count, but the record does not end with two consecutive passes",
                    crate::text::shown(re)
                );
                self.found.push(Finding::about_record(
                    FindingKind::NotFinished,
                    None,
                    detail,
                ));
            }
        }

        Replay {
            findings: self.found.list,
            board: self.board,
            moves: n,
            passes: self.passes,
            last_mover,
            ended_by_passes,
            first_final_passer,
            loss: self.found.loss,
            cycle: self.cycle,
            unplayed: self.unplayed,
            free_handicap_moves: self.free_handicap,
            findings_not_listed: self.found.not_listed,
            illegal_count: self.found.illegal_count,
            main_line_cut: self.main_line_cut,
        }
    }
}

/// The findings of a replay as they are found: the first [`MAX_FINDINGS`] kept, every
/// one counted, and the first that loses the game remembered.
#[derive(Default)]
struct Found {
    list: Vec<Finding>,
    not_listed: usize,
    /// Moves with an illegal finding.
    illegal_count: usize,
    /// The move (`true`) or, for a finding about no move, the node (`false`) of the last
    /// illegal finding.
    last_illegal: Option<(bool, usize)>,
    loss: Option<Loss>,
}

impl Found {
    fn push(&mut self, finding: Finding) {
        // The findings of one move, or of one setup node, come together and count once.
        let at = match finding.move_number {
            Some(number) => Some((true, number)),
            None => finding.node.map(|node| (false, node)),
        };
        if finding.severity == Severity::Illegal && (at.is_none() || at != self.last_illegal) {
            self.illegal_count += 1;
            self.last_illegal = at;
        }
        if finding.consequence == Consequence::Loss
            && self.loss.is_none()
            && let (Some(loser), Some(move_number)) = (finding.color, finding.move_number)
        {
            self.loss = Some(Loss {
                loser,
                move_number,
                kind: finding.kind,
            });
        }
        if self.list.len() < MAX_FINDINGS {
            self.list.push(finding);
        } else {
            self.not_listed += 1;
        }
    }
}

/// The consequence of a position no play reached (setup in play, a chain set up without
/// liberties). No player made it, so no penalty for a move (taken back, void, a loss)
/// can fall on anyone; what is left is the game itself, which was not played under the
/// rules: no result, under every rule set that punishes illegal moves. Where the rule
/// set says nothing of illegal moves (`reported`), it is reported with no consequence,
/// as every illegal move is there.
fn unplayed_consequence(rules: &RuleSet) -> Consequence {
    match rules.illegal {
        IllegalMove::Reported => Consequence::None,
        _ => Consequence::NoResult,
    }
}

/// An illegal stone that could not be put on the board cannot "stand": where the rule
/// set would let an illegal move stand, it is a pass instead.
fn stand_or_pass(consequence: Consequence) -> Consequence {
    match consequence {
        Consequence::None => Consequence::Pass,
        other => other,
    }
}

fn setup_points(setup: &Setup) -> impl Iterator<Item = (Point, Option<Color>)> + '_ {
    setup
        .empty
        .iter()
        .map(|&p| (p, None))
        .chain(setup.black.iter().map(|&p| (p, Some(Color::Black))))
        .chain(setup.white.iter().map(|&p| (p, Some(Color::White))))
}

#[cfg(test)]
#[path = "replay_tests.rs"]
mod tests;
