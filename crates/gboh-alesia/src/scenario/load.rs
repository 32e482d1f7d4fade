//! Validation: a raw [`ScenarioDef`] into a [`Scenario`], against a counter
//! mix and a map, collecting every problem, each located in the file.

use crate::map::{Board, SiegeWorks};
use std::collections::BTreeSet;

use crate::leader::{LeaderId, Rank};
use gboh_core::Side;
use gboh_core::board::hex_line;
use gboh_core::data::{DataError, Problems, parse_ron};
use gboh_core::unit::UnitType;
use hexx::Hex;

use super::def::{
    DeploymentRuleKindDef, GallicForcesDef, LeaderWhoDef, RomanForcesDef, ScenarioDef,
    UnitCountDef, ValueDef,
};
use super::{
    AlesiaForceEntry, Completion, DefaultChoice, DeploymentRule, GallicForces, KNOWN_MAPS,
    LeaderRequirement, LegionRequirement, PolicyUse, RomanForces, Scenario, ScenarioItem,
    UnitRequirement,
};
use crate::counters::CounterMix;

/// Finds where things are written, skipping `//` comments.
struct Text<'t> {
    text: &'t str,
    comments: Vec<(usize, usize)>,
}

impl<'t> Text<'t> {
    fn new(text: &'t str) -> Self {
        let mut comments = Vec::new();
        let bytes = text.as_bytes();
        let mut in_str = false;
        let mut i = 0;
        while let Some(&b) = bytes.get(i) {
            match b {
                b'\\' if in_str => i += 1,
                b'"' => in_str = !in_str,
                b'/' if !in_str && bytes.get(i + 1) == Some(&b'/') => {
                    let end =
                        text.get(i..).and_then(|r| r.find('\n')).map_or(text.len(), |e| i + e);
                    comments.push((i, end));
                    i = end;
                }
                b'\n' => in_str = false,
                _ => {}
            }
            i += 1;
        }
        Text { text, comments }
    }

    fn in_comment(&self, at: usize) -> bool {
        self.comments.iter().any(|&(s, e)| at >= s && at < e)
    }

    /// The first occurrence of `needle` at or after `from`, outside comments.
    fn find(&self, from: usize, needle: &str) -> Option<usize> {
        if needle.is_empty() {
            return None;
        }
        let rest = self.text.get(from..)?;
        rest.match_indices(needle).map(|(i, _)| from + i).find(|&at| !self.in_comment(at))
    }

    /// The offset of `key:` (a field name) at or after `from`.
    fn key(&self, from: usize, key: &str) -> Option<usize> {
        let mut start = from;
        loop {
            let at = self.find(start, key)?;
            let before_ok = at == 0
                || self
                    .text
                    .get(..at)
                    .and_then(|b| b.chars().next_back())
                    .is_none_or(|c| !(c.is_alphanumeric() || c == '_'));
            let after_ok =
                self.text.get(at + key.len()..).is_some_and(|r| r.trim_start().starts_with(':'));
            if before_ok && after_ok {
                return Some(at);
            }
            start = at + key.len();
        }
    }

    /// The offset of the last step of `path`: keys in order, then (if the
    /// last step is quoted or not a key) the text itself.
    fn path(&self, keys: &[&str], needle: Option<&str>) -> Option<(usize, String)> {
        let mut at = 0;
        let mut last = keys.last().map(|k| (*k).to_owned()).unwrap_or_default();
        for k in keys {
            at = self.key(at, k)?;
        }
        if let Some(n) = needle {
            at = self.find(at, n)?;
            last = n.to_owned();
        }
        Some((at, last))
    }
}

struct Checker<'a> {
    problems: Problems<'a>,
    text: Text<'a>,
}

impl Checker<'_> {
    /// Records a problem with `item`, located at `needle` after the keys of
    /// `path` (or at the item's first quoted occurrence).
    fn at(&mut self, item: &str, keys: &[&str], needle: Option<&str>, message: impl Into<String>) {
        match self.text.path(keys, needle) {
            Some((offset, needle)) => {
                let n = self
                    .text
                    .text
                    .match_indices(needle.as_str())
                    .take_while(|(i, _)| *i < offset)
                    .count();
                self.problems.at_nth(item, &needle, n, message);
            }
            None => self.problems.item(item, message),
        }
    }

    /// A problem about a quoted value `s` after `keys`.
    fn quoted(&mut self, s: &str, keys: &[&str], message: impl Into<String>) {
        let needle = format!("\"{s}\"");
        self.at(s, keys, Some(&needle), message);
    }
}

/// Parses and validates a scenario file.
pub(super) fn load(
    file: &str,
    text: &str,
    mix: &CounterMix,
    board: &Board,
) -> Result<Scenario, DataError> {
    let def: ScenarioDef = parse_ron(file, text)?;
    let mut c = Checker { problems: Problems::new(file, text), text: Text::new(text) };
    if def.id.trim().is_empty() {
        c.at("id", &["id"], None, "a scenario needs an id");
    }
    if def.rule.trim().is_empty() {
        c.at("rule", &["rule"], None, "a scenario cites its rule section (12.1)");
    }
    if def.maps.is_empty() {
        c.at("maps", &["maps"], None, "12.0: a scenario uses at least one map");
    }
    let maps = def
        .maps
        .iter()
        .map(|m| {
            if !KNOWN_MAPS.contains(&m.map.as_str()) {
                c.quoted(
                    &m.map,
                    &["maps"],
                    format!("unknown map {:?} (known: {})", m.map, KNOWN_MAPS.join(", ")),
                );
            }
            ScenarioItem {
                value: m.map.clone(),
                provenance: m.provenance.clone(),
                note: m.note.clone(),
            }
        })
        .collect();
    let roman = roman_forces(&mut c, &def.roman, &def.deployment, mix);
    let deployment = def
        .deployment
        .iter()
        .filter_map(|r| {
            deployment_rule(&mut c, &r.rule, def.roman.legions.count, board).map(|value| {
                ScenarioItem { value, provenance: r.provenance.clone(), note: r.note.clone() }
            })
        })
        .collect();
    let gauls = gallic_forces(&mut c, &def.gauls, mix, board);
    let mut seen = BTreeSet::new();
    let mut special_rules = Vec::new();
    for r in &def.special_rules {
        let name = format!("{:?}", r.rule);
        let key = name.split('(').next().unwrap_or_default().to_owned();
        if !seen.insert(key.clone()) {
            c.at(&key, &["special_rules"], Some(&key), "special rule listed twice");
        }
        if r.rule == super::SpecialRule::AssaultPeriods(0) {
            c.at(&key, &["special_rules"], Some(&key), "3.0: at least one Assault Period");
        }
        special_rules.push(ScenarioItem {
            value: r.rule,
            provenance: r.provenance.clone(),
            note: r.note.clone(),
        });
    }
    let policies = def
        .policies
        .iter()
        .map(|p| ScenarioItem {
            value: PolicyUse { policy: p.policy, optional: p.optional },
            provenance: p.provenance.clone(),
            note: p.note.clone(),
        })
        .collect();
    let scenario = Scenario {
        id: def.id,
        name: def.name,
        rule: def.rule,
        provenance: def.provenance,
        completed_from: def.completed_from.map(|cf| Completion {
            rule: cf.rule,
            text_ends_after: cf.text_ends_after,
            note: cf.note,
        }),
        maps,
        roman,
        deployment,
        gauls,
        special_rules,
        policies,
        source: crate::protocol::ScenarioSource { file: file.to_owned(), text: text.to_owned() },
    };
    c.problems.finish(scenario)
}

fn item<T, U>(def: &ValueDef<T>, value: U) -> ScenarioItem<U> {
    ScenarioItem { value, provenance: def.provenance.clone(), note: def.note.clone() }
}

/// Validates unit counts against the Roman contingents of the mix.
fn unit_counts(
    c: &mut Checker<'_>,
    list: &[UnitCountDef],
    keys: &[&str],
    mix: &CounterMix,
) -> Vec<ScenarioItem<UnitRequirement>> {
    let mut out = Vec::new();
    let mut by_type: Vec<(UnitType, u32, String)> = Vec::new();
    for u in list {
        let Ok(unit_type) = u.unit_type.parse::<UnitType>() else {
            c.quoted(&u.unit_type, keys, format!("2.22: unknown unit type {:?}", u.unit_type));
            continue;
        };
        let contingents: Vec<_> = match &u.from {
            Some(id) => match mix.contingent(id) {
                Some(k) => vec![k],
                None => {
                    c.quoted(id, keys, format!("no Roman contingent {id:?} in roman.ron"));
                    continue;
                }
            },
            None => mix.contingents().iter().collect(),
        };
        let available = contingents
            .iter()
            .flat_map(|k| mix.units_of(&k.units))
            .filter(|x| x.unit_type() == unit_type)
            .count();
        if usize::from(u.count) > available {
            c.quoted(
                &u.unit_type,
                keys,
                format!(
                    "the counter mix has {available} Roman {unit_type} outside the legions{}, not {}",
                    u.from.as_deref().map(|f| format!(" in {f}")).unwrap_or_default(),
                    u.count
                ),
            );
        }
        if u.count == 0 {
            c.quoted(&u.unit_type, keys, "a count of 0: leave the line out");
        }
        match by_type.iter_mut().find(|(t, _, _)| *t == unit_type) {
            Some(e) => e.1 += u32::from(u.count),
            None => by_type.push((unit_type, u32::from(u.count), u.unit_type.clone())),
        }
        out.push(ScenarioItem {
            value: UnitRequirement { unit_type, count: u.count, from: u.from.clone() },
            provenance: u.provenance.clone(),
            note: u.note.clone(),
        });
    }
    for (t, total, written) in by_type {
        let available = mix
            .contingents()
            .iter()
            .flat_map(|k| mix.units_of(&k.units))
            .filter(|x| x.unit_type() == t)
            .count();
        if usize::try_from(total).is_ok_and(|n| n > available) {
            c.quoted(
                &written,
                keys,
                format!("{total} {t} in all, but the counter mix has {available}"),
            );
        }
    }
    out
}

fn roman_forces(
    c: &mut Checker<'_>,
    def: &RomanForcesDef,
    deployment: &[super::def::DeploymentRuleDef],
    mix: &CounterMix,
) -> RomanForces {
    let complete = mix
        .legions()
        .iter()
        .filter(|l| {
            mix.leader(l.legate.as_str()).is_some_and(|g| g.is(Rank::Legate))
                && mix.unit(l.scorpio.as_str()).is_some_and(|s| s.unit_type() == UnitType::Scorpio)
        })
        .count();
    let l = &def.legions;
    if l.count == 0 || usize::from(l.count) > complete {
        c.at(
            "legions",
            &["roman", "legions", "count"],
            None,
            format!(
                "2.23: {} legions asked for, the counter mix has {complete} with legate and scorpio",
                l.count
            ),
        );
    }
    let legions = ScenarioItem {
        value: LegionRequirement {
            count: l.count,
            legates: l.legates,
            scorpiones: l.scorpiones,
            aquilae: l.aquilae,
        },
        provenance: l.provenance.clone(),
        note: l.note.clone(),
    };
    let units = unit_counts(c, &def.units, &["roman", "units"], mix);
    let reinforcements = item(
        &def.reinforcements,
        unit_counts(c, &def.reinforcements.value, &["roman", "reinforcements"], mix)
            .into_iter()
            .map(|i| i.value)
            .collect(),
    );
    let mut leaders = Vec::new();
    for p in &def.leaders {
        let value = match &p.who {
            LeaderWhoDef::Named(id) => {
                match mix.leader(id) {
                    Some(l) if l.side == Side::Roman => {}
                    Some(_) => c.quoted(id, &["roman", "leaders"], "not a Roman leader"),
                    None => c.quoted(
                        id,
                        &["roman", "leaders"],
                        format!("no leader {id:?} in leaders.ron"),
                    ),
                }
                LeaderRequirement::Named(LeaderId::from(id.as_str()))
            }
            LeaderWhoDef::Rank(rank, n) => {
                let available =
                    mix.leaders().iter().filter(|l| l.side == Side::Roman && l.is(*rank)).count();
                if *n == 0 || usize::from(*n) > available {
                    let needle = format!("{rank:?}");
                    c.at(
                        &needle,
                        &["roman", "leaders"],
                        Some(&needle),
                        format!("{n} {} asked for, the counter mix has {available}", rank.name()),
                    );
                }
                LeaderRequirement::Rank(*rank, *n)
            }
        };
        leaders.push(ScenarioItem {
            value,
            provenance: p.provenance.clone(),
            note: p.note.clone(),
        });
    }
    let default_choice = default_choice(c, def, deployment, mix);
    RomanForces { legions, units, leaders, reinforcements, default_choice }
}

fn default_choice(
    c: &mut Checker<'_>,
    def: &RomanForcesDef,
    deployment: &[super::def::DeploymentRuleDef],
    mix: &CounterMix,
) -> ScenarioItem<DefaultChoice> {
    let d = &def.default_choice;
    let keys = ["roman", "default_choice"];
    let mut seen = BTreeSet::new();
    for id in &d.legions {
        if mix.legion(id).is_none() {
            c.quoted(id, &keys, format!("no legion {id:?} in roman.ron"));
        } else if !seen.insert(id.as_str()) {
            c.quoted(id, &keys, "legion chosen twice");
        }
    }
    if d.legions.len() != usize::from(def.legions.count) {
        c.at(
            "default_choice",
            &["roman", "default_choice", "legions"],
            None,
            format!("{} legions chosen, the scenario uses {}", d.legions.len(), def.legions.count),
        );
    }
    let wants_camp =
        deployment.iter().any(|r| matches!(r.rule, DeploymentRuleKindDef::LegionInCamp { .. }));
    match &d.camp_legion {
        Some(id) if !d.legions.contains(id) => {
            c.quoted(id, &keys, "the camp legion must be one of the chosen legions");
        }
        None if wants_camp => c.at(
            "camp_legion",
            &["roman", "default_choice"],
            None,
            "the scenario puts a legion in a camp: name it (camp_legion)",
        ),
        _ => {}
    }
    let mut wanted: Vec<Rank> = Vec::new();
    for p in &def.leaders {
        if let LeaderWhoDef::Rank(rank, n) = p.who {
            wanted.extend(core::iter::repeat_n(rank, usize::from(n)));
        }
    }
    if wanted.len() != d.leaders.len() {
        c.at(
            "leaders",
            &["roman", "default_choice", "leaders"],
            None,
            format!(
                "{} leaders chosen, the scenario's rank requirements need {}",
                d.leaders.len(),
                wanted.len()
            ),
        );
    }
    let mut seen = BTreeSet::new();
    for (id, rank) in d.leaders.iter().zip(wanted.iter().copied()) {
        match mix.leader(id) {
            None => c.quoted(id, &keys, format!("no leader {id:?} in leaders.ron")),
            Some(l) if l.side != Side::Roman || !l.is(rank) => {
                c.quoted(id, &keys, format!("not a Roman {}", rank.name()));
            }
            Some(_) if !seen.insert(id.as_str()) => c.quoted(id, &keys, "leader chosen twice"),
            Some(_) => {}
        }
    }
    ScenarioItem {
        value: DefaultChoice {
            legions: d.legions.clone(),
            camp_legion: d.camp_legion.clone(),
            leaders: d.leaders.iter().map(|s| LeaderId::from(s.as_str())).collect(),
        },
        provenance: d.provenance.clone(),
        note: d.note.clone(),
    }
}

/// A label or a straight row `A-B` on the board.
fn hexes_of(board: &Board, s: &str) -> Result<Vec<Hex>, String> {
    let one = |l: &str| board.hex_of(l).ok_or_else(|| format!("{l} is not a hex of this map"));
    match s.split_once('-') {
        Some((a, b)) => {
            let (ha, hb) = (one(a)?, one(b)?);
            hex_line(ha, hb).ok_or_else(|| format!("{s} runs along a hexspine: list its hexes"))
        }
        None => one(s).map(|h| vec![h]),
    }
}

fn check_area(c: &mut Checker<'_>, board: &Board, area: &str, keys: &[&str]) -> bool {
    if board.area(area).is_some() {
        true
    } else {
        c.quoted(area, keys, format!("the map has no area {area:?}"));
        false
    }
}

fn deployment_rule(
    c: &mut Checker<'_>,
    rule: &DeploymentRuleKindDef,
    legions: u8,
    board: &Board,
) -> Option<DeploymentRule> {
    let keys = ["deployment"];
    Some(match rule {
        DeploymentRuleKindDef::InsideVallations => DeploymentRule::InsideVallations,
        DeploymentRuleKindDef::NotNorthOf(labels) => {
            let mut hexes = Vec::new();
            for l in labels {
                match hexes_of(board, l) {
                    Ok(h) => hexes.extend(h),
                    Err(e) => c.quoted(l, &keys, e),
                }
            }
            if labels.is_empty() {
                c.at("NotNorthOf", &keys, Some("NotNorthOf"), "list the hexes");
            }
            DeploymentRule::NotNorthOf { hexes }
        }
        DeploymentRuleKindDef::RampartCovered { area, from, to } => {
            let known = check_area(c, board, area, &keys);
            let mut end = |l: &str| -> Option<Hex> {
                let Some(h) = board.hex_of(l) else {
                    c.quoted(l, &keys, format!("{l} is not a hex of this map"));
                    return None;
                };
                if known && !board.in_area(area, h) {
                    c.quoted(l, &keys, format!("{l} is not in {area:?}"));
                } else if !board.is_rampart(h) {
                    c.quoted(l, &keys, format!("6.42: {l} is not a rampart hex"));
                }
                Some(h)
            };
            let (f, t) = (end(from), end(to));
            DeploymentRule::RampartCovered { area: area.clone(), from: f?, to: t? }
        }
        DeploymentRuleKindDef::NoAdjacentRampartInfantry => {
            DeploymentRule::NoAdjacentRampartInfantry
        }
        DeploymentRuleKindDef::ScorpioNearLegion(n) => {
            DeploymentRule::ScorpioNearLegion { hexes: *n }
        }
        DeploymentRuleKindDef::CavalryInCamps(areas) => {
            if areas.is_empty() {
                c.at("CavalryInCamps", &keys, Some("CavalryInCamps"), "name the camps");
            }
            for a in areas {
                check_area(c, board, a, &keys);
            }
            DeploymentRule::CavalryInCamps { areas: areas.clone() }
        }
        DeploymentRuleKindDef::LegionInCamp { area, near, legions: n, scorpio_anywhere } => {
            let known = check_area(c, board, area, &keys);
            match board.hex_of(near) {
                None => c.quoted(near, &keys, format!("{near} is not a hex of this map")),
                Some(h) if known && !board.in_area(area, h) => {
                    c.quoted(near, &keys, format!("{near} is not in {area:?}"));
                }
                Some(_) => {}
            }
            if *n == 0 || *n > legions {
                c.at(
                    "LegionInCamp",
                    &keys,
                    Some("LegionInCamp"),
                    format!("{n} legions in the camp, the scenario uses {legions}"),
                );
            }
            DeploymentRule::LegionInCamp {
                area: area.clone(),
                legions: *n,
                scorpio_anywhere: *scorpio_anywhere,
            }
        }
        DeploymentRuleKindDef::Stacking => DeploymentRule::Stacking,
    })
}

fn gallic_forces(
    c: &mut Checker<'_>,
    def: &GallicForcesDef,
    mix: &CounterMix,
    board: &Board,
) -> GallicForces {
    if def.size_points.value == 0 {
        c.at("size_points", &["gauls", "size_points"], None, "4.42: a Size Point cap of 0");
    }
    if def.entry_areas.value.is_empty() {
        c.at("entry_areas", &["gauls", "entry_areas"], None, "5.3: name at least one Entry Area");
    }
    for a in &def.entry_areas.value {
        check_area(c, board, a, &["gauls", "entry_areas"]);
    }
    if def.counters_per_activation.as_ref().is_some_and(|c| c.value == 0) {
        c.at(
            "counters_per_activation",
            &["gauls", "counters_per_activation"],
            None,
            "at least one Tribal Counter per activation",
        );
    }
    let af = &def.alesia_force.value;
    match mix.leader(&af.leader) {
        Some(l) if l.side == Side::Adversary => {}
        Some(_) => c.quoted(&af.leader, &["gauls", "alesia_force"], "not a Gallic leader"),
        None => c.quoted(
            &af.leader,
            &["gauls", "alesia_force"],
            format!("no leader {:?} in leaders.ron", af.leader),
        ),
    }
    check_area(c, board, &af.entry, &["gauls", "alesia_force"]);
    for id in &def.unused_leaders.value {
        if mix.leader(id).is_none() {
            c.quoted(id, &["gauls", "unused_leaders"], format!("no leader {id:?} in leaders.ron"));
        }
    }
    let mut total: u32 = 0;
    let mut seen = BTreeSet::new();
    for id in &def.default_relief.value {
        let size = mix
            .tribal_counter(id)
            .map(|t| t.size)
            .or_else(|| mix.cavalry_counter(id).map(|k| k.size));
        match size {
            None => c.quoted(
                id,
                &["gauls", "default_relief"],
                format!("no Tribal or Cavalry Counter {id:?} in gallic.ron"),
            ),
            Some(_) if !seen.insert(id.as_str()) => {
                c.quoted(id, &["gauls", "default_relief"], "counter listed twice");
            }
            Some(s) => total += u32::from(s),
        }
    }
    if total > def.size_points.value {
        c.at(
            "default_relief",
            &["gauls", "default_relief"],
            None,
            format!(
                "12.1: the relief holds {total} Size Points, over the cap of {}",
                def.size_points.value
            ),
        );
    }
    GallicForces {
        size_points: item(&def.size_points, def.size_points.value),
        all_units: item(&def.all_units, def.all_units.value),
        entry_areas: item(&def.entry_areas, def.entry_areas.value.clone()),
        counters_per_activation: def.counters_per_activation.as_ref().map(|c| item(c, c.value)),
        alesia_force: item(
            &def.alesia_force,
            AlesiaForceEntry {
                leader: LeaderId::from(af.leader.as_str()),
                off_map: af.off_map,
                entry: af.entry.clone(),
            },
        ),
        unused_leaders: item(
            &def.unused_leaders,
            def.unused_leaders.value.iter().map(|s| LeaderId::from(s.as_str())).collect(),
        ),
        default_relief: item(&def.default_relief, def.default_relief.value.clone()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_are_skipped_when_locating() {
        let text = "// \"a\" in a comment\n(x: \"a\")";
        let t = Text::new(text);
        assert_eq!(t.find(0, "\"a\""), text.rfind("\"a\""));
        assert_eq!(t.key(0, "x"), text.find("x:"));
    }
}
