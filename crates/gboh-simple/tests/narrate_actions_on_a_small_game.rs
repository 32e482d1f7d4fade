//! The protocol's actions and decision points in words
//! (`gboh_simple::narrate::action`, `pending`), on the small game of the
//! docs: places by label, units by counter id, the game's own parts as the
//! game words them.
use gboh_core::Side;
use gboh_core::facing::Facing;

use gboh_simple::doc_game::Tiny;
use gboh_simple::doc_game::skirmish::{CHIEF, Order, Skirmish};
use gboh_simple::narrate::{Own, action, leader, pending, unit};
use gboh_simple::protocol::{Action, Pending};
use gboh_simple::{CombatAction, Outcome, Roster, Rule, SimpleGame, Uid};

fn words() -> Own<'static, Order, (), (), ()> {
    Own {
        command: Box::new(|c| format!("the {c:?}")),
        own: Box::new(|()| "the game's own".to_owned()),
        choice: Box::new(|()| "a choice".to_owned()),
        decision: Box::new(|()| "a decision".to_owned()),
    }
}

#[test]
fn actions_read_in_words_with_labels_and_counter_ids() {
    let g = Skirmish::new();
    let f = &g.field;
    let at = |l: &str| f.setup().board().hex_of(l).unwrap();
    let cohort = unit(f, Uid(0));
    let said = |a: Action<Order, (), ()>| action(f, &a, &words());
    assert_eq!(
        said(Action::Move { unit: Uid(0), to: at("T0203"), facing: Facing::Twelve }),
        format!("{cohort} moves T0202 -> T0203, faces {}", Facing::Twelve.clock())
    );
    assert_eq!(
        said(Action::Move { unit: Uid(0), to: at("T0202"), facing: Facing::Two }),
        format!("{cohort} turns in T0202 to face {}", Facing::Two.clock())
    );
    assert_eq!(said(Action::Activate(Order::Horse)), "activate the Horse");
    assert_eq!(
        said(Action::Combat(CombatAction::Fire {
            unit: Uid(0),
            target: at("T0204"),
            will_move: true
        })),
        format!("{cohort} fires at T0204 and will move afterwards")
    );
    assert_eq!(
        said(Action::RetreatLeader { leader: CHIEF, to: None }),
        format!("{} stays where he is", leader(f, CHIEF))
    );
    assert_eq!(said(Action::Combat(CombatAction::Game(()))), "the game's own");
    assert_eq!(said(Action::Game(())), "a choice");
}

#[test]
fn decisions_read_in_words_with_the_games_sections() {
    let g = Skirmish::new();
    let f = &g.field;
    let p = |p: Pending<Order, ()>| pending(f, &p, &words());
    let choose = p(Pending::ChooseCommand { side: Side::Adversary });
    let army = Tiny::army(Side::Adversary);
    assert!(choose.starts_with(&format!("{army} activate a command")), "{choose}");
    assert!(choose.ends_with(&format!("({})", Tiny::section(Rule::Activation))));
    assert_eq!(p(Pending::Game { side: Side::Roman, decision: () }), "a decision");
    let over = Outcome { winner: None, reason: "a draw".into() };
    assert_eq!(p(Pending::Over(over)), "nothing: the game is over (a draw)");
}
