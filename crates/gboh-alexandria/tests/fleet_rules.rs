//! The fleet rules on the real map: one test per rule where it matters
//! (5.25-5.29, 5.41-5.43, 9.15, 10.42, 7.32-7.33, 9.44, boarding, crew quality), with
//! scripted dice; a refused action leaves the game unchanged.

#![allow(clippy::expect_used, clippy::unwrap_used, clippy::panic)] // a failing test panics

use crate::fleet_common;

use fleet_common::{arena, hex, ok, refused};
use gboh_alexandria::fleet::tables::{self, RamResult};
use gboh_alexandria::fleet::{
    self, Action, Event, FleetError, FleetGame, GalleyIx, Loss, Passenger, Phase, Speed,
};
use gboh_alexandria::map::{self, areas};
use gboh_core::Side;
use gboh_core::dice::Dice;
use gboh_core::facing::Direction;
use hexx::Hex;

fn label(h: Hex) -> String {
    map::alexandria().unwrap().board().label(h).unwrap().to_string()
}

#[test]
fn rule_5_43_liburnian_bireme_example_cruise_0_to_8_declares_5_must_spend_5() {
    let (mut game, ids) =
        arena(&[("Roman Liburnian-1", hex("3330"), Direction::NE)], Side::Roman, &[]);
    let g = ids[0];
    let cruise: Vec<u8> = fleet::actions(&game)
        .iter()
        .filter_map(|a| match a {
            Action::Declare { speed: Speed::Cruise, mp, .. } => Some(*mp),
            _ => None,
        })
        .collect();
    assert_eq!(cruise, (0..=8).collect::<Vec<_>>(), "5.43: from 0 to 8 MP at Cruise");
    refused(
        &mut game,
        Action::Declare { galley: g, speed: Speed::Cruise, mp: 9 },
        "[Alexandria 5.41]",
    );
    ok(&mut game, Action::Declare { galley: g, speed: Speed::Cruise, mp: 5 });
    let mut spent = 0;
    while spent < 5 {
        let e = refused(&mut game, Action::EndMovement, "[Alexandria 5.43]");
        assert_eq!(e, FleetError::MpLeft(5 - spent));
        let step = if fleet::legal(&game, &Action::Forward).is_ok() {
            Action::Forward
        } else {
            Action::Turn { clockwise: true }
        };
        ok(&mut game, step);
        spent += 1;
        assert_eq!(game.galleys[g].spent, spent);
    }
    refused(&mut game, Action::Forward, "[Alexandria 5.34]");
    ok(&mut game, Action::EndMovement);
    assert!(game.galleys[g].done && game.current.is_none());
}

#[test]
fn rule_5_43_attack_speed_declares_at_least_2_mp() {
    let (mut game, ids) =
        arena(&[("Roman Trireme-1", hex("3330"), Direction::NE)], Side::Roman, &[]);
    let g = ids[0];
    refused(&mut game, Action::Declare { galley: g, speed: Speed::Attack, mp: 1 }, "at least 2 MP");
    refused(
        &mut game,
        Action::Declare { galley: g, speed: Speed::Attack, mp: 0 },
        "[Alexandria 5.43]",
    );
    ok(&mut game, Action::Declare { galley: g, speed: Speed::Attack, mp: 2 });
    assert_eq!(game.galleys[g].speed, Speed::Attack);
}

#[test]
fn rule_5_42_fatigued_crippled_or_halved_galleys_go_at_cruise() {
    for (what, set) in [
        ("fatigue 4", (|g: &mut fleet::GalleyState| g.fatigue = 4) as fn(&mut fleet::GalleyState)),
        ("crippled", |g| g.crippled = true),
        ("halved", |g| g.halved = true),
    ] {
        let (mut game, ids) =
            arena(&[("Roman Trireme-1", hex("3330"), Direction::NE)], Side::Roman, &[]);
        let g = ids[0];
        set(&mut game.galleys[g]);
        refused(
            &mut game,
            Action::Declare { galley: g, speed: Speed::Attack, mp: 2 },
            "[Alexandria 5.42]",
        );
        ok(&mut game, Action::Declare { galley: g, speed: Speed::Cruise, mp: 1 });
        assert_eq!(game.galleys[g].speed, Speed::Cruise, "{what}");
    }
    let (game, ids) = arena(&[("Roman Trireme-1", hex("3330"), Direction::NE)], Side::Roman, &[]);
    assert_eq!(game.galleys[ids[0]].fatigue, 0);
    let mut g3 = game.galleys[ids[0]].clone();
    g3.fatigue = 3;
    assert!(!g3.cruise_only(4), "5.42: 4 or more, so 3 may still choose");
}

/// A sea hex next to a shoal hex, with the direction into the shoal.
fn beside_shoal() -> (Hex, Direction, Hex) {
    let m = map::alexandria().unwrap();
    let b = m.board();
    for &s in b.area(areas::SHOALS).unwrap().hexes() {
        for d in Direction::ALL {
            let from = d.opposite().neighbor(s);
            if b.contains(from)
                && !b.in_area(areas::SHOALS, from)
                && m.galley_step(from, s).is_ok()
                && m.galley_step(s, from).is_ok()
            {
                return (from, d, s);
            }
        }
    }
    panic!("no approach to the shoals");
}

#[test]
fn rule_5_28_shoals_cost_2_mp_and_a_6_runs_aground_plus_1_at_attack_speed() {
    let (from, d, shoal) = beside_shoal();
    let run = |speed: Speed, mp: u8, die: u8| {
        let (mut game, ids) = arena(&[("Roman Trireme-1", from, d)], Side::Roman, &[die]);
        ok(&mut game, Action::Declare { galley: ids[0], speed, mp });
        (game, ids[0])
    };
    // 5.28/5.36: 2 MP to enter; 1 MP left is not enough.
    let (mut game, _) = run(Speed::Cruise, 1, 6);
    refused(&mut game, Action::Forward, "[Alexandria 5.34]");
    // Cruise: 5 clears, 6 grounds.
    let (mut game, g) = run(Speed::Cruise, 2, 5);
    let ev = ok(&mut game, Action::Forward);
    assert_eq!(game.galleys[g].hex, shoal, "into {}", label(shoal));
    assert_eq!(game.galleys[g].spent, 2);
    assert!(ev.iter().any(|e| matches!(e, Event::Shoals { aground: false, .. })));
    let (mut game, g) = run(Speed::Cruise, 2, 6);
    ok(&mut game, Action::Forward);
    assert!(game.galleys[g].aground);
    // Attack speed adds 1: a 5 grounds.
    let (mut game, g) = run(Speed::Attack, 4, 5);
    ok(&mut game, Action::Forward);
    assert!(game.galleys[g].aground, "5 + 1 = 6");
    // Aground: stuck, movement ends early (5.43 exception), and for the rest of the game.
    refused(&mut game, Action::Turn { clockwise: true }, "[Alexandria 5.42]");
    ok(&mut game, Action::EndMovement);
    assert_eq!(game.galleys[g].ma(Speed::Cruise), 0);
}

#[test]
fn rule_5_27_a_galley_entering_a_slip_stops_and_faces_freely_never_slip_to_slip() {
    let m = map::alexandria().unwrap();
    let b = m.board();
    let slip = hex("2831");
    let d = Direction::ALL
        .into_iter()
        .find(|d| {
            let from = d.opposite().neighbor(slip);
            !b.in_area(areas::SLIPS, from) && m.galley_step(from, slip).is_ok()
        })
        .expect("a slip is reached from the sea");
    let from = d.opposite().neighbor(slip);
    let (mut game, ids) = arena(&[("Roman Trireme-1", from, d)], Side::Roman, &[]);
    ok(&mut game, Action::Declare { galley: ids[0], speed: Speed::Cruise, mp: 5 });
    let ev = ok(&mut game, Action::Forward);
    assert!(ev.iter().any(|e| matches!(e, Event::EnteredSlip { .. })));
    refused(&mut game, Action::Forward, "[Alexandria 5.43]");
    refused(&mut game, Action::Turn { clockwise: true }, "[Alexandria 5.43]");
    let faces = fleet::actions(&game).iter().filter(|a| matches!(a, Action::Face { .. })).count();
    assert_eq!(faces, 5, "any of the other five headings");
    ok(&mut game, Action::Face { heading: d.opposite() });
    assert!(game.galleys[ids[0]].done);
    // Slip to slip: from 2830 toward 2831.
    let dir = Direction::between(hex("2830"), hex("2831")).expect("adjacent slips");
    let (mut game, ids) = arena(&[("Roman Trireme-1", hex("2830"), dir)], Side::Roman, &[]);
    ok(&mut game, Action::Declare { galley: ids[0], speed: Speed::Cruise, mp: 3 });
    refused(&mut game, Action::Forward, "[Alexandria 5.27]");
}

#[test]
fn rule_5_27_galleys_in_slips_may_not_be_rammed_or_raked_but_may_be_grappled() {
    let slip = hex("2832");
    let m = map::alexandria().unwrap();
    let d = Direction::ALL
        .into_iter()
        .find(|d| {
            let a = d.opposite().neighbor(slip);
            let b = d.opposite().neighbor(a);
            m.galley_step(b, a).is_ok()
                && !m.board().in_area(areas::SLIPS, a)
                && m.galley_step(a, slip).is_ok()
        })
        .unwrap();
    let a = d.opposite().neighbor(slip);
    let start = d.opposite().neighbor(a);
    let (mut game, ids) =
        arena(&[("Roman Trireme-1", start, d), ("Egyptian Trireme-1", slip, d)], Side::Roman, &[0]);
    ok(&mut game, Action::Declare { galley: ids[0], speed: Speed::Attack, mp: 4 });
    ok(&mut game, Action::Forward);
    refused(&mut game, Action::Ram { target: ids[1] }, "[Alexandria 5.27]");
    let ev = ok(&mut game, Action::Grapple { target: ids[1] });
    assert!(ev.iter().any(|e| matches!(e, Event::Grappled { success: true, .. })));
}

#[test]
fn rule_5_25_galleys_pass_the_overpasses_but_never_end_there() {
    let m = map::alexandria().unwrap();
    let b = m.board();
    let mut found = None;
    for &o in b.area(areas::OVERPASSES).unwrap().hexes() {
        for d in Direction::ALL {
            let from = d.opposite().neighbor(o);
            let beyond = d.neighbor(o);
            if m.galley_step(from, o).is_ok() && m.galley_step(o, beyond).is_ok() {
                found = Some((from, d, o, beyond));
            }
        }
    }
    let (from, d, o, beyond) = found.expect("a way through an overpass");
    let (mut game, ids) = arena(&[("Roman Trireme-1", from, d)], Side::Roman, &[]);
    ok(&mut game, Action::Declare { galley: ids[0], speed: Speed::Cruise, mp: 1 });
    refused(&mut game, Action::Forward, "[Alexandria 5.25]");
    let (mut game, ids) = arena(&[("Roman Trireme-1", from, d)], Side::Roman, &[]);
    ok(&mut game, Action::Declare { galley: ids[0], speed: Speed::Cruise, mp: 2 });
    ok(&mut game, Action::Forward);
    assert_eq!(game.galleys[ids[0]].hex, o);
    refused(&mut game, Action::Turn { clockwise: true }, "[Alexandria 5.25]");
    assert_eq!(fleet::actions(&game), vec![Action::Forward], "straight through");
    ok(&mut game, Action::Forward);
    assert_eq!(game.galleys[ids[0]].hex, beyond);
    // Enemy land units in the overpass close it.
    let (mut game, ids) = arena(&[("Roman Trireme-1", from, d)], Side::Roman, &[]);
    game.land.push((o, Side::Adversary));
    ok(&mut game, Action::Declare { galley: ids[0], speed: Speed::Cruise, mp: 2 });
    refused(&mut game, Action::Forward, "[Alexandria 5.25]");
}

#[test]
fn rule_5_26_the_lighthouse_holder_denies_3931_to_enemy_galleys() {
    let m = map::alexandria().unwrap();
    let target = hex("3931");
    let d = Direction::ALL
        .into_iter()
        .find(|d| m.galley_step(d.opposite().neighbor(target), target).is_ok())
        .unwrap();
    let from = d.opposite().neighbor(target);
    for (holder, denied) in
        [(Some(Side::Roman), true), (Some(Side::Adversary), false), (None, false)]
    {
        let (mut game, ids) = arena(&[("Egyptian Trireme-1", from, d)], Side::Adversary, &[]);
        game.lighthouse_holder = holder;
        ok(&mut game, Action::Declare { galley: ids[0], speed: Speed::Cruise, mp: 1 });
        if denied {
            refused(&mut game, Action::Forward, "[Alexandria 5.26]");
        } else {
            ok(&mut game, Action::Forward);
        }
    }
}

#[test]
fn rule_5_29_and_5_48_beach_on_an_eligible_coast_and_debark() {
    let m = map::alexandria().unwrap();
    let beach = hex("3508");
    assert!(m.is_beach(beach));
    let (mut game, ids) =
        arena(&[("Egyptian Quinquereme-1", beach, Direction::NE)], Side::Adversary, &[]);
    assert_eq!(game.galleys[ids[0]].aboard.len(), 1, "Egyptian MI-1 aboard");
    ok(&mut game, Action::Declare { galley: ids[0], speed: Speed::Cruise, mp: 0 });
    refused(&mut game, Action::Debark { unit: "Egyptian MI-1".into() }, "[Alexandria 5.48]");
    ok(&mut game, Action::Beach);
    ok(&mut game, Action::Debark { unit: "Egyptian MI-1".into() });
    assert_eq!(game.ashore.len(), 1);
    assert_eq!(game.ashore[0].2, beach);
    ok(&mut game, Action::Embark { unit: "Egyptian MI-1".into() });
    assert_eq!(game.galleys[ids[0]].aboard.len(), 1);
    ok(&mut game, Action::EndMovement);
    // Not on an eligible coast.
    let (mut game, ids) =
        arena(&[("Egyptian Quinquereme-1", hex("3330"), Direction::NE)], Side::Adversary, &[]);
    ok(&mut game, Action::Declare { galley: ids[0], speed: Speed::Cruise, mp: 0 });
    refused(&mut game, Action::Beach, "[Alexandria 5.29]");
}

/// A rammer two hexes behind a target's stern, both heading NE.
fn ram_setup(rammer: &str, target: &str, dice: &[u8]) -> (FleetGame, GalleyIx, GalleyIx) {
    let t = hex("3434");
    let a = Direction::SW.neighbor(t);
    let start = Direction::SW.neighbor(a);
    let (game, ids) =
        arena(&[(rammer, start, Direction::NE), (target, t, Direction::NE)], Side::Roman, dice);
    (game, ids[0], ids[1])
}

#[test]
fn rule_9_15_retract_uses_the_original_roll_otherwise_the_galleys_foul() {
    let t = tables::tables().unwrap();
    // Roman Trireme (ram 1, retract 5) into an Egyptian Trireme's stern (+2).
    for (face, retract) in [(5u8, true), (6, false)] {
        let (mut game, r, e) = ram_setup("Roman Trireme-1", "Egyptian Trireme-1", &[face]);
        ok(&mut game, Action::Declare { galley: r, speed: Speed::Attack, mp: 3 });
        ok(&mut game, Action::Forward);
        let ev = ok(&mut game, Action::Ram { target: e });
        let total = i32::from(face) + i32::from(t.ram.stern.value);
        let want = tables::lookup(&t.ram.rows, total).unwrap();
        assert!(ev.iter().any(|x| matches!(x, Event::Rammed { result, roll, .. } if *result == want && roll.total == total)), "{ev:?}");
        assert!(
            ev.iter().any(
                |x| matches!(x, Event::Retract { success, need: 5, .. } if *success == retract)
            )
        );
        assert_eq!(game.galleys[r].fouled.is_some(), !retract);
        assert_eq!(game.galleys[e].fouled, game.galleys[r].fouled.map(|_| r));
        // 5.43 exception: the ram ends the movement with MP unspent.
        assert!(game.galleys[r].remaining() > 0);
        ok(&mut game, Action::EndMovement);
    }
}

#[test]
fn rule_9_1_no_ram_at_cruise_nor_head_on() {
    let (mut game, r, e) = ram_setup("Roman Trireme-1", "Egyptian Trireme-1", &[5]);
    ok(&mut game, Action::Declare { galley: r, speed: Speed::Cruise, mp: 3 });
    ok(&mut game, Action::Forward);
    refused(&mut game, Action::Ram { target: e }, "Attack speed");
    // No way on: adjacent from the start, it must row forward first.
    let (mut game, r, e) = ram_setup("Roman Trireme-1", "Egyptian Trireme-1", &[5]);
    game.galleys[r].hex = Direction::SW.neighbor(game.galleys[e].hex);
    ok(&mut game, Action::Declare { galley: r, speed: Speed::Attack, mp: 3 });
    refused(&mut game, Action::Ram { target: e }, "way on");
    let (mut game, r, e) = ram_setup("Roman Trireme-1", "Egyptian Trireme-1", &[5]);
    game.galleys[e].heading = Direction::SW; // bow to bow
    ok(&mut game, Action::Declare { galley: r, speed: Speed::Attack, mp: 3 });
    ok(&mut game, Action::Forward);
    refused(&mut game, Action::Ram { target: e }, "head-on");
}

#[test]
fn rule_10_42_a_holed_galley_checks_in_the_fleet_status_phase_and_drags_down_its_grappled() {
    // Ram roll 9 into the stern: 9 + 2 - 2 (trireme 1 vs quinquereme 3) = 9: holed twice.
    // Retract fails (9 > 5): fouled. Status: sinking d10 3 < 6 sinks.
    let (mut game, r, e) = ram_setup("Roman Trireme-1", "Egyptian Quinquereme-1", &[9, 3]);
    let third = game.galley_index("Rhodian Quinquereme-1").unwrap();
    // A third galley grappled to the target is dragged down with her.
    game.galleys[third].lost = None;
    game.galleys[third].hex = Direction::E.neighbor(hex("3434"));
    game.galleys[third].grappled = vec![e];
    game.galleys[e].grappled = vec![third];
    ok(&mut game, Action::Declare { galley: r, speed: Speed::Attack, mp: 3 });
    ok(&mut game, Action::Forward);
    let ev = ok(&mut game, Action::Ram { target: e });
    assert!(
        ev.iter().any(|x| matches!(x, Event::Rammed { result: RamResult::Holed(2), .. })),
        "{ev:?}"
    );
    assert_eq!(game.galleys[e].holes, 2);
    ok(&mut game, Action::EndMovement);
    ok(&mut game, Action::EndPhase);
    // Boarding phase: the Rhodian may board; skip it.
    ok(&mut game, Action::EndPhase);
    assert_eq!(game.phase, Phase::Disengage);
    let ev = ok(&mut game, Action::EndPhase);
    assert!(
        ev.iter().any(|x| matches!(x, Event::SinkingCheck { holes: 2, face: 3, sank: true, .. }))
    );
    assert_eq!(game.galleys[e].lost, Some(Loss::Sunk));
    assert_eq!(game.galleys[third].lost, Some(Loss::Dragged), "War Galley: dragged down");
    assert!(game.galleys[r].fouled.is_none(), "the foul ends with the wreck");
    assert!(game.eliminated.iter().any(|(u, _)| u == "Egyptian MI-1"));
    assert_eq!(game.active, Side::Adversary);
    assert!(game.problems().is_empty(), "{:?}", game.problems());
}

#[test]
fn rule_7_32_and_7_33_firefighting_then_the_fire_spreads_to_grappled_galleys() {
    let a = hex("3434");
    let b = Direction::E.neighbor(a);
    let (mut game, ids) = arena(
        &[("Roman Trireme-1", a, Direction::NE), ("Egyptian Trireme-1", b, Direction::NE)],
        Side::Roman,
        &[6, 1],
    );
    let (r, e) = (ids[0], ids[1]);
    game.galleys[r].on_fire = true;
    game.galleys[r].grappled = vec![e];
    game.galleys[e].grappled = vec![r];
    game.phase = Phase::Disengage;
    // 7.32: d10 6 still burning (1 hit); 7.33: d10 1 spreads to the grappled enemy.
    let ev = ok(&mut game, Action::EndPhase);
    let kinds: Vec<_> = ev.iter().filter(|x| !matches!(x, Event::TurnPassed { .. })).collect();
    assert!(matches!(kinds[0], Event::Firefighting { face: 6, .. }));
    assert!(matches!(kinds[1], Event::SpreadCheck { face: 1, .. }));
    assert!(matches!(kinds[2], Event::CaughtFire { from: Some(_), .. }));
    assert_eq!(game.galleys[r].hits, 1);
    assert!(game.galleys[e].on_fire);
    // The burned: d10 9 burns her to the waterline, and she counts as lost.
    let (mut game, ids) = arena(&[("Roman Trireme-1", a, Direction::NE)], Side::Roman, &[9]);
    game.galleys[ids[0]].on_fire = true;
    game.phase = Phase::Disengage;
    ok(&mut game, Action::EndPhase);
    assert_eq!(game.galleys[ids[0]].lost, Some(Loss::Burned));
}

#[test]
fn rule_9_44_a_fouled_galley_may_try_to_disengage_once() {
    let a = hex("3434");
    let b = Direction::E.neighbor(a);
    for (face, free) in [(4u8, true), (5, false)] {
        let (mut game, ids) = arena(
            &[("Roman Trireme-1", a, Direction::NE), ("Egyptian Trireme-1", b, Direction::NE)],
            Side::Roman,
            &[face],
        );
        game.galleys[ids[0]].fouled = Some(ids[1]);
        game.galleys[ids[1]].fouled = Some(ids[0]);
        refused(&mut game, Action::Disengage { galley: ids[0] }, "[Alexandria 3.0]");
        game.phase = Phase::Disengage;
        refused(&mut game, Action::Disengage { galley: ids[1] }, "[Alexandria 4.42]");
        ok(&mut game, Action::Disengage { galley: ids[0] });
        assert_eq!(game.galleys[ids[0]].fouled.is_none(), free);
        assert_eq!(game.galleys[ids[1]].fouled.is_none(), free);
        if !free {
            refused(&mut game, Action::Disengage { galley: ids[0] }, "[Alexandria 9.44]");
        }
    }
}

#[test]
fn boarding_carries_a_deck_then_captures_a_galley_with_no_land_units() {
    let a = hex("3434");
    let b = Direction::E.neighbor(a);
    // Egyptian Quinquereme (4 marines + MI TQ 7 / 2 = 7) boards a Roman Liburnian (1).
    let (mut game, ids) = arena(
        &[("Egyptian Quinquereme-1", a, Direction::NE), ("Roman Liburnian-1", b, Direction::NE)],
        Side::Adversary,
        &[0, 5],
    );
    let (e, r) = (ids[0], ids[1]);
    game.galleys[r].aboard.push(Passenger { id: "VI-1".into(), tq: 6, leader: false });
    game.galleys[e].grappled = vec![r];
    game.galleys[r].grappled = vec![e];
    game.phase = Phase::Boarding;
    // d10 0 + 7 - 4 = 3: melee. Once per activation.
    let ev = ok(&mut game, Action::Board { galley: e, target: r });
    assert!(
        ev.iter().any(
            |x| matches!(x, Event::Boarding { strengths: (7, 4), roll, .. } if roll.total == 3)
        )
    );
    refused(&mut game, Action::Board { galley: e, target: r }, "once per activation");
    game.galleys[e].boarded = false;
    // d10 5 + 3 = 8: carried; VI-1 is lost.
    ok(&mut game, Action::Board { galley: e, target: r });
    assert!(game.galleys[r].aboard.is_empty());
    assert_eq!(game.galleys[r].side, Side::Roman);
    game.galleys[e].boarded = false;
    game.dice = Dice::scripted([9]);
    let ev = ok(&mut game, Action::Board { galley: e, target: r });
    assert!(ev.iter().any(|x| matches!(x, Event::Captured { by: Side::Adversary, .. })));
    assert_eq!(game.galleys[r].side, Side::Adversary);
    assert!(game.galleys[r].grappled.is_empty() && game.galleys[e].grappled.is_empty());
    assert!(game.galleys[r].captured);
    assert_eq!(game.galleys[r].ma(Speed::Cruise), 4, "5.42: halved by capture");
}

#[test]
fn every_narrated_line_names_hexes_by_their_labels() {
    let mut lines = Vec::new();
    let report = fleet::naval::play(2, 4, |l| lines.push(l.to_owned())).unwrap();
    assert!(report.actions > 0);
    assert!(lines.iter().any(|l| l.contains("rows 3") && l.contains(" -> ")));
    assert!(lines.iter().all(|l| !l.contains("Hex {") && !l.contains("(0,")), "{lines:?}");
}

#[test]
fn rule_5_33_and_5_35_galleys_keep_off_land_the_pharos_neck_and_the_mole() {
    let m = map::alexandria().unwrap();
    let b = m.board();
    // Every refusal of the map shows up as the galley's error, with its rule.
    let mut seen = Vec::new();
    for h in b.hexes() {
        if !(b.in_area(areas::SEA, h) || b.in_area(areas::COASTAL, h)) {
            continue;
        }
        for d in Direction::ALL {
            if let Err(e) = m.galley_step(h, d.neighbor(h))
                && b.contains(d.neighbor(h))
                && !seen.contains(&e)
            {
                let (mut game, ids) = arena(&[("Roman Trireme-1", h, d)], Side::Roman, &[]);
                ok(&mut game, Action::Declare { galley: ids[0], speed: Speed::Cruise, mp: 2 });
                let want = format!("[Alexandria {}]", e.to_string().split(':').next().unwrap());
                refused(&mut game, Action::Forward, &want);
                seen.push(e);
            }
        }
    }
    for e in [
        map::GalleyStepError::Land,
        map::GalleyStepError::AllLandHexside,
        map::GalleyStepError::Mole,
    ] {
        assert!(seen.contains(&e), "{e:?} never met on the map");
    }
}

#[test]
fn rake_alongside_at_attack_speed_halves_then_cripples() {
    let a = hex("3434");
    let b = Direction::E.neighbor(a); // in the raker's bow quarter, the raker in her stern quarter
    let t = tables::tables().unwrap();
    // Trireme (size 1) against trireme: d10 5 -> raked, d10 4 again -> crippled.
    let (mut game, ids) = arena(
        &[("Roman Trireme-1", a, Direction::NE), ("Egyptian Trireme-1", b, Direction::NE)],
        Side::Roman,
        &[5, 4],
    );
    let (r, e) = (ids[0], ids[1]);
    assert_eq!(tables::lookup(&t.rake.rows, 5), Some(tables::RakeResult::Raked));
    ok(&mut game, Action::Declare { galley: r, speed: Speed::Cruise, mp: 2 });
    refused(&mut game, Action::Rake { target: e }, "Attack speed");
    let (mut game, _) = arena(
        &[("Roman Trireme-1", a, Direction::NE), ("Egyptian Trireme-1", b, Direction::NE)],
        Side::Roman,
        &[5, 4],
    );
    ok(&mut game, Action::Declare { galley: r, speed: Speed::Attack, mp: 3 });
    ok(&mut game, Action::Rake { target: e });
    assert!(game.galleys[e].halved && !game.galleys[e].crippled);
    assert_eq!(game.galleys[e].ma(Speed::Cruise), 3, "5.42: MA halved");
    ok(&mut game, Action::Rake { target: e });
    assert!(game.galleys[e].crippled, "a second rake cripples");
    refused(&mut game, Action::Rake { target: e }, "crippled");
    // Bow to bow is no rake.
    let (mut game, _) = arena(
        &[
            ("Roman Trireme-1", a, Direction::NE),
            ("Egyptian Trireme-1", Direction::NE.neighbor(a), Direction::SW),
        ],
        Side::Roman,
        &[5],
    );
    ok(&mut game, Action::Declare { galley: r, speed: Speed::Attack, mp: 3 });
    refused(&mut game, Action::Rake { target: e }, "alongside");
}

#[test]
fn fire_arrows_reach_two_hexes_once_an_activation_and_a_failed_grapple_still_ends_movement() {
    let a = hex("3434");
    let near = Direction::E.neighbor(Direction::E.neighbor(a));
    let far = Direction::E.neighbor(near);
    let (mut game, ids) = arena(
        &[("Roman Trireme-1", a, Direction::NE), ("Egyptian Trireme-1", far, Direction::NE)],
        Side::Roman,
        &[0],
    );
    ok(&mut game, Action::Declare { galley: ids[0], speed: Speed::Cruise, mp: 2 });
    refused(&mut game, Action::FireArrows { target: ids[1] }, "range (2 hexes)");
    game.galleys[ids[1]].hex = near;
    let ev = ok(&mut game, Action::FireArrows { target: ids[1] });
    assert!(ev.iter().any(|x| matches!(x, Event::CaughtFire { from: None, .. })));
    assert!(game.galleys[ids[1]].on_fire);
    refused(&mut game, Action::FireArrows { target: ids[1] }, "once per activation");
    // Grapnels fall short on a 9 (needs 5, or 6 with more marines): movement ends anyway.
    let b = Direction::E.neighbor(a);
    let (mut game, ids) = arena(
        &[("Roman Trireme-1", a, Direction::NE), ("Egyptian Trireme-1", b, Direction::NE)],
        Side::Roman,
        &[9],
    );
    ok(&mut game, Action::Declare { galley: ids[0], speed: Speed::Cruise, mp: 4 });
    let ev = ok(&mut game, Action::Grapple { target: ids[1] });
    assert!(ev.iter().any(|x| matches!(x, Event::Grappled { success: false, need: 5, .. })));
    refused(&mut game, Action::Forward, "[Alexandria 5.43]");
    ok(&mut game, Action::EndMovement);
    assert!(game.galleys[ids[0]].grappled.is_empty());
}

#[test]
fn rule_5_43_a_collision_at_cruise_ends_movement_fouls_and_halves_both() {
    let a = hex("3434");
    let b = Direction::NE.neighbor(a);
    let place = [("Roman Trireme-1", a, Direction::NE), ("Egyptian Trireme-1", b, Direction::E)];
    let (mut game, ids) = arena(&place, Side::Roman, &[]);
    let (r, e) = (ids[0], ids[1]);
    ok(&mut game, Action::Declare { galley: r, speed: Speed::Attack, mp: 4 });
    refused(&mut game, Action::Collide { target: e }, "collisions are at Cruise");
    let (mut game, _) = arena(&place, Side::Roman, &[]);
    ok(&mut game, Action::Declare { galley: r, speed: Speed::Cruise, mp: 4 });
    refused(&mut game, Action::Forward, "one galley a hex");
    let ev = ok(&mut game, Action::Collide { target: e });
    assert!(ev.iter().any(|x| matches!(x, Event::Collided { fouled: true, .. })));
    assert!(game.galleys[r].halved && game.galleys[e].halved, "5.42: halved through Collision");
    assert_eq!((game.galleys[r].fouled, game.galleys[e].fouled), (Some(e), Some(r)));
    // 5.43: it stops with 4 MP announced and unspent.
    assert_eq!(game.galleys[r].remaining(), 4);
    ok(&mut game, Action::EndMovement);
}

#[test]
fn rule_5_47_backwater_into_the_stern_hex_at_cruise_for_2_mp_heading_kept() {
    let a = hex("3434");
    let (mut game, ids) = arena(&[("Roman Trireme-1", a, Direction::NE)], Side::Roman, &[]);
    ok(&mut game, Action::Declare { galley: ids[0], speed: Speed::Cruise, mp: 3 });
    let ev = ok(&mut game, Action::Backwater);
    assert!(ev.iter().any(|x| matches!(x, Event::Moved { backwater: true, mp: 2, .. })));
    let g = &game.galleys[ids[0]];
    assert_eq!((g.hex, g.heading, g.spent), (Direction::SW.neighbor(a), Direction::NE, 2));
    refused(&mut game, Action::Backwater, "[Alexandria 5.34]");
    let (mut game, ids) = arena(&[("Roman Trireme-1", a, Direction::NE)], Side::Roman, &[]);
    ok(&mut game, Action::Declare { galley: ids[0], speed: Speed::Attack, mp: 3 });
    refused(&mut game, Action::Backwater, "[Alexandria 5.47]");
}

/// Crew quality (reconstructed, Bell. Alex. 15): the Rhodians' Elite +1 is
/// added to their ram and grapple and taken from an Egyptian's against them.
#[test]
fn crew_quality_adds_to_the_rhodian_ram_and_grapple_and_takes_from_the_enemy_s() {
    let t = tables::tables().unwrap();
    assert_eq!(t.crew("Rhodian Quadrireme-1"), 1);
    assert_eq!(t.crew("Egyptian Quadrireme-1"), 0);
    let face = 4u8;
    let stern = i32::from(t.ram.stern.value);
    for (rammer, target, side, crew) in [
        ("Rhodian Quadrireme-1", "Egyptian Quadrireme-1", Side::Roman, 1),
        ("Egyptian Quadrireme-1", "Rhodian Quadrireme-1", Side::Adversary, -1),
    ] {
        let (mut game, r, e) = ram_setup(rammer, target, &[face]);
        game.active = side;
        ok(&mut game, Action::Declare { galley: r, speed: Speed::Attack, mp: 3 });
        ok(&mut game, Action::Forward);
        let ev = ok(&mut game, Action::Ram { target: e });
        // Equal classes: d10 + stern + crew difference.
        let total = i32::from(face) + stern + crew;
        assert!(
            ev.iter().any(|x| matches!(x, Event::Rammed { roll, .. } if roll.total == total)),
            "{rammer}: {ev:?}"
        );
        // 9.15 still reads the original roll against the class's number.
        assert!(ev.iter().any(|x| matches!(x, Event::Retract { face: 4, need: 4, .. })), "{ev:?}");
    }
    // Grapple: equal marines, so base 5 plus the crew difference.
    let a = hex("3434");
    let b = Direction::E.neighbor(a);
    for (grappler, target, side, need) in [
        ("Rhodian Quadrireme-1", "Egyptian Quadrireme-1", Side::Roman, 6),
        ("Egyptian Quadrireme-1", "Rhodian Quadrireme-1", Side::Adversary, 4),
    ] {
        let (mut game, ids) =
            arena(&[(grappler, a, Direction::NE), (target, b, Direction::NE)], side, &[5]);
        ok(&mut game, Action::Declare { galley: ids[0], speed: Speed::Cruise, mp: 4 });
        let ev = ok(&mut game, Action::Grapple { target: ids[1] });
        assert!(
            ev.iter().any(|x| matches!(x, Event::Grappled { need: n, success, .. } if *n == need && *success == (5 <= need))),
            "{grappler}: {ev:?}"
        );
    }
}
