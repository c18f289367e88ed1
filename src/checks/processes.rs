//! Processes: `kill -9 -1` and `kill -- -1` signal every process the user may signal, the
//! agent's own session and the editor included. A lone `kill -1` names signal 1 and no process:
//! bash prints its usage and signals nothing. Killing by a name or pattern that every runtime,
//! shell, browser or editor process matches (`killall node`, `pkill -f python`, `taskkill /IM
//! chrome.exe`), the caller's process group (`kill 0`) or the agent's parent asks: it stops the
//! agent itself or the user's unrelated programs. A pattern that names one program passes
//! (`pkill -f "next dev"`).

use super::{ASK, Applies, Checker, DENY, Report, Subject};
use crate::paths::glob_matches;
use crate::rules::Rule;
use crate::word::Word;

pub const CHECKER: Checker = Checker {
    rules: &[&KILL_ALL_PROCESSES, &KILL_BROAD],
    applies: Applies::Commands(&[
        "kill", "killall5", "killall", "pkill", "taskkill", "tskill", "loginctl", "fuser",
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
    catches: "Killing by a name or pattern that every process of a runtime, shell, browser, editor or agent matches (`killall node`, `pkill -f python`, `taskkill /IM chrome.exe`), every process of a user (`pkill -u $USER`), the caller's process group (`kill 0`, `kill -- -$PPID`), every process using a file system (`fuser -km /home`) or the agent's parent (`kill $PPID`): the agent itself and the user's unrelated programs stop with it.",
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
        "kill 0",
        "kill -9 $PPID",
    ],
    allowed: &[
        "pkill -f \"next dev\"",
        "pkill -9 -f vite",
        "killall my-server",
        "killall Finder",
        "taskkill /PID 4242 /F",
        "kill $!",
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
    let broad = match command.name.as_str() {
        "killall" => killall_broad(command.args()),
        "pkill" => pkill_broad(command.args()),
        "taskkill" | "tskill" => taskkill_broad(command.args()),
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
    let piped = piped_search(subject);
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
    let parent = named(&["$PPID", "${PPID}"]);
    // `kill -- -$$`: the process group of the shell the agent runs commands in.
    let own_group = named(&["-$$", "-${$}", "-$PPID", "-${PPID}"]);
    if pids.contains(&"0") || parent || own_group {
        let whom = if parent {
            "the agent's own parent process"
        } else {
            "every process of the caller's process group, the agent's shell among them"
        };
        report.flag(&KILL_BROAD, command.span, format!("`kill` would stop {whom}"));
    }
}

/// For a `kill` that `xargs` runs: what the process search piped into `xargs` stops, when
/// that is broad (`pgrep -f python | xargs kill -9`).
fn piped_search(subject: &Subject) -> Option<String> {
    let commands = &subject.analysis.commands;
    let xargs_id = subject.command.parent?;
    let xargs = &commands[xargs_id];
    if xargs.name != "xargs" || !xargs.in_pipeline {
        return None;
    }
    let stage = commands[..xargs_id]
        .iter()
        .rev()
        .find(|stage| stage.parent == xargs.parent && stage.in_pipeline)?;
    search_breadth(&stage.name, stage.args())
}

/// What a PID word made by a process search stops (`$(pgrep -f python)`, `` `pidof node` ``),
/// when that is broad.
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
    let (program, args) = words.split_first()?;
    search_breadth(program.text(), args)
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
            "--signal" | "-P" | "--parent" | "-g" | "--pgroup" | "-G" | "--group" | "-s" | "--session" | "-t"
            | "--terminal" | "-F" | "--pidfile" | "--ns" | "--nslist" | "-q" | "--queue" | "--cgroup" => {
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

/// What `taskkill ARGS` (or `tskill`) stops, when that is broad: an image name (`/IM`, a
/// pattern with `*` allowed) that one of the [`BROAD_TARGETS`] runs as, with no filter.
fn taskkill_broad(args: &[Word]) -> Option<String> {
    let mut words = args.iter();
    let mut images = Vec::new();
    let mut first = true;
    while let Some(word) = words.next() {
        let text = word.value().unwrap_or("?");
        // Options start with `/` (`//` from a POSIX shell on Windows, which would take a lone
        // `/IM` for a path) or `-`.
        let option = text.trim_start_matches(['/', '-']).to_ascii_lowercase();
        if text.starts_with(['/', '-']) {
            if option == "im" {
                images.extend(words.next().and_then(Word::value));
            } else if option == "fi" {
                // A filter (`/FI "WINDOWTITLE eq dev*"`) narrows the image to some of its
                // processes.
                return None;
            } else if matches!(option.as_str(), "pid" | "s" | "u" | "p") {
                words.next();
            }
        } else if first {
            // `tskill NAME`.
            images.push(text);
        }
        first = false;
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
