//! Actions that are not listed now, for any game whose actions serialize.

use serde::Serialize;
use serde::de::DeserializeOwned;

/// A copy of `action` with one integer in its RON form rewritten (`noise`
/// picks which integer and what it becomes: 0, one more, one less, -1, 255,
/// 65 535, 2^20 or a value below 64). Ids off the end of a table,
/// hexes off the map and counts out of range come out of this. `None` when
/// the action has no integer or the rewritten text does not deserialize.
///
/// It stays clear of `i32`'s limits: hexx's own `Debug` for a `Hex` computes
/// `z = -x - y`, which overflows there (see docs/reliability.md).
///
/// ```
/// use gboh_core::testkit::perturb;
/// #[derive(Debug, PartialEq, serde::Serialize, serde::Deserialize)]
/// struct Move { unit: u16, to: (i32, i32) }
/// let m = Move { unit: 3, to: (1, -2) };
/// let changed: Vec<Move> = (0..64).filter_map(|n| perturb(&m, n)).collect();
/// assert!(changed.iter().any(|c| c.unit == 65_535));
/// assert!(changed.iter().any(|c| c.to.1 == -3));
/// ```
#[must_use]
pub fn perturb<A: Serialize + DeserializeOwned>(action: &A, noise: u64) -> Option<A> {
    let text = ron::to_string(action).ok()?;
    let bytes = text.as_bytes();
    let mut spans = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let starts_number = bytes.get(i).is_some_and(u8::is_ascii_digit)
            && (i == 0
                || bytes.get(i - 1).is_some_and(|b| !b.is_ascii_alphanumeric() && *b != b'_'));
        if starts_number {
            let start = if i > 0 && bytes.get(i - 1) == Some(&b'-') { i - 1 } else { i };
            let mut end = i;
            while bytes.get(end).is_some_and(u8::is_ascii_digit) {
                end += 1;
            }
            spans.push((start, end));
            i = end;
        } else {
            i += 1;
        }
    }
    if spans.is_empty() {
        return None;
    }
    let count = u64::try_from(spans.len()).ok()?;
    let &(start, end) = spans.get(usize::try_from(noise % count).ok()?)?;
    let old: i128 = text.get(start..end)?.parse().unwrap_or(0);
    let new: i128 = match (noise / count) % 8 {
        0 => 0,
        1 => old.saturating_add(1),
        2 => old.saturating_sub(1),
        3 => -1,
        4 => 255,
        5 => 65_535,
        6 => 1 << 20,
        _ => i128::from((noise >> 32) % 64),
    };
    if new == old {
        return None;
    }
    let mutated = format!("{}{new}{}", text.get(..start)?, text.get(end..)?);
    ron::from_str(&mutated).ok()
}

/// An action that is not in `legal` (what `legal_actions` lists now), for
/// checking that the game rejects it without change: by `noise`, either one
/// from `earlier` (actions listed at earlier points) or a [`perturb`]ed
/// listed action; the other kind when the first gives none.
#[must_use]
pub fn unlisted_action<A>(legal: &[A], earlier: &[A], noise: u64) -> Option<A>
where
    A: Clone + PartialEq + Serialize + DeserializeOwned,
{
    let stale = || {
        let old: Vec<&A> = earlier.iter().filter(|a| !legal.contains(a)).collect();
        let n = u64::try_from(old.len()).ok().filter(|&n| n > 0)?;
        old.get(usize::try_from((noise >> 1) % n).ok()?).map(|a| (*a).clone())
    };
    let mutated = || {
        let n = u64::try_from(legal.len()).ok().filter(|&n| n > 0)?;
        let base = legal.get(usize::try_from((noise >> 40) % n).ok()?)?;
        perturb(base, noise >> 1).filter(|a| !legal.contains(a))
    };
    if noise & 1 == 0 { stale().or_else(mutated) } else { mutated().or_else(stale) }
}
