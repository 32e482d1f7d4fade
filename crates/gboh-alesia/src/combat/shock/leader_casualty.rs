//! 9.24 Leader Casualties: every leader stacked with an attacking or
//! defending unit rolls; a 0, then 0-4 on a second roll, kills him.

use gboh_core::dice::Dice;
use gboh_core::game::Event;
use gboh_core::table::Distribution;

use super::{resolution, state};
use gboh_simple::rules::effects;
use gboh_simple::{Rule, SimpleGame};

use crate::combat::action::CombatError;
use crate::combat::odds::stage_distribution;
use crate::combat::state::{AttackStatus, leaders_of};
use crate::combat::terrain::side_of;
use crate::game::{Lid, SiegeOfAlesia};
use crate::protocol::{Alesia, AlesiaEvent};
use crate::tables::AlesiaCheck;

/// The leaders stacked with units of the attacks still to be fought (not
/// Continued Shock, 10.3), in [`Lid`] order.
#[must_use]
pub fn leaders_involved(game: &Alesia) -> Vec<Lid> {
    let field = &game.field;
    let mut out = Vec::new();
    for a in state(game).map_or(&[][..], |s| s.attacks.as_slice()) {
        if a.continued || a.status != AttackStatus::Designated {
            continue;
        }
        let p = resolution::participants(field, a);
        if !p.fight() {
            continue;
        }
        for &u in p.attackers.iter().chain(&p.defenders) {
            if let (Some(h), Some(side)) = (field.unit(u).and_then(|s| s.at), side_of(field, u)) {
                out.extend(leaders_of(game, h, side));
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

/// The exact chance one leader is killed (1 in 10, then 5 in 10).
#[must_use]
pub fn odds(game: &Alesia) -> Option<Distribution<bool>> {
    let check = game.setup().tables.checks().check(&AlesiaCheck::ShockLeaderCasualty)?;
    Some(stage_distribution(check, false))
}

/// Rolls for every leader involved (the engine's
/// [`effects::leader_casualty_check`]).
///
/// # Errors
/// Only when scripted dice run out.
pub fn run(
    game: &mut Alesia,
    dice: &mut Dice,
    events: &mut Vec<Event<AlesiaEvent>>,
) -> Result<(), CombatError> {
    let Some(check) =
        game.setup().tables.checks().check(&AlesiaCheck::ShockLeaderCasualty).cloned()
    else {
        return Ok(());
    };
    let rule = SiegeOfAlesia::section(Rule::ShockLeaderCasualty);
    for lid in leaders_involved(game) {
        effects::leader_casualty_check(game, lid, &check, 0, rule, dice, events)?;
    }
    Ok(())
}
