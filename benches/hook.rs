//! A whole hook call, as Claude Code makes it: start `safety-net hook`, write a payload, wait for
//! the answer. Compared with starting a process that does nothing (`true`), the cost every tool
//! call pays before it runs.
//!
//! Run with `cargo bench --bench hook` (it measures the binary cargo just built; for the
//! installed one, set `SAFETY_NET_BIN=/path/to/safety-net`).

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const ROUNDS: usize = 300;

fn time_process(program: &str, args: &[&str], input: &[u8]) -> Duration {
    let mut times: Vec<Duration> = (0..ROUNDS)
        .map(|_| {
            let start = Instant::now();
            let mut child = Command::new(program)
                .args(args)
                .stdin(Stdio::piped())
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .expect("the program starts");
            if let Some(mut stdin) = child.stdin.take() {
                let _ = stdin.write_all(input);
            }
            let _ = child.wait();
            start.elapsed()
        })
        .collect();
    times.sort();
    times[ROUNDS / 2]
}

fn main() {
    let binary = std::env::var("SAFETY_NET_BIN").unwrap_or_else(|_| env!("CARGO_BIN_EXE_safety-net").to_owned());
    let payload = |command: &str| {
        format!(
            r#"{{"session_id":"b","transcript_path":"/tmp/t.jsonl","cwd":"/home/user/work/project","permission_mode":"default","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{{"command":{}}}}}"#,
            serde_json::to_string(command).unwrap_or_default()
        )
    };
    let noop = time_process("true", &[], b"");
    println!("median of {ROUNDS} process starts each ({binary}):");
    println!("  no-op process (true)          {:>7.3} ms", noop.as_secs_f64() * 1e3);
    for (what, command) in [
        ("hook, allowed (`npm test`)", "npm test"),
        ("hook, denied (`rm -rf /`)", "rm -rf /"),
        (
            "hook, layered (`bash -c …`)",
            "bash -c \"sudo rm -rf ~/\" && cat <<EOF | sh\necho hi\nEOF",
        ),
        (
            "hook, Python (`python3 -c`)",
            "python3 -c \"import subprocess; subprocess.run(['git', 'status'])\"",
        ),
        (
            "hook, JavaScript (`node -e`)",
            "node -e \"require('child_process').execSync('npm test')\"",
        ),
        ("hook, Perl (`perl -e`)", "perl -e 'system(\"make test\")'"),
    ] {
        let time = time_process(&binary, &["hook"], payload(command).as_bytes());
        println!(
            "  {what:<30}{:>7.3} ms  ({:.2}× the no-op)",
            time.as_secs_f64() * 1e3,
            time.as_secs_f64() / noop.as_secs_f64()
        );
    }
}
