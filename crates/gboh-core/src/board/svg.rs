//! An SVG picture of a [`Board`], north up: terrain and elevation, works,
//! hexside features, highlighted areas, hex labels, a legend, and unit
//! [`Marker`]s with their facing.
//!
//! ```
//! use gboh_core::board::svg::{Marker, SvgOptions, render};
//! use gboh_core::board::{Board, HexInfo, LabelScheme, ShiftedColumns, Terrain};
//! use gboh_core::facing::Facing;
//! let scheme = LabelScheme::new(Some('D'), (1, 3), (1, 4), (1, 3), ShiftedColumns::Odd).unwrap();
//! let clear = HexInfo::plain(Terrain::Clear, 0);
//! let board = Board::filled("Demo", scheme, clear);
//! let mut options = SvgOptions::new("Demo");
//! options.markers.push(Marker {
//!     hex: board.hex_of("D0202").unwrap(),
//!     text: "BI".into(),
//!     colour: "#3060c0".into(),
//!     facing: Some(Facing::Two),
//! });
//! let svg = render(&board, &options);
//! assert!(svg.starts_with("<svg") && svg.contains(">BI<"));
//! ```

use core::fmt::Write as _;
use hexx::Hex;

use super::grid::Board;
use super::hexside::{HexsideFeature, HexsideFeatures};
use super::terrain::{HexInfo, Terrain};
use super::works::HexWorks;
use crate::facing::{Direction, Facing};

/// A unit counter to draw: in a hex, with a short text, its side's colour and
/// (if it has one) the vertex its top faces (Alesia 7.11).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Marker {
    /// Where.
    pub hex: Hex,
    /// A short text, e.g. the unit type.
    pub text: String,
    /// Fill colour (any SVG colour).
    pub colour: String,
    /// Facing; leaders and markers have none.
    pub facing: Option<Facing>,
}

/// An area to outline, with the colour and caption to use.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AreaStyle {
    /// The area's name on the board.
    pub area: String,
    /// Outline colour.
    pub colour: String,
    /// Caption drawn in the area (often shorter than the name).
    pub caption: String,
}

/// What to draw.
#[derive(Debug, Clone, PartialEq)]
pub struct SvgOptions {
    /// Title above the map.
    pub title: String,
    /// Hex size: centre to corner, in pixels.
    pub hex_size: f64,
    /// Label hexes whose row is a multiple of this and whose column is odd
    /// and a multiple of it plus one (0: no labels).
    pub label_every: u8,
    /// Areas to outline, drawn in this order.
    pub areas: Vec<AreaStyle>,
    /// Counters, drawn last.
    pub markers: Vec<Marker>,
    /// Whether to draw the legend.
    pub legend: bool,
    /// Extra SVG elements drawn over the areas, under the labels and
    /// markers (a game's own symbols; place them with [`hex_centre`]).
    pub overlay: String,
    /// Extra legend lines: an SVG shape drawn at the origin (about 24 px
    /// wide, centred on y = 0) and its caption.
    pub legend_extra: Vec<(String, String)>,
}

impl SvgOptions {
    /// Defaults: 12 px hexes, labels every 4 hexes, a legend, no areas or markers.
    #[must_use]
    pub fn new(title: &str) -> SvgOptions {
        SvgOptions {
            title: title.to_owned(),
            hex_size: 12.0,
            label_every: 4,
            areas: Vec::new(),
            markers: Vec::new(),
            legend: true,
            overlay: String::new(),
            legend_extra: Vec::new(),
        }
    }
}

/// The pixel centre of `hex` in the picture [`render`] draws of `board` with
/// `options` (for [`SvgOptions::overlay`]); `None` off the board.
#[must_use]
pub fn hex_centre<W: HexWorks>(
    board: &Board<W>,
    options: &SvgOptions,
    hex: Hex,
) -> Option<(f64, f64)> {
    if !board.contains(hex) {
        return None;
    }
    Some(layout_of(board, options).0.centre(hex))
}

/// The layout of the picture, and the map's width and height in pixels.
fn layout_of<W: HexWorks>(board: &Board<W>, options: &SvgOptions) -> (Layout, f64, f64) {
    let size = options.hex_size.max(2.0);
    let raw: Vec<(f64, f64)> = board.hexes().map(|h| Layout::raw(size, h)).collect();
    let min_x = raw.iter().map(|p| p.0).fold(f64::INFINITY, f64::min) - SQRT3 * size / 2.0;
    let max_x = raw.iter().map(|p| p.0).fold(f64::NEG_INFINITY, f64::max) + SQRT3 * size / 2.0;
    let min_y = raw.iter().map(|p| p.1).fold(f64::INFINITY, f64::min) - size;
    let max_y = raw.iter().map(|p| p.1).fold(f64::NEG_INFINITY, f64::max) + size;
    let (min_x, max_x, min_y, max_y) =
        if raw.is_empty() { (0.0, 1.0, 0.0, 1.0) } else { (min_x, max_x, min_y, max_y) };
    (Layout { size, min_x, min_y }, max_x - min_x, max_y - min_y)
}

const SQRT3: f64 = 1.732_050_807_568_877_2;
const MARGIN: f64 = 40.0;
const TITLE: f64 = 36.0;
const LEGEND_WIDTH: f64 = 270.0;

/// Pixel layout: pointy-top, axial x toward north-east, axial y toward east.
struct Layout {
    size: f64,
    min_x: f64,
    min_y: f64,
}

impl Layout {
    fn raw(size: f64, h: Hex) -> (f64, f64) {
        let (x, y) = (f64::from(h.x), f64::from(h.y));
        (SQRT3 * size * (y + x / 2.0), -1.5 * size * x)
    }

    fn centre(&self, h: Hex) -> (f64, f64) {
        let (x, y) = Layout::raw(self.size, h);
        (x - self.min_x + MARGIN, y - self.min_y + MARGIN + TITLE)
    }

    fn corners(&self, h: Hex, scale: f64) -> [(f64, f64); 6] {
        let (cx, cy) = self.centre(h);
        core::array::from_fn(|k| {
            let angle = (60.0 * k as f64 - 30.0).to_radians();
            (cx + scale * self.size * angle.cos(), cy + scale * self.size * angle.sin())
        })
    }

    /// The two ends of the hexside of `h` toward `d`.
    fn edge(&self, h: Hex, d: Direction) -> ((f64, f64), (f64, f64)) {
        let (ax, ay) = self.centre(h);
        let (bx, by) = self.centre(d.neighbor(h));
        let (mx, my) = ((ax + bx) / 2.0, (ay + by) / 2.0);
        let (dx, dy) = (bx - ax, by - ay);
        let len = (dx * dx + dy * dy).sqrt().max(f64::EPSILON);
        let (px, py) = (-dy / len * self.size / 2.0, dx / len * self.size / 2.0);
        ((mx + px, my + py), (mx - px, my - py))
    }
}

fn points(pts: &[(f64, f64)]) -> String {
    pts.iter().map(|(x, y)| format!("{x:.1},{y:.1}")).collect::<Vec<_>>().join(" ")
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

fn terrain_colour(t: Terrain) -> &'static str {
    match t {
        Terrain::Clear => "#e9e4c4",
        Terrain::Woods => "#86a968",
        Terrain::Rough => "#c9b48a",
        Terrain::Marsh => "#a9c9b9",
        Terrain::Town => "#b8b0a8",
        Terrain::Water => "#7fa8d8",
    }
}

/// Blends the terrain colour toward brown by elevation, and toward the works'
/// tint ([`HexWorks::tint`]).
fn fill<W: HexWorks>(info: &HexInfo<W>) -> String {
    let hex = terrain_colour(info.terrain);
    let channel =
        |i: usize| u8::from_str_radix(hex.get(i..i + 2).unwrap_or("80"), 16).unwrap_or(128);
    let (mut r, mut g, mut b) =
        (f64::from(channel(1)), f64::from(channel(3)), f64::from(channel(5)));
    let k = (f64::from(info.elevation) * 0.16).min(0.8);
    r += (150.0 - r) * k;
    g += (110.0 - g) * k;
    b += (70.0 - b) * k;
    if let Some(((tr, tg, tb), k)) = info.works.tint() {
        r += (f64::from(tr) - r) * k;
        g += (f64::from(tg) - g) * k;
        b += (f64::from(tb) - b) * k;
    }
    format!("#{:02x}{:02x}{:02x}", r.round() as u8, g.round() as u8, b.round() as u8)
}

/// Stroke styles of hexside features, in drawing order (lowest first).
const SIDE_STYLES: [(HexsideFeature, &str, &str); 11] = [
    (
        HexsideFeature::Embankment,
        "Embankment",
        r##"stroke="#8a5a2b" stroke-width="3" stroke-dasharray="1 2""##,
    ),
    (HexsideFeature::Stream, "Stream", r##"stroke="#5a9bd8" stroke-width="2""##),
    (HexsideFeature::MinorRiver, "Minor river", r##"stroke="#2a6fc0" stroke-width="3.5""##),
    (
        HexsideFeature::WaterDitch,
        "Water-filled ditch",
        r##"stroke="#0b2f7a" stroke-width="4" stroke-dasharray="6 2""##,
    ),
    (
        HexsideFeature::StoneWall,
        "Stone wall",
        r##"stroke="#666" stroke-width="3" stroke-dasharray="3 2""##,
    ),
    (HexsideFeature::CampWall, "Camp wall", r##"stroke="#5b3a1a" stroke-width="3.5""##),
    (HexsideFeature::FortWall, "Fort wall", r##"stroke="#222" stroke-width="3""##),
    (
        HexsideFeature::Escarpment,
        "Escarpment",
        r##"stroke="#333" stroke-width="4" stroke-dasharray="1 3""##,
    ),
    (HexsideFeature::TownWall, "Town wall", r##"stroke="#7a1010" stroke-width="4.5""##),
    (HexsideFeature::Gate, "Gate", r##"stroke="#fff" stroke-width="3" stroke-dasharray="2 2""##),
    (HexsideFeature::Pass, "Pass", r##"stroke="#fff" stroke-width="4""##),
];

/// Draws the board as an SVG document.
#[must_use]
pub fn render<W: HexWorks>(board: &Board<W>, options: &SvgOptions) -> String {
    let (layout, map_w, map_h) = layout_of(board, options);
    let size = layout.size;
    let width = map_w + 2.0 * MARGIN + if options.legend { LEGEND_WIDTH } else { 0.0 };
    let height = (map_h + 2.0 * MARGIN + TITLE).max(if options.legend { 760.0 } else { 0.0 });
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.0} {height:.0}" font-family="sans-serif">"#
    );
    let defs = W::svg_defs();
    if !defs.is_empty() {
        let _ = writeln!(s, "<defs>{defs}</defs>");
    }
    let _ = writeln!(s, r##"<rect width="100%" height="100%" fill="#faf8f0"/>"##);
    let _ = writeln!(
        s,
        r#"<text x="{MARGIN}" y="{:.0}" font-size="20" font-weight="bold">{}</text>"#,
        MARGIN - 6.0,
        escape(&options.title)
    );

    // Hexes.
    let _ = writeln!(s, r##"<g stroke="#b9b39a" stroke-width="0.5">"##);
    for (hex, info) in board.hexes().filter_map(|h| board.info(h).map(|i| (h, i))) {
        let _ = writeln!(
            s,
            r#"<polygon points="{}" fill="{}"/>"#,
            points(&layout.corners(hex, 1.0)),
            fill(info)
        );
    }
    let _ = writeln!(s, "</g>");

    // Works.
    for (hex, info) in board.hexes().filter_map(|h| board.info(h).map(|i| (h, i))) {
        let picture = info.works.svg(layout.centre(hex), size, &points(&layout.corners(hex, 0.95)));
        if !picture.is_empty() {
            let _ = writeln!(s, "{picture}");
        }
    }

    // Walkways: centre to centre.
    for (hex, dir, features) in board.hexsides() {
        if features.contains(HexsideFeature::Walkway) {
            let (ax, ay) = layout.centre(hex);
            let (bx, by) = layout.centre(dir.neighbor(hex));
            let _ = writeln!(
                s,
                r##"<line x1="{ax:.1}" y1="{ay:.1}" x2="{bx:.1}" y2="{by:.1}" stroke="#f2c14e" stroke-width="2.5"/>"##
            );
        }
    }

    // Hexsides.
    for (feature, _, style) in SIDE_STYLES {
        for (hex, dir, features) in board.hexsides() {
            if features.contains(feature) {
                let ((x1, y1), (x2, y2)) = layout.edge(hex, dir);
                let _ = writeln!(
                    s,
                    r#"<line x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}" {style} stroke-linecap="round"/>"#
                );
            }
        }
    }

    // Areas: outline the boundary of each, caption at its middle hex.
    for style in &options.areas {
        let Some(area) = board.area(&style.area) else {
            continue;
        };
        let colour = escape(&style.colour);
        let _ = writeln!(s, r#"<g stroke="{colour}" stroke-width="2.5" stroke-linecap="round">"#);
        for &hex in area.hexes() {
            for dir in Direction::ALL {
                let n = dir.neighbor(hex);
                let inside = board.index(n).is_some_and(|i| area.contains_index(i));
                if !inside {
                    let ((x1, y1), (x2, y2)) = layout.edge(hex, dir);
                    let _ = writeln!(
                        s,
                        r#"<line x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}"/>"#
                    );
                }
            }
        }
        let _ = writeln!(s, "</g>");
        if let Some(&mid) = area.hexes().get(area.len() / 2) {
            let (cx, cy) = layout.centre(mid);
            let _ = writeln!(
                s,
                r##"<text x="{cx:.1}" y="{:.1}" font-size="{:.0}" font-weight="bold" text-anchor="middle" fill="{colour}" stroke="#fff" stroke-width="3" paint-order="stroke">{}</text>"##,
                cy + size * 0.35,
                size * 1.0,
                escape(&style.caption)
            );
        }
    }

    s.push_str(&options.overlay);

    // Labels.
    if options.label_every > 0 {
        let every = options.label_every;
        let _ =
            writeln!(s, r##"<g font-size="{:.1}" fill="#555" text-anchor="middle">"##, size * 0.5);
        for hex in board.hexes() {
            let Some(label) = board.label(hex) else {
                continue;
            };
            if label.row() % every == 0
                && label.column() % 2 == 1
                && (label.column() - 1) % every == 0
            {
                let (cx, cy) = layout.centre(hex);
                let _ =
                    writeln!(s, r#"<text x="{cx:.1}" y="{:.1}">{label}</text>"#, cy - size * 0.45);
            }
        }
        let _ = writeln!(s, "</g>");
    }

    // Markers.
    for m in &options.markers {
        if !board.contains(m.hex) {
            continue;
        }
        let (cx, cy) = layout.centre(m.hex);
        let half = size * 0.55;
        let _ = writeln!(
            s,
            r##"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" fill="{}" stroke="#000" stroke-width="1"/>"##,
            cx - half,
            cy - half,
            2.0 * half,
            2.0 * half,
            escape(&m.colour)
        );
        if let Some(facing) = m.facing {
            // Facing k points at the corner between directions k-1 and k,
            // clockwise from twelve o'clock.
            let angle = (60.0 * facing.index() as f64 - 90.0).to_radians();
            let tip = (cx + size * 0.95 * angle.cos(), cy + size * 0.95 * angle.sin());
            let side = |da: f64| {
                let a = angle + da.to_radians();
                (cx + half * 0.9 * a.cos(), cy + half * 0.9 * a.sin())
            };
            let _ = writeln!(
                s,
                r##"<polygon points="{}" fill="#000"/>"##,
                points(&[tip, side(35.0), side(-35.0)])
            );
        }
        let _ = writeln!(
            s,
            r##"<text x="{cx:.1}" y="{:.1}" font-size="{:.1}" text-anchor="middle" fill="#fff" font-weight="bold">{}</text>"##,
            cy + size * 0.2,
            size * 0.55,
            escape(&m.text)
        );
    }

    if options.legend {
        legend(&mut s, board, options, map_w + 2.0 * MARGIN, size);
    }
    let _ = writeln!(s, "</svg>");
    s
}

fn legend<W: HexWorks>(s: &mut String, board: &Board<W>, options: &SvgOptions, x0: f64, size: f64) {
    let mut y = MARGIN + TITLE;
    let row = 20.0;
    let _ = writeln!(
        s,
        r#"<text x="{x0:.0}" y="{y:.0}" font-size="15" font-weight="bold">Legend</text>"#
    );
    y += row;
    let swatch = |s: &mut String, y: &mut f64, shape: String, text: &str| {
        let _ = writeln!(s, "{shape}");
        let _ = writeln!(
            s,
            r#"<text x="{:.0}" y="{:.0}" font-size="12">{}</text>"#,
            x0 + 34.0,
            *y + 4.0,
            escape(text)
        );
        *y += row;
    };
    let corners = |y: f64| {
        let c = Hex::ZERO;
        let l = Layout { size: 8.0, min_x: 0.0, min_y: 0.0 };
        let pts: Vec<(f64, f64)> = l
            .corners(c, 1.0)
            .iter()
            .map(|(x, yy)| (x - MARGIN + x0 + 12.0, yy - MARGIN - TITLE + y))
            .collect();
        points(&pts)
    };
    let hexagon = |fill_attr: &str, y: f64| {
        format!(
            r##"<polygon points="{}" {fill_attr} stroke="#999" stroke-width="0.5"/>"##,
            corners(y)
        )
    };
    let base = HexInfo { terrain: Terrain::Clear, elevation: 0, works: W::default() };
    let present =
        |f: &dyn Fn(&HexInfo<W>) -> bool| board.hexes().filter_map(|h| board.info(h)).any(f);
    for t in [
        Terrain::Clear,
        Terrain::Woods,
        Terrain::Rough,
        Terrain::Marsh,
        Terrain::Town,
        Terrain::Water,
    ] {
        if present(&|i| i.terrain == t) {
            let shape = hexagon(&format!(r#"fill="{}""#, fill(&HexInfo { terrain: t, ..base })), y);
            swatch(s, &mut y, shape, &format!("{t:?}"));
        }
    }
    // Only the levels the map has (a map may skip one, e.g. Gergovia's 0, 1, 3).
    let mut levels: Vec<u8> = board.hexes().filter_map(|h| board.elevation(h)).collect();
    levels.sort_unstable();
    levels.dedup();
    for level in levels.into_iter().filter(|l| *l > 0) {
        let shape =
            hexagon(&format!(r#"fill="{}""#, fill(&HexInfo { elevation: level, ..base })), y);
        swatch(s, &mut y, shape, &format!("Clear, elevation {level}"));
    }
    for row in W::legend() {
        if present(&|i| (row.shown)(i.works)) {
            let works = row.sample;
            let mut shape = String::new();
            if works.tint().is_some() {
                shape = hexagon(&format!(r#"fill="{}""#, fill(&HexInfo { works, ..base })), y);
            }
            shape.push_str(&works.svg((x0 + 12.0, y), size, &corners(y)));
            swatch(s, &mut y, shape, row.caption);
        }
    }
    let all = board.hexsides().fold(HexsideFeatures::EMPTY, |acc, (_, _, f)| acc.union(f));
    if all.contains(HexsideFeature::Walkway) {
        let shape = format!(
            r##"<line x1="{:.1}" y1="{y:.1}" x2="{:.1}" y2="{y:.1}" stroke="#f2c14e" stroke-width="2.5"/>"##,
            x0 + 2.0,
            x0 + 24.0
        );
        let text = W::hexside_caption(HexsideFeature::Walkway).unwrap_or("Walkway");
        swatch(s, &mut y, shape, text);
    }
    for (feature, text, style) in SIDE_STYLES {
        if all.contains(feature) {
            let background = if matches!(feature, HexsideFeature::Gate | HexsideFeature::Pass) {
                format!(
                    r##"<line x1="{:.1}" y1="{y:.1}" x2="{:.1}" y2="{y:.1}" stroke="#5b3a1a" stroke-width="3.5"/>"##,
                    x0 + 2.0,
                    x0 + 24.0
                )
            } else {
                String::new()
            };
            let shape = format!(
                r#"{background}<line x1="{:.1}" y1="{y:.1}" x2="{:.1}" y2="{y:.1}" {style}/>"#,
                x0 + 2.0,
                x0 + 24.0
            );
            swatch(s, &mut y, shape, W::hexside_caption(feature).unwrap_or(text));
        }
    }
    for style in &options.areas {
        if board.area(&style.area).is_some() {
            let shape = format!(
                r#"<line x1="{:.1}" y1="{y:.1}" x2="{:.1}" y2="{y:.1}" stroke="{}" stroke-width="2.5"/>"#,
                x0 + 2.0,
                x0 + 24.0,
                escape(&style.colour)
            );
            swatch(s, &mut y, shape, &format!("{}: {}", style.caption, style.area));
        }
    }
    for (shape, text) in &options.legend_extra {
        let shape = format!(r#"<g transform="translate({:.1},{y:.1})">{shape}</g>"#, x0 + 2.0);
        swatch(s, &mut y, shape, text);
    }
    if !options.markers.is_empty() {
        let shape = format!(
            r##"<rect x="{:.1}" y="{:.1}" width="12" height="12" fill="#888" stroke="#000"/>"##,
            x0 + 6.0,
            y - 6.0
        );
        swatch(s, &mut y, shape, "Unit (triangle: facing, 7.11)");
    }
    let _ = writeln!(
        s,
        r##"<text x="{x0:.0}" y="{:.0}" font-size="11" fill="#555">North is up. Labels: column, row.</text>"##,
        y + 6.0
    );
}
