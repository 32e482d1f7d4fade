//! 12.1 (and 12.0, 6.61, 6.68, 5.5): the deployment validator, fed the
//! generator's deployment broken on purpose. Every violation must be
//! reported, with its rule.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failing test panics

use gboh_alesia::game::{Battlefield, Setup, Uid};
use gboh_alesia::map::areas;
use gboh_alesia::map::{Region, SiegeWorks, Works};
use gboh_alesia::scenario::{
    DeploymentViolation, Piece, Scenario, ViolationKind, validate_deployment,
};
use gboh_core::Side;
use gboh_core::facing::Facing;
use gboh_core::unit::{Status, UnitType};
use hexx::Hex;

fn scenario() -> &'static Scenario {
    Scenario::final_assault().unwrap_or_else(|e| panic!("{e}"))
}

fn deployed() -> Battlefield {
    scenario().initial_game(Setup::shared().unwrap()).unwrap_or_else(|e| panic!("{e}")).field
}

fn hex(field: &Battlefield, label: &str) -> Hex {
    field.setup().board.hex_of(label).unwrap()
}

fn uid(field: &Battlefield, id: &str) -> Uid {
    field.setup().uid(id).unwrap()
}

fn check(field: &Battlefield) -> Vec<DeploymentViolation> {
    validate_deployment(field, scenario())
}

/// Moves `id` to `label`, facing Twelve.
fn put(field: &mut Battlefield, id: &str, label: &str) {
    let (u, h) = (uid(field, id), hex(field, label));
    field.move_unit(u, h, Facing::Twelve).unwrap();
}

/// A reserve cohort (not on a rampart) of the legion `legion`.
fn reserve_cohort(field: &Battlefield, legion: &str) -> String {
    (1..=10)
        .map(|i| format!("{legion}-{i}"))
        .find(|id| {
            let at = field.unit(uid(field, id)).unwrap().at.unwrap();
            !field.setup().board.is_rampart(at)
        })
        .unwrap()
}

#[test]
fn rule_12_1_the_unbroken_deployment_has_no_violation() {
    assert!(check(&deployed()).is_empty());
}

#[test]
fn rule_6_68_a_cohort_moved_next_to_another_on_the_rampart_is_reported() {
    let mut field = deployed();
    let w3911 = hex(&field, "W3911");
    assert!(!field.stack(w3911).is_empty(), "W3911 is held");
    let w3811 = hex(&field, "W3811");
    assert!(field.stack(w3811).is_empty(), "W3811 is left to adjacency");
    let id = reserve_cohort(&field, "VIII");
    put(&mut field, &id, "W3811");
    let v = check(&field);
    let hit = v
        .iter()
        .find(|v| {
            matches!(v.kind, ViolationKind::AdjacentRampartInfantry { hexes } if hexes.contains(&w3811) && hexes.contains(&w3911))
        })
        .unwrap_or_else(|| panic!("{v:#?}"));
    assert_eq!(hit.rule, "12.0, 6.68");
    assert!(hit.message.contains("W3811") && hit.message.contains("W3911"), "{hit}");
    // Only 6.68 is broken: the cohort is still inside, stacked alone.
    assert!(
        v.iter().all(|v| matches!(v.kind, ViolationKind::AdjacentRampartInfantry { .. })),
        "{v:#?}"
    );
}

#[test]
fn rule_12_1_an_uncovered_rampart_hex_is_reported() {
    let mut field = deployed();
    let w3811 = hex(&field, "W3811");
    // Take every non-artillery Roman unit in or next to W3811 off the map.
    let near: Vec<Uid> = field
        .setup()
        .board
        .hexes()
        .filter(|h| h.unsigned_distance_to(w3811) <= 1)
        .flat_map(|h| field.stack(h).iter().collect::<Vec<_>>())
        .filter(|&u| !field.setup().unit(u).unwrap().unit_type().is_artillery())
        .collect();
    assert!(!near.is_empty());
    for u in near {
        field.remove_unit(u);
    }
    let v = check(&field);
    let hit = v
        .iter()
        .find(|v| v.kind == ViolationKind::RampartUncovered { hex: w3811 })
        .unwrap_or_else(|| panic!("{v:#?}"));
    assert_eq!(hit.rule, "12.1");
    assert!(hit.message.contains("W3811"), "{hit}");
    // The units taken off are missing from the force list too.
    assert!(v.iter().any(|v| matches!(v.kind, ViolationKind::LegionIncomplete { .. })));
}

#[test]
fn rule_12_1_a_scorpio_three_hexes_from_its_legion_is_reported() {
    let mut field = deployed();
    let board = field.setup().board.clone();
    let scorpio = uid(&field, "VII-Scorpio");
    let cohorts: Vec<Hex> =
        (1..=10).filter_map(|i| field.unit(uid(&field, &format!("VII-{i}"))).unwrap().at).collect();
    let nearest = |h: Hex| cohorts.iter().map(|c| c.unsigned_distance_to(h)).min().unwrap();
    let inside_free = |d: u32| {
        board
            .hexes()
            .find(|&h| {
                board.region(h) == Some(Region::Inside)
                    && board.siege_works(h) == Some(Works::None)
                    && field.stack(h).is_empty()
                    && nearest(h) == d
            })
            .unwrap()
    };
    let (two, three) = (inside_free(2), inside_free(3));
    field.move_unit(scorpio, two, Facing::Twelve).unwrap();
    assert!(check(&field).is_empty(), "2 hexes is within the rule");
    field.move_unit(scorpio, three, Facing::Twelve).unwrap();
    let v = check(&field);
    assert_eq!(v.len(), 1, "{v:#?}");
    assert_eq!(v[0].kind, ViolationKind::ScorpioTooFar { scorpio, hex: three });
    assert_eq!(v[0].rule, "12.1");
}

#[test]
fn rule_12_1_the_camp_legions_scorpio_may_be_placed_anywhere() {
    let mut field = deployed();
    // XI is in the Infantry Camp; its scorpio goes far away, still inside.
    put(&mut field, "XI-Scorpio", "W3015");
    let v = check(&field);
    assert!(!v.iter().any(|v| matches!(v.kind, ViolationKind::ScorpioTooFar { .. })), "{v:#?}");
}

#[test]
fn rule_12_1_cavalry_outside_the_camps_is_reported() {
    let mut field = deployed();
    let german = uid(&field, "German-1");
    let to = hex(&field, "W4016");
    assert!(field.stack(to).is_empty());
    assert_eq!(field.setup().board.region(to), Some(Region::Inside));
    field.move_unit(german, to, Facing::Twelve).unwrap();
    let v = check(&field);
    assert_eq!(
        v.iter().map(|v| &v.kind).collect::<Vec<_>>(),
        [&ViolationKind::CavalryOutsideCamps { unit: german, hex: to }],
        "{v:#?}"
    );
    assert!(v[0].to_string().starts_with("12.1: German-1 in W4016"), "{}", v[0]);
}

#[test]
fn rule_12_1_a_unit_north_of_w5815_is_reported() {
    let mut field = deployed();
    let id = reserve_cohort(&field, "IX");
    let u = uid(&field, &id);
    // W6015 is straight north of W5815 (and outside the works).
    put(&mut field, &id, "W6015");
    let at = hex(&field, "W6015");
    let v = check(&field);
    assert!(
        v.iter().any(|v| v.kind == ViolationKind::NorthOfLine { piece: Piece::Unit(u), hex: at }),
        "{v:#?}"
    );
    assert!(
        v.iter()
            .any(|v| v.kind == ViolationKind::OutsideVallations { piece: Piece::Unit(u), hex: at })
    );
    // On the line itself and south of it is allowed: W5916 and W5817.
    put(&mut field, &id, "W5916");
    assert!(!check(&field).iter().any(|v| matches!(v.kind, ViolationKind::NorthOfLine { .. })));
}

#[test]
fn rule_12_1_a_leader_north_of_the_line_is_reported_too() {
    let mut field = deployed();
    let caesar = field.setup().lid("Caesar").unwrap();
    let at = hex(&field, "W6116");
    field.move_leader(caesar, Some(at)).unwrap();
    let v = check(&field);
    assert!(v.iter().any(|v| v.kind
        == ViolationKind::NorthOfLine {
            piece: Piece::Leader(caesar),
            hex: at
        }));
}

#[test]
fn rule_12_1_no_legion_in_the_infantry_camp_is_reported() {
    let mut field = deployed();
    // One cohort of XI steps out of the camp: no legion is wholly inside.
    let id = "XI-10";
    let to = hex(&field, "W4616");
    assert!(field.stack(to).is_empty());
    assert_eq!(field.setup().board.region(to), Some(Region::Inside));
    put(&mut field, id, "W4616");
    assert!(!field.setup().board.in_area(areas::INFANTRY_CAMP, to));
    let v = check(&field);
    // Only that: XI's scorpio is still near its cohorts in the camp.
    assert_eq!(v.len(), 1, "{v:#?}");
    assert_eq!(v[0].kind, ViolationKind::LegionNotInCamp { required: 1, found: 0 });
    assert_eq!(v[0].rule, "12.1");
}

#[test]
fn rule_12_1_a_unit_outside_the_vallations_is_reported() {
    let mut field = deployed();
    let id = reserve_cohort(&field, "X");
    let u = uid(&field, &id);
    put(&mut field, &id, "W3904");
    let at = hex(&field, "W3904");
    let v = check(&field);
    assert!(
        v.iter()
            .any(|v| v.kind == ViolationKind::OutsideVallations { piece: Piece::Unit(u), hex: at }
                && v.rule == "12.1"),
        "{v:#?}"
    );
}

#[test]
fn rule_12_1_the_force_list_is_checked() {
    let mut field = deployed();
    // One archer too few, and a seventh legion's cohort on the map.
    field.remove_unit(uid(&field, "Archers-6"));
    let extra = uid(&field, "XIV-1");
    field.move_unit(extra, hex(&field, "W4016"), Facing::Twelve).unwrap();
    let v = check(&field);
    assert!(
        v.iter().any(|v| v.kind
            == ViolationKind::UnitCount { unit_type: UnitType::AR, required: 6, found: 5 })
    );
    assert!(v.iter().any(|v| v.kind == ViolationKind::LegionCount { required: 6, found: 7 }));
    // The seventh legion is incomplete, too.
    assert!(v.iter().any(|v| matches!(v.kind, ViolationKind::LegionIncomplete { .. })));
    // An unused leader on the map: Antonius, the second Area Commander.
    let antonius = field.setup().lid("Antonius").unwrap();
    field.move_leader(antonius, Some(hex(&field, "W4016"))).unwrap();
    let v = check(&field);
    assert!(v.iter().any(|v| matches!(v.kind, ViolationKind::Leaders { .. })));
}

#[test]
fn rule_6_61_an_illegal_stack_is_reported() {
    let mut field = deployed();
    // Two cohorts of different legions in one hex.
    let a = reserve_cohort(&field, "VII");
    let b = reserve_cohort(&field, "VIII");
    put(&mut field, &a, "W4016");
    put(&mut field, &b, "W4016");
    let at = hex(&field, "W4016");
    let v = check(&field);
    let hit = v
        .iter()
        .find(|v| v.kind == ViolationKind::Stacking { hex: at })
        .unwrap_or_else(|| panic!("{v:#?}"));
    assert_eq!(hit.rule, "6.61");
}

#[test]
fn rule_6_65_a_stack_with_two_facings_is_reported() {
    let mut field = deployed();
    let a = reserve_cohort(&field, "VII");
    let at = field.unit(uid(&field, &a)).unwrap().at.unwrap();
    let mates: Vec<Uid> = field.stack(at).iter().collect();
    assert_eq!(mates.len(), 2, "reserve cohorts stand two to a hex");
    let f = field.unit(mates[0]).unwrap().facing;
    field.move_unit(mates[0], at, f.rotated(1)).unwrap();
    let v = check(&field);
    assert!(
        v.iter().any(|v| v.kind == ViolationKind::Stacking { hex: at } && v.rule == "6.65"),
        "{v:#?}"
    );
}

#[test]
fn rule_12_1_every_violation_is_reported_at_once() {
    let mut field = deployed();
    let cohort = reserve_cohort(&field, "VIII");
    put(&mut field, &cohort, "W3811"); // 6.68 with W3911 and W3710
    put(&mut field, "German-2", "W4016"); // cavalry out of its camp
    let far = reserve_cohort(&field, "IX");
    put(&mut field, &far, "W6015"); // north of the line, outside
    put(&mut field, "XI-9", "W4616"); // no legion wholly in the camp
    let v = check(&field);
    let kinds = |f: fn(&ViolationKind) -> bool| v.iter().filter(|v| f(&v.kind)).count();
    assert_eq!(kinds(|k| matches!(k, ViolationKind::AdjacentRampartInfantry { .. })), 2, "{v:#?}");
    assert_eq!(kinds(|k| matches!(k, ViolationKind::CavalryOutsideCamps { .. })), 1);
    assert_eq!(kinds(|k| matches!(k, ViolationKind::NorthOfLine { .. })), 1);
    assert_eq!(kinds(|k| matches!(k, ViolationKind::OutsideVallations { .. })), 1);
    assert_eq!(kinds(|k| matches!(k, ViolationKind::LegionNotInCamp { .. })), 1);
    assert!(v.iter().all(|v| !v.message.is_empty() && !v.rule.is_empty()));
    // Deterministic: the same field gives the same list.
    assert_eq!(v, check(&field));
    assert!(v.iter().any(|v| v.message.contains("W3811")));
}

#[test]
fn rule_5_5_eliminated_units_still_count_as_used() {
    // 5.5: a redeployment keeps the scenario's restrictions; units lost in an
    // earlier Assault Period are not "missing".
    let mut field = deployed();
    let id = reserve_cohort(&field, "X");
    let u = uid(&field, &id);
    field.remove_unit(u);
    field.unit_mut(u).unwrap().cohesion.status = Status::Eliminated;
    assert!(check(&field).is_empty(), "{:#?}", check(&field));
    // A dead Prefect still counts as one of the three.
    let prefect = field.setup().lid("Prefect-1").unwrap();
    field.move_leader(prefect, None).unwrap();
    field.leader_mut(prefect).unwrap().dead = true;
    assert!(check(&field).is_empty(), "{:#?}", check(&field));
}

#[test]
fn rule_12_1_a_gallic_unit_does_not_disturb_the_roman_checks() {
    let mut field = deployed();
    let gaul = field
        .setup()
        .units
        .iter()
        .position(|u| u.side == Side::Adversary)
        .map(|i| Uid(u16::try_from(i).unwrap()))
        .unwrap();
    field.move_unit(gaul, hex(&field, "W3905"), Facing::Four).unwrap();
    assert!(check(&field).is_empty());
}
