//! What a command writes to its standard output, as far as its command line tells: the input
//! of the next stage of a pipeline, or the value of a command substitution.
//!
//! Literal producers (`echo`, `printf`, a heredoc through `cat`, `base64 -d` of a literal) give
//! text that can be parsed as code when a shell reads it; network fetches give data nobody has
//! seen; a few well-known tools print shell setup about themselves.

use crate::args;
use crate::command::{Analysis, Command, CommandId, Input, LayerId, LayerKind, Output, RedirectOperator, Run};
use crate::context::Context;
use crate::files;
use crate::paths::{self, Cwd, Target};
use crate::patterns::CodePattern;
use crate::source::Span;
use crate::tools::long_options;
use crate::word::{DynamicKind, Part, Quoting, Word};

/// Commands that print what they fetch from the network.
pub const FETCHERS: &[&str] = &[
    "curl",
    "wget",
    "fetch",
    "http",
    "https",
    "xh",
    "xhs",
    "aria2c",
    "lwp-request",
    "GET",
    "nc",
    "ncat",
    "wget2",
    "curlie",
    // Clients whose output is what a server sent: piped into a shell, it runs the server's
    // text (`telnet host 4444 | sh`, `finger x@host | sh`).
    "telnet",
    "finger",
    "whois",
    "ab",
    "lwp-download",
    // A remote command's output comes back: `ssh host 'cat x' | sh` runs what the host sent.
    "ssh",
];

/// Tools that print shell setup for themselves, meant for `eval "$(tool …)"`, by name and
/// first argument (`None` for any).
const SETUP_PRINTERS: &[(&str, Option<&str>)] = &[
    ("brew", Some("shellenv")),
    ("pyenv", Some("init")),
    ("pyenv", Some("virtualenv-init")),
    ("rbenv", Some("init")),
    ("nodenv", Some("init")),
    ("goenv", Some("init")),
    ("jenv", Some("init")),
    ("plenv", Some("init")),
    ("ssh-agent", None),
    ("direnv", Some("hook")),
    ("direnv", Some("export")),
    ("conda", None),
    ("micromamba", Some("shell")),
    ("mamba", Some("shell")),
    ("zoxide", Some("init")),
    ("starship", Some("init")),
    ("atuin", Some("init")),
    ("fnm", Some("env")),
    ("mise", Some("activate")),
    ("mise", Some("env")),
    ("rtx", Some("activate")),
    ("kubectl", Some("completion")),
    ("helm", Some("completion")),
    ("gh", Some("completion")),
    ("docker", Some("completion")),
    ("rustup", Some("completions")),
    ("pip", Some("completion")),
    ("npm", Some("completion")),
    ("uv", Some("generate-shell-completion")),
    ("poetry", Some("completions")),
    ("poetry", Some("env")),
    ("opam", Some("env")),
    ("opam", Some("config")),
    ("luarocks", Some("path")),
    ("dircolors", None),
    ("keychain", None),
    ("gpg-agent", None),
    ("fzf", Some("--bash")),
    ("fzf", Some("--zsh")),
    ("thefuck", Some("--alias")),
];

/// Commands that pass what they read on to their output, changed or not: a secret read by
/// them is still a secret.
const FILTERS: &[&str] = &[
    "cat", "tac", "head", "tail", "base64", "base32", "basenc", "xxd", "od", "hexdump", "gzip", "bzip2", "xz", "zstd",
    "lz4", "brotli", "openssl", "gpg", "tr", "rev", "sed", "awk", "gawk", "grep", "egrep", "fgrep", "rg", "sort",
    "uniq", "cut", "paste", "fold", "column", "jq", "yq", "tee", "strings", "nl", "fmt", "iconv", "dd", "cpio", "tar",
    "zip", "7z", "split", "xargs", "envsubst", "pv",
];

/// Pagers: given no terminal, as when the agent runs them, they copy what they read to their
/// output, which the agent reads.
const PAGERS: &[&str] = &["less", "more", "most", "pg", "bat", "batcat"];

/// Whether a pager or an editor shows what it reads on standard input: a pager always, vim and
/// nano when their file is `-` (`env | view -`).
fn shows_input(name: &str, args: &[Word]) -> bool {
    PAGERS.contains(&name)
        || matches!(name, "vi" | "vim" | "view" | "nvim" | "nano") && args.iter().any(|word| word.is("-"))
}

/// Commands that print a token, password or key, by name and the words that make them do it.
const TOKEN_PRINTERS: &[(&str, &[&str], &str)] = &[
    ("gh", &["auth", "token"], "a GitHub token"),
    ("glab", &["auth", "token"], "a GitLab token"),
    ("gcloud", &["print-access-token"], "a Google Cloud access token"),
    ("gcloud", &["print-identity-token"], "a Google Cloud identity token"),
    ("aws", &["configure", "get"], "AWS credentials"),
    ("aws", &["configure", "export-credentials"], "AWS credentials"),
    ("aws", &["get-session-token"], "AWS credentials"),
    ("aws", &["get-login-password"], "a registry password"),
    ("az", &["get-access-token"], "an Azure access token"),
    ("security", &["find-generic-password"], "a keychain password"),
    ("security", &["find-internet-password"], "a keychain password"),
    ("pass", &["show"], "a stored password"),
    ("op", &["read"], "a 1Password secret"),
    ("gpg", &["--export-secret-keys"], "GPG private keys"),
    ("gpg", &["--export-secret-key"], "GPG private keys"),
    ("gpg", &["--export-secret-subkeys"], "GPG private keys"),
    ("gpg2", &["--export-secret-keys"], "GPG private keys"),
    ("gpg2", &["--export-secret-key"], "GPG private keys"),
    ("gpg2", &["--export-secret-subkeys"], "GPG private keys"),
    // A file kept in the vault (a key, a credentials file) as it is stored.
    ("op", &["document", "get"], "a 1Password document"),
    ("gopass", &["show"], "a stored password"),
    ("security", &["dump-keychain", "-d"], "a keychain's passwords"),
    ("kubectl", &["--raw"], "Kubernetes credentials"),
    ("heroku", &["auth:token"], "a Heroku token"),
    ("npm", &["token", "create"], "an npm token"),
    ("aws", &["iam", "create-access-key"], "a new AWS secret access key"),
    ("vault", &["read"], "a Vault secret"),
    ("vault", &["kv", "get"], "a Vault secret"),
    ("gh", &["--show-token"], "a GitHub token"),
    ("gh", &["status", "-t"], "a GitHub token"),
    ("op", &["--reveal"], "a 1Password secret"),
    // An item's JSON holds its concealed fields' values, which its table output hides.
    ("op", &["--format", "json"], "a 1Password item with its passwords"),
    ("op", &["--format=json"], "a 1Password item with its passwords"),
    ("bw", &["get", "password"], "a Bitwarden password"),
    ("lpass", &["show"], "a LastPass entry with its password"),
    ("bw", &["get", "item"], "a Bitwarden item with its password"),
    (
        "keepassxc-cli",
        &["--show-protected"],
        "a KeePassXC entry with its password",
    ),
    ("keepassxc-cli", &["-s"], "a KeePassXC entry with its password"),
    ("vault", &["print", "token"], "a Vault token"),
    ("vault", &["token", "lookup"], "a Vault token (its `id`)"),
    ("kubectl", &["--flatten"], "Kubernetes credentials"),
    ("gpg", &["-d"], "a decrypted file"),
    ("gpg", &["--decrypt"], "a decrypted file"),
    ("gpg2", &["-d"], "a decrypted file"),
    ("gpg2", &["--decrypt"], "a decrypted file"),
    ("age", &["-d"], "a decrypted file"),
    ("age", &["--decrypt"], "a decrypted file"),
    ("secret-tool", &["lookup"], "a keyring secret"),
    ("doppler", &["secrets", "get"], "a Doppler secret"),
    ("doppler", &["secrets", "download"], "Doppler secrets"),
    ("infisical", &["secrets", "get"], "an Infisical secret"),
    ("infisical", &["export"], "Infisical secrets"),
    (
        "terraform",
        &["output", "-json"],
        "Terraform outputs, sensitive ones in clear",
    ),
    ("terraform", &["output", "-raw"], "a Terraform output in clear"),
    (
        "tofu",
        &["output", "-json"],
        "OpenTofu outputs, sensitive ones in clear",
    ),
    ("tofu", &["output", "-raw"], "an OpenTofu output in clear"),
    ("pulumi", &["--show-secrets"], "Pulumi secrets in clear"),
    ("sops", &["-d"], "a decrypted SOPS file"),
    ("sops", &["--decrypt"], "a decrypted SOPS file"),
    ("sops", &["decrypt"], "a decrypted SOPS file"),
    ("ansible-vault", &["view"], "a decrypted Ansible vault"),
    ("heroku", &["config"], "a Heroku app's config vars"),
    ("heroku", &["config:get"], "a Heroku config var"),
    ("aws", &["get-secret-value"], "a Secrets Manager secret"),
    ("aws", &["--with-decryption"], "decrypted SSM parameters"),
    ("gcloud", &["versions", "access"], "a Secret Manager secret"),
    ("az", &["secret", "show"], "a Key Vault secret"),
    ("systemctl", &["show-environment"], "the service manager's environment"),
    ("tmux", &["show-environment"], "a tmux session's environment"),
    ("tmux", &["showenv"], "a tmux session's environment"),
    ("bw", &["list", "items"], "Bitwarden items with their passwords"),
    ("bw", &["export"], "a Bitwarden vault export with its passwords"),
    (
        "az",
        &["storage", "account", "keys", "list"],
        "a storage account's access keys",
    ),
    ("az", &["show-connection-string"], "a connection string with its key"),
    ("kubectl", &["view-secret"], "a Kubernetes secret's data"),
    ("oc", &["extract"], "a Kubernetes secret's data"),
    ("terraform", &["state", "pull"], "Terraform state, its secrets in clear"),
    ("terraform", &["show", "-json"], "Terraform state, its secrets in clear"),
    ("tofu", &["state", "pull"], "OpenTofu state, its secrets in clear"),
    ("tofu", &["show", "-json"], "OpenTofu state, its secrets in clear"),
    ("glab", &["--show-token"], "a GitLab token"),
    ("glab", &["status", "-t"], "a GitLab token"),
    ("glab", &["config", "get", "token"], "a GitLab token"),
    ("ansible-vault", &["decrypt"], "a decrypted Ansible vault"),
    ("keyring", &["get"], "a keyring secret"),
    ("op", &["inject"], "a 1Password secret"),
    // Pulled into standard output rather than `.env.local`: judged below.
    ("vercel", &["env", "pull"], "a Vercel project's environment variables"),
    ("vc", &["env", "pull"], "a Vercel project's environment variables"),
    ("netlify", &["env:get"], "a Netlify environment variable"),
    ("netlify", &["env:list"], "Netlify environment variables"),
    ("doppler", &["secrets"], "Doppler secrets"),
    ("infisical", &["secrets"], "Infisical secrets"),
    ("fly", &["auth", "token"], "a Fly.io token"),
    ("flyctl", &["auth", "token"], "a Fly.io token"),
    ("aws", &["get-authorization-token"], "a registry token"),
    ("secret-tool", &["search"], "a keyring secret"),
    ("consul", &["acl", "token", "read"], "a Consul ACL token"),
    // A new token is printed once, for the caller to keep.
    ("fly", &["tokens", "create"], "a new Fly.io token"),
    ("flyctl", &["tokens", "create"], "a new Fly.io token"),
    // A release's values are where charts take their passwords (`--set auth.password=…`), and
    // its manifests hold the Secrets rendered from them.
    (
        "helm",
        &["get", "values"],
        "a Helm release's values (with the passwords given to it)",
    ),
    (
        "helm",
        &["get", "all"],
        "a Helm release's values and manifests (with its Secrets)",
    ),
    (
        "helm",
        &["get", "manifest"],
        "a Helm release's manifests (with its Secrets)",
    ),
];

/// The commands of `pass` and `gopass` that print no password; any other first word is an
/// entry's name, shown.
const PASSWORD_STORE_COMMANDS: &[&str] = &[
    "ls",
    "list",
    "find",
    "search",
    "grep",
    "insert",
    "add",
    "edit",
    "generate",
    "rm",
    "remove",
    "delete",
    "mv",
    "move",
    "cp",
    "copy",
    "git",
    "init",
    "help",
    "version",
    "setup",
    "sync",
    "audit",
    "fsck",
    "config",
    "mounts",
    "recipients",
    "templates",
    "update",
    "otp",
    "show",
];

/// Whether a file a command is told to write is standard output, where it prints.
fn is_standard_output(file: &str) -> bool {
    matches!(file, "/dev/stdout" | "/dev/fd/1" | "/proc/self/fd/1" | "/dev/tty")
}

/// Whether a command [`TOKEN_PRINTERS`] names prints the secret itself: `aws configure get` of
/// a secret key (not `region`), `security find-*-password` with `-w` or `-g` (otherwise only the
/// item's attributes), a decryption not written to a file.
fn prints_the_secret(name: &str, words: &[&str]) -> bool {
    // The first operand after `word` (`doppler secrets get`: `get`).
    let operand_after = |word: &str| {
        words
            .iter()
            .skip_while(|w| **w != word)
            .skip(1)
            .find(|w| !w.starts_with('-'))
            .copied()
    };
    let given = |option: &str| {
        words
            .iter()
            .any(|w| *w == option || w.strip_prefix(option).is_some_and(|rest| rest.starts_with('=')))
    };
    // Help about the command prints no secret (`op read --help`, `gh auth token --help`).
    if given("--help") || words.first() == Some(&"help") {
        return false;
    }
    match name {
        // A config var's value is a secret when its name says so (`DATABASE_URL`, not `PORT`).
        "heroku" if words.contains(&"config:get") => words
            .iter()
            .skip_while(|w| **w != "config:get")
            .any(|w| is_secret_name(w)),
        // Decrypted to standard output (`--output -`), not in place or into a file.
        "ansible-vault" if words.contains(&"decrypt") => {
            words.windows(2).any(|pair| pair == ["--output", "-"]) || words.contains(&"--output=-")
        }
        // `oc extract secret/x --to=-` prints each key's value; into a folder, it writes files.
        "oc" => {
            (words.contains(&"--to=-") || words.windows(2).any(|pair| pair == ["--to", "-"]))
                && words
                    .iter()
                    .any(|w| w.starts_with("secret/") || w.starts_with("secrets/"))
        }
        // A template filled in and printed, unless written to a file (`-o`, `--out-file`).
        "op" if words.contains(&"inject") || words.contains(&"document") => !(given("-o") || given("--out-file")),
        "netlify" if words.contains(&"env:list") => given("--plain") || given("--json"),
        // The table of every secret with its value, or a template filled in; not what only
        // changes or names them.
        "doppler" if !words.contains(&"get") => {
            !given("--only-names")
                && !operand_after("secrets")
                    .is_some_and(|command| matches!(command, "set" | "delete" | "upload" | "notes" | "names"))
        }
        "infisical" if !words.contains(&"get") => !operand_after("secrets")
            .is_some_and(|command| matches!(command, "set" | "delete" | "folders" | "generate-example-env")),
        // The state, not a saved plan given as a file (`terraform show -json plan.out`).
        "terraform" | "tofu" if words.contains(&"show") => operand_after("show").is_none(),
        // The vault is printed only with `--raw` or an output that is standard output;
        // otherwise it goes into a file.
        "bw" if words.contains(&"export") => {
            given("--raw")
                || words
                    .windows(2)
                    .any(|pair| pair[0] == "--output" && is_standard_output(pair[1]))
                || words
                    .iter()
                    .any(|w| w.strip_prefix("--output=").is_some_and(is_standard_output))
        }
        // The file pulled into (`.env.local` unless named) is standard output.
        "vercel" | "vc" if words.contains(&"pull") => operand_after("pull").is_some_and(is_standard_output),
        "aws" if words.windows(2).any(|w| w == ["configure", "get"]) => words.iter().any(|word| {
            let word = word.to_ascii_lowercase();
            word.contains("secret") || word.contains("token") || word.contains("session")
        }),
        // Listing items or vaults as JSON shows their names only.
        "op" if words.iter().any(|w| w.starts_with("--format")) => words.windows(2).any(|w| w == ["item", "get"]),
        // Decrypted into a file (`-o FILE`, `--output FILE`), nothing is printed.
        "gpg" | "gpg2" | "age" => !words
            .iter()
            .any(|word| matches!(*word, "-o" | "--output") || word.starts_with("--output=")),
        "security" if words.iter().any(|w| w.ends_with("-password")) => words
            .iter()
            .any(|w| w.starts_with('-') && !w.starts_with("--") && (w.contains('w') || w.contains('g'))),
        _ => true,
    }
}

const REGISTRY_TOKEN: &str = "a registry token";
const KUBERNETES_SECRET_DATA: &str = "a Kubernetes secret's data";
const CONTAINER_ENVIRONMENT: &str = "a container's environment (with its tokens and passwords)";
const WORKLOAD_ENVIRONMENT: &str = "a workload's environment variables";
const PROCESS_ENVIRONMENTS: &str = "the command lines of processes with their environments";

/// A secret a tool prints from its settings or a cluster: npm's auth token (`npm config get
/// //registry.npmjs.org/:_authToken`), a Kubernetes secret's data (`kubectl get secret x -o
/// yaml`; the table alone shows none).
fn printed_setting(command: &Command) -> Option<&'static str> {
    let words: Vec<&str> = command.args().iter().filter_map(Word::value).collect();
    match command.name.as_str() {
        "npm" | "pnpm" | "yarn" if words.windows(2).any(|pair| pair == ["config", "get"]) => words
            .iter()
            .any(|word| {
                let lowered = word.to_ascii_lowercase();
                ["_auth", "token", "password"].iter().any(|part| lowered.contains(part))
            })
            .then_some(REGISTRY_TOKEN),
        "kubectl" | "oc" => {
            // Among other kinds too (`kubectl get all,secrets -o yaml`).
            let gets_secret = words.contains(&"get")
                && words.iter().flat_map(|word| word.split(',')).any(|kind| {
                    matches!(kind, "secret" | "secrets") || kind.starts_with("secret/") || kind.starts_with("secrets/")
                });
            let output = words.iter().enumerate().find_map(|(at, word)| match *word {
                "-o" | "--output" => words.get(at + 1).copied(),
                _ => word.strip_prefix("-o").or_else(|| word.strip_prefix("--output=")),
            });
            let shows_data =
                output.is_some_and(|format| !matches!(format, "name" | "wide" | "") && !fields_without_data(format));
            // `kubectl set env deploy/x --list`: each variable with its literal value.
            let lists_environment = words.windows(2).any(|pair| pair == ["set", "env"])
                && words
                    .iter()
                    .any(|word| matches!(*word, "--list" | "-L" | "--list=true"));
            (gets_secret && shows_data)
                .then_some(KUBERNETES_SECRET_DATA)
                .or(lists_environment.then_some(WORKLOAD_ENVIRONMENT))
        }
        // `docker inspect --format '{{.Config.Env}}' c`: the environment a container was given.
        "docker" | "podman" | "nerdctl" | "finch"
            if words.contains(&"inspect") && format_option(&words).is_some_and(|format| format.contains(".Env")) =>
        {
            Some(CONTAINER_ENVIRONMENT)
        }
        // `docker inspect c | jq '.[0].Config.Env'`.
        "jq" | "gojq" | "jaq" | "yq" if words.iter().any(|word| word.contains("Config.Env")) => {
            Some(CONTAINER_ENVIRONMENT)
        }
        // BSD-style `e` (`ps eww`, `ps auxe`) and `-E` print each process's environment after
        // its command line; `-e` is every process, not the environment.
        "ps" if ps_shows_environment(&words) => Some(PROCESS_ENVIRONMENTS),
        _ => None,
    }
}

/// Whether a kubectl output template picks only fields that hold no secret value: the name,
/// labels and other metadata, the type or kind (`-o jsonpath='{.metadata.name}'`, `-o
/// custom-columns=NAME:.metadata.name,TYPE:.type`). A secret's values are in `.data` and
/// `.stringData`, and a whole object (`{@}`, `{.items[*]}`) holds them too.
fn fields_without_data(format: &str) -> bool {
    let Some((kind, template)) = format.split_once('=') else {
        return false;
    };
    let metadata_only = |path: &str| {
        let Some(path) = path.trim().trim_start_matches('@').strip_prefix('.') else {
            return false;
        };
        // A list's items (`.items[*].metadata.name`, `.items[0].type`).
        let path = path.strip_prefix("items").map_or(path, |rest| {
            rest.trim_start_matches(|c: char| matches!(c, '[' | ']' | '*' | '.') || c.is_ascii_digit())
        });
        ["metadata", "type", "kind", "apiVersion", "immutable"]
            .iter()
            .any(|safe| path == *safe || path.strip_prefix(safe).is_some_and(|rest| rest.starts_with(['.', '['])))
    };
    match kind {
        "jsonpath" | "jsonpath-as-json" | "go-template" => {
            // The innermost `{…}` groups: each a path, a literal, or a loop's bounds.
            let mut groups = Vec::new();
            let mut open = None;
            for (at, c) in template.char_indices() {
                match c {
                    '{' => open = Some(at + 1),
                    '}' => groups.extend(open.take().map(|start| &template[start..at])),
                    _ => {}
                }
            }
            !groups.is_empty()
                && groups.iter().all(|group| {
                    let group = group.trim();
                    group.starts_with('"')
                        || group == "end"
                        || group.starts_with("range ") && metadata_or_items(group.trim_start_matches("range "))
                        || metadata_only(group)
                })
        }
        "custom-columns" => template
            .split(',')
            .all(|column| column.split_once(':').is_some_and(|(_, path)| metadata_only(path))),
        _ => false,
    }
}

/// Whether a loop's bounds in a kubectl template are the list's items or metadata
/// (`{range .items[*]}`), which print nothing themselves.
fn metadata_or_items(bounds: &str) -> bool {
    let bounds = bounds.trim();
    matches!(bounds, ".items" | ".items[*]") || bounds.starts_with(".metadata")
}

/// The value of a Go-template option (`--format`, `-f`) of a container CLI.
fn format_option<'a>(words: &[&'a str]) -> Option<&'a str> {
    words.iter().enumerate().find_map(|(at, word)| match *word {
        "-f" | "--format" => words.get(at + 1).copied(),
        _ => word.strip_prefix("--format=").or_else(|| word.strip_prefix("-f=")),
    })
}

/// Whether `ps` is asked for each process's environment: a BSD option word with `e` (`ps
/// eww`, `ps auxe`), not the value of an option (`ps -o pid,etime`), or `-E`.
fn ps_shows_environment(words: &[&str]) -> bool {
    words.iter().enumerate().any(|(at, word)| {
        let after_value_option = at
            .checked_sub(1)
            .and_then(|before| words.get(before))
            .is_some_and(|before| {
                before.starts_with("--") && !before.contains('=')
                    || before.starts_with('-')
                        && before.ends_with(['o', 'O', 'p', 'u', 'U', 'g', 'G', 't', 'C', 'q', 'k'])
            });
        *word == "-E"
            || !word.starts_with('-')
                && !after_value_option
                && word.contains('e')
                && word.chars().all(|c| c.is_ascii_alphabetic())
    })
}

/// What a jq filter prints of the environment (`jq -n env`, `jq -n '$ENV.GITHUB_TOKEN'`, yq's
/// `strenv(TOKEN)`): the whole of it (`Some(None)`) or a secret variable. Names, lengths and
/// tests print no value (`env | keys`, `$ENV.TOKEN | length`, `env.TOKEN != null`).
fn queried_environment(command: &Command) -> Option<Option<String>> {
    static WHOLE: CodePattern = CodePattern::new(r#"(?:^|[^.$\w"])(?:\$ENV|env)\b"#);
    static NAMED: CodePattern =
        CodePattern::new(r#"(?:^|[^.$\w"])(?:(?:\$ENV|env)\s*(?:\.\s*|\[\s*")(\w+)|(?:str)?env\s*\(\s*"?(\w+))"#);
    static NO_VALUE: CodePattern = CodePattern::new(
        r#"\A"?\]?\s*(?:\)\s*)?(?:\|\s*(?:keys|keys_unsorted|length|has\b|type\b|map\s*\(\s*\.key|to_entries\s*\|\s*map\s*\(\s*\.key)|[!=]=|and\b|or\b)"#,
    );
    if !matches!(command.name.as_str(), "jq" | "gojq" | "jaq" | "yq") {
        return None;
    }
    // The filter: the first operand, past the values of the options that take them.
    let mut words = command.args().iter();
    let filter = loop {
        let word = words.next()?;
        match word.text() {
            "--arg" | "--argjson" | "--slurpfile" | "--rawfile" => {
                words.nth(1);
            }
            "--indent" | "-L" | "--tab-width" | "-I" | "--indent-width" | "-p" | "--input-format" | "-o"
            | "--output-format" => {
                words.next();
            }
            "-f" | "--from-file" => return None,
            "--" => break words.next()?,
            text if text.starts_with('-') && text.len() > 1 => {}
            _ => break word,
        }
    };
    let filter = filter.value()?;
    for found in NAMED.captures_iter(filter) {
        let (Some(whole), Some(name)) = (found.get(0), found.iter().skip(1).flatten().next()) else {
            continue;
        };
        if is_secret_name(name.as_str()) && !NO_VALUE.is_match(&filter[whole.end()..]) {
            return Some(Some(name.as_str().to_owned()));
        }
    }
    WHOLE
        .find_iter(filter)
        .any(|found| {
            let after = &filter[found.end()..];
            !after.trim_start().starts_with(['.', '[', '(', ':', '"']) && !NO_VALUE.is_match(after.trim_start())
        })
        .then_some(None)
}

/// Archivers and compressors whose operands are all read.
const ARCHIVERS: &[&str] = &[
    "tar", "zip", "7z", "gzip", "bzip2", "xz", "zstd", "gpg", "openssl", "cpio",
];

/// The secret a command of code `layer` prints to the code's own output, if one does: not
/// piped on, counted or written into a file there (`bash -c env`, `print(os.environ)` of
/// `python3 -c`), so that whoever reads the runner's output reads the secret. Commands in code
/// of their own within (a substitution, a nested `bash -c`) are not the layer's: what a nested
/// runner passes on is its own output.
pub fn secret_printed_within(layer: LayerId, analysis: &Analysis) -> Option<String> {
    let code_of = |command: &Command| {
        let mut at = command.layer;
        while let LayerKind::Command(_) = analysis.layers[at].kind {
            at = analysis.layers[at].parent?;
        }
        Some(at)
    };
    analysis
        .commands
        .iter()
        .filter(|command| !command.output_piped && !command.output_counted && code_of(command) == Some(layer))
        .filter(|command| {
            !command
                .redirects
                .iter()
                .any(|redirect| matches!(redirect.operator, RedirectOperator::Write | RedirectOperator::Append))
        })
        .find_map(|command| match &command.output {
            Output::Secret(what) => Some(what.clone()),
            _ => None,
        })
}

/// The paths `ls` prints when every operand is a pattern (`ls ~/.ssh/id_*`): the entries of
/// the folders holding the patterns, named like the last one (a folder operand lists bare names,
/// which are not paths).
fn listed_matches(command: &Command) -> Option<crate::word::PathsUnder> {
    let operands: Vec<&Word> = command
        .args()
        .iter()
        .filter(|word| !word.text().starts_with('-'))
        .collect();
    let mut roots = Vec::new();
    let mut name = None;
    for operand in &operands {
        match paths::resolve(operand, &command.cwd) {
            Target::Below { dir, name: pattern, .. } => {
                roots.push(dir);
                name = pattern;
            }
            Target::Contents(dir) => roots.push(dir),
            _ => return None,
        }
    }
    (!roots.is_empty()).then(|| crate::word::PathsUnder {
        roots: Some(roots),
        filtered: name.is_some(),
        name,
        reaches_git: false,
    })
}

/// The path `ls` prints for the one file it is given by name (`ls -d ~/.ssh`, or `ls ~/.bashrc`
/// where the disk shows a file): that name, as given. Not for a folder listed without `-d` (its
/// entries' bare names), nor with an option that prints more than names (`-l`, `-F`).
fn listed_path(command: &Command, context: &Context) -> Option<String> {
    let mut folder_itself = false;
    let mut operands = Vec::new();
    for word in command.args() {
        let text = word.value()?;
        match text.strip_prefix('-') {
            Some("-directory") => folder_itself = true,
            Some(flags) if !flags.is_empty() && flags.chars().all(|flag| "1aAdLH".contains(flag)) => {
                folder_itself |= flags.contains('d');
            }
            Some(_) => return None,
            None => operands.push(word),
        }
    }
    let [operand] = operands[..] else { return None };
    let Target::Path(path) = paths::resolve(operand, &command.cwd) else {
        return None;
    };
    // A folder lists its entries' bare names: without `-d`, only a file on disk prints its name.
    let file = context.read_scripts && std::path::Path::new(&crate::context::native(&path)).is_file();
    (folder_itself || file)
        .then(|| operand.value().map(str::to_owned))
        .flatten()
}

/// What `realpath`, `readlink -f` (`-e`, `-m`), `dirname` and `basename` print for the one
/// path they are given: the absolute path (as written: links are the file policy's to follow),
/// its folder, or its last name.
fn path_printed(command: &Command) -> Option<String> {
    let canonical = matches!(command.name.as_str(), "realpath" | "readlink");
    let mut resolves = command.name == "realpath";
    let mut operands = Vec::new();
    for word in command.args() {
        let text = word.value()?;
        match text.strip_prefix('-') {
            Some(flags) if canonical && !flags.is_empty() && flags.chars().all(|flag| "femsqLPz".contains(flag)) => {
                resolves |= flags.contains(['f', 'e', 'm']);
            }
            Some(_) => return None,
            None => operands.push(text),
        }
    }
    let [operand] = operands[..] else { return None };
    match command.name.as_str() {
        _ if canonical => {
            let Target::Path(path) = paths::resolve(&Word::literal(operand, command.span), &command.cwd) else {
                return None;
            };
            resolves.then(|| path.as_str().to_owned())
        }
        "dirname" => {
            let trimmed = operand.trim_end_matches('/');
            Some(match trimmed.rfind('/') {
                Some(cut) => match trimmed[..cut].trim_end_matches('/') {
                    "" => "/".to_owned(),
                    folder => folder.to_owned(),
                },
                None if operand.starts_with('/') => "/".to_owned(),
                None => ".".to_owned(),
            })
        }
        _ => {
            let trimmed = operand.trim_end_matches('/');
            let name = trimmed.rsplit('/').next().unwrap_or_default();
            Some(if name.is_empty() {
                operand.chars().take(1).collect()
            } else {
                name.to_owned()
            })
        }
    }
}

/// What command `id` prints.
pub fn output(id: CommandId, analysis: &Analysis, context: &Context) -> Output {
    let command = &analysis.commands[id];
    if let Some(what) = secret(command, context) {
        if what == ENVIRONMENT
            && let Some(printed) = emptied_environment(id, analysis)
        {
            return printed;
        }
        return Output::Secret(what);
    }
    for run in &command.runs {
        match run {
            Run::Command(child) => return analysis.commands[*child].output.clone(),
            Run::Code(layer) => {
                return if fetches_within(*layer, analysis) {
                    Output::Network
                } else if let Some(what) = secret_printed_within(*layer, analysis) {
                    Output::Secret(what)
                } else {
                    Output::Unknown
                };
            }
            Run::Network { .. } | Run::SocketShell { .. } | Run::Unverifiable { .. } | Run::HostAccess { .. } => {}
        }
    }
    if matches!(command.stdin, Input::Piped(Output::Network)) {
        return Output::Network;
    }
    let args = command.args();
    let name = command.name.as_str();
    match name {
        _ if FETCHERS.contains(&name) => Output::Network,
        // A TLS client prints what the server sends.
        "openssl" if args.first().is_some_and(|word| word.is("s_client")) => Output::Network,
        "echo" => echo(args, command.span),
        "printf" => printf(args).map_or(Output::Unknown, |text| {
            Output::Literal(Word::literal(&text, command.span))
        }),
        "cat" | "tee" if passes_stdin(name, args) => match &command.stdin {
            Input::Text(word) => Output::Literal(word.clone()),
            Input::Piped(output) => output.clone(),
            Input::File(word) if crate::walk::is_socket(word) => Output::Network,
            _ => Output::Unknown,
        },
        // `cd` prints nothing, save `cd -` and a relative name it finds on `CDPATH`.
        "cd" if args.iter().all(|word| {
            word.value().is_some_and(|dir| {
                dir.starts_with('/') || dir == "." || dir == ".." || dir.starts_with("./") || dir.starts_with("../")
            })
        }) =>
        {
            Output::Literal(Word::literal("", command.span))
        }
        "pwd" => match &command.cwd {
            Cwd::Known(dir) => Output::Literal(Word::literal(dir.as_str(), command.span)),
            Cwd::Unknown(_) => Output::Unknown,
        },
        // The top of the repository a folder is in, read from inside the project (or from the
        // folder `-C` names): the project's root. From a folder outside it, that folder or one
        // above it, all outside the project: the folder stands for them (git pointed elsewhere by
        // `GIT_DIR` is not read this way). Its git directory, or a path in it (`--git-path
        // hooks`), is the `.git` there: whatever is written to it is written inside a `.git`.
        "git"
            if let Some(printed) = rev_parse_path(args)
                && !command.assignments.iter().any(|(name, _)| name.starts_with("GIT_")) =>
        {
            let folder = match (&command.cwd, args.first().filter(|first| first.is("-C"))) {
                (Cwd::Known(dir), Some(_)) => match paths::resolve(&args[1], &Cwd::Known(dir.clone())) {
                    paths::Target::Path(folder) => Some(folder),
                    _ => None,
                },
                (Cwd::Known(dir), None) => Some(dir.clone()),
                _ => None,
            };
            let top = match folder {
                Some(folder) if folder.starts_with(&context.project_root) => context.project_root.clone(),
                Some(folder) if !context.project_root.starts_with(&folder) => folder,
                _ => return Output::Unknown,
            };
            let path = match printed {
                RevParsed::TopLevel => top,
                RevParsed::GitDir(within) => top.join(".git").join(within),
            };
            Output::Literal(Word::literal(path.as_str(), command.span))
        }
        "mktemp" => Output::TemporaryPath,
        // The account's name (`/home/$(whoami)/.ssh`).
        "whoami" if args.is_empty() => context.account_name().map_or(Output::Unknown, |account| {
            Output::Literal(Word::literal(account, command.span))
        }),
        "id" if args.len() == 1 && (args[0].is("-un") || args[0].is("-nu")) => {
            context.account_name().map_or(Output::Unknown, |account| {
                Output::Literal(Word::literal(account, command.span))
            })
        }
        "find" => Output::PathsUnder(crate::tools::find::find_search(command).found),
        "fd" | "fdfind" | "rg" | "ripgrep" | "git" if let Some(found) = crate::registry::finders::listed(command) => {
            Output::PathsUnder(found)
        }
        // `ls ~/.ssh/id_*` prints the paths its patterns match, as written.
        "ls" => match listed_matches(command) {
            Some(found) => Output::PathsUnder(found),
            None => listed_path(command, context).map_or(Output::Unknown, |path| {
                Output::Literal(Word::literal(&path, command.span))
            }),
        },
        // The one path given, made absolute (`realpath ~/.bashrc`, `readlink -f x`), or cut to
        // its folder or its name (`dirname ~/.ssh/x`).
        "realpath" | "readlink" | "dirname" | "basename" => path_printed(command).map_or(Output::Unknown, |path| {
            Output::Literal(Word::literal(&path, command.span))
        }),
        // Paths found, reordered, cut short or with some lines dropped (`find / -type f | grep
        // -v proc | xargs rm -f`): still paths under the same folders.
        _ if keeps_lines_unselected(name, args) && matches!(command.stdin, Input::Piped(Output::PathsUnder(_))) => {
            match &command.stdin {
                Input::Piped(output) => output.clone(),
                _ => Output::Unknown,
            }
        }
        _ if prints_setup(name, args) => Output::ToolSetup,
        _ => transformed(name, args, &command.stdin).map_or(Output::Unknown, |text| {
            Output::Literal(Word::literal(&text, command.span))
        }),
    }
}

/// Whether a filter passes on lines of its input as they are, choosing none by their content:
/// it reorders them, cuts them short, or drops those that match (`grep -v`).
fn keeps_lines_unselected(name: &str, args: &[Word]) -> bool {
    match name {
        "sort" | "uniq" | "head" | "tail" | "tac" | "shuf" => true,
        "grep" | "egrep" | "fgrep" => crate::args::parse(args, &long_options::GREP).has('v', "invert-match"),
        _ => false,
    }
}

/// The path `git rev-parse` prints: the top of the worktree, or a path in the git directory.
enum RevParsed<'a> {
    TopLevel,
    /// `--git-dir`, `--absolute-git-dir`, `--git-common-dir` (`""`), `--git-path PATH`.
    GitDir(&'a str),
}

/// `git [-C FOLDER] rev-parse` printing one path: `--show-toplevel`, the git directory, or a
/// path in it.
fn rev_parse_path(args: &[Word]) -> Option<RevParsed<'_>> {
    let args = match args {
        [dash_c, _, rest @ ..] if dash_c.is("-C") => rest,
        _ => args,
    };
    match args {
        [rev_parse, rest @ ..] if rev_parse.is("rev-parse") => match rest {
            [option] if option.is("--show-toplevel") => Some(RevParsed::TopLevel),
            [option] if option.is("--git-dir") || option.is("--absolute-git-dir") || option.is("--git-common-dir") => {
                Some(RevParsed::GitDir(""))
            }
            [option, path] if option.is("--git-path") => path.value().map(RevParsed::GitDir),
            _ => None,
        },
        _ => None,
    }
}

/// The secret a command prints, if it prints one: it dumps the environment, reads a key, a
/// credential store or a `.env` file, or passes on a secret it reads.
fn secret(command: &Command, context: &Context) -> Option<String> {
    let name = command.name.as_str();
    let operands = command.args().iter().any(|w| !w.text().starts_with('-'));
    let dump = match name {
        "env" => command.runs.is_empty() && env_prints_environment(command.args()),
        "printenv" => !operands && command.runs.is_empty(),
        "set" => command.args().is_empty(),
        // `export` and `export -p` print every exported variable with its value; `declare`
        // and `typeset` with no names print every variable (`-f`, `-F`: functions instead).
        "export" => command.args().iter().all(|word| word.is("-p")),
        "declare" | "typeset" | "local" => {
            !operands
                && command.args().iter().all(|word| {
                    word.text()
                        .trim_start_matches(['-', '+'])
                        .chars()
                        .all(|flag| "pxrgilaAnut".contains(flag))
                })
        }
        _ => false,
    };
    if dump {
        return Some(ENVIRONMENT.to_owned());
    }
    if let Some(variable) = printed_variable(command) {
        return Some(format!("the variable {variable}"));
    }
    if let Some(what) = printed_setting(command) {
        return Some(what.to_owned());
    }
    if prints_arguments(command)
        && let Some(what) = secret_substituted(command.args())
    {
        return Some(what);
    }
    if let Some(printed) = queried_environment(command) {
        return Some(printed.map_or_else(|| ENVIRONMENT.to_owned(), |name| format!("the variable {name}")));
    }
    let words: Vec<&str> = command.args().iter().filter_map(Word::value).collect();
    if let Some(what) = token_printer(name, &words).filter(|_| prints_the_secret(name, &words)) {
        return Some(what.to_owned());
    }
    // A Docker credential helper (`docker-credential-desktop get`) prints the registry password
    // for the address it reads; `list` prints addresses and user names only.
    if name.starts_with("docker-credential-") && words.first() == Some(&"get") {
        return Some("a registry password".to_owned());
    }
    // `pass NAME` is `pass show NAME`.
    if matches!(name, "pass" | "gopass")
        && let Some(first) = words.iter().find(|w| !w.starts_with('-'))
        && !PASSWORD_STORE_COMMANDS.contains(first)
    {
        return Some("a stored password".to_owned());
    }
    let secret_path = |word: &Word| match paths::resolve(word, &command.cwd) {
        Target::Path(path) => written_secret(command, &path).or_else(|| files::secret(&path, context)),
        _ => files::process_environment_known_late(word).or_else(|| files::secret_file_variable(word)),
    };
    let mut read = files::read_by(command);
    if ARCHIVERS.contains(&name) {
        read.extend(command.args().iter().filter(|w| !w.text().starts_with('-')).cloned());
    }
    if let Some(found) = read.iter().find_map(secret_path) {
        return Some(found);
    }
    if !FILTERS.contains(&name) && !shows_input(name, command.args()) {
        return None;
    }
    match &command.stdin {
        // An environment, this shell's or another process's, filtered for what holds no value
        // (`docker inspect -f '{{json .Config.Env}}' c | tr , '\n' | grep -i cors`, `tr '\0'
        // '\n' < /proc/self/environ | cut -d= -f1`).
        Input::Piped(Output::Secret(what))
            if ([
                ENVIRONMENT,
                CONTAINER_ENVIRONMENT,
                WORKLOAD_ENVIRONMENT,
                PROCESS_ENVIRONMENTS,
            ]
            .contains(&what.as_str())
                || what.ends_with(files::PROCESS_ENVIRONMENT))
                && hides_values(command) =>
        {
            None
        }
        // A token's first characters (`echo $TOKEN | cut -c1-10`), as `${TOKEN:0:10}` shows them.
        Input::Piped(Output::Secret(what))
            if what
                .strip_prefix("the variable ")
                .is_some_and(|name| characters_kept(command).is_some_and(|kept| kept <= safely_shown(name))) =>
        {
            None
        }
        Input::Piped(Output::Secret(what)) => Some(what.clone()),
        // A here-string or heredoc that expands a secret variable (`cat <<< "$TOKEN"`), passed
        // on by a filter; a program that only reads it (`gh auth login --with-token <<<
        // "$GH_TOKEN"`) prints nothing of it.
        Input::Text(text) if command.runs.is_empty() && !only_tests(command) => secret_expanded([text])
            .map(|name| format!("the variable {name}"))
            .or_else(|| secret_substituted([text])),
        Input::File(path) => secret_path(path),
        _ => None,
    }
}

/// What a program that prints the environment prints when `env -i` (or `env -`) started it,
/// directly or through shells that read no startup file (`env -i bash -c env`): only the
/// variables given on the way, a secret when one of them holds one (`env -i
/// TOKEN="$GITHUB_TOKEN" env`). `None` when it was started with the environment it inherits.
fn emptied_environment(id: CommandId, analysis: &Analysis) -> Option<Output> {
    let mut given = secret_given(&analysis.commands[id]);
    for starter_id in analysis.starters(id) {
        let starter = &analysis.commands[starter_id];
        if starter.name == "env" && env_empties_environment(starter.args()) {
            return Some(given.map_or(Output::Unknown, Output::Secret));
        }
        let passes_on = starter.name == "env" || adds_nothing_to_environment(starter_id, analysis);
        if !passes_on {
            return None;
        }
        given = given.or_else(|| secret_given(starter));
    }
    None
}

/// Whether shell `id` runs its code with the environment it was given: bash, sh or dash,
/// neither login nor interactive (which read startup files such as `~/.profile` that may export
/// secrets; zsh always reads `~/.zshenv`), whose code sources no file.
fn adds_nothing_to_environment(id: CommandId, analysis: &Analysis) -> bool {
    let shell = &analysis.commands[id];
    let sources = || {
        (0..analysis.commands.len()).any(|other| {
            matches!(analysis.commands[other].name.as_str(), "source" | ".")
                && analysis.starters(other).next() == Some(id)
        })
    };
    matches!(shell.name.as_str(), "bash" | "sh" | "dash") && !reads_startup_files(shell.args()) && !sources()
}

/// Whether a shell's options make it a login or an interactive shell (`bash -lc`, `sh -i`),
/// which reads startup files such as `~/.profile` that may export secrets.
fn reads_startup_files(args: &[Word]) -> bool {
    args.iter()
        .map_while(Word::value)
        .take_while(|text| text.starts_with('-'))
        .any(|text| text == "--login" || (!text.starts_with("--") && text.contains(['l', 'i'])))
}

/// The secret a command's own variables hold (`TOKEN="$GITHUB_TOKEN" env`).
fn secret_given(command: &Command) -> Option<String> {
    command.assignments.iter().find_map(|(name, value)| {
        secret_expanded([value])
            .or_else(|| (is_secret_name(name) && value.is_dynamic()).then(|| name.clone()))
            .map(|name| format!("the variable {name}"))
            .or_else(|| secret_substituted([value]))
    })
}

/// Whether `env`'s arguments empty the environment (`-i`, `--ignore-environment`, `-`) before
/// the variables they give.
fn env_empties_environment(args: &[Word]) -> bool {
    let mut words = args.iter();
    while let Some(text) = words.next().and_then(Word::value) {
        match text {
            "-" | "-i" | "--ignore-environment" => return true,
            "-u" | "--unset" | "-C" | "--chdir" | "-S" | "--split-string" | "-P" => {
                words.next();
            }
            _ if text.starts_with("--") => {}
            _ if text.starts_with('-') => {
                if text.contains('i') {
                    return true;
                }
                if text.ends_with(['u', 'C', 'S', 'P']) {
                    words.next();
                }
            }
            _ => return false,
        }
    }
    false
}

/// Whether `env` given no command prints the environment: with variables unset or added
/// (`env -u FOO`, `env FOO=1`), separated by NULs (`-0`) or from another folder (`-C DIR`) it
/// still does; emptied first (`-i`, `-`), it prints only what it was given.
fn env_prints_environment(args: &[Word]) -> bool {
    let mut words = args.iter();
    while let Some(word) = words.next() {
        let Some(text) = word.value() else { return false };
        match text {
            "-" | "-i" | "--ignore-environment" => return false,
            "-u" | "--unset" | "-C" | "--chdir" => {
                words.next();
            }
            _ if text.starts_with("--") => {}
            _ if text.starts_with('-') => {
                if text.contains('i') {
                    return false;
                }
                if text.ends_with(['u', 'C']) {
                    words.next();
                }
            }
            // `NAME=value` is added to what it prints; any other operand is a command.
            _ if text.split_once('=').is_some_and(|(name, _)| !name.is_empty()) => {}
            _ => return false,
        }
    }
    true
}

/// How many characters of each line a filter keeps from the start, when it keeps only a
/// bounded run of them: `cut -c1-10` (or `-b`, `--characters=`), `head -c 8` (`--bytes=`).
fn characters_kept(command: &Command) -> Option<usize> {
    let texts: Vec<&str> = command.args().iter().map(|word| word.value()).collect::<Option<_>>()?;
    let value = |shorts: &[&str], long: &str| {
        texts.iter().enumerate().find_map(|(at, text)| {
            if shorts.contains(text) {
                return texts.get(at + 1).copied();
            }
            shorts
                .iter()
                .find_map(|short| text.strip_prefix(short).filter(|rest| !rest.is_empty()))
                .or_else(|| text.strip_prefix(long))
        })
    };
    match command.name.as_str() {
        "cut" => {
            let range = value(&["-c", "-b"], "--characters=").or_else(|| value(&[], "--bytes="))?;
            let (start, end) = range.split_once('-').unwrap_or((range, range));
            let start: usize = if start.is_empty() { 1 } else { start.parse().ok()? };
            let end: usize = end.parse().ok()?;
            (start >= 1 && end >= start).then(|| end - start + 1)
        }
        "head" => value(&["-c"], "--bytes=")?.parse().ok(),
        _ => None,
    }
}

/// Whether the command prints its arguments: `echo`, `printf` (not `printf -v NAME`, which
/// assigns), zsh's `print`.
fn prints_arguments(command: &Command) -> bool {
    match command.name.as_str() {
        "printf" => !command.args().first().is_some_and(|word| word.is("-v")),
        "echo" | "print" => true,
        _ => false,
    }
}

/// A secret that a command substitution in the words carries, as [`Output::Secret`] says it:
/// a tool's token printed into them (`"$(gh auth token)"`, `` `gh auth token` ``), directly or
/// through a variable assigned from one (`T=$(gh auth token); echo "$T"`).
pub fn secret_substituted<'a>(words: impl IntoIterator<Item = &'a Word>) -> Option<String> {
    words
        .into_iter()
        .flat_map(Word::dynamics)
        .find_map(|dynamic| match &dynamic.kind {
            DynamicKind::CommandOutput(Output::Secret(what)) => Some(what.clone()),
            _ => None,
        })
}

/// The secret an earlier command of the line wrote into the file `path` (`gh auth token >
/// t.txt`, `gpg --export-secret-keys -o key.asc`), as [`Output::Secret`] says it: reading the
/// file prints it as the command would have.
fn written_secret(command: &Command, path: &paths::AbsPath) -> Option<String> {
    let (_, what) = command.secret_files.iter().find(|(file, _)| file == path.as_str())?;
    let environment = [
        ENVIRONMENT,
        CONTAINER_ENVIRONMENT,
        WORKLOAD_ENVIRONMENT,
        PROCESS_ENVIRONMENTS,
    ]
    .contains(&what.as_str());
    // An environment written out and read through a filter that shows no value of it (`env >
    // e.txt; grep PATH e.txt`).
    (!(environment && hides_values_apart_from(command, Some(path)))).then(|| what.clone())
}

/// What a secret-printing tool of [`TOKEN_PRINTERS`] prints, by its name and words.
fn token_printer(name: &str, words: &[&str]) -> Option<&'static str> {
    TOKEN_PRINTERS
        .iter()
        .find(|(tool, subcommand, _)| *tool == name && words.windows(subcommand.len()).any(|w| w == *subcommand))
        .map(|(_, _, what)| *what)
}

/// The file a secret-printing tool writes its secret into instead of printing it (`gpg
/// --export-secret-keys -o key.asc`, `age -d -o notes.txt`, `ansible-vault decrypt --output
/// plain.yml`, `bw export --output v.json`, `op document get k --out-file k.pem`), with the
/// secret as [`Output::Secret`] says it.
pub fn secret_written(command: &Command) -> Option<(Word, String)> {
    let name = command.name.as_str();
    if !matches!(name, "gpg" | "gpg2" | "age" | "ansible-vault" | "bw" | "op") {
        return None;
    }
    let args = command.args();
    let words: Vec<&str> = args.iter().filter_map(Word::value).collect();
    let what = token_printer(name, &words)?;
    let file = args.iter().enumerate().find_map(|(at, word)| match word.value()? {
        "-o" | "--output" | "--out-file" => args.get(at + 1).cloned(),
        text => text
            .strip_prefix("--output=")
            .or_else(|| text.strip_prefix("--out-file="))
            .map(|file| Word::literal(file, word.span)),
    })?;
    (!file.is("-")).then(|| (file, what.to_owned()))
}

/// A variable that holds a secret by its name, printed: named to `printenv` or `declare -p`, or
/// expanded by `echo` or `printf` (`echo "$GITHUB_TOKEN"`, see [`secret_expanded`]). Its
/// length or a test (`${#TOKEN}`, `${TOKEN:+set}`) prints no value.
fn printed_variable(command: &Command) -> Option<String> {
    let args = command.args();
    match command.name.as_str() {
        "printenv" => args
            .iter()
            .filter_map(Word::value)
            .find(|name| is_secret_name(name))
            .map(str::to_owned),
        "declare" | "typeset"
            if args
                .first()
                .is_some_and(|word| word.text().starts_with('-') && word.text().contains('p')) =>
        {
            args.iter()
                .filter_map(Word::value)
                .find(|name| !name.starts_with('-') && is_secret_name(name))
                .map(str::to_owned)
        }
        // `printf -v name …` assigns what it formats, and prints nothing.
        "printf" if args.first().is_some_and(|word| word.is("-v")) => None,
        "echo" | "printf" | "print" => secret_expanded(args),
        _ => None,
    }
}

/// A variable holding a secret by its name whose value the words show, whole or in a part
/// long enough to matter (`"$GITHUB_TOKEN"`, `${TOKEN@Q}`, `${TOKEN:0:40}`, a heredoc line `key:
/// $API_KEY`), or a variable named only when the command runs (`${!v}` in a loop over `${!AWS_*}`
/// or `compgen -v`), which may be any of them. The characters of one variable shown across the
/// words add up (`${T:0:20}${T:20}`).
pub fn secret_expanded<'a>(words: impl IntoIterator<Item = &'a Word>) -> Option<String> {
    secret_shown(words.into_iter().flat_map(Word::dynamics))
}

/// A variable holding a secret by its name whose value the expansions `dynamics` show, as
/// [`secret_expanded`] reads them.
pub fn secret_shown<'a>(dynamics: impl IntoIterator<Item = &'a crate::word::Dynamic>) -> Option<String> {
    let mut shown: Vec<(&str, usize)> = Vec::new();
    for dynamic in dynamics {
        let text = dynamic.text.trim_matches('"');
        let name = match &dynamic.kind {
            DynamicKind::Variable { name, .. } if is_secret_name(name) => name.as_str(),
            DynamicKind::Other if is_indirection(text) => {
                return Some(format!(
                    "{text}, named only when the command runs (any of the environment's)"
                ));
            }
            _ => continue,
        };
        let characters = match shown_of(text, name) {
            Shown::Nothing => continue,
            Shown::Whole => return Some(name.to_owned()),
            Shown::Characters(count) => count,
        };
        let total = match shown.iter_mut().find(|(seen, _)| *seen == name) {
            Some((_, total)) => {
                *total = total.saturating_add(characters);
                *total
            }
            None => {
                shown.push((name, characters));
                characters
            }
        };
        if total > safely_shown(name) {
            return Some(name.to_owned());
        }
    }
    None
}

/// How much of a variable's value an expansion of it shows.
enum Shown {
    Nothing,
    /// At most this many characters (`${TOKEN:0:8}`, `${TOKEN: -4}`).
    Characters(usize),
    Whole,
}

/// What the expansion `text` of the variable `name` shows of its value: all of it for `$NAME`,
/// `${NAME}`, a default or an error for when it is unset (`${NAME:-x}`, `${NAME:?}`), a quoting,
/// escaping or case transformation (`${NAME@Q}`, `${NAME@A}`, `${NAME^^}`), a pattern removed or
/// replaced (`${NAME#sk-}`, `${NAME/x/y}`), the variable reached through another
/// (`${!pointer}`); a substring's length (`${NAME:0:8}`, `${NAME: -4}`); nothing for its length,
/// an alternative, its attributes or every character replaced (`${#NAME}`, `${NAME:+set}`,
/// `${NAME@a}`, `${NAME//?/*}`).
fn shown_of(text: &str, name: &str) -> Shown {
    if text == format!("${name}") || is_indirection(text) {
        return Shown::Whole;
    }
    let Some(operation) = text
        .strip_prefix(&format!("${{{name}"))
        .and_then(|rest| rest.strip_suffix('}'))
    else {
        return Shown::Nothing;
    };
    if matches!(operation, "+" | ":+") || operation.starts_with('+') || operation.starts_with(":+") {
        return Shown::Nothing;
    }
    if operation == "@a" {
        return Shown::Nothing;
    }
    if let Some(replacement) = operation.strip_prefix('/') {
        // `${NAME//?/*}`, `${NAME/*/x}`: every character, or the whole value, replaced.
        let (global, replacement) = match replacement.strip_prefix('/') {
            Some(rest) => (true, rest),
            None => (false, replacement),
        };
        let pattern = replacement.split('/').next().unwrap_or("");
        return if pattern == "*" || global && pattern == "?" {
            Shown::Nothing
        } else {
            Shown::Whole
        };
    }
    let Some(substring) = operation
        .strip_prefix(':')
        .filter(|rest| !rest.starts_with(['-', '=', '?', '+']))
    else {
        return Shown::Whole;
    };
    let number = |text: &str| {
        text.trim()
            .trim_start_matches('(')
            .trim_end_matches(')')
            .trim()
            .parse::<i64>()
            .ok()
    };
    let mut fields = substring.splitn(2, ':');
    let offset = fields.next().and_then(number);
    match (offset, fields.next().map(number)) {
        (Some(offset), None) if offset < 0 => Shown::Characters(offset.unsigned_abs() as usize),
        (Some(_), Some(Some(length))) if length >= 0 => Shown::Characters(length as usize),
        _ => Shown::Whole,
    }
}

/// `${!NAME}`: the value of the variable whose name `NAME` holds (`${!NAME*}`, `${!NAME@}` and
/// `${!array[@]}` list names and keys instead).
fn is_indirection(text: &str) -> bool {
    text.strip_prefix("${!")
        .and_then(|rest| rest.strip_suffix('}'))
        .is_some_and(|pointer| !pointer.is_empty() && pointer.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'))
}

/// How many characters of a secret variable may be shown without showing the secret: a token's
/// or a key's first ones name its kind and account (`ghp_`, `sk-proj-`) and are printed to check
/// which one is set, leaving the rest unknown; a password has no such prefix, and any part of it
/// counts.
fn safely_shown(name: &str) -> usize {
    let upper = name.to_ascii_uppercase();
    if ["PASSWORD", "PASSWD", "PASS", "PWD"]
        .iter()
        .any(|kind| upper.split('_').any(|part| part == *kind))
        || upper.ends_with("PASSWORD")
    {
        0
    } else {
        20
    }
}

/// What a dump of the environment holds (`env`, `printenv`, `set`).
pub const ENVIRONMENT: &str = "the whole environment (with its tokens and passwords)";

/// Whether the secret `what` (as [`Output::Secret`] says it) comes from the environment or from
/// a tool that prints tokens, rather than from a file read.
pub fn printed_not_read(what: &str) -> bool {
    what == ENVIRONMENT
        || what.ends_with(files::PROCESS_ENVIRONMENT)
        || what.starts_with("the variable ")
        || TOKEN_PRINTERS.iter().any(|(_, _, printed)| *printed == what)
        || what == REGISTRY_TOKEN
        || what == KUBERNETES_SECRET_DATA
        || [CONTAINER_ENVIRONMENT, WORKLOAD_ENVIRONMENT, PROCESS_ENVIRONMENTS].contains(&what)
}

/// Whether the variable `name` holds a secret by its name (`GITHUB_TOKEN`, `DB_PASSWORD`,
/// `OPENAI_API_KEY`, `DATABASE_URL`). What is public by design is not (`NEXT_PUBLIC_…`,
/// a `…_PUBLISHABLE_KEY`, a `…_PUBLIC_KEY`).
pub fn is_secret_name(name: &str) -> bool {
    let upper = name.to_ascii_uppercase();
    if upper.split('_').any(|part| matches!(part, "PUBLIC" | "PUBLISHABLE")) {
        return false;
    }
    // The kind of value is said last (`GITHUB_TOKEN`), before a number, an environment or an
    // encoding (`DB_PASSWORD_2`, `STRIPE_SECRET_KEY_LIVE`, `API_KEY_B64`); any other word after
    // it names something else (`TOKEN_URL`, `PASSWORD_MIN_LENGTH`, `AWS_ACCESS_KEY_ID`).
    let last = upper
        .rsplit('_')
        .find(|part| {
            !part.is_empty()
                && !part.bytes().all(|b| b.is_ascii_digit())
                && !matches!(
                    *part,
                    "PROD"
                        | "PRODUCTION"
                        | "DEV"
                        | "DEVELOPMENT"
                        | "STAGING"
                        | "STAGE"
                        | "TEST"
                        | "LIVE"
                        | "LOCAL"
                        | "B64"
                        | "BASE64"
                        | "ENC"
                        | "ENCODED"
                        | "RAW"
                        | "VALUE"
                )
        })
        .unwrap_or("");
    // A webhook's URL carries its token (`SLACK_WEBHOOK_URL`); a password may be named as one
    // word with its program (`PGPASSWORD`); Rails signs sessions with `SECRET_KEY_BASE`.
    upper == "DATABASE_URL"
        || upper == "SECRET_KEY_BASE"
        || last.ends_with("PASSWORD")
        || last.ends_with("PASSWD")
        || upper.ends_with("WEBHOOK_URL")
        || last == "WEBHOOK"
        || std::iter::once(last).any(|part| {
            matches!(
                part,
                "TOKEN"
                    | "SECRET"
                    | "PASSWORD"
                    | "PASSWD"
                    | "PASS"
                    | "KEY"
                    | "APIKEY"
                    | "CREDENTIALS"
                    | "CREDENTIAL"
                    | "PAT"
                    | "DSN"
                    | "COOKIE"
                    | "PWD"
            )
        }) && !matches!(upper.as_str(), "PWD" | "OLDPWD")
}

/// Lines of an environment a filter is tried on: a value shown whenever a filter lets one of
/// them through.
const SECRET_LINES: &[&str] = &[
    "GITHUB_TOKEN=ghp_16C7e42F292c6912E7710c838347Ae178B4a",
    "OPENAI_API_KEY=sk-proj-Xh3kq9ZlT0aBcDeFgHiJ",
    "ANTHROPIC_API_KEY=sk-ant-api03-AbCdEf",
    "AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    "AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE",
    "DATABASE_URL=postgresql://app:s3cret@db.internal:5432/app",
    "DB_PASSWORD=hunter2",
    "NPM_TOKEN=npm_AbCdEf0123456789",
    "STRIPE_SECRET_KEY=sk_live_51AbCdEf",
    "SLACK_WEBHOOK_URL=https://hooks.slack.com/services/T000/B000/XXXX",
    "SESSION_SECRET=9f8e7d6c5b4a",
    "HF_TOKEN=hf_AbCdEfGhIj",
    "PGPASSWORD=postgres",
];

/// Whether a filter given the environment (`env | …`) shows none of its secret values: it
/// counts or only tests (`grep -c`, `grep -q`), its pattern matches no line that holds one
/// (`grep PATH`, `grep -i proxy`), or it keeps only the names (`cut -d= -f1`, `sed
/// 's/=.*//'`, `awk -F= '{print $1}'`).
fn hides_values(command: &Command) -> bool {
    hides_values_apart_from(command, None)
}

/// [`hides_values`], the file `read` (where the environment was written) left out of the
/// arguments.
fn hides_values_apart_from(command: &Command, read: Option<&paths::AbsPath>) -> bool {
    let texts: Vec<&str> = command
        .args()
        .iter()
        .filter(|word| {
            read.is_none_or(|read| !matches!(paths::resolve(word, &command.cwd), Target::Path(path) if path == *read))
        })
        .map(|word| word.value().unwrap_or("\u{0}"))
        .collect();
    if texts.contains(&"\u{0}") {
        return false;
    }
    match command.name.as_str() {
        "grep" | "egrep" | "fgrep" | "rg" => grep_hides_values(&command.name, &texts),
        "cut" => {
            let joined = texts.join(" ");
            (joined.contains("-d=") || joined.contains("-d =") || joined.contains("--delimiter="))
                && (texts.contains(&"-f1") || joined.contains("-f 1") || texts.contains(&"--fields=1"))
                && !joined.contains("-f1-")
        }
        "sed" => texts.iter().find(|text| !text.starts_with('-')).is_some_and(|script| {
            let mut chars = script.chars();
            let (Some('s'), Some(delimiter)) = (chars.next(), chars.next()) else {
                return false;
            };
            let pattern = chars.as_str().split(delimiter).next().unwrap_or("");
            pattern.ends_with("=.*") && !pattern.chars().any(|c| c.is_ascii_alphanumeric())
        }),
        "awk" | "gawk" | "mawk" => {
            let words: Vec<Word> = texts.iter().map(|text| Word::literal(text, Span::default())).collect();
            let parsed = args::parse(&words, &long_options::AWK);
            let separated = parsed
                .value_of('F', "field-separator")
                .is_some_and(|separator| separator.text() == "=");
            let (program, _) = long_options::awk_operands(&parsed);
            let program = program.map_or("", Word::text);
            separated
                && program.contains("$1")
                && !program.contains("$0")
                && !program.contains("$NF")
                && !(2..=9).any(|field| program.contains(&format!("${field}")))
                && !program.contains("print;")
                && !program.contains("{print}")
                && !program.contains("{ print }")
        }
        _ => false,
    }
}

/// Whether grep or its kin only counts, tests or names files (`grep -q`, `-c`, `-l`): it
/// prints no line it reads.
fn only_tests(command: &Command) -> bool {
    let name = command.name.as_str();
    matches!(name, "grep" | "egrep" | "fgrep" | "rg")
        && grep_prints_no_line(name, &args::parse(command.args(), long_options::grep(name)))
}

/// Whether grep's options (or ripgrep's, whose `-L` follows links) leave it printing no line:
/// it counts, tests or names files.
fn grep_prints_no_line(name: &str, parsed: &args::Parsed) -> bool {
    parsed.has('c', "count")
        || parsed.has('q', "quiet")
        || parsed.has_long("silent")
        || parsed.has('l', "files-with-matches")
        || parsed.has_long("files-without-match")
        || (name != "rg" && parsed.has_short('L'))
}

/// [`hides_values`] for grep and its kin: the options as the program reads them
/// ([`long_options::grep`]), then the patterns tried on [`SECRET_LINES`].
fn grep_hides_values(name: &str, texts: &[&str]) -> bool {
    let words: Vec<Word> = texts.iter().map(|text| Word::literal(text, Span::default())).collect();
    let parsed = args::parse(&words, long_options::grep(name));
    if grep_prints_no_line(name, &parsed) {
        return true;
    }
    if parsed.has('v', "invert-match") || parsed.has('o', "only-matching") || parsed.has('f', "file") {
        return false;
    }
    let fixed = name == "fgrep" || parsed.has('F', "fixed-strings");
    let extended = name == "egrep" || name == "rg" || parsed.has('E', "extended-regexp");
    let ignore_case = parsed.has('i', "ignore-case");
    let mut patterns: Vec<&str> = parsed
        .args
        .iter()
        .filter(|arg| arg.is_short('e') || arg.is_long("regexp"))
        .filter_map(|arg| arg.value().map(Word::text))
        .collect();
    let mut operands = parsed.operands();
    if patterns.is_empty() {
        patterns.extend(operands.next().map(Word::text));
    }
    // A file to read: not the environment.
    if operands.next().is_some() {
        return false;
    }
    !patterns.is_empty()
        && patterns.iter().all(|pattern| {
            let pattern = if fixed {
                regex::escape(pattern)
            } else if extended {
                (*pattern).to_owned()
            } else {
                pattern.replace("\\|", "|")
            };
            let flags = if ignore_case { "(?i)" } else { "" };
            regex::RegexBuilder::new(&format!("{flags}{pattern}"))
                .size_limit(1 << 16)
                .build()
                .is_ok_and(|regex| !SECRET_LINES.iter().any(|line| regex.is_match(line)))
        })
}

/// Whether any command run inside `layer` fetches from the network.
pub fn fetches_within(layer: LayerId, analysis: &Analysis) -> bool {
    analysis.commands.iter().any(|command| {
        FETCHERS.contains(&command.name.as_str())
            && std::iter::successors(Some(command.layer), |&l| analysis.layers[l].parent).any(|l| l == layer)
    })
}

/// `cat` and `tee` copy standard input when given no file (or `-`).
fn passes_stdin(name: &str, args: &[Word]) -> bool {
    let operands: Vec<&Word> = args
        .iter()
        .filter(|w| !w.value().is_some_and(|t| t.starts_with('-') && t != "-"))
        .collect();
    name == "tee" || operands.is_empty() || operands.iter().all(|w| w.is("-"))
}

fn prints_setup(name: &str, args: &[Word]) -> bool {
    let first = args.first().and_then(Word::value);
    SETUP_PRINTERS.iter().any(|(tool, sub)| {
        *tool == name
            && match sub {
                None => true,
                Some(sub) => first == Some(*sub) || (name == "conda" && first.is_some_and(|f| f.starts_with("shell."))),
            }
    })
}

/// `echo [-neE] words…`: the words joined by spaces, dynamic parts kept.
fn echo(args: &[Word], span: crate::source::Span) -> Output {
    let mut newline = true;
    let mut escapes = false;
    let mut start = 0;
    for word in args {
        match word.value() {
            Some(flags)
                if flags.len() > 1 && flags.starts_with('-') && flags[1..].chars().all(|c| "neE".contains(c)) =>
            {
                newline &= !flags.contains('n');
                escapes = flags.contains('e');
                start += 1;
            }
            _ => break,
        }
    }
    let mut parts = Vec::new();
    for (index, word) in args[start..].iter().enumerate() {
        if index > 0 {
            parts.push(literal(" ", span));
        }
        for part in &word.parts {
            match part {
                Part::Literal { text, span, .. } if escapes => {
                    parts.push(literal(&crate::word::decode_ansi_c(text), *span))
                }
                other => parts.push(other.clone()),
            }
        }
    }
    if newline {
        parts.push(literal("\n", span));
    }
    Output::Literal(Word::from_parts(parts, span))
}

fn literal(text: &str, span: crate::source::Span) -> Part {
    Part::Literal {
        text: text.to_owned(),
        quoting: Quoting::Quoted,
        span,
    }
}

/// `printf FORMAT [args…]` with literal words: `%s`, `%b`, `%d`, `%c`, `%%` and escapes; the
/// format repeats while arguments remain.
pub fn printf(args: &[Word]) -> Option<String> {
    let args: Vec<&str> = args.iter().map(Word::value).collect::<Option<_>>()?;
    let (format, mut rest) = match args.split_first() {
        Some((&"--", rest)) => rest.split_first()?,
        Some(split) => split,
        None => return None,
    };
    let format = crate::word::decode_ansi_c(format);
    let mut out = String::new();
    loop {
        let mut used = 0;
        let mut chars = format.chars().peekable();
        while let Some(c) = chars.next() {
            if c != '%' {
                out.push(c);
                continue;
            }
            // Flags, width and precision are read and ignored.
            while chars.peek().is_some_and(|c| "-+ #0123456789.".contains(*c)) {
                chars.next();
            }
            match chars.next() {
                Some('%') => out.push('%'),
                Some('b') => {
                    out.push_str(&crate::word::decode_ansi_c(rest.get(used).copied().unwrap_or("")));
                    used += 1;
                }
                Some(_) => {
                    out.push_str(rest.get(used).copied().unwrap_or(""));
                    used += 1;
                }
                None => out.push('%'),
            }
        }
        if used == 0 || used >= rest.len() {
            break;
        }
        rest = &rest[used..];
        if out.len() > 1 << 16 {
            break;
        }
    }
    Some(out)
}

/// Decoders and filters applied to known text: `base64 -d`, `xxd -r -p`, `rev`, `tr`.
fn transformed(name: &str, args: &[Word], stdin: &Input) -> Option<String> {
    let input = stdin.text()?.value()?;
    let flags: Vec<&str> = args.iter().filter_map(Word::value).collect();
    match name {
        "base64" | "gbase64" if flags.iter().any(|f| matches!(*f, "-d" | "--decode" | "-D")) => {
            String::from_utf8(decode_base64(input)?).ok()
        }
        "xxd" if flags.contains(&"-r") && flags.iter().any(|f| matches!(*f, "-p" | "-ps" | "-plain")) => {
            String::from_utf8(decode_hex(input)?).ok()
        }
        "rev" if args.is_empty() => Some(
            input
                .lines()
                .map(|line| line.chars().rev().collect::<String>())
                .collect::<Vec<_>>()
                .join("\n"),
        ),
        "tr" if flags.len() == 2 && !flags[0].starts_with('-') => {
            let (from, to) = (expand_tr_set(flags[0]), expand_tr_set(flags[1]));
            let last = *to.last()?;
            Some(
                input
                    .chars()
                    .map(|c| match from.iter().position(|&f| f == c) {
                        Some(i) => to.get(i).copied().unwrap_or(last),
                        None => c,
                    })
                    .collect(),
            )
        }
        _ => None,
    }
}

/// `a-z` style ranges of a `tr` set.
fn expand_tr_set(set: &str) -> Vec<char> {
    let chars: Vec<char> = crate::word::decode_ansi_c(set).chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if i + 2 < chars.len() && chars[i + 1] == '-' && chars[i] <= chars[i + 2] {
            out.extend(chars[i]..=chars[i + 2]);
            i += 3;
        } else {
            out.push(chars[i]);
            i += 1;
        }
    }
    out
}

pub fn decode_base64(text: &str) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let mut buffer = 0u32;
    let mut bits = 0;
    for byte in text.bytes() {
        let value = match byte {
            b'A'..=b'Z' => byte - b'A',
            b'a'..=b'z' => byte - b'a' + 26,
            b'0'..=b'9' => byte - b'0' + 52,
            b'+' | b'-' => 62,
            b'/' | b'_' => 63,
            b'=' | b'\n' | b'\r' | b' ' | b'\t' => continue,
            _ => return None,
        };
        buffer = (buffer << 6) | u32::from(value);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((buffer >> bits) as u8);
            buffer &= (1 << bits) - 1;
        }
    }
    Some(out)
}

pub fn decode_hex(text: &str) -> Option<Vec<u8>> {
    let digits: Vec<u8> = text.bytes().filter(|b| !b.is_ascii_whitespace()).collect();
    digits
        .chunks(2)
        .map(|pair| u8::from_str_radix(std::str::from_utf8(pair).ok()?, 16).ok())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_decodes() {
        assert_eq!(decode_base64("cm0gLXJmIC8K").as_deref(), Some(&b"rm -rf /\n"[..]));
    }

    #[test]
    fn printf_formats() {
        let words: Vec<Word> = ["%s %s\\n", "rm", "-rf"]
            .iter()
            .map(|t| Word::literal(t, crate::source::Span::default()))
            .collect();
        assert_eq!(printf(&words).as_deref(), Some("rm -rf\n"));
    }

    #[test]
    fn tr_maps_ranges() {
        assert_eq!(expand_tr_set("a-c"), ['a', 'b', 'c']);
    }
}
