//! Leader casualties in shock ([`Rule::ShockLeaderCasualty`]; Alesia
//! 9.24): before the attacks are resolved, every leader stacked with an
//! attacking or defending unit of an attack still to be fought (not a
//! Continued Shock) checks for his life on the game's check, once however
//! many attacks he is part of.
//!
//! [`Rule::ShockLeaderCasualty`]: crate::Rule::ShockLeaderCasualty

use gboh_core::dice::{Dice, DiceError};
use gboh_core::game::Event;
use gboh_core::table::Distribution;

use crate::game::{Roster, SimpleGame};
use crate::id::Lid;
use crate::rule::Rule;
use crate::rules::effects::{Effects, leader_casualty_check};
use crate::rules::odds::stage_distribution;
use crate::rules::shock::{Participants, ShockRules};
use crate::sequence::AttackStatus;

/// The leaders who check: those stacked with a unit of their side taking
/// part in a designated attack that is not a Continued Shock and still has
/// both attackers and defenders, in [`Lid`] order.
#[must_use]
pub fn leaders_involved<E: Effects + ?Sized>(e: &E) -> Vec<Lid> {
    let field = e.field();
    let attacks = e.combat().and_then(|c| c.shock.as_ref()).map_or(&[][..], |s| &s.attacks);
    let mut out = Vec::new();
    for a in attacks {
        if a.continued || a.status != AttackStatus::Designated {
            continue;
        }
        let p = Participants::of(field, a);
        if !p.fight() {
            continue;
        }
        for &u in p.attackers.iter().chain(&p.defenders) {
            let (Some(h), Some(side)) =
                (field.unit(u).and_then(|s| s.at), field.setup().unit_side(u))
            else {
                continue;
            };
            out.extend(field.leaders_in(h).filter(|&l| field.setup().leader_side(l) == Some(side)));
        }
    }
    out.sort();
    out.dedup();
    out
}

/// The exact chance one leader is killed, if the game has the check.
#[must_use]
pub fn odds<G: ShockRules>(field: &crate::field::Field<G>) -> Option<Distribution<bool>> {
    Some(stage_distribution(G::leader_casualty_check(field)?, false))
}

/// Rolls every involved leader's check, reporting each; a leader killed is
/// off the map. Nothing is rolled if the game has no check.
///
/// # Errors
/// Only when scripted dice run out.
pub fn roll<E>(
    e: &mut E,
    dice: &mut Dice,
    events: &mut Vec<Event<E::Event>>,
) -> Result<(), DiceError>
where
    E: Effects + ?Sized,
    E::Game: ShockRules,
{
    let Some(check) = <E::Game as ShockRules>::leader_casualty_check(e.field()).cloned() else {
        return Ok(());
    };
    let rule = E::Game::section(Rule::ShockLeaderCasualty);
    for lid in leaders_involved(e) {
        leader_casualty_check(e, lid, &check, 0, rule, dice, events)?;
    }
    Ok(())
}
