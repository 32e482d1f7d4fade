//! 6.72 and the Movement Cost Table on the real Gergovia map: the table as
//! printed (each cell printed or reconstructed, bad data named), the walls,
//! gates and towers priced from it, own gates in, enemy gates out, no
//! cavalry over a wall, no Gaul over the town wall ([d]), the town wall's
//! limits (Special Terrain Notes), and the engine asking the game for every
//! step.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing, clippy::panic)]

use std::sync::Arc;

use gboh_core::board::HexsideFeature;
use gboh_core::facing::Direction;
use gboh_gergovia::battle::{self, BattleId};
use gboh_gergovia::map::{self, areas};
use gboh_gergovia::movement::{self, Class, MOVEMENT_FILE, MOVEMENT_RON, Row};
use gboh_gergovia::standard::Gergovia;
use gboh_standard::StandardGame;
use gboh_standard::movement::StepCost;
use gboh_standard::state::{Field, UnitStatus};
use hexx::Hex;

fn field() -> Field {
    Field::new(Arc::new(battle::battle(BattleId::Standard).unwrap().scenario.clone()))
}

fn unit(f: &Field, id: &str) -> usize {
    (0..f.units.len()).find(|&u| f.def(u).unwrap().id.as_str() == id).unwrap()
}

fn hex(label: &str) -> Hex {
    map::board().unwrap().hex_of(label).unwrap()
}

/// Puts unit `id` on `at`, clearing every other unit from the ring round it.
fn put(f: &mut Field, id: &str, at: &str) -> usize {
    let u = unit(f, id);
    let h = hex(at);
    for o in 0..f.units.len() {
        if o != u && Field::distance(f.units[o].hex, h) <= 2 {
            f.units[o].status = UnitStatus::Eliminated;
        }
    }
    f.units[u].hex = h;
    f.units[u].status = UnitStatus::InPlay;
    u
}

fn dir(a: &str, b: &str) -> Direction {
    Direction::between(hex(a), hex(b)).unwrap()
}

fn step(f: &Field, u: usize, from: &str, to: &str) -> Result<StepCost, String> {
    Gergovia::default().step_cost(f, u, hex(from), dir(from, to)).unwrap()
}

fn mp(half: u16) -> StepCost {
    StepCost { half_mp: half * 2, hits: 0 }
}

#[test]
fn movement_cost_table_cells_give_back_the_printed_runs_and_say_what_is_reconstructed() {
    let t = movement::table().unwrap();
    for row in Row::ALL {
        assert!(t.row(row).is_some(), "{row:?}");
    }
    assert_eq!(t.row(Row::StoneWall).unwrap().printed, "+212P");
    assert_eq!(t.hits(Row::StoneWall, Class::Light, false), Some(1));
    assert_eq!(t.hits(Row::StoneWall, Class::Cohort, false), Some(2));
    assert_eq!(t.hits(Row::StoneWall, Class::Cavalry, false), None);
    // "Gallic camp: treated as open ground".
    assert_eq!(t.half_mp(Row::GallicCamp, false), t.half_mp(Row::OpenGround, false));
    // Every cell is Printed except the two split by our reading.
    assert!(t.provenance(Row::TownWall, "cohort").is_printed());
    assert!(!t.provenance(Row::MinorRiver, "cohort").is_printed());
    assert!(t.reconstruction(Row::DownTwoLevels, "cohort").is_some());
    assert_eq!(
        t.hits(Row::MinorRiver, Class::Cohort, true),
        Some(0),
        "right of the '/': march column"
    );
}

#[test]
fn movement_cost_table_bad_cells_are_named_with_file_line_and_row() {
    let text = MOVEMENT_RON.replacen(
        "mp: (value: Plus(4)), light: (value: Hits(2)), cohort: (value: Hits(3))",
        "mp: (value: Plus(4)), light: (value: Hits(2)), cohort: (value: Hits(2))",
        1,
    );
    assert_ne!(text, MOVEMENT_RON);
    let err = movement::load_table(MOVEMENT_FILE, &text).unwrap_err();
    let line = text[..text.find("row: TownWall,").unwrap()].matches('\n').count() + 1;
    let shown = err.to_string();
    assert!(shown.contains(&format!("{MOVEMENT_FILE}:{line}:")), "{shown}");
    assert!(shown.contains("TownWall") && shown.contains("+423P"), "{shown}");
    // A missing row and a bad column name are both reported; nothing panics.
    let text = MOVEMENT_RON.replacen("row: Tower,", "row: Woods,", 1);
    let err = movement::load_table(MOVEMENT_FILE, &text).unwrap_err();
    assert!(err.to_string().contains("Tower"), "{err}");
    assert!(movement::load_table(MOVEMENT_FILE, "(rows: [").is_err());
}

#[test]
fn rule_6_72_a_cohort_goes_over_the_town_wall_at_4_mp_and_3_hits_with_no_climbing_cost() {
    let board = map::board().unwrap();
    // 3301/3401 is a wall hexside; 3401 is in the town, two levels up.
    assert!(board.has_hexside(hex("3301"), dir("3301", "3401"), HexsideFeature::TownWall));
    assert!(board.in_area(areas::GERGOVIA, hex("3401")));
    assert!(!board.in_area(areas::GERGOVIA, hex("3301")));
    assert!(board.elevation(hex("3401")).unwrap() > board.elevation(hex("3301")).unwrap());
    let mut f = field();
    let u = put(&mut f, "X-1", "3301");
    assert_eq!(step(&f, u, "3301", "3401"), Ok(StepCost { half_mp: 2 * (1 + 4), hits: 3 }));
    // A Numidian LI reads the SK/LI/BI column: 2 hits.
    let li = put(&mut f, "Numidian LI-1", "3302");
    let ok = step(&f, li, "3302", "3402");
    assert!(board.has_hexside(hex("3302"), dir("3302", "3402"), HexsideFeature::TownWall));
    assert_eq!(ok.map(|c| c.hits), Ok(2));
}

#[test]
fn rule_6_72_d_gallic_units_never_cross_the_town_wall_and_cavalry_no_wall_at_all() {
    let mut f = field();
    let bi = put(&mut f, "Carnutes-1", "3401");
    let e = step(&f, bi, "3401", "3301").unwrap_err();
    assert!(e.starts_with("6.72 [d]"), "{e}");
    // Camp wall 2013/2113: no cavalry across it (P), infantry at +3.
    let board = map::board().unwrap();
    assert!(board.has_hexside(hex("2013"), dir("2013", "2113"), HexsideFeature::CampWall));
    let (outside, inside) =
        if map::in_roman_camp(board, hex("2113")) { ("2013", "2113") } else { ("2113", "2013") };
    let ln = put(&mut f, "Gallic LN-1", outside);
    let e = step(&f, ln, outside, inside).unwrap_err();
    assert!(e.contains("prohibited (P)"), "{e}");
    let co = put(&mut f, "XIII-1", outside);
    assert_eq!(step(&f, co, outside, inside).map(|c| c.half_mp), Ok(2 * (1 + 3)));
}

#[test]
fn rule_6_72_own_gates_let_units_in_and_enemy_gates_let_them_out() {
    let board = map::board().unwrap();
    // The small camp's gate 2015/2115 and the town's gate 3307/3407.
    let camp_gate = ("2015", "2115");
    assert!(board.has_hexside(
        hex(camp_gate.0),
        dir(camp_gate.0, camp_gate.1),
        HexsideFeature::Gate
    ));
    let (out_c, in_c) =
        if map::in_roman_camp(board, hex("2115")) { camp_gate } else { (camp_gate.1, camp_gate.0) };
    let town_gate = ("3307", "3407");
    assert!(board.has_hexside(
        hex(town_gate.0),
        dir(town_gate.0, town_gate.1),
        HexsideFeature::Gate
    ));
    assert!(board.in_area(areas::GERGOVIA, hex("3407")));
    let mut f = field();
    // Romans into their camp through its gate: +2 MP, and out again.
    let co = put(&mut f, "XIII-1", out_c);
    assert_eq!(step(&f, co, out_c, in_c), Ok(mp(1 + 2)));
    let co = put(&mut f, "XIII-1", in_c);
    assert!(step(&f, co, in_c, out_c).is_ok());
    // Cavalry pass gates.
    let ln = put(&mut f, "Gallic LN-1", out_c);
    assert!(step(&f, ln, out_c, in_c).is_ok());
    // A Gaul may not come in through the Roman gate, but one inside may leave by it.
    let bi = put(&mut f, "Bituriges-1", out_c);
    let e = step(&f, bi, out_c, in_c).unwrap_err();
    assert!(e.starts_with("6.72: the gates of the opponent"), "{e}");
    let bi = put(&mut f, "Bituriges-1", in_c);
    assert!(step(&f, bi, in_c, out_c).is_ok());
    // The town's gate: Gauls in (no climbing cost), Romans only out.
    let bi = put(&mut f, "Bituriges-1", "3307");
    assert_eq!(step(&f, bi, "3307", "3407"), Ok(mp(1 + 2)));
    let co = put(&mut f, "X-1", "3307");
    assert!(step(&f, co, "3307", "3407").is_err());
    let co = put(&mut f, "X-1", "3407");
    assert!(step(&f, co, "3407", "3307").is_ok());
}

#[test]
fn special_terrain_notes_no_attempt_on_the_wall_next_to_an_enemy_or_into_a_friend() {
    let mut f = field();
    let co = put(&mut f, "X-1", "3301");
    // An enemy next to the cohort.
    let bi = put(&mut f, "Carnutes-1", "3302");
    f.units[co].hex = hex("3301");
    f.units[co].status = UnitStatus::InPlay;
    assert_eq!(f.units[bi].hex, hex("3302"));
    let e = step(&f, co, "3301", "3401").unwrap_err();
    assert!(e.contains("next to an enemy"), "{e}");
    // A Roman already in the hex beyond the wall.
    f.units[bi].status = UnitStatus::Eliminated;
    let x2 = unit(&f, "X-2");
    f.units[x2].hex = hex("3401");
    f.units[x2].status = UnitStatus::InPlay;
    let e = step(&f, co, "3301", "3401").unwrap_err();
    assert!(e.contains("held by its own side"), "{e}");
}

#[test]
fn movement_cost_table_natural_terrain_levels_and_the_sunken_road() {
    let board = map::board().unwrap();
    let mut f = field();
    // Up one level onto the hill (0 -> 1) somewhere on the real map: +1 MP.
    let (from, to) = board
        .hexes()
        .flat_map(|h| Direction::ALL.map(|d| (h, d.neighbor(h))))
        .find(|&(a, b)| {
            board.elevation(a) == Some(0)
                && board.elevation(b) == Some(1)
                && board.terrain(a) == Some(gboh_core::board::Terrain::Clear)
                && board.terrain(b) == Some(gboh_core::board::Terrain::Clear)
                && board.hexside_between(a, b).is_some_and(|s| s.is_empty())
                && !board.in_area(areas::SUNKEN_ROAD, a)
                && !board.in_area(areas::SUNKEN_ROAD, b)
        })
        .unwrap();
    let la = board.label(from).unwrap().to_string();
    let lb = board.label(to).unwrap().to_string();
    let co = put(&mut f, "VIII-1", &la);
    assert_eq!(step(&f, co, &la, &lb), Ok(mp(1 + 1)));
    assert_eq!(step(&f, co, &lb, &la), Ok(mp(1)), "down one level: 0");
    // [e]: entering the sunken road from a hex off it costs +1 MP and a hit;
    // moving along it is open ground.
    let clear = |h: Hex| board.terrain(h) == Some(gboh_core::board::Terrain::Clear);
    let (off, on) = board
        .hexes()
        .flat_map(|h| Direction::ALL.map(|d| (h, d.neighbor(h))))
        .find(|&(a, b)| {
            !board.in_area(areas::SUNKEN_ROAD, a)
                && board.in_area(areas::SUNKEN_ROAD, b)
                && !map::in_roman_camp(board, a)
                && clear(a)
                && clear(b)
                && board.elevation(a) == board.elevation(b)
                && board.hexside_between(a, b).is_some_and(|s| s.is_empty())
        })
        .unwrap();
    let (lo, ln) = (board.label(off).unwrap().to_string(), board.label(on).unwrap().to_string());
    let co = put(&mut f, "VIII-2", &lo);
    assert_eq!(step(&f, co, &lo, &ln), Ok(StepCost { half_mp: 2 * (1 + 1), hits: 1 }));
    let along = Direction::ALL
        .map(|d| d.neighbor(on))
        .into_iter()
        .find(|&h| {
            board.in_area(areas::SUNKEN_ROAD, h)
                && clear(h)
                && board.elevation(h) == board.elevation(on)
                && board.hexside_between(on, h).is_some_and(|s| s.is_empty())
        })
        .unwrap();
    let la = board.label(along).unwrap().to_string();
    assert_eq!(step(&f, co, &ln, &la), Ok(mp(1)));
}

use crate::support;

/// The engine asks the game for every step: on the real map, in an Orders
/// Phase, a Roman foot unit goes over the town wall at the table's cost and
/// a Gallic unit is refused the wall with 6.72 [d].
#[test]
fn rule_6_72_the_engine_prices_a_real_step_over_the_town_wall_from_the_table() {
    use gboh_core::Side;
    use gboh_core::game::Rules;
    use gboh_standard::{Action, Pending};
    for (side, from, to) in [(Side::Roman, "3301", "3401"), (Side::Adversary, "3401", "3301")] {
        let b = support::play_until(
            52,
            |_, p| matches!(p, Pending::Orders { side: s, .. } if *s == side),
        );
        let Pending::Orders { leader, .. } = b.pending() else { unreachable!() };
        let f = b.field();
        let u = (0..f.units.len())
            .find(|&u| {
                f.units[u].in_play()
                    && b.game().may_command(f, leader, u)
                    && !f.def(u).unwrap().class().is_mounted()
            })
            .expect("the active leader commands a foot unit");
        let mut s = support::save(&b);
        support::put(&mut s, u, from, support::facing_toward(from, to));
        s.leaders[leader].hex = support::hex(from);
        let b = support::load(&s);
        let dir = Direction::between(support::hex(from), support::hex(to)).unwrap();
        let check = b.check(&Action::Step { unit: u, dir });
        let table = movement::table().unwrap();
        let expected = movement::step_cost(table, b.field(), u, support::hex(from), dir);
        match side {
            Side::Roman => {
                let cost = expected.unwrap();
                assert_eq!(cost.half_mp, 2 * (1 + 4));
                assert!(check.is_ok(), "{check:?}");
            }
            Side::Adversary => {
                let e = check.unwrap_err().to_string();
                assert!(e.contains("6.72 [d]"), "{e}");
                assert!(expected.is_err());
            }
        }
    }
}

/// 6.23 (clarification): cohesion is lost only to the terrain the Movement
/// Cost Table lists: woods cost a cohort and cavalry a hit, SK/LI/BI none;
/// rocky ground everyone a hit; open ground no one.
#[test]
fn rule_6_23_cohesion_only_from_the_terrain_the_table_lists() {
    use gboh_core::board::Terrain;
    let board = map::board().unwrap();
    let mut f = field();
    let find = |t: Terrain| {
        board
            .hexes()
            .flat_map(|h| Direction::ALL.map(|d| (h, d.neighbor(h))))
            .find(|&(a, b)| {
                board.terrain(a) == Some(Terrain::Clear)
                    && board.terrain(b) == Some(t)
                    && board.elevation(a) == board.elevation(b)
                    && board.hexside_between(a, b).is_some_and(|s| s.is_empty())
                    && !board.in_area(areas::SUNKEN_ROAD, a)
                    && !board.in_area(areas::SUNKEN_ROAD, b)
            })
            .map(|(a, b)| {
                (board.label(a).unwrap().to_string(), board.label(b).unwrap().to_string())
            })
            .unwrap()
    };
    for (terrain, cohort, light, mps) in
        [(Terrain::Woods, 1, 0, 2), (Terrain::Rough, 1, 1, 1), (Terrain::Clear, 0, 0, 1)]
    {
        let (a, b) = find(terrain);
        let co = put(&mut f, "VIII-3", &a);
        assert_eq!(
            step(&f, co, &a, &b),
            Ok(StepCost { half_mp: 2 * mps, hits: cohort }),
            "{terrain:?}"
        );
        let bi = put(&mut f, "Carnutes-4", &a);
        assert_eq!(step(&f, bi, &a, &b).map(|c| c.hits), Ok(light), "{terrain:?}");
    }
}

/// Special Terrain Notes, the sunken road: "The road counts as flat terrain
/// for movement purposes": every step along it costs a cohort 1 MP and no
/// hit, whatever the ground and levels under it.
#[test]
fn special_terrain_notes_the_sunken_road_counts_as_flat_terrain() {
    let board = map::board().unwrap();
    let road = board.area(areas::SUNKEN_ROAD).unwrap().hexes().to_vec();
    let mut f = field();
    let mut pairs = 0;
    let mut uneven = 0;
    for &a in &road {
        for d in Direction::ALL {
            let b = d.neighbor(a);
            if !road.contains(&b) {
                continue;
            }
            let (la, lb) =
                (board.label(a).unwrap().to_string(), board.label(b).unwrap().to_string());
            let co = put(&mut f, "XIV-1", &la);
            assert_eq!(step(&f, co, &la, &lb), Ok(mp(1)), "{la} -> {lb}");
            pairs += 1;
            if board.elevation(a) != board.elevation(b)
                || board.terrain(b) != Some(gboh_core::board::Terrain::Clear)
                || board.hexside_between(a, b).is_some_and(|s| !s.is_empty())
            {
                uneven += 1;
            }
        }
    }
    assert!(pairs > 30, "{pairs} steps along the road");
    // Some of them climb or cross other ground: the rule is not vacuous here.
    assert!(uneven > 0, "{uneven} of {pairs} steps along the road cross something else");
}

/// Special Terrain Notes, the sunken road: "units may not stand adjacent to
/// one another in it, since the road was narrow": a step into a road hex next
/// to another unit in the road is refused; next to a unit off the road it is
/// not.
#[test]
fn special_terrain_notes_no_two_units_adjacent_in_the_sunken_road() {
    let board = map::board().unwrap();
    let road = board.area(areas::SUNKEN_ROAD).unwrap().hexes().to_vec();
    let label = |h: Hex| board.label(h).unwrap().to_string();
    // Three road hexes a - b - c in a row along the road, a and c not adjacent.
    let (a, b, c) = road
        .iter()
        .flat_map(|&b| {
            let r = &road;
            Direction::ALL.into_iter().flat_map(move |d1| {
                Direction::ALL
                    .into_iter()
                    .map(move |d2| (d1.neighbor(b), b, d2.neighbor(b)))
                    .filter(move |&(a, _, c)| {
                        r.contains(&a) && r.contains(&c) && a != c && Field::distance(a, c) == 2
                    })
            })
        })
        .next()
        .unwrap();
    let mut f = field();
    let co = put(&mut f, "XIV-1", &label(a));
    // Nobody else in the road next to b: the step is allowed.
    assert_eq!(step(&f, co, &label(a), &label(b)), Ok(mp(1)));
    // Another unit in the road at c, next to b: refused.
    let other = unit(&f, "XIV-2");
    f.units[other].hex = c;
    f.units[other].status = UnitStatus::InPlay;
    let e = step(&f, co, &label(a), &label(b)).unwrap_err();
    assert!(e.contains("Special Terrain Notes") && e.contains("sunken road"), "{e}");
    assert!(e.contains("XIV-2"), "{e}");
}
