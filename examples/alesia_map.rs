//! Draws the reconstructed Alesia West map as an SVG.
//!
//! ```text
//! cargo run --example alesia_map [-- --out out/alesia_west.svg]
//! ```
//!
//! The picture is north up: terrain and elevation, the two rings of ramparts
//! with their walkways and gates, camp and stone walls, the Gardens of Death
//! (outer and inner), the water-filled ditch, rivers and streams, the Gallic
//! entry areas and the other named areas, labels every few hexes, a legend.

use std::process::ExitCode;

use gboh::alesia::map::{self, areas};
use gboh::core::board::svg::{AreaStyle, SvgOptions, render};

fn main() -> ExitCode {
    let mut out = String::from("out/alesia_west.svg");
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match (arg.as_str(), args.next()) {
            ("--out", Some(path)) => out = path,
            _ => {
                eprintln!("usage: alesia_map [--out PATH]");
                return ExitCode::FAILURE;
            }
        }
    }
    let board = match map::west_map() {
        Ok(board) => board,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    let mut options =
        SvgOptions::new("The Siege of Alesia: West map (reconstructed from the rulebook)");
    let entry_colours = [
        "#1d4ed8", "#0e7490", "#15803d", "#a16207", "#c2410c", "#be185d",
    ];
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
