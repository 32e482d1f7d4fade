//! Bad counter data: every problem is reported, each as
//! `file:line:column: item: message`, and nothing panics.

#![allow(clippy::expect_used, clippy::unwrap_used, clippy::panic)] // a failing test panics

use gboh_alesia::counters::{CounterMix, DEFAULT_SOURCES, MixError, MixSources, Source};
use proptest::prelude::*;

#[derive(Clone)]
struct Texts {
    roman: String,
    gallic: String,
    leaders: String,
}

fn defaults() -> Texts {
    Texts {
        roman: DEFAULT_SOURCES.roman.text.to_owned(),
        gallic: DEFAULT_SOURCES.gallic.text.to_owned(),
        leaders: DEFAULT_SOURCES.leaders.text.to_owned(),
    }
}

const ROMAN: &str = "roman.ron";
const GALLIC: &str = "gallic.ron";
const LEADERS: &str = "leaders.ron";

fn load(t: &Texts) -> Result<CounterMix, MixError> {
    CounterMix::from_sources(&MixSources {
        roman: Source { file: ROMAN, text: &t.roman },
        gallic: Source { file: GALLIC, text: &t.gallic },
        leaders: Source { file: LEADERS, text: &t.leaders },
    })
}

/// Replaces the single occurrence of `from` in `text` with `to`.
fn edit(text: &mut String, from: &str, to: &str) {
    assert_eq!(text.matches(from).count(), 1, "the default data contains {from:?} once");
    *text = text.replacen(from, to, 1);
}

/// 1-based line and column of the `n`th occurrence of `needle`.
fn pos(text: &str, needle: &str, n: usize) -> (usize, usize) {
    let (offset, _) = text.match_indices(needle).nth(n).expect("needle present");
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
}

fn load_err(t: &Texts) -> MixError {
    match load(t) {
        Ok(_) => panic!("the edited data must be rejected"),
        Err(e) => e,
    }
}

/// Asserts `err` has a problem shown exactly as `file:line:col: item: message`.
fn assert_line(err: &MixError, file: &str, at: (usize, usize), item: &str, message: &str) {
    let expected = format!("{file}:{}:{}: {item}: {message}", at.0, at.1);
    let shown = err.to_string();
    assert!(shown.lines().any(|l| l == expected), "expected line\n  {expected}\nin\n{shown}");
}

#[test]
fn the_default_data_is_clean() {
    assert!(load(&defaults()).is_ok());
}

#[test]
fn unknown_field_names_file_line_column_and_item() {
    let mut t = defaults();
    edit(
        &mut t.gallic,
        "(id: \"Sequani\", name: \"Sequani\", control: 2,",
        "(id: \"Sequani\", name: \"Sequani\", colour: 2,",
    );
    let err = load_err(&t);
    let at = pos(&t.gallic, "colour", 0);
    let shown = err.to_string();
    let prefix = format!("{GALLIC}:{}:{}: Sequani: unexpected field named `colour`", at.0, at.1);
    assert!(shown.starts_with(&prefix), "{shown}");
    assert_eq!(err.errors.len(), 1, "only the file that does not parse");
}

#[test]
fn unknown_unit_type_is_reported_at_its_type() {
    let mut t = defaults();
    edit(&mut t.roman, "(id: \"numidian-li\", type: \"LI\"", "(id: \"numidian-li\", type: \"LX\"");
    let err = load_err(&t);
    let at = pos(&t.roman, "type: \"LX\"", 0);
    assert_line(&err, ROMAN, at, "numidian-li", "2.22: unknown unit type \"LX\"");
}

#[test]
fn a_standard_series_type_is_not_in_the_alesia_mix() {
    let mut t = defaults();
    edit(&mut t.roman, "(id: \"numidian-li\", type: \"LI\"", "(id: \"numidian-li\", type: \"PH\"");
    let err = load_err(&t);
    let at = pos(&t.roman, "type: \"PH\"", 0);
    assert_line(
        &err,
        ROMAN,
        at,
        "numidian-li",
        "2.22: unit type PH is not in the Alesia counter mix",
    );
}

#[test]
fn duplicated_leader_id_is_reported_at_the_second_definition() {
    let mut t = defaults();
    edit(&mut t.leaders, "(id: \"Prefect-3\"", "(id: \"Prefect-2\"");
    let err = load_err(&t);
    let at = pos(&t.leaders, "\"Prefect-2\"", 1);
    assert_line(&err, LEADERS, at, "Prefect-2", "duplicated leader id");
}

#[test]
fn duplicated_legion_id_reports_the_legion_its_units_and_the_orphaned_legate() {
    let mut t = defaults();
    edit(&mut t.roman, "(id: \"XIV\", name: \"Legio XIV\"", "(id: \"XIII\", name: \"Legio XIV\"");
    let err = load_err(&t);
    let at = pos(&t.roman, "\"XIII\"", 1);
    assert_line(
        &err,
        ROMAN,
        at,
        "XIII",
        "duplicated id: another legion, contingent or tribe has it",
    );
    assert_line(&err, ROMAN, at, "XIII", "duplicated unit id XIII-1");
    // Cicero's Legion("XIV") now dangles, in the other file.
    let at = pos(&t.leaders, "\"XIV\"", 0);
    assert_line(&err, LEADERS, at, "Cicero", "4.11: unknown legion \"XIV\"");
    assert_eq!(err.errors.len(), 2, "{err}");
}

#[test]
fn duplicated_tribal_counter_id() {
    let mut t = defaults();
    edit(&mut t.gallic, "(id: \"Turoni\", name: \"Turoni\"", "(id: \"Pictones\", name: \"Turoni\"");
    let err = load_err(&t);
    let at = pos(&t.gallic, "\"Pictones\", name: \"Turoni\"", 0);
    assert_line(&err, GALLIC, at, "Pictones", "duplicated Tribal Counter id");
}

#[test]
fn dangling_father_tribe_is_reported_at_client_of() {
    let mut t = defaults();
    edit(
        &mut t.gallic,
        "(id: \"Gabali\", client_of: \"Arverni\"",
        "(id: \"Gabali\", client_of: \"Arvernii\"",
    );
    let err = load_err(&t);
    let at = pos(&t.gallic, "client_of: \"Arvernii\"", 0);
    assert_line(&err, GALLIC, at, "Gabali", "2.24: client of unknown tribe \"Arvernii\"");
}

#[test]
fn dangling_leader_tribe_is_reported_at_tribe() {
    let mut t = defaults();
    edit(
        &mut t.leaders,
        "(id: \"Eporedorix\", name: \"Eporedorix\", tribe: \"Aedui\"",
        "(id: \"Eporedorix\", name: \"Eporedorix\", tribe: \"Haedui\"",
    );
    let err = load_err(&t);
    let at = pos(&t.leaders, "tribe: \"Haedui\"", 0);
    assert_line(&err, LEADERS, at, "Eporedorix", "4.24: unknown tribe \"Haedui\"");
}

#[test]
fn size_that_does_not_match_the_units_is_reported_at_size() {
    let mut t = defaults();
    edit(
        &mut t.gallic,
        "(id: \"Sequani\", name: \"Sequani\", control: 2, size: 7,",
        "(id: \"Sequani\", name: \"Sequani\", control: 2, size: 8,",
    );
    let err = load_err(&t);
    let at = pos(&t.gallic, "size: 8", 0);
    assert_line(&err, GALLIC, at, "Sequani", "4.42: Size 8 but its tribes have 7 combat units");
}

#[test]
fn a_cohort_that_is_not_co() {
    let mut t = defaults();
    edit(
        &mut t.roman,
        "(id: \"X\", name: \"Legio X\", cohorts: [(profile: \"cohort\"",
        "(id: \"X\", name: \"Legio X\", cohorts: [(profile: \"numidian-li\"",
    );
    let err = load_err(&t);
    let at = pos(&t.roman, "\"numidian-li\"", 1);
    assert_line(&err, ROMAN, at, "X", "2.23: a legion's cohorts must be CO, not LI");
}

#[test]
fn out_of_range_tq_and_ma_are_each_reported() {
    let mut t = defaults();
    edit(
        &mut t.gallic,
        "(id: \"archer\", type: \"AR\", tq: 4, ma: 5,",
        "(id: \"archer\", type: \"AR\", tq: 0, ma: 0,",
    );
    edit(
        &mut t.gallic,
        "(id: \"cavalry\", type: \"LN\", tq: 5,",
        "(id: \"cavalry\", type: \"LN\", tq: 10,",
    );
    let err = load_err(&t);
    assert_line(
        &err,
        GALLIC,
        pos(&t.gallic, "tq: 0", 0),
        "archer",
        "2.21: TQ 0 is out of range 1-9",
    );
    assert_line(
        &err,
        GALLIC,
        pos(&t.gallic, "ma: 0", 0),
        "archer",
        "2.21: MA 0 is out of range 1-30",
    );
    assert_line(
        &err,
        GALLIC,
        pos(&t.gallic, "tq: 10", 0),
        "cavalry",
        "2.21: TQ 10 is out of range 1-9",
    );
}

#[test]
fn a_cavalry_counter_over_10() {
    let mut t = defaults();
    edit(
        &mut t.gallic,
        "size: 10, withdrawal: 4,\n            leader: \"CavalryLeader-1\"",
        "size: 11, withdrawal: 4,\n            leader: \"CavalryLeader-1\"",
    );
    let err = load_err(&t);
    let at = pos(&t.gallic, "size: 11", 0);
    assert_line(
        &err,
        GALLIC,
        at,
        "Cavalry-1",
        "4.44, 5.7: a Cavalry Counter holds up to ten units, not 11",
    );
}

#[test]
fn a_legion_without_a_legate_and_a_legion_with_two() {
    let mut t = defaults();
    edit(&mut t.leaders, "command: Legion(\"X\")", "command: Legion(\"XI\")");
    let err = load_err(&t);
    assert_line(
        &err,
        ROMAN,
        pos(&t.roman, "\"X\"", 0),
        "X",
        "4.11: the legion has no Legate in leaders.ron",
    );
    assert_line(
        &err,
        LEADERS,
        pos(&t.leaders, "\"XI\"", 1),
        "Rebilus",
        "4.24: legion XI already has Legate Brutus",
    );
}

#[test]
fn dangling_successor_and_unknown_sources_key() {
    let mut t = defaults();
    edit(&mut t.leaders, "successor: \"Critognatus\"", "successor: \"Critognatos\"");
    edit(
        &mut t.gallic,
        "sources: { \"control\": Printed(\"4.12\") },\n            tribes: [\n                (id: \"Ruteni\"",
        "sources: { \"colour\": Printed(\"4.12\") },\n            tribes: [\n                (id: \"Ruteni\"",
    );
    let err = load_err(&t);
    assert_line(
        &err,
        LEADERS,
        pos(&t.leaders, "successor: \"Critognatos\"", 0),
        "Vercingetorix",
        "4.35: unknown successor \"Critognatos\"",
    );
    let shown = err.to_string();
    let at = pos(&t.gallic, "\"colour\"", 0);
    let prefix = format!("{GALLIC}:{}:{}: Ruteni: sources: unknown field \"colour\"", at.0, at.1);
    assert!(shown.lines().any(|l| l.starts_with(&prefix)), "{shown}");
}

#[test]
fn every_problem_in_every_file_is_collected() {
    let mut t = defaults();
    edit(&mut t.roman, "(id: \"numidian-li\", type: \"LI\"", "(id: \"numidian-li\", type: \"LX\"");
    edit(
        &mut t.roman,
        "(id: \"archer\", type: \"AR\", tq: 4,",
        "(id: \"archer\", type: \"AR\", tq: 0,",
    );
    edit(
        &mut t.gallic,
        "(id: \"Sequani\", name: \"Sequani\", control: 2, size: 7,",
        "(id: \"Sequani\", name: \"Sequani\", control: 2, size: 8,",
    );
    edit(
        &mut t.gallic,
        "(id: \"Gabali\", client_of: \"Arverni\"",
        "(id: \"Gabali\", client_of: \"Arvernii\"",
    );
    edit(&mut t.leaders, "(id: \"Prefect-3\"", "(id: \"Prefect-2\"");
    let err = load_err(&t);
    let files: Vec<&str> = err.errors.iter().map(|e| e.file.as_str()).collect();
    assert_eq!(files, [ROMAN, GALLIC, LEADERS]);
    assert!(err.problems().count() >= 5, "{err}");
    for (file, p) in err.problems() {
        assert!(p.pos.is_some(), "{file}: {} is located", p.item);
    }
}

#[test]
fn syntax_errors_name_the_enclosing_item() {
    let mut t = defaults();
    edit(
        &mut t.leaders,
        "(id: \"Viridomarus\", name: \"Viridomarus\", tribe: \"Aedui\", roles: [",
        "(id: \"Viridomarus\", name: \"Viridomarus\", tribe: \"Aedui\", roles: [[",
    );
    let err = load_err(&t);
    let p = err.problems().next().map(|(_, p)| p.clone()).expect("a problem");
    assert_eq!(p.item, "Viridomarus", "{err}");
    assert!(p.pos.is_some());
}

#[test]
fn a_missing_directory_is_an_error_naming_each_file() {
    let err = match CounterMix::load_dir("/nonexistent/gboh/counters") {
        Ok(_) => panic!("nothing to load"),
        Err(e) => e,
    };
    assert_eq!(err.errors.len(), 3);
    assert!(err.problems().all(|(_, p)| p.item == "file"));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Any text at all: an error, never a panic.
    #[test]
    fn arbitrary_text_never_panics(roman in ".{0,200}", gallic in ".{0,200}", leaders in ".{0,200}") {
        let t = Texts { roman, gallic, leaders };
        prop_assert!(load(&t).is_err());
    }

    /// The real files with a slice cut out, or a digit changed: whatever comes
    /// out, an answer without a panic, and located problems.
    #[test]
    fn damaged_files_never_panic(which in 0usize..3, start in 0usize..40_000, len in 0usize..200, digit in 0u8..10) {
        let base = defaults();
        let text = match which { 0 => &base.roman, 1 => &base.gallic, _ => &base.leaders };
        let start = start % text.len().max(1);
        let cut_at = (start..=text.len()).find(|&i| text.is_char_boundary(i)).unwrap_or(text.len());
        let end = (cut_at + len).min(text.len());
        let end = (end..=text.len()).find(|&i| text.is_char_boundary(i)).unwrap_or(text.len());
        let mut cut = text.clone();
        cut.replace_range(cut_at..end, "");
        let mut redigit = text.clone();
        if let Some(i) = redigit[cut_at..].find(|c: char| c.is_ascii_digit()) {
            redigit.replace_range(cut_at + i..cut_at + i + 1, &digit.to_string());
        }
        for variant in [cut, redigit] {
            let mut t = base.clone();
            match which { 0 => t.roman = variant, 1 => t.gallic = variant, _ => t.leaders = variant }
            if let Err(e) = load(&t) {
                prop_assert!(!e.errors.is_empty());
                prop_assert!(e.errors.iter().all(|d| !d.problems.is_empty()));
            }
        }
    }
}
