//! The estimate's fourth stage: random playouts for the groups nothing earlier settled.
//!
//! From the position with the settled dead stones lifted, random games are played only
//! where nothing is settled ([`PlayBoard`]'s policy: never fill a real eye of one's own,
//! never give away a chain of three stones or more, capture what the last move left in
//! atari). After each playout every point has an owner; a group whose colour owns its
//! stones in less than its line's share of the playouts is dead. Half the playouts start
//! with Black, half with White, so the stage can tell when the outcome depends on who
//! moves. Playouts run in rounds and stop as soon as every open group is clearly
//! decided, within a fixed budget, so the time per position is bounded. The lines and
//! their reasons are in docs/rules.md ("How goref estimates the dead stones", step 5).

use crate::board::{Board, Color};
use crate::life::benson::PassAlive;
use crate::life::position::Position;

use super::groups::Verdict;
use super::playout::{PlayBoard, Rng, cell_of, point_of};
use super::{
    CLEAR, DEAD_BELOW, ISOLATED_ALIVE, ISOLATION, ISOLATION_ROOM, MAX_PLAYOUTS, MIN_PLAYOUTS,
    MOVE_BUDGET, OPEN_AREA, ROUND, SEKI_DOUBT, Status, salt,
};

/// Who owned each point over the playouts.
pub(super) struct Ownership {
    /// Per point and per first player (Black, White): twice the number of playouts that
    /// ended with Black owning the point, plus the number with nobody owning it.
    pub(super) black2: Vec<[u32; 2]>,
    /// Playouts run; half started with each colour.
    pub(super) playouts: u32,
}

impl Ownership {
    pub(super) fn none(points: usize) -> Ownership {
        Ownership {
            black2: vec![[0; 2]; points],
            playouts: 0,
        }
    }

    /// Run the playouts: on `board` with the settled dead stones lifted, never playing
    /// inside an area that only settled chains of one colour touch, until every open
    /// group is clearly decided or the budget is spent.
    ///
    /// A group the playouts decide clearly counts as settled from the next round on (see
    /// [`settled_by_playouts`]): its dead stones come off the starting board and the
    /// areas only settled groups touch are no longer played, so the later rounds spend
    /// their moves on the groups still in doubt. Every open group's stones are watched in
    /// every playout (a lifted stone's point is owned by whoever holds it at the end, as
    /// after a capture), so each group's ownership and its test of who moves first are
    /// counted over all the playouts.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn from_playouts(
        board: &Board,
        start: &PlayBoard,
        position: &Position,
        line: &[f64],
        verdict: &[Option<Verdict>],
        members: &[Vec<usize>],
        open: &[usize],
        proof: &PassAlive,
    ) -> Ownership {
        let mut unclear: Vec<usize> = open.to_vec();
        let mut settled = verdict.to_vec();
        let mut play = Self::setup(start, position, &settled, proof);
        let watch: Vec<(usize, usize)> = unclear
            .iter()
            .flat_map(|&g| &members[g])
            .flat_map(|&c| &position.chains[c].stones)
            .map(|&i| (i, cell_of(position.point(i))))
            .collect();
        let free = play.listed().max(1);
        let budget = (MOVE_BUDGET / (2 * free)) as u32;
        let max = budget.clamp(MIN_PLAYOUTS, MAX_PLAYOUTS) / ROUND * ROUND;
        let max_moves = 3 * position.len() + 64;
        let mut rng = Rng::new(
            board.hash()
                ^ (u64::from(board.width()) << 8 | u64::from(board.height()))
                ^ salt().wrapping_mul(0x9E37_79B9_7F4A_7C15),
        );
        let mut own = Ownership::none(position.len());
        let mut pb = PlayBoard::blank(0);
        while own.playouts < max {
            for k in 0..ROUND {
                let first = if k < ROUND / 2 {
                    Color::Black
                } else {
                    Color::White
                };
                pb.copy_from(&play);
                pb.playout(first, &mut rng, max_moves);
                for &(i, cell) in &watch {
                    own.black2[i][first.index()] += match pb.owner(cell) {
                        Some(Color::Black) => 2,
                        Some(Color::White) => 0,
                        None => 1,
                    };
                }
            }
            own.playouts += ROUND;
            if own.playouts < MIN_PLAYOUTS {
                continue;
            }
            let mut dead = Vec::new();
            unclear.retain(|&g| {
                let list = &members[g];
                let (o, _) = own.of_group(position, list);
                if !clear(o, line[g], own.playouts) {
                    return true;
                }
                if let Some(v) = settled_by_playouts(position, list, o, line[g]) {
                    for &c in list {
                        settled[c] = Some(v);
                    }
                    if v == Verdict::Dead {
                        dead.extend_from_slice(list);
                    }
                }
                false
            });
            if unclear.is_empty() {
                break;
            }
            if !dead.is_empty() {
                // One cell per chain: lifting takes the whole chain, and the area it leaves
                // holds all its points.
                let lifted: Vec<usize> = dead
                    .iter()
                    .map(|&c| cell_of(position.point(position.chains[c].stones[0])))
                    .collect();
                for &cell in &lifted {
                    play.lift(cell);
                }
                play.freeze_settled(&lifted, |cell| settled_alive(position, &settled, cell));
            }
        }
        own
    }

    /// The board the playouts start from: `position` with the dead stones of `verdict`
    /// lifted, never playing in pass-alive territory or inside an area that only settled
    /// living chains of one colour touch.
    fn setup(
        start: &PlayBoard,
        position: &Position,
        verdict: &[Option<Verdict>],
        proof: &PassAlive,
    ) -> Box<PlayBoard> {
        let territory = |i: usize| proof.territory_at(i).is_some();
        let mut play = Box::new(start.clone());
        play.relist(|cell| position.index(point_of(cell)).is_some_and(territory));
        for (c, chain) in position.chains.iter().enumerate() {
            if verdict[c] == Some(Verdict::Dead) {
                play.lift(cell_of(position.point(chain.stones[0])));
            }
        }
        // Lifting lists the points it frees and their neighbours.
        for i in (0..position.len()).filter(|&i| territory(i)) {
            play.put_aside(cell_of(position.point(i)));
        }
        let starts = play.listed_cells();
        play.freeze_settled(&starts, |cell| settled_alive(position, verdict, cell));
        play.mark_standoffs();
        play
    }

    /// The share of the playouts in which the group of `list` owned its stones, overall
    /// and by first player (Black, White).
    pub(super) fn of_group(&self, position: &Position, list: &[usize]) -> (f64, [f64; 2]) {
        let color = position.chains[list[0]].color;
        let mut sum = [0u64; 2];
        let mut stones = 0u64;
        for &c in list {
            for &i in &position.chains[c].stones {
                sum[0] += u64::from(self.black2[i][0]);
                sum[1] += u64::from(self.black2[i][1]);
                stones += 1;
            }
        }
        let half = f64::from(self.playouts.max(2) / 2);
        let black = |s: u64| s as f64 / (2.0 * half * stones.max(1) as f64);
        let mine = |b: f64| match color {
            Color::Black => b,
            Color::White => 1.0 - b,
        };
        let by_first = [mine(black(sum[0])), mine(black(sum[1]))];
        ((by_first[0] + by_first[1]) / 2.0, by_first)
    }
}

/// Whether the empty area `a` touches both colours and is large ([`OPEN_AREA`] points,
/// or a third of a small board).
fn open_area(position: &Position, a: usize) -> bool {
    let area = &position.areas[a];
    area.touches == 3 && area.points.len() >= OPEN_AREA.min(position.area_of.len() / 3)
}

/// Whether the group of `list` is a stone or two in open space that reaches no stone of
/// its colour within three steps over empty points, and reaches the opponent's: nothing
/// it could connect to or live with. (A stone or two shut in tightly is left to the
/// playouts and the seki check.)
pub(super) fn isolated(position: &Position, list: &[usize]) -> bool {
    let stones: Vec<usize> = list
        .iter()
        .flat_map(|&c| position.chains[c].stones.iter().copied())
        .collect();
    if stones.len() > 2 {
        return false;
    }
    let color = position.chains[list[0]].color;
    let mut dist = vec![u8::MAX; position.len()];
    let mut frontier = stones.clone();
    for &s in &stones {
        dist[s] = 0;
    }
    let (mut theirs, mut room) = (0, 0);
    for step in 1..=ISOLATION {
        let mut next = Vec::new();
        for &i in &frontier {
            for nb in position.neighbours(i) {
                if dist[nb] != u8::MAX {
                    continue;
                }
                dist[nb] = step;
                match position.stones[nb] {
                    None => {
                        room += 1;
                        next.push(nb);
                    }
                    Some(c) if c == color => return false,
                    Some(_) => theirs += 1,
                }
            }
        }
        frontier = next;
    }
    theirs >= 2 && room >= ISOLATION_ROOM
}

/// Whether an ownership of `o` after `n` playouts is far enough from even to stop.
fn clear(o: f64, line: f64, n: u32) -> bool {
    (o - line).abs() > CLEAR / f64::from(n).sqrt()
}

/// What the later playouts may take as settled about the group of `list`, which the
/// playouts decided clearly with an ownership of `o` against its line `line`: dead when
/// the kill is at least [`SEKI_DOUBT`] sure, alive when no
/// other rule could still call it dead (an isolated stone or two needs
/// [`ISOLATED_ALIVE`]); `None` leaves it on the board, open.
fn settled_by_playouts(position: &Position, list: &[usize], o: f64, line: f64) -> Option<Verdict> {
    if o < line {
        (confidence(o, line, Status::Dead) >= SEKI_DOUBT).then_some(Verdict::Dead)
    } else {
        (o >= ISOLATED_ALIVE || !isolated(position, list)).then_some(Verdict::Alive)
    }
}

/// The ownership below which the playouts call the group of `list` dead.
///
/// Random playouts favour life: a group walled in by the opponent gets random help to
/// make eyes while its attacker plays at random too, so a group that a real opponent
/// would kill still lives in a good share of them. The line is therefore above even
/// ([`DEAD_BELOW`]).
///
/// A group next to a large open area is not walled in. Both players passed with that
/// area open, so neither could gain there: whatever the random players do, the area
/// belongs to each colour about as much as the stones around it say. The line is the
/// opponent's share of the stones of both colours next to those areas, and never below
/// even: a group owned in fewer playouts than that share is weaker there than the area
/// it stands in, one its owner gave up in the opponent's sphere. Where the two colours
/// are level (or the group's colour has more) the line is even; at three of the
/// opponent's stones for two of its own it is [`DEAD_BELOW`], the walled-in line, and it
/// rises toward 1 as the opponent's stones close the area. No number is chosen: the
/// position gives the share (docs/rules.md, step 5).
pub(super) fn threshold(position: &Position, list: &[usize]) -> f64 {
    let color = position.chains[list[0]].color;
    let mut seen: Vec<usize> = Vec::new();
    let mut stones = [0usize; 2];
    for &c in list {
        for &e in &position.chains[c].libs {
            let a = position.area_of[e];
            if seen.contains(&a) || !open_area(position, a) {
                continue;
            }
            seen.push(a);
            for &o in &position.areas[a].chains {
                stones[position.chains[o].color.index()] += position.chains[o].stones.len();
            }
        }
    }
    if seen.is_empty() {
        return DEAD_BELOW;
    }
    let theirs = stones[color.opponent().index()] as f64;
    let own = stones[color.index()] as f64;
    (theirs / (theirs + own)).max(0.5)
}

/// The confidence of `status` for a group its colour owned in a share `o` of the
/// playouts, decided against the line `line`: 0.5 on the line, 1 when the playouts are
/// unanimous.
pub(super) fn confidence(o: f64, line: f64, status: Status) -> f64 {
    let c = if o < line {
        0.5 + 0.5 * (line - o) / line
    } else {
        0.5 + 0.5 * (o - line) / (1.0 - line)
    };
    // A status a later stage reached against the playouts: the evidence is the other way.
    if (status == Status::Dead) == (o < line) {
        c
    } else {
        1.0 - c
    }
}

/// Whether the stone on the playout board's `cell` belongs to a chain `verdict` calls
/// alive.
fn settled_alive(position: &Position, verdict: &[Option<Verdict>], cell: usize) -> bool {
    position
        .index(point_of(cell))
        .is_some_and(|i| verdict[position.chain_of[i]] == Some(Verdict::Alive))
}
