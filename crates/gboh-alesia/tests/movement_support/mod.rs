//! Shared helpers for the movement tests: positions on the real West map
//! (or a small test board), an activation, and the movement calls.

#![allow(dead_code, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use gboh_alesia::game::AlesiaField;
use gboh_alesia::map::{Board, SiegeHex};
use std::sync::Arc;

use gboh_alesia::command::Command;
use gboh_alesia::game::{Battlefield, CounterIdx, Lid, Setup, Uid, UnitFlags};
use gboh_alesia::movement::{self, MoveAction, MoveError, MoveEvent, MovePreview, MoveRules};
use gboh_alesia::protocol::{Alesia, AlesiaActivation, AlesiaEvent};
use gboh_core::dice::Dice;
use gboh_core::facing::Facing;
use gboh_core::game::Event;
use hexx::Hex;

/// The default West-map setup.
pub fn setup() -> Arc<Setup> {
    Setup::shared().expect("the shipped data loads")
}

/// A setup over another board (same tables and counters).
pub fn setup_on(board: Board) -> Arc<Setup> {
    let s = setup();
    Arc::new(Setup::new(board, s.tables.clone(), s.mix.clone()).expect("setup"))
}

/// A position being built.
pub struct Pos {
    pub field: Battlefield,
}

impl Pos {
    pub fn west() -> Pos {
        Pos { field: Battlefield::new(setup()) }
    }

    pub fn on(setup: Arc<Setup>) -> Pos {
        Pos { field: Battlefield::new(setup) }
    }

    pub fn hex(&self, label: &str) -> Hex {
        self.field.setup().board.hex_of(label).unwrap_or_else(|| panic!("{label} is on the board"))
    }

    /// The neighbour of `label` toward `dir`.
    pub fn nb(&self, label: &str, dir: gboh_core::facing::Direction) -> Hex {
        let h = self.hex(label);
        self.field.setup().board.neighbor(h, dir).expect("on the board")
    }

    pub fn label(&self, hex: Hex) -> String {
        self.field.setup().board.label(hex).unwrap().to_string()
    }

    pub fn uid(&self, id: &str) -> Uid {
        self.field.setup().uid(id).unwrap_or_else(|| panic!("unit {id} exists"))
    }

    pub fn lid(&self, id: &str) -> Lid {
        self.field.setup().lid(id).unwrap_or_else(|| panic!("leader {id} exists"))
    }

    /// Places unit `id` in `label` facing `facing` (at the bottom of a stack).
    pub fn unit(&mut self, id: &str, label: &str, facing: Facing) -> Uid {
        let (u, h) = (self.uid(id), self.hex(label));
        self.field.move_unit(u, h, facing).expect("placed");
        u
    }

    pub fn leader(&mut self, id: &str, label: &str) -> Lid {
        let (l, h) = (self.lid(id), self.hex(label));
        self.field.move_leader(l, Some(h)).expect("placed");
        l
    }

    pub fn flag(&mut self, u: Uid, flag: u16) {
        self.field.unit_mut(u).unwrap().flags.set(flag, true);
    }

    /// Places unit `id`'s Tribal Counter in `label`.
    pub fn counter_of(&mut self, id: &str, label: &str) -> CounterIdx {
        let u = self.uid(id);
        let c = self.field.setup().unit(u).unwrap().counter.expect("a counter");
        let h = self.hex(label);
        self.field.counter_mut(c).unwrap().at = Some(h);
        c
    }

    /// The game with `command` active: every unit it covers on the map (or
    /// atop a counter) is activated and in range unless listed in
    /// `out_of_range`.
    pub fn activate_with(self, command: Command, out_of_range: &[Uid]) -> Alesia {
        let mut game = Alesia::new(self.field);
        let units: Vec<Uid> = game.command_units(&command).collect();
        gboh_alesia::zoc::mark_enemies_in_zoc(&mut game.field, &units);
        game.turn.play.to_act = command.side();
        game.turn.play.current =
            Some(AlesiaActivation::start(command, units, out_of_range.to_vec()));
        game
    }

    pub fn activate(self, command: Command) -> Alesia {
        self.activate_with(command, &[])
    }
}

/// The legion command of unit `id` (e.g. "X-1").
pub fn legion_of(game_setup: &Setup, id: &str) -> Command {
    let u = game_setup.uid(id).unwrap();
    match game_setup.unit(u).unwrap().membership {
        gboh_alesia::game::Membership::Legion(l) => Command::Legion(l),
        m => panic!("{id} is not a legionary: {m:?}"),
    }
}

/// The tribal command of unit `id` (led by `leader`).
pub fn tribe_of(game_setup: &Setup, id: &str, leader: &str) -> Command {
    let u = game_setup.uid(id).unwrap();
    let c = game_setup.unit(u).unwrap().counter.unwrap();
    Command::Tribes(game_setup.lid(leader).unwrap(), vec![c])
}

pub fn mv(unit: Uid, to: Hex, facing: Facing) -> MoveAction {
    MoveAction::Move { unit, to, facing }
}

pub fn check(game: &Alesia, action: &MoveAction) -> Result<MovePreview, MoveError> {
    movement::check(game, action)
}

pub fn check_with(
    game: &Alesia,
    rules: &MoveRules,
    action: &MoveAction,
) -> Result<MovePreview, MoveError> {
    movement::check_with(game, rules, &mut movement::MoveGenerator::new(), action)
}

/// Performs `action`, checking that a rejection changes nothing.
pub fn perform(
    game: &mut Alesia,
    action: MoveAction,
) -> Result<Vec<Event<AlesiaEvent>>, MoveError> {
    let before = ron::to_string(&*game).unwrap();
    let mut events = Vec::new();
    let r = movement::perform(game, action, &mut Dice::seeded(1), &mut events);
    if r.is_err() {
        assert_eq!(ron::to_string(&*game).unwrap(), before, "a rejected action changed the game");
    }
    r.map(|()| events)
}

/// The cheapest MP for `unit` to end in `to` with any facing, if reachable.
pub fn mp_to(game: &Alesia, unit: Uid, to: Hex) -> Option<u8> {
    let rules = MoveRules::for_game(game);
    let mut generator = movement::MoveGenerator::new();
    let reach = generator.reach(game, &rules, unit).ok()?;
    reach.iter().filter(|r| r.hex == to).map(|r| r.mp).min()
}

/// The facings `unit` can end in `to` with.
pub fn facings_at(game: &Alesia, unit: Uid, to: Hex) -> Vec<Facing> {
    let rules = MoveRules::for_game(game);
    let mut generator = movement::MoveGenerator::new();
    match generator.reach(game, &rules, unit) {
        Ok(reach) => reach.iter().filter(|r| r.hex == to).map(|r| r.facing).collect(),
        Err(_) => Vec::new(),
    }
}

/// The movement events of a list.
pub fn move_events(events: &[Event<AlesiaEvent>]) -> Vec<(&'static str, MoveEvent)> {
    events
        .iter()
        .filter_map(|e| match &e.what {
            AlesiaEvent::Move(m) => Some((e.rule, m.clone())),
            _ => None,
        })
        .collect()
}

pub fn flags(game: &Alesia, u: Uid) -> UnitFlags {
    game.field.unit(u).unwrap().flags
}

/// A small test board `T` of clear, level, outside hexes: columns
/// `1..=cols`, rows `1..=rows` (odd columns shifted, one row shorter).
pub fn test_board(cols: u8, rows: u8) -> Board {
    use gboh_core::board::{HexInfo, LabelScheme, ShiftedColumns, Terrain};
    let scheme = LabelScheme::new(
        Some('T'),
        (1, cols),
        (1, rows),
        (1, rows.saturating_sub(1).max(1)),
        ShiftedColumns::Odd,
    )
    .expect("scheme");
    Board::filled(
        "movement test board (not a printed map)",
        scheme,
        HexInfo { terrain: Terrain::Clear, elevation: 0, works: SiegeHex::default() },
    )
}

/// A tiny deterministic generator for building positions from a seed.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        // splitmix64
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// Places `ids` at random on the West map within `radius` hexes of
/// `center`, each legally: a passable hex, no enemy there, a legal stack
/// (6.61, 8.57), friendly stacks sharing their facing (6.65), no infantry
/// next to friendly infantry on the ramparts (6.68), not on the Tribal
/// Counter hexes. Returns the units placed.
pub fn place_randomly(
    p: &mut Pos,
    rng: &mut Rng,
    ids: &[&str],
    center: &str,
    radius: u32,
) -> Vec<Uid> {
    use gboh_alesia::movement::{cost, disorder, stacking};
    let c = p.hex(center);
    let hexes: Vec<Hex> = p
        .field
        .setup()
        .board
        .hexes()
        .filter(|h| h.unsigned_distance_to(c) <= radius)
        .filter(|&h| {
            cost::terrain_key(&p.field, h)
                .and_then(|k| {
                    cost::chart_cost(&p.field, k, gboh_core::table::terrain::MoverClass::Foot, h)
                        .ok()
                })
                .is_some()
        })
        .collect();
    let mut placed = Vec::new();
    for id in ids {
        let uid = p.uid(id);
        let side = p.field.setup().unit(uid).unwrap().side;
        for _ in 0..40 {
            let h = hexes[rng.below(hexes.len())];
            if p.field.side_in(h).is_some_and(|s| s != side) {
                continue;
            }
            let mut units: Vec<Uid> = p.field.stack(h).iter().collect();
            if units.len() >= 2 {
                continue;
            }
            units.push(uid);
            if stacking::check_stack(&p.field, h, &units).is_err() {
                continue;
            }
            let mover = cost::Mover::unit(&p.field, uid).unwrap();
            if mover.is_infantry()
                && cost::is_rampart(&p.field, h)
                && !disorder::forced_adjacency(&p.field, uid, h).is_empty()
            {
                continue;
            }
            let facing = match p.field.stack(h).top() {
                Some(other) => p.field.unit(other).unwrap().facing,
                None => Facing::ALL[rng.below(6)],
            };
            p.field.move_unit(uid, h, facing).unwrap();
            placed.push(uid);
            break;
        }
    }
    placed
}
