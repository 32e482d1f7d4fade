//! Die-roll modifiers, modified rolls, and ranges of rolls and faces (Alesia 2.3, 2.4).

use core::fmt;
use core::iter::Sum;
use core::ops::{Add, AddAssign, Neg};
use serde::{Deserialize, Serialize};

use super::report::Report;
use crate::dice::Die;

/// A die-roll modifier (Alesia 2.4 "DRM"), added to the face rolled.
///
/// Sums saturate rather than overflow, whatever a data file holds.
///
/// ```
/// use gboh_core::table::Drm;
/// // Alesia 9.22: -3 rampart, +3 units, +1 TQ, -2 weapon system.
/// let total: Drm = [Drm(-3), Drm(3), Drm(1), Drm(-2)].into_iter().sum();
/// assert_eq!(total, Drm(-1));
/// assert_eq!(total.to_string(), "-1");
/// assert_eq!(Drm(3).to_string(), "+3");
/// ```
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Drm(pub i32);

impl Drm {
    /// No modifier.
    pub const ZERO: Drm = Drm(0);
}

impl Add for Drm {
    type Output = Drm;
    fn add(self, rhs: Drm) -> Drm {
        Drm(self.0.saturating_add(rhs.0))
    }
}

impl AddAssign for Drm {
    fn add_assign(&mut self, rhs: Drm) {
        *self = *self + rhs;
    }
}

impl Neg for Drm {
    type Output = Drm;
    fn neg(self) -> Drm {
        Drm(self.0.saturating_neg())
    }
}

impl Sum for Drm {
    fn sum<I: Iterator<Item = Drm>>(iter: I) -> Drm {
        iter.fold(Drm::ZERO, Add::add)
    }
}

impl fmt::Display for Drm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 == 0 { f.write_str("0") } else { write!(f, "{:+}", self.0) }
    }
}

/// A face plus its modifiers: what a table is read with.
///
/// It may fall outside the die's faces; each table says what happens then
/// (single-column tables clamp it to their printed range, Alesia 9.42; threshold tables
/// compare it as it is, 8.16).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct ModifiedRoll(pub i32);

impl ModifiedRoll {
    /// `face` modified by `drm`.
    #[must_use]
    pub fn new(face: u8, drm: Drm) -> Self {
        ModifiedRoll(i32::from(face).saturating_add(drm.0))
    }
}

impl fmt::Display for ModifiedRoll {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// An inclusive range of modified rolls: a row of a single-column table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct RollRange {
    low: i32,
    high: i32,
}

impl RollRange {
    /// `low..=high`, or `None` if it runs backwards.
    #[must_use]
    pub const fn new(low: i32, high: i32) -> Option<Self> {
        if low <= high { Some(RollRange { low, high }) } else { None }
    }

    /// The lowest roll in the range.
    #[must_use]
    pub const fn low(self) -> i32 {
        self.low
    }

    /// The highest roll in the range.
    #[must_use]
    pub const fn high(self) -> i32 {
        self.high
    }

    /// Whether `roll` is in the range.
    #[must_use]
    pub const fn contains(self, roll: i32) -> bool {
        self.low <= roll && roll <= self.high
    }

    /// `roll` moved into the range (the table's "or less" / "or more" ends).
    #[must_use]
    pub const fn clamp(self, roll: i32) -> i32 {
        if roll < self.low {
            self.low
        } else if roll > self.high {
            self.high
        } else {
            roll
        }
    }
}

impl fmt::Display for RollRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.low == self.high, self.low < 0) {
            (true, _) => write!(f, "{}", self.low),
            (false, false) => write!(f, "{}-{}", self.low, self.high),
            (false, true) => write!(f, "{} to {}", self.low, self.high),
        }
    }
}

/// An inclusive range of unmodified faces of one die (Alesia 5.63 "a dieroll of 0-6").
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct FaceRange {
    low: u8,
    high: u8,
}

impl FaceRange {
    /// Faces `low..=high` of `die`.
    ///
    /// # Errors
    /// A lower-case message if the range runs backwards or a face is not on the die.
    pub fn new(die: Die, low: i32, high: i32) -> Result<Self, String> {
        let on_die = |v: i32| u8::try_from(v).ok().filter(|f| (die.min()..=die.max()).contains(f));
        match (on_die(low), on_die(high)) {
            (Some(l), Some(h)) if l <= h => Ok(FaceRange { low: l, high: h }),
            (Some(_), Some(_)) => Err(format!("faces {low}-{high} run backwards")),
            _ => Err(format!(
                "faces {low}-{high} are out of range: a {die:?} reads {}-{}",
                die.min(),
                die.max()
            )),
        }
    }

    /// The lowest face.
    #[must_use]
    pub const fn low(self) -> u8 {
        self.low
    }

    /// The highest face.
    #[must_use]
    pub const fn high(self) -> u8 {
        self.high
    }

    /// Whether `face` is in the range.
    #[must_use]
    pub const fn contains(self, face: u8) -> bool {
        self.low <= face && face <= self.high
    }
}

impl fmt::Display for FaceRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.low == self.high {
            write!(f, "{}", self.low)
        } else {
            write!(f, "{}-{}", self.low, self.high)
        }
    }
}

/// Checks that `rows` (as written, `(low, high)`, in file order) tile `printed`
/// with no gap, overlap or duplicate, reporting each problem at the row's
/// `field` (the `first_index + i`-th occurrence). Returns each row's range, or
/// `None` for a row whose range is itself broken.
pub(crate) fn check_tiling(
    report: &mut Report<'_>,
    rule: &str,
    printed: Option<RollRange>,
    rows: &[(i32, i32)],
    field: &str,
    first_index: usize,
) -> Vec<Option<RollRange>> {
    let mut out = Vec::with_capacity(rows.len());
    let mut previous: Option<RollRange> = None;
    let mut next_expected = printed.map(RollRange::low);
    for (i, &(low, high)) in rows.iter().enumerate() {
        let nth = first_index + i;
        let item = if low == high { format!("rolls {low}") } else { format!("rolls {low}-{high}") };
        let Some(range) = RollRange::new(low, high) else {
            report.at_field(item, field, nth, format!("{rule}: rolls {low}-{high} run backwards"));
            out.push(None);
            continue;
        };
        if let Some(p) = printed
            && (!p.contains(low) || !p.contains(high))
        {
            report.at_field(
                item.clone(),
                field,
                nth,
                format!("{rule}: rolls {range} are out of the printed range {p}"),
            );
        }
        match (previous, next_expected) {
            (Some(prev), _) if prev == range => report.at_field(
                item,
                field,
                nth,
                format!("{rule}: duplicated row: rolls {range} are already listed"),
            ),
            (_, Some(expected)) if low > expected => report.at_field(
                item,
                field,
                nth,
                format!("{rule}: gap: no row for modified roll {}", gap(expected, low - 1)),
            ),
            (Some(prev), Some(expected)) if low < expected => report.at_field(
                item,
                field,
                nth,
                format!("{rule}: rolls {range} overlap the row before (rolls {prev})"),
            ),
            _ => {}
        }
        next_expected = Some(high.saturating_add(1));
        previous = Some(range);
        out.push(Some(range));
    }
    if let (Some(p), Some(expected)) = (printed, next_expected)
        && expected <= p.high()
        && let Some(&(l, h)) = rows.last()
    {
        let item = if l == h { format!("rolls {l}") } else { format!("rolls {l}-{h}") };
        report.at_field(
            item,
            field,
            first_index + rows.len() - 1,
            format!("{rule}: gap: no row for modified roll {}", gap(expected, p.high())),
        );
    }
    out
}

fn gap(low: i32, high: i32) -> String {
    if low == high { format!("{low}") } else { format!("{low}-{high}") }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn rule_2_3_modified_rolls_start_from_the_face() {
        assert_eq!(ModifiedRoll::new(5, Drm(-1)), ModifiedRoll(4));
        assert_eq!(ModifiedRoll::new(0, Drm(i32::MIN)), ModifiedRoll(i32::MIN));
        assert_eq!(Drm(i32::MAX) + Drm(1), Drm(i32::MAX));
        assert_eq!(-Drm(i32::MIN), Drm(i32::MAX));
    }

    #[test]
    fn ranges_clamp_and_print() {
        let r = RollRange::new(0, 10).unwrap();
        assert_eq!((r.clamp(-4), r.clamp(5), r.clamp(13)), (0, 5, 10));
        assert!(RollRange::new(3, 2).is_none());
        assert_eq!(RollRange::new(-2, 1).unwrap().to_string(), "-2 to 1");
        assert_eq!(RollRange::new(4, 4).unwrap().to_string(), "4");
    }

    #[test]
    fn face_ranges_stay_on_the_die() {
        assert_eq!(FaceRange::new(Die::D10, 0, 8).unwrap().to_string(), "0-8");
        assert!(FaceRange::new(Die::D10, 0, 10).unwrap_err().contains("out of range"));
        assert!(FaceRange::new(Die::D10, -1, 3).unwrap_err().contains("out of range"));
        assert!(FaceRange::new(Die::D6, 0, 3).is_err());
        assert!(FaceRange::new(Die::D10, 5, 4).unwrap_err().contains("backwards"));
    }

    fn tiling(rows: &[(i32, i32)]) -> Vec<String> {
        let text = rows.iter().map(|r| format!("(rolls: {r:?}),\n")).collect::<String>();
        let mut report = Report::new("t.ron", &text);
        check_tiling(&mut report, "9.42", RollRange::new(0, 9), rows, "rolls", 0);
        match report.finish(()) {
            Ok(()) => Vec::new(),
            Err(e) => e.to_string().lines().map(str::to_owned).collect(),
        }
    }

    #[test]
    fn tiling_reports_gaps_overlaps_duplicates_and_ends() {
        assert!(tiling(&[(0, 4), (5, 9)]).is_empty());
        assert_eq!(
            tiling(&[(0, 3), (5, 9)]),
            ["t.ron:2:2: rolls 5-9: 9.42: gap: no row for modified roll 4"]
        );
        assert_eq!(
            tiling(&[(0, 5), (5, 9)]),
            ["t.ron:2:2: rolls 5-9: 9.42: rolls 5-9 overlap the row before (rolls 0-5)"]
        );
        assert_eq!(
            tiling(&[(0, 4), (0, 4), (5, 9)]),
            ["t.ron:2:2: rolls 0-4: 9.42: duplicated row: rolls 0-4 are already listed"]
        );
        assert_eq!(
            tiling(&[(1, 9)]),
            ["t.ron:1:2: rolls 1-9: 9.42: gap: no row for modified roll 0"]
        );
        assert_eq!(
            tiling(&[(0, 7)]),
            ["t.ron:1:2: rolls 0-7: 9.42: gap: no row for modified roll 8-9"]
        );
        assert_eq!(
            tiling(&[(0, 4), (6, 5), (5, 9)]),
            ["t.ron:2:2: rolls 6-5: 9.42: rolls 6-5 run backwards"]
        );
        assert_eq!(
            tiling(&[(0, 4), (5, 12)]),
            ["t.ron:2:2: rolls 5-12: 9.42: rolls 5-12 are out of the printed range 0-9"]
        );
    }
}
