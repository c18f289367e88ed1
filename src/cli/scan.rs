//! `safety-net scan` (the commands in a repository's files) and `safety-net audit-transcript`
//! (the tool calls in agents' session files), judged by the policy in force.

use super::{Failure, install_policy};
use crate::context::{self, Context};
use crate::paths::AbsPath;
use crate::progress::Progress;
use crate::rules::Decision;
use crate::scan::{self, Target};
use crate::transcripts;
use clap::{Args, ValueEnum};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// The least decision that fails a scan.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum FailOn {
    Deny,
    Ask,
}

#[derive(Args)]
pub struct ScanArgs {
    /// Folders and files to scan (default: the current folder). Files are judged by their
    /// names: workflows, Dockerfiles, Makefiles, package.json, shell scripts…
    paths: Vec<PathBuf>,
    /// Print one JSON object instead of text.
    #[arg(long, conflicts_with = "sarif")]
    json: bool,
    /// Print SARIF 2.1.0 (for GitHub code scanning) instead of text.
    #[arg(long)]
    sarif: bool,
    /// Exit 1 when a finding is at least this strict: `deny` (the default: what the hook would
    /// refuse) or `ask` (also what it would ask about).
    #[arg(long, value_enum, default_value = "deny", value_name = "DECISION")]
    fail_on: FailOn,
    /// Scan the files staged for the next commit, as staged (for a pre-commit hook).
    #[arg(long, conflicts_with_all = ["changed", "paths"])]
    staged: bool,
    /// Scan the files that differ from BASE (a branch, tag or commit: `origin/main`), for a pull
    /// request.
    #[arg(long, value_name = "BASE", conflicts_with = "paths")]
    changed: Option<String>,
    /// Judge by the built-in policy alone: no configuration file, no `$SAFETY_NET_MODE`.
    #[arg(long)]
    no_config: bool,
}

#[derive(Args)]
pub struct AuditArgs {
    /// Session files or folders holding them (default: every `*.jsonl` under
    /// `~/.claude/projects/` and `~/.codex/sessions/`).
    paths: Vec<PathBuf>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
    /// How many calls to show for each rule.
    #[arg(long, default_value = "3", value_name = "N")]
    examples: usize,
    /// Judge by the built-in policy alone: no configuration file, no `$SAFETY_NET_MODE`.
    #[arg(long)]
    no_config: bool,
}

/// The context of commands run in `folder`: this machine's home, the project above the folder,
/// and the configuration the hook would read there.
fn context_in(folder: &AbsPath, no_config: bool) -> Result<Context, String> {
    let mut context = Context::from_environment();
    if !context.home.starts_with(folder) && !folder.starts_with(&context.home) {
        // A session recorded under another home (a copied history): that home.
        let guessed = context::guess_home(folder);
        if !guessed.same(folder) {
            context.home = guessed;
        }
    }
    context.cwd = folder.clone();
    context.project_root = context::project_root_of(folder, &context.home);
    crate::links::align_project(&mut context);
    context.set_variables = None;
    context.shell_per_command = true;
    install_policy(&mut context, no_config, None).map_err(|failure| match failure {
        Failure::Usage(message) | Failure::Failed(message) => message,
    })?;
    Ok(context)
}

pub fn scan(arguments: &ScanArgs, color: bool) -> Result<ExitCode, Failure> {
    let here = std::env::current_dir().map_err(|error| format!("cannot read the current folder: {error}"))?;
    let mut progress = Progress::new("files", None);
    let targets: Vec<Target> = if arguments.staged {
        scan::git::staged(&here)?
    } else if let Some(base) = &arguments.changed {
        scan::git::changed(&here, base)?
    } else {
        let paths = if arguments.paths.is_empty() {
            vec![PathBuf::from(".")]
        } else {
            arguments.paths.clone()
        };
        let mut targets = Vec::new();
        for path in &paths {
            if !path.exists() {
                return Err(Failure::Failed(format!(
                    "cannot scan {}: no such file or folder",
                    path.display()
                )));
            }
            if path.is_dir() {
                let repository = scan::repository_of(path);
                targets.extend(
                    scan::files_under(path, &mut progress)
                        .into_iter()
                        .map(|(file, _)| Target {
                            path: file,
                            repository: repository.clone(),
                            text: None,
                        }),
                );
            } else {
                let folder = path.parent().filter(|parent| !parent.as_os_str().is_empty());
                targets.push(Target {
                    path: path.clone(),
                    repository: scan::repository_of(folder.unwrap_or(std::path::Path::new("."))),
                    text: None,
                });
            }
        }
        targets
    };
    progress.restart("files judged", Some(targets.len()));
    let no_config = arguments.no_config;
    let outcome = scan::scan(&targets, &|root| context_in(root, no_config), &mut progress)?;
    progress.finish();
    let mut stdout = std::io::stdout().lock();
    let printed = if arguments.sarif {
        writeln!(stdout, "{:#}", scan::sarif::log(&outcome))
    } else if arguments.json {
        writeln!(stdout, "{}", scan::report::json(&outcome))
    } else {
        write!(stdout, "{}", scan::report::text(&outcome, color))
    };
    drop(printed);
    for (path, why) in &outcome.skipped {
        note!("safety-net: skipped {path}: {why}");
    }
    note!("safety-net: {}", scan::report::summary(&outcome));
    let least = match arguments.fail_on {
        FailOn::Deny => Decision::Deny,
        FailOn::Ask => Decision::Ask,
    };
    let failed = outcome.findings.iter().any(|finding| finding.decision >= least);
    Ok(ExitCode::from(u8::from(failed)))
}

pub fn audit(arguments: &AuditArgs) -> Result<ExitCode, Failure> {
    let home = Context::from_environment().home;
    let places = if arguments.paths.is_empty() {
        transcripts::default_places(std::path::Path::new(&context::native(&home)))
    } else {
        arguments.paths.clone()
    };
    if let Some(missing) = places.iter().find(|place| !place.exists()) {
        return Err(Failure::Failed(format!(
            "cannot read {}: no such file or folder",
            missing.display()
        )));
    }
    let files = transcripts::session_files(&places);
    let mut progress = Progress::new("sessions", Some(files.len()));
    let no_config = arguments.no_config;
    let replay = transcripts::replay(
        &files,
        &|folder| context_in(folder, no_config),
        arguments.examples,
        &mut progress,
    )?;
    progress.finish();
    if arguments.json {
        say!("{}", replay.json());
    } else {
        for ((decision, rule), group) in &replay.groups {
            say!(
                "{} {rule}: {} {}",
                decision.0,
                group.count,
                if group.count == 1 { "call" } else { "calls" }
            );
            for example in &group.examples {
                say!("  {}:{}: {}", example.file, example.line, example.call);
                if let Some(cwd) = &example.cwd {
                    say!("    in {cwd}");
                }
                say!("    {}", example.reason);
            }
        }
        say!("{}", replay.summary());
    }
    if replay.unreadable > 0 {
        note!(
            "safety-net: {} lines or tool calls could not be read and were left out",
            replay.unreadable
        );
    }
    Ok(ExitCode::SUCCESS)
}
