//! The agents that call the hook, and how to tell which one sent a payload.
//!
//! Agents read each other's settings files (Cursor and Copilot run the hooks registered in
//! `.claude/settings.json`), so one registered command can receive several dialects: the payload's
//! own fields decide, and `--agent NAME` only names the agent when the payload says nothing.

use serde_json::{Map, Value};

/// An agent whose hook payloads this guard reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Agent {
    Claude,
    Codex,
    Gemini,
    Cursor,
    Copilot,
    Cline,
    Factory,
    Windsurf,
    OpenCode,
}

impl Agent {
    pub const ALL: [Agent; 9] = [
        Agent::Claude,
        Agent::Codex,
        Agent::Gemini,
        Agent::Cursor,
        Agent::Copilot,
        Agent::Cline,
        Agent::Factory,
        Agent::Windsurf,
        Agent::OpenCode,
    ];

    /// The name used on the command line (`--agent codex`).
    pub fn name(self) -> &'static str {
        match self {
            Agent::Claude => "claude",
            Agent::Codex => "codex",
            Agent::Gemini => "gemini",
            Agent::Cursor => "cursor",
            Agent::Copilot => "copilot",
            Agent::Cline => "cline",
            Agent::Factory => "factory",
            Agent::Windsurf => "windsurf",
            Agent::OpenCode => "opencode",
        }
    }

    /// The agent of a command-line name, in any case; `claude-code` and `droid` are accepted too.
    pub fn parse(name: &str) -> Option<Agent> {
        let name = name.to_ascii_lowercase();
        match name.as_str() {
            "claude-code" => Some(Agent::Claude),
            "droid" => Some(Agent::Factory),
            "copilot-cli" => Some(Agent::Copilot),
            _ => Agent::ALL.into_iter().find(|agent| agent.name() == name),
        }
    }

    /// Whether the agent can put a question to the user. Where it cannot, ask becomes deny:
    /// answering ask to such an agent lets the call through.
    pub fn can_ask(self) -> bool {
        matches!(
            self,
            Agent::Claude | Agent::Gemini | Agent::Cursor | Agent::Copilot | Agent::Factory
        )
    }

    /// The agent a payload's own fields name, in the order that tells agents apart; `None` when
    /// nothing sets it apart from Claude Code's form.
    pub fn detect(payload: &Map<String, Value>) -> Option<Agent> {
        let has = |field: &str| payload.contains_key(field);
        let text = |field: &str| payload.get(field).and_then(Value::as_str);
        let event = text("hook_event_name");
        if has("clineVersion") || has("preToolUse") && has("taskId") {
            Some(Agent::Cline)
        } else if has("cursor_version") || has("conversation_id") {
            Some(Agent::Cursor)
        } else if has("agent_action_name") {
            Some(Agent::Windsurf)
        } else if has("toolName") && has("toolArgs") {
            Some(Agent::Copilot)
        } else if event == Some("BeforeTool") {
            Some(Agent::Gemini)
        } else if event == Some("PreToolUse") && has("turn_id") {
            Some(Agent::Codex)
        } else if has("hookEventName") || payload.get("tool_name").and_then(Value::as_str) == Some("Execute") {
            Some(Agent::Factory)
        } else if text("agent") == Some("opencode") {
            Some(Agent::OpenCode)
        } else if event == Some("PreToolUse") && has("timestamp") {
            // Copilot CLI's Claude-like form carries a timestamp, which Claude Code's lacks.
            Some(Agent::Copilot)
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn detect(payload: Value) -> Option<Agent> {
        Agent::detect(payload.as_object().expect("an object"))
    }

    #[test]
    fn each_agent_is_told_by_its_own_fields() {
        let claude = json!({"session_id": "s", "hook_event_name": "PreToolUse", "tool_name": "Bash"});
        assert_eq!(detect(claude), None);
        assert_eq!(
            detect(json!({"hook_event_name": "PreToolUse", "turn_id": "t", "tool_name": "Bash"})),
            Some(Agent::Codex)
        );
        assert_eq!(
            detect(json!({"hook_event_name": "BeforeTool", "tool_name": "run_shell_command"})),
            Some(Agent::Gemini)
        );
        assert_eq!(
            detect(json!({"hook_event_name": "beforeShellExecution", "cursor_version": "2.4.1"})),
            Some(Agent::Cursor)
        );
        assert_eq!(
            detect(json!({"toolName": "bash", "toolArgs": "{}"})),
            Some(Agent::Copilot)
        );
        assert_eq!(
            detect(json!({"hook_event_name": "PreToolUse", "timestamp": "2026-08-22T10:00:00Z"})),
            Some(Agent::Copilot)
        );
        assert_eq!(detect(json!({"clineVersion": "3.40.0"})), Some(Agent::Cline));
        assert_eq!(
            detect(json!({"hook_event_name": "PreToolUse", "tool_name": "Execute"})),
            Some(Agent::Factory)
        );
        assert_eq!(detect(json!({"hookEventName": "PreToolUse"})), Some(Agent::Factory));
        assert_eq!(
            detect(json!({"agent_action_name": "pre_run_command"})),
            Some(Agent::Windsurf)
        );
        assert_eq!(detect(json!({"agent": "opencode"})), Some(Agent::OpenCode));
    }

    #[test]
    fn names_round_trip() {
        for agent in Agent::ALL {
            assert_eq!(Agent::parse(agent.name()), Some(agent));
        }
        assert_eq!(Agent::parse("Claude-Code"), Some(Agent::Claude));
        assert_eq!(Agent::parse("vim"), None);
    }
}
