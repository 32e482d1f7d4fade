//! What a player may do, in words: the protocol's actions ([`action`]) and
//! its decision points ([`pending`]), for a human's list of choices. Units
//! by counter id, leaders by name, places by their printed labels; the
//! game's own parts (its commands, its own actions and decisions) are
//! worded by the game, through the closures of [`Own`].

use crate::decision::{CombatAction, CombatPending};
use crate::field::Field;
use crate::game::SimpleGame;
use crate::protocol::{Action, Pending};
use crate::rule::Rule;
use crate::sequence::ReactionKind;

use super::words::{clock, hex, hexes, leader, side, unit, units};

/// How a game words its own parts of the protocol: its commands `C`, its
/// own actions during an activation `X`, its other own actions `Y` and its
/// own decisions `D`.
pub struct Own<'a, C, X, Y, D> {
    /// A command (`Caesar with legions X, XIII`).
    pub command: Box<dyn Fn(&C) -> String + 'a>,
    /// One of the game's own actions during an activation.
    pub own: Box<dyn Fn(&X) -> String + 'a>,
    /// One of the game's other own actions (the answer to its decision).
    pub choice: Box<dyn Fn(&Y) -> String + 'a>,
    /// One of the game's own decisions.
    pub decision: Box<dyn Fn(&D) -> String + 'a>,
}

/// An action in words, for a player choosing among them: `X-1 moves 3801
/// -> 3802, faces 12 o'clock`.
#[must_use]
pub fn action<G: SimpleGame, C, X, Y, D>(
    field: &Field<G>,
    what: &Action<C, X, Y>,
    words: &Own<'_, C, X, Y, D>,
) -> String {
    match what {
        Action::AttemptSeizure(l) => {
            format!(
                "{} attempts to Seize the Turn ({})",
                leader(field, *l),
                G::section(Rule::TurnSeizure)
            )
        }
        Action::DeclineSeizure => "decline to Seize the Turn".to_owned(),
        Action::Activate(c) => format!("activate {}", (words.command)(c)),
        Action::Pass => "pass: nothing to activate".to_owned(),
        Action::Move { unit: u, to, facing } => match field.unit(*u).and_then(|s| s.at) {
            Some(from) if from == *to => {
                format!(
                    "{} turns in {} to face {}",
                    unit(field, *u),
                    hex(field, *to),
                    clock(*facing)
                )
            }
            Some(from) => format!(
                "{} moves {} -> {}, faces {}",
                unit(field, *u),
                hex(field, from),
                hex(field, *to),
                clock(*facing)
            ),
            None => format!(
                "{} enters at {}, faces {}",
                unit(field, *u),
                hex(field, *to),
                clock(*facing)
            ),
        },
        Action::MoveLeader { leader: l, to } => {
            format!("{} moves to {}", leader(field, *l), hex(field, *to))
        }
        Action::Combat(c) => combat(field, c, words),
        Action::RetreatLeader { leader: l, to: Some(h) } => {
            format!("{} retreats to {}", leader(field, *l), hex(field, *h))
        }
        Action::RetreatLeader { leader: l, to: None } => {
            format!("{} stays where he is", leader(field, *l))
        }
        Action::EndActivation => "end the Activation Phase".to_owned(),
        Action::Game(y) => (words.choice)(y),
    }
}

/// A combat action in words.
fn combat<G: SimpleGame, C, X, Y, D>(
    field: &Field<G>,
    what: &CombatAction<X>,
    words: &Own<'_, C, X, Y, D>,
) -> String {
    use CombatAction as A;
    match what {
        A::Fire { unit: u, target, will_move } => format!(
            "{} fires at {}{}",
            unit(field, *u),
            hex(field, *target),
            if *will_move { " and will move afterwards" } else { "" }
        ),
        A::Rally { unit: u } => format!("{} rallies, its only action", unit(field, *u)),
        A::BeginShock => "movement and fire are over: begin shock".to_owned(),
        A::React { unit: u, target } => {
            format!("{} fires in reaction at {}", unit(field, *u), hex(field, *target))
        }
        A::Designate { attacker, join: None } => {
            let attackers: Vec<_> = field.stack(*attacker).iter().collect();
            format!(
                "{} in {} attack in a new attack",
                units(field, &attackers),
                hex(field, *attacker)
            )
        }
        A::Designate { attacker, join: Some(a) } => {
            let attackers: Vec<_> = field.stack(*attacker).iter().collect();
            format!(
                "{} in {} join attack {}",
                units(field, &attackers),
                hex(field, *attacker),
                u16::from(*a) + 1
            )
        }
        A::Resolve { attack } => format!("resolve attack {} next", u16::from(*attack) + 1),
        A::Weapon { unit_type } => format!("use {unit_type} as the weapon system"),
        A::DistributeHits { units: us } => {
            format!("the leftover hits go to {}", units(field, us))
        }
        A::Place { unit: u, to, facing } => {
            format!("{} goes to {}, faces {}", unit(field, *u), hex(field, *to), clock(*facing))
        }
        A::PlaceLeader { leader: l, to: Some(h) } => {
            format!("{} goes to {}", leader(field, *l), hex(field, *h))
        }
        A::PlaceLeader { leader: l, to: None } => {
            format!("{} leaves the map with his routed unit", leader(field, *l))
        }
        A::Done => "done: decline, stand, stop or stay".to_owned(),
        A::Game(x) => (words.own)(x),
    }
}

/// A decision point in words, for the prompt of the player who makes it.
#[must_use]
pub fn pending<G: SimpleGame, C, X, Y, D>(
    field: &Field<G>,
    what: &Pending<C, D>,
    words: &Own<'_, C, X, Y, D>,
) -> String {
    let s = G::section;
    match what {
        Pending::Seizure { side: sd, leaders } => {
            let names: Vec<String> = leaders.iter().map(|&l| leader(field, l)).collect();
            format!(
                "{} may attempt to Seize the Turn with {}, or decline ({})",
                side::<G>(*sd),
                names.join(", "),
                s(Rule::TurnSeizure)
            )
        }
        Pending::ChooseCommand { side: sd } => format!(
            "{} activate a command, or pass with none ({})",
            side::<G>(*sd),
            s(Rule::Activation)
        ),
        Pending::Activation { side: sd, command } => format!(
            "{} act with {}: move, fire, rally, then shock and end the activation ({})",
            side::<G>(*sd),
            (words.command)(command),
            s(Rule::SequenceOfPlay)
        ),
        Pending::Combat(c) => combat_pending(field, c),
        Pending::LeaderRetreat { leader: l, options, .. } => format!(
            "{} is alone next to the enemy: retreat to {}, or stay ({})",
            leader(field, *l),
            hexes(field, options),
            s(Rule::LoneLeaderRetreat)
        ),
        Pending::Game { decision, .. } => (words.decision)(decision),
        Pending::Over(o) => format!("nothing: the game is over ({})", o.reason),
    }
}

/// A combat decision point in words.
fn combat_pending<G: SimpleGame>(field: &Field<G>, what: &CombatPending) -> String {
    use CombatPending as P;
    let s = G::section;
    match what {
        P::Reaction { kind, .. } => {
            let (which, rule) = match kind {
                ReactionKind::Retire => ("Retire Reaction", Rule::RetireReaction),
                ReactionKind::Entry => ("Entry Reaction", Rule::EntryReaction),
                ReactionKind::Return => ("Return Fire", Rule::ReturnFire),
                ReactionKind::FreeShot => ("the artillery's free shot", Rule::ArtilleryFreeShot),
            };
            format!("fire in reaction ({which}, {}), or decline", s(rule))
        }
        P::Designation { .. } => {
            format!("designate attacks, then done ({})", s(Rule::ShockDesignation))
        }
        P::RetreatBeforeShock { attack, .. } => format!(
            "retreat before shock in attack {}, or stand ({})",
            u16::from(*attack) + 1,
            s(Rule::RetreatBeforeShock)
        ),
        P::Pursuit { attack, .. } => format!(
            "pursue after attack {}, or stop ({})",
            u16::from(*attack) + 1,
            s(Rule::RetreatBeforeShock)
        ),
        P::ResolutionOrder { .. } => {
            format!("choose the next attack to resolve ({})", s(Rule::ShockResolution))
        }
        P::Weapon { attack, .. } => format!(
            "choose a weapon system for attack {} ({})",
            u16::from(*attack) + 1,
            s(Rule::WeaponSystems)
        ),
        P::DistributeHits { leftover, .. } => format!(
            "choose the units that take the {leftover} leftover hits ({})",
            s(Rule::LeftoverHits)
        ),
        P::Retreat { unit: u, .. } => format!(
            "choose where {} retreats, or stand where the rules allow ({})",
            unit(field, *u),
            s(Rule::Retreat)
        ),
        P::PlaceRouted { unit: u, .. } => {
            format!("choose where the routed {} goes", unit(field, *u))
        }
        P::Advance { attack, .. } => format!(
            "advance after attack {}, or stay ({})",
            u16::from(*attack) + 1,
            s(Rule::Advance)
        ),
        P::Leader { leader: l, rule, .. } => {
            format!("choose where {} goes, or let him stay ({rule})", leader(field, *l))
        }
    }
}
