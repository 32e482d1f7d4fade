//! Land combat on the simple family's system (the review: "the simple GBoH
//! land system"): [`MissileRules`] (7.0, the reconstructed missile table,
//! the 5.36 chart's fire DRMs), [`RetreatRules`] (the family's, which never
//! enters a Block: 4.32), [`ShockRules`] (8.0, the reconstructed Shock
//! Table and weapon systems, 5.36's shock DRMs, 11.3's exhaustion).

use gboh_core::board::HexsideFeature;
use gboh_core::table::{DieCheck, Drm, Modifiers, RollTable, ShockResult};
use gboh_core::unit::UnitType;
use gboh_simple::field::Field;
use gboh_simple::rules::missile::{MissileRules, Sighted, family_modifiers};
use gboh_simple::rules::retreat::RetreatRules;
use gboh_simple::rules::shock::{ShockRules, crossing};
use gboh_simple::{ShotSpec, Uid};
use hexx::Hex;

use super::Land;
use super::chart::{Check, Ground, MissileColumn, SHOCK_TYPES};
use super::victory::exhausted;

impl MissileRules for Land {
    type Column = MissileColumn;

    fn column(field: &Field<Land>, uid: Uid) -> Option<MissileColumn> {
        field.setup().unit(uid)?.profile.missile.and_then(MissileColumn::for_missile)
    }
    fn max_range(field: &Field<Land>, _: Uid, column: MissileColumn) -> u8 {
        field.setup().tables.combat.missile.max_range(&column).unwrap_or(0)
    }
    fn hit_number(field: &Field<Land>, column: MissileColumn, read_at: u8) -> Result<u8, String> {
        field.setup().tables.combat.missile.hit_number(&column, read_at).map_err(|e| e.to_string())
    }
    fn hits_whole_hex(column: MissileColumn) -> bool {
        column == MissileColumn::Arrow
    }
    fn leader_casualty_check(field: &Field<Land>) -> Option<&DieCheck> {
        field.setup().tables.combat.checks.check(&Check::MissileLeaderCasualty)
    }
    /// The family's DRMs and the 5.36 chart's for the target's place (a
    /// Block, the Lighthouse, a redoubt: reconstructed figures).
    fn shot_modifiers(
        field: &Field<Land>,
        spec: &ShotSpec,
        _: MissileColumn,
        _: u8,
        _: Sighted,
    ) -> Modifiers {
        let mut m = family_modifiers(field, spec);
        let setup = field.setup();
        let ground = setup.ground(spec.target);
        let drm = setup.tables.terrain.fire_drm(ground);
        if drm != 0 {
            m.push("5.36", format!("target in {}", ground_name(ground)), Drm(drm));
        }
        m
    }
}

/// How narration names a chart row.
#[must_use]
pub const fn ground_name(g: Ground) -> &'static str {
    match g {
        Ground::Clear => "a clear hex",
        Ground::Point => "a Point",
        Ground::Causeway => "the causeway",
        Ground::Block => "a Block",
        Ground::Lighthouse => "the Lighthouse",
        Ground::Redoubt => "a redoubt",
        Ground::Canal => "the canal",
        Ground::Wall => "a wall",
        Ground::MainGate => "the Main Gate",
        Ground::Sea => "the sea",
    }
}

/// 4.32, family 10.21: the family's retreat, which follows streets and
/// hexsides only and so never enters a Block.
impl RetreatRules for Land {}

impl ShockRules for Land {
    const SHOCK_TYPES: &'static [UnitType] = &SHOCK_TYPES;

    /// 11.3 (errata, reconstructed): a side at its Exhaustion Level fights
    /// on but may not shock attack; else the family's rule.
    fn may_attack_into(field: &Field<Land>, uid: Uid, from: Hex, to: Hex) -> bool {
        let side = field.setup().unit(uid).map(|u| u.side);
        !side.is_some_and(|s| exhausted(field, s))
            && gboh_simple::rules::targets::family_may_attack_into(field, uid, from, to)
    }
    fn weapon_systems_drm(field: &Field<Land>, a: UnitType, d: UnitType) -> Drm {
        field.setup().tables.combat.weapons.drm(&a, &d).unwrap_or(Drm::ZERO)
    }
    fn shock_table(field: &Field<Land>) -> &RollTable<ShockResult> {
        &field.setup().tables.combat.shock
    }
    fn leader_casualty_check(field: &Field<Land>) -> Option<&DieCheck> {
        field.setup().tables.combat.checks.check(&Check::ShockLeaderCasualty)
    }
    /// 5.36: the defender's place (a Block -1, the Lighthouse and the
    /// redoubts -2), or the Main Gate between them (-1), the better for the
    /// defender.
    fn terrain_drm(field: &Field<Land>, a: Hex, d: Hex) -> (Drm, String) {
        let setup = field.setup();
        let chart = &setup.tables.terrain;
        let ground = setup.ground(d);
        let mut best =
            (Drm(chart.shock_drm(ground)), format!("defender in {}", ground_name(ground)));
        if crossing(field, a, d).contains(HexsideFeature::Gate) {
            let gate = chart.shock_drm(Ground::MainGate);
            if gate < best.0.0 {
                best = (Drm(gate), "attack through the Main Gate".to_owned());
            }
        }
        best
    }
}
