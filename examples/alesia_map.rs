//! Draws the reconstructed Alesia West map as an SVG.
//!
//! ```text
//! cargo run --example alesia_map [-- --out out/alesia_west.svg]
//! cargo run --example alesia_map -- --scenario final-assault [--out PATH]
//! ```
//!
//! The picture is north up: terrain and elevation, the two rings of ramparts
//! with their walkways and gates, camp and stone walls, the Gardens of Death
//! (outer and inner), the water-filled ditch, rivers and streams, the Gallic
//! entry areas and the other named areas, labels every few hexes, a legend.
//!
//! With `--scenario final-assault` (or `historical`) it also draws the Roman
//! deployment the scenario's generator makes (12.1, 12.2): one counter per
//! occupied hex, the top unit's legion number or type (`+` when another unit
//! is stacked under it), with a triangle toward its facing (7.11). It writes
//! `out/alesia_<scenario>.svg` unless `--out` says otherwise.

use std::process::ExitCode;

use gboh::alesia::game::{Membership, Setup};
use gboh::alesia::map::{self, areas};
use gboh::alesia::protocol::Alesia;
use gboh::alesia::scenario::ScenarioId;
use gboh::core::Side;
use gboh::core::board::svg::{AreaStyle, Marker, SvgOptions, render};
use gboh::core::unit::UnitType;

/// Colours for the legions, in counter-mix order.
const LEGION_COLOURS: [&str; 10] = [
    "#7f1d1d", "#9a3412", "#92400e", "#3f6212", "#065f46", "#155e75", "#1e40af", "#5b21b6",
    "#86198f", "#9f1239",
];

/// One marker per hex holding Roman units: the top unit's short name.
fn roman_markers(game: &Alesia) -> Vec<Marker> {
    let field = &game.field;
    let setup = field.setup();
    let board = &setup.board;
    let mut markers = Vec::new();
    for hex in board.hexes() {
        let stack = field.stack(hex);
        let Some(top) = stack.top() else { continue };
        let (Some(info), Some(state)) = (setup.unit(top), field.unit(top)) else {
            continue;
        };
        if info.side != Side::Roman {
            continue;
        }
        let (mut text, colour) = match (info.membership, info.unit_type()) {
            (Membership::Legion(l), t) => {
                let id = setup.mix.legions().get(l.index()).map_or("?", |x| x.id.as_str());
                let text = if t == UnitType::Scorpio { format!("{id}s") } else { id.to_owned() };
                (text, LEGION_COLOURS[l.index() % LEGION_COLOURS.len()])
            }
            (_, t) if t.is_cavalry() => (t.to_string(), "#b45309"),
            (_, t) if t.is_artillery() => ("Pa".to_owned(), "#374151"),
            (_, t) => (t.to_string(), "#166534"),
        };
        if stack.len() > 1 {
            text.push('+');
        }
        markers.push(Marker { hex, text, colour: colour.into(), facing: Some(state.facing) });
    }
    markers
}

fn main() -> ExitCode {
    let mut out: Option<String> = None;
    let mut scenario: Option<ScenarioId> = None;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match (arg.as_str(), args.next()) {
            ("--out", Some(path)) => out = Some(path),
            ("--scenario", Some(name)) => match name.parse::<ScenarioId>() {
                Ok(id) => scenario = Some(id),
                Err(e) => {
                    eprintln!("{e}");
                    return ExitCode::FAILURE;
                }
            },
            _ => {
                eprintln!("usage: alesia_map [--scenario final-assault|historical] [--out PATH]");
                return ExitCode::FAILURE;
            }
        }
    }
    let out = out.unwrap_or_else(|| match scenario {
        Some(id) => format!("out/alesia_{id}.svg"),
        None => String::from("out/alesia_west.svg"),
    });
    let board = match map::west_map() {
        Ok(board) => board,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    let mut options =
        SvgOptions::new("The Siege of Alesia: West map (reconstructed from the rulebook)");
    let entry_colours = ["#1d4ed8", "#0e7490", "#15803d", "#a16207", "#c2410c", "#be185d"];
    let numerals = ["I", "II", "III", "IV", "V", "VI"];
    for ((name, colour), numeral) in areas::ENTRY_AREAS.iter().zip(entry_colours).zip(numerals) {
        options.areas.push(AreaStyle {
            area: (*name).into(),
            colour: colour.into(),
            caption: numeral.into(),
        });
    }
    let named = [
        (areas::ALESIA_FORCE_ENTRY, "#1e3a8a", "Alesia Force"),
        (areas::INFANTRY_CAMP, "#7c2d12", "Inf. camp"),
        (areas::CAVALRY_CAMPS[0], "#92400e", "Cav."),
        (areas::CAVALRY_CAMPS[1], "#92400e", "Cav."),
        (areas::CAVALRY_CAMPS[2], "#92400e", "Cav."),
        (areas::THE_HILL, "#000000", "The Hill"),
        (areas::OUTSIDE_CONTRAVALLATION, "#6b7280", "11.0"),
    ];
    for (name, colour, caption) in named {
        options.areas.push(AreaStyle {
            area: name.into(),
            colour: colour.into(),
            caption: caption.into(),
        });
    }
    if let Some(id) = scenario {
        let game = match (id.scenario(), Setup::shared()) {
            (Ok(s), Ok(setup)) => match s.initial_game(setup) {
                Ok(game) => {
                    options.title =
                        format!("The Siege of Alesia: {} {}, Roman deployment", s.rule, s.name);
                    game
                }
                Err(e) => {
                    eprintln!("{e}");
                    return ExitCode::FAILURE;
                }
            },
            (Err(e), _) => {
                eprintln!("{e}");
                return ExitCode::FAILURE;
            }
            (_, Err(e)) => {
                eprintln!("{e}");
                return ExitCode::FAILURE;
            }
        };
        options.hex_size = 14.0;
        options.markers = roman_markers(&game);
    }
    let svg = render(board, &options);
    if let Some(dir) = std::path::Path::new(&out).parent()
        && !dir.as_os_str().is_empty()
        && let Err(e) = std::fs::create_dir_all(dir)
    {
        eprintln!("cannot create {}: {e}", dir.display());
        return ExitCode::FAILURE;
    }
    match std::fs::write(&out, svg) {
        Ok(()) => {
            println!("wrote {out}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("cannot write {out}: {e}");
            ExitCode::FAILURE
        }
    }
}
