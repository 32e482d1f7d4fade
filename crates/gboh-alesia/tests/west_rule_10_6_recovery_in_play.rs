//! Issue 12, section 3: 10.61 in bot games on the West map (12.1): Recovery
//! "occurs after the Activation Phase is finished, in the Recovery Phase, if
//! there has been no Gallic Victory and there are more Periods ahead".

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use gboh_alesia::combat::CombatEvent;
use gboh_alesia::combat::SimpleEvent;
use gboh_alesia::playthrough::Playthrough;
use gboh_alesia::protocol::{AlesiaEvent, Pending};
use gboh_alesia::scenario::ScenarioId;
use gboh_core::dice::Dice;
use gboh_core::game::{Event, Game};
use gboh_core::unit::Status;

fn routed_units(play: &Playthrough) -> usize {
    play.game.state().field.units().iter().filter(|u| u.cohesion.status == Status::Routed).count()
}

fn recovered(events: &[Event<AlesiaEvent>]) -> usize {
    events
        .iter()
        .filter(|e| {
            matches!(
                e.what,
                AlesiaEvent::Combat(CombatEvent::Family(SimpleEvent::Recovered { .. }))
            )
        })
        .count()
}

#[test]
fn rule_10_61_with_a_second_period_ahead_routed_units_recover_when_the_first_ends() {
    // 12.1 played by the bots with a second Assault Period added: when the
    // first ends (3.1, the Gauls retire), every routed unit goes through the
    // Recovery Phase (10.62 Roman, 10.63 Gallic) and none is left Routed.
    let mut state = Playthrough::initial(ScenarioId::FinalAssault).unwrap();
    state.turn.periods = 2;
    let mut play = Playthrough::resume(Game::new(state, Dice::seeded(1)), 1);
    let mut events = Vec::new();
    let mut routed_before = 0;
    while play.game.state().turn.play.period == 1 && play.game.log().len() < 20_000 {
        routed_before = routed_units(&play);
        events.clear();
        assert!(play.step(&mut events).unwrap(), "the game went on");
    }
    assert_eq!(play.game.state().turn.play.period, 2, "the second period began");
    assert!(events.iter().any(|e| e.rule == "3.1"), "it began when the Gauls retired");
    assert!(routed_before > 0, "some units were routed at the end of the first period");
    // Units withdrawn at the end of that last activation are Routed too
    // (10.73) and go through the same phase: at least those routed before it.
    assert!(recovered(&events) >= routed_before, "10.61: each routed unit recovered or not");
    assert_eq!(routed_units(&play), 0, "no unit is left Routed");
}

#[test]
fn rule_10_61_no_recovery_phase_when_no_period_is_ahead() {
    // 12.1 as printed: one Assault Period. The game ends at its end, with no
    // Recovery Phase.
    let mut play = Playthrough::new(ScenarioId::FinalAssault, 1).unwrap();
    let mut events = Vec::new();
    let mut all_recovered = 0;
    while play.game.log().len() < 20_000 {
        events.clear();
        if !play.step(&mut events).unwrap() {
            break;
        }
        all_recovered += recovered(&events);
    }
    assert!(matches!(play.game.pending(), Pending::Over(_)));
    assert_eq!(all_recovered, 0);
}
