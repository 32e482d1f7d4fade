//! Writes `out/alexandria/map.svg` (and the city alone, larger, in
//! `out/alexandria/city.svg`): the reconstructed Alexandria map, the city
//! drawn as a city (Points, streets, Blocks, the Palace, the canal), the
//! Heptastadium, the Lighthouse and the harbours, over the hex grid.
//!
//! `cargo run -p gboh-alexandria --example alexandria_map`

use gboh_core::program as out;

use std::io::Write;
use std::process::ExitCode;

use gboh_alexandria::{map, picture};

fn main() -> ExitCode {
    out::run(play)
}

/// The example's body: its output goes to `stdout`.
fn play(stdout: &mut dyn Write) -> out::Outcome {
    let alexandria = map::alexandria()?;
    let svg = picture::render(alexandria, "Caesar in Alexandria (reconstructed map)");
    std::fs::create_dir_all("out/alexandria")?;
    std::fs::write("out/alexandria/map.svg", svg)?;
    let city = picture::render_city(alexandria, "Caesar in Alexandria: the city");
    std::fs::write("out/alexandria/city.svg", city)?;
    writeln!(stdout, "wrote out/alexandria/map.svg and out/alexandria/city.svg")?;
    Ok(())
}
