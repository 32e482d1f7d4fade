//! Loading and validating a scenario file against the map and the counter
//! mix: every problem found, with file, line, column and item.

use super::*;

fn parse_hexes(board: &Board, s: &str) -> Result<Vec<Hex>, String> {
    let one = |l: &str| -> Result<(Label, Hex), String> {
        let label: Label = l.parse().map_err(|e: gboh_core::board::LabelError| e.to_string())?;
        board.hex(&label).map(|h| (label, h)).ok_or_else(|| format!("{l} is off the map"))
    };
    if let Some((a, b)) = s.split_once('-') {
        let ((la, _), (lb, _)) = (one(a)?, one(b)?);
        if la.column() != lb.column() || la.row() > lb.row() {
            return Err(format!("{s}: a row runs up one column, from the lower row"));
        }
        (la.row()..=lb.row())
            .map(|r| one(&Label::new(la.prefix(), la.column(), r).to_string()).map(|(_, h)| h))
            .collect()
    } else {
        one(s).map(|(_, h)| vec![h])
    }
}

/// Loads a scenario file against a map and a counter mix.
///
/// # Errors
/// Every problem in the file, with file, line, column and item: a syntax
/// error or unknown field; an unknown id, formation, leader, area or label;
/// a formation, unit or leader placed twice or not at all; `AtLeast` more
/// than the formation has; a zone with no hex; a hidden placement that is
/// not a placement.
pub fn load_scenario(
    file: &str,
    text: &str,
    board: &Board,
    mix: &Counters,
) -> Result<Scenario, ScenarioError> {
    let def: ScenarioDef = parse_ron(file, text)?;
    let mut problems = Problems::new(file, text);
    let id = match def.id.parse::<ScenarioId>() {
        Ok(id) => id,
        Err(e) => {
            problems.at("id", &format!("\"{}\"", def.id), e.to_string());
            ScenarioId::Standard
        }
    };
    for f in &def.excluded.formations {
        if mix.formation(f).is_none() {
            problems.at(f.clone(), &format!("\"{f}\""), "unknown formation");
        }
    }
    for l in &def.excluded.leaders {
        if mix.leader(l).is_none() {
            problems.at(l.clone(), &format!("\"{l}\""), "unknown leader");
        }
    }
    let mut formation_uses: BTreeMap<String, Vec<&str>> = BTreeMap::new();
    let mut leader_uses: BTreeMap<String, usize> = BTreeMap::new();
    let mut placements = Vec::new();
    for p in &def.placements {
        let owner = p.name.clone();
        let anchor = format!("name: \"{}\"", p.name);
        let mut check_formation = |f: &String, problems: &mut Problems<'_>, kind: &'static str| {
            match mix.formation(f) {
                None => problems.after(
                    &owner,
                    (&anchor, 0),
                    &format!("\"{f}\""),
                    format!("unknown formation {f:?}"),
                ),
                Some(g) if g.side != p.side => {
                    problems.after(
                        &owner,
                        (&anchor, 0),
                        &format!("\"{f}\""),
                        format!("{f} belongs to the other side"),
                    );
                }
                Some(_) => {}
            }
            if def.excluded.formations.contains(f) {
                problems.after(
                    &owner,
                    (&anchor, 0),
                    &format!("\"{f}\""),
                    format!("{f} is left out of this scenario"),
                );
            }
            formation_uses.entry(f.clone()).or_default().push(kind);
        };
        let units = match &p.units {
            UnitsDef::Formations(fs) => {
                for f in fs {
                    check_formation(f, &mut problems, "all");
                }
                Units::Formations(fs.clone())
            }
            UnitsDef::AtLeast(f, n) => {
                check_formation(f, &mut problems, "at least");
                let size = mix.units_of(f).count();
                if usize::from(*n) > size || *n == 0 {
                    problems.after(
                        &owner,
                        (&anchor, 0),
                        &format!("\"{f}\""),
                        format!("AtLeast {n}: {f} has {size} units"),
                    );
                }
                Units::AtLeast(f.clone(), *n)
            }
            UnitsDef::Rest(f) => {
                check_formation(f, &mut problems, "rest");
                Units::Rest(f.clone())
            }
            UnitsDef::None => Units::None,
        };
        for l in &p.leaders {
            match mix.leader(l) {
                None => problems.after(
                    &owner,
                    (&anchor, 0),
                    &format!("\"{l}\""),
                    format!("unknown leader {l:?}"),
                ),
                Some(x) if x.side != p.side => {
                    problems.after(
                        &owner,
                        (&anchor, 0),
                        &format!("\"{l}\""),
                        format!("{l} belongs to the other side"),
                    );
                }
                Some(_) => {}
            }
            if def.excluded.leaders.contains(l) {
                problems.after(
                    &owner,
                    (&anchor, 0),
                    &format!("\"{l}\""),
                    format!("{l} is left out of this scenario"),
                );
            }
            *leader_uses.entry(l.clone()).or_default() += 1;
        }
        if p.per_hex == 0 {
            problems.after(
                &owner,
                (&anchor, 0),
                &format!("\"{}\"", p.name),
                "per_hex must be at least 1",
            );
        }
        let zone = match &p.zone {
            ZoneDef::Hexes(list) => {
                let mut hexes = Vec::new();
                for s in list {
                    match parse_hexes(board, s) {
                        Ok(h) => hexes.extend(h),
                        Err(msg) => problems.after(&owner, (&anchor, 0), &format!("\"{s}\""), msg),
                    }
                }
                Zone::Hexes(hexes)
            }
            ZoneDef::Area(a) | ZoneDef::OffMap(a) => {
                let hexes = board.area(a).map(|x| x.hexes().to_vec()).unwrap_or_else(|| {
                    problems.after(
                        &owner,
                        (&anchor, 0),
                        &format!("\"{a}\""),
                        format!("the map has no area {a:?}"),
                    );
                    Vec::new()
                });
                if matches!(p.zone, ZoneDef::OffMap(_)) {
                    Zone::OffMap(hexes)
                } else {
                    Zone::Hexes(hexes)
                }
            }
            ZoneDef::Within(n, l) => match parse_hexes(board, l) {
                Ok(centre) => {
                    let mut hexes: Vec<Hex> = board
                        .hexes()
                        .filter(|h| {
                            centre.iter().any(|c| c.unsigned_distance_to(*h) <= u32::from(*n))
                        })
                        .collect();
                    hexes.sort_by_key(|h| {
                        (centre.iter().map(|c| c.unsigned_distance_to(*h)).min(), board.index(*h))
                    });
                    Zone::Hexes(hexes)
                }
                Err(msg) => {
                    problems.after(&owner, (&anchor, 0), &format!("\"{l}\""), msg);
                    Zone::Hexes(Vec::new())
                }
            },
            ZoneDef::WithOrAdjacent(fs) => {
                for f in fs {
                    if mix.formation(f).is_none() {
                        problems.after(
                            &owner,
                            (&anchor, 0),
                            &format!("\"{f}\""),
                            format!("unknown formation {f:?}"),
                        );
                    }
                }
                Zone::WithOrAdjacent(fs.clone())
            }
            ZoneDef::NorthernWoods => {
                Zone::Hexes(board.hexes().filter(|h| map::in_northern_woods(board, *h)).collect())
            }
        };
        // An empty zone, unless it is empty because a name in it was already reported.
        let resolved = match &p.zone {
            ZoneDef::Area(a) | ZoneDef::OffMap(a) => board.area(a).is_some(),
            ZoneDef::Within(_, l) => parse_hexes(board, l).is_ok(),
            ZoneDef::Hexes(list) => list.iter().all(|l| parse_hexes(board, l).is_ok()),
            ZoneDef::WithOrAdjacent(_) | ZoneDef::NorthernWoods => true,
        };
        if resolved && matches!(&zone, Zone::Hexes(h) | Zone::OffMap(h) if h.is_empty()) {
            problems.after(&owner, (&anchor, 0), &format!("\"{}\"", p.name), "the zone has no hex");
        }
        placements.push(Placement {
            name: p.name.clone(),
            side: p.side,
            units,
            leaders: p.leaders.clone(),
            zone,
            per_hex: p.per_hex,
            provenance: p.provenance.clone(),
            note: p.note.clone(),
        });
    }
    // Every formation placed exactly once (or split AtLeast + Rest), every
    // leader once, unless left out.
    for f in mix.formations() {
        if def.excluded.formations.contains(&f.id) {
            continue;
        }
        let uses = formation_uses.get(&f.id).cloned().unwrap_or_default();
        let ok = matches!(uses.as_slice(), ["all"] | ["at least", "rest"] | ["rest", "at least"]);
        if !ok {
            problems.at(
                f.id.clone(),
                "placements",
                format!(
                    "formation {} must be placed once (or split AtLeast + Rest), found {uses:?}",
                    f.id
                ),
            );
        }
    }
    for l in mix.leaders() {
        if def.excluded.leaders.contains(&l.id) {
            continue;
        }
        let n = leader_uses.get(&l.id).copied().unwrap_or(0);
        if n != 1 {
            problems.at(
                l.id.clone(),
                "placements",
                format!("leader {} must be placed once, found {n}", l.id),
            );
        }
    }
    for h in &def.hidden_placement.placements {
        if !def.placements.iter().any(|p| &p.name == h) {
            problems.at(h.clone(), &format!("\"{h}\""), "not a placement of this scenario");
        }
    }
    let scenario = Scenario {
        id,
        name: def.name,
        provenance: def.provenance,
        excluded_formations: def.excluded.formations,
        excluded_leaders: def.excluded.leaders,
        vercingetorix_entry: def.vercingetorix_entry,
        hidden_placement: def.hidden_placement,
        facing: def.facing,
        placements,
    };
    Ok(problems.finish(scenario)?)
}

/// A hex's printed label, for messages.
pub(super) fn label(board: &Board, hex: Hex) -> String {
    board.label(hex).map_or_else(|| format!("{hex:?}"), |l| l.to_string())
}
