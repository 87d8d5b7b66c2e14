//! Board diagrams: one position drawn for people, as text for a terminal or as SVG.
//!
//! A [`Diagram`] says what to draw: the stones of a [`Board`], the last move, the points
//! where findings are, the dead stones, each point's owner after a count, a caption, a
//! table (the count) and notes. [`Diagram::text`] draws it as a grid (Unicode box drawing
//! or plain ASCII, with or without ANSI colour) and [`Diagram::svg`] as an SVG document or
//! fragment. Both return strings and never print; both name points as the rule documents
//! do (columns `A`-`T` without `I`, row 1 on Black's side at the bottom), and draw every
//! board size from 1x1 to 25x25, rectangular ones included. A mark, dead stone or owner
//! given for a point that is not on the board is left out of the picture, never a panic.
//! Captions, notes, table cells and labels may quote a record: both drawings write each
//! on one line ([`crate::text::one_line`]), and the SVG escapes XML's special characters
//! too.

mod game;
mod svg;
mod text;

#[cfg(test)]
mod tests;

use crate::board::{Board, Color};
use crate::point::Point;

pub use game::{DiagramError, GameDiagram, Moment, of_judged};
pub use svg::{SvgStyle, escape};
pub use text::{Charset, TextStyle};

/// A finding's place on the diagram: the point and a short label (the finding's kind,
/// `ko`), named in the legend under a text diagram and in the SVG mark's tooltip.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mark {
    pub point: Point,
    pub label: String,
}

/// One position to draw, with what a reader needs to see on it.
#[derive(Clone)]
pub struct Diagram {
    /// The stones.
    pub board: Board,
    /// The point of the last move, marked with a ring (SVG) or parentheses (text).
    pub last_move: Option<Point>,
    /// Points where findings are, marked with a red square (SVG) or brackets (text).
    pub marks: Vec<Mark>,
    /// Stones taken off as dead before the count: crossed in the other colour (SVG), or
    /// drawn with their own glyph (text).
    pub dead: Vec<Point>,
    /// Each point's owner after the count, row by row from the top (`width x height`
    /// entries, as [`Diagram::owner`] reads them); empty when no count is shown. Empty
    /// points owned by a colour are drawn as that colour's small square.
    pub owners: Vec<Option<Color>>,
    /// Lines above the board (text) or under it (SVG): game, move, rules, result.
    pub caption: Vec<String>,
    /// Rows of (label, value), such as the count: beside the board (SVG), or under the
    /// legend with the values lined up (text).
    pub table: Vec<(String, String)>,
    /// Lines under the board, its legend and the table: the finding's sentence, the
    /// notes of the count.
    pub notes: Vec<String>,
}

/// What one point shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Cell {
    Empty { owner: Option<Color> },
    Stone { color: Color, dead: bool },
}

impl Diagram {
    /// A diagram of `board` alone, with nothing marked.
    pub fn new(board: Board) -> Diagram {
        Diagram {
            board,
            last_move: None,
            marks: Vec::new(),
            dead: Vec::new(),
            owners: Vec::new(),
            caption: Vec::new(),
            table: Vec::new(),
            notes: Vec::new(),
        }
    }

    /// The owner recorded for `p` in [`Diagram::owners`], `None` when there is none or
    /// `p` is off the board.
    pub fn owner(&self, p: Point) -> Option<Color> {
        if !self.board.contains(p) {
            return None;
        }
        let index = usize::from(p.y) * usize::from(self.board.width()) + usize::from(p.x);
        self.owners.get(index).copied().flatten()
    }

    /// Whether the stone on `p` is listed as dead.
    fn is_dead(&self, p: Point) -> bool {
        self.dead.contains(&p)
    }

    fn cell(&self, p: Point) -> Cell {
        match self.board.get(p) {
            Some(color) => Cell::Stone {
                color,
                dead: self.is_dead(p),
            },
            None => Cell::Empty {
                owner: self.owner(p),
            },
        }
    }

    /// The first mark on `p`, if any.
    fn mark_at(&self, p: Point) -> Option<&Mark> {
        self.marks.iter().find(|m| m.point == p)
    }

    /// Dead stones that are on the board, each once.
    fn dead_on_board(&self) -> usize {
        let mut seen: Vec<Point> = Vec::new();
        for &p in &self.dead {
            if self.board.get(p).is_some() && !seen.contains(&p) {
                seen.push(p);
            }
        }
        seen.len()
    }

    /// Every point of the board, row by row from the top.
    fn points(&self) -> impl Iterator<Item = Point> + '_ {
        let (w, h) = (self.board.width(), self.board.height());
        (0..h).flat_map(move |y| (0..w).map(move |x| Point::new(x, y)))
    }

    /// `D4` for `p` on this board.
    fn name(&self, p: Point) -> String {
        p.to_d4(self.board.height())
    }
}

/// The column letter of column `x` (from 0, `I` skipped), as the rule documents write it.
fn column_letter(x: u8) -> char {
    crate::point::column_letter(x).unwrap_or('?')
}

/// Star points (hoshi) of a `width x height` board: the corner points three lines in
/// (four on boards of 13 and more), the centre of an odd board, and the side midpoints of
/// an odd side of 15 or more, as printed boards have them.
fn star_points(width: u8, height: u8) -> Vec<Point> {
    fn corner_line(side: u8) -> Option<u8> {
        match side {
            13.. => Some(3),
            7..=12 => Some(2),
            _ => None,
        }
    }
    let mut stars = Vec::new();
    let (Some(cx), Some(cy)) = (corner_line(width), corner_line(height)) else {
        return stars;
    };
    let xs = [cx, width - 1 - cx];
    let ys = [cy, height - 1 - cy];
    for &y in &ys {
        for &x in &xs {
            stars.push(Point::new(x, y));
        }
    }
    let (mx, my) = (width / 2, height / 2);
    if width % 2 == 1 && height % 2 == 1 {
        stars.push(Point::new(mx, my));
    }
    if width % 2 == 1 && width >= 15 {
        stars.extend(ys.iter().map(|&y| Point::new(mx, y)));
    }
    if height % 2 == 1 && height >= 15 {
        stars.extend(xs.iter().map(|&x| Point::new(x, my)));
    }
    stars
}
