//! Game results: reading `RE` in the many forms servers write, and printing results in
//! one canonical form (`B+3.5`, `W+R`, `Draw`, `Void`, `?`).
//!
//! Reading never fails: text goref does not understand becomes [`GameResult::Unknown`]
//! with the original text kept, so a comparison can say "cannot compare" rather than
//! guess.

use std::fmt;

use crate::board::Color;
use crate::words::format_points;

/// How a game was won, when not by counting.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WinBy {
    Resignation,
    Time,
    Forfeit,
    /// Decided by a referee or judge without a count (UEC Cup `B+AW`, `B+J`, `B+V`,
    /// `W+Repetition`; `B+A` as goref prints it).
    Adjudicated,
    /// A win with no reason given (`B+`, `B`).
    Unstated,
}

/// A result, recorded or computed.
#[derive(Debug, Clone, PartialEq)]
pub enum GameResult {
    /// A win by counting with its margin (`B+3.5`).
    Score { winner: Color, margin: f64 },
    /// A win without a count (`W+R`, `B+T`, `W+F`, `B+`).
    Win { winner: Color, by: WinBy },
    /// `0`, `Draw`, `Jigo`: a draw by counting.
    Draw,
    /// A draw by a referee's decision, without a count (UEC Cup `D+J`). It prints as
    /// `Draw`, and like a win by decision (`B+A`) it stands as recorded: it is neither a
    /// count nor compared with one.
    DrawByDecision,
    /// `Void`: no result, the game does not count.
    Void,
    /// `?`: the result is unknown.
    Unknown,
    /// Text goref cannot read, kept as written.
    Unreadable(String),
}

impl GameResult {
    /// Read an `RE` value. Accepts the forms servers write: `B+R`, `B+Resign`,
    /// `B+resignation`, `W+T`, `W+Time`, `B+F`, `B+Forfeit`, `B+.5`, `B+0.5`, `W+12`,
    /// `B+3.5 points`, `0`, `Draw`, `Jigo`, `D`, `Void`, `?`, and the Japanese/Chinese
    /// words some servers write in English letters (`B+Chu`...).
    pub fn parse(text: &str) -> GameResult {
        let t = text.trim();
        if t.is_empty() {
            return GameResult::Unreadable(String::new());
        }
        let lower = t.to_ascii_lowercase();
        match lower.as_str() {
            "0" | "draw" | "jigo" | "d" | "tie" | "=" => return GameResult::Draw,
            "d+j" | "d+a" | "d+aw" | "draw+j" | "draw+a" => return GameResult::DrawByDecision,
            "void" | "no result" | "noresult" | "n/r" | "nr" | "v" | "d+v" => {
                return GameResult::Void;
            }
            "?" | "unknown" | "unfinished" => return GameResult::Unknown,
            _ => {}
        }
        match lower.as_str() {
            "b" | "black" => {
                return GameResult::Win {
                    winner: Color::Black,
                    by: WinBy::Unstated,
                };
            }
            "w" | "white" => {
                return GameResult::Win {
                    winner: Color::White,
                    by: WinBy::Unstated,
                };
            }
            _ => {}
        }
        let (winner, rest) = match lower.split_once('+') {
            Some((w, rest)) => {
                let winner = match w.trim() {
                    "b" | "black" => Color::Black,
                    "w" | "white" => Color::White,
                    _ => return GameResult::Unreadable(t.to_string()),
                };
                (winner, rest.trim())
            }
            None => {
                // "Black wins" / "B wins by 3.5": rare free text; leave unread.
                return GameResult::Unreadable(t.to_string());
            }
        };
        // A margin below zero (`B+-5`) is not a win for the side named: unreadable.
        if rest.strip_prefix('-').is_some_and(|r| {
            r.trim_start()
                .starts_with(|c: char| c.is_ascii_digit() || c == '.')
        }) {
            return GameResult::Unreadable(t.to_string());
        }
        if rest.is_empty() || rest.starts_with([',', ';', '(', '-']) {
            return GameResult::Win {
                winner,
                by: WinBy::Unstated,
            };
        }
        let by = match rest {
            "r" | "res" | "resign" | "resigned" | "resignation" => Some(WinBy::Resignation),
            "t" | "time" | "timeout" | "time out" | "time over" | "on time" => Some(WinBy::Time),
            "f" | "forfeit" | "forfait" | "default" | "disqualification" | "illegal" => {
                Some(WinBy::Forfeit)
            }
            "a" | "aw" | "j" | "v" | "repetition" | "judge" | "adjudicated" => {
                Some(WinBy::Adjudicated)
            }
            _ => None,
        };
        if let Some(by) = by {
            return GameResult::Win { winner, by };
        }
        // A number, possibly followed by a word ("3.5 points", "12pts").
        let numeric: String = rest
            .chars()
            .take_while(|c| c.is_ascii_digit() || *c == '.' || *c == ',')
            .map(|c| if c == ',' { '.' } else { c })
            .collect();
        // An exponent (`B+1e999`) is not how a margin is written: the number would be
        // misread as its first digits.
        let after = rest.get(numeric.len()..).unwrap_or_default();
        if let Some(exponent) = after.strip_prefix(['e', 'E'])
            && exponent.starts_with(|c: char| c.is_ascii_digit() || c == '+' || c == '-')
        {
            return GameResult::Unreadable(t.to_string());
        }
        let numeric = if numeric.starts_with('.') {
            format!("0{numeric}")
        } else {
            numeric
        };
        match numeric.parse::<f64>() {
            Ok(margin) if margin.is_finite() && margin >= 0.0 => {
                if margin == 0.0 {
                    GameResult::Draw
                } else {
                    GameResult::Score { winner, margin }
                }
            }
            _ => GameResult::Unreadable(t.to_string()),
        }
    }

    /// The winner, when there is one.
    pub fn winner(&self) -> Option<Color> {
        match self {
            GameResult::Score { winner, .. } | GameResult::Win { winner, .. } => Some(*winner),
            _ => None,
        }
    }

    /// Whether the result claims a count (a margin or a draw by score).
    pub fn is_count(&self) -> bool {
        matches!(self, GameResult::Score { .. } | GameResult::Draw)
    }

    /// The result as a signed margin for Black (`B+3.5` = 3.5, `W+2` = -2, draw = 0),
    /// for counted results only.
    pub fn black_margin(&self) -> Option<f64> {
        match self {
            GameResult::Score { winner, margin } => Some(match winner {
                Color::Black => *margin,
                Color::White => -*margin,
            }),
            GameResult::Draw => Some(0.0),
            _ => None,
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameResult::Score { winner, margin } => {
                write!(f, "{}+{}", winner.letter(), format_points(*margin))
            }
            GameResult::Win { winner, by } => {
                let letter = winner.letter();
                match by {
                    WinBy::Resignation => write!(f, "{letter}+R"),
                    WinBy::Time => write!(f, "{letter}+T"),
                    WinBy::Forfeit => write!(f, "{letter}+F"),
                    WinBy::Adjudicated => write!(f, "{letter}+A"),
                    WinBy::Unstated => write!(f, "{letter}+"),
                }
            }
            GameResult::Draw | GameResult::DrawByDecision => f.write_str("Draw"),
            GameResult::Void => f.write_str("Void"),
            GameResult::Unknown => f.write_str("?"),
            GameResult::Unreadable(text) => f.write_str(text),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> String {
        GameResult::parse(s).to_string()
    }

    #[test]
    fn server_forms_normalise() {
        assert_eq!(p("B+R"), "B+R");
        assert_eq!(p("B+Resign"), "B+R");
        assert_eq!(p("w+resignation"), "W+R");
        assert_eq!(p("W+T"), "W+T");
        assert_eq!(p("W+Time"), "W+T");
        assert_eq!(p("B+F"), "B+F");
        assert_eq!(p("B+.5"), "B+0.5");
        assert_eq!(p("B+0.5"), "B+0.5");
        assert_eq!(p("W+12"), "W+12");
        assert_eq!(p("B+3.5 points"), "B+3.5");
        assert_eq!(p("0"), "Draw");
        assert_eq!(p("Jigo"), "Draw");
        assert_eq!(p("Draw"), "Draw");
        assert_eq!(p("B+0"), "Draw");
        assert_eq!(p("Void"), "Void");
        assert_eq!(p("?"), "?");
        assert_eq!(p("B+"), "B+");
        assert_eq!(p("W"), "W+");
        assert_eq!(p("B+AW"), "B+A");
        assert_eq!(p("W+Time Over"), "W+T");
        assert_eq!(p("B+, human judge for communication error"), "B+");
    }

    #[test]
    fn unreadable_text_is_kept() {
        assert_eq!(
            GameResult::parse("Black won"),
            GameResult::Unreadable("Black won".into())
        );
        assert_eq!(
            GameResult::parse("X+3"),
            GameResult::Unreadable("X+3".into())
        );
        assert_eq!(
            GameResult::parse("B+abc"),
            GameResult::Unreadable("B+abc".into())
        );
    }

    #[test]
    fn referee_decisions_are_not_counts() {
        assert_eq!(GameResult::parse("D+J"), GameResult::DrawByDecision);
        assert!(!GameResult::DrawByDecision.is_count());
        assert_eq!(p("D+J"), "Draw");
        // `B+A`, as goref prints a decision, reads back as one.
        assert_eq!(
            GameResult::parse("B+A"),
            GameResult::Win {
                winner: Color::Black,
                by: WinBy::Adjudicated
            }
        );
    }

    #[test]
    fn impossible_margins_are_unreadable() {
        for text in ["B+-5", "W+ -0.5", "B+NaN", "B+1e999", "B+inf"] {
            assert_eq!(
                GameResult::parse(text),
                GameResult::Unreadable(text.into()),
                "{text}"
            );
        }
        // A dash that is not a sign still reads as a win without a reason.
        assert_eq!(p("B+ - forfeit by absence"), "B+");
    }

    #[test]
    fn counted_results_have_margins() {
        assert_eq!(GameResult::parse("W+6.5").black_margin(), Some(-6.5));
        assert_eq!(GameResult::parse("Draw").black_margin(), Some(0.0));
        assert_eq!(GameResult::parse("B+R").black_margin(), None);
        assert!(GameResult::parse("B+3").is_count());
        assert!(!GameResult::parse("B+R").is_count());
    }
}
