//! Checks for narrated text, shared by every game's narration tests: what a
//! `Debug` dump would leave in a line, and whether a line opens with the
//! section of the rule it tells.
//!
//! ```
//! use gboh_core::testkit::narration::{cited_rule, debug_dump, is_section_number};
//! let told = "[6.31] Santones-2 moves W5314 -> W5112 (4 MP), faces 12 o'clock";
//! assert_eq!(debug_dump(told, &[]), None);
//! assert_eq!(cited_rule(told), Some("6.31"));
//! assert!(cited_rule(told).is_some_and(is_section_number));
//! // A dump, and a game's own variant name passed as an extra mark.
//! assert_eq!(debug_dump("[6.31] Move(Moved { unit: Uid(3) })", &[]), Some("{"));
//! assert_eq!(debug_dump("[9.62] the Harudes pass a FerocityCheck", &["FerocityCheck"]), Some("FerocityCheck"));
//! assert_eq!(cited_rule("[SPQR 8.4] the check"), Some("SPQR 8.4"));
//! assert_eq!(cited_rule("[SPQR] no number"), None);
//! ```

/// What any game's `Debug` dump leaves that no sentence has: braces, hexx
/// coordinates, options, booleans, the raw names of a side and a facing.
pub const DEBUG_MARKS: [&str; 10] =
    ["{", "}", "Hex", "(x:", "Some(", "None", "true", "false", "Adversary", "Twelve"];

/// The first sign of a `Debug` dump in `line`, an event's one line with its
/// rule in brackets: one of [`DEBUG_MARKS`], one of the game's own `extra`
/// marks (its variant names, its id newtypes), an identifier glued to a
/// parenthesis (`Move(`), or brackets beyond the rule's one pair.
#[must_use]
pub fn debug_dump(line: &str, extra: &[&'static str]) -> Option<&'static str> {
    if let Some(mark) = DEBUG_MARKS.iter().chain(extra).find(|m| line.contains(**m)) {
        return Some(mark);
    }
    let glued =
        line.as_bytes().windows(2).any(|w| matches!(w, [a, b'('] if a.is_ascii_alphanumeric()));
    if glued {
        return Some("an identifier glued to '('");
    }
    if line.matches('[').count() != 1 || line.matches(']').count() != 1 {
        return Some("brackets beyond the rule's");
    }
    None
}

/// The rule that opens `line` in brackets (`"[SPQR 8.4] ..."` gives
/// `"SPQR 8.4"`), if it holds a section number.
#[must_use]
pub fn cited_rule(line: &str) -> Option<&str> {
    let rest = line.strip_prefix('[')?;
    let (rule, _) = rest.split_once("] ")?;
    rule.split(' ').any(is_section_number).then_some(rule)
}

/// Whether `word` is a section number: digits and dots, a digit first
/// (`"9.25"`, `"4"`).
#[must_use]
pub fn is_section_number(word: &str) -> bool {
    word.chars().next().is_some_and(|c| c.is_ascii_digit())
        && word.chars().all(|c| c.is_ascii_digit() || c == '.')
}
