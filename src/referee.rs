//! The referee of a live game between two GTP engines: goref starts both, sets up the
//! board, the komi, the handicap and the clocks, asks each for its move in turn, checks
//! every move as it is played under the rule set ([`arbiter`]), keeps the clocks itself,
//! and ends the game as the rule set says: by two passes and a count, a move cap, a
//! repetition, a resignation, an illegal move, an overrun clock, or an engine that
//! crashes, hangs or answers what is not GTP.
//!
//! What it guarantees:
//! - **The record is the verdict.** The game is written as SGF ([`record`]) and judged by
//!   the same code as `goref validate` and `goref score` ([`crate::judge`]); the result
//!   the referee gives is the judgement of the written record, so reading the record
//!   again gives it back (the referee checks that, [`Game::self_check`]).
//! - **No engine outlives its game**, and none can stop the match: every answer is
//!   awaited with a deadline ([`crate::gtp::Engine`]), a hung engine is killed with its
//!   process group, and each game starts fresh processes.
//! - **Dead stones are settled as contests settle them** ([`settle`]): the engines'
//!   `final_status_list dead` when they agree; when they do not, the winner stands if
//!   both lists give the same winner, else goref's own estimate decides the disputed
//!   chains, and the record says which.
//!
//! Nothing here prints, parses arguments or draws progress; a front end schedules the
//! games ([`schedule`]), writes them, and sums them up ([`stats`]).

pub mod arbiter;
pub mod record;
pub mod schedule;
pub mod stats;

use std::time::{Duration, Instant};

use crate::adjudicate::DecidedBy;
use crate::board::Color;
use crate::gtp::{Deadline, Engine, EngineCommand, GtpError};
use crate::judge::{self, DeadPlan, Judged};
use crate::life::{self, DeadChoice, EngineDead};
use crate::point::{Point, PointName};
use crate::replay::FindingKind;
use crate::result::{GameResult, WinBy};
use crate::rules::{IllegalMove, PassRule, RuleSet, RulesChoice, TimeControl};
use crate::sgf::{self, GameRecord};
use arbiter::{Arbiter, Verdict};
use record::{Played, Root};

/// One side of a game: the name the records give it and the command that starts it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Seat {
    pub name: String,
    pub command: EngineCommand,
}

/// How every game of a match is played.
#[derive(Debug, Clone)]
pub struct Settings {
    pub rules: RuleSet,
    pub size: u8,
    pub komi: f64,
    /// Black's handicap stones (0, or 2 and more), placed where the engines'
    /// `fixed_handicap` puts them.
    pub handicap: u32,
    /// The clock: the rule set's, or the organiser's.
    pub time: TimeControl,
    /// Without a clock, how long an engine may think before it is taken to hang.
    pub hang_limit: Duration,
    /// How long past its clock an engine's answer is still awaited (and recorded, as an
    /// overrun) before the engine is stopped.
    pub grace: Duration,
    /// Moves after which the game stops and is counted as it stands.
    pub move_cap: usize,
    /// Play out the chains the engines disagree on (`kgs-genmove_cleanup` where they
    /// know it), once, before goref's judgement decides.
    pub cleanup: bool,
    /// How long an engine may take to start and answer its first commands.
    pub start_limit: Duration,
}

impl Settings {
    /// The settings of `rules` on a `size` board with `komi`: the rule set's clock, a
    /// move cap of the preset's ([`move_cap`]), and limits that suit quick engines.
    pub fn new(rules: RuleSet, size: u8, komi: f64) -> Settings {
        let area = usize::from(size) * usize::from(size);
        Settings {
            move_cap: move_cap(&rules).unwrap_or(4 * area.max(25)),
            time: rules.time,
            rules,
            size,
            komi,
            handicap: 0,
            hang_limit: Duration::from_secs(60),
            grace: Duration::from_millis(500),
            cleanup: false,
            start_limit: Duration::from_secs(60),
        }
    }
}

/// The move cap a contest's rules set (UEC Cup: 400 moves), `None` where they set none.
pub fn move_cap(rules: &RuleSet) -> Option<usize> {
    match rules.preset_name() {
        "uec" => Some(400),
        _ => None,
    }
}

/// Limit on setup commands and answers that need no thought (`play`, `boardsize`).
const COMMAND_LIMIT: Duration = Duration::from_secs(20);

/// How a game ended.
#[derive(Debug, Clone, PartialEq)]
pub enum Ending {
    /// Two passes (White's last under AGA-style rules), then the count.
    Passes,
    /// The move cap was reached; counted as it stands.
    MoveCap { moves: usize },
    /// A position came back under simple ko, which the rule set ends as a draw or no
    /// result.
    Repetition { earlier: usize },
    /// The engine resigned.
    Resignation { loser: Color },
    /// An illegal move the rule set punishes with the loss of the game.
    Illegal { loser: Color, kind: FindingKind },
    /// The engine answered after its time ran out.
    Overrun { loser: Color },
    /// The engine did not answer within its time and the grace after it.
    Hang { loser: Color },
    /// The engine's process ended.
    Crash { loser: Color },
    /// The engine answered what is not GTP, or not a move.
    Garbage { loser: Color },
    /// The engine refused a command the game needs (a board size, a legal move of its
    /// opponent).
    Refused { loser: Color },
}

impl Ending {
    /// The stable name: `passes`, `move-cap`, `repetition`, `resignation`, `illegal`,
    /// `overrun`, `hang`, `crash`, `garbage`, `refused`.
    pub fn as_str(&self) -> &'static str {
        match self {
            Ending::Passes => "passes",
            Ending::MoveCap { .. } => "move-cap",
            Ending::Repetition { .. } => "repetition",
            Ending::Resignation { .. } => "resignation",
            Ending::Illegal { .. } => "illegal",
            Ending::Overrun { .. } => "overrun",
            Ending::Hang { .. } => "hang",
            Ending::Crash { .. } => "crash",
            Ending::Garbage { .. } => "garbage",
            Ending::Refused { .. } => "refused",
        }
    }

    /// The side that lost by its own act, when one did.
    pub fn loser(&self) -> Option<Color> {
        match *self {
            Ending::Resignation { loser }
            | Ending::Illegal { loser, .. }
            | Ending::Overrun { loser }
            | Ending::Hang { loser }
            | Ending::Crash { loser }
            | Ending::Garbage { loser }
            | Ending::Refused { loser } => Some(loser),
            _ => None,
        }
    }

    /// The result the ending itself gives, for endings the written record cannot show
    /// by its moves (a resignation, an engine that failed): `None` when the judgement of
    /// the record decides.
    fn recorded_result(&self) -> Option<GameResult> {
        let (loser, by) = match *self {
            Ending::Resignation { loser } => (loser, WinBy::Resignation),
            Ending::Hang { loser } => (loser, WinBy::Time),
            Ending::Crash { loser } | Ending::Garbage { loser } | Ending::Refused { loser } => {
                (loser, WinBy::Forfeit)
            }
            _ => return None,
        };
        Some(GameResult::Win {
            winner: loser.opponent(),
            by,
        })
    }
}

/// How the dead stones of a counted game were settled.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Settled {
    /// Not counted.
    NotCounted,
    /// Both engines named the same dead stones.
    Agreed,
    /// The lists differ but give the same winner: counted with the loser's list.
    WinnerStands,
    /// The lists give different winners: goref's estimate decided the disputed chains
    /// (`disputed`, `D4` names of one stone each).
    Judged { disputed: Vec<String> },
}

impl Settled {
    /// `agreed`, `winner-stands`, `goref`, or `none`.
    pub fn as_str(&self) -> &'static str {
        match self {
            Settled::NotCounted => "none",
            Settled::Agreed => "agreed",
            Settled::WinnerStands => "winner-stands",
            Settled::Judged { .. } => "goref",
        }
    }
}

/// A game played to its end.
#[derive(Debug, Clone)]
pub struct Game {
    /// The record, whole: what a front end writes.
    pub sgf: String,
    pub black: String,
    pub white: String,
    /// The engines' names and versions as they gave them.
    pub engines: [String; 2],
    pub result: GameResult,
    pub decided_by: DecidedBy,
    pub ending: Ending,
    pub settled: Settled,
    /// What the engine that ended the game said (its answer, its last words on standard
    /// error, how its process ended), one line.
    pub words: Option<String>,
    pub moves: usize,
    /// Seconds each side thought, in all.
    pub time_used: [f64; 2],
    /// Moves each side made.
    pub moves_by: [usize; 2],
    /// When reading the written record again does not give the referee's result: why
    /// (a bug in goref; the record is still the game as played).
    pub self_check: Option<String>,
    /// Seconds the referee itself spent between the engines' answers, in all (the check
    /// of each move, the clocks, the commands sent).
    pub overhead: f64,
}

/// Why a game could not be played at all.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum RefereeError {
    #[error("board size {0} is not one GTP can play (1 to 25)")]
    BadSize(u8),
    #[error("{0} handicap stones: give 0, or 2 to 9")]
    BadHandicap(u32),
}

/// Play one game: `black` against `white` under `settings`; `name` is the game's name
/// in the records (`GN`).
pub fn play(
    black: &Seat,
    white: &Seat,
    settings: &Settings,
    name: &str,
) -> Result<Game, RefereeError> {
    if !(1..=25).contains(&settings.size) {
        return Err(RefereeError::BadSize(settings.size));
    }
    if settings.handicap == 1 || settings.handicap > 9 {
        return Err(RefereeError::BadHandicap(settings.handicap));
    }
    let mut match_ = Match::start(black, white, settings, name);
    let ending = match_.run();
    Ok(match_.finish(ending))
}

/// A game in progress.
struct Match<'a> {
    settings: &'a Settings,
    seats: [&'a Seat; 2],
    engines: [Option<Engine>; 2],
    names: [String; 2],
    arbiter: Option<Arbiter>,
    handicap: Vec<Point>,
    moves: Vec<Played>,
    /// Seconds left on each side's clock (absolute time).
    clocks: [f64; 2],
    to_move: Color,
    words: Option<String>,
    name: String,
    overhead: Duration,
    settled: Settled,
    dead: Option<Vec<Point>>,
    notes: Vec<String>,
}

impl<'a> Match<'a> {
    fn start(black: &'a Seat, white: &'a Seat, settings: &'a Settings, name: &str) -> Match<'a> {
        let main = match settings.time {
            TimeControl::Absolute(t) => t,
            _ => 0.0,
        };
        Match {
            settings,
            seats: [black, white],
            engines: [None, None],
            names: [black.name.clone(), white.name.clone()],
            arbiter: None,
            handicap: Vec::new(),
            moves: Vec::new(),
            clocks: [main; 2],
            to_move: Color::Black,
            words: None,
            name: name.to_string(),
            overhead: Duration::ZERO,
            settled: Settled::NotCounted,
            dead: None,
            notes: Vec::new(),
        }
    }

    /// Set up and play to the end; the ending.
    fn run(&mut self) -> Ending {
        if let Err(ending) = self.set_up() {
            return ending;
        }
        match self.play_out(false) {
            Some(ending) => ending,
            None => unreachable_ending(),
        }
    }

    /// Start both engines and send them the game.
    fn set_up(&mut self) -> Result<(), Ending> {
        for color in [Color::Black, Color::White] {
            let seat = self.seats[color.index()];
            match Engine::start(&seat.command, self.settings.start_limit) {
                Ok(engine) => {
                    self.names[color.index()] = engine.name().to_string();
                    self.engines[color.index()] = Some(engine);
                }
                Err(e) => return Err(self.failed(color, &e, "start")),
            }
        }
        let size = self.settings.size;
        let mut commands = vec![
            format!("boardsize {size}"),
            "clear_board".to_string(),
            format!("komi {}", self.settings.komi),
        ];
        let (gtp, kgs) = time_commands(self.settings.time);
        for color in [Color::Black, Color::White] {
            for command in &commands {
                self.ask(color, command, COMMAND_LIMIT)
                    .map_err(|(e, _)| self.failed(color, &e, command))?;
            }
            if let Some(gtp) = &gtp {
                let kgs_known = self
                    .engine(color)
                    .is_some_and(|e| e.knows("kgs-time_settings"));
                let command = match &kgs {
                    Some(kgs) if kgs_known => kgs,
                    _ => gtp,
                };
                // A clock the engine does not understand is still kept by goref.
                match self.ask(color, command, COMMAND_LIMIT) {
                    Ok(_) | Err((GtpError::Refused { .. }, _)) => {}
                    Err((e, _)) => return Err(self.failed(color, &e, command)),
                }
            }
        }
        commands.clear();
        if self.settings.handicap >= 2 {
            let command = format!("fixed_handicap {}", self.settings.handicap);
            let mut placed: Vec<Vec<Point>> = Vec::new();
            for color in [Color::Black, Color::White] {
                let (answer, _) = self
                    .ask(color, &command, COMMAND_LIMIT)
                    .map_err(|(e, _)| self.failed(color, &e, &command))?;
                match vertices(&answer, size) {
                    Some(points) => placed.push(points),
                    None => {
                        self.words = Some(format!("its answer to `{command}`: {answer:?}"));
                        return Err(Ending::Garbage { loser: color });
                    }
                }
            }
            if placed[0] != placed[1] {
                self.words = Some(format!(
                    "the engines placed the handicap stones on different points ({} and {})",
                    names(&placed[0], size),
                    names(&placed[1], size)
                ));
                return Err(Ending::Refused {
                    loser: Color::White,
                });
            }
            self.handicap = placed.swap_remove(0);
            self.to_move = Color::White;
        }
        self.arbiter = Arbiter::new(&self.settings.rules, size, &self.handicap, self.to_move);
        Ok(())
    }

    /// Play moves until the game ends (`Some`); `cleanup`: the engines play out the
    /// chains they disagree on.
    fn play_out(&mut self, cleanup: bool) -> Option<Ending> {
        let mut passes_in_a_row = 0;
        loop {
            if self.moves.len() >= self.settings.move_cap {
                return Some(Ending::MoveCap {
                    moves: self.moves.len(),
                });
            }
            let color = self.to_move;
            let outcome = self.one_move(color, cleanup);
            match outcome {
                Step::Ended(ending) => return Some(ending),
                Step::Played => passes_in_a_row = 0,
                Step::Passed => {
                    passes_in_a_row += 1;
                    let white_last = self.settings.rules.pass_rule == PassRule::PassStonesWhiteLast
                        && color == Color::Black;
                    if passes_in_a_row >= 2 && !white_last {
                        return self.end_by_passes(cleanup);
                    }
                }
            }
            self.to_move = color.opponent();
        }
    }

    /// One move of `color`: asked, timed, checked, recorded, and told to the opponent.
    fn one_move(&mut self, color: Color, cleanup: bool) -> Step {
        let size = self.settings.size;
        let (allowance, time_left) = self.allowance(color);
        if let Some(command) = time_left {
            // A clock the engine cannot be told of is still kept by goref.
            match self.ask(color, &command, COMMAND_LIMIT) {
                Ok(_) | Err((GtpError::Refused { .. }, _)) => {}
                Err((e, _)) => return Step::Ended(self.failed(color, &e, &command)),
            }
        }
        let cleanup_known = self
            .engine(color)
            .is_some_and(|e| e.knows("kgs-genmove_cleanup"));
        let verb = if cleanup && cleanup_known {
            "kgs-genmove_cleanup"
        } else {
            "genmove"
        };
        let command = format!("{verb} {}", color.letter().to_ascii_lowercase());
        let answer = self.ask(color, &command, allowance + self.settings.grace);
        let (answer, used) = match answer {
            Ok(answer) => answer,
            Err((GtpError::TimedOut { .. }, used)) if self.has_clock() => {
                self.words = Some(format!(
                    "no move after {:.1} s, past its time; it was stopped",
                    used.as_secs_f64()
                ));
                return Step::Ended(Ending::Hang { loser: color });
            }
            Err((e, _)) => return Step::Ended(self.failed(color, &e, &command)),
        };
        let started = Instant::now();
        let used = used.as_secs_f64();
        let word = answer.trim().to_ascii_lowercase();
        let point = match word.as_str() {
            "resign" => {
                self.words = Some(format!("it answered `{command}` with `resign`"));
                return Step::Ended(Ending::Resignation { loser: color });
            }
            "pass" => None,
            _ => match vertices(&answer, size) {
                Some(points) if points.len() == 1 => points.first().copied(),
                _ => {
                    self.words = Some(format!(
                        "its answer to `{command}` is not a move: {:?}",
                        crate::text::one_line(&answer.chars().take(200).collect::<String>())
                    ));
                    return Step::Ended(Ending::Garbage { loser: color });
                }
            },
        };
        let left = self.spend(color, used);
        let overrun = left.is_some_and(|l| l < 0.0);
        let mut played = Played {
            color,
            point,
            time_left: left,
            used,
            comment: None,
        };
        if overrun {
            self.words = Some(format!(
                "it answered after {used:.3} s, past its time ({})",
                self.settings.time
            ));
            self.moves.push(played);
            self.overhead += started.elapsed();
            return Step::Ended(Ending::Overrun { loser: color });
        }
        let verdict = match (point, self.arbiter.as_mut()) {
            (Some(p), Some(arbiter)) => arbiter.play(color, p),
            (None, Some(arbiter)) => {
                arbiter.pass(color);
                Verdict::Legal
            }
            (_, None) => Verdict::Legal,
        };
        let told = match verdict {
            Verdict::Legal => {
                self.moves.push(played);
                point
            }
            Verdict::Repetition { earlier } => {
                self.moves.push(played);
                self.words = Some(format!(
                    "the position after move {} repeats the one after move {earlier}",
                    self.moves.len()
                ));
                self.overhead += started.elapsed();
                return Step::Ended(Ending::Repetition { earlier });
            }
            Verdict::Illegal { kind, detail } => {
                let at = point.map(|p| p.to_d4(size)).unwrap_or_default();
                if self.settings.rules.illegal == IllegalMove::Loss {
                    self.words = Some(format!("its move {at} is illegal: {detail}"));
                    self.moves.push(played);
                    self.overhead += started.elapsed();
                    return Step::Ended(Ending::Illegal { loser: color, kind });
                }
                // Taken back and counted as a pass, as the rule set says (void, treated
                // as a pass, or noted before the reply); the engine is told the game
                // again without its move.
                played.point = None;
                played.comment = Some(format!(
                    "goref referee: {} played {at}, illegal ({kind}: {detail}); under {} the move is taken back and counts as a pass",
                    color.name(),
                    self.settings.rules.name
                ));
                if let Some(arbiter) = self.arbiter.as_mut() {
                    arbiter.pass(color);
                }
                self.moves.push(played);
                if let Err(ending) = self.resync(color) {
                    return Step::Ended(ending);
                }
                None
            }
        };
        let vertex = told.map_or("pass".to_string(), |p| p.to_d4(size));
        let command = format!("play {} {vertex}", color.letter().to_ascii_lowercase());
        let opponent = color.opponent();
        self.overhead += started.elapsed();
        match self.ask(opponent, &command, COMMAND_LIMIT) {
            Ok(_) => {}
            Err((e @ GtpError::Refused { .. }, _)) => {
                self.words = Some(format!(
                    "it refused {}'s legal move: {}",
                    color.name(),
                    crate::text::one_line(&e.to_string())
                ));
                return Step::Ended(Ending::Refused { loser: opponent });
            }
            Err((e, _)) => return Step::Ended(self.failed(opponent, &e, &command)),
        }
        if told.is_some() {
            Step::Played
        } else {
            Step::Passed
        }
    }

    /// The engine of `color` played an illegal move that was taken back: tell it the
    /// game again.
    fn resync(&mut self, color: Color) -> Result<(), Ending> {
        let size = self.settings.size;
        let mut commands = vec!["clear_board".to_string()];
        for p in &self.handicap {
            commands.push(format!("play b {}", p.to_d4(size)));
        }
        for m in &self.moves {
            let vertex = m.point.map_or("pass".to_string(), |p| p.to_d4(size));
            commands.push(format!(
                "play {} {vertex}",
                m.color.letter().to_ascii_lowercase()
            ));
        }
        for command in &commands {
            self.ask(color, command, COMMAND_LIMIT)
                .map_err(|(e, _)| self.failed(color, &e, command))?;
        }
        Ok(())
    }

    /// After two passes: the dead stones asked of both engines and settled; with
    /// cleanup, a disagreement is played out once first.
    fn end_by_passes(&mut self, cleanup: bool) -> Option<Ending> {
        let lists = self.dead_lists();
        let agreed = matches!(&lists, [Some(a), Some(b)] if a == b);
        if !agreed && self.settings.cleanup && !cleanup {
            self.notes.push(
                "goref referee: the engines disagreed on the dead stones after two passes; the game was played on to settle them"
                    .to_string(),
            );
            self.to_move = self.to_move.opponent();
            let before = self.moves.len();
            let ending = self.play_out(true);
            if matches!(self.settled, Settled::Agreed) {
                let dead = self.dead.as_deref().unwrap_or_default();
                self.notes.push(format!(
                    "goref referee: the disputed stones were resolved by play: after {} more moves (passes included) both engines named the same dead stones ({})",
                    self.moves.len() - before,
                    if dead.is_empty() { "none".to_string() } else { names(dead, self.settings.size) }
                ));
            }
            return ending;
        }
        self.dead = Some(self.settle(lists));
        Some(Ending::Passes)
    }

    /// Each engine's dead stones, whole chains, in reading order (`None` where the
    /// engine could not say, or named a point without a stone).
    fn dead_lists(&mut self) -> [Option<Vec<Point>>; 2] {
        let size = self.settings.size;
        [Color::Black, Color::White].map(|color| {
            let answer = self
                .ask(color, "final_status_list dead", COMMAND_LIMIT)
                .ok()?
                .0;
            let points = vertices(&answer, size)?;
            let board = self.arbiter.as_ref()?.board();
            life::from_points(board, &points).ok().map(|d| d.stones)
        })
    }

    /// The dead stones to count with, from the engines' lists (see [`Settled`]).
    fn settle(&mut self, lists: [Option<Vec<Point>>; 2]) -> Vec<Point> {
        let size = self.settings.size;
        if let [Some(a), Some(b)] = &lists {
            if a == b {
                self.settled = Settled::Agreed;
                return a.clone();
            }
            let winner_a = self.count(a).0.winner();
            let winner_b = self.count(b).0.winner();
            if winner_a.is_some() && winner_a == winner_b {
                // The loser's own list still loses: the winner stands, counted with it.
                let loser = winner_a.map_or(Color::Black, Color::opponent);
                self.settled = Settled::WinnerStands;
                self.notes.push(format!(
                    "goref referee: the engines named different dead stones ({}: {}; {}: {}), but both lists give the game to {}: counted with {}'s list",
                    Color::Black.name(),
                    names(a, size),
                    Color::White.name(),
                    names(b, size),
                    winner_a.map_or("nobody", Color::name),
                    loser.name()
                ));
                return lists[loser.index()].clone().unwrap_or_default();
            }
        }
        let Some(board) = self.arbiter.as_ref().map(Arbiter::board) else {
            return Vec::new();
        };
        let estimate = life::resolve_under(
            board,
            &DeadChoice::Estimate,
            None,
            self.settings.rules.suicide,
        )
        .map(|d| d.stones)
        .unwrap_or_default();
        let empty = Vec::new();
        let a = lists[0].as_ref().unwrap_or(&empty);
        let b = lists[1].as_ref().unwrap_or(&empty);
        let both: Vec<Point> = a.iter().filter(|p| b.contains(p)).copied().collect();
        let disputed: Vec<Point> = a
            .iter()
            .chain(b)
            .filter(|p| !both.contains(p))
            .copied()
            .collect();
        let mut dead = both.clone();
        let mut disputed_named: Vec<String> = Vec::new();
        let said = |list: &Option<Vec<Point>>| {
            list.as_ref()
                .map_or("no answer".to_string(), |l| names(l, size))
        };
        let words = format!(
            "Black's engine named {}; White's engine named {}",
            said(&lists[0]),
            said(&lists[1])
        );
        let mut judged: Vec<Point> = Vec::new();
        if lists.iter().any(Option::is_none) {
            // An engine that could not say leaves every chain to goref's judgement.
            dead = estimate.clone();
            judged = estimate.clone();
        } else {
            for p in disputed {
                if !disputed_named.contains(&p.to_d4(size)) && !dead.contains(&p) {
                    disputed_named.push(p.to_d4(size));
                }
                if estimate.contains(&p) && !dead.contains(&p) {
                    dead.push(p);
                    judged.push(p);
                }
            }
        }
        dead.sort_by_key(|p| (p.y, p.x));
        dead.dedup();
        self.notes.push(format!(
            "goref referee: the engines disagree on the dead stones ({words}); goref's estimate decided the disputed chains: dead {}",
            if judged.is_empty() { "none".to_string() } else { names(&judged, size) }
        ));
        self.settled = Settled::Judged {
            disputed: disputed_named,
        };
        dead
    }

    /// The result of the game as recorded so far, counted with `dead`.
    fn count(&self, dead: &[Point]) -> (GameResult, Option<Judged>) {
        let text = self.text(None, &[]);
        let Some(record) = load_one(&text) else {
            return (GameResult::Unknown, None);
        };
        let judged = judge_with(&record, &self.settings.rules, Some(dead));
        let result = judged
            .adjudication
            .as_ref()
            .and_then(|a| a.as_ref().ok())
            .map_or(GameResult::Unknown, |a| a.result.clone());
        (result, Some(judged))
    }

    /// The record's text with `result` and root comment lines `comment`.
    fn text(&self, result: Option<&str>, comment: &[String]) -> String {
        let time = match self.settings.time {
            TimeControl::Absolute(t) => Some((t, "absolute".to_string())),
            TimeControl::PerMove(t) => {
                Some((0.0, format!("{} s a move", crate::words::format_points(t))))
            }
            TimeControl::Unspecified => None,
        };
        let root = Root {
            size: self.settings.size,
            komi: self.settings.komi,
            rules: self.settings.rules.name.clone(),
            black: self.seats[0].name.clone(),
            white: self.seats[1].name.clone(),
            handicap: self.handicap.clone(),
            name: self.name.clone(),
            time,
        };
        record::text(&root, &self.moves, result, comment)
    }

    /// The game written and judged.
    fn finish(mut self, ending: Ending) -> Game {
        // Quit the engines now: a count can take a moment.
        self.engines = [None, None];
        let size = self.settings.size;
        let counted = matches!(ending, Ending::Passes | Ending::MoveCap { .. });
        if counted && self.dead.is_none() {
            // The move cap: the engines are gone, so goref's estimate names the dead.
            let estimate = self
                .arbiter
                .as_ref()
                .and_then(|a| {
                    life::resolve_under(
                        a.board(),
                        &DeadChoice::Estimate,
                        None,
                        self.settings.rules.suicide,
                    )
                    .ok()
                })
                .map(|d| d.stones)
                .unwrap_or_default();
            self.settled = Settled::Judged {
                disputed: Vec::new(),
            };
            self.notes.push(format!(
                "goref referee: the game stopped at the move cap of {} moves and was counted as it stood, with goref's estimate of the dead stones",
                self.settings.move_cap
            ));
            self.dead = Some(estimate);
        }
        let (result, judged) = match ending.recorded_result() {
            Some(result) => (result, None),
            None => {
                let dead = self.dead.clone();
                // A game stopped by the move cap did not end with passes: it is
                // counted as a count the record claims ("0" until the count says).
                let claim = matches!(ending, Ending::MoveCap { .. }).then_some("0");
                let text = self.text(claim, &[]);
                match load_one(&text) {
                    Some(record) => {
                        let judged = judge_with(&record, &self.settings.rules, dead.as_deref());
                        let result = judged
                            .adjudication
                            .as_ref()
                            .and_then(|a| a.as_ref().ok())
                            .map_or(GameResult::Unknown, |a| a.result.clone());
                        (result, Some(judged))
                    }
                    None => (GameResult::Unknown, None),
                }
            }
        };
        let decided_by = judged
            .as_ref()
            .and_then(|j| j.adjudication.as_ref()?.as_ref().ok())
            .map_or_else(
                || match &result {
                    GameResult::Win {
                        by: WinBy::Resignation,
                        ..
                    } => DecidedBy::Resignation,
                    GameResult::Win {
                        by: WinBy::Time, ..
                    } => DecidedBy::Time { move_number: None },
                    _ => DecidedBy::Forfeit { finding: None },
                },
                |a| a.decided_by,
            );
        let mut comment = vec![format!(
            "goref referee: {result} under {}, decided by {} (the game ended by {})",
            self.settings.rules.name,
            decided_by.described(),
            ending_words(&ending)
        )];
        if let Some(words) = &self.words {
            let who = ending.loser().map_or("the engines", |c| c.name());
            comment.push(format!("goref referee: {who}: {words}"));
        }
        comment.append(&mut self.notes);
        if let Some(counted) = judged.as_ref().and_then(Judged::counted) {
            let count = &counted.count;
            comment.push(format!(
                "goref referee: counted Black {}, White {} (dead stones: {})",
                crate::words::format_points(count.black.total),
                crate::words::format_points(count.white.total),
                if counted.dead.stones.is_empty() {
                    "none".to_string()
                } else {
                    names(&counted.dead.stones, size)
                }
            ));
        }
        let plain = self.text(Some(&result.to_string()), &comment);
        let sgf = match judged.as_ref().and_then(Judged::counted) {
            Some(counted) => {
                let [black, white] = counted.count.territory_points.clone();
                let notes = crate::annotate::GameNotes {
                    comments: Default::default(),
                    territory: Some(sgf::TerritoryMarks {
                        node: self.moves.len(),
                        black,
                        white,
                    }),
                    dead: counted.dead.stones.clone(),
                };
                crate::annotate::annotate(plain.as_bytes(), &[Some(notes)]).unwrap_or(plain)
            }
            None => plain,
        };
        let self_check = check_written(&sgf, &self.settings.rules, &result);
        let mut time_used = [0.0; 2];
        let mut moves_by = [0; 2];
        for m in &self.moves {
            time_used[m.color.index()] += m.used;
            moves_by[m.color.index()] += 1;
        }
        Game {
            sgf,
            black: self.seats[0].name.clone(),
            white: self.seats[1].name.clone(),
            engines: self.names.clone(),
            result,
            decided_by,
            ending,
            settled: self.settled.clone(),
            words: self.words.clone(),
            moves: self.moves.len(),
            time_used,
            moves_by,
            self_check,
            overhead: self.overhead.as_secs_f64(),
        }
    }

    fn engine(&self, color: Color) -> Option<&Engine> {
        self.engines[color.index()].as_ref()
    }

    /// Ask the engine of `color` within `limit`; the answer and how long it took.
    fn ask(
        &mut self,
        color: Color,
        command: &str,
        limit: Duration,
    ) -> Result<(String, Duration), (GtpError, Duration)> {
        let started = Instant::now();
        let Some(engine) = self.engines[color.index()].as_mut() else {
            return Err((
                GtpError::Died {
                    command: command.to_string(),
                    status: "it was not running".to_string(),
                    stderr: Vec::new(),
                },
                Duration::ZERO,
            ));
        };
        let answer = engine.ask(command, &Deadline::after(limit));
        let took = started.elapsed();
        answer.map(|a| (a, took)).map_err(|e| (e, took))
    }

    /// The ending for an engine that failed at `command`, with its words.
    fn failed(&mut self, color: Color, e: &GtpError, command: &str) -> Ending {
        self.words = Some(format!(
            "at `{command}`: {}",
            crate::text::one_line(&e.to_string())
        ));
        match e {
            GtpError::Died { .. } | GtpError::Start { .. } | GtpError::Lacks { .. } => {
                Ending::Crash { loser: color }
            }
            GtpError::TimedOut { .. } => Ending::Hang { loser: color },
            GtpError::Refused { .. } | GtpError::MoveRefused { .. } => {
                Ending::Refused { loser: color }
            }
            _ => Ending::Garbage { loser: color },
        }
    }

    fn has_clock(&self) -> bool {
        self.settings.time != TimeControl::Unspecified
    }

    /// How long `color` may think for its next move, and the `time_left` command that
    /// tells it so.
    fn allowance(&self, color: Color) -> (Duration, Option<String>) {
        let c = color.letter().to_ascii_lowercase();
        match self.settings.time {
            TimeControl::PerMove(limit) => (
                seconds(limit),
                Some(format!("time_left {c} {} 1", limit.ceil() as u64)),
            ),
            TimeControl::Absolute(_) => {
                let left = self.clocks[color.index()].max(0.0);
                (
                    seconds(left),
                    Some(format!("time_left {c} {} 0", left.floor() as u64)),
                )
            }
            TimeControl::Unspecified => (self.settings.hang_limit, None),
        }
    }

    /// Charge `used` seconds to `color`'s clock: the time left written with the move
    /// (`None` without a clock).
    fn spend(&mut self, color: Color, used: f64) -> Option<f64> {
        match self.settings.time {
            TimeControl::PerMove(limit) => Some(limit - used),
            TimeControl::Absolute(_) => {
                self.clocks[color.index()] -= used;
                Some(self.clocks[color.index()])
            }
            TimeControl::Unspecified => None,
        }
    }
}

/// What one move did.
enum Step {
    Played,
    Passed,
    Ended(Ending),
}

/// `play_out` without cleanup always ends (the move cap bounds it); this is never used.
fn unreachable_ending() -> Ending {
    Ending::MoveCap { moves: 0 }
}

/// `time_settings` for a clock, and `kgs-time_settings` for engines that list it.
fn time_commands(time: TimeControl) -> (Option<String>, Option<String>) {
    match time {
        TimeControl::PerMove(limit) => {
            let s = limit.ceil() as u64;
            (
                Some(format!("time_settings 0 {s} 1")),
                Some(format!("kgs-time_settings byoyomi 0 {s} 1")),
            )
        }
        TimeControl::Absolute(main) => {
            let s = main.floor() as u64;
            (
                Some(format!("time_settings {s} 0 0")),
                Some(format!("kgs-time_settings absolute {s}")),
            )
        }
        TimeControl::Unspecified => (None, None),
    }
}

fn seconds(s: f64) -> Duration {
    Duration::try_from_secs_f64(s.max(0.0)).unwrap_or(Duration::from_secs(86_400 * 365))
}

/// The points of a GTP list of vertices on a `size` board; `None` when a word is not a
/// vertex of the board.
fn vertices(answer: &str, size: u8) -> Option<Vec<Point>> {
    answer
        .split_whitespace()
        .map(|word| match PointName::parse(word) {
            Ok(name @ PointName::D4 { .. }) => name.at(size).filter(|p| p.x < size),
            _ => None,
        })
        .collect()
}

/// `C3 D4`, the points' names.
fn names(points: &[Point], size: u8) -> String {
    if points.is_empty() {
        return "none".to_string();
    }
    points
        .iter()
        .map(|p| p.to_d4(size))
        .collect::<Vec<_>>()
        .join(" ")
}

fn ending_words(ending: &Ending) -> String {
    match ending {
        Ending::Passes => "two passes".to_string(),
        Ending::MoveCap { moves } => format!("the move cap, after {moves} moves"),
        Ending::Repetition { earlier } => {
            format!("a repetition of the position after move {earlier}")
        }
        Ending::Resignation { loser } => format!("{}'s resignation", loser.name()),
        Ending::Illegal { loser, kind } => format!("{}'s illegal move ({kind})", loser.name()),
        Ending::Overrun { loser } => format!("{}'s clock running out", loser.name()),
        Ending::Hang { loser } => format!("{}'s engine not answering in time", loser.name()),
        Ending::Crash { loser } => format!("{}'s engine stopping", loser.name()),
        Ending::Garbage { loser } => {
            format!("{}'s engine answering what is not a move", loser.name())
        }
        Ending::Refused { loser } => format!("{}'s engine refusing the game", loser.name()),
    }
}

fn load_one(text: &str) -> Option<GameRecord> {
    sgf::load(text.as_bytes()).ok()?.into_iter().next()?.ok()
}

/// `record` judged under `rules` (its own komi), the dead stones `dead` when given.
fn judge_with(record: &GameRecord, rules: &RuleSet, dead: Option<&[Point]>) -> Judged {
    let choice = RulesChoice {
        preset: Some(rules.clone()),
        ..RulesChoice::default()
    };
    let plan = match dead {
        Some(points) => DeadPlan::from(DeadChoice::Engine(EngineDead::Said(points.to_vec()))),
        None => DeadPlan::default(),
    };
    judge::judge(record, &[choice], &plan)
        .into_iter()
        .next()
        .unwrap_or_else(|| judge::validate(record, &RulesChoice::default()))
}

/// Read the written record as `goref score` would (its own markup for the dead
/// stones): `None` when it gives `result` back, else why not.
fn check_written(text: &str, rules: &RuleSet, result: &GameResult) -> Option<String> {
    let Some(record) = load_one(text) else {
        return Some("the written record cannot be read back".to_string());
    };
    let judged = judge_with(&record, rules, None);
    let again = judged
        .adjudication
        .as_ref()
        .and_then(|a| a.as_ref().ok())
        .map(|a| a.result.clone());
    match again {
        Some(r) if r == *result => None,
        other => Some(format!(
            "the written record reads as {} where the referee gave {result}",
            other.map_or("no result".to_string(), |r| r.to_string())
        )),
    }
}
