//! Property tests for the board: random games on many sizes, checked after every action
//! against a slow reference that is obviously correct (a plain grid, captures by flood
//! fill, the hash recomputed from the keys, simple ko from its definition), plus
//! `Board::check_consistency`.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use goref::Point;
use goref::board::{Board, Color, PlayError, PlayOutcome};
use proptest::prelude::*;

/// Counts heap allocations per thread, so a test can show the board's hot path makes none
/// while other tests run alongside.
struct CountingAllocator;

thread_local! {
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

fn count_allocation() {
    // `try_with`: allocations during thread teardown must not panic.
    let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
}

// SAFETY: every call is forwarded unchanged to the system allocator.
unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count_allocation();
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count_allocation();
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: CountingAllocator = CountingAllocator;

fn allocations() -> usize {
    ALLOCATIONS.with(Cell::get)
}

/// The slow board: a grid of optional stones.
#[derive(Clone, PartialEq, Eq, Debug)]
struct Reference {
    width: usize,
    height: usize,
    grid: Vec<Option<Color>>,
    removed: [u32; 2],
}

impl Reference {
    fn new(width: u8, height: u8) -> Reference {
        Reference {
            width: usize::from(width),
            height: usize::from(height),
            grid: vec![None; usize::from(width) * usize::from(height)],
            removed: [0; 2],
        }
    }

    fn point(&self, i: usize) -> Point {
        Point::new((i % self.width) as u8, (i / self.width) as u8)
    }

    fn neighbours(&self, i: usize) -> Vec<usize> {
        let (x, y) = (i % self.width, i / self.width);
        let mut out = Vec::new();
        if x > 0 {
            out.push(i - 1);
        }
        if x + 1 < self.width {
            out.push(i + 1);
        }
        if y > 0 {
            out.push(i - self.width);
        }
        if y + 1 < self.height {
            out.push(i + self.width);
        }
        out
    }

    /// The chain through the stone on `i` and its liberties (distinct empty points).
    fn chain(&self, i: usize) -> (Vec<usize>, Vec<usize>) {
        let color = self.grid[i];
        let mut stones = vec![i];
        let mut liberties = Vec::new();
        let mut k = 0;
        while k < stones.len() {
            for n in self.neighbours(stones[k]) {
                if self.grid[n].is_none() {
                    if !liberties.contains(&n) {
                        liberties.push(n);
                    }
                } else if self.grid[n] == color && !stones.contains(&n) {
                    stones.push(n);
                }
            }
            k += 1;
        }
        (stones, liberties)
    }

    fn remove(&mut self, stones: &[usize]) {
        for &s in stones {
            if let Some(c) = self.grid[s].take() {
                self.removed[c.index()] += 1;
            }
        }
    }

    /// Returns the points captured and the number of own stones removed (suicide).
    fn play(&mut self, color: Color, i: usize) -> (Vec<usize>, u32) {
        assert!(self.grid[i].is_none());
        self.grid[i] = Some(color);
        let mut captured = Vec::new();
        for n in self.neighbours(i) {
            if self.grid[n] == Some(color.opponent()) {
                let (stones, liberties) = self.chain(n);
                if liberties.is_empty() {
                    self.remove(&stones);
                    captured.extend(stones);
                }
            }
        }
        let (stones, liberties) = self.chain(i);
        let suicide = if liberties.is_empty() {
            self.remove(&stones);
            stones.len() as u32
        } else {
            0
        };
        (captured, suicide)
    }

    fn hash(&self) -> u64 {
        self.grid
            .iter()
            .enumerate()
            .filter_map(|(i, s)| s.map(|c| Board::zobrist_key(self.point(i), c)))
            .fold(0, |h, k| h ^ k)
    }

    fn bytes(&self) -> Vec<u8> {
        self.grid
            .iter()
            .map(|s| match s {
                None => 0,
                Some(Color::Black) => 1,
                Some(Color::White) => 2,
            })
            .collect()
    }
}

/// The previous action, as far as the simple-ko definition needs it.
struct LastPlay {
    color: Color,
    /// The points it captured.
    captured: Vec<usize>,
    /// The position before that play.
    before: Vec<Option<Color>>,
}

/// Compare everything the board exposes with the reference.
fn compare(board: &Board, reference: &Reference) -> Result<(), TestCaseError> {
    if let Err(e) = board.check_consistency() {
        return Err(TestCaseError::fail(format!("inconsistent: {e}\n{board}")));
    }
    for i in 0..reference.grid.len() {
        let p = reference.point(i);
        prop_assert_eq!(board.get(p), reference.grid[i], "point {:?}\n{}", p, board);
    }
    // Liberties of every chain, each chain filled once.
    let mut done = vec![false; reference.grid.len()];
    for i in 0..reference.grid.len() {
        if reference.grid[i].is_none() {
            prop_assert_eq!(board.liberties(reference.point(i)), 0);
            continue;
        }
        if done[i] {
            continue;
        }
        let (stones, liberties) = reference.chain(i);
        let mut points: Vec<Point> = stones.iter().map(|&s| reference.point(s)).collect();
        points.sort_by_key(|q| (q.y, q.x));
        prop_assert_eq!(board.chain(reference.point(i)), points);
        for &s in &stones {
            done[s] = true;
            prop_assert_eq!(
                board.liberties(reference.point(s)) as usize,
                liberties.len()
            );
        }
    }
    prop_assert_eq!(board.hash(), reference.hash());
    for c in [Color::Black, Color::White] {
        prop_assert_eq!(board.removed(c), reference.removed[c.index()]);
        let on_board = reference.grid.iter().filter(|s| **s == Some(c)).count();
        prop_assert_eq!(board.stones(c) as usize, on_board);
    }
    let mut bytes = Vec::new();
    board.write_position(&mut bytes);
    prop_assert_eq!(bytes, reference.bytes());
    Ok(())
}

/// What a random game went through, to show the games do reach the hard cases.
#[derive(Default, Debug)]
struct Seen {
    captures: u32,
    suicides: u32,
    ko_recaptures: u32,
}

/// Play one random game of `actions` on a `width` x `height` board.
fn random_game(width: u8, height: u8, actions: &[u32]) -> Result<Seen, TestCaseError> {
    let mut seen = Seen::default();
    let mut board = Board::new(width, height).expect("test sizes are valid");
    let mut reference = Reference::new(width, height);
    let area = reference.grid.len();
    let mut last: Option<LastPlay> = None;
    let mut color = Color::Black;
    for &r in actions {
        let kind = r % 100;
        let spot = (r / 100) as usize % area;
        // Now and then the same colour plays twice, as records sometimes have it.
        if (r >> 24) % 16 != 0 {
            color = color.opponent();
        }
        if kind < 5 {
            board.pass();
            last = None;
            prop_assert!(board.ko_point().is_none());
        } else if kind < 9 {
            let stone = match (r >> 20) % 3 {
                0 => None,
                1 => Some(Color::Black),
                _ => Some(Color::White),
            };
            prop_assert_eq!(board.set(reference.point(spot), stone), Ok(()));
            reference.grid[spot] = stone;
            last = None;
            prop_assert!(board.ko_point().is_none());
        } else if kind < 10 {
            // Round trip through a snapshot, into a fresh board and into this one.
            let mut bytes = Vec::new();
            board.write_position(&mut bytes);
            let mut fresh = Board::new(width, height).expect("test sizes are valid");
            fresh.load_position(&bytes);
            prop_assert!(fresh.same_position(&board));
            prop_assert_eq!(fresh.hash(), board.hash());
            board.load_position(&bytes);
            last = None;
        } else if kind < 12 {
            let before = board.clone();
            let off = Point::new(width + (r >> 20) as u8 % 3, (r >> 22) as u8 % 30);
            prop_assert_eq!(board.play(color, off), Err(PlayError::OffBoard));
            prop_assert!(board.same_position(&before));
            prop_assert_eq!(board.ko_point(), before.ko_point());
        } else {
            // Sometimes a retake on a point the last play emptied (where kos happen), else
            // mostly the first empty point from `spot` on, and sometimes `spot` as it is.
            let mut i = spot;
            let retake = last.as_ref().and_then(|l| match l.captured[..] {
                // A single-stone capture may be a ko: retake it often.
                [one] if kind < 60 => Some(one),
                [first, ..] if kind < 20 => Some(first),
                _ => None,
            });
            if let Some(r) = retake {
                i = r;
            } else if kind >= 28 {
                let mut tries = 0;
                while reference.grid[i].is_some() && tries < area {
                    i = (i + 1) % area;
                    tries += 1;
                }
            }
            let p = reference.point(i);
            if reference.grid[i].is_some() {
                let before = board.clone();
                prop_assert_eq!(board.play(color, p), Err(PlayError::Occupied));
                prop_assert!(board.same_position(&before));
                prop_assert_eq!(board.hash(), before.hash());
                prop_assert_eq!(board.ko_point(), before.ko_point());
                continue;
            }
            let position_before = reference.grid.clone();
            let predicted_ko = board.is_ko_recapture(color, p);
            let predicted_suicide = board.is_suicide(color, p);
            let before_board = board.clone();
            let (captured_points, suicide) = reference.play(color, i);
            let captured = captured_points.len() as u32;
            // Simple ko by definition: one stone taken right after the opponent's play took
            // one stone, bringing back the position before that play.
            let ko = captured == 1
                && last.as_ref().is_some_and(|l| {
                    l.color == color.opponent()
                        && l.captured.len() == 1
                        && l.before == reference.grid
                });
            let got = board.play(color, p);
            prop_assert_eq!(
                got,
                Ok(PlayOutcome {
                    captured,
                    suicide,
                    ko_recapture: ko
                }),
                "{:?} at {:?}\n{}",
                color,
                p,
                board
            );
            prop_assert_eq!(
                predicted_ko,
                ko,
                "{:?} at {:?}, captured {:?}\n{}",
                color,
                p,
                captured_points,
                before_board
            );
            prop_assert_eq!(
                predicted_suicide,
                suicide > 0,
                "{:?} at {:?}\n{}",
                color,
                p,
                before_board
            );
            seen.captures += u32::from(captured > 0);
            seen.suicides += u32::from(suicide > 0);
            seen.ko_recaptures += u32::from(ko);
            last = Some(LastPlay {
                color,
                captured: captured_points,
                before: position_before,
            });
        }
        compare(&board, &reference)?;
    }
    Ok(seen)
}

const SMALL: [(u8, u8); 6] = [(1, 1), (2, 2), (3, 3), (5, 5), (4, 7), (9, 9)];
const LARGE: [(u8, u8); 3] = [(7, 13), (19, 19), (25, 25)];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn small_boards_match_the_reference(
        size in 0..SMALL.len(),
        actions in prop::collection::vec(any::<u32>(), 0..300),
    ) {
        let (w, h) = SMALL[size];
        random_game(w, h, &actions)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(6))]

    #[test]
    fn large_boards_match_the_reference(
        size in 0..LARGE.len(),
        actions in prop::collection::vec(any::<u32>(), 300..900),
    ) {
        let (w, h) = LARGE[size];
        random_game(w, h, &actions)?;
    }
}

/// The random games above are only worth something if they reach captures, suicide and
/// ko recaptures: play fixed games with the same action mix and count.
#[test]
fn random_games_do_reach_kos_and_suicide() {
    let mut state = 0x1234_5678_9abc_def0_u64;
    let mut actions = || -> Vec<u32> {
        (0..1500)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                (state >> 32) as u32
            })
            .collect()
    };
    for (w, h) in [(5, 5), (9, 9), (19, 19)] {
        let seen = random_game(w, h, &actions()).expect("matches the reference");
        assert!(seen.captures > 10, "{w}x{h}: {seen:?}");
        assert!(seen.suicides > 3, "{w}x{h}: {seen:?}");
        assert!(seen.ko_recaptures > 0, "{w}x{h}: {seen:?}");
    }
}

/// The hot path never allocates: plays (with captures, suicide and kos), passes, the
/// legality probes, clones, setup and snapshots into a reserved buffer.
#[test]
fn hot_path_does_not_allocate() {
    for (w, h) in [(19u8, 19u8), (25, 25), (5, 5)] {
        let mut board = Board::new(w, h).expect("valid size");
        let mut snapshot = Vec::with_capacity(usize::from(w) * usize::from(h));
        let mut state = 0x0dd_ba11_u64;
        let mut color = Color::Black;
        let (mut captures, mut suicides) = (0, 0);
        let before = allocations();
        for n in 0..4000u32 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let p = Point::new(
                (state % u64::from(w)) as u8,
                ((state >> 8) % u64::from(h)) as u8,
            );
            let _ = board.is_suicide(color, p);
            let _ = board.is_ko_recapture(color, p);
            if let Ok(outcome) = board.play(color, p) {
                captures += u32::from(outcome.captured > 0);
                suicides += u32::from(outcome.suicide > 0);
            }
            match n % 97 {
                0 => board.pass(),
                1 => {
                    let copy = board.clone();
                    let _ = copy.same_position(&board);
                }
                2 => {
                    let _ = board.set(p, None);
                    let _ = board.set(Point::new(p.y % w, p.x % h), Some(color));
                }
                3 => {
                    board.write_position(&mut snapshot);
                    board.load_position(&snapshot);
                }
                _ => {}
            }
            let _ = board.hash();
            color = color.opponent();
        }
        assert_eq!(allocations() - before, 0, "{w}x{h}");
        assert!(
            captures > 10 && suicides > 10,
            "{w}x{h}: the game did reach captures"
        );
        board.check_consistency().expect("consistent");
    }
}
