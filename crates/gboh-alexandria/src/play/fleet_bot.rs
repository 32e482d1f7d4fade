//! The city bot's Fleet activations (4.42): the fleet's bot steers each
//! galley, but the land game's galleys lie in the harbours behind the
//! causeway, where a galley declaring its whole MA would spend most of it
//! turning on the spot (5.43: the MP announced must be spent). So each
//! galley's declaration is planned first: the fleet's bot plays the galley
//! out on a scratch copy with its full declaration, and the galley then
//! announces only the MP spent up to its last move that got it anywhere
//! (a hex rowed, an attack, fire arrows, a beaching; 0 MP if it only
//! shoots), at Cruise speed unless it rammed or raked; a galley that would
//! get nowhere stays put. When no galley is worth moving the Movement Phase
//! ends.

use crate::fleet::{self, Action, Event, FleetGame, Speed};

/// How many actions a planned galley's movement may take on the scratch
/// copy (an MA is at most 8; turns and attacks add a few).
const PLAN_STEPS: usize = 40;

/// What a planned movement got done.
struct Plan {
    /// MP spent when its last productive event happened.
    mp: u8,
    /// It rammed, raked or broke through (Attack speed only, 5.41).
    attacked: bool,
}

/// What `galley` would usefully do if declared as `speed`/`mp`, `None` if
/// nothing (no hex rowed, no attack, no beaching).
fn productive(view: &FleetGame, galley: usize, speed: Speed, mp: u8) -> Option<Plan> {
    let mut scratch = view.clone();
    fleet::apply(&mut scratch, &Action::Declare { galley, speed, mp }).ok()?;
    let mut plan: Option<Plan> = None;
    for _ in 0..PLAN_STEPS {
        if scratch.current != Some(galley) {
            break;
        }
        let Some(a) = fleet::bot::choose(&scratch) else { break };
        let Ok(events) = fleet::apply(&mut scratch, &a) else { break };
        let spent = scratch.galleys.get(galley).map_or(0, |g| g.spent);
        let attacked = events.iter().any(|e| {
            matches!(e, Event::Rammed { .. } | Event::Raked { .. } | Event::Collided { .. })
        });
        let productive = attacked
            || events.iter().any(|e| {
                matches!(
                    e,
                    Event::Moved { .. }
                        | Event::Grappled { .. }
                        | Event::FireArrows { .. }
                        | Event::Beached { .. }
                        | Event::Debarked { .. }
                )
            });
        if productive {
            let before = plan.as_ref().is_some_and(|p| p.attacked);
            plan = Some(Plan { mp: spent.min(mp), attacked: attacked || before });
        }
    }
    plan
}

/// The declaration the city bot makes now in a Fleet activation's Movement
/// Phase, with no galley moving: the first undeclared galley (in index
/// order) whose planned movement gets it somewhere, with the MP it would
/// use, at Cruise speed unless it rams or rakes; a beached galley with
/// troops aboard at 0 MP to debark them; `EndPhase` when none would move.
#[must_use]
pub fn plan(view: &FleetGame, legal: &[Action]) -> Option<Action> {
    if view.current.is_some() || view.phase != fleet::Phase::Movement {
        return None;
    }
    let mut galleys: Vec<usize> = legal
        .iter()
        .filter_map(|a| match a {
            Action::Declare { galley, .. } => Some(*galley),
            _ => None,
        })
        .collect();
    galleys.dedup();
    for galley in galleys {
        // 5.48: a beached galley with troops aboard lets them go ashore.
        let ashore = Action::Declare { galley, speed: Speed::Cruise, mp: 0 };
        if view.galleys.get(galley).is_some_and(|g| g.beached && g.troops().next().is_some())
            && legal.contains(&ashore)
        {
            return Some(ashore);
        }
        // The fleet bot's choice for this galley alone.
        let only: Vec<Action> = legal
            .iter()
            .filter(|a| matches!(a, Action::Declare { galley: g, .. } if *g == galley))
            .cloned()
            .collect();
        let Some(Action::Declare { speed, mp, .. }) = fleet::bot::choose_declaration(view, &only)
        else {
            continue;
        };
        let Some(plan) = productive(view, galley, speed, mp) else { continue };
        // Cruise when no attack needs Attack speed (5.42: it rests the
        // rowers); Attack at its minimum MP or more otherwise.
        let cruise_ma = view.galleys.get(galley).map_or(0, |g| g.cruise_ma);
        let pick = if plan.attacked || plan.mp > cruise_ma { speed } else { Speed::Cruise };
        for s in [pick, Speed::Cruise] {
            let want = Action::Declare { galley, speed: s, mp: plan.mp };
            if legal.contains(&want) {
                return Some(want);
            }
        }
    }
    legal.iter().find(|a| **a == Action::EndPhase).cloned()
}
