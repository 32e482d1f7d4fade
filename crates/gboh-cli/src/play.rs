//! `gboh play` and `gboh replay`: a game narrated event by event, its log
//! written and checked, a human side played in the terminal.

use std::io::{BufRead, Write};
use std::path::Path;

use gboh_core::Side;
use gboh_core::dice::Dice;
use gboh_core::game::{Event, Game, Rules, fingerprint};
use gboh_core::policy;

use crate::cli::{PlayArgs, ReplayArgs, SidePolicy};
use crate::engine::{Bot, Choice, Engine, Outcome};
use crate::error::{CliError, read, rule, usage, write};
use crate::log::{Log, header, header_text, is_labelled};

/// Each side's policy name, Roman first, from `--side` options and the
/// defaults.
///
/// # Errors
/// [`CliError::Usage`] for an unknown side or policy.
pub fn policies<E: Engine>(e: &E, sides: &[SidePolicy]) -> Result<[String; 2], CliError> {
    let mut names =
        [e.default_policy(Side::Roman).to_owned(), e.default_policy(Side::Adversary).to_owned()];
    for s in sides {
        let side = e.side(&s.side)?;
        let known = e.policies();
        if s.policy != "human" && e.bot(&s.policy, side, 0).is_none() {
            let list: Vec<&str> = known.iter().map(|(n, _)| *n).collect();
            return Err(usage(format!(
                "{} cannot play policy {:?} (known: {})",
                e.side_name(side),
                s.policy,
                list.join(", ")
            )));
        }
        names[side.index()] = s.policy.clone();
    }
    Ok(names)
}

/// A side's player.
enum Player<R: Rules> {
    Bot(Bot<R>),
    Human,
}

/// The summary lines of a finished (or stopped) game, the same for `play`
/// and `replay`.
fn summary<E: Engine>(e: &E, game: &Game<E::R>) -> Result<Vec<String>, CliError> {
    let state = game.state();
    let outcome = e.result(state).unwrap_or(Outcome::Unfinished);
    let [r, a] = e.side_names();
    let lost = e.losses(state);
    let mut lines = vec![format!("result: {} ({})", e.result_name(outcome), e.reason(state))];
    lines.extend(e.standing(state));
    lines.extend([
        format!("actions: {}", game.log().len()),
        format!("units lost: {r} {}, {a} {}", lost[0], lost[1]),
        format!("final fingerprint: {:016x}", fingerprint(game).map_err(rule)?),
    ]);
    Ok(lines)
}

fn pictures<E: Engine>(
    e: &E,
    dir: &Path,
    name: &str,
    state: &E::R,
    title: &str,
) -> Result<(), CliError> {
    let path = dir.join(format!("{name}.svg"));
    write(&path, &e.svg(state, title))?;
    eprintln!("map: {}", path.display());
    Ok(())
}

/// `gboh play`.
///
/// # Errors
/// Usage errors for unknown names; rule errors for rejected actions and files.
pub fn play(args: &PlayArgs) -> Result<(), CliError> {
    let choice = Choice::parse(&args.game, &args.scenario)?;
    crate::with_engine!(choice, |e| play_with(e, args))
}

fn play_with<E: Engine>(e: &E, args: &PlayArgs) -> Result<(), CliError> {
    let names = policies(e, &args.sides)?;
    let mut players: Vec<Player<E::R>> = Vec::new();
    for side in Side::ALL {
        let name = &names[side.index()];
        players.push(if name == "human" {
            Player::Human
        } else {
            Player::Bot(e.bot(name, side, args.seed).ok_or_else(|| usage(name))?)
        });
    }
    let mut game = Game::new(e.initial()?, Dice::seeded(args.seed));
    let [r, a] = e.side_names();
    crate::say!("{} (seed {}): {r} {}, {a} {}", e.title(), args.seed, names[0], names[1]);
    if let Some(dir) = &args.svg {
        pictures(e, dir, "00-start", game.state(), &format!("{}: the start", e.title()))?;
    }
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut human = Human::default();
    let mut legal = Vec::new();
    let mut events = Vec::new();
    while game.log().len() < args.max_actions {
        let side = game.decider().unwrap_or(Side::Roman);
        let action = match players.get_mut(side.index()) {
            Some(Player::Bot(bot)) => match policy::choose(&game, bot.as_mut(), &mut legal) {
                Some(a) => a,
                None => break,
            },
            Some(Player::Human) => match human.turn(e, &mut game, side, &mut input) {
                Ok(Turn::Act(a)) => a,
                Ok(Turn::Undone) => continue,
                Ok(Turn::Quit | Turn::Over) => break,
                // Nobody reads the list any more: stop as `q` does.
                Err(_)
                    if crate::error::STDOUT_CLOSED.load(std::sync::atomic::Ordering::Relaxed) =>
                {
                    break;
                }
                Err(err) => return Err(err),
            },
            None => break,
        };
        if matches!(players.get(side.index()), Some(Player::Human)) {
            human.snapshots.push(game.clone());
        }
        events.clear();
        let index = game.log().len();
        game.apply_into(action.clone(), &mut events).map_err(|err| {
            rule(format!(
                "action {index} ({}) was rejected: {}",
                e.action(game.state(), &action),
                e.humanize(game.state(), &err.to_string())
            ))
        })?;
        if !args.quiet {
            for ev in &events {
                crate::say!("{}", e.narrate(game.state(), ev));
            }
        }
    }
    for line in summary(e, &game)? {
        crate::say!("{line}");
    }
    if let Some(dir) = &args.svg {
        pictures(e, dir, "99-end", game.state(), &format!("{}: the end", e.title()))?;
    }
    if let Some(path) = &args.save {
        write(path, &e.write_save(&game)?)?;
        eprintln!("save: {}", path.display());
    }
    if let Some(path) = &args.log {
        let outcome = e.result(game.state()).unwrap_or(Outcome::Unfinished);
        let log = Log {
            game: e.choice().game().to_owned(),
            scenario: e.choice().scenario().to_owned(),
            seed: args.seed,
            sides: vec![(r.to_owned(), names[0].clone()), (a.to_owned(), names[1].clone())],
            actions: game.log().to_vec(),
            result: e.result_name(outcome).to_owned(),
            final_fingerprint: fingerprint(&game).map_err(rule)?,
        };
        let text = match e.write_labelled(&e.initial()?, &log.actions) {
            Some(lines) => header_text(&log) + &lines?,
            None => {
                ron::ser::to_string_pretty(&log, ron::ser::PrettyConfig::default()).map_err(rule)?
            }
        };
        write(path, &text)?;
        eprintln!("log: {} ({} actions)", path.display(), log.actions.len());
    }
    Ok(())
}

/// What a human's turn came to.
enum Turn<A> {
    Act(A),
    Undone,
    Quit,
    Over,
}

/// A failed write to stdout: a closed pipe (`gboh play ... | head`) marks
/// stdout closed, so that the game stops quietly.
fn output(e: std::io::Error) -> CliError {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        crate::error::STDOUT_CLOSED.store(true, std::sync::atomic::Ordering::Relaxed);
    }
    rule(e)
}

/// The human player's memory: the game before each of his actions (undo).
struct Human<G> {
    snapshots: Vec<G>,
}

impl<G> Default for Human<G> {
    fn default() -> Self {
        Human { snapshots: Vec::new() }
    }
}

const HELP: &str = "commands: N (take action N), p N (preview action N: cost, modifiers, exact odds), f TEXT (list the actions containing TEXT), u (undo your last action), l (list again), q (quit and keep the log)";

impl<R: Rules<Error: std::fmt::Display>> Human<Game<R>> {
    /// Lists the legal actions and reads commands until one is chosen.
    fn turn<E: Engine<R = R>>(
        &mut self,
        e: &E,
        game: &mut Game<R>,
        side: Side,
        input: &mut impl BufRead,
    ) -> Result<Turn<R::Action>, CliError> {
        let legal = game.legal_actions();
        if legal.is_empty() {
            return Ok(Turn::Over);
        }
        let out = std::io::stdout();
        let mut out = out.lock();
        let list = |out: &mut std::io::StdoutLock<'_>| -> Result<(), CliError> {
            writeln!(
                out,
                "-- {} to decide: {}",
                e.side_name(side),
                e.pending(game.state(), &game.pending())
            )
            .map_err(output)?;
            for (i, a) in legal.iter().enumerate() {
                writeln!(out, "{:>4}: {}", i + 1, e.action(game.state(), a)).map_err(output)?;
            }
            writeln!(out, "{HELP}").map_err(output)
        };
        list(&mut out)?;
        loop {
            write!(out, "{}> ", e.side_name(side)).map_err(output)?;
            out.flush().map_err(output)?;
            let mut line = String::new();
            if input.read_line(&mut line).map_err(rule)? == 0 {
                writeln!(out, "(end of input: the game stops here)").map_err(output)?;
                return Ok(Turn::Quit);
            }
            let words: Vec<&str> = line.split_whitespace().collect();
            let pick = |w: Option<&&str>| -> Option<usize> {
                let n: usize = w?.parse().ok()?;
                (1..=legal.len()).contains(&n).then(|| n - 1)
            };
            match words.first().copied() {
                None => {}
                Some("q" | "quit") => return Ok(Turn::Quit),
                Some("l" | "list") => list(&mut out)?,
                Some("f" | "find") => {
                    let needle = words.get(1..).unwrap_or_default().join(" ");
                    let mut found = 0;
                    for (i, a) in legal.iter().enumerate() {
                        let text = e.action(game.state(), a);
                        if text.contains(&needle) {
                            writeln!(out, "{:>4}: {text}", i + 1).map_err(output)?;
                            found += 1;
                        }
                    }
                    writeln!(out, "{found} of {} actions contain {needle:?}", legal.len())
                        .map_err(output)?;
                }
                Some("h" | "help" | "?") => writeln!(out, "{HELP}").map_err(output)?,
                Some("u" | "undo") => match self.snapshots.pop() {
                    Some(before) => {
                        let undone = game.log().len() - before.log().len();
                        *game = before;
                        writeln!(
                            out,
                            "undone: your last action and the {} after it",
                            undone.saturating_sub(1)
                        )
                        .map_err(output)?;
                        return Ok(Turn::Undone);
                    }
                    None => writeln!(out, "nothing of yours to undo").map_err(output)?,
                },
                Some("p" | "preview") => match pick(words.get(1)).and_then(|i| legal.get(i)) {
                    Some(a) => match game.check(a) {
                        Ok(p) => {
                            for line in e.preview(game.state(), &p) {
                                writeln!(out, "    {line}").map_err(output)?;
                            }
                        }
                        Err(err) => {
                            let text = e.humanize(game.state(), &err.to_string());
                            writeln!(out, "    illegal: {text}").map_err(output)?;
                        }
                    },
                    None => {
                        writeln!(out, "preview which? p 1..{}", legal.len()).map_err(output)?;
                    }
                },
                Some(w) => match pick(Some(&w)).and_then(|i| legal.get(i)) {
                    Some(a) => return Ok(Turn::Act(a.clone())),
                    None => writeln!(
                        out,
                        "{w:?}: not a command or an action number 1..{}; {HELP}",
                        legal.len()
                    )
                    .map_err(output)?,
                },
            }
        }
    }
}

/// A log read back and replayed: the game, every action's events in words.
pub struct Replayed<R: Rules> {
    /// The log as read.
    pub log: Log<R::Action>,
    /// The initial state.
    pub initial: R,
    /// The game after every action.
    pub game: Game<R>,
    /// Each action's narrated events, in order.
    pub narration: Vec<Vec<String>>,
}

/// Reads and replays a log for engine `e`, narrating every action; `each`
/// sees the game after every action (the HTML viewer's frames).
///
/// # Errors
/// A log that does not parse, an action the rules reject, a fingerprint
/// that differs.
pub fn replay_log<E: Engine>(
    e: &E,
    path: &Path,
    text: &str,
    mut each: impl FnMut(&Game<E::R>, &[Event<<E::R as Rules>::Event>]),
) -> Result<Replayed<E::R>, CliError> {
    let initial = e.initial()?;
    let log: Log<<E::R as Rules>::Action> = if is_labelled(text) {
        let h = header(path, text)?;
        let actions = match e.read_labelled(&initial, text) {
            Some(Ok(actions)) => actions,
            Some(Err((line, why))) => {
                return Err(rule(format!("{}:{line}: {why}", path.display())));
            }
            None => {
                return Err(rule(format!(
                    "{}: {} logs are RON, not labelled lines",
                    path.display(),
                    h.game
                )));
            }
        };
        Log {
            game: h.game,
            scenario: h.scenario,
            seed: h.seed,
            sides: h.sides,
            actions,
            result: h.result,
            final_fingerprint: h.final_fingerprint,
        }
    } else {
        ron::from_str(text).map_err(|err| rule(format!("{}: {err}", path.display())))?
    };
    let mut game = Game::new(initial.clone(), Dice::seeded(log.seed));
    each(&game, &[]);
    let mut narration = Vec::with_capacity(log.actions.len());
    let mut events = Vec::new();
    for (index, action) in log.actions.iter().enumerate() {
        events.clear();
        game.apply_into(action.clone(), &mut events).map_err(|err| {
            rule(format!(
                "{}: action {index} ({}) is rejected: {}",
                path.display(),
                e.action(game.state(), action),
                e.humanize(game.state(), &err.to_string())
            ))
        })?;
        narration.push(events.iter().map(|ev| e.narrate(game.state(), ev)).collect());
        each(&game, &events);
    }
    Ok(Replayed { log, initial, game, narration })
}

/// `gboh replay`.
///
/// # Errors
/// As [`replay_log`]; files that cannot be written.
pub fn replay(args: &ReplayArgs) -> Result<(), CliError> {
    let text = read(&args.file)?;
    let (game, scenario) = crate::log::game_and_scenario(&args.file, &text)?;
    let choice = Choice::parse(&game, &scenario)
        .map_err(|err| rule(format!("{}: {err}", args.file.display())))?;
    crate::with_engine!(choice, |e| replay_with(e, args, &text))
}

fn replay_with<E: Engine>(e: &E, args: &ReplayArgs, text: &str) -> Result<(), CliError> {
    let mut frames = crate::html::Frames::default();
    let want_html = args.html.is_some();
    let replayed = replay_log(e, &args.file, text, |game, events| {
        if want_html {
            frames.push(e, game, events);
        }
    })?;
    let Replayed { log, initial, game, narration } = replayed;
    crate::say!(
        "{} (seed {}): {}",
        e.title(),
        log.seed,
        log.sides.iter().map(|(s, p)| format!("{s} {p}")).collect::<Vec<_>>().join(", ")
    );
    if !args.quiet {
        for lines in &narration {
            for l in lines {
                crate::say!("{l}");
            }
        }
    }
    let lines = summary(e, &game)?;
    for line in &lines {
        crate::say!("{line}");
    }
    if let Some(dir) = &args.svg {
        pictures(e, dir, "00-start", &initial, &format!("{}: the start", e.title()))?;
        pictures(e, dir, "99-end", game.state(), &format!("{}: the end", e.title()))?;
    }
    if let Some(path) = &args.html {
        let page = crate::html::page(e, &initial, &frames, &log.sides, &lines);
        write(path, &page)?;
        eprintln!("html: {}", path.display());
    }
    let print = fingerprint(&game).map_err(rule)?;
    let outcome = e.result(game.state()).unwrap_or(Outcome::Unfinished);
    if print != log.final_fingerprint {
        return Err(rule(format!(
            "{}: the replayed game's fingerprint {print:016x} differs from the log's {:016x}",
            args.file.display(),
            log.final_fingerprint
        )));
    }
    if e.result_name(outcome) != log.result {
        return Err(rule(format!(
            "{}: the replay ends in {} but the log says {}",
            args.file.display(),
            e.result_name(outcome),
            log.result
        )));
    }
    crate::say!("the replay matches the log (fingerprint and result)");
    Ok(())
}
