//! The bad-input catalogue: malformed data files, saved games and replay
//! logs, one row each. Every row must give a typed error (never `Ok`, never a
//! panic) whose message names the place: the file, the line and column, and
//! the item at fault. And nothing already loaded is lost: a table set that
//! refused a replacement is unchanged, and a game loaded before the bad
//! inputs still has the same fingerprint and plays on.
//!
//! The `*_bad_data.rs` tests go deeper into each loader; this table is the
//! one place that lists every kind of bad input an app may be handed.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failing test panics

use gboh_alesia::map::SiegeWorks;
use std::panic::{AssertUnwindSafe, catch_unwind};

use gboh_alesia::counters::{CounterMix, DEFAULT_SOURCES, MixSources, Source};
use gboh_alesia::game::Setup;
use gboh_alesia::map::{WEST_MAP_RON, load_map, west_map};
use gboh_alesia::protocol::{Action, Alesia};
use gboh_alesia::scenario::{FINAL_ASSAULT_RON, Scenario, validate_deployment};
use gboh_alesia::tables::{AlesiaTable, AlesiaTables};
use gboh_core::dice::Dice;
use gboh_core::facing::Facing;
use gboh_core::game::{Game, fingerprint};
use gboh_core::policy::UniformRandom;

/// One row: what is wrong, how it is loaded, and what the error must name.
struct Case {
    name: &'static str,
    /// Loads the bad input; `Err` holds the error as an app would show it.
    load: Box<dyn Fn() -> Result<(), String>>,
    /// Substrings the message must hold: file and position, item, what.
    names: Vec<String>,
}

fn case(
    name: &'static str,
    names: Vec<String>,
    load: impl Fn() -> Result<(), String> + 'static,
) -> Case {
    Case { name, load: Box::new(load), names }
}

/// `text` with the first `from` replaced by `to`.
fn edit(text: &str, from: &str, to: &str) -> String {
    assert!(text.contains(from), "{from:?} is not in the text");
    text.replacen(from, to, 1)
}

/// The 1-based line of the first `needle` in `text`.
fn line(text: &str, needle: &str) -> usize {
    let at = text.find(needle).unwrap_or_else(|| panic!("{needle:?} not found"));
    text[..at].matches('\n').count() + 1
}

/// The first `fraction` of `text`, cut on a character boundary.
fn truncated(text: &str, fraction: usize) -> String {
    let mut cut = text.len() * fraction / 100;
    while !text.is_char_boundary(cut) {
        cut -= 1;
    }
    text[..cut].to_owned()
}

/// The balanced `( ... )` starting at byte `start` of `text`.
fn group_end(text: &str, start: usize) -> usize {
    let mut depth = 0i32;
    for (i, c) in text[start..].char_indices() {
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' => {
                depth -= 1;
                if depth == 0 {
                    return start + i + 1;
                }
            }
            _ => {}
        }
    }
    panic!("unbalanced")
}

fn shock_replaced(text: String) -> impl Fn() -> Result<(), String> {
    move || {
        let mut tables = AlesiaTables::default_tables().unwrap();
        let before = tables.clone();
        let result = tables.replace(AlesiaTable::Shock, "shock.ron", &text);
        assert!(tables == before, "a refused shock table changed the loaded tables");
        result.map_err(|e| e.to_string())
    }
}

fn with_counters(which: &'static str, text: String) -> impl Fn() -> Result<(), String> {
    move || {
        let mut sources: MixSources<'_> = DEFAULT_SOURCES;
        let source = |file| Source { file, text: &text };
        match which {
            "roman" => sources.roman = source("roman.ron"),
            "gallic" => sources.gallic = source("gallic.ron"),
            _ => sources.leaders = source("leaders.ron"),
        }
        CounterMix::from_sources(&sources).map(|_| ()).map_err(|e| e.to_string())
    }
}

fn scenario(text: String) -> impl Fn() -> Result<(), String> {
    move || {
        let (mix, map) = (CounterMix::default_mix().unwrap(), west_map().unwrap());
        Scenario::load("final-assault.ron", &text, mix, map).map(|_| ()).map_err(|e| e.to_string())
    }
}

/// A saved game read back as an app would: the app names the file, the
/// error gives the line, column and what is wrong.
fn save(text: String) -> impl Fn() -> Result<(), String> {
    move || ron::from_str::<Game<Alesia>>(&text).map(|_| ()).map_err(|e| format!("save.ron:{e}"))
}

fn start() -> Alesia {
    Scenario::final_assault().unwrap().initial_game(Setup::shared().unwrap()).unwrap()
}

/// 12.1 played for `n` random legal actions with dice seed `seed`.
fn played(seed: u64, n: usize) -> Game<Alesia> {
    let mut game = Game::new(start(), Dice::seeded(seed));
    let mut pick = UniformRandom::seeded(seed);
    for _ in 0..n {
        let legal = game.legal_actions();
        if legal.is_empty() {
            break;
        }
        game.apply(legal[pick.below(legal.len())].clone()).unwrap();
    }
    game
}

fn data_file_cases() -> Vec<Case> {
    let shock = AlesiaTable::Shock.default_text();
    let roman = DEFAULT_SOURCES.roman.text;
    let map = WEST_MAP_RON;
    let sc = FINAL_ASSAULT_RON;
    let wrong_type = edit(shock, "attacker_hits: 4", "attacker_hits: \"four\"");
    let out_of_range = edit(shock, "attacker_hits: 4", "attacker_hits: 400");
    let gap = edit(shock, "(rolls: (1, 2)", "(rolls: (1, 1)");
    let unknown_type = edit(roman, "type: \"Scorpio\"", "type: \"Onager\"");
    let tq = edit(
        roman,
        "(id: \"archer\", type: \"AR\", tq: 4",
        "(id: \"archer\", type: \"AR\", tq: 14",
    );
    let off_grid = edit(map, "\"W3306/W3307\"", "\"W3306/W9907\"");
    let map_type = edit(map, "columns: (1, 64)", "columns: (1, \"64\")");
    let leader = edit(sc, "\"Labienus\", \"Prefect-1\"", "\"Labienvs\", \"Prefect-1\"");
    let label = edit(sc, "NotNorthOf([\"W5815\"", "NotNorthOf([\"W9915\"");
    let provenance = edit(sc, "provenance: Printed(\"12.1\")", "provenance: 12");
    vec![
        case("tables: truncated file", vec!["shock.ron:".into(), "syntax".into()], {
            shock_replaced(truncated(shock, 50))
        }),
        case(
            "tables: wrong type (a string for a hit count)",
            vec![format!("shock.ron:{}:", line(&wrong_type, "\"four\"")), "syntax".into()],
            shock_replaced(wrong_type.clone()),
        ),
        case(
            "tables: out-of-range value (400 hits)",
            vec![format!("shock.ron:{}:", line(&out_of_range, "400")), "syntax".into()],
            shock_replaced(out_of_range.clone()),
        ),
        case(
            "tables: a roll no row covers",
            vec![
                format!("shock.ron:{}:", line(&gap, "(rolls: (1, 1)") + 1),
                "no row for modified roll 2".into(),
            ],
            shock_replaced(gap.clone()),
        ),
        case("counters: truncated file", vec!["gallic.ron:".into(), "expected".into()], {
            with_counters("gallic", truncated(DEFAULT_SOURCES.gallic.text, 40))
        }),
        case(
            "counters: unknown unit type",
            vec![format!("roman.ron:{}:", line(&unknown_type, "Onager")), "Onager".into()],
            with_counters("roman", unknown_type.clone()),
        ),
        case(
            "counters: out-of-range TQ",
            vec![format!("roman.ron:{}:", line(&tq, "tq: 14")), "archer".into()],
            with_counters("roman", tq.clone()),
        ),
        case(
            "map: a hexside hex off the grid",
            vec![format!("map.ron:{}:", line(&off_grid, "W9907")), "W9907".into()],
            {
                let t = off_grid.clone();
                move || load_map("map.ron", &t).map(|_| ()).map_err(|e| e.to_string())
            },
        ),
        case(
            "map: wrong type in the grid",
            vec![format!("map.ron:{}:", line(&map_type, "\"64\"")), "syntax".into()],
            {
                let t = map_type.clone();
                move || load_map("map.ron", &t).map(|_| ()).map_err(|e| e.to_string())
            },
        ),
        case("map: truncated file", vec!["map.ron:".into(), "syntax".into()], {
            let t = truncated(map, 70);
            move || load_map("map.ron", &t).map(|_| ()).map_err(|e| e.to_string())
        }),
        case(
            "scenario: unknown leader id",
            vec![format!("final-assault.ron:{}:", line(&leader, "Labienvs")), "Labienvs".into()],
            scenario(leader.clone()),
        ),
        case(
            "scenario: a deployment line hex off the grid",
            vec![format!("final-assault.ron:{}:", line(&label, "W9915")), "W9915".into()],
            scenario(label.clone()),
        ),
        case(
            "scenario: wrong type (a number for a provenance)",
            vec![
                format!("final-assault.ron:{}:", line(&provenance, "provenance: 12")),
                "syntax".into(),
            ],
            scenario(provenance.clone()),
        ),
        case(
            "scenario: truncated file",
            vec!["final-assault.ron:".into(), "syntax".into()],
            scenario(truncated(sc, 60)),
        ),
        case(
            "scenario: a deployment that breaks the scenario's own rules (12.1 NotNorthOf)",
            vec!["12.1".into(), "W6015".into(), "north".into()],
            || {
                let scenario = Scenario::final_assault().unwrap();
                let mut field = start().field;
                let setup = field.setup().clone();
                // A reserve cohort of legion IX (not on a rampart) goes north of W5815.
                let cohort = (1..=10)
                    .filter_map(|i| setup.uid(&format!("IX-{i}")))
                    .find(|&u| {
                        field.unit(u).and_then(|s| s.at).is_some_and(|h| !setup.board.is_rampart(h))
                    })
                    .unwrap();
                field
                    .move_unit(cohort, setup.board.hex_of("W6015").unwrap(), Facing::Twelve)
                    .unwrap();
                let violations = validate_deployment(&field, scenario);
                if violations.is_empty() {
                    return Ok(());
                }
                Err(violations.iter().map(ToString::to_string).collect::<Vec<_>>().join("\n"))
            },
        ),
    ]
}

fn save_cases() -> Vec<Case> {
    let game = played(3, 30);
    let text = ron::to_string(&game).unwrap();
    // The first unit on the map, and its place in the text.
    let at = text.find("at:Some((x:").unwrap();
    let first_unit = text.find("units:[(").unwrap() + "units:[".len();
    let without_first =
        format!("{}{}", &text[..first_unit], &text[group_end(&text, first_unit) + 1..]);
    let off_map = format!(
        "{}at:Some((x:500{}",
        &text[..at],
        &text[at + "at:Some((x:".len()..]
            .trim_start_matches(|c: char| c.is_ascii_digit() || c == '-')
    );
    let stack_order = text.find("stack_order:[((").unwrap() + "stack_order:[((".len();
    let unknown_uid = format!(
        "{}9999{}",
        &text[..stack_order],
        text[stack_order..].trim_start_matches(|c: char| c.is_ascii_digit())
    );
    // Four units put in one hex: the first placed unit's hex given to three more.
    let place_end = group_end(&text, at + "at:Some(".len());
    let place = text[at..=place_end].to_owned();
    let mut crowded = text.clone();
    let mut from = place_end;
    for _ in 0..3 {
        let next = from + crowded[from..].find("at:Some((x:").unwrap();
        let end = group_end(&crowded, next + "at:Some(".len()) + 1;
        crowded.replace_range(next..end, &place);
        from = next + place.len();
    }
    let first_placed = game.state().field.units().iter().position(|u| u.at.is_some()).unwrap();
    let first_id = game.state().setup().units[first_placed].id.clone();
    let wrong_type = edit(&text, "mp_spent:0", "mp_spent:\"none\"");
    let unknown_field = edit(&text, "fires:0)", "fires:0,colour:1)");
    vec![
        case("save: truncated file", vec!["save.ron:1:".into()], save(truncated(&text, 50))),
        case("save: wrong type", vec!["save.ron:1:".into(), "integer".into()], save(wrong_type)),
        case(
            "save: unknown field",
            vec!["save.ron:1:".into(), "colour".into()],
            save(unknown_field),
        ),
        case(
            "save: a unit missing (counts do not fit the setup)",
            vec!["save.ron:1:".into(), "units".into()],
            save(without_first),
        ),
        case(
            "save: a unit on a hex off the map",
            vec!["save.ron:1:".into(), format!("unit {first_id} illegally: hex off the map")],
            save(off_map),
        ),
        case(
            "save: an unknown unit id in the stack order",
            vec!["save.ron:1:".into(), "unit #9999 illegally: no unit Uid(9999)".into()],
            save(unknown_uid),
        ),
        case(
            "save: four units in one hex (6.6)",
            vec!["save.ron:1:".into(), "illegally: 6.6: hex already holds 3 units".into()],
            save(crowded),
        ),
    ]
}

fn replay_cases() -> Vec<Case> {
    let game = played(5, 40);
    let log: Vec<Action> = game.log().to_vec();
    // The log with one action swapped for one the game would refuse there.
    let k = 20;
    let mut diverging = log.clone();
    diverging.insert(k, Action::Pass);
    let log_text = ron::to_string(&log).unwrap();
    let bad_variant = edit(&log_text, "Activate(", "Activat(");
    vec![
        case(
            "replay: a log that diverges (an action the game refuses there)",
            vec![
                format!("replay diverged at action {k}"),
                "3.0: act with the active command or end the activation".into(),
            ],
            move || {
                Game::replay(start(), 5, diverging.clone()).map(|_| ()).map_err(|e| e.to_string())
            },
        ),
        case(
            "replay: a log with an unknown action",
            vec![
                format!("log.ron:1:{}", bad_variant.find("Activat(").unwrap() + 1),
                "Activat".into(),
            ],
            move || {
                ron::from_str::<Vec<Action>>(&bad_variant)
                    .map(|_| ())
                    .map_err(|e| format!("log.ron:{e}"))
            },
        ),
        case("replay: a log replayed with the wrong seed", vec!["diverged".into()], move || {
            let replayed = Game::replay(start(), 6, log.clone());
            let print = replayed.map_err(|e| e.to_string()).and_then(|g| fingerprint(&g))?;
            if print == fingerprint(&game)? {
                Ok(())
            } else {
                Err(format!("fingerprint {print:016x} differs from the log's"))
            }
        }),
    ]
}

#[test]
fn every_bad_input_gets_a_typed_error_naming_its_place_and_loses_nothing() {
    // Loaded before the bad inputs: a game in progress.
    let kept = played(1, 25);
    let kept_print = fingerprint(&kept).unwrap();

    let mut failures = Vec::new();
    let cases: Vec<Case> =
        data_file_cases().into_iter().chain(save_cases()).chain(replay_cases()).collect();
    assert!(cases.len() >= 20, "the catalogue lost rows");
    for c in &cases {
        match catch_unwind(AssertUnwindSafe(|| (c.load)())) {
            Err(_) => failures.push(format!("{}: panicked", c.name)),
            Ok(Ok(())) => failures.push(format!("{}: accepted", c.name)),
            Ok(Err(message)) => {
                println!("{}:\n    {}", c.name, message.replace('\n', "\n    "));
                for n in &c.names {
                    if !message.contains(n.as_str()) {
                        failures
                            .push(format!("{}: {n:?} not in the error:\n    {message}", c.name));
                    }
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} rows failed:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );

    // Nothing already loaded is lost.
    assert_eq!(fingerprint(&kept).unwrap(), kept_print);
    let mut kept = kept;
    let next = kept.legal_actions().into_iter().next().unwrap();
    kept.apply(next).unwrap();
    assert!(Setup::shared().is_ok() && Scenario::final_assault().is_ok());
}
