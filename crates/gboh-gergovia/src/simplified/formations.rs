//! 4.1 Formations: the Roman and Gallic formation tables as printed, and
//! who is in command (the leader's range, 4.11's chain).
//!
//! Roman Formation Table: J. Caesar \[OC\] /3 (up to four legions \[a\]),
//! Fabius (VIII), Antistius (X), Caninius (XI), Sextius (XIII), Roscius
//! (XIV), Sulpicius (XV), Convictolitavus (Aedui), Manucius /2 (all
//! cavalry), (Auxiliaries) all archers. Gallic Formation Table:
//! Vercingetorix \[OC\] /5 (Arverni BI not on the map \[a\]), Critignatus
//! (Arverni BI on the map \[a\]), Vercassivellaunus /2 (Arverni cavalry),
//! Teutmatus (Nitiobriges), Cotuatus (Carnutes), Vortex (Bituriges),
//! (Auxiliaries) archers in Gergovia, who "play no role in the game"
//! (Special Rules) and are left off the map. No formation prints "and/or":
//! every unit of an activated formation in command is activated.

use gboh_core::Side;
use gboh_core::facing::Direction;
use gboh_core::table::terrain::MoverClass;
use gboh_core::unit::Status;
use gboh_simple::field::Field;
use gboh_simple::ground::stacking::Mover;
use gboh_simple::ground::zoc;
use gboh_simple::rules::command::range_map;
use gboh_simple::{Lid, Uid};
use hexx::Hex;
use serde::{Deserialize, Serialize};

use super::Simplified;
use super::ground::table_step_cost;

/// The legions and their legates, in the Roman table's order.
pub const LEGIONS: [(&str, &str); 6] = [
    ("VIII", "Fabius"),
    ("X", "Antistius"),
    ("XI", "Caninius"),
    ("XIII", "Sextius"),
    ("XIV", "Roscius"),
    ("XV", "Sulpicius"),
];

/// The camped tribes and their chiefs, in the Gallic table's order.
pub const TRIBES: [(&str, &str); 3] =
    [("Nitiobriges", "Teutmatus"), ("Carnutes", "Cotuatus"), ("Bituriges", "Vortex")];

/// "Rome may activate up to four legions and their legates".
pub const CAESAR_MAX_LEGIONS: u32 = 4;

/// What one activation activates: a row of a formation table.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Formation {
    /// J. Caesar \[OC\]: the legions of the bitmask (bit i: [`LEGIONS`]\[i\]),
    /// up to four, each within his command range, with their legates.
    Caesar(u8),
    /// A legion with its legate ([`LEGIONS`] index).
    Legion(u8),
    /// Convictolitavus: the Aedui.
    Aedui,
    /// Manucius: all cavalry.
    Cavalry,
    /// The Roman auxiliaries: all archers and the Numidian LI (no leader).
    Auxiliaries,
    /// Vercingetorix \[OC\]: the Arverni BI not on the map at the start;
    /// with `all_arverni`, all Arverni BI (\[a\]: Critignatus within his
    /// further range).
    Vercingetorix {
        /// \[a\]: both Arverni formations together.
        all_arverni: bool,
    },
    /// Critignatus: the Arverni BI on the map at the start.
    Critignatus,
    /// Vercassivellaunus: the Arverni cavalry.
    Vercassivellaunus,
    /// A camped tribe with its chief ([`TRIBES`] index).
    Tribe(u8),
}

impl Formation {
    /// Whose formation it is.
    #[must_use]
    pub const fn side(&self) -> Side {
        match self {
            Formation::Caesar(_)
            | Formation::Legion(_)
            | Formation::Aedui
            | Formation::Cavalry
            | Formation::Auxiliaries => Side::Roman,
            _ => Side::Adversary,
        }
    }

    /// The legions of a Caesar activation.
    #[must_use]
    pub fn legions(mask: u8) -> Vec<usize> {
        (0..LEGIONS.len()).filter(|&i| mask & (1 << i) != 0).collect()
    }

    /// The formation's leaders, by id (none for auxiliaries).
    #[must_use]
    pub fn leaders(&self) -> Vec<&'static str> {
        match self {
            Formation::Caesar(mask) => {
                let mut v = vec!["Caesar"];
                v.extend(
                    Formation::legions(*mask)
                        .into_iter()
                        .filter_map(|i| LEGIONS.get(i))
                        .map(|l| l.1),
                );
                v
            }
            Formation::Legion(i) => {
                LEGIONS.get(usize::from(*i)).map(|l| vec![l.1]).unwrap_or_default()
            }
            Formation::Aedui => vec!["Convictolitavus"],
            Formation::Cavalry => vec!["Manucius"],
            Formation::Auxiliaries => Vec::new(),
            Formation::Vercingetorix { all_arverni: false } => vec!["Vercingetorix"],
            Formation::Vercingetorix { all_arverni: true } => vec!["Vercingetorix", "Critignatus"],
            Formation::Critignatus => vec!["Critignatus"],
            Formation::Vercassivellaunus => vec!["Vercassivellaunus"],
            Formation::Tribe(i) => {
                TRIBES.get(usize::from(*i)).map(|t| vec![t.1]).unwrap_or_default()
            }
        }
    }

    /// The key marking it activated this turn (a legion by Caesar or by its
    /// legate is the same legion).
    #[must_use]
    pub fn keys(&self) -> Vec<String> {
        match self {
            Formation::Caesar(mask) => {
                let mut v = vec!["Caesar".to_string()];
                v.extend(Formation::legions(*mask).into_iter().map(|i| format!("legion {i}")));
                v
            }
            Formation::Legion(i) => vec![format!("legion {i}")],
            Formation::Vercingetorix { all_arverni: true } => {
                vec!["Vercingetorix".to_string(), "Critignatus".to_string()]
            }
            other => vec![format!("{:?}", other.leaders().first().unwrap_or(&"auxiliaries"))],
        }
    }
}

/// The leader mover, for command range.
fn leader_mover(side: Side) -> Mover {
    Mover { side, unit: None, unit_type: None, class: MoverClass::Foot, auxiliary: false }
}

/// Whether unit `uid` may be activated at all: on the map, not routed or
/// eliminated.
#[must_use]
pub fn fit(field: &Field<Simplified>, uid: Uid) -> bool {
    field.unit(uid).is_some_and(|s| {
        s.at.is_some() && !matches!(s.cohesion.status, Status::Routed | Status::Eliminated)
    })
}

/// The hexes within living leader `lid`'s command range (4.1; traced in
/// MP on the terrain table's leader column), as a dense board vector.
#[must_use]
pub fn range_of(field: &Field<Simplified>, lid: Lid) -> Option<Vec<u8>> {
    let l = field.leader(lid)?;
    let at = l.at?;
    if l.dead {
        return None;
    }
    let info = field.setup().leader(lid)?;
    let mover = leader_mover(info.side);
    Some(range_map(field, info.side, at, info.range, |a, b, dir| {
        table_step_cost(field, &mover, a, b, dir, false).ok()
    }))
}

/// Whether `hex` is in a range map.
#[must_use]
pub fn in_map(field: &Field<Simplified>, map: &[u8], hex: Hex) -> bool {
    field.setup().board.index(hex).and_then(|i| map.get(i)).is_some_and(|&d| d != u8::MAX)
}

/// 4.11 as corrected: the `members` in command of the leaders `ranges`:
/// those in range; then, through a chain, those next to one in command or
/// one empty hex not in enemy ZOC away from one ("All formations may form
/// a line with one empty hex between units"); "units in enemy ZOC outside
/// the command range of their leader are out of command". With no leader
/// (`ranges` empty and `leaderless`), every fit member is in command.
#[must_use]
pub fn in_command(
    field: &Field<Simplified>,
    side: Side,
    ranges: &[Vec<u8>],
    members: &[Uid],
    leaderless: bool,
) -> Vec<Uid> {
    let fit: Vec<Uid> = members.iter().copied().filter(|&u| fit(field, u)).collect();
    if leaderless {
        return fit;
    }
    let pos: Vec<Hex> = fit.iter().filter_map(|&u| field.unit(u).and_then(|s| s.at)).collect();
    let mut reached: Vec<bool> =
        pos.iter().map(|&h| ranges.iter().any(|m| in_map(field, m, h))).collect();
    let chainable: Vec<bool> = pos.iter().map(|&h| !zoc::in_enemy_zoc(field, h, side)).collect();
    let gap_ok = |a: Hex, b: Hex| {
        Direction::ALL.into_iter().map(|d| d.neighbor(a)).any(|m| {
            m.unsigned_distance_to(b) == 1
                && field.setup().board.contains(m)
                && field.stack(m).is_empty()
                && !zoc::in_enemy_zoc(field, m, side)
        })
    };
    let mut changed = true;
    while changed {
        changed = false;
        for i in 0..pos.len() {
            if reached.get(i).copied().unwrap_or(true)
                || !chainable.get(i).copied().unwrap_or(false)
            {
                continue;
            }
            let Some(&hi) = pos.get(i) else { continue };
            let linked = pos.iter().zip(&reached).any(|(&p, &r)| {
                r && (p.unsigned_distance_to(hi) == 1
                    || (p.unsigned_distance_to(hi) == 2 && gap_ok(p, hi)))
            });
            if linked {
                if let Some(r) = reached.get_mut(i) {
                    *r = true;
                }
                changed = true;
            }
        }
    }
    fit.into_iter().zip(reached).filter(|(_, r)| *r).map(|(u, _)| u).collect()
}
