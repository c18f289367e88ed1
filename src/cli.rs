//! The command-line interface: `hook`, `explain`, `check`, `rules`, `registry`, `coverage`,
//! `install`, `uninstall`, `doctor`.
//!
//! Exit codes of `explain` and `check` tell the verdict (the strictest one for `check`):
//! 0 allow, 10 ask, 20 deny; 1 when input cannot be read; 64 for a usage error. Exit code 2 is
//! left to the hook, where it means a deliberate denial.

use crate::analyze;
use crate::context::{self, Context, Mode};
use crate::hook::Agent;
use crate::install::{self, Scope};
use crate::paths::AbsPath;
use crate::rules::Decision;
use crate::verdict::Verdict;
use crate::{doctor, explain, hook};
use clap::{Args, Parser, Subcommand};
use std::io::{BufRead, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

/// Exit code for a usage error.
const USAGE: u8 = 64;

#[derive(Parser)]
#[command(
    name = "safety-net",
    version,
    about = "Judges the shell commands an AI coding agent is about to run: allow, ask or deny."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
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
        /// The shell command, as one argument.
        command: String,
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
        #[command(flatten)]
        context: ContextArgs,
    },
    /// List the rules: id, verdict, what each catches.
    Rules {
        /// Print the Markdown table used in the README.
        #[arg(long)]
        markdown: bool,
    },
    /// List the programs the registry knows, by family, and what each runs (a Markdown table).
    Registry,
    /// Print the coverage of the public catalogues (GTFOBins, LOLBAS): `docs/coverage.md`.
    Coverage,
}

#[derive(Args)]
struct Target {
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
}

impl ContextArgs {
    fn context(&self) -> Result<Context, String> {
        let mut context = Context::from_environment();
        if let Some(cwd) = &self.cwd {
            context.cwd = absolute(cwd, &context.cwd)?;
            context.project_root = context::project_root_of(&context.cwd);
        }
        if let Some(home) = &self.home {
            context.home = absolute(home, &context.cwd)?;
        }
        if let Some(root) = &self.project_root {
            context.project_root = absolute(root, &context.cwd)?;
        }
        context.mode = Mode::parse(&self.mode)
            .ok_or_else(|| format!("unknown mode `{}`: use interactive or unattended", self.mode))?;
        Ok(context)
    }
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
    if arguments.first().is_some_and(|arg| arg == "hook") {
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
    let result = match cli.command {
        Command::Explain { command, json, context } => context
            .context()
            .map(|context| explain_command(&command, json, &context)),
        Command::Check { files, json, context } => context.context().and_then(|context| check(&files, json, &context)),
        Command::Rules { markdown } => {
            print_rules(markdown);
            Ok(ExitCode::SUCCESS)
        }
        Command::Registry => {
            print!("{}", crate::registry::markdown());
            Ok(ExitCode::SUCCESS)
        }
        Command::Coverage => {
            print!("{}", crate::coverage::markdown());
            Ok(ExitCode::SUCCESS)
        }
        Command::Hook { agent } => Ok(hook::main(
            &agent.map(|name| vec!["--agent".into(), name]).unwrap_or_default(),
        )),
        Command::Install { target } => register(&target, true),
        Command::Uninstall { target } => register(&target, false),
        Command::Doctor { project_root } => Ok(doctor(project_root)),
    };
    match result {
        Ok(code) => code,
        Err(message) => {
            eprintln!("safety-net: {message}");
            ExitCode::from(if message.starts_with("unknown") { USAGE } else { 1 })
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

fn explain_command(command: &str, json: bool, context: &Context) -> ExitCode {
    let verdict = analyze(command, context);
    let mut stdout = std::io::stdout().lock();
    let printed = if json {
        writeln!(stdout, "{}", explain::json(&verdict))
    } else {
        let color = std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none();
        write!(stdout, "{}", explain::text(&verdict, color))
    };
    if printed.is_err() {
        return ExitCode::from(1);
    }
    exit_code(verdict.decision)
}

fn check(files: &[PathBuf], json: bool, context: &Context) -> Result<ExitCode, String> {
    let mut worst = Decision::Allow;
    let mut counts = [0usize; 3];
    let mut stdout = std::io::stdout().lock();
    let mut judge = |line: &str| -> Result<(), String> {
        let Some((command, line_context)) = read_line(line, context) else {
            return Ok(());
        };
        let verdict = analyze(&command, &line_context);
        worst = worst.max(verdict.decision);
        counts[verdict.decision as usize] += 1;
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
        read_lines(std::io::stdin().lock(), &mut judge)
    } else {
        files.iter().try_for_each(|file| {
            let handle = std::fs::File::open(file).map_err(|e| format!("cannot read {}: {e}", file.display()))?;
            read_lines(std::io::BufReader::new(handle), &mut judge)
        })
    };
    match run {
        Err(message) if message.is_empty() => return Ok(exit_code(worst)),
        Err(message) => return Err(message),
        Ok(()) => {}
    }
    eprintln!(
        "safety-net: {} commands: {} allow, {} ask, {} deny",
        counts.iter().sum::<usize>(),
        counts[0],
        counts[1],
        counts[2]
    );
    Ok(exit_code(worst))
}

fn read_lines(reader: impl BufRead, judge: &mut impl FnMut(&str) -> Result<(), String>) -> Result<(), String> {
    for line in reader.lines() {
        let line = line.map_err(|e| format!("cannot read input: {e}"))?;
        judge(&line)?;
    }
    Ok(())
}

/// A command from one input line, with its own context when the line is JSON with `cwd`.
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
        if let Some(cwd) = object.get("cwd").and_then(|c| c.as_str()).and_then(AbsPath::new) {
            line_context.home = object
                .get("home")
                .and_then(|h| h.as_str())
                .and_then(AbsPath::new)
                .unwrap_or_else(|| context::guess_home(&cwd));
            line_context.project_root = cwd.clone();
            line_context.cwd = cwd;
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

/// The home directory and project root the scopes are relative to. The project is
/// `--project-root`, else `$CLAUDE_PROJECT_DIR`, else the git root above the current directory;
/// `None` when none of them is there.
fn home_and_project(project_root: Option<PathBuf>) -> Result<(PathBuf, Option<PathBuf>), String> {
    let home = std::env::var_os("HOME")
        .or_else(|| std::env::var_os("USERPROFILE"))
        .map(PathBuf::from)
        .ok_or("neither $HOME nor %USERPROFILE% is set")?;
    let project = project_root
        .or_else(|| std::env::var_os("CLAUDE_PROJECT_DIR").map(PathBuf::from))
        .or_else(|| {
            let cwd = Context::from_environment().cwd;
            let root = context::project_root_of(&cwd);
            let root = PathBuf::from(context::native(&root));
            root.join(".git").exists().then_some(root)
        });
    Ok((home, project))
}

/// `install` (when `add`) or `uninstall`.
fn register(target: &Target, add: bool) -> Result<ExitCode, String> {
    let scope = Scope::parse(&target.scope)
        .ok_or_else(|| format!("unknown scope `{}`: use user, project or local", target.scope))?;
    let (home, project) = home_and_project(target.project_root.clone())?;
    let project = match (scope, project) {
        (Scope::User, project) => project.unwrap_or_else(|| home.clone()),
        (_, Some(project)) => project,
        (_, None) => {
            return Err(format!(
                "unknown project: `--scope {}` writes into a project, and this is not inside a git repository; run it in the project, or pass `--project-root DIR`",
                scope.name()
            ));
        }
    };
    let agents: Vec<Agent> = if target.all {
        Agent::ALL
            .into_iter()
            .filter(|agent| {
                if add {
                    install::config_folder(*agent, &home).is_dir()
                } else {
                    install::spot(*agent, scope, &home, &project)
                        .is_ok_and(|spot| install::registered(&spot).is_ok_and(|found| !found.is_empty()))
                }
            })
            .collect()
    } else {
        vec![Agent::parse(&target.agent).ok_or_else(|| {
            format!(
                "unknown agent `{}`: use claude, codex, gemini, cursor, copilot, cline, factory, windsurf or opencode",
                target.agent
            )
        })?]
    };
    if agents.is_empty() {
        println!(
            "{}",
            if add {
                "No agent is set up on this machine (none of their configuration folders exists); name one with `--agent NAME`."
            } else {
                "No agent registers safety-net in this scope; nothing changed."
            }
        );
        return Ok(ExitCode::SUCCESS);
    }
    let binary = std::env::current_exe().map_err(|e| format!("cannot tell where this binary is: {e}"))?;
    let binary = binary.canonicalize().unwrap_or(binary);
    let command = install::HookCommand::for_scope(scope, &binary);
    let build_output = binary.components().collect::<Vec<_>>().windows(2).any(|pair| {
        pair[0].as_os_str() == "target" && matches!(pair[1].as_os_str().to_str(), Some("debug" | "release"))
    });
    if add && build_output && !scope.is_shared() {
        eprintln!(
            "safety-net: warning: {} is a build output, which `cargo clean` deletes; the hook would then deny every call. Install it first (`cargo install --locked --path .`), then run `safety-net install` from there.",
            binary.display()
        );
    }
    let mut failed = false;
    for agent in agents {
        let name = install::display_name(agent);
        let spot =
            install::spot(agent, scope, &home, &project).map_err(|e| format!("unknown scope for {name}: {e}"))?;
        let change = if add {
            install::install(&spot, &command)
        } else {
            install::uninstall(&spot)
        };
        match change {
            Ok(change) if add => {
                let events: Vec<&str> = install::events_of(agent).collect();
                println!(
                    "{name}: safety-net is registered for {} in the {} scope: {change}",
                    events.join(", "),
                    scope.name()
                );
                for advice in after_install(agent, scope, &home, &project) {
                    println!("  {advice}");
                }
            }
            Ok(change) => println!(
                "{name}: safety-net's hook is removed from the {} scope: {change}",
                scope.name()
            ),
            Err(error) => {
                eprintln!("safety-net: {name}: {error}");
                failed = true;
            }
        }
    }
    if add {
        println!("Run `safety-net doctor` to check it; `safety-net uninstall` with the same options undoes it.");
    }
    Ok(ExitCode::from(u8::from(failed)))
}

/// What the user should know after installing for `agent`.
fn after_install(agent: Agent, scope: Scope, home: &std::path::Path, project: &std::path::Path) -> Vec<String> {
    let mut advice = Vec::new();
    if scope == Scope::Project {
        advice.push(
            "The project's file runs `safety-net` from PATH: on a machine without it, the hook denies every call until it is installed.".to_owned(),
        );
    }
    match agent {
        Agent::Codex => advice.push(
            "Codex runs a new hook only once you trust it: open Codex, type /hooks, and approve safety-net.".to_owned(),
        ),
        Agent::Gemini | Agent::Claude => {
            let settings = install::spot(agent, scope, home, project)
                .ok()
                .and_then(|spot| install::read_settings(&spot.file))
                .unwrap_or_default();
            if let Some(why) = install::hooks_switched_off(agent, &settings) {
                advice.push(format!("Warning: {} will not run this hook: {why}. Change that setting, or no call is checked.", install::display_name(agent)));
            }
        }
        Agent::Cline => advice.push(
            "Cline runs hooks when its \"Enable Hooks\" setting is on (the default). A denial cancels the task; Cline shows the reason.".to_owned(),
        ),
        Agent::OpenCode => advice.push("OpenCode loads the plugin when it next starts.".to_owned()),
        _ => {}
    }
    if agent == Agent::Claude {
        let this_file = install::settings_file(scope, home, project);
        let other_scopes: Vec<&str> = Scope::ALL
            .into_iter()
            .filter(|other| *other != scope && install::settings_file(*other, home, project) != this_file)
            .filter(|other| {
                install::read_settings(&install::settings_file(*other, home, project))
                    .is_some_and(|settings| !install::registrations(&settings, "PreToolUse").is_empty())
            })
            .map(Scope::name)
            .collect();
        if !other_scopes.is_empty() {
            advice.push(format!(
                "Note: the {} scope registers safety-net too, so every call runs it twice; `safety-net uninstall --scope {}` removes the other.",
                other_scopes.join(" and "),
                other_scopes[0]
            ));
        }
    }
    advice
}

fn doctor(project_root: Option<PathBuf>) -> ExitCode {
    let (home, project) = match home_and_project(project_root) {
        Ok((home, project)) => {
            let project = project.unwrap_or_else(|| PathBuf::from(context::native(&Context::from_environment().cwd)));
            (home, project)
        }
        Err(message) => {
            eprintln!("safety-net: {message}");
            return ExitCode::from(1);
        }
    };
    let this = std::env::current_exe().unwrap_or_else(|_| PathBuf::from("safety-net"));
    let checks = doctor::examine(&home, &project, &this);
    let mut healthy = true;
    for check in &checks {
        let mark = match check.status {
            doctor::Status::Ok => "✓",
            doctor::Status::Problem => "✗",
            doctor::Status::Note => "!",
        };
        println!("{mark} {}", check.what);
        if let Some(fix) = &check.fix {
            println!("    fix: {fix}");
        }
        healthy &= check.status != doctor::Status::Problem;
    }
    println!(
        "{}",
        if healthy {
            "All good."
        } else {
            "Some checks failed; see the fixes above."
        }
    );
    ExitCode::from(if healthy { 0 } else { 1 })
}

fn print_rules(markdown: bool) {
    if markdown {
        print!("{}", explain::rules_markdown());
        return;
    }
    for rule in crate::checks::rules() {
        println!("{:<28} {:<5} {}", rule.id, rule.decision.name(), rule.catches);
    }
}
