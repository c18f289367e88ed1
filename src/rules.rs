//! Rules and decisions: what each finding means. A rule has a stable kebab-case id, the
//! decision it leads to (allow, ask, deny), a line saying what it catches, the safe alternative
//! to offer, and examples that run as tests: commands it must flag and look-alikes it must let
//! pass.

use serde::Serialize;

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

/// Allow, ask or deny, in increasing order of strictness.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Decision {
    Allow,
    Ask,
    Deny,
}

impl Decision {
    pub fn name(self) -> &'static str {
        match self {
            Decision::Allow => "allow",
            Decision::Ask => "ask",
            Decision::Deny => "deny",
        }
    }

    pub fn parse(text: &str) -> Option<Decision> {
        match text {
            "allow" => Some(Decision::Allow),
            "ask" => Some(Decision::Ask),
            "deny" => Some(Decision::Deny),
            _ => None,
        }
    }
}

impl std::fmt::Display for Decision {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}
