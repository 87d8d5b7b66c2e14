//! The options several subcommands share, read into the library's types: the rule sets
//! (`--rules`, `--ko`, `--suicide`, `--komi`) and the dead stones (`--dead`).

use anyhow::{Result, anyhow};
use goref::life::DeadChoice;
use goref::point::PointName;
use goref::rules::{self, KoRule, RuleSet, RulesChoice, Suicide};

/// Rule options of `validate`, which checks each game under one rule set.
#[derive(clap::Args, Debug, Clone)]
pub struct RuleOptions {
    /// Rule set preset (see `goref rules`). Default: the record's RU when goref knows it,
    /// else chinese.
    #[arg(long, value_name = "PRESET")]
    pub rules: Option<String>,

    /// Override the ko rule: simple, positional, situational or natural-situational.
    #[arg(long, value_name = "RULE")]
    pub ko: Option<String>,

    /// Override the suicide rule: allowed or forbidden.
    #[arg(long, value_name = "RULE")]
    pub suicide: Option<String>,

    /// Override the komi of the rule set.
    #[arg(long, value_name = "POINTS", allow_hyphen_values = true)]
    pub komi: Option<f64>,
}

/// Rule options of `score` and `batch`, which check every game under each of several rule
/// sets; read through [`RuleOptions`].
#[derive(clap::Args, Debug, Clone)]
pub struct RuleListOptions {
    /// Rule sets, separated by commas (`japanese,chinese,aga`); each is a preset, an alias
    /// or a one-line form (`aga+counting=territory`), and every game gets a result under
    /// each. Default: the record's RU when goref knows it, else chinese.
    #[arg(long, value_name = "PRESET[,PRESET...]")]
    pub rules: Option<String>,

    /// Override the ko rule of every rule set: simple, positional, situational or
    /// natural-situational.
    #[arg(long, value_name = "RULE")]
    pub ko: Option<String>,

    /// Override the suicide rule of every rule set: allowed or forbidden.
    #[arg(long, value_name = "RULE")]
    pub suicide: Option<String>,

    /// Count with this komi under every rule set, instead of the record's KM and the rule
    /// set's default.
    #[arg(long, value_name = "POINTS", allow_hyphen_values = true)]
    pub komi: Option<f64>,
}

impl RuleListOptions {
    /// One [`RulesChoice`] per rule set of `--rules`, as [`RuleOptions::choices`].
    pub fn choices(&self) -> Result<Vec<RulesChoice>> {
        RuleOptions {
            rules: self.rules.clone(),
            ko: self.ko.clone(),
            suicide: self.suicide.clone(),
            komi: self.komi,
        }
        .choices()
    }
}

impl RuleOptions {
    /// One [`RulesChoice`] per rule set of `--rules` read as a comma-separated list (one
    /// that follows each record's `RU` when `--rules` is absent), each with the `--ko`,
    /// `--suicide` and `--komi` overrides: `score` and `batch` take several rule sets.
    pub fn choices(&self) -> Result<Vec<RulesChoice>> {
        let Some(list) = &self.rules else {
            return Ok(vec![self.choice()?]);
        };
        let names = split_rule_list(list);
        if names.is_empty() {
            return Err(anyhow!(
                "--rules {list}: name at least one rule set (`goref rules` lists them)"
            ));
        }
        names
            .into_iter()
            .map(|name| {
                RuleOptions {
                    rules: Some(name),
                    ..self.clone()
                }
                .choice()
            })
            .collect()
    }

    /// Turn the options into a [`RulesChoice`], with errors that name the flag.
    pub fn choice(&self) -> Result<RulesChoice> {
        let preset = self.rules.as_deref().map(parse_preset).transpose()?;
        let ko = self
            .ko
            .as_deref()
            .map(|s| {
                s.parse::<KoRule>().map_err(|_| {
                    anyhow!(
                        "--ko {s}: unknown ko rule (use simple, positional, situational or natural-situational)"
                    )
                })
            })
            .transpose()?;
        let suicide = self
            .suicide
            .as_deref()
            .map(|s| {
                s.parse::<Suicide>()
                    .map_err(|_| anyhow!("--suicide {s}: use allowed or forbidden"))
            })
            .transpose()?;
        if let Some(k) = self.komi
            && !k.is_finite()
        {
            return Err(anyhow!("--komi must be a number such as 6.5"));
        }
        Ok(RulesChoice {
            preset,
            ko,
            suicide,
            komi: self.komi,
        })
    }
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

/// A preset by name or alias, with an error that lists what exists.
pub fn parse_preset(name: &str) -> Result<RuleSet> {
    name.parse::<RuleSet>().map_err(|_| {
        let names: Vec<String> = rules::presets().iter().map(|r| r.name.clone()).collect();
        anyhow!(
            "--rules {name}: unknown rule set (known presets: {}; `goref rules` describes them)",
            names.join(", ")
        )
    })
}

/// Read `--dead`: `auto`, `markup`, `none`, or a comma-separated list of points in `D4`
/// or SGF form, each naming its whole chain.
pub fn parse_dead(text: &str) -> Result<DeadChoice> {
    match text.trim().to_ascii_lowercase().as_str() {
        "auto" => return Ok(DeadChoice::Auto),
        "markup" => return Ok(DeadChoice::Markup),
        "none" => return Ok(DeadChoice::None),
        _ => {}
    }
    let names = text
        .split(',')
        .filter(|t| !t.trim().is_empty())
        .map(PointName::parse)
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| anyhow!("--dead {text}: {e}"))?;
    if names.is_empty() {
        return Err(anyhow!(
            "--dead {text}: give auto, markup, none, or points such as D4,Q16 or dd,pp"
        ));
    }
    Ok(DeadChoice::Named(names))
}

#[cfg(test)]
mod tests {
    use super::split_rule_list;

    #[test]
    fn rule_lists_split_on_commas_but_keep_size_lists() {
        assert_eq!(split_rule_list("japanese,chinese"), ["japanese", "chinese"]);
        assert_eq!(
            split_rule_list("aga+sizes=9,13,19, chinese"),
            ["aga+sizes=9,13,19", "chinese"]
        );
        assert!(split_rule_list(" , ").is_empty());
    }
}
