//! Writes `out/alexandria/map.svg` (and the city alone, larger, in
//! `out/alexandria/city.svg`): the reconstructed Alexandria map, the city
//! drawn as a city (Points, streets, Blocks, the Palace, the canal), the
//! Heptastadium, the Lighthouse and the harbours, over the hex grid.
//!
//! `cargo run -p gboh-alexandria --example alexandria_map`

use std::error::Error;

use gboh_alexandria::{map, picture};

fn main() -> Result<(), Box<dyn Error>> {
    let alexandria = map::alexandria()?;
    let svg = picture::render(alexandria, "Caesar in Alexandria (reconstructed map)");
    std::fs::create_dir_all("out/alexandria")?;
    std::fs::write("out/alexandria/map.svg", svg)?;
    let city = picture::render_city(alexandria, "Caesar in Alexandria: the city");
    std::fs::write("out/alexandria/city.svg", city)?;
    println!("wrote out/alexandria/map.svg and out/alexandria/city.svg");
    Ok(())
}
