use super::*;
use crate::sgf::load;

fn record(text: &str) -> GameRecord {
    load(text.as_bytes())
        .expect("loads")
        .remove(0)
        .expect("a game")
}

/// A game of `n` moves on a 19x19 board, spread so no two moves share a point, turned by
/// `turn_by` and with the move at `changed` (0-based) moved elsewhere.
fn game(n: usize, turn_by: Symmetry, changed: Option<usize>, root: &str) -> String {
    spread(7, n, turn_by, changed, root)
}

/// [`game`] with the moves `stride` points apart: another game.
fn spread(
    stride: usize,
    n: usize,
    turn_by: Symmetry,
    changed: Option<usize>,
    root: &str,
) -> String {
    let mut text = format!("(;GM[1]FF[4]SZ[19]{root}");
    for i in 0..n {
        let (mut x, y) = ((i * stride % 19) as u8, (i * stride / 19 % 19) as u8);
        if changed == Some(i) {
            x = (x + 1) % 19;
        }
        let (x, y) = turn(turn_by, x, y, 19, 19);
        let colour = if i % 2 == 0 { 'B' } else { 'W' };
        text.push_str(&format!(
            ";{colour}[{}{}]",
            (b'a' + x) as char,
            (b'a' + y) as char
        ));
    }
    text.push(')');
    text
}

fn fingerprints(texts: &[String]) -> (Vec<Option<Fingerprint>>, BTreeMap<usize, Line>) {
    let records: Vec<GameRecord> = texts.iter().map(|t| record(t)).collect();
    let prints = records.iter().map(|r| Some(fingerprint(r))).collect();
    let lines = records.iter().map(Line::of).enumerate().collect();
    (prints, lines)
}

fn grouped(texts: &[String]) -> Vec<Group> {
    let (prints, lines) = fingerprints(texts);
    let c = candidates(&prints);
    groups(&prints, &c, &lines)
}

#[test]
fn every_symmetry_gives_the_same_canonical_hash() {
    let (prints, _) = fingerprints(&(0..8).map(|s| game(100, s, None, "")).collect::<Vec<_>>());
    for p in &prints {
        assert_eq!(p.unwrap().full, prints[0].unwrap().full);
        assert_eq!(p.unwrap().checkpoints, prints[0].unwrap().checkpoints);
        assert_eq!(p.unwrap().dyer, prints[0].unwrap().dyer);
    }
    let other = fingerprints(&[game(100, 0, Some(50), "")]).0;
    assert_ne!(other[0].unwrap().full, prints[0].unwrap().full);
}

#[test]
fn copies_turned_and_cut_short_form_one_group_keeping_the_most_complete() {
    let texts = vec![
        game(120, 0, None, ""),
        game(120, 3, None, "RE[B+R]"),
        game(70, 5, None, ""),
        game(120, 0, None, "RE[B+R]PB[a]PW[b]"),
        game(120, 0, Some(90), ""),
        game(30, 0, Some(10), ""),
    ];
    let groups = grouped(&texts);
    assert_eq!(groups.len(), 2, "{groups:?}");
    let same = &groups[0];
    assert_eq!(same.kind, GroupKind::SameGame);
    assert_eq!(same.members[0].game, 3);
    assert_eq!(same.kept_because, Some(KeepReason::Players));
    let dropped: Vec<(usize, Option<DropReason>)> =
        same.members.iter().map(|m| (m.game, m.dropped)).collect();
    assert_eq!(
        dropped,
        vec![
            (3, None),
            (0, Some(DropReason::SameMoves)),
            (1, Some(DropReason::Turned)),
            (2, Some(DropReason::CutShort)),
        ]
    );
    // One move changed after the 60th: a near-duplicate of the group, named once, beside
    // its kept game; nothing is dropped.
    let near = &groups[1];
    assert_eq!(near.kind, GroupKind::NearDuplicates);
    let games: Vec<usize> = near.members.iter().map(|m| m.game).collect();
    assert_eq!(games, vec![3, 4]);
    assert_eq!(near.members[1].edits, Some(1));
    assert!(near.members.iter().all(|m| m.dropped.is_none()));
}

#[test]
fn a_short_game_is_no_copy_cut_short_and_different_games_stay_apart() {
    let texts = vec![
        game(19, 0, None, ""),
        game(200, 0, None, ""),
        spread(11, 200, 0, None, ""),
    ];
    assert!(grouped(&texts).is_empty());
    // A move changed early: the same Dyer signature, one edit apart, is only a
    // near-duplicate.
    let texts = vec![game(200, 0, None, ""), game(200, 0, Some(5), "")];
    let groups = grouped(&texts);
    assert_eq!(groups.len(), 1);
    assert_eq!(groups[0].kind, GroupKind::NearDuplicates);
}

#[test]
fn a_start_of_two_different_games_joins_the_longest() {
    let texts = vec![
        game(40, 0, None, ""),
        game(100, 0, Some(80), ""),
        game(150, 0, None, ""),
    ];
    let groups = grouped(&texts);
    let same: Vec<&Group> = groups
        .iter()
        .filter(|g| g.kind == GroupKind::SameGame)
        .collect();
    assert_eq!(same.len(), 1);
    let games: Vec<usize> = same[0].members.iter().map(|m| m.game).collect();
    assert_eq!(games, vec![2, 0]);
}

#[test]
fn a_hash_alike_is_only_a_candidate() {
    // Two different games given the same fingerprint: the moves tell them apart.
    let texts = vec![game(50, 0, None, ""), game(50, 0, Some(3), "")];
    let (mut prints, lines) = fingerprints(&texts);
    prints[1] = prints[0];
    let c = candidates(&prints);
    assert_eq!(c.same, vec![vec![0, 1]]);
    assert!(
        groups(&prints, &c, &lines)
            .iter()
            .all(|g| g.kind != GroupKind::SameGame)
    );
}

#[test]
fn edits_are_counted_within_the_band() {
    let a: Vec<Code> = (0..50).collect();
    let mut b = a.clone();
    b.remove(10);
    b.insert(30, 999);
    b[40] = 1000;
    assert_eq!(edits_within(&a, &b, 10), Some(3));
    assert_eq!(edits_within(&a, &b, 2), None);
    assert_eq!(edits_within(&a, &a, 0), Some(0));
    assert_eq!(edits_within(&a, &a[..45], 10), Some(5));
}

#[test]
fn rectangular_boards_turn_four_ways() {
    let rect = |flip: bool| {
        let (a, b) = if flip { ("ka", "ja") } else { ("aa", "ba") };
        record(&format!("(;GM[1]SZ[11:5];B[{a}];W[{b}])"))
    };
    assert_eq!(
        fingerprint(&rect(false)).full,
        fingerprint(&rect(true)).full
    );
    assert_eq!(
        Line::of(&rect(true)).relation(&Line::of(&rect(false))),
        Some(Relation::Same { symmetry: 1 })
    );
}
