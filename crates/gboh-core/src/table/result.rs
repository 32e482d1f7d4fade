//! What a table's result must say about itself so the table can be validated.

/// A result printed in a roll-indexed table (a row of a single-column table, a
/// cell of a column CRT).
///
/// Validation uses it for the monotonicity rule of every roll table: *a higher
/// modified roll is never worse for the player who rolls* (Alesia 9.42's attacker).
pub trait TableResult {
    /// Every way this result (read at a higher roll, or a column further in the
    /// roller's favour) is worse for the roller than `lower`, lower-case and
    /// citing the rule; empty when it is no worse.
    fn worse_for_roller_than(&self, lower: &Self) -> Vec<String>;

    /// Every way this result contradicts itself, lower-case and citing the rule;
    /// empty for a sound result. None by default.
    fn problems(&self) -> Vec<String> {
        Vec::new()
    }
}
