//! 10.3 Continued Shock: attackers with a CS result advance (if they can)
//! without changing facing, then attack every enemy in their front hexes
//! again, with 9.25 only (no Pre-Shock Check, no leader casualties). Advancing
//! makes it a Moving Attack. The engine's
//! ([`gboh_simple::rules::continued_shock`]); Alesia adds Rampart Exception
//! #3 ([`applies`], its `ShockRules::continued_shock_applies`): not for
//! attackers on a Rampart attacking units below. A target that retreats
//! drops out of any attack still unresolved
//! ([`crate::combat::shock::resolution::participants`]).

use crate::combat::state::Attack;
use crate::combat::terrain::is_rampart;
use crate::game::Battlefield;

pub use gboh_simple::rules::continued_shock::attack_again;

/// Rampart Exception #3: whether Continued Shock applies to `attack`.
#[must_use]
pub fn applies(field: &Battlefield, attack: &Attack) -> bool {
    let all_on_ramparts = attack
        .attackers
        .iter()
        .filter_map(|&u| field.unit(u).and_then(|s| s.at))
        .all(|h| is_rampart(field, h));
    let any_defender_on_rampart = attack.defender_hexes.iter().any(|&h| is_rampart(field, h));
    // Not when every attacker is on a Rampart and no defender is.
    !all_on_ramparts || any_defender_on_rampart
}
