//! The shortcut of `plain.rs` must give exactly what parsing the whole game tree gives.

use super::super::scan::ShortRuns;
use super::super::{Deadline, Limits, decode, load_games, scan};
use super::{
    Piece, PlainMove, Properties, READ, Split, any_plain_node, loader_reads, nodes, plain_node,
    short_moves, split,
};
use crate::board::Color;
use crate::testing::{corpus, files_with_extension};

/// Load `bytes` both ways; the results must be equal.
fn both_ways(bytes: &[u8]) -> Result<(), String> {
    let limits = Limits::default();
    let deadline = Deadline::start(&limits);
    let parts = load_games(bytes, &limits, &deadline, true);
    let whole = load_games(bytes, &limits, &deadline, false);
    if parts == whole {
        Ok(())
    } else {
        Err(format!("in parts: {parts:?}\nwhole: {whole:?}"))
    }
}

/// How many game trees of `bytes` the loader cuts in parts.
fn games_cut(bytes: &[u8]) -> usize {
    let decoded = decode::decode(bytes);
    scan::split(&decoded.text, &Limits::default())
        .map(|games| {
            games
                .iter()
                .filter(|g| {
                    g.cut.is_none() && super::super::cut_in_parts(&g.text, &g.short).is_some()
                })
                .count()
        })
        .unwrap_or(0)
}

#[test]
fn the_parts_are_what_sgf_parse_makes_of_the_whole_tree() {
    let text = "(;GM[1]SZ[19]KM[6.5]RE[B+R] ;B[pd];W[dp] ;B[]\n;W[tt];B[aa];W[sa];B[as];W[ss];B[qq]\
                ;W[cc]C[a comment];B[dd](;W[ee];B[ff])(;W[gg]))";
    assert_eq!(games_cut(text.as_bytes()), 1);
    both_ways(text.as_bytes()).unwrap();
    let records = crate::sgf::load(text.as_bytes()).unwrap();
    let record = records[0].as_ref().unwrap();
    // The root, nine plain moves, the commented node, B[dd], and the first variation.
    assert_eq!(record.nodes, 14);
    assert_eq!(record.moves.len(), 13);
    assert_eq!(record.moves[2].action, crate::sgf::Action::Pass);
    assert_eq!(
        record.moves[3].action,
        crate::sgf::Action::Pass,
        "W[tt] on 19x19"
    );
    assert_eq!(record.moves[12].node, 13);
    assert_eq!(
        record.moves[12].action,
        crate::sgf::Action::Play(crate::point::Point::new(5, 5))
    );
}

/// Each piece of `split` as a line: its kind, and its text or how many moves it holds.
fn shapes(split: &Split<'_>) -> Vec<String> {
    (split.pieces.iter())
        .map(|p| match p {
            Piece::Moves(range) => format!("moves {}", range.len()),
            Piece::Short(_, count) => format!("short {count}"),
            Piece::Nodes(t) => format!("nodes {t}"),
            Piece::Rest(t) => format!("rest {t}"),
        })
        .collect()
}

#[test]
fn runs_between_other_nodes_are_read_in_pieces() {
    let run: String = (0..5).map(|_| ";B[aa];W[bb]").collect();
    let text = format!(
        "(;GM[1]SZ[19]{run};B[cc]PL[W]C[a (comment); with [brackets\\]]{run};W[dd]WL[12.5]\n\
         ;B[ee]{run};W[ff]C[a comment];B[gg];W[hh](;B[ii])(;B[jj]))"
    );
    let split = split(&text, &ShortRuns::default()).expect("cut in pieces");
    let shapes = shapes(&split);
    assert_eq!(
        shapes,
        [
            "moves 10",
            "nodes ;B[cc]PL[W]C[a (comment); with [brackets\\]]",
            // A time left and a comment keep a move plain.
            "moves 25",
            "rest (;B[ii])(;B[jj]))",
        ]
    );
    both_ways(text.as_bytes()).unwrap();
    let records = crate::sgf::load(text.as_bytes()).unwrap();
    let record = records[0].as_ref().unwrap();
    assert_eq!(record.moves.len(), 37);
    assert_eq!(record.nodes, 38);
    assert_eq!(record.moves[21].time_left, Some(12.5));
    assert_eq!(record.moves[21].node, 22);
}

/// The game trees the scanner finds in `text` that the loader cuts in parts, each with
/// the runs of short nodes the scanner found in it.
fn scanned(text: &str) -> Vec<(String, ShortRuns)> {
    scan::split(text, &Limits::default())
        .map(|games| {
            (games.into_iter())
                .filter(|game| game.cut.is_none())
                .map(|game| (game.text.into_owned(), game.short))
                .collect()
        })
        .unwrap_or_default()
}

/// What the loader reads of a split, piece by piece, with each run of moves as its moves:
/// the same for two splits that make the same record.
fn read<'a>(split: &Split<'a>) -> (String, Option<Properties<'a>>, Vec<String>) {
    let mut items = Vec::new();
    for piece in &split.pieces {
        match piece {
            Piece::Moves(range) => {
                items.extend(split.moves[range.clone()].iter().map(|m| format!("{m:?}")));
            }
            Piece::Short(text, count) => {
                items.extend(short_moves(text, *count).map(|(color, point)| {
                    let m = PlainMove {
                        color,
                        m: sgf_parse::go::Move::Move(point),
                        time_left: None,
                    };
                    format!("{m:?}")
                }));
            }
            Piece::Nodes(t) => items.push(format!("nodes {t}")),
            Piece::Rest(t) => items.push(format!("rest {t}")),
        }
    }
    (split.root.to_string(), split.root_properties.clone(), items)
}

/// `split` with the scanner's runs reads what it reads without them, node by node (the
/// reader as it was before the scanner noted runs); `None` when there is no split.
fn with_and_without_runs(text: &str) -> Result<usize, String> {
    let mut used = 0;
    for (game, short) in scanned(text) {
        let with = split(&game, &short);
        let without = split(&game, &ShortRuns::default());
        used += with.as_ref().map_or(0, |s| {
            (s.pieces.iter())
                .filter(|p| matches!(p, Piece::Short(..)))
                .count()
        });
        let (with, without) = (with.as_ref().map(read), without.as_ref().map(read));
        if with != without {
            return Err(format!(
                "{game:?}\nwith the runs: {with:?}\nwithout: {without:?}"
            ));
        }
    }
    Ok(used)
}

#[test]
fn the_scanner_s_runs_are_taken_whole() {
    let run: String = (0..5).map(|_| ";B[aa]\n;W[bb]").collect();
    let text = format!(
        "(;GM[1]SZ[19]{run};B[cc]PL[W]C[x]{run};W[dd]WL[12.5]\n;B[ee]{run};W[ff]C[y];B[gg];W[hh]\
         (;B[ii])(;B[jj]))"
    );
    let games = scanned(&text);
    let split = split(&games[0].0, &games[0].1).expect("cut in pieces");
    let shapes = shapes(&split);
    // A node with more than its move (`WL`, `C`) or before a variation is read node by
    // node, and so are fewer than MIN_RUN short nodes (`;B[gg]`).
    assert_eq!(
        shapes,
        [
            "short 10",
            "nodes ;B[cc]PL[W]C[x]",
            "short 10",
            "moves 1",
            "short 11",
            "moves 3",
            "rest (;B[ii])(;B[jj]))",
        ]
    );
    assert_eq!(with_and_without_runs(&text), Ok(3));
    both_ways(text.as_bytes()).unwrap();
}

#[test]
fn games_without_long_runs_are_cut_as_well() {
    // Fewer than MIN_RUN plain moves: one piece of other nodes.
    let short = b"(;GM[1];B[aa];W[bb])";
    assert_eq!(games_cut(short), 1);
    both_ways(short).unwrap();
    // Nothing plain after the root: the clock on every move.
    let timed: String = (0..20).map(|i| format!(";B[aa]BL[{}]", 100 - i)).collect();
    let text = format!("(;GM[1]{timed})");
    assert_eq!(games_cut(text.as_bytes()), 1);
    both_ways(text.as_bytes()).unwrap();
    let records = crate::sgf::load(text.as_bytes()).unwrap();
    let record = records[0].as_ref().unwrap();
    assert_eq!(record.moves.len(), 20);
    assert_eq!(record.moves[19].time_left, Some(81.0));
}

/// Move nodes with more that the record reads, or that sgf-parse reads otherwise than as
/// written: never plain.
const NOT_PLAIN: [&str; 12] = [
    ";B[aa]W[bb]",
    ";B[aa]KO[]",
    ";B[aa]GM[1]",
    ";B[aa]TB[cc]",
    ";B[aa]bl[5]",
    ";B[aa]BL [5]",
    ";B[aa]BL[5][6]",
    ";B[aa]BL[ 5]",
    ";B[aa]BL[\\5]",
    ";B[aa]WL[inf]",
    ";B[aa]WL[1e999]",
    ";B[aa]WL[x]",
];

#[test]
fn a_run_is_read_up_to_the_first_node_that_is_not_plain() {
    let run: String = (0..10).map(|_| ";B[aa];W[bb]").collect();
    for node in [
        ";B[Aa]",
        ";B[a a]",
        ";B[aa][bb]",
        ";B [aa]",
        ";B[aa]C[x]",
        ";C[x]",
        ";AB[cc]",
        ";B[aa]C[x]WL[1:00]",
    ]
    .into_iter()
    .chain(NOT_PLAIN)
    {
        let text = format!("(;GM[1]{run}{node}{run})");
        assert_eq!(games_cut(text.as_bytes()), 1, "{node}");
        both_ways(text.as_bytes()).unwrap_or_else(|e| panic!("{node}: {e}"));
    }
}

#[test]
fn moves_with_a_time_left_or_unread_properties_are_plain() {
    let plain = |node: &str| {
        plain_node(format!("{node};").as_bytes(), 0).map(|(p, _)| (p.color, p.time_left))
    };
    assert_eq!(plain(";B[aa]"), Some((Color::Black, None)));
    assert_eq!(
        plain(";B[aa]BL[12.5]WL[3]"),
        Some((Color::Black, Some(12.5)))
    );
    // The mover's last time counts; comments and other properties are passed over.
    assert_eq!(
        plain(";W[aa]BL[12.5]WL[3]WL[2]"),
        Some((Color::White, Some(2.0)))
    );
    assert_eq!(
        plain(";W[]C[a \\] ; (b)]OW[3] N[x][y]\nWL[-1]"),
        Some((Color::White, Some(-1.0)))
    );
    for node in NOT_PLAIN.into_iter().chain([";B[aa]C[x]\u{3000}"]) {
        assert_eq!(plain(node), None, "{node}");
    }
}

#[test]
fn other_nodes_read_without_sgf_parse_are_what_it_reads() {
    let run: String = (0..10).map(|_| ";B[aa];W[bb]").collect();
    for (root, node) in [
        ("PB[a \\] b \\\\ c \\\n d]", ";C[a \\] b]B[cc]"),
        ("PW[\\\u{e9}t\u{e9} \u{4e2d}]", ";W[dd]WL[\\1\\2]"),
        ("", ";AB[aa] [bb]\n\t[cc]PL[W]"),
        ("", ";;B[cc]; ;W[dd]"),
        ("", ";B[cc]CoPyright[mixed case, which sgf-parse converts]"),
        ("", ";B[cc]C[ends with a non-ASCII space]\u{3000}"),
        ("C[root \\] comment]AB[dd][ee]", ";W[ff]WL[3.5]"),
        ("GM[2]", ";B[cc]C[x]"),
        ("GM[1]GM[1]", ";B[cc]C[x]"),
        ("GM[01]", ";B[cc]C[x]"),
        ("Gm[1]", ";B[cc]C[x]"),
        // Lists of points: plain ones are read without sgf-parse, the rest by it.
        ("AB[dd][pp][dd]AW[Dd]", ";W[cc]TB[aa][ab]TW[ba:bb][cc]"),
        ("AB[aa:bb]AE[a]", ";AE[aa][bb]TB[]TW[abc]"),
        ("AW[zz][ss]", ";TB[sa]TW[s]"),
        // Texts: one value is read without sgf-parse, several by it.
        ("PB[a][b]RE[]OT[x]PC[ y ]RU[z]", ";W[cc]PW[q]"),
    ] {
        let text = format!("(;SZ[19]{root}{run}{node}{run})");
        both_ways(text.as_bytes()).unwrap_or_else(|e| panic!("{root} {node}: {e}"));
        let short = format!("(;SZ[19]{root}{node})");
        both_ways(short.as_bytes()).unwrap_or_else(|e| panic!("{root} {node}: {e}"));
    }
}

/// A node's properties with their values listed.
type Listed = Vec<(&'static str, Vec<String>)>;

fn listed(properties: Properties<'_>) -> Listed {
    (properties.into_iter())
        .map(|(id, values)| (id, values.all().map(String::from).collect()))
        .collect()
}

#[test]
fn properties_are_unescaped_as_sgf_parse_s_lexer_does() {
    let owned = |nodes: &[&[(&'static str, &[&str])]]| -> Vec<Listed> {
        nodes
            .iter()
            .map(|node| {
                node.iter()
                    .map(|&(id, values)| (id, values.iter().map(|v| v.to_string()).collect()))
                    .collect()
            })
            .collect()
    };
    let nodes = |text, i| nodes(text, i).map(|nodes| nodes.into_iter().map(listed).collect());
    assert_eq!(
        nodes(
            ";PB[a \\] b \\\\ c \\\n d]B[cc] ;\n;AB[aa] [bb]\t[\\\u{e9}]",
            0
        ),
        Some(owned(&[
            &[("PB", &["a ] b \\ c \n d"]), ("B", &["cc"])],
            &[],
            &[("AB", &["aa", "bb", "\u{e9}"])],
        ]))
    );
    // Properties the record is not read from are left out, whatever their values.
    assert_eq!(
        nodes(";C[a \\] b]GN[x][y]B[cc]MN[z];XY[]", 0),
        Some(owned(&[&[("B", &["cc"])], &[]]))
    );
    // What sgf-parse reads differently, or rejects, is left to it.
    for text in [
        ";CoPyright[x]",
        ";B [aa]",
        ";B[aa](;W[bb])",
        ";B[aa",
        "B[aa]",
        ";B[aa]\u{3000}",
    ] {
        assert_eq!(nodes(text, 0), None, "{text}");
    }
    fn root(text: &str) -> Option<(&str, Option<Listed>)> {
        split(text, &ShortRuns::default())
            .map(|split| (split.root, split.root_properties.map(listed)))
    }
    assert_eq!(
        root("(;GM[1]SZ[9]GN[x] ;B[aa])"),
        Some((
            "(;GM[1]SZ[9]GN[x] ",
            Some(owned(&[&[("GM", &["1"]), ("SZ", &["9"])]])).and_then(|mut n| n.pop())
        ))
    );
    // The root is then sgf-parse's to read.
    for (text, root_text) in [
        ("(;GM[2];B[aa])", "(;GM[2]"),
        ("(;GM[1]GM[1];B[aa])", "(;GM[1]GM[1]"),
        ("(;GM[01];B[aa])", "(;GM[01]"),
        ("(;SZ[9]\u{3000};B[aa])", "(;SZ[9]\u{3000}"),
        ("(;SZ[9]CoPyright[x](;B[aa]))", "(;SZ[9]CoPyright[x]"),
    ] {
        assert_eq!(root(text), Some((root_text, None)), "{text}");
    }
    assert!(root("(;SZ[9]").is_none());
}

#[test]
#[cfg_attr(not(has_corpus), ignore = "../shared/corpus is absent")]
fn every_corpus_record_loads_the_same_in_parts_and_whole() {
    let files = files_with_extension(&corpus(""), "sgf");
    assert!(!files.is_empty(), "no SGF file in the corpus");
    let mut cut = 0;
    let mut failures = Vec::new();
    for file in &files {
        let bytes = std::fs::read(file).expect("a readable corpus file");
        cut += games_cut(&bytes);
        if let Err(e) = both_ways(&bytes) {
            failures.push(format!("{}: {e}", file.display()));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    // Most engine games are a root and plain moves: the shortcut must be taken.
    assert!(
        cut >= files.len() / 2,
        "{cut} games cut of {} files",
        files.len()
    );
}

#[test]
fn loader_reads_is_read_or_gm() {
    for id in READ.into_iter().chain(["GM"]) {
        assert_eq!(loader_reads(id.as_bytes()), Some(id));
    }
    for id in [
        "", "C", "GN", "BM", "ABC", "A", "Bl", "b", "KOM", "FF", "CA", "AP", "RO",
    ] {
        assert_eq!(loader_reads(id.as_bytes()), None, "{id}");
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(3000))]

    /// Texts made of plain nodes and their near misses, variations and damage: loading in
    /// parts equals loading whole.
    #[test]
    fn loading_in_parts_equals_loading_whole(
        root in proptest::sample::select(vec![
            "(;GM[1]", "(;GM[1]SZ[9]", "(;SZ[25]", "( ;FF[4]C[a;b(c)]", "(;", "(;GM[1]SZ[19]PL[W]",
            "(;AB[aa][bb]", "(;sz[19]", "(;GM[1]C[x\\]", "(;SZ[19]RE[B+R]",
            "(;SZ[9]AW[cc][dd:ee]TB[aa]DT[x]C[y]", "(;AB[Aa][bb]AE[a]TW[]PB[p]",
        ]),
        pieces in proptest::collection::vec(
            proptest::sample::select(vec![
                ";B[pd]", ";W[dp]", ";B[]", ";W[]", ";B[tt]", ";W[ss]", "; B[aa]", ";W[zz] ",
                "\n;B[qq]\n", ";B[pd]", ";W[pd]", ";B[pd]", ";W[dd]", ";B[Pd]", ";W[p d]",
                ";B[ab];W[cd];B[ef];W[gh]", ";B[ij];W[kl];B[mn];W[op];B[qr]",
                ";B[pd]C[x]", ";C[;B[aa]]", ";AB[cc]", ";B[aa]BL[10]", ";B[aa][bb]", "(", ")",
                "(;W[ab])", ";PL[B]", ";W[pass]", ";b[cc]", ";B [aa]", ";B[a]", ";B[abc]",
                ";W[\\a\\b]", "junk", "]", "[", ";B[pd]TB[aa]", ";KO[]B[aa]",
                ";W[dd]WL[12.5]", ";B[cc]BL[inf]", ";B[cc]BL[1][2]", ";W[dd]C[x]WL[3]BL[-1]",
                ";B[aa]BL[ 5]", ";B[aa]OB[3]", ";B[aa]BL[1e999]",
            ]),
            0..48,
        ),
        end in proptest::sample::select(vec![")", "", "))", ")(;B[aa])", ") (;GM[1];B[aa])"]),
    ) {
        let text = format!("{root}{}{end}", pieces.concat());
        if let Err(e) = both_ways(text.as_bytes()) {
            proptest::prop_assert!(false, "{text:?}\n{e}");
        }
    }

    /// The runs of short nodes the scanner notes change nothing `split` reads, on texts of
    /// short nodes, their near misses and damage.
    #[test]
    fn read_alike_with_and_without_the_scanner_s_runs(
        root in proptest::sample::select(vec![
            "(;GM[1]", "(;SZ[9]", "(;", "(GM[1]", "(;sz[19]", "(;GM[1]GM[1]", "(;C[", "",
        ]),
        pieces in proptest::collection::vec(
            proptest::sample::select(vec![
                ";B[pd]", ";W[dp]", ";B[]", ";W[tt]", "\n;B[qq]\n", "; B[aa]", ";B[Pd]",
                ";W[p d]", ";B[pd]C[x]", ";W[dd]WL[12.5]", ";B[aa][bb]", "(", ")", "(;W[ab])",
                ";B[a]", ";B[abc]", ";W[\\a]", "junk", "]", "[", ";B[a\\]", ";b[cc]",
                ";B[ab];W[cd];B[ef];W[gh];B[ij];W[kl];B[mn];W[op]",
                ";B[ab]\r\n;W[cd] ;B[ef]\t;W[gh];B[ij];W[kl];B[mn];W[op];B[qr]",
            ]),
            0..40,
        ),
        end in proptest::sample::select(vec![")", "", "))", ")(;B[aa])", "\n"]),
    ) {
        let text = format!("{root}{}{end}", pieces.concat());
        if let Err(e) = with_and_without_runs(&text) {
            proptest::prop_assert!(false, "{text:?}\n{e}");
        }
    }

    /// The same on random text: moves, near misses and stray bytes.
    #[test]
    fn read_alike_with_and_without_the_scanner_s_runs_on_random_text(
        s in "\\(;((;[BW]\\[[a-t]{2}\\]\n?){1,12}|;[BWb]\\[[a-tA\\\\]{0,3}\\]|[ \n()\\[\\];C]){0,30}",
    ) {
        if let Err(e) = with_and_without_runs(&s) {
            proptest::prop_assert!(false, "{s:?}\n{e}");
        }
    }

    /// The short way `plain_node` reads `;B[pd]` gives what the long way gives, at every
    /// offset of texts made of nodes, their near misses and the bytes around them.
    #[test]
    fn a_plain_node_is_read_alike_the_short_and_the_long_way(
        pieces in proptest::collection::vec(
            proptest::sample::select(vec![
                ";B[pd]", ";W[dp]", ";B[]", ";W[tt]", ";B[pd]\n", ";W[aa] ", ";B[zz]\r\n",
                ";B[Pd]", ";W[p d]", ";B [aa]", ";B[a]", ";B[abc]", ";X[aa]", ";B[aa]C[x]",
                ";W[dd]WL[12.5]", ";B[aa][bb]", "(", ")", ";", " ", "\n", "B", "[", "]", "a",
                ";B[{a]", ";B[a{]", ";b[aa]", ";B[`a]",
            ]),
            0..12,
        ),
    ) {
        let text = pieces.concat();
        let b = text.as_bytes();
        for i in 0..=b.len() {
            proptest::prop_assert_eq!(plain_node(b, i), any_plain_node(b, i), "{:?} at {}", text, i);
        }
    }
}
