//! Text cells of goref's CSV files (`batch --csv`, `standings --format csv`), the one place
//! that keeps them from acting in a spreadsheet.
//!
//! A cell holds its text as the terminal would show it ([`goref::text::shown`] for record
//! text, [`goref::text::one_line`] for a sentence), so no cell holds a control character
//! or a line break. A cell that a spreadsheet would read as a formula, one starting with
//! `=`, `+`, `-`, `@`, a tab or a carriage return, is written after a `'`, as OWASP
//! recommends for CSV injection, unless it is a plain number (`-5`, `+7.5`), which no
//! spreadsheet runs and which stays the number it is. Numeric columns (komi, scores,
//! margins) are numbers, never text, and are written as they are.

use std::borrow::Cow;

use goref::text::{one_line, shown};

/// Append the cell of record text `text` (a file, a player, a result) to `out`.
pub fn record_text(text: &str, out: &mut String) {
    out.push_str(&record_text_cell(text));
}

/// The cell of record text `text`: `text` itself, without a copy, when it needs nothing.
pub fn record_text_cell(text: &str) -> Cow<'_, str> {
    cell(shown(text))
}

/// Append the cell of the sentence `text` (an error) to `out`.
pub fn sentence(text: &str, out: &mut String) {
    out.push_str(&cell(one_line(text)));
}

/// `text` (shown) as a cell: after a `'` when a spreadsheet would read it as a formula.
fn cell(text: Cow<'_, str>) -> Cow<'_, str> {
    if starts_formula(&text) {
        let mut out = String::with_capacity(text.len() + 1);
        out.push('\'');
        out.push_str(&text);
        Cow::Owned(out)
    } else {
        text
    }
}

/// Whether a spreadsheet would read `cell` as a formula: it starts with `=`, `+`, `-`,
/// `@`, a tab or a carriage return, and is not a plain number.
fn starts_formula(cell: &str) -> bool {
    cell.starts_with(['=', '+', '-', '@', '\t', '\r']) && !is_number(cell)
}

/// `-5`, `+7.5`, `12`: an optional sign, digits, and an optional point and digits.
fn is_number(cell: &str) -> bool {
    let unsigned = cell.strip_prefix(['+', '-']).unwrap_or(cell);
    let (whole, fraction) = unsigned.split_once('.').unwrap_or((unsigned, "0"));
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    digits(whole) && digits(fraction)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(text: &str) -> String {
        let mut out = String::new();
        record_text(text, &mut out);
        out
    }

    #[test]
    fn formula_starts_are_neutralised() {
        assert_eq!(cell("=HYPERLINK(\"x\")"), "'=HYPERLINK(\"x\")");
        assert_eq!(cell("+cmd|' /C calc'!A0"), "'+cmd|' /C calc'!A0");
        assert_eq!(cell("-2+3+cmd"), "'-2+3+cmd");
        assert_eq!(cell("@SUM(1)"), "'@SUM(1)");
        assert_eq!(cell("-"), "'-");
        // A tab or carriage return is shown escaped, which no formula starts with.
        assert_eq!(cell("\t=1+1"), "\\t=1+1");
        assert_eq!(cell("\r=1+1"), "\\r=1+1");
        let mut out = String::new();
        sentence("=cannot read", &mut out);
        assert_eq!(out, "'=cannot read");
    }

    #[test]
    fn numbers_and_plain_text_are_kept() {
        for text in [
            "-5",
            "+7.5",
            "-0.5",
            "12",
            "Lee Sedol",
            "B+R",
            "W+3.5",
            "a=b",
            "'x",
        ] {
            assert_eq!(cell(text), text);
        }
        for text in ["-.5", "-5.", "+", "-1e5", "--5"] {
            assert_eq!(cell(text), format!("'{text}"));
        }
    }

    #[test]
    fn control_characters_are_shown_escaped() {
        assert_eq!(cell("\x1b]52;c;aGk=\x07"), "\\x1b]52;c;aGk=\\x07");
        assert_eq!(cell("a\nb"), "a\\nb");
    }
}
