//! `safety-net doctor`: for every agent, is the hook registered, does the registered command run,
//! and does it answer as it should, in that agent's dialect, through the registered command
//! itself? Each problem comes with the command that fixes it.

use crate::hook::Agent;
use crate::install::{self, Layout, Scope, Spot};
use serde_json::{Value, json};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// How a finding reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Ok,
    Problem,
    /// Worth knowing, not wrong: an agent on this machine that this guard does not protect.
    Note,
}

/// One finding of the doctor.
#[derive(Debug)]
pub struct Check {
    pub status: Status,
    pub what: String,
    /// The command (or step) that fixes it.
    pub fix: Option<String>,
}

impl Check {
    fn ok(what: impl Into<String>) -> Check {
        Check {
            status: Status::Ok,
            what: what.into(),
            fix: None,
        }
    }

    fn problem(what: impl Into<String>, fix: impl Into<String>) -> Check {
        Check {
            status: Status::Problem,
            what: what.into(),
            fix: Some(fix.into()),
        }
    }

    fn note(what: impl Into<String>, fix: impl Into<String>) -> Check {
        Check {
            status: Status::Note,
            what: what.into(),
            fix: Some(fix.into()),
        }
    }
}

/// The configuration the hook would read for `home` and `project`: valid or not, and what it
/// ignores.
pub fn configuration(home: &Path, project: &Path) -> Vec<Check> {
    let absolute = |path: &Path| crate::paths::AbsPath::new(&path.to_string_lossy());
    let (Some(home), Some(project)) = (absolute(home), absolute(project)) else {
        return Vec::new();
    };
    let sources = crate::policy::Sources::from_environment(&home, &project);
    match crate::policy::Policy::load(&sources, &home) {
        Err(error) => vec![Check::problem(
            format!(
                "{}; the hook denies every tool call until it is fixed",
                error.one_line()
            ),
            "fix the file; `safety-net config show` points at the error",
        )],
        Ok(policy) => {
            let mut checks = vec![Check::ok(format!(
                "configuration: mode {}, {} file(s) read, {} rule(s) turned off, {} custom rule(s)",
                policy.strictness.0.name(),
                policy.files.len(),
                policy.disabled.len(),
                policy.custom_rules.len()
            ))];
            checks.extend(
                policy
                    .refused
                    .iter()
                    .map(|refused| Check::note(format!("ignored: {refused}"), "see `safety-net config show`")),
            );
            checks
        }
    }
}

/// How a registered hook is started.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Runner {
    /// A program and its arguments, without a shell.
    Exec(PathBuf, Vec<String>),
    /// A command line run by `sh -c`.
    Shell(String),
}

/// Examines every agent's registration for `home` and `project`; `this_binary` is used for the
/// self-test when nothing is registered.
pub fn examine(home: &Path, project: &Path, this_binary: &Path) -> Vec<Check> {
    let mut checks = Vec::new();
    let mut runners: Vec<(Agent, Runner, String)> = Vec::new();
    let mut registered_agents: Vec<Agent> = Vec::new();
    for agent in Agent::ALL {
        let mut scopes_registered = Vec::new();
        let mut files_seen: Vec<PathBuf> = Vec::new();
        for scope in Scope::ALL {
            let Ok(spot) = install::spot(agent, scope, home, project) else {
                continue;
            };
            // Run from home (or outside a project), the project's file is the user's file.
            if files_seen.contains(&spot.file) {
                continue;
            }
            files_seen.push(spot.file.clone());
            let install_command = install_command(agent, scope);
            let entries = match install::registered(&spot) {
                Ok(entries) => entries,
                Err(error) => {
                    checks.push(Check::problem(
                        format!("{error} ({} ignores such a file)", install::display_name(agent)),
                        format!("fix the file by hand, then run `{install_command}`"),
                    ));
                    continue;
                }
            };
            if entries.is_empty() {
                continue;
            }
            scopes_registered.push(scope);
            checks.extend(examine_entries(&spot, &entries, &install_command));
            if let Some(why) =
                install::read_settings(&spot.file).and_then(|settings| install::hooks_switched_off(agent, &settings))
            {
                checks.push(Check::problem(
                    format!(
                        "{} will not run the hooks of {}: {why}",
                        install::display_name(agent),
                        spot.file.display()
                    ),
                    "change that setting in the file",
                ));
            }
            for (_, entry) in &entries {
                if let Some(runner) = runner(&spot, entry) {
                    runners.push((agent, runner, install_command.clone()));
                }
            }
        }
        if scopes_registered.len() > 1 {
            let names: Vec<&str> = scopes_registered.iter().map(|scope| scope.name()).collect();
            checks.push(Check::problem(
                format!(
                    "{} registers safety-net in more than one scope ({}): every tool call runs it {} times",
                    install::display_name(agent),
                    names.join(", "),
                    names.len()
                ),
                format!(
                    "keep one: `safety-net uninstall --agent {} --scope {}`",
                    agent.name(),
                    names[names.len() - 1]
                ),
            ));
        }
        if !scopes_registered.is_empty() {
            registered_agents.push(agent);
        }
    }
    if let Some(settings) = install::read_settings(&install::managed_settings_file())
        && !install::registrations(&settings, "PreToolUse").is_empty()
    {
        registered_agents.push(Agent::Claude);
        checks.push(Check::ok(format!(
            "the managed settings {} register safety-net",
            install::managed_settings_file().display()
        )));
    }
    if let Some(plugin) = plugin_registration(home) {
        registered_agents.push(Agent::Claude);
        checks.push(Check::ok(format!(
            "the plugin at {} registers safety-net",
            plugin.display()
        )));
    }
    if registered_agents.is_empty() {
        checks.push(Check::problem(
            "safety-net is not registered as a hook of any agent: nothing is checked",
            "`safety-net install` for Claude Code (`--agent NAME` for another, `--all` for every agent on this machine)",
        ));
    }
    for agent in Agent::ALL {
        if !registered_agents.contains(&agent) && install::config_folder(agent, home).is_dir() {
            checks.push(Check::note(
                format!(
                    "{} is set up on this machine ({}) but has no safety-net hook: its tool calls are not checked",
                    install::display_name(agent),
                    install::config_folder(agent, home).display()
                ),
                format!("`safety-net install --agent {}`", agent.name()),
            ));
        }
    }
    runners.sort_by(|a, b| format!("{a:?}").cmp(&format!("{b:?}")));
    runners.dedup();
    if runners.is_empty() {
        let this = Runner::Exec(this_binary.to_owned(), vec!["hook".into()]);
        runners.push((Agent::Claude, this, "safety-net install".to_owned()));
    }
    for (agent, runner, install_command) in &runners {
        checks.extend(examine_runner(*agent, runner, install_command, project));
    }
    checks
}

/// Whether a registered command can start, and what it answers.
fn examine_runner(agent: Agent, runner: &Runner, install_command: &str, project: &Path) -> Vec<Check> {
    let name = install::display_name(agent);
    if let Runner::Exec(program, _) = runner
        && program.components().count() > 1
    {
        if !program.exists() {
            return vec![Check::problem(
                format!(
                    "the registered binary {} does not exist: {name} would skip the hook",
                    program.display()
                ),
                format!(
                    "reinstall it (`cargo install --locked --path .`), then `{install_command}` to update the path"
                ),
            )];
        }
        let is_binary = program.file_stem().is_some_and(|name| name == "safety-net");
        if is_binary && !runs(program) {
            return vec![Check::problem(
                format!("{} exists but does not run", program.display()),
                "reinstall it with `cargo install --locked --path .`",
            )];
        }
        let found = if is_binary { "runs" } else { "exists" };
        return [Check::ok(format!("{} {found}", program.display()))]
            .into_iter()
            .chain(self_test(agent, runner, project))
            .collect();
    }
    let mut checks = Vec::new();
    if uses_path(runner) && find_on_path("safety-net").is_none() {
        checks.push(Check::problem(
            format!("{name}'s hook runs `safety-net` from PATH, which has none: every {name} tool call is denied on this machine"),
            "install safety-net (`cargo install --locked --path .` in its repository), and put its folder (~/.cargo/bin) on PATH",
        ));
    }
    checks.extend(self_test(agent, runner, project));
    checks
}

fn runs(binary: &Path) -> bool {
    Command::new(binary)
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|status| status.success())
}

/// The install command for an agent and scope.
fn install_command(agent: Agent, scope: Scope) -> String {
    let mut command = "safety-net install".to_owned();
    if agent != Agent::Claude {
        command.push_str(&format!(" --agent {}", agent.name()));
    }
    if scope != Scope::User {
        command.push_str(&format!(" --scope {}", scope.name()));
    }
    command
}

/// What the registration in one file says: which tools, and Claude Code's ConfigChange guard.
fn examine_entries(spot: &Spot, entries: &[(String, Value)], install_command: &str) -> Vec<Check> {
    let mut checks = Vec::new();
    let name = install::display_name(spot.agent);
    if spot.agent == Agent::Claude {
        let Some(settings) = install::read_settings(&spot.file) else {
            return checks;
        };
        for (entry, every_tool) in install::registrations(&settings, "PreToolUse") {
            let command = entry.get("command").and_then(Value::as_str).unwrap_or("");
            if every_tool {
                checks.push(Check::ok(format!(
                    "{} registers `{command}` for every tool",
                    spot.file.display()
                )));
            } else {
                checks.push(Check::problem(
                    format!("{} registers `{command}` for some tools only", spot.file.display()),
                    format!("`{install_command}` registers it for every tool"),
                ));
            }
        }
        if install::registrations(&settings, "ConfigChange").is_empty() {
            checks.push(Check::problem(
                format!(
                    "{} has no ConfigChange hook: a settings change could remove the guard mid-session",
                    spot.file.display()
                ),
                format!("`{install_command}`"),
            ));
        }
        return checks;
    }
    let mut events: Vec<&str> = entries.iter().map(|(event, _)| event.as_str()).collect();
    events.dedup();
    checks.push(Check::ok(format!(
        "{} registers safety-net for {name} ({})",
        spot.file.display(),
        events.join(", ")
    )));
    let missing: Vec<&str> = install::events_of(spot.agent)
        .filter(|event| !events.contains(event))
        .collect();
    if !missing.is_empty() && spot.layout != Layout::Own {
        checks.push(Check::problem(
            format!(
                "{} has no safety-net hook for {}",
                spot.file.display(),
                missing.join(", ")
            ),
            format!("`{install_command}`"),
        ));
    }
    checks
}

/// How the registered entry starts the hook.
fn runner(spot: &Spot, entry: &Value) -> Option<Runner> {
    let text = |value: &Value, field: &str| value.get(field).and_then(Value::as_str).map(str::to_owned);
    match (spot.agent, entry) {
        (Agent::Cline, Value::String(_)) => Some(Runner::Exec(spot.file.clone(), Vec::new())),
        (Agent::Copilot, Value::String(file)) => {
            let file: Value = serde_json::from_str(file).ok()?;
            let hook = file.get("hooks")?.get("preToolUse")?.get(0)?;
            text(hook, "bash").map(Runner::Shell)
        }
        (Agent::OpenCode, Value::String(plugin)) => {
            let binary = plugin
                .lines()
                .find_map(|line| line.trim().strip_prefix("const INSTALLED_BINARY = "))
                .and_then(|rest| serde_json::from_str::<String>(rest.trim_end_matches(';')).ok())
                .filter(|binary| !binary.is_empty())
                .map_or_else(|| PathBuf::from("safety-net"), PathBuf::from);
            Some(Runner::Exec(
                binary,
                vec!["hook".into(), "--agent".into(), "opencode".into()],
            ))
        }
        _ => {
            let command = text(entry, "command")?;
            match entry.get("args").and_then(Value::as_array) {
                Some(args) => Some(Runner::Exec(
                    PathBuf::from(command),
                    args.iter().filter_map(Value::as_str).map(str::to_owned).collect(),
                )),
                None => Some(Runner::Shell(command)),
            }
        }
    }
}

/// Whether the runner finds `safety-net` on PATH rather than by its path.
fn uses_path(runner: &Runner) -> bool {
    match runner {
        Runner::Exec(program, _) => program.as_os_str() == "safety-net",
        Runner::Shell(command) => command.contains("command -v safety-net"),
    }
}

/// The first `name` on PATH.
fn find_on_path(name: &str) -> Option<PathBuf> {
    std::env::split_paths(&std::env::var_os("PATH")?)
        .map(|folder| folder.join(name))
        .find(|candidate| candidate.is_file())
}

/// A plugin's `hooks.json` below `~/.claude/plugins` that runs this guard.
fn plugin_registration(home: &Path) -> Option<PathBuf> {
    let mut pending = vec![(home.join(".claude").join("plugins"), 0)];
    while let Some((directory, depth)) = pending.pop() {
        let Ok(entries) = std::fs::read_dir(&directory) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() && depth < 6 {
                pending.push((path, depth + 1));
            } else if path.file_name().is_some_and(|n| n == "hooks.json")
                && std::fs::read_to_string(&path).is_ok_and(|text| text.contains("safety-net"))
            {
                return Some(path);
            }
        }
    }
    None
}

/// A payload in `agent`'s own form asking to run `command` in `cwd`.
fn sample_payload(agent: Agent, command: &str, cwd: &Path) -> String {
    let cwd = cwd.to_string_lossy();
    let payload = match agent {
        Agent::Claude => {
            json!({"session_id": "doctor", "transcript_path": "/dev/null", "cwd": cwd, "hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": {"command": command}})
        }
        Agent::Codex => {
            json!({"session_id": "doctor", "turn_id": "doctor", "cwd": cwd, "hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": {"command": command}})
        }
        Agent::Gemini => {
            json!({"session_id": "doctor", "cwd": cwd, "hook_event_name": "BeforeTool", "tool_name": "run_shell_command", "tool_input": {"command": command}})
        }
        Agent::Cursor => {
            json!({"conversation_id": "doctor", "cursor_version": "doctor", "hook_event_name": "beforeShellExecution", "command": command, "cwd": cwd, "workspace_roots": [cwd]})
        }
        Agent::Copilot => json!({"timestamp": 0, "cwd": cwd, "toolName": "bash", "toolArgs": {"command": command}}),
        Agent::Cline => {
            json!({"clineVersion": "doctor", "hookName": "PreToolUse", "taskId": "doctor", "workspaceRoots": [cwd], "preToolUse": {"toolName": "execute_command", "parameters": {"command": command}}})
        }
        Agent::Factory => {
            json!({"session_id": "doctor", "cwd": cwd, "hook_event_name": "PreToolUse", "tool_name": "Execute", "tool_input": {"command": command}})
        }
        Agent::Windsurf => {
            json!({"agent_action_name": "pre_run_command", "tool_info": {"command_line": command, "cwd": cwd}})
        }
        Agent::OpenCode => {
            json!({"agent": "opencode", "hook_event_name": "tool.execute.before", "input": {"tool": "bash"}, "output": {"args": {"command": command}}, "directory": cwd, "worktree": cwd})
        }
    };
    payload.to_string()
}

/// Whether an answer blocks the call as `agent` reads it: its own deny JSON where it reads one
/// (Copilot and Cline skip a hook that exits non-zero, Cursor shows exit 2's output raw), exit 2
/// elsewhere.
fn blocks(agent: Agent, exit: i32, stdout: &str) -> bool {
    let answer: Value = serde_json::from_str(stdout.trim()).unwrap_or(Value::Null);
    match agent {
        Agent::Gemini => exit == 2 || exit == 0 && answer["decision"] == "deny",
        Agent::Cursor => exit == 0 && answer["permission"] == "deny",
        Agent::Copilot => exit == 0 && answer["permissionDecision"] == "deny",
        Agent::Cline => exit == 0 && answer["cancel"] == true,
        Agent::Claude | Agent::Factory => {
            exit == 2
                || exit == 0 && answer.pointer("/hookSpecificOutput/permissionDecision") == Some(&Value::from("deny"))
        }
        Agent::Codex | Agent::Windsurf | Agent::OpenCode => exit == 2,
    }
}

/// Feeds the registered hook three payloads in its agent's form: a dangerous command, an
/// ordinary one, garbage.
fn self_test(agent: Agent, runner: &Runner, project: &Path) -> Vec<Check> {
    let name = install::display_name(agent);
    let started = match runner {
        Runner::Exec(program, args) => format!("{} {}", program.display(), args.join(" ")),
        Runner::Shell(command) => command.clone(),
    };
    let cases = [
        ("`rm -rf /` is denied", sample_payload(agent, "rm -rf /", project), true),
        ("`ls` is allowed", sample_payload(agent, "ls", project), false),
        ("a malformed payload is denied", "not json".to_owned(), true),
    ];
    cases
        .into_iter()
        .map(|(what, input, denied)| match run_hook(runner, &input) {
            Some((code, stdout, stderr)) if blocks(agent, code, &stdout) == denied && (code == 0 || code == 2) => {
                let said = !stderr.trim().is_empty() || !stdout.trim().is_empty();
                if denied && !said {
                    Check::problem(
                        format!("self-test ({name}): {what} but without a reason"),
                        "reinstall safety-net (`cargo install --locked --path .`)",
                    )
                } else {
                    Check::ok(format!("self-test ({name}): {what}"))
                }
            }
            Some((_, stdout, stderr)) if format!("{stdout}{stderr}").contains("guard-missing") => Check::problem(
                format!(
                    "self-test ({name}): the registered hook finds no safety-net binary, so it denies every tool call"
                ),
                "install safety-net (`cargo install --locked --path .`), then run `safety-net install` again",
            ),
            Some((code, stdout, stderr)) => Check::problem(
                format!(
                    "self-test ({name}): expected that {what}, got exit {code} with output {:?} {:?}",
                    stdout.trim(),
                    stderr.trim()
                ),
                "reinstall safety-net (`cargo install --locked --path .`)",
            ),
            None => Check::problem(
                format!("self-test ({name}): the hook `{started}` could not be run"),
                "reinstall safety-net (`cargo install --locked --path .`), then `safety-net install`",
            ),
        })
        .collect()
}

fn run_hook(runner: &Runner, input: &str) -> Option<(i32, String, String)> {
    let mut command = match runner {
        Runner::Exec(program, args) => {
            let mut command = Command::new(program);
            command.args(args);
            command
        }
        Runner::Shell(line) => {
            let mut command = Command::new("sh");
            command.args(["-c", line]);
            command
        }
    };
    // The self-test's calls are not the user's: their record and approvals go to a folder of
    // their own, not into the audit log.
    let mut child = command
        .env("XDG_STATE_HOME", std::env::temp_dir().join("safety-net-doctor"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .ok()?;
    child.stdin.take()?.write_all(input.as_bytes()).ok()?;
    let output = child.wait_with_output().ok()?;
    Some((
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    ))
}
