//! The trait a game of the simple family implements.

use std::fmt::Debug;

use gboh_core::Side;
use gboh_core::board::{Barriers, Board, HexWorks, HexsideFeature, Terrain};
use gboh_core::table::Drm;
use gboh_core::table::terrain::{Cost, MoverClass};
use gboh_core::unit::UnitProfile;
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::error::LoadError;
use crate::id::{Lid, Uid};
use crate::muster::Muster;
use crate::rule::Rule;

/// The fixed data of one game that the engine reads: the board, the charts'
/// figures and, for each combat unit of the counter mix ([`Uid`] order), its
/// side, printed ratings and name, for each leader his side, name and
/// Charisma. A game's setup holds more (its tables, its own counters); the
/// engine sees only this.
///
/// The pieces' accessors (`unit_count` to `leader_name`) read one table, the
/// game's [`Muster`] ([`Roster::muster`]), by default; a game may still
/// state any of them itself.
pub trait Roster {
    /// What the game builds on its hexes (`()` for none; Alesia's siege works).
    type Works: HexWorks;
    /// The map.
    fn board(&self) -> &Board<Self::Works>;
    /// Which hexsides stop a zone of control across them (the chart's data;
    /// Alesia 7.22: camp and stone walls, but not through a gate).
    fn zoc_barriers(&self) -> Barriers;
    /// Which hexsides stop a line of sight across them (the chart's data;
    /// Alesia 8.15: walls, gates, redoubt walls).
    fn sight_barriers(&self) -> Barriers;
    /// The counter mix as one table (each unit's side, ratings, name and
    /// stack group; each leader's side, name and Charisma), which the
    /// accessors below read by default. A game builds it once and returns
    /// it here. Default: an empty muster, for a game that states each
    /// accessor itself (Alesia's `Setup`).
    fn muster(&self) -> &Muster {
        Muster::empty()
    }
    /// How many combat units the counter mix holds. Default: the muster's.
    fn unit_count(&self) -> usize {
        self.muster().units.len()
    }
    /// How many leaders the counter mix holds. Default: the muster's.
    fn leader_count(&self) -> usize {
        self.muster().leaders.len()
    }
    /// Unit `uid`'s side. Default: the muster's.
    fn unit_side(&self, uid: Uid) -> Option<Side> {
        self.muster().unit(uid).map(|u| u.side)
    }
    /// Leader `lid`'s side. Default: the muster's.
    fn leader_side(&self, lid: Lid) -> Option<Side> {
        self.muster().leader(lid).map(|l| l.side)
    }
    /// Unit `uid`'s printed ratings. Default: the muster's.
    fn unit_profile(&self, uid: Uid) -> Option<&UnitProfile> {
        self.muster().unit(uid).map(|u| &u.profile)
    }
    /// Unit `uid`'s counter id, as printed (`"X-1"`). Default: the muster's.
    fn unit_name(&self, uid: Uid) -> Option<&str> {
        self.muster().unit(uid).map(|u| u.name.as_str())
    }
    /// Unit `uid`'s formation for stacking: two units stack only if their
    /// groups (and types) match (Alesia 6.61: cohorts of one legion, Gauls
    /// of one tribe with clients apart). Default: the muster's.
    fn unit_stack_group(&self, uid: Uid) -> Option<u16> {
        self.muster().unit(uid).map(|u| u.stack_group)
    }
    /// Whether unit `uid` is an auxiliary (Alesia 2.4: Roman LI and archers),
    /// which friends move into or through for free (6.63). Default: the
    /// muster's (an unknown unit is none).
    fn unit_is_auxiliary(&self, uid: Uid) -> bool {
        self.muster().unit(uid).is_some_and(|u| u.auxiliary)
    }
    /// The terrain chart's extra MP to move into or through a hex of
    /// friends (Alesia 6.63, the chart's `StackThroughFriends`), if the
    /// chart has the figure.
    fn stack_through_friends_mp(&self) -> Option<u8>;
    /// The chart's cost for a mover of `class` to enter a hex of natural
    /// `terrain` (Alesia 6.31, 6.33), if the chart has the row.
    fn enter_cost(&self, terrain: Terrain, class: MoverClass) -> Option<Cost>;
    /// The chart's extra cost for a mover of `class` to cross a hexside
    /// with `feature` (Alesia 6.35, 6.43), if the chart lists it.
    fn cross_cost(&self, feature: HexsideFeature, class: MoverClass) -> Option<Cost>;
    /// The chart's extra MP to step up into a higher hex (Alesia 6.31).
    fn climb_mp(&self) -> u8;
    /// The chart's missile DRM for a target in a hex of natural `terrain`
    /// (Alesia 8.17: woods), zero where it has none.
    fn missile_drm(&self, terrain: Terrain) -> Drm;
    /// The chart's missile DRM for a target on lower ground than the firer
    /// (Alesia 8.17).
    fn missile_drm_target_lower(&self) -> Drm;
    /// The chart's shock DRM for a defender in a hex of natural `terrain`
    /// (Alesia 9.25 Terrain), zero where it has none.
    fn shock_drm(&self, terrain: Terrain) -> Drm;
    /// The chart's shock DRM for an attack across a hexside with `feature`,
    /// zero where it has none.
    fn shock_drm_across(&self, feature: HexsideFeature) -> Drm;
    /// The chart's shock DRM for an attack uphill.
    fn shock_drm_uphill(&self) -> Drm;
    /// Leader `lid`'s Charisma (0 for none). Default: the muster's (0 for
    /// an unknown leader).
    fn leader_charisma(&self, lid: Lid) -> u8 {
        self.muster().leader(lid).map_or(0, |l| l.charisma)
    }
    /// How many places from his own leader `lid`'s Charisma reaches in
    /// shock ([`Rule::LeaderCharisma`]). Default: the muster's, else 1, his
    /// place and the places next to it (the family's); Simple GBoH's heroic
    /// charisma reaches 2 (Gergovia's simplified Vercingetorix, "heroic
    /// presence").
    fn leader_charisma_reach(&self, lid: Lid) -> u32 {
        self.muster().leader(lid).map_or(1, |l| u32::from(l.charisma_reach))
    }
    /// Whether leader `lid`'s Charisma, the leader on `leader`, reaches a
    /// unit on `unit` in shock ([`Rule::LeaderCharisma`]). Default: within
    /// [`Roster::leader_charisma_reach`]: his own place 0, the board's
    /// neighbours 1 (a place graph's too), else the hex distance. Caesar in
    /// Alexandria 4.1 changes it: stacked only, Heroic Charisma next to it
    /// too, not from a Block.
    fn charisma_reaches(&self, lid: Lid, leader: hexx::Hex, unit: hexx::Hex) -> bool {
        let steps = if leader == unit {
            0
        } else if self.board().adjacent(unit, leader) {
            1
        } else {
            unit.unsigned_distance_to(leader).max(2)
        };
        steps <= self.leader_charisma_reach(lid).max(1)
    }
    /// Leader `lid`'s name as narration gives it. Default: the muster's,
    /// else none (narrated as `leader 0`).
    fn leader_name(&self, lid: Lid) -> Option<&str> {
        self.muster().leader(lid).map(|l| l.name.as_str())
    }
}

/// A game of the simple GBoH family, as the engine sees it.
///
/// Required: what every game must state (its rulebook and how the engine's
/// rules are numbered in it, its fixed data, its own pieces and markers).
/// Hooks with default bodies: what a game may change; the default is the
/// family's rule. The engine's rules themselves are free functions that a
/// game cannot replace, only steer through these hooks (the shape of
/// shakmaty's `Position` and Bevy's plugins, docs/architecture.md).
///
/// A game is a marker type (`SiegeOfAlesia`); its state lives in the
/// [`Field`](crate::Field) and the game's own turn record. What a game
/// changes about the ground (where a ZOC reaches, who faces all round) is
/// the layer above's trait, [`GroundRules`](crate::ground::GroundRules).
pub trait SimpleGame: Sized + Clone + Debug + PartialEq + Eq + 'static {
    /// The rulebook's title, for citations.
    const RULEBOOK: &'static str;

    /// The game's fixed data (board, counter mix, tables).
    type Setup: Roster + Debug + PartialEq + Eq;

    /// The markers one hex may hold (Alesia: Fill, On Fire, Rubble). The
    /// default value is a hex with none.
    type HexMarkers: Copy + Default + Eq + Debug + Serialize + DeserializeOwned;

    /// The game's own pieces besides combat units and leaders (Alesia: the
    /// Tribal and Cavalry Counters).
    type Pieces: Clone + Eq + Debug + Serialize + DeserializeOwned;

    /// The game's own markers on hexsides (Alesia: hexside Fill, 6.47).
    type HexsideMarkers: Clone + Default + Eq + Debug + Serialize + DeserializeOwned;

    /// The section of this game's rulebook that states `rule` (an event or
    /// error of the engine cites it: a Gergovia game never cites Alesia's
    /// numbers).
    fn section(rule: Rule) -> &'static str;

    /// How narration names `side`'s army. Default: `the Romans` and `their
    /// enemies`.
    fn army(side: gboh_core::Side) -> &'static str {
        match side {
            gboh_core::Side::Roman => "the Romans",
            gboh_core::Side::Adversary => "their enemies",
        }
    }

    /// The game's own pieces at the start, all off the map.
    fn new_pieces(setup: &Self::Setup) -> Self::Pieces;

    /// Whether saved `pieces` fit `setup` (their count, for one).
    ///
    /// # Errors
    /// [`LoadError`] naming what does not fit.
    fn check_pieces(setup: &Self::Setup, pieces: &Self::Pieces) -> Result<(), LoadError> {
        let _ = (setup, pieces);
        Ok(())
    }
}
