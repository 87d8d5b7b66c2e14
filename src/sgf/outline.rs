//! Where the games and main-line nodes of a decoded file lie in its text, so that a copy
//! can be written with text added at chosen nodes and every other byte kept.
//!
//! The walk follows the scanner's reading (`scan.rs`): the same game starts, the same
//! main line (each node's first child), a root or variation written without `;` read as
//! a node, and at the first malformation the game's outline stops and the next game is
//! looked for past the end of this one, as the scanner does. So node `n` here is node `n`
//! of the [`GameRecord`](super::GameRecord) the loader builds from the same text.
//!
//! Only what a writer of comments and marks needs is kept per node: where a property can
//! be added, and where the node's `C`, `MA`, `TB`/`TW` and (in the root) `CA` are. The
//! walk is a loop over the bytes, never recursion.

use std::ops::Range;

use super::scan::{canonical_id, find_end, find_game_start, letters, skip_ws, value_end};

/// One main-line node.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct NodeOutline {
    /// Where a property added to the node goes: just past its last value, or past its
    /// `;` when it has none.
    pub end: usize,
    /// The text (between the brackets) of the last value of the node's first `C`.
    pub comment: Option<Range<usize>>,
    /// Just past the last value of the node's first `MA`.
    pub mark_end: Option<usize>,
    /// The node has `TB` or `TW`.
    pub territory: bool,
    /// The text of the first value of the node's `CA`.
    pub charset: Option<Range<usize>>,
}

/// One game tree.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GameOutline {
    /// The main line, root first.
    pub nodes: Vec<NodeOutline>,
    /// The walk stopped at a malformation: nodes past it are not listed.
    pub cut: bool,
}

/// The outline of every game tree of `text`, in file order.
pub fn outline(text: &str) -> Vec<GameOutline> {
    let b = text.as_bytes();
    let mut games = Vec::new();
    let mut from = 0;
    while let Some(start) = find_game_start(b, from) {
        let (game, end) = outline_game(b, start);
        games.push(game);
        from = end.max(start + 1);
    }
    games
}

/// The outline of the game tree whose `(` is at `start`, and the index just past it.
fn outline_game(b: &[u8], start: usize) -> (GameOutline, usize) {
    let mut game = GameOutline::default();
    let mut depth: usize = 1;
    // The depth of the main line's current sequence; `None` once the main line ended.
    let mut main = Some(1);
    // The last token was `(` (a property then opens a node), or `)`.
    let mut after_open = true;
    let mut after_close = false;
    // The main-line node properties go to (the last of `game.nodes`).
    let mut in_main_node = false;
    let mut i = start + 1;
    loop {
        i = skip_ws(b, i);
        let Some(&c) = b.get(i) else {
            return (game, b.len());
        };
        match c {
            b'(' => {
                if after_open {
                    break;
                }
                if main == Some(depth) {
                    // The first variation continues the main line.
                    main = Some(depth + 1);
                }
                depth += 1;
                in_main_node = false;
                (after_open, after_close) = (true, false);
                i += 1;
            }
            b')' => {
                if main == Some(depth) {
                    main = None;
                }
                depth -= 1;
                in_main_node = false;
                (after_open, after_close) = (false, true);
                i += 1;
                if depth == 0 {
                    return (game, i);
                }
            }
            b';' => {
                i += 1;
                in_main_node = main == Some(depth);
                if in_main_node {
                    game.nodes.push(NodeOutline {
                        end: i,
                        ..NodeOutline::default()
                    });
                }
                (after_open, after_close) = (false, false);
            }
            c if c.is_ascii_alphabetic() => {
                let id_end = i + letters(b, i);
                let mut j = skip_ws(b, id_end);
                if b.get(j) != Some(&b'[') || after_close {
                    break;
                }
                if after_open {
                    // A node written without `;`, read as one.
                    in_main_node = main == Some(depth);
                    if in_main_node {
                        game.nodes.push(NodeOutline {
                            end: i,
                            ..NodeOutline::default()
                        });
                    }
                }
                let id = std::str::from_utf8(&b[i..id_end])
                    .map_or_else(|_| String::new(), |raw| canonical_id(raw).into_owned());
                let mut values: Vec<Range<usize>> = Vec::new();
                while b.get(j) == Some(&b'[') {
                    let Some(end) = value_end(b, j + 1) else {
                        game.cut = true;
                        return (game, b.len());
                    };
                    values.push(j + 1..end);
                    j = skip_ws(b, end + 1);
                }
                if in_main_node && let Some(node) = game.nodes.last_mut() {
                    // Just past the last `]`: `values` is not empty here.
                    node.end = values.last().map_or(node.end, |v| v.end + 1);
                    match id.as_str() {
                        "C" if node.comment.is_none() => node.comment = values.last().cloned(),
                        "MA" if node.mark_end.is_none() => node.mark_end = Some(node.end),
                        "TB" | "TW" => node.territory = true,
                        "CA" if node.charset.is_none() => node.charset = values.first().cloned(),
                        _ => {}
                    }
                }
                (after_open, after_close) = (false, false);
                i = j;
            }
            _ => break,
        }
    }
    // A malformation: the scanner stops reading here too; find the game's end as it does.
    game.cut = true;
    let end = find_end(b, i + 1, depth);
    (game, end)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at<'a>(text: &'a str, r: &Option<Range<usize>>) -> Option<&'a str> {
        r.clone().map(|r| &text[r])
    }

    #[test]
    fn the_main_line_follows_first_children() {
        let text = "(;GM[1]C[root](;B[aa]C[one];W[bb](;B[cc])(;B[dd]C[off])))";
        let games = outline(text);
        assert_eq!(games.len(), 1);
        let nodes = &games[0].nodes;
        assert_eq!(nodes.len(), 4, "root, B[aa], W[bb], B[cc]: {nodes:?}");
        assert_eq!(at(text, &nodes[0].comment), Some("root"));
        assert_eq!(at(text, &nodes[1].comment), Some("one"));
        assert_eq!(nodes[2].comment, None);
        assert_eq!(&text[..nodes[2].end], "(;GM[1]C[root](;B[aa]C[one];W[bb]");
        assert!(text[..nodes[3].end].ends_with(";B[cc]"));
        assert!(!games[0].cut);
    }

    #[test]
    fn a_node_without_a_semicolon_is_a_node() {
        let text = "(GM[1] SZ[9] ;B[aa](W[bb]))";
        let nodes = &outline(text)[0].nodes;
        assert_eq!(nodes.len(), 3);
        assert_eq!(&text[..nodes[0].end], "(GM[1] SZ[9]");
        assert!(text[..nodes[2].end].ends_with("W[bb]"));
    }

    #[test]
    fn finds_comments_marks_territory_and_the_charset() {
        let text = "(;CA[gb2312]Comment[a \\] b]\n;B[aa]MA[bb]\n[cc]TB[dd];W[]TW[ee]C[x][y])";
        let nodes = &outline(text)[0].nodes;
        assert_eq!(at(text, &nodes[0].charset), Some("gb2312"));
        assert_eq!(
            at(text, &nodes[0].comment),
            Some("a \\] b"),
            "FF[3] long names too"
        );
        assert_eq!(
            &text[..nodes[1].mark_end.expect("MA")],
            "(;CA[gb2312]Comment[a \\] b]\n;B[aa]MA[bb]\n[cc]"
        );
        assert!(nodes[1].territory && nodes[2].territory && !nodes[0].territory);
        assert_eq!(
            at(text, &nodes[2].comment),
            Some("y"),
            "the last value of C"
        );
        assert_eq!(nodes[2].end, text.len() - 1);
    }

    #[test]
    fn games_of_a_collection_and_text_between_them() {
        let text = "From: someone\n(;GM[1];B[aa])\n(ignored) junk (;SZ[9];B[bb];W[cc])";
        let games = outline(text);
        assert_eq!(
            games.iter().map(|g| g.nodes.len()).collect::<Vec<_>>(),
            [2, 3]
        );
    }

    #[test]
    fn a_malformed_game_stops_and_the_next_is_still_found() {
        let text = "(;B[aa];W[bb]junk;B[cc](;W[dd]))(;B[ee])(;C[open";
        let games = outline(text);
        assert_eq!(games.len(), 3);
        assert_eq!((games[0].nodes.len(), games[0].cut), (2, true));
        assert_eq!((games[1].nodes.len(), games[1].cut), (1, false));
        assert_eq!((games[2].nodes.len(), games[2].cut), (1, true));
        assert_eq!(
            games[2].nodes[0].comment, None,
            "an unterminated value is not a comment"
        );
    }

    #[test]
    fn a_deep_tree_does_not_recurse() {
        let text = format!(
            "(;GM[1]{}{})",
            "(;B[aa]".repeat(200_000),
            ")".repeat(200_000)
        );
        let games = outline(&text);
        assert_eq!(games[0].nodes.len(), 200_001);
    }
}
