//! Schedulers and deferral: what runs later is judged now (`at` and `batch` read shell code
//! from standard input or `-f FILE`; `crontab FILE` and `crontab -` install a table whose every
//! job is judged; `launchctl submit -- cmd`; an agent's MCP server, which the agent starts at
//! each session outside any hook: `claude mcp add NAME -- cmd`, `code --add-mcp JSON`; aider's
//! `--test-cmd` and `--lint-cmd`; a gh alias's shell code).

use super::table::{Carrier, Entry, Opt};
use crate::args::Options;
use crate::language::Language;

/// The options of an agent's `mcp add` that take a value (Claude Code's, Gemini CLI's and its
/// forks', Codex's, Amp's).
pub const MCP_ADD: Options = Options::gnu(
    "steH",
    &[
        "scope",
        "transport",
        "env",
        "header",
        "client-id",
        "client-secret",
        "callback-port",
        "timeout",
        "description",
        "include-tools",
        "exclude-tools",
        "url",
        "bearer-token-env-var",
    ],
);

pub const ENTRIES: &[Entry] = &[
    Entry {
        names: &["at", "batch"],
        subcommand: &[],
        options: Options::gnu("qfMmlrdcvt", &[]),
        carriers: &[
            Carrier::Stdin(Language::Shell),
            Carrier::OptionScript {
                option: Opt::Short('f'),
                language: Language::Shell,
            },
        ],
        // Listing, removing and showing jobs run nothing.
        inert: &[Opt::Short('l'), Opt::Short('r'), Opt::Short('d'), Opt::Short('c')],
    },
    Entry {
        names: &["crontab"],
        subcommand: &[],
        options: Options::gnu("usT", &[]),
        carriers: &[Carrier::FileOrStdin {
            index: 0,
            language: Language::Crontab,
        }],
        inert: &[Opt::Short('l'), Opt::Short('r'), Opt::Short('e'), Opt::Short('T')],
    },
    // incrontab(1): the table's jobs run through `sh -c` when a watched file changes.
    Entry {
        names: &["incrontab"],
        subcommand: &[],
        options: Options::gnu("uf", &["user", "config"]),
        carriers: &[Carrier::FileOrStdin {
            index: 0,
            language: Language::Incrontab,
        }],
        inert: &[
            Opt::Both('l', "list"),
            Opt::Both('r', "remove"),
            Opt::Both('e', "edit"),
            Opt::Both('t', "types"),
            Opt::Both('d', "reload"),
        ],
    },
    Entry {
        names: &["launchctl"],
        subcommand: &["submit"],
        options: Options::gnu("lpoe", &[]),
        carriers: &[Carrier::AfterDoubleDash],
        inert: &[],
    },
    Entry {
        names: &["launchctl"],
        subcommand: &["asuser"],
        options: Options::posix("", &[]),
        carriers: &[Carrier::Argv { skip: 1 }],
        inert: &[],
    },
    // An agent's MCP server: `NAME COMMAND ARGS…`, or a URL, which runs nothing here.
    Entry {
        names: &["claude", "gemini", "qwen", "codex", "amp"],
        subcommand: &["mcp", "add"],
        options: MCP_ADD,
        carriers: &[Carrier::Argv { skip: 1 }],
        inert: &[],
    },
    Entry {
        names: &["claude"],
        subcommand: &["mcp", "add-json"],
        options: Options::gnu("s", &["scope"]),
        carriers: &[Carrier::JsonCommandOperand { index: 1 }],
        inert: &[],
    },
    // aider runs its test command after each change with `--auto-test` (or `--test`), its
    // lint command after each edit (lint is on by default), through the shell.
    Entry {
        names: &["aider"],
        subcommand: &[],
        options: Options::gnu(
            "mfc",
            &[
                "test-cmd",
                "lint-cmd",
                "message",
                "message-file",
                "file",
                "read",
                "config",
                "model",
            ],
        ),
        carriers: &[
            Carrier::OptionShell {
                option: Opt::Long("test-cmd"),
                prefix: "",
            },
            Carrier::OptionShell {
                option: Opt::Long("lint-cmd"),
                prefix: "",
            },
        ],
        inert: &[],
    },
    // VS Code and its forks add an MCP server from JSON given on the command line.
    Entry {
        names: &["code", "code-insiders", "codium", "code-oss", "cursor", "windsurf"],
        subcommand: &[],
        // The editors' parser takes no word starting with `-` for an option's value (`--profile
        // --add-mcp JSON` adds the server): the other options' values are read as operands.
        options: Options::gnu("", &["add-mcp"]),
        carriers: &[Carrier::JsonCommandOption(Opt::Long("add-mcp"))],
        inert: &[Opt::Both('h', "help")],
    },
    // A gh alias that runs shell code when it is called: `--shell`, or an expansion starting `!`.
    Entry {
        names: &["gh"],
        subcommand: &["alias", "set"],
        options: Options::gnu("", &["clobber"]),
        carriers: &[
            Carrier::OperandCodeWith {
                index: 1,
                option: Opt::Both('s', "shell"),
                language: Language::Shell,
            },
            Carrier::OperandPrefix {
                prefix: "!",
                keep: false,
                language: Language::Shell,
            },
        ],
        inert: &[],
    },
    Entry {
        names: &["pm2"],
        subcommand: &["start"],
        options: Options::gnu(
            "nifo",
            &[
                "name",
                "interpreter",
                "instances",
                "output",
                "error",
                "cwd",
                "cron",
                "env",
            ],
        ),
        carriers: &[Carrier::AfterDoubleDash],
        inert: &[],
    },
];
