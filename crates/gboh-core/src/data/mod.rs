//! The data layer: RON files parsed into raw `...Def` types, then validated.
//!
//! Every data file (tables, counters, maps, scenarios) goes through two steps:
//! [`parse_ron`] reads the text into a raw serde type that mirrors the file (all
//! raw types use `deny_unknown_fields`), and a `TryFrom`-style validation turns it
//! into the type the rules use, collecting *every* problem with a [`Problems`]
//! collector rather than stopping at the first. Both steps report a
//! [`DataError`] that names the file, the line and column, and the item.
//!
//! ```
//! use gboh_core::data::{parse_ron, Provenance};
//! #[derive(Debug, serde::Deserialize)]
//! #[serde(deny_unknown_fields)]
//! struct Def { value: u8, provenance: Provenance }
//! let err = parse_ron::<Def>("demo.ron", "(value: 3, colour: 1)").unwrap_err();
//! assert!(err.to_string().starts_with("demo.ron:1:"), "{err}");
//! let ok: Def = parse_ron("demo.ron", "(value: 3, provenance: Printed(\"9.22\"))").unwrap();
//! assert_eq!(ok.provenance, Provenance::Printed("9.22".into()));
//! ```

mod provenance;

pub use provenance::Provenance;

use core::fmt;
use serde::de::DeserializeOwned;
use thiserror::Error;

/// A line and column in a data file, both 1-based.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SourcePos {
    /// 1-based line.
    pub line: usize,
    /// 1-based column (in characters).
    pub column: usize,
}

impl fmt::Display for SourcePos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.column)
    }
}

/// One problem found in a data file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// Where in the file, when it could be located.
    pub pos: Option<SourcePos>,
    /// The item at fault (a unit id, a hex label, a table name, ...).
    pub item: String,
    /// What is wrong, lower-case, citing the rule where one applies.
    pub message: String,
}

/// Everything wrong with one data file.
///
/// Displays one line per problem: `file:line:column: item: message`.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub struct DataError {
    /// The file (or embedded name) that was loaded.
    pub file: String,
    /// Every problem found, in file order where known. Never empty.
    pub problems: Vec<Problem>,
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.problems.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            match p.pos {
                Some(pos) => write!(f, "{}:{}: {}: {}", self.file, pos, p.item, p.message)?,
                None => write!(f, "{}: {}: {}", self.file, p.item, p.message)?,
            }
        }
        Ok(())
    }
}

/// Parses RON text into a raw definition type.
///
/// # Errors
/// A [`DataError`] with the position of the syntax or type error, naming the
/// file; the item is `syntax`.
pub fn parse_ron<T: DeserializeOwned>(file: &str, text: &str) -> Result<T, DataError> {
    ron::Options::default().from_str(text).map_err(|e| DataError {
        file: file.to_owned(),
        problems: vec![Problem {
            pos: Some(SourcePos { line: e.span.start.line, column: e.span.start.col }),
            item: "syntax".to_owned(),
            message: e.code.to_string(),
        }],
    })
}

/// Finds the first occurrence of `needle` in `text`, as a 1-based position.
#[must_use]
pub fn locate(text: &str, needle: &str) -> Option<SourcePos> {
    if needle.is_empty() {
        return None;
    }
    let offset = text.find(needle)?;
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = before[line_start..].chars().count() + 1;
    Some(SourcePos { line, column })
}

/// Collects validation problems for one file, locating each item in the text.
///
/// ```
/// use gboh_core::data::Problems;
/// let text = "[\n  (id: \"a\"),\n  (id: \"a\"),\n]";
/// let mut problems = Problems::new("units.ron", text);
/// problems.at_nth("a", "\"a\"", 1, "duplicated id");
/// let err = problems.finish(()).unwrap_err();
/// assert_eq!(err.to_string(), "units.ron:3:8: a: duplicated id");
/// ```
#[derive(Debug)]
pub struct Problems<'a> {
    file: &'a str,
    text: &'a str,
    found: Vec<Problem>,
}

impl<'a> Problems<'a> {
    /// A collector for `file`, whose contents are `text`.
    #[must_use]
    pub fn new(file: &'a str, text: &'a str) -> Self {
        Problems { file, text, found: Vec::new() }
    }

    /// Records a problem with `item`, located at the first occurrence of `needle`.
    pub fn at(&mut self, item: impl Into<String>, needle: &str, message: impl Into<String>) {
        self.at_nth(item, needle, 0, message);
    }

    /// Records a problem located at the `n`th (0-based) occurrence of `needle`.
    pub fn at_nth(
        &mut self,
        item: impl Into<String>,
        needle: &str,
        n: usize,
        message: impl Into<String>,
    ) {
        let pos = nth_offset(self.text, needle, n)
            .and_then(|off| locate(&self.text[off..], needle).map(|_| offset_pos(self.text, off)));
        self.found.push(Problem { pos, item: item.into(), message: message.into() });
    }

    /// Records a problem with `item`, located at the first `needle` after the
    /// `occurrence`th (0-based) `anchor`: the item's own declaration (e.g.
    /// `id: "Roscius"`), so that the problem is reported on the line of the
    /// item it belongs to even when the needle also occurs earlier in the
    /// file. With no such anchor, the first `needle` in the file.
    ///
    /// ```
    /// use gboh_core::data::Problems;
    /// let text = "a: (x: 1),\nb: (x: 1),\n";
    /// let mut p = Problems::new("t.ron", text);
    /// p.after("b", ("b:", 0), "x: 1", "too small");
    /// assert!(p.finish(()).unwrap_err().to_string().contains("t.ron:2:5"));
    /// ```
    pub fn after(
        &mut self,
        item: impl Into<String>,
        (anchor, occurrence): (&str, usize),
        needle: &str,
        message: impl Into<String>,
    ) {
        let start = self.text.match_indices(anchor).nth(occurrence).map_or(0, |(i, _)| i);
        let before = self.text.get(..start).map_or(0, |t| t.matches(needle).count());
        self.at_nth(item, needle, before, message);
    }

    /// Records a problem with `item`, located at the first occurrence of the item's
    /// own text quoted (`"item"`), or of the bare item when it is not quoted.
    pub fn item(&mut self, item: impl Into<String>, message: impl Into<String>) {
        let item = item.into();
        let quoted = format!("\"{item}\"");
        let needle = if self.text.contains(&quoted) { quoted } else { item.clone() };
        self.at(item, &needle, message);
    }

    /// Whether any problem has been recorded.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.found.is_empty()
    }

    /// `Ok(value)` when no problem was recorded, otherwise every problem, in
    /// file order.
    ///
    /// # Errors
    /// The collected [`DataError`].
    pub fn finish<T>(mut self, value: T) -> Result<T, DataError> {
        if self.found.is_empty() {
            return Ok(value);
        }
        self.found.sort_by_key(|p| p.pos.map_or((usize::MAX, 0), |s| (s.line, s.column)));
        Err(DataError { file: self.file.to_owned(), problems: self.found })
    }
}

fn nth_offset(text: &str, needle: &str, n: usize) -> Option<usize> {
    if needle.is_empty() {
        return None;
    }
    text.match_indices(needle).nth(n).map(|(i, _)| i)
}

fn offset_pos(text: &str, offset: usize) -> SourcePos {
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    SourcePos { line, column: before[line_start..].chars().count() + 1 }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locate_counts_lines_and_columns_from_one() {
        let text = "a\nbc \"x\"\n";
        assert_eq!(locate(text, "\"x\""), Some(SourcePos { line: 2, column: 4 }));
        assert_eq!(locate(text, "zz"), None);
    }

    #[test]
    fn problems_are_reported_in_file_order_with_unlocated_last() {
        let text = "one\ntwo\nthree";
        let mut p = Problems::new("f.ron", text);
        p.item("three", "bad");
        p.item("nowhere", "missing");
        p.item("one", "bad too");
        let err = p.finish(()).unwrap_err();
        let lines: Vec<String> = err.to_string().lines().map(str::to_owned).collect();
        assert_eq!(
            lines,
            ["f.ron:1:1: one: bad too", "f.ron:3:1: three: bad", "f.ron: nowhere: missing"]
        );
    }

    #[test]
    fn syntax_errors_name_file_line_and_column() {
        let err = parse_ron::<Vec<u8>>("t.ron", "[1,\n 2,\n x]").unwrap_err();
        assert_eq!(err.problems.len(), 1);
        assert_eq!(err.problems[0].pos.map(|p| p.line), Some(3));
        assert!(err.to_string().starts_with("t.ron:3:"), "{err}");
    }
}
