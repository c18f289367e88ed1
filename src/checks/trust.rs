//! Trust and the supply chain: what changes whom the machine's tools trust, each asked about.
//! - Verification turned off: TLS certificates (`git config http.sslVerify false`,
//!   `NODE_TLS_REJECT_UNAUTHORIZED=0`, `aws --no-verify-ssl`, a trusted pip host), package
//!   signatures and checksums (`dnf --nogpgcheck`, `rpm --nosignature`, `makepkg
//!   --skippgpcheck`, `GOSUMDB=off`, nix's `require-sigs`), commit and tag signatures.
//! - A package index, registry, channel, repository or signing key added or switched, for
//!   good (`npm config set registry`, `add-apt-repository`, `brew tap`, `pacman-key
//!   --lsign-key`) or for one command (`pip install -i URL`, `apk add --repository URL`,
//!   `conda install -c someone`, `brew install someone/tap/x`).
//! - git told where else to fetch from or push to (`url.BASE.insteadOf`), or to run the
//!   command an `ext::` address names (`protocol.ext.allow always`, `GIT_ALLOW_PROTOCOL=ext`).
//! - git told to trust every directory (`safe.directory '*'`), and git's hooks skipped
//!   (`--no-verify`, a hook manager's off switch such as `HUSKY=0` or `LEFTHOOK=0`,
//!   `core.hooksPath` pointed away from the project's hooks, `pre-commit uninstall`), which
//!   the project put there to check each commit.
//! - git configured for good to run a program on later commands (`core.fsmonitor`,
//!   `diff.external`, a filter, a `!` credential helper), to read another configuration file
//!   (`include.path`), or to let a plain `git clean` delete (`clean.requireForce false`).
//!
//! The settings are read wherever they are made: a configuration command, an exported
//! variable, a variable given to one command, `git -c`, `git --config-env`, `git clone -c` and
//! git's `GIT_CONFIG_*` variables (a value only known when git runs may be any), JVM system
//! properties (`-D`, `MAVEN_OPTS`), `go env -w`, `setx`. Which variables, options and indexes
//! count is data, in the tables below. The tools' abbreviations (`pip install --index-ur`,
//! `npm install --reg`) are written out before this checker reads them (`tools::spelling`).

use super::{ASK, Applies, Checker, Report, Subject};
use crate::args::{self, Arg, Options};
use crate::command::{Analysis, Command};
use crate::context::Context;
use crate::paths::AbsPath;
use crate::rules::Rule;
use crate::source::Span;
use crate::tools::git::{Invocation, environment_settings};
use crate::word::{Part, Word};

pub const CHECKER: Checker = Checker {
    rules: &[
        &VERIFICATION_OFF,
        &PACKAGE_SOURCE_ADD,
        &GIT_TRUST_ALL_DIRECTORIES,
        &GIT_EXT_TRANSPORT,
        &GIT_SKIP_HOOKS,
        &GIT_CONFIG_COMMAND,
        &TOOL_CONFIG_COMMAND,
    ],
    applies: Applies::EveryCommand,
    check,
    whole_analysis: Some(exported),
};

pub static VERIFICATION_OFF: Rule = Rule {
    id: "verification-off",
    decision: ASK,
    catches: "Turning off the verification of TLS certificates, package signatures or checksums, or commit signatures, in a tool's configuration, environment or options: `git config http.sslVerify false` (or an empty value, or one from `--config-env`), `NODE_TLS_REJECT_UNAUTHORIZED=0`, `npm config set strict-ssl false`, `pip install --trusted-host`, `uv --allow-insecure-host`, `dnf install --nogpgcheck` or `--setopt=gpgcheck=0`, `zypper --no-gpg-checks`, `rpm --nosignature`, `apk add --allow-untrusted`, `apt-get -o Acquire::https::Verify-Peer=false`, `makepkg --skippgpcheck`, `podman pull --tls-verify=false`, `aws --no-verify-ssl`, `kubectl --insecure-skip-tls-verify`, `DOCKER_CONTENT_TRUST=0`, `GOSUMDB=off`, `CARGO_HTTP_CHECK_REVOKE=false`, `bundle config ssl_verify_mode 0`, Maven's `-Dmaven.wagon.http.ssl.insecure=true`, Gradle's `--dependency-verification off`, nix's `require-sigs false`, `git config commit.gpgsign false`. A single download with `curl -k` passes: it trusts one reply, not a tool's later installs.",
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
        "git -c http.sslVerify= clone https://example.com/r.git",
        "git --config-env=http.sslVerify=V clone https://example.com/r.git",
        "git clone -c http.sslVerify=false https://example.com/r.git",
        "podman pull --tls-verify=false registry.example.com/app",
        "dnf install --setopt=gpgcheck=0 foo",
        "apk add --allow-untrusted ./foo.apk",
        "export CARGO_HTTP_CHECK_REVOKE=false",
        "bundle config set ssl_verify_mode 0",
        "mvn -Dmaven.wagon.http.ssl.insecure=true install",
        "./gradlew build --dependency-verification off",
        "pip install --trusted pypi.example.com requests",
    ],
    allowed: &[
        "git config --global http.sslVerify true",
        "git -c http.sslVerify clone https://example.com/r.git",
        "podman pull --tls-verify=true registry.example.com/app",
        "dnf install --setopt=install_weak_deps=False foo",
        "mvn -DskipTests install",
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
    catches: "Adding or switching a package index, registry, channel, repository or signing key, for good or for one command: `npm config set registry URL`, `pip config set global.index-url URL`, `pip install -i URL` (or `--extra-index-url`, `--find-links`, abbreviated as pip takes them: `--index-ur`), `npm install --registry URL` (`--reg`), git's `url.BASE.insteadOf ADDRESS` and `pushInsteadOf` sending fetches or pushes for an address to another host or path, `gem install --source URL`, `apk add --repository URL`, `conda install -c someone`, `brew install someone/tap/x`, `cargo install --index URL`, `add-apt-repository`, `apt-key add`, `pacman-key --lsign-key`, `brew tap`, `choco source add`, `nix-channel --add`, `asdf plugin add NAME URL`, `go env -w GOPROXY=URL`. The tools' default public indexes, conda-forge and the default conda channels, and local folders pass.",
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
        "git config --global url.https://mirror.example.com/.insteadOf https://github.com/",
        "git config --global url.https://example.com/fork/.pushInsteadOf git@github.com:org/",
        "pip install --index-ur https://pypi.example.com/simple pkg",
        "npm install --reg https://registry.example.com pkg",
    ],
    allowed: &[
        "git config --global url.\"git@github.com:\".insteadOf https://github.com/",
        "git config --global url.https://github.com/.insteadOf gh:",
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

pub static GIT_EXT_TRANSPORT: Rule = Rule {
    id: "git-ext-transport",
    decision: ASK,
    catches: "Allowing git's `ext::` transport, whose remote addresses are commands git runs: `protocol.ext.allow always`, `protocol.allow always` (every protocol without a setting of its own, `ext` among them), `GIT_ALLOW_PROTOCOL` naming `ext`, for good or for one command. Any address git is then given, a submodule's in a repository someone else wrote among them, can run a program as you. A command typed with an `ext::` address is judged by the command it runs.",
    instead: "Fetch over https or ssh; if one remote really needs `ext::`, run that one command and show the user the command its address runs",
    examples: &[
        "git config --global protocol.ext.allow always",
        "git -c protocol.ext.allow=always clone --recurse-submodules https://example.com/r.git",
        "git config --global protocol.allow always",
        "export GIT_ALLOW_PROTOCOL=https:ext",
        "GIT_ALLOW_PROTOCOL=ext git submodule update --init",
    ],
    allowed: &[
        "git config --global protocol.ext.allow never",
        "git config --global protocol.ext.allow user",
        "git -c protocol.file.allow=always submodule update --init",
        "export GIT_ALLOW_PROTOCOL=https:ssh",
    ],
};

pub static GIT_SKIP_HOOKS: Rule = Rule {
    id: "git-skip-hooks",
    decision: ASK,
    catches: "Skipping the checks the project's git hooks run: `git commit --no-verify` (`-n`), `git push --no-verify` (not in a dry run, which commits or pushes nothing), a hook manager's off switch (`HUSKY=0`, `LEFTHOOK=0`, `OVERCOMMIT_DISABLE=1`, `SKIP=…` for a commit), `core.hooksPath` pointed outside the project (`git -c core.hooksPath=/dev/null commit`) or unset, `init.templateDir` or `git init|clone --template` pointed outside it (its hooks are copied into the new repositories), and a hook manager's uninstall (`pre-commit uninstall`).",
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
        "git commit --no-verif -m wip",
        "git init --template=/tmp/tpl repo",
        "git clone --template /tmp/tpl https://github.com/a/b",
    ],
    allowed: &[
        "git commit -m wip",
        "git commit --no-ver -m wip",
        "git push -n",
        "git merge -n feature",
        "git commit --no-verify --dry-run",
        "git push --no-verify -n origin main",
        "git config core.hooksPath .githooks",
        "git init --template=./templates/git repo",
        "pre-commit install",
        "pre-commit run --all-files",
        "LEFTHOOK=1 npm install",
    ],
};

pub static GIT_CONFIG_COMMAND: Rule = Rule {
    id: "git-config-command",
    decision: ASK,
    catches: "Writing a git setting that makes later git commands, the user's too, run a program or obey another file: a key whose value git runs (`core.fsmonitor`, `diff.external`, `filter.*.clean|smudge|process`, `core.sshCommand`, `core.pager`, `gpg.program`, a `!` or path credential helper…) set to anything but a well-known pager, editor or `ssh`, a configuration file included (`include.path`, `includeIf.*.path`), and `clean.requireForce false`, which lets a plain `git clean` delete untracked files. What the program does is judged now too, but it runs later, outside any hook, and the file it names may change by then.",
    instead: "Run the program directly now, or pass the setting for one command (`git -c core.fsmonitor=false status`); let the user change their git configuration",
    examples: &[
        "git config core.fsmonitor ./x.sh",
        "git config --global diff.external /tmp/d.sh",
        "git config filter.lfs2.smudge 'python3 smudge.py'",
        "git config credential.helper '!f() { cat ~/.token; }; f'",
        "git config --global include.path /tmp/extra.gitconfig",
        "git config core.sshCommand 'sh x.sh'",
        "git config clean.requireForce false",
        "git config set --global core.pager ./pager.sh",
    ],
    allowed: &[
        "git config core.fsmonitor true",
        "git config --global core.pager 'less -FRX'",
        "git config --global core.pager delta",
        "git config --global core.editor 'code --wait'",
        "git config core.sshCommand 'ssh -i ~/.ssh/id_work'",
        "git config --global credential.helper osxkeychain",
        "git config --get core.fsmonitor",
        "git -c core.fsmonitor=false status",
        "git config clean.requireForce true",
        "git config user.name 'A B'",
        "git config --global alias.lg 'log --oneline --graph'",
        "git config --global include.path ~/.gitconfig-work",
        "git config --global diff.external ~/bin/difftool.sh",
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
    /// Any value but this one.
    Not(&'static str),
    /// A word that means on, or no value (`-Dmaven.wagon.http.ssl.insecure`).
    OnOrEmpty,
    /// What npm reads as false: `false`, `0`, `null`, nothing.
    NpmOff,
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
            Turns::Not(kept) => !value.eq_ignore_ascii_case(kept),
            Turns::OnOrEmpty => value.is_empty() || is_on(value),
            Turns::NpmOff => matches!(value, "false" | "0" | "null" | ""),
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
    ("BUNDLE_DISABLE_CHECKSUM_VALIDATION", Turns::On),
    // Windows' certificate revocation checks, for cargo's downloads.
    ("CARGO_HTTP_CHECK_REVOKE", Turns::Off),
    ("VAULT_SKIP_VERIFY", Turns::On),
    ("NOMAD_SKIP_VERIFY", Turns::On),
    ("CONSUL_HTTP_SSL_VERIFY", Turns::Off),
    // Casks that macOS's Gatekeeper never checks.
    ("HOMEBREW_CASK_OPTS", Turns::Holding("--no-quarantine")),
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

/// Container tools that read images with the containers library (`--tls-verify`).
const CONTAINERS_IMAGE_TOOLS: &[&str] = &["podman", "podman-remote", "buildah", "skopeo"];

/// Options that turn verification off for the command given them: `(programs, option, None)`
/// the option itself (`--nogpgcheck`, `--insecure=true`, but not `--insecure=false`);
/// `(programs, option, Some(turns))` the option given a value `turns` accepts
/// (`--tls-verify=false`).
const VERIFICATION_OPTIONS: &[(&[&str], &str, Option<Turns>)] = &[
    (PIP_LIKE, "--trusted-host", None),
    (&["uv"], "--trusted-host", None),
    (&["uv"], "--allow-insecure-host", None),
    (RPM_INSTALLERS, "--nogpgcheck", None),
    // dnf5's spelling.
    (RPM_INSTALLERS, "--no-gpgchecks", None),
    (&["zypper"], "--no-gpg-checks", None),
    // Trusts whatever key a repository is signed with, new ones included.
    (&["zypper"], "--gpg-auto-import-keys", None),
    (&["zypper"], "--allow-unsigned-rpm", None),
    // `zypper addrepo --no-gpgcheck`, `zypper modifyrepo --no-gpgcheck`.
    (&["zypper"], "--no-gpgcheck", None),
    (&["rpm"], "--nosignature", None),
    (&["rpm"], "--nodigest", None),
    (&["dpkg"], "--force-bad-verify", None),
    (APT_LIKE, "--allow-unauthenticated", None),
    (APT_LIKE, "--allow-insecure-repositories", None),
    (&["apk"], "--allow-untrusted", None),
    (&["makepkg"], "--skippgpcheck", None),
    (&["makepkg"], "--skipinteg", None),
    (&["makepkg"], "--skipchecksums", None),
    // Casks that macOS's Gatekeeper never checks.
    (&["brew"], "--no-quarantine", None),
    (&["aws"], "--no-verify-ssl", None),
    (&["kubectl", "oc", "helm"], "--insecure-skip-tls-verify", None),
    (&["helm", "oras"], "--plain-http", None),
    (&["flatpak"], "--no-gpg-verify", None),
    (&["conda", "mamba"], "--insecure", None),
    (&["conda", "mamba"], "-k", None),
    (NIX_LIKE, "--no-require-sigs", None),
    (NIX_LIKE, "--no-check-sigs", None),
    (NPM_LIKE, "--no-strict-ssl", None),
    (NPM_LIKE, "--strict-ssl", Some(Turns::NpmOff)),
    (CONTAINERS_IMAGE_TOOLS, "--tls-verify", Some(Turns::Off)),
    (CONTAINERS_IMAGE_TOOLS, "--src-tls-verify", Some(Turns::Off)),
    (CONTAINERS_IMAGE_TOOLS, "--dest-tls-verify", Some(Turns::Off)),
    (&["docker"], "--disable-content-trust", None),
    (&["dockerd", "nerdctl", "ko"], "--insecure-registry", None),
    (&["crane", "oras"], "--insecure", None),
    (&["cosign"], "--allow-insecure-registry", None),
    (&["cosign"], "--insecure-ignore-tlog", None),
    (&["cosign"], "--insecure-ignore-sct", None),
    (&["deno"], "--unsafely-ignore-certificate-errors", None),
    (&["ansible-galaxy"], "--ignore-certs", None),
    (&["ansible-galaxy"], "--disable-gpg-verify", None),
    (&["dotnet"], "--allow-insecure-connections", None),
    (&["svn"], "--trust-server-cert", None),
    (&["svn"], "--trust-server-cert-failures", None),
    (&["hg"], "--insecure", None),
    (&["go"], "-insecure", None),
    (&["terraform"], "-verify-plugins", Some(Turns::Off)),
];

/// Clients of image and chart registries, whose TLS switches pass for a registry on this
/// machine.
const REGISTRY_CLIENTS: &[&str] = &[
    "podman",
    "podman-remote",
    "buildah",
    "skopeo",
    "docker",
    "nerdctl",
    "crane",
    "oras",
    "helm",
    "cosign",
];

/// Whether the registries `words` name (`localhost:5000/app`, `docker://127.0.0.1:5000/app`,
/// `oci://localhost:5000/charts`) are all on this machine, and there is at least one. A word
/// names a registry when what comes before its first `/` looks like a host: a dot, a port, or
/// `localhost`; an image named without one (`alpine`) is on Docker Hub, and local transports
/// (`dir:`, `oci:`, an archive) name no registry.
fn names_local_registries_only(words: &[&str]) -> bool {
    let hosts: Vec<&str> = words
        .iter()
        .filter_map(|word| {
            let address = ["docker://", "oci://", "https://", "http://"]
                .iter()
                .find_map(|scheme| word.strip_prefix(scheme));
            match address {
                Some(address) => Some(address),
                None if super::publish::is_local_image(word) => None,
                None => Some(*word),
            }
        })
        .map(|reference| reference.split('/').next().unwrap_or(reference))
        .filter(|host| host.contains(['.', ':']) || *host == "localhost")
        .collect();
    let local = |host: &&str| {
        let name = host.rsplit_once(':').map_or(*host, |(name, _)| name);
        matches!(name, "localhost" | "[::1]") || name.starts_with("127.")
    };
    !hosts.is_empty() && hosts.iter().all(local)
}

/// JVM system properties (`-DKEY=VALUE` given to Maven, Gradle or any JVM) that turn the
/// verification of TLS certificates or dependencies off, and the values that do.
const JVM_PROPERTIES: &[(&str, Turns)] = &[
    ("maven.wagon.http.ssl.insecure", Turns::OnOrEmpty),
    ("maven.wagon.http.ssl.allowall", Turns::OnOrEmpty),
    ("maven.wagon.http.ssl.ignore.validity.dates", Turns::OnOrEmpty),
    // Maven 3.9's resolver.
    ("aether.connector.https.securityMode", Turns::Is("insecure")),
    ("org.gradle.dependency.verification", Turns::Not("strict")),
    ("com.sun.net.ssl.checkRevocation", Turns::Off),
];

/// Variables whose value is options a JVM or a JVM build tool adds to its command line.
const JVM_OPTION_VARIABLES: &[&str] = &[
    "MAVEN_OPTS",
    "MAVEN_ARGS",
    "GRADLE_OPTS",
    "JAVA_OPTS",
    "JAVA_TOOL_OPTIONS",
    "JDK_JAVA_OPTIONS",
];

/// dnf's and yum's settings (`--setopt=KEY=VALUE`, a repository's as `REPO.KEY`) that check
/// packages' and repositories' signatures and certificates.
const RPM_CHECKS: &[&str] = &[
    "gpgcheck",
    "repo_gpgcheck",
    "localpkg_gpgcheck",
    "pkg_gpgcheck",
    "sslverify",
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
            // pip's other name for `--index-url`.
            "--pypi-url",
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
    script_shell_set(subject, report);
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
        let value = setting
            .value
            .value()
            .map_or(SettingValue::FromVariable(&setting.variable), SettingValue::Known);
        judge_git_setting(&setting.key, value, context, span, report);
    }
}

/// Judges the variable `name` set to `value`.
fn judge_variable(name: &str, value: &str, setting: Setting, span: Span, report: &mut Report) {
    let upper = name.to_ascii_uppercase();
    let verification = VERIFICATION_VARIABLES
        .iter()
        .any(|(variable, turns)| *variable == upper && turns.by(value));
    let jvm_property = || {
        let words: Vec<&str> = value.split_whitespace().collect();
        insecure_jvm_property(&words).is_some()
    };
    if verification || JVM_OPTION_VARIABLES.contains(&upper.as_str()) && jvm_property() {
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
    if name == "GIT_ALLOW_PROTOCOL" && value.split(':').any(|protocol| protocol == "ext") {
        report.flag(
            &GIT_EXT_TRANSPORT,
            span,
            format!("`{name}={value}` would let any remote address git is given, a submodule's among them, be a command git runs (`ext::`)"),
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
    // A registry on this machine (`localhost:5000`), which nobody on the network stands between.
    let local_registry = REGISTRY_CLIENTS.contains(&name) && names_local_registries_only(&positional);
    if let Some((_, option, _)) = VERIFICATION_OPTIONS.iter().find(|(programs, option, turns)| {
        programs.contains(&name)
            && !local_registry
            && match turns {
                None => is_true_flag(&texts, option),
                Some(turns) => option_values(&texts, option).any(|value| turns.by(value)),
            }
    }) {
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
    if JVM_TOOLS.contains(&name)
        && let Some(property) = insecure_jvm_property(&texts)
    {
        flag_verification(report, format!("`{name} -D{property}`"));
        return;
    }
    // Gradle's dependency verification, `lenient` (errors only printed) or `off`.
    if matches!(name, "gradle" | "gradlew" | "gradlew.bat") {
        let mode = texts
            .windows(2)
            .find(|w| matches!(w[0], "--dependency-verification" | "-F"))
            .map(|w| w[1])
            .or_else(|| option_values(&texts, "--dependency-verification").next());
        if let Some(mode @ ("off" | "lenient")) = mode {
            flag_verification(report, format!("`{name} --dependency-verification {mode}`"));
            return;
        }
    }
    if (RPM_INSTALLERS.contains(&name) || name == "yum-config-manager")
        && let Some(setting) = rpm_check_off(&texts)
    {
        flag_verification(report, format!("`{name} --setopt={setting}`"));
        return;
    }
    // `cargo --config http.check-revoke=false` (Windows' certificate revocation checks).
    if name == "cargo" {
        let settings = texts
            .windows(2)
            .filter(|w| w[0] == "--config")
            .map(|w| w[1])
            .chain(option_values(&texts, "--config"));
        if let Some(setting) = settings
            .into_iter()
            .find(|setting| setting.replace(' ', "").eq_ignore_ascii_case("http.check-revoke=false"))
        {
            flag_verification(report, format!("`cargo --config {setting}`"));
            return;
        }
    }
    match name {
        // `setx NAME VALUE` (Windows, for every later session), `launchctl setenv NAME VALUE`.
        "setx" => judge_variable(at(0), at(1), Setting::Exported, command.span, report),
        "launchctl" if at(0) == "setenv" => judge_variable(at(1), at(2), Setting::Exported, command.span, report),
        "go" if at(0) == "env" && (has("-w")) => {
            for setting in positional.iter().skip(1) {
                if let Some((variable, value)) = setting.split_once('=') {
                    judge_variable(variable, value, Setting::Exported, command.span, report);
                    for (key, program) in go_programs(variable, value) {
                        if let Some(what) = tool_program_setting("go", &key, program, context) {
                            report.flag(&TOOL_CONFIG_COMMAND, command.span, what);
                        }
                    }
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
                } else if (key == "registry" || key.ends_with(":registry") || key == "npmregistryserver")
                    && !is_trusted_already(value)
                {
                    flag_source(report, format!("`{name} config set {key} {value}`"));
                } else if let Some(what) = tool_program_setting(name, &key, value, context) {
                    report.flag(&TOOL_CONFIG_COMMAND, command.span, what);
                }
            } else if texts.windows(2).any(|w| w[0] == "--strict-ssl" && w[1] == "false") {
                // npm reads a flag's `true` or `false` from the next word.
                flag_verification(report, format!("`{name}` with `--strict-ssl false`"));
            }
        }
        "gh" if at(0) == "config" && at(1) == "set" => {
            // `-h HOST` (`--host`) sets the key for one host: its value is no key.
            let host = texts
                .windows(2)
                .find(|pair| matches!(pair[0], "-h" | "--host"))
                .map(|pair| pair[1]);
            let mut words = positional.iter().skip(2).filter(|word| Some(**word) != host);
            let (key, value) = (words.next().unwrap_or(&""), words.next().unwrap_or(&""));
            if let Some(what) = tool_program_setting(name, &key.to_ascii_lowercase(), value, context) {
                report.flag(&TOOL_CONFIG_COMMAND, command.span, what);
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
        // `bundle config [set] [--global] KEY VALUE`: Ruby's `VERIFY_NONE` is 0; checksums
        // not matched against RubyGems' let any gem through.
        "bundle" if at(0) == "config" => {
            let (key, value) = if at(1) == "set" { (at(2), at(3)) } else { (at(1), at(2)) };
            let key = key.to_ascii_lowercase();
            if key == "ssl_verify_mode" && value == "0" || key == "disable_checksum_validation" && is_on(value) {
                flag_verification(report, format!("`bundle config {key} {value}`"));
            }
        }
        // `pdm config [pypi.NAME.]verify_ssl false`; `pdm config pypi.url URL`.
        "pdm" if at(0) == "config" => {
            let key = at(1).to_ascii_lowercase();
            if key.starts_with("pypi.") && key.ends_with(".verify_ssl") && is_off(at(2)) {
                flag_verification(report, format!("`pdm config {key} {}`", at(2)));
            } else if key.starts_with("pypi.") && key.ends_with(".url") && !is_trusted_already(at(2)) {
                flag_source(report, format!("`pdm config {key} {}`", at(2)));
            }
        }
        // `regctl registry set HOST --tls disabled|insecure`.
        "regctl" if at(0) == "registry" && at(1) == "set" => {
            let tls = texts.windows(2).find(|w| w[0] == "--tls").map(|w| w[1]);
            let tls = tls.or_else(|| option_values(&texts, "--tls").next());
            if let Some(tls @ ("disabled" | "insecure")) = tls {
                flag_verification(report, format!("`regctl registry set --tls {tls}`"));
            }
        }
        // `kubectl config set clusters.NAME.insecure-skip-tls-verify true`.
        "kubectl" | "oc"
            if at(0) == "config" && at(1) == "set" && at(2).ends_with(".insecure-skip-tls-verify") && is_on(at(3)) =>
        {
            flag_verification(report, format!("`{name} config set {} {}`", at(2), at(3)))
        }
        // `zypper addrepo -G URL`, `zypper modifyrepo -G`: a repository whose packages are
        // installed unsigned.
        "zypper" if matches!(at(0), "ar" | "addrepo" | "mr" | "modifyrepo") && has("-G") => {
            flag_verification(report, format!("`zypper {} -G`", at(0)))
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
        // Keys added, and trust given or imported (`--import` brings a keyring's trust with its
        // keys). Deleting keys, `--init`, `--populate` (the distribution's packaged keyrings)
        // and `--refresh-keys` add nothing to trust.
        "pacman-key" => {
            let parsed = args::parse(args, &crate::tools::long_options::PACMAN_KEY);
            let given = [
                ('a', "add"),
                ('r', "recv-keys"),
                ('\0', "lsign-key"),
                ('\0', "import"),
                ('\0', "import-trustdb"),
            ]
            .into_iter()
            .find(|(short, long)| parsed.has(*short, long));
            if let Some((_, option)) = given {
                flag_source(report, format!("`pacman-key --{option}`"));
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
        judge_git_assignment(setting, context, span, report);
    }
    // `--config-env=KEY=VARIABLE`: the value is the variable's, given to this command or only
    // known when git runs.
    for setting in &invocation.config_env {
        if let Some((key, variable)) = setting.split_once('=') {
            let value = match command.assignments.iter().find(|(name, _)| name == variable) {
                Some((_, word)) => word
                    .value()
                    .map_or(SettingValue::FromVariable(variable), SettingValue::Known),
                None => SettingValue::FromVariable(variable),
            };
            judge_git_setting(key, value, context, span, report);
        }
    }
    let variables = command.assignments.iter().map(|(name, value)| (name.as_str(), value));
    for setting in environment_settings(variables) {
        let value = setting
            .value
            .value()
            .map_or(SettingValue::FromVariable(&setting.variable), SettingValue::Known);
        judge_git_setting(&setting.key, value, context, span, report);
    }
    let texts: Vec<&str> = invocation.args.iter().map(|word| word.value().unwrap_or("?")).collect();
    match invocation.subcommand.as_str() {
        // `git clone -c KEY=VALUE` writes the setting into the new repository's configuration,
        // for every later fetch there too.
        "config" => match crate::tools::git::config_write(invocation.args) {
            Some(crate::tools::git::ConfigWrite::Unset { key })
                if key.is_some_and(|key| key.text().eq_ignore_ascii_case("core.hooksPath")) =>
            {
                report.flag(
                    &GIT_SKIP_HOOKS,
                    span,
                    "unsetting `core.hooksPath` would drop the project's hooks folder (husky's `.husky`), so its hooks stop running",
                );
            }
            Some(crate::tools::git::ConfigWrite::Set { key, value }) => {
                if let Some(key) = key.value() {
                    if let Some(what) = lasting_command(key, value, context) {
                        report.flag(&GIT_CONFIG_COMMAND, span, what);
                    }
                    let value = value
                        .value()
                        .map_or(SettingValue::FromVariable(value.text()), SettingValue::Known);
                    judge_git_setting(key, value, context, span, report);
                }
            }
            _ => {}
        },
        // A template's hooks are copied into the new repository and run on its commits.
        "init" | "clone" => {
            let mut words = texts.iter();
            while let Some(text) = words.next() {
                let template = match *text {
                    "--template" => words.next().copied(),
                    _ => text.strip_prefix("--template="),
                };
                if let Some(folder) = template.filter(|folder| hooks_elsewhere(folder, context)) {
                    report.flag(
                        &GIT_SKIP_HOOKS,
                        span,
                        format!(
                            "`git {} --template={folder}` would copy the hooks there into the new repository, to run on its commits",
                            invocation.subcommand
                        ),
                    );
                }
            }
            if invocation.subcommand == "clone" {
                judge_clone_settings(&invocation, context, span, report);
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

/// `git clone -c KEY=VALUE` writes the setting into the new repository's configuration, for
/// every later fetch there too.
fn judge_clone_settings(invocation: &Invocation, context: &Context, span: Span, report: &mut Report) {
    let parsed = args::parse(invocation.args, &CLONE_OPTIONS);
    for setting in parsed
        .args
        .iter()
        .filter(|arg| arg.is_short('c') || arg.is_long("config"))
        .filter_map(Arg::value)
    {
        judge_git_assignment(setting, context, span, report);
    }
}

/// `git clone`'s options, those that take a value named (`-c` and `--config` give settings).
const CLONE_OPTIONS: Options = Options::gnu(
    "cbjou",
    &[
        "config",
        "template",
        "reference",
        "reference-if-able",
        "origin",
        "branch",
        "upload-pack",
        "depth",
        "shallow-since",
        "shallow-exclude",
        "separate-git-dir",
        "jobs",
        "server-option",
        "filter",
        "ref-format",
        "bundle-uri",
    ],
)
.case_sensitive()
.full_names_only();

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

/// A git setting's value: known, or taken from a variable whose value is only known when git
/// runs (`--config-env=KEY=VARIABLE`, `-c KEY="$VALUE"`), which may be anything.
#[derive(Clone, Copy)]
enum SettingValue<'a> {
    Known(&'a str),
    FromVariable(&'a str),
}

impl SettingValue<'_> {
    /// Whether the value is, or may be, one `test` accepts: a switch turned off, or a
    /// protocol allowed.
    fn may_be(self, test: impl Fn(&str) -> bool) -> bool {
        match self {
            SettingValue::Known(value) => test(value),
            SettingValue::FromVariable(_) => true,
        }
    }

    /// Whether the value is known to be one `test` accepts: a folder or an address from a
    /// variable is the job's own far more often than `*` or a place elsewhere
    /// (`safe.directory "$GITHUB_WORKSPACE"`).
    fn is(self, test: impl Fn(&str) -> bool) -> bool {
        match self {
            SettingValue::Known(value) => test(value),
            SettingValue::FromVariable(_) => false,
        }
    }

    /// The setting `key` given this value, as a message says it.
    fn said(self, key: &str) -> String {
        match self {
            SettingValue::Known(value) => format!("`{key}={value}`"),
            SettingValue::FromVariable(variable) => {
                format!("`{key}` set from `{variable}`, only known when git runs, if it turns out as it may,")
            }
        }
    }
}

/// Judges a `-c KEY=VALUE` setting given as a word (`git -c`, `git clone -c`): a value only
/// known when git runs may be any.
fn judge_git_assignment(setting: &Word, context: &Context, span: Span, report: &mut Report) {
    let text = setting.text();
    let Some((key, value)) = text.split_once('=') else {
        return;
    };
    // The key must be known; the value may come from a variable (`-c http.sslVerify="$V"`).
    let value = match setting.value() {
        Some(_) => SettingValue::Known(value),
        None if matches!(setting.parts.first(), Some(Part::Literal { text, .. }) if text.contains('=')) => {
            SettingValue::FromVariable(value)
        }
        None => return,
    };
    judge_git_setting(key, value, context, span, report);
}

/// Judges the git setting `key` (any case) given `value`.
fn judge_git_setting(key: &str, value: SettingValue, context: &Context, span: Span, report: &mut Report) {
    let said = value.said(key);
    let rewrite = url_rewrite(key);
    let key = key.to_ascii_lowercase();
    if (key == "http.sslverify" || key.starts_with("http.") && key.ends_with(".sslverify"))
        && value.may_be(is_git_false)
    {
        report.flag(
            &VERIFICATION_OFF,
            span,
            format!("{said} would make git accept any TLS certificate"),
        );
    } else if matches!(
        key.as_str(),
        "commit.gpgsign" | "tag.gpgsign" | "tag.forcesignannotated"
    ) && value.may_be(is_git_false)
    {
        report.flag(
            &VERIFICATION_OFF,
            span,
            format!("{said} would stop signing commits or tags"),
        );
    } else if key == "merge.verifysignatures" && value.may_be(is_git_false) {
        report.flag(
            &VERIFICATION_OFF,
            span,
            format!("{said} would stop checking the signatures of the commits merged and pulled"),
        );
    } else if key == "safe.directory" && value.is(|value| value == "*") {
        report.flag(
            &GIT_TRUST_ALL_DIRECTORIES,
            span,
            format!("{said} would make git trust repositories owned by anyone"),
        );
    } else if key == "core.hookspath" && value.is(|value| hooks_elsewhere(value, context)) {
        report.flag(
            &GIT_SKIP_HOOKS,
            span,
            format!("{said} would make git run the hooks there instead of the project's own"),
        );
    } else if key == "init.templatedir" && value.is(|value| !value.is_empty() && hooks_elsewhere(value, context)) {
        report.flag(
            &GIT_SKIP_HOOKS,
            span,
            format!("{said} would copy the hooks there into every repository created or cloned from now on"),
        );
    } else if matches!(key.as_str(), "protocol.allow" | "protocol.ext.allow")
        && value.may_be(|value| value.eq_ignore_ascii_case("always"))
    {
        report.flag(
            &GIT_EXT_TRANSPORT,
            span,
            format!("{said} would let any remote URL git is given, a submodule's among them, be a command git runs (`ext::`)"),
        );
    } else if let Some((base, push)) = rewrite {
        let moved = |value: &str| git_remote_place(value).is_some_and(|from| git_remote_place(base) != Some(from));
        if value.is(moved) {
            let what = if push { "push to" } else { "fetch from" };
            report.flag(
                &PACKAGE_SOURCE_ADD,
                span,
                format!("{said} would make git {what} `{base}` instead, whenever it is given that address"),
            );
        }
    }
}

/// Programs a setting that holds a command commonly names, which run nothing else: pagers,
/// editors, `ssh` with its options, git's own credential helpers by name.
const WELL_KNOWN_PROGRAMS: &[&str] = &[
    "less",
    "more",
    "most",
    "cat",
    "delta",
    "diff-so-fancy",
    "bat",
    "moar",
    "vim",
    "vi",
    "nvim",
    "nano",
    "emacs",
    "emacsclient",
    "code",
    "code-insiders",
    "cursor",
    "subl",
    "mate",
    "micro",
    "hx",
    "kak",
    "zed",
    "ssh",
    "gpg",
    "gpg2",
    "ssh-keygen",
    "cache",
    "store",
    "osxkeychain",
    "manager",
    "manager-core",
    "libsecret",
    "wincred",
];

pub static TOOL_CONFIG_COMMAND: Rule = Rule {
    id: "tool-config-command",
    decision: ASK,
    catches: "Writing a package manager's or CLI's setting that makes its later commands, the user's too, run a program: npm's, pnpm's, yarn's or bun's `script-shell` (every package script runs through it; set with `config set`, written to a `.npmrc` or `.yarnrc`, or given to one command as `--script-shell=…`), `shell`, `git`, `editor`, `browser`, `viewer`; gh's `editor`, `browser`, `pager`; Go's `go env -w` of `CC`, `CXX`, `AR`, `PKG_CONFIG` or `GOFLAGS=-toolexec=…`/`-exec=…` (every later build runs it); set to anything but a well-known shell, editor, pager or browser, or a program of the user's own outside the project. What the program does is judged now too, but it runs later, outside any hook.",
    instead: "Pass the setting for one command (`npm run build --script-shell=bash`), or let the user change their configuration",
    examples: &[
        "npm config set script-shell /tmp/x.sh",
        "pnpm config set script-shell ./tools/sh",
        "npm config set script-shell /tmp/bash",
        "yarn config set script-shell /tmp/x.sh",
        "npm config set git /tmp/git-wrapper",
        "gh config set editor ./edit.sh",
        "gh config set pager /tmp/p.sh",
        "go env -w GOFLAGS=-toolexec=/tmp/x.sh",
        "go env -w CC=/tmp/cc",
        "echo 'script-shell=/tmp/x.sh' >> .npmrc",
        "npm run build --script-shell=/tmp/x.sh",
    ],
    allowed: &[
        "npm config set script-shell bash",
        "npm config set script-shell 'C:\\Program Files\\Git\\bin\\bash.exe'",
        "npm config set editor 'code --wait'",
        "gh config set editor vim",
        "gh config set pager 'less -R'",
        "npm config get script-shell",
        "npm config set script-shell ~/bin/mysh",
        "go env -w CC=clang",
        "go env -w CC=aarch64-linux-gnu-gcc CGO_ENABLED=1",
        "go env -w GOPRIVATE=github.com/acme/*",
        "go env GOPATH",
        "echo 'script-shell=bash' >> .npmrc",
        "echo 'registry=https://registry.npmjs.org/' >> .npmrc",
        "npm run build --script-shell=bash",
    ],
};

/// Shells, browsers and openers a tool's setting may name without asking (with the editors and
/// pagers of [`WELL_KNOWN_PROGRAMS`]).
const WELL_KNOWN_SHELLS_AND_BROWSERS: &[&str] = &[
    "bash",
    "sh",
    "zsh",
    "fish",
    "dash",
    "pwsh",
    "powershell",
    "cmd",
    "git",
    "open",
    "xdg-open",
    "firefox",
    "google-chrome",
    "chromium",
    "wslview",
    "start",
];

/// What setting `key` of `tool` to `value` would make the tool run later, when the key names a
/// program and the value is not a well-known one nor a program of the user's own outside the
/// project (`npm config set script-shell /tmp/x.sh`).
fn tool_program_setting(tool: &str, key: &str, value: &str, context: &Context) -> Option<String> {
    let runs = match tool {
        "npm" | "pnpm" | "yarn" | "bun" => {
            matches!(key, "script-shell" | "shell" | "git" | "editor" | "browser" | "viewer")
        }
        "gh" => matches!(key, "editor" | "browser" | "pager"),
        "go" => true,
        _ => false,
    };
    if !runs {
        return None;
    }
    let text = unfamiliar_program(tool, value, context)?;
    let setting = match tool {
        "go" => format!("go env -w {key}={text}"),
        _ => format!("{tool} config set {key} {text}"),
    };
    Some(format!(
        "`{setting}` would make later `{tool}` commands, the user's too, run `{text}` outside any hook"
    ))
}

/// The program a setting of `tool` names (`value`, trimmed of quotes), when it is not a
/// well-known one, a program of the user's own outside the project, nor (for Go) a C compiler.
fn unfamiliar_program<'v>(tool: &str, value: &'v str, context: &Context) -> Option<&'v str> {
    let text = value.trim().trim_matches(['"', '\'']);
    if text.is_empty() {
        return None;
    }
    let first = text.split_whitespace().next().unwrap_or("");
    // A Windows path names a program with spaces (`C:\Program Files\Git\bin\bash.exe`).
    let path = if text.contains(['\\', ':']) { text } else { first };
    let program = path.rsplit(['/', '\\']).next().unwrap_or(path);
    let program = program.strip_suffix(".exe").unwrap_or(program).to_ascii_lowercase();
    // A well-known name is the installed program when it is given bare or by a system path; a
    // relative path or a temporary folder holds a file of that name (`./tools/sh`, `/tmp/bash`).
    let installed = !path.contains(['/', '\\'])
        || (path.starts_with('/') || path.get(1..3) == Some(":\\"))
            && !["/tmp/", "/var/tmp/", "/dev/shm/"]
                .iter()
                .any(|temp| path.starts_with(temp))
            && !path.starts_with(context.project_root.as_str());
    let well_known = installed
        && (WELL_KNOWN_PROGRAMS.contains(&program.as_str())
            || WELL_KNOWN_SHELLS_AND_BROWSERS.contains(&program.as_str()));
    let users_own = expanded_path(path, context)
        .is_some_and(|path| path.starts_with(&context.home) && !path.starts_with(&context.project_root));
    let compiler = tool == "go" && !path.contains(['/', '\\']) && is_compiler(&program);
    (!well_known && !users_own && !compiler).then_some(text)
}

/// npm's `script-shell` (pnpm's, yarn 1's) set where the package manager reads it later, in a
/// project's or the user's `.npmrc` (`script-shell=/tmp/x.sh`) or `.yarnrc` (`script-shell
/// "/tmp/x.sh"`), by a command that writes that file; or given to one command
/// (`--script-shell=/tmp/x.sh`), which runs each script it starts through that program.
fn script_shell_set(subject: &Subject, report: &mut Report) {
    const KEY: &str = "script-shell";
    let command = subject.command;
    if matches!(command.name.as_str(), "npm" | "pnpm" | "yarn" | "bun") {
        let args = command.args();
        let flag = args.iter().enumerate().find_map(|(at, word)| {
            let text = word.text().strip_prefix("--script-shell")?;
            match text.strip_prefix('=') {
                Some(value) => Some(value.to_owned()),
                None if text.is_empty() => args.get(at + 1).map(|next| next.text().to_owned()),
                None => None,
            }
        });
        if let Some(value) = flag
            && let Some(program) = unfamiliar_program(&command.name, &value, subject.context)
        {
            report.flag(
                &TOOL_CONFIG_COMMAND,
                command.span,
                format!("`--script-shell={program}` makes `{}` run each script it starts through `{program}`, a program nobody reviewed", command.name),
            );
        }
    }
    let Some(at) = subject.original.find(KEY) else { return };
    let settings_file = |path: &crate::paths::AbsPath| matches!(path.name(), Some(".npmrc" | ".yarnrc"));
    if !super::tamper::command_writes_where(command, &settings_file, false) {
        return;
    }
    // The value after the key and `=` or spaces: in quotes, or up to the end of the line or a
    // quote that closes the text around it (a Windows path may hold spaces).
    let rest = subject.original[at + KEY.len()..].trim_start_matches([' ', '=', '\t']);
    let value = match rest.strip_prefix('"') {
        Some(quoted) => quoted.split('"').next().unwrap_or(""),
        None => rest.split(['\n', '\'', '"']).next().unwrap_or(""),
    };
    let value = value.split("\\n").next().unwrap_or(value);
    let program = match unfamiliar_program("npm", value, subject.context) {
        Some(program) => format!("`{program}`"),
        None if value.is_empty() => "a program this guard cannot read".to_owned(),
        None => return,
    };
    report.flag(
        &TOOL_CONFIG_COMMAND,
        command.span,
        format!("`script-shell` written to the package manager's settings would make every later script, the user's too, run through {program} outside any hook"),
    );
}

/// The settings of `go env -w VARIABLE=VALUE` that name a program every later build runs, with
/// the program: the C and C++ compilers, `ar`, `pkg-config` (`CC=…`), and the `-toolexec` and
/// `-exec` flags of `GOFLAGS`, which wrap every tool a build runs and every test binary.
fn go_programs<'a>(variable: &str, value: &'a str) -> Vec<(String, &'a str)> {
    let upper = variable.to_ascii_uppercase();
    match upper.as_str() {
        "CC" | "CXX" | "FC" | "AR" | "GCCGO" | "PKG_CONFIG" => vec![(upper, value)],
        "GOFLAGS" => value
            .split_whitespace()
            .filter_map(|flag| flag.trim_start_matches('-').split_once('='))
            .filter(|(flag, _)| matches!(*flag, "toolexec" | "exec"))
            .map(|(flag, program)| (format!("GOFLAGS=-{flag}"), program))
            .collect(),
        _ => Vec::new(),
    }
}

/// Whether `program` (a bare name) is a C toolchain's compiler, archiver or `pkg-config`, a
/// cross one too (`aarch64-linux-gnu-gcc`, `zig cc`'s `zig`).
fn is_compiler(program: &str) -> bool {
    [
        "gcc",
        "g++",
        "clang",
        "clang++",
        "cc",
        "c++",
        "ar",
        "pkg-config",
        "gfortran",
        "zig",
        "tcc",
    ]
    .iter()
    .any(|known| program == *known || program.ends_with(&format!("-{known}")))
        || program.starts_with("gcc-")
        || program.starts_with("clang-")
}

/// What writing `key` as `value` for good would make later git commands run or read, when it
/// is more than a well-known program or a file of the user's own (`~/.gitconfig-work`, where
/// the agent cannot write unasked): `git config core.fsmonitor ./x.sh`.
fn lasting_command(key: &str, value: &Word, context: &Context) -> Option<String> {
    let lowered = key.to_ascii_lowercase();
    let text = value.value().unwrap_or("?").trim();
    let users_own = |path: &str| {
        expanded_path(path, context)
            .is_some_and(|path| path.starts_with(&context.home) && !path.starts_with(&context.project_root))
    };
    if lowered == "clean.requireforce" {
        return is_git_false(text).then(|| {
            format!("`git config {key} {text}` would let a plain `git clean` delete untracked files from now on")
        });
    }
    if crate::registry::git::is_include(&lowered) {
        return (!users_own(text)).then(|| format!(
            "`git config {key} {text}` would make every later git command read the settings of `{text}`, whatever it holds then"
        ));
    }
    // An alias runs only when it is called by its name, and its shell code is judged now.
    if !crate::registry::git::holds_command(&lowered)
        || lowered.starts_with("alias.")
        || lowered == "core.fsmonitor" && is_git_boolean(text)
    {
        return None;
    }
    let path = text.split_whitespace().next().unwrap_or("");
    let program = path.rsplit(['/', '\\']).next().unwrap_or(path);
    if !text.starts_with('!') && (WELL_KNOWN_PROGRAMS.contains(&program.trim_end_matches(".exe")) || users_own(path)) {
        return None;
    }
    Some(format!(
        "`git config {key}` would make later git commands, the user's too, run `{text}` outside any hook"
    ))
}

/// Whether git reads `value` as a boolean (`core.fsmonitor true` is git's own monitor).
fn is_git_boolean(value: &str) -> bool {
    is_git_false(value)
        || ["true", "yes", "on", "1"]
            .iter()
            .any(|word| value.eq_ignore_ascii_case(word))
}

/// Whether git reads a boolean setting's `value` as false: `false`, `no`, `off`, `0` (any
/// number that is zero), and the empty value (`-c http.sslVerify=`).
fn is_git_false(value: &str) -> bool {
    value.is_empty() || is_off(value) || !value.is_empty() && value.chars().all(|c| c == '0')
}

/// The base of a `url.BASE.insteadOf` key, and whether it is `pushInsteadOf` (the section and
/// the name match in any case, the base as written).
fn url_rewrite(key: &str) -> Option<(&str, bool)> {
    let lower = key.to_ascii_lowercase();
    if !lower.starts_with("url.") {
        return None;
    }
    [(".pushinsteadof", true), (".insteadof", false)]
        .into_iter()
        .find(|(name, _)| lower.ends_with(name))
        .map(|(name, push)| (&key["url.".len()..key.len() - name.len()], push))
        .filter(|(base, _)| !base.is_empty())
}

/// The place a git remote address names: its host and path, without scheme, user or port
/// (`https://github.com/org/`, `git@github.com:org/` and `ssh://git@github.com/org` are all
/// `github.com` and `org`). `None` for a local path or a name that is no address (`gh:`).
fn git_remote_place(url: &str) -> Option<(String, String)> {
    let (authority, path) = match url.split_once("://") {
        Some((_, rest)) => rest.split_once('/').unwrap_or((rest, "")),
        // scp-like `[user@]host:path`, whose host names a machine (`gh:` is an alias).
        None => {
            let (authority, path) = url.split_once(':')?;
            let host = authority.rsplit('@').next().unwrap_or(authority);
            if authority.contains('/') || !(host.contains('.') || host == "localhost") {
                return None;
            }
            (authority, path)
        }
    };
    let host = authority.rsplit('@').next().unwrap_or(authority);
    let host = host.split(':').next().unwrap_or(host).to_ascii_lowercase();
    if host.is_empty() {
        return None;
    }
    let path = path.trim_matches('/').trim_end_matches(".git").to_owned();
    Some((host, path))
}

/// Whether `core.hooksPath=value` points git's hooks away from the project's: at nothing, or at
/// a folder outside the project. A relative path is the project's own (`.husky`, `.githooks`).
fn hooks_elsewhere(value: &str, context: &Context) -> bool {
    if matches!(value, "" | "/dev/null" | "NUL" | "nul") {
        return true;
    }
    expanded_path(value, context).is_some_and(|path| !path.starts_with(&context.project_root))
}

/// The path a setting's `value` names, the home folder written as `~`, `$HOME` or `${HOME}`
/// expanded; `None` when it is not absolute then.
fn expanded_path(value: &str, context: &Context) -> Option<AbsPath> {
    let home = context.home.as_str();
    let expanded = match ["~/", "$HOME/", "${HOME}/"]
        .iter()
        .find_map(|prefix| value.strip_prefix(prefix))
    {
        Some(rest) => format!("{home}/{rest}"),
        None if matches!(value, "~" | "$HOME" | "${HOME}") => home.to_owned(),
        None => value.to_owned(),
    };
    AbsPath::new(&expanded)
}

/// Programs that take JVM system properties as `-DKEY=VALUE`.
const JVM_TOOLS: &[&str] = &[
    "mvn",
    "mvnw",
    "mvnd",
    "mvnw.cmd",
    "gradle",
    "gradlew",
    "gradlew.bat",
    "sbt",
    "java",
];

/// The first JVM system property among `words` (`-DKEY=VALUE`, `-D KEY=VALUE`, `-DKEY`) that
/// turns verification off, as given.
fn insecure_jvm_property<'a>(words: &[&'a str]) -> Option<&'a str> {
    let mut properties = Vec::new();
    let mut words = words.iter();
    while let Some(word) = words.next() {
        match word.strip_prefix("-D") {
            Some("") => properties.extend(words.next().copied()),
            Some(property) => properties.push(property),
            None => {}
        }
    }
    properties.into_iter().find(|property| {
        let (key, value) = property.split_once('=').unwrap_or((property, ""));
        JVM_PROPERTIES
            .iter()
            .any(|(name, turns)| name.eq_ignore_ascii_case(key) && turns.by(value))
    })
}

/// The first dnf or yum setting (`--setopt=KEY=VALUE`, `--setopt KEY=VALUE`, dnf5's
/// `config-manager setopt KEY=VALUE`) that turns a signature or certificate check off.
fn rpm_check_off<'a>(texts: &[&'a str]) -> Option<&'a str> {
    let mut settings: Vec<&str> = option_values(texts, "--setopt").collect();
    settings.extend(
        texts
            .windows(2)
            .filter(|w| w[0] == "--setopt" || w[0] == "setopt")
            .map(|w| w[1]),
    );
    settings.into_iter().find(|setting| {
        let Some((key, value)) = setting.split_once('=') else {
            return false;
        };
        let option = key.rsplit('.').next().unwrap_or(key).to_ascii_lowercase();
        RPM_CHECKS.contains(&option.as_str()) && is_off(value)
    })
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

/// The values given to `option` attached (`--option=VALUE`).
fn option_values<'a>(texts: &[&'a str], option: &'a str) -> impl Iterator<Item = &'a str> {
    texts
        .iter()
        .filter_map(move |text| text.strip_prefix(option)?.strip_prefix('='))
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
