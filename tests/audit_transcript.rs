//! `safety-net audit-transcript` on session files written in the agents' documented formats
//! (tests/fixtures/transcripts/home: a Claude Code transcript under `.claude/projects/`, a Codex
//! rollout under `.codex/sessions/`, Gemini CLI's session recordings and checkpoints under
//! `.gemini/tmp/`, as gemini-cli's sources write them): found by default under the home folder,
//! every tool call replayed, what would be denied or asked grouped by rule with the call's file
//! and line.

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
        .env_remove("GEMINI_CLI_HOME")
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
            "7 sessions, 18 tool calls, 7 would be denied, 2 asked; by rule: git-push-force 2, git-clean-force 1, git-reset-hard 1, git-stash-drop 1, kubectl-delete 1, rm-home 1, terraform-auto-approve 1, write-startup-file 1"
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

/// The calls of a report's rules: (decision, rule, file name, line, call, cwd).
fn examples(report: &Value) -> Vec<(String, String, String, u64, String, Option<String>)> {
    let text = |value: &Value| value.as_str().unwrap_or("").to_owned();
    report["rules"]
        .as_array()
        .expect("rules")
        .iter()
        .flat_map(|rule| {
            rule["examples"]
                .as_array()
                .expect("examples")
                .iter()
                .map(move |example| {
                    (
                        text(&rule["decision"]),
                        text(&rule["rule"]),
                        text(&example["file"]).rsplit('/').next().unwrap_or("").to_owned(),
                        example["line"].as_u64().unwrap_or(0),
                        text(&example["call"]),
                        example["cwd"].as_str().map(str::to_owned),
                    )
                })
        })
        .collect()
}

#[test]
fn gemini_recordings_and_checkpoints_are_replayed_once_each() {
    let gemini = fixture_home().join(".gemini/tmp");
    let output = audit(&["--json", gemini.to_str().expect("a UTF-8 path")]);
    let report: Value = serde_json::from_slice(&output.stdout).expect("JSON");
    // The recording (a message written again as its calls change: each call once), a `/chat save`
    // checkpoint repeating a recorded call, a checkpoint written before a file-changing call, and
    // a project folder named by a hash (before 0.29) with the older forms of both files.
    assert_eq!(report["sessions"], 5);
    assert_eq!(report["tool_calls"], 8);
    assert_eq!(report["unreadable"], 0);
    let own = |text: &str| Some(text.to_owned());
    let line = |decision: &str, rule: &str, file: &str, line: u64, call: &str, cwd: Option<String>| {
        (
            decision.to_owned(),
            rule.to_owned(),
            file.to_owned(),
            line,
            call.to_owned(),
            cwd,
        )
    };
    assert_eq!(
        examples(&report),
        [
            line(
                "deny",
                "git-clean-force",
                "session-2026-01-15T10-20-3f9a1c2e.jsonl",
                4,
                "git clean -fdx",
                own("/home/user/work/site/web")
            ),
            line(
                "deny",
                "git-push-force",
                "session-2025-09-01T08-00-1a2b3c4d.json",
                35,
                "git push --force origin main",
                None
            ),
            line(
                "deny",
                "git-stash-drop",
                "checkpoint-tidy.json",
                14,
                "git stash drop",
                None
            ),
            line(
                "deny",
                "write-startup-file",
                "2026-01-15T10-25-00_000Z-.bashrc-write_file.json",
                33,
                "write /home/user/.bashrc",
                own("/home/user/work/site")
            ),
            line(
                "ask",
                "kubectl-delete",
                "checkpoint-before-deploy.json",
                46,
                "kubectl delete namespace staging",
                own("/home/user/work/site/deploy")
            ),
        ]
    );
}

#[test]
fn a_gemini_checkpoint_given_alone_is_read_whole() {
    let checkpoint = fixture_home().join(".gemini/tmp/site/checkpoint-before-deploy.json");
    let output = audit(&["--json", checkpoint.to_str().expect("a UTF-8 path")]);
    let report: Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(report["tool_calls"], 2, "nothing else was read to repeat its calls");
    assert_eq!(report["denied"], 1);
    assert_eq!(report["asked"], 1);
}
