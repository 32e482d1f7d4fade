//! Gergovia as a battle of the standard-family engine: the deployment placed
//! as the data gives it, the leaders' ratings and commands (4.2, 4.21, Gallic
//! Commands), 10.6 (no army withdrawal) and the victory points counted live
//! from the field (Victory), all on the real Gergovia map.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing, clippy::panic)]

use std::sync::Arc;

use gboh_core::Side;
use gboh_gergovia::battle::{self, BattleId, NO_WITHDRAWAL};
use gboh_gergovia::scenario::{self, Position, ScenarioId};
use gboh_gergovia::standard::Gergovia;
use gboh_gergovia::{counters, map};
use gboh_standard::state::{Field, LeaderStatus, UnitStatus};
use gboh_standard::{Battle, StandardGame};

fn field(id: BattleId) -> Field {
    Field::new(Arc::new(battle::battle(id).unwrap().scenario.clone()))
}

fn unit(f: &Field, id: &str) -> usize {
    (0..f.units.len()).find(|&u| f.def(u).unwrap().id.as_str() == id).unwrap()
}

fn leader(f: &Field, name: &str) -> usize {
    (0..f.leaders.len()).find(|&l| f.leader_def(l).unwrap().name == name).unwrap()
}

fn hex(label: &str) -> hexx::Hex {
    map::board().unwrap().hex_of(label).unwrap()
}

#[test]
fn units_and_deployment_every_piece_stands_where_the_deployment_places_it() {
    for (id, sid) in [
        (BattleId::Standard, ScenarioId::Standard),
        (BattleId::Alternative, ScenarioId::Alternative),
    ] {
        let board = map::board().unwrap();
        let mix = counters::counters().unwrap();
        let d = scenario::scenario(sid).unwrap().default_deployment(board, mix).unwrap();
        let b = battle::battle(id).unwrap();
        let f = field(id);
        let mut on_map = 0;
        for (uid, pos) in &d.units {
            match pos {
                Position::Hex(h) => {
                    on_map += 1;
                    let u = unit(&f, uid.as_str());
                    assert_eq!(f.units[u].hex, *h, "{uid}");
                }
                Position::OffMap => {
                    assert!(b.off_map.contains(&uid.to_string()), "{uid}");
                    // Gallic Reinforcements: on the engine's field, waiting.
                    let u = unit(&f, uid.as_str());
                    assert_eq!(f.units[u].hex, gboh_gergovia::reinforcements::WAITING, "{uid}");
                    assert!(b.held.contains(&u), "{uid}");
                }
            }
        }
        assert_eq!(f.units.len(), on_map + b.off_map.len());
        assert_eq!(f.units.len(), d.units.len());
        // Gallic Starting Deployment: at least 25 Arverni BI off the map with Vercingetorix.
        assert!(b.off_map.len() >= 25);
        assert_eq!(b.off_map_leaders, vec!["Vercingetorix".to_owned()]);
        // Roman Starting Deployment: Legion VIII in 2712-2716 and 2613-2617.
        let viii: Vec<String> = (0..f.units.len())
            .filter(|&u| f.def(u).unwrap().group.as_deref() == Some("VIII"))
            .map(|u| f.label(f.units[u].hex))
            .collect();
        for l in ["2712", "2716", "2613", "2617"] {
            assert!(viii.contains(&l.to_owned()), "{l} in {viii:?}");
        }
    }
    // The alternative deployment leaves out Legion XI and Caninius.
    let f = field(BattleId::Alternative);
    assert!((0..f.units.len()).all(|u| f.def(u).unwrap().group.as_deref() != Some("XI")));
    assert!((0..f.leaders.len()).all(|l| f.leader_def(l).unwrap().name != "Caninius"));
}

#[test]
fn elite_commanders_caesar_has_initiative_4_and_is_the_overall_commander() {
    let f = field(BattleId::Standard);
    let c = f.leader_def(leader(&f, "Caesar")).unwrap();
    assert_eq!(c.initiative, 4);
    assert!(c.overall);
    assert_eq!(c.side, Side::Roman);
    // Every rating comes from leaders.ron, none typed here.
    let mix = counters::counters().unwrap();
    for l in 0..f.leaders.len() {
        let d = f.leader_def(l).unwrap();
        let data = mix.leader(&d.name).unwrap();
        assert_eq!(Some(d.initiative), data.initiative, "{}", d.name);
        assert_eq!(Some(d.command_range), data.command_range, "{}", d.name);
        assert_eq!(d.strategy, data.strategy, "{}", d.name);
    }
}

#[test]
fn rule_4_2_gallic_commands_each_leader_orders_only_his_formations() {
    let f = field(BattleId::Standard);
    let g = Gergovia::default();
    let may = |l: &str, u: &str| g.may_command(&f, leader(&f, l), unit(&f, u));
    // Legates their legion only.
    assert!(may("Fabius", "VIII-1"));
    assert!(!may("Fabius", "X-1"));
    assert!(may("Antistius", "X-3"));
    // Caesar (OC) any Roman unit, the auxiliaries too (4.21: Numidian LI).
    assert!(may("Caesar", "X-1"));
    assert!(may("Caesar", "Numidian LI-1"));
    assert!(!may("Fabius", "Numidian LI-1"), "4.21: auxiliaries are not a legate's");
    // Manucius the cavalry, Convictolitavus the Aedui.
    assert!(may("Manucius", "Gallic LN-1"));
    assert!(!may("Manucius", "Aedui-1"));
    assert!(may("Convictolitavus", "Aedui-1"));
    // Gallic Commands: tribal leaders command only their own tribes.
    assert!(may("Teutmatus", "Nitiobriges-1"));
    assert!(!may("Teutmatus", "Carnutes-1"));
    assert!(may("Vercassivellaunus", "Arverni cavalry-1"));
    assert!(!may("Vercassivellaunus", "Bituriges-1"));
    // Arverni Archers: no leader at the start. Vercingetorix "commands all
    // Gallic units", but he is off the map: he must pass until he enters
    // (Gallic Reinforcements).
    let archers = (0..f.units.len())
        .find(|&u| f.def(u).unwrap().group.as_deref() == Some("Arverni archers"))
        .unwrap();
    let v = leader(&f, "Vercingetorix");
    assert!((0..f.leaders.len()).filter(|&l| l != v).all(|l| !g.may_command(&f, l, archers)));
    assert!(g.must_pass(&f, v).is_some());
}

#[test]
fn rule_10_6_army_rout_is_removed_no_withdrawal_level_can_be_reached() {
    let (b, _) = Battle::new(Gergovia::default(), "Gergovia").unwrap();
    assert_eq!(b.field().scenario.withdrawal.roman, NO_WITHDRAWAL);
    assert_eq!(b.field().scenario.withdrawal.adversary, NO_WITHDRAWAL);
    assert_eq!(b.withdrawal(), None);
    assert_eq!(
        Gergovia::section(gboh_standard::RuleRef::Withdrawal),
        "Gergovia 10.6 (army rout removed)"
    );
}

#[test]
fn victory_points_are_counted_from_the_field() {
    let mut f = field(BattleId::Standard);
    let g = Gergovia::default();
    let t = g.tally(&f).unwrap();
    assert_eq!((t.rome.total, t.gaul.total), (0, 0));
    // A Gallic unit destroyed: Rome 1.
    let carn = unit(&f, "Carnutes-1");
    f.units[carn].status = UnitStatus::Eliminated;
    // A Roman cohort in Gergovia (3801): Rome 2.
    let x1 = unit(&f, "X-1");
    f.units[x1].hex = hex("3801");
    // A Roman cohort routed: Gaul 1.
    let x2 = unit(&f, "X-2");
    f.units[x2].status = UnitStatus::Routed;
    // A dead legate: Gaul 2.
    let fab = leader(&f, "Fabius");
    f.leaders[fab].status = LeaderStatus::Dead;
    let t = g.tally(&f).unwrap();
    assert_eq!((t.rome.total, t.gaul.total), (1 + 2, 1 + 2));
    // 3801, 3802 and 3901 all held: 3 more, and each unit in the town 2.
    for (id, at) in [("X-3", "3802"), ("X-4", "3901")] {
        let u = unit(&f, id);
        f.units[u].hex = hex(at);
    }
    let t = g.tally(&f).unwrap();
    assert_eq!(t.rome.total, 1 + 3 * 2 + 3);
    // A Gallic unit in a Roman camp: Gaul 1 (2 for the dead legate, 1 for X-2).
    let nit = unit(&f, "Nitiobriges-1");
    let camp = map::board().unwrap().area(map::areas::LARGE_CAMP).unwrap().hexes()[0];
    f.units[nit].hex = camp;
    assert_eq!(g.tally(&f).unwrap().gaul.total, 1 + 2 + 1);
}

use crate::support;

/// Elite Commanders: "Point 5.5 also applies to him: he may use elite
/// command only in turn one." Caesar is Elite in turn 1, not after; the
/// engine offers Rome the Elite Orders Phase (SPQR 5.5) at the start of turn
/// 1 and never in turn 2.
#[test]
fn elite_commanders_caesar_has_elite_command_only_in_turn_one() {
    use gboh_core::game::Rules;
    use gboh_standard::Action;
    let mut f = field(BattleId::Standard);
    let g = Gergovia::default();
    let caesar = leader(&f, "Caesar");
    assert!(g.is_elite(&f, caesar));
    f.turn = 2;
    assert!(!g.is_elite(&f, caesar));
    for name in ["Fabius", "Critignatus"] {
        f.turn = 1;
        assert!(!g.is_elite(&f, leader(&f, name)), "{name}");
    }
    let elite_offered = |b: &Battle<Gergovia>| {
        let mut legal = Vec::new();
        b.legal_actions(&mut legal);
        legal.iter().any(|a| matches!(a, Action::ElitePhase { leader } if *leader == caesar))
    };
    let (b, _) = Battle::new(Gergovia::default(), "Gergovia").unwrap();
    let mut game = gboh_core::game::Game::new(b, gboh_core::dice::Dice::seeded(52));
    if game.legal_actions() == vec![Action::RollOff] {
        game.apply(Action::RollOff).unwrap();
    }
    // C:CoG 5.6 (Reconstructed): the auxiliary phases come first; declined.
    while matches!(game.pending(), gboh_standard::Pending::Auxiliares { .. }) {
        game.apply(Action::Decline).unwrap();
    }
    let b = game.state();
    assert!(elite_offered(b), "turn 1 opens with Caesar's Elite phase: {:?}", b.pending());
    // Through turn 2, never.
    let mut seen_turn_2 = false;
    let _ = support::play_until(52, |b, _| {
        if b.field().turn == 2 {
            seen_turn_2 = true;
            assert!(!elite_offered(b));
        }
        b.field().turn >= 3
    });
    assert!(seen_turn_2);
}

#[test]
fn victory_the_threshold_event_names_rome_or_gaul() {
    use gboh_gergovia::standard::GergoviaEvent;
    use gboh_standard::narrate::Narrate;
    let f = field(BattleId::Standard);
    let e = GergoviaEvent::ThresholdReached { side: Side::Adversary, points: 26, threshold: 25 };
    assert_eq!(e.sentence(&f), "Gaul reaches 26 victory points (needs 25) and wins");
    let e = GergoviaEvent::VictoryPoints { rome: 3, gaul: 1 };
    assert_eq!(e.sentence(&f), "victory points: Rome 3, Gaul 1");
}
