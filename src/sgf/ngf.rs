//! WBaduk's (Cyberoro's) NGF records, read as Sabaki and KaTrain read them.
//!
//! An NGF file is twelve header lines, one value each: the game's title, the board size,
//! White (`name rank`), Black, the site, the handicap, a field not read, the komi, the
//! date (`20170316 [09:37]`), a field not read, the result (`Black wins by 0.5!`, `White
//! wins by resign!`) and the number of moves. Then one `PM` line per move:
//! `PM` + two letters of move number + `B` or `W` + the point twice (the second reversed),
//! each coordinate a capital letter from `B` (the first line): `PMABBREER` is Black at
//! `qd`. A coordinate `A` on both axes is a pass (Sabaki reads it so).
//!
//! - Ranks: `9DP` is `9p`, `5D` `5d`, `3K` `3k` (the rest kept).
//! - Komi: a whole number in an even game is the komi plus a half (`7` is 7.5), as both
//!   readers take it; 0 in a handicap game is no komi written.
//! - Handicap: from 2, with the stones where Tygem puts them (as both readers do).
//!
//! Some files write the header as `GI` lines instead (`GIname rank`): title, White,
//! Black, two fields not read, the date (`2006-9-5`), the size, the handicap, a field not
//! read, the komi and the number of moves; no result. A warning says the header was read
//! so.

use super::write::{ForeignGame, ForeignMove, sgf_point, tygem_handicap};
use super::{GameError, LoadWarning, WarningKind};
use crate::board::Color;
use crate::point::MAX_SIZE;
use crate::text::shown;

/// Whether `text`, which holds no SGF game, looks like an NGF file: it has a move line.
pub(crate) fn looks_like(text: &str) -> bool {
    text.lines().any(|l| move_line(l.trim()).is_some())
}

/// A `PM` line's colour and coordinates (letters), when it is one.
fn move_line(line: &str) -> Option<(Color, u8, u8)> {
    let b = line.as_bytes();
    if b.len() < 7 || !line.starts_with("PM") {
        return None;
    }
    let color = match b.get(4)? {
        b'B' => Color::Black,
        b'W' => Color::White,
        _ => return None,
    };
    let (x, y) = (*b.get(5)?, *b.get(6)?);
    (x.is_ascii_uppercase() && y.is_ascii_uppercase()).then_some((color, x, y))
}

/// The header values, by what they say.
struct Header<'a> {
    size: (&'a str, usize),
    white: &'a str,
    black: &'a str,
    handicap: (&'a str, usize),
    komi: (&'a str, usize),
    date: &'a str,
    result: Option<&'a str>,
}

/// Read the game of an NGF file.
pub(crate) fn read(text: &str, warnings: Vec<LoadWarning>) -> Result<ForeignGame, GameError> {
    let lines: Vec<&str> = text.lines().map(str::trim).collect();
    let at = |i: usize| lines.get(i).copied().unwrap_or_default();
    let gi = at(0).starts_with("GI");
    let header = if gi {
        let field = |i: usize| at(i).strip_prefix("GI").unwrap_or(at(i)).trim();
        Header {
            size: (field(6), 7),
            white: field(1),
            black: field(2),
            handicap: (field(7), 8),
            komi: (field(9), 10),
            date: field(5),
            result: None,
        }
    } else {
        Header {
            size: (at(1), 2),
            white: at(2),
            black: at(3),
            handicap: (at(5), 6),
            komi: (at(7), 8),
            date: at(8),
            result: Some(at(10)),
        }
    };
    let size = match header.size.0.parse::<u8>() {
        Ok(s) if (2..=MAX_SIZE).contains(&s) => s,
        _ => {
            return Err(GameError::Syntax {
                game: 0,
                message: format!(
                    "line {}: the board size `{}` is not a number from 2 to {MAX_SIZE}",
                    header.size.1,
                    shown(header.size.0)
                ),
            });
        }
    };
    let mut game = ForeignGame::new(size);
    game.warnings = warnings;
    if gi {
        game.warnings.push(LoadWarning {
            node: Some(0),
            kind: WarningKind::Structure,
            message: "the NGF header is written as GI lines: title, White, Black, date, size, \
                      handicap and komi read by their place; no result"
                .to_string(),
        });
    }
    let warn = |game: &mut ForeignGame, kind, message: String| {
        game.warnings.push(LoadWarning {
            node: Some(0),
            kind,
            message,
        });
    };

    let handicap = match header.handicap.0.parse::<u32>() {
        Ok(h) if h <= 9 => h,
        _ => {
            warn(
                &mut game,
                WarningKind::InvalidValue,
                format!(
                    "line {}: the handicap `{}` is not from 0 to 9: no handicap read",
                    header.handicap.1,
                    shown(header.handicap.0)
                ),
            );
            0
        }
    };
    match header.komi.0.parse::<f64>() {
        Ok(k) if k.is_finite() => {
            let komi = if handicap == 0 && k.fract() == 0.0 {
                k + 0.5
            } else {
                k
            };
            if komi != 0.0 {
                game.set("KM", format!("{komi}"));
            }
        }
        _ => warn(
            &mut game,
            WarningKind::Komi,
            format!(
                "line {}: the komi `{}` is not a number: no komi recorded",
                header.komi.1,
                shown(header.komi.0)
            ),
        ),
    }
    for (value, player, rank) in [(header.white, "PW", "WR"), (header.black, "PB", "BR")] {
        let mut words = value.split_whitespace();
        if let Some(name) = words.next() {
            game.set(player, name.to_string());
        }
        if let Some(r) = words.last() {
            game.set(
                rank,
                r.replace("DP", "p").replace('K', "k").replace('D', "d"),
            );
        }
    }
    if let Some(date) = date(header.date) {
        game.set("DT", date);
    }
    if let Some(said) = header.result {
        match result(said) {
            Some(re) => game.set("RE", re),
            None if said.is_empty() => {}
            None => warn(
                &mut game,
                WarningKind::InvalidValue,
                format!(
                    "line 11: the result `{}` is not one goref can read: no result recorded",
                    shown(said)
                ),
            ),
        }
    }
    if handicap >= 2 {
        game.set("HA", handicap.to_string());
        for p in tygem_handicap(size, handicap) {
            game.add("AB", sgf_point(p));
        }
    }

    for (i, line) in lines.iter().enumerate() {
        let Some((color, x, y)) = move_line(line) else {
            continue;
        };
        let point = match (x, y) {
            (b'A', b'A') => None,
            (b'B'..=b'Z', b'B'..=b'Z') => Some((x - b'B', y - b'B')),
            _ => {
                let node = game.moves.len();
                game.cut = Some(node);
                game.warnings.push(LoadWarning {
                    node: Some(node),
                    kind: WarningKind::Truncated,
                    message: format!(
                        "line {}: `{}` is not a move goref can read (a coordinate `A` on one \
                         axis only): reading stopped after node {node}",
                        i + 1,
                        shown(line)
                    ),
                });
                break;
            }
        };
        game.moves.push(ForeignMove {
            color,
            point,
            comment: None,
        });
    }
    Ok(game)
}

/// `20170316 [09:37]` or `2006-9-5` as `YYYY-MM-DD`.
fn date(value: &str) -> Option<String> {
    let digits = value
        .get(..8)
        .filter(|d| d.bytes().all(|c| c.is_ascii_digit()));
    if let Some(d) = digits {
        return Some(format!("{}-{}-{}", &d[..4], &d[4..6], &d[6..8]));
    }
    let mut parts = value.split('-').map(str::trim);
    let year: u32 = parts.next()?.parse().ok()?;
    let month: u32 = parts.next()?.parse().ok()?;
    let day: u32 = parts.next()?.split_whitespace().next()?.parse().ok()?;
    ((1000..=9999).contains(&year) && (1..=12).contains(&month) && (1..=31).contains(&day))
        .then(|| format!("{year:04}-{month:02}-{day:02}"))
}

/// `Black wins by 0.5!`, `White wins by  resign!`, `Black wins by time!` as `RE`.
fn result(said: &str) -> Option<String> {
    let lower = said.to_ascii_lowercase();
    let winner = if lower.contains("black win") || lower.contains("white lose") {
        'B'
    } else if lower.contains("white win") || lower.contains("black lose") {
        'W'
    } else {
        return None;
    };
    let margin = if lower.contains("resign") {
        "R".to_string()
    } else if lower.contains("time") {
        "T".to_string()
    } else {
        lower
            .split(|c: char| !(c.is_ascii_digit() || c == '.'))
            .rfind(|w| w.parse::<f64>().is_ok())
            .unwrap_or_default()
            .to_string()
    };
    Some(format!("{winner}+{margin}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results() {
        assert_eq!(result("Black wins by 0.5!").as_deref(), Some("B+0.5"));
        assert_eq!(result("White wins by  resign!").as_deref(), Some("W+R"));
        assert_eq!(result("White wins by time!").as_deref(), Some("W+T"));
        assert_eq!(result("Black loses").as_deref(), Some("W+"));
        assert_eq!(result("jigo"), None);
    }

    #[test]
    fn dates() {
        assert_eq!(date("20170316 [09:37]").as_deref(), Some("2017-03-16"));
        assert_eq!(date("2006-9-5").as_deref(), Some("2006-09-05"));
        assert_eq!(date("soon"), None);
    }

    #[test]
    fn an_unreadable_size_is_an_error_naming_its_line() {
        let text =
            "t\nbig\nw 1D\nb 1D\nsite\n0\n0\n6\n20170316\n5\nBlack wins by 0.5!\n1\nPMABBREER\n";
        let error = read(text, Vec::new()).unwrap_err();
        assert!(
            error.to_string().contains("line 2: the board size `big`"),
            "{error}"
        );
    }
}
