//! A player's decision as a sentence citing its rule.

use super::words::{clock, count, hexes_text, leader, toward_clock, unit};
use crate::game::StandardGame;
use crate::protocol::{Action, Battle};
use crate::rule::RuleRef;
use crate::state::Field;

/// A player's decision as a sentence citing its rule (the engine's
/// [`RuleRef`] in SPQR's numbers, and Dictator's where the action is its
/// own: 9.102, 9.106), with units by counter id, leaders by name and hexes
/// by label, e.g. `R-X-1 steps to R0408 (SPQR 6.1)`.
#[must_use]
pub fn action(field: &Field, action: &Action) -> String {
    use RuleRef as R;
    let toward = |u: usize, dir: gboh_core::facing::Direction| -> String {
        field
            .units
            .get(u)
            .map_or_else(|| "the next hex".to_owned(), |s| field.label(dir.neighbor(s.hex)))
    };
    let leader_toward = |l: usize, dir: gboh_core::facing::Direction| -> String {
        field
            .leaders
            .get(l)
            .map_or_else(|| "the next hex".to_owned(), |s| field.label(dir.neighbor(s.hex)))
    };
    match *action {
        Action::RollOff => {
            format!("roll for the opening ({}, {})", R::Activation.spqr(), R::EliteCommander.spqr())
        }
        Action::AuxiliaresPhase { leader: l } => {
            format!("{} takes the Auxiliares Phase (Caesar 5.6, reconstructed)", leader(field, l))
        }
        Action::ElitePhase { leader: l } => {
            format!(
                "{} takes an Elite Commander's Orders Phase ({})",
                leader(field, l),
                R::EliteCommander.spqr()
            )
        }
        Action::Trump { leader: l } => {
            format!("{} tries to Trump ({})", leader(field, l), R::Trump.spqr())
        }
        Action::Challenge { leader: l } => {
            format!("{} tries to trump the trump ({})", leader(field, l), R::Trump.spqr())
        }
        Action::Decline => format!("decline ({}, {})", R::Momentum.spqr(), R::Trump.spqr()),
        Action::Step { unit: u, dir } => {
            format!("{} steps to {} ({})", unit(field, u), toward(u, dir), R::Movement.spqr())
        }
        Action::Pivot { unit: u, clockwise } => format!(
            "{} pivots {} ({}; Dictator 9.102)",
            unit(field, u),
            if clockwise { "about its right half" } else { "about its left half" },
            R::PhalanxMove.spqr()
        ),
        Action::PhalanxColumn { unit: u, right } => format!(
            "{} forms column, its {} half leading ({}; Dictator 9.102)",
            unit(field, u),
            if right { "right" } else { "left" },
            R::PhalanxMove.spqr()
        ),
        Action::PassThrough { unit: u, dir } => format!(
            "{} passes through the friends at {} ({})",
            unit(field, u),
            toward(u, dir),
            R::Stacking.spqr()
        ),
        Action::Face { unit: u, facing } => {
            format!("{} faces {} ({})", unit(field, u), clock(facing), R::Movement.spqr())
        }
        Action::Fire { unit: u, target } => {
            format!(
                "{} fires at {} ({})",
                unit(field, u),
                unit(field, target),
                R::MissileFire.spqr()
            )
        }
        Action::Harass { unit: u, target } => {
            format!(
                "{} harasses {} ({})",
                unit(field, u),
                unit(field, target),
                R::MissileFire.spqr()
            )
        }
        Action::Rally { unit: u } => format!("rally {} ({})", unit(field, u), R::Rally.spqr()),
        Action::SwapStack { unit: u } => {
            format!("{} goes on top of its stack ({})", unit(field, u), R::Stacking.spqr())
        }
        Action::ReplaceLeader { leader: l, unit: u } => {
            match field
                .leader_def(l)
                .and_then(|d| d.office.filter(|o| o.placed_back() && !d.replacement))
            {
                Some(o) => format!(
                    "place {}, {} fallen, back on the map with {} ({}, {})",
                    leader(field, l),
                    o.title(),
                    unit(field, u),
                    R::RomanCommand.spqr(),
                    R::LeaderReplacement.spqr()
                ),
                None => format!(
                    "place {} with {} for a fallen leader ({})",
                    leader(field, l),
                    unit(field, u),
                    R::LeaderReplacement.spqr()
                ),
            }
        }
        Action::RegroupAndReturn => format!(
            "the OC gives his whole Orders Phase to Regroup and Return the off-map cavalry ({})",
            R::Regroup.spqr()
        ),
        Action::ReturnPursuer { unit: u, hex, facing } => format!(
            "{} returns to the map in {}, facing {} ({})",
            unit(field, u),
            field.label(hex),
            clock(facing),
            R::Regroup.spqr()
        ),
        Action::OrderStack => format!(
            "the OC orders every unit in his hex to move with him as one stack ({})",
            R::StackMove.spqr()
        ),
        Action::StackStep { dir } => {
            format!("the OC's stack steps toward {} ({})", toward_clock(dir), R::StackMove.spqr())
        }
        Action::StackFace { facing } => {
            format!("the OC's stack faces {} ({})", clock(facing), R::StackMove.spqr())
        }
        Action::Recover { unit: u } => {
            format!("{} recovers hits ({})", unit(field, u), R::Recovery.spqr())
        }
        Action::LineCommand { anchor } => {
            format!(
                "a Line Command to the line of {} ({})",
                unit(field, anchor),
                R::LineCommand.spqr()
            )
        }
        Action::OrderLeader { leader: l } => {
            format!("order {} to move ({})", leader(field, l), R::OverallCommander.spqr())
        }
        Action::Declare { choice } => {
            format!(
                "make the game's declaration number {choice} in the Orders Phase ({})",
                R::SequenceOfPlay.spqr()
            )
        }
        Action::LeaderStep { leader: l, dir } => {
            format!(
                "{} moves to {} ({})",
                leader(field, l),
                leader_toward(l, dir),
                R::OverallCommander.spqr()
            )
        }
        Action::EndOrders => {
            format!("end the orders: shock, then Momentum ({})", R::SequenceOfPlay.spqr())
        }
        Action::ReactFace { unit: u, facing } => {
            format!(
                "{} turns to face {} ({})",
                unit(field, u),
                clock(facing),
                R::ReactionFacing.spqr()
            )
        }
        Action::ReactFire { unit: u } => {
            format!(
                "{} fires at the enemy who came near ({})",
                unit(field, u),
                R::MissileFire.spqr()
            )
        }
        Action::Withdraw { unit: u, hexes } => format!(
            "{} withdraws {} ({})",
            unit(field, u),
            hexes_text(hexes),
            R::OrderlyWithdrawal.spqr()
        ),
        Action::Column { unit: u } => {
            format!("{} enters or leaves column ({})", unit(field, u), R::MovementCost.spqr())
        }
        Action::FifthMp { unit: u } => {
            format!("{} takes its fifth MP ({})", unit(field, u), R::PhalanxFifthMp.spqr())
        }
        Action::LeaderWithdraw { leader: l, hexes } => format!(
            "{} withdraws {} ({})",
            leader(field, l),
            hexes_text(hexes),
            R::LeaderWithdrawal.spqr()
        ),
        Action::NoReaction { unit: u } => {
            format!("{} does not react ({})", unit(field, u), R::ReactionFacing.spqr())
        }
        Action::DesignateShock { unit: u } => {
            format!("{} will shock ({})", unit(field, u), R::ShockDesignation.spqr())
        }
        Action::Combine { unit: u, with } => format!(
            "{} joins {}'s shock, the two attacking together (SPQR 8.42)",
            unit(field, u),
            unit(field, with)
        ),
        Action::ResolveShocks => format!("resolve the shocks ({})", R::ShockDesignation.spqr()),
        Action::ClashType { unit: u } => format!(
            "the column of {}'s type for this shock ({})",
            unit(field, u),
            R::ClashOfSpears.spqr()
        ),
        Action::Allocate { first } => format!(
            "give {} to the first defender, the rest to the second (Dictator 9.106)",
            count(first, "hit")
        ),
        Action::Momentum => format!("attempt Momentum ({})", R::Momentum.spqr()),
        Action::Activate { leader: l } => {
            format!("activate {} ({})", leader(field, l), R::DieRollOfDoom.spqr())
        }
    }
}

/// Action `a` in words, as [`action`] says it, with the game's own words for
/// a declaration ([`StandardGame::declaration_name`]).
#[must_use]
pub fn action_in<G: StandardGame>(battle: &Battle<G>, a: &Action) -> String {
    match a {
        Action::Declare { choice } => battle.game().declaration_name(battle.field(), *choice),
        other => action(battle.field(), other),
    }
}
