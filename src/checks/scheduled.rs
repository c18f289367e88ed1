//! Jobs scheduled for later or kept running: `at` and `batch` queue a job, `systemd-run
//! --on-calendar` (and the other timer options) starts a timer and `systemd-run CMD` without
//! `--scope` a background service, `launchctl submit` hands launchd a job it keeps running, a
//! unit or launch agent is made to start at every login or boot (`systemctl enable|preset|
//! add-wants`, `systemctl link FILE`, `systemctl edit`, `loginctl enable-linger`, `launchctl
//! load -w`, `launchctl enable`, `launchctl load FILE` from elsewhere), a login item is added
//! through AppleScript or `sfltool`, a login hook is set (`defaults write com.apple.loginwindow
//! LoginHook`), a Windows scheduled task is created or given a new action (`schtasks /create`,
//! `Register-ScheduledTask`), a `.envrc` approved by `direnv allow` that the command writes or
//! that lies outside the project, an MCP server, extension or editor task an agent or editor
//! starts later, git hooks that run at the next commit (a hook manager's files, a
//! `core.hooksPath` folder written here).
//! What the job runs is judged now (`registry/schedulers.rs`, `registry/wrappers.rs`) where the
//! command shows it, but it runs later, outside any hook, on files that may have changed by
//! then: scheduling asks. Starting a service this once passes.

use super::{ASK, Applies, Checker, Report, Subject};
use crate::command::Command;
use crate::paths::{self, Target};
use crate::places;
use crate::rules::Rule;
use crate::word::Word;

pub const CHECKER: Checker = Checker {
    rules: &[&SCHEDULE_JOB],
    applies: Applies::Commands(&[
        "at",
        "batch",
        "systemd-run",
        "launchctl",
        "systemctl",
        "loginctl",
        "osascript",
        "schtasks",
        "register-scheduledtask",
        "set-scheduledtask",
        "direnv",
        "defaults",
        "sfltool",
        "claude",
        "gemini",
        "qwen",
        "codex",
        "amp",
        "code",
        "code-insiders",
        "codium",
        "code-oss",
        "cursor",
        "windsurf",
        "git",
    ]),
    check,
    whole_analysis: None,
};

pub static SCHEDULE_JOB: Rule = Rule {
    id: "schedule-job",
    decision: ASK,
    catches: "Scheduling a command to run later (`at`, `batch`, `systemd-run --on-calendar`…, `launchctl submit`) or in the background as a service that outlives the command (`systemd-run --user --unit=x CMD`, without `--scope`, `--wait` or `--pty`), or at every login or boot: enabling a unit (`systemctl [--user] enable|reenable|preset|add-wants UNIT`), linking or writing one (`systemctl --user link FILE`, `systemctl edit [--full --force] UNIT`), keeping a user's services running after logout (`loginctl enable-linger`), enabling a launch agent (`launchctl load -w`, `launchctl enable`) or registering one from outside the agents' folders (`launchctl load|bootstrap /path/x.plist`), a login item or hook (`osascript -e '… make login item …'`, `sfltool add-item`, `defaults write com.apple.loginwindow LoginHook FILE`), a Windows scheduled task (`schtasks /create`, `schtasks /change /tr`, `Register-ScheduledTask`, `Set-ScheduledTask -Action`), or at the next commit (writing a hook manager's hooks: `.husky/*`, `.githooks/*`, `lefthook.yml`, `.pre-commit-config.yaml`, husky 4's `.huskyrc` or `\"husky\": {\"hooks\": …}` in `package.json`, simple-git-hooks' `.simple-git-hooks.json` or `\"simple-git-hooks\"` in `package.json`, `npm pkg set husky.hooks.pre-commit=…`, or a `core.hooksPath` folder the command writes), or each time a shell enters a folder (`direnv allow` of an `.envrc` the command writes, or of one outside the project: `direnv allow ~`), or each time an agent or editor starts (an MCP server whose program or script is a file of the command's, `claude mcp add x -- /tmp/x`, `claude mcp add x -- node dist/server.js`, `code --add-mcp`; an extension installed from a file, `code --install-extension x.vsix`; the program of the editor's terminals, `terminal.integrated.profiles.*` written to its settings; writing `.mcp.json`, `~/.claude.json`, `.cursor/mcp.json`, `.vscode/mcp.json` or `.vscode/tasks.json`, whose tasks can run when the folder opens): it runs outside any hook, on files that may have changed by then. Starting, restarting or reading a service passes.",
    instead: "Run the command now, or show the user the job and let them schedule it",
    examples: &[
        "echo 'make report' | at 23:00",
        "at now + 5 minutes <<< 'make report'",
        "batch < jobs.sh",
        "systemd-run --user --on-calendar=daily make report",
        "launchctl submit -l sync -- make report",
        "systemctl --user link /tmp/x.service",
        "systemctl --user enable --now syncthing.service",
        "sudo systemctl enable nginx",
        "systemctl --user add-wants default.target x.service",
        "systemctl --user edit --full --force x.service",
        "systemd-run --user --unit=x /tmp/x",
        "loginctl enable-linger",
        "launchctl load /tmp/x.plist",
        "launchctl load -w ~/Library/LaunchAgents/x.plist",
        "launchctl enable gui/501/com.example.agent",
        r"schtasks /create /tn updater /tr C:\Users\ann\x.exe /sc onlogon",
        "schtasks.exe /Create /SC MINUTE /TN sync /TR 'powershell -File C:/x.ps1'",
        "schtasks /change /tn updater /tr calc.exe",
        "pwsh -c 'Register-ScheduledTask -TaskName x -Action $a -Trigger $t'",
        "pwsh -c 'Set-ScheduledTask -TaskName x -Action $a'",
        "echo 'PATH_add bin' > .envrc && direnv allow",
        "direnv allow ~",
        "defaults write com.apple.loginwindow LoginHook /tmp/x.sh",
        "claude mcp add tools -- /tmp/x",
        "cp servers.json .mcp.json",
        "cp tasks.json .vscode/tasks.json",
        "cp hook.sh .husky/pre-commit",
        "echo 'npm test' > .githooks/pre-push",
        "cp hooks.yml lefthook.yml",
        "npm pkg set husky.hooks.pre-commit='npm test'",
        "cp hooks.json .simple-git-hooks.json",
        "git config core.hooksPath hooks && cp x hooks/pre-commit",
        "claude mcp add tools -- node dist/server.js",
        "code --install-extension ./x.vsix",
        "printf '{\"terminal.integrated.profiles.linux\": {\"x\": {\"path\": \"/tmp/x\"}}}' > .vscode/settings.json",
    ],
    allowed: &[
        "atq",
        "at -l",
        "atrm 3",
        "systemd-run --user --scope make",
        "systemd-run --user -p MemoryMax=2G --scope make",
        "systemd-run --user --wait make test",
        "echo at 23:00",
        "launchctl list",
        "systemctl --user start syncthing.service",
        "systemctl --user restart x",
        "systemctl --user status x",
        "systemctl is-enabled nginx",
        "loginctl show-user",
        "launchctl load ~/Library/LaunchAgents/homebrew.mxcl.postgresql.plist",
        "schtasks /query /fo LIST",
        "schtasks /run /tn nightly",
        "schtasks /change /tn nightly /disable",
        "pwsh -c 'Get-ScheduledTask'",
        "pwsh -c 'Set-ScheduledTask -TaskName x -Trigger $t'",
        "direnv allow",
        "direnv exec . make",
        "defaults read com.apple.loginwindow",
        "claude mcp add docs -- npx -y docs-mcp",
        "cat .mcp.json",
        "cat .husky/pre-commit",
        "npm pkg set scripts.test=jest",
        "git config core.hooksPath .githooks",
        "claude mcp add docs -- python3 -m docs_mcp",
        "code --install-extension ms-python.python",
        "printf '{\"terminal.integrated.fontSize\": 14}' > .vscode/settings.json",
    ],
};

/// `systemd-run` options that start a timer rather than the command now.
const TIMER_OPTIONS: &[&str] = &[
    "--on-active",
    "--on-boot",
    "--on-startup",
    "--on-unit-active",
    "--on-unit-inactive",
    "--on-calendar",
    "--on-clock-change",
    "--on-timezone-change",
];

fn check(subject: &Subject, report: &mut Report) {
    let command = subject.command;
    if let Some(why) = envrc_allowed(subject) {
        report.flag(
            &SCHEDULE_JOB,
            command.span,
            format!("`direnv allow` would make {why} run each time a shell enters its folder, outside any hook"),
        );
        return;
    }
    if let Some(why) = server_registered(subject)
        .or_else(|| extension_installed(subject))
        .or_else(|| hooks_folder_written(subject))
    {
        report.flag(&SCHEDULE_JOB, command.span, why);
        return;
    }
    if let Some(what) = schedules(command) {
        report.flag(
            &SCHEDULE_JOB,
            command.span,
            format!(
                "`{}` would {what}; it runs outside any hook, on files that may have changed by then",
                command.name
            ),
        );
    }
}

/// What `command` schedules, said as what it would do, when it schedules anything.
fn schedules(command: &Command) -> Option<&'static str> {
    let args = command.args();
    let has = |flag: &str| args.iter().any(|word| word.text().eq_ignore_ascii_case(flag));
    let scheduled = match command.name.as_str() {
        // Listing (`-l`), removing (`-r`, `-d`), showing (`-c`) a job, or the version, queue none.
        "at" | "batch" => !args.iter().any(|word| {
            let text = word.text();
            matches!(text, "-l" | "-r" | "-d" | "-c" | "-V" | "--help")
        }),
        "launchctl" => return launchd_job(args),
        "systemctl" => return systemd_unit(args),
        // A user's services start at boot and outlive every login of the user (loginctl(1)).
        "loginctl" if args.first().is_some_and(|verb| verb.is("enable-linger")) => {
            return Some("keep the user's services running after logout and start them at boot");
        }
        "osascript" => args.iter().any(|word| {
            let text = word.text().to_ascii_lowercase();
            text.contains("make") && (text.contains("login item") || text.contains("loginitem"))
        }),
        // `/change` schedules something new only when it gives the task a program to run.
        "schtasks" => has("/create") || has("/change") && has("/tr"),
        "register-scheduledtask" => true,
        // A login or logout hook: a script loginwindow runs, as root, at every login.
        "defaults" => {
            args.iter().any(|word| word.is("write"))
                && args.iter().any(|word| word.text().contains("loginwindow"))
                && args.iter().any(|word| {
                    word.value().is_some_and(|key| {
                        key.eq_ignore_ascii_case("LoginHook") || key.eq_ignore_ascii_case("LogoutHook")
                    })
                })
        }
        // `sfltool add-item com.apple.LSSharedFileList.SessionLoginItems APP`: a login item.
        "sfltool" => args.first().is_some_and(|word| word.is("add-item")),
        "set-scheduledtask" => has("-action"),
        "systemd-run" => return transient_unit(args),
        _ => false,
    };
    scheduled.then_some("schedule a job")
}

/// `launchctl submit` hands launchd a job it starts now and again whenever it exits; `load` or
/// `bootstrap` of an agent's file from elsewhere registers it for every login; `load -w` and
/// `enable` clear the switch that kept an installed one from starting at login.
fn launchd_job(args: &[Word]) -> Option<&'static str> {
    let verb = args.first().map(|w| w.text()).unwrap_or("");
    let from_elsewhere = || {
        args.iter()
            .skip(1)
            .any(|w| w.text().ends_with(".plist") && !w.text().contains("/Launch"))
    };
    match verb {
        "submit" => Some("submit a job that launchd keeps running"),
        "load" | "bootstrap" if from_elsewhere() => {
            Some("register a launch agent from a file outside the agents' folders, started at every login")
        }
        "load" if args.iter().skip(1).any(|w| w.is("-w")) => {
            Some("enable a launch agent for good, started at every login")
        }
        "enable" => Some("enable a launchd service for good, started at every login or boot"),
        _ => None,
    }
}

/// The `systemctl` verbs that make a unit start by itself at every boot or login, or write one:
/// `enable`, `reenable`, `preset`, `add-wants` and `add-requires` link it into a target,
/// `link` a unit file from elsewhere into the unit folders, `edit` writes a unit or a drop-in
/// (from standard input with `--stdin`, or through an editor). `start` runs it this once.
fn systemd_unit(args: &[Word]) -> Option<&'static str> {
    let words = super::services::positional(args, super::services::SYSTEMCTL_VALUED);
    match words.first().copied()? {
        "link" if words.len() > 1 => Some("link a unit file into the unit folders"),
        "enable" | "reenable" | "add-wants" | "add-requires" | "preset" | "preset-all"
            if words.len() > 1 || words[0] == "preset-all" =>
        {
            Some("make a unit start by itself at every boot or login")
        }
        "edit" if words.len() > 1 => {
            Some("write a unit or a drop-in, which changes what the unit runs at its next start")
        }
        _ => None,
    }
}

/// `systemd-run` options that make it wait for what it runs, or run it in the foreground as
/// part of the calling shell's session (`--scope`): without one, the command runs as a service
/// of its own, in the background, after `systemd-run` returns.
const FOREGROUND_OPTIONS: &[&str] = &["--scope", "--wait", "--pty", "-t", "--pipe", "-P", "--shell", "-S"];

/// `systemd-run` options that take a value as the next word, besides the timer options.
const SYSTEMD_RUN_VALUED: &[&str] = &[
    "-u",
    "--unit",
    "-p",
    "--property",
    "--description",
    "--slice",
    "-E",
    "--setenv",
    "--uid",
    "--gid",
    "--nice",
    "--working-directory",
    "-M",
    "--machine",
    "-H",
    "--host",
    "--service-type",
    "--path-property",
    "--socket-property",
    "--timer-property",
];

/// What `systemd-run` would start that outlives the command: a timer (`--on-calendar`…) or a
/// service in the background.
fn transient_unit(args: &[Word]) -> Option<&'static str> {
    // Its options, up to the command it runs.
    let mut options = Vec::new();
    let mut words = args.iter().map(Word::text);
    let mut runs = false;
    while let Some(text) = words.next() {
        if !text.starts_with('-') {
            runs = true;
            break;
        }
        if text == "--" {
            runs = words.next().is_some();
            break;
        }
        options.push(text.split('=').next().unwrap_or(text));
        if !text.contains('=') && (SYSTEMD_RUN_VALUED.contains(&text) || TIMER_OPTIONS.contains(&text)) {
            words.next();
        }
    }
    if TIMER_OPTIONS.iter().any(|option| options.contains(option)) {
        return Some("start a timer");
    }
    (runs && !FOREGROUND_OPTIONS.iter().any(|option| options.contains(option)))
        .then_some("run the command as a background service, which keeps running after this command ends")
}

/// Why an agent's or editor's command registers a server it starts later, from a file that may
/// change by then: `claude mcp add x -- /tmp/x`, `code --add-mcp '{…}'`.
fn server_registered(subject: &Subject) -> Option<String> {
    let command = subject.command;
    let args = command.args();
    match command.name.as_str() {
        "claude" | "gemini" | "qwen" | "codex" | "amp" => mcp_server_added(subject).then(|| {
            format!(
                "`{} mcp add` registers a program the agent starts at each session, outside any hook, from a file that may change by then",
                command.name
            )
        }),
        // VS Code and its forks start the server the JSON names (`code --add-mcp '{…}'`).
        name if EDITORS.contains(&name) => {
            let json = args
                .iter()
                .enumerate()
                .find_map(|(at, word)| match word.text().strip_prefix("--add-mcp=") {
                    Some(json) => Some(json),
                    None => word
                        .is("--add-mcp")
                        .then(|| args.get(at + 1).map(|json| json.text()))
                        .flatten(),
                });
            let server = json.and_then(|json| serde_json::from_str::<serde_json::Value>(json).ok());
            server.is_some_and(|server| json_server_may_change(subject, &server)).then(|| {
                format!(
                    "`{} --add-mcp` registers a program the editor starts later, outside any hook, from a file that may change by then",
                    command.name
                )
            })
        }
        _ => None,
    }
}

/// Whether an agent's `mcp add NAME PROGRAM…` (or `mcp add-json NAME JSON`) registers a server
/// whose program is a file that may change before the agent starts it: what is judged now (the
/// command line, see `registry/schedulers.rs`) is then not what runs. A server given by its URL
/// runs nothing here; one started by a program's name (`npx -y pkg`, `docker run …`) is found
/// on `PATH` as any command is.
fn mcp_server_added(subject: &Subject) -> bool {
    let parsed = crate::args::parse(subject.command.args(), &crate::registry::MCP_ADD);
    let operands: Vec<&crate::word::Word> = parsed.operands().collect();
    if operands.len() < 4 || !operands[0].is("mcp") {
        return false;
    }
    let server = operands[3].text();
    match operands[1].text() {
        // The whole command line may come as one word: `mcp add x "npx srv --url http://…"`.
        "add" => {
            let mut words = server.split_whitespace();
            let program = words.next().unwrap_or_default();
            let arguments: Vec<&str> = words.chain(operands[4..].iter().map(|word| word.text())).collect();
            server_may_change(subject, program, &arguments)
        }
        "add-json" => {
            serde_json::from_str::<serde_json::Value>(server).is_ok_and(|json| json_server_may_change(subject, &json))
        }
        _ => false,
    }
}

/// [`server_may_change`] of a server given as JSON: `{"command": "node", "args": ["x.js"]}`.
fn json_server_may_change(subject: &Subject, server: &serde_json::Value) -> bool {
    let Some(program) = server.get("command").and_then(|program| program.as_str()) else {
        return false;
    };
    let arguments: Vec<&str> = server
        .get("args")
        .and_then(|arguments| arguments.as_array())
        .into_iter()
        .flatten()
        .filter_map(|argument| argument.as_str())
        .collect();
    server_may_change(subject, program, &arguments)
}

/// Interpreters an MCP server is often started with, its script their first argument
/// (`node dist/server.js`, `python3 server.py`); `bun run` and `deno run` take `run` first.
const SCRIPT_RUNNERS: &[&str] = &[
    "node", "nodejs", "python", "python3", "bun", "deno", "tsx", "ts-node", "ruby", "perl", "php", "sh", "bash", "zsh",
];

/// Whether a server started as `program arguments…` runs a file that may change before the
/// agent starts it: the program itself (`/tmp/x`, `./server.sh`), or the script an interpreter
/// is given (`node dist/server.js`). A module (`python3 -m pkg`) or a package (`npx -y pkg`) is
/// found as any command's is.
fn server_may_change(subject: &Subject, program: &str, arguments: &[&str]) -> bool {
    if program_file_may_change(subject, program) {
        return true;
    }
    let name = program.rsplit(['/', '\\']).next().unwrap_or(program);
    if !SCRIPT_RUNNERS.contains(&name) {
        return false;
    }
    let mut rest = arguments.iter().skip_while(|argument| **argument == "--");
    let script = match rest.next() {
        Some(&"run") if matches!(name, "bun" | "deno") => rest.find(|argument| !argument.starts_with('-')),
        first => first,
    };
    script.is_some_and(|script| {
        let as_path = if script.contains(['/', '\\']) {
            (*script).to_owned()
        } else {
            format!("./{script}")
        };
        !script.starts_with('-') && script.contains('.') && program_file_may_change(subject, &as_path)
    })
}

/// Why an editor's `--install-extension FILE.vsix` installs code it runs in every window from
/// then on, outside any hook, from a package no marketplace reviewed.
fn extension_installed(subject: &Subject) -> Option<String> {
    let command = subject.command;
    if !EDITORS.contains(&command.name.as_str()) {
        return None;
    }
    let args = command.args();
    let package =
        args.iter()
            .enumerate()
            .find_map(|(at, word)| match word.text().strip_prefix("--install-extension=") {
                Some(package) => Some(package),
                None => word
                    .is("--install-extension")
                    .then(|| args.get(at + 1).map(|package| package.text()))
                    .flatten(),
            })?;
    package.to_ascii_lowercase().ends_with(".vsix").then(|| {
        format!(
            "`{} --install-extension {package}` installs an extension from a file, which the editor runs in every window from then on, outside any hook",
            command.name
        )
    })
}

/// The editors of VS Code's family, which take its command-line options.
const EDITORS: &[&str] = &["code", "code-insiders", "codium", "code-oss", "cursor", "windsurf"];

/// Why `git config core.hooksPath DIR` makes git run hooks this same command writes: from the
/// next commit on, the user's too, outside any hook.
fn hooks_folder_written(subject: &Subject) -> Option<String> {
    let command = subject.command;
    if command.name != "git" {
        return None;
    }
    let invocation = crate::tools::git::invocation(command);
    if invocation.subcommand != "config" {
        return None;
    }
    let words: Vec<&Word> = invocation
        .args
        .iter()
        .filter(|word| !word.text().starts_with('-'))
        .collect();
    let key = words
        .iter()
        .position(|word| word.text().eq_ignore_ascii_case("core.hooksPath"))?;
    let Target::Path(folder) = paths::resolve(words.get(key + 1)?, &command.cwd) else {
        return None;
    };
    super::tamper::written_where(subject, |written| written.is_inside(&folder)).then(|| {
        format!("`git config core.hooksPath` points git at {folder}, where this command writes hooks that run from the next commit on, outside any hook")
    })
}

/// Whether a server's program is a file the agent makes and changes at will: one in the
/// project (`./server.sh`, `dist/x`) or a temp folder (`/tmp/x`). Programs named on `PATH` and
/// those installed elsewhere (`/Library/Frameworks/Python.framework/…/python3`) are judged as
/// any command is.
fn program_file_may_change(subject: &Subject, program: &str) -> bool {
    if !program.contains('/') && !program.contains('\\') || program.contains("://") {
        return false;
    }
    match paths::resolve(
        &crate::word::Word::literal(program, subject.command.span),
        &subject.command.cwd,
    ) {
        Target::Path(path) => {
            path.starts_with(&subject.context.project_root)
                || places::place(&Target::Path(path.clone()), subject.context) == places::Place::Temporary
                || places::is_temp_root(&path)
        }
        Target::Temporary => true,
        _ => false,
    }
}

/// Why the `.envrc` that `direnv allow` approves is not the user's own to approve: this
/// command writes it (`echo … > .envrc && direnv allow`), or it lies outside the project
/// (`direnv allow ~`), where it runs in every folder below. Approving the project's own
/// `.envrc`, as it is on disk, is what the user set it up for.
fn envrc_allowed(subject: &Subject) -> Option<String> {
    let envrc = crate::registry::direnv_allowed(subject.command)?;
    match paths::resolve(&envrc, &subject.command.cwd) {
        Target::Path(path) if super::tamper::written_here(subject, &path) => {
            Some(format!("{path}, which this command writes,"))
        }
        Target::Path(path) if path.starts_with(&subject.context.project_root) => None,
        Target::Path(path) => Some(format!("{path}, outside {},", subject.context.the_project())),
        _ => Some(format!("`{}`, only known when the command runs,", envrc.text())),
    }
}
