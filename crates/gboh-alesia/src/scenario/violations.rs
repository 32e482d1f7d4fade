//! The deployment validator: every way a Roman deployment can break a
//! scenario's rules (12.1, 12.0 clarification, 6.61, 6.68), each reported with
//! its rule. 5.5 redeployment uses the same restrictions.

use crate::map::{Board, Region, SiegeWorks, Works};

use gboh_core::Side;
use gboh_core::leader::Rank;
use gboh_core::unit::{Status, UnitType};
use hexx::Hex;

use super::forces::legions_in_play;
use super::geometry::north_of;
use super::{DeploymentRule, LeaderRequirement, Scenario, ScenarioItem};
use crate::game::{Battlefield, LegionIdx, Lid, Membership, Uid};

pub use super::violation::{DeploymentViolation, Piece, ViolationKind};

/// Everything the checks need, computed once.
struct Ctx<'a> {
    field: &'a Battlefield,
    board: &'a Board,
    scenario: &'a Scenario,
    out: Vec<DeploymentViolation>,
}

impl Ctx<'_> {
    fn label(&self, hex: Hex) -> String {
        self.board.label(hex).map_or_else(|| format!("{hex:?}"), |l| l.to_string())
    }

    fn unit_id(&self, uid: Uid) -> String {
        self.field.setup().unit(uid).map_or_else(|| format!("unit {}", uid.0), |u| u.id.clone())
    }

    fn leader_id(&self, lid: Lid) -> String {
        self.field
            .setup()
            .leader(lid)
            .map_or_else(|| format!("leader {}", lid.0), |l| l.id.to_string())
    }

    fn piece(&self, piece: Piece) -> String {
        match piece {
            Piece::Unit(u) => self.unit_id(u),
            Piece::Leader(l) => self.leader_id(l),
        }
    }

    fn push(&mut self, rule: &str, kind: ViolationKind, message: String) {
        self.out.push(DeploymentViolation { rule: rule.to_owned(), kind, message });
    }

    /// Roman units on the map and in play, in [`Uid`] order, with their hex.
    fn roman_units(&self) -> Vec<(Uid, Hex)> {
        let setup = self.field.setup();
        setup
            .units
            .iter()
            .enumerate()
            .filter(|(_, u)| u.side == Side::Roman)
            .filter_map(|(i, _)| {
                let uid = Uid(u16::try_from(i).ok()?);
                let s = self.field.unit(uid)?;
                (s.cohesion.status != Status::Eliminated)
                    .then_some(s.at)
                    .flatten()
                    .map(|h| (uid, h))
            })
            .collect()
    }

    /// Roman leaders on the map and alive, in [`Lid`] order.
    fn roman_leaders(&self) -> Vec<(Lid, Hex)> {
        let setup = self.field.setup();
        setup
            .leaders
            .iter()
            .enumerate()
            .filter(|(_, l)| l.side == Side::Roman)
            .filter_map(|(i, _)| {
                let lid = Lid(u8::try_from(i).ok()?);
                let s = self.field.leader(lid)?;
                (!s.dead).then_some(s.at).flatten().map(|h| (lid, h))
            })
            .collect()
    }

    fn unit_type(&self, uid: Uid) -> Option<UnitType> {
        self.field.setup().unit(uid).map(|u| u.unit_type())
    }

    fn area_exists(&mut self, area: &str) -> bool {
        if self.board.area(area).is_some() {
            return true;
        }
        let rule = self.scenario.rule.clone();
        self.push(
            &rule,
            ViolationKind::MissingArea { area: area.to_owned() },
            format!("the map has no area {area:?}"),
        );
        false
    }
}

/// Checks a Roman deployment (or a 5.5 redeployment) against every rule of
/// `scenario` and returns every violation, in a deterministic order: the force
/// list first, then each deployment rule in data order.
///
/// The force list: the legions in use (any unit on the map or eliminated)
/// must number as the scenario says, each complete with its scorpio and
/// legate; units outside the legions by kind; leaders by name and rank.
/// Units eliminated count as used, so the same check serves 5.5.
///
/// Aquilae (10.8) are not yet pieces of the battlefield and are not checked.
///
/// ```
/// use gboh_alesia::game::{Battlefield, Setup};
/// use gboh_alesia::scenario::{Scenario, ViolationKind, validate_deployment};
/// let scenario = Scenario::final_assault()?;
/// let empty = Battlefield::new(Setup::shared()?);
/// let violations = validate_deployment(&empty, scenario);
/// // No legion deployed, and nobody manning the outer rampart.
/// assert!(violations.iter().any(|v| matches!(v.kind, ViolationKind::LegionCount { found: 0, .. })));
/// assert!(violations.iter().any(|v| matches!(v.kind, ViolationKind::RampartUncovered { .. })));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn validate_deployment(field: &Battlefield, scenario: &Scenario) -> Vec<DeploymentViolation> {
    let board = &field.setup().board;
    let mut ctx = Ctx { field, board, scenario, out: Vec::new() };
    forces(&mut ctx);
    for item in &scenario.deployment {
        let rule = scenario.cite(item);
        check_rule(&mut ctx, item, &rule);
    }
    ctx.out
}

/// 12.1 (12.2) force list.
fn forces(ctx: &mut Ctx<'_>) {
    let scenario = ctx.scenario;
    let setup = ctx.field.setup().clone();
    let committed = |uid: Uid| {
        ctx.field
            .unit(uid)
            .is_some_and(|s| s.at.is_some() || s.cohesion.status == Status::Eliminated)
    };
    let present = |lid: Lid| ctx.field.leader(lid).is_some_and(|s| s.at.is_some() || s.dead);
    let legions = legions_in_play(ctx.field);
    let req = &scenario.roman.legions;
    let rule = scenario.cite(req);
    let required = usize::from(req.value.count);
    if legions.len() != required {
        ctx.push(
            &rule,
            ViolationKind::LegionCount { required, found: legions.len() },
            format!("{required} legions are used, not {}", legions.len()),
        );
    }
    let mut legates: Vec<Lid> = Vec::new();
    for &l in &legions {
        let Some(legion) = setup.mix.legions().get(l.index()) else {
            continue;
        };
        let mut missing: Vec<String> = setup
            .legions
            .get(l.index())
            .map(|units| {
                units
                    .iter()
                    .filter(|&&u| {
                        req.value.scorpiones || ctx.unit_type(u) != Some(UnitType::Scorpio)
                    })
                    .filter(|&&u| !committed(u))
                    .map(|&u| ctx.unit_id(u))
                    .collect()
            })
            .unwrap_or_default();
        if let Some(legate) = setup.lid(legion.legate.as_str()) {
            legates.push(legate);
            if req.value.legates && !present(legate) {
                missing.push(format!("legate {}", legion.legate));
            }
        }
        if !missing.is_empty() {
            ctx.push(
                &rule,
                ViolationKind::LegionIncomplete { legion: l },
                format!("{} is missing {}", legion.name, missing.join(", ")),
            );
        }
    }
    // Units outside the legions, by kind.
    let mut accounted: Vec<Uid> = Vec::new();
    for r in &scenario.roman.units {
        let fits: Vec<Uid> = setup
            .units
            .iter()
            .enumerate()
            .filter_map(|(i, u)| {
                let uid = Uid(u16::try_from(i).ok()?);
                let from_ok = r.value.from.as_deref().is_none_or(|c| {
                    setup
                        .mix
                        .contingent(c)
                        .is_some_and(|k| k.units.iter().any(|id| id.as_str() == u.id))
                });
                (u.side == Side::Roman
                    && u.membership == Membership::Roman
                    && u.unit_type() == r.value.unit_type
                    && from_ok)
                    .then_some(uid)
            })
            .collect();
        let used: Vec<Uid> = fits.iter().copied().filter(|&u| committed(u)).collect();
        accounted.extend(&used);
        let required = usize::from(r.value.count);
        if used.len() != required {
            let rule = scenario.cite(r);
            ctx.push(
                &rule,
                ViolationKind::UnitCount {
                    unit_type: r.value.unit_type,
                    required,
                    found: used.len(),
                },
                format!("{required} {} are used, not {}", r.value.unit_type, used.len()),
            );
        }
    }
    for (i, u) in setup.units.iter().enumerate() {
        let Ok(i) = u16::try_from(i) else { continue };
        let uid = Uid(i);
        if u.side == Side::Roman
            && u.membership == Membership::Roman
            && committed(uid)
            && !accounted.contains(&uid)
        {
            let message = format!("the scenario does not use {}", u.id);
            ctx.push(&rule, ViolationKind::UnitNotInScenario { unit: uid }, message);
        }
    }
    // Leaders by name and rank.
    let mut allowed: Vec<Lid> = legates;
    let mut named: Vec<Lid> = Vec::new();
    for r in &scenario.roman.leaders {
        if let LeaderRequirement::Named(id) = &r.value {
            let lid = setup.lid(id.as_str());
            named.extend(lid);
            if !lid.is_some_and(present) {
                let rule = scenario.cite(r);
                ctx.push(
                    &rule,
                    ViolationKind::Leaders { leader: lid },
                    format!("{id} is not on the map"),
                );
            }
        }
    }
    allowed.extend(&named);
    for r in &scenario.roman.leaders {
        if let LeaderRequirement::Rank(rank, n) = r.value {
            let of_rank: Vec<Lid> = (0..setup.leaders.len())
                .filter_map(|i| u8::try_from(i).ok().map(Lid))
                .filter(|&l| setup.leader_is(l, rank) && !named.contains(&l) && present(l))
                .filter(|l| setup.leader(*l).is_some_and(|x| x.side == Side::Roman))
                .collect();
            if of_rank.len() != usize::from(n) {
                let rule = scenario.cite(r);
                ctx.push(
                    &rule,
                    ViolationKind::Leaders { leader: None },
                    format!("{n} {} are used, not {}", rank.name(), of_rank.len()),
                );
            }
            allowed.extend(of_rank);
        }
    }
    for (lid, _) in ctx.roman_leaders() {
        if !allowed.contains(&lid) {
            let message = format!("the scenario does not use {}", ctx.leader_id(lid));
            ctx.push(&rule, ViolationKind::Leaders { leader: Some(lid) }, message);
        }
    }
}

fn check_rule(ctx: &mut Ctx<'_>, item: &ScenarioItem<DeploymentRule>, rule: &str) {
    match &item.value {
        DeploymentRule::InsideVallations => inside(ctx, rule),
        DeploymentRule::NotNorthOf { hexes } => north(ctx, rule, hexes),
        DeploymentRule::RampartCovered { area, .. } => covered(ctx, rule, area),
        DeploymentRule::NoAdjacentRampartInfantry => adjacent_infantry(ctx, rule),
        DeploymentRule::ScorpioNearLegion { hexes } => scorpiones(ctx, rule, *hexes),
        DeploymentRule::CavalryInCamps { areas } => cavalry(ctx, rule, areas),
        DeploymentRule::LegionInCamp { area, legions, .. } => camp(ctx, rule, area, *legions),
        DeploymentRule::Stacking => stacking(ctx, rule),
    }
}

/// The cavalry camps, if a rule names them.
fn camp_areas(scenario: &Scenario) -> Vec<String> {
    scenario
        .deployment_rules()
        .find_map(|r| match r {
            DeploymentRule::CavalryInCamps { areas } => Some(areas.clone()),
            _ => None,
        })
        .unwrap_or_default()
}

/// 12.1: "all inside the vallations"; cavalry and its prefects in the
/// cavalry camps are governed by the camp rule.
fn inside(ctx: &mut Ctx<'_>, rule: &str) {
    let camps = camp_areas(ctx.scenario);
    let in_camp = |board: &Board, h: Hex| camps.iter().any(|a| board.in_area(a, h));
    let mut pieces: Vec<(Piece, Hex)> = Vec::new();
    for (uid, hex) in ctx.roman_units() {
        let cavalry = ctx.unit_type(uid).is_some_and(UnitType::is_cavalry);
        if !(cavalry && in_camp(ctx.board, hex)) {
            pieces.push((Piece::Unit(uid), hex));
        }
    }
    for (lid, hex) in ctx.roman_leaders() {
        let prefect = ctx.field.setup().leader_is(lid, Rank::CavalryPrefect);
        if !(prefect && in_camp(ctx.board, hex)) {
            pieces.push((Piece::Leader(lid), hex));
        }
    }
    for (piece, hex) in pieces {
        if ctx.board.region(hex) != Some(Region::Inside) {
            let message =
                format!("{} in {} is not inside the vallations", ctx.piece(piece), ctx.label(hex));
            ctx.push(rule, ViolationKind::OutsideVallations { piece, hex }, message);
        }
    }
}

/// 12.1: "Roman units may not be placed north of hexes W5815, and W5915-5918."
fn north(ctx: &mut Ctx<'_>, rule: &str, line: &[Hex]) {
    let units = ctx.roman_units().into_iter().map(|(u, h)| (Piece::Unit(u), h));
    let leaders = ctx.roman_leaders().into_iter().map(|(l, h)| (Piece::Leader(l), h));
    let pieces: Vec<(Piece, Hex)> = units.chain(leaders).collect();
    let names: Vec<String> = line.iter().map(|&h| ctx.label(h)).collect();
    for (piece, hex) in pieces {
        if north_of(ctx.board, hex, line) {
            let message = format!(
                "{} in {} is north of {}",
                ctx.piece(piece),
                ctx.label(hex),
                names.join(", ")
            );
            ctx.push(rule, ViolationKind::NorthOfLine { piece, hex }, message);
        }
    }
}

/// 12.1: every hex of the outside rampart occupied by a Roman combat unit
/// (not artillery) or adjacent to one.
fn covered(ctx: &mut Ctx<'_>, rule: &str, area: &str) {
    if !ctx.area_exists(area) {
        return;
    }
    let Some(hexes) = ctx.board.area(area).map(|a| a.hexes().to_vec()) else {
        return;
    };
    let guards: Vec<Hex> = ctx
        .roman_units()
        .into_iter()
        .filter(|&(u, _)| ctx.unit_type(u).is_some_and(|t| !t.is_artillery()))
        .map(|(_, h)| h)
        .collect();
    for hex in hexes {
        if !guards.iter().any(|g| g.unsigned_distance_to(hex) <= 1) {
            let message = format!(
                "{} of the {area} is neither held by a Roman combat unit (not artillery) nor adjacent to one",
                ctx.label(hex)
            );
            ctx.push(rule, ViolationKind::RampartUncovered { hex }, message);
        }
    }
}

/// Whether `hex` holds Roman infantry (CO, LI: 6.61).
fn roman_infantry_in(ctx: &Ctx<'_>, hex: Hex) -> Option<Uid> {
    ctx.field.stack(hex).iter().find(|&u| {
        ctx.field.setup().unit(u).is_some_and(|i| {
            i.side == Side::Roman && i.unit_type().is_infantry() && !i.unit_type().is_archer()
        }) && ctx.field.unit(u).is_some_and(|s| s.cohesion.status != Status::Eliminated)
    })
}

/// 12.0 clarification, 6.68: no Roman infantry in adjacent rampart hexes.
fn adjacent_infantry(ctx: &mut Ctx<'_>, rule: &str) {
    let board = ctx.board;
    let mut pairs: Vec<(Hex, Hex, Uid, Uid)> = Vec::new();
    for hex in board.hexes().filter(|&h| board.is_rampart(h)) {
        let Some(a) = roman_infantry_in(ctx, hex) else {
            continue;
        };
        let here = board.index(hex);
        for n in board.neighbors(hex).into_iter().flatten() {
            if board.is_rampart(n)
                && board.index(n) > here
                && let Some(b) = roman_infantry_in(ctx, n)
            {
                pairs.push((hex, n, a, b));
            }
        }
    }
    for (h, n, a, b) in pairs {
        let message = format!(
            "{} in {} and {} in {} are infantry in adjacent rampart hexes",
            ctx.unit_id(a),
            ctx.label(h),
            ctx.unit_id(b),
            ctx.label(n)
        );
        ctx.push(rule, ViolationKind::AdjacentRampartInfantry { hexes: [h, n] }, message);
    }
}

/// Legions all of whose cohorts on the map are inside `area` (at least one).
fn legions_in_area(ctx: &Ctx<'_>, area: &str) -> Vec<LegionIdx> {
    let setup = ctx.field.setup();
    let units = ctx.roman_units();
    let mut out = Vec::new();
    for (i, members) in setup.legions.iter().enumerate() {
        let cohorts: Vec<Hex> = units
            .iter()
            .filter(|(u, _)| members.contains(u) && ctx.unit_type(*u) == Some(UnitType::CO))
            .map(|&(_, h)| h)
            .collect();
        if !cohorts.is_empty()
            && cohorts.iter().all(|&h| ctx.board.in_area(area, h))
            && let Ok(i) = u8::try_from(i)
        {
            out.push(LegionIdx(i));
        }
    }
    out
}

/// 12.1: "Legion scorpions must be deployed within 2 hexes of a cohort in
/// their legion"; the camp legion's "may be placed anywhere".
fn scorpiones(ctx: &mut Ctx<'_>, rule: &str, within: u8) {
    let exempt: Vec<LegionIdx> = ctx
        .scenario
        .deployment_rules()
        .filter_map(|r| match r {
            DeploymentRule::LegionInCamp { area, scorpio_anywhere: true, .. } => {
                Some(legions_in_area(ctx, area))
            }
            _ => None,
        })
        .flatten()
        .collect();
    let units = ctx.roman_units();
    for &(uid, hex) in &units {
        let Some(info) = ctx.field.setup().unit(uid) else {
            continue;
        };
        let (UnitType::Scorpio, Membership::Legion(l)) = (info.unit_type(), info.membership) else {
            continue;
        };
        if exempt.contains(&l) {
            continue;
        }
        let near = units.iter().any(|&(c, h)| {
            c != uid
                && ctx.unit_type(c) == Some(UnitType::CO)
                && ctx.field.setup().unit(c).is_some_and(|i| i.membership == Membership::Legion(l))
                && h.unsigned_distance_to(hex) <= u32::from(within)
        });
        if !near {
            let message = format!(
                "{} in {} is more than {within} hexes from every cohort of its legion",
                info.id,
                ctx.label(hex)
            );
            ctx.push(rule, ViolationKind::ScorpioTooFar { scorpio: uid, hex }, message);
        }
    }
}

/// 12.1: "The cavalry is placed in any/all of the three cavalry camps."
fn cavalry(ctx: &mut Ctx<'_>, rule: &str, areas: &[String]) {
    let known: Vec<String> = areas.iter().filter(|a| ctx.area_exists(a)).cloned().collect();
    for (uid, hex) in ctx.roman_units() {
        if ctx.unit_type(uid).is_some_and(UnitType::is_cavalry)
            && !known.iter().any(|a| ctx.board.in_area(a, hex))
        {
            let message = format!(
                "{} in {} is not in a cavalry camp ({})",
                ctx.unit_id(uid),
                ctx.label(hex),
                areas.join(", ")
            );
            ctx.push(rule, ViolationKind::CavalryOutsideCamps { unit: uid, hex }, message);
        }
    }
}

/// 12.1: "At least one legion must start inside the Infantry Camp."
fn camp(ctx: &mut Ctx<'_>, rule: &str, area: &str, legions: u8) {
    if !ctx.area_exists(area) {
        return;
    }
    let found = legions_in_area(ctx, area).len();
    let required = usize::from(legions);
    if found < required {
        let message = format!(
            "{required} legion(s) must start with every cohort inside the {area}; {found} do"
        );
        ctx.push(rule, ViolationKind::LegionNotInCamp { required, found }, message);
    }
}

/// Why a stack of Roman units is illegal (6.61, 8.57, 6.44, 6.65), if it is.
fn stack_problem(ctx: &Ctx<'_>, hex: Hex) -> Option<(&'static str, String)> {
    let setup = ctx.field.setup();
    let units: Vec<Uid> = ctx.field.stack(hex).iter().collect();
    let infos: Vec<_> = units.iter().filter_map(|&u| setup.unit(u)).collect();
    let types: Vec<UnitType> = infos.iter().map(|i| i.unit_type()).collect();
    let count = |f: fn(UnitType) -> bool| types.iter().filter(|t| f(**t)).count();
    let artillery = count(UnitType::is_artillery);
    let cavalry = count(UnitType::is_cavalry);
    let infantry = count(|t| t.is_infantry() && !t.is_archer());
    let archers = count(UnitType::is_archer);
    let works = ctx.board.siege_works(hex).unwrap_or_default();
    if artillery > 1 {
        return Some(("8.57", "more than one artillery unit".to_owned()));
    }
    match works {
        Works::Rampart { .. } => {
            let ok = (cavalry == 1 && types.len() == 1)
                || (cavalry == 0 && infantry <= 1 && artillery + archers <= 1);
            (!ok).then(|| {
                (
                    "6.61",
                    "a rampart hex holds one infantry unit and one artillery or archer unit; cavalry alone"
                        .to_owned(),
                )
            })
        }
        Works::Redoubt => {
            if cavalry > 0 {
                Some(("6.44", "cavalry may not end its movement in a redoubt".to_owned()))
            } else if types.len() > 2 {
                Some(("6.61", "a redoubt holds two foot units, or one foot and one artillery".to_owned()))
            } else {
                None
            }
        }
        _ => {
            let ok = match infos.as_slice() {
                [] | [_] => true,
                [a, b] => {
                    let (ta, tb) = (a.unit_type(), b.unit_type());
                    let foot_and_gun = (ta.is_foot() && tb.is_artillery())
                        || (tb.is_foot() && ta.is_artillery());
                    let same = ta == tb
                        && !ta.is_artillery()
                        && (ta != UnitType::CO || a.membership == b.membership);
                    foot_and_gun || same
                }
                _ => false,
            };
            (!ok).then(|| {
                (
                    "6.61",
                    "two units of one type (cohorts of one legion), or one foot and one artillery"
                        .to_owned(),
                )
            })
        }
    }
    .or_else(|| {
        let facings: Vec<_> = units
            .iter()
            .filter_map(|&u| ctx.field.unit(u).map(|s| s.facing))
            .collect();
        facings
            .windows(2)
            .any(|w| w.first() != w.last())
            .then(|| ("6.65", "units stacked in a hex must have the same facing".to_owned()))
    })
}

/// 6.61 stacking (8.57, 6.44, 6.65) for every hex with Roman units.
fn stacking(ctx: &mut Ctx<'_>, _rule: &str) {
    let mut hexes: Vec<Hex> = ctx.roman_units().into_iter().map(|(_, h)| h).collect();
    hexes.sort_by_key(|&h| ctx.board.index(h));
    hexes.dedup();
    for hex in hexes {
        if let Some((rule, why)) = stack_problem(ctx, hex) {
            let ids: Vec<String> = ctx.field.stack(hex).iter().map(|u| ctx.unit_id(u)).collect();
            let message = format!("{} in {}: {why}", ids.join(" and "), ctx.label(hex));
            ctx.push(rule, ViolationKind::Stacking { hex }, message);
        }
    }
}
