//! The combat sequence's decisions, as plain data (the bottom layer): what a
//! player answers ([`CombatAction`]) and which question is open
//! ([`CombatPending`]). The family's decisions are the engine's; a game's own
//! (Alesia's Flame, Aquilae, artillery modes) ride in [`CombatAction::Game`].
//! Section numbers in these docs are Alesia's, where the family's rules were
//! first written; events and errors cite the played game's
//! ([`crate::SimpleGame::section`]).

use gboh_core::Side;
use gboh_core::facing::Facing;
use gboh_core::unit::UnitType;
use hexx::Hex;
use std::fmt;
use std::marker::PhantomData;

use serde::de::value::StringDeserializer;
use serde::de::{DeserializeSeed, EnumAccess, IntoDeserializer, VariantAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::id::{Lid, Uid};
use crate::sequence::ReactionKind;

/// A combat decision, with `X` the game's own combat actions.
///
/// The active player's, during movement (8.1, 10.5): [`Fire`], [`Rally`]
/// and the game's own ([`Game`]), then [`BeginShock`]. During shock (9.2)
/// and its effects (10.0), whoever [`CombatPending`] names: [`Designate`],
/// [`Resolve`], [`Weapon`], [`DistributeHits`], [`Place`], [`PlaceLeader`]
/// and [`Done`]. The non-active player reacts with [`React`] or [`Done`]
/// (8.6).
///
/// A game's own action serializes as the game's enum alone (`Flame(..)`,
/// not `Game(Flame(..))`), so a game's saved action logs do not depend on
/// where the engine draws the line; a name the engine does not know is read
/// as the game's. A self-describing serde format (RON) reads it back.
///
/// [`Fire`]: CombatAction::Fire
/// [`Rally`]: CombatAction::Rally
/// [`Game`]: CombatAction::Game
/// [`BeginShock`]: CombatAction::BeginShock
/// [`Designate`]: CombatAction::Designate
/// [`Resolve`]: CombatAction::Resolve
/// [`Weapon`]: CombatAction::Weapon
/// [`DistributeHits`]: CombatAction::DistributeHits
/// [`Place`]: CombatAction::Place
/// [`PlaceLeader`]: CombatAction::PlaceLeader
/// [`Done`]: CombatAction::Done
/// [`React`]: CombatAction::React
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(remote = "Self")]
pub enum CombatAction<X> {
    /// 8.1: missile fire by an active unit at a target hex. `will_move`
    /// declares that a foot archer or mounted missile unit will move after
    /// firing (8.17's "+1 moved/will move"); a unit that fired without it may
    /// not move afterwards.
    Fire {
        /// The firing unit.
        unit: Uid,
        /// The target hex.
        target: Hex,
        /// 8.17: it will move after firing.
        will_move: bool,
    },
    /// 10.5: a unit rallies, its only action.
    Rally {
        /// The unit.
        unit: Uid,
    },
    /// 9.0: movement and fire are over; shock follows.
    BeginShock,
    /// 8.6: the non-active player fires with `unit` at `target`.
    React {
        /// The reacting unit.
        unit: Uid,
        /// The hex it fires at.
        target: Hex,
    },
    /// 9.21: the stack in `attacker` attacks every enemy in its front hexes not
    /// yet attacked, in a new attack (`join: None`) or joining attack `join`.
    Designate {
        /// The attacking stack's hex.
        attacker: Hex,
        /// The attack it joins, if any.
        join: Option<u8>,
    },
    /// 9.25: resolve designated attack `attack` next.
    Resolve {
        /// The attack's index.
        attack: u8,
    },
    /// 9.25 Weapon Systems: use this unit type.
    Weapon {
        /// The type.
        unit_type: UnitType,
    },
    /// 9.25 "#": the units that take the leftover hits, one each.
    DistributeHits {
        /// The units.
        units: Vec<Uid>,
    },
    /// Put a unit in a hex with a facing: a retreat (10.2, 9.23), a retreat
    /// before shock or pursuit (9.22), an advance (9.3), a routed unit's
    /// place where the game offers a choice (Alesia 10.42).
    Place {
        /// The unit.
        unit: Uid,
        /// The hex.
        to: Hex,
        /// Its facing there.
        facing: Facing,
    },
    /// 4.32, 10.26, 10.46: the leader [`CombatPending::Leader`] names goes to
    /// `to` (`None`: off the map with his routed unit). Staying where he is
    /// (4.32, 10.26) is [`CombatAction::Done`].
    PlaceLeader {
        /// The leader.
        leader: Lid,
        /// Where he goes.
        to: Option<Hex>,
    },
    /// Finish the current choice: decline reaction fire, end designation,
    /// stand rather than retreat before shock (or where the game lets a unit
    /// stand for a hit, Alesia 10.24), stop pursuing, a leader stays where he
    /// is (4.32, 10.26).
    Done,
    /// The game's own combat action (Alesia: Flame 8.41, putting out a fire
    /// 8.44, an artillery mode change 8.52, an Aquila placed 10.8).
    Game(X),
}

/// The engine's variant names: any other is the game's.
const FAMILY: [&str; 11] = [
    "Fire",
    "Rally",
    "BeginShock",
    "React",
    "Designate",
    "Resolve",
    "Weapon",
    "DistributeHits",
    "Place",
    "PlaceLeader",
    "Done",
];

impl<X: Serialize> Serialize for CombatAction<X> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            CombatAction::Game(own) => own.serialize(serializer),
            family => CombatAction::serialize(family, serializer),
        }
    }
}

impl<'de, X: Deserialize<'de>> Deserialize<'de> for CombatAction<X> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_enum("CombatAction", &FAMILY, Either(PhantomData))
    }
}

/// Reads the variant's name, then hands the variant to the engine's derived
/// reader or to the game's.
struct Either<X>(PhantomData<X>);

impl<'de, X: Deserialize<'de>> Visitor<'de> for Either<X> {
    type Value = CombatAction<X>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a combat action")
    }

    fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<Self::Value, A::Error> {
        let (name, access) = data.variant_seed(VariantName)?;
        let family = FAMILY.contains(&name.as_str());
        let rest = Named { name, access };
        if family {
            CombatAction::deserialize(rest)
        } else {
            X::deserialize(rest).map(CombatAction::Game)
        }
    }
}

/// A variant's name, read as an identifier.
struct VariantName;

impl<'de> DeserializeSeed<'de> for VariantName {
    type Value = String;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<String, D::Error> {
        deserializer.deserialize_identifier(self)
    }
}

impl Visitor<'_> for VariantName {
    type Value = String;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a combat action's name")
    }

    fn visit_str<E: serde::de::Error>(self, name: &str) -> Result<String, E> {
        Ok(name.to_owned())
    }
}

/// An enum whose variant name has been read: deserializes as that variant.
struct Named<A> {
    name: String,
    access: A,
}

impl<'de, A: VariantAccess<'de>> Deserializer<'de> for Named<A> {
    type Error = A::Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, A::Error> {
        visitor.visit_enum(self)
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf option unit unit_struct newtype_struct seq tuple
        tuple_struct map struct enum identifier ignored_any
    }
}

impl<'de, A: VariantAccess<'de>> EnumAccess<'de> for Named<A> {
    type Error = A::Error;
    type Variant = A;

    fn variant_seed<S: DeserializeSeed<'de>>(self, seed: S) -> Result<(S::Value, A), A::Error> {
        let name: StringDeserializer<A::Error> = self.name.into_deserializer();
        Ok((seed.deserialize(name)?, self.access))
    }
}

/// A combat decision point: who decides, and what about.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum CombatPending {
    /// 8.6: fire in reaction, or decline.
    Reaction {
        /// The non-active player.
        side: Side,
        /// Which reaction.
        kind: ReactionKind,
    },
    /// 9.21: designate attacks.
    Designation {
        /// The active player.
        side: Side,
    },
    /// 9.22: retreat defenders before shock, or stand.
    RetreatBeforeShock {
        /// The defending player.
        side: Side,
        /// The attack.
        attack: u8,
    },
    /// 9.22: pursue with the attackers, or stop.
    Pursuit {
        /// The active player.
        side: Side,
        /// The attack.
        attack: u8,
    },
    /// 9.25: choose the next attack to resolve.
    ResolutionOrder {
        /// The active player.
        side: Side,
    },
    /// 9.25: choose a weapon system.
    Weapon {
        /// The choosing player.
        side: Side,
        /// The attack.
        attack: u8,
    },
    /// 9.25 "#": place leftover hits.
    DistributeHits {
        /// The player inflicting the hits.
        side: Side,
        /// How many leftover hits.
        leftover: u8,
    },
    /// 10.2: choose a retreat hex (or stand where the game allows, Alesia
    /// 10.24).
    Retreat {
        /// The owner.
        side: Side,
        /// The unit.
        unit: Uid,
    },
    /// Where a routed unit goes, when the game offers a choice (Alesia 10.42:
    /// a routed cohort by its Aquila).
    PlaceRouted {
        /// The owner.
        side: Side,
        /// The unit.
        unit: Uid,
    },
    /// 9.3: advance after combat.
    Advance {
        /// The active player.
        side: Side,
        /// The attack.
        attack: u8,
    },
    /// 4.32, 10.26, 10.46: where a leader goes (the rule says which case).
    Leader {
        /// The leader's side.
        side: Side,
        /// The leader.
        leader: Lid,
        /// The played game's section giving the choice (Alesia: "4.32",
        /// "10.26" or "10.46").
        rule: &'static str,
    },
}

impl CombatPending {
    /// Who decides.
    #[must_use]
    pub const fn side(&self) -> Side {
        match self {
            CombatPending::Reaction { side, .. }
            | CombatPending::Designation { side }
            | CombatPending::RetreatBeforeShock { side, .. }
            | CombatPending::Pursuit { side, .. }
            | CombatPending::ResolutionOrder { side }
            | CombatPending::Weapon { side, .. }
            | CombatPending::DistributeHits { side, .. }
            | CombatPending::Retreat { side, .. }
            | CombatPending::PlaceRouted { side, .. }
            | CombatPending::Advance { side, .. }
            | CombatPending::Leader { side, .. } => *side,
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
    enum Own {
        Burn { unit: Uid },
    }

    #[test]
    fn a_games_own_action_serializes_as_the_games_enum_and_reads_back() {
        let own: CombatAction<Own> = CombatAction::Game(Own::Burn { unit: Uid(3) });
        let text = ron::to_string(&own).unwrap();
        assert_eq!(text, ron::to_string(&Own::Burn { unit: Uid(3) }).unwrap());
        assert_eq!(ron::from_str::<CombatAction<Own>>(&text).unwrap(), own);
        assert!(ron::from_str::<CombatAction<Own>>("Game(Burn(unit: 3))").is_err());
    }

    #[test]
    fn every_engine_action_reads_back_as_itself() {
        use gboh_core::facing::Facing;
        let hex = Hex::new(2, -1);
        let all: Vec<CombatAction<Own>> = vec![
            CombatAction::Fire { unit: Uid(1), target: hex, will_move: true },
            CombatAction::Rally { unit: Uid(1) },
            CombatAction::BeginShock,
            CombatAction::React { unit: Uid(2), target: hex },
            CombatAction::Designate { attacker: hex, join: Some(1) },
            CombatAction::Resolve { attack: 0 },
            CombatAction::Weapon { unit_type: UnitType::LI },
            CombatAction::DistributeHits { units: vec![Uid(1), Uid(4)] },
            CombatAction::Place { unit: Uid(1), to: hex, facing: Facing::ALL[2] },
            CombatAction::PlaceLeader { leader: Lid(0), to: None },
            CombatAction::Done,
        ];
        assert_eq!(all.len(), FAMILY.len());
        for action in all {
            let text = ron::to_string(&action).unwrap();
            assert_eq!(ron::from_str::<CombatAction<Own>>(&text).unwrap(), action, "{text}");
        }
    }
}
