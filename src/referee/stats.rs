//! Statistics of one pairing: wins by colour, the score with its 95% interval, the Elo
//! difference it implies with its error bar, the mean game length and the time per
//! move. The interval is the normal approximation of the score's binomial error (each
//! game a win, a draw or a loss), which is what match runners print; with few games it
//! is wide, and a score of 0 or 1 gives an Elo difference without bound (`None`).

use serde::Serialize;

/// One game of a pairing, from the first player's side.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Outcome {
    /// The first player had Black.
    pub first_black: bool,
    /// 1 a win for the first player, 0.5 a draw, 0 a loss; `None` without a result
    /// (void, unknown): left out of the score.
    pub points: Option<f64>,
    pub moves: usize,
    /// Seconds each player thought and the moves each made: first, second.
    pub time: [f64; 2],
    pub moves_by: [usize; 2],
}

/// The statistics of a pairing.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PairingStats {
    pub games: usize,
    /// Games that count (with a winner or a draw).
    pub decided: usize,
    /// The first player's wins with Black, with White; the second's likewise.
    pub first_wins_black: usize,
    pub first_wins_white: usize,
    pub second_wins_black: usize,
    pub second_wins_white: usize,
    pub draws: usize,
    /// The first player's score (a win 1, a draw 1/2) per game, and its 95% interval.
    pub score: Option<f64>,
    pub score_low: Option<f64>,
    pub score_high: Option<f64>,
    /// The Elo difference (first minus second) and half its 95% interval.
    pub elo: Option<f64>,
    pub elo_error: Option<f64>,
    pub mean_moves: Option<f64>,
    /// Seconds per move of each player.
    pub first_seconds_per_move: Option<f64>,
    pub second_seconds_per_move: Option<f64>,
}

/// The statistics of `games`.
pub fn of(games: &[Outcome]) -> PairingStats {
    let decided: Vec<(f64, bool)> = games
        .iter()
        .filter_map(|g| g.points.map(|p| (p, g.first_black)))
        .collect();
    let count = |points: f64, black: bool| {
        decided
            .iter()
            .filter(|&&(p, b)| p == points && b == black)
            .count()
    };
    let n = decided.len() as f64;
    let score = (n > 0.0).then(|| decided.iter().map(|(p, _)| p).sum::<f64>() / n);
    let error = score.map(|s| {
        let variance = decided.iter().map(|(p, _)| (p - s).powi(2)).sum::<f64>() / n;
        1.96 * (variance / n).sqrt()
    });
    let (low, high) = match (score, error) {
        (Some(s), Some(e)) => (Some((s - e).max(0.0)), Some((s + e).min(1.0))),
        _ => (None, None),
    };
    let elo = score.and_then(elo_of);
    let elo_error = match (low.and_then(elo_of), high.and_then(elo_of)) {
        (Some(l), Some(h)) => Some((h - l) / 2.0),
        _ => None,
    };
    let moves: usize = games.iter().map(|g| g.moves).sum();
    let per_move = |side: usize| {
        let m: usize = games.iter().map(|g| g.moves_by[side]).sum();
        let t: f64 = games.iter().map(|g| g.time[side]).sum();
        (m > 0).then(|| t / m as f64)
    };
    PairingStats {
        games: games.len(),
        decided: decided.len(),
        first_wins_black: count(1.0, true),
        first_wins_white: count(1.0, false),
        second_wins_black: count(0.0, false),
        second_wins_white: count(0.0, true),
        draws: decided.iter().filter(|(p, _)| *p == 0.5).count(),
        score,
        score_low: low,
        score_high: high,
        elo,
        elo_error,
        mean_moves: (!games.is_empty()).then(|| moves as f64 / games.len() as f64),
        first_seconds_per_move: per_move(0),
        second_seconds_per_move: per_move(1),
    }
}

/// The Elo difference a score implies (the logistic model): `None` at 0 or 1.
pub fn elo_of(score: f64) -> Option<f64> {
    (score > 0.0 && score < 1.0).then(|| -400.0 * (1.0 / score - 1.0).log10())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(first_black: bool, points: f64) -> Outcome {
        Outcome {
            first_black,
            points: Some(points),
            moves: 100,
            time: [10.0, 20.0],
            moves_by: [50, 50],
        }
    }

    #[test]
    fn three_wins_in_four_is_about_191_elo() {
        let games = [
            game(true, 1.0),
            game(false, 1.0),
            game(true, 1.0),
            game(false, 0.0),
        ];
        let s = of(&games);
        assert_eq!(s.score, Some(0.75));
        assert_eq!((s.first_wins_black, s.first_wins_white), (2, 1));
        assert_eq!((s.second_wins_black, s.second_wins_white), (1, 0));
        let elo = s.elo.expect("an elo");
        assert!((elo - 190.8).abs() < 0.1, "{elo}");
        // 0.75 +- 1.96 * sqrt(0.1875 / 4) = 0.75 +- 0.424: the upper end is cut at 1.
        assert_eq!(s.score_high, Some(1.0));
        assert_eq!(s.elo_error, None);
        assert_eq!(s.first_seconds_per_move, Some(0.2));
        assert_eq!(s.mean_moves, Some(100.0));
    }

    #[test]
    fn an_even_score_is_zero_elo_with_a_finite_error() {
        let games = [
            game(true, 1.0),
            game(false, 0.0),
            game(true, 0.5),
            game(false, 0.5),
        ];
        let s = of(&games);
        assert_eq!(s.elo, Some(0.0));
        assert!(s.elo_error.is_some_and(|e| e > 0.0));
        assert_eq!(s.draws, 2);
    }
}
