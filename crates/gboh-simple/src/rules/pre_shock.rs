//! The Pre-Shock Check rolled ([`Rule::PreShockCheck`]; Alesia 9.23): when
//! an attacker must attack, each defending stack of the attack checks the TQ
//! of its top unit ([`pre_shock_checks`], with the game's exemptions); a
//! roll above it (plus the game's DRM, [`ShockRules::pre_shock_drm`]) costs
//! the stack one hit, shared, and a retreat of one hex
//! away from the attackers, queued as [`Task`]s in the activation's combat
//! after every check is rolled, then the attack's vacated hexes recorded.
//! Attackers never check; nor do the defenders of a voluntary attack or of
//! a Continued Shock.
//!
//! [`Rule::PreShockCheck`]: crate::Rule::PreShockCheck

use gboh_core::dice::{Dice, DiceError, Die};
use gboh_core::game::Event;
use hexx::Hex;

use crate::event::SimpleEvent;
use crate::game::{Roster, SimpleGame};
use crate::id::Uid;
use crate::rule::Rule;
use crate::rules::effects::{Effects, report};
use crate::rules::hits::sharers;
use crate::rules::shock::{Participants, ShockRules, pre_shock_checks};
use crate::sequence::{AttackStatus, HitsCause, RetreatCause, Task};

/// The defending hexes of attack `k` that take the check, with the TQ they
/// check against: none unless an attacker must attack and the attack is a
/// designated one, not a Continued Shock.
#[must_use]
pub fn checks<E>(e: &E, k: u8) -> Vec<(Hex, u8)>
where
    E: Effects + ?Sized,
    E::Game: ShockRules,
{
    let Some(a) =
        e.combat().and_then(|c| c.shock.as_ref()).and_then(|s| s.attacks.get(usize::from(k)))
    else {
        return Vec::new();
    };
    if !a.mandatory || a.continued || a.status != AttackStatus::Designated {
        return Vec::new();
    }
    pre_shock_checks(e.field(), &Participants::of(e.field(), a))
}

/// Rolls every Pre-Shock Check of the shock under way, attack by attack and
/// hex by hex, reporting each; the hits, retreats and vacated hexes of
/// those that fail are queued after the tasks already waiting.
///
/// # Errors
/// Only when scripted dice run out.
pub fn roll_checks<E>(
    e: &mut E,
    dice: &mut Dice,
    events: &mut Vec<Event<E::Event>>,
) -> Result<(), DiceError>
where
    E: Effects + ?Sized,
    E::Game: ShockRules,
{
    let attacks = e.combat().and_then(|c| c.shock.as_ref()).map_or(0, |s| s.attacks.len());
    let rule = E::Game::section(Rule::PreShockCheck);
    let mut tasks = Vec::new();
    for k in 0..attacks {
        let Ok(k) = u8::try_from(k) else { break };
        let Some(a) =
            e.combat().and_then(|c| c.shock.as_ref()).and_then(|s| s.attacks.get(usize::from(k)))
        else {
            continue;
        };
        let p = Participants::of(e.field(), a);
        let mut away: Vec<Hex> =
            p.attackers.iter().filter_map(|&u| e.field().unit(u).and_then(|s| s.at)).collect();
        away.dedup();
        let mut failed = false;
        for (hex, tq) in checks(e, k) {
            let roll = dice.roll(Die::D10)?;
            let drm = E::Game::pre_shock_drm(e.field(), hex);
            let modified = i32::from(roll.face) + drm.map_or(0, |(d, _)| d.0);
            let passed = modified <= i32::from(tq);
            let cite = drm.map_or(rule, |(_, r)| r);
            report::<E>(events, cite, SimpleEvent::PreShockCheck { hex, tq, passed }, &[roll]);
            if passed {
                continue;
            }
            let field = e.field();
            let here: Vec<Uid> = p
                .defenders
                .iter()
                .copied()
                .filter(|&u| field.unit(u).is_some_and(|s| s.at == Some(hex)))
                .collect();
            let sharing = sharers(field, &here);
            // The checking stack's top unit is among them: its side is known.
            let Some(side) = sharing.first().and_then(|&u| field.setup().unit_side(u)) else {
                continue;
            };
            failed = true;
            let mut ordered = sharing.clone();
            ordered.extend(here.iter().copied().filter(|u| !sharing.contains(u)));
            tasks.push(Task::Hits {
                units: sharing,
                hits: 1,
                chooser: side.opponent(),
                cause: HitsCause::PreShock,
            });
            tasks.push(Task::RetreatStack {
                hex,
                units: ordered,
                away: away.clone(),
                cause: RetreatCause::PreShock,
                rampart_stand: false,
                attack: Some(k),
            });
        }
        if failed {
            tasks.push(Task::Vacated { attack: k, continued: false });
        }
    }
    if let Some(c) = e.combat_mut() {
        c.tasks.extend(tasks);
    }
    Ok(())
}
