//! The text rendering: a grid with column letters above and below and row numbers on
//! both sides, one character per point and one between points, so a mark can wrap a
//! point in brackets without moving anything.
//!
//! ```text
//!    A B C D E
//!  5 ┌─┬─┬─┬─┐ 5
//!  4 ├─●─┼─┼─┤ 4
//!  3 ├─┼(○)┼─┤ 3
//! ```
//!
//! Colour, when asked for, is ANSI SGR codes only around the characters it changes and a
//! reset at the end of every line, so a line never leaks its colour into the next.

use std::fmt::Write as _;

use super::{Cell, Diagram, column_letter, star_points};
use crate::board::Color;
use crate::point::Point;
use crate::text::one_line;

/// The characters a text diagram is drawn with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Charset {
    /// Box-drawing lines and round stones: `●` Black, `○` White, `◍` `◌` dead stones,
    /// `▪` `▫` Black's and White's points.
    Unicode,
    /// Plain ASCII: `X` Black, `O` White, `x` `o` dead stones, `b` `w` Black's and
    /// White's points, `.` empty, `+` star points.
    Ascii,
}

/// How to draw a text diagram.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TextStyle {
    pub charset: Charset,
    /// ANSI colour codes (for a terminal; never for a file or a pipe).
    pub color: bool,
}

/// A kind of character, which decides its colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Paint {
    Plain,
    /// Grid lines, star points and coordinates.
    Faint,
    /// Dead stones and owned points.
    Counted,
    Finding,
    LastMove,
}

impl Paint {
    fn sgr(self) -> &'static str {
        match self {
            Paint::Plain => "",
            Paint::Faint | Paint::Counted => "2",
            Paint::Finding => "1;31",
            Paint::LastMove => "1;36",
        }
    }
}

/// Builds lines of characters, switching colour only where it changes.
struct Painter {
    out: String,
    color: bool,
    current: Paint,
}

impl Painter {
    fn put(&mut self, ch: char, paint: Paint) {
        if self.color && paint != self.current && ch != ' ' {
            if self.current != Paint::Plain {
                self.out.push_str("\x1b[0m");
            }
            if paint != Paint::Plain {
                let _ = write!(self.out, "\x1b[{}m", paint.sgr());
            }
            self.current = paint;
        }
        self.out.push(ch);
    }

    fn put_str(&mut self, s: &str, paint: Paint) {
        for ch in s.chars() {
            self.put(ch, paint);
        }
    }

    fn end_line(&mut self) {
        // No trailing spaces: a diagram pasted into a document or a snapshot stays exact.
        let trimmed = self.out.trim_end_matches(' ').len();
        self.out.truncate(trimmed);
        if self.color && self.current != Paint::Plain {
            self.out.push_str("\x1b[0m");
        }
        self.current = Paint::Plain;
        self.out.push('\n');
    }
}

/// The line-drawing character for a point with lines going up, down, left and right.
fn grid_char(up: bool, down: bool, left: bool, right: bool) -> char {
    match (up, down, left, right) {
        (false, true, false, true) => '┌',
        (false, true, true, true) => '┬',
        (false, true, true, false) => '┐',
        (true, true, false, true) => '├',
        (true, true, true, true) => '┼',
        (true, true, true, false) => '┤',
        (true, false, false, true) => '└',
        (true, false, true, true) => '┴',
        (true, false, true, false) => '┘',
        (false, false, true, true) => '─',
        (true, true, false, false) => '│',
        (false, false, false, true) => '╶',
        (false, false, true, false) => '╴',
        (false, true, false, false) => '╷',
        (true, false, false, false) => '╵',
        (false, false, false, false) => '·',
    }
}

impl Diagram {
    /// The diagram as text: the caption, the board with coordinates on all four sides,
    /// a legend for each kind of mark shown, the table (its values lined up), then the
    /// notes. Every line ends in `\n`.
    pub fn text(&self, style: TextStyle) -> String {
        let (w, h) = (self.board.width(), self.board.height());
        let label_width = h.to_string().len();
        let stars = star_points(w, h);
        let mut p = Painter {
            out: String::new(),
            color: style.color,
            current: Paint::Plain,
        };
        for line in &self.caption {
            p.put_str(&one_line(line), Paint::Plain);
            p.end_line();
        }
        let header = |p: &mut Painter| {
            p.put_str(&" ".repeat(label_width + 1), Paint::Plain);
            for x in 0..w {
                p.put(column_letter(x), Paint::Faint);
                p.put(' ', Paint::Plain);
            }
            p.end_line();
        };
        header(&mut p);
        for y in 0..h {
            let row = (h - y).to_string();
            p.put_str(&format!("{row:>label_width$}"), Paint::Faint);
            // The characters around each point: separators[x] is left of column x.
            let joint = match style.charset {
                Charset::Unicode => '─',
                Charset::Ascii => ' ',
            };
            let mut separators: Vec<(char, Paint)> = (0..=w)
                .map(|x| {
                    if x == 0 || x == w {
                        (' ', Paint::Plain)
                    } else {
                        (joint, Paint::Faint)
                    }
                })
                .collect();
            // The last move first, so a finding on a neighbouring point wins the shared
            // separator: the finding is what the diagram is for.
            let last = self.last_move.filter(|l| l.y == y && l.x < w);
            let marked = (0..w).filter(|&x| self.mark_at(Point::new(x, y)).is_some());
            for (x, open, close, paint) in last
                .map(|l| (l.x, '(', ')', Paint::LastMove))
                .into_iter()
                .chain(marked.map(|x| (x, '[', ']', Paint::Finding)))
            {
                let x = usize::from(x);
                if let Some(s) = separators.get_mut(x) {
                    *s = (open, paint);
                }
                if let Some(s) = separators.get_mut(x + 1) {
                    *s = (close, paint);
                }
            }
            for x in 0..w {
                let (ch, paint) = separators[usize::from(x)];
                p.put(ch, paint);
                let point = Point::new(x, y);
                let (glyph, paint) = self.glyph(point, style.charset, stars.contains(&point));
                p.put(glyph, paint);
            }
            let (ch, paint) = separators[usize::from(w)];
            p.put(ch, paint);
            p.put_str(&row, Paint::Faint);
            p.end_line();
        }
        header(&mut p);
        self.legend(&mut p, style.charset);
        let labels: Vec<String> = self
            .table
            .iter()
            .map(|(label, _)| one_line(label).into_owned())
            .collect();
        let width = labels.iter().map(|l| l.chars().count()).max().unwrap_or(0) + 2;
        for (label, (_, value)) in labels.iter().zip(&self.table) {
            let row = format!("  {label:<width$}{}", one_line(value));
            p.put_str(row.trim_end(), Paint::Plain);
            p.end_line();
        }
        for line in &self.notes {
            p.put_str(&one_line(line), Paint::Plain);
            p.end_line();
        }
        p.out
    }

    /// The character drawn on `point`.
    fn glyph(&self, point: Point, charset: Charset, star: bool) -> (char, Paint) {
        let unicode = charset == Charset::Unicode;
        match self.cell(point) {
            Cell::Stone { color, dead } => {
                let glyph = match (color, dead, unicode) {
                    (Color::Black, false, true) => '●',
                    (Color::White, false, true) => '○',
                    (Color::Black, true, true) => '◍',
                    (Color::White, true, true) => '◌',
                    (Color::Black, false, false) => 'X',
                    (Color::White, false, false) => 'O',
                    (Color::Black, true, false) => 'x',
                    (Color::White, true, false) => 'o',
                };
                (glyph, if dead { Paint::Counted } else { Paint::Plain })
            }
            Cell::Empty { owner: Some(owner) } => {
                let glyph = match (owner, unicode) {
                    (Color::Black, true) => '▪',
                    (Color::White, true) => '▫',
                    (Color::Black, false) => 'b',
                    (Color::White, false) => 'w',
                };
                (glyph, Paint::Counted)
            }
            Cell::Empty { owner: None } => {
                let glyph = if unicode {
                    if star {
                        '╋'
                    } else {
                        let (w, h) = (self.board.width(), self.board.height());
                        grid_char(point.y > 0, point.y + 1 < h, point.x > 0, point.x + 1 < w)
                    }
                } else if star {
                    '+'
                } else {
                    '.'
                };
                (glyph, Paint::Faint)
            }
        }
    }

    /// One line for each kind of mark the board shows: `(●) last move: D4`,
    /// `[○] ko: E5`, the dead stones and the owners' squares.
    fn legend(&self, p: &mut Painter, charset: Charset) {
        let (w, h) = (self.board.width(), self.board.height());
        let stars = star_points(w, h);
        let glyph_at = |point: Point| self.glyph(point, charset, stars.contains(&point)).0;
        // A last move that is also a finding's point is drawn, and named, as the finding.
        if let Some(last) = self
            .last_move
            .filter(|&l| self.board.contains(l) && self.mark_at(l).is_none())
        {
            p.put('(', Paint::LastMove);
            p.put(glyph_at(last), Paint::Plain);
            p.put(')', Paint::LastMove);
            p.put_str(&format!(" last move: {}", self.name(last)), Paint::Plain);
            p.end_line();
        }
        for mark in self.marks.iter().filter(|m| self.board.contains(m.point)) {
            p.put('[', Paint::Finding);
            p.put(glyph_at(mark.point), Paint::Plain);
            p.put(']', Paint::Finding);
            let last = if self.last_move == Some(mark.point) {
                " (the last move)"
            } else {
                ""
            };
            p.put_str(
                &format!(
                    " {}: {}{last}",
                    one_line(&mark.label),
                    self.name(mark.point)
                ),
                Paint::Plain,
            );
            p.end_line();
        }
        let dead = self.dead_on_board();
        if dead > 0 {
            let (b, w) = match charset {
                Charset::Unicode => ('◍', '◌'),
                Charset::Ascii => ('x', 'o'),
            };
            p.put(b, Paint::Counted);
            p.put(' ', Paint::Plain);
            p.put(w, Paint::Counted);
            let s = if dead == 1 { "" } else { "s" };
            p.put_str(&format!(" dead stones ({dead} stone{s})"), Paint::Plain);
            p.end_line();
        }
        if self
            .points()
            .any(|pt| matches!(self.cell(pt), Cell::Empty { owner: Some(_) }))
        {
            let (b, w) = match charset {
                Charset::Unicode => ('▪', '▫'),
                Charset::Ascii => ('b', 'w'),
            };
            p.put(b, Paint::Counted);
            p.put_str(" Black's points  ", Paint::Plain);
            p.put(w, Paint::Counted);
            p.put_str(" White's points", Paint::Plain);
            p.end_line();
        }
    }
}
