//! The verdict: the findings of every checker folded into one decision, with the rule that
//! decided it and a reason the agent can act on.

use crate::command::{Analysis, CommandId};
use crate::context::{Context, Mode};
use crate::policy::Strictness;
use crate::rules::{Decision, Rule};
use crate::source::Span;
use std::borrow::Cow;

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
    /// The safe alternative for this case: the rule's own, unless the case calls for another
    /// (a shell history read is not answered by `.env.example`).
    pub instead: &'static str,
}

impl Finding {
    /// `rule-id: what would be lost. The safe alternative.`
    /// Always one line, at most [`MAX_REASON_CHARS`] characters: see [`one_line`].
    pub fn reason(&self) -> String {
        one_line(&format!(
            "{}: {}. {}.",
            self.rule.id,
            sentence(&self.lost),
            sentence(self.instead)
        ))
    }
}

/// The longest reason given, in characters.
pub const MAX_REASON_CHARS: usize = 500;
/// The longest single word (a path, a quoted string) a reason keeps whole, in characters.
const MAX_WORD_CHARS: usize = 120;

/// `text` as one line a model can read: line breaks and other control characters written as
/// escapes, words longer than [`MAX_WORD_CHARS`] shortened in the middle, and the whole cut in
/// the middle to [`MAX_REASON_CHARS`], so that the rule id in front and the safe alternative at
/// the end stay.
pub fn one_line(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\n' => escaped.push_str("\\n"),
            '\r' => escaped.push_str("\\r"),
            '\t' => escaped.push_str("\\t"),
            c if c.is_control() => escaped.push('?'),
            c => escaped.push(c),
        }
    }
    let words: Vec<Cow<str>> = escaped
        .split(' ')
        .map(|word| middle_cut(word, MAX_WORD_CHARS))
        .collect();
    middle_cut(&words.join(" "), MAX_REASON_CHARS).into_owned()
}

/// `text` with its middle replaced by `…` when it has more than `most` characters.
fn middle_cut(text: &str, most: usize) -> Cow<'_, str> {
    if text.len() <= most {
        return Cow::Borrowed(text);
    }
    let count = text.chars().count();
    if count <= most {
        return Cow::Borrowed(text);
    }
    let head = most * 3 / 5;
    let tail = most - head - 1;
    let start: String = text.chars().take(head).collect();
    let end: String = text.chars().skip(count - tail).collect();
    Cow::Owned(format!("{start}…{end}"))
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
    /// The configured mode (`standard`, `strict`, `paranoid`).
    pub strictness: Strictness,
    /// The rules that matched and that the configuration turns off.
    pub turned_off: Vec<&'static str>,
}

impl Verdict {
    /// Folds findings into a verdict under the context's policy: the findings of rules it turns
    /// off are left out, its mode and whether anybody can answer raise ask, and the strictest
    /// decision wins.
    pub fn new(command: &str, analysis: Analysis, mut findings: Vec<Finding>, context: &Context) -> Verdict {
        let policy = &context.policy;
        let mut turned_off = Vec::new();
        findings.retain(|finding| {
            let off = policy.disables(finding.rule.id);
            if off && !turned_off.contains(&finding.rule.id) {
                turned_off.push(finding.rule.id);
            }
            !off
        });
        for finding in &mut findings {
            finding.decision = policy.decide(finding.rule, context.mode == Mode::Unattended);
        }
        let decision = findings.iter().map(|f| f.decision).max().unwrap_or(Decision::Allow);
        Verdict {
            decision,
            findings,
            analysis,
            command: command.to_owned(),
            mode: context.mode,
            strictness: policy.strictness.0,
            turned_off,
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
            Some(finding) if finding.decision > finding.rule.decision => {
                let why = if self.strictness >= Strictness::Strict {
                    format!("the {} mode denies what would be asked", self.strictness.name())
                } else {
                    "nobody is there to confirm it, so it is denied".to_owned()
                };
                let raised = Finding {
                    lost: format!("{}; {why}", sentence(&finding.lost)),
                    ..finding.clone()
                };
                raised.reason()
            }
            Some(finding) => finding.reason(),
            None => "no rule matched".to_owned(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reasons_are_one_short_line() {
        assert_eq!(one_line("a\nb\tc"), "a\\nb\\tc");
        let long_path = format!("rm-root: would delete /{}. Do not.", "x/".repeat(100_000));
        let reason = one_line(&long_path);
        assert!(reason.chars().count() <= MAX_REASON_CHARS, "{}", reason.len());
        assert!(reason.starts_with("rm-root: would delete /x/x/"));
        assert!(reason.ends_with(". Do not."));
        let many_words = format!("rule: {}end.", "word ".repeat(1000));
        let reason = one_line(&many_words);
        assert!(reason.chars().count() <= MAX_REASON_CHARS);
        assert!(reason.starts_with("rule: word") && reason.ends_with("end."));
    }
}
