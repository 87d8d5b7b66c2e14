//! Dead stones of a final position: from the record's markup, from the user's list,
//! proved by goref, estimated by goref ([`estimate`]), or said by a GTP engine.
//!
//! The analysis of a final position reads it once ([`position::Position`]) and goes in
//! stages that never overturn what an earlier one proved:
//!
//! - [`benson`]: what Benson's algorithm proves (pass-alive chains, and stones dead in
//!   pass-alive territory);
//! - [`eyes`]: the eyes of a colour, defined once, and which one-point eyes are false;
//! - [`read`]: exact reading of a small enclosed fight, as a game of captures;
//! - [`fights`]: the fights around groups read out: dead, alive, in seki, alive if its
//!   owner moves first, or no answer;
//! - [`estimate`]: the dead stones of a position without markup, filling in with
//!   playouts only what the proof and the reading leave open;
//! - [`settle`]: the end settled once from the dead stones, whatever their source: the
//!   seki, the points a player must fill before the count, and what cannot stand as
//!   given.
//!
//! No input can make any of it panic, and every search is bounded.

pub mod benson;
pub mod dame_fill;
pub mod estimate;
pub mod eyes;
pub mod fights;
pub mod position;
pub mod read;
pub mod settle;

pub use benson::{PassAlive, pass_alive, pass_alive_under};

use std::sync::Arc;

use crate::board::{Board, Color};
use crate::gtp::{EnginePool, GtpError};
use crate::point::{Point, PointName};
use crate::rules::Suicide;
use crate::sgf::TerritoryMarks;
use crate::words::plural;
use position::Position;

/// Where the dead stones of a count came from (`dead_source` in docs/formats.md).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum DeadSource {
    /// The TB/TW marks of the record's final position.
    Markup,
    /// A list given by the user (`--dead POINTS`).
    User,
    /// goref's estimate ([`estimate`]): `--dead estimate`, and `--dead auto` without
    /// markup.
    Estimate,
    /// What Benson's algorithm proves, every other stone alive (`--dead proven`, and
    /// `--dead auto` without markup).
    Proven,
    /// Every stone alive (`--dead none`, and Tromp-Taylor).
    None,
    /// A GTP engine's `final_status_list dead` (`--dead engine`).
    Engine,
}

impl DeadSource {
    /// The name used in JSON and CSV: `markup`, `user`, `estimate`, `proven`, `none`,
    /// `engine`.
    pub fn as_str(self) -> &'static str {
        match self {
            DeadSource::Markup => "markup",
            DeadSource::User => "user",
            DeadSource::Estimate => "estimate",
            DeadSource::Proven => "proven",
            DeadSource::None => "none",
            DeadSource::Engine => "engine",
        }
    }
}

/// Where the user wants the dead stones of a count to come from (the command line's
/// `--dead`). New sources are new variants; [`resolve`] gives each its [`DeadSource`].
#[derive(Debug, Clone, PartialEq, Default)]
pub enum DeadChoice {
    /// The record's markup when it has some, else goref's estimate.
    #[default]
    Auto,
    /// The record's TB/TW marks; an error when the record has none.
    Markup,
    /// goref's estimate ([`estimate`]), whatever the markup says.
    Estimate,
    /// What Benson's algorithm proves dead, whatever the markup says; every other stone
    /// counts as alive and is listed as unresolved.
    Proven,
    /// Every stone alive.
    None,
    /// Points naming dead stones, each its whole chain, in `D4` or SGF form (a `D4` name
    /// becomes a point once the board's height is known).
    Named(Vec<PointName>),
    /// What a GTP engine says ([`crate::gtp`]).
    Engine(EngineDead),
}

/// The dead stones of [`DeadChoice::Engine`]: the engines to ask, then, for one game,
/// what the engine said. [`crate::check::score_game`] asks the engine once per game and
/// counts every rule set with its answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EngineDead {
    /// Chosen, with no engine given yet (a front end fills it in).
    Unset,
    /// The engines to ask.
    Ask(Arc<EnginePool>),
    /// The engine's dead stones for this game.
    Said(Vec<Point>),
    /// Why the engine could not say, in its words.
    Failed(GtpError),
}

/// Why the dead stones the user chose cannot be found on a board.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DeadStonesError {
    /// [`DeadChoice::Markup`] for a record that marks no point of the board.
    #[error("the record has no TB/TW territory marks")]
    NoMarkup,
    /// A named point outside the board; `name` as the user wrote it.
    #[error("{name} is off the {width}x{height} board")]
    OffBoard { name: String, width: u8, height: u8 },
    /// A named point without a stone.
    #[error("there is no stone on {name}")]
    NoStone { name: String },
    /// The engine could not say which stones are dead.
    #[error(transparent)]
    Engine(#[from] GtpError),
    /// The engine named a point that is empty in goref's final position (the two
    /// replays disagree).
    #[error("the engine named {name} dead, but the final position has no stone there")]
    EngineNoStone { name: String },
    /// [`EngineDead::Unset`] or [`EngineDead::Ask`] reached the count: nobody asked the
    /// engine about this game.
    #[error("no engine was asked about this game's dead stones")]
    EngineNotAsked,
}

/// The dead stones of a final position.
#[derive(Debug, Clone, PartialEq)]
pub struct DeadStones {
    pub source: DeadSource,
    /// Every dead stone, in reading order (rows from the top, each from the left), each
    /// point once.
    pub stones: Vec<Point>,
    /// Stones whose status goref could not settle (`proven`), in reading order; counted
    /// as alive, and said in the report.
    pub unresolved: Vec<Point>,
    /// Every group the estimate decided (`estimate`; empty for other sources), each with
    /// its status, basis and confidence; those it cannot decide safely carry a
    /// [`estimate::Doubt`]. Their stones count as the estimate decided.
    pub groups: Vec<estimate::Group>,
    /// Sentences about the source worth reporting (a chain the markup marks only partly
    /// dead, a stone marked as both colours' territory...). Points in `D4` form.
    pub notes: Vec<String>,
    /// The end settled with these dead stones, when the source settled it already (the
    /// estimate does): the count reads it instead of settling again.
    pub settlement: Option<Box<settle::Settlement>>,
}

impl DeadStones {
    /// No dead stones, nothing unresolved.
    fn empty(source: DeadSource) -> DeadStones {
        DeadStones {
            source,
            stones: Vec::new(),
            unresolved: Vec::new(),
            groups: Vec::new(),
            notes: Vec::new(),
            settlement: None,
        }
    }
}

/// The dead stones of `board`, the final position of a replay, as `choice` asks; `marks`
/// are the record's TB/TW marks when it has any.
///
/// - [`DeadChoice::Markup`]: the marks as [`from_markup`] reads them; an error when the
///   record marks no point of the board.
/// - [`DeadChoice::None`]: no dead stones.
/// - [`DeadChoice::Named`]: the chains [`from_points`] names.
/// - [`DeadChoice::Estimate`]: goref's estimate (source [`DeadSource::Estimate`]), with
///   the groups it cannot decide safely.
/// - [`DeadChoice::Proven`]: what Benson's algorithm proves (source
///   [`DeadSource::Proven`]), with every other stone listed as unresolved.
/// - [`DeadChoice::Auto`]: the markup when the record has some, else as `Estimate`.
///
/// The proof (the estimate starts from it too) uses the condition that holds whatever the
/// suicide rule (see [`benson`]); [`resolve_under`] proves more when
/// suicide is known to be forbidden.
pub fn resolve(
    board: &Board,
    choice: &DeadChoice,
    marks: Option<&TerritoryMarks>,
) -> Result<DeadStones, DeadStonesError> {
    resolve_under(board, choice, marks, Suicide::Allowed)
}

/// [`resolve`] for a rule set whose suicide rule is `suicide`.
pub fn resolve_under(
    board: &Board,
    choice: &DeadChoice,
    marks: Option<&TerritoryMarks>,
    suicide: Suicide,
) -> Result<DeadStones, DeadStonesError> {
    let marks = marks.filter(|m| has_marks(board, m));
    match choice {
        DeadChoice::None => Ok(DeadStones::empty(DeadSource::None)),
        DeadChoice::Named(names) => from_points(board, &points_named(board, names)?),
        DeadChoice::Markup => marks
            .map(|m| from_markup(board, m))
            .ok_or(DeadStonesError::NoMarkup),
        DeadChoice::Estimate => Ok(estimated(board, suicide)),
        DeadChoice::Proven => Ok(proven(board, suicide)),
        DeadChoice::Engine(EngineDead::Said(points)) => {
            let mut dead = from_points(board, points).map_err(|e| match e {
                DeadStonesError::NoStone { name } => DeadStonesError::EngineNoStone { name },
                other => other,
            })?;
            dead.source = DeadSource::Engine;
            Ok(dead)
        }
        DeadChoice::Engine(EngineDead::Failed(e)) => Err(DeadStonesError::Engine(e.clone())),
        DeadChoice::Engine(EngineDead::Unset | EngineDead::Ask(_)) => {
            Err(DeadStonesError::EngineNotAsked)
        }
        DeadChoice::Auto => Ok(match marks {
            Some(m) => from_markup(board, m),
            None => estimated(board, suicide),
        }),
    }
}

/// What Benson's algorithm proves dead, with every stone it cannot settle listed.
fn proven(board: &Board, suicide: Suicide) -> DeadStones {
    let proof = pass_alive_under(board, suicide);
    DeadStones {
        source: DeadSource::Proven,
        stones: proof.dead_stones(),
        unresolved: proof.unresolved_stones(),
        groups: Vec::new(),
        notes: Vec::new(),
        settlement: None,
    }
}

/// goref's estimate of the dead stones, with the groups it is unsure of.
fn estimated(board: &Board, suicide: Suicide) -> DeadStones {
    let estimate = estimate::estimate(board, suicide);
    DeadStones {
        source: DeadSource::Estimate,
        stones: estimate.dead,
        unresolved: Vec::new(),
        groups: estimate.groups,
        notes: Vec::new(),
        settlement: estimate.settlement.map(Box::new),
    }
}

/// The points `names` name on `board`; an error for the first that is not on it.
fn points_named(board: &Board, names: &[PointName]) -> Result<Vec<Point>, DeadStonesError> {
    let (width, height) = (board.width(), board.height());
    names
        .iter()
        .map(|name| {
            name.at(height)
                .filter(|p| p.x < width)
                .ok_or_else(|| DeadStonesError::OffBoard {
                    name: name.to_string(),
                    width,
                    height,
                })
        })
        .collect()
}

/// Whether the marks name at least one point of the board.
fn has_marks(board: &Board, marks: &TerritoryMarks) -> bool {
    marks
        .black
        .iter()
        .chain(&marks.white)
        .any(|&p| board.contains(p))
}

/// Dead stones from TB/TW marks: `TB` marks Black's territory, `TW` White's, and a stone
/// standing on the other colour's marked territory is dead (a white stone on a `TB`
/// point). Marks are taken per stone, as written; a chain marked only in part gets a
/// note. Some programs (GNU Go) mark only the empty points of territory: a chain with no
/// mark on any stone is dead when it touches the other colour's marked points and none
/// of its own, or when it is in atari with its last liberty surrounded by the other
/// colour (a note says how many stones were read this way). Marks off the board are
/// ignored.
pub fn from_markup(board: &Board, marks: &TerritoryMarks) -> DeadStones {
    let position = Position::new(board);
    let mut marked = vec![[false; 2]; position.len()];
    for (list, owner) in [(&marks.black, Color::Black), (&marks.white, Color::White)] {
        for &p in list {
            if let Some(i) = position.index(p) {
                marked[i][owner.index()] = true;
            }
        }
    }
    let dead = |i: usize| match position.stones[i] {
        Some(c) => marked[i][c.opponent().index()],
        None => false,
    };

    let mut out = DeadStones::empty(DeadSource::Markup);
    let height = board.height();
    for (i, both) in marked.iter().map(|m| m[0] && m[1]).enumerate() {
        if dead(i) {
            out.stones.push(position.point(i));
        }
        if both && position.stones[i].is_some() {
            let d4 = position.point(i).to_d4(height);
            out.notes.push(format!(
                "{d4} is marked as both Black's and White's territory; the stone on it counts as dead"
            ));
        }
    }
    for chain in &position.chains {
        let n_dead = chain.stones.iter().filter(|&&i| dead(i)).count();
        if n_dead > 0 && n_dead < chain.stones.len() {
            let first = position.point(chain.stones[0]).to_d4(height);
            let color = chain.color.name();
            out.notes.push(format!(
                "the markup marks only {n_dead} of the {} stones of the {color} chain at {first} \
                 dead; goref follows the marks stone by stone",
                chain.stones.len()
            ));
        }
    }
    // Programs that mark only the empty points of territory (GNU Go among them) leave
    // the points of dead stones unmarked. A chain with no mark on any of its stones is
    // read as dead when it touches the other colour's marked territory and none of its
    // own (a living chain cannot border the opponent's territory), or when it is in atari
    // with its last liberty surrounded by the other colour (the other colour captures it
    // by filling that point).
    let mut unmarked_dead = 0;
    for chain in &position.chains {
        let own = chain.color.index();
        let theirs = chain.color.opponent().index();
        if chain.stones.iter().any(|&i| marked[i][0] || marked[i][1]) {
            continue;
        }
        let next_to_own = chain.libs.iter().any(|&l| marked[l][own]);
        let next_to_theirs = chain.libs.iter().any(|&l| marked[l][theirs]);
        let in_their_eye = match chain.libs.as_slice() {
            [l] => position.neighbours(*l).all(|nb| {
                position.stones[nb] == Some(chain.color.opponent())
                    || chain.stones.binary_search(&nb).is_ok()
            }),
            _ => false,
        };
        if !next_to_own && (next_to_theirs || in_their_eye) {
            unmarked_dead += chain.stones.len();
            out.stones.extend(position.points(&chain.stones));
        }
    }
    if unmarked_dead > 0 {
        out.stones.sort_by_key(|p| (p.y, p.x));
        out.stones.dedup();
        out.notes.push(format!(
            "the markup marks only empty points: {unmarked_dead} unmarked stone{} inside the other colour's territory counted dead",
            plural(unmarked_dead)
        ));
    }
    out
}

/// Dead stones named by the user: each point names its whole chain; naming a chain twice
/// is fine. Empty points and points off the board are an error naming the point.
pub fn from_points(board: &Board, points: &[Point]) -> Result<DeadStones, DeadStonesError> {
    let mut out = DeadStones::empty(DeadSource::User);
    for &p in points {
        let name = || p.to_d4(board.height());
        if !board.contains(p) {
            return Err(DeadStonesError::OffBoard {
                name: name(),
                width: board.width(),
                height: board.height(),
            });
        }
        if board.get(p).is_none() {
            return Err(DeadStonesError::NoStone { name: name() });
        }
        out.stones.extend(board.chain(p));
    }
    sort_points(&mut out.stones);
    Ok(out)
}

/// Sort in reading order (rows from the top, each from the left) and drop repeats.
fn sort_points(points: &mut Vec<Point>) {
    points.sort_by_key(|p| (p.y, p.x));
    points.dedup();
}

#[cfg(test)]
#[path = "life_tests.rs"]
mod tests;
