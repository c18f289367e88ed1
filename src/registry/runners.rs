//! Package, environment and build runners: a package's binary run with its arguments (`npx`,
//! `pnpm dlx`, `uvx`, `pipx run`), a command run in a prepared environment (`conda run`,
//! `nix shell --command`, `devbox run`, `pyenv exec`), and build tools told what to run
//! (`make --eval`, `cmake -E`, `cargo --config target.*.runner=…`, `mvn -Dexec.executable=…`;
//! `just`, `task` read their files on disk).

use super::table::{Carrier, Entry, Opt};
use crate::args::Options;
use crate::language::Language;

const fn runs_argv(names: &'static [&'static str], subcommand: &'static [&'static str], options: Options) -> Entry {
    Entry {
        names,
        subcommand,
        options,
        carriers: &[Carrier::Argv { skip: 0 }],
        inert: &[],
    }
}

const NONE: Options = Options::posix("", &[]);

/// The commands of `cmake -E` that are not programs of the same name, with the command each
/// does the work of (`rm`, `cat`, `tar`, `env`… are run by their own names).
const CMAKE_COMMANDS: &[(&str, &[&str])] = &[
    ("remove_directory", &["rm", "-rf"]),
    ("remove", &["rm"]),
    ("rename", &["mv"]),
    ("copy", &["cp"]),
    ("copy_if_different", &["cp"]),
    ("copy_if_newer", &["cp"]),
    ("copy_directory", &["cp", "-r"]),
    ("copy_directory_if_different", &["cp", "-r"]),
    ("copy_directory_if_newer", &["cp", "-r"]),
    ("create_symlink", &["ln", "-s"]),
    ("create_hardlink", &["ln"]),
    ("make_directory", &["mkdir", "-p"]),
    ("touch_nocreate", &["touch", "-c"]),
    ("chdir", &["env", "-C"]),
    ("environment", &["env"]),
    ("echo_append", &["echo"]),
    ("compare_files", &["cmp"]),
];

pub const ENTRIES: &[Entry] = &[
    // A package's binary, fetched if need be, with its arguments.
    runs_argv(
        &["pnpm", "yarn", "bun"],
        &["dlx"],
        Options::posix("p", &["package", "reporter"]),
    ),
    runs_argv(
        &["pnpm", "yarn"],
        &["exec"],
        Options::posix("", &["filter", "reporter"]),
    ),
    runs_argv(&["bun"], &["x"], Options::posix("p", &["package"])),
    runs_argv(&["pnpx"], &[], Options::posix("p", &["package"])),
    Entry {
        names: &["npm"],
        subcommand: &["exec"],
        options: Options::posix("pcw", &["package", "call", "workspace"]),
        carriers: &[
            Carrier::Argv { skip: 0 },
            Carrier::OptionShell {
                option: Opt::Both('c', "call"),
                prefix: "",
            },
        ],
        inert: &[],
    },
    runs_argv(&["npm"], &["x"], Options::posix("pw", &["package", "workspace"])),
    runs_argv(
        &["uvx"],
        &[],
        Options::posix(
            "p",
            &[
                "from",
                "with",
                "python",
                "index",
                "default-index",
                "with-requirements",
                "directory",
                "env-file",
            ],
        ),
    ),
    runs_argv(
        &["uv"],
        &["tool", "run"],
        Options::posix("p", &["from", "with", "python", "index"]),
    ),
    runs_argv(
        &["pipx"],
        &["run"],
        Options::posix("", &["spec", "python", "index-url", "pip-args"]),
    ),
    // A command in a prepared environment.
    runs_argv(
        &["conda", "mamba", "micromamba"],
        &["run"],
        Options::posix("np", &["name", "prefix", "cwd"]),
    ),
    runs_argv(
        &["pixi"],
        &["run"],
        Options::posix("e", &["environment", "manifest-path"]),
    ),
    runs_argv(
        &["pyenv", "rbenv", "nodenv", "goenv", "jenv", "plenv", "asdf"],
        &["exec"],
        NONE,
    ),
    runs_argv(&["devbox"], &["run"], Options::posix("c", &["config", "environment"])),
    runs_argv(
        &["foreman", "honcho"],
        &["run"],
        Options::posix("ed", &["env", "root", "app-root"]),
    ),
    runs_argv(
        &["fnm", "volta"],
        &["exec"],
        Options::posix("", &["using", "node", "npm"]),
    ),
    runs_argv(
        &["volta"],
        &["run"],
        Options::posix("", &["node", "npm", "yarn", "pnpm"]),
    ),
    runs_argv(&["rye", "pdm", "hatch", "pipenv", "poetry"], &["run"], NONE),
    runs_argv(&["rtx"], &["exec"], Options::posix("C", &["cd"])),
    runs_argv(&["rtx", "mise"], &["x"], Options::posix("C", &["cd"])),
    runs_argv(&["toolbx"], &["run"], NONE),
    Entry {
        names: &["nix"],
        subcommand: &["shell"],
        options: Options::gnu("", &["command"]),
        carriers: &[Carrier::ArgvAfter(Opt::Both('c', "command"))],
        inert: &[],
    },
    Entry {
        names: &["nix"],
        subcommand: &["run"],
        options: Options::gnu("", &[]),
        carriers: &[Carrier::AfterDoubleDash],
        inert: &[],
    },
    Entry {
        names: &["guix"],
        subcommand: &["shell"],
        options: Options::gnu("", &[]),
        carriers: &[Carrier::AfterDoubleDash],
        inert: &[],
    },
    // Build tools told what to run on the command line.
    Entry {
        names: &["make", "gmake", "bmake", "remake"],
        subcommand: &[],
        options: Options::gnu(
            "CfIjlLoOWE",
            &[
                "directory",
                "file",
                "makefile",
                "include-dir",
                "jobs",
                "load-average",
                "old-file",
                "output-sync",
                "what-if",
                "new-file",
                "assume-new",
                "assume-old",
                "eval",
            ],
        ),
        carriers: &[
            Carrier::OptionCode {
                option: Opt::Both('E', "eval"),
                language: Language::Make,
            },
            Carrier::OptionScript {
                option: Opt::Both('f', "file"),
                language: Language::Make,
            },
        ],
        inert: &[],
    },
    Entry {
        names: &["cargo"],
        subcommand: &[],
        options: Options::gnu("ZjpFC", &["config"]),
        carriers: &[Carrier::TomlSettingArgv {
            option: Opt::Long("config"),
            programs: &[
                "target.*.linker",
                "host.linker",
                "build.rustc",
                "build.rustdoc",
                "build.rustc-wrapper",
                "build.rustc-workspace-wrapper",
            ],
            command_lines: &[
                "target.*.runner",
                "registry.credential-provider",
                "registries.*.credential-provider",
                "doc.browser",
            ],
        }],
        inert: &[],
    },
    // The exec plugin's `exec:exec` goal (a project may bind it to any phase).
    Entry {
        names: &["mvn", "mvnw", "mvnw.cmd", "mvnd"],
        subcommand: &[],
        options: Options::gnu("D", &[]),
        carriers: &[Carrier::SettingsArgv {
            option: Opt::Short('D'),
            program: "exec.executable",
            arguments: "exec.args",
        }],
        inert: &[],
    },
    Entry {
        names: &["cmake"],
        subcommand: &[],
        options: Options::posix("PDUCGTASBE", &[]),
        carriers: &[
            Carrier::OwnCommandsAfter {
                option: Opt::Short('E'),
                commands: CMAKE_COMMANDS,
            },
            Carrier::OptionScript {
                option: Opt::Short('P'),
                language: Language::Cmake,
            },
        ],
        inert: &[],
    },
];
