//! `goref show`: the board of a game's first illegal move, of a chosen move, and of the
//! counted final position, as text and as SVG; the README's image is what goref writes
//! now.

use crate::common::{goref, manifest};

const KO: &str = "fixtures/illegal/ko/immediate-retake.sgf";
const DEAD_INVADER: &str = "fixtures/scoring/even/walls-dead-invader.sgf";
/// A 19x19 game whose record marks the dead stones of both colours.
const HANDTALK: &str = "fixtures/real/handtalk25.sgf";

fn show(args: &[&str]) -> (String, String, i32) {
    let output = goref().arg("show").args(args).output().expect("goref runs");
    (
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
        output.status.code().unwrap_or(-1),
    )
}

/// Elements of an SVG whose class holds every word of `class`.
fn with_class<'a>(doc: &'a roxmltree::Document<'a>, class: &str) -> Vec<roxmltree::Node<'a, 'a>> {
    doc.descendants()
        .filter(|n| {
            n.attribute("class")
                .is_some_and(|c| class.split(' ').all(|w| c.split(' ').any(|have| have == w)))
        })
        .collect()
}

#[test]
fn the_first_illegal_move_is_shown_by_default_and_marked() {
    let (text, stderr, code) = show(&[KO]);
    assert_eq!(
        code, 1,
        "an illegal game exits with 1, as validate does: {stderr}"
    );
    assert!(
        text.contains("after move 10 of 10; rules japanese; result B+F"),
        "{text}"
    );
    // White's retake at D6 is the finding and the last move; Black's J1 elsewhere.
    assert!(text.contains("6 ├─┼─●[○]┼─○─┼─┼─┤ 6"), "{text}");
    assert!(text.contains("[○] ko: D6 (the last move)"), "{text}");
    assert!(
        text.contains("move 10 W D6 (dd): ko: White retakes the ko"),
        "{text}"
    );
    assert!(!text.contains('\x1b'), "colour only on a terminal");
}

/// The README's text example is checked with the other examples (tests/it/docs.rs); its
/// image is the SVG goref writes for the same game.
#[test]
fn readme_image_is_the_svg_goref_writes_now() {
    let readme = std::fs::read_to_string(manifest().join("README.md")).expect("README.md");
    assert!(readme.contains(&format!("$ goref show {KO}\n")));
    assert!(readme.contains("](docs/images/ko-illegal.svg)"));
    same_as_committed(&[KO], "docs/images/ko-illegal.svg", 1);
}

/// The README's picture of a counted 19x19 final position, with dead stones of both
/// colours (issue 30, acceptance), is the SVG goref writes for that game now.
#[test]
fn readme_final_position_is_the_svg_goref_writes_now() {
    let readme = std::fs::read_to_string(manifest().join("README.md")).expect("README.md");
    // The README's prose wraps lines: words are compared.
    let words = readme.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        words.contains(&format!(
            "goref show --final --svg {FINAL_PICTURE} {HANDTALK}"
        )),
        "README.md does not say how the picture is made"
    );
    assert!(readme.contains(&format!("]({FINAL_PICTURE})")));
    same_as_committed(&["--final", HANDTALK], FINAL_PICTURE, 0);
}

/// The README's picture of handtalk25.sgf's final position.
const FINAL_PICTURE: &str = "docs/images/final-dead-stones.svg";

/// The SVG `goref show ARGS --svg` writes now (exit `code`) is `committed`, byte for byte.
fn same_as_committed(args: &[&str], committed: &str, code: i32) {
    let temp = tempfile::tempdir().expect("a temporary folder");
    let out = temp.path().join("picture.svg");
    let mut with_out = args.to_vec();
    with_out.extend(["--svg", out.to_str().expect("UTF-8")]);
    let (_, stderr, exit) = show(&with_out);
    assert_eq!(exit, code, "{stderr}");
    let written = std::fs::read_to_string(&out).expect("the SVG is written");
    let before = std::fs::read_to_string(manifest().join(committed)).expect(committed);
    assert!(
        written == before,
        "{committed} is not what `goref show {} --svg` writes now: write it again",
        args.join(" ")
    );
}

#[test]
fn svg_has_the_stones_of_each_colour_and_the_mark_on_the_finding() {
    let (svg, _, _) = show(&[KO, "--svg", "-"]);
    let doc = roxmltree::Document::parse(&svg).expect("the SVG is XML");
    // After move 10: Black C6, D7, D5 and J1 (4 stones); White E7, D6, F6, E5 (4 stones).
    assert_eq!(with_class(&doc, "stone black").len(), 5 - 1);
    assert_eq!(with_class(&doc, "stone white").len(), 4);
    let marks = with_class(&doc, "mark finding");
    assert_eq!(marks.len(), 1);
    assert_eq!(marks[0].attribute("data-point"), Some("D6"));
    assert_eq!(marks[0].attribute("data-kind"), Some("ko"));
    let caption: Vec<&str> = with_class(&doc, "caption")
        .iter()
        .filter_map(|n| n.text())
        .collect();
    assert!(caption.iter().any(|c| c.contains("game 1")), "{caption:?}");
    assert!(
        caption
            .iter()
            .any(|c| c.contains("rules japanese; result B+F")),
        "{caption:?}"
    );
}

#[test]
fn a_chosen_move_marks_the_last_move_only() {
    let (text, _, _) = show(&["--ascii", "--move", "9", KO]);
    assert!(text.contains("after move 9 of 10"), "{text}");
    assert!(
        text.contains("6 . . X .(X)O . . . 6"),
        "Black's capture at E6:\n{text}"
    );
    assert!(text.contains("(X) last move: E6"), "{text}");
    assert!(!text.contains('['), "no finding at move 9:\n{text}");
    let (start, _, _) = show(&["--ascii", "--move", "0", KO]);
    assert!(start.contains("before the first move"), "{start}");
    let board: Vec<&str> = start.lines().skip(3).take(9).collect();
    assert!(
        board.iter().all(|l| !l.contains('X') && !l.contains('(')),
        "{start}"
    );
}

#[test]
fn the_final_position_shows_dead_stones_owners_and_the_count() {
    let (text, stderr, code) = show(&["--final", "--ascii", DEAD_INVADER]);
    assert_eq!(code, 0, "{stderr}");
    assert!(text.contains("final position, after 18 moves; rules japanese; result W+13.5"));
    assert!(
        text.contains("5 b b X O w x w 5"),
        "the dead stone F5 in White's area:\n{text}"
    );
    assert!(text.contains("x o dead stones (1 stone)"), "{text}");
    assert!(
        text.contains("total W                27.5"),
        "the count underneath:\n{text}"
    );
    let (svg, _, _) = show(&["--final", DEAD_INVADER, "--svg", "-"]);
    let doc = roxmltree::Document::parse(&svg).expect("XML");
    assert_eq!(with_class(&doc, "stone dead").len(), 1);
    // Black's 14 points, White's 20: 19 empty points with White's square and the dead
    // stone's point with its cross, as counted.
    assert_eq!(with_class(&doc, "territory black").len(), 14);
    assert_eq!(with_class(&doc, "territory white").len(), 19);
    assert_eq!(with_class(&doc, "dead-cross").len(), 1);
}

/// Issue 30, item 4: on a 19x19 board dead black was hard to tell from dead white (faded
/// discs under a territory square), the caption named the file by its whole path, and the
/// count was an unaligned dump of lines that made the picture wide. Now each dead stone
/// has a cross in the other colour, the caption names the file, and the count is a table
/// of labels and values beside the board.
#[test]
fn the_svg_crosses_dead_stones_names_the_file_and_has_the_count_as_a_table() {
    let temp = tempfile::tempdir().expect("a temporary folder");
    let copy = temp.path().join("handtalk25.sgf");
    std::fs::copy(manifest().join(HANDTALK), &copy).expect("a copy");
    let (svg, stderr, code) = show(&["--final", copy.to_str().expect("UTF-8"), "--svg", "-"]);
    assert_eq!(code, 0, "{stderr}");
    let doc = roxmltree::Document::parse(&svg).expect("XML");
    // The record marks 12 dead stones: 5 black, 7 white. Each has a cross in the other
    // colour, centred on the stone.
    assert_eq!(with_class(&doc, "stone black dead").len(), 5);
    assert_eq!(with_class(&doc, "stone white dead").len(), 7);
    let mut crosses: Vec<(String, &str, &str)> = with_class(&doc, "dead-cross")
        .iter()
        .map(|cross| {
            let point = cross.attribute("data-point").expect("its point");
            let d = cross.attribute("d").expect("a path");
            let start: Vec<i64> = d[1..]
                .split('l')
                .next()
                .expect("a start")
                .split(' ')
                .map(|n| n.parse().expect("a number"))
                .collect();
            let (cx, cy) = ((start[0] + 6).to_string(), (start[1] + 6).to_string());
            let stone = doc
                .descendants()
                .find(|n| {
                    n.has_tag_name("circle")
                        && n.attribute("cx") == Some(cx.as_str())
                        && n.attribute("cy") == Some(cy.as_str())
                })
                .and_then(|n| n.attribute("class"))
                .expect("a stone under the cross");
            (
                stone.to_string(),
                point,
                cross.attribute("stroke").expect("a colour"),
            )
        })
        .collect();
    crosses.sort();
    let expected: Vec<(String, &str, &str)> = ["E4", "F3", "F4", "G18", "H3"]
        .iter()
        .map(|p| ("stone black dead".to_string(), *p, "#f7f7f2"))
        .chain(
            ["J9", "K9", "L8", "L9", "M12", "M13", "M14"]
                .iter()
                .map(|p| ("stone white dead".to_string(), *p, "#141414")),
        )
        .collect();
    assert_eq!(
        crosses, expected,
        "a white cross on each dead black stone, a black one on each dead white stone"
    );
    // Dead stones are not faded.
    for stone in with_class(&doc, "stone dead") {
        assert!(
            stone.ancestors().all(|n| n.attribute("opacity").is_none()),
            "a faded dead stone"
        );
    }
    // The caption names the file, not the folder it is in.
    let caption: Vec<&str> = with_class(&doc, "caption")
        .iter()
        .filter_map(|n| n.text())
        .collect();
    assert!(
        caption[0].starts_with("handtalk25.sgf, game 1: GNU Go 3.2 (B)"),
        "{caption:?}"
    );
    assert!(
        !svg.contains(temp.path().to_str().expect("UTF-8")),
        "the path is shown"
    );
    // The count as a table: each label with its value on its line, right of the board.
    let row = |label: &str| -> String {
        let node = with_class(&doc, "label")
            .into_iter()
            .find(|n| n.text() == Some(label))
            .unwrap_or_else(|| panic!("no row {label}"));
        let value = node.next_sibling().expect("its value");
        assert_eq!(value.attribute("class"), Some("value"));
        assert_eq!(value.attribute("y"), node.attribute("y"));
        value.text().unwrap_or("").to_string()
    };
    assert_eq!(row("rules"), "japanese");
    assert_eq!(row("territory B / W"), "61 / 89");
    assert_eq!(row("prisoners B / W"), "8 / 12");
    assert_eq!(row("total W"), "106.5");
    assert_eq!(row("result"), "W+37.5");
    assert_eq!(row("recorded"), "W+37.5");
    let board_right = 2 * 26 + 19 * 24;
    let x = |n: &roxmltree::Node| n.attribute("x").and_then(|x| x.parse::<u32>().ok());
    assert!(
        with_class(&doc, "label")
            .iter()
            .all(|n| x(n) > Some(board_right)),
        "beside the board"
    );
}

/// The picture of a small board stays small: the count beside the board and the long
/// lines wrapped, where a 7x7 board was a picture over 1000 pixels wide.
#[test]
fn the_svg_of_a_small_board_is_not_widened_by_its_count() {
    let (svg, _, _) = show(&["--final", DEAD_INVADER, "--svg", "-"]);
    let doc = roxmltree::Document::parse(&svg).expect("XML");
    let number = |name: &str| {
        doc.root_element()
            .attribute(name)
            .and_then(|v| v.parse::<u32>().ok())
            .expect("a size")
    };
    assert!(number("width") <= 600, "{} wide", number("width"));
    assert!(number("height") <= 520, "{} high", number("height"));
}

#[test]
fn usage_errors_name_the_flag() {
    let (_, stderr, code) = show(&["--game", "2", KO]);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("--game 2") && stderr.contains("holds 1 game"),
        "{stderr}"
    );
    let (_, stderr, code) = show(&["--move", "11", KO]);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("--move") && stderr.contains("10 moves"),
        "{stderr}"
    );
    let (_, _, code) = show(&["--move", "3", "--final", KO]);
    assert_eq!(code, 2);
}

/// A file that cannot be read is a verdict, as `validate` gives it (exit 1), not a usage
/// error (issue 30, item 6: `show nosuch.sgf` exited 2 where `validate nosuch.sgf` exits
/// 1); a game that cannot be read, and a file goref cannot load, too.
#[test]
fn a_file_that_cannot_be_read_exits_1_as_validate_does() {
    let temp = tempfile::tempdir().expect("a temporary folder");
    let missing = temp.path().join("nosuch.sgf");
    let missing = missing.to_str().expect("UTF-8");
    let validate = goref()
        .args(["validate", missing])
        .output()
        .expect("goref runs");
    assert_eq!(validate.status.code(), Some(1));
    for (file, game, said) in [
        (missing, "1", "no such file"),
        ("fixtures/malformed/empty.sgf", "1", "the file is empty"),
        (
            "fixtures/malformed/one-bad-game-among-good.sgf",
            "2",
            "board size 0x0 is not supported",
        ),
    ] {
        let (text, stderr, code) = show(&["--game", game, file]);
        assert_eq!(code, 1, "{file}: {stderr}");
        assert!(text.is_empty(), "{file}: {text}");
        assert!(
            stderr.starts_with("goref: error: ") && stderr.contains(said),
            "{file}: {stderr}"
        );
    }
    // Asking for a game the file does not hold stays a usage error.
    let (_, _, code) = show(&[
        "--game",
        "4",
        "fixtures/malformed/one-bad-game-among-good.sgf",
    ]);
    assert_eq!(code, 2);
}
