//! The SVG rendering: a wooden board with its grid and star points, coordinates on all
//! four sides, stones as `circle` elements, the table (the count) beside the board, and
//! the caption and notes under it, wrapped to the picture's width.
//!
//! Dead stones are drawn as printed diagrams draw them: the stone as it stands, with a
//! cross in the other colour on it (a white cross on a dead black stone, a black one on
//! a dead white stone), so the two are told apart at a glance on a full 19x19 board.
//! Every element says what it is in its `class` (`stone black`, `stone white dead`,
//! `dead-cross`, `territory black`, `mark last`, `mark finding`, `count`), and marks and
//! crosses carry `data-point="D4"`, so a test or a style sheet can find them; colours are
//! presentation attributes, so the file looks the same in a browser, an `<img>` tag or a
//! word processor that ignores CSS. Stones of one kind share a `<g>` that holds their
//! colours, which keeps a diagram of a full 19x19 board near 15 KB.

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
/// Rough width of a caption character at the caption's size (13), to size the picture:
/// a little over the average of Helvetica's letters, so a line fits.
const CHAR: u32 = 7;
/// The most characters a caption line is widened to; longer lines wrap.
const WRAP: u32 = 72;
/// Height of a row of the table.
const ROW: u32 = 17;
/// Rough width of a character of the table (size 12).
const TABLE_CHAR: u32 = 7;
/// Room between the label and the value of a row, and between the board's row numbers
/// and the table.
const GAP: u32 = 12;

const WOOD: &str = "#dcb468";
const INK: &str = "#2b2116";
const BLACK: &str = "#141414";
const WHITE: &str = "#f7f7f2";
const RED: &str = "#d0202a";
/// The table's labels: the ink, lighter.
const LABEL: &str = "#6b5a45";

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

/// `text` on lines of at most `width` characters, broken between words (a word longer
/// than a line is cut).
fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(8);
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        let mut word = word;
        loop {
            let have = line.chars().count();
            let need = word.chars().count() + usize::from(have > 0);
            if have + need <= width {
                if have > 0 {
                    line.push(' ');
                }
                line.push_str(word);
                break;
            }
            if have > 0 {
                lines.push(std::mem::take(&mut line));
                continue;
            }
            // A word longer than a line: cut it.
            let cut = word
                .char_indices()
                .nth(width)
                .map_or(word.len(), |(i, _)| i);
            lines.push(word[..cut].to_string());
            word = &word[cut..];
            if word.is_empty() {
                break;
            }
        }
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}

impl Diagram {
    /// The diagram as SVG: stones, coordinates, the last-move ring, a red square on each
    /// finding's point, dead stones crossed in the other colour, owned points as small
    /// squares, the table beside the board, and the caption and notes under it.
    pub fn svg(&self, style: SvgStyle) -> String {
        let (w, h) = (self.board.width(), self.board.height());
        let board_w = u32::from(w) * CELL;
        let board_h = u32::from(h) * CELL;
        let table: Vec<(String, String)> = self
            .table
            .iter()
            .map(|(l, v)| (one_line(l).into_owned(), one_line(v).into_owned()))
            .collect();
        let chars = |t: &str| t.chars().count() as u32;
        let label_w = table.iter().map(|(l, _)| chars(l)).max().unwrap_or(0) * TABLE_CHAR;
        // Values are bold, an eighth wider.
        let value_w = table.iter().map(|(_, v)| chars(v)).max().unwrap_or(0) * TABLE_CHAR * 9 / 8;
        let table_x = 2 * MARGIN + board_w + GAP;
        let beside = if table.is_empty() {
            2 * MARGIN + board_w
        } else {
            table_x + label_w + GAP + value_w + MARGIN / 2
        };
        let texts: Vec<(&str, String)> = self
            .caption
            .iter()
            .map(|l| ("caption", one_line(l).into_owned()))
            .chain(
                self.notes
                    .iter()
                    .map(|l| ("note", one_line(l).into_owned())),
            )
            .collect();
        let widest = texts.iter().map(|(_, t)| chars(t)).max().unwrap_or(0);
        let width = beside.max(widest.min(WRAP) * CHAR + 2 * MARGIN);
        let per_line = ((width - 2 * MARGIN) / CHAR) as usize;
        // Each line with its class and its height: the first caption (the game) in
        // bold, and a little room between the caption and the notes.
        let mut lines: Vec<(&str, bool, u32, String)> = Vec::new();
        for (i, (class, text)) in texts.iter().enumerate() {
            let first_note = *class == "note" && i > 0 && texts[i - 1].0 == "caption";
            let bold = i == 0 && *class == "caption";
            // Bold letters are an eighth wider.
            let fits = if bold { per_line * 7 / 8 } else { per_line };
            for (j, line) in wrap(text, fits).into_iter().enumerate() {
                let room = if first_note && j == 0 { LINE + 6 } else { LINE };
                lines.push((class, bold, room, line));
            }
        }
        let top = (board_h + 2 * MARGIN).max(MARGIN + table.len() as u32 * ROW + MARGIN / 2);
        let height = top + lines.iter().map(|l| l.2).sum::<u32>() + 4;

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
        if !table.is_empty() {
            let _ = write!(s, "<g class=\"count\" font-size=\"12\" fill=\"{INK}\">");
            let value_x = table_x + label_w + GAP;
            for (i, (label, value)) in table.iter().enumerate() {
                let y = MARGIN + 12 + i as u32 * ROW;
                let _ = write!(
                    s,
                    "<text class=\"label\" x=\"{table_x}\" y=\"{y}\" fill=\"{LABEL}\">{}</text><text class=\"value\" x=\"{value_x}\" y=\"{y}\" font-weight=\"bold\">{}</text>",
                    escape(label),
                    escape(value)
                );
            }
            s.push_str("</g>");
        }
        let mut y = top + 12 - LINE;
        for (class, bold, room, line) in &lines {
            y += room;
            let weight = if *bold { " font-weight=\"bold\"" } else { "" };
            let _ = write!(
                s,
                "<text class=\"{class}\" x=\"{MARGIN}\" y=\"{y}\" font-size=\"13\" fill=\"{INK}\"{weight}>{}</text>",
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

    /// Stones grouped by colour and life, each group holding its colours once; then a
    /// cross in the other colour on each dead stone.
    fn svg_stones(&self, s: &mut String) {
        let black = format!("fill=\"{BLACK}\"");
        let white = format!("fill=\"{WHITE}\" stroke=\"{BLACK}\" stroke-width=\"1\"");
        let groups = [
            (Color::Black, false, "black", &black),
            (Color::White, false, "white", &white),
            (Color::Black, true, "black dead", &black),
            (Color::White, true, "white dead", &white),
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
                let cross = match color {
                    Color::Black => WHITE,
                    Color::White => BLACK,
                };
                for p in &members {
                    let (cx, cy) = centre(*p);
                    let _ = write!(
                        s,
                        "<path class=\"dead-cross\" data-point=\"{}\" stroke=\"{cross}\" stroke-width=\"2.2\" stroke-linecap=\"round\" d=\"M{} {}l12 12m0 -12l-12 12\"/>",
                        self.name(*p),
                        cx.saturating_sub(6),
                        cy.saturating_sub(6)
                    );
                }
            }
        }
    }

    /// A small square on every empty point a colour owns after the count (the points of
    /// dead stones have their cross).
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
                .filter(|&p| self.cell(p) == Cell::Empty { owner: Some(color) })
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
