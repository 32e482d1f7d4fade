//! A RON text with every hex written as its printed map label (`"W3911"`)
//! instead of hexx coordinates (`(x:53,y:-14)`), and back: the form of the
//! action logs and saves a person reads and edits (issue 16). The
//! transformation is textual, so it serves any game's RON: a hex outside a
//! string literal becomes its label when the label reads back to it; a
//! string literal that parses as a label becomes the hex again.
//!
//! ```
//! use gboh_core::board::Board;
//! use gboh_core::board::labelled::{hexes_for_labels, labels_for_hexes};
//! let text = r#"(
//!     name: "Demo", provenance: Reconstructed,
//!     grid: (prefix: "D", columns: (1, 2), rows: (1, 3), shifted_rows: (1, 2), shifted: Odd),
//!     legend: [(symbol: '.', terrain: Clear)],
//!     map: ["2 . . .", "1  . ."],
//!     elevation: ["2 0 0 0", "1  0 0"],
//! )"#;
//! let board: Board = Board::from_ron("demo.ron", text).unwrap();
//! let h = board.hex_of("D0202").unwrap();
//! let ron = format!("Move(to:(x:{},y:{}),note:\"D0202 stays a string\")", h.x, h.y);
//! let labelled = labels_for_hexes(&board, &ron);
//! assert_eq!(labelled, r#"Move(to:"D0202",note:"D0202 stays a string")"#);
//! // Back: every label-shaped string on the map is a hex again.
//! let back = hexes_for_labels(&board, r#"Move(to:"D0202")"#).unwrap();
//! assert_eq!(back, format!("Move(to:(x:{},y:{}))", h.x, h.y));
//! assert!(hexes_for_labels(&board, r#"Move(to:"D0909")"#).unwrap_err().starts_with("D0909 is not a hex"));
//! ```

use hexx::Hex;

use super::{Board, HexWorks, Label};

/// Replaces every hexx hex `(x:53,y:-14)` outside a string with its label
/// `"W5314"`, when the hex has one that reads back to it.
pub fn labels_for_hexes<W: HexWorks>(board: &Board<W>, ron: &str) -> String {
    let mut out = String::with_capacity(ron.len());
    let mut rest = ron;
    while let Some(c) = rest.chars().next() {
        if c == '"' {
            let len = string_len(rest);
            out.push_str(rest.get(..len).unwrap_or(rest));
            rest = rest.get(len..).unwrap_or("");
            continue;
        }
        if let Some((h, len)) = parse_ron_hex(rest)
            && let Some(label) = board.label(h)
            && board.hex(&label) == Some(h)
        {
            out.push('"');
            out.push_str(&label.to_string());
            out.push('"');
            rest = rest.get(len..).unwrap_or("");
            continue;
        }
        out.push(c);
        rest = rest.get(c.len_utf8()..).unwrap_or("");
    }
    out
}

/// Replaces every string that is a hex label with the hex's coordinates;
/// a label-shaped string that is not on the map is an error.
pub fn hexes_for_labels<W: HexWorks>(board: &Board<W>, ron: &str) -> Result<String, String> {
    let mut out = String::with_capacity(ron.len());
    let mut rest = ron;
    while let Some(c) = rest.chars().next() {
        if c == '"' {
            let len = string_len(rest);
            let literal = rest.get(..len).unwrap_or(rest);
            let inner = literal.strip_prefix('"').and_then(|s| s.strip_suffix('"'));
            match inner.and_then(|s| s.parse::<Label>().ok()) {
                Some(label) => {
                    let h = board.hex(&label).ok_or_else(|| {
                        format!("{label} is not a hex of this map ({})", board.name())
                    })?;
                    out.push_str(&format!("(x:{},y:{})", h.x, h.y));
                }
                None => out.push_str(literal),
            }
            rest = rest.get(len..).unwrap_or("");
            continue;
        }
        out.push(c);
        rest = rest.get(c.len_utf8()..).unwrap_or("");
    }
    Ok(out)
}

/// The length of the RON string literal at the start of `s` (which starts
/// with `"`), closing quote included; the rest of `s` if it is unterminated.
fn string_len(s: &str) -> usize {
    let mut escaped = false;
    for (i, c) in s.char_indices().skip(1) {
        if escaped {
            escaped = false;
        } else if c == '\\' {
            escaped = true;
        } else if c == '"' {
            return i + 1;
        }
    }
    s.len()
}

/// A hex as RON writes a hexx [`Hex`], `(x:53,y:-14)` (or pretty-printed on
/// one line, `(x: 53, y: -14)`), and its length.
fn parse_ron_hex(s: &str) -> Option<(Hex, usize)> {
    let body = s.strip_prefix("(x:")?;
    let (x, after) = body.split_once(',')?;
    let after_y = after.trim_start_matches(' ').strip_prefix("y:")?;
    let (y, _) = after_y.split_once(')')?;
    let spaces = after.len() - after.trim_start_matches(' ').len();
    let len = "(x:".len() + x.len() + 1 + spaces + "y:".len() + y.len() + 1;
    Some((Hex::new(x.trim().parse().ok()?, y.trim().parse().ok()?), len))
}

#[cfg(test)]
mod tests {
    use super::{parse_ron_hex, string_len};
    use hexx::Hex;

    #[test]
    fn ron_hexes_and_strings_are_measured_exactly() {
        assert_eq!(parse_ron_hex("(x:53,y:-14)),"), Some((Hex::new(53, -14), 12)));
        assert_eq!(parse_ron_hex("(x: 53, y: -14)),"), Some((Hex::new(53, -14), 15)));
        assert_eq!(parse_ron_hex("(x:53)"), None);
        assert_eq!(parse_ron_hex("(x:a,y:1)"), None);
        assert_eq!(string_len(r#""W3911",x"#), 7);
        assert_eq!(string_len(r#""a\"b" rest"#), 6);
        assert_eq!(string_len(r#""open"#), 5);
    }
}
