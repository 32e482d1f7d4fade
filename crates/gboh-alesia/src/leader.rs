//! Alesia's leader counters and their ratings (4.2).
//!
//! The standard family's leaders are the engine's `LeaderDef`s, tagged with
//! `gboh_standard::Rank`; this model of a counter, a row of ratings per rank
//! with the units it may command, is Alesia's.
//!
//! A [`Leader`] is one leader counter. Most counters carry one [`LeaderRole`]:
//! a [`Rank`], the [`LeaderRatings`] printed for that rank, and the
//! [`CommandScope`] of units the role may activate. A few carry two: Alesia's
//! Commius is "both an Overall Commander (the top numbers) and on-map Tribal
//! Chieftain (4.24), the bottom row of numbers" (4.22), and Vercingetorix is the
//! Alesia Force's Overall Commander "in terms of Seizure and Charisma" and also
//! "a Chieftain for all those troops" (4.21 exception, 6.14).
//!
//! ```
//! use gboh_alesia::leader::*;
//! use gboh_core::Side;
//!
//! // Alesia 4.12 example: Eporedorix, Command Range 7, Control 7.
//! let eporedorix = Leader {
//!     id: LeaderId::from("Eporedorix"),
//!     name: "Eporedorix".into(),
//!     side: Side::Adversary,
//!     tribe: Some("Aedui".into()),
//!     roles: vec![LeaderRole::new(
//!         Rank::TribalChieftain,
//!         LeaderRatings { command_range: Some(7), control: Some(7), ..LeaderRatings::NONE },
//!         CommandScope::Tribes,
//!     )],
//!     successor: None,
//! };
//! assert!(eporedorix.problems().is_empty());
//! // Sequani (2) + Ruteni (2) + Helvetii (2) + Nervii (1) = 7 <= 7.
//! assert!(eporedorix.can_control([2, 2, 2, 1]));
//! assert!(!eporedorix.can_control([2, 2, 2, 1, 1]));
//! // Alesia's counters print no Movement Allowance: the game gives it by rank.
//! assert_eq!(eporedorix.troop_command().and_then(|r| r.ratings.movement), None);
//! // Alesia 4.35: a chieftain who is killed comes back on a tribal unit.
//! assert_eq!(eporedorix.replacement(), Replacement::Returns);
//! ```

use core::borrow::Borrow;
use core::fmt;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use gboh_core::Side;

/// A leader's identifier: a human-readable name unique within a game's counter
/// mix, e.g. `"Caesar"` or `"Eporedorix"`.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct LeaderId(pub String);

impl LeaderId {
    /// The id as a string slice.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for LeaderId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl From<&str> for LeaderId {
    fn from(s: &str) -> Self {
        LeaderId(s.to_owned())
    }
}

impl From<String> for LeaderId {
    fn from(s: String) -> Self {
        LeaderId(s)
    }
}

impl Borrow<str> for LeaderId {
    fn borrow(&self) -> &str {
        &self.0
    }
}

impl AsRef<str> for LeaderId {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

/// A leader's rank: the row of ratings a counter prints and what it may do.
///
/// Alesia's six ranks (4.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Rank {
    /// Alesia 4.21 Overall Commander (OC): Seizure, Initiative and Charisma.
    OverallCommander,
    /// Alesia 4.23 Roman Area Commander: activates the Auxiliaries in his range.
    AreaCommander,
    /// Alesia 4.24 Legate: commands one legion.
    Legate,
    /// Alesia 4.11 Cavalry Prefect: commands the Roman cavalry in his range.
    CavalryPrefect,
    /// Alesia 4.24 Tribal Chieftain: commands tribes up to his Control rating.
    TribalChieftain,
    /// Alesia 4.12, 4.44 Gallic Cavalry Leader: "treated as Chieftains, but command only
    /// cavalry and Light Infantry" (4.24 play note).
    GallicCavalryLeader,
}

impl Rank {
    /// Every rank, in declaration order.
    pub const ALL: [Rank; 6] = [
        Rank::OverallCommander,
        Rank::AreaCommander,
        Rank::Legate,
        Rank::CavalryPrefect,
        Rank::TribalChieftain,
        Rank::GallicCavalryLeader,
    ];

    /// The rank as the rulebooks name it.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Rank::OverallCommander => "Overall Commander",
            Rank::AreaCommander => "Area Commander",
            Rank::Legate => "Legate",
            Rank::CavalryPrefect => "Cavalry Prefect",
            Rank::TribalChieftain => "Tribal Chieftain",
            Rank::GallicCavalryLeader => "Gallic Cavalry Leader",
        }
    }

    /// Whether the rank may attempt Turn Seizure (Alesia 4.21, 4.23, 5.21).
    #[must_use]
    pub const fn may_seize(self) -> bool {
        matches!(self, Rank::OverallCommander | Rank::AreaCommander)
    }

    /// The ratings a counter of this rank must print (4.21, 4.23, 4.24). A Chieftain's Control is also required unless he commands
    /// a whole force (Alesia 4.24: Vercingetorix has no Control rating), which
    /// [`LeaderRole::problems`] checks.
    #[must_use]
    pub const fn required_ratings(self) -> &'static [Rating] {
        match self {
            Rank::OverallCommander => &[Rating::Seizure, Rating::Initiative],
            Rank::AreaCommander => &[Rating::Seizure, Rating::CommandRange, Rating::Initiative],
            Rank::Legate
            | Rank::CavalryPrefect
            | Rank::TribalChieftain
            | Rank::GallicCavalryLeader => &[Rating::CommandRange],
        }
    }

    /// Whether a role of this rank may command `scope`.
    ///
    /// Overall Commanders command an army or one force of it (Alesia 5.21, 5.23); Area
    /// Commanders the Auxiliaries (Alesia 4.11, 4.23); Legates one legion and Prefects the
    /// cavalry (Alesia 4.11); Chieftains tribes, or a whole force like Vercingetorix
    /// (4.12, 4.21); Gallic Cavalry Leaders cavalry and LI (4.12).
    #[must_use]
    pub fn accepts(self, scope: &CommandScope) -> bool {
        use CommandScope as S;
        match self {
            Rank::OverallCommander => matches!(scope, S::Army | S::Force(_)),
            Rank::AreaCommander => matches!(scope, S::Auxiliaries),
            Rank::Legate => matches!(scope, S::Legion(_)),
            Rank::CavalryPrefect => matches!(scope, S::Cavalry),
            Rank::TribalChieftain => matches!(scope, S::Tribes | S::Force(_)),
            Rank::GallicCavalryLeader => matches!(scope, S::CavalryAndLightInfantry),
        }
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One of a leader's numeric ratings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Rating {
    /// Alesia 4.21 Seizure: Turn Seizure attempts (and OC moves) per Assault Period.
    Seizure,
    /// 4.21 Initiative: a Seizure succeeds on a d10 at or under it (Alesia 5.21).
    Initiative,
    /// 4.21, 4.34 Charisma: the Shock DRM the leader gives (Alesia 9.25).
    Charisma,
    /// Alesia 4.24 Command Range, in Movement Points.
    CommandRange,
    /// Alesia 4.24 Control (Gauls only): the total tribal Control a Chieftain commands.
    Control,
    /// A printed Movement Allowance, overriding the one a game gives the rank
    /// (6.12, 6.13 give it by rank; 6.14: Vercingetorix's is printed).
    Movement,
}

impl Rating {
    /// Every rating, in declaration order.
    pub const ALL: [Rating; 6] = [
        Rating::Seizure,
        Rating::Initiative,
        Rating::Charisma,
        Rating::CommandRange,
        Rating::Control,
        Rating::Movement,
    ];

    /// The rating's name as a data file spells the field (`command_range`).
    #[must_use]
    pub const fn field(self) -> &'static str {
        match self {
            Rating::Seizure => "seizure",
            Rating::Initiative => "initiative",
            Rating::Charisma => "charisma",
            Rating::CommandRange => "command_range",
            Rating::Control => "control",
            Rating::Movement => "movement",
        }
    }
}

impl fmt::Display for Rating {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.field())
    }
}

/// The ratings printed for one rank of a leader counter; `None` where the
/// counter prints nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct LeaderRatings {
    /// Alesia 4.21 Seizure attempts per Assault Period.
    pub seizure: Option<u8>,
    /// Alesia 4.21 Initiative.
    pub initiative: Option<u8>,
    /// 4.21, 4.34 Charisma: the size of the Shock DRM (1 at Alesia).
    pub charisma: Option<u8>,
    /// Alesia 4.24 Command Range in MP.
    pub command_range: Option<u8>,
    /// Alesia 4.24 Control (Gauls only).
    pub control: Option<u8>,
    /// Printed Movement Allowance, where the game's allowance for the rank
    /// does not apply.
    pub movement: Option<u8>,
}

impl LeaderRatings {
    /// No ratings at all; a base for struct-update syntax.
    pub const NONE: LeaderRatings = LeaderRatings {
        seizure: None,
        initiative: None,
        charisma: None,
        command_range: None,
        control: None,
        movement: None,
    };

    /// The value of `rating`, if printed.
    #[must_use]
    pub const fn get(&self, rating: Rating) -> Option<u8> {
        match rating {
            Rating::Seizure => self.seizure,
            Rating::Initiative => self.initiative,
            Rating::Charisma => self.charisma,
            Rating::CommandRange => self.command_range,
            Rating::Control => self.control,
            Rating::Movement => self.movement,
        }
    }
}

/// The units a leader's role may activate (Alesia 4.1 Commands).
///
/// Identifiers (legions, tribes, forces) are the game's own, as its counter mix
/// spells them.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum CommandScope {
    /// An Overall Commander's whole army: Caesar's successful Seizure activates
    /// "any one legion or any one Cavalry command" (5.21 clarification).
    Army,
    /// One force of a divided army, treated as a whole: Vercingetorix's Alesia
    /// Force ("treated as one command", 5.23, 5.61) or Commius' Relief Force (5.23).
    Force(String),
    /// Alesia 4.11: all units of one legion, its scorpiones included.
    Legion(String),
    /// Alesia 4.11, 4.23: the Auxiliaries (LI, archers) and Palintonos in range.
    Auxiliaries,
    /// Alesia 4.11: all cavalry in range of the Prefect.
    Cavalry,
    /// Alesia 4.12: tribes whose Control ratings total at most the Chieftain's Control,
    /// any tribe, not just his own (Alesia 4.12 play note, 4.24).
    Tribes,
    /// Alesia 4.12: all cavalry and Light Infantry in range of a Gallic Cavalry Leader.
    CavalryAndLightInfantry,
}

/// One row of ratings on a leader counter: a rank, its ratings, and what it
/// commands.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct LeaderRole {
    /// The rank this row belongs to.
    pub rank: Rank,
    /// The printed ratings.
    pub ratings: LeaderRatings,
    /// The units the role activates.
    pub scope: CommandScope,
}

impl LeaderRole {
    /// A role without a command restriction.
    #[must_use]
    pub fn new(rank: Rank, ratings: LeaderRatings, scope: CommandScope) -> Self {
        LeaderRole { rank, ratings, scope }
    }

    /// Everything inconsistent in this role: missing required ratings and a
    /// scope the rank cannot command.
    #[must_use]
    pub fn problems(&self) -> Vec<LeaderProblem> {
        let mut found = Vec::new();
        for &rating in self.rank.required_ratings() {
            if self.ratings.get(rating).is_none() {
                found.push(LeaderProblem::MissingRating { rank: self.rank, rating });
            }
        }
        // 4.24: Control, except for a Chieftain of a whole force (Vercingetorix).
        if self.rank == Rank::TribalChieftain
            && self.ratings.control.is_none()
            && !matches!(self.scope, CommandScope::Force(_))
        {
            found.push(LeaderProblem::MissingRating { rank: self.rank, rating: Rating::Control });
        }
        if !self.rank.accepts(&self.scope) {
            found.push(LeaderProblem::ScopeNotForRank {
                rank: self.rank,
                scope: self.scope.clone(),
            });
        }
        found
    }
}

/// What happens to a leader who is killed (Alesia 4.35).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Replacement {
    /// "If either Caesar or Commius is killed, they are not replaced"; nor are the
    /// Roman Area Commanders.
    NotReplaced,
    /// "If Vercingetorix is killed, his place as OC in Alesia is taken by
    /// Critognatus."
    Successor(LeaderId),
    /// Legates, Cavalry Prefects and the other Gallic leaders come back on an
    /// appropriate unit the next time their command is activated.
    Returns,
}

/// A leader counter.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Leader {
    /// Unique, human-readable id.
    pub id: LeaderId,
    /// The name printed on the counter.
    pub name: String,
    /// The side the leader fights for.
    pub side: Side,
    /// The tribe printed on a Chieftain's counter, or Commius' Home Tribe (Alesia 4.21,
    /// 4.24).
    pub tribe: Option<String>,
    /// The rows of ratings, top first. Usually one; Commius and Vercingetorix
    /// have an Overall Commander row and a Chieftain row (Alesia 4.21, 4.22).
    pub roles: Vec<LeaderRole>,
    /// Who takes his place if he is killed (Alesia 4.35: Critognatus for Vercingetorix).
    pub successor: Option<LeaderId>,
}

impl Leader {
    /// The role of `rank`, if the leader has one.
    #[must_use]
    pub fn role(&self, rank: Rank) -> Option<&LeaderRole> {
        self.roles.iter().find(|r| r.rank == rank)
    }

    /// Whether the leader holds `rank`.
    #[must_use]
    pub fn is(&self, rank: Rank) -> bool {
        self.role(rank).is_some()
    }

    /// The Overall Commander row (Alesia 4.21), if any.
    #[must_use]
    pub fn overall_command(&self) -> Option<&LeaderRole> {
        self.role(Rank::OverallCommander)
    }

    /// The row that leads troops on the map: the first that is not an Overall
    /// Commander's (4.22's "bottom row"). `None` for a leader who is only an OC,
    /// such as Caesar.
    #[must_use]
    pub fn troop_command(&self) -> Option<&LeaderRole> {
        self.roles.iter().find(|r| r.rank != Rank::OverallCommander)
    }

    fn first_rating(&self, rating: Rating) -> Option<u8> {
        self.roles.iter().find_map(|r| r.ratings.get(rating))
    }

    /// Seizure attempts per Assault Period (Alesia 4.21, 4.23, 5.22), from the first
    /// row that prints one.
    #[must_use]
    pub fn seizure(&self) -> Option<u8> {
        self.first_rating(Rating::Seizure)
    }

    /// Initiative (Alesia 4.21, 4.23), from the first row that prints one.
    #[must_use]
    pub fn initiative(&self) -> Option<u8> {
        self.first_rating(Rating::Initiative)
    }

    /// Charisma (Alesia 4.21, 4.34); 0 for a leader without it.
    #[must_use]
    pub fn charisma(&self) -> u8 {
        self.first_rating(Rating::Charisma).unwrap_or(0)
    }

    /// The Shock DRM this leader gives units stacked with or adjacent to him
    /// (Alesia 4.34, 9.25): `+charisma` when they attack, `-charisma` when they defend.
    #[must_use]
    pub fn charisma_drm(&self, attacking: bool) -> i8 {
        let c = i8::try_from(self.charisma()).unwrap_or(i8::MAX);
        if attacking { c } else { -c }
    }

    /// Command Range in MP (Alesia 4.24): the troop row's if it prints one, else the
    /// first row's that does.
    #[must_use]
    pub fn command_range(&self) -> Option<u8> {
        self.troop_command()
            .and_then(|r| r.ratings.command_range)
            .or_else(|| self.first_rating(Rating::CommandRange))
    }

    /// Control (Alesia 4.24), if the leader has it.
    #[must_use]
    pub fn control(&self) -> Option<u8> {
        self.first_rating(Rating::Control)
    }

    /// Alesia 4.12: whether tribes with these Control ratings, together, are within
    /// this leader's Control. False for a leader without Control.
    #[must_use]
    pub fn can_control(&self, tribal_controls: impl IntoIterator<Item = u8>) -> bool {
        let Some(control) = self.control() else {
            return false;
        };
        let total: u32 = tribal_controls.into_iter().map(u32::from).sum();
        total <= u32::from(control)
    }

    /// What happens if the leader is killed (Alesia 4.35).
    #[must_use]
    pub fn replacement(&self) -> Replacement {
        if let Some(next) = &self.successor {
            return Replacement::Successor(next.clone());
        }
        if self.roles.iter().any(|r| matches!(r.rank, Rank::OverallCommander | Rank::AreaCommander))
        {
            Replacement::NotReplaced
        } else {
            Replacement::Returns
        }
    }

    /// Everything structurally wrong with the counter: no row, more than one
    /// Overall Commander row, a rank twice, or a row's own problems.
    #[must_use]
    pub fn problems(&self) -> Vec<LeaderProblem> {
        let mut found = Vec::new();
        if self.roles.is_empty() {
            found.push(LeaderProblem::NoRole);
        }
        for (i, role) in self.roles.iter().enumerate() {
            if self.roles.iter().take(i).any(|r| r.rank == role.rank) {
                found.push(LeaderProblem::RankTwice(role.rank));
            }
            found.extend(role.problems());
        }
        found
    }
}

/// A structural problem with a leader counter.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Error)]
pub enum LeaderProblem {
    /// The counter has no row of ratings.
    #[error("4.2: a leader needs at least one rank")]
    NoRole,
    /// The same rank appears on two rows.
    #[error("4.2: rank {0} appears twice")]
    RankTwice(Rank),
    /// A rating the rank must print is missing.
    #[error("4.2: a {rank} must have a {rating} rating")]
    MissingRating {
        /// The rank.
        rank: Rank,
        /// The missing rating.
        rating: Rating,
    },
    /// The role's scope is not one this rank can command.
    #[error("4.1: a {rank} cannot command {scope:?}")]
    ScopeNotForRank {
        /// The rank.
        rank: Rank,
        /// The scope given.
        scope: CommandScope,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    fn role(rank: Rank, ratings: LeaderRatings, scope: CommandScope) -> LeaderRole {
        LeaderRole::new(rank, ratings, scope)
    }

    #[test]
    fn missing_ratings_and_wrong_scopes_are_reported() {
        let legate = role(Rank::Legate, LeaderRatings::NONE, CommandScope::Cavalry);
        let problems = legate.problems();
        assert!(problems.contains(&LeaderProblem::MissingRating {
            rank: Rank::Legate,
            rating: Rating::CommandRange
        }));
        assert!(problems.iter().any(|p| matches!(p, LeaderProblem::ScopeNotForRank { .. })));
        let chieftain = role(
            Rank::TribalChieftain,
            LeaderRatings { command_range: Some(6), ..LeaderRatings::NONE },
            CommandScope::Tribes,
        );
        assert_eq!(
            chieftain.problems(),
            [LeaderProblem::MissingRating { rank: Rank::TribalChieftain, rating: Rating::Control }]
        );
    }

    #[test]
    fn every_rank_accepts_some_scope_and_ratings_round_trip() {
        let scopes = [
            CommandScope::Army,
            CommandScope::Force("f".into()),
            CommandScope::Legion("l".into()),
            CommandScope::Auxiliaries,
            CommandScope::Cavalry,
            CommandScope::Tribes,
            CommandScope::CavalryAndLightInfantry,
        ];
        for rank in Rank::ALL {
            assert!(scopes.iter().any(|s| rank.accepts(s)), "{rank}");
        }
        let mut r = LeaderRatings::NONE;
        r.control = Some(4);
        assert_eq!(r.get(Rating::Control), Some(4));
        assert_eq!(Rating::ALL.iter().filter(|&&x| r.get(x).is_some()).count(), 1);
    }
}
