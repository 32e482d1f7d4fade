//! Every counter value the Gergovia rulebook prints is pinned, with its
//! provenance; what it does not print is marked reconstructed.

#![allow(clippy::expect_used, clippy::unwrap_used, clippy::panic)] // a failing test panics

use gboh_core::Side;
use gboh_core::data::Provenance;
use gboh_core::unit::{CohortClass, UnitType};
use gboh_gergovia::counters::{self, Counters, Elite, FormationKind, Origin};
use gboh_standard::Rank;

fn mix() -> &'static Counters {
    counters::counters().unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn roman_forces_legions_with_their_eagles() {
    for (legion, origin) in [
        ("VIII", Origin::CoG),
        ("X", Origin::CoG),
        ("XI", Origin::CoG),
        ("XIII", Origin::CoG),
        ("XIV", Origin::CoG),
        ("XV", Origin::Module),
    ] {
        let f = mix().formation(legion).unwrap_or_else(|| panic!("no legion {legion}"));
        assert_eq!(
            (f.kind, f.side, f.origin),
            (FormationKind::Legion, Side::Roman, origin),
            "{legion}"
        );
        assert_eq!(f.eagle.as_ref().map(|e| e.to_string()), Some(format!("{legion}-Aquila")));
        let cohorts: Vec<_> = mix().units_of(legion).collect();
        assert_eq!(cohorts.len(), 10, "{legion}");
        assert!(cohorts.iter().all(|u| u.profile.unit_type == UnitType::CO));
    }
    assert_eq!(mix().eagles().len(), 6);
    assert!(mix().unit("VIII-1").is_some_and(|u| u.provenance("count").is_printed()));
}

#[test]
fn roman_forces_xi_is_veteran_with_a_reduced_side_and_the_others_are_not() {
    for u in mix().units_of("XI") {
        assert_eq!(u.profile.class, Some(CohortClass::Veteran));
        assert!(u.profile.has_reduced_side(), "simplified: veteran cohorts have two sides");
        assert!(u.provenance("class").is_printed());
    }
    for legion in ["VIII", "X", "XIII", "XIV", "XV"] {
        assert!(mix().units_of(legion).all(|u| !u.profile.has_reduced_side()));
    }
}

#[test]
fn roman_forces_auxiliaries_cavalry_and_the_aedui() {
    for (f, n, t, kind) in [
        ("Gallic LN", 6, UnitType::LN, FormationKind::Cavalry),
        ("Cretan archers", 3, UnitType::SK, FormationKind::Auxiliaries),
        ("Numidian archers", 3, UnitType::SK, FormationKind::Auxiliaries),
        ("Numidian LI", 8, UnitType::LI, FormationKind::Auxiliaries),
    ] {
        let units: Vec<_> = mix().units_of(f).collect();
        assert_eq!(units.len(), n, "{f}");
        assert!(units.iter().all(|u| u.profile.unit_type == t && u.side == Side::Roman), "{f}");
        assert!(
            units.iter().all(|u| u.provenance("count").is_printed()),
            "{f}: the count is printed"
        );
        assert_eq!(mix().formation(f).map(|x| x.kind), Some(kind));
    }
    let aedui: Vec<_> = mix().units_of("Aedui").collect();
    assert!(
        !aedui.is_empty()
            && aedui.iter().all(|u| u.side == Side::Roman && u.profile.unit_type == UnitType::BI)
    );
    assert_eq!(
        aedui[0].provenance("count"),
        &Provenance::Reconstructed,
        "the rulebook prints no number"
    );
}

#[test]
fn gallic_units_arverni_and_the_three_tribes() {
    let arverni: Vec<_> = mix().units_of("Arverni").collect();
    assert!(arverni.len() > 25, "at least 25 off the map, the rest with Critignatus");
    assert!(
        arverni.iter().all(|u| u.profile.unit_type == UnitType::BI && u.side == Side::Adversary)
    );
    assert!(
        mix()
            .units_of("Arverni archers")
            .all(|u| u.profile.missile == Some(gboh_core::unit::MissileType::Arrow))
    );
    assert!(mix().units_of("Arverni cavalry").all(|u| u.profile.unit_type.is_cavalry()));
    for tribe in ["Nitiobriges", "Carnutes", "Bituriges"] {
        let f = mix().formation(tribe).unwrap_or_else(|| panic!("{tribe}"));
        assert_eq!(
            (f.kind, f.side, f.origin),
            (FormationKind::Tribe, Side::Adversary, Origin::Module)
        );
        assert!(mix().units_of(tribe).count() > 0);
    }
    // Counter values are not printed: reconstructed.
    assert_eq!(arverni[0].provenance("tq"), &Provenance::Reconstructed);
    assert_eq!(arverni[0].provenance("ma"), &Provenance::Reconstructed);
}

#[test]
fn elite_commanders_caesar_initiative_4_first_turn_only_and_vercingetorix_once() {
    let caesar = mix().leader("Caesar").unwrap_or_else(|| panic!("Caesar"));
    assert_eq!(caesar.initiative, Some(4));
    assert!(caesar.provenance("initiative").is_printed());
    assert_eq!((caesar.rank, caesar.side), (Rank::OverallCommander, Side::Roman));
    assert_eq!(caesar.elite, Some(Elite::FirstTurnOnly));
    let v = mix().leader("Vercingetorix").unwrap_or_else(|| panic!("Vercingetorix"));
    assert_eq!(
        (v.rank, v.side, v.elite),
        (Rank::OverallCommander, Side::Adversary, Some(Elite::OncePerGame))
    );
    assert!(v.provenance("elite").is_printed());
}

#[test]
fn roman_starting_deployment_erratum_roscius_has_xiv_on_his_counter() {
    let r = mix().leader("Roscius").unwrap_or_else(|| panic!("Roscius"));
    assert_eq!(r.legion.as_deref(), Some("XIV"));
    assert!(r.provenance("legion").is_printed());
    assert_eq!(r.commands, ["XIV"]);
}

#[test]
fn every_leader_the_rulebook_names_with_his_command() {
    for (id, side, commands) in [
        ("Caesar", Side::Roman, "VIII"),
        ("Fabius", Side::Roman, "VIII"),
        ("Antistius", Side::Roman, "X"),
        ("Caninius", Side::Roman, "XI"),
        ("Sextius", Side::Roman, "XIII"),
        ("Roscius", Side::Roman, "XIV"),
        ("Sulpicius", Side::Roman, "XV"),
        ("Convictolitavus", Side::Roman, "Aedui"),
        ("Manucius", Side::Roman, "Gallic LN"),
        ("Vercingetorix", Side::Adversary, "Arverni"),
        ("Critignatus", Side::Adversary, "Arverni"),
        ("Vercassivellaunus", Side::Adversary, "Arverni cavalry"),
        ("Teutmatus", Side::Adversary, "Nitiobriges"),
        ("Cotuatus", Side::Adversary, "Carnutes"),
        ("Vortex", Side::Adversary, "Bituriges"),
    ] {
        let l = mix().leader(id).unwrap_or_else(|| panic!("no leader {id}"));
        assert_eq!(l.side, side, "{id}");
        assert!(l.commands.iter().any(|c| c == commands), "{id} commands {commands}");
    }
    assert_eq!(mix().leaders().len(), 15);
    // Legion numbers on the legates' counters (Roman Forces, Roman Starting Deployment).
    for (id, legion) in [
        ("Fabius", "VIII"),
        ("Antistius", "X"),
        ("Caninius", "XI"),
        ("Sextius", "XIII"),
        ("Sulpicius", "XV"),
    ] {
        assert_eq!(
            mix().leader(id).and_then(|l| l.legion.clone()).as_deref(),
            Some(legion),
            "{id}"
        );
    }
    // Counters from C/CoG: Sextius, Fabius and Manucius.
    for id in ["Sextius", "Fabius", "Manucius"] {
        assert_eq!(mix().leader(id).map(|l| l.origin), Some(Origin::CoG), "{id}");
    }
}

#[test]
fn simplified_formation_tables_seizure_attempts() {
    for (id, n) in [
        ("Caesar", Some(3)),
        ("Manucius", Some(2)),
        ("Vercingetorix", Some(5)),
        ("Vercassivellaunus", Some(2)),
        ("Critignatus", None),
        ("Fabius", None),
    ] {
        let l = mix().leader(id).unwrap_or_else(|| panic!("{id}"));
        assert_eq!(l.seizures, n, "{id}");
        if n.is_some() {
            assert!(l.provenance("seizures").is_printed(), "{id}");
        }
    }
}

#[test]
fn unit_ids_are_unique_and_every_value_in_range() {
    let mut ids: Vec<&str> = mix().units().iter().map(|u| u.id.as_str()).collect();
    ids.extend(mix().eagles().iter().map(|e| e.id.as_str()));
    let n = ids.len();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), n);
    for u in mix().units() {
        assert!((1..=9).contains(&u.profile.tq.0) && u.profile.ma > 0 && u.size > 0, "{}", u.id);
    }
}
