//! The small words of goref's sentences, written one way everywhere: points as people
//! write them (`7.5`, `12`, `-3`), the plural `s` of a count, and the name a misspelt
//! word most likely meant.

/// Points as people write them: `7.5`, `12`, `0.5`, `-3`.
pub fn format_points(value: f64) -> String {
    let mut out = String::with_capacity(24);
    push_points(value, &mut out);
    out
}

/// Append [`format_points`]'s text for `value` to `out`, without a `String` of its own
/// (a batch writes several a row into one CSV cell buffer).
pub fn push_points(value: f64, out: &mut String) {
    // Scores and komi are whole or half points. Written from an integer, they cost a
    // fraction of a float's formatting (a batch writes several per game); `-0` keeps the
    // general way, which prints its sign.
    let twice = value * 2.0;
    if twice.fract() == 0.0 && twice.abs() < 1e15 && !(value == 0.0 && value.is_sign_negative()) {
        let twice = twice as i64;
        let whole = twice / 2;
        // Written with `itoa`, as `{}` writes an integer, and without `format!`'s
        // machinery, which cost most of the call (`whole_and_half_points_print_as_any_value_does`).
        let mut digits = itoa::Buffer::new();
        if twice % 2 == 0 {
            out.push_str(digits.format(whole));
            return;
        }
        // `whole` is rounded towards zero, so -0.5 has a whole part of 0: the sign is
        // written by hand.
        if twice < 0 {
            out.push('-');
        }
        out.push_str(digits.format(whole.unsigned_abs()));
        out.push_str(".5");
        return;
    }
    any_points(value, out);
}

/// [`push_points`] for any value.
fn any_points(value: f64, out: &mut String) {
    if value.fract() == 0.0 {
        use std::fmt::Write as _;
        // Writing to a String cannot fail.
        let _ = write!(out, "{value:.0}");
    } else {
        let s = format!("{value:.2}");
        out.push_str(s.trim_end_matches('0').trim_end_matches('.'));
    }
}

/// The ending of a noun counted `n` times: `""` for one, `"s"` otherwise
/// (`format!("{n} stone{}", plural(n))`).
pub fn plural<N: PartialEq + From<u8>>(n: N) -> &'static str {
    if n == N::from(1) { "" } else { "s" }
}

/// The candidate a misspelt `word` most likely meant: the nearest by edit distance
/// (transpositions count as one edit), when it is at most two edits away and the edits
/// are at most a third of the word (so `nz` never suggests `jp`). `word` is compared as
/// it is: the caller brings it to the candidates' form (case, separators).
pub fn closest<'a>(word: &str, candidates: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    candidates
        .map(|c| (strsim::damerau_levenshtein(word, c), c))
        .filter(|&(d, _)| d > 0 && d <= 2 && d * 3 <= word.chars().count())
        // Between two as near, the one the word begins (`kom`: `komi`, not `ko`).
        .min_by_key(|&(d, c)| (d, !c.starts_with(word)))
        .map(|(_, c)| c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_print_without_trailing_zeros() {
        assert_eq!(format_points(7.5), "7.5");
        assert_eq!(format_points(12.0), "12");
        assert_eq!(format_points(0.25), "0.25");
        assert_eq!(format_points(-3.0), "-3");
        assert_eq!(format_points(-0.5), "-0.5");
        assert_eq!(format_points(-0.0), "-0");
    }

    #[test]
    fn whole_and_half_points_print_as_any_value_does() {
        let general = |value: f64| {
            let mut out = String::new();
            any_points(value, &mut out);
            out
        };
        let values = (-2001..=2001).map(|n| f64::from(n) / 2.0).chain([
            1e14 + 0.5,
            -1e14 - 0.5,
            0.25,
            -7.75,
            1e300,
            f64::NAN,
            f64::INFINITY,
        ]);
        for value in values {
            assert_eq!(format_points(value), general(value), "{value}");
            // Appended after what the buffer holds, as a CSV cell is.
            let mut cell = String::from("x");
            push_points(value, &mut cell);
            assert_eq!(cell, format!("x{}", general(value)), "{value}");
        }
    }

    #[test]
    fn one_is_singular_and_every_other_count_plural() {
        assert_eq!(plural(1usize), "");
        assert_eq!(plural(1u32), "");
        assert_eq!(plural(0usize), "s");
        assert_eq!(plural(2u32), "s");
    }
}
