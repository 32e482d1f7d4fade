//! The two sides of a battle, and per-side containers.

use serde::{Deserialize, Serialize};

/// One of the two sides of a GBoH battle.
///
/// Every game in this workspace pits Rome against an adversary (the Gauls at
/// Alesia and Gergovia, the Alexandrians, the tribes, Pontus or the slave army in
/// Dictator), so the core names the sides `Roman` and `Adversary`; a game crate
/// gives the adversary its own name (e.g. `gboh_alesia::GAULS`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Side {
    /// The Roman player.
    Roman,
    /// Rome's opponent in this game.
    Adversary,
}

impl Side {
    /// Both sides, Roman first.
    pub const ALL: [Side; 2] = [Side::Roman, Side::Adversary];

    /// The other side.
    #[must_use]
    pub const fn opponent(self) -> Side {
        match self {
            Side::Roman => Side::Adversary,
            Side::Adversary => Side::Roman,
        }
    }

    /// Index 0 for Roman, 1 for the adversary.
    #[must_use]
    pub const fn index(self) -> usize {
        match self {
            Side::Roman => 0,
            Side::Adversary => 1,
        }
    }
}

/// A value for each side (shakmaty's `ByColor`).
///
/// ```
/// use gboh_core::{BySide, Side};
/// let mut seizures = BySide::new_with(|side| if side == Side::Roman { 3 } else { 2 });
/// *seizures.get_mut(Side::Adversary) -= 1;
/// assert_eq!(*seizures.get(Side::Adversary), 1);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct BySide<T> {
    /// The Roman value.
    pub roman: T,
    /// The adversary's value.
    pub adversary: T,
}

impl<T> BySide<T> {
    /// Builds both values from a function of the side.
    pub fn new_with(mut f: impl FnMut(Side) -> T) -> Self {
        BySide { roman: f(Side::Roman), adversary: f(Side::Adversary) }
    }

    /// The value for `side`.
    pub const fn get(&self, side: Side) -> &T {
        match side {
            Side::Roman => &self.roman,
            Side::Adversary => &self.adversary,
        }
    }

    /// The value for `side`, mutably.
    pub fn get_mut(&mut self, side: Side) -> &mut T {
        match side {
            Side::Roman => &mut self.roman,
            Side::Adversary => &mut self.adversary,
        }
    }

    /// Both values as `[roman, adversary]`, in [`Side::ALL`] order.
    pub fn as_array(&self) -> [&T; 2] {
        [&self.roman, &self.adversary]
    }
}

impl<T> core::ops::Index<Side> for BySide<T> {
    type Output = T;
    fn index(&self, side: Side) -> &T {
        self.get(side)
    }
}

impl<T> core::ops::IndexMut<Side> for BySide<T> {
    fn index_mut(&mut self, side: Side) -> &mut T {
        self.get_mut(side)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opponent_is_an_involution() {
        for side in Side::ALL {
            assert_ne!(side, side.opponent());
            assert_eq!(side, side.opponent().opponent());
            assert_eq!(Side::ALL[side.index()], side);
        }
    }
}
