//! The double-size phalanx counter on two hexes (SPQR 6.4-6.45, the facts of
//! reference/standard-family-rules.md; Dictator 9.101-9.104) on the
//! reconstructed "Phalanx" test field. See data/standard/scenarios/phalanx.ron
//! for who stands where.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing, clippy::panic)]

use gboh_core::dice::Dice;
use gboh_core::facing::{Direction, Facing};
use gboh_core::game::Game;
use gboh_core::table::Chance;
use gboh_standard::movement::StepCost;
use gboh_standard::protocol::Preview;
use gboh_standard::state::Scenario;
use gboh_standard::{Action, Battle, Pending, Spqr, StandardEvent};
use hexx::Hex;

const PH_A: usize = 0;
const PH_B: usize = 1;
const PH_C: usize = 2;
const LG_1: usize = 3;
const LG_2: usize = 5;
const LI_1: usize = 6;

fn battle() -> Battle<Spqr> {
    Battle::new(Spqr, "Phalanx").unwrap().0
}

fn hex(b: &Battle<Spqr>, label: &str) -> Hex {
    b.field().board().hex_of(label).unwrap()
}

fn labels(g: &Game<Battle<Spqr>>, u: usize) -> Vec<String> {
    let f = g.state().field();
    f.halves(u).into_iter().map(|h| f.label(h)).collect()
}

/// To the Adversary's Orders Phase: its leader (Initiative 2) is the lowest.
fn adversary_orders(faces: &[u8]) -> Game<Battle<Spqr>> {
    let mut g = Game::new(battle(), Dice::scripted(faces.iter().copied()));
    for _ in 0..4 {
        match g.pending() {
            Pending::Orders { .. } => break,
            Pending::Trump { .. } | Pending::Challenge { .. } => {
                g.apply(Action::Decline).unwrap();
            }
            Pending::RollOff => {
                g.apply(Action::RollOff).unwrap();
            }
            other => panic!("{other:?}"),
        }
    }
    assert!(matches!(g.pending(), Pending::Orders { side: gboh_core::Side::Adversary, .. }));
    g
}

#[test]
fn rule_9_101_a_double_size_counter_stands_on_two_hexes_with_one_front() {
    let b = battle();
    let f = b.field();
    // Both halves are the unit: occupancy, stacking and line of sight see it there.
    assert_eq!(f.unit_at(hex(&b, "S0705")), Some(PH_A));
    assert_eq!(f.unit_at(hex(&b, "S0704")), Some(PH_A));
    assert_eq!(f.halves(PH_A), vec![hex(&b, "S0705"), hex(&b, "S0704")]);
    // Its ZOC is the front of both halves: left front, centre, right front.
    let zoc: Vec<String> = f.zoc_hexes(PH_A).into_iter().map(|h| f.label(h)).collect();
    assert_eq!(zoc, ["S0606", "S0605", "S0604"]);
    assert!(f.exerts_zoc(PH_A, hex(&b, "S0604")));
    assert!(!f.exerts_zoc(PH_A, hex(&b, "S0603")));
    assert!(f.in_enemy_zoc(hex(&b, "S0604"), gboh_core::Side::Roman));
    // An attack or a move is seen from the half it touches.
    assert_eq!(f.aspect_from(PH_A, hex(&b, "S0805")), Some(gboh_core::facing::Aspect::Rear));
    assert_eq!(f.aspect_from(PH_A, hex(&b, "S0703")), Some(gboh_core::facing::Aspect::Flank));
    assert_eq!(f.aspect_from(PH_A, hex(&b, "S0605")), Some(gboh_core::facing::Aspect::Front));
    // Fire and range count to the nearer half (S0703 is next to the right
    // half, two hexes from the left).
    assert_eq!(f.nearest_half(PH_A, hex(&b, "S0703")), Some(hex(&b, "S0704")));
    assert_eq!(f.distance_to(PH_A, hex(&b, "S0703")), 1);
    // Line of sight over the right half is blocked as over the left.
    assert!(f.units_block_los(hex(&b, "S0604"), hex(&b, "S0804"), false));
}

#[test]
fn rule_9_101_the_scenario_rejects_a_second_half_out_of_place() {
    let map = include_str!("../data/standard/scenarios/skirmish-map.ron");
    let text = include_str!("../data/standard/scenarios/phalanx.ron");
    let wrong = text.replace("second_hex: Some(\"S0704\")", "second_hex: Some(\"S0706\")");
    let e = Scenario::from_ron("phalanx.ron", &wrong, "map.ron", map).unwrap_err().to_string();
    assert!(e.contains("9.101") && e.contains("S0704"), "{e}");
    let legion = text.replace(
        "hex: \"S0706\", facing: Ten",
        "hex: \"S0706\", second_hex: Some(\"S0807\"), facing: Ten",
    );
    let e = Scenario::from_ron("phalanx.ron", &legion, "map.ron", map).unwrap_err().to_string();
    assert!(e.contains("only a phalanx"), "{e}");
    let overlap = text.replace("hex: \"S0906\", facing: Eight", "hex: \"S0606\", facing: Eight");
    let e = Scenario::from_ron("phalanx.ron", &overlap, "map.ron", map).unwrap_err().to_string();
    assert!(e.contains("a second unit in S0606"), "{e}");
}

#[test]
fn rule_9_102_forward_with_both_halves_pays_the_worse_hex_once() {
    let mut g = adversary_orders(&[]);
    // South-west: S0506 (clear) and S0505 (broken: 1 MP, 1 hit for PH).
    let sw = g.check(&Action::Step { unit: PH_C, dir: Direction::SW }).unwrap();
    assert_eq!(sw, Preview::Cost(StepCost { half_mp: 2, hits: 1 }));
    // South-east: S0507 and S0506, both clear.
    let se = g.check(&Action::Step { unit: PH_C, dir: Direction::SE }).unwrap();
    assert_eq!(se, Preview::Cost(StepCost { half_mp: 2, hits: 0 }));
    // Not sideways: only the front.
    assert!(g.check(&Action::Step { unit: PH_C, dir: Direction::W }).is_err());
    let events = g.apply(Action::Step { unit: PH_C, dir: Direction::SW }).unwrap();
    assert!(events.iter().any(|e| matches!(&e.what,
        StandardEvent::Moved { unit: PH_C, to, hits: 1 } if to == "S0506/S0505")));
    assert_eq!(labels(&g, PH_C), ["S0506", "S0505"]);
    assert_eq!(g.state().field().units[PH_C].hits, 1);
    assert_eq!(g.state().field().units[PH_C].facing, Facing::Six);
}

#[test]
fn rule_9_102_a_pivot_enters_the_centre_front_hex_for_one_hit() {
    let mut g = adversary_orders(&[]);
    // PH-C about its right half (S0606): the left half enters S0506, the centre.
    let p = g.check(&Action::Pivot { unit: PH_C, clockwise: true }).unwrap();
    assert_eq!(p, Preview::Cost(StepCost { half_mp: 2, hits: 1 }));
    g.apply(Action::Pivot { unit: PH_C, clockwise: true }).unwrap();
    assert_eq!(labels(&g, PH_C), ["S0506", "S0606"]);
    assert_eq!(g.state().field().units[PH_C].facing, Facing::Eight);
    assert_eq!(g.state().field().units[PH_C].hits, 1);
}

#[test]
fn rule_9_102_the_wheel_printed_example_tq_6_roll_5_and_roll_8() {
    // SPQR 6.44's printed example (Dictator 9.102, second bullet): TQ 6, a
    // 5 gives one more hit than the pivot's (2 in all), an 8 two more (3).
    for (face, total) in [(5u8, 2u8), (8, 3)] {
        let mut g = adversary_orders(&[face]);
        // PH-A's left half is in LG-1's ZOC: it stays, the right half
        // (S0704) wheels into the centre S0605.
        let preview = g.check(&Action::Pivot { unit: PH_A, clockwise: false }).unwrap();
        let Preview::Odds { outcomes, .. } = &preview else { panic!("{preview:?}") };
        let chance = |o: &str| outcomes.iter().find(|(x, _)| x == o).map(|(_, c)| *c);
        // Exact odds on the d10: 0-7 the minimum 1 (2 in all), 8 two, 9 three.
        assert_eq!(chance("2 hits"), Some(Chance { count: 8, out_of: 10 }));
        assert_eq!(chance("3 hits"), Some(Chance { count: 1, out_of: 10 }));
        assert_eq!(chance("4 hits"), Some(Chance { count: 1, out_of: 10 }));
        let events = g.apply(Action::Pivot { unit: PH_A, clockwise: false }).unwrap();
        let pivot = events
            .iter()
            .find(|e| matches!(e.what, StandardEvent::Pivoted { .. }))
            .expect("a pivot event");
        assert_eq!(pivot.rule, "SPQR 6.44");
        assert_eq!(pivot.rolls.len(), 1);
        assert_eq!(g.state().field().units[PH_A].hits, total);
        assert_eq!(labels(&g, PH_A), ["S0705", "S0605"]);
        // It wheeled to face LG-1: S0706 is now in its front.
        assert_eq!(g.state().field().units[PH_A].facing, Facing::Four);
        assert!(g.state().field().zoc_hexes(PH_A).contains(&hex(g.state(), "S0706")));
    }
}

#[test]
fn rule_9_102_the_half_in_an_enemy_zoc_stays() {
    let g = adversary_orders(&[]);
    // About the right half would move the left, which is in LG-1's ZOC.
    let e = g.check(&Action::Pivot { unit: PH_A, clockwise: true }).unwrap_err();
    assert!(e.to_string().contains("stays"), "{e}");
    // Nor may it go forward out of the legion's ZOC (MA 4 against 5).
    assert!(g.check(&Action::Step { unit: PH_A, dir: Direction::SW }).is_err());
}

#[test]
fn rule_9_102_no_tq_check_when_only_a_skirmisher_exerts_the_zoc() {
    let g = adversary_orders(&[]);
    // PH-B's left half is in SK-1's ZOC only: the pivot's hit and no check.
    let p = g.check(&Action::Pivot { unit: PH_B, clockwise: false }).unwrap();
    assert_eq!(p, Preview::Cost(StepCost { half_mp: 2, hits: 1 }));
}

#[test]
fn rule_9_101_reverse_face_costs_3_mp_in_the_same_hexes_not_in_a_zoc() {
    let mut g = adversary_orders(&[]);
    // Only the opposite facing, and not with a part in an enemy ZOC.
    assert!(g.check(&Action::Face { unit: PH_C, facing: Facing::Four }).is_err());
    assert!(g.check(&Action::Face { unit: PH_A, facing: Facing::Twelve }).is_err());
    let p = g.check(&Action::Face { unit: PH_C, facing: Facing::Twelve }).unwrap();
    assert_eq!(p, Preview::Cost(StepCost { half_mp: 6, hits: 0 }));
    g.apply(Action::Face { unit: PH_C, facing: Facing::Twelve }).unwrap();
    // The same two hexes; the old right half is the new left.
    assert_eq!(labels(&g, PH_C), ["S0606", "S0607"]);
    assert_eq!(g.state().field().units[PH_C].facing, Facing::Twelve);
    // Once in these hexes.
    assert!(g.check(&Action::Face { unit: PH_C, facing: Facing::Six }).is_err());
}

#[test]
fn rule_9_101_an_enemy_in_a_rear_hex_lets_the_phalanx_reface_once() {
    // The Adversary ends its phase; Rome (Initiative 3) goes: LG-2 steps into
    // S0806, PH-A's rear. The reaction roll: 9 (mover MA 5 - PH MA 4 = +1: 10
    // against TQ 6, 4 hits).
    let mut g = adversary_orders(&[3]);
    g.apply(Action::EndOrders).unwrap();
    for _ in 0..6 {
        match g.pending() {
            Pending::Orders { side: gboh_core::Side::Roman, .. } => break,
            Pending::Momentum { .. } | Pending::Trump { .. } | Pending::Challenge { .. } => {
                g.apply(Action::Decline).unwrap();
            }
            other => panic!("{other:?}"),
        }
    }
    g.apply(Action::Step { unit: LG_2, dir: Direction::SW }).unwrap();
    assert_eq!(
        g.pending(),
        Pending::Reaction {
            side: gboh_core::Side::Adversary,
            unit: PH_A,
            mover: LG_2,
            leader: false
        }
    );
    // Only the opposite facing.
    assert!(g.check(&Action::ReactFace { unit: PH_A, facing: Facing::Four }).is_err());
    g.apply(Action::ReactFace { unit: PH_A, facing: Facing::Twelve }).unwrap();
    assert_eq!(labels(&g, PH_A), ["S0704", "S0705"]);
    assert_eq!(g.state().field().units[PH_A].facing, Facing::Twelve);
    // 7.15's roll: 3 + 1 = 4, not above TQ 6: no hits.
    assert_eq!(g.state().field().units[PH_A].hits, 0);
    let _ = LG_1;
}

#[test]
fn rule_9_101_the_picture_draws_a_phalanx_across_its_two_hexes() {
    let svg = gboh_standard::narrate::picture(&battle());
    assert_eq!(svg.matches("class=\"phalanx\"").count(), 3);
    assert_eq!(svg.matches(">PH<").count(), 6);
}

/// PH-C goes forward south-east into contact with LI-1 (its centre front),
/// declines nothing of its own, and the Shock segment runs with `seed`.
fn shock_li(seed: u64) -> (Game<Battle<Spqr>>, Vec<gboh_standard::GameEvent<Spqr>>) {
    let mut g = Game::new(battle(), Dice::seeded(seed));
    for _ in 0..4 {
        match g.pending() {
            Pending::Orders { .. } => break,
            Pending::RollOff => {
                g.apply(Action::RollOff).unwrap();
            }
            _ => {
                g.apply(Action::Decline).unwrap();
            }
        }
    }
    let mut events = g.apply(Action::Step { unit: PH_C, dir: Direction::SE }).unwrap();
    while let Pending::Reaction { unit, .. } = g.pending() {
        events.extend(g.apply(Action::NoReaction { unit }).unwrap());
    }
    events.extend(g.apply(Action::EndOrders).unwrap());
    if let Pending::ShockDesignation { .. } = g.pending() {
        events.extend(g.apply(Action::ResolveShocks).unwrap());
    }
    (g, events)
}

#[test]
fn rule_9_104_a_phalanx_shocks_from_its_front_and_advances_as_a_whole() {
    let mut advanced = 0;
    for seed in 0..200 {
        let (g, events) = shock_li(seed);
        assert_eq!(labels(&g, PH_C).len(), 2);
        let shocked =
            events.iter().any(|e| matches!(e.what, StandardEvent::Shock { attacker: PH_C, .. }));
        assert!(shocked, "seed {seed}: PH-C must shock LI-1 in its centre front");
        let f = g.state().field();
        let li_gone = !f.units[LI_1].in_play() && f.units[PH_C].in_play();
        if li_gone && events.iter().any(|e| matches!(e.what, StandardEvent::Routed { unit: LI_1 }))
        {
            // 9.104: forward with both halves, into the hex LI-1 left.
            assert!(
                events.iter().any(|e| matches!(&e.what,
                    StandardEvent::Advanced { unit: PH_C, to } if to == "S0408/S0407")),
                "seed {seed}: {events:?}"
            );
            assert_eq!(labels(&g, PH_C), ["S0408", "S0407"]);
            assert_eq!(f.units[PH_C].facing, Facing::Six);
            advanced += 1;
        }
    }
    assert!(advanced > 0, "no seed of 200 routed LI-1");
}

#[test]
fn rule_9_102_a_phalanx_in_column_moves_lengthwise_from_its_marked_end() {
    let mut g = adversary_orders(&[]);
    // The marker on the right half (S0606): that end is the front; the
    // facing does not change. 1 MP (SPQR 6.27), MA 4 + 1 in column.
    let p = g.check(&Action::PhalanxColumn { unit: PH_C, right: true }).unwrap();
    assert_eq!(p, Preview::Cost(StepCost { half_mp: 2, hits: 0 }));
    g.apply(Action::PhalanxColumn { unit: PH_C, right: true }).unwrap();
    let s = g.state().field().units[PH_C];
    assert!(s.column && s.column_right);
    assert_eq!(s.facing, Facing::Six);
    // Not a pivot, not a step off its long side.
    assert!(g.check(&Action::Pivot { unit: PH_C, clockwise: true }).is_err());
    assert!(g.check(&Action::Step { unit: PH_C, dir: Direction::SE }).is_err());
    // Listed once each: the steps off its front end (north-west, S0705, is
    // PH-A's).
    let steps: Vec<Action> = g
        .legal_actions()
        .into_iter()
        .filter(|a| matches!(a, Action::Step { unit: PH_C, .. }))
        .collect();
    assert_eq!(
        steps,
        [
            Action::Step { unit: PH_C, dir: Direction::SW },
            Action::Step { unit: PH_C, dir: Direction::W }
        ]
    );
    // Straight ahead (west): the rear half takes the front's hex.
    g.apply(Action::Step { unit: PH_C, dir: Direction::W }).unwrap();
    while let Pending::Reaction { unit, .. } = g.pending() {
        g.apply(Action::NoReaction { unit }).unwrap();
    }
    assert_eq!(labels(&g, PH_C), ["S0606", "S0605"]);
    assert_eq!(g.state().field().units[PH_C].facing, Facing::Six);
    // Into the hex beside the front: the counter turns with it, free.
    let p = g.check(&Action::Step { unit: PH_C, dir: Direction::SW }).unwrap();
    assert_eq!(p, Preview::Cost(StepCost { half_mp: 2, hits: 0 }));
    g.apply(Action::Step { unit: PH_C, dir: Direction::SW }).unwrap();
    while let Pending::Reaction { unit, .. } = g.pending() {
        g.apply(Action::NoReaction { unit }).unwrap();
    }
    assert_eq!(labels(&g, PH_C), ["S0605", "S0504"]);
    assert_eq!(g.state().field().units[PH_C].facing, Facing::Four);
    // Never back the way it came: only ahead of its front end or beside it.
    assert!(g.check(&Action::Step { unit: PH_C, dir: Direction::NE }).is_err());
}
