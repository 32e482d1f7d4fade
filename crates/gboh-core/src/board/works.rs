//! [`HexWorks`]: what a game builds on its hexes beyond natural terrain.
//!
//! Most maps have nothing of the kind and use `()`. Alesia's siege works
//! (ramparts, redoubts, Gardens of Death, and which side of the vallations a
//! hex lies on) are its own type in `gboh-alesia`; the board stores one value
//! per hex and asks it the few things the board itself needs: how much higher
//! the works stand, whether they block a line of sight through the hex, what
//! is wrong with a legend entry, and how to draw them.

use core::fmt::Debug;
use core::hash::Hash;

use serde::Serialize;
use serde::de::DeserializeOwned;

/// One hex's man-made works, as a game defines them (the `works` of a map
/// legend entry; absent means [`Default`]).
///
/// Every item has a default body: a game states only what its works change.
pub trait HexWorks:
    Copy + Default + PartialEq + Eq + Hash + Debug + Serialize + DeserializeOwned + 'static
{
    /// Levels the works add to the ground for line of sight and zones of
    /// control (Alesia 6.42: a rampart stands one level higher). Default 0.
    #[must_use]
    fn raises(self) -> u8 {
        0
    }

    /// Whether the works block a line of sight passing through the hex (never
    /// one that ends in it). Default: no.
    #[must_use]
    fn blocks_los(self) -> bool {
        false
    }

    /// What is wrong with a legend entry's works, if anything (Alesia 6.41:
    /// a rampart lies inside the fortifications). Default: nothing.
    #[must_use]
    fn legend_fault(self) -> Option<&'static str> {
        None
    }

    /// Whether a walkway may join hexes with these works (Alesia 6.42, 6.44:
    /// two ramparts, or a redoubt and a rampart), or what is wrong. Default:
    /// a map without such works has no walkways.
    ///
    /// # Errors
    /// The rule a walkway between `a` and `b` would break.
    fn walkway(a: Self, b: Self) -> Result<(), &'static str> {
        let _ = (a, b);
        Err("this map's works have no walkways")
    }

    /// A colour the hex's fill is blended toward, and by how much (0 to 1),
    /// e.g. Alesia's tint for the hexes inside the vallations. Default: none.
    #[must_use]
    fn tint(self) -> Option<((u8, u8, u8), f64)> {
        None
    }

    /// The works in words, with their rule section, for a hex's description
    /// (a viewer's tooltip): `None` when there is nothing to say. Default:
    /// nothing.
    #[must_use]
    fn words(self) -> Option<String> {
        None
    }

    /// SVG elements drawing the works in a hex whose centre is `centre`,
    /// whose size (centre to corner) is `size` and whose corners, drawn a
    /// little inside, are `corners`. Default: nothing.
    #[must_use]
    fn svg(self, centre: (f64, f64), size: f64, corners: &str) -> String {
        let _ = (centre, size, corners);
        String::new()
    }

    /// SVG `<defs>` content the drawings refer to (patterns). Default: none.
    #[must_use]
    fn svg_defs() -> &'static str {
        ""
    }

    /// The legend's caption for a hexside feature on this game's maps, in
    /// its rulebook's words and with its section (Alesia: the
    /// [`Escarpment`](super::HexsideFeature::Escarpment) is its "Stone crest
    /// (6.36)"); `None` keeps the core's physical name. Default: `None`.
    #[must_use]
    fn hexside_caption(feature: super::HexsideFeature) -> Option<&'static str> {
        let _ = feature;
        None
    }

    /// Legend rows for the works: a sample value to draw and its caption,
    /// shown when some hex's works satisfy `shown`. Default: none.
    #[must_use]
    fn legend() -> Vec<WorksLegend<Self>> {
        Vec::new()
    }
}

/// One legend row for a kind of works ([`HexWorks::legend`]).
#[derive(Debug, Clone, Copy)]
pub struct WorksLegend<W> {
    /// The value drawn as the swatch: its tint (as a hexagon) and its picture.
    pub sample: W,
    /// Whether a hex's works count as this row (the row is shown only if one does).
    pub shown: fn(W) -> bool,
    /// The caption, with the rule section.
    pub caption: &'static str,
}

impl HexWorks for () {}
