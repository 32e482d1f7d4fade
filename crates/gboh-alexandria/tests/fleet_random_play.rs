//! Random play of the Naval Battle (`fleet::FleetGame`; 5.4x movement,
//! 9.x ram, rake, grapple, 8.0 boarding, 7.3 fire, 3.0 D's Fleet Status
//! Phase) in the style of `land_random_play`: every action
//! `fleet::actions` lists passes `fleet::legal` and `fleet::apply`; an
//! unlisted one (`testkit::unlisted_action`) is refused by both with the
//! same message and changes nothing; a game saved to RON and loaded back
//! continues identically; the state stays sound (`FleetGame::problems`:
//! one galley a hex, two-sided grapples and fouls, contact only with
//! adjacent galleys afloat, no galley over capacity or afloat with its hull
//! gone) and every passenger is aboard one galley afloat, ashore or
//! eliminated; the same seed and actions replay the same game.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)] // a failing test panics

use gboh_alexandria::fleet::{self, Action, FleetGame};
use gboh_alexandria::scenario::ScenarioId;
use gboh_core::testkit::{self, Step, unlisted_action};
use proptest::prelude::*;

/// Where every passenger is: ids aboard galleys afloat, ashore, eliminated.
fn passengers(game: &FleetGame) -> Vec<String> {
    let mut all: Vec<String> = game
        .galleys
        .iter()
        .filter(|g| g.afloat())
        .flat_map(|g| g.aboard.iter().map(|p| p.id.clone()))
        .chain(game.ashore.iter().map(|(p, _, _)| p.id.clone()))
        .chain(game.eliminated.iter().map(|(id, _)| id.clone()))
        .collect();
    all.sort();
    all
}

/// Plays `steps` from the Naval Battle's start with seed `seed`, checking
/// the protocol and the invariants (the module docs) at every step.
fn play(
    seed: u64,
    steps: &[Step],
    max: usize,
    save_every: usize,
) -> Result<(usize, usize), String> {
    let mut steps = steps.iter().copied();
    play_chosen(seed, max, save_every, |_, _| steps.next()).map(|(n, r, _)| (n, r))
}

/// As [`play`], each step chosen by `next` from the game and the actions
/// listed now (`None` stops); also returns the log.
fn play_chosen(
    seed: u64,
    max: usize,
    save_every: usize,
    mut next: impl FnMut(&FleetGame, &[Action]) -> Option<Step>,
) -> Result<(usize, usize, Vec<Action>), String> {
    let start =
        FleetGame::from_scenario(ScenarioId::NavalBattle, seed).map_err(|e| e.to_string())?;
    let people = passengers(&start);
    let mut game = start.clone();
    let mut log: Vec<Action> = Vec::new();
    let mut pool: Vec<Action> = Vec::new();
    let mut refused = 0;
    while log.len() < max {
        let legal = fleet::actions(&game);
        if legal.is_empty() {
            break;
        }
        let Some(step) = next(&game, &legal) else { break };
        let after = log.len();
        match step {
            Step::Legal(pick) => {
                let a = legal[pick % legal.len()].clone();
                fleet::legal(&game, &a)
                    .map_err(|e| format!("after {after}: listed {a:?} fails legal: {e}"))?;
                let saved = (save_every > 0 && after.is_multiple_of(save_every))
                    .then(|| ron::to_string(&game))
                    .transpose()
                    .map_err(|e| e.to_string())?;
                let events = fleet::apply(&mut game, &a)
                    .map_err(|e| format!("after {after}: listed {a:?} refused: {e}"))?;
                if let Some(text) = saved {
                    let mut loaded: FleetGame = ron::from_str(&text).map_err(|e| e.to_string())?;
                    let again = fleet::apply(&mut loaded, &a)
                        .map_err(|e| format!("after {after}: a loaded copy refused {a:?}: {e}"))?;
                    if again != events || loaded != game {
                        return Err(format!("after {after}: a loaded copy diverged on {a:?}"));
                    }
                }
                let problems = game.problems();
                if !problems.is_empty() {
                    return Err(format!("after {a:?} ({after}): {problems:?}"));
                }
                if passengers(&game) != people {
                    return Err(format!(
                        "after {a:?} ({after}): 4.42/8.0: passengers {:?}, at the start {people:?}",
                        passengers(&game)
                    ));
                }
                if !pool.contains(&a) {
                    pool.push(a.clone());
                }
                log.push(a);
            }
            Step::Illegal(noise) => {
                let Some(a) = unlisted_action(&legal, &pool, noise) else { continue };
                let before = game.clone();
                let checked = fleet::legal(&game, &a).map_err(|e| e.to_string());
                let applied = fleet::apply(&mut game, &a).map(|_| ()).map_err(|e| e.to_string());
                match (checked, applied) {
                    (Err(c), Err(e)) if c == e && game == before => refused += 1,
                    (c, e) => {
                        return Err(format!(
                            "after {after}: unlisted {a:?}: legal {c:?}, apply {e:?}, unchanged {}",
                            game == before
                        ));
                    }
                }
            }
        }
    }
    let mut again = start;
    for a in &log {
        fleet::apply(&mut again, a).map_err(|e| format!("replay refused {a:?}: {e}"))?;
    }
    if again != game {
        return Err(format!("replay of {} actions from seed {seed} diverged", log.len()));
    }
    Ok((log.len(), refused, log))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    /// 3.0, 5.4x, 7.3, 8.0, 9.x: up to 120 actions of random play from the
    /// Naval Battle's start keep the protocol and the state sound.
    #[test]
    fn rule_3_0_random_naval_battle_play_keeps_the_invariants(
        seed in 0u64..10_000,
        steps in testkit::steps(1..150),
    ) {
        let played = play(seed, &steps, 120, 10);
        prop_assert!(played.is_ok(), "seed {}: {}", seed, played.err().unwrap_or_default());
    }
}

/// Fixed plays reach far enough to matter: 200 actions each, unlisted
/// actions refused along the way.
#[test]
fn rule_3_0_long_naval_battle_plays_keep_the_invariants() {
    for seed in [1u64, 2, 3] {
        let mut x = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
        let steps: Vec<Step> = (0..260)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                if x % 9 == 0 {
                    Step::Illegal(x >> 3)
                } else {
                    Step::Legal(usize::try_from(x >> 16).unwrap())
                }
            })
            .collect();
        let (actions, refused) =
            play(seed, &steps, 200, 7).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert_eq!(actions, 200, "seed {seed}: the game stopped early");
        assert!(refused > 0, "seed {seed}");
    }
}

/// 9.x, 8.0, 7.3: the fleet bot's choices (it closes and attacks) mixed
/// with random listed and unlisted actions, under the same checks, reach
/// ramming, raking, grappling or fire: so the property covers combat, not
/// only rowing about.
#[test]
fn rule_9_bot_led_naval_battles_fight_under_the_checks() {
    let combat = |a: &Action| {
        matches!(
            a,
            Action::Ram { .. }
                | Action::Rake { .. }
                | Action::Collide { .. }
                | Action::Grapple { .. }
                | Action::Board { .. }
                | Action::FireArrows { .. }
                | Action::Diekplus { .. }
        )
    };
    let mut fights = 0;
    for seed in [1u64, 2, 3] {
        let mut x = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
        let choose = |game: &FleetGame, legal: &[Action]| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            match x % 8 {
                0 => Some(Step::Illegal(x >> 3)),
                1 | 2 => Some(Step::Legal(usize::try_from(x >> 16).unwrap())),
                _ => {
                    let pick = fleet::bot::choose(game)?;
                    legal.iter().position(|a| *a == pick).map(Step::Legal)
                }
            }
        };
        let (actions, refused, log) =
            play_chosen(seed, 400, 9, choose).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert!(actions > 100 && refused > 0, "seed {seed}: {actions} actions, {refused} refused");
        fights += log.iter().filter(|a| combat(a)).count();
    }
    assert!(fights > 0, "no galley fought in these plays");
}
