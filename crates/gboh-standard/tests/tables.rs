//! Every transcribed figure of the standard family's charts, pinned
//! (SPQR 4th ed. 6.27, 8.2, 8.7, 8.72, 8.73, 4.53, 5.33, 10.29).
#![allow(clippy::unwrap_used, clippy::indexing_slicing, clippy::panic)]

use gboh_core::data::Provenance;
use gboh_core::facing::Aspect;
use gboh_core::table::{CrtColumn, Drm, LoadTable, ThresholdTable};
use gboh_standard::kinds::{MissileKey, MoveTerrain, MoverClass, ShockClass};
use gboh_standard::tables::*;

// Reference: reference/known-table-values.md section 3 (Shock CRT, rows 0-9).
const ATTACKER: [[u8; 13]; 10] = [
    [6, 5, 4, 4, 3, 3, 3, 3, 3, 3, 3, 2, 2],
    [6, 4, 4, 3, 3, 3, 3, 3, 3, 2, 2, 2, 2],
    [5, 4, 4, 3, 3, 3, 2, 2, 2, 2, 2, 2, 2],
    [5, 4, 4, 3, 3, 2, 2, 2, 2, 2, 2, 2, 2],
    [5, 4, 3, 3, 3, 2, 2, 2, 2, 2, 2, 2, 1],
    [4, 4, 3, 3, 2, 2, 2, 2, 2, 2, 2, 2, 1],
    [4, 4, 3, 2, 2, 2, 2, 2, 2, 2, 2, 2, 1],
    [4, 4, 3, 2, 2, 2, 2, 2, 2, 2, 2, 1, 1],
    [4, 3, 2, 2, 2, 2, 2, 2, 2, 2, 2, 1, 1],
    [3, 3, 2, 2, 2, 2, 2, 2, 2, 2, 1, 1, 1],
];
const DEFENDER: [[u8; 13]; 10] = [
    [1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2],
    [1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 3, 3],
    [1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3],
    [1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 4],
    [2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 4, 3],
    [2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 4, 3],
    [2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 4, 4, 4],
    [2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4],
    [2, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4],
    [2, 2, 2, 2, 3, 4, 4, 4, 4, 4, 4, 4, 6],
];
// Reference: known-table-values.md section 3, with the three cells corrected
// from the chart image (standard-family-rules.md). Rows: defender PH HI LG MI
// BI LI SK HC LN LC EL CH; columns: attacker in the same order.
const FRONT: [[u8; 12]; 12] = [
    [7, 6, 5, 5, 5, 4, 1, 5, 4, 3, 6, 8],           // PH
    [8, 7, 6, 6, 7, 5, 2, 6, 5, 4, 7, 9],           // HI
    [7, 6, 7, 7, 6, 5, 2, 7, 4, 4, 7, 7],           // LG
    [9, 8, 8, 7, 8, 6, 3, 7, 6, 5, 9, 10],          // MI
    [9, 7, 6, 6, 7, 7, 1, 5, 4, 3, 6, 10],          // BI
    [10, 9, 8, 8, 10, 7, 5, 8, 7, 6, 11, 11],       // LI
    [13, 12, 11, 11, 12, 10, 7, 11, 10, 9, 13, 13], // SK
    [9, 8, 7, 7, 7, 6, 3, 7, 6, 5, 11, 11],         // HC
    [11, 10, 9, 9, 9, 8, 5, 9, 8, 7, 11, 13],       // LN
    [11, 10, 10, 9, 10, 8, 5, 9, 8, 7, 13, 13],     // LC
    [4, 3, 3, 3, 1, 1, 1, 0, 0, 0, 7, 8],           // EL
    [5, 4, 6, 3, 3, 2, 1, 3, 2, 1, 8, 7],           // CH
];
const FLANK: [[u8; 12]; 12] = [
    [12, 11, 12, 10, 10, 9, 6, 10, 9, 8, 13, 13],   // PH
    [11, 10, 11, 10, 9, 8, 5, 9, 8, 7, 13, 13],     // HI
    [12, 11, 9, 9, 8, 9, 5, 9, 8, 7, 13, 11],       // LG
    [11, 10, 11, 10, 10, 9, 6, 8, 7, 6, 13, 13],    // MI
    [11, 11, 12, 10, 10, 9, 5, 10, 9, 8, 13, 13],   // BI
    [10, 9, 9, 8, 10, 7, 5, 8, 7, 6, 13, 12],       // LI
    [13, 12, 12, 11, 13, 10, 7, 11, 10, 9, 13, 13], // SK
    [10, 9, 9, 8, 9, 7, 4, 8, 7, 6, 13, 12],        // HC
    [11, 10, 10, 9, 10, 8, 5, 9, 8, 7, 13, 13],     // LN
    [11, 10, 11, 10, 11, 8, 5, 9, 8, 7, 13, 13],    // LC
    [9, 8, 8, 7, 5, 6, 3, 7, 6, 5, 7, 11],          // EL
    [13, 12, 13, 13, 11, 10, 7, 3, 9, 9, 13, 13],   // CH
];
const REAR: [[u8; 12]; 12] = [
    [13, 12, 13, 12, 12, 10, 6, 11, 11, 9, 13, 13], // PH
    [13, 12, 12, 12, 11, 10, 5, 11, 11, 9, 13, 13], // HI
    [13, 12, 11, 11, 10, 11, 5, 10, 10, 9, 13, 13], // LG
    [12, 12, 12, 12, 13, 11, 6, 10, 9, 7, 13, 13],  // MI
    [12, 12, 13, 12, 13, 10, 5, 11, 11, 9, 13, 13], // BI
    [12, 11, 12, 10, 12, 9, 5, 10, 8, 6, 13, 13],   // LI
    [13, 12, 12, 11, 13, 10, 7, 11, 11, 9, 13, 13], // SK
    [11, 10, 11, 9, 11, 8, 4, 9, 8, 7, 13, 13],     // HC
    [12, 11, 11, 10, 11, 9, 5, 10, 9, 8, 13, 13],   // LN
    [12, 11, 12, 11, 12, 9, 5, 10, 9, 8, 13, 13],   // LC
    [12, 11, 11, 11, 7, 9, 3, 10, 10, 8, 7, 13],    // EL
    [13, 12, 13, 13, 13, 10, 7, 3, 9, 9, 13, 13],   // CH
];
const CLASH_ORDER: [ShockClass; 12] = {
    use ShockClass::*;
    [PH, HI, LG, MI, BI, LI, SK, HC, LN, LC, EL, CH]
};

fn tables() -> Tables {
    Tables::spqr().unwrap()
}

#[test]
fn rule_8_7_shock_crt_every_cell() {
    let t = tables();
    assert_eq!(t.shock_crt.columns(), (CrtColumn(1), CrtColumn(13)));
    for roll in 0..10u8 {
        for col in 1..=13u8 {
            let cell = t.shock_crt.resolve(CrtColumn(col), 0, roll, Drm(0));
            let (r, c) = (usize::from(roll), usize::from(col - 1));
            assert_eq!(
                (cell.attacker_hits, cell.defender_hits),
                (ATTACKER[r][c], DEFENDER[r][c]),
                "roll {roll} column {col}"
            );
            assert_eq!(cell.printed_anomaly, (roll == 4 || roll == 5) && col == 13);
        }
    }
    // Rolls clamp to 0-9 and shifts to 1-13.
    assert_eq!(t.shock_crt.resolve(CrtColumn(13), 4, 9, Drm(5)).defender_hits, 6);
    assert_eq!(t.shock_crt.resolve(CrtColumn(1), -3, 0, Drm(-5)).attacker_hits, 6);
}

#[test]
fn rule_8_7_shock_crt_rejects_an_unmarked_anomaly() {
    let (file, text) = EMBEDDED[0];
    let broken = text.replacen(", printed_anomaly: true", "", 1);
    let err = ShockCrt::from_ron(file, &broken).unwrap_err().to_string();
    assert!(err.contains("not monotone"), "{err}");
    assert!(err.contains("column 13"), "{err}");
}

#[test]
fn rule_8_73_clash_of_spears_every_cell() {
    let t = tables();
    for (aspect, grid) in [(Aspect::Front, FRONT), (Aspect::Flank, FLANK), (Aspect::Rear, REAR)] {
        for (i, d) in CLASH_ORDER.iter().enumerate() {
            for (j, a) in CLASH_ORDER.iter().enumerate() {
                let want = grid[i][j];
                let got = t.clash.column(aspect, *d, *a).map_or(0, |c| c.0);
                assert_eq!(got, want, "{aspect:?} {d} defending vs {a}");
            }
        }
    }
}

#[test]
fn rule_8_73_the_three_corrected_cells_and_their_provenance() {
    let t = tables();
    let image = Provenance::Transcribed("SPQR 4th ed. living rules, 8.73 chart image".into());
    for (aspect, d, a, v) in [
        (Aspect::Front, ShockClass::HI, ShockClass::EL, 7),
        (Aspect::Front, ShockClass::LC, ShockClass::LN, 8),
        (Aspect::Rear, ShockClass::HI, ShockClass::HC, 11),
    ] {
        let cell = t.clash.cell(aspect, d, a).unwrap();
        assert_eq!(cell.column, Some(CrtColumn(v)));
        assert_eq!(cell.provenance, image);
    }
    // RC reads as HC; cavalry may not attack elephants frontally.
    assert_eq!(t.clash.column(Aspect::Rear, ShockClass::HI, ShockClass::RC), Some(CrtColumn(11)));
    assert_eq!(t.clash.column(Aspect::Front, ShockClass::EL, ShockClass::HC), None);
}

#[test]
fn rule_8_72_superiority_every_cell() {
    use SuperiorityCell::*;
    let t = tables();
    let cols = {
        use ShockClass::*;
        [PH, HI, LG, MI, BI, LI, HC, RC, LN, LC, EL, CH]
    };
    let n = None;
    let a = AttackSuperior;
    let d = DefendSuperior;
    let s = DefendSuperiorUnlessMissileNo;
    let h = DefendSuperiorUnlessMissileNoOrCataphract;
    let rows: [(ShockClass, [SuperiorityCell; 12]); 13] = [
        (ShockClass::PH, [n, n, n, n, d, d, d, d, d, d, d, n]),
        (ShockClass::HI, [n, n, a, n, n, n, d, d, d, d, n, n]),
        (ShockClass::LG, [n, n, n, n, n, d, h, s, n, s, n, n]),
        (ShockClass::MI, [a, n, a, n, n, n, n, d, n, s, n, n]),
        (ShockClass::BI, [a, n, a, n, n, d, n, n, n, d, n, n]),
        (ShockClass::LI, [a, a, a, n, a, n, n, n, n, s, n, n]),
        (ShockClass::SK, [a; 12]),
        (ShockClass::HC, [n, n, n, n, n, n, n, d, n, n, a, a]),
        (ShockClass::RC, [n, n, n, n, n, n, n, n, n, n, a, a]),
        (ShockClass::LN, [n, n, n, n, n, n, a, n, n, n, a, a]),
        (ShockClass::LC, [n, n, n, n, n, n, a, a, a, n, a, a]),
        (ShockClass::EL, [n; 12]),
        (ShockClass::CH, [n; 12]),
    ];
    for (defender, cells) in rows {
        for (attacker, want) in cols.iter().zip(cells) {
            assert_eq!(
                t.superiority.cell(defender, *attacker),
                Some(want),
                "{defender} vs {attacker}"
            );
        }
    }
}

#[test]
fn rule_8_2_missile_ranges_every_value() {
    let t = tables();
    let want: [(MissileKey, &[u8]); 7] = [
        (MissileKey::Archer, &[5, 3, 3, 1]),
        (MissileKey::Sling, &[3, 2]),
        (MissileKey::Javelin, &[5]),
        (MissileKey::ElephantScreen, &[3]),
        (MissileKey::MountedJavelin, &[3]),
        (MissileKey::MountedArcher, &[5, 3, 1]),
        (MissileKey::Scorpio, &[7, 5, 5, 3, 2, 1, 0]),
    ];
    for (key, ranges) in want {
        assert_eq!(usize::from(t.missile.max_range(&key).unwrap()), ranges.len(), "{key}");
        for (i, n) in ranges.iter().enumerate() {
            let range = u8::try_from(i + 1).unwrap();
            assert_eq!(t.missile.hit_number(&key, range).unwrap(), *n, "{key} at {range}");
        }
        assert!(t.missile.hit_number(&key, u8::try_from(ranges.len() + 1).unwrap()).is_err());
    }
}

#[test]
fn rule_6_27_movement_cost_chart_every_cell() {
    use HitCost::{Hits, Prohibited as P};
    use MoveTerrain::*;
    let t = tables();
    let h = |n| Hits(n);
    let rows: [(MoveTerrain, MpCost, [HitCost; 5]); 12] = [
        (Clear, MpCost::Mp(1), [h(0), h(0), h(0), h(0), h(0)]),
        (Woods, MpCost::Mp(2), [h(1), h(1), h(1), h(0), h(1)]),
        (Broken, MpCost::Mp(1), [h(1), h(0), h(1), h(0), h(1)]),
        (Marsh, MpCost::Mp(2), [h(1), h(1), h(1), P, P]),
        (Stream, MpCost::Plus(0), [h(1), h(0), h(0), h(0), h(0)]),
        (Village, MpCost::Impassable, [P; 5]),
        (River, MpCost::Impassable, [P; 5]),
        (DirtRoad, MpCost::Plus(0), [h(0); 5]),
        (RomanRoad, MpCost::Half, [h(0); 5]),
        (UpOneLevel, MpCost::Plus(1), [h(1), h(0), h(0), h(0), h(0)]),
        (UpMore, MpCost::Plus(1), [h(1), h(1), h(1), h(0), h(0)]),
        (DownOneLevel, MpCost::Plus(0), [h(1), h(0), h(0), h(0), h(0)]),
    ];
    for (terrain, mp, hits) in rows {
        assert_eq!(t.movement.mp(terrain), mp, "{terrain}");
        for (class, want) in MoverClass::ALL.iter().zip(hits) {
            assert_eq!(t.movement.hits(terrain, *class), want, "{terrain} {class}");
        }
    }
    let f = t.movement.facing();
    let values = [
        f.per_vertex.value,
        f.legion_any_turn.value,
        f.skirmisher_per_vertex.value,
        f.elephant_chariot_per_vertex.value,
        f.phalanx_reverse.value,
        f.rough_hits_per_vertex.value,
        f.column_change.value,
        f.column_ma_bonus.value,
        f.column_tq_penalty.value,
        f.double_depth.value,
        f.second_move_hits.value,
        f.phalanx_pivot_hits.value,
        f.phalanx_ma.value,
        f.phalanx_extended_ma.value,
    ];
    assert_eq!(values, [1, 1, 0, 2, 3, 1, 1, 1, 2, 1, 1, 1, 4, 5]);
}

#[test]
fn rule_4_53_5_33_10_29_face_tables() {
    let t = tables();
    let check: Vec<_> = (0..10).map(|f| *t.leader_casualty.outcome(f)).collect();
    assert_eq!(check[0], CasualtyCheck::Casualty);
    assert!(check[1..].iter().all(|c| *c == CasualtyCheck::Unhurt));
    let effect: Vec<_> = (0..10).map(|f| *t.leader_casualty_effect.outcome(f)).collect();
    assert!(effect[..7].iter().all(|e| *e == CasualtyEffect::Finished));
    assert_eq!(
        effect[7..],
        [CasualtyEffect::Wounded(1), CasualtyEffect::Wounded(2), CasualtyEffect::Killed]
    );
    let doom: Vec<_> = (0..10).map(|f| *t.doom.outcome(f)).collect();
    assert_eq!(doom[..2], [Doom::OpponentActivates; 2]);
    assert!(doom[2..9].iter().all(|d| *d == Doom::Finished));
    assert_eq!(doom[9], Doom::TurnEnds);
    let rally: Vec<(u8, u8)> =
        (0..10).map(|f| t.rally.outcome(f)).map(|r| (r.for_tq(4), r.for_tq(7))).collect();
    assert_eq!(
        rally,
        [(1, 1), (1, 1), (2, 2), (2, 2), (2, 2), (2, 2), (2, 3), (2, 3), (3, 4), (3, 4)]
    );
}

#[test]
fn every_table_names_its_spqr_section_and_source() {
    let t = tables();
    for info in [
        t.shock_crt.info(),
        t.clash.info(),
        t.superiority.info(),
        t.missile.info(),
        t.movement.info(),
        t.leader_casualty.info(),
        t.leader_casualty_effect.info(),
        t.doom.info(),
        t.rally.info(),
    ] {
        assert!(info.rule.starts_with("SPQR "), "{}", info.name);
        match &info.provenance {
            Provenance::Transcribed(s) => assert!(s.starts_with("SPQR 4th ed."), "{s}"),
            other => panic!("{}: {other:?}", info.name),
        }
    }
}

#[test]
fn a_broken_file_reports_file_line_and_item() {
    let (file, text) = EMBEDDED[2];
    let broken =
        text.replace("\"DS*#\"", "\"DX\"").replace("(defender: \"RC\"", "(defender: \"ZZ\"");
    let err = SuperiorityChart::from_ron(file, &broken).unwrap_err();
    let text = err.to_string();
    assert_eq!(err.problems.len(), 2, "{text}");
    assert!(text.contains("data/standard/superiority.ron:"), "{text}");
    assert!(text.contains("unknown superiority cell \"DX\""), "{text}");
    assert!(text.contains("unknown shock type \"ZZ\""), "{text}");
}

#[test]
fn every_ron_file_loads_with_deny_unknown_fields() {
    for (file, text) in EMBEDDED {
        let with_extra = text.replacen("    name:", "    colour: 1,\n    name:", 1);
        let err = match file {
            f if f.ends_with("shock-crt.ron") => ShockCrt::from_ron(f, &with_extra).err(),
            f if f.ends_with("clash.ron") => ClashChart::from_ron(f, &with_extra).err(),
            f if f.ends_with("superiority.ron") => SuperiorityChart::from_ron(f, &with_extra).err(),
            f if f.ends_with("missile.ron") => {
                ThresholdTable::<MissileKey>::from_ron(f, &with_extra).err()
            }
            f if f.ends_with("movement.ron") => MovementChart::from_ron(f, &with_extra).err(),
            f if f.ends_with("leader-casualty.ron") => {
                FaceTable::<CasualtyCheck>::from_ron(f, &with_extra).err()
            }
            f if f.ends_with("leader-casualty-effect.ron") => {
                FaceTable::<CasualtyEffect>::from_ron(f, &with_extra).err()
            }
            f if f.ends_with("die-roll-of-doom.ron") => {
                FaceTable::<Doom>::from_ron(f, &with_extra).err()
            }
            f if f.ends_with("rally.ron") => FaceTable::<RallyHits>::from_ron(f, &with_extra).err(),
            other => panic!("unlisted file {other}"),
        };
        assert!(err.is_some_and(|e| e.to_string().contains("colour")), "{file}");
    }
}
