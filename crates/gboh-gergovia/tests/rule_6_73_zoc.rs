//! 6.73 on the real Gergovia map: "Zones of control (ZOCs) do not extend
//! over fortifications. Only in melee across a fortified hexside do the
//! units involved exert a ZOC on each other (in both directions). [...] For
//! reaction fire under 8.2, the ZOC rule applies as it would without
//! fortification."
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing, clippy::panic)]

use crate::support;

use std::sync::Arc;

use gboh_core::Side;
use gboh_core::dice::Dice;
use gboh_core::facing::{Direction, Facing};
use gboh_core::game::{Game, Rules};
use gboh_gergovia::battle::{self, BattleId};
use gboh_gergovia::map::{self, areas};
use gboh_gergovia::movement::fortified;
use gboh_gergovia::standard::Gergovia;
use gboh_standard::state::{Field, UnitStatus};
use gboh_standard::{Action, Pending, StandardEvent, StandardGame};
use hexx::Hex;
use support::hex;

fn field() -> Field {
    Field::new(Arc::new(battle::battle(BattleId::Standard).unwrap().scenario.clone()))
}

/// `a` on `at` facing `fa`, `d` on `on` facing `fd`, nobody else near.
fn face_off(f: &mut Field, a: usize, at: Hex, fa: Facing, d: usize, on: Hex, fd: Facing) {
    for (o, s) in f.units.iter_mut().enumerate() {
        if o != a && o != d && (Field::distance(s.hex, at) <= 2 || Field::distance(s.hex, on) <= 2)
        {
            s.status = UnitStatus::Eliminated;
        }
    }
    for (u, h, fc) in [(a, at, fa), (d, on, fd)] {
        f.units[u].hex = h;
        f.units[u].facing = fc;
        f.units[u].status = UnitStatus::InPlay;
    }
}

fn toward(from: Hex, to: Hex) -> Facing {
    let d = Direction::between(from, to).unwrap();
    Facing::ALL.into_iter().find(|f| f.front().contains(&d)).unwrap()
}

#[test]
fn rule_6_73_no_zoc_over_the_town_wall_a_camp_wall_or_a_gate_but_over_open_ground() {
    let mut f = field();
    let (roman, gaul) = (support::unit(&f, "X-1"), support::unit(&f, "Carnutes-1"));
    // (outside, inside, what): the town wall 3301/3401, the town's gate
    // 3307/3407, the small camp's wall 2013/2113 and gate 2015/2115.
    let board = map::board().unwrap();
    let camp = |a: &str, b: &str| {
        if map::in_roman_camp(board, hex(b)) { (hex(a), hex(b)) } else { (hex(b), hex(a)) }
    };
    let cases = [
        (hex("3301"), hex("3401"), "the town wall"),
        (hex("3307"), hex("3407"), "the town's gate"),
        (camp("2013", "2113").0, camp("2013", "2113").1, "the small camp's wall"),
        (camp("2015", "2115").0, camp("2015", "2115").1, "the small camp's gate"),
    ];
    for (out, inside, what) in cases {
        let dir = Direction::between(out, inside).unwrap();
        assert!(fortified(board, out, dir), "{what}");
        // Both face the wall, each with the other in a front hex.
        face_off(&mut f, roman, out, toward(out, inside), gaul, inside, toward(inside, out));
        assert!(f.exerts_zoc_unfortified(roman, inside), "{what}: SPQR 7.2's geometry");
        assert!(!f.exerts_zoc(roman, inside), "{what}: the Roman's ZOC stops at it");
        assert!(!f.exerts_zoc(gaul, out), "{what}: the Gaul's ZOC stops at it");
        assert!(!f.in_enemy_zoc(out, Side::Roman) && !f.in_enemy_zoc(inside, Side::Adversary));
        assert!(!f.zoc_hexes(gaul).contains(&out), "{what}: zoc_hexes agrees");
    }
    // Open ground: the same two units exert ZOC on each other.
    let (a, b) = (hex("2714"), hex("2814"));
    face_off(&mut f, roman, a, toward(a, b), gaul, b, toward(b, a));
    assert!(f.exerts_zoc(roman, b) && f.exerts_zoc(gaul, a));
    // SPQR's own battles close no hexside.
    assert!(gboh_standard::Spqr::scenario("Skirmish").unwrap().zoc_closed.is_empty());
}

#[test]
fn rule_6_73_in_melee_across_the_wall_the_two_exert_a_zoc_on_each_other_both_ways() {
    let mut f = field();
    let (roman, gaul) = (support::unit(&f, "X-1"), support::unit(&f, "Carnutes-1"));
    let other = support::unit(&f, "Carnutes-2");
    let (out, inside) = (hex("3301"), hex("3401"));
    face_off(&mut f, roman, out, toward(out, inside), gaul, inside, toward(inside, out));
    f.melees.push((roman, gaul));
    assert!(f.exerts_zoc(roman, inside) && f.exerts_zoc(gaul, out));
    assert!(f.in_enemy_zoc(out, Side::Roman) && f.in_enemy_zoc(inside, Side::Adversary));
    // Only the two in melee: another Gaul in that hex is not reached.
    f.units[gaul].status = UnitStatus::Eliminated;
    f.units[other].hex = inside;
    f.units[other].facing = toward(inside, out);
    f.units[other].status = UnitStatus::InPlay;
    assert!(!f.exerts_zoc(roman, inside) && !f.exerts_zoc(other, out));
}

/// A Roman cohort outside the town wall with a Gaul inside whose front
/// covers two hexes along it: by SPQR 7.2 alone the cohort could not step
/// from one to the other (in an enemy ZOC it may not move into another
/// hex of enemy ZOC); by 6.73 the engine lets it.
#[test]
fn rule_6_73_a_cohort_moves_along_the_town_wall_past_a_gaul_inside() {
    let board = map::board().unwrap();
    let walls = |t: Hex, a: Hex| {
        Direction::between(t, a).is_some_and(|d| {
            fortified(board, t, d)
                && !board.has_hexside(t, d, gboh_core::board::HexsideFeature::Gate)
        })
    };
    // A town hex t with two adjacent neighbours a, b outside across walls,
    // open ground along the wall for the step a -> b.
    let town = board.area(areas::GERGOVIA).unwrap().hexes().to_vec();
    let (t, a, b) = town
        .iter()
        .find_map(|&t| {
            let ns: Vec<Hex> = Direction::ALL.map(|d| d.neighbor(t)).to_vec();
            ns.iter().enumerate().find_map(|(i, &a)| {
                let b = ns[(i + 1) % 6];
                (walls(t, a)
                    && walls(t, b)
                    && board.terrain(a) == Some(gboh_core::board::Terrain::Clear)
                    && board.terrain(b) == Some(gboh_core::board::Terrain::Clear)
                    && board.elevation(a) == board.elevation(b))
                .then_some((t, a, b))
            })
        })
        .expect("a stretch of the town wall with open ground outside");
    let commands_a_cohort = |bt: &gboh_standard::Battle<Gergovia>, leader: usize| {
        let f = bt.field();
        (0..f.units.len()).any(|u| {
            f.units[u].in_play()
                && bt.game().may_command(f, leader, u)
                && f.def(u).unwrap().unit_type == gboh_core::unit::UnitType::CO
        })
    };
    let bt = support::play_until(
        52,
        |bt, p| matches!(p, Pending::Orders { side: Side::Roman, leader } if commands_a_cohort(bt, *leader)),
    );
    let Pending::Orders { leader, .. } = bt.pending() else { unreachable!() };
    let f = bt.field();
    let u = (0..f.units.len())
        .find(|&u| {
            f.units[u].in_play()
                && bt.game().may_command(f, leader, u)
                && f.def(u).unwrap().unit_type == gboh_core::unit::UnitType::CO
        })
        .unwrap();
    let gaul = support::unit(f, "Carnutes-1");
    let step = Direction::between(a, b).unwrap();
    let mut s = support::save(&bt);
    let label = |h: Hex| board.label(h).unwrap().to_string();
    support::put(
        &mut s,
        u,
        &label(a),
        Facing::ALL.into_iter().find(|f| f.front().contains(&step)).unwrap(),
    );
    s.leaders[leader].hex = a;
    s.units[gaul].hex = t;
    s.units[gaul].status = UnitStatus::InPlay;
    s.units[gaul].facing = Facing::ALL
        .into_iter()
        .find(|fc| {
            let fr = fc.front();
            fr.contains(&Direction::between(t, a).unwrap())
                && fr.contains(&Direction::between(t, b).unwrap())
        })
        .unwrap();
    let bt = support::load(&s);
    let f = bt.field();
    assert!(f.exerts_zoc_unfortified(gaul, a) && f.exerts_zoc_unfortified(gaul, b));
    assert!(!f.in_enemy_zoc(a, Side::Roman));
    let mut g = Game::new(bt, Dice::seeded(1));
    g.check(&Action::Step { unit: u, dir: step })
        .unwrap_or_else(|e| panic!("6.73: the step along the wall is refused: {e}"));
    let events = g.apply(Action::Step { unit: u, dir: step }).unwrap();
    assert!(
        events.iter().any(|e| matches!(&e.what, StandardEvent::Moved { unit, .. } if *unit == u))
    );
}
