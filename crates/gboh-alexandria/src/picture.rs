//! An SVG picture of the Alexandria map that draws the city as a city: the
//! Blocks as filled outlines with their names (the Palace marked), the streets
//! as lines between the Points, the Points as small labelled circles, the
//! arrows to the hexes (5.22), the canal (5.24), the Heptastadium (5.25), the
//! Lighthouse (5.26), the harbours and the mole (5.35), over the hex grid.
//!
//! ```
//! use gboh_alexandria::{map, picture};
//! let svg = picture::render(map::alexandria()?, "Caesar in Alexandria");
//! assert!(svg.starts_with("<svg") && svg.contains(">Palace<") && svg.contains(">4-D<"));
//! # Ok::<(), gboh_core::data::DataError>(())
//! ```

use core::fmt::Write as _;

use gboh_core::board::svg::{self, AreaStyle, SvgOptions};
use gboh_core::board::{Board, Location, NodeId, NodeKind};
use hexx::Hex;

use crate::map::{Alexandria, areas};

/// Maps grid coordinates (column, row) to pixels, from three hex centres.
struct Grid {
    origin: (f64, f64),
    per_column: (f64, f64),
    per_row: (f64, f64),
    c0: f64,
    r0: f64,
}

impl Grid {
    fn new(board: &Board, options: &SvgOptions) -> Option<Grid> {
        // Odd columns are not shifted: (21, 24), (23, 24) and (21, 25).
        let at = |label: &str| board.hex_of(label).and_then(|h| svg::hex_centre(board, options, h));
        let (a, b, c) = (at("2124")?, at("2324")?, at("2125")?);
        Some(Grid {
            origin: a,
            per_column: ((b.0 - a.0) / 2.0, (b.1 - a.1) / 2.0),
            per_row: (c.0 - a.0, c.1 - a.1),
            c0: 21.0,
            r0: 24.0,
        })
    }

    fn px(&self, (col, row): (f64, f64)) -> (f64, f64) {
        let (dc, dr) = (col - self.c0, row - self.r0);
        (
            self.origin.0 + dc * self.per_column.0 + dr * self.per_row.0,
            self.origin.1 + dc * self.per_column.1 + dr * self.per_row.1,
        )
    }
}

/// The areas outlined, with their colours and captions.
#[must_use]
pub fn area_styles() -> Vec<AreaStyle> {
    let style = |area: &str, colour: &str, caption: &str| AreaStyle {
        area: area.to_owned(),
        colour: colour.to_owned(),
        caption: caption.to_owned(),
    };
    vec![
        style(areas::PHAROS_BEACH, "#ca8a04", "Beach"),
        style(areas::WEST_BEACH, "#ca8a04", "Beach"),
        style(areas::SHOALS, "#0e7490", "Shoals"),
        style(areas::SLIPS, "#7c2d12", "Slips"),
        style(areas::KINGS_HARBOR, "#1e3a8a", "King's Harbor"),
        style(areas::LIGHTHOUSE_DENIED, "#9333ea", ""),
        style(areas::PHAROS_NECK, "#166534", "Neck"),
    ]
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('\'', "&#39;")
}

fn base_options(title: &str) -> SvgOptions {
    let mut options = SvgOptions::new(title);
    options.hex_size = 14.0;
    options.areas = area_styles();
    options
}

/// Draws the city alone, larger: the same picture as [`render`] with its view
/// cropped to the city's Blocks and a few hexes around them.
///
/// ```
/// use gboh_alexandria::{map, picture};
/// let svg = picture::render_city(map::alexandria()?, "Alexandria: the city");
/// assert!(svg.starts_with("<svg") && svg.contains(">Palace<"));
/// # Ok::<(), gboh_core::data::DataError>(())
/// ```
#[must_use]
pub fn render_city(map: &Alexandria, title: &str) -> String {
    let full = render(map, title);
    let options = base_options(title);
    let Some(grid) = Grid::new(map.board(), &options) else { return full };
    let mut corners: Vec<(f64, f64)> = Vec::new();
    for (i, _) in map.board().nodes().nodes().iter().enumerate() {
        let Ok(raw) = u16::try_from(i) else { continue };
        let id = NodeId(raw);
        // The Blocks' outlines frame the city (Pharos town has no Block).
        corners.extend(map.block_outline(id).unwrap_or_default().iter().map(|&p| grid.px(p)));
    }
    if corners.is_empty() {
        return full;
    }
    let pad = options.hex_size * 4.0;
    let x0 = corners.iter().map(|p| p.0).fold(f64::INFINITY, f64::min) - pad;
    let x1 = corners.iter().map(|p| p.0).fold(f64::NEG_INFINITY, f64::max) + pad;
    let y0 = corners.iter().map(|p| p.1).fold(f64::INFINITY, f64::min) - pad;
    let y1 = corners.iter().map(|p| p.1).fold(f64::NEG_INFINITY, f64::max) + pad;
    let (w, h) = (x1 - x0, y1 - y0);
    let Some(end) = full.find('>') else { return full };
    let head = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{:.0}\" height=\"{:.0}\" viewBox=\"{x0:.0} {y0:.0} {w:.0} {h:.0}\" font-family=\"sans-serif\">",
        w * 3.0,
        h * 3.0
    );
    format!("{head}{}", full.get(end + 1..).unwrap_or(""))
}

/// Draws the map.
#[must_use]
pub fn render(map: &Alexandria, title: &str) -> String {
    let board = map.board();
    let mut options = base_options(title);
    let Some(grid) = Grid::new(board, &options) else {
        return svg::render(board, &options);
    };
    let mut o = String::new();
    let graph = board.nodes();
    let centre = |h: Hex| svg::hex_centre(board, &options, h);
    // The ground under the city: cover its hexes.
    if let Some(city) = board.area(areas::CITY) {
        let r = options.hex_size * 1.05;
        for &h in city.hexes() {
            if let Some((x, y)) = centre(h) {
                let pts: Vec<String> = (0..6)
                    .map(|i| {
                        let a = (60.0 * f64::from(i) - 30.0).to_radians();
                        format!("{:.1},{:.1}", x + r * a.cos(), y + r * a.sin())
                    })
                    .collect();
                let _ =
                    write!(o, "<polygon points='{}' fill='#efe6d2' stroke='none'/>", pts.join(" "));
            }
        }
    }
    // Blocks.
    for (i, node) in graph.nodes().iter().enumerate() {
        let Ok(raw) = u16::try_from(i) else { continue };
        let id = NodeId(raw);
        if node.kind != NodeKind::Block {
            continue;
        }
        let Some(corners) = map.block_outline(id) else { continue };
        let Some(mid) = map.node_position(id) else { continue };
        // Inset toward the centre so the streets show between the Blocks.
        let pts: Vec<String> = corners
            .iter()
            .map(|&(c, r)| {
                let (c, r) = (mid.0 + (c - mid.0) * 0.78, mid.1 + (r - mid.1) * 0.78);
                let (x, y) = grid.px((c, r));
                format!("{x:.1},{y:.1}")
            })
            .collect();
        let palace = id == map.palace();
        let (fill, stroke) = if palace { ("#f5c542", "#92400e") } else { ("#c9a97a", "#8b6b3e") };
        let _ = write!(
            o,
            "<polygon points='{}' fill='{fill}' stroke='{stroke}' stroke-width='{}'/>",
            pts.join(" "),
            if palace { 2.5 } else { 1.0 }
        );
        let (x, y) = grid.px(mid);
        let _ = write!(
            o,
            "<text x='{x:.1}' y='{:.1}' font-size='{}' text-anchor='middle' fill='#3b2a12'>{}</text>",
            y + 2.0,
            // The two halves of a split Block (5.24) sit close together.
            if node.name.len() > 9 { 3.5 } else { 6.0 },
            esc(&node.name)
        );
        if palace {
            let _ = write!(
                o,
                "<text x='{x:.1}' y='{:.1}' font-size='9' font-weight='bold' text-anchor='middle' fill='#7c2d12'>Palace</text>",
                y - 6.0
            );
        }
    }
    // Streets (Point to Point), arrows (Point to hex).
    let pos = |l: Location| -> Option<(f64, f64)> {
        match l {
            Location::Hex(h) => centre(h),
            Location::Node(id) => map.node_position(id).map(|p| grid.px(p)),
        }
    };
    for &(a, b) in graph.links() {
        let kinds = (map.kind(a), map.kind(b));
        let (Some(pa), Some(pb)) = (pos(a), pos(b)) else { continue };
        match kinds {
            (Some(NodeKind::Point), Some(NodeKind::Point)) => {
                let _ = write!(
                    o,
                    "<line x1='{:.1}' y1='{:.1}' x2='{:.1}' y2='{:.1}' stroke='#6b7280' stroke-width='3' stroke-linecap='round'/>",
                    pa.0, pa.1, pb.0, pb.1
                );
            }
            (Some(NodeKind::Point), None) | (None, Some(NodeKind::Point)) => {
                let canal = map.crosses_canal(a, b);
                let _ = write!(
                    o,
                    "<line x1='{:.1}' y1='{:.1}' x2='{:.1}' y2='{:.1}' stroke='{}' stroke-width='1.2' stroke-dasharray='3,2' marker-end='url(#arrow)'/>",
                    pa.0,
                    pa.1,
                    pb.0,
                    pb.1,
                    if canal { "#2563eb" } else { "#111827" }
                );
            }
            _ => {}
        }
    }
    // The canal.
    let canal: Vec<String> = map
        .canal_course()
        .iter()
        .map(|&p| {
            let (x, y) = grid.px(p);
            format!("{x:.1},{y:.1}")
        })
        .collect();
    let _ = write!(
        o,
        "<polyline points='{}' fill='none' stroke='#2563eb' stroke-width='4' stroke-opacity='0.8'/>",
        canal.join(" ")
    );
    if let Some(&last) = map.canal_course().get(1) {
        let (x, y) = grid.px(last);
        let _ = write!(
            o,
            "<text x='{:.1}' y='{:.1}' font-size='9' fill='#1d4ed8'>canal</text>",
            x + 4.0,
            y + 12.0
        );
    }
    // Points.
    for (i, node) in graph.nodes().iter().enumerate() {
        let Ok(raw) = u16::try_from(i) else { continue };
        if node.kind != NodeKind::Point {
            continue;
        }
        let Some((x, y)) = map.node_position(NodeId(raw)).map(|p| grid.px(p)) else { continue };
        let _ = write!(
            o,
            "<circle cx='{x:.1}' cy='{y:.1}' r='3' fill='white' stroke='#111827' stroke-width='1'/><text x='{:.1}' y='{:.1}' font-size='5' fill='#111827'>{}</text>",
            x + 3.5,
            y - 2.5,
            esc(&node.name)
        );
    }
    // The Heptastadium, the Lighthouse, the mole.
    if let Some(causeway) = board.area(areas::CAUSEWAY) {
        let pts: Vec<String> = causeway
            .hexes()
            .iter()
            .filter_map(|&h| centre(h))
            .map(|(x, y)| format!("{x:.1},{y:.1}"))
            .collect();
        let _ = write!(
            o,
            "<polyline points='{}' fill='none' stroke='#78716c' stroke-width='8' stroke-linecap='round'/>",
            pts.join(" ")
        );
        if let Some(&h) = causeway.hexes().first()
            && let Some((x, y)) = centre(h)
        {
            let _ = write!(
                o,
                "<text x='{:.1}' y='{y:.1}' font-size='10' font-weight='bold' fill='#44403c'>Heptastadium</text>",
                x + 12.0
            );
        }
    }
    for over in board.area(areas::OVERPASSES).map(|a| a.hexes().to_vec()).unwrap_or_default() {
        if let Some((x, y)) = centre(over) {
            let _ = write!(
                o,
                "<rect x='{:.1}' y='{:.1}' width='8' height='8' fill='#38bdf8' stroke='#0c4a6e'/>",
                x - 4.0,
                y - 4.0
            );
        }
    }
    for name in [areas::PHAROS_REDOUBT, areas::CITY_REDOUBT] {
        for h in board.area(name).map(|a| a.hexes().to_vec()).unwrap_or_default() {
            if let Some((x, y)) = centre(h) {
                let _ = write!(
                    o,
                    "<rect x='{:.1}' y='{:.1}' width='12' height='12' fill='#57534e' stroke='#1c1917' stroke-width='1.5'/><text x='{:.1}' y='{:.1}' font-size='8' font-weight='bold' fill='#1c1917'>Redoubt</text>",
                    x - 6.0,
                    y - 6.0,
                    x - 14.0,
                    y + 15.0
                );
            }
        }
    }
    for lh in board.area(areas::LIGHTHOUSE).map(|a| a.hexes().to_vec()).unwrap_or_default() {
        if let Some((x, y)) = centre(lh) {
            let _ = write!(
                o,
                "<polygon points='{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}' fill='#fde047' stroke='#713f12' stroke-width='1.5'/><text x='{:.1}' y='{:.1}' font-size='10' font-weight='bold'>Lighthouse</text>",
                x,
                y - 10.0,
                x - 6.0,
                y + 7.0,
                x + 6.0,
                y + 7.0,
                x + 9.0,
                y + 4.0
            );
        }
    }
    for &(a, b) in map.mole().iter().chain(map.canal_hexsides()) {
        let (Some(pa), Some(pb)) = (centre(a), centre(b)) else { continue };
        let (mx, my) = ((pa.0 + pb.0) / 2.0, (pa.1 + pb.1) / 2.0);
        let (dx, dy) = ((pb.1 - pa.1) * 0.29, -(pb.0 - pa.0) * 0.29);
        let colour = if map.mole().contains(&(a, b)) { "#292524" } else { "#2563eb" };
        let _ = write!(
            o,
            "<line x1='{:.1}' y1='{:.1}' x2='{:.1}' y2='{:.1}' stroke='{colour}' stroke-width='4'/>",
            mx - dx,
            my - dy,
            mx + dx,
            my + dy
        );
    }
    for (name, label) in [
        ("Great Harbour", "3432"),
        ("Eunostos Harbour", "2708"),
        ("Pharos", "3510"),
        ("Lake Mareotis side", "0530"),
    ] {
        if let Some((x, y)) = board.hex_of(label).and_then(&centre) {
            let _ = write!(
                o,
                "<text x='{x:.1}' y='{y:.1}' font-size='13' font-style='italic' fill='#0f172a' fill-opacity='0.7'>{name}</text>"
            );
        }
    }
    options.overlay = format!(
        "<defs><marker id='arrow' viewBox='0 0 6 6' refX='5' refY='3' markerWidth='5' markerHeight='5' orient='auto'><path d='M0,0 L6,3 L0,6 z' fill='#111827'/></marker></defs>{o}"
    );
    options.legend_extra = vec![
        (
            "<circle cx='12' cy='0' r='3' fill='white' stroke='#111827'/>".into(),
            "Point (5.23)".into(),
        ),
        (
            "<rect x='2' y='-6' width='20' height='12' fill='#c9a97a' stroke='#8b6b3e'/>".into(),
            "Block (5.23)".into(),
        ),
        (
            "<rect x='2' y='-6' width='20' height='12' fill='#f5c542' stroke='#92400e'/>".into(),
            "the Palace Block".into(),
        ),
        (
            "<line x1='0' y1='0' x2='24' y2='0' stroke='#111827' stroke-dasharray='3,2'/>".into(),
            "arrow, Point to hex (5.22)".into(),
        ),
        (
            "<line x1='0' y1='0' x2='24' y2='0' stroke='#2563eb' stroke-width='4'/>".into(),
            "canal (5.24)".into(),
        ),
        (
            "<line x1='0' y1='0' x2='24' y2='0' stroke='#78716c' stroke-width='8'/>".into(),
            "Heptastadium (5.25)".into(),
        ),
        (
            "<line x1='0' y1='0' x2='24' y2='0' stroke='#292524' stroke-width='4'/>".into(),
            "mole (5.35)".into(),
        ),
    ];
    svg::render(board, &options)
}

/// A piece to draw over the map: where, whose, and its caption.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Marker {
    /// The place.
    pub at: Location,
    /// Whose (red Romans, blue Egyptians).
    pub side: gboh_core::Side,
    /// The caption ("VI-3", "Caesar").
    pub text: String,
}

/// Draws the map with `pieces` on it (a coloured disc and caption per
/// place, stacked pieces listed under one another), for a game's snapshots.
#[must_use]
pub fn render_with(map: &Alexandria, title: &str, pieces: &[Marker]) -> String {
    let full = render(map, title);
    let options = base_options(title);
    let board = map.board();
    let Some(grid) = Grid::new(board, &options) else { return full };
    let mut o = String::new();
    let mut count: Vec<(Location, usize)> = Vec::new();
    for p in pieces {
        let xy = match p.at {
            Location::Hex(h) => svg::hex_centre(board, &options, h),
            Location::Node(id) => map.node_position(id).map(|q| grid.px(q)),
        };
        let Some((x, y)) = xy else { continue };
        let n = match count.iter_mut().find(|c| c.0 == p.at) {
            Some(c) => {
                c.1 += 1;
                c.1
            }
            None => {
                count.push((p.at, 0));
                0
            }
        };
        let colour = if p.side == gboh_core::Side::Roman { "#b91c1c" } else { "#1d4ed8" };
        #[allow(clippy::cast_precision_loss)]
        let dy = n as f64 * 4.0;
        let _ = write!(
            o,
            "<g class='piece'><circle cx='{x:.1}' cy='{:.1}' r='2.2' fill='{colour}'/><text x='{:.1}' y='{:.1}' font-size='3.5' fill='{colour}'>{}</text></g>",
            y + dy,
            x + 3.0,
            y + dy + 1.2,
            p.text
        );
    }
    match full.rfind("</svg>") {
        Some(end) => {
            format!("{}{o}{}", full.get(..end).unwrap_or(""), full.get(end..).unwrap_or(""))
        }
        None => full,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_are_drawn_where_they_stand() {
        let Ok(map) = crate::map::alexandria() else { panic!("map loads") };
        let Some(at) = map.place("4-K") else { panic!("4-K") };
        let marker =
            |text: &str| Marker { at, side: gboh_core::Side::Adversary, text: text.into() };
        let svg = render_with(map, "Alexandria", &[marker("Sosius"), marker("Egyptian MI-6")]);
        assert_eq!(svg.matches("class='piece'").count(), 2);
        assert!(svg.contains(">Sosius<") && svg.contains(">Egyptian MI-6<"));
        assert!(svg.trim_end().ends_with("</svg>"));
    }

    #[test]
    fn the_picture_draws_points_blocks_palace_canal_and_causeway() {
        let Ok(map) = crate::map::alexandria() else { panic!("map loads") };
        let svg = render(map, "Alexandria");
        assert!(svg.contains(">Palace<"));
        assert!(svg.contains(">2/3-K/L<") && svg.contains(">4-D<"));
        assert!(svg.contains(">Heptastadium<") && svg.contains(">Lighthouse<"));
        assert!(svg.contains("canal"));
        let points =
            map.board().nodes().nodes().iter().filter(|n| n.kind == NodeKind::Point).count();
        assert_eq!(
            svg.matches("<circle").count(),
            points + 1,
            "one circle per Point, one in the legend"
        );
    }
}
