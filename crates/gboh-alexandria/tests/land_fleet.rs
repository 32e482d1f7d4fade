//! The Fleet inside the land game (3.0 A 2nd bullet, 3.0 D, 4.41-4.44,
//! 5.29, 5.48), through the engine's protocol on the real map: the Fleet
//! activation offered and played with the fleet's rules, troops debarked
//! onto the field, the Fleet Status Phase at the activation's end, leaders
//! aboard anchored galleys commanding at 3 MP, refusals citing the rules,
//! and replay from seed and log.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)] // a failing test panics

use gboh_alexandria::fleet::{Action as Fleet, Event as FleetEvent, Speed};
use gboh_alexandria::play::command::{self, Command};
use gboh_alexandria::play::fleet::Fleet as LandFleet;
use gboh_alexandria::play::{Alexandria, Happened, Own, aboard};
use gboh_core::Side;
use gboh_core::dice::Dice;
use gboh_core::facing::Facing;
use gboh_core::game::{Game, Rules};
use gboh_simple::protocol::{Action, Pending};
use gboh_simple::{Battle, CombatAction, Lid, Uid};
use hexx::Hex;

type G = Game<Battle<Alexandria>>;
type A = gboh_simple::protocol::ActionOf<Alexandria>;

/// The west beach hex the tests beach on (5.29: 1005-1814).
const BEACH: &str = "1409";

fn at(g: &Alexandria, name: &str) -> Hex {
    g.setup().hex(name).unwrap_or_else(|| panic!("no place {name}"))
}

fn uid(g: &Alexandria, id: &str) -> Uid {
    g.setup().uid(id).unwrap()
}

fn lid(g: &Alexandria, id: &str) -> Lid {
    g.setup().lid(id).unwrap()
}

fn galley(g: &Alexandria, id: &str) -> usize {
    g.fleet.game.galley_index(id).unwrap()
}

/// An empty real map with the main game's galleys; `Roman Trireme-1` on
/// the west beach at [`BEACH`], beached if `beached`.
fn position(beached: bool) -> Alexandria {
    let mut g = Alexandria::empty(Side::Roman).unwrap();
    g.fleet = LandFleet::main_game().unwrap();
    let hex = at(&g, BEACH);
    let i = galley(&g, "Roman Trireme-1");
    g.fleet.game.galleys[i].hex = hex;
    g.fleet.game.galleys[i].beached = beached;
    g
}

fn game(g: Alexandria) -> G {
    Game::new(Battle::new(g), Dice::seeded(5))
}

fn legal(game: &G) -> Vec<A> {
    let mut v = Vec::new();
    game.state().legal_actions(&mut v);
    v
}

fn fleet(a: Fleet) -> A {
    Action::Combat(CombatAction::Game(Own::Fleet(a)))
}

fn debark(piece: &str) -> A {
    Action::Combat(CombatAction::Game(Own::Debark { piece: piece.to_owned() }))
}

fn state(game: &G) -> &Alexandria {
    game.state().state()
}

fn refused(game: &mut G, a: A, section: &str) {
    let e = game.apply(a).expect_err("refused").to_string();
    assert!(e.contains(&format!("[Alexandria {section}]")), "{e}");
}

#[test]
fn rule_3_0_a_the_fleet_is_a_choice_of_the_activation_phase_when_galleys_are_afloat() {
    let g = game(Alexandria::main_game().unwrap());
    assert!(matches!(g.state().pending(), Pending::ChooseCommand { side: Side::Roman }));
    assert!(legal(&g).contains(&Action::Activate(Command::Fleet(Side::Roman))));
    assert!(!legal(&g).contains(&Action::Activate(Command::Fleet(Side::Adversary))));
    // No galley afloat: no Fleet to activate.
    let mut none = Alexandria::main_game().unwrap();
    for x in &mut none.fleet.game.galleys {
        if x.side == Side::Roman {
            x.lost = Some(gboh_alexandria::fleet::Loss::Sunk);
        }
    }
    assert!(!legal(&game(none)).contains(&Action::Activate(Command::Fleet(Side::Roman))));
}

#[test]
fn rule_4_42_a_fleet_activation_activates_galleys_and_their_passengers() {
    let mut g = position(false);
    g.put_aboard("VI-1", "Roman Trireme-1").unwrap();
    g.put_aboard("VI-2", "Roman Trireme-1").unwrap();
    let cohort = uid(&g, "VI-1");
    assert_eq!(g.field.unit(cohort).unwrap().at, None, "aboard: off the map");
    let i = galley(&g, "Roman Trireme-1");
    let mut game = game(g);
    game.apply(Action::Activate(Command::Fleet(Side::Roman))).unwrap();
    // Every Roman galley may declare, none of the Egyptians'.
    let declares: Vec<usize> = legal(&game)
        .iter()
        .filter_map(|a| match a {
            Action::Combat(CombatAction::Game(Own::Fleet(Fleet::Declare { galley, .. }))) => {
                Some(*galley)
            }
            _ => None,
        })
        .collect();
    let roman = state(&game).fleet.game.galleys.iter().filter(|x| x.side == Side::Roman).count();
    let mut distinct = declares.clone();
    distinct.dedup();
    assert_eq!(distinct.len(), roman);
    assert!(
        distinct.iter().all(|&k| state(&game).fleet.game.galleys[k].side == Side::Roman),
        "4.42: the player's galleys"
    );
    // 5.29: end the movement on the beach, beach; 5.48: debark.
    game.apply(fleet(Fleet::Declare { galley: i, speed: Speed::Cruise, mp: 0 })).unwrap();
    game.apply(fleet(Fleet::Beach)).unwrap();
    assert!(legal(&game).contains(&fleet(Fleet::Debark { unit: "VI-1".into() })));
    let events = game.apply(fleet(Fleet::Debark { unit: "VI-1".into() })).unwrap();
    assert!(events.iter().any(|e| matches!(&e.what,
        Happened::Fleet(FleetEvent::Debarked { unit, .. }) if unit == "VI-1")));
    let s = state(&game);
    let beach = at(s, BEACH);
    assert_eq!(s.field.unit(cohort).unwrap().at, Some(beach), "5.48: ashore in the galley's hex");
    assert!(s.turn.current.as_ref().unwrap().units.contains(&cohort), "4.42: it is activated");
    assert!(
        !legal(&game).iter().any(|a| matches!(a, Action::Move { unit, .. } if *unit == cohort)),
        "debarking ends its movement"
    );
    assert_eq!(s.fleet.game.galleys[i].aboard.len(), 1, "VI-2 still aboard");
    // 3.0 D: the Fleet Status Phase ends the activation.
    game.apply(fleet(Fleet::EndMovement)).unwrap();
    let events = game.apply(Action::EndActivation).unwrap();
    assert!(
        events.iter().any(|e| e.rule == "3.0 D"
            && matches!(e.what, Happened::Fleet(FleetEvent::TurnPassed { .. })))
    );
    let s = state(&game);
    assert!(!s.fleet.on);
    assert!(s.fleet.game.galleys.iter().all(|x| x.declared.is_none()), "galleys reset");
    assert_eq!(s.turn.to_act, Side::Adversary, "the Egyptians' Player Turn follows");
    assert!(s.turn.current.is_none());
}

#[test]
fn rule_4_42_fleet_actions_are_refused_outside_a_fleet_activation() {
    let mut g = position(true);
    g.field.move_leader(lid(&g, "Legate VI"), Some(at(&g, "2-K"))).unwrap();
    g.field.move_unit(uid(&g, "VI-3"), at(&g, "2-L"), Facing::Twelve).unwrap();
    let i = galley(&g, "Roman Trireme-1");
    let mut game = game(g);
    game.apply(Action::Activate(Command::Leader(lid(state(&game), "Legate VI")))).unwrap();
    refused(&mut game, fleet(Fleet::Declare { galley: i, speed: Speed::Cruise, mp: 0 }), "4.42");
    assert!(
        !legal(&game)
            .iter()
            .any(|a| matches!(a, Action::Combat(CombatAction::Game(Own::Fleet(_)))))
    );
}

#[test]
fn rule_4_43_the_overall_commander_debarks_only_if_aboard_when_the_turn_began() {
    // Aboard at the start: he goes ashore.
    let mut g = position(true);
    g.put_aboard("Caesar", "Roman Trireme-1").unwrap();
    let i = galley(&g, "Roman Trireme-1");
    let caesar = lid(&g, "Caesar");
    let mut game = game(g);
    game.apply(Action::Activate(Command::Fleet(Side::Roman))).unwrap();
    game.apply(fleet(Fleet::Declare { galley: i, speed: Speed::Cruise, mp: 0 })).unwrap();
    game.apply(fleet(Fleet::Debark { unit: "Caesar".into() })).unwrap();
    let beach = at(state(&game), BEACH);
    assert_eq!(state(&game).field.leader(caesar).unwrap().at, Some(beach));
    // Ashore when the turn began, embarked in this Fleet activation: he may
    // not debark again.
    let mut g = position(true);
    g.field.move_leader(caesar, Some(beach)).unwrap();
    let mut game = Game::new(Battle::new(g), Dice::seeded(2));
    game.apply(Action::Activate(Command::Fleet(Side::Roman))).unwrap();
    game.apply(fleet(Fleet::Declare { galley: i, speed: Speed::Cruise, mp: 0 })).unwrap();
    game.apply(fleet(Fleet::Embark { unit: "Caesar".into() })).unwrap();
    assert_eq!(state(&game).field.leader(caesar).unwrap().at, None, "aboard: off the map");
    assert!(!legal(&game).contains(&fleet(Fleet::Debark { unit: "Caesar".into() })));
    refused(&mut game, fleet(Fleet::Debark { unit: "Caesar".into() }), "4.43");
}

/// 4.41: Legate VI (range 6) aboard the beached galley traces from it at
/// 3 MP: every place is 3 MP further than from the beach hex itself, and a
/// cohort 4 MP from the hex, in range from the hex, is out of range from
/// aboard; 4.44: he may be activated, and the cohorts aboard debark.
#[test]
fn rule_4_41_and_4_44_a_leader_aboard_a_beached_galley_commands_at_3_mp() {
    let mut g = position(true);
    let legate = lid(&g, "Legate VI");
    let beach = at(&g, BEACH);
    let range = g.setup().leader(legate).unwrap().range;
    assert_eq!(range, 6);
    // Ashore on the beach hex first: his land range.
    g.field.move_leader(legate, Some(beach)).unwrap();
    let ashore = command::range_map(&g.field, legate).unwrap();
    g.put_aboard("Legate VI", "Roman Trireme-1").unwrap();
    g.put_aboard("VI-2", "Roman Trireme-1").unwrap();
    let afloat = aboard::range_map(&g, legate).unwrap();
    let board = g.setup().map.board();
    let bi = board.index(beach).unwrap();
    assert_eq!(afloat[bi], aboard::GALLEY_MP, "4.41: 3 MP out of the galley");
    let mut near = None;
    let mut far = None;
    for (k, (&a, &b)) in ashore.iter().zip(&afloat).enumerate() {
        if b != u8::MAX {
            assert_eq!(b, a + 3, "4.41: 3 MP more than from the hex ({k})");
        }
        if a != u8::MAX && a <= 2 && k != bi {
            near.get_or_insert(k);
        }
        if a != u8::MAX && a > 3 && a < range {
            far.get_or_insert(k);
        }
    }
    // Cohorts placed there: one in range from aboard, one only from ashore.
    let near = board.hex_at(near.expect("a place within 2 MP")).unwrap();
    let far = board.hex_at(far.expect("a place 4-5 MP away")).unwrap();
    let (v3, v4) = (uid(&g, "VI-3"), uid(&g, "VI-4"));
    g.field.move_unit(v3, near, Facing::Twelve).unwrap();
    g.field.move_unit(v4, far, Facing::Twelve).unwrap();
    let mut game = game(g);
    let offer = Action::Activate(Command::Leader(legate));
    assert!(legal(&game).contains(&offer), "4.44: a leader aboard a beached galley");
    game.apply(offer).unwrap();
    let units = state(&game).turn.current.as_ref().unwrap().units.clone();
    assert!(units.contains(&v3), "4.41: within 6 MP from aboard");
    assert!(!units.contains(&v4), "4.41: out of range from aboard");
    // 4.44, 5.48: he and the cohort aboard with him go ashore.
    assert!(legal(&game).contains(&debark("VI-2")));
    game.apply(debark("VI-2")).unwrap();
    let v2 = uid(state(&game), "VI-2");
    assert_eq!(state(&game).field.unit(v2).unwrap().at, Some(beach));
    assert!(state(&game).turn.current.as_ref().unwrap().units.contains(&v2));
    game.apply(debark("Legate VI")).unwrap();
    assert_eq!(state(&game).field.leader(legate).unwrap().at, Some(beach));
    refused(&mut game, debark("VI-5"), "4.44");
}

#[test]
fn rule_4_44_an_afloat_galley_is_no_command_post_and_debarking_needs_a_beach() {
    // Afloat, not anchored: the leader aboard may not be activated.
    let mut g = position(false);
    let legate = lid(&g, "Legate VI");
    g.put_aboard("Legate VI", "Roman Trireme-1").unwrap();
    assert!(aboard::range_map(&g, legate).is_none());
    assert!(!legal(&game(g.clone())).contains(&Action::Activate(Command::Leader(legate))));
    // Aground: a command post (4.41) but no debarking (5.48: beached).
    let i = galley(&g, "Roman Trireme-1");
    g.fleet.game.galleys[i].aground = true;
    g.put_aboard("VI-2", "Roman Trireme-1").unwrap();
    let mut game = game(g);
    game.apply(Action::Activate(Command::Leader(legate))).unwrap();
    assert!(!legal(&game).contains(&debark("VI-2")));
    refused(&mut game, debark("VI-2"), "5.48");
    // In a Fleet activation, debarking is the galley's action.
    let mut g = position(true);
    g.put_aboard("VI-2", "Roman Trireme-1").unwrap();
    let mut game2 = Game::new(Battle::new(g), Dice::seeded(1));
    game2.apply(Action::Activate(Command::Fleet(Side::Roman))).unwrap();
    refused(&mut game2, debark("VI-2"), "4.44");
}

/// The city bot plays Fleet activations with troops aboard; seed and log
/// replay the game exactly.
#[test]
fn fleet_activations_replay_exactly_from_seed_and_log() {
    let start = || {
        let mut g = Alexandria::main_game().unwrap();
        g.put_aboard("VI-8", "Rhodian Quinquereme-1").unwrap();
        g.put_aboard("Egyptian MI-9", "Egyptian Quinquereme-1").unwrap();
        g
    };
    let mut g = Game::new(Battle::new(start()), Dice::seeded(11));
    let mut fleet_turns = 0;
    gboh_alexandria::play::bot::play(&mut g, 700, |_, e| {
        if matches!(
            e.what,
            Happened::Turn(gboh_simple::TurnEvent::Activated { command: Command::Fleet(_), .. })
        ) {
            fleet_turns += 1;
        }
    })
    .unwrap();
    assert!(fleet_turns > 0, "the bot activated a fleet");
    let again = Game::replay(Battle::new(start()), 11, g.log().to_vec()).unwrap();
    assert_eq!(again.state(), g.state());
}

/// 5.48: a unit debarks only where the land field's stacking lets it stand.
#[test]
fn rule_5_48_no_debarking_onto_a_full_stack() {
    use gboh_simple::ground::GroundRules;
    let mut g = position(true);
    g.put_aboard("VI-1", "Roman Trireme-1").unwrap();
    let beach = at(&g, BEACH);
    let cohort = uid(&g, "VI-1");
    // Fill the beach hex with Roman cohorts until one more would not fit.
    for id in ["VI-2", "VI-3", "VI-4", "VI-5", "VI-6", "VI-7"] {
        let mut with: Vec<Uid> = g.field.stack(beach).iter().collect();
        with.push(cohort);
        if gboh_alexandria::play::Land::check_stack(&g.field, beach, &with).is_err() {
            break;
        }
        g.field.move_unit(uid(&g, id), beach, Facing::Twelve).unwrap();
    }
    assert!(!g.field.stack(beach).is_empty());
    let i = galley(&g, "Roman Trireme-1");
    let mut game = game(g);
    game.apply(Action::Activate(Command::Fleet(Side::Roman))).unwrap();
    game.apply(fleet(Fleet::Declare { galley: i, speed: Speed::Cruise, mp: 0 })).unwrap();
    assert!(!legal(&game).contains(&fleet(Fleet::Debark { unit: "VI-1".into() })));
    refused(&mut game, fleet(Fleet::Debark { unit: "VI-1".into() }), "5.48");
    assert_eq!(state(&game).fleet.game.galleys[i].aboard.len(), 1, "still aboard");
}

/// 4.42: land units debarked in a Fleet activation "may ... disembark and
/// conduct Shock combat": the cohort ashore, facing the Egyptians next to
/// the beach, attacks them.
#[test]
fn rule_4_42_troops_debarked_in_a_fleet_activation_may_shock() {
    let mut g = position(true);
    g.put_aboard("VI-1", "Roman Trireme-1").unwrap();
    let beach = at(&g, BEACH);
    let setup = std::sync::Arc::clone(g.setup());
    let land = setup
        .map
        .board()
        .neighbors(beach)
        .into_iter()
        .flatten()
        .find(|&n| gboh_alexandria::play::ground::land_step(&setup, None, beach, n).is_ok())
        .expect("a land hex next to the beach");
    g.field.move_unit(uid(&g, "Egyptian MI-1"), land, Facing::Twelve).unwrap();
    let i = galley(&g, "Roman Trireme-1");
    let mut game = game(g);
    game.apply(Action::Activate(Command::Fleet(Side::Roman))).unwrap();
    game.apply(fleet(Fleet::Declare { galley: i, speed: Speed::Cruise, mp: 0 })).unwrap();
    game.apply(fleet(Fleet::Debark { unit: "VI-1".into() })).unwrap();
    game.apply(fleet(Fleet::EndMovement)).unwrap();
    game.apply(Action::Combat(CombatAction::BeginShock)).unwrap();
    // Family 9.11: a unit with an enemy in front must attack; the engine
    // designates it, and the attack is resolved.
    let shock = state(&game).turn.combat().unwrap().shock.clone().unwrap();
    assert!(shock.attacks.iter().any(|k| k.defender_hexes.contains(&land)), "{shock:?}");
    let resolve = Action::Combat(CombatAction::Resolve { attack: 0 });
    assert!(legal(&game).contains(&resolve), "{:?}", legal(&game));
    game.apply(resolve).unwrap();
}

/// The city bot's Fleet activations waste no announced MP turning on the
/// spot at the end of a galley's movement (5.43: announced MP must be
/// spent; the bot announces only what its plan spends getting somewhere).
/// A movement whose attack or shoals roll the dice decided is left out: the
/// bot plans without seeing the dice, so a rake that cripples where the
/// plan's did not may leave MP the galley must then spend as it can.
#[test]
fn the_city_bot_announces_no_mp_it_only_spends_turning() {
    for seed in [1u64, 2] {
        let mut g = Game::new(Battle::new(Alexandria::main_game().unwrap()), Dice::seeded(seed));
        let mut moves: Vec<(usize, Vec<FleetEvent>)> = Vec::new();
        gboh_alexandria::play::bot::play(&mut g, 1500, |_, e| {
            let Happened::Fleet(f) = &e.what else { return };
            match f {
                FleetEvent::Declared { galley, .. } => moves.push((*galley, Vec::new())),
                _ => {
                    if let Some((_, v)) = moves.last_mut() {
                        v.push(f.clone());
                    }
                }
            }
        })
        .unwrap();
        assert!(!moves.is_empty(), "seed {seed}: the bot moved galleys");
        for (galley, events) in &moves {
            let rolled = events.iter().any(|e| {
                matches!(
                    e,
                    FleetEvent::Rammed { .. }
                        | FleetEvent::Raked { .. }
                        | FleetEvent::Collided { .. }
                        | FleetEvent::Shoals { .. }
                )
            });
            if rolled {
                continue;
            }
            let Some(end) =
                events.iter().position(|e| matches!(e, FleetEvent::MovementEnded { .. }))
            else {
                continue;
            };
            let before = end.checked_sub(1).and_then(|k| events.get(k));
            assert!(
                !matches!(before, Some(FleetEvent::Turned { .. })),
                "seed {seed}: galley {galley} ends its movement turning: {events:?}"
            );
        }
    }
}

/// Random play with troops aboard (one galley beached on the west beach)
/// never panics, replays exactly, and loses no piece between the field and
/// the galleys: every land unit is on the map, aboard one galley afloat,
/// or eliminated.
#[test]
fn random_play_with_troops_aboard_keeps_every_unit_somewhere() {
    use gboh_core::policy::{Limits, UniformRandom, play};
    use gboh_core::unit::Status;
    let start = || {
        let mut g = Alexandria::main_game().unwrap();
        let i = galley(&g, "Roman Trireme-1");
        g.fleet.game.galleys[i].hex = at(&g, BEACH);
        g.fleet.game.galleys[i].beached = true;
        g.put_aboard("VI-1", "Roman Trireme-1").unwrap();
        g.put_aboard("Legate XXVII", "Roman Trireme-1").unwrap();
        g.put_aboard("VI-8", "Rhodian Quinquereme-1").unwrap();
        g.put_aboard("Egyptian MI-9", "Egyptian Quinquereme-1").unwrap();
        g
    };
    for seed in [3u64, 4] {
        let mut g = Game::new(Battle::new(start()), Dice::seeded(seed));
        let mut roman = UniformRandom::seeded(seed ^ 0x5eed);
        let mut egypt = UniformRandom::seeded(seed ^ 0xfeed);
        play(&mut g, &mut roman, &mut egypt, Limits { max_actions: 800 }).unwrap();
        let again = Game::replay(Battle::new(start()), seed, g.log().to_vec()).unwrap();
        assert_eq!(again.state(), g.state(), "seed {seed}: the replay differs");
        let galley_actions = g
            .log()
            .iter()
            .filter(|a| matches!(a, Action::Combat(CombatAction::Game(Own::Fleet(_)))))
            .count();
        assert!(galley_actions > 0, "seed {seed}: the galleys acted");
        let s = state(&g);
        for (k, u) in s.setup().muster.units.iter().enumerate() {
            let st = s.field.unit(Uid(u16::try_from(k).unwrap())).unwrap();
            let aboard = s
                .fleet
                .game
                .galleys
                .iter()
                .filter(|x| x.afloat() && x.aboard.iter().any(|p| p.id == u.name))
                .count();
            let on_map = usize::from(st.at.is_some());
            let gone = st.cohesion.status == Status::Eliminated;
            assert!(
                on_map + aboard == 1 || (gone && on_map + aboard == 0),
                "seed {seed}: {} is on the map {on_map}, aboard {aboard}, eliminated {gone}",
                u.name
            );
        }
    }
}
