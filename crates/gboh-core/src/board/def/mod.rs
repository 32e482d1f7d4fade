//! The map file format: [`MapDef`] mirrors the RON file, and
//! [`MapDef::build`] validates it into a [`Board`], reporting every problem
//! with its file, line, column and item.

use hexx::Hex;
use serde::Deserialize;

mod parse;

use super::area::Area;
use super::grid::{Board, SourceNote};
use super::hexside::{HexsideFeature, HexsideFeatures};
use super::label::{LabelScheme, ShiftedColumns};
use super::location::{Location, Node, NodeGraph, NodeKind};
use super::terrain::{HexInfo, Terrain};
use super::works::HexWorks;
use crate::data::{DataError, Problems, Provenance, parse_ron};
use crate::facing::Direction;
use parse::{
    Locator, canonical, each_symbol, feature_fault, on_grid, parse_area_entry, parse_side, report,
    walkway_dir,
};

/// The raw map file, as written in RON; [`MapDef::build`] validates it.
///
/// # Format
///
/// ```
/// let text = r#"
/// (
///     name: "Demo",
///     provenance: Reconstructed,
///     // Map letter, printed column and row ranges (inclusive), the rows of
///     // the shifted columns, and which columns are shifted half a hex toward
///     // the higher rows.
///     grid: (prefix: "D", columns: (1, 3), rows: (1, 4), shifted_rows: (1, 3), shifted: Odd),
///     // One symbol per kind of hex: its terrain, and the game's works when
///     // its map has any (Alesia's `works: (region: Inside, works: Redoubt)`).
///     legend: [
///         (symbol: '.', terrain: Clear),
///         (symbol: 'w', terrain: Woods),
///         (symbol: 'r', terrain: Rough),
///     ],
///     // One line per column, highest column first: the column number, then
///     // one symbol per row, lowest row first. Spaces are only for the eye
///     // (shifted columns are indented one more, so the text looks like the map).
///     map: [
///         "3   . . r",
///         "2  . w r .",
///         "1   . . r",
///     ],
///     // The same layout, one digit (0-9) of ground elevation per hex.
///     elevation: [
///         "3   0 0 0",
///         "2  0 1 0 0",
///         "1   0 0 0",
///     ],
///     // Hexside features, each hexside named by its two hexes as the
///     // rulebook does ("W3706/3607"); a hexside may be listed only once.
///     hexsides: [
///         (features: [StoneWall], sides: ["D0101/D0102"]),
///     ],
///     // Walkway chains, on a map whose works allow them
///     // ([`HexWorks::walkway`]; Alesia 6.42, 6.44): each consecutive pair
///     // is joined. This map has none.
///     walkways: [],
///     // Named hex sets: "D0101" one hex, "D0101-D0103" the straight row of
///     // hexes between two, "D0101..D0202" every hex whose column and row lie
///     // between the two labels'. `except` removes hexes the same way.
///     areas: [
///         (name: "West edge", rule: "5.3", hexes: ["D0101..D0301"], except: ["D0201"]),
///     ],
///     // Provenance per feature: labels, hexsides or area names.
///     sources: [
///         (items: ["D0203"], provenance: Printed("6.3"), note: "rough ground"),
///     ],
/// )
/// "#;
/// let board: gboh_core::board::Board = gboh_core::board::Board::from_ron("demo.ron", text).unwrap();
/// assert_eq!(board.area("West edge").unwrap().len(), 2);
/// ```
///
/// `nodes` (`[(name: "4-K", kind: Point)]`) and `links` (`[("4-K", "D0101")]`)
/// describe off-grid locations ([`Location`](super::Location)); Alesia has none.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields, bound(deserialize = "W: HexWorks"))]
pub struct MapDef<W = ()> {
    /// The map's name.
    pub name: String,
    /// Where the map comes from.
    pub provenance: Provenance,
    /// Label layout.
    pub grid: GridDef,
    /// Hex symbols.
    pub legend: Vec<LegendDef<W>>,
    /// One line of symbols per column, highest column first.
    pub map: Vec<String>,
    /// One line of elevation digits per column, highest column first.
    pub elevation: Vec<String>,
    /// Hexside features.
    #[serde(default)]
    pub hexsides: Vec<HexsideDef>,
    /// Walkway chains of labels.
    #[serde(default)]
    pub walkways: Vec<Vec<String>>,
    /// Named areas.
    #[serde(default)]
    pub areas: Vec<AreaDef>,
    /// Off-grid nodes.
    #[serde(default)]
    pub nodes: Vec<NodeDef>,
    /// Links between a node and a node or hex, by name or label.
    #[serde(default)]
    pub links: Vec<(String, String)>,
    /// Per-feature provenance.
    #[serde(default)]
    pub sources: Vec<SourceDef>,
}

/// The label layout ([`LabelScheme`]).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GridDef {
    /// Map letter, or `""`.
    pub prefix: String,
    /// First and last column.
    pub columns: (u8, u8),
    /// First and last row of unshifted columns.
    pub rows: (u8, u8),
    /// First and last row of shifted columns.
    pub shifted_rows: (u8, u8),
    /// Which columns are shifted half a hex toward higher rows.
    pub shifted: ShiftedColumns,
}

/// One legend symbol.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields, bound(deserialize = "W: HexWorks"))]
pub struct LegendDef<W = ()> {
    /// The symbol used in `map`.
    pub symbol: char,
    /// Natural terrain.
    pub terrain: Terrain,
    /// The game's works (default: none).
    #[serde(default)]
    pub works: W,
}

/// A group of hexsides sharing the same features.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HexsideDef {
    /// The features.
    pub features: Vec<HexsideFeature>,
    /// Hexsides as `"A/B"` label pairs.
    pub sides: Vec<String>,
}

/// A named area.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AreaDef {
    /// Name, as the rules spell it.
    pub name: String,
    /// Rule section(s) that use it.
    pub rule: String,
    /// Hexes: labels, `A-B` rows or `A..B` blocks.
    pub hexes: Vec<String>,
    /// Hexes taken out again, same forms.
    #[serde(default)]
    pub except: Vec<String>,
}

/// An off-grid node.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NodeDef {
    /// Printed name.
    pub name: String,
    /// Point or Block.
    pub kind: NodeKind,
}

/// Provenance of some map items.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SourceDef {
    /// Labels, `A/B` hexsides, area or node names.
    pub items: Vec<String>,
    /// Where the fact comes from.
    pub provenance: Provenance,
    /// Explanation.
    pub note: String,
}

impl<W: HexWorks> MapDef<W> {
    /// Validates the definition into a [`Board`], locating problems in
    /// `text`, the file it was read from.
    ///
    /// # Errors
    /// Every problem found, each with file, line, column and item: a bad grid
    /// layout; a duplicated or unknown legend symbol, or one whose works the
    /// game rejects ([`HexWorks::legend_fault`], e.g. Alesia 6.41-6.45: a
    /// rampart outside); a missing, repeated, misordered or wrong-length
    /// column line; a bad elevation digit; a hexside that is not two adjacent
    /// hexes on the map or is listed twice; a walkway the game's works do not
    /// allow ([`HexWorks::walkway`]); an area entry off the map; an unknown
    /// source item.
    pub fn build(self, file: &str, text: &str) -> Result<Board<W>, DataError> {
        let mut problems = Problems::new(file, text);
        let loc = Locator { text };
        let scheme = match self.scheme() {
            Ok(s) => s,
            Err(msg) => {
                report(&mut problems, text, Some(loc.section("grid")), "grid", msg);
                // `finish` fails here: a problem was just recorded.
                let no_board = DataError { file: file.to_owned(), problems: Vec::new() };
                return problems.finish(()).and(Err(no_board));
            }
        };
        let legend = self.check_legend(&mut problems, &loc);
        let fill = HexInfo { terrain: Terrain::Clear, elevation: 0, works: W::default() };
        let mut board = Board::filled(&self.name, scheme, fill);
        board.provenance = self.provenance.clone();

        let mut symbols: Vec<Option<HexInfo<W>>> = vec![None; board.len()];
        each_symbol(&mut problems, &loc, "map", &self.map, &scheme, |i, c| {
            let found = legend.iter().find(|l| l.symbol == c);
            if let (Some(l), Some(slot)) = (found, symbols.get_mut(i)) {
                *slot = Some(HexInfo { terrain: l.terrain, elevation: 0, works: l.works });
            }
            found.map(|_| ()).ok_or_else(|| format!("unknown legend symbol {c:?}"))
        });
        let mut heights = vec![0u8; board.len()];
        each_symbol(&mut problems, &loc, "elevation", &self.elevation, &scheme, |i, c| {
            let digit = c.to_digit(10).and_then(|d| u8::try_from(d).ok());
            if let (Some(d), Some(slot)) = (digit, heights.get_mut(i)) {
                *slot = d;
            }
            digit.map(|_| ()).ok_or_else(|| format!("elevation must be a digit 0-9, not {c:?}"))
        });
        for (i, (symbol, height)) in symbols.iter().zip(&heights).enumerate() {
            if let (Some(info), Some(slot)) = (symbol, board.info.get_mut(i)) {
                *slot = HexInfo { elevation: *height, ..*info };
            }
        }

        self.add_hexsides(&mut problems, &loc, &mut board);
        let unknown: Vec<bool> = symbols.iter().map(Option::is_none).collect();
        self.add_walkways(&mut problems, &loc, &mut board, &unknown);
        self.add_areas(&mut problems, &loc, &mut board);
        self.add_nodes(&mut problems, &loc, &mut board);
        self.add_sources(&mut problems, &loc, &mut board);
        board.name = self.name;
        problems.finish(board)
    }

    fn scheme(&self) -> Result<LabelScheme, String> {
        let g = &self.grid;
        let mut chars = g.prefix.chars();
        let prefix = chars.next();
        if chars.next().is_some() {
            return Err(format!("the map prefix is one letter, not {:?}", g.prefix));
        }
        LabelScheme::new(prefix, g.columns, g.rows, g.shifted_rows, g.shifted)
            .map_err(|e| e.to_string())
    }

    fn check_legend(&self, problems: &mut Problems<'_>, loc: &Locator<'_>) -> Vec<LegendDef<W>> {
        let text = loc.text;
        let mut cursor = loc.section("legend");
        let mut seen: Vec<char> = Vec::new();
        let mut good = Vec::new();
        for l in &self.legend {
            let needle = format!("'{}'", l.symbol);
            let at = text.get(cursor..).and_then(|r| r.find(&needle)).map(|i| cursor + i);
            if let Some(at) = at {
                cursor = at + needle.len();
            }
            let item = format!("legend {:?}", l.symbol);
            let mut fault = |msg: String| report(problems, text, at, &item, msg);
            if l.symbol.is_whitespace() {
                fault("a legend symbol may not be a space".to_owned());
                continue;
            }
            if seen.contains(&l.symbol) {
                fault(format!("symbol {:?} is defined twice", l.symbol));
                continue;
            }
            seen.push(l.symbol);
            let wrong = l.works.legend_fault();
            if let Some(msg) = wrong {
                fault(msg.to_owned());
            }
            // Kept, so the map's use of the symbol is not reported again.
            good.push(l.clone());
        }
        good
    }

    fn add_hexsides(&self, problems: &mut Problems<'_>, loc: &Locator<'_>, board: &mut Board<W>) {
        let text = loc.text;
        let mut cursor = loc.section("hexsides");
        let mut seen: Vec<(usize, Direction)> = Vec::new();
        for group in &self.hexsides {
            let features: HexsideFeatures = group.features.iter().copied().collect();
            let group_fault = feature_fault(features);
            for side in &group.sides {
                let at = loc.quoted(cursor, side);
                if let Some(at) = at {
                    cursor = at + side.len();
                }
                let (hex, dir) = match parse_side(&board.scheme, side) {
                    Ok(found) => found,
                    Err(msg) => {
                        report(problems, text, at, side, msg);
                        continue;
                    }
                };
                if let Some(msg) = group_fault {
                    report(problems, text, at, side, msg);
                    continue;
                }
                let key = canonical(board, hex, dir);
                if seen.contains(&key) {
                    report(
                        problems,
                        text,
                        at,
                        side,
                        "hexside listed twice (list each hexside once, with all its features)",
                    );
                    continue;
                }
                seen.push(key);
                board.add_hexside(hex, dir, features);
            }
        }
    }

    /// `unknown[i]`: hex `i` had a bad legend symbol, already reported.
    fn add_walkways(
        &self,
        problems: &mut Problems<'_>,
        loc: &Locator<'_>,
        board: &mut Board<W>,
        unknown: &[bool],
    ) {
        let text = loc.text;
        let mut cursor = loc.section("walkways");
        let mut seen: Vec<(usize, Direction)> = Vec::new();
        let walkway = HexsideFeatures::EMPTY.with(HexsideFeature::Walkway);
        for chain in &self.walkways {
            let mut prev: Option<(Hex, &String)> = None;
            if chain.len() < 2 {
                let at = chain.first().and_then(|s| loc.quoted(cursor, s));
                let item = chain.first().map_or("walkways", String::as_str);
                report(
                    problems,
                    text,
                    at.or(Some(cursor)),
                    item,
                    "a walkway chain needs at least two hexes",
                );
            }
            for label in chain {
                let at = loc.quoted(cursor, label);
                if let Some(at) = at {
                    cursor = at + label.len();
                }
                let hex = match on_grid(&board.scheme, label) {
                    Ok(h) => h,
                    Err(msg) => {
                        report(problems, text, at, label, msg);
                        prev = None;
                        continue;
                    }
                };
                let reported =
                    |h: Hex| board.index(h).and_then(|i| unknown.get(i).copied()).unwrap_or(true);
                if let Some((p, plabel)) = prev.filter(|(p, _)| !reported(*p) && !reported(hex)) {
                    let item = format!("{plabel}/{label}");
                    match walkway_dir(board, p, hex) {
                        Err(msg) => report(problems, text, at, &item, msg),
                        Ok(dir) => {
                            let key = canonical(board, p, dir);
                            if seen.contains(&key) {
                                report(problems, text, at, &item, "walkway listed twice");
                            } else {
                                seen.push(key);
                                board.add_hexside(p, dir, walkway);
                            }
                        }
                    }
                }
                prev = Some((hex, label));
            }
        }
    }

    fn add_areas(&self, problems: &mut Problems<'_>, loc: &Locator<'_>, board: &mut Board<W>) {
        let text = loc.text;
        let mut cursor = loc.section("areas");
        for area in &self.areas {
            let name_at = loc.quoted(cursor, &area.name);
            if let Some(at) = name_at {
                cursor = at + area.name.len();
            }
            if board.areas.iter().any(|a| a.name() == area.name) {
                report(problems, text, name_at, &area.name, "area defined twice");
                continue;
            }
            let mut resolve = |entries: &[String], problems: &mut Problems<'_>| {
                let mut hexes = Vec::new();
                for entry in entries {
                    let at = loc.quoted(cursor, entry);
                    if let Some(at) = at {
                        cursor = at + entry.len();
                    }
                    match parse_area_entry(&board.scheme, entry) {
                        Ok(found) => hexes.extend(found),
                        Err(msg) => {
                            report(
                                problems,
                                text,
                                at,
                                entry,
                                format!("in area {:?}: {msg}", area.name),
                            );
                        }
                    }
                }
                hexes
            };
            let include = resolve(&area.hexes, problems);
            let exclude = resolve(&area.except, problems);
            let members: Vec<(usize, Hex)> = include
                .into_iter()
                .filter(|h| !exclude.contains(h))
                .filter_map(|h| board.index(h).map(|i| (i, h)))
                .collect();
            if members.is_empty() {
                report(problems, text, name_at, &area.name, "the area has no hex");
            }
            board.areas.push(Area::new(area.name.clone(), area.rule.clone(), members));
        }
    }

    fn add_nodes(&self, problems: &mut Problems<'_>, loc: &Locator<'_>, board: &mut Board<W>) {
        let text = loc.text;
        let mut nodes: Vec<Node> = Vec::new();
        let mut cursor = loc.section("nodes");
        for n in &self.nodes {
            let at = loc.quoted(cursor, &n.name);
            if let Some(at) = at {
                cursor = at + n.name.len();
            }
            if nodes.iter().any(|m| m.name == n.name) {
                report(problems, text, at, &n.name, "node defined twice");
            } else if on_grid(&board.scheme, &n.name).is_ok() || u16::try_from(nodes.len()).is_err()
            {
                report(
                    problems,
                    text,
                    at,
                    &n.name,
                    "a node name may not be a hex label of the map",
                );
            } else {
                nodes.push(Node { name: n.name.clone(), kind: n.kind });
            }
        }
        let graph = NodeGraph::new(nodes, Vec::new());
        let mut links = Vec::new();
        let mut cursor = loc.section("links");
        for (a, b) in &self.links {
            let mut ends = [None, None];
            for (slot, name) in ends.iter_mut().zip([a, b]) {
                let at = loc.quoted(cursor, name);
                if let Some(at) = at {
                    cursor = at + name.len();
                }
                *slot = match (graph.find(name), on_grid(&board.scheme, name)) {
                    (Some(id), _) => Some(Location::Node(id)),
                    (None, Ok(hex)) => Some(Location::Hex(hex)),
                    (None, Err(_)) => {
                        report(problems, text, at, name, "not a node or a hex of the map");
                        None
                    }
                };
            }
            match ends {
                [Some(Location::Hex(_)), Some(Location::Hex(_))] => {
                    let item = format!("{a}/{b}");
                    report(
                        problems,
                        text,
                        Some(cursor),
                        &item,
                        "a link joins a node to a node or hex; hexes are joined by adjacency",
                    );
                }
                [Some(x), Some(y)] => links.push((x, y)),
                _ => {}
            }
        }
        board.nodes = NodeGraph::new(graph.nodes().to_vec(), links);
    }

    fn add_sources(&self, problems: &mut Problems<'_>, loc: &Locator<'_>, board: &mut Board<W>) {
        let text = loc.text;
        let mut cursor = loc.section("sources");
        for source in &self.sources {
            for item in &source.items {
                let at = loc.quoted(cursor, item);
                if let Some(at) = at {
                    cursor = at + item.len();
                }
                let known = board.area(item).is_some()
                    || board.nodes.find(item).is_some()
                    || on_grid(&board.scheme, item).is_ok()
                    || parse_side(&board.scheme, item).is_ok();
                if !known {
                    report(
                        problems,
                        text,
                        at,
                        item,
                        "not a hex, hexside, area or node of this map",
                    );
                }
            }
            board.sources.push(SourceNote {
                items: source.items.clone(),
                provenance: source.provenance.clone(),
                note: source.note.clone(),
            });
        }
    }
}

impl<W: HexWorks> TryFrom<MapDef<W>> for Board<W> {
    type Error = DataError;

    /// Validates without a text to locate problems in; prefer
    /// [`MapDef::build`] or [`Board::from_ron`].
    fn try_from(def: MapDef<W>) -> Result<Board<W>, DataError> {
        let name = def.name.clone();
        def.build(&name, "")
    }
}

impl<W: HexWorks> Board<W> {
    /// Reads and validates a RON map file ([`MapDef`]).
    ///
    /// # Errors
    /// Every problem in the file, each with `file:line:column: item: message`.
    pub fn from_ron(file: &str, text: &str) -> Result<Board<W>, DataError> {
        parse_ron::<MapDef<W>>(file, text)?.build(file, text)
    }
}
