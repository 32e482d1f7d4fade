//! The movement decisions, their previews and their events.

use gboh_core::facing::{Direction, Facing};
use gboh_core::unit::HitOutcome;
use hexx::Hex;
use serde::{Deserialize, Serialize};

use crate::game::{Lid, Uid};

/// A movement decision of the active command (6.0, 7.1).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MoveAction {
    /// Move `unit` to `to`, ending with `facing`, along the cheapest path the
    /// generator finds (6.31; fewest hits among equally cheap paths). `to` may
    /// be the unit's own hex: a pivot in place (7.12). A unit may move again
    /// later in the activation while it is still the moving unit (8.12: move,
    /// fire, move again), until another unit moves (6.31).
    Move {
        /// The unit.
        unit: Uid,
        /// Destination.
        to: Hex,
        /// Final facing.
        facing: Facing,
    },
    /// 6.5: the cohort will Rapid March this activation (MA doubled, only
    /// 1-MP hexes, never adjacent to a Gaul). Declared before it moves; a
    /// second use in the Assault Period costs a hit.
    RapidMarch {
        /// The cohort.
        unit: Uid,
    },
    /// 6.65: switch the stacking order, for 2 MP of `unit`: raise it to the
    /// top, or, if it is on top, put it at the bottom.
    SwapStack {
        /// The activated unit that switches.
        unit: Uid,
    },
    /// 6.73: remove the unit's Disorder for 2 MP.
    RemoveDisorder {
        /// The unit.
        unit: Uid,
    },
    /// 6.47 Placement: a Gallic BI coming onto the map (atop its Tribal
    /// Counter, 5.48, or entering from off the map, 12.1) takes a Fill
    /// counter with it; its MA is one less while it carries it. Once on the
    /// map a unit never acquires one.
    TakeFill {
        /// The BI.
        unit: Uid,
    },
    /// 6.47: a Gallic BI places the Fill counter it carries, for 1 MP, in the
    /// Garden of Death it stands in or across a hexside of its hex (allowed in
    /// an enemy ZOC, 7.13).
    PlaceFill {
        /// The BI.
        unit: Uid,
        /// Where.
        target: FillTarget,
    },
    /// 6.12: the activated leader moves, after his units; they may not move
    /// after him.
    MoveLeader {
        /// The leader.
        leader: Lid,
        /// Destination.
        to: Hex,
    },
}

impl MoveAction {
    /// The unit the action concerns, if it is a unit's.
    #[must_use]
    pub const fn unit(&self) -> Option<Uid> {
        match self {
            MoveAction::Move { unit, .. }
            | MoveAction::RapidMarch { unit }
            | MoveAction::SwapStack { unit }
            | MoveAction::RemoveDisorder { unit }
            | MoveAction::TakeFill { unit }
            | MoveAction::PlaceFill { unit, .. } => Some(*unit),
            MoveAction::MoveLeader { .. } => None,
        }
    }
}

/// Where a Fill counter goes (6.46, 6.47).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum FillTarget {
    /// The Garden of Death hex the unit is in.
    Hex,
    /// The hexside of the unit's hex toward this direction: the water ditch, a
    /// minor river or a stream.
    Hexside(Direction),
}

/// Which Reaction Fire a move may allow (8.61, 8.62): the combat rules decide
/// whether the firer qualifies (range, not itself in a ZOC, once per phase).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum ReactionKind {
    /// 8.61 Retire Reaction: the mover leaves the firer's ZOC.
    Retire,
    /// 8.62 Entry Reaction: the mover enters the firer's ZOC.
    Entry,
}

/// One Reaction Fire opportunity along a path.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ReactionOpportunity {
    /// The enemy missile unit.
    pub firer: Uid,
    /// Retire or Entry.
    pub kind: ReactionKind,
    /// Index into [`MovePreview::path`] of the step that triggers it: the hex
    /// being left (Retire, fired on before it moves) or entered (Entry).
    pub step: usize,
}

/// Hits a move will inflict on entering a hex (6.45 Gardens of Death, 8.43 On
/// Fire).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct EntryHits {
    /// Index into [`MovePreview::path`].
    pub step: usize,
    /// The hex entered.
    pub hex: Hex,
    /// Hits taken.
    pub hits: u8,
    /// The rule: `"6.45"` or `"8.43"`.
    pub rule: &'static str,
}

/// What a movement action will do, computed without changing anything.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct MovePreview {
    /// MP it costs (for an action without a unit's MP, 0).
    pub mp: u8,
    /// MP the mover has left afterwards.
    pub mp_left: u8,
    /// The hexes, from the start to the destination, each with the facing
    /// the unit has there (a pivot repeats a hex). Empty for non-moves.
    pub path: Vec<(Hex, Facing)>,
    /// Hits taken on the way (6.45, 8.43).
    pub hits: Vec<EntryHits>,
    /// Whether the move ends in an enemy ZOC it entered: the unit's
    /// movement is then over (7.23), and it must shock (9.11).
    pub ends_in_enemy_zoc: bool,
    /// Reaction Fire the move may allow (8.61, 8.62), in path order.
    pub reactions: Vec<ReactionOpportunity>,
    /// The rules that shaped the cost or legality, for narration.
    pub rules: Vec<&'static str>,
}

/// What a movement action did. The [`gboh_core::game::Event`] around it cites
/// the rule.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum MoveEvent {
    /// A unit moved (6.31) or pivoted in place (7.12).
    Moved {
        /// The unit.
        unit: Uid,
        /// Where it started (its Tribal Counter's hex for a unit atop it,
        /// `None` for a unit entering from off the map).
        from: Option<Hex>,
        /// Where it ended.
        to: Hex,
        /// Its facing.
        facing: Facing,
        /// MP spent.
        mp: u8,
        /// Whether it entered an enemy ZOC and must stop (7.23).
        stopped_in_zoc: bool,
    },
    /// 6.31: the previous unit's movement is over because another began.
    MovementOver {
        /// The unit whose movement ended.
        unit: Uid,
    },
    /// Hits from entering a hex (6.45, 8.43), and what they did (10.13-10.14).
    Hits {
        /// The unit.
        unit: Uid,
        /// The hex entered.
        hex: Hex,
        /// Hits taken.
        hits: u8,
        /// Absorbed, routed or eliminated.
        outcome: HitOutcome,
        /// Whether the unit left the map (10.44 Gallic rout to camp, or
        /// elimination).
        removed: bool,
    },
    /// 6.47: a BI came onto the map carrying a Fill counter.
    FillTaken {
        /// The BI.
        unit: Uid,
    },
    /// 6.47: a Fill counter was placed (or automatically placed when its
    /// carrier was eliminated): the hex or hexside now holds `value`.
    FillPlaced {
        /// The BI that carried it.
        unit: Uid,
        /// The hex (of the unit, for a hexside).
        hex: Hex,
        /// Hex or hexside.
        target: FillTarget,
        /// The Fill value there now.
        value: u8,
    },
    /// 6.5: the cohort Rapid Marches; `hit` if it had already done so this
    /// Assault Period.
    RapidMarch {
        /// The cohort.
        unit: Uid,
        /// Whether it took the second-use hit.
        hit: bool,
        /// What the hit did.
        outcome: HitOutcome,
    },
    /// 6.65: the stacking order was switched; `top` is now on top.
    StackSwapped {
        /// The unit that paid.
        unit: Uid,
        /// The unit now on top.
        top: Uid,
    },
    /// 6.73: Disorder removed.
    DisorderRemoved {
        /// The unit.
        unit: Uid,
    },
    /// 6.68: a unit was forced next to a friendly infantry unit on the
    /// ramparts; both are Disordered (6.71).
    Disordered {
        /// The unit.
        unit: Uid,
    },
    /// 5.49: the unit moved onto a rampart, inside or onto the Hill and is no
    /// longer bound to its Tribal Counter.
    Untethered {
        /// The unit.
        unit: Uid,
    },
    /// 6.12: a leader moved.
    LeaderMoved {
        /// The leader.
        leader: Lid,
        /// Where to.
        to: Hex,
        /// MP spent.
        mp: u8,
    },
    /// 4.33: an enemy combat unit moved adjacent to a lone leader, who may
    /// retreat up to three hexes to one of `options` (his side's decision).
    LeaderMayRetreat {
        /// The leader.
        leader: Lid,
        /// Where he may go, in board order.
        options: Vec<Hex>,
    },
    /// 4.33: a lone leader who could not retreat is eliminated.
    LeaderEliminated {
        /// The leader.
        leader: Lid,
    },
    /// 8.61: before the unit left its hex, Retire Reaction Fire was offered
    /// to the enemy; the unit has not moved. Submit the move again once the
    /// reaction is resolved.
    AwaitingReaction {
        /// The unit.
        unit: Uid,
    },
}
