//! Pandanet's UGF and UGI records (games and reviews), read as Sabaki reads them.
//!
//! A UGF file is in sections, each opened by a line `[Name]`:
//!
//! - `[Header]`: `KEY=VALUE` lines. `PlayerB=name,rank,...` and `PlayerW`, `Size=19`,
//!   `Hdcp=HANDICAP,KOMI`, `Rule=JPN` (written as `RU`), `Date=2019/03/08,...`,
//!   `Winner=B,7.50` (`B+7.50`; a margin that is not a number is left out: `B+`),
//!   `Copyright` (`CP`), `Lang=SJIS` (the charset, when the bytes are not UTF-8).
//! - `[Data]`: one line per move, `POINT,COLOUR,NODE,TIME` (`QP,B1,1,0`): the point as a
//!   column letter from `A` and a row letter from `A` at the bottom; a column past the
//!   board (`YA`) is a pass; node 0 holds the handicap stones (`AB`).
//! - `[ReviewComment]`: `.Comment,N` then its lines, the comment of node `N - 1` (the
//!   root for 1); each line trimmed and ended by a line break.
//!
//! The review's own variations (`[ReviewNode]`) and the time of each move are not read.
//! A `Data` line that cannot be read ends the main line there, with a warning naming the
//! line.

use encoding_rs::{BIG5, EUC_KR, Encoding, GB18030, SHIFT_JIS, UTF_8};

use super::write::{ForeignGame, ForeignMove, sgf_point};
use super::{GameError, LoadWarning, WarningKind};
use crate::board::Color;
use crate::point::MAX_SIZE;
use crate::text::shown;

/// Whether `text` starts as a UGF file does: its first line is `[Header]`.
pub(crate) fn looks_like(text: &str) -> bool {
    text.trim_start_matches('\u{feff}')
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .is_some_and(|l| l.eq_ignore_ascii_case("[Header]"))
}

/// The charset the header's `Lang=` names, read from the raw bytes (the header is ASCII).
pub(crate) fn declared_charset(bytes: &[u8]) -> Option<&'static Encoding> {
    let head = bytes.get(..bytes.len().min(4096)).unwrap_or(bytes);
    let line = head
        .split(|&b| b == b'\n')
        .find_map(|l| l.trim_ascii().strip_prefix(b"Lang="))?;
    let lang = String::from_utf8_lossy(line.trim_ascii()).to_ascii_uppercase();
    Some(match lang.as_str() {
        "SJIS" | "JPN" | "JP" | "SHIFT_JIS" => SHIFT_JIS,
        "GB" | "GBK" | "GB2312" | "CHN" | "CN" => GB18030,
        "KOR" | "KR" | "EUC-KR" => EUC_KR,
        "BIG5" | "TWN" | "TW" => BIG5,
        "UTF8" | "UTF-8" => UTF_8,
        _ => return None,
    })
}

/// Read the game of a UGF or UGI file.
pub(crate) fn read(text: &str, warnings: Vec<LoadWarning>) -> Result<ForeignGame, GameError> {
    // One pass: each line to its section.
    let mut header: Vec<(&str, &str, usize)> = Vec::new();
    let mut data: Vec<(usize, &str)> = Vec::new();
    let mut comments: Vec<&str> = Vec::new();
    let mut section = "";
    for (i, raw) in text.lines().enumerate() {
        let l = raw.trim_ascii();
        if l.is_empty() {
            continue;
        }
        if l.len() >= 2 && l.starts_with('[') && l.ends_with(']') {
            section = &l[1..l.len() - 1];
            continue;
        }
        if section.eq_ignore_ascii_case("Data") {
            data.push((i + 1, l));
        } else if section.eq_ignore_ascii_case("Header") {
            if let Some((k, v)) = l.split_once('=') {
                header.push((k.trim(), v.trim(), i + 1));
            }
        } else if section.eq_ignore_ascii_case("ReviewComment") {
            comments.push(l);
        }
    }
    let get = |key: &str| {
        header
            .iter()
            .find(|(k, _, _)| *k == key)
            .map(|&(_, v, n)| (v, n))
    };
    let size = match get("Size") {
        None => 19,
        Some((v, line)) => match v.parse::<u8>() {
            Ok(s) if (2..=MAX_SIZE).contains(&s) => s,
            _ => {
                return Err(GameError::Syntax {
                    game: 0,
                    message: format!(
                        "line {line}: the board size `Size={}` is not a number from 2 to \
                         {MAX_SIZE}",
                        shown(v)
                    ),
                });
            }
        },
    };
    let mut game = ForeignGame::new(size);
    game.warnings = warnings;
    let warn = |game: &mut ForeignGame, node: usize, kind, message: String| {
        game.warnings.push(LoadWarning {
            node: Some(node),
            kind,
            message,
        });
    };

    for (key, player, rank) in [("PlayerB", "PB", "BR"), ("PlayerW", "PW", "WR")] {
        if let Some((v, _)) = get(key) {
            let mut parts = v.split(',');
            game.set(player, parts.next().unwrap_or_default().to_string());
            game.set(rank, parts.next().unwrap_or_default().to_string());
        }
    }
    if let Some((v, line)) = get("Hdcp") {
        let mut parts = v.split(',').map(str::trim);
        let handicap = parts.next().unwrap_or_default();
        match handicap.parse::<u32>() {
            Ok(0) => {}
            Ok(h) => game.set("HA", h.to_string()),
            Err(_) => warn(
                &mut game,
                0,
                WarningKind::InvalidValue,
                format!(
                    "line {line}: the handicap `{}` of Hdcp is not a number: no handicap read",
                    shown(handicap)
                ),
            ),
        }
        let komi = parts.next().unwrap_or_default();
        match komi.parse::<f64>() {
            Ok(k) if k.is_finite() => {
                game.set("KM", komi.to_string());
                if k < 0.0 {
                    warn(
                        &mut game,
                        0,
                        WarningKind::Komi,
                        format!(
                            "line {line}: the komi of Hdcp is negative ({}): kept as written, as \
                             Sabaki reads it (UGF's sign of komi is not documented)",
                            shown(komi)
                        ),
                    );
                }
            }
            _ if komi.is_empty() => {}
            _ => warn(
                &mut game,
                0,
                WarningKind::Komi,
                format!(
                    "line {line}: the komi `{}` of Hdcp is not a number: no komi recorded",
                    shown(komi)
                ),
            ),
        }
    }
    if let Some((v, _)) = get("Rule") {
        game.set("RU", v.to_string());
    }
    if let Some((v, _)) = get("Date") {
        game.set(
            "DT",
            v.split(',').next().unwrap_or_default().replace('/', "-"),
        );
    }
    if let Some((v, _)) = get("Copyright") {
        game.set("CP", v.to_string());
    }
    if let Some((v, line)) = get("Winner") {
        let mut parts = v.split(',').map(str::trim);
        let winner = parts.next().unwrap_or_default();
        let margin = parts.next().unwrap_or_default();
        let margin = if margin.parse::<f64>().is_ok_and(|m| m >= 0.0) {
            margin
        } else {
            ""
        };
        match winner {
            "B" | "W" => game.set("RE", format!("{winner}+{margin}")),
            _ => warn(
                &mut game,
                0,
                WarningKind::InvalidValue,
                format!(
                    "line {line}: the result `Winner={}` is not one goref can read: no result \
                     recorded",
                    shown(v)
                ),
            ),
        }
    }

    for (line, l) in data {
        if game.cut.is_some() {
            break;
        }
        let mut fields = l.as_bytes().split(|b| *b == b',').map(<[u8]>::trim_ascii);
        let read = match (fields.next(), fields.next(), fields.next()) {
            (Some(point), Some(color), Some(node)) => {
                let color = match color.first() {
                    Some(b'B') => Some(Color::Black),
                    Some(b'W') => Some(Color::White),
                    _ => None,
                };
                let node =
                    (!node.is_empty() && node.len() <= 9 && node.iter().all(u8::is_ascii_digit))
                        .then(|| node.iter().fold(0u32, |n, d| n * 10 + u32::from(d - b'0')));
                color.zip(node).zip(vertex(point, size))
            }
            _ => None,
        };
        match read {
            Some(((Color::Black, 0), Some(p))) => game.add("AB", sgf_point(p)),
            Some(((color, n), point)) if n > 0 => game.moves.push(ForeignMove {
                color,
                point,
                comment: None,
            }),
            _ => {
                let node = game.moves.len();
                game.cut = Some(node);
                warn(
                    &mut game,
                    node,
                    WarningKind::Truncated,
                    format!(
                        "line {line}: `{}` is not a move goref can read (POINT,COLOUR,NODE,TIME): \
                         reading stopped after node {node}",
                        shown(l)
                    ),
                );
            }
        }
    }

    let mut comment_node = None;
    for l in comments {
        if let Some(rest) = l.strip_prefix(".Comment,") {
            comment_node = rest
                .trim()
                .parse::<usize>()
                .ok()
                .and_then(|n| n.checked_sub(1));
        } else if let Some(node) = comment_node {
            game.comment(node, l);
        }
    }
    Ok(game)
}

/// A `Data` point: `Some(Some(point))`, `Some(None)` for a pass (a column past the
/// board), `None` when it is not two capital letters with a row on the board.
fn vertex(point: &[u8], size: u8) -> Option<Option<(u8, u8)>> {
    let &[column, row] = point else {
        return None;
    };
    if !column.is_ascii_uppercase() || !row.is_ascii_uppercase() {
        return None;
    }
    let (x, r) = (column - b'A', row - b'A');
    if x >= size {
        return Some(None);
    }
    (r < size).then_some(Some((x, size - 1 - r)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_count_rows_from_the_bottom() {
        assert_eq!(vertex(b"QP", 19), Some(Some((16, 3))));
        assert_eq!(vertex(b"AA", 19), Some(Some((0, 18))));
        assert_eq!(vertex(b"YA", 19), Some(None));
        assert_eq!(vertex(b"AZ", 19), None);
        assert_eq!(vertex(b"qp", 19), None);
    }

    #[test]
    fn lang_names_the_charset() {
        assert_eq!(declared_charset(b"[Header]\nLang=SJIS\n"), Some(SHIFT_JIS));
        assert_eq!(declared_charset(b"[Header]\nSize=19\n"), None);
    }
}
