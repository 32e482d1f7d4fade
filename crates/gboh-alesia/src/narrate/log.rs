//! An action log a person can read and edit: one action a line, in RON, with
//! every hex written as its printed map label (`"W3911"`) instead of hexx
//! coordinates. [`read()`] turns the labels back into hexes, so that
//! `read(game, &write(game, log)?)` gives the same actions.
//!
//! This is a text form beside the game's save: the save (and its fingerprint)
//! is unchanged. A whole saved game has the same labelled form
//! ([`write_save`], [`read_save`]): the game's RON, laid out over lines, every
//! hex a label, which reads back to the same game.
//!
//! ```text
//! # gboh-alesia action log: one action a line (RON), hexes as map labels
//! Activate(Tribes((3),[(0)]))
//! Move(Move(unit:(12),to:"W5112",facing:Twelve))
//! ```
//!
//! Lines that are empty or start with `#` are comments. A hex off the printed
//! map (it has no label) stays as coordinates, `(x:55,y:-9)`, which [`read()`]
//! accepts as well.

use gboh_core::board::labelled::{hexes_for_labels, labels_for_hexes};
use gboh_core::game::Game;

use crate::game::Setup;
use crate::protocol::{Action, Alesia};

/// The first line [`write()`] puts in a log.
pub const HEADER: &str = "# gboh-alesia action log: one action a line (RON), hexes as map labels";

/// Why a labelled action log could not be written or read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LogError {
    /// An action could not be written as RON.
    #[error("action log: action {index} could not be written: {why}")]
    Write {
        /// Its position in the log, from 0.
        index: usize,
        /// The serializer's message.
        why: String,
    },
    /// A line is not an action.
    #[error("action log line {line}: {why}")]
    Read {
        /// The line, from 1.
        line: usize,
        /// What is wrong.
        why: String,
    },
}

/// The first line [`write_save`] puts in a saved game.
pub const SAVE_HEADER: &str = "# gboh-alesia saved game (RON), hexes as map labels";

/// A whole game as a labelled save: [`SAVE_HEADER`], then the game's RON laid
/// out over lines (the top levels; deeper values stay on one line), every
/// hex on the map as its label.
///
/// # Errors
/// [`LogError::Write`] (index 0) if the game cannot be serialized.
pub fn write_save(game: &Game<Alesia>) -> Result<String, LogError> {
    let pretty = ron::ser::PrettyConfig::new().depth_limit(4);
    let ron = ron::ser::to_string_pretty(game, pretty)
        .map_err(|e| LogError::Write { index: 0, why: e.to_string() })?;
    let mut out = String::from(SAVE_HEADER);
    out.push('\n');
    out.push_str(&labels_for_hexes(&game.state().setup().board, &ron));
    out.push('\n');
    Ok(out)
}

/// A labelled save read back, over the default setup (as a RON save loads).
///
/// # Errors
/// [`LogError::Read`] naming the line of a label not on the map, or the
/// line and column where the game's RON does not parse or fit the setup.
pub fn read_save(text: &str) -> Result<Game<Alesia>, LogError> {
    let setup = Setup::shared().map_err(|e| LogError::Read { line: 1, why: e.to_string() })?;
    let mut ron = String::with_capacity(text.len());
    for (i, raw) in text.lines().enumerate() {
        if raw.trim_start().starts_with('#') {
            ron.push('\n'); // keep the line numbers
            continue;
        }
        let line = hexes_for_labels(&setup.board, raw)
            .map_err(|why| LogError::Read { line: i + 1, why })?;
        ron.push_str(&line);
        ron.push('\n');
    }
    ron::from_str::<Game<Alesia>>(&ron).map_err(|e| LogError::Read {
        line: e.span.start.line,
        why: format!("column {}: {}", e.span.start.col, e.code),
    })
}

/// `actions` as a labelled log, one action a line after [`HEADER`].
///
/// # Errors
/// [`LogError::Write`] if an action cannot be serialized.
pub fn write(game: &Alesia, actions: &[Action]) -> Result<String, LogError> {
    let mut out = String::from(HEADER);
    out.push('\n');
    for (index, action) in actions.iter().enumerate() {
        let ron =
            ron::to_string(action).map_err(|e| LogError::Write { index, why: e.to_string() })?;
        out.push_str(&labels_for_hexes(&game.setup().board, &ron));
        out.push('\n');
    }
    Ok(out)
}

/// The actions of a labelled log.
///
/// # Errors
/// [`LogError::Read`] naming the first line that is not an action, or that
/// names a label not on the map.
pub fn read(game: &Alesia, text: &str) -> Result<Vec<Action>, LogError> {
    let mut actions = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let trimmed = raw.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let ron = hexes_for_labels(&game.setup().board, trimmed)
            .map_err(|why| LogError::Read { line, why })?;
        let action = ron::from_str::<Action>(&ron)
            .map_err(|e| LogError::Read { line, why: e.to_string() })?;
        actions.push(action);
    }
    Ok(actions)
}
