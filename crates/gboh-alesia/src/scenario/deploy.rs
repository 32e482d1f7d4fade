//! The Roman deployment generator: places a [`ForceChoice`] by every rule of
//! a scenario, deterministically.
//!
//! The plan, for 12.1 and 12.2:
//!
//! 1. The outer rampart (the `RampartCovered` area), walked along its walkway
//!    from its first end: an infantry unit goes on every rampart hex with no
//!    infantry on an adjacent rampart hex yet (6.68 forbids adjacent
//!    infantry), so every hex skipped is adjacent to one that is held: the
//!    whole rampart is covered. The line legions take the held hexes in
//!    contiguous stretches, in the order chosen.
//! 2. The towers (6.61: one artillery or archer unit with the infantry of a
//!    rampart hex): each line legion's scorpio over the middle of its stretch;
//!    the Palintonos at the middle of the line; the archers spread evenly.
//! 3. The camp legion (`LegionInCamp`): its cohorts two to a hex inside the
//!    camp, its scorpio with a cohort there.
//! 4. The reserves: each line legion's other cohorts two to a hex, in the
//!    free hexes inside the vallations nearest the middle of its stretch; its
//!    legate with them. The auxiliaries left over (LI, archers without a tower) one to a
//!    hex behind the middle of the line, with the Area Commander; Caesar with
//!    the middle legion's reserve.
//! 5. The cavalry (`CavalryInCamps`), dealt round the camps one to a hex; a
//!    Prefect with the first unit of each camp.
//!
//! Every unit faces the nearest open ground outside the works
//! ([`facing_toward`]): outward on the rampart. The result is checked with
//! [`validate_deployment`]; the battlefield changes only if it passes.

use crate::leader::Rank;
use crate::map::{Board, Region, SiegeWorks, Works};
use gboh_core::facing::Facing;
use gboh_core::unit::UnitType;
use hexx::Hex;

use super::geometry::{distances_from, facing_toward, north_of, open_outside, walkway_order};
use super::{DeploymentRule, ForceChoice, Scenario, ScenarioError, validate_deployment};
use crate::game::{Battlefield, LegionIdx, Lid, Uid};

fn deploy_error(rule: &str, message: impl Into<String>) -> ScenarioError {
    ScenarioError::Deploy { rule: rule.to_owned(), message: message.into() }
}

/// The working state of one deployment.
struct Planner<'a> {
    field: Battlefield,
    scenario: &'a Scenario,
    /// Distance to open ground outside, by board index: what units face.
    outside: Vec<u32>,
    /// Hexes no Roman may be placed north of.
    north_line: Vec<Hex>,
    /// Areas kept for the camp legion and the cavalry.
    reserved: Vec<String>,
}

impl Planner<'_> {
    fn board(&self) -> &Board {
        &self.field.setup().board
    }

    fn label(&self, hex: Hex) -> String {
        self.board().label(hex).map_or_else(|| format!("{hex:?}"), |l| l.to_string())
    }

    /// Whether a Roman piece may stand in `hex` by the placement rules: inside
    /// the vallations and not north of the line.
    fn allowed(&self, hex: Hex) -> bool {
        let board = self.board();
        board.region(hex) == Some(Region::Inside) && !north_of(board, hex, &self.north_line)
    }

    /// Free hexes for a reserve: allowed, empty, not a rampart, redoubt or
    /// reserved area, nearest first (by `dist`, then board index).
    fn reserve_hexes(&self, dist: &[u32]) -> Vec<Hex> {
        let board = self.board();
        let mut hexes: Vec<(u32, usize, Hex)> = board
            .hexes()
            .enumerate()
            .filter(|&(_, h)| {
                self.allowed(h)
                    && board.siege_works(h) == Some(Works::None)
                    && self.field.stack(h).is_empty()
                    && !self.reserved.iter().any(|a| board.in_area(a, h))
            })
            .map(|(i, h)| (dist.get(i).copied().unwrap_or(u32::MAX), i, h))
            .collect();
        hexes.sort_unstable_by_key(|&(d, i, _)| (d, i));
        hexes.into_iter().map(|(_, _, h)| h).collect()
    }

    fn facing(&self, hex: Hex) -> Facing {
        facing_toward(self.board(), &self.outside, hex)
    }

    fn place(&mut self, uid: Uid, hex: Hex) -> Result<(), ScenarioError> {
        let facing = self.facing(hex);
        let label = self.label(hex);
        self.field
            .move_unit(uid, hex, facing)
            .map_err(|e| deploy_error("6.6", format!("{label}: {e}")))
    }

    fn place_leader(&mut self, lid: Lid, hex: Hex) -> Result<(), ScenarioError> {
        self.field.move_leader(lid, Some(hex)).map_err(|e| deploy_error("4.2", e.to_string()))
    }

    /// Places `cohorts` two to a hex (6.61) and `gun` with a single cohort
    /// (one foot and one artillery), in `hexes` order. Returns the hexes used.
    fn fill(
        &mut self,
        cohorts: &[Uid],
        gun: Option<Uid>,
        hexes: &[Hex],
        rule: &str,
    ) -> Result<Vec<Hex>, ScenarioError> {
        let mut used = Vec::new();
        let mut free = hexes.iter().copied();
        let mut rest = cohorts;
        while !rest.is_empty() {
            let hex = free
                .next()
                .ok_or_else(|| deploy_error(rule, "no free hex left inside the vallations"))?;
            // Keep the last cohort alone when a gun must join it.
            let take = if rest.len() >= 2 && !(gun.is_some() && rest.len() <= 2) { 2 } else { 1 };
            let (now, later) = rest.split_at(take.min(rest.len()));
            for &u in now {
                self.place(u, hex)?;
            }
            used.push(hex);
            rest = later;
        }
        if let Some(g) = gun {
            let hex = match used.last() {
                Some(&h) if self.field.stack(h).len() == 1 => h,
                _ => free.next().ok_or_else(|| deploy_error(rule, "no free hex for a scorpio"))?,
            };
            self.place(g, hex)?;
            used.push(hex);
        }
        Ok(used)
    }
}

/// The units of a legion, split into cohorts and its scorpio.
fn legion_units(field: &Battlefield, l: LegionIdx) -> (Vec<Uid>, Option<Uid>) {
    let setup = field.setup();
    let units = setup.legions.get(l.index()).cloned().unwrap_or_default();
    let kind = |u: &Uid| setup.unit(*u).map(|i| i.unit_type());
    let cohorts = units.iter().copied().filter(|u| kind(u) == Some(UnitType::CO)).collect();
    let scorpio = units.iter().copied().find(|u| kind(u) == Some(UnitType::Scorpio));
    (cohorts, scorpio)
}

/// Sizes of `n` contiguous stretches sharing `total` hexes, largest first.
fn stretches(total: usize, n: usize) -> Vec<usize> {
    if n == 0 {
        return Vec::new();
    }
    (0..n).map(|i| total / n + usize::from(i < total % n)).collect()
}

impl Scenario {
    /// Deploys the chosen Roman forces on `field` by every deployment rule of
    /// the scenario, then checks the result with [`validate_deployment`].
    ///
    /// `field` should hold no Roman piece yet (Gallic pieces may be there: the
    /// generator only uses empty hexes). The plan: the outside rampart held on
    /// every hex with no infantry next to it yet (6.68), so that every hex is
    /// held or adjacent to a held one; scorpiones, the Palintonos and the
    /// archers in the towers of the held hexes (6.61); the camp legion two
    /// cohorts to a hex in the camp; the other cohorts in reserve behind their
    /// stretch of rampart with their legate; the cavalry dealt round the camps
    /// with a Prefect each; every unit facing the nearest open ground outside
    /// ([`facing_toward`]). docs/scenarios.md tells it
    /// step by step.
    ///
    /// # Errors
    /// [`ScenarioError::Choice`] if the choice does not fit the scenario;
    /// [`ScenarioError::Deploy`] if a piece cannot be placed;
    /// [`ScenarioError::Violations`] if the result breaks a rule (possible
    /// only with unusual data). On error `field` is unchanged.
    pub fn deploy(
        &self,
        field: &mut Battlefield,
        choice: &ForceChoice,
    ) -> Result<(), ScenarioError> {
        self.check_choice(field.setup(), choice)?;
        let board = &field.setup().board;
        let outside = distances_from(board, |h| open_outside(board, h));
        let north_line = self
            .deployment_rules()
            .find_map(|r| match r {
                DeploymentRule::NotNorthOf { hexes } => Some(hexes.clone()),
                _ => None,
            })
            .unwrap_or_default();
        let mut reserved: Vec<String> = Vec::new();
        for r in self.deployment_rules() {
            match r {
                DeploymentRule::LegionInCamp { area, .. } => reserved.push(area.clone()),
                DeploymentRule::CavalryInCamps { areas } => reserved.extend(areas.iter().cloned()),
                _ => {}
            }
        }
        let mut p = Planner { field: field.clone(), scenario: self, outside, north_line, reserved };
        plan(&mut p, choice)?;
        let violations = validate_deployment(&p.field, self);
        if !violations.is_empty() {
            return Err(ScenarioError::Violations(violations));
        }
        *field = p.field;
        Ok(())
    }
}

fn plan(p: &mut Planner<'_>, choice: &ForceChoice) -> Result<(), ScenarioError> {
    let scenario = p.scenario;
    let rule = scenario.rule.clone();
    let setup = p.field.setup().clone();

    // Which legions go to the camp.
    let camp_rule = scenario.deployment_rules().find_map(|r| match r {
        DeploymentRule::LegionInCamp { area, legions, .. } => Some((area.clone(), *legions)),
        _ => None,
    });
    let mut camp_legions: Vec<LegionIdx> = Vec::new();
    if let Some((_, n)) = &camp_rule {
        camp_legions.extend(choice.camp_legions.iter().copied());
        for l in choice.legions.iter().rev() {
            if camp_legions.len() >= usize::from(*n) {
                break;
            }
            if !camp_legions.contains(l) {
                camp_legions.push(*l);
            }
        }
    }
    let line_legions: Vec<LegionIdx> =
        choice.legions.iter().copied().filter(|l| !camp_legions.contains(l)).collect();
    let kind = |u: Uid| setup.unit(u).map(|i| i.unit_type());
    let mut light: Vec<Uid> =
        choice.units.iter().copied().filter(|&u| kind(u) == Some(UnitType::LI)).collect();
    let mut archers: Vec<Uid> =
        choice.units.iter().copied().filter(|&u| kind(u) == Some(UnitType::AR)).collect();
    let mut guns: Vec<Uid> = choice
        .units
        .iter()
        .copied()
        .filter(|&u| kind(u).is_some_and(UnitType::is_artillery))
        .collect();
    let cavalry: Vec<Uid> = choice
        .units
        .iter()
        .copied()
        .filter(|&u| kind(u).is_some_and(UnitType::is_cavalry))
        .collect();

    // 1. The outer rampart.
    let rampart = scenario.deployment_rules().find_map(|r| match r {
        DeploymentRule::RampartCovered { area, from, .. } => Some((area.clone(), *from)),
        _ => None,
    });
    let mut slots: Vec<Hex> = Vec::new();
    if let Some((area, from)) = &rampart {
        let board = p.board();
        let area = board
            .area(area)
            .ok_or_else(|| deploy_error(&rule, format!("the map has no area {area:?}")))?;
        for hex in walkway_order(board, area, *from) {
            let crowded = board
                .neighbors(hex)
                .into_iter()
                .flatten()
                .any(|n| board.is_rampart(n) && slots.contains(&n));
            if !crowded && p.allowed(hex) && p.field.stack(hex).is_empty() {
                slots.push(hex);
            }
        }
    }
    let sizes = stretches(slots.len(), line_legions.len());
    let mut stretch_of: Vec<(LegionIdx, Vec<Hex>)> = Vec::new();
    let mut reserve_of: Vec<(LegionIdx, Vec<Uid>, Option<Uid>)> = Vec::new();
    let mut next = 0usize;
    for (&l, &size) in line_legions.iter().zip(&sizes) {
        let (cohorts, scorpio) = legion_units(&p.field, l);
        let size = size.min(cohorts.len());
        let held: Vec<Hex> = slots.iter().skip(next).take(size).copied().collect();
        next += held.len();
        for (&u, &h) in cohorts.iter().zip(&held) {
            p.place(u, h)?;
        }
        let rest = cohorts.get(held.len()..).unwrap_or_default().to_vec();
        stretch_of.push((l, held));
        reserve_of.push((l, rest, scorpio));
    }
    // Held hexes the legions could not fill: light infantry.
    let unfilled: Vec<Hex> = slots.iter().skip(next).copied().collect();
    for hex in unfilled {
        let u = light.first().copied().ok_or_else(|| {
            deploy_error(&rule, format!("no infantry left to hold {}", p.label(hex)))
        })?;
        p.place(u, hex)?;
        light.remove(0);
    }
    let held: Vec<Hex> = slots.clone();

    // 2. The towers: a scorpio over the middle of its legion's stretch.
    let tower_free = |p: &Planner<'_>, h: Hex| p.field.stack(h).len() == 1;
    for (l, stretch) in &stretch_of {
        let Some(entry) = reserve_of.iter_mut().find(|(m, _, _)| m == l) else {
            continue;
        };
        if let (Some(g), Some(&mid)) = (entry.2, stretch.get(stretch.len() / 2)) {
            p.place(g, mid)?;
            entry.2 = None;
        }
    }
    let nearest_free = |p: &Planner<'_>, target: usize| -> Option<Hex> {
        (0..held.len())
            .flat_map(|d| [target.checked_add(d), target.checked_sub(d)])
            .flatten()
            .filter_map(|i| held.get(i).copied())
            .find(|&h| tower_free(p, h))
    };
    let middle = held.len() / 2;
    let mut spare_guns = Vec::new();
    for g in guns.drain(..) {
        match nearest_free(p, middle) {
            Some(h) => p.place(g, h)?,
            None => spare_guns.push(g),
        }
    }
    let n_archers = archers.len();
    let mut spare_archers = Vec::new();
    for (k, a) in archers.drain(..).enumerate() {
        let target = (2 * k + 1) * held.len() / (2 * n_archers.max(1));
        match nearest_free(p, target) {
            Some(h) => p.place(a, h)?,
            None => spare_archers.push(a),
        }
    }

    // 3. The camp legions.
    if let Some((area, _)) = &camp_rule {
        for &l in &camp_legions {
            let (cohorts, scorpio) = legion_units(&p.field, l);
            let board = p.board();
            let hexes: Vec<Hex> = board
                .area(area)
                .map(|a| a.hexes().to_vec())
                .unwrap_or_default()
                .into_iter()
                .filter(|&h| p.allowed(h) && p.field.stack(h).is_empty())
                .collect();
            let used = p.fill(&cohorts, scorpio, &hexes, &rule)?;
            let legate =
                setup.mix.legions().get(l.index()).and_then(|x| setup.lid(x.legate.as_str()));
            if let (Some(lid), Some(&h)) = (legate, used.first()) {
                p.place_leader(lid, h)?;
            }
        }
    }

    // 4. The reserves, nearest their stretch.
    let mut legate_hexes: Vec<Hex> = Vec::new();
    for (l, cohorts, scorpio) in reserve_of {
        let stretch =
            stretch_of.iter().find(|(m, _)| *m == l).map(|(_, s)| s.clone()).unwrap_or_default();
        // Behind the middle of the stretch, where the legate stands.
        let sources: Vec<Hex> = match stretch.get(stretch.len() / 2) {
            Some(&mid) => vec![mid],
            None => held.get(middle).copied().into_iter().collect(),
        };
        let board = p.board();
        let dist = distances_from(board, |h| sources.contains(&h));
        let hexes = p.reserve_hexes(&dist);
        let used = p.fill(&cohorts, scorpio, &hexes, &rule)?;
        let legate = setup.mix.legions().get(l.index()).and_then(|x| setup.lid(x.legate.as_str()));
        if let Some(lid) = legate
            && let Some(&h) = used.first().or(stretch.first())
        {
            p.place_leader(lid, h)?;
            legate_hexes.push(h);
        }
    }

    // Auxiliaries left over, one to a hex behind the middle of the line.
    let centre: Vec<Hex> = held.get(middle).copied().into_iter().collect();
    let leftovers: Vec<Uid> = light.into_iter().chain(spare_archers).chain(spare_guns).collect();
    let mut aux_hexes: Vec<Hex> = Vec::new();
    if !leftovers.is_empty() {
        let board = p.board();
        let dist = distances_from(board, |h| {
            centre.contains(&h) || (centre.is_empty() && board.is_rampart(h))
        });
        let hexes = p.reserve_hexes(&dist);
        for (&u, &h) in leftovers.iter().zip(&hexes) {
            p.place(u, h)?;
            aux_hexes.push(h);
        }
        if aux_hexes.len() < leftovers.len() {
            return Err(deploy_error(&rule, "no free hex left for the auxiliaries"));
        }
    }

    // 5. The cavalry, dealt round the camps.
    let camps: Vec<String> = scenario
        .deployment_rules()
        .find_map(|r| match r {
            DeploymentRule::CavalryInCamps { areas } => Some(areas.clone()),
            _ => None,
        })
        .unwrap_or_default();
    let mut camp_firsts: Vec<Hex> = Vec::new();
    if !cavalry.is_empty() {
        let board = p.board();
        let mut pools: Vec<Vec<Hex>> = camps
            .iter()
            .map(|a| {
                board
                    .area(a)
                    .map(|x| x.hexes().to_vec())
                    .unwrap_or_default()
                    .into_iter()
                    .filter(|&h| {
                        !north_of(board, h, &p.north_line)
                            && board.siege_works(h) == Some(Works::None)
                            && p.field.stack(h).is_empty()
                    })
                    .collect()
            })
            .collect();
        if pools.is_empty() {
            // No camp rule: cavalry waits inside, behind the middle of the line.
            let dist = distances_from(board, |h| centre.contains(&h));
            pools.push(p.reserve_hexes(&dist));
        }
        let mut firsts: Vec<Option<Hex>> = vec![None; pools.len()];
        let n = pools.len();
        for (i, &u) in cavalry.iter().enumerate() {
            let k = (0..n)
                .map(|d| (i + d) % n)
                .find(|&k| pools.get(k).is_some_and(|x| !x.is_empty()))
                .ok_or_else(|| deploy_error(&rule, "no free hex left in the cavalry camps"))?;
            let Some(pool) = pools.get_mut(k) else {
                continue;
            };
            let h = pool.remove(0);
            p.place(u, h)?;
            if let Some(f) = firsts.get_mut(k)
                && f.is_none()
            {
                *f = Some(h);
            }
        }
        camp_firsts = firsts.into_iter().flatten().collect();
    }

    // Leaders: prefects with the cavalry, the Area Commander with the
    // auxiliaries, Caesar and the rest with the middle legion's reserve.
    let middle_legion = legate_hexes.get(legate_hexes.len() / 2).copied();
    let fallback =
        middle_legion.or_else(|| aux_hexes.first().copied()).or_else(|| held.first().copied());
    let mut prefects = 0usize;
    for &lid in &choice.leaders {
        let hex = if setup.leader_is(lid, Rank::CavalryPrefect) && !camp_firsts.is_empty() {
            let h = camp_firsts.get(prefects % camp_firsts.len()).copied();
            prefects += 1;
            h
        } else if setup.leader_is(lid, Rank::AreaCommander) {
            aux_hexes.first().copied().or(fallback)
        } else {
            fallback
        };
        let hex = hex.ok_or_else(|| deploy_error(&rule, "no Roman unit to stack a leader with"))?;
        p.place_leader(lid, hex)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stretches_share_out_the_remainder_first() {
        assert_eq!(stretches(27, 5), [6, 6, 5, 5, 5]);
        assert_eq!(stretches(3, 5), [1, 1, 1, 0, 0]);
        assert!(stretches(4, 0).is_empty());
    }
}
