//! An Alesia game's pieces: the engine's [`Field`] played as
//! [`SiegeOfAlesia`], with Alesia's own pieces (the Tribal and Cavalry
//! Counters, 4.4) and markers (Fill 6.47, On Fire 8.43, Rubble 8.45) beside
//! the combat units and leaders, over the fixed [`Setup`].

mod ids;
mod setup;
mod state;

pub use gboh_simple::field::{HexChange, LoadError, MAX_STACK, PlaceError, Stack};
pub use ids::{CounterIdx, LegionIdx, Lid, Uid};
pub use setup::{CounterInfo, Membership, Setup, SetupError, UnitInfo};
pub use state::{CounterState, HexMarkers, LeaderState, UnitFlags, UnitState};

use crate::map::{Board, SiegeHex, SiegeWorks};
use gboh_core::Side;
use gboh_core::board::{Barriers, HexsideFeature, Terrain};
use gboh_core::facing::Direction;
use gboh_core::table::Drm;
use gboh_core::table::terrain::{Cost, MoverClass};
use gboh_core::unit::UnitProfile;
use gboh_simple::field::{Field, FieldSave};
use gboh_simple::ground::facing::Pivot;
use gboh_simple::ground::stacking::Mover;
use gboh_simple::{GroundRules, Roster, Rule, SimpleGame};
use hexx::Hex;
use serde::{Deserialize, Serialize};

/// *The Siege of Alesia* as a game of the simple family: what it adds to the
/// engine's field, and the sections of its rulebook.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SiegeOfAlesia;

/// The pieces and markers of an Alesia game, over a shared [`Setup`].
pub type Battlefield = Field<SiegeOfAlesia>;

/// The serialized form of a [`Battlefield`].
pub type BattlefieldSave = FieldSave<SiegeOfAlesia>;

/// Fill on hexsides (6.46-6.48): (board index, direction, value), sorted by
/// hexside and one entry a hexside (a save is normalized on load).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "Vec<(u16, Direction, u8)>", into = "Vec<(u16, Direction, u8)>")]
pub struct HexsideFills(Vec<(u16, Direction, u8)>);

impl From<HexsideFills> for Vec<(u16, Direction, u8)> {
    fn from(fills: HexsideFills) -> Vec<(u16, Direction, u8)> {
        fills.0
    }
}

impl From<Vec<(u16, Direction, u8)>> for HexsideFills {
    fn from(mut fills: Vec<(u16, Direction, u8)>) -> HexsideFills {
        fills.sort_by_key(|&(i, d, _)| (i, d));
        fills.dedup_by_key(|e| (e.0, e.1));
        HexsideFills(fills)
    }
}

/// 6.35, 6.36, 6.43, 6.44: the chart's row for a hexside feature (a walkway
/// is not crossed: it is a way along the rampart, 6.42; the town wall and
/// the embankment are not on Alesia's map).
fn hexside_key(feature: HexsideFeature) -> Option<crate::tables::HexsideKey> {
    use crate::tables::HexsideKey;
    Some(match feature {
        HexsideFeature::CampWall => HexsideKey::CampWall,
        HexsideFeature::StoneWall => HexsideKey::StoneWall,
        HexsideFeature::FortWall => HexsideKey::RedoubtWall,
        HexsideFeature::Gate => HexsideKey::Gate,
        HexsideFeature::MinorRiver => HexsideKey::MinorRiver,
        HexsideFeature::Stream => HexsideKey::Stream,
        HexsideFeature::WaterDitch => HexsideKey::WaterDitch,
        HexsideFeature::Escarpment => HexsideKey::StoneCrest,
        HexsideFeature::Pass => HexsideKey::CrestGate,
        HexsideFeature::Walkway | HexsideFeature::TownWall | HexsideFeature::Embankment => {
            return None;
        }
    })
}

impl Roster for Setup {
    type Works = SiegeHex;

    fn board(&self) -> &Board {
        &self.board
    }

    fn zoc_barriers(&self) -> Barriers {
        Setup::zoc_barriers(self)
    }

    fn sight_barriers(&self) -> Barriers {
        Setup::sight_barriers(self)
    }

    fn unit_count(&self) -> usize {
        self.units.len()
    }

    fn leader_count(&self) -> usize {
        self.leaders.len()
    }

    #[inline]
    fn unit_side(&self, uid: Uid) -> Option<Side> {
        self.unit(uid).map(|i| i.side)
    }

    #[inline]
    fn leader_side(&self, lid: Lid) -> Option<Side> {
        self.leader(lid).map(|l| l.side)
    }

    #[inline]
    fn unit_profile(&self, uid: Uid) -> Option<&UnitProfile> {
        self.unit(uid).map(|i| &i.profile)
    }

    fn unit_name(&self, uid: Uid) -> Option<&str> {
        self.unit(uid).map(|i| i.id.as_str())
    }

    #[inline]
    fn unit_stack_group(&self, uid: Uid) -> Option<u16> {
        self.unit(uid).map(|i| i.stack_group)
    }

    /// 2.4 Auxiliaries: Roman LI and archers.
    #[inline]
    fn unit_is_auxiliary(&self, uid: Uid) -> bool {
        self.unit(uid).is_some_and(UnitInfo::is_auxiliary)
    }

    /// 6.31, 6.33: the chart's row for the natural terrain.
    fn enter_cost(&self, terrain: Terrain, class: MoverClass) -> Option<Cost> {
        self.tables.terrain().enter_cost(crate::movement::cost::natural_key(terrain), class)
    }

    /// 6.35, 6.36, 6.43, 6.44: the chart's hexside rows (a walkway is not
    /// crossed: it is a way along the rampart, 6.42).
    fn cross_cost(&self, feature: HexsideFeature, class: MoverClass) -> Option<Cost> {
        self.tables.terrain().cross_cost(hexside_key(feature)?, class)
    }

    /// 8.17: the chart's row for the natural terrain.
    fn missile_drm(&self, terrain: Terrain) -> Drm {
        self.tables
            .terrain()
            .hex(crate::movement::cost::natural_key(terrain))
            .map_or(Drm::ZERO, |row| row.missile_drm.value)
    }

    /// 8.17: "target on a lower elevation".
    fn missile_drm_target_lower(&self) -> Drm {
        self.tables.terrain().elevation().missile_drm_target_lower.value
    }

    /// 9.25 Terrain: the chart's row for the natural terrain.
    fn shock_drm(&self, terrain: Terrain) -> Drm {
        self.tables
            .terrain()
            .hex(crate::movement::cost::natural_key(terrain))
            .map_or(Drm::ZERO, |row| row.shock_drm.value)
    }

    /// 9.25 Terrain: the chart's hexside rows.
    fn shock_drm_across(&self, feature: HexsideFeature) -> Drm {
        hexside_key(feature)
            .and_then(|k| self.tables.terrain().hexside(k))
            .map_or(Drm::ZERO, |row| row.shock_drm.value)
    }

    /// 9.25 Terrain: uphill.
    fn shock_drm_uphill(&self) -> Drm {
        self.tables.terrain().elevation().shock_drm_uphill.value
    }

    /// 4.34.
    fn leader_charisma(&self, lid: Lid) -> u8 {
        self.leader(lid).map_or(0, |l| l.charisma())
    }

    /// 6.31: the chart's elevation row.
    fn climb_mp(&self) -> u8 {
        self.tables.terrain().elevation().climb_mp.value
    }

    /// 6.63: the chart's `StackThroughFriends` row.
    fn stack_through_friends_mp(&self) -> Option<u8> {
        self.tables.terrain().move_mp(crate::tables::MoveKey::StackThroughFriends)
    }
}

impl SimpleGame for SiegeOfAlesia {
    const RULEBOOK: &'static str = "The Siege of Alesia";
    type Setup = Setup;
    type HexMarkers = HexMarkers;
    type Pieces = Vec<CounterState>;
    type HexsideMarkers = HexsideFills;

    /// Alesia's rulebook is the family's published text: every rule at the
    /// family's number ([`Rule::family_section`]).
    fn section(rule: Rule) -> &'static str {
        rule.family_section()
    }

    fn new_pieces(setup: &Setup) -> Vec<CounterState> {
        vec![CounterState::UNPLACED; setup.counters.len()]
    }

    fn check_pieces(setup: &Setup, pieces: &Vec<CounterState>) -> Result<(), LoadError> {
        if pieces.len() == setup.counters.len() {
            Ok(())
        } else {
            Err(LoadError::CountMismatch {
                what: "counters",
                saved: pieces.len(),
                setup: setup.counters.len(),
            })
        }
    }
}

/// Alesia's ground: its units atop their Tribal Counters, its redoubts and
/// ramparts (the engine's [`GroundRules`] hooks).
impl GroundRules for SiegeOfAlesia {
    /// 6.11, 6.5, 6.72, 6.47: one less carrying Fill
    /// ([`crate::combat::shock::retreat_before_shock::current_ma`]).
    fn movement_allowance(field: &Battlefield, uid: Uid) -> u8 {
        crate::combat::shock::retreat_before_shock::current_ma(field, uid)
    }

    /// 7.12: "all units pay one movement point to change facing in any
    /// direction, regardless of the number of vertices shifted", except
    /// leaders, "Auxiliaries and all Gallic foot units, none of which pay
    /// any MP cost", and cavalry, "which pay one movement point for each
    /// vertex".
    fn pivot(mover: &Mover) -> Pivot {
        if mover.auxiliary || (mover.side == Side::Adversary && mover.is_foot()) {
            Pivot::Free
        } else {
            gboh_simple::ground::facing::family_pivot(mover)
        }
    }

    /// 5.48, 6.21: a unit placed atop its Tribal Counter for movement stands
    /// in the counter's hex until it moves off; 12.1: the Alesia Force comes
    /// on through the east-edge entry hexes, dealt out by unit.
    fn standing_off_map(field: &Battlefield, uid: Uid) -> Option<Hex> {
        if !field.unit(uid)?.flags.has(UnitFlags::ON_COUNTER) {
            return None;
        }
        let setup = field.setup();
        let info = setup.unit(uid)?;
        if info.membership == Membership::AlesiaForce {
            let entry = setup.board.area(crate::map::areas::ALESIA_FORCE_ENTRY)?.hexes();
            return entry.get(uid.index() % entry.len().max(1)).copied();
        }
        field.counter(info.counter?)?.at
    }

    /// 6.22: an unflipped Tribal Counter keeps combat units out.
    #[inline]
    fn closed_to_units(field: &Battlefield, hex: Hex) -> bool {
        crate::movement::tether::counter_blocks(field, hex)
    }

    /// 6.22: every unflipped Tribal Counter's hex.
    fn for_each_closed_hex(field: &Battlefield, f: &mut dyn FnMut(Hex)) {
        for c in field.counters() {
            if let Some(h) = c.at
                && crate::movement::tether::counter_blocks(field, h)
            {
                f(h);
            }
        }
    }

    /// 6.44: a unit in a redoubt faces all round, while it stands (8.45: a
    /// redoubt burnt down to Rubble "no longer exists as such").
    #[inline]
    fn all_round_front(field: &Battlefield, hex: Hex) -> bool {
        crate::movement::cost::is_redoubt(field, hex)
    }

    /// 8.15: a unit on a standing rampart stands one level above its
    /// ground (6.42).
    #[inline]
    fn height(field: &Battlefield, hex: Hex) -> u8 {
        let ground = field.setup().board.elevation(hex).unwrap_or(0);
        if crate::movement::cost::is_rampart(field, hex) {
            ground.saturating_add(1)
        } else {
            ground
        }
    }

    /// 6.3, 6.4: Alesia's own step over its works, Fill and fire (a
    /// Rampart/Gate may be passed through), ignoring the pieces.
    fn step_cost(
        field: &Battlefield,
        mover: &gboh_simple::ground::stacking::Mover,
        from: Hex,
        to: Hex,
        _dir: Direction,
    ) -> Result<u8, gboh_simple::ground::step::StepError> {
        crate::movement::step::terrain_cost(field, mover, from, to)
            .ok_or(gboh_simple::ground::step::StepError::Impassable(to))
    }

    /// 6.61, 8.57, 5.64: Alesia's ramparts, redoubts and oppidum.
    fn check_stack(
        field: &Battlefield,
        hex: Hex,
        units: &[Uid],
    ) -> Result<(), gboh_simple::ground::stacking::StackingError> {
        crate::movement::stacking::alesia_check_stack(field, hex, units)
    }

    /// 6.63: friends in a rampart hex.
    fn friends_entry(
        field: &Battlefield,
        hex: Hex,
        _mover: &gboh_simple::ground::stacking::Mover,
        friends: &[Uid],
    ) -> Result<
        gboh_simple::ground::stacking::FriendsEntry,
        gboh_simple::ground::stacking::StackingError,
    > {
        crate::movement::stacking::alesia_friends_entry(field, hex, friends)
    }

    /// 7.22: the family's rule (not into water, not across a wall but
    /// through its gate), and not up into a Rampart hex from below (it does
    /// extend down, and along the walkway), nor across the water ditch
    /// unless filled to 3 (6.48).
    #[inline]
    fn zoc_extends(field: &Battlefield, from: Hex, to: Hex, dir: Direction) -> bool {
        let board = &field.setup().board;
        let side = board.hexside(from, dir);
        if !gboh_simple::family_zoc_extends_across(board, to, side, field.setup().zoc_barriers()) {
            return false;
        }
        if board.is_rampart(to) && !board.is_rampart(from) {
            return false;
        }
        !(side.contains(HexsideFeature::WaterDitch) && field.hexside_fill(from, dir) < 3)
    }
}

/// Alesia's own pieces and markers on the engine's field: the Tribal and
/// Cavalry Counters (4.4) and hexside Fill (6.47).
pub trait AlesiaField {
    /// Counter `c`'s state.
    fn counter(&self, c: CounterIdx) -> Option<&CounterState>;
    /// Counter `c`'s state, mutably.
    fn counter_mut(&mut self, c: CounterIdx) -> Option<&mut CounterState>;
    /// Every counter's state, indexed by [`CounterIdx`].
    fn counters(&self) -> &[CounterState];
    /// The Fill value on the hexside of `hex` toward `dir` (6.47).
    fn hexside_fill(&self, hex: Hex, dir: Direction) -> u8;
    /// Sets the Fill value on a hexside (6.47); 0 removes it. Returns false
    /// off the map.
    fn set_hexside_fill(&mut self, hex: Hex, dir: Direction, value: u8) -> bool;
    /// Every hexside Fill: (hex, direction, value).
    fn hexside_fills(&self) -> impl Iterator<Item = (Hex, Direction, u8)> + '_;
}

impl AlesiaField for Battlefield {
    fn counter(&self, c: CounterIdx) -> Option<&CounterState> {
        self.pieces().get(c.index())
    }

    fn counter_mut(&mut self, c: CounterIdx) -> Option<&mut CounterState> {
        self.pieces_mut().get_mut(c.index())
    }

    fn counters(&self) -> &[CounterState] {
        self.pieces()
    }

    fn hexside_fill(&self, hex: Hex, dir: Direction) -> u8 {
        let fills = &self.hexside_markers().0;
        self.hexside_key(hex, dir)
            .and_then(|k| {
                fills.binary_search_by_key(&k, |&(i, d, _)| (i, d)).ok().and_then(|p| fills.get(p))
            })
            .map_or(0, |&(_, _, v)| v)
    }

    fn set_hexside_fill(&mut self, hex: Hex, dir: Direction, value: u8) -> bool {
        let Some(key) = self.hexside_key(hex, dir) else {
            // Off the map: nothing changes (as before, the stamp moves on).
            let _ = self.hexside_markers_mut();
            return false;
        };
        let fills = &mut self.hexside_markers_mut().0;
        match fills.binary_search_by_key(&key, |&(i, d, _)| (i, d)) {
            Ok(p) if value == 0 => {
                fills.remove(p);
            }
            Ok(p) => {
                if let Some(e) = fills.get_mut(p) {
                    e.2 = value;
                }
            }
            Err(_) if value == 0 => {}
            Err(p) => fills.insert(p, (key.0, key.1, value)),
        }
        true
    }

    fn hexside_fills(&self) -> impl Iterator<Item = (Hex, Direction, u8)> + '_ {
        self.hexside_markers()
            .0
            .iter()
            .filter_map(|&(i, d, v)| self.setup().board.hex_at(usize::from(i)).map(|h| (h, d, v)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 13: an engine rule is cited by Alesia's own section number.
    #[test]
    fn every_engine_rule_has_an_alesia_section() {
        for rule in Rule::ALL {
            let section = SiegeOfAlesia::section(rule);
            let numbered = !section.is_empty()
                && section
                    .split('.')
                    .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()));
            assert!(numbered, "{rule:?} cites {section:?}");
        }
        assert_eq!(SiegeOfAlesia::section(Rule::ZocExtent), "7.22");
        assert_eq!(SiegeOfAlesia::section(Rule::CommandRange), "4.24");
    }
}
