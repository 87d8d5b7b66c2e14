//! Dead stones of a final position: from the record's markup, from the user's list,
//! proved by goref, or estimated by goref ([`estimate`]).
//!
//! What goref proves it proves with Benson's algorithm and nothing else:
//!
//! - a stone [`PassAlive::is_alive`] belongs to a *pass-alive* chain: the opponent cannot
//!   capture it even with any number of moves in a row while its owner only passes;
//! - a point [`PassAlive::territory_of`] a colour lies in a region enclosed only by that
//!   colour's pass-alive chains in which at most one point is not next to one of them. The
//!   opponent can never make two eyes there, cannot capture the walls and cannot hold a
//!   seki against them, so every opponent stone inside can be captured by the owner:
//!   those stones are *dead*. (This is the strict reading of pass-alive territory that
//!   KataGo also uses; a larger enclosed area proves nothing, since the opponent might
//!   live in it.)
//!
//! Stones neither proved alive nor proved dead are *unresolved*: the `proven` source
//! counts them as alive and lists them, so a report can say so. Nothing in this file
//! guesses; the estimate is [`estimate`]'s job.
//!
//! Benson's vital-region condition depends on whether multi-stone suicide is legal (with
//! suicide allowed, the opponent can empty a region of its own stones and live in the
//! space). [`pass_alive`] is the classic algorithm for rule sets that forbid suicide;
//! [`pass_alive_under`] takes the rule; [`resolve`] uses the stricter condition, which is
//! sound under every rule set, and [`resolve_under`] lets a caller that knows the rule
//! set prove more.
//!
//! Everything runs once per game on the final position; no input can make it panic.

pub mod estimate;
pub mod fill;
pub mod read;
pub mod seki;
pub mod tidy;

use std::sync::Arc;

use crate::board::{Board, Color};
use crate::gtp::{EnginePool, GtpError};
use crate::point::{Point, PointName};
use crate::rules::Suicide;
use crate::sgf::TerritoryMarks;
use crate::words::plural;

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
/// suicide rule (see the module documentation); [`resolve_under`] proves more when
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
    let grid = Grid::new(board);
    let mut marked = vec![[false; 2]; grid.len()];
    for (list, owner) in [(&marks.black, Color::Black), (&marks.white, Color::White)] {
        for &p in list {
            if let Some(i) = grid.index(p) {
                marked[i][owner.index()] = true;
            }
        }
    }
    let dead = |i: usize| match grid.stones[i] {
        Some(c) => marked[i][c.opponent().index()],
        None => false,
    };

    let mut out = DeadStones::empty(DeadSource::Markup);
    let height = board.height();
    for (i, both) in marked.iter().map(|m| m[0] && m[1]).enumerate() {
        if dead(i) {
            out.stones.push(grid.point(i));
        }
        if both && grid.stones[i].is_some() {
            let d4 = grid.point(i).to_d4(height);
            out.notes.push(format!(
                "{d4} is marked as both Black's and White's territory; the stone on it counts as dead"
            ));
        }
    }
    let chains = Chains::new(&grid);
    for chain in &chains.list {
        let n_dead = chain.points.iter().filter(|&&i| dead(i)).count();
        if n_dead > 0 && n_dead < chain.points.len() {
            let first = grid.point(chain.points[0]).to_d4(height);
            let color = chain.color.name();
            out.notes.push(format!(
                "the markup marks only {n_dead} of the {} stones of the {color} chain at {first} \
                 dead; goref follows the marks stone by stone",
                chain.points.len()
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
    for chain in &chains.list {
        let own = chain.color.index();
        let theirs = chain.color.opponent().index();
        if chain.points.iter().any(|&i| marked[i][0] || marked[i][1]) {
            continue;
        }
        let mut liberties: Vec<usize> = chain
            .points
            .iter()
            .flat_map(|&i| grid.neighbours(i))
            .filter(|&nb| grid.stones[nb].is_none())
            .collect();
        liberties.sort_unstable();
        liberties.dedup();
        let next_to_own = liberties.iter().any(|&l| marked[l][own]);
        let next_to_theirs = liberties.iter().any(|&l| marked[l][theirs]);
        let in_their_eye = match liberties.as_slice() {
            [l] => grid.neighbours(*l).all(|nb| {
                grid.stones[nb] == Some(chain.color.opponent())
                    || chain.points.binary_search(&nb).is_ok()
            }),
            _ => false,
        };
        if !next_to_own && (next_to_theirs || in_their_eye) {
            unmarked_dead += chain.points.len();
            out.stones
                .extend(chain.points.iter().map(|&i| grid.point(i)));
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

/// What Benson's algorithm proves about a position, for both colours: which stones are
/// pass-alive and which points are pass-alive territory. See the module documentation for
/// the guarantees.
#[derive(Debug, Clone, PartialEq)]
pub struct PassAlive {
    grid: Grid,
    /// Per point: the stone is in a pass-alive chain.
    alive: Vec<bool>,
    /// Per point: the colour whose pass-alive territory holds it.
    territory: Vec<Option<Color>>,
}

impl PassAlive {
    /// Whether `p` holds a stone of a pass-alive chain (false for empty points and points
    /// off the board).
    pub fn is_alive(&self, p: Point) -> bool {
        self.grid.index(p).is_some_and(|i| self.alive[i])
    }

    /// The colour whose pass-alive territory `p` lies in: `p` is empty or holds a stone
    /// of the other colour, which is then dead ([`PassAlive::is_dead`]). `None` when
    /// unproved or off the board.
    pub fn territory_of(&self, p: Point) -> Option<Color> {
        self.grid.index(p).and_then(|i| self.territory[i])
    }

    /// Whether `p` holds a stone proved dead: it stands in the other colour's pass-alive
    /// territory.
    pub fn is_dead(&self, p: Point) -> bool {
        self.grid.index(p).is_some_and(|i| self.dead_at(i))
    }

    /// Every stone proved dead, in reading order.
    pub fn dead_stones(&self) -> Vec<Point> {
        self.points_where(|i| self.dead_at(i))
    }

    /// Every stone neither proved alive nor proved dead, in reading order.
    pub fn unresolved_stones(&self) -> Vec<Point> {
        self.points_where(|i| self.grid.stones[i].is_some() && !self.alive[i] && !self.dead_at(i))
    }

    fn dead_at(&self, i: usize) -> bool {
        match (self.grid.stones[i], self.territory[i]) {
            (Some(stone), Some(owner)) => stone != owner && !self.alive[i],
            _ => false,
        }
    }

    /// Points (in reading order, since indices are row-major from the top) where `keep`
    /// holds.
    fn points_where(&self, keep: impl Fn(usize) -> bool) -> Vec<Point> {
        (0..self.grid.len())
            .filter(|&i| keep(i))
            .map(|i| self.grid.point(i))
            .collect()
    }
}

/// Benson's algorithm for a rule set that forbids suicide (most of them): see
/// [`pass_alive_under`].
pub fn pass_alive(board: &Board) -> PassAlive {
    pass_alive_under(board, Suicide::Forbidden)
}

/// Benson's algorithm, for both colours.
///
/// For a colour C: the *regions* are the maximal connected sets of points without a stone
/// of C (they may hold the opponent's stones). A region is *vital* to a chain of C when it
/// has an empty point and every empty point of it is a liberty of that chain; when
/// `suicide` is [`Suicide::Allowed`], every point of it, stones included, must be next to
/// the chain, because the opponent may then empty the region by suicide. Starting from
/// every chain and every region, remove the chains with fewer than two vital regions
/// left and the regions next to a removed chain, until nothing changes. The chains left
/// are pass-alive. A region left that touches at least one chain of C and has at most one
/// point not next to a stone of C is C's pass-alive territory.
pub fn pass_alive_under(board: &Board, suicide: Suicide) -> PassAlive {
    let grid = Grid::new(board);
    let chains = Chains::new(&grid);
    pass_alive_of(grid, &chains, suicide)
}

/// [`pass_alive_under`] for a position already split into `chains`, for a caller that
/// needs the chains too.
fn pass_alive_of(grid: Grid, chains: &Chains, suicide: Suicide) -> PassAlive {
    let mut alive = vec![false; grid.len()];
    let mut territory: Vec<Option<Color>> = vec![None; grid.len()];
    // A point in both colours' territory can only come from a position no game reaches
    // (setup leaving chains without liberties); such points prove nothing.
    let mut contested = vec![false; grid.len()];

    for color in [Color::Black, Color::White] {
        let benson = Benson::run(&grid, chains, color, suicide);
        for (c, chain) in chains.list.iter().enumerate() {
            if chain.color == color && benson.chain_alive[c] {
                for &i in &chain.points {
                    alive[i] = true;
                }
            }
        }
        for (r, region) in benson.regions.iter().enumerate() {
            if benson.region_alive[r] && !region.borders.is_empty() && region.internal <= 1 {
                for &i in &region.points {
                    if territory[i].is_some() {
                        contested[i] = true;
                    }
                    territory[i] = Some(color);
                }
            }
        }
    }
    for (t, &c) in territory.iter_mut().zip(&contested) {
        if c {
            *t = None;
        }
    }
    PassAlive {
        grid,
        alive,
        territory,
    }
}

/// The board as a plain row-major array, with neighbour lists: the analysis here runs
/// once per game, so clarity wins over the board's packed layout.
#[derive(Debug, Clone, PartialEq)]
struct Grid {
    width: u8,
    height: u8,
    stones: Vec<Option<Color>>,
}

impl Grid {
    fn new(board: &Board) -> Grid {
        // Row by row from the top, one byte per point: 0 empty, 1 Black, 2 White.
        let mut bytes = Vec::new();
        board.write_position(&mut bytes);
        let stones = bytes
            .iter()
            .map(|&b| match b {
                1 => Some(Color::Black),
                2 => Some(Color::White),
                _ => None,
            })
            .collect();
        Grid {
            width: board.width(),
            height: board.height(),
            stones,
        }
    }

    fn len(&self) -> usize {
        self.stones.len()
    }

    fn index(&self, p: Point) -> Option<usize> {
        (p.x < self.width && p.y < self.height)
            .then(|| usize::from(p.y) * usize::from(self.width) + usize::from(p.x))
    }

    fn point(&self, i: usize) -> Point {
        let w = usize::from(self.width);
        // i < width * height <= 625, so both fit in u8.
        Point::new((i % w) as u8, (i / w) as u8)
    }

    /// Every area of connected points that `open` admits, once each: `visit` gets the
    /// area's points (the first is where the walk began) and the points outside it next to
    /// it, a point once for each neighbour it has in the area.
    fn regions(&self, open: impl Fn(usize) -> bool, mut visit: impl FnMut(&[usize], &[usize])) {
        let mut seen = vec![false; self.len()];
        let (mut stack, mut area, mut border) = (Vec::new(), Vec::new(), Vec::new());
        for start in 0..self.len() {
            if seen[start] || !open(start) {
                continue;
            }
            seen[start] = true;
            stack.push(start);
            area.clear();
            border.clear();
            while let Some(i) = stack.pop() {
                area.push(i);
                for nb in self.neighbours(i) {
                    if !open(nb) {
                        border.push(nb);
                    } else if !seen[nb] {
                        seen[nb] = true;
                        stack.push(nb);
                    }
                }
            }
            visit(&area, &border);
        }
    }

    /// The on-board neighbours of point `i`.
    fn neighbours(&self, i: usize) -> impl Iterator<Item = usize> {
        let w = usize::from(self.width);
        let n = self.len();
        let x = i % w;
        [
            (i >= w).then(|| i - w),
            (i + w < n).then_some(i + w),
            (x > 0).then(|| i - 1),
            (x + 1 < w).then_some(i + 1),
        ]
        .into_iter()
        .flatten()
    }
}

/// One chain of stones: its colour and points (indices into the grid).
#[derive(Debug)]
struct Chain {
    color: Color,
    points: Vec<usize>,
}

/// Every chain of the position, and the chain of each stone.
struct Chains {
    list: Vec<Chain>,
    /// Per point: index into `list`, `NONE` for empty points.
    of: Vec<usize>,
}

const NONE: usize = usize::MAX;

impl Chains {
    fn new(grid: &Grid) -> Chains {
        let mut of = vec![NONE; grid.len()];
        let mut list = Vec::new();
        let mut stack = Vec::new();
        for start in 0..grid.len() {
            let Some(color) = grid.stones[start] else {
                continue;
            };
            if of[start] != NONE {
                continue;
            }
            let id = list.len();
            let mut points = Vec::new();
            of[start] = id;
            stack.push(start);
            while let Some(i) = stack.pop() {
                points.push(i);
                for nb in grid.neighbours(i) {
                    if of[nb] == NONE && grid.stones[nb] == Some(color) {
                        of[nb] = id;
                        stack.push(nb);
                    }
                }
            }
            points.sort_unstable();
            list.push(Chain { color, points });
        }
        Chains { list, of }
    }
}

/// A region of one colour C: a maximal connected set of points without a stone of C.
#[derive(Debug)]
struct Region {
    points: Vec<usize>,
    /// The chains of C next to the region, sorted, each once.
    borders: Vec<usize>,
    /// The chains of C the region is vital to.
    vital_to: Vec<usize>,
    /// Points of the region not next to any stone of C.
    internal: usize,
}

/// Benson's algorithm for one colour.
struct Benson {
    regions: Vec<Region>,
    /// Per chain (all chains; the other colour's stay false).
    chain_alive: Vec<bool>,
    region_alive: Vec<bool>,
}

impl Benson {
    fn run(grid: &Grid, chains: &Chains, color: Color, suicide: Suicide) -> Benson {
        let regions = Self::regions(grid, chains, color, suicide);

        // Which regions each chain may count as vital.
        let mut vital_regions: Vec<Vec<usize>> = vec![Vec::new(); chains.list.len()];
        for (r, region) in regions.iter().enumerate() {
            for &c in &region.vital_to {
                vital_regions[c].push(r);
            }
        }

        let mut chain_alive: Vec<bool> = chains.list.iter().map(|c| c.color == color).collect();
        let mut region_alive = vec![true; regions.len()];
        loop {
            let mut changed = false;
            for c in 0..chains.list.len() {
                if chain_alive[c]
                    && vital_regions[c]
                        .iter()
                        .filter(|&&r| region_alive[r])
                        .count()
                        < 2
                {
                    chain_alive[c] = false;
                    changed = true;
                }
            }
            for (r, region) in regions.iter().enumerate() {
                if region_alive[r] && region.borders.iter().any(|&c| !chain_alive[c]) {
                    region_alive[r] = false;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        Benson {
            regions,
            chain_alive,
            region_alive,
        }
    }

    fn regions(grid: &Grid, chains: &Chains, color: Color, suicide: Suicide) -> Vec<Region> {
        let own = Some(color);
        let mut seen = vec![false; grid.len()];
        let mut stack = Vec::new();
        let mut regions = Vec::new();
        let mut around: Vec<usize> = Vec::with_capacity(4);
        for start in 0..grid.len() {
            if seen[start] || grid.stones[start] == own {
                continue;
            }
            let mut points = Vec::new();
            let mut borders = Vec::new();
            // `None` until the first point that must be a liberty; then the chains next
            // to every such point so far.
            let mut vital: Option<Vec<usize>> = None;
            let mut has_empty = false;
            let mut internal = 0;
            seen[start] = true;
            stack.push(start);
            while let Some(i) = stack.pop() {
                points.push(i);
                around.clear();
                for nb in grid.neighbours(i) {
                    if grid.stones[nb] == own {
                        around.push(chains.of[nb]);
                    } else if !seen[nb] {
                        seen[nb] = true;
                        stack.push(nb);
                    }
                }
                if around.is_empty() {
                    internal += 1;
                }
                borders.extend_from_slice(&around);
                let empty = grid.stones[i].is_none();
                has_empty |= empty;
                if empty || suicide == Suicide::Allowed {
                    vital = Some(match vital {
                        None => {
                            let mut v = around.clone();
                            v.sort_unstable();
                            v.dedup();
                            v
                        }
                        Some(mut v) => {
                            v.retain(|c| around.contains(c));
                            v
                        }
                    });
                }
            }
            borders.sort_unstable();
            borders.dedup();
            let vital_to = if has_empty {
                vital.unwrap_or_default()
            } else {
                // No empty point: no liberty to give (only setup makes such a region).
                Vec::new()
            };
            regions.push(Region {
                points,
                borders,
                vital_to,
                internal,
            });
        }
        regions
    }
}

#[cfg(test)]
#[path = "life_tests.rs"]
mod tests;
