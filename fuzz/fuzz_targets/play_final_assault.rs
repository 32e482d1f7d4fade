//! Action sequences on scenario final assault (12.1): whatever `legal_actions` lists,
//! `apply` accepts; whatever is not listed (earlier actions, listed actions
//! with an id, hex or count rewritten) is rejected and leaves the serialized
//! game byte-identical; `check` agrees with `apply`; a loaded copy continues
//! identically; the rules' invariants hold after every action; seed plus log
//! replays to the same fingerprint. See `common`.
#![no_main]

mod common;

use std::sync::OnceLock;

use gboh_alesia::game::Setup;
use gboh_alesia::protocol::Alesia;
use gboh_alesia::scenario::Scenario;
use libfuzzer_sys::fuzz_target;

fn start() -> Option<&'static Alesia> {
    static START: OnceLock<Option<Alesia>> = OnceLock::new();
    START
        .get_or_init(|| Scenario::final_assault().ok()?.initial_game(Setup::shared().ok()?).ok())
        .as_ref()
}

fuzz_target!(|data: &[u8]| {
    let Some(start) = start() else { panic!("the scenario does not load") };
    common::play(start, data);
});
