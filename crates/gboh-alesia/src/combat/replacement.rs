//! 4.35 Replacement of killed leaders, and 10.46's Gallic leaders back from
//! the Gallic Camp.
//!
//! - Caesar, Commius and the Roman Area Commanders are not replaced.
//! - Vercingetorix's place as OC in Alesia is taken by Critognatus: once
//!   Vercingetorix is dead and the Alesia Force in play, Critognatus (if the
//!   scenario uses him) is placed on any Alesia Force unit when the Gallic
//!   player activates it (before it is in play he enters with it, as
//!   Vercingetorix would).
//! - Other Gallic leaders are placed on an appropriate unit (one they could
//!   command) the next time the Gallic player wants to activate a command
//!   with them; Cavalry Prefects on a Roman cavalry unit the next time the
//!   Roman player wants to activate a cavalry command with them.
//! - Legates are placed on any unit of their legion the next time it is
//!   activated: the legion may not be activated without him.
//!
//! In the protocol, while the side chooses its command (5.1), each such leader
//! may be placed with [`crate::protocol::Action::ReturnLeader`] on a hex from
//! which he could activate a command; the command then chosen must be his.

use crate::game::AlesiaField;
use crate::leader::{Rank, Replacement};
use gboh_core::Side;
use gboh_core::game::Event;
use hexx::Hex;

use super::action::{CombatError, CombatEvent};
use super::leaders::could_command;
use crate::command::Command;
use crate::command::range::range_map;
use crate::game::Lid;
use crate::protocol::{Alesia, AlesiaEvent};

fn illegal(why: impl Into<std::borrow::Cow<'static, str>>) -> CombatError {
    CombatError::illegal("4.35", why)
}

/// Whether leader `lid` waits to be placed again (4.35, 10.46).
#[must_use]
pub fn is_returning(game: &Alesia, lid: Lid) -> bool {
    let setup = game.setup();
    let (Some(leader), Some(state)) = (setup.leader(lid), game.field.leader(lid)) else {
        return false;
    };
    if state.at.is_some() {
        return false;
    }
    // 10.46: a Gallic leader in the Gallic Camp returns as a replacement does.
    if !state.dead && game.turn.combat.leaders_in_camp.contains(&lid) {
        return true;
    }
    if state.dead {
        return leader.replacement() == Replacement::Returns;
    }
    // 4.35: a successor whose predecessor was killed, once his force is in play.
    setup.leaders.iter().enumerate().any(|(i, p)| {
        p.successor.as_ref() == Some(&leader.id)
            && u8::try_from(i).is_ok_and(|i| game.field.leader(Lid(i)).is_some_and(|s| s.dead))
    }) && game.alesia_force_in_play()
}

/// The leaders of `side` waiting to be placed again, in [`Lid`] order.
#[must_use]
pub fn returning(game: &Alesia, side: Side) -> Vec<Lid> {
    let setup = game.setup();
    (0..setup.leaders.len())
        .filter_map(|i| u8::try_from(i).ok().map(Lid))
        .filter(|&l| setup.leader(l).is_some_and(|x| x.side == side) && is_returning(game, l))
        .collect()
}

/// The hexes of the units leader `lid` could be placed on (his legion's, the
/// cavalry, the tribes within his Control, the Alesia Force), in board order.
fn unit_hexes(game: &Alesia, lid: Lid) -> Vec<Hex> {
    let field = &game.field;
    let board = &game.setup().board;
    let mut out: Vec<Hex> = field
        .units()
        .iter()
        .enumerate()
        .filter_map(|(i, s)| {
            let uid = crate::game::Uid(u16::try_from(i).ok()?);
            let at = s.at?;
            (s.cohesion.in_play() && could_command(field, lid, uid)).then_some(at)
        })
        .collect();
    out.sort_by_key(|&h| board.index(h));
    out.dedup();
    out
}

/// Whether leader `lid`, placed in `hex`, could activate a command now.
fn could_activate_from(game: &Alesia, lid: Lid, hex: Hex) -> bool {
    let Some(leader) = game.setup().leader(lid) else {
        return false;
    };
    if game.turn.seized_to_move.is_some() {
        return false;
    }
    if game.turn.play.seizure.seized_by.is_some() {
        // Rare: a seizure limits the commands; ask the command rules.
        let mut trial = game.clone();
        if let Some(s) = trial.field.leader_mut(lid) {
            s.dead = false;
            s.at = Some(hex);
        }
        let mut commands = Vec::new();
        trial.legal_commands(leader.side, &mut commands);
        return commands.iter().any(|c| c.leader(&trial.field) == Some(lid));
    }
    let chieftain = leader.troop_command().is_some_and(|r| {
        r.rank == Rank::TribalChieftain && matches!(r.scope, crate::leader::CommandScope::Tribes)
    });
    if !chieftain {
        // A Legate's legion, a Prefect's or cavalry leader's units in his own
        // hex, the Alesia Force: his command has a unit to activate.
        return true;
    }
    // 4.12: a Tribal Counter within his range and Control.
    let Some(range) = leader.command_range() else {
        return false;
    };
    let map = range_map(&game.field, leader.side, hex, range, |a, b, _| {
        game.leader_step_cost(leader.side, a, b)
    });
    let setup = game.setup();
    setup.counters.iter().enumerate().any(|(i, c)| {
        let Some(s) =
            u8::try_from(i).ok().and_then(|i| game.field.counter(crate::game::CounterIdx(i)))
        else {
            return false;
        };
        !c.cavalry
            && !s.withdrawn
            && leader.can_control([c.control])
            && s.at
                .and_then(|h| setup.board.index(h))
                .and_then(|i| map.get(i))
                .is_some_and(|&d| d != u8::MAX)
    })
}

/// Every (leader, hex) placement `side` may make now before choosing its
/// command: none once a leader has been placed this way.
#[must_use]
pub fn placements(game: &Alesia, side: Side) -> Vec<(Lid, Hex)> {
    if game.turn.combat.returned_leader.is_some() || game.turn.play.current.is_some() {
        return Vec::new();
    }
    let mut out = Vec::new();
    for lid in returning(game, side) {
        for hex in unit_hexes(game, lid) {
            if could_activate_from(game, lid, hex) {
                out.push((lid, hex));
            }
        }
    }
    out
}

/// Validates placing leader `lid` in `hex` now.
///
/// # Errors
/// Why not, citing 4.35.
pub fn check(game: &Alesia, lid: Lid, hex: Hex) -> Result<(), CombatError> {
    let side = game.setup().leader(lid).map(|l| l.side).ok_or_else(|| illegal("no such leader"))?;
    if game.turn.combat.returned_leader.is_some() {
        return Err(illegal("a leader has been placed: activate his command"));
    }
    if !is_returning(game, lid) {
        return Err(illegal("that leader is not waiting to be replaced"));
    }
    if !placements(game, side).contains(&(lid, hex)) {
        return Err(illegal(
            "he is placed on a unit he could command, from where he can activate a command",
        ));
    }
    Ok(())
}

/// Places returning leader `lid` in `hex` (a checked placement): his command
/// must be the one activated next.
pub fn place(game: &mut Alesia, lid: Lid, hex: Hex, events: &mut Vec<Event<AlesiaEvent>>) {
    if let Some(s) = game.field.leader_mut(lid) {
        s.dead = false;
        s.at = Some(hex);
    }
    game.turn.combat.leaders_in_camp.retain(|&l| l != lid);
    game.turn.combat.returned_leader = Some(lid);
    events.push(Event::new(
        "4.35",
        AlesiaEvent::Combat(CombatEvent::LeaderReturned { leader: lid, to: hex }),
    ));
}

/// Whether `command` may be activated now as far as 4.35 goes: after a
/// leader was placed, only a command of his; a legion only with its Legate,
/// and the Alesia Force in play only with Critognatus once Vercingetorix is
/// dead (one waiting to return is placed first).
///
/// # Errors
/// Why not, citing 4.35.
pub fn check_command(game: &Alesia, command: &Command) -> Result<(), CombatError> {
    let leader = command.leader(&game.field);
    if let Some(returned) = game.turn.combat.returned_leader {
        return if leader == Some(returned) {
            Ok(())
        } else {
            Err(illegal("the leader just placed must activate his command"))
        };
    }
    if matches!(command, Command::Legion(_) | Command::AlesiaForce)
        && leader.is_some_and(|l| is_returning(game, l))
    {
        return Err(illegal(
            "the Legate (or Critognatus) is placed on a unit of his command first",
        ));
    }
    Ok(())
}

/// The commands `side` may activate now: the command rules' list
/// ([`Alesia::legal_commands`]) less what 4.35 forbids.
#[must_use]
pub fn commands(game: &Alesia, side: Side) -> Vec<Command> {
    let mut all = Vec::new();
    game.legal_commands(side, &mut all);
    all.retain(|c| check_command(game, c).is_ok());
    all
}
