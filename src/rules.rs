//! Rules: what each finding means. A rule has a stable kebab-case id, a decision, a line saying
//! what it catches, the safe alternative to offer, and examples that run as tests: commands it
//! must flag and look-alikes it must let pass.

use crate::verdict::Decision;

/// One rule of the policy.
#[derive(Debug)]
pub struct Rule {
    /// Stable id (`git-reset-hard`); never reused for another meaning.
    pub id: &'static str,
    pub decision: Decision,
    /// What it catches, in one line (the README's rule table).
    pub catches: &'static str,
    /// The safe alternative to offer the agent.
    pub instead: &'static str,
    /// Commands this rule flags, judged in [`crate::context::Context::example`].
    pub examples: &'static [&'static str],
    /// Look-alikes that must be allowed, judged in the same context.
    pub allowed: &'static [&'static str],
}

impl PartialEq for Rule {
    fn eq(&self, other: &Rule) -> bool {
        self.id == other.id
    }
}
