//! The small words of goref's sentences, written one way everywhere: points as people
//! write them (`7.5`, `12`, `-3`) and the plural `s` of a count.

/// Points as people write them: `7.5`, `12`, `0.5`, `-3`.
pub fn format_points(value: f64) -> String {
    if value.fract() == 0.0 {
        format!("{value:.0}")
    } else {
        let s = format!("{value:.2}");
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    }
}

/// The ending of a noun counted `n` times: `""` for one, `"s"` otherwise
/// (`format!("{n} stone{}", plural(n))`).
pub fn plural<N: PartialEq + From<u8>>(n: N) -> &'static str {
    if n == N::from(1) { "" } else { "s" }
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
    }

    #[test]
    fn one_is_singular_and_every_other_count_plural() {
        assert_eq!(plural(1usize), "");
        assert_eq!(plural(1u32), "");
        assert_eq!(plural(0usize), "s");
        assert_eq!(plural(2u32), "s");
    }
}
