//! Launchers and modifiers: programs that run their arguments as a command in a changed
//! session, namespace, cgroup, schedule, identity or environment (`setsid`, `unshare`,
//! `cpulimit`, `faketime`, `eatmydata`…), retry and watch tools, benchmark runners, secret
//! injectors (`op run --`, `doppler run --`), and shells that take a `-c` string.

use super::table::{Carrier, Entry, Opt};
use crate::args::Options;
use crate::language::Language;

const fn launcher(names: &'static [&'static str], options: Options, skip: usize) -> Entry {
    Entry {
        names,
        subcommand: &[],
        options,
        carriers: match skip {
            0 => &[Carrier::Argv { skip: 0 }],
            1 => &[Carrier::Argv { skip: 1 }],
            _ => &[Carrier::Argv { skip: 2 }],
        },
        inert: &[],
    }
}

const fn after_dashes(names: &'static [&'static str], subcommand: &'static [&'static str]) -> Entry {
    Entry {
        names,
        subcommand,
        options: Options::gnu("", &[]),
        carriers: &[Carrier::AfterDoubleDash],
        inert: &[],
    }
}

const NONE: Options = Options::posix("", &[]);

const SHELL_C: &[Carrier] = &[Carrier::OptionShell {
    option: Opt::Both('c', "command"),
    prefix: "",
}];

pub const ENTRIES: &[Entry] = &[
    launcher(
        &["unshare"],
        Options::posix(
            "SGRw",
            &[
                "setuid",
                "setgid",
                "root",
                "wd",
                "map-user",
                "map-group",
                "map-users",
                "map-groups",
                "propagation",
                "setgroups",
            ],
        ),
        0,
    ),
    launcher(
        &["nsenter"],
        Options::posix("tSG", &["target", "setuid", "setgid", "env"]),
        0,
    ),
    launcher(&["cpulimit"], Options::posix("lpe", &["limit", "pid", "exe"]), 0),
    launcher(&["cgexec"], Options::posix("g", &[]), 0),
    launcher(
        &["setpriv"],
        Options::posix(
            "",
            &[
                "reuid",
                "regid",
                "ruid",
                "rgid",
                "euid",
                "egid",
                "groups",
                "inh-caps",
                "ambient-caps",
                "bounding-set",
                "securebits",
                "selinux-label",
                "apparmor-profile",
                "landlock-access",
                "landlock-rule",
                "pdeathsig",
            ],
        ),
        0,
    ),
    launcher(
        &["fakeroot", "fakeroot-ng"],
        Options::posix("lsi", &["lib", "faked"]),
        0,
    ),
    launcher(&["faketime"], Options::posix("mf", &[]), 1),
    launcher(&["eatmydata", "nocache"], NONE, 0),
    launcher(&["trickle"], Options::posix("udwtlLn", &[]), 0),
    launcher(&["chpst"], Options::posix("uUbenlLmdopfcrt", &[]), 0),
    launcher(&["softlimit"], Options::posix("madopfcrtsl", &[]), 0),
    launcher(
        &["envdir", "setuidgid", "envuidgid", "setlock", "gosu", "su-exec"],
        NONE,
        1,
    ),
    launcher(&["daemonize"], Options::posix("ceEoplu", &[]), 0),
    launcher(&["dbus-launch", "ssh-agent", "sem", "with-contenv"], NONE, 0),
    launcher(&["lckdo", "with-lock-ex"], NONE, 1),
    launcher(
        &["systemd-inhibit"],
        Options::posix("", &["what", "who", "why", "mode"]),
        0,
    ),
    launcher(&["chronic", "ifne"], NONE, 0),
    launcher(
        &["retry", "with-retries", "backoff"],
        Options::posix("tdmx", &["times", "delay", "max-time", "tries"]),
        0,
    ),
    launcher(
        &["flatpak-spawn"],
        Options::posix("", &["env", "directory", "forward-fd", "sandbox-expose"]),
        0,
    ),
    launcher(&["dtach", "abduco"], Options::posix("cAnNer", &[]), 0),
    launcher(
        &["env-cmd"],
        Options::posix("fe", &["file", "environments", "rc-file"]),
        0,
    ),
    launcher(
        &["proot"],
        Options::posix("rbwvq", &["rootfs", "bind", "cwd", "verbose", "qemu"]),
        0,
    ),
    launcher(
        &["systemd-nspawn"],
        Options::posix(
            "DMuUb",
            &["directory", "machine", "user", "bind", "bind-ro", "setenv", "image"],
        ),
        0,
    ),
    launcher(&["toybox"], NONE, 0),
    // Fan-out over hosts: the words after the options are one shell command run on each.
    Entry {
        names: &["pssh", "parallel-ssh"],
        subcommand: &[],
        options: Options::posix(
            "hHlpotOxXe",
            &[
                "hosts",
                "host",
                "user",
                "par",
                "outdir",
                "errdir",
                "timeout",
                "option",
                "extra-args",
                "extra-arg",
            ],
        ),
        carriers: &[Carrier::JoinedShell { skip: 0 }],
        inert: &[],
    },
    Entry {
        names: &["pdsh"],
        subcommand: &[],
        options: Options::posix("wxlRtufgXMNe", &[]),
        carriers: &[Carrier::JoinedShell { skip: 0 }],
        inert: &[],
    },
    Entry {
        names: &["clush"],
        subcommand: &[],
        options: Options::posix(
            "wxgXlftuoROE",
            &[
                "nodes", "exclude", "group", "user", "fanout", "options", "rcopy", "copy", "dest",
            ],
        ),
        carriers: &[Carrier::JoinedShell { skip: 0 }],
        inert: &[],
    },
    // Secret and environment injectors: the command follows `--`.
    after_dashes(&["op"], &["run"]),
    after_dashes(&["doppler"], &["run"]),
    after_dashes(&["dotenvx"], &["run"]),
    after_dashes(&["infisical"], &["run"]),
    after_dashes(&["teller"], &["run"]),
    after_dashes(&["chamber"], &["exec"]),
    after_dashes(&["aws-vault"], &["exec"]),
    after_dashes(&["dotenv"], &[]),
    after_dashes(&["distrobox"], &["enter"]),
    after_dashes(&["reflex", "onchange"], &[]),
    after_dashes(&["schroot"], &[]),
    Entry {
        names: &["sops"],
        subcommand: &["exec-env"],
        options: Options::gnu("", &[]),
        carriers: &[Carrier::JoinedShell { skip: 1 }],
        inert: &[],
    },
    // podman-unshare(1), buildah-unshare(1): the command runs in a user namespace mapped onto
    // the user's own files, which it changes as the user would.
    Entry {
        names: &["podman"],
        subcommand: &["unshare"],
        options: Options::gnu("", &[]),
        carriers: &[Carrier::Argv { skip: 0 }],
        inert: &[],
    },
    Entry {
        names: &["buildah"],
        subcommand: &["unshare"],
        options: Options::gnu("m", &["mount"]),
        carriers: &[Carrier::Argv { skip: 0 }],
        inert: &[],
    },
    Entry {
        names: &["toolbox"],
        subcommand: &["run"],
        options: Options::posix("cr", &["container", "release", "distro"]),
        carriers: &[Carrier::Argv { skip: 0 }],
        inert: &[],
    },
    // Watchers and benchmarks: commands given as options or operands.
    Entry {
        names: &["watchexec"],
        subcommand: &[],
        options: Options::posix(
            "wefisdEo",
            &[
                "watch",
                "exts",
                "filter",
                "ignore",
                "signal",
                "debounce",
                "shell",
                "env",
                "on-busy-update",
                "workdir",
                "project-origin",
            ],
        ),
        carriers: &[Carrier::Argv { skip: 0 }],
        inert: &[],
    },
    Entry {
        names: &["cross-env-shell"],
        subcommand: &[],
        options: NONE,
        carriers: &[Carrier::JoinedShell { skip: 0 }],
        inert: &[],
    },
    Entry {
        names: &["entr"],
        subcommand: &[],
        options: NONE,
        carriers: &[Carrier::JoinedShell { skip: 0 }],
        inert: &[],
    },
    Entry {
        names: &["nodemon"],
        subcommand: &[],
        options: Options::gnu(
            "wexid",
            &["watch", "ext", "exec", "ignore", "delay", "config", "signal"],
        ),
        carriers: &[Carrier::OptionShell {
            option: Opt::Both('x', "exec"),
            prefix: "",
        }],
        inert: &[],
    },
    Entry {
        names: &["chokidar"],
        subcommand: &[],
        options: Options::gnu("cdti", &["command", "debounce", "throttle", "ignore"]),
        carriers: SHELL_C,
        inert: &[],
    },
    Entry {
        names: &["concurrently"],
        subcommand: &[],
        options: Options::gnu(
            "ncpkrs",
            &[
                "names",
                "prefix",
                "prefix-colors",
                "kill-others",
                "success",
                "max-processes",
            ],
        ),
        carriers: &[Carrier::EachOperandShell { skip: 0 }],
        inert: &[],
    },
    Entry {
        names: &["hyperfine"],
        subcommand: &[],
        options: Options::gnu(
            "wmMrpcsPDLSNun",
            &[
                "warmup",
                "min-runs",
                "max-runs",
                "runs",
                "prepare",
                "setup",
                "cleanup",
                "conclude",
                "parameter-scan",
                "parameter-step-size",
                "parameter-list",
                "shell",
                "style",
                "sort",
                "time-unit",
                "export-asciidoc",
                "export-csv",
                "export-json",
                "export-markdown",
                "export-orgmode",
                "output",
                "input",
                "command-name",
                "reference",
            ],
        ),
        carriers: &[
            Carrier::EachOperandShell { skip: 0 },
            Carrier::OptionShell {
                option: Opt::Both('p', "prepare"),
                prefix: "",
            },
            Carrier::OptionShell {
                option: Opt::Both('s', "setup"),
                prefix: "",
            },
            Carrier::OptionShell {
                option: Opt::Both('c', "cleanup"),
                prefix: "",
            },
            Carrier::OptionShell {
                option: Opt::Long("conclude"),
                prefix: "",
            },
            Carrier::OptionShell {
                option: Opt::Long("reference"),
                prefix: "",
            },
        ],
        inert: &[],
    },
    // Shells and shell-like interpreters not read as bash: `-c` is shell code.
    Entry {
        names: &[
            "nu", "xonsh", "murex", "ion", "oil", "osh", "ysh", "oksh", "loksh", "posh", "rc", "es",
        ],
        subcommand: &[],
        options: Options::posix("c", &["command"]),
        carriers: SHELL_C,
        inert: &[],
    },
    // Elvish takes Go-style flags: `-c` is a flag, and with it the first operand is the code
    // (without it, a script). Its commands read as shell; its own syntax asks.
    Entry {
        names: &["elvish"],
        subcommand: &[],
        options: Options::posix("", &[]).single_dash(&[
            "rc=",
            "log=",
            "sock=",
            "db=",
            "deprecation-level=",
            "port=",
            "norc",
            "compileonly",
            "json",
            "daemon",
            "version",
            "buildinfo",
            "help",
            "web",
        ]),
        carriers: &[
            Carrier::OperandCodeWith {
                index: 0,
                option: Opt::Short('c'),
                language: Language::Shell,
            },
            Carrier::OperandCodeWith {
                index: 0,
                option: Opt::Short('c'),
                language: Language::Elvish,
            },
        ],
        inert: &[],
    },
    Entry {
        names: &["sg"],
        subcommand: &[],
        options: NONE,
        // `sg GROUP -c CMD`, and `sg GROUP CMD`: the command is run by `/bin/sh -c`.
        carriers: &[
            Carrier::OptionShell {
                option: Opt::Word("-c"),
                prefix: "",
            },
            Carrier::OperandCode {
                index: 1,
                language: Language::Shell,
                unless: &[Opt::Word("-c"), Opt::Word("-")],
            },
            // `sg - GROUP CMD`: a login environment first.
            Carrier::OperandCode {
                index: 2,
                language: Language::Shell,
                unless: &[Opt::Word("-c")],
            },
        ],
        inert: &[],
    },
    Entry {
        names: &["expect"],
        subcommand: &[],
        options: Options::posix("cfDi", &[]),
        carriers: &[
            Carrier::OptionCode {
                option: Opt::Short('c'),
                language: Language::Tcl,
            },
            Carrier::OptionScript {
                option: Opt::Short('f'),
                language: Language::Tcl,
            },
        ],
        inert: &[],
    },
    Entry {
        names: &["start-stop-daemon"],
        subcommand: &[],
        options: Options::gnu(
            "xapnucrdNkPqsR",
            &[
                "exec",
                "startas",
                "pidfile",
                "name",
                "user",
                "chuid",
                "chroot",
                "chdir",
                "nicelevel",
                "signal",
                "retry",
                "output",
            ],
        ),
        // `--exec PROG` (or `--startas PROG`) runs with the words after `--` as its arguments.
        carriers: &[
            Carrier::ProgramOption(Opt::Both('x', "exec")),
            Carrier::ProgramOption(Opt::Both('a', "startas")),
        ],
        inert: &[],
    },
];
