//! Printed hex labels (`W3911`) and the grid layout that turns them into hexes.
//!
//! A GBoH map numbers its hexes with four digits, column then row, sometimes
//! after a map letter (Alesia's `W3911` is map W, column 39, row 11). The
//! columns form an offset grid: every other column is shifted half a hex toward
//! the higher rows. [`LabelScheme`] records that layout and converts labels to
//! hexx [`Hex`] coordinates and back; the rules work on hexes only, and labels
//! come back at the edge, in data files and messages (STYLE.md).
//!
//! ```
//! use gboh_core::board::{Label, LabelScheme, ShiftedColumns};
//! let scheme = LabelScheme::new(Some('W'), (1, 64), (1, 34), (1, 33), ShiftedColumns::Odd).unwrap();
//! let w3911: Label = "W3911".parse().unwrap();
//! let hex = scheme.hex(w3911).unwrap();
//! assert_eq!(scheme.label(hex), Some(w3911));
//! assert_eq!(w3911.to_string(), "W3911");
//! ```

use core::fmt;
use core::str::FromStr;
use hexx::{Hex, HexOrientation, OffsetHexMode};
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// A hex label as printed on a map: an optional map letter, then column and
/// row as two digits each (`W3911`, or `2023` on a map without a letter).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Label {
    prefix: Option<char>,
    column: u8,
    row: u8,
}

impl Label {
    /// A label from its parts. The prefix, when present, should be an ASCII
    /// capital letter; [`Label::from_str`] only accepts those.
    #[must_use]
    pub const fn new(prefix: Option<char>, column: u8, row: u8) -> Label {
        Label { prefix, column, row }
    }

    /// The map letter, if the map has one.
    #[must_use]
    pub const fn prefix(self) -> Option<char> {
        self.prefix
    }

    /// The printed column number (the first two digits).
    #[must_use]
    pub const fn column(self) -> u8 {
        self.column
    }

    /// The printed row number (the last two digits).
    #[must_use]
    pub const fn row(self) -> u8 {
        self.row
    }
}

impl fmt::Display for Label {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(p) = self.prefix {
            write!(f, "{p}")?;
        }
        write!(f, "{:02}{:02}", self.column, self.row)
    }
}

/// A string that is not a hex label.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("bad hex label {0:?}: expected an optional map letter and four digits, e.g. W3911")]
pub struct LabelError(pub String);

impl FromStr for Label {
    type Err = LabelError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || LabelError(s.to_owned());
        let mut chars = s.chars();
        let prefix = match s.chars().next() {
            Some(c) if c.is_ascii_uppercase() => {
                chars.next();
                Some(c)
            }
            _ => None,
        };
        let digits: Vec<u8> = chars
            .map(|c| c.to_digit(10).and_then(|d| u8::try_from(d).ok()))
            .collect::<Option<_>>()
            .ok_or_else(bad)?;
        match digits.as_slice() {
            [a, b, c, d] => Ok(Label { prefix, column: a * 10 + b, row: c * 10 + d }),
            _ => Err(bad()),
        }
    }
}

/// Which columns of an offset grid are shifted half a hex toward higher rows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ShiftedColumns {
    /// Odd-numbered columns are shifted (Alesia).
    Odd,
    /// Even-numbered columns are shifted.
    Even,
}

impl ShiftedColumns {
    const fn mode(self) -> OffsetHexMode {
        match self {
            ShiftedColumns::Odd => OffsetHexMode::Odd,
            ShiftedColumns::Even => OffsetHexMode::Even,
        }
    }

    const fn parity(self) -> u8 {
        match self {
            ShiftedColumns::Odd => 1,
            ShiftedColumns::Even => 0,
        }
    }
}

/// What is wrong with a grid layout.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SchemeError {
    /// The map letter is not an ASCII capital.
    #[error("the map letter must be one ASCII capital letter, not {0:?}")]
    Prefix(char),
    /// A range whose first number is above its last, or that starts at zero
    /// or goes past 99 (labels have two digits).
    #[error("{what} range {first}..={last} must satisfy 1 <= first <= last <= 99")]
    Range {
        /// `columns`, `rows` or `shifted_rows`.
        what: &'static str,
        /// First number.
        first: u8,
        /// Last number.
        last: u8,
    },
}

/// The layout of a map's labels: map letter, the printed column range, the
/// row range of unshifted and of shifted columns, and which columns are
/// shifted.
///
/// Labels map to hexx coordinates with
/// `Hex::from_offset_coordinates([column, row], mode, HexOrientation::Flat)`:
/// axial `x` is the column and grows with it, axial `y` grows with the row.
/// On the Alesia map columns grow northward and rows eastward, so
/// [`Direction::NE`](crate::facing::Direction::NE) (`x + 1`) is north-east
/// on the printed map (drawn north up, pointy-top).
///
/// Hexes are numbered densely, column by column from the first column and row
/// by row within a column: [`LabelScheme::index`] is O(1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct LabelScheme {
    prefix: Option<char>,
    columns: (u8, u8),
    rows: (u8, u8),
    shifted_rows: (u8, u8),
    shifted: ShiftedColumns,
}

impl LabelScheme {
    /// A layout; ranges are inclusive.
    ///
    /// # Errors
    /// [`SchemeError`] if the prefix is not a capital letter or a range is
    /// empty or outside 1..=99.
    pub fn new(
        prefix: Option<char>,
        columns: (u8, u8),
        rows: (u8, u8),
        shifted_rows: (u8, u8),
        shifted: ShiftedColumns,
    ) -> Result<LabelScheme, SchemeError> {
        if let Some(p) = prefix.filter(|p| !p.is_ascii_uppercase()) {
            return Err(SchemeError::Prefix(p));
        }
        for (what, (first, last)) in
            [("columns", columns), ("rows", rows), ("shifted_rows", shifted_rows)]
        {
            if first == 0 || first > last || last > 99 {
                return Err(SchemeError::Range { what, first, last });
            }
        }
        Ok(LabelScheme { prefix, columns, rows, shifted_rows, shifted })
    }

    /// The map letter.
    #[must_use]
    pub const fn prefix(&self) -> Option<char> {
        self.prefix
    }

    /// First and last printed column.
    #[must_use]
    pub const fn columns(&self) -> (u8, u8) {
        self.columns
    }

    /// Which columns are shifted.
    #[must_use]
    pub const fn shifted(&self) -> ShiftedColumns {
        self.shifted
    }

    /// Whether `column` is shifted half a hex toward the higher rows.
    #[must_use]
    pub const fn is_shifted(&self, column: u8) -> bool {
        column % 2 == self.shifted.parity()
    }

    /// First and last row of `column` (whether or not the column is on the map).
    #[must_use]
    pub const fn rows_of(&self, column: u8) -> (u8, u8) {
        if self.is_shifted(column) { self.shifted_rows } else { self.rows }
    }

    /// Number of hexes in `column` (whether or not the column is on the map).
    #[must_use]
    pub const fn column_len(&self, column: u8) -> usize {
        let (first, last) = self.rows_of(column);
        (last - first) as usize + 1
    }

    /// Number of hexes on the map.
    #[must_use]
    pub const fn len(&self) -> usize {
        self.base(self.columns.1 as usize + 1)
    }

    /// Never true: a valid layout has at least one hex.
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Index of the first hex of `column` (columns at or after the first).
    const fn base(&self, column: usize) -> usize {
        // How many of the columns first..column are shifted.
        const fn count(n: usize, parity: usize) -> usize {
            (n + 1 - parity) / 2
        }
        let first = self.columns.0 as usize;
        let parity = self.shifted.parity() as usize;
        let shifted = count(column, parity) - count(first, parity);
        let unshifted = (column - first) - shifted;
        shifted * (self.shifted_rows.1 - self.shifted_rows.0 + 1) as usize
            + unshifted * (self.rows.1 - self.rows.0 + 1) as usize
    }

    /// Whether `label` names a hex of this map.
    #[must_use]
    pub fn contains_label(&self, label: Label) -> bool {
        let (first, last) = self.rows_of(label.column);
        label.prefix == self.prefix
            && (self.columns.0..=self.columns.1).contains(&label.column)
            && (first..=last).contains(&label.row)
    }

    /// The hex a label names, if it is on the map.
    #[must_use]
    pub fn hex(&self, label: Label) -> Option<Hex> {
        self.contains_label(label).then(|| {
            Hex::from_offset_coordinates(
                [i32::from(label.column), i32::from(label.row)],
                self.shifted.mode(),
                HexOrientation::Flat,
            )
        })
    }

    /// The printed label of a hex, if it is on the map.
    #[must_use]
    pub fn label(&self, hex: Hex) -> Option<Label> {
        // Labels are two-digit: a hex this far out is on no map, and near
        // i32's limits hexx's offset conversion would overflow.
        if hex.x.unsigned_abs() > 1 << 16 || hex.y.unsigned_abs() > 1 << 16 {
            return None;
        }
        let [column, row] = hex.to_offset_coordinates(self.shifted.mode(), HexOrientation::Flat);
        let label = Label {
            prefix: self.prefix,
            column: u8::try_from(column).ok()?,
            row: u8::try_from(row).ok()?,
        };
        self.contains_label(label).then_some(label)
    }

    /// The dense index of a hex (0..[`len`](Self::len)), if it is on the map.
    #[must_use]
    pub fn index(&self, hex: Hex) -> Option<usize> {
        let label = self.label(hex)?;
        let (first_row, _) = self.rows_of(label.column);
        Some(self.base(label.column as usize) + (label.row - first_row) as usize)
    }

    /// Every hex of the map in index order.
    pub fn hexes(&self) -> impl Iterator<Item = Hex> + '_ {
        (self.columns.0..=self.columns.1).flat_map(move |column| {
            let (first, last) = self.rows_of(column);
            (first..=last).filter_map(move |row| self.hex(Label::new(self.prefix, column, row)))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn alesia() -> LabelScheme {
        LabelScheme::new(Some('W'), (1, 64), (1, 34), (1, 33), ShiftedColumns::Odd).unwrap()
    }

    #[test]
    fn labels_parse_and_print_as_on_the_map() {
        let l: Label = "W3911".parse().unwrap();
        assert_eq!((l.prefix(), l.column(), l.row()), (Some('W'), 39, 11));
        assert_eq!(l.to_string(), "W3911");
        let bare: Label = "0507".parse().unwrap();
        assert_eq!(bare.to_string(), "0507");
        for bad in ["", "W", "W391", "W39111", "w3911", "WW3911", "W39a1", "W-391"] {
            assert!(bad.parse::<Label>().is_err(), "{bad}");
        }
    }

    #[test]
    fn index_is_dense_and_in_hex_order() {
        let s = alesia();
        assert_eq!(s.len(), 32 * 34 + 32 * 33);
        for (i, hex) in s.hexes().enumerate() {
            assert_eq!(s.index(hex), Some(i));
        }
    }

    #[test]
    fn off_map_labels_have_no_hex() {
        let s = alesia();
        for bad in ["W0001", "W6501", "W3934", "W3734", "W3835", "W3900", "E3911", "3911"] {
            let l: Label = bad.parse().unwrap();
            assert_eq!(s.hex(l), None, "{bad}");
        }
        assert!(s.hex("W3834".parse().unwrap()).is_some());
        assert!(s.hex("W3733".parse().unwrap()).is_some());
        assert!(s.hex("W4034".parse().unwrap()).is_some());
    }

    #[test]
    fn bad_layouts_are_rejected() {
        assert!(LabelScheme::new(Some('w'), (1, 2), (1, 2), (1, 2), ShiftedColumns::Odd).is_err());
        assert!(LabelScheme::new(None, (0, 2), (1, 2), (1, 2), ShiftedColumns::Odd).is_err());
        assert!(LabelScheme::new(None, (3, 2), (1, 2), (1, 2), ShiftedColumns::Odd).is_err());
        assert!(LabelScheme::new(None, (1, 2), (1, 100), (1, 2), ShiftedColumns::Odd).is_err());
    }

    #[test]
    fn even_shifted_layouts_index_densely_too() {
        let s = LabelScheme::new(None, (2, 9), (1, 5), (2, 4), ShiftedColumns::Even).unwrap();
        assert_eq!(s.len(), 4 * 3 + 4 * 5);
        for (i, hex) in s.hexes().enumerate() {
            assert_eq!(s.index(hex), Some(i));
            assert_eq!(s.label(hex).and_then(|l| s.hex(l)), Some(hex));
        }
    }
}
