//! Narration and pictures: an event as one line citing its rule and dice,
//! and the field as SVG (the core's board picture with every unit on it).

use gboh_core::Side;
use gboh_core::board::svg::{Marker, SvgOptions, hex_centre, render};
use gboh_core::game::Event;

use crate::game::StandardGame;
use crate::protocol::{Battle, StandardEvent};
use crate::state::{Field, UnitStatus};

fn unit(field: &Field, u: usize) -> String {
    field.def(u).map_or_else(|| format!("unit {u}"), |d| d.id.to_string())
}

fn leader(field: &Field, l: usize) -> String {
    field.leader_def(l).map_or_else(|| format!("leader {l}"), |d| d.name.clone())
}

/// One line for `event`: `[rule] what happened (dice: 3, 7)`.
///
/// ```
/// use gboh_core::game::Rules;
/// use gboh_standard::{narrate, Action, Battle, Spqr};
/// use gboh_core::dice::Dice;
/// let (mut battle, _) = Battle::new(Spqr, "Skirmish").unwrap();
/// let mut events = Vec::new();
/// battle.check(&Action::Decline).unwrap();
/// battle.perform(Action::Decline, &mut Dice::scripted([]), &mut events).unwrap();
/// assert_eq!(narrate::line(battle.field(), &events[0]), "[SPQR 4.2] Princeps gives his orders");
/// ```
#[must_use]
pub fn line<E: core::fmt::Debug>(field: &Field, event: &Event<StandardEvent<E>>) -> String {
    use StandardEvent as S;
    let what = match &event.what {
        S::Activated { leader: l, momentum } => {
            if *momentum {
                format!("{} gives his orders again (Momentum)", leader(field, *l))
            } else {
                format!("{} gives his orders", leader(field, *l))
            }
        }
        S::TieRolled { first } => format!("tie rolled off: {first:?} first"),
        S::EliteRolled { side } => format!("Elite Commanders roll: {side:?} opens the turn"),
        S::Trump { leader: l, success } => {
            format!(
                "{} tries to trump: {}",
                leader(field, *l),
                if *success { "success" } else { "fails" }
            )
        }
        S::Momentum { leader: l, outcome } => {
            format!("{} rolls for Momentum: {outcome:?}", leader(field, *l))
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
            format!("{} faces {facing:?}{}", unit(field, *u), hits_text(*hits))
        }
        S::Column { unit: u, column } => {
            format!("{} {} column", unit(field, *u), if *column { "forms" } else { "leaves" })
        }
        S::LeaderOrdered { leader: l, orders } => {
            format!("{} is ordered to move ({orders} orders)", leader(field, *l))
        }
        S::LeaderMoved { leader: l, to } => format!("{} moves to {to}", leader(field, *l)),
        S::ReactionFaced { unit: u, facing, hits } => {
            format!("{} turns to face the enemy ({facing:?}){}", unit(field, *u), hits_text(*hits))
        }
        S::Withdrew { unit: u, to, hits } => {
            format!("{} withdraws to {to}{}", unit(field, *u), hits_text(*hits))
        }
        S::Fired { unit: u, target, hits } => {
            format!("{} fires at {}{}", unit(field, *u), unit(field, *target), hits_text(*hits))
        }
        S::PreShock { unit: u, hits } => {
            format!("{} checks before shock{}", unit(field, *u), hits_text(*hits))
        }
        S::PhalanxStands { unit: u, stands } => {
            format!("{} {}", unit(field, *u), if *stands { "stands" } else { "breaks" })
        }
        S::Shock { attacker, defender, column, superiority, attacker_hits, defender_hits } => {
            format!(
                "{} shocks {} on column {column} ({superiority:?}): {attacker_hits} hits to the attacker, {defender_hits} to the defence",
                unit(field, *attacker),
                unit(field, *defender)
            )
        }
        S::StackRout { unit: u, checked, routs } => {
            stack_rout_text(&unit(field, *u), *checked, *routs)
        }
        S::Brink { unit: u, stays } => {
            format!("{} on the brink {}", unit(field, *u), if *stays { "holds" } else { "breaks" })
        }
        S::Pursuit { unit: u, pursues } => {
            format!("{} {}", unit(field, *u), if *pursues { "pursues" } else { "breaks off" })
        }
        S::Advanced { unit: u, to } => format!("{} advances to {to}", unit(field, *u)),
        S::Routed { unit: u } => format!("{} routs", unit(field, *u)),
        S::PassedThrough { unit: u, by, hits } => {
            format!("{} routs through {}{}", unit(field, *by), unit(field, *u), hits_text(*hits))
        }
        S::RoutMove { unit: u, to } => format!("{} flees to {to}", unit(field, *u)),
        S::Eliminated { unit: u, rout_points } => {
            format!("{} is eliminated ({rout_points} rout points)", unit(field, *u))
        }
        S::LeaderCasualty { leader: l, effect } => format!("{}: {effect:?}", leader(field, *l)),
        S::Rally { unit: u, outcome } => format!("{} rally: {outcome:?}", unit(field, *u)),
        S::StackSwapped { unit: u } => format!("{} goes on top of its stack", unit(field, *u)),
        S::Recovered { unit: u, hits } => format!("{} recovers {hits} hits", unit(field, *u)),
        S::Reloaded { unit: u } => format!("{} reloads its missiles", unit(field, *u)),
        S::TurnEnded { turn } => format!("turn {turn} ends"),
        S::Over(o) => format!("the battle is over: {o:?}"),
        S::Game(e) => format!("{e:?}"),
    };
    let dice = if event.rolls.is_empty() {
        String::new()
    } else {
        let faces: Vec<String> = event.rolls.iter().map(|r| r.face.to_string()).collect();
        format!(" (dice: {})", faces.join(", "))
    };
    format!("[{}] {what}{dice}", event.rule)
}

fn hits_text(hits: u8) -> String {
    match hits {
        0 => String::new(),
        1 => ", 1 hit".to_owned(),
        n => format!(", {n} hits"),
    }
}

/// Dictator 9.102: a pivot in words.
fn pivot_text(unit: &str, to: &str, facing: gboh_core::facing::Facing, hits: u8) -> String {
    format!("{unit} pivots into {to}, now facing {facing:?}{}", hits_text(hits))
}

/// SPQR 6.68: the other unit of a routed stack, in words.
fn stack_rout_text(unit: &str, checked: bool, routs: bool) -> String {
    match (checked, routs) {
        (false, _) => format!("{unit} routs with the top of its stack"),
        (true, true) => format!("{unit} fails its check as the bottom of its stack routs"),
        (true, false) => format!("{unit} holds as the bottom of its stack routs"),
    }
}

/// The field as SVG: the board, every unit on the map (routed ones marked
/// `r`), coloured by side, with its facing.
#[must_use]
pub fn picture<G: StandardGame>(battle: &Battle<G>) -> String {
    let field = battle.field();
    let mut options =
        SvgOptions::new(&format!("{}: {}, turn {}", G::RULEBOOK, field.scenario.name, field.turn));
    for (u, s) in field.units.iter().enumerate() {
        let Some(d) = field.def(u) else { continue };
        if s.status == UnitStatus::Eliminated {
            continue;
        }
        // A stack (SPQR 6.6) is one marker naming both units, top first.
        let stack = field.units_at(s.hex);
        if stack.first().is_some_and(|&top| top != u) {
            continue;
        }
        let text = stack
            .iter()
            .filter_map(|&x| {
                let routed =
                    if field.units.get(x)?.status == UnitStatus::Routed { " r" } else { "" };
                Some(format!("{}{routed}", field.def(x)?.unit_type))
            })
            .collect::<Vec<_>>()
            .join("/");
        let colour: String =
            if d.side == Side::Roman { "#c03030".into() } else { "#3060c0".into() };
        if d.double {
            double_counter(field, &mut options, u, &colour);
        }
        options.markers.push(Marker { hex: s.hex, text, colour, facing: Some(s.facing) });
    }
    render(field.board(), &options)
}

/// Dictator 9.101: a double-size phalanx drawn across its two hexes: a bar
/// joining the halves' centres under the marker, and a second marker on its
/// right half.
fn double_counter(field: &Field, options: &mut SvgOptions, u: usize, colour: &str) {
    let (Some(s), Some(d)) = (field.units.get(u), field.def(u)) else { return };
    let right = crate::state::right_half(s.hex, s.facing);
    let board = field.board();
    if let (Some((x1, y1)), Some((x2, y2))) =
        (hex_centre(board, options, s.hex), hex_centre(board, options, right))
    {
        // Narrower than a hex, so that neighbouring counters stay apart.
        let width = options.hex_size * 0.8;
        options.overlay.push_str(&format!(
            "<line class=\"phalanx\" x1=\"{x1:.1}\" y1=\"{y1:.1}\" x2=\"{x2:.1}\" y2=\"{y2:.1}\" \
             stroke=\"{colour}\" stroke-opacity=\"0.55\" stroke-width=\"{width:.1}\" \
             stroke-linecap=\"round\"/>"
        ));
    }
    options.markers.push(Marker {
        hex: right,
        text: d.unit_type.to_string(),
        colour: colour.to_owned(),
        facing: Some(s.facing),
    });
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::Spqr;

    #[test]
    fn the_picture_shows_every_unit() {
        let (battle, _) = Battle::new(Spqr, "Skirmish").unwrap();
        let svg = picture(&battle);
        assert!(svg.starts_with("<svg"));
        assert_eq!(svg.matches(">LG<").count(), 4);
        assert_eq!(svg.matches(">BI<").count(), 4);
    }
}
