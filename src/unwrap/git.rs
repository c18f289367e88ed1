//! Reading a git command line: the global options before the subcommand (`-C`, `-c k=v`,
//! `--git-dir`…), the subcommand, and aliases defined on the command line
//! (`git -c alias.x='!rm -rf ~' x`), which run shell code or another git command.

use super::Execution;
use crate::command::Command;
use crate::source::Span;
use crate::word::Word;

/// A git command line, read up to its subcommand.
pub struct Invocation<'a> {
    /// The values of `-c key=value` options.
    pub config: Vec<&'a Word>,
    /// The subcommand, lowercased (`push`); empty when there is none.
    pub subcommand: String,
    /// The words after the subcommand.
    pub args: &'a [Word],
    /// Whether the subcommand word is only known at run time.
    pub dynamic: bool,
}

/// Global options that take a value as the next word.
const VALUE_OPTIONS: &[&str] = &[
    "-C",
    "-c",
    "--git-dir",
    "--work-tree",
    "--namespace",
    "--exec-path",
    "--config-env",
    "--super-prefix",
    "--list-cmds",
];

pub fn invocation(command: &Command) -> Invocation<'_> {
    let args = command.args();
    let mut config = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let Some(text) = args[i].value() else { break };
        if !text.starts_with('-') {
            break;
        }
        if VALUE_OPTIONS.contains(&text) {
            if text == "-c"
                && let Some(value) = args.get(i + 1)
            {
                config.push(value);
            }
            i += 2;
            continue;
        }
        i += 1;
    }
    let (subcommand, dynamic) = match args.get(i) {
        Some(word) => (word.text().to_ascii_lowercase(), word.is_dynamic()),
        None => (String::new(), false),
    };
    Invocation {
        config,
        subcommand,
        args: args.get(i + 1..).unwrap_or_default(),
        dynamic,
    }
}

/// What an alias defined with `-c alias.NAME=…` for the subcommand runs.
pub fn alias_executions(command: &Command) -> Option<Execution> {
    let invocation = invocation(command);
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
