//! Shock resolution's modifiers ([`Rule::ShockResolution`]; Alesia 9.25):
//! who still takes part in an attack, the hexes in contact, the TQ each side
//! fights with, and every DRM of the Shock Table roll with its rule.
//!
//! The family's DRMs, in the order they are listed: disorder, a leader's
//! Charisma with or next to either side, or within his longer reach
//! ([`Rule::LeaderCharisma`], [`Roster::leader_charisma_reach`]), the
//! moving attack, position superiority through a defender's flank or rear,
//! the terrain (the highest of the attacking hexes', the terrain one attack
//! crosses added up), the TQ differential (top units, capped at 3), unit
//! numbers (archers and artillery not counted), and the weapon systems
//! ([`Rule::WeaponSystems`]). A game changes them through [`ShockRules`]:
//! its own terrain (Alesia's works), whether a moving attack or a flank
//! counts across its fortifications, and the weapon systems chart.
//!
//! ```
//! use gboh_core::facing::Facing;
//! use gboh_core::unit::UnitType;
//! use gboh_simple::rules::shock::{Participants, drms};
//! use gboh_simple::{Field, Uid};
//! # use gboh_simple::doc_game::Tiny;
//! let mut field: Field<Tiny> = Field::new(Tiny::roster());
//! let setup = field.setup().clone();
//! let hex = |l: &str| setup.board.hex_of(l).unwrap();
//! let (cohort, warband) = (Uid(0), Uid(1));
//! field.move_unit(cohort, hex("T0202"), Facing::Twelve).unwrap();
//! field.move_unit(warband, hex("T0203"), Facing::Six).unwrap();
//! let p = Participants::new(&field, vec![cohort], vec![warband]);
//! let d = drms(&field, &p, false, (UnitType::LG, UnitType::BI));
//! // TQ 7 against 5: +2.
//! let tq = d.modifiers.iter().find(|m| m.what.starts_with("TQ differential")).unwrap();
//! assert_eq!((tq.what.as_str(), tq.drm.0), ("TQ differential 7 to 5", 2));
//! ```

use gboh_core::Side;
use gboh_core::board::{HexsideFeature, HexsideFeatures};
use gboh_core::dice::Die;
use gboh_core::facing::Aspect;
use gboh_core::table::{DieCheck, Distribution, Drm, Modifiers, RollTable, ShockResult};
use gboh_core::unit::{HitOutcome, Status, UnitType};
use hexx::Hex;
use serde::Serialize;

use crate::field::{Field, UnitFlags};
use crate::game::{Roster, SimpleGame};
use crate::id::{Lid, Uid};
use crate::rule::Rule;
use crate::rules::hits;
use crate::rules::odds::{UnitOutcome, preview_hits};
use crate::rules::retreat::{RetreatRules, can_retreat};
use crate::sequence::Attack;

/// The units still taking part in an attack when it is resolved.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Participants {
    /// Attackers still formed.
    pub attackers: Vec<Uid>,
    /// Defenders still in the hexes they were attacked in (archers and
    /// artillery included).
    pub defenders: Vec<Uid>,
    /// The hexes that still hold defenders.
    pub defender_hexes: Vec<Hex>,
}

impl Participants {
    /// Who still takes part in designated `attack`: its attackers still
    /// formed; its defenders still in the hexes they were attacked in (a
    /// unit that retreated before shock, or after its Pre-Shock Check, is
    /// out); the attacked hexes that still hold one, in designation order.
    #[must_use]
    pub fn of<G: SimpleGame>(field: &Field<G>, attack: &Attack) -> Participants {
        let formed = |u: Uid| {
            field.unit(u).is_some_and(|s| {
                s.at.is_some() && matches!(s.cohesion.status, Status::Fresh | Status::Reduced)
            })
        };
        let attackers: Vec<Uid> = attack.attackers.iter().copied().filter(|&u| formed(u)).collect();
        let defenders: Vec<Uid> = attack
            .defenders
            .iter()
            .filter(|&&(u, h)| {
                field.unit(u).is_some_and(|s| s.at == Some(h) && s.cohesion.in_play())
            })
            .map(|&(u, _)| u)
            .collect();
        let mut defender_hexes: Vec<Hex> = Vec::new();
        for &h in &attack.defender_hexes {
            let held = defenders.iter().any(|&u| field.unit(u).is_some_and(|s| s.at == Some(h)));
            if held && !defender_hexes.contains(&h) {
                defender_hexes.push(h);
            }
        }
        Participants { attackers, defenders, defender_hexes }
    }

    /// The attack of `attackers` on `defenders` where they stand now.
    #[must_use]
    pub fn new<G: SimpleGame>(
        field: &Field<G>,
        attackers: Vec<Uid>,
        defenders: Vec<Uid>,
    ) -> Participants {
        let defender_hexes = hexes_of(field, &defenders);
        Participants { attackers, defenders, defender_hexes }
    }

    /// Whether the attack can be fought.
    #[must_use]
    pub fn fight(&self) -> bool {
        !self.attackers.is_empty() && !self.defenders.is_empty()
    }
}

/// The DRMs of one attack, and the attackers that gave a positive one
/// (Alesia 9.33: who may be picked to advance or pursue).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShockDrms {
    /// Every DRM with its rule.
    pub modifiers: Modifiers,
    /// Attackers whose presence gave a positive DRM.
    pub contributors: Vec<Uid>,
}

/// What a game states and changes about shock resolution. Required: its
/// weapon systems chart, its Shock Table and its leader casualty check. Hooks: the terrain, and when a moving attack and a
/// flank count.
pub trait ShockRules: RetreatRules {
    /// The types a side may fight a shock with, in the Weapon Systems
    /// chart's order (Alesia 9.43). Default:
    /// [`FAMILY_SHOCK_TYPES`](crate::rules::resolution::FAMILY_SHOCK_TYPES).
    const SHOCK_TYPES: &'static [UnitType] = &crate::rules::resolution::FAMILY_SHOCK_TYPES;

    /// Whether unit `uid` in `from` may shock into the adjacent `to`
    /// (Alesia 9.26). Default:
    /// [`family_may_attack_into`](crate::rules::targets::family_may_attack_into).
    fn may_attack_into(field: &Field<Self>, uid: Uid, from: Hex, to: Hex) -> bool {
        crate::rules::targets::family_may_attack_into(field, uid, from, to)
    }

    /// Whether a Continued Shock result lets `attack`'s attackers attack
    /// again ([`Rule::ContinuedShock`]; Alesia's Rampart Exception #3: not
    /// when every attacker is on a Rampart and no defender is). Default:
    /// always.
    fn continued_shock_applies(field: &Field<Self>, attack: &Attack) -> bool {
        let _ = (field, attack);
        true
    }

    /// The weapon systems chart's DRM for attacker type `a` against defender
    /// type `d` ([`Rule::WeaponSystems`]).
    fn weapon_systems_drm(field: &Field<Self>, a: UnitType, d: UnitType) -> Drm;

    /// The Shock Table ([`Rule::ShockResolution`]).
    fn shock_table(field: &Field<Self>) -> &RollTable<ShockResult>;

    /// The leader casualty check of a shock combat
    /// ([`Rule::ShockLeaderCasualty`]; Alesia 9.24: a 0, then 0-4), if the
    /// game's tables have it.
    fn leader_casualty_check(field: &Field<Self>) -> Option<&DieCheck>;

    /// The terrain DRM of the attack from hex `a` into the adjacent `d`, and
    /// what it is for. Default: [`family_terrain_drm`].
    fn terrain_drm(field: &Field<Self>, a: Hex, d: Hex) -> (Drm, String) {
        family_terrain_drm(field, a, d)
    }

    /// Whether the attack from `a` into `d` may count as a moving attack
    /// (Alesia 9.25: not across a man-made defensive structure). Default:
    /// always.
    fn moving_attack_counts(field: &Field<Self>, a: Hex, d: Hex) -> bool {
        let _ = (field, a, d);
        true
    }

    /// Whether an attack from `a` through the flank of a defender in `d`
    /// gives position superiority (Alesia 9.25's Rampart Exception #1: not
    /// from below a rampart). Default: always.
    fn flank_counts(field: &Field<Self>, a: Hex, d: Hex) -> bool {
        let _ = (field, a, d);
        true
    }

    /// The position superiority DRM an attacking unit of type `t` gives
    /// through a flank or rear. Default: [`family_superiority_drm`].
    fn superiority_drm(t: UnitType) -> Option<Drm> {
        family_superiority_drm(t)
    }

    /// Whether the defenders in `hex`, attacked from `attacker_hexes`, are
    /// spared the Pre-Shock Check ([`Rule::PreShockCheck`]; Alesia 9.23: a
    /// Rampart attacked from below). Default: never.
    fn pre_shock_exempt(field: &Field<Self>, hex: Hex, attacker_hexes: &[Hex]) -> bool {
        let _ = (field, hex, attacker_hexes);
        false
    }

    /// A DRM to the Pre-Shock Check roll of the defenders in `hex`
    /// ([`Rule::PreShockCheck`]: the roll plus it must not exceed the TQ),
    /// with the section the check is then reported under (Gergovia's
    /// simplified camped Gauls: +2 to a disordered formation's "rout
    /// checks resulting from melee"). Default: none.
    fn pre_shock_drm(field: &Field<Self>, hex: Hex) -> Option<(Drm, &'static str)> {
        let _ = (field, hex);
        None
    }
}

/// The family's position superiority: +3 for cavalry, cohorts and
/// barbarian infantry, +1 for light infantry, none for the rest.
#[must_use]
pub fn family_superiority_drm(t: UnitType) -> Option<Drm> {
    if t.is_cavalry() || t == UnitType::CO || t == UnitType::BI {
        Some(Drm(3))
    } else if t == UnitType::LI {
        Some(Drm(1))
    } else {
        None
    }
}

/// The hexes of a list of units, in first-seen order.
#[must_use]
pub fn hexes_of<G: SimpleGame>(field: &Field<G>, units: &[Uid]) -> Vec<Hex> {
    let mut out = Vec::new();
    for &u in units {
        if let Some(h) = field.unit(u).and_then(|s| s.at)
            && !out.contains(&h)
        {
            out.push(h);
        }
    }
    out
}

/// The adjacent (attacker hex, defender hex) pairs of an attack.
#[must_use]
pub fn contacts<G: SimpleGame>(field: &Field<G>, p: &Participants) -> Vec<(Hex, Hex)> {
    let mut out = Vec::new();
    for a in hexes_of(field, &p.attackers) {
        for &d in &p.defender_hexes {
            if field.setup().board().adjacent(a, d) {
                out.push((a, d));
            }
        }
    }
    out
}

/// The hexside features an attack from `a` into `d` crosses.
#[must_use]
pub fn crossing<G: SimpleGame>(field: &Field<G>, a: Hex, d: Hex) -> HexsideFeatures {
    let board = field.setup().board();
    board.direction(a, d).map_or_else(Default::default, |dir| board.hexside(a, dir))
}

/// The family's terrain DRM for one attacking hex: the chart's for the
/// defender's natural terrain, each hexside feature crossed (a gate in
/// place of its wall), and uphill, all added.
#[must_use]
pub fn family_terrain_drm<G: SimpleGame>(field: &Field<G>, a: Hex, d: Hex) -> (Drm, String) {
    let setup = field.setup();
    let board = setup.board();
    let mut total = Drm::ZERO;
    let mut parts: Vec<String> = Vec::new();
    if let Some(info) = board.info(d) {
        let drm = setup.shock_drm(info.terrain);
        if drm != Drm::ZERO {
            total += drm;
            parts.push(format!("{} {drm}", crate::ground::step::terrain_name(info.terrain)));
        }
    }
    let side = crossing(field, a, d);
    let gate = side.contains(HexsideFeature::Gate);
    for f in side.iter() {
        let wall = matches!(
            f,
            HexsideFeature::CampWall
                | HexsideFeature::StoneWall
                | HexsideFeature::FortWall
                | HexsideFeature::TownWall
        );
        if gate && wall {
            continue;
        }
        let drm = setup.shock_drm_across(f);
        if drm != Drm::ZERO {
            total += drm;
            parts.push(format!("across {f} {drm}"));
        }
    }
    if board.elevation(d) > board.elevation(a) {
        let up = setup.shock_drm_uphill();
        if up != Drm::ZERO {
            total += up;
            parts.push(format!("uphill {up}"));
        }
    }
    (total, parts.join(", "))
}

/// [`Rule::LeaderCharisma`]: whether a living leader of `side` with Charisma
/// is in the hex of one of `units` or next to it (or within his longer
/// reach, [`Roster::leader_charisma_reach`]).
#[must_use]
pub fn charisma_near<G: SimpleGame>(field: &Field<G>, units: &[Uid], side: Side) -> bool {
    charisma_distance(field, units, side).is_some()
}

/// [`Rule::LeaderCharisma`]: the distance from `units` of the nearest
/// living leader of `side` with Charisma whose reach
/// ([`Roster::leader_charisma_reach`]) gets there, if one does.
#[must_use]
pub fn charisma_distance<G: SimpleGame>(
    field: &Field<G>,
    units: &[Uid],
    side: Side,
) -> Option<u32> {
    let setup = field.setup();
    let hexes = hexes_of(field, units);
    let board = setup.board();
    // Its own hex 0, the board's neighbours 1 (a place graph's too), else
    // the hex distance (at least 2; only a longer reach reads it).
    let distance = |u: Hex, at: Hex| {
        if u == at {
            0
        } else if board.adjacent(u, at) {
            1
        } else {
            u.unsigned_distance_to(at).max(2)
        }
    };
    field
        .leaders()
        .iter()
        .enumerate()
        .filter_map(|(i, l)| {
            let lid = Lid(u8::try_from(i).unwrap_or(u8::MAX));
            let at = l.at?;
            let with =
                !l.dead && setup.leader_side(lid) == Some(side) && setup.leader_charisma(lid) > 0;
            let d = hexes
                .iter()
                .filter(|&&u| setup.charisma_reaches(lid, at, u))
                .map(|&u| distance(u, at))
                .min()?;
            with.then_some(d)
        })
        .min()
}

/// The Charisma DRM's wording: the family's "with or next to", else the
/// distance a longer reach covers.
fn charisma_words(distance: u32, whom: &str) -> String {
    if distance <= 1 {
        format!("a leader with Charisma with or next to the {whom}")
    } else {
        format!("a leader with heroic Charisma within {distance} hexes of the {whom}")
    }
}

/// The TQ a side fights with: the top infantry (or cavalry) unit of each
/// stack ([`Rule::HitSharing`]'s sharers), the highest of them; and the
/// units that have it.
#[must_use]
pub fn top_tq<G: SimpleGame>(field: &Field<G>, units: &[Uid]) -> (u8, Vec<Uid>) {
    let sharers = hits::sharers(field, units);
    let mut best = 0u8;
    let mut who = Vec::new();
    for h in hexes_of(field, &sharers) {
        let Some(top) = field.stack(h).iter().find(|u| sharers.contains(u)) else {
            continue;
        };
        let tq = match (field.setup().unit_profile(top), field.unit(top)) {
            (Some(p), Some(s)) => s.cohesion.current_tq(p).0,
            _ => 0,
        };
        if tq > best {
            best = tq;
            who.clear();
        }
        if tq == best {
            who.push(top);
        }
    }
    (best, who)
}

fn unit_type<G: SimpleGame>(field: &Field<G>, uid: Uid) -> Option<UnitType> {
    field.setup().unit_profile(uid).map(|p| p.unit_type)
}

/// Every DRM of the attack `p`, fought with `weapons` (attacker's type,
/// defender's type); `moving` if the attack counts as moving whatever its
/// units did (Alesia: an attack by units that moved this activation).
#[must_use]
pub fn drms<G: ShockRules>(
    field: &Field<G>,
    p: &Participants,
    moving: bool,
    weapons: (UnitType, UnitType),
) -> ShockDrms {
    let section = G::section(Rule::ShockResolution);
    let mut m = Modifiers::new();
    let mut contributors: Vec<Uid> = Vec::new();
    let side_of = |u: Uid| field.setup().unit_side(u);
    let attacking_side = p.attackers.first().and_then(|&u| side_of(u)).unwrap_or(Side::Roman);
    let defending_side = attacking_side.opponent();
    let contacts = contacts(field, p);

    let disordered = |units: &[Uid]| {
        units.iter().any(|&u| field.unit(u).is_some_and(|s| s.flags.has(UnitFlags::DISORDERED)))
    };
    if disordered(&p.attackers) {
        m.push(section, "an attacking unit is Disordered", Drm(-1));
    }
    if disordered(&p.defenders) {
        m.push(section, "a defending unit is Disordered", Drm(1));
    }
    let charisma = G::section(Rule::LeaderCharisma);
    if let Some(d) = charisma_distance(field, &p.attackers, attacking_side) {
        m.push(charisma, charisma_words(d, "attackers"), Drm(1));
    }
    if let Some(d) = charisma_distance(field, &p.defenders, defending_side) {
        m.push(charisma, charisma_words(d, "defenders"), Drm(-1));
    }
    // The moving attack.
    let movers: Vec<Uid> = p
        .attackers
        .iter()
        .copied()
        .filter(|&u| moving || field.unit(u).is_some_and(|s| s.flags.has(UnitFlags::MOVED)))
        .collect();
    let barred = contacts.iter().any(|&(a, d)| !G::moving_attack_counts(field, a, d));
    if !movers.is_empty() && !barred {
        m.push(section, "moving attack", Drm(1));
        contributors.extend(&movers);
    }
    // Position superiority: the best DRM any attacker gives.
    let mut superiority: Option<(Drm, &'static str, Vec<Uid>)> = None;
    for &(a, d) in &contacts {
        let Some(facing) = field.stack(d).top().and_then(|u| field.unit(u)).map(|s| s.facing)
        else {
            continue;
        };
        if G::all_round_front(field, d) {
            continue;
        }
        let Some(dir) = field.setup().board().direction(d, a) else {
            continue;
        };
        let aspect = facing.aspect(dir);
        let counts = match aspect {
            Aspect::Rear => true,
            Aspect::Flank => G::flank_counts(field, a, d),
            Aspect::Front => false,
        };
        if !counts {
            continue;
        }
        for u in field.stack(a).iter().filter(|u| p.attackers.contains(u)) {
            let Some(drm) = unit_type(field, u).and_then(G::superiority_drm) else {
                continue;
            };
            let what = if aspect == Aspect::Rear { "rear" } else { "flank" };
            match &mut superiority {
                Some((best, _, who)) if *best == drm => who.push(u),
                Some((best, _, _)) if *best > drm => {}
                _ => superiority = Some((drm, what, vec![u])),
            }
        }
    }
    if let Some((drm, what, who)) = superiority {
        m.push(section, format!("position superiority: through the defender's {what}"), drm);
        contributors.extend(who);
    }
    // Terrain: the highest of the attacking hexes' (Alesia: the publisher's
    // ruling).
    let terrain = contacts
        .iter()
        .map(|&(a, d)| G::terrain_drm(field, a, d))
        .filter(|(drm, _)| *drm != Drm::ZERO)
        .min_by_key(|(drm, _)| (-drm.0.abs(), drm.0));
    if let Some((drm, what)) = terrain {
        m.push(section, format!("terrain: {what}"), drm);
    }
    // TQ differential, capped at 3.
    let (att_tq, att_top) = top_tq(field, &p.attackers);
    let (def_tq, _) = top_tq(field, &p.defenders);
    let diff = (i32::from(att_tq) - i32::from(def_tq)).clamp(-3, 3);
    if diff != 0 {
        m.push(section, format!("TQ differential {att_tq} to {def_tq}"), Drm(diff));
        if diff > 0 {
            contributors.extend(att_top);
        }
    }
    // Unit numbers (archers and artillery not counted).
    let (na, nd) =
        (hits::sharers(field, &p.attackers).len(), hits::sharers(field, &p.defenders).len());
    let numbers = i32::try_from(na).unwrap_or(0) - i32::try_from(nd).unwrap_or(0);
    if numbers != 0 {
        m.push(section, format!("unit numbers {na} to {nd}"), Drm(numbers));
    }
    // Weapon systems.
    let (aw, dw) = weapons;
    let wsm = G::weapon_systems_drm(field, aw, dw);
    if wsm != Drm::ZERO {
        m.push(G::section(Rule::WeaponSystems), format!("weapon systems {aw} against {dw}"), wsm);
        // The chosen type gave it only if not every attacker has it.
        let chosen: Vec<Uid> =
            p.attackers.iter().copied().filter(|&u| unit_type(field, u) == Some(aw)).collect();
        if wsm.0 > 0 && chosen.len() < p.attackers.len() {
            contributors.extend(chosen);
        }
    }
    contributors.sort();
    contributors.dedup();
    ShockDrms { modifiers: m, contributors }
}

/// What one Shock Table result does to every unit of an attack.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct ShockOutcome {
    /// The Shock Table's row.
    pub result: ShockResult,
    /// Each unit's hits (the table's, shared over its side with the leftover
    /// on the first legal choice, [`Rule::HitSharing`], [`Rule::LeftoverHits`];
    /// and [`Rule::NoRetreat`]'s hits for a stack with nowhere to retreat)
    /// and what they make of it.
    pub units: Vec<UnitOutcome>,
}

/// The hits each unit of `sharers` takes from `n` hits, with the leftover on
/// the first legal choice.
fn shares_among<'a, G: SimpleGame>(
    field: &'a Field<G>,
    sharers: &'a [Uid],
    n: u8,
) -> impl Iterator<Item = (Uid, u8)> + 'a {
    let (each, left) = hits::split(n, sharers.len());
    sharers
        .iter()
        .zip(hits::first_leftover_choice(field, sharers, left))
        .map(move |(&u, extra)| (u, each.saturating_add(u8::from(extra))))
}

/// The hits the stacks of `units` with nowhere to retreat away from `away`
/// take ([`Rule::NoRetreat`]).
fn stuck<G: ShockRules>(
    field: &Field<G>,
    units: &[Uid],
    away: &[Hex],
    defending: bool,
) -> Vec<(Uid, u8)> {
    let mut out = Vec::new();
    for h in hexes_of(field, units) {
        let here: Vec<Uid> = units
            .iter()
            .copied()
            .filter(|&u| field.unit(u).is_some_and(|s| s.at == Some(h)))
            .collect();
        let sharers = hits::sharers(field, &here);
        let Some(&top) = sharers.first() else {
            continue;
        };
        if !can_retreat(field, top, h, away) {
            let extra = G::no_retreat_hits(field, h, away, defending);
            out.extend(shares_among(field, &sharers, extra));
        }
    }
    out
}

/// The exact distribution of an attack's outcomes over the ten faces, with
/// the given DRMs ([`Rule::ShockResolution`]).
#[must_use]
pub fn odds<G: ShockRules>(
    field: &Field<G>,
    p: &Participants,
    modifiers: &Modifiers,
) -> Distribution<ShockOutcome> {
    let table = G::shock_table(field);
    let attacker_hexes = hexes_of(field, &p.attackers);
    // Nothing below depends on the face but the Shock Table's row: the
    // sharers and the stacks with nowhere to retreat are found once, and
    // each row's outcome once for all the faces that read it.
    let (attacker_sharers, defender_sharers) =
        (hits::sharers(field, &p.attackers), hits::sharers(field, &p.defenders));
    let attackers_stuck = std::cell::OnceCell::new();
    let defenders_stuck = std::cell::OnceCell::new();
    let drm = modifiers.total();
    // Each row's outcome is distinct (it holds the row), so mapping the rows'
    // distribution keeps the faces' order and counts.
    Distribution::over_faces(Die::D10, |face| *table.resolve(face, drm)).map(|result| {
        let mut units: Vec<UnitOutcome> = Vec::with_capacity(p.attackers.len() + p.defenders.len());
        let no_stuck: &[(Uid, u8)] = &[];
        let attackers_stuck = if result.attacker_retreats {
            attackers_stuck
                .get_or_init(|| stuck(field, &p.attackers, &p.defender_hexes, false))
                .as_slice()
        } else {
            no_stuck
        };
        let defenders_stuck = if result.defender_retreats {
            defenders_stuck
                .get_or_init(|| stuck(field, &p.defenders, &attacker_hexes, true))
                .as_slice()
        } else {
            no_stuck
        };
        let per = shares_among(field, &attacker_sharers, result.attacker_hits)
            .chain(shares_among(field, &defender_sharers, result.defender_hits))
            .chain(attackers_stuck.iter().copied())
            .chain(defenders_stuck.iter().copied());
        for (u, n) in per {
            match units.iter_mut().find(|o| o.unit == u) {
                Some(o) => o.hits = o.hits.saturating_add(n),
                None => units.push(UnitOutcome { unit: u, hits: n, fate: HitOutcome::Absorbed }),
            }
        }
        for o in &mut units {
            o.fate = preview_hits(field, o.unit, o.hits).fate;
        }
        units.retain(|o| o.hits > 0);
        ShockOutcome { result, units }
    })
}

/// [`Rule::PreShockCheck`]: the defending hexes of an attack that must check
/// (an attack that must be made; the caller says so), each with the TQ of
/// its top sharing unit, in the order of `p.defender_hexes`.
#[must_use]
pub fn pre_shock_checks<G: ShockRules>(field: &Field<G>, p: &Participants) -> Vec<(Hex, u8)> {
    let attacker_hexes = hexes_of(field, &p.attackers);
    p.defender_hexes
        .iter()
        .filter(|&&h| !G::pre_shock_exempt(field, h, &attacker_hexes))
        .filter_map(|&h| stack_top_tq(field, &p.defenders, h).map(|tq| (h, tq)))
        .collect()
}

/// The TQ of the top sharing unit of `units` in `hex`.
fn stack_top_tq<G: SimpleGame>(field: &Field<G>, units: &[Uid], hex: Hex) -> Option<u8> {
    let here: Vec<Uid> = units
        .iter()
        .copied()
        .filter(|&u| field.unit(u).is_some_and(|s| s.at == Some(hex)))
        .collect();
    let top = *hits::sharers(field, &here).first()?;
    let (profile, state) = (field.setup().unit_profile(top)?, field.unit(top)?);
    Some(state.cohesion.current_tq(profile).0)
}

/// The exact chance a stack checking against `tq` passes: a roll at or under
/// its TQ ([`Rule::PreShockCheck`]).
#[must_use]
pub fn pre_shock_odds(tq: u8) -> Distribution<bool> {
    Distribution::over_faces(Die::D10, |f| f <= tq)
}
