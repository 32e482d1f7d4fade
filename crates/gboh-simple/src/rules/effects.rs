//! The seam through which the engine's rules change a game's state and
//! report what they did: hits taken (and the rout or elimination they
//! bring), units eliminated, leaders killed by their casualty checks.
//!
//! A game's state implements [`Effects`]: it lends the engine its
//! [`Field`], turns each [`SimpleEvent`] into its own event type, and says
//! where its routed units go (required: Alesia sends a cohort to its Aquila
//! and a Gaul to the Gallic Camp, Gergovia's Romans go to their camp and its
//! Gauls to the town). Eliminating a unit has the family's default
//! ([`family_remove_eliminated`]), a game may add to it (Alesia 6.47: the
//! Fill a unit carried stays in its Garden of Death).
//!
//! ```
//! use gboh_core::game::Event;
//! use gboh_core::unit::HitOutcome;
//! use gboh_simple::doc_game::{Tiny, TinyBattle};
//! use gboh_simple::rules::effects::take_hits;
//! use gboh_simple::Uid;
//! # use gboh_core::facing::Facing;
//! let mut battle = TinyBattle::new();
//! let hex = battle.field.setup().board.hex_of("T0303").unwrap();
//! battle.field.move_unit(Uid(0), hex, Facing::Twelve).unwrap();
//! // The cohort (TQ 7, with a reduced side) takes 7 hits: it routs, and the
//! // game says where it goes.
//! let mut events = Vec::new();
//! assert_eq!(take_hits(&mut battle, Uid(0), 7, "8.14", &mut events), HitOutcome::Routed);
//! assert_eq!(battle.routed, vec![Uid(0)]);
//! assert_eq!(events[0].rule, "8.14");
//! ```

mod lend;

use std::sync::Arc;

use gboh_core::Side;

use gboh_core::dice::{Dice, DiceError, Die, Roll};
use gboh_core::game::Event;
use gboh_core::table::DieCheck;
use gboh_core::unit::HitOutcome;
use hexx::Hex;

use crate::event::SimpleEvent;
use crate::field::Field;
use crate::game::{Roster, SimpleGame};
use crate::id::{Lid, Uid};
use crate::rule::Rule;
use crate::rules::hits::split;
use crate::rules::recovery::RoutedRecovery;
use crate::sequence::ActivationCombat;

/// A game's state as the engine's rules change it. Required: its field,
/// the activation's combat, its events, where its routed units go. Hook: taking an eliminated unit
/// off the map.
pub trait Effects {
    /// The game played.
    type Game: SimpleGame;
    /// The game's own event type.
    type Event;

    /// The pieces.
    fn field(&self) -> &Field<Self::Game>;

    /// The pieces, to change.
    fn field_mut(&mut self) -> &mut Field<Self::Game>;

    /// The combat of the activation under way, if one is.
    fn combat(&self) -> Option<&ActivationCombat>;

    /// The combat of the activation under way, to change.
    fn combat_mut(&mut self) -> Option<&mut ActivationCombat>;

    /// The game's event for what the engine did.
    fn event(what: SimpleEvent) -> Self::Event;

    /// The activation under way: its side and the units it activated.
    /// Default: none known (a game then says who is active through
    /// [`ReactionRules::active_side`](crate::rules::reaction_windows::ReactionRules::active_side)
    /// and
    /// [`DesignationRules::is_active`](crate::rules::designation::DesignationRules::is_active),
    /// whose defaults read this).
    fn activation(&self) -> Option<(Side, &[Uid])> {
        None
    }

    /// Unit `uid`'s hits have just routed it: the game moves it where its
    /// routed units go (or queues that decision) and sees to the leaders
    /// with it.
    fn routed(&mut self, uid: Uid, events: &mut Vec<Event<Self::Event>>);

    /// Unit `uid` has just retreated from `from` to `to`
    /// ([`retreat`](crate::rules::retreat::retreat)): what follows in the
    /// game (Alesia: its Aquila goes with it, 6.68's Disorder, 10.25's hit
    /// next to enemy missile units, 4.33's lone leaders). Default: nothing.
    fn retreated(&mut self, uid: Uid, from: Hex, to: Hex, events: &mut Vec<Event<Self::Event>>) {
        let _ = (uid, from, to, events);
    }

    /// How routed unit `uid` fares in the Recovery Phase
    /// ([`recovery_phase`](crate::rules::recovery::recovery_phase)). Default:
    /// it rolls against its printed TQ.
    fn routed_recovery(&self, uid: Uid) -> RoutedRecovery {
        let _ = uid;
        RoutedRecovery::Rolls
    }

    /// Takes eliminated unit `uid` off the map, under `rule` (a section of
    /// the game's rulebook). Default: [`family_remove_eliminated`].
    fn remove_eliminated(
        &mut self,
        uid: Uid,
        rule: &'static str,
        events: &mut Vec<Event<Self::Event>>,
    ) {
        family_remove_eliminated(self, uid, rule, events);
    }
}

/// Reports `what` under `rule` in the game's own event type.
pub(crate) fn report<E: Effects + ?Sized>(
    events: &mut Vec<Event<E::Event>>,
    rule: &'static str,
    what: SimpleEvent,
    rolls: &[Roll],
) {
    let mut event = Event::new(rule, E::event(what));
    for &r in rolls {
        event = event.with_roll(r);
    }
    events.push(event);
}

/// The family's elimination: the unit leaves the map for good, reported
/// under `rule`.
pub fn family_remove_eliminated<E: Effects + ?Sized>(
    e: &mut E,
    uid: Uid,
    rule: &'static str,
    events: &mut Vec<Event<E::Event>>,
) {
    e.field_mut().remove_unit(uid);
    report::<E>(events, rule, SimpleEvent::Eliminated { unit: uid }, &[]);
}

/// Unit `uid` absorbs `n` hits dealt under `rule` and routs or is
/// eliminated when they reach its TQ ([`Rule::Elimination`]); a unit not in
/// play, or no hits, changes nothing. Returns what the hits did.
pub fn take_hits<E: Effects + ?Sized>(
    e: &mut E,
    uid: Uid,
    n: u8,
    rule: &'static str,
    events: &mut Vec<Event<E::Event>>,
) -> HitOutcome {
    if n == 0 {
        return HitOutcome::Absorbed;
    }
    let setup = Arc::clone(e.field().setup());
    let (Some(profile), Some(state)) = (setup.unit_profile(uid), e.field_mut().unit_mut(uid))
    else {
        return HitOutcome::Absorbed;
    };
    if !state.cohesion.in_play() {
        return HitOutcome::Absorbed;
    }
    let outcome = state.cohesion.absorb(profile, n);
    report::<E>(events, rule, SimpleEvent::Hits { unit: uid, hits: n, outcome }, &[]);
    match outcome {
        HitOutcome::Routed => e.routed(uid, events),
        HitOutcome::Eliminated => {
            e.remove_eliminated(uid, <E::Game as SimpleGame>::section(Rule::Elimination), events);
        }
        HitOutcome::Absorbed => {}
    }
    outcome
}

/// Shares `hits` evenly over `units` ([`Rule::HitSharing`]), one more to
/// each unit of `extra` (the leftover, [`Rule::LeftoverHits`]), each taken
/// under `rule` in `units`' order.
pub fn share_hits<E: Effects + ?Sized>(
    e: &mut E,
    units: &[Uid],
    hits: u8,
    extra: &[Uid],
    rule: &'static str,
    events: &mut Vec<Event<E::Event>>,
) {
    let (each, _) = split(hits, units.len());
    for &u in units {
        let n = each.saturating_add(u8::from(extra.contains(&u)));
        take_hits(e, u, n, rule, events);
    }
}

/// Eliminates unit `uid` under `rule`, whatever its hits: off the map for
/// good.
pub fn eliminate<E: Effects + ?Sized>(
    e: &mut E,
    uid: Uid,
    rule: &'static str,
    events: &mut Vec<Event<E::Event>>,
) {
    if let Some(u) = e.field_mut().unit_mut(uid) {
        u.cohesion.eliminate();
    }
    e.remove_eliminated(uid, rule, events);
}

/// Leader `lid` is killed: off the map for good.
pub fn kill_leader<G: SimpleGame>(field: &mut Field<G>, lid: Lid) {
    if let Some(l) = field.leader_mut(lid) {
        l.dead = true;
        l.at = None;
    }
}

/// Leader `lid`'s casualty check under `rule`: `check`'s stages from
/// `first` on, one roll each, stopping at the first that fails (a check
/// whose first stage is another roll's face, like a missile shot's, starts
/// at 1). He is killed if every stage passes. Returns whether he was.
///
/// # Errors
/// Only when scripted dice run out.
pub fn leader_casualty_check<E: Effects + ?Sized>(
    e: &mut E,
    lid: Lid,
    check: &DieCheck,
    first: usize,
    rule: &'static str,
    dice: &mut Dice,
    events: &mut Vec<Event<E::Event>>,
) -> Result<bool, DiceError> {
    let mut rolls = Vec::new();
    let mut killed = true;
    for stage in first..check.len() {
        let roll = dice.roll(Die::D10)?;
        rolls.push(roll);
        if !check.passes(stage, roll.face) {
            killed = false;
            break;
        }
    }
    if killed {
        kill_leader(e.field_mut(), lid);
    }
    report::<E>(events, rule, SimpleEvent::LeaderCheck { leader: lid, killed }, &rolls);
    Ok(killed)
}
