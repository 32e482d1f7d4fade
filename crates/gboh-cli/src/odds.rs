//! `gboh odds`: the exact outcome distribution of an Alesia shock attack or
//! missile shot described on the command line, with each modifier and its
//! section.
//!
//! The attack is set up as the rules would meet it: on a clear, level test
//! board (or the West map with `--map west`), the defender in the middle,
//! the attacker next to it on the side `--from` names, their facings,
//! terrain, elevation, works, hits and leaders as given; the attacker's
//! command is activated, shock begins (9.0), the attack is designated (9.21)
//! with the defender standing (9.22), and `check` previews its resolution
//! (9.25): every DRM with its rule and the exact odds of each Shock Table
//! result, through gboh-alesia's own preview.
//!
//! With `--fire`, the attacker fires instead (8.1): it stands `--range`
//! hexes from the defender, its command active, and `check` previews the
//! shot (`CombatAction::Fire`): the table column, range, hit number, every
//! DRM with its rule (8.17, 8.3, ...) and the exact odds of a hit and of
//! what each hit does.

use std::collections::BTreeMap;
use std::sync::Arc;

use clap::Args;
use gboh_alesia::combat::shock::resolution::ShockOutcome;
use gboh_alesia::combat::{CombatAction, CombatPending, CombatPreview};
use gboh_alesia::command::Command;
use gboh_alesia::game::{Battlefield, Membership, Setup, Uid};
use gboh_alesia::map::{Board, SiegeHex};
use gboh_alesia::narrate;
use gboh_alesia::protocol::{Action, Alesia, AlesiaActivation, Pending, Preview};
use gboh_core::board::{HexInfo, LabelScheme, ShiftedColumns, Terrain};
use gboh_core::dice::Dice;
use gboh_core::facing::{Direction, Facing};
use gboh_core::game::Game;
use gboh_core::table::Distribution;
use hexx::Hex;

use crate::error::{CliError, rule, usage};

/// What the attack is.
#[derive(Debug, Args)]
pub struct OddsArgs {
    /// The game: alesia, or dictator or gergovia (a shock or a fire on the
    /// standard family's charts).
    #[arg(long, default_value = "alesia")]
    pub game: String,
    /// Dictator, Gergovia: the battle whose counters are named (rhine,
    /// chaeronea; standard, alternative); default the first.
    #[arg(long)]
    pub scenario: Option<String>,
    /// Dictator, Gergovia: where the defender is attacked (or fired at):
    /// front, flank or rear.
    #[arg(long, default_value = "front")]
    pub aspect: String,
    /// Dictator, Gergovia: the attacker moved this Orders Phase (SPQR 8.5;
    /// with --fire: it fires during its move, 8.2).
    #[arg(long)]
    pub moved: bool,
    /// Dictator, Gergovia: the defender's ground against the attacker's:
    /// level, higher, all-higher, lower.
    #[arg(long, default_value = "level")]
    pub ground: String,
    /// The attacking unit's counter id (e.g. Aedui-1, X-1).
    #[arg(long)]
    pub attacker: String,
    /// Missile fire (8.1) instead of shock: the attacker fires at the
    /// defender's hex.
    #[arg(long)]
    pub fire: bool,
    /// With --fire: the distance in hexes from the attacker to the defender
    /// (Alesia: 1 to 4 on the test board).
    #[arg(long, default_value_t = 1, requires = "fire")]
    pub range: u8,
    /// With --fire: the attacker declares it will move after firing (8.17).
    #[arg(long, requires = "fire")]
    pub will_move: bool,
    /// The defending unit's counter id.
    #[arg(long)]
    pub defender: String,
    /// Where the attacker stands, seen from the defender: ne, e, se, sw, w, nw.
    #[arg(long, default_value = "ne")]
    pub from: String,
    /// The defender's facing, a clock vertex: 12, 2, 4, 6, 8, 10.
    #[arg(long, default_value_t = 12)]
    pub defender_facing: u8,
    /// The attacker's facing (default: the first that faces the defender).
    #[arg(long)]
    pub attacker_facing: Option<u8>,
    /// The defender's hex terrain: clear, woods, rough, marsh, town.
    #[arg(long, default_value = "clear")]
    pub terrain: String,
    /// The defender's hex elevation (the attacker's is 0).
    #[arg(long, default_value_t = 0)]
    pub elevation: u8,
    /// Cohesion hits the attacker already has.
    #[arg(long, default_value_t = 0)]
    pub attacker_hits: u8,
    /// Cohesion hits the defender already has.
    #[arg(long, default_value_t = 0)]
    pub defender_hits: u8,
    /// A leader stacked with the attacker (repeatable).
    #[arg(long = "attacker-leader")]
    pub attacker_leaders: Vec<String>,
    /// A leader stacked with the defender (repeatable).
    #[arg(long = "defender-leader")]
    pub defender_leaders: Vec<String>,
}

fn facing(clock: u8) -> Result<Facing, CliError> {
    Ok(match clock {
        12 | 0 => Facing::Twelve,
        2 => Facing::Two,
        4 => Facing::Four,
        6 => Facing::Six,
        8 => Facing::Eight,
        10 => Facing::Ten,
        n => {
            return Err(usage(format!("facing {n}: expected a clock vertex 12, 2, 4, 6, 8 or 10")));
        }
    })
}

fn direction(name: &str) -> Result<Direction, CliError> {
    Ok(match name.to_ascii_lowercase().as_str() {
        "ne" => Direction::NE,
        "e" => Direction::E,
        "se" => Direction::SE,
        "sw" => Direction::SW,
        "w" => Direction::W,
        "nw" => Direction::NW,
        other => return Err(usage(format!("--from {other:?}: expected ne, e, se, sw, w or nw"))),
    })
}

fn terrain(name: &str) -> Result<Terrain, CliError> {
    Ok(match name.to_ascii_lowercase().as_str() {
        "clear" => Terrain::Clear,
        "woods" => Terrain::Woods,
        "rough" => Terrain::Rough,
        "marsh" => Terrain::Marsh,
        "town" => Terrain::Town,
        other => {
            return Err(usage(format!(
                "--terrain {other:?}: expected clear, woods, rough, marsh or town"
            )));
        }
    })
}

/// A 9 x 9 clear, level board labelled T0101..T0909, the defender's hex as
/// asked.
fn board(defender: &str, t: Terrain, elevation: u8) -> Result<Board, CliError> {
    let scheme = LabelScheme::new(Some('T'), (1, 9), (1, 9), (1, 8), ShiftedColumns::Odd)
        .map_err(|e| rule(format!("the test board: {e:?}")))?;
    let clear = HexInfo { terrain: Terrain::Clear, elevation: 0, works: SiegeHex::default() };
    let mut b = Board::filled("odds test board", scheme, clear);
    let h = b.hex_of(defender).ok_or_else(|| rule("the test board has no T0505"))?;
    b.set_info(h, HexInfo { terrain: t, elevation, works: SiegeHex::default() });
    Ok(b)
}

/// The command that activates `u` (a leader of its side where one is needed).
fn command_of(setup: &Setup, u: Uid, leaders: &[String]) -> Result<Command, CliError> {
    let info = setup.unit(u).ok_or_else(|| rule("no such unit"))?;
    let own_leader = || {
        leaders
            .iter()
            .find_map(|l| setup.lid(l))
            .or_else(|| {
                (0..setup.leaders.len()).find_map(|i| {
                    let lid = gboh_alesia::game::Lid(u8::try_from(i).ok()?);
                    (setup.leader(lid)?.side == info.side).then_some(lid)
                })
            })
            .ok_or_else(|| {
                rule(format!("no leader of the {:?} side to command {}", info.side, info.id))
            })
    };
    Ok(match info.membership {
        Membership::Legion(l) => Command::Legion(l),
        Membership::AlesiaForce => Command::AlesiaForce,
        Membership::Tribe { counter, .. } => Command::Tribes(own_leader()?, vec![counter]),
        Membership::GallicCavalry => Command::GallicCavalry(own_leader()?),
        Membership::Roman if info.unit_type().is_cavalry() => Command::RomanCavalry(own_leader()?),
        Membership::Roman => Command::Auxiliaries(own_leader()?),
    })
}

/// The game at the moment attack 0 is to be resolved, and what was rolled
/// on the way: the 9.23 Pre-Shock Checks, taken as passed (their exact
/// odds are printed instead).
struct Position {
    game: Game<Alesia>,
    /// Each Pre-Shock Check: the defending stack's hex and its TQ.
    pre_shock: Vec<(Hex, u8)>,
    /// The narrated events that rolled dice before the resolution.
    rolled: Vec<String>,
}

/// Dice for the set-up: every roll a 0, so that a Pre-Shock Check (9.23: a
/// roll at or under the TQ) is passed and the resolution is previewed for
/// the defender who stands.
fn setup_dice() -> Dice {
    Dice::scripted(std::iter::repeat_n(0, 64))
}

/// The test position: the defender in T0505, the attacker `distance` hexes
/// away on the `--from` side, both as the options say, the attacker's
/// command active.
struct Placed {
    state: Alesia,
    attacker: Uid,
    attacker_hex: Hex,
    defender_hex: Hex,
}

fn place(args: &OddsArgs, attacker_facing: Facing, distance: u8) -> Result<Placed, CliError> {
    let base = Setup::shared().map_err(rule)?;
    let t = terrain(&args.terrain)?;
    let board = board("T0505", t, args.elevation)?;
    let setup = Arc::new(Setup::new(board, base.tables.clone(), base.mix.clone()).map_err(rule)?);
    let mut field = Battlefield::new(setup.clone());
    let unit = |id: &str| {
        setup.uid(id).ok_or_else(|| {
            usage(format!("no Alesia unit {id:?} (counter ids as printed, e.g. X-1, Aedui-1)"))
        })
    };
    let (a, d) = (unit(&args.attacker)?, unit(&args.defender)?);
    let (sa, sd) = (setup.unit(a).map(|i| i.side), setup.unit(d).map(|i| i.side));
    if sa == sd {
        return Err(usage(format!("{} and {} are on the same side", args.attacker, args.defender)));
    }
    let dh = setup.board.hex_of("T0505").ok_or_else(|| rule("no T0505"))?;
    let dir = direction(&args.from)?;
    let mut ah = dh;
    for _ in 0..distance.max(1) {
        ah = setup.board.neighbor(ah, dir).ok_or_else(|| {
            usage(format!(
                "--range {distance}: the test board holds ranges 1 to 4 from T0505 (9 x 9 hexes)"
            ))
        })?;
    }
    field.move_unit(d, dh, facing(args.defender_facing)?).map_err(|e| rule(format!("{e:?}")))?;
    field.move_unit(a, ah, attacker_facing).map_err(|e| rule(format!("{e:?}")))?;
    for (u, hits) in [(a, args.attacker_hits), (d, args.defender_hits)] {
        if let Some(s) = field.unit_mut(u) {
            s.cohesion.hits = hits;
        }
    }
    for (names, hex, side) in [(&args.attacker_leaders, ah, sa), (&args.defender_leaders, dh, sd)] {
        for name in names {
            let l = setup.lid(name).ok_or_else(|| usage(format!("no Alesia leader {name:?}")))?;
            if setup.leader(l).map(|x| x.side) != side {
                return Err(usage(format!("{name} is not on the side of the unit he joins")));
            }
            field.move_leader(l, Some(hex)).map_err(|e| rule(format!("{e:?}")))?;
        }
    }
    let command = command_of(&setup, a, &args.attacker_leaders)?;
    let mut state = Alesia::new(field);
    let units: Vec<Uid> = state.command_units(&command).collect();
    gboh_alesia::zoc::mark_enemies_in_zoc(&mut state.field, &units);
    state.turn.play.to_act = command.side();
    state.turn.play.current = Some(AlesiaActivation::start(command, units, Vec::new()));
    Ok(Placed { state, attacker: a, attacker_hex: ah, defender_hex: dh })
}

fn position(args: &OddsArgs, attacker_facing: Facing) -> Result<Position, CliError> {
    let Placed { state, attacker_hex: ah, .. } = place(args, attacker_facing, 1)?;
    let mut game = Game::new(state, setup_dice());
    let mut rolled = Vec::new();
    let mut pre_shock = Vec::new();
    let events = game
        .apply(Action::Combat(CombatAction::BeginShock))
        .map_err(|e| rule(format!("9.0: shock cannot begin: {e:?}")))?;
    let mut note = |game: &Game<Alesia>, events: &[gboh_core::game::Event<_>]| {
        for ev in events {
            if !ev.rolls.is_empty() {
                rolled.push(narrate::line(game.state(), ev));
            }
        }
    };
    note(&game, &events);
    for _ in 0..20 {
        let checks = gboh_alesia::combat::shock::pre_shock::checks(game.state(), 0);
        if pre_shock.is_empty() {
            pre_shock = checks;
        }
        let next = match game.pending() {
            Pending::Combat(CombatPending::Designation { .. }) => {
                let legal = game.legal_actions();
                legal
                    .into_iter()
                    .find(|x| matches!(x, Action::Combat(CombatAction::Designate { attacker, .. }) if *attacker == ah))
                    .ok_or_else(|| rule(format!("9.21: {} cannot attack {} from there", args.attacker, args.defender)))?
            }
            Pending::Combat(
                CombatPending::RetreatBeforeShock { .. } | CombatPending::Leader { .. },
            ) => Action::Combat(CombatAction::Done),
            _ => break,
        };
        let events = game.apply(next).map_err(|e| rule(format!("{e:?}")))?;
        note(&game, &events);
    }
    Ok(Position { game, pre_shock, rolled })
}

/// The exact distribution of a shock's outcomes, one line each, merged by
/// what they do, in the distribution's own (deterministic) order.
pub fn shock_lines(state: &Alesia, odds: &Distribution<ShockOutcome>) -> Vec<String> {
    let n = odds.total();
    let mut rows: Vec<(String, u64)> = Vec::new();
    let mut index: BTreeMap<String, usize> = BTreeMap::new();
    for (o, k) in odds.outcomes() {
        let units: Vec<String> = o
            .units
            .iter()
            .map(|u| format!("{} takes {}: {}", narrate::unit(state, u.unit), u.hits, fate(u.fate)))
            .collect();
        let text = format!(
            "{}: {}",
            result_words(&o.result),
            if units.is_empty() { "no hits".into() } else { units.join("; ") }
        );
        match index.get(&text) {
            Some(&i) => {
                if let Some(r) = rows.get_mut(i) {
                    r.1 += k;
                }
            }
            None => {
                index.insert(text.clone(), rows.len());
                rows.push((text, *k));
            }
        }
    }
    rows.into_iter()
        .map(|(text, k)| {
            format!("{:>6.2}%  {k:>3}/{n}  {text}", 100.0 * k as f64 / n.max(1) as f64)
        })
        .collect()
}

/// What hits did to a unit, in words.
#[must_use]
pub fn fate(outcome: gboh_core::unit::HitOutcome) -> &'static str {
    use gboh_core::unit::HitOutcome;
    match outcome {
        HitOutcome::Absorbed => "absorbed",
        HitOutcome::Routed => "routed (10.13)",
        HitOutcome::Eliminated => "eliminated (10.14)",
    }
}

/// A shot's exact outcomes, one line each: the chance, the count out of the
/// die's faces, hit or miss and what each hit does.
pub fn shot_lines(
    state: &Alesia,
    odds: &Distribution<gboh_alesia::combat::missile::FireOutcome>,
) -> Vec<String> {
    let n = odds.total();
    odds.outcomes()
        .iter()
        .map(|(o, k)| {
            let mut what: Vec<String> = o
                .units
                .iter()
                .map(|u| {
                    format!("{} takes {}: {}", narrate::unit(state, u.unit), u.hits, fate(u.fate))
                })
                .collect();
            what.extend(
                o.leaders_lost
                    .iter()
                    .map(|l| format!("{} is killed (8.18)", narrate::leader(state, *l))),
            );
            format!(
                "{:>6.2}%  {k:>3}/{n}  {}{}",
                100.0 * *k as f64 / n.max(1) as f64,
                if o.hit { "hit" } else { "miss" },
                if what.is_empty() { String::new() } else { format!(": {}", what.join("; ")) }
            )
        })
        .collect()
}

/// `gboh odds --fire`: the shot's preview, or why the rules refuse it.
fn fire(args: &OddsArgs) -> Result<(), CliError> {
    let facings: Vec<Facing> = match args.attacker_facing {
        Some(f) => vec![facing(f)?],
        None => Facing::ALL.to_vec(),
    };
    let mut refused: Vec<String> = Vec::new();
    for f in facings {
        let Placed { state, attacker, attacker_hex, defender_hex } = place(args, f, args.range)?;
        let game = Game::new(state, setup_dice());
        let action = Action::Combat(CombatAction::Fire {
            unit: attacker,
            target: defender_hex,
            will_move: args.will_move,
        });
        let (shot, odds) = match game.check(&action) {
            Ok(Preview::Combat(CombatPreview::Shot { shot, odds })) => (shot, odds),
            Ok(_) => {
                refused.push("the rules preview no shot".into());
                continue;
            }
            Err(e) => {
                let why = e.to_string();
                if !refused.contains(&why) {
                    refused.push(why);
                }
                continue;
            }
        };
        let state = game.state();
        let field = &state.field;
        let facing_of = |id: &str| {
            field
                .setup()
                .uid(id)
                .and_then(|u| field.unit(u))
                .map_or("?", |s| narrate::clock(s.facing))
        };
        crate::say!(
            "{} in {} (facing {}) fires at {} in {} (facing {}): range {}, {} terrain, elevation {}",
            args.attacker,
            narrate::hex(state, attacker_hex),
            facing_of(&args.attacker),
            args.defender,
            narrate::hex(state, defender_hex),
            facing_of(&args.defender),
            shot.range,
            args.terrain,
            args.elevation
        );
        crate::say!(
            "missile column {}, read at range {}: a hit on a modified roll of {} or less (8.16)",
            shot.column,
            shot.read_at,
            shot.hit_number
        );
        crate::say!("modifiers:");
        for line in crate::engine::modifier_lines(shot.modifiers.iter()) {
            crate::say!("  {line}");
        }
        crate::say!("outcomes (8.16 Missile Range and Results Table, exact odds):");
        for line in shot_lines(state, &odds) {
            crate::say!("  {line}");
        }
        return Ok(());
    }
    Err(rule(format!(
        "{} cannot fire at {} from {} hex(es) {}{}: {}",
        args.attacker,
        args.defender,
        args.range,
        args.from,
        if args.attacker_facing.is_some() { "" } else { " whatever its facing" },
        refused.join("; ")
    )))
}

/// A Shock Table row in words.
fn result_words(r: &gboh_core::table::ShockResult) -> String {
    let mut t = format!("attacker {} hit(s), defender {} hit(s)", r.attacker_hits, r.defender_hits);
    if r.attacker_retreats {
        t.push_str(", attacker retreats");
    }
    if r.defender_retreats {
        t.push_str(", defender retreats");
    }
    if r.continued_shock {
        t.push_str(", continued shock");
    }
    t
}

fn fronts(field: &Battlefield, from: Hex) -> Vec<Hex> {
    gboh_alesia::combat::shock::designation::front_hexes(field, from)
}

/// `gboh odds`.
///
/// # Errors
/// Usage errors for unknown units, leaders, facings; rule errors when the
/// rules do not allow the attack.
pub fn run(args: &OddsArgs) -> Result<(), CliError> {
    match args.game.as_str() {
        "alesia" => {}
        "dictator" | "gergovia" => {
            return crate::odds_standard::run(&crate::odds_standard::StandardOddsArgs {
                game: &args.game,
                scenario: args.scenario.as_deref().unwrap_or(match args.game.as_str() {
                    "gergovia" => "standard",
                    _ => "rhine",
                }),
                fire: args.fire,
                range: args.range,
                attacker: &args.attacker,
                defender: &args.defender,
                aspect: &args.aspect,
                moved: args.moved,
                woods: matches!(args.terrain.as_str(), "woods" | "marsh"),
                ground: &args.ground,
                attacker_leaders: &args.attacker_leaders,
                defender_leaders: &args.defender_leaders,
            });
        }
        other => {
            return Err(usage(format!("--game {other:?}: expected alesia, dictator or gergovia")));
        }
    }
    if args.fire {
        return fire(args);
    }
    let Position { game, pre_shock, rolled } = match args.attacker_facing {
        Some(f) => position(args, facing(f)?)?,
        None => {
            // The first facing whose front holds the defender.
            let mut found = None;
            for f in Facing::ALL {
                let g = match position(args, f) {
                    Ok(g) => g,
                    Err(CliError::Usage(u)) => return Err(CliError::Usage(u)),
                    Err(_) => continue,
                };
                let field = &g.game.state().field;
                let setup = field.setup();
                let (Some(a), Some(d)) = (setup.uid(&args.attacker), setup.uid(&args.defender))
                else {
                    continue;
                };
                let (Some(ah), Some(dh)) =
                    (field.unit(a).and_then(|s| s.at), field.unit(d).and_then(|s| s.at))
                else {
                    continue;
                };
                if fronts(field, ah).contains(&dh) {
                    found = Some(g);
                    break;
                }
            }
            found.ok_or_else(|| {
                rule(format!(
                    "9.21: {} cannot attack {} from {} whatever its facing",
                    args.attacker, args.defender, args.from
                ))
            })?
        }
    };
    let preview = game.check(&Action::Combat(CombatAction::Resolve { attack: 0 }));
    let Ok(Preview::Combat(CombatPreview::Shock { modifiers, odds })) = preview else {
        return Err(rule(format!(
            "9.25: no shock to resolve: {}",
            narrate::humanize(game.state(), &format!("{:?}", game.pending()))
        )));
    };
    let state = game.state();
    let field = &state.field;
    let a = field.setup().uid(&args.attacker);
    let facing_of =
        |u: Option<Uid>| u.and_then(|u| field.unit(u)).map_or("?", |s| narrate::clock(s.facing));
    crate::say!(
        "{} (facing {}) attacks {} (facing {}) in {} terrain, elevation {}",
        args.attacker,
        facing_of(a),
        args.defender,
        facing_of(field.setup().uid(&args.defender)),
        args.terrain,
        args.elevation
    );
    crate::say!("modifiers:");
    for line in crate::engine::modifier_lines(modifiers.iter()) {
        crate::say!("  {line}");
    }
    for (hex, tq) in &pre_shock {
        let pass = gboh_alesia::combat::shock::pre_shock::odds(*tq).chance(&true);
        crate::say!(
            "pre-shock check (9.23) of the stack in {} against TQ {tq}: passed {pass}; the outcomes below are those of the stack that passed",
            narrate::hex(state, *hex)
        );
    }
    for line in &rolled {
        crate::say!("before the resolution (taken as passed): {line}");
    }
    crate::say!("outcomes (9.4 Shock Table, exact odds):");
    for line in shock_lines(state, &odds) {
        crate::say!("  {line}");
    }
    Ok(())
}
