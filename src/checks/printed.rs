//! Secrets printed where the agent sees them: the environment dumped (`env`, `printenv`, `set`,
//! `export -p`, `declare -p`), or filtered for what holds values (`env | grep -i key`), or paged
//! (`env | less`: a pager given no terminal copies it out), a secret variable by name (`printenv
//! GITHUB_TOKEN`, `echo "$GITHUB_TOKEN"`, `${TOKEN@Q}`, `cat <<< "$TOKEN"`) or named at run time
//! (`${!v}`), a CLI's token (`gh auth token`, also through `echo "$(gh auth token)"` or a file
//! it was written into), another process's environment (`/proc/$$/environ`,
//! `docker inspect -f '{{.Config.Env}}'`, `ps eww`); interpreter code that prints the
//! environment or a secret variable stands for the `printenv` it amounts to. What is printed
//! lands in the conversation, and from there in logs and other services. What prints no value
//! passes: a count (`env | grep -c KEY`), the names alone (`env | cut -d= -f1`, `${!AWS@}`),
//! values masked (`sed 's/=.*/=***/'`), a token's first characters (`${TOKEN:0:8}`, `… | cut
//! -c1-8`), variables
//! that hold none (`printenv HOME`, `env | grep PATH`), and output that goes into a file or a
//! variable instead.

use super::{ASK, Applies, Checker, Report, Subject};
use crate::command::{Analysis, Command, LayerKind, Output, RedirectOperator, Run};
use crate::producers;
use crate::rules::Rule;

pub const CHECKER: Checker = Checker {
    rules: &[&PRINT_SECRETS],
    applies: Applies::EveryCommand,
    check,
    whole_analysis: None,
};

pub static PRINT_SECRETS: Rule = Rule {
    id: "print-secrets",
    decision: ASK,
    catches: "Printing secrets where the agent reads them: the environment (`env`, also `env -u NAME` or `env -0`, `printenv`, `set`, `export -p`, `declare -p`, `print(os.environ)` however `os` or `environ` is imported, `node -p process.env`, `jq -n env`), filtered or not for tokens and keys (`env | grep -i token`), paged (`env | less`), a secret variable by name (`printenv GITHUB_TOKEN`, `echo \"$GITHUB_TOKEN\"`, `${TOKEN@Q}`, more than a prefix of it `${TOKEN:0:40}` or `… | cut -c1-40`, `cat <<< \"$TOKEN\"`, `console.log(process.env.GITHUB_TOKEN)`), variables named at run time (`for v in ${!AWS_*}; do echo \"${!v}\"; done`), a process's environment (`/proc/$$/environ`, `/proc/*/environ`, `docker inspect -f '{{.Config.Env}}'`, `ps eww`), a CLI's token (`gh auth token`, `vault print token`, `fly auth token`, `fly tokens create`), a password manager's entry, document or vault (`lpass show`, `op document get`, `bw list items`, `bw export --output /dev/stdout`, `python3 -m keyring get`), a cloud's keys or state (`az storage account keys list`, `terraform state pull`), a platform's environment pulled into standard output (`vercel env pull /dev/stdout`), a Helm release's values or manifests (`helm get values`, `helm get all`), a decryption printed rather than written to a file (`gpg -d`, `age -d`); through a command substitution or a variable assigned from one (`echo \"$(gh auth token)\"`), or a file it was written into before (`gh auth token > t; cat t`).",
    instead: "Print the names only (`env | cut -d= -f1`), test that a variable is set (`test -n \"$TOKEN\"`), or mask the values (`env | sed 's/=.*/=***/'`)",
    examples: &[
        "env",
        "printenv",
        "env | grep -i key",
        "env | sort",
        "printenv GITHUB_TOKEN",
        "gh auth token",
        "export -p",
        "declare -p GITHUB_TOKEN",
        "echo \"$OPENAI_API_KEY\"",
        "python3 -c 'import os; print(os.environ)'",
        "node -e 'console.log(process.env.GITHUB_TOKEN)'",
        "cat <<< \"$GITHUB_TOKEN\"",
        "docker inspect --format '{{.Config.Env}}' app",
        "ps eww",
        "cat /proc/$$/environ",
        "strings /proc/*/environ",
        "env | less",
        "echo ${AWS_SECRET_ACCESS_KEY@Q}",
        "echo \"${GITHUB_TOKEN:0:40}\"",
        "for v in ${!AWS_*}; do echo \"$v=${!v}\"; done",
        "python3 -c 'from os import environ as e; print(e)'",
        "node -e 'const {env} = process; console.log(env)'",
        "gpg -d secrets.json.gpg",
        "gpg --decrypt --quiet creds.asc",
        "age -d -i key.txt vault.age",
        "kubectl config view --flatten",
        "lpass show --password github",
        "vault print token",
        "echo \"$(gh auth token)\"",
        "T=$(gh auth token) && echo \"token=$T\"",
        "gh auth token > t.txt && cat t.txt",
        "bw list items",
        "terraform state pull",
        "kubectl get all,secrets -o yaml",
        "env -u FOO",
        "helm get values web --all",
        "python3 -m keyring get svc user",
        "echo $OPENAI_API_KEY | cut -c1-40",
        "vercel env pull /dev/stdout",
        "bw export --format json --output /dev/stdout",
    ],
    allowed: &[
        "env | grep -c KEY",
        "env | grep PATH",
        "printenv HOME",
        "env | cut -d= -f1",
        "env | sed 's/=.*/=***/'",
        "env | wc -l",
        "env > env.txt",
        "export GH_TOKEN=$(gh auth token)",
        "compgen -v",
        "echo ${#GITHUB_TOKEN}",
        "echo $NEXT_PUBLIC_SUPABASE_URL",
        "python3 -c 'import os; print(list(os.environ))'",
        "node -e 'console.log(process.env.NODE_ENV)'",
        "gh auth login --with-token <<< \"$GH_TOKEN\"",
        "docker inspect app",
        "cat /proc/self/status",
        "tr '\\0' '\\n' < /proc/self/environ | cut -d= -f1",
        "echo \"${GITHUB_TOKEN:0:8}...\"",
        "echo ${!AWS@}",
        "for v in HOME PATH; do echo \"$v=${!v}\"; done",
        "python3 -c 'import os as o; print(o.getcwd())'",
        "node -e 'const {env} = process; console.log(env.NODE_ENV)'",
        "gpg -d -o secrets.json secrets.json.gpg",
        "gpg --output notes.txt --decrypt notes.txt.gpg",
        "gpg --list-keys",
        "gpg --verify release.tar.gz.sig",
        "kubectl config view",
        "lpass ls",
        "vault status",
        "T=$(gh auth token) && gh api user -H \"Authorization: token $T\"",
        "echo \"$(gh auth status)\"",
        "gh auth token --help",
        "kubectl get secret db -o jsonpath='{.metadata.name}'",
        "heroku config:get PORT",
        "terraform state list",
        "echo $OPENAI_API_KEY | cut -c1-10",
        "env -i",
        "helm get notes web",
        "vercel env pull .env.local",
    ],
};

fn check(subject: &Subject, report: &mut Report) {
    let command = subject.command;
    // Secrets read from files are the file checker's (`read-credentials`, `read-env-file`).
    let Output::Secret(what) = &command.output else {
        return;
    };
    if !producers::printed_not_read(what) {
        return;
    }
    // A runner whose code prints the secret (`bash -c env`, `python3 -c 'print(os.environ)'`)
    // passes it on: the command in the code that prints it is the one reported.
    let passed_on = command.runs.iter().any(|run| match run {
        Run::Code(layer) => producers::secret_printed_within(*layer, subject.analysis).is_some(),
        _ => false,
    });
    if passed_on {
        return;
    }
    if command.output_piped
        || command.output_counted
        || captured(command, subject.analysis)
        || into_file(command, subject.analysis)
    {
        return;
    }
    // A call in another language's code is named as the code names it (`print`,
    // `console.log`), not by the `printenv` it stands for.
    let printer = command.origin.as_deref().unwrap_or(&command.name);
    report.flag(
        &PRINT_SECRETS,
        command.span,
        format!("`{printer}` would print {what} into the conversation, where it can leak"),
    );
}

/// Whether what the command prints is read by a command substitution (`$(…)`, backquotes), a
/// process substitution or the program that asked for it, rather than shown.
fn captured(command: &Command, analysis: &Analysis) -> bool {
    let mut layer = Some(command.layer);
    while let Some(current) = layer {
        let here = &analysis.layers[current];
        // A program's option that asks a command for a password or token (`restic
        // --password-command`, an askpass helper, a credential helper) reads its output.
        if let LayerKind::Code { via, .. } = &here.kind
            && (matches!(via.as_str(), "$(…)" | "`…`" | "<(…)" | ">(…)")
                || ["pass", "credential", "token"]
                    .iter()
                    .any(|word| via.to_ascii_lowercase().contains(word)))
        {
            return true;
        }
        layer = here.parent;
    }
    false
}

/// Whether the command writes into a file: what it prints may go there (the descriptor of a
/// redirection is not told apart, so `env 2>/dev/null` counts too, and is let pass).
/// A command run by another (`bash -c env > f`, `print(os.environ)` of `python3 -c … > f`)
/// writes where its runner's redirections send it.
fn into_file(command: &Command, analysis: &Analysis) -> bool {
    let mut runners = std::iter::successors(Some(command), |runner| runner.parent.map(|id| &analysis.commands[id]));
    runners.any(writes_to_file)
}

/// Whether the command's own redirections write its output into a file.
fn writes_to_file(command: &Command) -> bool {
    command.redirects.iter().any(|redirect| {
        matches!(redirect.operator, RedirectOperator::Write | RedirectOperator::Append)
            && !redirect
                .target
                .value()
                .is_some_and(|target| matches!(target, "/dev/stdout" | "/dev/stderr" | "/dev/tty"))
    })
}
