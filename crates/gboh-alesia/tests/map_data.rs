//! Loading Alesia maps: the embedded West map, an app's own copy, and the
//! oppidum test board for 5.64 and 6.36.

#![allow(clippy::expect_used, clippy::unwrap_used, clippy::panic)] // a failing test panics

use gboh_alesia::map::{self, test_boards};
use gboh_alesia::map::{Region, SiegeWorks};
use gboh_core::board::{HexsideFeature, Terrain};
use gboh_core::facing::Direction;

#[test]
fn the_embedded_west_map_loads_and_is_cached() {
    let a = map::west_map().unwrap();
    let b = map::west_map().unwrap();
    assert!(std::ptr::eq(a, b));
    assert_eq!(a.name(), "The Siege of Alesia: West map");
    assert!(a.nodes().is_empty(), "Alesia has no off-grid locations");
}

#[test]
fn an_apps_own_map_is_loaded_and_checked_the_same_way() {
    let own = map::load_map("my-west.ron", map::WEST_MAP_RON).unwrap();
    assert_eq!(&own, map::west_map().unwrap());
    let broken = map::WEST_MAP_RON.replacen(
        "(symbol: 'w', terrain: Woods",
        "(symbol: 'w', terrain: Jungle",
        1,
    );
    let e = map::load_map("my-west.ron", &broken).unwrap_err().to_string();
    assert!(e.starts_with("my-west.ron:") && e.contains("Jungle"), "{e}");
}

#[test]
fn rule_6_36_the_oppidum_is_ringed_by_a_stone_crest_with_gates() {
    let board = test_boards::oppidum().unwrap();
    let alesia = board.area("Alesia").unwrap();
    let (mut crest, mut gates) = (0, 0);
    for &h in alesia.hexes() {
        for d in Direction::ALL {
            let Some(n) = board.neighbor(h, d) else {
                continue;
            };
            if alesia.contains_index(board.index(n).unwrap()) {
                assert!(board.hexside(h, d).is_empty());
                continue;
            }
            let s = board.hexside(h, d);
            assert!(
                s.contains(HexsideFeature::Escarpment) != s.contains(HexsideFeature::Pass),
                "{}: every way off the plateau is crest or gate",
                board.label(h).unwrap()
            );
            crest += usize::from(s.contains(HexsideFeature::Escarpment));
            gates += usize::from(s.contains(HexsideFeature::Pass));
        }
    }
    assert_eq!(gates, 2);
    assert!(crest > 20);
}

#[test]
fn rule_5_64_the_oppidum_interior_is_town_on_the_besieged_side() {
    let board = test_boards::oppidum().unwrap();
    let alesia = board.area("Alesia").unwrap();
    assert_eq!(alesia.len(), 17);
    for &h in alesia.hexes() {
        assert_eq!(board.terrain(h), Some(Terrain::Town));
        assert_eq!(board.region(h), Some(Region::Besieged));
    }
    let outside_town = board.hexes().filter(|h| board.terrain(*h) == Some(Terrain::Town)).count();
    assert_eq!(outside_town, alesia.len(), "every Town hex is in the area");
}
