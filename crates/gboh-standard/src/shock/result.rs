//! Reading the Shock CRT and adjusting its result (SPQR 8.7): superiority,
//! the skirmisher, light-cavalry and elephant adjustments, and allocating the
//! hits among a side's units.

use gboh_core::table::{CrtColumn, Distribution, Drm};
use serde::{Deserialize, Serialize};

use super::superiority::Superiority;
use crate::tables::{CrtCell, ShockCrt};

/// The special cases of SPQR 8.7's result adjustments.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct Adjustments {
    /// A double-depth phalanx hit in flank or rear: AS triples rather than doubles.
    pub double_depth_phalanx_flank_or_rear: bool,
    /// The defender is a skirmisher: the attacker's hits are halved, at most 1.
    pub defender_skirmisher: bool,
    /// Light cavalry attacking PH, HI, LG, MI or BI: the defender's hits are
    /// halved (unless it routed).
    pub light_cavalry_vs_heavy_foot: bool,
    /// An elephant passing through: the defender's hits halved, the elephant's -1.
    pub elephant_pass_through: bool,
}

/// The hits each side takes after adjustment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ShockHits {
    /// On the attacking side.
    pub attacker: u8,
    /// On the defending side.
    pub defender: u8,
}

/// Halves, rounding down (Reconstructed: SPQR's text does not say here; see
/// docs/rules-coverage.md).
const fn half(n: u8) -> u8 {
    n / 2
}

/// SPQR 8.7: the CRT cell adjusted for superiority and the special cases.
///
/// ```
/// use gboh_standard::shock::{adjust, Adjustments, ShockHits, Superiority};
/// use gboh_standard::tables::CrtCell;
/// let cell = CrtCell { attacker_hits: 2, defender_hits: 3, printed_anomaly: false };
/// assert_eq!(adjust(cell, Superiority::Attacker, &Adjustments::default()),
///     ShockHits { attacker: 2, defender: 6 });
/// assert_eq!(adjust(cell, Superiority::Defender, &Adjustments::default()),
///     ShockHits { attacker: 6, defender: 3 });
/// ```
#[must_use]
pub fn adjust(cell: CrtCell, superiority: Superiority, adj: &Adjustments) -> ShockHits {
    let mut attacker = cell.attacker_hits;
    let mut defender = cell.defender_hits;
    match superiority {
        Superiority::None => {}
        Superiority::Attacker => {
            let k = if adj.double_depth_phalanx_flank_or_rear { 3 } else { 2 };
            defender = defender.saturating_mul(k);
        }
        Superiority::Defender => attacker = attacker.saturating_mul(3),
    }
    if adj.defender_skirmisher {
        attacker = half(attacker).min(1);
    }
    if adj.light_cavalry_vs_heavy_foot {
        defender = half(defender);
    }
    if adj.elephant_pass_through {
        defender = half(defender);
        attacker = attacker.saturating_sub(1);
    }
    ShockHits { attacker, defender }
}

/// The CRT result for `face` in `column` after `shift`, with `drm`, adjusted.
#[must_use]
pub fn resolve(
    crt: &ShockCrt,
    column: CrtColumn,
    shift: i32,
    drm: Drm,
    face: u8,
    superiority: Superiority,
    adj: &Adjustments,
) -> ShockHits {
    adjust(*crt.resolve(column, shift, face, drm), superiority, adj)
}

/// The exact distribution of adjusted results over the d10.
#[must_use]
pub fn shock_distribution(
    crt: &ShockCrt,
    column: CrtColumn,
    shift: i32,
    drm: Drm,
    superiority: Superiority,
    adj: &Adjustments,
) -> Distribution<ShockHits> {
    crt.distribution(column, shift, drm).map(|cell| adjust(cell, superiority, adj))
}

/// SPQR 8.7 (10.13 in Caesar's numbering): `hits` split as equally as possible
/// among `units`; the odd hits go first to the unit at `primary` (the one used
/// for superiority, then for the column), then in order.
///
/// ```
/// use gboh_standard::shock::allocate;
/// assert_eq!(allocate(5, 2, 1), vec![2, 3]);
/// assert_eq!(allocate(4, 3, 0), vec![2, 1, 1]);
/// assert_eq!(allocate(3, 0, 0), Vec::<u8>::new());
/// ```
#[must_use]
pub fn allocate(hits: u8, units: usize, primary: usize) -> Vec<u8> {
    let Ok(n) = u8::try_from(units) else { return Vec::new() };
    if n == 0 {
        return Vec::new();
    }
    let base = hits / n;
    let mut odd = hits % n;
    let mut out = vec![base; units];
    let primary = primary.min(units - 1);
    let order = core::iter::once(primary).chain((0..units).filter(|&i| i != primary));
    for i in order {
        if odd == 0 {
            break;
        }
        if let Some(h) = out.get_mut(i) {
            *h += 1;
            odd -= 1;
        }
    }
    out
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::tables::Tables;

    #[test]
    fn rule_8_7_adjustments() {
        let cell = CrtCell { attacker_hits: 3, defender_hits: 3, printed_anomaly: false };
        let dd = Adjustments { double_depth_phalanx_flank_or_rear: true, ..Adjustments::default() };
        assert_eq!(adjust(cell, Superiority::Attacker, &dd).defender, 9);
        let sk = Adjustments { defender_skirmisher: true, ..Adjustments::default() };
        assert_eq!(adjust(cell, Superiority::None, &sk).attacker, 1);
        let lc = Adjustments { light_cavalry_vs_heavy_foot: true, ..Adjustments::default() };
        assert_eq!(adjust(cell, Superiority::None, &lc), ShockHits { attacker: 3, defender: 1 });
        let el = Adjustments { elephant_pass_through: true, ..Adjustments::default() };
        assert_eq!(adjust(cell, Superiority::None, &el), ShockHits { attacker: 2, defender: 1 });
    }

    #[test]
    fn rule_8_7_distribution_sums_to_ten_faces() {
        let t = Tables::spqr().unwrap();
        let d = shock_distribution(
            &t.shock_crt,
            CrtColumn(7),
            0,
            Drm(0),
            Superiority::None,
            &Adjustments::default(),
        );
        assert_eq!(d.total(), 10);
        // Column 7: rows 0-1 3/2, 2-6 2/2, 7-8 2/3, 9 2/4.
        assert_eq!(d.chance(&ShockHits { attacker: 3, defender: 2 }).to_string(), "2/10");
        assert_eq!(d.chance(&ShockHits { attacker: 2, defender: 2 }).to_string(), "5/10");
        assert_eq!(d.chance(&ShockHits { attacker: 2, defender: 3 }).to_string(), "2/10");
        assert_eq!(d.chance(&ShockHits { attacker: 2, defender: 4 }).to_string(), "1/10");
    }
}
