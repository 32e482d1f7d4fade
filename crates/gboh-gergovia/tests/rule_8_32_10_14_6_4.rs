//! 8.32 (attacks over a wall not combined with others), 10.14 (a Gaul
//! recovers one hit per order) and the correction to C:CoG 6.4 (only
//! cohorts move in column), on the real Gergovia map and through the engine.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing, clippy::panic)]

use crate::support;

use std::sync::Arc;

use gboh_core::Side;
use gboh_core::board::HexsideFeature;
use gboh_core::dice::Dice;
use gboh_core::facing::Facing;
use gboh_core::game::{Game, Rules};
use gboh_core::unit::UnitType;
use gboh_gergovia::battle::{self, BattleId};
use gboh_gergovia::map::{self, areas};
use gboh_gergovia::melee::not_combined_over_walls;
use gboh_gergovia::standard::{GALLIC_RECOVERY, Gergovia};
use gboh_standard::state::{Field, UnitStatus};
use gboh_standard::{Action, Pending, StandardEvent, StandardGame};
use hexx::Hex;

fn field() -> Field {
    Field::new(Arc::new(battle::battle(BattleId::Standard).unwrap().scenario.clone()))
}

/// A hex outside the town and a facing whose two front hexes are one in the
/// town across its wall (no gate) and one outside with no wall between.
fn before_the_wall() -> (Hex, Facing, Hex, Hex) {
    let board = map::board().unwrap();
    let town = |h: Hex| board.in_area(areas::GERGOVIA, h);
    for a in board.hexes().filter(|&h| !town(h) && board.terrain(h).is_some()) {
        for f in Facing::ALL {
            let [d1, d2] = f.front();
            let (h1, h2) = (d1.neighbor(a), d2.neighbor(a));
            let wall = |d: gboh_core::facing::Direction| {
                board.has_hexside(a, d, HexsideFeature::TownWall)
                    && !board.has_hexside(a, d, HexsideFeature::Gate)
            };
            let clear = |d: gboh_core::facing::Direction| {
                board.hexside_between(a, d.neighbor(a)).is_some_and(|s| s.is_empty())
            };
            if board.contains(h1) && board.contains(h2) {
                if wall(d1) && town(h1) && clear(d2) && !town(h2) {
                    return (a, f, h1, h2);
                }
                if wall(d2) && town(h2) && clear(d1) && !town(h1) {
                    return (a, f, h2, h1);
                }
            }
        }
    }
    panic!("no such place on the map");
}

#[test]
fn rule_8_32_a_roman_before_gergovia_attacks_the_gaul_outside_not_the_one_inside() {
    let (at, facing, inside, outside) = before_the_wall();
    let mut f = field();
    let co = support::unit(&f, "X-1");
    let (g_in, g_out) = (support::unit(&f, "Carnutes-1"), support::unit(&f, "Carnutes-2"));
    for (o, s) in f.units.iter_mut().enumerate() {
        if ![co, g_in, g_out].contains(&o) && Field::distance(s.hex, at) <= 2 {
            s.status = UnitStatus::Eliminated;
        }
    }
    f.units[co].hex = at;
    f.units[co].facing = facing;
    f.units[g_in].hex = inside;
    f.units[g_out].hex = outside;
    let mut both = vec![g_in, g_out];
    not_combined_over_walls(&f, co, &mut both);
    assert_eq!(both, vec![g_out], "it must first attack the unit outside");
    let mut only_inside = vec![g_in];
    not_combined_over_walls(&f, co, &mut only_inside);
    assert_eq!(only_inside, vec![g_in], "alone, the unit inside may be attacked");
    // The hook the engine calls does the same.
    let mut hooked = vec![g_in, g_out];
    Gergovia::default().shock_defenders(&f, co, &mut hooked);
    assert_eq!(hooked, vec![g_out]);
}

#[test]
fn rule_10_14_the_gallic_player_recovers_one_hit_per_order() {
    let f = field();
    let g = Gergovia::default();
    assert_eq!(g.recovery_limit(&f, support::unit(&f, "Carnutes-1")), Some(GALLIC_RECOVERY));
    assert_eq!(GALLIC_RECOVERY, 1);
    assert_eq!(g.recovery_limit(&f, support::unit(&f, "X-1")), None, "Romans recover as SPQR 10.3");
    // Through the engine: a Gallic unit with 3 hits, alone on open ground,
    // loses one to a Recovery order (SPQR 10.3 would remove two).
    let b =
        support::play_until(52, |_, p| matches!(p, Pending::Orders { side: Side::Adversary, .. }));
    let Pending::Orders { leader, .. } = b.pending() else { unreachable!() };
    let u = (0..b.field().units.len())
        .find(|&u| b.field().units[u].in_play() && b.game().may_command(b.field(), leader, u))
        .unwrap();
    let mut s = support::save(&b);
    support::put(&mut s, u, "2530", Facing::Twelve);
    s.units[u].hits = 3;
    s.leaders[leader].hex = support::hex("2530");
    let b = support::load(&s);
    assert_eq!(
        map::board().unwrap().terrain(support::hex("2530")),
        Some(gboh_core::board::Terrain::Clear)
    );
    let mut g = Game::new(b, Dice::seeded(1));
    let events = g.apply(Action::Recover { unit: u }).unwrap();
    assert!(
        events
            .iter()
            .any(|e| matches!(e.what, StandardEvent::Recovered { unit, hits: 1 } if unit == u))
    );
    assert_eq!(g.state().field().units[u].hits, 2);
}

#[test]
fn rule_6_4_only_cohorts_move_in_column() {
    let f = field();
    let g = Gergovia::default();
    assert!(g.may_form_column(&f, support::unit(&f, "X-1")).is_ok());
    for id in ["Numidian LI-1", "Aedui-1", "Carnutes-1", "Gallic LN-1"] {
        let e = g.may_form_column(&f, support::unit(&f, id)).unwrap_err();
        assert!(e.starts_with("Gergovia 6.4"), "{id}: {e}");
    }
    // Through the engine: the first Roman leader to give orders, a unit of his
    // that is not a cohort asks to form column and is refused with 6.4.
    let b = support::play_until(52, |b, p| match p {
        Pending::Orders { side: Side::Roman, leader } => (0..b.field().units.len()).any(|u| {
            b.field().units[u].in_play()
                && b.game().may_command(b.field(), *leader, u)
                && b.field().def(u).unwrap().unit_type != UnitType::CO
        }),
        _ => false,
    });
    let Pending::Orders { leader, .. } = b.pending() else { unreachable!() };
    let u = (0..b.field().units.len())
        .find(|&u| {
            b.field().units[u].in_play()
                && b.game().may_command(b.field(), leader, u)
                && b.field().def(u).unwrap().unit_type != UnitType::CO
        })
        .unwrap();
    // In his range, on open ground, no enemy near.
    let mut s = support::save(&b);
    support::put(&mut s, u, "2530", Facing::Twelve);
    s.leaders[leader].hex = support::hex("2530");
    let b = support::load(&s);
    let e = b.check(&Action::Column { unit: u }).unwrap_err().to_string();
    assert!(e.contains("Gergovia 6.4"), "{e}");
}
