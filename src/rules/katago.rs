//! KataGo's rule strings, as KataGo writes them in `RU`: the compact form
//! (`koPOSITIONALscoreAREAtaxNONEsui1komi7.5`) and the JSON form, read into KataGo's own
//! knobs and then mapped onto the closest goref preset. Unknown text is `None`; nothing
//! here panics.

use super::{
    Counting, Cycle, DeadStoneRule, HandicapBonus, KoRule, PassRule, RuleSet, SekiPoints, Suicide,
    aga, chinese, ing, japanese, nz, tromp_taylor,
};

/// KataGo's ko rules: goref's own, plus Spight's, which goref approximates.
#[derive(Debug, Clone, Copy, PartialEq)]
enum KataKo {
    Rule(KoRule),
    Spight,
}

/// KataGo's "tax": which empty points are not counted.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Tax {
    /// Every surrounded point counts.
    None,
    /// No points inside seki.
    Seki,
    /// Also two points per separately living area (ancient group tax): goref has no
    /// such rule.
    All,
}

/// The knobs of a KataGo rule string, before they are mapped onto a preset.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct KataGo {
    ko: KataKo,
    counting: Counting,
    tax: Option<Tax>,
    suicide: Suicide,
    pass_rule: PassRule,
    bonus: HandicapBonus,
    /// `fpok` (friendly pass ok): whether dead stones may stay on the board at the end.
    dead_stones: DeadStoneRule,
    komi: Option<f64>,
}

impl Default for KataGo {
    /// KataGo's defaults for whatever a string leaves out (Tromp-Taylor-like).
    fn default() -> KataGo {
        KataGo {
            ko: KataKo::Rule(KoRule::Positional),
            counting: Counting::Area,
            tax: None,
            suicide: Suicide::Allowed,
            pass_rule: PassRule::Plain,
            bonus: HandicapBonus::None,
            dead_stones: DeadStoneRule::AllAlive,
            komi: None,
        }
    }
}

const KATA_KO: [(&str, KataKo); 4] = [
    ("simple", KataKo::Rule(KoRule::Simple)),
    ("positional", KataKo::Rule(KoRule::Positional)),
    ("situational", KataKo::Rule(KoRule::Situational)),
    ("spight", KataKo::Spight),
];
const KATA_SCORE: [(&str, Counting); 2] =
    [("area", Counting::Area), ("territory", Counting::Territory)];
const KATA_TAX: [(&str, Tax); 3] = [("none", Tax::None), ("seki", Tax::Seki), ("all", Tax::All)];
const KATA_SUICIDE: [(&str, Suicide); 2] = [("1", Suicide::Allowed), ("0", Suicide::Forbidden)];
const KATA_BUTTON: [(&str, PassRule); 2] = [("1", PassRule::Button), ("0", PassRule::Plain)];
// `n-1` before `n`: the first matching prefix wins.
const KATA_BONUS: [(&str, HandicapBonus); 3] = [
    ("0", HandicapBonus::None),
    ("n-1", HandicapBonus::NMinusOne),
    ("n", HandicapBonus::N),
];
const KATA_FPOK: [(&str, DeadStoneRule); 2] =
    [("1", DeadStoneRule::Agreed), ("0", DeadStoneRule::AllAlive)];

/// The first of `options` that `s` starts with, and the rest of `s`.
fn take<'a, T: Copy>(s: &'a str, options: &[(&str, T)]) -> Option<(T, &'a str)> {
    options
        .iter()
        .find_map(|&(word, value)| s.strip_prefix(word).map(|rest| (value, rest.trim_start())))
}

/// `yes` or `no` as the JSON boolean `value` says.
fn flag<T>(value: &serde_json::Value, yes: T, no: T) -> Option<T> {
    value.as_bool().map(|b| if b { yes } else { no })
}

/// The one of `options` that `s` is, whole.
fn whole<T: Copy>(s: &str, options: &[(&str, T)]) -> Option<T> {
    match take(&s.trim().to_ascii_lowercase(), options) {
        Some((value, "")) => Some(value),
        _ => None,
    }
}

impl KataGo {
    /// KataGo's compact form: `ko`, `score`/`scoring`, `tax`, `sui`, `button`, `whb`,
    /// `fpok` and `komi`, each followed by its value, in any order. At least one rule
    /// (not only a komi) must be present.
    pub(super) fn from_compact(text: &str) -> Option<KataGo> {
        let lower = text.to_ascii_lowercase();
        let mut rest = lower.trim();
        let mut rules = KataGo::default();
        let mut has_rule = false;
        while !rest.is_empty() {
            // `komi` before `ko`, `scoring` before `score`: both share a prefix.
            if let Some(after) = rest.strip_prefix("komi") {
                let end = after
                    .find(|c: char| c.is_ascii_alphabetic() || c.is_whitespace())
                    .unwrap_or(after.len());
                let komi: f64 = after[..end].parse().ok()?;
                if !komi.is_finite() {
                    return None;
                }
                rules.komi = Some(komi);
                rest = after[end..].trim_start();
                continue;
            }
            has_rule = true;
            rest = if let Some(after) = rest.strip_prefix("ko") {
                let (ko, after) = take(after.trim_start(), &KATA_KO)?;
                rules.ko = ko;
                after
            } else if let Some(after) = rest
                .strip_prefix("scoring")
                .or_else(|| rest.strip_prefix("score"))
            {
                let (counting, after) = take(after.trim_start(), &KATA_SCORE)?;
                rules.counting = counting;
                after
            } else if let Some(after) = rest.strip_prefix("tax") {
                let (tax, after) = take(after.trim_start(), &KATA_TAX)?;
                rules.tax = Some(tax);
                after
            } else if let Some(after) = rest.strip_prefix("sui") {
                let (suicide, after) = take(after.trim_start(), &KATA_SUICIDE)?;
                rules.suicide = suicide;
                after
            } else if let Some(after) = rest.strip_prefix("button") {
                let (pass_rule, after) = take(after.trim_start(), &KATA_BUTTON)?;
                rules.pass_rule = pass_rule;
                after
            } else if let Some(after) = rest.strip_prefix("whb") {
                let (bonus, after) = take(after.trim_start(), &KATA_BONUS)?;
                rules.bonus = bonus;
                after
            } else if let Some(after) = rest.strip_prefix("fpok") {
                let (dead_stones, after) = take(after.trim_start(), &KATA_FPOK)?;
                rules.dead_stones = dead_stones;
                after
            } else {
                return None;
            };
        }
        has_rule.then_some(rules)
    }

    /// KataGo's JSON form: `{"ko":"POSITIONAL","scoring":"AREA","tax":"NONE",
    /// "suicide":true,"hasButton":false,"whiteHandicapBonus":"0","friendlyPassOk":false,
    /// "komi":7.5}`, any subset, no other keys.
    pub(super) fn from_json(text: &str) -> Option<KataGo> {
        let value: serde_json::Value = serde_json::from_str(text).ok()?;
        let object = value.as_object()?;
        let mut rules = KataGo::default();
        let mut has_rule = false;
        for (key, value) in object {
            let word = || value.as_str();
            match key.as_str() {
                "komi" => {
                    let komi = value.as_f64().filter(|k| k.is_finite())?;
                    rules.komi = Some(komi);
                    continue;
                }
                "ko" => rules.ko = whole(word()?, &KATA_KO)?,
                "score" | "scoring" => rules.counting = whole(word()?, &KATA_SCORE)?,
                "tax" => rules.tax = Some(whole(word()?, &KATA_TAX)?),
                "suicide" => rules.suicide = flag(value, Suicide::Allowed, Suicide::Forbidden)?,
                "hasButton" => rules.pass_rule = flag(value, PassRule::Button, PassRule::Plain)?,
                "whiteHandicapBonus" => rules.bonus = whole(word()?, &KATA_BONUS)?,
                "friendlyPassOk" => {
                    rules.dead_stones = flag(value, DeadStoneRule::Agreed, DeadStoneRule::AllAlive)?
                }
                _ => return None,
            }
            has_rule = true;
        }
        has_rule.then_some(rules)
    }

    /// Map onto the closest preset, then override the knobs that differ. `None` for the
    /// group tax (`taxALL`), which goref cannot count.
    pub(super) fn into_rule_set(self) -> Option<RuleSet> {
        // KataGo's own default when no tax is given.
        let tax = self.tax.unwrap_or(match self.counting {
            Counting::Area => Tax::None,
            Counting::Territory => Tax::Seki,
        });
        let seki = match tax {
            Tax::None => SekiPoints::Counted,
            Tax::Seki => SekiPoints::NotCounted,
            Tax::All => return None,
        };
        // Spight's ko rule ends cycles without superko; simple ko with no result is
        // goref's nearest reading.
        let (ko, cycle) = match self.ko {
            KataKo::Rule(ko) => (ko, None),
            KataKo::Spight => (KoRule::Simple, Some(Cycle::NoResult)),
        };
        let distance = |rules: &RuleSet| {
            let mut d = 0;
            // AGA and ACE allow their second counting method by agreement.
            if rules.counting_alternative == Some(self.counting) {
                d += 1;
            } else if rules.counting != self.counting {
                d += 4;
            }
            if rules.ko != ko {
                d += 2;
            }
            if rules.suicide != self.suicide {
                d += 2;
            }
            if rules.seki != seki {
                d += 1;
            }
            if rules.handicap_bonus != self.bonus {
                d += 1;
            }
            if (rules.pass_rule == PassRule::Button) != (self.pass_rule == PassRule::Button) {
                d += 1;
            }
            d
        };
        // Ties go to the earlier candidate.
        let mut rules = [chinese(), japanese(), aga(), nz(), tromp_taylor(), ing()]
            .into_iter()
            .min_by_key(|r| distance(r))
            .unwrap_or_else(tromp_taylor);

        rules.ko = ko;
        if let Some(cycle) = cycle {
            rules.cycle = cycle;
        }
        rules.suicide = self.suicide;
        if rules.counting != self.counting {
            rules.counting_alternative = match rules.counting_alternative {
                Some(alternative) if alternative == self.counting => Some(rules.counting),
                _ => None,
            };
            rules.counting = self.counting;
        }
        rules.seki = seki;
        rules.handicap_bonus = self.bonus;
        if self.pass_rule == PassRule::Button {
            rules.pass_rule = PassRule::Button;
        }
        // Friendly passing only matters where the final position is counted by area.
        if self.counting == Counting::Area {
            rules.dead_stones = self.dead_stones;
        }
        match self.komi {
            Some(komi) => {
                rules.komi = komi;
                rules.handicap_komi = komi;
            }
            // KataGo's default komi when a string gives none.
            None => {
                rules.komi = if self.counting == Counting::Territory {
                    6.5
                } else if self.pass_rule == PassRule::Button {
                    7.0
                } else {
                    7.5
                }
            }
        }
        Some(rules.renamed())
    }
}
