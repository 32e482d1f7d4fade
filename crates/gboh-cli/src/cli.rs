//! The command line's grammar (clap derive) and its dispatch.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

use crate::engine::Choice;
use crate::error::{CliError, usage};

/// The gboh rules engines from the command line: check data, play, replay,
/// simulate, compute odds.
///
/// Exit codes: 0 ok; 1 a rule or data error; 2 a usage error.
#[derive(Debug, Parser)]
#[command(name = "gboh", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Check RON data files (the embedded defaults, or your edited copies):
    /// every problem is printed as file:line:column; exit 1 on any.
    Validate(ValidateArgs),
    /// Play a scenario: bots, random players or you (`--side gauls=human`).
    Play(PlayArgs),
    /// Replay a log written by `play`: check it, narrate it, draw it.
    Replay(ReplayArgs),
    /// Play many games on several threads and summarize them; `simulate
    /// merge` joins the CSVs of several runs.
    Simulate(SimulateArgs),
    /// The exact outcome distribution of an Alesia attack.
    Odds(crate::odds::OddsArgs),
    /// List the games, scenarios, sides and policies.
    List,
}

#[derive(Debug, Args)]
struct ValidateArgs {
    /// RON files or folders (e.g. data/alesia, my-shock.ron); none: every
    /// embedded default. A file's game and kind come from its path
    /// (`alesia/tables/shock.ron`) or its name, or from --game.
    paths: Vec<PathBuf>,
    /// The game the files belong to, when their path does not say.
    #[arg(long)]
    game: Option<String>,
}

/// A side's policy: `NAME=POLICY`.
#[derive(Debug, Clone)]
pub struct SidePolicy {
    /// The side's name (`romans`, `gauls`).
    pub side: String,
    /// The policy's name (`defender`, `random`, `human`).
    pub policy: String,
}

fn side_policy(s: &str) -> Result<SidePolicy, String> {
    let (side, policy) =
        s.split_once('=').ok_or_else(|| format!("{s:?} is not NAME=POLICY (e.g. gauls=human)"))?;
    Ok(SidePolicy { side: side.trim().to_owned(), policy: policy.trim().to_owned() })
}

#[derive(Debug, Args)]
pub struct PlayArgs {
    /// alesia, dictator, gergovia or alexandria.
    pub game: String,
    /// final-assault, historical (alesia); rhine, chaeronea (dictator);
    /// standard, alternative (gergovia: its standard version's two
    /// deployments); simplified, simplified-alternative (gergovia: its
    /// simplified version's); main (alexandria: the main game's land
    /// battle).
    pub scenario: String,
    /// The seed of the dice and of the bots.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// A side's policy, NAME=POLICY (`gboh list` shows them); repeatable.
    #[arg(long = "side", value_parser = side_policy)]
    pub sides: Vec<SidePolicy>,
    /// Write the action log here, for `gboh replay` (Alesia: one action a
    /// line, hexes as map labels; the other games: RON).
    #[arg(long)]
    pub log: Option<PathBuf>,
    /// Write the game as it ends (or stops) here, a save a person can read
    /// and edit (hexes as map labels).
    #[arg(long)]
    pub save: Option<PathBuf>,
    /// Write SVG pictures of the start and the end here.
    #[arg(long)]
    pub svg: Option<PathBuf>,
    /// Stop after this many actions (the game is then unfinished).
    #[arg(long, default_value_t = 50_000)]
    pub max_actions: usize,
    /// Print only the summary, not every event.
    #[arg(long, short)]
    pub quiet: bool,
}

#[derive(Debug, Args)]
pub struct ReplayArgs {
    /// A log written by `gboh play --log`.
    pub file: PathBuf,
    /// Write SVG pictures of the start and the end here.
    #[arg(long)]
    pub svg: Option<PathBuf>,
    /// Write the HTML replay viewer (one self-contained page) here.
    #[arg(long)]
    pub html: Option<PathBuf>,
    /// Print only the summary, not every event.
    #[arg(long, short)]
    pub quiet: bool,
}

#[derive(Debug, Args)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
struct SimulateArgs {
    #[command(subcommand)]
    merge: Option<SimulateCommand>,
    #[command(flatten)]
    run: RunArgs,
}

#[derive(Debug, Subcommand)]
enum SimulateCommand {
    /// Join the CSVs of several runs (shards of one batch) and print their
    /// summary.
    Merge(MergeArgs),
}

#[derive(Debug, Args)]
pub struct MergeArgs {
    /// CSV files written by `gboh simulate --csv`.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Write the joined CSV here.
    #[arg(long)]
    pub csv: Option<PathBuf>,
    /// Write an SVG plot of the outcomes here.
    #[arg(long)]
    pub plot: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct RunArgs {
    /// alesia, dictator, gergovia or alexandria.
    #[arg(required = true)]
    pub game: Option<String>,
    /// The scenario (see `gboh list`).
    #[arg(required = true)]
    pub scenario: Option<String>,
    /// How many games (seeds 1..=N unless --seeds says otherwise).
    #[arg(long)]
    pub games: Option<u64>,
    /// The seeds to play, A..B (B excluded): a seed's game depends on its
    /// seed only, so shards of a range give the same games as the range.
    #[arg(long)]
    pub seeds: Option<String>,
    /// Threads (default: all cores).
    #[arg(long, short)]
    pub jobs: Option<usize>,
    /// A side's policy, NAME=POLICY; repeatable.
    #[arg(long = "side", value_parser = side_policy)]
    pub sides: Vec<SidePolicy>,
    /// Write one row a game here.
    #[arg(long)]
    pub csv: Option<PathBuf>,
    /// Write an SVG plot of the outcomes here.
    #[arg(long)]
    pub plot: Option<PathBuf>,
    /// A game past this many actions is stopped and counted unfinished.
    #[arg(long, default_value_t = 50_000)]
    pub max_actions: usize,
}

/// Runs a parsed command line.
///
/// # Errors
/// What went wrong, with its exit code.
pub fn run(cli: Cli) -> Result<(), CliError> {
    match cli.command {
        Command::Validate(a) => crate::validate::run(&a.paths, a.game.as_deref()),
        Command::Play(a) => crate::play::play(&a),
        Command::Replay(a) => crate::play::replay(&a),
        Command::Simulate(SimulateArgs { merge: Some(SimulateCommand::Merge(m)), .. }) => {
            crate::simulate::merge(&m)
        }
        Command::Simulate(SimulateArgs { merge: None, run }) => crate::simulate::simulate(&run),
        Command::Odds(a) => crate::odds::run(&a),
        Command::List => {
            list();
            Ok(())
        }
    }
}

fn list() {
    for (game, scenario) in Choice::NAMES {
        let Ok(choice) = Choice::parse(game, scenario) else { continue };
        crate::with_engine!(choice, |e| {
            use crate::engine::Engine as _;
            let [r, a] = e.side_names();
            crate::say!("{game} {scenario}: {} (sides {r}, {a})", e.title());
            for (name, what) in e.policies() {
                crate::say!("    {name}: {what}");
            }
        });
    }
}

/// Parses `A..B` (B excluded).
///
/// # Errors
/// [`CliError::Usage`] for anything else or an empty range.
pub fn seed_range(text: &str) -> Result<std::ops::Range<u64>, CliError> {
    let bad = || usage(format!("--seeds {text:?}: expected A..B with A < B (B excluded)"));
    let (a, b) = text.split_once("..").ok_or_else(bad)?;
    let a: u64 = a.trim().parse().map_err(|_| bad())?;
    let b: u64 = b.trim().parse().map_err(|_| bad())?;
    if a >= b {
        return Err(bad());
    }
    Ok(a..b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_ranges() {
        assert_eq!(seed_range("3..7").ok(), Some(3..7));
        assert!(seed_range("7..3").is_err());
        assert!(seed_range("3-7").is_err());
        assert!(seed_range("a..7").is_err());
    }

    #[test]
    fn the_grammar_is_consistent() {
        use clap::CommandFactory;
        Cli::command().debug_assert();
    }
}
