//! Points and their names: the one place that reads and writes a point as SGF letters
//! (`dp`) or as the rule documents write it (`D4`: columns `A`..`Z` without `I`, rows
//! counted from the bottom, Black's side, from 1).
//!
//! A [`Point`] is in SGF orientation and needs nothing else; a `D4` name counts rows from
//! the bottom, so it becomes a point only on a board of known height ([`PointName::at`]).
//! Nothing here panics on any text.

/// The largest board side goref accepts (SGF's letter coordinates allow 52, but the
/// rule documents and every real server stop at 25).
pub const MAX_SIZE: u8 = 25;

/// The column letters of the `D4` form: `I` is left out, as on every Go board.
const COLUMNS: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// A point, in SGF orientation: `x` is the column counted from the left, `y` the row
/// counted from the top, both from 0. `dp` in SGF is `Point { x: 3, y: 15 }`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    /// Column, from the left, from 0.
    pub x: u8,
    /// Row, from the top, from 0.
    pub y: u8,
}

impl Point {
    /// The point in column `x` (from the left) and row `y` (from the top).
    pub fn new(x: u8, y: u8) -> Point {
        Point { x, y }
    }

    /// The SGF form, `dp`. Coordinates past `z` use `A`..`Z` as SGF FF\[4\] does.
    pub fn to_sgf(self) -> String {
        fn letter(v: u8) -> char {
            if v < 26 {
                (b'a' + v) as char
            } else if v < 52 {
                (b'A' + v - 26) as char
            } else {
                '?'
            }
        }
        let mut s = String::with_capacity(2);
        s.push(letter(self.x));
        s.push(letter(self.y));
        s
    }

    /// Read the SGF form: two letters, `a`..`z` for 0..25 and `A`..`Z` for 26..51.
    pub fn from_sgf(s: &str) -> Option<Point> {
        let coordinate = |c: u8| match c {
            b'a'..=b'z' => Some(c - b'a'),
            b'A'..=b'Z' => Some(c - b'A' + 26),
            _ => None,
        };
        match s.as_bytes() {
            [x, y] => Some(Point::new(coordinate(*x)?, coordinate(*y)?)),
            _ => None,
        }
    }

    /// The form rule documents use, `D4`: columns `A`..`Z` without `I`, rows counted
    /// from the bottom (Black's side) starting at 1. `height` is the board's height.
    /// Points outside a 25-column board fall back to the SGF form.
    pub fn to_d4(self, height: u8) -> String {
        self.d4(height).as_str().to_string()
    }

    /// The `D4` form of [`Point::to_d4`], held in place rather than in a `String`.
    pub fn d4(self, height: u8) -> D4Name {
        match COLUMNS.get(usize::from(self.x)) {
            Some(&letter) if self.y < height => {
                // Written by hand: `format!` costs several times as much, and a batch
                // names every stone of every estimated group.
                let row = height - self.y;
                let mut name = D4Name {
                    bytes: [letter, 0, 0, 0],
                    len: 1,
                };
                if row >= 100 {
                    name.push(b'0' + row / 100);
                }
                if row >= 10 {
                    name.push(b'0' + row / 10 % 10);
                }
                name.push(b'0' + row % 10);
                name
            }
            _ => {
                let sgf = self.to_sgf();
                let mut name = D4Name {
                    bytes: [0; 4],
                    len: 0,
                };
                // Two ASCII letters (or `?`).
                for &b in sgf.as_bytes().iter().take(4) {
                    name.push(b);
                }
                name
            }
        }
    }

    /// Read the `D4` form on a `width` x `height` board: a column letter (either case,
    /// no `I`) and a row of one or two digits from the bottom. `None` when the text is not
    /// that form or the point lies off the board.
    pub fn from_d4(s: &str, width: u8, height: u8) -> Option<Point> {
        let (column, row) = d4(s)?;
        (column < width && row <= height).then(|| Point::new(column, height - row))
    }
}

/// A point's name in the `D4` form ([`Point::to_d4`], `D4`, `T19`, or the SGF form off
/// the lettered columns), held in place: a letter and at most three digits, all ASCII.
/// A report names every stone of every group goref's estimate decided, and this names
/// each without a `String` of its own. It reads as the `&str` it holds (`Deref`), shows
/// and serialises as that text, exactly as the `String` of [`Point::to_d4`] does.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct D4Name {
    /// The name's bytes, `len` of them used.
    bytes: [u8; 4],
    len: u8,
}

impl D4Name {
    /// Add the ASCII byte `b` (a [`Point::d4`] name has room for four).
    fn push(&mut self, b: u8) {
        if let Some(slot) = self.bytes.get_mut(usize::from(self.len)) {
            *slot = b;
            self.len += 1;
        }
    }

    /// The name, `D4`.
    pub fn as_str(&self) -> &str {
        let bytes = self.bytes.get(..usize::from(self.len)).unwrap_or_default();
        // Only ASCII is ever pushed ([`Point::d4`]), so this never falls back.
        std::str::from_utf8(bytes).unwrap_or_default()
    }
}

impl std::ops::Deref for D4Name {
    type Target = str;
    fn deref(&self) -> &str {
        self.as_str()
    }
}

/// So a list of names joins as strings do: `names.join(" ")`.
impl std::borrow::Borrow<str> for D4Name {
    fn borrow(&self) -> &str {
        self.as_str()
    }
}

impl std::fmt::Display for D4Name {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.pad(self.as_str())
    }
}

impl std::fmt::Debug for D4Name {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(self.as_str(), f)
    }
}

impl PartialEq<str> for D4Name {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for D4Name {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl serde::Serialize for D4Name {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

/// The letter of column `x` (from 0) in the `D4` form.
pub fn column_letter(x: u8) -> Option<char> {
    COLUMNS.get(usize::from(x)).map(|&c| char::from(c))
}

/// A `D4` name's column (from 0) and row (from the bottom, from 1): a letter of
/// [`COLUMNS`] in either case, then one or two digits naming a row from 1 to
/// [`MAX_SIZE`].
fn d4(s: &str) -> Option<(u8, u8)> {
    let (first, digits) = s.as_bytes().split_first()?;
    let column = COLUMNS
        .iter()
        .position(|c| *c == first.to_ascii_uppercase())?;
    if digits.is_empty() || digits.len() > 2 || !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let row: u8 = std::str::from_utf8(digits).ok()?.parse().ok()?;
    // `column` indexes a 25-letter table.
    (1..=MAX_SIZE).contains(&row).then_some((column as u8, row))
}

/// A point as a person names it, before the board is known: the SGF form (`dp`) names a
/// point directly, while the rule-document form (`D4`) counts rows from the bottom and so
/// needs the board's height to become a [`Point`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PointName {
    /// SGF letters: column and row from the top-left corner.
    Sgf(Point),
    /// Rule-document form: column (from 0, `I` skipped in the letters) and row counted
    /// from the bottom, from 1.
    D4 { column: u8, row: u8 },
}

/// Text that names no point.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "`{text}` is not a point: write it as D4 (column letter without I, row from the bottom) or as SGF letters (dp)"
)]
pub struct PointNameError {
    /// The text as given, trimmed.
    pub text: String,
}

impl PointName {
    /// Read `D4` (a column letter `A`..`Z` without `I`, then a row number from 1; case
    /// does not matter) or SGF form (`dp`, two letters `a`..`z`).
    pub fn parse(text: &str) -> Result<PointName, PointNameError> {
        let t = text.trim();
        if let Some((column, row)) = d4(t) {
            return Ok(PointName::D4 { column, row });
        }
        match t.as_bytes() {
            [c, r] if c.is_ascii_lowercase() && r.is_ascii_lowercase() => {
                Point::from_sgf(t).map(PointName::Sgf)
            }
            _ => None,
        }
        .ok_or_else(|| PointNameError {
            text: t.to_string(),
        })
    }

    /// The point on a board `height` rows high; `None` when a `D4` row lies above it.
    /// (Printing gives the name back as it was read: `D4` upper-case, or `dp`.)
    pub fn at(self, height: u8) -> Option<Point> {
        match self {
            PointName::Sgf(p) => Some(p),
            PointName::D4 { column, row } => {
                (row <= height).then(|| Point::new(column, height - row))
            }
        }
    }
}

impl std::fmt::Display for PointName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            PointName::Sgf(p) => f.write_str(&p.to_sgf()),
            PointName::D4 { column, row } => match column_letter(column) {
                Some(letter) => write!(f, "{letter}{row}"),
                None => write!(f, "?{row}"),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn point_names_read_in_d4_and_sgf_form() {
        let d4 = PointName::parse("D4").expect("D4");
        assert_eq!(d4.at(19), Some(Point::new(3, 15)));
        assert_eq!(d4.at(3), None, "row 4 is above a 3-row board");
        assert_eq!(
            PointName::parse("q16").expect("q16").at(19),
            Some(Point::new(15, 3))
        );
        assert_eq!(
            PointName::parse("J1").expect("J1").at(9),
            Some(Point::new(8, 8))
        );
        assert_eq!(
            PointName::parse("dp").expect("dp").at(19),
            Some(Point::new(3, 15))
        );
        assert_eq!(PointName::parse("D4").expect("D4").to_string(), "D4");
        assert_eq!(PointName::parse("dp").expect("dp").to_string(), "dp");
        for bad in ["I5", "D0", "D26", "4D", "", "ddd", "D", "Dp", "D004"] {
            assert!(PointName::parse(bad).is_err(), "{bad:?}");
        }
        assert_eq!(
            PointName::parse(" I5 ").unwrap_err().to_string(),
            "`I5` is not a point: write it as D4 (column letter without I, row from the bottom) or as SGF letters (dp)"
        );
    }

    #[test]
    fn the_two_forms_write_and_read_back() {
        for height in [1u8, 9, 13, 19, 25] {
            for y in 0..height {
                for x in 0..MAX_SIZE {
                    let p = Point::new(x, y);
                    assert_eq!(Point::from_sgf(&p.to_sgf()), Some(p));
                    assert_eq!(Point::from_d4(&p.to_d4(height), MAX_SIZE, height), Some(p));
                    assert_eq!(
                        PointName::parse(&p.to_d4(height)).unwrap().at(height),
                        Some(p)
                    );
                }
            }
        }
        // SGF's upper-case letters for coordinates past `z`.
        assert_eq!(Point::new(26, 51).to_sgf(), "AZ");
        assert_eq!(Point::from_sgf("AZ"), Some(Point::new(26, 51)));
        // Row numbers of one, two and three digits (the last only past goref's boards).
        assert_eq!(Point::new(0, 18).to_d4(19), "A1");
        assert_eq!(Point::new(3, 15).to_d4(19), "D4");
        assert_eq!(Point::new(18, 0).to_d4(19), "T19");
        assert_eq!(Point::new(7, 9).to_d4(19), "H10");
        assert_eq!(Point::new(24, 0).to_d4(25), "Z25");
        assert_eq!(Point::new(1, 0).to_d4(200), "B200");
        // Past 25 columns there is no `D4` letter: the SGF form stands in.
        assert_eq!(Point::new(25, 0).to_d4(19), "za");
        assert_eq!(Point::new(0, 19).to_d4(19), "at");
    }

    #[test]
    fn the_held_name_is_the_text_format_writes() {
        // The name as `format!` writes it: the column letter and the row, else the SGF
        // form; held in place, it reads, shows and serialises as that text.
        let written = |p: Point, height: u8| match column_letter(p.x) {
            Some(letter) if p.y < height => format!("{letter}{}", height - p.y),
            _ => p.to_sgf(),
        };
        for height in (1..=60).chain([99, 100, 101, 200, 255]) {
            for y in (0..60).chain([98, 99, 100, 199, 200, 254, 255]) {
                for x in 0..60 {
                    let p = Point::new(x, y);
                    let name = p.d4(height);
                    let text = written(p, height);
                    assert_eq!(name.as_str(), text);
                    assert_eq!(p.to_d4(height), text);
                    assert_eq!(name.to_string(), text);
                    assert_eq!(format!("{name:>5}|{name:?}"), format!("{text:>5}|{text:?}"));
                    assert_eq!(
                        serde_json::to_string(&name).expect("a name serialises"),
                        serde_json::to_string(&text).expect("a string serialises")
                    );
                }
            }
        }
        let names = [Point::new(3, 15).d4(19), Point::new(16, 3).d4(19)];
        assert_eq!(names.join(" "), "D4 R16");
        assert_eq!(names[0], "D4");
    }

    #[test]
    fn d4_on_a_board_must_fit_it() {
        assert_eq!(Point::from_d4("Q16", 19, 19), Some(Point::new(15, 3)));
        assert_eq!(Point::from_d4("r16", 19, 19), Some(Point::new(16, 3)));
        assert_eq!(Point::from_d4("T1", 19, 19), Some(Point::new(18, 18)));
        for bad in ["U1", "A20", "A0", "I3", "A016", "A", "16"] {
            assert_eq!(Point::from_d4(bad, 19, 19), None, "{bad}");
        }
    }
}
