//! One test loads every RON file under `data/` through its validating loader
//! (every raw type uses `deny_unknown_fields`), so a file nobody loads, or a file
//! that no longer validates, fails the build.

#![allow(clippy::unwrap_used)] // test helpers outside #[test] fns

use gboh::alesia::counters::CounterMix;
use gboh::alesia::map::load_map;
use gboh::alesia::scenario::{Scenario, ScenarioId};
use gboh::alesia::tables::{AlesiaTable, AlesiaTables};
use std::path::{Path, PathBuf};

fn ron_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> =
        std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            ron_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "ron") {
            out.push(path);
        }
    }
}

#[test]
fn every_ron_file_under_data_loads_and_validates() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("data");
    let mut files = Vec::new();
    ron_files(&root, &mut files);
    assert!(!files.is_empty());

    let mut tables = AlesiaTables::default_tables().unwrap();
    let mut loaded = Vec::new();
    for path in &files {
        let rel = path.strip_prefix(&root).unwrap().to_string_lossy().replace('\\', "/");
        let text = std::fs::read_to_string(path).unwrap();
        let file = format!("data/{rel}");
        match rel.as_str() {
            "alesia/map.ron" => {
                load_map(&file, &text).unwrap_or_else(|e| panic!("{e}"));
            }
            r if r.starts_with("alesia/tables/") => {
                let name = r.trim_start_matches("alesia/tables/");
                let table = AlesiaTable::ALL
                    .iter()
                    .find(|t| t.file_name() == name)
                    .unwrap_or_else(|| panic!("{file}: no loader for this table"));
                tables.replace(*table, &file, &text).unwrap_or_else(|e| panic!("{e}"));
            }
            r if r.starts_with("alesia/counters/") => {
                // The counter mix is three files validated together.
                CounterMix::load_dir(path.parent().unwrap()).unwrap_or_else(|e| panic!("{e}"));
            }
            r if r.starts_with("alesia/scenarios/") => {
                // Validated against the default counter mix and West map.
                let scenario = Scenario::from_ron(&file, &text).unwrap_or_else(|e| panic!("{e}"));
                assert!(
                    ScenarioId::ALL.iter().any(|id| id.as_str() == scenario.id),
                    "{file}: scenario id {:?} is not a ScenarioId",
                    scenario.id
                );
            }
            "gergovia/map.ron" => {
                gboh::gergovia::map::load_map(&file, &text).unwrap_or_else(|e| panic!("{e}"));
            }
            "gergovia/victory.ron" => {
                gboh::gergovia::victory::load_victory(&file, &text)
                    .unwrap_or_else(|e| panic!("{e}"));
            }
            "gergovia/fortifications.ron" => {
                gboh::gergovia::fortifications::load_fortifications(&file, &text)
                    .unwrap_or_else(|e| panic!("{e}"));
            }
            r if r.starts_with("gergovia/simplified-") => {
                gboh::gergovia::simplified::tables::load_file(&file, &text)
                    .unwrap_or_else(|e| panic!("{e}"));
            }
            "gergovia/movement.ron" => {
                gboh::gergovia::movement::load_table(&file, &text)
                    .unwrap_or_else(|e| panic!("{e}"));
            }
            r if r.starts_with("gergovia/counters/") => {
                // The counter mix is three files validated together.
                let dir = path.parent().unwrap();
                let read = |name: &str| std::fs::read_to_string(dir.join(name)).unwrap();
                let (roman, gallic, leaders) =
                    (read("roman.ron"), read("gallic.ron"), read("leaders.ron"));
                gboh::gergovia::counters::load_counters(
                    [("roman.ron", &roman), ("gallic.ron", &gallic)],
                    ("leaders.ron", &leaders),
                )
                .unwrap_or_else(|e| panic!("{e}"));
            }
            r if r.starts_with("gergovia/scenarios/") => {
                // Validated against the embedded Gergovia map and counters.
                let board = gboh::gergovia::map::board().unwrap_or_else(|e| panic!("{e}"));
                let mix = gboh::gergovia::counters::counters().unwrap_or_else(|e| panic!("{e}"));
                gboh::gergovia::scenario::load_scenario(&file, &text, board, mix)
                    .unwrap_or_else(|e| panic!("{e}"));
            }
            r if r.starts_with("standard/") && !r.contains("/scenarios/") => {
                // The SPQR charts load together; the embedded copy is this file.
                let (_, embedded) = gboh::standard::tables::EMBEDDED
                    .iter()
                    .find(|(f, _)| *f == file)
                    .unwrap_or_else(|| panic!("{file}: no chart of the standard family"));
                assert_eq!(*embedded, text, "{file}: the embedded chart is this file");
                gboh::standard::tables::Tables::spqr()
                    .unwrap_or_else(|e| panic!("{}", e.first().unwrap()));
            }
            "alexandria/map.ron" | "alexandria/city.ron" => {
                // The hex map and the city (streets, Blocks, the canal) load
                // and validate together.
                let dir = path.parent().unwrap();
                let map = std::fs::read_to_string(dir.join("map.ron")).unwrap();
                let city = std::fs::read_to_string(dir.join("city.ron")).unwrap();
                gboh::alexandria::map::load(
                    "data/alexandria/map.ron",
                    &map,
                    "data/alexandria/city.ron",
                    &city,
                )
                .unwrap_or_else(|e| panic!("{e}"));
            }
            "alexandria/fleet.ron" => {
                gboh::alexandria::fleet::tables::load_tables(&file, &text)
                    .unwrap_or_else(|e| panic!("{e}"));
            }
            "alexandria/terrain.ron"
            | "alexandria/land-shock.ron"
            | "alexandria/land-weapon-systems.ron"
            | "alexandria/land-missile.ron"
            | "alexandria/land-checks.ron" => {
                gboh::alexandria::play::chart::load_as(rel.as_str(), &file, &text)
                    .unwrap_or_else(|e| panic!("{e}"));
            }
            "alexandria/counters.ron" => {
                gboh::alexandria::counters::load_counters(&file, &text)
                    .unwrap_or_else(|e| panic!("{e}"));
            }
            "alexandria/scenarios.ron" => {
                // Validated against the default map and counters.
                let map = gboh::alexandria::map::alexandria().unwrap_or_else(|e| panic!("{e}"));
                let mix = gboh::alexandria::counters::counters().unwrap_or_else(|e| panic!("{e}"));
                gboh::alexandria::scenario::load_scenarios(&file, &text, map, mix)
                    .unwrap_or_else(|e| panic!("{e}"));
            }
            "dictator/slave-phalanx.ron" => {
                gboh::dictator::phalanx::slave_tq_table().unwrap_or_else(|e| panic!("{e}"));
            }
            r if r.ends_with("-map.ron") => {
                gboh::core::board::Board::<()>::from_ron(&file, &text)
                    .unwrap_or_else(|e| panic!("{e}"));
            }
            r if r.starts_with("standard/scenarios/") || r.starts_with("dictator/scenarios/") => {
                // Each battle is validated with the map it is played on.
                let dir = path.parent().unwrap();
                let own = dir.join(r.rsplit('/').next().unwrap().replace(".ron", "-map.ron"));
                let map = if own.exists() {
                    own
                } else {
                    root.join("standard/scenarios/skirmish-map.ron")
                };
                let map_text = std::fs::read_to_string(&map).unwrap();
                gboh::standard::state::Scenario::from_ron(
                    &file,
                    &text,
                    &map.to_string_lossy(),
                    &map_text,
                )
                .unwrap_or_else(|e| panic!("{e}"));
            }
            _ => panic!("{file}: no loader knows this data file"),
        }
        loaded.push(rel);
    }
    assert!(loaded.contains(&"alesia/map.ron".to_owned()));
    for id in ScenarioId::ALL {
        let name = format!("alesia/scenarios/{id}.ron");
        assert!(loaded.contains(&name), "{name} missing from data/");
    }
    for table in AlesiaTable::ALL {
        let name = format!("alesia/tables/{}", table.file_name());
        assert!(loaded.contains(&name), "{name} missing from data/");
    }
}

/// `data/` is where the data is edited; each rules crate packs the folders it
/// embeds through links (`crates/<crate>/data/<game>`), which `cargo package`
/// follows. A link replaced by a copy would drift: this keeps them links.
#[test]
fn each_crate_embeds_the_top_level_data_through_links() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let links: [(&str, &[&str]); 5] = [
        ("gboh-alesia", &["alesia"]),
        ("gboh-alexandria", &["alexandria"]),
        ("gboh-gergovia", &["gergovia"]),
        ("gboh-standard", &["standard"]),
        ("gboh-dictator", &["dictator", "standard"]),
    ];
    for (krate, folders) in links {
        let data = root.join("crates").join(krate).join("data");
        let mut found: Vec<String> = std::fs::read_dir(&data)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        found.sort();
        assert_eq!(found, folders, "{}", data.display());
        for folder in folders {
            let link = data.join(folder);
            assert!(std::fs::symlink_metadata(&link).unwrap().is_symlink(), "{}", link.display());
            assert_eq!(
                link.canonicalize().unwrap(),
                root.join("data").join(folder).canonicalize().unwrap(),
                "{}",
                link.display()
            );
        }
    }
}
