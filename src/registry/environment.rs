//! Environment variables that hold a command or load code into the program they are given to:
//! `PAGER='…' git log`, `EDITOR='…' crontab -e`, `LESSOPEN='|…'`, `RUSTC_WRAPPER=…`,
//! `NODE_OPTIONS='--require x.js'`, `PYTHONSTARTUP=x.py`, `VIMINIT=':!cmd'`, `LD_PRELOAD=x.so`.
//! A value that is a command is judged as shell code, one that names a program as that program
//! run with its arguments; a library loaded into the program cannot be read, and asks.

use super::Execution;
use crate::command::Command;
use crate::language::Language;
use crate::word::Word;

/// Variables whose value programs run as a command line (through a shell or split on spaces).
const COMMAND_VARIABLES: &[&str] = &[
    "PAGER",
    "MANPAGER",
    "SYSTEMD_PAGER",
    "EDITOR",
    "VISUAL",
    "SYSTEMD_EDITOR",
    "SUDO_EDITOR",
    "BROWSER",
    "TERMINAL",
    "SSH_ASKPASS",
    "SUDO_ASKPASS",
    "LESSOPEN",
    "LESSCLOSE",
    "PROMPT_COMMAND",
    // Prompts and the trace prefix: their substitutions run (`PS4='$(…)' bash -x`).
    "PS0",
    "PS1",
    "PS2",
    "PS4",
    "GIT_SSH_COMMAND",
    "GIT_PAGER",
    "GIT_EDITOR",
    "GIT_SEQUENCE_EDITOR",
    "GIT_EXTERNAL_DIFF",
    "GIT_ASKPASS",
    "GIT_PROXY_COMMAND",
    "GIT_SSH",
    "KUBE_EDITOR",
    "AWS_PAGER",
    "GH_PAGER",
    "GH_EDITOR",
    "GH_BROWSER",
    "HGEDITOR",
    "SVN_EDITOR",
    "FCEDIT",
    "CRASHPAGER",
    "FZF_DEFAULT_COMMAND",
    // The programs autoreconf and the autotools run for one another.
    "AUTOM4TE",
    "AUTOCONF",
    "AUTOHEADER",
    "AUTOMAKE",
    "ACLOCAL",
    "LIBTOOLIZE",
    "AUTOPOINT",
    "GTKDOCIZE",
    "M4",
];

/// Variables whose value is the path of a program cargo runs (`RUSTC_WRAPPER`, a target's
/// linker); `*` stands for a target or a registry's name.
const PROGRAM_VARIABLES: &[&str] = &[
    "RUSTC",
    "RUSTDOC",
    "RUSTC_WRAPPER",
    "RUSTC_WORKSPACE_WRAPPER",
    "CARGO_BUILD_RUSTC",
    "CARGO_BUILD_RUSTDOC",
    "CARGO_BUILD_RUSTC_WRAPPER",
    "CARGO_BUILD_RUSTC_WORKSPACE_WRAPPER",
    "CARGO_HOST_LINKER",
    "CARGO_TARGET_*_LINKER",
];

/// Variables whose value is a program and its arguments, split on whitespace, that cargo runs
/// (a target's runner runs the program built, `cargo run` and `cargo test`).
const COMMAND_LINE_VARIABLES: &[&str] = &[
    "CARGO_TARGET_*_RUNNER",
    "CARGO_REGISTRY_CREDENTIAL_PROVIDER",
    "CARGO_REGISTRIES_*_CREDENTIAL_PROVIDER",
];

/// Whether `name` is one of `variables`, where `*` stands for any non-empty part.
fn listed(variables: &[&str], name: &str) -> bool {
    variables.iter().any(|pattern| match pattern.split_once('*') {
        Some((prefix, suffix)) => {
            name.len() > prefix.len() + suffix.len() && name.starts_with(prefix) && name.ends_with(suffix)
        }
        None => name == *pattern,
    })
}

/// Programs that run a command one of the variables above names (`less`: LESSOPEN, VISUAL;
/// `autoreconf`: AUTOM4TE, M4…), for the catalogue's coverage: a variable is judged whichever
/// program it is given to.
const RUN_BY: &[&str] = &[
    "less",
    "zless",
    "man",
    "autoreconf",
    "autoconf",
    "autoheader",
    "crontab",
    "systemctl",
    "journalctl",
    "sudoedit",
    "kubectl",
    "aws",
    "gh",
    "fzf",
];

/// Whether the program `name` runs a command some variable names.
pub fn runs_a_variable(name: &str) -> bool {
    RUN_BY.contains(&name)
}

/// Variables that load code into the program: a library (`LD_PRELOAD`), modules or a debugger
/// (`PERL5OPT`, `RUBYOPT`), the programs git runs (`GIT_EXEC_PATH`).
const LIBRARY_VARIABLES: &[&str] = &[
    "LD_PRELOAD",
    "LD_AUDIT",
    "DYLD_INSERT_LIBRARIES",
    "PERL5OPT",
    "RUBYOPT",
    "GIT_EXEC_PATH",
    "BASH_LOADABLES_PATH",
    // The folder groff runs its own programs (troff, grotty) from.
    "GROFF_BIN_PATH",
];

/// What the variables given to `command` make it run.
pub fn executions(command: &Command) -> Vec<Execution> {
    let mut found = Vec::new();
    for (name, value) in command.environment() {
        // git reads its own variables (registry/git.rs).
        if name.starts_with("GIT_") && command.name == "git" {
            continue;
        }
        if value.text().is_empty() {
            continue;
        }
        if COMMAND_VARIABLES.contains(&name) {
            // `LESSOPEN='|cmd %s'`: the bars say how the output is used.
            let bars = value.text().len() - value.text().trim_start_matches('|').len();
            found.push(Execution::Code {
                via: format!("{name}= {}", command.name),
                words: vec![value.strip_prefix(bars)],
                positional: Vec::new(),
                current_shell: false,
            });
        } else if listed(PROGRAM_VARIABLES, name) || listed(COMMAND_LINE_VARIABLES, name) {
            let argv: Vec<Word> = if listed(COMMAND_LINE_VARIABLES, name) {
                value
                    .text()
                    .split_whitespace()
                    .map(|word| Word::literal(word, value.span))
                    .collect()
            } else {
                vec![value.clone()]
            };
            found.push(Execution::Command {
                via: format!("{name}= {}", command.name),
                argv,
                assignments: Vec::new(),
                cwd: None,
            });
        } else if LIBRARY_VARIABLES.contains(&name) {
            found.push(Execution::Unverifiable {
                what: format!(
                    "{name} loads {} into `{}`: code that cannot be read before it runs",
                    value.text(),
                    command.name
                ),
            });
        } else if name == "NODE_OPTIONS" {
            found.extend(node_preloads(value).into_iter().map(|path| Execution::File {
                via: format!("NODE_OPTIONS= {}", command.name),
                path,
                language: Language::JavaScript,
                current_shell: false,
            }));
        } else if matches!(name, "VIMINIT" | "EXINIT" | "GVIMINIT")
            && matches!(
                command.name.as_str(),
                "vim"
                    | "vi"
                    | "nvim"
                    | "ex"
                    | "view"
                    | "gvim"
                    | "rvim"
                    | "vimdiff"
                    | "vim.basic"
                    | "vim.tiny"
                    | "vim.nox"
                    | "vim.gtk3"
            )
        {
            // Ex commands vim runs at start-up instead of reading its vimrc.
            found.push(Execution::Program {
                via: format!("{name}= {}", command.name),
                language: Language::Vim,
                code: vec![value.clone()],
                args: Vec::new(),
            });
        } else if name == "PYTHONSTARTUP" && Language::of_interpreter(&command.name) == Some(Language::Python) {
            // Read before the first prompt of an interactive session: judged like a script.
            found.push(Execution::File {
                via: format!("PYTHONSTARTUP= {}", command.name),
                path: value.clone(),
                language: Language::Python,
                current_shell: false,
            });
        }
    }
    found
}

/// The modules `NODE_OPTIONS` loads before the program: `--require x`, `-r x`, `--import x`,
/// `--loader x`.
fn node_preloads(value: &Word) -> Vec<Word> {
    const LOADING: &[&str] = &["--require", "-r", "--import", "--loader", "--experimental-loader"];
    let words: Vec<&str> = value.text().split_whitespace().collect();
    let mut found = Vec::new();
    for (index, word) in words.iter().enumerate() {
        let module = match word.split_once('=') {
            Some((option, module)) if LOADING.contains(&option) => Some(module),
            _ if LOADING.contains(word) => words.get(index + 1).copied(),
            _ => None,
        };
        if let Some(module) = module {
            found.push(Word::literal(module, value.span));
        }
    }
    found
}
