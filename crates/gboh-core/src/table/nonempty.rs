//! A list with at least one element, so lookups that must find a row can return
//! it without `unwrap`.

/// A non-empty list: validated tables keep their rows in one, so every lookup
/// has a row to fall back on.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct NonEmpty<T> {
    first: T,
    rest: Vec<T>,
}

impl<T> NonEmpty<T> {
    /// The list of `v`'s elements, or `None` when `v` is empty.
    pub(crate) fn from_vec(v: Vec<T>) -> Option<Self> {
        let mut it = v.into_iter();
        let first = it.next()?;
        Some(NonEmpty { first, rest: it.collect() })
    }

    /// The first element.
    pub(crate) fn first(&self) -> &T {
        &self.first
    }

    /// The last element.
    pub(crate) fn last(&self) -> &T {
        self.rest.last().unwrap_or(&self.first)
    }

    /// The element at `index`, if any.
    pub(crate) fn get(&self, index: usize) -> Option<&T> {
        match index.checked_sub(1) {
            None => Some(&self.first),
            Some(i) => self.rest.get(i),
        }
    }

    /// How many elements (at least one).
    pub(crate) fn len(&self) -> usize {
        1 + self.rest.len()
    }

    /// Every element, in order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = &T> {
        core::iter::once(&self.first).chain(self.rest.iter())
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn keeps_order_and_ends() {
        assert!(NonEmpty::<u8>::from_vec(vec![]).is_none());
        let one = NonEmpty::from_vec(vec![7]).unwrap();
        assert_eq!((one.first(), one.last(), one.len()), (&7, &7, 1));
        let three = NonEmpty::from_vec(vec![1, 2, 3]).unwrap();
        assert_eq!(three.iter().copied().collect::<Vec<_>>(), vec![1, 2, 3]);
        assert_eq!((three.get(0), three.get(2), three.get(3)), (Some(&1), Some(&3), None));
        assert_eq!(three.last(), &3);
    }
}
