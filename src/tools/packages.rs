//! Package managers that publish: `npm`, `pnpm`, `yarn`, `bun`, `cargo`, `gem`, `twine`,
//! `poetry`, `uv`, `flit`, `hatch`, and Python itself running distutils' `setup.py upload`.

use super::{Subcommand, Tool, Values};

/// Options of npm's configuration that take a value (`npm --registry URL publish`).
const NPM_VALUES: Values = Values {
    short: "w",
    long: &[
        "--prefix",
        "--registry",
        "--userconfig",
        "--globalconfig",
        "--workspace",
        "--tag",
        "--otp",
        "--access",
        "--loglevel",
        "--cache",
        "--scope",
        "--dir",
        "--filter",
        "--reporter",
        "--cwd",
    ],
};

pub const TOOLS: &[Tool] = &[
    Tool {
        names: &["npm", "yarn", "bun"],
        global: NPM_VALUES,
        subcommands: &[],
        options_anywhere: true,
    },
    Tool {
        names: &["pnpm"],
        // `-C dir`, `-F filter`, `-w` is a flag in pnpm.
        global: Values {
            short: "CF",
            long: NPM_VALUES.long,
        },
        subcommands: &[],
        options_anywhere: true,
    },
    Tool {
        names: &["cargo"],
        global: Values {
            short: "pFjZ",
            long: &[
                "--manifest-path",
                "--package",
                "--registry",
                "--token",
                "--index",
                "--config",
                "--color",
                "--target-dir",
                "--features",
                "--target",
                "--jobs",
            ],
        },
        subcommands: &[Subcommand {
            path: &["yank"],
            values: Values {
                short: "",
                long: &["--version", "--vers"],
            },
        }],
        options_anywhere: true,
    },
    Tool {
        names: &["gem"],
        global: Values {
            short: "k",
            long: &["--key", "--host", "--otp", "--config-file", "--version", "--platform"],
        },
        subcommands: &[],
        options_anywhere: true,
    },
    Tool {
        names: &["twine"],
        global: Values {
            short: "rupci",
            long: &[
                "--repository",
                "--repository-url",
                "--username",
                "--password",
                "--comment",
                "--config-file",
                "--identity",
                "--sign-with",
                "--cert",
                "--client-cert",
            ],
        },
        subcommands: &[],
        options_anywhere: true,
    },
    Tool {
        names: &["poetry", "flit", "hatch"],
        global: Values {
            short: "CPrupa",
            long: &[
                "--directory",
                "--project",
                "--repository",
                "--repo",
                "--username",
                "--user",
                "--password",
                "--auth",
            ],
        },
        subcommands: &[],
        options_anywhere: true,
    },
    Tool {
        names: &["uv"],
        global: Values {
            short: "",
            long: &[
                "--directory",
                "--project",
                "--index",
                "--publish-url",
                "--token",
                "--username",
                "--password",
                "--config-file",
                "--cache-dir",
                "--color",
            ],
        },
        subcommands: &[Subcommand {
            path: &["publish"],
            values: Values { short: "ut", long: &[] },
        }],
        options_anywhere: true,
    },
    Tool {
        // The interpreter's own options end at the script (`python -W ignore setup.py upload`).
        names: &["python", "python2", "python3"],
        global: Values {
            short: "cmWX",
            long: &["--check-hash-based-pycs"],
        },
        subcommands: &[],
        options_anywhere: false,
    },
];
