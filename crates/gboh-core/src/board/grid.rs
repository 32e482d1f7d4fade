//! [`Board`]: the validated map, with dense index-based storage.

use hexx::Hex;

use super::area::Area;
use super::hexside::{HexsideFeature, HexsideFeatures};
use super::label::{Label, LabelScheme};
use super::location::NodeGraph;
use super::los::line_of_sight;
use super::terrain::{HexInfo, Terrain};
use super::works::HexWorks;
use crate::data::Provenance;
use crate::facing::Direction;

/// No neighbour in that direction.
const NONE: u32 = u32::MAX;

/// Where one map fact comes from: the hexes, hexsides or areas it concerns,
/// its provenance (the rule section that pins it, or `Reconstructed`), and a
/// note for the reader.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SourceNote {
    /// Labels (`W3911`), hexsides (`W3706/W3607`) or area names.
    pub items: Vec<String>,
    /// `Printed("6.42")` when a rule section states the fact.
    pub provenance: Provenance,
    /// What the source says, and any doubt.
    pub note: String,
}

/// A game map: hexes with terrain, elevation and the game's works `W`
/// ([`HexWorks`]; `()` on a map without any); hexside
/// features; named areas; and a (usually empty) graph of non-hex locations.
///
/// Built from a RON file by [`Board::from_ron`] (see [`MapDef`](super::MapDef)
/// for the format). Every per-hex and per-hexside lookup is an array access by
/// the hex's dense index ([`Board::index`]); there are no hash maps.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board<W = ()> {
    pub(crate) name: String,
    pub(crate) provenance: Provenance,
    pub(crate) sources: Vec<SourceNote>,
    pub(crate) scheme: LabelScheme,
    pub(crate) coords: Vec<Hex>,
    pub(crate) info: Vec<HexInfo<W>>,
    /// The NE, E and SE hexsides of each hex.
    pub(crate) sides: Vec<[HexsideFeatures; 3]>,
    pub(crate) neighbors: Vec<[u32; 6]>,
    /// Hex -> dense index, by table lookup.
    pub(crate) lookup: AxialIndex,
    pub(crate) areas: Vec<Area>,
    pub(crate) nodes: NodeGraph,
    /// Where the nodes stand on the grid ([`Board::seat_nodes`]); empty on a
    /// board of hexes only.
    pub(crate) places: super::places::Seating,
}

impl<W: HexWorks> Board<W> {
    /// A board with every hex `fill`, no hexside feature, area or node: the
    /// start of a board built in code (tests, small examples).
    #[must_use]
    pub fn filled(name: &str, scheme: LabelScheme, fill: HexInfo<W>) -> Board<W> {
        let coords: Vec<Hex> = scheme.hexes().collect();
        let neighbors = coords
            .iter()
            .map(|&h| {
                Direction::ALL.map(|d| {
                    scheme.index(d.neighbor(h)).and_then(|i| u32::try_from(i).ok()).unwrap_or(NONE)
                })
            })
            .collect();
        let lookup = AxialIndex::new(&coords);
        Board {
            name: name.to_owned(),
            lookup,
            provenance: Provenance::Reconstructed,
            sources: Vec::new(),
            info: vec![fill; coords.len()],
            sides: vec![[HexsideFeatures::EMPTY; 3]; coords.len()],
            coords,
            neighbors,
            scheme,
            areas: Vec::new(),
            nodes: NodeGraph::default(),
            places: super::places::Seating::default(),
        }
    }

    /// The map's name.
    #[must_use]
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Where the map as a whole comes from (`Reconstructed` for every map we
    /// have: the printed maps are not available).
    #[must_use]
    pub fn provenance(&self) -> &Provenance {
        &self.provenance
    }

    /// Per-feature provenance notes, in data-file order.
    #[must_use]
    pub fn sources(&self) -> &[SourceNote] {
        &self.sources
    }

    /// The label layout.
    #[must_use]
    pub fn scheme(&self) -> &LabelScheme {
        &self.scheme
    }

    /// Number of hexes.
    #[must_use]
    pub fn len(&self) -> usize {
        self.coords.len()
    }

    /// Whether the board has no hex (never, for a validated board).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.coords.is_empty()
    }

    /// The hex a label names, if it is on this map.
    #[must_use]
    pub fn hex(&self, label: &Label) -> Option<Hex> {
        self.scheme.hex(*label)
    }

    /// The hex a label string names (`"W3911"`), if it parses and is on this map.
    #[must_use]
    pub fn hex_of(&self, label: &str) -> Option<Hex> {
        label.parse().ok().and_then(|l| self.scheme.hex(l))
    }

    /// The printed label of a hex on this map.
    #[must_use]
    pub fn label(&self, hex: Hex) -> Option<Label> {
        self.scheme.label(hex)
    }

    /// Whether the hex is on the map.
    #[inline]
    #[must_use]
    pub fn contains(&self, hex: Hex) -> bool {
        self.lookup.get(hex).is_some()
    }

    /// The dense index (0..[`len`](Self::len)) of a hex on the map.
    #[inline]
    #[must_use]
    pub fn index(&self, hex: Hex) -> Option<usize> {
        self.lookup.get(hex)
    }

    /// The hex with a given dense index.
    #[inline]
    #[must_use]
    pub fn hex_at(&self, index: usize) -> Option<Hex> {
        self.coords.get(index).copied()
    }

    /// Every hex, in index order.
    pub fn hexes(&self) -> impl ExactSizeIterator<Item = Hex> + '_ {
        self.coords.iter().copied()
    }

    /// The on-map neighbours of a hex, indexed by [`Direction::index`]
    /// (NE, E, SE, SW, W, NW). All `None` for a hex off the map.
    #[must_use]
    pub fn neighbors(&self, hex: Hex) -> [Option<Hex>; 6] {
        match self.index(hex) {
            Some(i) => {
                Direction::ALL.map(|d| self.neighbor_index(i, d).and_then(|j| self.hex_at(j)))
            }
            None => [None; 6],
        }
    }

    /// The on-map neighbour of a hex in one direction.
    #[inline]
    #[must_use]
    pub fn neighbor(&self, hex: Hex, dir: Direction) -> Option<Hex> {
        if self.places.is_empty() {
            let n = dir.neighbor(hex);
            return self.contains(n).then_some(n);
        }
        self.index(hex).and_then(|i| self.neighbor_index(i, dir)).and_then(|j| self.hex_at(j))
    }

    /// The index of the neighbour of the hex with index `index`, by table
    /// lookup: the fast path for searches.
    #[inline]
    #[must_use]
    pub fn neighbor_index(&self, index: usize, dir: Direction) -> Option<usize> {
        let n = *self.neighbors.get(index)?.get(dir.index())?;
        (n != NONE).then_some(n as usize)
    }

    /// Everything about a hex on the map.
    #[inline]
    #[must_use]
    pub fn info(&self, hex: Hex) -> Option<&HexInfo<W>> {
        self.info.get(self.index(hex)?)
    }

    /// Everything about the hex with a given index.
    #[inline]
    #[must_use]
    pub fn info_at(&self, index: usize) -> Option<&HexInfo<W>> {
        self.info.get(index)
    }

    /// Natural terrain of a hex on the map.
    #[inline]
    #[must_use]
    pub fn terrain(&self, hex: Hex) -> Option<Terrain> {
        self.info(hex).map(|i| i.terrain)
    }

    /// Ground elevation of a hex on the map.
    #[inline]
    #[must_use]
    pub fn elevation(&self, hex: Hex) -> Option<u8> {
        self.info(hex).map(|i| i.elevation)
    }

    /// Elevation for LOS and ZOC: ground level, plus what the works add
    /// ([`HexWorks::raises`]; Alesia 6.42: one on a rampart).
    #[inline]
    #[must_use]
    pub fn effective_elevation(&self, hex: Hex) -> Option<u8> {
        self.info(hex).map(HexInfo::effective_elevation)
    }

    /// The game's works in a hex on the map.
    #[inline]
    #[must_use]
    pub fn works(&self, hex: Hex) -> Option<W> {
        self.info(hex).map(|i| i.works)
    }

    /// The owner and slot of the hexside of `hex` toward `dir`.
    fn side_slot(&self, hex: Hex, dir: Direction) -> Option<(usize, usize)> {
        let i = dir.index();
        if i < 3 {
            Some((self.index(hex)?, i))
        } else {
            Some((self.index(dir.neighbor(hex))?, dir.opposite().index()))
        }
    }

    /// The features of the hexside of `hex` toward `dir`. Empty when either
    /// hex is off the map.
    #[inline]
    #[must_use]
    pub fn hexside(&self, hex: Hex, dir: Direction) -> HexsideFeatures {
        // Both hexes must be on the map; the lower-direction one owns the side.
        let Some(i) = self.index(hex) else { return HexsideFeatures::EMPTY };
        let Some(j) = self.neighbor_index(i, dir) else { return HexsideFeatures::EMPTY };
        let (owner, slot) =
            if dir.index() < 3 { (i, dir.index()) } else { (j, dir.opposite().index()) };
        self.sides.get(owner).and_then(|s| s.get(slot)).copied().unwrap_or_default()
    }

    /// The features of the hexside between two adjacent hexes (`None` if they
    /// are not adjacent).
    #[must_use]
    pub fn hexside_between(&self, a: Hex, b: Hex) -> Option<HexsideFeatures> {
        Direction::between(a, b).map(|d| self.hexside(a, d))
    }

    /// Whether the hexside of `hex` toward `dir` has `feature`.
    #[inline]
    #[must_use]
    pub fn has_hexside(&self, hex: Hex, dir: Direction, feature: HexsideFeature) -> bool {
        self.hexside(hex, dir).contains(feature)
    }

    /// Adds features to a hexside; returns `false` (and changes nothing) if
    /// either hex is off the map.
    pub fn add_hexside(&mut self, hex: Hex, dir: Direction, features: HexsideFeatures) -> bool {
        if !self.contains(dir.neighbor(hex)) {
            return false;
        }
        let Some((owner, slot)) = self.side_slot(hex, dir) else {
            return false;
        };
        match self.sides.get_mut(owner).and_then(|s| s.get_mut(slot)) {
            Some(side) => {
                *side = side.union(features);
                true
            }
            None => false,
        }
    }

    /// Replaces what is in a hex on the map; returns `false` if it is off the map.
    pub fn set_info(&mut self, hex: Hex, info: HexInfo<W>) -> bool {
        match self.index(hex).and_then(|i| self.info.get_mut(i)) {
            Some(slot) => {
                *slot = info;
                true
            }
            None => false,
        }
    }

    /// Adds a named area; returns `false` (and changes nothing) if the name is
    /// taken or a hex is off the map.
    pub fn add_area(
        &mut self,
        name: &str,
        rule: &str,
        hexes: impl IntoIterator<Item = Hex>,
    ) -> bool {
        let members: Option<Vec<(usize, Hex)>> =
            hexes.into_iter().map(|h| self.index(h).map(|i| (i, h))).collect();
        match members {
            Some(members) if self.area(name).is_none() => {
                self.areas.push(Area::new(name.to_owned(), rule.to_owned(), members));
                true
            }
            _ => false,
        }
    }

    /// Every hexside that has a feature, once each, as (hex, direction,
    /// features) with direction NE, E or SE, in index order.
    pub fn hexsides(&self) -> impl Iterator<Item = (Hex, Direction, HexsideFeatures)> + '_ {
        self.coords.iter().zip(&self.sides).flat_map(|(&hex, sides)| {
            sides
                .iter()
                .enumerate()
                .filter(|(_, f)| !f.is_empty())
                .map(move |(slot, f)| (hex, Direction::from_index(slot), *f))
        })
    }

    /// The named areas, in data-file order.
    #[must_use]
    pub fn areas(&self) -> &[Area] {
        &self.areas
    }

    /// An area by name.
    #[must_use]
    pub fn area(&self, name: &str) -> Option<&Area> {
        self.areas.iter().find(|a| a.name() == name)
    }

    /// Whether `hex` is in the area called `name` (false if there is no such area).
    #[must_use]
    pub fn in_area(&self, name: &str, hex: Hex) -> bool {
        match (self.area(name), self.index(hex)) {
            (Some(area), Some(i)) => area.contains_index(i),
            _ => false,
        }
    }

    /// The graph of non-hex locations (empty for Alesia).
    #[must_use]
    pub fn nodes(&self) -> &NodeGraph {
        &self.nodes
    }

    /// Whether terrain alone blocks a line of sight from `from` to `to` at the
    /// intervening hex `hex`: woods (a unit may fire into a woods hex, not
    /// through one), works that block it ([`HexWorks::blocks_los`], e.g.
    /// Alesia 8.15's ramparts), or ground higher than both ends, counting what
    /// works raise (Alesia 8.15 "Elevation"). Off-map hexes block nothing. Walls and
    /// units are the combat rules' business.
    #[must_use]
    pub fn terrain_blocks_los(&self, from: Hex, to: Hex, hex: Hex) -> bool {
        let Some(info) = self.info(hex) else {
            return false;
        };
        let ends = self
            .effective_elevation(from)
            .unwrap_or(0)
            .max(self.effective_elevation(to).unwrap_or(0));
        info.terrain == Terrain::Woods
            || info.works.blocks_los()
            || info.effective_elevation() > ends
    }

    /// Whether terrain leaves the line of sight from `from` to `to` clear
    /// ([`Board::terrain_blocks_los`] over [`line_of_sight`]). Symmetric.
    #[must_use]
    pub fn terrain_los(&self, from: Hex, to: Hex) -> bool {
        line_of_sight(from, to, |h| self.terrain_blocks_los(from, to, h))
    }
}

/// A dense table from axial coordinates (over the map's bounding box) to the
/// hex's index: [`Board::index`] in two subtractions and one load, instead of
/// an offset-coordinate conversion (the hottest call of a movement search).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(crate) struct AxialIndex {
    min: [i32; 2],
    width: u32,
    height: u32,
    index: Vec<u32>,
}

impl AxialIndex {
    fn new(coords: &[Hex]) -> AxialIndex {
        let (Some(qmin), Some(qmax), Some(rmin), Some(rmax)) = (
            coords.iter().map(|h| h.x).min(),
            coords.iter().map(|h| h.x).max(),
            coords.iter().map(|h| h.y).min(),
            coords.iter().map(|h| h.y).max(),
        ) else {
            return AxialIndex::default();
        };
        let width = u32::try_from(qmax - qmin + 1).unwrap_or(0);
        let height = u32::try_from(rmax - rmin + 1).unwrap_or(0);
        let mut index = vec![NONE; width as usize * height as usize];
        let mut table = AxialIndex { min: [qmin, rmin], width, height, index: Vec::new() };
        for (i, &h) in coords.iter().enumerate() {
            if let (Some(slot), Ok(i)) = (table.slot(h), u32::try_from(i))
                && let Some(cell) = index.get_mut(slot)
            {
                *cell = i;
            }
        }
        table.index = index;
        table
    }

    fn slot(&self, hex: Hex) -> Option<usize> {
        let q = u32::try_from(hex.x.checked_sub(self.min[0])?).ok()?;
        let r = u32::try_from(hex.y.checked_sub(self.min[1])?).ok()?;
        (q < self.width && r < self.height).then(|| r as usize * self.width as usize + q as usize)
    }

    #[inline]
    fn get(&self, hex: Hex) -> Option<usize> {
        let i = *self.index.get(self.slot(hex)?)?;
        (i != NONE).then_some(i as usize)
    }
}
