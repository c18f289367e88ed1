//! The command-line interface: `hook`, `explain`, `check`, `rules`, `registry`, `coverage`,
//! `install`, `uninstall`, `doctor` ([`setup`]), `config`, `policy`, `log` and `allow`
//! ([`policy`]), `scan` and `audit-transcript` ([`scan`]), `completions` and `man`.
//!
//! Exit codes of `explain` and `check` tell the verdict (the strictest one for `check`):
//! 0 allow, 10 ask, 20 deny; 1 when input cannot be read; 64 for a usage error, in every
//! subcommand. Exit code 2 is left to the hook, where it means a deliberate denial.

/// Prints a line on standard output. A closed pipe (`safety-net rules | head -1`) ends the
/// output quietly, as command-line tools do, instead of failing.
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stdout(), $($arg)*);
    }};
}

/// Writes a line to standard error, as `eprintln!` does, but a standard error that is closed
/// (`2>&-`, or its reader gone) is no reason to fail: the run's result is its exit code.
macro_rules! note {
    ($($line:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($line)*);
    }};
}

mod policy;
mod scan;
mod setup;

use crate::analyze;
use crate::context::{self, Context, Mode};
use crate::paths::AbsPath;
use crate::policy::Policy;
use crate::rules::Decision;
use crate::verdict::Verdict;
use crate::{explain, hook};
use clap::{Args, CommandFactory, Parser, Subcommand, ValueEnum};
use std::io::{BufRead, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

/// Exit code for a usage error.
const USAGE: u8 = 64;

/// Why a subcommand stopped: a usage error (exit 64) or a failure to do the work (exit 1).
#[derive(Debug)]
enum Failure {
    Usage(String),
    Failed(String),
}

impl From<String> for Failure {
    fn from(message: String) -> Failure {
        Failure::Failed(message)
    }
}

/// When to color the output.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum ColorChoice {
    /// When standard output is a terminal and `NO_COLOR` is not set.
    Auto,
    Always,
    Never,
}

impl ColorChoice {
    fn colors(self) -> bool {
        match self {
            ColorChoice::Auto => std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none(),
            ColorChoice::Always => true,
            ColorChoice::Never => false,
        }
    }
}

#[derive(Parser)]
#[command(
    name = "safety-net",
    version,
    about = "Judges the shell commands an AI coding agent is about to run: allow, ask or deny."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// When to color the output: auto (a terminal without NO_COLOR), always or never.
    #[arg(long, global = true, value_enum, default_value = "auto", value_name = "WHEN")]
    color: ColorChoice,
}

#[derive(Subcommand)]
enum Command {
    /// Answer one agent's hook payload on standard input, in that agent's dialect (Claude Code,
    /// Codex, Gemini CLI, Cursor, Copilot CLI, Cline, Factory, Windsurf, OpenCode). For Claude
    /// Code, allow: exit 0, nothing printed; ask: exit 0 and a JSON answer; deny: exit 2 and the
    /// reason on standard error. Run without any subcommand and with a payload piped in, the
    /// binary does the same.
    Hook {
        /// The agent, for a payload whose fields do not tell (the payload's own fields win).
        #[arg(long, value_name = "NAME")]
        agent: Option<String>,
    },
    /// Register the hook with an agent (Claude Code unless `--agent` names another; `--all` for
    /// every agent set up on this machine), keeping everything else in its files as it was.
    Install {
        #[command(flatten)]
        target: Target,
    },
    /// Remove this guard's hook from an agent's files, and nothing else.
    Uninstall {
        #[command(flatten)]
        target: Target,
    },
    /// Check every agent's registration in every scope, that the registered command runs, and
    /// that it denies `rm -rf /`, allows `ls` and denies a malformed payload in that agent's own
    /// form. Exit code 0 when all is well, 1 otherwise.
    Doctor {
        /// Project root (default: $CLAUDE_PROJECT_DIR, else the git root above the current
        /// directory, else the current directory).
        #[arg(long)]
        project_root: Option<PathBuf>,
    },
    /// Show how a command is understood: the layers unwrapped, each effective command, the
    /// findings and the verdict. Exit code: 0 allow, 10 ask, 20 deny.
    Explain {
        /// The shell command: one argument (quoted), or the rest of the line, joined with spaces
        /// as `sh -c "$*"` would see it (`explain git status`, `explain -- rm -rf /`). Options
        /// go before it.
        #[arg(required = true, num_args = 1.., trailing_var_arg = true, value_name = "COMMAND")]
        command: Vec<String>,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        context: ContextArgs,
    },
    /// Judge many commands: one per line, or JSON lines with a `command` field (and optional
    /// `cwd` and `home`), from files or standard input. Prints one verdict line per command.
    Check {
        /// Files to read; standard input when none.
        files: Vec<PathBuf>,
        /// Print JSON lines instead of tab-separated text.
        #[arg(long)]
        json: bool,
        /// After the count, print how many commands each rule interrupted (a replay's summary).
        #[arg(long)]
        by_rule: bool,
        #[command(flatten)]
        context: ContextArgs,
    },
    /// List the rules: id, family, verdict, what each catches; with an id, that rule's page (what it
    /// catches, what to do instead, examples both ways, and whether the configuration here
    /// changes it).
    Rules {
        /// A rule's id, for its page.
        id: Option<String>,
        /// Print the Markdown table used in the README.
        #[arg(long, conflicts_with = "id")]
        markdown: bool,
    },
    /// The configuration: `config schema` prints the JSON Schema of both files, `config show`
    /// the effective settings here with where each came from and what was ignored.
    Config {
        #[command(subcommand)]
        action: ConfigAction,
    },
    /// Print text for an agent's instructions (CLAUDE.md, AGENTS.md) from the policy in force
    /// here: `policy --prompt`.
    Policy {
        /// A "Safety constraints" section: what is refused and what to do instead.
        #[arg(long, required = true)]
        prompt: bool,
    },
    /// Show the audit log of the hook's decisions
    /// (`$XDG_STATE_HOME/safety-net/audit.jsonl`, default `~/.local/state/safety-net/`).
    Log {
        /// Denials only.
        #[arg(long)]
        denied: bool,
        /// Only decisions newer than this: `30m`, `2h`, `7d`.
        #[arg(long, value_name = "DURATION")]
        since: Option<String>,
        /// The last N decisions.
        #[arg(short = 'n', value_name = "N")]
        count: Option<usize>,
        /// Print JSON lines, as the log holds them.
        #[arg(long)]
        json: bool,
    },
    /// Let one denied call through once: the CODE a denial's reason ends with. Run it yourself,
    /// in your own terminal, within 10 minutes of the denial; the same command in the same
    /// folder then passes once within the next 10 minutes. Catastrophic denials (deleting `/` or
    /// home, a disk) are never approved.
    Allow {
        /// The 8-digit code from the denial.
        code: String,
    },
    /// List the programs the registry knows, by family, and what each runs (a Markdown table).
    Registry,
    /// Print the coverage of the public catalogues (GTFOBins, LOLBAS): `docs/coverage.md`.
    Coverage,
    /// Print the completion script for a shell (bash, zsh, fish, elvish, powershell), e.g.
    /// `safety-net completions bash > ~/.local/share/bash-completion/completions/safety-net`.
    Completions {
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the man page (roff), e.g. `safety-net man > ~/.local/share/man/man1/safety-net.1`.
    Man,
    /// Find the commands in a repository's files (shell scripts, CI workflows, Dockerfiles,
    /// Makefiles, package.json scripts, agent settings…) and judge each where it runs. Exit code
    /// 0 when nothing at or above `--fail-on` was found, 1 otherwise.
    Scan(scan::ScanArgs),
    /// Replay the tool calls recorded in Claude Code, Codex and Gemini CLI session files through
    /// the policy in force, and report what would have been denied or asked, by rule.
    AuditTranscript(scan::AuditArgs),
}

#[derive(Subcommand)]
enum ConfigAction {
    /// Print the JSON Schema of the user's and the project's configuration files.
    Schema,
    /// Print the effective configuration here: the files read, each setting and where it came
    /// from, and what the project's file asked for and was refused.
    Show {
        /// Project root (default: the git root above the current directory).
        #[arg(long)]
        project_root: Option<String>,
    },
}

#[derive(Args)]
pub(crate) struct Target {
    /// The agent: claude, codex, gemini, cursor, copilot, cline, factory, windsurf or opencode.
    #[arg(long, default_value = "claude", value_name = "NAME")]
    agent: String,
    /// Every agent set up on this machine (its configuration folder exists); for uninstall,
    /// every agent that registers this guard.
    #[arg(long)]
    all: bool,
    /// `user` (the agent's file in your home folder, for every project), `project` (the
    /// project's file, shared with the team: it runs `safety-net` from PATH) or `local`
    /// (Claude Code's .claude/settings.local.json).
    #[arg(long, default_value = "user")]
    scope: String,
    /// Project root for the project and local scopes (default: $CLAUDE_PROJECT_DIR, else the
    /// git root above the current directory, else the current directory).
    #[arg(long)]
    project_root: Option<PathBuf>,
}

#[derive(Args)]
struct ContextArgs {
    /// Working directory the command runs in (default: the current one).
    #[arg(long)]
    cwd: Option<String>,
    /// Home directory (default: $HOME).
    #[arg(long)]
    home: Option<String>,
    /// Project root (default: the git root above the working directory, else the directory).
    #[arg(long)]
    project_root: Option<String>,
    /// `interactive` (ask stays ask) or `unattended` (nobody answers: ask becomes deny).
    #[arg(long, default_value = "interactive")]
    mode: String,
    /// Judge by the built-in policy alone: no configuration file, no `$SAFETY_NET_MODE`.
    #[arg(long)]
    no_config: bool,
    /// Judge as the hook would for this agent or subagent: the configuration's profile of that
    /// name (a payload's `agent_type`, such as `Explore`, or an agent's name, such as `codex`).
    #[arg(long, value_name = "NAME")]
    profile: Option<String>,
}

impl ContextArgs {
    /// The context these options give, with the configuration the hook would read there; a bad
    /// value is a usage error, a broken configuration a failure.
    fn context(&self) -> Result<Context, Failure> {
        let mut context = self.read().map_err(Failure::Usage)?;
        install_policy(&mut context, self.no_config, self.profile.as_deref())?;
        Ok(context)
    }

    fn read(&self) -> Result<Context, String> {
        let mut context = Context::from_environment();
        if let Some(cwd) = &self.cwd {
            context.cwd = absolute(cwd, &context.cwd)?;
        }
        if let Some(home) = &self.home {
            context.home = absolute(home, &context.cwd)?;
        }
        if self.cwd.is_some() || self.home.is_some() {
            context.project_root = context::project_root_of(&context.cwd, &context.home);
        }
        if let Some(root) = &self.project_root {
            context.project_root = absolute(root, &context.cwd)?;
        }
        crate::links::align_project(&mut context);
        context.mode = Mode::parse(&self.mode)
            .ok_or_else(|| format!("unknown mode `{}`: use interactive or unattended", self.mode))?;
        Ok(context)
    }
}

/// Gives `context` the configuration the hook would read there (the user's file, the project's,
/// `$SAFETY_NET_MODE`), as `profile` (an agent or subagent) sees it; nothing with `no_config`.
fn install_policy(context: &mut Context, no_config: bool, profile: Option<&str>) -> Result<(), Failure> {
    if no_config {
        return Ok(());
    }
    let sources = crate::policy::Sources::from_environment(&context.home, &context.project_root);
    let mut policy = Policy::load(&sources, &context.home).map_err(|error| Failure::Failed(error.render(false)))?;
    policy.choose_profile(profile, profile.unwrap_or("claude"));
    policy.install(context);
    Ok(())
}

fn absolute(text: &str, cwd: &AbsPath) -> Result<AbsPath, String> {
    if text.is_empty() {
        return Err("an empty path was given".into());
    }
    Ok(AbsPath::new(text).unwrap_or_else(|| cwd.join(text)))
}

/// Runs the command line; returns the exit code.
pub fn main() -> ExitCode {
    // The hook runs before every tool call: no argument parsing on its path, and no way for a
    // stray argument to turn a denial into a usage error. A bare `safety-net` with a payload piped
    // in is a hook registered without its `hook` argument (an agent too old to pass `args`):
    // judging it is safe, printing usage would let the call through.
    let arguments: Vec<String> = std::env::args_os()
        .skip(1)
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    // `hook --help` typed at a terminal prints the help; from an agent (stdin a pipe) every
    // argument but `--agent` is ignored.
    let help_at_terminal = arguments.iter().any(|arg| arg == "--help" || arg == "-h") && std::io::stdin().is_terminal();
    if arguments.first().is_some_and(|arg| arg == "hook") && !help_at_terminal {
        return hook::main(&arguments[1..]);
    }
    if arguments.is_empty() && !std::io::stdin().is_terminal() {
        return hook::main(&[]);
    }
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => {
            let _ = error.print();
            return match error.kind() {
                clap::error::ErrorKind::DisplayHelp | clap::error::ErrorKind::DisplayVersion => ExitCode::SUCCESS,
                _ => ExitCode::from(USAGE),
            };
        }
    };
    // A failure inside the analyzer is caught there and becomes a verdict; the default panic
    // message would only repeat it as noise. Any other failure is one clean line.
    std::panic::set_hook(Box::new(|_| {}));
    let result = std::panic::catch_unwind(|| run(cli)).unwrap_or_else(|panic| {
        Err(Failure::Failed(format!(
            "internal error: {}; please report it to the safety-net maintainers",
            crate::analyze::panic_message(panic.as_ref())
        )))
    });
    match result {
        Ok(code) => code,
        Err(Failure::Usage(message)) => {
            note!("safety-net: {message}");
            ExitCode::from(USAGE)
        }
        Err(Failure::Failed(message)) => {
            note!("safety-net: {message}");
            ExitCode::from(1)
        }
    }
}

/// Runs one subcommand other than the hook.
fn run(cli: Cli) -> Result<ExitCode, Failure> {
    let color = cli.color.colors();
    match cli.command {
        Command::Explain { command, json, context } => context
            .context()
            .map(|context| explain_command(&command.join(" "), json, color, &context)),
        Command::Check {
            files,
            json,
            by_rule,
            context,
        } => context
            .context()
            .and_then(|context| check(&files, json, by_rule, &context)),
        Command::Rules { id: Some(id), .. } => policy::rule_page(&id, color),
        Command::Rules { id: None, markdown } => {
            print_rules(markdown);
            Ok(ExitCode::SUCCESS)
        }
        Command::Config {
            action: ConfigAction::Schema,
        } => Ok(policy::schema()),
        Command::Config {
            action: ConfigAction::Show { project_root },
        } => policy::show(project_root.as_deref(), color),
        Command::Policy { .. } => policy::prompt(color),
        Command::Log {
            denied,
            since,
            count,
            json,
        } => policy::log(denied, since.as_deref(), count, json),
        Command::Allow { code } => policy::allow(&code),
        Command::Registry => {
            let _ = std::io::stdout().write_all(crate::registry::markdown().as_bytes());
            Ok(ExitCode::SUCCESS)
        }
        Command::Coverage => {
            let _ = std::io::stdout().write_all(crate::coverage::markdown().as_bytes());
            Ok(ExitCode::SUCCESS)
        }
        Command::Hook { agent } => Ok(hook::main(
            &agent.map(|name| vec!["--agent".into(), name]).unwrap_or_default(),
        )),
        Command::Install { target } => setup::register(&target, true),
        Command::Uninstall { target } => setup::register(&target, false),
        Command::Doctor { project_root } => Ok(setup::doctor(project_root, color)),
        Command::Completions { shell } => {
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "safety-net", &mut script);
            // A closed pipe (`| head`) ends the output quietly.
            let _ = std::io::stdout().write_all(&script);
            Ok(ExitCode::SUCCESS)
        }
        Command::Scan(arguments) => scan::scan(&arguments, color),
        Command::AuditTranscript(arguments) => scan::audit(&arguments),
        Command::Man => {
            let mut page = Vec::new();
            clap_mangen::Man::new(Cli::command())
                .render(&mut page)
                .map(|()| {
                    let _ = std::io::stdout().write_all(&page);
                    ExitCode::SUCCESS
                })
                .map_err(|error| Failure::Failed(format!("cannot print the man page: {error}")))
        }
    }
}

/// The exit code that tells a decision.
pub fn exit_code(decision: Decision) -> ExitCode {
    ExitCode::from(match decision {
        Decision::Allow => 0,
        Decision::Ask => 10,
        Decision::Deny => 20,
    })
}

fn explain_command(command: &str, json: bool, color: bool, context: &Context) -> ExitCode {
    let verdict = analyze(command, context);
    let mut stdout = std::io::stdout().lock();
    let printed = if json {
        writeln!(stdout, "{}", explain::json(&verdict))
    } else {
        write!(
            stdout,
            "{}{}",
            explain::text(&verdict, color),
            policy::notes(&context.policy)
        )
    };
    if printed.is_err() {
        return ExitCode::from(1);
    }
    exit_code(verdict.decision)
}

fn check(files: &[PathBuf], json: bool, by_rule: bool, context: &Context) -> Result<ExitCode, Failure> {
    let mut worst = Decision::Allow;
    let mut counts = [0usize; 3];
    let mut interruptions: std::collections::BTreeMap<(&'static str, &'static str), usize> = Default::default();
    let mut stdout = std::io::stdout().lock();
    let mut judge = |line: &str| -> Result<(), String> {
        let Some((command, line_context)) = read_line(line, context) else {
            return Ok(());
        };
        let verdict = analyze(&command, &line_context);
        worst = worst.max(verdict.decision);
        counts[verdict.decision as usize] += 1;
        if let Some(rule) = verdict.rule() {
            *interruptions.entry((verdict.decision.name(), rule)).or_default() += 1;
        }
        let printed = if json {
            let value = serde_json::json!({
                "verdict": verdict.decision,
                "rule": verdict.rule(),
                "reason": verdict.reason(),
                "command": command,
            });
            writeln!(stdout, "{value}")
        } else {
            print_line(&mut stdout, &verdict, &command)
        };
        // A closed pipe (`| head`) ends the run quietly.
        printed.map_err(|_| String::new())
    };
    let run = if files.is_empty() {
        if std::io::stdin().is_terminal() {
            note!(
                "safety-net: reading commands from standard input, one a line; Ctrl-D ends (or name a file: `safety-net check FILE`)"
            );
        }
        read_lines(std::io::stdin().lock(), &mut judge)
    } else {
        files.iter().try_for_each(|file| {
            let cannot = |error: std::io::Error| format!("cannot read {}: {error}", file.display());
            if file.is_dir() {
                return Err(format!(
                    "cannot read {}: it is a directory; name the files in it",
                    file.display()
                ));
            }
            let handle = std::fs::File::open(file).map_err(cannot)?;
            read_lines(std::io::BufReader::new(handle), &mut judge).map_err(|message| {
                if message.is_empty() {
                    message
                } else {
                    format!("{}: {message}", file.display())
                }
            })
        })
    };
    match run {
        Err(message) if message.is_empty() => return Ok(exit_code(worst)),
        Err(message) => return Err(Failure::Failed(message)),
        Ok(()) => {}
    }
    let total: usize = counts.iter().sum();
    note!(
        "safety-net: {total} {}: {} allow, {} ask, {} deny",
        if total == 1 { "command" } else { "commands" },
        counts[0],
        counts[1],
        counts[2]
    );
    if by_rule {
        let mut rules: Vec<_> = interruptions.into_iter().collect();
        rules.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        for ((decision, rule), count) in rules {
            note!("safety-net: {count:>6} {decision} {rule}");
        }
    }
    Ok(exit_code(worst))
}

/// Reads one command per entry, as shell history files hold them: bytes that are not UTF-8 are
/// read lossily (a history holds whatever was typed), zsh's extended history prefix
/// (`: 1700000000:0;`) is dropped, and a line ending in a backslash continues on the next, as
/// zsh writes a command of several lines.
fn read_lines(mut reader: impl BufRead, judge: &mut impl FnMut(&str) -> Result<(), String>) -> Result<(), String> {
    let mut bytes = Vec::new();
    let mut entry = String::new();
    let mut number = 0;
    loop {
        bytes.clear();
        let read = reader
            .read_until(b'\n', &mut bytes)
            .map_err(|e| format!("cannot read line {}: {e}", number + 1))?;
        if read == 0 {
            break;
        }
        number += 1;
        let line = String::from_utf8_lossy(&bytes);
        let line = line.trim_end_matches(['\n', '\r']);
        let line = if entry.is_empty() {
            zsh_history_command(line)
        } else {
            line
        };
        entry.push_str(line);
        if entry.ends_with('\\') && !entry.ends_with("\\\\") && !entry.trim_start().starts_with('{') {
            entry.pop();
            entry.push('\n');
            continue;
        }
        judge(&entry).map_err(|message| {
            if message.is_empty() {
                message
            } else {
                format!("line {number}: {message}")
            }
        })?;
        entry.clear();
    }
    if !entry.is_empty() {
        judge(&entry)?;
    }
    Ok(())
}

/// The command of a zsh extended history line (`: 1700000000:0;git status`), else the line.
fn zsh_history_command(line: &str) -> &str {
    let Some(rest) = line.strip_prefix(": ") else {
        return line;
    };
    let Some((stamp, command)) = rest.split_once(';') else {
        return line;
    };
    let numbers = stamp
        .split(':')
        .all(|part| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit()));
    if numbers { command } else { line }
}

/// A command from one input line, with its own context when the line is JSON with `cwd` or
/// `home` (a line's `cwd` is also its project root, unless it is the home folder or above it)
/// or `agent` (`claude-code`, `codex` and `gemini-cli` run each command in a shell of its own).
fn read_line(line: &str, context: &Context) -> Option<(String, Context)> {
    let trimmed = line.trim();
    if trimmed.is_empty() || trimmed.starts_with('#') {
        return None;
    }
    if trimmed.starts_with('{')
        && let Ok(serde_json::Value::Object(object)) = serde_json::from_str::<serde_json::Value>(trimmed)
        && let Some(command) = object.get("command").and_then(|c| c.as_str())
    {
        let mut line_context = context.clone();
        let path = |field: &str| {
            object
                .get(field)
                .and_then(|value| value.as_str())
                .and_then(AbsPath::new)
        };
        let home = path("home");
        if let Some(cwd) = path("cwd") {
            line_context.home = home.clone().unwrap_or_else(|| context::guess_home(&cwd));
            line_context.cwd = cwd;
        }
        if let Some(home) = home {
            line_context.home = home;
        }
        // A line from another machine's history: the environment it ran in is not known.
        if path("cwd").is_some() || path("home").is_some() {
            line_context.set_variables = None;
        }
        if let Some(agent) = object.get("agent").and_then(|agent| agent.as_str()) {
            line_context.shell_per_command = matches!(agent, "claude-code" | "codex" | "gemini-cli" | "gemini");
        }
        if path("cwd").is_some() {
            line_context.project_root = if context::holds_projects(&line_context.cwd, &line_context.home) {
                context::no_project()
            } else {
                line_context.cwd.clone()
            };
        }
        return Some((command.to_owned(), line_context));
    }
    Some((line.to_owned(), context.clone()))
}

fn print_line(out: &mut impl Write, verdict: &Verdict, command: &str) -> std::io::Result<()> {
    let shown = command.replace('\\', "\\\\").replace('\n', "\\n").replace('\t', "\\t");
    writeln!(
        out,
        "{}\t{}\t{}",
        verdict.decision,
        verdict.rule().unwrap_or("-"),
        shown
    )
}

fn print_rules(markdown: bool) {
    if markdown {
        let _ = std::io::stdout().write_all(explain::rules_markdown().as_bytes());
        return;
    }
    for rule in crate::checks::rules() {
        say!(
            "{:<30} {:<15} {:<5} {}",
            rule.id,
            crate::checks::family(rule),
            rule.decision.name(),
            rule.catches
        );
    }
}
