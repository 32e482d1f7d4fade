//! Dictator's sections on the standard engine: 9.61-9.63 Barbarian Ferocity,
//! 9.7 Gallic Impetuosity, 9.107 Slave phalanxes, the section numbers it
//! cites, and whole random games on the reconstructed "Tribal test".
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing, clippy::panic)]

use gboh_core::data::Provenance;
use gboh_core::dice::Dice;
use gboh_core::game::{Game, fingerprint};
use gboh_core::policy::{Limits, UniformRandom, play};
use gboh_core::table::{Chance, Drm, Modifiers};
use gboh_core::testkit::{Playout, random_playout};
use gboh_dictator::tribe::{Impetuosity, ferocity_distribution};
use gboh_dictator::{Dictator, DictatorEvent, phalanx};
use gboh_standard::{Battle, GameEvent, Pending, RuleRef, StandardEvent, StandardGame};

const LG_1: usize = 0;
const SU_1: usize = 4;
const SU_2: usize = 5;
const SE_1: usize = 7;
const SE_2: usize = 8;
const PH_S: usize = 10;
const SUEBI_CHIEF: usize = 1;
const SEQUANI_CHIEF: usize = 2;

fn battle() -> Battle<Dictator> {
    Battle::new(Dictator::tribal_test(), "Tribal test").unwrap().0
}

fn pre_shock(
    game: &Dictator,
    b: &Battle<Dictator>,
    unit: usize,
    attacking: bool,
    opponents: &[usize],
) -> Drm {
    let mut m = Modifiers::new();
    game.pre_shock_modifiers(b.field(), unit, attacking, opponents, &mut m);
    assert!(m.iter().all(|x| x.rule == "9.61"));
    m.total()
}

#[test]
fn rule_9_61_ferocity_modifies_pre_shock_checks() {
    let b = battle();
    let g = b.game();
    assert_eq!(pre_shock(g, &b, SU_1, true, &[LG_1]), Drm(-1), "attacking with Ferocity");
    assert_eq!(pre_shock(g, &b, LG_1, false, &[SU_1]), Drm(2), "defending against it");
    assert_eq!(pre_shock(g, &b, PH_S, true, &[LG_1]), Drm(0), "not a tribe's BI or LI");
    assert_eq!(pre_shock(g, &b, LG_1, false, &[PH_S]), Drm(0));
    assert_eq!(pre_shock(g, &b, SU_1, false, &[LG_1]), Drm(0), "a ferocious defender has none");
}

fn routed(
    game: &mut Dictator,
    b: &Battle<Dictator>,
    unit: usize,
    faces: &[u8],
) -> Vec<GameEvent<Dictator>> {
    let mut events = Vec::new();
    let mut dice = Dice::scripted(faces.iter().copied());
    game.unit_routed(b.field(), unit, &mut dice, &mut events).unwrap();
    assert_eq!(dice.scripted_remaining(), 0, "every scripted face used");
    events
}

#[test]
fn rule_9_62_a_rout_checks_ferocity_against_the_tribal_chief() {
    let b = battle();
    // The Suebi chief has Initiative 3: 0-3 keeps Ferocity.
    assert_eq!(ferocity_distribution(Some(3)).chance(&true), Chance { count: 4, out_of: 10 });
    let mut g = b.game().clone();
    let events = routed(&mut g, &b, SU_1, &[3]);
    assert_eq!(events.len(), 1);
    assert_eq!(events[0].rule, "9.62");
    assert_eq!(events[0].rolls[0].face, 3);
    assert!(matches!(
        &events[0].what,
        StandardEvent::Game(DictatorEvent::FerocityCheck { kept: true, .. })
    ));
    assert!(g.tribes()[0].ferocity);
    let events = routed(&mut g, &b, SU_2, &[4]);
    assert!(matches!(
        &events[0].what,
        StandardEvent::Game(DictatorEvent::FerocityCheck { kept: false, .. })
    ));
    assert!(!g.tribes()[0].ferocity);
    assert_eq!(pre_shock(&g, &b, SU_1, true, &[LG_1]), Drm(0), "lost: no more modifiers");
}

#[test]
fn rule_9_63_checks_stop_once_lost_and_each_tribe_keeps_its_own() {
    let b = battle();
    let mut g = b.game().clone();
    routed(&mut g, &b, SU_1, &[9]);
    // No further check for the Suebi: no die is rolled.
    assert!(routed(&mut g, &b, SU_2, &[]).is_empty());
    // The Sequani still have theirs.
    assert!(g.tribes()[1].ferocity);
    assert_eq!(pre_shock(&g, &b, SE_1, true, &[LG_1]), Drm(-1));
    // Sequani chief: Initiative 2.
    let events = routed(&mut g, &b, SE_1, &[2]);
    assert!(matches!(
        &events[0].what,
        StandardEvent::Game(DictatorEvent::FerocityCheck { kept: true, .. })
    ));
}

#[test]
fn rule_9_7_gallic_impetuosity() {
    let b = battle();
    let mut g = b.game().clone();
    // +1 MA for Gallic infantry, not for Germans.
    assert_eq!(g.movement_allowance(b.field(), SE_1), 7);
    assert_eq!(g.movement_allowance(b.field(), SU_1), 6);
    // -1 to a Gallic leader's first Momentum attempt.
    let mut field = b.field().clone();
    field.leaders[SEQUANI_CHIEF].phases = 1;
    field.leaders[SUEBI_CHIEF].phases = 1;
    let mut m = Modifiers::new();
    g.momentum_modifiers(&field, SEQUANI_CHIEF, &mut m);
    assert_eq!(m.total(), Drm(-1));
    let mut m = Modifiers::new();
    g.momentum_modifiers(&field, SUEBI_CHIEF, &mut m);
    assert_eq!(m.total(), Drm(0));
    field.leaders[SEQUANI_CHIEF].phases = 2;
    let mut m = Modifiers::new();
    g.momentum_modifiers(&field, SEQUANI_CHIEF, &mut m);
    assert_eq!(m.total(), Drm(0), "only the first attempt");
    // Two Sequani units enter the ZOC of LG-1: Impetuosity lasts this turn only.
    let zoc = field.zoc_hexes(LG_1);
    field.units[SE_1].hex = zoc[0];
    field.units[SE_2].hex = zoc[1];
    let mut events = Vec::new();
    g.unit_moved(&field, SE_1, &mut events);
    assert!(events.is_empty());
    assert_eq!(g.tribes()[1].impetuosity, Impetuosity::Active);
    g.unit_moved(&field, SE_2, &mut events);
    assert_eq!(g.tribes()[1].impetuosity, Impetuosity::EndsThisTurn);
    assert_eq!(events[0].rule, "9.7");
    assert_eq!(g.movement_allowance(&field, SE_1), 7, "still this turn");
    g.turn_ended(&field, &mut events);
    assert_eq!(g.tribes()[1].impetuosity, Impetuosity::None);
    assert_eq!(g.movement_allowance(&field, SE_1), 6, "lost on later turns");
}

#[test]
fn rule_9_107_slave_phalanx_tq_table_and_roll_at_first_use() {
    let table = phalanx::slave_tq_table().unwrap();
    let tqs: Vec<u8> = (0..10).map(|f| *table.outcome(f)).collect();
    assert_eq!(tqs, [3, 3, 3, 3, 4, 5, 6, 7, 7, 7]);
    assert!(table.rows().iter().all(|r| r.provenance == Provenance::Printed("9.107".into())));
    let b = battle();
    let mut g = b.game().clone();
    assert_eq!(g.slave_tq(PH_S), None);
    let mut events = Vec::new();
    g.tq_needed(b.field(), PH_S, &mut Dice::scripted([6]), &mut events).unwrap();
    assert_eq!(g.slave_tq(PH_S), Some(6));
    assert_eq!(g.troop_quality(b.field(), PH_S), 6);
    assert_eq!(events[0].rule, "9.107");
    // Rolled once for the game.
    g.tq_needed(b.field(), PH_S, &mut Dice::scripted([]), &mut events).unwrap();
    assert_eq!(events.len(), 1);
    // Not a slave unit: nothing rolled.
    g.tq_needed(b.field(), SU_1, &mut Dice::scripted([]), &mut events).unwrap();
    // The option to skip the roll: TQ 5.
    let fixed = Dictator::new(Vec::new(), vec!["PH-S".into()], true);
    assert_eq!(fixed.troop_quality(b.field(), PH_S), 5);
}

#[test]
fn dictator_cites_its_own_sections_where_the_seed_gives_them() {
    assert_eq!(Dictator::section(RuleRef::PreShockCheck), "8.43");
    assert_eq!(Dictator::section(RuleRef::LineCommand), "4.4");
    assert_eq!(Dictator::section(RuleRef::LeaderInEnemyZoc), "5.27");
    assert_eq!(Dictator::section(RuleRef::Collapse), "8.47");
    assert_eq!(Dictator::section(RuleRef::Movement), "SPQR 6.1");
}

#[test]
fn random_tribal_games_end_replay_and_fire_the_hooks() {
    let mut dictator_events = 0;
    for seed in 0..6u64 {
        let mut g = Game::new(battle(), Dice::seeded(seed));
        let mut events = Vec::new();
        let mut policy = UniformRandom::seeded(seed);
        while let Some(action) = gboh_core::policy::choose(&g, &mut policy, &mut Vec::new()) {
            events.extend(g.apply(action).unwrap());
            assert!(g.log().len() < 50_000);
        }
        assert!(matches!(g.pending(), Pending::Over(_)));
        dictator_events +=
            events.iter().filter(|e| matches!(e.what, StandardEvent::Game(_))).count();
        let pre_shock = events.iter().filter(|e| matches!(e.what, StandardEvent::PreShock { .. }));
        assert!(pre_shock.clone().all(|e| e.rule == "8.43"));
        let replayed = Game::replay(battle(), seed, g.log().iter().copied()).unwrap();
        assert_eq!(fingerprint(replayed.state()).unwrap(), fingerprint(g.state()).unwrap());
    }
    assert!(dictator_events > 0, "the game's own rules came into play");
}

#[test]
fn protocol_checks_hold_on_random_tribal_playouts() {
    for seed in 0..2u64 {
        let options = Playout { max_actions: 300, ..Playout::default() };
        random_playout(Game::new(battle(), Dice::seeded(seed)), seed, &options, |_| Ok(()))
            .unwrap_or_else(|v| panic!("seed {seed}: {v:?}"));
    }
    let mut g = Game::new(battle(), Dice::seeded(9));
    let r = play(
        &mut g,
        &mut UniformRandom::seeded(1),
        &mut UniformRandom::seeded(2),
        Limits { max_actions: 50_000 },
    )
    .unwrap();
    assert!(r.finished);
}

#[test]
fn rule_9_105_phalanx_defence_counts_flanks_held_by_friendly_phalanxes() {
    use gboh_standard::protocol::phalanx_defence_flanks;
    let (b, _) = Battle::new(Dictator::chaeronea(), "Chaeronea").unwrap();
    let mut field = b.field().clone();
    let id = |name: &str| {
        (0..field.units.len()).find(|&u| field.def(u).unwrap().id.as_str() == name).unwrap()
    };
    let (ph_1, ph_2, ph_8, lg) = (id("PH-1"), id("PH-2"), id("PH-8"), id("I-1"));
    // Put a legionary in PH-2's front.
    let front = field.units[ph_2].facing.front()[0].neighbor(field.units[ph_2].hex);
    field.units[lg].hex = front;
    // PH-2 has phalanxes on both flanks: 2 flanks (4L; 2L against HI).
    assert_eq!(phalanx_defence_flanks(&field, ph_2, lg, true), 2);
    // Only for moving attacks.
    assert_eq!(phalanx_defence_flanks(&field, ph_2, lg, false), 0);
    // PH-1 ends the line: one flank.
    let front = field.units[ph_1].facing.front()[0].neighbor(field.units[ph_1].hex);
    field.units[lg].hex = front;
    assert_eq!(phalanx_defence_flanks(&field, ph_1, lg, true), 1);
    // Not through a flank, and not for a phalanx attacker.
    let flank = field.units[ph_8].facing.flank()[0].neighbor(field.units[ph_8].hex);
    if field.unit_at(flank).is_none() {
        field.units[lg].hex = flank;
        assert_eq!(phalanx_defence_flanks(&field, ph_8, lg, true), 0);
    }
    assert_eq!(phalanx_defence_flanks(&field, ph_2, ph_1, true), 0);
}

#[test]
fn rule_9_106_a_phalanx_attacking_two_units_shares_out_their_hits() {
    use gboh_core::policy::choose;
    use gboh_standard::Action;
    use gboh_standard::bots::Advance;
    // The two bots at Chaeronea: the phalanxes close on the legions.
    let mut allocations = 0;
    for seed in 0..40u64 {
        let (initial, _) = Battle::new(Dictator::chaeronea(), "Chaeronea").unwrap();
        let mut g = gboh_core::game::Game::new(initial, Dice::seeded(seed));
        let (mut roman, mut pontic) = (Advance, Advance);
        let mut legal = Vec::new();
        loop {
            if let Pending::Allocation { attacker, .. } = g.pending() {
                allocations += 1;
                assert_eq!(
                    g.state().field().def(attacker).unwrap().class(),
                    gboh_standard::kinds::ShockClass::PH
                );
                let listed = g.legal_actions();
                assert!(listed.iter().all(|a| matches!(a, Action::Allocate { .. })));
                // Every share from none to all on the first defender, and no more.
                let n = u8::try_from(listed.len()).unwrap();
                assert!(g.check(&Action::Allocate { first: n }).is_err());
                // An uneven share: all on the first.
                g.apply(Action::Allocate { first: n - 1 }).unwrap();
                continue;
            }
            let policy: &mut dyn gboh_core::policy::Policy<Battle<Dictator>> =
                if g.decider() == Some(gboh_core::Side::Roman) { &mut roman } else { &mut pontic };
            let Some(action) = choose(&g, policy, &mut legal) else { break };
            g.apply(action).unwrap();
            assert!(g.log().len() < 100_000);
        }
        if allocations > 0 {
            break;
        }
    }
    assert!(allocations > 0, "a phalanx shocked two units");
    // A legion attacking two units shares them out equally (no decision).
    let (rhine, _) = Battle::new(Dictator::rhine(), "The Rhine").unwrap();
    assert!(!rhine.game().attacker_allocates(rhine.field(), 0, &[20, 21]));
}

/// 9.101-9.102 on Chaeronea: its eight phalanxes are double-size counters,
/// and random play from the scenario goes forward, pivots and re-faces them
/// through the protocol, their two hexes always adjacent, on the map and
/// theirs alone (checked after every action). The events cite 9.102.
#[test]
fn rule_9_101_chaeronea_phalanxes_stand_on_two_hexes_and_move_as_one() {
    let initial = Battle::new(Dictator::chaeronea(), "Chaeronea").unwrap().0;
    let f = initial.field();
    let doubles: Vec<usize> = (0..f.units.len()).filter(|&u| f.is_double(u)).collect();
    assert_eq!(doubles.len(), 8);
    // 4.72: Pontic heavy infantry in a Line must be adjacent: two double-size
    // phalanxes side by side are (their facing halves touch), though their
    // left halves are two hexes apart.
    let id = |name: &str| {
        (0..f.units.len()).find(|&u| f.def(u).unwrap().id.to_string() == name).unwrap()
    };
    let taxiles =
        (0..f.leaders.len()).find(|&l| f.leader_def(l).unwrap().name == "Taxiles").unwrap();
    let link = |a, b| {
        gboh_dictator::command::line_link(
            gboh_dictator::command::CommandSystem::Pontic,
            f,
            taxiles,
            a,
            b,
        )
    };
    assert!(link(id("PH-1"), id("PH-2")));
    assert!(link(id("PH-2"), id("SLV-1")));
    assert!(!link(id("PH-1"), id("SLV-1")));
    let (mut pivots, mut forward) = (0, 0);
    for seed in 0..3u64 {
        let mut g = Game::new(initial.clone(), Dice::seeded(seed));
        let mut red = UniformRandom::seeded(seed);
        let mut blue = UniformRandom::seeded(seed + 100);
        let mut legal = Vec::new();
        for _ in 0..3000 {
            let policy: &mut UniformRandom = match g.decider() {
                Some(gboh_core::Side::Adversary) => &mut blue,
                _ => &mut red,
            };
            let Some(action) = gboh_core::policy::choose(&g, policy, &mut legal) else { break };
            let events = g.apply(action).unwrap();
            for e in &events {
                match &e.what {
                    StandardEvent::Pivoted { .. } => pivots += 1,
                    StandardEvent::Moved { unit, .. } if doubles.contains(unit) => {
                        assert_eq!(e.rule, "9.102");
                        forward += 1;
                    }
                    _ => {}
                }
            }
            let f = g.state().field();
            for &u in &doubles {
                if f.units[u].on_map() {
                    let h = f.halves(u);
                    assert_eq!(gboh_standard::state::Field::distance(h[0], h[1]), 1);
                    assert!(h.iter().all(|&x| f.board().contains(x) && f.units_at(x) == [u]));
                }
            }
        }
    }
    assert!(pivots > 0 && forward > 0, "pivots {pivots}, forward {forward}");
}

/// 9.106 with a double-size phalanx (9.101): its three front hexes hold
/// three legions; it shocks them without moving and its player shares out
/// the hits, one defender at a time, the last taking what is left.
#[test]
fn rule_9_106_a_double_size_phalanx_shares_its_hits_among_three_defenders() {
    use gboh_standard::Action;
    let (initial, _) = Battle::new(Dictator::phalanx_test(), "Phalanx test").unwrap();
    let mut g = Game::new(initial, Dice::scripted(vec![0; 40]));
    while !matches!(g.pending(), Pending::Orders { side: gboh_core::Side::Adversary, .. }) {
        g.apply(Action::Decline).unwrap();
    }
    g.apply(Action::EndOrders).unwrap();
    // 8.31: PH-A did not move; in Strategos' range it may shock.
    assert!(matches!(g.pending(), Pending::ShockDesignation { .. }), "{:?}", g.pending());
    g.apply(Action::DesignateShock { unit: 0 }).unwrap();
    let events = g.apply(Action::ResolveShocks).unwrap();
    let hits = events
        .iter()
        .find_map(|e| match e.what {
            StandardEvent::Shock { attacker: 0, defender_hits, .. } => Some(defender_hits),
            _ => None,
        })
        .expect("PH-A shocks");
    assert!(hits > 0);
    assert!(matches!(g.pending(), Pending::Allocation { attacker: 0, .. }));
    // The first two defenders (in front-hex order: S0606, S0605, S0604) get
    // none; every share from none to all was offered.
    assert_eq!(g.legal_actions().len(), usize::from(hits) + 1);
    g.apply(Action::Allocate { first: 0 }).unwrap();
    assert!(matches!(g.pending(), Pending::Allocation { attacker: 0, .. }));
    assert!(g.check(&Action::Allocate { first: hits + 1 }).is_err());
    g.apply(Action::Allocate { first: 0 }).unwrap();
    let f = g.state().field();
    assert_eq!((f.units[1].hits, f.units[2].hits), (0, 0));
    // The last takes them all (or routed under them).
    let last = f.units[3];
    assert!(last.hits == hits || !last.in_play(), "{last:?}");
}

/// The Chaeronea battle with leader `fallen` dead, as a leader casualty roll
/// of 9 (SPQR 4.53) would leave him: his state set to `Dead` in the save.
fn chaeronea_with_fallen(fallen: usize) -> Battle<Dictator> {
    let b = Battle::new(Dictator::chaeronea(), "Chaeronea").unwrap().0;
    let text = ron::to_string(&b).unwrap();
    let mut at = text.find("leaders:[").unwrap();
    for _ in 0..=fallen {
        at += text[at..].find("status:").unwrap() + "status:".len();
    }
    assert!(text[at..].starts_with("Ready"));
    let text = format!("{}Dead{}", &text[..at], &text[at + "Ready".len()..]);
    ron::from_str(&text).unwrap()
}

#[test]
fn rule_4_74_chaeronea_s_pontic_oc_replaces_a_fallen_subordinate() {
    use gboh_standard::Action;
    use gboh_standard::state::LeaderStatus;
    const ARCHELAUS: usize = 3;
    const TAXILES: usize = 4;
    const ROMAN_LEGATE: usize = 6;
    const PONTIC_OFFICER: usize = 7;
    const PH_1: usize = 16;
    const HC_1: usize = 30;
    let b = chaeronea_with_fallen(TAXILES);
    let r = &b.field().scenario.replacements;
    assert_eq!(r.iter().map(|r| r.leader).collect::<Vec<_>>(), vec![ROMAN_LEGATE, PONTIC_OFFICER]);
    assert!(r.iter().all(|r| r.provenance == Provenance::Reconstructed && !r.note.is_empty()));
    let mut g = Game::new(b, Dice::seeded(3));
    loop {
        let action = match g.pending() {
            Pending::Orders { leader: ARCHELAUS, .. } => break,
            Pending::Orders { .. } => Action::EndOrders,
            Pending::RollOff => Action::RollOff,
            Pending::ShockDesignation { .. } => Action::ResolveShocks,
            Pending::Reaction { unit, .. } => Action::NoReaction { unit },
            Pending::Over(o) => panic!("{o:?}"),
            _ => Action::Decline,
        };
        g.apply(action).unwrap();
    }
    // The officer has no keyword (Dictator 4.73): any unit, phalanx or horse.
    let legal = g.legal_actions();
    assert!(legal.contains(&Action::ReplaceLeader { leader: PONTIC_OFFICER, unit: PH_1 }));
    assert!(legal.contains(&Action::ReplaceLeader { leader: PONTIC_OFFICER, unit: HC_1 }));
    assert!(!legal.iter().any(|a| matches!(a, Action::ReplaceLeader { leader: ROMAN_LEGATE, .. })));
    let events = g.apply(Action::ReplaceLeader { leader: PONTIC_OFFICER, unit: PH_1 }).unwrap();
    assert!(events.iter().any(|e| e.rule == "SPQR 4.74"));
    let f = g.state().field();
    assert_eq!(f.leaders[PONTIC_OFFICER].hex, f.units[PH_1].hex);
    assert_eq!(f.leaders[PONTIC_OFFICER].status, LeaderStatus::Finished);
    // He counts his Initiative in rout points if he falls (SPQR 11.1).
    assert_eq!(f.leader_def(PONTIC_OFFICER).unwrap().rout_points, None);
}
