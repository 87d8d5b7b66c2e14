//! The JSON document of `validate` and `score`: `{"games": [...]}`, one object per
//! report as docs/formats.md describes it; and [`safe`], the bytes of every JSON goref
//! writes.
//!
//! JSON carries the record's text as data, as the loader read it: a script gets the
//! players' names, the result and the file as they are. Its bytes hold none of the
//! characters of [`goref::text::is_hidden`]: serde_json escapes the control characters,
//! and [`safe`] the others, so a terminal that shows the file acts on nothing in it.

use std::io::{self, Write};

use goref::report::GameReport;
use goref::text::is_hidden;
use serde_json::{Value, json};

use super::ReportWriter;
use crate::words;

pub struct JsonWriter<W: Write> {
    out: W,
    games: Vec<Value>,
}

impl<W: Write> JsonWriter<W> {
    pub fn new(out: W) -> Self {
        JsonWriter {
            out,
            games: Vec::new(),
        }
    }
}

impl<W: Write> ReportWriter for JsonWriter<W> {
    fn game(&mut self, report: &GameReport) -> io::Result<()> {
        self.games.push(game(report)?);
        Ok(())
    }

    fn finish(&mut self, _summary: Option<&serde_json::Value>) -> io::Result<()> {
        let text = serde_json::to_string_pretty(&json!({ "games": self.games }))?;
        writeln!(self.out, "{}", safe(text))?;
        self.out.flush()
    }
}

/// A report as the library serialises it, with its error, warnings and notes worded by
/// the command line (naming the option that would change them).
fn game(report: &GameReport) -> io::Result<Value> {
    let mut value = serde_json::to_value(report)?;
    if let Some(error) = &report.error {
        value["error"] = json!(words::error(error));
    }
    value["warnings"] = report.warnings.iter().map(words::warning).collect();
    if let Some(score) = &report.score {
        value["score"]["notes"] = score.notes.iter().map(words::note).collect();
    }
    Ok(value)
}

/// JSON text with the characters of [`is_hidden`] that serde_json writes as they are
/// (DEL, C1 controls, bidirectional overrides, line separators) written as `\uXXXX`: the
/// same data, in bytes that no terminal acts on. Outside strings JSON holds only ASCII
/// punctuation and whitespace, so every such character is inside a string, where its
/// escape means the same character.
pub fn safe(json: String) -> String {
    let raw = |c: char| is_hidden(c) && u32::from(c) >= 0x7f;
    if !json.contains(raw) {
        return json;
    }
    let mut out = String::with_capacity(json.len() + 16);
    for c in json.chars() {
        if raw(c) {
            // All of them are below U+10000: one escape each.
            out.push_str(&format!("\\u{:04x}", u32::from(c)));
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hidden_characters_are_escaped_and_the_data_is_the_same() {
        let name = "a\u{7f}b\u{9b}c\u{202e}d\u{2028}e\u{1b}f\u{2066}";
        let text = safe(serde_json::to_string(&json!({ "black": name })).unwrap());
        assert!(!text.chars().any(is_hidden), "{text}");
        let back: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(back["black"], name);
        let plain = serde_json::to_string_pretty(&json!({ "black": "李世乭" })).unwrap();
        assert_eq!(safe(plain.clone()), plain);
    }
}
