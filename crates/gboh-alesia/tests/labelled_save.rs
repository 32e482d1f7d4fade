//! Issue 16 §1: a saved game a person can read and edit. The labelled save
//! (`narrate::log::write_save`) is the game's RON over several lines with
//! every hex on the map written as its printed label; reading it back
//! (`read_save`) gives the same game, fingerprint and all. A bad label is
//! one error naming its line.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failing test panics

use gboh_alesia::narrate::log::{LogError, SAVE_HEADER, read_save, write_save};
use gboh_alesia::playthrough::Playthrough;
use gboh_alesia::scenario::ScenarioId;
use gboh_core::game::fingerprint;

#[test]
fn a_labelled_save_reads_back_to_the_same_game() {
    let mut play = Playthrough::new(ScenarioId::FinalAssault, 1).unwrap();
    assert!(!play.run(300).unwrap(), "the game ended early");
    let text = write_save(&play.game).unwrap();
    assert!(text.starts_with(SAVE_HEADER));
    assert!(text.lines().count() > 20, "laid out over lines");
    // Hexes as labels: the deployed cohorts stand on labelled hexes.
    assert!(text.contains("Some(\"W"), "no labelled hex in the save");
    let raw = ron::to_string(&play.game).unwrap();
    let coordinates = raw.matches("(x:").count();
    let left = text.matches("(x:").count();
    assert!(
        coordinates > 100 && left * 10 < coordinates,
        "{left} of {coordinates} hexes unlabelled"
    );
    let back = read_save(&text).unwrap();
    assert_eq!(back, play.game);
    assert_eq!(fingerprint(&back).unwrap(), fingerprint(&play.game).unwrap());
}

#[test]
fn a_label_not_on_the_map_is_one_error_naming_its_line() {
    let mut play = Playthrough::new(ScenarioId::FinalAssault, 1).unwrap();
    play.run(50).unwrap();
    let text = write_save(&play.game).unwrap();
    let (n, line) = text.lines().enumerate().find(|(_, l)| l.contains("Some(\"W")).unwrap();
    let start = line.find("Some(\"W").unwrap() + "Some(\"".len();
    let label = &line[start..start + 5];
    let edited: String = text
        .lines()
        .enumerate()
        .map(|(i, l)| if i == n { l.replacen(label, "W9999", 1) } else { l.to_owned() })
        .collect::<Vec<_>>()
        .join("\n");
    match read_save(&edited) {
        Err(LogError::Read { line, why }) => {
            assert_eq!(line, n + 1);
            assert!(why.starts_with("W9999 is not a hex of this map"), "{why}");
        }
        other => panic!("expected a read error, got {other:?}"),
    }
}
