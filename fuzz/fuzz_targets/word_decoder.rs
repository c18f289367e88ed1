//! The shell word decoder on arbitrary text: every word decoded, expanded and split, and the
//! text read as a `$'…'` string. Fails on any panic.
#![no_main]

use agent_safety_net::fuzzing::decoded_words;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    decoded_words(text);
});
