//! Helpers shared by the fleet rule tests: hex labels, an arena with only
//! the named galleys afloat, and "accepted" / "refused unchanged" checks.

#![allow(clippy::expect_used, clippy::unwrap_used, clippy::panic, dead_code)]

use gboh_alexandria::fleet::{self, Action, Event, FleetError, FleetGame, GalleyIx, Loss};
use gboh_alexandria::map::{self, areas};
use gboh_alexandria::scenario::ScenarioId;
use gboh_core::Side;
use gboh_core::dice::Dice;
use gboh_core::facing::Direction;
use hexx::Hex;

pub fn hex(label: &str) -> Hex {
    map::alexandria().unwrap().board().hex_of(label).unwrap()
}

/// The Naval Battle with only the named galleys afloat, placed and headed
/// as given; the rest are taken off the board (as lost).
pub fn arena(
    place: &[(&str, Hex, Direction)],
    active: Side,
    dice: &[u8],
) -> (FleetGame, Vec<GalleyIx>) {
    let mut game = FleetGame::from_scenario(ScenarioId::NavalBattle, 1).unwrap();
    let mut ids = Vec::new();
    for g in &mut game.galleys {
        g.lost = Some(Loss::Sunk);
    }
    for (id, h, d) in place {
        let i = game.galley_index(id).unwrap();
        let g = &mut game.galleys[i];
        g.lost = None;
        g.hex = *h;
        g.heading = *d;
        g.in_slip = map::alexandria().unwrap().board().in_area(areas::SLIPS, *h);
        ids.push(i);
    }
    game.active = active;
    game.dice = Dice::scripted(dice.iter().copied());
    assert!(game.problems().is_empty(), "{:?}", game.problems());
    (game, ids)
}

pub fn ok(game: &mut FleetGame, a: Action) -> Vec<Event> {
    fleet::apply(game, &a).unwrap_or_else(|e| panic!("{a:?}: {e}"))
}

/// Applies `a`, expects it refused with `want` in a one-line message, the
/// game unchanged and `a` not listed.
pub fn refused(game: &mut FleetGame, a: Action, want: &str) -> FleetError {
    let before = game.clone();
    let e = fleet::apply(game, &a).expect_err("refused");
    assert!(e.to_string().contains(want), "{a:?}: {e}");
    assert_eq!(e.to_string().lines().count(), 1);
    assert_eq!(*game, before, "a refused action leaves the game as it was");
    assert!(!fleet::actions(game).contains(&a), "{a:?} listed but refused");
    e
}

/// Ends the Movement, Boarding and Disengage phases: the Fleet Status Phase runs.
pub fn fleet_status(game: &mut FleetGame) -> Vec<Event> {
    let mut ev = Vec::new();
    for _ in 0..3 {
        ev.extend(ok(game, Action::EndPhase));
    }
    ev
}
