//! Missile fire (`rules::missile`) on the engine's own small game
//! (`doc_game::Tiny`: woods at T0303, a hill at T0301, a stone wall
//! T0204/T0205; arrows hit on 5, 4, 3, 2 at ranges 1 to 4, javelins on 4 at
//! range 1), with the family's default hooks. Each refusal cites the section
//! the small game gives the rule, which is Alesia's numbering.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failing test panics

use gboh_core::facing::Facing;
use gboh_core::table::Drm;
use gboh_core::unit::HitOutcome;
use gboh_core::unit::Status;
use gboh_simple::doc_game::Tiny;
use gboh_simple::ground::los::leaving_by;
use gboh_simple::rules::missile::{Shot, ShotKind, ShotSpec, aim, hits, odds};
use gboh_simple::{Field, Rule, SimpleGame, Uid};
use hexx::Hex;

const COHORT: Uid = Uid(0);
const WARBAND: Uid = Uid(1);
const ARCHERS: Uid = Uid(2);
const SCORPIO: Uid = Uid(3);
const WARBAND_2: Uid = Uid(4);
const COHORT_2: Uid = Uid(5);

fn field_with(placed: &[(Uid, &str, Facing)]) -> Field<Tiny> {
    let mut field = Field::new(Tiny::roster());
    for &(u, at, facing) in placed {
        let hex = at_(&field, at);
        field.move_unit(u, hex, facing).unwrap();
    }
    field
}

fn at_(field: &Field<Tiny>, label: &str) -> Hex {
    field.setup().board.hex_of(label).unwrap_or_else(|| panic!("no hex {label}"))
}

fn spec(field: &Field<Tiny>, firer: Uid, from: &str, target: &str, kind: ShotKind) -> ShotSpec {
    ShotSpec {
        firer,
        from: at_(field, from),
        hits: 0,
        target: at_(field, target),
        only: None,
        kind,
        moved: false,
    }
}

/// A facing whose front the line from `from` to `to` leaves by.
fn toward(field: &Field<Tiny>, from: &str, to: &str) -> Facing {
    let dir = leaving_by(at_(field, from), at_(field, to))[0];
    Facing::toward(dir)[0]
}

/// The facing opposite.
fn away(facing: Facing) -> Facing {
    facing.rotated(3)
}

fn refused(field: &Field<Tiny>, spec: &ShotSpec) -> (&'static str, String) {
    let r = aim(field, spec).expect_err("the shot is refused");
    (r.section, r.why)
}

fn drms(shot: &Shot<gboh_simple::doc_game::TinyColumn>) -> Vec<(String, Drm)> {
    shot.modifiers.iter().map(|m| (m.what.clone(), m.drm)).collect()
}

#[test]
fn rule_missile_targets_out_through_the_front_or_flanks_only() {
    assert_eq!(Tiny::section(Rule::MissileTargets), "8.13");
    // The warband two hexes up the archers' column.
    let front = toward(&field_with(&[]), "T0202", "T0204");
    let facing_it = field_with(&[(ARCHERS, "T0202", front), (WARBAND, "T0204", Facing::Six)]);
    let shot =
        aim(&facing_it, &spec(&facing_it, ARCHERS, "T0202", "T0204", ShotKind::Active)).unwrap();
    assert_eq!((shot.range, shot.read_at, shot.hit_number), (2, 2, 4));
    // Facing away, the line leaves by its rear.
    let back = field_with(&[(ARCHERS, "T0202", away(front)), (WARBAND, "T0204", Facing::Six)]);
    let (section, why) = refused(&back, &spec(&back, ARCHERS, "T0202", "T0204", ShotKind::Active));
    assert_eq!(section, "8.13");
    assert!(why.contains("front or flank"), "{why}");
}

#[test]
fn rule_missile_range_is_the_tables_and_retire_reaction_needs_two_hexes() {
    assert_eq!(Tiny::section(Rule::MissileRange), "9.41");
    let f = field_with(&[(COHORT, "T0101", Facing::Twelve), (WARBAND, "T0103", Facing::Six)]);
    // Javelins reach one hex.
    let (section, why) = refused(&f, &spec(&f, COHORT, "T0101", "T0103", ShotKind::Active));
    assert_eq!(section, "9.41");
    assert!(why.contains("beyond range 1"), "{why}");
    // Entry Reaction reads the table at range 1, whatever the distance.
    let entry = aim(&f, &spec(&f, COHORT, "T0101", "T0103", ShotKind::Entry)).unwrap();
    assert_eq!((entry.range, entry.read_at, entry.hit_number), (2, 1, 4));
    // A javelin unit never uses Retire Reaction.
    let (section, _) = refused(&f, &spec(&f, COHORT, "T0101", "T0103", ShotKind::Retire));
    assert_eq!(section, Tiny::section(Rule::RetireReaction));
}

#[test]
fn rule_line_of_sight_woods_between_refuse_the_shot_a_unit_in_them_is_seen() {
    assert_eq!(Tiny::section(Rule::LineOfSight), "8.15");
    // T0203 -> T0404 passes the woods at T0303 (the engine's los doc).
    let empty = field_with(&[]);
    let front = toward(&empty, "T0203", "T0404");
    let f = field_with(&[(ARCHERS, "T0203", front), (WARBAND, "T0404", Facing::Six)]);
    let (section, why) = refused(&f, &spec(&f, ARCHERS, "T0203", "T0404", ShotKind::Active));
    assert_eq!(section, "8.15");
    assert_eq!(why, "line of sight blocked by terrain that blocks sight in T0303");
    // A unit in the woods themselves is seen.
    let into = toward(&empty, "T0203", "T0303");
    let f = field_with(&[(ARCHERS, "T0203", into), (WARBAND, "T0303", Facing::Six)]);
    assert!(aim(&f, &spec(&f, ARCHERS, "T0203", "T0303", ShotKind::Active)).is_ok());
}

#[test]
fn rule_missile_modifiers_woods_lower_ground_hits_and_a_moving_archer() {
    assert_eq!(Tiny::section(Rule::MissileModifiers), "8.17");
    // Into the woods at T0303: +1 from the chart.
    let woods = field_with(&[(ARCHERS, "T0302", Facing::Twelve), (WARBAND, "T0303", Facing::Six)]);
    let mut s = spec(&woods, ARCHERS, "T0302", "T0303", ShotKind::Active);
    s.hits = 2;
    s.moved = true;
    let shot = aim(&woods, &s).unwrap();
    assert_eq!(
        drms(&shot),
        vec![
            ("2 hits on the firing unit".to_string(), Drm(2)),
            ("target in Woods".to_string(), Drm(1)),
            ("foot archer or mounted missile unit moved or will move".to_string(), Drm(1)),
        ]
    );
    // A roll of 1 modified by +4 is 5: a hit on 5 at range 1, 6 misses.
    assert_eq!(shot.hit_number, 5);
    assert!(hits(&shot, 1).1);
    assert!(!hits(&shot, 2).1);
    // From the hill at T0301 down to T0302: -1, the chart's.
    let hill = field_with(&[(ARCHERS, "T0301", Facing::Twelve), (WARBAND, "T0302", Facing::Six)]);
    let down = aim(&hill, &spec(&hill, ARCHERS, "T0301", "T0302", ShotKind::Active)).unwrap();
    assert_eq!(drms(&down), vec![("target on a lower elevation".to_string(), Drm(-1))]);
}

#[test]
fn rule_missile_hits_each_unit_arrows_hit_the_whole_stack_javelins_the_top_one() {
    assert_eq!(Tiny::section(Rule::MissileHitsEachUnit), "8.14");
    // Two warbands stacked in T0203 facing the cohort in T0204, WARBAND on top.
    let empty = field_with(&[]);
    let (at_archers, at_cohort) =
        (toward(&empty, "T0202", "T0203"), toward(&empty, "T0204", "T0203"));
    let to_cohort = away(at_cohort);
    let mut f = field_with(&[
        (ARCHERS, "T0202", at_archers),
        (WARBAND, "T0203", to_cohort),
        (WARBAND_2, "T0203", to_cohort),
        (COHORT, "T0204", at_cohort),
    ]);
    let arrows = aim(&f, &spec(&f, ARCHERS, "T0202", "T0203", ShotKind::Active)).unwrap();
    assert_eq!(arrows.affected, vec![WARBAND, WARBAND_2]);
    // Javelins from the north come through the warbands' front: the top one.
    let front = aim(&f, &spec(&f, COHORT, "T0204", "T0203", ShotKind::Active)).unwrap();
    assert_eq!(front.affected, vec![WARBAND]);
    // Facing away from the cohort, the javelins come through their rear: the bottom one.
    for u in [WARBAND, WARBAND_2] {
        f.unit_mut(u).unwrap().facing = at_cohort;
    }
    let rear = aim(&f, &spec(&f, COHORT, "T0204", "T0203", ShotKind::Active)).unwrap();
    assert_eq!(rear.affected, vec![WARBAND_2]);
}

#[test]
fn rule_stack_fire_only_the_top_unit_fires() {
    assert_eq!(Tiny::section(Rule::StackFire), "6.66");
    let f = field_with(&[
        (COHORT, "T0202", Facing::Twelve),
        (COHORT_2, "T0202", Facing::Twelve),
        (WARBAND, "T0203", Facing::Six),
    ]);
    assert!(aim(&f, &spec(&f, COHORT, "T0202", "T0203", ShotKind::Active)).is_ok());
    let (section, _) = refused(&f, &spec(&f, COHORT_2, "T0202", "T0203", ShotKind::Active));
    assert_eq!(section, "6.66");
}

#[test]
fn rule_missile_targets_units_artillery_is_no_target_and_routed_units_do_not_fire() {
    assert_eq!(Tiny::section(Rule::MissileTargetsUnits), "8.18");
    // The scorpio is Roman; a Gallic... Tiny's Gauls have no missiles, so
    // the Roman archers' shot at a hex of friends finds no enemy.
    let f = field_with(&[(ARCHERS, "T0202", Facing::Twelve), (SCORPIO, "T0203", Facing::Six)]);
    let (section, why) = refused(&f, &spec(&f, ARCHERS, "T0202", "T0203", ShotKind::Active));
    assert_eq!(section, "8.18");
    assert!(why.contains("T0203"), "{why}");
    // A routed unit may only move.
    let mut routed =
        field_with(&[(ARCHERS, "T0202", Facing::Twelve), (WARBAND, "T0203", Facing::Six)]);
    routed.unit_mut(ARCHERS).unwrap().cohesion.status = Status::Routed;
    let (section, _) =
        refused(&routed, &spec(&routed, ARCHERS, "T0202", "T0203", ShotKind::Active));
    assert_eq!(section, Tiny::section(Rule::RoutedMayOnlyMove));
    // A warband has no missiles.
    let (section, _) =
        refused(&routed, &spec(&routed, WARBAND, "T0203", "T0202", ShotKind::Active));
    assert_eq!(section, "2.21");
}

#[test]
fn rule_missile_hit_odds_are_exact_tenths_with_each_units_fate() {
    assert_eq!(Tiny::section(Rule::MissileHit), "8.16");
    // Arrows at range 2 hit on 4: faces 0-4, five in ten; both stacked
    // warbands take a hit. A warband with TQ 5 and 4 hits, which has no
    // reduced side, is eliminated by the fifth (Alesia 10.14).
    let empty = field_with(&[]);
    let front = toward(&empty, "T0202", "T0204");
    let mut f = field_with(&[
        (ARCHERS, "T0202", front),
        (WARBAND, "T0204", Facing::Six),
        (WARBAND_2, "T0204", Facing::Six),
    ]);
    f.unit_mut(WARBAND_2).unwrap().cohesion.hits = 4;
    let shot = aim(&f, &spec(&f, ARCHERS, "T0202", "T0204", ShotKind::Active)).unwrap();
    let dist = odds(&f, &shot).unwrap();
    let hit: u64 = dist.outcomes().iter().filter(|(o, _)| o.hit).map(|(_, n)| *n).sum();
    assert_eq!((hit, dist.total()), (5, 10));
    let (on_hit, _) = dist.outcomes().iter().find(|(o, _)| o.hit).unwrap();
    let fates: Vec<(Uid, u8, HitOutcome)> =
        on_hit.units.iter().map(|u| (u.unit, u.hits, u.fate)).collect();
    assert_eq!(
        fates,
        vec![(WARBAND, 1, HitOutcome::Absorbed), (WARBAND_2, 1, HitOutcome::Eliminated)]
    );
    assert!(on_hit.leaders_lost.is_empty());
}
