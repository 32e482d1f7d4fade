//! 8.1 Missile Fire (8.11-8.19), 8.2 Javelins, 8.3 Archers, 6.66 stacking.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use crate::combat_support;

use combat_support::*;
use gboh_alesia::combat::{self, CombatAction, CombatError, CombatPreview};
use gboh_alesia::command::Command;
use gboh_alesia::game::UnitFlags;
use gboh_alesia::map::{Region, Ring, Works};
use gboh_alesia::protocol::Action;
use gboh_core::board::Terrain;
use gboh_core::facing::{Direction, Facing};
use gboh_core::table::Drm;

fn rule_of(
    game: &gboh_core::game::Game<gboh_alesia::protocol::Alesia>,
    a: CombatAction,
) -> &'static str {
    match game.check(&Action::Combat(a)) {
        Err(CombatError::Illegal { rule, .. }) => rule,
        other => panic!("expected a combat error, got {other:?}"),
    }
}

fn drms(
    game: &gboh_core::game::Game<gboh_alesia::protocol::Alesia>,
    a: CombatAction,
) -> Vec<(String, Drm)> {
    let CombatPreview::Shot { shot, .. } = preview(game, a) else { panic!() };
    shot.modifiers.iter().map(|m| (m.what.clone(), m.drm)).collect()
}

fn auxiliaries() -> Command {
    Command::Auxiliaries(setup().lid("Labienus").unwrap())
}

#[test]
fn rule_8_12_one_fire_per_active_unit() {
    let mut p = Pos::on(test_board(9, 9));
    let archer = p.unit("Archers-1", "T0505", Facing::Twelve);
    let ne = p.nb("T0505", Direction::NE);
    p.unit("Aedui-1", &ne, Facing::Six);
    let target = p.hex(&ne);
    let mut game = p.activate(auxiliaries(), &[9]);
    let fire = CombatAction::Fire { unit: archer, target, will_move: false };
    assert!(legal(&game, &fire));
    game.apply(combat(fire.clone())).unwrap();
    while pending(&game).is_some() {
        game.apply(combat(CombatAction::Done)).unwrap();
    }
    assert_eq!(rule_of(&game, fire), "8.12");
}

#[test]
fn rule_8_13_an_enemy_in_the_zoc_must_be_the_target_and_fire_goes_out_front_or_flank() {
    let mut p = Pos::on(test_board(9, 9));
    let archer = p.unit("Archers-1", "T0505", Facing::Twelve);
    let near = p.nb("T0505", Direction::NW);
    let far = p.nb(&p.nb("T0505", Direction::NE), Direction::NE);
    let behind = p.nb(&p.nb("T0505", Direction::SW), Direction::SW);
    p.unit("Aedui-1", &near, Facing::Six);
    p.unit("Aedui-6", &far, Facing::Six);
    p.unit("Aedui-8", &behind, Facing::Six);
    let (near, far, behind) = (p.hex(&near), p.hex(&far), p.hex(&behind));
    let game = p.activate(auxiliaries(), &[]);
    assert!(legal(&game, &CombatAction::Fire { unit: archer, target: near, will_move: false }));
    assert_eq!(
        rule_of(&game, CombatAction::Fire { unit: archer, target: far, will_move: false }),
        "8.13"
    );
    assert_eq!(
        rule_of(&game, CombatAction::Fire { unit: archer, target: behind, will_move: false }),
        "8.13"
    );
}

#[test]
fn rule_6_66_javelins_hit_the_top_unit_or_through_the_rear_the_bottom() {
    let mut p = Pos::on(test_board(9, 9));
    let co = p.unit("X-1", "T0505", Facing::Twelve);
    let ne = p.nb("T0505", Direction::NE);
    // The BI face away: the cohort is behind them.
    p.unit("Aedui-1", &ne, Facing::Twelve);
    let bottom = p.unit("Aedui-2", &ne, Facing::Twelve);
    let target = p.hex(&ne);
    let game = p.activate(legion_of("X-1"), &[]);
    let CombatPreview::Shot { shot, .. } =
        preview(&game, CombatAction::Fire { unit: co, target, will_move: false })
    else {
        panic!()
    };
    assert_eq!(shot.affected, [bottom], "through the rear hexsides: the bottom unit");
    // Facing the cohort: the top unit.
    let mut p = Pos::on(test_board(9, 9));
    let co = p.unit("X-1", "T0505", Facing::Twelve);
    let top2 = p.unit("Aedui-1", &ne, Facing::Six);
    p.unit("Aedui-2", &ne, Facing::Six);
    let game = p.activate(legion_of("X-1"), &[]);
    let CombatPreview::Shot { shot, .. } =
        preview(&game, CombatAction::Fire { unit: co, target, will_move: false })
    else {
        panic!()
    };
    assert_eq!(shot.affected, [top2]);
}

#[test]
fn rule_8_17_each_drm_with_its_rule() {
    // An archer on a hill, with two hits, that will move, at a lone archer below.
    let mut b = test_board(9, 9);
    set(&mut b, "T0505", Terrain::Clear, 1, Works::None, Region::Outside);
    let mut p = Pos::on(b);
    let archer = p.unit("Archers-1", "T0505", Facing::Twelve);
    p.with(archer, 2, 0);
    let ne = p.nb("T0505", Direction::NE);
    let far = p.nb(&ne, Direction::NE);
    p.unit("Arverni-A1", &far, Facing::Six);
    let target = p.hex(&far);
    let game = p.activate(auxiliaries(), &[]);
    let got = drms(&game, CombatAction::Fire { unit: archer, target, will_move: true });
    assert_eq!(
        got,
        [
            ("target on a lower elevation".to_owned(), Drm(-1)),
            ("2 hits on the firing unit".to_owned(), Drm(2)),
            ("foot archer or mounted missile unit moved or will move".to_owned(), Drm(1)),
            ("archers at a lone archer unit".to_owned(), Drm(1)),
        ]
    );
}

#[test]
fn rule_8_17_javelins_at_a_rampart_from_below_plus_4_and_woods_plus_1() {
    let mut b = test_board(9, 9);
    let ne = nb(&b, "T0505", Direction::NE);
    set(
        &mut b,
        &ne,
        Terrain::Clear,
        0,
        Works::Rampart { ring: Ring::Contravallation, gate: false },
        Region::Inside,
    );
    let nw = nb(&b, "T0505", Direction::NW);
    set(&mut b, &nw, Terrain::Woods, 0, Works::None, Region::Outside);
    let mut p = Pos::on(b);
    let co = p.unit("X-1", "T0505", Facing::Twelve);
    p.unit("Aedui-1", &ne, Facing::Six);
    let game = p.activate(legion_of("X-1"), &[]);
    assert_eq!(
        drms(&game, CombatAction::Fire { unit: co, target: p_hex(&game, &ne), will_move: false }),
        [("target on a Rampart, javelins from below".to_owned(), Drm(4))]
    );
    let mut p = Pos::on(game.state().setup().board.clone());
    let co = p.unit("X-1", "T0505", Facing::Twelve);
    p.unit("Aedui-1", &nw, Facing::Six);
    let game = p.activate(legion_of("X-1"), &[]);
    assert_eq!(
        drms(&game, CombatAction::Fire { unit: co, target: p_hex(&game, &nw), will_move: false }),
        [("target in Woods".to_owned(), Drm(1))]
    );
}

fn p_hex(game: &gboh_core::game::Game<gboh_alesia::protocol::Alesia>, label: &str) -> hexx::Hex {
    game.state().setup().board.hex_of(label).unwrap()
}

#[test]
fn rule_8_18_no_fire_at_a_hex_holding_only_a_leader() {
    let mut p = Pos::on(test_board(9, 9));
    let archer = p.unit("Archers-1", "T0505", Facing::Twelve);
    let ne = p.nb("T0505", Direction::NE);
    p.leader("Vercassivellaunus", &ne);
    let target = p.hex(&ne);
    let game = p.activate(auxiliaries(), &[]);
    assert_eq!(
        rule_of(&game, CombatAction::Fire { unit: archer, target, will_move: false }),
        "8.18"
    );
}

#[test]
fn rule_8_19_hit_and_run_fires_as_at_range_one_and_takes_the_whole_ma() {
    let mut p = Pos::on(test_board(9, 9));
    let li = p.unit("Numidian-1", "T0505", Facing::Twelve);
    let mid = p.nb("T0505", Direction::NE);
    let far = p.nb(&mid, Direction::NE);
    p.unit("Aedui-1", &far, Facing::Six);
    let (target, mid_hex) = (p.hex(&far), p.hex(&mid));
    let mut game = p.activate(auxiliaries(), &[9]);
    let fire = CombatAction::Fire { unit: li, target, will_move: false };
    let CombatPreview::Shot { shot, .. } = preview(&game, fire.clone()) else { panic!() };
    assert_eq!((shot.range, shot.read_at), (2, 1));
    assert!(legal(&game, &fire));
    game.apply(combat(fire)).unwrap();
    assert!(
        combat::may_move(game.state(), li).is_err(),
        "8.19: it used its whole Movement Allowance"
    );
    // With a unit between: no.
    let mut p = Pos::on(test_board(9, 9));
    let li = p.unit("Numidian-1", "T0505", Facing::Twelve);
    p.unit("Aedui-1", &far, Facing::Six);
    let label = game.state().setup().board.label(mid_hex).unwrap().to_string();
    p.unit("Numidian-2", &label, Facing::Twelve);
    let game = p.activate(auxiliaries(), &[]);
    assert_eq!(rule_of(&game, CombatAction::Fire { unit: li, target, will_move: false }), "8.19");
}

#[test]
fn rule_8_22_roman_javelins_on_a_rampart_only_as_entry_reaction() {
    let mut b = test_board(9, 9);
    set(
        &mut b,
        "T0505",
        Terrain::Clear,
        0,
        Works::Rampart { ring: Ring::Contravallation, gate: false },
        Region::Inside,
    );
    let mut p = Pos::on(b);
    let co = p.unit("X-1", "T0505", Facing::Twelve);
    let ne = p.nb("T0505", Direction::NE);
    p.unit("Aedui-1", &ne, Facing::Six);
    let target = p.hex(&ne);
    let game = p.activate(legion_of("X-1"), &[]);
    assert_eq!(rule_of(&game, CombatAction::Fire { unit: co, target, will_move: false }), "8.22");
}

#[test]
fn rule_8_43_no_fire_from_a_hex_on_fire() {
    let mut p = Pos::on(test_board(9, 9));
    let archer = p.unit("Archers-1", "T0505", Facing::Twelve);
    let ne = p.nb("T0505", Direction::NE);
    p.unit("Aedui-1", &ne, Facing::Six);
    let h = p.hex("T0505");
    p.field.markers_mut(h).unwrap().on_fire = true;
    let target = p.hex(&ne);
    let game = p.activate(auxiliaries(), &[]);
    assert_eq!(
        rule_of(&game, CombatAction::Fire { unit: archer, target, will_move: false }),
        "8.43"
    );
}

#[test]
fn rule_8_54_artillery_fires_twice_in_fire_mode_and_not_after_moving() {
    let mut p = Pos::on(test_board(9, 9));
    let gun = p.unit("X-Scorpio", "T0505", Facing::Twelve);
    let ne = p.nb("T0505", Direction::NE);
    let far = p.nb(&ne, Direction::NE);
    p.unit("Aedui-1", &far, Facing::Six);
    let target = p.hex(&far);
    let fire = CombatAction::Fire { unit: gun, target, will_move: false };
    let mut q = Pos::on(p.field.setup().board.clone());
    q.field = p.field.clone();
    let game = q.activate(legion_of("X-1"), &[]);
    assert_eq!(rule_of(&game, fire.clone()), "8.54", "not in Fire mode");
    p.with(gun, 0, UnitFlags::FIRE_MODE);
    let mut game = p.activate(legion_of("X-1"), &[9, 9]);
    game.apply(combat(fire.clone())).unwrap();
    game.apply(combat(fire.clone())).unwrap();
    assert_eq!(rule_of(&game, fire), "8.54", "twice per activation");
    assert!(combat::may_move(game.state(), gun).is_err(), "8.58, 8.12");
}

#[test]
fn rule_8_12_no_fire_after_moving_away_from_the_target() {
    let mut p = Pos::on(test_board(9, 9));
    let archer = p.unit("Archers-1", "T0505", Facing::Twelve);
    let ne = p.nb("T0505", Direction::NE);
    let far = p.nb(&ne, Direction::NE);
    p.unit("Aedui-1", &far, Facing::Six);
    let (start, target) = (p.hex("T0505"), p.hex(&far));
    let mut state = p.activated(auxiliaries());
    // Movement took the archer one hex back, then forward again.
    let back = gboh_core::facing::Direction::SW.neighbor(start);
    combat::record_step(&mut state, archer, start, back);
    combat::record_step(&mut state, archer, back, start);
    let game = game(state, &[]);
    assert_eq!(
        rule_of(&game, CombatAction::Fire { unit: archer, target, will_move: false }),
        "8.12"
    );
}
