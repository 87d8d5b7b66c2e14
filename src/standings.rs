//! Standings: the table of a contest, worked out from the adjudicated result of each game.
//!
//! The input is one [`Entry`] per game (the two players as the records name them, the
//! outcome, and the warnings each side earned); the output, [`Standings`], is the ranking
//! with every tie-break, the games in input order with what each counted for, the pairings
//! with their colours, and what a round robin is missing. Nothing here reads files or
//! prints: the same table serves text, JSON and CSV.
//!
//! Guarantees:
//! - **No game is dropped.** A game without two player names, or with the same player on
//!   both sides, is kept as [`GameStatus::Unattributed`] or [`GameStatus::SamePlayer`]; a
//!   game goref could not adjudicate is [`GameStatus::NotAdjudicated`]. None of them give
//!   points, and all are listed.
//! - **Names match after trimming and case folding** (`" AlphaGo"` = `"alphago"`), and
//!   [`Aliases`] merge the names a person says are one player. A player is shown under the
//!   alias target as written, else under the first spelling met in input order.
//! - **The ranking does not depend on input order.** Players equal on every key share a
//!   place and are listed by name.
//!
//! The systems ([`System`]) and their tie-breaks:
//! - `wins`: 1 a win, ½ a draw; then SOS, then SODOS.
//! - `sjtu`: 1 a win, nothing for a draw (the SJTU contest specification gives a point
//!   per win); then SOS, then SODOS.
//! - `chinese`: 2 a win, 1 a draw, 0 a loss (Chinese competition rules, Article 28). In a
//!   round robin, ties are broken by the Sonneborn-Berger score (the points of the
//!   opponents a player beat plus half those of the opponents drawn with: SODOS), then by
//!   fewer warnings, else the place is shared. In a Swiss event, players are ranked by
//!   the total `points + SOS / (top score / 2) - rounds`, then by fewer warnings; the
//!   total is used only when every player played the same number of games (else points,
//!   then SOS, then fewer warnings, and [`Standings::total_not_used`] says why).
//!
//! Terms: SOS (sum of opponents' scores) adds the points of the opponent of every game
//! with a result (an opponent met twice counts twice). SODOS adds, for every such game,
//! the opponent's points times the share of a win the player took from it (1 for a win,
//! ½ for a draw under `wins` and `chinese`, 0 under `sjtu`, where a draw is worth nothing).
//! In the Swiss total, *top score* is the highest points of any player of the event (the
//! opponents' term is 0 when nobody scored) and *rounds* the most games any player
//! played. A game with no result (`Void`) counts for nobody and enters no tie-break.
//!
//! *Warnings* are the infractions a game went on after: illegal moves the rule set
//! punished by voiding the move or turning it into a pass, or did not punish at all,
//! never those that lost the game. Records carry no referee's warnings, so these are
//! what goref can see of them; the caller counts them per side ([`Entry::warnings`]).

pub mod twogtp;

use std::cmp::Ordering;
use std::collections::HashMap;

use serde::Serialize;

use crate::board::Color;
use crate::replay::{Consequence, Severity};
use crate::report::GameReport;
use crate::result::GameResult;
use crate::text::shown;
use crate::words::plural;

/// How games are scored and ties broken.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum System {
    /// 1 a win, ½ a draw; SOS, then SODOS.
    Wins,
    /// 1 a win (SJTU contest specification); SOS, then SODOS.
    Sjtu,
    /// 2 / 1 / 0 with the tie-breaks of Article 28 of the Chinese competition rules.
    Chinese,
}

impl System {
    /// Every system, in the order `--system` lists them.
    pub const ALL: [System; 3] = [System::Wins, System::Sjtu, System::Chinese];

    /// The stable name: `wins`, `sjtu`, `chinese`.
    pub fn name(self) -> &'static str {
        match self {
            System::Wins => "wins",
            System::Sjtu => "sjtu",
            System::Chinese => "chinese",
        }
    }

    /// Read a stable name back.
    pub fn from_name(name: &str) -> Option<System> {
        System::ALL.into_iter().find(|s| s.name() == name)
    }

    /// The system a preset's own document prescribes: the SJTU specification and the
    /// Chinese rules each have one; every other preset's document has none, so `wins`.
    pub fn of_preset(preset: &str) -> System {
        System::from_name(preset)
            .filter(|s| *s != System::Wins)
            .unwrap_or(System::Wins)
    }

    /// Points for a win.
    pub fn win_points(self) -> f64 {
        match self {
            System::Wins | System::Sjtu => 1.0,
            System::Chinese => 2.0,
        }
    }

    /// Points for a draw.
    pub fn draw_points(self) -> f64 {
        match self {
            System::Wins => 0.5,
            System::Sjtu => 0.0,
            System::Chinese => 1.0,
        }
    }
}

impl std::fmt::Display for System {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// How the players were paired.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Pairing {
    /// Everyone plays everyone the same number of times.
    RoundRobin,
    /// Points-paired rounds (Swiss, McMahon): not everyone meets.
    Swiss,
}

impl Pairing {
    /// The stable name: `round-robin`, `swiss`.
    pub fn name(self) -> &'static str {
        match self {
            Pairing::RoundRobin => "round-robin",
            Pairing::Swiss => "swiss",
        }
    }
}

/// A game's outcome, as adjudicated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Outcome {
    BlackWins,
    WhiteWins,
    Draw,
    /// The game counts for nobody (`Void`).
    NoResult,
    /// goref could not say who won (no result recorded and none it could work out).
    Unknown,
}

impl Outcome {
    /// The winner, when there is one.
    pub fn winner(self) -> Option<Color> {
        match self {
            Outcome::BlackWins => Some(Color::Black),
            Outcome::WhiteWins => Some(Color::White),
            _ => None,
        }
    }
}

/// One game as the standings need it.
#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    /// `PB` as recorded.
    pub black: Option<String>,
    /// `PW` as recorded.
    pub white: Option<String>,
    pub outcome: Outcome,
    /// Warnings against each side in this game, indexed by [`Color::index`].
    pub warnings: [u32; 2],
}

impl Entry {
    /// The standings' view of a game's report under the event's rule set: the players as
    /// recorded, the outcome of the result goref reached (unknown when the game could not
    /// be read or adjudicated), and each side's warnings: its illegal moves whose
    /// consequence was not the loss of the game.
    pub fn of_report(report: &GameReport) -> Entry {
        let outcome = match (&report.error, &report.score) {
            (None, Some(score)) => match GameResult::parse(&score.result) {
                GameResult::Draw => Outcome::Draw,
                GameResult::Void => Outcome::NoResult,
                result => match result.winner() {
                    Some(Color::Black) => Outcome::BlackWins,
                    Some(Color::White) => Outcome::WhiteWins,
                    None => Outcome::Unknown,
                },
            },
            _ => Outcome::Unknown,
        };
        let mut warnings = [0, 0];
        for finding in &report.findings {
            if finding.severity == Severity::Illegal
                && finding.consequence != Consequence::Loss
                && let Some(color) = finding.color
            {
                warnings[color.index()] += 1;
            }
        }
        Entry {
            black: report.black.clone(),
            white: report.white.clone(),
            outcome,
            warnings,
        }
    }
}

/// Why the standings could not be worked out.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StandingsError {
    #[error("alias `{0}` is not two names joined by `=` (write it `OLD NAME=NEW NAME`)")]
    AliasForm(String),
    #[error("alias `{0}` maps a name to itself")]
    AliasSelf(String),
    #[error("the aliases of `{0}` go round in a circle: give each name one final name")]
    AliasCycle(String),
    #[error("`{0}` is given two aliases, `{1}` and `{2}`: keep one")]
    AliasTwice(String, String, String),
}

/// Names a person says belong to one player: `A=B` counts the games of `A` as `B`'s.
/// Names are matched folded ([`fold`]); chains (`A=B`, `B=C`) are followed to the end.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Aliases {
    /// Folded name -> the name it stands for, as written.
    to: HashMap<String, String>,
}

impl Aliases {
    /// Read `A=B` specifications. A name that maps to itself, one name given two
    /// targets, and a circle of aliases are errors.
    pub fn parse<S: AsRef<str>>(specs: &[S]) -> Result<Aliases, StandingsError> {
        let mut to = HashMap::new();
        let mut written: HashMap<String, String> = HashMap::new();
        for spec in specs {
            let spec = spec.as_ref();
            let Some((from, target)) = spec.split_once('=') else {
                return Err(StandingsError::AliasForm(spec.to_string()));
            };
            let (from, target) = (from.trim(), target.trim());
            if from.is_empty() || target.is_empty() {
                return Err(StandingsError::AliasForm(spec.to_string()));
            }
            if fold(from) == fold(target) {
                return Err(StandingsError::AliasSelf(spec.to_string()));
            }
            if let Some(earlier) = written.insert(fold(from), spec.to_string())
                && to.get(&fold(from)) != Some(&target.to_string())
            {
                return Err(StandingsError::AliasTwice(
                    from.to_string(),
                    earlier,
                    spec.to_string(),
                ));
            }
            to.insert(fold(from), target.to_string());
        }
        let aliases = Aliases { to };
        // A chain longer than the number of aliases has come back on itself.
        for start in aliases.to.keys() {
            let mut key = start.clone();
            for _ in 0..=aliases.to.len() {
                match aliases.to.get(&key) {
                    Some(next) => key = fold(next),
                    None => break,
                }
            }
            if aliases.to.contains_key(&key) {
                return Err(StandingsError::AliasCycle(start.clone()));
            }
        }
        Ok(aliases)
    }

    /// The folded key and, when an alias applied, the final name as written.
    fn resolve(&self, name: &str) -> (String, Option<&str>) {
        let mut key = fold(name);
        let mut shown = None;
        // `parse` ruled out circles, so this ends within `len` steps.
        for _ in 0..=self.to.len() {
            match self.to.get(&key) {
                Some(next) => {
                    key = fold(next);
                    shown = Some(next.as_str());
                }
                None => break,
            }
        }
        (key, shown)
    }
}

/// A name as players are matched: trimmed, and lower-cased (Unicode's simple case
/// mapping, which folds every script that has case).
pub fn fold(name: &str) -> String {
    name.trim().to_lowercase()
}

/// What the standings are asked for.
#[derive(Debug, Clone)]
pub struct Options {
    pub system: System,
    /// The event's pairing; `None` infers it: a round robin when every two players met
    /// at least once, else Swiss.
    pub pairing: Option<Pairing>,
    pub aliases: Aliases,
}

/// What a game counted for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum GameStatus {
    /// A win, a loss or a draw between two players of the table.
    Counted,
    /// A void game: played, counted for nobody.
    NoResult,
    /// goref could not adjudicate it.
    NotAdjudicated,
    /// A player's name is missing.
    Unattributed,
    /// The same player on both sides (after folding and aliases).
    SamePlayer,
}

/// One game's place in the standings, in input order.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GameStanding {
    /// The Black player's index in [`Standings::players`].
    #[serde(skip)]
    pub black: Option<usize>,
    #[serde(skip)]
    pub white: Option<usize>,
    /// The Black player's name as the table shows it.
    #[serde(rename = "black")]
    pub black_name: Option<String>,
    #[serde(rename = "white")]
    pub white_name: Option<String>,
    pub outcome: Outcome,
    pub status: GameStatus,
    /// Points each side took from the game (`null` when it counted for nobody).
    pub black_points: Option<f64>,
    pub white_points: Option<f64>,
}

/// The tie-breaks of one player; a key that does not apply to the system is `null`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TieBreaks {
    /// Sum of opponents' scores, one term per game with a result.
    pub sos: f64,
    /// Sum of defeated (and, for a share, drawn) opponents' scores: the Sonneborn-Berger
    /// score of Article 28.
    pub sodos: f64,
    /// Warnings earned over all games.
    pub warnings: u32,
    /// The Swiss total of the `chinese` system: `points + SOS / (top / 2) - rounds`.
    pub total: Option<f64>,
}

/// One row of the table.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PlayerStanding {
    /// 1-based; players who share a place have the same rank.
    pub rank: usize,
    /// This place is shared with another player.
    pub shared: bool,
    pub player: String,
    pub points: f64,
    pub wins: usize,
    pub losses: usize,
    pub draws: usize,
    /// Void games: played, counted for nobody.
    pub no_result: usize,
    /// Games as Black and as White (every game between two players of the table).
    pub as_black: usize,
    pub as_white: usize,
    pub tie_breaks: TieBreaks,
}

/// The games two players played against each other.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Meeting {
    /// Indices in [`Standings::players`], the better-ranked first.
    #[serde(skip)]
    pub players: [usize; 2],
    /// The two names, the better-ranked first.
    #[serde(rename = "players")]
    pub names: [String; 2],
    /// Indices in [`Standings::games`], in input order.
    pub games: Vec<usize>,
    /// Games each of the two had Black in.
    pub as_black: [usize; 2],
    /// Points each took from the other.
    pub points: [f64; 2],
}

/// Something a round robin's schedule lacks or has too much of.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "problem", rename_all = "kebab-case")]
pub enum ScheduleProblem {
    /// Fewer games between two players than the event's games per pairing.
    Missing {
        players: [String; 2],
        played: usize,
        expected: usize,
    },
    /// More games between two players than the event's games per pairing.
    Extra {
        players: [String; 2],
        played: usize,
        expected: usize,
    },
    /// The right number of games, but not half of them with each colour.
    Colours {
        players: [String; 2],
        as_black: [usize; 2],
    },
}

impl std::fmt::Display for ScheduleProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ScheduleProblem::Missing {
                players: [a, b],
                played,
                expected,
            } => write!(
                f,
                "{} and {} played {played} game{} of {expected}: {} missing",
                shown(a),
                shown(b),
                plural(*played),
                expected - played
            ),
            ScheduleProblem::Extra {
                players: [a, b],
                played,
                expected,
            } => write!(
                f,
                "{} and {} played {played} games, {} more than the {expected} of every pairing",
                shown(a),
                shown(b),
                played - expected
            ),
            ScheduleProblem::Colours {
                players: [a, b],
                as_black: [x, y],
            } => write!(
                f,
                "{} had Black {x} time{} and {} {y} time{} in their games: colours are not balanced",
                shown(a),
                plural(*x),
                shown(b),
                plural(*y)
            ),
        }
    }
}

/// The table of a contest.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Standings {
    pub system: System,
    pub pairing: Pairing,
    /// The pairing was inferred from the games rather than given.
    pub pairing_inferred: bool,
    /// The most games any player played: the rounds of a Swiss event.
    pub rounds: usize,
    /// In a round robin, the games every two players should play (the most common
    /// number); `null` in a Swiss event.
    pub games_per_pairing: Option<usize>,
    /// Ranked, best first.
    pub players: Vec<PlayerStanding>,
    /// One per input entry, in input order.
    pub games: Vec<GameStanding>,
    /// Every two players who met, in rank order of the first then the second.
    pub meetings: Vec<Meeting>,
    /// What a round robin's schedule lacks or has too much of (empty in a Swiss event).
    pub schedule: Vec<ScheduleProblem>,
    /// Under `chinese` in a Swiss event where the players did not all play the same
    /// number of games: the fewest and the most any played. The Swiss total (which takes
    /// every player to have played every round) is then not used, and players are
    /// ranked by points, then SOS, then fewer warnings.
    pub total_not_used: Option<(usize, usize)>,
    /// Names that differ only by a version or level suffix (`GNU Go 3.7.10 lev 16` and
    /// `GNU Go 3.7.10`): each the longer name and the shorter, for `--alias LONG=SHORT`
    /// when they are one player.
    pub alias_suggestions: Vec<(String, String)>,
}

/// A player while the table is built.
struct Tally {
    name: String,
    key: String,
    points: f64,
    wins: usize,
    losses: usize,
    draws: usize,
    no_result: usize,
    as_black: usize,
    as_white: usize,
    warnings: u32,
    sos: f64,
    sodos: f64,
    total: Option<f64>,
    /// Games with a result: (opponent, share of a win taken).
    results: Vec<(usize, f64)>,
}

/// Work out the standings of `entries` under `options`.
pub fn standings(entries: &[Entry], options: &Options) -> Standings {
    let system = options.system;
    let mut tallies: Vec<Tally> = Vec::new();
    let mut index: HashMap<String, usize> = HashMap::new();
    let mut player = |name: &Option<String>| -> Option<usize> {
        let name = name.as_deref().map(str::trim).filter(|n| !n.is_empty())?;
        let (key, alias) = options.aliases.resolve(name);
        let i = *index.entry(key.clone()).or_insert_with(|| {
            tallies.push(Tally::new(name, key));
            tallies.len() - 1
        });
        // The alias target as written wins over any spelling met in the records.
        if let Some(alias) = alias {
            tallies[i].name = alias.to_string();
        }
        Some(i)
    };

    let mut games: Vec<GameStanding> = entries
        .iter()
        .map(|entry| {
            let (black, white) = (player(&entry.black), player(&entry.white));
            let status = match (black, white) {
                (Some(b), Some(w)) if b == w => GameStatus::SamePlayer,
                (Some(_), Some(_)) => match entry.outcome {
                    Outcome::Unknown => GameStatus::NotAdjudicated,
                    Outcome::NoResult => GameStatus::NoResult,
                    _ => GameStatus::Counted,
                },
                _ => GameStatus::Unattributed,
            };
            let (black_points, white_points) = match (status, entry.outcome.winner()) {
                (GameStatus::Counted, Some(winner)) => {
                    let points = |c: Color| {
                        if c == winner {
                            system.win_points()
                        } else {
                            0.0
                        }
                    };
                    (Some(points(Color::Black)), Some(points(Color::White)))
                }
                (GameStatus::Counted, None) => {
                    (Some(system.draw_points()), Some(system.draw_points()))
                }
                _ => (None, None),
            };
            GameStanding {
                black,
                white,
                black_name: None,
                white_name: None,
                outcome: entry.outcome,
                status,
                black_points,
                white_points,
            }
        })
        .collect();

    let mut pair_games: HashMap<(usize, usize), Vec<usize>> = HashMap::new();
    for (g, (game, entry)) in games.iter().zip(entries).enumerate() {
        let (Some(b), Some(w)) = (game.black, game.white) else {
            continue;
        };
        if b == w {
            continue;
        }
        pair_games.entry((b.min(w), b.max(w))).or_default().push(g);
        tallies[b].as_black += 1;
        tallies[w].as_white += 1;
        tallies[b].warnings += entry.warnings[Color::Black.index()];
        tallies[w].warnings += entry.warnings[Color::White.index()];
        match game.status {
            GameStatus::Counted => {
                for (me, them, color) in [(b, w, Color::Black), (w, b, Color::White)] {
                    let t = &mut tallies[me];
                    let share = match entry.outcome.winner() {
                        Some(winner) if winner == color => {
                            t.wins += 1;
                            1.0
                        }
                        Some(_) => {
                            t.losses += 1;
                            0.0
                        }
                        None => {
                            t.draws += 1;
                            system.draw_points() / system.win_points()
                        }
                    };
                    t.points += share * system.win_points();
                    t.results.push((them, share));
                }
            }
            GameStatus::NoResult => {
                tallies[b].no_result += 1;
                tallies[w].no_result += 1;
            }
            _ => {}
        }
    }

    let points: Vec<f64> = tallies.iter().map(|t| t.points).collect();
    for t in &mut tallies {
        // Folded from +0: a sum of nothing would be -0 (f64's `sum` starts there) and
        // show as `-0`.
        t.sos = t.results.iter().fold(0.0, |sum, &(o, _)| sum + points[o]);
        t.sodos = t
            .results
            .iter()
            .fold(0.0, |sum, &(o, share)| sum + share * points[o]);
    }
    let rounds = tallies
        .iter()
        .map(|t| t.as_black + t.as_white)
        .max()
        .unwrap_or(0);

    let everyone_met = (0..tallies.len())
        .all(|a| (a + 1..tallies.len()).all(|b| pair_games.contains_key(&(a, b))));
    let (pairing, pairing_inferred) = match options.pairing {
        Some(p) => (p, false),
        None if everyone_met && tallies.len() >= 2 => (Pairing::RoundRobin, true),
        None => (Pairing::Swiss, true),
    };
    let fewest = tallies
        .iter()
        .map(|t| t.as_black + t.as_white)
        .min()
        .unwrap_or(0);
    let mut total_not_used = None;
    if system == System::Chinese && pairing == Pairing::Swiss {
        if fewest == rounds {
            let top = points.iter().copied().fold(0.0, f64::max);
            for t in &mut tallies {
                let opponents = if top > 0.0 { t.sos / (top / 2.0) } else { 0.0 };
                t.total = Some(t.points + opponents - rounds as f64);
            }
        } else {
            total_not_used = Some((fewest, rounds));
        }
    }
    let names: Vec<String> = tallies.iter().map(|t| t.name.clone()).collect();
    let alias_suggestions = alias_suggestions(&names);

    // Rank: best first; players equal on every key share a place, listed by name.
    let mut order: Vec<usize> = (0..tallies.len()).collect();
    let by_keys = |a: &Tally, b: &Tally| rank_keys(system, pairing, b, a);
    order.sort_by(|&a, &b| {
        by_keys(&tallies[a], &tallies[b]).then_with(|| tallies[a].key.cmp(&tallies[b].key))
    });
    let mut new_index = vec![0; tallies.len()];
    for (rank_position, &old) in order.iter().enumerate() {
        new_index[old] = rank_position;
    }
    let mut players: Vec<PlayerStanding> = Vec::with_capacity(order.len());
    for (position, &i) in order.iter().enumerate() {
        let t = &tallies[i];
        let tied_with = |j: usize| by_keys(t, &tallies[j]) == Ordering::Equal;
        let rank = match position.checked_sub(1) {
            Some(before) if tied_with(order[before]) => players[before].rank,
            _ => position + 1,
        };
        let shared = (position > 0 && tied_with(order[position - 1]))
            || order.get(position + 1).is_some_and(|&j| tied_with(j));
        players.push(PlayerStanding {
            rank,
            shared,
            player: t.name.clone(),
            points: t.points,
            wins: t.wins,
            losses: t.losses,
            draws: t.draws,
            no_result: t.no_result,
            as_black: t.as_black,
            as_white: t.as_white,
            tie_breaks: TieBreaks {
                sos: t.sos,
                sodos: t.sodos,
                warnings: t.warnings,
                total: t.total,
            },
        });
    }

    for game in &mut games {
        game.black = game.black.map(|i| new_index[i]);
        game.white = game.white.map(|i| new_index[i]);
        game.black_name = game.black.map(|i| players[i].player.clone());
        game.white_name = game.white.map(|i| players[i].player.clone());
    }

    let mut meetings: Vec<Meeting> = pair_games
        .into_values()
        .map(|list| {
            let first = &games[list[0]];
            let (x, y) = match (first.black, first.white) {
                (Some(b), Some(w)) => (b.min(w), b.max(w)),
                _ => (0, 0),
            };
            let mut as_black = [0; 2];
            let mut got = [0.0; 2];
            for &g in &list {
                let game = &games[g];
                let side = |p: usize| usize::from(p == y);
                if let (Some(b), Some(w)) = (game.black, game.white) {
                    as_black[side(b)] += 1;
                    got[side(b)] += game.black_points.unwrap_or(0.0);
                    got[side(w)] += game.white_points.unwrap_or(0.0);
                }
            }
            Meeting {
                players: [x, y],
                names: [players[x].player.clone(), players[y].player.clone()],
                games: list,
                as_black,
                points: got,
            }
        })
        .collect();
    meetings.sort_by_key(|m| m.players);

    let (games_per_pairing, schedule) = match pairing {
        Pairing::RoundRobin => {
            let expected = most_common_count(&meetings);
            (
                Some(expected),
                schedule_problems(&players, &meetings, expected),
            )
        }
        Pairing::Swiss => (None, Vec::new()),
    };

    Standings {
        system,
        pairing,
        pairing_inferred,
        rounds,
        games_per_pairing,
        players,
        games,
        meetings,
        schedule,
        total_not_used,
        alias_suggestions,
    }
}

impl Tally {
    fn new(name: &str, key: String) -> Tally {
        Tally {
            name: name.to_string(),
            key,
            points: 0.0,
            wins: 0,
            losses: 0,
            draws: 0,
            no_result: 0,
            as_black: 0,
            as_white: 0,
            warnings: 0,
            sos: 0.0,
            sodos: 0.0,
            total: None,
            results: Vec::new(),
        }
    }
}

/// `a` against `b` on the ranking keys of the system: `Greater` when `a` ranks better.
fn rank_keys(system: System, pairing: Pairing, a: &Tally, b: &Tally) -> Ordering {
    let more = |x: f64, y: f64| x.total_cmp(&y);
    let fewer_warnings = || b.warnings.cmp(&a.warnings);
    match (system, pairing) {
        (System::Chinese, Pairing::RoundRobin) => more(a.points, b.points)
            .then(more(a.sodos, b.sodos))
            .then_with(fewer_warnings),
        (System::Chinese, Pairing::Swiss) => match (a.total, b.total) {
            (Some(x), Some(y)) => more(x, y).then_with(fewer_warnings),
            // Without the total (the players played different numbers of games):
            // points, then SOS, then fewer warnings.
            _ => more(a.points, b.points)
                .then(more(a.sos, b.sos))
                .then_with(fewer_warnings),
        },
        (System::Wins | System::Sjtu, _) => more(a.points, b.points)
            .then(more(a.sos, b.sos))
            .then(more(a.sodos, b.sodos)),
    }
}

/// Pairs of names where one is the other followed by a version or level suffix only
/// (`GNU Go 3.7.10 lev 16` beside `GNU Go 3.7.10`, `Leela v2` beside `Leela`), compared
/// as [`fold`] folds them: each the longer name and the shorter, in input order. A
/// suffix is words that are a number or version (`16`, `3.8`, `v2`), or the words
/// `lev`, `level`, `version`, `ver` before one; `#2` is not a suffix (it numbers
/// players).
pub fn alias_suggestions(names: &[String]) -> Vec<(String, String)> {
    let is_version = |w: &str| {
        let w = w.strip_prefix(['v', 'V']).unwrap_or(w);
        !w.is_empty()
            && w.chars().all(|c| c.is_ascii_digit() || c == '.')
            && w.chars().any(|c| c.is_ascii_digit())
    };
    let is_suffix = |rest: &str| {
        let words: Vec<&str> = rest.split_whitespace().collect();
        !words.is_empty()
            && words.iter().any(|w| is_version(w))
            && words.iter().all(|w| {
                is_version(w)
                    || matches!(
                        w.to_lowercase().as_str(),
                        "lev" | "level" | "version" | "ver"
                    )
            })
    };
    let mut found = Vec::new();
    for (i, a) in names.iter().enumerate() {
        for b in &names[i + 1..] {
            let (fa, fb) = (fold(a), fold(b));
            let (long, short, fl, fs) = if fa.len() >= fb.len() {
                (a, b, fa, fb)
            } else {
                (b, a, fb, fa)
            };
            if fl == fs || fs.is_empty() {
                continue;
            }
            if let Some(rest) = fl.strip_prefix(&fs)
                && rest.starts_with(char::is_whitespace)
                && is_suffix(rest)
            {
                found.push((long.clone(), short.clone()));
            }
        }
    }
    found
}

/// The most common number of games between two players (the larger on a tie).
fn most_common_count(meetings: &[Meeting]) -> usize {
    let mut counts: HashMap<usize, usize> = HashMap::new();
    for m in meetings {
        *counts.entry(m.games.len()).or_default() += 1;
    }
    counts
        .into_iter()
        .max_by_key(|&(games, times)| (times, games))
        .map_or(1, |(games, _)| games)
}

/// Every pairing of a round robin with too few or too many games, or unbalanced colours
/// (when the games per pairing are even), in rank order.
fn schedule_problems(
    players: &[PlayerStanding],
    meetings: &[Meeting],
    expected: usize,
) -> Vec<ScheduleProblem> {
    let met: HashMap<[usize; 2], &Meeting> = meetings.iter().map(|m| (m.players, m)).collect();
    let mut problems = Vec::new();
    for a in 0..players.len() {
        for b in a + 1..players.len() {
            let names = [players[a].player.clone(), players[b].player.clone()];
            let (played, as_black) = met
                .get(&[a, b])
                .map_or((0, [0, 0]), |m| (m.games.len(), m.as_black));
            if played < expected {
                problems.push(ScheduleProblem::Missing {
                    players: names,
                    played,
                    expected,
                });
            } else if played > expected {
                problems.push(ScheduleProblem::Extra {
                    players: names,
                    played,
                    expected,
                });
            } else if expected.is_multiple_of(2) && as_black[0] != as_black[1] {
                problems.push(ScheduleProblem::Colours {
                    players: names,
                    as_black,
                });
            }
        }
    }
    problems
}

#[cfg(test)]
mod tests;
