//! What Benson's algorithm proves about a final position, and nothing else:
//!
//! - a stone [`PassAlive::is_alive`] belongs to a *pass-alive* chain: the opponent cannot
//!   capture it even with any number of moves in a row while its owner only passes;
//! - a point [`PassAlive::territory_of`] a colour lies in a region enclosed only by that
//!   colour's pass-alive chains in which at most one point is not next to one of them. The
//!   opponent can never make two eyes there, cannot capture the walls and cannot hold a
//!   seki against them, so every opponent stone inside can be captured by the owner:
//!   those stones are *dead*. (This is the strict reading of pass-alive territory that
//!   KataGo also uses; a larger enclosed area proves nothing, since the opponent might
//!   live in it.)
//!
//! Benson's vital-region condition depends on whether multi-stone suicide is legal (with
//! suicide allowed, the opponent can empty a region of its own stones and live in the
//! space). [`pass_alive`] is the classic algorithm for rule sets that forbid suicide;
//! [`pass_alive_under`] takes the rule, and [`Suicide::Allowed`] gives the condition that
//! is sound under every rule set.

use crate::board::{Board, Color};
use crate::point::Point;
use crate::rules::Suicide;

use super::position::Position;

/// What Benson's algorithm proves about a position, for both colours: which stones are
/// pass-alive and which points are pass-alive territory. See the module documentation for
/// the guarantees.
#[derive(Debug, Clone, PartialEq)]
pub struct PassAlive {
    position: Position,
    /// Per point: the stone is in a pass-alive chain.
    alive: Vec<bool>,
    /// Per point: the colour whose pass-alive territory holds it.
    territory: Vec<Option<Color>>,
}

impl PassAlive {
    /// Whether `p` holds a stone of a pass-alive chain (false for empty points and points
    /// off the board).
    pub fn is_alive(&self, p: Point) -> bool {
        self.position.index(p).is_some_and(|i| self.alive[i])
    }

    /// The colour whose pass-alive territory `p` lies in: `p` is empty or holds a stone
    /// of the other colour, which is then dead ([`PassAlive::is_dead`]). `None` when
    /// unproved or off the board.
    pub fn territory_of(&self, p: Point) -> Option<Color> {
        self.position.index(p).and_then(|i| self.territory[i])
    }

    /// Whether `p` holds a stone proved dead: it stands in the other colour's pass-alive
    /// territory.
    pub fn is_dead(&self, p: Point) -> bool {
        self.position.index(p).is_some_and(|i| self.dead_at(i))
    }

    /// Every stone proved dead, in reading order.
    pub fn dead_stones(&self) -> Vec<Point> {
        self.points_where(|i| self.dead_at(i))
    }

    /// Every stone neither proved alive nor proved dead, in reading order.
    pub fn unresolved_stones(&self) -> Vec<Point> {
        self.points_where(|i| {
            self.position.stones[i].is_some() && !self.alive[i] && !self.dead_at(i)
        })
    }

    /// Whether the stone on point `i` is in a pass-alive chain.
    pub fn alive_at(&self, i: usize) -> bool {
        self.alive[i]
    }

    /// The colour whose pass-alive territory holds point `i`.
    pub fn territory_at(&self, i: usize) -> Option<Color> {
        self.territory[i]
    }

    /// The position the proof is about.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Whether the stone on point `i` is proved dead.
    pub fn dead_at(&self, i: usize) -> bool {
        match (self.position.stones[i], self.territory[i]) {
            (Some(stone), Some(owner)) => stone != owner && !self.alive[i],
            _ => false,
        }
    }

    /// Points (in reading order, since indices are row-major from the top) where `keep`
    /// holds.
    fn points_where(&self, keep: impl Fn(usize) -> bool) -> Vec<Point> {
        (0..self.position.len())
            .filter(|&i| keep(i))
            .map(|i| self.position.point(i))
            .collect()
    }
}

/// Benson's algorithm for a rule set that forbids suicide (most of them): see
/// [`pass_alive_under`].
pub fn pass_alive(board: &Board) -> PassAlive {
    pass_alive_under(board, Suicide::Forbidden)
}

/// Benson's algorithm, for both colours.
///
/// For a colour C: the *regions* are the maximal connected sets of points without a stone
/// of C (they may hold the opponent's stones). A region is *vital* to a chain of C when it
/// has an empty point and every empty point of it is a liberty of that chain; when
/// `suicide` is [`Suicide::Allowed`], every point of it, stones included, must be next to
/// the chain, because the opponent may then empty the region by suicide. Starting from
/// every chain and every region, remove the chains with fewer than two vital regions
/// left and the regions next to a removed chain, until nothing changes. The chains left
/// are pass-alive. A region left that touches at least one chain of C and has at most one
/// point not next to a stone of C is C's pass-alive territory.
pub fn pass_alive_under(board: &Board, suicide: Suicide) -> PassAlive {
    pass_alive_of(Position::new(board), suicide)
}

/// [`pass_alive_under`] for a position already read.
pub fn pass_alive_of(position: Position, suicide: Suicide) -> PassAlive {
    let mut alive = vec![false; position.len()];
    let mut territory: Vec<Option<Color>> = vec![None; position.len()];
    // A point in both colours' territory can only come from a position no game reaches
    // (setup leaving chains without liberties); such points prove nothing.
    let mut contested = vec![false; position.len()];

    for color in [Color::Black, Color::White] {
        let benson = Benson::run(&position, color, suicide);
        for (c, chain) in position.chains.iter().enumerate() {
            if chain.color == color && benson.chain_alive[c] {
                for &i in &chain.stones {
                    alive[i] = true;
                }
            }
        }
        for (r, region) in benson.regions.iter().enumerate() {
            if benson.region_alive[r] && !region.borders.is_empty() && region.internal <= 1 {
                for &i in &region.points {
                    if territory[i].is_some() {
                        contested[i] = true;
                    }
                    territory[i] = Some(color);
                }
            }
        }
    }
    for (t, &c) in territory.iter_mut().zip(&contested) {
        if c {
            *t = None;
        }
    }
    PassAlive {
        position,
        alive,
        territory,
    }
}

/// A region of one colour C: a maximal connected set of points without a stone of C.
#[derive(Debug)]
struct Region {
    points: Vec<usize>,
    /// The chains of C next to the region, sorted, each once.
    borders: Vec<usize>,
    /// The chains of C the region is vital to.
    vital_to: Vec<usize>,
    /// Points of the region not next to any stone of C.
    internal: usize,
}

/// Benson's algorithm for one colour.
struct Benson {
    regions: Vec<Region>,
    /// Per chain (all chains; the other colour's stay false).
    chain_alive: Vec<bool>,
    region_alive: Vec<bool>,
}

impl Benson {
    fn run(position: &Position, color: Color, suicide: Suicide) -> Benson {
        let regions = Self::regions(position, color, suicide);

        // Which regions each chain may count as vital.
        let mut vital_regions: Vec<Vec<usize>> = vec![Vec::new(); position.chains.len()];
        for (r, region) in regions.iter().enumerate() {
            for &c in &region.vital_to {
                vital_regions[c].push(r);
            }
        }

        let mut chain_alive: Vec<bool> = position.chains.iter().map(|c| c.color == color).collect();
        let mut region_alive = vec![true; regions.len()];
        loop {
            let mut changed = false;
            for c in 0..position.chains.len() {
                if chain_alive[c]
                    && vital_regions[c]
                        .iter()
                        .filter(|&&r| region_alive[r])
                        .count()
                        < 2
                {
                    chain_alive[c] = false;
                    changed = true;
                }
            }
            for (r, region) in regions.iter().enumerate() {
                if region_alive[r] && region.borders.iter().any(|&c| !chain_alive[c]) {
                    region_alive[r] = false;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        Benson {
            regions,
            chain_alive,
            region_alive,
        }
    }

    fn regions(position: &Position, color: Color, suicide: Suicide) -> Vec<Region> {
        let own = Some(color);
        let mut seen = vec![false; position.len()];
        let mut stack = Vec::new();
        let mut regions = Vec::new();
        let mut around: Vec<usize> = Vec::with_capacity(4);
        for start in 0..position.len() {
            if seen[start] || position.stones[start] == own {
                continue;
            }
            let mut points = Vec::new();
            let mut borders = Vec::new();
            // `None` until the first point that must be a liberty; then the chains next
            // to every such point so far.
            let mut vital: Option<Vec<usize>> = None;
            let mut has_empty = false;
            let mut internal = 0;
            seen[start] = true;
            stack.push(start);
            while let Some(i) = stack.pop() {
                points.push(i);
                around.clear();
                for nb in position.neighbours(i) {
                    if position.stones[nb] == own {
                        around.push(position.chain_of[nb]);
                    } else if !seen[nb] {
                        seen[nb] = true;
                        stack.push(nb);
                    }
                }
                if around.is_empty() {
                    internal += 1;
                }
                borders.extend_from_slice(&around);
                let empty = position.stones[i].is_none();
                has_empty |= empty;
                if empty || suicide == Suicide::Allowed {
                    vital = Some(match vital {
                        None => {
                            let mut v = around.clone();
                            v.sort_unstable();
                            v.dedup();
                            v
                        }
                        Some(mut v) => {
                            v.retain(|c| around.contains(c));
                            v
                        }
                    });
                }
            }
            borders.sort_unstable();
            borders.dedup();
            let vital_to = if has_empty {
                vital.unwrap_or_default()
            } else {
                // No empty point: no liberty to give (only setup makes such a region).
                Vec::new()
            };
            regions.push(Region {
                points,
                borders,
                vital_to,
                internal,
            });
        }
        regions
    }
}
