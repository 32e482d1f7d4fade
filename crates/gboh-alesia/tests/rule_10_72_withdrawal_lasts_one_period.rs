//! 10.72: a withdrawn tribe is off the map "for the remainder of the Assault
//! Period" only; 10.74: a tribe (the Alesia Force included) whose Eliminated
//! units reach its Withdrawal Level is no longer available in later periods.
//!
//! Played through the protocol on a test scenario of two Assault Periods under
//! the general entry rules (5.3-5.4): 12.1's file without its "up to 3 Tribal
//! Counters ... per activation" rule, with `AssaultPeriods(2)`, Entry Areas
//! I-VI and a relief pool of the Arverni (Withdrawal Level 9) and the Senones.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failing test panics

use crate::scenario_support;

use gboh_alesia::combat::CombatEvent;
use gboh_alesia::combat::effects::withdrawal;
use gboh_alesia::command::Command;
use gboh_alesia::game::AlesiaField;
use gboh_alesia::game::{CounterIdx, Membership, Setup, Uid, UnitFlags};
use gboh_alesia::protocol::{Action, Alesia, AlesiaDecision, AlesiaEvent, Pending, PlanningStep};
use gboh_alesia::scenario::Scenario;
use gboh_alesia::tables::EntryArea;
use gboh_core::Side;
use gboh_core::dice::Dice;
use gboh_core::facing::Facing;
use gboh_core::game::Game;
use gboh_core::unit::Status;

/// 12.1's file with the general entry rules, two Assault Periods, Areas I-VI
/// and the Arverni and Senones as the relief pool.
fn two_periods_general_rules() -> Scenario {
    scenario_support::general_rules(&["Arverni", "Senones"], 2)
}

fn counter(game: &Game<Alesia>, id: &str) -> CounterIdx {
    let i = game.state().setup().counters.iter().position(|c| c.id == id).unwrap();
    CounterIdx(u8::try_from(i).unwrap())
}

/// Applies a legal action, checking that the protocol listed it.
fn play(game: &mut Game<Alesia>, action: Action) -> Vec<AlesiaEvent> {
    assert!(game.legal_actions().contains(&action), "{action:?} is not listed");
    game.apply(action).unwrap().into_iter().map(|e| e.what).collect()
}

fn assign(game: &mut Game<Alesia>, id: &str, area: EntryArea) {
    let c = counter(game, id);
    assert_eq!(
        game.pending(),
        Pending::Game {
            side: Side::Adversary,
            decision: AlesiaDecision::GallicPlanning(PlanningStep::Assign { counter: c })
        }
    );
    play(game, Action::AssignTribe { counter: c, area });
}

/// Places `c` in the Initial Placement Segment (5.41), with a chieftain if
/// one must come, and ends the segment.
fn place_initially(game: &mut Game<Alesia>, c: CounterIdx) {
    let p = game
        .legal_actions()
        .into_iter()
        .find_map(|a| match a {
            Action::PlaceCounter(p) if p.counter == c => Some(p),
            _ => None,
        })
        .unwrap_or_else(|| panic!("no Initial Placement offered for {c:?}"));
    play(game, Action::PlaceCounter(p));
    play(game, Action::EndPlacement);
}

/// The Gallic command activating counter `c` (its chieftain's, `c` alone).
fn tribe_command(game: &Game<Alesia>, c: CounterIdx) -> Action {
    game.legal_actions()
        .into_iter()
        .find(|a| matches!(a, Action::Activate(Command::Tribes(_, cs)) if cs.as_slice() == [c]))
        .unwrap_or_else(|| panic!("no command for {c:?} listed"))
}

/// Period 1: both tribes assigned to Area I, the Arverni placed at once;
/// then `lost` shapes the Arverni's losses (each of its units mapped to a
/// status, or left fresh inside the counter), one Arverni unit stands on the
/// map Reduced and untethered (5.49), and the Arverni are activated and end
/// their activation: at their Withdrawal Level they are withdrawn (10.71),
/// the Gauls retire (3.1, the Arverni being all that is committed), Recovery
/// runs (10.6) and the second period starts.
fn withdraw_the_arverni_in_period_1(
    seed: u64,
    lost: impl Fn(usize) -> Option<Status>,
) -> (Game<Alesia>, Uid, Vec<AlesiaEvent>) {
    withdraw_the_arverni_in_period_1_after(seed, lost, |_| {})
}

/// [`withdraw_the_arverni_in_period_1`], with `prepare` changing the
/// position before the Arverni's last activation.
fn withdraw_the_arverni_in_period_1_after(
    seed: u64,
    lost: impl Fn(usize) -> Option<Status>,
    prepare: impl FnOnce(&mut Alesia),
) -> (Game<Alesia>, Uid, Vec<AlesiaEvent>) {
    let (game, arverni) = arverni_placed(seed);
    assert_eq!(game.pending(), Pending::ChooseCommand { side: Side::Adversary });

    let mut state = game.state().clone();
    let units = state.setup().counters[arverni.index()].units.clone();
    let at = state.field.counter(arverni).unwrap().at.unwrap();
    for (i, &u) in units.iter().enumerate() {
        if let Some(status) = lost(i) {
            state.field.unit_mut(u).unwrap().cohesion.status = status;
        }
    }
    // A Reduced unit on the map, outside the walls (10.73 does not touch it),
    // that had moved off the counter's leash (5.49).
    let reduced = *units.last().unwrap();
    state.field.move_unit(reduced, at, Facing::ALL[0]).unwrap();
    let u = state.field.unit_mut(reduced).unwrap();
    u.cohesion.status = Status::Reduced;
    u.flags.set(UnitFlags::UNTETHERED, true);
    let rating = state.setup().counters[arverni.index()].withdrawal;
    assert!(withdrawal::losses(&state, arverni) >= rating);
    prepare(&mut state);

    let mut game = Game::new(state, Dice::seeded(seed));
    let activate = tribe_command(&game, arverni);
    play(&mut game, activate);
    let events = play(&mut game, Action::EndActivation);
    assert!(events.iter().any(|e| matches!(
        e,
        AlesiaEvent::Combat(CombatEvent::Withdrawn { tribe }) if tribe == "Arverni"
    )));
    assert!(events.iter().any(|e| matches!(e, AlesiaEvent::GaulsRetire { .. })));
    assert_eq!(game.state().turn.play.period, 2);
    // 3.0 A: the Romans may redeploy (5.5); they keep their deployment.
    assert_eq!(
        game.pending(),
        Pending::Game { side: Side::Roman, decision: AlesiaDecision::RomanRedeployment }
    );
    play(&mut game, Action::KeepDeployment);
    (game, reduced, events)
}

/// The first period's planning done (5.31: the Arverni and Senones to Area I;
/// 5.41: the Arverni placed), dice seeded with `seed`: the Arverni counter.
fn arverni_placed(seed: u64) -> (Game<Alesia>, CounterIdx) {
    let state = two_periods_general_rules().initial_game(Setup::shared().unwrap()).unwrap();
    let mut game = Game::new(state, Dice::seeded(seed));
    assign(&mut game, "Arverni", EntryArea::I);
    assign(&mut game, "Senones", EntryArea::I);
    let arverni = counter(&game, "Arverni");
    place_initially(&mut game, arverni);
    (game, arverni)
}

#[test]
fn rule_10_72_a_tribe_withdrawn_in_one_period_is_available_in_the_next() {
    // 9 lost (the Withdrawal Level): 3 eliminated, 6 routed. Recovery (10.63)
    // rolls for the routed; with this seed enough come back Reduced that the
    // Eliminated stay under the level (10.74 does not apply).
    let (mut game, reduced, _) = withdraw_the_arverni_in_period_1(4, |i| match i {
        0..=2 => Some(Status::Eliminated),
        3..=8 => Some(Status::Routed),
        _ => None,
    });
    let arverni = counter(&game, "Arverni");
    let st = game.state();
    let units = st.setup().counters[arverni.index()].units.clone();
    let status = |g: &Game<Alesia>, u: Uid| g.state().field.unit(u).unwrap().cohesion.status;
    assert!(
        units.iter().all(|&u| status(&game, u) != Status::Routed),
        "10.6: no routed unit is left"
    );
    let recovered = units[3..=8].iter().filter(|&&u| status(&game, u) == Status::Reduced).count();
    assert!(recovered > 0, "the seed must let some routed units recover");
    assert!(withdrawal::available_next_period(st, arverni));
    // 10.72: withdrawn only for the period that ended: the counter is off the
    // map, no longer withdrawn, and not committed in the new period (3.1).
    let s = st.field.counter(arverni).unwrap();
    assert!(!s.withdrawn, "10.72: withdrawn only for the remainder of the period");
    assert_eq!(s.at, None);
    assert!(!s.flipped);
    assert_eq!(st.withdrawn_and_committed(), (0, 0));
    assert!(!st.gauls_retire());
    // 5.31: the Arverni are offered in the new period's planning again.
    assert!(st.available_tribes().contains(&arverni));
    assign(&mut game, "Arverni", EntryArea::I);
    assign(&mut game, "Senones", EntryArea::I);
    // 5.41: and may be placed again.
    place_initially(&mut game, arverni);
    let at = game.state().field.counter(arverni).unwrap().at.unwrap();
    // 5.42: placed again, they have placed none of their units (the ones
    // eliminated in the first period aside): the Senones may not come in yet.
    assert!(game.state().entry_attempts().is_empty());
    // Activated, every unit of theirs not eliminated comes on atop the
    // counter (5.48): the fresh ones, the recovered ones (10.63: Reduced,
    // "available for use in the next Assault Period") and the one withdrawn
    // Reduced from the map, no longer free of the counter's leash (5.49).
    let activate = tribe_command(&game, arverni);
    play(&mut game, activate);
    let st = game.state();
    for &u in &units {
        let expected = (status(&game, u) != Status::Eliminated).then_some(at);
        assert_eq!(st.field.position(u), expected, "{u:?} ({:?})", status(&game, u));
    }
    assert_eq!(status(&game, reduced), Status::Reduced);
    assert!(!st.field.unit(reduced).unwrap().flags.has(UnitFlags::UNTETHERED));
    // A saved game keeps it all.
    let saved = ron::to_string(&game).unwrap();
    let loaded: Game<Alesia> = ron::from_str(&saved).unwrap();
    assert_eq!(loaded, game);
}

#[test]
fn rule_10_74_a_tribe_with_eliminated_units_at_its_withdrawal_level_stays_out() {
    // 9 eliminated: the Withdrawal Level in Eliminated units alone.
    let (mut game, reduced, _) =
        withdraw_the_arverni_in_period_1(4, |i| (i < 9).then_some(Status::Eliminated));
    let arverni = counter(&game, "Arverni");
    let st = game.state();
    assert!(!withdrawal::available_next_period(st, arverni), "10.74");
    // Not offered in planning (5.31: all *available* tribes), not committed.
    assert!(!st.available_tribes().contains(&arverni));
    let senones = counter(&game, "Senones");
    assert_eq!(
        game.pending(),
        Pending::Game {
            side: Side::Adversary,
            decision: AlesiaDecision::GallicPlanning(PlanningStep::Assign { counter: senones })
        }
    );
    assert_eq!(st.withdrawn_and_committed(), (0, 0));
    assign(&mut game, "Senones", EntryArea::I);
    // No placement of the Arverni, now or in an entry later.
    assert!(game.legal_actions().iter().all(|a| !matches!(
        a,
        Action::PlaceCounter(p) if p.counter == arverni
    )));
    play(&mut game, Action::EndPlacement);
    let st = game.state();
    assert_eq!(st.field.counter(arverni).unwrap().at, None);
    assert_eq!(st.field.unit(reduced).unwrap().at, None);
    // 5.42: the only tribe still to come in is the Senones (Area I).
    assert_eq!(st.available_tribes(), [senones]);
    assert_eq!(st.entry_attempts(), [EntryArea::I]);
    assert!(
        game.legal_actions().iter().all(
            |a| !matches!(a, Action::Activate(Command::Tribes(_, cs)) if cs.contains(&arverni))
        )
    );
}

/// The Alesia Force units, in unit order.
fn alesia_force(state: &Alesia) -> Vec<Uid> {
    let setup = state.setup();
    (0..setup.units.len())
        .map(|i| Uid(u16::try_from(i).unwrap()))
        .filter(|&u| setup.unit(u).unwrap().membership == Membership::AlesiaForce)
        .collect()
}

#[test]
fn rule_10_72_a_withdrawn_alesia_force_stays_off_the_map_for_the_period_and_10_74_after() {
    let (game, arverni) = arverni_placed(1);
    let mut state = game.state().clone();
    // A relief unit on the map (5.62); 18 Alesia Force units routed (5.66: its
    // Withdrawal Rating), none of it yet in play; the Arverni with 9
    // Eliminated units (their level) among those still in the counter.
    let at = state.field.counter(arverni).unwrap().at.unwrap();
    let units = state.setup().counters[arverni.index()].units.clone();
    state.field.move_unit(units[0], at, Facing::ALL[0]).unwrap();
    for &u in &units[1..=9] {
        state.field.unit_mut(u).unwrap().cohesion.status = Status::Eliminated;
    }
    let force = alesia_force(&state);
    for &u in &force[..18] {
        state.field.unit_mut(u).unwrap().cohesion.status = Status::Routed;
    }
    // Before the activation ends, the Alesia Force may still try to enter.
    let mut game = Game::new(state, Dice::seeded(1));
    assert!(game.legal_actions().contains(&Action::Activate(Command::AlesiaForce)));
    let activate = tribe_command(&game, arverni);
    play(&mut game, activate);
    // Both are withdrawn at the end of the activation (10.71); the Gauls
    // retire (3.1); Recovery eliminates the routed Alesia Force units (10.63).
    let events = play(&mut game, Action::EndActivation);
    let withdrawn: Vec<&str> = events
        .iter()
        .filter_map(|e| match e {
            AlesiaEvent::Combat(CombatEvent::Withdrawn { tribe }) => Some(tribe.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(withdrawn, ["Arverni", "Alesia"]);
    assert_eq!(game.state().turn.play.period, 2);
    let st = game.state();
    assert!(
        force[..18]
            .iter()
            .all(|&u| st.field.unit(u).unwrap().cohesion.status == Status::Eliminated)
    );
    // 10.74: its Eliminated units at its level, the Alesia Force stays out of
    // the second period, though most of its units never left the oppidum.
    assert!(!withdrawal::alesia_force_available_next_period(st));
    assert!(st.turn.combat.alesia_force_withdrawn, "10.74: out for the rest of the game");
    play(&mut game, Action::KeepDeployment);
    assign(&mut game, "Senones", EntryArea::I);
    let senones = counter(&game, "Senones");
    place_initially(&mut game, senones);
    assert_eq!(game.pending(), Pending::ChooseCommand { side: Side::Adversary });
    assert!(!game.legal_actions().contains(&Action::Activate(Command::AlesiaForce)));
}

#[test]
fn rule_10_72_a_withdrawn_alesia_force_may_not_come_back_in_the_same_period() {
    let (game, arverni) = arverni_placed(1);
    let mut state = game.state().clone();
    // 10.72: the Alesia Force was withdrawn earlier in this period (18 routed,
    // the others back in the oppidum); a relief unit is on the map (5.62).
    let at = state.field.counter(arverni).unwrap().at.unwrap();
    let first = state.setup().counters[arverni.index()].units[0];
    state.field.move_unit(first, at, Facing::ALL[0]).unwrap();
    for &u in &alesia_force(&state)[..18] {
        state.field.unit_mut(u).unwrap().cohesion.status = Status::Routed;
    }
    state.turn.combat.alesia_force_withdrawn = true;
    let game = Game::new(state, Dice::seeded(1));
    assert_eq!(game.pending(), Pending::ChooseCommand { side: Side::Adversary });
    assert!(!game.legal_actions().contains(&Action::Activate(Command::AlesiaForce)));
}

#[test]
fn rule_10_72_an_alesia_force_not_withdrawn_is_not_kept_out_of_the_next_period() {
    let (game, _, _) =
        withdraw_the_arverni_in_period_1(4, |i| (i < 9).then_some(Status::Eliminated));
    assert!(!game.state().turn.combat.alesia_force_withdrawn);
    assert!(withdrawal::alesia_force_available_next_period(game.state()));
}

#[test]
fn rule_6_49_every_fill_value_drops_by_one_at_the_end_of_the_assault_period() {
    // The outer Gardens before W3911 hold Fill 1 and 2, the inner Garden
    // W2533 Fill 3 (an inner Garden negated, 6.48); a water-ditch hexside
    // Fill 2. At the end of the period each drops by one (6.49).
    let hexside = std::cell::Cell::new(None);
    let (game, _, events) = withdraw_the_arverni_in_period_1_after(
        4,
        |i| (i < 9).then_some(Status::Eliminated),
        |state| {
            let board = state.setup().board.clone();
            for (label, fill) in [("W3910", 1), ("W4011", 2), ("W2533", 3)] {
                state.field.markers_mut(board.hex_of(label).unwrap()).unwrap().fill = fill;
            }
            let (h, d) = board
                .hexsides()
                .find(|(_, _, f)| f.contains(gboh_core::board::HexsideFeature::WaterDitch))
                .map(|(h, d, _)| (h, d))
                .unwrap();
            assert!(state.field.set_hexside_fill(h, d, 2));
            hexside.set(Some((h, d)));
        },
    );
    assert!(
        events.iter().any(|e| matches!(e, AlesiaEvent::FillWorn { counters: 4 })),
        "6.49 reported"
    );
    let st = game.state();
    let fill = |label: &str| st.field.markers(st.setup().board.hex_of(label).unwrap()).fill;
    assert_eq!((fill("W3910"), fill("W4011"), fill("W2533")), (0, 1, 2));
    let (h, d) = hexside.get().unwrap();
    assert_eq!(st.field.hexside_fill(h, d), 1);
}
