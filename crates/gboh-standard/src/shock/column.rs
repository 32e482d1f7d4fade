//! The Shock CRT column: the Clash chart's base column, then the shifts of
//! SPQR 8.5 (size ratio, terrain, elevation, depletion, phalanx defence).

use serde::{Deserialize, Serialize};

use crate::kinds::ShockClass;

/// A size ratio in whole numbers, after rounding (SPQR 8.5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SizeRatio {
    /// The attacker's share.
    pub attacker: u32,
    /// The defender's share.
    pub defender: u32,
}

impl SizeRatio {
    /// Columns shifted: one per step to the larger side (right for the
    /// attacker, left for the defender); 1:1 shifts nothing.
    #[must_use]
    pub fn shift(self) -> i32 {
        let steps = |n: u32| i32::try_from(n.saturating_sub(1)).unwrap_or(i32::MAX);
        if self.attacker >= self.defender { steps(self.attacker) } else { -steps(self.defender) }
    }
}

/// SPQR 8.5: the size ratio of the two sides' total sizes, rounded in the
/// attacker's favour if any attacker moved adjacent, otherwise in the
/// defender's (11:5 is 3:1 or 2:1). `None` if either side has no size.
///
/// ```
/// use gboh_standard::shock::{size_ratio, SizeRatio};
/// assert_eq!(size_ratio(11, 5, true), Some(SizeRatio { attacker: 3, defender: 1 }));
/// assert_eq!(size_ratio(11, 5, false), Some(SizeRatio { attacker: 2, defender: 1 }));
/// assert_eq!(size_ratio(5, 11, true), Some(SizeRatio { attacker: 1, defender: 2 }));
/// assert_eq!(size_ratio(5, 11, false), Some(SizeRatio { attacker: 1, defender: 3 }));
/// ```
#[must_use]
pub fn size_ratio(attacker: u32, defender: u32, attacker_moved: bool) -> Option<SizeRatio> {
    if attacker == 0 || defender == 0 {
        return None;
    }
    let (big, small) = (attacker.max(defender), attacker.min(defender));
    let floor = big / small;
    let ceil = big.div_ceil(small);
    // Rounded up when the larger side is the favoured one, down otherwise.
    let attacker_larger = attacker >= defender;
    let n = if attacker_larger == attacker_moved { ceil } else { floor };
    Some(if attacker_larger {
        SizeRatio { attacker: n, defender: 1 }
    } else {
        SizeRatio { attacker: 1, defender: n }
    })
}

/// SPQR 8.5: the size ratio is ignored for elephants against non-elephants,
/// in combats with skirmishers, and for chariots against non-chariots.
#[must_use]
pub fn size_ratio_applies(attackers: &[ShockClass], defenders: &[ShockClass]) -> bool {
    let all = || attackers.iter().chain(defenders);
    let any = |c: ShockClass| all().any(|x| *x == c);
    let every = |c: ShockClass| all().all(|x| *x == c);
    if any(ShockClass::SK) {
        return false;
    }
    if any(ShockClass::EL) && !every(ShockClass::EL) {
        return false;
    }
    !any(ShockClass::CH) || every(ShockClass::CH)
}

/// Where the defenders stand relative to the attackers (SPQR 8.5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum Elevation {
    /// Level, or mixed.
    #[default]
    Level,
    /// Some defenders higher than the attackers.
    SomeHigher,
    /// Every defender higher.
    AllHigher,
    /// Every defender lower.
    AllLower,
}

/// What the column shifts of SPQR 8.5 depend on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct ShiftInputs {
    /// The rounded size ratio, when it applies.
    pub size: Option<SizeRatio>,
    /// The defender (the one used) is in woods or marsh.
    pub defender_in_woods_or_marsh: bool,
    /// Elevation of the defenders.
    pub elevation: Elevation,
    /// The attacker is depleted.
    pub attacker_depleted: bool,
    /// The defender is depleted.
    pub defender_depleted: bool,
    /// Flank hexes of a frontally attacked phalanx held by or in the ZOC of a
    /// friendly phalanx, on a moving frontal attack by non-phalanx units.
    pub phalanx_defence_flanks: u8,
    /// The phalanx defence is against HI (1L per flank rather than 2L).
    pub phalanx_defence_vs_hi: bool,
}

/// One column shift and why.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Shift {
    /// What it is for.
    pub what: &'static str,
    /// Columns: positive right (toward the attacker), negative left.
    pub columns: i32,
}

/// Every shift of SPQR 8.5 that applies, in the rule's order.
///
/// ```
/// use gboh_standard::shock::{column_shifts, size_ratio, ShiftInputs};
/// let inputs = ShiftInputs {
///     size: size_ratio(11, 5, true),
///     defender_in_woods_or_marsh: true,
///     ..ShiftInputs::default()
/// };
/// let total: i32 = column_shifts(&inputs).iter().map(|s| s.columns).sum();
/// assert_eq!(total, 2 - 1);
/// ```
#[must_use]
pub fn column_shifts(inputs: &ShiftInputs) -> Vec<Shift> {
    let mut out = Vec::new();
    if let Some(size) = inputs.size.filter(|s| s.shift() != 0) {
        out.push(Shift { what: "size ratio", columns: size.shift() });
    }
    if inputs.defender_in_woods_or_marsh {
        out.push(Shift { what: "defender in woods or marsh", columns: -1 });
    }
    match inputs.elevation {
        Elevation::Level => {}
        Elevation::SomeHigher => out.push(Shift { what: "defender higher", columns: -1 }),
        Elevation::AllHigher => out.push(Shift { what: "all defenders higher", columns: -2 }),
        Elevation::AllLower => out.push(Shift { what: "all defenders lower", columns: 1 }),
    }
    if inputs.attacker_depleted {
        out.push(Shift { what: "attacker depleted", columns: -1 });
    }
    if inputs.defender_depleted {
        out.push(Shift { what: "defender depleted", columns: 1 });
    }
    if inputs.phalanx_defence_flanks > 0 {
        let per = if inputs.phalanx_defence_vs_hi { 1 } else { 2 };
        out.push(Shift {
            what: "phalanx defence",
            columns: -per * i32::from(inputs.phalanx_defence_flanks),
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_8_5_eleven_to_five_is_three_to_one_moved_two_to_one_not() {
        let moved = size_ratio(11, 5, true).unwrap_or(SizeRatio { attacker: 0, defender: 0 });
        let still = size_ratio(11, 5, false).unwrap_or(SizeRatio { attacker: 0, defender: 0 });
        assert_eq!((moved.attacker, moved.defender, moved.shift()), (3, 1, 2));
        assert_eq!((still.attacker, still.defender, still.shift()), (2, 1, 1));
        assert_eq!(size_ratio(5, 5, true).map(SizeRatio::shift), Some(0));
        assert_eq!(size_ratio(10, 5, false).map(SizeRatio::shift), Some(1));
        assert_eq!(size_ratio(4, 9, false).map(SizeRatio::shift), Some(-2));
        assert_eq!(size_ratio(0, 9, false), None);
    }

    #[test]
    fn rule_8_5_size_ratio_ignored_for_elephants_skirmishers_chariots() {
        use ShockClass::*;
        assert!(size_ratio_applies(&[LG], &[BI]));
        assert!(!size_ratio_applies(&[LG], &[SK]));
        assert!(!size_ratio_applies(&[EL], &[LG]));
        assert!(size_ratio_applies(&[EL], &[EL]));
        assert!(!size_ratio_applies(&[CH], &[HC]));
    }

    #[test]
    fn rule_8_5_phalanx_defence_two_left_per_flank_one_against_hi() {
        let i = ShiftInputs { phalanx_defence_flanks: 2, ..ShiftInputs::default() };
        assert_eq!(column_shifts(&i).iter().map(|s| s.columns).sum::<i32>(), -4);
        let hi = ShiftInputs { phalanx_defence_vs_hi: true, ..i };
        assert_eq!(column_shifts(&hi).iter().map(|s| s.columns).sum::<i32>(), -2);
    }
}
