//! A scratch project on disk for the tests that judge what the file system holds: scripts a
//! command runs, links its paths go through. Each test file uses the part it needs.
#![allow(dead_code)]

use agent_safety_net::{AbsPath, Context, Decision, analyze};
use std::path::{Path, PathBuf};

/// A folder with a `home` folder in it, removed when dropped. By default the folder itself is
/// the project and the working folder.
pub struct Project {
    pub root: PathBuf,
}

impl Project {
    pub fn new(name: &str) -> Project {
        let root = std::env::temp_dir().join(format!("safety-net-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(root.join("home")).expect("temp dir");
        Project { root }
    }

    /// Writes `content` into the file `name` (relative to the root), making its folders.
    pub fn write(&self, name: &str, content: &str) -> &Project {
        let path = self.root.join(name);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).expect("dir");
        }
        std::fs::write(&path, content).expect("write");
        self
    }

    /// Makes the symbolic link `name` (relative to the root) pointing at `to`, as `ln -s`.
    pub fn link(&self, name: &str, to: &str) -> &Project {
        let path = self.root.join(name);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).expect("dir");
        }
        std::os::unix::fs::symlink(to, &path).expect("symlink");
        self
    }

    /// The absolute path of `name` (relative to the root).
    pub fn path(&self, name: &str) -> AbsPath {
        at(&self.root.join(name))
    }

    pub fn context(&self) -> Context {
        Context::new(at(&self.root), at(&self.root.join("home")))
    }

    pub fn judge(&self, command: &str) -> (Decision, Option<String>) {
        judged(command, &self.context())
    }
}

impl Drop for Project {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.root);
    }
}

fn at(path: &Path) -> AbsPath {
    AbsPath::new(&path.to_string_lossy()).expect("absolute")
}

/// The decision and rule of `command` in `context`.
pub fn judged(command: &str, context: &Context) -> (Decision, Option<String>) {
    let verdict = analyze(command, context);
    (verdict.decision, verdict.rule().map(str::to_owned))
}

pub fn deny(rule: &str) -> (Decision, Option<String>) {
    (Decision::Deny, Some(rule.to_owned()))
}

pub const ALLOW: (Decision, Option<String>) = (Decision::Allow, None);
