//! Wrappers: commands whose arguments are another command (`sudo`, `env`, `timeout`, `nice`…),
//! described as data: which options take a value, how many operands come before the command,
//! and whether `NAME=value` words may precede it.

use super::Execution;
use crate::args::{self, Arg, Options};
use crate::command::Command;
use crate::source::Span;
use crate::word::{Dynamic, DynamicKind, Part, Quoting, Word};

struct Wrapper {
    names: &'static [&'static str],
    options: Options,
    /// Operands before the command (`timeout`'s duration, `chroot`'s new root).
    skip: usize,
    /// Whether `NAME=value` words may come before the command (`env`, `sudo`).
    assignments: bool,
    /// Options after which the wrapper runs nothing (`command -v`, `sudo -l`).
    no_command: &'static [char],
}

const fn wrapper(names: &'static [&'static str], options: Options) -> Wrapper {
    Wrapper {
        names,
        options,
        skip: 0,
        assignments: false,
        no_command: &[],
    }
}

const NONE: Options = Options::posix("", &[]);

/// The options of `env` (the tamper checker reads `-i` and `-u NAME` from them).
pub const ENV_OPTIONS: Options = Options::posix(
    "uCSP",
    &[
        "unset",
        "chdir",
        "split-string",
        "default-signal",
        "ignore-signal",
        "block-signal",
    ],
);

const WRAPPERS: &[Wrapper] = &[
    Wrapper {
        assignments: true,
        no_command: &['l', 'e', 'v', 'k', 'K', 'V'],
        ..wrapper(
            &["sudo"],
            Options::posix(
                "ugCDprtTUh",
                &[
                    "user",
                    "group",
                    "close-from",
                    "chdir",
                    "prompt",
                    "role",
                    "type",
                    "command-timeout",
                    "other-user",
                    "host",
                ],
            ),
        )
    },
    wrapper(&["doas"], Options::posix("Cu", &[])),
    wrapper(&["pkexec"], Options::posix("", &["user"])),
    wrapper(
        &["run0"],
        Options::posix(
            "uDg",
            &[
                "user",
                "group",
                "nice",
                "chdir",
                "setenv",
                "unit",
                "property",
                "description",
                "slice",
                "machine",
                "background",
            ],
        ),
    ),
    Wrapper {
        assignments: true,
        ..wrapper(&["env"], ENV_OPTIONS)
    },
    Wrapper {
        no_command: &['v', 'V'],
        ..wrapper(&["command"], NONE)
    },
    wrapper(
        &[
            "builtin",
            "nohup",
            "setsid",
            "coproc",
            "unbuffer",
            "catchsegv",
            "dbus-run-session",
            "valgrind",
            "prlimit",
            "torsocks",
            "proxychains",
            "proxychains4",
            "busybox",
        ],
        NONE,
    ),
    wrapper(&["exec"], Options::posix("a", &[])),
    wrapper(&["nice"], Options::posix("n", &["adjustment"])),
    Wrapper {
        skip: 1,
        ..wrapper(
            &["timeout", "gtimeout"],
            Options::posix("sk", &["signal", "kill-after"]),
        )
    },
    wrapper(&["time"], Options::posix("fo", &["format", "output"])),
    wrapper(&["stdbuf"], Options::posix("ioe", &["input", "output", "error"])),
    wrapper(&["ionice"], Options::posix("cnP", &["class", "classdata"])),
    Wrapper {
        skip: 1,
        ..wrapper(&["chroot"], Options::posix("", &["userspec", "groups"]))
    },
    Wrapper {
        skip: 1,
        ..wrapper(&["flock"], Options::posix("wE", &["timeout", "conflict-exit-code"]))
    },
    wrapper(&["strace", "ltrace"], Options::posix("eoOpPsSuIbEXaA", &[])),
    wrapper(&["caffeinate"], Options::posix("tw", &[])),
    wrapper(
        &["xvfb-run"],
        Options::posix(
            "nsfewp",
            &[
                "server-num",
                "server-args",
                "auth-file",
                "error-file",
                "wait",
                "xauth-protocol",
            ],
        ),
    ),
    Wrapper {
        skip: 1,
        ..wrapper(&["taskset", "chrt"], Options::posix("", &[]))
    },
    wrapper(&["numactl"], Options::posix("CNmpiP", &[])),
    wrapper(
        &["systemd-run"],
        Options::posix(
            "upEH",
            &[
                "unit",
                "property",
                "description",
                "slice",
                "setenv",
                "uid",
                "gid",
                "working-directory",
                "nice",
                "machine",
                "on-calendar",
                "on-active",
            ],
        ),
    ),
    wrapper(&["firejail"], NONE),
    wrapper(&["npx", "bunx"], Options::posix("pc", &["package", "call"])),
];

/// A tool whose subcommand runs a command in a prepared environment (`uv run`, `bundle exec`).
struct Runner {
    tool: &'static str,
    subcommand: &'static str,
    options: Options,
    /// Operands before the command (`direnv exec DIR cmd`).
    skip: usize,
}

const fn runner_of(tool: &'static str, subcommand: &'static str) -> Runner {
    Runner {
        tool,
        subcommand,
        options: NONE,
        skip: 0,
    }
}

const RUNNERS: &[Runner] = &[
    Runner {
        options: Options::posix(
            "pw",
            &[
                "with",
                "python",
                "project",
                "directory",
                "env-file",
                "group",
                "extra",
                "package",
                "index",
                "index-url",
                "with-requirements",
                "with-editable",
                "only-group",
                "no-group",
                "config-file",
                "cache-dir",
                "color",
            ],
        ),
        ..runner_of("uv", "run")
    },
    runner_of("poetry", "run"),
    runner_of("pipenv", "run"),
    runner_of("pdm", "run"),
    runner_of("hatch", "run"),
    runner_of("rye", "run"),
    runner_of("bundle", "exec"),
    runner_of("mise", "exec"),
    runner_of("mise", "x"),
    Runner {
        skip: 1,
        ..runner_of("direnv", "exec")
    },
];

/// Whether `name` is a wrapper or a runner's tool.
pub fn knows(name: &str) -> bool {
    matches!(name, "nix-shell" | "corepack")
        || WRAPPERS.iter().any(|wrapper| wrapper.names.contains(&name))
        || RUNNERS.iter().any(|runner| runner.tool == name)
}

/// The wrappers and runners, each with what it runs, for the README's registry table.
pub fn rows() -> Vec<(String, String)> {
    let mut rows: Vec<(String, String)> = WRAPPERS
        .iter()
        .map(|wrapper| {
            let what = match wrapper.skip {
                0 => "its arguments are a command".to_owned(),
                skip => format!("a command after {skip} operand(s)"),
            };
            (wrapper.names.join(", "), what)
        })
        .collect();
    rows.extend(RUNNERS.iter().map(|runner| {
        (
            format!("{} {}", runner.tool, runner.subcommand),
            "its arguments are a command".to_owned(),
        )
    }));
    rows.push(("nix develop".into(), "a command after `-c`/`--command`".into()));
    rows.push(("nix-shell".into(), "`--run`/`--command` is shell code".into()));
    rows.push((
        RUSTUP_PROXIES.join(", "),
        "a toolchain first (`+nightly`), then the toolchain's own program's arguments".into(),
    ));
    rows.push((
        "corepack".into(),
        format!("`{}` (any version), then its arguments", COREPACK_PROGRAMS.join("`, `")),
    ));
    rows
}

/// Reserved words that bash follows with a command, seen as command names when the grammar
/// misreads a compound command (`then rm -rf /`).
const RESERVED_LEADERS: &[&str] = &["then", "do", "else", "elif", "if", "while", "until", "{", "!"];

/// The command a wrapper runs, if `command` is a wrapper.
pub fn executions(command: &Command) -> Option<Execution> {
    let name = command.name.as_str();
    let args = command.args();
    if RESERVED_LEADERS.contains(&name) && !args.is_empty() {
        return Some(Execution::Command {
            via: name.to_owned(),
            argv: args.to_vec(),
            assignments: Vec::new(),
            cwd: None,
        });
    }
    if let Some(found) = runner(name, args) {
        return Some(found);
    }
    if name == "nix-shell" {
        return nix_shell(args);
    }
    if let Some(found) = toolchain_selected(command).or_else(|| corepack(command)) {
        return Some(found);
    }
    let wrapper = WRAPPERS.iter().find(|w| w.names.contains(&name))?;
    let parsed = args::parse(args, &wrapper.options);
    if parsed
        .args
        .iter()
        .any(|arg| wrapper.no_command.iter().any(|&flag| arg.is_short(flag)))
    {
        return None;
    }
    let code = match name {
        // `flock [options] FILE -c CODE`
        "flock" => parsed
            .first_operand
            .and_then(|file| match args.get(file + 1)?.value()? {
                "-c" | "--command" => args.get(file + 2),
                _ => None,
            }),
        "npx" | "bunx" => parsed.value_of('c', "call"),
        _ => None,
    };
    if let Some(code) = code {
        return Some(Execution::Code {
            via: format!("{name} -c"),
            words: vec![code.clone()],
            positional: Vec::new(),
            current_shell: false,
        });
    }
    let mut start = parsed.first_operand.unwrap_or(args.len()) + wrapper.skip;
    // `coproc NAME { …; }`: a named coprocess runs the group after its name.
    if name == "coproc" && args.get(start + 1).is_some_and(|word| word.is("{")) {
        start += 1;
    }
    let mut assignments = Vec::new();
    if wrapper.assignments {
        while let Some((variable, value)) = args.get(start).and_then(split_assignment) {
            assignments.push((variable, value));
            start += 1;
        }
    }
    let mut argv: Vec<Word> = args.get(start.min(args.len())..).unwrap_or_default().to_vec();
    if name == "env"
        && let Some(split) = parsed.value_of('S', "split-string")
    {
        let mut words = split_string(split);
        words.extend(argv);
        argv = words;
    }
    if argv.is_empty() {
        return None;
    }
    let cwd = match name {
        "env" => parsed.value_of('C', "chdir").cloned(),
        "sudo" | "run0" => parsed.value_of('D', "chdir").cloned(),
        _ => None,
    };
    Some(Execution::Command {
        via: name.to_owned(),
        argv,
        assignments,
        cwd,
    })
}

/// The programs rustup puts on the PATH, which take a toolchain as their first argument
/// (`cargo +nightly publish`) and run that toolchain's own program with the rest.
const RUSTUP_PROXIES: &[&str] = &[
    "cargo",
    "rustc",
    "rustdoc",
    "rustfmt",
    "cargo-fmt",
    "cargo-clippy",
    "clippy-driver",
    "cargo-miri",
    "rust-analyzer",
    "rust-gdb",
    "rust-gdbgui",
    "rust-lldb",
    "rls",
];

/// `cargo +nightly publish`: rustup runs the toolchain's `cargo publish`.
fn toolchain_selected(command: &Command) -> Option<Execution> {
    let name = command.name.as_str();
    let (selector, rest) = command.args().split_first()?;
    if !RUSTUP_PROXIES.contains(&name) || !selector.text().starts_with('+') {
        return None;
    }
    let mut argv = vec![command.argv[0].clone()];
    argv.extend(rest.iter().cloned());
    Some(Execution::Command {
        via: format!("{name} {}", selector.text()),
        argv,
        assignments: Vec::new(),
        cwd: None,
    })
}

/// The package managers' programs corepack runs (`corepack pnpm@9 publish`), whatever version
/// is asked for.
const COREPACK_PROGRAMS: &[&str] = &["npm", "npx", "pnpm", "pnpx", "yarn", "yarnpkg"];

/// `corepack npm publish`, `corepack yarn@4 npm publish`: the package manager run with the rest.
fn corepack(command: &Command) -> Option<Execution> {
    let program = command.args().first()?;
    if command.name != "corepack" || !COREPACK_PROGRAMS.contains(&crate::command::program_name(program).as_str()) {
        return None;
    }
    Some(Execution::Command {
        via: "corepack".to_owned(),
        argv: command.args().to_vec(),
        assignments: Vec::new(),
        cwd: None,
    })
}

/// `uv run …`, `poetry run …`, `direnv exec DIR …`, `nix develop -c …`.
fn runner(name: &str, args: &[Word]) -> Option<Execution> {
    let subcommand = args.first()?.value()?;
    let rest = &args[1..];
    let start = if name == "nix" && subcommand == "develop" {
        let command = rest
            .iter()
            .position(|w| matches!(w.value(), Some("-c" | "--command")))?;
        command + 1
    } else {
        let runner = RUNNERS.iter().find(|r| r.tool == name && r.subcommand == subcommand)?;
        args::parse(rest, &runner.options).first_operand? + runner.skip
    };
    let argv = rest.get(start..)?.to_vec();
    (!argv.is_empty()).then(|| Execution::Command {
        via: format!("{name} {subcommand}"),
        argv,
        assignments: Vec::new(),
        cwd: None,
    })
}

/// `nix-shell --run CODE` / `--command CODE`.
fn nix_shell(args: &[Word]) -> Option<Execution> {
    let parsed = args::parse(
        args,
        &Options::gnu("p", &["run", "command", "packages", "attr", "arg", "argstr"]),
    );
    let code = parsed
        .args
        .iter()
        .rev()
        .find(|arg| arg.is_long("run") || arg.is_long("command"))
        .and_then(Arg::value)?;
    Some(Execution::Code {
        via: "nix-shell --run".into(),
        words: vec![code.clone()],
        positional: Vec::new(),
        current_shell: false,
    })
}

/// `NAME=value` as an assignment.
fn split_assignment(word: &Word) -> Option<(String, Word)> {
    let text = word.text();
    let (name, _) = text.split_once('=')?;
    // env and sudo put any `NAME=value` in the environment; bash reads an exported function
    // from `BASH_FUNC_NAME%%`, which is no shell variable name.
    let function = name.starts_with("BASH_FUNC_") && (name.ends_with("%%") || name.ends_with("()"));
    let valid = function
        || !name.is_empty()
            && !name.starts_with(|c: char| c.is_ascii_digit())
            && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    valid.then(|| (name.to_owned(), word.strip_prefix(name.len() + 1)))
}

/// The words of `env -S 'string'`, split as a shell would.
fn split_string(word: &Word) -> Vec<Word> {
    let span: Span = word.span;
    // `\_` is a space to env, which separates arguments outside quotes.
    let text = replace_outside_single_quotes(word.text(), "\\_", " ");
    match shell_words::split(&text) {
        Ok(pieces) => pieces.iter().map(|piece| with_variables(piece, span)).collect(),
        Err(_) => vec![word.clone()],
    }
}

/// `text` with `from` replaced by `to` outside single quotes.
fn replace_outside_single_quotes(text: &str, from: &str, to: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for (index, piece) in text.split('\'').enumerate() {
        if index > 0 {
            out.push('\'');
        }
        if index % 2 == 0 {
            out.push_str(&piece.replace(from, to));
        } else {
            out.push_str(piece);
        }
    }
    out
}

/// A piece of `env -S`'s string, whose `${NAME}` env replaces with the variable's value, known
/// only when it runs.
fn with_variables(piece: &str, span: Span) -> Word {
    let mut parts = Vec::new();
    let mut rest = piece;
    while let Some(open) = rest.find("${") {
        let Some(close) = rest[open..].find('}').map(|close| open + close) else {
            break;
        };
        if open > 0 {
            parts.push(Part::Literal {
                text: rest[..open].to_owned(),
                quoting: Quoting::Quoted,
                span,
            });
        }
        parts.push(Part::Dynamic(Dynamic {
            kind: DynamicKind::Variable {
                name: rest[open + 2..close].to_owned(),
                guarded: false,
            },
            text: rest[open..=close].to_owned(),
            span,
        }));
        rest = &rest[close + 1..];
    }
    if parts.is_empty() {
        return Word::literal(piece, span);
    }
    if !rest.is_empty() {
        parts.push(Part::Literal {
            text: rest.to_owned(),
            quoting: Quoting::Quoted,
            span,
        });
    }
    Word::from_parts(parts, span)
}

/// The command a privilege wrapper runs, and whether it asked for a shell (`-i`, `-s`).
pub fn privileged_command(command: &Command) -> Option<(Vec<Word>, bool)> {
    let name = command.name.as_str();
    let wrapper = WRAPPERS.iter().find(|w| w.names.contains(&name))?;
    let parsed = args::parse(command.args(), &wrapper.options);
    let shell = parsed.has_short('i') || parsed.has_short('s') || parsed.has_long("login") || parsed.has_long("shell");
    let words = match parsed.first_operand {
        Some(start) => command.args()[start..]
            .iter()
            .skip_while(|w| wrapper.assignments && split_assignment(w).is_some())
            .cloned()
            .collect(),
        None => Vec::new(),
    };
    Some((words, shell))
}
