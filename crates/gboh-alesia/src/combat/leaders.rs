//! 4.3 Leaders and Combat, as decisions of the leader's side: 4.32 a leader
//! with units threatened by Shock may retreat one hex; 10.26 a leader with a
//! retreating unit goes with it or stays; 10.46 a leader with a routing unit
//! routs with it or joins the nearest unit he could command; 4.33 a leader
//! left alone whom an advance, pursuit or retreat brings an enemy unit next
//! to (or into) may retreat up to three hexes.
//!
//! The rules are the engine's ([`gboh_simple::rules::leaders`]); Alesia
//! states who could command whom ([`could_command`]), keeps the lone
//! leaders' choices in its turn record, and sends a leader who routs off the
//! map with his unit to the Gallic Camp (10.46), whence he returns as a
//! killed leader does (4.35).

use crate::leader::{CommandScope, Rank};
use gboh_simple::rules::leaders::LeaderRules;
use hexx::Hex;

use crate::command::Command;
use crate::game::{Battlefield, Lid, Membership, Uid};
use crate::protocol::Alesia;

pub use gboh_simple::rules::leaders::{
    decision, nearest_commandable, options, place, queue_threatened, retreat_tasks, rout_tasks,
    settle, stay, threaten_lone_leaders,
};

impl LeaderRules for Alesia {
    fn could_command(field: &Battlefield, lid: Lid, uid: Uid) -> bool {
        could_command(field, lid, uid)
    }

    /// 4.33: the protocol's [`crate::protocol::Pending::LeaderRetreat`].
    fn lone_leader_choices(&mut self) -> &mut Vec<(Lid, Vec<Hex>)> {
        &mut self.turn.play.lone_leaders
    }

    /// 10.46: to the Gallic Camp.
    fn leader_left_map(&mut self, lid: Lid) {
        if !self.turn.combat.leaders_in_camp.contains(&lid) {
            self.turn.combat.leaders_in_camp.push(lid);
        }
    }
}

/// 10.46: whether leader `lid` could command unit `uid`: a Legate his
/// legion; an Area Commander the auxiliaries and Palintonos; a Cavalry
/// Prefect the Roman cavalry; Caesar (the army) the legions and the cavalry
/// (5.21); a Chieftain the tribes within his Control (4.12, 4.24); a Gallic
/// Cavalry Leader the Gallic cavalry and LI; Vercingetorix (or Critognatus)
/// the Alesia Force.
#[must_use]
pub fn could_command(field: &Battlefield, lid: Lid, uid: Uid) -> bool {
    let setup = field.setup();
    let (Some(leader), Some(info)) = (setup.leader(lid), setup.unit(uid)) else {
        return false;
    };
    if leader.side != info.side {
        return false;
    }
    leader.roles.iter().any(|role| match (&role.scope, info.membership) {
        (CommandScope::Army, Membership::Legion(_)) => true,
        (CommandScope::Army, Membership::Roman) => info.unit_type().is_cavalry(),
        (CommandScope::Legion(id), Membership::Legion(l)) => {
            setup.mix.legions().get(l.index()).is_some_and(|x| &x.id == id)
        }
        (CommandScope::Auxiliaries, _) => Command::Auxiliaries(lid).covers(field, uid),
        (CommandScope::Cavalry, _) => Command::RomanCavalry(lid).covers(field, uid),
        (CommandScope::CavalryAndLightInfantry, _) => {
            Command::GallicCavalry(lid).covers(field, uid)
        }
        (CommandScope::Force(id), Membership::AlesiaForce) => *id == setup.mix.alesia_force().id,
        (CommandScope::Tribes, Membership::Tribe { counter, .. }) => {
            role.rank == Rank::TribalChieftain
                && setup
                    .counters
                    .get(counter.index())
                    .is_some_and(|c| !c.cavalry && leader.can_control([c.control]))
        }
        _ => false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Setup;

    #[test]
    fn rule_10_46_who_could_command_whom() {
        let setup = Setup::shared().expect("setup");
        let field = Battlefield::new(setup.clone());
        let lid = |id: &str| setup.lid(id).expect(id);
        let uid = |id: &str| setup.uid(id).expect(id);
        let legate = Command::Legion(match setup.unit(uid("X-1")).expect("X-1").membership {
            Membership::Legion(l) => l,
            _ => unreachable!(),
        })
        .leader(&field)
        .expect("a legate");
        assert!(could_command(&field, legate, uid("X-1")));
        assert!(could_command(&field, legate, uid("X-Scorpio")));
        assert!(!could_command(&field, legate, uid("Archers-1")), "an auxiliary");
        assert!(could_command(&field, lid("Labienus"), uid("Archers-1")));
        assert!(could_command(&field, lid("Caesar"), uid("X-1")));
        assert!(!could_command(&field, lid("Caesar"), uid("Archers-1")));
        assert!(could_command(&field, lid("Viridomarus"), uid("Aedui-1")));
        assert!(!could_command(&field, lid("Viridomarus"), uid("GallicCavalry-1")));
        assert!(could_command(&field, lid("CavalryLeader-1"), uid("GallicCavalry-1")));
        assert!(could_command(&field, lid("Vercingetorix"), uid("Alesia-1")));
        assert!(!could_command(&field, lid("Vercingetorix"), uid("Aedui-1")));
        assert!(!could_command(&field, lid("Viridomarus"), uid("X-1")), "an enemy");
    }
}
