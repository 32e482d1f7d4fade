//! Positions the benchmarks share: real West-map states with one command
//! activated, built through the public API.

#![allow(dead_code, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::sync::Arc;

use gboh::alesia::command::Command;
use gboh::alesia::game::{Battlefield, Setup, Uid};
use gboh::alesia::protocol::{Alesia, AlesiaActivation};
use gboh::core::facing::Facing;
use hexx::Hex;

/// A West-map position being built.
pub struct Pos {
    pub field: Battlefield,
}

impl Pos {
    pub fn west() -> Pos {
        Pos { field: Battlefield::new(Setup::shared().unwrap()) }
    }

    pub fn setup(&self) -> &Arc<Setup> {
        self.field.setup()
    }

    pub fn hex(&self, label: &str) -> Hex {
        self.field.setup().board.hex_of(label).unwrap()
    }

    pub fn unit(&mut self, id: &str, label: &str, facing: Facing) -> Uid {
        let u = self.field.setup().uid(id).unwrap();
        let h = self.hex(label);
        self.field.move_unit(u, h, facing).unwrap();
        u
    }

    /// The state with `command` activated for exactly `units`.
    pub fn activated(self, command: Command, units: Vec<Uid>) -> Alesia {
        let mut game = Alesia::new(self.field);
        gboh_alesia::zoc::mark_enemies_in_zoc(&mut game.field, &units);
        game.turn.play.to_act = command.side();
        game.turn.play.current = Some(AlesiaActivation::start(command, units, Vec::new()));
        game
    }
}

/// The Tribes command of unit `id`'s Tribal Counter under chieftain `leader`.
pub fn tribe_of(setup: &Setup, id: &str, leader: &str) -> Command {
    let u = setup.uid(id).unwrap();
    let c = setup.unit(u).unwrap().counter.unwrap();
    Command::Tribes(setup.lid(leader).unwrap(), vec![c])
}
