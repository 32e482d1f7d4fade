//! Dictator's own events as sentences: [`gboh_standard::narrate::line`]
//! narrates them beside the engine's.
//!
//! ```
//! use gboh_dictator::DictatorEvent;
//! use gboh_dictator::Dictator;
//! use gboh_standard::narrate::Narrate;
//! use gboh_standard::Battle;
//! let (battle, _) = Battle::new(Dictator::tribal_test(), "Tribal test").unwrap();
//! let e = DictatorEvent::ImpetuosityLost { tribe: "Helvetii".into() };
//! assert_eq!(e.sentence(battle.field()), "the Helvetii lose their Impetuosity");
//! ```

use gboh_standard::narrate::Narrate;
use gboh_standard::state::Field;

use crate::DictatorEvent;

impl Narrate for DictatorEvent {
    fn sentence(&self, field: &Field) -> String {
        match self {
            DictatorEvent::FerocityCheck { tribe, kept } => {
                if *kept {
                    format!("a unit of the {tribe} routs: their chief's Ferocity check keeps it")
                } else {
                    format!(
                        "a unit of the {tribe} routs: their chief's Ferocity check fails, Ferocity is lost"
                    )
                }
            }
            DictatorEvent::ImpetuosityEnding { tribe } => format!(
                "two units of the {tribe} have entered a Roman ZOC: their Impetuosity lasts to the end of this Game Turn"
            ),
            DictatorEvent::ImpetuosityLost { tribe } => {
                format!("the {tribe} lose their Impetuosity")
            }
            DictatorEvent::SlaveTq { unit, tq } => format!(
                "{} is a Slave phalanx: its TQ for this battle is {tq}",
                field.def(*unit).map_or_else(|| format!("unit {unit}"), |d| d.id.to_string())
            ),
        }
    }
}
