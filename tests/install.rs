//! `install`, `uninstall`, `doctor` and the ConfigChange guard, each run as a user would, against
//! a temporary home directory and project.

use serde_json::{Value, json};
mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A temporary home and project, removed afterwards.
struct Sandbox {
    root: PathBuf,
}

impl Sandbox {
    fn new(name: &str) -> Sandbox {
        let root = std::env::temp_dir().join(format!("safety-net-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(root.join("home")).expect("a temp home");
        std::fs::create_dir_all(root.join("project")).expect("a temp project");
        Sandbox { root }
    }

    fn home(&self) -> PathBuf {
        self.root.join("home")
    }

    fn project(&self) -> PathBuf {
        self.root.join("project")
    }

    fn user_settings(&self) -> PathBuf {
        self.home().join(".claude/settings.json")
    }

    fn run(&self, args: &[&str]) -> Output {
        self.run_with(args, None, &[])
    }

    fn run_with(&self, args: &[&str], stdin: Option<&str>, environment: &[(&str, &str)]) -> Output {
        let mut command = Command::new(env!("CARGO_BIN_EXE_safety-net"));
        command
            .args(args)
            .env_clear()
            .env("PATH", std::env::var_os("PATH").unwrap_or_default())
            .env("HOME", self.home())
            .env("CLAUDE_PROJECT_DIR", self.project())
            .current_dir(self.project());
        for (name, value) in environment {
            command.env(name, value);
        }
        common::run_with_input(&mut command, stdin.unwrap_or_default().as_bytes())
    }
}

impl Drop for Sandbox {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.root);
    }
}

fn read_json(path: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).expect("the file exists")).expect("the file is JSON")
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn binary() -> String {
    let path = PathBuf::from(env!("CARGO_BIN_EXE_safety-net"));
    path.canonicalize().unwrap_or(path).to_string_lossy().into_owned()
}

fn our_entries(settings: &Value, event: &str) -> Vec<Value> {
    settings["hooks"][event]
        .as_array()
        .map(|groups| {
            groups
                .iter()
                .flat_map(|group| group["hooks"].as_array().cloned().unwrap_or_default())
                .filter(|hook| hook["command"].as_str().is_some_and(|c| c.ends_with("safety-net")))
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn install_creates_the_settings_file_with_both_hooks() {
    let sandbox = Sandbox::new("create");
    let output = sandbox.run(&["install"]);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(stdout(&output).contains("created"), "{}", stdout(&output));
    let settings = read_json(&sandbox.user_settings());
    let pre = our_entries(&settings, "PreToolUse");
    assert_eq!(
        pre,
        [json!({"type": "command", "command": binary(), "args": ["hook"], "timeout": 5})]
    );
    assert_eq!(settings["hooks"]["PreToolUse"][0]["matcher"], "*");
    assert_eq!(our_entries(&settings, "ConfigChange").len(), 1);
}

#[test]
fn three_installs_leave_one_entry_and_foreign_keys_intact() {
    let sandbox = Sandbox::new("idempotent");
    let original = json!({
        "model": "opus",
        "permissions": {"allow": ["Bash(npm test)"]},
        "hooks": {
            "PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "/usr/local/bin/audit.sh"}]}],
            "PostToolUse": [{"matcher": "Write", "hooks": [{"type": "command", "command": "prettier --write"}]}],
        },
        "env": {"FOO": "1"},
    });
    std::fs::create_dir_all(sandbox.home().join(".claude")).expect("dir");
    std::fs::write(
        sandbox.user_settings(),
        serde_json::to_string_pretty(&original).expect("json"),
    )
    .expect("write");
    for round in 0..3 {
        let output = sandbox.run(&["install"]);
        assert_eq!(output.status.code(), Some(0));
        let said = stdout(&output);
        if round == 0 {
            assert!(said.contains("previous version is in"), "{said}");
        } else {
            assert!(said.contains("nothing changed"), "{said}");
        }
    }
    let settings = read_json(&sandbox.user_settings());
    assert_eq!(our_entries(&settings, "PreToolUse").len(), 1);
    assert_eq!(our_entries(&settings, "ConfigChange").len(), 1);
    assert_eq!(settings["model"], "opus");
    assert_eq!(settings["permissions"], original["permissions"]);
    assert_eq!(settings["env"], original["env"]);
    assert_eq!(settings["hooks"]["PostToolUse"], original["hooks"]["PostToolUse"]);
    assert_eq!(settings["hooks"]["PreToolUse"][0], original["hooks"]["PreToolUse"][0]);
    let keys: Vec<&String> = settings.as_object().expect("object").keys().collect();
    assert_eq!(keys, ["model", "permissions", "hooks", "env"], "keys keep their order");
    let backup = sandbox.home().join(".claude/settings.json.safety-net-backup");
    assert_eq!(read_json(&backup), original, "the first install backed up the old file");
}

#[test]
fn install_updates_a_stale_path() {
    let sandbox = Sandbox::new("stale");
    let stale = json!({"hooks": {"PreToolUse": [{"matcher": "*", "hooks": [
        {"type": "command", "command": "/old/place/safety-net", "args": ["hook"], "timeout": 5},
        {"type": "command", "command": "/usr/bin/other-hook"}
    ]}]}});
    std::fs::create_dir_all(sandbox.home().join(".claude")).expect("dir");
    std::fs::write(sandbox.user_settings(), stale.to_string()).expect("write");
    sandbox.run(&["install"]);
    let settings = read_json(&sandbox.user_settings());
    let pre = our_entries(&settings, "PreToolUse");
    assert_eq!(pre.len(), 1);
    assert_eq!(pre[0]["command"], binary());
    let other = &settings["hooks"]["PreToolUse"][0]["hooks"];
    assert_eq!(
        other,
        &json!([{"type": "command", "command": "/usr/bin/other-hook"}]),
        "the foreign hook stays"
    );
}

#[test]
fn uninstall_leaves_the_file_as_it_was() {
    let sandbox = Sandbox::new("uninstall");
    let original = json!({
        "model": "sonnet",
        "hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "/x/audit"}]}]},
    });
    std::fs::create_dir_all(sandbox.home().join(".claude")).expect("dir");
    std::fs::write(sandbox.user_settings(), original.to_string()).expect("write");
    sandbox.run(&["install"]);
    let output = sandbox.run(&["uninstall"]);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(read_json(&sandbox.user_settings()), original);
    let again = sandbox.run(&["uninstall"]);
    assert!(stdout(&again).contains("nothing changed"));
}

#[test]
fn uninstall_removes_what_install_created() {
    let sandbox = Sandbox::new("roundtrip");
    std::fs::create_dir_all(sandbox.home().join(".claude")).expect("dir");
    std::fs::write(sandbox.user_settings(), "{\"theme\": \"dark\"}").expect("write");
    sandbox.run(&["install"]);
    sandbox.run(&["uninstall"]);
    assert_eq!(read_json(&sandbox.user_settings()), json!({"theme": "dark"}));
}

#[test]
fn project_and_local_scopes_write_their_own_files() {
    let sandbox = Sandbox::new("scopes");
    sandbox.run(&["install", "--scope", "project"]);
    sandbox.run(&["install", "--scope", "local"]);
    let project = read_json(&sandbox.project().join(".claude/settings.json"));
    let local = read_json(&sandbox.project().join(".claude/settings.local.json"));
    assert_eq!(our_entries(&project, "PreToolUse").len(), 1);
    assert_eq!(our_entries(&local, "PreToolUse").len(), 1);
    assert!(!sandbox.user_settings().exists());
    let unknown = sandbox.run(&["install", "--scope", "everywhere"]);
    assert_eq!(unknown.status.code(), Some(64));
}

#[test]
fn a_malformed_settings_file_is_left_alone() {
    let sandbox = Sandbox::new("malformed");
    std::fs::create_dir_all(sandbox.home().join(".claude")).expect("dir");
    std::fs::write(sandbox.user_settings(), "{ not json").expect("write");
    let output = sandbox.run(&["install"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&output.stderr).contains("left untouched"));
    assert_eq!(
        std::fs::read_to_string(sandbox.user_settings()).expect("read"),
        "{ not json"
    );
}

#[test]
fn doctor_reports_a_missing_registration_and_its_fix() {
    let sandbox = Sandbox::new("doctor-missing");
    let output = sandbox.run(&["doctor"]);
    let text = stdout(&output);
    assert_eq!(output.status.code(), Some(1), "{text}");
    assert!(text.contains("✗ safety-net is not registered"), "{text}");
    assert!(text.contains("fix: `safety-net install`"), "{text}");
    assert!(text.contains("✓ self-test: `rm -rf /` is denied"), "{text}");
}

#[test]
fn doctor_is_happy_after_install() {
    let sandbox = Sandbox::new("doctor-ok");
    sandbox.run(&["install"]);
    let output = sandbox.run(&["doctor"]);
    let text = stdout(&output);
    assert_eq!(output.status.code(), Some(0), "{text}");
    for expected in [
        "registers",
        "for every tool",
        "runs",
        "self-test: `rm -rf /` is denied",
        "self-test: `ls` is allowed silently",
        "self-test: a malformed payload is denied",
        "All good.",
    ] {
        assert!(text.contains(expected), "{expected:?} missing in:\n{text}");
    }
}

#[test]
fn doctor_finds_a_binary_that_is_gone() {
    let sandbox = Sandbox::new("doctor-stale");
    let stale = json!({"hooks": {"PreToolUse": [{"matcher": "*", "hooks": [
        {"type": "command", "command": "/nowhere/safety-net", "args": ["hook"]}
    ]}]}});
    std::fs::create_dir_all(sandbox.home().join(".claude")).expect("dir");
    std::fs::write(sandbox.user_settings(), stale.to_string()).expect("write");
    let output = sandbox.run(&["doctor"]);
    let text = stdout(&output);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        text.contains("✗ the registered binary /nowhere/safety-net does not exist"),
        "{text}"
    );
    assert!(text.contains("no ConfigChange hook"), "{text}");
}

fn config_change(sandbox: &Sandbox, source: &str, file: &Path, environment: &[(&str, &str)]) -> Output {
    let payload = json!({
        "session_id": "s",
        "transcript_path": "/tmp/t.jsonl",
        "cwd": sandbox.project(),
        "hook_event_name": "ConfigChange",
        "source": source,
        "file_path": file,
    });
    sandbox.run_with(&["hook"], Some(&payload.to_string()), environment)
}

#[test]
fn config_change_that_disables_all_hooks_is_blocked() {
    let sandbox = Sandbox::new("config-disable");
    sandbox.run(&["install"]);
    let local = sandbox.project().join(".claude/settings.local.json");
    std::fs::create_dir_all(local.parent().expect("parent")).expect("dir");
    std::fs::write(&local, "{\"disableAllHooks\": true}").expect("write");
    let output = config_change(&sandbox, "local_settings", &local, &[]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&output.stderr)
            .starts_with("safety-net: hook-config-tamper: the change sets `disableAllHooks`")
    );
    let from_plugin = config_change(
        &sandbox,
        "local_settings",
        &local,
        &[("CLAUDE_PLUGIN_ROOT", "/plugins/safety-net")],
    );
    assert_eq!(
        from_plugin.status.code(),
        Some(2),
        "disableAllHooks switches plugin hooks off too"
    );
}

#[test]
fn config_change_that_removes_the_hook_is_blocked() {
    let sandbox = Sandbox::new("config-remove");
    sandbox.run(&["install"]);
    let settings = sandbox.user_settings();
    std::fs::write(&settings, "{\"model\": \"opus\"}").expect("the agent rewrites the file");
    let output = config_change(&sandbox, "user_settings", &settings, &[]);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("removes safety-net's PreToolUse hook"));
}

#[test]
fn config_changes_that_keep_the_hook_pass() {
    let sandbox = Sandbox::new("config-keep");
    sandbox.run(&["install"]);
    let project = sandbox.project().join(".claude/settings.json");
    std::fs::create_dir_all(project.parent().expect("parent")).expect("dir");
    std::fs::write(&project, "{\"permissions\": {\"allow\": [\"Bash(ls)\"]}}").expect("write");
    let output = config_change(&sandbox, "project_settings", &project, &[]);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(output.stdout.is_empty());
    let skills = config_change(&sandbox, "skills", &project, &[]);
    assert_eq!(skills.status.code(), Some(0));
    std::fs::write(sandbox.user_settings(), "{}").expect("write");
    let plugin = config_change(
        &sandbox,
        "user_settings",
        &sandbox.user_settings(),
        &[("CLAUDE_PLUGIN_ROOT", "/p")],
    );
    assert_eq!(
        plugin.status.code(),
        Some(0),
        "the plugin registration does not live in settings files"
    );
}

#[test]
fn installed_hook_judges_through_the_registered_command() {
    let sandbox = Sandbox::new("registered");
    sandbox.run(&["install"]);
    let settings = read_json(&sandbox.user_settings());
    let entry = &our_entries(&settings, "PreToolUse")[0];
    let command = entry["command"].as_str().expect("a command");
    let args: Vec<&str> = entry["args"]
        .as_array()
        .expect("args")
        .iter()
        .filter_map(Value::as_str)
        .collect();
    let run = |tool_command: &str| {
        let mut registered = Command::new(command);
        registered.args(&args).env("HOME", sandbox.home());
        let payload = json!({"hook_event_name": "PreToolUse", "cwd": sandbox.project(), "tool_name": "Bash", "tool_input": {"command": tool_command}});
        common::run_with_input(&mut registered, payload.to_string().as_bytes())
    };
    assert_eq!(run("rm -rf /").status.code(), Some(2));
    let allowed = run("ls");
    assert_eq!(allowed.status.code(), Some(0));
    assert!(allowed.stdout.is_empty() && allowed.stderr.is_empty());
}
