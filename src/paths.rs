//! Paths: resolving a decoded word to a place on disk, and the policy that says what that place
//! is (the root, a system directory, your home, the project, a temp directory…).
//!
//! Paths are handled lexically, as text: nothing here touches the file system, so a command is
//! judged the same way whether or not its targets exist yet. Windows forms are folded into one
//! namespace: `C:\x`, `C:/x` and Git-Bash's `/c/x` are the same path, compared without case.

use crate::command::Output;
use crate::context::Context;
use crate::word::{DynamicKind, GLOB_ESCAPE, Part, Word};

/// An absolute, lexically normalized path: `/`, or `/a/b` without `.`, `..`, `//` or a trailing
/// slash.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AbsPath(String);

impl AbsPath {
    pub fn root() -> AbsPath {
        AbsPath("/".to_owned())
    }

    /// Parses an absolute path, in Unix or Windows form; `None` for a relative one.
    pub fn new(text: &str) -> Option<AbsPath> {
        let text = text.trim_end_matches(['\r', '\n']);
        if let Some(rest) = strip_drive(text) {
            let mut path = AbsPath(format!("/{}", text[..1].to_ascii_lowercase()));
            path.push_components(&rest.replace('\\', "/"));
            return Some(path);
        }
        if text.starts_with('/') {
            return Some(AbsPath::root().join(text));
        }
        None
    }

    /// Resolves `relative` against this path (an absolute `relative` replaces it).
    pub fn join(&self, relative: &str) -> AbsPath {
        if relative.starts_with('/') {
            let mut path = AbsPath::root();
            path.push_components(relative);
            return path;
        }
        if strip_drive(relative).is_some() {
            return AbsPath::new(relative).unwrap_or_else(AbsPath::root);
        }
        let mut path = self.clone();
        let relative = if self.is_windows() {
            relative.replace('\\', "/")
        } else {
            relative.to_owned()
        };
        path.push_components(&relative);
        path
    }

    fn push_components(&mut self, relative: &str) {
        for component in relative.split('/') {
            match component {
                "" | "." => {}
                ".." => {
                    if let Some(cut) = self.0.rfind('/') {
                        self.0.truncate(cut.max(1));
                    }
                }
                name => {
                    if self.0 != "/" {
                        self.0.push('/');
                    }
                    self.0.push_str(name);
                }
            }
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn is_root(&self) -> bool {
        self.0 == "/"
    }

    pub fn components(&self) -> impl Iterator<Item = &str> {
        self.0.split('/').filter(|c| !c.is_empty())
    }

    pub fn depth(&self) -> usize {
        self.components().count()
    }

    pub fn name(&self) -> Option<&str> {
        self.components().last()
    }

    pub fn parent(&self) -> Option<AbsPath> {
        if self.is_root() {
            return None;
        }
        let cut = self.0.rfind('/').unwrap_or(0);
        Some(AbsPath(if cut == 0 {
            "/".to_owned()
        } else {
            self.0[..cut].to_owned()
        }))
    }

    /// Whether this is a Windows drive path (`/c/…`, `/mnt/c/…`), compared without case.
    pub fn is_windows(&self) -> bool {
        let mut components = self.components();
        match (components.next(), components.next()) {
            (Some(first), _) if is_drive_letter(first) => true,
            (Some("mnt"), Some(second)) => is_drive_letter(second),
            _ => false,
        }
    }

    /// Whether `self` is `base` or inside it.
    pub fn starts_with(&self, base: &AbsPath) -> bool {
        if base.is_root() {
            return true;
        }
        let insensitive = self.is_windows() || base.is_windows();
        let (a, b) = (self.as_str().as_bytes(), base.as_str().as_bytes());
        let same_prefix = a.len() >= b.len()
            && if insensitive {
                a[..b.len()].eq_ignore_ascii_case(b)
            } else {
                a.starts_with(b)
            };
        same_prefix && (a.len() == b.len() || a[b.len()] == b'/')
    }

    /// Whether `self` is strictly inside `base`.
    pub fn is_inside(&self, base: &AbsPath) -> bool {
        self.starts_with(base) && !self.same(base)
    }

    pub fn same(&self, other: &AbsPath) -> bool {
        if self.is_windows() || other.is_windows() {
            self.0.eq_ignore_ascii_case(&other.0)
        } else {
            self.0 == other.0
        }
    }

    /// The path below `base`, as components, when `self` is inside it.
    pub fn relative_to<'a>(&'a self, base: &AbsPath) -> Option<Vec<&'a str>> {
        self.starts_with(base)
            .then(|| self.components().skip(base.depth()).collect())
    }
}

impl std::fmt::Display for AbsPath {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

fn is_drive_letter(component: &str) -> bool {
    component.len() == 1 && component.as_bytes()[0].is_ascii_alphabetic()
}

/// `C:\x` or `C:/x` (or `C:`): the rest after the drive.
fn strip_drive(text: &str) -> Option<&str> {
    let bytes = text.as_bytes();
    if bytes.len() >= 2 && bytes[0].is_ascii_alphabetic() && bytes[1] == b':' {
        let rest = &text[2..];
        if rest.is_empty() || rest.starts_with(['/', '\\']) {
            return Some(rest);
        }
    }
    None
}

/// The working directory a command runs in, as far as the analysis can tell.
#[derive(Clone, Debug, PartialEq)]
pub enum Cwd {
    Known(AbsPath),
    /// After `cd "$X"` or `cd -`: relative paths cannot be placed.
    Unknown(String),
}

/// Where a path argument points.
#[derive(Clone, Debug, PartialEq)]
pub enum Target {
    /// A known path.
    Path(AbsPath),
    /// Everything in a directory (`dir/*`, `dir/.*`).
    Contents(AbsPath),
    /// Some entries below a directory: those matching a glob (`dir/*.log`), or paths found at
    /// run time (`find dir -exec rm {} +`), filtered by a name pattern when one is known.
    Below { dir: AbsPath, name: Option<String> },
    /// Inside a temporary directory made or named at run time (`$TMPDIR/x`, `$(mktemp -d)`).
    Temporary,
    /// A place only known at run time.
    Unknown { guarded: bool, what: String },
}

/// Resolves a decoded word to the place it points at.
pub fn resolve(word: &Word, cwd: &Cwd) -> Target {
    if let Some(Part::Dynamic(first)) = word.parts.first() {
        match &first.kind {
            DynamicKind::Variable { name, .. } if matches!(name.as_str(), "TMPDIR" | "TMP" | "TEMP") => {
                return Target::Temporary;
            }
            DynamicKind::CommandOutput(Output::TemporaryPath) => return Target::Temporary,
            DynamicKind::PathUnder(found) => {
                return match &found.roots {
                    Some(roots) if roots.len() == 1 => {
                        let dir = roots[0].clone();
                        if found.filtered {
                            Target::Below {
                                dir,
                                name: found.name.clone(),
                            }
                        } else {
                            Target::Contents(dir)
                        }
                    }
                    _ => Target::Unknown {
                        guarded: false,
                        what: format!("paths found by a search ({})", first.text),
                    },
                };
            }
            DynamicKind::Variable { guarded: true, .. } => {
                return Target::Unknown {
                    guarded: true,
                    what: first.text.clone(),
                };
            }
            _ => {
                return Target::Unknown {
                    guarded: false,
                    what: first.text.clone(),
                };
            }
        }
    }
    // A literal start followed by a dynamic part: entries below the literal directory.
    let (pattern, dynamic_tail) = match word.pattern() {
        Some(pattern) => (pattern, false),
        None => (literal_prefix(word), true),
    };
    let base = match (AbsPath::new(&pattern), cwd) {
        (Some(_), _) => AbsPath::root(),
        (None, Cwd::Known(dir)) => dir.clone(),
        (None, Cwd::Unknown(why)) => {
            return Target::Unknown {
                guarded: false,
                what: format!("{} (relative to a directory {why})", word.text()),
            };
        }
    };
    let pattern = if let Some(rest) = strip_drive(&pattern) {
        format!("/{}{}", pattern[..1].to_ascii_lowercase(), rest.replace('\\', "/"))
    } else if base.is_windows() {
        pattern.replace('\\', "/")
    } else {
        pattern
    };
    if dynamic_tail {
        // `build/$X` is below `build`; `build$X` is below the current directory.
        let (dir, name) = match pattern.rfind('/') {
            Some(cut) => (base.join(&pattern[..cut.max(1)]), None),
            None => (base.clone(), Some(format!("{pattern}*"))),
        };
        return Target::Below { dir, name };
    }
    let mut dir = if pattern.starts_with('/') {
        AbsPath::root()
    } else {
        base
    };
    let components: Vec<&str> = pattern.split('/').filter(|c| !c.is_empty()).collect();
    for (index, component) in components.iter().enumerate() {
        if !is_glob(component) {
            dir = dir.join(&unescape(component));
            continue;
        }
        let last = index + 1 == components.len();
        return if last && matches_everything(component) {
            Target::Contents(dir)
        } else if last {
            Target::Below {
                dir,
                name: Some((*component).to_owned()),
            }
        } else {
            Target::Below { dir, name: None }
        };
    }
    Target::Path(dir)
}

/// The literal text of a word before its first dynamic part.
fn literal_prefix(word: &Word) -> String {
    let mut prefix = String::new();
    for part in &word.parts {
        match part {
            Part::Literal { text, .. } => prefix.push_str(text),
            Part::Dynamic(_) => break,
        }
    }
    prefix
}

/// Whether a pattern component has a glob character not marked literal.
pub fn is_glob(component: &str) -> bool {
    let mut escaped = false;
    for c in component.chars() {
        match c {
            _ if escaped => escaped = false,
            GLOB_ESCAPE => escaped = true,
            '*' | '?' | '[' => return true,
            _ => {}
        }
    }
    false
}

fn unescape(component: &str) -> String {
    let mut out = String::with_capacity(component.len());
    let mut escaped = false;
    for c in component.chars() {
        if c == GLOB_ESCAPE && !escaped {
            escaped = true;
            continue;
        }
        escaped = false;
        out.push(c);
    }
    out
}

/// A glob that matches every entry of a directory (`*`, `.*`, `*.*`, `.??*`, `.[!.]*`).
fn matches_everything(component: &str) -> bool {
    let mut in_bracket = false;
    component.chars().all(|c| match c {
        '[' => {
            in_bracket = true;
            true
        }
        ']' => {
            in_bracket = false;
            true
        }
        _ if in_bracket => true,
        '*' | '?' | '.' => true,
        _ => false,
    })
}

/// Whether a shell glob matches `name` (`*`, `?`, `[…]`; a character after [`GLOB_ESCAPE`]
/// or `\\` is literal).
pub fn glob_matches(pattern: &str, name: &str) -> bool {
    let pattern: Vec<char> = pattern.chars().collect();
    let name: Vec<char> = name.chars().collect();
    glob_at(&pattern, &name)
}

fn glob_at(pattern: &[char], name: &[char]) -> bool {
    match pattern.first() {
        None => name.is_empty(),
        Some('*') => (0..=name.len()).any(|skip| glob_at(&pattern[1..], &name[skip..])),
        Some('?') => !name.is_empty() && glob_at(&pattern[1..], &name[1..]),
        Some('[') => {
            let Some(close) = pattern.iter().skip(2).position(|&c| c == ']').map(|p| p + 2) else {
                return name.first() == Some(&'[') && glob_at(&pattern[1..], &name[1..]);
            };
            let Some(&c) = name.first() else { return false };
            let class = &pattern[1..close];
            let (negated, class) = match class.first() {
                Some('!' | '^') => (true, &class[1..]),
                _ => (false, class),
            };
            let mut found = false;
            let mut i = 0;
            while i < class.len() {
                if i + 2 < class.len() && class[i + 1] == '-' {
                    found |= class[i] <= c && c <= class[i + 2];
                    i += 3;
                } else {
                    found |= class[i] == c;
                    i += 1;
                }
            }
            found != negated && glob_at(&pattern[close + 1..], &name[1..])
        }
        Some(&escape) if (escape == '\\' || escape == GLOB_ESCAPE) && pattern.len() > 1 => {
            name.first() == Some(&pattern[1]) && glob_at(&pattern[2..], &name[1..])
        }
        Some(&c) => name.first() == Some(&c) && glob_at(&pattern[1..], &name[1..]),
    }
}

/// What a place is, from the point of view of a command that destroys or changes it.
#[derive(Clone, Debug, PartialEq)]
pub enum Place {
    /// `/`, or the root of a drive.
    Root,
    /// A system directory, or something inside one.
    System(AbsPath),
    /// A home directory itself, everything in it, or entries of it matching a pattern.
    Home(AbsPath),
    /// Keys, credential stores, shell startup files and agent settings.
    Protected {
        path: AbsPath,
        protection: Protection,
        what: &'static str,
    },
    /// A `.git` directory, or something inside one.
    GitDir(AbsPath),
    /// The project root itself, or everything in it.
    ProjectRoot(AbsPath),
    /// A directory that contains the project.
    ProjectAncestor(AbsPath),
    /// Somewhere below the project root.
    InsideProject(AbsPath),
    /// Inside a temporary directory.
    Temporary,
    /// Anywhere else.
    Outside(AbsPath),
    /// Only known at run time.
    Unknown { guarded: bool, what: String },
}

/// Directories the machine needs, with everything in them.
const SYSTEM_DIRS: &[&str] = &[
    "/bin",
    "/boot",
    "/dev",
    "/etc",
    "/lib",
    "/lib32",
    "/lib64",
    "/libx32",
    "/opt",
    "/proc",
    "/root",
    "/sbin",
    "/srv",
    "/sys",
    "/usr",
    "/var",
    "/System",
    "/Library",
    "/Applications",
    "/private",
    "/nix",
    "/snap",
    "/run",
    "/cores",
    "/tmp",
];

/// Directories that hold other directories of value: the directory itself is protected, what
/// is inside it is judged on its own (a home, a mounted drive).
const SYSTEM_PARENTS: &[&str] = &["/home", "/Users", "/mnt", "/media", "/Volumes"];

/// System directories of a Windows drive, below its letter (`/c/Windows`), with their contents.
const WINDOWS_SYSTEM_DIRS: &[&str] = &["windows", "program files", "program files (x86)", "programdata"];

/// Temporary directories: what is inside them may go.
const TEMP_DIRS: &[&str] = &[
    "/tmp",
    "/var/tmp",
    "/private/tmp",
    "/private/var/tmp",
    "/var/folders",
    "/private/var/folders",
    "/dev/shm",
];

/// Why a file below the home directory is protected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protection {
    /// Private keys and credential stores: losing them locks you out, leaking them is worse.
    Secret,
    /// Files every new shell (or every git command) reads and acts on.
    Startup,
    /// Configuration of git, of the agents, and of this guard.
    Settings,
}

/// Paths below a home directory that hold keys and credentials, start shells, or configure git,
/// the agents and this guard.
const PROTECTED_IN_HOME: &[(&str, Protection, &str)] = &[
    (".ssh", Protection::Secret, "SSH keys"),
    (".gnupg", Protection::Secret, "GPG keys"),
    (".aws", Protection::Secret, "AWS credentials"),
    (".azure", Protection::Secret, "Azure credentials"),
    (".config/gcloud", Protection::Secret, "Google Cloud credentials"),
    (".kube", Protection::Secret, "Kubernetes credentials"),
    (".docker/config.json", Protection::Secret, "Docker registry credentials"),
    (".netrc", Protection::Secret, "stored passwords"),
    (".git-credentials", Protection::Secret, "stored git credentials"),
    (".pypirc", Protection::Secret, "package registry tokens"),
    (".npmrc", Protection::Secret, "package registry tokens"),
    (".cargo/credentials", Protection::Secret, "package registry tokens"),
    (".cargo/credentials.toml", Protection::Secret, "package registry tokens"),
    (".config/gh", Protection::Secret, "GitHub CLI credentials"),
    (".password-store", Protection::Secret, "stored passwords"),
    ("Library/Keychains", Protection::Secret, "keychains"),
    (".bashrc", Protection::Startup, "a shell startup file"),
    (".bash_profile", Protection::Startup, "a shell startup file"),
    (".bash_login", Protection::Startup, "a shell startup file"),
    (".profile", Protection::Startup, "a shell startup file"),
    (".zshrc", Protection::Startup, "a shell startup file"),
    (".zprofile", Protection::Startup, "a shell startup file"),
    (".zshenv", Protection::Startup, "a shell startup file"),
    (".zlogin", Protection::Startup, "a shell startup file"),
    (".config/fish/config.fish", Protection::Startup, "a shell startup file"),
    (".gitconfig", Protection::Startup, "your git configuration"),
    (".claude/settings.json", Protection::Settings, "Claude Code settings"),
    (
        ".claude/settings.local.json",
        Protection::Settings,
        "Claude Code settings",
    ),
    (".claude/hooks", Protection::Settings, "Claude Code hooks"),
    (".codex/config.toml", Protection::Settings, "Codex settings"),
    (".codex/hooks.json", Protection::Settings, "Codex hooks"),
    (".codex/rules", Protection::Settings, "Codex rules"),
    (".gemini/settings.json", Protection::Settings, "Gemini CLI settings"),
    (".cursor/hooks.json", Protection::Settings, "Cursor hooks"),
    (".copilot/hooks", Protection::Settings, "Copilot CLI hooks"),
    (".config/safety-net", Protection::Settings, "safety-net's configuration"),
];

/// Says what a target is. `Contents` of a directory counts as the directory itself.
pub fn place(target: &Target, context: &Context) -> Place {
    match target {
        Target::Path(path) => place_of(path, None, false, context),
        Target::Contents(path) => place_of(path, None, true, context),
        Target::Below { dir, name } => place_of(dir, Some(name.as_deref()), false, context),
        Target::Temporary => Place::Temporary,
        Target::Unknown { guarded, what } => Place::Unknown {
            guarded: *guarded,
            what: what.clone(),
        },
    }
}

/// The place of `path` itself (`below` is `None`), or of entries below it matching a pattern;
/// `everything` when the target is every entry of `path`.
fn place_of(path: &AbsPath, below: Option<Option<&str>>, everything: bool, context: &Context) -> Place {
    let itself = below.is_none();
    if path.is_root() || is_drive_root(path) {
        return Place::Root;
    }
    if let Some(git) = git_dir(path, below) {
        return Place::GitDir(git);
    }
    if let Some((protected, protection, what)) = protected(path, below, context) {
        return Place::Protected {
            path: protected,
            protection,
            what,
        };
    }
    if path.same(&context.home) || is_a_home(path) {
        return Place::Home(path.clone());
    }
    let project = &context.project_root;
    if itself && path.same(project) {
        return Place::ProjectRoot(path.clone());
    }
    if itself && (is_system_parent(path) || system_dir_containing(path).is_some_and(|dir| dir.same(path))) {
        return Place::System(path.clone());
    }
    if project.is_inside(path) && (itself || below_reaches(path, below, project)) {
        return Place::ProjectAncestor(path.clone());
    }
    // A home directory below a system directory (`/root`) is the user's, not the system's.
    let system = system_dir_containing(path).filter(|_| !path.is_inside(&context.home));
    let below_project = path.is_inside(project) || (!itself && path.same(project));
    if below_project && system.as_ref().is_none_or(|dir| project.starts_with(dir)) {
        return Place::InsideProject(path.clone());
    }
    if let Some(root) = temp_root_of(path, context)
        && (path.is_inside(&root) || !itself || (everything && !SYSTEM_DIRS.contains(&root.as_str())))
    {
        return Place::Temporary;
    }
    if let Some(dir) = system {
        return Place::System(if itself { path.clone() } else { dir });
    }
    Place::Outside(path.clone())
}

/// Whether entries below `dir` matching `below`'s pattern may include the directory leading to
/// `project` (`../*` does, `../other*` does not).
fn below_reaches(dir: &AbsPath, below: Option<Option<&str>>, project: &AbsPath) -> bool {
    let Some(next) = project.relative_to(dir).and_then(|rest| rest.first().copied()) else {
        return false;
    };
    match below {
        Some(Some(pattern)) => glob_matches(pattern, next),
        _ => true,
    }
}

/// `/c`, `/mnt/c`: the root of a Windows drive.
fn is_drive_root(path: &AbsPath) -> bool {
    let components: Vec<&str> = path.components().collect();
    match components.as_slice() {
        [drive] => is_drive_letter(drive),
        ["mnt", drive] => is_drive_letter(drive),
        _ => false,
    }
}

/// `/home`, `/Users`, `/mnt`, `/c/Users`: a directory of homes or drives.
fn is_system_parent(path: &AbsPath) -> bool {
    if SYSTEM_PARENTS.iter().any(|dir| path.same(&AbsPath((*dir).to_owned()))) {
        return true;
    }
    let components: Vec<&str> = path.components().collect();
    match components.as_slice() {
        [drive, users] | ["mnt", drive, users] => is_drive_letter(drive) && users.eq_ignore_ascii_case("users"),
        _ => false,
    }
}

/// `/home/x`, `/Users/x`, `/c/Users/x`: somebody's home directory.
fn is_a_home(path: &AbsPath) -> bool {
    let components: Vec<&str> = path.components().collect();
    match components.as_slice() {
        ["home" | "Users", _] => true,
        [drive, users, _] => is_drive_letter(drive) && users.eq_ignore_ascii_case("users"),
        ["mnt", drive, users, _] => is_drive_letter(drive) && users.eq_ignore_ascii_case("users"),
        _ => false,
    }
}

/// The `.git` directory that `path` is or is inside, or that entries below `path` may be.
fn git_dir(path: &AbsPath, below: Option<Option<&str>>) -> Option<AbsPath> {
    let mut at = AbsPath::root();
    for component in path.components() {
        at = at.join(component);
        if component == ".git" {
            return Some(at);
        }
    }
    match below {
        Some(Some(pattern)) if glob_matches(pattern, ".git") => Some(path.join(".git")),
        _ => None,
    }
}

/// The protected location that `path` is or is inside, or that entries below `path` may be.
fn protected(
    path: &AbsPath,
    below: Option<Option<&str>>,
    context: &Context,
) -> Option<(AbsPath, Protection, &'static str)> {
    let home = &context.home;
    for (relative, protection, what) in PROTECTED_IN_HOME {
        let location = home.join(relative);
        let hit = match below {
            // The location itself, something in it, or a directory below home holding it.
            None => path.starts_with(&location) || (location.is_inside(path) && path.is_inside(home)),
            Some(pattern) => {
                path.starts_with(&location)
                    || (location.parent().as_ref() == Some(path)
                        && pattern.is_none_or(|p| location.name().is_some_and(|n| glob_matches(p, n))))
            }
        };
        if hit {
            return Some((location, *protection, what));
        }
    }
    None
}

/// The system directory `path` is or is inside, if any.
pub fn system_dir_containing(path: &AbsPath) -> Option<AbsPath> {
    for dir in SYSTEM_DIRS {
        let dir = AbsPath((*dir).to_owned());
        if path.starts_with(&dir) {
            return Some(dir);
        }
    }
    let components: Vec<&str> = path.components().collect();
    let (drive_depth, rest) = match components.as_slice() {
        [drive, rest @ ..] if is_drive_letter(drive) => (1, rest),
        ["mnt", drive, rest @ ..] if is_drive_letter(drive) => (2, rest),
        _ => return None,
    };
    let first = rest.first()?;
    WINDOWS_SYSTEM_DIRS
        .iter()
        .any(|dir| first.eq_ignore_ascii_case(dir))
        .then(|| AbsPath(format!("/{}", components[..=drive_depth].join("/"))))
}

/// The temporary directory `path` is or is inside: a system one, `$TMPDIR`, or a Windows
/// user's `AppData/Local/Temp`.
fn temp_root_of(path: &AbsPath, context: &Context) -> Option<AbsPath> {
    let fixed = TEMP_DIRS
        .iter()
        .map(|dir| AbsPath((*dir).to_owned()))
        .chain(context.temp_dir.iter().cloned())
        .find(|root| path.starts_with(root));
    fixed.or_else(|| {
        let components: Vec<&str> = path.components().collect();
        let at = components.windows(3).position(|w| {
            w[0].eq_ignore_ascii_case("appdata")
                && w[1].eq_ignore_ascii_case("local")
                && w[2].eq_ignore_ascii_case("temp")
        })?;
        Some(AbsPath(format!("/{}", components[..at + 3].join("/"))))
    })
}

/// Whether `path` is a protected location below home or inside one (not a directory that only
/// holds one).
pub fn is_in_protected(path: &AbsPath, context: &Context) -> bool {
    PROTECTED_IN_HOME
        .iter()
        .any(|(relative, _, _)| path.starts_with(&context.home.join(relative)))
}

/// What protects `path`, if it is a protected file below the home directory, or a directory
/// below home holding one.
pub fn protection(path: &AbsPath, context: &Context) -> Option<(Protection, &'static str)> {
    protected(path, None, context).map(|(_, protection, what)| (protection, what))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn context() -> Context {
        Context::for_tests()
    }

    fn path(text: &str) -> AbsPath {
        AbsPath::new(text).unwrap()
    }

    #[test]
    fn normalizes_lexically() {
        assert_eq!(path("/a/./b//c/").as_str(), "/a/b/c");
        assert_eq!(path("/a/b/../../..").as_str(), "/");
        assert_eq!(path("C:\\Users\\x").as_str(), "/c/Users/x");
        assert_eq!(path("d:/work").as_str(), "/d/work");
        assert_eq!(path("/").join("..").as_str(), "/");
        assert_eq!(path("/a").join("/b").as_str(), "/b");
    }

    #[test]
    fn non_ascii_paths_compare_without_panic() {
        let inside = path("/d/ClaudeWorkspace/08_客户跟进/Okki/output/x.py");
        assert!(!inside.starts_with(&path(
            "/d/ClaudeWorkspace/08_客户跟进/Okki/output/upgrade_dashboard.py/x"
        )));
        assert!(inside.starts_with(&path("D:\\ClaudeWorkspace\\08_客户跟进")));
        assert!(!path("/d/客").starts_with(&path("/d/ab")));
    }

    #[test]
    fn windows_paths_compare_without_case() {
        assert!(path("/c/Users/X/proj/build").starts_with(&path("C:\\users\\x\\proj")));
        assert!(!path("/home/ab").starts_with(&path("/home/a")));
    }

    #[test]
    fn globs_match() {
        assert!(glob_matches("*", ".git"));
        assert!(glob_matches(".g*", ".git"));
        assert!(glob_matches("[.]git", ".git"));
        assert!(!glob_matches("*.pyc", ".git"));
        assert!(glob_matches("\\*", "*"));
    }

    #[test]
    fn places() {
        let context = context();
        let place = |text: &str| place(&Target::Path(path(text)), &context);
        assert_eq!(place("/"), Place::Root);
        assert!(matches!(place("/usr"), Place::System(_)));
        assert!(matches!(place("/home/user"), Place::Home(_)));
        assert!(matches!(place("/home/other"), Place::Home(_)));
        assert!(matches!(place("/home/user/work/project"), Place::ProjectRoot(_)));
        assert!(matches!(
            place("/home/user/work/project/build"),
            Place::InsideProject(_)
        ));
        assert!(matches!(place("/home/user/work/project/.git"), Place::GitDir(_)));
        assert!(matches!(place("/home/user/work"), Place::ProjectAncestor(_)));
        assert!(matches!(place("/home/user/.ssh/id_rsa"), Place::Protected { .. }));
        assert!(matches!(place("/home/user/other"), Place::Outside(_)));
        assert!(matches!(place("/tmp/x"), Place::Temporary));
        assert!(matches!(place("/var/tmp/x"), Place::Temporary));
        assert!(matches!(place("/tmp"), Place::System(_)));
        assert!(matches!(place("/c/Windows"), Place::System(_)));
        assert!(matches!(place("/mnt/c"), Place::Root));
        assert!(matches!(place("/home"), Place::System(_)));
        assert!(matches!(place("/home/other/x"), Place::Outside(_)));
        assert!(matches!(place("/c/Users/u/x"), Place::Outside(_)));
    }

    #[test]
    fn projects_inside_system_directories_are_projects() {
        let mut context = context();
        context.project_root = path("/var/www/site");
        let place = place(&Target::Path(path("/var/www/site/cache")), &context);
        assert!(matches!(place, Place::InsideProject(_)));
    }
}
