//! The place policy: what a path is from the point of view of a command that destroys or
//! changes it (the root, a system directory, a home, the project, its `.git`, a temp directory,
//! a file in the home that holds keys or settings), and how much it is protected.

use crate::context::Context;
use crate::paths::{AbsPath, Target, glob_matches, is_drive_letter, is_glob};
use std::sync::LazyLock;

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
    // Each user's runtime folder (`$XDG_RUNTIME_DIR`), emptied at logout.
    "/run/user",
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

/// What PowerShell's profile folders hold.
pub const POWERSHELL_PROFILES: &str = "PowerShell's profiles and modules";

/// Paths below a home directory that hold keys and credentials, start shells, or configure git,
/// the agents and this guard.
const PROTECTED_IN_HOME: &[(&str, Protection, &str)] = &[
    (".ssh", Protection::Secret, "SSH keys"),
    // Files of `.ssh` that are no keys, named for what they hold.
    (
        ".ssh/known_hosts",
        Protection::Secret,
        "the list of SSH hosts you trust",
    ),
    (
        ".ssh/authorized_keys",
        Protection::Secret,
        "the keys allowed to log in as you",
    ),
    (".ssh/config", Protection::Secret, "your SSH settings"),
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
    (".pgpass", Protection::Secret, "PostgreSQL passwords"),
    (".my.cnf", Protection::Secret, "MySQL passwords"),
    (".vault-token", Protection::Secret, "a Vault token"),
    (
        ".config/rclone/rclone.conf",
        Protection::Secret,
        "rclone's cloud storage credentials",
    ),
    (
        ".terraform.d/credentials.tfrc.json",
        Protection::Secret,
        "Terraform Cloud tokens",
    ),
    (".config/hub", Protection::Secret, "GitHub credentials"),
    (".config/glab-cli", Protection::Secret, "GitLab CLI credentials"),
    (".gem/credentials", Protection::Secret, "package registry tokens"),
    (".config/github-copilot", Protection::Secret, "GitHub Copilot's login"),
    (".config/git/credentials", Protection::Secret, "stored git credentials"),
    // Cloud and hosting command lines' tokens and keys.
    (".s3cfg", Protection::Secret, "s3cmd's storage keys"),
    (".boto", Protection::Secret, "Google Cloud Storage credentials"),
    (".oci", Protection::Secret, "Oracle Cloud keys"),
    (".aliyun/config.json", Protection::Secret, "Alibaba Cloud keys"),
    (".config/doctl/config.yaml", Protection::Secret, "DigitalOcean tokens"),
    (".config/hcloud/cli.toml", Protection::Secret, "Hetzner Cloud tokens"),
    (".config/scw/config.yaml", Protection::Secret, "Scaleway keys"),
    (".config/linode-cli", Protection::Secret, "Linode tokens"),
    (".fly/config.yml", Protection::Secret, "Fly.io's login"),
    (".netlify/config.json", Protection::Secret, "Netlify's login"),
    (".config/netlify/config.json", Protection::Secret, "Netlify's login"),
    (".vercel/auth.json", Protection::Secret, "Vercel's login"),
    (
        ".local/share/com.vercel.cli/auth.json",
        Protection::Secret,
        "Vercel's login",
    ),
    (
        "Library/Application Support/com.vercel.cli/auth.json",
        Protection::Secret,
        "Vercel's login",
    ),
    (
        ".wrangler/config/default.toml",
        Protection::Secret,
        "Cloudflare's login",
    ),
    (
        ".config/.wrangler/config/default.toml",
        Protection::Secret,
        "Cloudflare's login",
    ),
    (".config/stripe/config.toml", Protection::Secret, "Stripe API keys"),
    (
        ".config/configstore/firebase-tools.json",
        Protection::Secret,
        "Firebase's login",
    ),
    (".config/ngrok/ngrok.yml", Protection::Secret, "ngrok's token"),
    (".ngrok2/ngrok.yml", Protection::Secret, "ngrok's token"),
    (
        "Library/Application Support/ngrok/ngrok.yml",
        Protection::Secret,
        "ngrok's token",
    ),
    (".circleci/cli.yml", Protection::Secret, "CircleCI's token"),
    (".sentryclirc", Protection::Secret, "Sentry's token"),
    (".terraformrc", Protection::Secret, "Terraform registry tokens"),
    (".pulumi/credentials.json", Protection::Secret, "Pulumi's tokens"),
    (".databrickscfg", Protection::Secret, "Databricks tokens"),
    (".talos/config", Protection::Secret, "Talos client keys"),
    (
        ".config/containers/auth.json",
        Protection::Secret,
        "container registry credentials",
    ),
    (".config/tea/config.yml", Protection::Secret, "Gitea tokens"),
    // Build tools' repository passwords and signing keys.
    (".m2/settings.xml", Protection::Secret, "Maven repository passwords"),
    (
        ".m2/settings-security.xml",
        Protection::Secret,
        "Maven's master password",
    ),
    (
        ".gradle/gradle.properties",
        Protection::Secret,
        "Gradle's repository and signing passwords",
    ),
    (".ivy2/.credentials", Protection::Secret, "package repository passwords"),
    (".sbt/.credentials", Protection::Secret, "package repository passwords"),
    (".sbt/credentials", Protection::Secret, "package repository passwords"),
    (".composer/auth.json", Protection::Secret, "package registry tokens"),
    (
        ".config/composer/auth.json",
        Protection::Secret,
        "package registry tokens",
    ),
    (
        ".dotnet/corefx/cryptography/x509stores",
        Protection::Secret,
        "certificates and their private keys",
    ),
    // Machine-learning services' tokens, keys that decrypt secrets, and the desktop keyring.
    (".huggingface/token", Protection::Secret, "Hugging Face tokens"),
    (".kaggle/kaggle.json", Protection::Secret, "Kaggle's API key"),
    (".config/kaggle/kaggle.json", Protection::Secret, "Kaggle's API key"),
    (
        ".config/sops/age/keys.txt",
        Protection::Secret,
        "the keys SOPS decrypts secrets with",
    ),
    (
        "Library/Application Support/sops/age/keys.txt",
        Protection::Secret,
        "the keys SOPS decrypts secrets with",
    ),
    (".local/share/keyrings", Protection::Secret, "the desktop keyring"),
    (
        "AppData/Roaming/rclone/rclone.conf",
        Protection::Secret,
        "rclone's cloud storage credentials",
    ),
    (
        "AppData/Roaming/GitHub CLI",
        Protection::Secret,
        "GitHub CLI credentials",
    ),
    (
        ".config/google-chrome",
        Protection::Secret,
        "browser cookies and saved passwords",
    ),
    (
        ".config/chromium",
        Protection::Secret,
        "browser cookies and saved passwords",
    ),
    (
        ".config/BraveSoftware",
        Protection::Secret,
        "browser cookies and saved passwords",
    ),
    (
        ".mozilla/firefox",
        Protection::Secret,
        "browser cookies and saved passwords",
    ),
    (
        "Library/Application Support/Google/Chrome",
        Protection::Secret,
        "browser cookies and saved passwords",
    ),
    (
        "Library/Application Support/Firefox",
        Protection::Secret,
        "browser cookies and saved passwords",
    ),
    (
        ".config/microsoft-edge",
        Protection::Secret,
        "browser cookies and saved passwords",
    ),
    (
        ".config/vivaldi",
        Protection::Secret,
        "browser cookies and saved passwords",
    ),
    (
        "snap/firefox/common/.mozilla/firefox",
        Protection::Secret,
        "browser cookies and saved passwords",
    ),
    (
        "Library/Application Support/Chromium",
        Protection::Secret,
        "browser cookies and saved passwords",
    ),
    (
        "Library/Application Support/BraveSoftware",
        Protection::Secret,
        "browser cookies and saved passwords",
    ),
    (
        "Library/Application Support/Microsoft Edge",
        Protection::Secret,
        "browser cookies and saved passwords",
    ),
    (
        "Library/Application Support/Vivaldi",
        Protection::Secret,
        "browser cookies and saved passwords",
    ),
    ("Library/Cookies", Protection::Secret, "browser cookies"),
    // Browsers installed by Flatpak keep their profiles in their own folders.
    (
        ".var/app/com.google.Chrome",
        Protection::Secret,
        "browser cookies and saved passwords",
    ),
    (
        ".var/app/org.chromium.Chromium",
        Protection::Secret,
        "browser cookies and saved passwords",
    ),
    (
        ".var/app/org.mozilla.firefox",
        Protection::Secret,
        "browser cookies and saved passwords",
    ),
    (
        ".var/app/com.brave.Browser",
        Protection::Secret,
        "browser cookies and saved passwords",
    ),
    (
        ".var/app/com.microsoft.Edge",
        Protection::Secret,
        "browser cookies and saved passwords",
    ),
    (".mc/config.json", Protection::Secret, "MinIO client keys"),
    // Password managers' command lines: 1Password's accounts and keys, Bitwarden's session
    // tokens and its vault, encrypted by the master password.
    (".config/op", Protection::Secret, "1Password's accounts and keys"),
    (".op", Protection::Secret, "1Password's accounts and keys"),
    (
        ".config/Bitwarden CLI",
        Protection::Secret,
        "Bitwarden's login and vault",
    ),
    (
        "Library/Application Support/Bitwarden CLI",
        Protection::Secret,
        "Bitwarden's login and vault",
    ),
    (
        "AppData/Roaming/Bitwarden CLI",
        Protection::Secret,
        "Bitwarden's login and vault",
    ),
    (".bashrc", Protection::Startup, "a shell startup file"),
    (".bash_profile", Protection::Startup, "a shell startup file"),
    (".bash_login", Protection::Startup, "a shell startup file"),
    (".profile", Protection::Startup, "a shell startup file"),
    (".zshrc", Protection::Startup, "a shell startup file"),
    (".zprofile", Protection::Startup, "a shell startup file"),
    (".zshenv", Protection::Startup, "a shell startup file"),
    (".zlogin", Protection::Startup, "a shell startup file"),
    (".config/fish/config.fish", Protection::Startup, "a shell startup file"),
    // PowerShell's profiles, which every new PowerShell runs, and the modules it loads by name
    // (on Windows in `Documents`: see `files::write_class`).
    (".config/powershell", Protection::Startup, POWERSHELL_PROFILES),
    (".gitconfig", Protection::Startup, "your git configuration"),
    (".config/git/config", Protection::Startup, "your git configuration"),
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
    (
        ".local/state/safety-net",
        Protection::Settings,
        "safety-net's audit log and one-time approvals",
    ),
    // After the agents' settings: a folder holding both (`mv ~/.claude …`) is named for those.
    (".claude/.credentials.json", Protection::Secret, "Claude Code's login"),
    (".codex/auth.json", Protection::Secret, "Codex's login"),
    (".gemini/oauth_creds.json", Protection::Secret, "Gemini CLI's login"),
];

/// Browsers' profile folders under a Windows home, with the files in them that hold cookies,
/// saved passwords, cards and their keys, protected by name: the rest of a profile
/// (`SingletonLock`, `DevToolsActivePort`, `Preferences`, caches) is what browser automation
/// reads and cleans every day. On Linux and macOS the profile folders are protected whole
/// (above).
const BROWSER_PROFILES_ON_WINDOWS: &[(&str, &[&str])] = &[
    ("AppData/Local/Google/Chrome/User Data", CHROMIUM_CREDENTIALS),
    ("AppData/Local/Google/Chrome Beta/User Data", CHROMIUM_CREDENTIALS),
    ("AppData/Local/Chromium/User Data", CHROMIUM_CREDENTIALS),
    ("AppData/Local/Microsoft/Edge/User Data", CHROMIUM_CREDENTIALS),
    (
        "AppData/Local/BraveSoftware/Brave-Browser/User Data",
        CHROMIUM_CREDENTIALS,
    ),
    ("AppData/Local/Vivaldi/User Data", CHROMIUM_CREDENTIALS),
    ("AppData/Local/Yandex/YandexBrowser/User Data", CHROMIUM_CREDENTIALS),
    ("AppData/Roaming/Opera Software", CHROMIUM_CREDENTIALS),
    ("AppData/Roaming/Mozilla/Firefox/Profiles", FIREFOX_CREDENTIALS),
];

/// Chromium's cookies, saved passwords, and autofill with cards.
const CHROMIUM_CREDENTIALS: &[&str] = &["Cookies", "Login Data", "Login Data For Account", "Web Data"];

/// Firefox's cookies, saved passwords and the keys that decrypt them.
const FIREFOX_CREDENTIALS: &[&str] = &["cookies.sqlite", "logins.json", "key4.db", "key3.db", "signons.sqlite"];

/// What a browser's credential files hold.
const BROWSER_CREDENTIALS: &str = "browser cookies and saved passwords";

/// Whether the path is a browser's credential file (or its `-journal`, `-wal`) or inside one
/// (`Some(None)`), or, when `below` is given, the credential file among the entries of the path
/// it matches (`Some(Some(name))`): below one of [`BROWSER_PROFILES_ON_WINDOWS`], a name among
/// its browser's credential files.
fn browser_credential_file(below: Option<Option<&str>>, in_home: &BelowHome) -> Option<Option<&'static str>> {
    if !in_home.insensitive {
        return None;
    }
    let (_, files) = BROWSER_PROFILES_ON_WINDOWS
        .iter()
        .find(|(profiles, _)| in_home.within(profiles))?;
    let credential = |name: &str| {
        let name = ["-journal", "-wal", "-shm"]
            .iter()
            .find_map(|suffix| name.strip_suffix(suffix))
            .unwrap_or(name);
        files.iter().any(|file| same_folded(file, name))
    };
    if in_home.rest.split('/').any(credential) {
        return Some(None);
    }
    let matched = match below? {
        Some(pattern) => files.iter().find(|file| glob_matches(pattern, file)),
        None => files.first(),
    };
    matched.map(|file| Some(*file))
}

/// Says what a target is. `Contents` of a directory counts as the directory itself.
pub fn place(target: &Target, context: &Context) -> Place {
    match target {
        Target::Path(path) => place_of(path, None, false, context),
        Target::Contents(path) => place_of(path, None, true, context),
        Target::Below { dir, name, .. } => place_of(dir, Some(name.as_deref()), false, context),
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
    if let Some(git) = git_dir(path, below, folds_case(path, &context.home)) {
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
    if holds_project(path, project) && (itself || below_reaches(path, below, project)) {
        return Place::ProjectAncestor(path.clone());
    }
    // A home directory below a system directory (`/root`) is the user's, not the system's.
    let system = system_dir_containing(path).filter(|_| !path.is_inside(&context.home));
    let below_project = path.is_inside(project) || (!itself && path.same(project));
    if below_project && system.as_ref().is_none_or(|dir| project.starts_with(dir)) {
        return Place::InsideProject(path.clone());
    }
    if let Some(root) = temp_root_of(path)
        && (path.is_inside(&root) || !itself || (everything && !SYSTEM_DIRS.contains(&root.as_str())))
    {
        return Place::Temporary;
    }
    if let Some(dir) = system {
        return Place::System(if itself { path.clone() } else { dir });
    }
    Place::Outside(path.clone())
}

/// Whether `project` is inside `path`, whose components may be globs (`/home/*/work`, the
/// account's name left to the shell, holds `/home/user/work/project`).
fn holds_project(path: &AbsPath, project: &AbsPath) -> bool {
    if project.is_inside(path) {
        return true;
    }
    let mut inside = project.components();
    path.components().all(|component| {
        inside
            .next()
            .is_some_and(|name| name == component || (is_glob(component) && glob_matches(component, name)))
    }) && inside.next().is_some()
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
    let insensitive = path.is_windows();
    if SYSTEM_PARENTS.iter().any(|dir| {
        if insensitive {
            path.as_str().eq_ignore_ascii_case(dir)
        } else {
            path.as_str() == *dir
        }
    }) {
        return true;
    }
    let components: Vec<&str> = path.components().collect();
    match components.as_slice() {
        [drive, users] | ["mnt", drive, users] => is_drive_letter(drive) && users.eq_ignore_ascii_case("users"),
        _ => false,
    }
}

/// `/home/x`, `/Users/x`, `/c/Users/x`: somebody's home directory.
pub(crate) fn is_a_home(path: &AbsPath) -> bool {
    let components: Vec<&str> = path.components().collect();
    match components.as_slice() {
        ["home" | "Users", _] => true,
        [drive, users, _] => is_drive_letter(drive) && users.eq_ignore_ascii_case("users"),
        ["mnt", drive, users, _] => is_drive_letter(drive) && users.eq_ignore_ascii_case("users"),
        _ => false,
    }
}

/// The home directory `path` is in: the user's, or another account's (`/home/other`, `/root`),
/// whose keys and startup files are as much someone's as the user's own.
pub(crate) fn home_holding(path: &AbsPath, context: &Context) -> Option<AbsPath> {
    if BelowHome::of(path, &context.home).is_some() {
        return Some(context.home.clone());
    }
    let mut at = AbsPath::root();
    for component in path.components().take(4) {
        at = at.join(component);
        if is_a_home(&at) || at.as_str() == "/root" {
            return Some(at);
        }
    }
    None
}

/// The `.git` directory that `path` is or is inside, or that entries below `path` may be.
/// `fold`: the file system compares names without case (`.GIT` is `.git`).
fn git_dir(path: &AbsPath, below: Option<Option<&str>>, fold: bool) -> Option<AbsPath> {
    let mut at = AbsPath::root();
    for component in path.components() {
        at = at.join(component);
        if component == ".git" || fold && same_folded(component, ".git") {
            return Some(at);
        }
    }
    match below {
        Some(Some(pattern)) if glob_matches(pattern, ".git") => Some(path.join(".git")),
        _ => None,
    }
}

/// The protected location that `path` is or is inside, or that entries below `path` may be.
/// Every such path is in the home directory, so the comparisons are made on the part of `path`
/// below home: this runs for every path a command names.
fn protected(
    path: &AbsPath,
    below: Option<Option<&str>>,
    context: &Context,
) -> Option<(AbsPath, Protection, &'static str)> {
    let home = home_holding(path, context)?;
    let in_home = BelowHome::of(path, &home)?;
    let first = in_home.rest.split('/').next().unwrap_or_default();
    if !in_home.insensitive && !first.is_empty() && !leads_to_protected(first) {
        return None;
    }
    // The most precise location the path is or is inside (`~/.ssh/known_hosts` is not a key).
    if let Some((relative, protection, what)) = PROTECTED_IN_HOME
        .iter()
        .filter(|(relative, _, _)| in_home.within(relative))
        .max_by_key(|(relative, _, _)| relative.len())
    {
        return Some((home.join(relative), *protection, what));
    }
    for (relative, protection, what) in PROTECTED_IN_HOME {
        let hit = in_home.within(relative)
            || match below {
                // A directory below home holding the location.
                None => !in_home.rest.is_empty() && in_home.holds(relative),
                // The location is an entry of `path` that the pattern matches.
                Some(pattern) => {
                    let (parent, name) = relative.rsplit_once('/').unwrap_or(("", relative));
                    in_home.same(parent, in_home.rest) && pattern.is_none_or(|p| glob_matches(p, name))
                }
            };
        if hit {
            return Some((home.join(relative), *protection, what));
        }
    }
    if let Some(entry) = browser_credential_file(below, &in_home) {
        let file = entry.map_or_else(|| path.clone(), |name| path.join(name));
        return Some((file, Protection::Secret, BROWSER_CREDENTIALS));
    }
    None
}

/// The protected places below a home directory, relative to it (`.ssh`, `.bashrc`,
/// `.claude/settings.json`…).
pub(crate) fn protected_in_home() -> impl Iterator<Item = &'static str> {
    PROTECTED_IN_HOME.iter().map(|(relative, _, _)| *relative)
}

/// Whether a protected place below home starts with the folder or file `first` (compared with
/// case). Most paths a command names lead to none, and need no comparison with each place.
fn leads_to_protected(first: &str) -> bool {
    static FIRST_COMPONENTS: LazyLock<Vec<&str>> = LazyLock::new(|| {
        let mut firsts: Vec<&str> = PROTECTED_IN_HOME
            .iter()
            .map(|(relative, _, _)| relative.split('/').next().unwrap_or_default())
            .collect();
        firsts.sort_unstable();
        firsts.dedup();
        firsts
    });
    FIRST_COMPONENTS.binary_search(&first).is_ok()
}

/// Whether the file system holding `path` compares names without case: Windows always, and
/// macOS, whose default file system folds case (told by its homes, under `/Users/`, so that a
/// command is judged the same on every machine). `~/.Ssh/id_ed25519` is the SSH key there.
pub fn folds_case(path: &AbsPath, home: &AbsPath) -> bool {
    path.is_windows() || home.is_windows() || home.as_str().starts_with("/Users/")
}

/// Whether two names are the same where the file system folds case: ASCII letters, and the
/// letters that fold onto them (`ſ` is `s`, the Kelvin sign `K` is `k`).
pub fn same_folded(a: &str, b: &str) -> bool {
    if a.is_ascii() && b.is_ascii() {
        // Nearly every name: no allocation (folding whole strings was a fifth of a replay).
        return a.eq_ignore_ascii_case(b);
    }
    a.to_uppercase() == b.to_uppercase() || a.to_lowercase() == b.to_lowercase()
}

/// A path inside the home directory, as the part below home (`""` for home itself).
pub struct BelowHome<'a> {
    rest: &'a str,
    /// Windows paths compare without case.
    insensitive: bool,
}

impl<'a> BelowHome<'a> {
    pub fn of(path: &'a AbsPath, home: &AbsPath) -> Option<BelowHome<'a>> {
        if !path.starts_with(home) {
            return None;
        }
        let rest = path.as_str()[home.as_str().len()..].trim_start_matches('/');
        Some(BelowHome {
            rest,
            insensitive: folds_case(path, home),
        })
    }

    fn same(&self, a: &str, b: &str) -> bool {
        if self.insensitive { same_folded(a, b) } else { a == b }
    }

    /// Whether `inner` is `outer` or below it, both relative to home.
    fn nested(&self, inner: &str, outer: &str) -> bool {
        if outer.is_empty() {
            return true;
        }
        if !self.insensitive {
            // This runs for every protected place and every path a command names.
            return inner
                .strip_prefix(outer)
                .is_some_and(|rest| rest.is_empty() || rest.starts_with('/'));
        }
        let mut inner_components = inner.split('/');
        outer
            .split('/')
            .all(|component| inner_components.next().is_some_and(|inner| self.same(inner, component)))
    }

    /// Whether the path is the home-relative location `relative` or inside it.
    pub fn within(&self, relative: &str) -> bool {
        self.nested(self.rest, relative)
    }

    /// Whether the home-relative location `relative` is strictly inside the path.
    fn holds(&self, relative: &str) -> bool {
        relative.len() > self.rest.len() && self.nested(relative, self.rest)
    }

    /// Whether the location `relative` is the path or inside it.
    fn within_or_holds(&self, relative: &str) -> bool {
        self.nested(relative, self.rest)
    }
}

/// The keys and credential stores under the folder `path` (the folder itself or a place in it),
/// by the home's protected places: what sending or publishing the folder whole would expose.
pub fn secrets_below(path: &AbsPath, context: &Context) -> Option<&'static str> {
    secret_places_below(path, context).next().map(|(_, what)| what)
}

/// [`secrets_below`], each store as its place below home and what it holds.
fn secret_places_below<'a>(
    path: &'a AbsPath,
    context: &'a Context,
) -> impl Iterator<Item = (&'static str, &'static str)> + 'a {
    let holds_home = context.home.starts_with(path);
    let in_home = BelowHome::of(path, &context.home);
    PROTECTED_IN_HOME
        .iter()
        .filter(|(_, protection, _)| *protection == Protection::Secret)
        .filter(move |(relative, _, _)| {
            // The location is the folder or inside it: the folder holds home, or is home or a
            // place below it holding the location.
            holds_home || in_home.as_ref().is_some_and(|folder| folder.within_or_holds(relative))
        })
        .map(|(relative, _, what)| (*relative, *what))
}

/// The first key or credential store that a search reading every file under the folder `path`
/// reads (`grep -r`), with what it holds. A search that skips hidden files and folders (`rg`,
/// `ag` without `--hidden`) reaches only the stores whose names below `path` start with no dot:
/// `~/.config/gh` from `~/.config`, none from `~`. The places of one system are looked for in its
/// homes only: `Library/…` in a macOS home, `AppData/…` in a Windows home, where that folder is
/// hidden.
pub fn secret_searched(path: &AbsPath, hidden: bool, context: &Context) -> Option<(AbsPath, &'static str)> {
    let macos = context.home.as_str().starts_with("/Users/");
    secret_places_below(path, context)
        .map(|(relative, what)| (context.home.join(relative), relative, what))
        .find(|(store, relative, _)| {
            let reached = hidden
                || store
                    .relative_to(path)
                    .is_none_or(|below| !below.iter().any(|name| name.starts_with('.')));
            let on_this_system = if relative.starts_with("Library/") {
                macos
            } else if relative.starts_with("AppData/") {
                hidden && context.home.is_windows()
            } else {
                true
            };
            reached && on_this_system
        })
        .map(|(store, _, what)| (store, what))
}

/// The files that folder stores keep their secrets in, by name (`*.pem`: any name with that
/// ending), to which a search's name filter is compared (`find ~ -name id_rsa`).
const SECRET_FILES_IN_STORES: &[(&str, &[&str])] = &[
    (
        ".ssh",
        &[
            "id_rsa",
            "id_dsa",
            "id_ecdsa",
            "id_ed25519",
            "id_ecdsa_sk",
            "id_ed25519_sk",
            "identity",
            "*.pem",
            "*.key",
        ],
    ),
    (".gnupg", &["secring.gpg", "*.key"]),
    (".aws", &["credentials", "config"]),
    (
        ".azure",
        &["accessTokens.json", "msal_token_cache.json", "msal_token_cache.bin"],
    ),
    (
        ".config/gcloud",
        &[
            "credentials.db",
            "access_tokens.db",
            "application_default_credentials.json",
            "adc.json",
        ],
    ),
    (".kube", &["config"]),
    (".config/gh", &["hosts.yml"]),
    (".password-store", &["*.gpg"]),
    ("Library/Keychains", &["*.keychain-db", "*.keychain"]),
    (".config/glab-cli", &["config.yml"]),
    (".config/github-copilot", &["hosts.json", "apps.json"]),
    (".oci", &["config", "*.pem"]),
];

/// The key or credential stores that a search of the folder `path` at every depth finds when it
/// keeps only the names `pattern` matches, each as a path naming the found files (`~/.ssh/id_rsa`
/// for `find ~ -name 'id_*'`, `~/.aws/credentials` for `-name credentials`).
pub fn secrets_found(path: &AbsPath, pattern: &str, context: &Context) -> Vec<AbsPath> {
    let mut found = Vec::new();
    for (relative, _) in secret_places_below(path, context) {
        let store = context.home.join(relative);
        if store.name().is_some_and(|name| glob_matches(pattern, name)) {
            found.push(store.clone());
        }
        let files = SECRET_FILES_IN_STORES
            .iter()
            .filter(|(folder, _)| *folder == relative)
            .flat_map(|(_, files)| files.iter());
        for file in files {
            match file.strip_prefix('*') {
                // `*.pem` is found by `-name '*.pem'` or `-name 'aws.pem'`, named as the filter says.
                Some(ending) if pattern.ends_with(ending) || glob_matches(pattern, file) => {
                    found.push(store.join(pattern));
                }
                None if glob_matches(pattern, file) => found.push(store.join(file)),
                _ => {}
            }
        }
    }
    found
}

/// Folders of the system tree that hold installed applications and served data rather than
/// the operating system's own files (`/opt`, `/usr/local`): software is installed there, and a
/// write there is judged like one into `/data`, not like one into `/etc`.
const APPLICATION_AREAS: &[&str] = &["/opt", "/srv", "/usr/local", "/var/www"];

/// Whether `path` is in one of the [`APPLICATION_AREAS`] or is one.
pub fn is_application_area(path: &AbsPath) -> bool {
    APPLICATION_AREAS
        .iter()
        .any(|area| path.as_str() == *area || path.as_str().starts_with(&format!("{area}/")))
}

/// The system directory `path` is or is inside, if any.
pub fn system_dir_containing(path: &AbsPath) -> Option<AbsPath> {
    if let Some(dir) = SYSTEM_DIRS.iter().find(|dir| path.starts_with_text(dir, false)) {
        return Some(AbsPath::normalized((*dir).to_owned()));
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
        .then(|| AbsPath::normalized(format!("/{}", components[..=drive_depth].join("/"))))
}

/// Whether `path` is a temporary directory itself (`/tmp`): what is written there, as into a
/// folder (`cp x /tmp/`), lands in it.
pub fn is_temp_root(path: &AbsPath) -> bool {
    temp_root_of(path).is_some_and(|root| root.same(path))
}

/// The temporary directory `path` is or is inside: a system one, or a Windows user's
/// `AppData/Local/Temp`. `$TMPDIR` is no temp place by its name: only by its value.
fn temp_root_of(path: &AbsPath) -> Option<AbsPath> {
    let fixed = TEMP_DIRS
        .iter()
        .find(|dir| path.starts_with_text(dir, false))
        .map(|dir| AbsPath::normalized((*dir).to_owned()));
    fixed.or_else(|| {
        let components: Vec<&str> = path.components().collect();
        // A drive's own temp folders: `C:\tmp`, `C:\temp`, `C:\Windows\Temp`.
        let drive_temp = match components.as_slice() {
            [drive, temp, ..]
                if is_drive_letter(drive)
                    && (temp.eq_ignore_ascii_case("tmp") || temp.eq_ignore_ascii_case("temp")) =>
            {
                Some(2)
            }
            [drive, windows, temp, ..]
                if is_drive_letter(drive)
                    && windows.eq_ignore_ascii_case("windows")
                    && temp.eq_ignore_ascii_case("temp") =>
            {
                Some(3)
            }
            _ => None,
        };
        if let Some(depth) = drive_temp {
            return Some(AbsPath::normalized(format!("/{}", components[..depth].join("/"))));
        }
        let at = components.windows(3).position(|w| {
            w[0].eq_ignore_ascii_case("appdata")
                && w[1].eq_ignore_ascii_case("local")
                && w[2].eq_ignore_ascii_case("temp")
        })?;
        Some(AbsPath::normalized(format!("/{}", components[..at + 3].join("/"))))
    })
}

/// Whether `path` is a protected location below home or inside one (not a directory that only
/// holds one).
pub fn is_in_protected(path: &AbsPath, context: &Context) -> bool {
    let Some(home) = home_holding(path, context) else {
        return false;
    };
    BelowHome::of(path, &home).is_some_and(|in_home| {
        PROTECTED_IN_HOME
            .iter()
            .any(|(relative, _, _)| in_home.within(relative))
            || browser_credential_file(None, &in_home).is_some()
    })
}

/// What protects `path`, if it is a protected file below the home directory, or a directory
/// below home holding one.
pub fn protection(path: &AbsPath, context: &Context) -> Option<(Protection, &'static str)> {
    protected(path, None, context).map(|(_, protection, what)| (protection, what))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn path(text: &str) -> AbsPath {
        AbsPath::new(text).unwrap()
    }

    fn context() -> Context {
        Context::for_tests()
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
        // Another account's keys are as protected as the user's own.
        assert!(matches!(place("/home/other/.ssh/id_rsa"), Place::Protected { .. }));
        assert!(matches!(place("/root/.aws/credentials"), Place::Protected { .. }));
    }

    #[test]
    fn projects_inside_system_directories_are_projects() {
        let mut context = context();
        context.project_root = path("/var/www/site");
        let place = place(&Target::Path(path("/var/www/site/cache")), &context);
        assert!(matches!(place, Place::InsideProject(_)));
    }
}
