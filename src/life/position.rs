//! A final position, read once for analysis: its stones, chains with their liberties, and
//! the areas of empty points with what each touches.
//!
//! Every stage of the analysis of a final position (the proof, the eyes, the reading, the
//! estimate, the settling of the end) reads this one structure. Points are indices in
//! reading order (rows from the top, each from the left), `0..len()`; chains and areas
//! are indices into [`Position::chains`] and [`Position::areas`]. The board is small (at
//! most 625 points) and the analysis runs once per counted game, so the structure favours
//! plain vectors over the board's packed layout.

use crate::board::{Board, Color};
use crate::point::Point;

/// No chain or area: the value of [`Position::chain_of`] on an empty point and of
/// [`Position::area_of`] on a stone.
pub const NONE: usize = usize::MAX;

/// A chain of stones.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Chain {
    pub color: Color,
    /// Its points, sorted.
    pub stones: Vec<usize>,
    /// Its liberties, sorted.
    pub libs: Vec<usize>,
}

/// A maximal connected set of empty points.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Area {
    /// Its points, sorted.
    pub points: Vec<usize>,
    /// The chains next to it, sorted.
    pub chains: Vec<usize>,
    /// The colours next to it: bit [`Color::index`] set for each.
    pub touches: u8,
}

/// The bit of a colour in [`Area::touches`].
pub fn bit(color: Color) -> u8 {
    1 << color.index()
}

impl Area {
    /// The one colour next to it (an eye or territory of that colour), if only one is.
    pub fn owner(&self) -> Option<Color> {
        match self.touches {
            1 => Some(Color::Black),
            2 => Some(Color::White),
            _ => None,
        }
    }

    /// Whether stones of both colours are next to it.
    pub fn is_shared(&self) -> bool {
        self.touches == 3
    }
}

/// See the module documentation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Position {
    width: u8,
    height: u8,
    /// Per point: its stone.
    pub stones: Vec<Option<Color>>,
    pub chains: Vec<Chain>,
    /// Per point: its chain, [`NONE`] for an empty point.
    pub chain_of: Vec<usize>,
    pub areas: Vec<Area>,
    /// Per point: its area, [`NONE`] for a stone.
    pub area_of: Vec<usize>,
}

impl Position {
    /// The position on `board`.
    pub fn new(board: &Board) -> Position {
        Position::without(board, &[])
    }

    /// The position on `board` with the stones on `removed` taken off (points without a
    /// stone, or off the board, are ignored).
    pub fn without(board: &Board, removed: &[Point]) -> Position {
        // Row by row from the top, one byte per point: 0 empty, 1 Black, 2 White.
        let mut bytes = Vec::new();
        board.write_position(&mut bytes);
        let mut stones: Vec<Option<Color>> = bytes
            .iter()
            .map(|&b| match b {
                1 => Some(Color::Black),
                2 => Some(Color::White),
                _ => None,
            })
            .collect();
        let (width, height) = (board.width(), board.height());
        for p in removed {
            if p.x < width && p.y < height {
                stones[usize::from(p.y) * usize::from(width) + usize::from(p.x)] = None;
            }
        }
        Position::from_stones(width, height, stones)
    }

    /// The position with `stones` (per point, in reading order) on a board `width` by
    /// `height`.
    pub fn from_stones(width: u8, height: u8, stones: Vec<Option<Color>>) -> Position {
        let mut position = Position {
            width,
            height,
            stones,
            chains: Vec::new(),
            chain_of: Vec::new(),
            areas: Vec::new(),
            area_of: Vec::new(),
        };
        position.read_chains();
        position.read_areas();
        position
    }

    /// The position with the stones on the points where `remove` holds taken off.
    pub fn removing(&self, remove: impl Fn(usize) -> bool) -> Position {
        let stones = (0..self.len())
            .map(|i| if remove(i) { None } else { self.stones[i] })
            .collect();
        Position::from_stones(self.width, self.height, stones)
    }

    pub fn width(&self) -> u8 {
        self.width
    }

    pub fn height(&self) -> u8 {
        self.height
    }

    /// How many points the board has.
    pub fn len(&self) -> usize {
        self.stones.len()
    }

    /// Whether the board has no point (never: a board is at least 1x1).
    pub fn is_empty(&self) -> bool {
        self.stones.is_empty()
    }

    /// The index of `p`, if it is on the board.
    pub fn index(&self, p: Point) -> Option<usize> {
        (p.x < self.width && p.y < self.height)
            .then(|| usize::from(p.y) * usize::from(self.width) + usize::from(p.x))
    }

    /// The point of index `i`.
    pub fn point(&self, i: usize) -> Point {
        let w = usize::from(self.width);
        // i < width * height <= 625, so both fit in u8.
        Point::new((i % w) as u8, (i / w) as u8)
    }

    /// The points of `indices`, in their order.
    pub fn points(&self, indices: &[usize]) -> Vec<Point> {
        indices.iter().map(|&i| self.point(i)).collect()
    }

    /// The on-board neighbours of point `i`.
    pub fn neighbours(&self, i: usize) -> impl Iterator<Item = usize> + use<> {
        let w = usize::from(self.width);
        let n = self.len();
        let x = i % w;
        [
            (i >= w).then(|| i - w),
            (i + w < n).then_some(i + w),
            (x > 0).then(|| i - 1),
            (x + 1 < w).then_some(i + 1),
        ]
        .into_iter()
        .flatten()
    }

    /// The on-board diagonal neighbours of point `i`.
    pub fn diagonals(&self, i: usize) -> impl Iterator<Item = usize> + use<> {
        let w = usize::from(self.width);
        let n = self.len();
        let x = i % w;
        let up = i >= w;
        let down = i + w < n;
        let left = x > 0;
        let right = x + 1 < w;
        [
            (up && left).then(|| i - w - 1),
            (up && right).then(|| i - w + 1),
            (down && left).then(|| i + w - 1),
            (down && right).then(|| i + w + 1),
        ]
        .into_iter()
        .flatten()
    }

    /// Whether point `i` is on the edge of the board.
    pub fn on_edge(&self, i: usize) -> bool {
        self.neighbours(i).count() < 4
    }

    /// The chain of the stone on `i` (`None` for an empty point).
    pub fn chain_at(&self, i: usize) -> Option<&Chain> {
        self.chains.get(self.chain_of[i])
    }

    /// The chains of `color`, by index.
    pub fn chains_of(&self, color: Color) -> impl Iterator<Item = usize> + '_ {
        (0..self.chains.len()).filter(move |&c| self.chains[c].color == color)
    }

    /// The chains next to point `i`, each once, in no particular order.
    pub fn chains_next_to(&self, i: usize) -> Vec<usize> {
        let mut out: Vec<usize> = self
            .neighbours(i)
            .map(|nb| self.chain_of[nb])
            .filter(|&c| c != NONE)
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    fn read_chains(&mut self) {
        let n = self.len();
        self.chain_of = vec![NONE; n];
        let mut stack = Vec::new();
        let mut seen_lib = vec![usize::MAX; n];
        for start in 0..n {
            let Some(color) = self.stones[start] else {
                continue;
            };
            if self.chain_of[start] != NONE {
                continue;
            }
            let id = self.chains.len();
            let mut stones = Vec::new();
            let mut libs = Vec::new();
            self.chain_of[start] = id;
            stack.push(start);
            while let Some(i) = stack.pop() {
                stones.push(i);
                for nb in self.neighbours(i) {
                    match self.stones[nb] {
                        None => {
                            if seen_lib[nb] != id {
                                seen_lib[nb] = id;
                                libs.push(nb);
                            }
                        }
                        Some(c) if c == color && self.chain_of[nb] == NONE => {
                            self.chain_of[nb] = id;
                            stack.push(nb);
                        }
                        Some(_) => {}
                    }
                }
            }
            stones.sort_unstable();
            libs.sort_unstable();
            self.chains.push(Chain {
                color,
                stones,
                libs,
            });
        }
    }

    fn read_areas(&mut self) {
        let n = self.len();
        self.area_of = vec![NONE; n];
        let mut stack = Vec::new();
        for start in 0..n {
            if self.area_of[start] != NONE || self.stones[start].is_some() {
                continue;
            }
            let id = self.areas.len();
            let mut area = Area {
                points: Vec::new(),
                chains: Vec::new(),
                touches: 0,
            };
            self.area_of[start] = id;
            stack.push(start);
            while let Some(i) = stack.pop() {
                area.points.push(i);
                for nb in self.neighbours(i) {
                    match self.stones[nb] {
                        Some(c) => {
                            area.touches |= bit(c);
                            area.chains.push(self.chain_of[nb]);
                        }
                        None if self.area_of[nb] == NONE => {
                            self.area_of[nb] = id;
                            stack.push(nb);
                        }
                        None => {}
                    }
                }
            }
            area.points.sort_unstable();
            area.chains.sort_unstable();
            area.chains.dedup();
            self.areas.push(area);
        }
    }

    /// Every area of connected points that `open` admits, once each: `visit` gets the
    /// area's points (the first is where the walk began) and the points outside it next to
    /// it, a point once for each neighbour it has in the area.
    pub fn regions(&self, open: impl Fn(usize) -> bool, mut visit: impl FnMut(&[usize], &[usize])) {
        let mut seen = vec![false; self.len()];
        let (mut stack, mut area, mut border) = (Vec::new(), Vec::new(), Vec::new());
        for start in 0..self.len() {
            if seen[start] || !open(start) {
                continue;
            }
            seen[start] = true;
            stack.push(start);
            area.clear();
            border.clear();
            while let Some(i) = stack.pop() {
                area.push(i);
                for nb in self.neighbours(i) {
                    if !open(nb) {
                        border.push(nb);
                    } else if !seen[nb] {
                        seen[nb] = true;
                        stack.push(nb);
                    }
                }
            }
            visit(&area, &border);
        }
    }

    /// Every stone of `color`, per point.
    pub fn is_color(&self, i: usize, color: Color) -> bool {
        self.stones[i] == Some(color)
    }

    /// The liberties the chains `a` and `b` share.
    pub fn shared_liberties(&self, a: usize, b: usize) -> usize {
        let (la, lb) = (&self.chains[a].libs, &self.chains[b].libs);
        let (mut i, mut j, mut n) = (0, 0, 0);
        while i < la.len() && j < lb.len() {
            match la[i].cmp(&lb[j]) {
                std::cmp::Ordering::Less => i += 1,
                std::cmp::Ordering::Greater => j += 1,
                std::cmp::Ordering::Equal => {
                    n += 1;
                    i += 1;
                    j += 1;
                }
            }
        }
        n
    }

    /// The board of this position (setup stones, no captures), for the reader and the
    /// playouts that work on a [`Board`].
    pub fn board(&self) -> Board {
        let mut board = Board::new(self.width, self.height).unwrap_or_else(|| {
            // A position is only ever made from a board of a valid size.
            unreachable!("a position of a valid size")
        });
        for (i, s) in self.stones.iter().enumerate() {
            if s.is_some() {
                // Setting a stone on an empty point of the board cannot fail.
                let _ = board.set(self.point(i), *s);
            }
        }
        board
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chains_areas_and_liberties_of_a_small_board() {
        let board = Board::from_diagram(
            "
            . X O .
            X X O .
            . . O O",
        )
        .expect("a diagram");
        let p = Position::new(&board);
        assert_eq!(p.chains.len(), 2);
        let black = p.chain_at(1).expect("a chain");
        assert_eq!(black.color, Color::Black);
        assert_eq!(black.stones, vec![1, 4, 5]);
        // A3, A1, B1.
        assert_eq!(black.libs, vec![0, 8, 9]);
        let white = p.chain_at(2).expect("a chain");
        assert_eq!(white.libs, vec![3, 7, 9]);
        assert_eq!(p.shared_liberties(p.chain_of[1], p.chain_of[2]), 1);
        // A3 alone, D3-D2, A1-B1.
        assert_eq!(p.areas.len(), 3);
        assert_eq!(p.areas[p.area_of[0]].owner(), Some(Color::Black));
        assert_eq!(p.areas[p.area_of[3]].owner(), Some(Color::White));
        assert!(p.areas[p.area_of[8]].is_shared());
        assert_eq!(p.diagonals(5).count(), 4);
        assert_eq!(p.diagonals(0).count(), 1);
        assert!(p.on_edge(0) && !p.on_edge(5));
    }
}
