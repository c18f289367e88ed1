//! Trust and the supply chain: what changes whom the machine's tools trust, each asked about.
//! - Verification turned off: TLS certificates (`git config http.sslVerify false`,
//!   `NODE_TLS_REJECT_UNAUTHORIZED=0`, `aws --no-verify-ssl`, a trusted pip host), package
//!   signatures and checksums (`dnf --nogpgcheck`, `rpm --nosignature`, `makepkg
//!   --skippgpcheck`, `GOSUMDB=off`, nix's `require-sigs`), commit and tag signatures.
//! - A package index, registry, channel, repository or signing key added or switched, for
//!   good (`npm config set registry`, `add-apt-repository`, `brew tap`, `pacman-key
//!   --lsign-key`) or for one command (`pip install -i URL`, `apk add --repository URL`,
//!   `conda install -c someone`, `brew install someone/tap/x`).
//! - git told to trust every directory (`safe.directory '*'`), and git's hooks skipped
//!   (`--no-verify`, a hook manager's off switch such as `HUSKY=0` or `LEFTHOOK=0`,
//!   `core.hooksPath` pointed away from the project's hooks, `pre-commit uninstall`), which
//!   the project put there to check each commit.
//!
//! The settings are read wherever they are made: a configuration command, an exported
//! variable, a variable given to one command, `git -c` and git's `GIT_CONFIG_*` variables,
//! `go env -w`, `setx`. Which variables, options and indexes count is data, in the tables
//! below.

use super::{ASK, Applies, Checker, Report, Subject};
use crate::command::{Analysis, Command};
use crate::context::Context;
use crate::paths::AbsPath;
use crate::rules::Rule;
use crate::source::Span;
use crate::tools::git::environment_settings;

pub const CHECKER: Checker = Checker {
    rules: &[
        &VERIFICATION_OFF,
        &PACKAGE_SOURCE_ADD,
        &GIT_TRUST_ALL_DIRECTORIES,
        &GIT_SKIP_HOOKS,
    ],
    applies: Applies::EveryCommand,
    check,
    whole_analysis: Some(exported),
};

pub static VERIFICATION_OFF: Rule = Rule {
    id: "verification-off",
    decision: ASK,
    catches: "Turning off the verification of TLS certificates, package signatures or checksums, or commit signatures, in a tool's configuration, environment or options: `git config http.sslVerify false`, `NODE_TLS_REJECT_UNAUTHORIZED=0`, `npm config set strict-ssl false`, `pip install --trusted-host`, `uv --allow-insecure-host`, `dnf install --nogpgcheck`, `rpm --nosignature`, `apt-get -o Acquire::https::Verify-Peer=false`, `makepkg --skippgpcheck`, `aws --no-verify-ssl`, `kubectl --insecure-skip-tls-verify`, `DOCKER_CONTENT_TRUST=0`, `GOSUMDB=off`, nix's `require-sigs false`, `git config commit.gpgsign false`. A single download with `curl -k` passes: it trusts one reply, not a tool's later installs.",
    instead: "Fix the certificate chain instead (install the company CA with `NODE_EXTRA_CA_CERTS` or `git config http.sslCAInfo`), or ask the user",
    examples: &[
        "git config --global http.sslVerify false",
        "export NODE_TLS_REJECT_UNAUTHORIZED=0",
        "NODE_TLS_REJECT_UNAUTHORIZED=0 npm install",
        "npm config set strict-ssl false",
        "git -c http.sslVerify=false clone https://example.com/r.git",
        "pip install --trusted-host pypi.example.com requests",
        "uv pip install --allow-insecure-host pypi.example.com pkg",
        "go env -w GOSUMDB=off",
        "conda config --set ssl_verify false",
        "dnf install -y --nogpgcheck foo",
        "rpm -i --nosignature foo.rpm",
        "apt-get -o Acquire::https::Verify-Peer=false update",
        "makepkg -si --skippgpcheck",
        "aws --no-verify-ssl s3 ls",
        "kubectl --insecure-skip-tls-verify get pods",
        "export DOCKER_CONTENT_TRUST=0",
        "gcloud config set auth/disable_ssl_validation True",
        "nix build --option require-sigs false",
        "flatpak remote-add --no-gpg-verify corp https://flatpak.example.com/repo",
        "git config --global merge.verifySignatures false",
    ],
    allowed: &[
        "git config --global http.sslVerify true",
        "git config --get http.sslVerify",
        "export NODE_EXTRA_CA_CERTS=/etc/ssl/certs/corp.pem",
        "npm config get strict-ssl",
        "dnf install -y nginx",
        "export DOCKER_CONTENT_TRUST=1",
        "export REQUESTS_CA_BUNDLE=/etc/ssl/certs/ca-certificates.crt",
        "curl -k https://localhost:8443/health",
    ],
};

pub static PACKAGE_SOURCE_ADD: Rule = Rule {
    id: "package-source-add",
    decision: ASK,
    catches: "Adding or switching a package index, registry, channel, repository or signing key, for good or for one command: `npm config set registry URL`, `pip config set global.index-url URL`, `pip install -i URL` (or `--extra-index-url`, `--find-links`), `npm install --registry URL`, `gem install --source URL`, `apk add --repository URL`, `conda install -c someone`, `brew install someone/tap/x`, `cargo install --index URL`, `add-apt-repository`, `apt-key add`, `pacman-key --lsign-key`, `brew tap`, `choco source add`, `nix-channel --add`, `asdf plugin add NAME URL`, `go env -w GOPROXY=URL`. The tools' default public indexes, conda-forge and the default conda channels, and local folders pass.",
    instead: "Name the registry to the user and let them add it; install from the default index meanwhile",
    examples: &[
        "npm config set registry https://registry.example.com",
        "pnpm config set registry https://registry.npmmirror.com",
        "pip config set global.index-url https://pypi.example.com/simple",
        "pip install --extra-index-url https://pypi.example.com/simple internal-pkg",
        "sudo add-apt-repository ppa:someone/tools",
        "curl -fsSL https://example.com/key.gpg | sudo apt-key add -",
        "brew tap someone/tools",
        "gem sources --add https://gems.example.com",
        "dotnet nuget add source https://nuget.example.com/v3/index.json",
        "go env -w GOPROXY=https://goproxy.example.com",
        "conda config --add channels someone",
        "apk add --repository http://dl.example.com/edge/testing tool",
        "conda install -c someone pkg",
        "brew install someone/tools/tool",
        "choco source add -n corp -s https://choco.example.com/api/v2",
        "nix-channel --add https://example.com/nixexprs corp",
        "asdf plugin add tool https://github.com/someone/asdf-tool",
        "pacman-key --lsign-key 0123456789ABCDEF",
        "cargo install --index https://crates.example.com/index tool",
    ],
    allowed: &[
        "npm config get registry",
        "npm install --save-dev vitest",
        "pip install requests",
        "conda config --add channels conda-forge",
        "conda install -c conda-forge numpy",
        "brew tap",
        "brew install homebrew/cask/firefox",
        "gem sources --list",
        "apk add --repository https://dl-cdn.alpinelinux.org/alpine/edge/testing tool",
        "asdf plugin add nodejs",
        "pacman-key --populate archlinux",
        "cargo install --git https://github.com/someone/tool",
    ],
};

pub static GIT_TRUST_ALL_DIRECTORIES: Rule = Rule {
    id: "git-trust-all-directories",
    decision: ASK,
    catches: "Telling git to trust repositories owned by anyone, anywhere: `git config --global --add safe.directory '*'`, also given as `git -c` or in git's `GIT_CONFIG_*` variables. A repository another user controls can then run its configured programs as you.",
    instead: "Trust the one repository meant: `git config --global --add safe.directory /path/to/repo`",
    examples: &[
        "git config --global --add safe.directory '*'",
        "git config --system safe.directory \\*",
        "GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=safe.directory GIT_CONFIG_VALUE_0='*' git status",
    ],
    allowed: &["git config --global --add safe.directory /srv/app"],
};

pub static GIT_SKIP_HOOKS: Rule = Rule {
    id: "git-skip-hooks",
    decision: ASK,
    catches: "Skipping the checks the project's git hooks run: `git commit --no-verify` (`-n`), `git push --no-verify` (not in a dry run, which commits or pushes nothing), a hook manager's off switch (`HUSKY=0`, `LEFTHOOK=0`, `OVERCOMMIT_DISABLE=1`, `SKIP=…` for a commit), `core.hooksPath` pointed outside the project (`git -c core.hooksPath=/dev/null commit`) or unset, and a hook manager's uninstall (`pre-commit uninstall`).",
    instead: "Run the commit with its hooks and fix what they report, or ask the user to allow skipping them",
    examples: &[
        "git commit --no-verify -m wip",
        "git commit -nm wip",
        "git push --no-verify",
        "HUSKY=0 git commit -m wip",
        "git -c core.hooksPath=/dev/null commit -m wip",
        "LEFTHOOK=0 git commit -m wip",
        "OVERCOMMIT_DISABLE=1 git commit -m wip",
        "git -c core.hooksPath=/tmp/empty commit -m wip",
        "git config --unset core.hooksPath",
        "pre-commit uninstall",
    ],
    allowed: &[
        "git commit -m wip",
        "git push -n",
        "git merge -n feature",
        "git commit --no-verify --dry-run",
        "git push --no-verify -n origin main",
        "git config core.hooksPath .githooks",
        "pre-commit install",
        "pre-commit run --all-files",
        "LEFTHOOK=1 npm install",
    ],
};

/// Which values of a variable, setting or option count.
#[derive(Clone, Copy)]
enum Turns {
    /// `0` only.
    Zero,
    /// A word that means off: `0`, `false`, `no`, `off`.
    Off,
    /// A word that means on: `1`, `true`, `yes`, `on`.
    On,
    /// Any value that is neither empty nor a word that means off.
    Set,
    /// The empty value.
    Empty,
    /// This value.
    Is(&'static str),
    /// A value holding this text.
    Holding(&'static str),
}

impl Turns {
    fn by(self, value: &str) -> bool {
        match self {
            Turns::Zero => value == "0",
            Turns::Off => is_off(value),
            Turns::On => is_on(value),
            Turns::Set => !value.is_empty() && !is_off(value),
            Turns::Empty => value.is_empty(),
            Turns::Is(expected) => value == expected,
            Turns::Holding(text) => value.contains(text),
        }
    }
}

/// Variables (any case) that turn verification off, and the values that do.
const VERIFICATION_VARIABLES: &[(&str, Turns)] = &[
    ("NODE_TLS_REJECT_UNAUTHORIZED", Turns::Zero),
    ("PYTHONHTTPSVERIFY", Turns::Zero),
    ("GIT_SSL_NO_VERIFY", Turns::Set),
    ("PIP_TRUSTED_HOST", Turns::Set),
    ("UV_INSECURE_HOST", Turns::Set),
    ("GOINSECURE", Turns::Set),
    ("GONOSUMDB", Turns::Set),
    ("GONOSUMCHECK", Turns::Set),
    ("GONOSUMCHECKS", Turns::Set),
    ("GOSUMDB", Turns::Is("off")),
    ("GOFLAGS", Turns::Holding("-insecure")),
    ("YARN_ENABLE_STRICT_SSL", Turns::Off),
    ("NPM_CONFIG_STRICT_SSL", Turns::Off),
    // Docker verifies image signatures only while this is on; turned off, it stops.
    ("DOCKER_CONTENT_TRUST", Turns::Off),
    ("AZURE_CLI_DISABLE_CONNECTION_VERIFICATION", Turns::Set),
    ("CLOUDSDK_AUTH_DISABLE_SSL_VALIDATION", Turns::On),
    ("CONDA_SSL_VERIFY", Turns::Off),
    // Ruby's `OpenSSL::SSL::VERIFY_NONE`.
    ("BUNDLE_SSL_VERIFY_MODE", Turns::Zero),
    // Python's requests reads an empty bundle as "verify nothing".
    ("CURL_CA_BUNDLE", Turns::Empty),
    ("REQUESTS_CA_BUNDLE", Turns::Empty),
];

/// Variables (any case) naming the index packages come from, judged by the index they name.
const INDEX_VARIABLES: &[&str] = &[
    "PIP_INDEX_URL",
    "PIP_EXTRA_INDEX_URL",
    "PIP_FIND_LINKS",
    "UV_INDEX_URL",
    "UV_EXTRA_INDEX_URL",
    "UV_INDEX",
    "UV_DEFAULT_INDEX",
    "UV_FIND_LINKS",
    "GOPROXY",
    "YARN_NPM_REGISTRY_SERVER",
    "NPM_CONFIG_REGISTRY",
    "BUN_CONFIG_REGISTRY",
];

/// Variables that turn a git hook manager off, and the values that do: husky, lefthook,
/// overcommit, simple-git-hooks. (`PRE_COMMIT_ALLOW_NO_CONFIG` only lets a commit through
/// when pre-commit has no configuration: the hooks a project configured still run.)
const HOOK_SWITCHES: &[(&str, Turns)] = &[
    ("HUSKY", Turns::Zero),
    ("HUSKY_SKIP_HOOKS", Turns::Set),
    ("LEFTHOOK", Turns::Off),
    ("LEFTHOOK_EXCLUDE", Turns::Set),
    ("OVERCOMMIT_DISABLE", Turns::Set),
    ("SKIP_SIMPLE_GIT_HOOKS", Turns::Set),
];

/// Hook managers' commands that take the project's git hooks out: (program, subcommand or
/// option).
const HOOK_REMOVALS: &[(&str, &str)] = &[
    ("pre-commit", "uninstall"),
    ("prek", "uninstall"),
    ("lefthook", "uninstall"),
    ("husky", "uninstall"),
    ("overcommit", "--uninstall"),
];

const NPM_LIKE: &[&str] = &["npm", "pnpm", "yarn", "bun"];
const PIP_LIKE: &[&str] = &["pip", "pip3"];
const APT_LIKE: &[&str] = &["apt", "apt-get", "aptitude"];
const RPM_INSTALLERS: &[&str] = &["dnf", "yum", "microdnf", "tdnf"];
const CONDA_LIKE: &[&str] = &["conda", "mamba", "micromamba"];
const NIX_LIKE: &[&str] = &[
    "nix",
    "nix-env",
    "nix-build",
    "nix-shell",
    "nix-store",
    "nix-copy-closure",
    "nixos-rebuild",
    "home-manager",
];

/// Options that turn verification off for the command given them: `--option`, or
/// `--option=VALUE` with a value that does not mean off.
const VERIFICATION_OPTIONS: &[(&[&str], &str)] = &[
    (PIP_LIKE, "--trusted-host"),
    (&["uv"], "--trusted-host"),
    (&["uv"], "--allow-insecure-host"),
    (RPM_INSTALLERS, "--nogpgcheck"),
    (&["zypper"], "--no-gpg-checks"),
    (&["rpm"], "--nosignature"),
    (&["rpm"], "--nodigest"),
    (APT_LIKE, "--allow-unauthenticated"),
    (APT_LIKE, "--allow-insecure-repositories"),
    (&["makepkg"], "--skippgpcheck"),
    (&["makepkg"], "--skipinteg"),
    (&["makepkg"], "--skipchecksums"),
    (&["aws"], "--no-verify-ssl"),
    (&["kubectl", "oc", "helm"], "--insecure-skip-tls-verify"),
    (&["flatpak"], "--no-gpg-verify"),
    (&["conda", "mamba"], "--insecure"),
    (&["conda", "mamba"], "-k"),
    (NIX_LIKE, "--no-require-sigs"),
    (NIX_LIKE, "--no-check-sigs"),
    (NPM_LIKE, "--no-strict-ssl"),
];

/// Options that name, for the one command given them, where packages come from.
struct IndexOptions {
    programs: &'static [&'static str],
    /// The subcommands they count on; empty: every one.
    subcommands: &'static [&'static str],
    options: &'static [&'static str],
    /// Whether a value names a source the tool trusts already.
    trusted: fn(&str) -> bool,
}

const INDEX_OPTIONS: &[IndexOptions] = &[
    IndexOptions {
        programs: NPM_LIKE,
        subcommands: &[],
        options: &["--registry"],
        trusted: is_trusted_already,
    },
    IndexOptions {
        programs: &["pip", "pip3", "uv"],
        subcommands: &[],
        options: &[
            "-i",
            "--index-url",
            "--extra-index-url",
            "--index",
            "--default-index",
            "-f",
            "--find-links",
        ],
        trusted: is_trusted_already,
    },
    IndexOptions {
        programs: &["gem", "bundle"],
        subcommands: &[],
        options: &["--source", "-s"],
        trusted: is_trusted_already,
    },
    IndexOptions {
        programs: &["apk"],
        subcommands: &[],
        options: &["--repository", "-X"],
        trusted: is_trusted_already,
    },
    IndexOptions {
        programs: &["choco", "cinst"],
        subcommands: &["install", "upgrade", "download", "search", "find", "info", "outdated"],
        options: &["--source", "-s"],
        trusted: is_trusted_already,
    },
    // A crate named with `--git URL` is the one package chosen, like `go install
    // github.com/x/y`; `--index` resolves every name of the install and its dependencies
    // there. `--registry NAME` names one the user configured.
    IndexOptions {
        programs: &["cargo"],
        subcommands: &["install", "add"],
        options: &["--index"],
        trusted: is_trusted_already,
    },
    IndexOptions {
        programs: CONDA_LIKE,
        subcommands: &["install", "create", "update", "upgrade"],
        options: &["-c", "--channel"],
        trusted: is_mainstream_channel,
    },
    IndexOptions {
        programs: RPM_INSTALLERS,
        subcommands: &[],
        options: &["--repofrompath"],
        trusted: |value| value.split_once(',').is_some_and(|(_, url)| is_trusted_already(url)),
    },
    IndexOptions {
        programs: &["zypper"],
        subcommands: &[],
        options: &["--plus-repo"],
        trusted: is_trusted_already,
    },
    IndexOptions {
        programs: NIX_LIKE,
        subcommands: &[],
        options: &["--extra-substituters", "--substituters"],
        trusted: is_trusted_already,
    },
    IndexOptions {
        programs: &["composer"],
        subcommands: &["require", "create-project", "install", "update"],
        options: &["--repository"],
        trusted: is_trusted_already,
    },
];

/// How a variable is set.
#[derive(Clone, Copy, PartialEq)]
enum Setting {
    /// Exported to every later command of the session (`export`, `declare -x`, `setx`).
    Exported,
    /// Given to one command; `git_commit`: a `git commit`, `push` or `merge`.
    ForCommand { git_commit: bool },
}

fn check(subject: &Subject, report: &mut Report) {
    let command = subject.command;
    if !command.assignments.is_empty() {
        let git_commit = command.name == "git"
            && matches!(
                crate::tools::git::invocation(command).subcommand.as_str(),
                "commit" | "push" | "merge"
            );
        for (name, value) in &command.assignments {
            if let Some(value) = value.value() {
                judge_variable(name, value, Setting::ForCommand { git_commit }, command.span, report);
            }
        }
    }
    judge_program(command, subject.context, report);
}

/// Judges the variables the command's declarations export, and the git settings they make.
fn exported(analysis: &Analysis, context: &Context, report: &mut Report) {
    for export in &analysis.exports {
        if let Some(value) = export.value.value() {
            judge_variable(&export.name, value, Setting::Exported, export.span, report);
        }
    }
    let variables = analysis
        .exports
        .iter()
        .map(|export| (export.name.as_str(), &export.value));
    for setting in environment_settings(variables) {
        let span = analysis
            .exports
            .iter()
            .find(|export| export.name == setting.variable)
            .map_or(setting.value.span, |export| export.span);
        if let Some(value) = setting.value.value() {
            judge_git_setting(&setting.key, value, context, span, report);
        }
    }
}

/// Judges the variable `name` set to `value`.
fn judge_variable(name: &str, value: &str, setting: Setting, span: Span, report: &mut Report) {
    let upper = name.to_ascii_uppercase();
    let verification = VERIFICATION_VARIABLES
        .iter()
        .any(|(variable, turns)| *variable == upper && turns.by(value));
    if verification {
        report.flag(
            &VERIFICATION_OFF,
            span,
            format!(
                "`{name}={value}` would turn off the verification that what is downloaded comes from who it claims"
            ),
        );
        return;
    }
    let trusted = if upper == "GOPROXY" {
        is_default_go_proxy(value)
    } else {
        value.split_whitespace().all(|index| {
            // `UV_INDEX="name=URL"`.
            let url = index
                .split_once('=')
                .map_or(index, |(name, url)| if name.contains("://") { index } else { url });
            is_trusted_already(url)
        })
    };
    if INDEX_VARIABLES.contains(&upper.as_str()) && !value.is_empty() && !trusted {
        report.flag(
            &PACKAGE_SOURCE_ADD,
            span,
            format!("`{name}={value}` would fetch packages from another index"),
        );
        return;
    }
    // `HUSKY=0 npm ci` only keeps the hooks from being installed, as CI does.
    let for_commits = matches!(setting, Setting::Exported | Setting::ForCommand { git_commit: true });
    let skips = HOOK_SWITCHES
        .iter()
        .any(|(variable, turns)| *variable == name && turns.by(value))
        || name == "SKIP" && setting == Setting::ForCommand { git_commit: true } && !value.is_empty();
    if skips && for_commits {
        report.flag(
            &GIT_SKIP_HOOKS,
            span,
            format!("`{name}={value}` would skip the checks the project's git hooks run"),
        );
    }
}

/// Judges what a program's arguments configure.
fn judge_program(command: &Command, context: &Context, report: &mut Report) {
    let name = command.name.as_str();
    if name == "git" {
        judge_git(command, context, report);
        return;
    }
    let args = command.args();
    let texts: Vec<&str> = args.iter().map(|word| word.value().unwrap_or("?")).collect();
    let positional: Vec<&str> = texts.iter().copied().filter(|text| !text.starts_with('-')).collect();
    let at = |index: usize| positional.get(index).copied().unwrap_or("");
    let has = |option: &str| {
        texts
            .iter()
            .any(|text| *text == option || text.starts_with(&format!("{option}=")))
    };
    let flag_verification = |report: &mut Report, what: String| {
        report.flag(
            &VERIFICATION_OFF,
            command.span,
            format!("{what} would turn off the verification that what is downloaded comes from who it claims"),
        )
    };
    let flag_source = |report: &mut Report, what: String| {
        report.flag(
            &PACKAGE_SOURCE_ADD,
            command.span,
            format!("{what} would make later installs fetch from another source"),
        )
    };
    let flag_hooks = |report: &mut Report, what: String| {
        report.flag(
            &GIT_SKIP_HOOKS,
            command.span,
            format!("{what} would take out the checks the project's git hooks run"),
        )
    };
    if let Some((_, option)) = VERIFICATION_OPTIONS
        .iter()
        .find(|(programs, option)| programs.contains(&name) && is_true_flag(&texts, option))
    {
        flag_verification(report, format!("`{name} {option}`"));
        return;
    }
    let index = INDEX_OPTIONS
        .iter()
        .filter(|table| table.programs.contains(&name))
        .filter(|table| table.subcommands.is_empty() || table.subcommands.contains(&at(0)))
        .find_map(|table| index_given(&texts, table.options).filter(|(_, value)| !(table.trusted)(value)));
    if let Some((option, value)) = index {
        flag_source(report, format!("`{name}` with `{option} {value}`"));
        return;
    }
    if let Some((_, removal)) = HOOK_REMOVALS.iter().find(|(program, removal)| {
        *program == name && (at(0) == *removal || removal.starts_with('-') && texts.contains(removal))
    }) {
        flag_hooks(report, format!("`{name} {removal}`"));
        return;
    }
    match name {
        // `setx NAME VALUE` (Windows, for every later session), `launchctl setenv NAME VALUE`.
        "setx" => judge_variable(at(0), at(1), Setting::Exported, command.span, report),
        "launchctl" if at(0) == "setenv" => judge_variable(at(1), at(2), Setting::Exported, command.span, report),
        "go" if at(0) == "env" && (has("-w")) => {
            for setting in positional.iter().skip(1) {
                if let Some((variable, value)) = setting.split_once('=') {
                    judge_variable(variable, value, Setting::Exported, command.span, report);
                }
            }
        }
        "npm" | "pnpm" | "yarn" | "bun" => {
            let setting = match (at(0), at(1)) {
                ("config" | "c", "set") => Some((at(2), at(3))),
                ("set", _) if name == "npm" => Some((at(1), at(2))),
                _ => None,
            };
            if let Some((key, value)) = setting {
                let (key, value) = key.split_once('=').unwrap_or((key, value));
                let key = key.to_ascii_lowercase();
                if (key == "strict-ssl" || key == "enablestrictssl") && is_off(value) || key == "unsafehttpwhitelist" {
                    flag_verification(report, format!("`{name} config set {key} {value}`"));
                } else if key == "registry" || key.ends_with(":registry") || key == "npmregistryserver" {
                    flag_source(report, format!("`{name} config set {key} {value}`"));
                }
            } else if texts.contains(&"--strict-ssl=false") {
                flag_verification(report, format!("`{name}` with `--strict-ssl=false`"));
            }
        }
        "pip" | "pip3" if at(0) == "config" && at(1) == "set" => {
            let key = at(2);
            let key = key.split_once('=').map_or(key, |(key, _)| key).to_ascii_lowercase();
            if key.ends_with("trusted-host") {
                flag_verification(report, format!("`{name} config set {key}`"));
            } else if key.ends_with("index-url") || key.ends_with("find-links") {
                flag_source(report, format!("`{name} config set {key}`"));
            }
        }
        "conda" | "mamba" | "micromamba" if at(0) == "config" => {
            let set = texts
                .windows(3)
                .any(|w| w[0] == "--set" && w[1] == "ssl_verify" && is_off(w[2]));
            let channel = texts
                .windows(3)
                .find(|w| matches!(w[0], "--add" | "--append" | "--prepend") && w[1] == "channels");
            if set {
                flag_verification(report, format!("`{name} config --set ssl_verify`"));
            } else if let Some(w) = channel
                && !is_mainstream_channel(w[2])
            {
                flag_source(report, format!("`{name} config {} channels {}`", w[0], w[2]));
            }
        }
        // `conda install someone::pkg`: the package from that channel.
        "conda" | "mamba" | "micromamba" if matches!(at(0), "install" | "create" | "update" | "upgrade") => {
            let channel = positional[1..]
                .iter()
                .filter_map(|spec| spec.split_once("::"))
                .find(|(channel, _)| !is_mainstream_channel(channel));
            if let Some((channel, package)) = channel {
                flag_source(report, format!("`{name} {} {channel}::{package}`", at(0)));
            }
        }
        "gem" if at(0) == "sources" && (has("--add") || has("-a")) => {
            flag_source(report, "`gem sources --add`".to_owned())
        }
        "bundle" if at(0) == "config" && positional.iter().any(|p| p.starts_with("mirror.")) => {
            flag_source(report, "`bundle config mirror`".to_owned())
        }
        "composer" if at(0) == "config" => {
            let key = if at(1) == "set" { at(2) } else { at(1) };
            if (key == "secure-http" && is_off(at(2))) || (key == "disable-tls" && at(2) == "true") {
                flag_verification(report, format!("`composer config {key}`"));
            } else if key.starts_with("repositories.") || key.starts_with("repo.") || key == "repositories" {
                flag_source(report, format!("`composer config {key}`"));
            }
        }
        "dotnet" if at(0) == "nuget" && at(1) == "add" && at(2) == "source" => {
            flag_source(report, "`dotnet nuget add source`".to_owned())
        }
        "nuget" if at(0).eq_ignore_ascii_case("sources") && at(1).eq_ignore_ascii_case("add") => {
            flag_source(report, "`nuget sources add`".to_owned())
        }
        "poetry" if at(0) == "source" && at(1) == "add" => flag_source(report, "`poetry source add`".to_owned()),
        "poetry" if at(0) == "config" && at(1).starts_with("certificates.") && is_off(at(2)) => {
            flag_verification(report, format!("`poetry config {}`", at(1)))
        }
        "add-apt-repository" if !has("--remove") && !has("-r") => {
            flag_source(report, "`add-apt-repository`".to_owned())
        }
        "apt-key" if matches!(at(0), "add" | "adv") => flag_source(report, format!("`apt-key {}`", at(0))),
        "apt" | "apt-get" | "aptitude" => {
            if let Some(setting) = apt_options(&texts)
                .into_iter()
                .find(|setting| apt_trusts_anything(setting))
            {
                flag_verification(report, format!("`{name} -o {setting}`"));
            }
        }
        "yum-config-manager" if has("--add-repo") => flag_source(report, "`yum-config-manager --add-repo`".to_owned()),
        "dnf" if at(0) == "config-manager" && (has("--add-repo") || at(1) == "addrepo") => {
            flag_source(report, "`dnf config-manager --add-repo`".to_owned())
        }
        "zypper" if matches!(at(0), "ar" | "addrepo") => flag_source(report, format!("`zypper {}`", at(0))),
        "rpm" if has("--import") => flag_source(report, "`rpm --import`".to_owned()),
        "pacman-key" => {
            if let Some(option) = ["--lsign-key", "--recv-keys", "--add", "-a", "-r", "--lsign"]
                .iter()
                .find(|option| has(option))
            {
                flag_source(report, format!("`pacman-key {option}`"));
            }
        }
        "brew" if at(0) == "tap" && !at(1).is_empty() => flag_source(report, format!("`brew tap {}`", at(1))),
        // `brew install someone/tap/formula` taps `someone/homebrew-tap` first.
        "brew" if matches!(at(0), "install" | "reinstall") => {
            let tapped = positional[1..].iter().find(|formula| {
                let parts: Vec<&str> = formula.split('/').collect();
                parts.len() == 3 && !parts[0].eq_ignore_ascii_case("homebrew")
            });
            if let Some(formula) = tapped {
                flag_source(report, format!("`brew {} {formula}`", at(0)));
            }
        }
        "choco" | "cinst" if at(0) == "source" && at(1) == "add" => {
            flag_source(report, "`choco source add`".to_owned())
        }
        "winget" if at(0) == "source" && at(1) == "add" => flag_source(report, "`winget source add`".to_owned()),
        "nix-channel" if has("--add") && !is_nixos_channel(at(0)) => {
            flag_source(report, format!("`nix-channel --add {}`", at(0)))
        }
        // `asdf plugin add NAME URL`, `mise plugins install NAME URL`: a plugin from that
        // repository instead of the plugin index, run to install every later version.
        "asdf" | "mise" | "rtx" => {
            let rest: &[&str] = match (at(0), at(1)) {
                ("plugin" | "plugins", "add" | "install" | "i") => &positional[2..],
                ("plugin-add", _) => &positional[1..],
                _ => &[],
            };
            if let [plugin, url, ..] = rest {
                flag_source(report, format!("`{name} plugin add {plugin} {url}`"));
            }
        }
        "flatpak" if at(0) == "remote-add" && !is_trusted_already(at(2)) => {
            flag_source(report, format!("`flatpak remote-add {}`", at(1)))
        }
        "gcloud" if at(0) == "config" && at(1) == "set" => {
            let key = at(2).to_ascii_lowercase();
            if key.trim_start_matches("auth/") == "disable_ssl_validation" && is_on(at(3)) {
                flag_verification(report, format!("`gcloud config set {}`", at(2)));
            }
        }
        _ if NIX_LIKE.contains(&name) => {
            for w in texts.windows(3).filter(|w| w[0] == "--option") {
                if w[1] == "require-sigs" && is_off(w[2]) {
                    flag_verification(report, format!("`{name} --option require-sigs {}`", w[2]));
                } else if matches!(w[1], "substituters" | "extra-substituters") && !is_trusted_already(w[2]) {
                    flag_source(report, format!("`{name} --option {} {}`", w[1], w[2]));
                }
            }
        }
        _ => {}
    }
}

/// Judges `git config` settings, `git -c` settings, settings given in `GIT_CONFIG_*`
/// variables, and the hook-skipping options.
fn judge_git(command: &Command, context: &Context, report: &mut Report) {
    let invocation = crate::tools::git::invocation(command);
    let span = command.span;
    for setting in &invocation.config {
        if let Some((key, value)) = setting.value().and_then(|text| text.split_once('=')) {
            judge_git_setting(key, value, context, span, report);
        }
    }
    let variables = command.assignments.iter().map(|(name, value)| (name.as_str(), value));
    for setting in environment_settings(variables) {
        if let Some(value) = setting.value.value() {
            judge_git_setting(&setting.key, value, context, span, report);
        }
    }
    let texts: Vec<&str> = invocation.args.iter().map(|word| word.value().unwrap_or("?")).collect();
    match invocation.subcommand.as_str() {
        "config" => {
            let mut positional = Vec::new();
            let mut unset = false;
            let mut words = texts.iter();
            while let Some(text) = words.next() {
                match *text {
                    "-f" | "--file" | "--blob" | "--type" | "--default" | "--comment" | "--value" => {
                        words.next();
                    }
                    "--unset" | "--unset-all" => unset = true,
                    // Reading and listing change nothing.
                    "--get" | "--get-all" | "--get-regexp" | "-l" | "--list" => return,
                    _ if text.starts_with('-') => {}
                    _ => positional.push(*text),
                }
            }
            match positional.first() {
                Some(&"set") => {
                    positional.remove(0);
                }
                Some(&"unset") => {
                    positional.remove(0);
                    unset = true;
                }
                _ => {}
            }
            if unset {
                if positional
                    .first()
                    .is_some_and(|key| key.eq_ignore_ascii_case("core.hooksPath"))
                {
                    report.flag(
                        &GIT_SKIP_HOOKS,
                        span,
                        "unsetting `core.hooksPath` would drop the project's hooks folder (husky's `.husky`), so its hooks stop running",
                    );
                }
            } else if let [key, value, ..] = positional[..] {
                judge_git_setting(key, value, context, span, report);
            }
        }
        "commit" | "push" | "merge" | "am" | "rebase" | "cherry-pick" | "revert" => {
            // The options, without the values of those that take one (`-m "-n"` is a message).
            let mut options = Vec::new();
            let mut words = texts.iter();
            while let Some(text) = words.next() {
                if GIT_VALUED.contains(text) {
                    words.next();
                } else if text.starts_with('-') {
                    options.push(*text);
                }
            }
            let commit = invocation.subcommand == "commit";
            let short_n = options.iter().any(|text| is_short_bundle_with(text, 'n'));
            // A dry run commits or pushes nothing (`git push -n` is one), so the checks
            // skipped guard nothing; `git commit --dry-run` runs no hook at all.
            let dry_run = options.contains(&"--dry-run") || (invocation.subcommand == "push" && short_n);
            if (options.contains(&"--no-verify") || (commit && short_n)) && !dry_run {
                report.flag(
                    &GIT_SKIP_HOOKS,
                    span,
                    format!(
                        "`git {} --no-verify` would skip the checks the project's git hooks run",
                        invocation.subcommand
                    ),
                );
            }
        }
        _ => {}
    }
}

/// Options of `git commit`, `push`, `merge` and the like that take the next word as their value.
const GIT_VALUED: &[&str] = &[
    "-m",
    "-F",
    "-c",
    "-C",
    "-t",
    "-o",
    "-X",
    "-s",
    "--message",
    "--file",
    "--reuse-message",
    "--reedit-message",
    "--template",
    "--author",
    "--date",
    "--fixup",
    "--squash",
    "--trailer",
    "--cleanup",
    "--push-option",
    "--strategy",
    "--strategy-option",
    "--repo",
    "--onto",
    "--exec",
];

/// Judges the git setting `key` (any case) given `value`.
fn judge_git_setting(key: &str, value: &str, context: &Context, span: Span, report: &mut Report) {
    let key = key.to_ascii_lowercase();
    if (key == "http.sslverify" || key.starts_with("http.") && key.ends_with(".sslverify")) && is_off(value) {
        report.flag(
            &VERIFICATION_OFF,
            span,
            format!("`{key}={value}` would make git accept any TLS certificate"),
        );
    } else if matches!(
        key.as_str(),
        "commit.gpgsign" | "tag.gpgsign" | "tag.forcesignannotated"
    ) && is_off(value)
    {
        report.flag(
            &VERIFICATION_OFF,
            span,
            format!("`{key}={value}` would stop signing commits or tags"),
        );
    } else if key == "merge.verifysignatures" && is_off(value) {
        report.flag(
            &VERIFICATION_OFF,
            span,
            format!("`{key}={value}` would stop checking the signatures of the commits merged and pulled"),
        );
    } else if key == "safe.directory" && value == "*" {
        report.flag(
            &GIT_TRUST_ALL_DIRECTORIES,
            span,
            "`safe.directory=*` would make git trust repositories owned by anyone",
        );
    } else if key == "core.hookspath" && hooks_elsewhere(value, context) {
        report.flag(
            &GIT_SKIP_HOOKS,
            span,
            format!("`core.hooksPath={value}` would make git run the hooks there instead of the project's own"),
        );
    }
}

/// Whether `core.hooksPath=value` points git's hooks away from the project's: at nothing, or at
/// a folder outside the project. A relative path is the project's own (`.husky`, `.githooks`).
fn hooks_elsewhere(value: &str, context: &Context) -> bool {
    if matches!(value, "" | "/dev/null" | "NUL" | "nul") {
        return true;
    }
    let home = context.home.as_str();
    let expanded = match ["~/", "$HOME/", "${HOME}/"]
        .iter()
        .find_map(|prefix| value.strip_prefix(prefix))
    {
        Some(rest) => format!("{home}/{rest}"),
        None if matches!(value, "~" | "$HOME" | "${HOME}") => home.to_owned(),
        None => value.to_owned(),
    };
    AbsPath::new(&expanded).is_some_and(|path| !path.starts_with(&context.project_root))
}

/// The settings apt is given with `-o KEY=VALUE` (`-oKEY=VALUE`, `--option KEY=VALUE`).
fn apt_options<'a>(texts: &[&'a str]) -> Vec<&'a str> {
    let mut settings = Vec::new();
    let mut words = texts.iter();
    while let Some(text) = words.next() {
        match *text {
            "-o" | "--option" => settings.extend(words.next().copied()),
            _ => settings.extend(
                text.strip_prefix("--option=")
                    .or_else(|| text.strip_prefix("-o").filter(|rest| rest.contains('='))),
            ),
        }
    }
    settings
}

/// Whether an apt setting makes it accept packages or repositories it cannot authenticate, or
/// any TLS certificate (`Acquire::https::Verify-Peer=false`, `APT::Get::AllowUnauthenticated=true`).
fn apt_trusts_anything(setting: &str) -> bool {
    let Some((key, value)) = setting.split_once('=') else {
        return false;
    };
    let key = key.to_ascii_lowercase();
    let value = value.trim_matches('"');
    let last = key.rsplit("::").next().unwrap_or("");
    (matches!(last, "verify-peer" | "verify-host") && is_off(value))
        || (matches!(
            last,
            "allowunauthenticated" | "allowinsecurerepositories" | "allowdowngradetoinsecurerepositories"
        ) && is_on(value))
}

/// Whether `value` turns a setting off.
fn is_off(value: &str) -> bool {
    matches!(value.to_ascii_lowercase().as_str(), "false" | "0" | "no" | "off")
}

/// Whether `value` turns a setting on.
fn is_on(value: &str) -> bool {
    matches!(value.to_ascii_lowercase().as_str(), "true" | "1" | "yes" | "on")
}

/// Whether `flag` is given and not turned off (`--flag`, `--flag=true`).
fn is_true_flag(texts: &[&str], flag: &str) -> bool {
    texts.iter().any(|text| {
        *text == flag
            || text
                .strip_prefix(flag)
                .and_then(|rest| rest.strip_prefix('='))
                .is_some_and(|v| !is_off(v))
    })
}

/// Whether `text` is a bundle of short options (`-nm`) with `letter` before any letter that
/// takes a value.
fn is_short_bundle_with(text: &str, letter: char) -> bool {
    let Some(letters) = text.strip_prefix('-').filter(|rest| !rest.starts_with('-')) else {
        return false;
    };
    for c in letters.chars() {
        if c == letter {
            return true;
        }
        if "mFcCtSu".contains(c) || !c.is_ascii_alphabetic() {
            return false;
        }
    }
    false
}

/// The index or registry an option names for this command only (`--registry URL`,
/// `--index-url=URL`, `-iURL`): the option as written and its value.
fn index_given<'a>(texts: &[&'a str], options: &[&'a str]) -> Option<(&'a str, &'a str)> {
    texts.iter().enumerate().find_map(|(at, text)| {
        options.iter().find_map(|option| {
            if text == option {
                return texts.get(at + 1).map(|value| (*option, *value));
            }
            let rest = text.strip_prefix(option)?;
            let value = if option.starts_with("--") {
                rest.strip_prefix('=')?
            } else {
                rest
            };
            (!value.is_empty()).then_some((*option, value))
        })
    })
}

/// The public indexes the tools use by default (and the official ones their manuals name for
/// a package, such as PyTorch's wheels), and local folders of packages: naming one trusts no
/// one new.
fn is_trusted_already(url: &str) -> bool {
    // cargo's `sparse+https://…`, pip's `git+https://…`.
    let url = url
        .split_once('+')
        .filter(|(scheme, _)| !scheme.contains('/'))
        .map_or(url, |(_, url)| url);
    if !url.contains("://") || url.starts_with("file://") {
        return true;
    }
    let host = url
        .split("://")
        .nth(1)
        .unwrap_or(url)
        .split(['/', ':'])
        .next()
        .unwrap_or("")
        .to_ascii_lowercase();
    matches!(
        host.as_str(),
        "pypi.org"
            | "pypi.python.org"
            | "files.pythonhosted.org"
            | "download.pytorch.org"
            | "registry.npmjs.org"
            | "registry.yarnpkg.com"
            | "rubygems.org"
            | "index.crates.io"
            | "community.chocolatey.org"
            | "chocolatey.org"
            | "cache.nixos.org"
            | "repo.packagist.org"
            | "packagist.org"
            | "dl.flathub.org"
            | "flathub.org"
    ) || host == "alpinelinux.org"
        || host.ends_with(".alpinelinux.org")
}

/// Whether a conda channel (a name or a URL) is one of the mainstream ones: conda-forge,
/// Anaconda's defaults (`main`, `r`, `msys2`), and the channels the big projects publish to
/// (bioconda, pytorch, nvidia). Any other is some one person's or company's.
fn is_mainstream_channel(channel: &str) -> bool {
    const MAINSTREAM: &[&str] = &[
        "conda-forge",
        "defaults",
        "main",
        "r",
        "msys2",
        "bioconda",
        "pytorch",
        "nvidia",
    ];
    let channel = channel.trim_end_matches('/');
    if channel.starts_with("file://") || channel.starts_with('/') || channel.starts_with('.') {
        return true;
    }
    let Some((_, rest)) = channel.split_once("://") else {
        return MAINSTREAM.contains(&channel);
    };
    let (host, path) = rest.split_once('/').unwrap_or((rest, ""));
    match host.to_ascii_lowercase().as_str() {
        "conda.anaconda.org" | "anaconda.org" => MAINSTREAM.contains(&path.split('/').next().unwrap_or("")),
        "repo.anaconda.com" => true,
        _ => false,
    }
}

/// Whether a nix channel URL is one of NixOS's own.
fn is_nixos_channel(url: &str) -> bool {
    let host = url.split("://").nth(1).unwrap_or("").split('/').next().unwrap_or("");
    matches!(host, "nixos.org" | "channels.nixos.org" | "releases.nixos.org")
}

/// Whether a `GOPROXY` list names only Go's own proxy, direct fetches from the modules'
/// repositories, or nothing.
fn is_default_go_proxy(value: &str) -> bool {
    value.split([',', '|']).all(|entry| {
        matches!(
            entry.trim().trim_end_matches('/'),
            "direct" | "off" | "https://proxy.golang.org" | "proxy.golang.org" | ""
        )
    })
}
