//! 10.3 Continued Shock: attackers with a CS result advance (if they can)
//! without changing facing, then attack every enemy in their front hexes
//! again, with 9.25 only (no Pre-Shock Check, no leader casualties). Advancing
//! makes it a Moving Attack. Not for attackers on a Rampart attacking units
//! below (Rampart Exception #3). A target that retreats drops out of any attack
//! still unresolved ([`crate::combat::shock::resolution::participants`]).

use gboh_core::game::Event;
use hexx::Hex;

use crate::combat::action::CombatEvent;
use crate::combat::shock::designation::targets_of;
use crate::combat::shock::{attack, state_mut};
use crate::combat::state::{Attack, AttackStatus, ShockStage};
use crate::combat::terrain::{is_formed, is_rampart, side_of};
use crate::game::Uid;
use crate::protocol::{Alesia, AlesiaEvent};

/// Rampart Exception #3: whether Continued Shock applies to `attack`.
#[must_use]
pub fn applies(game: &Alesia, attack: &Attack) -> bool {
    let field = &game.field;
    let all_on_ramparts = attack
        .attackers
        .iter()
        .filter_map(|&u| field.unit(u).and_then(|s| s.at))
        .all(|h| is_rampart(field, h));
    let any_defender_on_rampart = attack.defender_hexes.iter().any(|&h| is_rampart(field, h));
    // Not when every attacker is on a Rampart and no defender is.
    !all_on_ramparts || any_defender_on_rampart
}

/// 10.3: the attackers of attack `k` attack again. Returns the new attack's
/// index, set to be resolved next, or `None` if no enemy is in their front.
pub fn attack_again(game: &mut Alesia, k: u8, events: &mut Vec<Event<AlesiaEvent>>) -> Option<u8> {
    let previous = attack(game, k)?.clone();
    let field = &game.field;
    let attackers: Vec<Uid> =
        previous.attackers.iter().copied().filter(|&u| is_formed(field, u)).collect();
    let side = attackers.first().and_then(|&u| side_of(field, u))?;
    let mut hexes: Vec<Hex> = Vec::new();
    for &u in &attackers {
        // 10.3: attacked before or not, every enemy in the front hexes.
        for h in targets_of(game, u) {
            if !hexes.contains(&h) {
                hexes.push(h);
            }
        }
    }
    if hexes.is_empty() {
        return None;
    }
    let defenders = hexes
        .iter()
        .flat_map(|&h| {
            field
                .stack(h)
                .iter()
                .filter(|&u| side_of(field, u) != Some(side))
                .map(move |u| (u, h))
                .collect::<Vec<_>>()
        })
        .collect();
    let next = Attack {
        attackers,
        defender_hexes: hexes,
        defenders,
        mandatory: false,
        continued: true,
        moving: !previous.advanced.is_empty(),
        retreated_before: Vec::new(),
        vacated: Vec::new(),
        contributors: Vec::new(),
        advanced: Vec::new(),
        result: None,
        status: AttackStatus::Designated,
    };
    let shock = state_mut(game)?;
    shock.attacks.push(next);
    let index = u8::try_from(shock.attacks.len() - 1).ok()?;
    shock.stage = ShockStage::Weapons { attack: index, attacker: None };
    events.push(Event::new(
        "10.3",
        AlesiaEvent::Combat(CombatEvent::ContinuedShock { attack: index }),
    ));
    // 4.32: leaders with the units attacked again may retreat one hex first.
    crate::combat::leaders::queue_threatened(game, index);
    Some(index)
}
