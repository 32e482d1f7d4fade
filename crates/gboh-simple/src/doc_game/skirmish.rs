//! Skirmish, a whole game on the engine (issue 13): the tiny game's board,
//! counters and charts played through the protocol with four commands, the
//! chief's seizures, periods of eight Activation Phases. One rule changed:
//! Gauls may not rally (Alesia 10.5); one kept: routed units stay put until
//! the Recovery Phase (the family's 10.6).

use crate::doc_game::Tiny;
use crate::narrate;
use crate::rules::{
    advance::AdvanceRules, before_shock::BeforeShockRules, designation::DesignationRules,
    effects::Effects, fire::FireRules, leaders::LeaderRules, reaction_windows::ReactionRules,
    tasks::TaskRules,
};
use crate::{BattleEvent, BattleRules, Field, Lid, Outcome, Roster, Turn, TurnEvent, Uid};
use gboh_core::Side;
use gboh_core::facing::Facing;
use gboh_core::game::Event;
use gboh_core::unit::Status;
use hexx::Hex;
use serde::{Deserialize, Serialize};

/// The chief, the one leader: Initiative 4, two seizures a period.
pub const CHIEF: Lid = Lid(0);

/// What one Activation Phase activates.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Order {
    Cohorts,
    Missiles,
    Chief,
    Horse,
}

/// Each command's side, units and name, in `Order`'s order.
const ORDERS: [(Order, Side, &[u16], &str); 4] = [
    (Order::Cohorts, Side::Roman, &[0, 5], "the cohorts"),
    (Order::Missiles, Side::Roman, &[2, 3], "the archers and the scorpio"),
    (Order::Chief, Side::Adversary, &[1, 4], "the Chief's warbands"),
    (Order::Horse, Side::Adversary, &[6], "the horse"),
];

/// What happened: the engine's rules' events and the protocol's.
pub type Happened = BattleEvent<Order>;

/// A game of Skirmish: the pieces and the Sequence of Play.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Skirmish {
    pub field: Field<Tiny>,
    pub turn: Turn<Order>,
}

impl Skirmish {
    /// Romans along rows 1-2 facing north, Gauls along row 4 facing south,
    /// the chief with the first warband; the Gauls act first. (Never
    /// panics: the hexes are fixed and on the tiny board.)
    #[must_use]
    #[allow(clippy::expect_used, clippy::new_without_default)]
    pub fn new() -> Skirmish {
        let mut field = Field::new(Tiny::roster());
        let at = |label: &str| Tiny::roster().board.hex_of(label).expect("a tiny hex");
        for (u, hex) in [(0, "T0202"), (5, "T0402"), (2, "T0302"), (3, "T0301"), (1, "T0204")]
            .into_iter()
            .chain([(4, "T0404"), (6, "T0304")])
        {
            let facing = if hex.ends_with('4') { Facing::Six } else { Facing::Twelve };
            field.move_unit(Uid(u), at(hex), facing).expect("an empty tiny hex");
        }
        field.move_leader(CHIEF, Some(at("T0204"))).expect("a tiny hex");
        Skirmish { field, turn: Turn::new(Side::Adversary) }
    }

    /// Units of `side` routed or eliminated (every unit starts on the map).
    pub fn losses(&self, side: Side) -> usize {
        let ours = |u: Uid| self.field.setup().unit_side(u) == Some(side);
        (0..7).map(Uid).filter(|&u| ours(u) && !self.fit(u)).count()
    }

    /// An event as a line of narration.
    pub fn line(&self, event: &Event<Happened>) -> String {
        narrate::battle_line(&self.field, event, |o| {
            ORDERS.get(*o as usize).map_or("", |x| x.3).to_owned()
        })
    }

    fn fit(&self, uid: Uid) -> bool {
        let status = self.field.unit(uid).filter(|s| s.at.is_some()).map(|s| s.cohesion.status);
        matches!(status, Some(Status::Fresh | Status::Reduced))
    }
}

impl Effects for Skirmish {
    type Game = Tiny;
    type Event = Happened;
    crate::lend_field_and_turn!(field, turn, BattleEvent::Rule);
    fn routed(&mut self, _: Uid, _: &mut Vec<Event<Happened>>) {}
}

impl AdvanceRules for Skirmish {}
impl TaskRules for Skirmish {}
impl FireRules for Skirmish {}
impl BeforeShockRules for Skirmish {}
impl ReactionRules for Skirmish {}
impl DesignationRules for Skirmish {}
impl LeaderRules for Skirmish {
    fn could_command(field: &Field<Tiny>, lid: Lid, uid: Uid) -> bool {
        field.setup().leader_side(lid) == field.setup().unit_side(uid)
    }
    fn lone_leader_choices(&mut self) -> &mut Vec<(Lid, Vec<Hex>)> {
        &mut self.turn.lone_leaders
    }
}

impl BattleRules for Skirmish {
    type Command = Order;
    type Own = ();
    type Decision = ();
    type Choice = ();
    type Record = ();
    fn turn(&self) -> &Turn<Order> {
        &self.turn
    }
    fn turn_mut(&mut self) -> &mut Turn<Order> {
        &mut self.turn
    }
    fn turn_event(what: TurnEvent<Order>) -> Happened {
        BattleEvent::Turn(what)
    }
    fn commands(&self, side: Side, out: &mut Vec<Order>) {
        let chief = self.field.leader(CHIEF).is_some_and(|l| !l.dead && l.at.is_some());
        for &(order, ours, units, _) in &ORDERS {
            let led = order != Order::Chief || chief;
            if ours == side && led && units.iter().any(|&u| self.fit(Uid(u))) {
                out.push(order);
            }
        }
    }
    fn command_side(&self, command: &Order) -> Side {
        ORDERS.get(*command as usize).map_or(Side::Roman, |o| o.1)
    }
    fn command_units(&self, command: &Order) -> Vec<Uid> {
        ORDERS
            .get(*command as usize)
            .map_or(&[][..], |o| o.2)
            .iter()
            .map(|&u| Uid(u))
            .filter(|&u| self.fit(u))
            .collect()
    }
    fn seizure_leaders(&self, side: Side) -> Vec<(Lid, u8)> {
        let chief = self.field.leader(CHIEF);
        let ready = chief.is_some_and(|l| !l.dead && l.at.is_some() && l.seizures_used < 2);
        if side == Side::Adversary && ready { vec![(CHIEF, 4)] } else { Vec::new() }
    }
    fn leader_moves(&self) -> Vec<(Lid, u8)> {
        let chief = self.turn.current.as_ref().is_some_and(|a| a.command == Order::Chief);
        if chief { vec![(CHIEF, 9)] } else { Vec::new() }
    }
    fn rally_limit(&self, uid: Uid) -> Option<u8> {
        (self.field.setup().unit_side(uid) == Some(Side::Roman)).then_some(1)
    }
    fn period_over(&self) -> bool {
        self.turn.passes >= 2 || self.turn.activations >= 8
    }
    fn period_ended(&mut self, _: &mut Vec<Event<Happened>>) -> Option<Outcome> {
        let (roman, gallic) = (self.losses(Side::Roman), self.losses(Side::Adversary));
        let winner =
            (roman != gallic).then_some(if roman < gallic { Side::Roman } else { Side::Adversary });
        let reason = format!("after two periods, Roman losses {roman}, Gallic losses {gallic}");
        (self.turn.period >= 2).then_some(Outcome { winner, reason })
    }
    fn first_side(&self) -> Side {
        Side::Adversary
    }
}
