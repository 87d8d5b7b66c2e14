//! Annotated copies of records: the original text with goref's comments and marks added,
//! so a person opening the copy in Sabaki, KaTrain or CGoban sees what goref saw.
//!
//! What [`annotate`] guarantees:
//! - **Every byte of the original stays**, in order: text is only inserted (a `C` value
//!   gets goref's lines appended after a blank line, or a new `C[...]` is added; marks are
//!   added as `TB`/`TW`/`MA`, or as more values of the node's own `MA`). The one value
//!   that may change is `CA`, below.
//! - **The copy is UTF-8.** goref reads the original in whatever charset it finds
//!   (`sgf::load`) and writes the copy in UTF-8. When the copy holds any character outside
//!   ASCII, every game's root says `CA[UTF-8]`: an existing `CA` naming another charset
//!   gets the value `UTF-8` (and the root comment says what it was), and a root without
//!   one gets `CA[UTF-8]`. A copy in plain ASCII is left without a `CA` it did not have.
//!   There is no byte-order mark.
//! - **Marks never fight the record's own.** Territory (`TB`/`TW`) is added only to a
//!   node without any; dead stones are marked `MA` (added to the node's own `MA` if it
//!   has one).
//! - **The copy reads as the original does.** Before the copy is handed back it is loaded
//!   again and compared game by game with the original (board, players, moves, setup,
//!   result, nodes); any difference is an error and no copy is given, so a caller writes
//!   the copy whole or not at all.
//!
//! The copy is the original text with insertions, not a tree written out again:
//! sgf-parse's serialiser writes a node's child by recursion (a long game would overflow
//! the stack), writes point lists (`AB`, `TB`) in hash order, and drops what its parser
//! did not keep (lower-case letters of FF\[3\] names, soft line breaks).
//!
//! Nodes are numbered along the main line from the root (node 0), as in
//! [`Finding::node`](crate::replay::Finding::node) and [`sgf::Move::node`].

use std::collections::BTreeMap;
use std::path::PathBuf;

use crate::adjudicate::Agreement;
use crate::board::Color;
use crate::check::{CheckedFile, CheckedGame};
use crate::judge::Judged;
use crate::point::Point;
use crate::replay::Consequence;
use crate::report::GameReport;
use crate::sgf::outline::{self, GameOutline};
use crate::sgf::{self, GameRecord, LoadError};
use crate::text::{one_line, shown};
use crate::words::format_points;

/// What to add to one game.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct GameNotes {
    /// Lines of comment for main-line nodes (node 0 is the root), in the order given.
    pub comments: BTreeMap<usize, Vec<String>>,
    /// Territory of the counted position, marked `TB`/`TW` on its node (the dead stones'
    /// points included, as SGF marks them).
    pub territory: Option<sgf::TerritoryMarks>,
    /// Dead stones, marked `MA` on the territory's node.
    pub dead: Vec<Point>,
}

impl GameNotes {
    /// Add a line of comment to a node: one line, whatever record text it quotes
    /// ([`crate::text::one_line`]).
    pub fn comment(&mut self, node: usize, line: impl Into<String>) {
        let line = one_line(&line.into()).into_owned();
        self.comments.entry(node).or_default().push(line);
    }
}

/// Why no copy could be made.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum AnnotateError {
    #[error("{0}")]
    Load(#[from] LoadError),
    #[error("game {game}: goref found {found} games in the text, so this one cannot be annotated")]
    NoGame { game: usize, found: usize },
    #[error(
        "game {game}: node {node} cannot be annotated: the record's text could be followed to \
         node {last} only"
    )]
    NoNode {
        game: usize,
        node: usize,
        last: usize,
    },
    #[error("the annotated copy would not read as the original does ({0}); no copy was made")]
    Differs(String),
}

/// The text of an annotated copy of the SGF file `bytes`: `games[i]` says what to add
/// to game `i` (0-based; `None` adds nothing).
pub fn annotate(bytes: &[u8], games: &[Option<GameNotes>]) -> Result<String, AnnotateError> {
    let original = sgf::load(bytes)?;
    let original: Vec<Result<&GameRecord, &sgf::GameError>> =
        original.iter().map(Result::as_ref).collect();
    annotate_loaded(bytes, &original, games)
}

/// The annotated copy of the SGF file `bytes`, checked into `checked` (by
/// [`crate::check::judge_file`], or [`crate::check::validate_file`] for a copy that states no count):
/// on each game's root, the result under each rule set and what decided it, and the
/// count; on every node with a finding, what it is, why, and its consequence; on the
/// position the first counted rule set counted, `TB`/`TW` and the dead stones `MA`.
/// Everything comes from the judged games; nothing is replayed or counted again.
pub fn annotated_copy(bytes: &[u8], checked: &CheckedFile) -> Result<String, AnnotateError> {
    let checked_games = match &checked.games {
        Ok(games) => games.as_slice(),
        Err(_) => &[],
    };
    // The copy is compared with the whole file: when the time ran out, what was loaded
    // may not be all of it.
    let reloaded;
    let original: Vec<Result<&GameRecord, &sgf::GameError>> = if checked.complete {
        checked_games.iter().map(CheckedGame::record).collect()
    } else {
        reloaded = sgf::load(bytes)?;
        reloaded.iter().map(Result::as_ref).collect()
    };
    let rows = checked.rows();
    let notes: Vec<Option<GameNotes>> = original
        .iter()
        .enumerate()
        .map(|(i, game)| {
            let of_game: Vec<&GameReport> = rows.iter().filter(|r| r.game == i + 1).collect();
            let judged = match checked_games.get(i) {
                Some(CheckedGame::Judged { under, .. }) => under.as_slice(),
                _ => &[],
            };
            match game {
                Ok(record) if !of_game.is_empty() => Some(notes_of(record, &of_game, judged)),
                _ => None,
            }
        })
        .collect();
    annotate_loaded(bytes, &original, &notes)
}

/// [`annotate`] of a file already loaded into `original`.
fn annotate_loaded(
    bytes: &[u8],
    original: &[Result<&GameRecord, &sgf::GameError>],
    games: &[Option<GameNotes>],
) -> Result<String, AnnotateError> {
    let decoded = sgf::decoded_text(bytes);
    let text: &str = &decoded;
    let outlines = outline::outline(text);
    if let Some(i) = games.iter().skip(outlines.len()).position(Option::is_some) {
        return Err(AnnotateError::NoGame {
            game: outlines.len() + i + 1,
            found: outlines.len(),
        });
    }
    let unicode = !text.is_ascii()
        || games
            .iter()
            .flatten()
            .any(|n| n.comments.values().flatten().any(|line| !line.is_ascii()));

    let mut edits = Edits::default();
    for (i, game) in outlines.iter().enumerate() {
        let mut notes = games.get(i).cloned().flatten();
        if unicode && let Some(root) = game.nodes.first() {
            match &root.charset {
                Some(value) if !is_utf8_label(&text[value.clone()]) => {
                    edits.replace(value.start, value.end, NEW_PROPERTIES, "UTF-8".into());
                    let line = format!(
                        "goref: this copy is written in UTF-8; the original declared CA[{}]",
                        shown(text[value.clone()].trim())
                    );
                    notes.get_or_insert_default().comment(0, line);
                }
                Some(_) => {}
                None => edits.insert(root.end, NEW_PROPERTIES, "CA[UTF-8]".into()),
            }
        }
        if let Some(notes) = &notes {
            add_notes(&mut edits, text, i, game, notes)?;
        }
    }
    let copy = edits.apply(text);
    check_same(original, &sgf::load(copy.as_bytes())?)?;
    Ok(copy)
}

/// What to add to a game: its rows `reports` (one per rule choice) and, when it was
/// judged, its judgements `judged` in the same order.
fn notes_of(record: &GameRecord, reports: &[&GameReport], judged: &[Judged]) -> GameNotes {
    let mut notes = GameNotes::default();
    if let Some(counted) = judged.iter().find_map(Judged::counted) {
        let [black, white] = counted.count.territory_points.clone();
        notes.territory = Some(sgf::TerritoryMarks {
            node: record.nodes.saturating_sub(1),
            black,
            white,
        });
        notes.dead = counted.dead.stones.clone();
    }
    for report in reports {
        let who = if reports.len() > 1 {
            format!("goref ({})", report.rules)
        } else {
            "goref".to_string()
        };
        let score = report.score.as_ref();
        if let Some(error) = &report.error {
            notes.comment(0, format!("{who}: the game could not be checked: {error}"));
        }
        if let Some(score) = score {
            notes.comment(
                0,
                format!(
                    "{who}: {} under {}, decided by {}",
                    score.result,
                    report.rules,
                    score.decided_by.described()
                ),
            );
            if let (Some(black), Some(white)) = (score.black, score.white) {
                let dead = if score.dead_stones.is_empty() {
                    "no dead stones".to_string()
                } else {
                    format!("dead stones {}", score.dead_stones.join(" "))
                };
                notes.comment(
                    0,
                    format!(
                        "{who}: counted Black {}, White {} ({dead})",
                        format_points(black),
                        format_points(white)
                    ),
                );
            }
            if score.result_matches == Some(Agreement::Agrees)
                && let Some(re) = &report.recorded_result
            {
                notes.comment(
                    0,
                    format!("{who}: the recorded result {} agrees", shown(re)),
                );
            }
        }
        for f in &report.findings {
            let at = f
                .move_number
                .map(|m| format!(" at move {m}"))
                .unwrap_or_default();
            // A side line's finding goes in the root comment, named by its line: the
            // outline places main-line nodes only.
            let on_line = f
                .line
                .as_ref()
                .map(|l| format!(" in variation {l}"))
                .unwrap_or_default();
            let mut line = format!(
                "{who}: {} ({}){on_line}{at}: {}",
                f.kind,
                f.severity.as_str(),
                f.detail
            );
            if f.consequence != Consequence::None {
                line.push_str(&format!(
                    "; under {}: {}",
                    report.rules,
                    consequence_words(f.consequence, f.color)
                ));
            }
            let node = if f.line.is_some() {
                0
            } else {
                f.node.unwrap_or(0)
            };
            if !notes.comments.get(&node).is_some_and(|l| l.contains(&line)) {
                notes.comment(node, line);
            }
        }
    }
    notes
}

/// What a consequence does, in words.
fn consequence_words(consequence: Consequence, color: Option<Color>) -> String {
    let player = color.map_or("the player", Color::name);
    match consequence {
        Consequence::Pass => "the move counts as a pass".to_string(),
        Consequence::Void => format!("the move is void and {player} loses the turn"),
        Consequence::Loss => format!("{player} loses the game"),
        Consequence::Draw => "the game is a draw".to_string(),
        Consequence::NoResult => "the game has no result".to_string(),
        Consequence::None => "no penalty".to_string(),
    }
}

/// `UTF-8`, `utf8`, `UTF_8`...
fn is_utf8_label(label: &str) -> bool {
    let plain: String = label.chars().filter(char::is_ascii_alphanumeric).collect();
    plain.eq_ignore_ascii_case("utf8")
}

/// Where the annotated copy of a record goes, relative to the folder chosen for copies:
/// the record's path as given (`games/round1/a.sgf`), or for a member of an archive, the
/// archive's path as a folder holding the member's path (`games.zip/round1/a.sgf`). Two
/// different records never get the same path: `.` is dropped, `..` becomes `%2E%2E`, a
/// leading `/` becomes a folder `%2F`, `%` in a name is written `%25`, and standard input
/// (`-`) becomes `%stdin.sgf`, a name no record's path can produce.
pub fn copy_path(path: &str, member: Option<&str>) -> PathBuf {
    let mut out = PathBuf::new();
    if path == "-" && member.is_none() {
        out.push("%stdin.sgf");
        return out;
    }
    if path.starts_with('/') {
        out.push("%2F");
    }
    for part in path
        .split('/')
        .chain(member.into_iter().flat_map(|m| m.split('/')))
    {
        match part {
            "" | "." => {}
            ".." => out.push("%2E%2E"),
            name => out.push(name.replace('%', "%25")),
        }
    }
    out
}

/// Insertions into the text, and replacements of a few values.
#[derive(Default)]
struct Edits {
    inserts: Vec<Edit>,
}

struct Edit {
    /// Replace `start..end` (`start == end` for an insertion).
    start: usize,
    end: usize,
    /// Among edits at the same place, lower first: values added to an existing property
    /// must stay next to it.
    order: u8,
    text: String,
}

impl Edits {
    fn insert(&mut self, at: usize, order: u8, text: String) {
        self.replace(at, at, order, text);
    }

    fn replace(&mut self, start: usize, end: usize, order: u8, text: String) {
        self.inserts.push(Edit {
            start,
            end,
            order,
            text,
        });
    }

    fn apply(mut self, text: &str) -> String {
        self.inserts.sort_by_key(|e| (e.start, e.order));
        let extra: usize = self.inserts.iter().map(|e| e.text.len()).sum();
        let mut out = String::with_capacity(text.len() + extra);
        let mut at = 0;
        for edit in &self.inserts {
            // Edits never overlap: each is an insertion or a value no other edit touches.
            if edit.start < at {
                continue;
            }
            out.push_str(&text[at..edit.start]);
            out.push_str(&edit.text);
            at = edit.end;
        }
        out.push_str(&text[at..]);
        out
    }
}

/// Edits at the same place, in this order.
const ADDED_VALUES: u8 = 0;
const NEW_PROPERTIES: u8 = 1;

fn add_notes(
    edits: &mut Edits,
    text: &str,
    game: usize,
    outline: &GameOutline,
    notes: &GameNotes,
) -> Result<(), AnnotateError> {
    let node_at = |node: usize| {
        outline.nodes.get(node).ok_or(AnnotateError::NoNode {
            game: game + 1,
            node,
            last: outline.nodes.len().saturating_sub(1),
        })
    };
    for (&node, lines) in &notes.comments {
        if lines.is_empty() {
            continue;
        }
        let n = node_at(node)?;
        let body = escape_text(&lines.join("\n"));
        match &n.comment {
            Some(value) if text[value.clone()].trim().is_empty() => {
                edits.insert(value.end, ADDED_VALUES, body);
            }
            Some(value) => edits.insert(value.end, ADDED_VALUES, format!("\n\n{body}")),
            None => edits.insert(n.end, NEW_PROPERTIES, format!("C[{body}]")),
        }
    }
    if let Some(marks) = &notes.territory {
        let n = node_at(marks.node)?;
        if !n.territory {
            let mut added = String::new();
            for (id, points) in [("TB", &marks.black), ("TW", &marks.white)] {
                if !points.is_empty() {
                    added.push_str(id);
                    added.push_str(&point_values(points));
                }
            }
            edits.insert(n.end, NEW_PROPERTIES, added);
        }
        if !notes.dead.is_empty() {
            let values = point_values(&notes.dead);
            match n.mark_end {
                Some(end) => edits.insert(end, ADDED_VALUES, values),
                None => edits.insert(n.end, NEW_PROPERTIES, format!("MA{values}")),
            }
        }
    }
    Ok(())
}

/// `[aa][bb]...` for points.
fn point_values(points: &[Point]) -> String {
    points.iter().map(|p| format!("[{}]", p.to_sgf())).collect()
}

/// SGF Text: `\` and `]` escaped.
fn escape_text(text: &str) -> String {
    text.replace('\\', "\\\\").replace(']', "\\]")
}

/// The copy's games against the original's: the same count, and each game the same in
/// everything goref reads but the territory marks goref added and the loader's warnings
/// (a charset guess disappears once the copy is UTF-8).
fn check_same(
    original: &[Result<&GameRecord, &sgf::GameError>],
    copy: &[Result<GameRecord, sgf::GameError>],
) -> Result<(), AnnotateError> {
    if original.len() != copy.len() {
        return Err(AnnotateError::Differs(format!(
            "{} games instead of {}",
            copy.len(),
            original.len()
        )));
    }
    for (i, (a, b)) in original.iter().zip(copy).enumerate() {
        let same = match (a, b) {
            (Ok(a), Ok(b)) => comparable(a) == comparable(b),
            (Err(a), Err(b)) => *a == b,
            _ => false,
        };
        if !same {
            return Err(AnnotateError::Differs(format!("game {} differs", i + 1)));
        }
    }
    Ok(())
}

fn comparable(record: &GameRecord) -> GameRecord {
    GameRecord {
        warnings: Vec::new(),
        territory: None,
        ..record.clone()
    }
}

#[cfg(test)]
mod tests;
