//! Gallic Starting Deployment \[b\], hidden placement, on the real Gergovia
//! map: "When not playing solitaire, the Gallic player may place hidden
//! units: he writes down their positions and reveals them when a Roman unit
//! stands adjacent to their hex or when they move themselves." An option of
//! the battle (`Gergovia::with_hidden_placement`), off by default; the rules
//! read true positions, the Roman player's view leaves the hidden units out.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing, clippy::panic)]

use crate::support;

use gboh_core::Side;
use gboh_core::dice::Dice;
use gboh_core::facing::Direction;
use gboh_core::game::{Game, Rules};
use gboh_core::policy::{Limits, play};
use gboh_gergovia::battle::BattleId;
use gboh_gergovia::hidden::{self, Reveal};
use gboh_gergovia::picture;
use gboh_gergovia::standard::{Gergovia, GergoviaEvent};
use gboh_standard::bots::Advance;
use gboh_standard::state::{Field, UnitStatus};
use gboh_standard::{Action, Battle, Pending, StandardEvent, StandardGame};

/// The standard battle with hidden placement, played by the bots (seed
/// 52) until `until` holds, outside the auxiliary phases.
fn hidden_battle_until(
    mut until: impl FnMut(&Battle<Gergovia>, &Pending) -> bool,
) -> Battle<Gergovia> {
    let game = Gergovia::default().with_hidden_placement(BattleId::Standard).unwrap();
    let (b, _) = Battle::new(game, BattleId::Standard.name()).unwrap();
    let mut g = Game::new(b, Dice::seeded(52));
    for _ in 0..20_000 {
        if !support::in_auxiliary_phase(g.state()) && until(g.state(), &g.pending()) {
            return g.state().clone();
        }
        play(&mut g, &mut Advance, &mut Advance, Limits { max_actions: 1 }).unwrap();
    }
    panic!("the bots never reached the wanted decision");
}

/// The Gallic markers (their colour) in an SVG picture.
fn gallic_markers(svg: &str) -> usize {
    svg.matches(r##"fill="#3060c0" stroke="#000""##).count()
}

/// The reveals among `events`: (unit id, why).
fn reveals(events: &[gboh_standard::GameEvent<Gergovia>]) -> Vec<(String, Reveal)> {
    events
        .iter()
        .filter_map(|e| match &e.what {
            StandardEvent::Game(GergoviaEvent::Revealed { unit, why, .. }) => {
                assert_eq!(e.rule, hidden::RULE);
                Some((unit.clone(), *why))
            }
            _ => None,
        })
        .collect()
}

#[test]
fn gallic_starting_deployment_b_is_off_by_default_and_hides_the_arverni_marked_b() {
    let (plain, _) = Battle::new(Gergovia::default(), BattleId::Standard.name()).unwrap();
    assert!(plain.game().hidden_from(Side::Roman).is_empty());
    // Not saved when off: the golden game's state is unchanged.
    assert!(!ron::to_string(plain.game()).unwrap().contains("hidden"));
    let game = Gergovia::default().with_hidden_placement(BattleId::Standard).unwrap();
    let (b, _) = Battle::new(game, BattleId::Standard.name()).unwrap();
    let f = b.field();
    let hidden = b.game().hidden_from(Side::Roman);
    // The Arverni (with Vercingetorix off the map, with Critignatus on it):
    // the deployment's [b] placements; none from the Gallic player.
    let arverni = (0..f.units.len())
        .filter(|&u| f.def(u).unwrap().id.as_str().starts_with("Arverni-"))
        .count();
    assert_eq!(hidden.len(), arverni);
    assert!(hidden.iter().all(|&u| f.def(u).unwrap().id.as_str().starts_with("Arverni-")));
    assert!(b.game().hidden_from(Side::Adversary).is_empty());
    let on_map: Vec<usize> =
        hidden.iter().copied().filter(|&u| f.units[u].status != UnitStatus::Eliminated).collect();
    assert!(!on_map.is_empty(), "some wait off the map, some stand with Critignatus");
    // The Roman view leaves them out; the Gallic view shows them.
    let (rome, gaul) =
        (b.game().visible_units(f, Side::Roman), b.game().visible_units(f, Side::Adversary));
    assert!(on_map.iter().all(|u| !rome.contains(u) && gaul.contains(u)));
    assert!(
        gallic_markers(&picture::battle_for(&b, Side::Roman))
            < gallic_markers(&picture::battle_for(&b, Side::Adversary))
    );
}

#[test]
fn gallic_starting_deployment_b_a_roman_unit_stepping_next_to_a_hidden_unit_reveals_it() {
    let b = hidden_battle_until(|_, p| matches!(p, Pending::Orders { side: Side::Roman, .. }));
    let Pending::Orders { leader, .. } = b.pending() else { unreachable!() };
    let f = b.field();
    let hidden = b.game().hidden_from(Side::Roman);
    let target = *hidden
        .iter()
        .find(|&&u| f.units[u].status == UnitStatus::InPlay)
        .expect("a hidden unit on the map");
    let roman = (0..f.units.len())
        .find(|&u| {
            f.units[u].in_play()
                && f.def(u).unwrap().unit_type == gboh_core::unit::UnitType::CO
                && b.game().may_command(f, leader, u)
        })
        .unwrap();
    let at = f.units[target].hex;
    let empty = |h: hexx::Hex| f.board().contains(h) && f.units_at(h).is_empty();
    // A step from two hexes away into a hex next to it that the engine
    // allows (the real map's terrain decides).
    let mut found = None;
    'search: for d in Direction::ALL {
        let next = d.neighbor(at);
        for e in Direction::ALL {
            let from = e.neighbor(next);
            if !empty(next) || !empty(from) || Field::distance(from, at) != 2 {
                continue;
            }
            // Nobody else of Rome next to the hidden unit, or two hexes from it.
            let mut s = support::save(&b);
            for (u, st) in s.units.iter_mut().enumerate() {
                if u != target && u != roman && Field::distance(st.hex, at) <= 2 {
                    st.status = UnitStatus::Eliminated;
                }
            }
            let st = &mut s.units[roman];
            st.hex = from;
            st.facing = support::facing_toward_hex(from, next);
            st.status = UnitStatus::InPlay;
            st.hits = 0;
            st.column = false;
            s.leaders[leader].hex = from;
            let candidate = support::load(&s);
            let dir = Direction::between(from, next).unwrap();
            if candidate.check(&Action::Step { unit: roman, dir }).is_ok() {
                found = Some((candidate, dir));
                break 'search;
            }
        }
    }
    let (mut b, dir) = found.expect("a legal step next to the hidden unit");
    // Before: hidden from Rome, and left out of the Roman picture.
    assert!(b.game().hidden_from(Side::Roman).contains(&target));
    assert!(!b.game().visible_units(b.field(), Side::Roman).contains(&target));
    let before = gallic_markers(&picture::battle_for(&b, Side::Roman));
    let mut events = Vec::new();
    b.perform(Action::Step { unit: roman, dir }, &mut Dice::seeded(1), &mut events).unwrap();
    let id = b.field().def(target).unwrap().id.to_string();
    assert!(reveals(&events).contains(&(id, Reveal::RomanAdjacent)), "{events:?}");
    assert!(!b.game().hidden_from(Side::Roman).contains(&target));
    assert!(b.game().visible_units(b.field(), Side::Roman).contains(&target));
    assert!(gallic_markers(&picture::battle_for(&b, Side::Roman)) > before);
}

#[test]
fn gallic_starting_deployment_b_a_hidden_unit_that_moves_is_revealed() {
    // A Gallic Orders Phase whose leader may order a hidden unit on the map.
    let movable = |b: &Battle<Gergovia>, leader: usize| {
        let f = b.field();
        b.game().must_pass(f, leader).is_none()
            && b.game().hidden_from(Side::Roman).into_iter().any(|u| {
                f.units[u].status == UnitStatus::InPlay && b.game().may_command(f, leader, u)
            })
    };
    let b = hidden_battle_until(
        |b, p| matches!(p, Pending::Orders { side: Side::Adversary, leader } if movable(b, *leader)),
    );
    let mut legal = Vec::new();
    b.legal_actions(&mut legal);
    let hidden = b.game().hidden_from(Side::Roman);
    let step = legal
        .into_iter()
        .find(|a| matches!(a, Action::Step { unit, .. } if hidden.contains(unit)))
        .expect("a hidden unit may step");
    let Action::Step { unit, .. } = step else { unreachable!() };
    let before = gallic_markers(&picture::battle_for(&b, Side::Roman));
    let mut b = b;
    let mut events = Vec::new();
    b.perform(step, &mut Dice::seeded(1), &mut events).unwrap();
    let id = b.field().def(unit).unwrap().id.to_string();
    // It steps by its own order: revealed as it acts (the order to move).
    let r = reveals(&events);
    assert!(r.iter().any(|(u, _)| *u == id), "{r:?}");
    assert!(!b.game().hidden_from(Side::Roman).contains(&unit));
    assert!(b.game().visible_units(b.field(), Side::Roman).contains(&unit));
    assert!(gallic_markers(&picture::battle_for(&b, Side::Roman)) > before);
    // Saved and read back with the game's state.
    let again = support::load(&support::save(&b));
    assert_eq!(again.game().hidden(), b.game().hidden());
}
