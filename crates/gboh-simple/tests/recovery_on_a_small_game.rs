//! The Recovery Phase on the tiny game: routed cohorts roll against their
//! printed TQ (the family's default), a game that changes that rule brings
//! them back without a roll, and units that did not rout remove half their
//! hits, rounded down; each cited by the tiny game's sections.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use gboh_core::dice::{Dice, DiceError};
use gboh_core::facing::Facing;
use gboh_core::game::Event;
use gboh_core::unit::{HitOutcome, Status};
use gboh_simple::doc_game::{Tiny, TinyBattle};
use gboh_simple::rules::effects::{Effects, take_hits};
use gboh_simple::rules::recovery::{RoutedRecovery, recovery_phase};
use gboh_simple::sequence::ActivationCombat;
use gboh_simple::{Field, SimpleEvent, Uid};

/// The tiny battle with the cohort (TQ 7, reduced side 5) routed by 7 hits
/// and the warband (TQ 5) holding 3.
fn after_the_fight() -> TinyBattle {
    let mut battle = TinyBattle::new();
    for (uid, label) in [(Uid(0), "T0303"), (Uid(1), "T0202")] {
        let hex = battle.field.setup().board.hex_of(label).unwrap();
        battle.field.move_unit(uid, hex, Facing::Twelve).unwrap();
    }
    let mut events = Vec::new();
    assert_eq!(take_hits(&mut battle, Uid(0), 7, "8.14", &mut events), HitOutcome::Routed);
    assert_eq!(take_hits(&mut battle, Uid(1), 3, "8.14", &mut events), HitOutcome::Absorbed);
    battle
}

fn run<E: Effects<Game = Tiny, Event = SimpleEvent>>(
    battle: &mut E,
    faces: &[u8],
) -> Result<Vec<Event<SimpleEvent>>, DiceError> {
    let mut events = Vec::new();
    recovery_phase(battle, &mut Dice::scripted(faces.to_vec()), &mut events)?;
    Ok(events)
}

#[test]
fn rule_recovery_roll_at_or_under_the_printed_tq_the_routed_cohort_comes_back_reduced() {
    let mut battle = after_the_fight();
    let events = run(&mut battle, &[7]).unwrap();
    let cohort = battle.field.unit(Uid(0)).unwrap();
    assert_eq!((cohort.cohesion.status, cohort.cohesion.hits), (Status::Reduced, 0));
    assert!(cohort.at.is_some());
    assert_eq!(events[0].rule, "10.63");
    assert!(matches!(events[0].what, SimpleEvent::Recovered { unit: Uid(0), recovered: true }));
    assert_eq!(events[0].rolls.len(), 1);
    // The warband's 3 hits: half, rounded down, removed.
    assert_eq!(events[1].rule, "10.65");
    assert!(matches!(events[1].what, SimpleEvent::HitsRemoved { unit: Uid(1), removed: 1 }));
    assert_eq!(battle.field.unit(Uid(1)).unwrap().cohesion.hits, 2);
    assert_eq!(events.len(), 2);
}

#[test]
fn rule_recovery_roll_over_the_printed_tq_the_routed_cohort_is_eliminated() {
    let mut battle = after_the_fight();
    let events = run(&mut battle, &[8]).unwrap();
    let cohort = battle.field.unit(Uid(0)).unwrap();
    assert_eq!(cohort.cohesion.status, Status::Eliminated);
    assert!(cohort.at.is_none(), "off the map for good");
    let rules: Vec<_> = events.iter().map(|e| e.rule).collect();
    assert_eq!(rules, ["10.63", "10.63", "10.65"], "eliminated, not recovered, then the hits");
    assert!(matches!(events[0].what, SimpleEvent::Eliminated { unit: Uid(0) }));
    assert!(matches!(events[1].what, SimpleEvent::Recovered { unit: Uid(0), recovered: false }));
}

#[test]
fn recovery_without_routed_units_rolls_no_die() {
    let mut battle = TinyBattle::new();
    assert!(run(&mut battle, &[]).unwrap().is_empty(), "nothing on the map, nothing to do");
    let mut routed = after_the_fight();
    assert!(run(&mut routed, &[]).is_err(), "a routed unit needs its die");
}

/// The tiny game with one rule changed: its routed units come back without
/// a roll (as Alesia's Romans do, 10.62); everything else delegates.
struct Merciful(TinyBattle);

impl Effects for Merciful {
    type Game = Tiny;
    type Event = SimpleEvent;

    fn field(&self) -> &Field<Tiny> {
        self.0.field()
    }
    fn field_mut(&mut self) -> &mut Field<Tiny> {
        self.0.field_mut()
    }
    fn combat(&self) -> Option<&ActivationCombat> {
        self.0.combat()
    }
    fn combat_mut(&mut self) -> Option<&mut ActivationCombat> {
        self.0.combat_mut()
    }
    fn event(what: SimpleEvent) -> SimpleEvent {
        what
    }
    fn routed(&mut self, uid: Uid, events: &mut Vec<Event<SimpleEvent>>) {
        self.0.routed(uid, events);
    }
    fn routed_recovery(&self, _: Uid) -> RoutedRecovery {
        RoutedRecovery::Recovers
    }
}

#[test]
fn rule_recovery_without_roll_a_game_that_says_so_brings_its_routed_units_back() {
    let mut battle = Merciful(after_the_fight());
    let events = run(&mut battle, &[]).unwrap();
    assert_eq!(events[0].rule, "10.62");
    assert!(events[0].rolls.is_empty());
    assert_eq!(battle.0.field.unit(Uid(0)).unwrap().cohesion.status, Status::Reduced);
}
