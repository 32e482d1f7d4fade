//! The engine's names for the rules it implements. A game maps each to the
//! section of its own rulebook ([`SimpleGame::section`](crate::SimpleGame::section)).

/// A rule of the simple family, by what it does (not by any one game's
/// number).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Rule {
    /// Stacking: how many units one hex holds and in which order.
    Stacking,
    /// Zones of Control: who exerts one (front hexes; not artillery, not
    /// routed units).
    ZonesOfControl,
    /// Where a Zone of Control extends (not into a hex movement could never
    /// enter, not across walls).
    ZocExtent,
    /// Several enemy units may exert a ZOC into one hex.
    ZocOverlap,
    /// Voluntary shock: only a unit that began the activation with an enemy
    /// unit in its own ZOC (Alesia 9.12).
    ShockEligibility,
}

impl Rule {
    /// Every rule, in order.
    pub const ALL: [Rule; 5] = [
        Rule::Stacking,
        Rule::ZonesOfControl,
        Rule::ZocExtent,
        Rule::ZocOverlap,
        Rule::ShockEligibility,
    ];
}
