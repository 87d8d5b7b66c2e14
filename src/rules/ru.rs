//! `RU` as records write it: preset names and aliases, the spellings of servers and SGF
//! editors (`Japanese`, `New Zealand`, `GOE`), and KataGo's names and rule strings, read
//! case-insensitively into a [`RuleSet`]. Unknown text is `None`.

use super::katago::KataGo;
use super::{PassRule, RuleSet, aga};

/// The `RU` key a value is looked up by: lower case, without spaces, `-`, `_`, `.`, and
/// without a trailing "rules"/"rule".
fn ru_key(text: &str) -> String {
    let key: String = text
        .chars()
        .filter(|c| !matches!(c, ' ' | '-' | '_' | '.' | '\t'))
        .flat_map(char::to_lowercase)
        .collect();
    for suffix in ["rules", "rule"] {
        if let Some(stem) = key.strip_suffix(suffix)
            && !stem.is_empty()
        {
            return stem.to_string();
        }
    }
    key
}

/// Named `RU` spellings, by [`ru_key`], and the preset each means. Preset names and
/// aliases are found before this table is consulted.
const RU_NAMES: &[(&str, &str)] = &[
    ("japanese", "japanese"),
    ("japan", "japanese"),
    ("ja", "japanese"),
    ("jpn", "japanese"),
    ("chinese", "chinese"),
    ("china", "chinese"),
    ("chn", "chinese"),
    // KataGo's names for Chinese rules with superko, as OGS and KGS play them.
    ("chineseogs", "chinese"),
    ("chinesekgs", "chinese"),
    ("korean", "korean"),
    ("korea", "korean"),
    ("kr", "korean"),
    ("kor", "korean"),
    ("aga", "aga"),
    ("american", "aga"),
    ("usa", "aga"),
    // KataGo reads the British and French rules as its AGA rules.
    ("bga", "aga"),
    ("french", "aga"),
    ("aga1991", "aga-1991"),
    ("ace", "ace"),
    ("wmsg", "wmsg"),
    ("wmsg2008", "wmsg"),
    ("sjtu", "sjtu"),
    ("nz", "nz"),
    ("newzealand", "nz"),
    ("tromptaylor", "tromp-taylor"),
    ("tt", "tromp-taylor"),
    ("ing", "ing"),
    ("goe", "ing"),
    ("ingsst", "ing"),
    ("sst", "ing"),
];

/// `RU` without goref's `+knob=value` overrides: presets, named spellings, KataGo.
pub(super) fn from_ru_plain(text: &str) -> Option<RuleSet> {
    let text = text.trim();
    if text.is_empty() {
        return None;
    }
    if let Some(rules) = RuleSet::preset(text) {
        return Some(rules);
    }
    let key = ru_key(text);
    if let Some((_, preset)) = RU_NAMES.iter().find(|(spelling, _)| *spelling == key) {
        return RuleSet::preset(preset);
    }
    if key == "agabutton" {
        // KataGo's AGA with a button instead of pass stones, komi 7.
        let mut rules = aga();
        rules.pass_rule = PassRule::Button;
        rules.komi = 7.0;
        return Some(rules.renamed());
    }
    let katago = if text.starts_with('{') {
        KataGo::from_json(text)?
    } else {
        KataGo::from_compact(text)?
    };
    katago.into_rule_set()
}

/// Servers whose records leave out `RU` and whose rules are known, by a word of `PC` (read
/// case-insensitively), with the preset each counted by.
///
/// - NNGS (the No Name Go Server, `PC[NNGS]`, `PC[NNGS Worldwide: ...]`, `PC[cg_nngs]`)
///   counted territory and prisoners; its records never carry `RU`. On the shared corpus,
///   territory counting reproduces the `RE` of its counted games far more often than area
///   counting does (docs/rules.md gives the figures).
/// - IGS (Pandanet), whose server NNGS was modelled on, plays the Japanese rules.
const PLACES: &[(&str, &str)] = &[
    ("nngs", "japanese"),
    ("igs", "japanese"),
    ("pandanet", "japanese"),
];

/// The rule set of the server `PC` names, when goref knows it (see [`PLACES`]).
pub(super) fn from_place(place: &str) -> Option<RuleSet> {
    let lower = place.to_lowercase();
    for word in lower.split(|c: char| !c.is_alphanumeric()) {
        if let Some(&(_, preset)) = PLACES.iter().find(|(server, _)| *server == word) {
            return RuleSet::preset(preset);
        }
    }
    None
}
