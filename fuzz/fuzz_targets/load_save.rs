//! Saved-game loading never panics: arbitrary bytes are read as a saved
//! `Game<Alesia>` (`Alesia::load` checks the pieces fit the setup). A save
//! that loads lists its legal actions, checks them, plays a few of them and
//! saves again without panicking; saving a loaded game and loading it again
//! gives the same text.
#![no_main]

use gboh_alesia::protocol::Alesia;
use gboh_core::game::Game;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(mut game) = ron::from_str::<Game<Alesia>>(text) else { return };
    let saved = ron::to_string(&game).unwrap_or_default();
    let reloaded: Result<Game<Alesia>, _> = ron::from_str(&saved);
    let Ok(reloaded) = reloaded else { panic!("a loaded game's save does not load") };
    assert_eq!(ron::to_string(&reloaded).unwrap_or_default(), saved, "save/load changed the game");
    let _ = game.pending();
    for _ in 0..4 {
        let legal = game.legal_actions();
        for a in legal.iter().take(32) {
            let _ = game.check(a);
        }
        let Some(first) = legal.into_iter().next() else { break };
        let before = ron::to_string(&game).unwrap_or_default();
        if game.apply(first).is_err() {
            assert_eq!(
                ron::to_string(&game).unwrap_or_default(),
                before,
                "a rejected action changed the game"
            );
        }
    }
});
