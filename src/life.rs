//! Dead stones: from the record's markup, from the user's list, or proved (Benson's
//! pass-alive chains and territory).
//!
//! INTERFACE SKELETON: public items below are the contract; bodies are filled in by the
//! scoring work (names and meanings stay; fields and functions may be added).

use serde::Serialize;

use crate::board::{Board, Point};
use crate::sgf::TerritoryMarks;

/// Where the dead stones of a count came from (DESIGN.md's `dead_source`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum DeadSource {
    /// The TB/TW marks of the record's final position.
    Markup,
    /// A list given by the user (`--dead POINTS`).
    User,
    /// What goref proved or estimated (`--dead auto` without markup).
    Estimate,
    /// Every stone alive (`--dead none`, and Tromp-Taylor).
    None,
}

impl DeadSource {
    pub fn as_str(self) -> &'static str {
        match self {
            DeadSource::Markup => "markup",
            DeadSource::User => "user",
            DeadSource::Estimate => "estimate",
            DeadSource::None => "none",
        }
    }
}

/// The user's choice of `--dead`.
#[derive(Debug, Clone, PartialEq, Default)]
pub enum DeadSpec {
    /// The record's markup when it has some, else what goref can prove.
    #[default]
    Auto,
    Markup,
    None,
    /// Points naming dead stones (each names its whole chain).
    Points(Vec<Point>),
}

/// The dead stones of a final position.
#[derive(Debug, Clone, PartialEq)]
pub struct DeadStones {
    pub source: DeadSource,
    /// Every dead stone (whole chains).
    pub stones: Vec<Point>,
    /// Stones whose status goref could not settle (`auto` without markup); counted as
    /// alive, and said in the report.
    pub unresolved: Vec<Point>,
}

/// Dead stones from TB/TW marks: a stone standing on the other colour's marked territory
/// is dead.
pub fn from_markup(board: &Board, marks: &TerritoryMarks) -> DeadStones {
    let _ = (board, marks);
    todo!()
}

/// Dead stones named by the user: each point names its whole chain. Empty points and
/// points off the board are an error naming the point.
pub fn from_points(board: &Board, points: &[Point]) -> Result<DeadStones, String> {
    let _ = (board, points);
    todo!()
}

// TEMPORARY (branch `score`): a minimal `resolve` so that scoring can be tested before the
// `life` branch lands. The `life` branch's `resolve` (same signature, with Benson's
// pass-alive analysis for `Auto`) replaces this whole block when the branches merge.
// Markup: a stone on the other colour's TB/TW point is dead; an unmarked chain touching
// only the other colour's marked territory, or left in atari, is dead (GNU Go marks only
// empty points).
// Points: whole chains.
// Auto: the markup when the record has some, else no dead stones and every stone
// unresolved.

/// Dead stones of `board`'s final position as `spec` asks, `marks` being the record's
/// TB/TW markup. `Err` names a point of `Points` that is off the board or empty.
pub fn resolve(
    board: &Board,
    spec: &DeadSpec,
    marks: Option<&TerritoryMarks>,
) -> Result<DeadStones, String> {
    let marked = |marks: &TerritoryMarks| {
        use crate::board::Color;
        let (w, h) = (board.width(), board.height());
        let mut mark = vec![None; usize::from(w) * usize::from(h)];
        let index = |p: Point| usize::from(p.y) * usize::from(w) + usize::from(p.x);
        for (points, color) in [(&marks.black, Color::Black), (&marks.white, Color::White)] {
            for &p in points.iter() {
                if board.contains(p) {
                    mark[index(p)] = Some(color);
                }
            }
        }
        let mut stones = Vec::new();
        let mut seen = vec![false; mark.len()];
        for y in 0..h {
            for x in 0..w {
                let p = Point::new(x, y);
                let Some(color) = board.get(p) else { continue };
                if seen[index(p)] {
                    continue;
                }
                let chain = board.chain(p);
                let (mut on_theirs, mut on_own, mut next_to_theirs, mut next_to_own) =
                    (false, false, false, false);
                for &s in &chain {
                    seen[index(s)] = true;
                    match mark[index(s)] {
                        Some(c) if c == color => on_own = true,
                        Some(_) => on_theirs = true,
                        None => {}
                    }
                    let around = [
                        (s.x > 0).then(|| Point::new(s.x - 1, s.y)),
                        (s.x + 1 < w).then(|| Point::new(s.x + 1, s.y)),
                        (s.y > 0).then(|| Point::new(s.x, s.y - 1)),
                        (s.y + 1 < h).then(|| Point::new(s.x, s.y + 1)),
                    ];
                    for n in around.into_iter().flatten() {
                        if board.get(n).is_none() {
                            match mark[index(n)] {
                                Some(c) if c == color => next_to_own = true,
                                Some(_) => next_to_theirs = true,
                                None => {}
                            }
                        }
                    }
                }
                // A stone on the other colour's marked point is dead. Some programs
                // (GNU Go) mark only empty points: then an unmarked chain that touches
                // the other colour's territory and none of its own is dead, and so is
                // an unmarked chain left in atari (its last liberty unmarked).
                let unmarked = !on_theirs && !on_own && !next_to_own;
                if on_theirs && !on_own
                    || unmarked && (next_to_theirs || in_opponent_eye(board, &chain))
                {
                    stones.extend(chain.iter().copied());
                } else if on_theirs {
                    stones.extend(
                        chain
                            .iter()
                            .copied()
                            .filter(|&s| mark[index(s)].is_some_and(|c| c != color)),
                    );
                }
            }
        }
        stones.sort_by_key(|p| (p.y, p.x));
        stones.dedup();
        DeadStones {
            source: DeadSource::Markup,
            stones,
            unresolved: Vec::new(),
        }
    };
    match spec {
        DeadSpec::None => Ok(DeadStones {
            source: DeadSource::None,
            stones: Vec::new(),
            unresolved: Vec::new(),
        }),
        DeadSpec::Markup => Ok(match marks {
            Some(m) => marked(m),
            None => DeadStones {
                source: DeadSource::Markup,
                stones: Vec::new(),
                unresolved: Vec::new(),
            },
        }),
        DeadSpec::Auto => Ok(match marks {
            Some(m) => marked(m),
            None => {
                let mut unresolved = Vec::new();
                for y in 0..board.height() {
                    for x in 0..board.width() {
                        let p = Point::new(x, y);
                        if board.get(p).is_some() {
                            unresolved.push(p);
                        }
                    }
                }
                DeadStones {
                    source: DeadSource::Estimate,
                    stones: Vec::new(),
                    unresolved,
                }
            }
        }),
        DeadSpec::Points(points) => {
            let mut stones = Vec::new();
            for &p in points {
                if !board.contains(p) {
                    return Err(format!("{} is off the board", p.to_sgf()));
                }
                if board.get(p).is_none() {
                    return Err(format!(
                        "{} ({}) holds no stone",
                        p.to_d4(board.height()),
                        p.to_sgf()
                    ));
                }
                stones.extend(board.chain(p));
            }
            stones.sort_by_key(|p| (p.y, p.x));
            stones.dedup();
            Ok(DeadStones {
                source: DeadSource::User,
                stones,
                unresolved: Vec::new(),
            })
        }
    }
}

/// TEMPORARY (branch `score`, see above): is `chain` in atari with its last liberty
/// surrounded by the other colour's stones alone, so that the other colour captures it
/// by filling that point?
fn in_opponent_eye(board: &Board, chain: &[Point]) -> bool {
    let Some(&first) = chain.first() else {
        return false;
    };
    let Some(color) = board.get(first) else {
        return false;
    };
    if board.liberties(first) != 1 {
        return false;
    }
    let (w, h) = (board.width(), board.height());
    let around = |s: Point| {
        [
            (s.x > 0).then(|| Point::new(s.x - 1, s.y)),
            (s.x + 1 < w).then(|| Point::new(s.x + 1, s.y)),
            (s.y > 0).then(|| Point::new(s.x, s.y - 1)),
            (s.y + 1 < h).then(|| Point::new(s.x, s.y + 1)),
        ]
        .into_iter()
        .flatten()
    };
    let Some(liberty) = chain
        .iter()
        .flat_map(|&s| around(s))
        .find(|&n| board.get(n).is_none())
    else {
        return false;
    };
    around(liberty).all(|n| chain.contains(&n) || board.get(n) == Some(color.opponent()))
}
