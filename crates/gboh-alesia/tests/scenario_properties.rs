//! Properties of the deployment validator and of 5.45 placement, over states
//! reached from the 12.1 deployment by moving pieces at random.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failing test panics

use gboh_alesia::game::{Battlefield, Setup, Uid};
use gboh_alesia::map::SiegeWorks;
use gboh_alesia::map::areas;
use gboh_alesia::scenario::placement::{placeable, placement_hexes};
use gboh_alesia::scenario::{Scenario, ViolationKind, validate_deployment};
use gboh_core::Side;
use gboh_core::facing::Facing;
use hexx::Hex;
use proptest::prelude::*;

fn deployed() -> Battlefield {
    Scenario::final_assault().unwrap().initial_game(Setup::shared().unwrap()).unwrap().field
}

fn roman_uids(field: &Battlefield) -> Vec<Uid> {
    (0..field.units().len())
        .map(|i| Uid(u16::try_from(i).unwrap()))
        .filter(|&u| {
            field.setup().unit(u).unwrap().side == Side::Roman
                && field.unit(u).unwrap().at.is_some()
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Moving Roman pieces anywhere never makes the validator panic; it is
    /// deterministic; and when it finds nothing wrong, the rampart is covered
    /// and no two Roman infantry stand on adjacent rampart hexes.
    #[test]
    fn validator_reports_what_it_must(moves in proptest::collection::vec((0usize..1000, 0usize..5000, 0usize..6), 1..4)) {
        let mut field = deployed();
        let board = field.setup().board.clone();
        let units = roman_uids(&field);
        for (u, h, f) in moves {
            let uid = units[u % units.len()];
            let hex = board.hex_at(h % board.len()).unwrap();
            let _ = field.move_unit(uid, hex, Facing::ALL[f]);
        }
        let scenario = Scenario::final_assault().unwrap();
        let v = validate_deployment(&field, scenario);
        prop_assert_eq!(&v, &validate_deployment(&field, scenario));
        let infantry_on = |h: Hex| field.stack(h).iter().any(|u| {
            let t = field.setup().unit(u).unwrap().unit_type();
            t.is_infantry() && !t.is_archer()
        });
        let adjacent_pair = board.hexes().filter(|&h| board.is_rampart(h) && infantry_on(h)).any(|h| {
            board.neighbors(h).into_iter().flatten().any(|n| board.is_rampart(n) && infantry_on(n))
        });
        prop_assert_eq!(
            adjacent_pair,
            v.iter().any(|v| matches!(v.kind, ViolationKind::AdjacentRampartInfantry { .. }))
        );
        if v.is_empty() {
            let guards: Vec<Hex> = roman_uids(&field)
                .into_iter()
                .filter(|&u| !field.setup().unit(u).unwrap().unit_type().is_artillery())
                .filter_map(|u| field.unit(u).unwrap().at)
                .collect();
            for &h in board.area(areas::OUTSIDE_RAMPART).unwrap().hexes() {
                prop_assert!(guards.iter().any(|g| g.unsigned_distance_to(h) <= 1));
            }
        }
    }

    /// Any hex of any entry area, asked as an edge hex: an answer or an
    /// error, never a panic; every hex answered is placeable and within ten.
    #[test]
    fn placement_answers_are_placeable(area in 0usize..6, h in 0usize..5000) {
        let field = deployed();
        let board = &field.setup().board;
        let name = areas::ENTRY_AREAS[area];
        let hex = board.hex_at(h % board.len()).unwrap();
        if let Ok(hexes) = placement_hexes(&field, name, hex) {
            for p in hexes {
                prop_assert_eq!(placeable(&field, p), Ok(()));
                prop_assert!(p.unsigned_distance_to(hex) <= 10);
            }
        }
    }
}
