//! 11.0 Victory and 3.1 the end of an Assault Period.

#![allow(clippy::unwrap_used, clippy::panic)]

use gboh_alesia::game::AlesiaField;
use gboh_alesia::game::{Battlefield, CounterIdx, Setup, Uid};
use gboh_alesia::protocol::{Action, Alesia, AlesiaEvent, Pending};
use gboh_core::Side;
use gboh_core::dice::Dice;
use gboh_core::facing::Facing;
use gboh_core::game::Game;
use gboh_core::unit::Status;

fn field() -> Battlefield {
    Battlefield::new(Setup::shared().unwrap())
}

/// Places the first `n` cohorts of `legion` ("X") along a row near W4616 and
/// routs `routed` of them.
fn legion(field: &mut Battlefield, legion: &str, col: u32, routed: usize) {
    let setup = field.setup().clone();
    for i in 1..=10 {
        let uid = setup.uid(&format!("{legion}-{i}")).unwrap();
        let hex = setup.board.hex_of(&format!("W{col:02}{:02}", 10 + i)).unwrap();
        field.move_unit(uid, hex, Facing::Twelve).unwrap();
        if i <= routed {
            field.unit_mut(uid).unwrap().cohesion.status = Status::Routed;
        }
    }
}

fn roman_legion_ids() -> Vec<String> {
    Setup::shared().unwrap().mix.legions().iter().map(|l| l.id.clone()).collect()
}

#[test]
fn rule_11_0_a_legion_with_six_of_ten_cohorts_routed_is_broken() {
    let mut f = field();
    let ids = roman_legion_ids();
    legion(&mut f, &ids[0], 44, 6);
    legion(&mut f, &ids[1], 46, 5);
    let game = Alesia::new(f);
    assert_eq!(game.broken_legions().len(), 1, "6 of 10 is a majority; 5 is not");
}

#[test]
fn rule_11_0_four_broken_legions_win_for_the_gauls_at_period_end() {
    let mut f = field();
    let ids = roman_legion_ids();
    for (k, id) in ids.iter().take(4).enumerate() {
        legion(&mut f, id, 40 + 2 * u32::try_from(k).unwrap(), 6);
    }
    let game = Alesia::new(f);
    let outcome = game.period_end_outcome(false).unwrap();
    assert_eq!(outcome.winner, Side::Adversary);
    assert!(outcome.reason.starts_with("11.0"));
}

#[test]
fn rule_11_0_otherwise_rome_wins_after_the_last_period() {
    let game = Alesia::new(field());
    assert_eq!(game.period_end_outcome(false), None);
    assert_eq!(game.period_end_outcome(true).unwrap().winner, Side::Roman);
}

#[test]
fn rule_11_0_the_alesia_force_breaks_out_with_vercingetorix_and_three_units() {
    let mut f = field();
    let setup = f.setup().clone();
    let outside = setup.board.hex_of("W4918").unwrap();
    let inside = setup.board.hex_of("W4616").unwrap();
    let verc = setup.lid("Vercingetorix").unwrap();
    f.move_leader(verc, Some(outside)).unwrap();
    let force: Vec<Uid> = (1..=3).map(|i| setup.uid(&format!("Alesia-{i}")).unwrap()).collect();
    f.move_unit(force[0], outside, Facing::Twelve).unwrap();
    f.move_unit(force[1], outside, Facing::Twelve).unwrap();
    f.move_unit(force[2], inside, Facing::Twelve).unwrap();
    let mut game = Alesia::new(f.clone());
    assert!(!game.alesia_force_broke_out(), "only two are out");
    f.move_unit(force[2], setup.board.hex_of("W4919").unwrap(), Facing::Twelve).unwrap();
    game = Alesia::new(f);
    assert!(game.alesia_force_broke_out());
    // The win is instant: the next action ends the game, reported under
    // 11.0 (the engine's `BattleRules::outcome`, cited as Alesia's Victory).
    let mut g = Game::new(game, Dice::seeded(1));
    let next = g.legal_actions()[0].clone();
    let events = g.apply(next).unwrap_or_else(|e| panic!("{e}"));
    assert!(matches!(g.pending(), Pending::Over(o) if o.winner == Some(Side::Adversary)));
    let last = events.last().unwrap();
    assert_eq!(last.rule, "11.0");
    let AlesiaEvent::GameOver(outcome) = &last.what else { panic!("{last:?}") };
    assert_eq!(outcome.winner, Side::Adversary);
    assert!(outcome.reason.starts_with("11.0: Vercingetorix"), "{}", outcome.reason);
    assert!(g.legal_actions().is_empty(), "nothing follows the end");
}

#[test]
fn rule_3_1_the_gauls_retire_when_half_the_committed_size_is_withdrawn() {
    let mut f = field();
    let setup = f.setup().clone();
    let hex = setup.board.hex_of("W3901").unwrap();
    // Two tribal counters committed; withdraw the larger.
    let (a, b) = (CounterIdx(0), CounterIdx(1));
    f.counter_mut(a).unwrap().at = Some(hex);
    f.counter_mut(b).unwrap().at = Some(hex);
    let game = Alesia::new(f.clone());
    assert!(!game.gauls_retire());
    let big = if setup.counters[0].size >= setup.counters[1].size { a } else { b };
    let state = f.counter_mut(big).unwrap();
    state.withdrawn = true;
    state.at = None;
    let mut game = Alesia::new(f);
    assert!(game.gauls_retire());
    game.turn.play.to_act = Side::Roman;
    let mut g = Game::new(game, Dice::seeded(1));
    let events = g.apply(Action::Pass).unwrap();
    // 3.0: the pass, the end of the phase; 3.1: the Gauls retire; 11.0: the
    // last Assault Period is over, decided before any Recovery Phase.
    let said: Vec<(&str, &str)> = events
        .iter()
        .map(|e| {
            let what = match &e.what {
                AlesiaEvent::Turn(gboh_simple::TurnEvent::Passed { side: Side::Roman }) => "passed",
                AlesiaEvent::ActivationEnded { next: Side::Adversary } => "phase ended",
                AlesiaEvent::GaulsRetire { .. } => "Gauls retire",
                AlesiaEvent::GameOver(o) if o.winner == Side::Roman => "Romans win",
                _ => "other",
            };
            (e.rule, what)
        })
        .collect();
    assert_eq!(
        said,
        [
            ("3.0", "passed"),
            ("3.0", "phase ended"),
            ("3.1", "Gauls retire"),
            ("11.0", "Romans win")
        ]
    );
    assert!(matches!(g.pending(), Pending::Over(o) if o.winner == Some(Side::Roman)));
}

#[test]
fn rule_3_1_reading_the_period_ends_when_no_roman_unit_is_left_to_assault() {
    // Not in the text: 3.1 ends the period only when the Gauls win or
    // retire, and 11.0 counts broken legions only at a period's end. With
    // every Roman unit gone there is nothing left to assault and neither can
    // happen; the engine ends the period (docs/rules-coverage.md, 3.1).
    use gboh_alesia::playthrough::Playthrough;
    use gboh_alesia::protocol::Pending;
    use gboh_alesia::scenario::ScenarioId;
    use gboh_core::dice::Dice;
    use gboh_core::game::Game;
    let mut state = Playthrough::initial(ScenarioId::FinalAssault).unwrap();
    let romans: Vec<_> = (0..state.setup().units.len())
        .map(|i| gboh_alesia::game::Uid(u16::try_from(i).unwrap()))
        .filter(|&u| state.setup().unit(u).unwrap().side == gboh_core::Side::Roman)
        .collect();
    for u in romans {
        state.field.unit_mut(u).unwrap().cohesion.eliminate();
        state.field.remove_unit(u);
    }
    let mut play = Playthrough::resume(Game::new(state, Dice::seeded(3)), 3);
    play.run(400).unwrap();
    let Pending::Over(outcome) = play.game.pending() else {
        panic!("the period did not end: {:?}", play.game.pending())
    };
    assert_eq!(outcome.winner, Some(gboh_core::Side::Adversary));
    assert!(outcome.reason.contains("legions"), "{}", outcome.reason);
}
