//! Shared helpers for the combat tests: positions on the West map or on a
//! small test board, an activation, scripted dice, and event lookups.

#![allow(dead_code, clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use gboh_alesia::map::{Board, Region, Ring, SiegeHex, SiegeWorks, Works};
use std::sync::Arc;

use gboh_alesia::combat::SimpleEvent;
use gboh_alesia::combat::{CombatAction, CombatEvent, CombatPending, CombatPreview};
use gboh_alesia::command::Command;
use gboh_alesia::game::{Battlefield, Membership, Setup, Uid};
use gboh_alesia::protocol::{Action, Alesia, AlesiaActivation, AlesiaEvent, Pending, Preview};
use gboh_core::board::{HexInfo, LabelScheme, ShiftedColumns, Terrain};
use gboh_core::dice::Dice;
use gboh_core::facing::Facing;
use gboh_core::game::{Event, Game};
use hexx::Hex;

pub fn setup() -> Arc<Setup> {
    Setup::shared().expect("setup")
}

/// A setup on `board` with the default tables and counters.
pub fn setup_on(board: Board) -> Arc<Setup> {
    let s = setup();
    Arc::new(Setup::new(board, s.tables.clone(), s.mix.clone()).expect("setup"))
}

/// A setup on `board` whose Shock Table is `rows` (RON rows with rolls 0-10),
/// to force a result.
pub fn setup_with_shock(board: Board, rows: &str) -> Arc<Setup> {
    use gboh_alesia::tables::AlesiaTable;
    let s = setup();
    let text = format!(
        "(name: \"Shock Table\", rule: \"9.42\", provenance: Reconstructed, die: D10, printed_range: (0, 10), rows: [{rows}])"
    );
    let tables =
        s.tables.clone().with(AlesiaTable::Shock, "test-shock.ron", &text).expect("shock table");
    Arc::new(Setup::new(board, tables, s.mix.clone()).expect("setup"))
}

/// A clear, level test board labelled T0101.., `cols` columns of `rows` rows.
pub fn test_board(cols: u8, rows: u8) -> Board {
    let scheme =
        LabelScheme::new(Some('T'), (1, cols), (1, rows), (1, rows - 1), ShiftedColumns::Odd)
            .expect("scheme");
    Board::filled(
        "combat test board",
        scheme,
        HexInfo { terrain: Terrain::Clear, elevation: 0, works: SiegeHex::default() },
    )
}

/// The label of the neighbour of `label` toward `d` on `board`.
pub fn nb(board: &Board, label: &str, d: gboh_core::facing::Direction) -> String {
    let h = board.neighbor(board.hex_of(label).unwrap(), d).unwrap();
    board.label(h).unwrap().to_string()
}

/// Sets what is in one hex of a board.
pub fn set(
    board: &mut Board,
    label: &str,
    terrain: Terrain,
    elevation: u8,
    works: Works,
    region: Region,
) {
    let h = board.hex_of(label).unwrap();
    assert!(board.set_info(h, HexInfo { terrain, elevation, works: SiegeHex::new(region, works) }));
}

/// A position being built.
pub struct Pos {
    pub field: Battlefield,
}

impl Pos {
    pub fn west() -> Pos {
        Pos { field: Battlefield::new(setup()) }
    }

    pub fn on(board: Board) -> Pos {
        Pos { field: Battlefield::new(setup_on(board)) }
    }

    pub fn on_setup(setup: Arc<Setup>) -> Pos {
        Pos { field: Battlefield::new(setup) }
    }

    pub fn hex(&self, label: &str) -> Hex {
        self.field.setup().board.hex_of(label).unwrap_or_else(|| panic!("no hex {label}"))
    }

    /// The label of the neighbour of `label` toward `d`.
    pub fn nb(&self, label: &str, d: gboh_core::facing::Direction) -> String {
        let b = &self.field.setup().board;
        let h = b
            .neighbor(self.hex(label), d)
            .unwrap_or_else(|| panic!("{label} has no neighbour {d:?}"));
        b.label(h).unwrap().to_string()
    }

    pub fn uid(&self, id: &str) -> Uid {
        self.field.setup().uid(id).unwrap_or_else(|| panic!("no unit {id}"))
    }

    /// Places unit `id` in `label` facing `facing` (at the bottom of a stack).
    pub fn unit(&mut self, id: &str, label: &str, facing: Facing) -> Uid {
        let u = self.uid(id);
        let h = self.hex(label);
        self.field.move_unit(u, h, facing).unwrap();
        u
    }

    /// Places leader `id` in `label`.
    pub fn leader(&mut self, id: &str, label: &str) -> gboh_alesia::game::Lid {
        let l = self.field.setup().lid(id).unwrap();
        let h = self.hex(label);
        self.field.move_leader(l, Some(h)).unwrap();
        l
    }

    /// A game with `command` active and `faces` as its dice.
    pub fn activate(self, command: Command, faces: &[u8]) -> Game<Alesia> {
        Game::new(self.activated(command), Dice::scripted(faces.iter().copied()))
    }

    /// The game state with `command` active.
    pub fn activated(self, command: Command) -> Alesia {
        let mut game = Alesia::new(self.field);
        let units: Vec<Uid> = game.command_units(&command).collect();
        // 9.12: as at the start of an Activation Phase.
        gboh_alesia::zoc::mark_enemies_in_zoc(&mut game.field, &units);
        game.turn.play.to_act = command.side();
        game.turn.play.current = Some(AlesiaActivation::start(command, units, Vec::new()));
        game
    }

    /// Sets a unit's hits and flags (as movement would have left them).
    pub fn with(&mut self, u: Uid, hits: u8, flags: u16) {
        let s = self.field.unit_mut(u).unwrap();
        s.cohesion.hits = hits;
        s.flags.0 |= flags;
    }
}

/// The legion command of unit `id`.
pub fn legion_of(id: &str) -> Command {
    let s = setup();
    let u = s.uid(id).unwrap();
    match s.unit(u).unwrap().membership {
        Membership::Legion(l) => Command::Legion(l),
        m => panic!("{id} is not a legionary: {m:?}"),
    }
}

/// The tribal command of unit `id`, led by `leader`.
pub fn tribe_of(id: &str, leader: &str) -> Command {
    let s = setup();
    let u = s.uid(id).unwrap();
    let c = s.unit(u).unwrap().counter.unwrap();
    Command::Tribes(s.lid(leader).unwrap(), vec![c])
}

/// A game over `state` with `faces` as its dice.
pub fn game(state: Alesia, faces: &[u8]) -> Game<Alesia> {
    Game::new(state, Dice::scripted(faces.iter().copied()))
}

pub fn combat(a: CombatAction) -> Action {
    Action::Combat(a)
}

/// The combat decision pending, if any.
pub fn pending(game: &Game<Alesia>) -> Option<CombatPending> {
    match game.pending() {
        Pending::Combat(p) => Some(p),
        _ => None,
    }
}

/// The combat preview of an action.
pub fn preview(game: &Game<Alesia>, a: CombatAction) -> CombatPreview {
    match game.check(&Action::Combat(a)) {
        Ok(Preview::Combat(p)) => p,
        other => panic!("no combat preview: {other:?}"),
    }
}

/// The combat events, with their rules.
pub fn combat_events(events: &[Event<AlesiaEvent>]) -> Vec<(&'static str, CombatEvent)> {
    events
        .iter()
        .filter_map(|e| match &e.what {
            AlesiaEvent::Combat(c) => Some((e.rule, c.clone())),
            _ => None,
        })
        .collect()
}

/// The hits each unit took, in event order.
pub fn hits_taken(events: &[Event<AlesiaEvent>]) -> Vec<(Uid, u8)> {
    combat_events(events)
        .into_iter()
        .filter_map(|(_, e)| match e {
            CombatEvent::Family(SimpleEvent::Hits { unit, hits, .. }) => Some((unit, hits)),
            _ => None,
        })
        .collect()
}

/// A unit's hits now.
pub fn hits_of(game: &Game<Alesia>, u: Uid) -> u8 {
    game.state().field.unit(u).unwrap().cohesion.hits
}

/// Whether `a` is legal now.
pub fn legal(game: &Game<Alesia>, a: &CombatAction) -> bool {
    game.legal_actions().contains(&Action::Combat(a.clone()))
}

/// A circumvallation rampart hex with an inner Garden of Death next to it
/// (the first such pair on the West map, in board order): their labels, the
/// facing from the Garden toward the rampart, and from the rampart toward the
/// Garden.
pub fn inner_garden_before_circumvallation(
    board: &gboh_alesia::map::Board,
) -> (String, String, Facing, Facing) {
    use gboh_core::facing::Direction;
    for r in board.hexes() {
        if board.siege_works(r) != Some(Works::Rampart { ring: Ring::Circumvallation, gate: false })
        {
            continue;
        }
        for d in Direction::ALL {
            let Some(g) = board.neighbor(r, d) else { continue };
            if board.siege_works(g) == Some(Works::GardenOfDeath { ring: Ring::Circumvallation }) {
                return (
                    board.label(r).unwrap().to_string(),
                    board.label(g).unwrap().to_string(),
                    Facing::toward(d.opposite())[0],
                    Facing::toward(d)[0],
                );
            }
        }
    }
    panic!("no inner Garden of Death before the circumvallation");
}

/// The ids of the first `n` units of the Alesia Force, in unit order.
pub fn alesia_force_ids(n: usize) -> Vec<String> {
    let s = setup();
    (0..s.units.len())
        .map(|i| Uid(u16::try_from(i).unwrap()))
        .filter(|&u| s.unit(u).unwrap().membership == Membership::AlesiaForce)
        .take(n)
        .map(|u| s.unit(u).unwrap().id.clone())
        .collect()
}
