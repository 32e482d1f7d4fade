//! Exact odds: enumerated over the die's faces, summing to the total exactly,
//! and agreeing with resolving each face; and no input makes a loader panic.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use gboh_core::dice::Die;
use gboh_core::table::{
    CheckTable, Distribution, Drm, LoadTable, ModifiedRoll, RollTable, ShockResult, ThresholdTable,
};
use proptest::prelude::*;

gboh_core::table_key! {
    /// A game's kinds of ground, as the tables' keys in these tests.
    pub enum TerrainKey: "unknown terrain" {
        /// Clear ground.
        Clear = "Clear",
        /// Woods.
        Woods = "Woods",
        /// Rough ground.
        Rough = "Rough",
        /// Marsh.
        Marsh = "Marsh",
        /// A town.
        Town = "Town",
        /// Water.
        Water = "Water",
    }
}

const SHOCK: &str = r#"(
    name: "Shock Table", rule: "9.42", provenance: Reconstructed, die: D10,
    printed_range: (0, 10),
    rows: [
        (rolls: (0, 0), result: (attacker_hits: 4, defender_hits: 0, attacker_retreats: true), provenance: Reconstructed),
        (rolls: (1, 3), result: (attacker_hits: 3, defender_hits: 1), provenance: Reconstructed),
        (rolls: (4, 4), result: (attacker_hits: 2, defender_hits: 2), provenance: Printed("9.22")),
        (rolls: (5, 8), result: (attacker_hits: 1, defender_hits: 3, defender_retreats: true), provenance: Reconstructed),
        (rolls: (9, 10), result: (attacker_hits: 0, defender_hits: 4, defender_retreats: true, continued_shock: true), provenance: Reconstructed),
    ],
)"#;

const MISSILE: &str = r#"(
    name: "Missile Range and Results Table", rule: "9.41", provenance: Reconstructed, die: D10,
    columns: [(column: "Clear", ranges: [
        (range: 1, hit_number: 6, provenance: Reconstructed),
        (range: 2, hit_number: 3, provenance: Reconstructed),
        (range: 3, hit_number: 0, provenance: Reconstructed),
    ])],
)"#;

const CHECKS: &str = r#"(name: "checks", rule: "9.24", provenance: Reconstructed, die: D10, checks: [
    (check: "Clear", rule: "9.24", stages: [(0, 0), (0, 4)], provenance: Printed("9.24")),
    (check: "Woods", rule: "x", stages: [(2, 7), (0, 9), (9, 9)], provenance: Reconstructed),
])"#;

fn shock() -> RollTable<ShockResult> {
    RollTable::from_ron("shock.ron", SHOCK).unwrap()
}

proptest! {
    #[test]
    fn roll_table_odds_count_each_face_once(drm in -40i32..40) {
        let t = shock();
        let d = t.distribution(Drm(drm));
        prop_assert_eq!(d.total(), 10);
        prop_assert_eq!(d.outcomes().iter().map(|(_, n)| n).sum::<u64>(), 10);
        for (result, n) in d.outcomes() {
            let faces = Die::D10.faces().filter(|&f| t.resolve(f, Drm(drm)) == result).count();
            prop_assert_eq!(*n, faces as u64);
        }
    }

    #[test]
    fn threshold_odds_are_the_faces_at_or_under_the_number(drm in -20i32..20, range in 1u8..=3) {
        let t: ThresholdTable<TerrainKey> = ThresholdTable::from_ron("m.ron", MISSILE).unwrap();
        let d = t.distribution(&TerrainKey::Clear, range, Drm(drm)).unwrap();
        let n = i32::from(t.hit_number(&TerrainKey::Clear, range).unwrap());
        let hits = Die::D10.faces().filter(|&f| ModifiedRoll::new(f, Drm(drm)).0 <= n).count() as u64;
        prop_assert_eq!(d.count(&true), hits);
        prop_assert_eq!(d.count(&true) + d.count(&false), 10);
    }

    #[test]
    fn chained_checks_count_out_of_ten_to_the_rolls(first in 0u8..10, second in 0u8..10, third in 0u8..10) {
        let t: CheckTable<TerrainKey> = CheckTable::from_ron("c.ron", CHECKS).unwrap();
        let d = t.distribution(&TerrainKey::Woods).unwrap();
        prop_assert_eq!(d.total(), 1000);
        prop_assert_eq!(d.count(&true) + d.count(&false), 1000);
        // 6 faces, then any, then one face: 6 * 10 * 1 successes out of 1000.
        prop_assert_eq!(d.count(&true), 60);
        let check = t.check(&TerrainKey::Woods).unwrap();
        prop_assert_eq!(
            check.succeeds_with(&[first, second, third]),
            (2..=7).contains(&first) && third == 9
        );
    }

    #[test]
    fn any_text_is_an_error_or_a_table_never_a_panic(text in "[ -~\n]{0,300}") {
        let _ = RollTable::<ShockResult>::from_ron("x.ron", &text);
        let _ = ThresholdTable::<TerrainKey>::from_ron("x.ron", &text);
    }

    #[test]
    fn damaged_tables_are_errors_never_panics(
        at in 0usize..SHOCK.len(),
        len in 0usize..12,
        with in "[ -~]{0,6}",
    ) {
        for base in [SHOCK, MISSILE, CHECKS] {
            let at = at.min(base.len());
            let end = (at + len).min(base.len());
            if !base.is_char_boundary(at) || !base.is_char_boundary(end) {
                continue;
            }
            let damaged = format!("{}{}{}", &base[..at], with, &base[end..]);
            if let Err(e) = RollTable::<ShockResult>::from_ron("x.ron", &damaged) {
                prop_assert!(!e.problems.is_empty());
                prop_assert!(e.to_string().starts_with("x.ron"));
            }
            let _ = ThresholdTable::<TerrainKey>::from_ron("x.ron", &damaged);
            let _ = CheckTable::<TerrainKey>::from_ron("x.ron", &damaged);
        }
    }
}

#[test]
fn a_certain_outcome_has_one_case() {
    let d = Distribution::certain("arrives");
    assert_eq!(d.total(), 1);
    assert_eq!(d.chance(&"arrives").to_string(), "1/1");
}
