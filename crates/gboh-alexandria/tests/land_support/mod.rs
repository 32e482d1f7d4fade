//! The land game's invariants and protocol checks, shared by the property
//! test `land_random_play` and the fuzz target `play_alexandria`
//! (`fuzz/fuzz_targets/play_alexandria.rs` includes this file by path, so
//! it names only gboh-alexandria, gboh-core and gboh-simple).
//!
//! `gboh_core::testkit`'s drivers compare games by their serialized text;
//! the land game's state holds the shared set-up behind an `Arc` and does
//! not serialize, so these checks compare games with `==` and continue a
//! clone instead of a loaded copy.

#![allow(clippy::expect_used, clippy::unwrap_used, clippy::panic, dead_code)]

use gboh_alexandria::play::{Alexandria, Land, Own};
use gboh_core::dice::Dice;
use gboh_core::game::Game;
use gboh_core::testkit::{Step, unlisted_action};
use gboh_core::unit::Status;
use gboh_simple::Battle;
use gboh_simple::ground::GroundRules;
use gboh_simple::protocol::Action;

/// The land game as the protocol plays it.
pub type LandGame = Game<Battle<Alexandria>>;
/// One of its actions.
pub type LandAction = gboh_simple::protocol::ActionOf<Alexandria>;

/// The land game's invariants, each naming the rule it keeps:
/// - 4.42, 5.48: every land unit is on the map, aboard exactly one galley
///   afloat, or eliminated and nowhere; every leader alive is on the map or
///   aboard one galley afloat (4.43), a dead one aboard none (4.33);
/// - the field's stacks agree with the units' positions;
/// - family 6.64: no hex holds units of both sides;
/// - family 6.61: every stack is within the stacking limits
///   (`GroundRules::check_stack`, the rule the moves are checked against).
///
/// # Errors
/// The first invariant broken, naming the piece and the rule.
pub fn invariants(game: &LandGame) -> Result<(), String> {
    let s = game.state().state();
    let setup = s.setup();
    let mut hexes = Vec::new();
    for (k, info) in setup.muster.units.iter().enumerate() {
        let uid = gboh_simple::Uid(u16::try_from(k).map_err(|e| e.to_string())?);
        let st = s.field.unit(uid).ok_or_else(|| format!("{}: no unit state", info.name))?;
        let aboard = s
            .fleet
            .game
            .galleys
            .iter()
            .filter(|g| g.afloat() && g.aboard.iter().any(|p| p.id == info.name))
            .count();
        let on_map = usize::from(st.at.is_some());
        let gone = st.cohesion.status == Status::Eliminated;
        if !(on_map + aboard == 1 && !gone || gone && on_map + aboard == 0) {
            return Err(format!(
                "4.42/5.48: {} is on the map {on_map}, aboard {aboard} galleys, eliminated {gone}",
                info.name
            ));
        }
        if let Some(hex) = st.at {
            if !s.field.stack(hex).iter().any(|u| u == uid) {
                return Err(format!("{} at {hex:?} is not in that hex's stack", info.name));
            }
            if !hexes.contains(&hex) {
                hexes.push(hex);
            }
        }
    }
    for (k, info) in setup.muster.leaders.iter().enumerate() {
        let lid = gboh_simple::Lid(u8::try_from(k).map_err(|e| e.to_string())?);
        let st = s.field.leader(lid).ok_or_else(|| format!("{}: no leader state", info.name))?;
        let aboard = s
            .fleet
            .game
            .galleys
            .iter()
            .filter(|g| g.afloat() && g.aboard.iter().any(|p| p.id == info.name))
            .count();
        let on_map = usize::from(st.at.is_some());
        if !(st.dead && aboard == 0 || !st.dead && on_map + aboard == 1) {
            return Err(format!(
                "4.33/4.43: leader {} is on the map {on_map}, aboard {aboard} galleys, dead {}",
                info.name, st.dead
            ));
        }
    }
    for &hex in &hexes {
        let stack: Vec<gboh_simple::Uid> = s.field.stack(hex).iter().collect();
        let mut sides = stack.iter().filter_map(|&u| setup.unit(u).map(|i| i.side));
        if let Some(first) = sides.next()
            && sides.any(|x| x != first)
        {
            return Err(format!("family 6.64: enemy units share {hex:?}: {stack:?}"));
        }
        for &u in &stack {
            if s.field.unit(u).and_then(|x| x.at) != Some(hex) {
                return Err(format!("{u:?} is in the stack of {hex:?} but not there"));
            }
        }
        Land::check_stack(&s.field, hex, &stack)
            .map_err(|e| format!("family 6.61: the stack in {hex:?} breaks the limits: {e}"))?;
    }
    Ok(())
}

/// What a checked playout did.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Played {
    /// Actions applied.
    pub actions: usize,
    /// Of them, Fleet activations' galley actions (4.42).
    pub fleet_actions: usize,
    /// Unlisted actions tried and refused.
    pub refused: usize,
    /// Clone round trips checked.
    pub round_trips: usize,
}

/// Plays `steps` from `start` with seeded dice `seed`, at most `max`
/// actions, checking at every step:
/// - a listed action passes `check` and `apply` accepts it;
/// - an unlisted one (an earlier action no longer listed, or a listed one
///   with a number rewritten: `testkit::unlisted_action`) fails `check`,
///   `apply` refuses it with the same error, and the game (state, dice, log)
///   is unchanged;
/// - every `round_trip_every` actions, a clone applies the same action to
///   the same events and the same game;
/// - [`invariants`] after every action;
///
/// and at the end that seed plus log replays to the same game (2.3's dice:
/// the same seed rolls the same).
///
/// # Errors
/// The first violation, after how many actions.
pub fn play_checked(
    start: &Alexandria,
    seed: u64,
    steps: &[Step],
    max: usize,
    round_trip_every: usize,
) -> Result<(Played, LandGame), String> {
    let mut steps = steps.iter().copied();
    play_chosen(start, seed, max, round_trip_every, |_| steps.next())
}

/// As [`play_checked`], each step chosen by `next` from the actions listed
/// now (`None` stops).
///
/// # Errors
/// The first violation, after how many actions.
pub fn play_chosen(
    start: &Alexandria,
    seed: u64,
    max: usize,
    round_trip_every: usize,
    mut next: impl FnMut(&[LandAction]) -> Option<Step>,
) -> Result<(Played, LandGame), String> {
    let mut game = Game::new(Battle::new(start.clone()), Dice::seeded(seed));
    let mut played = Played::default();
    let mut pool: Vec<LandAction> = Vec::new();
    invariants(&game).map_err(|e| format!("at the start: {e}"))?;
    while played.actions < max {
        let legal = game.legal_actions();
        if legal.is_empty() {
            break;
        }
        let Some(step) = next(&legal) else { break };
        let after = game.log().len();
        let fail = |what: String| format!("after {after} actions: {what}");
        match step {
            Step::Legal(pick) => {
                let Some(action) = legal.get(pick % legal.len()).cloned() else { break };
                game.check(&action)
                    .map_err(|e| fail(format!("listed {action:?} fails check: {e}")))?;
                let copy = (round_trip_every > 0
                    && played.actions.is_multiple_of(round_trip_every))
                .then(|| game.clone());
                let events = game
                    .apply(action.clone())
                    .map_err(|e| fail(format!("listed {action:?} refused by apply: {e}")))?;
                if let Some(mut copy) = copy {
                    let again = copy
                        .apply(action.clone())
                        .map_err(|e| fail(format!("a clone refused {action:?}: {e}")))?;
                    if format!("{again:?}") != format!("{events:?}") || copy != game {
                        return Err(fail(format!("a clone diverged on {action:?}")));
                    }
                    played.round_trips += 1;
                }
                played.actions += 1;
                if matches!(action, Action::Combat(gboh_simple::CombatAction::Game(Own::Fleet(_))))
                {
                    played.fleet_actions += 1;
                }
                if !pool.contains(&action) {
                    pool.push(action);
                    if pool.len() > 64 {
                        pool.remove(0);
                    }
                }
                invariants(&game).map_err(fail)?;
            }
            Step::Illegal(noise) => {
                let Some(action) = unlisted_action(&legal, &pool, noise) else { continue };
                let before = game.clone();
                let checked = game.check(&action).map(|_| ()).map_err(|e| e.to_string());
                let applied = game.apply(action.clone()).map(|_| ()).map_err(|e| e.to_string());
                match (checked, applied) {
                    (Err(c), Err(a)) => {
                        if c != a {
                            return Err(fail(format!(
                                "{action:?}: check says {c}, apply says {a}"
                            )));
                        }
                        if game != before {
                            return Err(fail(format!("refused {action:?} ({a}) changed the game")));
                        }
                        played.refused += 1;
                    }
                    (c, a) => {
                        return Err(fail(format!(
                            "unlisted {action:?}: check {c:?}, apply {a:?} (DESIGN.md: the list holds every legal action)"
                        )));
                    }
                }
            }
        }
    }
    let again = Game::replay(Battle::new(start.clone()), seed, game.log().iter().cloned())
        .map_err(|e| format!("replay from seed {seed}: {e}"))?;
    if again != game {
        return Err(format!("replay from seed {seed} and {} actions diverged", game.log().len()));
    }
    Ok((played, game))
}
