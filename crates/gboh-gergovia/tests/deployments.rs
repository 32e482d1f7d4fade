//! Both deployments of "Units and Deployment" place every unit legally (on
//! the map or off it where printed, in its zone, within the stacking limits),
//! and every kind of illegal placement is reported.

#![allow(clippy::expect_used, clippy::unwrap_used, clippy::panic)] // a failing test panics

use gboh_core::board::Board;
use gboh_core::unit::UnitId;
use gboh_gergovia::counters::{self, Counters};
use gboh_gergovia::map::{self, areas};
use gboh_gergovia::scenario::{self, Deployment, Position, Scenario, ScenarioId, Violation};
use hexx::Hex;

fn setup(id: ScenarioId) -> (&'static Board, &'static Counters, &'static Scenario, Deployment) {
    let board = map::board().unwrap_or_else(|e| panic!("{e}"));
    let mix = counters::counters().unwrap_or_else(|e| panic!("{e}"));
    let s = scenario::scenario(id).unwrap_or_else(|e| panic!("{e}"));
    let d = s.default_deployment(board, mix).unwrap_or_else(|e| panic!("{e}"));
    (board, mix, s, d)
}

fn hex(board: &Board, l: &str) -> Hex {
    board.hex_of(l).unwrap_or_else(|| panic!("{l}"))
}

fn at(d: &Deployment, id: &str) -> Position {
    *d.units.get(&UnitId::from(id)).unwrap_or_else(|| panic!("{id} not deployed"))
}

#[test]
fn both_deployments_place_every_piece_legally() {
    for id in ScenarioId::ALL {
        let (board, mix, s, d) = setup(id);
        let v = s.check(board, mix, &d);
        assert!(v.is_empty(), "{id}: {v:#?}");
        // Every unit on the map stands on a map hex.
        for (uid, p) in &d.units {
            if let Position::Hex(h) = p {
                assert!(board.contains(*h), "{uid}");
            }
        }
    }
}

#[test]
fn roman_starting_deployment_printed_hexes() {
    let (board, _, _, d) = setup(ScenarioId::Standard);
    let viii: Vec<Hex> = (1..=10)
        .map(|n| match at(&d, &format!("VIII-{n}")) {
            Position::Hex(h) => h,
            Position::OffMap => panic!("VIII off the map"),
        })
        .collect();
    let printed: Vec<Hex> =
        ["2712", "2713", "2714", "2715", "2716", "2613", "2614", "2615", "2616", "2617"]
            .iter()
            .map(|l| hex(board, l))
            .collect();
    for h in &printed {
        assert!(viii.contains(h), "a cohort of VIII in every printed hex");
    }
    for (n, l) in ["2814", "2818", "2822"].iter().enumerate() {
        assert_eq!(at(&d, &format!("Cretan archers-{}", n + 1)), Position::Hex(hex(board, l)));
    }
    // Caesar with or adjacent to a unit of VIII or X.
    let Some(Position::Hex(c)) = d.leaders.get("Caesar").copied() else { panic!("Caesar") };
    assert!(printed.iter().any(|h| h.unsigned_distance_to(c) <= 1));
    // Legions XI and XIII in the small camp, two units per hex.
    for n in 1..=10 {
        for legion in ["XI", "XIII"] {
            let Position::Hex(h) = at(&d, &format!("{legion}-{n}")) else { panic!() };
            assert!(board.in_area(areas::SMALL_CAMP, h));
        }
    }
    // The large camp holds XIV, XV, the Numidian archers and LI.
    for id in ["XIV-1", "XV-10", "Numidian archers-3", "Numidian LI-8"] {
        let Position::Hex(h) = at(&d, id) else { panic!() };
        assert!(board.in_area(areas::LARGE_CAMP, h), "{id}");
    }
}

#[test]
fn gallic_starting_deployment_zones() {
    let (board, mix, _, d) = setup(ScenarioId::Standard);
    let off =
        mix.units_of("Arverni").filter(|u| d.units.get(&u.id) == Some(&Position::OffMap)).count();
    assert!(off >= 25, "at least 25 Arverni BI off the map");
    assert_eq!(d.leaders.get("Vercingetorix"), Some(&Position::OffMap));
    for u in mix.units_of("Arverni").filter(|u| d.units.get(&u.id) != Some(&Position::OffMap)) {
        let Some(Position::Hex(h)) = d.units.get(&u.id) else { panic!() };
        assert!(map::in_northern_woods(board, *h), "{}", u.id);
    }
    for u in mix.units_of("Arverni archers") {
        let Some(Position::Hex(h)) = d.units.get(&u.id) else { panic!() };
        assert!(board.in_area(areas::GERGOVIA, *h));
    }
    for tribe in ["Nitiobriges", "Carnutes", "Bituriges"] {
        for u in mix.units_of(tribe) {
            let Some(Position::Hex(h)) = d.units.get(&u.id) else { panic!() };
            assert!(board.in_area(areas::GALLIC_CAMP, *h), "{}", u.id);
        }
    }
    let c = hex(board, "4630");
    for u in mix.units_of("Arverni cavalry") {
        let Some(Position::Hex(h)) = d.units.get(&u.id) else { panic!() };
        assert!(h.unsigned_distance_to(c) <= 2);
    }
}

#[test]
fn alternative_deployment_leaves_out_xi_and_caninius_and_delays_vercingetorix() {
    let (_, _, s, d) = setup(ScenarioId::Alternative);
    assert!(!d.units.keys().any(|u| u.as_str().starts_with("XI-")));
    assert!(!d.eagles.contains_key("XI-Aquila"));
    assert!(!d.leaders.contains_key("Caninius"));
    assert_eq!(s.excluded_formations, ["XI"]);
    assert_eq!((s.vercingetorix_entry.standard, s.vercingetorix_entry.simplified), (2, 3));
    assert!(s.vercingetorix_entry.provenance.is_printed());
    let std = scenario::scenario(ScenarioId::Standard).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!((std.vercingetorix_entry.standard, std.vercingetorix_entry.simplified), (1, 1));
}

#[test]
fn simplified_deploys_as_standard_without_the_aquilae() {
    let (board, mix, s, d) = setup(ScenarioId::Standard);
    assert_eq!(d.eagles.len(), 6);
    let simplified = d.without_eagles();
    assert!(simplified.eagles.is_empty());
    assert_eq!(simplified.units, d.units);
    // The check of the standard deployment misses the eagles.
    assert_eq!(s.check(board, mix, &simplified).len(), 6);
}

#[test]
fn hidden_placement_is_an_option_for_the_units_marked_b() {
    for id in ScenarioId::ALL {
        let (_, _, s, _) = setup(id);
        assert!(s.hidden_placement.available && s.hidden_placement.provenance.is_printed());
        assert_eq!(
            s.hidden_placement.placements,
            ["Arverni with Vercingetorix", "Arverni with Critignatus"]
        );
        assert!(s.facing.any);
    }
    // Every Arverni BI and their two leaders, nothing else.
    let (_, mix, s, d) = setup(ScenarioId::Standard);
    let hideable = s.hideable(mix, &d);
    assert_eq!(hideable.len(), mix.units_of("Arverni").count() + 2);
    assert!(
        hideable
            .iter()
            .all(|p| p.starts_with("Arverni-") || p == "Vercingetorix" || p == "Critignatus")
    );
}

#[test]
fn violations_out_of_zone_overstacked_missing_too_few_and_foreign() {
    let (board, mix, s, d) = setup(ScenarioId::Standard);
    // Out of zone.
    let mut bad = d.clone();
    bad.units.insert("VIII-2".into(), Position::Hex(hex(board, "2412")));
    assert!(
        matches!(s.check(board, mix, &bad).as_slice(), [Violation::OutOfZone { piece, at, .. }] if piece == "VIII-2" && at == "2412")
    );
    // Overstacked: two Cretan archers in 2814 (and one out of its hex).
    let mut bad = d.clone();
    bad.units.insert("Cretan archers-2".into(), Position::Hex(hex(board, "2814")));
    let v = s.check(board, mix, &bad);
    assert!(
        v.iter().any(
            |x| matches!(x, Violation::Overstacked { at, count: 2, limit: 1 } if at == "2814")
        ),
        "{v:?}"
    );
    // Three units in a small-camp hex.
    let mut bad = d.clone();
    let Position::Hex(h) = at(&d, "XI-1") else { panic!() };
    bad.units.insert("XIII-10".into(), Position::Hex(h));
    assert!(
        s.check(board, mix, &bad)
            .iter()
            .any(|x| matches!(x, Violation::Overstacked { limit: 2, .. }))
    );
    // Missing.
    let mut bad = d.clone();
    bad.units.remove(&UnitId::from("X-3"));
    bad.leaders.remove("Vortex");
    let v = s.check(board, mix, &bad);
    assert!(
        v.contains(&Violation::Missing("X-3".into()))
            && v.contains(&Violation::Missing("Vortex".into()))
    );
    // Too few off the map: bring one of the 25 into the woods.
    let mut bad = d.clone();
    let woods = board.hexes().find(|h| {
        map::in_northern_woods(board, *h) && !d.units.values().any(|p| *p == Position::Hex(*h))
    });
    bad.units.insert(
        "Arverni-1".into(),
        Position::Hex(woods.unwrap_or_else(|| panic!("a free woods hex"))),
    );
    let v = s.check(board, mix, &bad);
    assert!(
        v.iter().any(|x| matches!(x, Violation::TooFew { needed: 25, count: 24, .. })),
        "{v:?}"
    );
    // An eagle away from its legion.
    let mut bad = d.clone();
    bad.eagles.insert("X-Aquila".into(), Position::Hex(hex(board, "0101")));
    assert_eq!(s.check(board, mix, &bad), [Violation::EagleAlone("X-Aquila".into())]);
    // A piece the alternative deployment leaves out.
    let alt = scenario::scenario(ScenarioId::Alternative).unwrap_or_else(|e| panic!("{e}"));
    let v = alt.check(board, mix, &d);
    assert!(
        v.contains(&Violation::NotInScenario("XI-1".into()))
            && v.contains(&Violation::NotInScenario("Caninius".into()))
    );
    // Caesar far from the assault legions.
    let mut bad = d.clone();
    bad.leaders.insert("Caesar".into(), Position::Hex(hex(board, "0101")));
    assert!(
        matches!(s.check(board, mix, &bad).as_slice(), [Violation::OutOfZone { piece, .. }] if piece == "Caesar")
    );
    // Messages cite the section.
    assert!(Violation::Missing("X-3".into()).to_string().starts_with("units and deployment:"));
}

#[test]
fn scenario_ids_parse_and_display() {
    for id in ScenarioId::ALL {
        assert_eq!(id.to_string().parse::<ScenarioId>(), Ok(id));
    }
    assert!("historical".parse::<ScenarioId>().is_err());
}
