//! `gboh odds --game dictator|gergovia`: the exact outcome distribution of
//! a shock or a missile fire in a standard-family battle, from the engine's
//! own mechanisms. A shock: the Clash of Spears column for the two units'
//! types and the aspect attacked (SPQR 8.73), the column shifts (8.5: size
//! ratio, woods or marsh, elevation), Shock Superiority (8.72), the leaders'
//! Charisma (8.7), and the Shock CRT's exact odds with the superiority
//! applied. A fire (`--fire`): the missile table's column for the firer's
//! missile at the range, SPQR 8.2's modifiers, the exact odds of each
//! number of hits. Sections are the game's where it renumbers a rule,
//! SPQR's elsewhere. A game's own modifiers that depend on where the units
//! stand (Gergovia 6.75's fire over walls) need a position: they are in
//! the game's previews (`gboh play --side NAME=human`), not here.

use gboh_core::facing::Aspect;
use gboh_core::table::{Drm, Modifiers};
use gboh_standard::kinds::{MissileKey, ShockClass};
use gboh_standard::missile::{FireInputs, fire_distribution_with, fire_modifiers};
use gboh_standard::protocol::Battle;
use gboh_standard::rule::RuleRef;
use gboh_standard::shock::{
    Adjustments, Elevation, ShiftInputs, SuperiorityInputs, base_column, column_shifts,
    shock_distribution, size_ratio, superiority,
};
use gboh_standard::state::{Field, UnitDef};

use crate::engine::{Choice, Scenarios};
use crate::error::{CliError, rule, usage};

/// A shock or a fire in a standard-family battle, as `gboh odds --game
/// dictator|gergovia` describes it.
#[derive(Debug)]
pub struct StandardOddsArgs<'a> {
    /// The game: dictator or gergovia.
    pub game: &'a str,
    /// The battle whose counters are named: rhine or chaeronea (dictator),
    /// standard or alternative (gergovia).
    pub scenario: &'a str,
    /// Missile fire (SPQR 8.2) instead of shock.
    pub fire: bool,
    /// With `fire`: the range in hexes.
    pub range: u8,
    /// The attacker's counter id (e.g. VII-1).
    pub attacker: &'a str,
    /// The defender's counter id.
    pub defender: &'a str,
    /// Where the defender is attacked: front, flank or rear.
    pub aspect: &'a str,
    /// The attacker moved this Orders Phase (SPQR 8.5: the size ratio rounds
    /// in the defender's favour).
    pub moved: bool,
    /// The defender is in woods or marsh.
    pub woods: bool,
    /// The defender's ground: level, higher (some), all-higher, lower.
    pub ground: &'a str,
    /// Leaders with the attacker (by name: the best Charisma counts).
    pub attacker_leaders: &'a [String],
    /// Leaders with the defender.
    pub defender_leaders: &'a [String],
}

/// Prints the shock's column, shifts, modifiers and exact outcomes, or the
/// fire's.
///
/// # Errors
/// A usage error for an unknown game, battle, counter, leader or word; a
/// rule error when the attacker's type may not shock the defender's (8.73)
/// or may not fire at that range (8.2).
pub fn run(args: &StandardOddsArgs<'_>) -> Result<(), CliError> {
    let choice = Choice::parse(args.game, args.scenario)?;
    match choice {
        Choice::Rhine | Choice::Chaeronea => run_in::<gboh_dictator::Dictator>(choice, args),
        Choice::Gergovia(_) => run_in::<gboh_gergovia::standard::Gergovia>(choice, args),
        Choice::Alesia(_) => Err(usage("gboh odds --game alesia takes the Alesia options")),
        Choice::GergoviaSimplified(_) | Choice::Alexandria => Err(usage(format!(
            "gboh odds covers Alesia and the standard family; not {} {}",
            choice.game(),
            choice.scenario()
        ))),
    }
}

/// The counter `id` of the battle.
fn counter<'f>(field: &'f Field, name: &str, id: &str) -> Result<&'f UnitDef, CliError> {
    (0..field.units.len())
        .find_map(|u| field.def(u).filter(|d| d.id.to_string() == id))
        .ok_or_else(|| usage(format!("{id:?} is not a counter of {name}")))
}

fn run_in<G: Scenarios>(choice: Choice, args: &StandardOddsArgs<'_>) -> Result<(), CliError> {
    let (game, name) = G::setup(choice);
    let battle: Battle<G> = Battle::new(game, name).map(|(b, _)| b).map_err(rule)?;
    let field = battle.field();
    let ad = counter(field, name, args.attacker)?;
    let dd = counter(field, name, args.defender)?;
    let aspect = match args.aspect {
        "front" => Aspect::Front,
        "flank" => Aspect::Flank,
        "rear" => Aspect::Rear,
        other => return Err(usage(format!("--aspect {other:?}: expected front, flank or rear"))),
    };
    let elevation = match args.ground {
        "level" => Elevation::Level,
        "higher" => Elevation::SomeHigher,
        "all-higher" => Elevation::AllHigher,
        "lower" => Elevation::AllLower,
        other => {
            return Err(usage(format!(
                "--ground {other:?}: expected level, higher, all-higher or lower"
            )));
        }
    };
    if args.fire {
        return fire::<G>(&battle, name, (ad, dd), aspect, elevation, args);
    }
    let charisma = |names: &[String]| -> Result<i32, CliError> {
        let mut best = 0;
        for n in names {
            let l = (0..field.leaders.len())
                .find_map(|l| field.leader_def(l).filter(|x| x.name == *n))
                .ok_or_else(|| usage(format!("{n:?} is not a leader of {name}")))?;
            best = best.max(i32::from(l.charisma));
        }
        Ok(best)
    };
    let tables = battle.tables();
    let (a_class, d_class) = (ad.class(), dd.class());
    let section = G::section;
    let column = base_column(&tables.clash, aspect, d_class, a_class).ok_or_else(|| {
        rule(format!(
            "{}: {} ({a_class:?}) may not shock {} ({d_class:?}) in the {}",
            section(RuleRef::ClashOfSpears),
            ad.id,
            dd.id,
            args.aspect
        ))
    })?;
    let inputs = ShiftInputs {
        size: size_ratio(u32::from(ad.size), u32::from(dd.size), args.moved),
        defender_in_woods_or_marsh: args.woods,
        elevation,
        attacker_depleted: false,
        defender_depleted: false,
        phalanx_defence_flanks: 0,
        phalanx_defence_vs_hi: a_class == ShockClass::HI,
    };
    let shifts = column_shifts(&inputs);
    let shift: i32 = shifts.iter().map(|s| s.columns).sum();
    let (own, theirs) = (charisma(args.attacker_leaders)?, charisma(args.defender_leaders)?);
    let mut modifiers = Modifiers::new();
    if own != 0 {
        modifiers.push(section(RuleRef::ShockResult), "the attacking leader's Charisma", Drm(own));
    }
    if theirs != 0 {
        modifiers.push(
            section(RuleRef::ShockResult),
            "the defending leader's Charisma",
            Drm(-theirs),
        );
    }
    let sup = superiority(
        &tables.superiority,
        &SuperiorityInputs {
            attacker: a_class,
            defender: d_class,
            aspect,
            defender_in_column: false,
            defender_missile_no: false,
            attacker_cataphract: false,
            attacker_threatened: false,
            indian_vs_african: false,
        },
    );
    let adj = Adjustments {
        double_depth_phalanx_flank_or_rear: false,
        defender_skirmisher: d_class == ShockClass::SK,
        light_cavalry_vs_heavy_foot: a_class == ShockClass::LC
            && matches!(
                d_class,
                ShockClass::PH | ShockClass::HI | ShockClass::LG | ShockClass::MI | ShockClass::BI
            ),
        elephant_pass_through: false,
    };
    let odds = shock_distribution(&tables.shock_crt, column, shift, modifiers.total(), sup, &adj);
    crate::say!(
        "{} (size {}) shocks {} (size {}) in the {} ({name})",
        ad.id,
        ad.size,
        dd.id,
        dd.size,
        args.aspect
    );
    crate::say!("column {} ({})", column.0, section(RuleRef::ClashOfSpears));
    for s in &shifts {
        crate::say!("  {:+} {} ({})", s.columns, s.what, section(RuleRef::ColumnShift));
    }
    crate::say!("modifiers:");
    for line in crate::engine::modifier_lines(modifiers.iter()) {
        crate::say!("  {line}");
    }
    crate::say!(
        "superiority ({}): {}",
        section(RuleRef::ShockSuperiority),
        match sup {
            gboh_standard::shock::Superiority::None => "none",
            gboh_standard::shock::Superiority::Attacker =>
                "Attack Superior (defender's hits doubled)",
            gboh_standard::shock::Superiority::Defender =>
                "Defense Superior (attacker's hits tripled)",
        }
    );
    crate::say!("outcomes ({} Shock CRT, exact odds):", section(RuleRef::ShockResult));
    for (hits, _) in odds.outcomes() {
        crate::say!(
            "  {}  {} to the attacker, {} to the defender",
            odds.chance(hits),
            hits_text(hits.attacker),
            hits_text(hits.defender)
        );
    }
    Ok(())
}

fn hits_text(n: u8) -> String {
    if n == 1 { "1 hit".to_owned() } else { format!("{n} hits") }
}

/// SPQR 8.2: the firer's missile at the range, the modifiers, the exact
/// odds of each number of hits.
fn fire<G: Scenarios>(
    battle: &Battle<G>,
    name: &str,
    (ad, dd): (&UnitDef, &UnitDef),
    aspect: Aspect,
    elevation: Elevation,
    args: &StandardOddsArgs<'_>,
) -> Result<(), CliError> {
    let section = G::section;
    let Some(key) = ad.missile else {
        return Err(rule(format!("{}: {} has no missiles", section(RuleRef::MissileFire), ad.id)));
    };
    let inputs = FireInputs {
        key,
        range: args.range,
        target: dd.class(),
        target_in_woods: args.woods,
        through_front: aspect == Aspect::Front,
        firer_moving: args.moved,
        firer_depleted: false,
        // The target stands lower than the firer: one more range (8.2).
        firing_down: elevation == Elevation::AllLower,
        firer_elephant: ad.class() == ShockClass::EL,
    };
    let modifiers = fire_modifiers(section(RuleRef::MissileFire), &inputs);
    let odds =
        fire_distribution_with(&battle.tables().missile, &inputs, &modifiers).map_err(rule)?;
    crate::say!(
        "{} ({}, missile column {key}) fires at {} ({}) at range {} ({name})",
        ad.id,
        missiles(key),
        dd.id,
        dd.unit_type,
        args.range
    );
    if inputs.table_range() != inputs.range {
        crate::say!(
            "read at range {}: firing down at a lower target ({})",
            inputs.table_range(),
            section(RuleRef::MissileFire)
        );
    }
    crate::say!("modifiers:");
    for line in crate::engine::modifier_lines(modifiers.iter()) {
        crate::say!("  {line}");
    }
    crate::say!("outcomes ({} missile table, exact odds):", section(RuleRef::MissileFire));
    for (hits, _) in odds.outcomes() {
        let what = if *hits == 0 { "no hit".to_owned() } else { hits_text(*hits) };
        crate::say!("  {}  {what} on {}", odds.chance(hits), dd.id);
    }
    Ok(())
}

/// A missile column's weapon in words.
const fn missiles(key: MissileKey) -> &'static str {
    match key {
        MissileKey::Archer => "archers",
        MissileKey::Sling => "slingers",
        MissileKey::Javelin => "javelins",
        MissileKey::ElephantScreen => "an elephant screen",
        MissileKey::MountedJavelin => "mounted javelins",
        MissileKey::MountedArcher => "mounted archers",
        MissileKey::Scorpio => "a scorpio",
    }
}
