//! Issue 12, section 3: 6.42 and 9.31 checked in bot games on the West map
//! (12.1 The Final Assault, the positions the bots reach): whenever the Gauls
//! shock a Roman on a Rampart from below and the Roman leaves the hex
//! (retreat, rout or elimination, not Retreat Before Shock), a Gallic
//! attacker stands on that Rampart hex when the shock is over ("Attacking
//! units ... must advance into any hex vacated by enemy units as a result of
//! Shock"; 6.42: "by attacking a Roman occupied hex on the Rampart, and
//! forcing the Roman to leave the hex and thereby advancing thereunto").

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use std::collections::BTreeMap;

use gboh_alesia::combat::CombatEvent;
use gboh_alesia::combat::SimpleEvent;
use gboh_alesia::combat::terrain::is_rampart;
use gboh_alesia::game::Uid;
use gboh_alesia::movement::{MoveError, step};
use gboh_alesia::playthrough::Playthrough;
use gboh_alesia::protocol::{Alesia, AlesiaEvent};
use gboh_alesia::scenario::ScenarioId;
use gboh_core::Side;
use gboh_core::unit::Status;
use hexx::Hex;

/// One Gallic attack on Rampart hexes from below, as designated.
struct Assault {
    attackers: Vec<Uid>,
    ramparts: Vec<Hex>,
    retreated_before: bool,
}

fn side(game: &Alesia, u: Uid) -> Option<Side> {
    game.setup().unit(u).map(|i| i.side)
}

fn romans_in(game: &Alesia, h: Hex) -> bool {
    game.field.stack(h).iter().any(|u| side(game, u) == Some(Side::Roman))
}

/// Plays `seed` to the end (or `cap` actions), checking every such assault;
/// returns how many were checked where the Roman left.
fn check_game(seed: u64, cap: usize) -> usize {
    let mut play = Playthrough::new(ScenarioId::FinalAssault, seed).expect("12.1 starts");
    let mut assaults: BTreeMap<u8, Assault> = BTreeMap::new();
    let mut checked = 0;
    let mut events = Vec::new();
    while play.game.log().len() < cap {
        events.clear();
        if !play.step(&mut events).expect("the bots' actions are legal") {
            break;
        }
        let state = play.game.state();
        for e in &events {
            let AlesiaEvent::Combat(c) = &e.what else { continue };
            match c {
                CombatEvent::Family(SimpleEvent::Designated { attack, attackers, defenders }) => {
                    let gallic = attackers.iter().all(|&u| side(state, u) == Some(Side::Adversary));
                    let from_below = attackers.iter().all(|&u| {
                        state
                            .field
                            .unit(u)
                            .and_then(|s| s.at)
                            .is_some_and(|h| !is_rampart(&state.field, h))
                    });
                    let ramparts: Vec<Hex> = defenders
                        .iter()
                        .copied()
                        .filter(|&h| is_rampart(&state.field, h))
                        .collect();
                    if gallic && from_below && !ramparts.is_empty() {
                        let entry = assaults.entry(*attack).or_insert(Assault {
                            attackers: Vec::new(),
                            ramparts,
                            retreated_before: false,
                        });
                        entry.attackers = attackers.clone();
                    } else {
                        // A stack on a rampart joined it: no longer an
                        // attack from below only.
                        assaults.remove(attack);
                    }
                }
                CombatEvent::Family(SimpleEvent::Retreated { unit, .. })
                    if e.rule == "9.22" && side(state, *unit) == Some(Side::Roman) =>
                {
                    for a in assaults.values_mut() {
                        a.retreated_before = true;
                    }
                }
                CombatEvent::Family(SimpleEvent::ShockEnded) => {
                    for a in std::mem::take(&mut assaults).into_values() {
                        if a.retreated_before {
                            continue;
                        }
                        let standing = a.attackers.iter().any(|&u| {
                            state.field.unit(u).is_some_and(|s| {
                                s.at.is_some() && s.cohesion.status != Status::Routed
                            })
                        });
                        for &h in &a.ramparts {
                            if romans_in(state, h) || !standing || state.field.markers(h).on_fire {
                                continue;
                            }
                            // An attacker that could not enter the hex by
                            // movement (across the unfilled water ditch of
                            // the inner Gardens, 6.33/6.46) does not advance.
                            let could_enter = a.attackers.iter().any(|&u| {
                                state.field.unit(u).and_then(|s| s.at).is_some_and(|at| {
                                    at == h
                                        || matches!(
                                            step::unit_step(&state.field, u, at, h, true),
                                            Ok(_) | Err(MoveError::RampartAdjacency(_))
                                        )
                                })
                            });
                            if !could_enter {
                                continue;
                            }
                            checked += 1;
                            let label = state
                                .setup()
                                .board
                                .label(h)
                                .map(|l| l.to_string())
                                .unwrap_or_default();
                            assert!(
                                a.attackers
                                    .iter()
                                    .any(|&u| state.field.unit(u).and_then(|s| s.at) == Some(h)),
                                "seed {seed}, action {}: the Roman left {label}, no attacker advanced onto it",
                                play.game.log().len()
                            );
                        }
                    }
                }
                _ => {}
            }
        }
    }
    checked
}

#[test]
fn rule_9_31_in_12_1_bot_games_the_gauls_take_every_rampart_hex_the_roman_leaves() {
    let mut checked = 0;
    for seed in 1..=3 {
        checked += check_game(seed, 3_000);
        if checked >= 3 {
            break;
        }
    }
    eprintln!(
        "9.31: {checked} Rampart hexes emptied by Gallic shock from below, each advanced into"
    );
    assert!(checked > 0, "no assault on a Rampart emptied a hex in these games");
}
