//! Special Terrain Notes, Stone Walls, on the real Gergovia map: "To knock
//! down a stone wall, a unit must spend all of its movement points at the
//! wall, outside enemy ZOC. The marker 'Wall Down/Rubble' is then placed at
//! the point of the breach": the decision (a declaration of the active
//! leader), the changed hexside (saved with the game) and its effect on
//! later crossings and fire (Reconstructed details: `gboh_gergovia::walls`).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing, clippy::panic)]

use crate::support;

use gboh_core::Side;
use gboh_core::dice::Dice;
use gboh_core::facing::Facing;
use gboh_core::game::{Game, Rules};
use gboh_gergovia::movement::{self, Class, Row};
use gboh_gergovia::standard::GergoviaEvent;
use gboh_gergovia::walls::{self, FIRST_CHOICE};
use gboh_standard::{Action, Pending, StandardEvent, StandardGame};

#[test]
fn special_terrain_notes_stone_walls_a_unit_spends_its_turn_to_knock_the_wall_down() {
    // A Roman Orders Phase of the bots' game; a cohort the leader may order
    // beside the first hexside of the south-west wall, the leader with it.
    let b = support::play_until(52, |b, p| {
        matches!(p, Pending::Orders { side: Side::Roman, leader }
        if (0..b.field().units.len()).any(|u| {
            b.field().def(u).unwrap().unit_type == gboh_core::unit::UnitType::CO
                && b.game().may_command(b.field(), *leader, u)
        }))
    });
    let Pending::Orders { leader, .. } = b.pending() else { unreachable!() };
    let f = b.field();
    let cohort = (0..f.units.len())
        .find(|&u| {
            f.def(u).unwrap().unit_type == gboh_core::unit::UnitType::CO
                && b.game().may_command(f, leader, u)
        })
        .unwrap();
    let (h, d) = walls::hexsides(f.board())[0];
    let wall = walls::label(f, (h, d));
    let mut s = support::save(&b);
    support::put(&mut s, cohort, &f.label(h), Facing::Twelve);
    s.units[cohort].moves_this_turn = 0;
    s.leaders[leader].hex = h;
    let b = support::load(&s);
    let choice = FIRST_CHOICE;
    let mut g = Game::new(b, Dice::seeded(1));
    let declare = Action::Declare { choice };
    assert!(g.legal_actions().contains(&declare), "the cohort at {wall} may knock it down");
    assert_eq!(
        gboh_standard::narrate::action_in(g.state(), &declare),
        format!(
            "knock down the stone wall at {wall} (Gergovia, Special Terrain Notes (Stone Walls))"
        )
    );
    // Before: the stone wall's row and the roll after crossing.
    let table = movement::table().unwrap();
    let before = g.state().game().step_cost(g.state().field(), cohort, h, d).unwrap().unwrap();
    assert!(g.state().game().crossing_roll(g.state().field(), cohort, h, d).is_some());
    let events = g.apply(declare).unwrap();
    let e = events
        .iter()
        .find(|e| matches!(&e.what, StandardEvent::Game(GergoviaEvent::WallDown { .. })))
        .expect("the wall comes down");
    let line = gboh_standard::narrate::line(g.state().field(), e);
    assert!(line.contains("knocks it down") && line.contains(&wall), "{line}");
    // Saved with the game.
    let again = support::load(&support::save(g.state()));
    assert!(again.game().walls().is_down(again.field().board(), h, d));
    assert!(again.game().walls().is_down(again.field().board(), d.neighbor(h), d.opposite()));
    // The cohort spent its turn: no order for it; the wall is declared once.
    assert!(!g.state().game().may_command(g.state().field(), leader, cohort));
    assert!(g.check(&declare).is_err());
    // After: "Wall down / rubble" (+1 MP, the table's hits), no roll.
    let after = g.state().game().step_cost(g.state().field(), cohort, h, d).unwrap().unwrap();
    let (_, rubble_mp) = table.half_mp(Row::WallDown, false);
    let (_, wall_mp) = table.half_mp(Row::StoneWall, false);
    assert_eq!(before.half_mp - wall_mp + rubble_mp, after.half_mp);
    assert_eq!(
        before.hits - table.hits(Row::StoneWall, Class::Cohort, false).unwrap()
            + table.hits(Row::WallDown, Class::Cohort, false).unwrap(),
        after.hits
    );
    assert!(g.state().game().crossing_roll(g.state().field(), cohort, h, d).is_none());
    // 8.71 (b): no +1 for fire over the wall at the cohort at it, once down.
    let archer = support::unit(g.state().field(), "Arverni archers-1");
    let stone_wall_drm = |b: &gboh_standard::Battle<gboh_gergovia::standard::Gergovia>| {
        let mut m = gboh_core::table::Modifiers::new();
        b.game().fire_modifiers(b.field(), archer, cohort, &mut m);
        m.iter().any(|x| x.rule == "Gergovia 8.71 (b)")
    };
    let mut s = support::save(g.state());
    s.units[archer].hex = d.neighbor(h);
    s.units[archer].status = gboh_standard::state::UnitStatus::InPlay;
    assert!(!stone_wall_drm(&support::load(&s)), "the wall is rubble");
    s.game = gboh_gergovia::standard::Gergovia::default();
    assert!(stone_wall_drm(&support::load(&s)), "standing, +1 (8.71 (b))");
}

#[test]
fn special_terrain_notes_stone_walls_not_in_an_enemy_zoc_nor_after_moving() {
    let b = support::play_until(52, |_, p| matches!(p, Pending::Orders { side: Side::Roman, .. }));
    let Pending::Orders { leader, .. } = b.pending() else { unreachable!() };
    let f = b.field();
    let cohort = (0..f.units.len())
        .find(|&u| {
            f.def(u).unwrap().unit_type == gboh_core::unit::UnitType::CO
                && b.game().may_command(f, leader, u)
        })
        .unwrap();
    let (h, d) = walls::hexsides(f.board())[0];
    let mut s = support::save(&b);
    support::put(&mut s, cohort, &f.label(h), Facing::Twelve);
    s.units[cohort].moves_this_turn = 0;
    s.leaders[leader].hex = h;
    let free = support::load(&s);
    assert!(free.game().declarations(free.field(), leader).contains(&FIRST_CHOICE));
    // It moved this turn: it cannot spend all its movement at the wall.
    s.units[cohort].moves_this_turn = 1;
    let moved = support::load(&s);
    assert!(!moved.game().declarations(moved.field(), leader).contains(&FIRST_CHOICE));
    // A Gaul across the wall, facing it: the cohort is in an enemy ZOC.
    s.units[cohort].moves_this_turn = 0;
    let gaul = support::unit(f, "Carnutes-1");
    let across = d.neighbor(h);
    s.units[gaul].hex = across;
    s.units[gaul].facing = support::facing_toward_hex(across, h);
    s.units[gaul].status = gboh_standard::state::UnitStatus::InPlay;
    let zoc = support::load(&s);
    assert!(zoc.field().in_enemy_zoc(h, Side::Roman));
    assert!(!zoc.game().declarations(zoc.field(), leader).contains(&FIRST_CHOICE));
}
