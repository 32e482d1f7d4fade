//! 10.5 Roman Rally: when a legion, the cavalry or the light infantry are
//! activated, a unit at least two hexes from the nearest Gallic unit may, as
//! its only action, remove hits: a cohort up to two (not if routed), cavalry
//! and LI one; archers may not rally.

use gboh_core::Side;
use gboh_core::unit::UnitType;
#[cfg(doc)]
use gboh_simple::rules::rally as engine;

use crate::combat::action::CombatError;
use crate::command::Command;
use crate::game::Uid;
use crate::protocol::Alesia;

fn illegal(why: impl Into<std::borrow::Cow<'static, str>>) -> CombatError {
    CombatError::illegal("10.5", why)
}

/// The most hits unit `uid` may remove by rallying (a Roman of the active
/// legion, cavalry or light infantry command: a cohort two, cavalry and
/// light infantry one): the engine's `BattleRules::rally_limit`, which
/// then checks the rest ([`engine::check`]: not routed, not busy, no Gaul
/// within one hex, hits to remove) and rallies ([`engine::rally`]).
///
/// # Errors
/// Why it may not rally at all.
pub fn limit(game: &Alesia, uid: Uid) -> Result<u8, CombatError> {
    let field = &game.field;
    let (Some(info), Some(cmd)) = (game.setup().unit(uid), game.active_command()) else {
        return Err(illegal("no active command"));
    };
    if info.side != Side::Roman {
        return Err(illegal("rally is for the Roman player only"));
    }
    if !matches!(cmd, Command::Legion(_) | Command::RomanCavalry(_) | Command::Auxiliaries(_))
        || !cmd.covers(field, uid)
    {
        return Err(illegal(
            "the unit is not in the active legion, cavalry or light infantry command",
        ));
    }
    if field.unit(uid).and_then(|s| s.at).is_none() {
        return Err(illegal("the unit is not on the map"));
    }
    let t = info.unit_type();
    match t {
        UnitType::CO => Ok(2),
        _ if t.is_cavalry() || t == UnitType::LI => Ok(1),
        UnitType::AR => Err(illegal("archers may not rally")),
        _ => Err(illegal("only cohorts, cavalry and light infantry rally")),
    }
}
