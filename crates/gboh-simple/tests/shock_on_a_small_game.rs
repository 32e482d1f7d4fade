//! Shock resolution's DRMs (`rules::shock`) on the engine's own small game
//! (`doc_game::Tiny`: woods at T0303, a hill at T0301, a stone wall
//! T0204/T0205 and a gated wall T0404/T0405; its chart: woods -1, across the
//! stone wall -2, uphill -1; cohorts against warbands +1), with the family's
//! default hooks. Each DRM cites the section the small game gives the rule,
//! which is Alesia's numbering.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failing test panics

use gboh_core::facing::{Direction, Facing};
use gboh_core::table::Modifiers;
use gboh_core::unit::UnitType;
use gboh_simple::doc_game::Tiny;
use gboh_simple::field::UnitFlags;
use gboh_simple::rules::retreat;
use gboh_simple::rules::shock::{self, Participants, drms};
use gboh_simple::{Field, Rule, SimpleGame, Uid};
use hexx::Hex;

const COHORT: Uid = Uid(0);
const WARBAND: Uid = Uid(1);
const WARBAND_2: Uid = Uid(4);
const COHORT_2: Uid = Uid(5);

fn at(label: &str) -> Hex {
    Tiny::roster().board.hex_of(label).unwrap_or_else(|| panic!("no hex {label}"))
}

/// A facing whose front holds the adjacent `to`.
fn facing(from: &str, to: &str) -> Facing {
    Facing::toward(Direction::between(at(from), at(to)).unwrap())[0]
}

fn field_with(placed: &[(Uid, &str, Facing)]) -> Field<Tiny> {
    let mut field = Field::new(Tiny::roster());
    for &(u, hex, f) in placed {
        field.move_unit(u, at(hex), f).unwrap();
    }
    field
}

fn listed(
    field: &Field<Tiny>,
    attackers: &[Uid],
    defenders: &[Uid],
    w: (UnitType, UnitType),
) -> Vec<(String, String, i32)> {
    let p = Participants::new(field, attackers.to_vec(), defenders.to_vec());
    drms(field, &p, false, w)
        .modifiers
        .iter()
        .map(|m| (m.rule.clone(), m.what.clone(), m.drm.0))
        .collect()
}

const LG_BI: (UnitType, UnitType) = (UnitType::LG, UnitType::BI);
const BI_LG: (UnitType, UnitType) = (UnitType::BI, UnitType::LG);

#[test]
fn rule_shock_resolution_tq_differential_and_weapon_systems() {
    assert_eq!(Tiny::section(Rule::ShockResolution), "9.25");
    assert_eq!(Tiny::section(Rule::WeaponSystems), "9.43");
    let f = field_with(&[
        (COHORT, "T0202", facing("T0202", "T0203")),
        (WARBAND, "T0203", facing("T0203", "T0202")),
    ]);
    assert_eq!(
        listed(&f, &[COHORT], &[WARBAND], LG_BI),
        vec![
            ("9.25".into(), "TQ differential 7 to 5".into(), 2),
            ("9.43".into(), "weapon systems LG against BI".into(), 1),
        ]
    );
}

#[test]
fn rule_shock_resolution_terrain_woods_a_wall_crossed_uphill_and_a_gate_instead_of_its_wall() {
    // Into the woods at T0303.
    let f = field_with(&[
        (WARBAND, "T0302", facing("T0302", "T0303")),
        (COHORT, "T0303", facing("T0303", "T0302")),
    ]);
    let terrain: Vec<_> = listed(&f, &[WARBAND], &[COHORT], BI_LG)
        .into_iter()
        .filter(|m| m.1.starts_with("terrain"))
        .collect();
    assert_eq!(terrain, vec![("9.25".into(), "terrain: Woods -1".into(), -1)]);
    // Across the stone wall T0204/T0205.
    let f = field_with(&[
        (WARBAND, "T0204", facing("T0204", "T0205")),
        (COHORT, "T0205", facing("T0205", "T0204")),
    ]);
    let terrain: Vec<_> = listed(&f, &[WARBAND], &[COHORT], BI_LG)
        .into_iter()
        .filter(|m| m.1.starts_with("terrain"))
        .collect();
    assert_eq!(terrain, vec![("9.25".into(), "terrain: across StoneWall -2".into(), -2)]);
    // Through the gate T0404/T0405: the wall is not counted, the gate has no DRM.
    let f = field_with(&[
        (WARBAND, "T0404", facing("T0404", "T0405")),
        (COHORT, "T0405", facing("T0405", "T0404")),
    ]);
    assert!(listed(&f, &[WARBAND], &[COHORT], BI_LG).iter().all(|m| !m.1.starts_with("terrain")));
    // Up the hill at T0301 from T0302.
    let f = field_with(&[
        (WARBAND, "T0302", facing("T0302", "T0301")),
        (COHORT, "T0301", facing("T0301", "T0302")),
    ]);
    let terrain: Vec<_> = listed(&f, &[WARBAND], &[COHORT], BI_LG)
        .into_iter()
        .filter(|m| m.1.starts_with("terrain"))
        .collect();
    assert_eq!(terrain, vec![("9.25".into(), "terrain: uphill -1".into(), -1)]);
}

#[test]
fn rule_shock_resolution_disorder_moving_attack_numbers_and_the_contributors() {
    // Two warbands stacked in T0203 attack the cohort in T0202; one moved,
    // the cohort is Disordered.
    let mut f = field_with(&[
        (COHORT, "T0202", facing("T0202", "T0203")),
        (WARBAND, "T0203", facing("T0203", "T0202")),
        (WARBAND_2, "T0203", facing("T0203", "T0202")),
    ]);
    f.unit_mut(WARBAND).unwrap().flags.set(UnitFlags::MOVED, true);
    f.unit_mut(COHORT).unwrap().flags.set(UnitFlags::DISORDERED, true);
    let p = Participants::new(&f, vec![WARBAND, WARBAND_2], vec![COHORT]);
    let d = drms(&f, &p, false, BI_LG);
    let list: Vec<(String, i32)> = d.modifiers.iter().map(|m| (m.what.clone(), m.drm.0)).collect();
    assert_eq!(
        list,
        vec![
            ("a defending unit is Disordered".into(), 1),
            ("moving attack".into(), 1),
            ("TQ differential 5 to 7".into(), -2),
            ("unit numbers 2 to 1".into(), 1),
            ("weapon systems BI against LG".into(), -1),
        ]
    );
    // Only the warband that moved gave a positive DRM.
    assert_eq!(d.contributors, vec![WARBAND]);
}

#[test]
fn rule_shock_resolution_position_superiority_through_the_rear_none_from_the_front() {
    // A warband (+3) in the cohort's rear, then on its flank.
    let front = facing("T0303", "T0304");
    let behind = Direction::ALL
        .into_iter()
        .find(|&d| front.aspect(d) == gboh_core::facing::Aspect::Rear)
        .unwrap();
    let rear_hex = behind.neighbor(at("T0303"));
    let mut f: Field<Tiny> = Field::new(Tiny::roster());
    f.move_unit(COHORT_2, at("T0303"), front).unwrap();
    f.move_unit(WARBAND, rear_hex, Facing::toward(behind.opposite())[0]).unwrap();
    let p = Participants::new(&f, vec![WARBAND], vec![COHORT_2]);
    let d = drms(&f, &p, false, BI_LG);
    let sup = d.modifiers.iter().find(|m| m.what.starts_with("position superiority")).unwrap();
    assert_eq!(
        (sup.what.as_str(), sup.drm.0),
        ("position superiority: through the defender's rear", 3)
    );
    assert!(d.contributors.contains(&WARBAND));
    // From the front there is none.
    let f = field_with(&[
        (WARBAND, "T0302", facing("T0302", "T0303")),
        (COHORT_2, "T0303", facing("T0303", "T0302")),
    ]);
    assert!(
        listed(&f, &[WARBAND], &[COHORT_2], BI_LG).iter().all(|m| !m.1.starts_with("position"))
    );
}

#[test]
fn rule_retreat_one_hex_away_from_every_attacker_never_off_the_map() {
    assert_eq!(Tiny::section(Rule::Retreat), "10.21");
    // The warband in the corner T0101, attacked from two of its neighbours,
    // has no hex farther from both on the map.
    let corner = at("T0101");
    let inward: Vec<Hex> = Tiny::roster().board.neighbors(corner).into_iter().flatten().collect();
    assert!(inward.len() >= 2, "{inward:?}");
    let f = {
        let mut f: Field<Tiny> = Field::new(Tiny::roster());
        f.move_unit(WARBAND, corner, Facing::Twelve).unwrap();
        f.move_unit(COHORT, inward[0], Facing::Twelve).unwrap();
        f.move_unit(COHORT_2, inward[1], Facing::Twelve).unwrap();
        f
    };
    let away = [inward[0], inward[1]];
    assert_eq!(retreat::options(&f, WARBAND, corner, &away), Vec::<Hex>::new());
    assert!(!retreat::can_retreat(&f, WARBAND, corner, &away));
    // In the open, every option is farther from the attacker.
    let f = field_with(&[(COHORT, "T0303", Facing::Twelve), (WARBAND, "T0302", Facing::Twelve)]);
    let options = retreat::options(&f, WARBAND, at("T0302"), &[at("T0303")]);
    assert!(!options.is_empty());
    for h in &options {
        assert_eq!(h.unsigned_distance_to(at("T0303")), 2, "{h:?}");
    }
}

#[test]
fn rule_no_retreat_a_stack_with_nowhere_to_go_takes_two_more_hits_in_the_odds() {
    assert_eq!(Tiny::section(Rule::NoRetreat), "10.23");
    // The warband in the corner T0101 attacked by the two cohorts from its
    // inward neighbours, read on the tiny Shock Table at DRM 0: 0-2 the
    // attackers take 2 (one each) and retreat, 3-6 one hit each side (the
    // attackers' one on the first of them), 7-9 the defender takes 2 and
    // must retreat, but cannot: 2 more.
    let corner = at("T0101");
    let inward: Vec<Hex> = Tiny::roster().board.neighbors(corner).into_iter().flatten().collect();
    let mut f: Field<Tiny> = Field::new(Tiny::roster());
    f.move_unit(WARBAND, corner, Facing::Twelve).unwrap();
    f.move_unit(COHORT, inward[0], Facing::Twelve).unwrap();
    f.move_unit(COHORT_2, inward[1], Facing::Twelve).unwrap();
    let p = Participants::new(&f, vec![COHORT, COHORT_2], vec![WARBAND]);
    let dist = shock::odds(&f, &p, &Modifiers::new());
    let hits_of = |o: &shock::ShockOutcome, u: Uid| {
        o.units.iter().find(|x| x.unit == u).map_or(0, |x| x.hits)
    };
    let rows: Vec<(u8, u8, u8, u64)> = dist
        .outcomes()
        .iter()
        .map(|(o, n)| (hits_of(o, COHORT), hits_of(o, COHORT_2), hits_of(o, WARBAND), *n))
        .collect();
    assert_eq!(rows, vec![(1, 1, 0, 3), (1, 0, 1, 4), (0, 0, 4, 3)]);
}

#[test]
fn rule_pre_shock_check_each_defending_stack_checks_its_top_units_tq() {
    assert_eq!(Tiny::section(Rule::PreShockCheck), "9.23");
    // Two warbands stacked in T0203 check once, against the top one's TQ.
    let f = field_with(&[
        (COHORT, "T0202", facing("T0202", "T0203")),
        (WARBAND, "T0203", facing("T0203", "T0202")),
        (WARBAND_2, "T0203", facing("T0203", "T0202")),
    ]);
    let p = Participants::new(&f, vec![COHORT], vec![WARBAND, WARBAND_2]);
    assert_eq!(shock::pre_shock_checks(&f, &p), vec![(at("T0203"), 5)]);
    // TQ 5 passes on 0-5: six in ten.
    let pass = shock::pre_shock_odds(5);
    assert_eq!((pass.count(&true), pass.total()), (6, 10));
}
