//! The hook's answer in each agent's own dialect: what to print, on which stream, and the exit code.
//!
//! - Allow is silence (exit 0, nothing printed), except where the agent needs an explicit answer:
//!   Cursor (`permission: allow`) and Cline (`cancel: false`). An explicit allow would switch off
//!   the agent's own prompts, so it is never sent where silence works.
//! - Deny is each agent's own deny JSON with exit 0 where the agent reads one (Gemini, Cursor,
//!   Copilot, Cline: Copilot skips a hook that exits non-zero, and Cursor shows exit 2's output
//!   raw); elsewhere exit 2 with the reason on standard error (Codex needs that reason to block).
//! - Ask is each agent's own ask JSON. Where the agent has no ask (Codex, Cline, Windsurf,
//!   OpenCode, Cursor's `preToolUse` and `beforeReadFile`) the caller has already made it a deny.

use super::agents::Agent;
use crate::rules::Decision;
use serde_json::{Value, json};

/// What the hook prints and how it exits.
#[derive(Debug, PartialEq, Eq)]
pub struct Answer {
    pub exit_code: u8,
    pub stdout: String,
    pub stderr: String,
}

/// The shape of the agent's answer, where one agent has several.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// The agent's usual answer.
    Usual,
    /// Cursor's `beforeShellExecution`: permission, user and agent messages, and an ask.
    CursorShell,
    /// Cursor's `preToolUse`: as `beforeShellExecution`, without ask.
    CursorTool,
    /// Cursor's `beforeReadFile`: the permission and the user's message, without ask.
    CursorRead,
}

impl Shape {
    /// Whether this answer can carry an ask.
    pub fn can_ask(self, agent: Agent) -> bool {
        match self {
            Shape::Usual => agent.can_ask(),
            Shape::CursorShell => true,
            Shape::CursorTool | Shape::CursorRead => false,
        }
    }
}

impl Answer {
    /// The answer for `decision` with `reason` (the text after `safety-net: `), in the dialect of
    /// `agent`. An ask the shape cannot carry is answered as a deny.
    pub fn new(agent: Agent, shape: Shape, decision: Decision, reason: &str) -> Answer {
        let decision = match decision {
            Decision::Ask if !shape.can_ask(agent) => Decision::Deny,
            decision => decision,
        };
        let message = format!("safety-net: {}", crate::verdict::one_line(reason));
        let json = match (agent, shape) {
            (Agent::Cursor, Shape::CursorRead) => Some(match decision {
                Decision::Allow => json!({"permission": "allow"}),
                _ => json!({"permission": decision.name(), "user_message": message}),
            }),
            (Agent::Cursor, _) => Some(match decision {
                Decision::Allow => json!({"continue": true, "permission": "allow"}),
                _ => json!({
                    "continue": true,
                    "permission": decision.name(),
                    "user_message": message,
                    "agent_message": message,
                }),
            }),
            (Agent::Cline, _) => Some(match decision {
                Decision::Allow => json!({"cancel": false}),
                _ => json!({"cancel": true, "errorMessage": message}),
            }),
            (_, _) if decision == Decision::Allow => None,
            (Agent::Gemini, _) => Some(json!({"decision": decision.name(), "reason": message})),
            (Agent::Copilot, _) => Some(json!({
                "permissionDecision": decision.name(),
                "permissionDecisionReason": message,
            })),
            (Agent::Claude | Agent::Factory, _) if decision == Decision::Ask => Some(json!({
                "hookSpecificOutput": {
                    "hookEventName": "PreToolUse",
                    "permissionDecision": "ask",
                    "permissionDecisionReason": message,
                }
            })),
            _ => None,
        };
        let stdout = json
            .as_ref()
            .map(Value::to_string)
            .map(|text| text + "\n")
            .unwrap_or_default();
        match decision {
            Decision::Deny if json.is_none() => Answer {
                exit_code: 2,
                stdout,
                stderr: format!("{message}\n"),
            },
            _ => Answer {
                exit_code: 0,
                stdout,
                stderr: String::new(),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stdout_json(answer: &Answer) -> Value {
        serde_json::from_str(&answer.stdout).expect("JSON on standard output")
    }

    #[test]
    fn deny_is_json_where_the_agent_reads_it_else_exit_2() {
        for agent in Agent::ALL {
            let answer = Answer::new(agent, Shape::Usual, Decision::Deny, "rm-root: gone. Do not.");
            if matches!(agent, Agent::Gemini | Agent::Cursor | Agent::Copilot | Agent::Cline) {
                assert_eq!(answer.exit_code, 0);
                assert!(answer.stderr.is_empty());
                assert!(answer.stdout.contains("rm-root: gone. Do not."), "{agent:?}");
            } else {
                assert_eq!(answer.exit_code, 2, "{agent:?}");
                assert_eq!(answer.stderr, "safety-net: rm-root: gone. Do not.\n", "{agent:?}");
            }
        }
    }

    #[test]
    fn ask_becomes_deny_where_the_agent_cannot_ask() {
        for agent in [Agent::Codex, Agent::Cline, Agent::Windsurf, Agent::OpenCode] {
            let answer = Answer::new(agent, Shape::Usual, Decision::Ask, "sudo: root. Ask.");
            assert!(
                answer.exit_code == 2 || answer.stdout.contains("\"cancel\":true"),
                "{agent:?}"
            );
        }
        let tool = Answer::new(Agent::Cursor, Shape::CursorTool, Decision::Ask, "sudo: root. Ask.");
        assert_eq!(stdout_json(&tool)["permission"], "deny");
        let shell = Answer::new(Agent::Cursor, Shape::CursorShell, Decision::Ask, "sudo: root. Ask.");
        assert_eq!(stdout_json(&shell)["permission"], "ask");
        assert_eq!(shell.exit_code, 0);
    }

    #[test]
    fn allow_is_silent_except_where_the_agent_needs_an_answer() {
        for agent in Agent::ALL {
            let answer = Answer::new(agent, Shape::Usual, Decision::Allow, "");
            assert_eq!(answer.exit_code, 0);
            assert!(answer.stderr.is_empty());
            assert_eq!(
                answer.stdout.is_empty(),
                !matches!(agent, Agent::Cline | Agent::Cursor),
                "{agent:?}"
            );
        }
        let cursor = Answer::new(Agent::Cursor, Shape::CursorShell, Decision::Allow, "");
        assert_eq!(stdout_json(&cursor), json!({"continue": true, "permission": "allow"}));
    }
}
