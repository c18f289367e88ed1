//! Where each agent keeps its hooks, in which shape, and the entry that registers this guard.
//!
//! | agent | user scope | project scope | shape |
//! |---|---|---|---|
//! | Claude Code | `~/.claude/settings.json` | `.claude/settings.json` (`local`: `settings.local.json`) | matcher groups |
//! | Codex | `~/.codex/hooks.json` | `.codex/hooks.json` | matcher groups |
//! | Gemini CLI | `~/.gemini/settings.json` | `.gemini/settings.json` | matcher groups, ms timeout |
//! | Factory | `~/.factory/hooks.json` (or `settings.json`) | `.factory/…` | matcher groups |
//! | Cursor | `~/.cursor/hooks.json` | `.cursor/hooks.json` | hooks by event |
//! | Windsurf | `~/.codeium/windsurf/hooks.json` | `.windsurf/hooks.json` | hooks by event |
//! | Copilot CLI | `~/.copilot/hooks/safety-net.json` | `.github/hooks/safety-net.json` | a file of ours |
//! | Cline | `~/Documents/Cline/Hooks/PreToolUse` | `.clinerules/hooks/PreToolUse` | a script of ours |
//! | OpenCode | `~/.config/opencode/plugins/safety-net.js` | `.opencode/plugins/safety-net.js` | a plugin of ours |

use super::{HookCommand, Scope};
use crate::hook::Agent;
use serde_json::{Value, json};
use std::path::{Path, PathBuf};

/// How an agent's file holds its hooks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// `hooks.<event>` lists matcher groups, each with its own `hooks` list.
    Grouped,
    /// `hooks.<event>` lists the hooks themselves.
    Flat,
    /// The whole file is this guard's.
    Own,
}

/// One agent's hook file in one scope.
#[derive(Clone, Debug)]
pub struct Spot {
    pub agent: Agent,
    pub file: PathBuf,
    pub layout: Layout,
}

/// The OpenCode plugin, with `INSTALLED_BINARY` to fill in.
const OPENCODE_PLUGIN: &str = include_str!("../../plugin/opencode/safety-net.js");

/// The marker the scripts and plugins of ours carry, so that uninstall never removes a user's own.
pub const OWN_FILE_MARKER: &str = "written by `safety-net install`";

/// Whether a file at an [`Layout::Own`] spot is this guard's: it carries the marker, or (a JSON
/// file, where a marker cannot go without a key the agent might reject) every hook in it is ours.
pub fn is_own_file(text: &str) -> bool {
    if text.contains(OWN_FILE_MARKER) {
        return true;
    }
    let Ok(Value::Object(file)) = serde_json::from_str::<Value>(text) else {
        return false;
    };
    let hooks: Vec<&Value> = file
        .get("hooks")
        .and_then(Value::as_object)
        .map(|events| events.values().filter_map(Value::as_array).flatten().collect())
        .unwrap_or_default();
    !hooks.is_empty() && hooks.into_iter().all(super::is_ours)
}

/// The hook file of `agent` in `scope`; `Err` when the agent has no such scope.
pub fn spot(agent: Agent, scope: Scope, home: &Path, project: &Path) -> Result<Spot, String> {
    let base = match scope {
        Scope::User => home,
        Scope::Project | Scope::Local => project,
    };
    if scope == Scope::Local && agent != Agent::Claude {
        return Err(format!(
            "{} has no local scope: use `--scope user` or `--scope project`",
            display_name(agent)
        ));
    }
    let (file, layout) = match (agent, scope) {
        (Agent::Claude, Scope::Local) => (base.join(".claude/settings.local.json"), Layout::Grouped),
        (Agent::Claude, _) => (base.join(".claude/settings.json"), Layout::Grouped),
        (Agent::Codex, _) => (base.join(".codex/hooks.json"), Layout::Grouped),
        (Agent::Gemini, _) => (base.join(".gemini/settings.json"), Layout::Grouped),
        (Agent::Factory, _) => (factory_file(&base.join(".factory")), Layout::Grouped),
        (Agent::Cursor, _) => (base.join(".cursor/hooks.json"), Layout::Flat),
        (Agent::Windsurf, Scope::User) => (base.join(".codeium/windsurf/hooks.json"), Layout::Flat),
        (Agent::Windsurf, _) => (base.join(".windsurf/hooks.json"), Layout::Flat),
        (Agent::Copilot, Scope::User) => (copilot_home(home).join("hooks/safety-net.json"), Layout::Own),
        (Agent::Copilot, _) => (base.join(".github/hooks/safety-net.json"), Layout::Own),
        (Agent::Cline, Scope::User) => (base.join("Documents/Cline/Hooks").join(cline_script()), Layout::Own),
        (Agent::Cline, _) => (base.join(".clinerules/hooks").join(cline_script()), Layout::Own),
        (Agent::OpenCode, Scope::User) => (opencode_config(home).join("plugins/safety-net.js"), Layout::Own),
        (Agent::OpenCode, _) => (base.join(".opencode/plugins/safety-net.js"), Layout::Own),
    };
    Ok(Spot { agent, file, layout })
}

/// The agent's name as its users know it.
pub fn display_name(agent: Agent) -> &'static str {
    match agent {
        Agent::Claude => "Claude Code",
        Agent::Codex => "Codex",
        Agent::Gemini => "Gemini CLI",
        Agent::Cursor => "Cursor",
        Agent::Copilot => "Copilot CLI",
        Agent::Cline => "Cline",
        Agent::Factory => "Factory Droid",
        Agent::Windsurf => "Windsurf",
        Agent::OpenCode => "OpenCode",
    }
}

/// The folder whose presence says the agent is used on this machine.
pub fn config_folder(agent: Agent, home: &Path) -> PathBuf {
    match agent {
        Agent::Claude => home.join(".claude"),
        Agent::Codex => home.join(".codex"),
        Agent::Gemini => home.join(".gemini"),
        Agent::Cursor => home.join(".cursor"),
        Agent::Copilot => copilot_home(home),
        Agent::Cline => home.join("Documents/Cline"),
        Agent::Factory => home.join(".factory"),
        Agent::Windsurf => home.join(".codeium/windsurf"),
        Agent::OpenCode => opencode_config(home),
    }
}

/// The events this guard hooks, each with its matcher, if any (a grouped layout's group always
/// has one: `*` when none is given).
pub fn events(agent: Agent) -> &'static [(&'static str, Option<&'static str>)] {
    match agent {
        Agent::Claude => &[
            ("PreToolUse", Some("*")),
            (
                "ConfigChange",
                Some("user_settings|project_settings|local_settings|policy_settings"),
            ),
        ],
        Agent::Codex | Agent::Factory => &[("PreToolUse", Some("*"))],
        Agent::Gemini => &[("BeforeTool", Some("*"))],
        // preToolUse only for the tools this guard judges: an explicit allow for any other tool
        // (MCP calls, searches) would skip Cursor's own prompt for it.
        Agent::Cursor => &[
            ("beforeShellExecution", None),
            ("beforeReadFile", None),
            ("preToolUse", Some("Shell|Read|Write|Edit|StrReplace|MultiEdit|Delete")),
        ],
        Agent::Windsurf => &[
            ("pre_run_command", None),
            ("pre_write_code", None),
            ("pre_read_code", None),
        ],
        Agent::Copilot => &[("preToolUse", None)],
        Agent::Cline => &[("PreToolUse", None)],
        Agent::OpenCode => &[("tool.execute.before", None)],
    }
}

/// The hook entry that runs `command` for `agent`, in the keys that agent reads.
pub fn entry(agent: Agent, command: &HookCommand) -> Value {
    let text = command.shell_text(agent);
    match (agent, command) {
        (Agent::Claude, HookCommand::Exec { binary }) => {
            json!({"type": "command", "command": binary.to_string_lossy(), "args": ["hook"], "timeout": 5})
        }
        (Agent::Claude, _) => json!({"type": "command", "command": text, "timeout": 5}),
        (Agent::Codex | Agent::Factory, _) => json!({"type": "command", "command": text, "timeout": 10}),
        (Agent::Gemini, _) => json!({"name": "safety-net", "type": "command", "command": text, "timeout": 10000}),
        // failClosed: a hook that crashes or times out blocks instead of letting the call through.
        (Agent::Cursor, _) => json!({"command": text, "timeout": 10, "failClosed": true}),
        (Agent::Windsurf, _) => json!({"command": text, "show_output": true}),
        (Agent::Copilot | Agent::Cline | Agent::OpenCode, _) => Value::String(text),
    }
}

/// The whole text of a file of ours for `agent`.
pub fn own_file(agent: Agent, command: &HookCommand) -> String {
    let text = command.shell_text(agent);
    match agent {
        Agent::Copilot => {
            let powershell = command.powershell_text(agent).replace('\n', "; ");
            let file = json!({
                "version": 1,
                "hooks": {"preToolUse": [{"type": "command", "bash": text, "powershell": powershell, "timeoutSec": 10}]},
            });
            format!("{}\n", serde_json::to_string_pretty(&file).unwrap_or_default())
        }
        Agent::Cline if cfg!(windows) => format!(
            "# safety-net's hook for Cline, {OWN_FILE_MARKER}\n{}\n",
            command.powershell_text(agent)
        ),
        Agent::Cline => format!("#!/bin/sh\n# safety-net's hook for Cline, {OWN_FILE_MARKER}\n{text}\n"),
        _ => {
            let binary = match command {
                HookCommand::Exec { binary } => binary.to_string_lossy().into_owned(),
                HookCommand::OnPath => String::new(),
            };
            OPENCODE_PLUGIN.replace(
                "const INSTALLED_BINARY = \"\";",
                &format!("const INSTALLED_BINARY = {};", Value::String(binary)),
            )
        }
    }
}

/// Factory reads `hooks.json` when it exists, else the `hooks` of `settings.json`: write where it
/// will be read, and never create a `hooks.json` that would hide hooks kept in `settings.json`.
fn factory_file(folder: &Path) -> PathBuf {
    let hooks = folder.join("hooks.json");
    let settings = folder.join("settings.json");
    let settings_has_hooks = std::fs::read_to_string(&settings)
        .ok()
        .and_then(|text| serde_json::from_str::<Value>(&text).ok())
        .is_some_and(|value| value.get("hooks").is_some());
    if !hooks.exists() && settings_has_hooks {
        settings
    } else {
        hooks
    }
}

/// Copilot CLI's folder: `$COPILOT_HOME`, else `~/.copilot`.
fn copilot_home(home: &Path) -> PathBuf {
    std::env::var_os("COPILOT_HOME")
        .filter(|value| !value.is_empty())
        .map_or_else(|| home.join(".copilot"), PathBuf::from)
}

/// OpenCode's configuration folder: `$XDG_CONFIG_HOME/opencode`, else `~/.config/opencode`.
fn opencode_config(home: &Path) -> PathBuf {
    std::env::var_os("XDG_CONFIG_HOME")
        .filter(|value| !value.is_empty())
        .map_or_else(|| home.join(".config"), PathBuf::from)
        .join("opencode")
}

/// Cline runs `PreToolUse` on Unix, `PreToolUse.ps1` on Windows.
fn cline_script() -> &'static str {
    if cfg!(windows) { "PreToolUse.ps1" } else { "PreToolUse" }
}
