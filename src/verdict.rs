//! The verdict: the findings of every checker folded into one decision, with the rule that
//! decided it and a reason the agent can act on.

use crate::command::{Analysis, CommandId};
use crate::context::Mode;
use crate::rules::{Decision, Rule};
use crate::source::Span;

/// One rule matched at one place.
#[derive(Clone, Debug)]
pub struct Finding {
    pub rule: &'static Rule,
    /// The command it is about, if any (limits and syntax gaps have none).
    pub command: Option<CommandId>,
    /// The offending text of the original command.
    pub span: Span,
    /// What would be lost, or what could not be verified, in this case.
    pub lost: String,
    /// The decision after the mode is applied (ask becomes deny when nobody can answer).
    pub decision: Decision,
}

impl Finding {
    /// `rule-id: what would be lost. The safe alternative.`
    pub fn reason(&self) -> String {
        format!(
            "{}: {}. {}.",
            self.rule.id,
            sentence(&self.lost),
            sentence(self.rule.instead)
        )
    }
}

/// Text ending with a single full stop.
fn sentence(text: &str) -> &str {
    text.trim().trim_end_matches('.')
}

/// The answer for one command.
#[derive(Clone, Debug)]
pub struct Verdict {
    pub decision: Decision,
    /// Every finding, in the order found.
    pub findings: Vec<Finding>,
    /// How the command was understood.
    pub analysis: Analysis,
    /// The command as given.
    pub command: String,
    pub mode: Mode,
}

impl Verdict {
    /// Folds findings into a verdict: the strictest decision wins.
    pub fn new(command: &str, analysis: Analysis, mut findings: Vec<Finding>, mode: Mode) -> Verdict {
        for finding in &mut findings {
            finding.decision = match (finding.rule.decision, mode) {
                (Decision::Ask, Mode::Unattended) => Decision::Deny,
                (decision, _) => decision,
            };
        }
        let decision = findings.iter().map(|f| f.decision).max().unwrap_or(Decision::Allow);
        Verdict {
            decision,
            findings,
            analysis,
            command: command.to_owned(),
            mode,
        }
    }

    /// The finding that decided: the first of the strictest, preferring a rule that decides so
    /// on its own over one raised from ask by the mode.
    pub fn deciding(&self) -> Option<&Finding> {
        let strictest = || {
            self.findings
                .iter()
                .filter(|f| f.decision == self.decision && f.decision != Decision::Allow)
        };
        strictest()
            .find(|f| f.rule.decision == f.decision)
            .or_else(|| strictest().next())
    }

    /// The deciding rule's id.
    pub fn rule(&self) -> Option<&'static str> {
        self.deciding().map(|f| f.rule.id)
    }

    /// Why: the deciding finding's reason, or that nothing matched.
    pub fn reason(&self) -> String {
        match self.deciding() {
            Some(finding) if self.mode == Mode::Unattended && finding.rule.decision == Decision::Ask => {
                let raised = Finding {
                    lost: format!(
                        "{}; nobody is there to confirm it, so it is denied",
                        sentence(&finding.lost)
                    ),
                    ..finding.clone()
                };
                raised.reason()
            }
            Some(finding) => finding.reason(),
            None => "no rule matched".to_owned(),
        }
    }
}
