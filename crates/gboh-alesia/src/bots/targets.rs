//! Distance maps the bots steer by: hex steps from a set of target hexes.

use gboh_core::facing::Direction;
use hexx::Hex;

use crate::game::Battlefield;

/// Hex steps from the nearest target, dense over the board (`u16::MAX`: none).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DistanceMap {
    dist: Vec<u16>,
}

impl DistanceMap {
    /// Breadth-first distances from `targets` over the board's hexes.
    #[must_use]
    pub fn from_targets(field: &Battlefield, targets: impl IntoIterator<Item = Hex>) -> Self {
        let board = &field.setup().board;
        DistanceMap::from_indices(field, targets.into_iter().filter_map(|h| board.index(h)))
    }

    /// Breadth-first distances from the hexes with board indices `targets`.
    #[must_use]
    pub fn from_indices(field: &Battlefield, targets: impl IntoIterator<Item = usize>) -> Self {
        let board = &field.setup().board;
        let mut dist = vec![u16::MAX; board.len()];
        // A queue in a vector: every hex enters it at most once.
        let mut queue = Vec::with_capacity(board.len());
        for i in targets {
            if let Some(d) = dist.get_mut(i)
                && *d != 0
            {
                *d = 0;
                queue.push(i);
            }
        }
        let mut head = 0;
        while let Some(&i) = queue.get(head) {
            head += 1;
            let next = dist.get(i).copied().unwrap_or(u16::MAX).saturating_add(1);
            for dir in Direction::ALL {
                if let Some(j) = board.neighbor_index(i, dir)
                    && let Some(d) = dist.get_mut(j)
                    && *d == u16::MAX
                {
                    *d = next;
                    queue.push(j);
                }
            }
        }
        DistanceMap { dist }
    }

    /// The distance of `hex` (`u16::MAX` off the map or unreachable).
    #[must_use]
    pub fn get(&self, field: &Battlefield, hex: Hex) -> u16 {
        field.setup().board.index(hex).and_then(|i| self.dist.get(i)).copied().unwrap_or(u16::MAX)
    }
}
