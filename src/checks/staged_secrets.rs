//! Secrets staged for a commit past `.gitignore`: `git add -f .env` puts an environment file,
//! a key or a credential store into the next commit, and the next push publishes it where
//! removing it means rewriting history. `git add` without `--force` passes: what the project
//! ignores stays out.

use super::{ASK, Applies, Checker, Report, Subject};
use crate::args::{self, Options};
use crate::files::{self, ReadClass};
use crate::paths::{self, Target};
use crate::rules::Rule;
use crate::tools::git;

pub const CHECKER: Checker = Checker {
    rules: &[&GIT_ADD_SECRET],
    applies: Applies::Commands(&["git"]),
    check,
    whole_analysis: None,
};

pub static GIT_ADD_SECRET: Rule = Rule {
    id: "git-add-secret",
    decision: ASK,
    catches: "Forcing a file `.gitignore` keeps out into the index when it holds secrets (`git add -f .env`, `git add --force id_rsa`): the next commit and push publish it.",
    instead: "Keep secrets out of the repository: commit an example file without values (`.env.example`) and let the user decide about the real one",
    examples: &[
        "git add -f .env",
        "git add --force .env.local config.yml",
        "git -C app add -f .dev.vars",
        "git add -f secrets.tfvars",
        "git add -f ~/.ssh/id_rsa",
        "git add -f config/master.key",
        "git stage -f server.pem",
        "git add --force .",
    ],
    allowed: &[
        "git add .env.example",
        "git add -f dist/app.js",
        "git add .",
        "git add -A",
        "git add -f README.key.md",
    ],
};

fn check(subject: &Subject, report: &mut Report) {
    let invocation = git::invocation(subject.command);
    if !matches!(invocation.subcommand.as_str(), "add" | "stage") {
        return;
    }
    let parsed = args::parse(
        invocation.args,
        &Options::gnu("", &["chmod", "pathspec-from-file"])
            .case_sensitive()
            .full_names_only(),
    );
    if !parsed.has('f', "force") {
        return;
    }
    // `git add -f .` or `-A`: every file .gitignore keeps out, `.env` and keys among them.
    let everything = parsed.has('A', "all")
        || parsed
            .operands()
            .any(|operand| matches!(operand.text(), "." | "./" | ":/" | "*"));
    if everything {
        report.flag(
            &GIT_ADD_SECRET,
            subject.command.span,
            "`git add --force` of the whole tree would stage every ignored file, `.env` files and keys among them: a push publishes them",
        );
        return;
    }
    for operand in parsed.operands() {
        let Target::Path(path) = paths::resolve(operand, &subject.command.cwd) else {
            continue;
        };
        let what = match files::read_class(&path, subject.context) {
            ReadClass::Credentials(what) => what,
            ReadClass::EnvFile(what) => what,
            ReadClass::Ordinary if holds_secrets_by_name(operand.text()) => "a key or credentials, by its name",
            ReadClass::Ordinary => continue,
        };
        report.flag(
            &GIT_ADD_SECRET,
            operand.span,
            format!(
                "`git add --force` would stage {} ({what}) past .gitignore: a push publishes it",
                operand.text()
            ),
        );
    }
}

/// Files that hold keys or credentials by their name wherever they are: private keys and
/// certificates with their keys, cloud credentials, Rails' master key, Terraform state.
fn holds_secrets_by_name(path: &str) -> bool {
    let name = path.rsplit('/').next().unwrap_or(path).to_ascii_lowercase();
    let extension = name.rsplit_once('.').map_or("", |(_, extension)| extension);
    matches!(
        extension,
        "pem" | "key" | "p12" | "pfx" | "jks" | "keystore" | "tfstate"
    ) || matches!(
        name.as_str(),
        "credentials.json"
            | "credentials"
            | "master.key"
            | "service-account.json"
            | "id_rsa"
            | "id_ed25519"
            | "id_ecdsa"
    ) || name.starts_with("service-account") && name.ends_with(".json")
        || name.ends_with(".tfstate.backup")
}
