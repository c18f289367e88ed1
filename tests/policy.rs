//! The policy as a new user meets it: configuration files in a home and a project of their own,
//! the hook judging payloads with them, the audit log it writes, and the subcommands that show
//! the policy (`config`, `rules ID`, `policy --prompt`, `log`, `allow`).

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A home folder with a project in it, for one test.
struct Sandbox {
    root: PathBuf,
}

impl Sandbox {
    fn new(name: &str) -> Sandbox {
        let root = std::env::temp_dir().join(format!("safety-net-policy-test-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(root.join("home/project/.git")).expect("project made");
        Sandbox { root }
    }

    fn home(&self) -> PathBuf {
        self.root.join("home")
    }

    fn project(&self) -> PathBuf {
        self.root.join("home/project")
    }

    fn user_config(&self, text: &str) {
        let path = self.home().join(".config/safety-net/config.json");
        std::fs::create_dir_all(path.parent().expect("a folder")).expect("folder made");
        std::fs::write(path, text).expect("written");
    }

    fn project_config(&self, text: &str) {
        std::fs::write(self.project().join(".safety-net.json"), text).expect("written");
    }

    fn command(&self, args: &[&str], environment: &[(&str, &str)]) -> Command {
        let mut command = Command::new(env!("CARGO_BIN_EXE_safety-net"));
        command
            .args(args)
            .current_dir(self.project())
            .env_clear()
            .env("PATH", std::env::var_os("PATH").unwrap_or_default())
            .env("HOME", self.home());
        for (name, value) in environment {
            command.env(name, value);
        }
        command
    }

    /// The hook's answer to a Claude Code Bash call of `shell_command` in the project.
    fn hook(&self, shell_command: &str, environment: &[(&str, &str)]) -> Output {
        let payload = serde_json::json!({
            "session_id": "session-1",
            "hook_event_name": "PreToolUse",
            "tool_name": "Bash",
            "tool_input": {"command": shell_command},
            "cwd": self.project(),
            "permission_mode": "default",
        });
        common::run_with_input(
            &mut self.command(&["hook"], environment),
            payload.to_string().as_bytes(),
        )
    }

    fn run(&self, args: &[&str]) -> Output {
        common::run_with_input(&mut self.command(args, &[]), b"")
    }

    fn audit_log(&self) -> PathBuf {
        self.home().join(".local/state/safety-net/audit.jsonl")
    }
}

impl Drop for Sandbox {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.root);
    }
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[test]
fn the_user_file_turns_a_rule_off_in_the_hook_and_the_project_file_does_not() {
    let sandbox = Sandbox::new("disable");
    assert_eq!(sandbox.hook("git push --force", &[]).status.code(), Some(2));
    sandbox.project_config(r#"{"disable": ["git-push-force"]}"#);
    assert_eq!(sandbox.hook("git push --force", &[]).status.code(), Some(2));
    let explained = sandbox.run(&["explain", "git push --force"]);
    assert!(
        stdout(&explained).contains("the project file may only tighten the policy"),
        "{}",
        stdout(&explained)
    );
    sandbox.user_config(r#"{"disable": ["git-push-force"]}"#);
    let allowed = sandbox.hook("git push --force", &[]);
    assert_eq!(allowed.status.code(), Some(0), "{}", stderr(&allowed));
    assert!(stderr(&allowed).is_empty());
}

#[test]
fn a_project_rule_denies_inside_bash_c() {
    let sandbox = Sandbox::new("custom");
    sandbox.project_config(
        r#"{"rules": [{"id": "no-terraform-destroy", "command": "terraform", "args": ["destroy"],
            "decision": "deny", "reason": "Infrastructure is destroyed by the release team.",
            "instead": "Run `terraform plan -destroy` and show the plan"}]}"#,
    );
    let denied = sandbox.hook("bash -c 'cd infra && terraform destroy -auto-approve'", &[]);
    assert_eq!(denied.status.code(), Some(2));
    assert!(
        stderr(&denied).starts_with("safety-net: no-terraform-destroy: "),
        "{}",
        stderr(&denied)
    );
    assert!(stderr(&denied).contains("terraform plan -destroy"));
    assert_eq!(sandbox.hook("terraform plan", &[]).status.code(), Some(0));
}

#[test]
fn strict_mode_from_the_environment_denies_what_cannot_be_verified() {
    let sandbox = Sandbox::new("strict");
    let command = "bash -c \"$(cat script.txt)\"";
    let standard = sandbox.hook(command, &[]);
    assert_eq!(standard.status.code(), Some(0), "asked: {}", stdout(&standard));
    assert!(stdout(&standard).contains("could-not-verify"));
    let strict = sandbox.hook(command, &[("SAFETY_NET_MODE", "strict")]);
    assert_eq!(strict.status.code(), Some(2));
    assert!(stderr(&strict).contains("could-not-verify"));
    assert!(stderr(&strict).contains("the strict mode denies"));
    let unknown = sandbox.hook("ls", &[("SAFETY_NET_MODE", "relaxed")]);
    assert_eq!(unknown.status.code(), Some(2));
    assert!(stderr(&unknown).contains("invalid-configuration"));
}

#[test]
fn an_invalid_file_denies_every_call_and_says_where() {
    let sandbox = Sandbox::new("invalid");
    sandbox.user_config("{\n  \"mode\": \"strict\",\n  \"disabel\": []\n}\n");
    let denied = sandbox.hook("ls", &[]);
    assert_eq!(denied.status.code(), Some(2));
    assert!(stderr(&denied).contains("invalid-configuration"));
    assert!(stderr(&denied).contains("line 3"), "{}", stderr(&denied));
    let shown = sandbox.run(&["config", "show"]);
    assert_eq!(shown.status.code(), Some(1));
    assert!(stderr(&shown).contains("disabel"), "{}", stderr(&shown));
}

#[test]
fn the_audit_log_holds_each_decision_with_secrets_redacted() {
    let sandbox = Sandbox::new("audit");
    sandbox.hook("ls -la", &[]);
    sandbox.hook(
        "curl -H 'Authorization: Bearer abcdefghijklmnopqrstu' https://api.example.com; git reset --hard",
        &[],
    );
    let log = std::fs::read_to_string(sandbox.audit_log()).expect("the log is written");
    let records: Vec<serde_json::Value> = log
        .lines()
        .map(|line| serde_json::from_str(line).expect("JSON"))
        .collect();
    assert_eq!(records.len(), 2);
    assert_eq!(records[0]["verdict"], "allow");
    assert_eq!(records[1]["verdict"], "deny");
    assert_eq!(records[1]["rule"], "git-reset-hard");
    assert_eq!(records[1]["session"], "session-1");
    assert!(!log.contains("abcdefghijklmnopqrstu"), "{log}");
    assert!(log.contains("[REDACTED]"));
    let table = sandbox.run(&["log", "--denied"]);
    assert!(stdout(&table).contains("git-reset-hard"), "{}", stdout(&table));
    assert!(!stdout(&table).contains("ls -la"));
    let json = sandbox.run(&["log", "-n", "1", "--json"]);
    assert_eq!(stdout(&json).lines().count(), 1);
    sandbox.user_config(r#"{"audit_log": "interruptions"}"#);
    sandbox.hook("ls", &[]);
    let log = std::fs::read_to_string(sandbox.audit_log()).expect("the log is written");
    assert_eq!(log.lines().count(), 2, "an allow is not kept");
}

#[test]
fn a_denial_names_a_code_that_only_the_person_can_use() {
    let sandbox = Sandbox::new("allow-once");
    let denied = sandbox.hook("git reset --hard", &[]);
    let reason = stderr(&denied);
    let code = reason
        .split("safety-net allow ")
        .nth(1)
        .and_then(|rest| rest.get(..8))
        .expect("the reason names a code");
    // From the agent's shell: the command is denied, and the program refuses without a terminal.
    let from_agent = sandbox.hook(&format!("safety-net allow {code}"), &[]);
    assert_eq!(from_agent.status.code(), Some(2));
    assert!(stderr(&from_agent).contains("guard-self-approval"));
    assert!(
        !stderr(&from_agent).contains("can run `safety-net allow"),
        "no code for it"
    );
    let refused = sandbox.run(&["allow", code]);
    assert_eq!(refused.status.code(), Some(1));
    assert!(stderr(&refused).contains("your own terminal"));
    // Catastrophic denials name no code.
    assert!(!stderr(&sandbox.hook("rm -rf /", &[])).contains("safety-net allow"));
}

#[test]
fn the_policy_subcommands_work() {
    let sandbox = Sandbox::new("subcommands");
    let schema = sandbox.run(&["config", "schema"]);
    let schema: serde_json::Value = serde_json::from_slice(&schema.stdout).expect("the schema is JSON");
    assert_eq!(schema["type"], "object");
    sandbox.user_config(r#"{"mode": "strict", "disable": ["git-push-force"]}"#);
    let shown = stdout(&sandbox.run(&["config", "show"]));
    assert!(shown.contains("mode: strict"), "{shown}");
    assert!(shown.contains("git-push-force"), "{shown}");
    let page = sandbox.run(&["rules", "git-reset-hard"]);
    assert_eq!(page.status.code(), Some(0));
    assert!(stdout(&page).contains("Instead:"));
    assert!(stdout(&page).contains("git reset --hard"));
    assert_eq!(sandbox.run(&["rules", "no-such-rule"]).status.code(), Some(64));
    let prompt = stdout(&sandbox.run(&["policy", "--prompt"]));
    assert!(prompt.starts_with("## Safety constraints"), "{prompt}");
    assert!(prompt.contains("mode: strict"));
    assert!(Path::new(&sandbox.home()).exists());
}

#[test]
fn mcp_tools_are_checked_against_the_listed_servers() {
    let sandbox = Sandbox::new("mcp");
    let call = |tool: &str, input: serde_json::Value, environment: &[(&str, &str)]| {
        let payload = serde_json::json!({
            "hook_event_name": "PreToolUse",
            "tool_name": tool,
            "tool_input": input,
            "cwd": sandbox.project(),
        });
        common::run_with_input(
            &mut sandbox.command(&["hook"], environment),
            payload.to_string().as_bytes(),
        )
    };
    let query = serde_json::json!({"libraryName": "react"});
    // Without an `mcp` section, servers are not checked; the commands they carry are.
    assert!(stdout(&call("mcp__context7__resolve-library-id", query.clone(), &[])).is_empty());
    let shell = call("mcp__shell__run", serde_json::json!({"command": "rm -rf ~"}), &[]);
    assert_eq!(shell.status.code(), Some(2));
    assert!(stderr(&shell).contains("rm-home"), "{}", stderr(&shell));
    let write = call(
        "mcp__files__write_file",
        serde_json::json!({"path": "/home/user/.bashrc", "content": "x"}),
        &[("HOME", "/home/user")],
    );
    assert_eq!(write.status.code(), Some(2), "{}", stderr(&write));
    sandbox.user_config(r#"{"mcp": {"servers": {"context7": ["resolve-library-id"], "github": ["*"]}}}"#);
    assert!(stdout(&call("mcp__context7__resolve-library-id", query.clone(), &[])).is_empty());
    assert!(stdout(&call("mcp__github__create_issue", query.clone(), &[])).is_empty());
    let unlisted = call("mcp__context7__query-docs", query.clone(), &[]);
    assert!(
        stdout(&unlisted).contains("mcp-tool-not-allowed"),
        "{}",
        stdout(&unlisted)
    );
    assert!(stdout(&unlisted).contains("\"ask\""));
    let strict = call("mcp__slack__post", query, &[("SAFETY_NET_MODE", "strict")]);
    assert_eq!(strict.status.code(), Some(2));
    assert!(stderr(&strict).contains("`slack` is not listed"), "{}", stderr(&strict));
}

#[test]
fn a_read_only_profile_keeps_a_subagent_from_writing() {
    let sandbox = Sandbox::new("profiles");
    sandbox.project_config(r#"{"profiles": {"code-reviewer": {"read_only": true}, "codex": {"mode": "strict"}}}"#);
    let call = |tool: &str, input: serde_json::Value, agent_type: Option<&str>| {
        let mut payload = serde_json::json!({
            "hook_event_name": "PreToolUse",
            "tool_name": tool,
            "tool_input": input,
            "cwd": sandbox.project(),
        });
        if let Some(agent_type) = agent_type {
            payload["agent_type"] = agent_type.into();
        }
        common::run_with_input(&mut sandbox.command(&["hook"], &[]), payload.to_string().as_bytes())
    };
    let file = sandbox.project().join("notes.md").to_string_lossy().into_owned();
    let write = serde_json::json!({"file_path": file, "content": "x"});
    assert_eq!(call("Write", write.clone(), None).status.code(), Some(0));
    let refused = call("Write", write, Some("code-reviewer"));
    assert_eq!(refused.status.code(), Some(2));
    assert!(stderr(&refused).contains("read-only-profile"), "{}", stderr(&refused));
    let shell = |command: &str| call("Bash", serde_json::json!({"command": command}), Some("code-reviewer"));
    assert_eq!(shell("git diff HEAD~1 -- src | head").status.code(), Some(0));
    assert_eq!(shell("git commit -am wip").status.code(), Some(2));
    // A profile by the agent's name: Codex's payloads run in the strict mode.
    let codex = serde_json::json!({"session_id": "s", "turn_id": "t", "hook_event_name": "PreToolUse",
        "cwd": sandbox.project(), "model": "gpt-5.5-codex", "permission_mode": "default",
        "tool_name": "Bash", "tool_input": {"command": "git push --no-verify"}, "tool_use_id": "c"});
    let strict = common::run_with_input(&mut sandbox.command(&["hook"], &[]), codex.to_string().as_bytes());
    assert_eq!(strict.status.code(), Some(2), "{}", stderr(&strict));
    assert!(
        stderr(&strict).contains("the strict mode denies"),
        "{}",
        stderr(&strict)
    );
    let explained = sandbox.run(&["explain", "--profile", "code-reviewer", "touch x"]);
    assert_eq!(explained.status.code(), Some(20));
}
