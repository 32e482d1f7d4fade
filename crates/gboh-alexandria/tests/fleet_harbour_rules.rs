//! 5.26 the Lighthouse holder's choice and 5.27 Slips set afire by
//! missiles, on the real map with scripted dice.

#![allow(clippy::expect_used, clippy::unwrap_used, clippy::panic)] // a failing test panics

use crate::fleet_common;

use fleet_common::{arena, fleet_status, hex, ok, refused};
use gboh_alexandria::fleet::{self, Action, Event, Speed, tables};
use gboh_alexandria::map::{self, areas};
use gboh_core::Side;
use gboh_core::facing::Direction;
use hexx::Hex;

/// A sea hex from which a galley heading `d` rows straight into `to`.
fn approach(to: Hex) -> (Hex, Direction) {
    let m = map::alexandria().unwrap();
    let d = Direction::ALL
        .into_iter()
        .find(|d| {
            let from = d.opposite().neighbor(to);
            !m.board().in_area(areas::SLIPS, from)
                && !m.board().in_area(areas::SHOALS, from)
                && m.galley_step(from, to).is_ok()
        })
        .expect("reached from the sea");
    (d.opposite().neighbor(to), d)
}

#[test]
fn rule_5_26_the_holder_chooses_which_of_3931_3932_4032_to_deny() {
    let (from, d) = approach(hex("3931"));
    let (mut game, ids) = arena(&[("Egyptian Trireme-1", from, d)], Side::Roman, &[]);
    game.lighthouse_holder = Some(Side::Roman);
    // The default denies all three to enemy galleys.
    for h in ["3931", "3932", "4032"] {
        assert!(game.lighthouse_denies(hex(h), Side::Adversary), "{h}");
        assert!(!game.lighthouse_denies(hex(h), Side::Roman), "{h}: not to his own");
    }
    // The holder, active, is offered the three toggles (all "open").
    let offered: Vec<_> = fleet::actions(&game)
        .into_iter()
        .filter(|a| matches!(a, Action::DenyLighthouse { .. }))
        .collect();
    assert_eq!(offered.len(), 3);
    assert!(offered.iter().all(|a| matches!(a, Action::DenyLighthouse { deny: false, .. })));
    refused(
        &mut game,
        Action::DenyLighthouse { hex: hex("3931"), deny: true },
        "[Alexandria 5.26] that hex is denied already",
    );
    refused(
        &mut game,
        Action::DenyLighthouse { hex: hex("3930"), deny: false },
        "[Alexandria 5.26] the Lighthouse denies only 3931, 3932 and 4032",
    );
    let ev = ok(&mut game, Action::DenyLighthouse { hex: hex("3931"), deny: false });
    assert_eq!(
        ev,
        vec![Event::LighthouseDenial { by: Side::Roman, hex: hex("3931"), denied: false }]
    );
    assert!(
        fleet::narrate(&game, &ev[0]).contains("open 3931"),
        "{}",
        fleet::narrate(&game, &ev[0])
    );
    assert!(!game.lighthouse_denies(hex("3931"), Side::Adversary));
    assert!(game.lighthouse_denies(hex("3932"), Side::Adversary), "the others stay denied");
    // The Egyptian galley may now row into 3931.
    game.active = Side::Adversary;
    ok(&mut game, Action::Declare { galley: ids[0], speed: Speed::Cruise, mp: 1 });
    refused(
        &mut game,
        Action::DenyLighthouse { hex: hex("3932"), deny: false },
        "[Alexandria 5.31]",
    );
    ok(&mut game, Action::Forward);
    assert_eq!(game.galleys[ids[0]].hex, hex("3931"));
}

#[test]
fn rule_5_26_only_the_holder_chooses_and_a_new_holder_starts_denying_all() {
    let (from, d) = approach(hex("3931"));
    let (mut game, ids) = arena(&[("Egyptian Trireme-1", from, d)], Side::Adversary, &[]);
    game.lighthouse_holder = Some(Side::Roman);
    // The Egyptians, active, do not hold it: no toggle, a refusal.
    assert!(!fleet::actions(&game).iter().any(|a| matches!(a, Action::DenyLighthouse { .. })));
    refused(
        &mut game,
        Action::DenyLighthouse { hex: hex("3931"), deny: false },
        "[Alexandria 5.26] only the player with a combat unit in the Lighthouse",
    );
    // The land game's call: the Roman holder opens 3931 in the Egyptian turn.
    let before = game.clone();
    assert!(game.set_lighthouse_denial(Side::Adversary, hex("3931"), false).is_err());
    assert_eq!(game, before);
    game.set_lighthouse_denial(Side::Roman, hex("3931"), false).unwrap();
    ok(&mut game, Action::Declare { galley: ids[0], speed: Speed::Cruise, mp: 1 });
    ok(&mut game, Action::Forward);
    // The Lighthouse changes hands and back: the choice is reset to deny all.
    let (mut game, ids) = arena(&[("Egyptian Trireme-1", from, d)], Side::Adversary, &[]);
    game.lighthouse_holder = Some(Side::Roman);
    game.set_lighthouse_denial(Side::Roman, hex("3931"), false).unwrap();
    game.set_lighthouse_holder(Some(Side::Roman));
    assert!(
        !game.lighthouse_denies(hex("3931"), Side::Adversary),
        "the same holder keeps his choice"
    );
    game.set_lighthouse_holder(Some(Side::Adversary));
    assert!(!game.lighthouse_denies(hex("3931"), Side::Adversary), "his own galleys pass");
    assert!(game.lighthouse_denies(hex("3931"), Side::Roman));
    game.set_lighthouse_holder(None);
    assert!(!game.lighthouse_denies(hex("3931"), Side::Roman));
    game.set_lighthouse_holder(Some(Side::Roman));
    assert!(game.lighthouse_denies(hex("3931"), Side::Adversary));
    ok(&mut game, Action::Declare { galley: ids[0], speed: Speed::Cruise, mp: 1 });
    refused(&mut game, Action::Forward, "[Alexandria 5.26]");
}

/// A sea hex two hexes from Slip 2831, the way it faces, and the hex between.
fn near_slips() -> (Hex, Direction) {
    let (a, d) = approach(hex("2831"));
    (d.opposite().neighbor(a), d)
}

#[test]
fn rule_5_27_fire_arrows_set_an_empty_slip_afire_never_one_with_galleys() {
    let t = tables::tables().unwrap();
    assert_eq!(t.slip_fire.set_afire_on.value, 2);
    let (start, d) = near_slips();
    assert_eq!(start.unsigned_distance_to(hex("2831")), 2);
    let (mut game, ids) = arena(
        &[("Roman Trireme-1", start, d), ("Egyptian Trireme-1", hex("2832"), d)],
        Side::Roman,
        &[3, 2],
    );
    ok(&mut game, Action::Declare { galley: ids[0], speed: Speed::Cruise, mp: 2 });
    refused(
        &mut game,
        Action::FireAtSlip { slip: hex("2832") },
        "[Alexandria 5.27] galleys are in that Slip: they must be the target",
    );
    refused(&mut game, Action::FireAtSlip { slip: start }, "[Alexandria 5.27] only a Slip hex");
    assert!(fleet::actions(&game).contains(&Action::FireAtSlip { slip: hex("2831") }));
    // A 3 misses (2 or less sets the sheds afire); once an activation.
    let ev = ok(&mut game, Action::FireAtSlip { slip: hex("2831") });
    assert!(matches!(ev[..], [Event::SlipFired { face: 3, afire: false, .. }]));
    assert!(!game.slip_burning(hex("2831")));
    refused(&mut game, Action::FireAtSlip { slip: hex("2831") }, "once per activation");
    // Next activation: a 2 sets it afire.
    game.galleys[ids[0]].fired = false;
    let ev = ok(&mut game, Action::FireAtSlip { slip: hex("2831") });
    assert!(ev.contains(&Event::SlipCaughtFire { slip: hex("2831"), from: None }));
    assert!(game.slip_burning(hex("2831")));
    let line = fleet::narrate(&game, &ev[1]);
    assert_eq!(line, "5.27: the Slip 2831 is burning");
    game.galleys[ids[0]].fired = false;
    refused(&mut game, Action::FireAtSlip { slip: hex("2831") }, "burning already");
    // Out of range: three hexes off.
    let far = d.opposite().neighbor(start);
    let (mut game, ids) = arena(&[("Roman Trireme-1", far, d)], Side::Roman, &[0]);
    ok(&mut game, Action::Declare { galley: ids[0], speed: Speed::Cruise, mp: 2 });
    refused(&mut game, Action::FireAtSlip { slip: hex("2831") }, "range (2 hexes)");
}

#[test]
fn rule_5_27_no_galley_enters_a_burning_slip() {
    let (from, d) = approach(hex("2831"));
    let (mut game, ids) = arena(&[("Roman Trireme-1", from, d)], Side::Roman, &[]);
    game.harbour.burning_slips = vec![hex("2831")];
    ok(&mut game, Action::Declare { galley: ids[0], speed: Speed::Cruise, mp: 2 });
    refused(&mut game, Action::Forward, "[Alexandria 5.27] that Slip is burning");
    game.harbour.burning_slips.clear();
    ok(&mut game, Action::Forward);
    assert!(game.galleys[ids[0]].in_slip);
}

#[test]
fn rule_5_27_a_burning_slip_burns_on_and_spreads_or_burns_out_in_the_fleet_status_phase() {
    let t = tables::tables().unwrap();
    assert_eq!((t.slip_fire.burn_out_on.value, t.slip_fire.spread_on.value), (3, 1));
    let (start, d) = near_slips();
    // 2831 burns; an Egyptian galley lies in 2832, 2830 is empty. The Romans
    // are active (the Egyptian galley is not on fire: no firefighting roll).
    let (mut game, ids) = arena(
        &[("Roman Trireme-1", start, d), ("Egyptian Trireme-1", hex("2832"), d)],
        Side::Roman,
        &[4, 1, 0],
    );
    game.harbour.burning_slips = vec![hex("2831")];
    let ev = fleet_status(&mut game);
    assert!(ev.contains(&Event::SlipFireCheck { slip: hex("2831"), face: 4, out: false }));
    let spread: Vec<_> = ev.iter().filter(|e| matches!(e, Event::SlipSpreadCheck { .. })).collect();
    assert_eq!(spread.len(), 2, "two neighbouring Slip hexes: {ev:?}");
    assert!(game.slip_burning(hex("2830")), "the empty Slip catches fire");
    assert!(game.galleys[ids[1]].on_fire, "the galley in the next Slip is set On Fire");
    assert!(ev.contains(&Event::CaughtFire { galley: ids[1], from: None }));
    assert!(ev.contains(&Event::SlipCaughtFire { slip: hex("2830"), from: Some(hex("2831")) }));
    assert!(game.slip_burning(hex("2831")));
    // Next Fleet Status Phase (Egyptian): the galley fights its fire (4: out),
    // then 2830 burns out on a 3, 2831 on a 0.
    game.dice = gboh_core::dice::Dice::scripted([4, 3, 0]);
    let ev = fleet_status(&mut game);
    assert!(!game.galleys[ids[1]].on_fire);
    assert!(ev.contains(&Event::SlipFireCheck { slip: hex("2830"), face: 3, out: true }));
    assert!(game.harbour.burning_slips.is_empty(), "{:?}", game.harbour.burning_slips);
    let lines: Vec<_> = ev.iter().map(|e| fleet::narrate(&game, e)).collect();
    assert!(lines.contains(&"5.27: the burning Slip 2830: d10 3, it burns out".to_owned()));
    assert!(game.problems().is_empty());
}

/// Random legal play from the Naval Battle with the Lighthouse held and a
/// Slip burning: whatever `actions` lists, `apply` accepts; the state stays
/// sound; no galley afloat ever lies in a burning Slip; the holder's toggles
/// are offered only to him.
#[test]
fn random_legal_play_with_the_lighthouse_held_and_a_slip_burning_stays_sound() {
    use gboh_alexandria::fleet::FleetGame;
    use gboh_alexandria::scenario::ScenarioId;
    let (mut toggles, mut slip_checks) = (0, 0);
    for seed in 1..=6u64 {
        let mut game = FleetGame::from_scenario(ScenarioId::NavalBattle, seed).unwrap();
        game.set_lighthouse_holder(Some(Side::Roman));
        game.harbour.burning_slips = vec![hex("2830")];
        let mut pick = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        for _ in 0..600 {
            let legal = fleet::actions(&game);
            assert!(!legal.is_empty());
            for a in &legal {
                if let Action::DenyLighthouse { .. } = a {
                    assert_eq!(game.active, Side::Roman, "offered to the holder only");
                }
            }
            pick ^= pick << 13;
            pick ^= pick >> 7;
            pick ^= pick << 17;
            let k = usize::try_from(pick % legal.len() as u64).unwrap();
            let a = legal[k].clone();
            let ev =
                fleet::apply(&mut game, &a).unwrap_or_else(|e| panic!("seed {seed} {a:?}: {e}"));
            toggles += ev.iter().filter(|e| matches!(e, Event::LighthouseDenial { .. })).count();
            slip_checks += ev.iter().filter(|e| matches!(e, Event::SlipFireCheck { .. })).count();
            assert!(game.problems().is_empty(), "{:?} after {a:?}", game.problems());
            for g in game.galleys.iter().filter(|g| g.afloat()) {
                assert!(!game.slip_burning(g.hex), "{} in a burning Slip", g.id);
            }
        }
    }
    assert!(toggles > 0 && slip_checks > 0, "the play reached both: {toggles} {slip_checks}");
}
