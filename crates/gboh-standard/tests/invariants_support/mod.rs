//! The engine's invariants, shared by the property tests and the fuzz target
//! `play_standard` (which includes this file by path).

use gboh_core::Side;
use gboh_core::game::Game;
use gboh_standard::movement::stacking;
use gboh_standard::state::{LeaderStatus, UnitStatus};
use gboh_standard::{Battle, StandardGame};

/// The engine's invariants: a unit in good order has fewer hits than its TQ;
/// a hex holds one unit, or two Roman LG/HI stacked facing alike (6.6); a
/// double-size phalanx's two hexes are adjacent, on the map and its alone
/// (Dictator 9.101); each side's rout points are exactly
/// those of its eliminated units and dead leaders (SPQR 10.1, 6.6, 11.0),
/// cavalry off the map after a pursuit and its leaders not counted (8.65);
/// a pursuer off the map is mounted, held off the map once, its leaders
/// with it of its side and none on the map (8.62).
pub fn invariants<G: StandardGame>(g: &Game<Battle<G>>) -> Result<(), String> {
    let f = g.state().field();
    let mut lost = [0u32; 2];
    for (u, s) in f.units.iter().enumerate() {
        let d = f.def(u).ok_or("unit without a counter")?;
        let tq = g.state().game().troop_quality(f, u);
        if s.in_play() && s.hits >= tq {
            return Err(format!("{} in good order with {} hits, TQ {tq}", d.id, s.hits));
        }
        if s.on_map() && d.double {
            // Dictator 9.101: two adjacent hexes on the map, no one else in them.
            let halves = f.halves(u);
            let [l, r] = halves.as_slice() else {
                return Err(format!("{} is double-size but has {} halves", d.id, halves.len()));
            };
            if gboh_standard::state::Field::distance(*l, *r) != 1 {
                return Err(format!("{}'s halves are not adjacent", d.id));
            }
            for h in [*l, *r] {
                if !f.board().contains(h) {
                    return Err(format!("{} has a half off the map", d.id));
                }
                if f.units_at(h) != [u] {
                    return Err(format!("{} shares {} with another unit", d.id, f.label(h)));
                }
            }
        }
        if s.on_map() {
            // SPQR 6.6: two units at most, a stack only of Roman LG/HI, facing alike.
            let stack = f.units_at(s.hex);
            if stack.len() > 2 {
                return Err(format!("{} is one of {} units in a hex", d.id, stack.len()));
            }
            if let Some(o) = f.stacked_with(u) {
                // SPQR 9.51: or two phalanxes in double depth.
                let allowed = match (f.stack_member(u), f.stack_member(o)) {
                    (Some(a), Some(b)) => stacking(a, b).is_some(),
                    _ => false,
                } || gboh_standard::protocol::double_depth_partner(f, u) == Some(o);
                let alike = f.units.get(o).is_some_and(|t| t.facing == s.facing);
                if !allowed || !alike || f.side(o) != Some(d.side) {
                    return Err(format!("{} shares its hex against 6.6", d.id));
                }
            }
        }
        if s.status == UnitStatus::Eliminated && f.pursuer(u).is_none() {
            lost[d.side.index()] += d.rout_points();
        }
    }
    for (l, s) in f.leaders.iter().enumerate() {
        let d = f.leader_def(l).ok_or("leader without a counter")?;
        // A Replacement leader not yet placed (SPQR 4.74) is off the map, not lost.
        // Nor is a leader off the map with a pursuer (SPQR 8.65).
        if s.status == LeaderStatus::Dead && !s.reserve && !f.leader_off_map(l) {
            lost[d.side.index()] += d.rout_points.unwrap_or(u32::from(d.initiative));
        }
    }
    // SPQR 4.74: a side places no more Replacement leaders than it has lost
    // leaders other than an OC.
    for side in Side::ALL {
        let of_side = |l: usize| f.leader_def(l).filter(|d| d.side == side);
        let fallen = (0..f.leaders.len())
            .filter(|&l| {
                of_side(l).is_some_and(|d| !d.overall)
                    && f.leaders[l].status == LeaderStatus::Dead
                    && !f.leaders[l].reserve
                    && !f.leader_off_map(l)
            })
            .count();
        let placed = (0..f.leaders.len())
            .filter(|&l| of_side(l).is_some_and(|d| d.replacement) && !f.leaders[l].reserve)
            .count();
        if placed > fallen {
            return Err(format!(
                "{side:?} placed {placed} Replacement leaders for {fallen} fallen"
            ));
        }
    }
    // SPQR 8.62, 8.64: each pursuer off the map once, mounted, held off
    // the map, its leaders of its side and off the map too.
    for (i, p) in f.off_map.iter().enumerate() {
        let d = f.def(p.unit).ok_or("an off-map pursuer without a counter")?;
        if f.off_map.iter().skip(i + 1).any(|q| q.unit == p.unit) {
            return Err(format!("{} is off the map twice", d.id));
        }
        if !d.class().is_mounted() || f.units[p.unit].on_map() {
            return Err(format!("{} is off the map after a pursuit but is not held off it", d.id));
        }
        for &l in &p.leaders {
            let ld = f.leader_def(l).ok_or("an off-map leader without a counter")?;
            if ld.side != d.side || f.leaders[l].status != LeaderStatus::Dead {
                return Err(format!(
                    "{} is off the map with {} but not held off it",
                    ld.name, d.id
                ));
            }
        }
    }
    for side in Side::ALL {
        if *f.rout_points.get(side) != lost[side.index()] {
            return Err(format!(
                "{side:?} rout points {} but {} lost",
                f.rout_points.get(side),
                lost[side.index()]
            ));
        }
    }
    Ok(())
}
