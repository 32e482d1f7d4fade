//! The roster's pieces read one table: a game that hands over its
//! [`Muster`] gets every unit and leader accessor of [`Roster`] from it (an
//! unknown piece reads as none), may still override any of them, and a game
//! that states its accessors by hand (no muster) keeps them. The tiny game
//! states its counter mix only as a muster.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use gboh_core::Side;
use gboh_core::board::{Barrier, Barriers, Board, HexsideFeature, Terrain};
use gboh_core::table::Drm;
use gboh_core::table::terrain::{Cost, MoverClass};
use gboh_core::unit::{MissileType, TroopQuality, UnitProfile, UnitType};
use gboh_simple::doc_game::Tiny;
use gboh_simple::{Lid, Muster, MusterLeader, MusterUnit, Roster, Uid};

fn profile(unit_type: UnitType, tq: u8) -> UnitProfile {
    UnitProfile {
        unit_type,
        class: None,
        tq: TroopQuality(tq),
        reduced_tq: None,
        ma: 5,
        missile: (unit_type == UnitType::LI).then_some(MissileType::Javelin),
        routs: true,
    }
}

/// A cohort of legion X, a Roman auxiliary LI and a Gallic warband;
/// Caesar and Vercingetorix (heroic presence).
fn muster() -> Muster {
    let mut m = Muster::new();
    let unit = |name: &str, side, unit_type, stack_group, auxiliary| MusterUnit {
        name: name.to_owned(),
        side,
        profile: profile(unit_type, if unit_type == UnitType::LG { 7 } else { 5 }),
        stack_group,
        auxiliary,
    };
    assert_eq!(m.push_unit(unit("X-1", Side::Roman, UnitType::LG, 3, false)), Some(Uid(0)));
    assert_eq!(m.push_unit(unit("LI-1", Side::Roman, UnitType::LI, 9, true)), Some(Uid(1)));
    assert_eq!(
        m.push_unit(unit("Arverni-1", Side::Adversary, UnitType::BI, 4, false)),
        Some(Uid(2))
    );
    let leader = |name: &str, side, charisma, charisma_reach| MusterLeader {
        name: name.to_owned(),
        side,
        charisma,
        charisma_reach,
        range: 6,
    };
    assert_eq!(m.push_leader(leader("Caesar", Side::Roman, 1, 1)), Some(Lid(0)));
    assert_eq!(m.push_leader(leader("Vercingetorix", Side::Adversary, 2, 2)), Some(Lid(1)));
    m
}

/// The charts' figures, all the same for both test rosters.
macro_rules! charts {
    () => {
        fn board(&self) -> &Board {
            &self.board
        }
        fn zoc_barriers(&self) -> Barriers {
            Barriers::from_fn(|_| Barrier::None)
        }
        fn sight_barriers(&self) -> Barriers {
            Barriers::from_fn(|_| Barrier::None)
        }
        fn stack_through_friends_mp(&self) -> Option<u8> {
            None
        }
        fn enter_cost(&self, _: Terrain, _: MoverClass) -> Option<Cost> {
            Some(Cost::Mp(1))
        }
        fn cross_cost(&self, _: HexsideFeature, _: MoverClass) -> Option<Cost> {
            None
        }
        fn climb_mp(&self) -> u8 {
            1
        }
        fn missile_drm(&self, _: Terrain) -> Drm {
            Drm::ZERO
        }
        fn missile_drm_target_lower(&self) -> Drm {
            Drm::ZERO
        }
        fn shock_drm(&self, _: Terrain) -> Drm {
            Drm::ZERO
        }
        fn shock_drm_across(&self, _: HexsideFeature) -> Drm {
            Drm::ZERO
        }
        fn shock_drm_uphill(&self) -> Drm {
            Drm::ZERO
        }
    };
}

/// A game that hands over its muster and overrides one accessor: every
/// unit is in one stack group.
struct Mustered {
    board: Board,
    muster: Muster,
}

impl Roster for Mustered {
    type Works = ();
    charts!();
    fn muster(&self) -> &Muster {
        &self.muster
    }
    fn unit_stack_group(&self, uid: Uid) -> Option<u16> {
        self.muster.unit(uid).map(|_| 0)
    }
}

/// A game that states its pieces by hand (Alexandria's way): two Roman
/// units, no leader, no muster.
struct ByHand {
    board: Board,
    profile: UnitProfile,
}

impl Roster for ByHand {
    type Works = ();
    charts!();
    fn unit_count(&self) -> usize {
        2
    }
    fn leader_count(&self) -> usize {
        0
    }
    fn unit_side(&self, uid: Uid) -> Option<Side> {
        (uid.index() < 2).then_some(Side::Roman)
    }
    fn leader_side(&self, _: Lid) -> Option<Side> {
        None
    }
    fn unit_profile(&self, uid: Uid) -> Option<&UnitProfile> {
        (uid.index() < 2).then_some(&self.profile)
    }
    fn unit_name(&self, uid: Uid) -> Option<&str> {
        [Some("A"), Some("B")].get(uid.index()).copied().flatten()
    }
    fn unit_stack_group(&self, uid: Uid) -> Option<u16> {
        (uid.index() < 2).then_some(7)
    }
    fn leader_charisma(&self, _: Lid) -> u8 {
        0
    }
}

fn board() -> Board {
    Tiny::roster().board.clone()
}

#[test]
fn the_defaults_read_the_muster() {
    let r = Mustered { board: board(), muster: muster() };
    assert_eq!((r.unit_count(), r.leader_count()), (3, 2));
    assert_eq!(r.unit_side(Uid(0)), Some(Side::Roman));
    assert_eq!(r.unit_side(Uid(2)), Some(Side::Adversary));
    assert_eq!(r.unit_name(Uid(1)), Some("LI-1"));
    assert_eq!(r.unit_name(Uid(2)), Some("Arverni-1"));
    assert_eq!(
        r.unit_profile(Uid(0)).map(|p| (p.unit_type, p.tq)),
        Some((UnitType::LG, TroopQuality(7)))
    );
    assert_eq!(r.unit_profile(Uid(1)).and_then(|p| p.missile), Some(MissileType::Javelin));
    assert!(r.unit_is_auxiliary(Uid(1)));
    assert!(!r.unit_is_auxiliary(Uid(0)));
    assert_eq!(r.leader_side(Lid(1)), Some(Side::Adversary));
    assert_eq!(r.leader_name(Lid(0)), Some("Caesar"));
    assert_eq!(r.leader_name(Lid(1)), Some("Vercingetorix"));
    assert_eq!((r.leader_charisma(Lid(0)), r.leader_charisma(Lid(1))), (1, 2));
    assert_eq!((r.leader_charisma_reach(Lid(0)), r.leader_charisma_reach(Lid(1))), (1, 2));
}

#[test]
fn a_game_may_still_override_an_accessor() {
    let r = Mustered { board: board(), muster: muster() };
    assert_eq!(r.muster().unit(Uid(2)).map(|u| u.stack_group), Some(4));
    assert_eq!(r.unit_stack_group(Uid(2)), Some(0));
    assert_eq!(r.unit_stack_group(Uid(3)), None);
}

#[test]
fn an_unknown_piece_reads_as_none() {
    let r = Mustered { board: board(), muster: muster() };
    assert_eq!(r.unit_side(Uid(3)), None);
    assert_eq!(r.unit_profile(Uid(3)), None);
    assert_eq!(r.unit_name(Uid(u16::MAX)), None);
    assert!(!r.unit_is_auxiliary(Uid(3)));
    assert_eq!(r.leader_side(Lid(2)), None);
    assert_eq!(r.leader_name(Lid(2)), None);
    assert_eq!(r.leader_charisma(Lid(2)), 0);
    // The family's reach for a leader the muster does not hold.
    assert_eq!(r.leader_charisma_reach(Lid(2)), 1);
}

#[test]
fn a_game_without_a_muster_keeps_its_own_accessors() {
    let r = ByHand { board: board(), profile: profile(UnitType::HI, 6) };
    assert_eq!(r.muster(), Muster::empty());
    assert_eq!((r.unit_count(), r.leader_count()), (2, 0));
    assert_eq!(r.unit_name(Uid(1)), Some("B"));
    assert_eq!(r.unit_stack_group(Uid(0)), Some(7));
    // What it does not state falls back on the empty muster: the family's.
    assert!(!r.unit_is_auxiliary(Uid(0)));
    assert_eq!(r.leader_name(Lid(0)), None);
    assert_eq!(r.leader_charisma_reach(Lid(0)), 1);
}

#[test]
fn the_muster_finds_pieces_by_name() {
    let m = muster();
    assert_eq!(m.uid("Arverni-1"), Some(Uid(2)));
    assert_eq!(m.uid("X-2"), None);
    assert_eq!(m.lid("Vercingetorix"), Some(Lid(1)));
    assert_eq!(m.lid("Labienus"), None);
    assert_eq!(m.uids().collect::<Vec<_>>(), [Uid(0), Uid(1), Uid(2)]);
}

#[test]
fn a_lid_numbers_at_most_256_leaders() {
    let mut m = Muster::new();
    let leader = MusterLeader {
        name: String::new(),
        side: Side::Roman,
        charisma: 0,
        charisma_reach: 1,
        range: 0,
    };
    for i in 0..256 {
        assert_eq!(m.push_leader(leader.clone()), u8::try_from(i).ok().map(Lid));
    }
    assert_eq!(m.push_leader(leader), None);
    assert_eq!(m.leaders.len(), 256);
}

/// The tiny game states its counter mix only as a muster: the cohorts stack
/// as one legion, the warbands as one tribe, the archers are auxiliaries,
/// the chief is narrated by name.
#[test]
fn the_tiny_game_reads_its_muster() {
    let tiny = Tiny::roster();
    let m = tiny.muster();
    assert_eq!(tiny.unit_count(), 7);
    assert_eq!(tiny.leader_count(), 1);
    let by_name = |n: &str| m.uid(n).unwrap();
    let group = |n: &str| tiny.unit_stack_group(by_name(n));
    assert_eq!(group("Cohort"), group("Cohort-2"));
    assert_eq!(group("Warband"), group("Warband-2"));
    assert_ne!(group("Cohort"), group("Warband"));
    assert_ne!(group("Archers"), group("Scorpio"));
    let auxiliaries: Vec<_> = m.uids().filter(|&u| tiny.unit_is_auxiliary(u)).collect();
    assert_eq!(auxiliaries, [by_name("Archers")]);
    assert_eq!(tiny.leader_name(Lid(0)), Some("the Chief"));
    assert_eq!(tiny.leader_side(Lid(0)), Some(Side::Adversary));
    assert_eq!(tiny.leader_charisma(Lid(0)), 0);
}
