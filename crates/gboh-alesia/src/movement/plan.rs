//! Validating a movement action without changing anything: the plan that
//! [`super::apply`] carries out, and the preview [`super::check`] returns.

use gboh_core::facing::{Direction, Facing};
use hexx::Hex;

use super::action::{EntryHits, MoveAction, MovePreview, ReactionKind, ReactionOpportunity};
use super::allowance::{self, Origin, Purpose};
use super::cost::{self, Mover};
use super::disorder;
use super::error::MoveError;
use super::facts::SideFacts;
use super::fill::{self, Placement};
use super::garden;
use super::generator::{MoveGenerator, PathStep};
use super::leader;
use super::rapid_march;
use super::rules::MoveRules;
use super::stacking;
use super::step::{self, Constraints};
use super::tether;
use crate::game::{Lid, Uid, UnitFlags};
use crate::protocol::Alesia;
use crate::zoc;

/// 6.65: "it costs two (2) Movement Points" to switch the stacking order.
pub const SWAP_MP: u8 = 2;
/// 6.73: "by expending 2 MP".
pub const REMOVE_DISORDER_MP: u8 = 2;

/// A validated Move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct MovePlan {
    pub unit: Uid,
    pub origin: Origin,
    pub path: Vec<PathStep>,
    /// Entry hits per path step (0 where no hex was entered).
    pub hits: Vec<(u8, u8)>,
    pub facing: Facing,
    pub mp: u8,
    pub frees: bool,
    pub reactions: Vec<ReactionOpportunity>,
}

/// A validated movement action.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Plan {
    Move(MovePlan),
    RapidMarch { unit: Uid, hit: bool },
    Swap { unit: Uid, order: Vec<Uid> },
    RemoveDisorder { unit: Uid },
    TakeFill { unit: Uid },
    PlaceFill { unit: Uid, placement: Placement },
    Leader { leader: Lid, to: Hex, mp: u8 },
}

/// Validates `action` and previews it.
pub(crate) fn plan(
    game: &Alesia,
    rules: &MoveRules,
    generator: &mut MoveGenerator,
    action: &MoveAction,
) -> Result<(Plan, MovePreview), MoveError> {
    let field = &game.field;
    match *action {
        MoveAction::Move { unit, to, facing } => {
            plan_move(game, rules, generator, unit, to, facing)
        }
        MoveAction::RapidMarch { unit } => {
            let hit = rapid_march::check(game, rules, unit)?;
            let at = field.unit(unit).and_then(|u| u.at);
            let mut preview = MovePreview {
                mp_left: allowance::mp_left(field, unit).saturating_mul(2),
                rules: vec!["6.5"],
                ..MovePreview::default()
            };
            if hit && let Some(hex) = at {
                preview.hits.push(EntryHits { step: 0, hex, hits: 1, rule: "6.5" });
            }
            Ok((Plan::RapidMarch { unit, hit }, preview))
        }
        MoveAction::SwapStack { unit } => {
            let Origin::Hex(at) = allowance::origin(game, rules, unit, Purpose::Act)? else {
                return Err(MoveError::Swap("only a stack on the map may switch its order"));
            };
            let current: Vec<Uid> = field.stack(at).iter().collect();
            if current.len() < 2 {
                return Err(MoveError::Swap("the unit is not stacked"));
            }
            let left = allowance::mp_left(field, unit);
            if left < SWAP_MP {
                return Err(MoveError::NotEnoughMp { cost: SWAP_MP, mp_left: left });
            }
            let others = current.iter().copied().filter(|&u| u != unit);
            let order: Vec<Uid> = if current.first() == Some(&unit) {
                others.chain(std::iter::once(unit)).collect()
            } else {
                std::iter::once(unit).chain(others).collect()
            };
            let preview = MovePreview {
                mp: SWAP_MP,
                mp_left: left - SWAP_MP,
                rules: vec!["6.65"],
                ..MovePreview::default()
            };
            Ok((Plan::Swap { unit, order }, preview))
        }
        MoveAction::RemoveDisorder { unit } => {
            let Origin::Hex(_) = allowance::origin(game, rules, unit, Purpose::Act)? else {
                return Err(MoveError::Disorder("the unit must be on the map"));
            };
            disorder::may_remove(field, unit)?;
            let left = allowance::mp_left(field, unit);
            if left < REMOVE_DISORDER_MP {
                return Err(MoveError::NotEnoughMp { cost: REMOVE_DISORDER_MP, mp_left: left });
            }
            let preview = MovePreview {
                mp: REMOVE_DISORDER_MP,
                mp_left: left - REMOVE_DISORDER_MP,
                rules: vec!["6.73", "6.72"],
                ..MovePreview::default()
            };
            Ok((Plan::RemoveDisorder { unit }, preview))
        }
        MoveAction::TakeFill { unit } => {
            fill::check_take(game, rules, unit)?;
            let left = allowance::mp_left(field, unit);
            let preview = MovePreview {
                mp_left: left.saturating_sub(1),
                rules: vec!["6.47"],
                ..MovePreview::default()
            };
            Ok((Plan::TakeFill { unit }, preview))
        }
        MoveAction::PlaceFill { unit, target } => {
            let placement = fill::check(game, rules, unit, target)?;
            let left = allowance::mp_left(field, unit);
            let preview = MovePreview {
                mp: placement.mp,
                mp_left: left.saturating_sub(placement.mp),
                rules: vec!["6.47", "6.48"],
                ..MovePreview::default()
            };
            Ok((Plan::PlaceFill { unit, placement }, preview))
        }
        MoveAction::MoveLeader { leader: lid, to } => {
            let reach = leader::leader_reach(game, rules, lid)?;
            let left = leader::leader_mp_left(game, lid)?;
            let Some(&(_, mp)) = reach.iter().find(|(h, _)| *h == to) else {
                return Err(leader_diagnosis(game, lid, to, left));
            };
            let from = field.leader(lid).and_then(|l| l.at);
            let preview = MovePreview {
                mp,
                mp_left: left.saturating_sub(mp),
                path: from
                    .map(|h| vec![(h, Facing::Twelve), (to, Facing::Twelve)])
                    .unwrap_or_default(),
                rules: vec!["6.12", "4.31"],
                ..MovePreview::default()
            };
            Ok((Plan::Leader { leader: lid, to, mp }, preview))
        }
    }
}

fn leader_diagnosis(game: &Alesia, lid: Lid, to: Hex, left: u8) -> MoveError {
    let field = &game.field;
    let Some(side) = field.setup().leader(lid).map(|l| l.side) else {
        return MoveError::UnknownPiece;
    };
    let mut facts = SideFacts::default();
    facts.build(field, side);
    let i = field.setup().board.index(to);
    match i {
        None => MoveError::Impassable(to),
        Some(i) if facts.enemy(i) => MoveError::EnemyHex(to),
        Some(i) if facts.enemy_adjacent(i) && field.side_in(to) != Some(side) => {
            MoveError::LeaderAdjacent(to)
        }
        Some(_) => MoveError::Unreachable { to, facing: Facing::Twelve, mp_left: left },
    }
}

fn plan_move(
    game: &Alesia,
    rules: &MoveRules,
    generator: &mut MoveGenerator,
    unit: Uid,
    to: Hex,
    facing: Facing,
) -> Result<(Plan, MovePreview), MoveError> {
    let field = &game.field;
    let origin = allowance::origin(game, rules, unit, Purpose::Move)?;
    let state = *field.unit(unit).ok_or(MoveError::UnknownPiece)?;
    if origin == Origin::Hex(to) && state.facing == facing {
        return Err(MoveError::NoChange);
    }
    // The search stops once this end is settled (its cost and path are final).
    let found = generator.reach_to(game, rules, unit, to, facing)?;
    let Some(end) = found else {
        return Err(diagnose(game, rules, generator, unit, origin, to, facing));
    };
    let path = generator.path(field, &end);
    let mover = Mover::unit(field, unit).ok_or(MoveError::UnknownPiece)?;
    // Hits on entering each hex (6.45, 8.43); the first step is entered only
    // when the unit comes onto the map from off it.
    let hits: Vec<(u8, u8)> = path
        .iter()
        .enumerate()
        .map(|(k, s)| {
            let entered = match k.checked_sub(1).and_then(|p| path.get(p)) {
                Some(prev) => prev.hex != s.hex,
                None => origin == Origin::Entry,
            };
            if entered {
                let h = garden::entry_hits(field, s.hex);
                (h.garden, h.fire)
            } else {
                (0, 0)
            }
        })
        .collect();
    let moved = path.first().map(|s| s.hex) != Some(to) || origin == Origin::Entry;
    let ends_in_enemy_zoc = moved && zoc::in_enemy_zoc(field, to, mover.side);
    let frees = tether::tether(field, unit).is_some()
        && path.iter().skip(1).any(|s| tether::frees(field, s.hex));
    let reactions = reactions(game, &mover, origin, &path);
    let mut preview_hits = Vec::new();
    for (k, (s, &(garden, fire))) in path.iter().zip(&hits).enumerate() {
        if garden > 0 {
            preview_hits.push(EntryHits { step: k, hex: s.hex, hits: garden, rule: "6.45" });
        }
        if fire > 0 {
            preview_hits.push(EntryHits { step: k, hex: s.hex, hits: fire, rule: "8.43" });
        }
    }
    let mut used = vec!["6.31"];
    if !preview_hits.is_empty() {
        used.push("6.45");
    }
    if ends_in_enemy_zoc {
        used.push("7.23");
    }
    if state.flags.has(UnitFlags::RAPID_MARCHING) {
        used.push("6.5");
    }
    let preview = MovePreview {
        mp: end.mp,
        mp_left: allowance::mp_left(field, unit).saturating_sub(end.mp),
        path: path.iter().map(|s| (s.hex, s.facing)).collect(),
        hits: preview_hits,
        ends_in_enemy_zoc,
        reactions: reactions.clone(),
        rules: used,
    };
    let plan = MovePlan { unit, origin, path, hits, facing, mp: end.mp, frees, reactions };
    Ok((Plan::Move(plan), preview))
}

/// 8.61, 8.62: the Reaction Fire opportunities along a path.
fn reactions(
    game: &Alesia,
    mover: &Mover,
    origin: Origin,
    path: &[PathStep],
) -> Vec<ReactionOpportunity> {
    let field = &game.field;
    let missile = |u: Uid| field.setup().unit(u).is_some_and(|i| i.profile.missile.is_some());
    let mut out = Vec::new();
    if origin == Origin::Entry
        && let Some(first) = path.first()
    {
        for u in zoc::enemy_zoc(field, first.hex, mover.side).filter(|&u| missile(u)) {
            out.push(ReactionOpportunity { firer: u, kind: ReactionKind::Entry, step: 0 });
        }
    }
    for (k, pair) in path.windows(2).enumerate() {
        let [a, b] = pair else { continue };
        if a.hex == b.hex {
            continue;
        }
        for u in zoc::enemy_zoc(field, a.hex, mover.side).filter(|&u| missile(u)) {
            if !zoc::exerts_into(field, u, b.hex) {
                out.push(ReactionOpportunity { firer: u, kind: ReactionKind::Retire, step: k });
            }
        }
        for u in zoc::enemy_zoc(field, b.hex, mover.side).filter(|&u| missile(u)) {
            if !zoc::exerts_into(field, u, a.hex) {
                out.push(ReactionOpportunity { firer: u, kind: ReactionKind::Entry, step: k + 1 });
            }
        }
    }
    out
}

/// Why (`to`, `facing`) is not among the ends: the most specific rule found.
fn diagnose(
    game: &Alesia,
    rules: &MoveRules,
    generator: &MoveGenerator,
    unit: Uid,
    origin: Origin,
    to: Hex,
    facing: Facing,
) -> MoveError {
    let field = &game.field;
    let board = &field.setup().board;
    let mp_left = allowance::mp_left(field, unit);
    let unreachable = MoveError::Unreachable { to, facing, mp_left };
    let Some(mover) = Mover::unit(field, unit) else {
        return MoveError::UnknownPiece;
    };
    let Some(i) = board.index(to) else {
        return MoveError::Impassable(to);
    };
    let mut facts = SideFacts::default();
    facts.build(field, mover.side);
    let out_of_range =
        game.turn.play.current.as_ref().is_some_and(|a| a.own.out_of_range.contains(&unit));
    let constraints = Constraints::of_unit(field, unit, out_of_range, rules);
    // A single step from the start: the step's own reason.
    if let Some(from) = origin.hex()
        && let Some(dir) = Direction::between(from, to)
    {
        let first = field.unit(unit).is_some_and(|u| !u.flags.has(UnitFlags::MOVED));
        let opts = step::options(field, &facts, &mover, &constraints, from, to, dir, first, false);
        if let Err(e) = opts.step
            && opts.gate.is_none()
        {
            return e;
        }
    }
    if facts.enemy(i) {
        return MoveError::EnemyHex(to);
    }
    if origin == Origin::Counter(to) || facts.counter(i) {
        return MoveError::TribalCounter(to);
    }
    if let Some(r) = rules.forbidding(mover.side, mover.is_cavalry(), i) {
        return MoveError::Restricted { rule: r.rule.clone(), what: r.what.clone() };
    }
    if let Some(c) = constraints.tether
        && !tether::may_enter(field, c, to)
    {
        return MoveError::Tether(to);
    }
    if constraints.out_of_range && facts.enemy_adjacent(i) {
        return MoveError::OutOfRange(to);
    }
    if constraints.rapid && facts.enemy_adjacent(i) {
        return MoveError::RapidMarch(
            "a rapid-marching cohort may not move adjacent to a gallic combat unit",
        );
    }
    if field.markers(to).on_fire {
        return MoveError::EndOnFire(to);
    }
    if let Err(e) = stacking::entering(field, to, &mover) {
        return e;
    }
    if mover.is_cavalry() && cost::is_redoubt(field, to) {
        return MoveError::CavalryRedoubt(to);
    }
    if cost::terrain_key(field, to)
        .and_then(|k| cost::chart_cost(field, k, mover.class, to).err())
        .is_some()
    {
        return MoveError::Impassable(to);
    }
    // Reached, but not with that facing.
    if generator.ends().iter().any(|r| r.hex == to) && facts.in_zoc(i) {
        return MoveError::ZocFacing(to);
    }
    unreachable
}
