//! The family's move search and the move itself on the tiny game
//! (`doc_game::Tiny`: clear 1 MP, woods 2 for foot and 3 for cavalry, the
//! stream +1, the climb +1, the stone wall +2 for foot and closed to
//! cavalry, the gate +1, water impassable; the family's pivots: 1 MP for any
//! turn, cavalry 1 MP a vertex). Each test names the rule and the section
//! the tiny game cites for it (Alesia's numbering).
//!
//! The tiny board's neighbours used here (directions NE, E, SE, SW, W, NW):
//! T0202: NE T0302, E T0203, NW T0301 (the hill); T0302: E T0303 (woods),
//! NE T0403, NW T0402; T0403: NE T0503, SW T0302, SE T0303; T0404: SW
//! T0303, W T0403, E T0405 (across the gated wall); T0204: E T0205 (across
//! the stone wall), NE T0304; T0104: E T0105 (across the stream); T0504: E
//! T0505 (water).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use gboh_core::facing::Facing;
use gboh_core::unit::Status;
use gboh_simple::doc_game::{Tiny, TinyBattle};
use gboh_simple::field::UnitFlags;
use gboh_simple::rules::movement::{MoveRefusal, MoveSearch, Reachable, make_move, mp_left};
use gboh_simple::{Field, Rule, SimpleEvent, SimpleGame, Uid};
use hexx::Hex;

const COHORT: Uid = Uid(0);
const WARBAND: Uid = Uid(1);
const ARCHERS: Uid = Uid(2);
const SCORPIO: Uid = Uid(3);
const WARBAND_2: Uid = Uid(4);
const COHORT_2: Uid = Uid(5);
const HORSE: Uid = Uid(6);

fn hex(field: &Field<Tiny>, label: &str) -> Hex {
    field.setup().board.hex_of(label).unwrap_or_else(|| panic!("no hex {label}"))
}

fn field_with(placed: &[(Uid, &str, Facing)]) -> Field<Tiny> {
    let mut field = Field::new(Tiny::roster());
    for &(u, at, facing) in placed {
        let h = hex(&field, at);
        field.move_unit(u, h, facing).unwrap();
    }
    field
}

fn battle_with(placed: &[(Uid, &str, Facing)]) -> TinyBattle {
    TinyBattle { field: field_with(placed), ..TinyBattle::new() }
}

/// The MP of the cheapest way for `unit` to end in `to` with `facing`.
fn cost(field: &Field<Tiny>, unit: Uid, to: &str, facing: Facing) -> Option<u8> {
    MoveSearch::new().reach_to(field, unit, hex(field, to), facing).unwrap().map(|r| r.mp)
}

/// The facings `unit` can end in `to` with.
fn facings_in(field: &Field<Tiny>, unit: Uid, to: &str) -> Vec<Facing> {
    let to = hex(field, to);
    let mut s = MoveSearch::new();
    s.reach(field, unit).unwrap().iter().filter(|r| r.hex == to).map(|r| r.facing).collect()
}

fn spend(field: &mut Field<Tiny>, unit: Uid, mp: u8) {
    field.unit_mut(unit).unwrap().mp_spent = mp;
}

#[test]
fn rule_6_31_a_step_costs_the_tiny_chart() {
    assert_eq!(Tiny::section(Rule::Movement), "6.31");
    assert_eq!(Tiny::section(Rule::TerrainCosts), "6.3");
    // Clear: 1.
    let f = field_with(&[(COHORT, "T0202", Facing::Two)]);
    assert_eq!(cost(&f, COHORT, "T0302", Facing::Two), Some(1));
    assert_eq!(cost(&f, COHORT, "T0203", Facing::Two), Some(1));
    // Woods: 2 for foot, 3 for cavalry.
    let f = field_with(&[(COHORT, "T0302", Facing::Two), (HORSE, "T0101", Facing::Twelve)]);
    assert_eq!(cost(&f, COHORT, "T0303", Facing::Two), Some(2));
    let f = field_with(&[(HORSE, "T0302", Facing::Two)]);
    assert_eq!(cost(&f, HORSE, "T0303", Facing::Two), Some(3));
    // The stream: +1.
    let f = field_with(&[(COHORT, "T0104", Facing::Two)]);
    assert_eq!(cost(&f, COHORT, "T0105", Facing::Two), Some(2));
    // The climb onto the hill: +1.
    let f = field_with(&[(COHORT, "T0202", Facing::Twelve)]);
    assert_eq!(cost(&f, COHORT, "T0301", Facing::Twelve), Some(2));
    // The gate: +1, instead of the wall, for foot and cavalry alike.
    let f = field_with(&[(COHORT, "T0404", Facing::Two)]);
    assert_eq!(cost(&f, COHORT, "T0405", Facing::Two), Some(2));
    let f = field_with(&[(HORSE, "T0404", Facing::Two)]);
    assert_eq!(cost(&f, HORSE, "T0405", Facing::Two), Some(2));
    // Water: never.
    let f = field_with(&[(COHORT, "T0504", Facing::Two)]);
    assert!(facings_in(&f, COHORT, "T0505").is_empty());
}

#[test]
fn rule_6_31_the_stone_wall_costs_foot_2_and_is_closed_to_cavalry() {
    // Foot across the wall: 1 + 2.
    let mut f = field_with(&[(COHORT, "T0204", Facing::Two)]);
    assert_eq!(cost(&f, COHORT, "T0205", Facing::Two), Some(3));
    // With 2 MP left, the wall's 3 is too dear.
    spend(&mut f, COHORT, 4);
    assert_eq!(cost(&f, COHORT, "T0205", Facing::Two), None);
    // Cavalry with 3 MP left: not across the wall (facing Two, 3 MP for
    // foot); round it by T0304 it is a step, a one-vertex pivot and a step,
    // ending facing Four (3 MP).
    let mut f = field_with(&[(HORSE, "T0204", Facing::Two)]);
    spend(&mut f, HORSE, 3);
    assert_eq!(cost(&f, HORSE, "T0205", Facing::Two), None, "closed to cavalry");
    assert_eq!(cost(&f, HORSE, "T0205", Facing::Four), Some(3));
    let mut s = MoveSearch::new();
    let end = s.reach_to(&f, HORSE, hex(&f, "T0205"), Facing::Four).unwrap().unwrap();
    let path: Vec<Hex> = s.path(&f, &end).iter().map(|p| p.hex).collect();
    assert!(path.contains(&hex(&f, "T0304")), "round the wall, not across it: {path:?}");
}

#[test]
fn rule_7_12_a_unit_enters_only_its_front_hexes_and_pays_to_pivot() {
    assert_eq!(Tiny::section(Rule::Facing), "7.12");
    // Facing Twelve (NW, NE), T0203 (E) is a flank hex: pivot first.
    let mut f = field_with(&[(COHORT, "T0202", Facing::Twelve)]);
    assert_eq!(cost(&f, COHORT, "T0203", Facing::Two), Some(2), "pivot 1 + step 1");
    assert_eq!(cost(&f, COHORT, "T0203", Facing::Twelve), Some(3), "and a pivot there");
    assert_eq!(cost(&f, COHORT, "T0202", Facing::Six), Some(1), "any turn costs 1 MP");
    let mut s = MoveSearch::new();
    let end = s.reach_to(&f, COHORT, hex(&f, "T0203"), Facing::Two).unwrap().unwrap();
    let path = s.path(&f, &end);
    assert_eq!(
        path.first().map(|p| (p.hex, p.facing, p.mp)),
        Some((hex(&f, "T0202"), Facing::Twelve, 0))
    );
    assert_eq!(path.get(1).map(|p| (p.hex, p.mp)), Some((hex(&f, "T0202"), 1)), "the pivot");
    assert_eq!(
        path.last().map(|p| (p.hex, p.facing, p.mp)),
        Some((hex(&f, "T0203"), Facing::Two, 2))
    );
    // With 1 MP left: the pivot, but not the step after it.
    spend(&mut f, COHORT, 5);
    assert_eq!(cost(&f, COHORT, "T0203", Facing::Two), None);
    assert_eq!(cost(&f, COHORT, "T0302", Facing::Twelve), Some(1), "a front hex");
    assert_eq!(cost(&f, COHORT, "T0202", Facing::Two), Some(1));
    // Cavalry pay a vertex each.
    let f = field_with(&[(HORSE, "T0202", Facing::Twelve)]);
    assert_eq!(cost(&f, HORSE, "T0202", Facing::Two), Some(1));
    assert_eq!(cost(&f, HORSE, "T0202", Facing::Four), Some(2));
    assert_eq!(cost(&f, HORSE, "T0202", Facing::Six), Some(3));
}

#[test]
fn rule_7_23_a_unit_entering_an_enemy_zoc_stops_and_turns_one_vertex_at_most() {
    assert_eq!(Tiny::section(Rule::ZocEntry), "7.23");
    assert_eq!(Tiny::section(Rule::ZocFacing), "7.13");
    // The warband in T0404 facing Eight exerts its ZOC into T0303 and
    // T0403. With 2 MP the cohort reaches T0503 only through T0403.
    let mut f = field_with(&[(COHORT, "T0302", Facing::Twelve)]);
    spend(&mut f, COHORT, 4);
    assert_eq!(cost(&f, COHORT, "T0503", Facing::Twelve), Some(2), "no enemy: through T0403");
    let h = hex(&f, "T0404");
    f.move_unit(WARBAND, h, Facing::Eight).unwrap();
    assert_eq!(cost(&f, COHORT, "T0403", Facing::Twelve), Some(1), "it may enter the ZOC");
    assert_eq!(cost(&f, COHORT, "T0503", Facing::Twelve), None, "but goes no further");
    // 7.13: in T0403 it turns one vertex at most (Four would cost 2 by
    // T0402 and a pivot, 3).
    let mut got = facings_in(&f, COHORT, "T0403");
    got.sort_by_key(|g| g.index());
    assert_eq!(got, [Facing::Twelve, Facing::Two, Facing::Ten]);
}

#[test]
fn rule_7_23_a_unit_may_leave_a_zoc_but_not_straight_into_the_same_units_zoc() {
    // The cohort starts in T0403, in the warband's ZOC (T0404 facing
    // Eight: T0403 and T0303); facing Six its fronts are T0302 and T0303.
    // With 4 MP left (leaving by T0302 and coming back into the woods
    // facing Six would be 5).
    let mut f = field_with(&[(COHORT, "T0403", Facing::Six), (WARBAND, "T0404", Facing::Eight)]);
    spend(&mut f, COHORT, 2);
    assert_eq!(cost(&f, COHORT, "T0302", Facing::Six), Some(1), "it may leave");
    assert_eq!(cost(&f, COHORT, "T0303", Facing::Six), None, "not into the same unit's ZOC");
    // Without the warband, the woods are 2 MP away.
    let mut free = f.clone();
    free.remove_unit(WARBAND);
    assert_eq!(cost(&free, COHORT, "T0303", Facing::Six), Some(2));
    // Into another unit's ZOC it may go, and stops there: the second
    // warband in T0203 facing Twelve exerts into T0302 (NW) and T0303 (NE).
    let h = hex(&f, "T0203");
    f.move_unit(WARBAND_2, h, Facing::Twelve).unwrap();
    assert_eq!(cost(&f, COHORT, "T0302", Facing::Six), Some(1));
    assert_eq!(cost(&f, COHORT, "T0202", Facing::Six), None, "stopped in T0302");
    // 7.13: in the ZOC at the start, one vertex: with 2 MP (no way back
    // round), Four and Eight only.
    spend(&mut f, COHORT, 4);
    let mut got = facings_in(&f, COHORT, "T0403");
    got.sort_by_key(|g| g.index());
    assert_eq!(got, [Facing::Four, Facing::Eight]);
}

#[test]
fn rule_6_63_a_unit_moves_into_friends_for_2_mp_and_takes_their_facing() {
    assert_eq!(Tiny::section(Rule::StackLimit), "6.61");
    // The second cohort (same legion) in T0302 facing Ten.
    let f = field_with(&[(COHORT, "T0202", Facing::Twelve), (COHORT_2, "T0302", Facing::Ten)]);
    assert_eq!(facings_in(&f, COHORT, "T0302"), [Facing::Ten], "6.65: their facing");
    assert_eq!(cost(&f, COHORT, "T0302", Facing::Ten), Some(3), "1 + 2 for the friends");
    // Artillery is moved into for free (and foot and artillery stack).
    let f = field_with(&[(COHORT, "T0202", Facing::Twelve), (SCORPIO, "T0302", Facing::Two)]);
    assert_eq!(cost(&f, COHORT, "T0302", Facing::Two), Some(1));
    // Archers are another type: no stack, not even in passing.
    let f = field_with(&[(COHORT, "T0202", Facing::Twelve), (ARCHERS, "T0302", Facing::Two)]);
    assert!(facings_in(&f, COHORT, "T0302").is_empty());
    // 6.64: nor into enemies.
    let f = field_with(&[(COHORT, "T0202", Facing::Twelve), (WARBAND, "T0302", Facing::Six)]);
    assert!(facings_in(&f, COHORT, "T0302").is_empty());
}

#[test]
fn rule_6_11_a_second_move_spends_only_the_mp_left() {
    assert_eq!(Tiny::section(Rule::MovementAllowance), "6.11");
    let mut b = battle_with(&[(COHORT, "T0202", Facing::Twelve)]);
    assert_eq!(mp_left(&b.field, COHORT), 6);
    let mut s = MoveSearch::new();
    let to = hex(&b.field, "T0301");
    let end = s.reach_to(&b.field, COHORT, to, Facing::Twelve).unwrap().unwrap();
    let path = s.path(&b.field, &end);
    let mut events = Vec::new();
    make_move(&mut b, COHORT, &end, &path, &mut events);
    assert_eq!(mp_left(&b.field, COHORT), 4, "the hill cost 2");
    let ends = s.reach(&b.field, COHORT).unwrap();
    assert!(!ends.is_empty());
    assert!(ends.iter().all(|r| r.mp <= 4), "within the 4 MP left");
    assert_eq!(ends.iter().map(|r| r.mp).max(), Some(4));
}

#[test]
fn rule_6_31_who_may_not_move() {
    let mut f =
        field_with(&[(COHORT, "T0202", Facing::Twelve), (COHORT_2, "T0202", Facing::Twelve)]);
    let mut s = MoveSearch::new();
    // 6.65: the top unit only (the second cohort went to the bottom).
    assert_eq!(
        s.reach(&f, COHORT_2).unwrap_err(),
        MoveRefusal::NotTop { unit: COHORT_2, section: "6.6" }
    );
    assert!(s.reach(&f, COHORT).is_ok());
    assert_eq!(
        s.reach(&f, WARBAND).unwrap_err(),
        MoveRefusal::OffMap { unit: WARBAND, section: "6.31" }
    );
    spend(&mut f, COHORT, 6);
    let no_mp = s.reach(&f, COHORT).unwrap_err();
    assert_eq!(no_mp, MoveRefusal::NoMpLeft { unit: COHORT, section: "6.11" });
    assert_eq!(no_mp.to_string(), "6.11: that unit has no movement points left");
    spend(&mut f, COHORT, 0);
    f.unit_mut(COHORT).unwrap().cohesion.status = Status::Routed;
    let routed = s.reach(&f, COHORT).unwrap_err();
    assert_eq!(routed, MoveRefusal::Routed { unit: COHORT, section: "10.43" });
    assert_eq!(routed.to_string(), "10.43: a routed unit may not make an ordinary move");
    f.unit_mut(COHORT).unwrap().cohesion.status = Status::Fresh;
    f.unit_mut(COHORT).unwrap().flags.set(UnitFlags::DONE_MOVING, true);
    assert!(matches!(s.reach(&f, COHORT), Err(MoveRefusal::MovementOver { section: "6.31", .. })));
    let h = hex(&f, "T0302");
    assert_eq!(
        s.reach_to(&f, COHORT, h, Facing::Twelve).unwrap_err(),
        MoveRefusal::MovementOver { unit: COHORT, section: "6.31" }
    );
}

#[test]
fn rule_6_31_make_move_places_the_unit_spends_its_mp_and_reports_it() {
    let mut b = battle_with(&[(COHORT, "T0202", Facing::Twelve)]);
    let h = |b: &TinyBattle, l: &str| hex(&b.field, l);
    let (t0202, t0302, t0403, t0503) =
        (h(&b, "T0202"), h(&b, "T0302"), h(&b, "T0403"), h(&b, "T0503"));
    let mut s = MoveSearch::new();
    // NE into T0302, NE again into T0403: 2 MP.
    let end = s.reach_to(&b.field, COHORT, t0403, Facing::Twelve).unwrap().unwrap();
    let path = s.path(&b.field, &end);
    let mut events = Vec::new();
    let report = make_move(&mut b, COHORT, &end, &path, &mut events);
    assert_eq!(report.from, t0202);
    assert_eq!(report.to, t0403);
    assert_eq!(report.mp, 2);
    assert_eq!(report.entered, [t0302, t0403]);
    assert!(!report.stopped_in_zoc);
    let u = b.field.unit(COHORT).unwrap();
    assert_eq!((u.at, u.facing, u.mp_spent), (Some(t0403), Facing::Twelve, 2));
    assert!(u.flags.has(UnitFlags::MOVED));
    assert!(!u.flags.has(UnitFlags::DONE_MOVING));
    assert_eq!(b.combat.tracks, vec![(COHORT, vec![t0202, t0302, t0403])]);
    assert_eq!(events.len(), 1);
    assert_eq!(events[0].rule, "6.31");
    assert_eq!(
        events[0].what,
        SimpleEvent::Moved {
            unit: COHORT,
            from: Some(t0202),
            to: t0403,
            facing: Facing::Twelve,
            mp: 2,
            stopped_in_zoc: false
        }
    );
    // A second move adds to the track, without the start again.
    let end = s.reach_to(&b.field, COHORT, t0503, Facing::Twelve).unwrap().unwrap();
    assert_eq!(end.mp, 1);
    let path = s.path(&b.field, &end);
    make_move(&mut b, COHORT, &end, &path, &mut events);
    assert_eq!(b.combat.tracks, vec![(COHORT, vec![t0202, t0302, t0403, t0503])]);
    assert_eq!(b.field.unit(COHORT).unwrap().mp_spent, 3);
    assert_eq!(events.len(), 2);
}

#[test]
fn rule_7_23_make_move_into_an_enemy_zoc_ends_the_units_movement() {
    let mut b =
        battle_with(&[(COHORT, "T0302", Facing::Twelve), (WARBAND, "T0404", Facing::Eight)]);
    let t0403 = hex(&b.field, "T0403");
    let mut s = MoveSearch::new();
    let end = s.reach_to(&b.field, COHORT, t0403, Facing::Two).unwrap().unwrap();
    assert_eq!(end.mp, 2, "a step and a one-vertex pivot");
    let path = s.path(&b.field, &end);
    let mut events = Vec::new();
    let report = make_move(&mut b, COHORT, &end, &path, &mut events);
    assert!(report.stopped_in_zoc);
    assert_eq!(report.entered, [t0403]);
    assert!(matches!(&events[0].what, SimpleEvent::Moved { stopped_in_zoc: true, .. }));
    assert!(b.field.unit(COHORT).unwrap().flags.has(UnitFlags::DONE_MOVING));
    assert!(matches!(s.reach(&b.field, COHORT), Err(MoveRefusal::MovementOver { .. })));
}

#[test]
fn rule_7_12_a_pivot_in_place_is_no_move_out_of_the_hex() {
    let mut b = battle_with(&[(COHORT, "T0202", Facing::Twelve)]);
    let t0202 = hex(&b.field, "T0202");
    let mut s = MoveSearch::new();
    assert!(
        s.reach(&b.field, COHORT)
            .unwrap()
            .iter()
            .all(|r| !(r.hex == t0202 && r.facing == Facing::Twelve)),
        "its own hex and facing is no move"
    );
    assert_eq!(s.reach_to(&b.field, COHORT, t0202, Facing::Twelve).unwrap(), None);
    let end = s.reach_to(&b.field, COHORT, t0202, Facing::Six).unwrap().unwrap();
    let path = s.path(&b.field, &end);
    let mut events = Vec::new();
    let report = make_move(&mut b, COHORT, &end, &path, &mut events);
    assert!(report.entered.is_empty());
    assert_eq!(events[0].rule, "7.12");
    let u = b.field.unit(COHORT).unwrap();
    assert_eq!((u.facing, u.mp_spent), (Facing::Six, 1));
    assert!(!u.flags.has(UnitFlags::MOVED), "it did not leave its hex");
    assert!(b.combat.tracks.is_empty());
}

/// Every end `reach` lists is found by `reach_to` with the same cost and
/// hits; an end it does not list is not.
#[test]
fn reach_to_agrees_with_reach() {
    let positions: [&[(Uid, &str, Facing)]; 5] = [
        &[(COHORT, "T0202", Facing::Twelve)],
        &[(HORSE, "T0204", Facing::Two), (COHORT, "T0303", Facing::Four)],
        &[
            (COHORT, "T0403", Facing::Six),
            (WARBAND, "T0404", Facing::Eight),
            (WARBAND_2, "T0203", Facing::Twelve),
        ],
        &[
            (COHORT, "T0101", Facing::Two),
            (COHORT_2, "T0302", Facing::Ten),
            (ARCHERS, "T0203", Facing::Two),
        ],
        &[
            (WARBAND, "T0504", Facing::Six),
            (WARBAND_2, "T0404", Facing::Eight),
            (COHORT, "T0303", Facing::Two),
        ],
    ];
    let mut all = MoveSearch::new();
    let mut one = MoveSearch::new();
    let mut checked = 0;
    for placed in positions {
        let f = field_with(placed);
        let unit = placed[0].0;
        let ends: Vec<Reachable> = all.reach(&f, unit).unwrap().to_vec();
        assert!(!ends.is_empty());
        for h in f.setup().board.hexes() {
            for facing in Facing::ALL {
                let listed = ends.iter().find(|r| r.hex == h && r.facing == facing);
                let found = one.reach_to(&f, unit, h, facing).unwrap();
                assert_eq!(
                    found.map(|r| (r.hex, r.facing, r.mp, r.hits)),
                    listed.map(|r| (r.hex, r.facing, r.mp, r.hits)),
                    "{h:?} {facing:?}"
                );
                if let (Some(a), Some(b)) = (listed, found) {
                    assert_eq!(all.path(&f, a).last().map(|p| p.mp), Some(a.mp));
                    assert_eq!(
                        one.path(&f, &b).last().map(|p| (p.hex, p.facing)),
                        Some((h, facing))
                    );
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 0);
}

#[test]
fn one_search_reused_across_positions_sees_every_enemy_move_and_no_stale_zoc() {
    // The search keeps the enemy ZOC it built while the enemy's pieces are
    // the same (a listing searches every unit of one position); a change to
    // them, on this field or a clone, must be seen: the reused search
    // answers as a fresh one on every position.
    let mut f =
        field_with(&[(COHORT, "T0302", Facing::Twelve), (COHORT_2, "T0101", Facing::Twelve)]);
    let mut search = MoveSearch::new();
    let to = hex(&f, "T0503");
    let mut check = |field: &Field<Tiny>| {
        let reused = search.reach_to(field, COHORT, to, Facing::Twelve).unwrap().map(|r| r.mp);
        let fresh = MoveSearch::new().reach_to(field, COHORT, to, Facing::Twelve).unwrap();
        assert_eq!(reused, fresh.map(|r| r.mp));
        reused
    };
    assert_eq!(check(&f), Some(2), "no enemy: through T0403");
    // A friend moving changes nothing the search kept.
    let h = hex(&f, "T0102");
    f.move_unit(COHORT_2, h, Facing::Twelve).unwrap();
    assert_eq!(check(&f), Some(2));
    // An enemy arriving does: its ZOC in T0403 stops the cohort there, and
    // T0503 is a detour of 5 MP.
    let mut g = f.clone();
    let w = hex(&g, "T0404");
    g.move_unit(WARBAND, w, Facing::Eight).unwrap();
    assert_eq!(check(&g), Some(5));
    // Back on the first field (no warband), the old answer again; on a copy
    // of the second, the warband's ZOC still.
    assert_eq!(check(&f), Some(2));
    assert_eq!(check(&g.clone()), Some(5));
}
