//! A game record replayed on an engine, and the engine's list of dead stones.

use std::time::Duration;

use super::GtpError;
use super::engine::{Deadline, Engine};
use crate::board::Color;
use crate::point::{Point, PointName};
use crate::sgf::{Action, GameRecord, MidSetup, Setup};

/// The dead stones of `game`'s final position as `engine` judges them, in reading order
/// (rows from the top, each from the left).
///
/// The engine is set up afresh (`boardsize`, `clear_board`, `komi` when `komi` is given),
/// the setup stones are placed (Black's with `set_free_handicap` when there are two or
/// more and the engine accepts them that way, every other stone with `play`), every move
/// of the main line is played (setup nodes after the first move with `play` too), and
/// `final_status_list dead` is asked. The whole game has `limit`.
///
/// Before anything is sent, a game GTP cannot express is refused: a rectangular board
/// ([`GtpError::Rectangular`]), an unreadable or off-board move, or a setup node after
/// the first move that removes stones ([`GtpError::NotExpressible`]).
pub fn dead_stones(
    engine: &mut Engine,
    game: &GameRecord,
    komi: Option<f64>,
    limit: Duration,
) -> Result<Vec<Point>, GtpError> {
    let size = square_size(game)?;
    let moves = game
        .moves
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let vertex = match &m.action {
                Action::Pass => "pass".to_string(),
                Action::Play(p) => vertex(*p, size).ok_or_else(|| GtpError::NotExpressible {
                    reason: format!("move {} ({}) lies off the board", i + 1, p.to_sgf()),
                })?,
                Action::Unreadable(text) => {
                    return Err(GtpError::NotExpressible {
                        reason: format!("move {} ({text:?}) is not a point", i + 1),
                    });
                }
            };
            Ok(format!("play {} {vertex}", m.color.letter()))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let initial = setup_vertices(&game.setup, size, "a setup stone of the root")?;
    let later = game
        .mid_setups
        .iter()
        .map(|mid| later_setup(mid, size))
        .collect::<Result<Vec<_>, _>>()?;

    let deadline = Deadline::after(limit);
    engine.ask(&format!("boardsize {size}"), &deadline)?;
    engine.ask("clear_board", &deadline)?;
    if let Some(komi) = komi.filter(|k| k.is_finite()) {
        engine.ask(&format!("komi {komi}"), &deadline)?;
    }
    place_handicap(engine, &initial.black, &deadline)?;
    play_all(engine, Color::White, &initial.white, &deadline)?;
    for (i, command) in moves.iter().enumerate() {
        for (mid, stones) in game.mid_setups.iter().zip(&later) {
            if mid.after_move == i {
                play_all(engine, Color::Black, &stones.black, &deadline)?;
                play_all(engine, Color::White, &stones.white, &deadline)?;
            }
        }
        engine
            .ask(command, &deadline)
            .map_err(|e| move_error(e, i + 1))?;
    }
    for (mid, stones) in game.mid_setups.iter().zip(&later) {
        if mid.after_move >= moves.len() {
            play_all(engine, Color::Black, &stones.black, &deadline)?;
            play_all(engine, Color::White, &stones.white, &deadline)?;
        }
    }

    let answer = engine.ask("final_status_list dead", &deadline)?;
    parse_vertices(&answer, size)
}

/// The side of a square board; GTP has no other kind.
fn square_size(game: &GameRecord) -> Result<u8, GtpError> {
    if game.width == game.height {
        Ok(game.width)
    } else {
        Err(GtpError::Rectangular {
            width: game.width,
            height: game.height,
        })
    }
}

/// The GTP vertex of `p` (`D4`, case as GTP engines print it) on a `size` board.
fn vertex(p: Point, size: u8) -> Option<String> {
    (p.x < size && p.y < size).then(|| p.to_d4(size))
}

/// The stones a setup node adds, as vertices.
struct Stones {
    black: Vec<String>,
    white: Vec<String>,
}

fn setup_vertices(setup: &Setup, size: u8, what: &str) -> Result<Stones, GtpError> {
    let side = |points: &[Point]| {
        points
            .iter()
            .map(|&p| {
                vertex(p, size).ok_or_else(|| GtpError::NotExpressible {
                    reason: format!("{what} ({}) lies off the board", p.to_sgf()),
                })
            })
            .collect::<Result<Vec<_>, _>>()
    };
    Ok(Stones {
        black: side(&setup.black)?,
        white: side(&setup.white)?,
    })
}

/// A setup node after the first move: GTP can add its stones, but cannot take any away.
fn later_setup(mid: &MidSetup, size: u8) -> Result<Stones, GtpError> {
    if let Some(p) = mid.setup.empty.first() {
        return Err(GtpError::NotExpressible {
            reason: format!(
                "node {} removes stones (AE[{}]), which GTP cannot do",
                mid.node,
                p.to_sgf()
            ),
        });
    }
    setup_vertices(
        &mid.setup,
        size,
        &format!("a setup stone of node {}", mid.node),
    )
}

/// Black's setup stones on the empty board: `set_free_handicap` takes two or more at
/// once; an engine that refuses (too many for it, or it has no such command) gets them
/// one `play` at a time.
fn place_handicap(
    engine: &mut Engine,
    black: &[String],
    deadline: &Deadline,
) -> Result<(), GtpError> {
    if black.len() >= 2 && engine.knows("set_free_handicap") {
        match engine.ask(&format!("set_free_handicap {}", black.join(" ")), deadline) {
            Ok(_) => return Ok(()),
            Err(GtpError::Refused { .. }) => {}
            Err(e) => return Err(e),
        }
    }
    play_all(engine, Color::Black, black, deadline)
}

fn play_all(
    engine: &mut Engine,
    color: Color,
    vertices: &[String],
    deadline: &Deadline,
) -> Result<(), GtpError> {
    for v in vertices {
        engine.ask(&format!("play {} {v}", color.letter()), deadline)?;
    }
    Ok(())
}

/// A refusal of a move names the move.
fn move_error(e: GtpError, number: usize) -> GtpError {
    match e {
        GtpError::Refused { command, answer } => GtpError::MoveRefused {
            number,
            command,
            answer,
        },
        other => other,
    }
}

/// The points of a GTP list of vertices (any white space between them), in reading
/// order, each once.
fn parse_vertices(answer: &str, size: u8) -> Result<Vec<Point>, GtpError> {
    let mut points = Vec::new();
    for word in answer.split_whitespace() {
        let point = match PointName::parse(word) {
            Ok(name @ PointName::D4 { .. }) => name.at(size).filter(|p| p.x < size),
            _ => {
                return Err(GtpError::NotGtp {
                    command: "final_status_list dead".to_string(),
                    line: answer.chars().take(300).collect(),
                });
            }
        };
        points.push(point.ok_or_else(|| GtpError::OffBoard {
            vertex: word.to_string(),
            size,
        })?);
    }
    points.sort_by_key(|p| (p.y, p.x));
    points.dedup();
    Ok(points)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vertices_read_in_any_case_and_layout() {
        let points = parse_vertices("C3 c4\nA9  J1\n", 9).expect("vertices");
        let d4: Vec<String> = points.iter().map(|p| p.to_d4(9)).collect();
        assert_eq!(d4, ["A9", "C4", "C3", "J1"]);
        assert_eq!(parse_vertices("", 9), Ok(Vec::new()));
    }

    #[test]
    fn a_vertex_off_the_board_or_not_a_vertex_is_refused() {
        assert_eq!(
            parse_vertices("C3 K9", 9),
            Err(GtpError::OffBoard {
                vertex: "K9".to_string(),
                size: 9
            })
        );
        assert_eq!(
            parse_vertices("C10", 9),
            Err(GtpError::OffBoard {
                vertex: "C10".to_string(),
                size: 9
            })
        );
        for garbage in ["cc", "pass", "C3 white", "I5"] {
            assert!(
                matches!(parse_vertices(garbage, 9), Err(GtpError::NotGtp { .. })),
                "{garbage}"
            );
        }
    }

    #[test]
    fn points_become_vertices_with_rows_from_the_bottom() {
        assert_eq!(vertex(Point::new(2, 6), 9).as_deref(), Some("C3"));
        assert_eq!(vertex(Point::new(8, 0), 9).as_deref(), Some("J9"));
        assert_eq!(vertex(Point::new(24, 24), 25).as_deref(), Some("Z1"));
        assert_eq!(vertex(Point::new(9, 0), 9), None);
    }
}
