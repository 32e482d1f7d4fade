//! What an app does with the gboh rules crates: set up a battle, preview an
//! attack's exact odds before committing to it, let bots play it to the end.

use std::process::ExitCode;

use gboh_alesia::combat::CombatPreview;
use gboh_alesia::playthrough::Playthrough;
use gboh_alesia::protocol::{Pending, Preview};
use gboh_alesia::scenario::ScenarioId;
use gboh_core::dice::Dice;
use gboh_core::game::Game;
use gboh_core::policy::{Limits, play};
use gboh_dictator::Dictator;
use gboh_standard::Battle;
use gboh_standard::bots::Advance;

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("outside app: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), Box<dyn std::error::Error>> {
    // Alesia 12.1, The Final Assault: the reference bots, seed 7.
    let mut alesia = Playthrough::new(ScenarioId::FinalAssault, 7)?;
    let mut previewed = false;
    let mut events = Vec::new();
    while alesia.game.log().len() < 50_000 {
        // The first time an attack is offered, show its exact odds.
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
                // Hexes as map labels, pieces by name (narrate::humanize).
                let text =
                    gboh_alesia::narrate::humanize(alesia.game.state(), &format!("{action:?}"));
                println!("Alesia, action {}: {text}", alesia.game.log().len());
                println!("  exact odds: {odds}");
                previewed = true;
                break;
            }
        }
        events.clear();
        if !alesia.step(&mut events)? {
            break;
        }
    }
    let Pending::Over(outcome) = alesia.game.pending() else {
        return Err(format!("Alesia: not over after {} actions", alesia.game.log().len()).into());
    };
    if !previewed {
        return Err("Alesia: no attack was ever offered".into());
    }
    println!(
        "Alesia 12.1, seed 7: {:?} win after {} actions ({})",
        outcome.winner,
        alesia.game.log().len(),
        outcome.reason
    );

    // Dictator, The Rhine: two `Advance` bots on the standard engine.
    let (battle, _) = Battle::new(Dictator::rhine(), "The Rhine")?;
    let mut rhine = Game::new(battle, Dice::seeded(58));
    let result = play(&mut rhine, &mut Advance, &mut Advance, Limits { max_actions: 50_000 })?;
    if !result.finished {
        return Err(format!("The Rhine: not over after {} actions", result.actions).into());
    }
    println!(
        "Dictator, The Rhine, seed 58: {:?} after {} actions",
        rhine.pending(),
        result.actions
    );
    Ok(())
}
