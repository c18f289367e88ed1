//! Registering the hook in Claude Code's settings files: `install`, `uninstall`, and the
//! registration checks `doctor` and the ConfigChange guard rely on.
//!
//! Install merges two entries into the chosen settings file — a `PreToolUse` hook for every
//! tool and a `ConfigChange` hook — running this binary by absolute path in exec form
//! (`"command"` plus `"args": ["hook"]`). Every other key and hook is left as it was; running
//! it again changes nothing, and a stale path is updated. Uninstall removes only these entries.

use serde_json::{Map, Value, json};
use std::fmt;
use std::io;
use std::path::{Path, PathBuf};

/// The seconds Claude Code waits for the hook; it answers in milliseconds.
pub const HOOK_TIMEOUT_SECONDS: u64 = 5;

/// The ConfigChange sources that are settings files.
const SETTINGS_SOURCES: &str = "user_settings|project_settings|local_settings|policy_settings";

/// Which settings file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// `~/.claude/settings.json`: every project.
    User,
    /// `<project>/.claude/settings.json`: this project, shared with the team.
    Project,
    /// `<project>/.claude/settings.local.json`: this project, on this machine only.
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

    /// The settings file of this scope.
    pub fn settings_file(self, home: &Path, project: &Path) -> PathBuf {
        match self {
            Scope::User => home.join(".claude").join("settings.json"),
            Scope::Project => project.join(".claude").join("settings.json"),
            Scope::Local => project.join(".claude").join("settings.local.json"),
        }
    }
}

/// The managed settings file, which no user scope overrides.
pub fn managed_settings_file() -> PathBuf {
    if cfg!(target_os = "macos") {
        PathBuf::from("/Library/Application Support/ClaudeCode/managed-settings.json")
    } else if cfg!(windows) {
        PathBuf::from("C:\\Program Files\\ClaudeCode\\managed-settings.json")
    } else {
        PathBuf::from("/etc/claude-code/managed-settings.json")
    }
}

/// Why a settings file could not be changed.
#[derive(Debug)]
pub enum InstallError {
    Io(PathBuf, io::Error),
    /// The file is not JSON, or not an object: it is left alone.
    Malformed(PathBuf, String),
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
        }
    }
}

/// What install or uninstall did.
#[derive(Debug, PartialEq, Eq)]
pub enum Change {
    /// The file was written; the old one, if any, was kept at `backup`.
    Written { file: PathBuf, backup: Option<PathBuf> },
    /// The file already said what it should.
    Unchanged { file: PathBuf },
}

impl fmt::Display for Change {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Change::Written {
                file,
                backup: Some(backup),
            } => {
                write!(
                    f,
                    "updated {} (the previous version is in {})",
                    file.display(),
                    backup.display()
                )
            }
            Change::Written { file, backup: None } => write!(f, "created {}", file.display()),
            Change::Unchanged { file } => write!(f, "{} already says so; nothing changed", file.display()),
        }
    }
}

/// Registers `binary` as the PreToolUse and ConfigChange hook in `file`.
pub fn install(file: &Path, binary: &Path) -> Result<Change, InstallError> {
    rewrite(file, |settings| {
        let command = binary.to_string_lossy().into_owned();
        let hooks = object_entry(settings, "hooks");
        for (event, matcher) in [("PreToolUse", "*"), ("ConfigChange", SETTINGS_SOURCES)] {
            let groups = hooks.entry(event).or_insert_with(|| Value::Array(Vec::new()));
            if !groups.is_array() {
                *groups = Value::Array(Vec::new());
            }
            if let Value::Array(groups) = groups {
                remove_ours(groups);
                groups.push(json!({
                    "matcher": matcher,
                    "hooks": [{"type": "command", "command": command, "args": ["hook"], "timeout": HOOK_TIMEOUT_SECONDS}],
                }));
            }
        }
    })
}

/// Removes this guard's entries from `file`, and the containers they leave empty.
pub fn uninstall(file: &Path) -> Result<Change, InstallError> {
    if !file.exists() {
        return Ok(Change::Unchanged { file: file.to_owned() });
    }
    rewrite(file, |settings| {
        let Some(Value::Object(hooks)) = settings.get_mut("hooks") else {
            return;
        };
        for event in ["PreToolUse", "ConfigChange"] {
            if let Some(Value::Array(groups)) = hooks.get_mut(event) {
                let had = groups.len();
                remove_ours(groups);
                if groups.is_empty() && had > 0 {
                    hooks.remove(event);
                }
            }
        }
        if hooks.is_empty() {
            settings.remove("hooks");
        }
    })
}

/// Reads `file` (an empty object when it does not exist), applies `change`, and writes it back
/// with a backup when the result differs.
fn rewrite(file: &Path, change: impl FnOnce(&mut Map<String, Value>)) -> Result<Change, InstallError> {
    let existing = match std::fs::read_to_string(file) {
        Ok(text) => Some(text),
        Err(error) if error.kind() == io::ErrorKind::NotFound => None,
        Err(error) => return Err(InstallError::Io(file.to_owned(), error)),
    };
    let before = match &existing {
        Some(text) if text.trim().is_empty() => Map::new(),
        Some(text) => match serde_json::from_str::<Value>(text) {
            Ok(Value::Object(map)) => map,
            Ok(_) => return Err(InstallError::Malformed(file.to_owned(), "not a JSON object".into())),
            Err(error) => return Err(InstallError::Malformed(file.to_owned(), error.to_string())),
        },
        None => Map::new(),
    };
    let mut after = before.clone();
    change(&mut after);
    if existing.is_some() && after == before {
        return Ok(Change::Unchanged { file: file.to_owned() });
    }
    if let Some(parent) = file.parent() {
        std::fs::create_dir_all(parent).map_err(|e| InstallError::Io(parent.to_owned(), e))?;
    }
    let backup = match &existing {
        Some(text) => {
            let backup = backup_path(file);
            std::fs::write(&backup, text).map_err(|e| InstallError::Io(backup.clone(), e))?;
            Some(backup)
        }
        None => None,
    };
    let mut text = serde_json::to_string_pretty(&Value::Object(after))
        .map_err(|e| InstallError::Malformed(file.to_owned(), e.to_string()))?;
    text.push('\n');
    std::fs::write(file, text).map_err(|e| InstallError::Io(file.to_owned(), e))?;
    Ok(Change::Written {
        file: file.to_owned(),
        backup,
    })
}

/// Where the previous version of a settings file is kept.
pub fn backup_path(file: &Path) -> PathBuf {
    let mut name = file.file_name().unwrap_or_default().to_os_string();
    name.push(".safety-net-backup");
    file.with_file_name(name)
}

/// The object under `key`, made one if it is missing or something else.
fn object_entry<'a>(map: &'a mut Map<String, Value>, key: &str) -> &'a mut Map<String, Value> {
    let entry = map.entry(key).or_insert_with(|| Value::Object(Map::new()));
    if !entry.is_object() {
        *entry = Value::Object(Map::new());
    }
    match entry {
        Value::Object(object) => object,
        _ => unreachable!("the entry was just made an object"),
    }
}

/// Removes this guard's hooks from matcher groups, and the groups left with none.
fn remove_ours(groups: &mut Vec<Value>) {
    for group in groups.iter_mut() {
        if let Some(Value::Array(hooks)) = group.get_mut("hooks") {
            hooks.retain(|hook| !is_ours(hook));
        }
    }
    groups.retain(|group| !matches!(group.get("hooks"), Some(Value::Array(hooks)) if hooks.is_empty()));
}

/// Whether a hook entry runs this guard (`…/safety-net hook`, or the plugin's shim).
pub fn is_ours(hook: &Value) -> bool {
    let command = hook.get("command").and_then(Value::as_str).unwrap_or("");
    let args: Vec<&str> = hook
        .get("args")
        .and_then(Value::as_array)
        .map(|args| args.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let program = command.trim().trim_matches('"').split_whitespace().next().unwrap_or("");
    let name = program.rsplit(['/', '\\']).next().unwrap_or("").trim_matches('"');
    let name = name.strip_suffix(".exe").unwrap_or(name);
    let runs_hook = args.contains(&"hook") || command.split_whitespace().any(|word| word == "hook");
    (name == "safety-net" && runs_hook) || name == "safety-net-hook"
}

/// The registered commands of this guard for an event in a settings object: the program path,
/// and whether its matcher covers every tool.
pub fn registrations(settings: &Value, event: &str) -> Vec<(String, bool)> {
    let Some(Value::Array(groups)) = settings.get("hooks").and_then(|hooks| hooks.get(event)) else {
        return Vec::new();
    };
    let mut found = Vec::new();
    for group in groups {
        let matcher = group.get("matcher").and_then(Value::as_str).unwrap_or("");
        let every_tool = matches!(matcher, "" | "*" | ".*");
        if let Some(Value::Array(hooks)) = group.get("hooks") {
            for hook in hooks.iter().filter(|hook| is_ours(hook)) {
                let command = hook.get("command").and_then(Value::as_str).unwrap_or("").to_owned();
                found.push((command, every_tool));
            }
        }
    }
    found
}

/// Reads a settings file as JSON; `None` when it is missing or unreadable.
pub fn read_settings(file: &Path) -> Option<Value> {
    let text = std::fs::read_to_string(file).ok()?;
    serde_json::from_str(&text).ok()
}

/// Whether any settings scope (user, project, local, managed) still registers this guard's
/// PreToolUse hook.
pub fn registered_anywhere(home: &Path, project: &Path) -> bool {
    Scope::ALL
        .iter()
        .map(|scope| scope.settings_file(home, project))
        .chain(std::iter::once(managed_settings_file()))
        .filter_map(|file| read_settings(&file))
        .any(|settings| !registrations(&settings, "PreToolUse").is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recognizes_its_own_entries() {
        assert!(is_ours(
            &json!({"type": "command", "command": "/home/u/.cargo/bin/safety-net", "args": ["hook"]})
        ));
        assert!(is_ours(&json!({"command": "safety-net hook"})));
        assert!(is_ours(&json!({"command": "\"C:\\\\bin\\\\safety-net.exe\" hook"})));
        assert!(is_ours(
            &json!({"command": "${CLAUDE_PLUGIN_ROOT}/bin/safety-net-hook", "args": ["hook"]})
        ));
        assert!(!is_ours(&json!({"command": "npx prettier --write"})));
        assert!(!is_ours(&json!({"command": "/usr/bin/safety-net-other hook"})));
    }
}
