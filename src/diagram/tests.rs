//! Text diagrams as snapshots (insta), and SVG read back as XML: the stones of each
//! colour, the marks where the findings are, dead stones and owned points counted.

use super::*;

fn board(diagram: &str) -> Board {
    Board::from_diagram(diagram).unwrap_or_else(|| panic!("bad test diagram:\n{diagram}"))
}

/// `D4` on a board `height` rows high, as a point.
fn at(name: &str, height: u8) -> Point {
    crate::point::PointName::parse(name)
        .ok()
        .and_then(|n| n.at(height))
        .unwrap_or_else(|| panic!("bad point {name}"))
}

const PLAIN: TextStyle = TextStyle {
    charset: Charset::Unicode,
    color: false,
};
const ASCII: TextStyle = TextStyle {
    charset: Charset::Ascii,
    color: false,
};

/// A ko on 9x9 after move 24: White took a stone at D5, and Black has just retaken at
/// E5 at once (as recorded: White's D5 stone is off the board), the last move and the
/// finding.
fn ko_diagram() -> Diagram {
    let mut d = Diagram::new(board(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . X O . . . .
        . . X . X O . . .
        . . . X O . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        ",
    ));
    d.last_move = Some(at("E5", 9));
    d.marks.push(Mark {
        point: at("E5", 9),
        label: "ko".to_string(),
    });
    d.caption
        .push("game 1, move 24: B E5 (ko), rules japanese".to_string());
    d.notes
        .push("move 24: Black retakes the ko at E5 at once; the move counts as a pass".to_string());
    d
}

/// A finished 5x5 game: Black owns the left, White the right, and one White stone
/// inside Black's area is dead.
fn final_diagram() -> Diagram {
    let b = board(
        "
        . X O . .
        . X O . .
        O X O . .
        . X O O O
        . X . . .
        ",
    );
    let mut d = Diagram::new(b.clone());
    d.dead.push(at("A3", 5));
    let owner_of = |p: Point| match p.x {
        0 => Some(Color::Black),
        1 => None,
        2 if p.y == 4 => Some(Color::White),
        2 => None,
        _ => Some(Color::White),
    };
    d.owners = d.points().map(owner_of).collect();
    d.caption
        .push("game 1, final position, rules chinese".to_string());
    d.notes
        .push("Black 10 (5 stones, 5 points), White 15 (6 stones, 9 points); W+5".to_string());
    d
}

#[test]
fn text_unicode_marks_the_last_move_and_the_finding() {
    insta::assert_snapshot!(ko_diagram().text(PLAIN));
}

#[test]
fn text_ascii_marks_the_last_move_and_the_finding() {
    insta::assert_snapshot!(ko_diagram().text(ASCII));
}

#[test]
fn text_colour_wraps_marks_in_ansi_codes_and_resets_every_line() {
    let text = ko_diagram().text(TextStyle {
        charset: Charset::Unicode,
        color: true,
    });
    insta::assert_snapshot!(text.replace('\x1b', "<ESC>"));
    for line in text.lines() {
        if let Some(last) = line.rfind('\x1b') {
            assert!(
                line[last..].starts_with("\x1b[0m"),
                "line leaks colour: {line:?}"
            );
        }
    }
    // Without the codes, the same picture as without colour.
    let mut stripped = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            for c in chars.by_ref() {
                if c == 'm' {
                    break;
                }
            }
        } else {
            stripped.push(c);
        }
    }
    assert_eq!(stripped, ko_diagram().text(PLAIN));
}

#[test]
fn text_final_position_shows_dead_stones_owners_and_the_count() {
    insta::assert_snapshot!(final_diagram().text(PLAIN));
    insta::assert_snapshot!(final_diagram().text(ASCII));
}

#[test]
fn text_19x19_has_star_points_and_two_digit_rows() {
    let mut d = Diagram::new(Board::new(19, 19).expect("19x19"));
    let mut b = d.board.clone();
    b.play(Color::Black, at("Q16", 19)).expect("on board");
    b.play(Color::White, at("D4", 19)).expect("on board");
    d.board = b;
    d.last_move = Some(at("D4", 19));
    insta::assert_snapshot!(d.text(PLAIN));
}

#[test]
fn text_small_and_rectangular_boards() {
    let one = Diagram::new(Board::new(1, 1).expect("1x1"));
    assert_eq!(one.text(PLAIN), "  A\n1 · 1\n  A\n");
    let mut wide = Diagram::new(board("X . O .\n. . . X"));
    wide.last_move = Some(Point::new(3, 1));
    insta::assert_snapshot!(wide.text(PLAIN));
    let mut tall = Diagram::new(board("X\n.\nO"));
    tall.marks.push(Mark {
        point: Point::new(0, 2),
        label: "suicide".to_string(),
    });
    insta::assert_snapshot!(tall.text(ASCII));
}

#[test]
fn text_25x25_uses_letters_up_to_z_without_i() {
    let d = Diagram::new(Board::new(25, 25).expect("25x25"));
    let text = d.text(ASCII);
    let header = text.lines().next().expect("a header");
    assert_eq!(
        header.trim(),
        "A B C D E F G H J K L M N O P Q R S T U V W X Y Z"
    );
    assert_eq!(text.lines().count(), 27);
    assert!(text.lines().nth(1).expect("row 25").starts_with("25 "));
    assert!(text.lines().nth(25).expect("row 1").starts_with(" 1 "));
}

#[test]
fn text_a_finding_beside_the_last_move_keeps_its_brackets() {
    let mut d = Diagram::new(board(". X O ."));
    d.last_move = Some(Point::new(1, 0));
    d.marks.push(Mark {
        point: Point::new(2, 0),
        label: "superko".to_string(),
    });
    let text = d.text(ASCII);
    assert_eq!(text.lines().nth(1), Some("1 .(X[O]. 1"));
}

#[test]
fn marks_off_the_board_are_left_out() {
    let mut d = Diagram::new(board("X O\n. ."));
    d.last_move = Some(Point::new(7, 7));
    d.marks.push(Mark {
        point: Point::new(2, 0),
        label: "off-board".to_string(),
    });
    d.dead.push(Point::new(9, 9));
    d.owners = vec![Some(Color::Black)]; // too short: the other points have no owner
    let text = d.text(ASCII);
    assert!(!text.contains('(') && !text.contains('['), "{text}");
    assert!(!text.contains("dead"), "{text}");
    let svg = d.svg(SvgStyle::Document);
    let doc = roxmltree::Document::parse(&svg).expect("XML");
    assert_eq!(with_class(&doc, "mark").len(), 0);
    assert_eq!(with_class(&doc, "territory").len(), 0, "A2 holds a stone");
}

// ---- SVG ----

/// Elements whose `class` holds every word of `class`.
fn with_class<'a>(doc: &'a roxmltree::Document<'a>, class: &str) -> Vec<roxmltree::Node<'a, 'a>> {
    doc.descendants()
        .filter(|n| {
            n.attribute("class").is_some_and(|c| {
                class
                    .split(' ')
                    .all(|word| c.split(' ').any(|have| have == word))
            })
        })
        .collect()
}

fn number(node: &roxmltree::Node, attribute: &str) -> f64 {
    node.attribute(attribute)
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| panic!("no number in {attribute} of {node:?}"))
}

#[test]
fn svg_parses_and_has_every_stone_as_a_circle_of_its_colour() {
    let d = ko_diagram();
    let svg = d.svg(SvgStyle::Document);
    assert!(svg.starts_with("<?xml"));
    let doc = roxmltree::Document::parse(&svg).expect("the SVG is XML");
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg")
    );
    let black = with_class(&doc, "stone black");
    let white = with_class(&doc, "stone white");
    assert_eq!(black.len() as u32, d.board.stones(Color::Black));
    assert_eq!(white.len() as u32, d.board.stones(Color::White));
    assert_eq!((black.len(), white.len()), (4, 3));
    assert!(
        black
            .iter()
            .chain(&white)
            .all(|n| n.tag_name().name() == "circle")
    );
    // Each stone where the board has it.
    for n in &black {
        let (x, y) = (number(n, "cx"), number(n, "cy"));
        let p = Point::new(
            ((x - f64::from(MARGIN_FOR_TESTS)) / 24.0 - 0.5).round() as u8,
            ((y - f64::from(MARGIN_FOR_TESTS)) / 24.0 - 0.5).round() as u8,
        );
        assert_eq!(
            d.board.get(p),
            Some(Color::Black),
            "no black stone at {p:?}"
        );
    }
}

const MARGIN_FOR_TESTS: u32 = 26;

#[test]
fn svg_marks_the_finding_and_the_last_move_on_their_points() {
    let d = ko_diagram();
    let doc_text = d.svg(SvgStyle::Document);
    let doc = roxmltree::Document::parse(&doc_text).expect("XML");
    let findings = with_class(&doc, "mark finding");
    assert_eq!(findings.len(), 1);
    let f = &findings[0];
    assert_eq!(f.attribute("data-point"), Some("E5"));
    assert_eq!(f.attribute("data-kind"), Some("ko"));
    // The square is centred on E5's stone.
    let e5 = with_class(&doc, "stone black")
        .into_iter()
        .find(|n| {
            number(n, "cx") == number(f, "x") + number(f, "width") / 2.0
                && number(n, "cy") == number(f, "y") + number(f, "height") / 2.0
        })
        .expect("a black stone under the finding's square");
    let e5_centre = f64::from(MARGIN_FOR_TESTS + 12 + 4 * 24);
    assert_eq!(
        (number(&e5, "cx"), number(&e5, "cy")),
        (e5_centre, e5_centre)
    );
    let last = with_class(&doc, "mark last");
    assert_eq!(last.len(), 1);
    assert_eq!(last[0].attribute("data-point"), Some("E5"));
    assert_eq!(
        (number(&last[0], "cx"), number(&last[0], "cy")),
        (e5_centre, e5_centre)
    );
    // The caption is there, as text.
    let caption = with_class(&doc, "caption");
    assert_eq!(
        caption[0].text(),
        Some("game 1, move 24: B E5 (ko), rules japanese")
    );
}

/// Issue 30, item 4: dead stones were faded discs under a territory square, and at
/// 19x19 dead black was hard to tell from dead white. Now each is drawn as it stands, with
/// a cross in the other colour on it.
#[test]
fn svg_final_position_crosses_dead_stones_in_the_other_colour_and_squares_owned_points() {
    let d = final_diagram();
    let svg = d.svg(SvgStyle::Inline);
    assert!(svg.starts_with("<svg"));
    let doc = roxmltree::Document::parse(&svg).expect("XML");
    let dead = with_class(&doc, "stone white dead");
    assert_eq!(dead.len(), 1);
    assert_eq!(with_class(&doc, "stone dead").len(), 1);
    // 5 black stones; 6 live white ones and the dead one.
    assert_eq!(with_class(&doc, "stone black").len(), 5);
    assert_eq!(with_class(&doc, "stone white").len(), 7);
    // Painted as a living white stone: not faded.
    let group = dead[0].parent().expect("its group");
    assert_eq!(group.attribute("opacity"), None);
    assert_eq!(group.attribute("fill"), Some(WHITE_FOR_TESTS));
    // A black cross centred on it.
    let crosses = with_class(&doc, "dead-cross");
    assert_eq!(crosses.len(), 1);
    assert_eq!(crosses[0].attribute("data-point"), Some("A3"));
    assert_eq!(crosses[0].attribute("stroke"), Some(BLACK_FOR_TESTS));
    let d_attr = crosses[0].attribute("d").expect("a path");
    let start: Vec<f64> = d_attr[1..]
        .split('l')
        .next()
        .expect("a start")
        .split(' ')
        .map(|n| n.parse().expect("a number"))
        .collect();
    assert_eq!(
        (start[0] + 6.0, start[1] + 6.0),
        (number(&dead[0], "cx"), number(&dead[0], "cy"))
    );
    // Black owns the empty A1, A2, A4, A5 (A3, the dead stone's point, has its cross);
    // White owns nine empty points.
    assert_eq!(with_class(&doc, "territory black").len(), 4);
    assert_eq!(with_class(&doc, "territory white").len(), 9);
}

#[test]
fn svg_dead_stones_of_both_colours_get_crosses_of_the_other_colour() {
    let mut d = Diagram::new(board(
        "
        X O .
        O X .
        . . .
        ",
    ));
    d.dead = vec![at("A3", 3), at("B3", 3)];
    let svg = d.svg(SvgStyle::Document);
    let doc = roxmltree::Document::parse(&svg).expect("XML");
    let cross = |point: &str| {
        with_class(&doc, "dead-cross")
            .into_iter()
            .find(|n| n.attribute("data-point") == Some(point))
            .and_then(|n| n.attribute("stroke"))
            .unwrap_or_else(|| panic!("no cross on {point}"))
            .to_string()
    };
    assert_eq!(cross("A3"), WHITE_FOR_TESTS, "a white cross on dead black");
    assert_eq!(cross("B3"), BLACK_FOR_TESTS, "a black cross on dead white");
    assert_eq!(with_class(&doc, "dead-cross").len(), 2);
}

const WHITE_FOR_TESTS: &str = "#f7f7f2";
const BLACK_FOR_TESTS: &str = "#141414";

/// Issue 30, item 4: the count was an unaligned dump of lines under the board that made
/// a 9x9 diagram 1088 pixels wide. Now it is a table beside the board, labels and values
/// each in a column, and long lines wrap.
#[test]
fn svg_table_sits_beside_the_board_with_its_values_lined_up() {
    let mut d = final_diagram();
    d.table = vec![
        ("rules".to_string(), "chinese".to_string()),
        ("stones B / W".to_string(), "5 / 6".to_string()),
        ("result".to_string(), "W+5".to_string()),
    ];
    let svg = d.svg(SvgStyle::Document);
    let doc = roxmltree::Document::parse(&svg).expect("XML");
    let board_right = f64::from(2 * MARGIN_FOR_TESTS + 5 * 24);
    let labels = with_class(&doc, "count")[0]
        .children()
        .filter(|n| n.attribute("class") == Some("label"))
        .collect::<Vec<_>>();
    let values = with_class(&doc, "value");
    let texts = |nodes: &[roxmltree::Node]| -> Vec<String> {
        nodes
            .iter()
            .map(|n| n.text().unwrap_or("").to_string())
            .collect()
    };
    assert_eq!(texts(&labels), ["rules", "stones B / W", "result"]);
    assert_eq!(texts(&values), ["chinese", "5 / 6", "W+5"]);
    for (label, value) in labels.iter().zip(&values) {
        assert_eq!(number(label, "x"), number(&labels[0], "x"));
        assert_eq!(number(value, "x"), number(&values[0], "x"));
        assert_eq!(number(label, "y"), number(value, "y"), "one row, one line");
        // Beside the board, right of its row numbers; the value after the longest
        // label (12 characters).
        assert!(number(label, "x") > board_right);
        assert!(number(value, "x") >= number(label, "x") + 12.0 * 6.0);
    }
    let width = number(&doc.root_element(), "width");
    assert!(
        width >= number(&values[0], "x") + 7.0 * 6.0,
        "the table is cut: {width}"
    );
}

#[test]
fn svg_long_lines_wrap_to_the_width_of_the_picture() {
    let mut d = ko_diagram();
    let long = "word ".repeat(60) + &"x".repeat(200);
    d.notes.push(long.clone());
    let svg = d.svg(SvgStyle::Document);
    let doc = roxmltree::Document::parse(&svg).expect("XML");
    let width = number(&doc.root_element(), "width");
    assert!(width <= f64::from(2 * MARGIN_FOR_TESTS + 72 * 7), "{width}");
    let notes: Vec<&str> = with_class(&doc, "note")
        .iter()
        .filter_map(|n| n.text())
        .collect();
    assert!(notes.len() >= 6, "{notes:?}");
    for line in &notes {
        assert!(line.chars().count() <= 72, "{line}");
    }
    // Nothing lost: the words and the long word come back whole.
    let first = "move 24: Black retakes the ko at E5 at once; the move counts as a pass";
    assert_eq!(notes[0], first);
    let rest: String = notes[1..].concat();
    assert_eq!(rest.replace(' ', ""), long.replace(' ', ""));
    // Each line below the one before.
    let ys: Vec<f64> = with_class(&doc, "note")
        .iter()
        .map(|n| number(n, "y"))
        .collect();
    assert!(ys.windows(2).all(|w| w[1] > w[0]), "{ys:?}");
    assert!(number(&doc.root_element(), "height") > ys[ys.len() - 1]);
}

#[test]
fn text_draws_the_table_with_its_values_lined_up() {
    let mut d = Diagram::new(board("X O"));
    d.table = vec![
        ("rules".to_string(), "aga".to_string()),
        ("total W".to_string(), "7.5".to_string()),
    ];
    d.notes.push("a note".to_string());
    let text = d.text(ASCII);
    assert!(
        text.ends_with("  rules    aga\n  total W  7.5\na note\n"),
        "{text}"
    );
}

#[test]
fn text_shows_the_control_characters_of_captions_notes_and_marks_escaped() {
    let mut d = Diagram::new(board("X O"));
    d.caption.push("\u{1b}]52;c;aGk=\u{7}".to_string());
    d.notes.push("a\n::error::x".to_string());
    d.marks.push(Mark {
        point: Point::new(0, 0),
        label: "\u{1b}[2J".to_string(),
    });
    let text = d.text(PLAIN);
    assert!(
        !text.chars().any(|c| c.is_control() && c != '\n'),
        "{text:?}"
    );
    assert!(text.starts_with("\\x1b]52;c;aGk=\\x07\n"), "{text}");
    assert!(text.contains("\na\\n::error::x\n"), "{text}");
    assert!(text.contains(" \\x1b[2J: A1"), "{text}");
}

#[test]
fn svg_escapes_the_caption_and_the_table() {
    let mut d = Diagram::new(board("X O"));
    d.caption.push("<Lee & \"Cho\">\u{7}".to_string());
    d.table
        .push(("<b>\u{1b}".to_string(), "B+3.5&\u{202e}".to_string()));
    let svg = d.svg(SvgStyle::Document);
    let doc = roxmltree::Document::parse(&svg).expect("XML");
    assert_eq!(
        with_class(&doc, "caption")[0].text(),
        Some("<Lee & \"Cho\">\\x07")
    );
    assert_eq!(with_class(&doc, "label")[0].text(), Some("<b>\\x1b"));
    assert_eq!(with_class(&doc, "value")[0].text(), Some("B+3.5&\\u{202e}"));
    assert_eq!(
        doc.descendants()
            .find(|n| n.has_tag_name("title"))
            .and_then(|n| n.text()),
        Some("<Lee & \"Cho\">\\x07")
    );
}

#[test]
fn svg_every_board_size_parses_with_its_coordinates() {
    for (w, h) in (1..=25).map(|n| (n, n)).chain([(19, 5), (2, 25), (25, 1)]) {
        let b = Board::new(w, h).expect("size");
        let svg = Diagram::new(b).svg(SvgStyle::Document);
        let doc =
            roxmltree::Document::parse(&svg).unwrap_or_else(|e| panic!("{w}x{h} is not XML: {e}"));
        let texts: Vec<&str> = doc
            .descendants()
            .filter(|n| n.has_tag_name("text"))
            .filter_map(|n| n.text())
            .collect();
        let letters: String = (0..w).map(column_letter).collect();
        assert_eq!(
            texts.iter().filter(|t| **t == letters).count(),
            2,
            "{w}x{h}"
        );
        assert!(texts.contains(&h.to_string().as_str()), "{w}x{h}");
        assert!(texts.contains(&"1"), "{w}x{h}");
        let stars = with_class(&doc, "star").len();
        assert_eq!(stars, star_points(w, h).len());
    }
}

#[test]
fn star_points_are_those_of_printed_boards() {
    let names = |w: u8, h: u8| -> Vec<String> {
        let mut v: Vec<String> = star_points(w, h).iter().map(|p| p.to_d4(h)).collect();
        v.sort();
        v
    };
    assert_eq!(
        names(19, 19),
        ["D10", "D16", "D4", "K10", "K16", "K4", "Q10", "Q16", "Q4"]
    );
    assert_eq!(names(13, 13), ["D10", "D4", "G7", "K10", "K4"]);
    assert_eq!(names(9, 9), ["C3", "C7", "E5", "G3", "G7"]);
    assert!(names(5, 5).is_empty());
}
