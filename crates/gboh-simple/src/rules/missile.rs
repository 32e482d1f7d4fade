//! Missile fire ([`Rule::MissileTargets`] and the rules around it; Alesia
//! 8.1-8.3 and 8.6): aiming a shot (who may fire, range, arc, line of sight,
//! the family's DRMs), whom its hit falls on, and the roll against its hit
//! number.
//!
//! A [`ShotSpec`] says who fires at which hex, from where and how; [`aim`]
//! checks it against the family's rules and the game's hooks
//! ([`MissileRules`]) and returns a [`Shot`] with its table column, hit
//! number, modifiers and targets. Active fire and every kind of reaction go
//! through it. Applying the hits and the leader casualties is the game's
//! protocol (they rout units and kill leaders, which its events report).
//!
//! ```
//! use gboh_core::facing::Facing;
//! use gboh_simple::ground::los::leaving_by;
//! use gboh_simple::rules::missile::{ShotKind, ShotSpec, aim};
//! use gboh_simple::{Field, Uid};
//! # use gboh_simple::doc_game::Tiny;
//! let mut field: Field<Tiny> = Field::new(Tiny::roster());
//! let hex = |l: &str| field.setup().board.hex_of(l).unwrap();
//! let (archers, warband) = (Uid(2), Uid(1));
//! let (from, target) = (hex("T0202"), hex("T0204"));
//! // The archers face the warband two hexes away.
//! let front = Facing::toward(leaving_by(from, target)[0])[0];
//! field.move_unit(archers, from, front).unwrap();
//! field.move_unit(warband, target, Facing::Six).unwrap();
//! let spec = ShotSpec {
//!     firer: archers, from, hits: 0, target, only: None, kind: ShotKind::Active, moved: false,
//! };
//! let shot = aim(&field, &spec).unwrap();
//! assert_eq!((shot.range, shot.hit_number), (2, 4));
//! assert_eq!(shot.affected, vec![warband]);
//! ```

use std::fmt::{Debug, Display};

use gboh_core::dice::{Dice, DiceError, Die};
use gboh_core::facing::{Aspect, Direction};
use gboh_core::game::Event;
use gboh_core::table::{DieCheck, Distribution, Drm, ModifiedRoll, Modifiers};
use gboh_core::unit::{Status, UnitType};
use hexx::Hex;
use serde::Serialize;

use crate::event::SimpleEvent;
pub use crate::event::{ShotKind, ShotSpec};
use crate::field::Field;
use crate::game::{Roster, SimpleGame};
use crate::ground::GroundRules;
use crate::ground::los::{entering_by, leaving_by, sight};
use crate::id::{Lid, Uid};
use crate::rule::Rule;
use crate::rules::effects::{Effects, leader_casualty_check, take_hits};
use crate::rules::odds::{UnitOutcome, leader_losses, preview_hits};

/// A checked shot: its table column, ranges, hit number and modifiers, and
/// whom a hit would fall on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shot<C> {
    /// What was aimed.
    pub spec: ShotSpec,
    /// The missile table's column.
    pub column: C,
    /// The distance in hexes.
    pub range: u8,
    /// The range read on the table ([`ShotKind::read_at`]).
    pub read_at: u8,
    /// A hit on this modified roll or less.
    pub hit_number: u8,
    /// Every DRM, with its rule.
    pub modifiers: Modifiers,
    /// The units a hit falls on, one hit each.
    pub affected: Vec<Uid>,
    /// The enemy leaders in the target hex (their casualty checks).
    pub leaders: Vec<Lid>,
}

/// The outcome of one shot.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct FireOutcome {
    /// [`Rule::MissileHit`]: whether it hit.
    pub hit: bool,
    /// [`Rule::MissileHitsEachUnit`]: the units hit, and what became of them.
    pub units: Vec<UnitOutcome>,
    /// [`Rule::MissileLeaderCasualty`]: the leaders killed.
    pub leaders_lost: Vec<Lid>,
}

/// Why a shot may not be fired, under which section of the played game's
/// rulebook: one clear line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    /// The section.
    pub section: &'static str,
    /// Why, in words.
    pub why: String,
}

impl Refusal {
    /// A refusal under the engine's `rule`, in game `G`'s numbering.
    #[must_use]
    pub fn by<G: SimpleGame>(rule: Rule, why: impl Into<String>) -> Refusal {
        Refusal { section: G::section(rule), why: why.into() }
    }
}

/// A clear line of sight.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Sighted {
    /// The line passes over something the game charges for (Alesia 8.55:
    /// Palintonos over walls or ramparts, +1).
    pub over: bool,
}

/// What a game states and changes about missile fire. Required: its missile
/// table (columns, ranges, hit numbers) and which columns hit a whole hex.
/// Hooks: its own refusals, who in a stack fires, who missiles cannot hurt,
/// the line of sight, and the DRMs.
pub trait MissileRules: GroundRules {
    /// A column of the game's missile table.
    type Column: Copy + Eq + Debug + Display;

    /// The column unit `uid` fires on, if it has missiles.
    fn column(field: &Field<Self>, uid: Uid) -> Option<Self::Column>;

    /// The longest range unit `uid` fires at on `column`.
    fn max_range(field: &Field<Self>, uid: Uid, column: Self::Column) -> u8;

    /// The table's hit number for `column` read at range `read_at`.
    ///
    /// # Errors
    /// The table's message when it has no such cell.
    fn hit_number(field: &Field<Self>, column: Self::Column, read_at: u8) -> Result<u8, String>;

    /// Whether a hit on `column` falls on every unit in the hex (arrows,
    /// stones) rather than on one (javelins: the top unit, or the bottom one
    /// through the rear).
    fn hits_whole_hex(column: Self::Column) -> bool;

    /// The leader casualty check of a shot ([`Rule::MissileLeaderCasualty`]):
    /// its first stage is the shot's own unmodified roll, the rest rolled
    /// for each leader in the target hex; `None` if the game has none.
    fn leader_casualty_check(field: &Field<Self>) -> Option<&DieCheck>;

    /// A game's own refusal of a shot, asked once its column and range are
    /// known (Alesia 8.43: not from an On Fire hex; 8.22, 8.56). Default:
    /// none.
    fn refuse_shot(
        field: &Field<Self>,
        spec: &ShotSpec,
        column: Self::Column,
        range: u8,
    ) -> Option<Refusal> {
        let _ = (field, spec, column, range);
        None
    }

    /// Whether unit `uid` in `hex` fires from anywhere in its stack, not only
    /// from its top ([`Rule::StackFire`]; Alesia: on a rampart, and
    /// artillery). Default: only the top unit fires.
    fn fires_from_within_stack(field: &Field<Self>, uid: Uid, hex: Hex) -> bool {
        let _ = (field, uid, hex);
        false
    }

    /// Whether missiles cannot hurt unit `uid` (it is no target, and a hit
    /// on its hex passes it by). Default: artillery (Alesia 8.5).
    fn missile_proof(field: &Field<Self>, uid: Uid) -> bool {
        unit_type(field, uid).is_some_and(UnitType::is_artillery)
    }

    /// The line of sight of a shot ([`Rule::LineOfSight`]). Default: the
    /// family's [`sight`], archers firing over units closer to them than
    /// the target.
    ///
    /// # Errors
    /// What blocks it, and where.
    fn line_of_sight(
        field: &Field<Self>,
        spec: &ShotSpec,
        column: Self::Column,
    ) -> Result<Sighted, Refusal> {
        let _ = column;
        let archers = unit_type(field, spec.firer) == Some(UnitType::AR);
        sight(field, spec.from, spec.target, archers).map(|()| Sighted::default()).map_err(|b| {
            Refusal::by::<Self>(
                Rule::LineOfSight,
                format!("line of sight blocked by {} in {}", b.what(), label(field, b.hex())),
            )
        })
    }

    /// The shot's DRMs, each with its rule. Default:
    /// [`family_modifiers`].
    fn shot_modifiers(
        field: &Field<Self>,
        spec: &ShotSpec,
        column: Self::Column,
        range: u8,
        sighted: Sighted,
    ) -> Modifiers {
        let _ = (column, range, sighted);
        family_modifiers(field, spec)
    }
}

/// The label of a hex, for messages.
#[must_use]
pub fn label<G: SimpleGame>(field: &Field<G>, hex: Hex) -> String {
    field.setup().board().label(hex).map_or_else(|| format!("{hex:?}"), |l| l.to_string())
}

fn unit_type<G: SimpleGame>(field: &Field<G>, uid: Uid) -> Option<UnitType> {
    field.setup().unit_profile(uid).map(|p| p.unit_type)
}

fn name<G: SimpleGame>(field: &Field<G>, uid: Uid) -> String {
    field.setup().unit_name(uid).unwrap_or("the unit").to_string()
}

/// Whether a unit is on the map and neither routed nor eliminated.
#[must_use]
pub fn is_formed<G: SimpleGame>(field: &Field<G>, uid: Uid) -> bool {
    field.unit(uid).is_some_and(|u| {
        u.at.is_some() && matches!(u.cohesion.status, Status::Fresh | Status::Reduced)
    })
}

/// Checks `spec` against the family's rules and the game's hooks and
/// computes its hit number, modifiers and targets. Who may fire now (the
/// active command, fires left, reactions left) is the caller's check.
///
/// # Errors
/// The first rule the shot breaks, in the played game's numbering.
pub fn aim<G: MissileRules>(field: &Field<G>, spec: &ShotSpec) -> Result<Shot<G::Column>, Refusal> {
    let no_unit = || Refusal::by::<G>(Rule::CombatUnits, "no such unit");
    let setup = field.setup();
    let side = setup.unit_side(spec.firer).ok_or_else(no_unit)?;
    let state = field.unit(spec.firer).ok_or_else(no_unit)?;
    let who = || name(field, spec.firer);
    // A Return Fire is simultaneous with the shot it answers.
    let simultaneous = matches!(spec.kind, ShotKind::Return { .. });
    if !simultaneous {
        if state.at != Some(spec.from) {
            return Err(Refusal::by::<G>(
                Rule::MissileTargets,
                format!("{} is not in that hex", who()),
            ));
        }
        if !is_formed(field, spec.firer) {
            return Err(Refusal::by::<G>(
                Rule::RoutedMayOnlyMove,
                format!("{} is routed and may only move", who()),
            ));
        }
    }
    let column = G::column(field, spec.firer).ok_or_else(|| {
        Refusal::by::<G>(Rule::MissileCapability, format!("{} has no missile capability", who()))
    })?;
    let range = u8::try_from(spec.from.unsigned_distance_to(spec.target)).unwrap_or(u8::MAX);
    if let Some(refusal) = G::refuse_shot(field, spec, column, range) {
        return Err(refusal);
    }
    if !simultaneous
        && !G::fires_from_within_stack(field, spec.firer, spec.from)
        && field.stack(spec.from).top() != Some(spec.firer)
    {
        return Err(Refusal::by::<G>(Rule::StackFire, "only the top unit of a stack may fire"));
    }
    let enemies: Vec<Uid> = field
        .stack(spec.target)
        .iter()
        .filter(|&u| setup.unit_side(u).is_some_and(|s| s != side) && !G::missile_proof(field, u))
        .collect();
    if enemies.is_empty() {
        return Err(Refusal::by::<G>(
            Rule::MissileTargetsUnits,
            format!("no enemy combat unit that missiles can hit in {}", label(field, spec.target)),
        ));
    }
    if let Some(only) = spec.only
        && !enemies.contains(&only)
    {
        return Err(Refusal::by::<G>(
            Rule::RetireReaction,
            "the unit fired at is not in the target hex",
        ));
    }
    if range == 0 {
        return Err(Refusal::by::<G>(Rule::MissileTargets, "a unit does not fire at its own hex"));
    }
    let read_at = spec.kind.read_at(range);
    let longest = G::max_range(field, spec.firer, column);
    if spec.kind == ShotKind::Retire && longest < 2 {
        return Err(Refusal::by::<G>(
            Rule::RetireReaction,
            "only units that fire two hexes or more use Retire Reaction",
        ));
    }
    if read_at > longest {
        return Err(Refusal::by::<G>(
            Rule::MissileRange,
            format!("no fire possible beyond range {longest} for {column} (range {read_at})"),
        ));
    }
    let hit_number = G::hit_number(field, column, read_at)
        .map_err(|e| Refusal::by::<G>(Rule::MissileRange, e))?;
    if !G::all_round_front(field, spec.from) {
        let out = leaving_by(spec.from, spec.target);
        if !out.iter().any(|&d| state.facing.aspect(d) != Aspect::Rear) {
            return Err(Refusal::by::<G>(
                Rule::MissileTargets,
                "missiles go out through the front or flank hexsides only",
            ));
        }
    }
    let sighted = G::line_of_sight(field, spec, column)?;
    let modifiers = G::shot_modifiers(field, spec, column, range, sighted);
    let affected = affected::<G>(field, spec, column, &enemies);
    let leaders = field
        .leaders_in(spec.target)
        .filter(|&l| setup.leader_side(l).is_some_and(|s| s != side))
        .collect();
    Ok(Shot {
        spec: spec.clone(),
        column,
        range,
        read_at,
        hit_number,
        modifiers,
        affected,
        leaders,
    })
}

/// [`Rule::MissileHitsEachUnit`], [`Rule::StackFire`]: whom a hit falls on.
/// Whole-hex columns hit every unit missiles can hurt; the others hit the top
/// unit, or the bottom one when the line enters through the target's rear
/// hexsides; Retire Reaction hits only the unit leaving.
fn affected<G: MissileRules>(
    field: &Field<G>,
    spec: &ShotSpec,
    column: G::Column,
    enemies: &[Uid],
) -> Vec<Uid> {
    if let Some(only) = spec.only {
        return vec![only];
    }
    if G::hits_whole_hex(column) {
        return enemies.to_vec();
    }
    let facing = enemies.first().and_then(|&u| field.unit(u)).map(|s| s.facing);
    let through_rear = facing.is_some_and(|f| {
        let dirs = entering_by(spec.from, spec.target);
        !dirs.is_empty() && dirs.iter().all(|&d| f.aspect(d) == Aspect::Rear)
    });
    let pick = if through_rear { enemies.last() } else { enemies.first() };
    pick.copied().into_iter().collect()
}

/// [`Rule::MissileModifiers`]: a target on lower ground (the chart's DRM).
#[must_use]
pub fn target_lower<G: GroundRules>(field: &Field<G>, spec: &ShotSpec) -> Option<(String, Drm)> {
    (G::height(field, spec.target) < G::height(field, spec.from)).then(|| {
        ("target on a lower elevation".to_string(), field.setup().missile_drm_target_lower())
    })
}

/// [`Rule::MissileModifiers`]: +1 for each hit on the firer.
#[must_use]
pub fn firer_hits(spec: &ShotSpec) -> Option<(String, Drm)> {
    (spec.hits > 0)
        .then(|| (format!("{} hits on the firing unit", spec.hits), Drm(i32::from(spec.hits))))
}

/// [`Rule::MissileModifiers`]: the chart's DRM for the target hex's natural
/// terrain.
#[must_use]
pub fn target_terrain<G: SimpleGame>(field: &Field<G>, spec: &ShotSpec) -> Option<(String, Drm)> {
    let terrain = field.setup().board().info(spec.target)?.terrain;
    let drm = field.setup().missile_drm(terrain);
    (drm != Drm::ZERO)
        .then(|| (format!("target in {}", crate::ground::step::terrain_name(terrain)), drm))
}

/// Whether a unit is a foot archer or a mounted missile unit: the units the
/// "+1 moved or will move" applies to.
#[must_use]
pub fn moving_matters<G: SimpleGame>(field: &Field<G>, uid: Uid) -> bool {
    field.setup().unit_profile(uid).is_some_and(|p| {
        p.unit_type == UnitType::AR || (p.unit_type.is_cavalry() && p.missile.is_some())
    })
}

/// [`Rule::MissileModifiers`]: +1 when a foot archer or mounted missile unit
/// moved or will move.
#[must_use]
pub fn firer_moved<G: SimpleGame>(field: &Field<G>, spec: &ShotSpec) -> Option<(String, Drm)> {
    (spec.moved && moving_matters(field, spec.firer))
        .then(|| ("foot archer or mounted missile unit moved or will move".to_string(), Drm(1)))
}

/// [`Rule::ArcheryAtArchers`]: +1 for archers firing at a lone archer unit.
#[must_use]
pub fn archers_at_lone_archers<G: SimpleGame>(
    field: &Field<G>,
    spec: &ShotSpec,
) -> Option<(String, Drm)> {
    let archer = |u: Uid| unit_type(field, u) == Some(UnitType::AR);
    let stack = field.stack(spec.target);
    let lone_archer = stack.len() == 1 && stack.top().is_some_and(archer);
    (archer(spec.firer) && lone_archer)
        .then(|| ("archers at a lone archer unit".to_string(), Drm(1)))
}

/// The family's DRMs in order: target on lower ground, hits on the firer,
/// the target's terrain, the firer moved, archers at a lone archer unit.
#[must_use]
pub fn family_modifiers<G: GroundRules>(field: &Field<G>, spec: &ShotSpec) -> Modifiers {
    let mut m = Modifiers::new();
    let drms = G::section(Rule::MissileModifiers);
    for (what, drm) in [
        target_lower(field, spec),
        firer_hits(spec),
        target_terrain(field, spec),
        firer_moved(field, spec),
    ]
    .into_iter()
    .flatten()
    {
        m.push(drms, what, drm);
    }
    if let Some((what, drm)) = archers_at_lone_archers(field, spec) {
        m.push(G::section(Rule::ArcheryAtArchers), what, drm);
    }
    m
}

/// [`Rule::MissileHit`]: the roll of `face` modified, and whether it hits
/// (at or under the hit number).
#[must_use]
pub fn hits<C>(shot: &Shot<C>, face: u8) -> (ModifiedRoll, bool) {
    let modified = shot.modifiers.apply(face);
    (modified, modified.0 <= i32::from(shot.hit_number))
}

/// Fires `shot`: its roll ([`Rule::MissileHit`], reported with the DRMs and
/// the modified roll), one hit on each affected unit if it hit
/// ([`Rule::MissileHitsEachUnit`]; routs and eliminations follow through the
/// game's [`Effects`]), then, if the unmodified roll passes the first stage
/// of the game's leader casualty check, a check for each leader in the
/// target hex ([`Rule::MissileLeaderCasualty`]). Returns what happened.
///
/// # Errors
/// Only when scripted dice run out.
pub fn resolve<E>(
    e: &mut E,
    shot: &Shot<<E::Game as MissileRules>::Column>,
    dice: &mut Dice,
    events: &mut Vec<Event<E::Event>>,
) -> Result<FireOutcome, DiceError>
where
    E: Effects + ?Sized,
    E::Game: MissileRules,
{
    let roll = dice.roll(Die::D10)?;
    let (modified, hit) = hits(shot, roll.face);
    let fired = SimpleEvent::Fired {
        unit: shot.spec.firer,
        target: shot.spec.target,
        kind: shot.spec.kind,
        range: shot.read_at,
        hit_number: shot.hit_number,
        modifiers: shot.modifiers.clone(),
        modified,
        hit,
    };
    events.push(Event::new(E::Game::section(Rule::MissileHit), E::event(fired)).with_roll(roll));
    let mut units = Vec::new();
    if hit {
        let rule = E::Game::section(Rule::MissileHitsEachUnit);
        for &u in &shot.affected {
            let fate = take_hits(e, u, 1, rule, events);
            units.push(UnitOutcome { unit: u, hits: 1, fate });
        }
    }
    let mut leaders_lost = Vec::new();
    let check = E::Game::leader_casualty_check(e.field()).cloned();
    if let Some(check) = check
        && check.passes(0, roll.face)
    {
        let rule = E::Game::section(Rule::MissileLeaderCasualty);
        for &lid in &shot.leaders {
            if leader_casualty_check(e, lid, &check, 1, rule, dice, events)? {
                leaders_lost.push(lid);
            }
        }
    }
    Ok(FireOutcome { hit, units, leaders_lost })
}

/// The exact distribution of a shot's outcomes: hit or miss on each face
/// ([`Rule::MissileHit`]), each affected unit's fate, and the leader
/// casualties ([`Rule::MissileLeaderCasualty`]: the first stage on the
/// shot's own roll, then a roll per leader).
///
/// # Errors
/// Only if the chained rolls are too many to count.
pub fn odds<G: MissileRules>(
    field: &Field<G>,
    shot: &Shot<G::Column>,
) -> Result<Distribution<FireOutcome>, Refusal> {
    let check = G::leader_casualty_check(field);
    let on_hit: Vec<UnitOutcome> =
        shot.affected.iter().map(|&u| preview_hits(field, u, 1)).collect();
    Distribution::over_faces(Die::D10, |face| face)
        .and_then(|&face| {
            let hit = hits(shot, face).1;
            let units = if hit { on_hit.clone() } else { Vec::new() };
            let lost = match check {
                Some(check) if check.passes(0, face) && !shot.leaders.is_empty() => {
                    leader_losses(&shot.leaders, check, true)
                }
                _ => Distribution::certain(Vec::new()),
            };
            lost.map(|leaders_lost| FireOutcome { hit, units: units.clone(), leaders_lost })
        })
        .ok_or_else(|| {
            Refusal::by::<G>(Rule::MissileLeaderCasualty, "too many chained rolls to enumerate")
        })
}

/// [`Rule::MissileTargets`]: the enemy-occupied hexes in unit `uid`'s ZOC;
/// if any, one of them must be its target.
#[must_use]
pub fn zoc_targets<G: GroundRules>(field: &Field<G>, uid: Uid) -> Vec<Hex> {
    let Some(at) = field.unit(uid).and_then(|u| u.at) else {
        return Vec::new();
    };
    let Some(side) = field.setup().unit_side(uid) else {
        return Vec::new();
    };
    let board = field.setup().board();
    Direction::ALL
        .into_iter()
        .filter(|&d| crate::ground::zoc::zoc_toward(field, uid, d))
        .filter_map(|d| board.neighbor(at, d))
        .filter(|&h| field.side_in(h).is_some_and(|s| s != side))
        .collect()
}
