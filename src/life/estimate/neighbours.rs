//! Statuses that follow from the neighbours' (docs/rules.md, "How goref estimates the
//! dead stones", step 6).
//!
//! Once every group is decided, the decisions must agree with each other. For one colour,
//! take the opponent's dead stones off: the empty points and those stones form areas.
//!
//! - A group the playouts killed that is next to an area touching its colour only, and
//!   also touching a living group of its colour, lives: the area is theirs, and they are
//!   joined through it.
//! - A group the playouts kept alive is dead when every area next to it touches the
//!   opponent's living stones, holds none of the opponent's dead stones, is smaller than
//!   an open area, has fewer than [`BIG`] points away from the opponent's stones, and
//!   touches no other living group of its colour: it has no eye and nothing to join, and
//!   could live only by capturing stones that live, or in seki, which the confirmation by
//!   reading after this still finds.
//!
//! A group turned this way is as sure as the least sure of the decisions it follows from.

use super::groups::BIG;
use super::{Basis, Decision, OPEN_AREA, Status};
use crate::board::Color;
use crate::life::position::Position;

/// Turn the groups whose status disagrees with their neighbours' (see the module).
/// `group` gives each chain's group (named by its first chain), `members` each group's
/// chains, `status` each group's decision. One colour after the other, each with one walk
/// over its areas: they depend on the other colour's decisions only.
pub(super) fn follow(
    position: &Position,
    group: &[usize],
    members: &[Vec<usize>],
    status: &mut [Option<Decision>],
) {
    let room = OPEN_AREA.min(position.len() / 3);
    let mut areas = Areas::new(position, group);
    for color in [Color::Black, Color::White] {
        let of_color = |g: usize| !members[g].is_empty() && position.chains[g].color == color;
        // Only the areas next to a group the playouts decided can turn anything.
        let open: Vec<usize> = (0..members.len())
            .filter(|&g| of_color(g) && status[g].is_some_and(|d| d.basis == Basis::Playouts))
            .collect();
        if open.is_empty() {
            continue;
        }
        let stones = open
            .iter()
            .flat_map(|&g| &members[g])
            .flat_map(|&c| &position.chains[c].stones);
        areas.walk(status, color, stones);

        // Joined through their own area. Repeat: a group brought back may bring back
        // another through a second area.
        loop {
            let mut turned = false;
            for area in &areas.list {
                let mine = &areas.mine[area.mine.clone()];
                if area.theirs.is_some() {
                    continue;
                }
                let Some(&friend) = mine.iter().find(|&&g| living(status, g)) else {
                    continue;
                };
                let weakest = weaker(area.dead, status[friend]);
                for &g in mine {
                    if from_playouts(status, g, Status::Dead) {
                        turn(status, g, Status::Alive, weakest);
                        turned = true;
                    }
                }
            }
            if !turned {
                break;
            }
        }

        // Shut in.
        let mut safe = vec![false; members.len()];
        let mut around: Vec<Option<Decision>> = vec![None; members.len()];
        for area in &areas.list {
            let mine = &areas.mine[area.mine.clone()];
            // Seven points away from the opponent's stones are room for two eyes: the
            // opponent moving first takes a point next to its stones and pushes once, and
            // the group still walls in an area the static pass counts as two eyes.
            let open = area.theirs.is_none()
                || area.dead.is_some()
                || area.size >= room
                || area.inner >= BIG;
            let alive = mine.iter().filter(|&&h| living(status, h)).count();
            for &g in mine {
                // Another living group of the colour next to the area: joined through it.
                if open || alive > usize::from(living(status, g)) {
                    safe[g] = true;
                }
                around[g] = weaker(around[g], area.theirs);
            }
        }
        for g in 0..members.len() {
            if of_color(g)
                && !safe[g]
                && around[g].is_some()
                && from_playouts(status, g, Status::Alive)
            {
                turn(status, g, Status::Dead, around[g]);
            }
        }
    }
}

/// One area of one colour: connected points that are empty or hold the other colour's
/// dead stones.
struct Area {
    /// Where the groups of the colour next to it are in [`Areas::mine`].
    mine: std::ops::Range<usize>,
    /// The least sure of the opponent's living groups next to it, if any is.
    theirs: Option<Decision>,
    /// The least sure of the opponent's dead groups in it, if it holds any.
    dead: Option<Decision>,
    /// Its points.
    size: usize,
    /// Its points away from the opponent's living stones: next to none of them, nor next
    /// to a point of the area that is (0 when `theirs` is `None` or `dead` is `Some`, which
    /// make the area open anyway).
    inner: usize,
}

/// The areas of one colour, and the scratch space to find them.
struct Areas<'a> {
    position: &'a Position,
    /// Per point: the group of its stone, or `usize::MAX`.
    group_at: Vec<usize>,
    list: Vec<Area>,
    /// The groups next to each area, one area after the other.
    mine: Vec<usize>,
    /// Per point, for the colour walked: open, the colour's stone, a living stone of the
    /// other colour.
    class: Vec<u8>,
    /// Per group: the area whose list of groups holds it last.
    listed_in: Vec<usize>,
    seen: Vec<bool>,
    stack: Vec<usize>,
    /// The points of the area being walked.
    points: Vec<usize>,
}

impl<'a> Areas<'a> {
    fn new(position: &'a Position, group: &[usize]) -> Areas<'a> {
        let group_at = (0..position.len())
            .map(|i| {
                position
                    .chain_of
                    .get(i)
                    .and_then(|&c| group.get(c))
                    .copied()
                    .unwrap_or(usize::MAX)
            })
            .collect();
        Areas {
            position,
            group_at,
            list: Vec::new(),
            mine: Vec::new(),
            class: Vec::with_capacity(position.len()),
            listed_in: vec![usize::MAX; position.chains.len()],
            seen: vec![false; position.len()],
            stack: Vec::new(),
            points: Vec::new(),
        }
    }

    /// Find the areas of `color` under `status` that are next to a stone of `stones`.
    fn walk<'s>(
        &mut self,
        status: &[Option<Decision>],
        color: Color,
        stones: impl Iterator<Item = &'s usize>,
    ) {
        const OPEN: u8 = 0;
        const MINE: u8 = 1;
        const THEIRS: u8 = 2;
        let position = self.position;
        let group_at = &self.group_at;
        self.class.clear();
        self.class.extend(
            position
                .stones
                .iter()
                .zip(group_at)
                .map(|(&stone, &g)| match stone {
                    None => OPEN,
                    Some(c) if c == color => MINE,
                    Some(_) if living(status, g) => THEIRS,
                    Some(_) => OPEN,
                }),
        );
        self.list.clear();
        self.mine.clear();
        self.seen.fill(false);
        self.listed_in.fill(usize::MAX);
        for start in stones.flat_map(|&i| position.neighbours(i)) {
            if self.seen[start] || self.class[start] != OPEN {
                continue;
            }
            let first = self.mine.len();
            let (mut theirs, mut dead, mut size) = (None, None, 0);
            self.seen[start] = true;
            self.stack.push(start);
            self.points.clear();
            while let Some(i) = self.stack.pop() {
                size += 1;
                self.points.push(i);
                if position.stones[i].is_some() {
                    dead = weaker(dead, status[group_at[i]]);
                }
                for nb in position.neighbours(i) {
                    match self.class[nb] {
                        OPEN => {
                            if !self.seen[nb] {
                                self.seen[nb] = true;
                                self.stack.push(nb);
                            }
                        }
                        MINE => {
                            let g = group_at[nb];
                            if self.listed_in[g] != self.list.len() {
                                self.listed_in[g] = self.list.len();
                                self.mine.push(g);
                            }
                        }
                        _ => theirs = weaker(theirs, status[group_at[nb]]),
                    }
                }
            }
            // Only an area next to the opponent's living stones and holding none of its
            // dead ones can shut a group in: only there is the room asked for.
            let inner = if theirs.is_some() && dead.is_none() {
                let class = &self.class;
                let contact = |i: usize| position.neighbours(i).any(|nb| class[nb] == THEIRS);
                self.points
                    .iter()
                    .filter(|&&i| {
                        !contact(i)
                            && !position
                                .neighbours(i)
                                .any(|nb| class[nb] == OPEN && contact(nb))
                    })
                    .count()
            } else {
                0
            };
            self.list.push(Area {
                mine: first..self.mine.len(),
                theirs,
                dead,
                size,
                inner,
            });
        }
    }
}

/// The less sure of two decisions (either when one is missing).
fn weaker(a: Option<Decision>, b: Option<Decision>) -> Option<Decision> {
    match (a, b) {
        (Some(a), Some(b)) => Some(if b.confidence < a.confidence { b } else { a }),
        (a, b) => a.or(b),
    }
}

/// Whether the group `g` is decided alive (or in seki).
fn living(status: &[Option<Decision>], g: usize) -> bool {
    status
        .get(g)
        .copied()
        .flatten()
        .is_some_and(|d| d.status != Status::Dead)
}

/// Whether the playouts decided the group `g` as `was`, and nothing turned it yet.
fn from_playouts(status: &[Option<Decision>], g: usize, was: Status) -> bool {
    status[g].is_some_and(|d| d.basis == Basis::Playouts && d.status == was && !d.turned)
}

/// Turn the group `g` to `to`, as sure as `weakest`, the least sure decision it follows
/// from, and in doubt when that one is.
fn turn(status: &mut [Option<Decision>], g: usize, to: Status, weakest: Option<Decision>) {
    if let Some(d) = &mut status[g] {
        d.status = to;
        d.turned = true;
        d.isolated = false;
        d.confidence = weakest.map_or(1.0, |w| w.confidence);
        d.reason = weakest.and_then(|w| w.reason);
    }
}

#[cfg(test)]
mod tests {
    use super::super::DoubtReason;
    use super::*;
    use crate::board::diagram::board;
    use crate::point::Point;

    /// A decision given to the chain through a point: status, basis, confidence, doubt.
    type Given = ((u8, u8), Status, Basis, f64, Option<DoubtReason>);

    /// The decisions of `diagram`'s chains after [`follow`], each chain a group of its
    /// own: every chain starts alive by the static pass, except those of `decided`
    /// (a point of the chain, status, basis, confidence, doubt).
    fn followed(diagram: &str, decided: &[Given]) -> impl Fn((u8, u8)) -> Decision {
        let b = board(diagram);
        let position = Position::new(&b);
        let group: Vec<usize> = (0..position.chains.len()).collect();
        let members: Vec<Vec<usize>> = group.iter().map(|&c| vec![c]).collect();
        let mut status: Vec<Option<Decision>> = vec![
            Some(Decision {
                status: Status::Alive,
                basis: Basis::Eyes,
                confidence: 1.0,
                reason: None,
                isolated: false,
                turned: false,
            });
            position.chains.len()
        ];
        let chain_at =
            |(x, y): (u8, u8)| position.chain_of[position.index(Point::new(x, y)).unwrap()];
        for &(p, s, basis, confidence, reason) in decided {
            status[chain_at(p)] = Some(Decision {
                status: s,
                basis,
                confidence,
                reason,
                isolated: false,
                turned: false,
            });
        }
        follow(&position, &group, &members, &mut status);
        let width = usize::from(b.width());
        let of = position.chain_of;
        move |(x, y)| status[of[usize::from(y) * width + usize::from(x)]].unwrap()
    }

    #[test]
    fn a_group_next_to_its_colours_area_with_a_living_one_lives() {
        // With the White stone dead, the one empty area touches Black only: the stone
        // the playouts killed on the right is joined to the living pair through it.
        let board = "
            . . . . .
            . X X . .
            . . . . .
            . . O . X
            . . . . .
            ";
        let status = followed(
            board,
            &[
                (
                    (2, 3),
                    Status::Dead,
                    Basis::Playouts,
                    0.8,
                    Some(DoubtReason::NearEven),
                ),
                ((4, 3), Status::Dead, Basis::Playouts, 0.9, None),
            ],
        );
        let right = status((4, 3));
        assert_eq!(right.status, Status::Alive);
        assert!(right.turned);
        // As sure as the least sure decision it rests on: the White stone's.
        assert_eq!(right.confidence, 0.8);
        assert_eq!(right.reason, Some(DoubtReason::NearEven));
        // With the White stone alive the area is not Black's, and nothing turns.
        let status = followed(board, &[((4, 3), Status::Dead, Basis::Playouts, 0.9, None)]);
        assert_eq!(status((4, 3)).status, Status::Dead);
    }

    #[test]
    fn a_group_shut_in_by_living_stones_without_an_eye_dies() {
        let shut_in = "
            O O O O O
            O . X . O
            O O O O O
            . . . . .
            . . . . .
            ";
        let status = followed(
            shut_in,
            &[((2, 1), Status::Alive, Basis::Playouts, 0.75, None)],
        );
        let inside = status((2, 1));
        assert_eq!(inside.status, Status::Dead);
        assert!(inside.turned);
        assert_eq!(inside.confidence, 1.0, "the White wall is certain");
        // Only what the playouts decided turns: the static pass's word stands.
        let status = followed(shut_in, &[]);
        assert_eq!(status((2, 1)).status, Status::Alive);
    }

    #[test]
    fn a_shut_in_group_holding_dead_stones_or_open_space_stays() {
        // The White stone in its area is dead: capturing it is room to live.
        let holding = "
            O O O O O
            O . X O O
            O O O O .
            . . . . .
            . . . . .
            ";
        let status = followed(
            holding,
            &[
                ((2, 1), Status::Alive, Basis::Playouts, 0.75, None),
                ((3, 1), Status::Dead, Basis::Playouts, 0.9, None),
            ],
        );
        assert_eq!(status((2, 1)).status, Status::Alive);
        // Next to an area as large as an open one: not shut in.
        let open = "
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . X . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            O . . . . . . . .
            ";
        let status = followed(
            open,
            &[((4, 4), Status::Alive, Basis::Playouts, 0.75, None)],
        );
        assert_eq!(status((4, 4)).status, Status::Alive);
    }
}
