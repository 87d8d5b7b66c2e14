//! The tidy-up on diagrams: seki found, eye points that must be filled, and the near
//! misses that must stay territory.
//!
//! Diagrams in are `Board::from_diagram`'s (`X` Black, `O` White, `.` empty; `x` and `o`
//! in a diagram in are dead stones, taken off first). Diagrams out use this legend:
//!
//! ```text
//! X O   stone not in seki
//! # @   Black / White stone of a chain in seki
//! s     shared point of a seki (neither colour can fill it)
//! e     eye point of a chain in seki
//! f     eye point that must be filled
//! .     any other empty point (and the points of dead stones)
//! ```

use super::*;
use crate::board::diagram::normalise;

/// The board of a diagram whose `x` and `o` are dead stones, and those stones.
fn position(diagram: &str) -> (Board, Vec<Point>) {
    let b = crate::board::diagram::board(diagram);
    let mut dead = Vec::new();
    for (y, line) in diagram.lines().filter(|l| !l.trim().is_empty()).enumerate() {
        for (x, ch) in line.chars().filter(|c| !c.is_whitespace()).enumerate() {
            if ch == 'x' || ch == 'o' {
                dead.push(Point::new(x as u8, y as u8));
            }
        }
    }
    (b, dead)
}

fn render(b: &Board, dead: &[Point], t: &Tidy) -> String {
    let mut out = String::new();
    for y in 0..b.height() {
        for x in 0..b.width() {
            let p = Point::new(x, y);
            let stone = b.get(p).filter(|_| !dead.contains(&p));
            out.push(match stone {
                Some(Color::Black) if t.seki.contains(p) => '#',
                Some(Color::White) if t.seki.contains(p) => '@',
                Some(Color::Black) => 'X',
                Some(Color::White) => 'O',
                None if t.seki.is_shared(p) => 's',
                None if t.must_fill.iter().any(|m| m.point == p) => 'f',
                None if t.seki.is_eye(p) => 'e',
                None => '.',
            });
        }
        out.push('\n');
    }
    out
}

#[track_caller]
fn assert_tidy(input: &str, expected: &str) -> Tidy {
    let (b, dead) = position(input);
    let t = tidy(&b, &dead);
    assert_eq!(render(&b, &dead, &t), normalise(expected), "on\n{input}");
    t
}

#[test]
fn seki_without_eyes() {
    assert_tidy(
        "
        . X O . X O .
        . X O . X O .
        . X O O X O .
        . X X X O O .
        . . . X O . .
        . . . X O . .
        . . . X O . .
        ",
        "
        . X @ s # O .
        . X @ s # O .
        . X @ @ # O .
        . X X X O O .
        . . . X O . .
        . . . X O . .
        . . . X O . .
        ",
    );
}

#[test]
fn seki_with_one_eye_each() {
    assert_tidy(
        "
        . X . O . O X
        X X X O O O X
        O O O X X X X
        . . O X . . .
        . . O X . . .
        . . O X . . .
        . . O X . . .
        ",
        "
        e # s @ e @ X
        # # # @ @ @ X
        O O O X X X X
        . . O X . . .
        . . O X . . .
        . . O X . . .
        . . O X . . .
        ",
    );
}

#[test]
fn unfilled_dame_between_living_walls_is_no_seki() {
    assert_tidy(
        "
        . . X . O . .
        . . X . O . .
        . . X . O . .
        . . X . O . .
        ",
        "
        . . X . O . .
        . . X . O . .
        . . X . O . .
        . . X . O . .
        ",
    );
}

/// Eyes of two points each, Black's closed by a bamboo joint: whoever fills C7 keeps two
/// liberties, but both in one eye of its own, and loses the race to a throw-in; so C7 is
/// shared, and the two chains of the bamboo joint are one group in seki.
#[test]
fn seki_with_an_eye_of_two_points_each() {
    assert_tidy(
        "
        . O . X X X O . .
        . O X . . X O . .
        O O X X X O O . .
        X X O O O O . . .
        . X O . . . . . .
        ",
        "
        e @ s # # # O . .
        e @ # e e # O . .
        @ @ # # # O O . .
        X X O O O O . . .
        . X O . . . . . .
        ",
    );
}

/// The black chain on B7 shares the eye C7 with D7, which is in seki: its other eye A7
/// does not make it live on its own, so it is in seki too and neither eye is territory
/// (the Japanese rules' "stones that possess dame" read as the whole group).
#[test]
fn a_chain_sharing_an_eye_with_a_seki_is_in_it() {
    assert_tidy(
        "
        . X . X . O . O
        X X X O O O O O
        O O O X X X X X
        . . O X . . . .
        . . O X . . . .
        ",
        "
        e # e # s @ e @
        # # # @ @ @ @ @
        O O O X X X X X
        . . O X . . . .
        . . O X . . . .
        ",
    );
}

/// Dumonteil-5's corner: the black stone on E1 is in atari after the last ko capture,
/// so Black must connect at D1 before the game could end.
#[test]
fn open_ko_needs_its_connection() {
    let t = assert_tidy(
        "
        . . X O . . .
        . . X O . . .
        . . X X O O O
        . . X . X O .
        ",
        "
        . . X O . . .
        . . X O . . .
        . . X X O O O
        . . X f X O .
        ",
    );
    assert_eq!(t.must_fill.len(), 1);
    assert_eq!(t.must_fill[0].reason, FillReason::Atari);
    assert_eq!(t.must_fill[0].color, Color::Black);
    assert_eq!(
        t.must_fill[0].describe(4),
        "D1 is not Black's territory: the black chain at E1 is in atari and Black must \
         connect there"
    );
}

/// E1 is a false eye: once White fills the dame G1 (Black cannot: it would be in
/// atari), the black stone on F1 has no other liberty.
#[test]
fn false_eye_must_be_filled_once_the_dame_is() {
    let t = assert_tidy(
        "
        . . . . X O . . .
        . . . . X O O O O
        . . . X . X . O .
        ",
        "
        . . . . X O . . .
        . . . . X O O O O
        . . . X f X . O .
        ",
    );
    assert_eq!(t.must_fill[0].reason, FillReason::FalseEye);
    assert_eq!(
        t.must_fill[0].describe(3),
        "E1 is not Black's territory: it is a false eye; once the dame next to it are \
         filled (the last at G1), the black chain at F1 is in atari and Black must connect \
         there"
    );
}

/// G1 must be filled to save G2 and H1; that connection leaves the chain in atari on
/// E1, which must be filled too.
#[test]
fn chain_of_false_eyes() {
    let t = assert_tidy(
        "
        . . . X O . . . .
        . . . X O O O O O
        . . . X X O X O O
        . . . X . X . X O
        ",
        "
        . . . X O . . . .
        . . . X O O O O O
        . . . X X O X O O
        . . . X f X f X O
        ",
    );
    let reasons: Vec<_> = t.must_fill.iter().map(|m| (m.point, m.reason)).collect();
    assert_eq!(
        reasons,
        [
            (Point::new(6, 3), FillReason::Atari),
            (Point::new(4, 3), FillReason::FalseEyeChain)
        ]
    );
}

/// D1 and F1 look false (White's E2 stands on their diagonals), but the stone on E1
/// has them both as liberties and White can play on neither: both are territory.
#[test]
fn false_looking_eyes_of_chains_connected_elsewhere_are_real() {
    let t = assert_tidy(
        "
        O O O O O O O O O
        X X X X O X X X X
        . . . X O X . . .
        . . X X O X X . .
        . . X . X . X . .
        ",
        "
        O O O O O O O O O
        X X X X O X X X X
        . . . X O X . . .
        . . X X O X X . .
        . . X . X . X . .
        ",
    );
    assert!(t.must_fill.is_empty() && t.seki.is_empty());
}

/// Dead stones come off before anything else: the white stone inside Black's area does
/// not make a seki, and its point is Black's.
#[test]
fn dead_stones_are_taken_off_first() {
    let t = assert_tidy(
        "
        . . X O . .
        . o X O . .
        . . X O . .
        ",
        "
        . . X O . .
        . . X O . .
        . . X O . .
        ",
    );
    assert!(t.seki.is_empty());
}

use proptest::prelude::*;

proptest! {
    /// Any position a record can draw (setup included, chains without liberties too):
    /// no panic, the same answer twice, and answers that name the right kind of point.
    #[test]
    fn any_position_is_tidied_consistently(
        width in 1u8..=9,
        height in 1u8..=9,
        cells in proptest::collection::vec(0u8..3, 81),
        dead_every in 0usize..6,
    ) {
        let mut b = Board::new(width, height).expect("size in range");
        let mut dead = Vec::new();
        for y in 0..height {
            for x in 0..width {
                let i = usize::from(y) * 9 + usize::from(x);
                let stone = match cells[i] {
                    1 => Some(Color::Black),
                    2 => Some(Color::White),
                    _ => None,
                };
                let p = Point::new(x, y);
                b.set(p, stone).expect("on the board");
                if stone.is_some() && dead_every > 0 && i % (dead_every + 3) == 0 {
                    dead.push(p);
                }
            }
        }
        let t = tidy(&b, &dead);
        prop_assert_eq!(&t, &tidy(&b, &dead));
        for &p in &t.seki.stones {
            prop_assert!(b.get(p).is_some() && !dead.contains(&p));
        }
        for &p in t.seki.shared.iter().chain(&t.seki.eyes) {
            prop_assert!(b.get(p).is_none() || dead.contains(&p));
        }
        for m in &t.must_fill {
            prop_assert!(b.get(m.point).is_none() || dead.contains(&m.point));
            prop_assert_eq!(b.get(m.chain), Some(m.color));
        }
    }
}

/// The final position of a fixture record (`fixtures/scoring/...`), with its markup's
/// dead stones.
fn fixture(path: &str) -> (Board, Vec<Point>) {
    let full = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/scoring")
        .join(path);
    let bytes = std::fs::read(&full).unwrap_or_else(|e| panic!("{}: {e}", full.display()));
    let record = crate::sgf::load(&bytes)
        .expect("fixture loads")
        .into_iter()
        .flatten()
        .next()
        .expect("one game");
    let rules: crate::rules::RuleSet = "japanese".parse().expect("preset");
    let replay = crate::replay::replay(&record, &rules).expect("fixture replays");
    let dead = super::super::resolve(
        &replay.board,
        &super::super::DeadChoice::Auto,
        record.territory.as_ref(),
    )
    .expect("dead stones");
    (*replay.board, dead.stones)
}

/// A fixture and what it must show, in D4 form: (file, shared points, eyes of the seki,
/// points that must be filled).
type Shape = (
    &'static str,
    &'static [&'static str],
    &'static [&'static str],
    &'static [&'static str],
);

/// What each record of `fixtures/scoring/japanese/` must show.
#[test]
fn every_japanese_fixture_shows_its_shape() {
    let cases: &[Shape] = &[
        ("japanese/seki-no-eyes.sgf", &["D7", "D6"], &[], &[]),
        ("seki/eye-versus-eye.sgf", &["C7"], &["A7", "E7"], &[]),
        (
            "japanese/seki-shared-eye.sgf",
            &["E7"],
            &["A7", "C7", "G7"],
            &[],
        ),
        (
            "japanese/seki-bamboo.sgf",
            &["C9"],
            &["A9", "A8", "D8", "E8"],
            &[],
        ),
        ("japanese/seki-throw-in.sgf", &["C9"], &["A9", "D8"], &[]),
        (
            "japanese/seki-ko.sgf",
            &[],
            &["A13", "B13", "C13", "F13", "H13", "J13", "K13"],
            &[],
        ),
        ("japanese/false-eye.sgf", &[], &[], &["E1"]),
        ("japanese/false-eye-chain.sgf", &[], &[], &["G1", "E1"]),
        ("japanese/false-eye-real.sgf", &[], &[], &[]),
        (
            "japanese/open-ko-dumonteil-5.sgf",
            &["L2", "N2"],
            &[],
            &["G1"],
        ),
    ];
    for &(path, shared, eyes, fills) in cases {
        let (b, dead) = fixture(path);
        let t = tidy(&b, &dead);
        let d4 =
            |list: &[Point]| -> Vec<String> { list.iter().map(|p| p.to_d4(b.height())).collect() };
        assert_eq!(d4(&t.seki.shared), shared, "{path}: shared points");
        assert_eq!(d4(&t.seki.eyes), eyes, "{path}: eyes of the seki");
        let filled: Vec<Point> = t.must_fill.iter().map(|m| m.point).collect();
        assert_eq!(d4(&filled), fills, "{path}: points to fill");
    }
}

/// A ko inside a seki (fixtures/scoring/japanese/seki-ko.sgf, its top rows): Black's E13
/// is in atari on F13, but connecting there would leave Black's chain only its eye
/// H13-K13, and White's capture and connection would leave White's only A13-C13; the side
/// that resolves the ko loses the race, so it stays open: all three chains are in seki and
/// F13 is an eye of the seki, not a point to fill.
#[test]
fn ko_inside_a_seki_stays_open() {
    let board = Board::from_diagram(
        "
        . . . O X . X . . . X O .
        O O O O O X X X X X X O .
        X X X X X O O O O O O O .
        . . X . X O . . O . . O .
        ",
    )
    .expect("a diagram");
    let t = tidy(&board, &[]);
    assert!(t.must_fill.is_empty(), "{:?}", t.must_fill);
    let d4 = |p: Point| p.to_d4(4);
    let eyes: Vec<String> = t.seki.eyes.iter().map(|&p| d4(p)).collect();
    assert_eq!(eyes, ["A4", "B4", "C4", "F4", "H4", "J4", "K4"]);
    for stone in ["E4", "D4", "A3", "G4", "F3"] {
        let p = Point::from_d4(stone, 13, 4).expect("a point");
        assert!(t.seki.contains(p), "{stone} is in seki");
    }
    // The same ko against a living wall (White's A13-C13 a big eye of eight points):
    // White's side of the ko is not short of life, so Black must connect.
    let board = Board::from_diagram(
        "
        . . . O X . X . . . X O .
        . . . O O X X X X X X O .
        . . . . O O O O O O O O .
        O O O O O O . . O . . O .
        ",
    )
    .expect("a diagram");
    let t = tidy(&board, &[]);
    assert!(t.seki.is_empty(), "{:?}", t.seki);
    let filled: Vec<String> = t.must_fill.iter().map(|m| d4(m.point)).collect();
    assert_eq!(filled, ["F4"]);
}

/// The questions the tidy-up asks of every dame, answered the slow way: by walking every
/// chain the stone would join to its end and collecting its liberties. The tidy-up's own
/// answers read the board's liberty counts instead and stop walking early; they must be
/// the same on every position. These are goref 4293fd1's own answers, kept as they were.
mod slow {
    use super::*;

    /// The liberties (0, 1, or 2 for "two or more") of the chain a non-capturing stone of
    /// `color` on `p` would make.
    pub(super) fn liberties_after(board: &Board, color: Color, p: Point) -> usize {
        // Most dame have two empty neighbours or touch a chain with three liberties (which
        // keeps two whatever `p` takes): the answer without walking any chain.
        let mut empty = 0;
        for n in board.neighbours(p) {
            match board.get(n) {
                None => empty += 1,
                Some(c) if c == color && board.liberties(n) >= 3 => return 2,
                Some(_) => {}
            }
        }
        if empty >= 2 {
            return 2;
        }
        Liberties::<2>::after(board, color, p, |_| false).map_or(0, |libs| libs.len)
    }

    /// The first `N` distinct liberties found of the chain a stone of `color` on `p` would
    /// make (not counting captures), without allocating: the tidy-up asks this of every dame
    /// it tries, many times a game. `None` as soon as a liberty is one `reject` refuses.
    struct Liberties<const N: usize> {
        points: [Point; N],
        len: usize,
    }

    impl<const N: usize> Liberties<N> {
        fn after(
            board: &Board,
            color: Color,
            p: Point,
            reject: impl Fn(Point) -> bool,
        ) -> Option<Liberties<N>> {
            let mut libs = Liberties {
                points: [p; N],
                len: 0,
            };
            let add = |m: Point, libs: &mut Liberties<N>| {
                if m == p || libs.points[..libs.len].contains(&m) {
                    return true;
                }
                if reject(m) {
                    return false;
                }
                if libs.len < N {
                    libs.points[libs.len] = m;
                    libs.len += 1;
                }
                true
            };
            for n in board.neighbours(p) {
                match board.get(n) {
                    None if !add(n, &mut libs) => return None,
                    None => {}
                    Some(c) if c == color => {
                        // A chain touching `p` on two sides is walked once.
                        if board
                            .neighbours(p)
                            .take_while(|&o| o != n)
                            .any(|o| board.same_chain(o, n))
                        {
                            continue;
                        }
                        for s in board.chain_stones(n) {
                            for m in board.neighbours(s) {
                                if board.get(m).is_none() && !add(m, &mut libs) {
                                    return None;
                                }
                            }
                            if libs.len == N {
                                return Some(libs);
                            }
                        }
                    }
                    Some(_) => {}
                }
            }
            Some(libs)
        }

        fn as_slice(&self) -> &[Point] {
            &self.points[..self.len]
        }
    }

    /// Whether a non-capturing stone of `color` on `p` would leave its chain with no liberty
    /// but the points of one small eye that no other chain of its colour touches: one eye and
    /// nothing else. Such a fill is no safer than a self-atari: the opponent can throw in and
    /// win the race, so in a seki whose chains have an eye of two points or more (a shared
    /// point between two such eyes, a bamboo joint closing an eye) neither side fills.
    pub(super) fn only_one_eye_after(board: &Board, color: Color, p: Point) -> bool {
        // Cheap answers first: a liberty next to an opponent stone is not in an eye of this
        // chain alone, and a neighbour with many liberties is not short of life.
        let them = color.opponent();
        for n in board.neighbours(p) {
            match board.get(n) {
                None if board.neighbours(n).any(|m| board.get(m) == Some(them)) => return false,
                Some(c) if c == color && board.liberties(n) as usize > SMALL_EYE + 1 => {
                    return false;
                }
                _ => {}
            }
        }
        // A liberty next to an opponent stone is on no eye of this chain alone.
        let near_them = |m: Point| board.neighbours(m).any(|o| board.get(o) == Some(them));
        let Some(libs) = Liberties::<{ SMALL_EYE + 1 }>::after(board, color, p, near_them) else {
            return false;
        };
        let libs = libs.as_slice();
        let Some(&start) = libs.first() else {
            return false;
        };
        if libs.len() > SMALL_EYE {
            return false;
        }
        // A stone of the chain `p` would make: `p` itself, or one joined to it.
        let in_chain = |m: Point| {
            m == p
                || (board.get(m) == Some(color)
                    && board.neighbours(p).any(|n| board.same_chain(n, m)))
        };
        // The empty region around the first liberty, `p` counted as a stone; bounded by the
        // size of a small eye.
        let mut region = vec![start];
        let mut next = 0;
        while let Some(&q) = region.get(next) {
            next += 1;
            for m in board.neighbours(q) {
                if in_chain(m) {
                    continue;
                }
                match board.get(m) {
                    None if !region.contains(&m) => {
                        if region.len() == SMALL_EYE {
                            return false;
                        }
                        region.push(m);
                    }
                    None => {}
                    // Another stone on the eye's border: not an eye of this chain alone.
                    Some(_) => return false,
                }
            }
        }
        libs.iter().all(|l| region.contains(l))
    }
}

/// The position after a random game on a `width` x `height` board: Black and White in
/// turn at the points `spots` names, each move played when legal (no suicide, no ko
/// retake) and passed otherwise. A few hundred spots crowd the board with long chains
/// and small eyes.
fn random_position(width: u8, height: u8, spots: &[u16]) -> Board {
    let mut b = Board::new(width, height).expect("size in range");
    let mut color = Color::Black;
    for &s in spots {
        let i = usize::from(s) % (usize::from(width) * usize::from(height));
        let p = Point::new(
            (i % usize::from(width)) as u8,
            (i / usize::from(width)) as u8,
        );
        if b.get(p).is_none() && !b.is_suicide(color, p) && !b.is_ko_recapture(color, p) {
            let _ = b.play(color, p);
        }
        color = color.opponent();
    }
    b
}

/// Every empty point of `b`, both colours: the quick answers equal the slow ones.
fn assert_answers_as_slow(b: &Board) -> Result<(), TestCaseError> {
    for y in 0..b.height() {
        for x in 0..b.width() {
            let p = Point::new(x, y);
            if b.get(p).is_some() {
                continue;
            }
            for color in [Color::Black, Color::White] {
                prop_assert_eq!(
                    Around::of(b, color, p).liberties_after(b),
                    slow::liberties_after(b, color, p),
                    "liberties after {:?} on {:?}",
                    color,
                    p
                );
                prop_assert_eq!(
                    only_one_eye_after(b, color, p),
                    slow::only_one_eye_after(b, color, p),
                    "one eye after {:?} on {:?}",
                    color,
                    p
                );
            }
        }
    }
    Ok(())
}

/// Positions the random games rarely reach: a stone whose empty neighbours lie in
/// different regions (a one-column board, a stone splitting a corner), small eyes
/// bordered by a stone of another chain of the same colour, a chain with two liberties
/// joined twice.
#[test]
fn quick_answers_equal_the_slow_walk_on_rare_shapes() {
    for diagram in [
        ".\n.\n.",
        ".\n.\n.\nX",
        ". . . X\n. X X X\n. X . .",
        ". . X O\nX X X O\n. X O O\nX X O .",
        ". X . X .\nX X . X X\n. . X . .",
        "X . O\n. X O\nO O O",
    ] {
        let b = crate::board::diagram::board(diagram);
        assert_answers_as_slow(&b).unwrap_or_else(|e| panic!("{diagram}: {e}"));
    }
}

/// What the tidy-up of `b` leaves for the seki (`Playout::left`) is what a stone of each
/// colour would do, asked afresh, at every dame still empty and not open at the end.
fn assert_left_as_asked(b: &Board, dead: &[Point]) -> Result<(), TestCaseError> {
    let play = Playout::run(b, dead);
    let mut asked = Vec::new();
    for i in 0..play.grid.len() {
        let p = play.grid.point(i);
        if play.class[i] == Class::Dame && !play.open[i] && play.end.get(p).is_none() {
            let black = effect(&play.end, Color::Black, p);
            let white = effect(&play.end, Color::White, p);
            asked.push((i, black, white));
        }
    }
    prop_assert_eq!(&play.left, &asked);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// Crowded positions of random games, with long chains and small eyes: the quick
    /// answers equal the slow walk, and the tidy-up leaves what it would be asked afresh.
    #[test]
    fn random_positions_are_answered_as_the_slow_way_does(
        width in 1u8..=13,
        height in 1u8..=13,
        spots in proptest::collection::vec(any::<u16>(), 0..400),
    ) {
        let b = random_position(width, height, &spots);
        assert_answers_as_slow(&b)?;
        assert_left_as_asked(&b, &[])?;
    }
}

/// The fixtures' final positions, before and after their tidy-up.
#[test]
fn quick_answers_equal_the_slow_walk_on_the_fixtures() {
    for path in [
        "japanese/seki-no-eyes.sgf",
        "seki/eye-versus-eye.sgf",
        "japanese/seki-shared-eye.sgf",
        "japanese/seki-bamboo.sgf",
        "japanese/seki-throw-in.sgf",
        "japanese/seki-ko.sgf",
        "japanese/false-eye.sgf",
        "japanese/false-eye-chain.sgf",
        "japanese/false-eye-real.sgf",
        "japanese/open-ko-dumonteil-5.sgf",
    ] {
        let (b, dead) = fixture(path);
        let play = Playout::run(&b, &dead);
        for board in [&b, &play.end] {
            assert_answers_as_slow(board).unwrap_or_else(|e| panic!("{path}: {e}"));
        }
        assert_left_as_asked(&b, &dead).unwrap_or_else(|e| panic!("{path}: {e}"));
    }
}
