//! Test scenarios made from 12.1's file (`FINAL_ASSAULT_RON`): neither
//! printed scenario has a second Assault Period or plays the general entry
//! rules (5.3-5.4), so the tests of those rules edit 12.1's text.

#![allow(dead_code, clippy::unwrap_used)] // each test file uses some of these

use gboh_alesia::scenario::{FINAL_ASSAULT_RON, Scenario};

/// 12.1's file with `periods` Assault Periods.
pub fn with_periods(periods: u8) -> Scenario {
    let text = FINAL_ASSAULT_RON
        .replace("id: \"final-assault\"", "id: \"two-periods-test\"")
        .replace("AssaultPeriods(1)", &format!("AssaultPeriods({periods})"));
    let s = Scenario::from_ron("two-periods-test.ron", &text).unwrap();
    assert_eq!(s.assault_periods(), periods);
    s
}

/// 12.1's file under the general entry rules (its own entry rule,
/// `counters_per_activation`, removed), with Entry Areas I-VI, `relief` as
/// the relief pool and `periods` Assault Periods.
pub fn general_rules(relief: &[&str], periods: u8) -> Scenario {
    let mut text = String::new();
    let mut skip = false;
    for line in FINAL_ASSAULT_RON.lines() {
        if line.trim_start().starts_with("counters_per_activation:") {
            skip = true;
        }
        if skip {
            // The item ends with its note.
            if line.trim_start().starts_with("note:") {
                skip = false;
            }
            continue;
        }
        text.push_str(line);
        text.push('\n');
    }
    let pool: Vec<String> = relief.iter().map(|r| format!("{r:?}")).collect();
    let text = text
        .replace("id: \"final-assault\"", "id: \"general-rules-test\"")
        .replace("AssaultPeriods(1)", &format!("AssaultPeriods({periods})"))
        .replace(
            "value: [\"Entry Area III\", \"Entry Area IV\", \"Entry Area V\", \"Entry Area VI\"]",
            "value: [\"Entry Area I\", \"Entry Area II\", \"Entry Area III\", \"Entry Area IV\", \"Entry Area V\", \"Entry Area VI\"]",
        )
        .replace(
            "value: [\"Arverni\", \"Sequani\", \"Senones\", \"Bituriges\", \"Santones\", \"Ruteni\", \"Bellovaci\", \"Atrebates\", \"Cavalry-1\", \"Cavalry-2\"]",
            &format!("value: [{}]", pool.join(", ")),
        );
    let s = Scenario::from_ron("general-rules-test.ron", &text).unwrap();
    assert!(s.gauls.counters_per_activation.is_none());
    assert_eq!(s.assault_periods(), periods);
    s
}
