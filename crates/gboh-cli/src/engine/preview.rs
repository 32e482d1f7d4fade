//! What `gboh play`'s preview of an action says: the wording every engine
//! shares (nothing to roll, the modifiers with their total) and the simple
//! family's combat previews (a missile shot, a check, a shock), which
//! Alesia's engine and the simple games' engine both show.

use gboh_core::table::Distribution;
use gboh_simple::rules::missile::FireOutcome;
use gboh_simple::rules::preview::CombatPreview;
use gboh_simple::rules::shock::ShockOutcome;

/// An action that is legal with no cost and nothing to roll.
pub const NOTHING_TO_ROLL: &str = "legal; no cost, nothing to roll";

/// Modifiers as lines: `[9.25] +3 position superiority ...`, then the total.
pub fn modifier_lines<'a>(
    modifiers: impl Iterator<Item = &'a gboh_core::table::Modifier>,
) -> impl Iterator<Item = String> {
    let mut total = 0;
    let mut lines: Vec<String> = modifiers
        .map(|m| {
            total += m.drm.0;
            format!("[{:>5}] {:+3}  {}", m.rule, m.drm.0, m.what)
        })
        .collect();
    if lines.is_empty() {
        lines.push("no modifier".into());
    } else {
        lines.push(format!("total   {total:+3}"));
    }
    lines.into_iter()
}

/// A simple-family combat preview as lines: a shot's range and hit number,
/// its modifiers and `shot_odds`' lines for its outcomes; a check's
/// modifiers and chance of success; a shock's modifiers and `shock_odds`'
/// lines. The engine words the outcomes (its units' names).
pub fn combat_lines<C>(
    preview: &CombatPreview<C>,
    shot_odds: impl FnOnce(&Distribution<FireOutcome>) -> Vec<String>,
    shock_odds: impl FnOnce(&Distribution<ShockOutcome>) -> Vec<String>,
) -> Vec<String> {
    match preview {
        CombatPreview::Legal => vec![NOTHING_TO_ROLL.into()],
        CombatPreview::Shot { shot, odds } => {
            let mut out = vec![format!(
                "missile fire at range {}, hit on {} or less (modified)",
                shot.range, shot.hit_number
            )];
            out.extend(modifier_lines(shot.modifiers.iter()));
            out.extend(shot_odds(odds));
            out
        }
        CombatPreview::Check { modifiers, odds } => {
            let mut out: Vec<String> = modifier_lines(modifiers.iter()).collect();
            out.push(format!("succeeds {}", odds.chance(&true)));
            out
        }
        CombatPreview::Shock { modifiers, odds } => {
            let mut out: Vec<String> = modifier_lines(modifiers.iter()).collect();
            out.extend(shock_odds(odds));
            out
        }
    }
}
