//! 7.2 Zones of Control: the engine's rules ([`gboh_simple::ground::zoc`]),
//! played with Alesia's changes (the [`SiegeOfAlesia`] hooks: a redoubt
//! faces all round, 6.44; a ZOC does not extend up into a Rampart hex from
//! below, nor across the unfilled water ditch, 7.22, 6.48).
//!
//! ```
//! use gboh_alesia::game::{Battlefield, Setup};
//! use gboh_alesia::zoc::ZocMap;
//! use gboh_core::{Side, facing::Facing};
//! let setup = Setup::shared().unwrap();
//! let mut field = Battlefield::new(setup.clone());
//! let b = &setup.board;
//! // 7.22's example: a cohort on the rampart W5214 faces the BI below in W5213.
//! field.move_unit(setup.uid("X-1").unwrap(), b.hex_of("W5214").unwrap(), Facing::Ten).unwrap();
//! let mut map = ZocMap::default();
//! map.build(&field, Side::Adversary);
//! assert!(map.contains(b, b.hex_of("W5213").unwrap()));
//! assert!(!map.contains(b, b.hex_of("W5215").unwrap()));
//! ```
//!
//! [`SiegeOfAlesia`]: crate::game::SiegeOfAlesia

pub use gboh_simple::ground::zoc::{
    ZocMap, enemy_in_own_zoc, enemy_zoc, exerts_into, exerts_zoc, in_enemy_zoc,
    mark_enemies_in_zoc, zoc_extends, zoc_toward,
};
