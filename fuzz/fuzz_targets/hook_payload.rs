//! The hook on an arbitrary payload: fails when the answer is an internal error or exits with
//! anything but 0 (answered) or 2 (blocked).
#![no_main]

use agent_safety_net::fuzzing::{answer_is_internal_error, hook_answer};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|payload: &[u8]| {
    let answer = hook_answer(payload);
    assert!(
        matches!(answer.exit_code, 0 | 2),
        "exit code {}: {answer:?}",
        answer.exit_code
    );
    assert!(!answer_is_internal_error(&answer), "internal error: {answer:?}");
});
