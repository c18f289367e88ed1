//! Tampering with the guards: launching a nested agent with its guards off (or with a `PATH`
//! where a program of the command's answers for this guard), shadowing common
//! commands with aliases or functions (the hook sees `ls`, the shell runs something else), and
//! setting `BASH_ENV`/`ENV`, which make every new shell run a file first.

use super::{ASK, Applies, Checker, DENY, Report, Subject};
use crate::command::{Analysis, DefinitionKind};
use crate::context::Context;
use crate::rules::Rule;
use crate::word::Word;

pub const CHECKER: Checker = Checker {
    rules: &[
        &AGENT_GUARDS_OFF,
        &SHADOWED_COMMAND,
        &SHELL_ENV_INJECTION,
        &HOOK_CONFIG_TAMPER,
        &GUARD_SELF_APPROVAL,
    ],
    applies: Applies::EveryCommand,
    check,
    whole_analysis: Some(definitions),
};

pub static AGENT_GUARDS_OFF: Rule = Rule {
    id: "agent-guards-off",
    decision: DENY,
    catches: "Starting a nested agent with its guards off: `claude --dangerously-skip-permissions`, `--bare`, hooks disabled, its permission questions handed to an MCP tool (`--permission-prompt-tool`), every shell command approved (`--allowedTools Bash`, `'Bash(*)'`), `codex --dangerously-bypass-approvals-and-sandbox` (or `--sandbox danger-full-access` without approvals), `gemini --yolo` (or `--allowed-tools run_shell_command`), `qwen --yolo`, `crush --yolo`, `cline -y`, `kimi --yolo`/`--auto`, `copilot --allow-all-tools` (or `--allow-tool shell`), `cursor-agent --force`, `opencode --auto`, `aider --yes-always`, `amp --dangerously-allow-all`, `agy --dangerously-skip-permissions`, `auggie --permission launch-process:allow`, `interpreter --auto_run`, `droid exec --skip-permissions-unsafe` or `--auto high`, `GOOSE_MODE=auto goose`, `OPENCODE_PERMISSION` with an `allow`, `AIDER_YES_ALWAYS`, `kilocode --yolo`, `q chat --trust-all-tools` (`kiro-cli`), `openhands --headless` (or `--always-approve`); its shell commands and hooks handed to a program (`CLAUDE_CODE_SHELL_PREFIX=…`); or pointed at another settings folder, where no hook is registered or the guard reads a configuration the agent wrote (`CLAUDE_CONFIG_DIR=…`, `CODEX_HOME=…`, `GEMINI_CLI_HOME=…`, `GEMINI_CLI_SYSTEM_SETTINGS_PATH=…`, `OPENCODE_CONFIG=…`, `COPILOT_HOME=…`, `XDG_CONFIG_HOME=…`, `HOME=…`, given or exported), or given a `PATH` that puts a folder of the command's before the system's (`PATH=/tmp/fake:$PATH claude`), where a program named `safety-net` would answer for the guard its hooks run; or started without `HOME` or `PATH` (`env -i claude`, `env -u HOME claude`), where its hooks may not find the guard and the guard loses the home folder it protects and the user's configuration.",
    instead: "Run the nested agent with its normal permissions and hooks",
    examples: &[
        "claude --dangerously-skip-permissions -p 'fix it'",
        "claude --settings '{\"disableAllHooks\":true}' -p x",
        "claude --bare -p x",
        "CLAUDE_CODE_SIMPLE=1 claude -p x",
        "claude --permission-mode bypassPermissions",
        "claude --settings '{\"permissions\":{\"defaultMode\":\"bypassPermissions\"}}' -p x",
        "claude --setting-sources project -p x",
        "codex --dangerously-bypass-approvals-and-sandbox exec x",
        "codex --dangerously-bypass-hook-trust",
        "codex -c approval_policy=never -c sandbox_mode=danger-full-access",
        "gemini --yolo -p x",
        "gemini --approval-mode=yolo",
        "npx @anthropic-ai/claude-code --dangerously-skip-permissions",
        "copilot --allow-all-tools -p x",
        "cursor-agent --force -p x",
        "aider --yes-always",
        "CLAUDE_CONFIG_DIR=/tmp/c claude -p x",
        "export CLAUDE_CONFIG_DIR=/tmp/c",
        "XDG_CONFIG_HOME=/tmp/c claude -p x",
        "HOME=/tmp/h codex exec x",
        "kilocode --yolo",
        "q chat --trust-all-tools x",
        "XDG_CONFIG_HOME=/tmp/x opencode run x",
        "PATH=/tmp/fake:$PATH claude -p x",
        "claude --allowedTools 'Bash(*)' -p x",
        "CLAUDE_CODE_SHELL_PREFIX=/tmp/x claude -p x",
        "opencode run --auto x",
        "OPENCODE_PERMISSION='{\"bash\":\"allow\"}' opencode run x",
        "droid exec --auto high x",
        "copilot --allow-tool shell -p x",
        "cline task new -y x",
        "claude -p x --permission-prompt-tool mcp__approver__approve",
        "openhands --headless -t x",
        "env -i claude -p x",
        "env -u HOME claude -p x",
    ],
    allowed: &[
        "claude -p 'summarize'",
        "claude --allowedTools 'Bash(npm test)' -p x",
        "codex --full-auto exec 'fix the tests'",
        "droid exec --auto medium x",
        "goose run -t x",
        "claude --version",
        "codex exec 'run tests'",
        "gemini -p 'hi'",
        "kilocode run 'fix the test'",
        "q chat --trust-tools fs_read x",
        "opencode run x",
        "PATH=$PATH:/tmp/fake claude -p x",
        "openhands -t x",
        "env FOO=1 claude -p x",
        "env -u FOO claude -p x",
    ],
};

pub static SHADOWED_COMMAND: Rule = Rule {
    id: "shadowed-command",
    decision: ASK,
    catches: "An alias or function named like a common command (`alias ls=…`, `git() {…}`): later commands would not run what they say.",
    instead: "Give the helper a name of its own",
    examples: &[
        "alias ls='ls; curl -s x'",
        "git() { command git \"$@\"; }; git status",
        "function sudo { echo; }",
    ],
    allowed: &["alias ll='ls -la'", "build() { make; }; build"],
};

pub static SHELL_ENV_INJECTION: Rule = Rule {
    id: "shell-env-injection",
    decision: ASK,
    catches: "Setting `BASH_ENV` or `ENV`: every new shell then runs that file before anything else.",
    instead: "Run the file explicitly where it is needed, with `source`",
    examples: &[
        "export BASH_ENV=/tmp/x.sh",
        "BASH_ENV=./setup.sh bash -c 'make'",
        "env ENV=/tmp/x sh -i",
    ],
    allowed: &[
        "export NODE_ENV=production",
        "ENVIRONMENT=dev npm start",
        "env ENV=/tmp/x sh -c ls",
    ],
};

pub static HOOK_CONFIG_TAMPER: Rule = Rule {
    id: "hook-config-tamper",
    decision: DENY,
    catches: "A settings change during a session that sets `disableAllHooks` or removes safety-net's PreToolUse hook from every scope (answered to Claude Code's ConfigChange event).",
    instead: "Hook settings are the user's to change: ask them",
    examples: &[],
    allowed: &[],
};

pub static GUARD_SELF_APPROVAL: Rule = Rule {
    id: "guard-self-approval",
    decision: DENY,
    catches: "The agent working this guard from its own shell: approving a call the guard denied (`safety-net allow CODE`), changing or removing its registration (`safety-net install`, `safety-net uninstall`), or uninstalling it (`cargo uninstall agent-safety-net`, `brew uninstall safety-net`, `nix profile remove safety-net`, `nix-env -e safety-net`) or replacing it with a build from elsewhere (`cargo install agent-safety-net --git URL`, `--git` of a repository named after it, `--path DIR` of the guard's source or of any package with a program named `safety-net`, another registry; with `--force`, which replaces a program of any package, any `--git URL` or a folder the same command clones, whose programs cannot be read beforehand) or an older one (`--version X`, `agent-safety-net@X`, `cargo binstall`).",
    instead: "Tell the user why the call is needed; approving it is theirs to do in their own terminal",
    examples: &[
        "safety-net allow 1a2b3c4d",
        "~/.cargo/bin/safety-net allow 1a2b3c4d",
        "bash -c 'safety-net allow 1a2b3c4d'",
        "safety-net uninstall --all",
        "safety-net install --agent codex",
        "cargo uninstall agent-safety-net",
        "cargo install agent-safety-net --git https://github.com/someone/fork --force",
        "cargo install --force --path /tmp/fork agent-safety-net",
        "cargo install agent-safety-net --version 0.0.1 --force",
        "cargo binstall agent-safety-net@0.0.1 -y",
        "brew uninstall safety-net",
        "nix profile remove safety-net",
        "nix-env -e safety-net",
        "git clone https://github.com/x/fork /tmp/s && cargo install --path /tmp/s --force",
        "cargo install --git https://github.com/x/safety-net-fork",
    ],
    allowed: &[
        "safety-net explain 'rm -rf /'",
        "safety-net log --denied",
        "safety-net rules git-push-force",
        "safety-net check cmds.txt",
        "safety-net install --help",
        "cargo install agent-safety-net",
        "cargo binstall agent-safety-net",
        "cargo install ripgrep --version 14.1.0",
        "cargo install --path . ripgrep",
        "echo 'run safety-net allow 1a2b3c4d'",
        "brew uninstall ripgrep",
        "nix profile remove hello",
        "git clone https://github.com/x/tool /tmp/t && cargo install --path /tmp/t",
        "cargo install --git https://github.com/x/tool",
    ],
};

/// Where `cargo install` would build the guard from, when not the published
/// crate: a git repository, a registry or index of another's, or a folder whose `Cargo.toml`
/// is the guard's (read from disk when the hook may). `names_guard`: the guard's package is
/// named.
fn guard_build_from_elsewhere(
    command: &crate::command::Command,
    names_guard: bool,
    analysis: &Analysis,
    context: &Context,
) -> Option<String> {
    let args = command.args();
    let value = |option: &str| {
        args.iter().enumerate().find_map(|(at, word)| {
            if word.is(option) {
                args.get(at + 1).cloned()
            } else {
                let rest = word.text().strip_prefix(option)?.strip_prefix('=')?;
                Some(Word::literal(rest, word.span))
            }
        })
    };
    if names_guard {
        for option in ["--git", "--registry", "--index"] {
            if let Some(source) = value(option) {
                return Some(format!("`{option} {}`", source.text()));
            }
        }
    }
    // `--force` puts the programs built over any of the same name, the guard's among them,
    // which without it cargo refuses to replace: from a repository (`--git URL`, or a folder
    // this command clones) what it builds cannot be read beforehand.
    let forced = args.iter().any(|word| word.is("--force") || word.is("-f"));
    if let Some(url) = value("--git")
        && (forced || repository_names_guard(url.text()))
    {
        return Some(format!("`--git {}`", url.text()));
    }
    let folder = value("--path")?;
    let clones = cloned_folders(analysis);
    let in_clone = |(url, destination): &(String, Option<crate::paths::AbsPath>)| {
        let inside = match (crate::paths::resolve(&folder, &command.cwd), destination) {
            (crate::paths::Target::Path(path), Some(destination)) => path.starts_with(destination),
            _ => true,
        };
        inside && (forced || repository_names_guard(url))
    };
    if let Some((url, _)) = clones.iter().find(|clone| in_clone(clone)) {
        return Some(format!(
            "the folder `{}`, cloned by this command from {url}",
            folder.text()
        ));
    }
    // The guard's package, or any package with a program named `safety-net` (a `[[bin]]` of
    // that name, `src/bin/safety-net.rs`), which `--force` puts over the guard's.
    let guards_source = |path: &crate::paths::AbsPath| {
        let manifest = crate::context::native(&path.join("Cargo.toml"));
        let named = |text: String| {
            let flat: String = text.split_whitespace().collect();
            flat.contains("name=\"agent-safety-net\"") || flat.contains("name=\"safety-net\"")
        };
        std::fs::read_to_string(manifest).is_ok_and(named)
            || ["src/bin/safety-net.rs", "src/bin/safety-net/main.rs"]
                .iter()
                .any(|program| std::fs::metadata(crate::context::native(&path.join(program))).is_ok())
    };
    let named = names_guard
        || context.read_scripts
            && matches!(crate::paths::resolve(&folder, &command.cwd), crate::paths::Target::Path(path) if guards_source(&path));
    named.then(|| format!("the folder `{}`", folder.text()))
}

/// Whether a repository's address names the guard (`https://github.com/x/safety-net-fork`).
fn repository_names_guard(url: &str) -> bool {
    url.trim_end_matches('/')
        .rsplit(['/', ':'])
        .next()
        .is_some_and(|name| name.to_ascii_lowercase().contains("safety-net"))
}

/// The repositories the command clones, each with its address and the folder it lands in
/// (`None` when only known as it runs): `git clone URL [DIR]`, `hg clone URL [DIR]`, `jj git
/// clone URL [DIR]`, `gh repo clone REPO [DIR]`, in a folder named after the repository when
/// none is given.
fn cloned_folders(analysis: &Analysis) -> Vec<(String, Option<crate::paths::AbsPath>)> {
    let mut clones = Vec::new();
    for command in &analysis.commands {
        let args = command.args();
        let operands: Vec<&Word> = match command.name.as_str() {
            "git" => {
                let git = crate::tools::git::invocation(command);
                if git.subcommand != "clone" {
                    continue;
                }
                crate::args::parse(git.args, &crate::registry::tool_options::GIT_CLONE_OPTIONS)
                    .operands()
                    .collect()
            }
            "hg" | "jj" | "gh" => {
                let words: Vec<&Word> = args.iter().filter(|word| !word.text().starts_with('-')).collect();
                let verb: &[&str] = match command.name.as_str() {
                    "hg" => &["clone"],
                    "jj" => &["git", "clone"],
                    _ => &["repo", "clone"],
                };
                if !words
                    .iter()
                    .map(|word| word.text())
                    .take(verb.len())
                    .eq(verb.iter().copied())
                {
                    continue;
                }
                words[verb.len()..].to_vec()
            }
            _ => continue,
        };
        let Some(url) = operands.first() else { continue };
        let named = url.text().trim_end_matches('/').rsplit(['/', ':']).next().unwrap_or("");
        let named = named.strip_suffix(".git").unwrap_or(named);
        let destination = match operands.get(1) {
            Some(folder) => Some((*folder).clone()),
            None => (!named.is_empty()).then(|| Word::literal(named, url.span)),
        };
        let destination = destination.and_then(|folder| match crate::paths::resolve(&folder, &command.cwd) {
            crate::paths::Target::Path(path) => Some(path),
            _ => None,
        });
        clones.push((format!("`{}`", url.text()), destination));
    }
    clones
}

/// Why the `env` that starts a nested agent takes away what its hooks need: `env -i` (an
/// empty environment) or `env -u HOME`/`-u PATH`. The guard its hooks run no longer knows the
/// user's home folder, which it protects and where the user's configuration is, and a hook
/// found by `PATH` may not start at all: a hook that fails to start lets the call through.
fn environment_removed(subject: &Subject) -> Option<String> {
    let command = subject.command;
    let parent = &subject.analysis.commands[command.parent?];
    if command.via.as_deref() != Some("env") || parent.name != "env" {
        return None;
    }
    let parsed = crate::args::parse(parent.args(), &crate::registry::wrappers::ENV_OPTIONS);
    if parsed.has('i', "ignore-environment") {
        return Some(format!(
            "`env -i` starts the nested `{}` with an empty environment: without `HOME` and `PATH` its hooks may not find `safety-net`, and this guard loses the home folder it protects and the user's configuration",
            command.name
        ));
    }
    let unset = parsed
        .args
        .iter()
        .filter(|arg| arg.is_short('u') || arg.is_long("unset"))
        .filter_map(|arg| arg.value()?.value())
        .find(|name| matches!(*name, "HOME" | "PATH" | "USERPROFILE"))?;
    Some(format!(
        "`env -u {unset}` starts the nested `{}` without `{unset}`: its hooks may not find `safety-net`, and this guard loses the home folder it protects and the user's configuration",
        command.name
    ))
}

/// Commands an agent runs all the time; a definition with one of these names is suspect.
const COMMON_COMMANDS: &[&str] = &[
    "ls",
    "cd",
    "rm",
    "cp",
    "mv",
    "cat",
    "echo",
    "printf",
    "grep",
    "find",
    "sed",
    "awk",
    "git",
    "sudo",
    "ssh",
    "curl",
    "wget",
    "bash",
    "sh",
    "zsh",
    "python",
    "python3",
    "node",
    "npm",
    "npx",
    "pip",
    "pip3",
    "make",
    "cargo",
    "docker",
    "kubectl",
    "chmod",
    "chown",
    "kill",
    "ps",
    "env",
    "which",
    "command",
    "type",
    "source",
    "exec",
    "eval",
    "head",
    "tail",
    "mkdir",
    "touch",
    "pwd",
    "test",
    "true",
    "false",
    "exit",
    "yarn",
    "pnpm",
    "go",
    "rustc",
    "java",
    "ruby",
    "perl",
    "tar",
    "unzip",
    "diff",
    "patch",
    "less",
    "vim",
    "code",
    "claude",
    "safety-net",
];

/// Variables that make a new shell run a file first.
const SHELL_STARTUP_VARIABLES: &[&str] = &["BASH_ENV", "ENV"];

fn check(subject: &Subject, report: &mut Report) {
    let command = subject.command;
    for (name, _) in &command.assignments {
        // `BASH_ENV` is read by every non-interactive bash; `ENV` only by an interactive shell
        // (`sh -i`), which an agent's commands never start otherwise.
        let interactive = command
            .args()
            .iter()
            .any(|word| word.text().starts_with('-') && !word.text().starts_with("--") && word.text().contains('i'));
        if name == "BASH_ENV" || (name == "ENV" && interactive) {
            report.flag(
                &SHELL_ENV_INJECTION,
                command.span,
                format!("`{name}=` makes every new shell run that file before anything else"),
            );
        }
    }
    guard_binary_changed(subject, report);
    editor_auto_approval(subject, report);
    package_hooks_written(subject, report);
    if AGENTS.contains(&command.name.as_str()) || command.name == "npx" {
        for (name, value) in &command.assignments {
            if AGENT_CONFIG_VARIABLES.contains(&name.as_str()) || GUARD_CONFIG_VARIABLES.contains(&name.as_str()) {
                report.flag(&AGENT_GUARDS_OFF, command.span, config_folder_moved(name));
            } else if let Some(why) = switches_guards_off(name, value.text()) {
                report.flag(&AGENT_GUARDS_OFF, command.span, why);
            }
        }
        if let Some(folder) = command
            .assignments
            .iter()
            .find_map(|(name, value)| (name == "PATH").then(|| folder_before_guard(value)).flatten())
        {
            report.flag(&AGENT_GUARDS_OFF, command.span, path_moved(&folder));
        }
        if let Some(why) = environment_removed(subject) {
            report.flag(&AGENT_GUARDS_OFF, command.span, why);
        }
    }
    match command.name.as_str() {
        "alias" => {
            for word in command.args() {
                let Some((name, _)) = word.text().split_once('=') else {
                    continue;
                };
                if COMMON_COMMANDS.contains(&name) {
                    report.flag(
                        &SHADOWED_COMMAND,
                        word.span,
                        format!("`alias {name}=…` makes `{name}` run something else from now on"),
                    );
                }
            }
        }
        name if AGENTS.contains(&name) => agent(subject, report, name, command.args()),
        "cargo" => {
            let words: Vec<&str> = command
                .args()
                .iter()
                .map(Word::text)
                .filter(|w| !w.starts_with('-'))
                .collect();
            // `agent-safety-net@0.1.0` pins a version as `--version` does.
            let names_guard = words[1.min(words.len())..].iter().any(|w| {
                let package = w.split_once('@').map_or(*w, |(package, _)| package);
                matches!(package, "agent-safety-net" | "safety-net")
            });
            let pinned = words.iter().any(|w| w.starts_with("agent-safety-net@"))
                || command.args().iter().any(|w| {
                    let text = w.text();
                    text == "--version"
                        || text.starts_with("--version=")
                        || text == "--vers"
                        || text.starts_with("--vers=")
                });
            if words.first() == Some(&"uninstall") && names_guard {
                report.flag(
                    &GUARD_SELF_APPROVAL,
                    command.span,
                    "`cargo uninstall agent-safety-net` from the agent's shell would remove the guard that checks the agent",
                );
            } else if matches!(words.first(), Some(&"install" | &"binstall")) && names_guard && pinned {
                report.flag(
                    &GUARD_SELF_APPROVAL,
                    command.span,
                    "`cargo install` of a pinned version would replace the guard that checks the agent with an older build, with fewer checks",
                );
            } else if words.first() == Some(&"install")
                && let Some(source) =
                    guard_build_from_elsewhere(command, names_guard, subject.analysis, subject.context)
            {
                // Not named after the guard, the source is judged for `--force` alone, which an
                // ordinary install or update does without.
                let forced = command.args().iter().any(|word| word.is("--force") || word.is("-f"));
                let reason = if names_guard || !forced {
                    format!(
                        "`cargo install` from {source} would replace the guard that checks the agent with a build nobody reviewed"
                    )
                } else {
                    format!(
                        "`cargo install --force` from {source} may put a program named `safety-net` over the guard that checks the agent: `--force` replaces an installed program of any package, and what this source builds cannot be read beforehand. Without `--force`, cargo still installs it, and updates it when its source changed, but refuses to replace another package's program"
                    )
                };
                report.flag(&GUARD_SELF_APPROVAL, command.span, reason);
            }
        }
        // Homebrew's `uninstall` (`remove`, `rm`) of a formula named after the guard.
        "brew" => {
            let mut words = command.args().iter().map(Word::text).filter(|w| !w.starts_with('-'));
            if matches!(words.next(), Some("uninstall" | "remove" | "rm"))
                && words.any(|w| matches!(w, "safety-net" | "agent-safety-net"))
            {
                report.flag(
                    &GUARD_SELF_APPROVAL,
                    command.span,
                    "`brew uninstall safety-net` from the agent's shell would remove the guard that checks the agent",
                );
            }
        }
        // Nix's `nix profile remove ELEMENT…` and `nix-env -e|--uninstall NAME…`, an element
        // named after the guard (`safety-net`, `packages.x86_64-linux.safety-net`, a store path).
        "nix" | "nix-env" => {
            let words: Vec<&str> = command.args().iter().map(Word::text).collect();
            let removes = match command.name.as_str() {
                "nix" => words
                    .iter()
                    .filter(|w| !w.starts_with('-'))
                    .take(2)
                    .eq(["profile", "remove"].iter()),
                _ => words.iter().any(|w| matches!(*w, "-e" | "--uninstall")),
            };
            if removes && words.iter().any(|w| !w.starts_with('-') && w.contains("safety-net")) {
                report.flag(
                    &GUARD_SELF_APPROVAL,
                    command.span,
                    format!(
                        "`{}` of safety-net from the agent's shell would remove the guard that checks the agent",
                        if command.name == "nix" {
                            "nix profile remove"
                        } else {
                            "nix-env --uninstall"
                        }
                    ),
                );
            }
        }
        "safety-net" => {
            let verb = command.args().iter().map(Word::text).find(|arg| !arg.starts_with('-'));
            let help = command.args().iter().any(|w| w.is("--help") || w.is("-h"));
            if let Some(verb @ ("allow" | "uninstall" | "install")) = verb
                && !help
            {
                report.flag(
                    &GUARD_SELF_APPROVAL,
                    command.span,
                    format!(
                        "`safety-net {verb}` from the agent's shell would overrule the guard that checks the agent"
                    ),
                );
            }
        }
        "npx" | "bunx" | "pnpx" => {
            // `npx @anthropic-ai/claude-code …`, `npx @openai/codex …`, `npx @google/gemini-cli …`
            let args = command.args();
            if let Some(position) = args.iter().position(|w| !w.text().starts_with('-')) {
                let package = args[position].text();
                let agent_name = if package.contains("claude-code") {
                    "claude"
                } else if package.contains("codex") {
                    "codex"
                } else if package.contains("gemini-cli") {
                    "gemini"
                } else if package.starts_with("@github/copilot") {
                    "copilot"
                } else if package.starts_with("@sourcegraph/amp") {
                    "amp"
                } else if package.starts_with("@qwen-code/qwen-code") {
                    "qwen"
                } else if package.starts_with("@charmland/crush") {
                    "crush"
                } else if package.starts_with("opencode-ai") {
                    "opencode"
                } else if package.starts_with("@augmentcode/auggie") {
                    "auggie"
                } else {
                    return;
                };
                agent(subject, report, agent_name, &args[position + 1..]);
            }
        }
        _ => {}
    }
}

/// A nested agent started with its guards off.
fn agent(subject: &Subject, report: &mut Report, name: &str, args: &[Word]) {
    let mut texts: Vec<&str> = args.iter().map(Word::text).collect();
    // `gemini mcp add fs npx -y server`: after `mcp` come a server's name and command line (judged
    // as the command the agent will start), not the agent's own flags.
    if let Some(mcp) = texts.iter().position(|text| !text.starts_with('-'))
        && texts[mcp] == "mcp"
    {
        texts.truncate(mcp);
    }
    let value_after = |flag: &str| -> Option<&str> {
        texts.iter().enumerate().find_map(|(i, t)| {
            t.strip_prefix(flag)
                .and_then(|rest| rest.strip_prefix('='))
                .or_else(|| (*t == flag).then(|| texts.get(i + 1).copied()).flatten())
        })
    };
    // Every value of an option that may be given more than once (`--allow-tool shell --allow-tool
    // write`), each split at commas: `--allowedTools "Read,Bash"`. Claude Code's list options
    // also take the words after them that are lists of tool rules (`--allowedTools Edit Bash`).
    let values_after = |flags: &[&str]| -> Vec<&str> {
        let mut values = Vec::new();
        for (i, t) in texts.iter().enumerate() {
            if let Some(value) = flags.iter().find_map(|flag| t.strip_prefix(flag)?.strip_prefix('=')) {
                values.push(value);
            } else if flags.contains(t) {
                let more = texts[i + 1..].iter().take_while(|word| !word.starts_with('-'));
                let rules = |word: &&&str| name == "claude" && is_tool_rule_list(word);
                values.extend(
                    texts
                        .get(i + 1)
                        .into_iter()
                        .chain(more.skip(1).take_while(rules))
                        .copied(),
                );
            }
        }
        values
            .into_iter()
            .flat_map(|value| value.split([',', ' ']))
            .map(str::trim)
            .filter(|entry| !entry.is_empty())
            .collect()
    };
    let has = |flags: &[&str]| texts.iter().any(|t| flags.contains(t));
    let simple = subject
        .command
        .assignments
        .iter()
        .any(|(variable, value)| variable == "CLAUDE_CODE_SIMPLE" && !value.is("0") && !value.is(""));
    if name == "claude"
        && let Some(key) = claude_config_change(&texts)
    {
        report.flag(
            &super::files::WRITE_AGENT_SETTINGS,
            subject.command.span,
            format!("`claude config` changing `{key}` writes Claude Code's settings, where hooks, permissions and the programs it runs are kept"),
        );
        return;
    }
    let off = match name {
        "claude" => {
            if texts.iter().any(|t| {
                matches!(
                    *t,
                    "--dangerously-skip-permissions" | "--allow-dangerously-skip-permissions"
                )
            }) {
                Some("`--dangerously-skip-permissions` runs every tool without asking")
            } else if texts.contains(&"--bare") {
                Some("`--bare` starts Claude Code without hooks or settings")
            } else if value_after("--permission-prompt-tool").is_some() {
                Some(
                    "`--permission-prompt-tool` hands every permission question, this guard's too, to an MCP tool rather than the user",
                )
            } else if value_after("--permission-mode").is_some_and(|mode| mode == "bypassPermissions") {
                Some("`--permission-mode bypassPermissions` runs every tool without asking")
            } else if values_after(&["--allowedTools", "--allowed-tools"])
                .iter()
                .any(|rule| every_use_of(rule, &["Bash", "PowerShell"]))
            {
                Some("`--allowedTools Bash` runs every shell command without asking")
            } else if let Some(why) = value_after("--settings").and_then(|settings| settings_off(subject, settings)) {
                match why {
                    Settings::Off(why) => Some(why),
                    Settings::Unread(file) => {
                        report.flag(
                            &super::unverifiable::COULD_NOT_VERIFY,
                            subject.command.span,
                            format!(
                                "`claude --settings {file}` loads settings that can switch hooks off or skip every permission prompt, and the file could not be read here"
                            ),
                        );
                        None
                    }
                }
            } else if let Some(sources) = value_after("--setting-sources")
                && let Some(left_out) = ["user", "project", "local"]
                    .into_iter()
                    .find(|source| !sources.split(',').any(|s| s.trim() == *source))
            {
                report.flag(
                    &AGENT_GUARDS_OFF,
                    subject.command.span,
                    format!(
                        "a nested `claude` would not load the {left_out} settings, nor the hooks registered there: this guard among them if it is installed in that scope"
                    ),
                );
                None
            } else if simple {
                Some("`CLAUDE_CODE_SIMPLE=1` starts Claude Code without hooks")
            } else {
                None
            }
        }
        "codex" => {
            // `-c key=value` (`--config`) sets what the flags do: `-c sandbox_mode=danger-full-access`.
            let configured = |key: &str| {
                texts.iter().enumerate().find_map(|(at, option)| {
                    let setting = match *option {
                        "-c" | "--config" => *texts.get(at + 1)?,
                        _ => option.strip_prefix("--config=")?,
                    };
                    let (name, set) = setting.split_once('=')?;
                    (name.trim() == key).then(|| set.trim().trim_matches(['"', '\'']))
                })
            };
            let no_sandbox = value_after("--sandbox").or_else(|| value_after("-s")) == Some("danger-full-access")
                || configured("sandbox_mode") == Some("danger-full-access");
            let never_asks = value_after("--ask-for-approval").or_else(|| value_after("-a")) == Some("never")
                || configured("approval_policy") == Some("never")
                || texts.contains(&"exec");
            texts
                .iter()
                .find(|t| {
                    matches!(
                        **t,
                        "--dangerously-bypass-approvals-and-sandbox" | "--dangerously-bypass-hook-trust" | "--yolo"
                    )
                })
                .map(|_| "it runs every command without approval, sandbox or hook checks")
                .or_else(|| {
                    (no_sandbox && never_asks)
                        .then_some("`--sandbox danger-full-access` without approvals runs every command unconfined")
                })
        }
        "gemini" | "qwen" => {
            if has(&["--yolo", "-y"]) || value_after("--approval-mode") == Some("yolo") {
                Some("`--yolo` approves every tool call without asking")
            } else if values_after(&["--allowed-tools", "--allowedTools"])
                .iter()
                .any(|tool| every_use_of(tool, &["run_shell_command", "ShellTool"]))
            {
                Some("`--allowed-tools run_shell_command` runs every shell command without asking")
            } else {
                None
            }
        }
        // Cline's CLI (`cline task new -y`), Kimi Code's (`--auto` never asks; `--yolo` asks
        // only for what it deems risky, and approved everything in kimi-cli before it).
        "crush" | "cline" => has(&["--yolo", "-y"]).then_some("`--yolo` approves every tool call without asking"),
        "kimi" => has(&["--yolo", "-y", "--auto"]).then_some("`--yolo` and `--auto` run tool calls without asking"),
        // Open Interpreter.
        "interpreter" => has(&["--auto_run", "-y"]).then_some("`--auto_run` runs the code it writes without asking"),
        "copilot" => {
            if has(&["--allow-all-tools", "--allow-all", "--yolo"]) {
                Some("`--allow-all-tools` runs every tool without asking")
            } else if values_after(&["--allow-tool"])
                .iter()
                .any(|tool| every_use_of(tool, &["shell"]))
            {
                Some("`--allow-tool shell` runs every shell command without asking")
            } else {
                None
            }
        }
        // Antigravity's CLI took Claude Code's spelling.
        "agy" => has(&["--dangerously-skip-permissions"])
            .then_some("`--dangerously-skip-permissions` runs every tool without asking"),
        "opencode" => has(&["--auto", "--dangerously-skip-permissions"])
            .then_some("`--auto` approves every tool call no rule denies"),
        // Auggie's `--permission TOOL:allow` rules: `launch-process` is its shell.
        "auggie" => values_after(&["--permission"])
            .iter()
            .any(|rule| {
                rule.strip_suffix(":allow")
                    .is_some_and(|tool| matches!(tool, "launch-process" | "*"))
            })
            .then_some("`--permission launch-process:allow` runs every shell command without asking"),
        "cursor-agent" => texts
            .iter()
            .any(|t| matches!(*t, "--force" | "-f" | "--yolo"))
            .then_some("`--force` runs every command unless a rule denies it"),
        "aider" => texts
            .iter()
            .any(|t| matches!(*t, "--yes-always" | "--yes"))
            .then_some("`--yes-always` says yes to every question, the shell commands it proposes included"),
        "amp" => texts
            .contains(&"--dangerously-allow-all")
            .then_some("`--dangerously-allow-all` runs every tool without asking"),
        // `--auto high` runs every command its blocklist does not name; `low` and `medium` only
        // edits and reversible ones.
        "droid" => {
            if has(&["--skip-permissions-unsafe"]) {
                Some("`--skip-permissions-unsafe` runs every command without asking")
            } else if value_after("--auto") == Some("high") {
                Some("`--auto high` runs high-risk commands without asking")
            } else {
                None
            }
        }
        "kilocode" | "kilo" => texts
            .contains(&"--yolo")
            .then_some("`--yolo` approves every tool call without asking"),
        // OpenHands' headless mode always approves, as `--always-approve` does in its terminal UI.
        "openhands" => has(&["--headless", "--always-approve"])
            .then_some("`--headless` and `--always-approve` run every action without confirmation"),
        // Amazon Q Developer's CLI and its successor, Kiro's.
        "q" | "kiro-cli" => texts
            .contains(&"--trust-all-tools")
            .then_some("`--trust-all-tools` runs every tool without asking"),
        _ => None,
    };
    if let Some(why) = off {
        report.flag(
            &AGENT_GUARDS_OFF,
            subject.command.span,
            format!("a nested `{name}` would run with its guards off: {why}"),
        );
    }
}

/// Keys of Claude Code's configuration that only change how it looks and which model it uses.
const HARMLESS_CLAUDE_KEYS: &[&str] = &[
    "theme",
    "verbose",
    "preferredNotifChannel",
    "autoUpdates",
    "autoUpdaterStatus",
    "model",
    "editorMode",
    "autoCompactEnabled",
    "outputStyle",
];

/// The key `claude config set|add|remove KEY …` changes, unless it is a harmless one: the
/// others include `hooks`, `permissions`, `allowedTools`, `env` and keys naming a program to run
/// (`apiKeyHelper`, `statusLine`).
fn claude_config_change<'a>(texts: &[&'a str]) -> Option<&'a str> {
    let mut words = texts.iter().filter(|text| !text.starts_with('-'));
    if words.next() != Some(&"config") || !matches!(words.next(), Some(&("set" | "add" | "remove" | "rm"))) {
        return None;
    }
    words.next().copied().filter(|key| !HARMLESS_CLAUDE_KEYS.contains(key))
}

/// Whether a word is a list of tool rules (`Edit`, `Bash(npm test),Read`): no space outside
/// the parentheses but after a comma, where a prompt has them.
fn is_tool_rule_list(word: &str) -> bool {
    let mut depth = 0usize;
    let mut previous = ',';
    for c in word.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            ' ' if depth == 0 && previous != ',' => return false,
            _ => {}
        }
        if c != ' ' {
            previous = c;
        }
    }
    !word.is_empty()
}

/// Whether a tool rule given to an agent's allow option approves every use of one of `tools`:
/// the bare name (`Bash`), or a pattern that matches anything (`Bash(*)`, `Bash(:*)`,
/// `shell(**)`); `Bash(npm test)` approves one command.
fn every_use_of(rule: &str, tools: &[&str]) -> bool {
    let rule = rule.trim_matches(['"', '\'']);
    tools.iter().any(|tool| {
        rule == *tool
            || rule
                .strip_prefix(tool)
                .and_then(|rest| rest.strip_prefix('('))
                .and_then(|rest| rest.strip_suffix(')'))
                .is_some_and(|pattern| pattern.chars().all(|c| matches!(c, '*' | ':' | ' ')))
    })
}

/// What a `--settings` value does to the guards.
enum Settings {
    /// It switches them off.
    Off(&'static str),
    /// A settings file whose content could not be read.
    Unread(String),
}

/// Whether the settings given to `claude --settings` (inline JSON, or a file: read when the disk
/// may be read) turn the guards off; `None` when they are seen to leave them on.
fn settings_off(subject: &Subject, value: &str) -> Option<Settings> {
    let text = if value.trim_start().starts_with('{') {
        value.to_owned()
    } else {
        let file = crate::paths::resolve(&Word::literal(value, subject.command.span), &subject.command.cwd);
        let content = match file {
            // A file this very command writes first holds what it is given, not what is on disk.
            crate::paths::Target::Path(path) if subject.context.read_scripts && !written_here(subject, &path) => {
                std::fs::read(crate::context::native(&path))
                    .ok()
                    .filter(|bytes| bytes.len() <= 1024 * 1024)
                    .and_then(|bytes| String::from_utf8(bytes).ok())
            }
            _ => None,
        };
        match content {
            Some(content) => content,
            None => return Some(Settings::Unread(value.to_owned())),
        }
    };
    let off = |why| Some(Settings::Off(why));
    let Ok(settings) = serde_json::from_str::<serde_json::Value>(&text) else {
        // Not JSON Claude Code reads: judged by its text.
        let flat: String = text.split_whitespace().collect();
        return if flat.contains("\"disableAllHooks\":true") {
            off(DISABLE_ALL_HOOKS)
        } else if flat.contains("\"bypassPermissions\"") {
            off(BYPASS_MODE)
        } else {
            None
        };
    };
    let truthy = |value: &serde_json::Value| match value {
        serde_json::Value::Bool(on) => *on,
        serde_json::Value::String(text) => !matches!(text.as_str(), "" | "0" | "false"),
        serde_json::Value::Number(number) => number.as_f64() != Some(0.0),
        _ => false,
    };
    if settings.get("disableAllHooks").is_some_and(truthy) {
        off(DISABLE_ALL_HOOKS)
    } else if settings.pointer("/permissions/defaultMode").and_then(|m| m.as_str()) == Some("bypassPermissions") {
        off(BYPASS_MODE)
    } else if settings.pointer("/env/CLAUDE_CODE_SIMPLE").is_some_and(truthy) {
        off("`CLAUDE_CODE_SIMPLE` in its settings starts Claude Code without hooks")
    } else {
        None
    }
}

/// Whether some command of the analysis writes `path` (a redirection, `cp`, `tee`…, or a file
/// a program of the registry writes).
pub(super) fn written_here(subject: &Subject, path: &crate::paths::AbsPath) -> bool {
    written_where(subject, |written| written.same(path))
}

/// Whether some command of the analysis writes a file `wanted` accepts, or one only known when
/// it runs, which may be such a file.
pub(super) fn written_where(subject: &Subject, wanted: impl Fn(&crate::paths::AbsPath) -> bool) -> bool {
    subject
        .analysis
        .commands
        .iter()
        .any(|command| command_writes_where(command, &wanted, true))
}

/// Whether `command` writes a file `wanted` accepts, or (when `unknown_counts`) one only known
/// when it runs.
pub(super) fn command_writes_where(
    command: &crate::command::Command,
    wanted: &impl Fn(&crate::paths::AbsPath) -> bool,
    unknown_counts: bool,
) -> bool {
    let redirected = command
        .redirects
        .iter()
        .filter(|redirect| redirect.operator.writes())
        .map(|redirect| &redirect.target);
    let by_program = super::files::written(command);
    redirected
        .chain(&command.writes)
        .chain(&by_program)
        .any(|word| match crate::paths::resolve(word, &command.cwd) {
            crate::paths::Target::Path(written) => wanted(&written),
            crate::paths::Target::Temporary => false,
            // Somewhere only known when it runs: it may be this file.
            _ => unknown_counts,
        })
}

/// Settings of VS Code's agents (Copilot's chat among them) that run their tools or terminal
/// commands without asking (code.visualstudio.com/docs/agents/approvals), older names too.
const EDITOR_AUTO_APPROVAL: &[&str] = &[
    "chat.tools.autoApprove",
    "chat.tools.global.autoApprove",
    "chat.tools.terminal.autoApprove",
    "chat.tools.edits.autoApprove",
    "chat.agent.terminal.autoApprove",
    "chat.agent.terminal.allowList",
    "github.copilot.chat.agent.terminal.allowList",
];

/// Settings of VS Code's terminal that name the program it starts for each new terminal and
/// each task, later, outside any hook.
const EDITOR_TERMINAL_PROGRAMS: &[&str] = &[
    "terminal.integrated.profiles.",
    "terminal.integrated.automationProfile.",
    "terminal.integrated.shell.",
];

/// A command writing the settings of VS Code or one of its forks (a project's
/// `.vscode/settings.json`, the user's `Code/User/settings.json`, a `.code-workspace`) with a
/// setting that approves the editor agent's tools or commands (`true` must be among what it
/// writes, as rules that only deny, `"rm": false`, make the agent ask more), or that names the
/// program its terminals start.
fn editor_auto_approval(subject: &Subject, report: &mut Report) {
    let approval = EDITOR_AUTO_APPROVAL
        .iter()
        .find(|key| subject.original.contains(**key) && subject.original.contains("true"));
    let terminal = EDITOR_TERMINAL_PROGRAMS
        .iter()
        .find(|key| subject.original.contains(**key));
    if approval.is_none() && terminal.is_none() {
        return;
    }
    let editor_settings = |path: &crate::paths::AbsPath| {
        let folder = path.parent();
        let folder_name = folder.as_ref().and_then(|folder| folder.name());
        match path.name() {
            Some("settings.json") => {
                folder_name == Some(".vscode")
                    || folder_name == Some("User")
                        && folder.and_then(|folder| folder.parent()).is_some_and(|editor| {
                            matches!(
                                editor.name(),
                                Some("Code" | "Code - Insiders" | "VSCodium" | "Cursor" | "Windsurf")
                            )
                        })
            }
            Some(name) => name.ends_with(".code-workspace"),
            None => false,
        }
    };
    if !command_writes_where(subject.command, &editor_settings, false) {
        return;
    }
    if let Some(key) = approval {
        report.flag(
            &super::files::WRITE_AGENT_SETTINGS,
            subject.command.span,
            format!("`{key}` in the editor's settings lets its agent run tools or terminal commands without asking, outside any hook"),
        );
    } else if let Some(key) = terminal {
        report.flag(
            &super::scheduled::SCHEDULE_JOB,
            subject.command.span,
            format!("`{key}…` in the editor's settings names the program each new terminal or task starts, later, outside any hook"),
        );
    }
}

/// A command writing git hooks into `package.json`, which husky 4 (`"husky": {"hooks": {…}}`)
/// and simple-git-hooks (`"simple-git-hooks": {"pre-commit": …}`) install and run at the next
/// commit, the user's too: `npm pkg set husky.hooks.pre-commit=…`, or a program whose text the
/// command shows writing the file (`jq '.husky.hooks…' package.json > t && mv t package.json`,
/// `sed -i`). A hook's name must be in the text for simple-git-hooks, whose name is also the
/// name of its package (`devDependencies`).
fn package_hooks_written(subject: &Subject, report: &mut Report) {
    let text = subject.original;
    let names_hook = || crate::registry::git::HOOKS.iter().any(|(hook, _)| text.contains(hook));
    let manager = if text.contains("husky") && text.contains("hooks") {
        "husky"
    } else if text.contains("simple-git-hooks") && names_hook() {
        "simple-git-hooks"
    } else {
        return;
    };
    let command = subject.command;
    let args = command.args();
    let set_by_npm = matches!(command.name.as_str(), "npm" | "pnpm")
        && args.iter().any(|word| word.is("pkg"))
        && args.iter().any(|word| word.is("set"))
        && args.iter().any(|word| {
            let key = word.text().split_once('=').map_or(word.text(), |(key, _)| key);
            key.starts_with("husky.hooks") || key == "husky" || key.starts_with("simple-git-hooks")
        });
    let package = |path: &crate::paths::AbsPath| path.name() == Some("package.json");
    if set_by_npm || command_writes_where(command, &package, false) {
        report.flag(
            &super::scheduled::SCHEDULE_JOB,
            command.span,
            format!("{manager}'s git hooks written to `package.json` run at the next commit, the user's too, outside any hook"),
        );
    }
}

const DISABLE_ALL_HOOKS: &str = "`disableAllHooks` switches every hook off, this guard included";
const BYPASS_MODE: &str = "`\"defaultMode\": \"bypassPermissions\"` runs every tool without asking";

/// Functions shadowing common commands, and `BASH_ENV`/`ENV` set for the rest of the command.
fn definitions(analysis: &Analysis, _: &Context, report: &mut Report) {
    for export in analysis
        .exports
        .iter()
        .filter(|export| AGENT_CONFIG_VARIABLES.contains(&export.name.as_str()))
    {
        report.flag(&AGENT_GUARDS_OFF, export.span, config_folder_moved(&export.name));
    }
    for export in &analysis.exports {
        if let Some(why) = switches_guards_off(&export.name, export.value.text()) {
            report.flag(&AGENT_GUARDS_OFF, export.span, why);
        }
    }
    // `HOME` and `XDG_CONFIG_HOME` exported before a nested agent starts.
    let starts_agent = analysis
        .commands
        .iter()
        .any(|command| AGENTS.contains(&command.name.as_str()));
    for export in analysis
        .exports
        .iter()
        .filter(|export| starts_agent && GUARD_CONFIG_VARIABLES.contains(&export.name.as_str()))
    {
        report.flag(&AGENT_GUARDS_OFF, export.span, config_folder_moved(&export.name));
    }
    // `PATH` exported with a folder of the command's before the system's, then an agent started.
    for (export, folder) in analysis
        .exports
        .iter()
        .filter(|export| starts_agent && export.name == "PATH")
        .filter_map(|export| folder_before_guard(&export.value).map(|folder| (export, folder)))
    {
        report.flag(&AGENT_GUARDS_OFF, export.span, path_moved(&folder));
    }
    // What a script on disk defines is the user's setup (`alias ls='ls --color'` in a sourced
    // `~/.bashrc`); only what the command itself defines is judged.
    for definition in analysis.definitions.iter().filter(|d| !d.from_disk) {
        match definition.kind {
            DefinitionKind::Function if COMMON_COMMANDS.contains(&definition.name.as_str()) => report.flag(
                &SHADOWED_COMMAND,
                definition.span,
                format!(
                    "the function `{}` makes `{}` run something else from now on",
                    definition.name, definition.name
                ),
            ),
            DefinitionKind::Variable if SHELL_STARTUP_VARIABLES.contains(&definition.name.as_str()) => report.flag(
                &SHELL_ENV_INJECTION,
                definition.span,
                format!(
                    "`{}=` makes every new shell run that file before anything else",
                    definition.name
                ),
            ),
            _ => {}
        }
    }
}

/// The agent CLIs whose guards-off switches are known.
const AGENTS: &[&str] = &[
    "claude",
    "codex",
    "gemini",
    "qwen",
    "crush",
    "copilot",
    "cursor-agent",
    "aider",
    "amp",
    "droid",
    "goose",
    "opencode",
    "kilocode",
    "kilo",
    "q",
    "kiro-cli",
    "cline",
    "kimi",
    "auggie",
    "agy",
    "interpreter",
    "openhands",
];

/// Variables that point an agent at other settings, where no hook of the user's is registered
/// (Gemini CLI's system settings override the user's; `OPENCODE_CONFIG` names a file).
const AGENT_CONFIG_VARIABLES: &[&str] = &[
    "CLAUDE_CONFIG_DIR",
    "CODEX_HOME",
    "GEMINI_CLI_HOME",
    "GEMINI_CLI_SYSTEM_SETTINGS_PATH",
    "GEMINI_CLI_SYSTEM_DEFAULTS_PATH",
    "OPENCODE_CONFIG",
    "OPENCODE_CONFIG_DIR",
    "COPILOT_HOME",
];

/// Why a variable given to a nested agent, or exported, switches its guards off: Claude Code
/// runs every shell command and hook (this guard's among them) through
/// `CLAUDE_CODE_SHELL_PREFIX`, and itself through `CLAUDE_CODE_PROCESS_WRAPPER`; the others
/// approve tool calls (`GOOSE_MODE=auto`, OpenCode's permissions or whole configuration given
/// inline with an `allow`, aider's `AIDER_YES_ALWAYS`). `None` for any other variable or value.
fn switches_guards_off(name: &str, value: &str) -> Option<String> {
    let why = match name {
        "CLAUDE_CODE_SHELL_PREFIX" | "CLAUDE_CODE_PROCESS_WRAPPER" => format!(
            "`{name}=` hands every shell command and hook of a nested Claude Code, this guard's among them, to that program"
        ),
        "GOOSE_MODE" if value == "auto" => "`GOOSE_MODE=auto` runs every tool without asking".to_owned(),
        "OPENCODE_PERMISSION" | "OPENCODE_CONFIG_CONTENT" if value.contains("allow") => {
            format!("`{name}` with an `allow` approves OpenCode's tool calls without asking")
        }
        "AIDER_YES_ALWAYS" if !matches!(value.to_ascii_lowercase().as_str(), "" | "0" | "false" | "no" | "off") => {
            "`AIDER_YES_ALWAYS` says yes to every question, the shell commands aider proposes included".to_owned()
        }
        _ => return None,
    };
    Some(why)
}

/// Variables that move the settings folders of a nested agent and of the guard its hooks run
/// (`$XDG_CONFIG_HOME/safety-net/config.json`), to a folder the agent can write: set for an
/// agent, they are only ordinary when no agent starts.
const GUARD_CONFIG_VARIABLES: &[&str] = &["HOME", "XDG_CONFIG_HOME"];

/// Folders a program is installed in by the system, a package manager or the user's own
/// installs: a `PATH` that puts only these first finds the guard where it was installed.
const INSTALL_FOLDERS: &[&str] = &[
    "/usr/local/sbin",
    "/usr/local/bin",
    "/usr/sbin",
    "/usr/bin",
    "/sbin",
    "/bin",
    "/opt/homebrew/bin",
    "/opt/homebrew/sbin",
    "/opt/local/bin",
    "/snap/bin",
    "/nix/var/nix/profiles/default/bin",
    "/run/current-system/sw/bin",
];

/// Folders under the home folder that the user's installers use (`cargo install` puts the
/// guard in `~/.cargo/bin`).
const HOME_INSTALL_FOLDERS: &[&str] = &[".cargo/bin", ".local/bin", "bin", ".nix-profile/bin", ".volta/bin"];

/// The first folder a `PATH` value searches before the folders it had (`$PATH`), when it is
/// not one where programs are installed (`PATH=/tmp/fake:$PATH`, `PATH=./bin`): a nested
/// agent's hooks find `safety-net` by `PATH`, and a program of that name put there would
/// answer for the guard. Folders added after `$PATH` are searched after the guard's own.
fn folder_before_guard(value: &Word) -> Option<String> {
    let text = value.text();
    text.split(':')
        .take_while(|folder| !matches!(*folder, "$PATH" | "${PATH}"))
        .find(|folder| {
            let folder = folder.trim_end_matches('/');
            // `~/.cargo/bin`, `$HOME/.local/bin`, `/home/ann/bin`, `/Users/ann/.cargo/bin`.
            let below_home = ["~/", "$HOME/", "${HOME}/", "/root/"]
                .iter()
                .find_map(|home| folder.strip_prefix(home))
                .or_else(|| {
                    ["/home/", "/Users/"]
                        .iter()
                        .find_map(|homes| folder.strip_prefix(homes))
                        .and_then(|rest| rest.split_once('/').map(|(_, below)| below))
                });
            let in_home = below_home.is_some_and(|below| HOME_INSTALL_FOLDERS.contains(&below));
            !folder.is_empty() && !in_home && !INSTALL_FOLDERS.contains(&folder)
        })
        .map(str::to_owned)
}

fn path_moved(folder: &str) -> String {
    format!(
        "`PATH` puts {folder} first for the nested agent: its hooks find `safety-net` by `PATH`, so a program of that name there would answer for this guard"
    )
}

fn config_folder_moved(name: &str) -> String {
    if GUARD_CONFIG_VARIABLES.contains(&name) {
        return format!(
            "`{name}=` moves the settings folders the nested agent and this guard read: a folder the agent can write decides which hooks run and which rules the guard applies"
        );
    }
    format!(
        "`{name}=` points the agent at other settings, where none of its hooks, this guard among them, is registered"
    )
}

/// Programs that change, replace or remove a file they are given.
const FILE_CHANGERS: &[&str] = &[
    "chmod", "chown", "chattr", "cp", "mv", "ln", "rm", "install", "truncate", "tee", "sponge", "shred", "dd",
];

/// The guard's own program named by a lookup made at run time (`chmod -x $(which safety-net)`,
/// `cp /bin/true "$(command -v safety-net)"`): changed or replaced, it stops checking anything.
fn guard_binary_changed(subject: &Subject, report: &mut Report) {
    let command = subject.command;
    if !FILE_CHANGERS.contains(&command.name.as_str()) {
        return;
    }
    let names_guard = command.args().iter().any(|word| {
        word.dynamics()
            .any(|dynamic| dynamic.text.contains("safety-net") && !dynamic.text.contains("safety-net explain"))
    });
    if names_guard {
        report.flag(
            &super::files::WRITE_AGENT_SETTINGS,
            command.span,
            format!(
                "`{}` of the guard's own program would stop it checking the agent's commands",
                command.name
            ),
        );
    }
}
