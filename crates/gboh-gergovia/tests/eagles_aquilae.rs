//! The legions' eagles (Aquilae) on the real Gergovia map: "the legions
//! (with eagles)" stand with their eagles (Roman Forces), the Gauls score
//! "2 for each captured eagle standard (Aquila)" (Victory), the C:CoG 10.32
//! correction and Gergovia's 10.32 and 10.44 (no retreat or rally to the
//! eagle). How an eagle is carried and taken is Reconstructed
//! (`gboh_gergovia::eagles`).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing, clippy::panic)]

use crate::support;

use std::sync::Arc;

use gboh_core::Side;
use gboh_core::dice::Dice;
use gboh_core::facing::{Direction, Facing};
use gboh_core::game::{Game, Rules};
use gboh_gergovia::battle::{self, BattleId};
use gboh_gergovia::eagles::{EagleState, Eagles};
use gboh_gergovia::scenario::{self, Position, ScenarioId};
use gboh_gergovia::standard::GergoviaEvent;
use gboh_gergovia::{counters, map};
use gboh_standard::state::{Field, UnitStatus};
use gboh_standard::{Action, Pending, StandardEvent};
use support::hex;

fn field(id: BattleId) -> Field {
    Field::new(Arc::new(battle::battle(id).unwrap().scenario.clone()))
}

#[test]
fn roman_forces_every_legion_stands_with_its_eagle() {
    for (id, sid) in [
        (BattleId::Standard, ScenarioId::Standard),
        (BattleId::Alternative, ScenarioId::Alternative),
    ] {
        let board = map::board().unwrap();
        let mix = counters::counters().unwrap();
        let d = scenario::scenario(sid).unwrap().default_deployment(board, mix).unwrap();
        let f = field(id);
        let now = Eagles::default().now(&f);
        // One eagle for each legion the deployment places, none for XI when
        // the alternative deployment leaves it out.
        assert_eq!(now.len(), d.eagles.len(), "{id:?}");
        for e in &now {
            let EagleState::Carried { bearer } = e.state else { panic!("{e:?}") };
            let def = f.def(bearer).unwrap();
            assert_eq!(def.group.as_deref(), Some(e.legion.as_str()), "a cohort of its legion");
            assert_eq!(def.unit_type, gboh_core::unit::UnitType::CO);
            let placed = d.eagles.get(&gboh_core::unit::UnitId::from(e.id.as_str())).unwrap();
            assert_eq!(*placed, Position::Hex(f.units[bearer].hex), "{} where placed", e.id);
        }
    }
}

/// A Gallic Orders Phase of the bots' game (seed 52), with a Gaul the
/// active leader may order placed at `at`, facing `toward`, and the leader
/// with it.
fn gallic_phase_with_a_gaul_at(at: &str, toward: &str) -> (support::Save, usize, usize) {
    let commands_one = |b: &gboh_standard::Battle<_>, leader: usize| {
        let f: &Field = b.field();
        (0..f.units.len()).any(|u| {
            f.units[u].in_play()
                && f.def(u).unwrap().unit_type == gboh_core::unit::UnitType::BI
                && gboh_standard::StandardGame::may_command(b.game(), f, leader, u)
        })
    };
    let b = support::play_until(
        52,
        |b, p| matches!(p, Pending::Orders { side: Side::Adversary, leader } if commands_one(b, *leader)),
    );
    let Pending::Orders { leader, .. } = b.pending() else { unreachable!() };
    let f = b.field();
    let gaul = (0..f.units.len())
        .find(|&u| {
            f.units[u].in_play()
                && f.def(u).unwrap().unit_type == gboh_core::unit::UnitType::BI
                && gboh_standard::StandardGame::may_command(b.game(), f, leader, u)
        })
        .unwrap();
    let mut s = support::save(&b);
    support::put(&mut s, gaul, at, support::facing_toward(at, toward));
    s.leaders[leader].hex = hex(at);
    (s, gaul, leader)
}

#[test]
fn victory_2_for_each_captured_eagle_a_gaul_entering_the_fallen_bearers_hex_takes_it() {
    // Legion VIII's eagle starts with VIII-1 in its line below the town
    // (Roman Starting Deployment: 2712-2716, 2613-2617).
    let f = field(BattleId::Standard);
    let bearer = support::unit(&f, "VIII-1");
    let now = Eagles::default().now(&f);
    let viii = now.iter().find(|e| e.legion == "VIII").unwrap();
    assert_eq!(viii.state, EagleState::Carried { bearer });
    let at = f.label(f.units[bearer].hex);
    // A Gaul of the Gallic player's phase beside it, up the hill (one
    // o'clock, toward the town).
    let from = f.label(Direction::NE.neighbor(hex(&at)));
    let (mut s, gaul, _) = gallic_phase_with_a_gaul_at(&from, &at);
    // The bearer has fallen there, alone (`put` cleared its neighbours).
    s.units[bearer].hex = hex(&at);
    s.units[bearer].status = UnitStatus::Eliminated;
    let b = support::load(&s);
    let before = b.game().tally(b.field()).unwrap();
    assert_eq!(b.game().eagles().captured(b.field()), Vec::<String>::new(), "not before a Gaul");
    let mut g = Game::new(b, Dice::seeded(3));
    let dir = Direction::between(hex(&from), hex(&at)).unwrap();
    let events = g.apply(Action::Step { unit: gaul, dir }).unwrap();
    let taken = events
        .iter()
        .find(|e| {
            matches!(&e.what, StandardEvent::Game(GergoviaEvent::Eagle { legion, state: EagleState::Captured { .. }, .. }) if legion == "VIII")
        })
        .expect("the Gaul takes the eagle lying in the hex he enters");
    let line = gboh_standard::narrate::line(g.state().field(), taken);
    assert!(line.contains("capture the eagle of Legion VIII at") && line.contains(&at), "{line}");
    let after = g.state().game().tally(g.state().field()).unwrap();
    assert_eq!(after.gaul.total, before.gaul.total + 2, "Victory: 2 for a captured eagle");
    let eagle_line = after
        .gaul
        .lines
        .iter()
        .find(|l| l.award == gboh_gergovia::victory::Award::EagleCaptured)
        .unwrap();
    assert_eq!((eagle_line.count, eagle_line.vp), (1, 2));
}

#[test]
fn eagles_the_bearer_carries_it_and_a_cohort_of_its_legion_takes_it_up_where_it_fell() {
    let mut f = field(BattleId::Standard);
    let mut eagles = Eagles::default();
    let bearer = support::unit(&f, "X-1");
    let mate = support::unit(&f, "X-2");
    // The bearer moves: the eagle goes with it.
    f.units[bearer].hex = hex("2520");
    assert!(eagles.sync(&f).is_empty());
    assert_eq!(eagles.carried_by(&f, bearer).as_deref(), Some("X"));
    // It routs: still carried.
    f.units[bearer].status = UnitStatus::Routed;
    assert!(eagles.sync(&f).is_empty());
    // It is eliminated alone at 2520: the eagle lies there.
    f.units[bearer].status = UnitStatus::Eliminated;
    let c = eagles.sync(&f);
    assert_eq!(c.len(), 1);
    assert_eq!(c[0].state, EagleState::Dropped { hex: hex("2520") });
    // Another cohort of X enters the hex: it takes the eagle up.
    f.units[mate].hex = hex("2520");
    let c = eagles.sync(&f);
    assert_eq!(c[0].state, EagleState::Carried { bearer: mate });
    assert!(eagles.captured(&f).is_empty());
    // A cohort of another legion does not (it is X's eagle).
    f.units[mate].status = UnitStatus::Eliminated;
    let other = support::unit(&f, "VIII-3");
    f.units[other].hex = hex("2520");
    let c = eagles.sync(&f);
    assert_eq!(c[0].state, EagleState::Dropped { hex: hex("2520") });
    assert!(eagles.sync(&f).is_empty());
    // A Gaul in the hex with a Roman in good order there does not take it.
    let gaul = support::unit(&f, "Carnutes-1");
    f.units[gaul].hex = hex("2520");
    assert!(eagles.captured(&f).is_empty(), "a Roman in good order still holds the hex");
    f.units[other].status = UnitStatus::Routed;
    assert_eq!(eagles.captured(&f), vec!["X-Aquila".to_owned()]);
}

#[test]
fn rule_10_32_correction_and_10_32_a_cohort_routs_to_its_camp_not_to_its_eagle() {
    // C:CoG's 10.32 correction sends a cohort to its camp when no hex by its
    // eagle is free; Gergovia's 10.32 sends every Roman to the nearest camp,
    // "not to the eagle standard". A routed X cohort with its eagle's bearer
    // up the hill behind it routs down toward the camps, away from the eagle.
    let mut f = field(BattleId::Standard);
    let bearer = support::unit(&f, "X-1");
    let routed = support::unit(&f, "X-5");
    let at = f.units[routed].hex;
    f.units[routed].status = UnitStatus::Routed;
    f.units[bearer].hex = Direction::ALL
        .into_iter()
        .map(|d| d.neighbor(at))
        .filter(|&h| f.unit_at(h).is_none())
        .min_by_key(|&h| f.label(h))
        .unwrap();
    let facing: Facing = gboh_gergovia::rout::rout_facing(&f, routed).unwrap();
    let gates = gboh_gergovia::rout::refuge_gates(map::board().unwrap(), Side::Roman);
    let nearest = |h| gates.iter().map(|&g| Field::distance(h, g)).min().unwrap();
    for d in facing.front() {
        let next = d.neighbor(at);
        assert!(nearest(next) < nearest(at), "10.32: toward the nearest camp");
    }
    let _ = bearer;
}

#[test]
fn rule_10_44_roman_units_do_not_rally_to_the_eagle_standard() {
    // A routed cohort beside its eagle's bearer is rallied only by a
    // leader's order (SPQR 10.2): with the Roman leader out of reach the
    // eagle does not rally it; with him beside it he may try.
    let b = support::play_until(52, |_, p| matches!(p, Pending::Orders { side: Side::Roman, .. }));
    let Pending::Orders { leader, .. } = b.pending() else { unreachable!() };
    let f = b.field();
    let routed = (0..f.units.len())
        .filter(|&u| f.def(u).unwrap().unit_type == gboh_core::unit::UnitType::CO)
        .find(|&u| {
            f.units[u].in_play()
                && gboh_standard::StandardGame::may_command(b.game(), f, leader, u)
                && b.game().eagles().carried_by(f, u).is_none()
        })
        .unwrap();
    let legion = f.def(routed).unwrap().group.clone().unwrap();
    let bearer = (0..f.units.len())
        .find(|&u| b.game().eagles().carried_by(f, u).as_deref() == Some(legion.as_str()))
        .unwrap();
    let at = f.units[routed].hex;
    let beside = Direction::E.neighbor(at);
    let mut s = support::save(&b);
    support::put(&mut s, routed, &f.label(at), Facing::Twelve);
    s.units[routed].status = UnitStatus::Routed;
    s.units[routed].hits = 0;
    s.units[bearer].hex = beside;
    s.units[bearer].status = UnitStatus::InPlay;
    let far_hex = (0..f.units.len())
        .map(|u| f.units[u].hex)
        .filter(|&h| f.board().label(h).is_some())
        .max_by_key(|&h| (Field::distance(h, at), f.label(h)))
        .unwrap();
    s.leaders[leader].hex = far_hex;
    let far = support::load(&s);
    assert_eq!(far.game().eagles().carried_by(far.field(), bearer), Some(legion));
    assert!(
        Rules::check(&far, &Action::Rally { unit: routed }).is_err(),
        "10.44: the eagle beside it rallies no one"
    );
    s.leaders[leader].hex = at;
    let near = support::load(&s);
    assert!(
        Rules::check(&near, &Action::Rally { unit: routed }).is_ok(),
        "SPQR 10.2: a leader with it may try: {:?}",
        Rules::check(&near, &Action::Rally { unit: routed })
    );
}
