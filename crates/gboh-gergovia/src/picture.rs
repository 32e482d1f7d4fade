//! An SVG picture of the Gergovia map, with a deployment if given: the town
//! on its plateau with its wall and gates, the Gallic camp, the two stone
//! walls, the Roman camps with their gates and the large camp's towers (each
//! marked with its scorpion's range), the sunken road and its embankment,
//! woods, rocky ground, rivers and elevation, and one counter per occupied
//! hex.
//!
//! ```
//! use gboh_gergovia::{counters, map, picture, scenario};
//! let (board, mix) = (map::board()?, counters::counters()?);
//! let s = scenario::scenario(scenario::ScenarioId::Standard)?;
//! let d = s.default_deployment(board, mix)?;
//! let svg = picture::render(board, mix, Some(&d), "Gergovia");
//! assert!(svg.starts_with("<svg") && svg.contains("Gergovia"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use core::fmt::Write as _;
use std::collections::BTreeMap;

use gboh_core::Side;
use gboh_core::board::Board;
use gboh_core::board::svg::{self, AreaStyle, Marker, SvgOptions};
use hexx::Hex;

use crate::counters::Counters;
use crate::fortifications;
use crate::map::areas;
use crate::scenario::{Deployment, Position};
use crate::standard::Gergovia;

/// The areas outlined, with their colours and captions.
#[must_use]
pub fn area_styles() -> Vec<AreaStyle> {
    let style = |area: &str, colour: &str, caption: &str| AreaStyle {
        area: area.to_owned(),
        colour: colour.to_owned(),
        caption: caption.to_owned(),
    };
    vec![
        style(areas::SMALL_CAMP, "#1e3a8a", "Small camp"),
        style(areas::LARGE_CAMP, "#1e3a8a", "Large camp"),
        style(areas::ENTRY_HEXES, "#15803d", "Entry"),
        style(areas::TOWN_OBJECTIVE, "#dc2626", "VP"),
    ]
}

const ROMAN: &str = "#b91c1c";
const GALLIC: &str = "#1d4ed8";

/// Draws the map, and the deployment's counters if one is given: one per
/// occupied hex, the top unit's formation abbreviation, with `+n` when more
/// pieces share the hex; units off the map are listed in the title.
#[must_use]
pub fn render(
    board: &Board,
    mix: &Counters,
    deployment: Option<&Deployment>,
    title: &str,
) -> String {
    let mut options = SvgOptions::new(title);
    options.hex_size = 11.0;
    options.label_every = 4;
    options.areas = area_styles();
    let mut overlay = String::new();
    // The sunken road: a brown line through its hexes, in path order.
    if let Some(road) = board.area(areas::SUNKEN_ROAD) {
        let mut left: Vec<Hex> = road.hexes().to_vec();
        let mut path = Vec::new();
        // Start from an end: a road hex with one road neighbour.
        let start = left
            .iter()
            .copied()
            .find(|h| left.iter().filter(|n| n.unsigned_distance_to(*h) == 1).count() == 1);
        if let Some(mut at) = start {
            left.retain(|h| *h != at);
            path.push(at);
            while let Some(next) = left.iter().copied().find(|n| n.unsigned_distance_to(at) == 1) {
                left.retain(|h| *h != next);
                path.push(next);
                at = next;
            }
        }
        let points: Vec<String> = path
            .iter()
            .filter_map(|h| svg::hex_centre(board, &options, *h))
            .map(|(x, y)| format!("{x:.1},{y:.1}"))
            .collect();
        let _ = writeln!(
            overlay,
            r##"<polyline points="{}" fill="none" stroke="#6b4423" stroke-width="4" stroke-dasharray="7 3"/>"##,
            points.join(" ")
        );
    }
    // The town: a house in every hex, and its name.
    if let Some(town) = board.area(areas::GERGOVIA) {
        for &h in town.hexes() {
            if let Some((x, y)) = svg::hex_centre(board, &options, h) {
                let _ = writeln!(
                    overlay,
                    r##"<path d="M{:.1},{:.1} h7 v-4 l-3.5,-3 l-3.5,3 z" fill="#7c2d12" opacity="0.55"/>"##,
                    x - 3.5,
                    y + 3.0
                );
            }
        }
        let n = town.len().max(1) as f64;
        let centre = town
            .hexes()
            .iter()
            .filter_map(|h| svg::hex_centre(board, &options, *h))
            .fold((0.0, 0.0), |(a, b), (x, y)| (a + x / n, b + y / n));
        let _ = writeln!(
            overlay,
            r##"<text x="{:.1}" y="{:.1}" font-size="20" font-weight="bold" text-anchor="middle" fill="#450a0a" stroke="#fff" stroke-width="4" paint-order="stroke" letter-spacing="3">GERGOVIA</text>"##,
            centre.0, centre.1
        );
    }
    // The Gallic camp: a tent in every hex.
    if let Some(camp) = board.area(areas::GALLIC_CAMP) {
        for &h in camp.hexes() {
            if let Some((x, y)) = svg::hex_centre(board, &options, h) {
                let _ = writeln!(
                    overlay,
                    r##"<path d="M{:.1},{:.1} l4,-7 l4,7 z" fill="none" stroke="#b45309" stroke-width="1.2"/>"##,
                    x - 4.0,
                    y + 3.5
                );
            }
        }
    }
    // The towers of the large camp, with the range of their scorpions.
    let range = fortifications::fortifications().map_or(7, |f| f.scorpion_range.value);
    if let Some(towers) = board.area(areas::TOWERS) {
        for &h in towers.hexes() {
            if let Some((x, y)) = svg::hex_centre(board, &options, h) {
                let _ = writeln!(
                    overlay,
                    r##"<rect x="{:.1}" y="{:.1}" width="12" height="12" fill="#374151" stroke="#000"/><text x="{x:.1}" y="{:.1}" font-size="9" fill="#fff" text-anchor="middle" font-weight="bold">{range}</text>"##,
                    x - 6.0,
                    y - 6.0,
                    y + 3.5
                );
            }
        }
    }
    options.overlay = overlay;
    options.legend_extra = vec![
        (
            r##"<path d="M7,3 h7 v-4 l-3.5,-3 l-3.5,3 z" fill="#7c2d12" opacity="0.55"/>"##.to_owned(),
            "Gergovia (two levels above its hill)".to_owned(),
        ),
        (
            r##"<path d="M7,3.5 l4,-7 l4,7 z" fill="none" stroke="#b45309" stroke-width="1.2"/>"##.to_owned(),
            "Gallic camp hex (open ground)".to_owned(),
        ),
        (
            r##"<line x1="0" y1="0" x2="22" y2="0" stroke="#6b4423" stroke-width="4" stroke-dasharray="7 3"/>"##.to_owned(),
            "Sunken road (Caesar's double ditch)".to_owned(),
        ),
        (
            format!(
                r##"<rect x="4" y="-6" width="12" height="12" fill="#374151"/><text x="10" y="3.5" font-size="9" fill="#fff" text-anchor="middle">{range}</text>"##
            ),
            format!("Tower with scorpion, range {range} (9.31)"),
        ),
    ];
    if let Some(d) = deployment {
        let mut stacks: BTreeMap<usize, (Hex, Vec<(Side, String)>)> = BTreeMap::new();
        let mut add = |h: Hex, piece: (Side, String)| {
            stacks
                .entry(board.index(h).unwrap_or(usize::MAX))
                .or_insert((h, Vec::new()))
                .1
                .push(piece);
        };
        for u in mix.units() {
            if let Some(Position::Hex(h)) = d.units.get(&u.id) {
                add(*h, (u.side, abbreviation(&u.formation)));
            }
        }
        for l in mix.leaders() {
            if let Some(Position::Hex(h)) = d.leaders.get(&l.id) {
                add(*h, (l.side, l.id.chars().take(3).collect()));
            }
        }
        for e in mix.eagles() {
            if let Some(Position::Hex(h)) = d.eagles.get(&e.id) {
                add(*h, (Side::Roman, "Aq".to_owned()));
            }
        }
        for (hex, pieces) in stacks.into_values() {
            let Some((side, text)) = pieces.first() else { continue };
            let text = if pieces.len() > 1 { format!("{text}+") } else { text.clone() };
            let colour = if *side == Side::Roman { ROMAN } else { GALLIC };
            options.markers.push(Marker { hex, text, colour: colour.to_owned(), facing: None });
        }
        let off: usize = d.units.values().filter(|p| **p == Position::OffMap).count();
        if off > 0 {
            options.title = format!("{title} ({off} units off the map with Vercingetorix)");
        }
    }
    svg::render(board, &options)
}

/// The battle as SVG for `viewer`'s player: every unit on the map but those
/// hidden from him (Gallic Starting Deployment \[b\]: the Roman player does
/// not see the Gallic units still hidden; [`Gergovia::hidden_from`]).
#[must_use]
pub fn battle_for(battle: &gboh_standard::Battle<Gergovia>, viewer: Side) -> String {
    let hidden = battle.game().hidden_from(viewer);
    gboh_standard::narrate::picture_showing(battle, |u| !hidden.contains(&u))
}

/// A short text for a formation's counters.
fn abbreviation(formation: &str) -> String {
    match formation {
        "Gallic LN" => "LN".to_owned(),
        "Cretan archers" => "Cr".to_owned(),
        "Numidian archers" => "NA".to_owned(),
        "Numidian LI" => "NL".to_owned(),
        "Arverni" => "Ar".to_owned(),
        "Arverni archers" => "AA".to_owned(),
        "Arverni cavalry" => "AC".to_owned(),
        other => other.chars().take(4).collect(),
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::panic)] // a failing test panics

    use super::*;
    use crate::scenario::{self, ScenarioId};
    use crate::{counters, map};

    #[test]
    fn the_picture_shows_the_town_camps_walls_road_towers_and_one_counter_per_occupied_hex() {
        let (board, mix) = (map::board().unwrap(), counters::counters().unwrap());
        let s = scenario::scenario(ScenarioId::Standard).unwrap();
        let d = s.default_deployment(board, mix).unwrap();
        let svg = render(board, mix, Some(&d), "Gergovia");
        for legend in [
            "Town wall",
            "Camp wall",
            "Stone wall",
            "Gate",
            "Embankment",
            "Minor river",
            "Woods",
            "Rough",
            "Sunken road",
            "Tower with scorpion, range 7",
        ] {
            assert!(svg.contains(legend), "{legend}");
        }
        assert!(svg.contains(">GERGOVIA<"));
        let towers = board.area(areas::TOWERS).map_or(0, |a| a.len());
        assert_eq!(svg.matches(r##"fill="#374151" stroke="#000""##).count(), towers);
        let mut occupied: Vec<usize> = d
            .units
            .values()
            .chain(d.leaders.values())
            .filter_map(|p| match p {
                Position::Hex(h) => board.index(*h),
                Position::OffMap => None,
            })
            .collect();
        occupied.sort_unstable();
        occupied.dedup();
        // Each counter is one black-stroked square of the side's colour.
        let counters = svg
            .matches(&format!(r##"fill="{ROMAN}" stroke="#000" stroke-width="1""##))
            .count()
            + svg.matches(&format!(r##"fill="{GALLIC}" stroke="#000" stroke-width="1""##)).count();
        assert_eq!(counters, occupied.len());
        assert!(svg.contains("25 units off the map"));
    }
}
