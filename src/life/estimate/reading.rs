//! Exact reading of a small enclosed fight around an open group (the estimate's third
//! stage).
//!
//! Random playouts misjudge small tactical fights (a capturing race in a corner, a group
//! short of liberties), so before the playouts each open group whose fight is small and
//! shut in is read out with [`crate::life::read`]:
//!
//! - the *region* is the group's chains and the empty areas next to them; every unsettled
//!   chain next to those (of either colour) joins, an opponent's chain with its liberties
//!   only, a chain of the group's colour with its areas again, until nothing more joins.
//! - only a shut-in fight is read: at most [`MAX_REGION`] points, [`MAX_EMPTY`] of them
//!   empty, no empty point outside next to the region, and every stone outside next to
//!   it settled alive or part of a chain of [`WALL`] stones or more. Stones outside never
//!   change and never die.
//! - the opponent wins by killing the group ([`crate::life::fights`]: capturing one of
//!   its main chains, unless the group's colour takes back at least as many stones at
//!   once), without losing first a chain of its own at least as large. Capturing the
//!   opponent's smaller stones is no win for the group in itself: it lives only if the
//!   opponent can never kill it.
//! - dead if the opponent kills it whoever moves first under the plain ko rule, neither
//!   side having a threat (so also when the group's colour lives only by a ko in which it
//!   needs the first threat: bent four in the corner); alive if the opponent cannot even
//!   moving first and winning every ko.
//!   Otherwise the side to move, or a ko, decides; when the group's colour saves it
//!   moving first with a connection on an eye point of its own, the group lives and the
//!   settling of the end makes that point a stone ([`crate::life::settle`]).
//!
//! A fight that needs more positions than the reader allows gets no answer.

use crate::board::{Board, Color};
use crate::life::fights::{self, Reader};
use crate::life::position::{NONE, Position};
use crate::point::Point;

use super::groups::{Layout, Verdict};

/// A region larger than this is not read.
const MAX_REGION: usize = 40;

/// A region with more empty points than this is not read: the positions to read grow
/// about threefold with each empty point.
const MAX_EMPTY: usize = 7;

/// An unsettled chain of this many stones next to the region is taken as a wall: a chain
/// that long reaches far beyond a small shut-in fight, and whether it lives is decided
/// where it lives, not here.
const WALL: usize = 6;

/// What a reading says about a group.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Read {
    /// The opponent kills it, whoever moves first.
    Dead,
    /// The opponent cannot kill it, even moving first.
    Alive,
    /// The opponent kills it moving first; a connection of its own colour on an eye point
    /// of its own saves it (a point the settling will fill).
    AliveWithConnection,
    /// The side to move, or a ko, decides.
    WhoMoves,
}

/// The fight around the group of the chains `list`, if it is small and shut in: its
/// region's points.
fn region(
    position: &Position,
    layout: &Layout,
    verdict: &[Option<Verdict>],
    list: &[usize],
) -> Option<Vec<usize>> {
    let color = position.chains.get(*list.first()?)?.color;
    let attacker = color.opponent();
    // Most groups touch an area too large to read: say so before building anything.
    let too_large = |c: usize| {
        position.chains[c]
            .libs
            .iter()
            .any(|&e| position.areas[position.area_of[e]].points.len() > MAX_REGION)
    };
    if list.iter().any(|&c| too_large(c)) {
        return None;
    }
    let group = layout.group[list[0]];
    let mut joined = vec![false; position.chains.len()];
    let mut in_region = vec![false; position.len()];
    let mut queue: Vec<usize> = list.to_vec();
    let mut region: Vec<usize> = Vec::new();
    for &c in list {
        joined[c] = true;
    }
    let settled_alive = |o: usize| verdict[o] == Some(Verdict::Alive);
    let mut add = |i: usize, region: &mut Vec<usize>| {
        if !in_region[i] {
            in_region[i] = true;
            region.push(i);
        }
    };
    while let Some(c) = queue.pop() {
        let chain = &position.chains[c];
        let mut join = |o: usize, queue: &mut Vec<usize>| {
            if o != NONE && !joined[o] && !settled_alive(o) {
                joined[o] = true;
                queue.push(o);
            }
        };
        for &i in &chain.stones {
            add(i, &mut region);
        }
        if chain.color == attacker {
            // An attacker's chain brings its liberties only: the chains of the group's
            // colour next to it and not already in the region are walls.
            for &e in &chain.libs {
                add(e, &mut region);
            }
        } else {
            for &i in &chain.stones {
                for nb in position.neighbours(i) {
                    if position.stones[nb].is_some() {
                        let o = position.chain_of[nb];
                        // Chains of the colour in another group are walls.
                        if position.chains[o].color == color && layout.group[o] != group {
                            continue;
                        }
                        join(o, &mut queue);
                    }
                }
            }
            // A chain of the group's colour brings the empty areas next to it, and every
            // chain next to those.
            for &e in &chain.libs {
                let area = &position.areas[position.area_of[e]];
                if area.points.len() > MAX_REGION {
                    return None;
                }
                for &i in &area.points {
                    add(i, &mut region);
                }
                for &o in &area.chains {
                    join(o, &mut queue);
                }
            }
        }
        if region.len() > MAX_REGION {
            return None;
        }
    }
    // Only a shut-in fight is read: no region point may reach an empty point outside,
    // and every stone next to the region is settled alive (a wall).
    let open = region.iter().any(|&i| {
        position.neighbours(i).any(|nb| {
            !in_region[nb]
                && (position.stones[nb].is_none()
                    || !(settled_alive(position.chain_of[nb])
                        || position.chains[position.chain_of[nb]].stones.len() >= WALL))
        })
    });
    let empty = region
        .iter()
        .filter(|&&i| position.stones[i].is_none())
        .count();
    if open || empty > MAX_EMPTY {
        return None;
    }
    region.sort_unstable();
    Some(region)
}

/// Read the fight around the group of the chains `list`, if it is small and shut in.
pub(super) fn read(
    reader: &Reader,
    board: &Board,
    position: &Position,
    layout: &Layout,
    verdict: &[Option<Verdict>],
    list: &[usize],
) -> Option<Read> {
    let color = position.chains.get(*list.first()?)?.color;
    let attacker = color.opponent();
    let region = region(position, layout, verdict, list)?;
    let points: Vec<Point> = position.points(&region);
    let group = fights::Group {
        color,
        chains: list.to_vec(),
        eyes: Vec::new(),
    };
    let targets = fights::targets(position, &group);
    // The opponent's chains in the fight that a kill must not cost it.
    let mut theirs: Vec<usize> = region
        .iter()
        .filter(|&&i| position.stones[i] == Some(attacker))
        .map(|&i| position.chain_of[i])
        .collect();
    theirs.sort_unstable();
    theirs.dedup();
    let theirs: Vec<Point> = theirs
        .iter()
        .map(|&c| position.point(position.chains[c].stones[0]))
        .collect();
    // Dead: the opponent kills whoever moves first under the plain ko rule, neither side
    // having a threat. Either no ko matters, or every ko the group's colour could fight is
    // one in which it needs the first threat, whoever starts it, while the opponent needs
    // none: the opponent may remove the threats before it takes the ko, and the Japanese
    // rules, under which a ko is retaken after the game only after a pass, call such a
    // group dead (bent four in the corner).
    let (first, second) = reader.kills(board, &points, &targets, &theirs, color)?;
    if first && second {
        return Some(Read::Dead);
    }
    // Alive: the opponent cannot kill, even moving first and winning every ko.
    let (first, _) =
        reader.kills_with_ko(board, &points, &targets, &theirs, color, Some(attacker))?;
    if !first {
        return Some(Read::Alive);
    }
    // The opponent kills moving first. A connection of the group's own on an eye point of
    // its own that saves it makes it alive: the settling fills that point.
    let saved = own_eye_points(position, list, color).into_iter().any(|p| {
        connects(board, position, p, color)
            && fights::with_move(board, color, p).is_some_and(|next| {
                reader.kills_next(&next, &points, &targets, &theirs, color) == Some(false)
            })
    });
    Some(if saved {
        Read::AliveWithConnection
    } else {
        Read::WhoMoves
    })
}

/// The empty points next to the chains `list` in areas next to `color` only, in reading
/// order.
fn own_eye_points(position: &Position, list: &[usize], color: Color) -> Vec<Point> {
    let mut points: Vec<usize> = list
        .iter()
        .flat_map(|&c| position.chains[c].libs.iter().copied())
        .filter(|&l| position.areas[position.area_of[l]].owner() == Some(color))
        .collect();
    points.sort_unstable();
    points.dedup();
    position.points(&points)
}

/// Whether a stone of `color` on `p` joins two chains of `color` on `board`.
fn connects(board: &Board, position: &Position, p: Point, color: Color) -> bool {
    let Some(i) = position.index(p) else {
        return false;
    };
    position
        .chains_next_to(i)
        .iter()
        .filter(|&&c| position.chains[c].color == color)
        .count()
        >= 2
        && board.get(p).is_none()
}
