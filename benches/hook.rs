//! A whole hook call, as an agent makes it: start `safety-net hook`, write a payload, wait for
//! the answer. Each class of command is timed against a process that does nothing but read the
//! same payload (`cat`, its output thrown away), the two started in turn (A B A B …) so that a
//! machine whose speed drifts affects both alike; the median of each and their ratio are
//! printed, with the hook's peak memory (measured by GNU time, when installed).
//!
//! Run with `cargo bench --bench hook` (it measures the binary cargo just built; for an
//! installed one, set `SAFETY_NET_BIN=/path/to/safety-net`). `HOOK_BENCH_ROUNDS` sets the
//! number of runs of each (default 400).

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// One run of `program` fed `input`: its wall time, from start to exit.
fn run_once(program: &str, args: &[&str], input: &[u8]) -> Duration {
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
}

/// The hook's peak resident memory for `input`, in KiB, when GNU time is installed.
fn max_rss_kib(binary: &str, input: &[u8]) -> Option<u64> {
    let mut child = Command::new("/usr/bin/time")
        .args(["-f", "%M", binary, "hook"])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .ok()?;
    child.stdin.take()?.write_all(input).ok()?;
    let output = child.wait_with_output().ok()?;
    String::from_utf8_lossy(&output.stderr)
        .lines()
        .last()?
        .trim()
        .parse()
        .ok()
}

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

fn main() {
    let binary = std::env::var("SAFETY_NET_BIN").unwrap_or_else(|_| env!("CARGO_BIN_EXE_safety-net").to_owned());
    let rounds: usize = std::env::var("HOOK_BENCH_ROUNDS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(400);
    let payload = |command: &str| {
        format!(
            r#"{{"session_id":"b","transcript_path":"/tmp/t.jsonl","cwd":"/home/user/work/project","permission_mode":"default","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{{"command":{}}}}}"#,
            serde_json::to_string(command).unwrap_or_default()
        )
    };
    let heredoc = format!(
        "cat <<'EOF' | bash\n{}EOF",
        (1..=40)
            .map(|line| format!("echo step {line} && ls -la src/module_{line} | grep -c rs\n"))
            .collect::<String>()
    );
    let classes: [(&str, String); 7] = [
        ("simple (`ls -la`)", "ls -la".into()),
        (
            "chained (`git status && git diff --stat`)",
            "git status && git diff --stat".into(),
        ),
        ("denied (`rm -rf /`)", "rm -rf /".into()),
        (
            "nested wrappers",
            "sudo env FOO=1 timeout 5 nice -n 5 bash -c 'xargs -0 echo < list.txt'".into(),
        ),
        (
            "Python one-liner",
            "python3 -c \"import subprocess; subprocess.run(['git', 'status'])\"".into(),
        ),
        (
            "Node one-liner",
            "node -e \"require('child_process').execSync('npm test')\"".into(),
        ),
        ("40-line heredoc piped into bash", heredoc),
    ];
    println!(
        "{rounds} runs of each, interleaved with a no-op process fed the same payload (`cat`); medians ({binary}):"
    );
    println!("| class | hook | no-op | ratio | peak memory |");
    println!("|---|---|---|---|---|");
    for (what, command) in &classes {
        let input = payload(command);
        let (mut hook, mut noop) = (Vec::with_capacity(rounds), Vec::with_capacity(rounds));
        for _ in 0..rounds {
            hook.push(run_once(&binary, &["hook"], input.as_bytes()));
            noop.push(run_once("cat", &[], input.as_bytes()));
        }
        let (hook, noop) = (median(hook), median(noop));
        let memory = max_rss_kib(&binary, input.as_bytes())
            .map(|kib| format!("{:.1} MB", kib as f64 / 1024.0))
            .unwrap_or_else(|| "–".into());
        println!(
            "| {what} | {:.3} ms | {:.3} ms | {:.2}× | {memory} |",
            hook.as_secs_f64() * 1e3,
            noop.as_secs_f64() * 1e3,
            hook.as_secs_f64() / noop.as_secs_f64()
        );
    }
}
