//! Locations that are not hexes: the seam for maps with off-grid spaces.
//!
//! *Caesar in Alexandria* fights inside the city on a graph of Points (street
//! crossings) and Blocks (buildings), joined to the hex grid outside the city
//! by marked connections ("Hexes adjacent to a Point are marked with a small
//! arrow", Alexandria 5.22). A [`Location`] is either a hex or a node of the
//! board's [`NodeGraph`]; movement and command range can walk both. Maps that
//! are all hexes (Alesia, Gergovia, Dictator) have an empty graph.

use hexx::Hex;
use serde::{Deserialize, Serialize};

/// A node of a board's graph, by its position in [`NodeGraph::nodes`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct NodeId(pub u16);

/// Where a piece can be: a hex, or a node of the board's graph.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Location {
    /// A hex of the grid.
    Hex(Hex),
    /// A node (an Alexandria Point or Block).
    Node(NodeId),
}

/// What a node stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum NodeKind {
    /// A street crossing, entered like a hex (Alexandria 5.23).
    Point,
    /// A city block, entered only from an adjacent Point (Alexandria 5.23).
    Block,
}

/// A node: its printed name (e.g. `4-K`) and kind.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Node {
    /// The name printed on the map.
    pub name: String,
    /// Point or Block.
    pub kind: NodeKind,
}

/// The nodes of a board and the links between locations that involve them
/// (Point to Point, Point to Block, Point to hex).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct NodeGraph {
    nodes: Vec<Node>,
    links: Vec<(Location, Location)>,
}

impl NodeGraph {
    /// A graph; `links` are kept in the given order.
    #[must_use]
    pub fn new(nodes: Vec<Node>, links: Vec<(Location, Location)>) -> NodeGraph {
        NodeGraph { nodes, links }
    }

    /// Whether the board has no node (every Alesia map).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// All nodes; a [`NodeId`] is a position in this slice.
    #[must_use]
    pub fn nodes(&self) -> &[Node] {
        &self.nodes
    }

    /// A node by id.
    #[must_use]
    pub fn node(&self, id: NodeId) -> Option<&Node> {
        self.nodes.get(usize::from(id.0))
    }

    /// A node by its printed name.
    #[must_use]
    pub fn find(&self, name: &str) -> Option<NodeId> {
        self.nodes
            .iter()
            .position(|n| n.name == name)
            .and_then(|i| u16::try_from(i).ok())
            .map(NodeId)
    }

    /// Every link, in data-file order.
    #[must_use]
    pub fn links(&self) -> &[(Location, Location)] {
        &self.links
    }

    /// The locations linked to `from`, in data-file order.
    pub fn linked(&self, from: Location) -> impl Iterator<Item = Location> + '_ {
        self.links.iter().filter_map(move |&(a, b)| {
            if a == from {
                Some(b)
            } else if b == from {
                Some(a)
            } else {
                None
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_are_followed_both_ways() {
        let graph = NodeGraph::new(
            vec![
                Node { name: "4-K".into(), kind: NodeKind::Point },
                Node { name: "2/3-K/L".into(), kind: NodeKind::Block },
            ],
            vec![
                (Location::Node(NodeId(0)), Location::Node(NodeId(1))),
                (Location::Hex(Hex::new(20, 3)), Location::Node(NodeId(0))),
            ],
        );
        assert_eq!(graph.find("2/3-K/L"), Some(NodeId(1)));
        let from_point: Vec<_> = graph.linked(Location::Node(NodeId(0))).collect();
        assert_eq!(from_point, [Location::Node(NodeId(1)), Location::Hex(Hex::new(20, 3))]);
        assert!(NodeGraph::default().is_empty());
    }
}
