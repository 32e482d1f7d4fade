//! 10.5 Roman Rally: when a legion, the cavalry or the light infantry are
//! activated, a unit at least two hexes from the nearest Gallic unit may, as
//! its only action, remove hits: a cohort up to two (not if routed), cavalry
//! and LI one; archers may not rally.

use gboh_core::Side;
use gboh_core::game::Event;
use gboh_core::unit::{Status, UnitType};

use crate::combat::action::{CombatError, CombatEvent};
use crate::combat::terrain::side_of;
use crate::command::Command;
use crate::game::{Uid, UnitFlags};
use crate::protocol::{Alesia, AlesiaEvent};

fn illegal(why: impl Into<std::borrow::Cow<'static, str>>) -> CombatError {
    CombatError::illegal("10.5", why)
}

/// How many hits unit `uid` would remove by rallying now.
///
/// # Errors
/// Why it may not rally.
pub fn check(game: &Alesia, uid: Uid) -> Result<u8, CombatError> {
    let field = &game.field;
    let (Some(info), Some(s), Some(cmd)) =
        (game.setup().unit(uid), field.unit(uid), game.active_command())
    else {
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
    let Some(at) = s.at else {
        return Err(illegal("the unit is not on the map"));
    };
    let t = info.unit_type();
    let most = match t {
        UnitType::CO => 2,
        _ if t.is_cavalry() || t == UnitType::LI => 1,
        UnitType::AR => return Err(illegal("archers may not rally")),
        _ => return Err(illegal("only cohorts, cavalry and light infantry rally")),
    };
    if s.cohesion.status == Status::Routed {
        return Err(illegal("routed cohorts do not rally; they recover (10.6)"));
    }
    if s.flags.has(UnitFlags::MOVED) || s.fires > 0 || s.flags.has(UnitFlags::SOLE_ACTION) {
        return Err(illegal("rallying is instead of doing anything else"));
    }
    let near = field.units().iter().enumerate().any(|(i, u)| {
        let other = Uid(u16::try_from(i).unwrap_or(u16::MAX));
        side_of(field, other) == Some(Side::Adversary)
            && u.at.is_some_and(|h| h.unsigned_distance_to(at) < 2)
    });
    if near {
        return Err(illegal("a Gallic unit is within one hex"));
    }
    let removed = s.cohesion.hits.min(most);
    if removed == 0 {
        return Err(illegal("the unit has no hits to remove"));
    }
    Ok(removed)
}

/// Rallies unit `uid` (a checked action).
pub fn rally(game: &mut Alesia, uid: Uid, events: &mut Vec<Event<AlesiaEvent>>) {
    let Ok(n) = check(game, uid) else { return };
    if let Some(s) = game.field.unit_mut(uid) {
        let removed = s.cohesion.remove_hits(n);
        s.flags.set(UnitFlags::SOLE_ACTION, true);
        events.push(Event::new(
            "10.5",
            AlesiaEvent::Combat(CombatEvent::HitsRemoved { unit: uid, removed }),
        ));
    }
}
