//! Dictator 9.10 Phalanxes: what this crate implements of it so far, the
//! Slave phalanxes' rolled TQ (9.107).

use gboh_core::data::DataError;
use gboh_core::dice::{Dice, DiceError};
use gboh_core::game::Event;
use gboh_core::table::LoadTable;
use gboh_standard::StandardEvent;
use gboh_standard::tables::FaceTable;

use crate::DictatorEvent;

/// The embedded 9.107 table.
pub const SLAVE_TQ_FILE: (&str, &str) =
    ("data/dictator/slave-phalanx.ron", include_str!("../data/dictator/slave-phalanx.ron"));

/// 9.107's table, as data.
///
/// # Errors
/// The file's problems.
pub fn slave_tq_table() -> Result<FaceTable<u8>, DataError> {
    FaceTable::from_ron(SLAVE_TQ_FILE.0, SLAVE_TQ_FILE.1)
}

/// 9.107: "those who wish to ignore this extra work": every Slave PH has TQ 5.
pub const FIXED_SLAVE_TQ: u8 = 5;

/// 9.107: rolls a Slave PH's TQ for the game.
///
/// # Errors
/// Only from scripted dice.
pub fn roll_slave_tq(
    table: &FaceTable<u8>,
    unit: usize,
    dice: &mut Dice,
    events: &mut Vec<Event<StandardEvent<DictatorEvent>>>,
) -> Result<u8, DiceError> {
    let roll = dice.d10()?;
    let tq = *table.outcome(i32::from(roll.face));
    events.push(
        Event::new("9.107", StandardEvent::Game(DictatorEvent::SlaveTq { unit, tq }))
            .with_roll(roll),
    );
    Ok(tq)
}
