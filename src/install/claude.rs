//! Claude Code's registration as the ConfigChange guard and `doctor` read it: which settings files
//! register this guard, for which tools, and whether any scope still does.

use super::{Scope, is_ours};
use crate::hook::Agent;
use serde_json::Value;
use std::path::{Path, PathBuf};

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

/// A settings file of Claude Code's in `scope`.
pub fn settings_file(scope: Scope, home: &Path, project: &Path) -> PathBuf {
    super::agents::spot(Agent::Claude, scope, home, project)
        .map(|spot| spot.file)
        .unwrap_or_default()
}

/// This guard's hooks for an event in a settings object (grouped layout): each entry, and
/// whether its matcher covers every tool.
pub fn registrations(settings: &Value, event: &str) -> Vec<(Value, bool)> {
    let Some(Value::Array(groups)) = settings.get("hooks").and_then(|hooks| hooks.get(event)) else {
        return Vec::new();
    };
    let mut found = Vec::new();
    for group in groups {
        let matcher = group.get("matcher").and_then(Value::as_str).unwrap_or("");
        let every_tool = matches!(matcher, "" | "*" | ".*");
        if let Some(Value::Array(hooks)) = group.get("hooks") {
            found.extend(
                hooks
                    .iter()
                    .filter(|hook| is_ours(hook))
                    .map(|hook| (hook.clone(), every_tool)),
            );
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
        .map(|scope| settings_file(*scope, home, project))
        .chain(std::iter::once(managed_settings_file()))
        .filter_map(|file| read_settings(&file))
        .any(|settings| !registrations(&settings, "PreToolUse").is_empty())
}

/// The folders Claude Code's settings give the agent besides the project
/// (`permissions.additionalDirectories` in the user, project and local settings), read from disk.
pub fn additional_directories(context: &crate::context::Context) -> Vec<crate::paths::AbsPath> {
    use crate::context::native;
    let home = PathBuf::from(native(&context.home));
    let project = PathBuf::from(native(&context.project_root));
    let mut folders = Vec::new();
    for scope in Scope::ALL {
        let Some(settings) = read_settings(&settings_file(scope, &home, &project)) else {
            continue;
        };
        let Some(Value::Array(listed)) = settings.pointer("/permissions/additionalDirectories") else {
            continue;
        };
        for folder in listed.iter().filter_map(Value::as_str) {
            let folder = match folder.strip_prefix("~/") {
                Some(below_home) => context.home.join(below_home),
                None => crate::paths::AbsPath::new(folder).unwrap_or_else(|| context.project_root.join(folder)),
            };
            // A folder that is the root, home or a system folder gives nothing: everything would
            // be "given".
            if folder.depth() > 1 && !context.home.starts_with(&folder) {
                folders.push(folder);
            }
        }
    }
    folders
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::context::Context;
    use crate::paths::AbsPath;

    #[test]
    fn additional_directories_come_from_every_scope_and_never_give_home() {
        let root = std::env::temp_dir().join(format!("safety-net-additional-{}", std::process::id()));
        let (home, project) = (root.join("home"), root.join("home/work/project"));
        std::fs::create_dir_all(project.join(".claude")).expect("a project");
        std::fs::create_dir_all(home.join(".claude")).expect("a home");
        let given = root.join("shared/docs");
        let project_settings =
            serde_json::json!({"permissions": {"additionalDirectories": [given.to_string_lossy(), "../sibling"]}});
        std::fs::write(project.join(".claude/settings.json"), project_settings.to_string()).expect("settings");
        let user_settings =
            serde_json::json!({"permissions": {"additionalDirectories": ["~/notes", "/", home.to_string_lossy()]}});
        std::fs::write(home.join(".claude/settings.json"), user_settings.to_string()).expect("settings");
        let absolute = |path: &Path| AbsPath::new(&path.to_string_lossy()).expect("absolute");
        let mut context = Context::new(absolute(&project), absolute(&home));
        context.project_root = absolute(&project);
        let folders = additional_directories(&context);
        assert!(folders.contains(&absolute(&given)));
        assert!(
            folders.contains(&absolute(&root.join("home/work/sibling"))),
            "relative to the project"
        );
        assert!(folders.contains(&absolute(&home.join("notes"))), "`~/` is home");
        assert!(
            !folders.iter().any(|folder| context.home.starts_with(folder)),
            "never `/` or home itself: {folders:?}"
        );
        let _ = std::fs::remove_dir_all(&root);
    }
}
