//! `gboh validate`: every RON data file through its game's validating
//! loader, every problem printed as `file:line:column: item: message`.
//!
//! A file is known by its path under its game's folder, as in `data/`:
//! `alesia/tables/shock.ron`, `dictator/scenarios/rhine.ron`. The files a
//! file is validated with (the three counter files of a mix, a scenario's
//! map, a scenario's counters and map) are taken from the same set of files
//! when given, otherwise from next to it on disk, otherwise from the embedded
//! defaults.

use gboh_alesia::map::Board;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use gboh_alesia::counters::{CounterMix, DEFAULT_SOURCES, MixSources, Source};
use gboh_alesia::scenario::Scenario as AlesiaScenario;
use gboh_alesia::tables::{AlesiaTable, AlesiaTables};
use gboh_core::table::{LoadTable, ThresholdTable};
use gboh_standard::kinds::MissileKey;
use gboh_standard::tables::{
    CasualtyCheck, CasualtyEffect, ClashChart, Doom, FaceTable, MovementChart, RallyHits, ShockCrt,
    SuperiorityChart,
};

use crate::error::{CliError, read, usage};

/// The data folders of the games, as under `data/`.
const GAME_DIRS: [&str; 5] = ["alesia", "alexandria", "dictator", "gergovia", "standard"];

/// One file to check: its path under `data/` (`alesia/map.ron`), the name
/// its problems are reported under, and its text.
#[derive(Debug, Clone)]
struct File {
    key: String,
    shown: String,
    text: String,
    /// Where it lies on disk (for its siblings), if it does.
    disk: Option<PathBuf>,
}

/// The embedded default files, keyed as under `data/`.
fn embedded() -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    let mut add = |file: &str, text: &str| {
        let key = file.strip_prefix("data/").unwrap_or(file).to_owned();
        if !out.iter().any(|(k, _)| *k == key) {
            out.push((key, text.to_owned()));
        }
    };
    add(gboh_alesia::map::WEST_MAP_FILE, gboh_alesia::map::WEST_MAP_RON);
    for t in AlesiaTable::ALL {
        add(&format!("alesia/tables/{}", t.file_name()), t.default_text());
    }
    for s in [DEFAULT_SOURCES.roman, DEFAULT_SOURCES.gallic, DEFAULT_SOURCES.leaders] {
        let name = Path::new(s.file).file_name().map(|n| n.to_string_lossy().into_owned());
        add(&format!("alesia/counters/{}", name.unwrap_or_default()), s.text);
    }
    add(gboh_alesia::scenario::FINAL_ASSAULT_FILE, gboh_alesia::scenario::FINAL_ASSAULT_RON);
    add(gboh_alesia::scenario::HISTORICAL_FILE, gboh_alesia::scenario::HISTORICAL_RON);
    add(gboh_gergovia::map::MAP_FILE, gboh_gergovia::map::MAP_RON);
    // The simplified version's own charts (its terrain table and combat tables).
    for (file, text) in gboh_gergovia::DATA_FILES {
        if file.contains("/simplified-") {
            add(file, text);
        }
    }
    add(gboh_gergovia::counters::ROMAN_FILE, gboh_gergovia::counters::ROMAN_RON);
    add(gboh_gergovia::counters::GALLIC_FILE, gboh_gergovia::counters::GALLIC_RON);
    add(gboh_gergovia::counters::LEADERS_FILE, gboh_gergovia::counters::LEADERS_RON);
    add(
        gboh_gergovia::fortifications::FORTIFICATIONS_FILE,
        gboh_gergovia::fortifications::FORTIFICATIONS_RON,
    );
    add(gboh_gergovia::victory::VICTORY_FILE, gboh_gergovia::victory::VICTORY_RON);
    add(gboh_gergovia::movement::MOVEMENT_FILE, gboh_gergovia::movement::MOVEMENT_RON);
    add(gboh_gergovia::scenario::STANDARD_FILE, gboh_gergovia::scenario::STANDARD_RON);
    add(gboh_gergovia::scenario::ALTERNATIVE_FILE, gboh_gergovia::scenario::ALTERNATIVE_RON);
    for (file, text) in gboh_alexandria::DATA_FILES {
        add(file, text);
    }
    // The land game's charts (5.36 and the land combat tables).
    for (file, text) in gboh_alexandria::play::chart::FILES {
        add(file, text);
    }
    for (file, text) in gboh_standard::tables::EMBEDDED {
        add(file, text);
    }
    for (_, file, text, map_file, map_text) in gboh_standard::spqr::SCENARIOS {
        add(file, text);
        add(map_file, map_text);
    }
    add(gboh_dictator::phalanx::SLAVE_TQ_FILE.0, gboh_dictator::phalanx::SLAVE_TQ_FILE.1);
    for (_, file, text, map_file, map_text) in gboh_dictator::SCENARIOS {
        add(file, text);
        add(map_file, map_text);
    }
    out.sort();
    out
}

/// The key of a file on disk: its path from its game's folder on.
fn key_of(path: &Path, game: Option<&str>) -> Option<String> {
    let parts: Vec<String> =
        path.components().map(|c| c.as_os_str().to_string_lossy().into_owned()).collect();
    if let Some(i) = parts.iter().rposition(|p| GAME_DIRS.contains(&p.as_str())) {
        return Some(parts.get(i..)?.join("/"));
    }
    let game = game?;
    let name = parts.last()?;
    // A lone file named as in data/: its folder is guessed from its name.
    let folder = match (game, name.as_str()) {
        (_, "map.ron")
        | ("gergovia", "victory.ron" | "fortifications.ron" | "movement.ron")
        | ("gergovia", "simplified-terrain.ron" | "simplified-shock.ron")
        | ("gergovia", "simplified-weapon-systems.ron" | "simplified-missile.ron")
        | ("gergovia", "simplified-checks.ron")
        | ("alexandria", "city.ron" | "counters.ron" | "scenarios.ron" | "fleet.ron")
        | ("alexandria", "terrain.ron" | "land-shock.ron" | "land-weapon-systems.ron")
        | ("alexandria", "land-missile.ron" | "land-checks.ron") => "",
        ("alesia", n) if AlesiaTable::ALL.iter().any(|t| t.file_name() == n) => "tables/",
        ("alesia" | "gergovia", "roman.ron" | "gallic.ron" | "leaders.ron") => "counters/",
        ("standard", n) if gboh_standard::tables::EMBEDDED.iter().any(|(f, _)| f.ends_with(n)) => {
            ""
        }
        ("dictator", "slave-phalanx.ron") => "",
        _ => "scenarios/",
    };
    Some(format!("{game}/{folder}{name}"))
}

fn ron_files(dir: &Path, out: &mut Vec<PathBuf>) -> Result<(), CliError> {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| CliError::Rule(format!("{}: {e}", dir.display())))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            ron_files(&path, out)?;
        } else if path.extension().is_some_and(|e| e == "ron") {
            out.push(path);
        }
    }
    Ok(())
}

/// The files given on the command line, or every embedded default.
fn gather(paths: &[PathBuf], game: Option<&str>) -> Result<Vec<File>, CliError> {
    if let Some(g) = game
        && !GAME_DIRS.contains(&g)
    {
        return Err(usage(format!("--game {g:?}: expected one of {}", GAME_DIRS.join(", "))));
    }
    if paths.is_empty() {
        return Ok(embedded()
            .into_iter()
            .map(|(key, text)| File {
                shown: format!("data/{key} (embedded)"),
                key,
                text,
                disk: None,
            })
            .collect());
    }
    let mut found = Vec::new();
    for p in paths {
        if p.is_dir() {
            ron_files(p, &mut found)?;
        } else if p.exists() {
            found.push(p.clone());
        } else {
            return Err(usage(format!("{}: no such file or folder", p.display())));
        }
    }
    let mut files = Vec::new();
    for path in found {
        let key = key_of(&path, game).ok_or_else(|| {
            usage(format!(
                "{}: which game? put it under a folder named alesia, alexandria, dictator, gergovia or standard, or say --game",
                path.display()
            ))
        })?;
        files.push(File {
            key,
            shown: path.display().to_string(),
            text: read(&path)?,
            disk: Some(path),
        });
    }
    Ok(files)
}

/// A file's companion (`rel` from its folder), from the given set, the disk
/// next to it, or the embedded defaults: `(shown name, text)`.
fn companion(files: &[File], of: &File, key: &str) -> Option<(String, String)> {
    if let Some(f) = files.iter().find(|f| f.key == key) {
        return Some((f.shown.clone(), f.text.clone()));
    }
    if let Some(disk) = &of.disk {
        // The same relative place on disk: strip `of.key` from its path.
        let up = of.key.matches('/').count();
        let mut root = disk.clone();
        for _ in 0..=up {
            root.pop();
        }
        let path = root.join(key);
        if let Ok(text) = std::fs::read_to_string(&path) {
            return Some((path.display().to_string(), text));
        }
    }
    embedded().into_iter().find(|(k, _)| k == key).map(|(k, t)| (format!("data/{k} (embedded)"), t))
}

/// Checks one file; every problem as a line.
fn check(files: &[File], f: &File) -> Result<(), String> {
    let key = f.key.as_str();
    let (file, text) = (f.shown.as_str(), f.text.as_str());
    let get = |k: &str| companion(files, f, k).ok_or_else(|| format!("{file}: {k} is missing"));
    match key {
        "alesia/map.ron" => {
            gboh_alesia::map::load_map(file, text).map(drop).map_err(|e| e.to_string())
        }
        k if k.starts_with("alesia/tables/") => {
            let name = k.trim_start_matches("alesia/tables/");
            let table = AlesiaTable::ALL
                .iter()
                .find(|t| t.file_name() == name)
                .ok_or_else(|| format!("{file}: not an Alesia table (known: {})", table_names()))?;
            let mut tables = AlesiaTables::default_tables().map_err(|e| e.to_string())?;
            tables.replace(*table, file, text).map_err(|e| e.to_string())
        }
        k if k.starts_with("alesia/counters/") => {
            let (r, g, l) = (
                get("alesia/counters/roman.ron")?,
                get("alesia/counters/gallic.ron")?,
                get("alesia/counters/leaders.ron")?,
            );
            // Each file reports under its own name; this one is `f`.
            let pick = |k: &str, c: &(String, String)| {
                if key == k { (file.to_owned(), text.to_owned()) } else { c.clone() }
            };
            let (r, g, l) = (
                pick("alesia/counters/roman.ron", &r),
                pick("alesia/counters/gallic.ron", &g),
                pick("alesia/counters/leaders.ron", &l),
            );
            CounterMix::from_sources(&MixSources {
                roman: Source { file: &r.0, text: &r.1 },
                gallic: Source { file: &g.0, text: &g.1 },
                leaders: Source { file: &l.0, text: &l.1 },
            })
            .map(drop)
            .map_err(|e| only_this(&e.to_string(), file))
        }
        k if k.starts_with("alesia/scenarios/") => {
            // Against the counters and map beside it (the user's copies when
            // given), else the embedded ones.
            let (m, r, g, l) = (
                get("alesia/map.ron")?,
                get("alesia/counters/roman.ron")?,
                get("alesia/counters/gallic.ron")?,
                get("alesia/counters/leaders.ron")?,
            );
            let unusable = |what: &str| {
                format!("{file}: cannot be checked: {what} has problems (reported with it)")
            };
            let board = gboh_alesia::map::load_map(&m.0, &m.1).map_err(|_| unusable(&m.0))?;
            let mix = CounterMix::from_sources(&MixSources {
                roman: Source { file: &r.0, text: &r.1 },
                gallic: Source { file: &g.0, text: &g.1 },
                leaders: Source { file: &l.0, text: &l.1 },
            })
            .map_err(|_| unusable("its counter mix"))?;
            AlesiaScenario::load(file, text, &mix, &board).map(drop).map_err(|e| e.to_string())
        }
        "gergovia/map.ron" => {
            gboh_gergovia::map::load_map(file, text).map(drop).map_err(|e| e.to_string())
        }
        "gergovia/victory.ron" => {
            gboh_gergovia::victory::load_victory(file, text).map(drop).map_err(|e| e.to_string())
        }
        "gergovia/fortifications.ron" => {
            gboh_gergovia::fortifications::load_fortifications(file, text)
                .map(drop)
                .map_err(|e| e.to_string())
        }
        k if k.starts_with("gergovia/simplified-") => {
            gboh_gergovia::simplified::tables::load_as(k, file, text).map_err(|e| e.to_string())
        }
        "gergovia/movement.ron" => {
            gboh_gergovia::movement::load_table(file, text).map(drop).map_err(|e| e.to_string())
        }
        k if k.starts_with("gergovia/counters/") => {
            let (r, g, l) = (
                get("gergovia/counters/roman.ron")?,
                get("gergovia/counters/gallic.ron")?,
                get("gergovia/counters/leaders.ron")?,
            );
            let pick = |k: &str, c: &(String, String)| {
                if key == k { (file.to_owned(), text.to_owned()) } else { c.clone() }
            };
            let (r, g, l) = (
                pick("gergovia/counters/roman.ron", &r),
                pick("gergovia/counters/gallic.ron", &g),
                pick("gergovia/counters/leaders.ron", &l),
            );
            gboh_gergovia::counters::load_counters(
                [(r.0.as_str(), r.1.as_str()), (g.0.as_str(), g.1.as_str())],
                (l.0.as_str(), l.1.as_str()),
            )
            .map(drop)
            .map_err(|e| only_this(&e.to_string(), file))
        }
        k if k.starts_with("gergovia/scenarios/") => {
            let (m, r, g, l) = (
                get("gergovia/map.ron")?,
                get("gergovia/counters/roman.ron")?,
                get("gergovia/counters/gallic.ron")?,
                get("gergovia/counters/leaders.ron")?,
            );
            let unusable = |what: &str| {
                format!("{file}: cannot be checked: {what} has problems (reported with it)")
            };
            let board = gboh_gergovia::map::load_map(&m.0, &m.1).map_err(|_| unusable(&m.0))?;
            let mix = gboh_gergovia::counters::load_counters(
                [(r.0.as_str(), r.1.as_str()), (g.0.as_str(), g.1.as_str())],
                (l.0.as_str(), l.1.as_str()),
            )
            .map_err(|_| unusable("its counter mix"))?;
            gboh_gergovia::scenario::load_scenario(file, text, &board, &mix)
                .map(drop)
                .map_err(|e| e.to_string())
        }
        "alexandria/map.ron" | "alexandria/city.ron" => {
            // The hex map and the city load and validate together.
            let (m, c) = (get("alexandria/map.ron")?, get("alexandria/city.ron")?);
            let pick = |k: &str, c: (String, String)| {
                if key == k { (file.to_owned(), text.to_owned()) } else { c }
            };
            let (m, c) = (pick("alexandria/map.ron", m), pick("alexandria/city.ron", c));
            gboh_alexandria::map::load(&m.0, &m.1, &c.0, &c.1)
                .map(drop)
                .map_err(|e| only_this(&e.to_string(), file))
        }
        "alexandria/fleet.ron" => gboh_alexandria::fleet::tables::load_tables(file, text)
            .map(drop)
            .map_err(|e| e.to_string()),
        "alexandria/terrain.ron"
        | "alexandria/land-shock.ron"
        | "alexandria/land-weapon-systems.ron"
        | "alexandria/land-missile.ron"
        | "alexandria/land-checks.ron" => gboh_alexandria::play::chart::load_as(key, file, text)
            .map(drop)
            .map_err(|e| e.to_string()),
        "alexandria/counters.ron" => gboh_alexandria::counters::load_counters(file, text)
            .map(drop)
            .map_err(|e| e.to_string()),
        "alexandria/scenarios.ron" => {
            let (m, c, u) = (
                get("alexandria/map.ron")?,
                get("alexandria/city.ron")?,
                get("alexandria/counters.ron")?,
            );
            let unusable = |what: &str| {
                format!("{file}: cannot be checked: {what} has problems (reported with it)")
            };
            let map =
                gboh_alexandria::map::load(&m.0, &m.1, &c.0, &c.1).map_err(|_| unusable(&m.0))?;
            let mix =
                gboh_alexandria::counters::load_counters(&u.0, &u.1).map_err(|_| unusable(&u.0))?;
            gboh_alexandria::scenario::load_scenarios(file, text, &map, &mix)
                .map(drop)
                .map_err(|e| e.to_string())
        }
        "dictator/slave-phalanx.ron" => {
            FaceTable::<u8>::from_ron(file, text).map(drop).map_err(|e| e.to_string())
        }
        k if k.ends_with("-map.ron") => {
            Board::from_ron(file, text).map(drop).map_err(|e| e.to_string())
        }
        k if k.starts_with("standard/scenarios/") || k.starts_with("dictator/scenarios/") => {
            let own = k.replace(".ron", "-map.ron");
            let (map_file, map_text) = companion(files, f, &own)
                .or_else(|| companion(files, f, "standard/scenarios/skirmish-map.ron"))
                .ok_or_else(|| format!("{file}: no map for this scenario"))?;
            gboh_standard::state::Scenario::from_ron(file, text, &map_file, &map_text)
                .map(drop)
                .map_err(|e| e.to_string())
        }
        k if k.starts_with("standard/") => {
            let name = k.trim_start_matches("standard/");
            let r = match name {
                "shock-crt.ron" => ShockCrt::from_ron(file, text).map(drop),
                "clash.ron" => ClashChart::from_ron(file, text).map(drop),
                "superiority.ron" => SuperiorityChart::from_ron(file, text).map(drop),
                "missile.ron" => ThresholdTable::<MissileKey>::from_ron(file, text).map(drop),
                "movement.ron" => MovementChart::from_ron(file, text).map(drop),
                "leader-casualty.ron" => FaceTable::<CasualtyCheck>::from_ron(file, text).map(drop),
                "leader-casualty-effect.ron" => {
                    FaceTable::<CasualtyEffect>::from_ron(file, text).map(drop)
                }
                "die-roll-of-doom.ron" => FaceTable::<Doom>::from_ron(file, text).map(drop),
                "rally.ron" => FaceTable::<RallyHits>::from_ron(file, text).map(drop),
                _ => {
                    return Err(format!("{file}: no chart of the standard family is named {name}"));
                }
            };
            r.map_err(|e| e.to_string())
        }
        _ => Err(format!("{file}: no loader knows this file ({key})")),
    }
}

/// Of a multi-file error, the lines of `file` (the others are reported
/// when they are checked themselves); all of it if none names `file`.
fn only_this(text: &str, file: &str) -> String {
    let mine: Vec<&str> = text.lines().filter(|l| l.starts_with(file)).collect();
    if mine.is_empty() { text.to_owned() } else { mine.join("\n") }
}

fn table_names() -> String {
    AlesiaTable::ALL.iter().map(|t| t.file_name()).collect::<Vec<_>>().join(", ")
}

/// `gboh validate`.
///
/// # Errors
/// [`CliError::Rule`] when any file has a problem (each is printed first);
/// [`CliError::Usage`] for a path that does not exist or a file whose game
/// cannot be told.
pub fn run(paths: &[PathBuf], game: Option<&str>) -> Result<(), CliError> {
    let files = gather(paths, game)?;
    if files.is_empty() {
        return Err(usage("no .ron file found in the paths given"));
    }
    let mut bad = 0;
    let mut problems = BTreeMap::new();
    for f in &files {
        match check(&files, f) {
            Ok(()) => crate::say!("ok: {}", f.shown),
            Err(text) => {
                bad += 1;
                for line in text.lines() {
                    crate::say!("{line}");
                }
                problems.insert(f.shown.clone(), text.lines().count());
            }
        }
    }
    if bad == 0 {
        crate::say!("{} file(s) checked, no problem", files.len());
        Ok(())
    } else {
        let count: usize = problems.values().sum();
        Err(CliError::Rule(format!("{count} problem(s) in {bad} of {} file(s)", files.len())))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_embedded_default_validates() {
        let files = gather(&[], None).unwrap_or_else(|e| panic!("{e}"));
        assert!(files.len() >= 30, "{} files", files.len());
        for f in &files {
            assert_eq!(check(&files, f), Ok(()), "{}", f.key);
        }
    }

    #[test]
    fn a_file_is_known_by_its_game_folder_or_its_name() {
        let p = Path::new("/tmp/mine/alesia/tables/shock.ron");
        assert_eq!(key_of(p, None).as_deref(), Some("alesia/tables/shock.ron"));
        assert_eq!(key_of(Path::new("shock.ron"), None), None);
        assert_eq!(
            key_of(Path::new("shock.ron"), Some("alesia")).as_deref(),
            Some("alesia/tables/shock.ron")
        );
        assert_eq!(
            key_of(Path::new("x/rhine.ron"), Some("dictator")).as_deref(),
            Some("dictator/scenarios/rhine.ron")
        );
    }
}
