//! The state of a git repository where the hook runs: whether paths have uncommitted changes,
//! so that a rule about losing them can stand aside when there is nothing to lose.
//!
//! git is run with what could run the repository's own code switched off (no hooks, no file
//! system monitor, no optional locks) and a deadline; any failure, a timeout, or a word known
//! only at run time gives no answer, and the rule keeps its verdict.

use crate::paths::AbsPath;
use std::io::Read;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// How long git may take to answer.
const DEADLINE: Duration = Duration::from_millis(250);

/// Whether the tracked files under `paths` (every tracked file when `paths` is empty) in the
/// repository at `cwd` have no uncommitted change, staged or not, and with `untracked` no
/// untracked file either: `Some(true)` when git says so, `Some(false)` when there are changes,
/// `None` when it could not tell.
pub fn nothing_uncommitted(cwd: &AbsPath, paths: &[&str], untracked: bool) -> Option<bool> {
    if runs_filters(cwd) {
        return None;
    }
    let mut git = Command::new("git");
    git.arg("-C")
        .arg(crate::context::native(cwd))
        .args([
            "--no-optional-locks",
            "-c",
            "core.fsmonitor=false",
            "-c",
            "core.hooksPath=/dev/null",
            "status",
            "--porcelain=v1",
            if untracked {
                "--untracked-files=normal"
            } else {
                "--untracked-files=no"
            },
            // A worktree's submodules go with it: their changes count then.
            if untracked {
                "--ignore-submodules=none"
            } else {
                "--ignore-submodules=all"
            },
            "-z",
            "--",
        ])
        .args(paths)
        .env("GIT_OPTIONAL_LOCKS", "0")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null());
    let mut child = git.spawn().ok()?;
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().ok()? {
            break status;
        }
        if started.elapsed() > DEADLINE {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    if !status.success() {
        return None;
    }
    let mut output = Vec::new();
    child.stdout.take()?.read_to_end(&mut output).ok()?;
    Some(output.is_empty())
}

/// Whether the repository's own configuration defines content filters (`[filter "x"]`), which
/// `git status` may run on the files it compares: then git is not asked. The repository is
/// found from `cwd` upwards, its configuration in `.git/config`, or in the main repository's
/// for a linked worktree.
fn runs_filters(cwd: &AbsPath) -> bool {
    let mut at = Some(cwd.clone());
    while let Some(folder) = at {
        let native = std::path::PathBuf::from(crate::context::native(&folder));
        if native.join(".git").exists() {
            // A `.git` that names no readable git directory counts as defining filters.
            return crate::context::git_common_dir(&native)
                .is_none_or(|common| config_has_filters(&common.join("config")));
        }
        at = folder.parent();
    }
    false
}

/// Whether a git configuration file defines a filter; an unreadable one counts as defining one.
fn config_has_filters(file: &std::path::Path) -> bool {
    match std::fs::read_to_string(file) {
        Ok(text) => text.to_ascii_lowercase().contains("[filter"),
        Err(error) => error.kind() != std::io::ErrorKind::NotFound,
    }
}
