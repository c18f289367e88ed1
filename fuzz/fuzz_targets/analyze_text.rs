//! The analyzer on an arbitrary command: fails when the verdict is an internal error (a panic
//! the analyzer caught).
#![no_main]

use agent_safety_net::fuzzing::{analyze_text, verdict_is_internal_error};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|command: &str| {
    let verdict = analyze_text(command);
    assert!(
        !verdict_is_internal_error(&verdict),
        "internal error: {:?}",
        verdict.reason()
    );
});
