//! Who is in each hex, top of the stack first (6.6): a dense index rebuilt from
//! the units' positions, never serialized.

use crate::id::Uid;

/// The most combat units one hex can hold: three in Alesia (5.64).
pub const MAX_STACK: usize = 3;

/// The combat units in one hex, top first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Stack {
    units: [Option<Uid>; MAX_STACK],
}

impl IntoIterator for Stack {
    type Item = Uid;
    type IntoIter = std::iter::MapWhile<
        std::array::IntoIter<Option<Uid>, MAX_STACK>,
        fn(Option<Uid>) -> Option<Uid>,
    >;

    /// The units, top first, from a copy of the stack.
    fn into_iter(self) -> Self::IntoIter {
        self.units.into_iter().map_while(std::convert::identity as fn(Option<Uid>) -> Option<Uid>)
    }
}

impl Stack {
    /// The units, top first.
    pub fn iter(&self) -> impl Iterator<Item = Uid> + '_ {
        self.units.iter().map_while(|u| *u)
    }

    /// How many units.
    #[must_use]
    pub fn len(&self) -> usize {
        self.iter().count()
    }

    /// Whether the hex holds no combat unit.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.units[0].is_none()
    }

    /// The top unit (6.65).
    #[must_use]
    pub fn top(&self) -> Option<Uid> {
        self.units[0]
    }

    /// The bottom unit.
    #[must_use]
    pub fn bottom(&self) -> Option<Uid> {
        self.iter().last()
    }

    /// Adds `uid` at the bottom (6.65: "a unit moving into a hex to stack is
    /// always placed on the bottom"). Returns false if the stack is full.
    pub fn push_bottom(&mut self, uid: Uid) -> bool {
        match self.units.iter_mut().find(|u| u.is_none()) {
            Some(slot) => {
                *slot = Some(uid);
                true
            }
            None => false,
        }
    }

    /// Removes `uid`, closing the gap. Returns whether it was there.
    pub fn remove(&mut self, uid: Uid) -> bool {
        let Some(pos) = self.units.iter().position(|u| *u == Some(uid)) else {
            return false;
        };
        if let Some(tail) = self.units.get_mut(pos..) {
            tail.rotate_left(1);
        }
        if let Some(last) = self.units.last_mut() {
            *last = None;
        }
        true
    }

    /// Puts `uid` on top (6.65 switching order). Returns whether it was there.
    pub fn raise(&mut self, uid: Uid) -> bool {
        if !self.remove(uid) {
            return false;
        }
        // `remove` left the last slot empty: every unit moves down one.
        self.units.rotate_right(1);
        if let Some(top) = self.units.first_mut() {
            *top = Some(uid);
        }
        true
    }
}
