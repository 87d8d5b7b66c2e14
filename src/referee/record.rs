//! The SGF text of a refereed game: the root (players, rules, komi, handicap, result),
//! every move with the time its player had left, and the referee's comments. Every text
//! that came from an engine or a user (names, words) is made one line and escaped here.

use std::fmt::Write as _;

use crate::board::Color;
use crate::point::Point;
use crate::text::one_line;
use crate::words::format_points;

/// One move as played.
#[derive(Debug, Clone, PartialEq)]
pub struct Played {
    pub color: Color,
    /// `None`: a pass.
    pub point: Option<Point>,
    /// Time left after the move (`BL`/`WL`), seconds, when there is a clock.
    pub time_left: Option<f64>,
    /// Seconds the engine took.
    pub used: f64,
    /// The referee's comment on this move.
    pub comment: Option<String>,
}

/// The root of a record.
#[derive(Debug, Clone, PartialEq)]
pub struct Root {
    pub size: u8,
    pub komi: f64,
    /// The `RU` value (a preset's name).
    pub rules: String,
    pub black: String,
    pub white: String,
    /// Black's handicap stones, set up before the first move.
    pub handicap: Vec<Point>,
    /// `GN`: the game's name in its match.
    pub name: String,
    /// `TM`/`OT` words for the clock, when there is one.
    pub time: Option<(f64, String)>,
}

/// The SGF text of a game: `root`, then `moves`, with `result` as `RE` and `comment`
/// on the root.
pub fn text(root: &Root, moves: &[Played], result: Option<&str>, comment: &[String]) -> String {
    let mut out = String::with_capacity(64 + moves.len() * 16);
    out.push_str("(;GM[1]FF[4]CA[UTF-8]AP[goref:");
    out.push_str(env!("CARGO_PKG_VERSION"));
    let _ = write!(
        out,
        "]SZ[{}]KM[{}]RU[{}]PB[{}]PW[{}]GN[{}]",
        root.size,
        format_points(root.komi),
        escape(&root.rules),
        escape(&root.black),
        escape(&root.white),
        escape(&root.name)
    );
    if let Some((main, words)) = &root.time {
        let _ = write!(out, "TM[{}]OT[{}]", format_points(*main), escape(words));
    }
    if !root.handicap.is_empty() {
        let _ = write!(out, "HA[{}]AB", root.handicap.len());
        for p in &root.handicap {
            let _ = write!(out, "[{}]", p.to_sgf());
        }
    }
    if let Some(result) = result {
        let _ = write!(out, "RE[{}]", escape(result));
    }
    if !comment.is_empty() {
        let _ = write!(out, "C[{}]", escape(&comment.join("\n")));
    }
    for (i, m) in moves.iter().enumerate() {
        if i % 8 == 0 {
            out.push('\n');
        }
        let point = m.point.map(Point::to_sgf).unwrap_or_default();
        let _ = write!(out, ";{}[{point}]", m.color.letter());
        if let Some(left) = m.time_left {
            let _ = write!(out, "{}L[{}]", m.color.letter(), clock(left));
        }
        if let Some(c) = &m.comment {
            let _ = write!(out, "C[{}]", escape(c));
        }
    }
    out.push_str(")\n");
    out
}

/// Seconds with three decimals; a clock below zero never prints as zero.
pub fn clock(left: f64) -> String {
    let rounded = (left * 1000.0).round() / 1000.0;
    let shown = if left < 0.0 && rounded >= 0.0 {
        -0.001
    } else {
        rounded
    };
    format!("{shown:.3}")
}

/// SGF text: each line made safe ([`one_line`]), `\` and `]` escaped.
fn escape(text: &str) -> String {
    text.lines()
        .map(|l| one_line(l).replace('\\', "\\\\").replace(']', "\\]"))
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sgf;

    #[test]
    fn a_record_reads_back_as_written_whatever_the_names() {
        let root = Root {
            size: 9,
            komi: 6.5,
            rules: "sjtu".to_string(),
            black: "bad]name\\ \u{202e}x".to_string(),
            white: "W".to_string(),
            handicap: Vec::new(),
            name: "g".to_string(),
            time: Some((0.0, "3 s a move".to_string())),
        };
        let moves = [
            Played {
                color: Color::Black,
                point: Some(Point::new(2, 2)),
                time_left: Some(2.5),
                used: 0.5,
                comment: Some("a]b".to_string()),
            },
            Played {
                color: Color::White,
                point: None,
                time_left: Some(-0.0001),
                used: 3.0001,
                comment: None,
            },
        ];
        let text = text(&root, &moves, Some("W+T"), &["line one".to_string()]);
        let game = sgf::load(text.as_bytes())
            .expect("loads")
            .remove(0)
            .expect("a game");
        assert_eq!(game.moves.len(), 2);
        assert_eq!(game.result.as_deref(), Some("W+T"));
        assert_eq!(game.moves[1].time_left, Some(-0.001));
        assert!(
            game.black
                .as_deref()
                .is_some_and(|b| b.starts_with("bad]name\\"))
        );
        assert!(!text.contains('\u{202e}'));
    }
}
