//! The guard for a crate whose integration tests are one binary: every test
//! file must be declared as a module of `tests/main.rs`.

use std::io;
use std::path::Path;

/// The test modules in `tests_dir` that `main_rs` does not declare, sorted.
///
/// A module is a `*.rs` file other than `main.rs`, or a directory holding a
/// `mod.rs` helper; it is declared by a line `mod name;` (exactly, with no
/// indent) in `main_rs`, the text of `tests/main.rs`. A crate with
/// `autotests = false` and one `[[test]]` at `tests/main.rs` calls this from
/// a test, so that a new file is not silently left out (there the text is
/// `include_str!("main.rs")`):
///
/// ```
/// use gboh_core::testkit::undeclared_test_modules;
/// use std::path::Path;
///
/// let tests = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/tests"));
/// let main_rs = std::fs::read_to_string(tests.join("main.rs"))?;
/// let missing = undeclared_test_modules(tests, &main_rs)?;
/// assert!(missing.is_empty(), "tests/main.rs does not declare: {missing:?}");
/// # Ok::<(), std::io::Error>(())
/// ```
///
/// # Errors
///
/// The directory (or an entry of it) cannot be read; the error names it.
pub fn undeclared_test_modules(tests_dir: &Path, main_rs: &str) -> Result<Vec<String>, io::Error> {
    let named = |e: io::Error| {
        io::Error::new(e.kind(), format!("reading test directory {}: {e}", tests_dir.display()))
    };
    let mut missing = Vec::new();
    for entry in std::fs::read_dir(tests_dir).map_err(named)? {
        let path = entry.map_err(named)?.path();
        let Some(stem) = path.file_stem().map(|s| s.to_string_lossy().into_owned()) else {
            continue;
        };
        let is_module = if path.is_dir() {
            path.join("mod.rs").is_file()
        } else {
            path.extension().is_some_and(|e| e == "rs") && stem != "main"
        };
        let declaration = format!("mod {stem};");
        if is_module && !main_rs.lines().any(|l| l == declaration) {
            missing.push(stem);
        }
    }
    missing.sort();
    Ok(missing)
}

#[cfg(test)]
mod tests {
    use super::undeclared_test_modules;
    use std::fs;

    #[test]
    fn lists_only_the_undeclared_modules() {
        let dir = std::env::temp_dir().join(format!("gboh-core-undeclared-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(dir.join("helper")).unwrap();
        fs::create_dir_all(dir.join("fixtures")).unwrap();
        fs::write(dir.join("helper/mod.rs"), "").unwrap();
        fs::write(dir.join("fixtures/data.ron"), "").unwrap();
        for file in ["main.rs", "declared.rs", "undeclared.rs", "notes.md"] {
            fs::write(dir.join(file), "").unwrap();
        }
        let main_rs = "//! tests\nmod declared;\n// mod undeclared;\n";
        let missing = undeclared_test_modules(&dir, main_rs);
        fs::remove_dir_all(&dir).unwrap();
        assert_eq!(missing.unwrap(), vec!["helper".to_string(), "undeclared".to_string()]);
    }

    #[test]
    fn a_missing_directory_is_a_clear_error() {
        let dir = std::env::temp_dir().join("gboh-core-undeclared-no-such-dir");
        let error = undeclared_test_modules(&dir, "").unwrap_err();
        assert!(error.to_string().contains("no-such-dir"), "{error}");
    }
}
