//! Actions (decisions) as short imperative sentences citing their rule, for a
//! list of legal actions a person chooses from, or a log read by a person:
//! `move Santones-2 to W5112, facing 12 o'clock (6.31)`.

use gboh_core::game::Rules;

use super::{clock, command, counter, direction, hex, leader, legion, unit, units};
use crate::combat::CombatPending;
use crate::combat::{CombatAction, SiegeAction};
use crate::movement::{FillTarget, MoveAction};
use crate::protocol::{Action, Alesia, Pending};

/// An action as a sentence citing its rule.
#[must_use]
pub fn action(game: &Alesia, a: &Action) -> String {
    match a {
        Action::AttemptSeizure(l) => {
            format!("attempt Turn Seizure with {} (5.21)", leader(game, *l))
        }
        Action::DeclineSeizure => "let the opponent designate its command (5.21)".to_owned(),
        Action::SeizeToMove(l) => {
            format!("seize the turn to move {} himself (5.25)", leader(game, *l))
        }
        Action::PlaceCounter(p) => format!(
            "place {} in {}{} (5.45)",
            counter(game, p.counter),
            hex(game, p.hex),
            p.chieftain.map(|l| format!(" with {}", leader(game, l))).unwrap_or_default()
        ),
        Action::AssignTribe { counter: c, area } => {
            format!("assign {} to Entry Area {area} (5.31)", counter(game, *c))
        }
        Action::AttemptEntry(area) => {
            format!("bring in the tribes of Entry Area {area} (5.33)")
        }
        Action::EndPlacement => "end the placement (5.41, 5.42)".to_owned(),
        Action::Redeploy { unit: u, to } => {
            format!("redeploy {} to {} (5.5)", unit(game, *u), hex(game, *to))
        }
        Action::EndRedeployment => "end the redeployment (5.5)".to_owned(),
        Action::KeepDeployment => "keep the deployment of the start of the period (5.5)".to_owned(),
        Action::Activate(c) => format!("activate {} (5.1)", command(game, c)),
        Action::RideAlong { leader: l, unit: u } => {
            format!("{} rides along with {} (6.13)", leader(game, *l), unit(game, *u))
        }
        Action::ReturnLeader { leader: l, to } => {
            format!("return {} to the field in {} (4.35)", leader(game, *l), hex(game, *to))
        }
        Action::RetreatLeader { leader: l, to: Some(h) } => {
            format!("{} retreats to {} (4.33)", leader(game, *l), hex(game, *h))
        }
        Action::RetreatLeader { leader: l, to: None } => {
            format!("{} stays where he is (4.33)", leader(game, *l))
        }
        Action::Move(m) => movement(game, m),
        Action::Combat(c) => combat(game, c),
        Action::EndActivation => "end the activation (3.0)".to_owned(),
        Action::Pass => "pass: no command can be activated (3.0)".to_owned(),
    }
}

fn movement(game: &Alesia, m: &MoveAction) -> String {
    match m {
        MoveAction::Move { unit: u, to, facing } => {
            let at = game.field.unit(*u).and_then(|s| s.at);
            if at == Some(*to) {
                format!(
                    "pivot {} in {} to face {} (7.12)",
                    unit(game, *u),
                    hex(game, *to),
                    clock(*facing)
                )
            } else {
                format!(
                    "move {} to {}, facing {} (6.31)",
                    unit(game, *u),
                    hex(game, *to),
                    clock(*facing)
                )
            }
        }
        MoveAction::RapidMarch { unit: u } => format!("Rapid March with {} (6.5)", unit(game, *u)),
        MoveAction::SwapStack { unit: u } => {
            format!("switch the stacking order with {} (6.65)", unit(game, *u))
        }
        MoveAction::RemoveDisorder { unit: u } => {
            format!("remove the Disorder of {} (6.73)", unit(game, *u))
        }
        MoveAction::TakeFill { unit: u } => {
            format!("{} takes a Fill counter onto the map (6.47)", unit(game, *u))
        }
        MoveAction::PlaceFill { unit: u, target: FillTarget::Hex } => {
            format!("{} places its Fill in its hex (6.47)", unit(game, *u))
        }
        MoveAction::PlaceFill { unit: u, target: FillTarget::Hexside(d) } => {
            format!(
                "{} places its Fill across its {} hexside (6.47)",
                unit(game, *u),
                direction(*d)
            )
        }
        MoveAction::MoveLeader { leader: l, to } => {
            format!("move {} to {} (6.12)", leader(game, *l), hex(game, *to))
        }
    }
}

fn combat(game: &Alesia, c: &CombatAction) -> String {
    use CombatAction as C;
    match c {
        C::Fire { unit: u, target, will_move } => format!(
            "{} fires at {}{} (8.1)",
            unit(game, *u),
            hex(game, *target),
            if *will_move { ", and will move afterwards (8.17)" } else { "" }
        ),
        C::Game(SiegeAction::Flame { unit: u, target }) => {
            format!("{} shoots flaming arrows at {} (8.41)", unit(game, *u), hex(game, *target))
        }
        C::Game(SiegeAction::PutOutFire { unit: u, hex: h }) => {
            format!("{} fights the fire in {} (8.44)", unit(game, *u), hex(game, *h))
        }
        C::Game(SiegeAction::ChangeMode { unit: u }) => {
            format!("{} changes mode (8.52)", unit(game, *u))
        }
        C::Rally { unit: u } => format!("{} rallies (10.5)", unit(game, *u)),
        C::Game(SiegeAction::PlaceAquila { legion: l, hex: h }) => {
            format!("place the new Aquila of {} in {} (10.8)", legion(game, *l), hex(game, *h))
        }
        C::BeginShock => "end movement and fire: on to shock (9.0)".to_owned(),
        C::React { unit: u, target } => {
            format!("{} fires in reaction at {} (8.6)", unit(game, *u), hex(game, *target))
        }
        C::Designate { attacker, join: None } => {
            format!("the stack in {} attacks (9.21)", hex(game, *attacker))
        }
        C::Designate { attacker, join: Some(a) } => format!(
            "the stack in {} joins attack {} (9.21)",
            hex(game, *attacker),
            u16::from(*a) + 1
        ),
        C::Resolve { attack } => format!("resolve attack {} next (9.25)", u16::from(*attack) + 1),
        C::Weapon { unit_type } => format!("fight with the {unit_type} weapon system (9.25)"),
        C::DistributeHits { units: us } => {
            format!("the leftover hits go to {} (9.25)", units(game, us))
        }
        C::Place { unit: u, to, facing } => {
            let (what, rule) = match game.pending() {
                Pending::Combat(CombatPending::Retreat { .. }) => ("retreat", "10.2"),
                Pending::Combat(CombatPending::RetreatBeforeShock { .. }) => {
                    ("retreat before shock", "9.22")
                }
                Pending::Combat(CombatPending::Pursuit { .. }) => ("pursue", "9.22"),
                Pending::Combat(CombatPending::Advance { .. }) => ("advance", "9.3"),
                Pending::Combat(CombatPending::PlaceRouted { .. }) => {
                    ("place the routed cohort", "10.42")
                }
                _ => ("place", "10.2, 9.22, 9.3, 10.42"),
            };
            format!(
                "{what}: {} to {}, facing {} ({rule})",
                unit(game, *u),
                hex(game, *to),
                clock(*facing)
            )
        }
        C::PlaceLeader { leader: l, to: Some(h) } => {
            let rule = match game.pending() {
                Pending::Combat(CombatPending::Leader { rule, .. }) => rule,
                _ => "4.32, 10.26, 10.46",
            };
            format!("{} goes to {} ({rule})", leader(game, *l), hex(game, *h))
        }
        C::PlaceLeader { leader: l, to: None } => {
            format!("{} routs with his unit to the Gallic Camp (10.46)", leader(game, *l))
        }
        C::Done => done(game),
    }
}

/// [`CombatAction::Done`] in the words of the decision it ends.
fn done(game: &Alesia) -> String {
    match game.pending() {
        Pending::Combat(CombatPending::Reaction { .. }) => {
            "decline to fire in reaction (8.6)".to_owned()
        }
        Pending::Combat(CombatPending::Designation { .. }) => {
            "end the designation of attacks (9.21)".to_owned()
        }
        Pending::Combat(CombatPending::RetreatBeforeShock { .. }) => {
            "stand rather than retreat before shock (9.22)".to_owned()
        }
        Pending::Combat(CombatPending::Pursuit { .. }) => "stop pursuing (9.22)".to_owned(),
        Pending::Combat(CombatPending::Retreat { unit: u, .. }) => {
            format!("{} stands on the Rampart rather than retreat (10.24)", unit(game, u))
        }
        Pending::Combat(CombatPending::Advance { .. }) => "advance no further (9.3)".to_owned(),
        Pending::Combat(CombatPending::Leader { leader: l, rule, .. }) => {
            format!("{} stays where he is ({rule})", leader(game, l))
        }
        _ => "done: decline, stand, stop or stay (8.6, 9.21, 9.22, 9.3, 10.24, 4.32)".to_owned(),
    }
}
