//! A previewed outcome in words, as a player reads the odds of an action:
//! `succeeds`, `2 hits`, `another Orders Phase`, never a debug dump.

use crate::command::MomentumOutcome;
use crate::rally::RallyOutcome;
use crate::tables::Doom;

/// An outcome a preview lists, in words.
pub(super) trait Words {
    /// The outcome in words.
    fn words(&self) -> String;
}

/// A roll that succeeds or fails (Trump 5.4, a Line Command 4.3).
impl Words for bool {
    fn words(&self) -> String {
        if *self { "succeeds" } else { "fails" }.to_owned()
    }
}

/// Hits (missile fire 8.2, checks).
impl Words for u8 {
    fn words(&self) -> String {
        match self {
            0 => "no hit".to_owned(),
            1 => "1 hit".to_owned(),
            n => format!("{n} hits"),
        }
    }
}

/// SPQR 5.3 and 5.33.
impl Words for MomentumOutcome {
    fn words(&self) -> String {
        match self {
            MomentumOutcome::Another => "another Orders Phase".to_owned(),
            MomentumOutcome::Finished => "fails: the leader is Finished".to_owned(),
            MomentumOutcome::Doom(Doom::OpponentActivates) => {
                "the die roll of doom: the opponent activates any leader".to_owned()
            }
            MomentumOutcome::Doom(Doom::Finished) => {
                "the die roll of doom: the leader is Finished".to_owned()
            }
            MomentumOutcome::Doom(Doom::TurnEnds) => {
                "the die roll of doom: the turn ends".to_owned()
            }
        }
    }
}

/// SPQR 10.2 and 10.29.
impl Words for RallyOutcome {
    fn words(&self) -> String {
        match self {
            RallyOutcome::Rallied { hits } => format!("rallies, keeping {}", hits.words()),
            RallyOutcome::Fails => "fails: a rout move".to_owned(),
            RallyOutcome::Eliminated => "fails above its TQ: eliminated".to_owned(),
        }
    }
}

/// A shock's result (SPQR 8.46 step 4): hits to each side.
impl Words for crate::shock::ShockHits {
    fn words(&self) -> String {
        let n = |h: u8| if h == 1 { "1 hit".to_owned() } else { format!("{h} hits") };
        format!("{} to the attacker, {} to the defender", n(self.attacker), n(self.defender))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outcomes_read_as_words() {
        assert_eq!(true.words(), "succeeds");
        assert_eq!(2u8.words(), "2 hits");
        assert_eq!(0u8.words(), "no hit");
        assert_eq!(
            MomentumOutcome::Doom(Doom::TurnEnds).words(),
            "the die roll of doom: the turn ends"
        );
        assert_eq!(RallyOutcome::Rallied { hits: 1 }.words(), "rallies, keeping 1 hit");
    }
}
