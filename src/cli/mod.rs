//! The command-line interface: `hook`, `explain`, `check` ([`check`]), `rules`, `registry`, `coverage`,
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

mod check;
mod policy;
mod scan;
mod setup;

use crate::analyze;
use crate::context::{self, Context, Mode};
use crate::paths::AbsPath;
use crate::policy::Policy;
use crate::rules::Decision;
use crate::{explain, hook};
use clap::{Args, CommandFactory, Parser, Subcommand, ValueEnum};
use std::io::{IsTerminal, Write};
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
        } => check::check(&files, json, by_rule, &context),
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
