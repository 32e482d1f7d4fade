//! The Naval Battle (12.2) with galleys only: both fleets played by
//! [`super::bot::choose`], Fleet activation after Fleet
//! activation, until a side meets its victory condition (the scenario's
//! `SinkGalleys`) or the driver's turn cap runs out.
//!
//! ```
//! use gboh_alexandria::fleet::naval::{self, Outcome};
//! let report = naval::play(3, 4, |_| {})?; // four Player Turns only
//! assert_eq!(report.player_turns, 4);
//! assert!(matches!(report.outcome, Outcome::TurnCap | Outcome::Victory(_)));
//! # Ok::<(), gboh_alexandria::fleet::FleetError>(())
//! ```

use gboh_core::Side;

use super::{FleetError, FleetGame, apply, bot, narrate};
use crate::scenario::{self, Condition, ScenarioId};

/// How a naval game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// A side met its victory condition.
    Victory(Side),
    /// The driver's cap on Player Turns ran out first (not a rule of the
    /// game: the scenario has no turn limit in what survives).
    TurnCap,
}

/// What a played game reports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    /// Actions applied.
    pub actions: u32,
    /// Player Turns begun.
    pub player_turns: u32,
    /// The outcome.
    pub outcome: Outcome,
    /// Galleys lost, [`galleys_lost`]: (Roman, Egyptian).
    pub losses: (usize, usize),
    /// Galleys captured: (Roman-built now Egyptian, Egyptian-built now Roman).
    pub captured: usize,
    /// FNV-1a 64 of the narrated lines, each followed by a newline.
    pub fingerprint: u64,
    /// The final state.
    pub game: FleetGame,
}

/// The default cap on Player Turns.
pub const TURN_CAP: u32 = 60;

/// FNV-1a 64.
#[must_use]
pub fn fnv1a(bytes: &[u8], mut h: u64) -> u64 {
    for b in bytes {
        h ^= u64::from(*b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// The FNV-1a 64 offset basis.
pub const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;

/// Galleys built for `side` (the counter's side) that it has lost: sunk,
/// dragged down, burned, or captured and not retaken (Reconstructed: War
/// Galley scores a captured ship as a lost one).
#[must_use]
pub fn galleys_lost(game: &FleetGame, side: Side) -> usize {
    let mix = crate::counters::counters().ok();
    let built = |id: &str| mix.and_then(|m| m.galley(id)).map(|g| g.side);
    game.galleys
        .iter()
        .filter(|g| built(&g.id) == Some(side) && (!g.afloat() || g.side != side))
        .count()
}

/// The side that has won under the scenario's conditions, if any
/// (`SinkGalleys(n)`: n enemy galleys lost, [`galleys_lost`];
/// `EliminateUnits(n)`: n enemy land units lost at sea; the land conditions
/// do not arise with galleys only). A side left with no galley afloat loses
/// (Reconstructed: its fleet is gone).
#[must_use]
pub fn winner(game: &FleetGame, conditions: &[scenario::Victory]) -> Option<Side> {
    let met = conditions.iter().find_map(|v| {
        let enemy = v.winner.opponent();
        let met = match v.condition {
            Condition::SinkGalleys(n) => galleys_lost(game, enemy) >= usize::from(n),
            Condition::EliminateUnits(n) => {
                game.eliminated.iter().filter(|(_, s)| *s == enemy).count() >= usize::from(n)
            }
            Condition::CaesarKilled | Condition::Occupy(_) => false,
        };
        met.then_some(v.winner)
    });
    met.or_else(|| {
        [Side::Roman, Side::Adversary]
            .into_iter()
            .find(|&s| !game.galleys.iter().any(|g| g.afloat() && g.side == s))
            .map(Side::opponent)
    })
}

/// Plays the Naval Battle from `seed` for at most `cap` Player Turns,
/// passing each narrated line to `out`.
///
/// # Errors
/// A data problem, or an action the bot chose that the rules refused (a bug).
pub fn play(seed: u64, cap: u32, mut out: impl FnMut(&str)) -> Result<Report, FleetError> {
    let s =
        scenario::scenario(ScenarioId::NavalBattle).map_err(|e| FleetError::Data(e.to_string()))?;
    let mut game = FleetGame::from_scenario(ScenarioId::NavalBattle, seed)?;
    let mut fingerprint = FNV_OFFSET;
    let mut actions = 0u32;
    let mut emit = |line: String, out: &mut dyn FnMut(&str)| {
        fingerprint = fnv1a(line.as_bytes(), fingerprint);
        fingerprint = fnv1a(b"\n", fingerprint);
        out(&line);
    };
    emit(
        format!(
            "{} ({}): Player Turn 1: the {} Fleet activation",
            s.name,
            s.rule,
            narrate::side_name(game.active)
        ),
        &mut out,
    );
    let outcome = loop {
        if let Some(w) = winner(&game, &s.victory) {
            break Outcome::Victory(w);
        }
        if game.player_turn > cap {
            break Outcome::TurnCap;
        }
        let Some(action) = bot::choose(&game) else {
            return Err(FleetError::Data("the bot found no legal action".into()));
        };
        let events = apply(&mut game, &action)?;
        actions += 1;
        for e in &events {
            emit(narrate(&game, e), &mut out);
        }
    };
    let line = match outcome {
        Outcome::Victory(w) => format!(
            "the {}s win: {} {} galleys lost (sunk, burned or taken)",
            narrate::side_name(w),
            galleys_lost(&game, w.opponent()),
            narrate::side_name(w.opponent())
        ),
        Outcome::TurnCap => format!("no decision after {cap} Player Turns"),
    };
    emit(line, &mut out);
    let captured = game.galleys.iter().filter(|g| g.captured).count();
    Ok(Report {
        actions,
        player_turns: game.player_turn.min(cap),
        outcome,
        losses: (galleys_lost(&game, Side::Roman), galleys_lost(&game, Side::Adversary)),
        captured,
        fingerprint,
        game,
    })
}
