//! A validated scenario's deployments: the default one (every piece in its
//! zone, deterministically), the checks of a player's own, and which pieces
//! may be placed hidden (Gallic Starting Deployment \[b\]).

use super::*;
use load::label;

impl Scenario {
    /// The units a placement takes, in the mix's order. `AtLeast` takes its
    /// minimum; `Rest` the others.
    fn units_of<'a>(&'a self, p: &'a Placement, mix: &'a Counters) -> Vec<&'a counters::Unit> {
        match &p.units {
            Units::Formations(fs) => {
                mix.units().iter().filter(|u| fs.contains(&u.formation)).collect()
            }
            Units::AtLeast(f, n) => mix.units_of(f).take(usize::from(*n)).collect(),
            Units::Rest(f) => {
                let taken = self
                    .placements
                    .iter()
                    .find_map(|q| match &q.units {
                        Units::AtLeast(g, n) if g == f => Some(usize::from(*n)),
                        _ => None,
                    })
                    .unwrap_or(0);
                mix.units_of(f).skip(taken).collect()
            }
            Units::None => Vec::new(),
        }
    }

    /// The placement a unit of `formation` belongs to in a deployment where
    /// `off_map` says whether it is off the map (for split formations).
    fn placement_of_unit(&self, formation: &str, off_map: bool) -> Option<&Placement> {
        let candidates: Vec<&Placement> = self
            .placements
            .iter()
            .filter(|p| match &p.units {
                Units::Formations(fs) => fs.iter().any(|f| f == formation),
                Units::AtLeast(f, _) | Units::Rest(f) => f == formation,
                Units::None => false,
            })
            .collect();
        if candidates.len() > 1 {
            candidates
                .iter()
                .find(|p| matches!(p.zone, Zone::OffMap(_)) == off_map)
                .or(candidates.first())
                .copied()
        } else {
            candidates.first().copied()
        }
    }

    /// The pieces of a deployment whose positions the Gallic player may keep
    /// hidden (Gallic Starting Deployment \[b\]): the units and leaders of the
    /// placements `hidden_placement` names, in id order. Empty when the
    /// option does not exist.
    #[must_use]
    pub fn hideable(&self, mix: &Counters, d: &Deployment) -> Vec<String> {
        if !self.hidden_placement.available {
            return Vec::new();
        }
        let hidden = |p: &Placement| self.hidden_placement.placements.contains(&p.name);
        let mut out: Vec<String> = d
            .units
            .iter()
            .filter(|(id, pos)| {
                mix.unit(id.as_str()).is_some_and(|u| {
                    self.placement_of_unit(&u.formation, **pos == Position::OffMap)
                        .is_some_and(hidden)
                })
            })
            .map(|(id, _)| id.to_string())
            .collect();
        out.extend(
            d.leaders
                .keys()
                .filter(|l| self.placements.iter().any(|p| hidden(p) && p.leaders.contains(*l)))
                .cloned(),
        );
        out.sort();
        out
    }

    /// Whether the scenario uses a formation.
    #[must_use]
    pub fn uses_formation(&self, id: &str) -> bool {
        !self.excluded_formations.iter().any(|f| f == id)
    }

    /// Places every piece in its zone, filling hexes in zone order up to the
    /// stacking limit; leaders and eagles with the first unit placed; Caesar
    /// with the first unit of the formations he must be with.
    ///
    /// # Errors
    /// [`ScenarioError::ZoneTooSmall`] if a zone cannot hold its units
    /// (only with an edited map or scenario).
    pub fn default_deployment(
        &self,
        board: &Board,
        mix: &Counters,
    ) -> Result<Deployment, ScenarioError> {
        let mut d = Deployment::default();
        let mut load: BTreeMap<usize, usize> = BTreeMap::new();
        let key = |h: Hex| board.index(h).unwrap_or(usize::MAX);
        let mut deferred = Vec::new();
        for p in &self.placements {
            let units = self.units_of(p, mix);
            let hexes = match &p.zone {
                Zone::OffMap(_) => {
                    for u in &units {
                        d.units.insert(u.id.clone(), Position::OffMap);
                    }
                    for l in &p.leaders {
                        d.leaders.insert(l.clone(), Position::OffMap);
                    }
                    continue;
                }
                Zone::WithOrAdjacent(_) => {
                    deferred.push(p);
                    continue;
                }
                Zone::Hexes(h) => h,
            };
            let per_hex = usize::from(p.per_hex.max(1));
            let free: Vec<Hex> = hexes
                .iter()
                .copied()
                .filter(|h| load.get(&key(*h)).copied().unwrap_or(0) == 0)
                .collect();
            if free.len() * per_hex < units.len() {
                return Err(ScenarioError::ZoneTooSmall {
                    placement: p.name.clone(),
                    units: units.len(),
                    capacity: free.len() * per_hex,
                });
            }
            let mut first: BTreeMap<&str, Hex> = BTreeMap::new();
            for (i, u) in units.iter().enumerate() {
                let hex = free[i / per_hex];
                *load.entry(key(hex)).or_default() += 1;
                d.units.insert(u.id.clone(), Position::Hex(hex));
                first.entry(u.formation.as_str()).or_insert(hex);
            }
            for f in mix.formations() {
                if let (Some(eagle), Some(hex)) = (&f.eagle, first.get(f.id.as_str())) {
                    d.eagles.insert(eagle.clone(), Position::Hex(*hex));
                }
            }
            for (i, l) in p.leaders.iter().enumerate() {
                // Each leader with a unit he commands, else with the first unit.
                let with = mix
                    .leader(l)
                    .and_then(|x| x.commands.iter().find_map(|c| first.get(c.as_str())))
                    .copied()
                    .or_else(|| free.get(i.min(free.len().saturating_sub(1))).copied());
                if let Some(hex) = with {
                    d.leaders.insert(l.clone(), Position::Hex(hex));
                }
            }
        }
        for p in deferred {
            if let Zone::WithOrAdjacent(fs) = &p.zone {
                let hex =
                    mix.units().iter().filter(|u| fs.contains(&u.formation)).find_map(|u| match d
                        .units
                        .get(&u.id)
                    {
                        Some(Position::Hex(h)) => Some(*h),
                        _ => None,
                    });
                for l in &p.leaders {
                    if let Some(hex) = hex {
                        d.leaders.insert(l.clone(), Position::Hex(hex));
                    }
                }
            }
        }
        Ok(d)
    }

    /// Everything wrong with a deployment, in a stable order: missing and
    /// foreign pieces, pieces out of their zones, overstacked hexes, split
    /// formations below their minimum, eagles away from their legions.
    #[must_use]
    pub fn check(&self, board: &Board, mix: &Counters, d: &Deployment) -> Vec<Violation> {
        let mut out = Vec::new();
        let at = |pos: &Position| match pos {
            Position::Hex(h) => label(board, *h),
            Position::OffMap => "off the map".to_owned(),
        };
        let in_zone = |p: &Placement, pos: &Position| -> bool {
            match (&p.zone, pos) {
                (Zone::OffMap(_), Position::OffMap) => true,
                (Zone::Hexes(hexes), Position::Hex(h)) => hexes.contains(h),
                (Zone::WithOrAdjacent(fs), Position::Hex(h)) => d.units.iter().any(|(id, q)| {
                    matches!(q, Position::Hex(x) if x.unsigned_distance_to(*h) <= 1)
                        && mix.unit(id.as_str()).is_some_and(|u| fs.contains(&u.formation))
                }),
                _ => false,
            }
        };
        // Units.
        let mut per_hex: BTreeMap<usize, (Hex, usize, u8)> = BTreeMap::new();
        let mut split: BTreeMap<&str, usize> = BTreeMap::new();
        for u in mix.units() {
            let used = self.uses_formation(&u.formation);
            match (d.units.get(&u.id), used) {
                (None, true) => out.push(Violation::Missing(u.id.to_string())),
                (Some(_), false) => out.push(Violation::NotInScenario(u.id.to_string())),
                (None, false) => {}
                (Some(pos), true) => {
                    let off = *pos == Position::OffMap;
                    let Some(p) = self.placement_of_unit(&u.formation, off) else {
                        out.push(Violation::NotInScenario(u.id.to_string()));
                        continue;
                    };
                    if !in_zone(p, pos) {
                        out.push(Violation::OutOfZone {
                            piece: u.id.to_string(),
                            at: at(pos),
                            placement: p.name.clone(),
                            note: p.note.clone(),
                        });
                    }
                    if let Units::AtLeast(..) = p.units {
                        *split.entry(p.name.as_str()).or_default() += 1;
                    }
                    if let Position::Hex(h) = pos {
                        let e = per_hex
                            .entry(board.index(*h).unwrap_or(usize::MAX))
                            .or_insert((*h, 0, p.per_hex));
                        e.1 += 1;
                        e.2 = e.2.min(p.per_hex);
                    }
                }
            }
        }
        for id in d.units.keys() {
            if mix.unit(id.as_str()).is_none() {
                out.push(Violation::NotInScenario(id.to_string()));
            }
        }
        for (h, count, limit) in per_hex.values() {
            if *count > usize::from(*limit) {
                out.push(Violation::Overstacked {
                    at: label(board, *h),
                    count: *count,
                    limit: *limit,
                });
            }
        }
        for p in &self.placements {
            if let Units::AtLeast(_, n) = p.units {
                let count = split.get(p.name.as_str()).copied().unwrap_or(0);
                if count < usize::from(n) {
                    out.push(Violation::TooFew { placement: p.name.clone(), count, needed: n });
                }
            }
        }
        // Eagles.
        for e in mix.eagles() {
            let used = self.uses_formation(&e.legion);
            match (d.eagles.get(&e.id), used) {
                (None, true) => out.push(Violation::Missing(e.id.to_string())),
                (Some(_), false) => out.push(Violation::NotInScenario(e.id.to_string())),
                (None, false) => {}
                (Some(pos), true) => {
                    let with_legion =
                        mix.units_of(&e.legion).any(|u| d.units.get(&u.id) == Some(pos));
                    if !with_legion {
                        out.push(Violation::EagleAlone(e.id.to_string()));
                    }
                }
            }
        }
        // Leaders.
        for l in mix.leaders() {
            let used = !self.excluded_leaders.contains(&l.id);
            match (d.leaders.get(&l.id), used) {
                (None, true) => out.push(Violation::Missing(l.id.clone())),
                (Some(_), false) => out.push(Violation::NotInScenario(l.id.clone())),
                (None, false) => {}
                (Some(pos), true) => {
                    let Some(p) = self.placements.iter().find(|p| p.leaders.contains(&l.id)) else {
                        out.push(Violation::NotInScenario(l.id.clone()));
                        continue;
                    };
                    if !in_zone(p, pos) {
                        out.push(Violation::OutOfZone {
                            piece: l.id.clone(),
                            at: at(pos),
                            placement: p.name.clone(),
                            note: p.note.clone(),
                        });
                    }
                }
            }
        }
        for id in d.leaders.keys() {
            if mix.leader(id).is_none() {
                out.push(Violation::NotInScenario(id.clone()));
            }
        }
        out
    }
}
