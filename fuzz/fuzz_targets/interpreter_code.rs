//! The interpreter readers on arbitrary code: the first byte picks the language (Python,
//! JavaScript, Ruby, Perl, PHP, Lua, awk), the rest is the code. Fails on any panic.
#![no_main]

use agent_safety_net::fuzzing::interpreter_effects;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: &[u8]| {
    let Some((&pick, code)) = input.split_first() else {
        return;
    };
    if let Ok(code) = std::str::from_utf8(code) {
        interpreter_effects(pick, code);
    }
});
