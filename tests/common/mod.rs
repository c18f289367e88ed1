//! What the integration tests share: running a program with an input on its standard input,
//! and a state folder of their own for the hook's audit log and approvals.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `command` with `input` written to its standard input (then closed), and waits for it.
/// A program may answer before reading all of its input (an oversized hook payload): a pipe
/// it closed early is no failure.
///
/// A program file just written may be briefly busy (`ETXTBSY`): another test thread that forks
/// at that moment holds the writer's descriptor until its child runs its own program. Starting
/// is retried for a while then.
pub fn run_with_input(command: &mut Command, input: &[u8]) -> Output {
    command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut attempts = 0;
    let mut child = loop {
        match command.spawn() {
            Err(error) if error.kind() == std::io::ErrorKind::ExecutableFileBusy && attempts < 100 => {
                attempts += 1;
                std::thread::sleep(std::time::Duration::from_millis(10));
            }
            started => break started.expect("the program starts"),
        }
    };
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let _ = stdin.write_all(input);
    drop(stdin);
    child.wait_with_output().expect("the program finishes")
}

/// A state folder for the hook's audit log and approvals (`XDG_STATE_HOME`) that belongs to
/// this test process: the hook never writes in the home of the machine running the tests.
#[allow(dead_code)]
pub fn state_home() -> String {
    std::env::temp_dir()
        .join(format!("safety-net-test-state-{}", std::process::id()))
        .to_string_lossy()
        .into_owned()
}
