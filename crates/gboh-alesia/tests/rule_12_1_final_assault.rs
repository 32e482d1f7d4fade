//! 12.1 The Final Assault: the scenario data, and the Roman deployment the
//! generator makes, checked rule by rule without the validator's help.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failing test panics

use gboh_alesia::game::AlesiaField;
use gboh_alesia::map::{Region, SiegeWorks};
use std::sync::Arc;

use gboh_alesia::game::{Battlefield, Membership, Setup, Uid};
use gboh_alesia::leader::Rank;
use gboh_alesia::map::areas;
use gboh_alesia::protocol::Alesia;
use gboh_alesia::scenario::{
    DeploymentRule, LeaderRequirement, MapEdge, Policy, Scenario, ScenarioId, SpecialRule,
    validate_deployment,
};
use gboh_core::Side;
use gboh_core::data::Provenance;
use gboh_core::unit::UnitType;
use hexx::Hex;

fn scenario() -> &'static Scenario {
    Scenario::final_assault().unwrap_or_else(|e| panic!("12.1 must load:\n{e}"))
}

fn setup() -> Arc<Setup> {
    Setup::shared().unwrap()
}

fn game() -> Alesia {
    scenario().initial_game(setup()).unwrap_or_else(|e| panic!("{e}"))
}

fn hex(label: &str) -> Hex {
    setup().board.hex_of(label).unwrap()
}

fn printed(rule: &str) -> Provenance {
    Provenance::Printed(rule.into())
}

/// Roman units on the map: (uid, hex, type).
fn romans(field: &Battlefield) -> Vec<(Uid, Hex, UnitType)> {
    let setup = field.setup();
    field
        .units()
        .iter()
        .enumerate()
        .filter_map(|(i, s)| {
            let uid = Uid(u16::try_from(i).unwrap());
            let info = setup.unit(uid)?;
            (info.side == Side::Roman).then_some(s.at).flatten().map(|h| (uid, h, info.unit_type()))
        })
        .collect()
}

#[test]
fn rule_12_1_the_scenario_prints_its_maps_forces_and_special_rules() {
    let s = scenario();
    assert_eq!((s.id.as_str(), s.rule.as_str()), ("final-assault", "12.1"));
    assert_eq!(s.maps.len(), 1);
    assert_eq!(s.maps[0].value, "West");
    assert_eq!(s.maps[0].provenance, printed("12.1"));
    let legions = &s.roman.legions;
    assert_eq!(legions.value.count, 6);
    assert!(legions.value.legates && legions.value.scorpiones && legions.value.aquilae);
    assert_eq!(legions.provenance, printed("12.1"));
    let units: Vec<(UnitType, u8, Option<&str>)> = s
        .roman
        .units
        .iter()
        .map(|u| (u.value.unit_type, u.value.count, u.value.from.as_deref()))
        .collect();
    assert_eq!(
        units,
        [
            (UnitType::LI, 4, Some("Numidian")),
            (UnitType::AR, 6, None),
            (UnitType::GC, 4, None),
            (UnitType::LC, 4, Some("Iberian")),
            (UnitType::Palintonos, 1, None),
        ]
    );
    assert!(s.roman.units.iter().all(|u| u.provenance == printed("12.1")));
    let leaders: Vec<LeaderRequirement> = s.roman.leaders.iter().map(|l| l.value.clone()).collect();
    assert_eq!(
        leaders,
        [
            LeaderRequirement::Named("Caesar".into()),
            LeaderRequirement::Rank(Rank::AreaCommander, 1),
            LeaderRequirement::Rank(Rank::CavalryPrefect, 3),
        ]
    );
    assert!(s.roman.reinforcements.value.is_empty(), "no reinforcements");
    assert_eq!(s.assault_periods(), 1);
    assert!(s.routed_are_eliminated());
    assert_eq!(s.roman_edge_distance(), Some(3));
    assert!(s.cavalry_restricted_to_camps());
    let ruling =
        s.special_rules.iter().find(|r| r.value == SpecialRule::CavalryRestrictedToCamps).unwrap();
    assert!(matches!(ruling.provenance, Provenance::Transcribed(_)));
}

#[test]
fn rule_12_1_the_gallic_forces_are_80_size_points_entering_by_areas_iii_to_vi() {
    let g = &scenario().gauls;
    assert_eq!(g.size_points.value, 80);
    assert!(g.all_units.value);
    assert_eq!(g.entry_areas.value, &areas::ENTRY_AREAS[2..]);
    assert_eq!(g.counters_per_activation.as_ref().unwrap().value, 3);
    let af = &g.alesia_force.value;
    assert_eq!(af.leader.as_str(), "Vercingetorix");
    assert_eq!(af.off_map, MapEdge::East);
    assert_eq!(af.entry, areas::ALESIA_FORCE_ENTRY);
    assert_eq!(g.unused_leaders.value, ["Critognatus".into()]);
    for item in [&g.size_points.provenance, &g.entry_areas.provenance] {
        assert_eq!(item, &printed("12.1"));
    }
    // The default pool is ours (the player chooses), within the cap.
    assert_eq!(g.default_relief.provenance, Provenance::Reconstructed);
    assert!(g.default_relief.note.is_some());
    let pool = scenario().relief_pool(&setup()).unwrap();
    assert!(pool.size_points <= 80, "{}", pool.size_points);
    assert_eq!(pool.cap, 80);
}

#[test]
fn rule_12_1_gallic_aggression_is_an_optional_policy() {
    let s = scenario();
    assert!(s.offers(Policy::GallicAggression));
    let p = &s.policies[0];
    assert!(p.value.optional);
    assert_eq!(p.provenance, printed("12.1"));
}

#[test]
fn rule_12_1_the_deployment_rules_are_all_there() {
    let rules: Vec<&DeploymentRule> = scenario().deployment_rules().collect();
    assert!(rules.contains(&&DeploymentRule::InsideVallations));
    assert!(rules.contains(&&DeploymentRule::NoAdjacentRampartInfantry));
    assert!(rules.contains(&&DeploymentRule::ScorpioNearLegion { hexes: 2 }));
    assert!(rules.contains(&&DeploymentRule::NotNorthOf {
        hexes: ["W5815", "W5915", "W5916", "W5917", "W5918"].map(hex).to_vec()
    }));
    assert!(rules.contains(&&DeploymentRule::RampartCovered {
        area: areas::OUTSIDE_RAMPART.into(),
        from: hex("W5714"),
        to: hex("W1832"),
    }));
    assert!(rules.contains(&&DeploymentRule::CavalryInCamps {
        areas: areas::CAVALRY_CAMPS.map(String::from).to_vec()
    }));
    assert!(rules.contains(&&DeploymentRule::LegionInCamp {
        area: areas::INFANTRY_CAMP.into(),
        legions: 1,
        scorpio_anywhere: true,
    }));
}

#[test]
fn rule_12_1_the_generated_deployment_passes_the_validator() {
    let g = game();
    let violations = validate_deployment(&g.field, scenario());
    assert!(violations.is_empty(), "{violations:#?}");
}

#[test]
fn rule_12_1_the_forces_on_the_map_are_the_scenarios() {
    let g = game();
    let units = romans(&g.field);
    let count = |t: UnitType| units.iter().filter(|u| u.2 == t).count();
    assert_eq!(count(UnitType::CO), 60, "six legions of ten cohorts");
    assert_eq!(count(UnitType::Scorpio), 6);
    assert_eq!(count(UnitType::LI), 4);
    assert_eq!(count(UnitType::AR), 6);
    assert_eq!(count(UnitType::GC), 4);
    assert_eq!(count(UnitType::LC), 4);
    assert_eq!(count(UnitType::Palintonos), 1);
    let setup = g.field.setup();
    let on_map = |rank: Rank| {
        g.field
            .leaders()
            .iter()
            .enumerate()
            .filter(|(i, l)| {
                l.at.is_some()
                    && setup.leader_is(gboh_alesia::game::Lid(u8::try_from(*i).unwrap()), rank)
            })
            .count()
    };
    assert_eq!(on_map(Rank::OverallCommander), 1, "Caesar");
    assert_eq!(on_map(Rank::AreaCommander), 1);
    assert_eq!(on_map(Rank::CavalryPrefect), 3);
    assert_eq!(on_map(Rank::Legate), 6);
    assert!(g.field.leader(setup.lid("Caesar").unwrap()).unwrap().at.is_some());
}

#[test]
fn rule_12_1_every_outer_rampart_hex_is_covered() {
    let g = game();
    let board = &g.field.setup().board;
    let guards: Vec<Hex> =
        romans(&g.field).into_iter().filter(|u| !u.2.is_artillery()).map(|u| u.1).collect();
    let rampart = board.area(areas::OUTSIDE_RAMPART).unwrap();
    assert_eq!(rampart.len(), 54);
    for &h in rampart.hexes() {
        assert!(
            guards.iter().any(|g| g.unsigned_distance_to(h) <= 1),
            "{} uncovered",
            board.label(h).unwrap()
        );
    }
    // W5714, the Hill end where the walk starts, is held.
    assert!(!g.field.stack(hex("W5714")).is_empty());
}

#[test]
fn rule_12_0_no_two_roman_infantry_stand_on_adjacent_rampart_hexes() {
    let g = game();
    let board = &g.field.setup().board;
    let infantry: Vec<Hex> = romans(&g.field)
        .into_iter()
        .filter(|u| matches!(u.2, UnitType::CO | UnitType::LI) && board.is_rampart(u.1))
        .map(|u| u.1)
        .collect();
    assert!(infantry.len() >= 27, "{}", infantry.len());
    for a in &infantry {
        for b in &infantry {
            assert_ne!(a.unsigned_distance_to(*b), 1);
        }
    }
}

#[test]
fn rule_6_61_rampart_towers_hold_one_infantry_and_one_archer_or_artillery() {
    let g = game();
    let board = &g.field.setup().board;
    let setup = g.field.setup();
    let mut towers = 0;
    for h in board.hexes().filter(|&h| board.is_rampart(h)) {
        let types: Vec<UnitType> =
            g.field.stack(h).iter().map(|u| setup.unit(u).unwrap().unit_type()).collect();
        if types.len() == 2 {
            towers += 1;
            assert!(types[0].is_infantry() && !types[0].is_archer(), "{types:?}");
            assert!(types[1].is_artillery() || types[1].is_archer(), "{types:?}");
        }
        assert!(types.len() <= 2);
    }
    // Five line legions' scorpiones, the Palintonos and six archers.
    assert_eq!(towers, 12);
}

#[test]
fn rule_12_1_all_inside_the_vallations_but_the_cavalry_in_its_camps() {
    let g = game();
    let board = &g.field.setup().board;
    for (uid, h, t) in romans(&g.field) {
        let id = &g.field.setup().unit(uid).unwrap().id;
        if t.is_cavalry() {
            assert!(areas::CAVALRY_CAMPS.iter().any(|a| board.in_area(a, h)), "{id} not in a camp");
        } else {
            assert_eq!(board.region(h), Some(Region::Inside), "{id}");
        }
    }
    // The cavalry uses the camps round: every camp has some.
    for camp in areas::CAVALRY_CAMPS {
        assert!(
            romans(&g.field).iter().any(|u| u.2.is_cavalry() && board.in_area(camp, u.1)),
            "{camp}"
        );
    }
}

#[test]
fn rule_12_1_no_roman_north_of_w5815_and_w5915_to_w5918() {
    let g = game();
    let board = &g.field.setup().board;
    let line = ["W5815", "W5915", "W5916", "W5917", "W5918"].map(hex);
    let pieces = romans(&g.field)
        .into_iter()
        .map(|u| u.1)
        .chain(g.field.leaders().iter().filter_map(|l| l.at));
    for h in pieces {
        assert!(!gboh_alesia::scenario::north_of(board, h, &line), "{}", board.label(h).unwrap());
    }
}

#[test]
fn rule_12_1_legion_scorpions_are_within_two_hexes_of_a_cohort() {
    let g = game();
    let setup = g.field.setup();
    let units = romans(&g.field);
    for &(uid, h, t) in &units {
        if t != UnitType::Scorpio {
            continue;
        }
        let legion = setup.unit(uid).unwrap().membership;
        let nearest = units
            .iter()
            .filter(|u| u.2 == UnitType::CO && setup.unit(u.0).unwrap().membership == legion)
            .map(|u| u.1.unsigned_distance_to(h))
            .min()
            .unwrap();
        assert!(nearest <= 2, "{}", setup.unit(uid).unwrap().id);
    }
}

#[test]
fn rule_12_1_one_legion_starts_inside_the_infantry_camp() {
    let g = game();
    let setup = g.field.setup();
    let board = &setup.board;
    let xi = setup.mix.legions().iter().position(|l| l.id == "XI").unwrap();
    let cohorts: Vec<Hex> = romans(&g.field)
        .into_iter()
        .filter(|u| {
            u.2 == UnitType::CO
                && setup.unit(u.0).unwrap().membership
                    == Membership::Legion(gboh_alesia::game::LegionIdx(u8::try_from(xi).unwrap()))
        })
        .map(|u| u.1)
        .collect();
    assert_eq!(cohorts.len(), 10);
    assert!(cohorts.iter().all(|&h| board.in_area(areas::INFANTRY_CAMP, h)));
}

#[test]
fn rule_12_1_the_outer_rampart_faces_outward() {
    let g = game();
    let board = &g.field.setup().board;
    for &h in board.area(areas::OUTSIDE_RAMPART).unwrap().hexes() {
        let Some(top) = g.field.stack(h).top() else {
            continue;
        };
        let facing = g.field.unit(top).unwrap().facing;
        let outward = facing
            .front()
            .iter()
            .filter_map(|&d| board.neighbor(h, d))
            .filter(|&n| board.region(n) == Some(Region::Outside))
            .count();
        assert!(outward >= 1, "{} faces {facing:?}", board.label(h).unwrap());
    }
}

#[test]
fn rule_12_1_the_gauls_are_off_the_map_and_act_first() {
    let g = game();
    let setup = g.field.setup();
    for (i, u) in g.field.units().iter().enumerate() {
        let info = setup.unit(Uid(u16::try_from(i).unwrap())).unwrap();
        if info.side == Side::Adversary {
            assert!(u.at.is_none(), "{}", info.id);
        }
    }
    assert!(g.field.counters().iter().all(|c| c.at.is_none()));
    for (i, l) in setup.leaders.iter().enumerate() {
        if l.side == Side::Adversary {
            assert!(g.field.leaders()[i].at.is_none(), "{}", l.id);
        }
    }
    assert_eq!(g.turn.play.to_act, Side::Adversary, "3.0: the Gauls go first");
    assert_eq!(g.turn.play.period, 1);
}

#[test]
fn rule_12_1_critognatus_is_not_used() {
    let g = game();
    let lid = g.field.setup().lid("Critognatus").unwrap();
    assert!(g.field.leader(lid).unwrap().dead);
    let v = g.field.setup().lid("Vercingetorix").unwrap();
    assert!(!g.field.leader(v).unwrap().dead);
}

#[test]
fn rule_12_1_the_relief_pool_is_the_default_80_size_points() {
    let s = scenario();
    let setup = setup();
    let pool = s.relief_pool(&setup).unwrap();
    let ids: Vec<&str> =
        pool.counters.iter().map(|c| setup.counters[c.index()].id.as_str()).collect();
    assert!(ids.contains(&"Cavalry-1") && ids.contains(&"Cavalry-2"), "{ids:?}");
    let total: u32 = pool.counters.iter().map(|c| u32::from(setup.counters[c.index()].size)).sum();
    assert_eq!(total, pool.size_points);
    assert_eq!(total, 80);
    // A player's own pool over the cap is refused, citing 12.1.
    let all: Vec<_> = (0..setup.counters.len())
        .map(|i| gboh_alesia::game::CounterIdx(u8::try_from(i).unwrap()))
        .collect();
    let err = s.check_relief(&setup, &all).unwrap_err();
    assert!(err.to_string().starts_with("12.1:"), "{err}");
}

#[test]
fn rule_12_1_deployment_is_deterministic_and_saves() {
    let a = game();
    let b = game();
    assert_eq!(a, b);
    let text = ron::to_string(&a).unwrap();
    let back: Alesia = ron::from_str(&text).unwrap();
    assert_eq!(back, a);
}

#[test]
fn rule_12_1_romans_never_move_within_three_hexes_of_an_outside_edge() {
    let s = scenario();
    let board = &setup().board;
    // From inside to W3904 (3 from the west edge): allowed; W3903 (2): not.
    assert!(s.roman_may_enter(board, hex("W3905"), hex("W3904")));
    assert!(!s.roman_may_enter(board, hex("W3904"), hex("W3903")));
    // The north camp lies within 3 of the north edge: its cavalry may move
    // as long as it comes no closer.
    assert!(s.roman_may_enter(board, hex("W6229"), hex("W6130")));
    assert!(!s.roman_may_enter(board, hex("W6229"), hex("W6329")));
}

#[test]
fn rule_12_0_scenarios_are_picked_by_name() {
    for id in ScenarioId::ALL {
        assert_eq!(id.to_string().parse::<ScenarioId>(), Ok(id));
        assert_eq!(id.scenario().unwrap().id, id.as_str());
    }
    assert!("final".parse::<ScenarioId>().is_err());
}
