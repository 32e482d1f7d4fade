//! Scripted dice never panic, whatever the script: they roll what the script
//! holds or return an error and change nothing.
#![no_main]

use gboh_core::dice::{Dice, Die};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (script, asks) = data.split_at(data.len() / 2);
    let mut dice = Dice::scripted(script.iter().copied());
    for &ask in asks {
        let die = if ask & 1 == 0 { Die::D10 } else { Die::D6 };
        let before = dice.clone();
        match dice.roll(die) {
            Ok(roll) => assert!((die.min()..=die.max()).contains(&roll.face)),
            Err(_) => assert_eq!(dice, before),
        }
    }
});
