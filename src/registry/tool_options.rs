//! Ordinary tools with an option or operand that runs a command: `tar --to-command`,
//! `--checkpoint-action=exec=`, `-I`; `zip -TT`; `rsync -e`; `ssh -o ProxyCommand=` for the
//! ssh family; `rg --pre`; `socat EXEC:`; `nc -e`; `man -P`; `git`'s pager-like helpers; and
//! clients and editors given code on the command line (`vim -c`, `gdb -ex`, `sqlite3 db '.shell
//! …'`, `psql -c '\! …'`, `sed 's/x/y/e'`, `rpm --eval`, `pdflatex '\write18{…}'`).

use super::table::{Carrier, Entry, Opt};
use crate::args::Options;
use crate::language::Language;

/// The options of `ngrok http|tcp|tls` that take a value (the exposure checker reads them too).
pub const NGROK_OPTIONS: Options = Options::gnu(
    "",
    &[
        "authtoken",
        "config",
        "log",
        "log-format",
        "log-level",
        "region",
        "domain",
        "url",
        "hostname",
        "subdomain",
        "remote-addr",
        "basic-auth",
        "oauth",
        "cidr-allow",
        "cidr-deny",
        "host-header",
        "traffic-policy-file",
        "binding",
        "metadata",
        "name",
        "proxy-proto",
        "upstream-protocol",
    ],
);

/// The options of `git clone` that take a value (the tamper checker reads where it clones to).
pub const GIT_CLONE_OPTIONS: Options = Options::gnu(
    "uobcj",
    &[
        "upload-pack",
        "origin",
        "branch",
        "config",
        "depth",
        "jobs",
        "template",
        "reference",
        "separate-git-dir",
        "filter",
        "shallow-since",
        "shallow-exclude",
        "server-option",
        "bundle-uri",
        "ref-format",
    ],
);

/// `clickhouse-client`'s and `clickhouse client`'s options, and where their SQL comes from.
const CLICKHOUSE_OPTIONS: Options = Options::gnu(
    "qhudpC",
    &[
        "query",
        "host",
        "user",
        "database",
        "password",
        "port",
        "queries-file",
        "format",
        "config-file",
        "param",
    ],
);
const CLICKHOUSE_CARRIERS: &[Carrier] = &[
    Carrier::OptionCode {
        option: Opt::Both('q', "query"),
        language: Language::Sql,
    },
    Carrier::OptionScript {
        option: Opt::Long("queries-file"),
        language: Language::Sql,
    },
    Carrier::Stdin(Language::Sql),
];

/// `surreal sql`'s and `surreal import`'s options that take a value (`-e` is the endpoint).
const SURREAL_OPTIONS: Options = Options::gnu(
    "eupt",
    &[
        "endpoint",
        "conn",
        "username",
        "user",
        "password",
        "pass",
        "namespace",
        "ns",
        "database",
        "db",
        "auth-level",
        "token",
    ],
);

const fn tool(names: &'static [&'static str], options: Options, carriers: &'static [Carrier]) -> Entry {
    Entry {
        names,
        subcommand: &[],
        options,
        carriers,
        inert: &[],
    }
}

const fn shell_option(option: Opt) -> Carrier {
    Carrier::OptionShell { option, prefix: "" }
}

/// `-o ProxyCommand=…` and `-o LocalCommand=…` of the ssh family.
const SSH_OPTIONS: &[Carrier] = &[
    Carrier::OptionShell {
        option: Opt::Short('o'),
        prefix: "ProxyCommand=",
    },
    Carrier::OptionShell {
        option: Opt::Short('o'),
        prefix: "ProxyCommand ",
    },
    Carrier::OptionShell {
        option: Opt::Short('o'),
        prefix: "LocalCommand=",
    },
    Carrier::OptionShell {
        option: Opt::Short('o'),
        prefix: "LocalCommand ",
    },
    Carrier::OptionShell {
        option: Opt::Short('o'),
        prefix: "KnownHostsCommand=",
    },
];

const VIM: &[Carrier] = &[
    Carrier::OptionCode {
        option: Opt::Short('c'),
        language: Language::Vim,
    },
    Carrier::OptionCode {
        option: Opt::Long("cmd"),
        language: Language::Vim,
    },
    Carrier::PlusCode(Language::Vim),
    Carrier::OptionScript {
        option: Opt::Short('S'),
        language: Language::Vim,
    },
    Carrier::OptionScript {
        option: Opt::Short('u'),
        language: Language::Vim,
    },
];

const fn git(subcommand: &'static [&'static str], options: Options, carriers: &'static [Carrier]) -> Entry {
    Entry {
        names: &["git"],
        subcommand,
        options,
        carriers,
        inert: &[],
    }
}

pub const ENTRIES: &[Entry] = &[
    // Files find and openssl write and read besides their redirections.
    tool(
        &["find", "gfind"],
        Options::posix("", &[]),
        &[
            Carrier::WritesOption(Opt::Word("-fprint")),
            Carrier::WritesOption(Opt::Word("-fprint0")),
            Carrier::WritesOption(Opt::Word("-fprintf")),
            Carrier::WritesOption(Opt::Word("-fls")),
        ],
    ),
    tool(
        &["openssl"],
        Options::posix("", &[]),
        &[
            Carrier::WritesOption(Opt::Word("-out")),
            Carrier::ReadsOption(Opt::Word("-in")),
            Carrier::ReadsOption(Opt::Word("-inkey")),
            Carrier::ReadsOption(Opt::Word("-key")),
        ],
    ),
    // git subcommands that run commands.
    git(
        &["rebase"],
        Options::gnu("xsXC", &["exec", "strategy", "strategy-option", "onto", "whitespace"]),
        &[shell_option(Opt::Both('x', "exec"))],
    ),
    git(
        &["bisect", "run"],
        Options::posix("", &[]),
        &[Carrier::Argv { skip: 0 }],
    ),
    git(
        &["submodule", "foreach"],
        Options::posix("", &[]),
        &[Carrier::JoinedShell { skip: 0 }],
    ),
    git(
        &["difftool"],
        Options::gnu("xtSO", &["extcmd", "tool"]),
        &[shell_option(Opt::Both('x', "extcmd"))],
    ),
    git(
        &["clone"],
        GIT_CLONE_OPTIONS,
        // The folder the second operand names is where the repository's files land.
        &[shell_option(Opt::Both('u', "upload-pack")), Carrier::WritesOperand(1)],
    ),
    git(
        &["fetch"],
        Options::gnu("", &["upload-pack"]),
        &[shell_option(Opt::Long("upload-pack"))],
    ),
    git(
        &["pull"],
        Options::gnu("", &["upload-pack"]),
        &[shell_option(Opt::Long("upload-pack"))],
    ),
    git(
        &["ls-remote"],
        Options::gnu("", &["upload-pack"]),
        &[shell_option(Opt::Long("upload-pack"))],
    ),
    git(
        &["push"],
        Options::gnu("o", &["receive-pack", "exec", "push-option", "repo"]),
        &[shell_option(Opt::Long("receive-pack")), shell_option(Opt::Long("exec"))],
    ),
    git(
        &["fetch-pack"],
        Options::gnu(
            "",
            &["upload-pack", "exec", "depth", "shallow-since", "shallow-exclude"],
        ),
        &[shell_option(Opt::Long("upload-pack")), shell_option(Opt::Long("exec"))],
    ),
    git(
        &["send-pack"],
        Options::gnu("", &["receive-pack", "exec", "push-option", "signed"]),
        &[shell_option(Opt::Long("receive-pack")), shell_option(Opt::Long("exec"))],
    ),
    git(
        &["archive"],
        Options::gnu("o", &["exec", "remote", "output", "prefix", "format"]),
        &[shell_option(Opt::Long("exec"))],
    ),
    git(
        &["grep"],
        Options::gnu("OefABC", &["open-files-in-pager"]),
        &[shell_option(Opt::Both('O', "open-files-in-pager"))],
    ),
    tool(
        &["tar", "gtar", "bsdtar"],
        crate::tools::long_options::TAR,
        &[
            shell_option(Opt::Long("to-command")),
            Carrier::OptionShell {
                option: Opt::Long("checkpoint-action"),
                prefix: "exec=",
            },
            shell_option(Opt::Both('I', "use-compress-program")),
            shell_option(Opt::Long("rsh-command")),
            shell_option(Opt::Both('F', "info-script")),
            shell_option(Opt::Long("new-volume-script")),
        ],
    ),
    tool(
        &["zip"],
        Options::gnu("bnxitP", &["unzip-command", "temp-path", "password"]),
        &[shell_option(Opt::Word("-TT")), shell_option(Opt::Long("unzip-command"))],
    ),
    tool(
        &["rsync"],
        Options::gnu(
            "eBfT",
            &[
                "rsh",
                "rsync-path",
                "filter",
                "exclude",
                "include",
                "temp-dir",
                "chmod",
                "chown",
            ],
        ),
        &[
            shell_option(Opt::Both('e', "rsh")),
            shell_option(Opt::Long("rsync-path")),
        ],
    ),
    tool(
        &["scp", "sftp", "ssh", "autossh", "slogin"],
        Options::gnu("bcDEeFIiJLlmOoPpQRSWw", &[]),
        SSH_OPTIONS,
    ),
    tool(
        &["scp", "sftp"],
        Options::gnu("cFiJloPS", &[]),
        &[shell_option(Opt::Short('S'))],
    ),
    // sftp's batch commands, on standard input or in `-b FILE`: a `!cmd` line runs locally,
    // `get` writes a local file, `put` sends one.
    tool(
        &["sftp"],
        Options::gnu("bBcDFiJlNoPRSs", &[]),
        &[
            Carrier::Stdin(Language::Transfer),
            Carrier::OptionScript {
                option: Opt::Short('b'),
                language: Language::Transfer,
            },
        ],
    ),
    tool(
        &["mosh"],
        Options::gnu("p", &["ssh", "server", "port", "predict"]),
        &[shell_option(Opt::Long("ssh")), shell_option(Opt::Long("server"))],
    ),
    tool(
        &["socat"],
        Options::posix("dlLTb", &[]),
        &[
            Carrier::OperandPrefix {
                prefix: "EXEC:",
                keep: false,
                language: Language::Shell,
            },
            Carrier::OperandPrefix {
                prefix: "SYSTEM:",
                keep: false,
                language: Language::Shell,
            },
            Carrier::NetworkOperand { prefix: "EXEC:" },
            Carrier::NetworkOperand { prefix: "SYSTEM:" },
            // File addresses: `CREATE:`, `OPEN:…,creat`, `GOPEN:` write; `OPEN:`, `GOPEN:` read.
            Carrier::WritesPrefixed("CREATE:"),
            Carrier::WritesPrefixed("OPEN:"),
            Carrier::WritesPrefixed("GOPEN:"),
            Carrier::ReadsPrefixed("OPEN:"),
            Carrier::ReadsPrefixed("GOPEN:"),
        ],
    ),
    tool(
        &["nc", "ncat", "netcat", "nc.traditional", "nc.openbsd"],
        Options::gnu("eciIpOsTVwWxX", &["exec", "sh-exec", "lua-exec"]),
        &[
            shell_option(Opt::Both('c', "sh-exec")),
            Carrier::NetworkProgram(Opt::Both('e', "exec")),
            Carrier::NetworkProgram(Opt::Both('c', "sh-exec")),
            Carrier::NetworkScript(Opt::Long("lua-exec")),
        ],
    ),
    // Terminals served over the web or a socket: the command after the options runs for
    // whoever connects (`ttyd -W bash`, `gotty -w bash`, `systemd-socket-activate --inetd sh`).
    tool(
        &["ttyd"],
        Options::gnu(
            "pisuUgcHwIbPtTmCKAd",
            &[
                "port",
                "interface",
                "signal",
                "uid",
                "gid",
                "credential",
                "auth-header",
                "cwd",
                "index",
                "base-path",
                "ping-interval",
                "client-option",
                "terminal-type",
                "max-clients",
                "ssl-cert",
                "ssl-key",
                "ssl-ca",
                "debug",
                "socket-owner",
            ],
        ),
        &[Carrier::ServedOperands],
    ),
    tool(
        &["gotty"],
        Options::gnu(
            "apc",
            &[
                "address",
                "port",
                "path",
                "credential",
                "config",
                "tls-crt",
                "tls-key",
                "tls-ca-crt",
                "title-format",
            ],
        ),
        &[Carrier::ServedOperands],
    ),
    tool(
        &["systemd-socket-activate"],
        Options::gnu("lE", &["listen", "setenv", "fdname"]),
        &[Carrier::ServedOperands],
    ),
    // websocat: `--exec PROGRAM` (with `-s PORT`, a server) and `exec:`/`sh-c:` addresses run a
    // program whose input and output are the connection.
    tool(
        &["websocat"],
        Options::gnu("sH", &["exec", "protocol", "header", "origin", "exec-args"]),
        &[
            Carrier::NetworkProgram(Opt::Long("exec")),
            Carrier::NetworkOperand { prefix: "sh-c:" },
            Carrier::NetworkOperand { prefix: "exec:" },
            Carrier::NetworkOperand { prefix: "cmd:" },
        ],
    ),
    // telnetd's `-l PROGRAM` runs PROGRAM in place of login for whoever connects: a shell
    // there is a bind shell (`busybox telnetd -l /bin/sh -p 4444`).
    tool(
        &["telnetd", "in.telnetd", "utelnetd"],
        Options::posix("lfpbw", &[]),
        &[Carrier::NetworkProgram(Opt::Short('l'))],
    ),
    // Static file servers: every file under the folder they serve, the one they run in unless
    // told another, is readable by whoever connects (they listen on every address, unless told
    // the loopback one: miniserve's `-i`/`--interfaces`, darkhttpd's `--addr`, dufs's
    // `-b`/`--bind`, each repeatable, dufs's a list too).
    tool(
        &["http-server"],
        Options::gnu(
            "paectPCK",
            &[
                "port",
                "ext",
                "proxy",
                "proxy-options",
                "username",
                "password",
                "cert",
                "key",
                "mimetypes",
            ],
        ),
        &[Carrier::ServesOperand(0), Carrier::ServesHere { unless: &[] }],
    ),
    tool(
        &["serve"],
        Options::gnu("lpc", &["listen", "config", "ssl-cert", "ssl-key", "ssl-pass"]),
        &[Carrier::ServesOperand(0), Carrier::ServesHere { unless: &[] }],
    ),
    tool(
        &["live-server"],
        Options::gnu("", &[]),
        &[Carrier::ServesOperand(0), Carrier::ServesHere { unless: &[] }],
    ),
    tool(
        &["darkhttpd"],
        Options::gnu(
            "",
            &[
                "port",
                "addr",
                "maxconn",
                "log",
                "index",
                "mimetypes",
                "default-mimetype",
                "uid",
                "gid",
                "pidfile",
                "auth",
                "forward",
                "forward-all",
                "header",
                "timeout",
            ],
        ),
        &[Carrier::ServesOperand(0), Carrier::ListensOn(Opt::Long("addr"))],
    ),
    tool(
        &["miniserve"],
        Options::gnu(
            "piactd",
            &[
                "port",
                "interfaces",
                "auth",
                "auth-file",
                "color-scheme",
                "color-scheme-dark",
                "title",
                "header",
                "index",
                "route-prefix",
                "tls-cert",
                "tls-key",
                "allowed-upload-dir",
            ],
        ),
        &[
            Carrier::ServesOperand(0),
            Carrier::ServesHere { unless: &[] },
            Carrier::ListensOn(Opt::Both('i', "interfaces")),
        ],
    ),
    tool(
        &["dufs"],
        Options::gnu(
            "cbpa",
            &[
                "config",
                "bind",
                "port",
                "path-prefix",
                "hidden",
                "auth",
                "log-format",
                "log-file",
                "tls-cert",
                "tls-key",
                "assets",
                "compress",
            ],
        ),
        &[
            Carrier::ServesOperand(0),
            Carrier::ServesHere { unless: &[] },
            Carrier::ListensOn(Opt::Both('b', "bind")),
        ],
    ),
    tool(
        &["updog"],
        Options::gnu("dp", &["directory", "port", "password"]),
        &[
            Carrier::ServesOption(Opt::Both('d', "directory")),
            Carrier::ServesHere {
                unless: &[Opt::Both('d', "directory")],
            },
        ],
    ),
    tool(
        &["goshs"],
        Options::gnu(
            "ipdbc",
            &["ip", "port", "dir", "basic-auth", "webdav-port", "cert", "key"],
        ),
        &[
            Carrier::ServesOption(Opt::Both('d', "dir")),
            Carrier::ServesHere {
                unless: &[Opt::Both('d', "dir")],
            },
        ],
    ),
    // Without `--root`, `./public`.
    tool(
        &["static-web-server"],
        Options::gnu(
            "daplw",
            &["root", "host", "port", "log-level", "config-file", "page404", "page50x"],
        ),
        &[Carrier::ServesOption(Opt::Both('d', "root"))],
    ),
    tool(
        &["simple-http-server"],
        Options::gnu(
            "ptac",
            &[
                "port", "ip", "threads", "auth", "cert", "certpass", "compress", "try-file",
            ],
        ),
        &[Carrier::ServesOperand(0), Carrier::ServesHere { unless: &[] }],
    ),
    Entry {
        names: &["caddy"],
        subcommand: &["file-server"],
        options: Options::gnu("rld", &["root", "listen", "domain", "precompressed"]),
        carriers: &[
            Carrier::ServesOption(Opt::Both('r', "root")),
            Carrier::ServesHere {
                unless: &[Opt::Both('r', "root")],
            },
        ],
        inert: &[],
    },
    // `ngrok http file:///path` publishes a folder on the internet.
    Entry {
        names: &["ngrok"],
        subcommand: &["http"],
        options: NGROK_OPTIONS,
        carriers: &[Carrier::ServesPrefixed("file://")],
        inert: &[],
    },
    tool(
        &["man"],
        Options::gnu("CMPSmpLRe", &["pager", "config-file", "manpath", "sections", "systems"]),
        // A page named by a path (`man ./x.1`) is read from that file.
        &[shell_option(Opt::Both('P', "pager")), Carrier::ReadsOperand(usize::MAX)],
    ),
    // rclone's global `--password-command CMD` gives the configuration's password.
    tool(
        &["rclone"],
        Options::gnu("", &["password-command"]),
        &[shell_option(Opt::Long("password-command"))],
    ),
    // bat(1): `--pager CMD` is the command bat shows its output through (`BAT_PAGER` likewise).
    tool(
        &["bat", "batcat"],
        Options::gnu(
            "lmHr",
            &[
                "pager",
                "language",
                "map-syntax",
                "highlight-line",
                "line-range",
                "file-name",
                "diff-context",
                "tabs",
                "wrap",
                "terminal-width",
                "color",
                "italic-text",
                "decorations",
                "paging",
                "theme",
                "style",
                "ignored-suffix",
                "nonprintable-notation",
                "binary",
                "strip-ansi",
            ],
        ),
        &[shell_option(Opt::Long("pager"))],
    ),
    // Editors and clients given code on the command line.
    // `-s FILE` feeds keys from FILE; in Ex mode (`ex`, `-es`) `-s` is a flag for silence.
    tool(
        &["vim", "vi", "nvim", "gvim", "view", "rvim", "vimdiff"],
        Options::gnu("cSuUiTroswWt", &["cmd"]).single_dash(&["es", "Es"]),
        VIM,
    ),
    tool(&["ex"], Options::gnu("cSuUiTrowWt", &["cmd"]), VIM),
    tool(
        &["ex", "vim.tiny"],
        Options::gnu("cSuUiTroswWt", &["cmd"]),
        &[Carrier::Stdin(Language::Vim)],
    ),
    tool(
        &["emacs", "emacsclient"],
        Options::gnu(
            "lfLetd",
            &[
                "eval",
                "load",
                "funcall",
                "directory",
                "insert",
                "script",
                "socket-name",
            ],
        ),
        &[
            Carrier::OptionCode {
                option: Opt::Long("eval"),
                language: Language::Elisp,
            },
            Carrier::OptionCode {
                option: Opt::Both('e', "eval"),
                language: Language::Elisp,
            },
            Carrier::OptionScript {
                option: Opt::Both('l', "load"),
                language: Language::Elisp,
            },
            Carrier::OptionScript {
                option: Opt::Long("script"),
                language: Language::Elisp,
            },
        ],
    ),
    tool(
        &["ed", "red"],
        Options::gnu("p", &["prompt"]),
        &[Carrier::Stdin(Language::Ed)],
    ),
    tool(
        &["gdb", "gdb-multiarch", "cgdb"],
        Options::gnu(
            "xpcsed",
            &[
                "eval-command",
                "init-eval-command",
                "command",
                "init-command",
                "pid",
                "core",
                "directory",
            ],
        ),
        &[
            Carrier::OptionCode {
                option: Opt::Word("-ex"),
                language: Language::Debugger,
            },
            Carrier::OptionCode {
                option: Opt::Word("-iex"),
                language: Language::Debugger,
            },
            Carrier::OptionCode {
                option: Opt::Long("eval-command"),
                language: Language::Debugger,
            },
            Carrier::OptionCode {
                option: Opt::Long("init-eval-command"),
                language: Language::Debugger,
            },
            Carrier::OptionScript {
                option: Opt::Short('x'),
                language: Language::Debugger,
            },
            Carrier::OptionScript {
                option: Opt::Word("-ix"),
                language: Language::Debugger,
            },
            Carrier::OptionScript {
                option: Opt::Long("command"),
                language: Language::Debugger,
            },
        ],
    ),
    tool(
        &["lldb"],
        Options::gnu(
            "oOsSkKpnacf",
            &[
                "one-line",
                "one-line-before-file",
                "source",
                "source-before-file",
                "one-line-on-crash",
                "source-on-crash",
                "attach-pid",
                "attach-name",
                "arch",
                "core",
                "file",
            ],
        ),
        &[
            Carrier::OptionCode {
                option: Opt::Both('o', "one-line"),
                language: Language::Debugger,
            },
            Carrier::OptionCode {
                option: Opt::Both('O', "one-line-before-file"),
                language: Language::Debugger,
            },
            Carrier::OptionCode {
                option: Opt::Both('k', "one-line-on-crash"),
                language: Language::Debugger,
            },
            Carrier::OptionScript {
                option: Opt::Both('s', "source"),
                language: Language::Debugger,
            },
            Carrier::OptionScript {
                option: Opt::Both('S', "source-before-file"),
                language: Language::Debugger,
            },
        ],
    ),
    tool(
        &["sqlite3", "sqlite"],
        Options::gnu("", &[]),
        // The database file it opens is read (a browser's `Cookies` or `Login Data`).
        &[
            Carrier::ReadsOperand(0),
            Carrier::OperandCode {
                index: 1,
                language: Language::Sqlite,
                unless: &[],
            },
            Carrier::OptionCode {
                option: Opt::Word("-cmd"),
                language: Language::Sqlite,
            },
            Carrier::OptionScript {
                option: Opt::Word("-init"),
                language: Language::Sqlite,
            },
            Carrier::Stdin(Language::Sqlite),
        ],
    ),
    tool(
        &["psql"],
        Options::gnu(
            "cdfhLopPTUvF",
            &[
                "command",
                "dbname",
                "file",
                "host",
                "log-file",
                "output",
                "port",
                "pset",
                "username",
                "variable",
                "set",
                "field-separator",
            ],
        ),
        &[
            Carrier::OptionCode {
                option: Opt::Both('c', "command"),
                language: Language::Psql,
            },
            Carrier::OptionScript {
                option: Opt::Both('f', "file"),
                language: Language::Psql,
            },
            Carrier::Stdin(Language::Psql),
        ],
    ),
    tool(
        &["mysql", "mariadb"],
        Options::gnu(
            "eDhPuSp",
            &["execute", "database", "host", "port", "user", "socket", "init-command"],
        ),
        &[
            Carrier::OptionCode {
                option: Opt::Both('e', "execute"),
                language: Language::Mysql,
            },
            // SQL sent to the server on connecting.
            Carrier::OptionCode {
                option: Opt::Long("init-command"),
                language: Language::Mysql,
            },
            Carrier::Stdin(Language::Mysql),
        ],
    ),
    // Database clients whose SQL runs nothing this guard follows: read for the data it destroys.
    // DuckDB's options take their value as the next word, before or after the database
    // (`duckdb -c 'SQL' app.db`).
    tool(
        &["duckdb"],
        Options::gnu("cfs", &[]).single_dash(&["cmd=", "init=", "separator=", "newline=", "nullvalue="]),
        &[
            Carrier::OperandCode {
                index: 1,
                language: Language::Sql,
                unless: &[],
            },
            Carrier::OptionCode {
                option: Opt::Short('c'),
                language: Language::Sql,
            },
            Carrier::OptionCode {
                option: Opt::Short('s'),
                language: Language::Sql,
            },
            Carrier::OptionCode {
                option: Opt::Word("-cmd"),
                language: Language::Sql,
            },
            Carrier::OptionScript {
                option: Opt::Short('f'),
                language: Language::Sql,
            },
            Carrier::OptionScript {
                option: Opt::Word("-init"),
                language: Language::Sql,
            },
            Carrier::Stdin(Language::Sql),
        ],
    ),
    // sqlcmd's `-i` takes a comma-separated list of files, and go-sqlcmd's `--input-file` too
    // (a string slice: repeated, or comma-separated).
    tool(
        &["sqlcmd", "osql"],
        Options::gnu("SdUPQqiolthswacfkmvWYAL", &["input-file"]),
        &[
            Carrier::OptionCode {
                option: Opt::Short('Q'),
                language: Language::Sql,
            },
            Carrier::OptionCode {
                option: Opt::Short('q'),
                language: Language::Sql,
            },
            Carrier::OptionScriptList {
                option: Opt::Both('i', "input-file"),
                language: Language::Sql,
            },
            Carrier::Stdin(Language::Sql),
        ],
    ),
    tool(
        &["cqlsh"],
        Options::gnu(
            "eufkpb",
            &[
                "execute",
                "file",
                "username",
                "password",
                "keyspace",
                "cqlshrc",
                "encoding",
                "cqlversion",
                "protocol-version",
                "connect-timeout",
                "request-timeout",
            ],
        ),
        &[
            Carrier::OptionCode {
                option: Opt::Both('e', "execute"),
                language: Language::Sql,
            },
            Carrier::OptionScript {
                option: Opt::Both('f', "file"),
                language: Language::Sql,
            },
            Carrier::Stdin(Language::Sql),
        ],
    ),
    tool(
        &["clickhouse-client", "clickhouse-local"],
        CLICKHOUSE_OPTIONS,
        CLICKHOUSE_CARRIERS,
    ),
    Entry {
        names: &["clickhouse"],
        subcommand: &["client"],
        options: CLICKHOUSE_OPTIONS,
        carriers: CLICKHOUSE_CARRIERS,
        inert: &[],
    },
    Entry {
        names: &["clickhouse"],
        subcommand: &["local"],
        options: CLICKHOUSE_OPTIONS,
        carriers: CLICKHOUSE_CARRIERS,
        inert: &[],
    },
    tool(
        &["mycli"],
        Options::gnu(
            "hPpuDSe",
            &["host", "port", "user", "password", "database", "socket", "execute"],
        ),
        &[Carrier::OptionCode {
            option: Opt::Both('e', "execute"),
            language: Language::Mysql,
        }],
    ),
    // pgcli 4.3.1 runs SQL and exits with `-c`/`--command` and `-f`/`--file`, as psql does; its
    // prompt (prompt_toolkit 3) also reads statements piped in, as users script it
    // (dbcli/pgcli#1287).
    tool(
        &["pgcli"],
        Options::gnu(
            "hpUudDcf",
            &[
                "host",
                "port",
                "username",
                "user",
                "dbname",
                "dsn",
                "command",
                "file",
                "pgclirc",
                "prompt",
                "prompt-dsn",
                "row-limit",
                "log-file",
                "application-name",
                "ssh-tunnel",
                "init-command",
            ],
        ),
        &[
            Carrier::OptionCode {
                option: Opt::Both('c', "command"),
                language: Language::Psql,
            },
            Carrier::OptionCode {
                option: Opt::Long("init-command"),
                language: Language::Psql,
            },
            Carrier::OptionScript {
                option: Opt::Both('f', "file"),
                language: Language::Psql,
            },
            Carrier::Stdin(Language::Psql),
        ],
    ),
    tool(
        &["usql"],
        Options::gnu("cfoPvJ", &["command", "file", "out", "pset", "set", "variable"]),
        &[
            Carrier::OptionCode {
                option: Opt::Both('c', "command"),
                language: Language::Sql,
            },
            Carrier::OptionScript {
                option: Opt::Both('f', "file"),
                language: Language::Sql,
            },
        ],
    ),
    Entry {
        names: &["cockroach"],
        subcommand: &["sql"],
        options: Options::gnu(
            "edfu",
            &[
                "execute",
                "database",
                "file",
                "user",
                "url",
                "host",
                "port",
                "certs-dir",
                "format",
                "set",
            ],
        ),
        carriers: &[
            Carrier::OptionCode {
                option: Opt::Both('e', "execute"),
                language: Language::Sql,
            },
            Carrier::OptionScript {
                option: Opt::Both('f', "file"),
                language: Language::Sql,
            },
            Carrier::Stdin(Language::Sql),
        ],
        inert: &[],
    },
    tool(
        &["snowsql"],
        Options::gnu(
            "qfacudsrwho",
            &[
                "query",
                "filename",
                "accountname",
                "config",
                "username",
                "dbname",
                "schemaname",
                "rolename",
                "warehouse",
                "host",
                "option",
            ],
        ),
        &[
            Carrier::OptionCode {
                option: Opt::Both('q', "query"),
                language: Language::Sql,
            },
            Carrier::OptionScript {
                option: Opt::Both('f', "filename"),
                language: Language::Sql,
            },
        ],
    ),
    tool(
        &["trino", "presto"],
        Options::gnu(
            "f",
            &[
                "execute",
                "file",
                "server",
                "catalog",
                "schema",
                "user",
                "output-format",
                "session",
            ],
        ),
        &[
            Carrier::OptionCode {
                option: Opt::Long("execute"),
                language: Language::Sql,
            },
            Carrier::OptionScript {
                option: Opt::Both('f', "file"),
                language: Language::Sql,
            },
        ],
    ),
    Entry {
        names: &["bq"],
        subcommand: &["query"],
        options: Options::gnu("", &[]),
        carriers: &[
            Carrier::OperandCode {
                index: 0,
                language: Language::Sql,
                unless: &[],
            },
            Carrier::Stdin(Language::Sql),
        ],
        inert: &[],
    },
    // Cloud Spanner's SQL and DDL (`--sql`, `--ddl`), and Cloudflare D1's (`--command`): the
    // statements they run on the hosted database.
    Entry {
        names: &["gcloud"],
        subcommand: &["spanner", "databases", "execute-sql"],
        options: Options::gnu(
            "",
            &["sql", "instance", "project", "database-role", "query-mode", "timestamp"],
        ),
        carriers: &[Carrier::OptionCode {
            option: Opt::Long("sql"),
            language: Language::Sql,
        }],
        inert: &[],
    },
    Entry {
        names: &["gcloud"],
        subcommand: &["spanner", "databases", "ddl", "update"],
        options: Options::gnu("", &["ddl", "ddl-file", "instance", "project"]),
        carriers: &[Carrier::OptionCode {
            option: Opt::Long("ddl"),
            language: Language::Sql,
        }],
        inert: &[],
    },
    Entry {
        names: &["wrangler"],
        subcommand: &["d1", "execute"],
        options: Options::gnu("ec", &["command", "file", "env", "config", "persist-to"]),
        carriers: &[
            Carrier::OptionCode {
                option: Opt::Long("command"),
                language: Language::Sql,
            },
            Carrier::OptionScript {
                option: Opt::Long("file"),
                language: Language::Sql,
            },
        ],
        inert: &[],
    },
    // Prisma sends a script to the project's database as it is (`--file`, or standard input
    // with `--stdin`); Turso's shell runs the SQL operand after the database, or its input.
    Entry {
        names: &["prisma"],
        subcommand: &["db", "execute"],
        options: Options::gnu("", &["file", "url", "schema", "config"]),
        carriers: &[
            Carrier::OptionScript {
                option: Opt::Long("file"),
                language: Language::Sql,
            },
            Carrier::Stdin(Language::Sql),
        ],
        inert: &[],
    },
    Entry {
        names: &["turso"],
        subcommand: &["db", "shell"],
        options: Options::gnu("", &["instance", "location", "proxy"]),
        carriers: &[
            Carrier::OperandCode {
                index: 1,
                language: Language::Sql,
                unless: &[],
            },
            Carrier::Stdin(Language::Sql),
        ],
        inert: &[],
    },
    tool(
        &["litecli"],
        Options::gnu("DRle", &["database", "prompt", "logfile", "liteclirc", "execute"]),
        &[
            Carrier::OptionCode {
                option: Opt::Both('e', "execute"),
                language: Language::Sql,
            },
            Carrier::Stdin(Language::Sql),
        ],
    ),
    // More SQL clients: MySQL Shell (`--sql -e`), Oracle's sqlplus (its input, and the scripts
    // `@FILE` names), the ODBC and FreeTDS shells (their input), Hive's and Spark's (`-e`, `-f`), Impala's (`-q`), Vertica's vsql
    // (as psql), IBM's db2 (the statement as its operands, judged by the checker), Neo4j's
    // cypher-shell (Cypher as its operand, `-f`, its input), SurrealDB's `surreal sql` (its
    // input), and the RDS Data API (`aws rds-data execute-statement --sql`).
    tool(
        &["mysqlsh"],
        Options::gnu(
            "efuhPSD",
            &[
                "execute", "file", "user", "host", "port", "socket", "schema", "database", "uri",
            ],
        ),
        &[
            Carrier::OptionCode {
                option: Opt::Both('e', "execute"),
                language: Language::Mysql,
            },
            Carrier::OptionScript {
                option: Opt::Both('f', "file"),
                language: Language::Mysql,
            },
            Carrier::Stdin(Language::Mysql),
        ],
    ),
    tool(
        &["sqlplus"],
        Options::gnu("MRCUPSHpDIotrLi", &[]),
        &[
            Carrier::ScriptOperandsPrefixed {
                prefix: '@',
                extension: ".sql",
                language: Language::Sqlplus,
            },
            Carrier::Stdin(Language::Sqlplus),
        ],
    ),
    tool(
        &["isql", "tsql"],
        Options::gnu("MRCUPSHpDIotrLi", &[]),
        &[Carrier::Stdin(Language::Sql)],
    ),
    tool(
        &["beeline", "hive", "spark-sql"],
        Options::gnu(
            "efiudnpw",
            &[
                "hiveconf",
                "hivevar",
                "define",
                "database",
                "master",
                "deploy-mode",
                "class",
                "name",
                "jars",
                "packages",
                "conf",
                "driver-memory",
                "executor-memory",
                "num-executors",
                "executor-cores",
                "properties-file",
                "files",
                "queue",
                "property-file",
                "outputformat",
            ],
        ),
        &[
            Carrier::OptionCode {
                option: Opt::Short('e'),
                language: Language::Sql,
            },
            Carrier::OptionScript {
                option: Opt::Short('f'),
                language: Language::Sql,
            },
            Carrier::Stdin(Language::Sql),
        ],
    ),
    tool(
        &["impala-shell"],
        Options::gnu(
            "qfiduok",
            &[
                "query",
                "query_file",
                "impalad",
                "database",
                "user",
                "output_file",
                "var",
            ],
        ),
        &[
            Carrier::OptionCode {
                option: Opt::Both('q', "query"),
                language: Language::Sql,
            },
            Carrier::OptionScript {
                option: Opt::Both('f', "query_file"),
                language: Language::Sql,
            },
        ],
    ),
    tool(
        &["vsql"],
        Options::gnu(
            "cdfhpUwoFRvPC",
            &[
                "command", "dbname", "file", "host", "port", "username", "output", "variable", "set",
            ],
        ),
        &[
            Carrier::OptionCode {
                option: Opt::Both('c', "command"),
                language: Language::Sql,
            },
            Carrier::OptionScript {
                option: Opt::Both('f', "file"),
                language: Language::Sql,
            },
            Carrier::Stdin(Language::Sql),
        ],
    ),
    tool(
        &["db2"],
        Options::gnu("fzor", &[]),
        &[Carrier::OptionScript {
            option: Opt::Short('f'),
            language: Language::Sql,
        }],
    ),
    tool(
        &["cypher-shell"],
        Options::gnu(
            "aupdfP",
            &[
                "address",
                "uri",
                "username",
                "password",
                "database",
                "file",
                "format",
                "encryption",
                "param",
            ],
        ),
        &[
            Carrier::OperandCode {
                index: 0,
                language: Language::Sql,
                unless: &[],
            },
            Carrier::OptionScript {
                option: Opt::Both('f', "file"),
                language: Language::Sql,
            },
            Carrier::Stdin(Language::Sql),
        ],
    ),
    Entry {
        names: &["surreal"],
        subcommand: &["sql"],
        options: SURREAL_OPTIONS,
        carriers: &[Carrier::Stdin(Language::Sql)],
        inert: &[],
    },
    // `surreal import FILE` runs the SurrealQL statements of FILE.
    Entry {
        names: &["surreal"],
        subcommand: &["import"],
        options: SURREAL_OPTIONS,
        carriers: &[Carrier::FileOrStdin {
            index: 0,
            language: Language::Sql,
        }],
        inert: &[],
    },
    Entry {
        names: &["aws"],
        subcommand: &["rds-data", "execute-statement"],
        options: Options::gnu(
            "",
            &[
                "sql",
                "resource-arn",
                "secret-arn",
                "database",
                "schema",
                "parameters",
                "transaction-id",
                "region",
                "profile",
            ],
        ),
        carriers: &[Carrier::OptionCode {
            option: Opt::Long("sql"),
            language: Language::Sql,
        }],
        inert: &[],
    },
    Entry {
        names: &["aws"],
        subcommand: &["rds-data", "batch-execute-statement"],
        options: Options::gnu(
            "",
            &[
                "sql",
                "resource-arn",
                "secret-arn",
                "database",
                "schema",
                "parameter-sets",
                "transaction-id",
                "region",
                "profile",
            ],
        ),
        carriers: &[Carrier::OptionCode {
            option: Opt::Long("sql"),
            language: Language::Sql,
        }],
        inert: &[],
    },
    // MongoDB's shells run JavaScript: `--eval` code, a script named (`-f`, or operands ending
    // in `.js` after the database address), code piped in.
    tool(
        &["mongosh", "mongo"],
        Options::gnu(
            "uphf",
            &[
                "eval",
                "username",
                "password",
                "host",
                "port",
                "authenticationDatabase",
                "file",
                "apiVersion",
            ],
        ),
        &[
            Carrier::OptionCode {
                option: Opt::Long("eval"),
                language: Language::JavaScript,
            },
            Carrier::OptionScript {
                option: Opt::Both('f', "file"),
                language: Language::JavaScript,
            },
            Carrier::ScriptOperandsEnding {
                suffix: ".js",
                language: Language::JavaScript,
            },
            Carrier::Stdin(Language::JavaScript),
        ],
    ),
    tool(
        &["sed", "gsed"],
        Options::gnu("eflsE", &["expression", "file", "line-length", "separate"]),
        &[
            Carrier::OptionCode {
                option: Opt::Both('e', "expression"),
                language: Language::Sed,
            },
            Carrier::OptionScript {
                option: Opt::Both('f', "file"),
                language: Language::Sed,
            },
            Carrier::OperandCode {
                index: 0,
                language: Language::Sed,
                unless: &[Opt::Both('e', "expression"), Opt::Both('f', "file")],
            },
        ],
    ),
    tool(
        &["m4"],
        Options::gnu(
            "DUIsdlo",
            &["define", "undefine", "include", "debugfile", "debug", "arglength"],
        ),
        &[
            Carrier::Stdin(Language::M4),
            Carrier::FileOrStdin {
                index: 0,
                language: Language::M4,
            },
        ],
    ),
    tool(
        &["rpm", "rpmbuild", "rpmspec"],
        Options::gnu(
            "EDq",
            &[
                "eval",
                "define",
                "root",
                "dbpath",
                "macros",
                "rcfile",
                "queryformat",
                "qf",
                "pipe",
            ],
        ),
        &[
            Carrier::OptionCode {
                option: Opt::Both('E', "eval"),
                language: Language::RpmMacro,
            },
            // `--pipe CMD`: rpm's output goes to CMD, run by `/bin/sh -c`.
            Carrier::OptionShell {
                option: Opt::Long("pipe"),
                prefix: "",
            },
        ],
    ),
    tool(
        &[
            "tex", "latex", "pdflatex", "xelatex", "lualatex", "luatex", "etex", "pdftex", "xetex", "amstex", "context",
        ],
        Options::gnu(
            "",
            &[
                "output-directory",
                "jobname",
                "interaction",
                "output-format",
                "aux-directory",
            ],
        ),
        &[Carrier::OperandPrefix {
            prefix: "\\",
            keep: true,
            language: Language::Tex,
        }],
    ),
    tool(
        &["gnuplot"],
        Options::gnu("ec", &["persist", "default-settings"]),
        &[
            Carrier::OptionCode {
                option: Opt::Short('e'),
                language: Language::Gnuplot,
            },
            Carrier::OptionScript {
                option: Opt::Short('c'),
                language: Language::Gnuplot,
            },
        ],
    ),
];
