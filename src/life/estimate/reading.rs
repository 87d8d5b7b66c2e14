//! Exact reading of a small enclosed fight around an open group.
//!
//! Random playouts misjudge small tactical fights (a capturing race in a corner, a group
//! short of liberties), so before the playouts each open group whose fight is small and
//! shut in is read out with [`crate::life::read`]:
//!
//! - the *region* is the group's chains and the empty areas next to them; every unsettled
//!   chain next to those (of either colour) joins, an opponent's chain with its liberties
//!   only, a chain of the group's colour with its areas again, until nothing more joins.
//! - only a shut-in fight is read: at most [`MAX_REGION`] points, [`MAX_EMPTY`] of them
//!   empty and [`MAX_ATTACKERS`] of them the opponent's stones, no empty point outside
//!   next to the region, and every stone outside next to it settled alive or part of a
//!   chain of [`WALL`] stones or more. Stones outside never change and never die.
//! - the opponent wins by capturing one of the group's chains of two stones or more (any
//!   chain, when the group has only single stones). Capturing the opponent's stones is no
//!   win for the group in itself: it lives only if the opponent can never capture it.
//! - the opponent moves first (the confirmation principle of the Japanese rules). The
//!   group is dead if the opponent captures it whoever moves first, even when the group's
//!   colour wins every ko; alive if the opponent cannot capture it even moving first and
//!   winning every ko (perhaps in seki, which the clean-up finds); otherwise the side to
//!   move or a ko decides, and the playouts decide it in doubt.
//!
//! A fight that needs more than [`MAX_STATES`] positions is left to the playouts.

use crate::board::Board;
use crate::life::read::Fight;
use crate::life::{Chains, Grid, NONE};

use super::groups::{Layout, Verdict};

/// A region larger than this is not read.
const MAX_REGION: usize = 26;

/// A region with more empty points than this is not read.
const MAX_EMPTY: usize = 3;

/// A region holding more of the attacker's stones than this is not read: capturing them
/// opens room, and such fights nearly all run past [`MAX_STATES`] (in the corpus, 43 of
/// the 52 that did, against one of the 129 that were read to the end).
const MAX_ATTACKERS: usize = 5;

/// An unsettled chain of this many stones next to the region is taken as a wall.
const WALL: usize = 6;

/// Positions a reading may visit before it gives up. In the corpus, nine readings in ten
/// that end need fewer than 500, and the batch's answers are the same with 2,000.
const MAX_STATES: usize = 1_000;

/// What a reading says about a group.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Read {
    /// The opponent captures it, whoever moves first.
    Dead,
    /// The opponent cannot capture it, even moving first.
    Alive,
    /// Neither: the side to move, or a ko, decides. (The playouts decide it, in doubt.)
    WhoMoves,
}

/// Read the fight around the group of the chains `list`, if it is small and shut in.
pub(super) fn read(
    board: &Board,
    grid: &Grid,
    chains: &Chains,
    layout: &Layout,
    verdict: &[Option<Verdict>],
    list: &[usize],
) -> Option<Read> {
    let color = chains.list.get(*list.first()?)?.color;
    let attacker = color.opponent();
    // Most groups touch an area too large to read: say so before building anything.
    let too_large = |c: usize| {
        layout.libs[c]
            .iter()
            .any(|&e| layout.areas[layout.area_of[e]].points.len() > MAX_REGION)
    };
    if list.iter().any(|&c| too_large(c)) {
        return None;
    }
    let mut joined = vec![false; chains.list.len()];
    let mut in_region = vec![false; grid.len()];
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
        let chain = &chains.list[c];
        let mut join = |o: usize, queue: &mut Vec<usize>| {
            if o != NONE && !joined[o] && !settled_alive(o) {
                joined[o] = true;
                queue.push(o);
            }
        };
        for &i in &chain.points {
            add(i, &mut region);
        }
        if chain.color == attacker {
            // An attacker's chain brings its liberties only: the chains of the group's
            // colour next to it and not already in the region are walls.
            for &e in &layout.libs[c] {
                add(e, &mut region);
            }
        } else {
            for &i in &chain.points {
                for nb in grid.neighbours(i) {
                    if grid.stones[nb].is_some() {
                        join(chains.of[nb], &mut queue);
                    }
                }
            }
            // A chain of the group's colour brings the empty areas next to it, and every
            // chain next to those.
            for &e in &layout.libs[c] {
                let area = &layout.areas[layout.area_of[e]];
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
        grid.neighbours(i).any(|nb| {
            !in_region[nb]
                && (grid.stones[nb].is_none()
                    || !(settled_alive(chains.of[nb])
                        || chains.list[chains.of[nb]].points.len() >= WALL))
        })
    });
    // The positions to read grow about threefold with each empty point, and with each
    // stone of the attacker's that can be captured: a fight with more room than this
    // costs more than it is worth.
    let count = |stone: Option<_>| region.iter().filter(|&&i| grid.stones[i] == stone).count();
    if open || count(None) > MAX_EMPTY || count(Some(attacker)) > MAX_ATTACKERS {
        return None;
    }
    let size = |c: usize| chains.list[c].points.len();
    let mut targets = Vec::new();
    let big = list.iter().any(|&c| size(c) >= 2);
    for &c in list {
        if size(c) >= 2 || !big {
            targets.push(grid.point(chains.list[c].points[0]));
        }
    }
    let points: Vec<_> = region.iter().map(|&i| grid.point(i)).collect();
    let mut fight = Fight::new(board, &points, &targets)?;
    // Dead: the opponent captures whoever moves first, even if the group's colour wins
    // every ko (has a threat for each).
    fight.ko_free(Some(color));
    let dead = fight.solve(board, MAX_STATES)?;
    if dead.first(color) == Some(attacker) && dead.first(attacker) == Some(attacker) {
        return Some(Read::Dead);
    }
    // Alive: the opponent cannot capture, even moving first and winning every ko.
    fight.ko_free(Some(attacker));
    let alive = fight.solve(board, MAX_STATES)?;
    Some(if alive.first(attacker) == Some(attacker) {
        Read::WhoMoves
    } else {
        Read::Alive
    })
}
