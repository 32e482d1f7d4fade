//! The command mechanisms that roll dice: Momentum and the die roll of doom
//! (SPQR 5.3, 5.33), Trump (5.4), leader casualties (4.53), the Line Command
//! eligibility roll (4.3), each with its exact odds.
//!
//! ```
//! use gboh_standard::command::trump_distribution;
//! // SPQR 5.4: a leader of Initiative 7 trumps on 0-7: 80%.
//! assert_eq!(trump_distribution(7).chance(&true).to_string(), "8/10");
//! ```

use gboh_core::dice::Die;
use gboh_core::table::{Distribution, Drm, ModifiedRoll};
use serde::{Deserialize, Serialize};

use crate::tables::{CasualtyCheck, CasualtyEffect, Doom, Tables};

/// What a Momentum attempt gives (SPQR 5.3, 5.33).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MomentumOutcome {
    /// Another Orders Phase for the leader.
    Another,
    /// The leader is Finished.
    Finished,
    /// An unmodified 9: the die roll of doom.
    Doom(Doom),
}

/// SPQR 5.3: a Momentum roll succeeds on a modified roll at most the leader's
/// Initiative; an unmodified 9 is the die roll of doom, read with `doom_face`
/// on [`Tables::doom`] (`None` when the first face is not 9).
#[must_use]
pub fn momentum(
    tables: &Tables,
    initiative: u8,
    drm: Drm,
    face: u8,
    doom_face: Option<u8>,
) -> MomentumOutcome {
    if face == 9 {
        return MomentumOutcome::Doom(*tables.doom.outcome(i32::from(doom_face.unwrap_or(9))));
    }
    if ModifiedRoll::new(face, drm).0 <= i32::from(initiative) {
        MomentumOutcome::Another
    } else {
        MomentumOutcome::Finished
    }
}

/// The exact distribution of a Momentum attempt, the die roll of doom included.
#[must_use]
pub fn momentum_distribution(
    tables: &Tables,
    initiative: u8,
    drm: Drm,
) -> Distribution<MomentumOutcome> {
    let first = Distribution::over_faces(Die::D10, |f| f);
    first
        .and_then(|&f| {
            if f == 9 {
                tables.doom.distribution().map(MomentumOutcome::Doom)
            } else {
                Distribution::certain(momentum(tables, initiative, drm, f, None))
            }
        })
        .unwrap_or_else(|| Distribution::certain(MomentumOutcome::Finished))
}

/// SPQR 5.4: a Trump (or trump-the-trump) attempt succeeds on a roll at most
/// the trumping leader's Initiative.
#[must_use]
pub const fn trump_succeeds(initiative: u8, face: u8) -> bool {
    face <= initiative
}

/// The exact chance of a Trump attempt.
#[must_use]
pub fn trump_distribution(initiative: u8) -> Distribution<bool> {
    Distribution::over_faces(Die::D10, |f| trump_succeeds(initiative, f))
}

/// SPQR 4.3: a subordinate leader outside the OC's range (or in a Momentum
/// phase) issues a Line Command on a roll at most the OC's Strategy, +1 to
/// the roll when a unit of the line is in an enemy ZOC.
#[must_use]
pub const fn line_command_allowed(strategy: u8, face: u8, line_in_enemy_zoc: bool) -> bool {
    face + if line_in_enemy_zoc { 1 } else { 0 } <= strategy
}

/// The result of SPQR 4.53's two rolls: `None` unhurt, or the effect.
#[must_use]
pub fn leader_casualty(tables: &Tables, face: u8, second: Option<u8>) -> Option<CasualtyEffect> {
    match tables.leader_casualty.outcome(i32::from(face)) {
        CasualtyCheck::Unhurt => None,
        CasualtyCheck::Casualty => {
            Some(*tables.leader_casualty_effect.outcome(i32::from(second.unwrap_or(0))))
        }
    }
}

/// The exact distribution of SPQR 4.53 (out of 100).
#[must_use]
pub fn leader_casualty_distribution(tables: &Tables) -> Distribution<Option<CasualtyEffect>> {
    tables
        .leader_casualty
        .distribution()
        .and_then(|c| match c {
            CasualtyCheck::Unhurt => Distribution::certain(None),
            CasualtyCheck::Casualty => tables.leader_casualty_effect.distribution().map(Some),
        })
        .unwrap_or_else(|| Distribution::certain(None))
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use gboh_core::table::Chance;

    fn tables() -> Tables {
        Tables::spqr().unwrap()
    }

    #[test]
    fn rule_5_4_trump_succeeds_80_percent_at_initiative_7() {
        assert_eq!(trump_distribution(7).chance(&true), Chance { count: 8, out_of: 10 });
        assert!(trump_succeeds(7, 7) && !trump_succeeds(7, 8));
    }

    #[test]
    fn rule_5_3_momentum_and_the_die_roll_of_doom() {
        let t = tables();
        assert_eq!(momentum(&t, 5, Drm(0), 5, None), MomentumOutcome::Another);
        assert_eq!(momentum(&t, 5, Drm(0), 6, None), MomentumOutcome::Finished);
        assert_eq!(momentum(&t, 5, Drm(-1), 6, None), MomentumOutcome::Another);
        assert_eq!(
            momentum(&t, 9, Drm(0), 9, Some(1)),
            MomentumOutcome::Doom(Doom::OpponentActivates)
        );
        assert_eq!(momentum(&t, 9, Drm(0), 9, Some(9)), MomentumOutcome::Doom(Doom::TurnEnds));
        let d = momentum_distribution(&t, 5, Drm(0));
        assert_eq!(d.total(), 100);
        assert_eq!(d.chance(&MomentumOutcome::Another).to_string(), "60/100");
        assert_eq!(d.chance(&MomentumOutcome::Finished).to_string(), "30/100");
        assert_eq!(d.chance(&MomentumOutcome::Doom(Doom::OpponentActivates)).to_string(), "2/100");
        assert_eq!(d.chance(&MomentumOutcome::Doom(Doom::Finished)).to_string(), "7/100");
        assert_eq!(d.chance(&MomentumOutcome::Doom(Doom::TurnEnds)).to_string(), "1/100");
    }

    #[test]
    fn rule_4_53_leader_casualty_odds() {
        let t = tables();
        assert_eq!(leader_casualty(&t, 1, None), None);
        assert_eq!(leader_casualty(&t, 0, Some(9)), Some(CasualtyEffect::Killed));
        assert_eq!(leader_casualty(&t, 0, Some(7)), Some(CasualtyEffect::Wounded(1)));
        let d = leader_casualty_distribution(&t);
        assert_eq!(d.chance(&None).to_string(), "90/100");
        assert_eq!(d.chance(&Some(CasualtyEffect::Finished)).to_string(), "7/100");
        assert_eq!(d.chance(&Some(CasualtyEffect::Killed)).to_string(), "1/100");
    }

    #[test]
    fn rule_4_3_line_command_roll_against_strategy() {
        assert!(line_command_allowed(4, 4, false));
        assert!(!line_command_allowed(4, 4, true));
        assert!(!line_command_allowed(4, 5, false));
    }
}
