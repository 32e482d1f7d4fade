//! Every map claim the extract and the errata print, checked on the
//! embedded map (rules 4.41, 5.22-5.35).

#![allow(clippy::expect_used, clippy::unwrap_used, clippy::panic)] // a failing test panics

use std::collections::{BTreeMap, BTreeSet};

use gboh_alexandria::map::{self, Alexandria, GalleyStepError, StepError, areas};
use gboh_core::board::{Location, NodeKind};
use hexx::Hex;

fn m() -> &'static Alexandria {
    match map::alexandria() {
        Ok(m) => m,
        Err(e) => panic!("{e}"),
    }
}

fn at(name: &str) -> Location {
    m().place(name).unwrap_or_else(|| panic!("{name} is a place"))
}

fn hex(label: &str) -> Hex {
    m().board().hex_of(label).unwrap_or_else(|| panic!("{label} is a hex"))
}

fn names(places: impl IntoIterator<Item = Location>) -> BTreeSet<String> {
    places.into_iter().filter_map(|p| m().name(p)).collect()
}

#[test]
fn rule_5_22_point_4_d_is_adjacent_to_hexes_2023_and_2024() {
    let d4 = at("4-D");
    let next = m().neighbours(d4);
    assert!(next.contains(&at("2023")) && next.contains(&at("2024")));
    // And the arrows work both ways.
    assert!(m().neighbours(at("2023")).contains(&d4));
    assert!(m().neighbours(at("2024")).contains(&d4));
    assert_eq!(m().land_step(at("2024"), d4).map(|s| s.across_canal), Ok(false));
}

#[test]
fn rule_5_22_a_hex_joins_a_point_only_by_an_arrow_and_never_a_block() {
    // 2025 touches 4-E by an arrow but not 4-D.
    assert!(!m().neighbours(at("4-D")).contains(&at("2026")));
    assert_eq!(m().land_step(at("2026"), at("4-D")), Err(StepError::NotAdjacent));
    // No hex is joined to a Block, no Block to a Block.
    for &(a, b) in m().board().nodes().links() {
        let kinds = (m().kind(a), m().kind(b));
        assert!(
            !matches!(kinds, (Some(NodeKind::Block), None | Some(NodeKind::Block)))
                && !matches!(kinds, (None, Some(NodeKind::Block))),
            "{:?} - {:?}",
            m().name(a),
            m().name(b)
        );
    }
    assert_eq!(m().land_step(at("2/3-J/K"), at("2/3-K/L")), Err(StepError::BlockToBlock));
}

#[test]
fn rule_5_23_the_palace_is_entered_from_the_three_points_of_2_3_k_and_of_2_3_l() {
    let palace = m().palace();
    assert_eq!(m().name(Location::Node(palace)).as_deref(), Some("2/3-K/L"));
    let from: BTreeSet<String> =
        m().block_entries(palace).into_iter().filter_map(|p| m().name(Location::Node(p))).collect();
    let printed: BTreeSet<String> =
        ["2-K", "2/3-K", "3-K", "2-L", "2/3-L", "3-L"].into_iter().map(String::from).collect();
    assert_eq!(from, printed);
    for p in &printed {
        let step = m().land_step(at(p), Location::Node(palace));
        assert_eq!(step.map(|s| s.into_block), Ok(true), "{p}");
    }
    // A Point of road 2 between K and L does not exist; 2-J is not adjacent.
    assert!(m().place("2-K/L").is_none());
    assert_eq!(m().land_step(at("2-J"), Location::Node(palace)), Err(StepError::NotAdjacent));
}

#[test]
fn rule_5_24_a_unit_in_point_3_o_cannot_move_into_block_3_4_n_o() {
    let (o3, block) = (at("3-O"), at("3/4-N/O"));
    assert!(m().crosses_canal(o3, block));
    assert!(!m().neighbours(o3).contains(&block));
    assert_eq!(m().land_step(o3, block), Err(StepError::CanalBlock));
    assert_eq!(m().land_step(block, o3), Err(StepError::CanalBlock));
    // From the Point on its own side of the canal it may.
    assert_eq!(m().land_step(at("3-N"), block).map(|s| s.across_canal), Ok(false));
}

#[test]
fn rule_5_24_point_to_point_moves_ignore_the_canal() {
    // 4-N/O and 4-O (road 4) are on either side of the canal.
    let step = m().land_step(at("4-N/O"), at("4-O"));
    assert_eq!(step.map(|s| s.across_canal), Ok(false));
    assert!(!m().crosses_canal(at("4-N/O"), at("4-O")));
}

#[test]
fn rule_5_24_the_canal_separates_block_2_3_n_o_into_two_blocks() {
    assert!(m().place("2/3-N/O").is_none());
    let (west, east) = (at("2/3-N/O west"), at("2/3-N/O east"));
    let Location::Node(w) = west else { panic!("node") };
    let Location::Node(e) = east else { panic!("node") };
    let we = names(m().block_entries(w).into_iter().map(Location::Node));
    let ee = names(m().block_entries(e).into_iter().map(Location::Node));
    assert!(we.is_disjoint(&ee), "no Point enters both halves: {we:?} {ee:?}");
    assert!(we.contains("3-N") && ee.contains("3-O"));
    assert_eq!(m().land_step(at("3-O"), west), Err(StepError::CanalBlock));
    assert_eq!(m().land_step(at("3-N"), east), Err(StepError::CanalBlock));
    assert_eq!(m().land_step(west, east), Err(StepError::BlockToBlock));
}

#[test]
fn rule_5_24_block_2_m_borders_the_hex_area_and_is_not_entered_across_the_canal() {
    let block = at("2-M");
    // Entered from Points only, none of them across the canal.
    assert!(m().neighbours(block).iter().all(|p| m().kind(*p) == Some(NodeKind::Point)));
    assert_eq!(m().land_step(at("2-O"), block), Err(StepError::CanalBlock));
    assert!(m().land_step(at("2-L"), block).is_ok());
    // It borders the hex area: the quays at 2841-2844 are next to its Points.
    assert!(m().board().in_area(areas::QUAYS, hex("2842")));
    // The canal reaches the harbour along 2844/2845, which is a canal hexside.
    assert!(m().crosses_canal(at("2844"), at("2845")));
}

#[test]
fn rule_5_24_crossing_the_canal_between_point_and_hex_or_hex_and_hex_costs_one_more_mp() {
    assert_eq!(m().land_step(at("4-O"), at("2045")).map(|s| s.across_canal), Ok(true));
    assert_eq!(m().land_step(at("4-O"), at("2046")).map(|s| s.across_canal), Ok(false));
    assert_eq!(m().land_step(at("1045"), at("1046")).map(|s| s.across_canal), Ok(true));
    assert_eq!(m().land_step(at("1044"), at("1045")).map(|s| s.across_canal), Ok(false));
}

#[test]
fn rule_5_25_the_causeway_counts_as_points_and_galleys_pass_only_its_overpasses() {
    let causeway =
        m().board().area(areas::CAUSEWAY).map(|a| a.hexes().to_vec()).unwrap_or_default();
    assert_eq!(causeway.len(), 4);
    for &h in &causeway {
        assert!(m().counts_as_point(Location::Hex(h)));
    }
    assert!(!m().counts_as_point(at("2620")));
    // 2719 is an overpass: from the Eunostos side (2718) a galley may enter it.
    assert_eq!(m().galley_step(hex("2718"), hex("2719")), Ok(()));
    assert_eq!(m().galley_step(hex("2919"), hex("2819")), Err(GalleyStepError::Causeway));
}

#[test]
fn rule_5_26_the_lighthouse_denies_3931_3932_and_4032() {
    let lighthouse =
        m().board().area(areas::LIGHTHOUSE).map(|a| a.hexes().to_vec()).unwrap_or_default();
    assert_eq!(lighthouse, [hex("4031")]);
    let denied: BTreeSet<String> = m()
        .lighthouse_denied()
        .iter()
        .filter_map(|h| m().board().label(*h))
        .map(|l| l.to_string())
        .collect();
    let printed: BTreeSet<String> =
        ["3931", "3932", "4032"].into_iter().map(String::from).collect();
    assert_eq!(denied, printed);
    for &h in m().lighthouse_denied() {
        assert_eq!(h.distance_to(hex("4031")), 1);
        assert!(m().board().in_area(areas::SEA, h), "a galley could otherwise enter it");
    }
    // Denied to the enemy of whoever holds the Lighthouse, and only then.
    use gboh_core::Side;
    let h3932 = hex("3932");
    assert!(m().lighthouse_denies(h3932, Side::Adversary, Some(Side::Roman)));
    assert!(!m().lighthouse_denies(h3932, Side::Roman, Some(Side::Roman)));
    assert!(!m().lighthouse_denies(h3932, Side::Roman, None));
    assert!(!m().lighthouse_denies(hex("3933"), Side::Adversary, Some(Side::Roman)));
}

#[test]
fn rule_5_29_beaches_run_3304_to_4130_and_1005_to_1814() {
    for label in ["3304", "4130", "4020", "1005", "1814"] {
        assert!(m().is_beach(hex(label)), "{label}");
    }
    // The errata: the Pharos beach starts at 3304, not 3204.
    assert!(!m().is_beach(hex("3204")));
    assert!(!m().is_beach(hex("1004")) && !m().is_beach(hex("1815")));
    for name in [areas::PHAROS_BEACH, areas::WEST_BEACH] {
        for &h in m().board().area(name).map(|a| a.hexes()).unwrap_or_default() {
            assert!(m().board().in_area(areas::COASTAL, h), "a beach is a coastal hex");
        }
    }
}

#[test]
fn rule_5_33_pharos_eastern_neck_4020_4027_is_a_land_hexside_galleys_cannot_cross() {
    for row in 20..=27 {
        let label = format!("40{row}");
        assert!(m().board().in_area(areas::PHAROS_NECK, hex(&label)), "{label}");
    }
    // From the sea north of the neck a galley may come in (to beach, 5.29),
    // but not cross to the harbour side nor move along the neck.
    assert_eq!(m().galley_step(hex("4123"), hex("4023")), Ok(()));
    assert_eq!(m().galley_step(hex("4023"), hex("3923")), Err(GalleyStepError::AllLandHexside));
    assert_eq!(m().galley_step(hex("3923"), hex("4023")), Err(GalleyStepError::AllLandHexside));
    assert_eq!(m().galley_step(hex("4023"), hex("4024")), Err(GalleyStepError::AllLandHexside));
    // Land units walk along it.
    assert!(m().land_step(at("4023"), at("4024")).is_ok());
}

#[test]
fn rule_5_33_walls_are_crossed_only_at_the_main_gate_and_land_units_stay_off_the_sea() {
    assert_eq!(m().land_step(at("1222"), at("1223")), Err(StepError::Wall));
    assert!(m().land_step(at("1022"), at("1023")).is_ok(), "the Main Gate");
    assert_eq!(m().land_step(at("2620"), at("2720")).map(|s| s.into_block), Ok(false));
    assert_eq!(m().land_step(at("2720"), at("2820")), Err(StepError::AllSea));
    assert_eq!(m().galley_step(hex("2820"), hex("2720")), Ok(()), "coastal hexes take galleys");
    assert_eq!(m().galley_step(hex("2620"), hex("2621")), Err(GalleyStepError::Land));
}

#[test]
fn rule_5_35_galleys_may_not_move_through_the_mole_of_the_kings_harbor() {
    let Some(&(a, b)) = m().mole().first() else { panic!("a mole") };
    assert_eq!(m().galley_step(a, b), Err(GalleyStepError::Mole));
    // The harbour mouth is open.
    assert_eq!(m().galley_step(hex("2942"), hex("2943")), Ok(()));
}

#[test]
fn rule_5_2_hexes_under_the_city_are_not_places() {
    assert!(m().place("2430").is_none());
    assert!(!m().neighbours(at("2027")).contains(&Location::Hex(hex("2028"))));
    assert!(m().neighbours(Location::Hex(hex("2028"))).is_empty());
    for &h in m().board().area(areas::CITY).map(|a| a.hexes()).unwrap_or_default() {
        assert!(!m().is_place(Location::Hex(h)));
    }
}

/// 4.41's command range over Points: 1 MP a Point, +1 into an occupied one;
/// traced into a Block from an adjacent Point but never through it.
fn command_range(from: Location, range: u32, occupied: &[Location]) -> BTreeMap<String, u32> {
    let mut best: BTreeMap<String, u32> = BTreeMap::new();
    let mut frontier = vec![(0u32, from)];
    let key = |l: Location| m().name(l).unwrap_or_default();
    best.insert(key(from), 0);
    while let Some((cost, here)) = frontier.pop() {
        if m().is_block(here) && here != from {
            continue;
        }
        for next in m().neighbours(here) {
            let step = 1 + u32::from(occupied.contains(&next));
            let total = cost + step;
            let better = best.get(&key(next)).is_none_or(|&b| total < b);
            if total <= range && better {
                best.insert(key(next), total);
                frontier.push((total, next));
            }
        }
    }
    best
}

#[test]
fn rule_4_41_sosius_at_4_k_activates_three_blocks_and_road_4_from_i_to_m() {
    let k4 = at("4-K");
    let Location::Node(k4_id) = k4 else { panic!("node") };
    assert_eq!(m().adjacent_blocks(k4_id).len(), 3, "the three adjacent Blocks");
    let occupied: Vec<Location> =
        ["4-H", "4-I", "4-J", "4-K", "4-L", "4-M", "4-N"].into_iter().map(at).collect();
    let reach = command_range(k4, 6, &occupied);
    let activated: Vec<&str> = ["4-H", "4-I", "4-J", "4-K", "4-L", "4-M", "4-N"]
        .into_iter()
        .filter(|p| reach.contains_key(*p))
        .collect();
    assert_eq!(activated, ["4-I", "4-J", "4-K", "4-L", "4-M"]);
    // The three Blocks are in range too.
    for b in m().adjacent_blocks(k4_id) {
        assert!(reach.contains_key(&m().name(Location::Node(b)).unwrap_or_default()));
    }
}

#[test]
fn rule_5_23_pharos_town_has_points_but_no_blocks() {
    let town = m().board().area(areas::PHAROS_TOWN).map(|a| a.hexes().to_vec()).unwrap_or_default();
    assert!(!town.is_empty());
    for h in &town {
        assert!(!m().is_place(Location::Hex(*h)), "units in the town stand on its Points");
    }
    for name in ["P1-a", "P1-b", "P1-c", "P2-a", "P2-b", "P2-c"] {
        let p = at(name);
        assert_eq!(m().kind(p), Some(NodeKind::Point));
        assert!(m().neighbours(p).iter().all(|q| !m().is_block(*q)), "{name}: no Block on Pharos");
    }
    // Its Points are joined to Pharos' hexes by arrows.
    assert!(m().neighbours(at("P1-a")).contains(&at("3409")));
    assert!(m().board().in_area(areas::PHAROS, hex("3409")));
}
