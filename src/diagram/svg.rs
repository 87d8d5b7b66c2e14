//! The SVG rendering: a wooden board with its grid and star points, coordinates on all
//! four sides, stones as `circle` elements, and the caption under the board.
//!
//! Every element says what it is in its `class` (`stone black`, `stone white dead`,
//! `territory black`, `mark last`, `mark finding`), and marks carry `data-point="D4"`,
//! so a test or a style sheet can find them; colours are presentation attributes, so the
//! file looks the same in a browser, an `<img>` tag or a word processor that ignores CSS.
//! Stones of one kind share a `<g>` that holds their colours, which keeps a diagram of a
//! full 19x19 board near 15 KB.

use std::fmt::Write as _;

use super::{Cell, Diagram, column_letter, star_points};
use crate::board::Color;
use crate::point::Point;
use crate::text::one_line;

/// Where the SVG goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SvgStyle {
    /// A file of its own: the XML declaration, then the `svg` element.
    Document,
    /// Inside an HTML page: the `svg` element alone.
    Inline,
}

/// Distance between two lines, in SVG user units (pixels at 100%).
const CELL: u32 = 24;
/// Room for the coordinates around the board.
const MARGIN: u32 = 26;
/// A stone's radius: almost half a cell, so neighbours do not touch.
const STONE: f64 = 11.3;
/// Height of a caption line.
const LINE: u32 = 18;
/// Rough width of a caption character at the caption's size, to size the picture.
const CHAR: u32 = 7;

const WOOD: &str = "#dcb468";
const INK: &str = "#2b2116";
const BLACK: &str = "#141414";
const WHITE: &str = "#f7f7f2";
const RED: &str = "#d0202a";

/// The centre of point `p`, in user units.
fn centre(p: Point) -> (u32, u32) {
    (
        MARGIN + CELL / 2 + u32::from(p.x) * CELL,
        MARGIN + CELL / 2 + u32::from(p.y) * CELL,
    )
}

/// Text on one line ([`one_line`]: control characters, which XML 1.0 does not allow,
/// bidirectional overrides and line separators escaped), with the five XML special
/// characters escaped: safe in SVG and in HTML, in content and in attributes.
pub fn escape(text: &str) -> String {
    let text = one_line(text);
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

impl Diagram {
    /// The diagram as SVG: stones, coordinates, the last-move ring, a red square on each
    /// finding's point, dead stones faded and crossed, owned points as small squares, and
    /// the caption and notes under the board.
    pub fn svg(&self, style: SvgStyle) -> String {
        let (w, h) = (self.board.width(), self.board.height());
        let board_w = u32::from(w) * CELL;
        let board_h = u32::from(h) * CELL;
        let lines: Vec<&String> = self.caption.iter().chain(&self.notes).collect();
        let widest = lines
            .iter()
            .map(|l| l.chars().count() as u32)
            .max()
            .unwrap_or(0);
        let width = (board_w + 2 * MARGIN).max(widest * CHAR + 2 * MARGIN);
        let height = board_h + 2 * MARGIN + lines.len() as u32 * LINE + 4;

        let mut s = String::with_capacity(4096 + usize::from(w) * usize::from(h) * 48);
        if style == SvgStyle::Document {
            s.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        }
        let _ = write!(
            s,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"goref-diagram\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\" font-family=\"Helvetica, Arial, sans-serif\">"
        );
        if let Some(title) = self.caption.first() {
            let _ = write!(s, "<title>{}</title>", escape(title));
        }
        let _ = write!(
            s,
            "<rect class=\"wood\" x=\"{MARGIN}\" y=\"{MARGIN}\" width=\"{board_w}\" height=\"{board_h}\" fill=\"{WOOD}\"/>"
        );
        self.svg_grid(&mut s);
        self.svg_coordinates(&mut s);
        self.svg_stones(&mut s);
        self.svg_owners(&mut s);
        self.svg_marks(&mut s);
        for (i, line) in lines.iter().enumerate() {
            let y = 2 * MARGIN + board_h + i as u32 * LINE + 12;
            let class = if i < self.caption.len() {
                "caption"
            } else {
                "note"
            };
            let _ = write!(
                s,
                "<text class=\"{class}\" x=\"{MARGIN}\" y=\"{y}\" font-size=\"13\" fill=\"{INK}\">{}</text>",
                escape(line)
            );
        }
        s.push_str("</svg>\n");
        s
    }

    /// The lines, as one path, and the star points.
    fn svg_grid(&self, s: &mut String) {
        let (w, h) = (self.board.width(), self.board.height());
        let first = MARGIN + CELL / 2;
        let (right, bottom) = (
            first + (u32::from(w) - 1) * CELL,
            first + (u32::from(h) - 1) * CELL,
        );
        let _ = write!(
            s,
            "<path class=\"grid\" fill=\"none\" stroke=\"{INK}\" stroke-width=\"1\" d=\""
        );
        for y in 0..u32::from(h) {
            let _ = write!(s, "M{first} {}H{right}", first + y * CELL);
        }
        for x in 0..u32::from(w) {
            let _ = write!(s, "M{} {first}V{bottom}", first + x * CELL);
        }
        s.push_str("\"/>");
        let stars = star_points(w, h);
        if !stars.is_empty() {
            let _ = write!(s, "<g class=\"stars\" fill=\"{INK}\">");
            for p in stars {
                let (cx, cy) = centre(p);
                let _ = write!(
                    s,
                    "<circle class=\"star\" cx=\"{cx}\" cy=\"{cy}\" r=\"3\"/>"
                );
            }
            s.push_str("</g>");
        }
    }

    /// Column letters above and below, row numbers on both sides.
    fn svg_coordinates(&self, s: &mut String) {
        let (w, h) = (self.board.width(), self.board.height());
        let _ = write!(
            s,
            "<g class=\"coordinates\" font-size=\"11\" fill=\"{INK}\" text-anchor=\"middle\">"
        );
        let xs: Vec<String> = (0..w)
            .map(|x| centre(Point::new(x, 0)).0.to_string())
            .collect();
        let letters: String = (0..w).map(column_letter).collect();
        let below = 2 * MARGIN + u32::from(h) * CELL - 9;
        for y in [MARGIN - 9, below] {
            let _ = write!(s, "<text x=\"{}\" y=\"{y}\">{letters}</text>", xs.join(" "));
        }
        let after = MARGIN + u32::from(w) * CELL + MARGIN / 2;
        for row in 0..h {
            let cy = centre(Point::new(0, row)).1 + 4;
            let number = h - row;
            for x in [MARGIN / 2, after] {
                let _ = write!(s, "<text x=\"{x}\" y=\"{cy}\">{number}</text>");
            }
        }
        s.push_str("</g>");
    }

    /// Stones grouped by colour and life, each group holding its colours once.
    fn svg_stones(&self, s: &mut String) {
        let groups = [
            (Color::Black, false, "black", format!("fill=\"{BLACK}\"")),
            (
                Color::White,
                false,
                "white",
                format!("fill=\"{WHITE}\" stroke=\"{BLACK}\" stroke-width=\"1\""),
            ),
            (
                Color::Black,
                true,
                "black dead",
                format!("fill=\"{BLACK}\" opacity=\"0.45\""),
            ),
            (
                Color::White,
                true,
                "white dead",
                format!("fill=\"{WHITE}\" stroke=\"{BLACK}\" stroke-width=\"1\" opacity=\"0.55\""),
            ),
        ];
        for (color, dead, class, paint) in groups {
            let members: Vec<Point> = self
                .points()
                .filter(|&p| self.cell(p) == Cell::Stone { color, dead })
                .collect();
            if members.is_empty() {
                continue;
            }
            let _ = write!(s, "<g {paint}>");
            for p in &members {
                let (cx, cy) = centre(*p);
                let _ = write!(
                    s,
                    "<circle class=\"stone {class}\" cx=\"{cx}\" cy=\"{cy}\" r=\"{STONE}\"/>"
                );
            }
            s.push_str("</g>");
            if dead {
                // A cross in the other colour over each dead stone.
                let cross = match color {
                    Color::Black => WHITE,
                    Color::White => BLACK,
                };
                let _ = write!(
                    s,
                    "<path class=\"dead-cross\" stroke=\"{cross}\" stroke-width=\"1.5\" d=\""
                );
                for p in &members {
                    let (cx, cy) = centre(*p);
                    let _ = write!(
                        s,
                        "M{} {}l10 10m0 -10l-10 10",
                        cx.saturating_sub(5),
                        cy.saturating_sub(5)
                    );
                }
                s.push_str("\"/>");
            }
        }
    }

    /// A small square on every point a colour owns after the count, dead stones included.
    fn svg_owners(&self, s: &mut String) {
        for (color, class, paint) in [
            (Color::Black, "black", format!("fill=\"{BLACK}\"")),
            (
                Color::White,
                "white",
                format!("fill=\"{WHITE}\" stroke=\"{BLACK}\" stroke-width=\"0.8\""),
            ),
        ] {
            let owned: Vec<Point> = self
                .points()
                .filter(|&p| self.owner(p) == Some(color))
                .filter(|&p| match self.cell(p) {
                    Cell::Empty { .. } => true,
                    Cell::Stone { color: stone, dead } => dead && stone != color,
                })
                .collect();
            if owned.is_empty() {
                continue;
            }
            let _ = write!(s, "<g {paint}>");
            for p in owned {
                let (cx, cy) = centre(p);
                let _ = write!(
                    s,
                    "<rect class=\"territory {class}\" x=\"{}\" y=\"{}\" width=\"8\" height=\"8\"/>",
                    cx - 4,
                    cy - 4
                );
            }
            s.push_str("</g>");
        }
    }

    /// The last-move ring and a red square around each finding's point.
    fn svg_marks(&self, s: &mut String) {
        if let Some(last) = self.last_move.filter(|&p| self.board.contains(p)) {
            let (cx, cy) = centre(last);
            let ring = match self.board.get(last) {
                Some(Color::Black) => WHITE,
                Some(Color::White) => BLACK,
                None => RED,
            };
            let _ = write!(
                s,
                "<circle class=\"mark last\" data-point=\"{}\" cx=\"{cx}\" cy=\"{cy}\" r=\"5.5\" fill=\"none\" stroke=\"{ring}\" stroke-width=\"2\"/>",
                self.name(last)
            );
        }
        for mark in self.marks.iter().filter(|m| self.board.contains(m.point)) {
            let (cx, cy) = centre(mark.point);
            let half = CELL / 2;
            let _ = write!(
                s,
                "<rect class=\"mark finding\" data-point=\"{}\" data-kind=\"{}\" x=\"{}\" y=\"{}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"none\" stroke=\"{RED}\" stroke-width=\"2.5\"><title>{}: {}</title></rect>",
                self.name(mark.point),
                escape(&mark.label),
                cx - half,
                cy - half,
                escape(&mark.label),
                self.name(mark.point)
            );
        }
    }
}
