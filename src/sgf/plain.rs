//! Runs of plain move nodes, read without building a tree.
//!
//! Most of a real record is nodes like `;B[pd]` and `;W[]`: one move property, a point of
//! two lower-case letters or nothing, and at most the time left (`BL`/`WL`) or properties
//! goref does not read (a comment). sgf-parse spends about nine allocations on each
//! property (the token, the identifier, the value as `Vec<char>` and `String`, the node and
//! its property list), which made it two thirds of goref's whole run over a folder of
//! engine games. Such a node has nothing to parse but two letters and a number, so the
//! loader cuts a game text into pieces along its main line:
//!
//! 1. the root node;
//! 2. runs of at least [`MIN_RUN`] plain move nodes, read here into sgf-parse's own
//!    [`Move`](SgfMove) values, exactly what its parser would have made of them;
//! 3. between runs, the other nodes (a comment, a clock, setup...);
//! 4. from the first variation on, everything left, parsed by sgf-parse as the children
//!    of an empty root.
//!
//! The root and the other nodes are tokenized here too ([`nodes`]) when every identifier
//! is in capitals: sgf-parse's lexer builds each value a character at a time, and its
//! parse of these nodes was a fifth of a whole batch. sgf-parse still reads the values
//! the record is read from (`Prop::new`), so the properties are its own, but for those
//! whose reading is plain (one text, a number: `read_prop` in `sgf.rs`; a list of
//! lower-case points, read straight to the builder's sorted list: `read_props`); the
//! others (a comment, a game name) are left out. The values are borrowed from the text
//! ([`Values`]): only those the record keeps as text are copied. Anything unusual goes to
//! its parser as a game tree of its own.
//!
//! The record is then built from the pieces as if from one tree (same node numbers, same
//! main line). When anything is unusual (no `(;` start, a piece sgf-parse rejects) the
//! loader parses the whole game tree as before, so this is only ever a shortcut: tests
//! compare it with the whole-tree parse on every record of the corpus, on generated
//! texts, and under a differential fuzz target.

use std::borrow::Cow;
use std::ops::Range;

use sgf_parse::go::{Move as SgfMove, Point as SgfPoint};

use super::scan::{Cursor, MIN_RUN, ShortRuns, value_end};
use crate::board::Color;

/// The properties a record is read from (`record.rs`: its builder's properties and the
/// board size), valid or not. Any other property, valid or not, leaves the record as it
/// is, so the loader may leave it out before sgf-parse reads it. Kept here, the lower of
/// the two modules, so that `record.rs` uses `plain.rs` and not the other way round.
/// [`loader_reads`] spells the list out as a `match`; the tests hold the two equal, and
/// the builder to the list.
#[cfg_attr(not(test), allow(dead_code))]
pub(crate) const READ: [&str; 24] = [
    "B", "W", "AB", "AW", "AE", "PL", "BL", "WL", "TB", "TW", "SZ", "KM", "HA", "TM", "RU", "PC",
    "PB", "PW", "RE", "OT", "KO", "BR", "WR", "DT",
];

/// A game text cut in pieces (see the module documentation).
#[derive(Debug, PartialEq)]
pub(crate) struct Split<'a> {
    /// The game tree's `(`, the root node's `;` and its properties: close it with `)`.
    pub root: &'a str,
    /// The root's properties, read here as [`nodes`] reads them; `None` for anything it
    /// turns away, and for a `GM` other than a single `GM[1]` (sgf-parse would read the
    /// tree as another game, or fail): the caller then hands [`Split::root`] to sgf-parse.
    pub root_properties: Option<Properties<'a>>,
    /// Every plain move of the runs, in order.
    pub moves: Vec<PlainMove>,
    /// What follows the root, in order.
    pub pieces: Vec<Piece<'a>>,
}

/// What a plain move node says, as sgf-parse would read it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct PlainMove {
    pub color: Color,
    pub m: SgfMove,
    /// The mover's `BL` or `WL`, the last one written, when the node holds one.
    pub time_left: Option<f64>,
}

/// One piece of the main line after the root.
#[derive(Debug, PartialEq)]
pub(crate) enum Piece<'a> {
    /// A run of plain moves: these of [`Split::moves`].
    Moves(Range<usize>),
    /// A run of short nodes the scanner found ([`ShortRuns`]): its text, from its first
    /// `;` to the next node's, and how many nodes it holds. [`short_moves`] reads them.
    Short(&'a str, usize),
    /// Nodes without variations (`;C[x]B[aa];W[bb]BL[3]`): parse `(;` + text + `)`.
    Nodes(&'a str),
    /// Everything from a node or variation to the game tree's final `)`: parse `(;` +
    /// text.
    Rest(&'a str),
}

/// Cut `text` (one game tree as the scanner hands it over), or `None` to parse it whole.
/// `short` holds the runs of short nodes the scanner found in it (see [`ShortRuns`]):
/// each is taken whole where a node of the main line starts one, instead of being read
/// again node by node; with no runs, every node is read here.
pub(crate) fn split<'a>(text: &'a str, short: &ShortRuns) -> Option<Split<'a>> {
    let b = text.as_bytes();
    let mut i = skip_ws(b, 0);
    if b.get(i) != Some(&b'(') {
        return None;
    }
    i = skip_ws(b, i + 1);
    if b.get(i) != Some(&b';') {
        return None;
    }
    let root_properties;
    (root_properties, i) = match node(text, i) {
        Some((properties, end)) if matches!(b.get(end), Some(b';' | b'(' | b')')) => {
            (go_root(properties), end)
        }
        // Identifiers run up to `[`, values to an unescaped `]`.
        _ => (None, node_end(b, i + 1)?),
    };
    let root = &text[..i];
    // A plain node takes at least six bytes (`;B[pd]`): room for every one the text can
    // hold, so the list never grows.
    let mut moves = Vec::with_capacity(text.len() / 6);
    let mut pieces = Vec::new();
    let mut runs = short.cursor();
    loop {
        // Here `i` is at a `;`, `(` or `)` on the main line.
        let first = moves.len();
        if run_length(b, i, &mut runs) >= MIN_RUN {
            let mut first = first;
            loop {
                // A run the scanner found holds nodes `plain_node` reads the short way;
                // it ends where `plain_node` would go on reading.
                if let Some(run) = runs.at(i) {
                    if first < moves.len() {
                        pieces.push(Piece::Moves(first..moves.len()));
                    }
                    pieces.push(Piece::Short(text.get(i..run.end)?, run.count));
                    first = moves.len();
                    i = run.end;
                    continue;
                }
                let Some((plain, end)) = plain_node(b, i) else {
                    break;
                };
                moves.push(plain);
                i = end;
            }
            if first < moves.len() {
                pieces.push(Piece::Moves(first..moves.len()));
            }
        }
        if text[i..].trim_ascii() == ")" {
            break;
        }
        // Other nodes, up to the next long run, a variation or the end of the tree.
        let from = i;
        while b.get(i) == Some(&b';') && (i == from || run_length(b, i, &mut runs) < MIN_RUN) {
            i = node_end(b, i + 1)?;
        }
        match b.get(i)? {
            b';' => pieces.push(Piece::Nodes(&text[from..i])),
            b')' if text[i..].trim_ascii() == ")" => {
                pieces.push(Piece::Nodes(&text[from..i]));
                break;
            }
            _ => {
                pieces.push(Piece::Rest(&text[from..]));
                break;
            }
        }
    }
    Some(Split {
        root,
        root_properties,
        moves,
        pieces,
    })
}

/// A node's properties as sgf-parse's lexer reads them: each identifier (one of [`READ`],
/// or `GM`) with its values, in order.
pub(crate) type Properties<'a> = Vec<(&'static str, Values<'a>)>;

/// The values of one property, unescaped, borrowed from the text where they hold no
/// escape. Nearly every property kept has one value, which then takes no list of its own.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Values<'a> {
    first: Cow<'a, str>,
    /// The values after the first (a list of points): empty, so not allocated, for most.
    rest: Vec<Cow<'a, str>>,
}

impl<'a> Values<'a> {
    /// The only value, when there is one and no other.
    pub(crate) fn single(&self) -> Option<&str> {
        self.rest.is_empty().then_some(&*self.first)
    }

    /// The only value, when there is one and no other; else every value, in order.
    pub(crate) fn one_or_all(self) -> Result<Cow<'a, str>, Vec<Cow<'a, str>>> {
        if self.rest.is_empty() {
            Ok(self.first)
        } else {
            Err(self.all().collect())
        }
    }

    /// Every value, in order.
    pub(crate) fn all(self) -> impl Iterator<Item = Cow<'a, str>> {
        std::iter::once(self.first).chain(self.rest)
    }

    /// Every value, in order, borrowed.
    pub(crate) fn iter(&self) -> impl Iterator<Item = &str> {
        std::iter::once(&*self.first).chain(self.rest.iter().map(|value| &**value))
    }
}

/// The properties of a root node, when its `GM` leaves it a game of Go as sgf-parse reads
/// it: none, or a single `GM[1]`.
fn go_root(root: Properties<'_>) -> Option<Properties<'_>> {
    let mut game_types = root.iter().filter(|(identifier, _)| *identifier == "GM");
    match (game_types.next(), game_types.next()) {
        (None, _) => Some(root),
        (Some((_, values)), None) if values.single() == Some("1") => Some(root),
        _ => None,
    }
}

/// The nodes of `text` from `i` to its end, each `;` and its properties, as sgf-parse's
/// lexer reads them, less the properties the record is not read from (only
/// [`READ`] and `GM` are kept: sgf-parse need not read a comment or a game name that goref then
/// throws away). `None` for anything the lexer would read differently or reject: a
/// variation or the end of one, an identifier that is not all capital letters (it converts
/// or rejects those), a text that ends inside a value.
pub(crate) fn nodes(text: &str, mut i: usize) -> Option<Vec<Properties<'_>>> {
    let mut nodes = Vec::new();
    while i < text.len() {
        let (properties, end) = node(text, i)?;
        nodes.push(properties);
        i = end;
    }
    Some(nodes)
}

/// The node whose `;` is at `i`, read as [`nodes`] reads each: its properties, and the
/// index past them and the white space after them.
fn node(text: &str, mut i: usize) -> Option<(Properties<'_>, usize)> {
    let b = text.as_bytes();
    if b.get(i) != Some(&b';') {
        return None;
    }
    i = skip_ws(b, i + 1);
    // A root holds a dozen or so properties: one allocation, not four growths.
    let mut properties = Vec::with_capacity(16);
    while b.get(i).is_some_and(u8::is_ascii_uppercase) {
        let start = i;
        while b.get(i).is_some_and(u8::is_ascii_uppercase) {
            i += 1;
        }
        if b.get(i) != Some(&b'[') {
            return None;
        }
        let kept = loader_reads(&b[start..i]);
        let first_end = value_end(b, i + 1)?;
        let first = i + 1..first_end;
        i = skip_ws(b, first_end + 1);
        let mut rest = Vec::new();
        while b.get(i) == Some(&b'[') {
            let end = value_end(b, i + 1)?;
            if kept.is_some() {
                rest.push(unescape(&text[i + 1..end]));
            }
            i = skip_ws(b, end + 1);
        }
        if let Some(identifier) = kept {
            let first = unescape(&text[first]);
            properties.push((identifier, Values { first, rest }));
        }
    }
    Some((properties, i))
}

/// The identifier of a property the loader needs, when `identifier` is one: one the
/// record is read from ([`READ`]), or `GM`, which decides whether the tree is a game of
/// Go at all.
fn loader_reads(identifier: &[u8]) -> Option<&'static str> {
    // A `match` on the bytes, not a search of `READ`: one test of the length and a few of
    // the letters, for every property of every node read here.
    // `loader_reads_is_read_or_gm` holds this list to `READ`.
    Some(match identifier {
        b"GM" => "GM",
        b"B" => "B",
        b"W" => "W",
        b"AB" => "AB",
        b"AW" => "AW",
        b"AE" => "AE",
        b"PL" => "PL",
        b"BL" => "BL",
        b"WL" => "WL",
        b"TB" => "TB",
        b"TW" => "TW",
        b"SZ" => "SZ",
        b"KM" => "KM",
        b"HA" => "HA",
        b"TM" => "TM",
        b"RU" => "RU",
        b"PC" => "PC",
        b"PB" => "PB",
        b"PW" => "PW",
        b"RE" => "RE",
        b"OT" => "OT",
        b"KO" => "KO",
        b"BR" => "BR",
        b"WR" => "WR",
        b"DT" => "DT",
        _ => return None,
    })
}

/// A value as sgf-parse's lexer reads it: a backslash escapes the character after it and
/// is itself dropped. Borrowed when there is no backslash.
#[inline]
fn unescape(raw: &str) -> Cow<'_, str> {
    // A loop, not `contains` (`memchr`): the values kept are a few bytes.
    if !raw.bytes().any(|c| c == b'\\') {
        return Cow::Borrowed(raw);
    }
    let mut out = String::with_capacity(raw.len());
    let mut escaped = false;
    for c in raw.chars() {
        if c == '\\' && !escaped {
            escaped = true;
        } else {
            escaped = false;
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// Where the node whose properties start at `i` (just past its `;`) ends: the next `;`,
/// `(` or `)` outside a value. `None` when the text ends first.
fn node_end(b: &[u8], mut i: usize) -> Option<usize> {
    loop {
        i = skip_ws(b, i);
        match b.get(i)? {
            b';' | b'(' | b')' => return Some(i),
            b'[' => i = value_end(b, i + 1)? + 1,
            _ => i += 1,
        }
    }
}

/// How many plain move nodes follow one another from `i`, counted up to [`MIN_RUN`].
/// `runs` are the scanner's, asked at positions that never decrease.
fn run_length(b: &[u8], mut i: usize, runs: &mut Cursor<'_>) -> usize {
    // A run the scanner kept holds at least `MIN_RUN` short nodes, each a plain node.
    if runs.at(i).is_some() {
        return MIN_RUN;
    }
    let mut n = 0;
    while n < MIN_RUN
        && let Some((_, end)) = plain_node(b, i)
    {
        n += 1;
        i = end;
    }
    n
}

/// The plain move node starting at `i` (its `;`): what it says, and where the next node
/// starts. `None` unless the node is `;B[xy]` or `;W[]` (whitespace allowed where
/// sgf-parse skips it), then only properties [`after_move_property`] takes, then a node, a
/// variation or the end of one.
///
/// Nearly every node is `;B[pd]` with nothing inside it and only white space after it:
/// that node is read here in one comparison of six bytes, inlined into the loops over
/// runs; any other goes to [`any_plain_node`], which reads this one to the same result
/// (`a_plain_node_is_read_alike_the_short_and_the_long_way` holds the two equal).
#[inline(always)]
fn plain_node(b: &[u8], i: usize) -> Option<(PlainMove, usize)> {
    if let Some(
        &[
            b';',
            c @ (b'B' | b'W'),
            b'[',
            x @ b'a'..=b'z',
            y @ b'a'..=b'z',
            b']',
        ],
    ) = b.get(i..i + 6)
    {
        let next = skip_ws(b, i + 6);
        if let Some(b';' | b'(' | b')') = b.get(next) {
            let color = if c == b'B' {
                Color::Black
            } else {
                Color::White
            };
            let point = SgfPoint {
                x: x - b'a',
                y: y - b'a',
            };
            let plain = PlainMove {
                color,
                m: SgfMove::Move(point),
                time_left: None,
            };
            return Some((plain, next));
        }
    }
    any_plain_node(b, i)
}

/// The moves of a run of short nodes the scanner found ([`Piece::Short`]): `text` from
/// the first node's `;`, `count` nodes. The scanner checked each node (`;`, `B` or `W`, two
/// lower-case letters in brackets, white space, the next `;`), so the mover and the
/// point's letters are read from their places, and only the white space between nodes is
/// skipped: each move is what [`plain_node`] reads of its node.
pub(crate) fn short_moves(text: &str, count: usize) -> impl Iterator<Item = (Color, SgfPoint)> {
    let b = text.as_bytes();
    let mut i = 0;
    // One move a node, however the text looks, so that the count is known in advance;
    // `read_alike_with_and_without_the_scanner_s_runs` holds the moves equal to
    // `plain_node`'s.
    (0..count).map(move |_| {
        let (c, x, y) = match b.get(i..i + 6) {
            Some(&[_, c, _, x, y, _]) => (c, x, y),
            _ => (b'B', b'a', b'a'),
        };
        i = skip_ws(b, i + 6);
        let color = if c == b'B' {
            Color::Black
        } else {
            Color::White
        };
        let point = SgfPoint {
            x: x.wrapping_sub(b'a'),
            y: y.wrapping_sub(b'a'),
        };
        (color, point)
    })
}

/// [`plain_node`] for every node, the commonest one included.
#[inline(never)]
fn any_plain_node(b: &[u8], i: usize) -> Option<(PlainMove, usize)> {
    if b.get(i) != Some(&b';') {
        return None;
    }
    let at = skip_ws(b, i + 1);
    let (c, m, close) = match *b.get(at..)? {
        [c, b'[', x @ b'a'..=b'z', y @ b'a'..=b'z', b']', ..] => {
            let point = SgfPoint {
                x: x - b'a',
                y: y - b'a',
            };
            (c, SgfMove::Move(point), at + 4)
        }
        [c, b'[', b']', ..] => (c, SgfMove::Pass, at + 2),
        _ => return None,
    };
    let color = match c {
        b'B' => Color::Black,
        b'W' => Color::White,
        _ => return None,
    };
    let plain = PlainMove {
        color,
        m,
        time_left: None,
    };
    let next = skip_ws(b, close + 1);
    match b.get(next)? {
        b';' | b'(' | b')' => Some((plain, next)),
        _ => after_move(b, next, plain),
    }
}

/// The rest of a plain node whose move ends just before `i`: only properties
/// [`after_move_property`] takes, up to the next node, variation or end of one.
#[inline(never)]
fn after_move(b: &[u8], mut i: usize, mut plain: PlainMove) -> Option<(PlainMove, usize)> {
    loop {
        match b.get(i)? {
            b';' | b'(' | b')' => return Some((plain, i)),
            c if c.is_ascii_uppercase() => i = after_move_property(b, i, &mut plain)?,
            _ => return None,
        }
    }
}

/// A property after the move of a plain node, at `i`: a `BL` or `WL` whose value sgf-parse
/// reads as a finite number (the mover's is kept; a second value is turned away by the
/// caller), or a property the record is not read from (skipped). The index past it and the
/// white space after it; `None` for any other property, which the record reads.
fn after_move_property(b: &[u8], i: usize, plain: &mut PlainMove) -> Option<usize> {
    let mut open = i;
    while b.get(open).is_some_and(u8::is_ascii_uppercase) {
        open += 1;
    }
    if b.get(open) != Some(&b'[') {
        return None;
    }
    let identifier = b.get(i..open)?;
    let close = value_end(b, open + 1)?;
    let mut next = skip_ws(b, close + 1);
    match identifier {
        b"BL" | b"WL" => {
            // sgf-parse reads one value with `str::parse` (escapes, which its lexer drops,
            // make this fail: the node is then read the long way).
            let raw = std::str::from_utf8(b.get(open + 1..close)?).ok()?;
            let seconds = raw.parse::<f64>().ok().filter(|t| t.is_finite())?;
            let mover = match plain.color {
                Color::Black => b"BL",
                Color::White => b"WL",
            };
            if identifier == mover {
                plain.time_left = Some(seconds);
            }
        }
        _ if loader_reads(identifier).is_some() => {
            return None;
        }
        _ => {
            while b.get(next) == Some(&b'[') {
                next = skip_ws(b, value_end(b, next + 1)? + 1);
            }
        }
    }
    Some(next)
}

fn skip_ws(b: &[u8], mut i: usize) -> usize {
    while b.get(i).is_some_and(u8::is_ascii_whitespace) {
        i += 1;
    }
    i
}

#[cfg(test)]
#[path = "plain_tests.rs"]
mod tests;
