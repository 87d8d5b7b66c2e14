//! The options several subcommands share, read by clap into the library's types: the
//! rule sets (`--rules`, `--ko`, `--suicide`, `--komi`) and the dead stones (`--dead`).
//! A value the library cannot read is a usage error carrying the library's own reason.

use clap::builder::{PossibleValue, StringValueParser, TypedValueParser};
use std::sync::Arc;
use std::time::Duration;

use anyhow::{Result, bail};
use goref::gtp::{EngineCommand, EngineLimits, EnginePool};
use goref::judge::DeadPlan;
use goref::life::{DeadChoice, EngineDead};
use goref::point::{PointName, PointNameError};
use goref::rules::{KoRule, RuleSet, RulesChoice, Suicide};
use goref::words::closest;

/// Rule options of `validate`, which checks each game under one rule set.
#[derive(clap::Args, Debug, Clone)]
pub struct RuleOptions {
    /// Rule set preset (see `goref rules`). Default: the record's RU when goref knows it,
    /// else (no RU) the rules of the server its PC names (NNGS, IGS: japanese), else
    /// chinese.
    #[arg(long, value_name = "PRESET", value_parser = one_rule_set)]
    pub rules: Option<RuleSet>,

    #[command(flatten)]
    pub overrides: Overrides,
}

/// Rule options of `score` and `batch`, which check every game under each of several rule
/// sets.
#[derive(clap::Args, Debug, Clone)]
pub struct RuleListOptions {
    /// Rule sets, separated by commas (`japanese,chinese,aga`); each is a preset, an alias
    /// or a one-line form (`aga+counting=territory`), and every game gets a result under
    /// each. Default: the record's RU when goref knows it, else (no RU) the rules of the
    /// server its PC names (NNGS, IGS: japanese), else chinese.
    #[arg(long, value_name = "PRESET[,PRESET...]", value_parser = rule_list)]
    pub rules: Option<RuleList>,

    #[command(flatten)]
    pub overrides: Overrides,
}

/// The knobs overridden on every rule set used.
#[derive(clap::Args, Debug, Clone)]
pub struct Overrides {
    /// Override the ko rule of the rule set: simple, positional, situational or
    /// natural-situational.
    #[arg(long, value_name = "RULE")]
    pub ko: Option<KoRule>,

    /// Override the suicide rule of the rule set: allowed or forbidden.
    #[arg(long, value_name = "RULE")]
    pub suicide: Option<Suicide>,

    /// Count with this komi, instead of the record's KM and the rule set's default.
    #[arg(long, value_name = "POINTS", allow_hyphen_values = true, value_parser = komi)]
    pub komi: Option<f64>,
}

/// The GTP engine of `--dead engine` and `--dead auto`, on `score`, `batch` and `show`.
#[derive(clap::Args, Debug, Clone)]
pub struct EngineOptions {
    /// The GTP engine that says which stones are dead, as one command line ("gnugo --mode
    /// gtp", "katago gtp -model M.bin.gz -config gtp.cfg"): for every game with `--dead
    /// engine`, and with `--dead auto` for the games whose winner goref's estimate leaves
    /// in doubt. One engine runs per worker, reused from game to game.
    #[arg(long, value_name = "CMD")]
    pub engine: Option<String>,

    /// Time limit per game for the engine, in seconds (replaying the game and answering
    /// final_status_list); an engine past it is stopped, the game gets an error, and a fresh
    /// engine takes the next game. Starting an engine has the same limit, apart.
    #[arg(long, value_name = "SECS", default_value_t = 60.0, value_parser = seconds)]
    pub engine_timeout: f64,
}

impl EngineOptions {
    /// Where the dead stones come from: `dead`, with the engine filled in for `--dead
    /// engine`, and for `--dead auto` the engine asked about the games whose winner the
    /// estimate leaves in doubt. The pool is started once, so a command that cannot work
    /// is an error before any game. Usage errors: `--dead engine` without `--engine`, or
    /// `--engine` with a `--dead` other than `engine` or `auto`.
    pub fn dead_plan(&self, dead: DeadChoice) -> Result<DeadPlan> {
        match (&dead, &self.engine) {
            (DeadChoice::Engine(_), None) => {
                bail!("--dead engine needs --engine CMD, e.g. --engine \"gnugo --mode gtp\"")
            }
            (DeadChoice::Engine(_), Some(text)) => Ok(DeadPlan::from(DeadChoice::Engine(
                EngineDead::Ask(self.pool(text)?),
            ))),
            (DeadChoice::Auto, Some(text)) => Ok(DeadPlan {
                choice: DeadChoice::Auto,
                when_unsure: Some(self.pool(text)?),
            }),
            (_, Some(_)) => bail!(
                "--engine is used only with --dead engine (the engine decides every count) \
                 or --dead auto (the engine decides where goref's estimate leaves the winner \
                 in doubt)"
            ),
            (_, None) => Ok(DeadPlan::from(dead)),
        }
    }

    /// The engines of `--engine CMD`, one started and checked.
    fn pool(&self, text: &str) -> Result<Arc<EnginePool>> {
        let command = EngineCommand::parse(text).map_err(|e| anyhow::anyhow!("--engine: {e}"))?;
        // What an engine starts outside its process group (a `setsid` helper) is ended
        // with it, where the system allows (docs/cli.md).
        goref::gtp::adopt_orphans();
        let limit = Duration::from_secs_f64(self.engine_timeout);
        let pool = EnginePool::new(
            command,
            EngineLimits {
                start: limit,
                game: limit,
            },
        );
        pool.check().map_err(|e| anyhow::anyhow!("--engine: {e}"))?;
        Ok(Arc::new(pool))
    }

    /// The longest one game can take with the engine: starting one, then the game.
    pub fn worst_case(&self, dead: &DeadPlan) -> Duration {
        if matches!(dead.choice, DeadChoice::Engine(_)) || dead.when_unsure.is_some() {
            Duration::from_secs_f64(self.engine_timeout * 2.0)
        } else {
            Duration::ZERO
        }
    }
}

/// `--engine-timeout`: a positive number of seconds, at most a day.
fn seconds(text: &str) -> Result<f64, ParseError> {
    match text.trim().parse::<f64>() {
        Ok(secs) if secs > 0.0 && secs <= 86_400.0 => Ok(secs),
        _ => Err("must be a number of seconds above 0 and at most 86400".into()),
    }
}

/// The rule sets of `--rules`, in the order given.
#[derive(Debug, Clone)]
pub struct RuleList(Vec<RuleSet>);

impl Overrides {
    /// The choice of `preset` (none: each record's `RU`) with these overrides.
    pub fn on(&self, preset: Option<RuleSet>) -> RulesChoice {
        RulesChoice {
            preset,
            ko: self.ko,
            suicide: self.suicide,
            komi: self.komi,
        }
    }
}

impl RuleOptions {
    /// The user's choice of rule set and overrides.
    pub fn choice(&self) -> RulesChoice {
        self.overrides.on(self.rules.clone())
    }
}

impl RuleListOptions {
    /// One [`RulesChoice`] per rule set of `--rules` (one that follows each record's `RU`
    /// when `--rules` is absent), each with the `--ko`, `--suicide` and `--komi`
    /// overrides.
    pub fn choices(&self) -> Vec<RulesChoice> {
        match &self.rules {
            Some(RuleList(list)) => list
                .iter()
                .map(|preset| self.overrides.on(Some(preset.clone())))
                .collect(),
            None => vec![self.overrides.on(None)],
        }
    }
}

/// An error of a value parser: the library's own error, or a sentence.
type ParseError = Box<dyn std::error::Error + Send + Sync>;

/// `--rules` as a comma-separated list of rule sets, each once.
fn rule_list(text: &str) -> Result<RuleList, ParseError> {
    let names = split_rule_list(text);
    if names.is_empty() {
        return Err("name at least one rule set (`goref rules` lists them)".into());
    }
    let mut list: Vec<RuleSet> = Vec::new();
    for name in &names {
        let rules = name.parse::<RuleSet>()?;
        // Two spellings of one rule set (`jp,japanese`) are one rule set: the first
        // stays, in its place.
        if !list.contains(&rules) {
            list.push(rules);
        }
    }
    Ok(RuleList(list))
}

/// `--rules` of `validate`: one rule set. A list is refused with what to do instead, not
/// read as one unknown name.
fn one_rule_set(text: &str) -> Result<RuleSet, ParseError> {
    if split_rule_list(text).len() > 1 {
        return Err(
            "validate checks each game under one rule set: give one (score and batch take a list)"
                .into(),
        );
    }
    Ok(text.parse::<RuleSet>()?)
}

/// Split `--rules` on commas. A piece that is only digits continues the one before it:
/// the `sizes` knob takes a comma-separated list (`aga+sizes=9,13,chinese`).
fn split_rule_list(list: &str) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for piece in list.split(',') {
        let piece = piece.trim();
        if piece.is_empty() {
            continue;
        }
        match names.last_mut() {
            Some(last) if piece.chars().all(|c| c.is_ascii_digit()) => {
                last.push(',');
                last.push_str(piece);
            }
            _ => names.push(piece.to_string()),
        }
    }
    names
}

/// `--komi`: a finite number.
fn komi(text: &str) -> Result<f64, ParseError> {
    match text.trim().parse::<f64>() {
        Ok(komi) if komi.is_finite() => Ok(komi),
        _ => Err("must be a number such as 6.5".into()),
    }
}

/// `--dead` of `score`: `auto`, `markup`, `estimate`, `proven`, `none`, or a
/// comma-separated list of points in `D4` or SGF form, each naming its whole chain.
pub fn dead_choice(text: &str) -> Result<DeadChoice, ParseError> {
    match text.trim().to_ascii_lowercase().as_str() {
        "auto" => return Ok(DeadChoice::Auto),
        "markup" => return Ok(DeadChoice::Markup),
        "estimate" => return Ok(DeadChoice::Estimate),
        "proven" => return Ok(DeadChoice::Proven),
        "none" => return Ok(DeadChoice::None),
        "engine" => return Ok(DeadChoice::Engine(EngineDead::Unset)),
        _ => {}
    }
    let names = text
        .split(',')
        .filter(|t| !t.trim().is_empty())
        .map(PointName::parse)
        .collect::<Result<Vec<_>, PointNameError>>()?;
    if names.is_empty() {
        return Err(
            "give auto, markup, estimate, proven, none, engine, or points such as D4,Q16 or dd,pp"
                .into(),
        );
    }
    Ok(DeadChoice::Named(names))
}

/// `--dead` of `batch` and `standings`: a source of dead stones, never points (points
/// name the dead stones of one game). `--help` lists the sources; a value that is not
/// one says which commands take points, or which source it most likely meant.
pub fn dead_source() -> DeadSource {
    DeadSource
}

/// The value parser of [`dead_source`].
#[derive(Clone)]
pub struct DeadSource;

/// The sources `--dead` of `batch` and `standings` takes, with their help.
const SOURCES: [(&str, &str); 6] = [
    (
        "auto",
        "The record's TB/TW markup when it has some, else goref's estimate",
    ),
    ("markup", "Only the record's markup"),
    (
        "estimate",
        "goref's estimate of the dead stones, whatever the markup says",
    ),
    (
        "proven",
        "What goref can prove dead (Benson's algorithm), every other stone alive",
    ),
    ("none", "Every stone alive"),
    ("engine", "What the GTP engine of --engine says"),
];

impl TypedValueParser for DeadSource {
    type Value = DeadChoice;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<DeadChoice, clap::Error> {
        StringValueParser::new()
            .try_map(|text| source_of(&text))
            .parse_ref(cmd, arg, value)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(
            SOURCES
                .iter()
                .map(|(name, help)| PossibleValue::new(*name).help(*help)),
        ))
    }
}

/// A source of dead stones named by `text`.
fn source_of(text: &str) -> Result<DeadChoice, ParseError> {
    let names: Vec<&str> = SOURCES.iter().map(|(name, _)| *name).collect();
    let sources = "give a source: auto, markup, estimate, proven, none or engine";
    match dead_choice(text) {
        Ok(DeadChoice::Named(_)) => Err(format!(
            "points name the dead stones of one game, so only `goref score` and `goref show` take them; {sources}"
        )
        .into()),
        Ok(choice) => Ok(choice),
        Err(_) => Err(
            match closest(&text.trim().to_ascii_lowercase(), names.into_iter()) {
                Some(name) => format!("did you mean {name}? ({sources})"),
                None => sources.to_string(),
            }
            .into(),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use goref::rules::ParseRulesError;

    #[test]
    fn rule_lists_split_on_commas_but_keep_size_lists() {
        assert_eq!(split_rule_list("japanese,chinese"), ["japanese", "chinese"]);
        assert_eq!(
            split_rule_list("aga+sizes=9,13,19, chinese"),
            ["aga+sizes=9,13,19", "chinese"]
        );
        assert!(split_rule_list(" , ").is_empty());
    }

    #[test]
    fn a_bad_rule_set_says_what_is_wrong_with_it() {
        let error = rule_list("chinese,aga+ko=foo").unwrap_err();
        assert_eq!(
            error.to_string(),
            "`foo` is not a ko rule: expected `simple`, `positional`, `situational`, `natural-situational`"
        );
        let error = error
            .downcast::<ParseRulesError>()
            .expect("the library's own error");
        assert!(matches!(*error, ParseRulesError::BadValue { .. }));
        assert!(rule_list(" , ").is_err());
    }

    #[test]
    fn dead_stones_are_a_source_or_points() {
        assert_eq!(dead_choice("AUTO").unwrap(), DeadChoice::Auto);
        assert_eq!(
            dead_choice("D4,dd").unwrap(),
            DeadChoice::Named(vec![
                PointName::D4 { column: 3, row: 4 },
                PointName::Sgf(goref::Point::new(3, 3))
            ])
        );
        let error = dead_choice("D4,I5").unwrap_err();
        assert!(error.downcast_ref::<PointNameError>().is_some(), "{error}");
        assert!(dead_choice(",").is_err());
    }
}

/// `--variations`, flattened into the commands that replay records.
#[derive(clap::Args, Debug, Default, Clone, Copy)]
pub struct VariationOptions {
    /// Replay every side line of the game tree too, and report its findings with the
    /// line they are on (`variation 13.2`). Without it only the main line is replayed,
    /// and a record with variations gets a warning saying how many were not checked.
    #[arg(long)]
    pub variations: bool,
}
