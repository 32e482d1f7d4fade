//! Narration and pictures: an event as one line citing its rule and dice,
//! and the field as SVG (the core's board picture with every unit on it).

use gboh_core::Side;
use gboh_core::board::svg::{Marker, SvgOptions, hex_centre, render};
use gboh_core::game::Event;

use gboh_core::facing::Facing;

use crate::command::MomentumOutcome;
use crate::game::StandardGame;
use crate::protocol::{Action, Battle, Outcome, Pending, StandardEvent};
use crate::rally::RallyOutcome;
use crate::rule::RuleRef;
use crate::shock::Superiority;
use crate::state::{Field, UnitStatus};
use crate::tables::{CasualtyEffect, Doom};

fn unit(field: &Field, u: usize) -> String {
    field.def(u).map_or_else(|| format!("unit {u}"), |d| d.id.to_string())
}

fn leader(field: &Field, l: usize) -> String {
    field.leader_def(l).map_or_else(|| format!("leader {l}"), |d| d.name.clone())
}

/// A side's army by name, in the singular: `the Roman army`, or the other
/// army by its Overall Commander
/// (SPQR 4.4, as the scenario names him): `the army of Ariovistus`.
#[must_use]
pub fn side(field: &Field, s: Side) -> String {
    match s {
        Side::Roman => "the Roman army".to_owned(),
        Side::Adversary => field
            .scenario
            .leaders
            .iter()
            .find(|l| l.side == Side::Adversary && l.overall)
            .map_or_else(|| "the enemy army".to_owned(), |l| format!("the army of {}", l.name)),
    }
}

/// A facing as the clock position the counter's top points to.
#[must_use]
pub const fn clock(f: Facing) -> &'static str {
    match f {
        Facing::Twelve => "12 o'clock",
        Facing::Two => "2 o'clock",
        Facing::Four => "4 o'clock",
        Facing::Six => "6 o'clock",
        Facing::Eight => "8 o'clock",
        Facing::Ten => "10 o'clock",
    }
}

/// A direction as the clock position it points to.
const fn toward_clock(d: gboh_core::facing::Direction) -> &'static str {
    use gboh_core::facing::Direction as D;
    match d {
        D::NE => "1 o'clock",
        D::E => "3 o'clock",
        D::SE => "5 o'clock",
        D::SW => "7 o'clock",
        D::W => "9 o'clock",
        D::NW => "11 o'clock",
    }
}

/// A game's own events (`StandardGame::Event`) as sentences: each game crate
/// implements it for its event type, so that [`line()`] narrates them like the
/// engine's.
pub trait Narrate {
    /// The event as a sentence, without its rule or dice.
    fn sentence(&self, field: &Field) -> String;
}

/// SPQR has no events of its own.
impl Narrate for () {
    fn sentence(&self, _field: &Field) -> String {
        "nothing the game adds happens".to_owned()
    }
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
pub fn line<E: Narrate>(field: &Field, event: &Event<StandardEvent<E>>) -> String {
    let what = sentence(field, &event.what);
    let dice = if event.rolls.is_empty() {
        String::new()
    } else {
        let faces: Vec<String> = event.rolls.iter().map(|r| r.face.to_string()).collect();
        format!(" (dice: {})", faces.join(", "))
    };
    format!("[{}] {what}{dice}", event.rule)
}

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

/// `, modified +1 target in woods (SPQR 8.2)`, or nothing without modifiers.
fn modifiers_text(m: &gboh_core::table::Modifiers) -> String {
    if m.iter().next().is_none() {
        return String::new();
    }
    let each: Vec<String> = m.iter().map(ToString::to_string).collect();
    format!(", modified {} = {:+}", each.join(", "), m.total().0)
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

/// The decision pending, for a player's prompt: who decides what, with its
/// rule, e.g. `the Roman army: Caesar gives his orders (SPQR 4.2)`.
#[must_use]
pub fn pending(field: &Field, pending: &Pending) -> String {
    use RuleRef as R;
    let army = |s: Side| side(field, s);
    match *pending {
        Pending::RollOff => {
            format!("the Roman army rolls for the opening ({})", R::Activation.spqr())
        }
        Pending::Auxiliares { side: s } => format!(
            "{}: hold an Auxiliares Phase, or end them (Caesar 5.6, reconstructed)",
            army(s)
        ),
        Pending::Elite { side: s } => format!(
            "{}: take the Elite Commander's extra Orders Phase, or not ({})",
            army(s),
            R::EliteCommander.spqr()
        ),
        Pending::Trump { side: s, candidate } => format!(
            "{}: trump {}'s activation, or not ({})",
            army(s),
            leader(field, candidate),
            R::Trump.spqr()
        ),
        Pending::Challenge { side: s, trumper } => format!(
            "{}: trump {}'s trump, or not ({})",
            army(s),
            leader(field, trumper),
            R::Trump.spqr()
        ),
        Pending::Orders { side: s, leader: l } => {
            format!(
                "{}: {} gives his orders ({})",
                army(s),
                leader(field, l),
                R::IndividualOrders.spqr()
            )
        }
        Pending::Momentum { side: s, leader: l } => format!(
            "{}: {} may attempt Momentum ({})",
            army(s),
            leader(field, l),
            R::Momentum.spqr()
        ),
        Pending::Reaction { side: s, unit: u, mover, leader: is_leader } => format!(
            "{}: {} may react to {} ({})",
            army(s),
            if is_leader { leader(field, u) } else { unit(field, u) },
            unit(field, mover),
            if is_leader { R::LeaderWithdrawal.spqr() } else { R::ReactionFacing.spqr() }
        ),
        Pending::ClashType { side: s, attacker } => format!(
            "{}: pick the defender whose type sets the column of {}'s shock ({})",
            army(s),
            unit(field, attacker),
            R::ClashOfSpears.spqr()
        ),
        Pending::Allocation { side: s, attacker } => format!(
            "{}: share out {}'s hits on its defenders (Dictator 9.106)",
            army(s),
            unit(field, attacker)
        ),
        Pending::ShockDesignation { side: s, leader: l } => format!(
            "{}: {} designates the shocks that are his choice ({})",
            army(s),
            leader(field, l),
            R::ShockDesignation.spqr()
        ),
        Pending::DoomActivation { side: s } => format!(
            "{}: activate any leader after the die roll of doom ({})",
            army(s),
            R::DieRollOfDoom.spqr()
        ),
        Pending::Over(o) => format!("the battle is over: {}", outcome(field, o)),
    }
}

/// The first line [`write_save`] puts in a saved battle.
pub const SAVE_HEADER: &str = "# gboh saved battle (RON), hexes as map labels";

/// A whole battle as a save a person can read and edit: [`SAVE_HEADER`], then
/// the game's RON laid out over lines (the top levels), every hex on the map
/// as its label (issue 16; `gboh_core::board::labelled`).
///
/// # Errors
/// The serializer's message if the game does not serialize.
pub fn write_save<G: StandardGame>(
    game: &gboh_core::game::Game<Battle<G>>,
) -> Result<String, String> {
    let pretty = ron::ser::PrettyConfig::new().depth_limit(4);
    let ron = ron::ser::to_string_pretty(game, pretty).map_err(|e| e.to_string())?;
    let board = game.state().field().board();
    Ok(format!("{SAVE_HEADER}\n{}\n", gboh_core::board::labelled::labels_for_hexes(board, &ron)))
}

/// A labelled save read back, its labels read on `board` (the battle's map).
///
/// # Errors
/// `(line, what is wrong)`: a label not on the map, or where the RON does
/// not parse or fit the scenario.
pub fn read_save<G: StandardGame>(
    board: &gboh_core::board::Board,
    text: &str,
) -> Result<gboh_core::game::Game<Battle<G>>, (usize, String)> {
    let mut ron = String::with_capacity(text.len());
    for (i, raw) in text.lines().enumerate() {
        if !raw.trim_start().starts_with('#') {
            let line = gboh_core::board::labelled::hexes_for_labels(board, raw)
                .map_err(|why| (i + 1, why))?;
            ron.push_str(&line);
        }
        ron.push('\n');
    }
    ron::from_str(&ron)
        .map_err(|e| (e.span.start.line, format!("column {}: {}", e.span.start.col, e.code)))
}

/// `1 hex`, `2 hexes`.
/// ", with Name and Name" for the leaders who go with a unit; empty when none.
fn with_leaders(field: &Field, leaders: &[usize]) -> String {
    if leaders.is_empty() {
        return String::new();
    }
    let names: Vec<String> = leaders.iter().map(|&l| leader(field, l)).collect();
    format!(", with {},", names.join(" and "))
}

fn hexes_text(n: u8) -> String {
    if n == 1 { "1 hex".to_owned() } else { format!("{n} hexes") }
}

/// `1 hit`, `0 hits`, `3 hits`.
fn count(n: impl Into<u32>, what: &str) -> String {
    let n: u32 = n.into();
    if n == 1 { format!("1 {what}") } else { format!("{n} {what}s") }
}

fn momentum(o: MomentumOutcome) -> &'static str {
    match o {
        MomentumOutcome::Another => "another Orders Phase",
        MomentumOutcome::Finished => "it fails, he is Finished",
        MomentumOutcome::Doom(Doom::OpponentActivates) => {
            "the die roll of doom: the opponent activates any leader, with no Momentum"
        }
        MomentumOutcome::Doom(Doom::Finished) => "the die roll of doom: he is Finished",
        MomentumOutcome::Doom(Doom::TurnEnds) => {
            "the die roll of doom: the turn ends, on to the Rout and Reload Phase"
        }
    }
}

const fn superiority_text(s: Superiority) -> &'static str {
    match s {
        Superiority::None => "no superiority",
        Superiority::Attacker => "Attack Superior: the defender's hits doubled",
        Superiority::Defender => "Defense Superior: the attacker's hits tripled",
    }
}

fn casualty(e: CasualtyEffect) -> String {
    match e {
        CasualtyEffect::Finished => "is hit: Finished for the turn".to_owned(),
        CasualtyEffect::Wounded(n) => {
            format!("is wounded: every rating but Line Command down by {n}")
        }
        CasualtyEffect::Killed => "is killed".to_owned(),
    }
}

fn rally(o: RallyOutcome) -> String {
    match o {
        RallyOutcome::Rallied { hits } => format!("rallies, keeping {}", count(hits, "hit")),
        RallyOutcome::Fails => "fails to rally and makes a rout move".to_owned(),
        RallyOutcome::Eliminated => "fails to rally and is eliminated".to_owned(),
    }
}

fn outcome(field: &Field, o: Outcome) -> String {
    match o {
        Outcome::Withdrawal { loser } => {
            format!("{} reaches its withdrawal level and withdraws", side(field, loser))
        }
        Outcome::Draw => {
            "both armies reach their withdrawal levels by the same margin: a draw".to_owned()
        }
        Outcome::TurnLimit => "the last turn has ended".to_owned(),
        Outcome::Victory { winner } => {
            format!("{} meets its victory conditions and wins", side(field, winner))
        }
    }
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
