//! The checkers: one file per family of commands, all registered in [`CHECKERS`]. Each checker
//! looks at one effective command at a time (after every layer has been unwrapped) and reports
//! findings of its own rules.

mod archives;
mod backups;
mod cloud;
mod cloud_exposure;
mod containers;
mod crontab;
pub(crate) mod disk;
mod docker;
mod exfiltration;
mod exposure;
pub mod files;
mod find;
mod fork_bomb;
mod git;
mod kubernetes;
mod limits;
pub(crate) mod mcp;
mod mv;
mod orm;
pub(crate) mod paranoid;
mod permissions;
mod power;
mod printed;
mod privilege;
mod processes;
mod project_secrets;
mod publish;
mod read_only;
mod remote_code;
pub mod rm;
mod rsync;
mod scheduled;
mod search_indexes;
mod services;
mod sql;
mod staged_secrets;
mod tamper;
mod terraform;
mod toolchains;
mod trash;
mod truncate;
mod trust;
mod unverifiable;
mod vcs;
mod windows;

use crate::command::{Analysis, Command, CommandId, Inference};
use crate::context::Context;
use crate::files::WriteKind;
use crate::rules::Decision;
use crate::rules::Rule;
use crate::source::Span;
use crate::verdict::Finding;

pub use orm::console_input;

/// A family of checks.
pub struct Checker {
    /// The rules it reports.
    pub rules: &'static [&'static Rule],
    /// The commands it looks at.
    pub applies: Applies,
    pub check: fn(&Subject, &mut Report),
    /// Checks of the whole analysis rather than of one command: the gaps it owns (limits
    /// reached, text the parser could not read), the definitions it made.
    pub whole_analysis: Option<fn(&Analysis, &Context, &mut Report)>,
}

/// Which commands a checker looks at.
pub enum Applies {
    /// Every command, whatever its name (redirect targets, what it runs).
    EveryCommand,
    /// Commands with one of these program names.
    Commands(&'static [&'static str]),
    /// None: the checker only reports gaps.
    NoCommand,
}

impl Applies {
    /// Whether the checker judges a program called `name`, `unversioned` without its Python
    /// version (`python3.12` is `python`).
    fn to(&self, name: &str, unversioned: &str) -> bool {
        match self {
            Applies::EveryCommand => true,
            Applies::Commands(names) => listed(names, name) || unversioned != name && listed(names, unversioned),
            Applies::NoCommand => false,
        }
    }
}

thread_local! {
    /// [`applying`]'s answers, by program name.
    static APPLYING: std::cell::RefCell<std::collections::HashMap<String, std::rc::Rc<[usize]>>> =
        std::cell::RefCell::default();
}

/// The positions in [`CHECKERS`] of the checkers that judge a program called `name`, in order.
/// Matching every checker's names against every command was a twentieth of an analysis, so the
/// answer is kept for the next command of that name; a table of every name built at start-up
/// instead would cost each hook call more than it saves.
fn applying(name: &str) -> std::rc::Rc<[usize]> {
    /// Past this many names (a replay of a long history), the answers kept are dropped.
    const MOST_NAMES: usize = 4096;
    APPLYING.with(|cache| {
        if let Some(found) = cache.borrow().get(name) {
            return found.clone();
        }
        let unversioned = crate::language::without_python_version(name);
        let found: std::rc::Rc<[usize]> = (0..CHECKERS.len())
            .filter(|&index| CHECKERS[index].1.applies.to(name, unversioned))
            .collect();
        let mut cache = cache.borrow_mut();
        if cache.len() >= MOST_NAMES {
            cache.clear();
        }
        cache.insert(name.to_owned(), found.clone());
        found
    })
}

/// `first` followed by `second`, as one list a checker applies to (`N` is their lengths' sum).
pub(crate) const fn joined<const N: usize>(first: &[&'static str], second: &[&'static str]) -> [&'static str; N] {
    assert!(first.len() + second.len() == N, "N is the two lengths together");
    let mut names = [""; N];
    let mut index = 0;
    while index < N {
        names[index] = if index < first.len() {
            first[index]
        } else {
            second[index - first.len()]
        };
        index += 1;
    }
    names
}

/// Whether `name` is one of `names`. Comparing the first byte before the rest spares most of
/// the comparisons.
fn listed(names: &[&str], name: &str) -> bool {
    let Some(&first) = name.as_bytes().first() else {
        return names.contains(&"");
    };
    names
        .iter()
        .any(|listed| listed.as_bytes().first() == Some(&first) && *listed == name)
}

/// Whether the program `name` can send data over the network, as the exfiltration checker
/// judges it.
pub fn sends(name: &str) -> bool {
    exfiltration::sends(name)
}

/// For a shell or interpreter given no code but its standard input: whether it runs
/// interactively.
pub fn stdin_code_reader(command: &Command) -> Option<bool> {
    remote_code::stdin_code_reader(command)
}

/// Whether a shell piped into the program `name` is judged a reverse shell.
pub fn carries_shells(name: &str) -> bool {
    remote_code::NETWORK_CLIENTS.contains(&name)
}

/// Whether a checker judges the files the program `name` writes besides its redirections.
pub fn writes(name: &str) -> bool {
    files::WRITERS.contains(&name)
}

/// Programs the checkers that see every command judge by name.
const JUDGED_BY_NAME: &[&str] = &[
    "dd",
    "wipefs",
    "shred",
    "fdisk",
    "sfdisk",
    "parted",
    "gdisk",
    "sgdisk",
    "cfdisk",
    "truncate",
    "cp",
    "ln",
    "install",
    "tee",
    "curl",
    "wget",
    "chattr",
    "systemctl",
    "diskutil",
    "mkswap",
    "mke2fs",
];

/// Whether a checker judges the program `name` by its name (`rm`, `git`, `mkfs.ext4`…).
pub fn judges(name: &str) -> bool {
    name.starts_with("mkfs")
        || JUDGED_BY_NAME.contains(&name)
        || CHECKERS
            .iter()
            .any(|(_, checker)| matches!(checker.applies, Applies::Commands(names) if names.contains(&name)))
}

/// `(name, &name::CHECKER)` for each checker module named.
macro_rules! checkers {
    ($($name:ident,)*) => {
        &[$((stringify!($name), &$name::CHECKER)),*]
    };
}

/// Every checker with its family's name (its module's), in the order their findings are
/// reported.
pub const CHECKERS: &[(&str, &Checker)] = checkers![
    limits,
    exfiltration,
    remote_code,
    rm,
    find,
    rsync,
    archives,
    containers,
    backups,
    git,
    staged_secrets,
    project_secrets,
    vcs,
    disk,
    fork_bomb,
    permissions,
    processes,
    power,
    windows,
    services,
    crontab,
    scheduled,
    mv,
    trash,
    truncate,
    files,
    tamper,
    privilege,
    terraform,
    kubernetes,
    docker,
    cloud,
    cloud_exposure,
    exposure,
    sql,
    search_indexes,
    orm,
    publish,
    toolchains,
    trust,
    printed,
    paranoid,
    read_only,
    mcp,
    unverifiable,
];

/// Every rule of the policy, in registry order.
pub fn rules() -> impl Iterator<Item = &'static Rule> {
    CHECKERS.iter().flat_map(|(_, checker)| checker.rules.iter().copied())
}

/// The family of a rule: the name of its checker (`git`, `rm`, `trust`).
pub fn family(rule: &Rule) -> &'static str {
    CHECKERS
        .iter()
        .find(|(_, checker)| checker.rules.iter().any(|own| own.id == rule.id))
        .map_or("custom", |(name, _)| name)
}

/// The rule with this id.
pub fn rule(id: &str) -> Option<&'static Rule> {
    rules().find(|rule| rule.id == id)
}

/// The command being checked, with what surrounds it.
pub struct Subject<'a> {
    pub command: &'a Command,
    pub analysis: &'a Analysis,
    pub context: &'a Context,
    /// The whole command as the agent gave it.
    pub original: &'a str,
}

impl Subject<'_> {
    /// The text of `word` as it was typed (`~/` rather than `/home/user/`), when its span
    /// covers it exactly; else its decoded text.
    pub fn typed<'w>(&'w self, word: &'w crate::word::Word) -> &'w str {
        // A command that stands for a call in another language's code has words computed
        // from expressions: their spans cover code, not a path as typed.
        if self.command.origin.is_some() {
            return word.text();
        }
        let span = word.span;
        match self.original.get(span.start..span.end) {
            // What was typed, when it is this word before expansion (`~/x`, `"$HOME/x"`), not
            // the command a decoded word came out of (`base64 -d`).
            Some(text)
                if !text.is_empty()
                    && !text.contains('\n')
                    && (text.replace(['\'', '"', '\\'], "") == word.text()
                        || text.starts_with('~')
                        || text.contains('$')) =>
            {
                text
            }
            _ => word.text(),
        }
    }
}

/// Where a checker reports what it found.
pub struct Report<'a> {
    findings: &'a mut Vec<Finding>,
    command: Option<CommandId>,
    /// Where the findings about the current command begin.
    from: usize,
}

impl Report<'_> {
    /// Reports that `rule` matched at `span`; `lost` says what would be lost in this case.
    pub fn flag(&mut self, rule: &'static Rule, span: Span, lost: impl Into<String>) {
        self.flag_instead(rule, span, lost, rule.instead);
    }

    /// [`Report::flag`] with a safe alternative of its own for this case, in place of the
    /// rule's.
    pub fn flag_instead(&mut self, rule: &'static Rule, span: Span, lost: impl Into<String>, instead: &'static str) {
        let lost = lost.into();
        // Repeats across commands are dropped once all are judged (see `without_repeats`).
        let duplicate = self.findings[self.from..]
            .iter()
            .any(|f| f.rule.id == rule.id && f.span == span && f.lost == lost);
        if !duplicate {
            self.findings.push(Finding {
                rule,
                command: self.command,
                span,
                lost,
                decision: rule.decision,
                instead,
            });
        }
    }
}

/// Findings about a file an editor tool writes (`write`) or the Read tool reads.
pub fn file_findings(
    path: &crate::paths::AbsPath,
    typed: &str,
    write: Option<WriteKind>,
    context: &Context,
) -> Vec<Finding> {
    let mut findings = Vec::new();
    let mut report = Report {
        findings: &mut findings,
        command: None,
        from: 0,
    };
    let span = Span::new(0, typed.len());
    match write {
        Some(kind) => files::judge_write(path, typed, span, kind, context, &mut report),
        None => files::judge_read(path, typed, span, context, &mut report),
    }
    findings
}

/// With no project (the agent started in the home folder), a command that runs in a repository
/// on disk (`cd ~/code/app && rm -rf build`) works in that repository as in a project: the
/// context with it as the project root. `None` when there is a project, or no repository.
fn repository_context(command: &Command, context: &Context) -> Option<Context> {
    let crate::paths::Cwd::Known(cwd) = &command.cwd else {
        return None;
    };
    if !context.read_scripts || !context.project_root.same(&crate::context::no_project()) {
        return None;
    }
    let root = crate::context::project_root_of(cwd, &context.home);
    (!root.same(&crate::context::no_project())
        && std::path::Path::new(&crate::context::native(&root))
            .join(".git")
            .exists())
    .then(|| Context {
        project_root: root,
        ..context.clone()
    })
}

/// Runs every checker over every command of the analysis of `original`.
pub fn run(analysis: &Analysis, context: &Context, original: &str) -> Vec<Finding> {
    let mut findings = Vec::new();
    let mut report = Report {
        findings: &mut findings,
        command: None,
        from: 0,
    };
    for (_, checker) in CHECKERS {
        if let Some(whole) = checker.whole_analysis {
            whole(analysis, context, &mut report);
        }
    }
    for (id, command) in analysis.commands.iter().enumerate() {
        let in_repository = repository_context(command, context);
        let subject = Subject {
            command,
            analysis,
            context: in_repository.as_ref().unwrap_or(context),
            original,
        };
        report.command = Some(id);
        let before = report.findings.len();
        report.from = before;
        for &index in applying(&command.name).iter() {
            (CHECKERS[index].1.check)(&subject, &mut report);
        }
        for custom in &context.policy.custom_rules {
            if custom.matches(command) {
                report.flag(custom.rule, command.span, custom.lost(command));
            }
        }
        if let Some((inference, program)) = analysis.inference(id) {
            infer(report.findings, before, inference, &analysis.commands[program]);
        }
        if analysis.runs_remotely(id) {
            let mut index = before;
            while index < report.findings.len() {
                if PROJECT_RULES.contains(&report.findings[index].rule.id) {
                    report.findings.remove(index);
                } else {
                    index += 1;
                }
            }
        }
        if analysis.in_container(id) {
            let mut index = before;
            while index < report.findings.len() {
                if HOST_PATH_RULES.contains(&report.findings[index].rule.id) {
                    report.findings.remove(index);
                } else {
                    index += 1;
                }
            }
        }
        if analysis.host_read_only(id) {
            let mut index = before;
            while index < report.findings.len() {
                if FILE_CHANGE_RULES.contains(&report.findings[index].rule.id) {
                    report.findings.remove(index);
                } else {
                    index += 1;
                }
            }
        }
        if let Some(cd) = &command.after_failed_cd {
            where_cd_failed(report.findings, before, cd, command);
        }
        if analysis.layers.get(command.layer).is_some_and(|layer| layer.from_disk) {
            let mut index = before;
            while index < report.findings.len() {
                if NOT_FROM_DISK.contains(&report.findings[index].rule.id) {
                    report.findings.remove(index);
                } else {
                    index += 1;
                }
            }
        }
    }
    without_repeats(findings)
}

/// The findings with each repeat of the same rule, place and loss left out (a function called
/// twice, commands that share the text of one layer), the first kept.
fn without_repeats(findings: Vec<Finding>) -> Vec<Finding> {
    let mut seen = std::collections::HashSet::new();
    findings
        .into_iter()
        .filter(|f| seen.insert((f.rule.id, f.span, f.lost.clone())))
        .collect()
}

/// The findings from `before` on, made for a command judged where the `cd` before it failed:
/// each says so, and one the command has where the `cd` went already is left out.
fn where_cd_failed(findings: &mut Vec<Finding>, before: usize, cd: &str, command: &Command) {
    let mut index = before;
    while index < findings.len() {
        let finding = &findings[index];
        if findings[..before].iter().any(|earlier| {
            earlier.rule.id == finding.rule.id && earlier.span == finding.span && earlier.lost == finding.lost
        }) {
            findings.remove(index);
            continue;
        }
        let cwd = match &command.cwd {
            crate::paths::Cwd::Known(folder) => folder.to_string(),
            crate::paths::Cwd::Unknown(why) => format!("a folder not known ({why})"),
        };
        findings[index].lost = format!(
            "if `{cd}` fails, the shell stays in {cwd} and `{}` runs there (after `{cd} &&` it runs only where \
             `cd` went): {}",
            command.name, findings[index].lost
        );
        index += 1;
    }
}

/// Keeps, of the findings from `before` on, made in a layer guessed for the unknown `program`,
/// what would be denied on its own: denied for a guessed tail, asked about for a guessed
/// string, each saying where the guess came from.
fn infer(findings: &mut Vec<Finding>, before: usize, inference: Inference, program: &Command) {
    let mut index = before;
    while index < findings.len() {
        if findings[index].rule.decision != Decision::Deny {
            findings.remove(index);
            continue;
        }
        let finding = &mut findings[index];
        finding.lost = match inference {
            Inference::Tail => format!(
                "`{}` is not known; if it runs its arguments, {}",
                program.name, finding.lost
            ),
            Inference::Text => {
                let lost = format!(
                    "`{}` is not known, and one of its arguments reads as a command that would be denied ({}: {})",
                    program.name, finding.rule.id, finding.lost
                );
                finding.rule = &unverifiable::COULD_NOT_VERIFY;
                lost
            }
        };
        index += 1;
    }
}

/// Rules about the local project, not reported for a command run on another machine (`ssh
/// host 'rm -rf ~/old'`): there the project is not, and a path is that machine's. What would
/// destroy any machine (its root, its system directories, a home folder) is still judged.
const PROJECT_RULES: &[&str] = &[
    "rm-project-root",
    "rm-parent-dir",
    "rm-git-dir",
    "rm-outside-project",
    "write-outside-project",
    "write-git-internals",
    "write-env-file",
    "write-ci-config",
];

/// Rules about where a path is on this machine, not reported for a command inside a container
/// (`docker exec app cp x /var/www/html/`): there a path is the container's, unless it is under
/// a bind mount, which the registry has already written as the host's path. What a container
/// deletes in its home or its data is still judged: a database container's files are lost all
/// the same.
const HOST_PATH_RULES: &[&str] = &[
    "write-outside-project",
    "rm-outside-project",
    "write-system-config",
    "truncate-system-file",
    "rm-system",
    "mv-system-path",
    "permissions-recursive",
];

/// Rules about changing or deleting files, not reported for a container's command that reaches
/// the host's files only through read-only bind mounts (`docker run -v "$PWD":/src:ro alpine rm
/// -rf /src`): the host's files cannot change, and the container's own are lost with it. What
/// it reads there (`read-credentials`) is still judged.
const FILE_CHANGE_RULES: &[&str] = &[
    "rm-root",
    "rm-system",
    "rm-home",
    "rm-project-root",
    "rm-parent-dir",
    "rm-git-dir",
    "rm-protected-file",
    "rm-outside-project",
    "rm-file-outside-project",
    "rm-dynamic-path",
    "rm-cache",
    "rm-stdin-targets",
    "write-agent-settings",
    "write-startup-file",
    "write-credentials",
    "write-git-internals",
    "write-system-config",
    "write-env-file",
    "write-ci-config",
    "write-outside-project",
    "truncate-system-file",
    "mv-system-path",
    "permissions-recursive",
    "permissions-root",
    "archive-extract-protected",
    "git-reset-hard",
    "git-checkout-discard",
    "git-restore-worktree",
    "git-clean-force",
    "git-stash-drop",
    "vcs-discard-changes",
    "vcs-delete-untracked",
];

/// Rules not reported inside a script read from disk. Those about what cannot be known before
/// a command runs: a script's values come from its arguments and its environment, and asking
/// about each would interrupt every build script. And the alias that shadows a command: in a
/// sourced `~/.bashrc` it is the user's own setup. What a script certainly does is judged like
/// any command.
const NOT_FROM_DISK: &[&str] = &[
    "could-not-verify",
    "rm-dynamic-path",
    "rm-stdin-targets",
    "shadowed-command",
];

/// The check of a checker that only reports gaps.
fn no_command_check(_: &Subject, _: &mut Report) {}

/// Shorthand for rule definitions.
const ASK: Decision = Decision::Ask;
const DENY: Decision = Decision::Deny;

#[cfg(test)]
mod tests {
    use super::*;

    /// The checkers that read a tool's command line by its table in `tools/`.
    const TOOL_CHECKERS: &[&Checker] = &[
        &cloud::CHECKER,
        &cloud_exposure::CHECKER,
        &docker::CHECKER,
        &git::CHECKER,
        &kubernetes::CHECKER,
        &publish::CHECKER,
        &terraform::CHECKER,
    ];

    #[test]
    fn every_tool_a_checker_reads_is_described() {
        for checker in TOOL_CHECKERS {
            let Applies::Commands(names) = checker.applies else {
                panic!("these checkers judge named tools");
            };
            for name in names {
                assert!(
                    crate::tools::describes(name),
                    "{name} is judged but its options are not described in tools/"
                );
            }
        }
    }
}
