//! Alesia's state as the engine's [`Effects`] see it: the engine's events
//! become Alesia's combat events (the same variants, cited by Alesia's
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
        AlesiaEvent::Combat(match what {
            SimpleEvent::Moved { unit, from, to, facing, mp, stopped_in_zoc } => {
                return AlesiaEvent::Move(MoveEvent::Moved {
                    unit,
                    from,
                    to,
                    facing,
                    mp,
                    stopped_in_zoc,
                });
            }
            SimpleEvent::Fired {
                unit,
                target,
                kind,
                range,
                hit_number,
                modifiers,
                modified,
                hit,
            } => CombatEvent::Fired {
                unit,
                target,
                kind,
                range,
                hit_number,
                modifiers,
                modified,
                hit,
            },
            SimpleEvent::Hits { unit, hits, outcome } => CombatEvent::Hits { unit, hits, outcome },
            SimpleEvent::Eliminated { unit } => CombatEvent::Eliminated { unit },
            SimpleEvent::PreShockCheck { hex, tq, passed } => {
                CombatEvent::PreShockCheck { hex, tq, passed }
            }
            SimpleEvent::Retreated { unit, from, to } => CombatEvent::Retreated { unit, from, to },
            SimpleEvent::Recovered { unit, recovered } => {
                CombatEvent::Recovered { unit, recovered }
            }
            SimpleEvent::HitsRemoved { unit, removed } => {
                CombatEvent::HitsRemoved { unit, removed }
            }
            SimpleEvent::WeaponChosen { side, unit_type } => {
                CombatEvent::WeaponChosen { side, unit_type }
            }
            SimpleEvent::AttackVoid { attack } => CombatEvent::AttackVoid { attack },
            SimpleEvent::ShockEnded => CombatEvent::ShockEnded,
            SimpleEvent::Declined => CombatEvent::Declined,
            SimpleEvent::ShockBegun => CombatEvent::ShockBegun,
            SimpleEvent::ShockResolved { attack, modifiers, modified, result } => {
                CombatEvent::ShockResolved { attack, modifiers, modified, result }
            }
            SimpleEvent::Designated { attack, attackers, defenders } => {
                CombatEvent::Designated { attack, attackers, defenders }
            }
            SimpleEvent::NoRetreat { unit } => CombatEvent::NoRetreat { unit },
            SimpleEvent::Stood { unit } => CombatEvent::Stood { unit },
            SimpleEvent::ContinuedShock { attack } => CombatEvent::ContinuedShock { attack },
            SimpleEvent::Advanced { unit, to, facing } => {
                CombatEvent::Advanced { unit, to, facing }
            }
            SimpleEvent::LeaderMoved { leader, to } => CombatEvent::LeaderMoved { leader, to },
            SimpleEvent::LeaderStayed { leader } => CombatEvent::LeaderStayed { leader },
            SimpleEvent::LeaderMayRetreat { leader, options } => {
                CombatEvent::LeaderMayRetreat { leader, options }
            }
            SimpleEvent::LeaderEliminated { leader } => CombatEvent::LeaderEliminated { leader },
            SimpleEvent::LeaderCheck { leader, killed } => {
                CombatEvent::LeaderCheck { leader, killed }
            }
        })
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
