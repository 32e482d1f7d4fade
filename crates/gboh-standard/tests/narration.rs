//! Narration (issue 16 §1): every `StandardEvent` variant reads as a sentence
//! with hex labels, counter ids, leader names, clock facings and side names,
//! never a `Debug` dump; so does a game of the reference bots.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failing test panics

use gboh_core::testkit::narration;
use std::collections::BTreeSet;

use gboh_core::Side;
use gboh_core::dice::Dice;
use gboh_core::facing::Direction;
use gboh_core::facing::Facing;
use gboh_core::game::{Event, Game};
use gboh_core::policy::{Policy, choose};
use gboh_core::table::{Drm, Modifiers};
use gboh_standard::bots::Advance;
use gboh_standard::command::MomentumOutcome;
use gboh_standard::narrate;
use gboh_standard::protocol::Action;
use gboh_standard::protocol::Outcome;
use gboh_standard::rally::RallyOutcome;
use gboh_standard::shock::{Shift, Superiority};
use gboh_standard::state::Field;
use gboh_standard::tables::{CasualtyEffect, Doom};
use gboh_standard::{Battle, Spqr, StandardEvent};

type S = StandardEvent<()>;

/// The variant's name. No wildcard arm: a new variant does not compile until
/// it is named here, and [`NAMES`] and [`examples`] must follow, or
/// [`every_event_variant_reads_as_a_sentence`] fails.
fn name<E>(e: &StandardEvent<E>) -> &'static str {
    use StandardEvent as E;
    match e {
        E::Activated { .. } => "Activated",
        E::AuxiliariesActivated { .. } => "AuxiliariesActivated",
        E::EliteRolled { .. } => "EliteRolled",
        E::TieRolled { .. } => "TieRolled",
        E::Trump { .. } => "Trump",
        E::Momentum { .. } => "Momentum",
        E::Finished { .. } => "Finished",
        E::Moved { .. } => "Moved",
        E::Pivoted { .. } => "Pivoted",
        E::Column { .. } => "Column",
        E::Faced { .. } => "Faced",
        E::LineCommand { .. } => "LineCommand",
        E::LeaderReplaced { .. } => "LeaderReplaced",
        E::ProconsulInCommand { .. } => "ProconsulInCommand",
        E::StackOrdered { .. } => "StackOrdered",
        E::StackMoved { .. } => "StackMoved",
        E::LeaderOrdered { .. } => "LeaderOrdered",
        E::LeaderMoved { .. } => "LeaderMoved",
        E::Fired { .. } => "Fired",
        E::GameFired { .. } => "GameFired",
        E::PreShock { .. } => "PreShock",
        E::PhalanxStands { .. } => "PhalanxStands",
        E::Shock { .. } => "Shock",
        E::Brink { .. } => "Brink",
        E::ReactionFaced { .. } => "ReactionFaced",
        E::Withdrew { .. } => "Withdrew",
        E::Pursuit { .. } => "Pursuit",
        E::PursuedOffMap { .. } => "PursuedOffMap",
        E::Regrouped { .. } => "Regrouped",
        E::Returned { .. } => "Returned",
        E::Advanced { .. } => "Advanced",
        E::Routed { .. } => "Routed",
        E::StackRout { .. } => "StackRout",
        E::DoubleDepthFormed { .. } => "DoubleDepthFormed",
        E::FifthMp { .. } => "FifthMp",
        E::PassedFriend { .. } => "PassedFriend",
        E::PassedThrough { .. } => "PassedThrough",
        E::RoutMove { .. } => "RoutMove",
        E::Eliminated { .. } => "Eliminated",
        E::LeaderCasualty { .. } => "LeaderCasualty",
        E::Rally { .. } => "Rally",
        E::StackSwapped { .. } => "StackSwapped",
        E::Recovered { .. } => "Recovered",
        E::Reloaded { .. } => "Reloaded",
        E::TurnEnded { .. } => "TurnEnded",
        E::Over(_) => "Over",
        E::Game(_) => "Game",
    }
}

/// Every name [`name`] returns.
const NAMES: [&str; 47] = [
    "Activated",
    "AuxiliariesActivated",
    "EliteRolled",
    "TieRolled",
    "Trump",
    "Momentum",
    "Finished",
    "Moved",
    "Pivoted",
    "Column",
    "Faced",
    "LineCommand",
    "LeaderReplaced",
    "ProconsulInCommand",
    "StackOrdered",
    "StackMoved",
    "LeaderOrdered",
    "LeaderMoved",
    "Fired",
    "GameFired",
    "PreShock",
    "PhalanxStands",
    "Shock",
    "Brink",
    "ReactionFaced",
    "Withdrew",
    "Pursuit",
    "PursuedOffMap",
    "Regrouped",
    "Returned",
    "Advanced",
    "Routed",
    "StackRout",
    "DoubleDepthFormed",
    "FifthMp",
    "PassedFriend",
    "PassedThrough",
    "RoutMove",
    "Eliminated",
    "LeaderCasualty",
    "Rally",
    "StackSwapped",
    "Recovered",
    "Reloaded",
    "TurnEnded",
    "Over",
    "Game",
];

fn woods() -> Modifiers {
    let mut m = Modifiers::new();
    m.push("SPQR 8.2", "target in woods", Drm(1));
    m
}

fn charisma() -> Modifiers {
    let mut m = Modifiers::new();
    m.push("SPQR 8.7", "the attacking leader's Charisma", Drm(2));
    m
}

fn battle() -> Battle<Spqr> {
    Battle::new(Spqr, "Skirmish").unwrap().0
}

/// One event of every variant, several of some to reach each branch.
fn examples() -> Vec<S> {
    let to = || "2023".to_owned();
    vec![
        S::Activated { leader: 0, momentum: false },
        S::Activated { leader: 0, momentum: true },
        S::AuxiliariesActivated { side: Side::Adversary, leader: 0 },
        S::EliteRolled { side: Some(Side::Adversary) },
        S::EliteRolled { side: None },
        S::TieRolled { first: Side::Roman },
        S::Trump { leader: 0, success: true },
        S::Momentum { leader: 0, outcome: MomentumOutcome::Another },
        S::Momentum { leader: 0, outcome: MomentumOutcome::Finished },
        S::Momentum { leader: 0, outcome: MomentumOutcome::Doom(Doom::OpponentActivates) },
        S::Momentum { leader: 0, outcome: MomentumOutcome::Doom(Doom::Finished) },
        S::Momentum { leader: 0, outcome: MomentumOutcome::Doom(Doom::TurnEnds) },
        S::Finished { leader: 1 },
        S::Moved { unit: 0, to: to(), hits: 1 },
        S::Pivoted { unit: 0, to: to(), facing: Facing::Two, hits: 1 },
        S::StackRout { unit: 0, checked: true, routs: false },
        S::StackRout { unit: 0, checked: false, routs: true },
        S::StackSwapped { unit: 0 },
        S::DoubleDepthFormed { back: 1, front: 0 },
        S::FifthMp { unit: 0, hits: 1 },
        S::Column { unit: 0, column: true },
        S::Faced { unit: 0, facing: Facing::Two, hits: 0 },
        S::LineCommand { leader: 0, units: vec![0, 1] },
        S::LineCommand { leader: 0, units: vec![] },
        S::LeaderReplaced { leader: 0, to: to() },
        S::ProconsulInCommand { leader: 1 },
        S::StackOrdered { leader: 0, units: vec![0, 1] },
        S::StackMoved { leader: 0, to: to(), units: vec![(0, 0), (1, 1)] },
        S::LeaderOrdered { leader: 0, orders: 2 },
        S::LeaderMoved { leader: 0, to: to() },
        S::Fired { unit: 0, target: 1, hits: 1, modifiers: Modifiers::new() },
        S::Fired { unit: 0, target: 1, hits: 0, modifiers: woods() },
        S::GameFired {
            by: "the scorpion in tower 0446".to_owned(),
            from: to(),
            target: 1,
            range: 7,
            hits: 1,
            modifiers: Modifiers::new(),
        },
        S::PreShock { unit: 0, hits: 2 },
        S::PhalanxStands { unit: 0, stands: true },
        S::Shock {
            attacker: 0,
            defender: 1,
            column: 4,
            shifts: vec![Shift { what: "defender higher", columns: -1 }],
            shift_rule: "SPQR 8.5",
            modifiers: charisma(),
            superiority: Superiority::Attacker,
            attacker_hits: 1,
            defender_hits: 4,
            with: vec![],
        },
        S::Shock {
            attacker: 0,
            defender: 1,
            column: 4,
            shifts: vec![],
            shift_rule: "SPQR 8.5",
            modifiers: Modifiers::new(),
            superiority: Superiority::Defender,
            attacker_hits: 3,
            defender_hits: 0,
            with: vec![],
        },
        S::Shock {
            attacker: 0,
            defender: 1,
            column: 4,
            shifts: vec![],
            shift_rule: "SPQR 8.5",
            modifiers: Modifiers::new(),
            superiority: Superiority::None,
            attacker_hits: 1,
            defender_hits: 1,
            with: vec![2],
        },
        S::Brink { unit: 0, stays: false },
        S::ReactionFaced { unit: 0, facing: Facing::Ten, hits: 1 },
        S::Withdrew { unit: 0, to: to(), hits: 0 },
        S::Pursuit { unit: 0, pursues: true },
        S::PursuedOffMap { unit: 0, leaders: vec![0], exit: to() },
        S::PursuedOffMap { unit: 0, leaders: Vec::new(), exit: to() },
        S::Regrouped { leader: 0 },
        S::Returned { unit: 0, leaders: vec![0], to: to() },
        S::Advanced { unit: 0, to: to() },
        S::Routed { unit: 0 },
        S::PassedFriend { unit: 0, by: 1, hits: 1 },
        S::PassedThrough { unit: 0, by: 1, hits: 1 },
        S::RoutMove { unit: 0, to: to() },
        S::Eliminated { unit: 0, rout_points: 4 },
        S::LeaderCasualty { leader: 0, effect: CasualtyEffect::Finished },
        S::LeaderCasualty { leader: 0, effect: CasualtyEffect::Wounded(1) },
        S::LeaderCasualty { leader: 0, effect: CasualtyEffect::Killed },
        S::Rally { unit: 0, outcome: RallyOutcome::Rallied { hits: 2 } },
        S::Rally { unit: 0, outcome: RallyOutcome::Fails },
        S::Rally { unit: 0, outcome: RallyOutcome::Eliminated },
        S::Recovered { unit: 0, hits: 1 },
        S::Reloaded { unit: 0 },
        S::TurnEnded { turn: 3 },
        S::Over(Outcome::Withdrawal { loser: Side::Adversary }),
        S::Over(Outcome::Draw),
        S::Over(Outcome::TurnLimit),
        S::Over(Outcome::Victory { winner: Side::Adversary }),
        S::Game(()),
    ]
}

/// What a `Debug` dump would leave in a line: the core testkit's marks
/// (`gboh_core::testkit::narration`) and the engine's own variant and id names.
fn debug_dump(line: &str) -> Option<&'static str> {
    narration::debug_dump(
        line,
        &[
            "Ten",
            "Doom(",
            "Rallied",
            "Wounded(",
            "Withdrawal {",
            "TurnLimit",
            "Attacker",
            "Defender",
            "()",
        ],
    )
}

/// `[SPQR 8.4] ...`: the rule, with a section number, opens the line.
fn cites_a_section(line: &str) -> bool {
    narration::cited_rule(line).is_some()
}

fn line(field: &Field, rule: &'static str, what: S) -> String {
    narrate::line(field, &Event::new(rule, what))
}

#[test]
fn every_event_variant_reads_as_a_sentence() {
    let battle = battle();
    let examples = examples();
    let walked: BTreeSet<&str> = examples.iter().map(name).collect();
    let named: BTreeSet<&str> = NAMES.into_iter().collect();
    assert_eq!(named.len(), NAMES.len(), "NAMES has a duplicate");
    assert_eq!(walked, named, "the examples and NAMES must cover the same variants");
    for what in examples {
        let n = name(&what);
        let line = line(battle.field(), "SPQR 8.4", what);
        assert!(cites_a_section(&line), "{line}");
        assert!(line.len() > "[SPQR 8.4] ".len() + 8, "{line}");
        if let Some(bad) = debug_dump(&line) {
            panic!("{n} narrates as a dump ({bad}): {line}");
        }
    }
}

#[test]
fn the_checks_catch_a_debug_dump() {
    assert!(debug_dump("[SPQR 5.3] Princeps rolls for Momentum: Doom(TurnEnds)").is_some());
    assert!(debug_dump("[SPQR 7.2] LG-1 faces Twelve").is_some());
    assert!(debug_dump("[SPQR 11.0] the battle is over: Withdrawal { loser: Roman }").is_some());
    assert!(debug_dump("[SPQR 11.0] the battle is over: the last turn has ended").is_none());
    assert!(!cites_a_section("[SPQR] x"));
    assert!(cites_a_section("[SPQR 8.4] x"));
}

/// The adversary's Overall Commander in the scenario.
fn oc_adversary(f: &Field) -> usize {
    (0..f.leaders.len())
        .find(|&l| f.leader_def(l).is_some_and(|d| d.side == Side::Adversary && d.overall))
        .unwrap()
}

#[test]
fn key_events_read_exactly() {
    let battle = battle();
    let f = battle.field();
    let unit = |u: usize| f.def(u).unwrap().id.to_string();
    let leader = |l: usize| f.leader_def(l).unwrap().name.clone();
    assert_eq!(
        line(f, "SPQR 7.2", S::Faced { unit: 0, facing: Facing::Twelve, hits: 1 }),
        format!("[SPQR 7.2] {} faces 12 o'clock, 1 hit", unit(0))
    );
    assert_eq!(
        line(
            f,
            "SPQR 8.4",
            S::Shock {
                attacker: 0,
                defender: 1,
                column: 5,
                shifts: vec![],
                shift_rule: "SPQR 8.5",
                modifiers: Modifiers::new(),
                superiority: Superiority::Attacker,
                attacker_hits: 1,
                defender_hits: 4,
                with: vec![],
            }
        ),
        format!(
            "[SPQR 8.4] {} shocks {} on column 5 (Attack Superior: the defender's hits doubled): \
             1 hit to the attacker, 4 hits to the defender",
            unit(0),
            unit(1)
        )
    );
    // Each shift and each modifier with its rule (issue 16).
    assert_eq!(
        line(
            f,
            "SPQR 8.7",
            S::Shock {
                attacker: 0,
                defender: 1,
                column: 4,
                shifts: vec![
                    Shift { what: "size ratio", columns: 1 },
                    Shift { what: "defender higher", columns: -1 },
                ],
                shift_rule: "SPQR 8.5",
                modifiers: charisma(),
                superiority: Superiority::None,
                attacker_hits: 2,
                defender_hits: 3,
                with: vec![],
            }
        ),
        format!(
            "[SPQR 8.7] {} shocks {} on column 4 after shifts +1 size ratio, -1 defender higher \
             (SPQR 8.5), modified +2 the attacking leader's Charisma (SPQR 8.7) = +2 \
             (no superiority): 2 hits to the attacker, 3 hits to the defender",
            unit(0),
            unit(1)
        )
    );
    assert_eq!(
        line(f, "SPQR 8.2", S::Fired { unit: 0, target: 1, hits: 1, modifiers: woods() }),
        format!(
            "[SPQR 8.2] {} fires at {}, modified +1 target in woods (SPQR 8.2) = +1: 1 hit",
            unit(0),
            unit(1)
        )
    );
    assert_eq!(
        line(
            f,
            "Gergovia 9.33",
            S::GameFired {
                by: "the scorpion in tower 0446".to_owned(),
                from: "0446".to_owned(),
                target: 1,
                range: 7,
                hits: 0,
                modifiers: woods(),
            }
        ),
        format!(
            "[Gergovia 9.33] the scorpion in tower 0446 fires at {} at range 7, modified +1 target in woods (SPQR 8.2) = +1: no effect",
            unit(1)
        )
    );
    assert_eq!(
        line(f, "SPQR 5.5", S::EliteRolled { side: Some(Side::Adversary) }),
        format!(
            "[SPQR 5.5] the Elite Commanders roll: the army of {} takes the extra Orders Phase",
            leader(oc_adversary(f))
        )
    );
    assert_eq!(
        line(f, "SPQR 5.3", S::Momentum { leader: 0, outcome: MomentumOutcome::Finished }),
        format!("[SPQR 5.3] {} rolls for Momentum: it fails, he is Finished", leader(0))
    );
    assert_eq!(
        line(f, "SPQR 11.0", S::Over(Outcome::Withdrawal { loser: Side::Roman })),
        "[SPQR 11.0] the battle is over: the Roman army reaches its withdrawal level and withdraws"
    );
}

/// The reference bots play the Skirmish to its end: every event narrated
/// reads as a sentence citing its rule.
#[test]
fn a_bot_game_narrates_without_debug_dumps() {
    let mut game = Game::new(battle(), Dice::seeded(7));
    let (mut a, mut b) = (Advance, Advance);
    let mut legal = Vec::new();
    let mut seen = BTreeSet::new();
    let mut lines = 0;
    for _ in 0..5_000 {
        let policy: &mut dyn Policy<Battle<Spqr>> =
            if game.decider() == Some(Side::Adversary) { &mut b } else { &mut a };
        let Some(action) = choose(&game, policy, &mut legal) else { break };
        for e in game.apply(action).unwrap() {
            let line = narrate::line(game.state().field(), &e);
            assert!(cites_a_section(&line), "{line}");
            if let Some(bad) = debug_dump(&line) {
                panic!("{} narrates as a dump ({bad}): {line}", name(&e.what));
            }
            seen.insert(name(&e.what));
            lines += 1;
        }
    }
    assert!(lines > 50, "only {lines} lines: {seen:?}");
    for kind in ["Activated", "Moved", "Shock"] {
        assert!(seen.contains(kind), "no {kind} in {seen:?}");
    }
}

/// The action's name. No wildcard arm: a new action does not compile until
/// it is named here and [`action_examples`] covers it.
fn action_name(a: &Action) -> &'static str {
    match a {
        Action::RollOff => "RollOff",
        Action::AuxiliaresPhase { .. } => "AuxiliaresPhase",
        Action::ElitePhase { .. } => "ElitePhase",
        Action::Trump { .. } => "Trump",
        Action::Challenge { .. } => "Challenge",
        Action::Decline => "Decline",
        Action::Step { .. } => "Step",
        Action::Pivot { .. } => "Pivot",
        Action::PhalanxColumn { .. } => "PhalanxColumn",
        Action::PassThrough { .. } => "PassThrough",
        Action::Face { .. } => "Face",
        Action::Fire { .. } => "Fire",
        Action::Harass { .. } => "Harass",
        Action::Rally { .. } => "Rally",
        Action::SwapStack { .. } => "SwapStack",
        Action::Recover { .. } => "Recover",
        Action::ReplaceLeader { .. } => "ReplaceLeader",
        Action::OrderStack => "OrderStack",
        Action::RegroupAndReturn => "RegroupAndReturn",
        Action::ReturnPursuer { .. } => "ReturnPursuer",
        Action::StackStep { .. } => "StackStep",
        Action::StackFace { .. } => "StackFace",
        Action::LineCommand { .. } => "LineCommand",
        Action::OrderLeader { .. } => "OrderLeader",
        Action::Declare { .. } => "Declare",
        Action::LeaderStep { .. } => "LeaderStep",
        Action::EndOrders => "EndOrders",
        Action::ReactFace { .. } => "ReactFace",
        Action::ReactFire { .. } => "ReactFire",
        Action::Withdraw { .. } => "Withdraw",
        Action::Column { .. } => "Column",
        Action::FifthMp { .. } => "FifthMp",
        Action::LeaderWithdraw { .. } => "LeaderWithdraw",
        Action::NoReaction { .. } => "NoReaction",
        Action::DesignateShock { .. } => "DesignateShock",
        Action::Combine { .. } => "Combine",
        Action::ResolveShocks => "ResolveShocks",
        Action::Allocate { .. } => "Allocate",
        Action::ClashType { .. } => "ClashType",
        Action::Momentum => "Momentum",
        Action::Activate { .. } => "Activate",
    }
}

const ACTION_NAMES: usize = 41;

fn action_examples() -> Vec<Action> {
    let d = Direction::ALL[0];
    vec![
        Action::RollOff,
        Action::AuxiliaresPhase { leader: 0 },
        Action::ElitePhase { leader: 0 },
        Action::Trump { leader: 0 },
        Action::Challenge { leader: 1 },
        Action::Decline,
        Action::Step { unit: 0, dir: d },
        Action::Pivot { unit: 0, clockwise: true },
        Action::Pivot { unit: 0, clockwise: false },
        Action::PhalanxColumn { unit: 0, right: true },
        Action::PassThrough { unit: 0, dir: d },
        Action::Face { unit: 0, facing: Facing::Two },
        Action::Fire { unit: 0, target: 1 },
        Action::Harass { unit: 0, target: 1 },
        Action::Rally { unit: 0 },
        Action::SwapStack { unit: 0 },
        Action::Recover { unit: 0 },
        Action::ReplaceLeader { leader: 1, unit: 0 },
        Action::OrderStack,
        Action::RegroupAndReturn,
        Action::ReturnPursuer { unit: 0, hex: battle().field().units[0].hex, facing: Facing::Six },
        Action::StackStep { dir: d },
        Action::StackFace { facing: Facing::Ten },
        Action::LineCommand { anchor: 0 },
        Action::OrderLeader { leader: 1 },
        Action::Declare { choice: 2 },
        Action::LeaderStep { leader: 0, dir: d },
        Action::EndOrders,
        Action::ReactFace { unit: 0, facing: Facing::Four },
        Action::ReactFire { unit: 0 },
        Action::Withdraw { unit: 0, hexes: 1 },
        Action::Withdraw { unit: 0, hexes: 2 },
        Action::Column { unit: 0 },
        Action::FifthMp { unit: 0 },
        Action::LeaderWithdraw { leader: 0, hexes: 3 },
        Action::NoReaction { unit: 0 },
        Action::DesignateShock { unit: 0 },
        Action::Combine { unit: 1, with: 0 },
        Action::ResolveShocks,
        Action::Allocate { first: 1 },
        Action::ClashType { unit: 1 },
        Action::Momentum,
        Action::Activate { leader: 0 },
    ]
}

/// `... (SPQR 6.1)`: the rule, with a section number, closes the sentence.
fn ends_citing_a_section(text: &str) -> bool {
    let Some(inner) = text.strip_suffix(')').and_then(|t| t.rsplit_once('(')).map(|(_, r)| r)
    else {
        return false;
    };
    inner.split([' ', ';', ',']).any(|w| {
        w.chars().next().is_some_and(|c| c.is_ascii_digit())
            && w.chars().all(|c| c.is_ascii_digit() || c == '.')
    })
}

#[test]
fn every_action_reads_as_a_sentence_citing_its_rule() {
    let battle = battle();
    let examples = action_examples();
    let walked: BTreeSet<&str> = examples.iter().map(action_name).collect();
    assert_eq!(walked.len(), ACTION_NAMES, "the examples must cover every action");
    for a in &examples {
        let text = narrate::action(battle.field(), a);
        assert!(ends_citing_a_section(&text), "{}: {text}", action_name(a));
        // `[rule] ` as the event lines have it, so the same checks apply.
        let as_line = format!("[SPQR 0] {text}");
        let as_line = as_line.replace(['(', ')'], " ");
        if let Some(bad) = debug_dump(&as_line) {
            panic!("{} reads as a dump ({bad}): {text}", action_name(a));
        }
    }
    let step = narrate::action(battle.field(), &Action::Step { unit: 0, dir: Direction::ALL[0] });
    let first = battle.field().def(0).unwrap().id.to_string();
    assert!(step.starts_with(&format!("{first} steps to ")), "{step}");
    assert!(step.ends_with("(SPQR 6.1)"), "{step}");
}

#[test]
fn every_pending_decision_reads_as_a_prompt_citing_its_rule() {
    use gboh_standard::protocol::Pending as P;
    let battle = battle();
    let f = battle.field();
    // No wildcard: a new decision point does not compile until it is here.
    let name = |p: &P| match p {
        P::RollOff => "RollOff",
        P::Auxiliares { .. } => "Auxiliares",
        P::Elite { .. } => "Elite",
        P::Trump { .. } => "Trump",
        P::Challenge { .. } => "Challenge",
        P::Orders { .. } => "Orders",
        P::Momentum { .. } => "Momentum",
        P::Reaction { .. } => "Reaction",
        P::Allocation { .. } => "Allocation",
        P::ClashType { .. } => "ClashType",
        P::ShockDesignation { .. } => "ShockDesignation",
        P::DoomActivation { .. } => "DoomActivation",
        P::Over(_) => "Over",
    };
    let all = [
        P::RollOff,
        P::Auxiliares { side: Side::Roman },
        P::Elite { side: Side::Adversary },
        P::Trump { side: Side::Roman, candidate: 1 },
        P::Challenge { side: Side::Adversary, trumper: 0 },
        P::Orders { side: Side::Roman, leader: 0 },
        P::Momentum { side: Side::Roman, leader: 0 },
        P::Reaction { side: Side::Adversary, unit: 1, mover: 0, leader: false },
        P::Reaction { side: Side::Adversary, unit: 1, mover: 0, leader: true },
        P::Allocation { side: Side::Roman, attacker: 0 },
        P::ClashType { side: Side::Adversary, attacker: 0 },
        P::ShockDesignation { side: Side::Roman, leader: 0 },
        P::DoomActivation { side: Side::Adversary },
        P::Over(Outcome::Withdrawal { loser: Side::Roman }),
    ];
    let names: BTreeSet<&str> = all.iter().map(name).collect();
    assert_eq!(names.len(), 13, "every decision point");
    for p in &all {
        let text = narrate::pending(f, p);
        if !matches!(p, P::Over(_)) {
            assert!(ends_citing_a_section(&text), "{}: {text}", name(p));
        }
        let as_line = format!("[SPQR 0] {}", text.replace(['(', ')'], " "));
        if let Some(bad) = debug_dump(&as_line) {
            panic!("{} reads as a dump ({bad}): {text}", name(p));
        }
    }
    let orders = narrate::pending(f, &P::Orders { side: Side::Roman, leader: 0 });
    assert_eq!(
        orders,
        format!("the Roman army: {} gives his orders (SPQR 4.2)", f.leader_def(0).unwrap().name)
    );
}

/// Issue 16 §1: a saved battle a person can read and edit, every hex a map
/// label, read back to the same battle and fingerprint.
#[test]
fn a_labelled_save_reads_back_to_the_same_battle() {
    let mut game = Game::new(battle(), Dice::seeded(7));
    let (mut a, mut b) = (Advance, Advance);
    let mut legal = Vec::new();
    for _ in 0..60 {
        let policy: &mut dyn Policy<Battle<Spqr>> =
            if game.decider() == Some(Side::Adversary) { &mut b } else { &mut a };
        let Some(action) = choose(&game, policy, &mut legal) else { break };
        game.apply(action).unwrap();
    }
    let text = narrate::write_save(&game).unwrap();
    assert!(text.starts_with(narrate::SAVE_HEADER));
    assert!(text.lines().count() > 10, "laid out over lines");
    assert!(!text.contains("(x:"), "every hex on the map is a label:\n{text}");
    let board = game.state().field().board();
    let back: Game<Battle<Spqr>> = narrate::read_save(board, &text).unwrap();
    assert_eq!(
        gboh_core::game::fingerprint(&back).unwrap(),
        gboh_core::game::fingerprint(&game).unwrap()
    );
    // A label off the map: one error naming its line.
    let (n, line) = text.lines().enumerate().find(|(_, l)| l.contains("hex: \"")).unwrap();
    let start = line.find("hex: \"").unwrap() + "hex: \"".len();
    let label: String = line[start..].chars().take_while(|c| *c != '"').collect();
    let edited = text.replacen(&format!("\"{label}\""), "\"S9999\"", 1);
    match narrate::read_save::<Spqr>(board, &edited) {
        Err((at, why)) => {
            assert_eq!(at, n + 1);
            assert!(why.starts_with("S9999 is not a hex"), "{why}");
        }
        Ok(_) => panic!("a label off the map was accepted"),
    }
}
