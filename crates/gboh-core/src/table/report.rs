//! Reporting validation problems at their place in a RON file.
//!
//! Validation walks the raw definition, not the text, so it knows *which* row is
//! wrong (the 3rd `rolls`, the 2nd `attacker`) but not where it is. A [`Report`]
//! finds that place: it scans the RON text for the n-th field name or string
//! literal, skipping comments and other strings, then records the problem through
//! [`Problems`] so it carries file, line, column and item.

use crate::data::{DataError, Problems};

/// Collects the problems of one table file, located by field or string.
///
/// ```
/// use gboh_core::table::Report;
/// let text = "// rolls: here is a comment\n(rows: [(rolls: 1), (rolls: 2)])";
/// let mut report = Report::new("t.ron", text);
/// report.at_field("rolls 2", "rolls", 1, "9.42: gap");
/// assert_eq!(report.finish(()).unwrap_err().to_string(), "t.ron:2:22: rolls 2: 9.42: gap");
/// ```
#[derive(Debug)]
pub struct Report<'a> {
    file: &'a str,
    text: &'a str,
    problems: Problems<'a>,
    count: usize,
}

impl<'a> Report<'a> {
    /// A report for `file`, whose contents are `text`.
    #[must_use]
    pub fn new(file: &'a str, text: &'a str) -> Self {
        Report { file, text, problems: Problems::new(file, text), count: 0 }
    }

    /// How many problems have been recorded so far.
    #[must_use]
    pub fn count(&self) -> usize {
        self.count
    }

    /// Records a problem with `item` at the `nth` (0-based) occurrence of the
    /// field `field:` outside comments and strings; unlocated if there is none.
    pub fn at_field(
        &mut self,
        item: impl Into<String>,
        field: &str,
        nth: usize,
        message: impl Into<String>,
    ) {
        let offset = tokens(self.text)
            .filter(|t| t.kind == Kind::Field && t.text(self.text) == field)
            .nth(nth)
            .map(|t| t.start);
        self.record(item, field, offset, message);
    }

    /// Records a problem with `item` at the `occurrence`-th (0-based) string
    /// literal `"value"` that follows the `nth` occurrence of the field `field:`
    /// (e.g. the second `"CO"` in a header list).
    pub fn at_string_after_field(
        &mut self,
        item: impl Into<String>,
        field: &str,
        nth: usize,
        value: &str,
        occurrence: usize,
        message: impl Into<String>,
    ) {
        let text = self.text;
        let offset = tokens(text)
            .skip_while(|t| !(t.kind == Kind::Field && t.text(text) == field))
            .scan(0usize, |fields_seen, t| {
                if t.kind == Kind::Field && t.text(text) == field {
                    *fields_seen += 1;
                }
                Some((*fields_seen, t))
            })
            .filter(|(seen, t)| *seen == nth + 1 && t.kind == Kind::Str && t.inner(text) == value)
            .nth(occurrence)
            .map(|(_, t)| t.start);
        let needle = format!("\"{value}\"");
        self.record(item, &needle, offset, message);
    }

    /// Records a problem with `item` that has no single place in the file.
    pub fn unlocated(&mut self, item: impl Into<String>, message: impl Into<String>) {
        self.record(item, "", None, message);
    }

    /// `Ok(value)` when nothing was recorded, otherwise every problem in file order.
    ///
    /// # Errors
    /// The collected [`DataError`].
    pub fn finish<T>(self, value: T) -> Result<T, DataError> {
        self.problems.finish(value)
    }

    /// Like [`Report::finish`], for a validation that returned `None`: that always
    /// fails, with a generic problem if (against its contract) nothing was recorded.
    ///
    /// # Errors
    /// The collected [`DataError`].
    pub fn finish_option<T>(mut self, value: Option<T>) -> Result<T, DataError> {
        match value {
            Some(v) => self.finish(v),
            None => {
                if self.count == 0 {
                    self.unlocated("table", "validation failed without a reason");
                }
                match self.problems.finish(()) {
                    Err(e) => Err(e),
                    // Unreachable: a problem was recorded just above.
                    Ok(()) => Err(DataError { file: self.file.to_owned(), problems: Vec::new() }),
                }
            }
        }
    }

    fn record(
        &mut self,
        item: impl Into<String>,
        needle: &str,
        offset: Option<usize>,
        message: impl Into<String>,
    ) {
        self.count += 1;
        // Problems locates by the n-th raw occurrence of a needle: find which raw
        // occurrence our token is (comments and strings may hold earlier ones).
        let raw =
            offset.and_then(|off| self.text.match_indices(needle).position(|(i, _)| i == off));
        match raw {
            Some(n) => self.problems.at_nth(item, needle, n, message),
            None => self.problems.at(item, "", message),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// An identifier followed by `:`.
    Field,
    /// A string literal; `start` is its opening quote.
    Str,
}

#[derive(Debug, Clone, Copy)]
struct Token {
    kind: Kind,
    start: usize,
    end: usize,
}

impl Token {
    fn text<'t>(&self, text: &'t str) -> &'t str {
        text.get(self.start..self.end).unwrap_or("")
    }

    /// A string literal's contents, without its quotes.
    fn inner<'t>(&self, text: &'t str) -> &'t str {
        text.get(self.start + 1..self.end.saturating_sub(1)).unwrap_or("")
    }
}

/// The field names and string literals of a RON text, skipping comments.
///
/// A small scanner, not a parser: it only needs to tell code from comments and
/// strings, in a text that serde has already accepted.
fn tokens(text: &str) -> impl Iterator<Item = Token> + '_ {
    let bytes = text.as_bytes();
    let mut i = 0;
    core::iter::from_fn(move || {
        while let Some(&b) = bytes.get(i) {
            let next = bytes.get(i + 1).copied();
            match (b, next) {
                (b'/', Some(b'/')) => {
                    while bytes.get(i).is_some_and(|&c| c != b'\n') {
                        i += 1;
                    }
                }
                (b'/', Some(b'*')) => {
                    let mut depth = 0usize;
                    while let Some(&c) = bytes.get(i) {
                        match (c, bytes.get(i + 1).copied()) {
                            (b'/', Some(b'*')) => {
                                depth += 1;
                                i += 2;
                            }
                            (b'*', Some(b'/')) => {
                                depth = depth.saturating_sub(1);
                                i += 2;
                                if depth == 0 {
                                    break;
                                }
                            }
                            _ => i += 1,
                        }
                    }
                }
                (b'"', _) => {
                    let start = i;
                    i += 1;
                    while let Some(&c) = bytes.get(i) {
                        i += if c == b'\\' { 2 } else { 1 };
                        if c == b'"' {
                            break;
                        }
                    }
                    return Some(Token { kind: Kind::Str, start, end: i.min(bytes.len()) });
                }
                (b'\'', _) => {
                    // A char literal: skip it so a quote inside is not a string.
                    i += 1;
                    while let Some(&c) = bytes.get(i) {
                        i += if c == b'\\' { 2 } else { 1 };
                        if c == b'\'' {
                            break;
                        }
                    }
                }
                (b'r', Some(b'"' | b'#')) if !ident_before(bytes, i) => {
                    // A raw string r"..." or r#"..."#: skipped, since it never
                    // matches a quoted needle.
                    i += 1;
                    let mut hashes = 0;
                    while bytes.get(i) == Some(&b'#') {
                        hashes += 1;
                        i += 1;
                    }
                    if bytes.get(i) != Some(&b'"') {
                        continue;
                    }
                    i += 1;
                    while i < bytes.len() {
                        if bytes.get(i) == Some(&b'"')
                            && (1..=hashes).all(|k| bytes.get(i + k) == Some(&b'#'))
                        {
                            i += 1 + hashes;
                            break;
                        }
                        i += 1;
                    }
                }
                (c, _) if c.is_ascii_alphabetic() || c == b'_' => {
                    let start = i;
                    while bytes.get(i).is_some_and(|&c| c.is_ascii_alphanumeric() || c == b'_') {
                        i += 1;
                    }
                    let end = i;
                    let mut j = i;
                    while bytes.get(j).is_some_and(u8::is_ascii_whitespace) {
                        j += 1;
                    }
                    if bytes.get(j) == Some(&b':') {
                        return Some(Token { kind: Kind::Field, start, end });
                    }
                }
                (c, _) if c.is_ascii_digit() => {
                    // Numbers (including 1e5, 0x1F) are not identifiers.
                    while bytes.get(i).is_some_and(|&c| c.is_ascii_alphanumeric() || c == b'_') {
                        i += 1;
                    }
                }
                _ => i += 1,
            }
        }
        None
    })
}

fn ident_before(bytes: &[u8], i: usize) -> bool {
    i.checked_sub(1)
        .and_then(|p| bytes.get(p))
        .is_some_and(|&c| c.is_ascii_alphanumeric() || c == b'_')
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn fields(text: &str) -> Vec<&str> {
        tokens(text).filter(|t| t.kind == Kind::Field).map(|t| t.text(text)).collect()
    }

    #[test]
    fn skips_comments_strings_and_numbers() {
        let text = r##"( /* a: /* nested b: */ c: */ name: "x: y", // d: e
            rolls : (0x1F, 1e5), note: r#"raw: "q""#, c: 'x', )"##;
        assert_eq!(fields(text), ["name", "rolls", "note", "c"]);
    }

    #[test]
    fn locates_the_nth_field_past_a_comment() {
        let text = "// attacker: no\n(rows: [\n  (attacker: \"CO\"),\n  (attacker: \"XX\"),\n])";
        let mut report = Report::new("m.ron", text);
        report.at_field("XX", "attacker", 1, "unknown");
        report.at_string_after_field("CO", "attacker", 0, "CO", 0, "also");
        let err = report.finish(()).unwrap_err();
        assert_eq!(err.to_string(), "m.ron:3:14: CO: also\nm.ron:4:4: XX: unknown");
    }

    #[test]
    fn missing_places_are_unlocated_and_counted() {
        let mut report = Report::new("m.ron", "()");
        report.at_field("x", "nowhere", 0, "m");
        report.unlocated("y", "n");
        assert_eq!(report.count(), 2);
        let err = report.finish(()).unwrap_err();
        assert!(err.problems.iter().all(|p| p.pos.is_none()));
    }

    #[test]
    fn finish_option_never_succeeds_on_none() {
        let report = Report::new("m.ron", "()");
        let err = report.finish_option::<u8>(None).unwrap_err();
        assert_eq!(err.file, "m.ron");
        assert_eq!(err.problems.len(), 1);
    }
}
