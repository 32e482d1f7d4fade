//! The land game's rules, each in a position on the real map where it
//! matters, and the rulebook's worked examples number for number.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)] // a failing test panics

use gboh_alexandria::play::chart::Ground;
use gboh_alexandria::play::command::{Command, range_map, units_of};
use gboh_alexandria::play::setup::LandSetup;
use gboh_alexandria::play::victory::{exhausted, outcome};
use gboh_alexandria::play::{Alexandria, Choice, Decision, Happened, Land, Own};
use gboh_core::Side;
use gboh_core::board::HexsideFeature;
use gboh_core::dice::Dice;
use gboh_core::facing::{Direction, Facing};
use gboh_core::game::{Game, Rules};
use gboh_core::unit::Status;
use gboh_simple::field::UnitFlags;
use gboh_simple::ground::GroundRules;
use gboh_simple::ground::stacking::Mover;
use gboh_simple::protocol::{Action, Pending};
use gboh_simple::rules::shock::ShockRules;
use gboh_simple::{Battle, BattleRules, CombatAction, Lid, Roster, TurnEvent, Uid};
use hexx::Hex;

fn empty(first: Side) -> Alexandria {
    Alexandria::empty(first).unwrap()
}

fn at(g: &Alexandria, name: &str) -> Hex {
    g.setup().hex(name).unwrap_or_else(|| panic!("no place {name}"))
}

fn uid(g: &Alexandria, id: &str) -> Uid {
    g.setup().uid(id).unwrap_or_else(|| panic!("no unit {id}"))
}

fn lid(g: &Alexandria, id: &str) -> Lid {
    g.setup().lid(id).unwrap()
}

fn put(g: &mut Alexandria, id: &str, place: &str) -> Uid {
    let (u, h) = (uid(g, id), at(g, place));
    g.field.move_unit(u, h, Facing::Twelve).unwrap();
    u
}

fn put_leader(g: &mut Alexandria, id: &str, place: &str) -> Lid {
    let (l, h) = (lid(g, id), at(g, place));
    g.field.move_leader(l, Some(h)).unwrap();
    l
}

fn game(g: Alexandria, dice: Dice) -> Game<Battle<Alexandria>> {
    Game::new(Battle::new(g), dice)
}

fn legal(game: &Game<Battle<Alexandria>>) -> Vec<gboh_simple::protocol::ActionOf<Alexandria>> {
    let mut v = Vec::new();
    game.state().legal_actions(&mut v);
    v
}

fn own(a: Own) -> gboh_simple::protocol::ActionOf<Alexandria> {
    Action::Combat(CombatAction::Game(a))
}

/// 4.41 example: "Sosius is in Point 4-K. He could activate any Egyptian
/// unit in any/all of the three adjacent Blocks plus all units in Points
/// within 6 MP of his position ... So if the Points on road 4 were occupied
/// from Streets H through N (inclusive), only those units from Streets I
/// through M could be activated."
#[test]
fn rule_4_41_sosius_example() {
    let mut g = empty(Side::Adversary);
    let sosius = put_leader(&mut g, "Sosius", "4-K");
    let road: Vec<(&str, Uid)> = ["H", "I", "J", "K", "L", "M", "N"]
        .iter()
        .zip(1..)
        .map(|(s, i)| {
            let place = format!("4-{s}");
            (*s, put(&mut g, &format!("Egyptian MI-{i}"), &place))
        })
        .collect();
    // The three Blocks next to 4-K.
    let k = g.setup().map.place("4-K").unwrap();
    let gboh_core::board::Location::Node(kid) = k else { panic!("4-K is a Point") };
    let blocks = g.setup().map.adjacent_blocks(kid);
    assert_eq!(blocks.len(), 3, "4.41: the three adjacent Blocks");
    let mut in_blocks = Vec::new();
    for (i, b) in blocks.iter().enumerate() {
        let hex = g.setup().map.board().seat(*b).unwrap();
        let u = uid(&g, &format!("Egyptian HI-{}", i + 1));
        g.field.move_unit(u, hex, Facing::Twelve).unwrap();
        in_blocks.push(u);
    }
    let active = units_of(&g.field, &Command::Leader(sosius));
    for (street, u) in &road {
        let want = matches!(*street, "I" | "J" | "K" | "L" | "M");
        assert_eq!(active.contains(u), want, "4-{street}");
    }
    for u in in_blocks {
        assert!(active.contains(&u), "4.41: the adjacent Blocks");
    }
}

/// 4.41: "all units in Points within 6 MP": with road 4 empty between,
/// 4-H/I (five Points away, 5 MP, +1 for the unit in it) is in range; 4-H
/// (7 MP) is not.
#[test]
fn rule_4_41_range_in_mp_through_empty_points() {
    let mut g = empty(Side::Adversary);
    let sosius = put_leader(&mut g, "Sosius", "4-K");
    let h = put(&mut g, "Egyptian MI-1", "4-H/I");
    let gg = put(&mut g, "Egyptian MI-2", "4-H");
    let active = units_of(&g.field, &Command::Leader(sosius));
    assert!(active.contains(&h));
    assert!(!active.contains(&gg));
}

/// 4.41: a path is obstructed by places occupied by enemy units.
#[test]
fn rule_4_41_enemy_units_obstruct_the_range() {
    let mut g = empty(Side::Adversary);
    let sosius = put_leader(&mut g, "Sosius", "4-K");
    let far = put(&mut g, "Egyptian MI-1", "4-I");
    assert!(units_of(&g.field, &Command::Leader(sosius)).contains(&far));
    // Romans on 4-J/K and on the other way round, 3/4-K.
    for (i, p) in ["4-J/K", "3/4-K"].iter().enumerate() {
        if g.setup().hex(p).is_some() {
            put(&mut g, &format!("XXVII-{}", i + 1), p);
        }
    }
    let map = range_map(&g.field, sosius).unwrap();
    let idx = g.setup().map.board().index(at(&g, "4-J/K")).unwrap();
    assert_eq!(map[idx], u8::MAX, "an enemy-occupied Point is not in range");
    assert!(!units_of(&g.field, &Command::Leader(sosius)).contains(&far), "nor beyond it");
}

/// 4.41: "it may not be traced through a Block": from 4-K, Block
/// 3/4-K/L is 1 MP away and touches 3-L, but 3-L is three Points away by
/// the streets (3 MP), never 2 through the Block.
#[test]
fn rule_4_41_range_never_through_a_block() {
    let g = empty(Side::Adversary);
    let board = g.setup().map.board();
    let (k, block, l3) = (at(&g, "4-K"), at(&g, "3/4-K/L"), at(&g, "3-L"));
    assert!(board.side_neighbors(block).any(|p| p == l3), "3-L touches 3/4-K/L");
    let i = |h: Hex| board.index(h).unwrap();
    let two = gboh_alexandria::play::command::trace(&g.field, Side::Adversary, k, 2);
    assert_eq!(two[i(block)], 1, "into a Block from an adjacent Point");
    assert_eq!(two[i(l3)], u8::MAX, "not through the Block");
    let three = gboh_alexandria::play::command::trace(&g.field, Side::Adversary, k, 3);
    assert_eq!(three[i(l3)], 3, "by the streets");
}

/// 4.21: a legate activates his own legion's cohorts, artillery and Gallic
/// MI, never archers, light infantry or another legion's cohorts.
#[test]
fn rule_4_21_roman_legates_eligibility() {
    let mut g = empty(Side::Roman);
    let legate = put_leader(&mut g, "Legate VI", "2-K");
    let own = put(&mut g, "VI-1", "2-L");
    let other = put(&mut g, "XXVII-1", "2-J");
    let mi = put(&mut g, "Gallic MI-1", "1-K");
    let archers = put(&mut g, "Cretan Archers-1", "3-K");
    let scorpio = put(&mut g, "Roman Scorpio-1", "2-K");
    let active = units_of(&g.field, &Command::Leader(legate));
    assert!(active.contains(&own) && active.contains(&mi) && active.contains(&scorpio));
    assert!(!active.contains(&other) && !active.contains(&archers));
    // 4.12/4.21: archers (and LI, artillery, Gallic MI) as Auxiliaries.
    let aux = units_of(&g.field, &Command::Auxiliaries(Side::Roman));
    assert!(aux.contains(&archers) && aux.contains(&mi) && aux.contains(&scorpio));
    assert!(!aux.contains(&own));
}

/// 4.22: Egyptian subordinates activate any land unit; archers and
/// artillery are also Auxiliaries, MI is not.
#[test]
fn rule_4_22_egyptian_leaders_eligibility() {
    let mut g = empty(Side::Adversary);
    let sosius = put_leader(&mut g, "Sosius", "4-K");
    let archers = put(&mut g, "Egyptian Archers-1", "4-L");
    let mi = put(&mut g, "Egyptian MI-1", "4-J");
    let active = units_of(&g.field, &Command::Leader(sosius));
    assert!(active.contains(&archers) && active.contains(&mi));
    let aux = units_of(&g.field, &Command::Auxiliaries(Side::Adversary));
    assert!(aux.contains(&archers) && !aux.contains(&mi));
}

/// 4.23, 4.43: the Overall Commander activates no unit and moves alone.
#[test]
fn rule_4_43_the_overall_commander_alone() {
    let mut g = empty(Side::Roman);
    let caesar = put_leader(&mut g, "Caesar", "2-K");
    put(&mut g, "VI-1", "2-K");
    assert!(units_of(&g.field, &Command::Commander(caesar)).is_empty());
    let mut game = game(g, Dice::seeded(1));
    game.apply(Action::Activate(Command::Commander(caesar))).unwrap();
    let moves = legal(&game);
    assert!(
        moves.iter().any(|a| matches!(a, Action::MoveLeader { leader, .. } if *leader == caesar))
    );
    assert!(!moves.iter().any(|a| matches!(a, Action::Move { .. })));
}

/// 4.44: any leader any turn: the command just used is offered again.
#[test]
fn rule_4_44_any_leader_any_turn() {
    let mut g = empty(Side::Roman);
    let legate = put_leader(&mut g, "Legate VI", "2-K");
    put(&mut g, "VI-1", "2-K");
    put_leader(&mut g, "Sosius", "4-M");
    put(&mut g, "Egyptian MI-1", "4-M");
    let mut game = game(g, Dice::seeded(3));
    game.apply(Action::Activate(Command::Leader(legate))).unwrap();
    game.apply(Action::EndActivation).unwrap();
    // The Egyptians' turn: decline any seizure window, play a turn.
    loop {
        match game.state().pending() {
            Pending::Seizure { .. } => game.apply(Action::DeclineSeizure).unwrap(),
            Pending::ChooseCommand { side: Side::Adversary } => {
                let first =
                    legal(&game).into_iter().find(|a| matches!(a, Action::Activate(_))).unwrap();
                game.apply(first).unwrap();
                game.apply(Action::EndActivation).unwrap()
            }
            _ => break,
        };
    }
    assert!(legal(&game).contains(&Action::Activate(Command::Leader(legate))));
}

/// 4.52 example: "Ganymedes can attempt Seizure five times, success coming
/// on a DR of 0-3 for each attempt."
#[test]
fn rule_4_52_ganymedes_example() {
    let mut g = empty(Side::Roman);
    let ganymedes = put_leader(&mut g, "Ganymedes", "4-H");
    assert_eq!(g.seizure_leaders(Side::Adversary), vec![(ganymedes, 3)]);
    for used in 0..5 {
        g.field.leader_mut(ganymedes).unwrap().seizures_used = used;
        assert_eq!(g.seizure_leaders(Side::Adversary).len(), 1, "attempt {}", used + 1);
    }
    g.field.leader_mut(ganymedes).unwrap().seizures_used = 5;
    assert!(g.seizure_leaders(Side::Adversary).is_empty(), "a sixth attempt");
}

/// 4.51-4.53 through the protocol: not on the first Player Turn; a roll of
/// 0-3 seizes for Ganymedes, 4 fails; not twice in succession; the player
/// who lost the turn may not seize it back.
#[test]
fn rule_4_52_seizure_windows() {
    let g = Alexandria::main_game().unwrap();
    let caesar = lid(&g, "Caesar");
    let ganymedes = lid(&g, "Ganymedes");
    // Ganymedes rolls 3: seized. Later a 4: failed.
    let mut game = game(g, Dice::scripted([3, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9]));
    assert!(
        matches!(game.state().pending(), Pending::ChooseCommand { side: Side::Roman }),
        "4.52: no seizure on the first Player Turn"
    );
    game.apply(Action::Activate(Command::Commander(caesar))).unwrap();
    game.apply(Action::EndActivation).unwrap();
    // The Egyptians' turn comes: Caesar may try to seize it; he declines.
    assert!(matches!(game.state().pending(), Pending::Seizure { side: Side::Roman, .. }));
    game.apply(Action::DeclineSeizure).unwrap();
    game.apply(Action::Activate(Command::Commander(ganymedes))).unwrap();
    game.apply(Action::EndActivation).unwrap();
    // The Romans' turn: Ganymedes seizes it on a 3.
    assert!(matches!(game.state().pending(), Pending::Seizure { side: Side::Adversary, .. }));
    let ev = game.apply(Action::AttemptSeizure(ganymedes)).unwrap();
    assert!(ev.iter().any(|e| matches!(
        &e.what,
        Happened::Turn(gboh_simple::TurnEvent::Seizure { seized: true, .. })
    )));
    // 4.53: Caesar may not seize it back.
    assert!(matches!(game.state().pending(), Pending::ChooseCommand { side: Side::Adversary }));
    game.apply(Action::Activate(Command::Commander(ganymedes))).unwrap();
    game.apply(Action::EndActivation).unwrap();
    // 4.52: Ganymedes may not try twice in succession: the Romans play.
    assert!(matches!(game.state().pending(), Pending::ChooseCommand { side: Side::Roman }));
}

/// 5.22 example: "Point 4-D is adjacent to hexes 2023 and 2024": a unit in
/// 2023 moves into 4-D along the arrow.
#[test]
fn rule_5_22_point_4_d_adjacent_to_2023_and_2024() {
    let mut g = empty(Side::Adversary);
    let board = g.setup().map.board().clone();
    let d = at(&g, "4-D");
    for hex in ["2023", "2024"] {
        assert!(board.adjacent(d, at(&g, hex)), "4-D and {hex}");
    }
    let sosius = put_leader(&mut g, "Sosius", "2023");
    let u = put(&mut g, "Egyptian MI-1", "2023");
    let mut game = game(g, Dice::seeded(1));
    game.apply(Action::Activate(Command::Leader(sosius))).unwrap();
    assert!(
        legal(&game)
            .iter()
            .any(|a| matches!(a, Action::Move { unit, to, .. } if *unit == u && *to == d))
    );
    // 5.22: never from a hex straight into a Block.
    for b in board.side_neighbors(d) {
        assert!(!legal(&game).iter().any(|a| matches!(a, Action::Move { to, .. } if *to == b)));
    }
}

fn enter_palace_position(from: &str) -> (Game<Battle<Alexandria>>, Uid, Hex) {
    let mut g = empty(Side::Adversary);
    let sosius = put_leader(&mut g, "Sosius", from);
    let u = put(&mut g, "Egyptian MI-1", from);
    // Facing away from the Palace: 5.32's play note, facing does not bind.
    g.field.unit_mut(u).unwrap().facing = Facing::Six;
    let palace = g.setup().map.board().seat(g.setup().map.palace()).unwrap();
    let mut game = game(g, Dice::seeded(1));
    game.apply(Action::Activate(Command::Leader(sosius))).unwrap();
    (game, u, palace)
}

/// 5.23 example: "A unit may enter the Palace Block from the three Points
/// between 2/3-K inclusive and the three points between 2/3-L inclusive";
/// it costs its entire printed MA and ends its activation.
#[test]
fn rule_5_23_palace_entry() {
    let g = empty(Side::Adversary);
    let palace = g.setup().map.palace();
    let mut entries: Vec<String> = g
        .setup()
        .map
        .block_entries(palace)
        .into_iter()
        .filter_map(|p| g.setup().map.name(gboh_core::board::Location::Node(p)))
        .collect();
    entries.sort();
    assert_eq!(entries, ["2-K", "2-L", "2/3-K", "2/3-L", "3-K", "3-L"]);
    for from in ["3-K", "2/3-L"] {
        let (mut game, u, palace) = enter_palace_position(from);
        let enter = own(Own::EnterBlock { unit: u, block: palace });
        assert!(legal(&game).contains(&enter), "from {from}");
        game.apply(enter).unwrap();
        let s = *game.state().state().field.unit(u).unwrap();
        assert_eq!(s.at, Some(palace));
        assert!(s.flags.has(UnitFlags::DONE_MOVING));
        assert_eq!(s.mp_spent, 5, "its entire printed MA");
        assert!(!legal(&game).iter().any(|a| matches!(a, Action::Move { unit, .. } if *unit == u)));
    }
    // Not from a Point that does not touch it, and not after moving.
    let (game, u, palace) = enter_palace_position("4-K");
    assert!(!legal(&game).contains(&own(Own::EnterBlock { unit: u, block: palace })));
    let (mut game, u, palace) = enter_palace_position("3-L");
    let step = legal(&game).into_iter().find(|a| matches!(a, Action::Move { unit, to, .. } if *unit == u && game.state().state().setup().is_point(*to) && *to != at(game.state().state(), "3-L")));
    if let Some(step) = step {
        game.apply(step).unwrap();
        assert!(
            game.state().check(&own(Own::EnterBlock { unit: u, block: palace })).is_err(),
            "after moving"
        );
    }
}

/// 5.23: a unit in a Block moves into an adjacent Point paying its MP
/// cost (5.36: 1) and may go on moving.
#[test]
fn rule_5_23_leaving_a_block_then_moving_on() {
    let mut g = empty(Side::Adversary);
    let sosius = put_leader(&mut g, "Sosius", "4-K");
    let u = put(&mut g, "Egyptian MI-1", "3/4-K/L");
    let point = at(&g, "4-K");
    let mut game = game(g, Dice::seeded(1));
    game.apply(Action::Activate(Command::Leader(sosius))).unwrap();
    let leave = own(Own::LeaveBlock { unit: u, point });
    assert!(legal(&game).contains(&leave));
    game.apply(leave).unwrap();
    let s = *game.state().state().field.unit(u).unwrap();
    assert_eq!((s.at, s.mp_spent), (Some(point), 1));
    assert!(
        legal(&game)
            .iter()
            .any(|a| matches!(a, Action::Move { unit, to, .. } if *unit == u && *to != point)),
        "it goes on moving"
    );
}

/// 5.24 example: "A unit in Point 3-O cannot move into Block 3/4-N/O."
#[test]
fn rule_5_24_3_o_cannot_enter_3_4_n_o() {
    let (game, u, _) = enter_palace_position("3-O");
    let block = at(game.state().state(), "3/4-N/O");
    let refused = game.state().check(&own(Own::EnterBlock { unit: u, block }));
    assert!(refused.is_err(), "5.24");
    assert!(refused.unwrap_err().to_string().contains("5.24"));
    assert!(!legal(&game).contains(&own(Own::EnterBlock { unit: u, block })));
}

/// 5.24: one additional MP to cross the canal hex to hex; 5.25: causeway
/// hexes cost what a Point does; 5.21: a clear hex 1 MP.
#[test]
fn rule_5_24_canal_and_5_25_causeway_costs() {
    let g = empty(Side::Roman);
    let setup = g.setup();
    let foot = Mover {
        side: Side::Roman,
        unit: None,
        unit_type: None,
        class: gboh_core::table::terrain::MoverClass::Foot,
        auxiliary: false,
    };
    let board = setup.map.board();
    // Every canal hexside between two land hexes costs one MP more than
    // the hex entered (5.24); at least one such hexside exists.
    let mut canal = 0;
    for &(a, b) in setup.map.canal_hexsides() {
        let Some(dir) = board.direction(a, b) else { continue };
        let land = |h: Hex| !setup.in_city(h) && setup.ground(h) != Ground::Sea;
        if !land(a) || !land(b) {
            continue;
        }
        let mp = Land::step_cost(&g.field, &foot, a, b, dir).expect("a canal hexside is crossed");
        let base = setup.tables.terrain.enter_mp(setup.ground(b)).unwrap();
        assert_eq!(mp, base + 1, "5.24: +1 across the canal");
        canal += 1;
    }
    assert!(canal > 0, "the canal runs between land hexes somewhere");
    let causeway = board.area("Heptastadium causeway").unwrap().hexes().to_vec();
    let mut checked = false;
    for &c in &causeway {
        for d in Direction::ALL {
            let Some(n) = board.neighbor(c, d) else { continue };
            let back = board.direction(n, c);
            if let (Some(back), false) = (back, setup.in_city(n))
                && let Ok(mp) = Land::step_cost(&g.field, &foot, n, c, back)
            {
                assert_eq!(mp, 1, "5.25: a causeway hex costs a Point's 1 MP");
                checked = true;
            }
        }
    }
    assert!(checked, "some hex steps onto the causeway");
    // 5.21: a clear hex outside the city, 1 MP (2023 to 2024, both beside 4-D).
    let (a, b) = (at(&g, "2023"), at(&g, "2024"));
    assert_eq!((setup.ground(a), setup.ground(b)), (Ground::Clear, Ground::Clear));
    let dir = board.direction(a, b).unwrap();
    assert_eq!(Land::step_cost(&g.field, &foot, a, b, dir).unwrap(), 1);
}

/// 5.33: units may not cross walls, except at the Main Gate.
#[test]
fn rule_5_33_walls_only_at_the_main_gate() {
    let g = empty(Side::Roman);
    let board = g.setup().map.board();
    let foot = Mover {
        side: Side::Roman,
        unit: None,
        unit_type: None,
        class: gboh_core::table::terrain::MoverClass::Foot,
        auxiliary: false,
    };
    let (mut wall, mut gate) = (0, 0);
    for i in 0..board.len() {
        let h = board.hex_at(i).unwrap();
        for d in Direction::ALL {
            let Some(n) = board.neighbor(h, d) else { continue };
            let Some(side) = board.hexside_between(h, n) else { continue };
            if !side.contains(HexsideFeature::TownWall) {
                continue;
            }
            let r = Land::step_cost(&g.field, &foot, h, n, d);
            if side.contains(HexsideFeature::Gate) {
                if r.is_ok() {
                    gate += 1;
                }
            } else {
                assert!(r.is_err(), "a wall is crossed at {h:?}");
                wall += 1;
            }
        }
    }
    assert!(wall > 0, "the map has walls");
    assert!(gate > 0, "the Main Gate is crossed");
}

/// Errata: Egyptian light cavalry may not enter the city or the causeway.
#[test]
fn rule_5_2_light_cavalry_kept_out_of_the_city() {
    let mut g = empty(Side::Adversary);
    let lc = put(&mut g, "Egyptian LC-1", "2023");
    let mover = Mover::unit(&g.field, lc).unwrap();
    let (from, to) = (at(&g, "2023"), at(&g, "4-D"));
    let dir = g.setup().map.board().direction(from, to).unwrap();
    assert!(Land::step_cost(&g.field, &mover, from, to, dir).is_err());
}

/// 4.1: Heroic Charisma also reaches adjacent hexes and Points, not from a
/// Block; plain Charisma only the leader's own place.
#[test]
fn rule_4_1_heroic_charisma() {
    let g = empty(Side::Roman);
    let setup: &LandSetup = g.setup();
    let caesar = lid(&g, "Caesar");
    let sosius = lid(&g, "Sosius");
    let (k2, k3) = (at(&g, "2-K"), at(&g, "2/3-K"));
    assert!(setup.map.board().adjacent(k2, k3));
    assert!(setup.charisma_reaches(caesar, k2, k2));
    assert!(setup.charisma_reaches(caesar, k2, k3), "heroic: the adjacent Point");
    assert!(!setup.charisma_reaches(sosius, k2, k3), "not heroic");
    let palace = setup.map.board().seat(setup.map.palace()).unwrap();
    assert!(setup.map.board().adjacent(palace, k2));
    assert!(!setup.charisma_reaches(caesar, palace, k2), "not from a Block");
}

/// 4.34: if Caesar is killed, the Egyptians automatically win.
#[test]
fn rule_4_34_caesar_killed() {
    let mut g = Alexandria::main_game().unwrap();
    assert!(outcome(&g).is_none());
    let caesar = lid(&g, "Caesar");
    let l = g.field.leader_mut(caesar).unwrap();
    l.dead = true;
    l.at = None;
    let o = outcome(&g).unwrap();
    assert_eq!(o.winner, Some(Side::Adversary));
    assert!(o.reason.contains("4.34"));
}

/// The main game: the Egyptians win holding the Palace; the Romans holding
/// both redoubts.
#[test]
fn rule_11_0_main_game_objectives() {
    let mut g = empty(Side::Roman);
    put_leader(&mut g, "Caesar", "1-K");
    put(&mut g, "Egyptian MI-1", "2/3-K/L");
    assert_eq!(outcome(&g).unwrap().winner, Some(Side::Adversary));
    let mut g = empty(Side::Roman);
    put_leader(&mut g, "Caesar", "1-K");
    put(&mut g, "VI-1", "2619");
    assert!(outcome(&g).is_none(), "one redoubt is not enough");
    put(&mut g, "VI-2", "3119");
    assert_eq!(outcome(&g).unwrap().winner, Some(Side::Roman));
}

/// 11.3 (errata, levels reconstructed): at its Exhaustion Level a side may
/// not shock attack; both exhausted, the game ends.
#[test]
fn rule_11_3_exhaustion_ends_shock_attacks() {
    let mut g = empty(Side::Roman);
    put_leader(&mut g, "Caesar", "1-K");
    let attacker = put(&mut g, "VI-1", "3-K");
    let (from, to) = (at(&g, "3-K"), at(&g, "4-K"));
    put(&mut g, "Egyptian MI-1", "4-K");
    assert!(Land::may_attack_into(&g.field, attacker, from, to));
    for i in 1..=10 {
        g.field.unit_mut(uid(&g, &format!("XXVII-{i}"))).unwrap().cohesion.status =
            Status::Eliminated;
    }
    for i in 2..=3 {
        g.field.unit_mut(uid(&g, &format!("VI-{i}"))).unwrap().cohesion.status = Status::Eliminated;
    }
    assert!(exhausted(&g.field, Side::Roman), "12 Roman units");
    assert!(!Land::may_attack_into(&g.field, attacker, from, to));
    assert!(outcome(&g).is_none(), "one side exhausted fights on");
}

/// 4.33: "At the end of the Activation in question, place the leader,
/// replacement side up, on any friendly unit that the leader is eligible to
/// command": the owner chooses which, and play passes on once he has.
#[test]
fn rule_4_33_replacement_leader() {
    let mut g = empty(Side::Roman);
    let legate = put_leader(&mut g, "Legate VI", "2-K");
    let first = put(&mut g, "VI-5", "1-K");
    let second = put(&mut g, "VI-6", "1-J");
    let archers = put(&mut g, "Cretan Archers-2", "1-I");
    put_leader(&mut g, "Caesar", "1-L");
    put(&mut g, "Cretan Archers-1", "1-L");
    put_leader(&mut g, "Ganymedes", "4-H");
    put(&mut g, "Egyptian MI-1", "4-H");
    let l = g.field.leader_mut(legate).unwrap();
    l.dead = true;
    l.at = None;
    let mut game = game(g, Dice::seeded(1));
    let ev = game.apply(Action::Activate(Command::Auxiliaries(Side::Roman))).unwrap();
    assert!(!ev.iter().any(|e| matches!(e.what, Happened::Replaced { .. })), "not yet");
    let ev = game.apply(Action::EndActivation).unwrap();
    assert!(
        !ev.iter().any(|e| matches!(e.what, Happened::Replaced { .. })),
        "his player places him"
    );
    let hosts = |game: &Game<Battle<Alexandria>>, u: Uid| {
        game.state().state().field.unit(u).unwrap().at.unwrap()
    };
    let (one, two) = (hosts(&game, first), hosts(&game, second));
    // Only the cohorts of his legion (4.21), not the archers; the turn waits.
    assert_eq!(
        game.state().pending(),
        Pending::Game {
            side: Side::Roman,
            decision: Decision::Replace { leader: legate, options: vec![one, two] }
        }
    );
    assert_eq!(game.state().state().turn.to_act, Side::Roman, "play has not passed on");
    assert_eq!(
        legal(&game),
        vec![
            Action::Game(Choice::Replace { leader: legate, to: one }),
            Action::Game(Choice::Replace { leader: legate, to: two }),
        ]
    );
    // Anywhere else is refused and changes nothing.
    let before = game.state().clone();
    let e = game
        .apply(Action::Game(Choice::Replace { leader: legate, to: hosts(&game, archers) }))
        .unwrap_err();
    assert!(e.to_string().contains("not one of the choices"), "{e}");
    assert!(game.apply(Action::Activate(Command::Auxiliaries(Side::Adversary))).is_err());
    assert_eq!(game.state(), &before);
    // The second cohort, by choice; then the Activation Phase ends.
    let ev = game.apply(Action::Game(Choice::Replace { leader: legate, to: two })).unwrap();
    let replaced = ev
        .iter()
        .position(|e| matches!(e.what, Happened::Replaced { leader, hex } if leader == legate && hex == two))
        .expect("placed");
    let ended = ev
        .iter()
        .position(|e| {
            matches!(e.what, Happened::Turn(TurnEvent::ActivationEnded { next: Side::Adversary }))
        })
        .expect("play passes on");
    assert!(replaced < ended);
    assert_eq!(ev[replaced].rule, "4.33");
    let s = game.state().state();
    assert_eq!(s.field.leader(legate).unwrap().at, Some(two));
    assert!(s.replaced.contains(&legate));
    assert_eq!(s.turn.to_act, Side::Adversary);
    assert!(matches!(
        game.state().pending(),
        Pending::Seizure { .. } | Pending::ChooseCommand { .. }
    ));
}

/// 5.12: activated leaders move only after all combat units have: once the
/// legate moves, his units may not.
#[test]
fn rule_5_12_leaders_move_after_units() {
    let mut g = empty(Side::Roman);
    let legate = put_leader(&mut g, "Legate VI", "2-K");
    let u = put(&mut g, "VI-1", "2-K");
    put(&mut g, "VI-2", "2-L");
    let mut game = game(g, Dice::seeded(1));
    game.apply(Action::Activate(Command::Leader(legate))).unwrap();
    let lead = legal(&game).into_iter().find(|a| matches!(a, Action::MoveLeader { .. })).unwrap();
    game.apply(lead).unwrap();
    assert!(!legal(&game).iter().any(|a| matches!(a, Action::Move { unit, .. } if *unit == u)));
}

/// 4.32: an enemy moves next to a lone leader: he may retreat up to two
/// hexes or Points, never into a Block (engine hook
/// `GroundRules::LONE_LEADER_RETREAT_HEXES`, the family's three).
#[test]
fn rule_4_32_a_lone_leader_never_retreats_into_a_block() {
    let mut g = empty(Side::Roman);
    let legate = put_leader(&mut g, "Legate VI", "3-K");
    let u = put(&mut g, "VI-1", "3-K");
    let sosius = put_leader(&mut g, "Sosius", "4-K");
    let mut game = game(g, Dice::seeded(1));
    game.apply(Action::Activate(Command::Leader(legate))).unwrap();
    let to = at(game.state().state(), "3/4-K");
    let step = legal(&game)
        .into_iter()
        .find(|a| matches!(a, Action::Move { unit, to: t, .. } if *unit == u && *t == to))
        .expect("VI-1 may move next to Sosius");
    game.apply(step).unwrap();
    let Pending::LeaderRetreat { leader, options, .. } = game.state().pending() else {
        panic!("4.32: Sosius may retreat, got {:?}", game.state().pending())
    };
    assert_eq!(leader, sosius);
    assert!(!options.is_empty());
    let s = game.state().state().setup();
    assert!(options.iter().all(|&h| !s.is_block(h)), "never into a Block");
    let k = at(game.state().state(), "4-K");
    let board = s.map.board();
    assert!(board.side_neighbors(k).count() > 0, "4-K has Blocks beside it");
    // "Up to two hexes/points": every option within two steps of 4-K, some
    // at two (the family's limit is three: the empty city has places at
    // three steps he could reach).
    let steps = steps_from(board, k);
    let step = |h: Hex| board.index(h).and_then(|i| steps.get(i).copied().flatten());
    assert!(options.iter().all(|&h| step(h).is_some_and(|n| n <= 2)), "{options:?}");
    assert!(options.iter().any(|&h| step(h) == Some(2)), "{options:?}");
    let three = (0..board.len()).filter(|&i| steps.get(i).copied().flatten() == Some(3));
    assert!(three.count() > 0, "places at three steps exist");
}

/// Steps from `from` to every place over the board's links (Points, hexes,
/// arrows; not the side links into Blocks), by breadth-first search.
fn steps_from(board: &gboh_core::board::Board, from: Hex) -> Vec<Option<u32>> {
    let mut steps = vec![None; board.len()];
    let Some(start) = board.index(from) else { return steps };
    steps[start] = Some(0);
    let mut frontier = vec![start];
    for depth in 1..=3 {
        let mut next = Vec::new();
        for &i in &frontier {
            for d in Direction::ALL {
                if let Some(j) = board.neighbor_index(i, d)
                    && steps[j].is_none()
                {
                    steps[j] = Some(depth);
                    next.push(j);
                }
            }
        }
        frontier = next;
    }
    steps
}
