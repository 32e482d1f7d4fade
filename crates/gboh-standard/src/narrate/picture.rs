//! The field as SVG: the core's board picture with every unit on it.

use gboh_core::Side;
use gboh_core::board::svg::{Marker, SvgOptions, hex_centre, render};

use crate::game::StandardGame;
use crate::protocol::Battle;
use crate::state::{Field, UnitStatus};

/// The field as SVG: the board, every unit on the map (routed ones marked
/// `r`), coloured by side, with its facing.
#[must_use]
pub fn picture<G: StandardGame>(battle: &Battle<G>) -> String {
    picture_showing(battle, |_| true)
}

/// [`picture`] of what one side is shown: only the units `shown` picks (a
/// game's hidden units left out, as Gergovia's hidden placement for the
/// Roman player). The rules' field is not changed.
#[must_use]
pub fn picture_showing<G: StandardGame>(
    battle: &Battle<G>,
    shown: impl Fn(usize) -> bool,
) -> String {
    let field = battle.field();
    let mut options =
        SvgOptions::new(&format!("{}: {}, turn {}", G::RULEBOOK, field.scenario.name, field.turn));
    for (u, s) in field.units.iter().enumerate() {
        let Some(d) = field.def(u) else { continue };
        if s.status == UnitStatus::Eliminated || !shown(u) {
            continue;
        }
        // A stack (SPQR 6.6) is one marker naming both units, top first.
        let stack: Vec<usize> = field.units_at(s.hex).into_iter().filter(|&x| shown(x)).collect();
        if stack.first().is_some_and(|&top| top != u) {
            continue;
        }
        let text = stack
            .iter()
            .filter_map(|&x| {
                let routed =
                    if field.units.get(x)?.status == UnitStatus::Routed { " r" } else { "" };
                Some(format!("{}{routed}", field.def(x)?.unit_type))
            })
            .collect::<Vec<_>>()
            .join("/");
        let colour: String =
            if d.side == Side::Roman { "#c03030".into() } else { "#3060c0".into() };
        if d.double {
            double_counter(field, &mut options, u, &colour);
        }
        options.markers.push(Marker { hex: s.hex, text, colour, facing: Some(s.facing) });
    }
    render(field.board(), &options)
}

/// Dictator 9.101: a double-size phalanx drawn across its two hexes: a bar
/// joining the halves' centres under the marker, and a second marker on its
/// right half.
fn double_counter(field: &Field, options: &mut SvgOptions, u: usize, colour: &str) {
    let (Some(s), Some(d)) = (field.units.get(u), field.def(u)) else { return };
    let right = crate::state::right_half(s.hex, s.facing);
    let board = field.board();
    if let (Some((x1, y1)), Some((x2, y2))) =
        (hex_centre(board, options, s.hex), hex_centre(board, options, right))
    {
        // Narrower than a hex, so that neighbouring counters stay apart.
        let width = options.hex_size * 0.8;
        options.overlay.push_str(&format!(
            "<line class=\"phalanx\" x1=\"{x1:.1}\" y1=\"{y1:.1}\" x2=\"{x2:.1}\" y2=\"{y2:.1}\" \
             stroke=\"{colour}\" stroke-opacity=\"0.55\" stroke-width=\"{width:.1}\" \
             stroke-linecap=\"round\"/>"
        ));
    }
    options.markers.push(Marker {
        hex: right,
        text: d.unit_type.to_string(),
        colour: colour.to_owned(),
        facing: Some(s.facing),
    });
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::Spqr;

    #[test]
    fn the_picture_shows_every_unit() {
        let (battle, _) = Battle::new(Spqr, "Skirmish").unwrap();
        let svg = picture(&battle);
        assert!(svg.starts_with("<svg"));
        assert_eq!(svg.matches(">LG<").count(), 4);
        assert_eq!(svg.matches(">BI<").count(), 4);
    }
}
