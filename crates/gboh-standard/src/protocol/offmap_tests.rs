//! SPQR 8.62's last case, 8.64 and 8.65 (the living rules' 8.6 numbering):
//! cavalry that pursues a rout off the map, and the OC's Regroup and Return,
//! on the reconstructed Skirmish field.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing, clippy::panic)]

use gboh_core::dice::Dice;
use gboh_core::facing::{Direction, Facing};
use gboh_core::game::Rules;

use super::{Action, Battle, Pending, StandardEvent};
use crate::Spqr;
use crate::offmap::OffMap;
use crate::state::{Field, LeaderStatus, UnitStatus};

const LEGATUS: usize = 0;
const TRIBUNUS: usize = 1;
const LG_1: usize = 0;
const EQ: usize = 5;
const BI_1: usize = 6;

/// Skirmish with BI-1 at the north edge of the map (its routs go north,
/// twelve o'clock: off the map at once) and the Roman EQ (HC, TQ 5) in a
/// free hex beside it, `with` leaders stacked with it. Returns the battle and
/// BI-1's hex, where it will leave the map.
fn at_the_edge(with: &[usize]) -> (Battle<Spqr>, hexx::Hex) {
    let (mut b, _) = Battle::new(Spqr, "Skirmish").unwrap();
    let north = Facing::Twelve.front()[0];
    let mut edge = b.field.units[BI_1].hex;
    while b.field.board().contains(north.neighbor(edge)) {
        edge = north.neighbor(edge);
    }
    b.field.units[BI_1].hex = edge;
    let beside = Direction::ALL
        .into_iter()
        .map(|d| d.neighbor(edge))
        .find(|&h| b.field.board().contains(h) && b.field.unit_at(h).is_none())
        .unwrap();
    b.field.units[EQ].hex = beside;
    for &l in with {
        b.field.leaders[l].hex = beside;
    }
    (b, edge)
}

/// Routs BI-1 (off the map) and rolls `roll` for EQ's pursuit.
fn rout_and_pursue(b: &mut Battle<Spqr>, roll: u8) -> Vec<crate::game::GameEvent<Spqr>> {
    let mut events = Vec::new();
    b.rout(BI_1, &mut Dice::scripted([]), &mut events).unwrap();
    b.pursuit(EQ, &[BI_1], &mut Dice::scripted([roll]), &mut events).unwrap();
    events
}

#[test]
fn rule_8_62_a_pursuer_follows_a_rout_off_the_map_with_the_leaders_stacked_with_it() {
    let (mut b, edge) = at_the_edge(&[TRIBUNUS]);
    let events = rout_and_pursue(&mut b, 9);
    assert_eq!(b.field.units[BI_1].status, UnitStatus::Eliminated);
    // A 9 is above EQ's TQ 5: it pursues, and its enemy left by `edge`.
    assert_eq!(b.field.off_map, vec![OffMap { unit: EQ, exit: edge, leaders: vec![TRIBUNUS] }]);
    assert_eq!(b.field.units[EQ].status, UnitStatus::Eliminated);
    assert_eq!(b.field.leaders[TRIBUNUS].status, LeaderStatus::Dead);
    assert!(b.field.leader_off_map(TRIBUNUS));
    // SPQR 8.65: neither counts among the Romans' rout points.
    assert_eq!(*b.field.rout_points.get(gboh_core::Side::Roman), 0);
    let off = events
        .iter()
        .find(|e| matches!(e.what, StandardEvent::PursuedOffMap { .. }))
        .expect("placed off the map");
    assert_eq!(off.rule, "SPQR 8.62");
    let line = crate::narrate::line(&b.field, off);
    assert!(line.contains("with Tribunus") && line.contains(&b.field.label(edge)), "{line}");
}

#[test]
fn rule_8_62_a_pursuer_that_breaks_off_stays_on_the_map() {
    let (mut b, _) = at_the_edge(&[TRIBUNUS]);
    // A 5 is not above TQ 5: it breaks off.
    let events = rout_and_pursue(&mut b, 5);
    assert!(b.field.off_map.is_empty());
    assert!(b.field.units[EQ].in_play());
    assert_eq!(b.field.leaders[TRIBUNUS].status, LeaderStatus::Ready);
    assert!(!events.iter().any(|e| matches!(e.what, StandardEvent::PursuedOffMap { .. })));
}

/// Plays on (no orders, no Momentum, no trumps) until `leader` gives orders.
fn to_orders_of(b: &mut Battle<Spqr>, leader: usize) {
    let mut dice = Dice::seeded(7);
    loop {
        let a = match b.pending() {
            Pending::Orders { leader: l, .. } if l == leader => return,
            Pending::Orders { .. } => Action::EndOrders,
            Pending::Over(o) => panic!("{o:?}"),
            _ => Action::Decline,
        };
        b.perform(a, &mut dice, &mut Vec::new()).unwrap();
    }
}

/// EQ off the map (pursued last turn: no longer Finished) by `edge`; the
/// Legatus, the Roman OC, at his orders.
fn regrouping_legatus() -> (Battle<Spqr>, hexx::Hex) {
    let (mut b, edge) = at_the_edge(&[]);
    rout_and_pursue(&mut b, 9);
    assert_eq!(b.field.off_map.len(), 1);
    b.field.units[EQ].spent = false;
    to_orders_of(&mut b, LEGATUS);
    (b, edge)
}

#[test]
fn rule_8_64_the_oc_regroups_and_returns_off_map_cavalry_within_2_hexes_of_its_exit() {
    let (mut b, edge) = regrouping_legatus();
    let mut legal = Vec::new();
    b.legal_actions(&mut legal);
    assert!(legal.contains(&Action::RegroupAndReturn));
    // Not returned before the declaration.
    let back = Action::ReturnPursuer { unit: EQ, hex: edge, facing: Facing::Six };
    assert!(b.check(&back).unwrap_err().to_string().contains("SPQR 8.64"));
    let mut events = Vec::new();
    let mut dice = Dice::scripted([]);
    b.perform(Action::RegroupAndReturn, &mut dice, &mut events).unwrap();
    assert!(matches!(events[0].what, StandardEvent::Regrouped { leader: LEGATUS }));
    // His whole Orders Phase: no other order, no Line Command.
    let order = Action::Face { unit: LG_1, facing: Facing::Two };
    assert!(b.check(&order).unwrap_err().to_string().contains("Regroup and Return"));
    assert!(b.check(&Action::LineCommand { anchor: LG_1 }).is_err());
    // Within 2 hexes of the exit hex, no farther; a free hex only.
    legal.clear();
    b.legal_actions(&mut legal);
    let returns: Vec<hexx::Hex> = legal
        .iter()
        .filter_map(|a| match a {
            Action::ReturnPursuer { hex, facing: Facing::Six, .. } => Some(*hex),
            _ => None,
        })
        .collect();
    assert!(!returns.is_empty());
    assert!(returns.iter().all(|&h| Field::distance(edge, h) <= 2 && b.field.unit_at(h).is_none()));
    let far = edge.range(3).find(|&h| b.field.board().contains(h) && Field::distance(edge, h) == 3);
    let far = Action::ReturnPursuer { unit: EQ, hex: far.unwrap(), facing: Facing::Six };
    assert!(b.check(&far).is_err());
    let to = returns[0];
    events.clear();
    b.perform(
        Action::ReturnPursuer { unit: EQ, hex: to, facing: Facing::Six },
        &mut dice,
        &mut events,
    )
    .unwrap();
    assert!(b.field.off_map.is_empty());
    assert_eq!((b.field.units[EQ].hex, b.field.units[EQ].facing), (to, Facing::Six));
    assert!(b.field.units[EQ].in_play());
    // "using as much of their MA as they wish": a Move order of its MA 8.
    let x = b.ordered(EQ).copied().unwrap();
    assert_eq!(x.half_mp_left, 16);
    let line = crate::narrate::line(&b.field, &events[0]);
    assert_eq!(line, format!("[SPQR 8.64] EQ returns to the map in {}", b.field.label(to)));
    // It moves on; the phase ends as any other, and the flag with it.
    let step = Direction::ALL
        .into_iter()
        .map(|dir| Action::Step { unit: EQ, dir })
        .find(|a| b.check(a).is_ok());
    assert!(step.is_some());
    b.perform(Action::EndOrders, &mut Dice::seeded(7), &mut Vec::new()).unwrap();
    assert!(!b.field.regrouping);
}

#[test]
fn rule_8_64_only_the_oc_and_only_before_he_acts_regroups() {
    // Not once he has given an order.
    let (mut b, _) = regrouping_legatus();
    let order = Action::Face { unit: LG_1, facing: Facing::Two };
    b.perform(order, &mut Dice::scripted([]), &mut Vec::new()).unwrap();
    let why = b.check(&Action::RegroupAndReturn).unwrap_err().to_string();
    assert!(why.contains("SPQR 8.64") && why.contains("acted"), "{why}");
    // Not by a leader other than the OC.
    let (mut b, _) = at_the_edge(&[]);
    rout_and_pursue(&mut b, 9);
    to_orders_of(&mut b, TRIBUNUS);
    let why = b.check(&Action::RegroupAndReturn).unwrap_err().to_string();
    assert!(why.contains("not the OC"), "{why}");
    // Not with no cavalry off the map.
    let (mut b, _) = Battle::new(Spqr, "Skirmish").unwrap();
    to_orders_of(&mut b, LEGATUS);
    assert!(b.check(&Action::RegroupAndReturn).unwrap_err().to_string().contains("no cavalry"));
}

#[test]
fn rule_8_65_off_map_leaders_do_not_activate_and_are_not_fallen() {
    let (mut b, _) = at_the_edge(&[TRIBUNUS]);
    rout_and_pursue(&mut b, 9);
    // A turn's play: the Tribunus, off the map, never gives orders.
    let mut dice = Dice::seeded(7);
    let turn = b.field.turn;
    while b.field.turn == turn && !matches!(b.pending(), Pending::Over(_)) {
        let a = match b.pending() {
            Pending::Orders { leader, .. } => {
                assert_ne!(leader, TRIBUNUS, "an off-map leader activated");
                Action::EndOrders
            }
            _ => Action::Decline,
        };
        b.perform(a, &mut dice, &mut Vec::new()).unwrap();
    }
    assert_eq!(b.field.leaders[TRIBUNUS].status, LeaderStatus::Dead);
    assert!(b.field.leader_off_map(TRIBUNUS));
}

#[test]
fn rule_8_64_off_map_pursuers_are_kept_by_a_save() {
    let (b, edge) = regrouping_legatus();
    let text = ron::to_string(&b).unwrap();
    assert!(text.contains("off_map"));
    let back: Battle<Spqr> = ron::from_str(&text).unwrap();
    assert_eq!(back.field.off_map, vec![OffMap { unit: EQ, exit: edge, leaders: Vec::new() }]);
    assert_eq!(back, b);
    // A battle with none writes none (older saves read as before).
    let (fresh, _) = Battle::new(Spqr, "Skirmish").unwrap();
    assert!(!ron::to_string(&fresh).unwrap().contains("off_map"));
}
