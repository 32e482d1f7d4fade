//! Stacking ([`Rule::StackLimit`], Alesia 6.6): who may share a hex, during
//! movement and at its end, and what moving into or through friends costs.
//!
//! The family's rule ([`family_check_stack`]):
//!
//! | a hex may hold | rule |
//! |---|---|
//! | one artillery unit at most | [`Rule::OneArtilleryPerHex`] (Alesia 8.57) |
//! | two units of the same type and formation (legion, tribe; the game's [`Roster::unit_stack_group`]) | [`Rule::StackLimit`] (Alesia 6.61) |
//! | or one foot unit and one artillery unit | [`Rule::StackLimit`] |
//!
//! Leaders and markers do not count; enemies never stack (the caller's
//! check). A game changes the limits in particular hexes through
//! [`GroundRules::check_stack`] (Alesia: ramparts, redoubts, the oppidum) and
//! what entering friends costs through [`GroundRules::friends_entry`]; the
//! extra MP to move into or through friends is the game's chart figure
//! ([`Roster::stack_through_friends_mp`]).
//!
//! ```
//! use gboh_core::facing::Facing;
//! use gboh_simple::ground::stacking::{Mover, StackingError, entering};
//! use gboh_simple::{Field, Uid};
//! # use gboh_simple::doc_game::Tiny;
//! let mut field: Field<Tiny> = Field::new(Tiny::roster());
//! let t0202 = field.setup().board.hex_of("T0202").unwrap();
//! field.move_unit(Uid(0), t0202, Facing::Twelve).unwrap(); // a Roman cohort
//! // Its legion's second cohort may join it, for the chart's extra MP.
//! let cohort_2 = Mover::unit(&field, Uid(5)).unwrap();
//! assert_eq!(entering(&field, t0202, &cohort_2).unwrap().extra_mp, 2);
//! // The archers (auxiliaries) are another type: they may not.
//! let archers = Mover::unit(&field, Uid(2)).unwrap();
//! assert!(matches!(entering(&field, t0202, &archers), Err(StackingError::Illegal { section: "6.61", .. })));
//! ```
//!
//! [`Rule::StackLimit`]: crate::Rule::StackLimit
//! [`Rule::OneArtilleryPerHex`]: crate::Rule::OneArtilleryPerHex

use gboh_core::Side;
use gboh_core::facing::Facing;
use gboh_core::table::terrain::MoverClass;
use gboh_core::unit::UnitType;
use hexx::Hex;

use super::GroundRules;
use crate::field::{Field, MAX_STACK, Uid};
use crate::game::{Roster, SimpleGame};
use crate::rule::Rule;

/// Who is moving, as the movement rules see it: a combat unit or a leader.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mover {
    /// The mover's side.
    pub side: Side,
    /// The unit, or `None` for a leader.
    pub unit: Option<Uid>,
    /// The unit's type, or `None` for a leader.
    pub unit_type: Option<UnitType>,
    /// The chart column it reads (leaders read the foot column).
    pub class: MoverClass,
    /// An auxiliary ([`Roster::unit_is_auxiliary`]).
    pub auxiliary: bool,
}

impl Mover {
    /// Combat unit `uid`.
    #[must_use]
    pub fn unit<G: SimpleGame>(field: &Field<G>, uid: Uid) -> Option<Mover> {
        let setup = field.setup();
        let t = setup.unit_profile(uid)?.unit_type;
        Some(Mover {
            side: setup.unit_side(uid)?,
            unit: Some(uid),
            unit_type: Some(t),
            class: if t.is_cavalry() { MoverClass::Cavalry } else { MoverClass::Foot },
            auxiliary: setup.unit_is_auxiliary(uid),
        })
    }

    /// A leader of `side`.
    #[must_use]
    pub const fn leader(side: Side) -> Mover {
        Mover { side, unit: None, unit_type: None, class: MoverClass::Foot, auxiliary: false }
    }

    /// Whether it is a leader.
    #[must_use]
    pub const fn is_leader(&self) -> bool {
        self.unit.is_none()
    }

    /// Cavalry.
    #[must_use]
    pub const fn is_cavalry(&self) -> bool {
        matches!(self.class, MoverClass::Cavalry)
    }

    /// Infantry: CO, BI or LI.
    #[must_use]
    pub fn is_infantry(&self) -> bool {
        self.unit_type.is_some_and(UnitType::is_infantry)
    }

    /// Foot: neither artillery nor cavalry.
    #[must_use]
    pub fn is_foot(&self) -> bool {
        self.unit_type.is_some_and(UnitType::is_foot)
    }
}

/// Why units may not share a hex, or enter one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum StackingError {
    /// The stack breaks a stacking rule.
    #[error("{section}: {what}")]
    Illegal {
        /// The played game's section ([`SimpleGame::section`]).
        section: &'static str,
        /// What the rule says, lower-case.
        what: &'static str,
    },
    /// The game's chart has no figure for moving into or through friends.
    #[error("the terrain chart has no row for {0}")]
    MissingChartRow(&'static str),
}

impl StackingError {
    /// The error for `rule` of game `G`, saying `what`.
    #[must_use]
    pub fn illegal<G: SimpleGame>(rule: Rule, what: &'static str) -> StackingError {
        StackingError::Illegal { section: G::section(rule), what }
    }
}

/// The counts by kind of a would-be stack, for the stacking rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct StackCounts {
    /// Combat units.
    pub units: usize,
    /// Artillery.
    pub artillery: usize,
    /// Cavalry.
    pub cavalry: usize,
    /// Infantry (CO, BI, LI).
    pub infantry: usize,
    /// Archers.
    pub archers: usize,
    /// Foot (neither artillery nor cavalry).
    pub foot: usize,
}

impl StackCounts {
    /// The counts of `units` (unknown ids are skipped).
    #[must_use]
    pub fn of<R: Roster>(setup: &R, units: &[Uid]) -> StackCounts {
        let mut c = StackCounts::default();
        for t in units.iter().filter_map(|&u| setup.unit_profile(u)).map(|p| p.unit_type) {
            c.units += 1;
            c.artillery += usize::from(t.is_artillery());
            c.cavalry += usize::from(t.is_cavalry());
            c.infantry += usize::from(t.is_infantry());
            c.archers += usize::from(t.is_archer());
            c.foot += usize::from(t.is_foot());
        }
        c
    }
}

/// Whether the combat units `units` may share `hex`: the game's rule
/// ([`GroundRules::check_stack`]).
///
/// # Errors
/// [`StackingError::Illegal`], citing the rule the stack breaks.
pub fn check_stack<G: GroundRules>(
    field: &Field<G>,
    hex: Hex,
    units: &[Uid],
) -> Result<(), StackingError> {
    G::check_stack(field, hex, units)
}

/// The family's stacking rule (the table in the module doc), anywhere a game
/// does not change it.
///
/// # Errors
/// [`StackingError::Illegal`] citing [`Rule::OneArtilleryPerHex`] or
/// [`Rule::StackLimit`].
pub fn family_check_stack<G: SimpleGame>(
    field: &Field<G>,
    units: &[Uid],
) -> Result<(), StackingError> {
    let setup: &G::Setup = field.setup();
    let counts = StackCounts::of(setup, units);
    if counts.units <= 1 {
        return Ok(());
    }
    if counts.artillery > 1 {
        return Err(StackingError::illegal::<G>(
            Rule::OneArtilleryPerHex,
            "only one artillery unit may be in a hex",
        ));
    }
    family_pair_rule::<G>(setup, units, counts)
}

/// The family's rule for two units: the same type and formation, or one foot
/// and one artillery; never more than two.
///
/// # Errors
/// [`StackingError::Illegal`] citing [`Rule::StackLimit`].
pub fn family_pair_rule<G: SimpleGame>(
    setup: &G::Setup,
    units: &[Uid],
    counts: StackCounts,
) -> Result<(), StackingError> {
    if counts.units > 2 {
        return Err(StackingError::illegal::<G>(
            Rule::StackLimit,
            "at most two combat units may share a hex",
        ));
    }
    let mut known = units.iter().filter(|&&u| setup.unit_profile(u).is_some());
    let (Some(&a), Some(&b)) = (known.next(), known.next()) else {
        return Ok(());
    };
    let kind = |u: Uid| (setup.unit_profile(u).map(|p| p.unit_type), setup.unit_stack_group(u));
    let same = kind(a) == kind(b);
    let foot_and_artillery = counts.foot == 1 && counts.artillery == 1;
    if same || foot_and_artillery {
        Ok(())
    } else {
        Err(StackingError::illegal::<G>(
            Rule::StackLimit,
            "two units stack only if of the same type and legion or tribe, or one foot and one artillery",
        ))
    }
}

/// What moving into a hex of friends costs, and whether the mover must stop.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct FriendsEntry {
    /// Extra MP to move into or through the friends (Alesia 6.63).
    pub extra_mp: u8,
    /// The friends may be joined but not passed through (Alesia 6.63: infantry
    /// on a rampart).
    pub must_stop: bool,
    /// Whether friendly combat units are there.
    pub occupied: bool,
}

/// The friendly units in `hex` other than the mover, top first.
pub fn friends_in<'a, G: SimpleGame>(
    field: &'a Field<G>,
    hex: Hex,
    mover: &Mover,
) -> impl Iterator<Item = Uid> + 'a {
    let side = mover.side;
    let me = mover.unit;
    let setup = field.setup();
    field.stack(hex).into_iter().filter(move |&u| Some(u) != me && setup.unit_side(u) == Some(side))
}

/// The facing unit `uid` takes when a forced move (retreat, rout, advance,
/// pursuit) puts it into `to`: the facing of the friends already there
/// (stacked units face alike, Alesia 6.65), or `own` in an empty hex.
#[must_use]
pub fn joined_facing<G: SimpleGame>(field: &Field<G>, uid: Uid, to: Hex, own: Facing) -> Facing {
    Mover::unit(field, uid)
        .and_then(|m| friends_in(field, to, &m).next())
        .and_then(|u| field.unit(u))
        .map_or(own, |u| u.facing)
}

/// Whether `mover` may move into `hex` given the friends there, and what it
/// costs ([`GroundRules::check_stack`] on the stack with the mover in it,
/// then [`GroundRules::friends_entry`]). Leaders ignore stacking (Alesia
/// 6.62). The stack must be legal even in passing ("whether during movement
/// or at the completion of movement").
///
/// # Errors
/// [`StackingError`] from the game's rules.
pub fn entering<G: GroundRules>(
    field: &Field<G>,
    hex: Hex,
    mover: &Mover,
) -> Result<FriendsEntry, StackingError> {
    let Some(me) = mover.unit else {
        return Ok(FriendsEntry::default());
    };
    let mut stack = [me; MAX_STACK + 1];
    let mut n = 0usize;
    for u in friends_in(field, hex, mover) {
        if let Some(slot) = stack.get_mut(n) {
            *slot = u;
            n += 1;
        }
    }
    if n == 0 {
        return Ok(FriendsEntry::default());
    }
    // The mover is the last of the stack (`stack` was filled with it).
    let with_mover = stack.get(..=n).unwrap_or(&stack);
    G::check_stack(field, hex, with_mover)?;
    let friends = with_mover.get(..n).unwrap_or_default();
    G::friends_entry(field, hex, mover, friends)
}

/// The family's cost of moving into or through `friends`: the chart's extra
/// MP ([`Roster::stack_through_friends_mp`]), unless they are only artillery
/// or auxiliaries (Alesia 6.63).
///
/// # Errors
/// [`StackingError::MissingChartRow`] if the chart lacks the figure.
pub fn family_friends_entry<G: SimpleGame>(
    field: &Field<G>,
    friends: &[Uid],
) -> Result<FriendsEntry, StackingError> {
    let setup = field.setup();
    let only_artillery_or_auxiliaries = friends.iter().all(|&u| {
        setup.unit_is_auxiliary(u)
            || setup.unit_profile(u).is_some_and(|p| p.unit_type.is_artillery())
    });
    let extra_mp = if only_artillery_or_auxiliaries {
        0
    } else {
        setup
            .stack_through_friends_mp()
            .ok_or(StackingError::MissingChartRow("moving into or through friends"))?
    };
    Ok(FriendsEntry { extra_mp, must_stop: false, occupied: true })
}
