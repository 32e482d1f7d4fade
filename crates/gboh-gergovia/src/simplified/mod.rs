//! Gergovia's "Simplified GBoH Version", played on the simple-family
//! engine ([`gboh_simple`]).
//!
//! ```
//! use gboh_core::dice::Dice;
//! use gboh_core::game::{Game, Rules};
//! use gboh_gergovia::simplified::{GergoviaSimplified, Formation};
//! use gboh_simple::Battle;
//! use gboh_simple::protocol::{Action, Pending};
//! let state = GergoviaSimplified::standard()?;
//! let mut game = Game::new(Battle::new(state), Dice::seeded(1));
//! // Special Rules, First player: "Rome begins without a die roll."
//! assert!(matches!(game.state().pending(), Pending::ChooseCommand { side: gboh_core::Side::Roman }));
//! game.apply(Action::Activate(Formation::Auxiliaries))?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The same map, counters, deployment and victory points as the standard
//! version (this crate's [`crate::map`], [`crate::counters`],
//! [`crate::scenario`], [`crate::victory`]); what the simplified version
//! states on top, one file each:
//! - [`terrain`]: the Simplified GBoH Terrain Effects Table (5.1), rebuilt
//!   row by row (`data/gergovia/simplified-terrain.ron`);
//! - [`tables`]: the Shock Table, weapon systems, missile table and leader
//!   casualty checks, reconstructed (the seed prints none);
//! - [`setup`]: the engine's [`Roster`](gboh_simple::Roster);
//! - [`ground`]: [`GroundRules`](gboh_simple::GroundRules), 5.1's costs,
//!   the walls, the sunken road;
//! - [`combat`]: `MissileRules`, `RetreatRules`, `ShockRules` (7.31, 7.35,
//!   11.1);
//! - [`formations`]: the Roman and Gallic formation tables (4.1, 4.11);
//! - [`hidden`]: Gallic Starting Deployment \[b\]'s hidden placement, an
//!   option;
//! - [`special`]: the special rules (Vercingetorix's entry, the town wall,
//!   stone walls, impetuosity, camped Gauls, the tower scorpions of 10.1);
//! - [`state`]: the game's state, [`GergoviaSimplified`], played as
//!   `gboh_simple::Battle<GergoviaSimplified>`;
//! - [`save`]: its serialized form, the setup left out;
//! - [`narrate`]: its events in words; [`bot`]: a simple aggressive bot.

pub mod bot;
pub mod combat;
pub mod formations;
pub mod ground;
pub mod hidden;
pub mod narrate;
pub mod save;
pub mod setup;
pub mod special;
pub mod state;
pub mod tables;
pub mod terrain;

pub use formations::Formation;
pub use save::SimplifiedSave;
pub use special::{Own, Specials};
pub use state::{GergoviaSimplified, Happened};

use gboh_simple::{LoadError, Rule, SimpleGame};

use ground::Rubble;
use setup::SimplifiedSetup;

/// The simplified version, as the engine sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Simplified;

impl SimpleGame for Simplified {
    const RULEBOOK: &'static str = "Gergovia (GBoH module), Simplified GBoH Version";
    type Setup = SimplifiedSetup;
    type HexMarkers = ();
    type Pieces = Specials;
    type HexsideMarkers = Rubble;

    fn army(side: gboh_core::Side) -> &'static str {
        match side {
            gboh_core::Side::Roman => "the Romans",
            gboh_core::Side::Adversary => "the Gauls",
        }
    }

    /// The seed's simplified sections where it states one (4.1, 4.11, 5.1,
    /// 7.3, 7.31, 7.35, 7.6, 10.1, 11.1) and its special rules by name;
    /// else the simple family's number (Alesia's, the family's published
    /// text, marked "family").
    fn section(rule: Rule) -> &'static str {
        match rule {
            // 4.1 Formations; 4.11's chain (Corrections).
            Rule::CommandRange | Rule::Activation | Rule::ActiveUnits | Rule::LeaderMovement => {
                "4.1"
            }
            Rule::ChainOfCommand => "4.11",
            // 5.1 Permission and Restrictions for Movement: the module's list.
            Rule::TerrainCosts | Rule::MovementAllowance | Rule::Movement => "5.1",
            // 7.3 Conditions for Melee, 7.31 and 7.35 (Corrections).
            Rule::ShockEligibility | Rule::MustAttack => "7.31",
            Rule::ShockDesignation => "7.35",
            Rule::ShockCombat
            | Rule::ShockSequence
            | Rule::ShockResolution
            | Rule::WeaponSystems
            | Rule::HitSharing
            | Rule::LeftoverHits => "7.3",
            // 7.6: no cavalry pursuit; "cavalry advance after combat in the
            // same way as other units".
            Rule::Advance => "7.6",
            // 10.1 Artillery: the towers' scorpions.
            Rule::ArtilleryFreeShot | Rule::OneArtilleryPerHex => "10.1",
            // Special Rules.
            Rule::TurnSeizure => "Formation Tables",
            Rule::SequenceOfPlay | Rule::PeriodEnd => "Special Rules",
            Rule::Victory => "Victory (Simplified)",
            // Every leader's DRM (family 4.34), Vercingetorix's reaching 2
            // hexes: Special Rules, "Elite commanders: Vercingetorix has
            // heroic presence; Caesar does not".
            Rule::LeaderCharisma => "Special Rules: Elite commanders; family 4.34",
            // The family's numbers (Alesia's text), not restated by Gergovia.
            _ => rule.family_cited(),
        }
    }

    fn new_pieces(_: &SimplifiedSetup) -> Specials {
        Specials::default()
    }

    fn check_pieces(_: &SimplifiedSetup, _: &Specials) -> Result<(), LoadError> {
        Ok(())
    }
}
