//! Which games a match plays, in order: one pairing's games (colours alternated or
//! not), or every pairing of a round robin, a double round robin or a gauntlet. The list
//! depends only on the players and the options, so a match restarted from its folder
//! plays the same games under the same names and can skip those already written.

/// The form of a tournament.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Schedule {
    /// Every two players meet `games` times, colours alternating from game to game.
    RoundRobin,
    /// Every two players meet twice as often, each with Black as often as White.
    DoubleRoundRobin,
    /// The first player meets every other one.
    Gauntlet,
}

/// One game of the match.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pairing {
    /// Indices into the players.
    pub black: usize,
    pub white: usize,
    /// The table the game belongs to (one per pair of players): its records are
    /// `PREFIX-N.sgf` and its gogui-twogtp table `PREFIX.dat`.
    pub table: usize,
    /// The game's number in its table, from 0.
    pub number: u64,
    /// The colours are swapped with respect to the table's first game.
    pub alternated: bool,
}

/// The games of one pairing, `first` against `second`: `games` of them, colours
/// swapped every other game when `alternate`.
pub fn pairing(
    first: usize,
    second: usize,
    table: usize,
    games: u64,
    alternate: bool,
) -> Vec<Pairing> {
    (0..games)
        .map(|number| {
            let alternated = alternate && number % 2 == 1;
            let (black, white) = if alternated {
                (second, first)
            } else {
                (first, second)
            };
            Pairing {
                black,
                white,
                table,
                number,
                alternated,
            }
        })
        .collect()
}

/// The tables of a tournament of `players` players: each pair of players that meet,
/// in order.
pub fn tables(schedule: Schedule, players: usize) -> Vec<(usize, usize)> {
    match schedule {
        Schedule::Gauntlet => (1..players).map(|j| (0, j)).collect(),
        Schedule::RoundRobin | Schedule::DoubleRoundRobin => (0..players)
            .flat_map(|i| (i + 1..players).map(move |j| (i, j)))
            .collect(),
    }
}

/// Every game of a tournament: for each table, `games` games (twice as many in a double
/// round robin), colours alternating, tables interleaved round by round so that a match
/// stopped early has played every pairing about as often.
pub fn tournament(schedule: Schedule, players: usize, games: u64) -> Vec<Pairing> {
    let per_table = match schedule {
        Schedule::DoubleRoundRobin => games * 2,
        _ => games,
    };
    let tables = tables(schedule, players);
    let lists: Vec<Vec<Pairing>> = tables
        .iter()
        .enumerate()
        .map(|(t, &(i, j))| pairing(i, j, t, per_table, true))
        .collect();
    (0..per_table as usize)
        .flat_map(|round| lists.iter().filter_map(move |l| l.get(round).cloned()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_double_round_robin_gives_each_player_both_colours_against_each_other() {
        let games = tournament(Schedule::DoubleRoundRobin, 3, 1);
        assert_eq!(games.len(), 6);
        for (i, j) in [(0, 1), (0, 2), (1, 2)] {
            assert!(games.iter().any(|g| g.black == i && g.white == j));
            assert!(games.iter().any(|g| g.black == j && g.white == i));
        }
        let gauntlet = tournament(Schedule::Gauntlet, 4, 2);
        assert_eq!(gauntlet.len(), 6);
        assert!(gauntlet.iter().all(|g| g.black == 0 || g.white == 0));
    }
}
