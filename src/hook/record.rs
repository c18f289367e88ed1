//! What the hook keeps of each decision in the state folder: the audit log's record and, for a
//! denial a person may overrule, the pending call that `safety-net allow CODE` approves; a fresh
//! approval there lets that same call through once. Nothing kept changes a decision when the
//! folder cannot be written.

use super::{Action, Answer, Dialect};
use crate::approvals::{self, Call};
use crate::audit::{self, Record};
use crate::context::{self, Context};
use crate::policy::{ALWAYS_ON, AuditLevel};
use crate::rules::Decision;
use crate::verdict::Verdict;
use std::path::Path;

/// The answer to a judged call, after approvals are looked at, with the decision logged.
/// Without a state folder (fuzzing) the verdict alone answers.
pub(super) fn answer(
    dialect: Dialect,
    action: &Action,
    context: &Context,
    verdict: &Verdict,
    session: Option<String>,
    state: Option<&Path>,
) -> Answer {
    let Some(state) = state else {
        return dialect.judged(verdict);
    };
    let (tool, input) = match action {
        Action::Run(command) | Action::RunInEither(command) => ("shell", command.clone()),
        Action::Write(paths) => ("write", paths.join("\n")),
        Action::Edit(paths) => ("edit", paths.join("\n")),
        Action::Read(paths) => ("read", paths.join("\n")),
        Action::Mcp {
            server,
            tool,
            command,
            paths,
        } => {
            let carried = command.iter().chain(paths).cloned().collect::<Vec<_>>().join("\n");
            ("mcp", format!("mcp__{server}__{tool} {carried}").trim_end().to_owned())
        }
        Action::Nothing => ("none", String::new()),
    };
    let cwd = context::native(&context.cwd);
    let now = audit::now();
    let rule = verdict.rule();
    // What nothing turns off is never approved, nor the agent's own attempt to approve.
    let approvable = verdict.decision == Decision::Deny
        && rule.is_some_and(|id| !ALWAYS_ON.contains(&id) && id != "guard-self-approval");
    let approved_once = approvable && approvals::take_approval(state, &input, &cwd, now);
    let answer = if approved_once {
        dialect.allow()
    } else if approvable {
        let pending = Call {
            input: input.clone(),
            cwd: cwd.clone(),
            time: now,
            rule: rule.unwrap_or_default().to_owned(),
        };
        match approvals::keep_pending(state, &pending) {
            Ok(code) => dialect.answer(
                Decision::Deny,
                &format!(
                    "{} If the user wants it anyway, they can run `safety-net allow {code}` in their own terminal within {} minutes.",
                    verdict.reason(),
                    approvals::WINDOW.as_secs() / 60
                ),
            ),
            Err(_) => dialect.judged(verdict),
        }
    } else {
        dialect.judged(verdict)
    };
    let logged = match context.policy.audit.0 {
        AuditLevel::All => true,
        AuditLevel::Interruptions => verdict.decision != Decision::Allow,
        AuditLevel::Off => false,
    };
    if logged {
        let record = Record {
            time: now,
            agent: dialect.agent.name().to_owned(),
            session,
            cwd,
            tool: tool.to_owned(),
            input: audit::redact(&input),
            verdict: if approved_once {
                Decision::Allow
            } else {
                verdict.decision
            }
            .name()
            .to_owned(),
            rule: rule.map(str::to_owned),
            reason: (verdict.decision != Decision::Allow).then(|| audit::redact(&verdict.reason())),
            approved_once,
        };
        let _ = audit::append(&audit::log_file(state), &record);
    }
    answer
}

#[cfg(test)]
mod tests {
    use super::super::{Environment, answer};
    use crate::approvals;

    #[test]
    fn an_approved_denial_passes_once() {
        let state = std::env::temp_dir().join(format!("safety-net-record-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&state);
        let environment = Environment {
            home: Some("/home/user".to_owned()),
            config_home: Some("/nonexistent/safety-net-record".to_owned()),
            state_home: Some(state.to_string_lossy().into_owned()),
            ..Environment::default()
        };
        let payload = br#"{"hook_event_name": "PreToolUse", "tool_name": "Bash", "cwd": "/home/user/work/project",
            "tool_input": {"command": "git push --force"}}"#;
        let denied = answer(payload.to_vec(), None, &environment);
        assert_eq!(denied.exit_code, 2);
        let code = denied
            .stderr
            .split("safety-net allow ")
            .nth(1)
            .and_then(|rest| rest.get(..8))
            .expect("a code")
            .to_owned();
        let folder = state.join("safety-net");
        approvals::approve(&folder, &code, crate::audit::now()).expect("approved");
        assert_eq!(answer(payload.to_vec(), None, &environment).exit_code, 0);
        assert_eq!(answer(payload.to_vec(), None, &environment).exit_code, 2, "once only");
        let log = std::fs::read_to_string(folder.join("audit.jsonl")).expect("logged");
        assert!(log.contains("\"approved_once\":true"), "{log}");
        let _ = std::fs::remove_dir_all(&state);
    }
}
