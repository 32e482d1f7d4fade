//! Narration (issue 16 §1): every event variant, and every variant of the
//! movement and combat events inside it, reads as a sentence with map labels,
//! counter ids, leader names, clock facings and side names, never a `Debug`
//! dump; a real bot game narrates the same way; the labelled action log
//! round-trips.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failing test panics

use gboh_core::testkit::narration;
use std::collections::BTreeSet;

use gboh_alesia::combat::SimpleEvent;
use gboh_alesia::combat::missile::ShotKind;
use gboh_alesia::combat::{CombatAction, CombatEvent, CombatPending, SiegeAction};
use gboh_alesia::command::Command;
use gboh_alesia::game::{CounterIdx, LegionIdx, Lid, Uid};
use gboh_alesia::movement::{FillTarget, MoveAction, MoveEvent};
use gboh_alesia::narrate;
use gboh_alesia::playthrough::Playthrough;
use gboh_alesia::protocol::{Action, Alesia, AlesiaEvent, Outcome, Pending, Placement};
use gboh_alesia::scenario::ScenarioId;
use gboh_alesia::tables::EntryArea;
use gboh_core::Side;
use gboh_core::dice::{Die, Roll};
use gboh_core::facing::{Direction, Facing};
use gboh_core::game::{Event, Rules};
use gboh_core::table::{Drm, ModifiedRoll, Modifiers, ShockResult};
use gboh_core::unit::{HitOutcome, UnitType};
use hexx::Hex;

/// The variant's name. No wildcard arm: a new event variant does not compile
/// until it is named here, and [`NAMES`] and [`examples`] must follow, or
/// [`every_event_variant_reads_as_a_sentence`] fails.
fn name(e: &AlesiaEvent) -> &'static str {
    match e {
        AlesiaEvent::Seizure { .. } => "Seizure",
        AlesiaEvent::CounterPlaced(_) => "CounterPlaced",
        AlesiaEvent::AlesiaForceHeld { .. } => "AlesiaForceHeld",
        AlesiaEvent::TribeAssigned { .. } => "TribeAssigned",
        AlesiaEvent::EntryAttempt { .. } => "EntryAttempt",
        AlesiaEvent::JoinedTribe { .. } => "JoinedTribe",
        AlesiaEvent::Redeployed { .. } => "Redeployed",
        AlesiaEvent::RedeploymentEnded { .. } => "RedeploymentEnded",
        AlesiaEvent::Activated { .. } => "Activated",
        AlesiaEvent::Move(m) => move_name(m),
        AlesiaEvent::Combat(c) => combat_name(c),
        AlesiaEvent::GaulsRetire { .. } => "GaulsRetire",
        AlesiaEvent::NoDefendersLeft => "NoDefendersLeft",
        AlesiaEvent::FillWorn { .. } => "FillWorn",
        AlesiaEvent::GameOver(_) => "GameOver",
        AlesiaEvent::LeaderRode { .. } => "LeaderRode",
        AlesiaEvent::LeaderRetreated { .. } => "LeaderRetreated",
        AlesiaEvent::ActivationEnded { .. } => "ActivationEnded",
        AlesiaEvent::Turn(_) => "Turn",
    }
}

fn move_name(e: &MoveEvent) -> &'static str {
    match e {
        MoveEvent::Moved { .. } => "Move::Moved",
        MoveEvent::MovementOver { .. } => "Move::MovementOver",
        MoveEvent::Hits { .. } => "Move::Hits",
        MoveEvent::FillTaken { .. } => "Move::FillTaken",
        MoveEvent::FillPlaced { .. } => "Move::FillPlaced",
        MoveEvent::RapidMarch { .. } => "Move::RapidMarch",
        MoveEvent::StackSwapped { .. } => "Move::StackSwapped",
        MoveEvent::DisorderRemoved { .. } => "Move::DisorderRemoved",
        MoveEvent::Disordered { .. } => "Move::Disordered",
        MoveEvent::Untethered { .. } => "Move::Untethered",
        MoveEvent::LeaderMoved { .. } => "Move::LeaderMoved",
        MoveEvent::LeaderMayRetreat { .. } => "Move::LeaderMayRetreat",
        MoveEvent::LeaderEliminated { .. } => "Move::LeaderEliminated",
        MoveEvent::AwaitingReaction { .. } => "Move::AwaitingReaction",
    }
}

fn combat_name(e: &CombatEvent) -> &'static str {
    use CombatEvent as E;
    use SimpleEvent as F;
    match e {
        E::Family(F::Fired { .. }) => "Combat::Fired",
        E::Flame { .. } => "Combat::Flame",
        E::Family(F::Hits { .. }) => "Combat::Hits",
        E::Routed { .. } => "Combat::Routed",
        E::Family(F::Eliminated { .. }) => "Combat::Eliminated",
        E::Family(F::LeaderCheck { .. }) => "Combat::LeaderCheck",
        E::Family(F::LeaderMoved { .. }) => "Combat::LeaderMoved",
        E::Family(F::LeaderStayed { .. }) => "Combat::LeaderStayed",
        E::Family(F::LeaderMayRetreat { .. }) => "Combat::LeaderMayRetreat",
        E::Family(F::LeaderEliminated { .. }) => "Combat::LeaderEliminated",
        E::LeaderReturned { .. } => "Combat::LeaderReturned",
        E::Family(F::Retreated { .. }) => "Combat::Retreated",
        E::Family(F::NoRetreat { .. }) => "Combat::NoRetreat",
        E::Family(F::Stood { .. }) => "Combat::Stood",
        E::Disordered { .. } => "Combat::Disordered",
        E::SetOnFire { .. } => "Combat::SetOnFire",
        E::FireFought { .. } => "Combat::FireFought",
        E::BurnCheck { .. } => "Combat::BurnCheck",
        E::FillBurnt { .. } => "Combat::FillBurnt",
        E::ModeChanged { .. } => "Combat::ModeChanged",
        E::Family(F::HitsRemoved { .. }) => "Combat::HitsRemoved",
        E::Family(F::Recovered { .. }) => "Combat::Recovered",
        E::AquilaPlaced { .. } => "Combat::AquilaPlaced",
        E::AquilaMoved { .. } => "Combat::AquilaMoved",
        E::AquilaCaptured { .. } => "Combat::AquilaCaptured",
        E::Family(F::Declined) => "Combat::Declined",
        E::Family(F::ShockBegun) => "Combat::ShockBegun",
        E::Family(F::Designated { .. }) => "Combat::Designated",
        E::Family(F::PreShockCheck { .. }) => "Combat::PreShockCheck",
        E::Family(F::WeaponChosen { .. }) => "Combat::WeaponChosen",
        E::Family(F::ShockResolved { .. }) => "Combat::ShockResolved",
        E::Family(F::AttackVoid { .. }) => "Combat::AttackVoid",
        E::Family(F::ContinuedShock { .. }) => "Combat::ContinuedShock",
        E::Family(F::Advanced { .. }) => "Combat::Advanced",
        E::Family(F::ShockEnded) => "Combat::ShockEnded",
        E::Withdrawn { .. } => "Combat::Withdrawn",
        E::Family(F::Moved { .. }) => {
            unreachable!("the engine's Moved is Alesia's MoveEvent::Moved")
        }
    }
}

/// Every name [`name`] returns.
const NAMES: [&str; 17 + 14 + 36] = [
    "Seizure",
    "CounterPlaced",
    "AlesiaForceHeld",
    "TribeAssigned",
    "EntryAttempt",
    "JoinedTribe",
    "Redeployed",
    "RedeploymentEnded",
    "Activated",
    "GaulsRetire",
    "NoDefendersLeft",
    "FillWorn",
    "GameOver",
    "LeaderRode",
    "LeaderRetreated",
    "ActivationEnded",
    "Turn",
    // AlesiaEvent::Move and AlesiaEvent::Combat are named by what they hold.
    "Move::Moved",
    "Move::MovementOver",
    "Move::Hits",
    "Move::FillTaken",
    "Move::FillPlaced",
    "Move::RapidMarch",
    "Move::StackSwapped",
    "Move::DisorderRemoved",
    "Move::Disordered",
    "Move::Untethered",
    "Move::LeaderMoved",
    "Move::LeaderMayRetreat",
    "Move::LeaderEliminated",
    "Move::AwaitingReaction",
    "Combat::Fired",
    "Combat::Flame",
    "Combat::Hits",
    "Combat::Routed",
    "Combat::Eliminated",
    "Combat::LeaderCheck",
    "Combat::LeaderMoved",
    "Combat::LeaderStayed",
    "Combat::LeaderMayRetreat",
    "Combat::LeaderEliminated",
    "Combat::LeaderReturned",
    "Combat::Retreated",
    "Combat::NoRetreat",
    "Combat::Stood",
    "Combat::Disordered",
    "Combat::SetOnFire",
    "Combat::FireFought",
    "Combat::BurnCheck",
    "Combat::FillBurnt",
    "Combat::ModeChanged",
    "Combat::HitsRemoved",
    "Combat::Recovered",
    "Combat::AquilaPlaced",
    "Combat::AquilaMoved",
    "Combat::AquilaCaptured",
    "Combat::Declined",
    "Combat::ShockBegun",
    "Combat::Designated",
    "Combat::PreShockCheck",
    "Combat::WeaponChosen",
    "Combat::ShockResolved",
    "Combat::AttackVoid",
    "Combat::ContinuedShock",
    "Combat::Advanced",
    "Combat::ShockEnded",
    "Combat::Withdrawn",
];

fn game() -> Alesia {
    Playthrough::initial(ScenarioId::FinalAssault).unwrap()
}

fn at(game: &Alesia, label: &str) -> Hex {
    game.setup().board.hex_of(label).unwrap()
}

fn mods() -> Modifiers {
    let mut m = Modifiers::new();
    m.push("8.17", "target in the open", Drm(1)).push("8.17", "long range", Drm(-2));
    m
}

/// One event of every variant (several of some, to reach each branch of
/// their sentences).
#[allow(clippy::too_many_lines)]
fn examples(game: &Alesia) -> Vec<AlesiaEvent> {
    let (a, b) = (at(game, "W5314"), at(game, "W5112"));
    let (u, v, l, c, g) = (Uid(0), Uid(1), Lid(0), CounterIdx(0), LegionIdx(0));
    let shock = ShockResult {
        attacker_hits: 1,
        defender_hits: 3,
        attacker_retreats: false,
        defender_retreats: true,
        continued_shock: true,
    };
    use AlesiaEvent as A;
    use MoveEvent as M;
    vec![
        A::Seizure { leader: l, roll: Some(3), initiative: 5, seized: true },
        A::Seizure { leader: l, roll: None, initiative: 5, seized: true },
        A::CounterPlaced(Placement { counter: c, hex: a, chieftain: Some(l) }),
        A::CounterPlaced(Placement { counter: c, hex: a, chieftain: None }),
        A::AlesiaForceHeld { roll: 8 },
        A::TribeAssigned { counter: c, area: EntryArea::IV },
        A::EntryAttempt { area: EntryArea::IV, roll: Some(4), arrived: false },
        A::EntryAttempt { area: EntryArea::I, roll: None, arrived: true },
        A::JoinedTribe { unit: u, counter: c },
        A::Redeployed { unit: u, to: a },
        A::RedeploymentEnded { kept: true },
        A::RedeploymentEnded { kept: false },
        A::Activated { side: Side::Adversary, command: Command::Tribes(l, vec![c]) },
        A::Activated { side: Side::Roman, command: Command::Legion(g) },
        A::Activated { side: Side::Roman, command: Command::Auxiliaries(l) },
        A::Activated { side: Side::Roman, command: Command::RomanCavalry(l) },
        A::Activated { side: Side::Adversary, command: Command::GallicCavalry(l) },
        A::Activated { side: Side::Adversary, command: Command::AlesiaForce },
        A::Activated { side: Side::Roman, command: Command::Commanders(Side::Roman) },
        A::Move(M::Moved {
            unit: u,
            from: Some(a),
            to: b,
            facing: Facing::Twelve,
            mp: 4,
            stopped_in_zoc: true,
        }),
        A::Move(M::Moved {
            unit: u,
            from: Some(a),
            to: a,
            facing: Facing::Two,
            mp: 1,
            stopped_in_zoc: false,
        }),
        A::Move(M::Moved {
            unit: u,
            from: None,
            to: b,
            facing: Facing::Eight,
            mp: 2,
            stopped_in_zoc: false,
        }),
        A::Move(M::MovementOver { unit: u }),
        A::Move(M::Hits { unit: u, hex: a, hits: 2, outcome: HitOutcome::Routed, removed: true }),
        A::Move(M::FillTaken { unit: u }),
        A::Move(M::FillPlaced { unit: u, hex: a, target: FillTarget::Hex, value: 2 }),
        A::Move(M::FillPlaced {
            unit: u,
            hex: a,
            target: FillTarget::Hexside(Direction::SW),
            value: 1,
        }),
        A::Move(M::RapidMarch { unit: u, hit: false, outcome: HitOutcome::Absorbed }),
        A::Move(M::RapidMarch { unit: u, hit: true, outcome: HitOutcome::Eliminated }),
        A::Move(M::StackSwapped { unit: u, top: v }),
        A::Move(M::DisorderRemoved { unit: u }),
        A::Move(M::Disordered { unit: u }),
        A::Move(M::Untethered { unit: u }),
        A::Move(M::LeaderMoved { leader: l, to: b, mp: 3 }),
        A::Move(M::LeaderMayRetreat { leader: l, options: vec![a, b] }),
        A::Move(M::LeaderMayRetreat { leader: l, options: vec![] }),
        A::Move(M::LeaderEliminated { leader: l }),
        A::Move(M::AwaitingReaction { unit: u }),
        A::Combat(CombatEvent::Family(SimpleEvent::Fired {
            unit: u,
            target: b,
            kind: ShotKind::Active,
            range: 2,
            hit_number: 4,
            modifiers: mods(),
            modified: ModifiedRoll(2),
            hit: true,
        })),
        A::Combat(CombatEvent::Family(SimpleEvent::Fired {
            unit: u,
            target: b,
            kind: ShotKind::Return { range_one: true },
            range: 1,
            hit_number: 4,
            modifiers: Modifiers::new(),
            modified: ModifiedRoll(7),
            hit: false,
        })),
        A::Combat(CombatEvent::Flame {
            unit: u,
            target: b,
            modifiers: mods(),
            modified: ModifiedRoll(3),
            success: true,
        }),
        A::Combat(CombatEvent::Family(SimpleEvent::Hits {
            unit: u,
            hits: 1,
            outcome: HitOutcome::Absorbed,
        })),
        A::Combat(CombatEvent::Routed { unit: u, to: Some(b) }),
        A::Combat(CombatEvent::Routed { unit: u, to: None }),
        A::Combat(CombatEvent::Family(SimpleEvent::Eliminated { unit: u })),
        A::Combat(CombatEvent::Family(SimpleEvent::LeaderCheck { leader: l, killed: true })),
        A::Combat(CombatEvent::Family(SimpleEvent::LeaderMoved { leader: l, to: Some(b) })),
        A::Combat(CombatEvent::Family(SimpleEvent::LeaderMoved { leader: l, to: None })),
        A::Combat(CombatEvent::Family(SimpleEvent::LeaderStayed { leader: l })),
        A::Combat(CombatEvent::Family(SimpleEvent::LeaderMayRetreat {
            leader: l,
            options: vec![a],
        })),
        A::Combat(CombatEvent::Family(SimpleEvent::LeaderEliminated { leader: l })),
        A::Combat(CombatEvent::LeaderReturned { leader: l, to: a }),
        A::Combat(CombatEvent::Family(SimpleEvent::Retreated { unit: u, from: a, to: b })),
        A::Combat(CombatEvent::Family(SimpleEvent::NoRetreat { unit: u })),
        A::Combat(CombatEvent::Family(SimpleEvent::Stood { unit: u })),
        A::Combat(CombatEvent::Disordered { unit: u }),
        A::Combat(CombatEvent::SetOnFire { hex: a }),
        A::Combat(CombatEvent::FireFought { hex: a, out: true }),
        A::Combat(CombatEvent::BurnCheck { hex: a, burnt: false }),
        A::Combat(CombatEvent::FillBurnt { hex: a }),
        A::Combat(CombatEvent::ModeChanged { unit: u, fire: true }),
        A::Combat(CombatEvent::Family(SimpleEvent::HitsRemoved { unit: u, removed: 2 })),
        A::Combat(CombatEvent::Family(SimpleEvent::Recovered { unit: u, recovered: true })),
        A::Combat(CombatEvent::Family(SimpleEvent::Recovered { unit: u, recovered: false })),
        A::Combat(CombatEvent::AquilaPlaced { legion: g, hex: a }),
        A::Combat(CombatEvent::AquilaMoved { legion: g, to: b }),
        A::Combat(CombatEvent::AquilaCaptured { legion: g, hex: b }),
        A::Combat(CombatEvent::Family(SimpleEvent::Declined)),
        A::Combat(CombatEvent::Family(SimpleEvent::ShockBegun)),
        A::Combat(CombatEvent::Family(SimpleEvent::Designated {
            attack: 0,
            attackers: vec![u, v],
            defenders: vec![b],
        })),
        A::Combat(CombatEvent::Family(SimpleEvent::PreShockCheck { hex: b, tq: 5, passed: false })),
        A::Combat(CombatEvent::Family(SimpleEvent::WeaponChosen {
            side: Side::Adversary,
            unit_type: UnitType::BI,
        })),
        A::Combat(CombatEvent::Family(SimpleEvent::ShockResolved {
            attack: 0,
            modifiers: mods(),
            modified: ModifiedRoll(6),
            result: shock,
        })),
        A::Combat(CombatEvent::Family(SimpleEvent::AttackVoid { attack: 1 })),
        A::Combat(CombatEvent::Family(SimpleEvent::ContinuedShock { attack: 2 })),
        A::Combat(CombatEvent::Family(SimpleEvent::Advanced {
            unit: u,
            to: b,
            facing: Facing::Ten,
        })),
        A::Combat(CombatEvent::Family(SimpleEvent::ShockEnded)),
        A::Combat(CombatEvent::Withdrawn { tribe: "Alesia".to_owned() }),
        A::Combat(CombatEvent::Withdrawn { tribe: "Aedui".to_owned() }),
        A::GaulsRetire { withdrawn: 30, committed: 52 },
        A::NoDefendersLeft,
        A::FillWorn { counters: 4 },
        A::GameOver(Outcome { winner: Side::Roman, reason: "11.0: the Romans hold".to_owned() }),
        A::LeaderRode { leader: l, to: b },
        A::LeaderRetreated { leader: l, to: b },
        A::ActivationEnded { next: Side::Roman },
        A::Turn(gboh_simple::TurnEvent::Passed { side: Side::Roman }),
        A::Turn(gboh_simple::TurnEvent::PeriodEnded { period: 1 }),
    ]
}

/// What a `Debug` dump would leave in a line: the core testkit's marks
/// (`gboh_core::testkit::narration`) and Alesia's own variant and id names.
fn debug_dump(line: &str) -> Option<&'static str> {
    narration::debug_dump(
        line,
        &[
            "Uid(",
            "Lid(",
            "Idx(",
            "Absorbed",
            "HitAndRun",
            "FreeShot",
            "Hexside",
            "Moved",
            "Combat",
            "Move(",
        ],
    )
}

/// `[8.16] ...`: the rule section in brackets opens the line.
fn cites_a_section(line: &str) -> bool {
    narration::cited_rule(line).is_some_and(narration::is_section_number)
}

#[test]
fn every_event_variant_reads_as_a_sentence() {
    let game = game();
    let examples = examples(&game);
    let walked: BTreeSet<&str> = examples.iter().map(name).collect();
    let named: BTreeSet<&str> = NAMES.into_iter().collect();
    assert_eq!(named.len(), NAMES.len(), "NAMES has a duplicate");
    assert_eq!(walked, named, "the examples and NAMES must cover the same variants");
    for what in examples {
        let event = Event::new("9.25", what.clone());
        let line = narrate::line(&game, &event);
        assert!(cites_a_section(&line), "{line}");
        assert!(line.len() > "[9.25] ".len() + 10, "{line}");
        if let Some(bad) = debug_dump(&line) {
            panic!("{} narrates as a dump ({bad}): {line}", name(&what));
        }
    }
}

#[test]
fn the_checks_catch_a_debug_dump() {
    let game = game();
    let event = Event::new("6.31", AlesiaEvent::NoDefendersLeft);
    assert!(debug_dump(&narrate::line(&game, &event)).is_none());
    let dump = format!("[6.31] {:?}", MoveEvent::MovementOver { unit: Uid(3) });
    assert!(debug_dump(&dump).is_some(), "{dump}");
    let hex = format!("[6.31] moves to {:?}", Hex::new(53, -14));
    assert!(debug_dump(&hex).is_some(), "{hex}");
    assert!(debug_dump("[6.31] faces Twelve").is_some());
    assert!(!cites_a_section("faces 12 o'clock"));
    assert!(!cites_a_section("[] faces 12 o'clock"));
}

#[test]
fn key_events_read_exactly() {
    let game = game();
    let (a, b) = (at(&game, "W5314"), at(&game, "W5112"));
    let u = narrate::unit(&game, Uid(0));
    let l = narrate::leader(&game, Lid(0));
    let line = |rule, what, rolls: &[u8]| {
        let mut e = Event::new(rule, what);
        for &face in rolls {
            e = e.with_roll(Roll { die: Die::D10, face });
        }
        narrate::line(&game, &e)
    };
    assert_eq!(
        line(
            "6.31",
            AlesiaEvent::Move(MoveEvent::Moved {
                unit: Uid(0),
                from: Some(a),
                to: b,
                facing: Facing::Twelve,
                mp: 4,
                stopped_in_zoc: true
            }),
            &[]
        ),
        format!(
            "[6.31] {u} moves W5314 -> W5112 (4 MP), faces 12 o'clock, stops in an enemy ZOC (7.23)"
        )
    );
    assert_eq!(
        line(
            "8.16",
            AlesiaEvent::Combat(CombatEvent::Family(SimpleEvent::Fired {
                unit: Uid(0),
                target: b,
                kind: ShotKind::Active,
                range: 2,
                hit_number: 4,
                modifiers: mods(),
                modified: ModifiedRoll(2),
                hit: true,
            })),
            &[3]
        ),
        format!(
            "[8.16] {u} fires at W5112 (fire, 8.11; range 2, hits on 4 or less): \
             +1 target in the open (8.17); -2 long range (8.17): total DRM -1, \
             modified roll 2: a hit (dice: 3)"
        )
    );
    assert_eq!(
        line(
            "9.25",
            AlesiaEvent::Combat(CombatEvent::Family(SimpleEvent::ShockResolved {
                attack: 0,
                modifiers: mods(),
                modified: ModifiedRoll(6),
                result: ShockResult {
                    attacker_hits: 1,
                    defender_hits: 3,
                    attacker_retreats: false,
                    defender_retreats: true,
                    continued_shock: true,
                },
            })),
            &[7]
        ),
        "[9.25] attack 1 resolved on the Shock Table: +1 target in the open (8.17); \
         -2 long range (8.17): total DRM -1, modified roll 6: 1/3R CS: 1 hit on the attackers, \
         3 hits on the defenders; the defenders retreat (10.2); Continued Shock (10.3) (dice: 7)"
    );
    assert_eq!(
        line(
            "5.21",
            AlesiaEvent::Seizure { leader: Lid(0), roll: Some(3), initiative: 5, seized: true },
            &[3]
        ),
        format!("[5.21] {l} attempts Turn Seizure: rolls 3 against Initiative 5: seized (dice: 3)")
    );
    assert_eq!(
        line("3.0", AlesiaEvent::ActivationEnded { next: Side::Adversary }, &[]),
        "[3.0] the activation ends; the Gauls act next"
    );
    assert_eq!(
        line("3.0", AlesiaEvent::Turn(gboh_simple::TurnEvent::Passed { side: Side::Roman }), &[]),
        "[3.0] the Romans have nothing to activate and pass"
    );
    assert_eq!(
        line(
            "11.0",
            AlesiaEvent::GameOver(Outcome {
                winner: Side::Roman,
                reason: "11.0: the Gauls failed to win by the end of the scenario".to_owned()
            }),
            &[]
        ),
        "[11.0] game over: the Romans win: the Gauls failed to win by the end of the scenario"
    );
    assert_eq!(
        line(
            "8.14",
            AlesiaEvent::Combat(CombatEvent::Family(SimpleEvent::Hits {
                unit: Uid(0),
                hits: 1,
                outcome: HitOutcome::Absorbed
            })),
            &[]
        ),
        format!("[8.14] {u} takes 1 hit and absorbs it")
    );
    // Names are the counters' and leaders' own, not their indices.
    assert!(!u.starts_with("unit "), "{u}");
    assert!(!l.starts_with("leader "), "{l}");
}

/// A few hundred actions of the reference bot game (12.1, seed 2): every
/// action and event narrated reads as a sentence citing its section.
#[test]
fn a_bot_game_narrates_without_debug_dumps() {
    let mut play = Playthrough::new(ScenarioId::FinalAssault, 2).unwrap();
    let mut events = Vec::new();
    let mut lines = 0;
    let mut seen = BTreeSet::new();
    let mut placed_or_done = std::collections::BTreeMap::new();
    let mut reactions = 0;
    let mut narrator = narrate::Narrator::new();
    let mut named_attacks = 0;
    while play.game.log().len() < 500 {
        events.clear();
        let before = play.game.state().clone();
        // Declining reaction fire reads as such, whatever the bot does.
        if matches!(before.pending(), Pending::Combat(CombatPending::Reaction { .. })) {
            let done = Action::Combat(CombatAction::Done);
            assert_eq!(narrate::action(&before, &done), "decline to fire in reaction (8.6)");
            reactions += 1;
        }
        if !play.step(&mut events).unwrap() {
            break;
        }
        // The action as chosen, read in the state it was chosen in.
        let taken = play.game.log().last().unwrap();
        let text = narrate::action(&before, taken);
        assert!(ends_with_a_section(&text), "{text}");
        assert!(debug_dump(&format!("[0] {text}")).is_none(), "{text}");
        // Placing a unit or a leader, and ending a choice, cite the one rule
        // of the decision pending, not the list of every case.
        if matches!(
            taken,
            Action::Combat(
                CombatAction::Place { .. } | CombatAction::PlaceLeader { .. } | CombatAction::Done
            )
        ) {
            let last = text.rsplit_once('(').map_or("", |(_, s)| s);
            assert!(!last.contains(", "), "{text}");
            *placed_or_done.entry(action_name(taken)).or_insert(0) += 1;
        }
        for e in &events {
            let line = narrate::line(play.game.state(), e);
            let told = narrator.line(play.game.state(), e);
            // The narrator says the same, and names every resolved attack.
            if let AlesiaEvent::Combat(CombatEvent::Family(SimpleEvent::ShockResolved { .. })) =
                &e.what
            {
                assert!(
                    told.contains(") resolved on the Shock Table")
                        && (told.contains(" against ") || told.contains("(Continued Shock)")),
                    "{told}"
                );
                named_attacks += 1;
            } else if !matches!(
                &e.what,
                AlesiaEvent::Combat(CombatEvent::Family(SimpleEvent::AttackVoid { .. }))
            ) {
                assert_eq!(told, line);
            }
            assert!(debug_dump(&told).is_none(), "{told}");
            assert!(cites_a_section(&line), "{line}");
            if let Some(bad) = debug_dump(&line) {
                panic!("{} narrates as a dump ({bad}): {line}", name(&e.what));
            }
            seen.insert(name(&e.what));
            lines += 1;
        }
    }
    assert!(lines > 400, "only {lines} lines");
    assert!(named_attacks > 0, "no attack was resolved");
    assert!(placed_or_done.get("Combat::Place").is_some_and(|&n| n > 0), "{placed_or_done:?}");
    assert!(reactions > 0, "no reaction window was open in {} actions", play.game.log().len());
    // The game got as far as moving, firing and shock.
    for kind in ["Move::Moved", "Combat::Fired", "Combat::ShockResolved", "Activated"] {
        assert!(seen.contains(kind), "no {kind} in {seen:?}");
    }
}

/// The labelled action log (issue 16 §1): hexes as map labels, read back to
/// the same actions, and the replay of what was read reproduces the game.
#[test]
fn the_labelled_action_log_round_trips() {
    let mut play = Playthrough::new(ScenarioId::FinalAssault, 1).unwrap();
    play.run(300).unwrap();
    let start = Playthrough::initial(ScenarioId::FinalAssault).unwrap();
    let log = play.game.log().to_vec();
    let text = narrate::log::write(&start, &log).unwrap();
    assert!(text.starts_with(narrate::log::HEADER));
    assert_eq!(text.lines().count(), log.len() + 1);
    assert!(text.contains("\"W"), "labels are written");
    assert!(!text.contains("(x:"), "no coordinates are left for hexes on the map");
    let read = narrate::log::read(&start, &text).unwrap();
    assert_eq!(read, log);
    let replayed = gboh_core::game::Game::replay(start.clone(), 1, read.clone()).unwrap();
    assert_eq!(replayed.state(), play.game.state());
}

#[test]
fn a_hand_edited_log_is_read_or_refused_with_its_line() {
    let start = game();
    let mut play = Playthrough::new(ScenarioId::FinalAssault, 1).unwrap();
    play.run(40).unwrap();
    let log = play.game.log().to_vec();
    let text = narrate::log::write(&start, &log).unwrap();
    // Comments and blank lines are skipped.
    let commented = format!("{text}\n# a note\n\n");
    assert_eq!(narrate::log::read(&start, &commented).unwrap(), log);
    // Coordinates are accepted as well as labels.
    let a = at(&start, "W5314");
    let coords = format!("Redeploy(unit:(0),to:(x:{},y:{}))", a.x, a.y);
    let labelled = "Redeploy(unit:(0),to:\"W5314\")";
    assert_eq!(
        narrate::log::read(&start, &coords).unwrap(),
        narrate::log::read(&start, labelled).unwrap()
    );
    // A label off the map, and a line that is not an action, name their line.
    let err = narrate::log::read(&start, "# head\nRedeploy(unit:(0),to:\"W9999\")").unwrap_err();
    assert!(err.to_string().starts_with("action log line 2: W9999 is not a hex"), "{err}");
    let err = narrate::log::read(&start, "Pass\nFly").unwrap_err();
    assert!(err.to_string().starts_with("action log line 2: "), "{err}");
}

/// The action's name; no wildcard arm, as [`name`] for events.
fn action_name(a: &Action) -> &'static str {
    match a {
        Action::AttemptSeizure(_) => "AttemptSeizure",
        Action::DeclineSeizure => "DeclineSeizure",
        Action::SeizeToMove(_) => "SeizeToMove",
        Action::PlaceCounter(_) => "PlaceCounter",
        Action::AssignTribe { .. } => "AssignTribe",
        Action::AttemptEntry(_) => "AttemptEntry",
        Action::EndPlacement => "EndPlacement",
        Action::Redeploy { .. } => "Redeploy",
        Action::EndRedeployment => "EndRedeployment",
        Action::KeepDeployment => "KeepDeployment",
        Action::Activate(_) => "Activate",
        Action::RideAlong { .. } => "RideAlong",
        Action::ReturnLeader { .. } => "ReturnLeader",
        Action::RetreatLeader { .. } => "RetreatLeader",
        Action::Move(m) => match m {
            MoveAction::Move { .. } => "Move::Move",
            MoveAction::RapidMarch { .. } => "Move::RapidMarch",
            MoveAction::SwapStack { .. } => "Move::SwapStack",
            MoveAction::RemoveDisorder { .. } => "Move::RemoveDisorder",
            MoveAction::TakeFill { .. } => "Move::TakeFill",
            MoveAction::PlaceFill { .. } => "Move::PlaceFill",
            MoveAction::MoveLeader { .. } => "Move::MoveLeader",
        },
        Action::Combat(c) => match c {
            CombatAction::Fire { .. } => "Combat::Fire",
            CombatAction::Game(SiegeAction::Flame { .. }) => "Combat::Flame",
            CombatAction::Game(SiegeAction::PutOutFire { .. }) => "Combat::PutOutFire",
            CombatAction::Game(SiegeAction::ChangeMode { .. }) => "Combat::ChangeMode",
            CombatAction::Rally { .. } => "Combat::Rally",
            CombatAction::Game(SiegeAction::PlaceAquila { .. }) => "Combat::PlaceAquila",
            CombatAction::BeginShock => "Combat::BeginShock",
            CombatAction::React { .. } => "Combat::React",
            CombatAction::Designate { .. } => "Combat::Designate",
            CombatAction::Resolve { .. } => "Combat::Resolve",
            CombatAction::Weapon { .. } => "Combat::Weapon",
            CombatAction::DistributeHits { .. } => "Combat::DistributeHits",
            CombatAction::Place { .. } => "Combat::Place",
            CombatAction::PlaceLeader { .. } => "Combat::PlaceLeader",
            CombatAction::Done => "Combat::Done",
        },
        Action::EndActivation => "EndActivation",
        Action::Pass => "Pass",
    }
}

/// Every name [`action_name`] returns.
const ACTION_NAMES: [&str; 16 + 7 + 15] = [
    "AttemptSeizure",
    "DeclineSeizure",
    "SeizeToMove",
    "PlaceCounter",
    "AssignTribe",
    "AttemptEntry",
    "EndPlacement",
    "Redeploy",
    "EndRedeployment",
    "KeepDeployment",
    "Activate",
    "RideAlong",
    "ReturnLeader",
    "RetreatLeader",
    "EndActivation",
    "Pass",
    "Move::Move",
    "Move::RapidMarch",
    "Move::SwapStack",
    "Move::RemoveDisorder",
    "Move::TakeFill",
    "Move::PlaceFill",
    "Move::MoveLeader",
    "Combat::Fire",
    "Combat::Flame",
    "Combat::PutOutFire",
    "Combat::ChangeMode",
    "Combat::Rally",
    "Combat::PlaceAquila",
    "Combat::BeginShock",
    "Combat::React",
    "Combat::Designate",
    "Combat::Resolve",
    "Combat::Weapon",
    "Combat::DistributeHits",
    "Combat::Place",
    "Combat::PlaceLeader",
    "Combat::Done",
];

/// The first unit on the map, and its hex.
fn placed(game: &Alesia) -> (Uid, Hex) {
    (0..u16::try_from(game.field.units().len()).unwrap())
        .map(Uid)
        .find_map(|u| Some((u, game.field.unit(u)?.at?)))
        .unwrap()
}

fn action_examples(game: &Alesia) -> Vec<Action> {
    let (a, b) = (at(game, "W5314"), at(game, "W5112"));
    let (u, l, c, g) = (Uid(0), Lid(0), CounterIdx(0), LegionIdx(0));
    let (p, home) = placed(game);
    use CombatAction as C;
    use MoveAction as M;
    vec![
        Action::AttemptSeizure(l),
        Action::DeclineSeizure,
        Action::SeizeToMove(l),
        Action::PlaceCounter(Placement { counter: c, hex: a, chieftain: Some(l) }),
        Action::AssignTribe { counter: c, area: EntryArea::V },
        Action::AttemptEntry(EntryArea::V),
        Action::EndPlacement,
        Action::Redeploy { unit: u, to: a },
        Action::EndRedeployment,
        Action::KeepDeployment,
        Action::Activate(Command::Legion(g)),
        Action::RideAlong { leader: l, unit: u },
        Action::ReturnLeader { leader: l, to: a },
        Action::RetreatLeader { leader: l, to: Some(b) },
        Action::RetreatLeader { leader: l, to: None },
        Action::Move(M::Move { unit: u, to: b, facing: Facing::Four }),
        Action::Move(M::Move { unit: p, to: home, facing: Facing::Four }),
        Action::Move(M::RapidMarch { unit: u }),
        Action::Move(M::SwapStack { unit: u }),
        Action::Move(M::RemoveDisorder { unit: u }),
        Action::Move(M::TakeFill { unit: u }),
        Action::Move(M::PlaceFill { unit: u, target: FillTarget::Hex }),
        Action::Move(M::PlaceFill { unit: u, target: FillTarget::Hexside(Direction::NE) }),
        Action::Move(M::MoveLeader { leader: l, to: b }),
        Action::Combat(C::Fire { unit: u, target: b, will_move: true }),
        Action::Combat(C::Game(SiegeAction::Flame { unit: u, target: b })),
        Action::Combat(C::Game(SiegeAction::PutOutFire { unit: u, hex: a })),
        Action::Combat(C::Game(SiegeAction::ChangeMode { unit: u })),
        Action::Combat(C::Rally { unit: u }),
        Action::Combat(C::Game(SiegeAction::PlaceAquila { legion: g, hex: a })),
        Action::Combat(C::BeginShock),
        Action::Combat(C::React { unit: u, target: b }),
        Action::Combat(C::Designate { attacker: a, join: None }),
        Action::Combat(C::Designate { attacker: a, join: Some(0) }),
        Action::Combat(C::Resolve { attack: 1 }),
        Action::Combat(C::Weapon { unit_type: UnitType::CO }),
        Action::Combat(C::DistributeHits { units: vec![u, Uid(1)] }),
        Action::Combat(C::Place { unit: u, to: b, facing: Facing::Six }),
        Action::Combat(C::PlaceLeader { leader: l, to: Some(b) }),
        Action::Combat(C::PlaceLeader { leader: l, to: None }),
        Action::Combat(C::Done),
        Action::EndActivation,
        Action::Pass,
    ]
}

/// An action's sentence ends with its rule, in parentheses.
fn ends_with_a_section(text: &str) -> bool {
    let Some(body) = text.strip_suffix(')') else { return false };
    let Some((_, sections)) = body.rsplit_once('(') else { return false };
    sections.split(", ").all(|s| {
        s.chars().next().is_some_and(|c| c.is_ascii_digit())
            && s.chars().all(|c| c.is_ascii_digit() || c == '.')
    })
}

#[test]
fn every_action_variant_reads_as_a_sentence() {
    let game = game();
    let examples = action_examples(&game);
    let walked: BTreeSet<&str> = examples.iter().map(action_name).collect();
    let named: BTreeSet<&str> = ACTION_NAMES.into_iter().collect();
    assert_eq!(named.len(), ACTION_NAMES.len(), "ACTION_NAMES has a duplicate");
    assert_eq!(walked, named, "the examples and ACTION_NAMES must cover the same variants");
    for a in &examples {
        let text = narrate::action(&game, a);
        assert!(ends_with_a_section(&text), "{text}");
        // `debug_dump` expects the one pair of brackets of an event line.
        if let Some(bad) = debug_dump(&format!("[0] {text}")) {
            panic!("{} reads as a dump ({bad}): {text}", action_name(a));
        }
    }
    let (placed, home) = placed(&game);
    let u = narrate::unit(&game, placed);
    let b = at(&game, "W5112");
    assert_eq!(
        narrate::action(
            &game,
            &Action::Move(MoveAction::Move { unit: placed, to: b, facing: Facing::Twelve })
        ),
        format!("move {u} to W5112, facing 12 o'clock (6.31)")
    );
    assert_eq!(
        narrate::action(
            &game,
            &Action::Move(MoveAction::Move { unit: placed, to: home, facing: Facing::Two })
        ),
        format!("pivot {u} in {} to face 2 o'clock (7.12)", narrate::hex(&game, home))
    );
    assert!(!ends_with_a_section("end the activation"));
    assert!(!ends_with_a_section("end (x)"));
}

#[test]
fn a_narrator_names_the_attack_it_heard_designated() {
    let game = game();
    let b = at(&game, "W5112");
    let (u, v) = (narrate::unit(&game, Uid(0)), narrate::unit(&game, Uid(1)));
    let resolved = Event::new(
        "9.25",
        AlesiaEvent::Combat(CombatEvent::Family(SimpleEvent::ShockResolved {
            attack: 0,
            modifiers: Modifiers::new(),
            modified: ModifiedRoll(5),
            result: ShockResult {
                attacker_hits: 1,
                defender_hits: 2,
                attacker_retreats: false,
                defender_retreats: false,
                continued_shock: false,
            },
        })),
    );
    let mut narrator = narrate::Narrator::new();
    let designated = Event::new(
        "9.21",
        AlesiaEvent::Combat(CombatEvent::Family(SimpleEvent::Designated {
            attack: 0,
            attackers: vec![Uid(0), Uid(1)],
            defenders: vec![b],
        })),
    );
    assert_eq!(narrator.line(&game, &designated), narrate::line(&game, &designated));
    assert_eq!(
        narrator.line(&game, &resolved),
        format!(
            "[9.25] attack 1 ({u}, {v} against W5112) resolved on the Shock Table: no modifiers: \
             total DRM 0, modified roll 5: 1/2: 1 hit on the attackers, 2 hits on the defenders"
        )
    );
    // A Continued Shock attack (10.3) is named as such: its event says no more.
    let continued = Event::new(
        "10.3",
        AlesiaEvent::Combat(CombatEvent::Family(SimpleEvent::ContinuedShock { attack: 2 })),
    );
    narrator.line(&game, &continued);
    let mut again = resolved.clone();
    if let AlesiaEvent::Combat(CombatEvent::Family(SimpleEvent::ShockResolved { attack, .. })) =
        &mut again.what
    {
        *attack = 2;
    }
    assert!(narrator.line(&game, &again).starts_with("[9.25] attack 3 (Continued Shock) resolved"));
    // Attack numbers start again with the next shock: nothing is remembered.
    let ended =
        Event::new("9.2", AlesiaEvent::Combat(CombatEvent::Family(SimpleEvent::ShockEnded)));
    narrator.line(&game, &ended);
    assert_eq!(narrator.line(&game, &resolved), narrate::line(&game, &resolved));
    assert!(narrate::line(&game, &resolved).starts_with("[9.25] attack 1 resolved"));
}
