//! SPQR 6.68's effects of stacking on a stack attacked by shock, on the
//! reconstructed Stacks field: X-P (TQ 7) steps onto X-H (TQ 6) and is the
//! bottom unit (6.66); the warband BI-1 then shocks the stack. Played over
//! seeded dice, each game checked against the rule.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing, clippy::panic)]

use gboh_core::Side;
use gboh_core::dice::Dice;
use gboh_core::facing::Direction;
use gboh_core::game::Game;
use gboh_standard::{Action, Battle, GameEvent, Pending, Spqr, StandardEvent};

const X_H: usize = 0;
const X_P: usize = 1;
const BI_1: usize = 6;

fn decline_reactions(g: &mut Game<Battle<Spqr>>) {
    while let Pending::Reaction { unit, .. } = g.pending() {
        g.apply(Action::NoReaction { unit }).unwrap();
    }
}

/// The shock on the stack with `seed`: its events.
fn shock(seed: u64) -> (Game<Battle<Spqr>>, Vec<GameEvent<Spqr>>) {
    let mut g = Game::new(Battle::new(Spqr, "Stacks").unwrap().0, Dice::seeded(seed));
    while !matches!(g.pending(), Pending::Orders { side: Side::Roman, .. }) {
        g.apply(Action::Decline).unwrap();
    }
    g.apply(Action::Step { unit: X_P, dir: Direction::NE }).unwrap();
    decline_reactions(&mut g);
    assert!(g.state().field().is_bottom(X_P));
    g.apply(Action::EndOrders).unwrap();
    while !matches!(g.pending(), Pending::Orders { side: Side::Adversary, .. }) {
        g.apply(Action::Decline).unwrap();
    }
    g.apply(Action::Step { unit: BI_1, dir: Direction::SE }).unwrap();
    decline_reactions(&mut g);
    let mut events = g.apply(Action::EndOrders).unwrap();
    while let Pending::ShockDesignation { .. } = g.pending() {
        events.extend(g.apply(Action::ResolveShocks).unwrap());
    }
    (g, events)
}

#[test]
fn rule_6_68_the_bottom_unit_checks_against_the_top_units_tq() {
    let mut seen = 0;
    for seed in 0..60 {
        let (_, events) = shock(seed);
        for e in &events {
            if let StandardEvent::PreShock { unit: X_P, hits } = e.what {
                // X-P's own TQ is 7; the top unit's (X-H) is 6, no DRM here.
                let face = e.rolls[0].face;
                assert_eq!(hits, face.saturating_sub(6), "seed {seed}: roll {face}");
                seen += u32::from(face == 7);
            }
        }
    }
    assert!(seen > 0, "no roll of 7 to tell the TQs apart");
}

#[test]
fn rule_6_68_a_stacks_odd_shock_hit_goes_to_the_top_unit() {
    let mut odd = 0;
    for seed in 0..200 {
        let (g, events) = shock(seed);
        let pre = |u: usize| -> u8 {
            events
                .iter()
                .filter_map(|e| match e.what {
                    StandardEvent::PreShock { unit, hits } if unit == u => Some(hits),
                    _ => None,
                })
                .sum()
        };
        let Some(defender_hits) = events.iter().find_map(|e| match e.what {
            StandardEvent::Shock { defender_hits, .. } => Some(defender_hits),
            _ => None,
        }) else {
            continue;
        };
        let f = g.state().field();
        let both = [X_H, X_P].iter().all(|&u| f.units[u].in_play());
        // 8.47's collapse and brink checks set hits of their own.
        let collapse = events.iter().any(|e| e.rule == "SPQR 8.47");
        if !both || collapse || defender_hits % 2 == 0 {
            continue;
        }
        // BI-1 attacks through the stack's front: the odd hit to X-H, the top.
        let (h, p) = (f.units[X_H].hits - pre(X_H), f.units[X_P].hits - pre(X_P));
        assert_eq!((h, p), (defender_hits / 2 + 1, defender_hits / 2), "seed {seed}");
        odd += 1;
    }
    assert!(odd > 0, "no odd split in 200 games");
}

#[test]
fn rule_6_66_the_stack_order_changes_only_by_an_order_to_the_bottom_unit() {
    // Every die reads 0: the Momentum roll succeeds.
    let mut g = Game::new(Battle::new(Spqr, "Stacks").unwrap().0, Dice::scripted(vec![0; 20]));
    while !matches!(g.pending(), Pending::Orders { side: Side::Roman, .. }) {
        g.apply(Action::Decline).unwrap();
    }
    g.apply(Action::Step { unit: X_P, dir: Direction::NE }).unwrap();
    decline_reactions(&mut g);
    // X-P moved in under X-H; it was ordered to move, so not again this phase.
    assert!(g.state().field().is_bottom(X_P));
    assert!(g.check(&Action::SwapStack { unit: X_P }).is_err());
    g.apply(Action::EndOrders).unwrap();
    assert!(matches!(g.pending(), Pending::Momentum { .. }), "{:?}", g.pending());
    g.apply(Action::Momentum).unwrap();
    // The opponent declines to trump after the Momentum roll (5.4).
    while let Pending::Challenge { .. } = g.pending() {
        g.apply(Action::Decline).unwrap();
    }
    assert!(matches!(g.pending(), Pending::Orders { side: Side::Roman, .. }), "{:?}", g.pending());
    // Not the top unit; the bottom one, for one Individual Order.
    assert!(g.check(&Action::SwapStack { unit: X_H }).is_err());
    let events = g.apply(Action::SwapStack { unit: X_P }).unwrap();
    assert!(events.iter().any(|e| matches!(e.what, StandardEvent::StackSwapped { unit: X_P })));
    let f = g.state().field();
    assert!(f.is_bottom(X_H) && !f.is_bottom(X_P));
    // Now X-P is the top unit and may move off; X-H may not.
    assert!(g.check(&Action::Step { unit: X_H, dir: Direction::NE }).is_err());
}

/// SPQR 6.63's example #1 and the 6.69 Stacking Chart (voluntary movement):
/// a unit passing through a friend takes 1 hit and so does the friend, but
/// Roman infantry passing its own legion's infantry pays nothing, nor does
/// the unit passed.
#[test]
fn rule_6_63_the_unit_passed_through_takes_the_movers_hit_too() {
    use gboh_standard::protocol::Preview;
    const X_H: usize = 0;
    const X_P: usize = 1;
    const Y_1: usize = 2;
    const X_2: usize = 3;
    const X_3: usize = 4;
    const AUX: usize = 5;
    let mut g = Game::new(Battle::new(Spqr, "Stacks").unwrap().0, Dice::scripted(vec![0; 40]));
    while !matches!(g.pending(), Pending::Orders { side: Side::Roman, .. }) {
        g.apply(Action::Decline).unwrap();
    }
    let decline = |g: &mut Game<Battle<Spqr>>| {
        while let Pending::Reaction { unit, .. } = g.pending() {
            g.apply(Action::NoReaction { unit }).unwrap();
        }
    };
    let passed = |events: &[GameEvent<Spqr>]| -> Vec<(usize, usize, u8)> {
        events
            .iter()
            .filter(|e| e.rule == "SPQR 6.6")
            .filter_map(|e| match e.what {
                StandardEvent::PassedFriend { unit, by, hits } => Some((unit, by, hits)),
                _ => None,
            })
            .collect()
    };
    // The auxiliary (no legion) through X-3 in the woods: 1 hit each (and
    // the woods' hit for the auxiliary).
    let events = g.apply(Action::PassThrough { unit: AUX, dir: Direction::NE }).unwrap();
    decline(&mut g);
    assert_eq!(passed(&events), vec![(X_3, AUX, 1)]);
    let f = g.state().field();
    assert_eq!((f.units[AUX].hits, f.units[X_3].hits), (2, 1));
    // Legion X's cohort through legion Y's: another colour, 1 hit each.
    match g.check(&Action::PassThrough { unit: X_2, dir: Direction::NE }) {
        Ok(Preview::Cost(c)) => assert_eq!(c.hits, 1),
        other => panic!("{other:?}"),
    }
    let events = g.apply(Action::PassThrough { unit: X_2, dir: Direction::NE }).unwrap();
    decline(&mut g);
    assert_eq!(passed(&events), vec![(Y_1, X_2, 1)]);
    assert_eq!(g.state().field().units[Y_1].hits, 1);
    // The principes through their own hastati: no hit for either.
    match g.check(&Action::PassThrough { unit: X_P, dir: Direction::NE }) {
        Ok(Preview::Cost(c)) => assert_eq!(c.hits, 0),
        other => panic!("{other:?}"),
    }
    let events = g.apply(Action::PassThrough { unit: X_P, dir: Direction::NE }).unwrap();
    assert!(passed(&events).is_empty());
    assert_eq!((g.state().field().units[X_P].hits, g.state().field().units[X_H].hits), (0, 0));
}

#[test]
fn rule_6_67_a_unit_stops_on_a_friend_facing_otherwise_by_paying_the_turn() {
    use gboh_core::facing::Facing;
    use gboh_standard::protocol::Preview;
    let mut g = Game::new(Battle::new(Spqr, "Stacks").unwrap().0, Dice::seeded(1));
    while !matches!(g.pending(), Pending::Orders { side: Side::Roman, .. }) {
        g.apply(Action::Decline).unwrap();
    }
    // X-P turns to two o'clock (one vertex); X-H, in front of it, faces
    // twelve.
    let Ok(Preview::Cost(turn)) = g.check(&Action::Face { unit: X_P, facing: Facing::Two }) else {
        panic!("a turn costs")
    };
    g.apply(Action::Face { unit: X_P, facing: Facing::Two }).unwrap();
    decline_reactions(&mut g);
    assert_eq!(g.state().field().units[X_H].facing, Facing::Twelve);
    // 6.67: to stop on X-H it conforms, paying that turn back to twelve
    // o'clock (one vertex, the same cost) on top of the step's 1 MP.
    match g.check(&Action::Step { unit: X_P, dir: Direction::NE }) {
        Ok(Preview::Cost(c)) => {
            assert_eq!((c.half_mp, c.hits), (2 + turn.half_mp, turn.hits), "{c:?} {turn:?}");
        }
        other => panic!("{other:?}"),
    }
    let events = g.apply(Action::Step { unit: X_P, dir: Direction::NE }).unwrap();
    decline_reactions(&mut g);
    let f = g.state().field();
    assert_eq!(f.units[X_P].hex, f.units[X_H].hex);
    assert_eq!(f.units[X_P].facing, Facing::Twelve, "the stack keeps one facing");
    assert!(f.is_bottom(X_P));
    assert!(events.iter().any(|e| e.rule == "SPQR 6.6"
        && e.what == StandardEvent::Faced { unit: X_P, facing: Facing::Twelve, hits: 0 }));
}
