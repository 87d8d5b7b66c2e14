//! Runs of plain move nodes, read without building a tree.
//!
//! Most of a real record is nodes like `;B[pd]` and `;W[]`: one move property, a point of
//! two lower-case letters or nothing, and no other property. sgf-parse spends about nine
//! allocations on each (the token, the identifier, the value as `Vec<char>` and `String`,
//! the node and its property list), which made it two thirds of goref's whole run over a
//! folder of engine games. Such a node has nothing to parse but two letters, so the loader
//! cuts a game text into three parts:
//!
//! 1. the root node, parsed by sgf-parse as a game tree of its own;
//! 2. the longest run of plain move nodes after it, read here into sgf-parse's own
//!    [`Move`] values, exactly what its parser would have made of them;
//! 3. the rest (any node with anything else, and variations), parsed by sgf-parse as the
//!    children of an empty root.
//!
//! The record is then built from the three as if from one tree (same node numbers, same
//! main line). When anything is unusual (no `(;` start, a run shorter than [`MIN_RUN`],
//! a part sgf-parse rejects) the loader parses the whole game tree as before, so this is
//! only ever a shortcut: tests compare it with the whole-tree parse on every record of the
//! corpus and on generated texts.

use sgf_parse::go::{Move as SgfMove, Point as SgfPoint};

use super::scan::value_end;
use crate::board::Color;

/// Fewer plain move nodes than this are not worth a second parse.
pub(crate) const MIN_RUN: usize = 8;

/// A game text cut in three (see the module documentation).
pub(crate) struct Split<'a> {
    /// The game tree's `(`, the root node's `;` and its properties: close it with `)`.
    pub root: &'a str,
    /// The plain move nodes after the root, in order.
    pub moves: Vec<(Color, SgfMove)>,
    /// What follows the run, starting at a `;` or a `(`, with the game tree's final `)`;
    /// `None` when the run ends the game tree.
    pub rest: Option<&'a str>,
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
    i += 1;
    // The root node's properties: identifiers run up to `[`, values to an unescaped `]`.
    loop {
        i = skip_ws(b, i);
        match b.get(i)? {
            b';' | b'(' | b')' => break,
            b'[' => i = value_end(b, i + 1)? + 1,
            _ => i += 1,
        }
    }
    let root = &text[..i];
    let mut moves = Vec::new();
    while let Some((color, m, end)) = plain_node(b, i) {
        moves.push((color, m));
        i = end;
    }
    if moves.len() < MIN_RUN {
        return None;
    }
    let rest = &text[i..];
    let rest = if rest.trim_ascii() == ")" {
        None
    } else {
        Some(rest)
    };
    Some(Split { root, moves, rest })
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
