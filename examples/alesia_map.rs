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

use gboh::core::program as out;

use std::io::Write;
use std::process::ExitCode;

use gboh::alesia::game::Setup;
use gboh::alesia::map;
use gboh::alesia::picture;
use gboh::alesia::scenario::ScenarioId;
use gboh::core::board::svg::{SvgOptions, render};

fn main() -> ExitCode {
    out::run(play)
}

/// The example's body: its output goes to `stdout`.
fn play(stdout: &mut dyn Write) -> out::Outcome {
    let mut out: Option<String> = None;
    let mut scenario: Option<ScenarioId> = None;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match (arg.as_str(), args.next()) {
            ("--out", Some(path)) => out = Some(path),
            ("--scenario", Some(name)) => match name.parse::<ScenarioId>() {
                Ok(id) => scenario = Some(id),
                Err(e) => {
                    return Err(e.to_string().into());
                }
            },
            _ => {
                return Err(
                    "usage: alesia_map [--scenario final-assault|historical] [--out PATH]".into()
                );
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
            return Err(e.to_string().into());
        }
    };
    let mut options =
        SvgOptions::new("The Siege of Alesia: West map (reconstructed from the rulebook)");
    options.areas = picture::area_styles();
    if let Some(id) = scenario {
        let game = match (id.scenario(), Setup::shared()) {
            (Ok(s), Ok(setup)) => match s.initial_game(setup) {
                Ok(game) => {
                    options.title =
                        format!("The Siege of Alesia: {} {}, Roman deployment", s.rule, s.name);
                    game
                }
                Err(e) => {
                    return Err(e.to_string().into());
                }
            },
            (Err(e), _) => {
                return Err(e.to_string().into());
            }
            (_, Err(e)) => {
                return Err(e.to_string().into());
            }
        };
        options.hex_size = 14.0;
        options.markers = picture::markers(&game);
    }
    let svg = render(board, &options);
    if let Some(dir) = std::path::Path::new(&out).parent()
        && !dir.as_os_str().is_empty()
        && let Err(e) = std::fs::create_dir_all(dir)
    {
        return Err(format!("cannot create {}: {e}", dir.display()).into());
    }
    std::fs::write(&out, svg).map_err(|e| format!("cannot write {out}: {e}"))?;
    writeln!(stdout, "wrote {out}")?;
    Ok(())
}
