//! The validator: replays a [`GameRecord`] under a [`RuleSet`] and reports every way the
//! record breaks the rules as [`Finding`]s.
//!
//! An illegal move in a readable record is data, not an error: the replay notes it and
//! goes on *as recorded* (the stone is played, captures included), so one record shows
//! every problem it has. A stone that cannot stand at all (off the board, on an occupied
//! point) leaves the board as it was, as a pass would.
//!
//! Superko is checked against the full history of positions with a hash table keyed by
//! the board's Zobrist hash. A hash match is only a candidate: the earlier position is
//! rebuilt from the nearest checkpoint (one every [`CHECKPOINT_EVERY`] moves) and compared
//! point by point before anything is reported.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use serde::Serialize;

use crate::board::{Board, Color, PlayError};
use crate::point::Point;
use crate::result::GameResult;
use crate::rules::{Cycle, IllegalMove, KoRule, PassRule, RuleSet, Suicide, TimeControl};
use crate::sgf::{Action, GameRecord, Setup};
use crate::words::{format_points, plural};

/// Moves between two stored positions used to confirm superko candidates.
pub const CHECKPOINT_EVERY: usize = 64;

/// Findings kept per game. A hostile record can hold a million illegal moves; past this
/// many, findings are counted in [`Replay::findings_not_listed`] instead of kept.
pub const MAX_FINDINGS: usize = 10_000;

/// The stable names of everything the validator can report (DESIGN.md).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum FindingKind {
    OffBoard,
    Occupied,
    Suicide,
    Ko,
    Superko,
    OutOfTurn,
    UnequalMoves,
    NotFinished,
    ResultMismatch,
    KomiMismatch,
    SizeMismatch,
    HandicapMismatch,
    SetupInPlay,
    TimeOverrun,
    Repetition,
}

impl FindingKind {
    /// Every kind, in the order of DESIGN.md's table.
    pub const ALL: [FindingKind; 15] = [
        FindingKind::OffBoard,
        FindingKind::Occupied,
        FindingKind::Suicide,
        FindingKind::Ko,
        FindingKind::Superko,
        FindingKind::OutOfTurn,
        FindingKind::UnequalMoves,
        FindingKind::NotFinished,
        FindingKind::ResultMismatch,
        FindingKind::KomiMismatch,
        FindingKind::SizeMismatch,
        FindingKind::HandicapMismatch,
        FindingKind::SetupInPlay,
        FindingKind::TimeOverrun,
        FindingKind::Repetition,
    ];

    /// The stable name, as in JSON and CSV (`off-board`, `superko`...).
    pub fn as_str(self) -> &'static str {
        match self {
            FindingKind::OffBoard => "off-board",
            FindingKind::Occupied => "occupied",
            FindingKind::Suicide => "suicide",
            FindingKind::Ko => "ko",
            FindingKind::Superko => "superko",
            FindingKind::OutOfTurn => "out-of-turn",
            FindingKind::UnequalMoves => "unequal-moves",
            FindingKind::NotFinished => "not-finished",
            FindingKind::ResultMismatch => "result-mismatch",
            FindingKind::KomiMismatch => "komi-mismatch",
            FindingKind::SizeMismatch => "size-mismatch",
            FindingKind::HandicapMismatch => "handicap-mismatch",
            FindingKind::SetupInPlay => "setup-in-play",
            FindingKind::TimeOverrun => "time-overrun",
            FindingKind::Repetition => "repetition",
        }
    }

    /// Read a stable name back.
    pub fn from_name(name: &str) -> Option<FindingKind> {
        FindingKind::ALL.into_iter().find(|k| k.as_str() == name)
    }
}

impl std::fmt::Display for FindingKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// How serious a finding is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// A move the rule set forbids.
    Illegal,
    /// The record disagrees with the rule set or with itself.
    Warning,
    /// Worth knowing; nothing is wrong.
    Info,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Illegal => "illegal",
            Severity::Warning => "warning",
            Severity::Info => "info",
        }
    }
}

/// What the rule set does about a finding.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Consequence {
    /// The move is taken back and counts as a pass.
    Pass,
    /// The move is void and the player forfeits the turn.
    Void,
    /// The player who made it loses the game.
    Loss,
    Draw,
    NoResult,
    /// Reported only; the rule set applies no penalty.
    None,
}

impl Consequence {
    pub fn as_str(self) -> &'static str {
        match self {
            Consequence::Pass => "pass",
            Consequence::Void => "void",
            Consequence::Loss => "loss",
            Consequence::Draw => "draw",
            Consequence::NoResult => "no-result",
            Consequence::None => "none",
        }
    }
}

/// One thing the validator found.
#[derive(Debug, Clone, PartialEq)]
pub struct Finding {
    pub kind: FindingKind,
    pub severity: Severity,
    /// 1-based move number, when the finding concerns a move.
    pub move_number: Option<usize>,
    /// Main-line node index (root = 0), when known.
    pub node: Option<usize>,
    pub color: Option<Color>,
    /// The point concerned, when there is one on the board.
    pub point: Option<Point>,
    /// One sentence for people.
    pub detail: String,
    pub consequence: Consequence,
}

/// Everything the replay learned about one game.
#[derive(Debug, Clone)]
pub struct Replay {
    pub findings: Vec<Finding>,
    /// The final position.
    pub board: Board,
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
    /// Black's free-placement handicap moves at the start (`HA[n]` then n Black moves).
    pub free_handicap_moves: usize,
    /// Findings beyond [`MAX_FINDINGS`], counted but not kept.
    pub findings_not_listed: usize,
    /// Illegal findings, listed or not.
    pub illegal_count: usize,
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
    /// No finding is illegal.
    pub fn is_valid(&self) -> bool {
        self.illegal_count == 0
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
    Replayer::new(record, rules)?.run()
}

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

struct Replayer<'a> {
    record: &'a GameRecord,
    rules: &'a RuleSet,
    board: Board,
    findings: Vec<Finding>,
    /// Position key -> the number of moves after which it first stood (0 = the start).
    history: PositionMap,
    /// Positions after 0, CHECKPOINT_EVERY, 2*CHECKPOINT_EVERY... moves.
    checkpoints: Vec<u8>,
    area: usize,
    /// Scratch board and buffer for confirming superko candidates.
    scratch: Option<Board>,
    buffer: Vec<u8>,
    passes: [u32; 2],
    loss: Option<Loss>,
    cycle: Option<Consequence>,
    repetition_reported: bool,
    free_handicap: usize,
    /// Who is to move at the start: `PL`, else the first mover, else Black.
    first_player: Color,
    not_listed: usize,
    illegal_count: usize,
    /// Index of each colour's last move: whether an illegal move was answered.
    last_move_of: [Option<usize>; 2],
    /// Under a per-move time limit, when `BL`/`WL` are a running clock (see
    /// [`Replayer::clock_reading`]): the limit, and each colour's clock before its next
    /// move (`TM` at the start, when recorded).
    move_clock: Option<(f64, [Option<f64>; 2])>,
}

impl<'a> Replayer<'a> {
    fn new(record: &'a GameRecord, rules: &'a RuleSet) -> Result<Self, ReplayError> {
        let board = Board::new(record.width, record.height)
            .ok_or(ReplayError::BadSize(record.width, record.height))?;
        let area = usize::from(record.width) * usize::from(record.height);
        let mut history = PositionMap::default();
        history.reserve(record.moves.len() + 1);
        Ok(Replayer {
            record,
            rules,
            board,
            findings: Vec::new(),
            history,
            checkpoints: Vec::with_capacity(area * (record.moves.len() / CHECKPOINT_EVERY + 1)),
            area,
            scratch: None,
            buffer: Vec::with_capacity(area),
            passes: [0; 2],
            loss: None,
            cycle: None,
            repetition_reported: false,
            free_handicap: 0,
            first_player: record
                .first_player
                .or(record.moves.first().map(|m| m.color))
                .unwrap_or(Color::Black),
            not_listed: 0,
            illegal_count: 0,
            last_move_of: [Color::Black, Color::White]
                .map(|c| record.moves.iter().rposition(|m| m.color == c)),
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

    fn run(mut self) -> Result<Replay, ReplayError> {
        let record = self.record;
        self.check_record_against_rules();
        for (p, stone) in setup_points(&record.setup) {
            if self.board.set(p, stone).is_err() {
                self.push(Finding {
                    kind: FindingKind::OffBoard,
                    severity: Severity::Warning,
                    move_number: None,
                    node: Some(0),
                    color: stone,
                    point: None,
                    detail: format!(
                        "setup point {} is outside the {}x{} board and was ignored",
                        p.to_sgf(),
                        record.width,
                        record.height
                    ),
                    consequence: Consequence::None,
                });
            }
        }
        self.free_handicap = self.check_handicap();
        self.remember(0, None, false);

        let mut setups = record.mid_setups.iter().peekable();
        let mut previous: Option<Color> = None;
        let mut last_ko_capture: Option<usize> = None;
        for (i, mv) in record.moves.iter().enumerate() {
            let number = i + 1;
            while let Some(s) = setups.next_if(|s| s.after_move <= i) {
                self.apply_mid_setup(s.node, i, &s.setup);
            }
            // Out of turn: the same colour twice in a row (free handicap excepted).
            if let Some(prev) = previous
                && prev == mv.color
                && i >= self.free_handicap
            {
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
            previous = Some(mv.color);
            self.check_time(number, mv.node, mv.color, mv.time_left);
            let mut placed = false;
            let who = mv.color.name();

            match &mv.action {
                Action::Pass => {
                    self.passes[mv.color.index()] += 1;
                    self.board.pass();
                }
                Action::Unreadable(raw) => {
                    self.illegal_move(
                        FindingKind::OffBoard,
                        i,
                        None,
                        self.rules.illegal,
                        false,
                        format!(
                            "{}[{raw}] is not a point; the move was treated as a pass",
                            mv.color.letter()
                        ),
                    );
                    self.board.pass();
                }
                Action::Play(p) => {
                    let p = *p;
                    match self.board.play(mv.color, p) {
                        Err(PlayError::OffBoard) => {
                            self.illegal_move(
                                FindingKind::OffBoard,
                                i,
                                None,
                                self.rules.illegal,
                                false,
                                format!(
                                    "{}[{}] is outside the {}x{} board; the move was treated as a pass",
                                    mv.color.letter(),
                                    p.to_sgf(),
                                    record.width,
                                    record.height
                                ),
                            );
                            self.board.pass();
                        }
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
                                    "{who} plays on {}, which already holds a {holder} stone; the board was left as it was",
                                    p.to_d4(record.height)
                                ),
                            );
                            self.board.pass();
                        }
                        Ok(outcome) => {
                            placed = true;
                            if outcome.suicide > 0 && self.rules.suicide == Suicide::Forbidden {
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
                                        "{who} at {} leaves {stones} without liberties (suicide is forbidden under {})",
                                        p.to_d4(record.height),
                                        self.rules.name
                                    ),
                                );
                            }
                            if outcome.ko_recapture {
                                let earlier = last_ko_capture
                                    .map(|m| format!(" taken at move {m}"))
                                    .unwrap_or_default();
                                self.illegal_move(
                                    FindingKind::Ko,
                                    i,
                                    Some(p),
                                    self.rules.illegal,
                                    true,
                                    format!(
                                        "{who} retakes the ko{earlier} at {} at once, without a move elsewhere first",
                                        p.to_d4(record.height)
                                    ),
                                );
                            } else {
                                self.check_superko(i, mv.color, p);
                            }
                            last_ko_capture = (outcome.captured == 1).then_some(number);
                        }
                    }
                }
            }
            self.remember(number, Some(mv.color), placed);
        }
        // Setup nodes after the last move still change the final position.
        for s in setups {
            self.apply_mid_setup(s.node, record.moves.len(), &s.setup);
        }
        Ok(self.finish())
    }

    /// Findings that need only the record and the rule set, before any move.
    fn check_record_against_rules(&mut self) {
        let record = self.record;
        let rules = self.rules;
        if let Some(komi) = record.komi {
            let expected = rules.komi_for(record.handicap);
            if !rules.komi_equivalent(komi, record.handicap) {
                self.push(Finding {
                    kind: FindingKind::KomiMismatch,
                    severity: Severity::Warning,
                    move_number: None,
                    node: Some(0),
                    color: None,
                    point: None,
                    detail: format!(
                        "the record's komi is {} but {} uses {} for {}; the record's komi is used",
                        format_points(komi),
                        rules.name,
                        format_points(expected),
                        if record.handicap >= 2 {
                            "a handicap game"
                        } else {
                            "an even game"
                        }
                    ),
                    consequence: Consequence::None,
                });
            }
        }
        if !rules.allows_size(record.width, record.height) {
            let allowed: Vec<String> = rules.sizes.iter().map(|s| format!("{s}x{s}")).collect();
            self.push(Finding {
                kind: FindingKind::SizeMismatch,
                severity: Severity::Warning,
                move_number: None,
                node: Some(0),
                color: None,
                point: None,
                detail: format!(
                    "the board is {}x{} but {} is played on {}",
                    record.width,
                    record.height,
                    rules.name,
                    allowed.join(" or ")
                ),
                consequence: Consequence::None,
            });
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
            mismatch = Some(format!(
                "the record sets up {black_setup} black stones before play but has {}",
                if record.handicap == 0 {
                    "no HA".to_string()
                } else {
                    format!("HA[{}]", record.handicap)
                }
            ));
        }
        if let Some(detail) = mismatch {
            self.push(Finding {
                kind: FindingKind::HandicapMismatch,
                severity: Severity::Warning,
                move_number: None,
                node: Some(0),
                color: None,
                point: None,
                detail,
                consequence: Consequence::None,
            });
        }
        free
    }

    fn apply_mid_setup(&mut self, node: usize, moves_played: usize, setup: &Setup) {
        // A node that only says who is to play (`PL`) adds and removes nothing.
        if setup.is_empty() {
            return;
        }
        let count = setup.black.len() + setup.white.len() + setup.empty.len();
        self.push(Finding {
            kind: FindingKind::SetupInPlay,
            severity: Severity::Warning,
            move_number: None,
            node: Some(node),
            color: None,
            point: None,
            detail: format!(
                "node {node}, after move {moves_played}, adds or removes {count} stone{} with AB/AW/AE; the replay applies it",
                plural(count)
            ),
            consequence: Consequence::None,
        });
        for (p, stone) in setup_points(setup) {
            // Off-board setup points are dropped: there is nothing to set.
            let _ = self.board.set(p, stone);
        }
    }

    fn check_time(&mut self, number: usize, node: usize, color: Color, left: Option<f64>) {
        let Some(left) = left else { return };
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
        if consequence == Consequence::Loss && self.loss.is_none() {
            self.loss = Some(Loss {
                loser: color,
                move_number: number,
                kind: FindingKind::TimeOverrun,
            });
        }
        self.push(Finding {
            kind: FindingKind::TimeOverrun,
            severity: Severity::Warning,
            move_number: Some(number),
            node: Some(node),
            color: Some(color),
            point: None,
            detail,
            consequence,
        });
    }

    /// Superko and (under simple ko) repetition, for a stone play already on the board.
    fn check_superko(&mut self, i: usize, color: Color, p: Point) {
        let number = i + 1;
        let Some(key) = self.position_key(Some(color), true) else {
            return;
        };
        let Some(&earlier) = self.history.get(&key) else {
            return;
        };
        if !self.confirm_position(earlier) {
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
            self.push(Finding {
                kind: FindingKind::Repetition,
                severity: Severity::Warning,
                move_number: Some(number),
                node: Some(self.record.moves[i].node),
                color: Some(color),
                point: Some(p),
                detail: format!(
                    "{} at {} repeats {when}: a cycle, which {} ends as {} if neither player leaves it",
                    color.name(),
                    p.to_d4(height),
                    self.rules.name,
                    match consequence {
                        Consequence::Draw => "a draw",
                        Consequence::NoResult => "no result",
                        _ => "nothing",
                    }
                ),
                consequence,
            });
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

    /// Record the position after `moves_played` moves (the last by `mover`).
    /// `stone_play`: the move put a stone on the board (a pass, or a stone that could
    /// not stand, did not).
    fn remember(&mut self, moves_played: usize, mover: Option<Color>, stone_play: bool) {
        if moves_played.is_multiple_of(CHECKPOINT_EVERY) {
            self.board.write_position(&mut self.buffer);
            self.checkpoints.extend_from_slice(&self.buffer);
        }
        let Some(key) = self.position_key(mover, stone_play) else {
            return;
        };
        self.history.entry(key).or_insert(moves_played);
    }

    /// The history key of the current position, reached by a move of `mover` (`None`
    /// at the start), or `None` when the rule set's ko rule ignores such positions.
    ///
    /// Positional superko compares boards. Situational superko (and repetition under
    /// simple ko) compares the board together with the player to move. The natural
    /// reading compares only positions made by stone plays, together with who made them.
    fn position_key(&self, mover: Option<Color>, stone_play: bool) -> Option<u64> {
        let hash = self.board.hash();
        let to_move = match mover {
            Some(c) => c.opponent(),
            None => self.first_player,
        };
        match self.rules.ko {
            KoRule::Positional => Some(hash),
            KoRule::Simple | KoRule::Situational => Some(hash ^ TO_MOVE_KEY[to_move.index()]),
            KoRule::NaturalSituational => match mover {
                Some(c) if stone_play => Some(hash ^ CREATOR_KEY[c.index()]),
                _ => None,
            },
        }
    }

    /// Rebuild the position after `moves_played` moves from the nearest checkpoint and
    /// compare it with the current board: a hash match is only a candidate.
    fn confirm_position(&mut self, moves_played: usize) -> bool {
        let checkpoint = moves_played / CHECKPOINT_EVERY;
        let start = checkpoint * self.area;
        let Some(snapshot) = self.checkpoints.get(start..start + self.area) else {
            return false;
        };
        let scratch = match &mut self.scratch {
            Some(board) => board,
            None => self.scratch.insert(self.board.clone()),
        };
        scratch.load_position(snapshot);
        let record = self.record;
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
        scratch.same_position(&self.board)
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
        self.push_illegal(Finding {
            kind,
            severity: Severity::Illegal,
            move_number: Some(i + 1),
            node: Some(mv.node),
            color: Some(mv.color),
            point,
            detail,
            consequence: if on_board {
                consequence
            } else {
                stand_or_pass(consequence)
            },
        });
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

    fn push_illegal(&mut self, finding: Finding) {
        if finding.consequence == Consequence::Loss
            && self.loss.is_none()
            && let (Some(color), Some(number)) = (finding.color, finding.move_number)
        {
            self.loss = Some(Loss {
                loser: color,
                move_number: number,
                kind: finding.kind,
            });
        }
        self.push(finding);
    }

    fn push(&mut self, finding: Finding) {
        if finding.severity == Severity::Illegal {
            self.illegal_count += 1;
        }
        if self.findings.len() < MAX_FINDINGS {
            self.findings.push(finding);
        } else {
            self.not_listed += 1;
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
            self.push(Finding {
                kind: FindingKind::UnequalMoves,
                severity: Severity::Warning,
                move_number: Some(n),
                node: moves.last().map(|m| m.node),
                color: Some(Color::Black),
                point: None,
                detail: format!(
                    "Black passed last, but under {} White must make the last move: White owes one more pass (one more prisoner for Black)",
                    self.rules.name
                ),
                consequence: Consequence::None,
            });
        }

        if let Some(re) = &record.result {
            let claimed = GameResult::parse(re);
            if claimed.is_count() && !ended_by_passes {
                self.push(Finding {
                    kind: FindingKind::NotFinished,
                    severity: Severity::Warning,
                    move_number: None,
                    node: None,
                    color: None,
                    point: None,
                    detail: format!(
                        "RE[{re}] claims a count, but the record does not end with two consecutive passes"
                    ),
                    consequence: Consequence::None,
                });
            }
        }

        Replay {
            findings: self.findings,
            board: self.board,
            moves: n,
            passes: self.passes,
            last_mover,
            ended_by_passes,
            first_final_passer,
            loss: self.loss,
            cycle: self.cycle,
            free_handicap_moves: self.free_handicap,
            findings_not_listed: self.not_listed,
            illegal_count: self.illegal_count,
        }
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
