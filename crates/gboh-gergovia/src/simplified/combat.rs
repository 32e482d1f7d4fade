//! The simplified version's combat charts and what its corrections change
//! about fire, retreat and shock: [`MissileRules`] (the reconstructed
//! missile table, note a's walls, a disordered tribe's +1), [`RetreatRules`]
//! (no retreat over a wall), [`ShockRules`] (the reconstructed Shock Table
//! and weapon systems, 7.31/7.35's ZOC, 11.1's fortification effects,
//! impetuosity's +2, a disordered tribe's +2 to its Pre-Shock Check).

use gboh_core::Side;
use gboh_core::board::HexsideFeature;
use gboh_core::facing::Direction;
use gboh_core::table::{DieCheck, Drm, Modifiers, RollTable, ShockResult};
use gboh_core::unit::UnitType;
use gboh_simple::ShotSpec;
use gboh_simple::Uid;
use gboh_simple::field::Field;
use gboh_simple::ground::los::sight;
use gboh_simple::ground::zoc;
use gboh_simple::rules::missile::{MissileRules, Refusal, Sighted, family_modifiers, label};
use gboh_simple::rules::retreat::{RetreatEntry, RetreatRules, family_retreat_entry};
use gboh_simple::rules::shock::{ShockRules, crossing};
use hexx::Hex;

use super::Simplified;
use super::formations::TRIBES;
use super::setup::{hex_row, side_row};
use super::tables::{Check, MissileColumn, SHOCK_TYPES};
use super::terrain::TerrainRow;
use crate::map::areas;

/// Whether `hex` is inside Gergovia or a Roman camp (behind walls).
#[must_use]
pub fn behind_walls(field: &Field<Simplified>, hex: Hex) -> bool {
    let board = &field.setup().board;
    board.in_area(areas::GERGOVIA, hex) || areas::ROMAN_CAMPS.iter().any(|a| board.in_area(a, hex))
}

/// The fortification row an attack from `a` into the adjacent `d` crosses
/// (a wall, a gate, the embankment), if any.
#[must_use]
pub fn fortified_row(field: &Field<Simplified>, a: Hex, d: Hex) -> Option<TerrainRow> {
    let side = crossing(field, a, d);
    let gate = side.contains(HexsideFeature::Gate);
    let stone_down = field.hexside_markers().has(a, d);
    side.iter().find_map(|f| match f {
        HexsideFeature::StoneWall if stone_down => Some(TerrainRow::Rubble),
        HexsideFeature::StoneWall
        | HexsideFeature::CampWall
        | HexsideFeature::TownWall
        | HexsideFeature::Embankment => side_row(f, gate),
        _ => None,
    })
}

/// 11.1: whether an attack from `a` into `d` goes "over a wall, an
/// embankment or a sunken road" (a standing stone wall, a camp or town wall
/// or gate, the embankment, or into or out of the sunken road).
#[must_use]
pub fn over_fortification(field: &Field<Simplified>, a: Hex, d: Hex) -> bool {
    let road = |h| field.setup().board.in_area(areas::SUNKEN_ROAD, h);
    matches!(
        fortified_row(field, a, d),
        Some(
            TerrainRow::StoneWall
                | TerrainRow::CampWall
                | TerrainRow::CampGate
                | TerrainRow::TownWall
                | TerrainRow::TownGate
                | TerrainRow::Embankment
        )
    ) || road(a) != road(d)
}

/// Camped Gauls: whether unit `uid` belongs to a tribe alerted and
/// disordered until its next activation ("The formation is then
/// disordered ... Disorder lasts until the formation's next activation").
#[must_use]
pub fn disordered(field: &Field<Simplified>, uid: Uid) -> bool {
    let Some(formation) = field.setup().formation(uid) else { return false };
    field
        .pieces()
        .disordered
        .iter()
        .filter_map(|&i| TRIBES.get(usize::from(i)))
        .any(|t| t.0 == formation)
}

/// The Pre-Shock Check of a disordered tribe's stack, as its report cites
/// it.
pub const DISORDERED_CHECK: &str =
    "family 9.23; Special Rules: Camped Gauls (disordered: +2 to rout checks from melee)";

/// 11.1: whether an attack from `a` into the adjacent `d` goes across a
/// wall hexside: a camp or town wall (its gates included, as the standard
/// version's 8.32 reads "a hexside with a wall") or a standing stone wall
/// (rubble is no wall).
#[must_use]
pub fn across_a_wall(field: &Field<Simplified>, a: Hex, d: Hex) -> bool {
    let side = crossing(field, a, d);
    side.contains(HexsideFeature::CampWall)
        || side.contains(HexsideFeature::TownWall)
        || side.contains(HexsideFeature::StoneWall) && !field.hexside_markers().has(a, d)
}

/// 11.1: "A unit that must attack an enemy across a wall hexside may not
/// attack another enemy beyond the wall." Of `fresh`, the enemy hexes the
/// stack in `hex` would attack, it keeps those not across a wall and one
/// across a wall: none more if the attack it joins (`joined`) already
/// holds one across a wall from `hex`, else the first in board order
/// (Reconstructed: the engine's designation names no single target; a
/// player who wants the other one has another stack attack it first and
/// joins that attack).
#[must_use]
pub fn one_enemy_beyond_the_wall(
    field: &Field<Simplified>,
    hex: Hex,
    fresh: Vec<Hex>,
    joined: &[Hex],
) -> Vec<Hex> {
    let board = &field.setup().board;
    let beyond = joined.iter().any(|&j| across_a_wall(field, hex, j));
    let mut walled: Vec<Hex> =
        fresh.iter().copied().filter(|&d| across_a_wall(field, hex, d)).collect();
    walled.sort_by_key(|&d| board.index(d));
    let keep = if beyond { None } else { walled.first().copied() };
    fresh.into_iter().filter(|&d| !across_a_wall(field, hex, d) || Some(d) == keep).collect()
}

/// The reconstructed missile table; arrows hit every unit in the hex.
impl MissileRules for Simplified {
    type Column = MissileColumn;

    fn column(field: &Field<Simplified>, uid: Uid) -> Option<MissileColumn> {
        field.setup().unit(uid)?.profile.missile.and_then(MissileColumn::for_missile)
    }
    fn max_range(field: &Field<Simplified>, _: Uid, column: MissileColumn) -> u8 {
        field.setup().tables.missile.max_range(&column).unwrap_or(0)
    }
    fn hit_number(
        field: &Field<Simplified>,
        column: MissileColumn,
        read_at: u8,
    ) -> Result<u8, String> {
        field.setup().tables.missile.hit_number(&column, read_at).map_err(|e| e.to_string())
    }
    fn hits_whole_hex(column: MissileColumn) -> bool {
        column == MissileColumn::Arrow
    }
    fn leader_casualty_check(field: &Field<Simplified>) -> Option<&DieCheck> {
        field.setup().tables.checks.check(&Check::MissileLeaderCasualty)
    }

    /// 10.1: the towers stand on the camp wall and overlook it: a
    /// scorpion's line of sight is not blocked by the wall of its own hex
    /// (reconstructed; the family's line of sight otherwise).
    fn line_of_sight(
        field: &Field<Simplified>,
        spec: &ShotSpec,
        column: MissileColumn,
    ) -> Result<Sighted, Refusal> {
        let _ = column;
        let tower = field.setup().board.in_area(areas::TOWERS, spec.from);
        let from = if tower {
            // Trace from the hex beyond the tower's wall toward the target.
            Direction::ALL
                .into_iter()
                .map(|d| d.neighbor(spec.from))
                .filter(|n| field.setup().board.contains(*n))
                .min_by_key(|n| {
                    (n.unsigned_distance_to(spec.target), field.setup().board.index(*n))
                })
                .unwrap_or(spec.from)
        } else {
            spec.from
        };
        if from == spec.target || from.unsigned_distance_to(spec.target) == 0 {
            return Ok(Sighted::default());
        }
        sight(field, from, spec.target, false).map(|()| Sighted::default()).map_err(|b| {
            Refusal::by::<Simplified>(
                gboh_simple::Rule::LineOfSight,
                format!("line of sight blocked by {} in {}", b.what(), label(field, b.hex())),
            )
        })
    }

    /// The family's DRMs, then the table's: a stone wall between the
    /// firer and a target at it +1 (Stone Walls); note a, fire from outside
    /// at a target behind a camp or town wall, arrows +2, javelins +4.
    fn shot_modifiers(
        field: &Field<Simplified>,
        spec: &ShotSpec,
        column: MissileColumn,
        range: u8,
        sighted: Sighted,
    ) -> Modifiers {
        let _ = (range, sighted);
        let mut m = family_modifiers(field, spec);
        if disordered(field, spec.firer) {
            m.push(
                "Special Rules: Camped Gauls",
                "the firer's tribe is disordered: +1 to all die rolls for fire",
                Drm(1),
            );
        }
        let at_stone_wall = Direction::ALL.into_iter().any(|d| {
            let n = d.neighbor(spec.target);
            field.setup().board.hexside(spec.target, d).contains(HexsideFeature::StoneWall)
                && !field.hexside_markers().has(spec.target, n)
                && n.unsigned_distance_to(spec.from) < spec.target.unsigned_distance_to(spec.from)
        });
        if at_stone_wall {
            m.push("Stone Walls", "target at a stone wall", Drm(1));
        }
        if behind_walls(field, spec.target) && !behind_walls(field, spec.from) {
            let drm = match column {
                MissileColumn::Arrow => Some(2),
                MissileColumn::Javelin => Some(4),
                MissileColumn::Scorpio => None,
            };
            if let Some(d) = drm {
                m.push("5.1", "fire from outside over a wall (TE table note a)", Drm(d));
            }
        }
        m
    }
}

/// The family's retreat, never over a wall but through a gate (the
/// standard version's 6.72; reconstructed for this version, whose 11.11-11.4
/// are not available).
impl RetreatRules for Simplified {
    fn retreat_entry(
        field: &Field<Simplified>,
        uid: Uid,
        from: Hex,
        to: Hex,
    ) -> Option<RetreatEntry> {
        let walled = Direction::between(from, to).is_some_and(|d| {
            let s = field.setup().board.hexside(from, d);
            s.is_wall()
                && !s.contains(HexsideFeature::Gate)
                && !field.hexside_markers().has(from, to)
        });
        if walled {
            return None;
        }
        family_retreat_entry(field, uid, from, to)
    }
}

/// The reconstructed Shock Table and weapon systems; 7.31/7.35, 11.1.
impl ShockRules for Simplified {
    const SHOCK_TYPES: &'static [UnitType] = &SHOCK_TYPES;

    /// 7.31, 7.35: "The defender must be in the ZOC of the attacker"; and
    /// the family's rule for cavalry (not over a wall). Gauls never attack
    /// over the town wall (\[d\]: they may not cross it).
    fn may_attack_into(field: &Field<Simplified>, uid: Uid, from: Hex, to: Hex) -> bool {
        if !zoc::exerts_into(field, uid, to) {
            return false;
        }
        let gallic = field.setup().unit(uid).is_some_and(|u| u.side == Side::Adversary);
        if gallic && fortified_row(field, from, to) == Some(TerrainRow::TownWall) {
            return false;
        }
        gboh_simple::rules::targets::family_may_attack_into(field, uid, from, to)
    }
    fn weapon_systems_drm(field: &Field<Simplified>, a: UnitType, d: UnitType) -> Drm {
        field.setup().tables.weapons.drm(&a, &d).unwrap_or(Drm::ZERO)
    }
    fn shock_table(field: &Field<Simplified>) -> &RollTable<ShockResult> {
        &field.setup().tables.shock
    }
    fn leader_casualty_check(field: &Field<Simplified>) -> Option<&DieCheck> {
        field.setup().tables.checks.check(&Check::ShockLeaderCasualty)
    }

    /// The table's melee DRMs: the defender's hex (woods, rocky -1), the
    /// fortification crossed (camp wall -3, gate -2, tower -3, town wall
    /// -4, town gate -3, embankment -1), uphill -1 (not over the town wall,
    /// which carries the climb); impetuous attackers +2 (Special Rules,
    /// Impetuosity: "+2 ... but only when attacking").
    fn terrain_drm(field: &Field<Simplified>, a: Hex, d: Hex) -> (Drm, String) {
        let setup = field.setup();
        let t = &setup.terrain;
        let board = &setup.board;
        let mut parts = Vec::new();
        let mut total = 0;
        let mut add = |what: String, drm: i32| {
            if drm != 0 {
                total += drm;
                parts.push(format!("{what} {drm:+}"));
            }
        };
        let mut row = board.terrain(d).and_then(hex_row);
        if board.in_area(areas::TOWERS, d) {
            row = Some(TerrainRow::Tower);
        }
        if let Some(r) = row {
            add(format!("{r:?}"), t.melee_drm(r));
        }
        let fort = fortified_row(field, a, d);
        if let Some(r) = fort
            && !(r == TerrainRow::Tower && row == Some(TerrainRow::Tower))
        {
            add(format!("across {r:?}"), t.melee_drm(r));
        }
        let over_town = matches!(fort, Some(TerrainRow::TownWall | TerrainRow::TownGate));
        if !over_town && board.elevation(d) > board.elevation(a) {
            add("uphill".to_string(), t.melee_drm(TerrainRow::UpOneLevel));
        }
        if super::special::impetuous_at(field, a) {
            add("impetuosity".to_string(), 2);
        }
        (Drm(total), parts.join(", "))
    }

    /// Camped Gauls: "+2 to the die roll for rout checks resulting from
    /// melee" for a disordered tribe. The reconstructed Shock Table (the
    /// family's) has no rout check; the one check a melee brings on a
    /// defender, the Pre-Shock Check, takes the +2 (Reconstructed).
    fn pre_shock_drm(field: &Field<Simplified>, hex: Hex) -> Option<(Drm, &'static str)> {
        field.stack(hex).iter().any(|u| disordered(field, u)).then_some((Drm(2), DISORDERED_CHECK))
    }

    /// 11.1, \[f\]: "All die-roll modifiers for movement and melee are dropped
    /// for attacks over a wall, an embankment or a sunken road."
    fn moving_attack_counts(field: &Field<Simplified>, a: Hex, d: Hex) -> bool {
        !over_fortification(field, a, d)
    }
}
