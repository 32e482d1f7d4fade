//! SPQR 4.52's "Unless stated otherwise in the scenario" and 4.54's Line
//! Command chart, as a scenario states them (`roman_orders` in its RON), on
//! the reconstructed "Tribunes" field (see rule_4_5_tribunes_and_praefects.rs):
//! the III's hastati H-III-1 and the V's H-V, the ala's cohort C-ALA, legion
//! and ala cavalry EQ-III and EQ-ALA; a Tribune (Initiative 2), a Praefect
//! Sociorum (3), a Praefect Equitum (4) under the Consul (5).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing, clippy::panic)]

use gboh_core::dice::Dice;
use gboh_core::facing::{Direction, Facing};
use gboh_core::game::Game;
use gboh_standard::protocol::Phase;
use gboh_standard::state::Scenario;
use gboh_standard::{Action, Battle, Pending, Spqr};

const TRIBUNUS: usize = 1;
const SOCIORUM: usize = 2;
const EQUITUM: usize = 3;

const H_III_1: usize = 0;
const H_V: usize = 3;
const C_ALA: usize = 4;
const EQ_III: usize = 7;
const EQ_ALA: usize = 8;

const FILE: &str = "data/standard/scenarios/tribunes.ron";
const TEXT: &str = include_str!("../data/standard/scenarios/tribunes.ron");
const MAP: &str = include_str!("../data/standard/scenarios/skirmish-map.ron");

/// The Tribunes field with `statement` (a RON `roman_orders: (...)` value,
/// or none) and its text changed by `edit`.
fn battle_with(statement: Option<&str>, edit: impl Fn(String) -> String) -> Battle<Spqr> {
    let text = edit(TEXT.to_owned());
    let text = match statement {
        Some(s) => text.replace("    ],\n)", &format!("    ],\n    roman_orders: {s},\n)")),
        None => text,
    };
    let scenario = Scenario::from_ron(FILE, &text, "map.ron", MAP).unwrap();
    Battle::from_scenario(Spqr, FILE, scenario).unwrap().0
}

/// Plays on (no orders, no Momentum, no trumps) until `leader` gives orders.
fn at_orders_of(b: Battle<Spqr>, leader: usize) -> Game<Battle<Spqr>> {
    let mut g = Game::new(b, Dice::scripted([0; 40]));
    loop {
        match g.pending() {
            Pending::Orders { leader: l, .. } if l == leader => return g,
            Pending::Orders { .. } => g.apply(Action::EndOrders).unwrap(),
            Pending::RollOff => g.apply(Action::RollOff).unwrap(),
            other => {
                assert!(!matches!(other, Pending::Over(_)), "{other:?}");
                g.apply(Action::Decline).unwrap()
            }
        };
    }
}

fn turn(unit: usize) -> Action {
    Action::Face { unit, facing: Facing::Two }
}

fn ordered(g: &Game<Battle<Spqr>>) -> Vec<usize> {
    match g.state().phase() {
        Phase::Orders(o) => o.ordered.iter().map(|x| x.unit).collect(),
        other => panic!("{other:?}"),
    }
}

#[test]
fn rule_4_52_a_scenario_may_let_tribunes_order_ala_infantry() {
    // As the rules say: not the ala's cohort.
    let g = at_orders_of(battle_with(None, |t| t), TRIBUNUS);
    assert!(!g.legal_actions().contains(&turn(C_ALA)));
    // Stated otherwise: the ala's cohort too, not its cavalry; still one
    // Class of one legion or ala a phase.
    let mut g = at_orders_of(battle_with(Some("(tribunes_order_ala: true)"), |t| t), TRIBUNUS);
    assert!(g.legal_actions().contains(&turn(C_ALA)));
    let e = g.check(&turn(EQ_ALA)).unwrap_err().to_string();
    assert_eq!(
        e,
        "SPQR 4.5: Tribunus is a Tribune: he orders only legion and ala infantry and velites, not EQ-ALA"
    );
    g.apply(turn(C_ALA)).unwrap();
    let e = g.check(&turn(H_III_1)).unwrap_err().to_string();
    assert!(e.contains("one Class of one legion or ala a phase"), "{e}");
    // The Praefect Sociorum is not changed by it.
    let g = at_orders_of(battle_with(Some("(tribunes_order_ala: true)"), |t| t), SOCIORUM);
    assert!(g.check(&turn(H_V)).is_err());
}

#[test]
fn rule_4_52_a_scenario_may_let_praefects_sociorum_order_legion_infantry() {
    let g = at_orders_of(battle_with(None, |t| t), SOCIORUM);
    assert!(!g.legal_actions().contains(&turn(H_V)));
    let mut g = at_orders_of(battle_with(Some("(praefects_order_legions: true)"), |t| t), SOCIORUM);
    assert!(g.legal_actions().contains(&turn(H_V)));
    assert!(g.check(&turn(EQ_III)).is_err());
    g.apply(turn(H_V)).unwrap();
    assert_eq!(ordered(&g), vec![H_V]);
    // The Tribune is not changed by it.
    let g = at_orders_of(battle_with(Some("(praefects_order_legions: true)"), |t| t), TRIBUNUS);
    assert!(g.check(&turn(C_ALA)).is_err());
}

/// `t` with the line that holds `id` changed from `from` to `to`.
fn moved(t: &str, id: &str, from: &str, to: &str) -> String {
    let at = t.find(id).unwrap();
    let end = at + t[at..].find('\n').unwrap();
    format!("{}{}{}", &t[..at], t[at..end].replace(from, to), &t[end..])
}

/// The field with EQ-ALA moved next to EQ-III (a free hex beside it), so
/// that the two cavalry units stand in one Line, and the Praefect Equitum
/// with EQ-III (4.32: within 2 hexes of a unit of the Line).
fn cavalry_side_by_side(statement: Option<&str>) -> Battle<Spqr> {
    let b = battle_with(None, |t| t);
    let f = b.field();
    let beside = Direction::ALL
        .into_iter()
        .map(|d| d.neighbor(f.units[EQ_III].hex))
        .find(|&h| {
            f.board().contains(h)
                && f.unit_at(h).is_none()
                && f.leaders_in(h, gboh_core::Side::Roman).is_empty()
        })
        .unwrap();
    let hex = |h| format!("hex: \"{}\"", f.label(h));
    let (ala_from, ala_to) = (hex(f.units[EQ_ALA].hex), hex(beside));
    let (praefect_from, praefect_to) = (hex(f.leaders[EQUITUM].hex), hex(f.units[EQ_III].hex));
    battle_with(statement, move |t| {
        let t = moved(&t, "(id: \"EQ-ALA\"", &ala_from, &ala_to);
        moved(&t, "(name: \"Praefectus Equitum\"", &praefect_from, &praefect_to)
    })
}

#[test]
fn rule_4_54_a_praefect_equitum_s_line_is_of_legion_or_ala_cavalry_unless_the_chart_allows_both() {
    // Not allowed (the default; "e.g., it is not allowed at Cannae"): the
    // Line from the legion's horse is the legion's horse alone.
    let mut g = at_orders_of(cavalry_side_by_side(None), EQUITUM);
    g.apply(Action::LineCommand { anchor: EQ_III }).unwrap();
    assert_eq!(ordered(&g), vec![EQ_III]);
    let mut g = at_orders_of(cavalry_side_by_side(None), EQUITUM);
    g.apply(Action::LineCommand { anchor: EQ_ALA }).unwrap();
    assert_eq!(ordered(&g), vec![EQ_ALA]);
    // The chart allows them together: one Line of both.
    let mut g = at_orders_of(cavalry_side_by_side(Some("(mixed_cavalry_lines: true)")), EQUITUM);
    g.apply(Action::LineCommand { anchor: EQ_III }).unwrap();
    assert_eq!(ordered(&g), vec![EQ_III, EQ_ALA]);
}

#[test]
fn rule_4_52_4_54_a_scenario_s_statements_are_validated_on_load() {
    // The Skirmish field has no Tribune or Praefect: each statement is
    // about leaders it does not have.
    let skirmish = include_str!("../data/standard/scenarios/skirmish.ron").replace(
        "    ],\n)",
        "    ],\n    roman_orders: (tribunes_order_ala: true, praefects_order_legions: true, mixed_cavalry_lines: true),\n)",
    );
    let e = Scenario::from_ron("skirmish.ron", &skirmish, "map.ron", MAP).unwrap_err().to_string();
    let lines: Vec<&str> = e.lines().collect();
    assert_eq!(lines.len(), 3, "{e}");
    for end in [
        "Skirmish: 4.52: the scenario lets Tribunes order ala infantry but has no Tribune",
        "Skirmish: 4.52: the scenario lets Praefects Sociorum order legion infantry but has no Praefect Sociorum",
        "Skirmish: 4.54: the scenario allows mixed legion and ala cavalry Lines but has no Praefect Equitum",
    ] {
        assert!(
            lines.iter().any(|l| l.starts_with("skirmish.ron:") && l.ends_with(end)),
            "{end} in {e}"
        );
    }
    // A statement the rules do not know is refused, with its place.
    let text =
        TEXT.replace("    ],\n)", "    ],\n    roman_orders: (consuls_order_gauls: true),\n)");
    let e = Scenario::from_ron(FILE, &text, "map.ron", MAP).unwrap_err().to_string();
    assert!(e.starts_with(FILE) && e.contains("consuls_order_gauls"), "{e}");
}
