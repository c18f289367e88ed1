//! Rules of the user's or the project's own, matched against each effective command (after
//! every layer is unwrapped, so `bash -c 'cd infra && terraform destroy'` is `terraform
//! destroy`): the program's name, an ordered subsequence of arguments (shell globs allowed),
//! flags present or absent, and a regular expression over the command's text as an escape hatch.

use super::Origin;
use super::file::{ConfigError, RuleEntry, place_of};
use crate::command::Command;
use crate::rules::{Decision, Rule};
use crate::word::Word;
use std::path::Path;

/// One custom rule, ready to match.
#[derive(Debug)]
pub struct CustomRule {
    /// The rule as findings name it. Custom rules are read once per process and live as long
    /// as it does, as the built-in ones do.
    pub rule: &'static Rule,
    command: Option<String>,
    args: Vec<String>,
    flags: Vec<String>,
    without_flags: Vec<String>,
    pattern: Option<regex::Regex>,
    pub origin: Origin,
}

/// The default safe alternative of a custom rule that gives none.
const DEFAULT_INSTEAD: &str = "This command is blocked by a rule of this machine's or this project's safety-net configuration; ask the user to run it";

/// The longest pattern compiled, in bytes of its compiled program.
const PATTERN_SIZE_LIMIT: usize = 1 << 20;

impl CustomRule {
    /// The rule a file's entry describes; `text` is the file's, for pointing at errors.
    pub fn read(entry: RuleEntry, origin: Origin, path: &Path, text: &str) -> Result<CustomRule, ConfigError> {
        let error = |message: String, at: &str| ConfigError::new(path, message).at(text, place_of(text, at));
        let id = entry.id.as_str();
        if id.is_empty()
            || !id
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        {
            return Err(error(
                format!("the rule id `{id}` is not kebab-case (lowercase letters, digits and `-`)"),
                id,
            ));
        }
        if crate::checks::rule(id).is_some() {
            return Err(error(
                format!("the rule id `{id}` is a built-in rule's; give the custom rule an id of its own"),
                id,
            ));
        }
        let decision = match Decision::parse(&entry.decision) {
            Some(decision @ (Decision::Ask | Decision::Deny)) => decision,
            _ => {
                return Err(error(
                    format!(
                        "rule `{id}`: decision `{}` is not `ask` or `deny` (a custom rule can only stop a command)",
                        entry.decision
                    ),
                    &entry.decision,
                ));
            }
        };
        if entry.command.is_none() && entry.pattern.is_none() {
            return Err(error(
                format!("rule `{id}` matches every command: give it a `command` or a `pattern`"),
                id,
            ));
        }
        let pattern = match &entry.pattern {
            Some(pattern) => Some(
                regex::RegexBuilder::new(pattern)
                    .size_limit(PATTERN_SIZE_LIMIT)
                    .build()
                    .map_err(|e| {
                        error(
                            format!("rule `{id}`: the pattern is not a valid regular expression ({e})"),
                            pattern,
                        )
                    })?,
            ),
            None => None,
        };
        let leak = |text: String| -> &'static str { Box::leak(text.into_boxed_str()) };
        let rule = Box::leak(Box::new(Rule {
            id: leak(entry.id.clone()),
            decision,
            catches: leak(entry.reason.clone()),
            instead: leak(entry.instead.clone().unwrap_or_else(|| DEFAULT_INSTEAD.to_owned())),
            examples: &[],
            allowed: &[],
        }));
        Ok(CustomRule {
            rule,
            command: entry.command,
            args: entry.args,
            flags: entry.flags,
            without_flags: entry.without_flags,
            pattern,
            origin,
        })
    }

    /// Whether the rule matches this effective command.
    pub fn matches(&self, command: &Command) -> bool {
        if let Some(name) = &self.command
            && command.name != *name
            && crate::language::without_python_version(&command.name) != name
        {
            return false;
        }
        let args: Vec<&str> = command.args().iter().map(Word::text).collect();
        in_order(&self.args, &args)
            && self.flags.iter().all(|flag| has_flag(&args, flag))
            && !self.without_flags.iter().any(|flag| has_flag(&args, flag))
            && self.pattern.as_ref().is_none_or(|pattern| {
                let text: Vec<&str> = command.argv.iter().map(Word::text).collect();
                pattern.is_match(&text.join(" "))
            })
    }

    /// What the finding says.
    pub fn lost(&self, command: &Command) -> String {
        format!(
            "`{}` matches the rule `{}` of {}: {}",
            command.display(),
            self.rule.id,
            self.origin.describe(),
            self.rule.catches.trim_end_matches('.')
        )
    }
}

/// Whether `wanted` appears in `args` in this order, each a shell glob over one argument.
fn in_order(wanted: &[String], args: &[&str]) -> bool {
    let mut rest = args.iter();
    wanted
        .iter()
        .all(|pattern| rest.any(|arg| crate::paths::glob_matches(pattern, arg)))
}

/// Whether `flag` is given: as itself, as `--flag=value`, or, for a one-letter flag, inside a
/// bundle of short flags (`-rf` gives `-f`).
fn has_flag(args: &[&str], flag: &str) -> bool {
    let bundled = flag.len() == 2 && flag.starts_with('-') && flag != "--";
    args.iter().take_while(|arg| **arg != "--").any(|arg| {
        *arg == flag
            || (flag.starts_with("--") && arg.strip_prefix(flag).is_some_and(|rest| rest.starts_with('=')))
            || (bundled && arg.starts_with('-') && !arg.starts_with("--") && arg[1..].contains(&flag[1..]))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arguments_match_in_order_and_flags_in_bundles() {
        assert!(in_order(&["destroy".into()], &["-chdir=x", "destroy", "-auto-approve"]));
        assert!(!in_order(&["apply".into(), "destroy".into()], &["destroy", "apply"]));
        assert!(in_order(&["prod-*".into()], &["delete", "ns", "prod-eu"]));
        assert!(has_flag(&["-rf", "x"], "-f"));
        assert!(has_flag(&["--force=true"], "--force"));
        assert!(!has_flag(&["--", "-f"], "-f"));
        assert!(!has_flag(&["--forceful"], "--force"));
    }
}
