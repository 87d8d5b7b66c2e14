//! Board throughput: random playouts on 9x9 and 19x19, in stone plays per second.
//!
//! `playout`: each game starts from an empty board and plays random empty points (a small
//! deterministic RNG, probing onward from the drawn point), skipping suicide, ko-recapture
//! and own-eye points, until two passes in a row or twice the board's area in plays. An
//! iteration runs a fixed set of games, so the play count per iteration is constant and
//! criterion reports plays per second; this includes the legality probes.
//!
//! `replay`: the same games' plays replayed from empty boards, the work of validating a
//! record (`play` only).
//!
//! Run with `cargo bench --bench board`.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use goref::Point;
use goref::board::{Board, Color};

/// Playouts per benchmark iteration.
const PLAYOUTS: usize = 8;

/// xorshift64*: enough randomness for move choice, and the same games on every run.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 32) as usize % n
    }
}

/// A point all of whose neighbours are `color`'s stones: filling it only hurts the
/// player, and random playouts that do so never end.
fn is_own_eye(board: &Board, color: Color, p: Point) -> bool {
    neighbours(board, p).all(|q| board.get(q) == Some(color))
}

/// The on-board neighbours of `p`.
fn neighbours(board: &Board, p: Point) -> impl Iterator<Item = Point> + '_ {
    let (x, y) = (p.x, p.y);
    [
        (x.checked_sub(1), Some(y)),
        (x.checked_add(1), Some(y)),
        (Some(x), y.checked_sub(1)),
        (Some(x), y.checked_add(1)),
    ]
    .into_iter()
    .filter_map(|q| match q {
        (Some(x), Some(y)) => Some(Point::new(x, y)),
        _ => None,
    })
    .filter(|&q| board.contains(q))
}

/// Play one random game on `board`, appending its plays to `record`. Keeps a list of the
/// empty points, adding the stones a play is about to capture, so that choosing a move
/// costs little next to playing it.
fn playout(
    board: &mut Board,
    seed: u64,
    empties: &mut Vec<Point>,
    record: &mut Vec<(Color, Point)>,
) {
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let area = usize::from(board.width()) * usize::from(board.height());
    empties.clear();
    for y in 0..board.height() {
        for x in 0..board.width() {
            empties.push(Point::new(x, y));
        }
    }
    let mut color = Color::Black;
    let (mut plays, mut passes) = (0, 0);
    while plays < 2 * area && passes < 2 {
        let mut played = false;
        let len = empties.len();
        let start = if len > 0 { rng.below(len) } else { 0 };
        for k in 0..len {
            let index = (start + k) % len;
            let p = empties[index];
            if board.is_suicide(color, p)
                || board.is_ko_recapture(color, p)
                || is_own_eye(board, color, p)
            {
                continue;
            }
            empties.swap_remove(index);
            // Chains in atari next to `p` are about to be captured (`chain` allocates,
            // but captures are a small share of plays). A chain touching `p` twice is
            // already listed when its second stone comes up.
            for q in neighbours(board, p) {
                if board.get(q) == Some(color.opponent())
                    && board.liberties(q) == 1
                    && !empties.contains(&q)
                {
                    empties.extend(board.chain(q));
                }
            }
            let _ = board.play(color, p);
            record.push((color, p));
            played = true;
            break;
        }
        if played {
            plays += 1;
            passes = 0;
        } else {
            board.pass();
            passes += 1;
        }
        color = color.opponent();
    }
}

/// The fixed set of playouts one iteration runs; `games` receives each game's plays.
/// Returns the total plays.
fn playouts(empty: &Board, empties: &mut Vec<Point>, games: &mut [Vec<(Color, Point)>]) -> u64 {
    let mut plays = 0;
    for (seed, record) in (1..).zip(games.iter_mut()) {
        record.clear();
        let mut board = empty.clone();
        playout(&mut board, seed, empties, record);
        black_box(board.hash());
        plays += record.len() as u64;
    }
    plays
}

/// Replay recorded games from empty boards: only the cost of `play`, as when validating
/// a record.
fn replay(empty: &Board, games: &[Vec<(Color, Point)>]) -> u64 {
    let mut hashes = 0;
    for game in games {
        let mut board = empty.clone();
        for &(color, p) in game {
            let _ = black_box(board.play(color, p));
        }
        hashes ^= board.hash();
    }
    hashes
}

fn bench_playouts(c: &mut Criterion) {
    for size in [9u8, 19] {
        let Some(empty) = Board::new(size, size) else {
            continue;
        };
        let mut empties = Vec::with_capacity(usize::from(size) * usize::from(size));
        let mut games = vec![Vec::new(); PLAYOUTS];
        let plays = playouts(&empty, &mut empties, &mut games);

        let mut group = c.benchmark_group(format!("{size}x{size}"));
        group.throughput(Throughput::Elements(plays));
        group.bench_function("playout", |b| {
            let mut scratch = games.clone();
            b.iter(|| playouts(black_box(&empty), &mut empties, &mut scratch))
        });
        group.bench_function("replay", |b| b.iter(|| replay(black_box(&empty), &games)));
        group.finish();
    }
}

criterion_group!(benches, bench_playouts);
criterion_main!(benches);
