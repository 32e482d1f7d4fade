//! 4.1 Commands (4.11, 4.12), 4.21 Caesar's seizure and 4.24 Command Range,
//! through `Alesia::legal_commands`, `Alesia::activated_units`,
//! `Alesia::command_range_map` and the protocol (`Game<Alesia>`).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::movement_support;

use gboh_alesia::game::AlesiaField;
use gboh_alesia::map::SiegeWorks;
use std::collections::BTreeSet;

use gboh_alesia::command::Command;
use gboh_alesia::game::{CounterIdx, Lid, Uid};
use gboh_alesia::protocol::{Action, Alesia, Pending};
use gboh_alesia::zoc;
use gboh_core::Side;
use gboh_core::dice::Dice;
use gboh_core::facing::{Direction, Facing};
use gboh_core::game::Game;
use hexx::Hex;
use movement_support::{Pos, legion_of, setup_on, test_board};

fn board_pos() -> Pos {
    Pos::on(setup_on(test_board(20, 20)))
}

fn commands(game: &Alesia, side: Side) -> Vec<Command> {
    let mut out = Vec::new();
    game.legal_commands(side, &mut out);
    out
}

fn set(units: &[Uid]) -> BTreeSet<Uid> {
    units.iter().copied().collect()
}

fn dist(game: &Alesia, map: &[u8], hex: Hex) -> u8 {
    map[game.setup().board.index(hex).unwrap()]
}

#[test]
fn rule_4_11_a_legion_command_is_every_unit_of_the_legion_in_range_or_not() {
    let mut p = board_pos();
    p.leader("Brutus", "T1010"); // Legate of Legio X, range 6
    let x1 = p.unit("X-1", "T1010", Facing::Twelve);
    let x2 = p.unit("X-2", "T1011", Facing::Twelve);
    let sc = p.unit("X-Scorpio", "T1012", Facing::Twelve);
    let far = p.unit("X-3", "T1019", Facing::Twelve); // 9 hexes: out of range
    let other = p.unit("XI-1", "T1009", Facing::Twelve); // another legion
    let legion = legion_of(p.field.setup(), "X-1");
    // 5.24: no seizure in the first Activation Phase; the Romans choose.
    let mut state = Alesia::new(p.field);
    state.turn.play.to_act = Side::Roman;
    let legal = commands(&state, Side::Roman);
    assert!(legal.contains(&legion));
    let mut game = Game::new(state, Dice::seeded(1));
    assert_eq!(game.pending(), Pending::ChooseCommand { side: Side::Roman });
    assert!(game.legal_actions().contains(&Action::Activate(legion.clone())));
    game.apply(Action::Activate(legion)).unwrap();
    let act = game.state().turn.play.current.clone().expect("an activation");
    let units = set(&act.units);
    // "All units of a specific Legion, whether in Command Range of their Legate
    // or not. This includes the legion's scorpiones."
    for u in [x1, x2, sc, far] {
        assert!(units.contains(&u), "{u:?} is activated");
    }
    assert!(!units.contains(&other), "another legion's cohort is not");
    // 4.13: the one beyond the Legate's range is limited.
    assert!(act.own.out_of_range.contains(&far));
    for u in [x1, x2, sc] {
        assert!(!act.own.out_of_range.contains(&u));
    }
}

#[test]
fn rule_4_11_an_auxiliaries_command_is_the_li_archers_and_palintonos_in_an_area_commanders_range() {
    let mut p = board_pos();
    let labienus = p.leader("Labienus", "T1010"); // range 8
    let li = p.unit("Numidian-1", "T1011", Facing::Twelve);
    let ar = p.unit("Archers-1", "T1012", Facing::Twelve);
    let pal = p.unit("Palintonos-1", "T1009", Facing::Twelve);
    p.unit("X-Scorpio", "T1008", Facing::Twelve); // "but no scorpiones"
    p.unit("German-1", "T1013", Facing::Twelve); // cavalry: not his
    let li_far = p.unit("Numidian-2", "T1020", Facing::Twelve); // 10 MP away
    let state = Alesia::new(p.field);
    assert!(commands(&state, Side::Roman).contains(&Command::Auxiliaries(labienus)));
    let (units, out) = state.activated_units(&Command::Auxiliaries(labienus));
    assert_eq!(set(&units), set(&[li, ar, pal]));
    assert!(!units.contains(&li_far));
    assert!(out.is_empty());
}

#[test]
fn rule_4_11_a_cavalry_command_is_the_cavalry_in_a_prefects_range_and_none_out_of_it() {
    let mut p = board_pos();
    let prefect = p.leader("Prefect-1", "T1010"); // range 6
    let ge = p.unit("German-1", "T1011", Facing::Twelve);
    let ib = p.unit("Iberian-1", "T1012", Facing::Twelve);
    p.unit("Numidian-1", "T1009", Facing::Twelve); // LI: not cavalry
    p.unit("German-2", "T1020", Facing::Twelve); // 10 MP away
    let state = Alesia::new(p.field);
    assert!(commands(&state, Side::Roman).contains(&Command::RomanCavalry(prefect)));
    let (units, out) = state.activated_units(&Command::RomanCavalry(prefect));
    assert_eq!(set(&units), set(&[ge, ib]));
    assert!(out.is_empty());

    // 4.13 play note: "Roman Cavalry and Auxiliares must be in range to even
    // activate": with no cavalry in range there is no command to choose.
    let mut p = board_pos();
    let prefect = p.leader("Prefect-1", "T1010");
    p.unit("German-2", "T1020", Facing::Twelve);
    let state = Alesia::new(p.field);
    assert!(!commands(&state, Side::Roman).contains(&Command::RomanCavalry(prefect)));
}

/// Eporedorix (range 7, Control 7) with Tribal Counters around him.
fn eporedorix_position() -> (Alesia, Lid, Vec<(CounterIdx, u8)>, CounterIdx, CounterIdx) {
    let mut p = board_pos();
    let e = p.leader("Eporedorix", "T1010");
    let near = vec![
        (p.counter_of("Sequani-1", "T1012"), 2),
        (p.counter_of("Ruteni-1", "T1013"), 2),
        (p.counter_of("Helvetii-1", "T1008"), 2),
        (p.counter_of("Nervii-1", "T1007"), 1),
        (p.counter_of("Aedui-1", "T1011"), 3),
    ];
    let far = p.counter_of("Arverni-1", "T1020"); // 10 MP: out of range
    let setup = p.field.setup().clone();
    let cav = CounterIdx(
        u8::try_from(setup.counters.iter().position(|c| c.cavalry).expect("a cavalry counter"))
            .unwrap(),
    );
    p.field.counter_mut(cav).unwrap().at = Some(p.hex("T1009"));
    (Alesia::new(p.field), e, near, far, cav)
}

#[test]
fn rule_4_12_a_tribal_command_is_any_set_of_counters_in_range_within_control() {
    let (state, e, near, far, cav) = eporedorix_position();
    let got: BTreeSet<Vec<CounterIdx>> = commands(&state, Side::Adversary)
        .into_iter()
        .filter_map(|c| match c {
            Command::Tribes(l, cs) if l == e => Some(cs),
            _ => None,
        })
        .collect();
    // Every non-empty set of the counters in range whose Control Ratings sum
    // to 7 or less; never the counter out of range, never a Cavalry Counter.
    let mut want = BTreeSet::new();
    for mask in 1u32..(1 << near.len()) {
        let chosen: Vec<(CounterIdx, u8)> = near
            .iter()
            .enumerate()
            .filter(|(b, _)| mask & (1 << b) != 0)
            .map(|(_, x)| *x)
            .collect();
        if chosen.iter().map(|(_, c)| u32::from(*c)).sum::<u32>() <= 7 {
            let mut cs: Vec<CounterIdx> = chosen.iter().map(|(c, _)| *c).collect();
            cs.sort();
            want.insert(cs);
        }
    }
    assert_eq!(got, want);
    // The printed example: the Sequani (2), Ruteni (2), Helvetii (2) and Nervii (1).
    let mut example: Vec<CounterIdx> = near[..4].iter().map(|(c, _)| *c).collect();
    example.sort();
    assert!(got.contains(&example));
    assert!(got.iter().all(|cs| !cs.contains(&far) && !cs.contains(&cav)));
}

#[test]
fn rule_4_12_an_activated_tribe_acts_wherever_its_units_are() {
    let mut p = board_pos();
    let e = p.leader("Eporedorix", "T1010");
    let seq = p.counter_of("Sequani-1", "T1012");
    let u = p.unit("Sequani-1", "T0101", Facing::Twelve); // far from him
    let state = Alesia::new(p.field);
    let cmd = Command::Tribes(e, vec![seq]);
    assert!(commands(&state, Side::Adversary).contains(&cmd));
    let (units, out) = state.activated_units(&cmd);
    assert!(units.contains(&u));
    assert!(out.is_empty());
}

#[test]
fn rule_4_12_a_cavalry_leader_commands_the_gallic_cavalry_and_li_in_his_range() {
    let mut p = board_pos();
    let lead = p.leader("CavalryLeader-1", "T1010"); // range 8
    let c1 = p.unit("GallicCavalry-1", "T1011", Facing::Twelve);
    let li = p.unit("GallicCavalry-LI1", "T1012", Facing::Twelve);
    p.unit("Sequani-1", "T1009", Facing::Twelve); // a tribe's unit: not his
    p.unit("GallicCavalry-2", "T1020", Facing::Twelve); // 10 MP away
    let state = Alesia::new(p.field);
    assert!(commands(&state, Side::Adversary).contains(&Command::GallicCavalry(lead)));
    let (units, out) = state.activated_units(&Command::GallicCavalry(lead));
    assert_eq!(set(&units), set(&[c1, li]));
    assert!(out.is_empty());
}

#[test]
fn rule_4_21_caesar_seizes_for_legions_not_auxiliaries_and_only_seizure_times() {
    let mut p = board_pos();
    let caesar = p.leader("Caesar", "T1005");
    let labienus = p.leader("Labienus", "T1010");
    p.unit("Numidian-1", "T1011", Facing::Twelve);
    p.leader("Prefect-1", "T0510");
    p.unit("German-1", "T0511", Facing::Twelve);
    p.unit("X-1", "T1501", Facing::Twelve);
    let legion = legion_of(p.field.setup(), "X-1");
    let mut state = Alesia::new(p.field);
    let prefect = state.setup().lid("Prefect-1").unwrap();
    state.turn.play.activations = 1;
    state.turn.play.to_act = Side::Adversary;
    // Caesar may attempt Seizure (his Seizure rating is 4) ...
    assert!(state.seizure_candidates(Side::Roman).contains(&caesar));
    state.field.leader_mut(caesar).unwrap().seizures_used = 4;
    // ... but not a fifth time in the Assault Period.
    assert!(!state.seizure_candidates(Side::Roman).contains(&caesar));
    // A seizure by Caesar: legions (and cavalry, 5.21), never the Auxiliares.
    state.turn.play.to_act = Side::Roman;
    state.turn.play.seizure.seized_by = Some(caesar);
    let legal = commands(&state, Side::Roman);
    assert!(legal.contains(&legion));
    assert!(legal.contains(&Command::RomanCavalry(prefect)));
    assert!(!legal.contains(&Command::Auxiliaries(labienus)));
    // Without the seizure the Auxiliares are a command like any other.
    state.turn.play.seizure.seized_by = None;
    assert!(commands(&state, Side::Roman).contains(&Command::Auxiliaries(labienus)));
}

#[test]
fn rule_4_24_range_is_counted_in_movement_points() {
    let mut p = board_pos();
    let brutus = p.leader("Brutus", "T1010"); // range 6, clear terrain: 1 MP a hex
    let (h6, h7) = (p.hex("T1016"), p.hex("T1017"));
    let state = Alesia::new(p.field);
    let map = state.command_range_map(brutus).expect("on the map with a range");
    assert_eq!(dist(&state, &map, h6), 6);
    assert_eq!(dist(&state, &map, h7), u8::MAX);
}

/// A board two hexes wide: Brutus at one end of column 2, a Gallic unit in
/// column 1 whose front hexes are the two column-2 hexes beside it.
fn corridor(friends_in_zoc: bool) -> (Alesia, Lid, Hex, [Hex; 2], Hex) {
    let mut p = Pos::on(setup_on(test_board(2, 12)));
    let brutus = p.leader("Brutus", "T0201");
    let enemy = p.hex("T0105");
    // The facing whose two front hexes are both in column 2.
    let (facing, front) = [
        (Facing::Twelve, [Direction::NW, Direction::NE]),
        (Facing::Six, [Direction::SE, Direction::SW]),
    ]
    .into_iter()
    .find_map(|(f, ds)| {
        let hs = ds.map(|d| p.field.setup().board.neighbor(enemy, d));
        let labels: Vec<String> = hs.iter().flatten().map(|h| p.label(*h)).collect();
        (labels.len() == 2 && labels.iter().all(|l| l.starts_with("T02")))
            .then(|| (f, hs.map(Option::unwrap)))
    })
    .expect("the column-2 neighbours are the front hexes of one facing");
    p.unit("Aedui-1", "T0105", facing);
    if friends_in_zoc {
        p.unit("X-1", &p.label(front[0]), Facing::Twelve);
        p.unit("X-2", &p.label(front[1]), Facing::Twelve);
    }
    let beyond = p.hex("T0207");
    (Alesia::new(p.field), brutus, enemy, front, beyond)
}

#[test]
fn rule_4_24_enemy_units_and_unoccupied_enemy_zoc_hexes_obstruct_friendly_units_negate() {
    // Without the enemy the far hex is 6 MP away along column 2.
    let mut p = Pos::on(setup_on(test_board(2, 12)));
    let b = p.leader("Brutus", "T0201");
    let far = p.hex("T0207");
    let state = Alesia::new(p.field);
    assert_eq!(dist(&state, &state.command_range_map(b).unwrap(), far), 6);

    let (state, brutus, enemy, front, beyond) = corridor(false);
    for h in front {
        assert!(
            zoc::in_enemy_zoc(&state.field, h, Side::Roman),
            "premise: {h:?} in the Gauls' ZOC"
        );
    }
    let map = state.command_range_map(brutus).unwrap();
    // The enemy's hex is never in range; a path may end in the ZOC hex
    // nearest him but not pass through it.
    assert_eq!(dist(&state, &map, enemy), u8::MAX);
    let near = *front.iter().min_by_key(|h| dist(&state, &map, **h)).unwrap();
    assert!(dist(&state, &map, near) <= 6, "the nearer ZOC hex is in range");
    assert_eq!(dist(&state, &map, beyond), u8::MAX, "nothing beyond the ZOC is");

    // "Friendly units negate enemy ZOCs for purposes of tracing range paths."
    let (state, brutus, enemy, _, beyond) = corridor(true);
    let map = state.command_range_map(brutus).unwrap();
    assert_eq!(dist(&state, &map, beyond), 6);
    assert_eq!(dist(&state, &map, enemy), u8::MAX);
}

#[test]
fn rule_4_24_range_is_determined_before_the_command_moves() {
    // The activation records who is in range when it begins (protocol/mod.rs
    // Activate) in `Activation::out_of_range`, which the movement rules read
    // from then on; it is not traced again as the Legate moves.
    let mut p = board_pos();
    p.leader("Brutus", "T1010");
    p.unit("X-1", "T1010", Facing::Twelve);
    let far = p.unit("X-3", "T1018", Facing::Twelve); // 8 MP
    let legion = legion_of(p.field.setup(), "X-1");
    let mut state = Alesia::new(p.field);
    state.turn.play.to_act = Side::Roman;
    let (_, out) = state.activated_units(&legion);
    assert_eq!(out, vec![far]);
    let mut game = Game::new(state, Dice::seeded(1));
    game.apply(Action::Activate(legion)).unwrap();
    assert_eq!(game.state().turn.play.current.as_ref().unwrap().own.out_of_range, vec![far]);
}

#[test]
fn rule_4_24_range_on_the_west_map_pays_the_leaders_terrain_costs_and_never_crosses_what_he_cannot()
{
    let mut p = Pos::west();
    let labienus = p.leader("Labienus", "W4616"); // range 8, no enemy on the map
    let state = Alesia::new(p.field);
    let board = &state.setup().board;
    let map = state.command_range_map(labienus).unwrap();
    let start = p_hex(&state, "W4616");
    let (mut reached, mut dearer) = (0, 0);
    for i in 0..board.len() {
        let Some(h) = board.hex_at(i) else { continue };
        let d = map[i];
        let best = Direction::ALL
            .into_iter()
            .filter_map(|dir| board.neighbor(h, dir))
            .filter_map(|n| {
                let dn = dist(&state, &map, n);
                let c = state.leader_step_cost(Side::Roman, n, h)?;
                (dn != u8::MAX).then(|| u16::from(dn) + u16::from(c))
            })
            .min();
        if h == start {
            assert_eq!(d, 0);
            continue;
        }
        match best {
            // Exactly the cheapest leader path (4.24: "measured in Movement Points").
            Some(b) if b <= 8 => {
                assert_eq!(u16::from(d), b, "{}", board.label(h).unwrap());
                reached += 1;
                if Direction::ALL.into_iter().filter_map(|dir| board.neighbor(h, dir)).any(|n| {
                    dist(&state, &map, n) != u8::MAX
                        && state.leader_step_cost(Side::Roman, n, h).is_none_or(|c| c > 1)
                }) {
                    dearer += 1;
                }
            }
            _ => assert_eq!(d, u8::MAX, "{}", board.label(h).unwrap()),
        }
    }
    assert!(reached > 0);
    // Premise: the terrain around W4616 is not all clear, so the costs matter.
    assert!(dearer > 0, "some step in range costs more than 1 MP or is closed to a leader");
}

fn p_hex(state: &Alesia, label: &str) -> Hex {
    state.setup().board.hex_of(label).unwrap()
}

/// `is_legal_command` (what checking an Activate asks) traces only the maps
/// the one command needs: it must agree with the full listing, for every
/// listed command and for Tribal commands one counter short of a listed one,
/// at every command choice of a bot game's opening.
#[test]
fn is_legal_command_agrees_with_the_listing() {
    let mut play = gboh_alesia::playthrough::Playthrough::new(
        gboh_alesia::scenario::ScenarioId::FinalAssault,
        3,
    )
    .unwrap();
    let mut choices = 0;
    while play.game.log().len() < 250 {
        if let Pending::ChooseCommand { side } = play.game.pending() {
            choices += 1;
            let state = play.game.state();
            for s in [Side::Roman, Side::Adversary] {
                let listed = commands(state, s);
                let mut asked: Vec<Command> = listed.clone();
                for c in &listed {
                    if let Command::Tribes(l, counters) = c
                        && counters.len() > 1
                    {
                        asked.push(Command::Tribes(*l, counters[1..].to_vec()));
                    }
                }
                for c in &asked {
                    assert_eq!(
                        state.is_legal_command(s, c),
                        listed.contains(c),
                        "{c:?} for {s:?} ({side:?} to choose)"
                    );
                }
            }
        }
        let mut events = Vec::new();
        if !play.step(&mut events).unwrap() {
            break;
        }
    }
    assert!(choices > 5);
}

/// 4.24 traces Command Range with the movement rules' terrain costs, which
/// Rubble changes (8.45); the leaders' step costs are kept from map to map
/// while the terrain stays. A map after the terrain changed must be the one
/// a fresh thread (nothing kept) traces, and the one before when the change
/// is undone.
#[test]
fn rule_4_24_range_maps_follow_the_terrain_as_it_changes() {
    use gboh_alesia::playthrough::Playthrough;
    use gboh_alesia::scenario::ScenarioId;

    let mut state = Playthrough::initial(ScenarioId::FinalAssault).unwrap();
    let fresh = |state: &Alesia, lid: Lid| {
        std::thread::scope(|s| s.spawn(|| state.command_range_map(lid)).join().unwrap())
    };
    let setup = state.setup().clone();
    let leaders: Vec<Lid> = (0..setup.leaders.len())
        .map(|i| Lid(u8::try_from(i).unwrap()))
        .filter(|&l| state.command_range_map(l).is_some())
        .collect();
    assert!(!leaders.is_empty());
    let before: Vec<_> = leaders.iter().map(|&l| state.command_range_map(l)).collect();
    // Rubble on every rampart hex any of them reaches.
    let board = &setup.board;
    let ramparts: Vec<Hex> = board
        .hexes()
        .filter(|&h| board.is_rampart(h))
        .filter(|&h| {
            let i = board.index(h).unwrap();
            before.iter().flatten().any(|m| m[i] != u8::MAX)
        })
        .collect();
    assert!(!ramparts.is_empty());
    for &h in &ramparts {
        state.field.markers_mut(h).unwrap().rubble = true;
    }
    let mut changed = 0;
    for (&l, was) in leaders.iter().zip(&before) {
        let now = state.command_range_map(l);
        assert_eq!(now, fresh(&state, l), "{l:?} with Rubble");
        changed += usize::from(now != *was);
    }
    assert!(changed > 0, "premise: Rubble changes some leader's range");
    for &h in &ramparts {
        state.field.markers_mut(h).unwrap().rubble = false;
    }
    for (&l, was) in leaders.iter().zip(&before) {
        assert_eq!(state.command_range_map(l), *was, "{l:?} with the Rubble cleared");
    }
}
