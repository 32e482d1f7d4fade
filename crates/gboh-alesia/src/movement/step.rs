//! One step of a move: whether a mover may enter an adjacent hex, and what
//! it costs. The search ([`super::generator`]) and the combat rules (retreat
//! and pursuit pay "all movement point costs", 9.22, 10.21) share it.
//!
//! A step's MP is the works step's (the hex's chart cost, or the rampart
//! figures of 6.42/6.44), plus the hexside's (6.35 D, 6.43, 6.44), plus
//! 6.31's climb, plus 6.63's +2 for friends. It is refused by 6.64 (enemies),
//! 6.22 (Tribal Counters), a scenario restriction (12.1), 4.13 (out-of-range
//! cohorts next to an enemy), 4.31 (leaders next to an enemy), 5.49 (the
//! tether), 6.33/6.36/6.43/6.44 (terrain), 6.61/6.63 (stacking), 6.68
//! (ramparts side by side) and 6.5 (Rapid March).

use std::cell::RefCell;

use gboh_core::facing::Direction;
use gboh_simple::ground::entry::{EntryRefusal, family_entry};
use hexx::Hex;

use super::cost::{self, Mover};
use super::disorder;
use super::error::MoveError;
use super::facts::SideFacts;
use super::garden;
use super::rampart::{self, StepKind, WorksStep};
use super::rules::MoveRules;
use super::stacking;
use super::tether;
use crate::game::{Battlefield, Uid};

/// What binds one mover beyond the terrain, for one search.
#[derive(Debug, Clone, Copy)]
pub struct Constraints<'r> {
    /// 4.13: a cohort or scorpio outside its legate's range.
    pub out_of_range: bool,
    /// 6.5: Rapid Marching.
    pub rapid: bool,
    /// 5.49: the Tribal Counter's hex it must stay within 12 hexes of.
    pub tether: Option<Hex>,
    /// The scenario's rules.
    pub rules: &'r MoveRules,
}

impl<'r> Constraints<'r> {
    /// The constraints of unit `uid` under `rules`, `out_of_range` as the
    /// command rules decided (4.13).
    #[must_use]
    pub fn of_unit(
        field: &Battlefield,
        uid: Uid,
        out_of_range: bool,
        rules: &'r MoveRules,
    ) -> Constraints<'r> {
        Constraints {
            out_of_range,
            rapid: field
                .unit(uid)
                .is_some_and(|u| u.flags.has(crate::game::UnitFlags::RAPID_MARCHING)),
            tether: tether::tether(field, uid),
            rules,
        }
    }

    /// A leader's constraints (none beyond 4.31, which the step applies).
    #[must_use]
    pub const fn leader(rules: &'r MoveRules) -> Constraints<'r> {
        Constraints { out_of_range: false, rapid: false, tether: None, rules }
    }
}

/// A step the mover may take.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Step {
    /// What kind of step (6.42, 6.44).
    pub kind: StepKind,
    /// Its MP.
    pub mp: u8,
    /// Hits for entering (6.45, 8.43); 0 for leaders.
    pub hits: u8,
    /// 6.63: it enters a rampart hex past a friendly infantry unit and may
    /// go no further.
    pub must_stop: bool,
    /// 5.49: it frees the unit from its tether.
    pub frees: bool,
}

/// The steps from `from` into the adjacent `to`: the ordinary one, or why
/// not, and passing through a Rampart/Gate at `to` (6.42) if that is
/// possible too.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StepOptions {
    /// The ordinary step.
    pub step: Result<Step, MoveError>,
    /// Passing through a Rampart/Gate.
    pub gate: Option<Step>,
}

/// What entering a hex means whatever the way in: the friends there (6.61,
/// 6.63), the hits (6.45, 8.43), whether it frees a tethered unit (5.49).
/// The search computes it once per hex.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entry {
    /// Friends in the hex.
    pub friends: stacking::FriendsEntry,
    /// Hits for entering.
    pub hits: u8,
    /// 5.49: it frees the unit from its tether.
    pub frees: bool,
}

/// The checks on the hex `to` entered, whatever the way in: 6.64, 6.22, the
/// scenario's restrictions, 4.13, 4.31, 5.49, 6.61/6.63.
///
/// # Errors
/// Why the mover may not enter `to` at all.
pub fn entry(
    field: &Battlefield,
    facts: &SideFacts,
    mover: &Mover,
    constraints: &Constraints<'_>,
    to: Hex,
) -> Result<Entry, MoveError> {
    entry_with_hits(field, facts, mover, constraints, to, || garden::entry_hits(field, to).total())
}

/// [`entry`], with the hits a combat unit takes entering `to` (6.45, 8.43)
/// from `hits` (the search keeps them while the markers stay).
pub(super) fn entry_with_hits(
    field: &Battlefield,
    facts: &SideFacts,
    mover: &Mover,
    constraints: &Constraints<'_>,
    to: Hex,
    hits: impl FnOnce() -> u8,
) -> Result<Entry, MoveError> {
    entry_allowed(field, facts, mover, constraints, to)?;
    let friends = stacking::entering(field, to, mover)?;
    let hits = if mover.is_leader() { 0 } else { hits() };
    Ok(Entry { friends, hits, frees: constraints.tether.is_some() && tether::frees(field, to) })
}

/// See [`StepOptions`]. `first`: the mover has not left the hex its
/// movement started in; `in_transit`: it is passing through a Rampart/Gate at
/// `from`. Facing and ZOC are the search's business.
#[must_use]
#[allow(clippy::too_many_arguments)]
pub fn options(
    field: &Battlefield,
    facts: &SideFacts,
    mover: &Mover,
    constraints: &Constraints<'_>,
    from: Hex,
    to: Hex,
    dir: Direction,
    first: bool,
    in_transit: bool,
) -> StepOptions {
    let entered = entry(field, facts, mover, constraints, to);
    options_with(field, facts, mover, constraints, (from, to, dir), first, in_transit, &entered)
}

/// [`options`] with the [`entry`] of `to` already known.
#[must_use]
#[allow(clippy::too_many_arguments)]
pub fn options_with(
    field: &Battlefield,
    facts: &SideFacts,
    mover: &Mover,
    constraints: &Constraints<'_>,
    (from, to, dir): (Hex, Hex, Direction),
    first: bool,
    in_transit: bool,
    entered: &Result<Entry, MoveError>,
) -> StepOptions {
    let entered = match entered {
        Ok(e) => *e,
        Err(e) => {
            return StepOptions { step: Err(e.clone()), gate: None };
        }
    };
    let works = rampart::works_options(field, mover, from, to, dir, first, in_transit);
    let finish =
        |w: WorksStep| finish(field, facts, mover, constraints, (from, to, dir), w, &entered);
    StepOptions { step: works.step.and_then(finish), gate: works.gate.and_then(|w| finish(w).ok()) }
}

/// The checks on the hex entered, whatever the way in.
fn entry_allowed(
    field: &Battlefield,
    facts: &SideFacts,
    mover: &Mover,
    constraints: &Constraints<'_>,
    to: Hex,
) -> Result<(), MoveError> {
    // The family's: 6.64, 4.31, 6.22 (the Tribal Counters are the hexes
    // Alesia closes to combat units).
    family_entry(field, facts, mover, to).map_err(|refusal| match refusal {
        EntryRefusal::OffMap(h) => MoveError::Impassable(h),
        EntryRefusal::EnemyUnits(h) => MoveError::EnemyHex(h),
        EntryRefusal::EnemyLeader(h) => MoveError::EnemyLeaderHex(h),
        EntryRefusal::LeaderNextToEnemy(h) => MoveError::LeaderAdjacent(h),
        EntryRefusal::Closed(h) => MoveError::TribalCounter(h),
    })?;
    if mover.is_leader() {
        return Ok(());
    }
    let i = field.setup().board.index(to).ok_or(MoveError::Impassable(to))?;
    if let Some(r) = constraints.rules.forbidding(mover.side, mover.is_cavalry(), i) {
        return Err(MoveError::Restricted { rule: r.rule.clone(), what: r.what.clone() });
    }
    if constraints.out_of_range && facts.enemy_adjacent(i) {
        return Err(MoveError::OutOfRange(to));
    }
    if let Some(counter) = constraints.tether
        && !tether::may_enter(field, counter, to)
    {
        return Err(MoveError::Tether(to));
    }
    Ok(())
}

fn finish(
    field: &Battlefield,
    facts: &SideFacts,
    mover: &Mover,
    constraints: &Constraints<'_>,
    (from, to, dir): (Hex, Hex, Direction),
    works: WorksStep,
    entered: &Entry,
) -> Result<Step, MoveError> {
    let terrain = terrain_part(field, mover, (from, to, dir), works)?;
    pieces_part(field, facts, mover, constraints, (from, to), terrain, entered)
}

/// The part of a step's cost and checks that depends on the terrain only
/// (the board, markers and Fill; not the pieces): the works step plus the
/// hexside (6.35 D, 6.43, 6.44) and 6.31's climb, and 6.44's cavalry into a
/// redoubt only through a gate. The search keeps it from search to search
/// while the markers stay.
pub(super) fn terrain_part(
    field: &Battlefield,
    mover: &Mover,
    (from, to, dir): (Hex, Hex, Direction),
    works: WorksStep,
) -> Result<WorksStep, MoveError> {
    let mut mp = works.mp;
    if works.kind.pays_hexside() {
        mp = mp.saturating_add(cost::hexside_extra(field, from, dir, mover.class)?);
    }
    if works.kind.pays_elevation() {
        mp = mp.saturating_add(cost::climb_extra(field, from, to));
    }
    if mover.is_cavalry() && cost::is_redoubt(field, to) {
        // 6.44: "via a Gate hexside".
        let gate =
            field.setup().board.has_hexside(from, dir, gboh_core::board::HexsideFeature::Gate);
        if !gate {
            return Err(MoveError::CavalryRedoubt(to));
        }
    }
    Ok(WorksStep { kind: works.kind, mp })
}

/// The rest of a step after [`terrain_part`]: friends (6.63), 6.68 and
/// Rapid March (6.5).
pub(super) fn pieces_part(
    field: &Battlefield,
    facts: &SideFacts,
    mover: &Mover,
    constraints: &Constraints<'_>,
    (from, to): (Hex, Hex),
    terrain: WorksStep,
    entered: &Entry,
) -> Result<Step, MoveError> {
    let mp = terrain.mp.saturating_add(entered.friends.extra_mp);
    if disorder::voluntary_entry_forbidden(field, mover, from, to) {
        return Err(MoveError::RampartAdjacency(to));
    }
    if constraints.rapid {
        if mp != 1 {
            return Err(MoveError::RapidMarch(
                "a rapid-marching cohort enters only hexes that cost 1 mp",
            ));
        }
        let i = field.setup().board.index(to).unwrap_or(usize::MAX);
        if facts.enemy_adjacent(i) {
            return Err(MoveError::RapidMarch(
                "a rapid-marching cohort may not move adjacent to a gallic combat unit",
            ));
        }
    }
    Ok(Step {
        kind: terrain.kind,
        mp,
        hits: entered.hits,
        must_stop: entered.friends.must_stop,
        frees: entered.frees,
    })
}

/// A unit entering the map at the edge hex `to` from off the map (12.1: the
/// Alesia Force): the hex's own cost, friends, hits; no hexside, no climb.
///
/// # Errors
/// Why it may not enter `to`.
pub fn entry_from_edge(
    field: &Battlefield,
    facts: &SideFacts,
    mover: &Mover,
    constraints: &Constraints<'_>,
    to: Hex,
) -> Result<Step, MoveError> {
    entry_allowed(field, facts, mover, constraints, to)?;
    if cost::is_rampart(field, to) {
        return Err(MoveError::ClimbNotAtStart(to));
    }
    let key = cost::terrain_key(field, to).ok_or(MoveError::Impassable(to))?;
    let friends = stacking::entering(field, to, mover)?;
    let mp = cost::hex_cost(field, to, key, mover.class)?.saturating_add(friends.extra_mp);
    Ok(Step {
        kind: StepKind::Ground,
        mp,
        hits: garden::entry_hits(field, to).total(),
        must_stop: friends.must_stop,
        frees: false,
    })
}

/// The MP of stepping from `from` into the adjacent `to` for `mover` as far
/// as terrain and works go (6.3, 6.4), ignoring every piece on the map: the
/// cost a leader's Command Range is traced with (4.24). `None` where he could
/// not cross or enter. A Rampart/Gate may be passed through (6.42).
#[must_use]
pub fn terrain_cost(field: &Battlefield, mover: &Mover, from: Hex, to: Hex) -> Option<u8> {
    let dir = Direction::between(from, to)?;
    let works = rampart::works_options(field, mover, from, to, dir, false, false);
    let price = |w: WorksStep| -> Option<u8> {
        let mut mp = w.mp;
        if w.kind.pays_hexside() {
            mp = mp.saturating_add(cost::hexside_extra(field, from, dir, mover.class).ok()?);
        }
        if w.kind.pays_elevation() {
            mp = mp.saturating_add(cost::climb_extra(field, from, to));
        }
        Some(mp)
    };
    let ordinary = works.step.ok().and_then(price);
    let gate = works.gate.and_then(price);
    match (ordinary, gate) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// What moving unit `uid` from `from` into the adjacent `to` would cost, with
/// every movement rule but facing and ZOC: for the combat rules' retreats and
/// pursuits (9.22, 10.21), which pay "all movement point costs". `first`:
/// the unit has not moved yet (6.42 climbing from outside).
///
/// # Errors
/// Why the unit may not enter `to` from `from`.
pub fn unit_step(
    field: &Battlefield,
    uid: Uid,
    from: Hex,
    to: Hex,
    first: bool,
) -> Result<Step, MoveError> {
    thread_local! {
        /// Reused buffers: combat asks this for every hex a unit might
        /// retreat or advance into.
        static FACTS: RefCell<SideFacts> = RefCell::new(SideFacts::default());
    }
    let mover = Mover::unit(field, uid).ok_or(MoveError::UnknownPiece)?;
    let dir = Direction::between(from, to).ok_or(MoveError::Impassable(to))?;
    let rules = MoveRules::default();
    let constraints =
        Constraints { out_of_range: false, rapid: false, tether: None, rules: &rules };
    // One step asks nothing about ZOC (facing and ZOC are the search's), and
    // about pieces only at `to` (6.64, 4.13, 4.31, 6.5, 6.22).
    let step = |facts: &mut SideFacts| {
        facts.build_at(field, mover.side, to);
        options(field, facts, &mover, &constraints, from, to, dir, first, false).step
    };
    FACTS.with(|cell| match cell.try_borrow_mut() {
        Ok(mut facts) => step(&mut facts),
        Err(_) => step(&mut SideFacts::default()),
    })
}
