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
            // An empty value removes the variable.
            if value.is_empty() {
                command.env_remove(name);
            } else {
                command.env(name, value);
            }
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
                .filter(|hook| hook["command"].as_str().is_some_and(|c| c.contains("safety-net")))
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
    assert!(
        text.contains("✓ self-test (Claude Code): `rm -rf /` is denied"),
        "{text}"
    );
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
        "self-test (Claude Code): `rm -rf /` is denied",
        "self-test (Claude Code): `ls` is allowed",
        "self-test (Claude Code): a malformed payload is denied",
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

/// Every agent this guard installs for but OpenCode (whose plugin runs under node: tests/plugin.rs),
/// its hook file in the user scope, and a denied and an allowed payload from `tests/hook/<agent>/`.
const AGENTS: &[(&str, &str, &str, &str)] = &[
    (
        "codex",
        ".codex/hooks.json",
        "bash_reset_hard_denied",
        "bash_ls_allowed",
    ),
    (
        "gemini",
        ".gemini/settings.json",
        "shell_rm_home_denied",
        "shell_ls_allowed",
    ),
    (
        "cursor",
        ".cursor/hooks.json",
        "shell_force_push_denied",
        "shell_npm_install_allowed",
    ),
    (
        "copilot",
        ".copilot/hooks/safety-net.json",
        "camel_curl_sh_denied",
        "camel_string_args_allowed",
    ),
    (
        "cline",
        "Documents/Cline/Hooks/PreToolUse",
        "execute_rm_root_denied",
        "execute_ls_allowed",
    ),
    (
        "factory",
        ".factory/hooks.json",
        "execute_reset_hard_denied",
        "execute_inside_allowed",
    ),
    (
        "windsurf",
        ".codeium/windsurf/hooks.json",
        "run_rm_home_library_denied",
        "run_ls_allowed",
    ),
];

/// The shell command registered in an agent's hook file (Cline's is the file itself).
fn registered_command(agent: &str, file: &Path) -> Command {
    if agent == "cline" {
        return Command::new(file);
    }
    let config = read_json(file);
    // Every command string in the file, nested at any depth; ours is the one naming safety-net.
    fn commands(value: &Value, found: &mut Vec<String>) {
        match value {
            Value::Object(object) => {
                for (key, value) in object {
                    match value {
                        Value::String(text) if (key == "command" || key == "bash") && text.contains("safety-net") => {
                            found.push(text.clone())
                        }
                        _ => commands(value, found),
                    }
                }
            }
            Value::Array(items) => items.iter().for_each(|item| commands(item, found)),
            _ => {}
        }
    }
    let mut found = Vec::new();
    commands(&config["hooks"], &mut found);
    let text = Value::String(found.first().cloned().expect("a safety-net command"));
    let mut command = Command::new("sh");
    command.args(["-c", text.as_str().expect("a command string")]);
    command
}

/// Whether an answer blocks the call in any agent's dialect.
fn blocks(output: &Output) -> bool {
    let answer: Value = serde_json::from_slice(&output.stdout).unwrap_or(Value::Null);
    output.status.code() == Some(2)
        || answer["decision"] == "deny"
        || answer["permission"] == "deny"
        || answer["permissionDecision"] == "deny"
        || answer["cancel"] == true
}

fn agent_case(agent: &str, name: &str) -> Vec<u8> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/hook/{agent}/{name}.json"));
    std::fs::read(path).expect("the agent's payload")
}

fn run_registered(mut command: Command, home: &Path, path: &str, input: &[u8]) -> Output {
    command.env_clear().env("HOME", home).env("PATH", path);
    common::run_with_input(&mut command, input)
}

/// Runs `doctor`, which must be happy and say `expected`.
fn doctor_self_tests(sandbox: &Sandbox, expected: &str) {
    let doctor = sandbox.run(&["doctor"]);
    let text = stdout(&doctor);
    assert_eq!(doctor.status.code(), Some(0), "{text}");
    assert!(text.contains(expected), "{expected:?} missing in:\n{text}");
}

#[test]
fn every_agent_installs_idempotently_and_its_registered_command_judges() {
    for (agent, file, denied, allowed) in AGENTS {
        let sandbox = Sandbox::new(&format!("agent-{agent}"));
        let file = sandbox.home().join(file);
        let mut foreign = json!({"theme": "dark", "hooks": {"SessionStart": [{"hooks": [{"type": "command", "command": "echo hi"}]}]}});
        if *agent == "cursor" {
            foreign["version"] = json!(1);
        }
        let json_file = file.extension().is_some_and(|e| e == "json") && *agent != "copilot";
        if json_file {
            std::fs::create_dir_all(file.parent().expect("parent")).expect("dir");
            std::fs::write(&file, serde_json::to_string_pretty(&foreign).expect("json")).expect("write");
        }
        let first = sandbox.run(&["install", "--agent", agent]);
        assert_eq!(
            first.status.code(),
            Some(0),
            "{agent}: {}",
            String::from_utf8_lossy(&first.stderr)
        );
        let again = sandbox.run(&["install", "--agent", agent]);
        assert!(
            stdout(&again).contains("nothing changed"),
            "{agent}: {}",
            stdout(&again)
        );
        if json_file {
            let config = read_json(&file);
            assert_eq!(config["theme"], "dark", "{agent}: foreign keys stay");
            assert_eq!(
                config["hooks"]["SessionStart"], foreign["hooks"]["SessionStart"],
                "{agent}"
            );
        }
        let path = std::env::var("PATH").unwrap_or_default();
        let denial = run_registered(
            registered_command(agent, &file),
            &sandbox.home(),
            &path,
            &agent_case(agent, denied),
        );
        assert!(blocks(&denial), "{agent}: {denied} was not blocked: {denial:?}");
        let allowance = run_registered(
            registered_command(agent, &file),
            &sandbox.home(),
            &path,
            &agent_case(agent, allowed),
        );
        assert!(
            !blocks(&allowance) && allowance.status.code() == Some(0),
            "{agent}: {allowed}: {allowance:?}"
        );
        doctor_self_tests(&sandbox, "`rm -rf /` is denied");
        let removed = sandbox.run(&["uninstall", "--agent", agent]);
        assert_eq!(removed.status.code(), Some(0), "{agent}");
        if json_file {
            assert_eq!(
                read_json(&file),
                foreign,
                "{agent}: uninstall leaves the file as it was"
            );
        } else {
            assert!(!file.exists(), "{agent}: the file of ours is gone");
        }
    }
}

#[test]
fn a_hook_whose_binary_is_gone_denies_in_the_agents_dialect() {
    for (agent, file, _, allowed) in AGENTS {
        let sandbox = Sandbox::new(&format!("gone-{agent}"));
        sandbox.run(&["install", "--agent", agent]);
        let file = sandbox.home().join(file);
        // The registered command, with this binary's path replaced by one that does not exist.
        let config = std::fs::read_to_string(&file).expect("installed");
        std::fs::write(&file, config.replace(&binary(), "/nowhere/safety-net")).expect("write");
        let output = run_registered(
            registered_command(agent, &file),
            &sandbox.home(),
            "/usr/bin:/bin",
            &agent_case(agent, allowed),
        );
        assert!(blocks(&output), "{agent}: {output:?}");
        let said = format!(
            "{}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        );
        assert!(
            said.contains("guard-missing") && said.contains("/nowhere/safety-net"),
            "{agent}: {said}"
        );
    }
}

#[test]
fn the_project_scope_runs_safety_net_from_path_and_denies_without_it() {
    let sandbox = Sandbox::new("project-path");
    for agent in ["claude", "codex"] {
        let output = sandbox.run(&["install", "--agent", agent, "--scope", "project"]);
        assert_eq!(
            output.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        assert!(stdout(&output).contains("from PATH"), "{}", stdout(&output));
    }
    let shared = std::fs::read_to_string(sandbox.project().join(".claude/settings.json")).expect("written");
    assert!(
        !shared.contains(&binary()),
        "no machine path in a shared file: {shared}"
    );
    let claude = read_json(&sandbox.project().join(".claude/settings.json"));
    let entry = &our_entries(&claude, "PreToolUse")[0];
    assert!(
        entry.get("args").is_none(),
        "a shell command, so that a missing binary can deny"
    );
    let command = entry["command"].as_str().expect("a command").to_owned();
    let payload = |tool_command: &str| {
        json!({"hook_event_name": "PreToolUse", "cwd": sandbox.project(), "tool_name": "Bash", "tool_input": {"command": tool_command}}).to_string()
    };
    // A binary just copied can be busy for a moment: a process another test thread forked while
    // the copy was open for writing holds it until that process runs its own program.
    let run = |path: &str, tool_command: &str| loop {
        let mut shell = Command::new("sh");
        shell.args(["-c", &command]);
        let output = run_registered(shell, &sandbox.home(), path, payload(tool_command).as_bytes());
        if !String::from_utf8_lossy(&output.stderr).contains("Text file busy") {
            break output;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    let missing = run("/usr/bin:/bin", "ls");
    assert_eq!(missing.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&missing.stderr).contains("guard-missing: safety-net is not installed on this machine")
    );
    let bin = sandbox.root.join("bin");
    std::fs::create_dir_all(&bin).expect("dir");
    std::fs::copy(binary(), bin.join("safety-net")).expect("the binary on PATH");
    let path = format!("{}:/usr/bin:/bin", bin.display());
    assert_eq!(run(&path, "rm -rf /").status.code(), Some(2));
    let allowed = run(&path, "ls");
    assert_eq!((allowed.status.code(), allowed.stdout.is_empty()), (Some(0), true));
    let doctor = sandbox.run_with(&["doctor"], None, &[("PATH", "/usr/bin:/bin")]);
    assert!(
        stdout(&doctor).contains("runs `safety-net` from PATH, which has none"),
        "{}",
        stdout(&doctor)
    );
}

#[test]
fn the_project_scope_outside_a_repository_is_refused() {
    let sandbox = Sandbox::new("no-repo");
    let output = sandbox.run_with(&["install", "--scope", "project"], None, &[("CLAUDE_PROJECT_DIR", "")]);
    assert_eq!(output.status.code(), Some(64));
    assert!(String::from_utf8_lossy(&output.stderr).contains("not inside a git repository"));
    assert!(
        !sandbox.home().join(".claude/settings.json").exists(),
        "nothing written anywhere"
    );
    assert!(!sandbox.project().join(".claude").exists());
    std::fs::create_dir_all(sandbox.project().join(".git")).expect("a repository");
    let inside = sandbox.run_with(&["install", "--scope", "project"], None, &[("CLAUDE_PROJECT_DIR", "")]);
    assert_eq!(
        inside.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&inside.stderr)
    );
    assert!(sandbox.project().join(".claude/settings.json").exists());
    let local_codex = sandbox.run(&["install", "--agent", "codex", "--scope", "local"]);
    assert_eq!(
        local_codex.status.code(),
        Some(64),
        "only Claude Code has a local scope"
    );
}

#[cfg(unix)]
#[test]
fn the_backup_keeps_the_files_permissions_and_the_file_its_indentation() {
    use std::os::unix::fs::PermissionsExt;
    let sandbox = Sandbox::new("modes");
    std::fs::create_dir_all(sandbox.home().join(".claude")).expect("dir");
    std::fs::write(
        sandbox.user_settings(),
        "{\n    \"env\": {\n        \"TOKEN\": \"secret\"\n    }\n}\n",
    )
    .expect("write");
    std::fs::set_permissions(sandbox.user_settings(), std::fs::Permissions::from_mode(0o600)).expect("chmod");
    sandbox.run(&["install"]);
    let backup = sandbox.home().join(".claude/settings.json.safety-net-backup");
    let mode = |path: &Path| std::fs::metadata(path).expect("exists").permissions().mode() & 0o777;
    assert_eq!(mode(&backup), 0o600, "the backup is as private as the original");
    assert_eq!(mode(&sandbox.user_settings()), 0o600);
    let text = std::fs::read_to_string(sandbox.user_settings()).expect("read");
    assert!(text.starts_with("{\n    \"env\": {\n        \"TOKEN\""), "{text}");
}

#[test]
fn doctor_covers_every_agent_and_a_double_registration() {
    let sandbox = Sandbox::new("doctor-all");
    sandbox.run(&["install"]);
    sandbox.run(&["install", "--scope", "local"]);
    sandbox.run(&["install", "--agent", "gemini"]);
    std::fs::create_dir_all(sandbox.home().join(".cursor")).expect("cursor is set up");
    let output = sandbox.run(&["doctor"]);
    let text = stdout(&output);
    assert_eq!(output.status.code(), Some(1), "{text}");
    assert!(
        text.contains("Claude Code registers safety-net in more than one scope (user, local)"),
        "{text}"
    );
    assert!(
        text.contains("✓ self-test (Gemini CLI): `rm -rf /` is denied"),
        "{text}"
    );
    assert!(
        text.contains("✓ self-test (Gemini CLI): a malformed payload is denied"),
        "{text}"
    );
    assert!(text.contains("! Cursor is set up on this machine"), "{text}");
    assert!(text.contains("`safety-net install --agent cursor`"), "{text}");
}

#[test]
fn install_all_covers_the_agents_set_up_on_this_machine() {
    let sandbox = Sandbox::new("all");
    for folder in [".claude", ".gemini", ".codeium/windsurf"] {
        std::fs::create_dir_all(sandbox.home().join(folder)).expect("dir");
    }
    let output = sandbox.run(&["install", "--all"]);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(sandbox.user_settings().exists());
    assert!(sandbox.home().join(".gemini/settings.json").exists());
    assert!(sandbox.home().join(".codeium/windsurf/hooks.json").exists());
    assert!(
        !sandbox.home().join(".codex").exists(),
        "no folder made for an agent that is not here"
    );
    sandbox.run(&["uninstall", "--all"]);
    assert!(
        !sandbox.home().join(".gemini/settings.json").exists(),
        "created by install, removed by uninstall"
    );
}

#[test]
fn a_hook_file_of_somebody_else_is_left_alone() {
    let sandbox = Sandbox::new("foreign");
    let script = sandbox.home().join("Documents/Cline/Hooks/PreToolUse");
    std::fs::create_dir_all(script.parent().expect("parent")).expect("dir");
    std::fs::write(&script, "#!/bin/sh\necho '{\"cancel\":false}'\n").expect("write");
    let output = sandbox.run(&["install", "--agent", "cline"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&output.stderr).contains("was not written by safety-net"));
    assert_eq!(
        std::fs::read_to_string(&script).expect("read"),
        "#!/bin/sh\necho '{\"cancel\":false}'\n"
    );
}

#[test]
fn the_opencode_plugin_is_installed_with_this_binary_and_removed_whole() {
    let sandbox = Sandbox::new("opencode");
    let output = sandbox.run(&["install", "--agent", "opencode"]);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let plugin = sandbox.home().join(".config/opencode/plugins/safety-net.js");
    let text = std::fs::read_to_string(&plugin).expect("installed");
    assert!(
        text.contains(&format!("const INSTALLED_BINARY = {};", Value::String(binary()))),
        "{text}"
    );
    doctor_self_tests(&sandbox, "self-test (OpenCode): `rm -rf /` is denied");
    sandbox.run(&["uninstall", "--agent", "opencode"]);
    assert!(!plugin.exists());
}

#[test]
fn doctor_run_from_home_counts_one_file_once() {
    let sandbox = Sandbox::new("from-home");
    sandbox.run(&["install", "--agent", "codex"]);
    let home = sandbox.home().to_string_lossy().into_owned();
    let output = sandbox.run(&["doctor", "--project-root", &home]);
    let text = stdout(&output);
    assert_eq!(output.status.code(), Some(0), "{text}");
    assert!(!text.contains("more than one scope"), "{text}");
}

#[test]
fn doctor_and_install_say_when_the_agent_switches_the_hook_off() {
    let sandbox = Sandbox::new("gemini-off");
    let settings = sandbox.home().join(".gemini/settings.json");
    std::fs::create_dir_all(settings.parent().expect("parent")).expect("dir");
    std::fs::write(&settings, r#"{"hooksConfig": {"disabled": ["safety-net"]}}"#).expect("write");
    let install = sandbox.run(&["install", "--agent", "gemini"]);
    assert!(
        stdout(&install).contains("will not run this hook"),
        "{}",
        stdout(&install)
    );
    let doctor = sandbox.run(&["doctor"]);
    assert_eq!(doctor.status.code(), Some(1));
    assert!(
        stdout(&doctor).contains("lists `safety-net` among the disabled hooks"),
        "{}",
        stdout(&doctor)
    );
}

#[test]
fn an_event_list_of_another_shape_is_left_alone() {
    let sandbox = Sandbox::new("odd-shape");
    let file = sandbox.home().join(".codex/hooks.json");
    std::fs::create_dir_all(file.parent().expect("parent")).expect("dir");
    std::fs::write(&file, r#"{"hooks": {"PreToolUse": {"matcher": "Bash"}}}"#).expect("write");
    let output = sandbox.run(&["install", "--agent", "codex"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&output.stderr).contains("`hooks.PreToolUse` is not a list"));
    assert_eq!(read_json(&file), json!({"hooks": {"PreToolUse": {"matcher": "Bash"}}}));
}

#[test]
fn agent_files_hold_only_the_keys_their_agents_read() {
    let sandbox = Sandbox::new("shapes");
    sandbox.run(&["install", "--agent", "copilot"]);
    let copilot = read_json(&sandbox.home().join(".copilot/hooks/safety-net.json"));
    let keys: Vec<&String> = copilot.as_object().expect("object").keys().collect();
    assert_eq!(keys, ["version", "hooks"]);
    let entry = &copilot["hooks"]["preToolUse"][0];
    assert!(
        entry["powershell"]
            .as_str()
            .is_some_and(|ps| ps.contains("Test-Path -LiteralPath $sn")),
        "{entry}"
    );
    let removed = sandbox.run(&["uninstall", "--agent", "copilot"]);
    assert!(stdout(&removed).contains("removed"), "{}", stdout(&removed));
    sandbox.run(&["install", "--agent", "cursor"]);
    let cursor = read_json(&sandbox.home().join(".cursor/hooks.json"));
    assert_eq!(cursor["version"], 1);
    assert_eq!(
        cursor["hooks"]["preToolUse"][0]["matcher"], "Shell|Read|Write|Edit|StrReplace|MultiEdit|Delete",
        "only the tools this guard judges reach it"
    );
    assert!(cursor["hooks"]["beforeShellExecution"][0].get("matcher").is_none());
}

#[test]
fn doctor_says_when_a_settings_file_is_json_but_not_an_object() {
    let sandbox = Sandbox::new("array-settings");
    std::fs::create_dir_all(sandbox.home().join(".claude")).expect("dir");
    std::fs::write(sandbox.user_settings(), "[]").expect("write");
    let output = sandbox.run(&["doctor"]);
    let text = stdout(&output);
    assert_eq!(output.status.code(), Some(1));
    assert!(text.contains("is not a settings object (not a JSON object)"), "{text}");
    let install = sandbox.run(&["install"]);
    assert_eq!(install.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&install.stderr).contains("left untouched"));
}
