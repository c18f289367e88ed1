//! `safety-net doctor`: is the hook registered, does the registered binary run, and does it
//! answer as it should through the real hook path? Each problem comes with the command that
//! fixes it.

use crate::install::{self, Scope};
use serde_json::json;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// One finding of the doctor.
#[derive(Debug)]
pub struct Check {
    pub ok: bool,
    pub what: String,
    /// The command (or step) that fixes it.
    pub fix: Option<String>,
}

impl Check {
    fn ok(what: impl Into<String>) -> Check {
        Check {
            ok: true,
            what: what.into(),
            fix: None,
        }
    }

    fn problem(what: impl Into<String>, fix: impl Into<String>) -> Check {
        Check {
            ok: false,
            what: what.into(),
            fix: Some(fix.into()),
        }
    }
}

/// Examines the registration for `home` and `project`; `this_binary` is used for the self-test
/// when nothing is registered.
pub fn examine(home: &Path, project: &Path, this_binary: &Path) -> Vec<Check> {
    let mut checks = Vec::new();
    let mut binaries: Vec<PathBuf> = Vec::new();
    let mut registered = false;
    for scope in Scope::ALL {
        let file = scope.settings_file(home, project);
        let install = format!("safety-net install --scope {}", scope.name());
        if !file.exists() {
            continue;
        }
        let Some(settings) = install::read_settings(&file) else {
            checks.push(Check::problem(
                format!(
                    "{} ({} scope) is not valid JSON, so Claude Code ignores it",
                    file.display(),
                    scope.name()
                ),
                format!("fix the file by hand, then run `{install}`"),
            ));
            continue;
        };
        let pre = install::registrations(&settings, "PreToolUse");
        let config = install::registrations(&settings, "ConfigChange");
        if pre.is_empty() {
            continue;
        }
        registered = true;
        for (command, every_tool) in &pre {
            if *every_tool {
                checks.push(Check::ok(format!(
                    "{} registers `{command}` for every tool",
                    file.display()
                )));
            } else {
                checks.push(Check::problem(
                    format!("{} registers `{command}` for some tools only", file.display()),
                    format!("`{install}` registers it for every tool"),
                ));
            }
            binaries.push(PathBuf::from(command));
        }
        if config.is_empty() {
            checks.push(Check::problem(
                format!(
                    "{} has no ConfigChange hook: a settings change could remove the guard mid-session",
                    file.display()
                ),
                format!("`{install}`"),
            ));
        }
    }
    if let Some(settings) = install::read_settings(&install::managed_settings_file())
        && !install::registrations(&settings, "PreToolUse").is_empty()
    {
        registered = true;
        checks.push(Check::ok(format!(
            "the managed settings {} register safety-net",
            install::managed_settings_file().display()
        )));
    }
    if let Some(plugin) = plugin_registration(home) {
        registered = true;
        checks.push(Check::ok(format!(
            "the plugin at {} registers safety-net",
            plugin.display()
        )));
    }
    if !registered {
        checks.push(Check::problem(
            "safety-net is not registered as a PreToolUse hook in any settings file: nothing is checked",
            "`safety-net install` (or `--scope project` / `--scope local` for this project only)",
        ));
    }
    binaries.sort();
    binaries.dedup();
    let mut runnable = None;
    for binary in &binaries {
        if !binary.exists() {
            checks.push(Check::problem(
                format!(
                    "the registered binary {} does not exist: Claude Code would skip the hook",
                    binary.display()
                ),
                "reinstall it (`cargo install --path .`), then `safety-net install` to update the path",
            ));
        } else if runs(binary) {
            checks.push(Check::ok(format!("{} runs", binary.display())));
            runnable.get_or_insert(binary.clone());
        } else {
            checks.push(Check::problem(
                format!("{} exists but does not run", binary.display()),
                "reinstall it with `cargo install --path .`",
            ));
        }
    }
    let tested = runnable.unwrap_or_else(|| this_binary.to_owned());
    checks.extend(self_test(&tested, project));
    checks
}

/// A plugin's `hooks.json` below `~/.claude/plugins` that runs this guard.
fn plugin_registration(home: &Path) -> Option<PathBuf> {
    let mut pending = vec![(home.join(".claude").join("plugins"), 0)];
    while let Some((directory, depth)) = pending.pop() {
        let Ok(entries) = std::fs::read_dir(&directory) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() && depth < 6 {
                pending.push((path, depth + 1));
            } else if path.file_name().is_some_and(|n| n == "hooks.json")
                && std::fs::read_to_string(&path).is_ok_and(|text| text.contains("safety-net"))
            {
                return Some(path);
            }
        }
    }
    None
}

fn runs(binary: &Path) -> bool {
    Command::new(binary)
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|status| status.success())
}

/// Feeds the real hook three payloads: a dangerous command, an ordinary one, garbage.
fn self_test(binary: &Path, project: &Path) -> Vec<Check> {
    let payload = |command: &str| {
        json!({
            "session_id": "doctor",
            "transcript_path": "/dev/null",
            "cwd": project.to_string_lossy(),
            "hook_event_name": "PreToolUse",
            "tool_name": "Bash",
            "tool_input": {"command": command},
        })
        .to_string()
    };
    let cases = [
        ("`rm -rf /` is denied", payload("rm -rf /"), 2, true),
        ("`ls` is allowed silently", payload("ls"), 0, false),
        ("a malformed payload is denied", "not json".to_owned(), 2, true),
    ];
    cases
        .into_iter()
        .map(|(what, input, expected, reason)| match run_hook(binary, &input) {
            Some((code, stdout, stderr)) if code == expected && stdout.is_empty() && explains(&stderr) == reason => {
                Check::ok(format!("self-test: {what}"))
            }
            Some((code, stdout, stderr)) => Check::problem(
                format!(
                    "self-test: expected that {what}, got exit {code} with output {:?} {:?}",
                    stdout.trim(),
                    stderr.trim()
                ),
                format!("reinstall {} (`cargo install --path .`)", binary.display()),
            ),
            None => Check::problem(
                format!("self-test: {} hook could not be run", binary.display()),
                "reinstall it (`cargo install --path .`), then `safety-net install`",
            ),
        })
        .collect()
}

/// Whether the hook said why (a denial does; an allow prints nothing).
fn explains(stderr: &str) -> bool {
    !stderr.trim().is_empty()
}

fn run_hook(binary: &Path, input: &str) -> Option<(i32, String, String)> {
    let mut child = Command::new(binary)
        .arg("hook")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .ok()?;
    child.stdin.take()?.write_all(input.as_bytes()).ok()?;
    let output = child.wait_with_output().ok()?;
    Some((
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    ))
}
