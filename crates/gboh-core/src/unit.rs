//! Combat units: type and class, Troop Quality, movement, missiles, and the
//! cohesion hits that rout or eliminate them (Alesia 2.2, 10.1, 10.4).

use core::fmt;
use core::str::FromStr;
use serde::{Deserialize, Serialize};

/// A unit type (Alesia 2.22): what a unit fights with.
///
/// The first group is the simple family's (Alesia, Alexandria, Gergovia's
/// simplified version); the second is the standard series' types that Dictator
/// and Gergovia's standard version use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum UnitType {
    /// Legion cohort.
    CO,
    /// Barbarian infantry.
    BI,
    /// Light infantry.
    LI,
    /// Archers.
    AR,
    /// Lancers (lance-armed light cavalry).
    LN,
    /// Light cavalry.
    LC,
    /// German cavalry (cavalry with accompanying light infantry).
    GC,
    /// Scorpio: a legion's light, shaft-throwing artillery (Alesia 8.5).
    Scorpio,
    /// Palintonos: heavy stone-throwing artillery (Alesia 8.5).
    Palintonos,
    /// Phalanx (standard series).
    PH,
    /// Heavy infantry (standard series).
    HI,
    /// Legionaries (standard series).
    LG,
    /// Medium infantry (standard series).
    MI,
    /// Skirmishers (standard series).
    SK,
    /// Heavy cavalry (standard series).
    HC,
    /// Elephants (standard series).
    EL,
    /// Chariots (standard series).
    CH,
}

impl UnitType {
    /// Every type, in declaration order.
    pub const ALL: [UnitType; 17] = [
        UnitType::CO,
        UnitType::BI,
        UnitType::LI,
        UnitType::AR,
        UnitType::LN,
        UnitType::LC,
        UnitType::GC,
        UnitType::Scorpio,
        UnitType::Palintonos,
        UnitType::PH,
        UnitType::HI,
        UnitType::LG,
        UnitType::MI,
        UnitType::SK,
        UnitType::HC,
        UnitType::EL,
        UnitType::CH,
    ];

    /// Alesia 2.4 Artillery: all Scorpiones and Palintonos.
    #[must_use]
    pub const fn is_artillery(self) -> bool {
        matches!(self, UnitType::Scorpio | UnitType::Palintonos)
    }

    /// Alesia 2.4 Cavalry: all lancer, light and German cavalry (and the standard
    /// series' mounted types).
    #[must_use]
    pub const fn is_cavalry(self) -> bool {
        matches!(
            self,
            UnitType::LN | UnitType::LC | UnitType::GC | UnitType::HC | UnitType::EL | UnitType::CH
        )
    }

    /// Alesia 2.4 Foot: all non-artillery, non-cavalry units.
    #[must_use]
    pub const fn is_foot(self) -> bool {
        !self.is_artillery() && !self.is_cavalry()
    }

    /// Alesia 2.4 Infantry: all non-archer foot units. For stacking and shock (6.6) the
    /// infantry are CO, BI and LI.
    #[must_use]
    pub const fn is_infantry(self) -> bool {
        self.is_foot() && !matches!(self, UnitType::AR)
    }

    /// Archers (Alesia 8.3).
    #[must_use]
    pub const fn is_archer(self) -> bool {
        matches!(self, UnitType::AR)
    }

    /// The abbreviation printed on counters.
    #[must_use]
    pub const fn abbreviation(self) -> &'static str {
        match self {
            UnitType::CO => "CO",
            UnitType::BI => "BI",
            UnitType::LI => "LI",
            UnitType::AR => "AR",
            UnitType::LN => "LN",
            UnitType::LC => "LC",
            UnitType::GC => "GC",
            UnitType::Scorpio => "Scorpio",
            UnitType::Palintonos => "Palintonos",
            UnitType::PH => "PH",
            UnitType::HI => "HI",
            UnitType::LG => "LG",
            UnitType::MI => "MI",
            UnitType::SK => "SK",
            UnitType::HC => "HC",
            UnitType::EL => "EL",
            UnitType::CH => "CH",
        }
    }
}

impl fmt::Display for UnitType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.abbreviation())
    }
}

/// An unknown unit type abbreviation.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("2.22: unknown unit type {0:?}")]
pub struct UnknownUnitType(pub String);

impl FromStr for UnitType {
    type Err = UnknownUnitType;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        UnitType::ALL
            .into_iter()
            .find(|t| t.abbreviation().eq_ignore_ascii_case(s))
            .ok_or_else(|| UnknownUnitType(s.to_owned()))
    }
}

/// Cohort class (Alesia 2.22): veterans or recruits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum CohortClass {
    /// VET.
    Veteran,
    /// REC (none at Alesia, 2.22 design note).
    Recruit,
}

/// A missile type (Alesia 2.21): the column of the Missile Range and Results Table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum MissileType {
    /// A: arrows (foot archers).
    Arrow,
    /// J: javelins, including pila and darts.
    Javelin,
    /// S: slings (standard series).
    Sling,
    /// MA: mounted archers (standard series).
    MountedArcher,
    /// Scorpiones' shafts (Alesia 8.5).
    Scorpio,
    /// Palintonos' stones (Alesia 8.5).
    Palintonos,
}

/// A combat unit's identifier: human-readable and unique within a game's
/// counter mix, e.g. `"X-1"` for cohort 1 of Legio X.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct UnitId(pub String);

impl UnitId {
    /// The id as a string slice.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for UnitId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl From<&str> for UnitId {
    fn from(s: &str) -> Self {
        UnitId(s.to_owned())
    }
}

impl From<String> for UnitId {
    fn from(s: String) -> Self {
        UnitId(s)
    }
}

impl core::borrow::Borrow<str> for UnitId {
    fn borrow(&self) -> &str {
        &self.0
    }
}

impl AsRef<str> for UnitId {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

/// Troop Quality (Alesia 2.21): the rating checked against dice and hits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct TroopQuality(pub u8);

/// The static ratings of a combat unit, as printed on its counter.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct UnitProfile {
    /// Unit type.
    pub unit_type: UnitType,
    /// Class, for cohorts.
    pub class: Option<CohortClass>,
    /// Printed (front side) Troop Quality.
    pub tq: TroopQuality,
    /// Troop Quality on the reduced side, if the counter has one (Alesia 10.13, 10.14).
    pub reduced_tq: Option<TroopQuality>,
    /// Printed Movement Allowance.
    pub ma: u8,
    /// Missile capability, if any.
    pub missile: Option<MissileType>,
    /// Whether the unit routs rather than being eliminated when its hits reach
    /// its TQ on the front side (Alesia 10.13, 10.41). A game decides which units rout.
    pub routs: bool,
}

impl UnitProfile {
    /// Whether the counter has a reduced (reverse) side (1.0, 10.13, 10.14).
    #[must_use]
    pub const fn has_reduced_side(&self) -> bool {
        self.reduced_tq.is_some()
    }
}

/// Where a unit is in its life (Alesia 10.13, 10.14, 10.41-10.43, 10.64).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Status {
    /// In play on its front side.
    Fresh,
    /// In play on its reduced side (after recovery, 10.62-10.63).
    Reduced,
    /// Routed (Alesia 10.41): hits at least its printed TQ.
    Routed,
    /// Eliminated: off the map for good.
    Eliminated,
}

/// The state a combat unit carries through the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Cohesion {
    /// Cohesion hits absorbed (Alesia 10.12).
    pub hits: u8,
    /// Current status.
    pub status: Status,
}

/// What absorbing hits did to a unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum HitOutcome {
    /// Still in play, with its status unchanged.
    Absorbed,
    /// Alesia 10.13/10.41: hits reached the printed TQ of a front-side unit that routs.
    Routed,
    /// Alesia 10.14/10.43/10.64: hits reached the TQ of a unit that cannot rout, or a
    /// routed unit took any further hit.
    Eliminated,
}

impl Default for Cohesion {
    fn default() -> Self {
        Cohesion::FRESH
    }
}

impl Cohesion {
    /// A fresh unit with no hits.
    pub const FRESH: Cohesion = Cohesion { hits: 0, status: Status::Fresh };

    /// Whether the unit is still on the map.
    #[must_use]
    pub const fn in_play(self) -> bool {
        !matches!(self.status, Status::Eliminated)
    }

    /// The TQ that applies now: the reduced side's when reduced (Alesia 10.64), the
    /// printed one otherwise, including when routed (Alesia 10.43).
    #[must_use]
    pub fn current_tq(self, profile: &UnitProfile) -> TroopQuality {
        match (self.status, profile.reduced_tq) {
            (Status::Reduced, Some(tq)) => tq,
            _ => profile.tq,
        }
    }

    /// Absorbs `hits` cohesion hits and applies the status transitions of Alesia
    /// 10.13, 10.14, 10.41-10.43 and 10.64.
    ///
    /// ```
    /// use gboh_core::unit::*;
    /// let cohort = UnitProfile { unit_type: UnitType::CO, class: Some(CohortClass::Veteran),
    ///     tq: TroopQuality(7), reduced_tq: Some(TroopQuality(5)), ma: 4,
    ///     missile: Some(MissileType::Javelin), routs: true };
    /// let mut c = Cohesion::FRESH;
    /// assert_eq!(c.absorb(&cohort, 6), HitOutcome::Absorbed);
    /// assert_eq!(c.absorb(&cohort, 1), HitOutcome::Routed);    // 10.41
    /// assert_eq!(c.absorb(&cohort, 1), HitOutcome::Eliminated); // 10.43
    /// ```
    pub fn absorb(&mut self, profile: &UnitProfile, hits: u8) -> HitOutcome {
        if hits == 0 || !self.in_play() {
            return HitOutcome::Absorbed;
        }
        self.hits = self.hits.saturating_add(hits);
        match self.status {
            Status::Routed => {
                // 10.43: a routed unit that suffers any additional hits is eliminated.
                self.status = Status::Eliminated;
                HitOutcome::Eliminated
            }
            Status::Fresh if self.hits >= profile.tq.0 => {
                if profile.routs && profile.reduced_tq.is_some() {
                    self.status = Status::Routed; // 10.13, 10.41
                    HitOutcome::Routed
                } else {
                    self.status = Status::Eliminated; // 10.14
                    HitOutcome::Eliminated
                }
            }
            Status::Reduced if self.hits >= self.current_tq(profile).0 => {
                self.status = Status::Eliminated; // 10.64
                HitOutcome::Eliminated
            }
            _ => HitOutcome::Absorbed,
        }
    }

    /// Removes up to `n` hits (rally, recovery); routed and eliminated units are
    /// unchanged. Returns how many were removed.
    pub fn remove_hits(&mut self, n: u8) -> u8 {
        if !matches!(self.status, Status::Fresh | Status::Reduced) {
            return 0;
        }
        let removed = n.min(self.hits);
        self.hits -= removed;
        removed
    }

    /// Flips a routed unit to its reduced side with no hits (Alesia 10.62, 10.63).
    /// Returns false (and changes nothing) if it is not routed or has no reduced side.
    pub fn recover(&mut self, profile: &UnitProfile) -> bool {
        if self.status != Status::Routed || profile.reduced_tq.is_none() {
            return false;
        }
        *self = Cohesion { hits: 0, status: Status::Reduced };
        true
    }

    /// Eliminates the unit.
    pub fn eliminate(&mut self) {
        self.status = Status::Eliminated;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn profile(t: UnitType, tq: u8, reduced: Option<u8>, routs: bool) -> UnitProfile {
        UnitProfile {
            unit_type: t,
            class: None,
            tq: TroopQuality(tq),
            reduced_tq: reduced.map(TroopQuality),
            ma: 5,
            missile: None,
            routs,
        }
    }

    #[test]
    fn rule_10_14_units_without_reduced_side_are_eliminated() {
        let li = profile(UnitType::LI, 5, None, false);
        let mut c = Cohesion::FRESH;
        assert_eq!(c.absorb(&li, 4), HitOutcome::Absorbed);
        assert_eq!(c.absorb(&li, 1), HitOutcome::Eliminated);
        assert!(!c.in_play());
        assert_eq!(c.absorb(&li, 3), HitOutcome::Absorbed, "eliminated units absorb nothing");
    }

    #[test]
    fn rule_10_64_reduced_units_are_eliminated_at_their_reduced_tq() {
        let bi = profile(UnitType::BI, 6, Some(4), true);
        let mut c = Cohesion { hits: 0, status: Status::Reduced };
        assert_eq!(c.current_tq(&bi), TroopQuality(4));
        assert_eq!(c.absorb(&bi, 3), HitOutcome::Absorbed);
        assert_eq!(c.absorb(&bi, 1), HitOutcome::Eliminated);
    }

    #[test]
    fn rule_10_43_routed_units_defend_with_printed_tq() {
        let co = profile(UnitType::CO, 7, Some(5), true);
        let mut c = Cohesion::FRESH;
        assert_eq!(c.absorb(&co, 9), HitOutcome::Routed);
        assert_eq!(c.current_tq(&co), TroopQuality(7));
        assert_eq!(c.remove_hits(2), 0, "routed units do not rally (10.5)");
        assert!(c.recover(&co));
        assert_eq!(c, Cohesion { hits: 0, status: Status::Reduced });
    }

    #[test]
    fn alesia_force_bi_has_a_reduced_side_but_does_not_rout() {
        let bi = profile(UnitType::BI, 5, Some(3), false);
        let mut c = Cohesion::FRESH;
        assert_eq!(c.absorb(&bi, 5), HitOutcome::Eliminated);
    }

    #[test]
    fn type_categories_follow_2_4() {
        use UnitType::*;
        for t in UnitType::ALL {
            assert_eq!(t.is_foot(), !t.is_artillery() && !t.is_cavalry());
            assert_eq!(t.abbreviation().parse::<UnitType>(), Ok(t));
        }
        assert!(CO.is_infantry() && BI.is_infantry() && LI.is_infantry());
        assert!(!AR.is_infantry() && AR.is_foot());
        assert!(GC.is_cavalry() && !Scorpio.is_foot());
        assert!("XX".parse::<UnitType>().is_err());
    }
}
