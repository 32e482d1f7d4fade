//! Missile fire (SPQR 8.2): range, modifiers, hits, missile supply, and the
//! leader casualty check on an unmodified 0.

use gboh_core::table::{Distribution, Drm, ModifiedRoll, Modifiers, NoFire, ThresholdTable};
use serde::{Deserialize, Serialize};

use crate::kinds::{MissileKey, ShockClass};

/// A missile unit's supply (SPQR 8.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum Supply {
    /// Full.
    #[default]
    Full,
    /// Missile Low: the next fire makes it No.
    Low,
    /// Missile No: may not fire until reloaded.
    No,
}

/// The facts one missile fire depends on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct FireInputs {
    /// The firer's missile type.
    pub key: MissileKey,
    /// Range in hexes (1 = adjacent).
    pub range: u8,
    /// The target's type.
    pub target: ShockClass,
    /// The target is in woods.
    pub target_in_woods: bool,
    /// The fire enters through the target's front.
    pub through_front: bool,
    /// The firer fires during a move.
    pub firer_moving: bool,
    /// The firer is depleted.
    pub firer_depleted: bool,
    /// The firer is higher than the target: one more range.
    pub firing_down: bool,
    /// The firer is an elephant (its hits on elephants are not doubled).
    pub firer_elephant: bool,
}

impl FireInputs {
    /// The range read on the table: one more when firing at a lower elevation.
    #[must_use]
    pub const fn table_range(&self) -> u8 {
        if self.firing_down { self.range.saturating_add(1) } else { self.range }
    }
}

/// SPQR 8.2's modifiers to a missile roll, each citing `rule`.
#[must_use]
pub fn fire_modifiers(rule: &str, i: &FireInputs) -> Modifiers {
    let mut m = Modifiers::new();
    if i.target_in_woods {
        m.push(rule, "target in woods", Drm(1));
    }
    if matches!(i.target, ShockClass::PH | ShockClass::HI) {
        if i.key.is_shooting() && i.range == 1 && i.through_front {
            m.push(rule, "PH or HI target, range 1 through its front", Drm(3));
        } else {
            m.push(rule, "PH or HI target", Drm(1));
        }
    }
    if i.target == ShockClass::SK {
        m.push(rule, "skirmisher target", Drm(2));
    }
    let mounted = matches!(i.key, MissileKey::MountedArcher | MissileKey::MountedJavelin);
    if i.firer_moving && (mounted || matches!(i.key, MissileKey::Archer | MissileKey::Sling)) {
        m.push(rule, "firing during a move", Drm(1));
    }
    if i.firer_depleted {
        m.push(rule, "firer depleted", Drm(1));
    }
    m
}

/// What one fire did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct FireResult {
    /// Hits on the target: 1, or 2 on an elephant not fired on by an elephant.
    pub hits: u8,
    /// An unmodified 0: a leader in the target hex checks for a casualty (4.53).
    pub leader_check: bool,
    /// The firer's supply afterwards.
    pub supply: Supply,
}

/// SPQR 8.2 supply after a fire: a Low unit that fires is No; an unmodified
/// 9 (7-9 for javelins) makes a Full unit Low; legionaries are No after
/// their first fire.
#[must_use]
pub const fn supply_after(key: MissileKey, before: Supply, face: u8, legionary: bool) -> Supply {
    match before {
        Supply::No | Supply::Low => Supply::No,
        Supply::Full if legionary => Supply::No,
        Supply::Full if face >= key.low_on() => Supply::Low,
        Supply::Full => Supply::Full,
    }
}

/// SPQR 8.2: one fire with `face`.
///
/// # Errors
/// [`NoFire`] when the range is beyond the table's column.
///
/// ```
/// use gboh_standard::kinds::{MissileKey, ShockClass};
/// use gboh_standard::missile::{fire, FireInputs, Supply};
/// use gboh_standard::tables::Tables;
/// let t = Tables::spqr().unwrap();
/// let i = FireInputs { key: MissileKey::Archer, range: 2, target: ShockClass::LG,
///     target_in_woods: false, through_front: true, firer_moving: false,
///     firer_depleted: false, firing_down: false, firer_elephant: false };
/// // Archers at range 2 hit on 3 or less.
/// assert_eq!(fire(&t.missile, &i, Supply::Full, false, 3, "SPQR 8.2").unwrap().hits, 1);
/// assert_eq!(fire(&t.missile, &i, Supply::Full, false, 4, "SPQR 8.2").unwrap().hits, 0);
/// ```
pub fn fire(
    table: &ThresholdTable<MissileKey>,
    i: &FireInputs,
    supply: Supply,
    legionary: bool,
    face: u8,
    rule: &str,
) -> Result<FireResult, NoFire> {
    fire_with(table, i, &fire_modifiers(rule, i), supply, legionary, face)
}

/// [`fire`] with the modifiers given (SPQR 8.2's and a game's).
///
/// # Errors
/// As [`fire`].
pub fn fire_with(
    table: &ThresholdTable<MissileKey>,
    i: &FireInputs,
    modifiers: &Modifiers,
    supply: Supply,
    legionary: bool,
    face: u8,
) -> Result<FireResult, NoFire> {
    let roll = ModifiedRoll::new(face, modifiers.total());
    let hit = table.hits(&i.key, i.table_range(), roll)?;
    let per_hit = if i.target == ShockClass::EL && !i.firer_elephant { 2 } else { 1 };
    Ok(FireResult {
        hits: if hit { per_hit } else { 0 },
        leader_check: face == 0,
        supply: supply_after(i.key, supply, face, legionary),
    })
}

/// The exact distribution of the hits one fire causes.
///
/// # Errors
/// As [`fire`].
pub fn fire_distribution(
    table: &ThresholdTable<MissileKey>,
    i: &FireInputs,
    rule: &str,
) -> Result<Distribution<u8>, NoFire> {
    fire_distribution_with(table, i, &fire_modifiers(rule, i))
}

/// [`fire_distribution`] with the modifiers given (SPQR 8.2's and a game's).
///
/// # Errors
/// As [`fire`].
pub fn fire_distribution_with(
    table: &ThresholdTable<MissileKey>,
    i: &FireInputs,
    modifiers: &Modifiers,
) -> Result<Distribution<u8>, NoFire> {
    let per_hit = if i.target == ShockClass::EL && !i.firer_elephant { 2 } else { 1 };
    let d = table.distribution(&i.key, i.table_range(), modifiers.total())?;
    Ok(d.map(|hit| if hit { per_hit } else { 0 }))
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::tables::Tables;

    fn inputs(key: MissileKey, range: u8, target: ShockClass) -> FireInputs {
        FireInputs {
            key,
            range,
            target,
            target_in_woods: false,
            through_front: true,
            firer_moving: false,
            firer_depleted: false,
            firing_down: false,
            firer_elephant: false,
        }
    }

    #[test]
    fn rule_8_2_modifiers() {
        let i = inputs(MissileKey::Archer, 1, ShockClass::HI);
        assert_eq!(fire_modifiers("8.2", &i).total(), Drm(3));
        let j = inputs(MissileKey::Javelin, 1, ShockClass::HI);
        assert_eq!(fire_modifiers("8.2", &j).total(), Drm(1));
        let mut sk = inputs(MissileKey::MountedArcher, 2, ShockClass::SK);
        sk.firer_moving = true;
        sk.firer_depleted = true;
        sk.target_in_woods = true;
        assert_eq!(fire_modifiers("8.2", &sk).total(), Drm(5));
        let mut jm = inputs(MissileKey::Javelin, 1, ShockClass::LG);
        jm.firer_moving = true;
        assert_eq!(fire_modifiers("8.2", &jm).total(), Drm(0), "javelins fire moving at no cost");
    }

    #[test]
    fn rule_8_2_odds_elephants_and_range() {
        let t = Tables::spqr().unwrap();
        let i = inputs(MissileKey::Javelin, 1, ShockClass::EL);
        let d = fire_distribution(&t.missile, &i, "8.2").unwrap();
        assert_eq!(d.chance(&2).to_string(), "6/10");
        let mut down = inputs(MissileKey::Sling, 2, ShockClass::LG);
        assert!(fire_distribution(&t.missile, &down, "8.2").is_ok());
        down.firing_down = true;
        assert!(fire_distribution(&t.missile, &down, "8.2").is_err(), "range 3 for slings");
    }

    #[test]
    fn rule_8_2_supply() {
        use MissileKey::*;
        assert_eq!(supply_after(Archer, Supply::Full, 8, false), Supply::Full);
        assert_eq!(supply_after(Archer, Supply::Full, 9, false), Supply::Low);
        assert_eq!(supply_after(Javelin, Supply::Full, 7, false), Supply::Low);
        assert_eq!(supply_after(Javelin, Supply::Low, 0, false), Supply::No);
        assert_eq!(supply_after(Javelin, Supply::Full, 0, true), Supply::No);
        let t = Tables::spqr().unwrap();
        let r = fire(&t.missile, &inputs(Archer, 1, ShockClass::LG), Supply::Full, false, 0, "8.2")
            .unwrap();
        assert!(r.leader_check && r.hits == 1);
    }
}
