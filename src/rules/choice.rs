//! Which rule set applies to a record: the user's choice of preset and overrides, else the
//! record's own `RU` when goref recognises it, else the rules of the server its `PC` names
//! when goref knows them (NNGS, IGS), else [`DEFAULT_PRESET`].

use serde::Serialize;

use super::{DEFAULT_PRESET, KoRule, RuleSet, Suicide};
use crate::sgf::GameRecord;

/// What the user asked for: a preset (or none, to follow each record's `RU`) and the
/// knobs to override on whatever preset applies.
#[derive(Debug, Clone, Default)]
pub struct RulesChoice {
    pub preset: Option<RuleSet>,
    pub ko: Option<KoRule>,
    pub suicide: Option<Suicide>,
    pub komi: Option<f64>,
}

/// Where the rule set of a game came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum RulesOrigin {
    /// The user's choice (the command line's `--rules`).
    Option,
    /// The record's `RU`.
    Record,
    /// The server the record's `PC` names, whose records carry no `RU` (NNGS, IGS).
    Place,
    /// Neither: the default preset.
    Default,
}

/// The rule set that applies to one record, and why.
#[derive(Debug, Clone)]
pub struct Resolved {
    pub rules: RuleSet,
    pub origin: RulesOrigin,
    /// The record's `RU` as written, when it names a rule set goref does not recognise
    /// (the default preset is used instead).
    pub unrecognised_ru: Option<String>,
    /// The user chose the komi ([`RulesChoice::komi`], already in `rules`): it replaces
    /// the record's `KM`.
    pub komi_chosen: bool,
}

impl RulesChoice {
    /// The rule set's printed name where no record says more: the chosen preset, else
    /// [`DEFAULT_PRESET`]. Rows for unreadable files and games carry it.
    pub fn name(&self) -> String {
        self.preset
            .as_ref()
            .map_or_else(|| DEFAULT_PRESET.to_string(), |r| r.name.clone())
    }

    /// The rule set for `record`: the chosen preset, else the record's `RU` when goref
    /// recognises it, else (no `RU` at all) the rules of the server its `PC` names, else
    /// [`DEFAULT_PRESET`]; then the overrides.
    pub fn resolve(&self, record: &GameRecord) -> Resolved {
        let (base, origin, unrecognised_ru) = match &self.preset {
            Some(preset) => (preset.clone(), RulesOrigin::Option, None),
            None => match record.rules.as_deref().map(str::trim) {
                Some(ru) if !ru.is_empty() => match RuleSet::from_ru(ru) {
                    Some(rules) => (rules, RulesOrigin::Record, None),
                    None => (
                        RuleSet::default(),
                        RulesOrigin::Default,
                        Some(ru.to_string()),
                    ),
                },
                _ => match record.place.as_deref().and_then(super::from_place) {
                    Some(rules) => (rules, RulesOrigin::Place, None),
                    None => (RuleSet::default(), RulesOrigin::Default, None),
                },
            },
        };
        Resolved {
            rules: self.apply_overrides(base),
            origin,
            unrecognised_ru,
            komi_chosen: self.komi.is_some(),
        }
    }

    fn apply_overrides(&self, mut rules: RuleSet) -> RuleSet {
        if let Some(ko) = self.ko {
            rules = rules.with_ko(ko);
        }
        if let Some(suicide) = self.suicide {
            rules = rules.with_suicide(suicide);
        }
        if let Some(komi) = self.komi {
            rules = rules.with_komi(komi);
        }
        rules
    }
}
