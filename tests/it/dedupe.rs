//! `goref dedupe` on a collection the test builds from corpus records: copies under other
//! names, rotated and mirrored copies, copies cut short and near-duplicates of some, the
//! others left alone. Every group must be found with the most complete record kept, and
//! nothing else grouped. Reported as ignored where `../shared/corpus` is absent.

use std::collections::BTreeMap;
use std::path::Path;

use goref::sgf::{Action, GameRecord, load};

use crate::common::{corpus, goref};

/// A group as the test compares it: its kind, and each member's file below the
/// collection, whether it is kept, and the reason given.
type Group = (String, Vec<(String, bool, String)>);

const FOLDER: &str =
    "ai-games/AlphaGo Zero/Extended Data Figure 4 - AlphaGo Zero 20 block self-play games";

fn record(path: &Path) -> GameRecord {
    let bytes = std::fs::read(path).expect("a corpus record");
    load(&bytes).expect("loads").remove(0).expect("a game")
}

/// `record` written again: its moves turned by `turn` (a function of the point), the first
/// `keep` of them, the one at `change` moved to `elsewhere`, and only the root values
/// given in `root`.
fn rewrite(
    record: &GameRecord,
    root: &str,
    turn: impl Fn(u8, u8) -> (u8, u8),
    keep: usize,
    change: Option<(usize, (u8, u8))>,
) -> String {
    let mut text = format!("(;GM[1]FF[4]CA[UTF-8]SZ[{}]{root}", record.width);
    for (i, m) in record.moves.iter().take(keep).enumerate() {
        let colour = if m.color == goref::Color::Black {
            'B'
        } else {
            'W'
        };
        let point = match (&m.action, change) {
            (_, Some((at, (x, y)))) if at == i => {
                format!("{}{}", (b'a' + x) as char, (b'a' + y) as char)
            }
            (Action::Play(p), _) => {
                let (x, y) = turn(p.x, p.y);
                format!("{}{}", (b'a' + x) as char, (b'a' + y) as char)
            }
            _ => String::new(),
        };
        text.push_str(&format!(";{colour}[{point}]"));
    }
    text.push(')');
    text
}

fn write(dir: &Path, name: &str, text: &[u8]) {
    let path = dir.join(name);
    std::fs::create_dir_all(path.parent().expect("a folder")).expect("a folder");
    std::fs::write(path, text).expect("written");
}

/// A point no move of `record` is played on.
fn unplayed(record: &GameRecord) -> (u8, u8) {
    for y in 0..19 {
        for x in 0..19 {
            let played = record
                .moves
                .iter()
                .any(|m| m.action == Action::Play(goref::Point::new(x, y)));
            if !played {
                return (x, y);
            }
        }
    }
    panic!("every point played")
}

#[test]
#[cfg_attr(not(has_corpus), ignore = "../shared/corpus is absent")]
fn a_built_collection_is_grouped_as_built() {
    let source = corpus().join(FOLDER);
    let mut games: Vec<_> = std::fs::read_dir(&source)
        .expect("the folder")
        .map(|e| e.expect("an entry").path())
        .collect();
    games.sort();
    assert!(games.len() >= 12);
    let dir = tempfile::tempdir().expect("a folder");
    let root = dir.path();
    // Every record as it is, under a/.
    for g in &games {
        let name = g
            .file_name()
            .expect("a name")
            .to_string_lossy()
            .into_owned();
        write(root, &format!("a/{name}"), &std::fs::read(g).expect("read"));
    }
    // Games 1-4 stored again: a byte copy under another name, rotated by a quarter turn
    // with the players only, mirrored without anything, and cut short at 60 %.
    for g in &games[..4] {
        let r = record(g);
        let stem = g
            .file_stem()
            .expect("a name")
            .to_string_lossy()
            .into_owned();
        let n = r.moves.len();
        write(
            root,
            &format!("b/{stem}-copy.sgf"),
            &std::fs::read(g).expect("read"),
        );
        let players = "PB[Black]PW[White]";
        write(
            root,
            &format!("c/{stem}-rotated.sgf"),
            rewrite(&r, players, |x, y| (18 - y, x), n, None).as_bytes(),
        );
        write(
            root,
            &format!("c/{stem}-mirrored.sgf"),
            rewrite(&r, "", |x, y| (18 - x, y), n, None).as_bytes(),
        );
        write(
            root,
            &format!("d/{stem}-cut.sgf"),
            rewrite(&r, players, |x, y| (x, y), n * 6 / 10, None).as_bytes(),
        );
    }
    // Games 5-6: a near-duplicate, one late move elsewhere.
    for g in &games[4..6] {
        let r = record(g);
        let stem = g
            .file_stem()
            .expect("a name")
            .to_string_lossy()
            .into_owned();
        let change = Some((r.moves.len() - 10, unplayed(&r)));
        write(
            root,
            &format!("e/{stem}-near.sgf"),
            rewrite(&r, "", |x, y| (x, y), r.moves.len(), change).as_bytes(),
        );
    }

    let out = goref()
        .args(["dedupe", "--jsonl", "-"])
        .arg(root)
        .output()
        .expect("goref runs");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    let rows: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .filter(|v: &serde_json::Value| v.get("summary").is_none())
        .collect();
    // Each group: its kind and (file below the folder, keep, reason), in order.
    let mut groups: BTreeMap<u64, Group> = BTreeMap::new();
    for row in &rows {
        let file = row["file"].as_str().expect("a file");
        let file = Path::new(file)
            .strip_prefix(root)
            .expect("below")
            .to_string_lossy()
            .into_owned();
        let entry = groups
            .entry(row["group"].as_u64().expect("a group"))
            .or_insert_with(|| {
                (
                    row["kind"].as_str().expect("a kind").to_string(),
                    Vec::new(),
                )
            });
        entry.1.push((
            file,
            row["keep"].as_bool().expect("keep"),
            row["reason"].as_str().expect("a reason").to_string(),
        ));
    }
    let mut expected = Vec::new();
    for g in &games[..4] {
        let name = g
            .file_name()
            .expect("a name")
            .to_string_lossy()
            .into_owned();
        let stem = g
            .file_stem()
            .expect("a name")
            .to_string_lossy()
            .into_owned();
        expected.push((
            "same-game".to_string(),
            vec![
                // The original and its byte copy tie: the first by path is kept.
                (format!("a/{name}"), true, "first-by-path".to_string()),
                (
                    format!("b/{stem}-copy.sgf"),
                    false,
                    "same-moves".to_string(),
                ),
                (
                    format!("c/{stem}-mirrored.sgf"),
                    false,
                    "rotated-or-mirrored".to_string(),
                ),
                (
                    format!("c/{stem}-rotated.sgf"),
                    false,
                    "rotated-or-mirrored".to_string(),
                ),
                (format!("d/{stem}-cut.sgf"), false, "cut-short".to_string()),
            ],
        ));
    }
    for g in &games[4..6] {
        let name = g
            .file_name()
            .expect("a name")
            .to_string_lossy()
            .into_owned();
        let stem = g
            .file_stem()
            .expect("a name")
            .to_string_lossy()
            .into_owned();
        expected.push((
            "near-duplicates".to_string(),
            vec![
                (format!("a/{name}"), true, "near-duplicate".to_string()),
                (
                    format!("e/{stem}-near.sgf"),
                    true,
                    "near-duplicate".to_string(),
                ),
            ],
        ));
    }
    let got: Vec<Group> = groups.into_values().collect();
    assert_eq!(got, expected);
}

#[test]
fn the_most_complete_copy_is_kept_and_standard_input_is_refused() {
    let dir = tempfile::tempdir().expect("a folder");
    let moves: String = (0..30)
        .map(|i| {
            let colour = if i % 2 == 0 { 'B' } else { 'W' };
            format!(
                ";{colour}[{}{}]",
                (b'a' + (i * 7 % 19) as u8) as char,
                (b'a' + (i * 7 / 19) as u8) as char
            )
        })
        .collect();
    write(dir.path(), "1.sgf", format!("(;SZ[19]{moves})").as_bytes());
    write(
        dir.path(),
        "2.sgf",
        format!("(;SZ[19]RE[B+R]{moves})").as_bytes(),
    );
    write(
        dir.path(),
        "3.sgf",
        format!("(;SZ[19]PB[x]PW[y]{moves})").as_bytes(),
    );
    let out = goref()
        .args(["dedupe", "--csv", "-"])
        .arg(dir.path())
        .output()
        .expect("goref runs");
    let csv = String::from_utf8(out.stdout).expect("UTF-8");
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(
        lines[0],
        "group,kind,file,game,moves,result,black,white,date,keep,reason,edits"
    );
    assert!(
        lines[1].contains("2.sgf,1,30,B+R,,,,true,has-result"),
        "{csv}"
    );
    assert!(
        lines[2].contains("1.sgf,1,30,,,,,false,same-moves"),
        "{csv}"
    );
    assert!(
        lines[3].contains("3.sgf,1,30,,x,y,,false,same-moves"),
        "{csv}"
    );
    let out = goref().args(["dedupe", "-"]).output().expect("goref runs");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("standard input"));
}
