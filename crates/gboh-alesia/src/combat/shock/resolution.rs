//! 9.25 Resolution: every DRM of the Shock Table roll, each with its rule, the
//! exact odds of each outcome, and the roll itself.
//!
//! ```text
//!   9.22's example, four picked BI from two Gardens of Death at a cohort on
//!   the rampart W3911:
//!     -3 rampart attacked from below (6.8, 9.25 terrain)
//!     +3 unit numbers 4 to 1 (9.25)
//!     +1 TQ differential 7 to 6 (9.25, 6.67)
//!     -2 weapon systems BI against CO (9.43)
//!   a roll of 5 is read as 4: two hits to each side, no retreat.
//! ```
//!
//! The terrain DRM is the publisher's ruling: when a hex is attacked from
//! several hexes only the highest terrain DRM applies (taken here as the one
//! of largest size), while the DRMs of the terrain one attack crosses add up.

use crate::game::AlesiaField;

use crate::tables::HexsideKey;
use gboh_core::board::HexsideFeature;
use gboh_core::facing::Direction;
use gboh_core::table::{DieCheck, Distribution, Drm, Modifiers, RollTable, ShockResult};
use gboh_core::unit::UnitType;
use hexx::Hex;

use crate::combat::state::Attack;
use crate::combat::terrain::{ground_key, is_rampart, is_redoubt};
use crate::game::SiegeOfAlesia;
use crate::game::{Battlefield, Uid};
use crate::protocol::Alesia;
use crate::tables::AlesiaCheck;
use gboh_simple::rules::shock::{self, ShockRules};

pub use gboh_simple::rules::resolution::{best_weapons, resolve, weapon_types};
pub use gboh_simple::rules::shock::{Participants, ShockDrms};

/// Who still takes part in `attack`: 9.2 (units that retreated before shock or
/// after their Pre-Shock Check are out), 10.3 (a target that retreated is out).
#[must_use]
pub fn participants(field: &Battlefield, attack: &Attack) -> Participants {
    Participants::of(field, attack)
}

use gboh_simple::rules::shock::crossing;

/// Whether the attack from `a` into `d` is across a man-made defensive
/// structure (9.25 Moving Attack): up onto a Rampart, into a Redoubt, or over
/// a wall or gate hexside.
fn across_works(field: &Battlefield, a: Hex, d: Hex) -> bool {
    let side = crossing(field, a, d);
    (is_rampart(field, d) && !is_rampart(field, a))
        || is_redoubt(field, d)
        || side.is_wall()
        || side.contains(HexsideFeature::Gate)
}

/// 9.25 Terrain for one attacking hex: the defender's hex, from below if it is
/// a Rampart attacked from a non-Rampart hex, the hexsides crossed and the
/// climb, all added (publisher's ruling). Returns the DRM and what it is for.
fn terrain_drm(field: &Battlefield, a: Hex, d: Hex) -> (Drm, String) {
    let setup = field.setup();
    let chart = setup.tables.terrain();
    let mut total = Drm::ZERO;
    let mut parts: Vec<String> = Vec::new();
    if let Some(key) = ground_key(field, d)
        && let Some(row) = chart.hex(key)
    {
        if row.shock_drm.value != Drm::ZERO {
            total += row.shock_drm.value;
            parts.push(format!("{key} {}", row.shock_drm.value));
        }
        if is_rampart(field, d)
            && !is_rampart(field, a)
            && row.shock_drm_from_below.value != Drm::ZERO
        {
            total += row.shock_drm_from_below.value;
            parts.push(format!("{key} attacked from below {}", row.shock_drm_from_below.value));
        }
    }
    let side = crossing(field, a, d);
    let dir = Direction::between(a, d);
    let fill = dir.map_or(0, |dir| field.hexside_fill(a, dir));
    let gate = side.contains(HexsideFeature::Gate);
    for f in side.iter() {
        let key = match f {
            HexsideFeature::CampWall if !gate => Some(HexsideKey::CampWall),
            HexsideFeature::StoneWall if !gate => Some(HexsideKey::StoneWall),
            HexsideFeature::FortWall if !gate => Some(HexsideKey::RedoubtWall),
            HexsideFeature::Gate => Some(HexsideKey::Gate),
            HexsideFeature::Pass => Some(HexsideKey::CrestGate),
            HexsideFeature::MinorRiver if fill < 4 => Some(HexsideKey::MinorRiver),
            HexsideFeature::Stream if fill < 3 => Some(HexsideKey::Stream),
            _ => None,
        };
        if let Some(row) = key.and_then(|k| chart.hexside(k).map(|r| (k, r))) {
            let (k, row) = row;
            if row.shock_drm.value != Drm::ZERO {
                total += row.shock_drm.value;
                parts.push(format!("across {k} {}", row.shock_drm.value));
            }
        }
    }
    let board = &setup.board;
    if board.elevation(d) > board.elevation(a) {
        let up = chart.elevation().shock_drm_uphill.value;
        if up != Drm::ZERO {
            total += up;
            parts.push(format!("uphill {up}"));
        }
    }
    (total, parts.join(", "))
}

/// Every 9.25 DRM of `attack` fought with the given weapon systems: the
/// engine's [`shock::drms`] with Alesia's [`ShockRules`] (its works).
#[must_use]
pub fn drms(
    game: &Alesia,
    attack: &Attack,
    p: &Participants,
    weapons: (UnitType, UnitType),
) -> ShockDrms {
    shock::drms(&game.field, p, attack.moving, weapons)
}

/// Alesia's shock over the engine's: the weapon systems chart (9.43), the
/// works' terrain (6.8, 9.25), no moving attack across a man-made defensive
/// structure, and Rampart Exception #1 (no flank superiority from below).
impl ShockRules for SiegeOfAlesia {
    /// 9.26: cavalry also not onto a Rampart nor into a Redoubt, and the
    /// works' own ground ([`super::designation::may_attack_into`]).
    fn may_attack_into(field: &Battlefield, uid: Uid, from: Hex, to: Hex) -> bool {
        super::designation::may_attack_into(field, uid, from, to)
    }

    /// Rampart Exception #3 ([`crate::combat::effects::continued_shock::applies`]).
    fn continued_shock_applies(field: &Battlefield, attack: &Attack) -> bool {
        crate::combat::effects::continued_shock::applies(field, attack)
    }

    fn shock_table(field: &Battlefield) -> &RollTable<ShockResult> {
        field.setup().tables.shock()
    }

    /// 9.24: a 0, then 0-4.
    fn leader_casualty_check(field: &Battlefield) -> Option<&DieCheck> {
        field.setup().tables.checks().check(&AlesiaCheck::ShockLeaderCasualty)
    }

    fn weapon_systems_drm(field: &Battlefield, a: UnitType, d: UnitType) -> Drm {
        field.setup().tables.weapon_systems().drm(&a, &d).unwrap_or(Drm::ZERO)
    }

    fn terrain_drm(field: &Battlefield, a: Hex, d: Hex) -> (Drm, String) {
        terrain_drm(field, a, d)
    }

    fn moving_attack_counts(field: &Battlefield, a: Hex, d: Hex) -> bool {
        !across_works(field, a, d)
    }

    fn flank_counts(field: &Battlefield, a: Hex, d: Hex) -> bool {
        !is_rampart(field, d) || is_rampart(field, a)
    }

    /// 9.23: not for a Rampart hex attacked from below.
    fn pre_shock_exempt(field: &Battlefield, hex: Hex, attacker_hexes: &[Hex]) -> bool {
        is_rampart(field, hex) && !attacker_hexes.iter().any(|&h| is_rampart(field, h))
    }
}

pub use gboh_simple::rules::shock::ShockOutcome;

/// The exact distribution of an attack's outcomes over the ten faces, with
/// the given DRMs: the engine's [`shock::odds`] (9.25 "#" leftover hits,
/// 10.23's two hits for a stack with nowhere to retreat, 10.24's one on a
/// Rampart attacked from below).
#[must_use]
pub fn odds(game: &Alesia, p: &Participants, modifiers: &Modifiers) -> Distribution<ShockOutcome> {
    shock::odds(&game.field, p, modifiers)
}
