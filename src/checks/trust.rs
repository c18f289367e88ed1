//! Trust and the supply chain: what changes whom the machine's tools trust, each asked about.
//! - Verification turned off: TLS certificates (`git config http.sslVerify false`,
//!   `NODE_TLS_REJECT_UNAUTHORIZED=0`, `npm config set strict-ssl false`, a trusted pip host),
//!   Go's checksum database, commit and tag signatures.
//! - A package index, registry, channel, repository or signing key added or switched
//!   (`npm config set registry`, `pip config set global.index-url`, `add-apt-repository`,
//!   `apt-key add`, `brew tap`): every later install fetches from it.
//! - git told to trust every directory (`safe.directory '*'`), and git's hooks skipped
//!   (`--no-verify`, `HUSKY=0`), which the project put there to check each commit.
//!
//! The settings are read wherever they are made: a configuration command, an exported
//! variable, a variable given to one command, `git -c`, `go env -w`, `setx`.

use super::{ASK, Applies, Checker, Report, Subject};
use crate::command::{Analysis, Command};
use crate::context::Context;
use crate::rules::Rule;
use crate::source::Span;

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
    catches: "Turning off the verification of TLS certificates, package checksums or commit signatures, in a tool's configuration or environment: `git config http.sslVerify false`, `NODE_TLS_REJECT_UNAUTHORIZED=0`, `npm config set strict-ssl false`, `pip install --trusted-host`, `GOSUMDB=off`, `git config commit.gpgsign false`.",
    instead: "Fix the certificate chain instead (install the company CA with `NODE_EXTRA_CA_CERTS` or `git config http.sslCAInfo`), or ask the user",
    examples: &[
        "git config --global http.sslVerify false",
        "export NODE_TLS_REJECT_UNAUTHORIZED=0",
        "NODE_TLS_REJECT_UNAUTHORIZED=0 npm install",
        "npm config set strict-ssl false",
        "git -c http.sslVerify=false clone https://example.com/r.git",
        "pip install --trusted-host pypi.example.com requests",
        "go env -w GOSUMDB=off",
        "conda config --set ssl_verify false",
    ],
    allowed: &[
        "git config --global http.sslVerify true",
        "git config --get http.sslVerify",
        "export NODE_EXTRA_CA_CERTS=/etc/ssl/certs/corp.pem",
        "npm config get strict-ssl",
    ],
};

pub static PACKAGE_SOURCE_ADD: Rule = Rule {
    id: "package-source-add",
    decision: ASK,
    catches: "Adding or switching a package index, registry, channel, repository or signing key: `npm config set registry URL`, `pip config set global.index-url URL`, `pip install --extra-index-url URL` (or `-i`, `--index-url`, `--find-links` URL), `npm install --registry URL`, `gem install --source URL`, `add-apt-repository`, `apt-key add`, `brew tap`, `gem sources --add`, `dotnet nuget add source`, `go env -w GOPROXY=URL`.",
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
    ],
    allowed: &[
        "npm config get registry",
        "npm install --save-dev vitest",
        "pip install requests",
        "conda config --add channels conda-forge",
        "brew tap",
        "gem sources --list",
    ],
};

pub static GIT_TRUST_ALL_DIRECTORIES: Rule = Rule {
    id: "git-trust-all-directories",
    decision: ASK,
    catches: "Telling git to trust repositories owned by anyone, anywhere: `git config --global --add safe.directory '*'`. A repository another user controls can then run its configured programs as you.",
    instead: "Trust the one repository meant: `git config --global --add safe.directory /path/to/repo`",
    examples: &[
        "git config --global --add safe.directory '*'",
        "git config --system safe.directory \\*",
    ],
    allowed: &["git config --global --add safe.directory /srv/app"],
};

pub static GIT_SKIP_HOOKS: Rule = Rule {
    id: "git-skip-hooks",
    decision: ASK,
    catches: "Skipping the checks the project's git hooks run: `git commit --no-verify` (`-n`), `git push --no-verify`, `HUSKY=0 git commit`, `git -c core.hooksPath=/dev/null commit`.",
    instead: "Run the commit with its hooks and fix what they report, or ask the user to allow skipping them",
    examples: &[
        "git commit --no-verify -m wip",
        "git commit -nm wip",
        "git push --no-verify",
        "HUSKY=0 git commit -m wip",
        "git -c core.hooksPath=/dev/null commit -m wip",
    ],
    allowed: &["git commit -m wip", "git push -n", "git merge -n feature"],
};

/// Programs whose arguments this checker reads; any other command is read only for the
/// variables given to it.
const PROGRAMS: &[&str] = &[
    "git",
    "npm",
    "pnpm",
    "yarn",
    "bun",
    "pip",
    "pip3",
    "uv",
    "conda",
    "mamba",
    "micromamba",
    "go",
    "gem",
    "bundle",
    "composer",
    "dotnet",
    "nuget",
    "poetry",
    "add-apt-repository",
    "apt-key",
    "yum-config-manager",
    "dnf",
    "zypper",
    "rpm",
    "brew",
    "kubectl",
    "helm",
    "apt",
    "apt-get",
    "setx",
    "launchctl",
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
    if PROGRAMS.contains(&command.name.as_str()) {
        judge_program(command, report);
    }
}

/// Judges the variables the command's declarations export.
fn exported(analysis: &Analysis, _: &Context, report: &mut Report) {
    for export in &analysis.exports {
        if let Some(value) = export.value.value() {
            judge_variable(&export.name, value, Setting::Exported, export.span, report);
        }
    }
}

/// Judges the variable `name` set to `value`.
fn judge_variable(name: &str, value: &str, setting: Setting, span: Span, report: &mut Report) {
    let off = |value: &str| matches!(value.to_ascii_lowercase().as_str(), "0" | "false" | "no" | "off");
    let lower = name.to_ascii_lowercase();
    let verification = match name {
        "NODE_TLS_REJECT_UNAUTHORIZED" => value == "0",
        "GIT_SSL_NO_VERIFY" | "PIP_TRUSTED_HOST" | "GOINSECURE" | "GONOSUMDB" | "GONOSUMCHECK" | "GONOSUMCHECKS" => {
            !value.is_empty() && !off(value)
        }
        "PYTHONHTTPSVERIFY" => value == "0",
        "GOSUMDB" => value == "off",
        "GOFLAGS" => value.contains("-insecure"),
        "YARN_ENABLE_STRICT_SSL" => off(value),
        _ => lower == "npm_config_strict_ssl" && off(value),
    };
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
    let source = matches!(
        name,
        "PIP_INDEX_URL"
            | "PIP_EXTRA_INDEX_URL"
            | "UV_INDEX_URL"
            | "UV_EXTRA_INDEX_URL"
            | "UV_INDEX"
            | "GOPROXY"
            | "YARN_NPM_REGISTRY_SERVER"
    ) || lower == "npm_config_registry";
    if source && !value.is_empty() && value != "direct" && value != "https://proxy.golang.org,direct" {
        report.flag(
            &PACKAGE_SOURCE_ADD,
            span,
            format!("`{name}={value}` would fetch packages from another index"),
        );
        return;
    }
    // `HUSKY=0 npm ci` only keeps the hooks from being installed, as CI does.
    let for_commits = matches!(setting, Setting::Exported | Setting::ForCommand { git_commit: true });
    let skips = match name {
        "HUSKY" => value == "0",
        "HUSKY_SKIP_HOOKS" => !value.is_empty() && !off(value),
        "SKIP" => setting == Setting::ForCommand { git_commit: true } && !value.is_empty(),
        _ => false,
    };
    if skips && for_commits {
        report.flag(
            &GIT_SKIP_HOOKS,
            span,
            format!("`{name}={value}` would skip the checks the project's git hooks run"),
        );
    }
}

/// Judges what a program's arguments configure.
fn judge_program(command: &Command, report: &mut Report) {
    let args = command.args();
    let texts: Vec<&str> = args.iter().map(|word| word.value().unwrap_or("?")).collect();
    let positional: Vec<&str> = texts.iter().copied().filter(|text| !text.starts_with('-')).collect();
    let at = |index: usize| positional.get(index).copied().unwrap_or("");
    let has = |option: &str| {
        texts
            .iter()
            .any(|text| *text == option || text.starts_with(&format!("{option}=")))
    };
    let name = command.name.as_str();
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
    match name {
        "git" => judge_git(command, report),
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
            } else if texts
                .iter()
                .any(|text| *text == "--strict-ssl=false" || *text == "--no-strict-ssl")
            {
                flag_verification(report, format!("`{name}` with `--strict-ssl=false`"));
            } else if let Some((option, registry)) =
                index_given(&texts, &["--registry"]).filter(|(_, registry)| !is_trusted_already(registry))
            {
                flag_source(report, format!("`{name}` with `{option} {registry}`"));
            }
        }
        "pip" | "pip3" | "uv" => {
            let config = if name == "uv" {
                None
            } else {
                (at(0) == "config" && at(1) == "set").then(|| at(2))
            };
            if let Some(key) = config {
                let key = key.split_once('=').map_or(key, |(key, _)| key).to_ascii_lowercase();
                if key.ends_with("trusted-host") {
                    flag_verification(report, format!("`{name} config set {key}`"));
                } else if key.ends_with("index-url") || key.ends_with("find-links") {
                    flag_source(report, format!("`{name} config set {key}`"));
                }
            } else if has("--trusted-host") {
                flag_verification(report, format!("`{name}` with `--trusted-host`"));
            } else if let Some((option, index)) = index_given(
                &texts,
                &[
                    "-i",
                    "--index-url",
                    "--extra-index-url",
                    "--index",
                    "--default-index",
                    "-f",
                    "--find-links",
                ],
            )
            .filter(|(_, index)| !is_trusted_already(index))
            {
                flag_source(report, format!("`{name}` with `{option} {index}`"));
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
                && !matches!(w[2], "conda-forge" | "defaults" | "bioconda" | "pytorch" | "nvidia")
            {
                flag_source(report, format!("`{name} config {} channels {}`", w[0], w[2]));
            }
        }
        "gem" if at(0) == "sources" && (has("--add") || has("-a")) => {
            flag_source(report, "`gem sources --add`".to_owned())
        }
        "bundle" if at(0) == "config" && positional.iter().any(|p| p.starts_with("mirror.")) => {
            flag_source(report, "`bundle config mirror`".to_owned())
        }
        "gem" | "bundle" => {
            if let Some((option, index)) =
                index_given(&texts, &["--source", "-s"]).filter(|(_, index)| !is_trusted_already(index))
            {
                flag_source(report, format!("`{name}` with `{option} {index}`"));
            }
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
        "yum-config-manager" if has("--add-repo") => flag_source(report, "`yum-config-manager --add-repo`".to_owned()),
        "dnf" if at(0) == "config-manager" && (has("--add-repo") || at(1) == "addrepo") => {
            flag_source(report, "`dnf config-manager --add-repo`".to_owned())
        }
        "zypper" if matches!(at(0), "ar" | "addrepo") => flag_source(report, format!("`zypper {}`", at(0))),
        "rpm" if has("--import") => flag_source(report, "`rpm --import`".to_owned()),
        "brew" if at(0) == "tap" && !at(1).is_empty() => flag_source(report, format!("`brew tap {}`", at(1))),
        "apt" | "apt-get" if has("--allow-unauthenticated") || has("--allow-insecure-repositories") => {
            flag_verification(report, format!("`{name}` allowing unauthenticated packages"))
        }
        "kubectl" if at(0) == "config" && is_true_flag(&texts, "--insecure-skip-tls-verify") => {
            flag_verification(report, "`kubectl config` with `--insecure-skip-tls-verify`".to_owned())
        }
        "helm" if at(0) == "repo" && at(1) == "add" && is_true_flag(&texts, "--insecure-skip-tls-verify") => {
            flag_verification(report, "`helm repo add --insecure-skip-tls-verify`".to_owned())
        }
        _ => {}
    }
}

/// Judges `git config` settings, `git -c` settings and the hook-skipping options.
fn judge_git(command: &Command, report: &mut Report) {
    let invocation = crate::tools::git::invocation(command);
    let span = command.span;
    for setting in &invocation.config {
        if let Some((key, value)) = setting.value().and_then(|text| text.split_once('=')) {
            judge_git_setting(key, value, span, report);
        }
    }
    let texts: Vec<&str> = invocation.args.iter().map(|word| word.value().unwrap_or("?")).collect();
    match invocation.subcommand.as_str() {
        "config" => {
            let mut positional = Vec::new();
            let mut words = texts.iter();
            while let Some(text) = words.next() {
                match *text {
                    "-f" | "--file" | "--blob" | "--type" | "--default" | "--comment" | "--value" => {
                        words.next();
                    }
                    _ if text.starts_with('-') => {
                        // Reading, listing and removing change nothing that is judged here.
                        if matches!(
                            *text,
                            "--get" | "--get-all" | "--get-regexp" | "-l" | "--list" | "--unset" | "--unset-all"
                        ) {
                            return;
                        }
                    }
                    _ => positional.push(*text),
                }
            }
            if positional.first() == Some(&"set") {
                positional.remove(0);
            }
            if let [key, value, ..] = positional[..] {
                judge_git_setting(key, value, span, report);
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
            let short_n =
                invocation.subcommand == "commit" && options.iter().any(|text| is_short_bundle_with(text, 'n'));
            if options.contains(&"--no-verify") || short_n {
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
fn judge_git_setting(key: &str, value: &str, span: Span, report: &mut Report) {
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
    } else if key == "safe.directory" && value == "*" {
        report.flag(
            &GIT_TRUST_ALL_DIRECTORIES,
            span,
            "`safe.directory=*` would make git trust repositories owned by anyone",
        );
    } else if key == "core.hookspath" && matches!(value, "/dev/null" | "" | "NUL" | "nul") {
        report.flag(
            &GIT_SKIP_HOOKS,
            span,
            "`core.hooksPath` would point git's hooks at nothing",
        );
    }
}

/// Whether `value` turns a setting off.
fn is_off(value: &str) -> bool {
    matches!(value.to_ascii_lowercase().as_str(), "false" | "0" | "no" | "off")
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

/// The public indexes the tools use by default, and local folders of packages: naming one
/// trusts no one new.
fn is_trusted_already(url: &str) -> bool {
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
            | "registry.npmjs.org"
            | "registry.yarnpkg.com"
            | "rubygems.org"
    )
}
