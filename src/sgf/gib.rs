//! Tygem's GIB records, read as Sabaki and KaTrain read them.
//!
//! A GIB file is a header of `\[KEY=VALUE\]` lines between `\HS` and `\HE`, then the
//! game between `\GS` and `\GE`: an `INI` line whose fourth field is the handicap, and
//! one `STO 0 NUMBER COLOUR X Y` line per move (colour 1 Black, 2 White; `X` the column
//! and `Y` the row from the top, from 0). The board is 19x19: the format has no size.
//!
//! - Players: `GAMEBLACKNAME`/`GAMEWHITENAME` as `name (rank)` (else the `...NICK`).
//! - Result: `GRLT` in `GAMEINFOMAIN` (else `W` in `GAMETAG`): 0 Black and 1 White by
//!   `ZIPSU`/10 points, 3 and 4 by resignation, 7 and 8 on time, 255 none recorded;
//!   another code is a warning and no result.
//! - Komi: `GONGJE`/10 (else `G` in `GAMETAG`). A `DUM` beside a `GONGJE` of 0 is not
//!   read (a warning says so).
//! - Date: `C` in `GAMETAG` (`C2016:03:26:...`), else `GDATE` or `GAMEDATE`.
//! - Handicap: the `INI` line's fourth field, from 2 to 9, with the stones where Tygem
//!   puts them ([`tygem_handicap`]).
//!
//! A move line that cannot be read ends the main line there, with a warning naming the
//! line, as a damaged SGF record keeps what precedes the damage.

use super::write::{ForeignGame, ForeignMove, sgf_point, tygem_handicap};
use super::{GameError, LoadWarning, WarningKind};
use crate::board::Color;
use crate::text::shown;

/// The board of every GIB record.
const SIZE: u8 = 19;

/// Whether `text` starts as a GIB file does.
pub(crate) fn looks_like(text: &str) -> bool {
    let start = text.trim_start_matches('\u{feff}').trim_start();
    start.starts_with("\\HS") || start.starts_with("\\[GIBOKIND=")
}

/// Read the game of a GIB file.
pub(crate) fn read(text: &str, warnings: Vec<LoadWarning>) -> Result<ForeignGame, GameError> {
    let mut game = ForeignGame::new(SIZE);
    game.warnings = warnings;
    // A move line is about 16 bytes.
    game.moves.reserve(text.len() / 16);
    let mut header: Vec<(&str, &str, usize)> = Vec::new();
    let mut handicap_line = None;
    for (i, raw) in text.lines().enumerate() {
        let line_no = i + 1;
        let line = raw.trim_ascii();
        if let Some(rest) = line.strip_prefix("STO") {
            if game.cut.is_some() {
                continue;
            }
            match stone(rest) {
                Some((color, point)) => game.moves.push(ForeignMove {
                    color,
                    point: Some(point),
                    comment: None,
                }),
                None => {
                    let node = game.moves.len();
                    game.cut = Some(node);
                    game.warnings.push(LoadWarning {
                        node: Some(node),
                        kind: WarningKind::Truncated,
                        message: format!(
                            "line {line_no}: `{}` is not a move goref can read (STO 0 NUMBER \
                             COLOUR X Y, colour 1 or 2, X and Y from 0): reading stopped after \
                             node {node}",
                            shown(line)
                        ),
                    });
                }
            }
        } else if let Some(inner) = line.strip_prefix("\\[").and_then(|l| l.strip_suffix("\\]")) {
            if let Some((key, value)) = inner.split_once('=') {
                header.push((key.trim(), value, line_no));
            }
        } else if let Some(rest) = line.strip_prefix("INI") {
            handicap_line = Some((rest.to_string(), line_no));
        }
    }
    let get = |key: &str| {
        header
            .iter()
            .find(|(k, _, _)| *k == key)
            .map(|(_, v, line)| (*v, *line))
    };
    for (name_key, nick_key, player, rank) in [
        ("GAMEBLACKNAME", "GAMEBLACKNICK", "PB", "BR"),
        ("GAMEWHITENAME", "GAMEWHITENICK", "PW", "WR"),
    ] {
        if let Some((raw, _)) = get(name_key).filter(|(v, _)| !v.trim().is_empty()) {
            let (name, r) = name_and_rank(raw);
            game.set(player, name.to_string());
            if let Some(r) = r {
                game.set(rank, r.to_string());
            }
        } else if let Some((nick, _)) = get(nick_key) {
            game.set(player, nick.to_string());
        }
    }

    let main = get("GAMEINFOMAIN").map(|(v, line)| (fields(v, ':'), line));
    let tag = get("GAMETAG").map(|(v, line)| (tag_fields(v), line));
    let main_field = |key: &str| {
        main.as_ref()
            .and_then(|(f, line)| f.iter().find(|(k, _)| *k == key).map(|(_, v)| (*v, *line)))
    };
    let tag_field = |key: &str| {
        tag.as_ref()
            .and_then(|(f, line)| f.iter().find(|(k, _)| *k == key).map(|(_, v)| (*v, *line)))
    };

    // Result.
    let code = main_field("GRLT")
        .map(|(v, line)| {
            (
                v,
                main_field("ZIPSU").map(|z| z.0),
                line,
                "GAMEINFOMAIN GRLT",
            )
        })
        .or_else(|| {
            tag_field("W").map(|(v, line)| (v, tag_field("Z").map(|z| z.0), line, "GAMETAG W"))
        });
    if let Some((grlt, zipsu, line, written)) = code {
        let said = get("GAMERESULT").map_or("", |(v, _)| v.trim());
        match result(grlt.trim(), zipsu.map(str::trim)) {
            Ok(Some(re)) => game.set("RE", re),
            Ok(None) => {}
            Err(why) => game.warnings.push(LoadWarning {
                node: Some(0),
                kind: WarningKind::InvalidValue,
                message: format!(
                    "line {line}: {written}:{} {why}{}: no result recorded",
                    shown(grlt.trim()),
                    if said.is_empty() {
                        String::new()
                    } else {
                        format!(" (GAMERESULT says `{}`)", shown(said))
                    }
                ),
            }),
        }
    }

    // Komi.
    let gongje = main_field("GONGJE").or_else(|| tag_field("G"));
    if let Some((value, line)) = gongje {
        match value.trim().parse::<u32>() {
            Ok(tenths) => {
                game.set("KM", number(f64::from(tenths) / 10.0));
                let dum = main_field("DUM").and_then(|(d, _)| d.trim().parse::<u32>().ok());
                if tenths == 0
                    && let Some(dum) = dum.filter(|d| *d > 0)
                {
                    game.warnings.push(LoadWarning {
                        node: Some(0),
                        kind: WarningKind::Komi,
                        message: format!(
                            "line {line}: GAMEINFOMAIN holds DUM:{dum} beside GONGJE:0; komi is \
                             read from GONGJE (0, as Sabaki and KaTrain read it) and DUM is not \
                             read"
                        ),
                    });
                }
            }
            Err(_) => game.warnings.push(LoadWarning {
                node: Some(0),
                kind: WarningKind::Komi,
                message: format!(
                    "line {line}: the komi `{}` (GONGJE) is not a number of tenths of a point: no \
                     komi recorded",
                    shown(value.trim())
                ),
            }),
        }
    }

    // Date.
    let date = tag_field("C")
        .and_then(|(c, _)| date_of(c, ':'))
        .or_else(|| {
            get("GAMEINFOSUB").and_then(|(v, _)| {
                fields(v, ':')
                    .into_iter()
                    .find(|(k, _)| *k == "GDATE")
                    .and_then(|(_, d)| date_of(d, '-'))
            })
        })
        .or_else(|| get("GAMEDATE").and_then(|(d, _)| date_of(d, '-')));
    if let Some(date) = date {
        game.set("DT", date);
    }

    // Handicap.
    if let Some((rest, line)) = handicap_line {
        let field = rest.split_whitespace().nth(2).unwrap_or("");
        match field.parse::<u32>() {
            Ok(0 | 1) => {}
            Ok(h @ 2..=9) => {
                game.set("HA", h.to_string());
                for p in tygem_handicap(SIZE, h) {
                    game.add("AB", sgf_point(p));
                }
            }
            _ => game.warnings.push(LoadWarning {
                node: Some(0),
                kind: WarningKind::InvalidValue,
                message: format!(
                    "line {line}: the handicap `{}` of the INI line is not from 0 to 9: no \
                     handicap read",
                    shown(field)
                ),
            }),
        }
    }
    Ok(game)
}

/// `STO 0 NUMBER COLOUR X Y` (the part after `STO`): the colour and the point. Read a
/// byte at a time: this is the loop over a record's moves.
fn stone(rest: &str) -> Option<(Color, (u8, u8))> {
    let mut fields = rest
        .as_bytes()
        .split(|b| *b == b' ' || *b == b'\t')
        .filter(|f| !f.is_empty());
    let color = match fields.nth(2)? {
        b"1" => Color::Black,
        b"2" => Color::White,
        _ => return None,
    };
    let mut coordinate = || -> Option<u8> {
        let digits = fields.next()?;
        if digits.is_empty() || digits.len() > 2 || !digits.iter().all(u8::is_ascii_digit) {
            return None;
        }
        let value = digits.iter().fold(0u8, |v, d| v * 10 + (d - b'0'));
        (value < 52).then_some(value)
    };
    let x = coordinate()?;
    let y = coordinate()?;
    Some((color, (x, y)))
}

/// `name (rank)` as GIB writes a player: the name and the rank when the value ends with
/// the one bracketed part.
fn name_and_rank(raw: &str) -> (&str, Option<&str>) {
    let raw = raw.trim();
    if raw.matches('(').count() == 1
        && let Some(body) = raw.strip_suffix(')')
        && let Some((name, rank)) = body.split_once('(')
        && !name.trim().is_empty()
    {
        return (name.trim(), Some(rank.trim()).filter(|r| !r.is_empty()));
    }
    (raw, None)
}

/// `KEY:VALUE,KEY:VALUE`.
fn fields(value: &str, separator: char) -> Vec<(&str, &str)> {
    value
        .split(',')
        .filter_map(|f| f.split_once(separator))
        .map(|(k, v)| (k.trim(), v))
        .collect()
}

/// `GAMETAG`'s `S1,R3,D5,G0,W255,...,C2016:03:26:17:29,I:name,...`: each field's first
/// letter and the rest.
fn tag_fields(value: &str) -> Vec<(&str, &str)> {
    value
        .split(',')
        .map(str::trim)
        .filter(|f| !f.is_empty() && f.is_char_boundary(1))
        .map(|f| f.split_at(1))
        .collect()
}

/// `YYYY?MM?DD...` (numbers split by `separator`, spaces allowed) as `YYYY-MM-DD`.
fn date_of(value: &str, separator: char) -> Option<String> {
    let mut parts = value.split(separator).map(str::trim);
    let year: u32 = parts.next()?.parse().ok()?;
    let month: u32 = parts.next()?.parse().ok()?;
    let day: u32 = parts.next()?.parse().ok()?;
    ((1000..=9999).contains(&year) && (1..=12).contains(&month) && (1..=31).contains(&day))
        .then(|| format!("{year:04}-{month:02}-{day:02}"))
}

/// The result a `GRLT` code and `ZIPSU` (tenths of a point) say: `Ok(None)` for 255 (no
/// result), `Err` (why) for a code goref does not know.
fn result(grlt: &str, zipsu: Option<&str>) -> Result<Option<String>, &'static str> {
    let points = || {
        zipsu
            .and_then(|z| z.parse::<u32>().ok())
            .map(|z| number(f64::from(z) / 10.0))
            .ok_or("has no readable ZIPSU (the margin in tenths)")
    };
    Ok(Some(match grlt {
        "0" => format!("B+{}", points()?),
        "1" => format!("W+{}", points()?),
        "3" => "B+R".to_string(),
        "4" => "W+R".to_string(),
        "7" => "B+T".to_string(),
        "8" => "W+T".to_string(),
        "255" => return Ok(None),
        _ => return Err("is a result code goref does not know"),
    }))
}

/// `6.5`, `0`, `11`.
fn number(v: f64) -> String {
    format!("{v}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn players_and_ranks() {
        assert_eq!(name_and_rank("jy512 (15K)"), ("jy512", Some("15K")));
        assert_eq!(name_and_rank("石下之臣(2段)"), ("石下之臣", Some("2段")));
        assert_eq!(name_and_rank("a (b) (c)"), ("a (b) (c)", None));
        assert_eq!(name_and_rank("plain"), ("plain", None));
    }

    #[test]
    fn results() {
        assert_eq!(result("1", Some("110")), Ok(Some("W+11".to_string())));
        assert_eq!(result("0", Some("75")), Ok(Some("B+7.5".to_string())));
        assert_eq!(result("7", None), Ok(Some("B+T".to_string())));
        assert_eq!(result("255", None), Ok(None));
        assert!(result("42", Some("0")).is_err());
        assert!(result("0", None).is_err());
    }

    #[test]
    fn dates() {
        assert_eq!(
            date_of("2016:03:26:17:29", ':').as_deref(),
            Some("2016-03-26")
        );
        assert_eq!(
            date_of("2015- 8-29-22-56-58", '-').as_deref(),
            Some("2015-08-29")
        );
        assert_eq!(date_of("2012年11月22日", '-'), None);
    }

    #[test]
    fn a_damaged_move_line_ends_the_main_line_with_its_line_number() {
        let text = "\\HS\n\\[GAMEBLACKNAME=a (1D)\\]\n\\HE\n\\GS\nINI 0 1 0 &4\nSTO 0 2 1 3 3\nSTO 0 3 x\nSTO 0 4 1 4 4\n\\GE\n";
        let game = read(text, Vec::new()).unwrap();
        assert_eq!(game.moves.len(), 1);
        assert_eq!(game.cut, Some(1));
        assert!(
            game.warnings[0].message.starts_with("line 7: "),
            "{:?}",
            game.warnings
        );
    }
}
