//! Sees through commands that run other commands: shells given a command string, `eval`,
//! wrappers such as `sudo` and `timeout`, `find -exec`, `xargs`, git aliases.
//!
//! For one command this stage answers "what else does it run?" as a list of [`Execution`]s.
//! The walker turns each into a layer of its own (a command, or code to parse) and judges what
//! is inside; the checkers then see every layer.

pub mod finders;
pub mod git;
mod programs;
mod shells;
mod wrappers;

use crate::command::Command;

use crate::language::Language;
use crate::word::Word;

/// Something a command runs.
#[derive(Clone, Debug)]
pub enum Execution {
    /// A command given as words (`sudo rm -rf x` runs `rm -rf x`).
    Command {
        via: String,
        argv: Vec<Word>,
        /// Environment assignments for that command (`env FOO=1 cmd`).
        assignments: Vec<(String, Word)>,
        /// A directory it runs in instead of the current one (`env -C dir`, `sudo -D dir`).
        cwd: Option<Word>,
    },
    /// Shell code given as words, joined with spaces (`bash -c '…'`, `eval a b`, `ssh host cmd`).
    Code {
        via: String,
        words: Vec<Word>,
        /// `$0`, `$1`, … inside the code (`bash -c 'rm -rf "$1"' _ /`).
        positional: Vec<Word>,
        /// Whether the code runs in the current shell (`eval`, `source`): its `cd` and variables
        /// stay for the commands after it.
        current_shell: bool,
    },
    /// Code read from standard input (`… | sh`, `bash <<EOF`, `curl … | python3`).
    Stdin { via: String, language: Language },
    /// Code read from a file named by a word (`source <(curl …)`, `bash script.sh`).
    File {
        via: String,
        path: Word,
        language: Language,
        current_shell: bool,
    },
    /// Code of another language given as words (`python3 -c '…'`, `perl -e '…' -e '…'`, an
    /// awk program), one line each.
    Program {
        via: String,
        language: Language,
        code: Vec<Word>,
        /// The words after the code, which the program sees as its arguments.
        args: Vec<Word>,
    },
    /// The program itself, named by a path, which may be a script (`./deploy.sh`): its
    /// `#!` line tells the language.
    Script { path: Word },
}

/// What `command` runs besides itself.
pub fn executions(command: &Command) -> Vec<Execution> {
    let name = command.name.as_str();
    if let Some(found) = shells::executions(command) {
        return found;
    }
    if let Some(found) = programs::executions(command) {
        return found;
    }
    if let Some(found) = finders::executions(command) {
        return found;
    }
    if name == "git" {
        return git::executions(command);
    }
    if let Some(found) = wrappers::executions(command) {
        return vec![found];
    }
    match command.argv.first() {
        Some(program) if program.value().is_some_and(|path| path.contains('/')) => {
            vec![Execution::Script { path: program.clone() }]
        }
        _ => Vec::new(),
    }
}

/// The words of the command a privilege wrapper runs, and whether it asked for a login or
/// interactive shell (`sudo -i`, `sudo -s`, `doas -s`).
pub fn privileged_command(command: &Command) -> Option<(Vec<Word>, bool)> {
    wrappers::privileged_command(command)
}
