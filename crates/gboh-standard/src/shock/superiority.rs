//! Shock Superiority (SPQR 8.72): by weapon (the chart) and by position.

use gboh_core::facing::Aspect;
use serde::{Deserialize, Serialize};

use crate::kinds::ShockClass;
use crate::tables::{SuperiorityCell, SuperiorityChart};

/// Who, if anyone, is superior in a shock.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum Superiority {
    /// Neither.
    #[default]
    None,
    /// Attack Superior: the defender's hits are doubled.
    Attacker,
    /// Defense Superior: the attacker's hits are tripled.
    Defender,
}

/// What superiority depends on, for the two units used (SPQR 8.72).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SuperiorityInputs {
    /// The attacking unit's type.
    pub attacker: ShockClass,
    /// The defending unit's type.
    pub defender: ShockClass,
    /// The aspect of the defender the attack comes through.
    pub aspect: Aspect,
    /// The defender is in column.
    pub defender_in_column: bool,
    /// The defender has missiles and is Missile No (cancels DS*).
    pub defender_missile_no: bool,
    /// The attacker is a cataphract (cancels DS*#).
    pub attacker_cataphract: bool,
    /// The attacker is in the ZOC of a non-SK enemy in its own flank or rear.
    pub attacker_threatened: bool,
    /// An Indian elephant attacking an African one.
    pub indian_vs_african: bool,
}

/// SPQR 8.72: position superiority first (an attack through flank or rear,
/// or on a unit in column, is AS, with the rule's exceptions), then the chart.
///
/// ```
/// use gboh_core::facing::Aspect;
/// use gboh_standard::kinds::ShockClass;
/// use gboh_standard::shock::{superiority, Superiority, SuperiorityInputs};
/// use gboh_standard::tables::Tables;
/// let t = Tables::spqr().unwrap();
/// let mut i = SuperiorityInputs { attacker: ShockClass::LG, defender: ShockClass::HI,
///     aspect: Aspect::Front, defender_in_column: false, defender_missile_no: false,
///     attacker_cataphract: false, attacker_threatened: false, indian_vs_african: false };
/// assert_eq!(superiority(&t.superiority, &i), Superiority::Attacker); // HI vs LG: AS
/// i.aspect = Aspect::Flank;
/// i.attacker = ShockClass::BI;
/// assert_eq!(superiority(&t.superiority, &i), Superiority::Attacker); // position
/// ```
#[must_use]
pub fn superiority(chart: &SuperiorityChart, inputs: &SuperiorityInputs) -> Superiority {
    if position_superior(inputs) {
        return Superiority::Attacker;
    }
    if inputs.defender == ShockClass::EL && inputs.attacker == ShockClass::EL {
        return if inputs.indian_vs_african { Superiority::Attacker } else { Superiority::None };
    }
    match chart.cell(inputs.defender, inputs.attacker).unwrap_or(SuperiorityCell::None) {
        SuperiorityCell::None => Superiority::None,
        SuperiorityCell::AttackSuperior => Superiority::Attacker,
        SuperiorityCell::DefendSuperior => Superiority::Defender,
        SuperiorityCell::DefendSuperiorUnlessMissileNo => {
            if inputs.defender_missile_no {
                Superiority::None
            } else {
                Superiority::Defender
            }
        }
        SuperiorityCell::DefendSuperiorUnlessMissileNoOrCataphract => {
            if inputs.defender_missile_no || inputs.attacker_cataphract {
                Superiority::None
            } else {
                Superiority::Defender
            }
        }
    }
}

/// SPQR 8.72 position superiority and its exceptions.
#[must_use]
pub fn position_superior(inputs: &SuperiorityInputs) -> bool {
    let position = inputs.aspect != Aspect::Front || inputs.defender_in_column;
    if !position || inputs.attacker_threatened {
        return false;
    }
    if inputs.defender == ShockClass::SK && inputs.aspect == Aspect::Flank {
        return false;
    }
    let mounted_vs_elephant = inputs.defender == ShockClass::EL
        && (inputs.attacker.is_cavalry() || inputs.attacker == ShockClass::EL);
    !mounted_vs_elephant
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::tables::Tables;

    fn inputs(attacker: ShockClass, defender: ShockClass, aspect: Aspect) -> SuperiorityInputs {
        SuperiorityInputs {
            attacker,
            defender,
            aspect,
            defender_in_column: false,
            defender_missile_no: false,
            attacker_cataphract: false,
            attacker_threatened: false,
            indian_vs_african: false,
        }
    }

    #[test]
    fn rule_8_72_chart_and_its_starred_cells() {
        let t = Tables::spqr().unwrap();
        let c = &t.superiority;
        use ShockClass::*;
        assert_eq!(superiority(c, &inputs(BI, PH, Aspect::Front)), Superiority::Defender);
        let mut i = inputs(LC, LG, Aspect::Front);
        assert_eq!(superiority(c, &i), Superiority::Defender);
        i.defender_missile_no = true;
        assert_eq!(superiority(c, &i), Superiority::None);
        let mut hc = inputs(HC, LG, Aspect::Front);
        hc.attacker_cataphract = true;
        assert_eq!(superiority(c, &hc), Superiority::None);
        assert_eq!(superiority(c, &inputs(EL, EL, Aspect::Front)), Superiority::None);
        let mut el = inputs(EL, EL, Aspect::Front);
        el.indian_vs_african = true;
        assert_eq!(superiority(c, &el), Superiority::Attacker);
    }

    #[test]
    fn rule_8_72_position_superiority_and_exceptions() {
        let t = Tables::spqr().unwrap();
        let c = &t.superiority;
        use ShockClass::*;
        // Rear attack on a phalanx by BI: AS by position despite the chart's DS.
        assert_eq!(superiority(c, &inputs(BI, PH, Aspect::Rear)), Superiority::Attacker);
        // SK through a flank: no position superiority (the chart's AS still holds).
        assert!(!position_superior(&inputs(LG, SK, Aspect::Flank)));
        assert!(position_superior(&inputs(LG, SK, Aspect::Rear)));
        // Cavalry attacking elephants.
        assert!(!position_superior(&inputs(HC, EL, Aspect::Flank)));
        // The attacker threatened in its own flank.
        // (MI against BI: "-" on the chart.)
        let mut i = inputs(MI, BI, Aspect::Flank);
        assert_eq!(superiority(c, &i), Superiority::Attacker);
        i.attacker_threatened = true;
        assert_eq!(superiority(c, &i), Superiority::None);
        // A defender in column.
        let mut col = inputs(LG, BI, Aspect::Front);
        col.defender_in_column = true;
        assert_eq!(superiority(c, &col), Superiority::Attacker);
    }
}
