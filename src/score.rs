//! Counting: area and territory, komi, handicap bonus, pass stones and last-move rules.
//!
//! [`count`] takes a final position, the dead stones to take off, the rule set and the few
//! facts of the game a count needs ([`GameFacts`]: komi, handicap, passes, who passed
//! first) and returns a [`Count`]: every figure that went into each side's total, so a
//! person can check the arithmetic and see why two rule sets disagree. Turning a count
//! into a result is `adjudicate`'s job.
//!
//! What it guarantees:
//! - The figures add up: each side's `total` is exactly the sum of the parts present in its
//!   [`SideCount`] (a part that the counting method does not use is `None`, never a
//!   silent zero), and `margin` is Black's total minus White's, except under
//!   [`CountingBase::HalfBoard`] where it is twice Black's count over the half-board
//!   target (the same number whenever neutral points are shared, as in the `chinese`
//!   preset).
//! - Nothing reachable from a record panics: every point comes from the board itself, and
//!   dead stones that are not on the board are ignored.
//!
//! The rule texts behind each part:
//! - *Area* (Chinese, WMSG, AGA, NZ, Ing, Tromp-Taylor): stones on the board plus empty
//!   points reached only by that colour. Neutral points count for nobody, or half and
//!   half where the rules share them (Chinese, WMSG).
//! - *Territory* (Japanese, Korean; AGA and ACE by agreement): empty points surrounded by
//!   one colour plus prisoners (stones captured in play and dead stones taken off at the
//!   end). The Japanese and Korean rules count no points inside a seki, and no eye point
//!   its owner must fill before the game could end (Japanese Rules of Go 1989, articles 7
//!   and 8): goref settles the end once as a referee does ([`crate::life::settle`]), and
//!   under [`SekiPoints::NotCounted`] counts no seki eye, and under territory counting no
//!   point to fill and no eye of stones that cannot live; every point it did not count is
//!   listed ([`NotTerritory`]).
//! - *Pass stones* (AGA, ACE): each pass hands the opponent a prisoner, and White makes the
//!   last move; when Black passed last, White's owed pass is added (one more prisoner
//!   for Black). They matter only under territory counting: area counting ignores
//!   prisoners.
//! - *Handicap bonus* (area counting only): White receives N (Chinese practice, Ing) or
//!   N-1 (AGA, ACE) points for N handicap stones.
//! - *Last-move point* (WMSG 2008): if White passed first at the end, so Black made the
//!   last play, one point is taken from Black.
//! - *Button*: the first player to pass receives half a point.

use serde::Serialize;

use crate::board::{Board, Color};
use crate::life::settle::{self, Class, MustFill, Settlement, Unsettled};
use crate::point::Point;
use crate::rules::{
    Counting, CountingBase, HandicapBonus, NeutralPoints, PassRule, RuleSet, SekiPoints,
};
use crate::words::{format_points, plural};

pub mod marks;

/// Where the komi of a count came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum KomiSource {
    /// The record's `KM`.
    Record,
    /// The user's `--komi`.
    Option,
    /// The rule set's default for the game's handicap (the record has no `KM`).
    Preset,
}

/// The komi to count with: `--komi` when given, else the record's `KM`, else the rule
/// set's default for `handicap` stones.
pub fn komi(
    rules: &RuleSet,
    record_komi: Option<f64>,
    handicap: u32,
    overridden: bool,
) -> (f64, KomiSource) {
    if overridden {
        (rules.komi_for(handicap), KomiSource::Option)
    } else {
        match record_komi {
            Some(k) if k.is_finite() => (k, KomiSource::Record),
            _ => (rules.komi_for(handicap), KomiSource::Preset),
        }
    }
}

/// What a count needs to know about the game besides its final position.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GameFacts {
    /// Handicap stones (`HA`); 0 and 1 mean an even game.
    pub handicap: u32,
    pub komi: f64,
    pub komi_source: KomiSource,
    /// Passes by colour over the whole game (index with [`Color::index`]).
    pub passes: [u32; 2],
    /// The game ended with two consecutive passes.
    pub ended_by_passes: bool,
    /// The colour of the last move.
    pub last_mover: Option<Color>,
    /// Among the final consecutive passes, the colour that passed first.
    pub first_final_passer: Option<Color>,
    /// The colour of the game's first pass (the button).
    pub first_passer: Option<Color>,
}

impl GameFacts {
    /// Handicap stones for the bonus: `HA` from two stones on, else none.
    fn handicap_stones(&self) -> u32 {
        if self.handicap >= 2 { self.handicap } else { 0 }
    }
}

/// One side's part of a count. `None` marks a part the rule set's counting does not use
/// (stones under territory counting, prisoners under area counting...), so a reader never
/// mistakes "not counted" for zero.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SideCount {
    /// Stones on the board once dead stones are taken off (area counting).
    pub stones: Option<u32>,
    /// Empty points reached only by this colour, the points of the opponent's dead stones
    /// included.
    pub territory: u32,
    /// Opponent stones captured during play (territory counting).
    pub captures: Option<u32>,
    /// Opponent dead stones taken off at the end (territory counting: prisoners too).
    pub dead: Option<u32>,
    /// One prisoner per opponent pass, White's owed last pass included (AGA, ACE, under
    /// territory counting).
    pub pass_stones: Option<u32>,
    /// Half of the neutral points, where the rules share them (Chinese, WMSG).
    pub neutral_share: Option<f64>,
    /// White's handicap bonus under area counting (N or N-1).
    pub handicap_bonus: Option<u32>,
    /// White's komi.
    pub komi: Option<f64>,
    /// Black's last-move point (WMSG): -1 when White passed first at the end.
    pub last_move: Option<f64>,
    /// Half a point for the first player to pass (button rules).
    pub button: Option<f64>,
    /// The sum of the parts above.
    pub total: f64,
}

impl SideCount {
    /// The prisoners of a territory count: captures plus dead stones.
    pub fn prisoners(&self) -> Option<u32> {
        match (self.captures, self.dead) {
            (Some(c), Some(d)) => Some(c + d),
            _ => None,
        }
    }

    fn sum(&mut self) {
        let whole = self.stones.unwrap_or(0)
            + self.territory
            + self.captures.unwrap_or(0)
            + self.dead.unwrap_or(0)
            + self.pass_stones.unwrap_or(0)
            + self.handicap_bonus.unwrap_or(0);
        self.total = f64::from(whole)
            + self.neutral_share.unwrap_or(0.0)
            + self.komi.unwrap_or(0.0)
            + self.last_move.unwrap_or(0.0)
            + self.button.unwrap_or(0.0);
    }
}

/// The Chinese count against half the board: Black wins when Black's area (stones,
/// surrounded points and half the neutral points) exceeds half of the board's points plus
/// half of White's komi and handicap bonus. On 19x19 with komi 7.5 that is
/// (361 + 7.5) / 2 = 184.25. Twice Black's excess is the point margin of the difference
/// method: with A the area of Black and P the board's points, White's area is P - A, so
/// A - (P - A) - komi - bonus = 2 (A - (P + komi + bonus) / 2).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct HalfBoard {
    /// Points on the board (361 on 19x19).
    pub board_points: u32,
    /// Half of them (180.5 on 19x19).
    pub half: f64,
    /// What Black's count is measured against: (points + komi + bonus) / 2.
    pub target: f64,
    /// Black's count: stones, surrounded points and shared neutral points.
    pub black_count: f64,
    /// `black_count - target`: positive when Black wins, in "stones" (half points of
    /// the difference method).
    pub black_excess: f64,
}

/// A count in full: the parts of each side's total and how they were found.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Count {
    pub counting: Counting,
    pub counting_base: CountingBase,
    pub komi_source: KomiSource,
    pub black: SideCount,
    pub white: SideCount,
    /// Empty points reached by both colours or by none (dame).
    pub neutral: u32,
    /// Empty points surrounded by one colour but not counted because they are inside a
    /// seki (Japanese and Korean counting).
    pub seki_points: u32,
    /// Eye points not counted because their owner must fill them before the game could
    /// end: a false eye, the connection of a chain in atari (Japanese and Korean
    /// territory counting).
    pub must_fill_points: u32,
    /// Chinese: the count against half the board.
    pub half_board: Option<HalfBoard>,
    /// Black's lead in points (negative when White leads).
    pub margin: f64,
    /// Sentences saying what was applied that is not plain arithmetic (White's owed pass,
    /// the last-move point, seki). Not serialised: the report's `notes` carry them.
    #[serde(skip)]
    pub notes: Vec<String>,
    /// Every point counted in `seki_points` and `must_fill_points`, in reading order, with
    /// why. Not serialised here: the report's `not_territory` carries it.
    #[serde(skip)]
    pub not_territory: Vec<NotTerritory>,
    /// The empty points counted as each colour's territory (index with
    /// [`Color::index`]), in reading order: what a record's TB/TW marks are compared with.
    #[serde(skip)]
    pub territory_points: [Vec<Point>; 2],
    /// What cannot stand in the position as counted (the settling's findings): each
    /// becomes an `unsettled` finding.
    #[serde(skip)]
    pub unsettled: Vec<Unsettled>,
}

/// An empty point surrounded by one colour that the count gives to nobody, and why.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NotTerritory {
    /// An eye point of a chain in seki (Japanese rules, article 8: the eye points of
    /// stones in seki are not territory).
    Seki { point: Point, color: Color },
    /// An eye point its owner must fill: a false eye, or the connection a chain in atari
    /// needs (article 7: stones that can be captured are not yet alive).
    MustFill(MustFill),
    /// An eye point of stones counted alive that the opponent captures whoever moves
    /// first (article 7: they are not alive, so their eye points are no one's).
    NotAlive { point: Point, color: Color },
}

impl NotTerritory {
    /// The point.
    pub fn point(&self) -> Point {
        match self {
            NotTerritory::Seki { point, .. } | NotTerritory::NotAlive { point, .. } => *point,
            NotTerritory::MustFill(m) => m.point,
        }
    }

    /// The colour that surrounds the point.
    pub fn color(&self) -> Color {
        match self {
            NotTerritory::Seki { color, .. } | NotTerritory::NotAlive { color, .. } => *color,
            NotTerritory::MustFill(m) => m.color,
        }
    }

    /// The reason's stable name, as in JSON: `seki`, `atari`, `teire`, `false-eye`,
    /// `false-eye-chain`, `not-alive`.
    pub fn reason(&self) -> &'static str {
        match self {
            NotTerritory::Seki { .. } => "seki",
            NotTerritory::NotAlive { .. } => "not-alive",
            NotTerritory::MustFill(m) => m.reason.as_str(),
        }
    }

    /// One sentence saying why, points in `D4` form for a board of `height` rows.
    pub fn describe(&self, height: u8) -> String {
        match self {
            NotTerritory::Seki { point, color } => format!(
                "{} is not {}'s territory: it is an eye point of a chain in seki",
                point.to_d4(height),
                color.name()
            ),
            NotTerritory::MustFill(m) => m.describe(height),
            NotTerritory::NotAlive { point, color } => format!(
                "{} is not {}'s territory: the {} stones around it can be captured whoever \
                 moves first",
                point.to_d4(height),
                color.name(),
                color.name().to_ascii_lowercase()
            ),
        }
    }
}

/// Count the final position `board` under `rules`, with `dead` taken off first (each
/// point names one stone; points without a stone are ignored). The end is settled here;
/// [`count_settled`] takes a settlement already made.
pub fn count(board: &Board, dead: &[Point], rules: &RuleSet, facts: &GameFacts) -> Count {
    count_settled(board, dead, &settle::settle(board, dead), rules, facts)
}

/// Whether a count under `rules` reads more of the settling than the class of each point:
/// the seki's eyes (Japanese-style rule sets count no point in seki), and under territory
/// counting the points to fill.
pub fn needs_settling(rules: &RuleSet) -> bool {
    rules.seki == SekiPoints::NotCounted
}

/// [`count`] with the end already settled: `settled` is
/// [`settle::settle`]`(board, dead)`.
pub fn count_settled(
    board: &Board,
    dead: &[Point],
    settled: &Settlement,
    rules: &RuleSet,
    facts: &GameFacts,
) -> Count {
    let mut notes = Vec::new();
    let (position, dead_of) = take_off(board, dead);
    let mut areas = Areas::of(settled, rules, &mut notes);

    let area = rules.counting == Counting::Area;
    let side = |color: Color| {
        let me = color.index();
        let them = color.opponent().index();
        SideCount {
            stones: area.then(|| position.stones(color)),
            territory: areas.territory[me],
            captures: (!area).then(|| board.removed(color.opponent())),
            dead: (!area).then_some(dead_of[them]),
            pass_stones: None,
            neutral_share: None,
            handicap_bonus: None,
            komi: None,
            last_move: None,
            button: None,
            total: 0.0,
        }
    };
    let mut black = side(Color::Black);
    let mut white = side(Color::White);
    if rules.neutral == NeutralPoints::Shared {
        let share = f64::from(areas.neutral) / 2.0;
        black.neutral_share = Some(share);
        white.neutral_share = Some(share);
    }
    pass_rule_parts(rules, facts, &mut black, &mut white, &mut notes);
    if area && rules.handicap_bonus != HandicapBonus::None {
        white.handicap_bonus = Some(handicap_bonus(rules, facts));
    }
    white.komi = Some(facts.komi);
    black.sum();
    white.sum();

    let (margin, half_board) = match rules.counting_base {
        CountingBase::Difference => (black.total - white.total, None),
        CountingBase::HalfBoard => {
            let half = HalfBoard::of(board, &black, &white, facts.komi);
            notes.extend(half.notes(rules, areas.neutral, facts.komi, &white));
            (2.0 * half.black_excess, Some(half))
        }
    };
    Count {
        counting: rules.counting,
        counting_base: rules.counting_base,
        komi_source: facts.komi_source,
        black,
        white,
        neutral: areas.neutral,
        seki_points: areas.seki_points,
        must_fill_points: areas.must_fill_points,
        half_board,
        margin,
        notes,
        not_territory: std::mem::take(&mut areas.not_territory),
        territory_points: std::mem::take(&mut areas.points),
        unsettled: settled.unsettled.clone(),
    }
}

/// `board` with the `dead` stones taken off, and how many of each colour were.
fn take_off(board: &Board, dead: &[Point]) -> (Board, [u32; 2]) {
    let mut position = board.clone();
    let mut dead_of = [0u32; 2];
    for &p in dead {
        if let Some(stone) = position.get(p)
            && position.set(p, None).is_ok()
        {
            dead_of[stone.index()] += 1;
        }
    }
    (position, dead_of)
}

/// The empty points of a position, by whom they count for.
struct Areas {
    /// Points surrounded by one colour and counted for it.
    territory: [u32; 2],
    /// Points reached by both colours or by none.
    neutral: u32,
    /// Points surrounded by one colour but inside a seki, where the rule set counts them
    /// for nobody.
    seki_points: u32,
    /// Points surrounded by one colour that their owner must fill.
    must_fill_points: u32,
    /// The points of `seki_points` and `must_fill_points`, with why.
    not_territory: Vec<NotTerritory>,
    /// The points of `territory`, by colour, in reading order.
    points: [Vec<Point>; 2],
}

/// Each point's owner in the count of `board` under `rules` with `dead` taken off, row by
/// row from the top: the colour an empty point (a dead stone's point included) counts for,
/// `None` for the stones left on the board, neutral points, and the points the rule set
/// counts for nobody (inside a seki, eye points that must be filled). These are the
/// points [`count`] adds up, for drawing.
pub fn owners(board: &Board, dead: &[Point], rules: &RuleSet) -> Vec<Option<Color>> {
    let width = usize::from(board.width());
    let mut owners = vec![None; width * usize::from(board.height())];
    let areas = Areas::of(&settle::settle(board, dead), rules, &mut Vec::new());
    for color in [Color::Black, Color::White] {
        for p in &areas.points[color.index()] {
            if let Some(o) = owners.get_mut(usize::from(p.y) * width + usize::from(p.x)) {
                *o = Some(color);
            }
        }
    }
    owners
}

impl Areas {
    /// The empty points of the settled final position, each counted for its colour or
    /// for nobody. Under [`SekiPoints::NotCounted`], the seki's eyes count for nobody,
    /// and under territory counting neither do the eye points their owner must fill and
    /// the eye points of stones that cannot live (area counting is unchanged by them: a
    /// filled eye point is a stone of the same colour).
    fn of(settled: &Settlement, rules: &RuleSet, notes: &mut Vec<String>) -> Areas {
        let class = &settled.class;
        let position = &settled.position;
        let height = position.height();
        let mut owner: Vec<Option<Color>> = class.iter().map(|&c| surrounded_by(c)).collect();
        let mut areas = Areas {
            territory: [0; 2],
            neutral: 0,
            seki_points: 0,
            must_fill_points: 0,
            not_territory: Vec::new(),
            points: [Vec::new(), Vec::new()],
        };
        if rules.seki == SekiPoints::NotCounted {
            for &point in &settled.seki.eyes {
                let slot = position.index(point).and_then(|i| owner.get_mut(i));
                if let Some(color) = slot.and_then(Option::take) {
                    areas.seki_points += 1;
                    areas
                        .not_territory
                        .push(NotTerritory::Seki { point, color });
                }
            }
            if areas.seki_points > 0 {
                let eyes: Vec<String> = areas
                    .not_territory
                    .iter()
                    .map(|n| n.point().to_d4(height))
                    .collect();
                notes.push(format!(
                    "{} empty point{} inside seki counted for nobody: {}",
                    areas.seki_points,
                    plural(areas.seki_points),
                    eyes.join(", ")
                ));
            }
        }
        // Only the Japanese-style rules (no points in seki) settle the end as a referee
        // does; the others count the position as it stands (AGA's territory counting
        // must agree with its area counting): there the points that dead stones not yet
        // surrounded leave are dame, as before their capture.
        let settles = rules.counting == Counting::Territory && rules.seki == SekiPoints::NotCounted;
        if settles {
            for m in &settled.must_fill {
                let slot = position.index(m.point).and_then(|i| owner.get_mut(i));
                if let Some(slot) = slot.filter(|o| **o == Some(m.color)) {
                    *slot = None;
                    areas.must_fill_points += 1;
                    areas.not_territory.push(NotTerritory::MustFill(*m));
                    notes.push(m.describe(height));
                }
            }
            for &point in &settled.not_alive {
                let slot = position.index(point).and_then(|i| owner.get_mut(i));
                if let Some(color) = slot.and_then(Option::take) {
                    areas.must_fill_points += 1;
                    let n = NotTerritory::NotAlive { point, color };
                    notes.push(n.describe(height));
                    areas.not_territory.push(n);
                }
            }
        } else {
            for &point in &settled.captured {
                let slot = position.index(point).and_then(|i| owner.get_mut(i));
                if slot.and_then(Option::take).is_some() {
                    areas.neutral += 1;
                }
            }
        }
        areas
            .not_territory
            .sort_by_key(|n| (n.point().y, n.point().x));
        let width = usize::from(position.width());
        for (i, &c) in class.iter().enumerate() {
            match (c, owner[i]) {
                (Class::Stone, _) => {}
                (_, Some(color)) => {
                    areas.territory[color.index()] += 1;
                    areas.points[color.index()].push(point_at(i, width));
                }
                (Class::Dame | Class::Void, None) => areas.neutral += 1,
                (Class::Eye(_), None) => {}
            }
        }
        areas
    }
}

/// The points of each colour's territory in the final position `board` with `dead` taken
/// off, indexed by [`Color::index`]: the empty points [`count`] counts for that colour,
/// the points of the dead stones among them, in reading order. This is what SGF's `TB`
/// and `TW` mark.
pub fn territory(board: &Board, dead: &[Point], rules: &RuleSet) -> [Vec<Point>; 2] {
    Areas::of(&settle::settle(board, dead), rules, &mut Vec::new()).points
}

/// The parts the rule set's pass rule adds: pass stones (territory counting), the
/// last-move point, or the button.
fn pass_rule_parts(
    rules: &RuleSet,
    facts: &GameFacts,
    black: &mut SideCount,
    white: &mut SideCount,
    notes: &mut Vec<String>,
) {
    match rules.pass_rule {
        PassRule::Plain => {}
        PassRule::PassStonesWhiteLast => {
            let owed = facts.ended_by_passes && facts.last_mover == Some(Color::Black);
            if rules.counting == Counting::Area {
                if owed {
                    notes.push(
                        "Black passed last: White owes the last pass, which changes nothing under area counting"
                            .to_string(),
                    );
                }
            } else {
                let extra = u32::from(owed);
                black.pass_stones = Some(facts.passes[Color::White.index()] + extra);
                white.pass_stones = Some(facts.passes[Color::Black.index()]);
                if owed {
                    notes.push(
                        "Black passed last: White's owed last pass was added (one more prisoner for Black)"
                            .to_string(),
                    );
                }
            }
        }
        PassRule::LastMovePoint => {
            let white_first =
                facts.ended_by_passes && facts.first_final_passer == Some(Color::White);
            black.last_move = Some(if white_first { -1.0 } else { 0.0 });
            if white_first {
                notes.push(
                    "White passed first at the end, so Black made the last play: one point is taken from Black"
                        .to_string(),
                );
            }
        }
        PassRule::Button => {
            let button = |color| {
                if facts.first_passer == Some(color) {
                    0.5
                } else {
                    0.0
                }
            };
            black.button = Some(button(Color::Black));
            white.button = Some(button(Color::White));
        }
    }
}

/// White's handicap bonus: N or N-1 points for N handicap stones.
fn handicap_bonus(rules: &RuleSet, facts: &GameFacts) -> u32 {
    let handicap = facts.handicap_stones();
    match rules.handicap_bonus {
        HandicapBonus::None => 0,
        HandicapBonus::N => handicap,
        HandicapBonus::NMinusOne => handicap.saturating_sub(1),
    }
}

impl HalfBoard {
    /// Black's count against half the board, White's compensation (komi and any bonus
    /// counted) split in half.
    fn of(board: &Board, black: &SideCount, white: &SideCount, komi: f64) -> HalfBoard {
        let points = u32::from(board.width()) * u32::from(board.height());
        // Black's own figures, without White's compensation.
        let black_count = black.total;
        let bonus = white.handicap_bonus.unwrap_or(0);
        let target = (f64::from(points) + komi + f64::from(bonus)) / 2.0;
        HalfBoard {
            board_points: points,
            half: f64::from(points) / 2.0,
            target,
            black_count,
            black_excess: black_count - target,
        }
    }

    /// The sentences that show the arithmetic.
    fn notes(&self, rules: &RuleSet, neutral: u32, komi: f64, white: &SideCount) -> Vec<String> {
        let points = self.board_points;
        let bonus = white.handicap_bonus.unwrap_or(0);
        let mut notes = vec![format!(
            "against half the board: Black counts {} of {points} points and needs more than ({points} + {}{}) / 2 = {}",
            format_points(self.black_count),
            format_points(komi),
            if bonus > 0 {
                format!(" + {bonus}")
            } else {
                String::new()
            },
            format_points(self.target)
        )];
        if rules.neutral != NeutralPoints::Shared && neutral > 0 {
            notes.push(
                "neutral points are not shared, so the half-board count gives them to White"
                    .to_string(),
            );
        }
        notes
    }
}

/// The colour that alone surrounds an empty point of class `class`.
fn surrounded_by(class: Class) -> Option<Color> {
    match class {
        Class::Eye(color) => Some(color),
        _ => None,
    }
}

/// The point of index `i`, row by row from the top, on a board `width` points wide.
fn point_at(i: usize, width: usize) -> Point {
    // Both are below the board's sides, at most 25.
    Point::new((i % width) as u8, (i / width) as u8)
}

#[cfg(test)]
#[path = "score_tests.rs"]
mod tests;
