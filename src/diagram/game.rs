//! A game's diagram at one moment: the position after a move with the findings of that
//! move marked, or the final position with the dead stones and each point's owner as the
//! count under the rule set found them. The board is the replay's own (played as
//! recorded, captures included), and the dead stones, owners and count are the
//! adjudication's, so a diagram never disagrees with `goref score`.

use super::{Diagram, Mark};
use crate::board::Color;
use crate::judge::Judged;
use crate::replay::{self, Finding, ReplayError, Severity};
use crate::sgf::{Action, GameRecord};

/// Which moment of a game to draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Moment {
    /// The position after this many moves (0: before the first move).
    AfterMove(usize),
    /// The final position, counted when the game is decided by counting.
    Final,
    /// The first illegal move when the game has one, else the final position.
    FirstIllegal,
}

/// A game's diagram and the facts it was drawn from, for captions and notes.
pub struct GameDiagram {
    /// The board with its marks. Caption and notes are left empty: how to word them is
    /// the caller's choice.
    pub diagram: Diagram,
    /// The moves played before the position drawn.
    pub after_move: usize,
    /// The position drawn is the final one.
    pub is_final: bool,
    /// The findings of the move drawn (none for the start or the final position).
    pub findings: Vec<Finding>,
}

/// Why a diagram cannot be drawn.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum DiagramError {
    #[error("the game has {moves} moves, so there is no position after move {asked}")]
    NoSuchMove { asked: usize, moves: usize },
    #[error(transparent)]
    Replay(#[from] ReplayError),
}

/// Draw `record`, judged as `judged`, at `moment`: the final position is the replay's,
/// with the dead stones and owners of the count when there is one; an earlier position is
/// the record played to that move.
pub fn of_judged(
    record: &GameRecord,
    judged: &Judged,
    moment: Moment,
) -> Result<GameDiagram, DiagramError> {
    let whole = judged.replay.as_ref().map_err(|e| e.clone())?;
    let rules = &judged.resolved.rules;
    let moves = record.moves.len();
    let after = match moment {
        Moment::AfterMove(n) if n > moves => {
            return Err(DiagramError::NoSuchMove { asked: n, moves });
        }
        Moment::AfterMove(n) => Some(n),
        Moment::Final => None,
        Moment::FirstIllegal => whole
            .findings
            .iter()
            .filter(|f| f.severity == Severity::Illegal)
            .find_map(|f| f.move_number),
    };
    let Some(after) = after else {
        return Ok(final_position(record, judged, whole));
    };
    let board = replay::position_after(record, rules, after)?;
    let mut diagram = Diagram::new(board);
    let last = after.checked_sub(1).and_then(|i| record.moves.get(i));
    diagram.last_move = last.and_then(|m| match m.action {
        Action::Play(p) => Some(p),
        _ => None,
    });
    let findings: Vec<Finding> = whole
        .findings
        .iter()
        .filter(|f| after > 0 && f.move_number == Some(after))
        .cloned()
        .collect();
    diagram.marks = findings
        .iter()
        .filter_map(|f| {
            f.point.map(|point| Mark {
                point,
                label: f.kind.as_str().to_string(),
            })
        })
        .collect();
    Ok(GameDiagram {
        diagram,
        after_move: after,
        is_final: false,
        findings,
    })
}

/// The final position, with the dead stones and owners of the count when there is one.
fn final_position(record: &GameRecord, judged: &Judged, whole: &replay::Replay) -> GameDiagram {
    let mut diagram = Diagram::new(*whole.board.clone());
    diagram.last_move = record.moves.last().and_then(|m| match m.action {
        Action::Play(p) => Some(p),
        _ => None,
    });
    if let Some(counted) = judged.counted() {
        diagram.dead = counted.dead.stones.clone();
        let width = usize::from(diagram.board.width());
        let mut owners = vec![None; width * usize::from(diagram.board.height())];
        for color in [Color::Black, Color::White] {
            for p in &counted.count.territory_points[color.index()] {
                if let Some(owner) = owners.get_mut(usize::from(p.y) * width + usize::from(p.x)) {
                    *owner = Some(color);
                }
            }
        }
        diagram.owners = owners;
    }
    GameDiagram {
        diagram,
        after_move: record.moves.len(),
        is_final: true,
        findings: Vec::new(),
    }
}
