//! Agent settings in a repository: the hook commands registered in `.claude/settings.json`,
//! `.claude/settings.local.json` and the other agents' project files (the same files
//! `safety-net install --scope project` writes, `install::spot`), and the permission rules that
//! pre-approve shell commands (Claude Code's `permissions.allow`, Gemini CLI's `tools.allowed`):
//! a rule such as `Bash(rm -rf:*)` lets commands through without asking, and the report names
//! which of this guard's rule examples it would let through.

use super::json::{self, Locator};
use super::{Found, Snippet};
use crate::hook::Agent;
use crate::install::{Layout, Scope};
use crate::policy::Policy;
use crate::rules::Decision;
use serde_json::Value;
use std::path::Path;
use std::sync::OnceLock;

/// What to do instead of a permission rule that pre-approves destructive commands.
pub const PERMISSION_INSTEAD: &str = "Pre-approve only the exact commands the project needs (`Bash(npm test)`, `Bash(git status)`) and let the guard judge the rest";

/// The settings files agents read in a project, relative to its root.
fn settings_files() -> &'static [String] {
    static FILES: OnceLock<Vec<String>> = OnceLock::new();
    FILES.get_or_init(|| {
        let here = Path::new("");
        let mut files: Vec<String> = Agent::ALL
            .iter()
            .flat_map(|agent| [(*agent, Scope::Project), (*agent, Scope::Local)])
            .filter_map(|(agent, scope)| crate::install::spot(agent, scope, here, here).ok())
            .filter(|spot| spot.layout != Layout::Own)
            .map(|spot| spot.file.to_string_lossy().replace('\\', "/"))
            .collect();
        // Factory reads either of its two files.
        files.extend([".factory/hooks.json".to_owned(), ".factory/settings.json".to_owned()]);
        files.sort();
        files.dedup();
        files
    })
}

/// Whether the file at `relative` is an agent's settings or hooks file.
pub fn is_settings_file(relative: &str) -> bool {
    // Copilot CLI reads every JSON file in `.github/hooks/`.
    let at_top_or_nested = |file: &str| relative == file || relative.ends_with(&format!("/{file}"));
    let folder = relative.rsplit_once('/').map_or("", |(folder, _)| folder);
    settings_files().iter().any(|file| at_top_or_nested(file))
        || (folder == ".github/hooks" || folder.ends_with("/.github/hooks")) && relative.ends_with(".json")
}

/// The hook commands and permission rules of a settings file.
pub fn read(source: &str) -> Found {
    let mut found = Found::default();
    let Some(Value::Object(settings)) = json::parse(source) else {
        return found;
    };
    let blanked = json::without_comments(source);
    let mut locator = Locator::new(&blanked);
    if let Some(hooks) = settings.get("hooks") {
        locator.key("hooks");
        hook_commands(hooks, &mut locator, &mut found.commands);
    }
    let allowed = [("permissions", "allow"), ("tools", "allowed")];
    for (section, list) in allowed {
        let Some(rules) = settings
            .get(section)
            .and_then(|s| s.get(list))
            .and_then(Value::as_array)
        else {
            continue;
        };
        let mut locator = Locator::new(&blanked);
        locator.key(section).key(list);
        for rule in rules.iter().filter_map(Value::as_str) {
            found.permissions.push((rule.to_owned(), locator.string(rule)));
        }
    }
    found
}

/// Every hook command under `value`, in the order written: a `command` (or Copilot's `bash`)
/// string is a shell command, Copilot's `powershell` one for PowerShell.
fn hook_commands(value: &Value, locator: &mut Locator<'_>, out: &mut Vec<Snippet>) {
    match value {
        Value::Object(object) => {
            for (key, value) in object {
                locator.key(key);
                match (key.as_str(), value) {
                    ("command" | "bash", Value::String(command)) => {
                        out.push(Snippet::at(command.clone(), locator.string(command)));
                    }
                    ("powershell", Value::String(command)) => {
                        out.push(
                            Snippet::at(command.clone(), locator.string(command)).run_by("pwsh -NoProfile -Command"),
                        );
                    }
                    _ => hook_commands(value, locator, out),
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|item| hook_commands(item, locator, out)),
        _ => {}
    }
}

/// A test on a command line.
type CommandTest = Box<dyn Fn(&str) -> bool>;

/// What a permission rule lets through that this guard would stop.
pub struct LetThrough {
    pub decision: Decision,
    pub rule: &'static str,
    pub message: String,
}

/// The commands a shell permission rule pre-approves, as a test on a command line: `Bash`,
/// `Bash(*)`, `Bash(prefix:*)`, `Bash(pattern with *)`, `Bash(exact command)`, and Gemini CLI's
/// `run_shell_command(prefix)`. `None` for a rule about another tool.
fn matcher(pattern: &str) -> Option<CommandTest> {
    let pattern = pattern.trim();
    if pattern == "Bash" || pattern == "run_shell_command" {
        return Some(Box::new(|_| true));
    }
    if let Some(prefix) = pattern
        .strip_prefix("run_shell_command(")
        .or_else(|| pattern.strip_prefix("ShellTool("))
        .and_then(|rest| rest.strip_suffix(')'))
    {
        let prefix = prefix.trim().to_owned();
        return Some(Box::new(move |command| command.starts_with(&prefix)));
    }
    let inner = pattern.strip_prefix("Bash(")?.strip_suffix(')')?.trim();
    if let Some(prefix) = inner.strip_suffix(":*") {
        let prefix = prefix.to_owned();
        return Some(Box::new(move |command| command.starts_with(&prefix)));
    }
    if inner.contains('*') {
        let expression = format!(
            "^{}$",
            inner.split('*').map(regex::escape).collect::<Vec<_>>().join(".*")
        );
        let expression = regex::Regex::new(&expression).ok()?;
        return Some(Box::new(move |command| expression.is_match(command)));
    }
    let exact = inner.to_owned();
    Some(Box::new(move |command| command == exact))
}

/// The rule examples (commands each rule must stop) that `pattern` pre-approves, under `policy`:
/// `None` when it lets none of them through.
pub fn let_through(pattern: &str, policy: &Policy) -> Option<LetThrough> {
    let matches = matcher(pattern)?;
    let mut through: Vec<(Decision, &'static str, &'static str)> = Vec::new();
    let paranoid = policy.strictness.0 >= crate::policy::Strictness::Paranoid;
    for rule in crate::checks::rules() {
        let decision = policy.decide(rule, false);
        // The paranoid mode's own rules stop nothing in the other modes.
        let inactive = crate::checks::paranoid::is_paranoid_rule(rule) && !paranoid;
        if decision == Decision::Allow || policy.disables(rule.id) || inactive {
            continue;
        }
        through.extend(
            rule.examples
                .iter()
                .filter(|example| !example.contains('\n') && matches(example))
                .map(|example| (decision, rule.id, *example)),
        );
    }
    through.sort_by_key(|(decision, _, _)| std::cmp::Reverse(*decision));
    let (decision, rule, _) = *through.first()?;
    const SHOWN: usize = 4;
    let listed: Vec<String> = through
        .iter()
        .take(SHOWN)
        .map(|(decision, rule, example)| format!("`{example}` ({decision} {rule})"))
        .collect();
    let more = through.len().saturating_sub(SHOWN);
    let message = format!(
        "`{pattern}` lets the agent run without asking commands this guard would {}: {}{}",
        if decision == Decision::Deny {
            "deny"
        } else {
            "ask about"
        },
        listed.join(", "),
        if more > 0 {
            format!(" and {more} more")
        } else {
            String::new()
        }
    );
    Some(LetThrough {
        decision,
        rule,
        message,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn permission_rules_match_as_the_agents_do() {
        let prefix = matcher("Bash(rm -rf:*)").expect("a shell rule");
        assert!(prefix("rm -rf /") && !prefix("rm x"));
        let glob = matcher("Bash(git push * --force)").expect("a shell rule");
        assert!(glob("git push origin --force") && !glob("git push origin"));
        let exact = matcher("Bash(npm test)").expect("a shell rule");
        assert!(exact("npm test") && !exact("npm test; rm -rf /"));
        assert!(matcher("Read(./secrets/**)").is_none());
    }

    #[test]
    fn narrow_rules_let_nothing_dangerous_through() {
        let policy = Policy::default();
        assert!(let_through("Bash(npm test)", &policy).is_none());
        let wide = let_through("Bash(rm -rf:*)", &policy).expect("lets deletions through");
        assert_eq!(wide.decision, Decision::Deny);
        assert!(wide.message.contains("rm -rf"), "{}", wide.message);
    }

    #[test]
    fn hook_commands_are_found() {
        let source = "{\"hooks\": {\"PreToolUse\": [{\"matcher\": \"*\", \"hooks\": [{\"type\": \"command\", \"command\": \"echo hi\"}]}]},\n \"permissions\": {\"allow\": [\"Bash(git push --force:*)\"]}}";
        let found = read(source);
        assert_eq!(found.commands.len(), 1);
        assert_eq!(found.commands[0].text, "echo hi");
        assert_eq!(found.permissions[0].1.line, 2);
    }
}
