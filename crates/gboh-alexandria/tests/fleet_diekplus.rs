//! 9.24 the Diekplus (reconstructed from the errata's number and ruling and
//! War Galley's breakthrough), on the real map with scripted dice.

#![allow(clippy::expect_used, clippy::unwrap_used, clippy::panic)] // a failing test panics

use crate::fleet_common;

use fleet_common::{arena, hex, ok, refused};
use gboh_alexandria::fleet::tables::{self, RakeResult};
use gboh_alexandria::fleet::{self, Action, Event, FleetGame, GalleyIx, Loss, Speed, bot};
use gboh_core::Side;
use gboh_core::facing::Direction;
use hexx::Hex;

/// The gap 3434; the Roman trireme two hexes south-west of it heading
/// north-east; Egyptian triremes east and west of the gap.
fn line(dice: &[u8]) -> (FleetGame, Vec<GalleyIx>, Hex) {
    let gap = hex("3434");
    let a = Direction::SW.neighbor(gap);
    let start = Direction::SW.neighbor(a);
    let (game, ids) = arena(
        &[
            ("Roman Trireme-1", start, Direction::NE),
            ("Egyptian Trireme-1", Direction::E.neighbor(gap), Direction::NW),
            ("Egyptian Trireme-2", Direction::W.neighbor(gap), Direction::NW),
        ],
        Side::Roman,
        dice,
    );
    (game, ids, gap)
}

#[test]
fn rule_9_24_a_diekplus_rows_straight_into_the_gap_and_rakes_in_passing() {
    let (mut game, ids, gap) = line(&[5]);
    let (r, e1) = (ids[0], ids[1]);
    assert_eq!(tables::lookup(&tables::tables().unwrap().rake.rows, 5), Some(RakeResult::Raked));
    ok(&mut game, Action::Declare { galley: r, speed: Speed::Attack, mp: 4 });
    ok(&mut game, Action::Forward);
    let offered: Vec<_> = fleet::actions(&game)
        .into_iter()
        .filter(|a| matches!(a, Action::Diekplus { .. }))
        .collect();
    assert_eq!(
        offered,
        vec![Action::Diekplus { target: ids[1] }, Action::Diekplus { target: ids[2] }]
    );
    let ev = ok(&mut game, Action::Diekplus { target: e1 });
    assert_eq!(game.galleys[r].hex, gap);
    assert_eq!(game.galleys[r].spent, 2, "the hex's 1 MP, the rake in passing free");
    assert!(game.galleys[e1].halved && !game.galleys[e1].crippled);
    let line = ev.iter().map(|e| fleet::narrate(&game, e)).collect::<Vec<_>>().join("\n");
    assert!(
        line.contains("9.24 Diekplus: Roman Trireme-1 breaks through the line at 3434, passing Egyptian Trireme-1: d10 5 (total 5), her oars are sheared"),
        "{line}"
    );
    // Errata: no turn inside the gap; rowing on is allowed.
    refused(
        &mut game,
        Action::Turn { clockwise: true },
        "[Alexandria 9.24] no turn inside the gap",
    );
    ok(&mut game, Action::Forward);
    ok(&mut game, Action::Turn { clockwise: true });
}

#[test]
fn rule_9_24_no_diekplus_that_needs_a_turn_nor_at_cruise_nor_past_a_single_galley() {
    let (mut game, ids, _) = line(&[5]);
    let r = ids[0];
    // No way on yet: the first hex must be rowed straight on.
    ok(&mut game, Action::Declare { galley: r, speed: Speed::Attack, mp: 4 });
    // From its start the bow hex is not the gap; move it next to the gap,
    // heading NW: a turn to starboard would point it into the gap.
    let a = Direction::SW.neighbor(hex("3434"));
    game.galleys[r].hex = a;
    game.galleys[r].heading = Direction::NW;
    ok(&mut game, Action::Turn { clockwise: true });
    assert_eq!(game.galleys[r].heading, Direction::NE);
    refused(
        &mut game,
        Action::Diekplus { target: ids[1] },
        "[Alexandria 9.24] no Diekplus that needs a turn to enter the gap",
    );
    // At Cruise speed.
    let (mut game, ids, _) = line(&[5]);
    ok(&mut game, Action::Declare { galley: ids[0], speed: Speed::Cruise, mp: 4 });
    ok(&mut game, Action::Forward);
    refused(
        &mut game,
        Action::Diekplus { target: ids[1] },
        "[Alexandria 9.24] only a galley at Attack speed",
    );
    // One enemy beside the gap is no line to break: a plain rake, not a Diekplus.
    let (mut game, ids, _) = line(&[5]);
    game.galleys[ids[2]].lost = Some(Loss::Sunk);
    ok(&mut game, Action::Declare { galley: ids[0], speed: Speed::Attack, mp: 4 });
    ok(&mut game, Action::Forward);
    refused(&mut game, Action::Diekplus { target: ids[1] }, "on opposite sides of the bow hex");
    // A crippled target, and a friendly one.
    let (mut game, ids, _) = line(&[5]);
    game.galleys[ids[1]].crippled = true;
    ok(&mut game, Action::Declare { galley: ids[0], speed: Speed::Attack, mp: 4 });
    ok(&mut game, Action::Forward);
    refused(
        &mut game,
        Action::Diekplus { target: ids[1] },
        "[Alexandria 9.24] the target's oars are already gone",
    );
    refused(
        &mut game,
        Action::Diekplus { target: ids[0] },
        "[Alexandria 9.1] the target must be an enemy",
    );
}

#[test]
fn rule_9_24_an_original_0_fouls_the_galley_with_the_one_it_passed() {
    let (mut game, ids, gap) = line(&[0]);
    let (r, e2) = (ids[0], ids[2]);
    ok(&mut game, Action::Declare { galley: r, speed: Speed::Attack, mp: 4 });
    ok(&mut game, Action::Forward);
    let ev = ok(&mut game, Action::Diekplus { target: e2 });
    assert!(ev.contains(&Event::Fouled { a: r, b: e2 }));
    assert_eq!(game.galleys[r].hex, gap);
    assert_eq!((game.galleys[r].fouled, game.galleys[e2].fouled), (Some(e2), Some(r)));
    refused(&mut game, Action::Forward, "[Alexandria 5.42] the galley is immobile");
    assert!(game.problems().is_empty(), "{:?}", game.problems());
}

#[test]
fn rule_9_24_the_bot_breaks_through_when_the_gap_opens_ahead() {
    let (mut game, ids, _) = line(&[5]);
    ok(&mut game, Action::Declare { galley: ids[0], speed: Speed::Attack, mp: 4 });
    ok(&mut game, Action::Forward);
    assert_eq!(bot::choose(&game), Some(Action::Diekplus { target: ids[1] }));
    // The galley whose oars are still whole first.
    game.galleys[ids[1]].halved = true;
    assert_eq!(bot::choose(&game), Some(Action::Diekplus { target: ids[2] }));
}
