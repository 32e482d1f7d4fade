//! Keys that name a table's rows and columns in a data file, and the error for a
//! key nobody knows.

use core::fmt;
use core::str::FromStr;
use thiserror::Error;

/// A type that names the rows or columns of a table in a data file.
///
/// Data files spell keys as strings (`"BI"`, `"Rampart"`, `"III"`) so that
/// validation can report *every* unknown key with its position, rather than
/// stopping at serde's first unknown variant. Any type that parses from that text
/// (`FromStr`), prints back to it (`Display`) and has a total order (so tables
/// iterate deterministically) is a key: [`UnitType`](crate::unit::UnitType) and
/// each game's own keys (its terrain chart's rows, its die checks, ...).
pub trait TableKey: Clone + Ord + fmt::Debug + fmt::Display {
    /// Parses a key as written in a data file.
    ///
    /// # Errors
    /// A lower-case message naming the key and, where the type knows them, the
    /// keys it expected.
    fn parse_key(text: &str) -> Result<Self, String>;
}

impl<T> TableKey for T
where
    T: Clone + Ord + fmt::Debug + fmt::Display + FromStr,
    <T as FromStr>::Err: fmt::Display,
{
    fn parse_key(text: &str) -> Result<Self, String> {
        text.parse::<T>().map_err(|e| e.to_string())
    }
}

/// A key that is not one of a key type's values.
///
/// ```
/// gboh_core::table_key! {
///     /// A game's kinds of ground.
///     pub enum TerrainKey: "unknown terrain" { Clear = "Clear", Woods = "Woods" }
/// }
/// let err = "Swamp".parse::<TerrainKey>().unwrap_err();
/// assert!(err.to_string().starts_with("unknown terrain \"Swamp\"; expected one of: Clear, "));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{what} {key:?}; expected one of: {expected}")]
pub struct UnknownKey {
    /// What went wrong, naming the kind of key (`"unknown terrain"`).
    pub what: &'static str,
    /// The text that was not recognised.
    pub key: String,
    /// The keys that would have been recognised, comma-separated.
    pub expected: String,
}

impl UnknownKey {
    /// An unknown `key` of the kind `what`, listing the `expected` keys.
    #[must_use]
    pub fn new<'k>(
        what: &'static str,
        key: &str,
        expected: impl IntoIterator<Item = &'k str>,
    ) -> Self {
        UnknownKey {
            what,
            key: key.to_owned(),
            expected: expected.into_iter().collect::<Vec<_>>().join(", "),
        }
    }
}

/// Declares a fieldless enum used as a table key: `ALL`, `as_str`, `Display` and
/// `FromStr` (with [`UnknownKey`] as its error), spelled as in the data files.
///
/// The caller adds any further derives (`Serialize`, `Deserialize`) itself.
///
/// ```
/// gboh_core::table_key! {
///     /// Sides of a coin.
///     pub enum Coin: "unknown coin side" {
///         /// Heads.
///         Heads = "H",
///         /// Tails.
///         Tails = "T",
///     }
/// }
/// assert_eq!("T".parse::<Coin>(), Ok(Coin::Tails));
/// assert_eq!(Coin::ALL, &[Coin::Heads, Coin::Tails]);
/// assert_eq!(Coin::Heads.to_string(), "H");
/// assert!("E".parse::<Coin>().unwrap_err().to_string().contains("expected one of: H, T"));
/// ```
#[macro_export]
macro_rules! table_key {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident : $what:literal {
            $( $(#[$vmeta:meta])* $variant:ident = $text:literal ),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        $vis enum $name {
            $( $(#[$vmeta])* $variant ),+
        }

        impl $name {
            /// Every key, in declaration order.
            pub const ALL: &'static [$name] = &[ $( $name::$variant ),+ ];

            /// The key as written in data files.
            #[must_use]
            pub const fn as_str(self) -> &'static str {
                match self {
                    $( $name::$variant => $text ),+
                }
            }
        }

        impl ::core::fmt::Display for $name {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl ::core::str::FromStr for $name {
            type Err = $crate::table::UnknownKey;
            fn from_str(s: &str) -> ::core::result::Result<Self, Self::Err> {
                Self::ALL
                    .iter()
                    .copied()
                    .find(|k| k.as_str() == s)
                    .ok_or_else(|| {
                        $crate::table::UnknownKey::new($what, s, Self::ALL.iter().map(|k| k.as_str()))
                    })
            }
        }
    };
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::unit::UnitType;

    #[test]
    fn unit_types_are_table_keys() {
        assert_eq!(UnitType::parse_key("BI"), Ok(UnitType::BI));
        let err = UnitType::parse_key("XX").unwrap_err();
        assert!(err.contains("unknown unit type \"XX\""), "{err}");
    }
}
