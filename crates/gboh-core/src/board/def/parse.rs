//! The map file's text: where an item sits in it (line, column), the small
//! parsers of labels, hexsides and area entries, and the checks of hexside
//! features, walkways and grid layers that [`MapDef::build`](super::MapDef::build)
//! runs.

use hexx::Hex;

use super::super::grid::Board;
use super::super::hexside::{HexsideFeature, HexsideFeatures};
use super::super::label::{Label, LabelScheme};
use super::super::los::hex_line;
use super::super::works::HexWorks;
use crate::data::Problems;
use crate::facing::Direction;

/// Finds data-file positions of items.
pub(super) struct Locator<'t> {
    pub(super) text: &'t str,
}

impl Locator<'_> {
    /// Byte offset of the line that opens section `key` (`key:` at the start
    /// of a line, ignoring indentation), or 0.
    pub(super) fn section(&self, key: &str) -> usize {
        let mut offset = 0;
        for line in self.text.split_inclusive('\n') {
            let trimmed = line.trim_start();
            if trimmed.strip_prefix(key).is_some_and(|rest| rest.trim_start().starts_with(':')) {
                return offset + (line.len() - trimmed.len());
            }
            offset += line.len();
        }
        0
    }

    /// Byte offset of the contents of the first `"s"` at or after `from`.
    pub(super) fn quoted(&self, from: usize, s: &str) -> Option<usize> {
        let needle = format!("\"{s}\"");
        let rest = self.text.get(from..)?;
        rest.find(&needle).map(|i| from + i + 1)
    }
}

/// Records a problem at a byte offset of the text (at the item's first quoted
/// occurrence when the offset is unknown).
pub(super) fn report(
    problems: &mut Problems<'_>,
    text: &str,
    offset: Option<usize>,
    item: &str,
    message: impl Into<String>,
) {
    let located = offset.and_then(|off| {
        let c = text.get(off..)?.chars().next()?;
        let before = text.get(..off)?;
        Some((c, before.matches(c).count()))
    });
    match located {
        Some((c, n)) => problems.at_nth(item, c.encode_utf8(&mut [0; 4]), n, message),
        None => problems.item(item, message),
    }
}

/// Parses `"A/B"` into two adjacent hexes of the grid.
pub(super) fn parse_side(scheme: &LabelScheme, s: &str) -> Result<(Hex, Direction), String> {
    let (a, b) = s.split_once('/').ok_or("a hexside is written as two labels, \"A/B\"")?;
    let ha = on_grid(scheme, a)?;
    let hb = on_grid(scheme, b)?;
    let dir = Direction::between(ha, hb).ok_or_else(|| format!("{a} and {b} are not adjacent"))?;
    Ok((ha, dir))
}

/// Parses a label that must be on the grid.
pub(super) fn on_grid_label(scheme: &LabelScheme, s: &str) -> Result<Label, String> {
    let label: Label = s.parse().map_err(|e: super::super::label::LabelError| e.to_string())?;
    if scheme.contains_label(label) { Ok(label) } else { Err(format!("label {s} is off the map")) }
}

/// Parses a label that must be on the grid, into its hex.
pub(super) fn on_grid(scheme: &LabelScheme, s: &str) -> Result<Hex, String> {
    let label = on_grid_label(scheme, s)?;
    scheme.hex(label).ok_or_else(|| format!("label {s} is off the map"))
}

/// Parses an area entry: a label, an `A-B` row or an `A..B` block.
pub(super) fn parse_area_entry(scheme: &LabelScheme, s: &str) -> Result<Vec<Hex>, String> {
    if let Some((a, b)) = s.split_once("..") {
        let (la, lb) = (on_grid_label(scheme, a)?, on_grid_label(scheme, b)?);
        let (c0, c1) = (la.column().min(lb.column()), la.column().max(lb.column()));
        let (r0, r1) = (la.row().min(lb.row()), la.row().max(lb.row()));
        Ok((c0..=c1)
            .flat_map(|c| (r0..=r1).map(move |r| Label::new(scheme.prefix(), c, r)))
            .filter_map(|l| scheme.hex(l))
            .collect())
    } else if let Some((a, b)) = s.split_once('-') {
        let (ha, hb) = (on_grid(scheme, a)?, on_grid(scheme, b)?);
        let line = hex_line(ha, hb)
            .ok_or_else(|| format!("the row {s} runs along a hexspine: list its hexes"))?;
        if line.iter().all(|h| scheme.index(*h).is_some()) {
            Ok(line)
        } else {
            Err(format!("the row {s} leaves the map"))
        }
    } else {
        on_grid(scheme, s).map(|h| vec![h])
    }
}

/// The owner slot of a hexside, for duplicate detection: (index, NE/E/SE).
pub(super) fn canonical<W: HexWorks>(
    board: &Board<W>,
    hex: Hex,
    dir: Direction,
) -> (usize, Direction) {
    if dir.index() < 3 {
        (board.index(hex).unwrap_or(usize::MAX), dir)
    } else {
        (board.index(dir.neighbor(hex)).unwrap_or(usize::MAX), dir.opposite())
    }
}

/// What is wrong with a combination of hexside features, if anything.
pub(super) fn feature_fault(features: HexsideFeatures) -> Option<&'static str> {
    use HexsideFeature::{
        CampWall, Escarpment, FortWall, Gate, Pass, StoneWall, TownWall, Walkway,
    };
    if features.is_empty() {
        Some("a hexside group needs at least one feature")
    } else if features.contains(Walkway) {
        Some("walkways are listed under `walkways`, as chains of hexes")
    } else if features.contains(Gate)
        && !(features.contains(CampWall)
            || features.contains(FortWall)
            || features.contains(StoneWall)
            || features.contains(TownWall))
    {
        Some(
            "a Gate is a gap in a wall: list it with its CampWall, FortWall, StoneWall or TownWall",
        )
    } else if features.contains(Pass) && features.contains(Escarpment) {
        Some("a Pass is the gap in an escarpment; list it without Escarpment")
    } else {
        None
    }
}

/// The direction of a walkway from `a` to `b`, or what is wrong with it
/// ([`HexWorks::walkway`]).
pub(super) fn walkway_dir<W: HexWorks>(
    board: &Board<W>,
    a: Hex,
    b: Hex,
) -> Result<Direction, &'static str> {
    let dir = Direction::between(a, b).ok_or("the hexes of a walkway must be adjacent")?;
    let (wa, wb) = (board.works(a).unwrap_or_default(), board.works(b).unwrap_or_default());
    W::walkway(wa, wb).map(|()| dir)
}

/// Walks the lines of a grid layer (`map` or `elevation`): checks that every
/// column appears once, highest first, with one symbol per row, and calls `f`
/// with each hex's index and symbol; `f` returns a message for a bad symbol.
pub(super) fn each_symbol(
    problems: &mut Problems<'_>,
    loc: &Locator<'_>,
    key: &str,
    lines: &[String],
    scheme: &LabelScheme,
    mut f: impl FnMut(usize, char) -> Result<(), String>,
) {
    let text = loc.text;
    let section = loc.section(key);
    let mut cursor = section;
    let (first, last) = scheme.columns();
    let mut seen: Vec<u8> = Vec::new();
    let mut previous: Option<u8> = None;
    for line in lines {
        let at = loc.quoted(cursor, line);
        if let Some(at) = at {
            cursor = at + line.len();
        }
        let head = line.split_whitespace().next().unwrap_or("");
        let column = match head.parse::<u8>() {
            Ok(c) if (first..=last).contains(&c) => c,
            _ => {
                let msg = format!(
                    "a {key} line starts with its column number ({first}-{last}), not {head:?}"
                );
                report(problems, text, at, key, msg);
                continue;
            }
        };
        let item = format!("{key} column {column:02}");
        if seen.contains(&column) {
            report(problems, text, at, &item, "column listed twice");
            continue;
        }
        if previous.is_some_and(|p| column > p) {
            report(problems, text, at, &item, "columns run from the highest (top of the map) down");
        }
        seen.push(column);
        previous = Some(column);
        let start = line.find(head).map_or(0, |i| i + head.len());
        let symbols: Vec<(usize, char)> = line
            .get(start..)
            .unwrap_or("")
            .char_indices()
            .filter(|(_, c)| !c.is_whitespace())
            .map(|(i, c)| (start + i, c))
            .collect();
        let (row0, row1) = scheme.rows_of(column);
        let expected = scheme.column_len(column);
        if symbols.len() != expected {
            let msg = format!(
                "column {column:02} has {} hexes; rows {row0:02}-{row1:02} need {expected}",
                symbols.len()
            );
            report(problems, text, at, &item, msg);
            continue;
        }
        for ((byte, c), row) in symbols.into_iter().zip(row0..=row1) {
            let label = Label::new(scheme.prefix(), column, row);
            let Some(index) = scheme.hex(label).and_then(|h| scheme.index(h)) else {
                continue;
            };
            if let Err(msg) = f(index, c) {
                report(problems, text, at.map(|a| a + byte), &label.to_string(), msg);
            }
        }
    }
    for column in first..=last {
        if !seen.contains(&column) {
            let msg = format!("column {column:02} is missing");
            report(problems, text, Some(section), key, msg);
        }
    }
}
