//! Loading Alesia's tables: every data file loads (with `deny_unknown_fields`),
//! the embedded copy is the file, and an app may replace any one table without
//! touching the others.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::PathBuf;

use gboh_alesia::tables::{AlesiaTable, AlesiaTables, MissileColumn};
use gboh_core::data::Provenance;
use gboh_core::table::{Drm, ModifiedRoll};

fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("data/alesia/tables")
}

#[test]
fn every_ron_file_in_the_tables_directory_is_a_table_that_loads() {
    let mut seen = Vec::new();
    for entry in std::fs::read_dir(data_dir()).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_str().unwrap().to_owned();
        assert!(name.ends_with(".ron"), "stray file {name}");
        let table = AlesiaTable::ALL
            .iter()
            .copied()
            .find(|t| t.file_name() == name)
            .unwrap_or_else(|| panic!("{name} is not one of AlesiaTable::ALL"));
        let text = std::fs::read_to_string(&path).unwrap();
        assert_eq!(text, table.default_text(), "{name}: the embedded copy differs from the file");
        let mut tables = AlesiaTables::default_tables().unwrap();
        tables.replace(table, &name, &text).unwrap_or_else(|e| panic!("{e}"));
        seen.push(table);
    }
    seen.sort();
    assert_eq!(seen, AlesiaTable::ALL);
}

#[test]
fn the_shared_tables_are_the_default_tables() {
    assert_eq!(AlesiaTables::shared().unwrap(), &AlesiaTables::default_tables().unwrap());
    assert!(std::ptr::eq(AlesiaTables::shared().unwrap(), AlesiaTables::shared().unwrap()));
}

#[test]
fn replacing_one_table_changes_nothing_else() {
    let default = AlesiaTables::default_tables().unwrap();
    // An owner of the chart replaces the J column's value, marking it printed.
    let mine = AlesiaTable::Missile.default_text().replace(
        "(range: 1, hit_number: 5, provenance: Reconstructed, note: \"SPQR J range 1",
        "(range: 1, hit_number: 4, provenance: Printed(\"9.41\"), note: \"SPQR J range 1",
    );
    assert_ne!(mine, AlesiaTable::Missile.default_text());
    let tables = default.clone().with(AlesiaTable::Missile, "my-missile.ron", &mine).unwrap();
    let entry = tables.missile().entry(&MissileColumn::Javelin, 1).unwrap();
    assert_eq!((entry.hit_number, &entry.provenance), (4, &Provenance::Printed("9.41".into())));
    assert_eq!(tables.shock(), default.shock());
    assert_eq!(tables.weapon_systems(), default.weapon_systems());
    assert_eq!(tables.terrain(), default.terrain());
    assert_eq!(tables.arrival(), default.arrival());
    assert_eq!(tables.checks(), default.checks());
}

#[test]
fn a_rejected_replacement_leaves_the_tables_unchanged() {
    let mut tables = AlesiaTables::default_tables().unwrap();
    let before = tables.clone();
    let broken = AlesiaTable::Shock.default_text().replace("(rolls: (5, 5)", "(rolls: (6, 6)");
    let err = tables.replace(AlesiaTable::Shock, "my-shock.ron", &broken).unwrap_err();
    assert_eq!(err.file, "my-shock.ron");
    assert_eq!(tables, before);
    assert_eq!(tables.shock().resolve(5, Drm(0)), before.shock().result(ModifiedRoll(5)));
}

#[test]
fn table_names_parse_and_print() {
    for &t in AlesiaTable::ALL {
        assert_eq!(t.to_string().parse::<AlesiaTable>(), Ok(t));
        assert!(t.file_name().starts_with(t.as_str()));
    }
    assert!("tactics".parse::<AlesiaTable>().is_err());
}

/// Every `Printed` provenance cites a rule section ("9.22"), and the combat
/// tables claim exactly the figures the rulebook prints, no more.
#[test]
fn printed_provenance_cites_sections_and_claims_only_printed_figures() {
    let t = AlesiaTables::shared().unwrap();
    let is_section = |s: &str| {
        s.split(", ").all(|part| {
            let mut it = part.split('.');
            let ok = |p: Option<&str>| {
                p.is_some_and(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
            };
            ok(it.next()) && ok(it.next()) && it.next().is_none()
        })
    };
    let mut printed = Vec::new();
    for (k, column) in t.missile().columns() {
        for e in column.entries() {
            if let Provenance::Printed(rule) = &e.provenance {
                printed.push(format!("missile {k} {}: {rule}", e.range));
            }
        }
    }
    for row in t.shock().rows() {
        if let Provenance::Printed(rule) = &row.provenance {
            printed.push(format!("shock {}: {rule}", row.rolls));
        }
    }
    for a in t.weapon_systems().attackers() {
        for d in t.weapon_systems().defenders() {
            if let Some(Provenance::Printed(rule)) =
                t.weapon_systems().cell(a, d).map(|c| &c.provenance)
            {
                printed.push(format!("weapons {a}/{d}: {rule}"));
            }
        }
    }
    assert_eq!(printed, ["missile A 3: 8.17", "shock 4: 9.22", "weapons BI/CO: 9.22"]);

    let mut rules: Vec<String> = Vec::new();
    for (_, hex) in t.terrain().hexes() {
        for p in [
            &hex.foot.provenance,
            &hex.cavalry.provenance,
            &hex.entry_hits.provenance,
            &hex.shock_drm.provenance,
            &hex.shock_drm_from_below.provenance,
            &hex.missile_drm.provenance,
            &hex.fills_to_negate.provenance,
        ] {
            if let Provenance::Printed(r) = p {
                rules.push(r.clone());
            }
        }
    }
    for (_, row) in t.arrival().rows() {
        if let Provenance::Printed(r) = &row.provenance {
            rules.push(r.clone());
        }
    }
    for (_, row) in t.checks().rows() {
        if let Provenance::Printed(r) = &row.provenance {
            rules.push(r.clone());
        }
    }
    assert!(rules.len() > 10);
    for r in rules {
        assert!(is_section(&r), "{r:?} is not a rule section");
    }
}
