//! 3.0 A's second choice inside the land game: the Fleet. 4.42: a Fleet
//! activation activates all the player's galleys, wherever they are, and
//! every land unit aboard them; they move, ram, rake, grapple, fire, board
//! and debark (5.29, 5.48) with the fleet's rules (`src/fleet/`), taken as
//! the land game's own actions ([`Own::Fleet`](super::Own::Fleet)) during
//! the activation's movement; units debarked join the activation and may
//! shock (4.42). 3.0 D: the Fleet Status Phase follows the activation's end
//! (firefighting, spreading fire, burning Slips, sinking).
//!
//! The land game keeps the fleet's state ([`Fleet`]); the land units and
//! leaders on the map are the land field's: before a fleet action the
//! fleet is told where they stand ([`synced`]), after it the field follows
//! what went ashore, aboard or down with a galley. The game's one seeded
//! dice roll for both.

use gboh_core::Side;
use gboh_core::dice::Dice;
use gboh_core::game::Event;
use gboh_core::unit::Status;
use gboh_simple::field::UnitFlags;
use gboh_simple::{CombatError, Lid, Uid};
use hexx::Hex;

use super::command::{fit, on_map};
use super::state::{Alexandria, Happened, facing_toward};
use crate::counters::Piece;
use crate::fleet::{
    self, Action, FleetError, FleetGame, GalleyState, Harbour, Passenger, Phase, Speed,
};
use crate::map::areas;
use crate::scenario::ScenarioId;

/// The galleys of the land game and the Fleet activation's bookkeeping.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fleet {
    /// The galleys, as the fleet's rules play them. Its `dice` are never
    /// rolled here: the land game lends the fleet its own dice for each
    /// action. Its `land` and `ashore` are empty between actions (the land
    /// field owns the pieces ashore).
    pub game: FleetGame,
    /// A Fleet activation is under way (3.0 A-D).
    pub on: bool,
    /// 4.43: the leaders aboard when this Player Turn began.
    pub aboard_at_start: Vec<String>,
    /// 4.44: the pieces aboard galleys a leader's activation activated
    /// (they may debark from a beached galley).
    pub aboard_active: Vec<String>,
}

impl Fleet {
    /// The main game's galleys (`data/alexandria/scenarios.ron`).
    ///
    /// # Errors
    /// The data's problems.
    pub fn main_game() -> Result<Fleet, FleetError> {
        let mut game = FleetGame::from_scenario(ScenarioId::MainGame, 0)?;
        game.ashore.clear();
        game.land.clear();
        Ok(Fleet { game, on: false, aboard_at_start: Vec::new(), aboard_active: Vec::new() })
    }

    /// No galleys at all (a position built by hand).
    #[must_use]
    pub fn none(first: Side) -> Fleet {
        let game = FleetGame {
            galleys: Vec::new(),
            dice: Dice::seeded(0),
            active: first,
            phase: Phase::Movement,
            current: None,
            player_turn: 1,
            lighthouse_holder: None,
            land: Vec::new(),
            ashore: Vec::new(),
            eliminated: Vec::new(),
            disengage_tried: Vec::new(),
            harbour: Harbour::default(),
        };
        Fleet { game, on: false, aboard_at_start: Vec::new(), aboard_active: Vec::new() }
    }

    /// The galley afloat carrying piece `id`, with its index.
    #[must_use]
    pub fn carrier(&self, id: &str) -> Option<(usize, &GalleyState)> {
        self.game
            .galleys
            .iter()
            .enumerate()
            .find(|(_, g)| g.afloat() && g.aboard.iter().any(|p| p.id == id))
    }
}

/// 4.41, 4.44: a galley Beached, Aground or in a Slip (the causeway's
/// grapple is not a state of the fleet's rules: left out).
#[must_use]
pub const fn anchored(g: &GalleyState) -> bool {
    g.beached || g.aground || g.in_slip
}

/// A refusal citing `section` of this game.
pub(crate) fn refuse(
    section: &'static str,
    why: impl Into<std::borrow::Cow<'static, str>>,
) -> CombatError {
    CombatError::illegal(section, why)
}

/// The fleet's refusal, its own section kept: "[Alexandria 5.29]: ...".
fn from_fleet(e: &FleetError) -> CombatError {
    const SECTIONS: [&str; 21] = [
        "[Alexandria 2.3]",
        "[Alexandria 3.0]",
        "[Alexandria 4.42]",
        "[Alexandria 5.25]",
        "[Alexandria 5.26]",
        "[Alexandria 5.27]",
        "[Alexandria 5.29]",
        "[Alexandria 5.31]",
        "[Alexandria 5.34]",
        "[Alexandria 5.41]",
        "[Alexandria 5.42]",
        "[Alexandria 5.43]",
        "[Alexandria 5.47]",
        "[Alexandria 5.48]",
        "[Alexandria 5.4]",
        "[Alexandria 7.3]",
        "[Alexandria 8.0]",
        "[Alexandria 9.1]",
        "[Alexandria 9.24]",
        "[Alexandria 9.44]",
        "[Alexandria data]",
    ];
    let text = e.to_string();
    for s in SECTIONS {
        if let Some(rest) = text.strip_prefix(s) {
            return refuse(s, rest.trim_start().to_owned());
        }
    }
    refuse("[Alexandria 5.4]", text)
}

/// The side whose Fleet is active, if a Fleet activation is under way.
fn fleet_side(g: &Alexandria) -> Option<Side> {
    let a = g.turn.current.as_ref()?;
    matches!(a.command, super::Command::Fleet(_)).then_some(a.side)
}

/// The fleet as its rules must see it now: the land units and leaders in
/// hexes holding a galley ashore there (a beached galley may embark them),
/// the hexes held by land units (5.25, 5.48), the Lighthouse's holder
/// (5.26), the active side.
#[must_use]
pub fn synced(g: &Alexandria) -> FleetGame {
    let mut f = g.fleet.game.clone();
    f.land.clear();
    f.ashore.clear();
    let setup = g.setup();
    let galley_hexes: Vec<Hex> = f.galleys.iter().filter(|x| x.afloat()).map(|x| x.hex).collect();
    let board = setup.map.board();
    let mut holder = None;
    for (i, u) in setup.muster.units.iter().enumerate() {
        let Ok(uid) = u16::try_from(i).map(Uid) else { continue };
        let Some(at) = g.field.unit(uid).and_then(|s| s.at) else { continue };
        if !fit(&g.field, uid) {
            continue;
        }
        f.land.push((at, u.side));
        if board.in_area(areas::LIGHTHOUSE, at) {
            holder = Some(u.side);
        }
        if galley_hexes.contains(&at) {
            let tq = match setup.mix.piece(&u.name) {
                Some(Piece::Unit(c)) => c.tq,
                _ => 0,
            };
            f.ashore.push((Passenger { id: u.name.clone(), tq, leader: false }, u.side, at));
        }
    }
    for (i, l) in setup.muster.leaders.iter().enumerate() {
        let Ok(lid) = u8::try_from(i).map(Lid) else { continue };
        let Some(at) = g.field.leader(lid).filter(|_| on_map(&g.field, lid)).and_then(|x| x.at)
        else {
            continue;
        };
        if galley_hexes.contains(&at) {
            f.ashore.push((Passenger { id: l.name.clone(), tq: 0, leader: true }, l.side, at));
        }
    }
    f.lighthouse_holder = holder;
    if let Some(side) = fleet_side(g) {
        f.active = side;
    }
    f
}

/// Whether `side` has a galley afloat, so a Fleet activation may be
/// chosen (3.0 A).
#[must_use]
pub fn may_activate(g: &Alexandria, side: Side) -> bool {
    g.fleet.game.galleys.iter().any(|x| x.afloat() && x.side == side)
}

/// Whether the Fleet activation is in its movement: no unit moving, no
/// shock begun, no reaction window open.
fn moving_time(g: &Alexandria) -> bool {
    g.turn.current.as_ref().is_some_and(|a| {
        a.moving.is_none() && a.combat.shock.is_none() && a.combat.reaction.is_none()
    })
}

/// Checks a fleet action of the land game.
///
/// # Errors
/// Why not, citing the rule: not a Fleet activation (4.42), shock begun
/// (3.0 C), the Overall Commander not aboard since the turn began (4.43),
/// or the fleet's own rules.
pub fn check(g: &Alexandria, a: &Action) -> Result<(), CombatError> {
    if fleet_side(g).is_none() {
        return Err(refuse("[Alexandria 4.42]", "galleys act only in a Fleet activation (3.0 A)"));
    }
    if !moving_time(g) {
        return Err(refuse(
            "[Alexandria 3.0]",
            "galleys act in the Movement Phase, before shock (3.0 B)",
        ));
    }
    if *a == Action::EndPhase && g.fleet.game.phase == Phase::Disengage {
        return Err(refuse(
            "[Alexandria 3.0]",
            "the Fleet Status Phase follows the end of the activation (3.0 D)",
        ));
    }
    if let Action::Debark { unit } = a
        && g.setup()
            .lid(unit)
            .and_then(|l| g.setup().land_leader(l))
            .is_some_and(|l| l.rank == crate::counters::Rank::OverallCommander)
        && !g.fleet.aboard_at_start.contains(unit)
    {
        return Err(refuse(
            "[Alexandria 4.43]",
            "an Overall Commander debarks in a Fleet activation only if he began the Player Turn aboard",
        ));
    }
    fleet::legal(&synced(g), a).map_err(|e| from_fleet(&e))?;
    // 5.48: the unit debarked must fit in its galley's hex on the land field.
    if let Action::Debark { unit } = a
        && let Some(uid) = g.setup().uid(unit)
        && let Some(hex) =
            g.fleet.game.current.and_then(|i| g.fleet.game.galleys.get(i)).map(|x| x.hex)
    {
        stack_ok(g, hex, uid)?;
    }
    Ok(())
}

/// 5.48 with the family's stacking (6.6): whether unit `uid` may join the
/// stack in `hex`.
///
/// # Errors
/// The stacking rule it breaks, cited as 5.48's.
pub(crate) fn stack_ok(g: &Alexandria, hex: Hex, uid: Uid) -> Result<(), CombatError> {
    let mut stack: Vec<Uid> = g.field.stack(hex).iter().collect();
    stack.push(uid);
    <super::Land as gboh_simple::ground::GroundRules>::check_stack(&g.field, hex, &stack)
        .map_err(|e| refuse("[Alexandria 5.48]", format!("no room ashore: {e}")))
}

/// Every fleet action legal now, in the fleet's fixed order.
pub fn legal(g: &Alexandria, out: &mut Vec<Action>) {
    if fleet_side(g).is_none() || !moving_time(g) {
        return;
    }
    let f = synced(g);
    for a in fleet::actions(&f) {
        let status = a == Action::EndPhase && f.phase == Phase::Disengage;
        // 4.43's Overall Commander, 5.48's room ashore.
        let barred = matches!(&a, Action::Debark { .. }) && check(g, &a).is_err();
        if !status && !barred {
            out.push(a);
        }
    }
}

/// Runs `a` on the synced fleet with the land game's dice, stores the
/// fleet back and follows its events on the land field.
fn run(
    g: &mut Alexandria,
    a: &Action,
    dice: &mut Dice,
    events: &mut Vec<Event<Happened>>,
) -> Result<(), CombatError> {
    let mut f = synced(g);
    std::mem::swap(&mut f.dice, dice);
    let result = fleet::apply(&mut f, a);
    std::mem::swap(&mut f.dice, dice);
    let evs = result.map_err(|e| from_fleet(&e))?;
    f.land.clear();
    f.ashore.clear();
    g.fleet.game = f;
    for e in evs {
        ashore(g, &e);
        events.push(Event::new(section(&e), Happened::Fleet(e)));
    }
    Ok(())
}

/// The section a fleet event cites: 4.42 for what the activated galleys
/// and their passengers do, 3.0 C for boarding, 3.0 D for the Fleet
/// Status Phase's steps.
const fn section(e: &fleet::Event) -> &'static str {
    use fleet::Event as E;
    match e {
        E::PhaseBegan { phase: Phase::Boarding | Phase::Movement } | E::Boarding { .. } => "3.0 C",
        E::PhaseBegan { .. }
        | E::TurnPassed { .. }
        | E::Firefighting { .. }
        | E::SpreadCheck { .. }
        | E::SinkingCheck { .. }
        | E::DisengageAttempt { .. } => "3.0 D",
        _ => "4.42",
    }
}

/// The land field follows a fleet event: a piece debarked stands in its
/// galley's hex (a unit joins the activation, its movement over: 4.42, it
/// may still shock); a piece embarked leaves the map; a piece lost with
/// its galley or in boarding is eliminated (11.3 counts it) or killed.
pub(crate) fn ashore(g: &mut Alexandria, e: &fleet::Event) {
    use fleet::Event as E;
    let setup = std::sync::Arc::clone(g.setup());
    match e {
        E::Debarked { galley, unit } => {
            let Some(hex) = g.fleet.game.galleys.get(*galley).map(|x| x.hex) else { return };
            if let Some(uid) = setup.uid(unit) {
                let side = setup.unit(uid).map_or(Side::Roman, |u| u.side);
                let enemy = nearest_enemy(g, hex, side).unwrap_or(hex);
                if g.field.move_unit(uid, hex, facing_toward(hex, enemy)).is_ok() {
                    if let Some(s) = g.field.unit_mut(uid) {
                        s.mp_spent = 0;
                        s.flags.set(UnitFlags::MOVED, true);
                        s.flags.set(UnitFlags::DONE_MOVING, true);
                    }
                    if let Some(a) = g.turn.current.as_mut()
                        && !a.units.contains(&uid)
                    {
                        a.units.push(uid);
                        a.units.sort_unstable();
                    }
                }
            } else if let Some(lid) = setup.lid(unit) {
                let _ = g.field.move_leader(lid, Some(hex));
            }
        }
        E::Embarked { unit, .. } => {
            if let Some(uid) = setup.uid(unit) {
                g.field.remove_unit(uid);
                if let Some(a) = g.turn.current.as_mut() {
                    a.units.retain(|&u| u != uid);
                }
            } else if let Some(lid) = setup.lid(unit) {
                let _ = g.field.move_leader(lid, None);
            }
        }
        E::UnitLost { unit, .. } => {
            if let Some(uid) = setup.uid(unit) {
                g.field.remove_unit(uid);
                if let Some(s) = g.field.unit_mut(uid) {
                    s.cohesion.status = Status::Eliminated;
                }
            } else if let Some(lid) = setup.lid(unit)
                && let Some(l) = g.field.leader_mut(lid)
            {
                l.dead = true;
            }
        }
        _ => {}
    }
}

fn nearest_enemy(g: &Alexandria, hex: Hex, side: Side) -> Option<Hex> {
    let setup = g.setup();
    (0..setup.units.len())
        .filter_map(|i| u16::try_from(i).ok().map(Uid))
        .filter(|&u| setup.unit(u).is_some_and(|x| x.side != side) && fit(&g.field, u))
        .filter_map(|u| g.field.unit(u).and_then(|s| s.at))
        .min_by_key(|h| (h.unsigned_distance_to(hex), h.x, h.y))
}

/// Performs a fleet action [`check`] accepts.
///
/// # Errors
/// Its refusal; scripted dice that run out.
pub fn perform(
    g: &mut Alexandria,
    a: &Action,
    dice: &mut Dice,
    events: &mut Vec<Event<Happened>>,
) -> Result<(), CombatError> {
    check(g, a)?;
    run(g, a, dice, events)
}

/// 3.0 A: a Fleet activation begins: the fleet's Movement Phase for
/// `side`; 4.43's record of the leaders aboard.
pub fn begin(g: &mut Alexandria, side: Side) {
    let f = &mut g.fleet;
    f.on = true;
    f.game.active = side;
    f.game.phase = Phase::Movement;
    f.game.current = None;
    f.aboard_at_start = f
        .game
        .galleys
        .iter()
        .filter(|x| x.afloat() && x.side == side)
        .flat_map(|x| x.aboard.iter().filter(|p| p.leader).map(|p| p.id.clone()))
        .collect();
}

/// 3.0 D: the Fleet activation is over: a galley still moving stops where
/// it is (reconstructed), the phases left are closed and the Fleet Status
/// Phase is played with the land game's dice.
///
/// # Errors
/// Scripted dice that run out.
pub fn end(
    g: &mut Alexandria,
    dice: &mut Dice,
    events: &mut Vec<Event<Happened>>,
) -> Result<(), CombatError> {
    if !g.fleet.on {
        return Ok(());
    }
    g.fleet.on = false;
    g.fleet.aboard_at_start.clear();
    if let Some(i) = g.fleet.game.current.take()
        && let Some(x) = g.fleet.game.galleys.get_mut(i)
    {
        x.done = true;
    }
    for _ in 0..3 {
        let phase = g.fleet.game.phase;
        let before = g.fleet.game.player_turn;
        run(g, &Action::EndPhase, dice, events)?;
        if phase == Phase::Disengage || g.fleet.game.player_turn != before {
            break;
        }
    }
    Ok(())
}

/// Whether a fleet action is worth the bot's while: never a 0-MP
/// declaration for a galley that is not beached (it would only sit), never
/// launching a beached galley with troops aboard.
#[must_use]
pub fn useful(g: &Alexandria, a: &Action) -> bool {
    match a {
        Action::Declare { galley, speed, mp } => g
            .fleet
            .game
            .galleys
            .get(*galley)
            .is_some_and(|x| *mp > 0 || (x.beached && *speed == Speed::Cruise)),
        Action::Launch { galley } => {
            g.fleet.game.galleys.get(*galley).is_some_and(|x| x.troops().next().is_none())
        }
        _ => true,
    }
}
