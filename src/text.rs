//! Text from a record, made safe to show: the one place that says which characters goref
//! never writes as they are, and how it writes them instead.
//!
//! A record is written by anyone. Its text (players, results, values goref quotes, file
//! and member names) may hold characters that act when shown: control characters (a
//! terminal runs `ESC ] 52` and `ESC [ 2J`, a line feed lets the text start a line of its
//! own, where a CI log reads `::error::`), C1 controls (some terminals read U+009B as
//! `ESC [`), the bidirectional embeddings, overrides and isolates that make text read
//! otherwise than it is written (Trojan Source), and the line and paragraph separators.
//! [`shown`] writes each as an escape: `\n`, `\r`, `\t`, `\x1b` for the other C0 controls
//! and DEL, `\u{9b}` for the others. The backslash itself becomes `\\`, so an escape in
//! the output always means the character, never a backslash the record held.
//!
//! Sentences that quote record text quote it through [`shown`]; [`one_line`] is the
//! guarantee on top, for a whole sentence: it escapes the same characters and leaves
//! backslashes alone (the quoted values already doubled theirs), so a sentence is one
//! line whatever a value quoted without [`shown`] held. Output formats add their own
//! escaping (CSV, Markdown, HTML, SVG, JSON) on top of these, each in its writer.

use std::borrow::Cow;
use std::fmt::Write as _;

/// Whether goref never writes `c` as it is: C0 controls (line feed, carriage return and
/// tab included), DEL, C1 controls, the bidirectional embeddings, overrides and isolates
/// (U+202A to U+202E, U+2066 to U+2069), and the line and paragraph separators (U+2028,
/// U+2029).
pub fn is_hidden(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{2028}' | '\u{2029}'
        )
}

/// `text` as goref shows record text: every character of [`is_hidden`] as an escape
/// (`\n`, `\r`, `\t`, `\x1b`, `\u{202e}`), and `\` as `\\`. Text without either is
/// returned as it is, without a copy.
pub fn shown(text: &str) -> Cow<'_, str> {
    escape(text, true)
}

/// A sentence as goref writes it: on one line, every character of [`is_hidden`] escaped
/// as [`shown`] escapes it, backslashes kept (the record text it quotes went through
/// [`shown`]).
pub fn one_line(sentence: &str) -> Cow<'_, str> {
    escape(sentence, false)
}

fn escape(text: &str, backslash: bool) -> Cow<'_, str> {
    let needs = |c: char| is_hidden(c) || (backslash && c == '\\');
    // Most text is printable ASCII, which needs nothing: skip it a byte at a time. The
    // first other byte is ASCII or starts a character, so the search goes on from there.
    let plain = |b: &u8| (b' '..=b'~').contains(b) && !(backslash && *b == b'\\');
    let Some(ascii) = text.bytes().position(|b| !plain(&b)) else {
        return Cow::Borrowed(text);
    };
    let Some(first) = text[ascii..].find(needs).map(|k| ascii + k) else {
        return Cow::Borrowed(text);
    };
    let mut out = String::with_capacity(text.len() + 8);
    out.push_str(&text[..first]);
    for c in text[first..].chars() {
        match c {
            '\\' if backslash => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            // Writing to a String cannot fail.
            c if c.is_ascii() && is_hidden(c) => {
                let _ = write!(out, "\\x{:02x}", u32::from(c));
            }
            c if is_hidden(c) => {
                let _ = write!(out, "\\u{{{:x}}}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_are_shown_as_escapes() {
        assert_eq!(shown("\x1b]52;c;aGk=\x07"), "\\x1b]52;c;aGk=\\x07");
        assert_eq!(shown("a\nb\r\tc"), "a\\nb\\r\\tc");
        assert_eq!(shown("\0\x7f"), "\\x00\\x7f");
        assert_eq!(shown("\u{9b}2J\u{85}"), "\\u{9b}2J\\u{85}");
        assert_eq!(
            shown("\u{202e}cba\u{202c}\u{2066}\u{2069}"),
            "\\u{202e}cba\\u{202c}\\u{2066}\\u{2069}"
        );
        assert_eq!(shown("a\u{2028}b\u{2029}"), "a\\u{2028}b\\u{2029}");
    }

    #[test]
    fn the_backslash_stays_unambiguous() {
        // A record's `\x1b` (four characters) and its ESC are shown differently.
        assert_eq!(shown("\\x1b"), "\\\\x1b");
        assert_eq!(shown("\x1b"), "\\x1b");
        assert_eq!(shown("C:\\games\\"), "C:\\\\games\\\\");
    }

    #[test]
    fn plain_text_is_not_copied() {
        for text in [
            "Lee Sedol",
            "李世乭",
            "B+3.5",
            "العربية",
            "=1+1",
            "<img>",
            "",
        ] {
            assert!(matches!(shown(text), Cow::Borrowed(t) if t == text));
            assert!(matches!(one_line(text), Cow::Borrowed(t) if t == text));
        }
    }

    #[test]
    fn escapes_after_other_characters_are_found() {
        // The printable ASCII before them is skipped a byte at a time, the rest read as
        // characters.
        assert_eq!(shown("Lee 李\u{202e}x\n"), "Lee 李\\u{202e}x\\n");
        assert_eq!(shown("é\\"), "é\\\\");
        assert_eq!(one_line("é\\\u{85}"), "é\\\\u{85}");
        assert_eq!(shown("ok~\x7f"), "ok~\\x7f");
        assert!(matches!(one_line("a\\b é"), Cow::Borrowed("a\\b é")));
    }

    #[test]
    fn a_sentence_keeps_its_backslashes_and_loses_its_line_breaks() {
        let value = "9\n::error::x\\";
        let sentence = format!("KM[{}] is not a number", shown(value));
        assert_eq!(sentence, "KM[9\\n::error::x\\\\] is not a number");
        assert_eq!(one_line(&sentence), sentence);
        assert_eq!(one_line("KM[9\n::error::x] \\]"), "KM[9\\n::error::x] \\]");
    }

    #[test]
    fn nothing_hidden_survives_either_form() {
        let every: String = (0..0x3000u32).filter_map(char::from_u32).collect();
        for out in [shown(&every), one_line(&every)] {
            assert!(!out.chars().any(is_hidden));
            assert_eq!(out.lines().count(), 1);
        }
    }
}
