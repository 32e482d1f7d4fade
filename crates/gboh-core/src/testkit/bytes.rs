//! Steps from a fuzzer's bytes.

use super::Step;

/// Decodes arbitrary bytes into [`Step`]s, for fuzz targets: each step
/// starts with a tag byte; a tag whose low three bits are zero is an unlisted
/// action whose noise is the next eight bytes, any other tag a listed action
/// whose index is the tag's high bits and the next byte. Every byte string
/// decodes, and small mutations make small changes to the play.
///
/// ```
/// use gboh_core::testkit::{steps_from_bytes, Step};
/// assert_eq!(steps_from_bytes(&[1, 2]), vec![Step::Legal(2)]);
/// assert_eq!(steps_from_bytes(&[0, 1]), vec![Step::Illegal(1)]);
/// ```
#[must_use]
pub fn steps_from_bytes(bytes: &[u8]) -> Vec<Step> {
    let mut out = Vec::new();
    let mut rest = bytes;
    while let Some((&tag, tail)) = rest.split_first() {
        if tag & 7 == 0 {
            let (noise, tail) = tail.split_at(tail.len().min(8));
            let mut n = 0u64;
            for &b in noise.iter().rev() {
                n = (n << 8) | u64::from(b);
            }
            out.push(Step::Illegal(n ^ u64::from(tag >> 3) << 56));
            rest = tail;
        } else {
            let (low, tail) = tail.split_first().map_or((0, tail), |(b, t)| (*b, t));
            out.push(Step::Legal((usize::from(tag >> 3) << 8) | usize::from(low)));
            rest = tail;
        }
    }
    out
}
