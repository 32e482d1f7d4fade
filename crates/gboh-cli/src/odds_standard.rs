//! `gboh odds --game dictator`: the exact outcome distribution of a shock in
//! a Dictator battle (the standard family), from the engine's own
//! mechanisms: the Clash of Spears column for the two units' types and the
//! aspect attacked (SPQR 8.73), the column shifts (8.5: size ratio, woods
//! or marsh, elevation), Shock Superiority (8.72), the leaders' Charisma
//! (8.7), and the Shock CRT's exact odds with the superiority applied.
//! Sections are Dictator's where it renumbers a rule, SPQR's elsewhere.

use gboh_core::facing::Aspect;
use gboh_core::table::{Drm, Modifiers};
use gboh_dictator::Dictator;
use gboh_standard::game::StandardGame;
use gboh_standard::kinds::ShockClass;
use gboh_standard::protocol::Battle;
use gboh_standard::rule::RuleRef;
use gboh_standard::shock::{
    Adjustments, Elevation, ShiftInputs, SuperiorityInputs, base_column, column_shifts,
    shock_distribution, size_ratio, superiority,
};

use crate::error::{CliError, rule, usage};

/// A Dictator shock, as `gboh odds --game dictator` describes it.
#[derive(Debug)]
pub struct StandardOddsArgs<'a> {
    /// rhine or chaeronea: the battle whose counters are named.
    pub scenario: &'a str,
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

/// Prints the shock's column, shifts, modifiers and exact outcomes.
///
/// # Errors
/// A usage error for an unknown battle, counter, leader or word; a rule
/// error when the attacker's type may not shock the defender's (8.73).
pub fn run(args: &StandardOddsArgs<'_>) -> Result<(), CliError> {
    let (game, name) = match args.scenario {
        "rhine" => (Dictator::rhine(), "The Rhine"),
        "chaeronea" => (Dictator::chaeronea(), "Chaeronea"),
        other => return Err(usage(format!("--scenario {other:?}: expected rhine or chaeronea"))),
    };
    let battle = Battle::new(game, name).map(|(b, _)| b).map_err(rule)?;
    let field = battle.field();
    let unit = |id: &str| {
        (0..field.units.len())
            .find(|&u| field.def(u).is_some_and(|d| d.id.to_string() == id))
            .ok_or_else(|| usage(format!("{id:?} is not a counter of {name}")))
    };
    let (a, d) = (unit(args.attacker)?, unit(args.defender)?);
    let (Some(ad), Some(dd)) = (field.def(a), field.def(d)) else {
        return Err(usage("no such counters"));
    };
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
    let section = Dictator::section;
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
