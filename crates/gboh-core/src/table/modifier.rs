//! Die-roll modifiers with the rule behind each (the `check()` preview's "why").

use core::fmt;
use serde::Serialize;

use super::roll::{Drm, ModifiedRoll};

/// One modifier and the rule that gives it.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct Modifier {
    /// The rule section, e.g. `"9.25"` or a table's rule (`"9.43"`).
    pub rule: String,
    /// What it is for, lower-case (`"rampart attacked from below"`).
    pub what: String,
    /// The modifier.
    pub drm: Drm,
}

impl fmt::Display for Modifier {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} ({})", self.drm, self.what, self.rule)
    }
}

/// The modifiers of one roll, in the order they were added.
///
/// ```
/// use gboh_core::table::{Drm, Modifiers, ModifiedRoll};
/// let mut m = Modifiers::new();
/// m.push("9.25", "unit numbers 4 to 1", Drm(3)).push("9.43", "BI against CO", Drm(-2));
/// assert_eq!(m.total(), Drm(1));
/// assert_eq!(m.apply(5), ModifiedRoll(6));
/// assert_eq!(m.to_string(), "+3 unit numbers 4 to 1 (9.25); -2 BI against CO (9.43)");
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, Serialize)]
pub struct Modifiers {
    items: Vec<Modifier>,
}

impl Modifiers {
    /// No modifiers yet.
    #[must_use]
    pub fn new() -> Self {
        Modifiers::default()
    }

    /// Adds a modifier (zero modifiers are kept too: a preview may show them).
    pub fn push(
        &mut self,
        rule: impl Into<String>,
        what: impl Into<String>,
        drm: Drm,
    ) -> &mut Self {
        self.items.push(Modifier { rule: rule.into(), what: what.into(), drm });
        self
    }

    /// Every modifier, in order.
    pub fn iter(&self) -> impl Iterator<Item = &Modifier> {
        self.items.iter()
    }

    /// Their sum.
    #[must_use]
    pub fn total(&self) -> Drm {
        self.items.iter().map(|m| m.drm).sum()
    }

    /// `face` modified by every modifier.
    #[must_use]
    pub fn apply(&self, face: u8) -> ModifiedRoll {
        ModifiedRoll::new(face, self.total())
    }
}

impl fmt::Display for Modifiers {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, m) in self.items.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{m}")?;
        }
        Ok(())
    }
}
