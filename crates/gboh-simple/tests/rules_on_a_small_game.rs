//! The engine's rules on its own small game (`doc_game::Tiny`: a 5 x 5 board,
//! woods at T0303, water at T0505, a hill at T0301, a stream, a wall and a
//! gated wall), with no game's changes: the family's
//! defaults of every hook. Each test names the rule (`Rule`) and the section
//! the small game cites for it, which is Alesia's numbering.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failing test panics

use std::sync::Arc;

use gboh_core::Side;
use gboh_core::facing::{Direction, Facing};
use gboh_core::unit::Status;
use gboh_simple::doc_game::{Tiny, TinySetup};
use gboh_simple::ground::facing::{self, Pivot};
use gboh_simple::ground::los::{self, Blocker};
use gboh_simple::ground::stacking::{self, FriendsEntry, Mover, StackingError};
use gboh_simple::ground::step::{self, StepError};
use gboh_simple::ground::zoc::{self, ZocMap};
use gboh_simple::rules::{command, hits};
use gboh_simple::{Field, Rule, SimpleGame, Uid};
use hexx::Hex;

const COHORT: Uid = Uid(0);
const WARBAND: Uid = Uid(1);
const ARCHERS: Uid = Uid(2);
const SCORPIO: Uid = Uid(3);
const WARBAND_2: Uid = Uid(4);
const COHORT_2: Uid = Uid(5);

fn setup() -> Arc<TinySetup> {
    Tiny::roster()
}

fn hex(setup: &TinySetup, label: &str) -> Hex {
    setup.board.hex_of(label).unwrap_or_else(|| panic!("no hex {label}"))
}

fn labels(setup: &TinySetup, hexes: impl Iterator<Item = Hex>) -> Vec<String> {
    let mut out: Vec<String> =
        hexes.map(|h| setup.board.label(h).map(|l| l.to_string()).unwrap()).collect();
    out.sort();
    out
}

fn field_with(placed: &[(Uid, &str, Facing)]) -> Field<Tiny> {
    let setup = setup();
    let mut field = Field::new(setup.clone());
    for &(u, at, facing) in placed {
        field.move_unit(u, hex(&setup, at), facing).unwrap();
    }
    field
}

#[test]
fn rule_zones_of_control_front_hexes_only_archers_flanks_too_artillery_none() {
    assert_eq!(Tiny::section(Rule::ZonesOfControl), "7.2");
    let s = setup();
    let cohort = field_with(&[(COHORT, "T0202", Facing::Twelve)]);
    let mut map = ZocMap::default();
    map.build(&cohort, Side::Adversary);
    let front = Facing::Twelve.front().map(|d| d.neighbor(hex(&s, "T0202")));
    assert_eq!(labels(&s, map.hexes(&s.board)), labels(&s, front.into_iter()));

    let archers = field_with(&[(ARCHERS, "T0202", Facing::Twelve)]);
    map.build(&archers, Side::Adversary);
    assert_eq!(map.hexes(&s.board).count(), 4, "front and flank hexes");

    let scorpio = field_with(&[(SCORPIO, "T0202", Facing::Twelve)]);
    map.build(&scorpio, Side::Adversary);
    assert_eq!(map.hexes(&s.board).count(), 0);
}

#[test]
fn rule_zones_of_control_a_routed_unit_exerts_none() {
    let mut field = field_with(&[(COHORT, "T0202", Facing::Twelve)]);
    assert!(zoc::exerts_zoc(&field, COHORT));
    field.unit_mut(COHORT).unwrap().cohesion.status = Status::Routed;
    assert!(!zoc::exerts_zoc(&field, COHORT));
}

#[test]
fn rule_zoc_extent_not_into_water_by_the_family_default() {
    assert_eq!(Tiny::section(Rule::ZocExtent), "7.22");
    let s = setup();
    // A cohort next to the water at T0505, facing it.
    let water = hex(&s, "T0505");
    let (at, d) = Direction::ALL
        .into_iter()
        .find_map(|d| {
            let at = d.opposite().neighbor(water);
            s.board.contains(at).then_some((at, d))
        })
        .expect("T0505 has a neighbour on the board");
    let facing = Facing::ALL.into_iter().find(|f| f.front().contains(&d)).unwrap();
    let label = s.board.label(at).unwrap().to_string();
    let field = field_with(&[(COHORT, &label, facing)]);
    assert!(!zoc::zoc_toward(&field, COHORT, d), "no ZOC into water");
    let other = facing.front().into_iter().find(|&o| o != d).unwrap();
    let dry = other.neighbor(at);
    assert!(s.board.contains(dry));
    assert!(zoc::zoc_toward(&field, COHORT, other), "its other front hex is dry: ZOC there");
    let mut map = ZocMap::default();
    map.build(&field, Side::Adversary);
    assert!(!map.contains(&s.board, water));
}

#[test]
fn rule_zoc_overlap_counts_every_enemy_unit() {
    assert_eq!(Tiny::section(Rule::ZocOverlap), "7.24");
    let s = setup();
    let target = hex(&s, "T0303");
    // Two cohorts on either side of T0303, each facing it.
    let mut placed = Vec::new();
    for (u, d) in [(COHORT, Direction::ALL[0]), (COHORT_2, Direction::ALL[3])] {
        let at = d.neighbor(target);
        let label = s.board.label(at).unwrap().to_string();
        let facing = Facing::ALL.into_iter().find(|f| f.front().contains(&d.opposite())).unwrap();
        placed.push((u, label, facing));
    }
    let placed: Vec<(Uid, &str, Facing)> =
        placed.iter().map(|(u, l, f)| (*u, l.as_str(), *f)).collect();
    let field = field_with(&placed);
    let mut map = ZocMap::default();
    map.build(&field, Side::Adversary);
    let i = s.board.index(target).unwrap();
    assert_eq!(map.count_at(i), 2);
    assert_eq!(zoc::enemy_zoc(&field, target, Side::Adversary).count(), 2);
    assert!(zoc::in_enemy_zoc(&field, target, Side::Adversary));
    assert!(!zoc::in_enemy_zoc(&field, target, Side::Roman), "own units exert no enemy ZOC");
}

#[test]
fn rule_command_range_is_traced_in_mp_and_stopped_by_an_empty_hex_in_enemy_zoc() {
    assert_eq!(Tiny::section(Rule::CommandRange), "4.24");
    let s = setup();
    let start = hex(&s, "T0101");
    let one = |_: Hex, _: Hex, _: Direction| Some(1);
    let field: Field<Tiny> = Field::new(s.clone());
    let free = command::range_map(&field, Side::Roman, start, 2, one);
    let reach = |m: &[u8]| m.iter().filter(|&&d| d != u8::MAX).count();
    // Within 2 MP at 1 MP a hex: the hexes within two hexes of the corner.
    let by_distance = s.board.hexes().filter(|h| h.unsigned_distance_to(start) <= 2).count();
    assert_eq!(reach(&free), by_distance);
    // A warband facing the corner: the empty hexes in its ZOC may be reached
    // but not passed through.
    let w = Direction::ALL[0].neighbor(Direction::ALL[0].neighbor(start));
    if s.board.contains(w) {
        let mut field: Field<Tiny> = Field::new(s.clone());
        let toward = Direction::between(w, Direction::ALL[0].neighbor(start)).unwrap();
        let facing = Facing::ALL.into_iter().find(|f| f.front().contains(&toward)).unwrap();
        field.move_unit(WARBAND, w, facing).unwrap();
        let blocked = command::range_map(&field, Side::Roman, start, 3, one);
        assert!(
            reach(&blocked)
                < reach(&command::range_map(
                    &Field::<Tiny>::new(s.clone()),
                    Side::Roman,
                    start,
                    3,
                    one
                ))
        );
        let wi = s.board.index(w).unwrap();
        assert_eq!(blocked[wi], u8::MAX, "the enemy's hex obstructs");
    }
}

#[test]
fn rule_chain_of_command_links_adjacent_units_to_one_in_range() {
    assert_eq!(Tiny::section(Rule::ChainOfCommand), "4.14");
    let s = setup();
    let field = field_with(&[
        (COHORT, "T0101", Facing::Twelve),
        (COHORT_2, "T0102", Facing::Twelve),
        (ARCHERS, "T0505", Facing::Twelve),
    ]);
    let in_range = |h: Hex| h == hex(&s, "T0101");
    assert_eq!(hex(&s, "T0101").unsigned_distance_to(hex(&s, "T0102")), 1);
    let reached = command::with_chain_of_command(&field, &[COHORT, COHORT_2, ARCHERS], in_range);
    assert_eq!(reached, vec![COHORT, COHORT_2], "the archers are far and linked to nobody");
}

#[test]
fn rule_hit_sharing_splits_evenly_over_a_stack_and_skips_archers() {
    assert_eq!(Tiny::section(Rule::HitSharing), "6.67");
    assert_eq!(hits::split(3, 2), (1, 1));
    let field = field_with(&[
        (WARBAND, "T0303", Facing::Twelve),
        (WARBAND_2, "T0303", Facing::Twelve),
        (COHORT, "T0101", Facing::Twelve),
        (ARCHERS, "T0101", Facing::Twelve),
    ]);
    // A unit moving in goes to the bottom of the stack (6.65): WARBAND is on top.
    assert_eq!(hits::sharers(&field, &[WARBAND, WARBAND_2]), vec![WARBAND, WARBAND_2]);
    assert_eq!(hits::sharers(&field, &[COHORT, ARCHERS]), vec![COHORT], "archers take none");
    assert_eq!(Tiny::section(Rule::LeftoverHits), "9.25");
    // One leftover hit between two stacks of one: either top unit may take it.
    let two =
        field_with(&[(WARBAND, "T0303", Facing::Twelve), (WARBAND_2, "T0304", Facing::Twelve)]);
    assert_eq!(hits::leftover_choices(&two, &[WARBAND, WARBAND_2], 1).len(), 2);
    // In one stack, the top unit first.
    assert_eq!(hits::leftover_choices(&field, &[WARBAND, WARBAND_2], 1), vec![vec![WARBAND]]);
}

#[test]
fn a_field_saves_and_loads_with_its_stack_order() {
    let field =
        field_with(&[(WARBAND, "T0303", Facing::Twelve), (WARBAND_2, "T0303", Facing::Twelve)]);
    let text = ron::to_string(&field.save()).unwrap();
    let loaded = Field::<Tiny>::load(setup(), ron::from_str(&text).unwrap()).unwrap();
    assert_eq!(loaded, field);
    assert_eq!(
        loaded.stack(hex(&setup(), "T0303")).iter().collect::<Vec<_>>(),
        vec![WARBAND, WARBAND_2]
    );
}

#[test]
fn rule_stack_limit_two_of_one_type_and_formation_or_foot_with_artillery() {
    assert_eq!(Tiny::section(Rule::StackLimit), "6.61");
    let s = setup();
    let field = field_with(&[]);
    let at = hex(&s, "T0202");
    let check = |units: &[Uid]| stacking::check_stack(&field, at, units);
    // One legion's two cohorts; a tribe's two warbands.
    assert_eq!(check(&[COHORT, COHORT_2]), Ok(()));
    assert_eq!(check(&[WARBAND, WARBAND_2]), Ok(()));
    // Foot with artillery.
    assert_eq!(check(&[ARCHERS, SCORPIO]), Ok(()));
    assert_eq!(check(&[COHORT, SCORPIO]), Ok(()));
    // Two of different types, and never three.
    let refused = |r: Result<(), StackingError>| {
        matches!(r, Err(StackingError::Illegal { section: "6.61", .. }))
    };
    assert!(refused(check(&[COHORT, ARCHERS])));
    assert!(refused(check(&[COHORT, COHORT_2, SCORPIO])));
    // A lone unit always stands.
    assert_eq!(check(&[SCORPIO]), Ok(()));
}

#[test]
fn rule_one_artillery_per_hex_cites_its_own_section() {
    assert_eq!(Tiny::section(Rule::OneArtilleryPerHex), "8.57");
    let field = field_with(&[]);
    let at = hex(&setup(), "T0202");
    // The same scorpio twice stands for two artillery units.
    assert!(matches!(
        stacking::check_stack(&field, at, &[SCORPIO, SCORPIO]),
        Err(StackingError::Illegal { section: "8.57", .. })
    ));
}

#[test]
fn rule_stacking_entering_friends_costs_the_chart_figure_unless_artillery_or_auxiliaries() {
    let s = setup();
    // Into a friendly cohort: the chart's 2 MP.
    let field =
        field_with(&[(COHORT, "T0202", Facing::Twelve), (SCORPIO, "T0302", Facing::Twelve)]);
    let cohort_2 = Mover::unit(&field, COHORT_2).unwrap();
    assert_eq!(
        stacking::entering(&field, hex(&s, "T0202"), &cohort_2),
        Ok(FriendsEntry { extra_mp: 2, must_stop: false, occupied: true })
    );
    // Into a lone scorpio: free.
    assert_eq!(
        stacking::entering(&field, hex(&s, "T0302"), &cohort_2),
        Ok(FriendsEntry { extra_mp: 0, must_stop: false, occupied: true })
    );
    // Into an empty hex, or an enemy's: no friends, nothing to pay.
    let warband = field_with(&[(WARBAND, "T0202", Facing::Six)]);
    assert_eq!(
        stacking::entering(&warband, hex(&s, "T0202"), &cohort_2),
        Ok(FriendsEntry::default())
    );
    // A leader ignores stacking.
    assert_eq!(
        stacking::entering(&field, hex(&s, "T0202"), &Mover::leader(Side::Roman)),
        Ok(FriendsEntry::default())
    );
}

#[test]
fn rule_stacking_a_unit_forced_into_friends_takes_their_facing() {
    let s = setup();
    let field = field_with(&[(COHORT, "T0202", Facing::Two)]);
    assert_eq!(
        stacking::joined_facing(&field, COHORT_2, hex(&s, "T0202"), Facing::Six),
        Facing::Two
    );
    assert_eq!(
        stacking::joined_facing(&field, COHORT_2, hex(&s, "T0303"), Facing::Six),
        Facing::Six
    );
    // Enemies are not friends.
    assert_eq!(
        stacking::joined_facing(&field, WARBAND, hex(&s, "T0202"), Facing::Six),
        Facing::Six
    );
}

// Tiny's columns run north-south: hexes in one axial row (T0101, T0202,
// T0302, T0403) lie on a straight line.

#[test]
fn rule_line_of_sight_woods_higher_ground_and_units_between_block() {
    assert_eq!(Tiny::section(Rule::LineOfSight), "8.15");
    let s = setup();
    let h = |l: &str| hex(&s, l);
    let empty = field_with(&[]);
    // Woods between block; a unit may see into woods.
    assert_eq!(
        los::sight(&empty, h("T0203"), h("T0404"), false),
        Err(Blocker::Terrain(h("T0303")))
    );
    assert_eq!(los::sight(&empty, h("T0203"), h("T0303"), false), Ok(()));
    // The hill at T0301 stands above both ends of T0201 - T0402.
    assert_eq!(
        los::sight(&empty, h("T0201"), h("T0402"), false),
        Err(Blocker::Elevation(h("T0301")))
    );
    // A clear, level line.
    assert_eq!(los::sight(&empty, h("T0202"), h("T0403"), false), Ok(()));
    // Units between block, unless the firer shoots over units closer to it
    // than the target (archers).
    let between = field_with(&[(WARBAND, "T0202", Facing::Six)]);
    assert_eq!(
        los::sight(&between, h("T0101"), h("T0403"), false),
        Err(Blocker::Units(h("T0202")))
    );
    assert_eq!(los::sight(&between, h("T0101"), h("T0403"), true), Ok(()));
}

#[test]
fn rule_line_of_sight_along_a_hexspine_is_blocked_only_if_both_sides_are() {
    let s = setup();
    let h = |l: &str| hex(&s, l);
    // T0203 - T0403 runs along the hexspine between T0302 and the woods.
    let path = gboh_core::board::los_path(h("T0203"), h("T0403"));
    assert_eq!(path.as_slice(), [gboh_core::board::LosStep::Tie(h("T0302"), h("T0303"))]);
    let empty = field_with(&[]);
    assert_eq!(los::sight(&empty, h("T0203"), h("T0403"), false), Ok(()), "one side open");
    let blocked = field_with(&[(WARBAND, "T0302", Facing::Six)]);
    assert!(los::sight(&blocked, h("T0203"), h("T0403"), false).is_err(), "both sides blocked");
}

#[test]
fn rule_line_of_sight_a_shot_leaves_and_enters_by_the_hexsides_on_its_line() {
    let s = setup();
    let h = |l: &str| hex(&s, l);
    let out = los::leaving_by(h("T0101"), h("T0403"));
    assert_eq!(out.iter().map(|d| d.neighbor(h("T0101"))).collect::<Vec<_>>(), [h("T0202")]);
    let into = los::entering_by(h("T0101"), h("T0403"));
    assert_eq!(into.iter().map(|d| d.neighbor(h("T0403"))).collect::<Vec<_>>(), [h("T0302")]);
    // Along a hexspine a shot leaves by the two hexsides beside the vertex.
    let spine = los::leaving_by(h("T0203"), h("T0403"));
    let mut beside: Vec<Hex> = spine.iter().map(|d| d.neighbor(h("T0203"))).collect();
    beside.sort_by_key(|x| (x.x, x.y));
    let mut expected = vec![h("T0302"), h("T0303")];
    expected.sort_by_key(|x| (x.x, x.y));
    assert_eq!(beside, expected);
}

#[test]
fn rule_terrain_costs_the_hex_entered_by_the_movers_column_and_water_is_impassable() {
    assert_eq!(Tiny::section(Rule::TerrainCosts), "6.3");
    let s = setup();
    let h = |l: &str| hex(&s, l);
    let field = field_with(&[]);
    let foot = Mover::unit(&field, COHORT).unwrap();
    let horse = Mover { class: gboh_core::table::terrain::MoverClass::Cavalry, ..foot };
    assert_eq!(step::step_cost(&field, &foot, h("T0202"), h("T0302")), Ok(1));
    assert_eq!(step::step_cost(&field, &foot, h("T0302"), h("T0303")), Ok(2));
    assert_eq!(step::step_cost(&field, &horse, h("T0302"), h("T0303")), Ok(3));
    assert_eq!(
        step::step_cost(&field, &foot, h("T0504"), h("T0505")),
        Err(StepError::Impassable(h("T0505")))
    );
    // Only adjacent hexes make a step.
    assert_eq!(
        step::step_cost(&field, &foot, h("T0202"), h("T0404")),
        Err(StepError::NotAdjacent(h("T0202"), h("T0404")))
    );
}

#[test]
fn rule_terrain_costs_climbing_onto_higher_ground_costs_the_charts_climb_going_down_nothing() {
    let s = setup();
    let h = |l: &str| hex(&s, l);
    let field = field_with(&[]);
    let foot = Mover::unit(&field, COHORT).unwrap();
    assert_eq!(step::step_cost(&field, &foot, h("T0201"), h("T0301")), Ok(2), "up the hill");
    assert_eq!(step::step_cost(&field, &foot, h("T0301"), h("T0201")), Ok(1), "down");
}

#[test]
fn rule_terrain_costs_hexsides_add_their_cost_a_gate_replaces_its_wall() {
    use gboh_core::board::HexsideFeature;
    let s = setup();
    let h = |l: &str| hex(&s, l);
    let field = field_with(&[]);
    let foot = Mover::unit(&field, COHORT).unwrap();
    let horse = Mover { class: gboh_core::table::terrain::MoverClass::Cavalry, ..foot };
    // A stream: +1, either way.
    assert_eq!(step::step_cost(&field, &foot, h("T0104"), h("T0105")), Ok(2));
    assert_eq!(step::step_cost(&field, &foot, h("T0105"), h("T0104")), Ok(2));
    // A stone wall: +2 for foot, closed to cavalry.
    assert_eq!(step::step_cost(&field, &foot, h("T0204"), h("T0205")), Ok(3));
    assert_eq!(
        step::step_cost(&field, &horse, h("T0204"), h("T0205")),
        Err(StepError::Uncrossable(HexsideFeature::StoneWall, h("T0205")))
    );
    // Its gate: +1 instead, for cavalry too.
    assert_eq!(step::step_cost(&field, &foot, h("T0404"), h("T0405")), Ok(2));
    assert_eq!(step::step_cost(&field, &horse, h("T0404"), h("T0405")), Ok(2));
}

#[test]
fn side_facts_mark_enemy_hexes_their_neighbours_and_their_zoc_for_the_moving_side() {
    use gboh_simple::ground::facts::SideFacts;
    let s = setup();
    let h = |l: &str| hex(&s, l);
    let i = |l: &str| s.board.index(h(l)).unwrap();
    let field = field_with(&[(WARBAND, "T0303", Facing::Six), (COHORT, "T0101", Facing::Twelve)]);
    let mut facts = SideFacts::default();
    facts.build(&field, Side::Roman);
    assert!(facts.enemy(i("T0303")));
    assert!(!facts.enemy(i("T0101")), "a friend is not an enemy");
    let around: Vec<Hex> = Direction::ALL.iter().map(|d| d.neighbor(h("T0303"))).collect();
    for x in &around {
        assert!(facts.enemy_adjacent(s.board.index(*x).unwrap()));
    }
    assert!(!facts.enemy_adjacent(i("T0101")));
    // The warband faces Six: its ZOC covers its two front hexes.
    let front = Facing::Six.front().map(|d| s.board.index(d.neighbor(h("T0303"))).unwrap());
    assert!(front.iter().all(|&j| facts.in_zoc(j)));
    assert_eq!(
        Direction::ALL
            .iter()
            .filter(|d| facts.in_zoc(s.board.index(d.neighbor(h("T0303"))).unwrap()))
            .count(),
        2
    );
    // The family closes no hex to combat units.
    assert!(s.board.hexes().all(|x| !facts.counter(s.board.index(x).unwrap())));

    // One hex only: the same answers there, every other hex free.
    let mut one = SideFacts::default();
    one.build_at(&field, Side::Roman, h("T0302"));
    assert!(one.enemy_adjacent(i("T0302")));
    assert!(!one.enemy(i("T0303")), "built for T0302 only");
    one.build_at(&field, Side::Adversary, h("T0101"));
    assert!(one.enemy(i("T0101")));
    assert!(!one.enemy_adjacent(i("T0302")), "the previous hex is cleared");
}

#[test]
fn rule_no_enemy_stacking_and_leaders_not_next_to_enemies_unless_onto_friends() {
    use gboh_simple::ground::entry::{EntryRefusal, family_entry};
    use gboh_simple::ground::facts::SideFacts;
    assert_eq!(Tiny::section(Rule::NoEnemyStacking), "6.64");
    assert_eq!(Tiny::section(Rule::LeadersNextToEnemies), "4.31");
    let s = setup();
    let h = |l: &str| hex(&s, l);
    let field = field_with(&[(WARBAND, "T0303", Facing::Six), (COHORT, "T0302", Facing::Twelve)]);
    let mut facts = SideFacts::default();
    facts.build(&field, Side::Roman);
    let cohort_2 = Mover::unit(&field, COHORT_2).unwrap();
    let legate = Mover::leader(Side::Roman);
    // Nobody enters the enemy's hex.
    assert_eq!(
        family_entry(&field, &facts, &cohort_2, h("T0303")),
        Err(EntryRefusal::EnemyUnits(h("T0303")))
    );
    assert_eq!(
        family_entry(&field, &facts, &legate, h("T0303")),
        Err(EntryRefusal::EnemyUnits(h("T0303")))
    );
    // A combat unit may move next to the enemy; a leader may not, unless
    // onto friends (the cohort at T0302, next to the warband).
    let beside = Direction::ALL
        .iter()
        .map(|d| d.neighbor(h("T0303")))
        .find(|&x| s.board.contains(x) && x != h("T0302") && field.stack(x).is_empty())
        .unwrap();
    assert_eq!(family_entry(&field, &facts, &cohort_2, beside), Ok(()));
    assert_eq!(
        family_entry(&field, &facts, &legate, beside),
        Err(EntryRefusal::LeaderNextToEnemy(beside))
    );
    assert_eq!(family_entry(&field, &facts, &legate, h("T0302")), Ok(()));
    // Off the map.
    let off = Direction::ALL
        .iter()
        .map(|d| d.neighbor(h("T0101")))
        .find(|&x| !s.board.contains(x))
        .unwrap();
    assert_eq!(family_entry(&field, &facts, &cohort_2, off), Err(EntryRefusal::OffMap(off)));
}

#[test]
fn rule_facing_front_hexes_and_the_familys_pivot_costs() {
    assert_eq!(Tiny::section(Rule::Facing), "7.12");
    assert_eq!(Tiny::section(Rule::ZocFacing), "7.13");
    let field = field_with(&[(COHORT, "T0202", Facing::Twelve)]);
    let cohort = Mover::unit(&field, COHORT).unwrap();
    // The family's default: foot 1 MP for any turn, cavalry 1 MP a vertex,
    // leaders free.
    assert_eq!(facing::pivot_cost::<Tiny>(&cohort, Facing::Twelve, Facing::Six), 1);
    assert_eq!(facing::pivot_cost::<Tiny>(&cohort, Facing::Twelve, Facing::Two), 1);
    assert_eq!(facing::pivot_cost::<Tiny>(&cohort, Facing::Twelve, Facing::Twelve), 0);
    let horse = Mover { class: gboh_core::table::terrain::MoverClass::Cavalry, ..cohort };
    assert_eq!(facing::pivot_cost::<Tiny>(&horse, Facing::Twelve, Facing::Six), 3);
    assert_eq!(
        facing::pivot_cost::<Tiny>(&Mover::leader(Side::Roman), Facing::Twelve, Facing::Six),
        0
    );
    assert_eq!(facing::family_pivot(&horse), Pivot::PerVertex(1));
    // 7.11: only the two front hexes; 7.13: one vertex in an enemy ZOC.
    assert_eq!(facing::entry_directions(Facing::Two, false), [Direction::NE, Direction::E]);
    assert!(facing::zoc_pivot_allowed(Facing::Two, Facing::Four));
    assert!(!facing::zoc_pivot_allowed(Facing::Two, Facing::Six));
}
