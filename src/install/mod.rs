//! Registering the hook with each agent: `install`, `uninstall`, and the registration checks
//! `doctor` and the ConfigChange guard rely on.
//!
//! Each agent keeps its hooks in its own file ([`agents`] says where and in which shape). Install
//! merges this guard's entries into it, keeping every other key and hook, the file's permissions
//! and indentation, and a backup of the previous version; running it again changes nothing, and a
//! stale command is updated. Uninstall removes only this guard's entries.
//!
//! The registered command runs this binary by absolute path in a file for this machine only
//! (user and local scopes), and `safety-net` from `PATH` in a file shared with a team (project
//! scope). It is wrapped in a shell command (POSIX, or PowerShell where the agent runs that) so
//! that where the binary is missing the hook denies in the agent's own dialect (rule
//! `guard-missing`) instead of failing to start, which every agent treats as "go ahead". Two
//! exceptions: Claude Code's user and local scopes run the binary in exec form
//! (`"args": ["hook"]`), which no shell profile can disturb but which cannot deny for a missing
//! binary (`doctor` checks that it exists; `install` warns about a build output that `cargo
//! clean` would delete); and on Windows the bare command is registered for the agents whose
//! shell there is not known.

mod agents;
mod claude;
mod files;

pub use agents::{Layout, Spot, config_folder, display_name, spot};
pub use claude::{
    additional_directories, managed_settings_file, read_settings, registered_anywhere, registrations, settings_file,
};
pub use files::Change;

use crate::checks;
use crate::hook::{Agent, Answer, Shape};
use crate::rules::Decision;
use serde_json::{Map, Value};
use std::fmt;
use std::io;
use std::path::{Path, PathBuf};

/// Which of an agent's files.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// In the home directory: every project on this machine.
    User,
    /// In the project: shared with the team through the repository.
    Project,
    /// Claude Code's `.claude/settings.local.json`: this project, on this machine only.
    Local,
}

impl Scope {
    pub const ALL: [Scope; 3] = [Scope::User, Scope::Project, Scope::Local];

    pub fn parse(text: &str) -> Option<Scope> {
        match text {
            "user" => Some(Scope::User),
            "project" => Some(Scope::Project),
            "local" => Some(Scope::Local),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Scope::User => "user",
            Scope::Project => "project",
            Scope::Local => "local",
        }
    }

    /// Whether the file is shared with others, so that it must not name this machine's paths.
    pub fn is_shared(self) -> bool {
        self == Scope::Project
    }
}

/// Why a hook file could not be changed.
#[derive(Debug)]
pub enum InstallError {
    Io(PathBuf, io::Error),
    /// The file is not JSON, or not an object: it is left alone.
    Malformed(PathBuf, String),
    /// A file of the name this guard would write is somebody else's: it is left alone.
    Foreign(PathBuf),
}

impl fmt::Display for InstallError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InstallError::Io(path, error) => write!(f, "{}: {error}", path.display()),
            InstallError::Malformed(path, why) => write!(
                f,
                "{} is not a settings object ({why}); it was left untouched: fix it by hand, then run this again",
                path.display()
            ),
            InstallError::Foreign(path) => write!(
                f,
                "{} exists and was not written by safety-net; it was left untouched: merge the hook by hand, or move the file away and run this again",
                path.display()
            ),
        }
    }
}

/// How the registered command finds the binary.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HookCommand {
    /// This binary, by absolute path (a file for this machine only).
    Exec { binary: PathBuf },
    /// `safety-net` on `PATH` (a file shared with others).
    OnPath,
}

impl HookCommand {
    /// The command for scope `scope`, with `binary` being this executable.
    pub fn for_scope(scope: Scope, binary: &Path) -> HookCommand {
        if scope.is_shared() {
            HookCommand::OnPath
        } else {
            HookCommand::Exec {
                binary: binary.to_owned(),
            }
        }
    }

    /// The bare command, as cmd.exe runs it (Windows, where no POSIX shell can be counted on).
    pub fn plain_text(&self, agent: Agent) -> String {
        let program = match self {
            HookCommand::Exec { binary } => format!("\"{}\"", binary.display()),
            HookCommand::OnPath => "safety-net".to_owned(),
        };
        format!("{program} hook{}", agent_flag(agent))
    }

    /// The answer a registered command gives for `agent` where it finds no binary, and why.
    fn missing_answer(&self, agent: Agent) -> Answer {
        let missing = match self {
            HookCommand::Exec { binary } => format!("the safety-net binary {} is missing", binary.display()),
            HookCommand::OnPath => "safety-net is not installed on this machine (no `safety-net` on PATH)".to_owned(),
        };
        let instead = checks::rule("guard-missing").map_or("", |rule| rule.instead);
        let reason = format!("guard-missing: {missing}, so the tool call cannot be checked. {instead}.");
        Answer::new(agent, Shape::Usual, Decision::Deny, &reason)
    }

    /// The POSIX shell command that runs the hook for `agent`, and where the binary is missing
    /// denies in that agent's dialect instead of failing to start.
    pub fn shell_text(&self, agent: Agent) -> String {
        if cfg!(windows) {
            return self.plain_text(agent);
        }
        let flag = agent_flag(agent);
        let (test, run) = match self {
            HookCommand::Exec { binary } => {
                let quoted = shell_words::quote(&binary.to_string_lossy()).into_owned();
                (format!("[ -x {quoted} ]"), format!("{quoted} hook{flag}"))
            }
            HookCommand::OnPath => (
                "command -v safety-net >/dev/null 2>&1".to_owned(),
                format!("safety-net hook{flag}"),
            ),
        };
        let answer = self.missing_answer(agent);
        let mut fallback = String::new();
        for (text, redirect) in [(&answer.stdout, ""), (&answer.stderr, " >&2")] {
            if !text.is_empty() {
                let quoted = shell_words::quote(text.trim_end());
                fallback.push_str(&format!("printf '%s\\n' {quoted}{redirect}; "));
            }
        }
        format!("if {test}; then exec {run}; fi; {fallback}exit {}", answer.exit_code)
    }

    /// The same in PowerShell, one statement a line (Copilot's `powershell` command, Cline's
    /// `PreToolUse.ps1`): the payload is passed on from standard input.
    pub fn powershell_text(&self, agent: Agent) -> String {
        let quote = |text: &str| format!("'{}'", text.replace('\'', "''"));
        let find = match self {
            HookCommand::Exec { binary } => format!("$sn = {}", quote(&binary.to_string_lossy())),
            HookCommand::OnPath => "$sn = (Get-Command safety-net -ErrorAction SilentlyContinue).Source".to_owned(),
        };
        let answer = self.missing_answer(agent);
        let mut lines = vec![
            find,
            format!(
                "if ($sn -and (Test-Path -LiteralPath $sn)) {{ [Console]::In.ReadToEnd() | & $sn hook{}; exit $LASTEXITCODE }}",
                agent_flag(agent)
            ),
        ];
        if !answer.stdout.is_empty() {
            lines.push(format!("[Console]::Out.WriteLine({})", quote(answer.stdout.trim_end())));
        }
        if !answer.stderr.is_empty() {
            lines.push(format!(
                "[Console]::Error.WriteLine({})",
                quote(answer.stderr.trim_end())
            ));
        }
        lines.push(format!("exit {}", answer.exit_code));
        lines.join("\n")
    }
}

/// `--agent NAME`, except for Claude Code, whose payload form is the default.
fn agent_flag(agent: Agent) -> String {
    if agent == Agent::Claude {
        String::new()
    } else {
        format!(" --agent {}", agent.name())
    }
}

/// Why the agent would not run the hooks in this settings file, if it says so: Claude Code's
/// `disableAllHooks`, Gemini CLI's `hooksConfig.enabled: false` (the older `tools.enableHooks`)
/// or `safety-net` among its disabled hooks.
pub fn hooks_switched_off(agent: Agent, settings: &Value) -> Option<String> {
    let is_false = |pointer: &str| settings.pointer(pointer) == Some(&Value::Bool(false));
    let lists_us = |pointer: &str| {
        settings
            .pointer(pointer)
            .and_then(Value::as_array)
            .is_some_and(|names| names.iter().any(|name| name.as_str() == Some("safety-net")))
    };
    match agent {
        Agent::Claude if settings.pointer("/disableAllHooks") == Some(&Value::Bool(true)) => {
            Some("it sets `disableAllHooks`, which switches every hook off".into())
        }
        Agent::Gemini if is_false("/hooksConfig/enabled") || is_false("/tools/enableHooks") => {
            Some("it switches Gemini CLI's hooks off (`hooksConfig.enabled` or `tools.enableHooks` is false)".into())
        }
        Agent::Gemini if lists_us("/hooksConfig/disabled") || lists_us("/hooks/disabled") => {
            Some("it lists `safety-net` among the disabled hooks (`hooksConfig.disabled`)".into())
        }
        _ => None,
    }
}

/// The events this guard hooks for `agent`.
pub fn events_of(agent: Agent) -> impl Iterator<Item = &'static str> {
    agents::events(agent).iter().map(|(event, _)| *event)
}

/// Registers `command` as this guard's hook in `spot`.
pub fn install(spot: &Spot, command: &HookCommand) -> Result<Change, InstallError> {
    let entry = agents::entry(spot.agent, command);
    match spot.layout {
        Layout::Own => {
            let existing = files::read_text(&spot.file)?;
            if existing.as_deref().is_some_and(|text| !agents::is_own_file(text)) {
                return Err(InstallError::Foreign(spot.file.clone()));
            }
            let text = agents::own_file(spot.agent, command);
            let change = files::write_with_backup(&spot.file, existing.as_deref(), text.as_bytes())?;
            make_executable(&spot.file, spot.agent)?;
            Ok(change)
        }
        layout => files::rewrite_json(&spot.file, false, |settings| {
            if spot.agent == Agent::Cursor {
                settings.entry("version").or_insert(Value::from(1));
            }
            let hooks = settings.entry("hooks").or_insert_with(|| Value::Object(Map::new()));
            let Value::Object(hooks) = hooks else {
                return Err("its `hooks` is not an object".into());
            };
            for (event, matcher) in agents::events(spot.agent) {
                let list = hooks.entry(*event).or_insert_with(|| Value::Array(Vec::new()));
                let Value::Array(list) = list else {
                    return Err(format!("its `hooks.{event}` is not a list"));
                };
                remove_ours(list, layout);
                list.push(match (layout, matcher, &entry) {
                    (Layout::Grouped, _, _) => {
                        serde_json::json!({"matcher": matcher.unwrap_or("*"), "hooks": [entry.clone()]})
                    }
                    (_, Some(matcher), Value::Object(fields)) => {
                        let mut fields = fields.clone();
                        fields.insert("matcher".into(), Value::from(*matcher));
                        Value::Object(fields)
                    }
                    _ => entry.clone(),
                });
            }
            Ok(())
        }),
    }
}

/// Removes this guard's hooks from `spot`, and the containers they leave empty; a file of ours
/// is removed whole.
pub fn uninstall(spot: &Spot) -> Result<Change, InstallError> {
    let Some(text) = files::read_text(&spot.file)? else {
        return Ok(Change::Unchanged {
            file: spot.file.clone(),
        });
    };
    if spot.layout == Layout::Own {
        if !agents::is_own_file(&text) {
            return Err(InstallError::Foreign(spot.file.clone()));
        }
        std::fs::remove_file(&spot.file).map_err(|e| InstallError::Io(spot.file.clone(), e))?;
        return Ok(Change::Removed {
            file: spot.file.clone(),
        });
    }
    files::rewrite_json(&spot.file, true, |settings| {
        let Some(Value::Object(hooks)) = settings.get_mut("hooks") else {
            return Ok(());
        };
        for (event, _) in agents::events(spot.agent) {
            if let Some(Value::Array(list)) = hooks.get_mut(*event) {
                let had = list.len();
                remove_ours(list, spot.layout);
                if list.is_empty() && had > 0 {
                    hooks.remove(*event);
                }
            }
        }
        if hooks.is_empty() {
            settings.remove("hooks");
            if spot.agent == Agent::Cursor && settings.len() == 1 && settings.get("version") == Some(&Value::from(1)) {
                settings.remove("version");
            }
        }
        Ok(())
    })
}

/// This guard's hook entries in `spot`, by event; a file of ours counts as one entry holding its
/// text. Empty when the file is missing or registers nothing of ours; `Err` when it is unreadable.
pub fn registered(spot: &Spot) -> Result<Vec<(String, Value)>, InstallError> {
    let Some(text) = files::read_text(&spot.file)? else {
        return Ok(Vec::new());
    };
    if spot.layout == Layout::Own {
        return Ok(if agents::is_own_file(&text) {
            vec![(agents::events(spot.agent)[0].0.to_owned(), Value::String(text))]
        } else {
            Vec::new()
        });
    }
    let settings = match serde_json::from_str::<Value>(&text) {
        Ok(settings @ Value::Object(_)) => settings,
        Ok(_) => return Err(InstallError::Malformed(spot.file.clone(), "not a JSON object".into())),
        Err(error) => return Err(InstallError::Malformed(spot.file.clone(), error.to_string())),
    };
    let mut found = Vec::new();
    let Some(Value::Object(hooks)) = settings.get("hooks") else {
        return Ok(found);
    };
    for (event, list) in hooks {
        let Value::Array(list) = list else { continue };
        for item in list {
            let entries = match spot.layout {
                Layout::Grouped => item.get("hooks").and_then(Value::as_array).cloned().unwrap_or_default(),
                _ => vec![item.clone()],
            };
            found.extend(entries.into_iter().filter(is_ours).map(|entry| (event.clone(), entry)));
        }
    }
    Ok(found)
}

/// Makes a hook script executable (Cline runs the file itself).
fn make_executable(file: &Path, agent: Agent) -> Result<(), InstallError> {
    #[cfg(unix)]
    if agent == Agent::Cline {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(file, std::fs::Permissions::from_mode(0o755))
            .map_err(|e| InstallError::Io(file.to_owned(), e))?;
    }
    #[cfg(not(unix))]
    let _ = (file, agent);
    Ok(())
}

/// Removes this guard's hooks from an event's list, and the matcher groups left with none.
fn remove_ours(list: &mut Vec<Value>, layout: Layout) {
    if layout == Layout::Grouped {
        for group in list.iter_mut() {
            if let Some(Value::Array(hooks)) = group.get_mut("hooks") {
                hooks.retain(|hook| !is_ours(hook));
            }
        }
        list.retain(|group| !matches!(group.get("hooks"), Some(Value::Array(hooks)) if hooks.is_empty()));
    } else {
        list.retain(|hook| !is_ours(hook));
    }
}

/// Whether a hook entry runs this guard: its command (with `args`, or Copilot's `bash`) runs a
/// `safety-net` program with the word `hook` after it, or the plugin's `safety-net-hook`.
pub fn is_ours(hook: &Value) -> bool {
    let field = |name: &str| hook.get(name).and_then(Value::as_str).unwrap_or("");
    let args: Vec<&str> = hook
        .get("args")
        .and_then(Value::as_array)
        .map(|args| args.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let mut words: Vec<&str> = field("command")
        .split_whitespace()
        .chain(field("bash").split_whitespace())
        .collect();
    words.extend(args);
    let program = |word: &str| {
        let name = word
            .trim_matches(['"', '\'', ';'])
            .rsplit(['/', '\\'])
            .next()
            .unwrap_or("");
        let name = name.trim_matches(['"', '\'']);
        name.strip_suffix(".exe").unwrap_or(name).to_owned()
    };
    words.iter().any(|word| program(word) == "safety-net-hook")
        || words
            .iter()
            .position(|word| program(word) == "safety-net")
            .is_some_and(|at| words[at..].contains(&"hook"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn recognizes_its_own_entries() {
        assert!(is_ours(
            &json!({"type": "command", "command": "/home/u/.cargo/bin/safety-net", "args": ["hook"]})
        ));
        assert!(is_ours(&json!({"command": "safety-net hook"})));
        assert!(is_ours(&json!({"command": "\"C:\\\\bin\\\\safety-net.exe\" hook"})));
        assert!(is_ours(
            &json!({"command": "\"${CLAUDE_PLUGIN_ROOT}/bin/safety-net-hook\"", "args": ["hook"]})
        ));
        let wrapped = HookCommand::OnPath.shell_text(Agent::Codex);
        assert!(is_ours(&json!({"command": wrapped})));
        let copilot = HookCommand::Exec {
            binary: PathBuf::from("/opt/my tools/safety-net"),
        };
        assert!(is_ours(&json!({"bash": copilot.shell_text(Agent::Copilot)})));
        assert!(!is_ours(&json!({"command": "npx prettier --write"})));
        assert!(!is_ours(&json!({"command": "/usr/bin/safety-net-other hook"})));
    }

    #[test]
    fn the_wrapper_denies_in_the_agents_dialect_when_the_binary_is_missing() {
        let codex = HookCommand::OnPath.shell_text(Agent::Codex);
        assert!(
            codex.starts_with("if command -v safety-net >/dev/null 2>&1; then exec safety-net hook --agent codex; fi;")
        );
        assert!(codex.contains("guard-missing") && codex.ends_with("exit 2"), "{codex}");
        let cline = HookCommand::OnPath.shell_text(Agent::Cline);
        assert!(
            cline.contains("\"cancel\":true") && cline.ends_with("exit 0"),
            "{cline}"
        );
    }
}
