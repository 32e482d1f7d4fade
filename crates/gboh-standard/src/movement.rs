//! Movement costs and checks (SPQR 6.x, 7.x): the Movement Cost Chart with
//! cohesion hits by type, facing changes, the phalanx's fifth MP and wheel,
//! reaction facing, leaving an enemy ZOC.
//!
//! MP are counted in halves so that a Roman road's half MP is exact.

use gboh_core::table::Drm;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::check::tq_check_hits;
use crate::kinds::{MoveTerrain, MoverClass, ShockClass};
use crate::tables::{FacingCosts, HitCost, MovementChart, MpCost};

/// The cost of one step: half-MP and cohesion hits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct StepCost {
    /// MP, in halves.
    pub half_mp: u16,
    /// Cohesion hits.
    pub hits: u8,
}

impl core::ops::Add for StepCost {
    type Output = StepCost;
    fn add(self, rhs: StepCost) -> StepCost {
        StepCost {
            half_mp: self.half_mp.saturating_add(rhs.half_mp),
            hits: self.hits.saturating_add(rhs.hits),
        }
    }
}

/// Why a step is not allowed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Error, Serialize, Deserialize)]
pub enum StepError {
    /// Impassable terrain.
    #[error("6.27: {0} is impassable")]
    Impassable(MoveTerrain),
    /// Prohibited to this class.
    #[error("6.27: {class} may not enter {terrain}")]
    Prohibited {
        /// The terrain.
        terrain: MoveTerrain,
        /// The class.
        class: MoverClass,
    },
}

fn row_cost(
    chart: &MovementChart,
    terrain: MoveTerrain,
    class: MoverClass,
    leader: bool,
) -> Result<StepCost, StepError> {
    let half_mp = match chart.mp(terrain) {
        MpCost::Impassable => return Err(StepError::Impassable(terrain)),
        MpCost::Mp(n) | MpCost::Plus(n) => u16::from(n) * 2,
        MpCost::Half => 1,
    };
    let hits = match chart.hits(terrain, class) {
        HitCost::Prohibited => return Err(StepError::Prohibited { terrain, class }),
        HitCost::Hits(_) if leader => 0,
        HitCost::Hits(n) => n,
    };
    Ok(StepCost { half_mp, hits })
}

/// What is crossed and entered by one step.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct StepTerrain {
    /// The hex entered (None: clear).
    pub hex: Option<MoveTerrain>,
    /// A hexside crossed (stream, river).
    pub hexside: Option<MoveTerrain>,
    /// A road followed along the step.
    pub road: Option<MoveTerrain>,
    /// Levels climbed (negative: descended).
    pub climb: i8,
    /// Levels already climbed this phase before this step.
    pub climbed_before: u8,
    /// A phalanx in column (no hit for its first level up).
    pub phalanx_in_column: bool,
}

/// SPQR 6.27: the MP and hits of one step for `class` (leaders pay cavalry
/// costs and take no hits).
///
/// # Errors
/// [`StepError`] when the terrain is impassable or prohibited to the class.
///
/// ```
/// use gboh_standard::kinds::{MoveTerrain, MoverClass};
/// use gboh_standard::movement::{step_cost, StepCost, StepTerrain};
/// use gboh_standard::tables::Tables;
/// let t = Tables::spqr().unwrap();
/// let woods = StepTerrain { hex: Some(MoveTerrain::Woods), ..StepTerrain::default() };
/// assert_eq!(step_cost(&t.movement, MoverClass::Heavy, false, &woods),
///     Ok(StepCost { half_mp: 4, hits: 1 }));
/// assert_eq!(step_cost(&t.movement, MoverClass::Cavalry, true, &woods),
///     Ok(StepCost { half_mp: 4, hits: 0 }));
/// ```
pub fn step_cost(
    chart: &MovementChart,
    class: MoverClass,
    leader: bool,
    step: &StepTerrain,
) -> Result<StepCost, StepError> {
    let hex = step.hex.unwrap_or(MoveTerrain::Clear);
    // A road followed along the step replaces the hex's cost when it has one
    // of its own (a Roman road's half MP); a dirt road has no effect.
    let mut cost = match step.road {
        Some(road) if chart.mp(road) == MpCost::Half => row_cost(chart, road, class, leader)?,
        _ => row_cost(chart, hex, class, leader)?,
    };
    if let Some(side) = step.hexside {
        cost = cost + row_cost(chart, side, class, leader)?;
    }
    if step.climb < 0 {
        cost = cost + row_cost(chart, MoveTerrain::DownOneLevel, class, leader)?;
    }
    for level in 0..step.climb.max(0).unsigned_abs() {
        let nth = step.climbed_before.saturating_add(level);
        let row = if nth == 0 { MoveTerrain::UpOneLevel } else { MoveTerrain::UpMore };
        let mut c = row_cost(chart, row, class, leader)?;
        if nth == 0 && step.phalanx_in_column {
            c.hits = 0;
        }
        cost = cost + c;
    }
    Ok(cost)
}

/// SPQR 6.27: the cost of turning `vertices` vertices.
#[must_use]
pub fn facing_cost(
    costs: &FacingCosts,
    class: ShockClass,
    legion: bool,
    vertices: u8,
    in_rough: bool,
) -> StepCost {
    if vertices == 0 {
        return StepCost::default();
    }
    let mp = match class {
        ShockClass::SK => costs.skirmisher_per_vertex.value.saturating_mul(vertices),
        ShockClass::EL | ShockClass::CH => {
            costs.elephant_chariot_per_vertex.value.saturating_mul(vertices)
        }
        _ if legion => costs.legion_any_turn.value,
        _ => costs.per_vertex.value.saturating_mul(vertices),
    };
    let hits = if in_rough && !matches!(class, ShockClass::EL | ShockClass::SK) {
        costs.rough_hits_per_vertex.value.saturating_mul(vertices)
    } else {
        0
    };
    StepCost { half_mp: u16::from(mp) * 2, hits }
}

/// SPQR 6.13: moving again in a later phase of the same turn costs a hit
/// (skirmishers exempt).
#[must_use]
pub const fn second_move_hits(costs: &FacingCosts, class: ShockClass) -> u8 {
    if matches!(class, ShockClass::SK) { 0 } else { costs.second_move_hits.value }
}

/// SPQR 6.4: the hits for a phalanx's fifth MP: in its first move of the turn
/// a TQ check (1 hit if failed); in a later move 2 hits, no check.
#[must_use]
pub fn phalanx_fifth_mp_hits(tq: u8, first_move: bool, face: u8) -> u8 {
    if first_move { u8::from(tq_check_hits(tq, face, Drm(0)) > 0) } else { 2 }
}

/// SPQR 6.44 (Dictator 9.102): a phalanx with one half in an enemy ZOC wheels
/// the other half forward: the pivot's hit, then a TQ check costing the
/// excess with a minimum of 1 hit (no check when only skirmishers exert the
/// ZOC). Returns the total hits.
///
/// ```
/// use gboh_standard::movement::phalanx_wheel_hits;
/// use gboh_standard::tables::Tables;
/// let t = Tables::spqr().unwrap();
/// let costs = t.movement.facing();
/// // The printed example: TQ 6, a 5 gives one more hit (2 in all), an 8 two more (3).
/// assert_eq!(phalanx_wheel_hits(costs, 6, 5, false), 2);
/// assert_eq!(phalanx_wheel_hits(costs, 6, 8, false), 3);
/// ```
#[must_use]
pub fn phalanx_wheel_hits(costs: &FacingCosts, tq: u8, face: u8, only_skirmishers: bool) -> u8 {
    let pivot = costs.phalanx_pivot_hits.value;
    if only_skirmishers {
        return pivot;
    }
    pivot.saturating_add(tq_check_hits(tq, face, Drm(0)).max(1))
}

/// One unit exerting a ZOC on a unit that wants to leave it (SPQR 7.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ZocHolder {
    /// Its MA.
    pub ma: u8,
    /// A phalanx (counts as MA 5).
    pub phalanx: bool,
    /// Whether it can shock (the ZOC of one that cannot is ignored).
    pub can_shock: bool,
}

/// SPQR 7.2: a unit may leave an enemy ZOC through an empty front hex only
/// with an MA greater than that of every unit exerting the ZOC (a phalanx
/// counts as 5; units that cannot shock are ignored).
#[must_use]
pub fn may_leave_zoc(mover_ma: u8, holders: &[ZocHolder], empty_front_hex: bool) -> bool {
    empty_front_hex
        && holders
            .iter()
            .filter(|h| h.can_shock)
            .all(|h| mover_ma > if h.phalanx { 5 } else { h.ma })
}

/// SPQR 7.15-7.16: after turning to face an enemy that moved adjacent, the
/// unit rolls, adding the mover's MA less its own; above its TQ costs the
/// difference, at least 1. Cavalry reacting to infantry are exempt.
#[must_use]
pub fn reaction_facing_hits(
    tq: u8,
    own_ma: u8,
    mover_ma: u8,
    cavalry_vs_infantry: bool,
    face: u8,
) -> u8 {
    if cavalry_vs_infantry {
        return 0;
    }
    let drm = Drm(i32::from(mover_ma) - i32::from(own_ma));
    tq_check_hits(tq, face, drm)
}

/// SPQR 6.5: the hits of an orderly withdrawal: LG take a TQ check (1 hit if
/// failed), other infantry 1 hit (SK and velites none); +1 if approached from
/// flank or rear (skirmishers: only from the rear).
#[must_use]
pub fn withdrawal_hits(
    class: ShockClass,
    tq: u8,
    face: u8,
    from_flank: bool,
    from_rear: bool,
) -> u8 {
    let base = match class {
        ShockClass::SK => 0,
        ShockClass::LG => u8::from(tq_check_hits(tq, face, Drm(0)) > 0),
        c if c.is_mounted() => 0,
        _ => 1,
    };
    let extra = match class {
        ShockClass::SK => u8::from(from_rear),
        _ => u8::from(from_flank || from_rear),
    };
    base + extra
}

/// A unit as the stacking rules see it (SPQR 6.6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct StackMember<'a> {
    /// Its class on the charts.
    pub class: ShockClass,
    /// Roman legion or ala infantry.
    pub legion: bool,
    /// Its legion (the counter's colour), if any.
    pub group: Option<&'a str>,
}

impl StackMember<'_> {
    /// SPQR 9.2: Roman velites (legion light infantry).
    #[must_use]
    pub const fn velites(&self) -> bool {
        self.legion && matches!(self.class, ShockClass::LI)
    }

    /// A Roman LG or HI (the classes SPQR 6.6 lets stop on a friend; CO is
    /// not a class of ours).
    const fn roman_heavy(&self) -> bool {
        self.legion && matches!(self.class, ShockClass::LG | ShockClass::HI)
    }
}

/// How two friendly units may share a hex (SPQR 6.6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Stacking {
    /// Roman LG/HI of the same colour (legion) and class: they pass and
    /// stop on each other freely.
    Free,
    /// Roman LG/HI of the same colour and another class, or of another
    /// colour: they may stop together, and each takes +1 to its TQ checks
    /// while stacked.
    Burdened,
}

impl Stacking {
    /// The DRM each unit of such a stack adds to its TQ checks.
    #[must_use]
    pub const fn tq_drm(self) -> Drm {
        match self {
            Stacking::Free => Drm(0),
            Stacking::Burdened => Drm(1),
        }
    }
}

/// SPQR 6.6: whether `mover` may stop in the hex of `stationary` (the stack
/// then holding two units, the most the rule allows), and how.
/// Only Roman LG/HI may stop on a friend, on another Roman LG/HI; any other
/// unit may only pass through.
#[must_use]
pub fn stacking(mover: StackMember<'_>, stationary: StackMember<'_>) -> Option<Stacking> {
    if !mover.roman_heavy() || !stationary.roman_heavy() {
        return None;
    }
    let same_colour = mover.group.is_some() && mover.group == stationary.group;
    Some(if same_colour && mover.class == stationary.class {
        Stacking::Free
    } else {
        Stacking::Burdened
    })
}

/// SPQR 6.6: the hits for entering a friend's hex, whether passing through or
/// stopping: 1 per unit entered, none for skirmishers, nor for Roman LG/HI
/// entering their own legion's same class.
#[must_use]
pub fn friend_entry_hits(mover: StackMember<'_>, stationary: StackMember<'_>) -> u8 {
    let free = mover.class == ShockClass::SK || stacking(mover, stationary) == Some(Stacking::Free);
    u8::from(!free)
}

/// SPQR 6.63 (its example #1) and the 6.69 Stacking Chart, voluntary
/// movement: the hits for `mover` passing through `stationary`, which takes
/// as many itself ("1 Cohesion Hit for both the stationary and moving
/// unit"): none for skirmishers, nor for Roman infantry (LG/HI) passing
/// through Roman infantry of its own colour (legion), any class; 1 for any
/// other. A `stationary` unit that is one of a stack counts as basic (the
/// chart's first note): 1 hit.
#[must_use]
pub fn pass_through_hits(
    mover: StackMember<'_>,
    stationary: StackMember<'_>,
    stationary_stacked: bool,
) -> u8 {
    // Velites too pass their own legion's infantry freely (6.63's example #1).
    let same_colour = (mover.roman_heavy() || mover.velites())
        && stationary.legion
        && !stationary.class.is_mounted()
        && mover.group.is_some()
        && mover.group == stationary.group
        && !stationary_stacked;
    u8::from(!(mover.class == ShockClass::SK || same_colour))
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::tables::Tables;

    #[test]
    fn rule_6_63_passing_through_costs_both_units_a_hit_as_the_stacking_chart_says() {
        let hastati = StackMember { class: ShockClass::LG, legion: true, group: Some("X") };
        let heavy = StackMember { class: ShockClass::HI, legion: true, group: Some("X") };
        let other_legion = StackMember { class: ShockClass::LG, legion: true, group: Some("Y") };
        let auxiliary = StackMember { class: ShockClass::MI, legion: false, group: Some("X") };
        let skirmisher = StackMember { class: ShockClass::SK, legion: false, group: None };
        let no_colour = StackMember { class: ShockClass::LG, legion: true, group: None };
        // Same colour: no penalty, whatever the class; a stacked one is basic.
        assert_eq!(pass_through_hits(hastati, hastati, false), 0);
        assert_eq!(pass_through_hits(heavy, hastati, false), 0);
        assert_eq!(pass_through_hits(hastati, hastati, true), 1);
        // Another colour, no colour, a unit not of a legion: 1 hit each.
        assert_eq!(pass_through_hits(other_legion, hastati, false), 1);
        assert_eq!(pass_through_hits(no_colour, no_colour, false), 1);
        assert_eq!(pass_through_hits(hastati, auxiliary, false), 1);
        assert_eq!(pass_through_hits(auxiliary, hastati, false), 1);
        // Skirmishers pass through anyone freely.
        assert_eq!(pass_through_hits(skirmisher, hastati, true), 0);
    }

    #[test]
    fn rule_6_27_costs_by_class() {
        let t = Tables::spqr().unwrap();
        let c = &t.movement;
        let marsh = StepTerrain { hex: Some(MoveTerrain::Marsh), ..StepTerrain::default() };
        assert!(matches!(
            step_cost(c, MoverClass::Elephant, false, &marsh),
            Err(StepError::Prohibited { .. })
        ));
        let stream = StepTerrain { hexside: Some(MoveTerrain::Stream), ..StepTerrain::default() };
        assert_eq!(
            step_cost(c, MoverClass::Heavy, false, &stream),
            Ok(StepCost { half_mp: 2, hits: 1 })
        );
        assert_eq!(
            step_cost(c, MoverClass::Foot, false, &stream),
            Ok(StepCost { half_mp: 2, hits: 0 })
        );
        let road = StepTerrain { road: Some(MoveTerrain::RomanRoad), ..StepTerrain::default() };
        assert_eq!(
            step_cost(c, MoverClass::Foot, false, &road),
            Ok(StepCost { half_mp: 1, hits: 0 })
        );
        let climb = StepTerrain { climb: 2, ..StepTerrain::default() };
        assert_eq!(
            step_cost(c, MoverClass::Foot, false, &climb),
            Ok(StepCost { half_mp: 6, hits: 1 })
        );
        assert_eq!(
            step_cost(c, MoverClass::Heavy, false, &climb),
            Ok(StepCost { half_mp: 6, hits: 2 })
        );
        let col = StepTerrain { climb: 1, phalanx_in_column: true, ..StepTerrain::default() };
        assert_eq!(
            step_cost(c, MoverClass::Heavy, false, &col),
            Ok(StepCost { half_mp: 4, hits: 0 })
        );
        let village = StepTerrain { hex: Some(MoveTerrain::Village), ..StepTerrain::default() };
        assert_eq!(
            step_cost(c, MoverClass::Foot, false, &village),
            Err(StepError::Impassable(MoveTerrain::Village))
        );
    }

    #[test]
    fn rule_6_27_facing_costs() {
        let t = Tables::spqr().unwrap();
        let f = t.movement.facing();
        assert_eq!(
            facing_cost(f, ShockClass::BI, false, 2, false),
            StepCost { half_mp: 4, hits: 0 }
        );
        assert_eq!(
            facing_cost(f, ShockClass::LG, true, 3, false),
            StepCost { half_mp: 2, hits: 0 }
        );
        assert_eq!(
            facing_cost(f, ShockClass::SK, false, 3, true),
            StepCost { half_mp: 0, hits: 0 }
        );
        assert_eq!(
            facing_cost(f, ShockClass::EL, false, 1, true),
            StepCost { half_mp: 4, hits: 0 }
        );
        assert_eq!(
            facing_cost(f, ShockClass::HI, false, 2, true),
            StepCost { half_mp: 4, hits: 2 }
        );
        assert_eq!(second_move_hits(f, ShockClass::SK), 0);
        assert_eq!(second_move_hits(f, ShockClass::LG), 1);
    }

    #[test]
    fn rule_6_44_phalanx_wheel_printed_example() {
        let t = Tables::spqr().unwrap();
        let f = t.movement.facing();
        assert_eq!(phalanx_wheel_hits(f, 6, 5, false), 2, "TQ 6, roll 5: one more hit");
        assert_eq!(phalanx_wheel_hits(f, 6, 8, false), 3, "TQ 6, roll 8: two more");
        assert_eq!(phalanx_wheel_hits(f, 6, 9, true), 1, "only skirmishers: no check");
        assert_eq!(phalanx_fifth_mp_hits(6, true, 6), 0);
        assert_eq!(phalanx_fifth_mp_hits(6, true, 9), 1);
        assert_eq!(phalanx_fifth_mp_hits(6, false, 0), 2);
    }

    #[test]
    fn rule_7_2_leaving_a_zoc_and_reactions() {
        let lg = ZocHolder { ma: 5, phalanx: false, can_shock: true };
        let ph = ZocHolder { ma: 4, phalanx: true, can_shock: true };
        let sk = ZocHolder { ma: 8, phalanx: false, can_shock: false };
        assert!(may_leave_zoc(6, &[lg, sk], true));
        assert!(!may_leave_zoc(5, &[ph], true), "a phalanx counts as 5");
        assert!(!may_leave_zoc(8, &[lg], false));
        assert_eq!(reaction_facing_hits(5, 4, 6, false, 4), 1);
        assert_eq!(reaction_facing_hits(5, 4, 6, true, 9), 0);
        assert_eq!(withdrawal_hits(ShockClass::LI, 5, 0, true, false), 2);
        assert_eq!(withdrawal_hits(ShockClass::SK, 5, 0, true, false), 0);
        assert_eq!(withdrawal_hits(ShockClass::LG, 5, 6, false, false), 1);
    }

    #[test]
    fn rule_6_6_who_may_stop_on_a_friend_and_at_what_cost() {
        let hastati = StackMember { class: ShockClass::LG, legion: true, group: Some("X") };
        let principes = StackMember { class: ShockClass::LG, legion: true, group: Some("X") };
        let other_legion = StackMember { class: ShockClass::LG, legion: true, group: Some("Y") };
        let heavy = StackMember { class: ShockClass::HI, legion: true, group: Some("X") };
        let barbarian = StackMember { class: ShockClass::BI, legion: false, group: Some("X") };
        let skirmisher = StackMember { class: ShockClass::SK, legion: false, group: None };
        let no_colour = StackMember { class: ShockClass::LG, legion: true, group: None };
        // Same colour, same class: free; no hit.
        assert_eq!(stacking(principes, hastati), Some(Stacking::Free));
        assert_eq!(friend_entry_hits(principes, hastati), 0);
        // Same colour, other class; other colour: +1 to TQ checks, 1 hit to enter.
        assert_eq!(stacking(heavy, hastati), Some(Stacking::Burdened));
        assert_eq!(stacking(other_legion, hastati), Some(Stacking::Burdened));
        assert_eq!(stacking(no_colour, no_colour), Some(Stacking::Burdened));
        assert_eq!(friend_entry_hits(other_legion, hastati), 1);
        assert_eq!(Stacking::Burdened.tq_drm(), Drm(1));
        assert_eq!(Stacking::Free.tq_drm(), Drm(0));
        // Anyone else passes only: 1 hit a unit, skirmishers none.
        assert_eq!(stacking(barbarian, hastati), None);
        assert_eq!(stacking(hastati, barbarian), None);
        assert_eq!(stacking(skirmisher, hastati), None);
        assert_eq!(friend_entry_hits(barbarian, hastati), 1);
        assert_eq!(friend_entry_hits(skirmisher, hastati), 0);
    }

    /// SPQR 6.63's example #1 and 9.2 (voluntary movement): XIV legion's
    /// velites pass through any infantry of their own legion without penalty,
    /// through its cavalry or another legion's units at 1 hit each (and 1 for
    /// the unit passed), and may not stop in a hex with any unit; a 9.21
    /// withdrawal costs them hits only from the rear (as skirmishers).
    #[test]
    fn rule_9_2_velites_pass_their_own_legion_s_infantry_freely_and_never_stop() {
        let velites = StackMember { class: ShockClass::LI, legion: true, group: Some("XIV") };
        let hastati = StackMember { class: ShockClass::LG, legion: true, group: Some("XIV") };
        let own_velites = StackMember { class: ShockClass::LI, legion: true, group: Some("XIV") };
        let cavalry = StackMember { class: ShockClass::RC, legion: true, group: Some("XIV") };
        let other = StackMember { class: ShockClass::LG, legion: true, group: Some("V") };
        let light = StackMember { class: ShockClass::LI, legion: false, group: Some("XIV") };
        assert!(velites.velites() && !light.velites() && !hastati.velites());
        assert_eq!(pass_through_hits(velites, hastati, false), 0);
        assert_eq!(pass_through_hits(velites, own_velites, false), 0);
        assert_eq!(pass_through_hits(velites, cavalry, false), 1);
        assert_eq!(pass_through_hits(velites, other, false), 1);
        assert_eq!(pass_through_hits(light, hastati, false), 1, "not velites: basic");
        for friend in [hastati, own_velites, cavalry, other] {
            assert_eq!(stacking(velites, friend), None, "velites never stop on a unit");
        }
        // 9.21 as the protocol applies it (velites as skirmishers).
        assert_eq!(withdrawal_hits(ShockClass::SK, 4, 0, true, false), 0);
        assert_eq!(withdrawal_hits(ShockClass::SK, 4, 0, false, true), 1);
    }
}
