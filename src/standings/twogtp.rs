//! The results table gogui-twogtp writes beside a match's records, so standings can set
//! the runner's results against goref's.
//!
//! gogui-twogtp (GoGui's match runner) plays games between two GTP programs and writes
//! `PREFIX-N.sgf` for game `N` (numbered from 0) and one table, `PREFIX.dat`:
//!
//! ```text
//! # Black: GNU Go
//! # White: Fuego
//! # Komi: 6.5
//! #
//! #GAME    RES_B    RES_W    RES_R    ALT    DUP    LEN    TIME_B    TIME_W    CPU_B    CPU_W    ERR    ERR_MSG
//! 0    B+R    B+R    ?    0    -    97    3.1    2.9    3.0    2.8    0
//! ```
//!
//! Lines `# key: value` before a lone `#` are the table's properties; the next `#` line
//! names the columns; fields are separated by tabs (shown as spaces above); every other line is a row. `RES_B`, `RES_W` and
//! `RES_R` are the results the Black program, the White program and the referee gave
//! (`final_score`, or `B+R`/`W+R` after a resignation, `?` when unknown). With
//! `-alternate`, odd games swap colours (`ALT` 1) and the runner writes their results
//! with `B` and `W` swapped, as seen by the programs it calls Black and White; [`Row`]
//! swaps them back, so a result here is in the colours of the game's record.
//!
//! Reading is lenient where the runner itself is (trailing empty fields may be left
//! out, blank lines are skipped) and strict where a wrong guess would compare the wrong
//! games: an unreadable `GAME`, a row with more fields than columns, or a table without
//! the `GAME`, `RES_B` and `RES_W` columns is an error naming the line.

use serde::Serialize;

use crate::adjudicate::agrees;
use crate::result::GameResult;

/// Why a results table could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TwogtpError {
    #[error("line {line}: {problem}")]
    Line { line: usize, problem: String },
    #[error("the table names no `{0}` column (a gogui-twogtp table starts `#GAME\tRES_B\tRES_W`)")]
    MissingColumn(&'static str),
}

/// One game of the table.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    /// 1-based line of the table.
    pub line: usize,
    /// The game's number: its record is `PREFIX-GAME.sgf`.
    pub game: u64,
    /// `RES_B`, `RES_W`, `RES_R` as written (in the programs' colours when alternated).
    pub result_black: String,
    pub result_white: String,
    pub result_referee: String,
    /// `ALT` 1: the programs swapped colours for this game.
    pub alternated: bool,
    /// `ERR` 1: the runner reports an error in this game, with `ERR_MSG`.
    pub error: Option<String>,
    /// `LEN`: the moves of the game, when given.
    pub length: Option<u64>,
    /// `TIME_B`, `TIME_W`: seconds the table's Black and White programs used, when given.
    pub time_black: Option<f64>,
    pub time_white: Option<f64>,
}

/// The result the runner gives a game, in the colours of its record.
#[derive(Debug, Clone, PartialEq)]
pub enum RunnerResult {
    /// The referee's result, or the one both programs gave.
    Given {
        result: GameResult,
        /// Who gave it: `referee`, or `both programs`.
        by: &'static str,
    },
    /// The two programs disagree and no referee settled it (record colours).
    Disputed {
        black: GameResult,
        white: GameResult,
    },
    /// No result (`?` everywhere).
    Missing,
}

impl Row {
    /// The runner's result for the game, in the colours of the record.
    pub fn result(&self) -> RunnerResult {
        let read = |text: &str| {
            let result = GameResult::parse(text);
            if self.alternated {
                swap_colours(result)
            } else {
                result
            }
        };
        let known = |text: &str| !text.trim().is_empty() && text.trim() != "?";
        if known(&self.result_referee) {
            return RunnerResult::Given {
                result: read(&self.result_referee),
                by: "referee",
            };
        }
        match (known(&self.result_black), known(&self.result_white)) {
            (true, true) if self.result_black.trim() == self.result_white.trim() => {
                RunnerResult::Given {
                    result: read(&self.result_black),
                    by: "both programs",
                }
            }
            (false, false) => RunnerResult::Missing,
            _ => {
                // In the record's colours the program that played Black is the table's
                // White program when the colours were swapped.
                let (black, white) = if self.alternated {
                    (&self.result_white, &self.result_black)
                } else {
                    (&self.result_black, &self.result_white)
                };
                RunnerResult::Disputed {
                    black: read(black),
                    white: read(white),
                }
            }
        }
    }
}

/// A gogui-twogtp results table.
#[derive(Debug, Clone, PartialEq)]
pub struct ResultsTable {
    /// `# key: value` lines, in file order (`Black`, `White`, `Komi`...).
    pub properties: Vec<(String, String)>,
    pub rows: Vec<Row>,
}

impl ResultsTable {
    /// A property's value (`Black`, `White`, `Size`, `Komi`...).
    pub fn property(&self, key: &str) -> Option<&str> {
        self.properties
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }
}

/// The record of game `game` of a table written with `prefix` (the table's file name
/// without `.dat`): `PREFIX-GAME.sgf`.
pub fn record_file_name(prefix: &str, game: u64) -> String {
    format!("{prefix}-{game}.sgf")
}

/// Read a results table.
pub fn parse(text: &str) -> Result<ResultsTable, TwogtpError> {
    let mut properties = Vec::new();
    let mut columns: Option<Vec<String>> = None;
    let mut properties_done = false;
    let mut raw_rows: Vec<(usize, Vec<&str>)> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let number = i + 1;
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        if let Some(comment) = line.strip_prefix('#') {
            let comment = comment.trim();
            if !properties_done {
                if comment.is_empty() {
                    properties_done = true;
                } else if let Some((key, value)) = comment.split_once(':') {
                    properties.push((key.trim().to_string(), value.trim().to_string()));
                }
                // GoGui itself skips a property line without `:`; so does goref.
            } else if columns.is_none() {
                columns = Some(comment.split('\t').map(|c| c.trim().to_string()).collect());
            }
            continue;
        }
        raw_rows.push((number, line.split('\t').collect()));
    }
    let columns = columns.unwrap_or_default();
    let column = |name: &'static str| columns.iter().position(|c| c == name);
    let required = |name: &'static str| column(name).ok_or(TwogtpError::MissingColumn(name));
    let (game, black, white) = (required("GAME")?, required("RES_B")?, required("RES_W")?);
    let (referee, alternated, error, message) = (
        column("RES_R"),
        column("ALT"),
        column("ERR"),
        column("ERR_MSG"),
    );
    let (length, time_black, time_white) = (column("LEN"), column("TIME_B"), column("TIME_W"));
    let mut rows = Vec::with_capacity(raw_rows.len());
    for (line, fields) in raw_rows {
        if fields.len() > columns.len() {
            return Err(TwogtpError::Line {
                line,
                problem: format!(
                    "{} fields, but the table has {} columns",
                    fields.len(),
                    columns.len()
                ),
            });
        }
        let field = |c: Option<usize>| {
            c.and_then(|c| fields.get(c))
                .map_or("", |f| f.trim())
                .to_string()
        };
        let number = field(Some(game));
        let game = number.parse::<u64>().map_err(|_| TwogtpError::Line {
            line,
            problem: format!("GAME is `{number}`, not a game number"),
        })?;
        rows.push(Row {
            line,
            game,
            result_black: field(Some(black)),
            result_white: field(Some(white)),
            result_referee: field(referee),
            alternated: field(alternated) == "1",
            error: (field(error) == "1").then(|| field(message)),
            length: field(length).parse().ok(),
            time_black: field(time_black)
                .parse()
                .ok()
                .filter(|t: &f64| t.is_finite()),
            time_white: field(time_white)
                .parse()
                .ok()
                .filter(|t: &f64| t.is_finite()),
        });
    }
    Ok(ResultsTable { properties, rows })
}

/// A game whose result in the runner's table is not goref's.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Difference {
    /// The game's number in the table.
    pub game: u64,
    /// The runner's result in the record's colours (`B+6.5`), both programs' results
    /// when they disagree (`B+2.5 / W+0.5`, Black's program first), or `?`.
    pub runner: String,
    /// Who in the table gave it: `referee`, `both programs`, `the programs disagree`,
    /// `nobody`.
    pub given_by: &'static str,
    /// goref's result.
    pub goref: String,
    /// When the programs disagree: what the program that played Black said, and what
    /// the one that played White said (record colours).
    pub programs: Option<[String; 2]>,
}

impl std::fmt::Display for Difference {
    /// `the table gives B+6.5 (both programs); goref W+F`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.programs {
            Some([black, white]) => write!(
                f,
                "the programs disagree (Black's says {black}, White's {white}); goref {}",
                self.goref
            ),
            None if self.runner == "?" => {
                write!(f, "the table has no result; goref {}", self.goref)
            }
            None => write!(
                f,
                "the table gives {} ({}); goref {}",
                self.runner, self.given_by, self.goref
            ),
        }
    }
}

/// `row` set against goref's result for its record (`ours`, as goref prints it): the
/// difference, or `None` when the runner's result agrees. A table without a result, or
/// whose programs disagree, always differs from a result goref reached.
pub fn compare(row: &Row, ours: &str) -> Option<Difference> {
    let goref = GameResult::parse(ours);
    let (runner, given_by, programs) = match row.result() {
        RunnerResult::Given { result, by } => {
            let text = result.to_string();
            if agrees(&goref, &result, &text) == Some(true) {
                return None;
            }
            (text, by, None)
        }
        RunnerResult::Disputed { black, white } => (
            format!("{black} / {white}"),
            "the programs disagree",
            Some([black.to_string(), white.to_string()]),
        ),
        RunnerResult::Missing => {
            if goref == GameResult::Unknown {
                return None;
            }
            ("?".to_string(), "nobody", None)
        }
    };
    Some(Difference {
        game: row.game,
        runner,
        given_by,
        goref: ours.to_string(),
        programs,
    })
}

/// The same result with Black and White exchanged.
fn swap_colours(result: GameResult) -> GameResult {
    match result {
        GameResult::Score { winner, margin } => GameResult::Score {
            winner: winner.opponent(),
            margin,
        },
        GameResult::Win { winner, by } => GameResult::Win {
            winner: winner.opponent(),
            by,
        },
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Color;
    use crate::result::WinBy;

    /// A table as gogui-twogtp 1.5 writes it with `-alternate` and no referee (properties
    /// sorted by key, empty ERR_MSG left as a trailing tab).
    const TABLE: &str = "# Black: GNU Go\n\
# BlackCommand: gnugo --mode gtp\n\
# BlackLabel: GNU Go\n\
# BlackVersion: 3.8\n\
# Komi: 6.5\n\
# Referee: -\n\
# Size: 13\n\
# White: Fuego\n\
# Xml: 0\n\
#\n\
#GAME\tRES_B\tRES_W\tRES_R\tALT\tDUP\tLEN\tTIME_B\tTIME_W\tCPU_B\tCPU_W\tERR\tERR_MSG\n\
0\tB+R\tB+R\t?\t0\t-\t97\t3.1\t2.9\t3\t2.8\t0\t\n\
1\tB+3.5\tB+3.5\t?\t1\t-\t181\t9.9\t9.1\t9.8\t9\t0\t\n\
2\tW+0.5\tB+1.5\t?\t0\t-\t200\t9\t9\t9\t9\t0\n\
\n\
3\t?\t?\t?\t1\t-\t12\t0.1\t0.1\t0.1\t0.1\t1\tFuego: illegal move\n";

    #[test]
    fn reads_the_properties_and_every_row() {
        let table = parse(TABLE).expect("a table");
        assert_eq!(table.property("Black"), Some("GNU Go"));
        assert_eq!(table.property("White"), Some("Fuego"));
        assert_eq!(table.property("Size"), Some("13"));
        assert_eq!(table.rows.len(), 4);
        assert_eq!(table.rows[3].line, 16);
        assert_eq!(table.rows[3].game, 3);
        assert_eq!(table.rows[3].error.as_deref(), Some("Fuego: illegal move"));
        assert_eq!(table.rows[0].error, None);
        assert_eq!(record_file_name("match", 3), "match-3.sgf");
    }

    #[test]
    fn results_come_back_in_the_colours_of_the_record() {
        let table = parse(TABLE).expect("a table");
        let results: Vec<RunnerResult> = table.rows.iter().map(Row::result).collect();
        assert_eq!(
            results[0],
            RunnerResult::Given {
                result: GameResult::Win {
                    winner: Color::Black,
                    by: WinBy::Resignation
                },
                by: "both programs"
            }
        );
        // Game 1 was alternated: "B+3.5" is the program called Black, which played White.
        assert_eq!(
            results[1],
            RunnerResult::Given {
                result: GameResult::Score {
                    winner: Color::White,
                    margin: 3.5
                },
                by: "both programs"
            }
        );
        assert!(matches!(
            &results[2],
            RunnerResult::Disputed { black, white }
                if black.winner() == Some(Color::White) && white.winner() == Some(Color::Black)
        ));
        assert_eq!(results[3], RunnerResult::Missing);
    }

    #[test]
    fn a_referee_settles_it_and_an_alternated_dispute_swaps_sides() {
        let text = "#\n#GAME\tRES_B\tRES_W\tRES_R\tALT\n0\tB+1\tW+2\tW+2\t0\n1\tB+1\tW+2\t?\t1\n";
        let table = parse(text).expect("a table");
        assert_eq!(
            table.rows[0].result(),
            RunnerResult::Given {
                result: GameResult::Score {
                    winner: Color::White,
                    margin: 2.0
                },
                by: "referee"
            }
        );
        // Alternated: the record's Black is the table's White program, which said W+2,
        // meaning (swapped back) B+2.
        assert_eq!(
            table.rows[1].result(),
            RunnerResult::Disputed {
                black: GameResult::Score {
                    winner: Color::Black,
                    margin: 2.0
                },
                white: GameResult::Score {
                    winner: Color::White,
                    margin: 1.0
                },
            }
        );
    }

    #[test]
    fn differences_are_in_the_colours_of_the_record() {
        let table = parse(TABLE).expect("a table");
        let rows = &table.rows;
        assert_eq!(compare(&rows[0], "B+R"), None);
        assert_eq!(
            compare(&rows[1], "W+3.5"),
            None,
            "alternated: the table's B+3.5"
        );
        assert_eq!(
            compare(&rows[1], "W+F"),
            None,
            "the same winner, one result without a margin"
        );
        assert_eq!(
            compare(&rows[1], "B+F"),
            Some(Difference {
                game: 1,
                runner: "W+3.5".into(),
                given_by: "both programs",
                goref: "B+F".into(),
                programs: None,
            })
        );
        let disputed = compare(&rows[2], "W+0.5").expect("a difference");
        assert_eq!(disputed.runner, "W+0.5 / B+1.5");
        assert_eq!(
            disputed.to_string(),
            "the programs disagree (Black's says W+0.5, White's B+1.5); goref W+0.5"
        );
        assert_eq!(
            compare(&rows[1], "B+F").map(|d| d.to_string()).as_deref(),
            Some("the table gives W+3.5 (both programs); goref B+F")
        );
        assert_eq!(compare(&rows[3], "?"), None);
        assert_eq!(compare(&rows[3], "B+R").map(|d| d.given_by), Some("nobody"));
    }

    #[test]
    fn broken_tables_are_errors_naming_the_line() {
        assert_eq!(
            parse("#\n#GAME\tRES_B\tRES_W\nx\tB+R\tB+R\n"),
            Err(TwogtpError::Line {
                line: 3,
                problem: "GAME is `x`, not a game number".into()
            })
        );
        assert_eq!(
            parse("#\n#GAME\tRES_B\tRES_W\n1\tB+R\tB+R\textra\n"),
            Err(TwogtpError::Line {
                line: 3,
                problem: "4 fields, but the table has 3 columns".into()
            })
        );
        assert_eq!(
            parse("#\n#GAME\tRES_B\n1\tB+R\n"),
            Err(TwogtpError::MissingColumn("RES_W"))
        );
        assert_eq!(
            parse("no table here"),
            Err(TwogtpError::MissingColumn("GAME"))
        );
    }
}
