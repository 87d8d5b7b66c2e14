//! SGF written out: a record read from another server's format (GIB, NGF, UGF) as the
//! SGF text it amounts to, and an SGF file re-encoded as UTF-8. This is the one writer of
//! SGF property values in goref's loader: every value goes through [`escape`].
//!
//! What it guarantees:
//! - **The text is UTF-8 and says so.** A converted record opens with `FF[4]`,
//!   `CA[UTF-8]`, `GM[1]` and `SZ`; an SGF file keeps every byte of its decoded text but
//!   its charset: each game's `CA` names UTF-8 (replaced or added) when the text is not
//!   plain ASCII.
//! - **It reads back as the original.** A converted record is written from the same
//!   properties the loader builds its [`GameRecord`](super::GameRecord) from, so loading
//!   the text gives the same game; an SGF text is checked by loading it again (see
//!   [`to_sgf`]).

use sgf_parse::SgfNode;
use sgf_parse::go::{Move as SgfMove, Point as SgfPoint};

use super::plain::PlainMove;
use super::record::{self, ParsedPiece, Tree};
use super::{GameError, GameRecord, LoadError, LoadWarning, decode, outline};
use crate::board::Color;

/// The formats goref reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Format {
    Sgf,
    /// Tygem's `.gib`.
    Gib,
    /// WBaduk's (Cyberoro's) `.ngf`.
    Ngf,
    /// Pandanet's `.ugf` and `.ugi`.
    Ugf,
}

impl Format {
    /// `SGF`, `Tygem GIB`, `WBaduk NGF`, `Pandanet UGF`.
    pub fn name(self) -> &'static str {
        match self {
            Format::Sgf => "SGF",
            Format::Gib => "Tygem GIB",
            Format::Ngf => "WBaduk NGF",
            Format::Ugf => "Pandanet UGF",
        }
    }
}

/// A value as SGF writes it: `\` and `]` escaped with a backslash.
pub fn escape(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        if matches!(c, '\\' | ']') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// A file as SGF text (see [`to_sgf`]).
#[derive(Debug, Clone, PartialEq)]
pub struct SgfText {
    /// The format the file was read in.
    pub format: Format,
    /// The SGF text, UTF-8.
    pub text: String,
}

/// Why a file could not be written as SGF.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ConvertError {
    #[error("{0}")]
    Load(#[from] LoadError),
    /// The one game of a GIB, NGF or UGF file could not be read.
    #[error("{0}")]
    Game(#[from] GameError),
    /// The SGF re-encoded as UTF-8 does not read as the original (a bug in goref): no
    /// text is given.
    #[error("game {game}: the text re-encoded as UTF-8 does not read as the original")]
    Differs { game: usize },
}

/// The SGF text of the file `bytes`: a GIB, NGF or UGF record converted (one game), or
/// an SGF file decoded as the loader decodes it and re-encoded as UTF-8 (every game,
/// variations and comments included). The result is loaded again and compared with the
/// original game by game (players, board, komi, handicap, setup, moves, result) before it
/// is handed back, so a caller writes it whole or not at all.
pub fn to_sgf(bytes: &[u8]) -> Result<SgfText, ConvertError> {
    let original = super::load(bytes)?;
    let (format, text) = match super::foreign_game(bytes) {
        Some((format, game)) => (format, game?.sgf()),
        None => (Format::Sgf, utf8_sgf(bytes)),
    };
    let again = super::load(text.as_bytes())?;
    for (i, game) in original.iter().enumerate() {
        let same = match (game, again.get(i)) {
            (Ok(a), Some(Ok(b))) => same_game(a, b),
            (Err(_), Some(Err(_))) => true,
            _ => false,
        };
        if !same {
            return Err(ConvertError::Differs { game: i + 1 });
        }
    }
    if again.len() != original.len() {
        return Err(ConvertError::Differs {
            game: original.len().min(again.len()) + 1,
        });
    }
    Ok(SgfText { format, text })
}

/// What a converted text must keep of a game.
fn same_game(a: &GameRecord, b: &GameRecord) -> bool {
    a.width == b.width
        && a.height == b.height
        && a.komi == b.komi
        && a.handicap == b.handicap
        && a.black == b.black
        && a.white == b.white
        && a.black_rank == b.black_rank
        && a.white_rank == b.white_rank
        && a.date == b.date
        && a.result == b.result
        && a.rules == b.rules
        && a.setup == b.setup
        && a.moves == b.moves
        && a.mid_setups == b.mid_setups
}

/// An SGF file's decoded text with each game's `CA` naming UTF-8 (replaced, or added to
/// a root without one) when the text is not plain ASCII.
fn utf8_sgf(bytes: &[u8]) -> String {
    let text = decode::decode(bytes).text;
    if text.is_ascii() {
        return text.into_owned();
    }
    let mut edits: Vec<(std::ops::Range<usize>, &str)> = Vec::new();
    for game in outline::outline(&text) {
        let Some(root) = game.nodes.first() else {
            continue;
        };
        match &root.charset {
            Some(value)
                if super::decode::charset_for_label(&text[value.clone()])
                    == Some(encoding_rs::UTF_8) => {}
            Some(value) => edits.push((value.clone(), "UTF-8")),
            None => edits.push((root.end..root.end, "CA[UTF-8]")),
        }
    }
    let mut out = String::with_capacity(text.len() + 10 * edits.len());
    let mut at = 0;
    for (range, new) in edits {
        out.push_str(&text[at..range.start]);
        out.push_str(new);
        at = range.end;
    }
    out.push_str(&text[at..]);
    out
}

/// One move of a record read from another format: a stone, or a pass (`None`).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct ForeignMove {
    pub color: Color,
    pub point: Option<(u8, u8)>,
    /// Text for the move's node (`C`), from a review's comments.
    pub comment: Option<String>,
}

/// A game read from GIB, NGF or UGF, as the SGF properties it amounts to: the root's
/// (game information, handicap stones), then one node per move.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct ForeignGame {
    /// The root's properties in the order they are written, `FF`, `CA`, `GM` and `SZ`
    /// first (see [`ForeignGame::new`]), each identifier with its values.
    pub root: Vec<(String, Vec<String>)>,
    pub moves: Vec<ForeignMove>,
    /// What could not be read exactly, and the charset guess.
    pub warnings: Vec<LoadWarning>,
    /// The main line was cut at this node (the record's moves stop being readable there).
    pub cut: Option<usize>,
}

impl ForeignGame {
    /// A game on a `size` x `size` board, with the root's first properties.
    pub fn new(size: u8) -> ForeignGame {
        let mut game = ForeignGame::default();
        for (id, value) in [
            ("FF", "4".to_string()),
            ("CA", "UTF-8".to_string()),
            ("GM", "1".to_string()),
            ("SZ", size.to_string()),
        ] {
            game.set(id, value);
        }
        game
    }

    /// Set root property `id` to `value` (replacing an earlier value); empty values are
    /// not written.
    pub fn set(&mut self, id: &str, value: String) {
        let value = value.trim().to_string();
        if value.is_empty() {
            return;
        }
        match self.root.iter_mut().find(|(i, _)| i == id) {
            Some((_, values)) => *values = vec![value],
            None => self.root.push((id.to_string(), vec![value])),
        }
    }

    /// Add a value to root property `id` (`AB`).
    pub fn add(&mut self, id: &str, value: String) {
        match self.root.iter_mut().find(|(i, _)| i == id) {
            Some((_, values)) => values.push(value),
            None => self.root.push((id.to_string(), vec![value])),
        }
    }

    /// Append `text` (a line) to the comment of node `node` (0 = the root); a node past
    /// the last move is ignored.
    pub fn comment(&mut self, node: usize, text: &str) {
        let slot = if node == 0 {
            match self.root.iter_mut().find(|(i, _)| i == "C") {
                Some((_, values)) => values.first_mut(),
                None => {
                    self.root.push(("C".to_string(), vec![String::new()]));
                    self.root.last_mut().and_then(|(_, v)| v.first_mut())
                }
            }
        } else {
            self.moves
                .get_mut(node - 1)
                .map(|m| m.comment.get_or_insert_with(String::new))
        };
        if let Some(slot) = slot {
            slot.push_str(text);
            slot.push('\n');
        }
    }

    /// The game as SGF text: one game tree, the root, then one node per move.
    pub fn sgf(&self) -> String {
        let mut out = String::with_capacity(64 + 8 * self.moves.len());
        out.push_str("(;");
        for (id, values) in &self.root {
            out.push_str(id);
            for value in values {
                out.push('[');
                out.push_str(&escape(value));
                out.push(']');
            }
        }
        out.push('\n');
        for (i, m) in self.moves.iter().enumerate() {
            out.push(';');
            out.push(if m.color == Color::Black { 'B' } else { 'W' });
            out.push('[');
            if let Some((x, y)) = m.point {
                out.push(letter(x));
                out.push(letter(y));
            }
            out.push(']');
            if let Some(comment) = &m.comment {
                out.push_str("C[");
                out.push_str(&escape(comment));
                out.push(']');
            }
            if i % 10 == 9 {
                out.push('\n');
            }
        }
        out.push_str(")\n");
        out
    }

    /// The game as the loader's [`GameRecord`], built from the same properties as its
    /// SGF text would be (the moves as plain move nodes, without a parse).
    pub fn record(self) -> Result<GameRecord, GameError> {
        let root = record::Root::Tree(Tree(SgfNode::new(
            super::props(self.root),
            Vec::new(),
            true,
        )));
        let moves: Vec<PlainMove> = self
            .moves
            .iter()
            .map(|m| PlainMove {
                color: m.color,
                m: match m.point {
                    Some((x, y)) => SgfMove::Move(SgfPoint { x, y }),
                    None => SgfMove::Pass,
                },
                time_left: None,
            })
            .collect();
        let pieces = vec![ParsedPiece::Moves(0..moves.len())];
        let mut built = record::build_from(0, root, &moves, pieces, self.warnings)?;
        built.main_line_cut = self.cut;
        Ok(built)
    }
}

/// The format of the file `bytes` as goref reads it: GIB, NGF or UGF by its content,
/// else SGF (whether or not it reads).
pub fn format_of(bytes: &[u8]) -> Format {
    super::foreign_format(bytes).unwrap_or(Format::Sgf)
}

/// SGF's letter for a coordinate (`a` to `z`, then `A` to `Z`).
fn letter(c: u8) -> char {
    match c {
        0..=25 => char::from(b'a' + c),
        _ => char::from(b'A' + (c - 26).min(25)),
    }
}

/// The handicap stones as Tygem places them (and WBaduk, and Sabaki and KaTrain reading
/// their files): the first four on the 4-4 points in the order lower left, upper right,
/// upper left, lower right (the third differs from SGF's usual upper-left-last order), then
/// the sides and the centre on odd boards, as in SGF's usual placement. Points are
/// `(column, row)`, rows from the top.
pub(crate) fn tygem_handicap(size: u8, count: u32) -> Vec<(u8, u8)> {
    if size <= 6 || count < 2 {
        return Vec::new();
    }
    let near = if size >= 13 { 3 } else { 2 };
    let far = size - near - 1;
    let middle = (size - 1) / 2;
    let mut points = vec![(near, far), (far, near), (near, near), (far, far)];
    if size % 2 == 1 && size != 7 {
        if count == 5 {
            points.push((middle, middle));
        }
        points.extend([(near, middle), (far, middle)]);
        if count == 7 {
            points.push((middle, middle));
        }
        points.extend([(middle, near), (middle, far), (middle, middle)]);
    }
    points.truncate(count as usize);
    points
}

/// `dp`: a point as SGF writes it.
pub(crate) fn sgf_point((x, y): (u8, u8)) -> String {
    [letter(x), letter(y)].iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_escaped() {
        assert_eq!(escape(r"a]b\c"), r"a\]b\\c");
        let mut game = ForeignGame::new(19);
        game.set("PB", r"x]\y".to_string());
        let text = game.sgf();
        assert!(text.contains(r"PB[x\]\\y]"), "{text}");
        let records = crate::sgf::load(text.as_bytes()).unwrap();
        assert_eq!(records[0].as_ref().unwrap().black.as_deref(), Some(r"x]\y"));
    }

    #[test]
    fn tygem_places_the_third_stone_upper_left() {
        let points: Vec<String> = tygem_handicap(19, 3).into_iter().map(sgf_point).collect();
        assert_eq!(points, ["dp", "pd", "dd"]);
        assert_eq!(tygem_handicap(19, 9).len(), 9);
        assert_eq!(tygem_handicap(19, 5)[4], (9, 9));
        assert!(tygem_handicap(5, 2).is_empty());
    }
}
