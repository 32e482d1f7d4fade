//! Pictures of a game: the West map as SVG with every unit on it, for the
//! examples and for any app that wants a quick look.

use crate::game::AlesiaField;
use gboh_core::Side;
use gboh_core::board::svg::{AreaStyle, Marker, SvgOptions, render};
use gboh_core::unit::UnitType;

use crate::game::Membership;
use crate::map::areas;
use crate::protocol::Alesia;

/// Colours for the legions, in counter-mix order.
const LEGION_COLOURS: [&str; 10] = [
    "#7f1d1d", "#9a3412", "#92400e", "#3f6212", "#065f46", "#155e75", "#1e40af", "#5b21b6",
    "#86198f", "#9f1239",
];

/// The map's areas as the examples outline them: Entry Areas I-VI, the Alesia
/// Force's entry, the camps, the Hill, and 11.0's outside area.
#[must_use]
pub fn area_styles() -> Vec<AreaStyle> {
    let mut styles = Vec::new();
    let entry_colours = ["#1d4ed8", "#0e7490", "#15803d", "#a16207", "#c2410c", "#be185d"];
    let numerals = ["I", "II", "III", "IV", "V", "VI"];
    for ((name, colour), numeral) in areas::ENTRY_AREAS.iter().zip(entry_colours).zip(numerals) {
        styles.push(AreaStyle {
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
        styles.push(AreaStyle {
            area: name.into(),
            colour: colour.into(),
            caption: caption.into(),
        });
    }
    styles
}

/// One marker per occupied hex: the top unit's short name (its legion, or its
/// type; `+` when stacked), coloured by legion or side, with its facing; and
/// one per placed Tribal Counter.
#[must_use]
pub fn markers(game: &Alesia) -> Vec<Marker> {
    let field = &game.field;
    let setup = field.setup();
    let mut markers = Vec::new();
    for hex in setup.board.hexes() {
        let stack = field.stack(hex);
        let Some(top) = stack.top() else { continue };
        let (Some(info), Some(state)) = (setup.unit(top), field.unit(top)) else {
            continue;
        };
        let (mut text, colour) = match (info.side, info.membership, info.unit_type()) {
            (Side::Roman, Membership::Legion(l), t) => {
                let id = setup.mix.legions().get(l.index()).map_or("?", |x| x.id.as_str());
                let text = if t == UnitType::Scorpio { format!("{id}s") } else { id.to_owned() };
                (
                    text,
                    LEGION_COLOURS.get(l.index() % LEGION_COLOURS.len()).copied().unwrap_or("#000"),
                )
            }
            (Side::Roman, _, t) if t.is_cavalry() => (t.to_string(), "#b45309"),
            (Side::Roman, _, t) if t.is_artillery() => ("Pa".to_owned(), "#374151"),
            (Side::Roman, _, t) => (t.to_string(), "#166534"),
            (_, Membership::AlesiaForce, t) => (t.to_string(), "#1e3a8a"),
            (_, _, t) => (t.to_string(), "#4b5563"),
        };
        if stack.len() > 1 {
            text.push('+');
        }
        markers.push(Marker { hex, text, colour: colour.into(), facing: Some(state.facing) });
    }
    for (info, state) in setup.counters.iter().zip(field.counters()) {
        if let Some(hex) = state.at.filter(|_| !state.withdrawn && !state.flipped) {
            let short: String = info.id.chars().take(4).collect();
            markers.push(Marker { hex, text: short, colour: "#111827".into(), facing: None });
        }
    }
    markers
}

/// The West map with every unit, as an SVG document titled `title`.
#[must_use]
pub fn svg(game: &Alesia, title: &str) -> String {
    let mut options = SvgOptions::new(title);
    options.areas = area_styles();
    options.hex_size = 14.0;
    options.markers = markers(game);
    render(&game.setup().board, &options)
}
