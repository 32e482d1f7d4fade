//! The protocol's steps over a game's state: the decision pending, its
//! legal actions, checking and performing them. [`Battle`] is the
//! [`Rules`] state machine made of them; a game that keeps its own action
//! vocabulary (Alesia's `Action`, for its saved logs) plays the same steps
//! through these functions.

use gboh_core::Side;
use gboh_core::dice::Dice;
use gboh_core::game::{Event, Rules};

use super::active;
use super::decision::{Action, Pending, Preview};
use super::sequence_of_play as sop;
use super::{Battle, BattleRules, illegal};
use crate::error::CombatError;
use crate::game::Roster;
use crate::ground::leaders::lone_leader_may_stay;
use crate::rule::Rule;
use crate::rules::combat;
use crate::rules::missile::MissileRules;
use crate::rules::movement::MoveSearch;

/// The actions of the game `S`.
pub type ActionOf<S> =
    Action<<S as BattleRules>::Command, <S as BattleRules>::Own, <S as BattleRules>::Choice>;
/// The decision points of the game `S`.
pub type PendingOf<S> = Pending<<S as BattleRules>::Command, <S as BattleRules>::Decision>;
/// The missile column of the game `S` (what a combat preview shows).
pub type ColumnOf<S> = <<S as crate::rules::effects::Effects>::Game as MissileRules>::Column;

impl<S: BattleRules> Rules for Battle<S> {
    type Action = ActionOf<S>;
    type Pending = PendingOf<S>;
    type Preview = Preview<ColumnOf<S>>;
    type Event = S::Event;
    type Error = CombatError;

    fn pending(&self) -> PendingOf<S> {
        pending(&self.state)
    }

    fn decider(&self) -> Option<Side> {
        self.pending().side()
    }

    fn legal_actions(&self, out: &mut Vec<ActionOf<S>>) {
        legal_actions(&self.state, &mut self.search.borrow_mut(), out);
    }

    fn check(&self, action: &ActionOf<S>) -> Result<Preview<ColumnOf<S>>, CombatError> {
        check(&self.state, &mut self.search.borrow_mut(), action)
    }

    fn check_and_perform(
        &mut self,
        action: ActionOf<S>,
        dice: &mut Dice,
        events: &mut Vec<Event<S::Event>>,
    ) -> Result<(), CombatError> {
        check_and_perform(&mut self.state, self.search.get_mut(), action, dice, events)
    }

    fn perform(
        &mut self,
        action: ActionOf<S>,
        dice: &mut Dice,
        events: &mut Vec<Event<S::Event>>,
    ) -> Result<(), CombatError> {
        perform(&mut self.state, self.search.get_mut(), action, dice, events)
    }
}

/// The decision pending in `s`: the outcome, a lone leader's retreat, a
/// combat decision, the activation, the game's own decision, Turn Seizure,
/// then the choice of a command.
pub fn pending<S: BattleRules>(s: &S) -> PendingOf<S> {
    let turn = s.turn();
    if let Some(outcome) = &turn.outcome {
        return Pending::Over(outcome.clone());
    }
    if let Some((leader, options)) = turn.lone_leaders.first() {
        let side = s.field().setup().leader_side(*leader).unwrap_or(turn.to_act);
        return Pending::LeaderRetreat { side, leader: *leader, options: options.clone() };
    }
    if let Some((p, _)) = combat::decision::<S, S::Own>(s) {
        return Pending::Combat(p);
    }
    if let Some(a) = &turn.current {
        return Pending::Activation { side: a.side, command: a.command.clone() };
    }
    if let Some((side, decision)) = s.decision() {
        return Pending::Game { side, decision };
    }
    if let Some((side, leaders)) = sop::window(s) {
        return Pending::Seizure { side, leaders };
    }
    Pending::ChooseCommand { side: turn.to_act }
}

/// Appends the actions legal in `s` now, in a deterministic order: the
/// game's own ([`BattleRules::choices`]) first, then the engine's; in an
/// activation its moves ([`BattleRules::moves`]), then its combat actions,
/// then its end.
pub fn legal_actions<S: BattleRules>(s: &S, search: &mut MoveSearch, out: &mut Vec<ActionOf<S>>) {
    list(s, Some(search), out);
}

/// [`legal_actions`] without the moves, which take a search: every other
/// action, in the same order. A bot that wants only some units' moves
/// searches only theirs.
pub fn legal_actions_unsearched<S: BattleRules>(s: &S, out: &mut Vec<ActionOf<S>>) {
    list(s, None, out);
}

/// [`legal_actions`], with the moves when `search` is given.
fn list<S: BattleRules>(s: &S, search: Option<&mut MoveSearch>, out: &mut Vec<ActionOf<S>>) {
    let pending = pending(s);
    let mut choices = Vec::new();
    s.choices(&pending, &mut choices);
    out.extend(choices.into_iter().map(Action::Game));
    match pending {
        Pending::Over(_) | Pending::Game { .. } => {}
        Pending::LeaderRetreat { leader, options, .. } => {
            out.extend(options.iter().map(|&h| Action::RetreatLeader { leader, to: Some(h) }));
            if lone_leader_may_stay(s.field(), leader) {
                out.push(Action::RetreatLeader { leader, to: None });
            }
        }
        Pending::Combat(_) => {
            if let Some((_, actions)) = combat::decision::<S, S::Own>(s) {
                out.extend(actions.into_iter().map(Action::Combat));
            }
        }
        Pending::Seizure { leaders, .. } => {
            out.extend(leaders.into_iter().map(Action::AttemptSeizure));
            out.push(Action::DeclineSeizure);
        }
        Pending::ChooseCommand { side } => {
            let mut commands = Vec::new();
            s.commands(side, &mut commands);
            if s.may_pass(side, &commands) {
                out.push(Action::Pass);
            }
            out.extend(commands.into_iter().map(Action::Activate));
        }
        Pending::Activation { .. } => {
            if let Some(search) = search {
                s.moves(search, out);
            }
            let mut combat_actions = Vec::new();
            active::legal(s, &mut combat_actions);
            out.extend(combat_actions.into_iter().map(Action::Combat));
            if sop::may_end(s).is_ok() {
                out.push(Action::EndActivation);
            }
        }
    }
}

/// Checks `action` against the decision pending in `s` and previews it.
///
/// # Errors
/// Why it is not legal now, citing the game's rule.
pub fn check<S: BattleRules>(
    s: &S,
    search: &mut MoveSearch,
    action: &ActionOf<S>,
) -> Result<Preview<ColumnOf<S>>, CombatError> {
    let pending = pending(s);
    check_at(s, search, &pending, action).map_err(|e| s.refusal(&pending, action, e))
}

/// [`check`] at `pending`, in the engine's words.
fn check_at<S: BattleRules>(
    s: &S,
    search: &mut MoveSearch,
    pending: &PendingOf<S>,
    action: &ActionOf<S>,
) -> Result<Preview<ColumnOf<S>>, CombatError> {
    let not_now = |why: &'static str| Err(illegal::<S>(Rule::SequenceOfPlay, why));
    match (pending, action) {
        (Pending::Over(_), _) => not_now("the game is over"),
        (_, Action::Game(choice)) => s.check_choice(pending, choice).map(|()| Preview::Legal),
        (Pending::Game { .. }, _) => not_now("the game's own decision is pending"),
        (
            Pending::LeaderRetreat { leader, options, .. },
            Action::RetreatLeader { leader: l, to },
        ) => {
            let allowed = l == leader
                && match to {
                    Some(h) => options.contains(h),
                    None => lone_leader_may_stay(s.field(), *leader),
                };
            if allowed {
                Ok(Preview::Legal)
            } else {
                Err(illegal::<S>(Rule::LoneLeaderRetreat, "not one of the leader's choices"))
            }
        }
        (Pending::LeaderRetreat { .. }, _) => not_now("a lone leader must choose first"),
        (Pending::Combat(_), Action::Combat(a)) => match combat::check_decision(s, a, true) {
            Some(answer) => answer.map(Preview::Combat),
            None => not_now("no combat decision is pending"),
        },
        (Pending::Combat(_), _) => not_now("answer the combat decision"),
        (Pending::Seizure { leaders, .. }, Action::AttemptSeizure(l)) => {
            if leaders.contains(l) {
                Ok(Preview::Legal)
            } else {
                Err(illegal::<S>(Rule::TurnSeizure, "that leader may not seize the turn"))
            }
        }
        (Pending::Seizure { .. }, Action::DeclineSeizure) => Ok(Preview::Legal),
        (Pending::Seizure { .. }, _) => not_now("the opponent may seize the turn first"),
        (Pending::ChooseCommand { side }, Action::Activate(c)) => {
            s.check_command(*side, c).map(|()| Preview::Legal)
        }
        (Pending::ChooseCommand { side }, Action::Pass) => {
            let mut commands = Vec::new();
            s.commands(*side, &mut commands);
            if s.may_pass(*side, &commands) {
                Ok(Preview::Legal)
            } else {
                Err(illegal::<S>(Rule::Activation, "a command must be activated"))
            }
        }
        (Pending::ChooseCommand { .. }, _) => not_now("choose a command to activate"),
        (Pending::Activation { .. }, Action::Move { .. } | Action::MoveLeader { .. }) => {
            s.check_move(search, action)
        }
        (Pending::Activation { .. }, Action::Combat(a)) => active::check(s, a).map(Preview::Combat),
        (Pending::Activation { .. }, Action::EndActivation) => {
            sop::may_end(s).map(|()| Preview::Legal)
        }
        (Pending::Activation { .. }, _) => {
            not_now("act with the active command or end the activation")
        }
    }
}

/// Checks and performs `action` in `s`. A move in an activation is checked
/// once, by the search that makes it ([`BattleRules::perform_move`] finds
/// its way before it changes anything and refuses it with
/// [`BattleRules::check_move`]'s errors): a bot's move is searched once.
///
/// # Errors
/// Why it is not legal now, citing the game's rule.
pub fn check_and_perform<S: BattleRules>(
    s: &mut S,
    search: &mut MoveSearch,
    action: ActionOf<S>,
    dice: &mut Dice,
    events: &mut Vec<Event<S::Event>>,
) -> Result<(), CombatError> {
    let pending = pending(s);
    let searched_once = matches!(action, Action::Move { .. } | Action::MoveLeader { .. })
        && matches!(pending, Pending::Activation { .. })
        && !active::movement_closed(s);
    if !searched_once {
        check_at(s, search, &pending, &action).map_err(|e| s.refusal(&pending, &action, e))?;
    }
    perform(s, search, action, dice, events)
}

/// Performs `action`, checked, in `s`; combat then runs on to its next
/// decision, and the game's instant win ([`BattleRules::outcome`]) is
/// asked, reported under the game's victory rule ([`Rule::Victory`]).
///
/// # Errors
/// What refused it part way (a checked action is not refused).
pub fn perform<S: BattleRules>(
    s: &mut S,
    search: &mut MoveSearch,
    action: ActionOf<S>,
    dice: &mut Dice,
    events: &mut Vec<Event<S::Event>>,
) -> Result<(), CombatError> {
    match action {
        Action::AttemptSeizure(lid) => sop::attempt(s, lid, dice, events)?,
        Action::DeclineSeizure => s.turn_mut().seizure.window_closed = true,
        Action::Activate(command) => {
            if sop::activate(s, command, dice, events)? {
                let shots = active::free_shots(s);
                crate::rules::reaction_windows::open(
                    s,
                    crate::sequence::ReactionKind::FreeShot,
                    shots,
                );
            }
        }
        Action::Pass => sop::pass(s, dice, events)?,
        Action::Move { .. } | Action::MoveLeader { .. } => {
            s.perform_move(search, action, dice, events)?;
        }
        Action::Combat(a) => {
            if combat::decision::<S, S::Own>(s).is_some() {
                combat::decide(s, &a, dice, events)?;
            } else {
                active::perform(s, a, dice, events)?;
            }
        }
        Action::RetreatLeader { leader, to } => {
            s.retreat_lone_leader(leader, to, events)?;
            let turn = s.turn_mut();
            if !turn.lone_leaders.is_empty() {
                turn.lone_leaders.remove(0);
            }
        }
        Action::EndActivation => sop::end_activation(s, dice, events)?,
        Action::Game(choice) => {
            s.perform_choice(choice, dice, events)?;
            sop::resume_ending(s, dice, events)?;
        }
    }
    // Combat runs on to its next decision (a move's or a shot's effects,
    // a lone leader's choice that paused it).
    if s.turn().current.is_some() {
        combat::run::<S, S::Own>(s, dice, events)?;
    }
    if s.turn().outcome.is_none()
        && let Some(outcome) = s.outcome()
    {
        sop::game_over(s, Rule::Victory, outcome, events);
    }
    Ok(())
}
