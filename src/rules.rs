//! Rule sets: every choice a rule document makes about legality, counting and penalties,
//! each as an enum, gathered in one [`RuleSet`] value, with the named presets that
//! `docs/rules.md` describes. Reading `RU` as records write it is `rules/ru.rs`'s job.
//!
//! What this module guarantees:
//!
//! - A preset is a plain value, built from one table: [`RuleSet::preset`] knows every
//!   preset and alias, and [`presets`] lists them in canonical order.
//! - A rule set prints as one line and reads back equal: `aga` for an untouched preset,
//!   `aga+ko=positional+komi=6.5` once knobs are overridden ([`RuleSet`]'s `Display` and
//!   `FromStr`). The same value round-trips through serde.
//! - [`RuleSet::from_ru`] reads the `RU` spellings of records (`Japanese`, `New Zealand`,
//!   `GOE`, KataGo's `koPOSITIONALscoreAREA...`), case-insensitively, and answers `None`
//!   for anything it does not recognise; the caller decides what to fall back to.
//! - Nothing here panics on input: unknown text gives `None` or a [`ParseRulesError`].

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::point::MAX_SIZE;
pub use choice::{Resolved, RulesChoice, RulesOrigin};
use ru::{from_place, from_ru_plain};

mod choice;
mod katago;
mod ru;

/// Why a rule set, or one of its knobs, could not be read from text. Each variant
/// carries the text that was wrong; the valid choices are [`preset_names`] (a rule set),
/// [`KNOBS`] (a knob) and `choices` (a knob's value).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseRulesError {
    /// Neither a preset, an alias, nor an `RU` value goref recognises.
    #[error(
        "unknown rule set `{name}`{}: use a preset ({presets}), an alias such as `jp`, or an RU value such as `New Zealand`",
        did_you_mean(*.suggestion),
        presets = preset_names().join(", ")
    )]
    UnknownRuleSet {
        name: String,
        /// The preset or alias closest to `name`, when one is close.
        suggestion: Option<&'static str>,
    },
    /// An override names no knob of [`RuleSet`].
    #[error(
        "unknown rule set knob `{knob}`{}: the knobs are {knobs}",
        did_you_mean(*.suggestion),
        knobs = KNOBS.join(", ")
    )]
    UnknownKnob {
        knob: String,
        /// The knob closest to `knob`, when one is close.
        suggestion: Option<&'static str>,
    },
    /// An override without `=`.
    #[error("`+{text}` is not an override: write `+knob=value`, e.g. `+komi=6.5`")]
    MissingValue { text: String },
    /// A knob's value is not one of its names.
    #[error("`{value}` is not a {what}{}: expected {expected}", did_you_mean(closest(.value, .choices.iter().copied())))]
    BadValue {
        /// What the value should have named: `ko rule`, `komi`...
        what: &'static str,
        value: String,
        /// The valid values in words.
        expected: String,
        /// The valid names when the knob takes one of a list (empty for a number, a list
        /// of sizes or a time control).
        choices: &'static [&'static str],
    },
}

/// ` (did you mean `NAME`?)`, or nothing.
fn did_you_mean(suggestion: Option<&str>) -> String {
    suggestion
        .map(|name| format!(" (did you mean `{name}`?)"))
        .unwrap_or_default()
}

/// The name a misspelt `word` most likely meant ([`crate::words::closest`]), compared in
/// the form names are read in.
fn closest(word: &str, candidates: impl Iterator<Item = &'static str>) -> Option<&'static str> {
    crate::words::closest(&normalise_word(word), candidates)
}

/// Lower-case, trimmed, with `_` and spaces read as `-`: the form names are compared in.
fn normalise_word(s: &str) -> String {
    s.trim()
        .chars()
        .map(|c| match c {
            '_' | ' ' => '-',
            c => c.to_ascii_lowercase(),
        })
        .collect()
}

/// Gives a knob enum its one name per value (the serde name), `Display`, and a `FromStr`
/// that accepts the name and a few aliases, case-insensitively.
macro_rules! names {
    ($what:literal, $ty:ident { $($variant:ident: $name:literal $(, $alias:literal)*;)+ }) => {
        impl $ty {
            /// Every value, in declaration order.
            pub const ALL: &'static [$ty] = &[$($ty::$variant),+];

            /// The value's name, as `Display`, `FromStr` and serde write it.
            pub fn as_str(self) -> &'static str {
                match self {
                    $($ty::$variant => $name),+
                }
            }
        }

        impl fmt::Display for $ty {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl FromStr for $ty {
            type Err = ParseRulesError;

            fn from_str(s: &str) -> Result<Self, Self::Err> {
                let word = normalise_word(s);
                $(
                    if word == $name $(|| word == $alias)* {
                        return Ok($ty::$variant);
                    }
                )+
                Err(ParseRulesError::BadValue {
                    what: $what,
                    value: s.trim().to_string(),
                    expected: [$(concat!("`", $name, "`")),+].join(", "),
                    choices: &[$($name),+],
                })
            }
        }
    };
}

/// Which repetitions of a position are forbidden.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum KoRule {
    /// Only the immediate recapture of a single-stone ko is forbidden (Japanese and
    /// Korean rules, the SJTU contest's "simple ko only").
    Simple,
    /// No play may recreate an earlier board position, whoever is to move (Chinese
    /// "global same shape", WMSG 2008, Tromp-Taylor).
    Positional,
    /// No play may recreate an earlier (board, player to move) pair; positions after
    /// passes count too. The first reading of situational superko in docs/rules.md, used
    /// by the AGA rules (1991 and current), ACE and NZ.
    Situational,
    /// No stone play may recreate a position that the same player created with an
    /// earlier stone play ("natural" situational superko, the second reading).
    NaturalSituational,
}

names!("ko rule", KoRule {
    Simple: "simple", "simple-ko";
    Positional: "positional", "psk", "positional-superko";
    Situational: "situational", "ssk", "situational-superko";
    NaturalSituational: "natural-situational", "nssk", "natural", "natural-situational-superko";
});

/// Whether a play may leave its own chain without liberties.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Suicide {
    /// Suicide is illegal ("forbidden points" in the Chinese and WMSG rules).
    Forbidden,
    /// A play may remove its own chain, multi-stone suicide included (NZ, Tromp-Taylor,
    /// Ing).
    Allowed,
}

names!("suicide rule", Suicide {
    Forbidden: "forbidden", "no", "illegal", "forbid", "0";
    Allowed: "allowed", "yes", "legal", "allow", "1";
});

/// How the score is counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Counting {
    /// Stones on the board plus empty points surrounded by one colour.
    Area,
    /// Surrounded empty points plus prisoners (plus pass stones where the rule set has
    /// them).
    Territory,
}

names!("counting method", Counting {
    Area: "area";
    Territory: "territory";
});

/// What a side's count is measured against.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CountingBase {
    /// The two sides' counts are compared, komi added to White's.
    Difference,
    /// Black's area is compared with half the board plus half the komi: the Chinese
    /// rules' "area counting against half the board" (180.5 points on 19x19, so with
    /// komi 7.5 Black needs more than 184.25). The winner is the same as with
    /// [`CountingBase::Difference`] when neutral points are shared; the margin is half.
    HalfBoard,
}

names!("counting base", CountingBase {
    Difference: "difference";
    HalfBoard: "half-board";
});

/// Empty points inside a seki.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SekiPoints {
    /// An empty point surrounded by one colour counts for it, in seki or not.
    Counted,
    /// No points are counted inside a seki (Japanese and Korean territory counting).
    NotCounted,
}

names!("seki rule", SekiPoints {
    Counted: "counted";
    NotCounted: "not-counted";
});

/// Which stones are taken off the board before counting.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DeadStoneRule {
    /// The stones the players agree are dead are removed (where a record keeps them, or
    /// an estimate when it does not).
    Agreed,
    /// Every stone on the board at the end is alive: Tromp-Taylor counts the final
    /// position as it stands.
    AllAlive,
}

names!("dead-stone rule", DeadStoneRule {
    Agreed: "agreed";
    AllAlive: "all-alive";
});

/// Who wins when the counts are equal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Tie {
    /// Equal counts are a draw (jigo). Only an integer komi makes one possible.
    Draw,
    /// Equal counts are a win for Black: Ing's komi of 8 points "Black wins ties".
    BlackWins,
}

names!("tie rule", Tie {
    Draw: "draw", "jigo";
    BlackWins: "black-wins";
});

/// White's compensation for handicap stones under area counting.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum HandicapBonus {
    None,
    /// One point per handicap stone (Chinese practice, Ing).
    N,
    /// One point per handicap stone after the first (AGA, ACE).
    NMinusOne,
}

names!("handicap bonus", HandicapBonus {
    None: "none", "0", "zero";
    N: "n";
    NMinusOne: "n-minus-one", "n-1";
});

/// Pass stones and who must make the last move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PassRule {
    /// A pass is just a pass.
    Plain,
    /// A pass hands the opponent a prisoner, and White makes the last move (AGA, ACE).
    PassStonesWhiteLast,
    /// No pass stones; if White passed first at the end, Black loses one point (WMSG 2008).
    LastMovePoint,
    /// The first player to pass receives half a point (the "button" of KataGo's
    /// `aga-button` rules and of `button1` in its rule strings). No preset uses it.
    Button,
}

names!("pass rule", PassRule {
    Plain: "plain";
    PassStonesWhiteLast: "pass-stones-white-last", "pass-stones";
    LastMovePoint: "last-move-point";
    Button: "button";
});

/// Empty points that border both colours at the end.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum NeutralPoints {
    Nobody,
    /// Shared half and half (Chinese, WMSG).
    Shared,
}

names!("neutral-point rule", NeutralPoints {
    Nobody: "nobody";
    Shared: "shared";
});

/// What happens to a player who makes an illegal move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum IllegalMove {
    /// The move stands unless noted before the reply; if noted, it is taken back and
    /// treated as a pass (AGA). A record cannot show what was noted, so goref reads it
    /// as: an illegal move the opponent replied to stands (no penalty); an illegal last
    /// move, which nobody could reply to, is taken back as a pass.
    StandsUnlessNoted,
    /// Taken back and treated as a pass (ACE).
    TreatedAsPass,
    /// Void; the player forfeits the turn (Chinese: a play on a forbidden point or an
    /// immediate ko retake).
    Void,
    /// The player loses the game.
    Loss,
    /// The rule set says nothing: reported, no penalty applied.
    Reported,
}

names!("illegal-move rule", IllegalMove {
    StandsUnlessNoted: "stands-unless-noted";
    TreatedAsPass: "treated-as-pass", "pass";
    Void: "void";
    Loss: "loss";
    Reported: "reported";
});

/// What a cycle that repeats without end leads to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Cycle {
    /// Superko makes endless cycles impossible.
    Impossible,
    /// A draw (SJTU; Chinese, where a referee may also order a replay).
    Draw,
    /// No result (Japanese and Korean triple ko, eternal life...).
    NoResult,
}

names!("cycle rule", Cycle {
    Impossible: "impossible";
    Draw: "draw";
    NoResult: "no-result";
});

/// Time control of the founding document.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TimeControl {
    /// Not fixed by the rule set.
    Unspecified,
    /// Absolute time per player, seconds.
    Absolute(f64),
    /// A limit per move, seconds.
    PerMove(f64),
}

impl fmt::Display for TimeControl {
    /// `unspecified`, `absolute:1800` or `per-move:3` (seconds).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeControl::Unspecified => f.write_str("unspecified"),
            TimeControl::Absolute(s) => write!(f, "absolute:{s}"),
            TimeControl::PerMove(s) => write!(f, "per-move:{s}"),
        }
    }
}

impl FromStr for TimeControl {
    type Err = ParseRulesError;

    /// Reads what `Display` writes; `none` is read as `unspecified`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let word = normalise_word(s);
        let bad = || ParseRulesError::BadValue {
            what: "time control",
            value: s.trim().to_string(),
            expected: "`unspecified`, `absolute:SECONDS` or `per-move:SECONDS`".to_string(),
            choices: &[],
        };
        if word == "unspecified" || word == "none" {
            return Ok(TimeControl::Unspecified);
        }
        let (kind, seconds) = word.split_once(':').ok_or_else(bad)?;
        let seconds: f64 = seconds.parse().map_err(|_| bad())?;
        if !seconds.is_finite() || seconds < 0.0 {
            return Err(bad());
        }
        match kind {
            "absolute" => Ok(TimeControl::Absolute(seconds)),
            "per-move" => Ok(TimeControl::PerMove(seconds)),
            _ => Err(bad()),
        }
    }
}

/// The knobs of a rule set, in the order [`RuleSet::knobs`] lists them and `Display`
/// writes overrides. Each is the kebab-case name of a [`RuleSet`] field.
pub const KNOBS: [&str; 18] = [
    "ko",
    "suicide",
    "counting",
    "counting-alternative",
    "counting-base",
    "seki",
    "dead-stones",
    "komi",
    "handicap-komi",
    "tie",
    "handicap-bonus",
    "pass-rule",
    "neutral",
    "illegal",
    "out-of-turn",
    "cycle",
    "sizes",
    "time",
];

/// A complete rule set. Presets are values of this type; every knob is an enum.
///
/// `Display` writes the preset the value starts from, then `+knob=value` for every knob
/// that differs from it, in [`KNOBS`] order: `aga`, `aga+ko=positional+komi=6.5`.
/// `FromStr` reads that, preset names, aliases and every `RU` form [`RuleSet::from_ru`]
/// knows. Knob values are the names of [`KoRule`], [`Suicide`]... as serde writes them;
/// numbers are plain decimals; `sizes` is `any` or a comma-separated list such as
/// `9,13,19`; `time` is as [`TimeControl`] prints; `counting-alternative` may be `none`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RuleSet {
    /// Preset name, e.g. `aga`, with `+ko=...` style suffixes when overridden: always
    /// the value's `Display` form for values this module builds (see
    /// [`RuleSet::renamed`] after changing fields by hand).
    pub name: String,
    pub ko: KoRule,
    pub suicide: Suicide,
    /// The counting method the rule set uses unless the players agree otherwise.
    pub counting: Counting,
    /// A second method the rule set allows by agreement (AGA: area or territory, with
    /// the same winner by design; ACE: area if agreed). `None`: only one method.
    pub counting_alternative: Option<Counting>,
    /// What the count is measured against (Chinese: half the board).
    pub counting_base: CountingBase,
    /// Whether empty points inside a seki count.
    pub seki: SekiPoints,
    /// Which stones are removed before counting.
    pub dead_stones: DeadStoneRule,
    /// Komi of an even game.
    pub komi: f64,
    /// Komi of a handicap game.
    pub handicap_komi: f64,
    /// Who wins equal counts.
    pub tie: Tie,
    pub handicap_bonus: HandicapBonus,
    pub pass_rule: PassRule,
    pub neutral: NeutralPoints,
    /// What happens after a play on an occupied or forbidden point, a ko or superko
    /// violation, or suicide where it is forbidden.
    pub illegal: IllegalMove,
    /// What happens to a player who moves twice in a row (Chinese: loses the game,
    /// where other illegal moves are void).
    pub out_of_turn: IllegalMove,
    pub cycle: Cycle,
    /// Board sizes the rule set is written for (square sides); empty = any.
    pub sizes: Vec<u8>,
    pub time: TimeControl,
}

/// One row of the preset table.
struct Preset {
    name: &'static str,
    aliases: &'static [&'static str],
    source: &'static str,
    build: fn() -> RuleSet,
}

/// The presets in canonical order (the table of docs/rules.md).
static PRESETS: [Preset; 15] = [
    Preset {
        name: "aga",
        aliases: &["us", "american"],
        source: "The AGA Rules of Go as the American Go Association publishes them today (komi 7.5).",
        build: aga,
    },
    Preset {
        name: "aga-1991",
        aliases: &[],
        source: "The Official AGA Rules of Go of 1 September 1991 (komi 5.5).",
        build: aga_1991,
    },
    Preset {
        name: "ace",
        aliases: &[],
        source: "The \"Go Elimination/Performance Event\" rules, an AGA-derived student contest on 13x13.",
        build: ace,
    },
    Preset {
        name: "wmsg",
        aliases: &[],
        source: "The Go rules of the World Mind Sports Games, 2008.",
        build: wmsg,
    },
    Preset {
        name: "chinese",
        aliases: &["cn", "zh"],
        source: "The Chinese Rules of Go (national rules with referee law), with the 7.5-point komi of the 2002 rules.",
        build: chinese,
    },
    Preset {
        name: "sjtu",
        aliases: &[],
        source: "The SJTU computer-Go contest specification, 2011.",
        build: sjtu,
    },
    Preset {
        name: "japanese",
        aliases: &["jp"],
        source: "The Japanese Rules of Go (Nihon Ki-in, 1989) with professional practice for illegal moves.",
        build: japanese,
    },
    Preset {
        name: "korean",
        aliases: &["ko"],
        source: "The Korean rules, which play and count as the Japanese rules do.",
        build: korean,
    },
    Preset {
        name: "nz",
        aliases: &[],
        source: "The New Zealand rules of Go (area counting, integer komi, suicide allowed).",
        build: nz,
    },
    Preset {
        name: "tromp-taylor",
        aliases: &["tt"],
        source: "John Tromp and Bill Taylor's concise logical rules of Go.",
        build: tromp_taylor,
    },
    Preset {
        name: "ing",
        aliases: &["goe"],
        source: "Ing Chang-ki's SST Laws of Wei-ch'i (the Ing rules, SGF's `GOE`), approximated.",
        build: ing,
    },
    Preset {
        name: "cgos",
        aliases: &[],
        source: "The Computer Go Server (CGOS): Tromp-Taylor with suicide forbidden and positional superko, games played out.",
        build: cgos,
    },
    Preset {
        name: "kgs-computer",
        aliases: &[],
        source: "The KGS computer Go tournaments: Chinese (area) rules read as positional superko.",
        build: kgs_computer,
    },
    Preset {
        name: "olympiad",
        aliases: &[],
        source: "The ICGA Computer Olympiad Go rules: the Chinese rules with long cycles a draw.",
        build: olympiad,
    },
    Preset {
        name: "uec",
        aliases: &[],
        source: "The UEC Cup computer Go rules: the Japanese rules of 1989, 30 minutes, 400 moves, the first illegal move loses.",
        build: uec,
    },
];

/// `aga`: area or territory, situational superko, pass stones, White moves last, bonus
/// N-1, komi 7.5 (0.5 with handicap), 9x9/13x13/19x19.
fn aga() -> RuleSet {
    RuleSet {
        name: "aga".to_string(),
        ko: KoRule::Situational,
        suicide: Suicide::Forbidden,
        counting: Counting::Area,
        counting_alternative: Some(Counting::Territory),
        counting_base: CountingBase::Difference,
        seki: SekiPoints::Counted,
        dead_stones: DeadStoneRule::Agreed,
        komi: 7.5,
        handicap_komi: 0.5,
        tie: Tie::Draw,
        handicap_bonus: HandicapBonus::NMinusOne,
        pass_rule: PassRule::PassStonesWhiteLast,
        neutral: NeutralPoints::Nobody,
        illegal: IllegalMove::StandsUnlessNoted,
        out_of_turn: IllegalMove::StandsUnlessNoted,
        cycle: Cycle::Impossible,
        sizes: vec![9, 13, 19],
        time: TimeControl::Unspecified,
    }
}

/// `aga-1991`: as `aga` with the 1991 komi of 5.5.
fn aga_1991() -> RuleSet {
    RuleSet {
        name: "aga-1991".to_string(),
        komi: 5.5,
        ..aga()
    }
}

/// `ace`: 13x13, territory with pass stones (area if agreed), situational superko, an
/// illegal move is taken back as a pass, 30 minutes absolute per player.
fn ace() -> RuleSet {
    RuleSet {
        name: "ace".to_string(),
        counting: Counting::Territory,
        counting_alternative: Some(Counting::Area),
        illegal: IllegalMove::TreatedAsPass,
        out_of_turn: IllegalMove::TreatedAsPass,
        sizes: vec![13],
        time: TimeControl::Absolute(1800.0),
        ..aga()
    }
}

/// `wmsg`: area, neutral points shared, positional superko, Black -1 if White passed
/// first, komi 6.5.
fn wmsg() -> RuleSet {
    RuleSet {
        name: "wmsg".to_string(),
        ko: KoRule::Positional,
        suicide: Suicide::Forbidden,
        counting: Counting::Area,
        counting_alternative: None,
        counting_base: CountingBase::Difference,
        seki: SekiPoints::Counted,
        dead_stones: DeadStoneRule::Agreed,
        komi: 6.5,
        handicap_komi: 0.5,
        tie: Tie::Draw,
        handicap_bonus: HandicapBonus::None,
        pass_rule: PassRule::LastMovePoint,
        neutral: NeutralPoints::Shared,
        illegal: IllegalMove::Reported,
        out_of_turn: IllegalMove::Reported,
        cycle: Cycle::Impossible,
        sizes: vec![19],
        time: TimeControl::Unspecified,
    }
}

/// `chinese`: area against half the board, neutral points shared, positional superko,
/// illegal moves void but two moves in a row lose, bonus N, komi 7.5 (0 with handicap).
fn chinese() -> RuleSet {
    RuleSet {
        name: "chinese".to_string(),
        ko: KoRule::Positional,
        suicide: Suicide::Forbidden,
        counting: Counting::Area,
        counting_alternative: None,
        counting_base: CountingBase::HalfBoard,
        seki: SekiPoints::Counted,
        dead_stones: DeadStoneRule::Agreed,
        komi: 7.5,
        handicap_komi: 0.0,
        tie: Tie::Draw,
        handicap_bonus: HandicapBonus::N,
        pass_rule: PassRule::Plain,
        neutral: NeutralPoints::Shared,
        illegal: IllegalMove::Void,
        out_of_turn: IllegalMove::Loss,
        cycle: Cycle::Draw,
        sizes: vec![19],
        time: TimeControl::Unspecified,
    }
}

/// `sjtu`: 13x13, area, simple ko, endless repetition a draw, any illegal move loses,
/// 3 seconds per move, komi 6.5.
fn sjtu() -> RuleSet {
    RuleSet {
        name: "sjtu".to_string(),
        ko: KoRule::Simple,
        suicide: Suicide::Forbidden,
        counting: Counting::Area,
        counting_alternative: None,
        counting_base: CountingBase::Difference,
        seki: SekiPoints::Counted,
        dead_stones: DeadStoneRule::Agreed,
        komi: 6.5,
        handicap_komi: 0.5,
        tie: Tie::Draw,
        handicap_bonus: HandicapBonus::None,
        pass_rule: PassRule::Plain,
        neutral: NeutralPoints::Nobody,
        illegal: IllegalMove::Loss,
        out_of_turn: IllegalMove::Loss,
        cycle: Cycle::Draw,
        sizes: vec![13],
        time: TimeControl::PerMove(3.0),
    }
}

/// `japanese`: territory plus prisoners, no points in seki, simple ko, an illegal move
/// loses, endless cycles no result, komi 6.5 (0.5 with handicap).
fn japanese() -> RuleSet {
    RuleSet {
        name: "japanese".to_string(),
        ko: KoRule::Simple,
        suicide: Suicide::Forbidden,
        counting: Counting::Territory,
        counting_alternative: None,
        counting_base: CountingBase::Difference,
        seki: SekiPoints::NotCounted,
        dead_stones: DeadStoneRule::Agreed,
        komi: 6.5,
        handicap_komi: 0.5,
        tie: Tie::Draw,
        handicap_bonus: HandicapBonus::None,
        pass_rule: PassRule::Plain,
        neutral: NeutralPoints::Nobody,
        illegal: IllegalMove::Loss,
        out_of_turn: IllegalMove::Loss,
        cycle: Cycle::NoResult,
        sizes: vec![19],
        time: TimeControl::Unspecified,
    }
}

/// `korean`: as `japanese`.
fn korean() -> RuleSet {
    RuleSet {
        name: "korean".to_string(),
        ..japanese()
    }
}

/// `nz`: area, situational superko, multi-stone suicide legal, integer komi 7 (draws
/// possible), no bonus (White passes N-1 times instead).
fn nz() -> RuleSet {
    RuleSet {
        name: "nz".to_string(),
        ko: KoRule::Situational,
        suicide: Suicide::Allowed,
        counting: Counting::Area,
        counting_alternative: None,
        counting_base: CountingBase::Difference,
        seki: SekiPoints::Counted,
        dead_stones: DeadStoneRule::Agreed,
        komi: 7.0,
        handicap_komi: 0.5,
        tie: Tie::Draw,
        handicap_bonus: HandicapBonus::None,
        pass_rule: PassRule::Plain,
        neutral: NeutralPoints::Nobody,
        illegal: IllegalMove::Reported,
        out_of_turn: IllegalMove::Reported,
        cycle: Cycle::Impossible,
        sizes: vec![19],
        time: TimeControl::Unspecified,
    }
}

/// `tromp-taylor`: any size, area with every stone on the board alive, positional
/// superko, suicide legal, komi 7.5 whatever the handicap.
fn tromp_taylor() -> RuleSet {
    RuleSet {
        name: "tromp-taylor".to_string(),
        ko: KoRule::Positional,
        suicide: Suicide::Allowed,
        counting: Counting::Area,
        counting_alternative: None,
        counting_base: CountingBase::Difference,
        seki: SekiPoints::Counted,
        dead_stones: DeadStoneRule::AllAlive,
        komi: 7.5,
        handicap_komi: 7.5,
        tie: Tie::Draw,
        handicap_bonus: HandicapBonus::None,
        pass_rule: PassRule::Plain,
        neutral: NeutralPoints::Nobody,
        illegal: IllegalMove::Reported,
        out_of_turn: IllegalMove::Reported,
        cycle: Cycle::Impossible,
        sizes: Vec::new(),
        time: TimeControl::Unspecified,
    }
}

/// `ing`: area, positional superko standing in for Ing's ko rules, suicide legal,
/// bonus N, komi 7.5 with Black winning equal counts (Ing's "8, Black wins ties").
fn ing() -> RuleSet {
    RuleSet {
        name: "ing".to_string(),
        ko: KoRule::Positional,
        suicide: Suicide::Allowed,
        counting: Counting::Area,
        counting_alternative: None,
        counting_base: CountingBase::Difference,
        seki: SekiPoints::Counted,
        dead_stones: DeadStoneRule::Agreed,
        komi: 7.5,
        handicap_komi: 0.5,
        tie: Tie::BlackWins,
        handicap_bonus: HandicapBonus::N,
        pass_rule: PassRule::Plain,
        neutral: NeutralPoints::Nobody,
        illegal: IllegalMove::Reported,
        out_of_turn: IllegalMove::Reported,
        cycle: Cycle::Impossible,
        sizes: vec![19],
        time: TimeControl::Unspecified,
    }
}

/// `cgos`: Tromp-Taylor as the Computer Go Server plays it: suicide forbidden,
/// positional superko, every stone on the board alive (games are played out), an illegal
/// move loses, komi 7 (the 9x9 server's).
fn cgos() -> RuleSet {
    RuleSet {
        name: "cgos".to_string(),
        suicide: Suicide::Forbidden,
        komi: 7.0,
        handicap_komi: 7.0,
        illegal: IllegalMove::Loss,
        out_of_turn: IllegalMove::Loss,
        sizes: vec![9, 13, 19],
        ..tromp_taylor()
    }
}

/// `kgs-computer`: the Chinese rules as KGS plays them in its computer tournaments: area
/// against each other (not half the board), positional superko, komi 7.5, 9x9 to 19x19.
fn kgs_computer() -> RuleSet {
    RuleSet {
        name: "kgs-computer".to_string(),
        counting_base: CountingBase::Difference,
        sizes: vec![9, 13, 19],
        ..chinese()
    }
}

/// `olympiad`: the Computer Olympiad's reading of the Chinese rules: simple ko, a long
/// cycle a draw, an illegal move loses, komi 7.5.
fn olympiad() -> RuleSet {
    RuleSet {
        name: "olympiad".to_string(),
        ko: KoRule::Simple,
        counting_base: CountingBase::Difference,
        illegal: IllegalMove::Loss,
        out_of_turn: IllegalMove::Loss,
        cycle: Cycle::Draw,
        sizes: vec![9, 13, 19],
        ..chinese()
    }
}

/// `uec`: the UEC Cup: the Japanese rules of 1989, komi 6.5, 30 minutes each, the first
/// illegal move loses, a repetition stops the game without a result (the referee's move
/// cap of 400 is in [`crate::referee::move_cap`]).
fn uec() -> RuleSet {
    RuleSet {
        name: "uec".to_string(),
        time: TimeControl::Absolute(1800.0),
        ..japanese()
    }
}

/// The preset used when neither the user nor the record names a rule set.
pub const DEFAULT_PRESET: &str = "chinese";

impl Default for RuleSet {
    /// The [`DEFAULT_PRESET`].
    fn default() -> RuleSet {
        chinese()
    }
}

/// Every preset, in the canonical order of the table of docs/rules.md.
pub fn presets() -> Vec<RuleSet> {
    PRESETS.iter().map(|p| (p.build)()).collect()
}

/// The canonical preset names, in the order of the table of docs/rules.md.
pub fn preset_names() -> Vec<&'static str> {
    PRESETS.iter().map(|p| p.name).collect()
}

impl RuleSet {
    /// The preset called `name` or one of its aliases (case-insensitive, trimmed).
    pub fn preset(name: &str) -> Option<RuleSet> {
        preset_entry(name).map(|p| (p.build)())
    }

    /// The aliases of the preset this rule set starts from (`aga`: `us`, `american`).
    pub fn aliases(&self) -> &'static [&'static str] {
        self.base_entry().aliases
    }

    /// The founding document or published rules of the preset this rule set starts
    /// from, as a short sentence.
    pub fn source(&self) -> &'static str {
        self.base_entry().source
    }

    /// The canonical name of the preset this rule set starts from: `aga` for both `aga`
    /// and `aga+komi=6.5`.
    pub fn preset_name(&self) -> &'static str {
        self.base_entry().name
    }

    /// Komi for a game with `handicap` stones: [`RuleSet::handicap_komi`] from two
    /// stones on, else [`RuleSet::komi`].
    pub fn komi_for(&self, handicap: u32) -> f64 {
        if handicap >= 2 {
            self.handicap_komi
        } else {
            self.komi
        }
    }

    /// Does a record's `komi` give the same winner in every game as the rule set's komi
    /// for `handicap` stones? Equal values do; so does an integer komi half a point above
    /// a rule set whose ties go to Black (Ing's "8 points, Black wins ties" is goref's
    /// `ing` komi of 7.5).
    pub fn komi_equivalent(&self, komi: f64, handicap: u32) -> bool {
        let expected = self.komi_for(handicap);
        let close = |a: f64, b: f64| (a - b).abs() < 1e-9;
        close(komi, expected)
            || (self.tie == Tie::BlackWins && komi.fract() == 0.0 && close(komi - 0.5, expected))
    }

    /// Is a `width` x `height` board one the rule set is written for?
    pub fn allows_size(&self, width: u8, height: u8) -> bool {
        self.sizes.is_empty() || (width == height && self.sizes.contains(&width))
    }

    /// The same rule set with another ko rule (the command line's `--ko`).
    pub fn with_ko(mut self, ko: KoRule) -> RuleSet {
        self.ko = ko;
        self.renamed()
    }

    /// The same rule set with another suicide rule (the command line's `--suicide`).
    pub fn with_suicide(mut self, suicide: Suicide) -> RuleSet {
        self.suicide = suicide;
        self.renamed()
    }

    /// The same rule set with `komi` for every game, handicap or not (the command line's
    /// `--komi`). A komi that is not a finite number leaves the komi unchanged.
    pub fn with_komi(mut self, komi: f64) -> RuleSet {
        if komi.is_finite() {
            self.komi = komi;
            self.handicap_komi = komi;
        }
        self.renamed()
    }

    /// The same rule set with [`RuleSet::name`] brought up to date with its fields: call
    /// it after changing fields by hand.
    pub fn renamed(mut self) -> RuleSet {
        self.name = self.to_string();
        self
    }

    /// Every knob as (`knob`, value text), in [`KNOBS`] order: the vocabulary of
    /// `Display` and `FromStr`, and a full listing for `goref rules PRESET`.
    pub fn knobs(&self) -> Vec<(&'static str, String)> {
        let sizes = if self.sizes.is_empty() {
            "any".to_string()
        } else {
            let sides: Vec<String> = self.sizes.iter().map(u8::to_string).collect();
            sides.join(",")
        };
        let values = [
            self.ko.to_string(),
            self.suicide.to_string(),
            self.counting.to_string(),
            self.counting_alternative
                .map_or_else(|| "none".to_string(), |c| c.to_string()),
            self.counting_base.to_string(),
            self.seki.to_string(),
            self.dead_stones.to_string(),
            self.komi.to_string(),
            self.handicap_komi.to_string(),
            self.tie.to_string(),
            self.handicap_bonus.to_string(),
            self.pass_rule.to_string(),
            self.neutral.to_string(),
            self.illegal.to_string(),
            self.out_of_turn.to_string(),
            self.cycle.to_string(),
            sizes,
            self.time.to_string(),
        ];
        KNOBS.into_iter().zip(values).collect()
    }

    /// Set one knob from text, as in `+knob=value`.
    fn set_knob(&mut self, knob: &str, value: &str) -> Result<(), ParseRulesError> {
        match normalise_word(knob).as_str() {
            "ko" => self.ko = value.parse()?,
            "suicide" => self.suicide = value.parse()?,
            "counting" => self.counting = value.parse()?,
            "counting-alternative" => {
                self.counting_alternative = if normalise_word(value) == "none" {
                    None
                } else {
                    Some(value.parse()?)
                }
            }
            "counting-base" => self.counting_base = value.parse()?,
            "seki" => self.seki = value.parse()?,
            "dead-stones" => self.dead_stones = value.parse()?,
            "komi" => self.komi = parse_komi(value)?,
            "handicap-komi" => self.handicap_komi = parse_komi(value)?,
            "tie" => self.tie = value.parse()?,
            "handicap-bonus" => self.handicap_bonus = value.parse()?,
            "pass-rule" => self.pass_rule = value.parse()?,
            "neutral" => self.neutral = value.parse()?,
            "illegal" => self.illegal = value.parse()?,
            "out-of-turn" => self.out_of_turn = value.parse()?,
            "cycle" => self.cycle = value.parse()?,
            "sizes" => self.sizes = parse_sizes(value)?,
            "time" => self.time = value.parse()?,
            _ => {
                return Err(ParseRulesError::UnknownKnob {
                    knob: knob.trim().to_string(),
                    suggestion: closest(knob, KNOBS.iter().copied()),
                });
            }
        }
        Ok(())
    }

    /// The preset row this value starts from: the one its name begins with, else (for a
    /// value built by hand) the preset that differs from it in the fewest knobs.
    fn base_entry(&self) -> &'static Preset {
        let head = self.name.split('+').next().unwrap_or_default();
        if let Some(entry) = preset_entry(head) {
            return entry;
        }
        let mine = self.knobs();
        let differences = |p: &Preset| {
            let theirs = (p.build)().knobs();
            mine.iter().zip(&theirs).filter(|(a, b)| a != b).count()
        };
        PRESETS
            .iter()
            .min_by_key(|p| differences(p))
            .unwrap_or(&PRESETS[0])
    }

    /// Recognise an `RU` value as written by servers and engines: case-insensitive,
    /// trimmed, spaces, `-`, `_` and `.` ignored, a trailing "rules" dropped. Knows the
    /// preset names and aliases, the SGF names (`AGA`, `GOE`, `Japanese`, `NZ`), server
    /// spellings (`New Zealand`, `Chinese`, `Korean`...), KataGo's named rules and its
    /// rule strings (`koPOSITIONALscoreAREAtaxNONEsui1komi7.5`, or the same as JSON),
    /// and goref's own `Display` form. Anything else, the empty value included, is
    /// `None`: the caller warns and uses its default.
    pub fn from_ru(ru: &str) -> Option<RuleSet> {
        let text = ru.trim();
        from_ru_plain(text).or_else(|| {
            if text.contains('+') {
                parse_with_overrides(text).ok()
            } else {
                None
            }
        })
    }
}

impl fmt::Display for RuleSet {
    /// The preset name, then `+knob=value` for each knob that differs from the preset.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let base = self.base_entry();
        f.write_str(base.name)?;
        let theirs = (base.build)().knobs();
        for ((knob, value), (_, preset_value)) in self.knobs().iter().zip(&theirs) {
            if value != preset_value {
                write!(f, "+{knob}={value}")?;
            }
        }
        Ok(())
    }
}

impl FromStr for RuleSet {
    type Err = ParseRulesError;

    /// Reads what `Display` writes, preset names, aliases and `RU` values.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let text = s.trim();
        match from_ru_plain(text) {
            Some(rules) => Ok(rules),
            None => parse_with_overrides(text),
        }
    }
}

fn preset_entry(name: &str) -> Option<&'static Preset> {
    let name = name.trim();
    PRESETS.iter().find(|p| {
        p.name.eq_ignore_ascii_case(name) || p.aliases.iter().any(|a| a.eq_ignore_ascii_case(name))
    })
}

/// `base+knob=value+...`, the base being anything [`from_ru_plain`] knows.
fn parse_with_overrides(text: &str) -> Result<RuleSet, ParseRulesError> {
    let mut parts = text.split('+');
    let head = parts.next().unwrap_or_default().trim();
    let mut rules = RuleSet::preset(head)
        .or_else(|| from_ru_plain(head))
        .ok_or_else(|| ParseRulesError::UnknownRuleSet {
            name: head.to_string(),
            suggestion: closest(
                head,
                PRESETS
                    .iter()
                    .flat_map(|p| std::iter::once(p.name).chain(p.aliases.iter().copied())),
            ),
        })?;
    for part in parts {
        let (knob, value) = part
            .split_once('=')
            .ok_or_else(|| ParseRulesError::MissingValue {
                text: part.trim().to_string(),
            })?;
        rules.set_knob(knob, value)?;
    }
    Ok(rules.renamed())
}

fn parse_komi(value: &str) -> Result<f64, ParseRulesError> {
    match value.trim().parse::<f64>() {
        Ok(komi) if komi.is_finite() => Ok(komi),
        _ => Err(ParseRulesError::BadValue {
            what: "komi",
            value: value.trim().to_string(),
            expected: "a finite number such as `6.5`".to_string(),
            choices: &[],
        }),
    }
}

fn parse_sizes(value: &str) -> Result<Vec<u8>, ParseRulesError> {
    if normalise_word(value) == "any" {
        return Ok(Vec::new());
    }
    value
        .split(',')
        .map(|side| match side.trim().parse::<u8>() {
            Ok(n) if (1..=MAX_SIZE).contains(&n) => Ok(n),
            _ => Err(ParseRulesError::BadValue {
                what: "board size list",
                value: value.trim().to_string(),
                expected: format!("`any` or sides from 1 to {MAX_SIZE} separated by commas"),
                choices: &[],
            }),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn rules(text: &str) -> RuleSet {
        text.parse()
            .unwrap_or_else(|e| panic!("`{text}` should parse: {e}"))
    }

    #[test]
    fn presets_come_in_table_order() {
        let names: Vec<String> = presets().into_iter().map(|r| r.name).collect();
        assert_eq!(
            names,
            [
                "aga",
                "aga-1991",
                "ace",
                "wmsg",
                "chinese",
                "sjtu",
                "japanese",
                "korean",
                "nz",
                "tromp-taylor",
                "ing",
                "cgos",
                "kgs-computer",
                "olympiad",
                "uec"
            ]
        );
        assert_eq!(preset_names(), names);
    }

    #[test]
    fn every_preset_and_alias_resolves() {
        let expected: &[(&str, &[&str])] = &[
            ("aga", &["us", "american"]),
            ("aga-1991", &[]),
            ("ace", &[]),
            ("wmsg", &[]),
            ("chinese", &["cn", "zh"]),
            ("sjtu", &[]),
            ("japanese", &["jp"]),
            ("korean", &["ko"]),
            ("nz", &[]),
            ("tromp-taylor", &["tt"]),
            ("ing", &["goe"]),
            ("cgos", &[]),
            ("kgs-computer", &[]),
            ("olympiad", &[]),
            ("uec", &[]),
        ];
        for (name, aliases) in expected {
            let preset = RuleSet::preset(name).unwrap();
            assert_eq!(preset.name, *name);
            assert_eq!(preset.aliases(), *aliases);
            assert_eq!(preset.preset_name(), *name);
            assert!(!preset.source().is_empty());
            for spelling in std::iter::once(name).chain(aliases.iter()) {
                for variant in [
                    spelling.to_string(),
                    spelling.to_uppercase(),
                    format!("  {spelling} "),
                ] {
                    assert_eq!(
                        RuleSet::preset(&variant).as_ref(),
                        Some(&preset),
                        "{variant}"
                    );
                    assert_eq!(rules(&variant), preset, "{variant}");
                    assert_eq!(
                        RuleSet::from_ru(&variant).as_ref(),
                        Some(&preset),
                        "{variant}"
                    );
                }
            }
        }
        assert_eq!(RuleSet::preset("nope"), None);
        assert_eq!(RuleSet::preset(""), None);
    }

    #[test]
    fn names_and_aliases_are_unique() {
        let mut seen = std::collections::HashSet::new();
        for p in &PRESETS {
            for name in std::iter::once(&p.name).chain(p.aliases) {
                assert!(seen.insert(name.to_ascii_lowercase()), "{name} twice");
            }
        }
    }

    /// One row per preset: the table of docs/rules.md, column by column.
    #[test]
    fn presets_hold_the_table() {
        use Counting::*;
        use KoRule::*;
        struct Row {
            name: &'static str,
            sizes: &'static [u8],
            komi: (f64, f64),
            counting: (Counting, Option<Counting>, CountingBase),
            ko: KoRule,
            suicide: Suicide,
            bonus: HandicapBonus,
            pass: PassRule,
            neutral: NeutralPoints,
            illegal: (IllegalMove, IllegalMove),
            cycle: Cycle,
        }
        let diff = CountingBase::Difference;
        let rows = [
            Row {
                name: "aga",
                sizes: &[9, 13, 19],
                komi: (7.5, 0.5),
                counting: (Area, Some(Territory), diff),
                ko: Situational,
                suicide: Suicide::Forbidden,
                bonus: HandicapBonus::NMinusOne,
                pass: PassRule::PassStonesWhiteLast,
                neutral: NeutralPoints::Nobody,
                illegal: (
                    IllegalMove::StandsUnlessNoted,
                    IllegalMove::StandsUnlessNoted,
                ),
                cycle: Cycle::Impossible,
            },
            Row {
                name: "aga-1991",
                sizes: &[9, 13, 19],
                komi: (5.5, 0.5),
                counting: (Area, Some(Territory), diff),
                ko: Situational,
                suicide: Suicide::Forbidden,
                bonus: HandicapBonus::NMinusOne,
                pass: PassRule::PassStonesWhiteLast,
                neutral: NeutralPoints::Nobody,
                illegal: (
                    IllegalMove::StandsUnlessNoted,
                    IllegalMove::StandsUnlessNoted,
                ),
                cycle: Cycle::Impossible,
            },
            Row {
                name: "ace",
                sizes: &[13],
                komi: (7.5, 0.5),
                counting: (Territory, Some(Area), diff),
                ko: Situational,
                suicide: Suicide::Forbidden,
                bonus: HandicapBonus::NMinusOne,
                pass: PassRule::PassStonesWhiteLast,
                neutral: NeutralPoints::Nobody,
                illegal: (IllegalMove::TreatedAsPass, IllegalMove::TreatedAsPass),
                cycle: Cycle::Impossible,
            },
            Row {
                name: "wmsg",
                sizes: &[19],
                komi: (6.5, 0.5),
                counting: (Area, None, diff),
                ko: Positional,
                suicide: Suicide::Forbidden,
                bonus: HandicapBonus::None,
                pass: PassRule::LastMovePoint,
                neutral: NeutralPoints::Shared,
                illegal: (IllegalMove::Reported, IllegalMove::Reported),
                cycle: Cycle::Impossible,
            },
            Row {
                name: "chinese",
                sizes: &[19],
                komi: (7.5, 0.0),
                counting: (Area, None, CountingBase::HalfBoard),
                ko: Positional,
                suicide: Suicide::Forbidden,
                bonus: HandicapBonus::N,
                pass: PassRule::Plain,
                neutral: NeutralPoints::Shared,
                illegal: (IllegalMove::Void, IllegalMove::Loss),
                cycle: Cycle::Draw,
            },
            Row {
                name: "sjtu",
                sizes: &[13],
                komi: (6.5, 0.5),
                counting: (Area, None, diff),
                ko: Simple,
                suicide: Suicide::Forbidden,
                bonus: HandicapBonus::None,
                pass: PassRule::Plain,
                neutral: NeutralPoints::Nobody,
                illegal: (IllegalMove::Loss, IllegalMove::Loss),
                cycle: Cycle::Draw,
            },
            Row {
                name: "japanese",
                sizes: &[19],
                komi: (6.5, 0.5),
                counting: (Territory, None, diff),
                ko: Simple,
                suicide: Suicide::Forbidden,
                bonus: HandicapBonus::None,
                pass: PassRule::Plain,
                neutral: NeutralPoints::Nobody,
                illegal: (IllegalMove::Loss, IllegalMove::Loss),
                cycle: Cycle::NoResult,
            },
            Row {
                name: "korean",
                sizes: &[19],
                komi: (6.5, 0.5),
                counting: (Territory, None, diff),
                ko: Simple,
                suicide: Suicide::Forbidden,
                bonus: HandicapBonus::None,
                pass: PassRule::Plain,
                neutral: NeutralPoints::Nobody,
                illegal: (IllegalMove::Loss, IllegalMove::Loss),
                cycle: Cycle::NoResult,
            },
            Row {
                name: "nz",
                sizes: &[19],
                komi: (7.0, 0.5),
                counting: (Area, None, diff),
                ko: Situational,
                suicide: Suicide::Allowed,
                bonus: HandicapBonus::None,
                pass: PassRule::Plain,
                neutral: NeutralPoints::Nobody,
                illegal: (IllegalMove::Reported, IllegalMove::Reported),
                cycle: Cycle::Impossible,
            },
            Row {
                name: "tromp-taylor",
                sizes: &[],
                komi: (7.5, 7.5),
                counting: (Area, None, diff),
                ko: Positional,
                suicide: Suicide::Allowed,
                bonus: HandicapBonus::None,
                pass: PassRule::Plain,
                neutral: NeutralPoints::Nobody,
                illegal: (IllegalMove::Reported, IllegalMove::Reported),
                cycle: Cycle::Impossible,
            },
            Row {
                name: "ing",
                sizes: &[19],
                komi: (7.5, 0.5),
                counting: (Area, None, diff),
                ko: Positional,
                suicide: Suicide::Allowed,
                bonus: HandicapBonus::N,
                pass: PassRule::Plain,
                neutral: NeutralPoints::Nobody,
                illegal: (IllegalMove::Reported, IllegalMove::Reported),
                cycle: Cycle::Impossible,
            },
            Row {
                name: "cgos",
                sizes: &[9, 13, 19],
                komi: (7.0, 7.0),
                counting: (Area, None, diff),
                ko: Positional,
                suicide: Suicide::Forbidden,
                bonus: HandicapBonus::None,
                pass: PassRule::Plain,
                neutral: NeutralPoints::Nobody,
                illegal: (IllegalMove::Loss, IllegalMove::Loss),
                cycle: Cycle::Impossible,
            },
            Row {
                name: "kgs-computer",
                sizes: &[9, 13, 19],
                komi: (7.5, 0.0),
                counting: (Area, None, diff),
                ko: Positional,
                suicide: Suicide::Forbidden,
                bonus: HandicapBonus::N,
                pass: PassRule::Plain,
                neutral: NeutralPoints::Shared,
                illegal: (IllegalMove::Void, IllegalMove::Loss),
                cycle: Cycle::Draw,
            },
            Row {
                name: "olympiad",
                sizes: &[9, 13, 19],
                komi: (7.5, 0.0),
                counting: (Area, None, diff),
                ko: Simple,
                suicide: Suicide::Forbidden,
                bonus: HandicapBonus::N,
                pass: PassRule::Plain,
                neutral: NeutralPoints::Shared,
                illegal: (IllegalMove::Loss, IllegalMove::Loss),
                cycle: Cycle::Draw,
            },
            Row {
                name: "uec",
                sizes: &[19],
                komi: (6.5, 0.5),
                counting: (Territory, None, diff),
                ko: Simple,
                suicide: Suicide::Forbidden,
                bonus: HandicapBonus::None,
                pass: PassRule::Plain,
                neutral: NeutralPoints::Nobody,
                illegal: (IllegalMove::Loss, IllegalMove::Loss),
                cycle: Cycle::NoResult,
            },
        ];
        assert_eq!(rows.len(), PRESETS.len());
        for row in rows {
            let r = RuleSet::preset(row.name).unwrap();
            let name = row.name;
            assert_eq!(r.sizes, row.sizes, "{name} sizes");
            assert_eq!((r.komi, r.handicap_komi), row.komi, "{name} komi");
            assert_eq!(
                (r.komi_for(0), r.komi_for(1)),
                (row.komi.0, row.komi.0),
                "{name}"
            );
            assert_eq!(r.komi_for(2), row.komi.1, "{name} handicap komi");
            assert_eq!(
                (r.counting, r.counting_alternative, r.counting_base),
                row.counting,
                "{name} counting"
            );
            assert_eq!(r.ko, row.ko, "{name} ko");
            assert_eq!(r.suicide, row.suicide, "{name} suicide");
            assert_eq!(r.handicap_bonus, row.bonus, "{name} bonus");
            assert_eq!(r.pass_rule, row.pass, "{name} pass rule");
            assert_eq!(r.neutral, row.neutral, "{name} neutral points");
            assert_eq!((r.illegal, r.out_of_turn), row.illegal, "{name} illegal");
            assert_eq!(r.cycle, row.cycle, "{name} cycle");
            let seki = match name {
                "japanese" | "korean" | "uec" => SekiPoints::NotCounted,
                _ => SekiPoints::Counted,
            };
            assert_eq!(r.seki, seki, "{name} seki");
            let dead = match name {
                "tromp-taylor" | "cgos" => DeadStoneRule::AllAlive,
                _ => DeadStoneRule::Agreed,
            };
            assert_eq!(r.dead_stones, dead, "{name} dead stones");
            let tie = match name {
                "ing" => Tie::BlackWins,
                _ => Tie::Draw,
            };
            assert_eq!(r.tie, tie, "{name} tie");
            let time = match name {
                "ace" | "uec" => TimeControl::Absolute(1800.0),
                "sjtu" => TimeControl::PerMove(3.0),
                _ => TimeControl::Unspecified,
            };
            assert_eq!(r.time, time, "{name} time");
        }
    }

    #[test]
    fn ing_komi_eight_with_black_winning_ties_is_seven_and_a_half() {
        let ing = RuleSet::preset("ing").unwrap();
        assert!(ing.komi_equivalent(7.5, 0));
        assert!(ing.komi_equivalent(8.0, 0));
        assert!(!ing.komi_equivalent(7.0, 0));
        assert!(!ing.komi_equivalent(8.5, 0));
        let chinese = RuleSet::preset("chinese").unwrap();
        assert!(chinese.komi_equivalent(7.5, 0));
        assert!(!chinese.komi_equivalent(8.0, 0));
        assert!(chinese.komi_equivalent(0.0, 4));
    }

    #[test]
    fn sizes() {
        let aga = RuleSet::preset("aga").unwrap();
        assert!(aga.allows_size(9, 9) && aga.allows_size(13, 13) && aga.allows_size(19, 19));
        assert!(!aga.allows_size(7, 7) && !aga.allows_size(19, 13));
        let tt = RuleSet::preset("tt").unwrap();
        assert!(tt.allows_size(5, 7) && tt.allows_size(25, 25));
    }

    #[test]
    fn untouched_presets_print_their_name_and_read_back() {
        for preset in presets() {
            assert_eq!(preset.to_string(), preset.name);
            assert_eq!(rules(&preset.to_string()), preset);
        }
    }

    #[test]
    fn overrides_print_in_knob_order_and_read_back() {
        let r = RuleSet::preset("aga")
            .unwrap()
            .with_komi(6.5)
            .with_ko(KoRule::Positional);
        assert_eq!(
            r.to_string(),
            "aga+ko=positional+komi=6.5+handicap-komi=6.5"
        );
        assert_eq!(r.name, r.to_string());
        assert_eq!(rules(&r.to_string()), r);

        let r = rules("us+komi=6.5+ko=psk");
        assert_eq!(r.name, "aga+ko=positional+komi=6.5");
        assert_eq!(r.komi_for(3), 0.5);

        let back = rules("aga+ko=situational");
        assert_eq!(back, RuleSet::preset("aga").unwrap());
        assert_eq!(back.name, "aga");

        let r = RuleSet::preset("japanese")
            .unwrap()
            .with_suicide(Suicide::Allowed);
        assert_eq!(r.to_string(), "japanese+suicide=allowed");
    }

    #[test]
    fn every_knob_changes_and_reads_back_on_every_preset() {
        let changes = [
            ("ko", "natural-situational"),
            ("suicide", "allowed"),
            ("counting", "territory"),
            ("counting-alternative", "area"),
            ("counting-base", "half-board"),
            ("seki", "not-counted"),
            ("dead-stones", "all-alive"),
            ("komi", "-2.25"),
            ("handicap-komi", "3"),
            ("tie", "black-wins"),
            ("handicap-bonus", "n-minus-one"),
            ("pass-rule", "button"),
            ("neutral", "shared"),
            ("illegal", "void"),
            ("out-of-turn", "reported"),
            ("cycle", "no-result"),
            ("sizes", "5,7"),
            ("time", "per-move:10.5"),
        ];
        assert_eq!(changes.map(|(k, _)| k), KNOBS);
        for preset in presets() {
            let preset_knobs = preset.knobs();
            let mut all = preset.name.clone();
            let mut shown = preset.name.clone();
            for (knob, value) in changes {
                let text = format!("{}+{knob}={value}", preset.name);
                let r = rules(&text);
                assert!(r.knobs().contains(&(knob, value.to_string())), "{text}");
                assert_eq!(rules(&r.to_string()), r, "{text}");
                all.push_str(&format!("+{knob}={value}"));
                if !preset_knobs.contains(&(knob, value.to_string())) {
                    shown.push_str(&format!("+{knob}={value}"));
                }
            }
            let r = rules(&all);
            assert_eq!(r.to_string(), shown);
            assert_eq!(r.name, shown);
            assert_eq!(r.preset_name(), preset.name);
        }
    }

    #[test]
    fn serde_round_trips() {
        let mut all = presets();
        all.push(rules("ing+komi=8+sizes=9,19+time=absolute:600"));
        all.push(rules("koSITUATIONALscoreAREAtaxNONEsui0button1"));
        for r in all {
            let json = serde_json::to_string(&r).unwrap();
            let back: RuleSet = serde_json::from_str(&json).unwrap();
            assert_eq!(back, r, "{json}");
            assert_eq!(back.to_string(), r.to_string());
        }
        let json = serde_json::to_value(RuleSet::preset("ace").unwrap()).unwrap();
        assert_eq!(json["ko"], "situational");
        assert_eq!(json["time"]["absolute"], 1800.0);
        assert_eq!(json["out_of_turn"], "treated-as-pass");
    }

    /// `Display`, `FromStr` and serde use one name per value.
    #[test]
    fn knob_names_are_the_serde_names() {
        fn check<T>(all: &[T])
        where
            T: Copy + Serialize + fmt::Display + FromStr + PartialEq + fmt::Debug,
        {
            for &v in all {
                let json = serde_json::to_value(v).unwrap();
                assert_eq!(json.as_str(), Some(v.to_string().as_str()));
                assert_eq!(v.to_string().parse::<T>().ok(), Some(v));
                assert_eq!(v.to_string().to_uppercase().parse::<T>().ok(), Some(v));
            }
        }
        check(KoRule::ALL);
        check(Suicide::ALL);
        check(Counting::ALL);
        check(CountingBase::ALL);
        check(SekiPoints::ALL);
        check(DeadStoneRule::ALL);
        check(Tie::ALL);
        check(HandicapBonus::ALL);
        check(PassRule::ALL);
        check(NeutralPoints::ALL);
        check(IllegalMove::ALL);
        check(Cycle::ALL);
    }

    #[test]
    fn ko_and_suicide_aliases() {
        for (text, ko) in [
            ("simple", KoRule::Simple),
            ("positional", KoRule::Positional),
            ("PSK", KoRule::Positional),
            ("positional_superko", KoRule::Positional),
            ("situational", KoRule::Situational),
            ("ssk", KoRule::Situational),
            ("natural-situational", KoRule::NaturalSituational),
            ("natural situational", KoRule::NaturalSituational),
            ("nssk", KoRule::NaturalSituational),
        ] {
            assert_eq!(text.parse::<KoRule>(), Ok(ko), "{text}");
        }
        for (text, suicide) in [
            ("allowed", Suicide::Allowed),
            ("yes", Suicide::Allowed),
            ("Forbidden", Suicide::Forbidden),
            ("no", Suicide::Forbidden),
        ] {
            assert_eq!(text.parse::<Suicide>(), Ok(suicide), "{text}");
        }
        let err = "superko".parse::<KoRule>().unwrap_err();
        assert_eq!(
            err.to_string(),
            "`superko` is not a ko rule: expected `simple`, `positional`, `situational`, `natural-situational`"
        );
        assert!("maybe".parse::<Suicide>().is_err());
    }

    #[test]
    fn with_helpers() {
        let aga = RuleSet::preset("aga").unwrap();
        let r = aga.clone().with_komi(0.5);
        assert_eq!((r.komi_for(0), r.komi_for(5)), (0.5, 0.5));
        assert_eq!(aga.clone().with_komi(f64::NAN), aga);
        assert_eq!(aga.clone().with_komi(f64::INFINITY), aga);
        assert_eq!(aga.clone().with_ko(KoRule::Situational), aga);
        let r = aga.with_ko(KoRule::NaturalSituational);
        assert_eq!(r.name, "aga+ko=natural-situational");
        assert_eq!(r.aliases(), ["us", "american"]);
    }

    #[test]
    fn hand_built_rule_sets_print_from_the_closest_preset() {
        let mut r = RuleSet::preset("nz").unwrap();
        r.name = "my club".to_string();
        r.komi = 6.0;
        let r = r.renamed();
        assert_eq!(r.name, "nz+komi=6");
        assert_eq!(rules(&r.name), r);
    }

    /// Issue 12, item 7: a misspelt preset, knob or value gets "did you mean".
    #[test]
    fn misspelt_names_get_the_name_meant() {
        let message = |text: &str| text.parse::<RuleSet>().unwrap_err().to_string();
        assert!(message("japaneese").contains("(did you mean `japanese`?)"));
        assert!(message("Tromp-Tailor").contains("(did you mean `tromp-taylor`?)"));
        assert!(message("aga+kompi=7").contains("(did you mean `komi`?)"));
        assert!(message("aga+ko=positonal").contains("(did you mean `positional`?)"));
        // Nothing close: no guess.
        for far in ["xy", "foo", "aga+ko=superko", "aga+weather=7"] {
            assert!(!message(far).contains("did you mean"), "{far}");
        }
    }

    #[test]
    fn parse_errors_say_what_to_write() {
        let err = "foo".parse::<RuleSet>().unwrap_err();
        assert_eq!(
            err,
            ParseRulesError::UnknownRuleSet {
                name: "foo".to_string(),
                suggestion: None,
            }
        );
        assert!(err.to_string().contains("aga, aga-1991, ace"), "{err}");
        let err = "aga+kom=6.5".parse::<RuleSet>().unwrap_err();
        assert_eq!(
            err,
            ParseRulesError::UnknownKnob {
                knob: "kom".to_string(),
                suggestion: Some("komi"),
            }
        );
        assert!(err.to_string().contains("komi, handicap-komi"), "{err}");
        let err = "aga+komi".parse::<RuleSet>().unwrap_err();
        assert_eq!(
            err.to_string(),
            "`+komi` is not an override: write `+knob=value`, e.g. `+komi=6.5`"
        );
        assert!("aga+".parse::<RuleSet>().is_err());
        assert!("aga+komi=nan".parse::<RuleSet>().is_err());
        assert!("aga+komi=inf".parse::<RuleSet>().is_err());
        assert!("aga+komi=".parse::<RuleSet>().is_err());
        assert!("aga+sizes=0".parse::<RuleSet>().is_err());
        assert!("aga+sizes=26".parse::<RuleSet>().is_err());
        assert!("aga+sizes=".parse::<RuleSet>().is_err());
        assert!("aga+time=absolute:-1".parse::<RuleSet>().is_err());
        assert!("aga+time=weekly:3".parse::<RuleSet>().is_err());
        assert!("aga+ko=superko".parse::<RuleSet>().is_err());
        let err = "aga+ko=foo".parse::<RuleSet>().unwrap_err();
        let ParseRulesError::BadValue { value, choices, .. } = &err else {
            panic!("a bad value: {err:?}");
        };
        assert_eq!(value, "foo");
        assert_eq!(
            *choices,
            ["simple", "positional", "situational", "natural-situational"]
        );
        assert!("+komi=6.5".parse::<RuleSet>().is_err());
        assert!("".parse::<RuleSet>().is_err());
    }

    /// The `RU` values of ../shared/corpus (`grep -oh 'RU\[[^]]*\]'`): RU[Japanese] 7044
    /// times, RU[Chinese] 330, RU[New Zealand] 13, RU[japanese] 4, RU[AGA] 1,
    /// RU[chinese] 1, RU[] 3.
    #[test]
    fn corpus_ru_spellings() {
        for (ru, preset) in [
            ("Japanese", "japanese"),
            ("japanese", "japanese"),
            ("Chinese", "chinese"),
            ("chinese", "chinese"),
            ("New Zealand", "nz"),
            ("AGA", "aga"),
        ] {
            assert_eq!(RuleSet::from_ru(ru), RuleSet::preset(preset), "{ru}");
        }
        assert_eq!(RuleSet::from_ru(""), None);
    }

    #[test]
    fn server_and_engine_spellings() {
        for (ru, preset) in [
            ("Japanese", "japanese"),
            (" JAPANESE rules ", "japanese"),
            ("jp", "japanese"),
            ("Chinese", "chinese"),
            ("cn", "chinese"),
            ("Chinese-OGS", "chinese"),
            ("AGA", "aga"),
            ("American", "aga"),
            ("AGA rules", "aga"),
            ("AGA 1991", "aga-1991"),
            ("aga_1991", "aga-1991"),
            ("NZ", "nz"),
            ("New Zealand", "nz"),
            ("new-zealand", "nz"),
            ("NewZealand", "nz"),
            ("Korean", "korean"),
            ("kr", "korean"),
            ("GOE", "ing"),
            ("Ing", "ing"),
            ("Ing SST", "ing"),
            ("Tromp-Taylor", "tromp-taylor"),
            ("Tromp Taylor", "tromp-taylor"),
            ("TrompTaylor", "tromp-taylor"),
            ("tromp_taylor", "tromp-taylor"),
            ("TT", "tromp-taylor"),
            ("WMSG", "wmsg"),
            ("SJTU", "sjtu"),
            ("ACE", "ace"),
        ] {
            assert_eq!(RuleSet::from_ru(ru), RuleSet::preset(preset), "{ru}");
        }
        let button = RuleSet::from_ru("aga-button").unwrap();
        assert_eq!(button.pass_rule, PassRule::Button);
        assert_eq!(button.komi, 7.0);
        assert_eq!(button.name, "aga+komi=7+pass-rule=button");
    }

    #[test]
    fn unknown_ru_is_none() {
        for ru in [
            "",
            "   ",
            "Foo",
            "rules",
            "Japanese-ish",
            "stone scoring",
            "ancient territory",
            "komi7.5",
            "koBOGUS",
            "koSIMPLEscoreAREA extra",
            "koSIMPLEscoreAREAkomi",
            "koSIMPLEscoreAREAkomiabc",
            "{\"ko\":\"SIMPLE\",\"colour\":\"red\"}",
            "{not json",
            "aga+komi=x",
        ] {
            assert_eq!(RuleSet::from_ru(ru), None, "{ru:?}");
        }
    }

    #[test]
    fn katago_strings_map_to_the_closest_preset() {
        for (ru, name) in [
            ("koPOSITIONALscoreAREAtaxNONEsui1komi7.5", "tromp-taylor"),
            ("kopositionalscoreareataxnonesui1komi7.5", "tromp-taylor"),
            ("koSIMPLEscoreTERRITORYtaxSEKIsui0", "japanese"),
            (
                "koSIMPLEscoreTERRITORYtaxSEKIsui0komi6.5",
                "japanese+handicap-komi=6.5",
            ),
            ("koSIMPLEscoreTERRITORYsui0", "japanese"),
            (
                "koSITUATIONALscoreAREAtaxNONEsui0button1",
                "aga+dead-stones=all-alive+komi=7+handicap-bonus=none+pass-rule=button",
            ),
            (
                "koSITUATIONALscoreAREAtaxNONEsui0whbN-1fpok1komi7.5",
                "aga+handicap-komi=7.5",
            ),
            (
                "koSITUATIONALscoreAREAtaxNONEsui1fpok1komi7",
                "nz+handicap-komi=7",
            ),
            ("koSIMPLEscoreAREAtaxNONEsui0whbNfpok1", "chinese+ko=simple"),
            (
                "koPOSITIONALscoreAREAtaxNONEsui0whbNfpok1komi7.5",
                "chinese+handicap-komi=7.5",
            ),
            (
                "koPOSITIONALscoreAREAtaxNONEsui1whbNfpok1komi7.5",
                "ing+handicap-komi=7.5",
            ),
            ("ko POSITIONAL score AREA sui 1", "tromp-taylor"),
            (
                "koPOSITIONALscoringAREAtaxNONEsui1komi-3",
                "tromp-taylor+komi=-3+handicap-komi=-3",
            ),
            (
                "koSITUATIONALscoreTERRITORYtaxNONEsui0whbN-1",
                "aga+counting=territory+counting-alternative=area+komi=6.5",
            ),
            ("koSPIGHTscoreTERRITORYtaxSEKIsui0", "japanese"),
            (
                "{\"ko\":\"SITUATIONAL\",\"scoring\":\"AREA\",\"tax\":\"NONE\",\"suicide\":true,\"hasButton\":false,\"whiteHandicapBonus\":\"0\",\"friendlyPassOk\":true,\"komi\":7.0}",
                "nz+handicap-komi=7",
            ),
            // KataGo's default for a rule left out is its Tromp-Taylor-like one: suicide legal.
            (
                "{\"ko\":\"simple\",\"scoring\":\"territory\"}",
                "japanese+suicide=allowed",
            ),
        ] {
            let r = RuleSet::from_ru(ru).unwrap_or_else(|| panic!("{ru} should be recognised"));
            assert_eq!(r.name, name, "{ru}");
            assert_eq!(rules(ru), r, "{ru}");
            assert_eq!(rules(&r.name), r, "{ru}");
        }
        // Spight's ko rule: simple ko, cycles without result (already Japanese practice).
        let r = RuleSet::from_ru("koSPIGHTscoreAREAtaxNONEsui0whbN").unwrap();
        assert_eq!((r.ko, r.cycle), (KoRule::Simple, Cycle::NoResult));
        assert_eq!(
            r.name,
            "chinese+ko=simple+dead-stones=all-alive+cycle=no-result"
        );
        // The group tax has no counterpart in goref.
        assert_eq!(RuleSet::from_ru("koSIMPLEscoreAREAtaxALLsui0"), None);
        assert_eq!(RuleSet::from_ru("{\"tax\":\"ALL\"}"), None);
    }

    #[test]
    fn display_forms_are_recognised_as_ru() {
        let r = rules("japanese+ko=positional");
        assert_eq!(RuleSet::from_ru("japanese+ko=positional"), Some(r));
        assert_eq!(RuleSet::from_ru("Japanese+komi=0.5").unwrap().komi, 0.5);
        assert_eq!(
            RuleSet::from_ru("New Zealand+komi=7.5").unwrap().name,
            "nz+komi=7.5"
        );
    }

    fn names_of<T: fmt::Display>(all: &[T]) -> Vec<String> {
        all.iter().map(ToString::to_string).collect()
    }

    fn word(knob: &'static str, words: Vec<String>) -> BoxedStrategy<(&'static str, String)> {
        proptest::sample::select(words)
            .prop_map(move |w| (knob, w))
            .boxed()
    }

    fn any_knob() -> impl Strategy<Value = (&'static str, String)> {
        let quarter = |k: i32| (f64::from(k) / 4.0).to_string();
        prop_oneof![
            word("ko", names_of(KoRule::ALL)),
            word("suicide", names_of(Suicide::ALL)),
            word("counting", names_of(Counting::ALL)),
            word(
                "counting-alternative",
                names_of(&["none", "area", "territory"])
            ),
            word("counting-base", names_of(CountingBase::ALL)),
            word("seki", names_of(SekiPoints::ALL)),
            word("dead-stones", names_of(DeadStoneRule::ALL)),
            (-400i32..400).prop_map(move |k| ("komi", quarter(k))),
            (-400i32..400).prop_map(move |k| ("handicap-komi", quarter(k))),
            word("tie", names_of(Tie::ALL)),
            word("handicap-bonus", names_of(HandicapBonus::ALL)),
            word("pass-rule", names_of(PassRule::ALL)),
            word("neutral", names_of(NeutralPoints::ALL)),
            word("illegal", names_of(IllegalMove::ALL)),
            word("out-of-turn", names_of(IllegalMove::ALL)),
            word("cycle", names_of(Cycle::ALL)),
            proptest::collection::vec(1u8..=MAX_SIZE, 0..4).prop_map(|sides| {
                let text: Vec<String> = sides.iter().map(u8::to_string).collect();
                let text = if text.is_empty() {
                    "any".to_string()
                } else {
                    text.join(",")
                };
                ("sizes", text)
            }),
            (0u32..4000).prop_map(|s| ("time", format!("absolute:{}", f64::from(s) / 2.0))),
            (0u32..100).prop_map(|s| ("time", format!("per-move:{s}"))),
        ]
    }

    proptest! {
        /// Any preset with any overrides prints, parses and serialises back to itself.
        #[test]
        fn any_rule_set_round_trips(
            preset in 0..PRESETS.len(),
            overrides in proptest::collection::vec(any_knob(), 0..8),
        ) {
            let mut text = PRESETS[preset].name.to_string();
            for (knob, value) in &overrides {
                text.push_str(&format!("+{knob}={value}"));
            }
            let r: RuleSet = text.parse().unwrap();
            prop_assert_eq!(&r.name, &r.to_string());
            let back: RuleSet = r.to_string().parse().unwrap();
            prop_assert_eq!(&back, &r);
            let json = serde_json::to_string(&r).unwrap();
            let back: RuleSet = serde_json::from_str(&json).unwrap();
            prop_assert_eq!(&back, &r);
        }

        /// No text makes the parsers panic.
        #[test]
        fn parsing_never_panics(text in "\\PC{0,40}") {
            let _ = RuleSet::from_ru(&text);
            let _ = text.parse::<RuleSet>();
            let _ = text.parse::<KoRule>();
            let _ = text.parse::<TimeControl>();
        }

        /// Text shaped like KataGo's rule strings never panics either.
        #[test]
        fn katago_like_text_never_panics(
            parts in proptest::collection::vec(
                "(ko|komi|score|scoring|tax|sui|button|whb|fpok)(SIMPLE|AREA|SEKI|ALL|N-1|N|0|1|-?[0-9.]{0,4}| )?",
                0..8,
            ),
        ) {
            let _ = RuleSet::from_ru(&parts.concat());
        }
    }

    /// The rule set each record gets with no `--rules`: `RU` first; without any `RU`, the
    /// server `PC` names; else the default. An unrecognised `RU` is not overridden by `PC`.
    #[test]
    fn records_without_ru_take_their_servers_rules() {
        let resolve = |sgf: &str| {
            let game = crate::sgf::load(sgf.as_bytes()).expect("loads").remove(0);
            let r = RulesChoice::default().resolve(&game.expect("a game"));
            (r.rules.name, r.origin)
        };
        let place = |p: &str| resolve(&format!("(;GM[1]SZ[19]PC[{p}];B[pd])"));
        for nngs in [
            "NNGS",
            "NNGS Worldwide: nngs.cosmic.org 9696",
            "cg_nngs",
            "IGS:  igs.joyjoy.net",
            "pandanet",
        ] {
            assert_eq!(
                place(nngs),
                ("japanese".into(), RulesOrigin::Place),
                "{nngs}"
            );
        }
        for other in ["Tokyo", "KGS", "Kings", "London"] {
            assert_eq!(
                place(other),
                ("chinese".into(), RulesOrigin::Default),
                "{other}"
            );
        }
        assert_eq!(
            resolve("(;GM[1]SZ[19]RU[Chinese]PC[NNGS];B[pd])"),
            ("chinese".into(), RulesOrigin::Record)
        );
        // RU is present but unknown: the record claims a rule set goref cannot read,
        // and the server's habits do not replace it.
        assert_eq!(
            resolve("(;GM[1]SZ[19]RU[Martian]PC[NNGS];B[pd])"),
            ("chinese".into(), RulesOrigin::Default)
        );
        let chosen = RulesChoice {
            preset: RuleSet::preset("aga"),
            ..RulesChoice::default()
        };
        let game = crate::sgf::load(b"(;GM[1]SZ[19]PC[NNGS];B[pd])")
            .expect("loads")
            .remove(0);
        assert_eq!(
            chosen.resolve(&game.expect("a game")).origin,
            RulesOrigin::Option
        );
    }
}
