//! Every hex and map feature the rulebook names sits where the text puts it on
//! the reconstructed West map (data/alesia/map.ron).

#![allow(clippy::expect_used, clippy::unwrap_used, clippy::panic)] // a failing test panics

use gboh_alesia::map::{Board, Region, Ring, SiegeWorks, Works};
use gboh_alesia::map::{areas, west_map};
use gboh_core::board::{HexsideFeature, Terrain};
use gboh_core::data::Provenance;
use gboh_core::facing::Direction;
use hexx::Hex;

fn board() -> &'static Board {
    west_map().unwrap()
}

fn hex(label: &str) -> Hex {
    board().hex_of(label).unwrap_or_else(|| panic!("{label} is not on the West map"))
}

fn label(h: Hex) -> String {
    board().label(h).map_or_else(|| format!("{h:?}"), |l| l.to_string())
}

fn side(a: &str, b: &str) -> gboh_core::board::HexsideFeatures {
    board().hexside_between(hex(a), hex(b)).unwrap_or_else(|| panic!("{a}/{b} not adjacent"))
}

fn walkway(a: &str, b: &str) -> bool {
    side(a, b).contains(HexsideFeature::Walkway)
}

fn rampart(label: &str) -> Option<(Ring, bool)> {
    match board().siege_works(hex(label)) {
        Some(Works::Rampart { ring, gate }) => Some((ring, gate)),
        _ => None,
    }
}

/// Hexes with a feature on one of their sides.
fn hexes_with_side(feature: HexsideFeature) -> Vec<Hex> {
    let b = board();
    b.hexes()
        .filter(|&h| Direction::ALL.into_iter().any(|d| b.has_hexside(h, d, feature)))
        .collect()
}

fn min_distance(from: Hex, to: &[Hex]) -> u32 {
    to.iter().map(|t| from.unsigned_distance_to(*t)).min().unwrap_or(u32::MAX)
}

fn ramparts() -> Vec<Hex> {
    board().hexes().filter(|h| board().is_rampart(*h)).collect()
}

/// 5.45: a tribal counter may be placed no closer than three hexes to a
/// rampart hex (counting it) and two to a camp wall.
fn placeable(label: &str) -> bool {
    let h = hex(label);
    board().region(h) == Some(Region::Outside)
        && min_distance(h, &ramparts()) >= 3
        && min_distance(h, &hexes_with_side(HexsideFeature::CampWall)) >= 2
}

#[test]
fn rule_6_31_w6213_is_clear_and_one_level_below_w6113() {
    let b = board();
    assert_eq!(b.terrain(hex("W6213")), Some(Terrain::Clear));
    assert_eq!(b.terrain(hex("W6113")), Some(Terrain::Clear));
    assert_eq!(b.elevation(hex("W6213")).unwrap() + 1, b.elevation(hex("W6113")).unwrap());
    assert!(side("W6213", "W6113").is_empty(), "nothing but the slope between them");
}

#[test]
fn rule_6_41_w3220_is_circumvallation_and_w3310_contravallation() {
    assert_eq!(rampart("W3220"), Some((Ring::Circumvallation, false)));
    assert_eq!(rampart("W3310"), Some((Ring::Contravallation, false)));
}

#[test]
fn rule_6_41_ramparts_are_inside_and_the_works_separate_outside_from_besieged() {
    let b = board();
    for h in b.hexes() {
        let region = b.region(h).unwrap();
        if b.is_rampart(h) || b.siege_works(h) == Some(Works::Redoubt) {
            assert_eq!(region, Region::Inside, "{}", label(h));
        }
        for n in b.neighbors(h).into_iter().flatten() {
            let other = b.region(n).unwrap();
            assert!(
                !matches!((region, other), (Region::Outside, Region::Besieged)),
                "{} touches {}",
                label(h),
                label(n)
            );
        }
    }
}

#[test]
fn rule_6_42_w3911_and_w4012_are_rampart_hexes_joined_by_the_walkway() {
    assert_eq!(rampart("W3911"), Some((Ring::Contravallation, false)));
    assert_eq!(rampart("W4012"), Some((Ring::Contravallation, false)));
    assert!(walkway("W3911", "W4012"));
}

#[test]
fn rule_6_42_w1633_reaches_w1733_only_through_w1634() {
    for h in ["W1633", "W1634", "W1733"] {
        assert!(rampart(h).is_some(), "{h}");
    }
    assert!(walkway("W1633", "W1634"));
    assert!(walkway("W1634", "W1733"));
    assert!(!walkway("W1633", "W1733"));
}

#[test]
fn rule_6_42_w4513_is_a_rampart_gate() {
    assert_eq!(rampart("W4513"), Some((Ring::Contravallation, true)));
}

#[test]
fn rule_6_42_a_cohort_in_w4616_can_climb_to_w4617_or_w4516() {
    assert_eq!(board().region(hex("W4616")), Some(Region::Inside));
    assert_eq!(board().siege_works(hex("W4616")), Some(Works::None));
    assert!(rampart("W4617").is_some() && rampart("W4516").is_some());
    assert!(!side("W4616", "W4617").is_wall() && !side("W4616", "W4516").is_wall());
}

#[test]
fn rule_6_42_redoubt_w2919_is_connected_to_rampart_w2918() {
    assert_eq!(board().siege_works(hex("W2919")), Some(Works::Redoubt));
    assert!(rampart("W2918").is_some());
    assert!(walkway("W2919", "W2918"), "6.44: connected to the rampart");
}

#[test]
fn rule_6_42_w5122_is_inside_the_infantry_camp_next_to_rampart_w5222() {
    let b = board();
    assert!(b.in_area(areas::INFANTRY_CAMP, hex("W5122")));
    assert!(b.in_area(areas::INFANTRY_CAMP, hex("W5022")), "12.1: the camp c. W5022");
    assert_eq!(b.region(hex("W5122")), Some(Region::Inside));
    assert!(rampart("W5222").is_some());
    assert!(!side("W5122", "W5222").is_wall(), "the camp is climbed onto the rampart directly");
}

#[test]
fn rule_6_43_w3706_w3607_is_a_camp_wall_hexside() {
    assert!(side("W3706", "W3607").contains(HexsideFeature::CampWall));
    assert!(
        side("W3606", "W3607").contains(HexsideFeature::CampWall),
        "5.45: the camp wall at W3606"
    );
}

#[test]
fn rule_5_45_placement_from_w3601_stops_at_w3604_before_the_camp_wall() {
    for h in ["W3601", "W3602", "W3603", "W3604"] {
        assert!(placeable(h), "{h}");
    }
    assert!(!placeable("W3605"), "W3605 is next to the camp wall at W3606");
}

#[test]
fn rule_5_45_placement_from_w3901_runs_to_w3908_facing_rampart_w3911() {
    for r in 1..=8 {
        let h = format!("W39{r:02}");
        assert!(placeable(&h), "{h}");
    }
    assert!(!placeable("W3909"));
    // W3911 is the rampart opposite: the first one met going east from W3901.
    let first = (1..=33).map(|r| format!("W39{r:02}")).find(|h| rampart(h).is_some());
    assert_eq!(first.as_deref(), Some("W3911"));
    let b = board();
    assert!(b.in_area(areas::ENTRY_AREAS[1], hex("W3901")));
    assert!(b.in_area(areas::ENTRY_AREAS[1], hex("W3601")));
}

#[test]
fn rule_5_45_w5815_and_w5915_to_w5918_count_as_ramparts_for_placement() {
    let line = board().area(areas::HILL_RAMPART_LINE).unwrap();
    let labels: Vec<String> = line.hexes().iter().map(|h| label(*h)).collect();
    assert_eq!(labels, ["W5815", "W5915", "W5916", "W5917", "W5918"]);
    for h in line.hexes() {
        assert_eq!(board().siege_works(*h), Some(Works::None), "no rampart is built on the Hill");
    }
}

#[test]
fn rule_5_49_the_hill_is_w5815_to_w5819_high_in_the_north_west() {
    let b = board();
    let hill = b.area(areas::THE_HILL).unwrap();
    let labels: Vec<String> = hill.hexes().iter().map(|h| label(*h)).collect();
    assert_eq!(labels, ["W5815", "W5816", "W5817", "W5818", "W5819"]);
    let top = b.hexes().filter_map(|h| b.elevation(h)).max().unwrap();
    assert_eq!(b.elevation(hex("W5916")), Some(top), "W5916 is on the highest ground");
    for h in hill.hexes() {
        assert_eq!(b.region(*h), Some(Region::Inside));
        assert!(b.elevation(*h).unwrap() >= 2);
    }
}

#[test]
fn rule_5_65_w6427_is_outside_both_walls_but_not_w5429_or_w5028() {
    let b = board();
    assert_eq!(b.region(hex("W6427")), Some(Region::Outside));
    assert_ne!(b.region(hex("W5429")), Some(Region::Outside));
    assert_ne!(b.region(hex("W5028")), Some(Region::Outside));
}

#[test]
fn rule_6_43_a_stone_wall_runs_from_w5128_to_w5833() {
    let walls = hexes_with_side(HexsideFeature::StoneWall);
    assert!(walls.contains(&hex("W5128")) && walls.contains(&hex("W5833")));
}

#[test]
fn rule_6_46_the_water_filled_ditch_runs_from_w4723_to_w3704() {
    let ditch = hexes_with_side(HexsideFeature::WaterDitch);
    assert!(ditch.contains(&hex("W4723")) && ditch.contains(&hex("W3704")));
    // Nothing of it lies beyond the two named ends.
    let (lo, hi) = (hex("W3704"), hex("W4723"));
    let span = lo.unsigned_distance_to(hi);
    for h in &ditch {
        assert!(
            h.unsigned_distance_to(lo) + h.unsigned_distance_to(hi) <= span + 2,
            "{}",
            label(*h)
        );
    }
}

#[test]
fn rule_6_35_there_are_minor_rivers_and_streams() {
    assert!(!hexes_with_side(HexsideFeature::MinorRiver).is_empty());
    assert!(!hexes_with_side(HexsideFeature::Stream).is_empty());
}

#[test]
fn rule_6_45_gardens_of_death_lie_in_front_of_their_ring() {
    let b = board();
    let mut seen = [0, 0];
    for h in b.hexes() {
        if let Some(Works::GardenOfDeath { ring }) = b.siege_works(h) {
            let (region, i) = match ring {
                Ring::Contravallation => (Region::Outside, 0),
                Ring::Circumvallation => (Region::Besieged, 1),
            };
            assert_eq!(b.region(h), Some(region), "{}", label(h));
            let fronted = b.neighbors(h).into_iter().flatten().any(
                |n| matches!(b.siege_works(n), Some(Works::Rampart { ring: r, .. }) if r == ring),
            );
            assert!(fronted, "{} is not in front of its ring", label(h));
            seen[i] += 1;
        }
    }
    assert!(seen[0] > 20 && seen[1] > 20, "{seen:?}");
}

#[test]
fn rule_7_22_w5213_outside_is_below_rampart_w5214() {
    let b = board();
    assert_eq!(b.region(hex("W5213")), Some(Region::Outside));
    assert!(rampart("W5214").is_some());
    assert!(b.effective_elevation(hex("W5213")) < b.effective_elevation(hex("W5214")));
}

#[test]
fn rule_8_17_an_archer_in_w4911_sees_w4914_at_range_3_from_below() {
    let b = board();
    let (from, to) = (hex("W4911"), hex("W4914"));
    assert_eq!(b.region(from), Some(Region::Outside));
    assert!(!b.is_rampart(from) && b.is_rampart(to));
    assert!(b.terrain_los(from, to));
    // No -1 for a lower target: the rampart is not below the archer.
    assert!(b.effective_elevation(to) >= b.effective_elevation(from));
}

#[test]
fn rule_11_0_w4918_and_w4919_are_outside_the_contravallation() {
    let b = board();
    for h in ["W4918", "W4919"] {
        assert_eq!(b.region(hex(h)), Some(Region::Outside), "{h}");
        assert!(b.in_area(areas::OUTSIDE_CONTRAVALLATION, hex(h)), "{h}");
    }
    // North-east of them, between the outer walls; and north of the Hill line.
    for h in ["W5020", "W5321", "W5622", "W6016", "W6427"] {
        assert!(b.in_area(areas::OUTSIDE_CONTRAVALLATION, hex(h)), "{h}");
    }
    for h in ["W5815", "W5916", "W4917", "W5022", "W4911"] {
        assert!(!b.in_area(areas::OUTSIDE_CONTRAVALLATION, hex(h)), "{h}");
    }
    let area = b.area(areas::OUTSIDE_CONTRAVALLATION).unwrap();
    assert!(area.hexes().iter().all(|h| b.region(*h) == Some(Region::Outside)));
}

#[test]
fn rule_12_1_the_alesia_force_enters_along_the_eastern_edge() {
    let b = board();
    let entry = b.area(areas::ALESIA_FORCE_ENTRY).unwrap();
    let labels: Vec<String> = entry.hexes().iter().map(|h| label(*h)).collect();
    assert_eq!(labels, ["W3733", "W3834", "W3933", "W4034", "W4333", "W4434", "W4533"]);
    for h in entry.hexes() {
        assert_eq!(b.neighbor(*h, Direction::E), None, "{} is on the east edge", label(*h));
        assert_eq!(b.region(*h), Some(Region::Besieged));
    }
}

#[test]
fn rule_12_1_the_outside_rampart_w5714_to_w1832_is_one_walkway() {
    let b = board();
    let outside = b.area(areas::OUTSIDE_RAMPART).unwrap();
    let hexes = outside.hexes();
    assert!(hexes.contains(&hex("W5714")) && hexes.contains(&hex("W1832")));
    // Walk the walkway from W5714 through the area's hexes only.
    let mut path = vec![hex("W5714")];
    while let Some(&last) = path.last() {
        let next = b.neighbors(last).into_iter().flatten().find(|n| {
            hexes.contains(n)
                && !path.contains(n)
                && b.hexside_between(last, *n).unwrap().contains(HexsideFeature::Walkway)
        });
        match next {
            Some(n) => path.push(n),
            None => break,
        }
    }
    assert_eq!(path.last(), Some(&hex("W1832")));
    assert_eq!(path.len(), hexes.len(), "every hex of the outside rampart is on the chain");
    for h in hexes {
        assert!(matches!(
            b.siege_works(*h),
            Some(Works::Rampart { ring: Ring::Contravallation, .. })
        ));
    }
    for h in ["W3911", "W4012", "W3410", "W3310", "W3211", "W2918", "W4914", "W5214", "W4513"] {
        assert!(hexes.contains(&hex(h)), "{h}");
    }
}

#[test]
fn rule_6_42_every_rampart_hex_is_on_a_walkway() {
    let b = board();
    for h in ramparts() {
        let joined =
            Direction::ALL.into_iter().any(|d| b.has_hexside(h, d, HexsideFeature::Walkway));
        assert!(joined, "{}", label(h));
    }
}

#[test]
fn rule_12_1_three_cavalry_camps_just_outside_the_walls_with_gates() {
    let b = board();
    for name in areas::CAVALRY_CAMPS {
        let camp = b.area(name).unwrap();
        let mut gates = 0;
        let mut rampart_gates = 0;
        for &h in camp.hexes() {
            assert_eq!(b.region(h), Some(Region::Outside), "{name}: {}", label(h));
            for d in Direction::ALL {
                let Some(n) = b.neighbor(h, d) else { continue };
                if camp.contains_index(b.index(n).unwrap()) {
                    continue;
                }
                let s = b.hexside(h, d);
                match b.siege_works(n) {
                    Some(Works::Rampart { ring: Ring::Contravallation, gate }) => {
                        rampart_gates += usize::from(gate)
                    }
                    _ => assert!(
                        s.contains(HexsideFeature::CampWall),
                        "{name}: {} open to {}",
                        label(h),
                        label(n)
                    ),
                }
                gates += usize::from(s.contains(HexsideFeature::Gate));
            }
        }
        assert!(gates >= 1, "{name} has no gate to the outside");
        assert!(rampart_gates >= 1, "{name} has no Rampart/Gate into the vallations");
    }
}

#[test]
fn rule_12_1_the_infantry_camp_is_walled_inside_the_vallations() {
    let b = board();
    let camp = b.area(areas::INFANTRY_CAMP).unwrap();
    for &h in camp.hexes() {
        assert_eq!(b.region(h), Some(Region::Inside));
        for d in Direction::ALL {
            let Some(n) = b.neighbor(h, d) else { continue };
            if !camp.contains_index(b.index(n).unwrap()) && !b.is_rampart(n) {
                assert!(b.hexside(h, d).contains(HexsideFeature::CampWall), "{}", label(h));
            }
        }
    }
}

#[test]
fn rule_12_1_entry_areas_lie_on_the_west_and_north_edges() {
    let b = board();
    for name in areas::ENTRY_AREAS {
        let area = b.area(name).unwrap();
        assert!(!area.is_empty(), "{name}");
        for &h in area.hexes() {
            let l = b.label(h).unwrap();
            assert!(
                l.row() == 1 || l.column() == 64,
                "{name}: {l} is not on the west or north edge"
            );
            assert_eq!(b.region(h), Some(Region::Outside));
        }
    }
}

#[test]
fn the_circumvallation_lies_inside_the_contravallation_toward_the_east() {
    let b = board();
    // Along every column that crosses both rings, going east from the west
    // edge one meets the contravallation before the circumvallation.
    let mut checked = 0;
    for column in 17..=47 {
        let rings: Vec<Ring> = (1..=34)
            .filter_map(|row| b.hex_of(&format!("W{column:02}{row:02}")))
            .filter_map(|h| {
                b.siege_works(h).and_then(|w| w.is_rampart().then(|| w.ring()).flatten())
            })
            .collect();
        if let (Some(first), Some(last)) = (rings.first(), rings.last())
            && rings.contains(&Ring::Circumvallation)
        {
            assert_eq!(
                (*first, *last),
                (Ring::Contravallation, Ring::Circumvallation),
                "column {column}"
            );
            checked += 1;
        }
    }
    assert!(checked > 20, "{checked} columns cross both rings")
}

/// Every W-label in the rulebook (grep -o 'W[0-9]\{4\}'), and W5833 from
/// 6.43's "W5128-5833".
const RULEBOOK_LABELS: [&str; 50] = [
    "W1633", "W1634", "W1733", "W1832", "W2918", "W2919", "W3211", "W3220", "W3310", "W3410",
    "W3601", "W3604", "W3606", "W3704", "W3706", "W3607", "W3733", "W3901", "W3908", "W3911",
    "W4012", "W4034", "W4333", "W4513", "W4516", "W4533", "W4616", "W4617", "W4723", "W4911",
    "W4914", "W4918", "W4919", "W5022", "W5028", "W5122", "W5128", "W5213", "W5214", "W5222",
    "W5429", "W5714", "W5815", "W5819", "W5915", "W5916", "W5918", "W6113", "W6213", "W6427",
];

#[test]
fn every_label_the_rulebook_names_is_on_the_map_with_its_source() {
    let b = board();
    assert_eq!(b.provenance(), &Provenance::Reconstructed);
    for l in RULEBOOK_LABELS.into_iter().chain(["W5833"]) {
        assert!(b.hex_of(l).is_some(), "{l}");
        let cited = b.sources().iter().any(|s| {
            s.provenance.is_printed() && s.items.iter().any(|i| i.split('/').any(|part| part == l))
        });
        assert!(cited, "{l} has no printed source note");
    }
}
