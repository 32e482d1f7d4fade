//! 4.1 Commands and 5.2 Turn Seizure: which commands a side may activate now.

use crate::game::AlesiaField;
use std::cell::RefCell;

use crate::leader::Rank;
use gboh_core::Side;
use gboh_core::unit::Status;
use hexx::Hex;

use super::Alesia;
use crate::command::Command;
use crate::command::range::{range_map, with_chain_of_command};
use crate::game::{Battlefield, CounterIdx, LegionIdx, Lid, Membership, Uid};
use gboh_simple::protocol::sequence_of_play;

/// The most Tribal Counters a chieftain's command is enumerated over; a
/// chieftain with more counters in range offers the subsets of the nearest.
const MAX_COUNTERS_ENUMERATED: usize = 10;

impl Alesia {
    /// Leader `lid`'s hex, if he is alive and on the map.
    #[must_use]
    pub fn leader_hex(&self, lid: Lid) -> Option<Hex> {
        self.field.leader(lid).filter(|l| !l.dead).and_then(|l| l.at)
    }

    /// The MP distance from leader `lid` to every hex within his Command Range
    /// (4.24), dense over the board; `None` if he has no range or is off the map.
    #[must_use]
    pub fn command_range_map(&self, lid: Lid) -> Option<Vec<u8>> {
        LEADER_STEPS.with(|cell| match cell.try_borrow_mut() {
            Ok(mut costs) => {
                costs.sync(&self.field);
                self.command_range_map_with(lid, &mut costs)
            }
            Err(_) => self.command_range_map_with(lid, &mut StepCosts::default()),
        })
    }

    /// [`Alesia::command_range_map`], with the leaders' step costs kept in
    /// `costs` (for `self`'s terrain).
    fn command_range_map_with(&self, lid: Lid, costs: &mut StepCosts) -> Option<Vec<u8>> {
        let leader = self.setup().leader(lid)?;
        let range = leader.command_range()?;
        let from = self.leader_hex(lid)?;
        let board = &self.setup().board;
        let table = costs.for_side(leader.side, board.len());
        let table = RefCell::new(table);
        Some(range_map(&self.field, leader.side, from, range, |a, b, dir| {
            let slot = board.index(a).map(|i| i * 6 + dir.index());
            let known = slot.and_then(|k| table.borrow().get(k).copied());
            match known {
                Some(StepCosts::UNKNOWN) | None => {
                    let cost = self.leader_step_cost(leader.side, a, b);
                    // (a cost too large for the table is asked again each time)
                    let stored = cost.map_or(Some(StepCosts::BLOCKED), |c| {
                        (c < StepCosts::BLOCKED).then_some(c)
                    });
                    if let Some(k) = slot
                        && let Some(v) = stored
                        && let Some(entry) = table.borrow_mut().get_mut(k)
                    {
                        *entry = v;
                    }
                    cost
                }
                Some(StepCosts::BLOCKED) => None,
                Some(c) => Some(c),
            }
        }))
    }

    /// The MP a leader of `side` pays to step from `a` into the adjacent `b`
    /// when tracing Command Range (4.24): the movement rules' terrain cost for
    /// a leader; `None` where he could not cross or enter.
    #[must_use]
    pub fn leader_step_cost(&self, side: Side, a: Hex, b: Hex) -> Option<u8> {
        crate::movement::leader::leader_step_cost(&self.field, side, a, b)
    }

    fn in_range(map: &[u8], field: &crate::game::Battlefield, hex: Hex) -> bool {
        field.setup().board.index(hex).and_then(|i| map.get(i)).is_some_and(|&d| d != u8::MAX)
    }

    /// The units `command` activates now, and which of them are outside their
    /// leader's range (4.13: cohorts and scorpiones only; they may move and fire
    /// but not move adjacent to an enemy).
    #[must_use]
    pub fn activated_units(&self, command: &Command) -> (Vec<Uid>, Vec<Uid>) {
        self.activated_units_with(command, &mut RangeMaps::default())
    }

    /// [`Alesia::activated_units`] with the leaders' range maps cached.
    fn activated_units_with(
        &self,
        command: &Command,
        maps: &mut RangeMaps,
    ) -> (Vec<Uid>, Vec<Uid>) {
        let members: Vec<Uid> = self.command_units(command).collect();
        let in_range_needed =
            !matches!(command, Command::Tribes(..) | Command::AlesiaForce | Command::Commanders(_));
        let leader = command.leader(&self.field).filter(|_| in_range_needed);
        let map = leader.and_then(|l| maps.get(self, l));
        let in_range: Vec<Uid> = match map {
            Some(m) => {
                with_chain_of_command(&self.field, &members, |h| Self::in_range(m, &self.field, h))
            }
            None => Vec::new(),
        };
        match command {
            // 4.11, 4.13: a legion activates whole; out-of-range units are limited.
            Command::Legion(_) => {
                let out = members.iter().copied().filter(|u| !in_range.contains(u)).collect();
                (members, out)
            }
            // 4.12: once a tribe is activated all its units may act, wherever they are.
            Command::Tribes(..) | Command::AlesiaForce => (members, Vec::new()),
            // 6.13: only the commanders move.
            Command::Commanders(_) => (Vec::new(), Vec::new()),
            // 4.11, 4.12: auxiliaries and cavalry must be in range to activate at all.
            Command::Auxiliaries(_) | Command::RomanCavalry(_) | Command::GallicCavalry(_) => {
                (in_range, Vec::new())
            }
        }
    }

    /// The leaders `side` could attempt Turn Seizure with now (5.21-5.24, 4.22,
    /// 4.23), in [`Lid`] order: while the engine's window is open to `side`
    /// ([`sequence_of_play::window`]: not in an Assault Period's first
    /// Activation Phase, 5.24; not twice in a row, 5.22; only before the
    /// opponent designates).
    #[must_use]
    pub fn seizure_candidates(&self, side: Side) -> Vec<Lid> {
        match sequence_of_play::window(self) {
            Some((open_to, leaders)) if open_to == side => leaders,
            _ => Vec::new(),
        }
    }

    /// 4.21-4.23, 5.21: the Overall and Area Commanders of `side` with
    /// Seizure attempts left this Assault Period and an Initiative, alive
    /// and on the map (Commius may seize from off it, 4.22), in [`Lid`]
    /// order, whether or not a window is open.
    pub(super) fn seizure_leaders_of(&self, side: Side) -> Vec<(Lid, u8)> {
        let setup = self.setup();
        (0..setup.leaders.len())
            .filter_map(|i| u8::try_from(i).ok().map(Lid))
            .filter_map(|lid| {
                let (l, s) = (setup.leader(lid)?, self.field.leader(lid)?);
                let may = l.is(Rank::OverallCommander) || l.is(Rank::AreaCommander);
                let left = l.seizure().is_some_and(|n| s.seizures_used < n);
                // Commius may seize from off the map (4.22); others must be on it.
                let present = s.at.is_some() || l.id.0 == "Commius";
                let ready = l.side == side && may && left && !s.dead && present;
                ready.then_some((lid, l.initiative()?))
            })
            .collect()
    }

    /// Every command `side` could activate now, in a deterministic order,
    /// honouring a successful Turn Seizure's limits (5.21, 5.23, 4.22, 4.23).
    pub fn legal_commands(&self, side: Side, out: &mut Vec<Command>) {
        self.commands_among(side, None, out);
    }

    /// Whether `side` could activate `command` now ([`Alesia::legal_commands`]
    /// holds it), tracing only the range maps it needs.
    #[must_use]
    pub fn is_legal_command(&self, side: Side, command: &Command) -> bool {
        let mut out = Vec::new();
        self.commands_among(side, Some(command), &mut out);
        !out.is_empty()
    }

    /// [`Alesia::legal_commands`], or only `only` if it is one of them: each
    /// test is per command, so leaving the others out changes nothing for it.
    fn commands_among(&self, side: Side, only: Option<&Command>, out: &mut Vec<Command>) {
        let setup = self.setup();
        let seized =
            self.turn.play.seizure.seized_by.and_then(|l| setup.leader(l).map(|ld| (l, ld)));
        let mut all = Vec::new();
        let mut maps = RangeMaps::default();
        match side {
            Side::Roman => {
                for l in 0..setup.legions.len() {
                    if let Ok(i) = u8::try_from(l) {
                        all.push(Command::Legion(LegionIdx(i)));
                    }
                }
                for (i, leader) in setup.leaders.iter().enumerate() {
                    let Ok(lid) = u8::try_from(i).map(Lid) else {
                        continue;
                    };
                    if leader.side != Side::Roman || self.leader_hex(lid).is_none() {
                        continue;
                    }
                    if leader.is(Rank::AreaCommander) {
                        all.push(Command::Auxiliaries(lid));
                    }
                    if leader.is(Rank::CavalryPrefect) {
                        all.push(Command::RomanCavalry(lid));
                    }
                }
            }
            Side::Adversary => {
                for (i, leader) in setup.leaders.iter().enumerate() {
                    let Ok(lid) = u8::try_from(i).map(Lid) else {
                        continue;
                    };
                    if leader.side != Side::Adversary || self.leader_hex(lid).is_none() {
                        continue;
                    }
                    let wanted =
                        only.is_none_or(|c| matches!(c, Command::Tribes(l, _) if *l == lid));
                    if leader.is(Rank::TribalChieftain) && leader.control().is_some() && wanted {
                        self.tribal_commands(lid, &mut maps, &mut all);
                    }
                    if leader.is(Rank::GallicCavalryLeader) {
                        all.push(Command::GallicCavalry(lid));
                    }
                }
                // 5.62-5.63 before it is in play; once in play it is a command
                // like any other ("it may do anything other Gallic units can do").
                if self.alesia_force_may_enter() || self.alesia_force_active() {
                    all.push(Command::AlesiaForce);
                }
            }
        }
        // 6.13: an Overall/Area Commander Movement Activation.
        if !self.movable_commanders(side).is_empty() {
            all.push(Command::Commanders(side));
        }
        if let Some(command) = only {
            all.retain(|c| c == command);
        }
        all.retain(|c| {
            let (units, _) = self.activated_units_with(c, &mut maps);
            // Units still inside a placed counter count: they emerge on
            // activation (5.48).
            !units.is_empty()
                || matches!(
                    c,
                    Command::AlesiaForce
                        | Command::Tribes(..)
                        | Command::GallicCavalry(_)
                        | Command::Commanders(_)
                )
        });
        // 5.25: a Seizure used to move the Overall Commander allows only that.
        if self.turn.seized_to_move.is_some() {
            all.retain(|c| matches!(c, Command::Commanders(_)));
        } else if let Some((lid, leader)) = seized {
            all.retain(|c| match c {
                // 5.21 clarification: Caesar activates any one legion or cavalry command.
                Command::Legion(_) | Command::RomanCavalry(_) => leader.is(Rank::OverallCommander),
                // 4.23: an Area Commander activates only the auxiliaries in his range.
                Command::Auxiliaries(a) => *a == lid,
                // 5.23: Vercingetorix must activate the Alesia Force.
                Command::AlesiaForce => is_alesia_oc(leader),
                // 5.23: Commius activates a command of the Relief Force; 4.22:
                // off the map, any on-map chieftain's; on the map, "leading
                // troops", only tribes within his own Command Range: his own
                // tribal command (whose counters `tribal_commands` keeps to his
                // range), not another chieftain's.
                Command::Tribes(chief, _) => {
                    !is_alesia_oc(leader) && (self.leader_hex(lid).is_none() || *chief == lid)
                }
                // 4.22: not the cavalry while he leads troops on the map.
                Command::GallicCavalry(_) => {
                    !is_alesia_oc(leader) && self.leader_hex(lid).is_none()
                }
                Command::Commanders(_) => false,
            });
        }
        out.extend(all);
    }

    /// 6.13: the Overall and Area Commanders of `side` who move only in their
    /// own movement activation (not Vercingetorix, who moves as a chief, 6.14),
    /// alive and on the map, in [`Lid`] order; each only while his Seizure
    /// rating has a "Move (by himself)" left this Assault Period (4.21), or
    /// once he has begun moving in this activation, or when a Seizure was
    /// spent to move him (5.25, already counted).
    #[must_use]
    pub fn movable_commanders(&self, side: Side) -> Vec<Lid> {
        let setup = self.setup();
        (0..setup.leaders.len())
            .filter_map(|i| u8::try_from(i).ok().map(Lid))
            .filter(|&lid| {
                setup.leader(lid).is_some_and(|l| {
                    l.side == side
                        && (l.is(Rank::AreaCommander)
                            || (l.is(Rank::OverallCommander) && l.troop_command().is_none()))
                }) && self.leader_hex(lid).is_some()
            })
            .filter(|&lid| self.turn.seized_to_move.is_none_or(|only| only == lid))
            .filter(|&lid| {
                self.turn.seized_to_move == Some(lid)
                    || self.field.leader(lid).is_some_and(|s| s.mp_spent > 0)
                    || self.may_move_by_himself(lid)
            })
            .collect()
    }

    /// 4.21: whether commander `lid` has a Seizure left this Assault Period
    /// to "Move (by himself)" with.
    fn may_move_by_himself(&self, lid: Lid) -> bool {
        let (Some(l), Some(s)) = (self.setup().leader(lid), self.field.leader(lid)) else {
            return false;
        };
        l.seizure().is_some_and(|n| s.seizures_used < n)
    }

    /// 4.12: the Tribal Counters on the map within chieftain `lid`'s range,
    /// every non-empty set of them within his Control.
    fn tribal_commands(&self, lid: Lid, maps: &mut RangeMaps, out: &mut Vec<Command>) {
        let setup = self.setup();
        let Some(leader) = setup.leader(lid) else {
            return;
        };
        let Some(map) = maps.get(self, lid) else {
            return;
        };
        let mut near: Vec<(u8, CounterIdx)> = setup
            .counters
            .iter()
            .enumerate()
            .filter(|(_, c)| !c.cavalry)
            .filter_map(|(i, _)| {
                let ci = CounterIdx(u8::try_from(i).ok()?);
                let s = self.field.counter(ci)?;
                let hex = s.at.filter(|_| !s.withdrawn)?;
                let d = *map.get(setup.board.index(hex)?)?;
                (d != u8::MAX).then_some((d, ci))
            })
            .collect();
        near.sort();
        near.truncate(MAX_COUNTERS_ENUMERATED);
        let n = near.len();
        for mask in 1u32..(1 << n) {
            let chosen: Vec<CounterIdx> = (0..n)
                .filter(|b| mask & (1 << b) != 0)
                .filter_map(|b| near.get(b).map(|x| x.1))
                .collect();
            let controls =
                chosen.iter().filter_map(|c| setup.counters.get(c.index()).map(|c| c.control));
            if leader.can_control(controls) {
                let mut sorted = chosen;
                sorted.sort();
                out.push(Command::Tribes(lid, sorted));
            }
        }
    }

    /// Whether the Alesia Force is in play with units left to act (on the map,
    /// or still to come on through the entry hexes).
    #[must_use]
    pub fn alesia_force_active(&self) -> bool {
        // 10.72: a withdrawn Alesia Force is off the map (in the oppidum) for
        // the remainder of the period; 10.74 may keep it out for good.
        !self.turn.combat.alesia_force_withdrawn
            && self.alesia_force_in_play()
            && self.setup().units.iter().zip(self.field.units()).any(|(info, u)| {
                info.membership == Membership::AlesiaForce
                    && matches!(u.cohesion.status, Status::Fresh | Status::Reduced)
            })
    }

    /// 5.62: the Alesia Force may try to enter once the units of at least one
    /// relief tribe are on the map, and only while it is not yet in play.
    #[must_use]
    pub fn alesia_force_may_enter(&self) -> bool {
        let setup = self.setup();
        let relief_on_map = setup.units.iter().enumerate().any(|(i, u)| {
            matches!(u.membership, Membership::Tribe { .. })
                && self
                    .field
                    .unit(Uid(u16::try_from(i).unwrap_or(u16::MAX)))
                    .is_some_and(|s| s.at.is_some())
        });
        let force_in_play = setup.units.iter().enumerate().any(|(i, u)| {
            u.membership == Membership::AlesiaForce
                && self
                    .field
                    .unit(Uid(u16::try_from(i).unwrap_or(u16::MAX)))
                    .is_some_and(|s| s.at.is_some() || s.cohesion.status == Status::Eliminated)
        });
        relief_on_map
            && !force_in_play
            && !self.turn.alesia_force_failed
            && !self.turn.combat.alesia_force_withdrawn // 10.72, 10.74
    }
}

/// Leaders' Command Range maps ([`Alesia::command_range_map`]), each traced
/// at most once for one state: listing the commands asks for a chieftain's
/// range once per set of his Tribal Counters.
#[derive(Default)]
struct RangeMaps {
    maps: Vec<Option<Option<Vec<u8>>>>,
}

impl RangeMaps {
    fn get(&mut self, game: &Alesia, lid: Lid) -> Option<&[u8]> {
        let i = usize::from(lid.0);
        if self.maps.len() <= i {
            self.maps.resize(i + 1, None);
        }
        let slot = self.maps.get_mut(i)?;
        slot.get_or_insert_with(|| game.command_range_map(lid)).as_deref()
    }
}

thread_local! {
    /// The leaders' step costs of this thread's last range maps: a bot asks
    /// for the commands after nearly every action, and the terrain seldom
    /// changes.
    static LEADER_STEPS: RefCell<StepCosts> = RefCell::new(StepCosts::default());
}

/// A leader's step costs (4.24: the movement rules' terrain costs, which
/// ignore every piece, [`crate::movement::leader::leader_step_cost`]) by
/// board index and direction, per side, filled as range maps ask for them,
/// for one terrain: the leaders of a side trace overlapping ranges, position
/// after position.
#[derive(Default)]
struct StepCosts {
    /// A position with the terrain the costs are for.
    terrain: Option<Battlefield>,
    by_side: [Vec<u8>; 2],
}

impl StepCosts {
    /// Not asked yet.
    const UNKNOWN: u8 = u8::MAX;
    /// The leader could not cross or enter.
    const BLOCKED: u8 = u8::MAX - 1;

    /// Forgets every cost unless `field` has the terrain they were for.
    fn sync(&mut self, field: &Battlefield) {
        if !self.terrain.as_ref().is_some_and(|t| t.same_terrain(field)) {
            self.by_side = Default::default();
            self.terrain = Some(field.clone());
        }
    }

    fn for_side(&mut self, side: Side, hexes: usize) -> &mut Vec<u8> {
        let [roman, adversary] = &mut self.by_side;
        let table = match side {
            Side::Roman => roman,
            Side::Adversary => adversary,
        };
        if table.len() != hexes * 6 {
            *table = vec![Self::UNKNOWN; hexes * 6];
        }
        table
    }
}

/// 4.21 exception, 4.35: Vercingetorix (or Critognatus after him) commands the
/// Alesia Force; a seizure by him must activate it (5.23).
fn is_alesia_oc(leader: &crate::leader::Leader) -> bool {
    matches!(leader.id.0.as_str(), "Vercingetorix" | "Critognatus")
}
