//! Alesia's leader counters against the rules they encode (4.2, 4.35, 9.25).

#![allow(clippy::expect_used, clippy::unwrap_used, clippy::panic)] // a failing test panics

use gboh_alesia::leader::*;
use gboh_core::Side;

fn leader(id: &str, side: Side, roles: Vec<LeaderRole>) -> Leader {
    Leader { id: id.into(), name: id.into(), side, tribe: None, roles, successor: None }
}

fn ratings() -> LeaderRatings {
    LeaderRatings::NONE
}

/// Commius as 4.22 describes him: OC ratings on top, chieftain ratings below.
/// The top row carries only the figures the rulebook prints (5.23: 3 Seizure
/// attempts, Initiative 3).
fn commius() -> Leader {
    let mut l = leader(
        "Commius",
        Side::Adversary,
        vec![
            LeaderRole::new(
                Rank::OverallCommander,
                LeaderRatings { seizure: Some(3), initiative: Some(3), ..ratings() },
                CommandScope::Force("Relief".into()),
            ),
            LeaderRole::new(
                Rank::TribalChieftain,
                LeaderRatings { command_range: Some(1), control: Some(1), ..ratings() },
                CommandScope::Tribes,
            ),
        ],
    );
    l.tribe = Some("Atrebates".into());
    l
}

#[test]
fn rule_4_22_commius_is_an_overall_commander_and_a_chieftain() {
    let c = commius();
    assert!(c.problems().is_empty(), "{:?}", c.problems());
    assert!(c.is(Rank::OverallCommander) && c.is(Rank::TribalChieftain));
    assert_eq!(c.overall_command().map(|r| r.rank), Some(Rank::OverallCommander));
    assert_eq!(c.troop_command().map(|r| r.rank), Some(Rank::TribalChieftain));
    // 5.23 example: "Commius' Initiative rating of '3'", "one of his 3 Seizure Attempts".
    assert_eq!(c.seizure(), Some(3));
    assert_eq!(c.initiative(), Some(3));
    // 4.35: Caesar and Commius are not replaced.
    assert_eq!(c.replacement(), Replacement::NotReplaced);
}

#[test]
fn rule_4_21_vercingetorix_needs_no_control_and_has_a_successor() {
    let mut v = leader(
        "Vercingetorix",
        Side::Adversary,
        vec![
            LeaderRole::new(
                Rank::OverallCommander,
                LeaderRatings {
                    seizure: Some(1),
                    initiative: Some(1),
                    charisma: Some(1),
                    ..ratings()
                },
                CommandScope::Force("Alesia".into()),
            ),
            // 4.24: "Vercingetorix does not have this rating [Control]"; range 8 MP
            // per the publisher's ruling.
            LeaderRole::new(
                Rank::TribalChieftain,
                LeaderRatings { command_range: Some(8), ..ratings() },
                CommandScope::Force("Alesia".into()),
            ),
        ],
    );
    v.successor = Some("Critognatus".into());
    assert!(v.problems().is_empty(), "{:?}", v.problems());
    assert_eq!(v.command_range(), Some(8));
    assert_eq!(v.control(), None);
    assert!(!v.can_control([1]), "no Control rating: he controls no tribes");
    // 4.35: "his place as OC in Alesia is taken by Critognatus".
    assert_eq!(v.replacement(), Replacement::Successor("Critognatus".into()));
    // A chieftain of tribes (not a whole force) must print Control (4.24).
    let mut tribal = v.clone();
    if let Some(r) = tribal.roles.get_mut(1) {
        r.scope = CommandScope::Tribes;
    }
    assert!(
        tribal
            .problems()
            .iter()
            .any(|p| matches!(p, LeaderProblem::MissingRating { rating: Rating::Control, .. }))
    );
}

#[test]
fn rule_4_12_eporedorix_example_control_total() {
    let e = leader(
        "Eporedorix",
        Side::Adversary,
        vec![LeaderRole::new(
            Rank::TribalChieftain,
            LeaderRatings { command_range: Some(7), control: Some(7), ..ratings() },
            CommandScope::Tribes,
        )],
    );
    // Sequani (2), Ruteni (2), Helvetii (2), Nervii (1).
    assert!(e.can_control([2, 2, 2, 1]));
    assert!(!e.can_control([2, 2, 2, 1, 2]));
    assert_eq!(e.command_range(), Some(7));
}

#[test]
fn rule_4_23_area_commanders_seize_with_a_range_and_are_not_replaced() {
    let incomplete = leader(
        "Labienus",
        Side::Roman,
        vec![LeaderRole::new(
            Rank::AreaCommander,
            LeaderRatings { seizure: Some(1), initiative: Some(1), ..ratings() },
            CommandScope::Auxiliaries,
        )],
    );
    assert_eq!(
        incomplete.problems(),
        [LeaderProblem::MissingRating { rank: Rank::AreaCommander, rating: Rating::CommandRange }]
    );
    assert!(Rank::AreaCommander.may_seize() && !Rank::Legate.may_seize());
    assert_eq!(incomplete.replacement(), Replacement::NotReplaced);
    assert!(!Rank::AreaCommander.accepts(&CommandScope::Legion("X".into())));
}

#[test]
fn rule_4_35_legates_and_prefects_return() {
    for (rank, scope) in [
        (Rank::Legate, CommandScope::Legion("X".into())),
        (Rank::CavalryPrefect, CommandScope::Cavalry),
        (Rank::GallicCavalryLeader, CommandScope::CavalryAndLightInfantry),
    ] {
        let l = leader(
            "l",
            Side::Roman,
            vec![LeaderRole::new(
                rank,
                LeaderRatings { command_range: Some(1), ..ratings() },
                scope,
            )],
        );
        assert!(l.problems().is_empty(), "{rank}: {:?}", l.problems());
        assert_eq!(l.replacement(), Replacement::Returns, "{rank}");
    }
}

#[test]
fn rule_9_25_charisma_adds_when_attacking_and_subtracts_when_defending() {
    let caesar = leader(
        "Caesar",
        Side::Roman,
        vec![LeaderRole::new(
            Rank::OverallCommander,
            LeaderRatings { seizure: Some(1), initiative: Some(1), charisma: Some(1), ..ratings() },
            CommandScope::Army,
        )],
    );
    assert_eq!(caesar.charisma_drm(true), 1);
    assert_eq!(caesar.charisma_drm(false), -1);
    assert_eq!(caesar.troop_command(), None);
    let plain = commius();
    assert_eq!(plain.charisma(), 0);
    assert_eq!(plain.charisma_drm(true), 0);
}

#[test]
fn rule_4_2_a_leader_needs_a_rank_and_each_rank_once() {
    let two_ocs = leader(
        "x",
        Side::Adversary,
        vec![
            LeaderRole::new(
                Rank::OverallCommander,
                LeaderRatings { seizure: Some(1), initiative: Some(1), ..ratings() },
                CommandScope::Army,
            ),
            LeaderRole::new(
                Rank::OverallCommander,
                LeaderRatings { seizure: Some(1), initiative: Some(1), ..ratings() },
                CommandScope::Army,
            ),
        ],
    );
    assert_eq!(two_ocs.problems(), [LeaderProblem::RankTwice(Rank::OverallCommander)]);
    assert_eq!(leader("y", Side::Roman, vec![]).problems(), [LeaderProblem::NoRole]);
}
