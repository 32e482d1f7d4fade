//! 8.5 Roman Artillery: Fire and Move modes (8.52), two fires per activation
//! in Fire mode (8.54, in [`super::fire`]), one artillery unit per hex (8.57,
//! in [`super::terrain::may_stack`]), no voluntary movement in Fire mode
//! (8.58), Scorpiones in a Rampart hex never move and are eliminated if forced
//! to retreat (8.52), no effect of missile fire on artillery (8.5, in
//! [`super::missile`]), elimination when shocked alone (8.53, 9.27).

use gboh_core::game::Event;
use gboh_core::unit::UnitType;

use super::action::{CombatError, CombatEvent};
use super::fire::active_unit;
use super::terrain::is_rampart;
use crate::game::{Battlefield, Uid, UnitFlags};
use crate::protocol::{Alesia, AlesiaEvent};

/// Validates 8.52's change of mode by `uid`; returns whether it would be in
/// Fire mode after.
///
/// # Errors
/// The rule it breaks.
pub fn check_change_mode(game: &Alesia, uid: Uid) -> Result<bool, CombatError> {
    active_unit(game, uid)?;
    let (Some(info), Some(s)) = (game.setup().unit(uid), game.field.unit(uid)) else {
        return Err(CombatError::illegal("2.2", "no such unit"));
    };
    if !info.unit_type().is_artillery() {
        return Err(CombatError::illegal("8.52", "only artillery has modes"));
    }
    if s.flags.has(UnitFlags::MOVED) || s.fires > 0 {
        return Err(CombatError::illegal(
            "8.52",
            "changing mode is the only thing the unit may do",
        ));
    }
    Ok(!s.flags.has(UnitFlags::FIRE_MODE))
}

/// Changes mode (a checked action).
pub fn change_mode(game: &mut Alesia, uid: Uid, events: &mut Vec<Event<AlesiaEvent>>) {
    let Ok(fire) = check_change_mode(game, uid) else {
        return;
    };
    if let Some(s) = game.field.unit_mut(uid) {
        s.flags.set(UnitFlags::FIRE_MODE, fire);
        s.flags.set(UnitFlags::SOLE_ACTION, true);
    }
    events.push(Event::new(
        "8.52",
        AlesiaEvent::Combat(CombatEvent::ModeChanged { unit: uid, fire }),
    ));
}

/// 8.52, 8.58: whether an artillery unit may move voluntarily: not in Fire
/// mode, and never a Scorpio in a Rampart hex. True for other units.
#[must_use]
pub fn may_move(field: &Battlefield, uid: Uid) -> bool {
    let (Some(info), Some(s)) = (field.setup().unit(uid), field.unit(uid)) else {
        return false;
    };
    if !info.unit_type().is_artillery() {
        return true;
    }
    let scorpio_in_tower =
        info.unit_type() == UnitType::Scorpio && s.at.is_some_and(|h| is_rampart(field, h));
    !s.flags.has(UnitFlags::FIRE_MODE) && !scorpio_in_tower
}
