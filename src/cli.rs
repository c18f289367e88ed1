//! The command-line interface: `hook`, `explain`, `check`, `rules`, `registry`, `coverage`,
//! `install`, `uninstall`, `doctor`.
//!
//! Exit codes of `explain` and `check` tell the verdict (the strictest one for `check`):
//! 0 allow, 10 ask, 20 deny; 1 when input cannot be read; 64 for a usage error. Exit code 2 is
//! left to the hook, where it means a deliberate denial.

use crate::analyze;
use crate::context::{self, Context, Mode};
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
    /// Register the hook in a Claude Code settings file (PreToolUse for every tool, and
    /// ConfigChange), keeping everything else in the file as it was.
    Install {
        #[command(flatten)]
        target: Target,
    },
    /// Remove this guard's entries from a Claude Code settings file, and nothing else.
    Uninstall {
        #[command(flatten)]
        target: Target,
    },
    /// Check the registration in every scope, that the registered binary runs, and that the
    /// hook denies `rm -rf /` and allows `ls`. Exit code 0 when all is well, 1 otherwise.
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
    /// `user` (~/.claude/settings.json), `project` (.claude/settings.json) or `local`
    /// (.claude/settings.local.json).
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

/// The home directory and project root the settings scopes are relative to.
fn home_and_project(project_root: Option<PathBuf>) -> Result<(PathBuf, PathBuf), String> {
    let home = std::env::var_os("HOME")
        .or_else(|| std::env::var_os("USERPROFILE"))
        .map(PathBuf::from)
        .ok_or("neither $HOME nor %USERPROFILE% is set")?;
    let project = match project_root.or_else(|| std::env::var_os("CLAUDE_PROJECT_DIR").map(PathBuf::from)) {
        Some(project) => project,
        None => {
            let cwd = Context::from_environment().cwd;
            PathBuf::from(context::native(&context::project_root_of(&cwd)))
        }
    };
    Ok((home, project))
}

/// `install` (when `add`) or `uninstall`.
fn register(target: &Target, add: bool) -> Result<ExitCode, String> {
    let scope = Scope::parse(&target.scope)
        .ok_or_else(|| format!("unknown scope `{}`: use user, project or local", target.scope))?;
    let (home, project) = home_and_project(target.project_root.clone())?;
    let file = scope.settings_file(&home, &project);
    let change = if add {
        let binary = std::env::current_exe().map_err(|e| format!("cannot tell where this binary is: {e}"))?;
        let binary = binary.canonicalize().unwrap_or(binary);
        install::install(&file, &binary).map_err(|e| e.to_string())?
    } else {
        install::uninstall(&file).map_err(|e| e.to_string())?
    };
    let what = if add {
        "safety-net is registered for PreToolUse (every tool) and ConfigChange"
    } else {
        "safety-net's hooks are removed"
    };
    println!("{what} in the {} settings: {change}", scope.name());
    if add {
        println!(
            "Run `safety-net doctor` to check it; `safety-net uninstall --scope {}` undoes it.",
            scope.name()
        );
    }
    Ok(ExitCode::SUCCESS)
}

fn doctor(project_root: Option<PathBuf>) -> ExitCode {
    let (home, project) = match home_and_project(project_root) {
        Ok(found) => found,
        Err(message) => {
            eprintln!("safety-net: {message}");
            return ExitCode::from(1);
        }
    };
    let this = std::env::current_exe().unwrap_or_else(|_| PathBuf::from("safety-net"));
    let checks = doctor::examine(&home, &project, &this);
    let mut healthy = true;
    for check in &checks {
        let mark = if check.ok { "✓" } else { "✗" };
        println!("{mark} {}", check.what);
        if let Some(fix) = &check.fix {
            println!("    fix: {fix}");
        }
        healthy &= check.ok;
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
