//! git: commands that throw away work nobody can get back — uncommitted changes, unmerged
//! branches, stashes, remote history, the reflog. Everything else git does is allowed
//! (`checkout -b`, `switch`, `rebase`, `commit --amend`, `pull`, `merge`).
//!
//! Global options before the subcommand (`-C`, `-c k=v`, `--git-dir`, `--no-pager`) are
//! skipped; long options match as git reads them: in their own case, and abbreviated when the
//! abbreviation is not also another option's (`--har` is `--hard`, written out before any
//! checker reads it; `--HARD` and `--forc` are errors).

mod pathspec;

use super::{ASK, Applies, Checker, DENY, Report, Subject};
use crate::args::{self, Options, Parsed};
use crate::files;
use crate::paths::{self, Target};
use crate::rules::Rule;
use crate::tools::git;
use crate::word::Word;

pub const CHECKER: Checker = Checker {
    rules: &[
        &GIT_RESET_HARD,
        &GIT_CHECKOUT_DISCARD,
        &GIT_CHECKOUT_SIDE,
        &GIT_RESTORE_WORKTREE,
        &GIT_CLEAN_FORCE,
        &GIT_PUSH_FORCE,
        &GIT_PUSH_DELETE,
        &GIT_BRANCH_FORCE_DELETE,
        &GIT_STASH_DROP,
        &GIT_WORKTREE_REMOVE_FORCE,
        &GIT_REFLOG_EXPIRE,
        &GIT_GC_PRUNE,
        &GIT_UPDATE_REF_DELETE,
        &GIT_REF_OVERWRITE,
        &GIT_HISTORY_REWRITE,
    ],
    applies: Applies::Commands(&["git"]),
    check,
    whole_analysis: None,
};

pub static GIT_RESET_HARD: Rule = Rule {
    id: "git-reset-hard",
    decision: DENY,
    catches: "`git reset --hard` and `--merge`, and `git read-tree -u --reset`, which does the same: uncommitted changes are discarded.",
    instead: "Use `git stash` to set the changes aside, or `git reset --soft`/`--mixed` to move the branch and keep them",
    examples: &[
        "git reset --hard",
        "git reset --hard HEAD~1",
        "git -C repo reset --merge",
        "git --no-pager reset --har",
        "git reset --h",
    ],
    allowed: &[
        "git reset",
        "git reset --HARD origin/main",
        "git reset --soft HEAD~1",
        "git reset HEAD file.txt",
        "git commit -m 'git reset --hard'",
    ],
};

pub static GIT_CHECKOUT_DISCARD: Rule = Rule {
    id: "git-checkout-discard",
    decision: DENY,
    catches: "`git checkout -- <paths>`, `checkout .`, `checkout <ref> -- <path>`, `checkout -f`, `switch --discard-changes`, `git checkout-index -f`, `git rm -f` (which deletes files git would refuse to for their changes), `git submodule deinit -f` and `git submodule update -f`: local changes are overwritten.",
    instead: "Use `git stash` to set the changes aside, or `git diff` to review them; `git switch <branch>` changes branch safely",
    examples: &[
        "git checkout -- src/main.rs",
        "git checkout .",
        "git checkout main -- README.md",
        "git checkout -f main",
        "git checkout HEAD~2 src/",
        "git switch --discard-changes main",
        "git checkout --ours .",
        "git checkout --theirs src/",
        "git submodule deinit -f --all",
        "git submodule update --init --force",
    ],
    allowed: &[
        "git checkout -b feature/x",
        "git submodule deinit lib",
        "git submodule update --init --recursive",
        "git checkout main",
        "git checkout feature/login",
        "git switch -c fix",
        "git checkout -B x origin/x",
    ],
};

pub static GIT_CHECKOUT_SIDE: Rule = Rule {
    id: "git-checkout-side",
    decision: ASK,
    catches: "`git checkout --ours <files>` or `--theirs <files>` (and `git restore --ours|--theirs`): a side of a merge conflict taken for the files named. A file in conflict loses what was resolved by hand; a file not in conflict is checked out of the index, its uncommitted changes lost.",
    instead: "Check `git status` that each file is in conflict, or use `git restore --source=<side> --worktree <file>` after `git diff <file>`",
    examples: &[
        "git checkout --theirs src/a.ts src/b.ts",
        "git checkout --ours package-lock.json",
    ],
    allowed: &["git checkout --theirs --help", "git log --ours"],
};

pub static GIT_RESTORE_WORKTREE: Rule = Rule {
    id: "git-restore-worktree",
    decision: DENY,
    catches: "`git restore` of the working tree: uncommitted changes to the files are discarded.",
    instead: "Use `git stash`, or `git restore --staged <path>` to unstage without touching the file",
    examples: &[
        "git restore src/app.ts",
        "git restore .",
        "git restore --staged --worktree x",
        "git restore -W x",
    ],
    allowed: &[
        "git restore --staged src/app.ts",
        "git restore -S .",
        "git restore --help",
        "git restore",
    ],
};

pub static GIT_CLEAN_FORCE: Rule = Rule {
    id: "git-clean-force",
    decision: DENY,
    catches: "`git clean -f` (also `-fd`, `-fdx`, and a plain `git clean` given `clean.requireForce=false` by `-c` or in `GIT_CONFIG_KEY_n`/`GIT_CONFIG_PARAMETERS`): untracked files, never committed, are deleted.",
    instead: "Run `git clean -n` to list what would go, then delete specific paths",
    examples: &[
        "git clean -f",
        "git clean -fdx",
        "git clean -d --force",
        "git clean -xffd",
        "git clean --f -d",
        "GIT_CONFIG_PARAMETERS=\"'clean.requireForce'='false'\" git clean -dx",
    ],
    allowed: &[
        "git clean -n",
        "git clean -fdn",
        "git clean --dry-run -fd",
        "git clean -fd --dry-run",
        "git clean -fd --dry",
        "GIT_CONFIG_PARAMETERS=\"'clean.requireForce'='true'\" git clean -dx",
    ],
};

pub static GIT_PUSH_FORCE: Rule = Rule {
    id: "git-push-force",
    decision: DENY,
    catches: "`git push --force`, `-f`, `+refspec`, `--mirror`, or with no refspec given a remote set to push `+refspec` or to mirror (`-c remote.origin.mirror=true`, or by an earlier command of the line: `git config remote.origin.mirror true`, `git remote add --mirror=push`); `git send-pack --force|--mirror`: commits on the remote are overwritten. Also Sapling's `sl push --force` and `--non-forward-move`, and Bazaar's `bzr push --overwrite`.",
    instead: "Use `git push --force-with-lease`, which refuses to overwrite commits you have not seen",
    examples: &[
        "git push --force",
        "git push -f origin main",
        "git push origin +main",
        "git push --mirror",
        "git push -uf origin x",
        "sl push --to main --non-forward-move",
        "sl push --force --to main",
        "git push --mi origin",
        "git -c remote.origin.mirror=true push origin",
        "git config remote.origin.mirror true && git push",
        "git config remote.origin.push '+refs/heads/*:refs/heads/*' && git push",
        "git remote add --mirror=push backup https://example.com/r.git && git push backup",
        "git send-pack --force ../remote.git main",
        "bzr push --overwrite",
        "brz push --overwrite lp:foo",
    ],
    allowed: &[
        "git push",
        "git push --forc",
        "git push --force-with-lease",
        "git push --force-with-lease=main origin main",
        "git push --force-w origin main",
        "git push -u origin feature",
        "git config remote.origin.mirror true && git push origin main",
        "git remote add --mirror=fetch up https://example.com/r.git && git push up",
        "bzr push lp:foo",
    ],
};

pub static GIT_PUSH_DELETE: Rule = Rule {
    id: "git-push-delete",
    decision: DENY,
    catches: "Deleting remote branches or tags: `git push --delete`, `-d`, `:branch`, `--prune`; `jj git push --deleted`, `sl push --delete`.",
    instead: "Ask the user before deleting anything on the remote",
    examples: &[
        "git push origin --delete feature",
        "git push origin :feature",
        "git push -d origin old",
        "git push --prune origin",
        "jj git push --deleted",
        "sl push --delete old-feature",
    ],
    allowed: &[
        "git push origin feature",
        "git push origin HEAD:feature",
        "jj git push",
        "jj git push --deleted --dry-run",
        "sl push --to main",
    ],
};

pub static GIT_BRANCH_FORCE_DELETE: Rule = Rule {
    id: "git-branch-force-delete",
    decision: DENY,
    catches: "`git branch -D` (or `-d --force`): a branch is deleted even with unmerged commits. Also Pijul's `pijul channel delete`, which deletes a channel whatever it alone holds.",
    instead: "Use `git branch -d`, which refuses to delete unmerged work",
    examples: &[
        "git branch -D feature",
        "git branch --delete --force old",
        "git branch -df x",
        "pijul channel delete feature",
    ],
    allowed: &[
        "git branch -d feature",
        "git branch new-branch",
        "git branch -a",
        "pijul channel",
        "pijul channel new feature",
    ],
};

pub static GIT_STASH_DROP: Rule = Rule {
    id: "git-stash-drop",
    decision: DENY,
    catches: "`git stash drop` and `git stash clear`: stashed changes are discarded.",
    instead: "Look at the stash first (`git stash show -p`) and ask the user before dropping it",
    examples: &["git stash drop", "git stash drop stash@{1}", "git stash clear"],
    allowed: &["git stash", "git stash pop", "git stash list", "git stash apply"],
};

pub static GIT_WORKTREE_REMOVE_FORCE: Rule = Rule {
    id: "git-worktree-remove-force",
    decision: DENY,
    catches: "`git worktree remove --force`: a worktree is removed with its uncommitted changes.",
    instead: "Commit or stash in the worktree first, then `git worktree remove` without --force",
    examples: &["git worktree remove --force ../wt", "git worktree remove -f wt"],
    allowed: &[
        "git worktree remove ../wt",
        "git worktree add ../wt main",
        "git worktree prune",
    ],
};

pub static GIT_REFLOG_EXPIRE: Rule = Rule {
    id: "git-reflog-expire",
    decision: DENY,
    catches: "`git reflog expire` and `git reflog delete`: the record that lets lost commits be found again.",
    instead: "Leave the reflog alone: it is the safety net for lost commits",
    examples: &["git reflog expire --expire=now --all", "git reflog delete HEAD@{1}"],
    allowed: &["git reflog", "git reflog show main"],
};

pub static GIT_GC_PRUNE: Rule = Rule {
    id: "git-gc-prune",
    decision: DENY,
    catches: "`git gc --prune=now`, a `git gc` (or `git maintenance run`, which runs it) given `gc.pruneExpire`, `gc.reflogExpire` or `gc.reflogExpireUnreachable` of `now` (by `-c`, `--config-env` or `GIT_CONFIG_KEY_n`/`GIT_CONFIG_PARAMETERS`), `git prune` without `--expire` or with `--expire=now`, and `git repack -a -d` (or `-A -d --unpack-unreachable=now`, `--cruft --cruft-expiration=now`): unreachable commits, or the reflog that finds them, are deleted at once instead of after two weeks (90 days for the reflog).",
    instead: "Run `git gc` without --prune=now; unreachable objects stay recoverable for two weeks",
    examples: &[
        "git gc --prune=now",
        "git gc --aggressive --prune=all",
        "git prune",
        "git prune --expire=now",
        "git prune --expire now",
        "git -c gc.pruneExpire=now gc",
        "GIT_CONFIG_PARAMETERS=\"'gc.reflogExpire'='now'\" git gc",
        "git -c gc.reflogExpireUnreachable=now maintenance run --task=gc",
        "git repack -a -d",
        "git repack -A -d --unpack-unreachable=now",
    ],
    allowed: &[
        "git gc",
        "git -c gc.pruneExpire=2.weeks.ago gc",
        "git -c gc.pruneExpire=now log",
        "git -c gc.pruneExpire=now maintenance run --task=commit-graph",
        "git gc --aggressive",
        "git prune -n",
        "git prune --expire=2.weeks.ago",
        "git repack -A -d",
        "git repack -a -d --cruft",
        "git repack -d",
    ],
};

pub static GIT_UPDATE_REF_DELETE: Rule = Rule {
    id: "git-update-ref-delete",
    decision: DENY,
    catches: "`git update-ref -d` or `git update-ref REF` to the null id, and `delete REF` (or `update REF` to the null id) given to `git update-ref --stdin`: a ref is deleted without any check.",
    instead: "Use `git branch -d` or `git tag -d`, which check what they delete",
    examples: &[
        "git update-ref -d refs/heads/main",
        "git update-ref refs/heads/main 0000000000000000000000000000000000000000",
    ],
    allowed: &["git update-ref refs/heads/x HEAD"],
};

pub static GIT_HISTORY_REWRITE: Rule = Rule {
    id: "git-history-rewrite",
    decision: DENY,
    catches: "`git filter-branch` and `git filter-repo`: the whole history is rewritten.",
    instead: "Ask the user: a history rewrite needs a backup and a force push",
    examples: &[
        "git filter-branch --tree-filter 'rm -f secrets' HEAD",
        "git filter-repo --path src",
    ],
    allowed: &["git log --all", "git filter-repo --analyze"],
};

pub static GIT_REF_OVERWRITE: Rule = Rule {
    id: "git-ref-overwrite",
    decision: ASK,
    catches: "A branch or tag moved or replaced by force: `git branch -f NAME [START]` (unless the repository on disk has no such branch), `git branch -M|-C OLD NEW` over an existing branch, `git checkout -B NAME START` and `git switch -C NAME START` over a branch the repository on disk has, `git fetch` into a local branch forced by `+` or `--force` (`+main:main`), `git tag -f`, `git replace -f`, `git update-ref refs/heads/NAME NEW` of an existing branch with no old value to check (also as an `update` line given to `--stdin`, whose instructions, only known when it runs, ask), `git symbolic-ref refs/heads/NAME REF` of an existing branch. A branch's old commits are then only in its reflog, and where a tag or replacement pointed is recorded nowhere.",
    instead: "Create a new branch or tag instead (`git branch NAME START`), or show the user where the ref points first (`git log -1 REF`)",
    examples: &[
        "git branch -f main HEAD~3",
        "git branch -M old main",
        "git branch --move --force old main",
        "git tag -f v1.0",
        "git fetch origin +main:main",
        "git fetch --force origin main:main",
        "git fetch . +HEAD~5:main",
        "git replace -f HEAD HEAD~5",
    ],
    allowed: &[
        "git branch -M main",
        "git fetch origin main:main",
        "git fetch origin +main:refs/remotes/origin/main",
        "git replace HEAD HEAD~5",
        "git branch -m old new",
        "git tag -l",
        "git tag v1.1",
        "git symbolic-ref HEAD",
        "git symbolic-ref HEAD refs/heads/main",
        "git update-ref refs/heads/main NEW OLD",
        "git tag -d v1.0-rc1",
    ],
};

/// A git subcommand's options: long ones match only in their own case and by their full name,
/// as git reads them once the command line has its abbreviations written out
/// (`tools::spelling`): what is still abbreviated is ambiguous, and git refuses it.
const fn git_options(short_values: &'static str, long_values: &'static [&'static str]) -> Options {
    Options::gnu(short_values, long_values)
        .case_sensitive()
        .full_names_only()
}

fn check(subject: &Subject, report: &mut Report) {
    let invocation = git::invocation(subject.command);
    let args = invocation.args;
    let span = subject.command.span;
    let flag = |report: &mut Report, rule: &'static Rule, lost: &str| report.flag(rule, span, lost);
    // `git reset --hard --help`, `git restore -h`: the usage is printed, nothing else happens.
    let asks_for_help = args::parse(args, &git_options("", &[]))
        .args
        .iter()
        .any(|arg| arg.is_long("help") || arg.is_short('h'));
    if asks_for_help {
        return;
    }
    // `git $sub --force`: what the subcommand is only shows when it runs.
    if invocation.subcommand.contains(crate::source::PLACEHOLDER_OPEN) || invocation.subcommand.contains('$') {
        let destructive = args.iter().filter_map(Word::value).any(|text| {
            matches!(
                text,
                "-f" | "--force" | "--hard" | "-D" | "-d" | "--delete" | "--mirror" | "--prune=now"
            )
        });
        if destructive {
            flag(
                report,
                &super::unverifiable::COULD_NOT_VERIFY,
                "a git subcommand only known when it runs is given a forcing or deleting option: what it discards cannot be known",
            );
        }
        return;
    }
    match invocation.subcommand.as_str() {
        "reset" => {
            let parsed = args::parse(args, &git_options("", &["pathspec-from-file"]));
            if parsed.has_long("hard") {
                flag(
                    report,
                    &GIT_RESET_HARD,
                    "`git reset --hard` would discard every uncommitted change in the working tree",
                );
            } else if parsed.has_long("merge") {
                flag(
                    report,
                    &GIT_RESET_HARD,
                    "`git reset --merge` would discard uncommitted changes in files the merge touched",
                );
            }
        }
        "checkout" => checkout(subject, args, report, span),
        "switch" => {
            let parsed = args::parse(
                args,
                &git_options("cC", &["create", "force-create", "orphan", "conflict"]),
            );
            if parsed.has('f', "force") || parsed.has_long("discard-changes") {
                flag(
                    report,
                    &GIT_CHECKOUT_DISCARD,
                    "`git switch --discard-changes` would overwrite local changes",
                );
            } else if let Some(lost) = branch_reset(subject, parsed.value_of('C', "force-create"), &parsed, "switch -C")
            {
                flag(report, &GIT_REF_OVERWRITE, &lost);
            }
        }
        "restore" => {
            let parsed = args::parse(args, &git_options("s", &["source", "pathspec-from-file", "conflict"]));
            let staged = parsed.has('S', "staged");
            let worktree = parsed.has('W', "worktree");
            // Without a path git restores nothing ("you must specify path(s) to restore").
            let names_paths = parsed.operands().next().is_some() || parsed.has_long("pathspec-from-file");
            if let Some((rule, lost)) = side_of_conflict(&parsed, "restore") {
                flag(report, rule, &lost);
            } else if names_paths
                && (!staged || worktree)
                && !(parsed.operands().next().is_some() && discardable(subject, parsed.operands()))
            {
                flag(
                    report,
                    &GIT_RESTORE_WORKTREE,
                    "`git restore` would discard uncommitted changes to the files it restores",
                );
            }
        }
        "clean" => {
            let parsed = args::parse(args, &git_options("e", &["exclude"]));
            // `-c clean.requireForce=false` makes a plain `git clean` delete, and so does the
            // same setting given in the environment (`GIT_CONFIG_KEY_0`, `GIT_CONFIG_PARAMETERS`).
            let force_not_required = given_settings(subject, &invocation).iter().any(|(key, value)| {
                key == "clean.requireforce"
                    && value.as_deref().is_some_and(|value| {
                        matches!(value.to_ascii_lowercase().as_str(), "false" | "no" | "off" | "0" | "")
                    })
            });
            let force = parsed.has('f', "force") || force_not_required && !parsed.has('i', "interactive");
            let dry_run = parsed.has('n', "dry-run");
            if force && !dry_run {
                flag(
                    report,
                    &GIT_CLEAN_FORCE,
                    "`git clean -f` would delete untracked files, which git never saved",
                );
            }
        }
        "push" => {
            let mut settings = given_settings(subject, &invocation);
            settings.extend(settings_written_earlier(subject));
            push(args, &settings, report, span);
        }
        "fetch" => fetch(subject, args, report),
        "symbolic-ref" => {
            let parsed = args::parse(args, &git_options("m", &[]));
            // `-d HEAD` is refused by git; a symbolic ref of a branch or tag turns it into an
            // alias of another: where it pointed is then only in its reflog.
            if let [Some(name), Some(_)] = parsed.operands().map(Word::value).collect::<Vec<_>>()[..]
                && !parsed.has('d', "delete")
                && existing_branch_or_tag(subject, name)
            {
                flag(
                    report,
                    &GIT_REF_OVERWRITE,
                    &format!(
                        "`git symbolic-ref {name}` would turn the existing ref into an alias of another: the commits it pointed at would only be in its reflog"
                    ),
                );
            }
        }
        "replace" => {
            let parsed = args::parse(args, &git_options("", &["format"]));
            let listing_or_deleting = parsed.has('l', "list") || parsed.has('d', "delete");
            if parsed.has('f', "force") && !listing_or_deleting && parsed.operands().next().is_some() {
                flag(
                    report,
                    &GIT_REF_OVERWRITE,
                    "`git replace -f` would overwrite an existing replacement of the object: what it was replaced by is recorded nowhere",
                );
            }
        }
        "repack" => {
            if let Some(lost) = repack_drops_unreachable(args) {
                flag(report, &GIT_GC_PRUNE, &lost);
            }
        }
        "send-pack" => send_pack(args, report, span),
        "branch" => {
            let parsed = args::parse(
                args,
                &git_options(
                    "ut",
                    &[
                        "set-upstream-to",
                        "track",
                        "contains",
                        "merged",
                        "no-merged",
                        "points-at",
                        "sort",
                        "format",
                    ],
                ),
            );
            let force_delete = parsed.has_short('D') || ((parsed.has('d', "delete")) && parsed.has('f', "force"));
            let operands = parsed.operands().count();
            let listing = parsed.has('l', "list") || parsed.has_short('a') || parsed.has_short('r');
            if force_delete {
                flag(
                    report,
                    &GIT_BRANCH_FORCE_DELETE,
                    "`git branch -D` would delete the branch even if its commits are merged nowhere",
                );
            } else if (parsed.has_short('M')
                || parsed.has_short('C')
                || (parsed.has('m', "move") || parsed.has('c', "copy")) && parsed.has('f', "force"))
                && operands >= 2
                && !branch_missing(subject, parsed.operands().nth(1))
            {
                flag(
                    report,
                    &GIT_REF_OVERWRITE,
                    "`git branch -M OLD NEW` would replace the branch NEW if it exists: its commits are then only in the reflog",
                );
            } else if parsed.has('f', "force")
                && operands >= 1
                && !listing
                && !parsed.has('m', "move")
                && !branch_missing(subject, parsed.operands().next())
            {
                flag(
                    report,
                    &GIT_REF_OVERWRITE,
                    "`git branch -f` would move an existing branch: the commits only it held are then only in the reflog",
                );
            }
        }
        // `git tag -d` is not judged: a tag deleted here is fetched back from where it was
        // pushed, and moving a ref with `update-ref` is ordinary plumbing.
        "tag" => {
            let parsed = args::parse(
                args,
                &git_options(
                    "mFu",
                    &[
                        "message",
                        "file",
                        "local-user",
                        "sort",
                        "format",
                        "contains",
                        "points-at",
                    ],
                ),
            );
            if parsed.operands().next().is_some() && parsed.has('f', "force") && !parsed.has('d', "delete") {
                flag(
                    report,
                    &GIT_REF_OVERWRITE,
                    "`git tag -f` would move an existing tag: where it pointed is recorded nowhere",
                );
            }
        }
        "read-tree" => {
            let parsed = args::parse(
                args,
                &git_options("", &["prefix", "index-output", "exclude-per-directory"]),
            );
            if parsed.has_short('u') && parsed.has_long("reset") {
                flag(
                    report,
                    &GIT_RESET_HARD,
                    "`git read-tree -u --reset` would overwrite the working tree's uncommitted changes, as `git reset --hard` does",
                );
            }
        }
        "checkout-index" => {
            let parsed = args::parse(args, &git_options("", &["prefix", "stage"]));
            let prefix = parsed.has_long("prefix");
            if parsed.has('f', "force") && !prefix && (parsed.has('a', "all") || parsed.operands().next().is_some()) {
                flag(
                    report,
                    &GIT_CHECKOUT_DISCARD,
                    "`git checkout-index -f` would overwrite local changes with the index's copies",
                );
            }
        }
        // `deinit -f` removes a submodule's working tree with its local changes, and
        // `update -f` checks out over them; without `-f` both refuse.
        "submodule" => {
            let parsed = args::parse(args, &git_options("", &["reference", "depth", "jobs"]));
            let action = parsed.operands().next().and_then(Word::value);
            if matches!(action, Some("deinit" | "update")) && parsed.has('f', "force") {
                flag(
                    report,
                    &GIT_CHECKOUT_DISCARD,
                    &format!(
                        "`git submodule {} --force` would discard the submodules' uncommitted changes",
                        action.unwrap_or_default()
                    ),
                );
            }
        }
        "rm" => {
            let parsed = args::parse(args, &git_options("", &["pathspec-from-file"]));
            let deletes = !parsed.has_long("cached") && !parsed.has('n', "dry-run");
            if parsed.has('f', "force") && deletes {
                flag(
                    report,
                    &GIT_CHECKOUT_DISCARD,
                    "`git rm -f` would delete the files with their uncommitted changes, which git refuses without `-f`",
                );
            }
            if deletes {
                let recursive = parsed.has('r', "");
                let operands: Vec<&Word> = parsed.operands().collect();
                let excludes = operands.iter().any(|word| excludes(word.text()));
                if !pathspecs_remove_agent_settings(subject, &operands, recursive, report) && !excludes {
                    for path in operands {
                        removed_agent_settings(subject, path, recursive, &super::rm::RM_PROTECTED_FILE, report);
                    }
                }
            }
        }
        "mv" => {
            let parsed = args::parse(args, &git_options("", &[]));
            let operands: Vec<&Word> = parsed.operands().collect();
            if !parsed.has('n', "dry-run") {
                for path in operands.iter().take(operands.len().saturating_sub(1)) {
                    removed_agent_settings(subject, path, true, &super::files::WRITE_AGENT_SETTINGS, report);
                }
            }
        }
        "stash" => match first_word(args) {
            Some("drop") => flag(
                report,
                &GIT_STASH_DROP,
                "`git stash drop` would discard the stashed changes",
            ),
            Some("clear") => flag(report, &GIT_STASH_DROP, "`git stash clear` would discard every stash"),
            _ => {}
        },
        "worktree" if first_word(args) == Some("remove") => {
            let parsed = args::parse(&args[1..], &git_options("", &[]));
            if parsed.has('f', "force") {
                flag(
                    report,
                    &GIT_WORKTREE_REMOVE_FORCE,
                    "`git worktree remove --force` would delete the worktree with its uncommitted changes",
                );
            }
        }
        "reflog" => {
            if let Some(action @ ("expire" | "delete")) = first_word(args) {
                flag(
                    report,
                    &GIT_REFLOG_EXPIRE,
                    &format!("`git reflog {action}` would erase the record of where lost commits are"),
                );
            }
        }
        // `git prune` deletes every unreachable object unless `--expire` keeps the recent ones.
        "prune" => {
            let parsed = args::parse(args, &git_options("", &["expire"]));
            let expire = parsed
                .args
                .iter()
                .rev()
                .find(|arg| arg.is_long("expire"))
                .and_then(args::Arg::value);
            // A value only known when it runs may be `now` too.
            let at_once = expire.is_none_or(|value| {
                value
                    .value()
                    .is_none_or(|v| matches!(v.to_ascii_lowercase().as_str(), "now" | "all"))
            });
            if at_once && !parsed.has('n', "dry-run") {
                flag(
                    report,
                    &GIT_GC_PRUNE,
                    "`git prune` would delete unreachable commits at once, with no way back",
                );
            }
        }
        "gc" => {
            let parsed = args::parse(args, &git_options("", &[]));
            // The last `--prune=DATE` or `--no-prune` decides, over `gc.pruneExpire` too; a bare
            // `--prune` keeps the setting.
            let prune = parsed
                .args
                .iter()
                .rev()
                .find(|arg| arg.is_long("no-prune") || arg.is_long("prune") && arg.value().is_some());
            let now = prune.and_then(args::Arg::value).is_some_and(|value| {
                value
                    .value()
                    .is_some_and(|v| matches!(v.to_ascii_lowercase().as_str(), "now" | "all"))
            });
            if now {
                flag(
                    report,
                    &GIT_GC_PRUNE,
                    "`git gc --prune=now` would delete unreachable commits at once, with no way back",
                );
            } else if let Some(lost) = gc_expires_at_once(subject, &invocation, prune.is_some()) {
                flag(report, &GIT_GC_PRUNE, &lost);
            }
        }
        // `git maintenance run` runs `git gc` when no `--task` is named (the only task enabled
        // by default) or `--task=gc` is.
        "maintenance" if first_word(args) == Some("run") => {
            let parsed = args::parse(&args[1..], &git_options("", &["task", "schedule"]));
            let tasks: Vec<Option<&str>> = parsed
                .args
                .iter()
                .filter(|arg| arg.is_long("task"))
                .map(|arg| arg.value().and_then(Word::value))
                .collect();
            let runs_gc = tasks.is_empty() || tasks.iter().any(|task| task.is_none_or(|task| task == "gc"));
            if runs_gc && let Some(lost) = gc_expires_at_once(subject, &invocation, false) {
                flag(report, &GIT_GC_PRUNE, &lost);
            }
        }
        "update-ref" => {
            let parsed = args::parse(args, &git_options("m", &[]));
            // The new value may be only known when it runs (`"$(git rev-parse HEAD~1)"`).
            let operands: Vec<Option<&str>> = parsed.operands().map(Word::value).collect();
            if parsed.has_long("stdin") {
                ref_updates_read(subject, parsed.has_short('z'), report);
            } else if parsed.has_short('d') {
                flag(
                    report,
                    &GIT_UPDATE_REF_DELETE,
                    "`git update-ref -d` would delete the ref without checking what it points to",
                );
            } else if let [Some(name), Some(new), ..] = operands.as_slice()
                && is_null_id(new)
            {
                // The null id as the new value deletes the ref, as `-d` does.
                flag(
                    report,
                    &GIT_UPDATE_REF_DELETE,
                    &format!("`git update-ref {name}` to the null id would delete the ref"),
                );
            } else if let [Some(name), _] = operands.as_slice()
                && existing_branch_or_tag(subject, name)
            {
                // With no old value to check against, the ref moves wherever it pointed.
                flag(
                    report,
                    &GIT_REF_OVERWRITE,
                    &format!(
                        "`git update-ref {name}` would move it without checking where it pointed: its old commits would only be in the reflog"
                    ),
                );
            }
        }
        // `--analyze` and `--dry-run` only report.
        "filter-repo"
            if args
                .iter()
                .filter_map(Word::value)
                .any(|text| matches!(text, "--analyze" | "--dry-run")) => {}
        "filter-branch" | "filter-repo" => flag(
            report,
            &GIT_HISTORY_REWRITE,
            &format!(
                "`git {}` would rewrite every commit of the history",
                invocation.subcommand
            ),
        ),
        _ => {}
    }
}

/// `git update-ref --stdin` (`-z`: fields ended by NUL bytes): each `delete REF` deletes a ref
/// unchecked, as `-d` does, and each `update REF NEW` with no old value moves an existing
/// branch or tag. Instructions only known when it runs may do either.
fn ref_updates_read(subject: &Subject, nul_separated: bool, report: &mut Report) {
    let span = subject.command.span;
    let Some(text) = subject.command.stdin.text().and_then(Word::value) else {
        report.flag(
                        &GIT_REF_OVERWRITE,
            span,
            "`git update-ref --stdin` reads instructions only known when it runs: they may move or delete any branch or tag",
        );
        return;
    };
    let instructions: Vec<Vec<&str>> = if nul_separated {
        // Each instruction is its command and refname, then its values, NUL after each.
        let mut instructions: Vec<Vec<&str>> = Vec::new();
        for field in text.split('\0') {
            let (verb, name) = field.split_once(' ').unwrap_or((field, ""));
            if [
                "update", "create", "delete", "verify", "option", "start", "prepare", "commit", "abort",
            ]
            .contains(&verb)
            {
                instructions.push(vec![verb, name]);
            } else if let Some(last) = instructions.last_mut() {
                last.push(field);
            }
        }
        instructions
    } else {
        text.lines().map(|line| line.split_whitespace().collect()).collect()
    };
    for fields in instructions {
        match fields.as_slice() {
            ["delete", name, ..] => report.flag(
                                &GIT_UPDATE_REF_DELETE,
                span,
                format!("`delete {name}` given to `git update-ref --stdin` would delete the ref without checking what it points to"),
            ),
            ["update", name, new, ..] if is_null_id(new) => report.flag(
                &GIT_UPDATE_REF_DELETE,
                span,
                format!("`update {name}` to the null id given to `git update-ref --stdin` would delete the ref"),
            ),
            ["update", name, new, old @ ..]
                if old.iter().all(|old| old.is_empty())
                    && !new.is_empty()
                    && existing_branch_or_tag(subject, name) =>
            {
                report.flag(
                                        &GIT_REF_OVERWRITE,
                    span,
                    format!(
                        "`update {name}` given to `git update-ref --stdin` would move it without checking where it pointed: its old commits would only be in the reflog"
                    ),
                );
            }
            _ => {}
        }
    }
}

/// Whether an object name is the null id (forty zeros, or sixty-four in a SHA-256
/// repository), which as a ref's new value deletes it.
fn is_null_id(name: &str) -> bool {
    matches!(name.len(), 40 | 64) && name.bytes().all(|byte| byte == b'0')
}

/// The folder git works in: the command's, moved by each `-C DIR` (`git -C sub rm ../x`).
fn working_folder(subject: &Subject) -> paths::Cwd {
    let mut cwd = subject.command.cwd.clone();
    for dir in git::invocation(subject.command).directories {
        cwd = match paths::resolve(&dir, &cwd) {
            Target::Path(path) => paths::Cwd::Known(path),
            _ => paths::Cwd::Unknown(format!("named by {}", dir.text())),
        };
    }
    cwd
}

/// Whether the repository around `cwd` has the branch or tag `name` (`refs/heads/x`), loose or
/// packed, as the disk shows it (a linked worktree's are its main repository's): a new ref made
/// by `git update-ref` replaces nothing.
fn ref_exists(cwd: &paths::Cwd, name: &str) -> bool {
    ref_state(cwd, name) == Some(true)
}

/// Whether `name` is a branch or tag (`refs/heads/x`, `refs/tags/v1`) the repository the command
/// works in has: one that moving or replacing would lose track of.
fn existing_branch_or_tag(subject: &Subject, name: &str) -> bool {
    (name.starts_with("refs/heads/") || name.starts_with("refs/tags/")) && ref_exists(&working_folder(subject), name)
}

/// Whether the repository around `cwd` has the ref `name`: `None` when no repository is found
/// there (the folder is only known when it runs, or the disk holds none yet).
fn ref_state(cwd: &paths::Cwd, name: &str) -> Option<bool> {
    let git_dir = git_dir(cwd)?;
    Some(
        git_dir.join(name).is_file()
            || std::fs::read_to_string(git_dir.join("packed-refs"))
                .is_ok_and(|packed| packed.lines().any(|line| line.split_whitespace().nth(1) == Some(name))),
    )
}

/// The common git folder of the repository around `cwd` (a linked worktree's is its main
/// repository's), as the disk shows it.
fn git_dir(cwd: &paths::Cwd) -> Option<std::path::PathBuf> {
    let paths::Cwd::Known(cwd) = cwd else {
        return None;
    };
    let native = crate::context::native(cwd);
    std::path::Path::new(&native)
        .ancestors()
        .find_map(crate::context::git_common_dir)
}

/// What `HEAD` of the work tree around `cwd` holds (`ref: refs/heads/main`): a linked
/// worktree's own, in the folder its `.git` file names.
fn head(cwd: &paths::Cwd) -> Option<String> {
    let paths::Cwd::Known(cwd) = cwd else {
        return None;
    };
    let native = crate::context::native(cwd);
    let dot_git = std::path::Path::new(&native)
        .ancestors()
        .map(|folder| folder.join(".git"))
        .find(|dot_git| dot_git.exists())?;
    let folder = if dot_git.is_dir() {
        dot_git
    } else {
        let text = std::fs::read_to_string(&dot_git).ok()?;
        std::path::PathBuf::from(text.strip_prefix("gitdir:")?.trim())
    };
    std::fs::read_to_string(folder.join("HEAD")).ok()
}

/// Whether a repository is found on disk and has no branch `name` (`git branch -f NEW` only
/// makes one). A name only known when it runs, or no repository found, may be a branch.
fn branch_missing(subject: &Subject, name: Option<&Word>) -> bool {
    name.and_then(Word::value)
        .is_some_and(|name| ref_state(&working_folder(subject), &format!("refs/heads/{name}")) == Some(false))
}

/// What `git checkout -B NAME [START]` or `git switch -C NAME [START]` (`how`) loses: a branch
/// NAME the repository has on disk is reset to START, its own commits then only in its reflog.
/// A new branch, or the branch checked out reset to where it is (no START), moves nothing.
fn branch_reset(subject: &Subject, name: Option<&Word>, parsed: &Parsed, how: &str) -> Option<String> {
    let name = name?.value()?;
    let cwd = working_folder(subject);
    if !ref_exists(&cwd, &format!("refs/heads/{name}")) {
        return None;
    }
    let checked_out = head(&cwd).is_some_and(|head| head.trim() == format!("ref: refs/heads/{name}"));
    if checked_out && parsed.operands().next().is_none() {
        return None;
    }
    Some(format!(
        "`git {how} {name}` would reset the existing branch `{name}`: the commits only it held would then only be in its reflog"
    ))
}

/// `git rm` or `git mv` of an agent's settings, or (`recursive`) of a folder holding them on
/// disk, or of a glob bash expands to them (`git mv .claude/* old/`), flagged with `rule` as
/// `rm` or `mv` of them is: the file leaves where the agent reads it, and the guard with it.
fn removed_agent_settings(subject: &Subject, word: &Word, recursive: bool, rule: &'static Rule, report: &mut Report) {
    let target = paths::resolve(word, &working_folder(subject));
    if !matches!(target, Target::Path(_)) && !word.has_glob() {
        return;
    }
    let folders_only = word.has_glob() && word.text().ends_with('/');
    if let Some(what) = files::agent_settings_taken(&target, recursive, folders_only, subject.context) {
        report.flag(
            rule,
            word.span,
            format!(
                "`git {}` of `{}` would take {what} out of the working tree, which could switch off the guards on this agent",
                git::invocation(subject.command).subcommand,
                subject.typed(word)
            ),
        );
    }
}

/// Whether a pathspec takes files out (`:!x`, `:^x`, `:(exclude)x`).
fn excludes(text: &str) -> bool {
    text.starts_with(":!") || text.starts_with(":^") || text.starts_with(":(") && text.contains("exclude")
}

/// `git rm` of pathspecs that name an agent's settings file on disk, as git matches them
/// against the files it tracks: a quoted glob git expands itself (`'.claude/*'`, `'*.json'`),
/// magic (`:(glob).claude/**`, `:(icase)`, `:/`), a folder holding it (`-r .`), less what
/// `:!` takes out. Flags the first pathspec naming one, and says whether there was one.
fn pathspecs_remove_agent_settings(
    subject: &Subject,
    operands: &[&Word],
    recursive: bool,
    report: &mut Report,
) -> bool {
    let paths::Cwd::Known(folder) = working_folder(subject) else {
        return false;
    };
    let top = work_tree_top(&folder, subject.context);
    let Some(prefix) = folder.relative_to(&top) else {
        return false;
    };
    let invocation = git::invocation(subject.command);
    let set = |switch: &str, variable: &str| {
        invocation.switches.contains(&switch)
            || subject.command.environment().any(|(name, value)| {
                name == variable
                    && value.value().is_some_and(|value| {
                        !matches!(value.to_ascii_lowercase().as_str(), "" | "0" | "false" | "no" | "off")
                    })
            })
    };
    let reading = pathspec::Reading {
        literal: set("--literal-pathspecs", "GIT_LITERAL_PATHSPECS"),
        glob: set("--glob-pathspecs", "GIT_GLOB_PATHSPECS"),
        noglob: set("--noglob-pathspecs", "GIT_NOGLOB_PATHSPECS"),
        icase: set("--icase-pathspecs", "GIT_ICASE_PATHSPECS"),
    };
    let specs: Vec<(&Word, pathspec::Pathspec)> = operands
        .iter()
        .filter_map(|word| Some((*word, pathspec::Pathspec::parse(word.value()?, &prefix, reading)?)))
        .collect();
    let (taken_out, named): (Vec<_>, Vec<_>) = specs.iter().partition(|(_, spec)| spec.exclude);
    // Exclusions alone take their files out of the working folder's.
    let everything = pathspec::Pathspec::parse(".", &prefix, reading);
    let named: Vec<(&Word, &pathspec::Pathspec)> = match (named.is_empty(), taken_out.first(), &everything) {
        (true, Some((word, _)), Some(everything)) => vec![(*word, everything)],
        _ => named.iter().map(|(word, spec)| (*word, spec)).collect(),
    };
    let mut files = files::agent_settings_files(&top, subject.context);
    files.extend(files::agent_settings_files(&folder, subject.context));
    for (file, what) in files {
        let Some(below) = file.relative_to(&top) else { continue };
        let below = below.join("/");
        if taken_out.iter().any(|(_, spec)| spec.names(&below, true)) {
            continue;
        }
        if let Some((word, _)) = named.iter().find(|(_, spec)| spec.names(&below, recursive)) {
            report.flag(
                &super::rm::RM_PROTECTED_FILE,
                word.span,
                format!(
                    "`git rm` of `{}` would take {what} ({below}) out of the working tree, which could switch off the guards on this agent",
                    subject.typed(word)
                ),
            );
            return true;
        }
    }
    false
}

/// The top of the work tree `folder` is in: the nearest folder holding `.git`, else the project
/// (or `folder` itself, outside it).
fn work_tree_top(folder: &paths::AbsPath, context: &crate::context::Context) -> paths::AbsPath {
    std::iter::successors(Some(folder.clone()), paths::AbsPath::parent)
        .find(|at| std::path::Path::new(&crate::context::native(at)).join(".git").exists())
        .unwrap_or_else(|| {
            if folder.starts_with(&context.project_root) {
                context.project_root.clone()
            } else {
                folder.clone()
            }
        })
}

/// The settings a git command is given for this run: `-c key=value` (a key alone is `true`),
/// `--config-env=key=VARIABLE`, and `GIT_CONFIG_KEY_n`/`GIT_CONFIG_VALUE_n` or
/// `GIT_CONFIG_PARAMETERS` in its environment. Keys are lowercased (git reads them so); a value
/// is `None` when it is only known when the command runs.
fn given_settings(subject: &Subject, invocation: &git::Invocation) -> Vec<(String, Option<String>)> {
    let environment = subject.command.environment();
    let from_options = invocation
        .config
        .iter()
        .map(|setting| match setting.text().split_once('=') {
            Some((key, value)) => (key.to_ascii_lowercase(), setting.value().map(|_| value.to_owned())),
            None => (setting.text().to_ascii_lowercase(), Some("true".to_owned())),
        });
    let from_variables = invocation.config_env.iter().filter_map(|setting| {
        let (key, variable) = setting.split_once('=')?;
        let value = environment
            .clone()
            .find(|(name, _)| *name == variable)
            .and_then(|(_, word)| word.value().map(str::to_owned));
        Some((key.to_ascii_lowercase(), value))
    });
    let from_environment = git::environment_settings(environment.clone())
        .into_iter()
        .map(|setting| {
            (
                setting.key.to_ascii_lowercase(),
                setting.value.value().map(str::to_owned),
            )
        });
    from_options.chain(from_variables).chain(from_environment).collect()
}

/// What a `git gc` given `gc.pruneExpire`, `gc.reflogExpire` or `gc.reflogExpireUnreachable`
/// of `now` (or `all`, or a value only known when it runs) loses at once: the unreachable
/// commits, or the reflog entries that are the record of where lost commits are.
/// `prune_given`: the command line says when to prune (`--prune=DATE`, `--no-prune`), which
/// overrides `gc.pruneExpire`.
fn gc_expires_at_once(subject: &Subject, invocation: &git::Invocation, prune_given: bool) -> Option<String> {
    given_settings(subject, invocation)
        .into_iter()
        .filter(|(key, _)| !(prune_given && key == "gc.pruneexpire"))
        .find_map(|(key, value)| {
            let at_once = value.is_none_or(|value| matches!(value.to_ascii_lowercase().as_str(), "now" | "all"));
            let lost = match key.as_str() {
                "gc.pruneexpire" => "unreachable commits",
                "gc.reflogexpire" | "gc.reflogexpireunreachable" => "the reflog, the record of where lost commits are,",
                _ => return None,
            };
            at_once.then(|| format!("`git gc` given `{key}` now would delete {lost} at once, with no way back"))
        })
}

fn first_word(args: &[Word]) -> Option<&str> {
    args.iter().filter_map(Word::value).find(|t| !t.starts_with('-'))
}

fn checkout(subject: &Subject, args: &[Word], report: &mut Report, span: crate::source::Span) {
    const OPTIONS: Options = git_options("bB", &["orphan", "conflict", "pathspec-from-file", "track"]);
    let parsed = args::parse(args, &OPTIONS);
    if parsed.has('f', "force") {
        report.flag(
            &GIT_CHECKOUT_DISCARD,
            span,
            "`git checkout -f` would overwrite local changes",
        );
        return;
    }
    if parsed.has_long("pathspec-from-file") {
        report.flag(
            &GIT_CHECKOUT_DISCARD,
            span,
            "`git checkout --pathspec-from-file` would overwrite local changes to those files",
        );
        return;
    }
    // `--ours` and `--theirs` check paths out of the index, as `git checkout -- <paths>` does:
    // a path not in conflict loses its uncommitted changes, one in conflict loses what was
    // resolved by hand (`git checkout --theirs .` discards every change).
    if let Some((rule, lost)) = side_of_conflict(&parsed, "checkout") {
        report.flag(rule, span, lost);
        return;
    }
    // `-B NAME` over an existing branch moves it, as `git branch -f` does.
    if let Some(lost) = branch_reset(subject, parsed.value_of('B', ""), &parsed, "checkout -B") {
        report.flag(&GIT_REF_OVERWRITE, span, lost);
        return;
    }
    // New branches and interactive picking lose nothing.
    let keeps_work =
        parsed.has_short('b') || parsed.has_short('B') || parsed.has_long("orphan") || parsed.has('p', "patch");
    if keeps_work {
        return;
    }
    let after_dashes = paths_after_dashes(args);
    let operands: Vec<&Word> = parsed.operands().collect();
    let discards = match after_dashes {
        Some(count) => count > 0 && !discardable(subject, args[args.len() - count..].iter()),
        None => {
            (operands.len() >= 2 || operands.iter().any(|w| is_pathspec(w)))
                && !discardable(subject, operands.iter().copied())
        }
    };
    if discards {
        report.flag(
            &GIT_CHECKOUT_DISCARD,
            span,
            "`git checkout` of paths would overwrite their uncommitted changes",
        );
    }
}

/// Whether every path given lies where the user's configuration says uncommitted changes may
/// be discarded (`"discardable": ["logs/**"]`, relative to the project root).
fn discardable<'w>(subject: &Subject, mut paths: impl Iterator<Item = &'w Word>) -> bool {
    let patterns = &subject.context.policy.discardable;
    if patterns.is_empty() {
        return false;
    }
    let root = &subject.context.project_root;
    paths.all(|path| {
        let crate::paths::Target::Path(absolute) = crate::paths::resolve(path, &subject.command.cwd) else {
            return false;
        };
        let Some(relative) = absolute.relative_to(root).map(|parts| parts.join("/")) else {
            return false;
        };
        !relative.is_empty()
            && patterns
                .iter()
                .any(|pattern| crate::policy::matches_project_glob(pattern, &relative))
    })
}

/// How many words follow `--`, when there is one.
fn paths_after_dashes(args: &[Word]) -> Option<usize> {
    args.iter().position(|w| w.is("--")).map(|at| args.len() - at - 1)
}

/// A word that can only be a path, not a branch: `.`, `./x`, `:/x`, or a glob (git expands
/// globs in pathspecs itself, quoted or not).
fn is_pathspec(word: &Word) -> bool {
    let text = word.text();
    text == "." || text.starts_with("./") || text.starts_with(":/") || text.contains(['*', '?', '['])
}

/// `git push`, with the settings given on its command line or in its environment, which say
/// how a remote is pushed to when no refspec is given.
fn push(args: &[Word], settings: &[(String, Option<String>)], report: &mut Report, span: crate::source::Span) {
    const OPTIONS: Options = git_options(
        "o",
        &[
            "repo",
            "receive-pack",
            "exec",
            "push-option",
            "signed",
            "recurse-submodules",
        ],
    );
    let parsed: Parsed = args::parse(args, &OPTIONS);
    if parsed.has('n', "dry-run") {
        return;
    }
    let forced_refspec = parsed.operands().any(|w| w.text().starts_with('+'));
    if parsed.has('f', "force") || forced_refspec {
        report.flag(
            &GIT_PUSH_FORCE,
            span,
            "`git push --force` would overwrite commits on the remote that others may have pushed",
        );
        return;
    }
    // With no refspec given, the remote's `push` refspecs and its `mirror` setting decide what
    // is pushed, and how.
    let refspecs_given = parsed.operands().nth(1).is_some();
    if !refspecs_given && let Some(lost) = pushed_by_settings(settings) {
        report.flag(&GIT_PUSH_FORCE, span, lost);
        return;
    }
    if parsed.has_long("mirror") {
        report.flag(
            &GIT_PUSH_FORCE,
            span,
            "`git push --mirror` would overwrite and delete refs on the remote to match this repository",
        );
        return;
    }
    let deleting_refspec = parsed
        .operands()
        .skip(1)
        .any(|w| w.text().starts_with(':') && w.text().len() > 1);
    if parsed.has('d', "delete") || deleting_refspec {
        report.flag(
            &GIT_PUSH_DELETE,
            span,
            "the push would delete a branch or tag on the remote",
        );
        return;
    }
    if parsed.has_long("prune") {
        report.flag(
            &GIT_PUSH_DELETE,
            span,
            "`git push --prune` would delete remote branches that have no local counterpart",
        );
    }
}

/// What a push given no refspec overwrites by the settings of its remote: a `remote.NAME.push`
/// refspec with `+` forces it, `remote.NAME.mirror` makes it a mirror push (git-config(1)).
fn pushed_by_settings(settings: &[(String, Option<String>)]) -> Option<String> {
    settings.iter().find_map(|(key, value)| {
        let remote_setting = |name: &str| key.starts_with("remote.") && key.ends_with(name);
        if remote_setting(".push") && value.as_deref().is_some_and(|refspec| refspec.starts_with('+')) {
            let refspec = value.as_deref().unwrap_or_default();
            return Some(format!(
                "`{key}={refspec}` makes `git push` force that refspec: commits on the remote that others may have pushed would be overwritten"
            ));
        }
        // A value only known when it runs may be true.
        let mirrored = value
            .as_deref()
            .is_none_or(|value| matches!(value.to_ascii_lowercase().as_str(), "true" | "yes" | "on" | "1"));
        (remote_setting(".mirror") && mirrored).then(|| {
            format!("`{key}` makes `git push` a mirror push: refs on the remote would be overwritten and deleted to match this repository")
        })
    })
}

/// The settings earlier commands of the line wrote into git's configuration for a later
/// `git push` to read: `git config KEY VALUE` (`git config set`, `--add`), and `git remote add
/// --mirror[=push] NAME URL`, which sets `remote.NAME.mirror`. Keys are lowercased; a value is
/// `None` when it is only known when the command runs.
fn settings_written_earlier(subject: &Subject) -> Vec<(String, Option<String>)> {
    let commands = &subject.analysis.commands;
    let Some(here) = commands
        .iter()
        .position(|command| std::ptr::eq(command, subject.command))
    else {
        return Vec::new();
    };
    let mut settings = Vec::new();
    for command in commands[..here].iter().filter(|command| command.name == "git") {
        let invocation = git::invocation(command);
        match invocation.subcommand.as_str() {
            "config" => {
                if let Some(git::ConfigWrite::Set { key, value }) = git::config_write(invocation.args) {
                    settings.push((key.text().to_ascii_lowercase(), value.value().map(str::to_owned)));
                }
            }
            "remote" => {
                let parsed = args::parse(invocation.args, &git_options("tm", &["track", "master"]));
                let mut operands = parsed.operands().filter_map(Word::value);
                let mirror = parsed.args.iter().find(|arg| arg.is_long("mirror"));
                if operands.next() == Some("add")
                    && let Some(name) = operands.next()
                    && let Some(mirror) = mirror
                    // `--mirror` alone mirrors both ways; `=fetch` only fetches.
                    && mirror.value().and_then(Word::value) != Some("fetch")
                {
                    settings.push((
                        format!("remote.{}.mirror", name.to_ascii_lowercase()),
                        Some("true".to_owned()),
                    ));
                }
            }
            _ => {}
        }
    }
    settings
}

/// `git fetch` of a refspec into a local branch (`main:main`, `refs/heads/*:refs/heads/*`)
/// forced, by `+` or `--force`: the branch is moved to the remote's commit even when that
/// drops its own, as `git branch -f` does. Without force git only fast-forwards it, and
/// remote-tracking refs (`refs/remotes/…`) are the remote's to move.
fn fetch(subject: &Subject, args: &[Word], report: &mut Report) {
    const OPTIONS: Options = git_options(
        "oj",
        &[
            "depth",
            "deepen",
            "shallow-since",
            "shallow-exclude",
            "refmap",
            "jobs",
            "upload-pack",
            "server-option",
            "negotiation-tip",
            "recurse-submodules-default",
            "filter",
            "submodule-prefix",
        ],
    );
    let parsed = args::parse(args, &OPTIONS);
    if parsed.has_long("dry-run") || parsed.has_long("multiple") || parsed.has_long("all") {
        return;
    }
    let forced = parsed.has('f', "force");
    for refspec in parsed.operands().skip(1) {
        let text = refspec.text();
        let (plus, spec) = match text.strip_prefix('+') {
            Some(spec) => (true, spec),
            None => (false, text),
        };
        let Some((_, destination)) = spec.split_once(':') else {
            continue;
        };
        if !(plus || forced) || destination.is_empty() {
            continue;
        }
        let candidates: Vec<String> = if destination.starts_with("refs/heads/") || destination.starts_with("refs/tags/")
        {
            vec![destination.to_owned()]
        } else if destination.starts_with("refs/") {
            continue;
        } else {
            vec![format!("refs/heads/{destination}"), format!("refs/tags/{destination}")]
        };
        // A repository found without the ref: the fetch only makes it.
        let cwd = working_folder(subject);
        let known = refspec.value().is_some() && !destination.contains('*');
        if known && candidates.iter().all(|name| ref_state(&cwd, name) == Some(false)) {
            continue;
        }
        report.flag(
            &GIT_REF_OVERWRITE,
            subject.command.span,
            format!(
                "`git fetch` of `{text}` by force would move the local `{destination}` to the remote's commit: the commits only it held would then only be in its reflog"
            ),
        );
        return;
    }
}

/// What `git repack -d` deletes at once: unreachable objects in the old packs, which `-a`
/// leaves out of the new pack (`-A` and `--cruft` keep them, loose or in a cruft pack, for
/// `git gc` to expire later), or those older than `--unpack-unreachable`/`--cruft-expiration`
/// of `now`.
fn repack_drops_unreachable(args: &[Word]) -> Option<String> {
    let parsed = args::parse(
        args,
        &git_options(
            "g",
            &[
                "window",
                "depth",
                "threads",
                "window-memory",
                "max-pack-size",
                "keep-pack",
                "unpack-unreachable",
                "cruft-expiration",
                "expire-to",
                "filter",
                "filter-to",
                "combine-cruft-below-size",
                "max-cruft-size",
                "geometric",
            ],
        ),
    );
    if !parsed.has_short('d') || parsed.has('k', "keep-unreachable") {
        return None;
    }
    let at_once = |long: &str| {
        parsed.value_of('\0', long).is_some_and(|value| {
            value
                .value()
                .is_none_or(|value| matches!(value.to_ascii_lowercase().as_str(), "now" | "all"))
        })
    };
    let cruft = parsed.has_long("cruft");
    let dropped = if cruft {
        at_once("cruft-expiration")
    } else if parsed.has_short('A') {
        at_once("unpack-unreachable")
    } else {
        parsed.has_short('a')
    };
    dropped.then(|| {
        "`git repack -a -d` would delete the unreachable commits in the old packs at once, with no way back, as `git gc --prune=now` does".to_owned()
    })
}

/// `git send-pack`, the plumbing under `git push`: `--force` and `+refspec` overwrite, and
/// `--mirror` overwrites and deletes, refs on the remote.
fn send_pack(args: &[Word], report: &mut Report, span: crate::source::Span) {
    let parsed = args::parse(
        args,
        &git_options("", &["receive-pack", "exec", "push-option", "signed"]),
    );
    if parsed.has_long("dry-run") {
        return;
    }
    let lost = if parsed.has_long("mirror") {
        "`git send-pack --mirror` would overwrite and delete refs on the remote to match this repository"
    } else if parsed.has_long("force") || parsed.operands().skip(1).any(|w| w.text().starts_with('+')) {
        "`git send-pack --force` would overwrite commits on the remote that others may have pushed"
    } else {
        return;
    };
    report.flag(&GIT_PUSH_FORCE, span, lost);
}

/// `git checkout --ours|--theirs <paths>`, `git restore --ours|--theirs <paths>`: a side of a
/// merge conflict taken. Named files are how a conflict is settled (ask); a folder, the whole
/// tree, a glob or pathspec magic overwrites every change in it (deny).
fn side_of_conflict(parsed: &Parsed, subcommand: &str) -> Option<(&'static Rule, String)> {
    let side = ["ours", "theirs"].into_iter().find(|side| parsed.has_long(side))?;
    parsed.operands().next()?;
    let whole_folders = parsed.operands().any(|path| {
        let text = path.text();
        path.is_dynamic()
            || text.ends_with('/')
            || text == "."
            || text == ".."
            || text.starts_with(':')
            || text.contains(['*', '?', '['])
    });
    let rule = if whole_folders {
        &GIT_CHECKOUT_DISCARD
    } else {
        &GIT_CHECKOUT_SIDE
    };
    Some((
        rule,
        format!(
            "`git {subcommand} --{side}` would overwrite those paths with a version from the index: uncommitted changes to them, and a conflict resolved by hand, are lost"
        ),
    ))
}
