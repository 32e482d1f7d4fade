//! The simplified version's printed numbers and rules on the real map:
//! formation tables, seizure counts, Rome first, the terrain table, the
//! corrections (7.31, 11.1), the special rules (entry, town wall, stone
//! walls, camped Gauls, impetuosity, the tower scorpions), victory.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failing test panics

use gboh_core::Side;
use gboh_core::dice::Dice;
use gboh_core::facing::{Direction, Facing};
use gboh_core::game::{Game, Rules};
use gboh_core::unit::Status;
use gboh_gergovia::simplified::formations::LEGIONS;
use gboh_gergovia::simplified::special::SpecialEvent;
use gboh_gergovia::simplified::terrain::{Cell, Column, TerrainRow};
use gboh_gergovia::simplified::{Formation, GergoviaSimplified, Happened, Own, Simplified};
use gboh_simple::ground::GroundRules;
use gboh_simple::ground::stacking::Mover;
use gboh_simple::protocol::{Action, Pending};
use gboh_simple::rules::missile::MissileRules;
use gboh_simple::rules::shock::ShockRules;
use gboh_simple::{Battle, BattleRules, CombatAction, Lid, Uid};
use hexx::Hex;

type G = Game<Battle<GergoviaSimplified>>;
type Play = Action<Formation, Own>;

fn start() -> GergoviaSimplified {
    GergoviaSimplified::standard().unwrap()
}

fn hex(s: &GergoviaSimplified, label: &str) -> Hex {
    s.setup().board.hex_of(label).unwrap_or_else(|| panic!("no hex {label}"))
}

fn uid(s: &GergoviaSimplified, id: &str) -> Uid {
    s.setup().uid(id).unwrap_or_else(|| panic!("no unit {id}"))
}

fn lid(s: &GergoviaSimplified, id: &str) -> Lid {
    s.setup().lid(id).unwrap()
}

fn place(s: &mut GergoviaSimplified, id: &str, label: &str, facing: Facing) {
    let (u, h) = (uid(s, id), hex(s, label));
    s.field.move_unit(u, h, facing).unwrap();
}

/// Takes every unit of `side` within `radius` of `label` off the map.
fn clear_around(s: &mut GergoviaSimplified, label: &str, radius: u32, side: Side) {
    let c = hex(s, label);
    for i in 0..s.setup().muster.units.len() {
        let u = Uid(i as u16);
        let near =
            s.field.unit(u).and_then(|x| x.at).is_some_and(|h| h.unsigned_distance_to(c) <= radius);
        if near && s.setup().unit(u).unwrap().side == side {
            s.field.remove_unit(u);
        }
    }
}

fn legal(g: &G) -> Vec<Play> {
    let mut out = Vec::new();
    g.state().legal_actions(&mut out);
    out
}

fn own(a: Own) -> Play {
    Action::Combat(CombatAction::Game(a))
}

fn specials(events: &[gboh_core::game::Event<Happened>]) -> Vec<SpecialEvent> {
    events
        .iter()
        .filter_map(|e| match &e.what {
            Happened::Special(s) => Some(s.clone()),
            _ => None,
        })
        .collect()
}

/// The Romans activate `f` and end it; the Gauls decline to seize.
fn roman_idle(g: &mut G, f: Formation) {
    g.apply(Action::Activate(f)).unwrap();
    g.apply(Action::EndActivation).unwrap();
    if matches!(g.state().pending(), Pending::Seizure { .. }) {
        g.apply(Action::DeclineSeizure).unwrap();
    }
}

#[test]
fn special_rules_first_player_rome_begins_without_a_die_roll() {
    let g = Game::new(Battle::new(start()), Dice::seeded(1));
    assert_eq!(g.state().pending(), Pending::ChooseCommand { side: Side::Roman });
    assert_eq!(g.state().state().first_side(), Side::Roman);
}

#[test]
fn formation_tables_seizure_counts_after_the_slash() {
    let s = start();
    let count = |id: &str| s.setup().command(lid(&s, id)).unwrap().seizures;
    // "J. Caesar [OC] /3", "Manucius /2", "Vercingetorix [OC] /5", "Vercassivellaunus /2".
    assert_eq!((count("Caesar"), count("Manucius")), (3, 2));
    assert_eq!((count("Vercingetorix"), count("Vercassivellaunus")), (5, 2));
    let romans: Vec<Lid> = s.seizure_leaders(Side::Roman).into_iter().map(|(l, _)| l).collect();
    assert_eq!(romans, vec![lid(&s, "Caesar"), lid(&s, "Manucius")]);
    // Caesar's initiative "is reduced to '4'".
    assert!(s.seizure_leaders(Side::Roman).contains(&(lid(&s, "Caesar"), 4)));
    // Counted per game: three attempts spent, Caesar may seize no more.
    let mut spent = start();
    let caesar = usize::from(lid(&spent, "Caesar").0);
    spent.seizures_spent[caesar] = 3;
    let romans: Vec<Lid> = spent.seizure_leaders(Side::Roman).into_iter().map(|(l, _)| l).collect();
    assert_eq!(romans, vec![lid(&spent, "Manucius")]);
}

#[test]
fn rule_4_1_caesar_activates_up_to_four_legions_in_his_range() {
    let s = start();
    let mut out = Vec::new();
    s.commands(Side::Roman, &mut out);
    let caesar: Vec<u8> = out
        .iter()
        .filter_map(|f| if let Formation::Caesar(m) = f { Some(*m) } else { None })
        .collect();
    assert!(!caesar.is_empty(), "{out:?}");
    assert!(caesar.iter().all(|m| m.count_ones() <= 4), "{caesar:?}");
    // Caesar stands with VIII or X: both are within his range.
    assert!(caesar.contains(&0b11), "{caesar:?}");
    for i in 0..LEGIONS.len() {
        assert!(out.contains(&Formation::Legion(i as u8)));
    }
    assert!(out.contains(&Formation::Auxiliaries) && out.contains(&Formation::Cavalry));
    // Move every legion into his range: still never more than four.
    let mut all = start();
    let caesar_at = all.field.leader(lid(&all, "Caesar")).unwrap().at.unwrap();
    for (n, (legion, _)) in LEGIONS.iter().enumerate() {
        let u = uid(&all, &format!("{legion}-1"));
        let target = Direction::ALL[n % 6].neighbor(Direction::ALL[n % 6].neighbor(caesar_at));
        all.field.remove_unit(u);
        if all.field.stack(target).is_empty() {
            all.field.move_unit(u, target, Facing::Twelve).unwrap();
        }
    }
    let mut out = Vec::new();
    all.commands(Side::Roman, &mut out);
    assert!(out.iter().all(|f| !matches!(f, Formation::Caesar(m) if m.count_ones() > 4)));
}

#[test]
fn rule_4_1_a_legion_activated_by_caesar_is_not_activated_again_this_turn() {
    let mut g = Game::new(Battle::new(start()), Dice::seeded(2));
    roman_idle(&mut g, Formation::Caesar(0b01));
    // The Gauls act; then the Romans have no VIII nor Caesar left.
    g.apply(Action::Activate(Formation::Vercassivellaunus)).unwrap();
    g.apply(Action::EndActivation).unwrap();
    if matches!(g.state().pending(), Pending::Seizure { .. }) {
        g.apply(Action::DeclineSeizure).unwrap();
    }
    let acts = legal(&g);
    assert!(!acts.contains(&Action::Activate(Formation::Legion(0))));
    assert!(!acts.iter().any(|a| matches!(a, Action::Activate(Formation::Caesar(_)))));
    assert!(acts.contains(&Action::Activate(Formation::Legion(1))));
}

#[test]
fn gallic_formation_table_a_all_arverni_only_with_critignatus_in_vercingetorix_range() {
    let mut s = start();
    let mut out = Vec::new();
    s.commands(Side::Adversary, &mut out);
    // Vercingetorix is off the map: his own troops only.
    assert!(out.contains(&Formation::Vercingetorix { all_arverni: false }));
    assert!(!out.contains(&Formation::Vercingetorix { all_arverni: true }));
    let crit = s.field.leader(lid(&s, "Critignatus")).unwrap().at.unwrap();
    s.field.move_leader(lid(&s, "Vercingetorix"), Some(crit)).unwrap();
    let mut out = Vec::new();
    s.commands(Side::Adversary, &mut out);
    assert!(out.contains(&Formation::Vercingetorix { all_arverni: true }), "{out:?}");
    let units = s.command_units(&Formation::Vercingetorix { all_arverni: true });
    assert!(units.iter().all(|u| s.setup().formation(*u) == Some("Arverni")));
    assert!(!units.is_empty());
}

#[test]
fn rule_4_11_the_chain_runs_through_one_empty_hex_not_in_enemy_zoc() {
    let mut s = start();
    // Aedui-1 far from Convictolitavus, Aedui-2 two hexes beyond it with
    // an empty hex between: both out of range, linked to the rest only if
    // the chain reaches them.
    let aedui: Vec<Uid> = s.units_of("Aedui");
    let in_cmd = s.command_units(&Formation::Aedui);
    assert_eq!(in_cmd.len(), aedui.len(), "the Aedui deploy within 2 hexes of 2540");
    let last = *aedui.last().unwrap();
    let base = s.field.unit(aedui[0]).unwrap().at.unwrap();
    // Find a hex 7+ hexes from every Aedui, empty: out of range and of chain.
    let far = (0..40)
        .map(|k| Hex::new(base.x - k, base.y))
        .find(|h| {
            s.setup().board.contains(*h)
                && s.field.stack(*h).is_empty()
                && aedui
                    .iter()
                    .all(|&u| s.field.unit(u).unwrap().at.unwrap().unsigned_distance_to(*h) >= 8)
        })
        .unwrap();
    s.field.remove_unit(last);
    s.field.move_unit(last, far, Facing::Twelve).unwrap();
    assert!(!s.command_units(&Formation::Aedui).contains(&last), "out of range and chain");
}

#[test]
fn gallic_reinforcements_the_first_unit_pays_one_mp_the_third_three() {
    let mut g = Game::new(Battle::new(start()), Dice::seeded(3));
    roman_idle(&mut g, Formation::Auxiliaries);
    g.apply(Action::Activate(Formation::Vercingetorix { all_arverni: false })).unwrap();
    let enters: Vec<Play> = legal(&g)
        .into_iter()
        .filter(|a| matches!(a, Action::Combat(CombatAction::Game(Own::Enter { .. }))))
        .collect();
    assert_eq!(enters.len(), 9, "4001 to 4801 inclusive: {enters:?}");
    let s = g.state().state().clone();
    let mut paid = Vec::new();
    for label in ["4001", "4201", "4401"] {
        let u = s
            .arverni_off
            .iter()
            .copied()
            .find(|&u| g.state().state().field.unit(u).unwrap().at.is_none())
            .unwrap();
        let events = g.apply(own(Own::Enter { unit: u, hex: hex(&s, label) })).unwrap();
        assert!(specials(&events).iter().any(|e| matches!(e, SpecialEvent::Entered { .. })));
        paid.push(g.state().state().field.unit(u).unwrap().mp_spent);
    }
    assert_eq!(paid, vec![1, 2, 3], "the third unit therefore pays 3 MPs");
    // Vercingetorix came on with the first.
    assert_eq!(
        g.state().state().field.leader(lid(&s, "Vercingetorix")).unwrap().at,
        Some(hex(&s, "4001"))
    );
}

#[test]
fn special_terrain_notes_gergovia_the_wall_roll_against_tq() {
    let mut s = start();
    clear_around(&mut s, "4002", 3, Side::Adversary);
    place(&mut s, "VIII-1", "4002", Facing::Twelve);
    s.field.move_leader(lid(&s, "Fabius"), Some(hex(&s, "4002"))).unwrap();
    let (u, town) = (uid(&s, "VIII-1"), hex(&s, "3902"));
    // A roll of 6 against TQ 6: "at least the unit's TQ": it may not cross
    // and is finished.
    let mut g = Game::new(Battle::new(s.clone()), Dice::scripted([6]));
    g.apply(Action::Activate(Formation::Legion(0))).unwrap();
    assert!(legal(&g).contains(&own(Own::ScaleWall { unit: u, to: town })));
    let events = g.apply(own(Own::ScaleWall { unit: u, to: town })).unwrap();
    assert!(specials(&events).contains(&SpecialEvent::WallRoll { unit: u, over: false }));
    assert_eq!(
        events.iter().find(|e| matches!(e.what, Happened::Special(_))).unwrap().rolls.len(),
        1
    );
    assert_eq!(g.state().state().field.unit(u).unwrap().at, Some(hex(&s, "4002")));
    assert!(g.state().check(&own(Own::ScaleWall { unit: u, to: town })).is_err(), "once");
    // A 5 is lower: over the wall, with the table's two hits ("+4hh").
    let mut g = Game::new(Battle::new(s.clone()), Dice::scripted([5]));
    g.apply(Action::Activate(Formation::Legion(0))).unwrap();
    g.apply(own(Own::ScaleWall { unit: u, to: town })).unwrap();
    let st = g.state().state().field.unit(u).unwrap();
    assert_eq!((st.at, st.cohesion.hits), (Some(town), 2));
    // Not when adjacent to an enemy.
    let mut near = s.clone();
    place(&mut near, "Arverni-1", "4102", Facing::Six);
    let mut g = Game::new(Battle::new(near), Dice::scripted([0]));
    g.apply(Action::Activate(Formation::Legion(0))).unwrap();
    assert!(g.state().check(&own(Own::ScaleWall { unit: u, to: town })).is_err());
}

#[test]
fn special_terrain_notes_gallic_units_never_cross_the_town_wall() {
    let s = start();
    let gaul = Mover::unit(&s.field, uid(&s, "Arverni-1")).unwrap();
    let (a, b) = (hex(&s, "4002"), hex(&s, "3902"));
    let dir = Direction::between(a, b).unwrap();
    assert!(Simplified::step_cost(&s.field, &gaul, a, b, dir).is_err());
    // Nor does the move search take a Roman over it: the roll does.
    let roman = Mover::unit(&s.field, uid(&s, "VIII-1")).unwrap();
    assert!(Simplified::step_cost(&s.field, &roman, a, b, dir).is_err());
    // Through a gate (3909/4009) a Gaul pays open ground 1 + the gate's 2.
    let (a, b) = (hex(&s, "4009"), hex(&s, "3909"));
    let dir = Direction::between(a, b).unwrap();
    assert_eq!(Simplified::step_cost(&s.field, &gaul, a, b, dir), Ok(3));
}

#[test]
fn rule_5_1_the_terrain_table_as_printed() {
    let s = start();
    let t = &s.setup().terrain;
    let cell = |r, c| t.row(r).unwrap().cell(c).value;
    // Woods: "2(h) 2(h) 2 2 2 -1 +1".
    assert_eq!(cell(TerrainRow::Woods, Column::Co), Cell::MpOrHit(2));
    assert_eq!(cell(TerrainRow::Woods, Column::Bi), Cell::Mp(2));
    assert_eq!((t.melee_drm(TerrainRow::Woods), t.fire_drm(TerrainRow::Woods)), (-1, 1));
    // Gergovia wall: "+4hh P +4h +4h P -4".
    assert_eq!(cell(TerrainRow::TownWall, Column::Co), Cell::MpHits(4, 2));
    assert_eq!(cell(TerrainRow::TownWall, Column::Leader), Cell::Prohibited);
    assert_eq!(cell(TerrainRow::TownWall, Column::Bi), Cell::MpHits(4, 1));
    assert_eq!(t.melee_drm(TerrainRow::TownWall), -4);
    // Roman camp wall "+3h ... -3", gate "-2", town gate "-3", stone wall "+2h", fire +1.
    assert_eq!(cell(TerrainRow::CampWall, Column::Co), Cell::MpHits(3, 1));
    assert_eq!((t.melee_drm(TerrainRow::CampWall), t.melee_drm(TerrainRow::CampGate)), (-3, -2));
    assert_eq!(t.melee_drm(TerrainRow::TownGate), -3);
    assert_eq!(cell(TerrainRow::StoneWall, Column::Co), Cell::MpHits(2, 1));
    assert_eq!(t.fire_drm(TerrainRow::StoneWall), 1);
    // Only infantry crosses a stone wall.
    assert_eq!(cell(TerrainRow::StoneWall, Column::Cavalry), Cell::Prohibited);
    // [h]: cohorts +1 MP into another Roman infantry unit's hex.
    assert_eq!(t.own_unit_mp(Column::Co), 1);
    // The pivot hook matches the facing row: cohorts one MP for any turn,
    // skirmishers free, the rest one a corner.
    assert_eq!(t.facing_mp(Column::Co), 1);
    assert_eq!(t.facing_mp(Column::Sk), 0);
    assert_eq!(t.facing_mp(Column::Bi), 1);
    // On the map: a cohort into woods pays 2, and 1 more for "(h)".
    let roman = Mover::unit(&s.field, uid(&s, "VIII-1")).unwrap();
    let gaul = Mover::unit(&s.field, uid(&s, "Arverni-1")).unwrap();
    let board = &s.setup().board;
    let (a, b, dir) = board
        .hexes()
        .find_map(|a| {
            Direction::ALL.into_iter().find_map(|d| {
                let b = d.neighbor(a);
                let plain = board.hexside(a, d).is_empty()
                    && board.terrain(a) == Some(gboh_core::board::Terrain::Clear)
                    && board.terrain(b) == Some(gboh_core::board::Terrain::Woods)
                    && board.elevation(a) == board.elevation(b)
                    && !board.in_area("Sunken road", a)
                    && !board.in_area("Sunken road", b);
                plain.then_some((a, b, d))
            })
        })
        .unwrap();
    assert_eq!(Simplified::step_cost(&s.field, &roman, a, b, dir), Ok(3));
    assert_eq!(Simplified::step_cost(&s.field, &gaul, a, b, dir), Ok(2));
}

#[test]
fn rule_7_31_the_defender_must_be_in_the_attackers_zoc() {
    let mut s = start();
    clear_around(&mut s, "2005", 3, Side::Adversary);
    place(&mut s, "VIII-1", "2005", Facing::Twelve);
    let (u, at) = (uid(&s, "VIII-1"), hex(&s, "2005"));
    let front: Vec<Hex> = Facing::Twelve.front().iter().map(|d| d.neighbor(at)).collect();
    let rear: Vec<Hex> =
        Direction::ALL.into_iter().map(|d| d.neighbor(at)).filter(|h| !front.contains(h)).collect();
    assert!(front.iter().all(|&h| Simplified::may_attack_into(&s.field, u, at, h)));
    assert!(rear.iter().all(|&h| !Simplified::may_attack_into(&s.field, u, at, h)));
}

#[test]
fn rule_11_1_no_movement_drm_and_the_fortification_drm_over_the_town_wall() {
    let s = start();
    let (out, wall, gate_out, gate_in) =
        (hex(&s, "4002"), hex(&s, "3902"), hex(&s, "4009"), hex(&s, "3909"));
    assert!(!Simplified::moving_attack_counts(&s.field, out, wall));
    assert!(!Simplified::moving_attack_counts(&s.field, gate_out, gate_in));
    let (drm, why) = Simplified::terrain_drm(&s.field, out, wall);
    assert_eq!(drm.0, -4, "{why}");
    let (drm, why) = Simplified::terrain_drm(&s.field, gate_out, gate_in);
    assert_eq!(drm.0, -3, "{why}");
    // In the open the moving attack counts.
    let (a, b) = (hex(&s, "2005"), hex(&s, "2105"));
    assert!(Simplified::moving_attack_counts(&s.field, a, b));
}

#[test]
fn rule_10_1_a_scorpion_in_every_tower_with_a_range_of_seven() {
    let s = start();
    let towers = s.setup().board.area("Towers").unwrap().hexes().len();
    assert_eq!(s.setup().scorpions.len(), towers);
    for &(u, h) in &s.setup().scorpions {
        assert_eq!(s.field.unit(u).unwrap().at, Some(h));
        let col = Simplified::column(&s.field, u).unwrap();
        assert_eq!(
            Simplified::max_range(&s.field, u, col),
            7,
            "the printed number is the fire range"
        );
        assert_eq!(Simplified::movement_allowance(&s.field, u), 0, "the scorpions may not move");
    }
    // Not counted for victory (not counters).
    assert!(s.situation().on_map.iter().all(|(id, _)| !id.0.starts_with("Scorpion")));
}

#[test]
fn rule_10_1_scorpions_fire_only_in_reaction_at_gauls_within_range() {
    let mut s = start();
    let (scorpion, tower) = s.setup().scorpions[0];
    // A Gaul five hexes out from the tower, on an empty hex.
    let board = &s.setup().board;
    let target = board
        .hexes()
        .filter(|h| h.unsigned_distance_to(tower) == 5 && s.field.stack(*h).is_empty())
        .filter(|h| !board.in_area("Large camp", *h))
        .min_by_key(|h| board.index(*h))
        .unwrap();
    s.field.remove_unit(uid(&s, "Arverni-1"));
    s.field.move_unit(uid(&s, "Arverni-1"), target, Facing::Six).unwrap();
    use gboh_simple::rules::reaction_windows::ReactionRules;
    // Only during a Gallic activation.
    assert!(s.free_shots_at(&[target]).is_empty(), "not in a Roman or no activation");
    let mut g = Game::new(Battle::new(s), Dice::seeded(4));
    roman_idle(&mut g, Formation::Auxiliaries);
    g.apply(Action::Activate(Formation::Critignatus)).unwrap();
    let shots = g.state().state().free_shots_at(&[target]);
    assert!(shots.iter().any(|sh| sh.firer == scorpion), "{shots:?}");
}

#[test]
fn camped_gauls_alerting_takes_the_whole_activation() {
    let mut g = Game::new(Battle::new(start()), Dice::seeded(5));
    roman_idle(&mut g, Formation::Auxiliaries);
    assert!(g.state().state().command_units(&Formation::Tribe(0)).is_empty());
    let events = g.apply(Action::Activate(Formation::Tribe(0))).unwrap();
    assert!(specials(&events).contains(&SpecialEvent::Alerted(vec![0])));
    assert!(!legal(&g).iter().any(|a| matches!(a, Action::Move { .. })), "the tribe does nothing");
    let sp = g.state().state().field.pieces();
    assert_eq!((sp.camped.clone(), sp.disordered.clone()), (vec![1, 2], vec![0]));
    // Once alerted, the tribe's units are in command at its next activation.
    assert!(!g.state().state().command_units(&Formation::Tribe(0)).is_empty());
}

#[test]
fn camped_gauls_a_roman_moving_up_alerts_them_all() {
    let mut s = start();
    let gaul = s.field.unit(s.units_of("Nitiobriges")[0]).unwrap().at.unwrap();
    let next = Direction::ALL
        .into_iter()
        .map(|d| d.neighbor(gaul))
        .find(|h| s.field.stack(*h).is_empty())
        .unwrap();
    s.field.move_unit(uid(&s, "VIII-1"), next, Facing::Twelve).unwrap();
    assert!(!s.camped(1) && !s.camped(2));
    let mut g = Game::new(Battle::new(s), Dice::seeded(6));
    let events = g.apply(Action::Activate(Formation::Auxiliaries)).unwrap();
    assert!(specials(&events).contains(&SpecialEvent::Alerted(vec![0, 1, 2])));
}

#[test]
fn stone_walls_knocking_one_down_takes_all_mp_and_leaves_rubble() {
    let mut s = start();
    clear_around(&mut s, "3009", 3, Side::Adversary);
    place(&mut s, "VIII-1", "3009", Facing::Twelve);
    s.field.move_leader(lid(&s, "Fabius"), Some(hex(&s, "3009"))).unwrap();
    let (u, beyond) = (uid(&s, "VIII-1"), hex(&s, "3108"));
    let mut g = Game::new(Battle::new(s.clone()), Dice::seeded(7));
    g.apply(Action::Activate(Formation::Legion(0))).unwrap();
    let events = g.apply(own(Own::KnockDownWall { unit: u, toward: beyond })).unwrap();
    assert!(specials(&events).contains(&SpecialEvent::WallDown { unit: u }));
    let st = g.state().state();
    assert!(st.field.hexside_markers().has(hex(&s, "3009"), beyond));
    assert_eq!(st.field.unit(u).unwrap().mp_spent, Simplified::movement_allowance(&st.field, u));
    // Rubble: cohorts pay +1 to cross (the "Down over wall / rubble" row).
    let m = Mover::unit(&st.field, u).unwrap();
    let a = hex(&s, "3009");
    let cost =
        Simplified::step_cost(&st.field, &m, a, beyond, Direction::between(a, beyond).unwrap())
            .unwrap();
    assert!(cost >= 2, "{cost}");
}

#[test]
fn stone_walls_the_roll_after_crossing() {
    let mut s = start();
    clear_around(&mut s, "3009", 3, Side::Adversary);
    place(&mut s, "VIII-1", "3009", Facing::Twelve);
    s.field.move_leader(lid(&s, "Fabius"), Some(hex(&s, "3009"))).unwrap();
    let (u, beyond) = (uid(&s, "VIII-1"), hex(&s, "3108"));
    // A 6 against TQ 6: over, but finished.
    let mut g = Game::new(Battle::new(s.clone()), Dice::scripted([6]));
    g.apply(Action::Activate(Formation::Legion(0))).unwrap();
    let events = g.apply(own(Own::CrossStoneWall { unit: u, to: beyond })).unwrap();
    assert!(specials(&events).contains(&SpecialEvent::StoneWallCrossed { unit: u, stopped: true }));
    let st = g.state().state().field.unit(u).unwrap();
    assert_eq!((st.at, st.cohesion.hits), (Some(beyond), 1), "+2h: one hit");
    // Cavalry may not.
    let lancer = Mover::unit(&s.field, uid(&s, "Gallic LN-1")).unwrap();
    let a = hex(&s, "3009");
    assert!(
        Simplified::step_cost(&s.field, &lancer, a, beyond, Direction::between(a, beyond).unwrap())
            .is_err()
    );
}

#[test]
fn special_rules_impetuosity_once_a_game_plus_one_ma() {
    let mut g = Game::new(Battle::new(start()), Dice::seeded(8));
    roman_idle(&mut g, Formation::Auxiliaries);
    g.apply(Action::Activate(Formation::Critignatus)).unwrap();
    let u = g.state().state().arverni_on()[0];
    let before = Simplified::movement_allowance(&g.state().state().field, u);
    assert!(legal(&g).contains(&own(Own::Impetuosity)));
    g.apply(own(Own::Impetuosity)).unwrap();
    let st = g.state().state();
    assert_eq!(Simplified::movement_allowance(&st.field, u), before + 1);
    // Every unit of the tribe is activated, in command or not.
    let units = st.turn.current.as_ref().unwrap().units.clone();
    assert!(
        st.arverni_on()
            .iter()
            .all(|a| units.contains(a) || st.field.unit(*a).unwrap().at.is_none())
    );
    assert!(g.state().check(&own(Own::Impetuosity)).is_err(), "only once in the game");
}

#[test]
fn victory_simplified_rome_wins_at_35() {
    let mut s = start();
    assert!(s.outcome().is_none());
    let town: Vec<Hex> = s.setup().board.area("Gergovia").unwrap().hexes().to_vec();
    let mut placed = 0;
    for f in ["XIV", "XV"] {
        for u in s.units_of(f) {
            let h = town[placed];
            s.field.remove_unit(u);
            s.field.move_unit(u, h, Facing::Twelve).unwrap();
            placed += 1;
        }
    }
    // 20 Roman units in Gergovia: 40 VP.
    let t = s.tally().unwrap();
    assert!(t.rome.total >= 35, "{}", t.rome.total);
    let o = s.outcome().unwrap();
    assert_eq!(o.winner, Some(Side::Roman), "{}", o.reason);
    assert!(o.reason.contains("35"), "{}", o.reason);
}

#[test]
fn victory_simplified_gaul_scores_weakened_and_destroyed_romans() {
    let mut s = start();
    let a = s.units_of("VIII")[0];
    let b = s.units_of("VIII")[1];
    s.field.unit_mut(a).unwrap().cohesion.status = Status::Routed;
    s.field.unit_mut(b).unwrap().cohesion.status = Status::Eliminated;
    s.field.remove_unit(b);
    // 1 for the weakened one, 2 for the destroyed one.
    assert_eq!(s.tally().unwrap().gaul.total, 3);
}

#[test]
fn bad_data_the_simplified_tables_name_file_line_and_item() {
    use gboh_gergovia::simplified::tables::{SHOCK_FILE, SHOCK_RON, WEAPONS_RON, load_file};
    use gboh_gergovia::simplified::terrain::{TERRAIN_RON, load_terrain_table};
    // An unknown field (deny_unknown_fields) in the terrain table.
    let text = TERRAIN_RON.replacen("(key: \"Woods\",", "(key: \"Woods\", colour: 3,", 1);
    let err = load_terrain_table("mine.ron", &text).unwrap_err().to_string();
    assert!(err.contains("mine.ron:") && err.contains("colour"), "{err}");
    // A row named wrongly.
    let text = TERRAIN_RON.replacen("(key: \"Rough\"", "(key: \"Swamp\"", 1);
    let err = load_terrain_table("mine.ron", &text).unwrap_err().to_string();
    assert!(err.contains("Swamp") && err.contains("Rough"), "{err}");
    // The weapon systems without the SK row.
    let text = WEAPONS_RON.replace("(attacker: \"SK\"", "(attacker: \"GC\"");
    let err =
        load_file("data/gergovia/simplified-weapon-systems.ron", &text).unwrap_err().to_string();
    assert!(err.contains("SK"), "{err}");
    // A shock table with a gap.
    let text = SHOCK_RON.replace("(rolls: (3, 3)", "(rolls: (4, 4)");
    assert!(load_file(SHOCK_FILE, &text).is_err());
    assert!(load_file("data/gergovia/other.ron", "()").is_err());
}

#[test]
fn alternative_deployment_no_xi_and_vercingetorix_not_before_gallic_turn_3() {
    use gboh_gergovia::scenario::ScenarioId;
    let mut s = GergoviaSimplified::new(ScenarioId::Alternative).unwrap();
    assert_eq!(s.entry_turn, 3);
    assert!(s.units_of("XI").iter().all(|&u| s.field.unit(u).unwrap().at.is_none()));
    let mut out = Vec::new();
    s.commands(Side::Roman, &mut out);
    assert!(!out.contains(&Formation::Legion(2)), "Caninius and the XI Legion are left out");
    for (period, offered) in [(1, false), (2, false), (3, true)] {
        s.turn.period = period;
        let mut out = Vec::new();
        s.commands(Side::Adversary, &mut out);
        assert_eq!(
            out.contains(&Formation::Vercingetorix { all_arverni: false }),
            offered,
            "turn {period}"
        );
        let seizers: Vec<Lid> =
            s.seizure_leaders(Side::Adversary).into_iter().map(|(l, _)| l).collect();
        assert_eq!(seizers.contains(&lid(&s, "Vercingetorix")), offered, "turn {period}");
    }
    // The standard deployment: from turn 1.
    let mut out = Vec::new();
    start().commands(Side::Adversary, &mut out);
    assert!(out.contains(&Formation::Vercingetorix { all_arverni: false }));
}

/// The Designated events of `events`: (attack, defender hexes).
fn designated(events: &[gboh_core::game::Event<Happened>]) -> Vec<(u8, Vec<Hex>)> {
    events
        .iter()
        .filter_map(|e| match &e.what {
            Happened::Rule(gboh_simple::SimpleEvent::Designated { attack, defenders, .. }) => {
                Some((*attack, defenders.clone()))
            }
            _ => None,
        })
        .collect()
}

/// Before the town wall: VIII-1 at 3305 facing twelve o'clock has both
/// front hexes (3405, 3406) in Gergovia across the town wall; VIII-2 at
/// 3306 has 3406 across it. Two Arverni BI hold 3405 and 3406.
fn before_the_town_wall() -> GergoviaSimplified {
    let mut s = start();
    clear_around(&mut s, "3305", 4, Side::Adversary);
    place(&mut s, "VIII-1", "3305", Facing::Twelve);
    place(&mut s, "VIII-2", "3306", Facing::Twelve);
    place(&mut s, "Arverni-26", "3405", Facing::Six);
    place(&mut s, "Arverni-27", "3406", Facing::Six);
    s.field.move_leader(lid(&s, "Fabius"), Some(hex(&s, "3305"))).unwrap();
    let board = &s.setup().board;
    for (a, d) in [("3305", "3405"), ("3305", "3406"), ("3306", "3406")] {
        let (a, d) = (hex(&s, a), hex(&s, d));
        let side = board.hexside(a, Direction::between(a, d).unwrap());
        assert!(side.contains(gboh_core::board::HexsideFeature::TownWall), "{a:?} {d:?}");
        assert!(board.in_area("Gergovia", d) && !board.in_area("Gergovia", a));
    }
    s
}

/// Legion VIII (Fabius) activated, straight to shock.
fn legion_viii_to_shock(s: GergoviaSimplified) -> G {
    let mut g = Game::new(Battle::new(s), Dice::seeded(21));
    g.apply(Action::Activate(Formation::Legion(0))).unwrap();
    g.apply(Action::Combat(CombatAction::BeginShock)).unwrap();
    g
}

#[test]
fn rule_11_1_an_attacker_across_the_town_wall_attacks_no_other_enemy_beyond_it() {
    let s = before_the_town_wall();
    let (a, w1, w2) = (hex(&s, "3305"), hex(&s, "3405"), hex(&s, "3406"));
    let mut g = legion_viii_to_shock(s);
    let designate = Action::Combat(CombatAction::Designate { attacker: a, join: None });
    assert!(legal(&g).contains(&designate), "{:?}", legal(&g));
    let events = g.apply(designate).unwrap();
    // The family would name both front hexes; 11.1 leaves one (the first in
    // board order), and the other Gaul is not attacked by VIII-1.
    assert_eq!(designated(&events), vec![(0, vec![w1])]);
    let c = g.state().state().turn.combat().unwrap().shock.clone().unwrap();
    assert!(c.attacks.iter().all(|k| !k.defender_hexes.contains(&w2)));
    // VIII-2 may still attack the Gaul at 3406 on its own.
    let b = hex(g.state().state(), "3306");
    let events =
        g.apply(Action::Combat(CombatAction::Designate { attacker: b, join: None })).unwrap();
    assert_eq!(designated(&events), vec![(1, vec![w2])]);
}

#[test]
fn rule_11_1_joining_an_attack_across_the_wall_adds_no_other_enemy_beyond_it() {
    let s = before_the_town_wall();
    let (a, b, w1, w2) = (hex(&s, "3305"), hex(&s, "3306"), hex(&s, "3405"), hex(&s, "3406"));
    let mut g = legion_viii_to_shock(s);
    // VIII-2 attacks 3406 across the wall; VIII-1 joins it, and 3405,
    // beyond the same wall, is not added to that attack.
    let events =
        g.apply(Action::Combat(CombatAction::Designate { attacker: b, join: None })).unwrap();
    assert_eq!(designated(&events), vec![(0, vec![w2])]);
    let events =
        g.apply(Action::Combat(CombatAction::Designate { attacker: a, join: Some(0) })).unwrap();
    assert_eq!(designated(&events), vec![(0, vec![w2])], "no second enemy beyond the wall");
    assert!(legal(&g).contains(&Action::Combat(CombatAction::Done)));
    let c = g.state().state().turn.combat().unwrap().shock.clone().unwrap();
    assert!(c.attacks.iter().all(|k| !k.defender_hexes.contains(&w1)));
}

#[test]
fn rule_11_1_in_the_open_an_attacker_names_both_enemies_in_its_front() {
    // The same stacks on open ground (2005 facing twelve o'clock, both
    // front hexes in the open): the family's rule, both enemies attacked.
    let mut s = start();
    clear_around(&mut s, "2005", 3, Side::Adversary);
    place(&mut s, "VIII-1", "2005", Facing::Twelve);
    s.field.move_leader(lid(&s, "Fabius"), Some(hex(&s, "2005"))).unwrap();
    let at = hex(&s, "2005");
    let front: Vec<Hex> = Facing::Twelve.front().iter().map(|d| d.neighbor(at)).collect();
    s.field.move_unit(uid(&s, "Arverni-26"), front[0], Facing::Six).unwrap();
    s.field.move_unit(uid(&s, "Arverni-27"), front[1], Facing::Six).unwrap();
    let mut g = legion_viii_to_shock(s);
    let events =
        g.apply(Action::Combat(CombatAction::Designate { attacker: at, join: None })).unwrap();
    let named = designated(&events);
    assert_eq!(named.len(), 1);
    assert_eq!(named[0].1.len(), 2, "{named:?}");
}

#[test]
fn special_rules_elite_commanders_vercingetorix_heroic_presence_reaches_two_hexes() {
    use gboh_core::unit::UnitType;
    use gboh_simple::rules::shock::{Participants, drms};
    // An Arverni BI at 4305 (the woods' edge, where Critignatus's Arverni
    // stand) attacks VIII-1 at 4205.
    let mut s = start();
    clear_around(&mut s, "4305", 3, Side::Adversary);
    place(&mut s, "Arverni-26", "4305", Facing::Eight);
    place(&mut s, "VIII-1", "4205", Facing::Two);
    let (gaul, roman) = (uid(&s, "Arverni-26"), uid(&s, "VIII-1"));
    let leader_drm = |s: &GergoviaSimplified, attacking: bool| -> Vec<(String, i32, String)> {
        let p = if attacking {
            Participants::new(&s.field, vec![gaul], vec![roman])
        } else {
            Participants::new(&s.field, vec![roman], vec![gaul])
        };
        let weapons =
            if attacking { (UnitType::BI, UnitType::CO) } else { (UnitType::CO, UnitType::BI) };
        drms(&s.field, &p, false, weapons)
            .modifiers
            .iter()
            .filter(|m| m.what.contains("Charisma"))
            .map(|m| (m.rule.to_string(), m.drm.0, m.what.clone()))
            .collect()
    };
    let two_away = hex(&s, "4505");
    assert_eq!(two_away.unsigned_distance_to(hex(&s, "4305")), 2);
    assert_eq!(two_away.unsigned_distance_to(hex(&s, "4205")), 3);
    // Critignatus two hexes away gives nothing (the family's reach is 1).
    s.field.move_leader(lid(&s, "Critignatus"), Some(two_away)).unwrap();
    assert!(leader_drm(&s, true).is_empty());
    // Vercingetorix two hexes away: +1 attacking, -1 defending.
    s.field.move_leader(lid(&s, "Critignatus"), None).unwrap();
    s.field.move_leader(lid(&s, "Vercingetorix"), Some(two_away)).unwrap();
    let att = leader_drm(&s, true);
    assert_eq!(att.len(), 1, "{att:?}");
    assert_eq!(att[0].1, 1);
    assert!(
        att[0].0.contains("Elite commanders") && att[0].2.contains("within 2 hexes"),
        "{att:?}"
    );
    let def = leader_drm(&s, false);
    assert_eq!(def.iter().map(|d| d.1).collect::<Vec<_>>(), vec![-1], "{def:?}");
    // Three hexes away: beyond his presence.
    let three_away = hex(&s, "4605");
    assert_eq!(three_away.unsigned_distance_to(hex(&s, "4305")), 3);
    s.field.move_leader(lid(&s, "Vercingetorix"), Some(three_away)).unwrap();
    assert!(leader_drm(&s, true).is_empty());
    // Caesar "does not": two hexes from VIII-1, no DRM for the Romans.
    s.field.move_leader(lid(&s, "Caesar"), Some(hex(&s, "4005"))).unwrap();
    assert_eq!(hex(&s, "4005").unsigned_distance_to(hex(&s, "4205")), 2);
    assert!(leader_drm(&s, false).is_empty());
}

/// The Pre-Shock Checks of a Roman attack on Nitiobriges-1 at 3101 after
/// VIII-1 moves into contact, with the Nitiobriges `disordered` or not:
/// (the check's cite, its roll, the TQ, passed) for each seed.
fn check_on_the_nitiobriges(disordered: bool, seed: u64) -> Vec<(String, u8, u8, bool)> {
    let mut s = start();
    clear_around(&mut s, "3101", 5, Side::Adversary);
    clear_around(&mut s, "3101", 5, Side::Roman);
    place(&mut s, "Nitiobriges-1", "3101", Facing::Six);
    place(&mut s, "VIII-1", "2903", Facing::Twelve);
    s.field.move_leader(lid(&s, "Fabius"), Some(hex(&s, "2903"))).unwrap();
    // Alerted at an earlier activation, disordered until its next one.
    s.field.pieces_mut().camped = vec![1, 2];
    s.field.pieces_mut().disordered = if disordered { vec![0] } else { Vec::new() };
    let (u, gaul) = (uid(&s, "VIII-1"), hex(&s, "3101"));
    let mut g = Game::new(Battle::new(s), Dice::seeded(seed));
    g.apply(Action::Activate(Formation::Legion(0))).unwrap();
    let into_contact = legal(&g)
        .into_iter()
        .find(|a| match a {
            Action::Move { unit, to, facing } => {
                *unit == u
                    && facing.front().iter().any(|d| d.neighbor(*to) == gaul)
                    && !matches!(
                        g.state().state().setup().board.terrain(*to),
                        Some(gboh_core::board::Terrain::Woods)
                    )
            }
            _ => false,
        })
        .expect("VIII-1 can move into contact with 3101");
    g.apply(into_contact).unwrap();
    g.apply(Action::Combat(CombatAction::BeginShock)).unwrap();
    let mut out = Vec::new();
    for _ in 0..40 {
        let actions = legal(&g);
        let pick = actions
            .iter()
            .find(|a| matches!(a, Action::Combat(CombatAction::Designate { .. })))
            .or_else(|| actions.iter().find(|a| matches!(a, Action::Combat(CombatAction::Done))))
            .or_else(|| actions.first())
            .cloned();
        let Some(pick) = pick else { break };
        for e in g.apply(pick).unwrap() {
            if let Happened::Rule(gboh_simple::SimpleEvent::PreShockCheck { tq, passed, .. }) =
                e.what
            {
                out.push((e.rule.to_string(), e.rolls[0].face, tq, passed));
            }
        }
        if !out.is_empty() {
            break;
        }
    }
    out
}

#[test]
fn camped_gauls_a_disordered_tribe_adds_two_to_its_check_from_melee() {
    use gboh_gergovia::simplified::combat::DISORDERED_CHECK;
    let mut decided_by_the_two = false;
    for seed in 0..12 {
        let checks = check_on_the_nitiobriges(true, seed);
        assert_eq!(checks.len(), 1, "seed {seed}: {checks:?}");
        let (rule, face, tq, passed) = checks[0].clone();
        assert_eq!(rule, DISORDERED_CHECK);
        assert_eq!(passed, face + 2 <= tq, "seed {seed}: roll {face} + 2 against TQ {tq}");
        decided_by_the_two |= face <= tq && !passed;
        // Alerted and no longer disordered: the family's check, no DRM.
        let plain = check_on_the_nitiobriges(false, seed);
        let (rule, face, tq, passed) = plain[0].clone();
        assert_eq!(rule, "family 9.23");
        assert_eq!(passed, face <= tq, "seed {seed}");
    }
    assert!(decided_by_the_two, "no seed where the +2 turned a pass into a failure");
}

#[test]
fn camped_gauls_a_disordered_tribe_adds_one_to_its_fire() {
    use gboh_gergovia::simplified::tables::MissileColumn;
    use gboh_simple::rules::missile::Sighted;
    use gboh_simple::{ShotKind, ShotSpec};
    // The three camped tribes are BI without missiles, so this never comes
    // up in the battle: the modifier is checked on a shot as the engine
    // would describe it, from the Nitiobriges at 3101 into 2901.
    let mut s = start();
    let (firer, from, target) = (uid(&s, "Nitiobriges-1"), hex(&s, "3101"), hex(&s, "2901"));
    let spec =
        ShotSpec { firer, from, hits: 0, target, only: None, kind: ShotKind::Active, moved: false };
    let drm = |s: &GergoviaSimplified| {
        Simplified::shot_modifiers(&s.field, &spec, MissileColumn::Javelin, 2, Sighted::default())
            .iter()
            .filter(|m| m.rule == "Special Rules: Camped Gauls")
            .map(|m| m.drm.0)
            .sum::<i32>()
    };
    assert_eq!(drm(&s), 0, "camped, not yet alerted: not disordered in this version");
    s.field.pieces_mut().camped = vec![1, 2];
    s.field.pieces_mut().disordered = vec![0];
    assert_eq!(drm(&s), 1);
}

#[test]
fn rule_10_1_a_gallic_unit_entering_a_tower_destroys_its_scorpion() {
    let mut s = start();
    let (scorpion, tower) = s.setup().scorpions[3];
    assert_eq!(s.setup().board.label(tower).map(|l| l.to_string()).as_deref(), Some("0946"));
    // The first hex next to the tower outside the large camp, in board order.
    let board = &s.setup().board;
    let (outside, dir) = Direction::ALL
        .into_iter()
        .map(|d| (d.neighbor(tower), d))
        .filter(|&(h, _)| board.contains(h) && !board.in_area("Large camp", h))
        .min_by_key(|&(h, _)| board.index(h))
        .unwrap();
    // Every Roman but the scorpions away from the tower.
    for i in 0..s.setup().muster.units.len() {
        let u = Uid(i as u16);
        let near =
            s.field.unit(u).and_then(|x| x.at).is_some_and(|h| h.unsigned_distance_to(tower) <= 3);
        if near && s.setup().formation(u).unwrap() != "Towers" {
            s.field.remove_unit(u);
        }
    }
    let facing = Facing::ALL.into_iter().find(|f| f.front().contains(&dir.opposite())).unwrap();
    let gaul = uid(&s, "Arverni-26");
    s.field.move_unit(gaul, outside, facing).unwrap();
    s.field.move_leader(lid(&s, "Critignatus"), Some(outside)).unwrap();
    let mut g = Game::new(Battle::new(s), Dice::seeded(31));
    roman_idle(&mut g, Formation::Auxiliaries);
    g.apply(Action::Activate(Formation::Critignatus)).unwrap();
    // The towers' reaction shots at the Gaul within 7 hexes are declined.
    while matches!(g.state().pending(), Pending::Combat(_)) {
        g.apply(Action::Combat(CombatAction::Done)).unwrap();
    }
    // The scorpion holds the tower: no ordinary move goes in.
    let acts = legal(&g);
    assert!(!acts.iter().any(|a| matches!(a, Action::Move { to, .. } if *to == tower)));
    let enter = own(Own::EnterTower { unit: gaul, tower });
    assert!(acts.contains(&enter), "{acts:?}");
    let events = g.apply(enter).unwrap();
    assert!(
        specials(&events).contains(&SpecialEvent::ScorpionDestroyed {
            unit: gaul,
            scorpion,
            tower
        }),
        "{events:?}"
    );
    let st = g.state().state();
    assert_eq!(st.field.unit(gaul).unwrap().at, Some(tower));
    assert_eq!(st.field.unit(scorpion).unwrap().at, None);
    assert_eq!(st.field.unit(scorpion).unwrap().cohesion.status, Status::Eliminated);
    // The other towers fire on; this one never again.
    use gboh_simple::rules::reaction_windows::ReactionRules;
    assert!(st.free_shots_at(&[outside]).iter().all(|sh| sh.firer != scorpion));
    // The tower is taken: no scorpion is left there to destroy.
    assert!(
        !legal(&g)
            .iter()
            .any(|a| matches!(a, Action::Combat(CombatAction::Game(Own::EnterTower { .. }))))
    );
}

#[test]
fn gallic_starting_deployment_b_simplified_hidden_placement_is_an_option() {
    use gboh_core::unit::UnitId;
    use gboh_gergovia::scenario::ScenarioId;
    // Off by default.
    assert!(start().hidden_from(Side::Roman).is_empty());
    let s = start().with_hidden_placement(ScenarioId::Standard).unwrap();
    let hidden = s.hidden_from(Side::Roman);
    // The Arverni in the woods with Critignatus, and the 25 off the map.
    let (woods, off) = (uid(&s, "Arverni-26"), uid(&s, "Arverni-1"));
    assert!(hidden.contains(&woods) && hidden.contains(&off), "{hidden:?}");
    assert_eq!(hidden.len(), 40, "every Arverni BI, on and off the map");
    assert!(!hidden.contains(&uid(&s, "Nitiobriges-1")), "the camped tribes are in view");
    assert!(s.hidden_from(Side::Adversary).is_empty(), "the Gallic player wrote them down");
    // The Roman player's picture leaves them out; the Gallic one does not.
    let id = UnitId("Arverni-26".to_string());
    assert!(!s.deployment_for(Side::Roman).units.contains_key(&id));
    assert!(s.deployment_for(Side::Adversary).units.contains_key(&id));
}

#[test]
fn gallic_starting_deployment_b_simplified_a_roman_unit_adjacent_reveals_it_for_good() {
    use gboh_gergovia::scenario::ScenarioId;
    use gboh_gergovia::simplified::hidden::Reveal;
    let mut s = start().with_hidden_placement(ScenarioId::Standard).unwrap();
    let (woods, at) = (uid(&s, "Arverni-26"), hex(&s, "4301"));
    assert_eq!(s.field.unit(woods).unwrap().at, Some(at));
    let next = Direction::ALL
        .into_iter()
        .map(|d| d.neighbor(at))
        .find(|&h| s.setup().board.contains(h) && s.field.stack(h).is_empty())
        .unwrap();
    // A Cretan archer stands next to it: seen at once in the views.
    let archer = uid(&s, "Cretan archers-1");
    s.field.move_unit(archer, next, Facing::Twelve).unwrap();
    assert!(!s.hidden_from(Side::Roman).contains(&woods));
    // The next activation records it, reported under [b].
    let mut g = Game::new(Battle::new(s), Dice::seeded(41));
    let events = g.apply(Action::Activate(Formation::Auxiliaries)).unwrap();
    assert!(
        specials(&events).contains(&SpecialEvent::Revealed {
            unit: woods,
            at: Some(at),
            why: Reveal::RomanAdjacent
        }),
        "{events:?}"
    );
    let revealed = events
        .iter()
        .find(|e| matches!(e.what, Happened::Special(SpecialEvent::Revealed { .. })))
        .unwrap();
    assert_eq!(revealed.rule, "Gergovia, Gallic Starting Deployment [b]");
    // The archer going away does not hide it again.
    let mut after = g.state().state().clone();
    after.field.remove_unit(archer);
    assert!(!after.hidden_from(Side::Roman).contains(&woods));
    assert!(after.hidden_from(Side::Roman).contains(&uid(&after, "Arverni-40")), "4316, far off");
}

#[test]
fn gallic_starting_deployment_b_simplified_a_unit_entering_the_map_is_revealed() {
    use gboh_gergovia::scenario::ScenarioId;
    use gboh_gergovia::simplified::hidden::Reveal;
    let s = start().with_hidden_placement(ScenarioId::Standard).unwrap();
    let mut g = Game::new(Battle::new(s.clone()), Dice::seeded(42));
    roman_idle(&mut g, Formation::Auxiliaries);
    g.apply(Action::Activate(Formation::Vercingetorix { all_arverni: false })).unwrap();
    let first = s.arverni_off[0];
    assert!(g.state().state().hidden_from(Side::Roman).contains(&first));
    let events = g.apply(own(Own::Enter { unit: first, hex: hex(&s, "4001") })).unwrap();
    assert!(specials(&events).contains(&SpecialEvent::Revealed {
        unit: first,
        at: Some(hex(&s, "4001")),
        why: Reveal::Moved
    }));
    let st = g.state().state();
    assert!(!st.hidden_from(Side::Roman).contains(&first));
    // The ones still off the map stay hidden.
    assert!(st.hidden_from(Side::Roman).contains(&s.arverni_off[1]));
}
