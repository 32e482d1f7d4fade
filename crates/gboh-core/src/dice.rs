//! Dice (Alesia 2.3): the d10 read 0-9 with '0' lowest, and the d6 of
//! Alexandria's shoals.
//!
//! A [`Dice`] is owned by the game. It is either seeded (a `rand_pcg` generator, so
//! a seed plus the action log replays a game exactly) or scripted (a list of faces
//! for tests and for reproducing the rulebook's examples). It counts every roll it
//! makes, and it serializes with the game, position included.
//!
//! ```
//! use gboh_core::dice::{Dice, Die};
//! let mut a = Dice::seeded(7);
//! let mut b = Dice::seeded(7);
//! let faces: Vec<u8> = (0..5).map(|_| a.roll(Die::D10).unwrap().face).collect();
//! assert!(faces.iter().all(|&f| f <= 9));
//! assert_eq!(faces, (0..5).map(|_| b.roll(Die::D10).unwrap().face).collect::<Vec<_>>());
//!
//! let mut scripted = Dice::scripted([5, 0]);
//! assert_eq!(scripted.roll(Die::D10).unwrap().face, 5);
//! assert_eq!(scripted.roll(Die::D10).unwrap().face, 0);
//! assert!(scripted.roll(Die::D10).is_err());
//! ```

use rand_core::{Rng, SeedableRng};
use rand_pcg::Pcg32;
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// A kind of die.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Die {
    /// Alesia 2.3: the ten-sided die, read 0-9; '0' is zero, not ten, and is less than '1'.
    D10,
    /// A six-sided die read 1-6 (Caesar in Alexandria's shoals).
    D6,
}

impl Die {
    /// The lowest face.
    #[must_use]
    pub const fn min(self) -> u8 {
        match self {
            Die::D10 => 0,
            Die::D6 => 1,
        }
    }

    /// The highest face.
    #[must_use]
    pub const fn max(self) -> u8 {
        match self {
            Die::D10 => 9,
            Die::D6 => 6,
        }
    }

    /// How many faces the die has.
    #[must_use]
    pub const fn sides(self) -> u8 {
        self.max() - self.min() + 1
    }

    /// Every face, lowest first: what exact-odds enumeration walks over.
    pub fn faces(self) -> impl Iterator<Item = u8> {
        self.min()..=self.max()
    }
}

/// One roll of one die.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Roll {
    /// Which die was rolled.
    pub die: Die,
    /// The face that came up.
    pub face: u8,
}

/// Why a roll could not be made.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum DiceError {
    /// A scripted source ran out of faces.
    #[error("scripted dice exhausted after {0} rolls")]
    ScriptExhausted(usize),
    /// A scripted face does not exist on the die asked for.
    #[error("scripted face {face} is not on a {die:?}")]
    FaceOutOfRange {
        /// The die asked for.
        die: Die,
        /// The face in the script.
        face: u8,
    },
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
enum Source {
    Seeded(Pcg32),
    Scripted { faces: Vec<u8>, next: usize },
}

/// The game's dice: seeded or scripted, counting every roll.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Dice {
    source: Source,
    rolls: u64,
}

impl Dice {
    /// Dice driven by a `rand_pcg` generator seeded with `seed`.
    #[must_use]
    pub fn seeded(seed: u64) -> Self {
        Dice { source: Source::Seeded(Pcg32::seed_from_u64(seed)), rolls: 0 }
    }

    /// Dice that return `faces` in order, then fail with [`DiceError::ScriptExhausted`].
    #[must_use]
    pub fn scripted(faces: impl IntoIterator<Item = u8>) -> Self {
        Dice { source: Source::Scripted { faces: faces.into_iter().collect(), next: 0 }, rolls: 0 }
    }

    /// Whether these dice follow a script (tests, rulebook examples).
    #[must_use]
    pub const fn is_scripted(&self) -> bool {
        matches!(self.source, Source::Scripted { .. })
    }

    /// How many rolls these dice have made.
    #[must_use]
    pub const fn rolls(&self) -> u64 {
        self.rolls
    }

    /// Scripted faces not yet used (always 0 for seeded dice).
    #[must_use]
    pub fn scripted_remaining(&self) -> usize {
        match &self.source {
            Source::Seeded(_) => 0,
            Source::Scripted { faces, next } => faces.len().saturating_sub(*next),
        }
    }

    /// Rolls one die.
    ///
    /// # Errors
    /// Scripted dice fail when their script is exhausted or holds a face the die
    /// does not have. Seeded dice never fail.
    pub fn roll(&mut self, die: Die) -> Result<Roll, DiceError> {
        let face = match &mut self.source {
            Source::Seeded(rng) => {
                // Lemire's multiply-shift: uniform to within 2^-64 and branch-free.
                // (Pcg32, not a 128-bit generator: its state must serialize to RON.)
                let wide = u128::from(rng.next_u64()) * u128::from(die.sides());
                die.min() + u8::try_from(wide >> 64).unwrap_or(0)
            }
            Source::Scripted { faces, next } => {
                let face = *faces.get(*next).ok_or(DiceError::ScriptExhausted(*next))?;
                if !(die.min()..=die.max()).contains(&face) {
                    return Err(DiceError::FaceOutOfRange { die, face });
                }
                *next += 1;
                face
            }
        };
        self.rolls += 1;
        Ok(Roll { die, face })
    }

    /// Rolls a d10 (Alesia 2.3).
    ///
    /// # Errors
    /// As [`Dice::roll`].
    pub fn d10(&mut self) -> Result<Roll, DiceError> {
        self.roll(Die::D10)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_2_3_d10_reads_zero_to_nine_and_every_face_comes_up() {
        let mut dice = Dice::seeded(1);
        let mut seen = [0u32; 10];
        for _ in 0..10_000 {
            let roll = dice.d10().unwrap();
            seen[usize::from(roll.face)] += 1;
        }
        // Each face near 1,000 of 10,000: a loose bound that only a broken die fails.
        assert!(seen.iter().all(|&n| (800..1200).contains(&n)), "{seen:?}");
        assert_eq!(dice.rolls(), 10_000);
    }

    #[test]
    fn d6_reads_one_to_six() {
        let mut dice = Dice::seeded(2);
        for _ in 0..1000 {
            let face = dice.roll(Die::D6).unwrap().face;
            assert!((1..=6).contains(&face));
        }
        assert_eq!(Die::D6.faces().collect::<Vec<_>>(), vec![1, 2, 3, 4, 5, 6]);
    }

    #[test]
    fn serialized_dice_continue_identically() {
        let mut dice = Dice::seeded(99);
        dice.d10().unwrap();
        let saved = ron::to_string(&dice).unwrap();
        let mut restored: Dice = ron::from_str(&saved).unwrap();
        for _ in 0..50 {
            assert_eq!(dice.d10().unwrap(), restored.d10().unwrap());
        }
    }

    #[test]
    fn scripted_face_off_the_die_is_an_error_and_consumes_nothing() {
        let mut dice = Dice::scripted([0, 7]);
        assert_eq!(dice.roll(Die::D6), Err(DiceError::FaceOutOfRange { die: Die::D6, face: 0 }));
        assert_eq!(dice.scripted_remaining(), 2);
        assert_eq!(dice.rolls(), 0);
    }
}
