//! Arrival tables and named die checks: validation of roll thresholds.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use gboh_core::table::{Arrival, ArrivalTable, CheckTable, LoadTable};

gboh_core::table_key! {
    /// A game's kinds of hexside, as the tables' keys in these tests.
    pub enum HexsideKey: "unknown hexside" {
        /// A minor river.
        MinorRiver = "MinorRiver",
        /// A stream.
        Stream = "Stream",
        /// A camp wall.
        CampWall = "CampWall",
        /// A low stone wall.
        StoneWall = "StoneWall",
        /// A gate.
        Gate = "Gate",
    }
}

const ARRIVAL: &str = r#"(name: "Arrival", rule: "5.33", provenance: Reconstructed, die: D10,
    areas: [
        (area: "Gate", arrival: Automatic, provenance: Printed("5.33")),
        (area: "Stream", arrival: OnRoll(0, 8), provenance: Printed("5.42")),
        (area: "StoneWall", arrival: OnRoll(0, 3), provenance: Reconstructed),
    ],
)"#;

fn lines(err: impl ToString) -> Vec<String> {
    err.to_string().lines().map(str::to_owned).collect()
}

#[test]
fn arrival_reads_unmodified_faces() {
    let t: ArrivalTable<HexsideKey> = ArrivalTable::from_ron("a.ron", ARRIVAL).unwrap();
    assert_eq!(t.arrival(&HexsideKey::Gate), Some(Arrival::Automatic));
    assert_eq!(t.arrives(&HexsideKey::Stream, 8), Some(true));
    assert_eq!(t.arrives(&HexsideKey::Stream, 9), Some(false));
    assert_eq!(t.arrives(&HexsideKey::CampWall, 0), None);
    assert_eq!(t.distribution(&HexsideKey::StoneWall).unwrap().chance(&true).to_string(), "4/10");
    assert_eq!(t.arrival(&HexsideKey::Stream).unwrap().to_string(), "on 0-8");
}

#[test]
fn every_arrival_problem_is_reported_with_its_place() {
    let bad = ARRIVAL
        .replace("(area: \"Gate\"", "(area: \"Moat\"")
        .replace("OnRoll(0, 8)", "OnRoll(0, 10)")
        .replace(
            "(area: \"StoneWall\", arrival: OnRoll(0, 3)",
            "(area: \"Stream\", arrival: OnRoll(2, 3)",
        );
    let err = ArrivalTable::<HexsideKey>::from_ron("a.ron", &bad).unwrap_err();
    let expected: Vec<&str> = HexsideKey::ALL.iter().map(|k| k.as_str()).collect();
    assert_eq!(
        lines(err),
        [
            format!(
                "a.ron:3:10: Moat: 5.33: unknown hexside \"Moat\"; expected one of: {}",
                expected.join(", ")
            )
            .as_str(),
            "a.ron:4:10: Stream: 5.33: faces 0-10 are out of range: a D10 reads 0-9",
            "a.ron:5:10: Stream: 5.33: arrival on 2-3 does not start at 0: a lower roll is never worse",
        ]
    );
}

#[test]
fn a_repeated_area_is_a_duplicated_row() {
    let bad = ARRIVAL.replace("(area: \"StoneWall\"", "(area: \"Gate\"");
    let err = ArrivalTable::<HexsideKey>::from_ron("a.ron", &bad).unwrap_err();
    assert_eq!(lines(err), ["a.ron:5:10: Gate: 5.33: duplicated row for area Gate"]);
}

const CHECKS: &str = r#"(name: "checks", rule: "9.24", provenance: Printed("9.24"), die: D10, checks: [
    (check: "Gate", rule: "9.24", stages: [(0, 0), (0, 4)], provenance: Printed("9.24")),
    (check: "Stream", rule: "8.45", stages: [(9, 9)], provenance: Printed("8.45")),
])"#;

#[test]
fn checks_report_empty_and_off_the_die_stages() {
    let bad = CHECKS
        .replace("stages: [(0, 0), (0, 4)]", "stages: [(0, 0), (-1, 4)]")
        .replace("stages: [(9, 9)]", "stages: []");
    let err = CheckTable::<HexsideKey>::from_ron("c.ron", &bad).unwrap_err();
    assert_eq!(
        lines(err),
        [
            "c.ron:2:6: Gate: 9.24: roll 2: faces -1-4 are out of range: a D10 reads 0-9",
            "c.ron:3:6: Stream: 8.45: a check needs at least one roll",
        ]
    );
    let dup = CHECKS.replace("(check: \"Stream\"", "(check: \"Gate\"");
    let err = CheckTable::<HexsideKey>::from_ron("c.ron", &dup).unwrap_err();
    assert_eq!(lines(err), ["c.ron:3:6: Gate: 8.45: duplicated check Gate"]);
}
