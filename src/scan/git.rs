//! The files a commit or a pull request changes, for `scan --staged` (the index, as the commit
//! will hold it: each file's staged text is scanned) and `scan --changed BASE` (what differs
//! between BASE and the work tree).

use super::Target;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Runs git in `folder`; its standard output, or what went wrong.
fn git(folder: &Path, arguments: &[&str]) -> Result<Vec<u8>, String> {
    let output = Command::new("git")
        .arg("-C")
        .arg(folder)
        .args(arguments)
        .output()
        .map_err(|error| format!("cannot run git: {error}"))?;
    if !output.status.success() {
        return Err(format!(
            "git {} failed: {}",
            arguments.join(" "),
            String::from_utf8_lossy(&output.stderr).trim()
        ));
    }
    Ok(output.stdout)
}

/// The root of the work tree `folder` is in.
fn top_level(folder: &Path) -> Result<PathBuf, String> {
    let out = git(folder, &["rev-parse", "--show-toplevel"])?;
    Ok(PathBuf::from(String::from_utf8_lossy(&out).trim()))
}

/// The paths of a NUL-separated list.
fn paths(list: &[u8]) -> impl Iterator<Item = String> + '_ {
    list.split(|byte| *byte == 0)
        .filter(|path| !path.is_empty())
        .map(|path| String::from_utf8_lossy(path).into_owned())
}

/// The files staged for the next commit (added, copied, modified, renamed), with their staged
/// text.
pub fn staged(folder: &Path) -> Result<Vec<Target>, String> {
    let root = top_level(folder)?;
    let list = git(&root, &["diff", "--cached", "--name-only", "--diff-filter=ACMR", "-z"])?;
    paths(&list)
        .map(|path| {
            let text = git(&root, &["show", &format!(":{path}")])?;
            Ok(Target {
                path: root.join(&path),
                repository: root.clone(),
                text: Some(String::from_utf8_lossy(&text).into_owned()),
            })
        })
        .collect()
}

/// The files that differ between `base` (a commit, branch or tag; `BASE...HEAD` is understood
/// too) and the work tree, as they are in the work tree.
pub fn changed(folder: &Path, base: &str) -> Result<Vec<Target>, String> {
    let root = top_level(folder)?;
    let list = git(&root, &["diff", "--name-only", "--diff-filter=ACMR", "-z", base, "--"])?;
    Ok(paths(&list)
        .map(|path| Target {
            path: root.join(&path),
            repository: root.clone(),
            text: None,
        })
        .collect())
}
