//! The fleet: galley movement (5.4x), ram, rake, grapple and boarding, fire
//! on galleys, and the Fleet Status Phase (3.0 D), with a protocol a game
//! can call: [`actions`] lists what the active side may do, [`apply`] does it
//! and returns [`Event`]s, each narrated in words by [`narrate`]; an
//! action reads in words through [`action()`].
//!
//! ```
//! use gboh_alexandria::fleet::{self, Action, FleetGame, Speed};
//! use gboh_alexandria::scenario::ScenarioId;
//! let mut game = FleetGame::from_scenario(ScenarioId::NavalBattle, 7)?;
//! // 5.43: declare the MP first; at Attack speed at least 2.
//! let g = game.galley_index("Egyptian Trireme-1").unwrap();
//! let too_few = Action::Declare { galley: g, speed: Speed::Attack, mp: 1 };
//! assert!(fleet::apply(&mut game, &too_few).unwrap_err().to_string().starts_with("[Alexandria 5.43]"));
//! let events = fleet::apply(&mut game, &Action::Declare { galley: g, speed: Speed::Cruise, mp: 2 })?;
//! assert_eq!(events.len(), 1);
//! assert!(fleet::actions(&game).contains(&Action::Forward));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Where the extract breaks off (ram, rake, grapple, boarding, fire,
//! sinking), the rules and tables are Reconstructed from War Galley's
//! outline and marked so in `data/alexandria/fleet.ron` and
//! docs/rules-coverage.md.

mod action_words;
mod boarding;
pub mod bot;
mod collision;
mod diekplus;
mod error;
mod event;
mod fire;
mod grapple;
mod harbour;
mod movement;
mod narrate;
pub mod naval;
mod rake;
mod ram;
pub mod state;
mod status;
pub mod tables;

use gboh_core::Side;
use gboh_core::dice::Dice;
use hexx::Hex;
use serde::{Deserialize, Serialize};

use crate::counters::{self, Piece};
use crate::map::{self, Alexandria};
use crate::scenario::{self, Position, ScenarioId};
pub use action_words::action;
pub use error::FleetError;
pub use event::{Event, Rolled};
pub use narrate::{narrate, side_name};
pub use state::{GalleyIx, GalleyState, Harbour, Loss, Passenger, Quarter, Speed};
pub use tables::FleetTables;

/// Where a Fleet activation stands (3.0 B-D).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// 3.0 B: galleys declare and move one at a time, ram, rake, grapple, fire.
    Movement,
    /// 3.0 C: boarding combat between grappled galleys.
    Boarding,
    /// 3.0 D 1: the active player may try to disengage fouled galleys (9.44);
    /// ending it runs firefighting, spreading fire and sinking (3.0 D 2-3).
    Disengage,
}

/// A fleet game: the galleys, the dice, whose Fleet activation it is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FleetGame {
    /// Every galley of the scenario, in deployment order.
    pub galleys: Vec<GalleyState>,
    /// The game's dice.
    pub dice: Dice,
    /// The active player.
    pub active: Side,
    /// The phase.
    pub phase: Phase,
    /// The galley moving now (declared, not done).
    pub current: Option<GalleyIx>,
    /// Player Turns played (1 on the first).
    pub player_turn: u32,
    /// 5.26: the side with a combat unit in the Lighthouse (the land game sets it).
    pub lighthouse_holder: Option<Side>,
    /// Hexes holding land units, by side (the land game sets them; 5.25 overpasses).
    pub land: Vec<(Hex, Side)>,
    /// Land units on hexes, by side: set up there or debarked (5.48); a
    /// beached galley embarks them from its hex. The land game owns them.
    pub ashore: Vec<(Passenger, Side, Hex)>,
    /// Land units lost in boarding or with their galley, by side.
    pub eliminated: Vec<(String, Side)>,
    /// Galleys that tried to disengage this phase (9.44: once each).
    pub disengage_tried: Vec<GalleyIx>,
    /// The Lighthouse holder's choice (5.26) and burning Slips (5.27).
    #[serde(default)]
    pub harbour: Harbour,
}

/// Something the active player may do.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// 5.42-5.43: choose a galley's Speed Level and announce its MP; it moves next.
    Declare {
        /// Which.
        galley: GalleyIx,
        /// Speed Level.
        speed: Speed,
        /// MP announced.
        mp: u8,
    },
    /// Push a beached galley off (reconstructed): it does nothing else this activation.
    Launch {
        /// Which.
        galley: GalleyIx,
    },
    /// Row forward into the bow hex.
    Forward,
    /// Turn one hexside (clockwise or not).
    Turn {
        /// Clockwise.
        clockwise: bool,
    },
    /// 5.27: in a Slip, face any direction (ends movement).
    Face {
        /// The new heading.
        heading: gboh_core::facing::Direction,
    },
    /// 5.47: back water into the stern hex.
    Backwater,
    /// Ram the galley in the bow hex (Attack speed).
    Ram {
        /// Target.
        target: GalleyIx,
    },
    /// Row into the enemy galley in the bow hex at Cruise speed (collision,
    /// reconstructed: both MA halved, fouled, movement over).
    Collide {
        /// Target.
        target: GalleyIx,
    },
    /// Rake the oars of a galley alongside (Attack speed).
    Rake {
        /// Target.
        target: GalleyIx,
    },
    /// Throw grapnels at an adjacent galley.
    Grapple {
        /// Target.
        target: GalleyIx,
    },
    /// Loose fire arrows at a galley in range.
    FireArrows {
        /// Target.
        target: GalleyIx,
    },
    /// 5.29: beach on an eligible coast.
    Beach,
    /// 5.48: put a land unit ashore from a beached galley.
    Debark {
        /// Counter id.
        unit: String,
    },
    /// Take a land unit aboard a beached galley from its hex.
    Embark {
        /// Counter id.
        unit: String,
    },
    /// End this galley's movement (5.43: only when its MP are spent, or it rammed,
    /// collided, grappled, entered a Slip or ran aground).
    EndMovement,
    /// Boarding combat from `galley` against a galley grappled to it.
    Board {
        /// Attacker.
        galley: GalleyIx,
        /// Defender.
        target: GalleyIx,
    },
    /// 9.44: try to disengage a fouled galley.
    Disengage {
        /// Which.
        galley: GalleyIx,
    },
    /// End the phase (Movement -> Boarding -> Disengage -> Fleet Status, next player).
    EndPhase,
    /// 5.26: the Lighthouse's holder denies (or opens) one of 3931, 3932,
    /// 4032 to enemy galleys (before a galley moves).
    DenyLighthouse {
        /// One of the three hexes.
        hex: Hex,
        /// Deny (true) or leave open.
        deny: bool,
    },
    /// 5.27: the moving galley looses fire arrows at an empty Slip hex.
    FireAtSlip {
        /// The Slip hex.
        slip: Hex,
    },
    /// 9.24 (reconstructed): at Attack speed, row straight on into the gap
    /// between two enemy galleys and rake `target`, one of them, in passing.
    Diekplus {
        /// The enemy galley raked.
        target: GalleyIx,
    },
}

/// The map and tables the rules read.
pub(crate) struct Ctx {
    pub map: &'static Alexandria,
    pub t: &'static FleetTables,
}

pub(crate) fn ctx() -> Result<Ctx, FleetError> {
    let map = map::alexandria().map_err(|e| FleetError::Data(e.to_string()))?;
    let t = tables::tables().map_err(|e| FleetError::Data(e.to_string()))?;
    Ok(Ctx { map, t })
}

impl FleetGame {
    /// The galleys of a scenario, their land units aboard, seeded dice.
    /// Headings point each galley at the nearest enemy galley (reconstructed:
    /// the set-up does not print facings).
    ///
    /// # Errors
    /// A data problem.
    pub fn from_scenario(id: ScenarioId, seed: u64) -> Result<FleetGame, FleetError> {
        let data = |e: gboh_core::data::DataError| FleetError::Data(e.to_string());
        let s = scenario::scenario(id).map_err(data)?;
        let mix = counters::counters().map_err(data)?;
        let map = map::alexandria().map_err(data)?;
        let mut galleys = Vec::new();
        let mut placement_of = Vec::new();
        for (pi, p) in s.deployment.iter().enumerate() {
            for id in &p.units {
                if let Some(g) = mix.galley(id)
                    && let Some(gboh_core::board::Location::Hex(hex)) = map.place(&p.at)
                {
                    placement_of.push(pi);
                    galleys.push(GalleyState {
                        id: g.id.clone(),
                        side: g.side,
                        class: g.class,
                        cruise_ma: g.cruise_ma,
                        attack_ma: g.attack_ma,
                        hex,
                        heading: gboh_core::facing::Direction::NE,
                        speed: Speed::Cruise,
                        declared: None,
                        spent: 0,
                        forward: 0,
                        done: false,
                        stopped: false,
                        fired: false,
                        boarded: false,
                        hits: 0,
                        holes: 0,
                        fatigue: 0,
                        halved: false,
                        crippled: false,
                        fouled: None,
                        grappled: Vec::new(),
                        on_fire: false,
                        aground: false,
                        beached: false,
                        in_slip: map.board().in_area(map::areas::SLIPS, hex),
                        captured: false,
                        lost: None,
                        aboard: Vec::new(),
                        diekplus_gap: None,
                    });
                }
            }
        }
        let mut ashore = Vec::new();
        for p in &s.deployment {
            for id in &p.units {
                let passenger = match mix.piece(id) {
                    Some(Piece::Unit(u)) => Passenger { id: u.id.clone(), tq: u.tq, leader: false },
                    Some(Piece::Leader(l)) => Passenger { id: l.id.clone(), tq: 0, leader: true },
                    _ => continue,
                };
                if let Some(Position::Aboard(pi)) = s.position(map, id)
                    && let Some(carrier) = s.deployment.get(pi).and_then(|c| c.units.first())
                    && let Some(g) = galleys.iter_mut().find(|g| &g.id == carrier)
                {
                    g.aboard.push(passenger);
                } else if let Some(Position::At(gboh_core::board::Location::Hex(h))) =
                    s.position(map, id)
                {
                    ashore.push((passenger, mix.piece(id).map_or(s.first_player, |p| p.side()), h));
                }
            }
        }
        let headings: Vec<_> = galleys
            .iter()
            .map(|g| {
                let enemy = galleys
                    .iter()
                    .filter(|e| e.side != g.side)
                    .min_by_key(|e| g.hex.unsigned_distance_to(e.hex))
                    .map(|e| e.hex);
                enemy.map_or(g.heading, |e| movement::toward(g.hex, e))
            })
            .collect();
        for (g, h) in galleys.iter_mut().zip(headings) {
            g.heading = h;
        }
        Ok(FleetGame {
            galleys,
            dice: Dice::seeded(seed),
            active: s.first_player,
            phase: Phase::Movement,
            current: None,
            player_turn: 1,
            lighthouse_holder: None,
            land: Vec::new(),
            ashore,
            eliminated: Vec::new(),
            disengage_tried: Vec::new(),
            harbour: Harbour::default(),
        })
    }

    /// A galley's index by counter id.
    #[must_use]
    pub fn galley_index(&self, id: &str) -> Option<GalleyIx> {
        self.galleys.iter().position(|g| g.id == id)
    }

    /// A galley afloat.
    ///
    /// # Errors
    /// [`FleetError::NoSuchGalley`].
    pub fn galley(&self, i: GalleyIx) -> Result<&GalleyState, FleetError> {
        self.galleys.get(i).filter(|g| g.afloat()).ok_or(FleetError::NoSuchGalley(i))
    }

    pub(crate) fn galley_mut(&mut self, i: GalleyIx) -> Result<&mut GalleyState, FleetError> {
        self.galleys.get_mut(i).filter(|g| g.afloat()).ok_or(FleetError::NoSuchGalley(i))
    }

    /// The galley afloat in `hex`, if any.
    #[must_use]
    pub fn galley_at(&self, hex: Hex) -> Option<GalleyIx> {
        self.galleys.iter().position(|g| g.afloat() && g.hex == hex)
    }

    /// Galleys of `side` lost (sunk, dragged down or burned).
    #[must_use]
    pub fn losses(&self, side: Side) -> usize {
        self.galleys.iter().filter(|g| g.side == side && !g.afloat()).count()
    }

    /// Every inconsistency in the state (empty when sound): two galleys in a
    /// hex, a one-sided grapple or foul, contact with a lost or non-adjacent
    /// galley, a galley over capacity.
    #[must_use]
    pub fn problems(&self) -> Vec<String> {
        let mut out = Vec::new();
        let t = tables::tables().ok();
        for (i, g) in self.galleys.iter().enumerate().filter(|(_, g)| g.afloat()) {
            if self.galleys.iter().enumerate().any(|(j, h)| j != i && h.afloat() && h.hex == g.hex)
            {
                out.push(format!("{}: shares its hex", g.id));
            }
            let partners = g.grappled.iter().copied().chain(g.fouled);
            for j in partners {
                match self.galleys.get(j) {
                    Some(h) if h.afloat() => {
                        if g.hex.unsigned_distance_to(h.hex) != 1 {
                            out.push(format!("{}: in contact with {} not adjacent", g.id, h.id));
                        }
                        if g.fouled == Some(j) && h.fouled != Some(i) {
                            out.push(format!("{}: fouled one-sidedly with {}", g.id, h.id));
                        }
                        if g.grappled.contains(&j) && !h.grappled.contains(&i) {
                            out.push(format!("{}: grappled one-sidedly with {}", g.id, h.id));
                        }
                    }
                    _ => out.push(format!("{}: in contact with a lost galley {j}", g.id)),
                }
            }
            if let Some(c) = t.and_then(|t| t.class(g.class))
                && g.troops().count() > usize::from(c.capacity)
            {
                out.push(format!("{}: over capacity", g.id));
            }
            if g.hits >= t.and_then(|t| t.class(g.class)).map_or(u8::MAX, |c| c.hull) {
                out.push(format!("{}: afloat with its hull gone", g.id));
            }
        }
        out
    }
}

/// Every action the active player may take now, in a fixed order.
#[must_use]
pub fn actions(game: &FleetGame) -> Vec<Action> {
    let Ok(cx) = ctx() else { return Vec::new() };
    let mut out = Vec::new();
    let mut push = |a: Action| {
        if check(game, &cx, &a).is_ok() {
            out.push(a);
        }
    };
    match game.phase {
        Phase::Movement => {
            if let Some(g) = game.current {
                push(Action::EndMovement);
                push(Action::Forward);
                push(Action::Turn { clockwise: true });
                push(Action::Turn { clockwise: false });
                push(Action::Backwater);
                if game.galleys.get(g).is_some_and(|g| g.in_slip && g.stopped) {
                    for d in gboh_core::facing::Direction::ALL {
                        push(Action::Face { heading: d });
                    }
                }
                // Candidates: enemies within fire-arrow range (ram, rake, collide
                // and grapple reach only adjacent ones).
                let reach = u32::try_from(cx.t.fire_arrows.range.value.max(1)).unwrap_or(1);
                let near = |t: &GalleyState| {
                    game.galleys.get(g).is_some_and(|m| {
                        t.afloat() && t.side != m.side && m.hex.unsigned_distance_to(t.hex) <= reach
                    })
                };
                let targets: Vec<GalleyIx> = (0..game.galleys.len())
                    .filter(|&t| game.galleys.get(t).is_some_and(near))
                    .collect();
                for t in targets {
                    push(Action::Ram { target: t });
                    push(Action::Rake { target: t });
                    push(Action::Collide { target: t });
                    push(Action::Grapple { target: t });
                    push(Action::FireArrows { target: t });
                    push(Action::Diekplus { target: t });
                }
                for slip in harbour::slips_in_range(game, &cx) {
                    push(Action::FireAtSlip { slip });
                }
                push(Action::Beach);
                if let Some(gs) = game.galleys.get(g) {
                    for p in &gs.aboard {
                        push(Action::Debark { unit: p.id.clone() });
                    }
                    for (p, _, h) in &game.ashore {
                        if *h == gs.hex {
                            push(Action::Embark { unit: p.id.clone() });
                        }
                    }
                }
            } else {
                for (i, g) in game.galleys.iter().enumerate() {
                    if !g.afloat() || g.side != game.active || g.declared.is_some() {
                        continue;
                    }
                    push(Action::Launch { galley: i });
                    for speed in [Speed::Cruise, Speed::Attack] {
                        for mp in 0..=g.ma(speed) {
                            push(Action::Declare { galley: i, speed, mp });
                        }
                    }
                }
                for (hex, deny) in harbour::lighthouse_choices(game, &cx) {
                    push(Action::DenyLighthouse { hex, deny });
                }
                push(Action::EndPhase);
            }
        }
        Phase::Boarding => {
            for (i, g) in game.galleys.iter().enumerate() {
                for &t in &g.grappled {
                    push(Action::Board { galley: i, target: t });
                }
            }
            push(Action::EndPhase);
        }
        Phase::Disengage => {
            for i in 0..game.galleys.len() {
                if game.galleys.get(i).is_none_or(|g| g.fouled.is_none()) {
                    continue;
                }
                push(Action::Disengage { galley: i });
            }
            push(Action::EndPhase);
        }
    }
    out
}

/// Whether `action` is legal now.
///
/// # Errors
/// Why not, citing the rule.
pub fn legal(game: &FleetGame, action: &Action) -> Result<(), FleetError> {
    check(game, &ctx()?, action)
}

fn check(game: &FleetGame, cx: &Ctx, action: &Action) -> Result<(), FleetError> {
    let mut scratch = game.clone();
    perform(&mut scratch, cx, action).map(|_| ())
}

/// Applies `action` and returns what happened; a refused action leaves the
/// game exactly as it was.
///
/// # Errors
/// Why the action is not legal now, citing the rule.
pub fn apply(game: &mut FleetGame, action: &Action) -> Result<Vec<Event>, FleetError> {
    let cx = ctx()?;
    let mut next = game.clone();
    let events = perform(&mut next, &cx, action)?;
    *game = next;
    Ok(events)
}

fn perform(game: &mut FleetGame, cx: &Ctx, action: &Action) -> Result<Vec<Event>, FleetError> {
    let mut ev = Vec::new();
    let need = |p: Phase, what: &'static str| {
        if game.phase == p { Ok(()) } else { Err(FleetError::WrongPhase(what)) }
    };
    match action {
        Action::Declare { galley, speed, mp } => {
            need(Phase::Movement, "declaring a galley's speed")?;
            movement::declare(game, cx, *galley, *speed, *mp, &mut ev)?;
        }
        Action::Launch { galley } => {
            need(Phase::Movement, "launching")?;
            movement::launch(game, *galley, &mut ev)?;
        }
        Action::Forward => {
            need(Phase::Movement, "moving")?;
            movement::step(game, cx, false, &mut ev)?;
        }
        Action::Backwater => {
            need(Phase::Movement, "backing water")?;
            movement::step(game, cx, true, &mut ev)?;
        }
        Action::Turn { clockwise } => {
            need(Phase::Movement, "turning")?;
            movement::turn(game, cx, *clockwise, &mut ev)?;
        }
        Action::Face { heading } => {
            need(Phase::Movement, "facing in a Slip")?;
            movement::face(game, *heading, &mut ev)?;
        }
        Action::Beach => {
            need(Phase::Movement, "beaching")?;
            movement::beach(game, cx, &mut ev)?;
        }
        Action::Debark { unit } => {
            need(Phase::Movement, "debarking")?;
            movement::debark(game, cx, unit, &mut ev)?;
        }
        Action::Embark { unit } => {
            need(Phase::Movement, "embarking")?;
            movement::embark(game, cx, unit, &mut ev)?;
        }
        Action::EndMovement => {
            need(Phase::Movement, "ending a galley's movement")?;
            movement::end(game, &mut ev)?;
        }
        Action::Ram { target } => {
            need(Phase::Movement, "ramming")?;
            ram::ram(game, cx, *target, &mut ev)?;
        }
        Action::Collide { target } => {
            need(Phase::Movement, "colliding")?;
            collision::collide(game, *target, &mut ev)?;
        }
        Action::Rake { target } => {
            need(Phase::Movement, "raking")?;
            rake::rake(game, cx, *target, &mut ev)?;
        }
        Action::Grapple { target } => {
            need(Phase::Movement, "grappling")?;
            grapple::grapple(game, cx, *target, &mut ev)?;
        }
        Action::FireArrows { target } => {
            need(Phase::Movement, "missile fire")?;
            fire::arrows(game, cx, *target, &mut ev)?;
        }
        Action::DenyLighthouse { hex, deny } => {
            need(Phase::Movement, "choosing the Lighthouse's denial")?;
            harbour::deny(game, cx, *hex, *deny, &mut ev)?;
        }
        Action::FireAtSlip { slip } => {
            need(Phase::Movement, "missile fire at a Slip")?;
            harbour::fire_at_slip(game, cx, *slip, &mut ev)?;
        }
        Action::Diekplus { target } => {
            need(Phase::Movement, "the Diekplus")?;
            diekplus::diekplus(game, cx, *target, &mut ev)?;
        }
        Action::Board { galley, target } => {
            need(Phase::Boarding, "boarding combat")?;
            boarding::board(game, cx, *galley, *target, &mut ev)?;
        }
        Action::Disengage { galley } => {
            need(Phase::Disengage, "disengaging")?;
            status::disengage(game, cx, *galley, &mut ev)?;
        }
        Action::EndPhase => match game.phase {
            Phase::Movement => {
                if game.current.is_some() {
                    return Err(FleetError::AnotherMoving);
                }
                game.phase = Phase::Boarding;
                ev.push(Event::PhaseBegan { phase: Phase::Boarding });
            }
            Phase::Boarding => {
                game.phase = Phase::Disengage;
                ev.push(Event::PhaseBegan { phase: Phase::Disengage });
            }
            Phase::Disengage => status::fleet_status(game, cx, &mut ev)?,
        },
    }
    Ok(ev)
}
