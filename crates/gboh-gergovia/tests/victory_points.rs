//! Victory points counted against the printed figures ("Victory",
//! "Victory (Simplified)").

#![allow(clippy::expect_used, clippy::unwrap_used, clippy::panic)] // a failing test panics

use gboh_core::Side;
use gboh_core::board::Board;
use gboh_core::unit::UnitId;
use gboh_gergovia::counters::{self, Counters};
use gboh_gergovia::map::{self, areas};
use gboh_gergovia::victory::{self, Award, Situation, Tally, Version, Victory, VictoryError};
use hexx::Hex;

fn all() -> (&'static Board, &'static Counters, &'static Victory) {
    (
        map::board().unwrap_or_else(|e| panic!("{e}")),
        counters::counters().unwrap_or_else(|e| panic!("{e}")),
        victory::victory().unwrap_or_else(|e| panic!("{e}")),
    )
}

fn count(version: Version, s: &Situation) -> Tally {
    let (b, m, v) = all();
    v.count(version, b, m, s).unwrap_or_else(|e| panic!("{e}"))
}

fn ids(list: &[&str]) -> Vec<UnitId> {
    list.iter().map(|s| UnitId::from(*s)).collect()
}

fn hex(l: &str) -> Hex {
    all().0.hex_of(l).unwrap_or_else(|| panic!("{l}"))
}

fn line(t: &gboh_gergovia::victory::SideTally, award: Award) -> u32 {
    t.lines.iter().find(|l| l.award == award).map_or(0, |l| l.vp)
}

#[test]
fn victory_thresholds_rome_35_gaul_25_french_edition_30() {
    let (_, _, v) = all();
    for version in [&v.standard, &v.simplified] {
        assert_eq!(version.rome.threshold.value, 35);
        assert_eq!(version.gaul.threshold.value, 25);
        assert_eq!(version.gaul.french_edition_threshold.as_ref().map(|t| t.value), Some(30));
        assert!(
            version.rome.threshold.provenance.is_printed()
                && version.gaul.threshold.provenance.is_printed()
        );
        assert!(
            version
                .rome
                .awards
                .iter()
                .chain(&version.gaul.awards)
                .all(|a| a.provenance.is_printed())
        );
    }
}

#[test]
fn roman_victory_points_as_printed() {
    let s = Situation {
        destroyed: ids(&["Arverni-1", "Arverni-2", "Carnutes-1"]),
        dead_leaders: vec!["Teutmatus".into(), "Vercingetorix".into()],
        on_map: vec![("VIII-1".into(), hex("3805")), ("VIII-2".into(), hex("3806"))],
        ..Situation::default()
    };
    let t = count(Version::Standard, &s);
    assert_eq!(line(&t.rome, Award::EnemyUnitDestroyed), 3, "1 for each Gallic unit destroyed");
    assert_eq!(line(&t.rome, Award::EnemyLeaderKilled), 2, "2 for each dead Gallic leader");
    assert_eq!(line(&t.rome, Award::EnemyCommanderKilled), 5, "5 for a dead Vercingetorix");
    assert_eq!(line(&t.rome, Award::UnitInGergovia), 4, "2 for each Roman unit in Gergovia");
    assert_eq!(t.rome.total, 14);
    assert_eq!(t.gaul.total, 0);
    assert_eq!(
        t.to_string(),
        "Rome: 14/35 VP (3 enemy units destroyed: 3; 1 enemy leaders dead: 2; \
         1 enemy overall commander dead: 5; 2 units in Gergovia: 4)\nGaul: 0/25 VP"
    );
}

#[test]
fn roman_victory_3801_3802_and_3901_count_only_all_three() {
    let two = vec![("X-1".into(), hex("3801")), ("X-2".into(), hex("3802"))];
    let t = count(Version::Standard, &Situation { on_map: two.clone(), ..Situation::default() });
    assert_eq!(line(&t.rome, Award::TownObjectiveHeld), 0);
    assert_eq!(t.rome.total, 4, "two units in Gergovia");
    let mut three = two;
    three.push(("X-3".into(), hex("3901")));
    let t = count(Version::Standard, &Situation { on_map: three.clone(), ..Situation::default() });
    assert_eq!(line(&t.rome, Award::TownObjectiveHeld), 3);
    assert_eq!(t.rome.total, 3 * 2 + 3);
    // Gallic units there do not give Rome the objective.
    let gauls = vec![
        ("Arverni-1".into(), hex("3801")),
        ("Arverni-2".into(), hex("3802")),
        ("Arverni-3".into(), hex("3901")),
    ];
    let t = count(Version::Standard, &Situation { on_map: gauls, ..Situation::default() });
    assert_eq!(t.rome.total, 0);
}

#[test]
fn gallic_victory_points_as_printed() {
    let (board, _, _) = all();
    let camp =
        board.area(areas::LARGE_CAMP).map(|a| a.hexes()[0]).unwrap_or_else(|| panic!("camp"));
    let small =
        board.area(areas::SMALL_CAMP).map(|a| a.hexes()[0]).unwrap_or_else(|| panic!("camp"));
    let s = Situation {
        // A cohort both exhausted and routed counts once; a destroyed one's
        // exhaustion does not count.
        weakened: ids(&["X-1", "X-1", "X-2", "XIII-1"]),
        destroyed: ids(&["XIII-1", "VIII-5", "Cretan archers-1"]),
        dead_leaders: vec!["Fabius".into(), "Caesar".into()],
        captured_eagles: ids(&["VIII-Aquila"]),
        on_map: vec![("Arverni-1".into(), camp), ("Nitiobriges-1".into(), small)],
    };
    let t = count(Version::Standard, &s);
    assert_eq!(
        line(&t.gaul, Award::EnemyUnitWeakened),
        2,
        "X-1 and X-2, once each; XIII-1 was destroyed"
    );
    assert_eq!(line(&t.gaul, Award::EnemyUnitDestroyed), 4, "2 for each Roman unit destroyed");
    assert_eq!(line(&t.gaul, Award::EnemySkirmisherDestroyed), 1, "1 for a skirmisher");
    assert_eq!(line(&t.gaul, Award::EnemyLeaderKilled), 2);
    assert_eq!(line(&t.gaul, Award::EnemyCommanderKilled), 5, "5 for a dead Caesar");
    assert_eq!(line(&t.gaul, Award::UnitInRomanCamp), 2, "1 for each Gallic unit in a Roman camp");
    assert_eq!(line(&t.gaul, Award::EagleCaptured), 2);
    assert_eq!(t.gaul.total, 2 + 4 + 1 + 2 + 5 + 2 + 2);
    assert_eq!(t.winner(), None, "18 < 25");
}

#[test]
fn simplified_victory_has_no_skirmisher_line_and_no_eagles() {
    let s = Situation {
        destroyed: ids(&["Cretan archers-1"]),
        captured_eagles: ids(&["VIII-Aquila"]),
        weakened: ids(&["XI-1"]),
        ..Situation::default()
    };
    let t = count(Version::Simplified, &s);
    assert_eq!(line(&t.gaul, Award::EnemyUnitDestroyed), 2, "every destroyed unit is worth 2");
    assert_eq!(line(&t.gaul, Award::EagleCaptured), 0);
    assert_eq!(line(&t.gaul, Award::EnemyUnitWeakened), 1, "1 for each weakened Roman unit");
    assert_eq!(t.gaul.total, 3);
}

#[test]
fn the_first_to_reach_the_threshold_wins() {
    let gauls: Vec<String> = (1..=35).map(|n| format!("Arverni-{n}")).collect();
    let s = Situation {
        destroyed: gauls.iter().map(|s| UnitId::from(s.as_str())).collect(),
        ..Situation::default()
    };
    let t = count(Version::Standard, &s);
    assert_eq!(t.rome.total, 35);
    assert_eq!(t.winner(), Some(Side::Roman));
    let romans: Vec<UnitId> = ["VIII", "X"]
        .iter()
        .flat_map(|l| (1..=7).map(move |n| UnitId(format!("{l}-{n}"))))
        .collect();
    let t = count(
        Version::Standard,
        &Situation { destroyed: romans[..13].to_vec(), ..Situation::default() },
    );
    assert_eq!(t.gaul.total, 26);
    assert_eq!(t.winner(), Some(Side::Adversary));
}

#[test]
fn the_standard_deployment_scores_nothing() {
    let (b, m, _) = all();
    let s = gboh_gergovia::scenario::scenario(gboh_gergovia::scenario::ScenarioId::Standard)
        .unwrap_or_else(|e| panic!("{e}"));
    let d = s.default_deployment(b, m).unwrap_or_else(|e| panic!("{e}"));
    let t = count(Version::Standard, &Situation { on_map: d.on_map(), ..Situation::default() });
    assert_eq!((t.rome.total, t.gaul.total), (0, 0));
}

#[test]
fn unknown_pieces_are_errors_not_panics() {
    let (b, m, v) = all();
    let bad = Situation { destroyed: ids(&["Helvetii-1"]), ..Situation::default() };
    assert_eq!(
        v.count(Version::Standard, b, m, &bad),
        Err(VictoryError::UnknownUnit("Helvetii-1".into()))
    );
    let bad = Situation { dead_leaders: vec!["Ralph".into()], ..Situation::default() };
    assert_eq!(
        v.count(Version::Standard, b, m, &bad),
        Err(VictoryError::UnknownLeader("Ralph".into()))
    );
    let bad = Situation { captured_eagles: ids(&["VIII-1"]), ..Situation::default() };
    assert_eq!(
        v.count(Version::Standard, b, m, &bad),
        Err(VictoryError::NotAnEagle("VIII-1".into()))
    );
    let bad =
        Situation { on_map: vec![("VIII-1".into(), Hex::new(500, 500))], ..Situation::default() };
    assert_eq!(
        v.count(Version::Standard, b, m, &bad),
        Err(VictoryError::OffTheMap("VIII-1".into()))
    );
}
