//! What an app does with the gboh rules crates: set up a battle, preview an
//! attack's exact odds before committing to it, let bots play it to the end,
//! and tell the story in words (`narrate`), never as debug dumps.

use std::process::ExitCode;

use gboh_alesia::combat::CombatPreview;
use gboh_alesia::narrate;
use gboh_alesia::playthrough::Playthrough;
use gboh_alesia::protocol::{Pending, Preview};
use gboh_alesia::scenario::ScenarioId;
use gboh_core::Side;
use gboh_core::dice::Dice;
use gboh_core::game::Game;
use gboh_core::policy::{Policy, choose};
use gboh_dictator::Dictator;
use gboh_standard::Battle;
use gboh_standard::bots::Advance;
use gboh_standard::protocol::Outcome;

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("outside app: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Prints a line, refusing any that reads as a Rust debug dump of a game
/// type (CI runs this app: a dump fails it).
fn say(line: &str) -> Result<(), String> {
    const DUMPS: [&str; 5] = ["{", "Hex", "Some(", "Uid(", "Lid("];
    if let Some(d) = DUMPS.iter().find(|d| line.contains(**d)) {
        return Err(format!("a debug dump ({d:?}) in the output: {line}"));
    }
    println!("{line}");
    Ok(())
}

fn run() -> Result<(), Box<dyn std::error::Error>> {
    // Alesia 12.1, The Final Assault: the reference bots, seed 7.
    let mut alesia = Playthrough::new(ScenarioId::FinalAssault, 7)?;
    let mut previewed = false;
    let mut events = Vec::new();
    while alesia.game.log().len() < 50_000 {
        // The first time an attack is offered, show its exact odds, then
        // what the bots did there, event by event.
        let mut tell = false;
        if !previewed {
            for action in alesia.game.legal_actions() {
                let Ok(Preview::Combat(preview)) = alesia.game.check(&action) else { continue };
                let odds = match preview {
                    CombatPreview::Shot { odds, .. } => {
                        format!("hits with chance {}", odds.chance_that(|o| o.hit))
                    }
                    CombatPreview::Shock { odds, .. } => odds
                        .outcomes()
                        .iter()
                        .map(|(o, n)| format!("{} in {n}/{}", o.result, odds.total()))
                        .collect::<Vec<_>>()
                        .join(", "),
                    CombatPreview::Check { odds, .. } => {
                        format!("succeeds with chance {}", odds.chance(&true))
                    }
                    CombatPreview::Legal => continue,
                };
                // The action as a sentence (narrate::action): hexes as map
                // labels, pieces by name, the rule it follows.
                let text = narrate::action(alesia.game.state(), &action);
                say(&format!("Alesia, action {}: {text}", alesia.game.log().len()))?;
                say(&format!("  exact odds: {odds}"))?;
                previewed = true;
                tell = true;
                break;
            }
        }
        events.clear();
        if !alesia.step(&mut events)? {
            break;
        }
        if tell {
            say("  what the bot did:")?;
            for event in &events {
                say(&format!("  {}", narrate::line(alesia.game.state(), event)))?;
            }
        }
    }
    let Pending::Over(outcome) = alesia.game.pending() else {
        return Err(format!("Alesia: not over after {} actions", alesia.game.log().len()).into());
    };
    if !previewed {
        return Err("Alesia: no attack was ever offered".into());
    }
    let result = outcome
        .winner
        .map_or_else(|| "a draw".to_owned(), |side| format!("{} win", narrate::side(side)));
    say(&format!(
        "Alesia 12.1, seed 7: {result} after {} actions ({})",
        alesia.game.log().len(),
        outcome.reason
    ))?;

    // Dictator, The Rhine: two `Advance` bots on the standard engine; the
    // last action's events in words (gboh_standard::narrate::line).
    let (battle, _) = Battle::new(Dictator::rhine(), "The Rhine")?;
    let mut rhine = Game::new(battle, Dice::seeded(58));
    let (mut roman, mut german) = (Advance, Advance);
    let mut legal = Vec::new();
    let mut last = Vec::new();
    while rhine.log().len() < 50_000 {
        let bot: &mut dyn Policy<Battle<Dictator>> = match rhine.decider() {
            Some(Side::Adversary) => &mut german,
            _ => &mut roman,
        };
        let Some(action) = choose(&rhine, bot, &mut legal) else { break };
        let mut step = Vec::new();
        rhine.apply_into(action, &mut step).map_err(|e| format!("The Rhine: {e}"))?;
        last = step;
    }
    let gboh_standard::Pending::Over(outcome) = rhine.pending() else {
        return Err(format!("The Rhine: not over after {} actions", rhine.log().len()).into());
    };
    let result = match outcome {
        Outcome::Withdrawal { loser: Side::Roman } => "the Germans win",
        Outcome::Withdrawal { loser: Side::Adversary } => "the Romans win",
        Outcome::Draw => "a draw",
        Outcome::TurnLimit => "the last turn ended",
        Outcome::Victory { winner: Side::Roman } => "the Romans win",
        Outcome::Victory { winner: Side::Adversary } => "the Germans win",
    };
    for event in &last {
        say(&gboh_standard::narrate::line(rhine.state().field(), event))?;
    }
    say(&format!("Dictator, The Rhine, seed 58: {result} after {} actions", rhine.log().len()))?;
    Ok(())
}
