//! A parsed game tree to a [`GameRecord`]: the main line's moves, setup and game info,
//! with every server habit normalised and every unusable value reported.
//!
//! sgf-parse's nodes own their children and drop them recursively, so a long record would
//! overflow the stack when dropped. [`Tree`] takes a subtree apart with an explicit stack,
//! and the main line is walked by moving each node's first child out of its parent.

use std::borrow::Cow;
use std::ops::Range;

use sgf_parse::go::{Move as SgfMove, Point as SgfPoint, Prop};
use sgf_parse::{GameTree, SgfNode, SgfProp};

use super::plain::{self, PlainMove};
use super::{
    Action, GameError, GameRecord, LoadWarning, MidSetup, Move, Setup, TerritoryMarks,
    TimeSettings, Variation, WarningKind,
};
use crate::board::Color;
use crate::point::{MAX_SIZE, Point};
use crate::result::GameResult;
use crate::text::shown;

/// A parsed node that takes its subtree apart without recursion when dropped.
pub(crate) struct Tree<P: SgfProp>(pub SgfNode<P>);

impl<P: SgfProp> Drop for Tree<P> {
    fn drop(&mut self) {
        dismantle(std::mem::take(&mut self.0.children));
    }
}

/// Drop nodes one at a time, moving each node's children onto an explicit stack first.
pub(crate) fn dismantle<P: SgfProp>(mut stack: Vec<SgfNode<P>>) {
    while let Some(mut node) = stack.pop() {
        stack.append(&mut node.children);
    }
}

/// The first Go tree of a parse result; every tree is taken apart safely.
pub(crate) fn first_go_tree(trees: Vec<GameTree>) -> Option<Tree<Prop>> {
    let mut found = None;
    for tree in trees {
        match tree {
            GameTree::GoGame(node) => {
                let node = Tree(node);
                if found.is_none() {
                    found = Some(node);
                }
            }
            GameTree::Unknown(node) => drop(Tree(node)),
        }
    }
    found
}

/// Build the record of game `index` from its root, consuming the tree.
pub(crate) fn build(
    index: usize,
    root: Tree<Prop>,
    warnings: Vec<LoadWarning>,
) -> Result<GameRecord, GameError> {
    build_from(index, Root::Tree(root), &[], Vec::new(), warnings)
}

/// The root of a game tree cut by `plain.rs`.
pub(crate) enum Root {
    /// Parsed by sgf-parse, with the main line below it when there is one.
    Tree(Tree<Prop>),
    /// The properties of a root node without children, read as [`Property`]s.
    Read(Vec<Property>),
}

/// A property of a node the loader read itself (`plain.rs`).
pub(crate) enum Property {
    /// What sgf-parse's `Prop::new` makes of it.
    Sgf(Prop),
    /// An `AB`, `AW`, `AE`, `TB` or `TW` (the identifier) whose every value is a point
    /// in lower case: its points in order, each once. sgf-parse would read them into a
    /// set, which the builder then puts in order ([`sorted`]): the same list, without
    /// hashing each point.
    Points(&'static str, Vec<Point>),
}

/// One piece of a game tree cut by `plain.rs`, parsed.
pub(crate) enum ParsedPiece<'a> {
    /// A run of plain moves: these of the moves handed to [`build_from`].
    Moves(Range<usize>),
    /// A run of short nodes: their text and how many (`plain::short_moves`).
    Short(&'a str, usize),
    /// Nodes parsed as the children of an empty root: the main line below it.
    Below(Tree<Prop>),
    /// Nodes one below the other, without variations, their properties read as
    /// [`Property`]s: what [`ParsedPiece::Below`] reads of the same nodes parsed.
    Read(Vec<Vec<Property>>),
}

/// Build the record of game `index` from a game tree cut in pieces (`plain.rs`): the main
/// line of `root`, then each piece in order. Node numbers run on across the pieces as in
/// the whole tree.
pub(crate) fn build_from(
    index: usize,
    root: Root,
    moves: &[PlainMove],
    pieces: Vec<ParsedPiece<'_>>,
    warnings: Vec<LoadWarning>,
) -> Result<GameRecord, GameError> {
    let mut warnings = warnings;
    let built = match root {
        Root::Tree(root) => {
            let (width, height) = board_size(index, &root.0.properties, &mut warnings)?;
            let mut b = Builder::new(index, width, height, warnings);
            let nodes = main_line(&mut b, root, 0);
            (b, nodes)
        }
        Root::Read(properties) => {
            let sgf = properties.iter().filter_map(|property| match property {
                Property::Sgf(prop) => Some(prop),
                Property::Points(..) => None,
            });
            let (width, height) = board_size(index, sgf, &mut warnings)?;
            let mut b = Builder::new(index, width, height, warnings);
            // What `main_line` does with a root without children.
            b.node(0, properties);
            (b, 1)
        }
    };
    let (mut b, mut nodes) = built;
    let short: usize = (pieces.iter())
        .map(|piece| match piece {
            ParsedPiece::Short(_, count) => *count,
            _ => 0,
        })
        .sum();
    b.moves.reserve(moves.len() + short);
    for piece in pieces {
        match piece {
            ParsedPiece::Moves(range) => {
                let run = &moves[range];
                b.plain_moves(nodes, run);
                nodes += run.len();
            }
            ParsedPiece::Short(text, count) => {
                b.short_moves(nodes, text, count);
                nodes += count;
            }
            ParsedPiece::Read(read) => {
                // `main_line` over nodes of one child each, none with side lines.
                for properties in read {
                    b.node(nodes, properties);
                    nodes += 1;
                }
            }
            ParsedPiece::Below(mut tree) => {
                let mut children = std::mem::take(&mut tree.0.children);
                if !children.is_empty() {
                    let others = children.split_off(1);
                    let first = children.swap_remove(0);
                    b.side_lines(nodes - 1, others);
                    nodes = main_line(&mut b, Tree(first), nodes);
                }
            }
        }
    }
    Ok(b.finish(nodes))
}

/// Read the main line from `start` (numbered `first`) down, consuming it; returns the
/// number of the node after its last.
fn main_line(b: &mut Builder, start: Tree<Prop>, first: usize) -> usize {
    let mut current = start;
    let mut node = first;
    loop {
        let properties = std::mem::take(&mut current.0.properties);
        b.node(node, properties.into_iter().map(Property::Sgf));
        let mut children = std::mem::take(&mut current.0.children);
        if children.is_empty() {
            return node + 1;
        }
        let others = children.split_off(1);
        let next = children.swap_remove(0);
        if !others.is_empty() {
            b.side_lines(node, others);
        }
        // The old node has no children left, so dropping it here is shallow.
        current = Tree(next);
        node += 1;
    }
}

/// The board size from the root's `SZ` (19x19 when absent). A value goref cannot read is
/// [`GameError::UnreadableSize`]: judging the game on a board of another size would give
/// another verdict.
fn board_size<'a>(
    game: usize,
    properties: impl IntoIterator<Item = &'a Prop>,
    warnings: &mut Vec<LoadWarning>,
) -> Result<(u8, u8), GameError> {
    let mut sizes = properties.into_iter().filter_map(|p| match p {
        Prop::SZ((w, h)) => Some(Ok((u32::from(*w), u32::from(*h)))),
        Prop::Invalid(id, values) if id == "SZ" => Some(Err(values.join("]["))),
        _ => None,
    });
    let Some(first) = sizes.next() else {
        return Ok((19, 19));
    };
    let written = |size: &Result<(u32, u32), String>| match size {
        Ok((w, h)) if w == h => w.to_string(),
        Ok((w, h)) => format!("{w}:{h}"),
        Err(raw) => shown(raw).into_owned(),
    };
    if let Some(other) = sizes.find(|other| other != &first) {
        warnings.push(warn(
            Some(0),
            WarningKind::Structure,
            format!(
                "the root holds SZ[{}] and SZ[{}]: the first is used",
                written(&first),
                written(&other)
            ),
        ));
    }
    let (width, height) = match first {
        Ok(size) => size,
        Err(raw) => match parse_size(&raw) {
            Some(size) => size,
            None => return Err(GameError::UnreadableSize { game, value: raw }),
        },
    };
    let fits = |side: u32| (1..=u32::from(MAX_SIZE)).contains(&side);
    if !fits(width) || !fits(height) {
        return Err(GameError::BadSize {
            game,
            width,
            height,
        });
    }
    // Both sides are at most 25 here.
    Ok((width as u8, height as u8))
}

/// `19`, `19:13` (columns:rows), also `19x13`, with huge numbers saturated.
fn parse_size(raw: &str) -> Option<(u32, u32)> {
    let number = |s: &str| -> Option<u32> {
        let s = s.trim();
        if s.is_empty() || !s.bytes().all(|c| c.is_ascii_digit()) {
            return None;
        }
        Some(s.parse::<u32>().unwrap_or(u32::MAX))
    };
    let raw = raw.trim();
    for sep in [':', 'x', 'X', '×'] {
        if let Some((w, h)) = raw.split_once(sep) {
            return Some((number(w)?, number(h)?));
        }
    }
    let side = number(raw)?;
    Some((side, side))
}

fn warn(node: Option<usize>, kind: WarningKind, message: String) -> LoadWarning {
    LoadWarning {
        node,
        kind,
        message,
    }
}

/// A side line waiting to be read: its first node and where it lies.
struct PendingLine {
    start: SgfNode<Prop>,
    parent: Option<usize>,
    after_move: usize,
    first_node: usize,
    path: String,
}

/// A side line's move value sgf-parse rejected: a point in another form, a pass, or
/// kept as unreadable (the replay reports it), without the main line's warnings.
fn side_move(values: &[String], tt_is_pass: bool) -> Action {
    let [value] = values else {
        return Action::Unreadable(values.join("]["));
    };
    let v = value.trim();
    if v.is_empty() || v.eq_ignore_ascii_case("pass") {
        return Action::Pass;
    }
    match Point::from_sgf(v) {
        Some(p) => play(p, tt_is_pass),
        None => Action::Unreadable(value.clone()),
    }
}

/// The first non-empty value of a descriptive text (`DT`, `BR`, `WR`), with runs of
/// white space as one space. Later values are not compared: nothing is judged from them.
fn first_text(slot: &mut Option<String>, text: String) {
    if slot.is_some() {
        return;
    }
    // Most values are printable ASCII words with single spaces between them already:
    // nothing to split and join again.
    let single_spaced = !text.starts_with(' ')
        && !text.ends_with(' ')
        && !text.as_bytes().windows(2).any(|pair| pair == b"  ")
        && text.bytes().all(|c| c == b' ' || c.is_ascii_graphic());
    let t = if single_spaced {
        text
    } else {
        text.split_whitespace().collect::<Vec<_>>().join(" ")
    };
    if !t.is_empty() {
        *slot = Some(t);
    }
}

/// A point change made by setup: a stone, or `None` for AE.
type Stone = Option<Color>;

struct Builder {
    index: usize,
    width: u8,
    height: u8,
    komi: Option<f64>,
    /// Komi read from a Nihon Ki-in `KO[黒6目半]`, used when no KM says otherwise.
    nihon_kiin_komi: Option<(usize, String, f64)>,
    handicap: Option<u32>,
    rules: Option<String>,
    place: Option<String>,
    black: Option<String>,
    white: Option<String>,
    /// `BR`, `WR` and `DT`: informative, so the first value is kept without a warning.
    black_rank: Option<String>,
    white_rank: Option<String>,
    date: Option<String>,
    result: Option<String>,
    first_player: Option<Color>,
    /// Each point's setup before the first move, by point ([`last_per_point`]).
    setup: Vec<(Point, Stone)>,
    moves: Vec<Move>,
    mid_setups: Vec<MidSetup>,
    time: TimeSettings,
    territory: Option<TerritoryMarks>,
    variations: Vec<Variation>,
    /// The first usable value of each game-information property (`KM`, `RE`, `PB`...) as
    /// written, and its node: a later value that differs is a warning naming both. A
    /// dozen properties at most, so a list searched in order.
    first_values: Vec<(&'static str, FirstValue)>,
    warnings: Vec<LoadWarning>,
    /// Warnings past [`MAX_WARNINGS`], counted but not kept.
    warnings_not_listed: usize,
}

/// Warnings kept per game. A hostile record can earn one per node (two million `B[R99]`
/// would give two million sentences, 1.5 GB and 128 MB of text); past this many, they are
/// counted and one last warning says how many were left out.
pub(crate) const MAX_WARNINGS: usize = 10_000;

/// The first usable value of a game-information property.
struct FirstValue {
    node: usize,
    /// As written; `None` for a text the builder keeps in its field for it
    /// ([`Builder::text`]), which holds the same value: read it with [`Builder::written`].
    written: Option<String>,
    /// What later values are compared with, when it is not the value as written: the
    /// value as read (`KM[375]` is komi 7.5).
    read: Option<String>,
}

/// What one node says, gathered before it is applied.
#[derive(Default)]
struct NodeParts {
    moves: Vec<(Color, Action)>,
    /// The setup of this node, point by point in the order written (the last property
    /// written wins: [`last_per_point`]).
    setup: Vec<(Point, Stone)>,
    to_play: Option<Color>,
    black_time: Option<f64>,
    white_time: Option<f64>,
    territory_black: Option<Vec<Point>>,
    territory_white: Option<Vec<Point>>,
}

impl NodeParts {
    fn add_setup(&mut self, points: Vec<Point>, stone: Stone) {
        self.setup.extend(points.into_iter().map(|p| (p, stone)));
    }

    /// [`Property::Points`]: what [`Builder::property`] does with the same property read
    /// by sgf-parse.
    fn points(&mut self, id: &str, points: Vec<Point>) {
        match id {
            "AB" => self.add_setup(points, Some(Color::Black)),
            "AW" => self.add_setup(points, Some(Color::White)),
            "AE" => self.add_setup(points, None),
            "TB" => self.territory_black = Some(points),
            "TW" => self.territory_white = Some(points),
            _ => {}
        }
    }
}

/// Each point of `setup` (in the order written) once, with the last value written for it,
/// in the order of points; and whether some point was given two different values.
fn last_per_point(mut setup: Vec<(Point, Stone)>) -> (Vec<(Point, Stone)>, bool) {
    // A stable sort keeps each point's values in the order written.
    setup.sort_by_key(|&(p, _)| p);
    let mut conflict = false;
    setup.dedup_by(|later, kept| {
        let same_point = later.0 == kept.0;
        if same_point {
            conflict |= later.1 != kept.1;
            kept.1 = later.1;
        }
        same_point
    });
    (setup, conflict)
}

impl Builder {
    fn new(index: usize, width: u8, height: u8, warnings: Vec<LoadWarning>) -> Self {
        Builder {
            index,
            width,
            height,
            komi: None,
            nihon_kiin_komi: None,
            handicap: None,
            rules: None,
            place: None,
            black: None,
            white: None,
            black_rank: None,
            white_rank: None,
            date: None,
            result: None,
            first_player: None,
            setup: Vec::new(),
            moves: Vec::new(),
            mid_setups: Vec::new(),
            time: TimeSettings::default(),
            territory: None,
            variations: Vec::new(),
            first_values: Vec::new(),
            warnings,
            warnings_not_listed: 0,
        }
    }

    fn warn(&mut self, node: usize, kind: WarningKind, message: String) {
        if self.warnings.len() >= MAX_WARNINGS {
            self.warnings_not_listed += 1;
            return;
        }
        self.warnings.push(warn(Some(node), kind, message));
    }

    /// Whether game-information property `id` already has a value; when it has, and
    /// `value` (as written) says something else, a warning names both (the first is
    /// used). A first value is remembered.
    fn seen(&mut self, n: usize, id: &'static str, value: &str) -> bool {
        self.seen_as(n, id, value, value)
    }

    /// The first value of game-information property `id`, when it has one.
    fn first_value(&self, id: &str) -> Option<&FirstValue> {
        self.first_values
            .iter()
            .find_map(|(known, first)| (*known == id).then_some(first))
    }

    /// The first value of `id` as written, `first` being its [`FirstValue`].
    fn written<'s>(&'s self, id: &str, first: &'s FirstValue) -> &'s str {
        match &first.written {
            Some(written) => written,
            None => self.text_field(id).as_deref().unwrap_or_default(),
        }
    }

    /// The field of text property `id` (`RU`, `PC`, `PB`, `PW`, `RE`, `OT`).
    fn text_field(&self, id: &str) -> &Option<String> {
        match id {
            "RU" => &self.rules,
            "PC" => &self.place,
            "PB" => &self.black,
            "PW" => &self.white,
            "RE" => &self.result,
            _ => &self.time.overtime,
        }
    }

    /// [`Builder::seen`], comparing what the values are read as (`read`) rather than
    /// how they are written.
    fn seen_as(&mut self, n: usize, id: &'static str, written: &str, read: &str) -> bool {
        let Some(first) = self.first_value(id) else {
            let first = FirstValue {
                node: n,
                written: Some(written.to_string()),
                read: (read != written).then(|| read.to_string()),
            };
            self.first_values.push((id, first));
            return false;
        };
        let first_written = self.written(id, first);
        if !same_value(first.read.as_deref().unwrap_or(first_written), read) {
            let where_first = if first.node == n {
                String::new()
            } else {
                format!(" (node {})", first.node)
            };
            let message = format!(
                "{id} is written twice, {id}[{}]{where_first} and {id}[{}]: the first is used",
                shown(first_written),
                shown(written)
            );
            self.warn(n, WarningKind::Structure, message);
        }
        true
    }

    /// A text property of the game information (`PB`, `RE`, `RU`...): the first
    /// non-empty value, with line breaks as spaces.
    fn text(&mut self, n: usize, id: &'static str, text: String) {
        let t = text.trim();
        if t.is_empty() {
            return;
        }
        // Bytes, not chars: these three are ASCII, and no byte of a longer character is.
        let value = if t.bytes().any(|c| matches!(c, b'\n' | b'\r' | b'\t')) {
            t.split_whitespace().collect::<Vec<_>>().join(" ")
        } else if t.len() == text.len() {
            // Nothing trimmed: the value is `text` itself, kept without a copy.
            text
        } else {
            t.to_string()
        };
        if self.first_value(id).is_some() {
            // A later value: compared with the first, which is kept.
            self.seen(n, id, &value);
            return;
        }
        // The first value: what `seen` remembers of it is the field itself, not a copy.
        let first = FirstValue {
            node: n,
            written: None,
            read: None,
        };
        self.first_values.push((id, first));
        let slot = match id {
            "RU" => &mut self.rules,
            "PC" => &mut self.place,
            "PB" => &mut self.black,
            "PW" => &mut self.white,
            "RE" => &mut self.result,
            _ => &mut self.time.overtime,
        };
        *slot = Some(value);
    }

    /// Read one main-line node.
    fn node(&mut self, n: usize, properties: impl IntoIterator<Item = Property>) {
        let mut parts = NodeParts::default();
        for property in properties {
            match property {
                Property::Sgf(prop) => self.property(n, prop, &mut parts),
                Property::Points(id, points) => parts.points(id, points),
            }
        }
        self.apply(n, parts);
    }

    /// Read the side lines `others` that leave the main line after its node `after_node`
    /// (the later children of that node), with every line below them: their moves only.
    /// Walked with an explicit stack, each node taken apart as it is read, so a deep tree
    /// costs no recursion.
    fn side_lines(&mut self, after_node: usize, others: Vec<SgfNode<Prop>>) {
        let after_move = self.moves.len();
        let mut stack: Vec<PendingLine> = (others.into_iter().enumerate().rev())
            .map(|(k, start)| PendingLine {
                start,
                parent: None,
                after_move,
                first_node: after_node + 1,
                path: format!("{}.{}", after_node + 1, k + 2),
            })
            .collect();
        let tt_is_pass = self.tt_is_pass();
        while let Some(pending) = stack.pop() {
            let index = self.variations.len();
            let mut line = Variation {
                parent: pending.parent,
                after_move: pending.after_move,
                path: pending.path,
                moves: Vec::new(),
                setups: Vec::new(),
            };
            let mut current = Tree(pending.start);
            let mut n = pending.first_node;
            loop {
                for prop in std::mem::take(&mut current.0.properties) {
                    let (color, action) = match prop {
                        Prop::B(m) => (Color::Black, action(m, tt_is_pass)),
                        Prop::W(m) => (Color::White, action(m, tt_is_pass)),
                        Prop::Invalid(id, values) if id == "B" || id == "W" => {
                            let color = if id == "B" {
                                Color::Black
                            } else {
                                Color::White
                            };
                            (color, side_move(&values, tt_is_pass))
                        }
                        _ => continue,
                    };
                    line.moves.push(Move {
                        color,
                        action,
                        node: n,
                        time_left: None,
                    });
                }
                let mut children = std::mem::take(&mut current.0.children);
                if children.is_empty() {
                    break;
                }
                let later = children.split_off(1);
                let next = children.swap_remove(0);
                for (k, start) in later.into_iter().enumerate().rev() {
                    stack.push(PendingLine {
                        start,
                        parent: Some(index),
                        after_move: line.after_move + line.moves.len(),
                        first_node: n + 1,
                        path: format!("{}/{}.{}", line.path, n + 1, k + 2),
                    });
                }
                current = Tree(next);
                n += 1;
            }
            self.variations.push(line);
        }
    }

    /// Read nodes holding one move and at most its time left (`plain.rs`), numbered from
    /// `first`: what [`Builder::node`] does with each, without gathering parts.
    fn plain_moves(&mut self, first: usize, run: &[PlainMove]) {
        // Two loops, each with `tt_is_pass` fixed, so that the test is not made per move.
        let moves = run.iter().zip(first..);
        let read = |tt_is_pass| {
            move |(plain, node): (&PlainMove, usize)| Move {
                color: plain.color,
                action: action(plain.m, tt_is_pass),
                node,
                time_left: plain.time_left,
            }
        };
        if self.tt_is_pass() {
            self.moves.extend(moves.map(read(true)));
        } else {
            self.moves.extend(moves.map(read(false)));
        }
    }

    /// Read `count` short nodes (`;B[pd]`, `plain::short_moves`) from `text`, numbered
    /// from `first`: what [`Builder::plain_moves`] does with the plain moves they are.
    fn short_moves(&mut self, first: usize, text: &str, count: usize) {
        let moves = plain::short_moves(text, count).zip(first..);
        let read = |tt_is_pass| {
            move |((color, point), node): ((Color, SgfPoint), usize)| Move {
                color,
                action: action(SgfMove::Move(point), tt_is_pass),
                node,
                time_left: None,
            }
        };
        if self.tt_is_pass() {
            self.moves.extend(moves.map(read(true)));
        } else {
            self.moves.extend(moves.map(read(false)));
        }
    }

    fn property(&mut self, n: usize, prop: Prop, parts: &mut NodeParts) {
        match prop {
            Prop::B(m) => parts.moves.push((Color::Black, self.action(m))),
            Prop::W(m) => parts.moves.push((Color::White, self.action(m))),
            Prop::AB(points) => parts.add_setup(sorted(points), Some(Color::Black)),
            Prop::AW(points) => parts.add_setup(sorted(points), Some(Color::White)),
            Prop::AE(points) => parts.add_setup(sorted(points), None),
            Prop::PL(c) => parts.to_play = Some(color(c)),
            Prop::BL(t) => parts.black_time = self.seconds(n, "BL", t),
            Prop::WL(t) => parts.white_time = self.seconds(n, "WL", t),
            Prop::TB(points) => parts.territory_black = Some(sorted(points)),
            Prop::TW(points) => parts.territory_white = Some(sorted(points)),
            Prop::SZ(_) if n > 0 => self.warn(
                n,
                WarningKind::Structure,
                "SZ outside the root is ignored (the board size is the root's)".to_string(),
            ),
            Prop::KM(k) => self.komi_value(n, k, None),
            Prop::HA(h) => self.handicap_value(n, &h.to_string()),
            Prop::TM(t) => {
                if let Some(seconds) = self.seconds(n, "TM", t)
                    && !self.seen_as(n, "TM", &format_number(t), &format_number(seconds))
                {
                    self.time.main_time = Some(seconds);
                }
            }
            Prop::RU(t) => self.text(n, "RU", t.text),
            Prop::PC(t) => self.text(n, "PC", t.text),
            Prop::PB(t) => self.text(n, "PB", t.text),
            Prop::PW(t) => self.text(n, "PW", t.text),
            Prop::RE(t) => self.text(n, "RE", t.text),
            Prop::OT(t) => self.text(n, "OT", t.text),
            Prop::BR(t) => first_text(&mut self.black_rank, t.text),
            Prop::WR(t) => first_text(&mut self.white_rank, t.text),
            Prop::DT(t) => first_text(&mut self.date, t.text),
            Prop::Invalid(id, values) => self.invalid(n, &id, &values, parts),
            _ => {}
        }
    }

    /// A property sgf-parse recognised but could not read: recover what the loader uses.
    fn invalid(&mut self, n: usize, id: &str, values: &[String], parts: &mut NodeParts) {
        let raw = values.join("][");
        match id {
            "B" | "W" => {
                let color = if id == "B" {
                    Color::Black
                } else {
                    Color::White
                };
                let action = self.raw_move(n, id, values);
                parts.moves.push((color, action));
            }
            "AB" | "AW" | "AE" => {
                let stone = match id {
                    "AB" => Some(Color::Black),
                    "AW" => Some(Color::White),
                    _ => None,
                };
                let points = self.raw_points(n, id, values);
                parts.add_setup(points, stone);
            }
            "TB" => parts.territory_black = Some(self.raw_points(n, id, values)),
            "TW" => parts.territory_white = Some(self.raw_points(n, id, values)),
            "SZ" if n > 0 => self.warn(
                n,
                WarningKind::Structure,
                "SZ outside the root is ignored (the board size is the root's)".to_string(),
            ),
            "KM" => self.komi_text(n, &raw),
            "HA" => self.handicap_value(n, &raw),
            "TM" => self.time_text(n, &raw),
            "PL" => match raw.trim().to_ascii_lowercase().as_str() {
                "b" | "black" => parts.to_play = Some(Color::Black),
                "w" | "white" => parts.to_play = Some(Color::White),
                _ => self.warn(
                    n,
                    WarningKind::InvalidValue,
                    format!("PL[{}] names no player (B or W): ignored", shown(&raw)),
                ),
            },
            "BL" | "WL" => {
                let value = match raw.trim().parse::<f64>() {
                    Ok(t) if t.is_finite() => Some(t),
                    _ => match clock_time(raw.trim()) {
                        Some(t) => {
                            self.warn(
                                n,
                                WarningKind::Time,
                                format!(
                                    "{id}[{}] is a clock time: read as {t} seconds",
                                    shown(&raw)
                                ),
                            );
                            Some(t)
                        }
                        None => None,
                    },
                };
                match value {
                    Some(t) if id == "BL" => parts.black_time = Some(t),
                    Some(t) => parts.white_time = Some(t),
                    None => self.warn(
                        n,
                        WarningKind::InvalidValue,
                        format!("{id}[{}] is not a number of seconds: ignored", shown(&raw)),
                    ),
                }
            }
            "PB" | "PW" | "RE" | "RU" | "OT" | "PC" => {
                // Text never fails to parse: this is a property written with several values.
                let id = match id {
                    "PB" => "PB",
                    "PW" => "PW",
                    "RE" => "RE",
                    "RU" => "RU",
                    "PC" => "PC",
                    _ => "OT",
                };
                let first = values.first().map(String::as_str).unwrap_or_default();
                self.warn(
                    n,
                    WarningKind::InvalidValue,
                    format!(
                        "{id}[{}] holds {} values: the first is used",
                        shown(&raw),
                        values.len()
                    ),
                );
                self.text(n, id, first.to_string());
            }
            "KO" if n == 0 && self.nihon_kiin_komi.is_none() => {
                if let Some(k) = komi_in_ko(&raw) {
                    self.nihon_kiin_komi = Some((n, raw, k));
                }
            }
            // Properties goref does not read (markup, comments, AP without a version...)
            // are not worth a warning.
            _ => {}
        }
    }

    /// Apply one node's moves and setup.
    fn apply(&mut self, n: usize, parts: NodeParts) {
        let NodeParts {
            moves,
            setup,
            to_play,
            black_time,
            white_time,
            territory_black,
            territory_white,
        } = parts;
        let (setup, setup_conflict) = last_per_point(setup);
        if setup_conflict {
            self.warn(
                n,
                WarningKind::Structure,
                "a point appears in more than one of AB/AW/AE: the last one written counts"
                    .to_string(),
            );
        }
        if !setup.is_empty() && !moves.is_empty() {
            self.warn(
                n,
                WarningKind::Structure,
                "the node holds both setup (AB/AW/AE) and a move: the setup is applied first"
                    .to_string(),
            );
        }
        if moves.len() > 1 {
            self.warn(
                n,
                WarningKind::Structure,
                format!(
                    "the node holds {} moves: read as {} moves in the order written",
                    moves.len(),
                    moves.len()
                ),
            );
        }

        if self.moves.is_empty() {
            if self.setup.is_empty() {
                // Most records set stones up in one node: no merge to make.
                self.setup = setup;
            } else {
                // The later node's values come last, so they win.
                self.setup.extend(setup);
                self.setup = last_per_point(std::mem::take(&mut self.setup)).0;
            }
            if to_play.is_some() {
                self.first_player = to_play;
            }
        } else if !setup.is_empty() || to_play.is_some() {
            self.mid_setups.push(MidSetup {
                after_move: self.moves.len(),
                node: n,
                setup: split_setup(setup),
                to_play,
            });
        }

        for (color, action) in moves {
            let time_left = match color {
                Color::Black => black_time,
                Color::White => white_time,
            };
            self.moves.push(Move {
                color,
                action,
                node: n,
                time_left,
            });
        }

        if territory_black.is_some() || territory_white.is_some() {
            self.territory = Some(TerritoryMarks {
                node: n,
                black: territory_black.unwrap_or_default(),
                white: territory_white.unwrap_or_default(),
            });
        }
    }

    fn finish(mut self, nodes: usize) -> GameRecord {
        if self.komi.is_none()
            && let Some((n, raw, k)) = self.nihon_kiin_komi.take()
        {
            self.komi = Some(k);
            self.warn(
                n,
                WarningKind::Komi,
                format!(
                    "KO[{}] in the root read as komi {} (KO is a move property, but some \
                     records, the Nihon Ki-in's among them, write komi there)",
                    shown(&raw),
                    format_number(k)
                ),
            );
        }
        if let Some(first) = self.first_value("RE") {
            let written = self.written("RE", first);
            let why = match GameResult::parse(written) {
                GameResult::Unreadable(_) => Some("is not a result goref can read"),
                GameResult::Unknown => Some("says the result is unknown"),
                _ => None,
            };
            if let Some(why) = why {
                let message = format!(
                    "RE[{}] {why}: it is never compared with goref's result",
                    shown(written)
                );
                self.warn(first.node, WarningKind::InvalidValue, message);
            }
        }
        if self.warnings_not_listed > 0 {
            let message = format!(
                "{} more warnings were not listed (at most {MAX_WARNINGS} are kept per game)",
                self.warnings_not_listed
            );
            self.warnings.push(warn(None, WarningKind::Limit, message));
        }
        GameRecord {
            index: self.index,
            width: self.width,
            height: self.height,
            komi: self.komi,
            handicap: self.handicap.unwrap_or(0),
            rules: self.rules,
            place: self.place,
            black: self.black,
            white: self.white,
            black_rank: self.black_rank,
            white_rank: self.white_rank,
            date: self.date,
            result: self.result,
            first_player: self.first_player,
            setup: split_setup(self.setup),
            moves: self.moves,
            mid_setups: self.mid_setups,
            time: self.time,
            nodes,
            warnings: self.warnings,
            territory: self.territory,
            variations: self.variations,
            main_line_cut: None,
        }
    }

    /// A move sgf-parse read.
    fn action(&self, m: SgfMove) -> Action {
        action(m, self.tt_is_pass())
    }

    fn play(&self, p: Point) -> Action {
        play(p, self.tt_is_pass())
    }

    /// `tt` is a pass on boards up to 19x19 (FF\[3\] habit).
    fn tt_is_pass(&self) -> bool {
        self.width <= 19 && self.height <= 19
    }

    /// A move value sgf-parse rejected: spaces, `pass`, a rule-document coordinate.
    fn raw_move(&mut self, n: usize, id: &str, values: &[String]) -> Action {
        let [value] = values else {
            let raw = values.join("][");
            self.warn(
                n,
                WarningKind::Move,
                format!(
                    "{id}[{}] holds more than one value: kept as unreadable",
                    shown(&raw)
                ),
            );
            return Action::Unreadable(raw);
        };
        let v = value.trim();
        if v.is_empty() {
            return Action::Pass;
        }
        if let Some(p) = Point::from_sgf(v) {
            return self.play(p);
        }
        if v.eq_ignore_ascii_case("pass") {
            self.warn(
                n,
                WarningKind::Move,
                format!("{id}[{}] read as a pass", shown(value)),
            );
            return Action::Pass;
        }
        if let Some(p) = Point::from_d4(v, self.width, self.height) {
            self.warn(
                n,
                WarningKind::Move,
                format!(
                    "{id}[{}] is a rule-document coordinate, not SGF: read as {} (SGF `{}`)",
                    shown(value),
                    v.to_ascii_uppercase(),
                    p.to_sgf()
                ),
            );
            return Action::Play(p);
        }
        self.warn(
            n,
            WarningKind::Move,
            format!("{id}[{}] is not a point: kept as unreadable", shown(value)),
        );
        Action::Unreadable(value.clone())
    }

    /// A point list sgf-parse rejected (junk, reversed rectangles): keep what reads.
    fn raw_points(&mut self, n: usize, id: &str, values: &[String]) -> Vec<Point> {
        let mut points = std::collections::BTreeSet::new();
        let mut junk = Vec::new();
        for value in values {
            let v = value.trim();
            if v.is_empty() {
                continue;
            }
            let corners = match v.split_once(':') {
                Some((a, b)) => Point::from_sgf(a.trim()).zip(Point::from_sgf(b.trim())),
                None => Point::from_sgf(v).map(|p| (p, p)),
            };
            match corners {
                Some((a, b)) => {
                    for x in a.x.min(b.x)..=a.x.max(b.x) {
                        for y in a.y.min(b.y)..=a.y.max(b.y) {
                            points.insert(Point::new(x, y));
                        }
                    }
                }
                None => junk.push(value.as_str()),
            }
        }
        if !junk.is_empty() {
            self.warn(
                n,
                WarningKind::InvalidValue,
                format!(
                    "{id} holds values that are not points ([{}]): ignored",
                    shown(&junk.join("]["))
                ),
            );
        }
        points.into_iter().collect()
    }

    fn seconds(&mut self, n: usize, id: &str, t: f64) -> Option<f64> {
        if t.is_finite() && (t >= 0.0 || id != "TM") {
            Some(t)
        } else {
            self.warn(
                n,
                WarningKind::InvalidValue,
                format!(
                    "{id}[{}] is not a usable number of seconds: ignored",
                    format_number(t)
                ),
            );
            None
        }
    }

    fn komi_text(&mut self, n: usize, raw: &str) {
        let v = raw.trim();
        if v.is_empty() {
            if self.komi.is_none() {
                self.warn(
                    n,
                    WarningKind::Komi,
                    "KM[] is empty: no komi recorded".to_string(),
                );
            }
            return;
        }
        if let Ok(k) = v.parse::<f64>() {
            self.komi_value(n, k, Some(raw));
            return;
        }
        if let Ok(k) = v.replace(',', ".").parse::<f64>() {
            self.warn(
                n,
                WarningKind::Komi,
                format!(
                    "KM[{}] uses a decimal comma: read as {}",
                    shown(raw),
                    format_number(k)
                ),
            );
            self.komi_value(n, k, Some(raw));
            return;
        }
        let outcome = if self.komi.is_some() {
            "ignored"
        } else {
            "no komi recorded"
        };
        self.warn(
            n,
            WarningKind::Komi,
            format!("KM[{}] is not a number: {outcome}", shown(raw)),
        );
    }

    /// A numeric komi, with the habits of servers and databases undone. Warnings show `raw`,
    /// the value as written when sgf-parse could not read it, else `k`.
    fn komi_value(&mut self, n: usize, k: f64, raw: Option<&str>) {
        let read_by_sgf_parse = raw.is_none();
        let written: Cow<'_, str> = raw.map_or_else(|| Cow::Owned(format_number(k)), Cow::Borrowed);
        let raw = || shown(&written).into_owned();
        if !k.is_finite() {
            self.warn(
                n,
                WarningKind::Komi,
                format!("KM[{}] is not a number: no komi recorded", raw()),
            );
            return;
        }
        let (komi, why) = normalise_komi(k);
        // The same bits format the same: `written` is already `format_number(komi)` when
        // sgf-parse read the value and the komi is left as read.
        let formatted;
        let read: &str = if read_by_sgf_parse && komi.to_bits() == k.to_bits() {
            &written
        } else {
            formatted = format_number(komi);
            &formatted
        };
        if self.seen_as(n, "KM", &written, read) {
            return;
        }
        match why {
            Some(why) => self.warn(
                n,
                WarningKind::Komi,
                format!("KM[{}] read as komi {read} ({why})", raw()),
            ),
            None if komi.abs() >= 100.0 => self.warn(
                n,
                WarningKind::Komi,
                format!("KM[{}] is far from any komi in use: kept as written", raw()),
            ),
            None => {}
        }
        self.komi = Some(komi);
    }

    fn handicap_value(&mut self, n: usize, raw: &str) {
        match raw.trim().parse::<i64>() {
            Ok(h) if h >= 0 => match u32::try_from(h) {
                Ok(h) => {
                    if !self.seen(n, "HA", raw) {
                        self.handicap = Some(h);
                    }
                }
                Err(_) => self.warn(
                    n,
                    WarningKind::InvalidValue,
                    format!("HA[{}] is not a handicap: ignored", shown(raw)),
                ),
            },
            _ => self.warn(
                n,
                WarningKind::InvalidValue,
                format!("HA[{}] is not a number of stones: ignored", shown(raw)),
            ),
        }
    }

    fn time_text(&mut self, n: usize, raw: &str) {
        // `TM[]` and `TM[-]` say "no time limit recorded" as plainly as no TM at all.
        if matches!(raw.trim(), "" | "-") {
            return;
        }
        match parse_duration(raw) {
            Some((seconds, _)) if self.seen_as(n, "TM", raw, &format_number(seconds)) => {}
            Some((seconds, rest)) => {
                let ignored = if rest.is_empty() {
                    String::new()
                } else {
                    format!("; `{}` is ignored", shown(rest))
                };
                self.warn(
                    n,
                    WarningKind::Time,
                    format!(
                        "TM[{}] is not a number of seconds: read as {} seconds of main \
                         time{ignored}",
                        shown(raw),
                        format_number(seconds)
                    ),
                );
                self.time.main_time = Some(seconds);
            }
            None if self.time.main_time.is_some() => {}
            None => self.warn(
                n,
                WarningKind::Time,
                format!(
                    "TM[{}] is not a time goref can read: no main time recorded",
                    shown(raw)
                ),
            ),
        }
    }
}

/// Komi after undoing server habits, and the habit undone.
///
/// Fox writes komi in hundredths: `KM[750]` is 7.5 points, and Chinese komi in hundredths
/// of stones: `KM[375]` is 3.75 stones = 7.5 points (also 650/325, 550/275, 700/350).
/// GoGoD writes Chinese komi in stones: 3.75 stones = 7.5 points. No real komi has a
/// quarter point, so quarter values are always stones.
pub(crate) fn normalise_komi(k: f64) -> (f64, Option<&'static str>) {
    let a = k.abs();
    let sign = k.signum();
    let is_quarter = |v: f64| {
        let q = v * 4.0;
        q.fract() == 0.0 && q % 2.0 == 1.0
    };
    if a >= 100.0 && (a % 25.0) == 0.0 {
        let v = a / 100.0;
        if is_quarter(v) {
            return (
                sign * v * 2.0,
                Some("Fox writes Chinese komi in hundredths of stones"),
            );
        }
        if v == 3.5 {
            return (
                sign * 7.0,
                Some("Fox writes Chinese komi in hundredths of stones"),
            );
        }
        if (5.0..=9.5).contains(&v) {
            return (sign * v, Some("Fox writes komi in hundredths of points"));
        }
        return (k, None);
    }
    if is_quarter(a) {
        return (
            sign * a * 2.0,
            Some("Chinese komi written in stones: one stone is two points"),
        );
    }
    (k, None)
}

/// Komi written in the root's `KO` (a move property): `黒6目半` (Black gives 6.5 points)
/// as Nihon Ki-in records write it, or a plain number.
fn komi_in_ko(raw: &str) -> Option<f64> {
    let v = raw.trim();
    if let Ok(k) = v.parse::<f64>() {
        return k.is_finite().then_some(k);
    }
    let (sign, v) = if let Some(rest) = v.strip_prefix('黒') {
        (1.0, rest)
    } else if let Some(rest) = v.strip_prefix('白') {
        (-1.0, rest)
    } else {
        (1.0, v)
    };
    let (number, rest) = v.split_once('目')?;
    let points: f64 = number.trim().parse().ok()?;
    let half = match rest.trim() {
        "" => 0.0,
        "半" => 0.5,
        _ => return None,
    };
    Some(sign * (points + half))
}

/// A duration written as text: `60 minutes`, `1時間`, `1h 30m`, `1:30:00`. Returns the
/// seconds read from the start of the text and the rest that could not be read.
pub(crate) fn parse_duration(raw: &str) -> Option<(f64, &str)> {
    let text = raw.trim();
    // `10:00(5x1:00)`: a clock time, then overtime.
    let clock_len = text
        .find(|c: char| !(c.is_ascii_digit() || c == ':'))
        .unwrap_or(text.len());
    if let Some(seconds) = text.get(..clock_len).and_then(clock_time) {
        return Some((seconds, text.get(clock_len..).unwrap_or_default().trim()));
    }
    let mut total = 0.0;
    let mut read_any = false;
    let mut rest = text;
    loop {
        let s = rest.trim_start();
        let digits = s
            .char_indices()
            .find(|(_, c)| !(c.is_ascii_digit() || *c == '.'))
            .map_or(s.len(), |(i, _)| i);
        let Some(number) = s.get(..digits).filter(|d| !d.is_empty()) else {
            break;
        };
        let Ok(value) = number.parse::<f64>() else {
            break;
        };
        let after = s.get(digits..).unwrap_or_default().trim_start();
        let unit_len = after
            .char_indices()
            .find(|(_, c)| c.is_whitespace() || c.is_ascii_digit() || c.is_ascii_punctuation())
            .map_or(after.len(), |(i, _)| i);
        let unit = after.get(..unit_len).unwrap_or_default();
        let scale = match unit.to_lowercase().as_str() {
            "h" | "hr" | "hrs" | "hour" | "hours" | "時間" | "小时" | "小時" | "시간" => {
                3600.0
            }
            "m" | "min" | "mins" | "minute" | "minutes" | "分" | "分钟" | "分鐘" | "분" => {
                60.0
            }
            "s" | "sec" | "secs" | "second" | "seconds" | "秒" | "초" => 1.0,
            "" if !read_any => 1.0,
            _ => break,
        };
        total += value * scale;
        read_any = true;
        rest = after.get(unit_len..).unwrap_or_default();
        if unit.is_empty() {
            break;
        }
    }
    (read_any && total.is_finite()).then(|| (total, rest.trim()))
}

/// `1:30:00` (hours, minutes, seconds) or `90:00` (minutes, seconds).
fn clock_time(text: &str) -> Option<f64> {
    let parts: Vec<&str> = text.split(':').collect();
    if !(2..=3).contains(&parts.len()) {
        return None;
    }
    let mut total = 0.0;
    for part in parts {
        if part.is_empty() || !part.bytes().all(|c| c.is_ascii_digit()) {
            return None;
        }
        total = total * 60.0 + part.parse::<f64>().ok()?;
    }
    Some(total)
}

pub(super) fn sorted(points: std::collections::HashSet<SgfPoint>) -> Vec<Point> {
    let mut v: Vec<Point> = points.into_iter().map(|p| Point::new(p.x, p.y)).collect();
    // The points of a set are distinct: no order among equals to keep.
    v.sort_unstable();
    v
}

/// Setup points in the order of points, one value each, as the three lists of [`Setup`].
fn split_setup(points: Vec<(Point, Stone)>) -> Setup {
    let mut setup = Setup::default();
    for (p, stone) in points {
        match stone {
            Some(Color::Black) => setup.black.push(p),
            Some(Color::White) => setup.white.push(p),
            None => setup.empty.push(p),
        }
    }
    setup
}

fn color(c: sgf_parse::Color) -> Color {
    match c {
        sgf_parse::Color::Black => Color::Black,
        sgf_parse::Color::White => Color::White,
    }
}

/// Two values of one property say the same: equal as written (spaces around them aside),
/// or the same number (`KM[6.5]` and `KM[6.50]`).
fn same_value(a: &str, b: &str) -> bool {
    let (a, b) = (a.trim(), b.trim());
    a == b
        || matches!(
            (a.parse::<f64>(), b.parse::<f64>()),
            (Ok(x), Ok(y)) if x == y
        )
}

/// A move sgf-parse read, `tt` a pass when `tt_is_pass`.
fn action(m: SgfMove, tt_is_pass: bool) -> Action {
    match m {
        SgfMove::Pass => Action::Pass,
        SgfMove::Move(p) => play(Point::new(p.x, p.y), tt_is_pass),
    }
}

fn play(p: Point, tt_is_pass: bool) -> Action {
    if tt_is_pass && p == Point::new(19, 19) {
        Action::Pass
    } else {
        Action::Play(p)
    }
}

/// `7.5`, `750`, `-0.5`: a number as a person writes it.
pub(crate) fn format_number(v: f64) -> String {
    // Nearly every komi is a whole or half number: `format_points` writes those from an
    // integer, as `{v}` writes them, for a fraction of the cost.
    if (v * 2.0).fract() == 0.0 && (v * 2.0).abs() < 1e15 {
        crate::words::format_points(v)
    } else {
        format!("{v}")
    }
}
