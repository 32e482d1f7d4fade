//! The Tribal (4.6) and Pontic (4.7) command systems, as the hooks of the
//! engine's Individual Orders and Line Commands.

use gboh_core::facing::Direction;
use gboh_standard::Rank;
use gboh_standard::kinds::ShockClass;
use gboh_standard::protocol::{LineContext, LineEligibility};
use gboh_standard::state::{Field, LeaderDef, LeaderStatus};
use serde::{Deserialize, Serialize};

/// Which command rules an army follows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum CommandSystem {
    /// The series rules (SPQR 4.x): the Romans.
    #[default]
    Roman,
    /// 4.6: Celtic and German tribal armies.
    Tribal,
    /// 4.7: the Pontic army.
    Pontic,
}

/// Who ordered which unit this Game Turn, and who issued a Line Command in an
/// initial Orders Phase (4.64 last paragraph, 4.73 Momentum phases).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnOrders {
    /// `(unit, leader)` for every order given this turn.
    pub ordered_by: Vec<(usize, usize)>,
    /// Leaders who issued a Line Command in an initial (non-Momentum) phase.
    pub initial_lines: Vec<usize>,
}

fn def(field: &Field, leader: usize) -> Option<&LeaderDef> {
    field.leader_def(leader)
}

fn is_oc(d: &LeaderDef) -> bool {
    d.overall || d.rank == Some(Rank::OverallCommander)
}

/// 4.61, 4.62: what is wrong with a tribal army's leader counters, one
/// sentence for each problem (none: the counters follow 4.61). Every leader of
/// `side` is a Tribal Chief or a Chief, with two Command Ranges, the Orders
/// range (`command_range`) the shorter and the Line Command range
/// (`line_command_range`) the longer, and no Line Command or Strategy rating
/// (his one Line Command a phase, 4.62, is the engine's floor of one).
#[must_use]
pub fn tribal_rating_problems(field: &Field, side: gboh_core::Side) -> Vec<String> {
    tribal_rating_items(field, side).into_iter().map(|(_, p)| p).collect()
}

/// [`tribal_rating_problems`], each with the leader it is about (the item a
/// load error names).
#[must_use]
pub fn tribal_rating_items(field: &Field, side: gboh_core::Side) -> Vec<(String, String)> {
    let mut problems = Vec::new();
    for d in field.scenario.leaders.iter().filter(|d| d.side == side && !d.replacement) {
        let name = &d.name;
        let mut say = |p: String| problems.push((name.clone(), p));
        if !matches!(d.rank, Some(Rank::TribalChief | Rank::Chief)) {
            say(format!("4.61: {name} is neither a Tribal Chief nor a Chief"));
        }
        match d.line_command_range {
            None => say(format!("4.62: {name} has no Line Command range")),
            Some(r) if r < d.command_range => say(format!(
                "4.62: {name}'s Orders range ({}) is longer than his Line Command range ({r})",
                d.command_range
            )),
            Some(_) => {}
        }
        if d.line_command != 0 {
            say(format!("4.61: {name} has a Line Command rating ({})", d.line_command));
        }
        if let Some(s) = d.strategy {
            say(format!("4.61: {name} has a Strategy rating ({s})"));
        }
    }
    problems
}

fn same_group(field: &Field, leader: usize, unit: usize) -> bool {
    match (def(field, leader), field.def(unit)) {
        (Some(l), Some(u)) => l.group.is_some() && l.group == u.group,
        _ => false,
    }
}

fn restriction_ok(field: &Field, leader: usize, unit: usize) -> bool {
    match (def(field, leader), field.def(unit)) {
        (Some(l), Some(u)) => l.restriction.is_empty() || l.restriction.contains(&u.unit_type),
        _ => false,
    }
}

/// 4.64-4.66, 4.73-4.74: may `leader` order `unit`?
#[must_use]
pub fn may_command(
    system: CommandSystem,
    turn: &TurnOrders,
    field: &Field,
    leader: usize,
    unit: usize,
) -> bool {
    let Some(d) = def(field, leader) else { return false };
    match system {
        CommandSystem::Roman => true,
        CommandSystem::Tribal => {
            if is_oc(d) {
                return true; // 4.66
            }
            match d.rank {
                Some(Rank::TribalChief) => same_group(field, leader, unit), // 4.65
                Some(Rank::Chief) => {
                    // 4.64: his tribe, his keyword, and no unit another Chief ordered this turn.
                    let other_chief = turn.ordered_by.iter().any(|&(u, l)| {
                        u == unit
                            && l != leader
                            && def(field, l).is_some_and(|x| x.rank == Some(Rank::Chief))
                    });
                    same_group(field, leader, unit)
                        && restriction_ok(field, leader, unit)
                        && !other_chief
                }
                _ => same_group(field, leader, unit),
            }
        }
        // 4.73: the keyword, if any; 4.74: the OC any unit.
        CommandSystem::Pontic => is_oc(d) || restriction_ok(field, leader, unit),
    }
}

/// 4.63: a tribal line is infantry (BI, LI) or cavalry, not both.
#[must_use]
pub fn tribal_kind(class: ShockClass) -> u8 {
    u8::from(class.is_mounted())
}

/// 4.72: heavy infantry, or the cavalry and light infantry types.
#[must_use]
pub fn pontic_heavy(class: ShockClass) -> bool {
    !class.is_mounted() && !matches!(class, ShockClass::LI | ShockClass::SK)
}

/// 4.63, 4.73, 4.74: must the leader be within 2 hexes of a unit of this
/// line? Tribal leaders: always (4.63); Pontic leaders: for infantry lines
/// only (4.73, 4.74); Roman leaders: always (the engine's rule).
#[must_use]
pub fn line_needs_leader_near(system: CommandSystem, field: &Field, line: &[usize]) -> bool {
    match system {
        CommandSystem::Pontic => {
            line.iter().any(|&u| field.def(u).is_some_and(|d| !d.class().is_mounted()))
        }
        CommandSystem::Roman | CommandSystem::Tribal => true,
    }
}

/// 4.62, 4.63, 4.72: may `unit` join the line of `anchor`? The engine's
/// default (the same orientation) plus, for tribal leaders, one kind of unit;
/// for Pontic lines one kind (heavy infantry, or cavalry and light infantry:
/// Reconstructed, the scenarios name the types), and a unit of another
/// orientation (4.72's last but one sentence) if it is within the leader's
/// Command Range: that range, like the tribal Line Command range, is
/// [`line_range`]'s, which the engine counts along a path (SPQR 4.21).
#[must_use]
pub fn line_member(
    system: CommandSystem,
    field: &Field,
    leader: usize,
    anchor: usize,
    unit: usize,
) -> bool {
    let _ = leader;
    let facing = |u: usize| field.units.get(u).map(|s| s.facing);
    if facing(unit) != facing(anchor) && system != CommandSystem::Pontic {
        return false;
    }
    let class = |u: usize| field.def(u).map(|d| d.class());
    match system {
        CommandSystem::Roman => true,
        CommandSystem::Tribal => {
            let infantry_or_cavalry = class(unit)
                .is_some_and(|c| matches!(c, ShockClass::BI | ShockClass::LI) || c.is_cavalry());
            infantry_or_cavalry && class(unit).map(tribal_kind) == class(anchor).map(tribal_kind)
        }
        CommandSystem::Pontic => class(unit).map(pontic_heavy) == class(anchor).map(pontic_heavy),
    }
}

/// 4.62, 4.72: the range, counted by the engine along a path from the leader
/// as a Command Range is (SPQR 4.21: not through enemy units, enemy ZOC a
/// friend does not hold, or impassable terrain), within which `unit` must
/// stand to join the Line: a tribal leader's Line Command range (4.62); a
/// Pontic leader's Command Range for a unit of another orientation than the
/// anchor (4.72); otherwise none.
#[must_use]
pub fn line_range(
    system: CommandSystem,
    field: &Field,
    leader: usize,
    anchor: usize,
    unit: usize,
) -> Option<u8> {
    let d = def(field, leader)?;
    let facing = |u: usize| field.units.get(u).map(|s| s.facing);
    match system {
        CommandSystem::Roman => None,
        CommandSystem::Tribal => Some(d.line_command_range.unwrap_or(d.command_range)),
        CommandSystem::Pontic => (facing(unit) != facing(anchor)).then_some(d.command_range),
    }
}

/// 4.64: the leader within whose Orders (Command) Range a Chief must begin his
/// Orders Phase for a Line Command free of the No Momentum penalty: his
/// tribe's Tribal Chief, alive and on the field (`None` if he has none); any
/// other leader's: his OC (the engine's SPQR 4.33 rule).
#[must_use]
pub fn line_range_leader(system: CommandSystem, field: &Field, leader: usize) -> Option<usize> {
    let d = def(field, leader)?;
    if system == CommandSystem::Tribal && d.rank == Some(Rank::Chief) {
        return (0..field.leaders.len()).find(|&tc| {
            def(field, tc).is_some_and(|t| t.rank == Some(Rank::TribalChief) && t.group == d.group)
                && field.leaders.get(tc).is_some_and(|s| s.status != LeaderStatus::Dead)
        });
    }
    gboh_standard::protocol::overall_commander(field, d.side)
}

/// 4.63: tribal units adjacent; 4.72: Pontic heavy infantry adjacent, other
/// types within 2 hexes with the hex between free of enemy units, enemy ZOC
/// and friendly units not eligible for the line.
#[must_use]
pub fn line_link(system: CommandSystem, field: &Field, leader: usize, a: usize, b: usize) -> bool {
    let (Some(x), Some(y)) = (field.units.get(a), field.units.get(b)) else { return false };
    // Dictator 9.101: a double-size phalanx is next to what either half is.
    let distance = field.units_distance(a, b);
    let heavy = |u: usize| field.def(u).is_some_and(|d| pontic_heavy(d.class()));
    match system {
        CommandSystem::Roman | CommandSystem::Tribal => distance == 1,
        CommandSystem::Pontic if heavy(a) || heavy(b) => distance == 1,
        CommandSystem::Pontic => {
            if distance == 1 {
                return true;
            }
            if distance != 2 {
                return false;
            }
            let Some(side) = field.side(a) else { return false };
            // The hexes next to both: the gap.
            Direction::ALL
                .iter()
                .map(|d| d.neighbor(x.hex))
                .filter(|h| Field::distance(*h, y.hex) == 1)
                .any(|gap| {
                    let occupant_ok = field.unit_at(gap).is_none_or(|o| {
                        field.side(o) == Some(side) && line_member(system, field, leader, a, o)
                    });
                    occupant_ok && !field.in_enemy_zoc(gap, side)
                })
        }
    }
}

/// 4.64-4.66, 4.73-4.74: may `leader` issue a Line Command now?
#[must_use]
pub fn line_eligibility(
    system: CommandSystem,
    turn: &TurnOrders,
    field: &Field,
    leader: usize,
    context: &LineContext,
    line: &[usize],
) -> LineEligibility {
    let Some(d) = def(field, leader) else { return LineEligibility::Not };
    let initiative = field.initiative(leader);
    match system {
        CommandSystem::Roman => {
            gboh_standard::protocol::spqr_line_eligibility(field, leader, context, line)
        }
        CommandSystem::Tribal => {
            if is_oc(d) {
                return LineEligibility::Free; // 4.66: any Orders Phase
            }
            if context.momentum {
                // 4.64, 4.65: in a Momentum phase, a roll at most his Initiative.
                return LineEligibility::Roll { at_most: initiative, drm: 0 };
            }
            if d.rank != Some(Rank::Chief) || context.turn == 1 {
                return LineEligibility::Free; // 4.65; 4.64 on turn 1
            }
            // 4.64: begun within the Tribal Chief's Orders range (counted along a
            // path as the phase began: the engine's `started_in_oc_range`, through
            // `line_range_leader`), free; outside, no Momentum.
            let near_chief = context.started_in_oc_range;
            if near_chief { LineEligibility::Free } else { LineEligibility::FreeNoMomentum }
        }
        CommandSystem::Pontic => {
            if is_oc(d) {
                return LineEligibility::Free; // 4.74
            }
            if context.momentum && !turn.initial_lines.contains(&leader) {
                return LineEligibility::Not; // 4.73: only after a Line in his initial phase
            }
            if context.turn == 1 && !context.momentum {
                return LineEligibility::Free;
            }
            // 4.73 #2: begun within the OC's Command Range, free; outside, a
            // roll at most his Strategy (the same in a Momentum phase).
            if context.started_in_oc_range {
                LineEligibility::Free
            } else {
                LineEligibility::Roll { at_most: d.strategy.unwrap_or(0), drm: 0 }
            }
        }
    }
}

/// 4.65, 4.66, 4.74: may `active` order `leader` to move? A Tribal Chief moves
/// the Chiefs of his tribe, the army OC (tribal or Pontic) any leader.
#[must_use]
pub fn may_move_leader(system: CommandSystem, field: &Field, active: usize, leader: usize) -> bool {
    let (Some(a), Some(l)) = (def(field, active), def(field, leader)) else { return false };
    match system {
        CommandSystem::Roman => a.overall,
        CommandSystem::Tribal => {
            is_oc(a)
                || (a.rank == Some(Rank::TribalChief)
                    && l.rank == Some(Rank::Chief)
                    && a.group == l.group)
        }
        CommandSystem::Pontic => is_oc(a),
    }
}

/// Caesar 5.6 (Reconstructed: its text is not public), as Dictator names it:
/// a Tribal Chief activates his tribe's skirmishers (4.62); the Pontic OC
/// skirmishers or chariots (4.71). The Romans' auxiliaries are not named by
/// the seed, so they hold none.
#[must_use]
pub fn auxiliares_leaders(
    system: CommandSystem,
    field: &Field,
    side: gboh_core::Side,
) -> Vec<usize> {
    (0..field.leaders.len())
        .filter(|&l| {
            let Some(d) = def(field, l) else { return false };
            let alive = field.leaders.get(l).is_some_and(|s| s.status != LeaderStatus::Dead);
            let eligible = match system {
                CommandSystem::Roman => false,
                CommandSystem::Tribal => d.rank == Some(Rank::TribalChief),
                CommandSystem::Pontic => is_oc(d),
            };
            d.side == side
                && alive
                && eligible
                && (0..field.units.len()).any(|u| {
                    field.units.get(u).is_some_and(|s| s.in_play())
                        && auxiliares_unit(system, field, l, u, &[])
                })
        })
        .collect()
}

/// 4.62, 4.71: the units `leader` may order in his Auxiliares Phase; the
/// Pontic OC's are skirmishers or chariots, not both (the first order decides).
#[must_use]
pub fn auxiliares_unit(
    system: CommandSystem,
    field: &Field,
    leader: usize,
    unit: usize,
    ordered: &[usize],
) -> bool {
    let class = |u: usize| field.def(u).map(|d| d.class());
    match system {
        CommandSystem::Roman => false,
        CommandSystem::Tribal => {
            class(unit) == Some(ShockClass::SK) && same_group(field, leader, unit)
        }
        CommandSystem::Pontic => {
            let kind = class(unit);
            matches!(kind, Some(ShockClass::SK | ShockClass::CH))
                && ordered.iter().all(|&o| class(o) == kind)
                && field.side(unit) == def(field, leader).map(|d| d.side)
        }
    }
}
