//! Processes: `kill -9 -1` and `kill -- -1` signal every process the user may signal, the
//! agent's own session and the editor included. A lone `kill -1` names signal 1 and no process:
//! bash prints its usage and signals nothing. Killing by a name or pattern that every runtime,
//! shell, browser or editor process matches (`killall node`, `pkill -f python`, `taskkill /IM
//! chrome.exe`), the caller's process group (`kill 0`) or the agent's parent asks: it stops the
//! agent itself or the user's unrelated programs. A pattern that names one program passes
//! (`pkill -f "next dev"`). So does ending every session of a terminal multiplexer (`tmux
//! kill-server`, `zellij kill-all-sessions`) or the one a command is sent to by default (`screen
//! -X quit`): the agent's own terminal is likely among them. A server or session named for the
//! work (`tmux -L test kill-server`, `tmux kill-session -t work`) passes.

use super::{ASK, Applies, Checker, DENY, Report, Subject};
use crate::command::Command;
use crate::paths::glob_matches;
use crate::rules::Rule;
use crate::tools::long_options;
use crate::word::{DynamicKind, Word};

pub const CHECKER: Checker = Checker {
    rules: &[&KILL_ALL_PROCESSES, &KILL_BROAD],
    applies: Applies::Commands(&[
        "kill", "killall5", "killall", "pkill", "taskkill", "tskill", "wmic", "loginctl", "fuser", "tmux", "screen",
        "zellij",
    ]),
    check,
    whole_analysis: None,
};

pub static KILL_ALL_PROCESSES: Rule = Rule {
    id: "kill-all-processes",
    decision: DENY,
    catches: "Signalling every process at once: `kill -9 -1`, `kill -s TERM -1`, `kill -- -1`, `killall5`, `loginctl kill-user`/`terminate-user`.",
    instead: "Kill the specific process by its PID (`pgrep` finds it)",
    examples: &[
        "kill -9 -1",
        "kill -KILL -1",
        "kill -s TERM -1",
        "kill -- -1",
        "killall5 -9",
        "loginctl terminate-user user",
    ],
    allowed: &[
        "kill -9 1234",
        "kill -1 1234",
        "kill %1",
        "kill -TERM 4242",
        "kill -1",
        "loginctl list-sessions",
    ],
};

pub static KILL_BROAD: Rule = Rule {
    id: "kill-broad",
    decision: ASK,
    catches: "Killing by a name or pattern that every process of a runtime, shell, browser, editor or agent matches (`killall node`, `pkill -f python`, `taskkill /IM chrome.exe`), every process of a user (`pkill -u $USER`), the caller's process group (`kill 0`, `kill -- -$$`, `kill -- -$PPID`), the PIDs a broad search finds (`ps aux | grep node | awk '{print $2}' | xargs kill`), every process using a file system (`fuser -km /home`), the agent's parent (`kill $PPID`), every terminal multiplexer session (`tmux kill-server`, `tmux kill-session -a`, `zellij kill-all-sessions`) or the one `screen -X quit` reaches without `-S`, or every process a `taskkill` filter selects by user, session or status (`/FI \"USERNAME eq alice\"`): the agent itself and the user's unrelated programs stop with it.",
    instead: "Kill the one process meant: by its PID (`pgrep -f 'node server.js'` finds it), or with a pattern that names only it (`pkill -f 'next dev'`)",
    examples: &[
        "killall node",
        "killall -9 \"Google Chrome\"",
        "pkill -f python",
        "pkill -9 node",
        "pkill -u $USER",
        "kill -9 $(pgrep node)",
        "pgrep -f python | xargs kill -9",
        "taskkill /F /IM node.exe",
        "taskkill //F //IM chrome.exe",
        "taskkill /F /FI \"IMAGENAME eq node.exe\"",
        "wmic process where name='node.exe' delete",
        "ps aux | grep node | grep -v grep | awk '{print $2}' | xargs kill -9",
        "pgrep -f python | while read pid; do kill \"$pid\"; done",
        "kill 0",
        "kill -9 $PPID",
        "kill -- -$$",
        "tmux kill-server",
        "tmux kill-session -a -t work",
        "screen -X quit",
        "zellij kill-all-sessions --yes",
        "taskkill /F /FI \"USERNAME eq alice\"",
        "taskkill /F /FI \"STATUS eq RUNNING\"",
        "taskkill /F /FI \"USERNAME ne NT*\" /IM *",
    ],
    allowed: &[
        "pkill -f \"next dev\"",
        "pkill -9 -f vite",
        "killall my-server",
        "killall Finder",
        "taskkill /PID 4242 /F",
        "taskkill /F /IM node.exe /FI \"WINDOWTITLE eq dev-server*\"",
        "wmic process where processid=4242 delete",
        "ps aux | grep 'next dev' | awk '{print $2}' | xargs kill",
        "kill $!",
        "kill -0 $$",
        "tmux kill-session -t work",
        "tmux -L test kill-server",
        "tmux ls",
        "screen -S build -X quit",
        "zellij kill-session work",
        "taskkill /F /FI \"PID eq 4242\"",
        "taskkill /F /FI \"WINDOWTITLE eq dev-server*\"",
        "taskkill /F /IM myapp.exe /FI \"USERNAME eq alice\"",
    ],
};

/// Programs whose every process a broad kill stops: runtimes and shells (the agent runs on one,
/// and so does much else), browsers, editors, terminals and the agents themselves. Compared
/// without case and without `.exe`.
const BROAD_TARGETS: &[&str] = &[
    // Runtimes: the agent is one of their processes (Claude Code, Codex and Gemini CLI on node).
    "node",
    "nodejs",
    "python",
    "python3",
    "python2",
    "py",
    "pythonw",
    "ruby",
    "java",
    "javaw",
    "deno",
    "bun",
    "php",
    "perl",
    "dotnet",
    "electron",
    "conhost",
    // Shells and terminals: the agent's own session.
    "bash",
    "sh",
    "zsh",
    "fish",
    "dash",
    "ksh",
    "tcsh",
    "csh",
    "pwsh",
    "powershell",
    "cmd",
    "tmux",
    "screen",
    "sshd",
    "terminal",
    "iterm2",
    "windowsterminal",
    "wt",
    "explorer",
    // Browsers and editors: the user's own work.
    "chrome",
    "google chrome",
    "chromium",
    "chromium-browser",
    "firefox",
    "safari",
    "msedge",
    "microsoft edge",
    "brave",
    "brave browser",
    "opera",
    "arc",
    "code",
    "code helper",
    "cursor",
    "windsurf",
    "zed",
    "vim",
    "nvim",
    "emacs",
    "idea",
    "idea64",
    "pycharm",
    "pycharm64",
    "webstorm",
    "webstorm64",
    "sublime_text",
    "subl",
    // Agents.
    "claude",
    "codex",
    "gemini",
    "copilot",
    "aider",
    "goose",
];

/// Whether `name`, a process name as written (`node.exe`, `"Google Chrome"`), is one of the
/// [`BROAD_TARGETS`].
fn is_broad_name(name: &str) -> bool {
    let name = name.trim().to_lowercase();
    let name = name.strip_suffix(".exe").unwrap_or(&name);
    BROAD_TARGETS.contains(&name)
}

fn check(subject: &Subject, report: &mut Report) {
    let command = subject.command;
    if sends_signal_zero(&command.name, command.args()) {
        return;
    }
    let broad = match command.name.as_str() {
        "killall" => killall_broad(command.args()),
        "pkill" => pkill_broad(command.args()),
        "taskkill" | "tskill" => taskkill_broad(command.args()),
        "wmic" => wmic_broad(command.args()),
        "tmux" => tmux_broad(command.args()),
        "screen" => screen_broad(command.args()),
        "zellij" => zellij_broad(command.args()),
        _ => None,
    };
    if let Some(what) = broad {
        report.flag(
            &KILL_BROAD,
            command.span,
            format!(
                "`{}` would stop {what}: the agent itself or the user's other programs among them",
                command.name
            ),
        );
        return;
    }
    // `loginctl kill-user`, `terminate-user`: every process of a user, the agent's included.
    if command.name == "loginctl"
        && command
            .args()
            .first()
            .is_some_and(|verb| verb.is("kill-user") || verb.is("terminate-user"))
    {
        report.flag(
            &KILL_ALL_PROCESSES,
            command.span,
            "`loginctl` would stop every process of the user, the agent and the editor included",
        );
        return;
    }
    // `fuser -k`: whatever has a file open there; with `-m`, anywhere on that file system.
    if command.name == "fuser" {
        let flags: String = command
            .args()
            .iter()
            .filter_map(|word| word.value())
            .filter(|text| text.starts_with('-') && !text.starts_with("--"))
            .collect();
        if flags.contains('k') && flags.contains('m') {
            report.flag(
                &KILL_BROAD,
                command.span,
                "`fuser -km` would stop every process using the file system, the agent's shell among them",
            );
        }
        return;
    }
    if command.name == "killall5" {
        report.flag(
            &KILL_ALL_PROCESSES,
            command.span,
            "`killall5` would signal every process on the machine",
        );
        return;
    }
    let args: Vec<&str> = command.args().iter().map(|w| w.value().unwrap_or("?")).collect();
    let mut pids = Vec::new();
    let mut signal_given = false;
    let mut i = 0;
    while i < args.len() {
        let arg = args[i];
        match arg {
            "--" => {
                pids.extend_from_slice(&args[i + 1..]);
                break;
            }
            "-s" | "-n" => {
                signal_given = true;
                i += 2;
                continue;
            }
            "-l" | "-L" | "--list" | "--table" => return,
            _ if arg.starts_with('-') && !signal_given => signal_given = true,
            _ => pids.push(arg),
        }
        i += 1;
    }
    let everything = pids.contains(&"-1");
    if everything {
        report.flag(
            &KILL_ALL_PROCESSES,
            command.span,
            "`kill` of PID -1 would signal every process you own, the agent and your editor included",
        );
        return;
    }
    // `kill $(pgrep node)`, `kill $(pidof chrome)`, `pgrep node | xargs kill`: the PIDs of
    // whatever the search finds.
    let piped = piped_search(subject).or_else(|| read_search(subject));
    if let Some(what) = piped.or_else(|| command.args().iter().find_map(|word| searched_pids(word.text()))) {
        report.flag(&KILL_BROAD, command.span, format!("`kill` would stop {what}"));
        return;
    }
    let named = |names: &[&str]| {
        command
            .args()
            .iter()
            .any(|word| names.contains(&word.text().trim_matches('"')))
    };
    // `kill $(ps -o ppid= -p $$)`: the parent of the shell, found by `ps`.
    let queried_parent = command.args().iter().any(|word| {
        let text = word.text().trim_matches('"');
        text.starts_with("$(") && text.contains("ppid") && ["$$", "${$}"].iter().any(|own| text.contains(own))
    });
    let parent = queried_parent || named(&["$PPID", "${PPID}"]);
    // `kill -- -$$`: the process group of the shell the agent runs commands in.
    // `kill -- -$(ps -o pgid= $PPID)`: the process group that `ps` names for the shell or its
    // parent.
    let queried_group = command.args().iter().any(|word| {
        let text = word.text().trim_matches('"');
        text.starts_with("-$(")
            && text.contains("pgid")
            && ["$$", "${$}", "$PPID", "${PPID}"].iter().any(|own| text.contains(own))
    });
    let own_group = queried_group || named(&["-$$", "-${$}", "-$PPID", "-${PPID}"]);
    if pids.contains(&"0") || parent || own_group {
        let whom = if parent {
            "the agent's own parent process"
        } else {
            "every process of the caller's process group, the agent's shell among them"
        };
        report.flag(&KILL_BROAD, command.span, format!("`kill` would stop {whom}"));
    }
}

/// Whether the signal sent is 0 (`kill -0 PID`, `killall -0 node`, `kill -s 0 PID`, `pkill
/// --signal 0 node`): it only tests that the processes exist, and stops none.
fn sends_signal_zero(program: &str, args: &[Word]) -> bool {
    let texts: Vec<&str> = args.iter().map(|word| word.value().unwrap_or("?")).collect();
    // `-s` names the signal for kill and killall, the session for pkill.
    let signal_options: &[&str] = if program == "pkill" {
        &["--signal"]
    } else {
        &["--signal", "-s", "-n"]
    };
    texts.iter().enumerate().any(|(at, text)| {
        let value = match *text {
            _ if signal_options.contains(text) => texts.get(at + 1).copied(),
            _ => text.strip_prefix("--signal="),
        };
        matches!(*text, "-0" | "-SIG0") || matches!(value, Some("0" | "SIG0"))
    })
}

/// For a `kill` that `xargs` runs: what the process search piped into `xargs` stops, when
/// that is broad (`pgrep -f python | xargs kill -9`, `ps aux | grep node | awk '{print $2}' |
/// xargs kill`).
fn piped_search(subject: &Subject) -> Option<String> {
    let commands = &subject.analysis.commands;
    let xargs_id = subject.command.parent?;
    let xargs = &commands[xargs_id];
    if xargs.name != "xargs" || !xargs.in_pipeline {
        return None;
    }
    pipeline_breadth(&stages_before(commands, xargs_id))
}

/// For a `kill` of a variable that a `read` loop fills (`pgrep -f node | while read p; do
/// kill "$p"; done`): what the search piped into that loop stops, when that is broad.
fn read_search(subject: &Subject) -> Option<String> {
    let commands = &subject.analysis.commands;
    let kill_id = commands
        .iter()
        .position(|command| std::ptr::eq(command, subject.command))?;
    let names: Vec<&str> = subject.command.args().iter().filter_map(variable_read).collect();
    if names.is_empty() {
        return None;
    }
    let (read_id, _) = commands[..kill_id].iter().enumerate().rev().find(|(_, command)| {
        command.name == "read"
            && command.parent == subject.command.parent
            && command
                .args()
                .iter()
                .any(|arg| arg.value().is_some_and(|arg| names.contains(&arg)))
    })?;
    if !commands[read_id].in_pipeline {
        return None;
    }
    pipeline_breadth(&stages_before(commands, read_id))
}

/// The name of the variable a word expands whole (`$p`, `"${pid}"`).
fn variable_read(word: &Word) -> Option<&str> {
    let mut dynamics = word.dynamics();
    match (dynamics.next(), dynamics.next()) {
        (Some(dynamic), None) if word.value().is_none() => match &dynamic.kind {
            DynamicKind::Variable { name, .. } if word.text().trim_matches('"').len() == dynamic.text.len() => {
                Some(name.as_str())
            }
            _ => None,
        },
        _ => None,
    }
}

/// The stages of the pipeline that feeds command `at`, first to last, each as its program's
/// name and arguments: the commands with the same parent before it whose output is piped on.
fn stages_before(commands: &[Command], at: usize) -> Vec<(&str, &[Word])> {
    let target = &commands[at];
    let mut stages: Vec<(&str, &[Word])> = commands[..at]
        .iter()
        .rev()
        .filter(|stage| stage.parent == target.parent)
        .take_while(|stage| stage.output_piped)
        .map(|stage| (stage.name.as_str(), stage.args()))
        .collect();
    stages.reverse();
    stages
}

/// What the PIDs a pipeline prints stop, when that is broad: a process search as its first
/// stage (`pgrep -f python | head -1`), or `ps`'s listing narrowed by `grep` (or an awk
/// pattern) only to lines that a broad target's command line matches, read like `pkill -f`:
/// `ps aux | grep node | grep -v grep | awk '{print $2}'`.
fn pipeline_breadth(stages: &[(&str, &[Word])]) -> Option<String> {
    let (&(program, args), rest) = stages.split_first()?;
    if program != "ps" {
        return search_breadth(program, args);
    }
    if let Some(what) = ps_command_breadth(args) {
        return Some(what);
    }
    let mut patterns = Vec::new();
    for &(filter, args) in rest {
        match filter {
            "grep" | "egrep" | "fgrep" | "rg" => patterns.extend(grep_pattern(filter, args)),
            "awk" | "gawk" | "mawk" | "nawk" => {
                let parsed = crate::args::parse(args, &long_options::AWK);
                let (program, _) = long_options::awk_operands(&parsed);
                let pattern = program
                    .and_then(Word::value)
                    .and_then(|program| program.trim_start().strip_prefix('/'))
                    .and_then(|rest| rest.split_once('/'))
                    .map(|(pattern, _)| (pattern.to_owned(), false));
                patterns.extend(pattern);
            }
            _ => {}
        }
    }
    let broad = !patterns.is_empty()
        && patterns
            .iter()
            .all(|(pattern, ignore_case)| pattern_hits_broad(pattern, *ignore_case, false));
    broad.then(|| {
        let (pattern, _) = &patterns[0];
        format!("every process whose command line matches `{pattern}`")
    })
}

/// `ps -C NAME`: the processes of that command name, like `pidof NAME`.
fn ps_command_breadth(args: &[Word]) -> Option<String> {
    let mut words = args.iter().filter_map(Word::value);
    while let Some(arg) = words.next() {
        let names = match arg.strip_prefix("-C") {
            Some("") => words.next(),
            Some(names) => Some(names),
            None => None,
        };
        if let Some(name) = names.and_then(|names| names.split(',').find(|name| is_broad_name(name))) {
            return Some(format!("every process named `{name}`"));
        }
    }
    None
}

/// The pattern a `grep` keeps lines by, with whether case is ignored, its options read as the
/// program reads them ([`long_options::grep`]); `None` for `grep -v`, which only drops lines.
fn grep_pattern(program: &str, args: &[Word]) -> Option<(String, bool)> {
    let parsed = crate::args::parse(args, long_options::grep(program));
    if parsed.has('v', "invert-match") {
        return None;
    }
    let given = parsed
        .args
        .iter()
        .find(|arg| arg.is_short('e') || arg.is_long("regexp"))
        .and_then(|arg| arg.value());
    let pattern = given.or_else(|| parsed.operands().next())?;
    Some((
        pattern.value().unwrap_or("?").to_owned(),
        parsed.has('i', "ignore-case"),
    ))
}

/// What a PID word made by a process search stops (`$(pgrep -f python)`, `` `pidof node` ``,
/// `$(ps aux | grep node | awk '{print $2}')`), when that is broad.
fn searched_pids(text: &str) -> Option<String> {
    let inner = text
        .trim_matches('"')
        .strip_prefix("$(")
        .and_then(|rest| rest.strip_suffix(')'))
        .or_else(|| text.strip_prefix('`').and_then(|rest| rest.strip_suffix('`')))?;
    let words: Vec<Word> = shell_words::split(inner)
        .ok()?
        .iter()
        .map(|word| Word::literal(word, crate::source::Span::default()))
        .collect();
    let stages: Vec<(&str, &[Word])> = words
        .split(|word| word.is("|"))
        .filter_map(|stage| stage.split_first())
        .map(|(program, args)| (program.text(), args))
        .collect();
    pipeline_breadth(&stages)
}

/// What the PIDs a process search prints stop, when that is broad: `pgrep` judged like
/// `pkill`, `pidof` by the names it is given.
fn search_breadth(program: &str, args: &[Word]) -> Option<String> {
    match program {
        "pgrep" => pkill_broad(args),
        "pidof" => args
            .iter()
            .filter_map(Word::value)
            .find(|name| !name.starts_with('-') && is_broad_name(name))
            .map(|name| format!("every process named `{name}`")),
        _ => None,
    }
}

/// What `killall ARGS` stops, when that is broad: a name among the [`BROAD_TARGETS`], a
/// pattern (`-r`) that matches one, or every process of a user (`-u` and no name).
fn killall_broad(args: &[Word]) -> Option<String> {
    let mut names = Vec::new();
    let (mut regex, mut user, mut ignore_case) = (false, false, false);
    let mut words = args.iter();
    while let Some(word) = words.next() {
        let text = word.value().unwrap_or("?");
        match text {
            "-s" | "--signal" | "-o" | "--older-than" | "-y" | "--younger-than" | "-n" | "--ns" | "-Z"
            | "--context" => {
                words.next();
            }
            "-u" | "--user" => {
                user = true;
                words.next();
            }
            "-r" | "--regexp" => regex = true,
            "-I" | "--ignore-case" => ignore_case = true,
            "--" => names.extend(words.by_ref().map(|w| w.value().unwrap_or("?"))),
            _ if text.starts_with('-') && text.len() > 1 => {
                regex |= !text.starts_with("--")
                    && text[1..].contains('r')
                    && text[1..]
                        .chars()
                        .all(|c| c.is_ascii_alphabetic() && c.is_ascii_lowercase());
            }
            _ => names.push(text),
        }
    }
    if names.is_empty() {
        return user.then(|| "every process of that user".to_owned());
    }
    names
        .into_iter()
        .find(|name| {
            if regex {
                pattern_hits_broad(name, ignore_case, false)
            } else {
                is_broad_name(name)
            }
        })
        .map(|name| format!("every process named `{name}`"))
}

/// What `pkill ARGS` stops, when that is broad: a pattern that matches the name (or, with
/// `-f`, the whole command line) of one of the [`BROAD_TARGETS`], or every process of a user.
fn pkill_broad(args: &[Word]) -> Option<String> {
    let mut pattern = None;
    let (mut full, mut ignore_case, mut exact, mut selected) = (false, false, false, false);
    let mut words = args.iter();
    while let Some(word) = words.next() {
        let text = word.value().unwrap_or("?");
        match text {
            // The caller's own process group or session (`-g 0`, `-g $$`), or the children of
            // the agent's parent (`-P $PPID`): the agent's shell and its siblings.
            _ if ["-g", "-s", "-P"].iter().any(|option| word.text().starts_with(option))
                || matches!(text, "--pgroup" | "--session" | "--parent") =>
            {
                // The value attached (`-g0`, `-P$PPID`) or as the next word.
                let text = word.text();
                let attached = text
                    .get(2..)
                    .filter(|value| !value.is_empty() && !text.starts_with("--"));
                let value = match attached {
                    Some(value) => value,
                    None => words.next().map_or("", |word| word.text()),
                }
                .trim_matches('"');
                let own = if text.starts_with("-P") || text == "--parent" {
                    matches!(value, "$PPID" | "${PPID}")
                } else {
                    matches!(value, "0" | "$$" | "${$}" | "$PPID" | "${PPID}")
                };
                if own {
                    return Some("every process of the agent's own process group or session".to_owned());
                }
            }
            "--signal" | "-G" | "--group" | "-t" | "--terminal" | "-F" | "--pidfile" | "--ns" | "--nslist" | "-q"
            | "--queue" | "--cgroup" => {
                words.next();
            }
            "-u" | "--euid" | "-U" | "--uid" => {
                selected = true;
                words.next();
            }
            "-f" | "--full" => full = true,
            "-i" | "--ignore-case" => ignore_case = true,
            "-x" | "--exact" => exact = true,
            "--" => pattern = words.next().map(|w| w.value().unwrap_or("?")),
            _ if text.starts_with("--") => {}
            _ if text.starts_with('-') && text.len() > 1 => {
                let letters = &text[1..];
                if letters
                    .chars()
                    .all(|c| c.is_ascii_alphabetic() && c.is_ascii_lowercase())
                {
                    full |= letters.contains('f');
                    ignore_case |= letters.contains('i');
                    exact |= letters.contains('x');
                }
            }
            _ => pattern = Some(text),
        }
    }
    match pattern {
        Some(pattern) if pattern_hits_broad(pattern, ignore_case, exact && !full) => {
            let what = if full { "command line" } else { "name" };
            Some(format!("every process whose {what} matches `{pattern}`"))
        }
        None if selected => Some("every process of that user".to_owned()),
        _ => None,
    }
}

/// Whether the regular expression `pattern`, searched for in a process name (or a command line
/// made of one program's name), matches one of the [`BROAD_TARGETS`]; `exact`: it must match a
/// name whole.
fn pattern_hits_broad(pattern: &str, ignore_case: bool, exact: bool) -> bool {
    let flags = if ignore_case { "(?i)" } else { "" };
    let anchored = if exact {
        format!("{flags}^(?:{pattern})$")
    } else {
        format!("{flags}{pattern}")
    };
    let Ok(regex) = regex::RegexBuilder::new(&anchored).size_limit(1 << 16).build() else {
        return false;
    };
    BROAD_TARGETS.iter().any(|name| regex.is_match(name))
}

/// How a `taskkill` filter (`/FI "FIELD OPERATOR VALUE"`) selects processes.
enum Filter<'a> {
    /// By image name (`IMAGENAME eq node.exe`), as `/IM` does.
    Image(&'a str),
    /// Some processes of one program: a window title, a PID, a module or a service named.
    Narrow,
    /// Processes of any program: by user, session, status, time or memory, by a PID range,
    /// or by what they are not (`IMAGENAME ne x`).
    Broad,
}

fn taskkill_filter(filter: &str) -> Filter<'_> {
    let mut parts = filter.split_whitespace();
    let (Some(field), Some(operator)) = (parts.next(), parts.next()) else {
        return Filter::Narrow;
    };
    let equal = operator.eq_ignore_ascii_case("eq");
    match field.to_ascii_lowercase().as_str() {
        "imagename" if equal => parts.next().map_or(Filter::Narrow, Filter::Image),
        "windowtitle" | "pid" | "modules" | "services" if equal => Filter::Narrow,
        "imagename" | "windowtitle" | "pid" | "modules" | "services" | "username" | "session" | "status"
        | "cputime" | "memusage" => Filter::Broad,
        _ => Filter::Narrow,
    }
}

/// What `wmic process where CLAUSE delete` (or `call terminate`) stops, when that is broad: the
/// processes whose name the clause compares to a broad target's image.
fn wmic_broad(args: &[Word]) -> Option<String> {
    let words: Vec<String> = args
        .iter()
        .map(|word| word.value().unwrap_or("?").to_lowercase())
        .collect();
    let verb = words.iter().position(|word| word == "process")?;
    let kills = words[verb..].iter().any(|word| word == "delete" || word == "terminate");
    if !kills {
        return None;
    }
    let clause = words[verb + 1..].join(" ");
    let names = regex::Regex::new(r#"name\s*(?:=|like)\s*['"]?([^'"\s)]+)"#).ok()?;
    let narrowed = clause.contains("processid") || clause.contains("commandline");
    names
        .captures_iter(&clause)
        .filter_map(|found| found.get(1))
        .map(|image| image.as_str().trim_end_matches('%'))
        .find(|image| !narrowed && is_broad_name(image))
        .map(|image| format!("every process of the image `{image}`"))
}

/// What `taskkill ARGS` (or `tskill`) stops, when that is broad: an image name (`/IM`, a
/// pattern with `*` allowed) that one of the [`BROAD_TARGETS`] runs as, with no filter that
/// narrows it to some of its processes; or, with no image or PID named, every process that
/// filters by user, session or status select.
fn taskkill_broad(args: &[Word]) -> Option<String> {
    let mut words = args.iter();
    let mut images = Vec::new();
    let mut broad_filters = Vec::new();
    let (mut narrowed, mut first) = (false, true);
    while let Some(word) = words.next() {
        let text = word.value().unwrap_or("?");
        // Options start with `/` (`//` from a POSIX shell on Windows, which would take a lone
        // `/IM` for a path) or `-`.
        let option = text.trim_start_matches(['/', '-']).to_ascii_lowercase();
        if text.starts_with(['/', '-']) {
            if option == "im" {
                images.extend(words.next().and_then(Word::value));
            } else if option == "fi" {
                let filter = words.next().and_then(Word::value).unwrap_or("?");
                match taskkill_filter(filter) {
                    Filter::Image(image) => images.push(image),
                    Filter::Narrow => narrowed = true,
                    Filter::Broad => broad_filters.push(filter),
                }
            } else if option == "pid" {
                narrowed = true;
                words.next();
            } else if matches!(option.as_str(), "s" | "u" | "p") {
                words.next();
            }
        } else if first {
            // `tskill NAME`.
            images.push(text);
        }
        first = false;
    }
    if narrowed {
        return None;
    }
    if images.is_empty() {
        return broad_filters
            .first()
            .map(|filter| format!("every process that the filter `{filter}` selects"));
    }
    images
        .into_iter()
        .find(|image| {
            let image = image.to_lowercase();
            let image = image.strip_suffix(".exe").unwrap_or(&image);
            BROAD_TARGETS.iter().any(|name| glob_matches(image, name))
        })
        .map(|image| format!("every process of the image `{image}`"))
}

/// What a `tmux` command line ends, when that is broad: `kill-server` (every session of the
/// server), `kill-session -a` (every session but one), in any command of a `;` chain. A server
/// of its own (`-L NAME`, `-S PATH`) is the work's, not the user's.
fn tmux_broad(args: &[Word]) -> Option<String> {
    let texts: Vec<&str> = args.iter().map(|word| word.value().unwrap_or("?")).collect();
    let mut at = 0;
    while let Some(option) = texts.get(at).filter(|text| text.starts_with('-')) {
        match *option {
            "-L" | "-S" => return None,
            _ if option.starts_with("-L") || option.starts_with("-S") => return None,
            "-c" | "-f" | "-T" => at += 2,
            _ => at += 1,
        }
    }
    texts.get(at..)?.split(|text| *text == ";").find_map(|command| {
        let (name, rest) = command.split_first()?;
        let names = |full: &str, shortest: usize| name.len() >= shortest && full.starts_with(name);
        if names("kill-server", 8) {
            Some("every tmux session and the programs running in them".to_owned())
        } else if names("kill-session", 8) && rest.iter().any(|flag| crate::args::is_bundle_with(flag, 'a')) {
            Some("every other tmux session and the programs running in them".to_owned())
        } else {
            None
        }
    })
}

/// What `screen -X quit` ends without `-S NAME`: the session the command runs in, or the only
/// one there is.
fn screen_broad(args: &[Word]) -> Option<String> {
    let texts: Vec<&str> = args.iter().map(|word| word.value().unwrap_or("?")).collect();
    let quits = texts.windows(2).any(|pair| pair == ["-X", "quit"]);
    let named = texts.iter().any(|text| text.starts_with("-S"));
    (quits && !named).then(|| "the screen session it reaches, the one the agent runs in if it runs in one".to_owned())
}

/// What `zellij kill-all-sessions` (`ka`) or `delete-all-sessions` (`da`) ends.
fn zellij_broad(args: &[Word]) -> Option<String> {
    let verb = args
        .iter()
        .filter_map(Word::value)
        .find(|text| !text.starts_with('-'))?;
    matches!(verb, "kill-all-sessions" | "ka" | "delete-all-sessions" | "da")
        .then(|| "every zellij session and the programs running in them".to_owned())
}
