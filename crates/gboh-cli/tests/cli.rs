//! The `gboh` binary as a user runs it: exit codes, output, files.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

fn gboh_in(dir: &Path, args: &[&str], stdin: Option<&str>) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gboh"))
        .args(args)
        .current_dir(dir)
        .stdin(if stdin.is_some() { Stdio::piped() } else { Stdio::null() })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run gboh");
    if let Some(text) = stdin {
        child.stdin.take().unwrap().write_all(text.as_bytes()).unwrap();
    }
    let out = child.wait_with_output().unwrap();
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

fn gboh(args: &[&str]) -> Run {
    gboh_in(Path::new(env!("CARGO_MANIFEST_DIR")), args, None)
}

/// A fresh scratch folder under the target directory.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn data(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data").join(rel)
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// The lines of a `play` or `replay` summary.
fn summary(out: &str) -> Vec<&str> {
    out.lines()
        .filter(|l| {
            ["result: ", "actions: ", "units lost: ", "final fingerprint: "]
                .iter()
                .any(|p| l.starts_with(p))
        })
        .collect()
}

#[test]
fn validate_passes_the_embedded_defaults_and_the_data_folder() {
    let r = gboh(&["validate"]);
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    assert!(r.stdout.contains("no problem"), "{}", r.stdout);
    let r = gboh(&["validate", s(&data(""))]);
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    assert!(r.stdout.contains("ok: ") && r.stdout.contains("rhine.ron"), "{}", r.stdout);
}

#[test]
fn validate_reports_a_syntax_error_in_an_edited_copy_with_file_line_column() {
    let dir = scratch("validate-syntax");
    let copy = dir.join("alesia/tables/shock.ron");
    std::fs::create_dir_all(copy.parent().unwrap()).unwrap();
    let text = std::fs::read_to_string(data("alesia/tables/shock.ron")).unwrap();
    let line = text.lines().position(|l| l.trim_start().starts_with("name:")).unwrap() + 1;
    std::fs::write(&copy, text.replacen("    name:", "    nmae:", 1)).unwrap();
    let r = gboh(&["validate", s(&dir)]);
    assert_eq!(r.code, 1, "{}{}", r.stdout, r.stderr);
    let expected = format!("{}:{line}:5:", copy.display());
    assert!(r.stdout.contains(&expected), "wanted {expected} in\n{}", r.stdout);
    assert!(r.stderr.contains("1 problem(s) in 1 of 1 file(s)"), "{}", r.stderr);
}

#[test]
fn validate_reports_a_rule_problem_in_a_scenario_with_file_line_column() {
    let dir = scratch("validate-rule");
    let copy = dir.join("dictator/scenarios/rhine.ron");
    std::fs::create_dir_all(copy.parent().unwrap()).unwrap();
    let text = std::fs::read_to_string(data("dictator/scenarios/rhine.ron")).unwrap();
    let line = text.lines().position(|l| l.contains("\"R0408\"")).unwrap() + 1;
    std::fs::write(&copy, text.replacen("\"R0408\"", "\"R9999\"", 1)).unwrap();
    // Its map is not in the folder: the embedded one is used.
    let r = gboh(&["validate", s(&copy)]);
    assert_eq!(r.code, 1, "{}{}", r.stdout, r.stderr);
    let at = format!("{}:{line}:", copy.display());
    let problem =
        r.stdout.lines().find(|l| l.contains("R9999")).unwrap_or_else(|| panic!("{}", r.stdout));
    assert!(problem.starts_with(&at), "wanted {at} in {problem}");
}

#[test]
fn validate_says_what_is_wrong_with_the_command_line() {
    let r = gboh(&["validate", "no/such/file.ron"]);
    assert_eq!(r.code, 2);
    assert_eq!(r.stderr.lines().count(), 1, "{}", r.stderr);
    let dir = scratch("validate-which");
    std::fs::write(dir.join("shock.ron"), "()").unwrap();
    let r = gboh(&["validate", s(&dir.join("shock.ron"))]);
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(r.stderr.contains("which game?"), "{}", r.stderr);
    let r = gboh(&["validate", "--game", "alesia", s(&dir.join("shock.ron"))]);
    assert_eq!(r.code, 1, "{}{}", r.stdout, r.stderr);
}

#[test]
fn play_then_replay_gives_the_same_game() {
    let dir = scratch("play-replay");
    let log = dir.join("rhine.ron");
    let svg = dir.join("svg");
    let play =
        gboh(&["play", "dictator", "rhine", "--seed", "5", "--log", s(&log), "--svg", s(&svg)]);
    assert_eq!(play.code, 0, "{}", play.stderr);
    assert!(play.stdout.lines().any(|l| l.starts_with('[')), "narrated events");
    let played = summary(&play.stdout);
    assert_eq!(played.len(), 4, "{}", play.stdout);
    assert!(
        played[0].starts_with("result: romans")
            || played[0].starts_with("result: germans")
            || played[0].starts_with("result: draw"),
        "{}",
        played[0]
    );
    assert!(svg.join("00-start.svg").exists() && svg.join("99-end.svg").exists());

    let replay = gboh(&["replay", s(&log), "--quiet"]);
    assert_eq!(replay.code, 0, "{}", replay.stderr);
    assert_eq!(summary(&replay.stdout), played);
    assert!(replay.stdout.contains("the replay matches the log"));

    // The same seed plays the same game; another seed another one.
    let again = gboh(&["play", "dictator", "rhine", "--seed", "5", "-q"]);
    assert_eq!(summary(&again.stdout), played);
    let other =
        gboh(&["play", "dictator", "rhine", "--seed", "6", "-q", "--side", "germans=random"]);
    assert_ne!(summary(&other.stdout), played);
}

#[test]
fn an_alesia_game_cut_short_replays_too() {
    let dir = scratch("alesia-short");
    let log = dir.join("fa.ron");
    let play = gboh(&[
        "play",
        "alesia",
        "final-assault",
        "--seed",
        "7",
        "--max-actions",
        "60",
        "-q",
        "--log",
        s(&log),
    ]);
    assert_eq!(play.code, 0, "{}", play.stderr);
    assert!(play.stdout.contains("actions: 60"), "{}", play.stdout);
    assert!(play.stdout.contains("result: unfinished"), "{}", play.stdout);
    let replay = gboh(&["replay", s(&log), "-q"]);
    assert_eq!(replay.code, 0, "{}", replay.stderr);
    assert_eq!(summary(&replay.stdout), summary(&play.stdout));
}

/// Plays 120 actions of 12.1 with seed 7 and writes the log to `log`.
fn play_alesia_with_log(log: &Path) -> Run {
    let play = gboh(&[
        "play",
        "alesia",
        "final-assault",
        "--seed",
        "7",
        "--max-actions",
        "120",
        "-q",
        "--log",
        s(log),
    ]);
    assert_eq!(play.code, 0, "{}", play.stderr);
    play
}

#[test]
fn an_alesia_log_is_labelled_and_replays_as_written() {
    let dir = scratch("alesia-labelled");
    let log = dir.join("fa.log");
    let play = play_alesia_with_log(&log);
    let text = std::fs::read_to_string(&log).unwrap();
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("# gboh log"), "{text}");
    assert!(text.contains("\n# seed: 7\n"), "{text}");
    let fingerprint = summary(&play.stdout)[3].trim_start_matches("final fingerprint: ").to_owned();
    assert!(text.contains(&format!("# final fingerprint: {fingerprint}\n")), "{text}");
    let actions: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(actions.len(), 120, "one action a line:\n{text}");
    // Hexes are map labels, not hexx coordinates.
    assert!(actions.iter().any(|l| l.contains("hex:\"W")), "{text}");
    assert!(!text.contains("(x:"), "no hex as coordinates:\n{text}");
    // Read back untouched: the same game.
    let replay = gboh(&["replay", s(&log), "-q"]);
    assert_eq!(replay.code, 0, "{}", replay.stderr);
    assert_eq!(summary(&replay.stdout), summary(&play.stdout));
    assert!(replay.stdout.contains("the replay matches the log"), "{}", replay.stdout);
}

#[test]
fn a_hand_edited_log_with_a_bad_label_names_its_line_and_label() {
    let dir = scratch("alesia-bad-label");
    let log = dir.join("fa.log");
    play_alesia_with_log(&log);
    let text = std::fs::read_to_string(&log).unwrap();
    let (index, line) =
        text.lines().enumerate().find(|(_, l)| !l.starts_with('#') && l.contains("\"W")).unwrap();
    let start = line.find("\"W").unwrap() + 1;
    let label = &line[start..start + 5];
    let edited = text.replacen(&format!("\"{label}\""), "\"W9999\"", 1);
    assert_ne!(edited, text);
    std::fs::write(&log, edited).unwrap();
    let r = gboh(&["replay", s(&log), "-q"]);
    assert_eq!(r.code, 1, "{}{}", r.stdout, r.stderr);
    assert_eq!(r.stderr.lines().count(), 1, "one line: {}", r.stderr);
    let at = format!("{}:{}: W9999 ", s(&log), index + 1);
    assert!(r.stderr.starts_with(&format!("error: {at}")), "wanted {at} in {}", r.stderr);
    // A header value a person mistyped is named with its line too.
    std::fs::write(&log, text.replacen("# seed: 7", "# seed: seven", 1)).unwrap();
    let r = gboh(&["replay", s(&log), "-q"]);
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert!(r.stderr.contains("fa.log:4: seed \"seven\""), "{}", r.stderr);
    assert_eq!(r.stderr.lines().count(), 1, "{}", r.stderr);
}

#[test]
fn an_alesia_log_in_the_old_ron_form_still_replays() {
    use gboh_alesia::playthrough::Playthrough;
    use gboh_alesia::scenario::ScenarioId;
    let mut reference = Playthrough::new(ScenarioId::FinalAssault, 7).unwrap();
    let mut events = Vec::new();
    for _ in 0..40 {
        assert!(reference.step(&mut events).unwrap());
    }
    let print = gboh_core::game::fingerprint(&reference.game).unwrap();
    let actions = ron::to_string(reference.game.log()).unwrap();
    let text = format!(
        "(game: \"alesia\", scenario: \"final-assault\", seed: 7, sides: [(\"romans\", \"defender\"), (\"gauls\", \"aggression\")], actions: {actions}, result: \"unfinished\", final_fingerprint: {print})"
    );
    let dir = scratch("alesia-old-ron");
    let log = dir.join("old.ron");
    std::fs::write(&log, text).unwrap();
    let r = gboh(&["replay", s(&log), "-q"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.contains(&format!("final fingerprint: {print:016x}")), "{}", r.stdout);
    assert!(r.stdout.contains("the replay matches the log"), "{}", r.stdout);
}

#[test]
fn a_tampered_log_does_not_replay() {
    let dir = scratch("tampered");
    let log = dir.join("rhine.ron");
    let play = gboh(&["play", "dictator", "rhine", "--seed", "5", "-q", "--log", s(&log)]);
    assert_eq!(play.code, 0, "{}", play.stderr);
    let text = std::fs::read_to_string(&log).unwrap();
    std::fs::write(&log, text.replacen("seed: 5,", "seed: 6,", 1)).unwrap();
    let r = gboh(&["replay", s(&log), "-q"]);
    assert_eq!(r.code, 1, "{}{}", r.stdout, r.stderr);
    assert_eq!(r.stderr.lines().count(), 1, "{}", r.stderr);
    assert!(r.stderr.contains("rhine.ron"), "{}", r.stderr);
    std::fs::write(&log, "(not a log)").unwrap();
    let r = gboh(&["replay", s(&log)]);
    assert_eq!(r.code, 1, "{}", r.stderr);
}

#[test]
fn usage_errors_exit_2_with_one_line() {
    for args in [
        &["play", "chess", "x"][..],
        &["play", "gergovia", "tournament"],
        &["play", "alesia", "nowhere"],
        &["play", "alesia", "final-assault", "--side", "gauls=genius"],
        &["play", "alesia", "final-assault", "--side", "britons=random"],
        &["simulate", "dictator", "rhine", "--seeds", "9..3"],
        &["odds", "--attacker", "Nobody", "--defender", "X-1"],
    ] {
        let r = gboh(args);
        assert_eq!(r.code, 2, "{args:?}: {}", r.stderr);
        assert_eq!(r.stderr.trim().lines().count(), 1, "{args:?}: {}", r.stderr);
    }
    let r = gboh(&["play", "gergovia", "tournament"]);
    assert!(
        r.stderr.contains("known: standard, alternative, simplified, simplified-alternative"),
        "{}",
        r.stderr
    );
    let r = gboh(&["frobnicate"]);
    assert_eq!(r.code, 2);
}

#[test]
fn simulate_in_shards_and_merged_equals_one_run() {
    let dir = scratch("simulate");
    let (all, a, b, merged) =
        (dir.join("all.csv"), dir.join("a.csv"), dir.join("b.csv"), dir.join("merged.csv"));
    let base = ["simulate", "dictator", "rhine", "--side", "germans=random"];
    let run = |seeds: &str, jobs: &str, csv: &Path| {
        let mut args = base.to_vec();
        args.extend(["--seeds", seeds, "--jobs", jobs, "--csv", s(csv)]);
        let r = gboh(&args);
        assert_eq!(r.code, 0, "{}", r.stderr);
        r
    };
    let one = run("1..7", "2", &all);
    run("1..4", "1", &a);
    run("4..7", "2", &b);
    let plot = dir.join("plot.svg");
    let m = gboh(&["simulate", "merge", s(&b), s(&a), "--csv", s(&merged), "--plot", s(&plot)]);
    assert_eq!(m.code, 0, "{}", m.stderr);
    assert_eq!(m.stdout, one.stdout);
    assert_eq!(std::fs::read_to_string(&merged).unwrap(), std::fs::read_to_string(&all).unwrap());
    assert!(one.stdout.contains("6 games (seeds 1..7)"), "{}", one.stdout);
    assert!(one.stdout.contains("95% CI"), "{}", one.stdout);
    assert!(one.stdout.contains("game length: mean"), "{}", one.stdout);
    let csv = std::fs::read_to_string(&all).unwrap();
    assert_eq!(csv.lines().count(), 7, "a header and one row a game:\n{csv}");
    let svg = std::fs::read_to_string(&plot).unwrap();
    assert!(svg.starts_with("<svg") && svg.contains("game length"), "{svg}");
    // The games differ by seed (random Germans), so the split is not trivial.
    let lengths: std::collections::BTreeSet<&str> =
        csv.lines().skip(1).filter_map(|l| l.split(',').nth(6)).collect();
    assert!(lengths.len() > 1, "{csv}");

    // Overlapping shards are refused.
    let r = gboh(&["simulate", "merge", s(&a), s(&all)]);
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert!(r.stderr.contains("also in"), "{}", r.stderr);
}

#[test]
fn odds_prints_every_modifier_and_the_exact_distribution() {
    let r =
        gboh(&["odds", "--attacker", "Aedui-1", "--defender", "X-1", "--defender-facing", "10"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    // 9.25: through the cohort's flank; 9.43: BI against CO.
    assert!(
        r.stdout.contains("[ 9.25]  +3  position superiority: through the defender's flank"),
        "{}",
        r.stdout
    );
    assert!(r.stdout.contains("[ 9.43]  -2  weapon systems BI against CO"), "{}", r.stdout);
    assert!(r.stdout.contains("total    +1"), "{}", r.stdout);
    // Every outcome line's count, out of 10 faces, adds up to 10.
    let total: u64 = r
        .stdout
        .lines()
        .filter_map(|l| l.split_whitespace().nth(1)?.strip_suffix("/10")?.parse::<u64>().ok())
        .sum();
    assert_eq!(total, 10, "{}", r.stdout);
    let r = gboh(&["odds", "--attacker", "Aedui-1", "--defender", "Arverni-1"]);
    assert_eq!(r.code, 2, "same side: {}", r.stderr);
}

/// The counts of an odds table's outcome lines (`  40.00%    4/10  hit: ...`)
/// whose text starts with `what`, and their denominator.
fn counts(out: &str, what: &str) -> (u64, u64) {
    let mut k = 0;
    let mut n = 0;
    for l in out.lines() {
        let mut words = l.split_whitespace();
        let (Some(_), Some(frac), Some(rest)) = (words.next(), words.next(), words.next()) else {
            continue;
        };
        let Some((a, b)) = frac.split_once('/') else { continue };
        let (Ok(a), Ok(b)) = (a.parse::<u64>(), b.parse::<u64>()) else { continue };
        n = b;
        if rest.starts_with(what) {
            k += a;
        }
    }
    (k, n)
}

#[test]
fn odds_of_a_missile_shot_list_its_column_range_modifiers_and_exact_odds() {
    // Archers at range 2, nothing in the way: column A, read at range 2.
    let r = gboh(&[
        "odds",
        "--fire",
        "--attacker",
        "Archers-1",
        "--defender",
        "Aedui-1",
        "--range",
        "2",
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.contains("fires at Aedui-1 in T0505"), "{}", r.stdout);
    assert!(r.stdout.contains("range 2"), "{}", r.stdout);
    assert!(r.stdout.contains("missile column A, read at range 2"), "{}", r.stdout);
    let hit_number: u64 = r
        .stdout
        .split("modified roll of ")
        .nth(1)
        .and_then(|t| t.split_whitespace().next()?.parse().ok())
        .unwrap();
    // A d10 read 0-9: a hit on the hit number or less, no modifier.
    assert_eq!(counts(&r.stdout, "hit"), (hit_number + 1, 10), "{}", r.stdout);
    assert_eq!(counts(&r.stdout, "miss"), (9 - hit_number, 10), "{}", r.stdout);
    assert!(r.stdout.contains("hit: Aedui-1 takes 1"), "{}", r.stdout);
    // Woods, the firer's hits and its move: each modifier with its rule,
    // and the odds they leave.
    let m = gboh(&[
        "odds",
        "--fire",
        "--attacker",
        "Archers-1",
        "--defender",
        "Aedui-1",
        "--range",
        "2",
        "--terrain",
        "woods",
        "--attacker-hits",
        "1",
        "--will-move",
    ]);
    assert_eq!(m.code, 0, "{}", m.stderr);
    for line in [
        "[ 8.17]  +1  1 hits on the firing unit",
        "[ 8.17]  +1  target in Woods",
        "[ 8.17]  +1  foot archer or mounted missile unit moved or will move",
        "total    +3",
    ] {
        assert!(m.stdout.contains(line), "wanted {line:?} in\n{}", m.stdout);
    }
    let (hits, n) = counts(&m.stdout, "hit");
    assert_eq!((hits, n), ((hit_number + 1).saturating_sub(3), 10), "{}", m.stdout);
    // A leader in the target hex may be killed (8.18): the odds out of 100.
    let l = gboh(&[
        "odds",
        "--fire",
        "--attacker",
        "Archers-1",
        "--defender",
        "Aedui-1",
        "--range",
        "2",
        "--defender-leader",
        "Vercingetorix",
    ]);
    assert_eq!(l.code, 0, "{}", l.stderr);
    assert!(l.stdout.contains("Vercingetorix is killed (8.18)"), "{}", l.stdout);
    let (all, n) = counts(&l.stdout, "");
    assert_eq!(all, n, "the outcomes cover every roll: {}", l.stdout);
    // What the rules refuse is one line, exit 1; a bad range, exit 2.
    let r = gboh(&["odds", "--fire", "--attacker", "Aedui-1", "--defender", "IX-3"]);
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert_eq!(r.stderr.lines().count(), 1, "{}", r.stderr);
    assert!(r.stderr.contains("no missile capability"), "{}", r.stderr);
    let r = gboh(&[
        "odds",
        "--fire",
        "--attacker",
        "Archers-1",
        "--defender",
        "Aedui-1",
        "--range",
        "9",
    ]);
    assert_eq!(r.code, 2, "{}", r.stderr);
    let r = gboh(&["odds", "--attacker", "Archers-1", "--defender", "Aedui-1", "--range", "2"]);
    assert_eq!(r.code, 2, "--range needs --fire: {}", r.stderr);
}

#[test]
fn a_human_plays_from_stdin_previews_and_undoes() {
    let dir = scratch("human");
    let log = dir.join("h.ron");
    // Preview the first action, take it, undo it, take the second instead,
    // try nonsense, then quit: the log keeps one action.
    let r = gboh_in(
        &dir,
        &[
            "play",
            "dictator",
            "rhine",
            "--seed",
            "2",
            "--side",
            "romans=human",
            "--log",
            "h.ron",
            "-q",
        ],
        Some("p 1\n1\nu\nu\nf Labienus\n2\nbogus\nq\n"),
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout.contains("   1: Caesar takes an Elite Commander's Orders Phase (SPQR 5.5)"),
        "{}",
        r.stdout
    );
    assert!(r.stdout.contains("undone: your last action"), "{}", r.stdout);
    assert!(r.stdout.contains("nothing of yours to undo"), "{}", r.stdout);
    assert!(r.stdout.contains("1 of 4 actions contain \"Labienus\""), "{}", r.stdout);
    assert!(r.stdout.contains("\"bogus\": not a command"), "{}", r.stdout);
    assert!(r.stdout.contains("actions: 1"), "{}", r.stdout);
    let text = std::fs::read_to_string(&log).unwrap();
    assert!(
        text.contains("ElitePhase") && text.contains("leader: 1"),
        "the second action was kept:\n{text}"
    );
    let replay = gboh(&["replay", s(&log), "-q"]);
    assert_eq!(replay.code, 0, "{}", replay.stderr);
}

#[test]
fn replay_writes_one_self_contained_html_page() {
    let dir = scratch("html");
    let log = dir.join("rhine.ron");
    let html = dir.join("game.html");
    assert_eq!(gboh(&["play", "dictator", "rhine", "--seed", "5", "-q", "--log", s(&log)]).code, 0);
    let r = gboh(&["replay", s(&log), "-q", "--html", s(&html)]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(page.starts_with("<!DOCTYPE html>"));
    // Nothing fetched: no external script, style, image or font.
    for bad in ["src=\"http", "href=\"http", "@import", "url(http"] {
        assert!(!page.contains(bad), "{bad}");
    }
    assert_eq!(page.matches("<script").count(), 1);
    assert!(page.contains("<svg id=\"map\""));
    assert!(page.contains("[SPQR 6.27]"), "the narrated log with its rule sections");
}

#[test]
fn the_default_alesia_match_up_is_the_reference_playthrough() {
    use gboh_alesia::playthrough::Playthrough;
    use gboh_alesia::scenario::ScenarioId;
    // Seed 4 is the shortest of the golden games.
    let mut reference = Playthrough::new(ScenarioId::FinalAssault, 4).unwrap();
    assert!(reference.run(50_000).unwrap());
    let print = gboh_core::game::fingerprint(&reference.game).unwrap();
    let r = gboh(&["play", "alesia", "final-assault", "--seed", "4", "-q"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout.contains(&format!("actions: {}\n", reference.game.log().len())),
        "{}",
        r.stdout
    );
    assert!(r.stdout.contains(&format!("final fingerprint: {print:016x}")), "{}", r.stdout);
}

#[test]
fn validate_checks_a_scenario_against_the_counters_beside_it() {
    let dir = scratch("validate-companions");
    let leaders = dir.join("alesia/counters/leaders.ron");
    let scenario = dir.join("alesia/scenarios/final-assault.ron");
    for (from, to) in [
        ("alesia/counters/leaders.ron", &leaders),
        ("alesia/scenarios/final-assault.ron", &scenario),
    ] {
        std::fs::create_dir_all(to.parent().unwrap()).unwrap();
        std::fs::copy(data(from), to).unwrap();
    }
    for name in ["roman.ron", "gallic.ron"] {
        std::fs::copy(
            data(&format!("alesia/counters/{name}")),
            dir.join("alesia/counters").join(name),
        )
        .unwrap();
    }
    // Labienus renamed in the user's leaders: the mix itself is still sound,
    // the scenario that names him is not.
    let text = std::fs::read_to_string(&leaders).unwrap();
    std::fs::write(&leaders, text.replacen("id: \"Labienus\"", "id: \"Labienvs\"", 1)).unwrap();
    let line = std::fs::read_to_string(&scenario)
        .unwrap()
        .lines()
        .position(|l| l.contains("\"Labienus\""))
        .unwrap()
        + 1;
    let r = gboh(&["validate", s(&dir)]);
    assert_eq!(r.code, 1, "{}{}", r.stdout, r.stderr);
    assert!(r.stdout.contains(&format!("ok: {}", leaders.display())), "{}", r.stdout);
    let at = format!("{}:{line}:", scenario.display());
    assert!(
        r.stdout.lines().any(|l| l.starts_with(&at) && l.contains("Labienus")),
        "wanted {at} in\n{}",
        r.stdout
    );
}

#[test]
fn a_human_previews_an_alesia_shot_with_its_modifiers_and_exact_odds() {
    // Seed 1: the Romans' first decision is Entry Reaction Fire (8.62).
    let r = gboh(&["play", "alesia", "final-assault", "--side", "romans=human", "-q"]);
    assert_eq!(r.code, 0, "end of input stops the game: {}", r.stderr);
    let r = gboh_in(
        Path::new(env!("CARGO_TARGET_TMPDIR")),
        &["play", "alesia", "final-assault", "--side", "romans=human", "-q"],
        Some("f React\np 1\nq\n"),
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout.contains("romans to decide: fire in reaction, or decline (8.6)"),
        "{}",
        r.stdout
    );
    assert!(r.stdout.contains("missile fire at range"), "{}", r.stdout);
    assert!(r.stdout.contains("    total "), "the modifiers and their total: {}", r.stdout);
    let odds: u64 = r
        .stdout
        .lines()
        .filter(|l| l.contains("  hit") || l.trim_end().ends_with("miss"))
        .filter_map(|l| l.split_whitespace().nth(1)?.strip_suffix("/10")?.parse::<u64>().ok())
        .sum();
    assert_eq!(odds, 10, "hit and miss cover the ten faces: {}", r.stdout);
}

#[test]
fn validate_checks_alexandria_s_city_with_its_map() {
    // An edited copy of the city next to the default map: the problem is
    // reported in the copy, at its line.
    let dir = scratch("validate-alexandria");
    let copy = dir.join("alexandria/city.ron");
    std::fs::create_dir_all(copy.parent().unwrap()).unwrap();
    let text = std::fs::read_to_string(data("alexandria/city.ron")).unwrap();
    let (line, l) = text.lines().enumerate().find(|(_, l)| l.contains("\"2/3-K/L\"")).unwrap();
    let column = l.find("\"2/3-K/L\"").unwrap();
    std::fs::write(&copy, text.replacen("\"2/3-K/L\"", "\"9/9-Z/Z\"", 1)).unwrap();
    let r = gboh(&["validate", s(&copy)]);
    assert_eq!(r.code, 1, "{}{}", r.stdout, r.stderr);
    let at = format!("{}:{}:", copy.display(), line + 1);
    assert!(r.stdout.contains(&at), "wanted {at} (column {}) in\n{}", column + 1, r.stdout);
    // The defaults pass.
    let r = gboh(&["validate", s(&data("alexandria"))]);
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
}

#[test]
fn play_writes_a_save_with_hexes_as_labels_that_loads_back() {
    let dir = scratch("alesia-save");
    let save = dir.join("fa.save");
    let play = gboh(&[
        "play",
        "alesia",
        "final-assault",
        "--seed",
        "7",
        "--max-actions",
        "60",
        "-q",
        "--save",
        s(&save),
    ]);
    assert_eq!(play.code, 0, "{}", play.stderr);
    let text = std::fs::read_to_string(&save).unwrap();
    assert!(text.starts_with(gboh_alesia::narrate::log::SAVE_HEADER), "{text}");
    assert!(text.contains("Some(\"W"), "hexes as labels");
    let game = gboh_alesia::narrate::log::read_save(&text).unwrap();
    assert_eq!(game.log().len(), 60);
    // The same game as the summary's fingerprint says.
    let printed = format!("{:016x}", gboh_core::game::fingerprint(&game).unwrap());
    assert!(play.stdout.contains(&printed), "{printed} not in\n{}", play.stdout);
}

#[test]
fn odds_of_a_dictator_shock_follow_the_standard_charts() {
    // The protocol's worked case (gboh-standard tests/protocol.rs): LG
    // against BI, front: column 6 (8.73); 3 against 6, the attacker moved:
    // 1:2, one column left (8.5); LG against BI is Attack Superior (8.72);
    // a 0 on column 5 is 3 to the attacker and 2, doubled 4, to the defender.
    let r = gboh(&[
        "odds",
        "--game",
        "dictator",
        "--attacker",
        "VII-1",
        "--defender",
        "HAR-1",
        "--moved",
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    for want in [
        "VII-1 (size 3) shocks HAR-1 (size 6) in the front (The Rhine)",
        "column 6 (SPQR 8.73)",
        "  -1 size ratio (SPQR 8.5)",
        "superiority (SPQR 8.72): Attack Superior",
        "3 hits to the attacker, 4 hits to the defender",
    ] {
        assert!(r.stdout.contains(want), "{want:?} not in\n{}", r.stdout);
    }
    // The chances add up to one.
    let total: u32 = r
        .stdout
        .lines()
        .filter_map(|l| l.trim().split_once("/10 "))
        .map(|(n, _)| n.trim().parse::<u32>().unwrap())
        .sum();
    assert_eq!(total, 10, "{}", r.stdout);
    // A leader's Charisma is a modifier with its section.
    let led = gboh(&[
        "odds",
        "--game",
        "dictator",
        "--attacker",
        "VII-1",
        "--defender",
        "HAR-1",
        "--attacker-leader",
        "Caesar",
    ]);
    assert!(led.stdout.contains("[SPQR 8.7]") && led.stdout.contains("Charisma"), "{}", led.stdout);
    let bad = gboh(&["odds", "--game", "dictator", "--attacker", "VII-1", "--defender", "NOPE"]);
    assert_eq!(bad.code, 2);
    assert!(bad.stderr.contains("\"NOPE\" is not a counter of The Rhine"), "{}", bad.stderr);
}

#[test]
fn a_dictator_save_writes_hexes_as_labels_too() {
    let dir = scratch("dictator-save");
    let save = dir.join("rhine.save");
    let play =
        gboh(&["play", "dictator", "rhine", "--max-actions", "40", "-q", "--save", s(&save)]);
    assert_eq!(play.code, 0, "{}", play.stderr);
    let text = std::fs::read_to_string(&save).unwrap();
    assert!(text.starts_with(gboh_standard::narrate::SAVE_HEADER), "{text}");
    assert!(text.contains("hex: \"R"), "hexes as labels:\n{text}");
    assert!(!text.contains("(x:"), "no hex left as coordinates");
}

/// Gergovia's standard version plugs into every command: `play` (with its
/// victory points counted live in the summary), `replay`, the HTML viewer,
/// the pictures, `simulate`; the default match-up is the engine's `Advance`
/// bots, the game the crate's example and golden test play.
#[test]
fn gergovia_plays_replays_draws_and_simulates() {
    use gboh_core::dice::Dice;
    use gboh_core::game::Game;
    use gboh_core::policy::choose;
    use gboh_gergovia::standard::Gergovia;
    use gboh_standard::Battle;
    use gboh_standard::bots::Advance;

    let dir = scratch("gergovia");
    let (log, svg, html) = (dir.join("g.ron"), dir.join("svg"), dir.join("g.html"));
    let cut = "200";
    let play = gboh(&[
        "play",
        "gergovia",
        "standard",
        "--seed",
        "52",
        "--max-actions",
        cut,
        "--log",
        s(&log),
        "--svg",
        s(&svg),
    ]);
    assert_eq!(play.code, 0, "{}", play.stderr);
    let events: Vec<&str> = play.stdout.lines().filter(|l| l.starts_with('[')).collect();
    assert!(events.iter().any(|l| l.starts_with("[SPQR ")), "the engine's sections");
    for dump in ["Hex {", "Some(", "{ unit"] {
        assert!(!play.stdout.contains(dump), "a debug dump {dump:?} in the narration");
    }
    assert!(play.stdout.contains(&format!("actions: {cut}\n")), "{}", play.stdout);
    assert!(play.stdout.contains("result: unfinished"), "{}", play.stdout);
    for side in ["Rome", "Gaul"] {
        assert!(
            play.stdout.lines().any(|l| {
                l.starts_with(&format!("victory points (Gergovia, Victory): {side} "))
            }),
            "{side}'s points in the summary: {}",
            play.stdout
        );
    }
    assert!(play.stdout.contains("Gaul") && play.stdout.contains(" of 25"), "Gaul's threshold");
    assert!(svg.join("00-start.svg").exists() && svg.join("99-end.svg").exists());

    // The same game as the engine's bots play it in-process.
    let (initial, _) = Battle::new(Gergovia::default(), "Gergovia").unwrap();
    let mut game = Game::new(initial, Dice::seeded(52));
    let (mut bot, mut legal) = (Advance, Vec::new());
    for _ in 0..200 {
        let action = choose(&game, &mut bot, &mut legal).unwrap();
        game.apply(action).unwrap();
    }
    let print = gboh_core::game::fingerprint(&game).unwrap();
    assert!(play.stdout.contains(&format!("final fingerprint: {print:016x}")), "{}", play.stdout);

    let replay = gboh(&["replay", s(&log), "-q", "--html", s(&html)]);
    assert_eq!(replay.code, 0, "{}", replay.stderr);
    assert_eq!(summary(&replay.stdout), summary(&play.stdout));
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(page.contains("<svg id=\"map\"") && page.contains("Gergovia"));

    let alt =
        gboh(&["play", "gergovia", "alternative", "--seed", "3", "--max-actions", "40", "-q"]);
    assert_eq!(alt.code, 0, "{}", alt.stderr);
    assert!(alt.stdout.contains("alternative deployment"), "{}", alt.stdout);

    let sim = gboh(&[
        "simulate",
        "gergovia",
        "standard",
        "--seeds",
        "1..3",
        "--jobs",
        "2",
        "--max-actions",
        "60",
        "--side",
        "gauls=random",
    ]);
    assert_eq!(sim.code, 0, "{}", sim.stderr);
    assert!(sim.stdout.contains("2 games"), "{}", sim.stdout);
}

/// `gboh odds` for the standard family's games: a Gergovia shock and a
/// missile fire (SPQR 8.2), the fire's odds as the engine computes them.
#[test]
fn odds_of_a_gergovia_shock_and_of_a_standard_fire() {
    let shock =
        gboh(&["odds", "--game", "gergovia", "--attacker", "X-1", "--defender", "Carnutes-3"]);
    assert_eq!(shock.code, 0, "{}", shock.stderr);
    assert!(
        shock.stdout.contains("X-1 (size 4) shocks Carnutes-3 (size 6) in the front (Gergovia)")
    );
    assert!(shock.stdout.contains("column 6 (SPQR 8.73)"), "{}", shock.stdout);

    // SPQR 8.2: foot archers hit on 3 or less at range 2 (4 faces of 10),
    // on 1 or less at range 4; a target in woods is +1 (8.2).
    let fire = |range: &str, extra: &[&str]| {
        let mut args = vec![
            "odds",
            "--game",
            "gergovia",
            "--attacker",
            "Cretan archers-1",
            "--defender",
            "Carnutes-3",
            "--fire",
            "--range",
            range,
        ];
        args.extend(extra);
        let r = gboh(&args);
        assert_eq!(r.code, 0, "{}", r.stderr);
        r.stdout
    };
    assert!(fire("2", &[]).contains("4/10  1 hit on Carnutes-3"));
    assert!(fire("4", &[]).contains("2/10  1 hit on Carnutes-3"));
    let woods = fire("4", &["--terrain", "woods"]);
    assert!(woods.contains("[SPQR 8.2]  +1  target in woods"), "{woods}");
    assert!(woods.contains("1/10  1 hit on Carnutes-3"), "{woods}");
    let down = fire("2", &["--ground", "lower"]);
    assert!(down.contains("read at range 3"), "{down}");

    // Beyond the column, or a unit with no missiles: a rule error (exit 1).
    let far = gboh(&[
        "odds",
        "--game",
        "gergovia",
        "--attacker",
        "Cretan archers-1",
        "--defender",
        "Carnutes-3",
        "--fire",
        "--range",
        "9",
    ]);
    assert_eq!(far.code, 1, "{}", far.stderr);
    assert!(far.stderr.contains("SPQR 8.2") && far.stderr.contains("range 4"), "{}", far.stderr);
    let none = gboh(&[
        "odds",
        "--game",
        "dictator",
        "--attacker",
        "HAR-1",
        "--defender",
        "VII-1",
        "--fire",
    ]);
    assert_eq!(none.code, 1, "{}", none.stderr);
    assert!(none.stderr.contains("has no missiles"), "{}", none.stderr);
}

#[path = "cli/simple_games.rs"]
mod simple_games;
