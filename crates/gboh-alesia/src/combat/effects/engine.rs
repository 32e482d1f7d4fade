//! Alesia's state as the engine's [`Effects`] see it: the engine's events
//! are Alesia's combat events ([`CombatEvent::Family`], cited by Alesia's
//! sections; its `Moved` becomes Alesia's [`MoveEvent::Moved`]), routed units go where 10.4 sends them ([`rout::routed`]), and
//! an eliminated unit's Fill stays in its Garden of Death (6.47).

use gboh_core::Side;
use gboh_core::game::Event;
use gboh_simple::SimpleEvent;
use gboh_simple::rules::effects::{Effects, family_remove_eliminated};
use gboh_simple::rules::recovery::RoutedRecovery;

use hexx::Hex;

use super::{retreat, rout};
use crate::combat::action::CombatEvent;
use crate::combat::state::{ActivationCombat, activation, activation_mut};
use crate::game::{Battlefield, Membership, SiegeOfAlesia, Uid};
use crate::movement::MoveEvent;
use crate::protocol::{Alesia, AlesiaEvent};

impl Effects for Alesia {
    type Game = SiegeOfAlesia;
    type Event = AlesiaEvent;

    fn field(&self) -> &Battlefield {
        &self.field
    }

    fn field_mut(&mut self) -> &mut Battlefield {
        &mut self.field
    }

    fn combat(&self) -> Option<&ActivationCombat> {
        activation(self)
    }

    fn combat_mut(&mut self) -> Option<&mut ActivationCombat> {
        activation_mut(self)
    }

    fn event(what: SimpleEvent) -> AlesiaEvent {
        match what {
            SimpleEvent::Moved { unit, from, to, facing, mp, stopped_in_zoc } => {
                AlesiaEvent::Move(MoveEvent::Moved { unit, from, to, facing, mp, stopped_in_zoc })
            }
            what => AlesiaEvent::Combat(CombatEvent::Family(what)),
        }
    }

    /// 10.41-10.46, 12.1.
    fn routed(&mut self, uid: Uid, events: &mut Vec<Event<AlesiaEvent>>) {
        rout::routed(self, uid, events);
    }

    /// 8.62, 10.8, 6.68, 10.25, 4.33: [`retreat::after_retreat`].
    fn retreated(&mut self, uid: Uid, from: Hex, to: Hex, events: &mut Vec<Event<AlesiaEvent>>) {
        retreat::after_retreat(self, uid, from, to, events);
    }

    /// 6.47: the Fill a unit carried in a Garden of Death stays there.
    /// 10.62: routed Romans flip to their reduced side without a roll;
    /// 10.63: the Alesia Force's routed units are eliminated, other routed
    /// Gauls roll against their printed TQ.
    fn routed_recovery(&self, uid: Uid) -> RoutedRecovery {
        match self.setup().unit(uid).map(|u| (u.side, u.membership)) {
            Some((Side::Roman, _)) => RoutedRecovery::Recovers,
            Some((_, Membership::AlesiaForce)) => RoutedRecovery::Eliminated,
            _ => RoutedRecovery::Rolls,
        }
    }

    fn remove_eliminated(
        &mut self,
        uid: Uid,
        rule: &'static str,
        events: &mut Vec<Event<AlesiaEvent>>,
    ) {
        crate::movement::fill::drop_in_garden_with_event(&mut self.field, uid, events);
        family_remove_eliminated(self, uid, rule, events);
    }
}
