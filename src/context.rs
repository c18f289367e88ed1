//! Where a command runs: its working directory, the home directory, the project root, and
//! whether anybody is there to answer a prompt.

use crate::paths::AbsPath;
use std::path::Path;

/// Who answers when the verdict is "ask".
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Mode {
    /// A person watches and can answer a prompt: "ask" stays "ask".
    #[default]
    Interactive,
    /// Nobody will answer (permissions skipped, auto mode): "ask" becomes "deny".
    Unattended,
}

impl Mode {
    pub fn parse(text: &str) -> Option<Mode> {
        match text {
            "interactive" => Some(Mode::Interactive),
            "unattended" => Some(Mode::Unattended),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Mode::Interactive => "interactive",
            Mode::Unattended => "unattended",
        }
    }
}

/// The surroundings a command is judged in.
#[derive(Clone, Debug)]
pub struct Context {
    /// The directory the command starts in.
    pub cwd: AbsPath,
    /// The user's home directory (`~`, `$HOME`).
    pub home: AbsPath,
    /// The root of the project the agent works on: deleting below it is ordinary work.
    pub project_root: AbsPath,
    /// The values of the variables that name a temporary folder (`TEMP_VARIABLES`) that are set
    /// in the environment the command runs in. One that is not set expands to nothing, as in
    /// bash (`"$TMPDIR/build"` is `/build`), and a value is only a temp place when it is one of
    /// the platform's (`/tmp`, `/var/folders/…`, `AppData/Local/Temp`…) or below one.
    pub temp_variables: Vec<(String, String)>,
    /// This guard's own executable, which no command may overwrite.
    pub guard_binary: Option<AbsPath>,
    pub mode: Mode,
    /// Whether the disk may be read: scripts the command runs (`bash x.sh`, `python3 x.py`) are
    /// read and judged, and files and links a write outside the project meets, a disk image
    /// `mkfs` formats and a folder `cp` copies into are looked at. The rules' examples and the
    /// corpus judge the command text alone.
    pub read_scripts: bool,
    /// Folders outside the project the agent was given to work in (Claude Code's
    /// `permissions.additionalDirectories`, the other workspace roots): writing there is ordinary.
    pub given_folders: Vec<AbsPath>,
    /// The folders on `PATH`: a program put there can stand in for any command.
    pub path_folders: Vec<AbsPath>,
    /// The links the command makes before later parts of it run (`ln -s ~ h`), followed with
    /// those on disk when its paths are resolved (see `links`).
    pub links: Vec<crate::links::Link>,
    /// The user's login shell (`$SHELL`), when known: the shell an agent runs commands in.
    pub login_shell: Option<String>,
    /// The user's aliases the agent's shell applies to each command, by name (see `aliases`).
    pub aliases: std::rc::Rc<Vec<(String, String)>>,
    /// The names of the environment variables set where the command runs, when known (the
    /// hook's own environment, which the agent's shell inherits; `explain`'s): a variable that
    /// neither the environment nor the command sets is empty when the command runs.
    pub set_variables: Option<std::rc::Rc<std::collections::HashSet<String>>>,
    /// Read the variables that are not set as empty (the second of the two readings `analyze`
    /// makes of a command that uses one).
    pub(crate) unset_variables_empty: bool,
    /// Whether every command runs in a shell of its own that ends with it (Claude Code, Codex,
    /// Gemini CLI): text that ends too early (a quote or a backquote left open) then runs
    /// nothing, since no later input can complete it. False where a shell session may wait for
    /// more input (a terminal the agent types into), and when not known.
    pub shell_per_command: bool,
    /// Whether the shell running the command stops at the first command that fails (a CI
    /// runner's `set -e`): what follows a failed `cd` never runs.
    pub stops_at_failure: bool,
    /// The user's and the project's configuration: mode, rules turned off, rules of their own.
    pub policy: std::rc::Rc<crate::policy::Policy>,
    /// This context with its folders resolved through links, once asked for (`links`).
    pub(crate) real: RealFolders,
    /// What each path looked at on disk holds (a link's target, or none), so that the folders
    /// many paths share are read once.
    pub(crate) disk_links: DiskLinks,
}

/// The links read on disk, by path: `Ok(Some(target))` for a link, `Ok(None)` for anything else
/// there, `Err` when it could not be read. A copy starts empty.
#[derive(Debug, Default)]
pub(crate) struct DiskLinks(
    pub(crate) std::cell::RefCell<std::collections::HashMap<String, Result<Option<String>, std::io::ErrorKind>>>,
);

impl Clone for DiskLinks {
    fn clone(&self) -> DiskLinks {
        DiskLinks::default()
    }
}

/// The cache of a context's folders resolved through links. A copy starts empty, since the copy
/// is made to change its folders.
#[derive(Debug, Default)]
pub(crate) struct RealFolders(pub(crate) std::cell::OnceCell<std::rc::Rc<Context>>);

impl Clone for RealFolders {
    fn clone(&self) -> RealFolders {
        RealFolders::default()
    }
}

/// The shell that reads an agent's command (see [`Context::command_shell`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CommandShell {
    Bash,
    /// zsh, which runs some text bash refuses (`ls ./app/(x)/`, `if (x) { … }`).
    Zsh,
    /// A shell whose reading of text bash refuses is not modelled.
    Other,
}

impl Context {
    /// A context whose project root is `cwd` itself.
    pub fn new(cwd: AbsPath, home: AbsPath) -> Context {
        Context {
            project_root: cwd.clone(),
            cwd,
            temp_variables: Vec::new(),
            guard_binary: None,
            mode: Mode::Interactive,
            read_scripts: true,
            given_folders: Vec::new(),
            path_folders: Vec::new(),
            links: Vec::new(),
            login_shell: None,
            aliases: Default::default(),
            set_variables: None,
            unset_variables_empty: false,
            shell_per_command: false,
            stops_at_failure: false,
            policy: Default::default(),
            real: RealFolders::default(),
            disk_links: DiskLinks::default(),
            home,
        }
    }

    /// The context of this process: current directory, `$HOME`, the temp folder variables
    /// (`$TMPDIR`…), and the project root found from the current directory.
    pub fn from_environment() -> Context {
        let cwd = std::env::current_dir()
            .ok()
            .and_then(|dir| AbsPath::new(&dir.to_string_lossy()))
            .unwrap_or_else(AbsPath::root);
        let home = std::env::var("HOME")
            .ok()
            .or_else(|| std::env::var("USERPROFILE").ok())
            .and_then(|home| AbsPath::new(&home))
            .unwrap_or_else(|| guess_home(&cwd));
        let mut context = Context::new(cwd.clone(), home);
        context.project_root = project_root_of(&cwd, &context.home);
        context.temp_variables = temp_variables(|name| std::env::var(name).ok());
        context.guard_binary = std::env::current_exe()
            .ok()
            .and_then(|exe| AbsPath::new(&exe.to_string_lossy()));
        context.path_folders = path_folders(std::env::var_os("PATH").as_deref());
        context.login_shell = std::env::var("SHELL").ok();
        context.set_variables = Some(std::rc::Rc::new(set_variable_names()));
        context
    }

    /// Whether the variable `name` is not set where the command runs, as far as the environment
    /// is known: not for the variables bash sets itself (`PWD`, `RANDOM`, `BASH_…`), positional
    /// and special parameters, nor when the environment is not known.
    pub fn is_unset(&self, name: &str) -> bool {
        const SET_BY_BASH: &[&str] = &[
            "PWD",
            "OLDPWD",
            "PPID",
            "UID",
            "EUID",
            "HOSTNAME",
            "HOSTTYPE",
            "OSTYPE",
            "MACHTYPE",
            "SHELLOPTS",
            "SHLVL",
            "RANDOM",
            "SRANDOM",
            "SECONDS",
            "LINENO",
            "EPOCHSECONDS",
            "EPOCHREALTIME",
            "IFS",
            "OPTIND",
            "OPTARG",
            "OPTERR",
            "REPLY",
            "PS1",
            "PS2",
            "PS3",
            "PS4",
            "PIPESTATUS",
            "FUNCNAME",
            "GROUPS",
            "DIRSTACK",
            "HISTCMD",
            "HISTFILE",
            "HISTSIZE",
            "HISTFILESIZE",
            "COLUMNS",
            "LINES",
            "MAPFILE",
            "PATH",
            "HOME",
            "SHELL",
            "TERM",
            "USER",
            "LOGNAME",
            "MAILCHECK",
        ];
        let identifier = name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
            && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
        identifier
            && !SET_BY_BASH.contains(&name)
            && !["BASH", "COMP_", "READLINE_"]
                .iter()
                .any(|prefix| name.starts_with(prefix))
            && self.set_variables.as_ref().is_some_and(|set| !set.contains(name))
    }

    /// The shell that reads the command, whose syntax decides what text runs nothing. Bash on
    /// Windows (the agents run Git Bash there) and where the login shell is bash or not known;
    /// zsh for macOS homes (zsh is the default there) and where the login shell is zsh. Reading
    /// a bash user's command as zsh reads it is safe: zsh runs all that bash runs of the text
    /// this guard reads as zsh does. Any other shell reads text bash refuses in ways not modelled
    /// (dash runs `]]` and `f() true`).
    pub fn command_shell(&self) -> CommandShell {
        if self.home.is_windows() {
            return CommandShell::Bash;
        }
        if self.home.as_str().starts_with("/Users/") {
            return CommandShell::Zsh;
        }
        let name = self
            .login_shell
            .as_deref()
            .map(|shell| shell.rsplit('/').next().unwrap_or(shell));
        match name {
            None | Some("" | "bash") => CommandShell::Bash,
            Some("zsh") => CommandShell::Zsh,
            Some(_) => CommandShell::Other,
        }
    }

    /// The context used by the rules' own examples and the corpus when a case says nothing else:
    /// home `/home/user`, project and working directory `/home/user/work/project`.
    pub fn example() -> Context {
        let home = AbsPath::new("/home/user").unwrap_or_else(AbsPath::root);
        Context {
            read_scripts: false,
            ..Context::new(home.join("work/project"), home)
        }
    }

    /// Sets the configuration's mode by its name (`standard`, `strict`, `paranoid`), with no
    /// other setting: how the rules' examples and the corpus judge a mode. `Err` for an unknown
    /// name.
    pub fn set_policy_mode(&mut self, name: &str) -> Result<(), String> {
        let strictness = crate::policy::Strictness::parse(name)
            .ok_or_else(|| format!("`{name}` is not a mode: use standard, strict or paranoid"))?;
        self.policy = std::rc::Rc::new(crate::policy::Policy {
            strictness: (strictness, crate::policy::Origin::BuiltIn),
            ..Default::default()
        });
        Ok(())
    }

    /// Makes every write refused, as a read-only profile does (`read-only-profile`): how the
    /// rules' examples and the corpus judge that profile.
    pub fn set_read_only(&mut self) {
        let mut policy = crate::policy::Policy {
            strictness: self.policy.strictness.clone(),
            ..Default::default()
        };
        policy.read_only = true;
        self.policy = std::rc::Rc::new(policy);
    }

    /// The project, for a message: "the project /x", or that there is none.
    pub fn the_project(&self) -> String {
        if self.project_root.same(&no_project()) {
            "any project (the command runs in the home folder or above it, where there is none)".to_owned()
        } else {
            format!("the project {}", self.project_root)
        }
    }

    /// The value of the temp folder variable `name` where the command runs: empty when it is
    /// not set. `None` when `name` is not one of `TEMP_VARIABLES`.
    pub fn temp_variable(&self, name: &str) -> Option<&str> {
        TEMP_VARIABLES.contains(&name).then(|| {
            self.temp_variables
                .iter()
                .find(|(set, _)| set == name)
                .map_or("", |(_, value)| value.as_str())
        })
    }

    /// The user's account name as the home folder says it (`/home/alice`, `/Users/alice`:
    /// `alice`; `/root`: `root`), which `$USER`, `$LOGNAME` and `whoami` give.
    pub fn account_name(&self) -> Option<&str> {
        let home = self.home.as_str();
        if home == "/root" {
            return Some("root");
        }
        let name = home.strip_prefix("/home/").or_else(|| home.strip_prefix("/Users/"))?;
        (!name.is_empty() && !name.contains('/')).then_some(name)
    }

    #[cfg(test)]
    pub fn for_tests() -> Context {
        Context::example()
    }
}

/// The names of this process's environment variables.
pub fn set_variable_names() -> std::collections::HashSet<String> {
    std::env::vars_os()
        .filter_map(|(name, _)| name.into_string().ok())
        .collect()
}

/// The environment variables that name a temporary folder: `TMPDIR` (POSIX), `TMP` and `TEMP`
/// (Windows, and many Unix programs), `TEMPDIR`, `XDG_RUNTIME_DIR` (`/run/user/N`) and CI's
/// `RUNNER_TEMP`. The analysis knows their values from the environment, never by their names.
pub const TEMP_VARIABLES: &[&str] = &["TMPDIR", "TMP", "TEMP", "TEMPDIR", "XDG_RUNTIME_DIR", "RUNNER_TEMP"];

/// The temp folder variables that `lookup` finds set and not empty.
pub fn temp_variables(lookup: impl Fn(&str) -> Option<String>) -> Vec<(String, String)> {
    TEMP_VARIABLES
        .iter()
        .filter_map(|name| {
            lookup(name)
                .filter(|value| !value.is_empty())
                .map(|value| ((*name).to_owned(), value))
        })
        .collect()
}

/// The git directory shared by every worktree of the repository whose worktree `folder` is:
/// `folder/.git` itself, or for a linked worktree (whose `.git` is a file naming
/// `<main>/.git/worktrees/<name>`) the main one's. `None` when `folder` holds no `.git`.
pub fn git_common_dir(folder: &Path) -> Option<std::path::PathBuf> {
    let dot_git = folder.join(".git");
    if dot_git.is_dir() {
        return Some(dot_git);
    }
    let text = std::fs::read_to_string(&dot_git).ok()?;
    let gitdir = Path::new(text.strip_prefix("gitdir:")?.trim());
    gitdir.parent().and_then(Path::parent).map(Path::to_path_buf)
}

/// The other worktrees of the repository `project` is a worktree of (`git worktree add`), read
/// from `.git`: each names its own folder in `worktrees/*/gitdir`. Nothing is run.
pub fn other_worktrees(project: &AbsPath) -> Vec<AbsPath> {
    let Some(common) = git_common_dir(Path::new(&native(project))) else {
        return Vec::new();
    };
    let mut trees: Vec<AbsPath> = std::fs::read_dir(common.join("worktrees"))
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|entry| std::fs::read_to_string(entry.path().join("gitdir")).ok())
        .filter_map(|gitdir| AbsPath::new(gitdir.trim()).and_then(|file| file.parent()))
        .collect();
    // The main worktree, seen from a linked one.
    if let Some(main) = common.parent().and_then(|main| AbsPath::new(&main.to_string_lossy())) {
        trees.push(main);
    }
    trees.retain(|tree| !tree.same(project) && tree.depth() > 1);
    trees
}

/// The absolute folders of a `PATH` value.
pub fn path_folders(path: Option<&std::ffi::OsStr>) -> Vec<AbsPath> {
    path.map(|path| {
        std::env::split_paths(path)
            .filter_map(|folder| AbsPath::new(&folder.to_string_lossy()))
            .filter(|folder| !folder.is_root())
            .collect()
    })
    .unwrap_or_default()
}

/// The project root that contains `dir`: the nearest directory above it (or itself) holding a
/// `.git` entry, else `dir` itself. Reads the file system. The home folder, a folder above it and
/// the root of the machine or of a drive are never the project: a repository kept there (dotfiles
/// in `~/.git`) would make every folder of the user "inside the project", so there is none
/// ([`no_project`]).
pub fn project_root_of(dir: &AbsPath, home: &AbsPath) -> AbsPath {
    // The home folder may be named through a link (`/home` -> `/var/home`) and `dir` by its real
    // path, or the other way round: neither is the project.
    let real_home = std::fs::canonicalize(native(home))
        .ok()
        .and_then(|real| AbsPath::new(&real.to_string_lossy()));
    let holds_projects = |path: &AbsPath| {
        holds_projects(path, home) || real_home.as_ref().is_some_and(|real| holds_projects(path, real))
    };
    let mut at = Some(dir.clone());
    while let Some(candidate) = at {
        if holds_projects(&candidate) {
            break;
        }
        if Path::new(&native(&candidate)).join(".git").exists() {
            return candidate;
        }
        at = candidate.parent();
    }
    if holds_projects(dir) { no_project() } else { dir.clone() }
}

/// Whether `path` is the root of the machine or of a drive, the home folder or a folder above it:
/// a place that holds the user's projects rather than being one.
pub fn holds_projects(path: &AbsPath, home: &AbsPath) -> bool {
    path.depth() == 0
        || path.depth() == 1 && path.components().all(crate::paths::is_drive_letter)
        || home.starts_with(path)
}

/// The project root of a command run where there is no project (in the home folder, at the
/// root): a place no path is in, so that nothing counts as inside the project.
pub fn no_project() -> AbsPath {
    AbsPath::normalized("/(no project)".to_owned())
}

/// The path in this operating system's form (`/c/x` is `C:/x` on Windows).
pub fn native(path: &AbsPath) -> String {
    if cfg!(windows) && path.is_windows() {
        let text = path.as_str();
        format!("{}:{}", &text[1..2], &text[2..])
    } else {
        path.as_str().to_owned()
    }
}

/// A home directory guessed from a path below it (`/home/x/…`, `/Users/x/…`, `/c/Users/x/…`).
pub fn guess_home(path: &AbsPath) -> AbsPath {
    let components: Vec<&str> = path.components().collect();
    let depth = match components.as_slice() {
        ["home" | "Users", _, ..] => 2,
        ["root", ..] => 1,
        [drive, users, _, ..] if drive.len() == 1 && users.eq_ignore_ascii_case("users") => 3,
        _ => return AbsPath::new("/root").unwrap_or_else(AbsPath::root),
    };
    let mut home = AbsPath::root();
    for component in &components[..depth] {
        home = home.join(component);
    }
    home
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_home_folder_is_never_the_project_even_as_a_repository() {
        let root = std::env::temp_dir().join(format!("safety-net-home-repo-{}", std::process::id()));
        let home = root.join("home");
        std::fs::create_dir_all(home.join(".git")).expect("a repository at home");
        std::fs::create_dir_all(home.join("notes")).expect("a folder without one");
        std::fs::create_dir_all(home.join("code/app/.git")).expect("a repository below home");
        std::fs::create_dir_all(home.join("code/app/src")).expect("a folder in it");
        let absolute = |path: &Path| AbsPath::new(&path.to_string_lossy()).expect("absolute");
        let home_path = absolute(&home);
        let project = |dir: &Path| project_root_of(&absolute(dir), &home_path);
        assert_eq!(project(&home), no_project(), "started in the home folder");
        assert_eq!(project(&root), no_project(), "above it");
        assert_eq!(
            project(&home.join("notes")),
            absolute(&home.join("notes")),
            "not the repository above"
        );
        assert_eq!(project(&home.join("code/app/src")), absolute(&home.join("code/app")));
        assert_eq!(project_root_of(&AbsPath::root(), &home_path), no_project(), "the root");
        let _ = std::fs::remove_dir_all(&root);
    }

    #[test]
    fn the_other_worktrees_of_a_repository_are_read_from_git() {
        let root = std::env::temp_dir().join(format!("safety-net-worktrees-{}", std::process::id()));
        let (main, linked) = (root.join("main"), root.join("linked"));
        std::fs::create_dir_all(main.join(".git/worktrees/linked")).expect("a repository");
        std::fs::create_dir_all(&linked).expect("a worktree");
        let gitdir = format!("{}\n", linked.join(".git").display());
        std::fs::write(main.join(".git/worktrees/linked/gitdir"), gitdir).expect("gitdir");
        let linked_gitdir = format!("gitdir: {}\n", main.join(".git/worktrees/linked").display());
        std::fs::write(linked.join(".git"), linked_gitdir).expect("a linked .git file");
        let absolute = |path: &Path| AbsPath::new(&path.to_string_lossy()).expect("absolute");
        assert_eq!(other_worktrees(&absolute(&main)), [absolute(&linked)]);
        assert_eq!(
            other_worktrees(&absolute(&linked)),
            [absolute(&main)],
            "the main worktree, from a linked one"
        );
        assert!(other_worktrees(&absolute(&root)).is_empty(), "no repository");
        let _ = std::fs::remove_dir_all(&root);
    }
}
