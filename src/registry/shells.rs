//! Commands that run shell code given as a string, read from standard input or from a file:
//! shells, `eval`, `source`, `trap`, `su -c`, `ssh host cmd`, `watch`, `script -c`, `tmux`,
//! `screen`, `direnv allow`, which makes a folder's `.envrc` run whenever a shell enters it,
//! and `declare -a NAME='(…)'`, whose text bash reads as an array's list.

use super::Execution;
use crate::args::{self, Arg, Options};
use crate::command::Command;
use crate::language::{Language, is_shell};
use crate::word::{Part, Word};

/// The builtins and programs read here besides the shells.
pub const BUILTINS: &[&str] = &[
    "alias", "eval", "source", ".", "trap", "su", "runuser", "ssh", "watch", "script", "tmux", "byobu", "screen",
    "declare", "typeset", "local", "readonly", "export",
];

pub fn executions(command: &Command) -> Option<Vec<Execution>> {
    let name = command.name.as_str();
    let args = command.args();
    let found = match name {
        _ if is_shell(name) => {
            let mut found = moved_startup_files(name, command);
            found.extend(shell(name, args));
            found
        }
        "alias" => alias(args),
        "eval" => vec![Execution::Code {
            via: "eval".into(),
            words: args.to_vec(),
            positional: Vec::new(),
            current_shell: true,
        }],
        "source" | "." => source(name, args),
        "direnv" => {
            let envrc = direnv_allowed(command)?;
            vec![Execution::File {
                via: "direnv allow".into(),
                path: envrc,
                language: Language::Shell,
                current_shell: false,
            }]
        }
        "trap" => trap(args),
        "su" | "runuser" => su(name, args),
        "ssh" => ssh(args),
        "watch" => watch(args),
        "script" => script(args),
        "tmux" | "byobu" => tmux(args),
        "screen" => screen(args),
        "declare" | "typeset" | "local" | "readonly" | "export" => array_lists(name, args),
        _ => return None,
    };
    Some(found)
}

/// `declare -a NAME='(…)'` (and `-A`, `typeset`, `local`, `readonly`, `export`): given the array
/// attribute, bash reads a value that is text in parentheses as the array's list of elements,
/// as if `NAME=(…)` had been written, so the substitutions in it run (`'($(rm -rf ~))'`) and its
/// words become the elements. A value only known when it runs (`declare -a a=$x`) may be such a
/// text: it is code whose text is not known, as `eval "$x"` is.
fn array_lists(name: &str, args: &[Word]) -> Vec<Execution> {
    let options_end = args
        .iter()
        .position(|word| {
            !word
                .value()
                .is_some_and(|text| text.len() > 1 && text.starts_with(['-', '+']) && text != "--")
        })
        .unwrap_or(args.len());
    let array_attribute = args[..options_end]
        .iter()
        .filter_map(Word::value)
        .any(|option| option.starts_with('-') && option.contains(['a', 'A']));
    if !array_attribute {
        return Vec::new();
    }
    let operands = args[options_end..].iter().skip_while(|word| word.is("--"));
    operands
        .filter(|word| {
            let text = word.text();
            let Some(equals) = text.find('=') else { return false };
            let assigned = text[..equals].strip_suffix('+').unwrap_or(&text[..equals]);
            let value = word.strip_prefix(equals + 1);
            crate::word::is_name(assigned) && may_be_list(&value)
        })
        .map(|assignment| Execution::Code {
            via: format!("{name} -a (a value in parentheses is read as the array's list)"),
            words: vec![assignment.clone()],
            positional: Vec::new(),
            current_shell: true,
        })
        .collect()
}

/// Whether `value` is, or may be when it runs, text in parentheses.
fn may_be_list(value: &Word) -> bool {
    let opens = match value.parts.first() {
        Some(Part::Literal { text, .. }) => text.starts_with('('),
        Some(Part::Dynamic(_)) => true,
        None => false,
    };
    let closes = match value.parts.last() {
        Some(Part::Literal { text, .. }) => text.ends_with(')'),
        Some(Part::Dynamic(_)) => true,
        None => false,
    };
    opens && closes
}

/// `bash [options] -c CODE [name args…]`, `bash [options] [script [args…]]`, `bash -s`.
fn shell(name: &str, args: &[Word]) -> Vec<Execution> {
    let mut command_string = false;
    let mut read_stdin = false;
    // `--rcfile FILE`/`--init-file FILE`: an interactive shell (`-i`, or one on a terminal) runs
    // FILE before anything else, in place of `~/.bashrc`.
    let mut startup_files = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let Some(text) = args[i].value() else { break };
        if text == "--" || text == "-" {
            i += 1;
            if text == "-" {
                read_stdin = true;
            }
            break;
        }
        if let Some(long) = text.strip_prefix("--") {
            if long == "command" {
                command_string = true;
            } else if let Some(code) = long.strip_prefix("command=") {
                let code = args[i].strip_prefix(text.len() - code.len());
                return vec![code_execution(name, vec![code], args[i + 1..].to_vec())];
            } else if matches!(long, "rcfile" | "init-file") {
                i += 1;
                startup_files.extend(args.get(i).map(|file| Execution::File {
                    via: format!("{name} --{long}"),
                    path: file.clone(),
                    language: Language::Shell,
                    current_shell: false,
                }));
            }
            i += 1;
            continue;
        }
        if (text.starts_with('-') || text.starts_with('+')) && text.len() > 1 {
            let flags = &text[1..];
            if flags.contains('c') {
                command_string = true;
            }
            if flags.contains('s') {
                read_stdin = true;
            }
            // `bash -n x.sh` reads the code without running any of it.
            if flags.contains('n') && text.starts_with('-') {
                return Vec::new();
            }
            if flags.ends_with('o') || flags.ends_with('O') {
                i += 1;
            }
            i += 1;
            continue;
        }
        break;
    }
    let operands = &args[i.min(args.len())..];
    let via = name.to_owned();
    let run = if command_string {
        operands
            .split_first()
            .map(|(code, positional)| code_execution(name, vec![code.clone()], positional.to_vec()))
    } else if read_stdin || operands.is_empty() {
        Some(Execution::Stdin {
            via,
            language: Language::Shell,
        })
    } else {
        Some(Execution::File {
            via,
            path: operands[0].clone(),
            language: Language::Shell,
            current_shell: false,
        })
    };
    startup_files.into_iter().chain(run).collect()
}

/// The startup files a shell reads from a folder its own environment names (`HOME=/tmp/h bash
/// -l`, `ZDOTDIR=… zsh -i`): code run before anything else, from a place the command may have
/// just written. Those under the user's own home are the user's own, and not read here.
fn moved_startup_files(name: &str, command: &Command) -> Vec<Execution> {
    let value_of = |variable: &str| {
        command
            .environment()
            .filter(|(set, _)| *set == variable)
            .last()
            .and_then(|(_, value)| value.value())
    };
    let (mut login, mut interactive) = (false, false);
    for text in command.args().iter().map_while(Word::value) {
        match text {
            "--login" => login = true,
            "--interactive" => interactive = true,
            _ if text.starts_with('-') && !text.starts_with("--") => {
                login |= text.contains('l');
                interactive |= text.contains('i');
            }
            _ => break,
        }
    }
    let (folder, files): (Option<&str>, Vec<&str>) = match name {
        "bash" => {
            let mut files = Vec::new();
            if login {
                files.extend([".bash_profile", ".bash_login", ".profile"]);
            } else if interactive {
                files.push(".bashrc");
            }
            (value_of("HOME"), files)
        }
        "zsh" => {
            let mut files = vec![".zshenv"];
            if login {
                files.extend([".zprofile", ".zlogin"]);
            }
            if interactive {
                files.push(".zshrc");
            }
            (value_of("ZDOTDIR").or_else(|| value_of("HOME")), files)
        }
        _ if login => (value_of("HOME"), vec![".profile"]),
        _ => (None, Vec::new()),
    };
    let Some(folder) = folder else {
        return Vec::new();
    };
    let span = command.span;
    files
        .into_iter()
        .map(|file| Execution::File {
            via: format!("{name} (startup file)"),
            path: Word::literal(&format!("{}/{file}", folder.trim_end_matches('/')), span),
            language: Language::Shell,
            current_shell: false,
        })
        .collect()
}

fn code_execution(name: &str, words: Vec<Word>, positional: Vec<Word>) -> Execution {
    Execution::Code {
        via: format!("{name} -c"),
        words,
        positional,
        current_shell: false,
    }
}

/// `source FILE`, `. FILE`: `/dev/stdin` and process substitutions are code to read.
fn source(name: &str, args: &[Word]) -> Vec<Execution> {
    let Some(file) = args.first() else {
        return Vec::new();
    };
    if matches!(file.value(), Some("/dev/stdin" | "-" | "/proc/self/fd/0" | "/dev/fd/0")) {
        return vec![Execution::Stdin {
            via: name.to_owned(),
            language: Language::Shell,
        }];
    }
    vec![Execution::File {
        via: name.to_owned(),
        path: file.clone(),
        language: Language::Shell,
        current_shell: true,
    }]
}

/// The `.envrc` that `direnv allow [PATH]` (`permit`, `grant`) approves: the file named, or the
/// one in the folder named, else the current folder's. direnv runs it from then on each time a
/// shell enters that folder, outside any hook.
pub fn direnv_allowed(command: &Command) -> Option<Word> {
    if command.name != "direnv" {
        return None;
    }
    let args = command.args();
    let verb = args.iter().position(|word| !word.text().starts_with('-'))?;
    if !matches!(args[verb].value(), Some("allow" | "permit" | "grant")) {
        return None;
    }
    let span = args[verb].span;
    let Some(path) = args[verb + 1..].iter().find(|word| !word.text().starts_with('-')) else {
        return Some(Word::literal(".envrc", span));
    };
    let text = path.text();
    let file = text.rsplit('/').next().unwrap_or(text);
    if matches!(file, ".envrc" | ".env") {
        return Some(path.clone());
    }
    Some(Word::literal(
        &format!("{}/.envrc", text.trim_end_matches('/')),
        path.span,
    ))
}

/// `alias name='code'`: the code runs wherever the name is used next, so it is judged now.
fn alias(args: &[Word]) -> Vec<Execution> {
    args.iter()
        .filter(|word| !word.text().starts_with('-') && word.text().contains('='))
        .map(|word| {
            let name_length = word.text().find('=').unwrap_or(0) + 1;
            Execution::Code {
                via: format!("alias {}", &word.text()[..name_length - 1]),
                words: vec![word.strip_prefix(name_length)],
                positional: Vec::new(),
                current_shell: true,
            }
        })
        .collect()
}

/// `trap 'code' SIGNAL…`: the code runs when the signal (or exit) comes.
fn trap(args: &[Word]) -> Vec<Execution> {
    let operands: Vec<&Word> = args
        .iter()
        .skip_while(|w| w.value().is_some_and(|t| t.starts_with('-') && t != "-"))
        .collect();
    match operands.as_slice() {
        [action, _signal, ..] if !action.is("-") && !action.is("") => vec![Execution::Code {
            via: "trap".into(),
            words: vec![(*action).clone()],
            positional: Vec::new(),
            current_shell: true,
        }],
        _ => Vec::new(),
    }
}

/// `su [-] [user] -c CODE`; without `-c`, su starts a shell (judged by the privilege checker).
fn su(name: &str, args: &[Word]) -> Vec<Execution> {
    const OPTIONS: Options = Options::gnu(
        "cCsgGwu",
        &[
            "command",
            "session-command",
            "shell",
            "group",
            "supp-group",
            "whitelist-environment",
            "user",
        ],
    );
    let parsed = args::parse(args, &OPTIONS);
    let code = parsed
        .args
        .iter()
        .rev()
        .find(|arg| arg.is_short('c') || arg.is_short('C') || arg.is_long("command") || arg.is_long("session-command"))
        .and_then(Arg::value);
    if let Some(code) = code {
        return vec![Execution::Code {
            via: format!("{name} -c"),
            words: vec![code.clone()],
            positional: Vec::new(),
            current_shell: false,
        }];
    }
    // `runuser -u user -- cmd args`: the words after `--` are a command.
    if name == "runuser" && parsed.value_of('u', "user").is_some() {
        let operands: Vec<Word> = parsed.operands().cloned().collect();
        if !operands.is_empty() {
            return vec![Execution::Command {
                via: name.to_owned(),
                argv: operands,
                assignments: Vec::new(),
                cwd: None,
            }];
        }
    }
    Vec::new()
}

/// The options of ssh that take a value.
pub const SSH_OPTIONS: Options = Options::posix("BbcDEeFIiJLlmOoPpQRSWw", &[]);

/// `ssh [options] host [command…]`: the command runs on the host; it is judged as if local.
/// `ssh [options] host [command…]`. The `ProxyCommand` and `LocalCommand` options run here,
/// through a shell, before anything reaches the host.
fn ssh(args: &[Word]) -> Vec<Execution> {
    let first = args::parse(args, &SSH_OPTIONS);
    let mut found: Vec<Execution> = local_commands(&first).collect();
    let Some(host_index) = first.first_operand else {
        return found;
    };
    let after_host = &args[host_index + 1..];
    let second = args::parse(after_host, &SSH_OPTIONS);
    found.extend(local_commands(&second));
    let Some(command_index) = second.first_operand else {
        return found;
    };
    if !first.has_short('N') && !second.has_short('N') {
        found.push(Execution::Code {
            via: "ssh".into(),
            words: after_host[command_index..].to_vec(),
            positional: Vec::new(),
            current_shell: false,
        });
    }
    found
}

/// The `-o ProxyCommand=…` and `-o LocalCommand=…` values of ssh options.
fn local_commands<'a>(parsed: &'a args::Parsed) -> impl Iterator<Item = Execution> + 'a {
    parsed.args.iter().filter_map(|arg| {
        let value = arg.value().filter(|_| arg.is_short('o'))?;
        let text = value.text();
        let (key, _) = text.split_once(['=', ' '])?;
        let key = key.trim().to_ascii_lowercase();
        (key == "proxycommand" || key == "localcommand").then(|| Execution::Code {
            via: format!("ssh -o {key}"),
            words: vec![value.strip_prefix(key.len() + 1)],
            positional: Vec::new(),
            current_shell: false,
        })
    })
}

/// `watch [options] command…`: run through `sh -c`, or directly with `-x`.
fn watch(args: &[Word]) -> Vec<Execution> {
    const OPTIONS: Options = Options::posix("nq", &["interval", "equexit", "shotsdir"]);
    let parsed = args::parse(args, &OPTIONS);
    let Some(start) = parsed.first_operand else {
        return Vec::new();
    };
    let words = args[start..].to_vec();
    if parsed.has('x', "exec") {
        return vec![Execution::Command {
            via: "watch -x".into(),
            argv: words,
            assignments: Vec::new(),
            cwd: None,
        }];
    }
    vec![Execution::Code {
        via: "watch".into(),
        words,
        positional: Vec::new(),
        current_shell: false,
    }]
}

/// The options of util-linux `script` that take a value.
pub const SCRIPT_OPTIONS: Options = Options::gnu(
    "cEIOBTmt",
    &[
        "command",
        "echo",
        "log-in",
        "log-out",
        "log-io",
        "log-timing",
        "logging-format",
    ],
);

/// `script -c CODE [file]` (util-linux), `script [-q] file command…` (BSD); with no command,
/// the user's shell, interactive on the terminal `script` makes, reading its input.
fn script(args: &[Word]) -> Vec<Execution> {
    let parsed = args::parse(args, &SCRIPT_OPTIONS);
    if let Some(code) = parsed.value_of('c', "command") {
        return vec![Execution::Code {
            via: "script -c".into(),
            words: vec![code.clone()],
            positional: Vec::new(),
            current_shell: false,
        }];
    }
    let operands: Vec<Word> = parsed.operands().cloned().collect();
    if operands.len() >= 2 {
        return vec![Execution::Command {
            via: "script".into(),
            argv: operands[1..].to_vec(),
            assignments: Vec::new(),
            cwd: None,
        }];
    }
    vec![Execution::Stdin {
        via: "script (the user's shell)".into(),
        language: Language::Shell,
    }]
}

/// `tmux new-session|new-window|split-window|respawn-pane [options] [shell-command…]`, and
/// `tmux send-keys … 'text' Enter`, which types the text into a shell. One shell-command is
/// run by a shell; several are an argv since tmux 3.0, and were joined into shell code before:
/// both readings are judged.
fn tmux(args: &[Word]) -> Vec<Execution> {
    const GLOBAL: Options = Options::posix("LSfcT", &[]);
    const COMMAND: Options = Options::posix("cnstxyeFlLbBw", &[]);
    let global = args::parse(args, &GLOBAL);
    let Some(start) = global.first_operand else {
        return Vec::new();
    };
    let Some(subcommand) = args[start].value() else {
        return Vec::new();
    };
    let rest = &args[start + 1..];
    let parsed = args::parse(rest, &COMMAND);
    let operands: Vec<Word> = match parsed.first_operand {
        Some(index) => rest[index..].to_vec(),
        None => return Vec::new(),
    };
    let via = format!("tmux {subcommand}");
    let words = match subcommand {
        "new-session" | "new" | "new-window" | "neww" | "split-window" | "splitw" | "respawn-pane" | "respawnp"
        | "respawn-window" | "respawnw" => operands,
        "send-keys" | "send" => operands
            .into_iter()
            .filter(|w| !matches!(w.value(), Some("Enter" | "C-m" | "KPEnter" | "C-j" | "C-c" | "Escape")))
            .collect(),
        _ => return Vec::new(),
    };
    let mut found = Vec::new();
    if words.len() > 1 && !subcommand.starts_with("send") {
        found.push(Execution::Command {
            via: via.clone(),
            argv: words.clone(),
            assignments: Vec::new(),
            cwd: None,
        });
    }
    if !words.is_empty() {
        found.push(Execution::Code {
            via,
            words,
            positional: Vec::new(),
            current_shell: false,
        });
    }
    found
}

/// `screen [options] [cmd args…]` runs its argv in a new session (no shell); `screen -X CMD`
/// sends a screen command to a running session: `stuff 'text'` types the text into its shell
/// (`^M`, `\n`, `\r` end a line), `screen`/`exec cmd args…` run an argv, `eval 'cmd' …` and
/// `at WINDOW cmd …` run more screen commands.
fn screen(args: &[Word]) -> Vec<Execution> {
    // `-r`, `-R` and `-x` name the session to attach to; `-s` the shell of new windows.
    const OPTIONS: Options = Options::posix("ScehpTtsrRx", &[]);
    let parsed = args::parse(args, &OPTIONS);
    let operands: Vec<Word> = parsed.operands().cloned().collect();
    if parsed.args.iter().any(|arg| arg.is_short('X')) {
        return screen_command(&operands, 0);
    }
    if operands.is_empty() {
        return Vec::new();
    }
    vec![Execution::Command {
        via: "screen".into(),
        argv: operands,
        assignments: Vec::new(),
        cwd: None,
    }]
}

/// What one screen command (`stuff`, `exec`, `screen`, `eval`, `at`) runs, `depth` commands in.
fn screen_command(words: &[Word], depth: usize) -> Vec<Execution> {
    let Some(name) = words.first().and_then(Word::value) else {
        return Vec::new();
    };
    match name {
        "stuff" => words[1..]
            .iter()
            .map(|text| {
                let typed = ["^M", "^J", "\\n", "\\r", "\\015", "\\012"]
                    .iter()
                    .fold(text.text().to_owned(), |typed, end| typed.replace(end, "\n"));
                Execution::Code {
                    via: "screen -X stuff".into(),
                    words: vec![Word::literal(&typed, text.span)],
                    positional: Vec::new(),
                    current_shell: false,
                }
            })
            .collect(),
        "screen" | "exec" if words.len() > 1 => vec![Execution::Command {
            via: format!("screen -X {name}"),
            argv: words[1..].to_vec(),
            assignments: Vec::new(),
            cwd: None,
        }],
        // Each argument of `eval` is a command line of its own.
        "eval" if depth < 4 => words[1..]
            .iter()
            .flat_map(|line| {
                let pieces: Vec<Word> = shell_words::split(line.text())
                    .unwrap_or_default()
                    .iter()
                    .map(|piece| Word::literal(piece, line.span))
                    .collect();
                screen_command(&pieces, depth + 1)
            })
            .collect(),
        "at" if depth < 4 && words.len() > 2 => screen_command(&words[2..], depth + 1),
        _ => Vec::new(),
    }
}
