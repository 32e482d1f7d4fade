//! SPQR 8.62's last case (the living rules' 8.6 numbering): "If the enemy
//! unit rout moves off the map, the pursuing cavalry unit and any stacked
//! leaders are placed off map. The exit hex for purposes of 8.64 is the hex
//! where the routed unit left the map." What they are then is
//! [`crate::offmap`]'s; how they come back, `regroup.rs`'s.

use super::{Battle, StandardEvent};
use crate::game::{GameEvent, StandardGame};
use crate::offmap::OffMap;
use crate::rule::RuleRef;
use crate::state::{LeaderStatus, UnitStatus};

impl<G: StandardGame> Battle<G> {
    /// Places pursuing `cavalry` off the map with the leaders stacked with
    /// it, its exit hex `exit`. It is held as `Eliminated` and they as
    /// `Dead` (nothing on the map sees them, none activates: 8.65), with no
    /// rout points counted (8.65), until the OC's Regroup and Return (8.64).
    pub(super) fn place_off_map(
        &mut self,
        cavalry: usize,
        exit: hexx::Hex,
        events: &mut Vec<GameEvent<G>>,
    ) {
        let (Some(s), Some(side)) =
            (self.field.units.get(cavalry).copied(), self.field.side(cavalry))
        else {
            return;
        };
        let leaders = self.field.leaders_in(s.hex, side);
        if let Some(m) = self.field.units.get_mut(cavalry) {
            m.status = UnitStatus::Eliminated;
            m.column = false;
            m.bottom = false;
        }
        for &l in &leaders {
            if let Some(m) = self.field.leaders.get_mut(l) {
                m.status = LeaderStatus::Dead;
            }
        }
        self.field.off_map.push(OffMap { unit: cavalry, exit, leaders: leaders.clone() });
        events.push(Self::event(
            RuleRef::PursuitOffMap,
            StandardEvent::PursuedOffMap { unit: cavalry, leaders, exit: self.field.label(exit) },
        ));
    }
}
