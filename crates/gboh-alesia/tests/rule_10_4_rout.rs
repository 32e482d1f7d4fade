//! 10.4 Rout (10.41-10.46), 10.5 Roman Rally, 10.6 Recovery, 10.7 Tribal
//! Withdrawal, 10.8 Aquilae.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use crate::combat_support;

use combat_support::*;
use gboh_alesia::ROMANS;
use gboh_alesia::combat::SimpleEvent;
use gboh_alesia::combat::effects::{aquila, recovery, rout, withdrawal};
use gboh_alesia::combat::{self, CombatAction, CombatEvent, CombatPending, SiegeAction};
use gboh_alesia::command::Command;
use gboh_alesia::game::AlesiaField;
use gboh_alesia::game::{LegionIdx, Uid};
use gboh_alesia::map::{Region, Ring, Works};
use gboh_alesia::protocol::Action;
use gboh_core::board::Terrain;
use gboh_core::dice::Dice;
use gboh_core::facing::{Direction, Facing};
use gboh_core::unit::{HitOutcome, Status};

fn legion_x() -> LegionIdx {
    match legion_of("X-1") {
        Command::Legion(l) => l,
        _ => unreachable!(),
    }
}

/// A Gallic archer about to shoot a cohort with five hits (TQ 6).
fn shaky_cohort(
    with_aquila: Option<&str>,
) -> (gboh_core::game::Game<gboh_alesia::protocol::Alesia>, Uid, Uid) {
    let mut p = Pos::on(test_board(11, 11));
    let archer = p.unit("Arverni-A1", "T0505", Facing::Twelve);
    let ne = p.nb("T0505", Direction::NE);
    let co = p.unit("X-1", &ne, Facing::Twelve);
    p.with(co, 5, 0);
    let mut state = p.activated(tribe_of("Arverni-A1", "Vercassivellaunus"));
    if let Some(label) = with_aquila {
        let h = state.setup().board.hex_of(label).unwrap();
        assert!(aquila::place(&mut state, legion_x(), h));
    }
    (game(state, &[0]), archer, co)
}

fn shoot(
    game: &mut gboh_core::game::Game<gboh_alesia::protocol::Alesia>,
    archer: Uid,
    co: Uid,
) -> Vec<gboh_core::game::Event<gboh_alesia::protocol::AlesiaEvent>> {
    let target = game.state().field.unit(co).unwrap().at.unwrap();
    game.apply(combat(CombatAction::Fire { unit: archer, target, will_move: false })).unwrap()
}

#[test]
fn rule_10_42_a_routed_cohort_goes_to_its_aquila() {
    let (mut game, archer, co) = shaky_cohort(Some("T0909"));
    let events = shoot(&mut game, archer, co);
    assert!(combat_events(&events).iter().any(|(_, e)| matches!(
        e,
        CombatEvent::Family(SimpleEvent::Hits { outcome: HitOutcome::Routed, .. })
    )));
    assert_eq!(pending(&game), Some(CombatPending::PlaceRouted { side: ROMANS, unit: co }));
    let first = game.legal_actions()[0].clone();
    let Action::Combat(CombatAction::Place { to, .. }) = first.clone() else { panic!() };
    game.apply(first).unwrap();
    let aq = game.state().setup().board.hex_of("T0909").unwrap();
    assert!(to.unsigned_distance_to(aq) <= 1);
    let s = game.state().field.unit(co).unwrap();
    assert_eq!((s.at, s.cohesion.status), (Some(to), Status::Routed));
}

#[test]
fn rule_10_42_without_a_path_to_its_aquila_a_routed_cohort_is_eliminated() {
    let (mut first, archer, co) = shaky_cohort(None);
    shoot(&mut first, archer, co);
    let s = first.state().field.unit(co).unwrap();
    assert_eq!((s.at, s.cohesion.status), (None, Status::Eliminated));

    // An Aquila whose hex is in an enemy ZOC: no free path.
    let mut p = Pos::on(test_board(11, 11));
    let archer = p.unit("Arverni-A1", "T0505", Facing::Twelve);
    let ne = p.nb("T0505", Direction::NE);
    let co = p.unit("X-1", &ne, Facing::Twelve);
    p.with(co, 5, 0);
    let guard = p.nb("T0909", Direction::SW);
    p.unit("Aedui-1", &guard, Facing::Twelve);
    let mut state = p.activated(tribe_of("Arverni-A1", "Vercassivellaunus"));
    let h = state.setup().board.hex_of("T0909").unwrap();
    aquila::place(&mut state, legion_x(), h);
    let mut game = game(state, &[0]);
    shoot(&mut game, archer, co);
    assert_eq!(game.state().field.unit(co).unwrap().cohesion.status, Status::Eliminated);
}

#[test]
fn rule_10_44_routed_relief_bi_go_to_the_gallic_camp_and_12_1_eliminates_them() {
    for eliminate in [false, true] {
        let mut p = Pos::on(test_board(9, 9));
        let archer = p.unit("Archers-1", "T0505", Facing::Twelve);
        let ne = p.nb("T0505", Direction::NE);
        let bi = p.unit("Aedui-1", &ne, Facing::Six);
        p.with(bi, 5, 0);
        let target = p.hex(&ne);
        let mut state = p.activated(Command::Auxiliaries(setup().lid("Labienus").unwrap()));
        state.turn.combat.routed_units_eliminated = eliminate;
        let mut game = game(state, &[0]);
        game.apply(combat(CombatAction::Fire { unit: archer, target, will_move: false })).unwrap();
        let s = game.state().field.unit(bi).unwrap();
        if eliminate {
            assert_eq!(
                (s.at, s.cohesion.status),
                (None, Status::Eliminated),
                "12.1 special rule 2"
            );
        } else {
            assert_eq!((s.at, s.cohesion.status), (None, Status::Routed));
            assert!(rout::in_gallic_camp(game.state(), bi));
        }
    }
}

#[test]
fn rule_10_46_a_leader_with_a_routing_unit_routs_with_it_or_joins_the_nearest_friend() {
    let mut p = Pos::on(test_board(9, 9));
    let archer = p.unit("Archers-1", "T0505", Facing::Twelve);
    let ne = p.nb("T0505", Direction::NE);
    let bi = p.unit("Aedui-1", &ne, Facing::Six);
    p.with(bi, 5, 0);
    let chief = p.leader("Viridomarus", &ne);
    let friend = p.nb(&p.nb(&ne, Direction::NE), Direction::NE);
    p.unit("Aedui-6", &friend, Facing::Six);
    let (target, friend) = (p.hex(&ne), p.hex(&friend));
    let mut game = p.activate(Command::Auxiliaries(setup().lid("Labienus").unwrap()), &[1]);
    game.apply(combat(CombatAction::Fire { unit: archer, target, will_move: false })).unwrap();
    assert!(rout::in_gallic_camp(game.state(), bi));
    assert_eq!(
        game.legal_actions(),
        [
            combat(CombatAction::PlaceLeader { leader: chief, to: None }),
            combat(CombatAction::PlaceLeader { leader: chief, to: Some(friend) }),
        ]
    );
    game.apply(combat(CombatAction::PlaceLeader { leader: chief, to: Some(friend) })).unwrap();
    assert_eq!(game.state().field.leader(chief).unwrap().at, Some(friend));
}

#[test]
fn rule_10_5_roman_rally_removes_hits_away_from_the_gauls() {
    let mut p = Pos::on(test_board(9, 9));
    let co = p.unit("X-1", "T0505", Facing::Twelve);
    p.with(co, 3, 0);
    let near = p.unit("X-2", "T0101", Facing::Twelve);
    p.with(near, 1, 0);
    p.unit("Aedui-1", "T0201", Facing::Six);
    let mut game = p.activate(legion_of("X-1"), &[]);
    assert!(legal(&game, &CombatAction::Rally { unit: co }));
    assert!(!legal(&game, &CombatAction::Rally { unit: near }), "a Gaul within one hex");
    let events = game.apply(combat(CombatAction::Rally { unit: co })).unwrap();
    assert!(combat_events(&events).iter().any(|(rule, e)| *rule == "10.5"
        && matches!(e, CombatEvent::Family(SimpleEvent::HitsRemoved { removed: 2, .. }))));
    assert_eq!(hits_of(&game, co), 1);
    assert!(combat::may_move(game.state(), co).is_err(), "instead of doing anything else");
    assert!(!legal(&game, &CombatAction::Rally { unit: co }));
}

#[test]
fn rule_10_6_recovery_phase() {
    let mut p = Pos::on(test_board(9, 9));
    let roman = p.unit("X-1", "T0505", Facing::Twelve);
    let tired = p.unit("X-2", "T0303", Facing::Twelve);
    p.with(tired, 3, 0);
    let mut state = p.activated(legion_of("X-1"));
    state.field.unit_mut(roman).unwrap().cohesion.status = Status::Routed;
    state.field.unit_mut(roman).unwrap().cohesion.hits = 6;
    let (lucky, unlucky) =
        (state.setup().uid("Aedui-1").unwrap(), state.setup().uid("Aedui-2").unwrap());
    for u in [lucky, unlucky] {
        let s = state.field.unit_mut(u).unwrap();
        s.cohesion.status = Status::Routed;
        s.cohesion.hits = 6;
    }
    let mut dice = Dice::scripted([6, 7]);
    let mut events = Vec::new();
    recovery::recovery_phase(&mut state, &mut dice, &mut events).unwrap();
    let s = |u: Uid| state.field.unit(u).unwrap().cohesion;
    assert_eq!((s(roman).status, s(roman).hits), (Status::Reduced, 0), "10.62");
    assert_eq!((s(lucky).status, s(lucky).hits), (Status::Reduced, 0), "10.63: 6 is at its TQ");
    assert_eq!(s(unlucky).status, Status::Eliminated, "10.63: 7 is over it");
    assert_eq!(s(tired).hits, 2, "10.65: three hits lose one");
}

#[test]
fn rule_10_7_a_tribe_at_its_withdrawal_level_is_withdrawn_at_the_end_of_the_activation() {
    let mut b = test_board(9, 9);
    set(
        &mut b,
        "T0303",
        Terrain::Clear,
        0,
        Works::Rampart { ring: Ring::Contravallation, gate: false },
        Region::Inside,
    );
    let mut p = Pos::on(b);
    let on_wall = p.unit("Aedui-10", "T0303", Facing::Twelve);
    let outside = p.unit("Aedui-11", "T0707", Facing::Twelve);
    let mut state = p.activated(tribe_of("Aedui-1", "Viridomarus"));
    let c = state.setup().unit(on_wall).unwrap().counter.unwrap();
    let rating = state.setup().counters[c.index()].withdrawal;
    let aedui: Vec<Uid> = state.setup().counters[c.index()].units.clone();
    state.field.counter_mut(c).unwrap().at = Some(state.setup().board.hex_of("T0808").unwrap());
    for &u in aedui.iter().take(usize::from(rating)) {
        state.field.unit_mut(u).unwrap().cohesion.status = Status::Eliminated;
    }
    assert_eq!(withdrawal::losses(&state, c), rating);
    let mut game = game(state, &[]);
    let events = game.apply(Action::EndActivation).unwrap();
    assert!(
        combat_events(&events)
            .iter()
            .any(|(rule, e)| *rule == "10.71" && matches!(e, CombatEvent::Withdrawn { .. }))
    );
    let st = game.state();
    assert!(st.field.counter(c).unwrap().withdrawn);
    assert_eq!(st.field.unit(on_wall).unwrap().at, None);
    assert_eq!(
        st.field.unit(on_wall).unwrap().cohesion.status,
        Status::Routed,
        "10.73: from a Rampart hex"
    );
    assert_eq!(st.field.unit(outside).unwrap().cohesion.status, Status::Fresh);
    assert_eq!(st.field.unit(outside).unwrap().at, None);
    assert!(!withdrawal::available_next_period(st, c), "10.74");
}

#[test]
fn rule_10_8_an_aquila_alone_is_captured_and_its_legion_takes_a_hit_each() {
    let mut p = Pos::on(test_board(9, 9));
    let co = p.unit("X-1", "T0505", Facing::Twelve);
    let scorpio = p.unit("X-Scorpio", "T0707", Facing::Twelve);
    let mut state = p.activated(tribe_of("Aedui-1", "Viridomarus"));
    let h = state.setup().board.hex_of("T0303").unwrap();
    aquila::place(&mut state, legion_x(), h);
    let bi = state.setup().uid("Aedui-1").unwrap();
    state.field.move_unit(bi, h, Facing::Twelve).unwrap();
    let mut events = Vec::new();
    aquila::entered(&mut state, h, gboh_alesia::GAULS, &mut events);
    assert!(
        combat_events(&events)
            .iter()
            .any(|(rule, e)| *rule == "10.8" && matches!(e, CombatEvent::AquilaCaptured { .. }))
    );
    assert_eq!(state.field.unit(co).unwrap().cohesion.hits, 1);
    assert_eq!(state.field.unit(scorpio).unwrap().cohesion.hits, 0, "artillery takes no hits");
    assert!(aquila::state(&state, legion_x()).captured);
    // Next activation of the legion: a new Aquila, with one of its units.
    let mut next = Pos { field: state.field }.activated(legion_of("X-1"));
    next.turn.combat = state.turn.combat.clone();
    let at = next.field.unit(co).unwrap().at.unwrap();
    let game = game(next, &[]);
    assert!(legal(
        &game,
        &CombatAction::Game(SiegeAction::PlaceAquila { legion: legion_x(), hex: at })
    ));
}

#[test]
fn rule_10_8_the_aquila_retreats_with_its_unit() {
    let mut b = test_board(9, 9);
    let d = nb(&b, "T0505", Direction::NE);
    let a = b.hex_of("T0505").unwrap();
    let dh = b.hex_of(&d).unwrap();
    let keep =
        b.neighbors(dh).into_iter().flatten().find(|n| n.unsigned_distance_to(a) > 1).unwrap();
    for n in b.neighbors(dh).into_iter().flatten().collect::<Vec<_>>() {
        if n.unsigned_distance_to(a) > 1 && n != keep {
            let l = b.label(n).unwrap().to_string();
            set(&mut b, &l, Terrain::Water, 0, Works::None, Region::Outside);
        }
    }
    let rows = "(rolls: (0, 10), result: (attacker_hits: 0, defender_hits: 1, defender_retreats: true), provenance: Reconstructed),";
    let mut p = Pos::on_setup(setup_with_shock(b, rows));
    p.unit("Aedui-1", "T0505", Facing::Twelve);
    let co = p.unit("X-1", &d, Facing::Six);
    let mut state = p.activated(tribe_of("Aedui-1", "Viridomarus"));
    aquila::place(&mut state, legion_x(), dh);
    let mut game = game(state, &[5]);
    game.apply(combat(CombatAction::BeginShock)).unwrap();
    game.apply(combat(CombatAction::Designate { attacker: a, join: None })).unwrap();
    game.apply(combat(CombatAction::Resolve { attack: 0 })).unwrap();
    assert_eq!(game.state().field.unit(co).unwrap().at, Some(keep));
    assert_eq!(aquila::at(game.state(), legion_x()), Some(keep));
}
