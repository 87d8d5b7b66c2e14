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

/// Up to four points around one (its neighbours or its diagonals), as an iterator: a
/// plain array and a count, which the compiler keeps in registers (an iterator over
/// optional points costs several times as much, and this is the innermost loop of the
/// analysis).
#[derive(Debug, Clone, Copy)]
pub struct Around {
    points: [usize; 4],
    len: u8,
    next: u8,
}

impl Around {
    /// The points of `candidates` whose flag is set, in order.
    #[inline]
    fn of(candidates: [(bool, usize); 4]) -> Around {
        let mut around = Around {
            points: [0; 4],
            len: 0,
            next: 0,
        };
        for (on_board, p) in candidates {
            around.points[usize::from(around.len)] = p;
            around.len += u8::from(on_board);
        }
        around
    }
}

impl Iterator for Around {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        (self.next < self.len).then(|| {
            self.next += 1;
            self.points[usize::from(self.next - 1)]
        })
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = usize::from(self.len - self.next);
        (left, Some(left))
    }
}

impl ExactSizeIterator for Around {}

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
    /// The board with a border, for the walks of the analysis.
    grid: Grid,
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
            grid: Grid::default(),
        };
        position.read_chains_and_areas();
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

    /// The on-board neighbours of point `i`: above, below, left, right.
    pub fn neighbours(&self, i: usize) -> Around {
        let w = usize::from(self.width);
        let x = i % w;
        Around::of([
            (i >= w, i.wrapping_sub(w)),
            (i + w < self.len(), i + w),
            (x > 0, i.wrapping_sub(1)),
            (x + 1 < w, i + 1),
        ])
    }

    /// The on-board diagonal neighbours of point `i`: up left, up right, down left, down
    /// right.
    pub fn diagonals(&self, i: usize) -> Around {
        let w = usize::from(self.width);
        let x = i % w;
        let up = i >= w;
        let down = i + w < self.len();
        let left = x > 0;
        let right = x + 1 < w;
        Around::of([
            (up && left, i.wrapping_sub(w + 1)),
            (up && right, i.wrapping_sub(w).wrapping_add(1)),
            (down && left, (i + w).wrapping_sub(1)),
            (down && right, i + w + 1),
        ])
    }

    /// Whether point `i` is on the edge of the board.
    pub fn on_edge(&self, i: usize) -> bool {
        self.neighbours(i).count() < 4
    }

    /// The area of the empty point `q`, when it is an area of `color`'s own (next to that
    /// colour only).
    pub fn own_area(&self, q: Point, color: Color) -> Option<usize> {
        let a = self.area_of[self.index(q)?];
        (a != NONE && self.areas[a].owner() == Some(color)).then_some(a)
    }

    /// The chain of the stone on `i` (`None` for an empty point).
    pub fn chain_at(&self, i: usize) -> Option<&Chain> {
        self.chains.get(self.chain_of[i])
    }

    /// The chains of `color`, by index.
    pub fn chains_of(&self, color: Color) -> impl Iterator<Item = usize> + '_ {
        (0..self.chains.len()).filter(move |&c| self.chains[c].color == color)
    }

    /// The one chain walling in `points`, empty points in a straight line (one row or one
    /// column, joined), when every stone next to them belongs to it; the points of `also`
    /// (stones to come) are passed over, and join the chains of one colour next to each
    /// (named by the first of them). `None` when the points are not in a line, or no
    /// chain or more than one walls them in.
    pub fn line_walled_by(&self, points: &[usize], also: &[usize]) -> Option<usize> {
        // A chain next to a stone to come is one with the chains of its colour next to it.
        let joined = |c: usize| {
            let color = self.chains[c].color;
            also.iter()
                .filter(|&&q| self.neighbours(q).any(|nb| self.chain_of[nb] == c))
                .flat_map(|&q| self.neighbours(q))
                .map(|nb| self.chain_of[nb])
                .filter(|&d| d != NONE && self.chains[d].color == color)
                .fold(c, usize::min)
        };
        let w = usize::from(self.width);
        let first = *points.first()?;
        let straight = points.iter().all(|&i| i / w == first / w)
            || points.iter().all(|&i| i % w == first % w);
        if !straight {
            return None;
        }
        let mut wall = NONE;
        for &i in points {
            for nb in self.neighbours(i) {
                if points.contains(&nb) || also.contains(&nb) {
                    continue;
                }
                let c = self.chain_of[nb];
                if c == NONE {
                    return None;
                }
                let c = if also.is_empty() { c } else { joined(c) };
                if wall != NONE && c != wall {
                    return None;
                }
                wall = c;
            }
        }
        (wall != NONE).then_some(wall)
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

    /// The chains and areas of `stones`: one flood fill per chain or area, from its
    /// first point in reading order (so they are numbered in that order as they are
    /// found), on the grid with a border; each list is then filled in reading order, so
    /// sorted as it is built.
    ///
    /// The scratch and per-point vectors are built so that none is filled whole first
    /// (a fill of a few kilobytes is a large share of the work on small boards), and
    /// each list is given its size, or a bound on it, from the start.
    fn read_chains_and_areas(&mut self) {
        let n = self.len();
        let mut grid = Grid::new(self);
        // Per cell: its chain (a stone) or area (an empty point); UNSET until reached,
        // and for the cells off the board. Four bytes a cell rather than eight: half the
        // fill (a fill of a few kilobytes is a large share of the work on small boards).
        const UNSET: u32 = u32::MAX;
        let mut id = vec![UNSET; grid.cells.len()];
        let mut stack: Vec<usize> = Vec::with_capacity(n);
        for &start in &grid.cell_of {
            if id[start] != UNSET {
                continue;
            }
            let kind = grid.cells[start];
            let part = if kind == EMPTY {
                self.areas.len()
            } else {
                self.chains.len()
            };
            // At most 625 points, so parts, on a board.
            let part_id = part as u32;
            let mut size = 0;
            id[start] = part_id;
            stack.push(start);
            while let Some(cell) = stack.pop() {
                size += 1;
                for nb in grid.neighbours(cell) {
                    if grid.cells[nb] == kind && id[nb] == UNSET {
                        id[nb] = part_id;
                        stack.push(nb);
                    }
                }
            }
            if kind == EMPTY {
                self.areas.push(Area {
                    points: Vec::with_capacity(size),
                    chains: Vec::new(),
                    touches: 0,
                });
            } else {
                let color = if kind == BLACK {
                    Color::Black
                } else {
                    Color::White
                };
                // A chain of s stones has at most 2s + 2 liberties.
                self.chains.push(Chain {
                    color,
                    stones: Vec::with_capacity(size),
                    libs: Vec::with_capacity(2 * size + 2),
                });
            }
        }
        // An area of p points touches at most 2p + 2 points, so at most that many chains:
        // each list sized once rather than grown.
        let chains = self.chains.len();
        for area in &mut self.areas {
            // `points` has room for the area's p points, no more.
            area.chains = Vec::with_capacity(chains.min(2 * area.points.capacity() + 2));
        }
        let cells = &grid.cells;
        self.chain_of = Vec::with_capacity(n);
        self.area_of = Vec::with_capacity(n);
        // Per chain: the last area it was listed next to, so that an area lists a chain
        // once per run of its points next to it rather than once per point (the lists
        // are sorted and deduplicated at the end all the same).
        let mut listed = vec![u32::MAX; chains];
        for (i, &cell) in grid.cell_of.iter().enumerate() {
            let part = id[cell];
            if cells[cell] != EMPTY {
                self.chain_of.push(part as usize);
                self.area_of.push(NONE);
                self.chains[part as usize].stones.push(i);
                continue;
            }
            self.chain_of.push(NONE);
            self.area_of.push(part as usize);
            self.areas[part as usize].points.push(i);
            // Liberties and the chains around each area, from the empty points in
            // reading order: each chain gets a liberty once, in order.
            let mut around = [u32::MAX; 4];
            let mut k = 0;
            for nb in grid.neighbours(cell) {
                if matches!(cells[nb], BLACK | WHITE) {
                    let c = id[nb];
                    if !around[..k].contains(&c) {
                        around[k] = c;
                        k += 1;
                    }
                }
            }
            for &c in &around[..k] {
                let chain = &mut self.chains[c as usize];
                chain.libs.push(i);
                let area = &mut self.areas[part as usize];
                area.touches |= bit(chain.color);
                if listed[c as usize] != part {
                    listed[c as usize] = part;
                    area.chains.push(c as usize);
                }
            }
        }
        for area in &mut self.areas {
            area.chains.sort_unstable();
            area.chains.dedup();
        }
        grid.part = id
            .iter()
            .map(|&p| if p == UNSET { NONE } else { p as usize })
            .collect();
        self.grid = grid;
    }

    /// The board with a border (see [`Grid`]).
    pub(super) fn grid(&self) -> &Grid {
        &self.grid
    }

    /// Every area of connected points that `open` admits, once each: `visit` gets the
    /// area's points (the first is where the walk began) and the points outside it next to
    /// it, a point once for each neighbour it has in the area. The walks start from each
    /// point in reading order and take the neighbours in the order of
    /// [`Position::neighbours`], on the grid with a border (`open` is asked once a point).
    pub fn regions(&self, open: impl Fn(usize) -> bool, mut visit: impl FnMut(&[usize], &[usize])) {
        // Per cell: off the board, closed, open, or open and reached.
        const OFF_BOARD: u8 = 0;
        const CLOSED: u8 = 1;
        const OPEN: u8 = 2;
        const REACHED: u8 = 3;
        let grid = &self.grid;
        let (w, stride) = (usize::from(self.width), grid.stride);
        let mut state = vec![OFF_BOARD; grid.cells.len()];
        for (i, &cell) in grid.cell_of.iter().enumerate() {
            state[cell] = if open(i) { OPEN } else { CLOSED };
        }
        // The point of an on-board cell.
        let point = |cell: usize| (cell / stride - 1) * w + cell % stride - 1;
        let (mut stack, mut area, mut border) = (Vec::new(), Vec::new(), Vec::new());
        for &start in &grid.cell_of {
            if state[start] != OPEN {
                continue;
            }
            state[start] = REACHED;
            stack.push(start);
            area.clear();
            border.clear();
            while let Some(cell) = stack.pop() {
                area.push(point(cell));
                for nb in grid.neighbours(cell) {
                    match state[nb] {
                        CLOSED => border.push(point(nb)),
                        OPEN => {
                            state[nb] = REACHED;
                            stack.push(nb);
                        }
                        _ => {}
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
        Board::with_stones(self.width, self.height, &self.stones).unwrap_or_else(|| {
            // A position is only ever made from a board of a valid size, one entry a point.
            unreachable!("a position of a valid size")
        })
    }
}

/// The board with a border of off-board cells around it, for the walks over it: a
/// neighbour of a cell is one step away in the flat array, with no test of the edges.
/// The cell of point `i` at column x and row y is `(y + 1) * stride + x + 1`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(super) struct Grid {
    pub(super) stride: usize,
    /// Per cell: [`EMPTY`], [`BLACK`], [`WHITE`] or [`OFF`].
    pub(super) cells: Vec<u8>,
    /// Per point: its cell.
    pub(super) cell_of: Vec<usize>,
    /// Per cell: the chain of its stone or the area of its empty point, [`NONE`] off
    /// the board.
    pub(super) part: Vec<usize>,
}

pub(super) const EMPTY: u8 = 0;
pub(super) const BLACK: u8 = 1;
pub(super) const WHITE: u8 = 2;
/// A cell off the board.
pub(super) const OFF: u8 = 3;

/// The value of a cell holding `stone`.
pub(super) fn cell_value(stone: Option<Color>) -> u8 {
    match stone {
        None => EMPTY,
        Some(Color::Black) => BLACK,
        Some(Color::White) => WHITE,
    }
}

impl Grid {
    pub(super) fn new(position: &Position) -> Grid {
        let (w, h) = (usize::from(position.width), usize::from(position.height));
        let stride = w + 2;
        let mut cells = vec![OFF; stride * (h + 2)];
        let mut cell_of = Vec::with_capacity(w * h);
        for (row, stones) in position.stones.chunks(w).enumerate() {
            let first = (row + 1) * stride + 1;
            for (cell, &stone) in cells[first..first + w].iter_mut().zip(stones) {
                *cell = cell_value(stone);
            }
            cell_of.extend(first..first + w);
        }
        Grid {
            stride,
            cells,
            cell_of,
            part: Vec::new(),
        }
    }

    /// The four neighbours of an on-board `cell` (some may be off the board).
    #[inline]
    pub(super) fn neighbours(&self, cell: usize) -> [usize; 4] {
        [cell - self.stride, cell + self.stride, cell - 1, cell + 1]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{random_stones, two_colour_stones};

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

    /// The chains and areas of `stones` found the slow, obvious way: a flood fill from
    /// each point not yet reached, every list sorted afterwards.
    fn reference(width: u8, height: u8, stones: Vec<Option<Color>>) -> Position {
        let w = usize::from(width);
        let n = stones.len();
        let neighbours = |i: usize| {
            let mut out = Vec::new();
            if i >= w {
                out.push(i - w);
            }
            if i + w < n {
                out.push(i + w);
            }
            if !i.is_multiple_of(w) {
                out.push(i - 1);
            }
            if i % w + 1 < w {
                out.push(i + 1);
            }
            out
        };
        let (mut chains, mut areas) = (Vec::new(), Vec::new());
        let (mut chain_of, mut area_of) = (vec![NONE; n], vec![NONE; n]);
        for start in 0..n {
            if chain_of[start] != NONE || area_of[start] != NONE {
                continue;
            }
            let mut part = vec![start];
            let mut k = 0;
            while k < part.len() {
                for nb in neighbours(part[k]) {
                    if stones[nb] == stones[start] && !part.contains(&nb) {
                        part.push(nb);
                    }
                }
                k += 1;
            }
            part.sort_unstable();
            let mut next: Vec<usize> = part.iter().flat_map(|&i| neighbours(i)).collect();
            next.sort_unstable();
            next.dedup();
            match stones[start] {
                Some(color) => {
                    for &i in &part {
                        chain_of[i] = chains.len();
                    }
                    let libs = next.into_iter().filter(|&i| stones[i].is_none()).collect();
                    chains.push(Chain {
                        color,
                        stones: part,
                        libs,
                    });
                }
                None => {
                    for &i in &part {
                        area_of[i] = areas.len();
                    }
                    let next: Vec<usize> =
                        next.into_iter().filter(|&i| stones[i].is_some()).collect();
                    let touches = next.iter().fold(0, |t, &i| t | stones[i].map_or(0, bit));
                    areas.push(Area {
                        points: part,
                        chains: next,
                        touches,
                    });
                }
            }
        }
        // The chains around an area, by index (they were found as points).
        for area in &mut areas {
            let mut around: Vec<usize> = area.chains.iter().map(|&i| chain_of[i]).collect();
            around.sort_unstable();
            around.dedup();
            area.chains = around;
        }
        Position {
            width,
            height,
            stones,
            chains,
            chain_of,
            areas,
            area_of,
            grid: Grid::default(),
        }
    }

    /// [`Position::from_stones`] as it was before its vectors were sized up front (kept as
    /// the reference): a flood fill from each point not yet reached, on the grid with a
    /// border, then one pass over the points for the lists, each grown as needed and each
    /// area's chains sorted at the end.
    fn from_stones_by_flood_fill(width: u8, height: u8, stones: Vec<Option<Color>>) -> Position {
        let mut position = Position {
            width,
            height,
            stones,
            chains: Vec::new(),
            chain_of: Vec::new(),
            areas: Vec::new(),
            area_of: Vec::new(),
            grid: Grid::default(),
        };
        let n = position.len();
        let mut grid = Grid::new(&position);
        let mut id = vec![NONE; grid.cells.len()];
        let mut stack: Vec<usize> = Vec::with_capacity(n);
        for &start in &grid.cell_of {
            if id[start] != NONE {
                continue;
            }
            let kind = grid.cells[start];
            let part = if kind == EMPTY {
                position.areas.len()
            } else {
                position.chains.len()
            };
            id[start] = part;
            stack.push(start);
            while let Some(cell) = stack.pop() {
                for nb in grid.neighbours(cell) {
                    if grid.cells[nb] == kind && id[nb] == NONE {
                        id[nb] = part;
                        stack.push(nb);
                    }
                }
            }
            if kind == EMPTY {
                position.areas.push(Area {
                    points: Vec::new(),
                    chains: Vec::new(),
                    touches: 0,
                });
            } else {
                let color = if kind == BLACK {
                    Color::Black
                } else {
                    Color::White
                };
                position.chains.push(Chain {
                    color,
                    stones: Vec::new(),
                    libs: Vec::new(),
                });
            }
        }
        position.chain_of = vec![NONE; n];
        position.area_of = vec![NONE; n];
        let mut listed = vec![NONE; position.chains.len()];
        for (i, &cell) in grid.cell_of.iter().enumerate() {
            let part = id[cell];
            if grid.cells[cell] != EMPTY {
                position.chain_of[i] = part;
                position.chains[part].stones.push(i);
                continue;
            }
            position.area_of[i] = part;
            position.areas[part].points.push(i);
            let mut around = [NONE; 4];
            let mut k = 0;
            for nb in grid.neighbours(cell) {
                if matches!(grid.cells[nb], BLACK | WHITE) {
                    let c = id[nb];
                    if !around[..k].contains(&c) {
                        around[k] = c;
                        k += 1;
                    }
                }
            }
            for &c in &around[..k] {
                let chain = &mut position.chains[c];
                chain.libs.push(i);
                let area = &mut position.areas[part];
                area.touches |= bit(chain.color);
                if listed[c] != part {
                    listed[c] = part;
                    area.chains.push(c);
                }
            }
        }
        for area in &mut position.areas {
            area.chains.sort_unstable();
            area.chains.dedup();
        }
        grid.part = id;
        position.grid = grid;
        position
    }

    /// [`Position::regions`] as first written: a walk over the points, asking `open` of
    /// every neighbour.
    fn regions_by_points(
        position: &Position,
        open: impl Fn(usize) -> bool,
    ) -> Vec<(Vec<usize>, Vec<usize>)> {
        let mut out = Vec::new();
        let mut seen = vec![false; position.len()];
        let mut stack = Vec::new();
        for start in 0..position.len() {
            if seen[start] || !open(start) {
                continue;
            }
            seen[start] = true;
            stack.push(start);
            let (mut area, mut border) = (Vec::new(), Vec::new());
            while let Some(i) = stack.pop() {
                area.push(i);
                for nb in position.neighbours(i) {
                    if !open(nb) {
                        border.push(nb);
                    } else if !seen[nb] {
                        seen[nb] = true;
                        stack.push(nb);
                    }
                }
            }
            out.push((area, border));
        }
        out
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(500))]
        #[test]
        fn regions_walk_as_over_the_points(
            width in 1u8..=25,
            height in 1u8..=25,
            density in 0u8..=10,
            cells in proptest::collection::vec(0u8..10, 625),
            gone in proptest::collection::vec(proptest::bool::weighted(0.2), 625),
        ) {
            let stones = random_stones(width, height, density, &cells);
            let position = Position::from_stones(width, height, stones);
            // Empty points and the stones taken as gone, as the eye count asks.
            let open = |i: usize| position.stones[i].is_none() || gone[i];
            let mut walked = Vec::new();
            position.regions(open, |area, border| walked.push((area.to_vec(), border.to_vec())));
            proptest::prop_assert_eq!(walked, regions_by_points(&position, open));
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(500))]
        #[test]
        fn chains_and_areas_match_a_flood_fill(
            width in 1u8..=25,
            height in 1u8..=25,
            density in 0u8..=10,
            cells in proptest::collection::vec(0u8..10, 625),
        ) {
            let stones = random_stones(width, height, density, &cells);
            let (fast, slow) = (
                Position::from_stones(width, height, stones.clone()),
                reference(width, height, stones),
            );
            proptest::prop_assert_eq!(
                (fast.chains, fast.chain_of, fast.areas, fast.area_of),
                (slow.chains, slow.chain_of, slow.areas, slow.area_of)
            );
        }
    }

    /// The property of the two tests below: the builder's position on the stones drawn by
    /// [`two_colour_stones`] is the one its first version made.
    fn builds_as_first_written(
        width: u8,
        height: u8,
        density: u8,
        black: u8,
        cells: &[u8],
    ) -> Result<(), proptest::test_runner::TestCaseError> {
        let stones = two_colour_stones(width, height, density, black, cells);
        proptest::prop_assert_eq!(
            Position::from_stones(width, height, stones.clone()),
            from_stones_by_flood_fill(width, height, stones)
        );
        Ok(())
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2000))]
        /// The builder makes the very position (lists, numbering, the grid and its
        /// parts) its first version made, on boards of every shape up to 25x25.
        #[test]
        fn the_builder_matches_its_first_version(
            width in 1u8..=25,
            height in 1u8..=25,
            density in 0u8..=10,
            black in 0u8..=10,
            cells in proptest::collection::vec(0u8..10, 625),
        ) {
            builds_as_first_written(width, height, density, black, &cells)?;
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2000))]
        /// The same on small boards, where every shape of the edges comes up often.
        #[test]
        fn the_builder_matches_its_first_version_on_small_boards(
            width in 1u8..=6,
            height in 1u8..=6,
            density in 0u8..=10,
            black in 0u8..=10,
            cells in proptest::collection::vec(0u8..10, 625),
        ) {
            builds_as_first_written(width, height, density, black, &cells)?;
        }
    }
}
