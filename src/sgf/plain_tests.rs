//! The shortcut of `plain.rs` must give exactly what parsing the whole game tree gives.

use super::super::{Deadline, Limits, decode, load_games, scan};
use super::{Piece, split};
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
                .filter(|g| g.cut.is_none() && super::super::cut_in_parts(&g.text).is_some())
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

#[test]
fn runs_between_other_nodes_are_read_in_pieces() {
    let run: String = (0..5).map(|_| ";B[aa];W[bb]").collect();
    let text = format!(
        "(;GM[1]SZ[19]{run};B[cc]C[a (comment); with [brackets\\]]{run};W[dd]WL[12.5]\n;B[ee]\
         {run};W[ff]C[short run];B[gg];W[hh](;B[ii])(;B[jj]))"
    );
    let split = split(&text).expect("cut in pieces");
    let shapes: Vec<String> = split
        .pieces
        .iter()
        .map(|p| match p {
            Piece::Moves(range) => format!("moves {}", range.len()),
            Piece::Nodes(t) => format!("nodes {t}"),
            Piece::Rest(t) => format!("rest {t}"),
        })
        .collect();
    assert_eq!(
        shapes,
        [
            "moves 10",
            "nodes ;B[cc]C[a (comment); with [brackets\\]]",
            "moves 10",
            "nodes ;W[dd]WL[12.5]\n",
            "moves 11",
            "rest ;W[ff]C[short run];B[gg];W[hh](;B[ii])(;B[jj]))",
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

#[test]
fn short_runs_and_unusual_nodes_are_parsed_whole() {
    // Fewer than MIN_RUN plain moves.
    assert_eq!(games_cut(b"(;GM[1];B[aa];W[bb])"), 0);
    // Nothing plain after the root.
    let timed: String = (0..20).map(|_| ";B[aa]BL[10]").collect();
    assert_eq!(games_cut(format!("(;GM[1]{timed})").as_bytes()), 0);
    // A run is read up to the first node that is not plain.
    let run: String = (0..10).map(|_| ";B[aa];W[bb]").collect();
    for node in [
        ";B[Aa]",
        ";B[a a]",
        ";B[aa][bb]",
        ";B [aa]",
        ";B[aa]C[x]",
        ";C[x]",
        ";AB[cc]",
    ] {
        let text = format!("(;GM[1]{run}{node}{run})");
        assert_eq!(games_cut(text.as_bytes()), 1, "{node}");
        both_ways(text.as_bytes()).unwrap_or_else(|e| panic!("{node}: {e}"));
    }
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

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(3000))]

    /// Texts made of plain nodes and their near misses, variations and damage: loading in
    /// parts equals loading whole.
    #[test]
    fn loading_in_parts_equals_loading_whole(
        root in proptest::sample::select(vec![
            "(;GM[1]", "(;GM[1]SZ[9]", "(;SZ[25]", "( ;FF[4]C[a;b(c)]", "(;", "(;GM[1]SZ[19]PL[W]",
            "(;AB[aa][bb]", "(;sz[19]", "(;GM[1]C[x\\]", "(;SZ[19]RE[B+R]",
        ]),
        pieces in proptest::collection::vec(
            proptest::sample::select(vec![
                ";B[pd]", ";W[dp]", ";B[]", ";W[]", ";B[tt]", ";W[ss]", "; B[aa]", ";W[zz] ",
                "\n;B[qq]\n", ";B[pd]", ";W[pd]", ";B[pd]", ";W[dd]", ";B[Pd]", ";W[p d]",
                ";B[ab];W[cd];B[ef];W[gh]", ";B[ij];W[kl];B[mn];W[op];B[qr]",
                ";B[pd]C[x]", ";C[;B[aa]]", ";AB[cc]", ";B[aa]BL[10]", ";B[aa][bb]", "(", ")",
                "(;W[ab])", ";PL[B]", ";W[pass]", ";b[cc]", ";B [aa]", ";B[a]", ";B[abc]",
                ";W[\\a\\b]", "junk", "]", "[", ";B[pd]TB[aa]", ";KO[]B[aa]",
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
}
