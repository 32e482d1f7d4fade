//! `gboh simulate`: many games on rayon threads, a summary with 95% Wilson
//! intervals, a CSV of one row a game, an SVG plot; `simulate merge` joins
//! the CSVs of shards.
//!
//! A game depends on its seed only (the dice and the bots are seeded from
//! it), the rows are kept in seed order, and the summary is computed from
//! the rows alone: so a range of seeds gives the same rows, summary and plot
//! whether it is played at once, on any number of threads, or in shards
//! merged afterwards.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;
use std::sync::Mutex;
use std::time::Instant;

use gboh_core::Side;
use gboh_core::dice::Dice;
use gboh_core::game::Game;
use gboh_core::policy;
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;

use crate::cli::{MergeArgs, RunArgs, seed_range};
use crate::engine::{Choice, Engine, Outcome};
use crate::error::{CliError, read, rule, usage, write};

/// The CSV's header.
pub const HEADER: &str =
    "game,scenario,seed,roman_policy,adversary_policy,result,actions,roman_losses,adversary_losses";

/// One game, as a CSV row.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Row {
    /// The game.
    pub game: String,
    /// The scenario.
    pub scenario: String,
    /// The seed.
    pub seed: u64,
    /// The Roman side's policy.
    pub roman_policy: String,
    /// The adversary's policy.
    pub adversary_policy: String,
    /// A side's name, `draw` or `unfinished`.
    pub result: String,
    /// Actions played.
    pub actions: u64,
    /// Roman units lost (eliminated or routed).
    pub roman_losses: u64,
    /// The adversary's units lost.
    pub adversary_losses: u64,
}

impl Row {
    fn csv(&self) -> String {
        format!(
            "{},{},{},{},{},{},{},{},{}",
            self.game,
            self.scenario,
            self.seed,
            self.roman_policy,
            self.adversary_policy,
            self.result,
            self.actions,
            self.roman_losses,
            self.adversary_losses
        )
    }

    fn parse(file: &str, line_no: usize, line: &str) -> Result<Row, CliError> {
        let f: Vec<&str> = line.split(',').map(str::trim).collect();
        let bad = |what: &str| rule(format!("{file}:{line_no}: {what}"));
        let [game, scenario, seed, rp, ap, result, actions, rl, al] = f.as_slice() else {
            return Err(bad(&format!("expected 9 fields ({HEADER}), found {}", f.len())));
        };
        let num = |name: &str, v: &str| -> Result<u64, CliError> {
            v.parse().map_err(|_| bad(&format!("{name} {v:?} is not a number")))
        };
        Ok(Row {
            game: (*game).to_owned(),
            scenario: (*scenario).to_owned(),
            seed: num("seed", seed)?,
            roman_policy: (*rp).to_owned(),
            adversary_policy: (*ap).to_owned(),
            result: (*result).to_owned(),
            actions: num("actions", actions)?,
            roman_losses: num("roman_losses", rl)?,
            adversary_losses: num("adversary_losses", al)?,
        })
    }
}

/// The 95% Wilson score interval of `k` successes in `n` trials.
#[must_use]
pub fn wilson(k: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let (k, n, z) = (k as f64, n as f64, 1.959_964);
    let p = k / n;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// One game from its seed.
///
/// The start is shared behind a lock, only to be cloned: a game's state
/// need not be `Sync` (the simple family's keeps its move search's buffers
/// in a `RefCell`).
fn one<E: Engine>(
    e: &E,
    start: &Mutex<E::R>,
    seed: u64,
    names: &[String; 2],
    max_actions: usize,
) -> Result<Row, CliError> {
    let start = start.lock().map_err(|_| rule("a thread failed while copying the start"))?.clone();
    let mut game = Game::new(start, Dice::seeded(seed));
    let bot = |side: Side| {
        let name = &names[side.index()];
        e.bot(name, side, seed).ok_or_else(|| usage(format!("{name}: not a bot")))
    };
    let (mut roman, mut adversary) = (bot(Side::Roman)?, bot(Side::Adversary)?);
    policy::play(&mut game, roman.as_mut(), adversary.as_mut(), policy::Limits { max_actions })
        .map_err(|err| rule(format!("seed {seed}: {}", e.humanize(game.state(), &err))))?;
    let state = game.state();
    let outcome = e.result(state).unwrap_or(Outcome::Unfinished);
    let lost = e.losses(state);
    Ok(Row {
        game: e.choice().game().to_owned(),
        scenario: e.choice().scenario().to_owned(),
        seed,
        roman_policy: names[0].clone(),
        adversary_policy: names[1].clone(),
        result: e.result_name(outcome).to_owned(),
        actions: game.log().len() as u64,
        roman_losses: u64::from(lost[0]),
        adversary_losses: u64::from(lost[1]),
    })
}

/// `gboh simulate`.
///
/// # Errors
/// Usage errors for bad names or seeds; rule errors for a bot's rejected
/// action or a file that cannot be written.
pub fn simulate(args: &RunArgs) -> Result<(), CliError> {
    let (Some(game), Some(scenario)) = (&args.game, &args.scenario) else {
        return Err(usage("simulate needs GAME and SCENARIO (or `simulate merge FILES...`)"));
    };
    let choice = Choice::parse(game, scenario)?;
    crate::with_engine!(choice, |e| simulate_with(e, args))
}

fn simulate_with<E: Engine>(e: &E, args: &RunArgs) -> Result<(), CliError> {
    let names = crate::play::policies(e, &args.sides)?;
    if names.iter().any(|n| n == "human") {
        return Err(usage("simulate plays bots only: a human side cannot be simulated"));
    }
    let seeds = match (&args.seeds, args.games) {
        (Some(r), None) => seed_range(r)?,
        (Some(r), Some(n)) => {
            let range = seed_range(r)?;
            if range.end - range.start != n {
                return Err(usage(format!(
                    "--games {n} and --seeds {r} disagree ({} seeds)",
                    range.end - range.start
                )));
            }
            range
        }
        (None, Some(0)) => return Err(usage("--games must be at least 1")),
        (None, Some(n)) => 1..n.saturating_add(1),
        (None, None) => 1..11,
    };
    let jobs = args.jobs.unwrap_or(0);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .map_err(|err| rule(format!("cannot start the threads: {err}")))?;
    let start = Mutex::new(e.initial()?);
    let n = seeds.end - seeds.start;
    let bar = ProgressBar::new(n);
    bar.set_style(
        ProgressStyle::with_template(
            "{spinner} [{elapsed_precise}] {bar:40} {pos}/{len} games, ETA {eta}",
        )
        .map_err(rule)?,
    );
    let clock = Instant::now();
    let seeds_vec: Vec<u64> = seeds.clone().collect();
    let rows: Result<Vec<Row>, CliError> = pool.install(|| {
        seeds_vec
            .par_iter()
            .map(|&seed| {
                let row = one(e, &start, seed, &names, args.max_actions);
                bar.inc(1);
                row
            })
            .collect()
    });
    bar.finish_and_clear();
    let rows = rows?;
    let secs = clock.elapsed().as_secs_f64();
    eprintln!(
        "played {n} games in {secs:.2} s on {} thread(s): {:.2} games/s",
        pool.current_num_threads(),
        n as f64 / secs.max(1e-9)
    );
    finish(&rows, args.csv.as_deref(), args.plot.as_deref())
}

/// Prints the summary; writes the CSV and the plot when asked.
fn finish(rows: &[Row], csv: Option<&Path>, plot: Option<&Path>) -> Result<(), CliError> {
    crate::say!("{}", summary(rows)?.trim_end_matches('\n'));
    if let Some(path) = csv {
        let mut text = String::from(HEADER);
        text.push('\n');
        for r in rows {
            text.push_str(&r.csv());
            text.push('\n');
        }
        write(path, &text)?;
        eprintln!("csv: {}", path.display());
    }
    if let Some(path) = plot {
        write(path, &crate::simulate::plot(rows)?)?;
        eprintln!("plot: {}", path.display());
    }
    Ok(())
}

/// The seeds, as a range when they are one.
fn seeds_text(rows: &[Row]) -> String {
    match (rows.first(), rows.last()) {
        (Some(a), Some(b)) if b.seed - a.seed + 1 == rows.len() as u64 => {
            format!("seeds {}..{}", a.seed, b.seed + 1)
        }
        _ => format!("{} seeds", rows.len()),
    }
}

/// The side names of a batch: from its game, or `roman`/`adversary`.
fn side_names(rows: &[Row]) -> [&'static str; 2] {
    rows.first()
        .and_then(|r| Choice::parse(&r.game, &r.scenario).ok())
        .map_or(["roman", "adversary"], |c| crate::with_engine!(c, |e| e.side_names()))
}

/// The summary of a batch, computed from its rows alone (in seed order).
///
/// # Errors
/// Rows of different games, scenarios or policies.
pub fn summary(rows: &[Row]) -> Result<String, CliError> {
    let Some(first) = rows.first() else {
        return Err(rule("no game to summarize"));
    };
    for r in rows {
        if (&r.game, &r.scenario, &r.roman_policy, &r.adversary_policy)
            != (&first.game, &first.scenario, &first.roman_policy, &first.adversary_policy)
        {
            return Err(rule(format!(
                "seed {} is a game of {} {} ({} vs {}), not of {} {} ({} vs {}): merge batches of one match-up",
                r.seed,
                r.game,
                r.scenario,
                r.roman_policy,
                r.adversary_policy,
                first.game,
                first.scenario,
                first.roman_policy,
                first.adversary_policy
            )));
        }
    }
    let [rn, an] = side_names(rows);
    let n = rows.len() as u64;
    let count = |what: &str| rows.iter().filter(|r| r.result == what).count() as u64;
    let mut s = String::new();
    let _ = writeln!(
        s,
        "{} {}: {n} games ({}), {rn} {} vs {an} {}",
        first.game,
        first.scenario,
        seeds_text(rows),
        first.roman_policy,
        first.adversary_policy
    );
    for (name, what) in [(rn, "win"), (an, "win"), ("draw", ""), ("unfinished", "")] {
        let k = count(name);
        let (lo, hi) = wilson(k, n);
        let label = if what.is_empty() { format!("{name}:") } else { format!("{name} {what}:") };
        let _ = writeln!(
            s,
            "  {label:<16} {k:>6} ({:5.1}%, 95% CI {:5.1}-{:5.1}%)",
            100.0 * k as f64 / n as f64,
            100.0 * lo,
            100.0 * hi
        );
    }
    let mut lengths: Vec<u64> = rows.iter().map(|r| r.actions).collect();
    lengths.sort_unstable();
    let mean = |v: &dyn Fn(&Row) -> u64| rows.iter().map(v).sum::<u64>() as f64 / n as f64;
    let median = lengths.get(lengths.len() / 2).copied().unwrap_or(0);
    let _ = writeln!(
        s,
        "  game length: mean {:.1} actions, median {median}, min {}, max {}",
        mean(&|r| r.actions),
        lengths.first().copied().unwrap_or(0),
        lengths.last().copied().unwrap_or(0)
    );
    let _ = writeln!(
        s,
        "  units lost a game: {rn} {:.2}, {an} {:.2}",
        mean(&|r| r.roman_losses),
        mean(&|r| r.adversary_losses)
    );
    Ok(s)
}

/// `gboh simulate merge`.
///
/// # Errors
/// Files that cannot be read or parsed; a seed in two files; rows of
/// different match-ups.
pub fn merge(args: &MergeArgs) -> Result<(), CliError> {
    let mut by_seed: BTreeMap<u64, (Row, String)> = BTreeMap::new();
    for path in &args.files {
        let text = read(path)?;
        let file = path.display().to_string();
        let mut lines = text.lines().enumerate();
        match lines.next() {
            Some((_, h)) if h.trim() == HEADER => {}
            _ => return Err(rule(format!("{file}:1: not a gboh simulate CSV (header {HEADER})"))),
        }
        for (i, line) in lines {
            if line.trim().is_empty() {
                continue;
            }
            let row = Row::parse(&file, i + 1, line)?;
            if let Some((_, other)) = by_seed.get(&row.seed) {
                return Err(rule(format!(
                    "{file}:{}: seed {} is also in {other}: shards must not overlap",
                    i + 1,
                    row.seed
                )));
            }
            by_seed.insert(row.seed, (row, file.clone()));
        }
    }
    let rows: Vec<Row> = by_seed.into_values().map(|(r, _)| r).collect();
    finish(&rows, args.csv.as_deref(), args.plot.as_deref())
}

/// An SVG plot of a batch: each result's count with its 95% Wilson
/// interval, and the distribution of game lengths.
///
/// # Errors
/// A drawing error from plotters.
pub fn plot(rows: &[Row]) -> Result<String, CliError> {
    use plotters::prelude::*;

    let [rn, an] = side_names(rows);
    let n = rows.len() as u64;
    let results = [rn, an, "draw", "unfinished"];
    let counts: Vec<u64> =
        results.iter().map(|w| rows.iter().filter(|r| r.result == *w).count() as u64).collect();
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (960, 420)).into_drawing_area();
        root.fill(&WHITE).map_err(rule)?;
        let title = rows
            .first()
            .map(|r| {
                format!(
                    "{} {}: {} games, {} vs {}",
                    r.game, r.scenario, n, r.roman_policy, r.adversary_policy
                )
            })
            .unwrap_or_default();
        let root = root.titled(&title, ("sans-serif", 18)).map_err(rule)?;
        let (left, right) = root.split_horizontally(440);

        let top = counts.iter().copied().max().unwrap_or(1).max(1) as f64 * 1.15;
        let mut chart = ChartBuilder::on(&left)
            .caption("results (bars: games; whiskers: 95% Wilson interval)", ("sans-serif", 13))
            .margin(10)
            .x_label_area_size(30)
            .y_label_area_size(45)
            .build_cartesian_2d((0u32..3u32).into_segmented(), 0f64..top)
            .map_err(rule)?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_label_formatter(&|v| match v {
                SegmentValue::CenterOf(i) => {
                    results.get(*i as usize).copied().unwrap_or("").to_owned()
                }
                _ => String::new(),
            })
            .y_desc("games")
            .draw()
            .map_err(rule)?;
        let colours = [
            RGBColor(192, 48, 48),
            RGBColor(48, 96, 192),
            RGBColor(120, 120, 120),
            RGBColor(200, 200, 200),
        ];
        chart
            .draw_series(counts.iter().enumerate().map(|(i, &k)| {
                let i = i as u32;
                let c = colours.get(i as usize).copied().unwrap_or(BLACK);
                let mut bar = Rectangle::new(
                    [(SegmentValue::Exact(i), 0.0), (SegmentValue::Exact(i + 1), k as f64)],
                    c.filled(),
                );
                bar.set_margin(0, 0, 12, 12);
                bar
            }))
            .map_err(rule)?;
        chart
            .draw_series(counts.iter().enumerate().map(|(i, &k)| {
                let (lo, hi) = wilson(k, n);
                let i = i as u32;
                PathElement::new(
                    vec![
                        (SegmentValue::CenterOf(i), lo * n as f64),
                        (SegmentValue::CenterOf(i), hi * n as f64),
                    ],
                    BLACK.stroke_width(2),
                )
            }))
            .map_err(rule)?;

        let max_len = rows.iter().map(|r| r.actions).max().unwrap_or(1).max(1);
        let bins = 20u64;
        let width = max_len.div_ceil(bins).max(1);
        let mut hist = vec![0u64; bins as usize + 1];
        for r in rows {
            if let Some(h) = hist.get_mut((r.actions / width) as usize) {
                *h += 1;
            }
        }
        let top = hist.iter().copied().max().unwrap_or(1).max(1) as f64 * 1.15;
        let mut chart = ChartBuilder::on(&right)
            .caption("game length", ("sans-serif", 13))
            .margin(10)
            .x_label_area_size(30)
            .y_label_area_size(45)
            .build_cartesian_2d(0u64..(width * (bins + 1)), 0f64..top)
            .map_err(rule)?;
        chart.configure_mesh().x_desc("actions").y_desc("games").draw().map_err(rule)?;
        chart
            .draw_series(hist.iter().enumerate().map(|(i, &k)| {
                let x = i as u64 * width;
                Rectangle::new([(x, 0.0), (x + width, k as f64)], RGBColor(90, 90, 160).filled())
            }))
            .map_err(rule)?;
        root.present().map_err(rule)?;
    }
    Ok(svg)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_interval_of_known_values() {
        let (lo, hi) = wilson(5, 10);
        assert!((lo - 0.2366).abs() < 1e-3 && (hi - 0.7634).abs() < 1e-3, "{lo} {hi}");
        assert_eq!(wilson(0, 0), (0.0, 1.0));
    }

    #[test]
    fn rows_round_trip_through_csv() {
        let r = Row {
            game: "dictator".into(),
            scenario: "rhine".into(),
            seed: 4,
            roman_policy: "advance".into(),
            adversary_policy: "random".into(),
            result: "germans".into(),
            actions: 120,
            roman_losses: 2,
            adversary_losses: 5,
        };
        assert_eq!(Row::parse("x.csv", 2, &r.csv()).ok(), Some(r));
        assert!(Row::parse("x.csv", 2, "a,b").is_err());
    }
}
