//! Narration (issue 16 §1): Dictator's own events read as sentences beside
//! the engine's, and the battles played by the reference bots narrate with no
//! `Debug` dump.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failing test panics

use gboh_core::testkit::narration;
use std::collections::BTreeSet;

use gboh_core::Side;
use gboh_core::dice::Dice;
use gboh_core::game::{Event, Game};
use gboh_core::policy::{Policy, choose};
use gboh_dictator::{Dictator, DictatorEvent};
use gboh_standard::bots::Advance;
use gboh_standard::narrate;
use gboh_standard::{Battle, StandardEvent};

/// The variant's name. No wildcard arm: a new variant does not compile until
/// it is named here, and [`NAMES`] and [`examples`] must follow.
fn name(e: &DictatorEvent) -> &'static str {
    match e {
        DictatorEvent::FerocityCheck { .. } => "FerocityCheck",
        DictatorEvent::ImpetuosityEnding { .. } => "ImpetuosityEnding",
        DictatorEvent::ImpetuosityLost { .. } => "ImpetuosityLost",
        DictatorEvent::SlaveTq { .. } => "SlaveTq",
    }
}

const NAMES: [&str; 4] = ["FerocityCheck", "ImpetuosityEnding", "ImpetuosityLost", "SlaveTq"];

fn examples() -> Vec<DictatorEvent> {
    vec![
        DictatorEvent::FerocityCheck { tribe: "Harudes".into(), kept: true },
        DictatorEvent::FerocityCheck { tribe: "Harudes".into(), kept: false },
        DictatorEvent::ImpetuosityEnding { tribe: "Helvetii".into() },
        DictatorEvent::ImpetuosityLost { tribe: "Helvetii".into() },
        DictatorEvent::SlaveTq { unit: 0, tq: 5 },
    ]
}

/// What a `Debug` dump would leave in a line: the core testkit's marks
/// (`gboh_core::testkit::narration`) and Dictator's own variant and id names.
fn debug_dump(line: &str) -> Option<&'static str> {
    narration::debug_dump(
        line,
        &[
            "Doom(",
            "Rallied",
            "Wounded(",
            "TurnLimit",
            "Attacker",
            "Defender",
            "()",
            "Ferocity {",
            "SlaveTq",
            "Impetuosity {",
        ],
    )
}

/// The rule, with a section number, opens the line.
fn cites_a_section(line: &str) -> bool {
    narration::cited_rule(line).is_some()
}

#[test]
fn every_dictator_event_reads_as_a_sentence() {
    let (battle, _) = Battle::new(Dictator::chaeronea(), "Chaeronea").unwrap();
    let examples = examples();
    let walked: BTreeSet<&str> = examples.iter().map(name).collect();
    assert_eq!(walked, NAMES.into_iter().collect(), "the examples must cover every variant");
    for e in examples {
        let n = name(&e);
        let line =
            narrate::line(battle.field(), &Event::new("Dictator 9.62", StandardEvent::Game(e)));
        assert!(cites_a_section(&line), "{line}");
        if let Some(bad) = debug_dump(&line) {
            panic!("{n} narrates as a dump ({bad}): {line}");
        }
    }
    let lost = DictatorEvent::ImpetuosityLost { tribe: "Helvetii".into() };
    assert_eq!(
        narrate::line(battle.field(), &Event::new("Dictator 9.7", StandardEvent::Game(lost))),
        "[Dictator 9.7] the Helvetii lose their Impetuosity"
    );
    let slave = DictatorEvent::SlaveTq { unit: 0, tq: 5 };
    let id = battle.field().def(0).unwrap().id.to_string();
    assert_eq!(
        narrate::line(battle.field(), &Event::new("Dictator 9.107", StandardEvent::Game(slave))),
        format!("[Dictator 9.107] {id} is a Slave phalanx: its TQ for this battle is 5")
    );
    assert!(
        debug_dump("[Dictator 9.62] FerocityCheck { tribe: \"Harudes\", kept: true }").is_some()
    );
}

/// Plays `scenario` with two `Advance` bots from `seed` (at most `max`
/// actions), narrating every event; returns the names of the game's own
/// events seen and the number of lines.
fn play(game_state: Dictator, scenario: &str, seed: u64, max: usize) -> (BTreeSet<String>, usize) {
    let (initial, _) = Battle::new(game_state, scenario).unwrap();
    let mut game = Game::new(initial, Dice::seeded(seed));
    let (mut a, mut b) = (Advance, Advance);
    let mut legal = Vec::new();
    let mut own = BTreeSet::new();
    let mut lines = 0;
    for _ in 0..max {
        let policy: &mut dyn Policy<Battle<Dictator>> =
            if game.decider() == Some(Side::Adversary) { &mut b } else { &mut a };
        let Some(action) = choose(&game, policy, &mut legal) else { break };
        for e in game.apply(action).unwrap() {
            let line = narrate::line(game.state().field(), &e);
            assert!(cites_a_section(&line), "{line}");
            if let Some(bad) = debug_dump(&line) {
                panic!("{scenario} narrates a dump ({bad}): {line}");
            }
            if let StandardEvent::Game(g) = &e.what {
                own.insert(name(g).to_owned());
            }
            lines += 1;
        }
    }
    (own, lines)
}

#[test]
fn the_rhine_narrates_without_debug_dumps() {
    let (own, lines) = play(Dictator::rhine(), "The Rhine", 58, 3_000);
    assert!(lines > 100, "only {lines} lines");
    assert!(!own.is_empty(), "no Dictator event was narrated");
}

#[test]
fn chaeronea_narrates_without_debug_dumps() {
    let (_, lines) = play(Dictator::chaeronea(), "Chaeronea", 58, 3_000);
    assert!(lines > 100, "only {lines} lines");
}
