//! Shared by the rules tests: a Gergovia battle on the engine, played by
//! bots to a given decision, with pieces then placed on the real map
//! through a save (the engine's own save format, read back and checked by
//! `Battle::load`).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing, dead_code)]

use gboh_core::BySide;
use gboh_core::dice::Dice;
use gboh_core::facing::{Direction, Facing};
use gboh_core::game::Game;
use gboh_core::policy::{Limits, play};
use gboh_gergovia::map;
use gboh_gergovia::standard::Gergovia;
use gboh_standard::bots::Advance;
use gboh_standard::protocol::Phase;
use gboh_standard::state::{Field, LeaderState, UnitState, UnitStatus};
use gboh_standard::{Battle, Pending};
use hexx::Hex;
use serde::{Deserialize, Serialize};

/// The engine's save, field by field (`BattleSave`'s names).
#[derive(Serialize, Deserialize)]
pub struct Save {
    pub game: Gergovia,
    pub scenario: String,
    pub units: Vec<UnitState>,
    pub leaders: Vec<LeaderState>,
    pub turn: u8,
    pub rout_points: BySide<u32>,
    pub rallies: Vec<(usize, usize)>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub melees: Vec<(usize, usize)>,
    pub phase: Phase,
}

pub fn save(b: &Battle<Gergovia>) -> Save {
    ron::from_str(&ron::to_string(b).unwrap()).unwrap()
}

pub fn load(s: &Save) -> Battle<Gergovia> {
    ron::from_str(&ron::to_string(s).unwrap()).unwrap()
}

pub fn hex(label: &str) -> Hex {
    map::board().unwrap().hex_of(label).unwrap()
}

pub fn unit(f: &Field, id: &str) -> usize {
    (0..f.units.len()).find(|&u| f.def(u).unwrap().id.as_str() == id).unwrap()
}

pub fn leader(f: &Field, name: &str) -> usize {
    (0..f.leaders.len()).find(|&l| f.leader_def(l).unwrap().name == name).unwrap()
}

/// Whether the battle is in an auxiliary phase (C:CoG 5.6, Reconstructed:
/// a leaderless Orders Phase for auxiliaries only).
pub fn in_auxiliary_phase(b: &Battle<Gergovia>) -> bool {
    matches!(b.phase(), Phase::Orders(o) if o.auxiliares.is_some())
}

/// Bots play the standard battle (seed `seed`) until `until` holds, outside
/// the auxiliary phases (a leader's own Orders Phase, not the one he holds
/// for the auxiliaries).
pub fn play_until(
    seed: u64,
    mut until: impl FnMut(&Battle<Gergovia>, &Pending) -> bool,
) -> Battle<Gergovia> {
    let (b, _) = Battle::new(Gergovia::default(), "Gergovia").unwrap();
    let mut g = Game::new(b, Dice::seeded(seed));
    for _ in 0..20_000 {
        if !in_auxiliary_phase(g.state()) && until(g.state(), &g.pending()) {
            return g.state().clone();
        }
        play(&mut g, &mut Advance, &mut Advance, Limits { max_actions: 1 }).unwrap();
    }
    panic!("the bots never reached the wanted decision");
}

/// Places unit `u` on `at` facing `facing`, in good order, clearing every
/// other unit within two hexes of it off the map.
pub fn put(s: &mut Save, u: usize, at: &str, facing: Facing) {
    let h = hex(at);
    for (o, st) in s.units.iter_mut().enumerate() {
        if o != u && Field::distance(st.hex, h) <= 2 {
            st.status = UnitStatus::Eliminated;
        }
    }
    let st = &mut s.units[u];
    st.hex = h;
    st.facing = facing;
    st.status = UnitStatus::InPlay;
    st.hits = 0;
    st.column = false;
}

/// A facing whose front holds the direction from `from` to `to`.
pub fn facing_toward(from: &str, to: &str) -> Facing {
    let d = Direction::between(hex(from), hex(to)).unwrap();
    Facing::ALL.into_iter().find(|f| f.front().contains(&d)).unwrap()
}

/// A facing whose front holds the direction from hex `from` to hex `to`.
pub fn facing_toward_hex(from: Hex, to: Hex) -> Facing {
    let d = Direction::between(from, to).unwrap();
    Facing::ALL.into_iter().find(|f| f.front().contains(&d)).unwrap()
}
