//! Named sets of hexes: entry areas, camps, hills, victory zones.

use hexx::Hex;

/// A named set of hexes the rules refer to (e.g. Alesia's Entry Area II, the
/// Infantry Camp, "outside the contravallation" of its 11.0).
///
/// Hexes are kept in the board's index order, so iteration is deterministic.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Area {
    name: String,
    rule: String,
    hexes: Vec<Hex>,
    indices: Vec<usize>,
}

impl Area {
    /// An area from `(index, hex)` pairs; they are sorted and deduplicated.
    pub(crate) fn new(name: String, rule: String, mut members: Vec<(usize, Hex)>) -> Area {
        members.sort_unstable_by_key(|(i, _)| *i);
        members.dedup_by_key(|(i, _)| *i);
        let (indices, hexes) = members.into_iter().unzip();
        Area { name, rule, hexes, indices }
    }

    /// The area's name, as the rules spell it.
    #[must_use]
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The rule section(s) that use the area.
    #[must_use]
    pub fn rule(&self) -> &str {
        &self.rule
    }

    /// The hexes, in board index order.
    #[must_use]
    pub fn hexes(&self) -> &[Hex] {
        &self.hexes
    }

    /// Number of hexes.
    #[must_use]
    pub fn len(&self) -> usize {
        self.hexes.len()
    }

    /// Whether the area has no hex.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.hexes.is_empty()
    }

    /// Whether the hex with board index `index` is in the area.
    #[must_use]
    pub fn contains_index(&self, index: usize) -> bool {
        self.indices.binary_search(&index).is_ok()
    }
}
