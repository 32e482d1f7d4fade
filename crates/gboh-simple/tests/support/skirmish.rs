//! Skirmish: a whole game on the engine, in well under 200 lines (issue 13:
//! a new game is cheap). It plays the tiny game's board and counters
//! (`doc_game::Tiny`: its charts, missile table and Shock Table) through the
//! engine's protocol, with four commands, the Gallic chief's Turn Seizure,
//! periods of eight Activation Phases and a result after two periods.
//!
//! One rule changed: Gauls may not rally (as in Alesia 10.5); the rest
//! rally one hit, the family's default. One kept: routed units stay where
//! they are until the Recovery Phase rolls for them (the family's 10.6).

use gboh_core::Side;
use gboh_core::facing::Facing;
use gboh_core::game::Event;
use gboh_core::unit::Status;
use gboh_simple::doc_game::Tiny;
use gboh_simple::narrate;
use gboh_simple::rules::advance::AdvanceRules;
use gboh_simple::rules::before_shock::BeforeShockRules;
use gboh_simple::rules::designation::DesignationRules;
use gboh_simple::rules::effects::Effects;
use gboh_simple::rules::fire::FireRules;
use gboh_simple::rules::leaders::LeaderRules;
use gboh_simple::rules::reaction_windows::ReactionRules;
use gboh_simple::rules::tasks::TaskRules;
use gboh_simple::sequence::ActivationCombat;
use gboh_simple::{BattleRules, Field, Lid, Outcome, Roster, SimpleEvent, Turn, TurnEvent, Uid};
use hexx::Hex;
use serde::{Deserialize, Serialize};

/// The chief, the one leader.
pub const CHIEF: Lid = Lid(0);

/// What one Activation Phase activates: the two Roman cohorts, the Roman
/// archers and scorpio, the Gallic warbands (while their chief lives), the
/// Gallic horse.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Order {
    Cohorts,
    Missiles,
    Chief,
    Horse,
}

impl Order {
    fn units(self) -> &'static [u16] {
        match self {
            Order::Cohorts => &[0, 5],
            Order::Missiles => &[2, 3],
            Order::Chief => &[1, 4],
            Order::Horse => &[6],
        }
    }

    fn name(self) -> &'static str {
        ["the cohorts", "the archers and the scorpio", "the Chief's warbands", "the horse"]
            [self as usize]
    }
}

/// What happened: the engine's rules' events and the protocol's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Happened {
    Rule(SimpleEvent),
    Turn(TurnEvent<Order>),
}

/// A game of Skirmish: the pieces and the Sequence of Play.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Skirmish {
    pub field: Field<Tiny>,
    pub turn: Turn<Order>,
}

impl Skirmish {
    /// The opening position: Romans along row 2 facing north, Gauls along
    /// row 4 facing south, the chief with the first warband.
    pub fn new() -> Skirmish {
        let mut field = Field::new(Tiny::roster());
        let board = &Tiny::roster().board;
        let at = |label: &str| board.hex_of(label).expect("a tiny hex");
        for (u, hex, facing) in [
            (0, "T0202", Facing::Twelve),
            (5, "T0402", Facing::Twelve),
            (2, "T0302", Facing::Twelve),
            (3, "T0301", Facing::Twelve),
            (1, "T0204", Facing::Six),
            (4, "T0404", Facing::Six),
            (6, "T0304", Facing::Six),
        ] {
            field.move_unit(Uid(u), at(hex), facing).expect("an empty tiny hex");
        }
        field.move_leader(CHIEF, Some(at("T0204"))).expect("a tiny hex");
        Skirmish { field, turn: Turn::new(Side::Adversary) }
    }

    /// Units of `side` eliminated or routed.
    pub fn losses(&self, side: Side) -> usize {
        let setup = self.field.setup();
        (0..setup.unit_count())
            .map(|i| Uid(i as u16))
            .filter(|&u| setup.unit_side(u) == Some(side))
            .filter(|&u| self.field.unit(u).is_some_and(|s| lost(s.cohesion.status)))
            .count()
    }

    /// An event as a line of narration.
    pub fn line(&self, event: &Event<Happened>) -> String {
        let sentence = match &event.what {
            Happened::Rule(what) => narrate::sentence(&self.field, what),
            Happened::Turn(what) => {
                narrate::turn_sentence(&self.field, what, |o| o.name().to_owned())
            }
        };
        narrate::line(event, sentence)
    }

    fn fit(&self, uid: Uid) -> bool {
        self.field.unit(uid).is_some_and(|s| s.at.is_some() && !lost(s.cohesion.status))
    }
}

fn lost(status: Status) -> bool {
    matches!(status, Status::Routed | Status::Eliminated)
}

impl Effects for Skirmish {
    type Game = Tiny;
    type Event = Happened;
    fn field(&self) -> &Field<Tiny> {
        &self.field
    }
    fn field_mut(&mut self) -> &mut Field<Tiny> {
        &mut self.field
    }
    fn combat(&self) -> Option<&ActivationCombat> {
        self.turn.combat()
    }
    fn combat_mut(&mut self) -> Option<&mut ActivationCombat> {
        self.turn.combat_mut()
    }
    fn event(what: SimpleEvent) -> Happened {
        Happened::Rule(what)
    }
    fn routed(&mut self, _: Uid, _: &mut Vec<Event<Happened>>) {}
}

impl AdvanceRules for Skirmish {}
impl TaskRules for Skirmish {}
impl FireRules for Skirmish {}
impl BeforeShockRules for Skirmish {}
impl ReactionRules for Skirmish {
    fn active_side(&self) -> Option<Side> {
        self.turn.active_side()
    }
}
impl DesignationRules for Skirmish {
    fn is_active(&self, uid: Uid) -> bool {
        self.turn.is_active(uid)
    }
}
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
    fn turn(&self) -> &Turn<Order> {
        &self.turn
    }
    fn turn_mut(&mut self) -> &mut Turn<Order> {
        &mut self.turn
    }
    fn turn_event(what: TurnEvent<Order>) -> Happened {
        Happened::Turn(what)
    }
    fn commands(&self, side: Side, out: &mut Vec<Order>) {
        let chief_alive = self.field.leader(CHIEF).is_some_and(|l| !l.dead && l.at.is_some());
        for order in [Order::Cohorts, Order::Missiles, Order::Chief, Order::Horse] {
            let ours = self.command_side(&order) == side;
            let led = order != Order::Chief || chief_alive;
            if ours && led && order.units().iter().any(|&u| self.fit(Uid(u))) {
                out.push(order);
            }
        }
    }
    fn command_side(&self, command: &Order) -> Side {
        match command {
            Order::Cohorts | Order::Missiles => Side::Roman,
            Order::Chief | Order::Horse => Side::Adversary,
        }
    }
    fn command_units(&self, command: &Order) -> Vec<Uid> {
        command.units().iter().map(|&u| Uid(u)).filter(|&u| self.fit(u)).collect()
    }
    fn seizure_leaders(&self, side: Side) -> Vec<(Lid, u8)> {
        let chief = self.field.leader(CHIEF);
        let ready = chief.is_some_and(|l| !l.dead && l.at.is_some() && l.seizures_used < 2);
        if side == Side::Adversary && ready { vec![(CHIEF, 4)] } else { Vec::new() }
    }
    fn rally_limit(&self, uid: Uid) -> Option<u8> {
        (self.field.setup().unit_side(uid) == Some(Side::Roman)).then_some(1)
    }
    fn period_over(&self) -> bool {
        self.turn.passes >= 2 || self.turn.activations >= 8
    }
    fn period_ended(&mut self, _: &mut Vec<Event<Happened>>) -> Option<Outcome> {
        if self.turn.period < 2 {
            return None;
        }
        let (roman, gallic) = (self.losses(Side::Roman), self.losses(Side::Adversary));
        let winner = match roman.cmp(&gallic) {
            std::cmp::Ordering::Less => Some(Side::Roman),
            std::cmp::Ordering::Greater => Some(Side::Adversary),
            std::cmp::Ordering::Equal => None,
        };
        let reason = format!("after two periods, Roman losses {roman}, Gallic losses {gallic}");
        Some(Outcome { winner, reason })
    }
    fn first_side(&self) -> Side {
        Side::Adversary
    }
}
