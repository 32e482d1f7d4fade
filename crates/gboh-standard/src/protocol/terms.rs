//! The terms of one combat (SPQR 8.45, 8.46 in the living rules'
//! numbering; 8.5, 8.7, 8.72, 8.73 in the summary's): the units whose types
//! set the Clash column, the column and its shifts (size ratio, terrain,
//! depletion, phalanx defence), the leaders' DRMs, superiority and the
//! result adjustments. Split from shock.rs without change.

use gboh_core::facing::{Aspect, Direction};
use gboh_core::table::{Drm, Modifiers};

use super::Battle;
use crate::game::StandardGame;
use crate::kinds::{MoveTerrain, ShockClass};
use crate::missile::Supply;
use crate::rule::RuleRef;
use crate::shock::{
    Adjustments, Elevation, ShiftInputs, SuperiorityInputs, column_shifts, size_ratio,
    size_ratio_applies, superiority,
};
use crate::state::Field;

impl<G: StandardGame> Battle<G> {
    /// SPQR 8.45, 8.46 (the living rules' numbering): the terms of the combat
    /// of `attackers` (the first leading; 8.42 combined attacks) against
    /// `remaining`: the attacker's pick of the attacking unit whose type and
    /// angle set the column (the one giving the highest column against the
    /// defender's pick, the first on a tie: Reconstructed, the engine picks
    /// for both sides as 8.73 does for the defender), the sizes of all of
    /// them added, the Charisma of the best leader with any of them. `killed`:
    /// the leaders killed in the combat's casualty checks (side, Charisma).
    #[allow(clippy::too_many_lines)]
    pub(super) fn combat_terms(
        &self,
        attackers: &[usize],
        remaining: &[usize],
        moved: bool,
        picked: Option<usize>,
        killed: &[(gboh_core::Side, i32)],
    ) -> Option<CombatTerms> {
        let class = |u: usize| self.field.def(u).map_or(ShockClass::LI, |d| d.class());
        // 8.73: the defender uses the unit with the lowest column, or
        // (Gergovia 8.36 #B) the one its owner picked, if it is still in the
        // combat (Reconstructed: the pick comes before the pre-shock checks;
        // if the unit picked routs in them, the lowest column of those left).
        let column_of = |a: usize, d: usize| {
            let col = self.tables.clash.column(self.aspect(d, a), class(d), class(a))?;
            Some((col, d))
        };
        let defence = |a: usize| {
            picked
                .filter(|p| remaining.contains(p))
                .and_then(|p| column_of(a, p))
                .or_else(|| remaining.iter().filter_map(|&d| column_of(a, d)).min())
        };
        // 8.45: the attacking player picks which attacker's type and angle.
        let mut best: Option<(usize, (gboh_core::table::CrtColumn, usize))> = None;
        for &a in attackers {
            if let Some(c) = defence(a)
                && best.is_none_or(|b| c.0 > b.1.0)
            {
                best = Some((a, c));
            }
        }
        // Not allowed against any of them (cavalry frontally against elephants).
        let (attacker, (base, used)) = best?;
        let a_class = class(attacker);
        let aspect = self.aspect(used, attacker);
        let d_class = class(used);
        let a_state = self.field.units.get(attacker).copied()?;
        let u_state = self.field.units.get(used).copied()?;
        let classes: Vec<ShockClass> = remaining.iter().map(|&d| class(d)).collect();
        let a_classes: Vec<ShockClass> = attackers.iter().map(|&a| class(a)).collect();
        let size = |u: usize| u32::from(self.field.def(u).map_or(0, |d| d.size));
        // SPQR 9.53: a double-depth stack's sizes combine; 8.42: so do the
        // sizes of every attacker.
        let a_size: u32 = attackers
            .iter()
            .map(|&a| size(a) + super::double_depth_partner(&self.field, a).map_or(0, size))
            .sum();
        let d_size: u32 = remaining.iter().map(|&d| size(d)).sum();
        let board = self.field.board();
        let a_elev = board.elevation(a_state.hex).unwrap_or(0);
        let elevs: Vec<u8> = remaining
            .iter()
            .filter_map(|&d| self.field.units.get(d).and_then(|s| board.elevation(s.hex)))
            .collect();
        let elevation = if elevs.iter().all(|&e| e > a_elev) {
            Elevation::AllHigher
        } else if elevs.iter().any(|&e| e > a_elev) {
            Elevation::SomeHigher
        } else if elevs.iter().all(|&e| e < a_elev) {
            Elevation::AllLower
        } else {
            Elevation::Level
        };
        let inputs = ShiftInputs {
            size: if size_ratio_applies(&a_classes, &classes) {
                size_ratio(a_size, d_size, moved)
            } else {
                None
            },
            defender_in_woods_or_marsh: matches!(
                self.field.move_terrain(u_state.hex),
                Some(MoveTerrain::Woods | MoveTerrain::Marsh)
            ),
            elevation,
            attacker_depleted: a_state.depleted,
            defender_depleted: u_state.depleted,
            phalanx_defence_flanks: self.phalanx_defence(used, attacker, moved),
            phalanx_defence_vs_hi: a_class == ShockClass::HI,
        };
        let mut shifts = column_shifts(&inputs);
        self.game.shock_shifts(&self.field, attacker, remaining, &mut shifts);
        let shift: i32 = shifts.iter().map(|s| s.columns).sum();
        let column = self.tables.shock_crt.shifted(base, shift);
        // 8.7 DRMs: the attacking leader's Charisma, less the defending leader's.
        // A leader with either half of a double-size phalanx (Dictator 9.101),
        // with any of the attackers (8.46 step 3: "any one of his leaders
        // involved").
        let charisma = |units: &[usize], side| {
            units
                .iter()
                .flat_map(|&u| self.field.halves(u))
                .flat_map(|hex| self.field.leaders_in(hex, side))
                .filter_map(|l| self.field.leader_def(l).map(|d| i32::from(d.charisma)))
                .max()
                .unwrap_or(0)
        };
        let a_side = self.field.side(attacker).unwrap_or(gboh_core::Side::Roman);
        // A side whose leader was killed in this combat suffers his Charisma
        // plus 2 as a reverse modifier, in place of a living leader's
        // Charisma (Reconstructed: the living rules do not say whether both
        // count; the one killed with the highest Charisma counts).
        let fallen = |side| killed.iter().filter(|k| k.0 == side).map(|k| k.1 + 2).max();
        let (own, theirs) = (
            fallen(a_side).map_or_else(|| charisma(attackers, a_side), |k| -k),
            fallen(a_side.opponent()).map_or_else(|| charisma(&[used], a_side.opponent()), |k| -k),
        );
        let drm = Drm(own - theirs);
        let mut modifiers = gboh_core::table::Modifiers::new();
        let rule = G::section(RuleRef::ShockResult);
        if fallen(a_side).is_some() {
            modifiers.push(
                rule,
                "the attacking leader killed: his Charisma + 2, reversed",
                Drm(own),
            );
        } else if own != 0 {
            modifiers.push(rule, "the attacking leader's Charisma", Drm(own));
        }
        if fallen(a_side.opponent()).is_some() {
            modifiers.push(
                rule,
                "the defending leader killed: his Charisma + 2, reversed",
                Drm(-theirs),
            );
        } else if theirs != 0 {
            modifiers.push(rule, "the defending leader's Charisma", Drm(-theirs));
        }
        let threatened = self.field.zoc_holders(a_state.hex, a_side).iter().any(|&e| {
            class(e) != ShockClass::SK
                && self
                    .field
                    .units
                    .get(e)
                    .and_then(|es| Direction::between(a_state.hex, es.hex))
                    .is_some_and(|dir| a_state.facing.aspect(dir) != Aspect::Front)
        });
        let sup_inputs = SuperiorityInputs {
            attacker: a_class,
            defender: d_class,
            aspect,
            defender_in_column: u_state.column,
            defender_missile_no: self.field.def(used).is_some_and(|d| d.missile.is_some())
                && u_state.supply == Supply::No,
            attacker_cataphract: false,
            attacker_threatened: threatened,
            indian_vs_african: false,
        };
        let sup = superiority(&self.tables.superiority, &sup_inputs);
        let position = crate::shock::position_superior(&SuperiorityInputs {
            defender_missile_no: false,
            ..sup_inputs
        });
        let adj = Adjustments {
            // SPQR 9.53: tripled, not doubled, through its flank or rear.
            double_depth_phalanx_flank_or_rear: self.in_double_depth(used)
                && aspect != Aspect::Front,
            defender_skirmisher: d_class == ShockClass::SK,
            light_cavalry_vs_heavy_foot: a_class == ShockClass::LC
                && matches!(
                    d_class,
                    ShockClass::PH
                        | ShockClass::HI
                        | ShockClass::LG
                        | ShockClass::MI
                        | ShockClass::BI
                ),
            elephant_pass_through: false,
        };
        Some(CombatTerms {
            attacker,
            used,
            column,
            shifts,
            modifiers,
            drm,
            superiority: sup,
            adjustments: adj,
            position,
        })
    }
}

/// SPQR 8.5 (Dictator 9.105) phalanx defence: the flank hexes of `defender`, a
/// phalanx attacked through its front by `attacker` (a non-phalanx that
/// moved), held by or in the ZOC of another friendly phalanx; each is a 2L
/// shift (1L against HI).
#[must_use]
pub fn phalanx_defence_flanks(field: &Field, defender: usize, attacker: usize, moved: bool) -> u8 {
    let class = |u: usize| field.def(u).map(|d| d.class());
    if !moved || class(defender) != Some(ShockClass::PH) || class(attacker) == Some(ShockClass::PH)
    {
        return 0;
    }
    let (Some(s), Some(side)) = (field.units.get(defender), field.side(defender)) else {
        return 0;
    };
    let front = field
        .halves(attacker)
        .into_iter()
        .any(|h| field.aspect_from(defender, h) == Some(Aspect::Front));
    if !front {
        return 0;
    }
    let friendly_phalanx =
        |u: usize| u != defender && field.side(u) == Some(side) && class(u) == Some(ShockClass::PH);
    let covered = |hex: hexx::Hex| {
        field.unit_at(hex).is_some_and(friendly_phalanx)
            || (0..field.units.len())
                .any(|p| friendly_phalanx(p) && field.zoc_hexes(p).contains(&hex))
    };
    let flanks: Vec<hexx::Hex> = if field.is_double(defender) {
        crate::state::double_flanks(s.hex, s.facing).to_vec()
    } else {
        s.facing.flank().iter().map(|d| d.neighbor(s.hex)).collect()
    };
    let n = flanks.into_iter().filter(|&h| covered(h)).count();
    u8::try_from(n).unwrap_or(0)
}

/// The terms of one combat before its roll (SPQR 8.45, 8.46): the unit on
/// each side whose type sets the column, the column, its shifts, the DRMs,
/// superiority and the result adjustments.
#[derive(Debug, Clone)]
pub struct CombatTerms {
    /// The attacking unit whose type and angle set the column.
    pub attacker: usize,
    /// The defending unit whose type sets it.
    pub used: usize,
    /// The column after shifts.
    pub column: gboh_core::table::CrtColumn,
    /// The shifts.
    pub shifts: Vec<crate::shock::Shift>,
    /// The DRMs, described.
    pub modifiers: Modifiers,
    /// Their total.
    pub drm: Drm,
    /// Superiority.
    pub superiority: crate::shock::Superiority,
    /// The result adjustments.
    pub adjustments: Adjustments,
    /// The attacker has position superiority (a phalanx defender routs unrolled).
    pub position: bool,
}
