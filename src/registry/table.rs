//! The registry's table: programs described as data, each with the *carriers* of what it runs
//! (its argv after some operands, an option whose value is shell code, code on standard
//! input…), read by one engine. The family files (`launchers.rs`, `terminals.rs`…) hold the
//! entries; [`executions`] applies the entry of a command.

use super::Execution;
use crate::args::{self, Arg, Options, Parsed};
use crate::command::Command;
use crate::language::Language;
use crate::source::Span;
use crate::word::{Part, Word};

/// One program (or subcommand of one) and what it runs.
pub struct Entry {
    pub names: &'static [&'static str],
    /// The subcommand words that select this entry (`["exec"]` for `docker exec`); empty for
    /// the program itself. Options before them are the program's global options.
    pub subcommand: &'static [&'static str],
    /// The options that take a value, and whether options end at the first operand.
    pub options: Options,
    pub carriers: &'static [Carrier],
    /// Options after which it runs nothing (`crontab -l`, `at -l`).
    pub inert: &'static [Opt],
}

/// An option, by its short letter, its long name (without dashes), both, or a word written
/// exactly (`-ex` of gdb, `-eval` of erl: long options with one dash).
#[derive(Clone, Copy, Debug)]
pub enum Opt {
    Short(char),
    Long(&'static str),
    Both(char, &'static str),
    Word(&'static str),
}

impl Opt {
    fn matches(self, arg: &Arg) -> bool {
        match self {
            Opt::Short(flag) => arg.is_short(flag),
            Opt::Long(name) => arg.is_long(name),
            Opt::Both(flag, name) => arg.is_short(flag) || arg.is_long(name),
            Opt::Word(_) => false,
        }
    }

    /// Whether the option is given.
    fn given(self, parsed: &Parsed, rest: &[Word]) -> bool {
        match self {
            Opt::Word(word) => rest.iter().any(|w| w.is(word)),
            _ => parsed.args.iter().any(|arg| self.matches(arg)),
        }
    }

    /// The values given to the option, in order.
    fn values<'a>(self, parsed: &Parsed<'a>, rest: &'a [Word]) -> Vec<Word> {
        match self {
            // `-pdflatex CMD` or `-pdflatex=CMD`.
            Opt::Word(word) => rest
                .iter()
                .enumerate()
                .filter_map(|(index, w)| {
                    if w.is(word) {
                        return rest.get(index + 1).cloned();
                    }
                    let joined = w.text().strip_prefix(word)?.strip_prefix('=')?;
                    Some(w.strip_prefix(w.text().len() - joined.len()))
                })
                .collect(),
            _ => parsed
                .args
                .iter()
                .filter(|arg| self.matches(arg))
                .filter_map(|arg| arg.value().cloned())
                .collect(),
        }
    }

    /// Where the option is in `rest`, when it is a word of its own (`xterm -e cmd…`).
    fn position(self, rest: &[Word]) -> Option<usize> {
        rest.iter().position(|w| match self {
            Opt::Short(flag) => w.is(&format!("-{flag}")),
            Opt::Long(name) => w.is(&format!("--{name}")),
            Opt::Both(flag, name) => w.is(&format!("-{flag}")) || w.is(&format!("--{name}")),
            Opt::Word(word) => w.is(word),
        })
    }

    /// How the option is written, for `explain` (`-c`, `--command`).
    pub fn spelled(self) -> String {
        match self {
            Opt::Short(flag) => format!("-{flag}"),
            Opt::Long(name) | Opt::Both(_, name) => format!("--{name}"),
            Opt::Word(word) => word.to_owned(),
        }
    }
}

/// Where a program carries something it runs.
#[derive(Clone, Copy, Debug)]
pub enum Carrier {
    /// The operands from the `skip`-th on (counting from 0, after the subcommand) are a
    /// command's argv: `setsid cmd`, `cpulimit -l 50 cmd`, `docker exec box cmd` (skip 1).
    Argv { skip: usize },
    /// The words after `--` are a command's argv (`zellij run -- cmd`).
    AfterDoubleDash,
    /// The words after an option are a command's argv (`xterm -e cmd…`,
    /// `nix shell … --command cmd…`).
    ArgvAfter(Opt),
    /// The value of an option is a program and its arguments separated by commas, run before
    /// the program's own tools (`gcc -wrapper /bin/sh,-c,CMD`).
    CommaArgvOption(Opt),
    /// Every program in the folder at operand `index` runs (`run-parts DIR`): none is read, so
    /// the command asks.
    RunsFolder(usize),
    /// Every program or script in the folder an option names runs (`facter --custom-dir DIR`).
    RunsFolderOption(Opt),
    /// The words after `--` are a shell's arguments (`capsh -- -c CMD` runs `bash -c CMD`).
    ShellAfterDoubleDash,
    /// The value of an option binds keys to actions; the listed actions run their argument as
    /// shell code, written `action(CMD)` or `action:CMD` (`fzf --bind 'enter:execute(CMD)'`).
    OptionActions {
        option: Opt,
        actions: &'static [&'static str],
    },
    /// The value of an option is a D-Bus address; `unixexec:path=P,argv1=A,…` runs P with
    /// those arguments (`busctl --address=unixexec:…`).
    UnixExecAddress(Opt),
    /// Any argument (an operand, or an option's value) that starts with `prefix` names a file
    /// the program reads, the prefix removed (`aws … file://x.json`, `yelp man:PATH`).
    ReadsPrefixed(&'static str),
    /// The same for a file the program writes (`socat - CREATE:FILE`).
    WritesPrefixed(&'static str),
    /// The value of an option is a program, run with the words after `--` as its arguments
    /// (`start-stop-daemon --exec PROG -- ARGS`).
    ProgramOption(Opt),
    /// The value of an option is a setting `KEY=VALUE` whose value is shell code when KEY matches
    /// one of `keys` (`*` stands for one dot-separated part; a key ending in `!` holds code only
    /// when the value starts with `!`, which is removed): `hg --config hooks.pre-x=CMD`.
    OptionSetting { option: Opt, keys: &'static [&'static str] },
    /// The value of an option is a TOML setting `KEY=VALUE` (`cargo --config`), keys matched as
    /// for [`Carrier::OptionSetting`]. For one of `programs`, VALUE is a program's path
    /// (`build.rustc-wrapper="x.sh"`); for one of `command_lines`, a program and its arguments:
    /// a string split on whitespace, or an array of strings (`target.*.runner="wine --x"`).
    TomlSettingArgv {
        option: Opt,
        programs: &'static [&'static str],
        command_lines: &'static [&'static str],
    },
    /// Two settings of an option run a program: `program=P` names it and `arguments=A` holds its
    /// arguments, split as a shell splits words (`mvn -Dexec.executable=P -Dexec.args='…'`).
    SettingsArgv {
        option: Opt,
        program: &'static str,
        arguments: &'static str,
    },
    /// The operand at `index` is a JSON object whose `command` and `args` are a program and its
    /// arguments (an MCP server's definition: `claude mcp add-json NAME JSON`).
    JsonCommandOperand { index: usize },
    /// Each value of an option is such JSON (`code --add-mcp '{"name":…,"command":…}'`).
    JsonCommandOption(Opt),
    /// The words after an option are one of the program's own commands, each judged as the
    /// command its row spells followed by the same arguments (`cmake -E remove_directory D` as
    /// `rm -rf D`); any other word there is a program, run with the words after it.
    OwnCommandsAfter {
        option: Opt,
        commands: &'static [(&'static str, &'static [&'static str])],
    },
    /// The value of an option is shell code (`fish -c`, `hyperfine --prepare`); with a prefix,
    /// only values that start with it, which is removed (`--checkpoint-action=exec=`).
    OptionShell { option: Opt, prefix: &'static str },
    /// The operands from `skip` on, joined by spaces, are shell code (`ssh host cmd`).
    JoinedShell { skip: usize },
    /// Each operand from `skip` on is shell code of its own (`hyperfine 'cmd1' 'cmd2'`).
    EachOperandShell { skip: usize },
    /// The value of an option is code in a language (`Rscript -e`, `vim -c`).
    OptionCode { option: Opt, language: Language },
    /// The operand at `index` is code in a language (`sqlite3 db 'SQL'`), unless one of the
    /// `unless` options gives the code instead (`sed -e`).
    OperandCode {
        index: usize,
        language: Language,
        unless: &'static [Opt],
    },
    /// The operand at `index` is code in a language only when `option` is given (`elvish -c
    /// CODE`, where `-c` takes no value and the first operand is the code, not a script).
    OperandCodeWith {
        index: usize,
        option: Opt,
        language: Language,
    },
    /// Operands that start with `prefix` (compared without case) are code in a language, the
    /// prefix removed unless `keep` (`socat EXEC:cmd`, `pdflatex '\write18{…}'`).
    OperandPrefix {
        prefix: &'static str,
        keep: bool,
        language: Language,
    },
    /// Operands that start with `+` are code in a language (`vim +cmd`).
    PlusCode(Language),
    /// Code in a language read from standard input (`at`), unless a script option is given.
    Stdin(Language),
    /// The operand at `index` names a file of code in a language, read from standard input
    /// when it is `-` or missing (`crontab FILE`, `crontab -`).
    FileOrStdin { index: usize, language: Language },
    /// The value of an option names a file of code in a language (`at -f`, `gdb -x`).
    OptionScript { option: Opt, language: Language },
    /// The value of an option names files of code in a language, separated by commas
    /// (`sqlcmd -i setup.sql,seed.sql`).
    OptionScriptList { option: Opt, language: Language },
    /// The value of an option is a program whose input and output are the network connection
    /// (`nc -e /bin/sh`): a shell or interpreter there is run by whoever connects.
    NetworkProgram(Opt),
    /// The value of an option is a script the program runs with its own interpreter, its input
    /// and output the network connection (`ncat --lua-exec FILE`): run for whoever connects.
    NetworkScript(Opt),
    /// Operands with `prefix` are a program run with the connection another operand opens
    /// (`socat TCP:host:port EXEC:bash`).
    NetworkOperand { prefix: &'static str },
    /// The operands are a program, with its arguments, that the program serves to whoever
    /// connects (`ttyd bash`, `gotty -w bash`, `systemd-socket-activate -l 4444 --inetd sh`).
    ServedOperands,
    /// The value of an option is a library the program loads into itself: its code cannot be
    /// read, so the command asks.
    LoadsLibrary(Opt),
    /// Any argument that starts with `prefix` names a library the program loads, the prefix
    /// removed (`java -agentpath:./x.so`, `-javaagent:x.jar`): asks unless it is the system's.
    LoadsPrefixed(&'static str),
    /// The value of an option is a folder the program loads libraries or plugins from
    /// (`--plugin-dir`, `--library-path`): asks unless it is one of the system's.
    LoadsFrom(Opt),
    /// The value of an option is a file the program writes (`sort -o`, `openssl -out`).
    WritesOption(Opt),
    /// The operand at `index` is a file the program writes (`usize::MAX`: the last one).
    WritesOperand(usize),
    /// Every operand is a file the program overwrites (`shred FILE…`).
    WritesOperands,
    /// Each operand is read, and rewritten in place (`gzip f` replaces f, `rustfmt f` reformats
    /// it) unless one of `unless` is given (`gzip -c`, `rustfmt --check`).
    RewritesOperands { unless: &'static [Opt] },
    /// The operand at `index` is written only when `option` is given (`msgmerge -U def.po`).
    WritesOperandWith { index: usize, option: Opt },
    /// The value of an option is a file the program reads and may show (`-in`, `--file`).
    ReadsOption(Opt),
    /// The operand at `index` is a file the program reads and may show (`usize::MAX`: each).
    ReadsOperand(usize),
    /// The operand at `index` names a file of code in a language that the program runs (`wg-quick
    /// up FILE`, `procmail RCFILE`): read when it is on disk or written earlier in the command.
    OperandScript { index: usize, language: Language },
    /// Each operand ending in `suffix` names a file of code in a language that the program runs,
    /// after any other operand (`mongosh app x.js`, where `app` is the database).
    ScriptOperandsEnding { suffix: &'static str, language: Language },
    /// Each operand starting with `prefix` names, after it (written once or twice: sqlplus's
    /// `@@FILE`), a file of code the program runs; `extension` is added to a name without one
    /// (`sqlplus user/pw @drop` runs `drop.sql`).
    ScriptOperandsPrefixed {
        prefix: char,
        extension: &'static str,
        language: Language,
    },
    /// The value of an option that starts with `prefix` names a file of code (`tshark -X
    /// lua_script:FILE`).
    OptionScriptPrefixed {
        option: Opt,
        prefix: &'static str,
        language: Language,
    },
    /// Each operand is a folder whose file `file` the program runs, in a language
    /// (`easy_install DIR` runs DIR/setup.py): read when it is on disk or written earlier.
    FolderScript { file: &'static str, language: Language },
    /// Each operand is a library, or a folder of them, that the program makes programs load
    /// (`ldconfig DIR`): their code cannot be read, so the command asks.
    LoadsOperands,
    /// Operands that end with one of `suffixes`, or are URLs, are packages the program installs:
    /// their install scripts run and cannot be read (`dnf install ./x.rpm`), so the command asks.
    InstallsPackages { suffixes: &'static [&'static str] },
    /// A first operand that is a path (has a `/`) is a program run with the operands after it
    /// (`service ../../bin/sh`); a plain name is a system service.
    PathArgv,
    /// A subcommand runs the program `prefix` + subcommand, with the words after it (`zypper x`
    /// runs `zypper-x` from `PATH`).
    SubcommandProgram { prefix: &'static str },
    /// The value of an option is a file the program sends to a network peer (`ab -p FILE`).
    SendsOption(Opt),
    /// The operand at `index` is a file the program sends (`usize::MAX`: each operand).
    SendsOperand(usize),
    /// The value of `option` is a file the program sends when one of `with` is given (`logger
    /// -f FILE` to the server `-n` names; without it the message stays in the local log).
    SendsOptionWith { option: Opt, with: &'static [Opt] },
    /// Any argument that starts with `prefix` names a file the program sends, the prefix removed
    /// (`swaks --attach @FILE`).
    SendsPrefixed(&'static str),
    /// The operands are files or folders sent to a remote place another operand names: a URL
    /// (`s3://bucket/`, `https://…`, `sftp://host/x`) or `[user@]host:path`, or, with
    /// `aliases`, any name not written as a local path (`mc cp F alias/bucket/`, where the first
    /// part is a configured server). A copy sends the operands before its last when that one is
    /// remote (`s5cmd cp F s3://b/`; not `s5cmd cp s3://b/k F`, which fetches); a synchroniser
    /// (`both_ways`) sends each local operand when any other is remote (`unison ~ ssh://h//x`).
    SendsToRemote { aliases: bool, both_ways: bool },
    /// The value of an option is a folder the program publishes on the network (`busybox httpd
    /// -h DIR`): every file under it is readable by whoever connects.
    ServesOption(Opt),
    /// The operand at `index` is a folder or file it publishes (`usize::MAX`: each operand).
    ServesOperand(usize),
    /// Given no operand and none of `unless`, it publishes the folder it runs in
    /// (`http-server`, `busybox httpd` without `-h`).
    ServesHere { unless: &'static [Opt] },
    /// Any argument that starts with `prefix` names a folder or file it publishes, the prefix
    /// removed (`ngrok http file:///srv/site`).
    ServesPrefixed(&'static str),
    /// The value of `option` is an address the program listens on (each, given more than once
    /// or as a list: `-b 127.0.0.1,::1`): when all are the loopback address (`127.0.0.1`, `::1`,
    /// `localhost`), only this machine reaches what it serves, and it publishes nothing
    /// (`miniserve -i 127.0.0.1 ~`).
    ListensOn(Opt),
    /// The program opens this machine to a remote party, who can run commands and move files
    /// here (`code tunnel`): judged like a reverse shell, unless its first operand is one of
    /// `unless` (`code tunnel status`).
    RemoteAccess { unless: &'static [&'static str] },
    /// Each operand is a process whose memory the program copies to a file (`gcore PID`): the
    /// secrets it holds with it, which cannot be known in advance.
    DumpsProcessMemory,
    /// The operands before the first of the words `stops` are files it reads (`zip x.zip FILE…
    /// -x PATTERN…`).
    ReadsOperandsBefore { stops: &'static [&'static str] },
    /// Each operand is a file read when one of `options` is given (`tar -c FILE…`), relative
    /// to the folder `folder` names when given (`tar -C ~ -c .ssh`).
    ReadsOperandsWith {
        options: &'static [Opt],
        folder: Option<Opt>,
    },
    /// The value of `option` is a file or folder written when one of `with` is given (`tar -x
    /// -C DIR`).
    WritesOptionWith { option: Opt, with: &'static [Opt] },
    /// The value of `option` is a file written unless one of `unless` is given (`ssh-keygen -f
    /// KEY` makes KEY anew, where `-l` and `-y` only read it).
    WritesOptionUnless { option: Opt, unless: &'static [Opt] },
    /// A download: the last operand is a local file or folder the program writes when an operand
    /// before it is remote, named as for [`Carrier::SendsToRemote`] (`gsutil cp gs://b/k F`,
    /// `rclone copyto remote:x F`, `mc cp alias/bucket/k ./F` with `aliases`).
    WritesFetched { aliases: bool },
    /// The value of `option` names an archive on a remote host when it is `[user@]host:path`
    /// (`tar -f host:x.tar`): with one of `creating`, the operands are sent there; otherwise
    /// what is extracted comes from there.
    RemoteArchive { option: Opt, creating: &'static [Opt] },
    /// Its arguments are sent to a network peer as text (`finger TEXT@host`, `whois -h host
    /// TEXT`): a secret substituted into them leaves the machine.
    SendsArguments,
    /// The operands from the `skip`-th on are the command a new container runs, where a path
    /// under a bind mount (`-v HOST:CTR`, `--mount type=bind,source=HOST,target=CTR`) is the
    /// host's path: `docker run -v ~/:/h img rm -rf /h` deletes the home folder. A read-only
    /// mount changes nothing on the host.
    ContainerArgv { skip: usize, runtime: Runtime },
}

/// How a container runtime's command line gives the container host folders and its command.
#[derive(Clone, Copy, Debug)]
pub enum Runtime {
    /// `docker run`, `podman run`: folders bound by `-v` and `--mount`; the image's entrypoint
    /// (or `--entrypoint`) runs the arguments, which are the command when it has none.
    Docker,
    /// `ctr run`: folders bound by `--mount`; the arguments are the whole command.
    Containerd,
    /// `apptainer exec`: folders bound by `-B` and `--mount`; the home folder, the working
    /// directory and /tmp are the host's unless `--contain` (or `--no-home`, `--no-mount`)
    /// says otherwise; the arguments are the command.
    Apptainer,
    /// `apptainer run`: as `exec`, but the image's runscript (an OCI image's entrypoint) runs
    /// the arguments.
    ApptainerRun,
}

impl Carrier {
    /// The language of the code the carrier holds, when it holds code.
    pub fn language(self) -> Option<Language> {
        match self {
            Carrier::OptionShell { .. }
            | Carrier::JoinedShell { .. }
            | Carrier::EachOperandShell { .. }
            | Carrier::ShellAfterDoubleDash
            | Carrier::OptionSetting { .. }
            | Carrier::OptionActions { .. } => Some(Language::Shell),
            Carrier::OptionCode { language, .. }
            | Carrier::OperandCode { language, .. }
            | Carrier::OperandCodeWith { language, .. }
            | Carrier::OperandPrefix { language, .. }
            | Carrier::PlusCode(language)
            | Carrier::Stdin(language)
            | Carrier::FileOrStdin { language, .. }
            | Carrier::OperandScript { language, .. }
            | Carrier::ScriptOperandsEnding { language, .. }
            | Carrier::ScriptOperandsPrefixed { language, .. }
            | Carrier::FolderScript { language, .. }
            | Carrier::OptionScriptPrefixed { language, .. }
            | Carrier::OptionScript { language, .. }
            | Carrier::OptionScriptList { language, .. } => Some(language),
            _ => None,
        }
    }

    /// What the carrier is, for the README's registry table.
    pub fn describe(self) -> String {
        match self {
            Carrier::Argv { skip: 0 } => "its arguments are a command".into(),
            Carrier::Argv { skip } => format!("a command after {skip} operand(s)"),
            Carrier::AfterDoubleDash => "a command after `--`".into(),
            Carrier::ArgvAfter(option) => format!("a command after `{}`", option.spelled()),
            Carrier::OptionShell { option, prefix: "" } => format!("`{}` is shell code", option.spelled()),
            Carrier::OptionShell { option, prefix } => {
                format!("`{}={prefix}…` is shell code", option.spelled())
            }
            Carrier::CommaArgvOption(option) => {
                format!("`{}` is a program and its arguments, comma-separated", option.spelled())
            }
            Carrier::RunsFolder(index) => format!("runs every program in the folder operand #{}", index + 1),
            Carrier::RunsFolderOption(option) => {
                format!("runs every program in the folder `{}` names", option.spelled())
            }
            Carrier::ShellAfterDoubleDash => "a shell's arguments after `--`".into(),
            Carrier::OptionActions { option, actions } => {
                format!("`{}` actions {} run shell code", option.spelled(), actions.join(", "))
            }
            Carrier::UnixExecAddress(option) => format!("`{}=unixexec:…` runs a program", option.spelled()),
            Carrier::ReadsPrefixed(prefix) => format!("reads the files `{prefix}…` names"),
            Carrier::WritesPrefixed(prefix) => format!("writes the files `{prefix}…` names"),
            Carrier::ProgramOption(option) => {
                format!("`{}` is a program run with the words after `--`", option.spelled())
            }
            Carrier::OptionSetting { option, keys } => {
                format!("`{} KEY=…` is shell code for {}", option.spelled(), keys.join(", "))
            }
            Carrier::TomlSettingArgv {
                option,
                programs,
                command_lines,
            } => format!(
                "`{} KEY=…` is a program for {}, a program and its arguments for {}",
                option.spelled(),
                programs.join(", "),
                command_lines.join(", ")
            ),
            Carrier::SettingsArgv {
                option,
                program,
                arguments,
            } => format!(
                "`{0} {program}=PROGRAM {0} {arguments}=ARGS` runs the program",
                option.spelled()
            ),
            Carrier::JsonCommandOperand { index } => {
                format!("operand #{} is JSON whose `command` and `args` run", index + 1)
            }
            Carrier::JsonCommandOption(option) => {
                format!("`{}` is JSON whose `command` and `args` run", option.spelled())
            }
            Carrier::OwnCommandsAfter { option, commands } => format!(
                "a command after `{}`; its own {} judged as {}",
                option.spelled(),
                commands
                    .iter()
                    .map(|(name, _)| format!("`{name}`"))
                    .collect::<Vec<_>>()
                    .join(", "),
                commands
                    .iter()
                    .map(|(_, argv)| format!("`{}`", argv.join(" ")))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Carrier::JoinedShell { skip } => format!("operands from #{} joined are shell code", skip + 1),
            Carrier::EachOperandShell { skip } => format!("each operand from #{} is shell code", skip + 1),
            Carrier::OptionCode { option, language } => format!("`{}` is {language:?} code", option.spelled()),
            Carrier::OperandCode { index, language, .. } => format!("operand #{} is {language:?} code", index + 1),
            Carrier::OperandCodeWith {
                index,
                option,
                language,
            } => format!(
                "with `{}`, operand #{} is {language:?} code",
                option.spelled(),
                index + 1
            ),
            Carrier::OperandPrefix { prefix, language, .. } => format!("`{prefix}…` operands are {language:?} code"),
            Carrier::PlusCode(language) => format!("`+…` operands are {language:?} code"),
            Carrier::FileOrStdin { index, language } => {
                format!("operand #{} (or standard input) is a {language:?} file", index + 1)
            }
            Carrier::Stdin(language) => format!("{language:?} code on standard input"),
            Carrier::OptionScript { option, language } => {
                format!("`{}` names a {language:?} script", option.spelled())
            }
            Carrier::OptionScriptList { option, language } => {
                format!("`{}` names {language:?} scripts, comma-separated", option.spelled())
            }
            Carrier::NetworkProgram(option) => format!("`{}` runs a program for the network peer", option.spelled()),
            Carrier::NetworkScript(option) => format!("`{}` runs a script for the network peer", option.spelled()),
            Carrier::NetworkOperand { prefix } => format!("`{prefix}…` runs a program for the network peer"),
            Carrier::ServedOperands => "its operands are a program served to whoever connects".to_owned(),
            Carrier::ContainerArgv { skip, runtime } => {
                let shared = match runtime {
                    Runtime::Apptainer | Runtime::ApptainerRun => {
                        ", the home folder, working directory and /tmp the host's unless contained"
                    }
                    Runtime::Docker | Runtime::Containerd => "",
                };
                format!("a command after {skip} operand(s), bind-mounted paths read as the host's{shared}")
            }
            Carrier::LoadsLibrary(option) => format!("`{}` loads a library", option.spelled()),
            Carrier::LoadsFrom(option) => format!("`{}` names a folder it loads libraries from", option.spelled()),
            Carrier::LoadsPrefixed(prefix) => format!("`{prefix}…` names a library it loads"),
            Carrier::OperandScript {
                index: usize::MAX,
                language,
            } => format!("each operand is a {language:?} file"),
            Carrier::OperandScript { index, language } => format!("operand #{} is a {language:?} file", index + 1),
            Carrier::ScriptOperandsEnding { suffix, language } => {
                format!("each operand ending in `{suffix}` is a {language:?} file")
            }
            Carrier::ScriptOperandsPrefixed { prefix, language, .. } => {
                format!("each operand starting with `{prefix}` names a {language:?} file")
            }
            Carrier::OptionScriptPrefixed {
                option,
                prefix,
                language,
            } => format!("`{} {prefix}FILE` names a {language:?} script", option.spelled()),
            Carrier::LoadsOperands => "loads the libraries its operands name".into(),
            Carrier::FolderScript { file, language } => format!("runs its operands' {file} ({language:?})"),
            Carrier::InstallsPackages { suffixes } => {
                format!(
                    "installs the packages its operands name ({}, URLs)",
                    suffixes.join(", ")
                )
            }
            Carrier::PathArgv => "runs a first operand that is a path, with the operands after it".into(),
            Carrier::SubcommandProgram { prefix } => format!("a subcommand runs the program `{prefix}…`"),
            Carrier::SendsOption(option) => format!("sends the file `{}` names", option.spelled()),
            Carrier::SendsOperand(usize::MAX) => "sends its operands".into(),
            Carrier::SendsOperand(index) => format!("sends operand #{}", index + 1),
            Carrier::ServesOption(option) => format!("publishes the folder `{}` names", option.spelled()),
            Carrier::ServesOperand(usize::MAX) => "publishes its operands".into(),
            Carrier::ServesOperand(index) => format!("publishes operand #{}", index + 1),
            Carrier::ServesHere { .. } => "publishes the folder it runs in, given none".into(),
            Carrier::ServesPrefixed(prefix) => format!("publishes the folders `{prefix}…` names"),
            Carrier::ListensOn(option) => format!(
                "publishes nothing when `{}` names only the loopback address",
                option.spelled()
            ),
            Carrier::SendsArguments => "sends its arguments over the network".into(),
            Carrier::SendsOptionWith { option, with } => {
                let with: Vec<String> = with.iter().map(|option| option.spelled()).collect();
                format!("sends the file `{}` names with {}", option.spelled(), with.join(", "))
            }
            Carrier::SendsPrefixed(prefix) => format!("sends the files `{prefix}…` names"),
            Carrier::SendsToRemote { both_ways: false, .. } => {
                "sends the operands before its last when that one is remote".into()
            }
            Carrier::SendsToRemote { both_ways: true, .. } => "sends its local operands to a remote one".into(),
            Carrier::RemoteAccess { .. } => "opens this machine to a remote party".into(),
            Carrier::DumpsProcessMemory => "copies the memory of the processes its operands name".into(),
            Carrier::ReadsOperandsBefore { stops } => format!("reads its operands before {}", stops.join(", ")),
            Carrier::ReadsOperandsWith { options, .. } => {
                let options: Vec<String> = options.iter().map(|option| option.spelled()).collect();
                format!("reads its operands with {}", options.join(", "))
            }
            Carrier::WritesOptionWith { option, with } => {
                let with: Vec<String> = with.iter().map(|option| option.spelled()).collect();
                format!("writes what `{}` names with {}", option.spelled(), with.join(", "))
            }
            Carrier::WritesOptionUnless { option, unless } => {
                let unless: Vec<String> = unless.iter().map(|option| option.spelled()).collect();
                format!(
                    "writes the file `{}` names unless {}",
                    option.spelled(),
                    unless.join(", ")
                )
            }
            Carrier::WritesFetched { .. } => "writes its last operand when an earlier one is remote".into(),
            Carrier::RemoteArchive { option, .. } => {
                format!(
                    "`{} host:path` sends to or fetches from a remote host",
                    option.spelled()
                )
            }
            Carrier::WritesOption(option) => format!("writes the file `{}` names", option.spelled()),
            Carrier::WritesOperand(usize::MAX) => "writes its last operand".into(),
            Carrier::WritesOperand(index) => format!("writes operand #{}", index + 1),
            Carrier::WritesOperands => "overwrites its operands".into(),
            Carrier::RewritesOperands { unless: [] } => "rewrites its operands".into(),
            Carrier::RewritesOperands { unless } => {
                let unless: Vec<String> = unless.iter().map(|option| option.spelled()).collect();
                format!("rewrites its operands unless {}", unless.join(", "))
            }
            Carrier::WritesOperandWith {
                index: usize::MAX,
                option,
            } => format!("writes its last operand with `{}`", option.spelled()),
            Carrier::WritesOperandWith { index, option } => {
                format!("writes operand #{} with `{}`", index + 1, option.spelled())
            }
            Carrier::ReadsOption(option) => format!("reads the file `{}` names", option.spelled()),
            Carrier::ReadsOperand(usize::MAX) => "reads its operands".into(),
            Carrier::ReadsOperand(index) => format!("reads operand #{}", index + 1),
        }
    }
}

/// A family of entries, named for `explain` and the README.
pub struct Family {
    pub name: &'static str,
    pub entries: &'static [Entry],
    /// Whether the commands its entries run run inside a container.
    pub in_container: bool,
}

/// The entries of the registry by program name: `(name, family, entry)` positions in
/// [`super::FAMILIES`], sorted by name, entries of one name in the order of the families. It is
/// written out in `src/registry/index.rs` rather than built when the hook starts (a sort of some
/// 900 names cost every hook call about 0.08 ms); a test checks it against the tables.
pub type IndexRow = (&'static str, u8, u16);

/// The index of `families` as it is written in `src/registry/index.rs`.
#[cfg(test)]
pub fn index_source(families: &[Family]) -> String {
    let mut rows: Vec<(&str, usize, usize)> = Vec::new();
    for (family_at, family) in families.iter().enumerate() {
        for (entry_at, entry) in family.entries.iter().enumerate() {
            rows.extend(entry.names.iter().map(|name| (*name, family_at, entry_at)));
        }
    }
    // Stable: entries of one name keep the order of the families.
    rows.sort_by(|a, b| a.0.cmp(b.0));
    let mut out = String::from(
        "//! The registry's entries by program name, sorted (generated from the tables: `cargo test`\n\
         //! fails when it is out of date, and `UPDATE_REGISTRY_INDEX=1 cargo test registry_index`\n\
         //! writes it anew).\n\n\
         use super::table::IndexRow;\n\n\
         pub const INDEX: &[IndexRow] = &[\n",
    );
    for (name, family, entry) in rows {
        out.push_str(&format!("    ({name:?}, {family}, {entry}),\n"));
    }
    out.push_str("];\n");
    out
}

/// The entries of `families` for the program `name`, in the order of the families: its rows
/// of `index`, the first found by binary search and the rest (a name has one to three) right
/// after it.
fn lookup<'n>(
    name: &'n str,
    families: &'static [Family],
    index: &'static [IndexRow],
) -> impl Iterator<Item = (&'static Family, &'static Entry)> + 'n {
    let start = index.partition_point(|(entry, _, _)| *entry < name);
    index[start..]
        .iter()
        .take_while(move |(entry, _, _)| *entry == name)
        .map(move |&(_, family, entry)| {
            let family = &families[usize::from(family)];
            (family, &family.entries[usize::from(entry)])
        })
}

/// Whether `families` hold an entry for the program `name`.
pub fn has_entry(name: &str, families: &'static [Family], index: &'static [IndexRow]) -> bool {
    lookup(name, families, index).next().is_some()
}

/// The entries of `families` for the program `name`.
pub fn entries_of(
    name: &str,
    families: &'static [Family],
    index: &'static [IndexRow],
) -> impl Iterator<Item = &'static Entry> {
    lookup(name, families, index).map(|(_, entry)| entry)
}

/// The entries for `command`, each with the words after its subcommand: every entry for the
/// program itself and every one whose subcommand the command names (one family may say what
/// `scp -S` runs, another what `scp -o ProxyCommand=` runs).
fn entries<'c>(
    command: &'c Command,
    families: &'static [Family],
    index: &'static [IndexRow],
) -> impl Iterator<Item = (&'static Family, &'static Entry, &'c [Word])> {
    let args = command.args();
    lookup(command.name.as_str(), families, index).filter_map(move |(family, entry)| {
        if entry.subcommand.is_empty() {
            return Some((family, entry, args));
        }
        // The subcommand path, after the program's global options and their values
        // (`tmux -L work run-shell`, `docker -H h exec`).
        let at = subcommand_at(args, entry.subcommand)?;
        Some((family, entry, &args[at + entry.subcommand.len()..]))
    })
}

/// Where `subcommand` starts in `args`: after nothing but options, each word before it an
/// option or the value of the option before.
fn subcommand_at(args: &[Word], subcommand: &[&str]) -> Option<usize> {
    let is_option = |word: &Word| {
        word.value()
            .is_some_and(|t| t.starts_with('-') && t.len() > 1 && t != "--")
    };
    for at in 0..args.len().min(8) {
        let words = args.get(at..at + subcommand.len())?;
        if words.iter().zip(subcommand).all(|(word, name)| word.is(name)) {
            return Some(at);
        }
        let word = &args[at];
        let a_value = at > 0 && is_option(&args[at - 1]) && !args[at - 1].text().contains('=');
        if !is_option(word) && !a_value {
            return None;
        }
    }
    None
}

/// What `command` runs by its entry in `families`, or `None` when it has no entry.
pub fn executions(
    command: &Command,
    families: &'static [Family],
    index: &'static [IndexRow],
) -> Option<Vec<Execution>> {
    let mut entries = entries(command, families, index).peekable();
    entries.peek()?;
    Some(
        entries
            .flat_map(|(family, entry, rest)| entry_executions(command, family, entry, rest))
            .collect(),
    )
}

/// What `command` runs by one of its entries.
fn entry_executions(
    command: &Command,
    family: &'static Family,
    entry: &'static Entry,
    rest: &[Word],
) -> Vec<Execution> {
    let parsed = args::parse(rest, &entry.options);
    let operands: Vec<&Word> = parsed.operands().collect();
    let program = if entry.subcommand.is_empty() {
        command.name.clone()
    } else {
        format!("{} {}", command.name, entry.subcommand.join(" "))
    };
    let via = |how: &str| format!("{program}{how} [{}]", family.name);
    if entry.inert.iter().any(|option| option.given(&parsed, rest)) {
        return Vec::new();
    }
    let mut found = Vec::new();
    for carrier in entry.carriers {
        match *carrier {
            Carrier::Argv { skip } => {
                if let Some(start) = parsed.first_operand {
                    let start = operand_index(&parsed, rest, start, skip);
                    if let Some(argv) = start
                        .and_then(|start| rest.get(start..))
                        .filter(|argv| !argv.is_empty())
                    {
                        found.push(command_of(via(""), argv));
                    }
                }
            }
            Carrier::AfterDoubleDash => {
                if let Some(dashes) = rest.iter().position(|w| w.is("--"))
                    && dashes + 1 < rest.len()
                {
                    found.push(command_of(via(" --"), &rest[dashes + 1..]));
                }
            }
            Carrier::ArgvAfter(option) => {
                if let Some(at) = option.position(rest)
                    && at + 1 < rest.len()
                {
                    found.push(command_of(via(&format!(" {}", option.spelled())), &rest[at + 1..]));
                }
            }
            Carrier::OptionShell { option, prefix } => {
                for value in option.values(&parsed, rest) {
                    let code = if prefix.is_empty() {
                        value
                    } else if value
                        .text()
                        .to_ascii_lowercase()
                        .starts_with(&prefix.to_ascii_lowercase())
                    {
                        value.strip_prefix(prefix.len())
                    } else {
                        continue;
                    };
                    found.push(shell_code(via(&format!(" {}", option.spelled())), vec![code]));
                }
            }
            Carrier::CommaArgvOption(option) => {
                for value in option.values(&parsed, rest) {
                    let mut argv: Vec<Word> = value
                        .text()
                        .split(',')
                        .map(|part| Word::literal(part, value.span))
                        .collect();
                    // The wrapped tool's own command line follows.
                    argv.push(Word::literal("cc1", value.span));
                    found.push(command_of(via(&format!(" {}", option.spelled())), &argv));
                }
            }
            Carrier::RunsFolder(index) => {
                if let Some(folder) = operands.get(index) {
                    found.push(Execution::Unverifiable {
                        what: format!("`{program}` runs every program in {}, none of them read", folder.text()),
                    });
                }
            }
            Carrier::RunsFolderOption(option) => {
                for folder in option.values(&parsed, rest) {
                    found.push(Execution::Unverifiable {
                        what: format!("`{program}` runs every program in {}, none of them read", folder.text()),
                    });
                }
            }
            Carrier::ShellAfterDoubleDash => {
                if let Some(dashes) = rest.iter().position(|w| w.is("--")) {
                    let mut argv = vec![Word::literal("bash", command.span)];
                    argv.extend(rest[dashes + 1..].iter().cloned());
                    found.push(command_of(via(" --"), &argv));
                }
            }
            Carrier::OptionActions { option, actions } => {
                for binding in option.values(&parsed, rest) {
                    for code in action_commands(binding.text(), actions) {
                        found.push(shell_code(
                            via(&format!(" {}", option.spelled())),
                            vec![Word::literal(&code, binding.span)],
                        ));
                    }
                }
            }
            Carrier::UnixExecAddress(option) => {
                // A word only partly known is read as an operand, not an option: look at every one.
                if rest
                    .iter()
                    .any(|word| word.is_dynamic() && word.text().contains("unixexec:"))
                {
                    found.push(Execution::Unverifiable {
                        what: format!(
                            "{} runs a program named only when the command runs",
                            via(&format!(" {}", option.spelled()))
                        ),
                    });
                }
                for address in option.values(&parsed, rest) {
                    if let Some(argv) = unixexec_argv(address.text()) {
                        let argv: Vec<Word> = argv.iter().map(|a| Word::literal(a, address.span)).collect();
                        found.push(command_of(via(&format!(" {}", option.spelled())), &argv));
                    }
                }
            }
            Carrier::ProgramOption(option) => {
                for program in option.values(&parsed, rest) {
                    let mut argv = vec![program];
                    if let Some(dashes) = rest.iter().position(|w| w.is("--")) {
                        argv.extend(rest[dashes + 1..].iter().cloned());
                    }
                    found.push(command_of(via(&format!(" {}", option.spelled())), &argv));
                }
            }
            Carrier::OptionSetting { option, keys } => {
                for setting in option.values(&parsed, rest) {
                    if let Some(code) = setting_code(&setting, keys) {
                        found.push(shell_code(via(&format!(" {}", option.spelled())), vec![code]));
                    }
                }
            }
            Carrier::TomlSettingArgv {
                option,
                programs,
                command_lines,
            } => {
                for setting in option.values(&parsed, rest) {
                    if let Some(argv) = toml_setting_argv(&setting, programs, command_lines) {
                        found.push(command_of(via(&format!(" {}", option.spelled())), &argv));
                    }
                }
            }
            Carrier::SettingsArgv {
                option,
                program,
                arguments,
            } => {
                let settings = option.values(&parsed, rest);
                let setting = |key: &str| {
                    settings.iter().rev().find_map(|setting| {
                        let value = setting.text().strip_prefix(key)?.strip_prefix('=')?;
                        Some(setting.strip_prefix(setting.text().len() - value.len()))
                    })
                };
                if let Some(program) = setting(program) {
                    let mut argv = vec![program];
                    if let Some(arguments) = setting(arguments) {
                        argv.extend(split_words(&arguments));
                    }
                    found.push(command_of(via(&format!(" {}", option.spelled())), &argv));
                }
            }
            Carrier::JsonCommandOperand { index } => {
                if let Some(server) = operands.get(index).and_then(|json| json_command(json, via(""))) {
                    found.push(server);
                }
            }
            Carrier::JsonCommandOption(option) => {
                for json in option.values(&parsed, rest) {
                    match json_command(&json, via(&format!(" {}", option.spelled()))) {
                        Some(server) => found.push(server),
                        // `--add-mcp "$(cat server.json)"`: what it registers is only known then.
                        None if json.value().is_none() => found.push(Execution::Unverifiable {
                            what: format!(
                                "`{program} {}` registers a program from JSON only known when it runs",
                                option.spelled()
                            ),
                        }),
                        None => {}
                    }
                }
            }
            Carrier::OwnCommandsAfter { option, commands } => {
                if let Some(at) = option.position(rest)
                    && let Some(first) = rest.get(at + 1)
                {
                    let via = via(&format!(" {}", option.spelled()));
                    match commands.iter().find(|(name, _)| first.is(name)) {
                        Some((_, spelled)) => {
                            let mut argv: Vec<Word> =
                                spelled.iter().map(|word| Word::literal(word, first.span)).collect();
                            argv.extend(rest[at + 2..].iter().cloned());
                            found.push(command_of(via, &argv));
                        }
                        None => found.push(command_of(via, &rest[at + 1..])),
                    }
                }
            }
            Carrier::JoinedShell { skip } => {
                if operands.len() > skip {
                    let words = operands[skip..].iter().map(|w| (*w).clone()).collect();
                    found.push(shell_code(via(""), words));
                }
            }
            Carrier::EachOperandShell { skip } => {
                for word in operands.iter().skip(skip) {
                    found.push(shell_code(via(""), vec![(*word).clone()]));
                }
            }
            Carrier::OptionCode { option, language } => {
                for value in option.values(&parsed, rest) {
                    found.push(code_in(via(&format!(" {}", option.spelled())), language, &value));
                }
            }
            Carrier::OperandCode {
                index,
                language,
                unless,
            } => {
                if !unless.iter().any(|option| option.given(&parsed, rest))
                    && let Some(word) = operands.get(index)
                {
                    found.push(code_in(via(""), language, word));
                }
            }
            Carrier::OperandCodeWith {
                index,
                option,
                language,
            } => {
                if option.given(&parsed, rest)
                    && let Some(word) = operands.get(index)
                {
                    found.push(code_in(via(""), language, word));
                }
            }
            Carrier::OperandPrefix { prefix, keep, language } => {
                for word in &operands {
                    if word
                        .text()
                        .to_ascii_lowercase()
                        .starts_with(&prefix.to_ascii_lowercase())
                    {
                        let code = if keep {
                            (*word).clone()
                        } else {
                            word.strip_prefix(prefix.len())
                        };
                        found.push(code_in(via(&format!(" {prefix}")), language, &code));
                    }
                }
            }
            Carrier::PlusCode(language) => {
                for word in rest.iter().filter(|w| w.text().starts_with('+') && w.text().len() > 1) {
                    found.push(code_in(via(" +"), language, &word.strip_prefix(1)));
                }
            }
            Carrier::Stdin(language) => {
                // Standard input is read only when no code or script was given otherwise.
                let scripted = entry
                    .carriers
                    .iter()
                    .any(|c| matches!(c, Carrier::OptionScript { option, .. } | Carrier::OptionScriptList { option, .. } if option.given(&parsed, rest)));
                let given = found.iter().any(|e| !matches!(e, Execution::Command { .. }));
                if !scripted && !given {
                    found.push(Execution::Stdin { via: via(""), language });
                }
            }
            Carrier::FileOrStdin { index, language } => match operands.get(index) {
                Some(path) if !path.is("-") => found.push(Execution::File {
                    via: via(""),
                    path: (*path).clone(),
                    language,
                    current_shell: false,
                }),
                _ => found.push(Execution::Stdin { via: via(""), language }),
            },
            Carrier::NetworkProgram(option) => {
                for program in option.values(&parsed, rest) {
                    if runs_code(program.text()) {
                        found.push(network_shell(via(&format!(" {}", option.spelled())), program.text()));
                    }
                }
            }
            Carrier::NetworkScript(option) => {
                for script in option.values(&parsed, rest) {
                    found.push(network_shell(via(&format!(" {}", option.spelled())), script.text()));
                }
            }
            Carrier::ServedOperands => {
                if let Some(program) = operands.first().filter(|program| runs_code(program.text())) {
                    found.push(network_shell(via(""), program.text()));
                }
            }
            Carrier::NetworkOperand { prefix } => {
                let connects = operands.iter().any(|word| {
                    let text = word.text().to_ascii_lowercase();
                    ["tcp", "udp", "ssl", "openssl", "sctp", "socks", "proxy", "ws", "unix"]
                        .iter()
                        .any(|scheme| text.starts_with(scheme) && text[scheme.len()..].contains(':'))
                });
                for word in &operands {
                    let Some(program) = word.text().get(prefix.len()..) else {
                        continue;
                    };
                    if connects && word.text()[..prefix.len()].eq_ignore_ascii_case(prefix) && runs_code(program) {
                        found.push(network_shell(via(&format!(" {prefix}")), program));
                    }
                }
            }
            Carrier::ContainerArgv { skip, runtime } => {
                let mounts = bind_mounts(&parsed, rest, runtime);
                if let Some(what) = host_access(&parsed, rest, &mounts) {
                    found.push(Execution::HostAccess {
                        how: format!("{} {what}", via("")),
                    });
                }
                if let Some(argv) = container_argv(&parsed, rest, skip, runtime) {
                    found.push(container_command(via(""), &parsed, rest, &argv, &mounts, runtime));
                }
            }
            Carrier::LoadsPrefixed(prefix) => {
                let libraries = rest.iter().filter_map(|word| {
                    let path = word.text().strip_prefix(prefix)?;
                    let path = path.split('=').next().unwrap_or(path);
                    let library = word.strip_prefix(prefix.len());
                    (library.is_dynamic() || path.contains('/') || path.ends_with(".jar")).then(|| path.to_owned())
                });
                for library in libraries {
                    found.push(Execution::Unverifiable {
                        what: format!(
                            "{} loads {library}: a library's code cannot be read",
                            via(&format!(" {prefix}"))
                        ),
                    });
                }
            }
            Carrier::LoadsFrom(option) => {
                for folder in option
                    .values(&parsed, rest)
                    .into_iter()
                    .filter(|folder| !is_system_folder(folder))
                {
                    found.push(Execution::Unverifiable {
                        what: format!(
                            "{} loads libraries from {}: their code cannot be read",
                            via(&format!(" {}", option.spelled())),
                            folder.text()
                        ),
                    });
                }
            }
            Carrier::LoadsLibrary(option) => {
                for library in option.values(&parsed, rest).into_iter().filter(is_library_file) {
                    found.push(Execution::Unverifiable {
                        what: format!(
                            "{} loads {}: a library's code cannot be read",
                            via(&format!(" {}", option.spelled())),
                            library.text()
                        ),
                    });
                }
            }
            Carrier::WritesOption(_)
            | Carrier::WritesOperand(_)
            | Carrier::WritesOperands
            | Carrier::ReadsOption(_)
            | Carrier::ReadsOperand(_)
            | Carrier::RewritesOperands { .. }
            | Carrier::WritesOperandWith { .. }
            | Carrier::ReadsPrefixed(_)
            | Carrier::WritesPrefixed(_)
            | Carrier::SendsOption(_)
            | Carrier::SendsOperand(_)
            | Carrier::ServesOption(_)
            | Carrier::ServesOperand(_)
            | Carrier::ServesHere { .. }
            | Carrier::ServesPrefixed(_)
            | Carrier::ListensOn(_)
            | Carrier::SendsArguments
            | Carrier::SendsOptionWith { .. }
            | Carrier::SendsPrefixed(_)
            | Carrier::SendsToRemote { .. }
            | Carrier::ReadsOperandsWith { .. }
            | Carrier::ReadsOperandsBefore { .. }
            | Carrier::WritesOptionWith { .. }
            | Carrier::WritesOptionUnless { .. }
            | Carrier::WritesFetched { .. }
            | Carrier::RemoteArchive { .. } => {}
            Carrier::RemoteAccess { unless } => {
                if !operands
                    .first()
                    .is_some_and(|first| unless.iter().any(|word| first.is(word)))
                {
                    found.push(Execution::SocketShell {
                        how: format!(
                            "{} lets whoever signs in from elsewhere run commands and move files on this machine",
                            via("")
                        ),
                    });
                }
            }
            Carrier::DumpsProcessMemory => found.extend(operands.iter().map(|process| Execution::Unverifiable {
                what: format!(
                    "{} copies the memory of process {} to a file, with every secret it holds",
                    via(""),
                    process.text()
                ),
            })),
            Carrier::OperandScript { index, language } => {
                // `usize::MAX`: each operand (`systemctl enable a.service ./b.service`).
                let paths = match index {
                    usize::MAX => operands.clone(),
                    index => operands.get(index).into_iter().copied().collect(),
                };
                for path in paths {
                    found.push(Execution::File {
                        via: via(""),
                        path: (*path).clone(),
                        language,
                        current_shell: false,
                    });
                }
            }
            Carrier::ScriptOperandsEnding { suffix, language } => {
                for path in operands.iter().filter(|operand| operand.text().ends_with(suffix)) {
                    found.push(Execution::File {
                        via: via(""),
                        path: (*path).clone(),
                        language,
                        current_shell: false,
                    });
                }
            }
            Carrier::ScriptOperandsPrefixed {
                prefix,
                extension,
                language,
            } => {
                for operand in operands.iter().filter(|operand| operand.text().starts_with(prefix)) {
                    let name = operand.text().trim_start_matches(prefix);
                    let path = operand.strip_prefix(operand.text().len() - name.len());
                    let file = name.rsplit('/').next().unwrap_or(name);
                    let path = if file.contains('.') || path.value().is_none() {
                        path
                    } else {
                        Word::literal(&format!("{name}{extension}"), operand.span)
                    };
                    found.push(Execution::File {
                        via: via(&format!(" {prefix}")),
                        path,
                        language,
                        current_shell: false,
                    });
                }
            }
            Carrier::OptionScriptPrefixed {
                option,
                prefix,
                language,
            } => {
                for value in option.values(&parsed, rest) {
                    if value.text().starts_with(prefix) {
                        found.push(Execution::File {
                            via: via(&format!(" {} {prefix}", option.spelled())),
                            path: value.strip_prefix(prefix.len()),
                            language,
                            current_shell: false,
                        });
                    }
                }
            }
            Carrier::FolderScript { file, language } => {
                for folder in &operands {
                    let path = format!("{}/{file}", folder.text().trim_end_matches('/'));
                    found.push(Execution::File {
                        via: via(""),
                        path: Word::literal(&path, folder.span),
                        language,
                        current_shell: false,
                    });
                }
            }
            Carrier::LoadsOperands => found.extend(operands.iter().map(|library| Execution::Unverifiable {
                what: format!(
                    "{} makes programs load the libraries of {}: a library's code cannot be read",
                    via(""),
                    library.text()
                ),
            })),
            Carrier::InstallsPackages { suffixes } => {
                for package in &operands {
                    let text = package.text().to_ascii_lowercase();
                    if text.contains("://") {
                        found.push(Execution::Network {
                            how: format!(
                                "{} downloads {} and runs its install scripts unread",
                                via(""),
                                package.text()
                            ),
                        });
                    } else if suffixes.iter().any(|suffix| text.ends_with(suffix)) {
                        found.push(Execution::Unverifiable {
                            what: format!(
                                "{} installs {}, whose install scripts run and cannot be read first",
                                via(""),
                                package.text()
                            ),
                        });
                    }
                }
            }
            Carrier::PathArgv => {
                if let Some(start) = parsed.first_operand
                    && rest[start].text().contains('/')
                {
                    found.push(command_of(via(""), &rest[start..]));
                }
            }
            Carrier::SubcommandProgram { prefix } => {
                if let Some(start) = parsed.first_operand
                    && let Some(subcommand) = rest[start].value()
                {
                    let mut argv = vec![Word::literal(&format!("{prefix}{subcommand}"), rest[start].span)];
                    argv.extend(rest[start + 1..].iter().cloned());
                    found.push(command_of(via(""), &argv));
                }
            }
            Carrier::OptionScriptList { option, language } => {
                for value in option.values(&parsed, rest) {
                    // A list only known when it runs is one path, as written.
                    let paths = match value.value() {
                        Some(list) => list
                            .split(',')
                            .filter(|path| !path.is_empty())
                            .map(|path| Word::literal(path, value.span))
                            .collect(),
                        None => vec![value.clone()],
                    };
                    for path in paths {
                        found.push(Execution::File {
                            via: via(&format!(" {}", option.spelled())),
                            path,
                            language,
                            current_shell: false,
                        });
                    }
                }
            }
            Carrier::OptionScript { option, language } => {
                for path in option.values(&parsed, rest) {
                    let via = via(&format!(" {}", option.spelled()));
                    // `-b -`, `-f -`: the script is standard input.
                    found.push(match path.is("-") {
                        true => Execution::Stdin { via, language },
                        false => Execution::File {
                            via,
                            path,
                            language,
                            current_shell: false,
                        },
                    });
                }
            }
        }
    }
    if family.in_container {
        found = found.into_iter().map(into_container).collect();
    }
    found
}

/// A command run inside a container, as such.
fn into_container(execution: Execution) -> Execution {
    match execution {
        Execution::Command { via, argv, .. } => Execution::InContainer {
            via,
            argv,
            reaches_host: false,
            host_read_only: false,
            host_cwd: None,
        },
        other => other,
    }
}

/// The files `command` writes and reads by its entries in `families`: (written, read).
/// The files a command writes, reads, sends and publishes, by the registry.
#[derive(Default)]
pub struct Files {
    pub written: Vec<Word>,
    pub read: Vec<Word>,
    pub sent: Vec<Word>,
    pub served: Vec<Word>,
    /// Its arguments are sent as text.
    pub sends_arguments: bool,
}

pub fn files(command: &Command, families: &'static [Family], index: &'static [IndexRow]) -> Files {
    let mut files = Files::default();
    for (_, entry, rest) in entries(command, families, index) {
        entry_files(entry, rest, command.span, &mut files);
    }
    let Files { written, read, .. } = &mut files;
    // `@FILE`: a file of more arguments, read by GNU tools (`nm @args`, `as @file`).
    let response_files: Vec<Word> = read
        .iter()
        .filter(|word| word.text().len() > 1 && word.text().starts_with('@'))
        .map(|word| word.strip_prefix(1))
        .collect();
    read.extend(response_files);
    written.retain(|word| !word.is("-"));
    read.retain(|word| !word.is("-"));
    files
}

/// The last value given to `option`.
fn option_last(option: Opt, parsed: &Parsed, rest: &[Word]) -> Option<Word> {
    option.values(parsed, rest).pop()
}

/// The path `operand` names from inside `folder`: itself when absolute or from the home folder.
fn below(folder: &Word, operand: &Word) -> Word {
    if operand.text().starts_with(['/', '~']) {
        return operand.clone();
    }
    let mut parts = folder.parts.clone();
    parts.push(Part::Literal {
        text: "/".into(),
        quoting: crate::word::Quoting::Quoted,
        span: operand.span,
    });
    parts.extend(operand.parts.iter().cloned());
    Word::from_parts(parts, folder.span.cover(operand.span))
}

/// The files one entry says `rest` writes, reads, sends and publishes.
fn entry_files(entry: &Entry, rest: &[Word], span: Span, files: &mut Files) {
    let Files { written, read, .. } = files;
    let served_before = files.served.len();
    let parsed = args::parse(rest, &entry.options);
    let operands: Vec<&Word> = parsed.operands().collect();
    let pick = |index: usize| -> Vec<Word> {
        match index {
            usize::MAX => operands.last().map(|w| (*w).clone()).into_iter().collect(),
            index => operands.get(index).map(|w| (*w).clone()).into_iter().collect(),
        }
    };
    for carrier in entry.carriers {
        match *carrier {
            Carrier::WritesOption(option) => written.extend(option.values(&parsed, rest)),
            Carrier::WritesOperand(index) => written.extend(pick(index)),
            Carrier::WritesOperands => written.extend(operands.iter().map(|w| (*w).clone())),
            Carrier::ReadsOption(option) => read.extend(option.values(&parsed, rest)),
            Carrier::ReadsOperand(usize::MAX) => read.extend(operands.iter().map(|w| (*w).clone())),
            Carrier::ReadsOperand(index) => read.extend(pick(index)),
            Carrier::RewritesOperands { unless } => {
                read.extend(operands.iter().map(|w| (*w).clone()));
                if !unless.iter().any(|option| option.given(&parsed, rest)) {
                    written.extend(operands.iter().map(|w| (*w).clone()));
                }
            }
            Carrier::WritesOperandWith { index, option } if option.given(&parsed, rest) => {
                written.extend(pick(index));
            }
            Carrier::ReadsPrefixed(prefix) => read.extend(rest.iter().filter_map(|word| prefixed_path(word, prefix))),
            Carrier::WritesPrefixed(prefix) => {
                written.extend(rest.iter().filter_map(|word| prefixed_path(word, prefix)));
            }
            Carrier::SendsOption(option) => files.sent.extend(option.values(&parsed, rest)),
            Carrier::SendsOperand(usize::MAX) => files.sent.extend(operands.iter().map(|w| (*w).clone())),
            Carrier::SendsOperand(index) => files.sent.extend(pick(index)),
            Carrier::ServesOption(option) => files.served.extend(option.values(&parsed, rest)),
            Carrier::ServesOperand(usize::MAX) => files.served.extend(operands.iter().map(|w| (*w).clone())),
            Carrier::ServesOperand(index) => files.served.extend(pick(index)),
            Carrier::ServesHere { unless }
                if operands.is_empty() && !unless.iter().any(|option| option.given(&parsed, rest)) =>
            {
                files.served.push(Word::literal(".", span));
            }
            Carrier::ServesPrefixed(prefix) => {
                files
                    .served
                    .extend(rest.iter().filter_map(|word| prefixed_path(word, prefix)));
            }
            Carrier::SendsArguments => files.sends_arguments = true,
            Carrier::SendsOptionWith { option, with } if with.iter().any(|option| option.given(&parsed, rest)) => {
                files.sent.extend(option.values(&parsed, rest));
            }
            Carrier::SendsPrefixed(prefix) => files
                .sent
                .extend(rest.iter().filter_map(|word| prefixed_path(word, prefix))),
            Carrier::SendsToRemote { aliases, both_ways } => {
                let remote = |word: &Word| is_remote(word, aliases);
                let sources: &[&Word] = match (both_ways, operands.split_last()) {
                    (false, Some((last, sources))) if remote(last) => sources,
                    (true, _) if operands.iter().any(|word| remote(word)) => &operands,
                    _ => &[],
                };
                files.sent.extend(
                    sources
                        .iter()
                        .filter(|word| !is_remote(word, false))
                        .map(|w| (*w).clone()),
                );
            }
            Carrier::WritesFetched { aliases } => {
                if let Some((last, sources)) = operands.split_last()
                    && !is_remote(last, aliases)
                    && sources.iter().any(|word| is_remote(word, aliases))
                {
                    written.push((*last).clone());
                }
            }
            Carrier::ReadsOperandsWith { options, folder }
                if options.iter().any(|option| option.given(&parsed, rest)) =>
            {
                let folder = folder.and_then(|folder| option_last(folder, &parsed, rest));
                read.extend(operands.iter().map(|operand| match &folder {
                    Some(folder) => below(folder, operand),
                    None => (*operand).clone(),
                }));
            }
            Carrier::ReadsOperandsBefore { stops } => {
                let end = rest
                    .iter()
                    .position(|word| stops.iter().any(|stop| word.is(stop)))
                    .unwrap_or(rest.len());
                read.extend(
                    operands
                        .iter()
                        .filter(|word| rest[..end].iter().any(|before| std::ptr::eq(before, **word)))
                        .map(|w| (*w).clone()),
                );
            }
            Carrier::WritesOptionWith { option, with } if with.iter().any(|option| option.given(&parsed, rest)) => {
                written.extend(option.values(&parsed, rest));
            }
            Carrier::WritesOptionUnless { option, unless }
                if !unless.iter().any(|option| option.given(&parsed, rest)) =>
            {
                written.extend(option.values(&parsed, rest));
            }
            Carrier::RemoteArchive { option, creating }
                if creating.iter().any(|option| option.given(&parsed, rest))
                    && option
                        .values(&parsed, rest)
                        .iter()
                        .any(|value| is_remote_path(value.text()))
                    && !Opt::Long("force-local").given(&parsed, rest) =>
            {
                files.sent.extend(operands.iter().map(|w| (*w).clone()));
            }
            _ => {}
        }
    }
    // A server listening on the loopback address alone publishes to nobody.
    let local_only = entry.carriers.iter().any(|carrier| match carrier {
        Carrier::ListensOn(option) => {
            let addresses = option.values(&parsed, rest);
            !addresses.is_empty()
                && addresses.iter().all(|address| {
                    address
                        .value()
                        .is_some_and(|text| text.split(',').all(super::programs::is_loopback))
                })
        }
        _ => false,
    });
    if local_only {
        files.served.truncate(served_before);
    }
}

/// The folders the system installs libraries under.
const SYSTEM_LIBRARY_DIRS: &[&str] = &[
    "/usr/",
    "/lib/",
    "/lib64/",
    "/lib32/",
    "/opt/homebrew/",
    "/System/",
    "/Library/",
];

/// Whether `path` is one of the system's library folders or in one (`/usr/lib/x.so`).
fn is_installed(path: &str) -> bool {
    !path.contains("..")
        && SYSTEM_LIBRARY_DIRS
            .iter()
            .any(|dir| path.starts_with(dir) || path == dir.trim_end_matches('/'))
}

/// Whether the value of a library option names a file to load that is not the system's own: a
/// path (`./x.so`, `/tmp/x`), or a value only known when it runs. Names (`libc.so.6`, `--engine
/// list`, `--default-auth caching_sha2_password`), looked for in the system's library folders,
/// and the libraries installed under /usr and /lib are the system's.
pub fn is_library_file(value: &Word) -> bool {
    value.is_dynamic() || (value.text().contains('/') && !is_installed(value.text()))
}

/// Whether a folder is one of the system's library folders (`/usr/lib/x86_64-linux-gnu`).
fn is_system_folder(folder: &Word) -> bool {
    !folder.is_dynamic() && is_installed(folder.text())
}

/// Whether an operand of a copy names a remote place: a URL (not `file://`) or
/// `[user@]host:path`, or with `aliases` any name not written as a local path (`mc cp
/// alias/bucket/k`, where the first part is a configured server).
fn is_remote(word: &Word, aliases: bool) -> bool {
    let text = word.text();
    let url = text.contains("://") && !text.to_ascii_lowercase().starts_with("file://");
    url || is_remote_path(text) || aliases && !text.starts_with(['.', '/', '~', '$'])
}

/// Whether a file name is a remote one, `[user@]host:path`: a colon before any slash.
fn is_remote_path(name: &str) -> bool {
    match name.split_once(':') {
        Some((host, _)) => !host.is_empty() && !host.contains('/') && !name.starts_with('.'),
        None => false,
    }
}

/// The index in `rest` of the operand `skip` operands after the first (options between
/// operands are skipped for GNU-style entries).
fn operand_index(parsed: &Parsed, rest: &[Word], first: usize, skip: usize) -> Option<usize> {
    if skip == 0 {
        return Some(first);
    }
    let target = parsed.operands().nth(skip)?;
    rest.iter().position(|word| std::ptr::eq(word, target))
}

fn command_of(via: String, argv: &[Word]) -> Execution {
    Execution::Command {
        via,
        argv: argv.to_vec(),
        assignments: Vec::new(),
        cwd: None,
    }
}

/// The shell code of the actions in key bindings (`enter:execute(rm x)+abort`,
/// `ctrl-y:execute-silent:echo x`, several separated by `,`) whose names are in `actions`. An
/// action's argument is enclosed in a bracket pair or a repeated delimiter (`execute~cmd~`), or
/// written after `:` up to the end.
fn action_commands(bindings: &str, actions: &[&str]) -> Vec<String> {
    let text: Vec<char> = bindings.chars().collect();
    let after_key = |from: usize| {
        text[from..]
            .iter()
            .position(|&c| c == ':')
            .map_or(text.len(), |p| from + p + 1)
    };
    let mut found = Vec::new();
    let mut at = after_key(0);
    while at < text.len() {
        let start = at;
        while at < text.len() && (text[at].is_ascii_alphanumeric() || text[at] == '-') {
            at += 1;
        }
        let name: String = text[start..at].iter().collect();
        let body: Option<String> = match text.get(at) {
            Some(':') => {
                let body = text[at + 1..].iter().collect();
                at = text.len();
                Some(body)
            }
            Some(&open @ ('(' | '[' | '{' | '<')) => {
                let close = match open {
                    '(' => ')',
                    '[' => ']',
                    '{' => '}',
                    _ => '>',
                };
                let mut depth = 0usize;
                let mut end = at;
                while end < text.len() {
                    if text[end] == open {
                        depth += 1;
                    } else if text[end] == close {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    end += 1;
                }
                let body = text[at + 1..end.min(text.len())].iter().collect();
                at = end + 1;
                Some(body)
            }
            Some(&open @ ('~' | '!' | '@' | '#' | '$' | '%' | '^' | '&' | '*' | ';' | '/' | '|')) => {
                let end = text[at + 1..]
                    .iter()
                    .position(|&c| c == open)
                    .map_or(text.len(), |p| at + 1 + p);
                let body = text[at + 1..end].iter().collect();
                at = end + 1;
                Some(body)
            }
            _ => None,
        };
        if let Some(body) = body
            && actions.contains(&name.as_str())
        {
            found.push(body);
        }
        // The next action (`+`), or the next binding's key (`,key:`).
        match text.get(at) {
            Some('+') => at += 1,
            Some(',') => at = after_key(at),
            _ => break,
        }
    }
    found
}

/// The path in `word` after `prefix` (compared without case), at its start or after `=`, up to
/// a `,` that starts options (`OPEN:f,creat`).
fn prefixed_path(word: &Word, prefix: &str) -> Option<Word> {
    let lowered = word.text().to_ascii_lowercase();
    let prefix = prefix.to_ascii_lowercase();
    let start = if lowered.starts_with(&prefix) {
        0
    } else {
        lowered.find(&format!("={prefix}"))? + 1
    };
    let path = word.strip_prefix(start + prefix.len());
    match path.text().find(',') {
        Some(comma) => Some(Word::literal(&path.text()[..comma], path.span)),
        None => Some(path),
    }
}

/// The argv of a D-Bus address `unixexec:path=P,argv0=…,argv1=…` (`None` for other
/// transports): P with the arguments from `argv1` on.
fn unixexec_argv(address: &str) -> Option<Vec<String>> {
    let parameters = address.strip_prefix("unixexec:")?;
    let mut path = None;
    let mut arguments: Vec<(usize, String)> = Vec::new();
    for pair in parameters.split(',') {
        let (key, value) = pair.split_once('=')?;
        let value = percent_decoded(value);
        if key == "path" {
            path = Some(value);
        } else if let Some(index) = key.strip_prefix("argv").and_then(|i| i.parse::<usize>().ok()) {
            arguments.push((index, value));
        }
    }
    arguments.sort();
    let mut argv = vec![path?];
    argv.extend(
        arguments
            .into_iter()
            .filter(|(index, _)| *index > 0)
            .map(|(_, value)| value),
    );
    Some(argv)
}

/// A D-Bus address value, a `data:` URL's data or a URL's query, with its `%XX` escapes decoded.
pub(crate) fn percent_decoded(value: &str) -> String {
    let bytes = value.as_bytes();
    let mut decoded = Vec::with_capacity(bytes.len());
    let mut index = 0;
    while index < bytes.len() {
        let hex = bytes
            .get(index + 1..index + 3)
            .and_then(|pair| std::str::from_utf8(pair).ok());
        match (bytes[index], hex.and_then(|pair| u8::from_str_radix(pair, 16).ok())) {
            (b'%', Some(byte)) => {
                decoded.push(byte);
                index += 3;
            }
            (byte, _) => {
                decoded.push(byte);
                index += 1;
            }
        }
    }
    String::from_utf8_lossy(&decoded).into_owned()
}

/// The shell code a `KEY=VALUE` setting holds, when KEY matches one of `keys` (see
/// [`Carrier::OptionSetting`]).
fn setting_code(setting: &Word, keys: &[&str]) -> Option<Word> {
    let (key, value) = setting.text().split_once('=')?;
    let key_parts: Vec<&str> = key.split('.').collect();
    let bang = value.starts_with('!');
    let matched = keys.iter().any(|pattern| match pattern.strip_suffix('!') {
        Some(pattern) => bang && key_matches(&key_parts, pattern),
        None => key_matches(&key_parts, pattern),
    });
    let skip = key.len() + 1 + usize::from(bang && keys.iter().any(|k| k.ends_with('!')));
    matched.then(|| setting.strip_prefix(skip))
}

/// Whether the parts of a dotted setting name match `pattern`, where `*` stands for one part
/// (`hooks.*` matches `hooks.pre-commit`).
fn key_matches<S: AsRef<str>>(key_parts: &[S], pattern: &str) -> bool {
    let parts: Vec<&str> = pattern.split('.').collect();
    parts.len() == key_parts.len()
        && parts
            .iter()
            .zip(key_parts)
            .all(|(part, key)| *part == "*" || part.eq_ignore_ascii_case(key.as_ref()))
}

/// The program, with its arguments, that a TOML setting `KEY = VALUE` names: VALUE whole when
/// KEY matches one of `programs`, split on whitespace (or an array of strings) when it matches
/// one of `command_lines`. A quoted part of the key (`target.'cfg(unix)'.runner`) is one part,
/// dots and all.
fn toml_setting_argv(setting: &Word, programs: &[&str], command_lines: &[&str]) -> Option<Vec<Word>> {
    // The key ends at the first `=` outside its quoted parts (`'cfg(target_os = "linux")'`).
    let mut parts = vec![String::new()];
    let mut quote = None;
    let mut value = None;
    for (at, c) in setting.text().char_indices() {
        match (quote, c) {
            (None, '=') => {
                value = Some(&setting.text()[at + 1..]);
                break;
            }
            (None, '\'' | '"') => quote = Some(c),
            (Some(open), _) if c == open => quote = None,
            (None, '.') => parts.push(String::new()),
            (None, c) if c.is_whitespace() => {}
            _ => parts.last_mut()?.push(c),
        }
    }
    let value = value?;
    let matches = |keys: &[&str]| keys.iter().any(|pattern| key_matches(&parts, pattern));
    let split = matches(command_lines);
    if !split && !matches(programs) {
        return None;
    }
    let value = value.trim();
    let strings = toml_strings(value)?;
    let words: Vec<&str> = if split && !value.starts_with('[') {
        strings.iter().flat_map(|string| string.split_whitespace()).collect()
    } else {
        strings.iter().map(String::as_str).collect()
    };
    (!words.is_empty()).then(|| words.iter().map(|word| Word::literal(word, setting.span)).collect())
}

/// The strings of a TOML value: one basic (`"…"`, with escapes) or literal (`'…'`) string, or an
/// array of them. `None` for anything else.
fn toml_strings(value: &str) -> Option<Vec<String>> {
    let inner = match value.strip_prefix('[') {
        Some(array) => array.strip_suffix(']')?,
        None => value,
    };
    let mut strings = Vec::new();
    let mut chars = inner.chars().peekable();
    loop {
        while chars.peek().is_some_and(|c| c.is_whitespace() || *c == ',') {
            chars.next();
        }
        let Some(open) = chars.next() else {
            break;
        };
        if open != '"' && open != '\'' {
            return None;
        }
        let mut string = String::new();
        loop {
            match chars.next()? {
                c if c == open => break,
                '\\' if open == '"' => match chars.next()? {
                    'n' => string.push('\n'),
                    't' => string.push('\t'),
                    other => string.push(other),
                },
                c => string.push(c),
            }
        }
        strings.push(string);
    }
    (!strings.is_empty()).then_some(strings)
}

/// The program a JSON object's `command`, `args` and `env` run (`{"command": "npx", "args":
/// ["-y", "server"]}`), by `via`; `None` when the word is not such an object.
fn json_command(json: &Word, via: String) -> Option<Execution> {
    let value: serde_json::Value = serde_json::from_str(json.text()).ok()?;
    let command = value.get("command")?.as_str()?;
    let literal = |text: &str| Word::literal(text, json.span);
    let mut argv = vec![literal(command)];
    if let Some(args) = value.get("args").and_then(serde_json::Value::as_array) {
        argv.extend(args.iter().map(|arg| literal(arg.as_str().unwrap_or("?"))));
    }
    // Its `env` is the program's environment (`"GIT_PAGER": …` runs with git).
    let assignments = value
        .get("env")
        .and_then(serde_json::Value::as_object)
        .into_iter()
        .flatten()
        .map(|(name, value)| (name.clone(), literal(value.as_str().unwrap_or("?"))))
        .collect();
    Some(Execution::Command {
        via,
        argv,
        assignments,
        cwd: None,
    })
}

/// Words split as a shell splits them (quotes kept together), or on whitespace when the quotes
/// do not pair up.
pub(super) fn split_words(word: &Word) -> Vec<Word> {
    let text = word.text();
    let pieces = shell_words::split(text).unwrap_or_else(|_| text.split_whitespace().map(str::to_owned).collect());
    pieces.iter().map(|piece| Word::literal(piece, word.span)).collect()
}

fn shell_code(via: String, words: Vec<Word>) -> Execution {
    Execution::Code {
        via,
        words,
        positional: Vec::new(),
        current_shell: false,
    }
}

fn code_in(via: String, language: Language, code: &Word) -> Execution {
    match language {
        Language::Shell => shell_code(via, vec![code.clone()]),
        language => Execution::Program {
            via,
            language,
            code: vec![code.clone()],
            args: Vec::new(),
        },
    }
}

/// Whether a program line starts a shell or an interpreter (`/bin/sh -i`, `python3`).
fn runs_code(program: &str) -> bool {
    let first = program.split([' ', ',']).next().unwrap_or("");
    let name = first.rsplit('/').next().unwrap_or(first).to_ascii_lowercase();
    crate::language::is_shell(&name) || Language::of_interpreter(&name).is_some() || name == "cmd.exe"
}

fn network_shell(via: String, program: &str) -> Execution {
    Execution::SocketShell {
        how: format!(
            "{via} gives `{program}` to whoever is at the other end of a network connection: they run commands unseen"
        ),
    }
}

/// A host folder bound into a container.
struct Mount {
    host: String,
    container: String,
    /// Whether the container may change it (not `:ro`, `readonly`, or podman's overlay `:O`,
    /// whose writes stay in the container).
    writable: bool,
}

/// The host folders a container's options bind into it.
fn bind_mounts(parsed: &Parsed, rest: &[Word], runtime: Runtime) -> Vec<Mount> {
    let mut mounts = Vec::new();
    let is_host_path = |path: &str| path.starts_with('/') || path.starts_with('~') || path.starts_with('.');
    let read_only = |options: &str| {
        options
            .split([',', ':'])
            .any(|option| matches!(option, "ro" | "readonly" | "O"))
    };
    // `-v HOST:CTR[:OPTIONS]`; apptainer's `-B SRC[:DEST[:OPTIONS]]`, several joined by commas,
    // its destination the source when not given.
    let (volumes, several, destination_optional) = match runtime {
        Runtime::Docker => (Some(Opt::Both('v', "volume")), false, false),
        Runtime::Apptainer | Runtime::ApptainerRun => (Some(Opt::Both('B', "bind")), true, true),
        Runtime::Containerd => (None, false, false),
    };
    for value in volumes.map(|option| option.values(parsed, rest)).unwrap_or_default() {
        let specs: Vec<&str> = if several {
            value.text().split(',').collect()
        } else {
            vec![value.text()]
        };
        for spec in specs {
            let mut fields = spec.splitn(3, ':');
            let host = fields.next().unwrap_or("");
            let container = match fields.next() {
                Some(container) => container,
                None if destination_optional => host,
                None => "",
            };
            if is_host_path(host) && container.starts_with('/') {
                mounts.push(Mount {
                    host: host.to_owned(),
                    container: container.to_owned(),
                    writable: !fields.next().is_some_and(read_only),
                });
            }
        }
    }
    // `--mount type=bind,source=HOST,target=CTR[,readonly]`; containerd's
    // `options=rbind:ro`.
    for value in Opt::Long("mount").values(parsed, rest) {
        let fields: Vec<(&str, &str)> = value
            .text()
            .split(',')
            .map(|field| field.split_once('=').unwrap_or((field, "true")))
            .collect();
        let field = |names: &[&str]| fields.iter().find(|(k, _)| names.contains(k)).map(|(_, v)| *v);
        let read_only = field(&["readonly", "ro"]).is_some_and(|value| matches!(value, "true" | "1"))
            || field(&["options"]).is_some_and(read_only);
        if field(&["type"]) == Some("bind")
            && let (Some(host), Some(container)) = (field(&["source", "src"]), field(&["target", "destination", "dst"]))
        {
            mounts.push(Mount {
                host: host.to_owned(),
                container: container.to_owned(),
                writable: !read_only,
            });
        }
    }
    // `apptainer --home SRC[:DEST]`: a home folder of the host's choosing.
    if matches!(runtime, Runtime::Apptainer | Runtime::ApptainerRun) {
        for value in Opt::Both('H', "home").values(parsed, rest) {
            let (host, container) = value.text().split_once(':').unwrap_or((value.text(), value.text()));
            if is_host_path(host) && container.starts_with('/') {
                mounts.push(Mount {
                    host: host.to_owned(),
                    container: container.to_owned(),
                    writable: true,
                });
            }
        }
    }
    mounts
}

/// The command a container runs: the arguments after the image, run by the entrypoint given
/// (`--entrypoint rm`) or the image's own when it is a tool (`amazon/aws-cli s3 ls` is `aws s3
/// ls`). `None` when it runs the image's default.
fn container_argv(parsed: &Parsed, rest: &[Word], skip: usize, runtime: Runtime) -> Option<Vec<Word>> {
    let first = parsed.first_operand?;
    let args = operand_index(parsed, rest, first, skip).map_or(&[][..], |start| &rest[start..]);
    // `--entrypoint ""` clears the image's: the arguments are the whole command.
    let entrypoint = match runtime {
        Runtime::Docker => Opt::Long("entrypoint").values(parsed, rest).pop(),
        Runtime::Containerd | Runtime::Apptainer | Runtime::ApptainerRun => None,
    };
    let image_tool = match runtime {
        Runtime::Docker | Runtime::ApptainerRun => rest[first]
            .value()
            .and_then(super::containers::image_tool)
            .map(|tool| Word::literal(tool, rest[first].span)),
        Runtime::Containerd | Runtime::Apptainer => None,
    };
    let program = match entrypoint {
        Some(entrypoint) => Some(entrypoint).filter(|entrypoint| !entrypoint.is("")),
        None => image_tool,
    };
    let argv: Vec<Word> = program.into_iter().chain(args.iter().cloned()).collect();
    (!argv.is_empty()).then_some(argv)
}

/// The command a container runs, its words under bind mounts written as the host's paths, and
/// how far it reaches the host: through a writable mount, through read-only ones only, or by
/// sharing the home folder and working directory (apptainer, uncontained).
fn container_command(
    via: String,
    parsed: &Parsed,
    rest: &[Word],
    argv: &[Word],
    mounts: &[Mount],
    runtime: Runtime,
) -> Execution {
    let (on_host_argv, under_mounts): (Vec<Word>, Vec<Option<bool>>) =
        argv.iter().map(|word| on_host(word, mounts)).unzip();
    // `-w /h -v /:/h … rm -rf etc`: relative paths start in the host's folder.
    let workdir = match runtime {
        Runtime::Docker | Runtime::Containerd => Opt::Both('w', "workdir"),
        Runtime::Apptainer | Runtime::ApptainerRun => Opt::Long("pwd"),
    };
    let host_cwd = workdir
        .values(parsed, rest)
        .last()
        .map(|workdir| on_host(workdir, mounts))
        .and_then(|(workdir, under_mount)| under_mount.map(|writable| (workdir, writable)));
    // Through the runtime's socket, what the container starts runs on the host.
    let writable = under_mounts.contains(&Some(true))
        || host_cwd.as_ref().is_some_and(|(_, writable)| *writable)
        || mounts.iter().any(|mount| is_runtime_socket(&mount.host))
        || shares_home_or_workdir(parsed, rest, runtime);
    let read_only = !writable && (under_mounts.contains(&Some(false)) || host_cwd.is_some());
    Execution::InContainer {
        via,
        argv: on_host_argv,
        reaches_host: writable,
        host_read_only: read_only,
        host_cwd: host_cwd.map(|(workdir, _)| workdir),
    }
}

/// Whether an apptainer container shares the host's home folder or working directory, as it
/// does unless told otherwise (`--contain`, `--containall`, `--compat`, `--no-home` with
/// `--no-mount cwd`): there its command works on the host's files, at the host's paths.
fn shares_home_or_workdir(parsed: &Parsed, rest: &[Word], runtime: Runtime) -> bool {
    if !matches!(runtime, Runtime::Apptainer | Runtime::ApptainerRun) {
        return false;
    }
    let contained = [
        Opt::Both('c', "contain"),
        Opt::Both('C', "containall"),
        Opt::Long("compat"),
    ]
    .iter()
    .any(|option| option.given(parsed, rest));
    let not_mounted: Vec<String> = Opt::Long("no-mount")
        .values(parsed, rest)
        .iter()
        .flat_map(|value| value.text().split(',').map(str::to_owned).collect::<Vec<_>>())
        .collect();
    let home = !Opt::Long("no-home").given(parsed, rest) && !not_mounted.iter().any(|mount| mount == "home");
    let workdir = !not_mounted.iter().any(|mount| mount == "cwd");
    !contained && (home || workdir)
}

/// The container runtimes' control sockets: whoever holds one starts containers on the host,
/// with any of its folders mounted.
fn is_runtime_socket(path: &str) -> bool {
    ["docker.sock", "podman.sock", "containerd.sock", "crio.sock"]
        .iter()
        .any(|socket| path.ends_with(socket))
}

/// Host folders that give a container the machine: its root, its configuration, the kernel's
/// views of it, a home folder (`~`, `/home/NAME`, `/Users/NAME`) with its keys.
pub fn is_host_folder(path: &str) -> bool {
    let path = path.trim_end_matches('/');
    let home_of_someone = ["/home/", "/Users/"].iter().any(|base| {
        path.strip_prefix(base)
            .is_some_and(|user| !user.is_empty() && !user.contains('/'))
    });
    matches!(
        path,
        "" | "/etc" | "/root" | "/boot" | "/proc" | "/sys" | "/dev" | "/var/run" | "/run" | "/var/lib/docker" | "~"
    ) || home_of_someone
        || is_runtime_socket(path)
}

/// How a container's options give it the host: privileged, the host's processes, capabilities
/// that reach the kernel, confinement turned off, a raw disk, or a host folder or the runtime's
/// socket bind-mounted. `None` for a confined container.
fn host_access(parsed: &Parsed, rest: &[Word], mounts: &[Mount]) -> Option<String> {
    let privileged = parsed
        .args
        .iter()
        .any(|arg| arg.is_long("privileged") && arg.value().is_none_or(|value| !value.is("false")));
    if privileged {
        return Some("runs the container privileged: it can mount the host's disks and reach its kernel".into());
    }
    let value_is = |option: &'static str, wanted: &[&str]| {
        Opt::Long(option).values(parsed, rest).into_iter().find(|value| {
            let text = value.text().to_ascii_uppercase();
            let text = text.strip_prefix("CAP_").unwrap_or(&text);
            wanted.iter().any(|w| text == *w || text.contains(w))
        })
    };
    if let Some(value) = value_is("pid", &["HOST"]) {
        return Some(format!("shares the host's processes (`--pid={}`)", value.text()));
    }
    if let Some(value) = value_is(
        "cap-add",
        &[
            "SYS_ADMIN",
            "ALL",
            "SYS_PTRACE",
            "SYS_MODULE",
            "DAC_READ_SEARCH",
            "SYS_RAWIO",
        ],
    ) {
        return Some(format!(
            "gives the container the capability {}, which reaches the host",
            value.text()
        ));
    }
    if let Some(value) = value_is("security-opt", &["UNCONFINED", "LABEL=DISABLE", "LABEL:DISABLE"]) {
        return Some(format!(
            "turns the container's confinement off (`--security-opt {}`)",
            value.text()
        ));
    }
    if let Some(device) = Opt::Long("device").values(parsed, rest).into_iter().find(|device| {
        let path = device.text().split(':').next().unwrap_or("");
        crate::checks::disk::is_block_device(path) || matches!(path, "/dev/mem" | "/dev/kmem" | "/dev/port")
    }) {
        return Some(format!("gives the container the host's device {}", device.text()));
    }
    mounts.iter().find(|mount| is_host_folder(&mount.host)).map(|mount| {
        let host = if mount.host.trim_end_matches('/').is_empty() {
            "/"
        } else {
            mount.host.as_str()
        };
        let read_only = if mount.writable {
            ""
        } else {
            " (read-only: every file on it readable, as root)"
        };
        format!("mounts the host's {host} at {}{read_only}", mount.container)
    })
}

/// A word of a container's command with a path under a bind mount written as the host's: the
/// whole word (`/host/etc`), or paths inside shell code (`sh -c 'rm -rf /host/etc'`); and, when
/// it names such a path, whether the mount is writable.
fn on_host(word: &Word, mounts: &[Mount]) -> (Word, Option<bool>) {
    let text = word.text();
    if let Some(code) = word.value()
        && code.contains(char::is_whitespace)
        && let Some((mapped, writable)) = mounts.iter().find_map(|mount| {
            paths_in_code_on_host(code, &mount.host, &mount.container).map(|mapped| (mapped, mount.writable))
        })
    {
        return (Word::literal(&mapped, word.span), Some(writable));
    }
    for mount in mounts {
        let container = mount.container.trim_end_matches('/');
        let Some(rest) = text.strip_prefix(container) else {
            continue;
        };
        if rest.is_empty() || rest.starts_with('/') {
            // `-v /:/host`: `/host/etc` is `/etc`, not `//etc`.
            let host = mount.host.trim_end_matches('/');
            let path = match (host.is_empty(), rest.is_empty()) {
                (true, true) => "/".to_owned(),
                (true, false) => rest.to_owned(),
                (false, _) => format!("{host}{rest}"),
            };
            return (Word::literal(&path, word.span), Some(mount.writable));
        }
    }
    (word.clone(), None)
}

/// `code` with each path that starts with the mount point `container` (after a space, a quote,
/// `=`, `:` or `(`) written as under `host`; `None` when there is none.
fn paths_in_code_on_host(code: &str, host: &str, container: &str) -> Option<String> {
    let container = container.trim_end_matches('/');
    let host = host.trim_end_matches('/');
    if container.is_empty() || !code.contains(container) {
        return None;
    }
    let mut out = String::with_capacity(code.len());
    let mut changed = false;
    let mut rest = code;
    while let Some(at) = rest.find(container) {
        let before = if at > 0 {
            rest[..at].chars().last()
        } else {
            out.chars().last()
        };
        let after = rest[at + container.len()..].chars().next();
        let starts_path = before.is_none_or(|c| c.is_whitespace() || "'\"=:(;&|<>".contains(c));
        let ends_path = after.is_none_or(|c| c == '/' || c.is_whitespace() || "'\";&|)".contains(c));
        out.push_str(&rest[..at]);
        if starts_path && ends_path {
            let rooted = host.is_empty() && after.is_none_or(|c| c != '/');
            out.push_str(if rooted { "/" } else { host });
            changed = true;
        } else {
            out.push_str(container);
        }
        rest = &rest[at + container.len()..];
    }
    out.push_str(rest);
    changed.then_some(out)
}

#[cfg(test)]
mod tests {
    use super::super::FAMILIES;

    #[test]
    fn entries_name_programs_as_the_walk_does() {
        // The walk lowercases a program's name and drops `.exe` (`Rscript` is `rscript`).
        for family in FAMILIES {
            for entry in family.entries {
                assert!(!entry.carriers.is_empty(), "{:?} runs nothing", entry.names);
                for name in entry.names {
                    assert_eq!(
                        *name,
                        name.to_lowercase(),
                        "{name} in {} must be lowercase",
                        family.name
                    );
                    assert!(!name.ends_with(".exe"), "{name} in {}", family.name);
                }
            }
        }
    }
}
