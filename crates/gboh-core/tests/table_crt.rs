//! The standard family's column CRT (columns 1-13, shifts clamped), on tiny
//! tables: no Alesia data needs one.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use gboh_core::table::{ColumnCrt, CrtColumn, Drm, LoadTable, ModifiedRoll, ShockResult};

fn cell(a: u8, d: u8) -> String {
    format!("(attacker_hits: {a}, defender_hits: {d})")
}

/// A row: its rolls, and (attacker hits, defender hits) per column.
type Row = ((i32, i32), Vec<(u8, u8)>);

fn crt(columns: (u8, u8), rows: &[Row]) -> String {
    let rows: String = rows
        .iter()
        .map(|((lo, hi), cells)| {
            let cells: Vec<String> = cells.iter().map(|&(a, d)| cell(a, d)).collect();
            format!(
                "    (rolls: ({lo}, {hi}), results: [{}], provenance: Reconstructed),\n",
                cells.join(", ")
            )
        })
        .collect();
    format!(
        "(\n    name: \"Shock CRT\", rule: \"8.47\", provenance: Reconstructed, die: D10,\n    columns: ({}, {}), printed_range: (0, 9),\n    rows: [\n{rows}    ],\n)",
        columns.0, columns.1
    )
}

/// Three columns, three rows: attacker hits fall and defender hits rise to the
/// right and downward.
fn tiny() -> String {
    crt(
        (1, 3),
        &[
            ((0, 3), vec![(3, 1), (2, 1), (2, 2)]),
            ((4, 6), vec![(2, 1), (2, 2), (1, 2)]),
            ((7, 9), vec![(2, 2), (1, 2), (1, 3)]),
        ],
    )
}

#[test]
fn shifts_are_clamped_to_the_first_and_last_columns() {
    let t: ColumnCrt<ShockResult> = ColumnCrt::from_ron("crt.ron", &tiny()).unwrap();
    assert_eq!(t.columns(), (CrtColumn(1), CrtColumn(3)));
    assert_eq!(t.shifted(CrtColumn(2), 1), CrtColumn(3));
    assert_eq!(t.shifted(CrtColumn(2), 5), CrtColumn(3));
    assert_eq!(t.shifted(CrtColumn(2), -5), CrtColumn(1));
    assert_eq!(t.shifted(CrtColumn(2), i32::MIN), CrtColumn(1));
    // A column outside the table is clamped too.
    assert_eq!(t.shifted(CrtColumn(200), 0), CrtColumn(3));
    assert_eq!(t.result(CrtColumn(1), 2, ModifiedRoll(5)).to_string(), "1/2");
    assert_eq!(t.result(CrtColumn(3), -2, ModifiedRoll(-4)).to_string(), "3/1");
    assert_eq!(t.resolve(CrtColumn(2), 0, 9, Drm(9)).to_string(), "1/2");
}

#[test]
fn odds_over_ten_faces_sum_to_ten() {
    let t: ColumnCrt<ShockResult> = ColumnCrt::from_ron("crt.ron", &tiny()).unwrap();
    let d = t.distribution(CrtColumn(2), 0, Drm(1));
    assert_eq!(d.total(), 10);
    assert_eq!(d.outcomes().iter().map(|(_, n)| n).sum::<u64>(), 10);
    // Faces 0-2 modified to 1-3 read the first row; 3-5 the second; 6-9 the third.
    let counts: Vec<(String, u64)> =
        d.outcomes().iter().map(|(r, n)| (r.to_string(), *n)).collect();
    assert_eq!(counts, [("2/1".to_owned(), 3), ("2/2".to_owned(), 3), ("1/2".to_owned(), 4)]);
}

#[test]
fn a_row_with_the_wrong_number_of_columns_is_reported() {
    let text =
        crt((1, 3), &[((0, 4), vec![(3, 1), (2, 1)]), ((5, 9), vec![(2, 1), (2, 2), (1, 2)])]);
    let err = ColumnCrt::<ShockResult>::from_ron("crt.ron", &text).unwrap_err();
    assert_eq!(err.to_string(), "crt.ron:5:6: rolls 0-4: 8.47: 2 results for 3 columns 1-3");
}

#[test]
fn columns_must_run_upward_from_one() {
    let text = crt((0, 1), &[((0, 9), vec![(1, 1), (1, 1)])]);
    let err = ColumnCrt::<ShockResult>::from_ron("crt.ron", &text).unwrap_err();
    assert!(
        err.to_string().starts_with("crt.ron:3:5: Shock CRT: 8.47: columns 0-1 must run upward"),
        "{err}"
    );
}

/// SPQR's Shock CRT (known-table-values.md section 3), columns 12-13 at rolls
/// 3-4: the transcription gives defender hits 4 then 3 in column 13, which the
/// reference itself flags as a likely slip. Validation catches it, both down
/// the column and across the row.
#[test]
fn the_spqr_column_13_slip_is_not_monotone() {
    let text = crt((12, 13), &[((0, 3), vec![(2, 3), (2, 4)]), ((4, 9), vec![(2, 4), (1, 3)])]);
    let err = ColumnCrt::<ShockResult>::from_ron("crt.ron", &text).unwrap_err();
    let lines: Vec<String> = err.to_string().lines().map(str::to_owned).collect();
    assert_eq!(lines.len(), 2, "{err}");
    assert!(
        lines[0].starts_with(
            "crt.ron:6:6: rolls 4-9, column 13: 8.47: not monotone: a column further right"
        ),
        "{err}"
    );
    assert!(lines[0].ends_with("fewer hits on the defender (3 after 4)"), "{err}");
    assert!(
        lines[1]
            .starts_with("crt.ron:6:6: rolls 4-9, column 13: 8.47: not monotone: a higher roll"),
        "{err}"
    );
}
