//! What the integration tests share: running a program with an input on its standard input.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `command` with `input` written to its standard input (then closed), and waits for it.
/// A program may answer before reading all of its input (an oversized hook payload): a pipe
/// it closed early is no failure.
pub fn run_with_input(command: &mut Command, input: &[u8]) -> Output {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the program starts");
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let _ = stdin.write_all(input);
    drop(stdin);
    child.wait_with_output().expect("the program finishes")
}
