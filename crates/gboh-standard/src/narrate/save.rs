//! A battle as a save a person can read and edit (hexes as map labels),
//! and back.

use crate::game::StandardGame;
use crate::protocol::Battle;

/// The first line [`write_save`] puts in a saved battle.
pub const SAVE_HEADER: &str = "# gboh saved battle (RON), hexes as map labels";

/// A whole battle as a save a person can read and edit: [`SAVE_HEADER`], then
/// the game's RON laid out over lines (the top levels), every hex on the map
/// as its label (issue 16; `gboh_core::board::labelled`).
///
/// # Errors
/// The serializer's message if the game does not serialize.
pub fn write_save<G: StandardGame>(
    game: &gboh_core::game::Game<Battle<G>>,
) -> Result<String, String> {
    let pretty = ron::ser::PrettyConfig::new().depth_limit(4);
    let ron = ron::ser::to_string_pretty(game, pretty).map_err(|e| e.to_string())?;
    let board = game.state().field().board();
    Ok(format!("{SAVE_HEADER}\n{}\n", gboh_core::board::labelled::labels_for_hexes(board, &ron)))
}

/// A labelled save read back, its labels read on `board` (the battle's map).
///
/// # Errors
/// `(line, what is wrong)`: a label not on the map, or where the RON does
/// not parse or fit the scenario.
pub fn read_save<G: StandardGame>(
    board: &gboh_core::board::Board,
    text: &str,
) -> Result<gboh_core::game::Game<Battle<G>>, (usize, String)> {
    let mut ron = String::with_capacity(text.len());
    for (i, raw) in text.lines().enumerate() {
        if !raw.trim_start().starts_with('#') {
            let line = gboh_core::board::labelled::hexes_for_labels(board, raw)
                .map_err(|why| (i + 1, why))?;
            ron.push_str(&line);
        }
        ron.push('\n');
    }
    ron::from_str(&ron)
        .map_err(|e| (e.span.start.line, format!("column {}: {}", e.span.start.col, e.code)))
}
