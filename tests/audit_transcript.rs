//! `safety-net audit-transcript` on session files written in the agents' documented formats
//! (tests/fixtures/transcripts/home: a Claude Code transcript under `.claude/projects/`, a Codex
//! rollout under `.codex/sessions/`): found by default under the home folder, every tool call
//! replayed, what would be denied or asked grouped by rule with the call's file and line.

mod common;

use serde_json::Value;
use std::path::PathBuf;
use std::process::{Command, Output};

fn fixture_home() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/transcripts/home")
}

fn audit(arguments: &[&str]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_safety-net"));
    command
        .arg("audit-transcript")
        .arg("--no-config")
        .args(arguments)
        .env("HOME", fixture_home())
        .env_remove("CODEX_HOME")
        .env("NO_COLOR", "1");
    common::run_with_input(&mut command, b"")
}

#[test]
fn the_default_places_are_replayed_and_summed_up() {
    let output = audit(&[]);
    let text = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{text}");
    assert!(
        text.trim_end().ends_with(
            "2 sessions, 10 tool calls, 3 would be denied, 1 asked; by rule: git-push-force 1, git-reset-hard 1, rm-home 1, terraform-auto-approve 1"
        ),
        "{text}"
    );
    assert!(text.contains("deny rm-home: 1 call"), "{text}");
    assert!(
        text.contains(".jsonl:6: rm -rf ~/"),
        "the call's file and line:\n{text}"
    );
    assert!(
        text.contains("in /home/user/work/api/infra"),
        "Codex's working directory:\n{text}"
    );
}

#[test]
fn json_groups_the_calls_by_rule() {
    let codex = fixture_home().join(".codex/sessions");
    let output = audit(&["--json", codex.to_str().expect("a UTF-8 path")]);
    let report: Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(report["sessions"], 1);
    assert_eq!(report["tool_calls"], 4);
    let rules: Vec<(String, String, u64)> = report["rules"]
        .as_array()
        .expect("rules")
        .iter()
        .map(|rule| {
            (
                rule["decision"].as_str().unwrap_or("").to_owned(),
                rule["rule"].as_str().unwrap_or("").to_owned(),
                rule["count"].as_u64().unwrap_or(0),
            )
        })
        .collect();
    assert_eq!(
        rules,
        [
            ("deny".to_owned(), "git-reset-hard".to_owned(), 1),
            ("ask".to_owned(), "terraform-auto-approve".to_owned(), 1)
        ]
    );
    assert_eq!(report["rules"][0]["examples"][0]["line"], 6);
}

#[test]
fn a_missing_place_is_an_error() {
    let output = audit(&["/nonexistent/sessions"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&output.stderr).contains("no such file or folder"));
}
