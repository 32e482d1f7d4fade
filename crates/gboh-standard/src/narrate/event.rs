//! An event as a sentence, without its rule or dice (what [`super::line()`]
//! wraps).

use super::Narrate;
use super::words::{
    casualty, clock, count, hits_text, leader, modifiers_text, momentum, outcome, pivot_text,
    rally, side, stack_rout_text, superiority_text, unit, with_leaders,
};
use crate::protocol::StandardEvent;
use crate::state::Field;

/// What happened, as a sentence without its rule or dice.
#[must_use]
#[allow(clippy::too_many_lines)] // one arm per event, each a sentence
pub fn sentence<E: Narrate>(field: &Field, event: &StandardEvent<E>) -> String {
    use StandardEvent as S;
    match event {
        S::Activated { leader: l, momentum } => {
            if *momentum {
                format!("{} gives his orders again (Momentum)", leader(field, *l))
            } else {
                format!("{} gives his orders", leader(field, *l))
            }
        }
        S::AuxiliariesActivated { side: s, leader: l } => format!(
            "the auxiliary phase of {}: its auxiliaries take their orders without a leader ({} holds the phase)",
            side(field, *s),
            leader(field, *l)
        ),
        S::TieRolled { first } => {
            format!("a tie for activation is rolled off: {} goes first", side(field, *first))
        }
        S::EliteRolled { side: Some(s) } => {
            format!("the Elite Commanders roll: {} takes the extra Orders Phase", side(field, *s))
        }
        S::EliteRolled { side: None } => {
            "the Elite Commanders roll: neither side takes the extra Orders Phase".to_owned()
        }
        S::Trump { leader: l, success } => {
            format!(
                "{} tries to trump: {}",
                leader(field, *l),
                if *success { "success" } else { "fails" }
            )
        }
        S::Momentum { leader: l, outcome } => {
            format!("{} rolls for Momentum: {}", leader(field, *l), momentum(*outcome))
        }
        S::Finished { leader: l } => format!("{} is Finished", leader(field, *l)),
        S::LineCommand { leader: l, units } => {
            if units.is_empty() {
                format!("{} fails to issue a Line Command", leader(field, *l))
            } else {
                let names: Vec<String> = units.iter().map(|&u| unit(field, u)).collect();
                format!("{} orders a line: {}", leader(field, *l), names.join(", "))
            }
        }
        S::Moved { unit: u, to, hits } => {
            format!("{} enters {to}{}", unit(field, *u), hits_text(*hits))
        }
        S::Pivoted { unit: u, to, facing, hits } => {
            pivot_text(&unit(field, *u), to, *facing, *hits)
        }
        S::Faced { unit: u, facing, hits } => {
            format!("{} faces {}{}", unit(field, *u), clock(*facing), hits_text(*hits))
        }
        S::Column { unit: u, column } => {
            format!("{} {} column", unit(field, *u), if *column { "forms" } else { "leaves" })
        }
        S::ProconsulInCommand { leader: l } => format!(
            "the OC has fallen: {}, a Proconsul, takes over as OC, his Strategy 1",
            leader(field, *l)
        ),
        S::LeaderReplaced { leader: l, to } => {
            match field.leader_def(*l).and_then(|d| d.office.filter(|o| o.placed_back())) {
                Some(o) => format!(
                    "{}, {} fallen, is placed back on the map in {to} (SPQR 4.5), Finished for the turn",
                    leader(field, *l),
                    o.title()
                ),
                None => format!(
                    "{} takes a fallen leader's place in {to}, Finished for the turn",
                    leader(field, *l)
                ),
            }
        }
        S::StackOrdered { leader: l, units } => {
            let names: Vec<String> = units.iter().map(|&u| unit(field, u)).collect();
            format!(
                "{} orders his stack to move with him, one order for {}",
                leader(field, *l),
                names.join(" and ")
            )
        }
        S::StackMoved { leader: l, to, units } => {
            let each: Vec<String> =
                units.iter().map(|&(u, h)| format!("{}{}", unit(field, u), hits_text(h))).collect();
            format!("{} and his stack ({}) enter {to}", leader(field, *l), each.join("; "))
        }
        S::LeaderOrdered { leader: l, orders } => {
            format!("{} is ordered to move ({orders} orders)", leader(field, *l))
        }
        S::LeaderMoved { leader: l, to } => format!("{} moves to {to}", leader(field, *l)),
        S::ReactionFaced { unit: u, facing, hits } => format!(
            "{} turns to face the enemy, to {}{}",
            unit(field, *u),
            clock(*facing),
            hits_text(*hits)
        ),
        S::Withdrew { unit: u, to, hits } => {
            format!("{} withdraws to {to}{}", unit(field, *u), hits_text(*hits))
        }
        S::GameFired { by, from: _, target, range, hits, modifiers } => format!(
            "{by} fires at {} at range {range}{}: {}",
            unit(field, *target),
            modifiers_text(modifiers),
            match hits {
                0 => "no effect".to_owned(),
                1 => "1 hit".to_owned(),
                n => format!("{n} hits"),
            }
        ),
        S::Fired { unit: u, target, hits, modifiers } => format!(
            "{} fires at {}{}: {}",
            unit(field, *u),
            unit(field, *target),
            modifiers_text(modifiers),
            match hits {
                0 => "no effect".to_owned(),
                1 => "1 hit".to_owned(),
                n => format!("{n} hits"),
            }
        ),
        S::PreShock { unit: u, hits } => format!(
            "{} checks its TQ before shock: {}",
            unit(field, *u),
            match hits {
                0 => "no hit".to_owned(),
                1 => "1 hit".to_owned(),
                n => format!("{n} hits"),
            }
        ),
        S::PhalanxStands { unit: u, stands } => format!(
            "{} {}",
            unit(field, *u),
            if *stands { "stands rather than rout" } else { "breaks" }
        ),
        S::Shock {
            attacker,
            defender,
            column,
            shifts,
            shift_rule,
            modifiers,
            superiority,
            attacker_hits,
            defender_hits,
            with,
        } => {
            // SPQR 8.42: a combined attack names every attacker.
            let together = if with.is_empty() {
                String::new()
            } else {
                let others: Vec<String> = with.iter().map(|&u| unit(field, u)).collect();
                format!(" with {} (combined, SPQR 8.42)", others.join(" and "))
            };
            let shifted = if shifts.is_empty() {
                String::new()
            } else {
                let each: Vec<String> =
                    shifts.iter().map(|s| format!("{:+} {}", s.columns, s.what)).collect();
                format!(" after shifts {} ({shift_rule})", each.join(", "))
            };
            format!(
                "{}{together} shocks {} on column {column}{shifted}{} ({}): {} to the attacker, {} to the defender",
                unit(field, *attacker),
                unit(field, *defender),
                modifiers_text(modifiers),
                superiority_text(*superiority),
                count(*attacker_hits, "hit"),
                count(*defender_hits, "hit"),
            )
        }
        S::FifthMp { unit: u, hits } => {
            format!("{} presses on with its fifth MP, for {}", unit(field, *u), count(*hits, "hit"))
        }
        S::DoubleDepthFormed { back, front } => format!(
            "{} steps in behind {}: the two phalanxes stand in double depth, and neither moves again this phase",
            unit(field, *back),
            unit(field, *front)
        ),
        S::StackRout { unit: u, checked, routs } => {
            stack_rout_text(&unit(field, *u), *checked, *routs)
        }
        S::Brink { unit: u, stays } => {
            format!("{} on the brink {}", unit(field, *u), if *stays { "holds" } else { "breaks" })
        }
        S::Pursuit { unit: u, pursues } => {
            format!("{} {}", unit(field, *u), if *pursues { "pursues" } else { "breaks off" })
        }
        S::PursuedOffMap { unit: u, leaders, exit } => format!(
            "{}{} follows the rout off the map by {exit}: off the map until the OC regroups it",
            unit(field, *u),
            with_leaders(field, leaders)
        ),
        S::Regrouped { leader: l } => format!(
            "{} gives his whole Orders Phase to Regroup and Return his army's off-map cavalry",
            leader(field, *l)
        ),
        S::Returned { unit: u, leaders, to } => format!(
            "{}{} returns to the map in {to}",
            unit(field, *u),
            with_leaders(field, leaders)
        ),
        S::Advanced { unit: u, to } => format!("{} advances to {to}", unit(field, *u)),
        S::Routed { unit: u } => format!("{} routs", unit(field, *u)),
        S::PassedFriend { unit: u, by, hits } => format!(
            "{} passes through {}, which takes {} too",
            unit(field, *by),
            unit(field, *u),
            count(*hits, "hit")
        ),
        S::PassedThrough { unit: u, by, hits } => {
            format!("{} routs through {}{}", unit(field, *by), unit(field, *u), hits_text(*hits))
        }
        S::RoutMove { unit: u, to } => format!("{} flees to {to}", unit(field, *u)),
        S::Eliminated { unit: u, rout_points } => {
            format!("{} is eliminated ({rout_points} rout points)", unit(field, *u))
        }
        S::LeaderCasualty { leader: l, effect } => {
            format!("{} {}", leader(field, *l), casualty(*effect))
        }
        S::Rally { unit: u, outcome } => format!("{} {}", unit(field, *u), rally(*outcome)),
        S::StackSwapped { unit: u } => format!("{} goes on top of its stack", unit(field, *u)),
        S::Recovered { unit: u, hits } => {
            format!("{} recovers {}", unit(field, *u), count(*hits, "hit"))
        }
        S::Reloaded { unit: u } => format!("{} reloads its missiles", unit(field, *u)),
        S::TurnEnded { turn } => format!("turn {turn} ends"),
        S::Over(o) => format!("the battle is over: {}", outcome(field, *o)),
        S::Game(e) => e.sentence(field),
    }
}
