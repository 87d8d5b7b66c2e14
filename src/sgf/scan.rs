//! Splitting a decoded file into game trees, with the repairs sgf-parse needs.
//!
//! The scanner reads SGF's lexical structure the way sgf-parse's lexer does (values are
//! `[...]` with `\` escapes, identifiers run up to `[`), but more strictly: an identifier is
//! letters only and must be followed by a value. It finds each game tree of a collection
//! so one broken game does not take the others with it, and it hands sgf-parse a text that
//! the strict parser accepts:
//!
//! - all-lower-case identifiers (`sz[9]`) are upper-cased (sgf-parse drops lower-case
//!   letters and would keep an empty identifier);
//! - a game tree or variation with no `;` before its first property gets one;
//! - a game tree left open at the end of the file is closed;
//! - a second `GM` in the root (which sgf-parse rejects) is dropped, and `GM[ 1]` is
//!   written `GM[1]`;
//! - at the first real malformation (junk between properties, an unterminated value, a
//!   property after a closed variation, a variation with no node) the text is cut and the
//!   open trees are closed, so the game keeps every node before that point.
//!
//! Nesting depth is a counter, never recursion. Garbage between game trees (mail headers,
//! stray `)`) is skipped.
//!
//! The [`Limits`] are enforced here, before sgf-parse allocates anything: a game past the
//! node or nesting bound, or with an over-long value of a property goref reads, is handed
//! over as an [`Exceeded`] bound and its text is skipped; an over-long value of a property
//! goref does not read (a comment) is dropped with a note; a file past the game bound
//! stops the split.

use std::borrow::Cow;

use super::{Limits, LoadError};
use crate::words::plural;

/// Properties whose values change what goref judges: an over-long value of one of these
/// fails the game instead of being dropped.
/// Player names (`PB`, `PW`) and `OT` are only shown, never judged: they may be dropped.
const READ_PROPERTIES: [&str; 18] = [
    "B", "W", "AB", "AW", "AE", "PL", "BL", "WL", "TB", "TW", "SZ", "KM", "HA", "TM", "RU", "RE",
    "GM", "KO",
];

/// A bound of [`Limits`] that a game went past.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Exceeded {
    Nodes,
    Depth,
    /// The value of `property` at `line`/`column` is `bytes` long.
    Value {
        property: String,
        line: usize,
        column: usize,
        bytes: usize,
    },
}

/// One game tree of the file, ready for sgf-parse.
pub(crate) struct GameText<'a> {
    /// The game tree as written when it needed no repair, else a repaired copy.
    pub text: Cow<'a, str>,
    /// The root's `GM` value as written, if any.
    pub gm: Option<String>,
    /// Lossless repairs applied to the text.
    pub repairs: Vec<String>,
    /// Where the record stopped being SGF, when it did.
    pub cut: Option<Cut>,
    /// The bound the game went past; its text is then an empty root.
    pub exceeded: Option<Exceeded>,
    /// Over-long values dropped from properties goref does not read, one sentence each.
    pub dropped: Vec<String>,
    /// Nodes written after the game's closing `)` that belong to no game, as a sentence.
    pub stray: Option<String>,
    /// Some node before the end (or the cut) holds a property: without one, a `(;` is
    /// no game (an empty `(;)`, or one that lies in other text by chance).
    pub has_property: bool,
    /// The long runs of short nodes (`;B[pd]`) in `text`, found as it was scanned; none
    /// when `text` is not the game as written (a repaired copy, or the empty root of a
    /// game past a bound).
    pub short: ShortRuns,
}

/// The point where reading of a game stopped.
pub(crate) struct Cut {
    pub line: usize,
    pub column: usize,
    pub problem: Problem,
    /// The cut lies in the main line: no `)` came before it, and the first `)` of a game
    /// tree ends its main line (every variation after it is another line).
    pub in_main_line: bool,
}

/// What made the scanner stop.
pub(crate) enum Problem {
    /// A value opened with `[` and never closed.
    UnterminatedValue(String),
    /// An identifier with no `[value]` after it.
    NoValue(String),
    /// A character that cannot appear between properties.
    Unexpected(char),
    /// A property after a `)`, where a node (`;`) or another variation must come.
    PropertyAfterVariation(String),
    /// A `(` directly inside a `(`: a variation with no node.
    EmptyVariation,
}

impl Cut {
    /// A sentence saying where and why reading stopped, and how to fix it.
    pub fn describe(&self) -> String {
        let at = format!("line {}, column {}", self.line, self.column);
        match &self.problem {
            Problem::UnterminatedValue(id) => format!(
                "the value of `{id}` at {at} is never closed with `]` (the file may be cut \
                 short, or a `\\` before the `]` escapes it)"
            ),
            Problem::NoValue(id) => {
                format!("property `{id}` at {at} has no `[value]`")
            }
            Problem::Unexpected(c) => format!(
                "unexpected `{}` at {at} (text outside `[...]`; an unescaped `]` inside a \
                 value causes this: write it as `\\]`)",
                c.escape_debug()
            ),
            Problem::PropertyAfterVariation(id) => format!(
                "property `{id}` at {at} follows a closed variation `)` instead of a node `;`"
            ),
            Problem::EmptyVariation => {
                format!("the variation at {at} holds another `(` before any node `;`")
            }
        }
    }
}

/// Every game tree of `text`, in file order; an error past `limits.max_games`.
pub(crate) fn split<'a>(text: &'a str, limits: &Limits) -> Result<Vec<GameText<'a>>, LoadError> {
    let mut lines = LineCursor::default();
    let mut games = Vec::new();
    let mut from = 0;
    while let Some(start) = find_game_start(text.as_bytes(), from) {
        if let Some(last) = games.last_mut() {
            note_stray_nodes(text, from, start, &mut lines, last);
        }
        if games.len() == limits.max_games {
            return Err(LoadError::TooManyGames {
                limit: limits.max_games,
            });
        }
        let (game, end) = scan_game(text, start, &mut lines, limits);
        games.push(game);
        // `end` is past the `(` at `start`, so the loop always advances.
        from = end.max(start + 1);
    }
    if let Some(last) = games.last_mut() {
        note_stray_nodes(text, from, text.len(), &mut lines, last);
    }
    Ok(games)
}

/// Text between games is skipped (mail headers, stray `)`), but nodes there (`;B[pq]`)
/// are usually the rest of the game before, cut off by an extra `)`: say so, so that no
/// move is lost in silence.
fn note_stray_nodes(
    text: &str,
    from: usize,
    to: usize,
    lines: &mut LineCursor,
    game: &mut GameText<'_>,
) {
    let b = text.as_bytes();
    let gap = b.get(from..to).unwrap_or_default();
    let node = gap.iter().enumerate().find_map(|(k, &c)| {
        if c != b';' {
            return None;
        }
        let at = from + k;
        let id = skip_ws(b, at + 1);
        let n = letters(b, id);
        let opens = n > 0
            && b.get(id).is_some_and(u8::is_ascii_uppercase)
            && b.get(skip_ws(b, id + n)) == Some(&b'[');
        opens.then_some(at)
    });
    if let Some(at) = node {
        let (line, column) = lines.locate(text, at);
        game.stray = Some(format!(
            "the text after the game at line {line}, column {column} holds nodes that belong \
             to no game: they were not read (an extra `)` may close the game too early; \
             remove it to read them)"
        ));
    }
}

/// The `(` of the next game tree at or after `from`: a `(` followed by `;`, or by an
/// upper-case identifier and its `[` (a root written without `;`). An outer `(` that
/// only wraps another `(` is skipped.
pub(crate) fn find_game_start(b: &[u8], mut from: usize) -> Option<usize> {
    loop {
        let open = from + b.get(from..)?.iter().position(|&c| c == b'(')?;
        let next = skip_ws(b, open + 1);
        match b.get(next) {
            Some(b';') => return Some(open),
            Some(b'(') => from = next,
            Some(c) if c.is_ascii_uppercase() => {
                let after = next + letters(b, next);
                if b.get(skip_ws(b, after)) == Some(&b'[') {
                    return Some(open);
                }
                from = open + 1;
            }
            _ => from = open + 1,
        }
    }
}

pub(super) fn skip_ws(b: &[u8], mut i: usize) -> usize {
    while b.get(i).is_some_and(u8::is_ascii_whitespace) {
        i += 1;
    }
    i
}

pub(super) fn letters(b: &[u8], from: usize) -> usize {
    let mut i = from;
    while b.get(i).is_some_and(u8::is_ascii_alphabetic) {
        i += 1;
    }
    i - from
}

/// The index of the `]` closing a value whose text starts at `from`.
pub(super) fn value_end(b: &[u8], mut i: usize) -> Option<usize> {
    // A byte loop: most values are a few bytes (points, numbers, names), where `memchr2`
    // cost more to set up than it saved on the long comments (measured).
    loop {
        match *b.get(i)? {
            b']' => return Some(i),
            // A backslash escapes the next byte; a multi-byte character's other bytes are
            // never `]` or `\`, so skipping one byte is enough.
            b'\\' => i += 2,
            _ => i += 1,
        }
    }
}

/// Whether the text at `i` is a short node (`;B[pd]`: `B` or `W`, two lower-case letters)
/// followed at once by the next node's `;` and at least one more byte: the commonest bytes
/// of a record (the last nodes of a text are left to the general path).
/// [`GameScanner::plain_move`] takes such a node with its letters, to `i + 6`, within a
/// value limit of two bytes or more; this checks it faster, the `;`, `[`, `]` and `;` by
/// one mask over the eight bytes read as one number (the first byte lowest).
/// `packed_short_nodes_are_plain_moves` holds the two alike.
#[inline(always)]
fn packed_short_node(b: &[u8], i: usize) -> bool {
    let Some(&eight) = b.get(i..).and_then(|rest| rest.first_chunk::<8>()) else {
        return false;
    };
    // Bytes 0, 2, 5 and 6: `;`, `[`, `]`, `;`.
    const MARKS: u64 = 0x00FF_FF00_00FF_00FF;
    const SHORT: u64 = 0x003B_5D00_005B_003B;
    if u64::from_le_bytes(eight) & MARKS != SHORT {
        return false;
    }
    let [_, c, _, x, y, ..] = eight;
    matches!(c, b'B' | b'W') && x.is_ascii_lowercase() && y.is_ascii_lowercase()
}

/// How many nodes from `i` on, at most `room`, are [`packed_short_node`]s one after the
/// other (six bytes each). A function of its own, so that its loop keeps its few values in
/// registers (inlined into the scanner's loop, it took three times the instructions).
#[inline(never)]
fn packed_short_nodes(b: &[u8], mut i: usize, room: usize) -> usize {
    let mut n = 0;
    while n < room && packed_short_node(b, i) {
        n += 1;
        i += 6;
    }
    n
}

/// Fewer plain move nodes in a row than this are not worth a piece of their own in
/// `plain::split`, nor a run of [`ShortRuns`].
pub(crate) const MIN_RUN: usize = 8;

/// The runs of short nodes of one game (`;B[pd]` followed by white space and the next
/// node's `;`: what `plain::plain_node` reads in one comparison), found by the scanner as it
/// reads the file, so that `plain::split` need not check them a second time. Only runs of at least [`MIN_RUN`]
/// nodes are kept (shorter ones are read node by node where `plain::split` needs them): at most
/// 24 bytes for every 48 bytes of text.
#[derive(Debug, Default)]
pub(crate) struct ShortRuns {
    /// Where the game text starts in the text the scanner reads: the positions below count
    /// from there.
    base: usize,
    runs: Vec<ShortRun>,
}

/// Consecutive short nodes: the `;` of the first, the `;` of the node after the last, and
/// how many.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct ShortRun {
    pub start: usize,
    pub end: usize,
    pub count: usize,
}

impl ShortRuns {
    /// No runs yet, for a game text that starts at `base` of the text the scanner reads.
    pub(super) fn starting_at(base: usize) -> ShortRuns {
        ShortRuns {
            base,
            runs: Vec::new(),
        }
    }

    /// Note `count` short nodes in a row, the first `;` at `start` (of the scanner's text),
    /// the next node's `;` at `end`: kept when they are at least [`MIN_RUN`]. Runs come in
    /// the order of the text.
    pub(super) fn add(&mut self, start: usize, end: usize, count: usize) {
        if count >= MIN_RUN {
            self.runs.push(ShortRun { start, end, count });
        }
    }

    pub(super) fn cursor(&self) -> Cursor<'_> {
        Cursor {
            short: self,
            next: 0,
        }
    }
}

/// The runs of [`ShortRuns`] looked up by position, in increasing order.
pub(super) struct Cursor<'r> {
    short: &'r ShortRuns,
    /// The first run not yet passed.
    next: usize,
}

impl Cursor<'_> {
    /// The run whose first `;` is at `i` of the game text, if there is one, its positions
    /// in the game text. Positions asked never decrease, so the runs before `i` are passed
    /// for good.
    pub(super) fn at(&mut self, i: usize) -> Option<ShortRun> {
        let short = self.short;
        let at = short.base + i;
        while short.runs.get(self.next).is_some_and(|run| run.start < at) {
            self.next += 1;
        }
        let run = short.runs.get(self.next).filter(|run| run.start == at)?;
        Some(ShortRun {
            start: i,
            end: run.end - short.base,
            count: run.count,
        })
    }
}

/// The last token seen, which decides what may come next.
#[derive(Clone, Copy, PartialEq)]
enum Prev {
    Open,
    Close,
    Node,
    Value,
}

/// How the scan of a game tree ended.
enum End {
    /// The closing `)`, or the end of the text.
    Done,
    /// At a malformation: the text is cut at `at` and `close` open trees are closed;
    /// the end of the game is looked for from `resume`.
    Cut {
        at: usize,
        close: usize,
        resume: usize,
        problem: Problem,
    },
    /// Past a bound of [`Limits`]: the game is handed over empty; the end is looked for
    /// from `resume`.
    Exceeded { bound: Exceeded, resume: usize },
}

/// The values of a property as the lexer found them.
struct Values {
    /// Start of the first value's text, end of the last's, and how many there are.
    first: usize,
    last_end: usize,
    count: usize,
    /// The longest value, in bytes as written.
    longest: usize,
    /// Just past the last `]` and the white space after it.
    next: usize,
}

/// The state of the scan of one game tree: the lexer's position, the repairs made so
/// far and the counts the limits bound. [`GameScanner::scan`] reads the tokens (nesting
/// and nodes against the limits); [`GameScanner::property`] lexes a property, checks its
/// values against the limit and applies the repairs; [`GameScanner::finish`] hands the
/// game over, cut where reading stopped.
struct GameScanner<'t, 'l> {
    text: &'t str,
    b: &'t [u8],
    lines: &'l mut LineCursor,
    limits: &'l Limits,
    out: Out<'t>,
    repairs: Vec<String>,
    dropped: Vec<String>,
    gm: Option<String>,
    depth: usize,
    prev: Prev,
    last_open: usize,
    nodes: usize,
    i: usize,
    upper_cased: bool,
    semicolon_added: bool,
    /// A `)` was read: the main line is over.
    closed: bool,
    /// A property was read.
    has_property: bool,
    short: ShortRuns,
}

/// Scan the game tree whose `(` is at `start`; return it and the index just past it.
fn scan_game<'a>(
    text: &'a str,
    start: usize,
    lines: &mut LineCursor,
    limits: &Limits,
) -> (GameText<'a>, usize) {
    let mut scanner = GameScanner {
        text,
        b: text.as_bytes(),
        lines,
        limits,
        out: Out::new(text, start),
        repairs: Vec::new(),
        dropped: Vec::new(),
        gm: None,
        depth: 1,
        prev: Prev::Open,
        last_open: start,
        nodes: 0,
        i: start + 1,
        upper_cased: false,
        semicolon_added: false,
        closed: false,
        has_property: false,
        short: ShortRuns::starting_at(start),
    };
    let end = scanner.scan();
    scanner.finish(end)
}

impl<'t> GameScanner<'t, '_> {
    /// Read tokens until the game tree closes, the text ends, or reading must stop.
    fn scan(&mut self) -> End {
        let b = self.b;
        let mut i = self.i;
        // Values of two bytes are within the limit: `plain_move` takes short nodes.
        let short_values = self.limits.max_value_bytes >= 2;
        loop {
            i = skip_ws(b, i);
            let Some(&c) = b.get(i) else {
                self.i = i;
                return End::Done;
            };
            match c {
                b'(' => {
                    if self.prev == Prev::Open {
                        // `prev` is `Open`, so `depth` counts that `(`: it is at least 1.
                        return End::Cut {
                            at: self.last_open,
                            close: self.depth - 1,
                            resume: i,
                            problem: Problem::EmptyVariation,
                        };
                    }
                    self.last_open = i;
                    self.depth += 1;
                    self.prev = Prev::Open;
                    i += 1;
                    if self.depth > self.limits.max_depth {
                        let bound = Exceeded::Depth;
                        return End::Exceeded { bound, resume: i };
                    }
                }
                b')' => {
                    self.closed = true;
                    // The scan ends as soon as `depth` reaches 0, so it is at least 1 here.
                    self.depth -= 1;
                    self.prev = Prev::Close;
                    i += 1;
                    if self.depth == 0 {
                        self.i = i;
                        return End::Done;
                    }
                }
                b';' => {
                    // A run of plain move nodes (`;B[pd];W[dp]...`) is read here, node
                    // after node, without going back to the top of the loop: what it
                    // would do with each `;` is what this does.
                    let mut nodes = self.nodes;
                    // The short nodes read in a row, for `plain::split`: the first one's
                    // `;`, the next node's `;` after the last, and how many.
                    let (mut run_start, mut run_end, mut run) = (i, i, 0);
                    loop {
                        // Here `i` is at a `;`. Short nodes followed at once by the next
                        // node's `;` (`;B[pd];`) are taken by `packed_short_nodes`: the
                        // lines below would do the same with each, within the node bound.
                        if short_values {
                            let room = self.limits.max_nodes.saturating_sub(nodes);
                            let packed = packed_short_nodes(b, i, room);
                            if packed > 0 {
                                nodes += packed;
                                if run == 0 {
                                    run_start = i;
                                }
                                run += packed;
                                i += 6 * packed;
                                run_end = i;
                                self.has_property = true;
                            }
                        }
                        nodes += 1;
                        i += 1;
                        if nodes > self.limits.max_nodes {
                            self.nodes = nodes;
                            self.prev = Prev::Node;
                            let bound = Exceeded::Nodes;
                            return End::Exceeded { bound, resume: i };
                        }
                        let Some((next, letters)) = self.plain_move(i) else {
                            self.prev = Prev::Node;
                            break;
                        };
                        self.has_property = true;
                        let at = i - 1;
                        i = next;
                        // `plain_move` skipped the white space after the move.
                        if b.get(i) != Some(&b';') {
                            self.prev = Prev::Value;
                            break;
                        }
                        // `;B[pd]`, white space and the next node: a short node.
                        if letters {
                            if run == 0 {
                                run_start = at;
                            }
                            run_end = i;
                            run += 1;
                        } else if run > 0 {
                            self.short.add(run_start, run_end, run);
                            run = 0;
                        }
                    }
                    if run > 0 {
                        self.short.add(run_start, run_end, run);
                    }
                    self.nodes = nodes;
                }
                c if c.is_ascii_alphabetic() => {
                    self.i = i;
                    if let Some(end) = self.property() {
                        return end;
                    }
                    i = self.i;
                }
                _ => {
                    let junk = self
                        .text
                        .get(i..)
                        .and_then(|s| s.chars().next())
                        .unwrap_or('?');
                    return End::Cut {
                        at: i,
                        close: self.depth,
                        resume: i + 1,
                        problem: Problem::Unexpected(junk),
                    };
                }
            }
        }
    }

    /// Most nodes are a move and nothing else (`;B[pd]`): when the text at `i`, just past a
    /// `;`, starts with such a property, the index past it and the white space after it,
    /// and whether its value is two lower-case letters. A move property within the value
    /// limit needs nothing [`GameScanner::property`] does (its repairs are for the `;` that
    /// is there, lower case and `GM`); `None` hands anything else to it.
    fn plain_move(&self, i: usize) -> Option<(usize, bool)> {
        let [b'B' | b'W', b'[', x, y, b']'] = *self.b.get(i..i + 5)? else {
            return None;
        };
        let plain = |c| c != b']' && c != b'\\';
        if !plain(x) || !plain(y) || self.limits.max_value_bytes < 2 {
            return None;
        }
        let next = skip_ws(self.b, i + 5);
        // A second value (`B[pd][qd]`) is the property's to judge.
        let letters = x.is_ascii_lowercase() && y.is_ascii_lowercase();
        (self.b.get(next) != Some(&b'[')).then_some((next, letters))
    }

    /// An identifier and its values: cut where it is malformed, dropped or refused when
    /// a value is past the limit, else repaired as sgf-parse needs.
    fn property(&mut self) -> Option<End> {
        let b = self.b;
        let id_start = self.i;
        let id_end = id_start + letters(b, id_start);
        let raw_id = self.text.get(id_start..id_end).unwrap_or_default();
        let cut = |resume: usize, problem: Problem| End::Cut {
            at: id_start,
            close: self.depth,
            resume,
            problem,
        };
        let mut j = skip_ws(b, id_end);
        if b.get(j) != Some(&b'[') {
            return Some(cut(id_end, Problem::NoValue(raw_id.to_string())));
        }
        if self.prev == Prev::Close {
            let problem = Problem::PropertyAfterVariation(raw_id.to_string());
            return Some(cut(id_end, problem));
        }
        self.has_property = true;
        let (first, mut last_end, mut count, mut longest) = (j + 1, j + 1, 0, 0);
        while b.get(j) == Some(&b'[') {
            let Some(end) = value_end(b, j + 1) else {
                let problem = Problem::UnterminatedValue(raw_id.to_string());
                return Some(cut(b.len(), problem));
            };
            longest = longest.max(end - (j + 1));
            last_end = end;
            count += 1;
            j = skip_ws(b, end + 1);
        }
        let values = Values {
            first,
            last_end,
            count,
            longest,
            next: j,
        };
        if longest > self.limits.max_value_bytes {
            return self.long_value(id_start, raw_id, &values);
        }
        self.repair(id_start, id_end, raw_id, &values);
        self.prev = Prev::Value;
        self.i = j;
        None
    }

    /// A value past [`Limits::max_value_bytes`]: the game is refused when goref reads the
    /// property; otherwise the property is dropped with a note and the game goes on.
    fn long_value(&mut self, id_start: usize, raw_id: &str, values: &Values) -> Option<End> {
        let (line, column) = self.lines.locate(self.text, id_start);
        let property = canonical_id(raw_id);
        if READ_PROPERTIES.contains(&property.as_ref()) {
            let bound = Exceeded::Value {
                property: property.into_owned(),
                line,
                column,
                bytes: values.longest,
            };
            return Some(End::Exceeded {
                bound,
                resume: values.next,
            });
        }
        // A node left empty is still a node, so a `;` the root lacked is added.
        if self.prev == Prev::Open {
            self.out.edit(id_start, id_start, ";");
            self.nodes += 1;
        }
        self.out.edit(id_start, values.next, "");
        self.dropped.push(format!(
            "the value of `{raw_id}` at line {line}, column {column} is {} bytes, above the \
             limit of {} bytes per property value: the property was dropped (goref does not \
             read it)",
            values.longest, self.limits.max_value_bytes
        ));
        self.prev = Prev::Value;
        self.i = values.next;
        None
    }

    /// The repairs a well-formed property needs: a `;` before a first property, upper
    /// case for a lower-case identifier, one `GM` in the root, `GM[ 1]` as `GM[1]`.
    fn repair(&mut self, id_start: usize, id_end: usize, raw_id: &str, values: &Values) {
        if self.prev == Prev::Open {
            self.out.edit(id_start, id_start, ";");
            self.nodes += 1;
            if !self.semicolon_added {
                self.semicolon_added = true;
                let (line, column) = self.lines.locate(self.text, id_start);
                self.repairs.push(format!(
                    "a game tree at line {line}, column {column} has no `;` before its first \
                     property: read as a node"
                ));
            }
        }
        // Only the root holds repairs for an identifier in capitals (GM), and nearly every
        // property is one: it needs no canonical form.
        let capitals = raw_id.bytes().all(|c| c.is_ascii_uppercase());
        if capitals && self.nodes != 1 {
            return;
        }
        let id = canonical_id(raw_id);
        if self.nodes == 1 && id == "GM" && self.gm.is_some() {
            // sgf-parse rejects a root with two GM; the first one counts.
            self.out.edit(id_start, values.next, "");
            self.repairs
                .push("the root holds GM more than once: the first is used".to_string());
            return;
        }
        if raw_id.bytes().all(|c| c.is_ascii_lowercase()) {
            self.out.edit(id_start, id_end, &id);
            if !self.upper_cased {
                self.upper_cased = true;
                self.repairs.push(format!(
                    "lower-case property identifiers (`{raw_id}`...) were read as upper case"
                ));
            }
        }
        if self.nodes == 1 && id == "GM" && values.count > 0 {
            // Several values read as written (`1][2`): not a game type.
            let value = self
                .text
                .get(values.first..values.last_end)
                .unwrap_or_default();
            // sgf-parse rejects `GM[ 1]` outright; the loader judges GM itself.
            if values.count == 1 && value != "1" && value.trim() == "1" {
                self.out.edit(values.first, values.last_end, "1");
            }
            self.gm = Some(value.to_string());
        }
    }

    /// The game text as the scan ended, and the index just past the game tree.
    fn finish(self, end: End) -> (GameText<'t>, usize) {
        let GameScanner {
            text,
            b,
            lines,
            out,
            mut repairs,
            dropped,
            gm,
            depth,
            nodes,
            i,
            closed,
            has_property,
            short,
            ..
        } = self;
        // The runs' positions are those of the text as written: they hold for the game
        // text handed over only when it is that text, not a copy with repairs.
        let as_written = out.buf.is_none();
        let game = |text, cut, exceeded, repairs, short| GameText {
            text,
            gm,
            repairs,
            cut,
            exceeded,
            dropped,
            stray: None,
            has_property,
            short,
        };
        match end {
            // The nodes read so far are not handed over: a game cut at a bound would be
            // judged on a part of itself.
            End::Exceeded { bound, resume } => (
                game(
                    Cow::Borrowed("(;)"),
                    None,
                    Some(bound),
                    repairs,
                    ShortRuns::default(),
                ),
                find_end(b, resume, depth),
            ),
            End::Cut {
                at,
                close,
                resume,
                problem,
            } => {
                let (line, column) = lines.locate(text, at);
                // With no node before the damage, hand over an empty root rather than
                // `()`, which the strict parser rejects.
                let (cut_text, short) = if nodes == 0 {
                    (Cow::Borrowed("(;)"), ShortRuns::default())
                } else if as_written && close == 0 {
                    (out.finish(at, close), short)
                } else {
                    (out.finish(at, close), ShortRuns::default())
                };
                let cut = Cut {
                    line,
                    column,
                    problem,
                    in_main_line: !closed,
                };
                (
                    game(cut_text, Some(cut), None, repairs, short),
                    find_end(b, resume, depth),
                )
            }
            End::Done => {
                if depth > 0 {
                    let s = plural(depth);
                    repairs.push(format!(
                        "the game tree is not closed at the end of the file: {depth} `)`{s} added"
                    ));
                }
                let short = if as_written && depth == 0 {
                    short
                } else {
                    ShortRuns::default()
                };
                (game(out.finish(i, depth), None, None, repairs, short), i)
            }
        }
    }
}

/// The identifier as sgf-parse reads it: `sz` is `SZ`, and the lower-case letters of
/// FF[1]/FF[3] long names are dropped (`GaMe` is `GM`).
pub(super) fn canonical_id(raw: &str) -> Cow<'_, str> {
    if raw.bytes().all(|c| c.is_ascii_lowercase()) {
        Cow::Owned(raw.to_ascii_uppercase())
    } else if raw.bytes().all(|c| c.is_ascii_uppercase()) {
        Cow::Borrowed(raw)
    } else {
        Cow::Owned(raw.chars().filter(char::is_ascii_uppercase).collect())
    }
}

/// After a malformation: the index just past the `)` that closes the game tree (values
/// skipped), or the end of the text.
pub(super) fn find_end(b: &[u8], mut i: usize, mut depth: usize) -> usize {
    while let Some(&c) = b.get(i) {
        match c {
            b'[' => match value_end(b, i + 1) {
                Some(end) => i = end + 1,
                None => return b.len(),
            },
            b'(' => {
                depth += 1;
                i += 1;
            }
            b')' => {
                i += 1;
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return i;
                }
            }
            _ => i += 1,
        }
    }
    b.len()
}

/// The game text, copied only once a repair is needed.
struct Out<'a> {
    src: &'a str,
    start: usize,
    buf: Option<String>,
    copied: usize,
}

impl<'a> Out<'a> {
    fn new(src: &'a str, start: usize) -> Self {
        Out {
            src,
            start,
            buf: None,
            copied: start,
        }
    }

    /// Replace `src[from..to]` with `with`. Edits come in increasing order.
    fn edit(&mut self, from: usize, to: usize, with: &str) {
        let buf = self.buf.get_or_insert_with(|| String::with_capacity(1024));
        buf.push_str(self.src.get(self.copied..from).unwrap_or_default());
        buf.push_str(with);
        self.copied = to;
    }

    /// The text up to `end`, followed by `close` closing parentheses.
    fn finish(self, end: usize, close: usize) -> Cow<'a, str> {
        let closing = ")".repeat(close);
        match self.buf {
            None if close == 0 => Cow::Borrowed(self.src.get(self.start..end).unwrap_or_default()),
            None => {
                let mut s = self
                    .src
                    .get(self.start..end)
                    .unwrap_or_default()
                    .to_string();
                s.push_str(&closing);
                Cow::Owned(s)
            }
            Some(mut buf) => {
                buf.push_str(self.src.get(self.copied..end).unwrap_or_default());
                buf.push_str(&closing);
                Cow::Owned(buf)
            }
        }
    }
}

/// Line and column of byte offsets, computed incrementally: offsets asked for only grow
/// (games come in file order), so the whole file is counted once.
#[derive(Default)]
struct LineCursor {
    pos: usize,
    /// Lines and characters before `pos`, both from 0.
    line: usize,
    column: usize,
}

impl LineCursor {
    /// 1-based line and column (in characters) of byte offset `at`, which lies on a
    /// character boundary (the scanner only stops at ASCII bytes).
    fn locate(&mut self, text: &str, at: usize) -> (usize, usize) {
        if at < self.pos {
            *self = LineCursor::default();
        }
        for c in text.get(self.pos..at).unwrap_or_default().chars() {
            if c == '\n' {
                self.line += 1;
                self.column = 0;
            } else {
                self.column += 1;
            }
        }
        self.pos = at;
        (self.line + 1, self.column + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::{packed_short_node, packed_short_nodes};

    /// [`packed_short_node`] as its documentation says, a byte at a time.
    fn packed_short_node_bytewise(b: &[u8], i: usize) -> bool {
        i + 8 <= b.len()
            && matches!(
                b.get(i..i + 7),
                Some(&[
                    b';',
                    b'B' | b'W',
                    b'[',
                    b'a'..=b'z',
                    b'a'..=b'z',
                    b']',
                    b';'
                ])
            )
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2000))]

        /// The eight bytes read as one number say what the bytes say one at a time, at
        /// every offset of texts of short nodes, their near misses and the bytes around
        /// them, and the count of a run stops at its bound.
        #[test]
        fn packed_short_nodes_are_plain_moves(
            pieces in proptest::collection::vec(
                proptest::sample::select(vec![
                    ";B[pd]", ";W[dp]", ";B[zz]", ";W[aa]", ";B[]", ";B[pd]\n", ";W[Pd]",
                    ";X[aa]", ";B[a]", ";B[abc]", ";B{aa]", ";B[aa}", ";B[{a]", ";B[a`]",
                    ";b[aa]", ";B[aa]C[x]", "(", ")", ";", " ", "]", "[", "B", "a", "é",
                ]),
                0..16,
            ),
            room in 0usize..12,
        ) {
            let text = pieces.concat();
            let b = text.as_bytes();
            for i in 0..=b.len() + 1 {
                proptest::prop_assert_eq!(
                    packed_short_node(b, i),
                    packed_short_node_bytewise(b, i),
                    "{:?} at {}", text, i
                );
                let mut n = 0;
                while n < room && packed_short_node_bytewise(b, i + 6 * n) {
                    n += 1;
                }
                proptest::prop_assert_eq!(packed_short_nodes(b, i, room), n, "{:?} at {}", text, i);
            }
        }
    }
}
