//! Environment variables that hold a command or load code into the program they are given to:
//! `PAGER='…' git log`, `EDITOR='…' crontab -e`, `LESSOPEN='|…'`, `RUSTC_WRAPPER=…`,
//! `NODE_OPTIONS='--require x.js'`, `PYTHONSTARTUP=x.py`, `VIMINIT=':!cmd'`, `LD_PRELOAD=x.so`.
//! A value that is a command is judged as shell code, one that names a program as that program
//! run with its arguments; a library loaded into the program cannot be read, and asks.

use super::Execution;
use crate::command::{Command, Input};
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
    // The remote shells and helpers of transfer and backup tools (rsync(1) `RSYNC_RSH`, the
    // daemon connection `RSYNC_CONNECT_PROG`; Subversion's `svn+ssh` tunnel; borg's `BORG_RSH`
    // and passphrase command; restic's and rclone's password commands).
    "RSYNC_RSH",
    "RSYNC_CONNECT_PROG",
    "SVN_SSH",
    "BORG_RSH",
    "BORG_PASSCOMMAND",
    "RESTIC_PASSWORD_COMMAND",
    "RCLONE_PASSWORD_COMMAND",
    // The pagers and editors of psql, bat and delta.
    "PSQL_PAGER",
    "PSQL_EDITOR",
    "BAT_PAGER",
    "DELTA_PAGER",
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
    // The program CVS reaches an `:ext:` repository with (cvs(1): no arguments).
    "CVS_RSH",
    // The shell npm runs package scripts with (npm's `script-shell`, read from the environment).
    "npm_config_script_shell",
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
    "rsync",
    "svn",
    "cvs",
    "borg",
    "restic",
    "rclone",
    "psql",
    "bat",
    "delta",
    "tar",
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

/// Variables whose value is options a program reads as if they came first on its command line,
/// split as a shell splits words: judged as those options given to the program the second name
/// says, for the programs listed (GNU tar's `TAR_OPTIONS='--checkpoint-action=exec=…'`; the
/// JVM's `JAVA_TOOL_OPTIONS='-javaagent:x.jar'`, read by every program that starts one).
const OPTIONS_VARIABLES: &[(&str, &[&str], &str)] = &[
    ("TAR_OPTIONS", &["tar", "gtar"], "tar"),
    ("JAVA_TOOL_OPTIONS", JVM_PROGRAMS, "java"),
    ("_JAVA_OPTIONS", JVM_PROGRAMS, "java"),
    ("JDK_JAVA_OPTIONS", &["java"], "java"),
];

/// Programs that start a Java virtual machine, which reads `JAVA_TOOL_OPTIONS`.
const JVM_PROGRAMS: &[&str] = &[
    "java", "javac", "jshell", "jar", "mvn", "mvnw", "gradle", "gradlew", "sbt", "kotlin", "kotlinc", "scala", "lein",
    "clojure", "clj", "ant", "groovy", "jbang",
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
        let via = format!("{name}= {}", command.name);
        if COMMAND_VARIABLES.contains(&name) {
            // `LESSOPEN='|cmd %s'`: the bars say how the output is used.
            let bars = value.text().len() - value.text().trim_start_matches('|').len();
            found.push(Execution::Code {
                via,
                words: vec![value.strip_prefix(bars)],
                positional: Vec::new(),
                current_shell: false,
            });
        } else if let Some(body) = exported_function(name, value) {
            // bash defines the function from the variable, and whatever calls it runs its body.
            found.push(Execution::Code {
                via,
                words: vec![body],
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
                via,
                argv,
                assignments: Vec::new(),
                cwd: None,
            });
        } else if let Some((_, _, reader)) = OPTIONS_VARIABLES
            .iter()
            .find(|(variable, programs, _)| *variable == name && programs.contains(&command.name.as_str()))
        {
            found.extend(as_options(command, reader, value));
        } else if LIBRARY_VARIABLES.contains(&name) {
            found.push(Execution::Unverifiable {
                what: format!(
                    "{name} loads {} into `{}`: code that cannot be read before it runs",
                    value.text(),
                    command.name
                ),
            });
            match name {
                "PERL5OPT" => found.extend(perl_module_code(&via, value)),
                "RUBYOPT" => found.extend(ruby_required_files(&via, value)),
                _ => {}
            }
        } else if (name == "NODE_OPTIONS" || name.eq_ignore_ascii_case("npm_config_node_options"))
            && !inherited_by_shell(command, name)
        {
            // npm hands its `node-options` setting to the scripts it runs as `NODE_OPTIONS`.
            found.extend(
                node_preloads(value)
                    .into_iter()
                    .map(|module| node_module(via.clone(), module)),
            );
        } else if name == "PERL5DB" && Language::of_interpreter(&command.name) == Some(Language::Perl) {
            // perlrun: the code `perl -d` runs to load its debugger.
            found.push(Execution::Program {
                via,
                language: Language::Perl,
                code: vec![value.clone()],
                args: Vec::new(),
            });
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
                via,
                language: Language::Vim,
                code: vec![value.clone()],
                args: Vec::new(),
            });
        } else if name == "PYTHONSTARTUP" && Language::of_interpreter(&command.name) == Some(Language::Python) {
            // Read before the first prompt of an interactive session: judged like a script.
            found.push(Execution::File {
                via,
                path: value.clone(),
                language: Language::Python,
                current_shell: false,
            });
        }
    }
    found
}

/// Whether `command` is a shell that only inherits the variable `name`: the shell itself does
/// nothing with node's options, and the node programs it starts inherit them in turn (a shell
/// that node's own preloaded code starts would otherwise load that code again, without end).
fn inherited_by_shell(command: &Command, name: &str) -> bool {
    crate::language::is_shell(&command.name) && !command.assignments.iter().any(|(own, _)| own == name)
}

/// The body of a function bash imports from its environment: a variable named
/// `BASH_FUNC_NAME%%` (or `BASH_FUNC_NAME()`, as some patched releases of 2014 wrote it) whose
/// value starts with `() {` defines NAME, and a shell that calls NAME runs the body.
fn exported_function(name: &str, value: &Word) -> Option<Word> {
    let function = name.strip_prefix("BASH_FUNC_")?;
    let named = function.strip_suffix("%%").or_else(|| function.strip_suffix("()"))?;
    (!named.is_empty() && value.text().starts_with("() {")).then(|| value.strip_prefix(2))
}

/// What `command` runs through the options a variable gives it: those options read as the
/// program `reader`'s (`tar --checkpoint-action=exec=…`).
fn as_options(command: &Command, reader: &str, value: &Word) -> Vec<Execution> {
    let mut argv = vec![Word::literal(reader, value.span)];
    argv.extend(super::table::split_words(value));
    let options = Command::new(argv, command.cwd.clone(), Input::Inherited, command.span);
    super::table::executions(&options, super::FAMILIES, super::index::INDEX).unwrap_or_default()
}

/// The code `PERL5OPT`'s `-M` and `-m` switches run: perl makes `-MNAME=args` the statement
/// `use NAME split(/,/, q{args});`, so whatever NAME holds before any `=` is Perl code
/// (`-Mstrict;system(…)`). perl splits the variable on whitespace.
fn perl_module_code(via: &str, value: &Word) -> Option<Execution> {
    let code: Vec<Word> = value
        .text()
        .split_whitespace()
        .filter_map(|switch| switch.strip_prefix("-M").or_else(|| switch.strip_prefix("-m")))
        .map(|module| module.split('=').next().unwrap_or(module))
        .filter(|module| !module.is_empty())
        .map(|module| Word::literal(&format!("use {};", module.trim_start_matches('-')), value.span))
        .collect();
    (!code.is_empty()).then(|| Execution::Program {
        via: via.to_owned(),
        language: Language::Perl,
        code,
        args: Vec::new(),
    })
}

/// The files `RUBYOPT`'s `-r` switches name by a path (`-r./x.rb`, `-r /tmp/x`): Ruby code,
/// read when it is on disk. A library named without a path comes from Ruby's own.
fn ruby_required_files(via: &str, value: &Word) -> Vec<Execution> {
    let words: Vec<&str> = value.text().split_whitespace().collect();
    let mut found = Vec::new();
    for (index, word) in words.iter().enumerate() {
        let library = match word.strip_prefix("-r") {
            Some("") => words.get(index + 1).copied(),
            Some(attached) => Some(attached),
            None => None,
        };
        if let Some(path) = library.filter(|library| library.contains('/') || library.ends_with(".rb")) {
            found.push(Execution::File {
                via: via.to_owned(),
                path: Word::literal(path, value.span),
                language: Language::Ruby,
                current_shell: false,
            });
        }
    }
    found
}

/// The modules `NODE_OPTIONS` loads before the program: `--require x`, `-r x`, `--import x`,
/// `--loader x`. node splits the variable on spaces outside double quotes, which it removes
/// (a backslash inside them escapes the next character).
fn node_preloads(value: &Word) -> Vec<Word> {
    const LOADING: &[&str] = &["--require", "-r", "--import", "--loader", "--experimental-loader"];
    let words = node_option_words(value.text());
    let mut found = Vec::new();
    for (index, word) in words.iter().enumerate() {
        let module = match word.split_once('=') {
            Some((option, module)) if LOADING.contains(&option) => Some(module),
            _ if LOADING.contains(&word.as_str()) => words.get(index + 1).map(String::as_str),
            _ => None,
        };
        if let Some(module) = module {
            found.push(Word::literal(module, value.span));
        }
    }
    found
}

/// `NODE_OPTIONS` split as node splits it.
fn node_option_words(text: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    let mut characters = text.chars();
    while let Some(character) = characters.next() {
        match character {
            '\\' if quoted => word.extend(characters.next()),
            '"' => quoted = !quoted,
            ' ' if !quoted => {
                if !word.is_empty() {
                    words.push(std::mem::take(&mut word));
                }
            }
            other => word.push(other),
        }
    }
    if !word.is_empty() {
        words.push(word);
    }
    words
}

/// A module node loads: the code a `data:` URL holds (`data:text/javascript,CODE`, base64 after
/// `;base64`, percent-escapes decoded), else the file it names.
fn node_module(via: String, module: Word) -> Execution {
    let Some(data) = module.text().strip_prefix("data:") else {
        return Execution::File {
            via,
            path: module,
            language: Language::JavaScript,
            current_shell: false,
        };
    };
    let code = data.split_once(',').and_then(|(media, encoded)| {
        let decoded = super::table::percent_decoded(encoded);
        match media.strip_suffix(";base64") {
            Some(_) => crate::producers::decode_base64(decoded.trim()).and_then(|bytes| String::from_utf8(bytes).ok()),
            None => Some(decoded),
        }
    });
    match code {
        Some(code) => Execution::Program {
            via,
            language: Language::JavaScript,
            code: vec![Word::literal(&code, module.span)],
            args: Vec::new(),
        },
        None => Execution::Unverifiable {
            what: format!(
                "{via} loads a `data:` module that cannot be decoded: code that cannot be read before it runs"
            ),
        },
    }
}
