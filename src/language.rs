//! The languages of code a command can run, and which programs run which.

/// The language of code a command runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Language {
    Shell,
    Python,
    /// JavaScript as node, deno and bun run it.
    JavaScript,
    Ruby,
    Perl,
    Php,
    Lua,
    Awk,
    /// IPython: Python with `!` lines run by the shell.
    IPython,
    /// Languages read for their escapes only (see `interpreters/escapes.rs`): the constructs
    /// that run a shell command, delete a file, or run code nobody can read.
    R,
    Julia,
    /// Tcl, as `tclsh`, `wish` and `expect` run it.
    Tcl,
    Elixir,
    Erlang,
    Groovy,
    AppleScript,
    /// Vim's Ex commands (`vim -c`, `+cmd`, `-S`, `ex` scripts).
    Vim,
    /// Emacs Lisp (`emacs --eval`, `-l`).
    Elisp,
    /// Debugger commands (`gdb -ex`, `lldb -o`).
    Debugger,
    /// sqlite3's SQL and dot-commands.
    Sqlite,
    /// psql's SQL and backslash commands.
    Psql,
    /// mysql's SQL and client commands.
    Mysql,
    /// Oracle SQL*Plus's SQL and commands: `@FILE`, `@@FILE` and `START FILE` run a script,
    /// `HOST CMD` (or `!CMD`) runs a shell command.
    Sqlplus,
    /// SQL of the other database clients (`sqlcmd`, `cqlsh`, `clickhouse-client`, `duckdb`…),
    /// read for the data it destroys: none of their commands runs a program.
    Sql,
    /// ed's commands.
    Ed,
    /// sed scripts.
    Sed,
    M4,
    /// TeX source, with `\write18` when shell escape is on.
    Tex,
    Gnuplot,
    /// rpm's macro language (`rpm --eval`).
    RpmMacro,
    /// A cron table: one command per job line.
    Crontab,
    /// An incron table (incrontab(5)): `PATH MASK COMMAND` lines, the command run through
    /// `sh -c` when the file event happens.
    Incrontab,
    /// Make: recipe lines and `$(shell …)`.
    Make,
    /// CMake scripts (`cmake -P`): `execute_process`, `file(REMOVE_RECURSE …)`.
    Cmake,
    /// Haskell (`ghc -e`, `runghc`, `ghci`): `callCommand`, `system`, `removeDirectoryRecursive`.
    Haskell,
    /// Octave and MATLAB code (`octave --eval`): `system()`, `unix()`, `rmdir(…, "s")`.
    Octave,
    /// Puppet manifests (`puppet apply -e`): `exec` resources.
    Puppet,
    /// Chef recipes (`chef-apply -e`): Ruby, with resources that run commands (`execute`,
    /// `bash`'s `code`) or delete files (`directory … action :delete`).
    Chef,
    /// C# and F# scripts (`dotnet fsi`, `csi`): `Process.Start`, `Directory.Delete`.
    Dotnet,
    /// bpftrace programs: `system("cmd")`, allowed with `--unsafe`.
    Bpftrace,
    /// File-transfer client commands (sftp, ftp, smbclient, lftp batches): `!CMD` runs locally,
    /// `get REMOTE LOCAL` writes LOCAL, `put LOCAL` reads and sends LOCAL.
    Transfer,
    /// Lisp and Scheme (`clisp -x`, `sbcl --eval`, `guile -c`): `run-shell-command`, `system`.
    Lisp,
    /// Elvish's own syntax (`elvish -c`), read besides its commands, which are read as shell:
    /// blocks, output captures, namespaced commands and variables, and `&key=value` options
    /// have no shell reading, so code that uses them asks.
    Elvish,
    /// pic pictures (`pic -U`): `sh "cmd"` runs a command, `copy "file"` reads one.
    Pic,
    /// roff documents (`groff -U`, `nroff -U`): `.sy`, `.pso` and `.pi` run commands.
    Roff,
    /// Apache configuration (`apache2ctl -c`, `-f`): `Include` reads, `LoadModule` loads,
    /// piped logs (`ErrorLog "|cmd"`) run commands.
    ApacheConf,
    /// nginx configuration (`nginx -c`, `-g`): `load_module` and `ssl_engine` load libraries.
    NginxConf,
    /// Terraform's expression language (`terraform console`): `file()` reads.
    Hcl,
    /// ffmpeg filter graphs (`-af`, `-vf`, `-lavfi`): LADSPA, LV2 and frei0r plugins load
    /// libraries.
    FfmpegFilter,
    /// DOSBox commands (`dosbox -c`): `mount` gives DOS commands a host folder to write.
    Dosbox,
    /// Redis commands, one a line, as `redis-cli` reads them from its input: judged by the
    /// database checker for the data they destroy; none of them runs a program here.
    Redis,
    /// PowerShell (`pwsh -Command`, `-EncodedCommand`, `.ps1` scripts), read on its grammar: its
    /// cmdlets, aliases, native commands, script blocks and .NET calls.
    PowerShell,
    /// Windows' `cmd.exe` command lines (`cmd /c`): its built-in commands (`rd /s`, `del`,
    /// `format`), `%VAR%` expansion and `&`, `&&`, `||`, `|` chains.
    Cmd,
    /// procmail recipes: `| cmd` actions and backquoted assignments run commands.
    Procmail,
    /// rsyslog configuration: `omprog` binaries and `^program` actions run, modules load.
    Rsyslog,
    /// WireGuard configurations for `wg-quick`: `PreUp`, `PostUp`, `PreDown`, `PostDown` run.
    WgQuick,
    /// systemd units: `ExecStart=` and the other `Exec…=` lines run.
    SystemdUnit,
    /// rtorrent configuration (`-o`, `.rtorrent.rc`): `execute…` and scheduled methods run.
    Rtorrent,
    /// Bacula console commands (`bconsole`): `@exec` runs, `@output` writes, `@input` reads.
    Bconsole,
    /// UrJTAG commands (`jtag`): `shell` runs a command.
    UrJtag,
    /// scanmem commands: `shell` runs a command.
    Scanmem,
    /// S-Lang (`slsh`): `system()` runs a command.
    SLang,
    /// sysctl settings: a `kernel.core_pattern` starting with `|` is a program the kernel runs
    /// as root on every crash.
    Sysctl,
    /// The dynamic linker's folder lists (`ldconfig -f FILE`): each folder's libraries are then
    /// loaded by every program.
    LdConf,
    /// Go source run by `go run FILE.go`: `exec.Command`, `os.RemoveAll`, `os.ReadFile`.
    Go,
    /// Java and the JVM's script engines (`jshell`, `jjs`, `jrunscript -e`):
    /// `Runtime.exec`, `ProcessBuilder`, jrunscript's `exec()`.
    Java,
}

/// A program name with a Python interpreter's version dropped (`python3.11`, `pypy3` are
/// `python`), so that tables naming `python` describe them all; any other name as it is.
pub fn without_python_version(name: &str) -> &str {
    match Language::of_interpreter(name) {
        Some(Language::Python) if name != "py" && !matches!(name, "python2" | "python3") => "python",
        _ => name,
    }
}

impl Language {
    /// The language an interpreter of this program name runs.
    pub fn of_interpreter(name: &str) -> Option<Language> {
        let versioned = |prefix: &str| {
            name.strip_prefix(prefix)
                .is_some_and(|version| version.chars().all(|c| c.is_ascii_digit() || c == '.'))
        };
        Some(match name {
            _ if versioned("python") || versioned("pypy") || name == "py" => Language::Python,
            "node" | "nodejs" | "deno" | "bun" => Language::JavaScript,
            _ if versioned("ruby") => Language::Ruby,
            _ if versioned("perl") => Language::Perl,
            _ if versioned("php") => Language::Php,
            _ if versioned("lua") || versioned("luajit") => Language::Lua,
            "awk" | "gawk" | "mawk" | "nawk" | "busybox-awk" => Language::Awk,
            _ => return None,
        })
    }

    /// Whether programs in this language are mostly data (a sed script, SQL, a plot): code only
    /// known when the command runs (`sed -i "$script" f`) is not asked about, for what the walk
    /// cannot read is far more often data than a command.
    pub fn is_mostly_data(self) -> bool {
        matches!(
            self,
            Language::Sed
                | Language::Sqlite
                | Language::Psql
                | Language::Sql
                | Language::Mysql
                | Language::Sqlplus
                | Language::Gnuplot
                | Language::M4
                | Language::Tex
                | Language::Vim
                | Language::Pic
                | Language::Roff
                | Language::ApacheConf
                | Language::NginxConf
                | Language::Hcl
                | Language::FfmpegFilter
                | Language::Dosbox
                | Language::Redis
                | Language::Sysctl
        )
    }

    /// The language a `#!` line names (`#!/usr/bin/env python3`, `#!/bin/bash -e`).
    pub fn of_shebang(line: &str) -> Option<Language> {
        let line = line.strip_prefix("#!")?.trim();
        let mut words = line.split_whitespace();
        let mut program = words.next()?.rsplit('/').next()?;
        if program == "env" {
            program = words.find(|w| !w.starts_with('-') && !w.contains('='))?;
        }
        if is_shell(program) {
            return Some(Language::Shell);
        }
        Language::of_interpreter(program).or_else(|| Language::of_escaping_program(program))
    }

    /// The language of a program read for its escapes when it runs a script (`#!/usr/bin/env
    /// Rscript`).
    fn of_escaping_program(name: &str) -> Option<Language> {
        Some(match name {
            "Rscript" | "R" => Language::R,
            "julia" => Language::Julia,
            "tclsh" | "wish" | "expect" => Language::Tcl,
            "elixir" => Language::Elixir,
            "escript" => Language::Erlang,
            "groovy" => Language::Groovy,
            "osascript" => Language::AppleScript,
            "ipython" | "ipython3" => Language::IPython,
            "gnuplot" => Language::Gnuplot,
            "sed" => Language::Sed,
            "runghc" | "runhaskell" => Language::Haskell,
            "octave" | "octave-cli" => Language::Octave,
            "jshell" | "jjs" | "jrunscript" => Language::Java,
            _ => return None,
        })
    }
}

/// Shells that take `-c`, a script, or standard input.
const SHELLS: &[&str] = &[
    "sh",
    "bash",
    "zsh",
    "dash",
    "ksh",
    "mksh",
    "pdksh",
    "ash",
    "fish",
    "rbash",
    "yash",
    "tcsh",
    "csh",
    "busybox-sh",
];

/// The shells, for the README's registry table.
pub fn shells() -> &'static [&'static str] {
    SHELLS
}

/// Whether `name` is a shell that runs `-c` strings, scripts and standard input.
pub fn is_shell(name: &str) -> bool {
    SHELLS.contains(&name)
}
