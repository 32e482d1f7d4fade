//! Issue 13's layering: no module of the engine imports one above it. The
//! layers, bottom up: plain data (`id`, `muster`, `occupancy`, `rule`, `event`, `sequence`, `decision`, `turn`, the combat `tables`), `error`, the
//! game's trait (`game`), the pieces (`field`), the ground queries and their
//! hooks (`ground`), the rules (`rules`), the protocol (`protocol`), narration and bots (`narrate`, `bots`); `doc_game`, the small game of the
//! docs and tests, stands on top.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failing test panics

use std::path::Path;

/// A module's layer.
fn layer(module: &str) -> Option<u8> {
    Some(match module {
        "id" | "muster" | "occupancy" | "rule" | "event" | "sequence" | "decision" | "turn"
        | "tables" => 0,
        "error" => 1,
        "game" => 2,
        "field" => 3,
        "ground" => 4,
        "rules" => 5,
        "protocol" => 6,
        "narrate" | "bots" => 7,
        "doc_game" => 8,
        _ => return None,
    })
}

/// Every `.rs` file under `dir`, with the top module it belongs to.
fn files(dir: &Path, top: Option<&str>, out: &mut Vec<(String, std::path::PathBuf)>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    entries.sort();
    for path in entries {
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        if path.is_dir() {
            files(&path, Some(top.unwrap_or(&name)), out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push((top.unwrap_or(&name).to_owned(), path));
        }
    }
}

#[test]
fn no_module_imports_a_layer_above_it() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut all = Vec::new();
    files(&src, None, &mut all);
    let mut checked = 0;
    for (module, path) in all {
        if module == "lib" {
            continue;
        }
        let own = layer(&module).unwrap_or_else(|| panic!("{module}: give it a layer"));
        let text = std::fs::read_to_string(&path).unwrap();
        for line in text.lines().map(str::trim_start) {
            // Code only: `use` lines and paths in code, not doc comments.
            if line.starts_with("//") {
                continue;
            }
            for (i, _) in line.match_indices("crate::") {
                let rest = &line[i + "crate::".len()..];
                let used: String =
                    rest.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
                let Some(theirs) = layer(&used) else { continue };
                assert!(
                    theirs <= own,
                    "{}: `{module}` (layer {own}) uses `{used}` (layer {theirs}), a layer above",
                    path.display()
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 10, "the check saw only {checked} imports");
}
