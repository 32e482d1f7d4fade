//! Reaction fire's eligibility (`rules::reaction`) on the engine's own
//! small game: the Roman archers at T0302 face up the column toward the
//! Gallic warband at T0303, which is in their ZOC. Each shot on offer cites
//! the small game's section (Alesia's numbering).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failing test panics

use gboh_core::Side;
use gboh_core::facing::Facing;
use gboh_simple::doc_game::Tiny;
use gboh_simple::field::UnitFlags;
use gboh_simple::ground::los::leaving_by;
use gboh_simple::rules::missile::{ShotKind, aim};
use gboh_simple::rules::reaction::{entry_candidates, retire_candidates, spent, watchers};
use gboh_simple::{Field, Rule, SimpleGame, Uid};
use hexx::Hex;

const COHORT: Uid = Uid(0);
const WARBAND: Uid = Uid(1);
const ARCHERS: Uid = Uid(2);
const WARBAND_2: Uid = Uid(4);

fn at(field: &Field<Tiny>, label: &str) -> Hex {
    field.setup().board.hex_of(label).unwrap_or_else(|| panic!("no hex {label}"))
}

/// A facing whose front the line from `from` to `to` leaves by.
fn toward(field: &Field<Tiny>, from: &str, to: &str) -> Facing {
    Facing::toward(leaving_by(at(field, from), at(field, to))[0])[0]
}

fn field_with(placed: &[(Uid, &str, Facing)]) -> Field<Tiny> {
    let mut field = Field::new(Tiny::roster());
    for &(u, label, facing) in placed {
        let hex = at(&field, label);
        field.move_unit(u, hex, facing).unwrap();
    }
    field
}

fn archers_facing_the_warband() -> Field<Tiny> {
    field_with(&[(ARCHERS, "T0302", Facing::Twelve), (WARBAND, "T0303", Facing::Six)])
}

#[test]
fn rule_retire_reaction_the_archers_may_fire_at_the_warband_leaving_their_zoc() {
    assert_eq!(Tiny::section(Rule::RetireReaction), "8.61");
    let mut field = archers_facing_the_warband();
    assert_eq!(watchers(&field, at(&field, "T0303"), Side::Adversary), vec![ARCHERS]);
    let offered = retire_candidates(&field, WARBAND);
    assert_eq!(offered.len(), 1);
    let shot = &offered[0];
    assert_eq!((shot.firer, shot.target, shot.only), (ARCHERS, at(&field, "T0303"), Some(WARBAND)));
    assert_eq!(shot.kind, ShotKind::Retire);
    // Retire Reaction reads the table at range 2: arrows hit on 4.
    let aimed = aim(&field, shot).unwrap();
    assert_eq!((aimed.range, aimed.read_at, aimed.hit_number), (1, 2, 4));
    // Once the archers have reacted this activation, nothing is on offer.
    field.unit_mut(ARCHERS).unwrap().flags.set(UnitFlags::REACTED, true);
    assert!(spent(&field, ARCHERS, ShotKind::Retire));
    assert!(retire_candidates(&field, WARBAND).is_empty());
    // A free shot is counted apart.
    assert!(!spent(&field, ARCHERS, ShotKind::FreeShot));
}

#[test]
fn rule_retire_reaction_only_units_whose_zoc_covers_the_hex_react() {
    // The archers turned away: their ZOC does not cover T0303.
    let away = toward(&Field::new(Tiny::roster()), "T0302", "T0303").rotated(3);
    let field = field_with(&[(ARCHERS, "T0302", away), (WARBAND, "T0303", Facing::Six)]);
    assert!(watchers(&field, at(&field, "T0303"), Side::Adversary).is_empty());
    assert!(retire_candidates(&field, WARBAND).is_empty());
    // The active side's own units never react: a cohort beside its friends.
    let field = field_with(&[(ARCHERS, "T0302", Facing::Twelve), (COHORT, "T0303", Facing::Six)]);
    assert!(retire_candidates(&field, COHORT).is_empty());
}

#[test]
fn rule_entry_reaction_not_from_a_unit_that_retreated_or_is_in_another_enemys_zoc() {
    assert_eq!(Tiny::section(Rule::EntryReaction), "8.62");
    let field = archers_facing_the_warband();
    let offered = entry_candidates(&field, WARBAND, &[]);
    assert_eq!(offered.len(), 1);
    assert_eq!(
        (offered[0].firer, offered[0].kind, offered[0].only),
        (ARCHERS, ShotKind::Entry, None)
    );
    // Read at range 1: arrows hit on 5.
    assert_eq!(aim(&field, &offered[0]).unwrap().hit_number, 5);
    // The archers retreated this activation: no Entry Reaction.
    assert!(entry_candidates(&field, WARBAND, &[ARCHERS]).is_empty());
    // A second warband beside the archers, facing them, holds them in its
    // ZOC: they may not react to the first.
    let empty = Field::<Tiny>::new(Tiny::roster());
    let facing = toward(&empty, "T0202", "T0302");
    let held = field_with(&[
        (ARCHERS, "T0302", Facing::Twelve),
        (WARBAND, "T0303", Facing::Six),
        (WARBAND_2, "T0202", facing),
    ]);
    assert!(entry_candidates(&held, WARBAND, &[]).is_empty());
    // The same warband turned away holds nobody.
    let free = field_with(&[
        (ARCHERS, "T0302", Facing::Twelve),
        (WARBAND, "T0303", Facing::Six),
        (WARBAND_2, "T0202", facing.rotated(3)),
    ]);
    assert_eq!(entry_candidates(&free, WARBAND, &[]).len(), 1);
}
