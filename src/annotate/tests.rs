//! Copies checked against the original text and against sgf-parse's reading of them.

use super::*;
use crate::point::Point;
use sgf_parse::go::Prop;

fn notes(comments: &[(usize, &str)]) -> GameNotes {
    let mut n = GameNotes::default();
    for &(node, line) in comments {
        n.comment(node, line);
    }
    n
}

/// Whether `original` is `copy` with text only inserted (every byte kept, in order).
fn only_inserted(original: &str, copy: &str) -> bool {
    let mut rest = copy.chars();
    original.chars().all(|c| rest.any(|d| d == c))
}

/// The main line of `text` as sgf-parse reads it: each node's properties, serialised.
fn main_line(text: &str) -> Vec<Vec<Prop>> {
    let trees = sgf_parse::go::parse(text).expect("sgf-parse reads the copy");
    let mut node = trees.first().expect("a game");
    let mut out = Vec::new();
    loop {
        out.push(node.properties().cloned().collect());
        let Some(next) = node.children().next() else {
            return out;
        };
        node = next;
    }
}

/// The node's comment as sgf-parse's lexer reads it (escapes removed). Its `Display`
/// would remove them a second time, so `\\` would be lost: not used here.
fn comment(props: &[Prop]) -> Option<String> {
    props.iter().find_map(|p| match p {
        Prop::C(text) => Some(text.text.clone()),
        _ => None,
    })
}

const GAME: &str = "(;GM[1]FF[4]SZ[9]KM[6.5]PB[Black]PW[White]RE[W+R]\n;B[ee]C[a good start]\n;W[cc]\n;B[ee]\n;W[gg])\n";

#[test]
fn comments_go_to_their_nodes_and_keep_the_original() {
    let n = notes(&[
        (0, "goref: result W+F"),
        (1, "goref: a line"),
        (3, "goref: occupied: Black plays on E5 [sic] \\ twice"),
        (3, "consequence: loss"),
    ]);
    let copy = annotate(GAME.as_bytes(), &[Some(n)]).expect("a copy");
    assert!(only_inserted(GAME, &copy), "{copy}");
    let line = main_line(&copy);
    assert_eq!(comment(&line[0]).as_deref(), Some("goref: result W+F"));
    assert_eq!(
        comment(&line[1]).as_deref(),
        Some("a good start\n\ngoref: a line"),
        "appended to the record's own comment after a blank line"
    );
    assert_eq!(comment(&line[2]), None);
    assert_eq!(
        comment(&line[3]).as_deref(),
        Some("goref: occupied: Black plays on E5 [sic] \\ twice\nconsequence: loss")
    );
    assert!(
        copy.contains("[sic\\] \\\\ twice"),
        "] and \\ escaped: {copy}"
    );
    assert!(!copy.contains("CA["), "an ASCII copy needs no CA");
}

#[test]
fn territory_and_dead_stones_are_marked_unless_the_record_has_its_own() {
    let p = |x, y| Point { x, y };
    let mut n = notes(&[]);
    n.territory = Some(sgf::TerritoryMarks {
        node: 4,
        black: vec![p(0, 0), p(1, 0)],
        white: vec![p(8, 8)],
    });
    n.dead = vec![p(2, 2)];
    let copy = annotate(GAME.as_bytes(), &[Some(n.clone())]).expect("a copy");
    assert!(copy.contains(";W[gg]TB[aa][ba]TW[ii]MA[cc])"), "{copy}");
    let reread = sgf::load(copy.as_bytes()).expect("loads");
    let marks = reread[0].as_ref().expect("a game").territory.clone();
    assert_eq!(
        marks.map(|m| (m.node, m.black.len(), m.white.len())),
        Some((4, 2, 1))
    );

    // The record's own TB/TW stay alone; goref's dead stones join the node's MA.
    let own = GAME.replace(";W[gg])", ";W[gg]MA[ab]TW[ia])");
    let copy = annotate(own.as_bytes(), &[Some(n)]).expect("a copy");
    assert!(copy.contains(";W[gg]MA[ab][cc]TW[ia])"), "{copy}");
}

#[test]
fn a_copy_is_utf8_and_says_so() {
    let bytes = std::fs::read("fixtures/load/chinese.sgf").expect("fixture");
    let copy = annotate(&bytes, &[Some(notes(&[(2, "goref: 检查")]))]).expect("a copy");
    assert!(copy.contains("PB[古力]CA[UTF-8]"), "{copy}");
    let line = main_line(&copy);
    assert_eq!(
        comment(&line[0]).as_deref(),
        Some("goref: this copy is written in UTF-8; the original declared CA[GB2312]")
    );
    assert_eq!(
        comment(&line[2]).as_deref(),
        Some("围棋 is fun\n\ngoref: 检查")
    );

    // No CA at all, and only goref's own text outside ASCII: CA[UTF-8] is added.
    let copy = annotate(GAME.as_bytes(), &[Some(notes(&[(0, "goref: Müller")]))]).expect("a copy");
    assert!(
        copy.starts_with(
            "(;GM[1]FF[4]SZ[9]KM[6.5]PB[Black]PW[White]RE[W+R]CA[UTF-8]C[goref: Müller]"
        ),
        "{copy}"
    );
    // An existing UTF-8 label is left alone.
    let labelled = GAME.replace("FF[4]", "FF[4]CA[utf-8]");
    let copy = annotate(labelled.as_bytes(), &[Some(notes(&[(0, "é")]))]).expect("a copy");
    assert!(
        copy.contains("CA[utf-8]") && !copy.contains("CA[UTF-8]"),
        "{copy}"
    );
}

#[test]
fn utf16_and_byte_order_marks_become_plain_utf8() {
    for file in ["fixtures/load/utf16le.sgf", "fixtures/load/utf8bom.sgf"] {
        let bytes = std::fs::read(file).expect("fixture");
        let copy = annotate(&bytes, &[Some(notes(&[(0, "goref: checked")]))]).expect(file);
        assert!(copy.starts_with('('), "{file}: no byte-order mark");
        let original = sgf::load(&bytes).expect("loads");
        let again = sgf::load(copy.as_bytes()).expect("loads");
        assert_eq!(
            original[0].as_ref().map(|g| g.black.clone()).ok(),
            again[0].as_ref().map(|g| g.black.clone()).ok(),
            "{file}"
        );
    }
}

#[test]
fn only_the_games_asked_for_are_annotated() {
    let text = "(;GM[1];B[aa];W[bb])\n(;GM[1];B[cc]C[x];W[dd])\n";
    let copy =
        annotate(text.as_bytes(), &[None, Some(notes(&[(1, "goref: here")]))]).expect("a copy");
    assert_eq!(
        copy,
        "(;GM[1];B[aa];W[bb])\n(;GM[1];B[cc]C[x\n\ngoref: here];W[dd])\n"
    );
}

#[test]
fn nodes_and_games_that_are_not_there_are_errors() {
    let err = annotate(GAME.as_bytes(), &[Some(notes(&[(5, "x")]))]).expect_err("no node 5");
    assert_eq!(
        err,
        AnnotateError::NoNode {
            game: 1,
            node: 5,
            last: 4
        }
    );
    let err = annotate(GAME.as_bytes(), &[None, Some(notes(&[(0, "x")]))]).expect_err("no game 2");
    assert_eq!(err, AnnotateError::NoGame { game: 2, found: 1 });
    assert!(matches!(
        annotate(b"not sgf", &[]),
        Err(AnnotateError::Load(LoadError::NoGame))
    ));
}

#[test]
fn a_truncated_record_is_annotated_up_to_where_it_can_be_read() {
    let text = "(;GM[1];B[aa];W[bb]junk;B[cc])";
    let copy = annotate(
        text.as_bytes(),
        &[Some(notes(&[(2, "goref: last readable")]))],
    )
    .expect("a copy");
    assert_eq!(
        copy,
        "(;GM[1];B[aa];W[bb]C[goref: last readable]junk;B[cc])"
    );
    let err = annotate(text.as_bytes(), &[Some(notes(&[(3, "x")]))]).expect_err("cut");
    assert!(matches!(err, AnnotateError::NoNode { node: 3, .. }));
}

#[test]
fn copy_paths_never_collide() {
    let paths = [
        ("games/a.sgf", None),
        ("./games/a.sgf", None),
        ("games/../a.sgf", None),
        ("a.sgf", None),
        ("/games/a.sgf", None),
        ("games.zip", Some("a.sgf")),
        ("games.zip", Some("round1/a.sgf")),
        ("x.sgf.gz", Some("x.sgf")),
        ("-", None),
        ("%stdin.sgf", None),
        ("%2F/games/a.sgf", None),
    ];
    let got: Vec<String> = paths
        .iter()
        .map(|(p, m)| copy_path(p, *m).display().to_string())
        .collect();
    assert_eq!(
        got,
        [
            "games/a.sgf",
            "games/a.sgf",
            "games/%2E%2E/a.sgf",
            "a.sgf",
            "%2F/games/a.sgf",
            "games.zip/a.sgf",
            "games.zip/round1/a.sgf",
            "x.sgf.gz/x.sgf",
            "%stdin.sgf",
            "%25stdin.sgf",
            "%252F/games/a.sgf",
        ]
    );
}

/// `text` with the values of `CA` left out (the one value a copy may change).
fn without_charset(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("CA[").or_else(|| rest.find("ca[")) {
        out.push_str(&rest[..at + 3]);
        rest = &rest[at + 3..];
        rest = rest.find(']').map_or("", |end| &rest[end..]);
    }
    out.push_str(rest);
    out
}

/// Every `.sgf` file under `dir`, sorted.
fn sgf_files(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut files = Vec::new();
    let mut dirs = vec![dir.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
            } else if path
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("sgf"))
            {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// A comment on every main-line node of every game of every corpus record: each copy
/// keeps the original text, reads as the original (`annotate` checks that), and, where
/// sgf-parse reads it, carries `goref: node N` on its main line's node N. This holds the
/// outline's node numbers to the loader's over thousands of real files.
#[test]
#[cfg_attr(not(has_corpus), ignore = "../shared/corpus not found")]
fn every_corpus_record_takes_a_comment_on_every_node() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    let (mut copies, mut checked_nodes, mut refused) = (0, 0, Vec::new());
    for file in sgf_files(&root) {
        let bytes = std::fs::read(&file).expect("readable");
        let Ok(games) = sgf::load(&bytes) else {
            continue;
        };
        let notes: Vec<Option<GameNotes>> = games
            .iter()
            .map(|g| {
                g.as_ref().ok().map(|record| {
                    let mut n = GameNotes::default();
                    for node in 0..record.nodes {
                        n.comment(node, format!("goref: node {node}"));
                    }
                    n
                })
            })
            .collect();
        let text = sgf::decoded_text(&bytes).into_owned();
        for (outline, game) in outline::outline(&text).iter().zip(&games) {
            if let Ok(record) = game
                && !outline.cut
            {
                assert_eq!(outline.nodes.len(), record.nodes, "{}", file.display());
            }
        }
        let copy = match annotate(&bytes, &notes) {
            Ok(copy) => copy,
            Err(e) => {
                refused.push(format!("{}: {e}", file.display()));
                continue;
            }
        };
        copies += 1;
        assert!(
            only_inserted(&without_charset(&text), &without_charset(&copy)),
            "{}: text was changed, not only added to",
            file.display()
        );
        if games.len() == 1
            && let Ok(trees) = sgf_parse::go::parse(&copy)
            && let Some(mut node) = trees.first()
        {
            let mut n = 0;
            loop {
                let props: Vec<Prop> = node.properties().cloned().collect();
                let text = comment(&props).unwrap_or_default();
                let line = format!("goref: node {n}");
                assert!(
                    text.lines().any(|l| l == line),
                    "{}: node {n} has {text:?}",
                    file.display()
                );
                checked_nodes += 1;
                n += 1;
                let Some(next) = node.children().next() else {
                    break;
                };
                node = next;
            }
        }
    }
    println!("{copies} copies, {checked_nodes} nodes checked; refused: {refused:#?}");
    assert!(copies > 8000, "{copies} copies");
    assert!(refused.is_empty(), "{refused:#?}");
}

fn checked_copy(file: &str, rules: &str) -> String {
    let bytes = std::fs::read(file).expect("fixture");
    let choice = crate::rules::RulesChoice {
        preset: Some(rules.parse().expect("a preset")),
        ..crate::rules::RulesChoice::default()
    };
    let checked = crate::check::judge_file(
        file,
        &bytes,
        &[choice],
        &crate::judge::DeadPlan::default(),
        &crate::sgf::Limits::default(),
    );
    annotated_copy(&bytes, &checked).expect("a copy")
}

#[test]
fn a_checked_copy_states_the_result_and_each_finding_at_its_node() {
    let copy = checked_copy("fixtures/standings/double-rr/r4-bravo-alpha.sgf", "sjtu");
    let line = main_line(&copy);
    assert_eq!(
        comment(&line[0]).as_deref(),
        Some(
            "goref: W+F under sjtu, decided by forfeit (occupied, move 5)\ngoref: the recorded result W+F agrees"
        )
    );
    assert_eq!(
        comment(&line[5]).as_deref(),
        Some(
            "goref: occupied (illegal) at move 5: Black plays on K10, which already holds a \
             white stone; the board was left as it was; under sjtu: Black loses the game"
        )
    );
    assert!(
        line.iter()
            .enumerate()
            .all(|(n, props)| n == 0 || n == 5 || comment(props).is_none())
    );
}

#[test]
fn a_counted_copy_marks_territory_on_the_last_node() {
    let copy = checked_copy("fixtures/standings/double-rr/r3-alpha-delta.sgf", "sjtu");
    let line = main_line(&copy);
    assert_eq!(
        comment(&line[0]).as_deref(),
        Some(
            "goref: B+6.5 under sjtu, decided by count\n\
             goref: counted Black 91, White 84.5 (no dead stones)\n\
             goref: the recorded result B+6.5 agrees"
        )
    );
    let last = line.last().expect("nodes");
    let marks = |black: bool| -> usize {
        last.iter()
            .map(|p| match p {
                Prop::TB(points) if black => points.len(),
                Prop::TW(points) if !black => points.len(),
                _ => 0,
            })
            .sum()
    };
    // Columns A-F for Black (6 x 13), J-N for White (5 x 13).
    assert_eq!((marks(true), marks(false)), (78, 65));
}
