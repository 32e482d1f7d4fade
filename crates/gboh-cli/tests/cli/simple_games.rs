//! The simple family's games on the command line: Gergovia's simplified
//! version and Caesar in Alexandria's land battle play, replay, simulate
//! and are listed like the others.

use super::{gboh, s, scratch, summary};

/// No event or action reads as a debug dump.
fn no_dumps(out: &str) {
    for dump in ["Hex {", "Uid(", "Lid(", "Some(", "{ unit"] {
        assert!(!out.contains(dump), "a debug dump {dump:?} in:\n{out}");
    }
}

#[test]
fn list_names_the_simple_familys_games() {
    let r = gboh(&["list"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    for line in [
        "gergovia simplified: Gergovia, 52 BC: the simplified version (sides romans, gauls)",
        "gergovia simplified-alternative: ",
        "alexandria main: Caesar in Alexandria, 48-47 BC: the main game's land battle (sides romans, egyptians)",
    ] {
        assert!(r.stdout.contains(line), "{line:?} in:\n{}", r.stdout);
    }
    for bot in ["    aggressive: ", "    city: ", "    aggressor: "] {
        assert!(r.stdout.contains(bot), "{bot:?} in:\n{}", r.stdout);
    }
    let r = gboh(&["play", "chess", "x"]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("known: alesia, dictator, gergovia, alexandria"), "{}", r.stderr);
}

#[test]
fn alexandria_plays_to_its_end_and_replays_from_its_log() {
    let dir = scratch("alexandria");
    let (log, svg, html, save) =
        (dir.join("a.ron"), dir.join("svg"), dir.join("a.html"), dir.join("a.save"));
    let play = gboh(&[
        "play",
        "alexandria",
        "main",
        "--seed",
        "7",
        "--log",
        s(&log),
        "--svg",
        s(&svg),
        "--save",
        s(&save),
    ]);
    assert_eq!(play.code, 0, "{}", play.stderr);
    assert!(play.stdout.starts_with("Caesar in Alexandria"), "{}", play.stdout);
    no_dumps(&play.stdout);
    let result = play.stdout.lines().find(|l| l.starts_with("result: ")).unwrap();
    assert!(
        !result.starts_with("result: unfinished") && !result.contains("the game goes on"),
        "{result}"
    );
    assert!(svg.join("00-start.svg").exists() && svg.join("99-end.svg").exists());
    let saved = std::fs::read_to_string(&save).unwrap();
    assert!(saved.contains("fleet: (") && saved.contains("at: Some(\"2/3-K/L\")"), "{saved}");
    let coordinates = saved.contains("(x:") || saved.lines().any(|l| l.trim().starts_with("x: "));
    assert!(!coordinates, "a hex as coordinates: {saved}");

    let replay = gboh(&["replay", s(&log), "-q", "--html", s(&html)]);
    assert_eq!(replay.code, 0, "{}", replay.stderr);
    assert_eq!(summary(&replay.stdout), summary(&play.stdout));
    assert!(replay.stdout.contains("the replay matches the log"), "{}", replay.stdout);
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(page.contains("<svg id=\"map\"") && page.contains("Alexandria"));
}

#[test]
fn gergovia_simplified_plays_replays_and_simulates() {
    let dir = scratch("gergovia-simplified");
    let log = dir.join("g.ron");
    let play = gboh(&["play", "gergovia", "simplified", "--seed", "7", "--log", s(&log)]);
    assert_eq!(play.code, 0, "{}", play.stderr);
    no_dumps(&play.stdout);
    let result = play.stdout.lines().find(|l| l.starts_with("result: ")).unwrap();
    assert!(!result.starts_with("result: unfinished"), "{result}");
    for side in ["Rome", "Gaul"] {
        let line = format!("victory points (Gergovia, Victory (Simplified)): {side} ");
        assert!(play.stdout.contains(&line), "{line:?} in:\n{}", play.stdout);
    }
    let replay = gboh(&["replay", s(&log), "-q"]);
    assert_eq!(replay.code, 0, "{}", replay.stderr);
    assert_eq!(summary(&replay.stdout), summary(&play.stdout));

    let alt = gboh(&[
        "play",
        "gergovia",
        "simplified-alternative",
        "--seed",
        "3",
        "--max-actions",
        "60",
        "-q",
    ]);
    assert_eq!(alt.code, 0, "{}", alt.stderr);
    assert!(alt.stdout.contains("alternative deployment"), "{}", alt.stdout);
    assert!(alt.stdout.contains("actions: 60\n"), "{}", alt.stdout);

    let sim = gboh(&[
        "simulate",
        "gergovia",
        "simplified",
        "--seeds",
        "1..3",
        "--jobs",
        "2",
        "--max-actions",
        "300",
        "--side",
        "gauls=aggressor",
    ]);
    assert_eq!(sim.code, 0, "{}", sim.stderr);
    assert!(sim.stdout.contains("2 games"), "{}", sim.stdout);
}

#[test]
fn alexandria_simulates_and_a_human_reads_actions_in_words() {
    let sim = gboh(&[
        "simulate",
        "alexandria",
        "main",
        "--seeds",
        "1..3",
        "--jobs",
        "2",
        "--max-actions",
        "200",
        "--side",
        "egyptians=random",
    ]);
    assert_eq!(sim.code, 0, "{}", sim.stderr);
    assert!(sim.stdout.contains("2 games"), "{}", sim.stdout);

    // The Romans open (the main game's first player): a human sees the
    // decision and the actions in words, previews one and quits.
    let r = super::gboh_in(
        &scratch("alexandria-human"),
        &["play", "alexandria", "main", "--side", "romans=human", "--log", "h.ron"],
        Some("p 1\n1\nq\n"),
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout.contains("-- romans to decide: the Romans activate a command"),
        "{}",
        r.stdout
    );
    assert!(r.stdout.contains("   1: activate "), "{}", r.stdout);
    no_dumps(&r.stdout);
}
