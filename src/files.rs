//! The file policy: which files an agent may write or read, whatever tool it uses (the editor
//! tools, or `>`, `tee`, `cp`, `sed -i` from the shell).
//!
//! Writes to files that start shells, hold keys, configure the agents and this guard, or run
//! the system are denied; writes outside the project, to `.env` files and to CI configuration
//! ask; everything else inside the project (and in temp directories) is ordinary work. Reads
//! of private keys and credential stores are denied, reads of `.env` files ask.

use crate::args::{self, Options};
use crate::command::Command;
use crate::context::Context;
use crate::paths::{self, AbsPath};
use crate::places::{self, BelowHome, Protection};
use crate::tools::long_options;
use crate::word::Word;
use std::collections::HashMap;
use std::sync::LazyLock;

/// What writing a file would touch.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WriteClass {
    /// Agent hooks and settings, this guard's binary and configuration.
    AgentSettings(&'static str),
    /// Shell startup files and `~/.gitconfig`.
    StartupFile(&'static str),
    /// Keys and credential stores.
    Credentials(&'static str),
    /// `.git/config`, `.git/hooks/`, and the rest of a `.git` directory.
    GitInternals,
    /// Code Python runs as it starts, from any `site-packages`: a `.pth` file, `sitecustomize.py`,
    /// `usercustomize.py`.
    PythonStartup,
    /// `/etc`, cron tables, systemd units, launch agents, sudoers.
    SystemConfig(&'static str),
    /// A project's file of secret values ([`project_secret`]), and what it is.
    EnvFile(&'static str),
    /// CI configuration (`.github/workflows/`, `.gitlab-ci.yml`…).
    CiConfig,
    /// A project's safety-net configuration (`.safety-net.json`).
    ProjectPolicy,
    /// Outside the project and the temp directories.
    OutsideProject,
    /// Files naming programs an agent or editor starts later, outside any hook: MCP servers,
    /// editor tasks.
    StartsPrograms(&'static str),
    /// Ordinary work.
    Ordinary,
}

/// How a write changes its file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WriteKind {
    /// Creates the file, or replaces it whole where it exists (`>`, `cp`, `tee`, `curl -o`, the
    /// Write tool).
    Create,
    /// Adds to its end (`>>`, `tee -a`).
    Append,
    /// Changes the file where it is (`sed -i`, `truncate`, the Edit tool, a patch).
    InPlace,
    /// Takes the file away from where it is (the sources of `mv`).
    MoveAway,
}

/// Agent instruction files: every session of an agent started there reads them as orders.
const INSTRUCTION_FILES: &[&str] = &[
    "CLAUDE.md",
    "CLAUDE.local.md",
    "AGENTS.md",
    "AGENTS.override.md",
    "GEMINI.md",
    ".cursorrules",
    ".clinerules",
    ".windsurfrules",
];

/// Where programs keep what they run or are configured by, by a component of the path, in any
/// case (macOS's and Windows' per-user folders, Windows' Startup folder, Python's packages).
const CONFIGURATION_COMPONENTS: &[&str] = &[
    "Library",
    "AppData",
    "Startup",
    "site-packages",
    "dist-packages",
    "node_modules",
    "PowerShell",
    "WindowsPowerShell",
];

/// Files that a build, a test run or an interpreter started nearby reads and runs: in another
/// repository, or in a folder above the project.
const CODE_NAMES: &[&str] = &[
    "Makefile",
    "GNUmakefile",
    "conftest.py",
    "build.rs",
    "sitecustomize.py",
    "usercustomize.py",
    "Directory.Build.props",
    "Directory.Build.targets",
    "go.work",
];

/// Caches and logs inside the configuration areas, which hold data only.
const DATA_INSIDE_CONFIGURATION: &[&str] = &["Library/Caches", "Library/Logs"];

/// Folders and files, wherever they are, whose content a program runs or obeys: editors' and
/// agents' project settings, git's, MCP servers, direnv, package managers' scripts.
const CONFIGURATION_NAMES: &[&str] = &[
    ".git",
    ".github",
    ".cargo",
    ".gitlab",
    ".vscode",
    ".idea",
    ".claude",
    ".cursor",
    ".codex",
    ".gemini",
    ".windsurf",
    ".clinerules",
    ".opencode",
    ".obsidian",
    ".husky",
    ".devcontainer",
    ".circleci",
    ".config",
    ".mcp.json",
    ".envrc",
    ".npmrc",
    ".yarnrc",
    ".yarnrc.yml",
    ".pre-commit-config.yaml",
];

/// The home folder's own dot-folders and dotfiles that hold data, not configuration: caches,
/// state, and macOS's trash, where moving a file is the safe way to delete it.
const HOME_DATA_FOLDERS: &[&str] = &[".cache", ".local/state", ".local/share", ".Trash"];

/// Inside those, the places programs still load code or settings from.
const CODE_INSIDE_DATA: &[&str] = &[
    ".local/share/applications",
    ".local/share/bash-completion",
    ".local/share/systemd",
    ".local/share/dbus-1",
    ".local/share/nvim",
    ".local/share/direnv",
    ".local/share/fish",
    ".cache/pre-commit",
];

/// Whether `path` is a dot-folder or dotfile of the home folder (`~/.x`, or below it), other
/// than its caches and data: programs read their configuration and code from there.
fn home_configuration(path: &AbsPath, context: &Context) -> bool {
    let Some(in_home) = BelowHome::of(path, &context.home) else {
        return false;
    };
    let first = path.components().nth(context.home.depth());
    first.is_some_and(|first| first.starts_with('.')) && !HOME_DATA_FOLDERS.iter().any(|data| in_home.within(data))
        || CODE_INSIDE_DATA.iter().any(|code| in_home.within(code))
}

/// A path component as the file system compares it: without case (macOS and Windows), and on
/// Windows without the trailing dots and spaces and the `::$DATA` stream suffix it ignores.
fn folded(component: &str) -> String {
    let name = component.split(':').next().unwrap_or(component);
    name.trim_end_matches(['.', ' ']).to_ascii_lowercase()
}

/// Whether `component` names one of `names`, compared as the file system compares names.
fn names_one_of(component: &str, names: &[&str]) -> bool {
    let folded = folded(component);
    !folded.is_empty() && names.iter().any(|name| name.to_ascii_lowercase() == folded)
}

/// Whether `path` is in another user's home folder's dot-folders (`/home/other/.ssh`).
fn other_home_configuration(path: &AbsPath, context: &Context) -> bool {
    if path.starts_with(&context.home) {
        return false;
    }
    let components = components_as_compared(path, context);
    let below_home = match components.as_slice() {
        ["home" | "Users", _, rest @ ..] => rest,
        ["root", rest @ ..] => rest,
        [drive, users, _, rest @ ..] if paths::is_drive_letter(drive) && users.eq_ignore_ascii_case("users") => rest,
        _ => return false,
    };
    below_home.first().is_some_and(|first| first.starts_with('.'))
}

/// Folders of the system outside home, where a file put in place is picked up by programs.
const SYSTEM_AREAS: &[&str] = &[
    "/usr",
    "/opt",
    "/var",
    "/srv",
    "/Library",
    "/System",
    "/Applications",
    "/snap",
    "/nix",
    "/bin",
    "/sbin",
    "/lib",
    "/lib64",
];

/// Folders that always count as on `PATH`, besides the process's own `PATH`.
const USUAL_PATH_FOLDERS: &[&str] = &["bin", ".local/bin", ".cargo/bin", "go/bin", ".npm-global/bin"];

/// Why a write outside the project and the temp folders, of a file no stricter class covers,
/// should be confirmed; `None` when it is ordinary: creating a new file (or adding to one) where
/// nothing runs or configures anything, or writing into a folder the agent was given. A link on
/// the way is the `links` stage's: the place it leads to is judged there.
pub fn outside_write_concern(path: &AbsPath, kind: WriteKind, context: &Context) -> Option<String> {
    if context.given_folders.iter().any(|folder| path.starts_with(folder)) {
        return None;
    }
    if let Some(concern) = outside_place_concern(path, context) {
        return Some(concern);
    }
    match kind {
        // Added to a script, text runs with it (`>> venv/bin/activate`, `>> x.sh`).
        WriteKind::Append if is_script(path) => Some("it adds to a script, which runs what is added".into()),
        WriteKind::Append => None,
        WriteKind::InPlace => Some("it changes an existing file there".into()),
        WriteKind::MoveAway => Some("it moves the file away from there".into()),
        WriteKind::Create => {
            let native = crate::context::native(path);
            let on_disk = std::path::Path::new(&native);
            if !context.read_scripts {
                None
            } else if on_disk.is_dir() {
                Some("files land in that folder, their names unknown".into())
            } else {
                on_disk.is_file().then(|| "it would replace the existing file".into())
            }
        }
    }
}

/// Why changing anything at `path` (outside the project and temp folders) should be confirmed,
/// whatever the change: the home folder itself, agent instructions, code that runs, a folder on
/// PATH, configuration or a system area.
fn outside_place_concern(path: &AbsPath, context: &Context) -> Option<String> {
    if context.home.starts_with(path) {
        return Some("files land in the home folder itself, their names unknown, startup files among them".into());
    }
    if let Some(name) = path.name().filter(|name| names_one_of(name, INSTRUCTION_FILES)) {
        return Some(format!(
            "{name} holds instructions that every agent session started there follows"
        ));
    }
    if let Some(name) = path
        .name()
        .filter(|name| names_one_of(name, CODE_NAMES) || folded(name).ends_with(".pth"))
    {
        return Some(format!(
            "{name} is code a build, a test run or an interpreter started there runs"
        ));
    }
    let on_path = |folder: &AbsPath| path.parent().is_some_and(|parent| parent.same(folder)) || path.same(folder);
    let usual_path_folder = USUAL_PATH_FOLDERS.iter().map(|relative| context.home.join(relative));
    if context
        .path_folders
        .iter()
        .cloned()
        .chain(usual_path_folder)
        .any(|folder| on_path(&folder))
    {
        return Some("it is a folder on PATH, where a program can stand in for any command".into());
    }
    let data = BelowHome::of(path, &context.home)
        .is_some_and(|in_home| DATA_INSIDE_CONFIGURATION.iter().any(|data| in_home.within(data)));
    // An 8.3 short name (`APPDAT~1`) stands for a long one that may be any of these.
    let short_name = |component: &str| path.is_windows() && is_short_name(component);
    let configuration = !data
        && (path.components().any(|component| {
            names_one_of(component, CONFIGURATION_NAMES)
                || names_one_of(component, CONFIGURATION_COMPONENTS)
                || short_name(component)
        }) || home_configuration(path, context)
            || other_home_configuration(path, context));
    let temporary = places::place(&paths::Target::Path(path.clone()), context) == places::Place::Temporary;
    // Right at the root of the machine or of the system drive (`/locales`, `C:\x.cmd`); the root
    // of another drive holds data (`git clone URL D:/repo`).
    let system_drive = |component: &str| paths::is_drive_letter(component) && component.eq_ignore_ascii_case("c");
    let top_level = path.depth() == 1 || path.depth() == 2 && path.components().next().is_some_and(system_drive);
    // A home inside a system folder (`/root`) is the user's own.
    let system = !temporary
        && !path.starts_with(&context.home)
        && (top_level
            || SYSTEM_AREAS.iter().any(|area| path.starts_with_text(area, false))
            || places::system_dir_containing(path).is_some());
    if configuration || system {
        return Some("programs keep their configuration and what they run there".into());
    }
    None
}

/// Whether `component` has the form of a Windows 8.3 short name: at most six characters, `~`,
/// a number, and an extension of at most three (`APPDAT~1`, `PROGRA~2.OLD`). `~$x.docx` is not.
fn is_short_name(component: &str) -> bool {
    let (stem, extension) = component.split_once('.').unwrap_or((component, ""));
    let Some((name, number)) = stem.split_once('~') else {
        return false;
    };
    (1..=6).contains(&name.chars().count())
        && !number.is_empty()
        && number.bytes().all(|b| b.is_ascii_digit())
        && extension.chars().count() <= 3
}

/// The user's own documents, kept in these folders of the home folder, and rarely in git.
const PERSONAL_FOLDERS: &[&str] = &[
    "Desktop",
    "Documents",
    "Downloads",
    "Pictures",
    "Music",
    "Movies",
    "Videos",
    "Dropbox",
    "Library/Mobile Documents",
];

/// Why deleting the file `path`, outside the project and the temp folders, should be confirmed:
/// it is one of the user's own documents or a file of the home folder itself, which no
/// repository keeps a copy of; `None` elsewhere (another repository's files, build output, the
/// configuration a program or agent keeps, which the protected classes cover where it matters)
/// and in a folder the agent was given.
pub fn outside_delete_concern(path: &AbsPath, context: &Context) -> Option<String> {
    if context.given_folders.iter().any(|folder| path.starts_with(folder)) {
        return None;
    }
    // `~$report.docx`: the owner file Office keeps beside a document it has open, no document.
    if path.name().is_some_and(|name| name.starts_with("~$")) {
        return None;
    }
    if path.parent().is_some_and(|parent| parent.same(&context.home)) {
        return Some("it is a file of the home folder itself".into());
    }
    let personal = BelowHome::of(path, &context.home).is_some_and(|in_home| {
        PERSONAL_FOLDERS.iter().any(|folder| in_home.within(folder))
            || path
                .components()
                .nth(context.home.depth())
                .is_some_and(|first| folded(first).starts_with("onedrive"))
    });
    if !personal || in_repository_on_disk(path, context) {
        return None;
    }
    Some("it is among the user's own documents".into())
}

/// Whether `path` is inside a git work tree below the home folder (a repository kept in
/// `~/Documents`), looked up on disk where the disk may be read.
fn in_repository_on_disk(path: &AbsPath, context: &Context) -> bool {
    if !context.read_scripts {
        return false;
    }
    let mut folder = path.parent();
    while let Some(at) = folder {
        if at.same(&context.home) || !at.starts_with(&context.home) {
            return false;
        }
        if std::path::Path::new(&crate::context::native(&at.join(".git"))).exists() {
            return true;
        }
        folder = at.parent();
    }
    false
}

/// Whether `path` is a script or a program's start-up code, by its name or its folder.
fn is_script(path: &AbsPath) -> bool {
    const EXTENSIONS: &[&str] = &[
        ".sh", ".bash", ".zsh", ".fish", ".ps1", ".psm1", ".bat", ".cmd", ".py", ".js", ".mjs", ".cjs", ".ts", ".rb",
        ".pl", ".php", ".lua",
    ];
    let name = path.name().map(folded).unwrap_or_default();
    EXTENSIONS.iter().any(|extension| name.ends_with(extension))
        || matches!(
            name.as_str(),
            "activate" | "makefile" | "gnumakefile" | "dockerfile" | "justfile" | "rakefile"
        )
        || path
            .parent()
            .is_some_and(|folder| folder.name().is_some_and(|name| name == "bin" || name == "Scripts"))
}

/// What reading a file would expose.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadClass {
    /// Private keys and credential stores.
    Credentials(&'static str),
    /// A project's file of secret values ([`project_secret`]), and what it is.
    EnvFile(&'static str),
    Ordinary,
}

/// Agent hook and settings files, by the path components they end with, wherever they are
/// (`*` matches one component).
const AGENT_FILES: &[(&[&str], &str)] = &[
    (&[".claude", "settings.json"], "Claude Code settings"),
    (&[".claude", "settings.local.json"], "Claude Code settings"),
    (&[".codex", "hooks.json"], "Codex hooks"),
    (&[".codex", "config.toml"], "Codex settings"),
    (&[".gemini", "settings.json"], "Gemini CLI settings"),
    (&[".cursor", "hooks.json"], "Cursor hooks"),
    (&[".github", "hooks", "*"], "Copilot hooks"),
    (&[".github", "copilot", "*"], "Copilot settings"),
    (&[".factory", "*"], "Factory Droid hooks and settings"),
    (&[".windsurf", "hooks.json"], "Windsurf hooks"),
    (&[".codeium", "windsurf", "hooks.json"], "Windsurf hooks"),
    (&["opencode.json"], "OpenCode settings"),
    (&["managed-settings.json"], "managed Claude Code settings"),
    // Where the other agents keep what they may do without asking, and their hooks.
    (&[".qwen", "settings.json"], "Qwen Code settings"),
    (&[".cursor", "cli.json"], "Cursor CLI permissions"),
    (&[".cursor", "cli-config.json"], "Cursor CLI permissions"),
    (&[".crush.json"], "Crush settings"),
    (&["crush.json"], "Crush settings"),
    (&[".config", "amp", "settings.json"], "Amp settings"),
    (&[".config", "goose", "config.yaml"], "goose settings"),
    (&[".config", "goose", "permission.yaml"], "goose tool permissions"),
    (&[".kimi", "config.toml"], "Kimi CLI settings"),
    (&[".aider.conf.yml"], "aider settings"),
    (&[".copilot", "config.json"], "Copilot CLI settings"),
    (&[".augment", "settings.json"], "Auggie settings"),
    (
        &[".gemini", "antigravity-cli", "settings.json"],
        "Antigravity CLI settings",
    ),
];

/// Files naming programs an agent or editor starts later, outside any hook, by the path
/// components they end with: writing one is ordinary work at times (adding a project's MCP
/// server, a build task), so it asks. VS Code runs a task marked `"runOn": "folderOpen"` when
/// the folder opens. `~/.claude.json` also keeps the tools each project approved, which the
/// user sees in the question.
const PROGRAM_STARTERS: &[(&[&str], &str)] = &[
    (&[".mcp.json"], "the project's MCP servers"),
    (&[".claude.json"], "Claude Code's MCP servers and approved tools"),
    (&[".cursor", "mcp.json"], "Cursor's MCP servers"),
    (&[".vscode", "mcp.json"], "VS Code's MCP servers"),
    (&[".copilot", "mcp-config.json"], "Copilot CLI's MCP servers"),
    (&[".codeium", "windsurf", "mcp_config.json"], "Windsurf's MCP servers"),
    (
        &[".vscode", "tasks.json"],
        "VS Code's tasks, which can run when the folder opens",
    ),
    // Git hooks kept in the project by a hook manager: what they hold runs at the next commit,
    // the user's too, in a terminal no hook watches. Husky runs `.husky/HOOK` (its helpers in
    // `.husky/_/`), a `core.hooksPath` of `.githooks` runs the files there; lefthook and
    // pre-commit run the commands, or fetch the hooks, their configuration names.
    (&[".husky", "*"], "husky's git hooks, which run at the next commit"),
    (&[".husky", "_", "*"], "husky's git hooks, which run at the next commit"),
    (
        &[".githooks", "*"],
        "the project's git hooks, which run at the next commit",
    ),
    (&["lefthook.yml"], "lefthook's git hooks, which run at the next commit"),
    (&[".lefthook.yml"], "lefthook's git hooks, which run at the next commit"),
    (
        &["lefthook-local.yml"],
        "lefthook's git hooks, which run at the next commit",
    ),
    (
        &[".lefthook-local.yml"],
        "lefthook's git hooks, which run at the next commit",
    ),
    (
        &[".lefthook", "*", "*"],
        "lefthook's hook scripts, which run at the next commit",
    ),
    (
        &[".pre-commit-config.yaml"],
        "the hooks pre-commit runs or fetches at the next commit",
    ),
    // husky 4 reads its hooks from `package.json` or these files; husky 5 to 8 sources
    // `~/.huskyrc` before each hook, husky 9 `~/.config/husky/init.sh`. simple-git-hooks reads
    // its hooks from `package.json` or these files.
    (&[".huskyrc"], "husky's git hooks, which run at the next commit"),
    (&[".huskyrc.json"], "husky's git hooks, which run at the next commit"),
    (&[".huskyrc.yaml"], "husky's git hooks, which run at the next commit"),
    (&[".huskyrc.yml"], "husky's git hooks, which run at the next commit"),
    (&[".huskyrc.js"], "husky's git hooks, which run at the next commit"),
    (&["husky.config.js"], "husky's git hooks, which run at the next commit"),
    (
        &[".config", "husky", "init.sh"],
        "the file husky runs before each git hook",
    ),
    (
        &[".simple-git-hooks.json"],
        "simple-git-hooks' git hooks, which run at the next commit",
    ),
    (
        &[".simple-git-hooks.js"],
        "simple-git-hooks' git hooks, which run at the next commit",
    ),
    (
        &[".simple-git-hooks.cjs"],
        "simple-git-hooks' git hooks, which run at the next commit",
    ),
    (
        &[".simple-git-hooks.mjs"],
        "simple-git-hooks' git hooks, which run at the next commit",
    ),
    (
        &["simple-git-hooks.json"],
        "simple-git-hooks' git hooks, which run at the next commit",
    ),
    (
        &["simple-git-hooks.js"],
        "simple-git-hooks' git hooks, which run at the next commit",
    ),
    (
        &["simple-git-hooks.cjs"],
        "simple-git-hooks' git hooks, which run at the next commit",
    ),
    (
        &["simple-git-hooks.mjs"],
        "simple-git-hooks' git hooks, which run at the next commit",
    ),
];

/// Agent directories below home whose whole content is hooks, rules and guard configuration.
const HOME_AGENT_DIRECTORIES: &[(&str, &str)] = &[
    (".claude/hooks", "Claude Code hooks"),
    (".codex/rules", "Codex rules"),
    (".copilot/hooks", "Copilot hooks"),
    ("Documents/Cline/Hooks", "Cline hooks"),
    ("Documents/Cline/Rules/Hooks", "Cline hooks"),
    (".config/opencode/plugins", "OpenCode plugins"),
    (".config/opencode/plugin", "OpenCode plugins"),
    (".config/safety-net", "safety-net's configuration"),
    (
        ".local/state/safety-net",
        "safety-net's audit log and one-time approvals",
    ),
];

/// Agent directories of hooks and plugins wherever they are (a project's too), by the
/// components they are made of.
const AGENT_DIRECTORIES: &[(&[&str], &str)] = &[
    // A project's hook scripts run on the agent's events as the home's do, outside this guard.
    (&[".claude", "hooks"], "Claude Code hooks"),
    (&[".codex", "hooks"], "Codex hooks"),
    (&[".gemini", "hooks"], "Gemini CLI hooks"),
    (&[".cursor", "hooks"], "Cursor hooks"),
    (&[".windsurf", "hooks"], "Windsurf hooks"),
    (&[".clinerules", "hooks"], "Cline hooks"),
    (&[".cline", "hooks"], "Cline hooks"),
    (&[".opencode", "plugins"], "OpenCode plugins"),
    (&[".opencode", "plugin"], "OpenCode plugins"),
    (
        &["Library", "Application Support", "ClaudeCode"],
        "managed Claude Code settings",
    ),
];

/// Where the system keeps scheduled jobs, services and privileges, outside `/etc`.
const SYSTEM_CONFIG: &[(&str, &str)] = &[
    ("/etc", "system configuration"),
    ("/var/spool/cron", "cron tables"),
    ("/usr/lib/cron", "cron tables"),
    ("/lib/systemd", "systemd units"),
    ("/usr/lib/systemd", "systemd units"),
    ("/run/systemd", "systemd units"),
    ("/Library/LaunchAgents", "launch agents"),
    ("/Library/LaunchDaemons", "launch daemons"),
    ("/private/etc", "system configuration"),
];

/// Per-user places that start programs on their own.
const USER_AUTOSTART: &[(&str, &str)] = &[
    (".config/systemd", "systemd user units"),
    ("Library/LaunchAgents", "launch agents"),
    (".config/autostart", "autostart entries"),
    (
        "AppData/Roaming/Microsoft/Windows/Start Menu/Programs/Startup",
        "the Windows Startup folder",
    ),
];

/// CI configuration, by path components (`*` matches any one).
const CI_FILES: &[&[&str]] = &[
    &[".github", "workflows"],
    &[".github", "actions"],
    &[".gitlab-ci.yml"],
    &["Jenkinsfile"],
    &[".circleci"],
    &[".buildkite"],
    &["azure-pipelines.yml"],
    &[".travis.yml"],
    &["bitbucket-pipelines.yml"],
];

/// Files readable by anyone that still hold secrets: the system's password hashes.
const SYSTEM_SECRETS: &[(&str, &str)] = &[("/etc/shadow", "password hashes"), ("/etc/gshadow", "password hashes")];

/// System folders of private keys, whose every file is one (`/etc/ssl/private/server.key`).
const SYSTEM_SECRET_FOLDERS: &[(&str, &str)] = &[
    ("/etc/ssl/private", "TLS private keys"),
    ("/etc/pki/tls/private", "TLS private keys"),
];

/// What a file of the machine's own holds when it is a private key: one in a folder of them,
/// or an SSH host key (`/etc/ssh/ssh_host_ed25519_key`, not its `.pub`).
fn system_secret(path: &AbsPath) -> Option<&'static str> {
    let text = path.as_str();
    if let Some((_, what)) = SYSTEM_SECRETS.iter().find(|(secret, _)| text == *secret) {
        return Some(what);
    }
    if let Some((_, what)) = SYSTEM_SECRET_FOLDERS
        .iter()
        .find(|(folder, _)| text.strip_prefix(folder).is_some_and(|rest| rest.starts_with('/')))
    {
        return Some(what);
    }
    text.strip_prefix("/etc/ssh/ssh_host_")
        .is_some_and(|name| name.ends_with("_key") && !name.contains('/'))
        .then_some("the machine's SSH host keys")
}

/// Which agent hook or settings file (or this guard's own binary) `path` is, if it is one.
pub fn agent_settings(path: &AbsPath, context: &Context) -> Option<&'static str> {
    let components = components_as_compared(path, context);
    agent_file(path, &components, context).or_else(|| match places::protection(path, context) {
        Some((Protection::Settings, what)) => Some(what),
        _ => None,
    })
}

/// The agent settings a folder holds, deleted whole (`rm -rf .claude`): a folder named as the
/// start of an agent file's path (`.claude` of `.claude/settings.json`) where that file is on
/// disk. A stray `.claude` folder an agent made by mistake holds none, and goes.
pub fn agent_settings_within(path: &AbsPath, context: &Context) -> Option<&'static str> {
    let components = components_as_compared(path, context);
    AGENT_FILES
        .iter()
        .find(|(suffix, _)| {
            (1..suffix.len()).any(|length| {
                ends_with(&components, &suffix[..length]) && {
                    let rest: Vec<&str> = suffix[length..].iter().take_while(|c| **c != "*").copied().collect();
                    let file = path.join(&rest.join("/"));
                    std::fs::symlink_metadata(file.as_str()).is_ok()
                }
            })
        })
        .map(|(_, what)| *what)
}

/// The agent settings on disk that deleting the entries of `dir` a name pattern picks takes
/// (any entry of a glob, with none): a search that goes `deep` (`find . -name settings.json -delete`)
/// matches the file's own name at any level, a glob (`rm .claude/*.json`) the entry of `dir`
/// that is the file or, deleted `recursive`ly (`rm -rf .c*`), the folder holding it. A glob
/// that picks `folders_only` (`rm -rf .claude/*/`, ending in `/`) picks no file itself.
pub fn agent_settings_below(
    dir: &AbsPath,
    name: Option<&str>,
    deep: bool,
    recursive: bool,
    folders_only: bool,
    context: &Context,
) -> Option<&'static str> {
    let components = components_as_compared(dir, context);
    let picks = |rest: &[&str]| match name {
        _ if folders_only && !deep && rest.len() == 1 => false,
        // A search whose filter is not known (`-path … -prune -o …`) is the other checks' to judge.
        None => !deep && (recursive || rest.len() == 1),
        Some(pattern) if deep => {
            // A folder the search finds goes whole only when deleted recursively.
            let named = if recursive { rest } else { &rest[rest.len() - 1..] };
            named.iter().any(|entry| paths::glob_matches(pattern, entry))
        }
        Some(pattern) => (recursive || rest.len() == 1) && paths::pattern_matches_entry(pattern, rest[0]),
    };
    AGENT_FILES
        .iter()
        .filter(|(suffix, _)| !suffix.contains(&"*"))
        .find(|(suffix, _)| {
            (0..suffix.len()).any(|inside| {
                let rest = &suffix[inside..];
                ends_with(&components, &suffix[..inside])
                    && picks(rest)
                    && std::fs::symlink_metadata(dir.join(&rest.join("/")).as_str()).is_ok()
            })
        })
        .map(|(_, what)| *what)
}

/// The agent settings that taking away what `target` names takes along: the file itself, a
/// folder holding it when taken whole (`recursive`: `rm -r`, `mv`), or the matches of a glob
/// that pick it or its folder (only folders, when the glob ends in `/`: `folders_only`).
pub fn agent_settings_taken(
    target: &paths::Target,
    recursive: bool,
    folders_only: bool,
    context: &Context,
) -> Option<&'static str> {
    match target {
        paths::Target::Contents(dir) if folders_only => {
            agent_settings_below(dir, None, false, recursive, true, context)
        }
        paths::Target::Path(path) | paths::Target::Contents(path) => {
            agent_settings(path, context).or_else(|| recursive.then(|| agent_settings_within(path, context)).flatten())
        }
        paths::Target::Below { dir, name, deep } => {
            agent_settings_below(dir, name.as_deref(), *deep, recursive, folders_only, context)
        }
        _ => None,
    }
}

/// Every protected file or folder the tables name strictly below `dir`: the keys, startup
/// files, agent settings and autostart folders of the home `dir` is in (the user's when none),
/// the agents' files and hook folders, `.git`, CI configuration and `.env` wherever they are,
/// the system's configuration, and a program named like this guard. What a glob or a search
/// below `dir` may name where the disk does not say (`~/.b*c` may be `~/.bashrc`).
pub fn protected_paths_below(dir: &AbsPath, context: &Context) -> Vec<AbsPath> {
    let home = places::home_holding(dir, context).unwrap_or_else(|| context.home.clone());
    let in_home = places::protected_in_home()
        .chain(HOME_AGENT_DIRECTORIES.iter().map(|(relative, _)| *relative))
        .chain(USER_AUTOSTART.iter().map(|(relative, _)| *relative))
        .chain(USUAL_PATH_FOLDERS.iter().copied())
        .map(|relative| home.join(relative))
        .chain(
            USUAL_PATH_FOLDERS
                .iter()
                .map(|folder| home.join(folder).join("safety-net")),
        );
    let anywhere: Vec<&[&str]> = AGENT_FILES
        .iter()
        .map(|(suffix, _)| *suffix)
        .chain(AGENT_DIRECTORIES.iter().map(|(run, _)| *run))
        .chain(CI_FILES.iter().copied())
        .chain([&[".git", "config"][..], &[".git", "hooks"], &[".env"]])
        .collect();
    // Each such file below `dir`, or below a folder above it that `dir` is on the way to
    // (`.claude/settings.json` below `.claude`).
    let ancestors: Vec<AbsPath> = std::iter::successors(Some(dir.clone()), AbsPath::parent)
        .take(3)
        .collect();
    // A file of one name (`opencode.json`, `.env`) is read where an agent or a tool starts: in
    // the project or the home folder, not in any folder (`mv build/* .`).
    let read_there = |folder: &AbsPath| folder.same(&context.project_root) || folder.same(&home);
    let relative_anywhere = anywhere.iter().flat_map(|suffix| {
        let kept: Vec<&str> = suffix.iter().take_while(|name| **name != "*").copied().collect();
        let relative = kept.join("/");
        let one_name = kept.len() == 1;
        ancestors
            .iter()
            .filter(move |folder| !one_name || read_there(folder))
            .map(move |folder| folder.join(&relative))
    });
    let system = SYSTEM_CONFIG.iter().filter_map(|(folder, _)| AbsPath::new(folder));
    let mut found: Vec<AbsPath> = Vec::new();
    for path in in_home
        .chain(relative_anywhere)
        .chain(system)
        .chain(context.guard_binary.clone())
    {
        if path.is_inside(dir) && !found.contains(&path) {
            found.push(path);
        }
    }
    found
}

/// The agent settings files on disk at or below `dir` that an agent reads: those kept in
/// `dir`, in the folders above it (`dir` may be `.claude` itself) and in the project, each with
/// what it is. Files of a folder that is all settings (`.github/hooks/`) are listed one by one.
pub fn agent_settings_files(dir: &AbsPath, context: &Context) -> Vec<(AbsPath, &'static str)> {
    let mut folders: Vec<AbsPath> = std::iter::successors(Some(dir.clone()), AbsPath::parent).collect();
    folders.push(context.project_root.clone());
    let mut found: Vec<(AbsPath, &'static str)> = Vec::new();
    for folder in &folders {
        for (suffix, what) in AGENT_FILES {
            let files = match suffix.split_last() {
                Some((&"*", holder)) => std::fs::read_dir(folder.join(&holder.join("/")).as_str())
                    .into_iter()
                    .flatten()
                    .flatten()
                    .map(|entry| folder.join(&format!("{}/{}", holder.join("/"), entry.file_name().to_string_lossy())))
                    .collect(),
                _ => vec![folder.join(&suffix.join("/"))],
            };
            for file in files {
                if file.starts_with(dir)
                    && std::fs::symlink_metadata(file.as_str()).is_ok()
                    && !found.iter().any(|(known, _)| known == &file)
                {
                    found.push((file, *what));
                }
            }
        }
    }
    found
}

/// The class of writing `path`.
pub fn write_class(path: &AbsPath, context: &Context) -> WriteClass {
    let components = components_as_compared(path, context);
    if let Some(what) = agent_file(path, &components, context) {
        return WriteClass::AgentSettings(what);
    }
    // In the project, in home itself (`~/.claude.json`) or in a folder of home's where an agent
    // keeps them (`~/.cursor/mcp.json`); elsewhere (`../other/.mcp.json`) it is judged as any
    // file outside the project.
    let in_home = |suffix: &[&str]| {
        BelowHome::of(path, &context.home).is_some()
            && (suffix.len() > 1 || path.parent().is_some_and(|folder| folder.same(&context.home)))
    };
    if let Some((_, what)) = PROGRAM_STARTERS.iter().find(|(suffix, _)| {
        ends_with(&components, suffix) && (path.starts_with(&context.project_root) || in_home(suffix))
    }) {
        return WriteClass::StartsPrograms(what);
    }
    // Windows PowerShell keeps its profiles and modules in `Documents`, a folder of the user's
    // own files: only those two folders below it start shells.
    let in_home = BelowHome::of(path, &context.home);
    if ["Documents/PowerShell", "Documents/WindowsPowerShell"]
        .iter()
        .any(|folder| in_home.as_ref().is_some_and(|in_home| in_home.within(folder)))
    {
        return WriteClass::StartupFile(places::POWERSHELL_PROFILES);
    }
    match places::protection(path, context) {
        Some((Protection::Startup, what)) => return WriteClass::StartupFile(what),
        Some((Protection::Secret, what)) => return WriteClass::Credentials(what),
        Some((Protection::Settings, what)) => return WriteClass::AgentSettings(what),
        None => {}
    }
    if is_python_startup(path) {
        return WriteClass::PythonStartup;
    }
    if let Some(git) = components.iter().position(|c| *c == ".git") {
        let inside = &components[git + 1..];
        if inside != ["info", "exclude"] {
            return WriteClass::GitInternals;
        }
    }
    if let Some(what) = system_config(path, context) {
        return WriteClass::SystemConfig(what);
    }
    if let Some(what) = project_secret(&components, places::folds_case(path, &context.home)) {
        return WriteClass::EnvFile(what);
    }
    if CI_FILES.iter().any(|pattern| contains_run(&components, pattern)) {
        return WriteClass::CiConfig;
    }
    if components.last() == Some(&crate::policy::PROJECT_FILE) {
        return WriteClass::ProjectPolicy;
    }
    let temporary = matches!(
        places::place(&paths::Target::Path(path.clone()), context),
        places::Place::Temporary
    ) || places::is_temp_root(path);
    let device = path.as_str().starts_with("/dev/") || path.as_str().starts_with("/proc/self/fd/");
    // The project root itself is a folder: what is written there (`cp x .`) lands inside.
    if !path.starts_with(&context.project_root) && !temporary && !device {
        return WriteClass::OutsideProject;
    }
    WriteClass::Ordinary
}

/// Tokens kept in a cache below home: reading one prints it, while emptying the cache is
/// judged as emptying a cache (a new login writes them again). Likewise the profile of the
/// snap of Chromium, in no hidden folder: its cookies and passwords are binary databases a
/// search of home (`rg x ~`) skips, and only reading them prints them. And editors' state
/// databases, which they rewrite all the time.
const SECRETS_IN_CACHES: &[(&str, &str)] = &[
    (".cache/huggingface/token", "Hugging Face tokens"),
    (".cache/huggingface/stored_tokens", "Hugging Face tokens"),
    ("snap/chromium/common/chromium", "browser cookies and saved passwords"),
    // VS Code's and its forks' stored state: extensions' secrets, and Cursor's and Windsurf's
    // logins in clear.
    (".config/Code/User/globalStorage/state.vscdb", EDITOR_STATE),
    (".config/Code - Insiders/User/globalStorage/state.vscdb", EDITOR_STATE),
    (".config/VSCodium/User/globalStorage/state.vscdb", EDITOR_STATE),
    (".config/Cursor/User/globalStorage/state.vscdb", EDITOR_STATE),
    (".config/Windsurf/User/globalStorage/state.vscdb", EDITOR_STATE),
    (
        "Library/Application Support/Code/User/globalStorage/state.vscdb",
        EDITOR_STATE,
    ),
    (
        "Library/Application Support/Cursor/User/globalStorage/state.vscdb",
        EDITOR_STATE,
    ),
    (
        "Library/Application Support/Windsurf/User/globalStorage/state.vscdb",
        EDITOR_STATE,
    ),
    ("AppData/Roaming/Code/User/globalStorage/state.vscdb", EDITOR_STATE),
    ("AppData/Roaming/Cursor/User/globalStorage/state.vscdb", EDITOR_STATE),
];

/// What an editor's `state.vscdb` holds beside its settings.
const EDITOR_STATE: &str = "an editor's stored logins and extension secrets";

/// Files of the home folder that keep what the user typed: shells' and database and language
/// prompts' histories, where passwords, tokens and connection strings given on a command line
/// stay (`export GITHUB_TOKEN=…`, `mysql -pPASS`, `ALTER USER … PASSWORD '…'`). An agent's
/// own commands are not among them: a shell that runs a command string keeps no history.
const HISTORIES: &[&str] = &[
    ".bash_history",
    ".zsh_history",
    ".zhistory",
    ".histfile",
    ".sh_history",
    ".ksh_history",
    ".local/share/fish/fish_history",
    ".local/share/nushell/history.txt",
    ".local/share/nushell/history.sqlite3",
    ".config/nushell/history.txt",
    ".local/share/atuin/history.db",
    ".local/share/powershell/PSReadLine/ConsoleHost_history.txt",
    "AppData/Roaming/Microsoft/Windows/PowerShell/PSReadLine/ConsoleHost_history.txt",
    ".psql_history",
    ".mysql_history",
    ".mariadb_history",
    ".sqlite_history",
    ".duckdb_history",
    ".rediscli_history",
    ".dbshell",
    ".mongodb/mongosh/mongosh_repl_history",
    ".cassandra/cqlsh_history",
    ".clickhouse-client-history",
    ".python_history",
    ".ipython/profile_default/history.sqlite",
    ".node_repl_history",
    ".irb_history",
    ".pry_history",
    ".Rhistory",
    ".julia/logs/repl_history.jl",
];

/// What a history of `HISTORIES` keeps.
pub const HISTORY: &str = "commands typed by the user, with the passwords and tokens given on them";

/// The class of reading `path`.
pub fn read_class(path: &AbsPath, context: &Context) -> ReadClass {
    let components = components_as_compared(path, context);
    if let Some(what) = system_secret(path) {
        return ReadClass::Credentials(what);
    }
    if let Some(in_home) = places::BelowHome::of(path, &context.home)
        && let Some((_, what)) = SECRETS_IN_CACHES.iter().find(|(relative, _)| in_home.within(relative))
    {
        return ReadClass::Credentials(what);
    }
    if let Some((Protection::Secret, what)) =
        places::protection(path, context).filter(|_| places::is_in_protected(path, context))
    {
        // An example holds none of the values (`~/.kube/config.example`); gcloud's named
        // configurations hold the account and project, its credentials are elsewhere.
        let public = path.name().is_some_and(|name| {
            [".pub", ".example", ".sample"]
                .iter()
                .any(|ending| name.ends_with(ending))
        }) || matches!(path.name(), Some("known_hosts" | "config" | "authorized_keys"))
            && components.contains(&".ssh")
            || places::BelowHome::of(path, &context.home).is_some_and(|in_home| {
                in_home.within(".config/gcloud/configurations") || in_home.within(".config/gcloud/active_config")
            });
        if !public {
            return ReadClass::Credentials(what);
        }
    }
    if let Some(what) = project_secret(&components, places::folds_case(path, &context.home)) {
        return ReadClass::EnvFile(what);
    }
    if places::BelowHome::of(path, &context.home)
        .is_some_and(|in_home| HISTORIES.iter().any(|history| in_home.within(history)))
    {
        return ReadClass::EnvFile(HISTORY);
    }
    ReadClass::Ordinary
}

/// How a search program reads its arguments.
struct Searcher {
    options: Options,
    /// The options that make it print names of files, a count or an exit status: no line of
    /// what it reads.
    names_only: &'static [char],
    names_only_long: &'static [&'static str],
}

const GREP: Searcher = Searcher {
    options: Options::gnu(
        "eABCfmdD",
        &[
            "regexp",
            "file",
            "max-count",
            "after-context",
            "before-context",
            "context",
            "directories",
            "devices",
        ],
    ),
    names_only: &['l', 'L', 'c', 'q'],
    names_only_long: &["files-with-matches", "files-without-match", "count", "quiet", "silent"],
};

/// How ripgrep reads its options: which take a value (`-r TEXT`, `--pre PROGRAM`).
pub const RIPGREP_OPTIONS: Options = Options::gnu(
    "AeBCEfgjmMrtT",
    &[
        "regexp",
        "file",
        "glob",
        "iglob",
        "type",
        "type-not",
        "max-depth",
        "max-count",
        "context",
        "after-context",
        "before-context",
        "encoding",
        "replace",
        "threads",
        "sort",
        "sortr",
        "color",
        "colors",
        "pre",
        "pre-glob",
        "max-columns",
        "max-filesize",
        "ignore-file",
        "type-add",
        "engine",
        "path-separator",
        "context-separator",
    ],
);

const RIPGREP: Searcher = Searcher {
    options: RIPGREP_OPTIONS,
    names_only: &['l', 'c', 'q'],
    names_only_long: &[
        "files",
        "files-with-matches",
        "files-without-match",
        "count",
        "count-matches",
        "quiet",
    ],
};

/// `ag`'s `-A`, `-B` and `-C` take their number attached only (`-C3`).
const SILVER_SEARCHER: Searcher = Searcher {
    options: Options::gnu(
        "GgmpW",
        &[
            "file-search-regex",
            "max-count",
            "path-to-ignore",
            "depth",
            "ignore",
            "ignore-dir",
            "width",
            "pager",
        ],
    ),
    names_only: &['l', 'L', 'c', 'g'],
    names_only_long: &["files-with-matches", "files-without-matches", "count"],
};

/// `ack`'s `-C` takes its number attached only (`-C3`).
const ACK: Searcher = Searcher {
    options: Options::gnu(
        "ABmg",
        &[
            "after-context",
            "before-context",
            "max-count",
            "match",
            "type",
            "ignore-dir",
            "ignore-file",
            "output",
        ],
    ),
    names_only: &['l', 'L', 'c', 'f', 'g'],
    names_only_long: &["files-with-matches", "files-without-matches", "count"],
};

const GIT_GREP: Searcher = Searcher {
    options: Options::gnu(
        "eABCfm",
        &[
            "regexp",
            "file",
            "max-count",
            "after-context",
            "before-context",
            "context",
            "max-depth",
            "threads",
        ],
    ),
    names_only: &['l', 'L', 'c', 'q'],
    names_only_long: &[
        "name-only",
        "files-with-matches",
        "files-without-match",
        "count",
        "quiet",
    ],
};

fn searcher(program: &str) -> &'static Searcher {
    match program {
        "rg" => &RIPGREP,
        "ag" => &SILVER_SEARCHER,
        "ack" | "ack-grep" => &ACK,
        _ => &GREP,
    }
}

/// Whether a search prints names of files, a count or an exit status: nothing of what it reads.
fn shows_no_line(parsed: &args::Parsed, searcher: &Searcher) -> bool {
    searcher.names_only.iter().any(|flag| parsed.has_short(*flag))
        || searcher.names_only_long.iter().any(|long| parsed.has_long(long))
}

/// The files and folders a search program reads and shows lines of: its operands after the
/// pattern (unless `-e` or `-f` gave it), none when it prints only names or counts.
fn searched(args: &[Word], searcher: &Searcher) -> Vec<Word> {
    let parsed = args::parse(args, &searcher.options);
    if shows_no_line(&parsed, searcher) {
        return Vec::new();
    }
    let mut words: Vec<Word> = parsed.operands().cloned().collect();
    // The first operand is the pattern unless `-e` or `-f` gave it (`-eclass` too).
    let pattern_given = parsed.value_of('e', "regexp").is_some()
        || parsed.value_of('f', "file").is_some()
        || parsed.value_of('\0', "match").is_some();
    if !pattern_given && !words.is_empty() {
        words.remove(0);
    }
    words
}

/// Whether a search program reads every file below the folders it is given and prints lines of
/// them (`grep -r`, `rg`, `ag`, `ack`, `git grep --no-index`), and then whether it enters hidden
/// files and folders too: `grep`, `ack` and `git grep` do; `rg` only with `--hidden`, `-.` or
/// `-uu`, `ag` only with `--hidden` or `-u`.
pub fn search_walk(command: &Command) -> Option<bool> {
    let invocation;
    let (args, searcher) = match command.name.as_str() {
        "git" => {
            invocation = crate::tools::git::invocation(command);
            if invocation.subcommand != "grep" || !invocation.args.iter().any(|w| w.is("--no-index")) {
                return None;
            }
            (invocation.args, &GIT_GREP)
        }
        name @ ("grep" | "egrep" | "fgrep" | "rgrep" | "rg" | "ag" | "ack" | "ack-grep") => {
            (command.args(), searcher(name))
        }
        _ => return None,
    };
    let parsed = args::parse(args, &searcher.options);
    if shows_no_line(&parsed, searcher) {
        return None;
    }
    match command.name.as_str() {
        "grep" | "egrep" | "fgrep" => {
            let recursive = parsed.has('r', "recursive")
                || parsed.has('R', "dereference-recursive")
                || parsed
                    .value_of('d', "directories")
                    .is_some_and(|action| action.is("recurse"));
            recursive.then_some(true)
        }
        "rg" => {
            let unrestricted = parsed
                .args
                .iter()
                .filter(|arg| arg.is_short('u') || arg.is_long("unrestricted"))
                .count();
            Some(unrestricted >= 2 || parsed.has('.', "hidden"))
        }
        "ag" => Some(parsed.has('u', "unrestricted") || parsed.has_long("hidden")),
        "ack" | "ack-grep" => (!parsed.has('n', "no-recurse")).then_some(true),
        _ => Some(true),
    }
}

/// How many bytes `dd` copies when `count=` says (in blocks of `bs=`/`ibs=`, 512 bytes by
/// default); `None` when it copies until the end.
fn dd_bytes(args: &[Word]) -> Option<u64> {
    let value = |key: &str| {
        args.iter()
            .rev()
            .find_map(|w| w.value()?.strip_prefix(key).map(str::to_owned))
    };
    let number = |text: &str| -> Option<u64> {
        let digits = text.trim_end_matches(|c: char| c.is_ascii_alphabetic());
        let scale = match &text[digits.len()..] {
            "" | "c" => 1,
            "w" => 2,
            "b" => 512,
            "K" | "KiB" | "k" => 1024,
            "kB" | "KB" => 1000,
            "M" | "MiB" => 1 << 20,
            "MB" => 1_000_000,
            "G" | "GiB" => 1 << 30,
            _ => return None,
        };
        digits.parse::<u64>().ok()?.checked_mul(scale)
    };
    let count = number(&value("count=")?)?;
    let block = match value("ibs=").or_else(|| value("bs=")) {
        Some(size) => number(&size)?,
        None => 512,
    };
    count.checked_mul(block)
}

/// A whole disk or a partition: read raw, every file on it, whoever may read it.
pub fn raw_disk(path: &AbsPath) -> bool {
    let Some(name) = path.as_str().strip_prefix("/dev/") else {
        return false;
    };
    crate::checks::disk::is_block_device(path.as_str()) && !name.starts_with("loop") && !name.starts_with("sr")
}

/// What a process's environment read through `/proc` holds, as [`secret`] says it.
pub const PROCESS_ENVIRONMENT: &str = "(the environment of a process, with its tokens and passwords)";

/// What secret reading `path` would expose, if any: private keys, credential stores, `.env`.
pub fn secret(path: &AbsPath, context: &Context) -> Option<String> {
    let components = components_as_compared(path, context);
    // `/proc/PID/environ`, and a thread's `/proc/PID/task/TID/environ`.
    if let ["proc", _, "environ"] | ["proc", _, "task", _, "environ"] = components.as_slice() {
        return Some(format!("{path} {PROCESS_ENVIRONMENT}"));
    }
    match read_class(path, context) {
        ReadClass::Credentials(what) => Some(format!("{path} ({what})")),
        ReadClass::EnvFile(what) => Some(format!("{path} ({what})")),
        ReadClass::Ordinary => None,
    }
}

/// The secret store among the entries of `dir` that the glob `name` matches (all with `None`):
/// `dir` itself when it is a store (`~/.ssh/*`, the paths `find ~/.aws -exec … {}` finds), or the
/// store it holds that the pattern reaches (a browser profile's `Login Data`). A pattern only
/// public keys match (`~/.ssh/*.pub`) reaches none. With `deep`, the paths a search finds at any
/// depth below `dir`, the name compared with the stores' files wherever they are under it
/// (`find ~ -name id_rsa`, a private key in `~/.ssh`) and with the names of a project's secret
/// files (`find . -name .env`).
pub fn secret_entries(dir: &AbsPath, name: Option<&str>, deep: bool, context: &Context) -> Option<AbsPath> {
    if name.is_some_and(|name| name.ends_with(".pub")) {
        return None;
    }
    if matches!(read_class(dir, context), ReadClass::Credentials(_)) {
        return Some(dir.clone());
    }
    let deep_name = name.filter(|_| deep);
    if let Some(name) = deep_name
        && let Some(found) = places::secrets_found(dir, name, context)
            .into_iter()
            .find(|path| matches!(read_class(path, context), ReadClass::Credentials(_)))
    {
        return Some(found);
    }
    let below = paths::Target::Below {
        dir: dir.clone(),
        name: name.map(str::to_owned),
        deep,
    };
    match places::place(&below, context) {
        places::Place::Protected {
            path,
            protection: Protection::Secret,
            ..
        } => Some(path),
        // Each name a pattern of letters either case stands for (`.[eE][nN][vV]`, from `-iname`).
        _ => deep_name.and_then(|name| {
            let fold = places::folds_case(dir, &context.home);
            let names = paths::pattern_names(name, 64).unwrap_or_else(|| vec![name.to_owned()]);
            let secret = names.into_iter().find(|name| project_secret(&[name], fold).is_some())?;
            Some(dir.join(&secret))
        }),
    }
}

/// A process's environment read through a path that names the process only when the command
/// runs: this shell's (`/proc/$$/environ`), its parent's (`/proc/$PPID/environ`), every
/// process's (`/proc/*/environ`), one found by a search (`/proc/$(pgrep app)/environ`).
pub fn process_environment_known_late(word: &Word) -> Option<String> {
    let text = word.text();
    let process = text.strip_prefix("/proc/")?.strip_suffix("/environ")?;
    (!process.is_empty() && (word.is_dynamic() || word.has_glob())).then(|| format!("{text} {PROCESS_ENVIRONMENT}"))
}

/// Variables that tools read the path of their credential file from, with what the file
/// holds: the file is the same secret as its default place (`$KUBECONFIG` is `~/.kube/config`).
const CREDENTIAL_FILE_VARIABLES: &[(&str, &str)] = &[
    ("KUBECONFIG", "Kubernetes credentials"),
    ("AWS_SHARED_CREDENTIALS_FILE", "AWS credentials"),
    ("GOOGLE_APPLICATION_CREDENTIALS", "a Google Cloud service account key"),
    ("CLOUDSDK_AUTH_CREDENTIAL_FILE_OVERRIDE", "Google Cloud credentials"),
    (
        "AZURE_CLIENT_CERTIFICATE_PATH",
        "an Azure client certificate and its key",
    ),
    ("NETRC", "passwords for network hosts"),
    ("PGPASSFILE", "PostgreSQL passwords"),
    ("NPM_CONFIG_USERCONFIG", "npm's auth tokens"),
    ("TF_CLI_CONFIG_FILE", "Terraform's registry tokens"),
    ("SOPS_AGE_KEY_FILE", "an age private key"),
    ("VAULT_TOKEN_FILE", "a Vault token"),
    ("SSL_KEY_FILE", "a TLS private key"),
];

/// The credentials a word holds when it is only a variable that names a credential file
/// (`"$KUBECONFIG"`, `${AWS_SHARED_CREDENTIALS_FILE}`): whatever file it names when the command
/// runs, it is the one the tool keeps its secrets in.
pub fn secret_file_variable(word: &Word) -> Option<String> {
    let [crate::word::Part::Dynamic(dynamic)] = word.parts.as_slice() else {
        return None;
    };
    let crate::word::DynamicKind::Variable { name, .. } = &dynamic.kind else {
        return None;
    };
    CREDENTIAL_FILE_VARIABLES
        .iter()
        .find(|(variable, _)| variable == name)
        .map(|(_, what)| format!("the file ${name} names ({what})"))
}

/// The programs [`read_by`] knows.
pub const READERS: &[&str] = &[
    "cat", "less", "more", "bat", "batcat", "nl", "tac", "strings", "xxd", "od", "hexdump", "base64", "vi", "vim",
    "nano", "view", "jq", "yq", "head", "tail", "grep", "egrep", "fgrep", "rgrep", "rg", "ag", "ack", "ack-grep", "cp",
    "scp", "rsync", "nvim", "rvim", "rview", "vimdiff", "gvim", "emacs", "sed", "awk", "gawk", "mawk", "nawk", "m4",
    "dd",
];

/// The files a command reads and may show (cat, head, less, base64, cp sources…).
pub fn read_by(command: &Command) -> Vec<Word> {
    let args = command.args();
    let operands = |short_values: &'static str| -> Vec<Word> {
        args::parse(args, &Options::gnu(short_values, &[]))
            .operands()
            .cloned()
            .collect()
    };
    match command.name.as_str() {
        "cat" | "less" | "more" | "bat" | "batcat" | "nl" | "tac" | "strings" | "xxd" | "od" | "hexdump" | "base64"
        | "vi" | "vim" | "nano" | "view" | "jq" | "yq" | "nvim" | "rvim" | "rview" | "vimdiff" | "gvim" | "emacs"
        | "m4" => operands(""),
        // pv copies its files to its output, as cat does, showing progress on the terminal.
        "pv" => operands("sLBNiwHFDdAmRPU"),
        // The file of arguments (`-a FILE`, `--arg-file`): its words are printed by the `echo`
        // xargs runs given no command, or handed to the command it runs.
        "xargs" => args::parse(args, &long_options::XARGS)
            .args
            .iter()
            .filter(|arg| arg.is_short('a') || arg.is_long("arg-file"))
            .filter_map(|arg| arg.value().cloned())
            .collect(),
        // The input files after the script (the first operand, unless `-e`/`-f` gives it).
        "sed" => {
            let mut words = operands("efl");
            let script_given = args.iter().any(|w| {
                w.value().is_some_and(|t| {
                    ["-e", "-f", "--expression", "--file"].contains(&t)
                        || t.starts_with("--expression=")
                        || t.starts_with("--file=")
                        // Combined flags: `-ne`, `-Ef`.
                        || (t.starts_with('-') && !t.starts_with("--") && t[1..].contains(['e', 'f']))
                })
            });
            if !script_given && !words.is_empty() {
                words.remove(0);
            }
            words.retain(|word| !word.text().contains('=') || word.text().starts_with(['/', '.', '~']));
            words
        }
        "awk" | "gawk" | "mawk" | "nawk" => {
            let parsed = args::parse(args, &long_options::AWK);
            let (_, mut words) = long_options::awk_operands(&parsed);
            words.retain(|word| !word.text().contains('=') || word.text().starts_with(['/', '.', '~']));
            words.into_iter().cloned().collect()
        }
        "head" | "tail" => operands("nc"),
        "grep" | "egrep" | "fgrep" | "rgrep" | "rg" | "ag" | "ack" | "ack-grep" => {
            searched(args, searcher(&command.name))
        }
        // `perl -n`/`-p` loop over the lines of their input files.
        "perl"
            if args.iter().any(|w| {
                w.value()
                    .is_some_and(|t| t.starts_with('-') && !t.starts_with("--") && t[1..].contains(['n', 'p']))
            }) =>
        {
            let mut words = operands("eEIMm");
            let code_given = args.iter().any(|w| {
                w.value()
                    .is_some_and(|t| t.starts_with('-') && !t.starts_with("--") && t[1..].contains(['e', 'E']))
            });
            if !code_given && !words.is_empty() {
                words.remove(0);
            }
            words
        }
        // `git diff A B` compares files, in the repository or not (`--no-index`); `git grep
        // --no-index` searches them as grep does.
        "git" => {
            let invocation = crate::tools::git::invocation(command);
            if invocation.subcommand == "grep" && invocation.args.iter().any(|w| w.is("--no-index")) {
                return searched(invocation.args, &GIT_GREP);
            }
            if invocation.subcommand != "diff" {
                return Vec::new();
            }
            invocation
                .args
                .iter()
                .filter(|w| !w.text().starts_with('-'))
                .cloned()
                .collect()
        }
        // `dd if=` of more than a glance (a boot sector is 512 bytes).
        "dd" if dd_bytes(args).is_none_or(|bytes| bytes > 1024 * 1024) => args
            .iter()
            .filter(|w| w.text().starts_with("if="))
            .map(|w| w.strip_prefix(3))
            .collect(),
        "cp" | "scp" | "rsync" => {
            let operands = operands("tSP");
            operands[..operands.len().saturating_sub(1)].to_vec()
        }
        _ => Vec::new(),
    }
}

/// Which agent hook or settings file `path` is, if it is one, or this guard's own binary.
fn agent_file(path: &AbsPath, components: &[&str], context: &Context) -> Option<&'static str> {
    if let Some((_, what)) = AGENT_FILES.iter().find(|(suffix, _)| ends_with(components, suffix)) {
        return Some(what);
    }
    if let Some((_, what)) = AGENT_DIRECTORIES.iter().find(|(run, _)| contains_run(components, run)) {
        return Some(what);
    }
    let in_home = BelowHome::of(path, &context.home);
    if let Some((_, what)) = HOME_AGENT_DIRECTORIES
        .iter()
        .find(|(relative, _)| in_home.as_ref().is_some_and(|in_home| in_home.within(relative)))
    {
        return Some(what);
    }
    let own_binary = context.guard_binary.as_ref().is_some_and(|binary| path.same(binary));
    let named_like_it = matches!(path.name(), Some("safety-net" | "safety-net.exe"));
    if own_binary || (named_like_it && !path.is_inside(&context.project_root)) {
        return Some("safety-net's own binary");
    }
    None
}

/// Whether `path` is a file Python runs as it starts, wherever the environment is (a project's
/// virtual environment, the user's site, the system's): site.py runs the `import` lines of every
/// `.pth` file in a `site-packages` folder, and imports `sitecustomize` and `usercustomize`.
fn is_python_startup(path: &AbsPath) -> bool {
    let Some(name) = path.name() else { return false };
    let in_site_packages = path
        .parent()
        .and_then(|folder| folder.name().map(folded))
        .is_some_and(|folder| folder == "site-packages" || folder == "dist-packages");
    in_site_packages
        && (folded(name).ends_with(".pth") || names_one_of(name, &["sitecustomize.py", "usercustomize.py"]))
}

fn system_config(path: &AbsPath, context: &Context) -> Option<&'static str> {
    if let Some((_, what)) = SYSTEM_CONFIG.iter().find(|(dir, _)| path.starts_with_text(dir, false)) {
        return Some(what);
    }
    let in_home = BelowHome::of(path, &context.home)?;
    USER_AUTOSTART
        .iter()
        .find(|(relative, _)| in_home.within(relative))
        .map(|(_, what)| *what)
}

/// The path's components as its file system compares them. Where names fold case (Windows,
/// macOS), a component naming a protected file or folder in another case (`.Git`, `.CLAUDE`,
/// `Settings.JSON`) takes that name's own spelling, so that the tables below match it.
fn components_as_compared<'a>(path: &'a AbsPath, context: &Context) -> Vec<&'a str> {
    let fold = places::folds_case(path, &context.home);
    path.components()
        .map(|component| match fold {
            true => protected_spelling(component).unwrap_or(component),
            false => component,
        })
        .collect()
}

/// The spelling the tables of protected files give `component`, compared without case.
fn protected_spelling(component: &str) -> Option<&'static str> {
    /// The protected names by their ASCII lower case, built once: a path's every component is
    /// looked up where names fold case.
    static BY_LOWER_CASE: LazyLock<HashMap<String, &'static str>> = LazyLock::new(|| {
        protected_names()
            .rev()
            .map(|name| (name.to_ascii_lowercase(), name))
            .collect()
    });
    if component.is_ascii() {
        return BY_LOWER_CASE.get(&component.to_ascii_lowercase()).copied();
    }
    protected_names().find(|name| places::same_folded(name, component))
}

/// Every name the tables of protected files and folders hold, in the order they are listed.
fn protected_names() -> impl DoubleEndedIterator<Item = &'static str> {
    let agent_files = AGENT_FILES.iter().flat_map(|(names, _)| names.iter());
    let agent_folders = AGENT_DIRECTORIES.iter().flat_map(|(names, _)| names.iter());
    let ci_files = CI_FILES.iter().flat_map(|names| names.iter());
    agent_files
        .chain(agent_folders)
        .chain(ci_files)
        .chain([".git", ".env", ".ssh"].iter())
        .copied()
}

/// What a project's file of secret values is, by its name: `.env` or `.env.<anything>`,
/// Wrangler's `.dev.vars`, Terraform's variables (`*.tfvars`) and state (`*.tfstate`),
/// `secrets.json`/`.yaml`/`.toml`, Rails' `master.key`, a private SSH key by its usual name
/// (`id_ed25519`, not `.pub`); not the example files meant to be committed. With `fold`, names
/// compare in any case (`.Env.local`).
fn project_secret(components: &[&str], fold: bool) -> Option<&'static str> {
    let &name = components.last()?;
    let lowered;
    let name = if fold {
        lowered = name.to_lowercase().replace('ſ', "s");
        lowered.as_str()
    } else {
        name
    };
    let examples = [
        ".env.example",
        ".env.sample",
        ".env.template",
        ".env.dist",
        ".env.defaults",
    ];
    let example = examples.contains(&name)
        || [".example", ".sample", ".template", ".dist"]
            .iter()
            .any(|suffix| name.ends_with(suffix));
    if example {
        return None;
    }
    if name == ".env" || name.starts_with(".env.") {
        Some("an environment file (they usually hold secrets)")
    } else if name == ".dev.vars" || name.starts_with(".dev.vars.") {
        Some("Wrangler's local secrets")
    } else if name.ends_with(".tfvars") || name.ends_with(".tfvars.json") {
        Some("Terraform variables (they often hold secrets)")
    } else if name.ends_with(".tfstate") || name.ends_with(".tfstate.backup") {
        Some("Terraform state (it keeps the configuration's secrets in plain text)")
    } else if matches!(
        name,
        "secrets.json" | "secrets.yaml" | "secrets.yml" | "secrets.toml" | "secrets.env"
    ) {
        Some("a secrets file")
    } else if name == "master.key" {
        Some("Rails' master key (it decrypts the app's credentials)")
    } else if matches!(
        name,
        "id_rsa" | "id_dsa" | "id_ecdsa" | "id_ed25519" | "id_ecdsa_sk" | "id_ed25519_sk"
    ) {
        Some("a private SSH key")
    } else {
        None
    }
}

/// Whether `components` ends with `suffix` (`*` matches any one component).
fn ends_with(components: &[&str], suffix: &[&str]) -> bool {
    components.len() >= suffix.len()
        && components[components.len() - suffix.len()..]
            .iter()
            .zip(suffix)
            .all(|(c, s)| *s == "*" || c == s)
}

/// Whether `run` appears in `components` as consecutive components.
fn contains_run(components: &[&str], run: &[&str]) -> bool {
    components.windows(run.len()).any(|window| window == run)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deleting_the_users_own_documents_is_a_concern_unless_a_repository_holds_them() {
        let home = std::env::temp_dir().join(format!("safety-net-documents-{}", std::process::id()));
        std::fs::create_dir_all(home.join("Documents/repo/.git")).expect("a repository");
        let mut context = Context::example();
        context.home = AbsPath::new(&home.to_string_lossy()).expect("absolute");
        context.read_scripts = true;
        let at = |relative: &str| context.home.join(relative);
        assert!(outside_delete_concern(&at("Documents/thesis.docx"), &context).is_some());
        assert!(outside_delete_concern(&at("notes.txt"), &context).is_some());
        assert_eq!(outside_delete_concern(&at("Documents/repo/src/x.md"), &context), None);
        assert_eq!(outside_delete_concern(&at(".local/state/x.json"), &context), None);
        context.read_scripts = false;
        assert!(
            outside_delete_concern(&at("Documents/repo/src/x.md"), &context).is_some(),
            "without the disk, a document is a document"
        );
        let _ = std::fs::remove_dir_all(&home);
    }

    #[test]
    fn outside_the_project_replacing_or_editing_an_existing_file_is_a_concern() {
        let folder = std::env::temp_dir().join(format!("safety-net-concern-{}", std::process::id()));
        std::fs::create_dir_all(&folder).expect("a folder");
        std::fs::write(folder.join("existing.txt"), "x").expect("a file");
        let in_folder = |name: &str| AbsPath::new(&folder.join(name).to_string_lossy()).expect("absolute");
        let mut context = Context::example();
        context.read_scripts = true;
        let existing = in_folder("existing.txt");
        assert!(outside_write_concern(&existing, WriteKind::Create, &context).is_some_and(|c| c.contains("replace")));
        assert!(outside_write_concern(&existing, WriteKind::InPlace, &context).is_some());
        assert_eq!(
            outside_write_concern(&in_folder("new.txt"), WriteKind::Create, &context),
            None
        );
        assert_eq!(outside_write_concern(&existing, WriteKind::Append, &context), None);
        let folder_itself = in_folder("");
        assert!(
            outside_write_concern(&folder_itself, WriteKind::Create, &context)
                .is_some_and(|c| c.contains("names unknown"))
        );
        context.given_folders.push(folder_itself);
        assert_eq!(
            outside_write_concern(&existing, WriteKind::InPlace, &context),
            None,
            "a folder the agent was given"
        );
        context.read_scripts = false;
        context.given_folders.clear();
        assert_eq!(
            outside_write_concern(&existing, WriteKind::Create, &context),
            None,
            "without the disk, every file is new"
        );
        let _ = std::fs::remove_dir_all(&folder);
    }

    fn write(path: &str) -> WriteClass {
        write_class(&AbsPath::new(path).unwrap(), &Context::example())
    }

    fn read(path: &str) -> ReadClass {
        read_class(&AbsPath::new(path).unwrap(), &Context::example())
    }

    #[test]
    fn write_classes() {
        assert!(matches!(write("/home/user/.bashrc"), WriteClass::StartupFile(_)));
        assert!(matches!(
            write("/home/user/.ssh/authorized_keys"),
            WriteClass::Credentials(_)
        ));
        assert!(matches!(
            write("/home/user/.claude/settings.json"),
            WriteClass::AgentSettings(_)
        ));
        assert!(matches!(
            write("/home/user/.claude/hooks/guard.sh"),
            WriteClass::AgentSettings(_)
        ));
        assert!(matches!(
            write("/home/user/work/project/.claude/settings.local.json"),
            WriteClass::AgentSettings(_)
        ));
        assert!(matches!(
            write("/home/user/work/project/.claude/hooks/stop.py"),
            WriteClass::AgentSettings(_)
        ));
        assert_eq!(write("/home/user/work/project/.git/config"), WriteClass::GitInternals);
        assert_eq!(
            write("/home/user/work/project/.git/hooks/pre-commit"),
            WriteClass::GitInternals
        );
        assert_eq!(write("/home/user/work/project/.git/info/exclude"), WriteClass::Ordinary);
        assert!(matches!(write("/etc/hosts"), WriteClass::SystemConfig(_)));
        assert!(matches!(
            write("/var/spool/cron/crontabs/user"),
            WriteClass::SystemConfig(_)
        ));
        assert!(matches!(
            write("/home/user/.config/systemd/user/x.service"),
            WriteClass::SystemConfig(_)
        ));
        assert!(matches!(write("/home/user/work/project/.env"), WriteClass::EnvFile(_)));
        assert!(matches!(
            write("/home/user/work/project/.env.production"),
            WriteClass::EnvFile(_)
        ));
        assert_eq!(write("/home/user/work/project/.env.example"), WriteClass::Ordinary);
        assert_eq!(
            write("/home/user/work/project/.github/workflows/ci.yml"),
            WriteClass::CiConfig
        );
        assert_eq!(write("/home/user/notes.txt"), WriteClass::OutsideProject);
        assert_eq!(write("/tmp/out.txt"), WriteClass::Ordinary);
        assert_eq!(write("/home/user/work/project/src/main.rs"), WriteClass::Ordinary);
        assert!(matches!(
            write("/home/user/.cargo/bin/safety-net"),
            WriteClass::AgentSettings(_)
        ));
    }

    #[test]
    fn read_classes() {
        assert!(matches!(read("/home/user/.ssh/id_ed25519"), ReadClass::Credentials(_)));
        assert_eq!(read("/home/user/.ssh/id_ed25519.pub"), ReadClass::Ordinary);
        assert_eq!(read("/home/user/.ssh/known_hosts"), ReadClass::Ordinary);
        assert!(matches!(read("/home/user/.aws/credentials"), ReadClass::Credentials(_)));
        assert!(matches!(read("/etc/shadow"), ReadClass::Credentials(_)));
        assert!(matches!(
            read("/home/user/work/project/.env.local"),
            ReadClass::EnvFile(_)
        ));
        assert_eq!(read("/home/user/work/project/src/lib.rs"), ReadClass::Ordinary);
        assert_eq!(read("/home/user/.config"), ReadClass::Ordinary);
    }

    #[test]
    fn folders_hold_agent_settings_only_where_the_disk_has_them() {
        let root = std::env::temp_dir().join(format!("safety-net-agent-folders-{}", std::process::id()));
        std::fs::create_dir_all(root.join("p/.claude")).unwrap();
        std::fs::create_dir_all(root.join("p/stray/.claude")).unwrap();
        std::fs::write(root.join("p/.claude/settings.json"), "{}").unwrap();
        let context = Context::for_tests();
        let path = |relative: &str| AbsPath::new(root.join(relative).to_str().unwrap()).unwrap();
        assert_eq!(
            agent_settings_within(&path("p/.claude"), &context),
            Some("Claude Code settings")
        );
        assert_eq!(agent_settings_within(&path("p/stray/.claude"), &context), None);
        assert_eq!(agent_settings_within(&path("p"), &context), None);
        std::fs::remove_dir_all(&root).unwrap();
    }
}
