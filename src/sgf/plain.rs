//! Runs of plain move nodes, read without building a tree.
//!
//! Most of a real record is nodes like `;B[pd]` and `;W[]`: one move property, a point of
//! two lower-case letters or nothing, and no other property. sgf-parse spends about nine
//! allocations on each (the token, the identifier, the value as `Vec<char>` and `String`,
//! the node and its property list), which made it two thirds of goref's whole run over a
//! folder of engine games. Such a node has nothing to parse but two letters, so the loader
//! cuts a game text into pieces along its main line:
//!
//! 1. the root node, parsed by sgf-parse as a game tree of its own;
//! 2. runs of at least [`MIN_RUN`] plain move nodes, read here into sgf-parse's own
//!    [`Move`] values, exactly what its parser would have made of them;
//! 3. between runs, the other nodes (a comment, a clock, setup...), parsed by sgf-parse
//!    as the children of an empty root;
//! 4. from the first variation on, everything left, parsed the same way.
//!
//! The record is then built from the pieces as if from one tree (same node numbers, same
//! main line). When anything is unusual (no `(;` start, no run of [`MIN_RUN`], a piece
//! sgf-parse rejects) the loader parses the whole game tree as before, so this is only
//! ever a shortcut: tests compare it with the whole-tree parse on every record of the
//! corpus, on generated texts, and under a differential fuzz target.

use std::ops::Range;

use sgf_parse::go::{Move as SgfMove, Point as SgfPoint};

use super::scan::value_end;
use crate::board::Color;

/// Fewer plain move nodes in a row than this are not worth a piece of their own.
pub(crate) const MIN_RUN: usize = 8;

/// A game text cut in pieces (see the module documentation).
pub(crate) struct Split<'a> {
    /// The game tree's `(`, the root node's `;` and its properties: close it with `)`.
    pub root: &'a str,
    /// Every plain move of the runs, in order.
    pub moves: Vec<(Color, SgfMove)>,
    /// What follows the root, in order.
    pub pieces: Vec<Piece<'a>>,
}

/// One piece of the main line after the root.
pub(crate) enum Piece<'a> {
    /// A run of plain moves: these of [`Split::moves`].
    Moves(Range<usize>),
    /// Nodes without variations (`;C[x]B[aa];W[bb]BL[3]`): parse `(;` + text + `)`.
    Nodes(&'a str),
    /// Everything from a node or variation to the game tree's final `)`: parse `(;` +
    /// text.
    Rest(&'a str),
}

/// Cut `text` (one game tree as the scanner hands it over), or `None` to parse it whole.
pub(crate) fn split(text: &str) -> Option<Split<'_>> {
    let b = text.as_bytes();
    let mut i = skip_ws(b, 0);
    if b.get(i) != Some(&b'(') {
        return None;
    }
    i = skip_ws(b, i + 1);
    if b.get(i) != Some(&b';') {
        return None;
    }
    // The root node's properties: identifiers run up to `[`, values to an unescaped `]`.
    i = node_end(b, i + 1)?;
    let root = &text[..i];
    let mut moves = Vec::new();
    let mut pieces = Vec::new();
    loop {
        // Here `i` is at a `;`, `(` or `)` on the main line.
        let first = moves.len();
        if run_length(b, i) >= MIN_RUN {
            while let Some((color, m, end)) = plain_node(b, i) {
                moves.push((color, m));
                i = end;
            }
            pieces.push(Piece::Moves(first..moves.len()));
        }
        if text[i..].trim_ascii() == ")" {
            break;
        }
        // Other nodes, up to the next long run, a variation or the end of the tree.
        let from = i;
        while b.get(i) == Some(&b';') && (i == from || run_length(b, i) < MIN_RUN) {
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
    if moves.is_empty() {
        return None;
    }
    Some(Split {
        root,
        moves,
        pieces,
    })
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
fn run_length(b: &[u8], mut i: usize) -> usize {
    let mut n = 0;
    while n < MIN_RUN
        && let Some((_, _, end)) = plain_node(b, i)
    {
        n += 1;
        i = end;
    }
    n
}

/// The plain move node starting at `i` (its `;`): colour, move, and where the next node
/// starts. `None` unless the node is exactly `;B[xy]` or `;W[]` (whitespace allowed where
/// sgf-parse skips it) followed by a node, a variation or the end of one.
fn plain_node(b: &[u8], i: usize) -> Option<(Color, SgfMove, usize)> {
    if b.get(i) != Some(&b';') {
        return None;
    }
    let at = skip_ws(b, i + 1);
    let color = match b.get(at)? {
        b'B' => Color::Black,
        b'W' => Color::White,
        _ => return None,
    };
    if b.get(at + 1) != Some(&b'[') {
        return None;
    }
    let (m, close) = if b.get(at + 2) == Some(&b']') {
        (SgfMove::Pass, at + 2)
    } else {
        match b.get(at + 2..at + 5)? {
            [x @ b'a'..=b'z', y @ b'a'..=b'z', b']'] => (
                SgfMove::Move(SgfPoint {
                    x: x - b'a',
                    y: y - b'a',
                }),
                at + 4,
            ),
            _ => return None,
        }
    };
    let next = skip_ws(b, close + 1);
    match b.get(next)? {
        b';' | b'(' | b')' => Some((color, m, next)),
        _ => None,
    }
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
