//! Properties of the victory-point count over random situations: each
//! printed line adds exactly its figure, whatever else has happened.

#![allow(clippy::expect_used, clippy::unwrap_used, clippy::panic)] // a failing test panics

use gboh_core::Side;
use gboh_core::unit::UnitId;
use gboh_gergovia::counters;
use gboh_gergovia::map;
use gboh_gergovia::victory::{self, Situation, Version};
use proptest::prelude::*;

fn units() -> Vec<(UnitId, Side, bool)> {
    counters::counters()
        .unwrap()
        .units()
        .iter()
        .map(|u| (u.id.clone(), u.side, u.is_skirmisher()))
        .collect()
}

proptest! {
    #[test]
    fn destroyed_and_weakened_units_score_as_printed(
        destroyed in proptest::collection::vec(any::<prop::sample::Index>(), 0..40),
        weakened in proptest::collection::vec(any::<prop::sample::Index>(), 0..40),
    ) {
        let all = units();
        let pick = |v: &[prop::sample::Index]| -> Vec<UnitId> { v.iter().map(|i| all[i.index(all.len())].0.clone()).collect() };
        let (destroyed, weakened) = (pick(&destroyed), pick(&weakened));
        let situation = Situation { destroyed: destroyed.clone(), weakened: weakened.clone(), ..Situation::default() };
        let (board, mix, vp) = (map::board().unwrap(), counters::counters().unwrap(), victory::victory().unwrap());
        let t = vp.count(Version::Standard, board, mix, &situation).unwrap();
        let mut d: Vec<&UnitId> = destroyed.iter().collect();
        d.sort();
        d.dedup();
        let mut w: Vec<&UnitId> = weakened.iter().filter(|u| !d.contains(u)).collect();
        w.sort();
        w.dedup();
        let side = |id: &UnitId| all.iter().find(|u| &u.0 == id).map(|u| (u.1, u.2)).unwrap();
        let rome = d.iter().filter(|u| side(u).0 == Side::Adversary).count() as u32;
        let gaul_destroyed: u32 = d.iter().filter(|u| side(u).0 == Side::Roman).map(|u| if side(u).1 { 1 } else { 2 }).sum();
        let gaul_weakened = w.iter().filter(|u| side(u).0 == Side::Roman).count() as u32;
        prop_assert_eq!(t.rome.total, rome);
        prop_assert_eq!(t.gaul.total, gaul_destroyed + gaul_weakened);
        prop_assert_eq!(t.rome.total, t.rome.lines.iter().map(|l| l.vp).sum::<u32>());
        prop_assert_eq!(t.winner().is_some(), (t.rome.total >= 35) != (t.gaul.total >= 25));
    }
}
