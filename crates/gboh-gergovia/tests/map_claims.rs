//! Every hex label and feature the Gergovia rulebook names is where the text
//! says (one test per claim group, citing the section).

#![allow(clippy::expect_used, clippy::unwrap_used, clippy::panic)] // a failing test panics

use gboh_core::board::{Board, HexsideFeature, Terrain};
use gboh_gergovia::map::{self, areas};
use hexx::Hex;

fn board() -> &'static Board {
    map::board().unwrap_or_else(|e| panic!("{e}"))
}

fn hex(label: &str) -> Hex {
    board().hex_of(label).unwrap_or_else(|| panic!("{label} is not on the map"))
}

fn area(name: &str) -> Vec<Hex> {
    board().area(name).unwrap_or_else(|| panic!("no area {name}")).hexes().to_vec()
}

fn label(h: Hex) -> String {
    board().label(h).map(|l| l.to_string()).unwrap_or_default()
}

fn side(a: Hex, b: Hex) -> gboh_core::board::HexsideFeatures {
    board()
        .hexside_between(a, b)
        .unwrap_or_else(|| panic!("{} and {} are not adjacent", label(a), label(b)))
}

/// The boundary of a set of hexes: (inside, outside) pairs on the map.
fn boundary(hexes: &[Hex]) -> Vec<(Hex, Hex)> {
    let mut out = Vec::new();
    for &h in hexes {
        for n in board().neighbors(h).into_iter().flatten() {
            if !hexes.contains(&n) {
                out.push((h, n));
            }
        }
    }
    out
}

fn column(h: Hex) -> u8 {
    board().label(h).map_or(0, |l| l.column())
}

fn row(h: Hex) -> u8 {
    board().label(h).map_or(0, |l| l.row())
}

#[test]
fn components_labels_are_four_digits_column_then_row_on_a_22_by_33_inch_map() {
    let b = board();
    assert_eq!(b.scheme().columns(), (1, 48));
    for l in ["0101", "2712", "4630", "4801", "4001", "3901"] {
        assert_eq!(label(hex(l)), l, "labels read back as printed");
    }
    // Column then row: 2712 and 2613 are neighbours (the legion's two rows).
    assert_eq!(hex("2712").unsigned_distance_to(hex("2613")), 1);
    assert_eq!(hex("2712").unsigned_distance_to(hex("2716")), 4);
    // 33 inches west-east by 22 south-north: a row is one hex width, a
    // column sqrt(3)/2 of one, so the grid's rows and columns make 33 x 22.
    let (c0, c1) = b.scheme().columns();
    let (r0, r1) = b.scheme().rows_of(c1);
    let ratio = f64::from(r1 - r0 + 1) / (f64::from(c1 - c0 + 1) * 3f64.sqrt() / 2.0);
    assert!((ratio - 33.0 / 22.0).abs() < 0.05, "{ratio}");
    // 90 m a hex: 62 rows span about 5.6 km, from the west end of the
    // plateau to the camp at Orcet.
    let km = f64::from(r1 - r0 + 1) * 0.09;
    assert!((5.0..6.5).contains(&km), "{km}");
}

#[test]
fn roman_starting_deployment_rows_of_legions_viii_and_x_are_open_ground_below_the_hill() {
    for (a, b) in [("2712", "2716"), ("2613", "2617"), ("2717", "2721"), ("2618", "2622")] {
        let (c, r0, r1) =
            (&a[..2], a[2..].parse::<u8>().unwrap_or(0), b[2..].parse::<u8>().unwrap_or(0));
        for r in r0..=r1 {
            let h = hex(&format!("{c}{r:02}"));
            assert_eq!(board().terrain(h), Some(Terrain::Clear), "{}", label(h));
            assert!(!board().in_area(areas::GERGOVIA, h) && !map::in_roman_camp(board(), h));
        }
    }
    // Each legion is a double line: every hex of the rear row touches the front row.
    for r in 13..=22u8 {
        assert_eq!(
            hex(&format!("26{r:02}")).unsigned_distance_to(hex(&format!("27{:02}", r - 1))),
            1
        );
    }
}

#[test]
fn roman_starting_deployment_cretan_archers_stand_in_front_of_the_legions() {
    for l in ["2814", "2818", "2822"] {
        let h = hex(l);
        assert_eq!(board().terrain(h), Some(Terrain::Clear));
        // In front (north, toward the town) of Legion VIII's or X's first row.
        assert!(
            board()
                .neighbors(h)
                .into_iter()
                .flatten()
                .any(|n| column(n) == 27 && (12..=21).contains(&row(n)))
                || l == "2822"
        );
    }
    let town_south = area(areas::GERGOVIA).iter().map(|h| column(*h)).min().unwrap_or(0);
    assert!(town_south > 28, "the archers face the town from the south");
}

#[test]
fn roman_starting_deployment_aedui_about_2540_and_cavalry_about_1733_have_room() {
    for (centre, units) in [("2540", 6usize), ("1733", 6)] {
        let c = hex(centre);
        let room: Vec<Hex> = board()
            .hexes()
            .filter(|h| h.unsigned_distance_to(c) <= 2)
            .filter(|h| {
                board().terrain(*h) == Some(Terrain::Clear) && !map::in_roman_camp(board(), *h)
            })
            .collect();
        assert!(room.len() >= units, "{centre}: {} open hexes", room.len());
    }
    // The Aedui are east of the assault, the cavalry south-east between the camps.
    assert!(row(hex("2540")) > 22 && row(hex("1733")) > 22);
}

#[test]
fn rule_6_71_small_camp_has_walls_and_gates_but_no_towers() {
    let camp = area(areas::SMALL_CAMP);
    assert!(camp.len() >= 10, "two legions two units a hex need 10 hexes, not {}", camp.len());
    let mut gates = 0;
    for (a, b) in boundary(&camp) {
        let f = side(a, b);
        assert!(f.contains(HexsideFeature::CampWall), "{}/{} has no wall", label(a), label(b));
        gates += usize::from(f.contains(HexsideFeature::Gate));
    }
    assert!(gates >= 2, "{gates} gates");
    let towers = area(areas::TOWERS);
    assert!(camp.iter().all(|h| !towers.contains(h)), "6.71: the small camp has no towers");
}

#[test]
fn rule_6_71_9_31_large_camp_in_the_southeast_has_walls_gates_and_towers_with_scorpions() {
    let camp = area(areas::LARGE_CAMP);
    assert!(camp.len() >= 31, "XIV, XV, 3 archers and 8 LI need 31 hexes, not {}", camp.len());
    let mut gates = 0;
    for (a, b) in boundary(&camp) {
        let f = side(a, b);
        assert!(f.contains(HexsideFeature::CampWall));
        gates += usize::from(f.contains(HexsideFeature::Gate));
    }
    assert!(gates >= 2);
    let towers = area(areas::TOWERS);
    assert!(
        !towers.is_empty() && towers.iter().all(|t| camp.contains(t)),
        "9.31: towers of the large camp"
    );
    // South-east: south of the map's middle column, east of its middle row.
    let n = camp.len() as f64;
    let (mc, mr) = camp
        .iter()
        .fold((0.0, 0.0), |(c, r), h| (c + f64::from(column(*h)) / n, r + f64::from(row(*h)) / n));
    assert!(mc < 24.0 && mr > 31.0, "camp centre column {mc}, row {mr}");
    let f = gboh_gergovia::fortifications::fortifications().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(f.scorpion_range.value, 7, "9.31: range 7");
    assert!(f.scorpion_range.provenance.is_printed());
}

#[test]
fn special_terrain_gergovia_rises_two_levels_above_its_hill_within_its_wall_and_gates() {
    let town = area(areas::GERGOVIA);
    for &h in &town {
        assert_eq!(board().terrain(h), Some(Terrain::Town));
        assert_eq!(board().elevation(h), Some(3));
    }
    let mut gates = 0;
    for (a, b) in boundary(&town) {
        let f = side(a, b);
        assert!(f.contains(HexsideFeature::TownWall), "{}/{}", label(a), label(b));
        assert_eq!(board().elevation(b), Some(1), "the hill below {}", label(b));
        gates += usize::from(f.contains(HexsideFeature::Gate));
    }
    assert!(gates >= 2, "6.71: accessible through its gates");
    // 3801, 3802 and 3901 inside (Victory); the entry hex 4001 outside.
    for l in ["3801", "3802", "3901"] {
        assert!(town.contains(&hex(l)), "{l}");
        assert!(board().in_area(areas::TOWN_OBJECTIVE, hex(l)));
    }
    assert_eq!(area(areas::TOWN_OBJECTIVE).len(), 3);
    assert!(!town.contains(&hex("4001")));
}

#[test]
fn rule_6_71_gallic_camp_hexes_lie_before_the_town_wall() {
    let camp = area(areas::GALLIC_CAMP);
    let town = area(areas::GERGOVIA);
    assert!(camp.len() >= 22, "Nitiobriges, Carnutes and Bituriges need room");
    let town_south = town.iter().map(|h| column(*h)).min().unwrap_or(0);
    for &h in &camp {
        assert!(!town.contains(&h));
        let d = town.iter().map(|t| t.unsigned_distance_to(h)).min().unwrap_or(99);
        assert!(d <= 3, "{} is {d} hexes from the wall", label(h));
        assert!(column(h) <= town_south + 1, "{} is below the town", label(h));
        assert_eq!(board().terrain(h), Some(Terrain::Clear), "Gallic camp: treated as open ground");
    }
    // Some touch the wall itself.
    assert!(camp.iter().any(|h| town.iter().any(|t| t.unsigned_distance_to(*h) == 1)));
}

#[test]
fn special_terrain_two_stone_walls_south_and_south_west_of_the_town() {
    let walls: Vec<(Hex, gboh_core::facing::Direction)> = board()
        .hexsides()
        .filter(|(_, _, f)| f.contains(HexsideFeature::StoneWall))
        .map(|(h, d, _)| (h, d))
        .collect();
    assert!(walls.len() >= 10);
    // Group the wall hexsides into connected walls: two walls.
    let mids: Vec<(f64, f64)> = walls
        .iter()
        .map(|(h, d)| {
            let n = d.neighbor(*h);
            (
                (f64::from(column(*h)) + f64::from(column(n))) / 2.0,
                (f64::from(row(*h)) + f64::from(row(n))) / 2.0,
            )
        })
        .collect();
    let mut group = vec![usize::MAX; mids.len()];
    let mut groups = 0;
    for i in 0..mids.len() {
        if group[i] != usize::MAX {
            continue;
        }
        group[i] = groups;
        let mut stack = vec![i];
        while let Some(j) = stack.pop() {
            for k in 0..mids.len() {
                let close =
                    (mids[j].0 - mids[k].0).abs() <= 1.0 && (mids[j].1 - mids[k].1).abs() <= 1.5;
                if group[k] == usize::MAX && close {
                    group[k] = groups;
                    stack.push(k);
                }
            }
        }
        groups += 1;
    }
    assert_eq!(groups, 2, "two stone walls");
    let town = area(areas::GERGOVIA);
    let town_south = town.iter().map(|h| column(*h)).min().unwrap_or(0);
    for (h, d) in &walls {
        assert!(
            column(*h).max(column(d.neighbor(*h))) < town_south,
            "the walls are south of the town"
        );
    }
    // One lies west of the other (the south-west wall).
    let mean_row = |g: usize| {
        let v: Vec<f64> =
            mids.iter().zip(&group).filter(|(_, x)| **x == g).map(|(m, _)| m.1).collect();
        v.iter().sum::<f64>() / v.len() as f64
    };
    assert!((mean_row(0) - mean_row(1)).abs() > 5.0);
}

#[test]
fn special_terrain_sunken_road_joins_the_camps_with_its_embankment_on_the_north_side() {
    let road = area(areas::SUNKEN_ROAD);
    assert!(road.len() >= 20);
    // A single chain: two ends, every other hex with two road neighbours.
    let degree = |h: &Hex| road.iter().filter(|n| n.unsigned_distance_to(*h) == 1).count();
    assert_eq!(road.iter().filter(|h| degree(h) == 1).count(), 2, "a path with two ends");
    assert!(road.iter().all(|h| (1..=2).contains(&degree(h))));
    let near = |name: &str| {
        road.iter().any(|h| area(name).iter().any(|c| c.unsigned_distance_to(*h) == 1))
    };
    assert!(near(areas::SMALL_CAMP) && near(areas::LARGE_CAMP), "from camp to camp");
    for h in &road {
        assert_eq!(board().terrain(*h), Some(Terrain::Clear), "counts as flat terrain");
        for n in board().neighbors(*h).into_iter().flatten() {
            let north = column(n) > column(*h);
            let f = side(*h, n);
            if north && !road.contains(&n) && !map::in_roman_camp(board(), n) {
                assert!(f.contains(HexsideFeature::Embankment), "{}/{}", label(*h), label(n));
            }
            if !north {
                assert!(!f.contains(HexsideFeature::Embankment), "only on the north side");
            }
        }
    }
}

#[test]
fn gallic_starting_deployment_woods_from_hexrow_4300_north_and_4630() {
    let woods: Vec<Hex> = board().hexes().filter(|h| map::in_northern_woods(board(), *h)).collect();
    assert!(woods.len() >= 15, "room for the remaining Arverni BI: {}", woods.len());
    assert!(woods.iter().all(|h| column(*h) >= 43));
    assert!(
        board().hexes().any(|h| column(h) == 43 && board().terrain(h) == Some(Terrain::Woods)),
        "including row 4300"
    );
    let c = hex("4630");
    let open = board()
        .hexes()
        .filter(|h| h.unsigned_distance_to(c) <= 2 && board().terrain(*h) == Some(Terrain::Clear))
        .count();
    assert!(open >= 6, "the Arverni cavalry within 2 hexes of 4630");
}

#[test]
fn gallic_reinforcements_entry_hexes_4001_to_4801_in_the_north_west_corner() {
    let entry = area(areas::ENTRY_HEXES);
    let labels: Vec<String> = entry.iter().map(|h| label(*h)).collect();
    assert_eq!(labels, ["4001", "4101", "4201", "4301", "4401", "4501", "4601", "4701", "4801"]);
    // 4801: the top (northmost) column, the first (westmost) row.
    assert_eq!(board().scheme().columns().1, 48);
    assert!(board().neighbors(hex("4801")).into_iter().flatten().count() <= 3, "a corner hex");
}

#[test]
fn movement_cost_table_rocky_ground_minor_rivers_and_elevations_are_on_the_map() {
    let b = board();
    assert!(b.hexes().filter(|h| b.terrain(*h) == Some(Terrain::Rough)).count() >= 10);
    assert!(b.hexsides().filter(|(_, _, f)| f.contains(HexsideFeature::MinorRiver)).count() >= 20);
    let levels: std::collections::BTreeSet<u8> = b.hexes().filter_map(|h| b.elevation(h)).collect();
    assert_eq!(levels.into_iter().collect::<Vec<_>>(), [0, 1, 3]);
    // The road crosses the river where the embankment meets it, not the camps.
    for (h, d, f) in b.hexsides() {
        if f.contains(HexsideFeature::MinorRiver) {
            assert!(!map::in_roman_camp(b, h) || !map::in_roman_camp(b, d.neighbor(h)));
        }
    }
}

#[test]
fn every_source_note_has_a_provenance_and_the_map_says_it_is_reconstructed() {
    assert_eq!(board().provenance(), &gboh_core::data::Provenance::Reconstructed);
    assert!(board().sources().len() >= 10);
    assert!(
        board()
            .sources()
            .iter()
            .any(|s| s.items.contains(&"3801".to_owned()) && s.provenance.is_printed())
    );
}
