//! Reading a git command line: the global options before the subcommand (`-C`, `-c k=v`,
//! `--git-dir`…), the subcommand, aliases defined on the command line
//! (`git -c alias.x='!rm -rf ~' x`), which run shell code or another git command, and settings
//! whose value git runs through a shell (`-c core.sshCommand=…`, `GIT_SSH_COMMAND=…`).

use super::Execution;
use crate::command::Command;
use crate::source::Span;
use crate::tools::git::{Invocation, invocation};
use crate::word::Word;

/// Configuration keys whose value git runs as a shell command (`*` stands for any name).
const COMMAND_KEYS: &[&str] = &[
    "core.sshcommand",
    "core.pager",
    "core.editor",
    "core.fsmonitor",
    "core.askpass",
    "sequence.editor",
    "diff.external",
    "gpg.program",
    "pager.*",
    "filter.*.clean",
    "filter.*.smudge",
    "filter.*.process",
    "diff.*.textconv",
    "diff.*.command",
    "merge.*.driver",
];

/// Environment variables whose value git runs as a shell command.
const COMMAND_VARIABLES: &[&str] = &[
    "GIT_SSH_COMMAND",
    "GIT_PAGER",
    "GIT_EDITOR",
    "GIT_SEQUENCE_EDITOR",
    "GIT_EXTERNAL_DIFF",
];

/// Everything a git command line runs besides git itself: the command-line alias of its
/// subcommand, and the shell commands set by `-c` and environment variables.
pub fn executions(command: &Command) -> Vec<Execution> {
    let invocation = invocation(command);
    let mut found = Vec::new();
    for setting in &invocation.config {
        let text = setting.text();
        let Some((key, value)) = text.split_once('=') else {
            continue;
        };
        let key = key.to_ascii_lowercase();
        let runs = COMMAND_KEYS.iter().any(|pattern| key_matches(pattern, &key))
            || (key == "credential.helper" && value.starts_with('!'));
        if runs {
            let skip = key.len() + 1 + usize::from(value.starts_with('!'));
            found.push(code(&format!("git -c {key}"), setting.strip_prefix(skip)));
        }
    }
    for (name, value) in &command.assignments {
        if COMMAND_VARIABLES.contains(&name.as_str()) {
            found.push(code(&format!("{name}= git"), value.clone()));
        }
    }
    found.extend(alias_execution(&invocation, command));
    found
}

fn code(via: &str, word: Word) -> Execution {
    Execution::Code {
        via: via.to_owned(),
        words: vec![word],
        positional: Vec::new(),
        current_shell: false,
    }
}

/// Whether a configuration key matches a pattern of [`COMMAND_KEYS`].
fn key_matches(pattern: &str, key: &str) -> bool {
    let pattern: Vec<&str> = pattern.split('.').collect();
    let key: Vec<&str> = key.split('.').collect();
    match (pattern.as_slice(), key.as_slice()) {
        ([section, "*"], [s, _]) => section == s,
        ([section, "*", last], [s, _, l]) => section == s && last == l,
        _ => pattern == key,
    }
}

/// What an alias defined with `-c alias.NAME=…` for the subcommand runs.
fn alias_execution(invocation: &Invocation, command: &Command) -> Option<Execution> {
    if invocation.subcommand.is_empty() {
        return None;
    }
    let key = format!("alias.{}=", invocation.subcommand);
    let definition = invocation.config.iter().rev().find(|word| {
        word.text()
            .get(..key.len())
            .is_some_and(|k| k.eq_ignore_ascii_case(&key))
    })?;
    let value = definition.strip_prefix(key.len());
    if value.text().starts_with('!') {
        let mut words = vec![value.strip_prefix(1)];
        words.extend(invocation.args.iter().cloned());
        return Some(Execution::Code {
            via: format!("git alias {}", invocation.subcommand),
            words,
            positional: Vec::new(),
            current_shell: false,
        });
    }
    let span: Span = value.span;
    let mut argv = vec![Word::literal("git", command.span)];
    match shell_words::split(value.text()) {
        Ok(pieces) => argv.extend(pieces.iter().map(|piece| Word::literal(piece, span))),
        Err(_) => argv.push(value),
    }
    argv.extend(invocation.args.iter().cloned());
    Some(Execution::Command {
        via: format!("git alias {}", invocation.subcommand),
        argv,
        assignments: Vec::new(),
        cwd: None,
    })
}
