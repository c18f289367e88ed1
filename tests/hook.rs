//! The hook as Claude Code runs it: each payload in `tests/hook/*.json` (written from Claude
//! Code's hook contract) is fed to `safety-net hook`, and the exit code, standard output and
//! standard error must equal `tests/hook/<name>.expected` exactly.
//!
//! The binary runs with an empty environment but for `HOME=/home/user` and `PATH`, so that
//! nothing of the machine running the tests leaks in. To write the expected files after a
//! deliberate change, run `SAFETY_NET_BLESS=1 cargo test --test hook`, then read the diff.

mod common;

use rstest::rstest;
use std::path::{Path, PathBuf};
use std::process::Command;

struct Outcome {
    exit: i32,
    stdout: String,
    stderr: String,
}

fn run_hook(input: &[u8], environment: &[(&str, &str)]) -> Outcome {
    let mut command = Command::new(env!("CARGO_BIN_EXE_safety-net"));
    command
        .arg("hook")
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("HOME", "/home/user");
    for (name, value) in environment {
        command.env(name, value);
    }
    let output = common::run_with_input(&mut command, input);
    Outcome {
        exit: output.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

fn render(outcome: &Outcome) -> String {
    format!(
        "exit: {}\nstdout: {}\nstderr: {}\n",
        outcome.exit,
        serde_json::to_string(&outcome.stdout).unwrap_or_default(),
        serde_json::to_string(&outcome.stderr).unwrap_or_default()
    )
}

fn cases() -> Vec<PathBuf> {
    let directory = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/hook");
    let mut cases: Vec<PathBuf> = std::fs::read_dir(directory)
        .expect("tests/hook exists")
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|e| e == "json"))
        .collect();
    cases.sort();
    cases
}

/// Each payload is its own test (`cargo test bash_force_push_denied`).
#[rstest]
fn payload(#[files("tests/hook/*.json")] case: PathBuf) {
    let input = std::fs::read(&case).expect("the payload is readable");
    let actual = render(&run_hook(&input, &[]));
    let expected_file = case.with_extension("expected");
    if std::env::var_os("SAFETY_NET_BLESS").is_some() {
        std::fs::write(&expected_file, &actual).expect("the expected file is writable");
        return;
    }
    let expected = std::fs::read_to_string(&expected_file).unwrap_or_default();
    assert_eq!(
        actual,
        expected,
        "{}: the hook's answer differs from {}",
        case.display(),
        expected_file.display()
    );
}

#[test]
fn there_are_enough_payloads() {
    assert!(cases().len() >= 50, "only {} hook cases", cases().len());
}

#[test]
fn answers_follow_the_contract() {
    for case in cases() {
        let input = std::fs::read(&case).expect("the payload is readable");
        let outcome = run_hook(&input, &[]);
        let name = case.file_name().unwrap_or_default().to_string_lossy().into_owned();
        match outcome.exit {
            0 if outcome.stdout.is_empty() => assert!(outcome.stderr.is_empty(), "{name}: allow prints nothing"),
            0 => {
                let value: serde_json::Value = serde_json::from_str(&outcome.stdout).expect("ask is JSON");
                let keys: Vec<&String> = value["hookSpecificOutput"]
                    .as_object()
                    .expect("an object")
                    .keys()
                    .collect();
                assert_eq!(
                    keys,
                    ["hookEventName", "permissionDecision", "permissionDecisionReason"],
                    "{name}"
                );
                assert_eq!(value["hookSpecificOutput"]["permissionDecision"], "ask", "{name}");
                assert_eq!(
                    value.as_object().map(|o| o.len()),
                    Some(1),
                    "{name}: exactly the schema's keys"
                );
            }
            2 => {
                assert!(outcome.stdout.is_empty(), "{name}: deny prints nothing on stdout");
                assert!(outcome.stderr.starts_with("safety-net: "), "{name}: {}", outcome.stderr);
                assert_eq!(outcome.stderr.lines().count(), 1, "{name}: one paragraph");
                assert!(outcome.stderr.trim_end().ends_with('.'), "{name}: {}", outcome.stderr);
            }
            other => panic!("{name}: exit code {other} is neither 0 nor 2"),
        }
    }
}

#[test]
fn oversized_input_is_denied() {
    let input = format!(
        "{{\"tool_name\":\"Bash\",\"tool_input\":{{\"command\":\"echo {}\"}}}}",
        "a".repeat(17 * 1024 * 1024)
    );
    let outcome = run_hook(input.as_bytes(), &[]);
    assert_eq!(outcome.exit, 2);
    assert!(
        outcome
            .stderr
            .starts_with("safety-net: invalid-hook-input: the input is larger than 16 MiB")
    );
}

#[test]
fn a_long_command_is_denied_not_waved_through() {
    let command = format!("echo {}", "a".repeat(300 * 1024));
    let input =
        serde_json::json!({"tool_name": "Bash", "cwd": "/home/user/work/project", "tool_input": {"command": command}});
    let outcome = run_hook(input.to_string().as_bytes(), &[]);
    assert_eq!(outcome.exit, 2);
    assert!(
        outcome.stderr.starts_with("safety-net: input-too-large: "),
        "{}",
        outcome.stderr
    );
}

#[test]
fn the_project_comes_from_claude_project_dir() {
    let input = serde_json::json!({
        "hook_event_name": "PreToolUse",
        "cwd": "/home/user/work/project/src",
        "tool_name": "Bash",
        "tool_input": {"command": "rm -rf ../build"},
    });
    let inside = run_hook(
        input.to_string().as_bytes(),
        &[("CLAUDE_PROJECT_DIR", "/home/user/work/project")],
    );
    assert_eq!(inside.exit, 0, "{}", inside.stderr);
    let outside = run_hook(input.to_string().as_bytes(), &[]);
    assert_eq!(outside.exit, 2, "without CLAUDE_PROJECT_DIR the project is the cwd");
}

#[test]
fn extra_arguments_do_not_turn_a_denial_into_a_usage_error() {
    let mut hook = Command::new(env!("CARGO_BIN_EXE_safety-net"));
    hook.args(["hook", "--unexpected"]);
    let payload =
        br#"{"hook_event_name":"PreToolUse","cwd":"/tmp","tool_name":"Bash","tool_input":{"command":"rm -rf /"}}"#;
    let output = common::run_with_input(&mut hook, payload);
    assert_eq!(output.status.code(), Some(2));
}
