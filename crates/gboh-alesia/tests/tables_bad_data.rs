//! Bad table data: each case gives a clear `file:line:column: item: message`
//! error, located at the offending text, and never panics.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use gboh_alesia::tables::{
    AlesiaTable, load_arrival, load_missile, load_shock, load_terrain, load_weapon_systems,
};

/// The 1-based `line:column` of the `nth` occurrence of `needle` in `text`.
fn pos(text: &str, needle: &str, nth: usize) -> String {
    let (offset, _) =
        text.match_indices(needle).nth(nth).unwrap_or_else(|| panic!("no {needle:?}"));
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let column = before[before.rfind('\n').map_or(0, |i| i + 1)..].chars().count() + 1;
    format!("{line}:{column}")
}

/// `text` with `from` replaced, once, by `to` (the case must change something).
fn edit(table: AlesiaTable, from: &str, to: &str) -> String {
    let text = table.default_text();
    assert_eq!(text.matches(from).count(), 1, "{from:?} must occur once");
    text.replacen(from, to, 1)
}

fn lines(err: impl ToString) -> Vec<String> {
    err.to_string().lines().map(str::to_owned).collect()
}

#[test]
fn an_unknown_field_names_the_field_at_its_place() {
    let text =
        edit(AlesiaTable::Shock, "(rolls: (4, 4), result:", "(rolls: (4, 4), colour: 1, result:");
    let err = load_shock("shock.ron", &text).unwrap_err();
    let expected =
        format!("shock.ron:{}: syntax: Unexpected field named `colour`", pos(&text, "colour", 0));
    assert!(err.to_string().starts_with(&expected), "{err}");
}

#[test]
fn a_gap_in_roll_ranges_names_the_missing_roll() {
    let text = edit(AlesiaTable::Shock, "(rolls: (1, 2)", "(rolls: (1, 1)");
    let err = load_shock("shock.ron", &text).unwrap_err();
    assert_eq!(
        lines(err),
        [format!(
            "shock.ron:{}: rolls 3: 9.42: gap: no row for modified roll 2",
            pos(&text, "rolls: (3, 3)", 0)
        )]
    );
}

#[test]
fn a_duplicated_shock_row_is_reported() {
    let row = "        (rolls: (5, 5), result: (attacker_hits: 1, defender_hits: 2), provenance: Reconstructed),\n";
    let text = edit(AlesiaTable::Shock, row, &format!("{row}{row}"));
    let err = load_shock("shock.ron", &text).unwrap_err();
    assert_eq!(
        lines(err),
        [format!(
            "shock.ron:{}: rolls 5: 9.42: duplicated row: rolls 5 are already listed",
            pos(&text, "rolls: (5, 5)", 1)
        )]
    );
}

#[test]
fn a_non_monotone_shock_table_names_the_row_and_the_regression() {
    let text = edit(
        AlesiaTable::Shock,
        "(rolls: (6, 6), result: (attacker_hits: 1, defender_hits: 3)",
        "(rolls: (6, 6), result: (attacker_hits: 1, defender_hits: 1)",
    );
    let err = load_shock("shock.ron", &text).unwrap_err();
    let lines = lines(err);
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(lines[0].starts_with(&format!(
        "shock.ron:{}: rolls 6: 9.42: not monotone",
        pos(&text, "rolls: (6, 6)", 0)
    )));
    assert!(lines[0].ends_with("fewer hits on the defender (1 after 2)"), "{lines:?}");
}

#[test]
fn a_non_monotone_missile_column_is_reported() {
    let text = edit(
        AlesiaTable::Missile,
        "(range: 2, hit_number: 3, provenance: Reconstructed, note: \"SPQR A range 2\")",
        "(range: 2, hit_number: 6, provenance: Reconstructed, note: \"SPQR A range 2\")",
    );
    let err = load_missile("missile.ron", &text).unwrap_err();
    assert_eq!(
        lines(err),
        [format!(
            "missile.ron:{}: A range 2: 9.41: not monotone: hit number 6 at range 2 is larger than 5 at \
             range 1; a shorter range is never harder",
            pos(&text, "range: 2, hit_number: 6", 0)
        )]
    );
}

#[test]
fn an_unknown_unit_type_in_the_matrix_is_named() {
    let text = edit(AlesiaTable::WeaponSystems, "(attacker: \"LC\"", "(attacker: \"XX\"");
    let err = load_weapon_systems("weapon-systems.ron", &text).unwrap_err();
    assert_eq!(
        lines(err),
        [format!(
            "weapon-systems.ron:{}: XX: 9.43: 2.22: unknown unit type \"XX\"",
            pos(&text, "attacker: \"XX\"", 0)
        )]
    );
}

#[test]
fn a_duplicated_matrix_row_is_reported() {
    let text = edit(AlesiaTable::WeaponSystems, "(attacker: \"LC\"", "(attacker: \"LN\"");
    let err = load_weapon_systems("weapon-systems.ron", &text).unwrap_err();
    assert_eq!(
        lines(err),
        [format!(
            "weapon-systems.ron:{}: LN: 9.43: duplicated row for attacker LN",
            pos(&text, "attacker: \"LN\"", 1)
        )]
    );
}

#[test]
fn several_problems_are_all_reported_in_file_order() {
    let text = edit(
        AlesiaTable::WeaponSystems,
        "(attacker: \"LI\", drms: [-3, -2,  0, -2, -1, -2]",
        "(attacker: \"LI\", drms: [-3, -2,  0]",
    )
    .replacen("(attacker: \"GC\"", "(attacker: \"QQ\"", 1)
    .replacen("\"LN\", \"LC\", \"GC\"]", "\"LN\", \"LN\", \"GC\"]", 1);
    let err = load_weapon_systems("weapon-systems.ron", &text).unwrap_err();
    assert_eq!(
        lines(err),
        [
            format!(
                "weapon-systems.ron:{}: LN: 9.43: duplicated defender column LN",
                pos(&text, "\"LN\"", 1)
            ),
            format!(
                "weapon-systems.ron:{}: LI: 9.43: 3 DRMs for 6 defender columns",
                pos(&text, "attacker: \"LI\"", 0)
            ),
            format!(
                "weapon-systems.ron:{}: QQ: 9.43: 2.22: unknown unit type \"QQ\"",
                pos(&text, "attacker: \"QQ\"", 0)
            ),
        ]
    );
}

#[test]
fn a_missing_column_row_or_area_is_reported_by_alesia_s_own_checks() {
    let flame_start = AlesiaTable::Missile
        .default_text()
        .find("        (\n            column: \"Flame\"")
        .unwrap();
    let flame_end = AlesiaTable::Missile.default_text().rfind("    ],\n)").unwrap();
    let text = format!(
        "{}{}",
        &AlesiaTable::Missile.default_text()[..flame_start],
        &AlesiaTable::Missile.default_text()[flame_end..]
    );
    let err = load_missile("missile.ron", &text).unwrap_err();
    assert_eq!(
        lines(err),
        [format!("missile.ron:{}: Flame: 9.41: no column for Flame", pos(&text, "columns:", 0))]
    );

    let marsh_start = AlesiaTable::TerrainEffects
        .default_text()
        .find("        (\n            terrain: \"Marsh\"")
        .unwrap();
    let town_start = AlesiaTable::TerrainEffects
        .default_text()
        .find("        (\n            terrain: \"Town\"")
        .unwrap();
    let tec = AlesiaTable::TerrainEffects.default_text();
    let text = format!("{}{}", &tec[..marsh_start], &tec[town_start..]);
    let err = load_terrain("terrain-effects.ron", &text).unwrap_err();
    assert_eq!(
        lines(err),
        [format!(
            "terrain-effects.ron:{}: Marsh: 6.8: no row for terrain Marsh",
            pos(&text, "hexes:", 0)
        )]
    );

    let text = edit(
        AlesiaTable::GallicEntryArrival,
        "(area: \"II\", arrival: Automatic",
        "(area: \"II\", arrival: OnRoll(0, 9)",
    );
    let err = load_arrival("arrival.ron", &text).unwrap_err();
    assert_eq!(
        lines(err),
        [format!(
            "arrival.ron:{}: II: 5.33: arrival in Area II is automatic",
            pos(&text, "\"II\"", 0)
        )]
    );
}
