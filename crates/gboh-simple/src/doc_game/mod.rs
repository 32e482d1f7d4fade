//! A tiny game for the crate's documentation examples and its own tests: a
//! 5 x 5 board (T0101-T0505) with woods at T0303, water at T0505, a hill
//! (elevation 1) at T0301, a stream T0104/T0105, a stone wall T0204/T0205
//! and a stone wall with a gate T0404/T0405; a terrain chart (clear 1 MP,
//! woods 2 for foot and 3 for cavalry, water impassable, the stream +1,
//! the wall +2 for foot and closed to cavalry, the gate +1, the climb +1);
//! and
//! six units: a Roman cohort, a Gallic warband, a Roman archer, a Roman
//! scorpio, a second Gallic warband and a second Roman cohort; one leader, a
//! Gallic chief; Alesia's leader casualty checks; and [`TinyBattle`], a game
//! under way as the engine's [`Effects`] see it; and [`skirmish`], a whole
//! game on the engine's protocol over the tiny game. Not part of the API.

pub mod skirmish;

use std::sync::Arc;

use gboh_core::Side;
use gboh_core::board::{Barrier, Barriers, Board, HexsideFeature, Terrain};
use gboh_core::facing::{Direction, Facing};
use gboh_core::game::Event;
use gboh_core::table::terrain::{Cost, MoverClass};
use gboh_core::table::{CheckTable, DieCheck, Drm, LoadTable, RollTable, ShockResult};
use gboh_core::unit::{MissileType, TroopQuality, UnitProfile, UnitType};
use hexx::Hex;

use crate::event::SimpleEvent;
use crate::field::Field;
use crate::field::{Lid, Uid};
use crate::game::{Roster, SimpleGame};
use crate::ground::GroundRules;
use crate::muster::{Muster, MusterLeader, MusterUnit};
use crate::rule::Rule;
use crate::rules::advance::AdvanceRules;
use crate::rules::before_shock::BeforeShockRules;
use crate::rules::designation::DesignationRules;
use crate::rules::effects::Effects;
use crate::rules::fire::FireRules;
use crate::rules::leaders::LeaderRules;
use crate::rules::missile::MissileRules;
use crate::rules::reaction_windows::{self, ReactionRules};
use crate::rules::retreat::RetreatRules;
use crate::rules::shock::ShockRules;
use crate::rules::tasks::TaskRules;
use crate::sequence::ActivationCombat;

/// The tiny game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tiny;

/// Its fixed data.
#[derive(Debug, PartialEq, Eq)]
pub struct TinySetup {
    /// The 5 x 5 board.
    pub board: Board,
    muster: Muster,
    shock: RollTable<ShockResult>,
    checks: CheckTable<TinyCheck>,
}

gboh_core::table_key! {
    /// The tiny game's die checks.
    pub enum TinyCheck: "unknown check" {
        MissileLeaderCasualty = "MissileLeaderCasualty",
        ShockLeaderCasualty = "ShockLeaderCasualty",
    }
}

/// Its leader casualty checks, as Alesia prints them (8.18: the shot's own
/// '0', then a '0'; 9.24: a '0', then 0-4).
const CHECKS: &str = r#"(
    name: "Tiny die checks", rule: "8.18", provenance: Reconstructed, die: D10,
    checks: [
        (check: "MissileLeaderCasualty", rule: "8.18", stages: [(0, 0), (0, 0)], provenance: Reconstructed),
        (check: "ShockLeaderCasualty", rule: "9.24", stages: [(0, 0), (0, 4)], provenance: Reconstructed),
    ],
)"#;

/// A tiny game under way: its field, and the units routed so far (the
/// tiny game's routed units stay where they are, for the tests to see).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TinyBattle {
    /// The pieces.
    pub field: Field<Tiny>,
    /// The units routed, in order.
    pub routed: Vec<Uid>,
    /// The combat of the activation under way (the tiny game is always in
    /// one).
    pub combat: ActivationCombat,
    /// Lone leaders waiting to choose where to retreat (4.33).
    pub lone_leaders: Vec<(Lid, Vec<Hex>)>,
    /// The units Entry Reaction windows were opened at (8.62), in order.
    pub entry_windows: Vec<Uid>,
    /// The side whose units are active (the tiny game activates a whole
    /// side).
    pub active: Option<Side>,
}

impl TinyBattle {
    /// A battle on the tiny board with every piece off the map.
    #[must_use]
    pub fn new() -> TinyBattle {
        TinyBattle {
            field: Field::new(Tiny::roster()),
            routed: Vec::new(),
            combat: ActivationCombat::default(),
            lone_leaders: Vec::new(),
            entry_windows: Vec::new(),
            active: None,
        }
    }
}

impl Default for TinyBattle {
    fn default() -> Self {
        TinyBattle::new()
    }
}

/// The engine's events, as they are.
impl Effects for TinyBattle {
    type Game = Tiny;
    type Event = SimpleEvent;

    fn field(&self) -> &Field<Tiny> {
        &self.field
    }
    fn field_mut(&mut self) -> &mut Field<Tiny> {
        &mut self.field
    }
    fn combat(&self) -> Option<&ActivationCombat> {
        Some(&self.combat)
    }
    fn combat_mut(&mut self) -> Option<&mut ActivationCombat> {
        Some(&mut self.combat)
    }
    fn event(what: SimpleEvent) -> SimpleEvent {
        what
    }
    fn routed(&mut self, uid: Uid, _: &mut Vec<Event<SimpleEvent>>) {
        self.routed.push(uid);
    }
}

/// The family's advance after combat.
impl AdvanceRules for TinyBattle {}

/// The family's combat steps; the Entry Reaction windows an advance opens
/// are recorded too.
impl TaskRules for TinyBattle {
    fn open_entry_window(&mut self, uid: Uid) {
        self.entry_windows.push(uid);
        reaction_windows::open_entry(self, uid);
    }
}

/// The tiny game activates a whole side at a time, and has no free shots.
impl ReactionRules for TinyBattle {
    fn active_side(&self) -> Option<Side> {
        self.active
    }
}

/// The family's active fire.
impl FireRules for TinyBattle {}

/// The family's retreat before shock and pursuit.
impl BeforeShockRules for TinyBattle {}

/// The tiny game activates a whole side at a time.
impl DesignationRules for TinyBattle {
    fn is_active(&self, uid: Uid) -> bool {
        self.active.is_some() && self.field.setup().unit_side(uid) == self.active
    }
}

/// A leader commands the units of his side.
impl LeaderRules for TinyBattle {
    fn could_command(field: &Field<Tiny>, lid: Lid, uid: Uid) -> bool {
        let setup = field.setup();
        setup.leader_side(lid).is_some_and(|s| setup.unit_side(uid) == Some(s))
    }
    fn lone_leader_choices(&mut self) -> &mut Vec<(Lid, Vec<Hex>)> {
        &mut self.lone_leaders
    }
}

/// The tiny game's Shock Table, made up: 0-2 the attackers take 2 and
/// retreat, 3-6 one hit each, 7-9 the defenders take 2 and retreat.
const SHOCK: &str = r#"(
    name: "Tiny Shock Table", rule: "9.25", provenance: Reconstructed, die: D10,
    printed_range: (0, 9),
    rows: [
        (rolls: (0, 2), result: (attacker_hits: 2, defender_hits: 0, attacker_retreats: true), provenance: Reconstructed),
        (rolls: (3, 6), result: (attacker_hits: 1, defender_hits: 1), provenance: Reconstructed),
        (rolls: (7, 9), result: (attacker_hits: 0, defender_hits: 2, defender_retreats: true), provenance: Reconstructed),
    ],
)"#;

const BOARD: &str = r#"(
    name: "Tiny", provenance: Reconstructed,
    grid: (prefix: "T", columns: (1, 5), rows: (1, 5), shifted_rows: (1, 5), shifted: Odd),
    legend: [
        (symbol: '.', terrain: Clear),
        (symbol: 'w', terrain: Woods),
        (symbol: '~', terrain: Water),
    ],
    map: ["5 . . . . ~", "4  . . . . .", "3 . . w . .", "2  . . . . .", "1 . . . . ."],
    elevation: ["5 0 0 0 0 0", "4  0 0 0 0 0", "3 1 0 0 0 0", "2  0 0 0 0 0", "1 0 0 0 0 0"],
    hexsides: [
        (features: [Stream], sides: ["T0104/T0105"]),
        (features: [StoneWall], sides: ["T0204/T0205"]),
        (features: [StoneWall, Gate], sides: ["T0404/T0405"]),
    ],
)"#;

impl Tiny {
    /// The setup, shared.
    ///
    /// # Panics
    /// Never: the board text is fixed and valid (a doc helper).
    #[must_use]
    #[allow(clippy::expect_used)]
    pub fn roster() -> Arc<TinySetup> {
        let board = Board::from_ron("tiny.ron", BOARD).expect("the tiny board is valid");
        let shock = RollTable::from_ron("tiny-shock.ron", SHOCK).expect("the tiny table is valid");
        let checks = CheckTable::from_ron("tiny-checks.ron", CHECKS).expect("the checks are valid");
        // Cohorts have a reduced side (TQ 5), so they rout; the rest are
        // eliminated when their hits reach their TQ.
        let profile = |unit_type, tq, missile| UnitProfile {
            unit_type,
            class: None,
            tq: TroopQuality(tq),
            reduced_tq: (unit_type == UnitType::LG).then_some(TroopQuality(5)),
            ma: 6,
            missile,
            routs: true,
        };
        // The two cohorts are one legion (stack group 0), the two warbands
        // one tribe (1), the others each their own; the archers are the
        // auxiliaries.
        let unit = |name: &str, side, stack_group, profile: UnitProfile| MusterUnit {
            name: name.to_owned(),
            side,
            auxiliary: profile.unit_type == UnitType::AR,
            profile,
            stack_group,
        };
        let units = vec![
            unit("Cohort", Side::Roman, 0, profile(UnitType::LG, 7, Some(MissileType::Javelin))),
            unit("Warband", Side::Adversary, 1, profile(UnitType::BI, 5, None)),
            unit("Archers", Side::Roman, 4, profile(UnitType::AR, 5, Some(MissileType::Arrow))),
            unit(
                "Scorpio",
                Side::Roman,
                5,
                profile(UnitType::Scorpio, 5, Some(MissileType::Scorpio)),
            ),
            unit("Warband-2", Side::Adversary, 1, profile(UnitType::BI, 5, None)),
            unit("Cohort-2", Side::Roman, 0, profile(UnitType::LG, 7, Some(MissileType::Javelin))),
            unit("Horse", Side::Adversary, 8, profile(UnitType::GC, 5, None)),
        ];
        // One leader, a Gallic chief without Charisma or a command range.
        let chief = MusterLeader {
            name: "the Chief".to_owned(),
            side: Side::Adversary,
            charisma: 0,
            charisma_reach: 1,
            range: 0,
        };
        let muster = Muster { units, leaders: vec![chief] };
        Arc::new(TinySetup { board, muster, shock, checks })
    }

    /// A facing whose front hexsides include the one from `from` toward the
    /// adjacent `to` (the first of the two, clockwise).
    ///
    /// # Panics
    /// If the hexes are not adjacent (a doc and test helper).
    #[must_use]
    #[allow(clippy::expect_used)]
    pub fn facing_toward(from: Hex, to: Hex) -> Facing {
        let dir = Direction::between(from, to).expect("adjacent hexes");
        Facing::ALL
            .into_iter()
            .find(|f| f.front().contains(&dir))
            .expect("every hexside is a front")
    }

    /// The hex next to `hex` toward `dir` (off the board too).
    #[must_use]
    pub fn neighbor(hex: Hex, dir: Direction) -> Hex {
        dir.neighbor(hex)
    }
}

impl TinySetup {
    /// Its die checks.
    #[must_use]
    pub fn checks(&self) -> &CheckTable<TinyCheck> {
        &self.checks
    }
}

impl Roster for TinySetup {
    type Works = ();

    fn board(&self) -> &Board {
        &self.board
    }
    /// The stone wall stops a ZOC, but not through its gate.
    fn zoc_barriers(&self) -> Barriers {
        Barriers::from_fn(|f| match f {
            HexsideFeature::StoneWall => Barrier::Blocks,
            HexsideFeature::Gate => Barrier::Gap,
            _ => Barrier::None,
        })
    }
    /// The stone wall and its gate stop a line of sight.
    fn sight_barriers(&self) -> Barriers {
        Barriers::from_fn(|f| match f {
            HexsideFeature::StoneWall | HexsideFeature::Gate => Barrier::Blocks,
            _ => Barrier::None,
        })
    }
    /// Seven units and a Gallic chief.
    fn muster(&self) -> &Muster {
        &self.muster
    }
    fn stack_through_friends_mp(&self) -> Option<u8> {
        Some(2)
    }
    fn enter_cost(&self, terrain: Terrain, class: MoverClass) -> Option<Cost> {
        Some(match (terrain, class) {
            (Terrain::Clear, _) => Cost::Mp(1),
            (Terrain::Woods, MoverClass::Foot) => Cost::Mp(2),
            (Terrain::Woods, MoverClass::Cavalry) => Cost::Mp(3),
            (Terrain::Water, _) => Cost::Prohibited,
            _ => return None,
        })
    }
    fn cross_cost(&self, feature: HexsideFeature, class: MoverClass) -> Option<Cost> {
        Some(match (feature, class) {
            (HexsideFeature::Stream, _) | (HexsideFeature::Gate, _) => Cost::Mp(1),
            (HexsideFeature::StoneWall, MoverClass::Foot) => Cost::Mp(2),
            (HexsideFeature::StoneWall, MoverClass::Cavalry) => Cost::Prohibited,
            _ => return None,
        })
    }
    fn climb_mp(&self) -> u8 {
        1
    }
    /// Woods +1 (reconstructed for the test game).
    fn missile_drm(&self, terrain: Terrain) -> Drm {
        if terrain == Terrain::Woods { Drm(1) } else { Drm::ZERO }
    }
    fn missile_drm_target_lower(&self) -> Drm {
        Drm(-1)
    }
    /// Woods -1, across the stone wall -2, uphill -1 (reconstructed for the
    /// test game).
    fn shock_drm(&self, terrain: Terrain) -> Drm {
        if terrain == Terrain::Woods { Drm(-1) } else { Drm::ZERO }
    }
    fn shock_drm_across(&self, feature: HexsideFeature) -> Drm {
        if feature == HexsideFeature::StoneWall { Drm(-2) } else { Drm::ZERO }
    }
    fn shock_drm_uphill(&self) -> Drm {
        Drm(-1)
    }
}

impl SimpleGame for Tiny {
    const RULEBOOK: &'static str = "Tiny";
    type Setup = TinySetup;
    type HexMarkers = ();
    type Pieces = ();
    type HexsideMarkers = ();

    /// The test game copies the family's numbering (Alesia's).
    fn section(rule: Rule) -> &'static str {
        rule.family_section()
    }

    fn army(side: Side) -> &'static str {
        match side {
            Side::Roman => "the Romans",
            Side::Adversary => "the Gauls",
        }
    }

    fn new_pieces(_: &TinySetup) {}
}

/// The family's ground rules, unchanged.
impl GroundRules for Tiny {}

/// Its missile table, made up for the test game: arrows hit on 5, 4, 3, 2
/// at ranges 1 to 4; javelins on 4 at range 1; the scorpio on 6, 5, 4, 3,
/// 2, 1 to range 6. The family's missile rules otherwise.
impl MissileRules for Tiny {
    type Column = TinyColumn;

    fn column(field: &Field<Tiny>, uid: Uid) -> Option<TinyColumn> {
        field.setup().unit_profile(uid)?.missile.map(TinyColumn)
    }
    fn max_range(_: &Field<Tiny>, _: Uid, column: TinyColumn) -> u8 {
        column.row().len().try_into().unwrap_or(0)
    }
    fn hit_number(_: &Field<Tiny>, column: TinyColumn, read_at: u8) -> Result<u8, String> {
        let cell = usize::from(read_at).checked_sub(1).and_then(|i| column.row().get(i));
        cell.copied().ok_or_else(|| format!("no {column} fire at range {read_at}"))
    }
    fn hits_whole_hex(column: TinyColumn) -> bool {
        column.0 == MissileType::Arrow
    }
    fn leader_casualty_check(field: &Field<Tiny>) -> Option<&DieCheck> {
        field.setup().checks.check(&TinyCheck::MissileLeaderCasualty)
    }
}

/// The family's retreats.
impl RetreatRules for Tiny {}

/// Its weapon systems chart, made up for the test game: cohorts against
/// warbands +1, warbands against cohorts -1.
impl ShockRules for Tiny {
    /// The tiny game's legionaries, warbands and horse.
    const SHOCK_TYPES: &'static [UnitType] = &[UnitType::LG, UnitType::BI, UnitType::GC];

    fn shock_table(field: &Field<Tiny>) -> &RollTable<ShockResult> {
        &field.setup().shock
    }
    fn leader_casualty_check(field: &Field<Tiny>) -> Option<&DieCheck> {
        field.setup().checks.check(&TinyCheck::ShockLeaderCasualty)
    }
    fn weapon_systems_drm(_: &Field<Tiny>, a: UnitType, d: UnitType) -> Drm {
        match (a, d) {
            (UnitType::LG, UnitType::BI) => Drm(1),
            (UnitType::BI, UnitType::LG) => Drm(-1),
            _ => Drm::ZERO,
        }
    }
}

/// A column of the tiny game's missile table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TinyColumn(pub MissileType);

impl TinyColumn {
    fn row(self) -> &'static [u8] {
        match self.0 {
            MissileType::Arrow => &[5, 4, 3, 2],
            MissileType::Javelin => &[4],
            MissileType::Scorpio => &[6, 5, 4, 3, 2, 1],
            _ => &[],
        }
    }
}

impl std::fmt::Display for TinyColumn {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?}", self.0)
    }
}
