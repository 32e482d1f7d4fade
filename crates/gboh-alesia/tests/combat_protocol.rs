//! Combat through the protocol, shakmaty's `legals_are_legal` style: from
//! positions with fire and shock to be had, random legal play; whatever
//! `legal_actions` lists, `check` and `apply` accept; whatever is refused
//! leaves the game as it was; the game serializes and replays.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use crate::combat_support;

use combat_support::*;
use gboh_alesia::combat::CombatAction;
use gboh_alesia::game::UnitFlags;
use gboh_alesia::protocol::{Action, Alesia, Pending};
use gboh_core::dice::Dice;
use gboh_core::facing::Facing;
use gboh_core::game::Game;
use proptest::prelude::*;

/// The 9.22 example's assault, with a second cohort, an archer and a scorpio
/// on the wall, and an archer among the Gauls.
fn assault() -> Alesia {
    let mut p = Pos::west();
    p.unit("X-1", "W3911", Facing::Ten);
    p.unit("X-2", "W4012", Facing::Ten);
    p.unit("Archers-1", "W4012", Facing::Ten);
    let gun = p.unit("X-Scorpio", "W3911", Facing::Ten);
    p.with(gun, 0, UnitFlags::FIRE_MODE);
    for (id, at) in [
        ("Arverni-1", "W3910"),
        ("Arverni-2", "W3910"),
        ("Arverni-3", "W4011"),
        ("Arverni-4", "W4011"),
        ("Arverni-5", "W4111"),
    ] {
        let u = p.unit(id, at, Facing::Four);
        p.with(u, 2, UnitFlags::MOVED);
    }
    p.unit("Arverni-A1", "W3909", Facing::Four);
    p.activated(tribe_of("Arverni-1", "Vercassivellaunus"))
}

/// The other way round: the legion attacks Gauls in the open.
fn sally() -> Alesia {
    let mut p = Pos::west();
    for (id, at) in [("X-1", "W3906"), ("X-2", "W3906"), ("X-3", "W4007")] {
        let u = p.unit(id, at, Facing::Ten);
        p.with(u, 0, UnitFlags::MOVED);
    }
    p.unit("Aedui-1", "W3905", Facing::Four);
    p.unit("Aedui-2", "W3905", Facing::Four);
    p.unit("Aedui-6", "W4006", Facing::Four);
    p.unit("Aedui-A1", "W4106", Facing::Four);
    p.activated(legion_of("X-1"))
}

fn play(start: Alesia, seed: u64, picks: &[usize]) {
    let mut game = Game::new(start.clone(), Dice::seeded(seed));
    for &pick in picks {
        if matches!(
            game.pending(),
            Pending::ChooseCommand { .. } | Pending::Seizure { .. } | Pending::Over(_)
        ) {
            break;
        }
        let legal = game.legal_actions();
        assert!(!legal.is_empty(), "a decision with no answer: {:?}", game.pending());
        for a in &legal {
            assert!(game.check(a).is_ok(), "listed but refused: {a:?}: {:?}", game.check(a));
        }
        // A refused action changes nothing.
        let before = game.state().clone();
        let bogus = Action::Combat(CombatAction::Resolve { attack: 99 });
        if !legal.contains(&bogus) {
            assert!(game.apply(bogus).is_err());
            assert_eq!(game.state(), &before);
        }
        // Half the time, a combat decision if there is one.
        let fights: Vec<&Action> =
            legal.iter().filter(|a| matches!(a, Action::Combat(_))).collect();
        let action = if pick % 2 == 0 && !fights.is_empty() {
            fights[(pick / 2) % fights.len()].clone()
        } else {
            legal[pick % legal.len()].clone()
        };
        game.apply(action.clone()).unwrap_or_else(|e| panic!("{action:?}: {e}"));
        // Serializes and comes back the same.
        let text = ron::to_string(game.state()).unwrap();
        let back: Alesia = ron::from_str(&text).unwrap();
        assert_eq!(&back, game.state());
    }
    let replay = Game::replay(start, seed, game.log().iter().cloned()).unwrap();
    assert_eq!(replay.state(), game.state());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    #[test]
    fn legal_combat_actions_are_accepted_and_refusals_change_nothing(seed in 0u64..1000, picks in proptest::collection::vec(0usize..64, 1..40)) {
        play(assault(), seed, &picks);
        play(sally(), seed, &picks);
    }
}

#[test]
fn random_play_reaches_every_shock_step() {
    use gboh_alesia::protocol::AlesiaEvent;
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..40u64 {
        for start in [assault(), sally()] {
            let mut game = Game::new(start, Dice::seeded(seed));
            let mut pick = seed as usize;
            for _ in 0..60 {
                if !matches!(game.pending(), Pending::Activation { .. } | Pending::Combat(_)) {
                    break;
                }
                let legal = game.legal_actions();
                let fights: Vec<&Action> =
                    legal.iter().filter(|a| matches!(a, Action::Combat(_))).collect();
                pick =
                    pick.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407) >> 3;
                let action = if fights.is_empty() {
                    legal[pick % legal.len()].clone()
                } else {
                    fights[pick % fights.len()].clone()
                };
                for e in game.apply(action).unwrap() {
                    if let AlesiaEvent::Combat(c) = e.what {
                        // The family's events are `Family(Fired { .. })`.
                        let name = format!("{c:?}");
                        let name = name.strip_prefix("Family(").unwrap_or(&name);
                        seen.insert(
                            name.split([' ', '{', '(', ')']).next().unwrap_or("").to_owned(),
                        );
                    }
                }
            }
        }
    }
    for step in [
        "Fired",
        "Designated",
        "ShockResolved",
        "Retreated",
        "Advanced",
        "Hits",
        "PreShockCheck",
        "ShockEnded",
    ] {
        assert!(seen.contains(step), "{step} never happened: {seen:?}");
    }
}
