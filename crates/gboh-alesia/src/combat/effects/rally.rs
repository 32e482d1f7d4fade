//! 10.5 Roman Rally: when a legion, the cavalry or the light infantry are
//! activated, a unit at least two hexes from the nearest Gallic unit may, as
//! its only action, remove hits: a cohort up to two (not if routed), cavalry
//! and LI one; archers may not rally.

use gboh_core::Side;
use gboh_core::game::Event;
use gboh_core::unit::UnitType;
use gboh_simple::rules::rally::{self as engine, RallyRefusal};

use crate::combat::action::CombatError;
use crate::command::Command;
use crate::game::Uid;
use crate::protocol::{Alesia, AlesiaEvent};

fn illegal(why: impl Into<std::borrow::Cow<'static, str>>) -> CombatError {
    CombatError::illegal("10.5", why)
}

/// How many hits unit `uid` would remove by rallying now: Alesia's part
/// (Romans only, in the active legion, cavalry or light infantry command; a
/// cohort two hits, cavalry and LI one, archers none), then the engine's
/// ([`engine::check`]: not routed, not busy, no Gaul within one hex, hits to
/// remove).
///
/// # Errors
/// Why it may not rally.
pub fn check(game: &Alesia, uid: Uid) -> Result<u8, CombatError> {
    let most = limit(game, uid)?;
    engine::check(&game.field, uid, most).map_err(|refusal| {
        illegal(match refusal {
            RallyRefusal::OffMap => "the unit is not on the map",
            RallyRefusal::Routed => "routed cohorts do not rally; they recover (10.6)",
            RallyRefusal::Busy => "rallying is instead of doing anything else",
            RallyRefusal::EnemyNear => "a Gallic unit is within one hex",
            RallyRefusal::NoHits => "the unit has no hits to remove",
        })
    })
}

/// Alesia's part of [`check`]: the most hits unit `uid` may remove by
/// rallying (a Roman of the active legion, cavalry or light infantry
/// command: a cohort two, cavalry and light infantry one).
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

/// Rallies unit `uid` (a checked action): the engine's [`engine::rally`].
pub fn rally(game: &mut Alesia, uid: Uid, events: &mut Vec<Event<AlesiaEvent>>) {
    let Ok(n) = check(game, uid) else { return };
    engine::rally(game, uid, n, events);
}
