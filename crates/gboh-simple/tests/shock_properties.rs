//! Properties of a whole shock on the tiny game, over random positions,
//! dice and choices: it always ends (every stage done, every combat step
//! run, no reaction window left open); afterwards no hex holds both sides,
//! every stack is legal, no eliminated unit is on the map and no unit on it
//! has more hits than its Troop Quality; and the same seed and choices give
//! the same events (determinism). Played through the engine's combat top,
//! which takes single answers itself; every answer it offers passes its
//! check.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use gboh_core::Side;
use gboh_core::dice::Dice;
use gboh_core::facing::{Direction, Facing};
use gboh_core::game::Event;
use gboh_core::unit::Status;
use gboh_simple::doc_game::{Tiny, TinyBattle};
use gboh_simple::field::UnitFlags;
use gboh_simple::ground::stacking::check_stack;
use gboh_simple::rules::combat;
use gboh_simple::sequence::{ShockStage, ShockState};
use gboh_simple::{Roster, SimpleEvent, Uid};
use hexx::Hex;
use proptest::prelude::*;

const COHORT: Uid = Uid(0);
const WARBAND: Uid = Uid(1);
const ARCHERS: Uid = Uid(2);
const WARBAND_2: Uid = Uid(4);
const COHORT_2: Uid = Uid(5);

/// A start: the cohort's hex (by board index), the direction to the warband,
/// whether the second cohort, the archers and the second warband join in
/// (each on a free neighbour of their friend), whether the warband faces the
/// cohort, and the choices (the index of the answer taken at each decision).
#[derive(Debug, Clone)]
struct Start {
    cohort_at: usize,
    toward: usize,
    second_cohort: bool,
    archers: bool,
    second_warband: bool,
    warband_faces: bool,
    choices: Vec<usize>,
    seed: u64,
}

fn start() -> impl Strategy<Value = Start> {
    (0usize..25, 0usize..6, any::<bool>(), any::<bool>(), any::<bool>(), any::<bool>())
        .prop_flat_map(|(c, t, s2, ar, w2, wf)| {
            (proptest::collection::vec(0usize..8, 0..40), any::<u64>()).prop_map(
                move |(choices, seed)| Start {
                    cohort_at: c,
                    toward: t,
                    second_cohort: s2,
                    archers: ar,
                    second_warband: w2,
                    warband_faces: wf,
                    choices,
                    seed,
                },
            )
        })
}

/// Places the pieces; `None` if the start does not fit the board.
fn place(s: &Start) -> Option<TinyBattle> {
    let mut b = TinyBattle::new();
    let board = &b.field.setup().board;
    let from = board.hex_at(s.cohort_at)?;
    let target = board.neighbor(from, Direction::ALL[s.toward])?;
    let free = |b: &TinyBattle, near: Hex| {
        Direction::ALL.into_iter().filter_map(|d| b.field.setup().board.neighbor(near, d)).find(
            |&h| {
                b.field.stack(h).is_empty()
                    && h != from
                    && h != target
                    && b.field.setup().board.terrain(h) != Some(gboh_core::board::Terrain::Water)
            },
        )
    };
    b.field.move_unit(COHORT, from, Tiny::facing_toward(from, target)).ok()?;
    b.field.unit_mut(COHORT)?.flags.set(UnitFlags::MOVED, true);
    let facing = if s.warband_faces { Tiny::facing_toward(target, from) } else { Facing::Twelve };
    b.field.move_unit(WARBAND, target, facing).ok()?;
    if s.second_cohort
        && let Some(h) = free(&b, target)
    {
        b.field.move_unit(COHORT_2, h, Tiny::facing_toward(h, target)).ok()?;
        b.field.unit_mut(COHORT_2)?.flags.set(UnitFlags::MOVED, true);
    }
    if s.archers {
        // With the cohort if the tiny game lets them stack, else beside it.
        let with = [COHORT, ARCHERS];
        let at =
            if check_stack(&b.field, from, &with).is_ok() { Some(from) } else { free(&b, from) };
        if let Some(h) = at {
            let facing = Tiny::facing_toward(from, target);
            b.field.move_unit(ARCHERS, h, facing).ok();
        }
    }
    if s.second_warband
        && let Some(h) = free(&b, target)
    {
        b.field.move_unit(WARBAND_2, h, Facing::Twelve).ok()?;
    }
    b.active = Some(Side::Roman);
    b.combat.shock = Some(ShockState { stage: ShockStage::Designation, attacks: Vec::new() });
    Some(b)
}

/// Plays the shock to its end through the engine's combat top
/// ([`combat::run`], [`combat::decision`], [`combat::check_decision`],
/// [`combat::decide`]), taking the answer the choices name at each decision;
/// `None` if it does not end within a generous bound.
fn play(b: &mut TinyBattle, s: &Start) -> Option<Vec<Event<SimpleEvent>>> {
    let mut dice = Dice::seeded(s.seed);
    let mut events = Vec::new();
    for asked in 0..500 {
        combat::run::<_, ()>(b, &mut dice, &mut events).unwrap();
        let Some((_, actions)) = combat::decision::<_, ()>(b) else {
            return Some(events);
        };
        let k = s.choices.get(asked).copied().unwrap_or(0) % actions.len();
        // Every answer offered passes the check, with its preview.
        for a in &actions {
            assert!(combat::check_decision(b, a, true).unwrap().is_ok(), "{a:?}");
        }
        combat::decide(b, &actions[k], &mut dice, &mut events).unwrap();
    }
    None
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 256,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn a_shock_always_ends_in_a_legal_position_and_replays_the_same(s in start()) {
        let Some(mut b) = place(&s) else { return Ok(()) };
        let initial = b.clone();
        let events = play(&mut b, &s);
        prop_assert!(events.is_some(), "the shock did not end");
        let events = events.unwrap();
        let shock = b.combat.shock.as_ref().unwrap();
        prop_assert_eq!(shock.stage, ShockStage::Done);
        prop_assert!(b.combat.tasks.is_empty());
        prop_assert!(b.combat.reaction.is_none());
        let field = &b.field;
        let setup = field.setup();
        for i in 0..setup.board.len() {
            let h = setup.board.hex_at(i).unwrap();
            let units: Vec<Uid> = field.stack(h).iter().collect();
            let sides: Vec<Side> = units.iter().filter_map(|&u| setup.unit_side(u)).collect();
            prop_assert!(sides.windows(2).all(|w| w[0] == w[1]), "both sides in {h:?}");
            prop_assert!(check_stack(field, h, &units).is_ok(), "illegal stack in {h:?}");
        }
        for (k, u) in field.units().iter().enumerate() {
            let uid = Uid(u16::try_from(k).unwrap());
            let profile = setup.unit_profile(uid).unwrap();
            if u.cohesion.status == Status::Eliminated {
                prop_assert!(u.at.is_none(), "an eliminated unit on the map");
            } else if u.at.is_some() {
                prop_assert!(u.cohesion.hits <= profile.tq.0, "more hits than TQ");
            }
        }
        // The same start, seed and choices give the same events.
        let mut again = initial;
        let replay = play(&mut again, &s).unwrap();
        prop_assert_eq!(replay.len(), events.len());
        prop_assert_eq!(format!("{replay:?}"), format!("{events:?}"));
    }
}
