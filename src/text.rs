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
    let first = if backslash {
        first_to_escape::<true>(text)
    } else {
        first_to_escape::<false>(text)
    };
    let Some(first) = first else {
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

/// Whether `b` may start a character [`escape`] writes otherwise: a C0 control or DEL,
/// a backslash when `BACKSLASH`, or the first byte of the UTF-8 form of U+0080 to
/// U+00BF (`0xc2`: the C1 controls among them) or of U+2000 to U+2FFF (`0xe2`: the
/// separators, embeddings, overrides and isolates of [`is_hidden`] among them).
/// Every character that needs an escape starts with such a byte
/// (`every_hidden_character_starts_with_a_suspect_byte`), and none of these bytes
/// continues a character (UTF-8 continuation bytes are `0x80` to `0xbf`), so each
/// one met in a `str` starts a character. Written with `|`, not `||`, so that
/// [`any_suspect`] checks a block of bytes without a branch per byte.
fn suspect<const BACKSLASH: bool>(b: u8) -> bool {
    (b < b' ') | (b == 0x7f) | (BACKSLASH & (b == b'\\')) | (b == 0xc2) | (b == 0xe2)
}

/// Whether some byte of `block` is [`suspect`]. Every byte is checked, none is stopped
/// at, which lets the compiler check the 16 at once.
fn any_suspect<const BACKSLASH: bool>(block: &[u8; 16]) -> bool {
    block
        .iter()
        .fold(false, |any, &b| any | suspect::<BACKSLASH>(b))
}

/// The index of the first [`suspect`] byte of `bytes`, found 16 bytes at a time
/// ([`any_suspect`]). The last bytes are checked as a block filled up with spaces, which
/// are not suspect; only the block where a suspect byte is met is then searched a byte
/// at a time.
fn first_suspect<const BACKSLASH: bool>(bytes: &[u8]) -> Option<usize> {
    let (blocks, rest) = bytes.as_chunks::<16>();
    let start = match blocks.iter().position(any_suspect::<BACKSLASH>) {
        Some(i) => i * 16,
        None => {
            let mut last = [b' '; 16];
            last[..rest.len()].copy_from_slice(rest);
            if !any_suspect::<BACKSLASH>(&last) {
                return None;
            }
            blocks.len() * 16
        }
    };
    bytes[start..]
        .iter()
        .position(|&b| suspect::<BACKSLASH>(b))
        .map(|k| start + k)
}

/// Where the first character of `text` that [`escape`] writes otherwise starts (one of
/// [`is_hidden`], or a backslash when `BACKSLASH`): what
/// `text.find(|c| is_hidden(c) || (BACKSLASH && c == '\\'))` gives, found by looking
/// only at the characters that start with a [`suspect`] byte, which are rare (most record
/// text and every sentence is mostly printable ASCII, Chinese, Japanese or Korean). Every
/// CSV text cell and every finding's detail passes here.
fn first_to_escape<const BACKSLASH: bool>(text: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(k) = first_suspect::<BACKSLASH>(&text.as_bytes()[from..]) {
        let at = from + k;
        // A suspect byte starts a character (see `suspect`), so `at` is on a boundary.
        let c = text[at..].chars().next()?;
        if is_hidden(c) || (BACKSLASH && c == '\\') {
            return Some(at);
        }
        from = at + c.len_utf8();
    }
    None
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
    fn every_hidden_character_starts_with_a_suspect_byte() {
        for c in (0..=u32::from(char::MAX)).filter_map(char::from_u32) {
            let mut utf8 = [0; 4];
            let first = c.encode_utf8(&mut utf8).as_bytes()[0];
            if is_hidden(c) {
                assert!(suspect::<false>(first), "{c:?}");
            }
            if c == '\\' {
                assert!(suspect::<true>(first));
            }
        }
    }

    proptest::proptest! {
        /// The search among suspect bytes finds the character a search of every
        /// character finds, at any length and wherever that character lies.
        #[test]
        fn the_first_character_to_escape_is_found(
            plain in "[ -~]{0,40}",
            rest in proptest::collection::vec(
                proptest::prop_oneof![
                    4 => proptest::char::range(' ', '~'),
                    2 => proptest::prelude::any::<char>(),
                    2 => proptest::sample::select(vec![
                        '\n', '\x1b', '\x7f', '\u{85}', '\u{9b}', '\u{a0}', '\u{202e}',
                        '\u{2028}', '\u{2066}', '\u{2014}', '\u{2070}', '\\', 'é', '李',
                        '\u{20ac}',
                    ]),
                ],
                0..30,
            ),
        ) {
            let text: String = plain.chars().chain(rest).collect();
            for backslash in [false, true] {
                let by_char = text.find(|c| is_hidden(c) || (backslash && c == '\\'));
                let found = if backslash {
                    first_to_escape::<true>(&text)
                } else {
                    first_to_escape::<false>(&text)
                };
                proptest::prop_assert_eq!(found, by_char, "{:?}", text);
            }
        }
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
