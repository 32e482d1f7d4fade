//! The land game of *Caesar in Alexandria* on the simple-family engine
//! ([`gboh_simple`]): the main game's street fight, its galleys played by
//! the fleet's rules (`src/fleet/`) in a Fleet activation.
//!
//! ```
//! use gboh_core::dice::Dice;
//! use gboh_core::game::{Game, Rules};
//! use gboh_alexandria::play::{Alexandria, Command};
//! use gboh_simple::Battle;
//! use gboh_simple::protocol::{Action, Pending};
//! let state = Alexandria::main_game()?;
//! let mut game = Game::new(Battle::new(state), Dice::seeded(1));
//! // The main game: the Romans play the first Player Turn (4.52: no seizure on it).
//! assert!(matches!(game.state().pending(), Pending::ChooseCommand { side: gboh_core::Side::Roman }));
//! game.apply(Action::Activate(Command::Auxiliaries(gboh_core::Side::Roman)))?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! One file a job, named from the rulebook:
//! - [`chart`]: 5.36 rebuilt and the land combat tables reconstructed
//!   (`data/alexandria/terrain.ron`, `land-*.ron`);
//! - [`setup`]: the engine's [`Roster`](gboh_simple::Roster) over the map
//!   and the counters;
//! - [`ground`]: 5.21-5.25, 5.33 as step costs;
//! - [`command`]: 3.0 A's activation choices, 4.2's eligibility, 4.41's
//!   Command Range in MP;
//! - [`blocks`]: 5.23's Blocks, entered and left as the game's own actions;
//! - [`fleet`]: 3.0 A's Fleet activation (4.42, 4.43), the fleet's actions
//!   as the game's own, 3.0 D's Fleet Status Phase;
//! - [`aboard`]: 4.41, 4.44: Command Range into and out of anchored
//!   galleys, leaders aboard them activated, debarking (5.48);
//! - [`combat`]: missile fire, retreat (4.32: never into a Block) and shock;
//! - [`victory`]: 4.34, the main game's objectives, 11.3's exhaustion;
//! - [`state`]: the game's state, [`Alexandria`], played as
//!   `gboh_simple::Battle<Alexandria>`;
//! - [`save`]: its serialized form, the setup left out;
//! - [`narrate`], [`bot`]: words and a bot for each side.

pub mod aboard;
pub mod blocks;
pub mod bot;
pub mod chart;
pub mod combat;
pub mod command;
pub mod fleet;
pub mod fleet_bot;
pub mod ground;
pub mod narrate;
pub mod replacement;
pub mod save;
pub mod setup;
pub mod state;
pub mod victory;

pub use blocks::{BlockEvent, Own};
pub use command::Command;
pub use replacement::{Choice, Decision};
pub use save::AlexandriaSave;
pub use state::{Alexandria, Happened};

use gboh_simple::{Rule, SimpleGame};

use setup::LandSetup;

/// The land game, as the engine sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Land;

impl SimpleGame for Land {
    const RULEBOOK: &'static str = crate::RULEBOOK;
    type Setup = LandSetup;
    type HexMarkers = ();
    type Pieces = ();
    type HexsideMarkers = ();

    fn army(side: gboh_core::Side) -> &'static str {
        match side {
            gboh_core::Side::Roman => "the Romans",
            gboh_core::Side::Adversary => "the Egyptians",
        }
    }

    /// This game's sections where the extract (or the errata's numbering)
    /// states the rule; else the simple family's number (Alesia's published
    /// text), marked "family".
    fn section(rule: Rule) -> &'static str {
        match rule {
            // 3.0 A, 4.4 Leaders and Unit Activation; 4.41 Command Range.
            Rule::Activation => "3.0",
            Rule::ActiveUnits => "4.4",
            Rule::CommandRange | Rule::ChainOfCommand => "4.41",
            Rule::LeaderMovement => "5.12",
            // 5.1-5.3 Movement.
            Rule::TerrainCosts => "5.36",
            Rule::MovementAllowance => "5.11",
            Rule::Movement => "5.31",
            Rule::Facing => "5.32",
            // 4.5 Turn Seizure; 3.0 the Sequence of Play.
            Rule::TurnSeizure => "4.51",
            // 3.0 F Victory Determination (4.34, 11.0 and 12.0 in the
            // outcome's own words).
            Rule::SequenceOfPlay | Rule::PeriodEnd | Rule::Victory => "3.0",
            // 4.1, 4.3 Leaders and Combat; 7.18, 8.4 leader casualties.
            Rule::LeaderCharisma => "4.1",
            Rule::LeadersNextToEnemies => "4.31",
            Rule::LeaderThreatened | Rule::LoneLeaderRetreat => "4.32",
            Rule::MissileLeaderCasualty => "7.18",
            Rule::ShockLeaderCasualty => "8.4",
            // Errata: advance after shock, 8.52-8.53.
            Rule::Advance => "8.52",
            Rule::ShockCombat
            | Rule::ShockSequence
            | Rule::ShockResolution
            | Rule::WeaponSystems
            | Rule::HitSharing
            | Rule::LeftoverHits => "8.0",
            // 7.42: the extract's Entry Reaction.
            Rule::EntryReaction => "7.42",
            // The family's artillery section as a whole (its 8.57 and 8.64
            // are Alesia's siege artillery).
            Rule::ArtilleryFreeShot | Rule::OneArtilleryPerHex => "family 8.5",
            // The family's numbers (Alesia's text), not restated by Alexandria.
            _ => rule.family_cited(),
        }
    }

    fn new_pieces(_: &LandSetup) {}
}
