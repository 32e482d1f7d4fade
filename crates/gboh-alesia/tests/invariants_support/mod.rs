//! The Alesia rules' invariants, checked after every action by the protocol
//! property tests (`tests/protocol_random_play.rs`) and the action fuzz
//! targets (`fuzz/fuzz_targets/play_*.rs`, which include this file by path):
//!
//! - 6.61, 8.57, 5.64: every stack is one the stacking rules allow; 6.64 no
//!   enemies share a hex; 6.65 stacked units have the same facing;
//! - 6.33, 6.36, 6.43: no unit stands in a hex its kind may not enter;
//! - 10.13, 10.14: hits below the current TQ for a unit in play; eliminated
//!   units are off the map;
//! - 5.47, 10.72: a unit on the map belongs to a placed Tribal Counter; a
//!   flipped counter has all its units out; a withdrawn tribe has none on the map;
//! - 6.47, 6.48: Fill only in Gardens of Death, never more than negates them;
//!   hexside Fill 1-4;
//! - 8.41, 8.43: only ramparts and redoubts burn, and no unit stays in a
//!   burning hex; 8.12, 8.54: at most one fire per activation (two for artillery).

use gboh_alesia::game::AlesiaField;
use gboh_alesia::game::{MAX_STACK, Uid};
use gboh_alesia::map::{Ring, SiegeWorks, Works};
use gboh_alesia::movement::cost::{Mover, chart_cost, fills_to_negate, terrain_key};
use gboh_alesia::movement::stacking::check_stack;
use gboh_alesia::protocol::Alesia;
use gboh_alesia::tables::TerrainKey;
use gboh_core::game::Game;
use gboh_core::unit::Status;

/// The rules' invariants, checked after every action.
pub fn invariants(game: &Game<Alesia>) -> Result<(), String> {
    let state = game.state();
    let field = &state.field;
    let setup = state.setup();
    let label = |h| setup.board.label(h).map_or_else(|| format!("{h:?}"), |l| l.to_string());
    for hex in setup.board.hexes() {
        let stack = field.stack(hex);
        let units: Vec<Uid> = stack.iter().collect();
        if units.len() > MAX_STACK {
            return Err(format!("6.6: {} units in {}", units.len(), label(hex)));
        }
        let mut sides = units.iter().filter_map(|&u| setup.unit(u).map(|i| i.side));
        if let Some(first) = sides.next()
            && sides.any(|s| s != first)
        {
            return Err(format!("6.64: enemies share {}", label(hex)));
        }
        check_stack(field, hex, &units).map_err(|e| format!("{}: {e}", label(hex)))?;
        let mut facings = units.iter().filter_map(|&u| field.unit(u).map(|s| s.facing));
        if let Some(first) = facings.next()
            && facings.any(|f| f != first)
        {
            return Err(format!("6.65: stacked units in {} face differently", label(hex)));
        }
        let markers = field.markers(hex);
        let works = setup.board.siege_works(hex).unwrap_or_default();
        if markers.fill > 0 {
            let key = match works {
                Works::GardenOfDeath { ring: Ring::Circumvallation } => {
                    TerrainKey::InnerGardenOfDeath
                }
                Works::GardenOfDeath { ring: Ring::Contravallation } => {
                    TerrainKey::OuterGardenOfDeath
                }
                _ => return Err(format!("6.47: Fill in {}, not a Garden of Death", label(hex))),
            };
            let most = fills_to_negate(field, key);
            if markers.fill > most {
                return Err(format!(
                    "6.48: Fill {} in {} (at most {most})",
                    markers.fill,
                    label(hex)
                ));
            }
        }
        if markers.on_fire {
            if !matches!(works, Works::Rampart { .. } | Works::Redoubt) {
                return Err(format!(
                    "8.41: {} is On Fire but is no rampart or redoubt",
                    label(hex)
                ));
            }
            if !units.is_empty() {
                return Err(format!("8.43: units stay in the burning {}", label(hex)));
            }
        }
    }
    for (hex, _, value) in field.hexside_fills() {
        if !(1..=4).contains(&value) {
            return Err(format!("6.47: hexside Fill {value} at {}", label(hex)));
        }
    }
    for (i, (info, unit)) in setup.units.iter().zip(field.units()).enumerate() {
        let uid = Uid(u16::try_from(i).map_err(|e| e.to_string())?);
        let tq = unit.cohesion.current_tq(&info.profile).0;
        if unit.at.is_some()
            && matches!(unit.cohesion.status, Status::Fresh | Status::Reduced)
            && unit.cohesion.hits >= tq
        {
            return Err(format!(
                "10.13/10.14: {} has {} hits against TQ {tq}",
                info.id, unit.cohesion.hits
            ));
        }
        if unit.cohesion.status == Status::Eliminated && unit.at.is_some() {
            return Err(format!("10.14: {} is eliminated but still on the map", info.id));
        }
        let most_fires = if info.unit_type().is_artillery() { 2 } else { 1 };
        if unit.fires > most_fires {
            return Err(format!("8.12/8.54: {} fired {} times", info.id, unit.fires));
        }
        if let Some(hex) = unit.at {
            let mover = Mover::unit(field, uid).ok_or("no mover")?;
            let key = terrain_key(field, hex).ok_or_else(|| format!("{} off the map", info.id))?;
            if let Err(e) = chart_cost(field, key, mover.class, hex) {
                return Err(format!("{} stands in {}: {e}", info.id, label(hex)));
            }
            if let Some(c) = info.counter {
                let counter = field.counter(c).ok_or("no counter")?;
                if counter.at.is_none() {
                    return Err(format!("5.45: {} is on the map, its counter is not", info.id));
                }
                if counter.withdrawn {
                    return Err(format!("10.72: {} is on the map, its tribe withdrawn", info.id));
                }
            }
        }
    }
    for (ci, c) in setup.counters.iter().zip(field.counters()) {
        let inside = |u: &Uid| {
            field.unit(*u).is_some_and(|s| s.at.is_none() && s.cohesion.status == Status::Fresh)
        };
        if c.flipped && !c.withdrawn && ci.units.iter().any(inside) {
            return Err(format!("5.47: {} is flipped with units still inside", ci.id));
        }
    }
    Ok(())
}
