//! `install`, `uninstall` and `doctor` on the command line: which agents and files, what to
//! tell the user after installing, and the doctor's report.

use super::{Failure, Target};
use crate::context::{self, Context};
use crate::doctor;
use crate::hook::Agent;
use crate::install::{self, Scope};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

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
            let root = Context::from_environment().project_root;
            let root = PathBuf::from(context::native(&root));
            root.join(".git").exists().then_some(root)
        });
    Ok((home, project))
}

/// `install` (when `add`) or `uninstall`.
pub(super) fn register(target: &Target, add: bool) -> Result<ExitCode, Failure> {
    let scope = Scope::parse(&target.scope)
        .ok_or_else(|| Failure::Usage(format!("unknown scope `{}`: use user, project or local", target.scope)))?;
    let (home, project) = home_and_project(target.project_root.clone())?;
    let project = match (scope, project) {
        (Scope::User, project) => project.unwrap_or_else(|| home.clone()),
        (_, Some(project)) => project,
        (_, None) => {
            return Err(Failure::Usage(format!(
                "unknown project: `--scope {}` writes into a project, and this is not inside a git repository; run it in the project, or pass `--project-root DIR`",
                scope.name()
            )));
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
            Failure::Usage(format!(
                "unknown agent `{}`: use claude, codex, gemini, cursor, copilot, cline, factory, windsurf or opencode",
                target.agent
            ))
        })?]
    };
    if agents.is_empty() {
        say!(
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
        note!(
            "safety-net: warning: {} is a build output, which `cargo clean` deletes; the hook would then deny every call. Install it first (`cargo install --locked --path .`), then run `safety-net install` from there.",
            binary.display()
        );
    }
    let mut failed = false;
    for agent in agents {
        let name = install::display_name(agent);
        let spot = install::spot(agent, scope, &home, &project)
            .map_err(|e| Failure::Usage(format!("unknown scope for {name}: {e}")))?;
        let change = if add {
            install::install(&spot, &command)
        } else {
            install::uninstall(&spot)
        };
        match change {
            Ok(change) if add => {
                let events: Vec<&str> = install::events_of(agent).collect();
                say!(
                    "{name}: safety-net is registered for {} in the {} scope: {change}",
                    events.join(", "),
                    scope.name()
                );
                for advice in after_install(agent, scope, &home, &project) {
                    say!("  {advice}");
                }
            }
            Ok(change) => say!(
                "{name}: safety-net's hook is removed from the {} scope: {change}",
                scope.name()
            ),
            Err(error) => {
                note!("safety-net: {name}: {error}");
                failed = true;
            }
        }
    }
    if add {
        say!("Run `safety-net doctor` to check it; `safety-net uninstall` with the same options undoes it.");
    }
    Ok(ExitCode::from(u8::from(failed)))
}

/// What the user should know after installing for `agent`.
fn after_install(agent: Agent, scope: Scope, home: &Path, project: &Path) -> Vec<String> {
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

pub(super) fn doctor(project_root: Option<PathBuf>, color: bool) -> ExitCode {
    let (home, project) = match home_and_project(project_root) {
        Ok((home, project)) => {
            let project = project.unwrap_or_else(|| PathBuf::from(context::native(&Context::from_environment().cwd)));
            (home, project)
        }
        Err(message) => {
            note!("safety-net: {message}");
            return ExitCode::from(1);
        }
    };
    let this = std::env::current_exe().unwrap_or_else(|_| PathBuf::from("safety-net"));
    let mut checks = doctor::examine(&home, &project, &this);
    checks.extend(doctor::configuration(&home, &project));
    let mut healthy = true;
    for check in &checks {
        let (mark, ansi) = match check.status {
            doctor::Status::Ok => ("✓", "32"),
            doctor::Status::Problem => ("✗", "31"),
            doctor::Status::Note => ("!", "33"),
        };
        let mark = if color {
            format!("\x1b[{ansi}m{mark}\x1b[0m")
        } else {
            mark.to_owned()
        };
        say!("{mark} {}", check.what);
        if let Some(fix) = &check.fix {
            say!("    fix: {fix}");
        }
        healthy &= check.status != doctor::Status::Problem;
    }
    say!(
        "{}",
        if healthy {
            "All good."
        } else {
            "Some checks failed; see the fixes above."
        }
    );
    ExitCode::from(if healthy { 0 } else { 1 })
}
