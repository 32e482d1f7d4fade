//! The counter mix as the engine reads it: one table of a game's combat
//! units ([`Uid`] order) and leaders ([`Lid`] order), with what the
//! [`Roster`](crate::Roster) accessors read of each (side, printed ratings,
//! name, stack group; Charisma and its reach). A game builds it once from
//! its counters and hands it over in [`Roster::muster`](crate::Roster::muster);
//! the accessors' defaults read it, so a game states each piece once.
//!
//! Plain data: reading it allocates nothing (the accessors return
//! references and copies).

use gboh_core::Side;
use gboh_core::unit::UnitProfile;

use crate::id::{Lid, Uid};

/// One combat unit of the counter mix.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MusterUnit {
    /// Its counter id, as printed (`"X-1"`).
    pub name: String,
    /// Whose.
    pub side: Side,
    /// Its printed ratings.
    pub profile: UnitProfile,
    /// Its formation for stacking: two units stack only if their groups (and
    /// types) match (Alesia 6.61: cohorts of one legion, Gauls of one tribe
    /// with clients apart).
    pub stack_group: u16,
    /// Whether it is an auxiliary (Alesia 2.4: Roman LI and archers), which
    /// friends move into or through for free (6.63).
    pub auxiliary: bool,
}

/// One leader of the counter mix.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MusterLeader {
    /// His name as narration gives it (`"Caesar"`).
    pub name: String,
    /// Whose.
    pub side: Side,
    /// His Charisma (0 for none; Alesia 4.34).
    pub charisma: u8,
    /// How many places from his own his Charisma reaches in shock: 1, his
    /// place and the places next to it (the family's); 2 for Simple GBoH's
    /// heroic presence (Gergovia's Vercingetorix).
    pub charisma_reach: u8,
    /// His Command Range in MP (Alesia 4.24; the engine's
    /// [`range_map`](crate::rules::command::range_map) takes it), 0 where
    /// the game states none.
    pub range: u8,
}

/// The counter mix: combat units and leaders, each at its index.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Muster {
    /// The combat units, [`Uid`] order.
    pub units: Vec<MusterUnit>,
    /// The leaders, [`Lid`] order.
    pub leaders: Vec<MusterLeader>,
}

/// The muster of a game that states its pieces through its own accessors.
static EMPTY: Muster = Muster::new();

impl Muster {
    /// A muster with no pieces.
    #[must_use]
    pub const fn new() -> Muster {
        Muster { units: Vec::new(), leaders: Vec::new() }
    }

    /// The shared muster with no pieces ([`Roster::muster`](crate::Roster::muster)'s
    /// default).
    #[must_use]
    pub fn empty() -> &'static Muster {
        &EMPTY
    }

    /// Unit `uid`, if the mix holds it.
    #[inline]
    #[must_use]
    pub fn unit(&self, uid: Uid) -> Option<&MusterUnit> {
        self.units.get(uid.index())
    }

    /// Leader `lid`, if the mix holds him.
    #[inline]
    #[must_use]
    pub fn leader(&self, lid: Lid) -> Option<&MusterLeader> {
        self.leaders.get(lid.index())
    }

    /// The unit whose counter id is `name`.
    #[must_use]
    pub fn uid(&self, name: &str) -> Option<Uid> {
        let i = self.units.iter().position(|u| u.name == name)?;
        u16::try_from(i).ok().map(Uid)
    }

    /// The leader named `name`.
    #[must_use]
    pub fn lid(&self, name: &str) -> Option<Lid> {
        let i = self.leaders.iter().position(|l| l.name == name)?;
        u8::try_from(i).ok().map(Lid)
    }

    /// Every unit's id, in order (those a [`Uid`] can number).
    pub fn uids(&self) -> impl Iterator<Item = Uid> + '_ {
        (0..self.units.len()).map_while(|i| u16::try_from(i).ok().map(Uid))
    }

    /// Adds `unit` at the end of the mix: its id, or `None` (and the mix
    /// unchanged) if a [`Uid`] cannot number it.
    pub fn push_unit(&mut self, unit: MusterUnit) -> Option<Uid> {
        let uid = u16::try_from(self.units.len()).ok().map(Uid)?;
        self.units.push(unit);
        Some(uid)
    }

    /// Adds `leader` at the end of the mix: his id, or `None` (and the mix
    /// unchanged) if a [`Lid`] cannot number him.
    pub fn push_leader(&mut self, leader: MusterLeader) -> Option<Lid> {
        let lid = u8::try_from(self.leaders.len()).ok().map(Lid)?;
        self.leaders.push(leader);
        Some(lid)
    }
}
