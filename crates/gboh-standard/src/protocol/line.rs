//! Line Commands (SPQR 4.3): the line a unit belongs to, whether the active
//! leader may order it, and ordering it.

use gboh_core::Side;
use gboh_core::dice::{Dice, Die};
use gboh_core::table::{Distribution, Modifiers};
use hexx::Hex;
use serde::{Deserialize, Serialize};

use super::{Battle, OrderKind, Ordered, Phase, Preview, StandardError, StandardEvent};
use crate::game::{GameEvent, StandardGame};
use crate::kinds::ShockClass;
use crate::rule::RuleRef;
use crate::state::{Field, LeaderStatus};

/// What a game's eligibility rule is told about the Orders Phase.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct LineContext {
    /// A Momentum phase.
    pub momentum: bool,
    /// The leader began the phase within the Command Range (counted along a
    /// path, SPQR 4.21) of the leader his game's `line_range_leader` names:
    /// his OC (SPQR 4.33 #1), a Chief's Tribal Chief (Dictator 4.64).
    pub started_in_oc_range: bool,
    /// The turn.
    pub turn: u8,
}

/// Whether a leader may issue a Line Command.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum LineEligibility {
    /// Yes.
    Free,
    /// Yes, but no Momentum may follow this phase (Dictator 4.64).
    FreeNoMomentum,
    /// On a roll of at most `at_most`, after `drm`.
    Roll {
        /// The number to roll at most.
        at_most: u8,
        /// Added to the roll.
        drm: i8,
    },
    /// No.
    Not,
}

impl LineEligibility {
    /// Whether `face` passes.
    #[must_use]
    pub fn passes(self, face: u8) -> bool {
        match self {
            LineEligibility::Free | LineEligibility::FreeNoMomentum => true,
            LineEligibility::Roll { at_most, drm } => {
                i32::from(face) + i32::from(drm) <= i32::from(at_most)
            }
            LineEligibility::Not => false,
        }
    }
}

/// The OC of `side`, if on the field and alive; if his counter's OC has
/// been killed, a Proconsul who took over (SPQR 4.56, 4.75,
/// [`crate::roman::proconsul_in_command`]).
#[must_use]
pub fn overall_commander(field: &Field, side: Side) -> Option<usize> {
    (0..field.leaders.len())
        .find(|&l| {
            field.leader_def(l).is_some_and(|d| d.overall && d.side == side)
                && field.leaders.get(l).is_some_and(|s| s.status != LeaderStatus::Dead)
        })
        .or_else(|| crate::roman::proconsul_in_command(field, side))
}

/// Whether `leader` is his side's OC now (his counter's, or a Proconsul who
/// took over, SPQR 4.56).
#[must_use]
pub fn is_overall(field: &Field, leader: usize) -> bool {
    field.leader_def(leader).is_some_and(|d| overall_commander(field, d.side) == Some(leader))
}

/// SPQR 4.3's eligibility: a leader with a Line Command rating; the OC always;
/// on turn 1 always; another leader in his first phase free if he began it in
/// the OC's range, otherwise (and in a Momentum phase) on a roll at most the
/// OC's Strategy, +1 to the roll if a unit of the line is in an enemy ZOC.
#[must_use]
pub fn spqr_line_eligibility(
    field: &Field,
    leader: usize,
    context: &LineContext,
    line: &[usize],
) -> LineEligibility {
    let Some(d) = field.leader_def(leader) else { return LineEligibility::Not };
    if d.line_command == 0 {
        return LineEligibility::Not;
    }
    if is_overall(field, leader) || context.turn == 1 {
        return LineEligibility::Free;
    }
    if !context.momentum && context.started_in_oc_range {
        return LineEligibility::Free;
    }
    let strategy =
        overall_commander(field, d.side).map_or(0, |oc| crate::roman::strategy(field, oc));
    let in_zoc =
        line.iter().any(|&u| field.units.get(u).is_some_and(|s| field.in_enemy_zoc(s.hex, d.side)));
    // SPQR 4.56: a Proconsul "attempting a Line Command outside the OC's
    // Range" subtracts one from the roll.
    let proconsul =
        d.office == Some(crate::state::Office::Proconsul) && !context.started_in_oc_range;
    LineEligibility::Roll { at_most: strategy, drm: i8::from(in_zoc) - i8::from(proconsul) }
}

/// SPQR 4.32, 9.24: are units `a` and `b` (of one side) linked in a Line?
/// Adjacent; or two hexes apart with one skirmisher or velites unit of their
/// side between them (9.24: it "does not disrupt the line"); or, for types
/// the scenario lets use a two- or three-space Line (`LineTypes::gap`),
/// within that many spaces along hexes free of enemy units, enemy ZOC and
/// other units (a lone skirmisher or velites unit excepted, 9.2).
///
/// ```text
///   H V H      hastati, velites, hastati: one line (9.24's example);
///   H V V H    two velites between: not.
/// ```
#[must_use]
pub fn spqr_line_link(field: &Field, a: usize, b: usize) -> bool {
    let distance = field.units_distance(a, b);
    if distance == 1 {
        return true;
    }
    let (Some(side), Some(da), Some(db)) = (field.side(a), field.def(a), field.def(b)) else {
        return false;
    };
    let light = |u: usize| {
        field.side(u) == Some(side)
            && field.def(u).is_some_and(|d| d.class() == ShockClass::SK || d.is_velites())
    };
    // The hexes next to both `x` and `y`.
    let between = |x: Hex, y: Hex| {
        gboh_core::facing::Direction::ALL
            .into_iter()
            .map(move |d| d.neighbor(x))
            .filter(move |h| Field::distance(*h, y) == 1)
    };
    let ends = |u: usize| field.halves(u);
    let one_light_between = distance == 2
        && ends(a).into_iter().any(|x| {
            ends(b)
                .into_iter()
                .any(|y| between(x, y).any(|h| matches!(field.units_at(h)[..], [l] if light(l))))
        });
    if one_light_between {
        return true;
    }
    let gap = field.scenario.line_gap(side, da.unit_type, db.unit_type);
    if gap == 0 || distance > u32::from(gap) + 1 {
        return false;
    }
    // A space: no enemy unit, no enemy ZOC, no unit but a lone light one.
    let free = |h: Hex| {
        field.board().contains(h)
            && !field.in_enemy_zoc(h, side)
            && match field.units_at(h)[..] {
                [] => true,
                [l] => light(l),
                _ => false,
            }
    };
    // Paths of spaces from `a` to `b`, `distance - 1` of them.
    ends(a).into_iter().any(|x| {
        let targets = ends(b);
        let mut frontier = vec![x];
        for _ in 1..distance {
            let mut next: Vec<Hex> = Vec::new();
            for h in frontier {
                for d in gboh_core::facing::Direction::ALL {
                    let n = d.neighbor(h);
                    if free(n) && !next.contains(&n) {
                        next.push(n);
                    }
                }
            }
            frontier = next;
        }
        frontier.iter().any(|h| targets.iter().any(|t| Field::distance(*h, *t) == 1))
    })
}

impl<G: StandardGame> Battle<G> {
    /// Whether `leader` stands within his OC's Command Range (the OC himself:
    /// yes), counted along a path as for Individual Orders (SPQR 4.21, 4.33).
    pub(super) fn in_oc_range(&self, leader: usize) -> bool {
        let Some(side) = self.leader_side(leader) else { return false };
        overall_commander(&self.field, side).is_some_and(|oc| self.in_range_of(leader, oc))
    }

    /// Whether `leader` stands within leader `of`'s Command Range (`of`
    /// himself: yes): SPQR 4.21's path from `of` to `leader`'s hex, not through
    /// enemy units, enemy ZOC a friend does not hold, or impassable terrain.
    pub(super) fn in_range_of(&self, leader: usize, of: usize) -> bool {
        if leader == of {
            return true;
        }
        let alive = self.field.leaders.get(of).is_some_and(|s| s.status != LeaderStatus::Dead);
        match (
            self.field.leaders.get(leader),
            self.field.leaders.get(of),
            self.field.leader_def(of),
        ) {
            (Some(l), Some(o), Some(od)) if alive => {
                let chart = &self.tables.movement;
                self.field
                    .command_path(o.hex, l.hex, od.side, u32::from(od.command_range), |t| {
                        chart.mp(t) == crate::tables::MpCost::Impassable
                    })
                    .is_some()
            }
            _ => false,
        }
    }

    /// Whether `unit` (either half of a double-size phalanx) stands within
    /// `range` of `leader`, counted along SPQR 4.21's path.
    pub(super) fn unit_in_range(&self, leader: usize, unit: usize, range: u8) -> bool {
        let (Some(l), Some(ld)) = (self.field.leaders.get(leader), self.field.leader_def(leader))
        else {
            return false;
        };
        let chart = &self.tables.movement;
        self.field.halves(unit).into_iter().any(|h| {
            self.field
                .command_path(l.hex, h, ld.side, u32::from(range), |t| {
                    chart.mp(t) == crate::tables::MpCost::Impassable
                })
                .is_some()
        })
    }

    /// The Line `anchor` belongs to for the active leader: the units of his
    /// side in good order, not yet ordered, that the game accepts as members,
    /// linked to the anchor by the game's links; in index order.
    pub(super) fn line_of(&self, leader: usize, anchor: usize) -> Vec<usize> {
        let side = self.leader_side(leader);
        let member = |u: usize| {
            self.field.side(u) == side
                && self.field.units.get(u).is_some_and(|s| s.in_play() && !s.spent)
                && self.ordered(u).is_none()
                && self.game.may_command(&self.field, leader, u)
                && crate::roman::may_command_line(&self.field, leader, u)
                && crate::roman::may_share_line(&self.field, leader, anchor, u)
                && self.game.line_member(&self.field, leader, anchor, u)
                && self.double_depth_order_check(u).is_ok()
                && self
                    .game
                    .line_range(&self.field, leader, anchor, u)
                    .is_none_or(|r| self.unit_in_range(leader, u, r))
        };
        if !member(anchor) {
            return Vec::new();
        }
        let mut line = vec![anchor];
        let mut frontier = vec![anchor];
        while let Some(a) = frontier.pop() {
            for b in 0..self.field.units.len() {
                if !line.contains(&b) && member(b) && self.game.line_link(&self.field, leader, a, b)
                {
                    line.push(b);
                    frontier.push(b);
                }
            }
        }
        line.sort_unstable();
        line
    }

    /// SPQR 4.3: validates a Line Command: returns its units and the odds of the
    /// eligibility roll.
    pub(super) fn line_check(&self, anchor: usize) -> Result<(Vec<usize>, Preview), StandardError> {
        let Some(o) = self.orders() else {
            return Err(Self::illegal(RuleRef::SequenceOfPlay, "not in an Orders Phase"));
        };
        let leader = o.leader;
        if !o.ordered.is_empty() || o.line_refused || o.auxiliares.is_some() {
            return Err(Self::illegal(
                RuleRef::LineCommand,
                "a Line Command is instead of Individual Orders (or its roll failed)",
            ));
        }
        let rating = self.field.leader_def(leader).map_or(0, |d| d.line_command);
        if o.lines >= rating.max(1) {
            return Err(Self::illegal(RuleRef::LineCommand, "no Line Commands left"));
        }
        if self.leader_in_enemy_zoc(leader) {
            return Err(Self::illegal(
                RuleRef::LineCommand,
                "a leader in an enemy ZOC gives no Line Command",
            ));
        }
        let line = self.line_of(leader, anchor);
        if line.is_empty() {
            return Err(Self::illegal(RuleRef::LineCommand, "no line to order there"));
        }
        let Some(lhex) = self.field.leaders.get(leader).map(|s| s.hex) else {
            return Err(Self::illegal(RuleRef::LineCommand, "no such leader"));
        };
        // Within 2 hexes of, and seeing, either half of a double-size phalanx:
        // a clear line of sight (SPQR 4.33, 8.14): terrain, units other
        // than elephants, and the game's own terrain (Gergovia's stone walls).
        let elephant = |u: usize| self.field.def(u).is_some_and(|d| d.class() == ShockClass::EL);
        let mut game_blocked = None;
        let mut near = false;
        for h in line.iter().flat_map(|&u| self.field.halves(u)) {
            if Field::distance(lhex, h) > 2
                || !self.field.board().terrain_los(lhex, h)
                || self.field.units_block_los_but(lhex, h, false, elephant)
            {
                continue;
            }
            match self.game.sight_blocked(&self.field, lhex, h) {
                None => {
                    near = true;
                    break;
                }
                Some(why) => game_blocked = game_blocked.or(Some(why)),
            }
        }
        if !near && self.game.line_needs_leader_near(&self.field, leader, &line) {
            return Err(Self::illegal(
                RuleRef::LineCommand,
                match game_blocked {
                    // The only units he might see are behind the game's terrain.
                    Some(why) => format!(
                        "the leader must be within 2 hexes of, and see, a unit of the line: {why}"
                    ),
                    None => "the leader must be within 2 hexes of, and see (no unit but an elephant between), a unit of the line".to_owned(),
                },
            ));
        }
        let types: Vec<_> =
            line.iter().filter_map(|&u| self.field.def(u).map(|d| d.unit_type)).collect();
        let side = self.field.leader_def(leader).map(|d| d.side);
        if side.is_some_and(|side| !self.field.scenario.line_types_allowed(side, &types)) {
            return Err(Self::illegal(
                RuleRef::LineCommand,
                format!(
                    "the scenario does not let {} form one line (4.32)",
                    types.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ")
                ),
            ));
        }
        if !self.game.line_composition(&self.field, leader, &line) {
            return Err(Self::illegal(RuleRef::LineCommand, "these units may not form one line"));
        }
        let context = LineContext {
            momentum: o.momentum,
            started_in_oc_range: o.started_in_oc_range,
            turn: self.field.turn,
        };
        let eligibility = self.game.line_eligibility(&self.field, leader, &context, &line);
        if eligibility == LineEligibility::Not {
            return Err(Self::illegal(
                RuleRef::LineCommand,
                "this leader may not issue a Line Command now",
            ));
        }
        let odds = Distribution::over_faces(Die::D10, |f| eligibility.passes(f));
        let preview = super::validate::odds(&odds, Modifiers::new());
        Ok((line, preview))
    }

    /// Orders the line (after its roll, if any): every unit gets a Move order.
    pub(super) fn perform_line(
        &mut self,
        anchor: usize,
        dice: &mut Dice,
        events: &mut Vec<GameEvent<G>>,
    ) -> Result<(), StandardError> {
        let (line, _) = self.line_check(anchor)?;
        let Some(o) = self.orders() else { return Ok(()) };
        let leader = o.leader;
        let context = LineContext {
            momentum: o.momentum,
            started_in_oc_range: o.started_in_oc_range,
            turn: self.field.turn,
        };
        let eligibility = self.game.line_eligibility(&self.field, leader, &context, &line);
        let mut rolls = Vec::new();
        let passed = match eligibility {
            LineEligibility::Roll { .. } => {
                let r = dice.d10()?;
                rolls.push(r);
                eligibility.passes(r.face)
            }
            other => other.passes(0),
        };
        let mas: Vec<u16> = line.iter().map(|&u| u16::from(self.ma(u)) * 2).collect();
        if let Phase::Orders(o) = &mut self.phase {
            if passed {
                o.lines = o.lines.saturating_add(1);
                o.orders_left = 0;
                if eligibility == LineEligibility::FreeNoMomentum {
                    o.no_momentum = true;
                }
                for (&unit, &ma) in line.iter().zip(&mas) {
                    o.ordered.push(Ordered::new(unit, OrderKind::Move, ma));
                }
            } else {
                o.line_refused = true;
            }
        }
        if passed {
            let momentum = self.orders().is_some_and(|o| o.momentum);
            self.game.line_issued(&self.field, leader, momentum);
            for &u in &line {
                self.game.unit_ordered(&self.field, leader, u);
            }
        }
        let units = if passed { line } else { Vec::new() };
        let mut e = Self::event(RuleRef::LineCommand, StandardEvent::LineCommand { leader, units });
        for r in rolls {
            e = e.with_roll(r);
        }
        events.push(e);
        Ok(())
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing)]
mod tests {
    use std::sync::Arc;

    use gboh_core::dice::Dice;
    use gboh_core::facing::{Direction, Facing};
    use gboh_core::game::Rules;

    use super::super::{Action, Battle, Pending};
    use crate::Spqr;
    use crate::kinds::ShockClass;
    use crate::state::UnitStatus;

    const LG_1: usize = 0;
    const LG_4: usize = 3;
    const LEGATUS: usize = 0;

    /// Skirmish at the Legatus's orders with LG-4 the only Roman unit left
    /// (a line of one), the Legatus two hexes behind it (south-west, then
    /// south-east: the line of sight runs down the hexspine between the two
    /// hexes behind it); LG-1 in the south-west one, facing away, when
    /// `blocker`.
    fn legatus_behind_lg_4(blocker: Option<ShockClass>) -> Battle<Spqr> {
        let (mut b, _) = Battle::new(Spqr, "Skirmish").unwrap();
        let mut dice = Dice::scripted(vec![7, 2, 0, 0, 0, 0]);
        loop {
            let a = match b.pending() {
                Pending::Orders { leader: LEGATUS, .. } => break,
                Pending::Orders { .. } => Action::EndOrders,
                _ => Action::Decline,
            };
            b.perform(a, &mut dice, &mut Vec::new()).unwrap();
        }
        for u in 0..6 {
            if u != LG_4 {
                b.field.units[u].status = UnitStatus::Eliminated;
            }
        }
        let h = b.field.units[LG_4].hex;
        let behind = Direction::SW.neighbor(h);
        b.field.leaders[LEGATUS].hex = Direction::SE.neighbor(behind);
        if let Some(class) = blocker {
            b.field.units[LG_1].status = UnitStatus::InPlay;
            b.field.units[LG_1].hex = behind;
            b.field.units[LG_1].facing = Facing::Six;
            Arc::make_mut(&mut b.field.scenario).units[LG_1].shock_class = Some(class);
        }
        b
    }

    #[test]
    fn rule_4_33_a_unit_between_blocks_the_leader_s_sight_of_the_line_but_an_elephant_does_not() {
        let line = Action::LineCommand { anchor: LG_4 };
        assert!(legatus_behind_lg_4(None).check(&line).is_ok());
        let e = legatus_behind_lg_4(Some(ShockClass::LG)).check(&line).unwrap_err().to_string();
        assert!(e.starts_with("SPQR 4.3: the leader must be within 2 hexes of, and see"), "{e}");
        assert!(legatus_behind_lg_4(Some(ShockClass::EL)).check(&line).is_ok());
    }

    /// SPQR 4.21, 4.33 #1: the OC's Command Range to a subordinate is counted
    /// along a path, as for Individual Orders, not as a straight distance: an
    /// enemy unit on the one shortest path puts the Tribunus out of a range of
    /// 2 that the straight distance (2) would reach; and the phase records it
    /// as it begins.
    #[test]
    fn rule_4_33_the_oc_s_range_to_a_subordinate_is_counted_along_a_path() {
        const TRIBUNUS: usize = 1;
        const BI_1: usize = 6;
        let (mut b, _) = Battle::new(Spqr, "Skirmish").unwrap();
        let l = b.field.board().hex_of("S0404").unwrap();
        let mid = Direction::E.neighbor(l);
        let t = Direction::E.neighbor(mid);
        Arc::make_mut(&mut b.field.scenario).leaders[LEGATUS].command_range = 2;
        b.field.leaders[LEGATUS].hex = l;
        b.field.leaders[TRIBUNUS].hex = t;
        assert_eq!(crate::state::Field::distance(l, t), 2);
        assert!(b.in_range_of(TRIBUNUS, LEGATUS), "an open straight path of 2");
        b.start_orders(TRIBUNUS, false, false, &mut Vec::new());
        assert!(b.orders().is_some_and(|o| o.started_in_oc_range));
        b.field.units[BI_1].hex = mid;
        assert!(!b.in_range_of(TRIBUNUS, LEGATUS), "the way round is 3 hexes");
        assert!(!b.in_oc_range(TRIBUNUS));
        b.start_orders(TRIBUNUS, false, false, &mut Vec::new());
        assert!(b.orders().is_some_and(|o| !o.started_in_oc_range));
        Arc::make_mut(&mut b.field.scenario).leaders[LEGATUS].command_range = 3;
        assert!(b.in_range_of(TRIBUNUS, LEGATUS), "round the enemy in 3");
    }

    /// Skirmish at the Legatus's orders with LG-1..LG-4 and VEL placed by
    /// label (facing twelve o'clock, VEL and any unit listed with `true`
    /// facing six so that it is not of the line), the Adversary far away.
    fn placed(at: &[(usize, &str, bool)]) -> Battle<Spqr> {
        let mut b = legatus_behind_lg_4(None);
        for u in 0..12 {
            b.field.units[u].status = UnitStatus::Eliminated;
        }
        for &(u, label, away) in at {
            b.field.units[u].status = UnitStatus::InPlay;
            b.field.units[u].hex = b.field.board().hex_of(label).unwrap();
            b.field.units[u].facing = if away { Facing::Six } else { Facing::Twelve };
        }
        b
    }

    /// SPQR 9.24's printed example (hexes renamed onto our field: 2808-2812
    /// are S0602-S0606): hastati, velites, hastati are a line; two velites
    /// between two hastati are not; hastati in 2808, 2810 and 2812 with velites
    /// in 2809 and 2811 are.
    #[test]
    fn rule_9_24_one_velites_or_skirmisher_between_does_not_break_a_line() {
        const LG_2: usize = 1;
        const LG_3: usize = 2;
        const VEL: usize = 4;
        let make_velites = |b: &mut Battle<Spqr>, u: usize| {
            let d = &mut Arc::make_mut(&mut b.field.scenario).units[u];
            d.unit_type = gboh_core::unit::UnitType::LI;
            d.shock_class = None;
        };
        let b = placed(&[(LG_1, "S0602", false), (VEL, "S0603", true), (LG_2, "S0604", false)]);
        let l = |b: &Battle<Spqr>| b.field.board().hex_of("S0603").unwrap();
        assert_eq!(crate::state::Field::distance(l(&b), b.field.units[LG_1].hex), 1);
        assert_eq!(b.line_of(LEGATUS, LG_1), vec![LG_1, LG_2]);
        // Two light units between: no line.
        let mut b = placed(&[
            (LG_1, "S0602", false),
            (VEL, "S0603", true),
            (LG_3, "S0604", true),
            (LG_2, "S0605", false),
        ]);
        make_velites(&mut b, LG_3);
        assert_eq!(b.line_of(LEGATUS, LG_1), vec![LG_1]);
        // Hastati, velites, hastati, velites, hastati: one line.
        let mut b = placed(&[
            (LG_1, "S0602", false),
            (VEL, "S0603", true),
            (LG_2, "S0604", false),
            (LG_3, "S0605", true),
            (LG_4, "S0606", false),
        ]);
        make_velites(&mut b, LG_3);
        assert_eq!(b.line_of(LEGATUS, LG_1), vec![LG_1, LG_2, LG_4]);
        // Not a light unit between (a legionary facing away): no line.
        let b = placed(&[(LG_1, "S0602", false), (LG_3, "S0603", true), (LG_2, "S0604", false)]);
        assert_eq!(b.line_of(LEGATUS, LG_1), vec![LG_1]);
    }

    /// SPQR 4.32: a scenario lets some types form a two-space Line
    /// (`LineTypes::gap`): one empty hex between is no break, unless an enemy
    /// unit or an enemy ZOC is in it; without the allowance it is a break.
    #[test]
    fn rule_4_32_a_two_space_line_allowed_by_the_scenario() {
        const LG_2: usize = 1;
        const BI_1: usize = 6;
        let at = [(LG_1, "S0602", false), (LG_2, "S0604", false)];
        assert_eq!(placed(&at).line_of(LEGATUS, LG_1), vec![LG_1], "adjacent only");
        let allow = |b: &mut Battle<Spqr>| {
            Arc::make_mut(&mut b.field.scenario).line_types = vec![crate::state::LineTypes {
                side: gboh_core::Side::Roman,
                types: vec![gboh_core::unit::UnitType::LG],
                gap: 1,
            }];
        };
        let mut b = placed(&at);
        allow(&mut b);
        assert_eq!(b.line_of(LEGATUS, LG_1), vec![LG_1, LG_2]);
        // An enemy in the space breaks it.
        b.field.units[BI_1].status = UnitStatus::InPlay;
        b.field.units[BI_1].hex = b.field.board().hex_of("S0603").unwrap();
        assert_eq!(b.line_of(LEGATUS, LG_1), vec![LG_1]);
    }
}
