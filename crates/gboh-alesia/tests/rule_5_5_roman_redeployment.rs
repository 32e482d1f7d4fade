//! 5.5 Roman Redeployment, on a test scenario of two Assault Periods (12.1's
//! file with `AssaultPeriods(2)`: neither printed scenario has a second
//! period), through the protocol.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failing test panics

use crate::scenario_support;

use gboh_alesia::game::AlesiaField;
use gboh_alesia::game::{CounterIdx, Setup, Uid};
use gboh_alesia::map::areas;
use gboh_alesia::map::{Region, SiegeWorks, Works};
use gboh_alesia::protocol::{Action, Alesia, AlesiaDecision, AlesiaEvent, Pending};
use gboh_alesia::scenario::Scenario;
use gboh_core::Side;
use gboh_core::dice::Dice;
use gboh_core::game::{Game, fingerprint};
use gboh_core::unit::UnitType;
use hexx::Hex;

fn two_periods() -> Scenario {
    scenario_support::with_periods(2)
}

/// The first period ends at once: the Arverni are committed and withdrawn
/// (3.1), the Gauls pass; 3.0 D-E then start the second period.
fn second_period() -> Game<Alesia> {
    let mut state = two_periods().initial_game(Setup::shared().unwrap()).unwrap();
    assert!(state.turn.rules.source.is_some());
    let arverni = state.setup().counters.iter().position(|c| c.id == "Arverni").unwrap();
    let w3901 = state.setup().board.hex_of("W3901").unwrap();
    let c = state.field.counter_mut(CounterIdx(u8::try_from(arverni).unwrap())).unwrap();
    c.at = Some(w3901);
    c.withdrawn = true;
    let mut game = Game::new(state, Dice::seeded(3));
    assert_eq!(game.pending(), Pending::ChooseCommand { side: Side::Adversary });
    let events = game.apply(Action::Pass).unwrap();
    assert!(events.iter().any(|e| matches!(e.what, AlesiaEvent::GaulsRetire { .. })));
    assert_eq!(game.state().turn.play.period, 2);
    game
}

fn listed(game: &Game<Alesia>, a: &Action) -> bool {
    game.legal_actions().contains(a)
}

/// A cohort of the legion in the Infantry Camp and a free camp hex.
fn camp_move(game: &Game<Alesia>) -> (Uid, Hex) {
    let state = game.state();
    let setup = state.setup();
    let board = &setup.board;
    let in_camp = |h: Hex| board.in_area(areas::INFANTRY_CAMP, h);
    let unit = (0..setup.units.len())
        .map(|i| Uid(u16::try_from(i).unwrap()))
        .find(|&u| {
            setup.unit(u).unwrap().unit_type() == UnitType::CO
                && state.field.position(u).is_some_and(in_camp)
        })
        .unwrap();
    let to = board
        .hexes()
        .find(|&h| {
            in_camp(h) && board.region(h) == Some(Region::Inside) && state.field.stack(h).is_empty()
        })
        .unwrap();
    (unit, to)
}

#[test]
fn rule_5_5_the_romans_may_redeploy_at_the_start_of_the_second_period() {
    let game = second_period();
    assert_eq!(
        game.pending(),
        Pending::Game { side: Side::Roman, decision: AlesiaDecision::RomanRedeployment }
    );
    assert_eq!(game.decider(), Some(Side::Roman));
    let legal = game.legal_actions();
    assert_eq!(legal.last(), Some(&Action::KeepDeployment));
    assert!(!legal.contains(&Action::EndRedeployment), "nothing moved yet");
    assert!(legal.iter().any(|a| matches!(a, Action::Redeploy { .. })));
    // Every Redeploy offered goes inside the vallations or, for cavalry, to a camp.
    let state = game.state();
    let board = &state.setup().board;
    for a in &legal {
        if let Action::Redeploy { unit, to } = a {
            let cavalry = state.setup().unit(*unit).unwrap().unit_type().is_cavalry();
            let camp = areas::CAVALRY_CAMPS.iter().any(|c| board.in_area(c, *to));
            assert!(board.region(*to) == Some(Region::Inside) || (cavalry && camp));
            assert_ne!(state.field.side_in(*to), Some(Side::Adversary));
        }
    }
    // The Gauls neither plan nor act until the Romans are done (3.0 A).
    let mut g = game.clone();
    let before = fingerprint(&g).unwrap();
    assert!(g.apply(Action::Pass).is_err());
    assert_eq!(fingerprint(&g).unwrap(), before);
}

#[test]
fn rule_5_5_a_redeployment_within_the_scenario_restrictions_stands() {
    let mut game = second_period();
    let (unit, to) = camp_move(&game);
    let a = Action::Redeploy { unit, to };
    assert!(listed(&game, &a));
    let events = game.apply(a).unwrap();
    assert_eq!(events[0].rule, "5.5");
    assert_eq!(game.state().field.position(unit), Some(to));
    assert!(game.state().redeployment_violations().is_empty());
    // A save and a load keep the redeployment and its rules.
    let saved = ron::to_string(&game).unwrap();
    let mut loaded: Game<Alesia> = ron::from_str(&saved).unwrap();
    assert_eq!(loaded, game);
    assert!(listed(&loaded, &Action::EndRedeployment));
    let events = loaded.apply(Action::EndRedeployment).unwrap();
    assert_eq!(events[0].what, AlesiaEvent::RedeploymentEnded { kept: false });
    assert_eq!(loaded.state().field.position(unit), Some(to));
    assert_eq!(loaded.pending(), Pending::ChooseCommand { side: Side::Adversary });
}

#[test]
fn rule_5_5_a_redeployment_breaking_the_deployment_rules_may_not_end_and_may_be_undone() {
    let mut game = second_period();
    let start = game.state().field.save();
    // A lone cohort of the outside rampart leaves it: the rampart hexes it
    // covered are no longer held (12.1's deployment rule).
    let state = game.state();
    let setup = state.setup().clone();
    let board = &setup.board;
    let rampart = board
        .hexes()
        .filter(|&h| board.in_area(areas::OUTSIDE_RAMPART, h))
        .find(|&h| state.field.stack(h).len() == 1)
        .unwrap();
    let unit = state.field.stack(rampart).top().unwrap();
    let to = board
        .hexes()
        .find(|&h| {
            board.region(h) == Some(Region::Inside)
                && !matches!(board.siege_works(h), Some(Works::Rampart { .. }))
                && game.check(&Action::Redeploy { unit, to: h }).is_ok()
                && h.unsigned_distance_to(rampart) > 3
        })
        .unwrap();
    game.apply(Action::Redeploy { unit, to }).unwrap();
    let violations = game.state().redeployment_violations();
    assert!(!violations.is_empty());
    assert!(!listed(&game, &Action::EndRedeployment));
    let before = fingerprint(&game).unwrap();
    let e = game.apply(Action::EndRedeployment).unwrap_err();
    assert!(e.to_string().starts_with("5.5"), "{e}");
    assert_eq!(fingerprint(&game).unwrap(), before);
    // Keeping the deployment puts every unit back as it stood, stacks and facings.
    let events = game.apply(Action::KeepDeployment).unwrap();
    assert_eq!(events[0].what, AlesiaEvent::RedeploymentEnded { kept: true });
    assert_eq!(game.state().field.save(), start);
    assert_eq!(game.pending(), Pending::ChooseCommand { side: Side::Adversary });
}

#[test]
fn rule_5_5_single_period_scenarios_carry_no_redeployment() {
    let setup = Setup::shared().unwrap();
    for s in [Scenario::final_assault().unwrap(), Scenario::historical().unwrap()] {
        let game = s.initial_game(setup.clone()).unwrap();
        assert!(game.turn.rules.source.is_none());
        assert!(game.turn.redeployment.is_none());
    }
}

/// The protocol kit's checks over random play through a redeployment.
#[test]
fn rule_5_5_random_redeployment_keeps_the_protocol() {
    use gboh_core::testkit::{Playout, random_playout};
    let options = Playout {
        max_actions: 12,
        round_trip_every: 3,
        illegal_every: 2,
        check_all_listed: false,
        unlisted_must_fail: true,
    };
    let report = random_playout(second_period(), 7, &options, |_| Ok(())).unwrap();
    assert!(report.actions >= 12 || report.finished, "{report:?}");
}
