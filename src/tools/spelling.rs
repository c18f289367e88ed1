//! Programs' own abbreviations written out in full, before any checker reads the command line,
//! so that every rule looking for a long option or a command sees it however it was shortened:
//! - git's long options, which its parse-options takes as any unambiguous beginning
//!   (`git reset --har` is `--hard`, `git push --force-w` is `--force-with-lease`; `git push
//!   --forc` could be three options, and git refuses it). `cherry-pick`, `revert`, `stash` and
//!   `reflog` keep unknown options for later, which turns abbreviations off, and git's own
//!   options before the subcommand match in full only.
//! - pip's long options, which Python's optparse takes the same way (`--index-ur`,
//!   `--extra-index`), the general ones before the command, the command's own after it.
//! - awscli's long options, which its argparse parsers take the same way: its general ones
//!   wherever they are (`--reg` is `--region`), then the command's own: `aws s3` commands'
//!   (`aws s3 rm --recur` is `--recursive`, `aws s3 sync --del` `--delete`) and the service
//!   operations' whose options the checks read (`aws rds modify-db-instance --backup-retention 0`,
//!   `aws s3api put-object --ac public-read`, [`aws_operations`]). A beginning of a general option
//!   is that option, even where a command's own begins the same way (`aws s3 rm --re X` is
//!   `--region X`): the general parser reads every word first.
//! - az's long options, which knack hands with each command's own to one argparse parser: the
//!   options the checks read (`--public` is `--public-access`, `--ro` `--role`). az has thousands
//!   of commands, so a beginning of one of these is written out even where the command has
//!   another option that begins the same way: az then refuses the word as ambiguous, and nothing
//!   runs.
//! - s3cmd's long options, which optparse takes the same way wherever they are among the words
//!   (`s3cmd sync --delete-rem`, `s3cmd setacl --acl-pub`, `s3cmd rb --recur --for`).
//! - duplicity's long options, which its argparse parser takes the same way (`allow_abbrev=True`
//!   set outright): `duplicity remove-older-than 1M --forc URL` is `--force`.
//! - rdiff-backup's long options, which the argparse parser of its deprecated interface takes the
//!   same way wherever they are (`rdiff-backup --remov 2W repo` is `--remove-older-than 2W`).
//! - b2's (Backblaze's CLI), whose argparse parsers take them the same way: `help` and
//!   `help-all` before the command, then the command's own (`b2 sync --del SRC b2://b` is
//!   `--delete`).
//! - conda's and twine's long options, which their argparse parsers take the same way: the main
//!   parser's (flags only) before the command, then the command's own, which its parser reads
//!   from every word after the command (`conda remove --al` is `--all`, `conda config --se
//!   ssl_verify false` `--set`, `twine upload --he` `--help`); `conda run`'s only up to the
//!   program it runs. Neither sets `allow_abbrev=False` nor overrides `_get_option_tuples`.
//!   mamba 2 and micromamba read their options with CLI11, which takes them only in full.
//! - Not gcloud's: calliope's parser (`parser_extensions.ArgumentParser._get_option_tuples`)
//!   matches no beginning since Cloud SDK 142.0.0 (but for shell completion), so `--mem` is no
//!   `--member`, and gcloud refuses it.
//! - npm's commands (`npm pub` is `npm publish`, `npm unpub` `npm unpublish`; `npm distTag` is
//!   `npm dist-tag`), each alias made the command it stands for (`npm dist-tags`, `npm x`), and its
//!   configuration options (`--reg URL` and `--regi URL` are `--registry URL`, `--no-strict` is
//!   not `--no-strict-ssl`: it begins two of them).
//!
//! Each list of names is the tool's own (git 2.47's `--git-completion-helper-all`, pip 23.2's
//! option parsers, awscli's argument tables (1.45 and 2.36 have the same), s3cmd 2.4's optparse
//! options, duplicity 3.2's argument parsers, rdiff-backup 2.2's and b2 5.0's (none sets
//! `allow_abbrev=False`), conda 26.7's and twine 7.0's `add_argument` calls,
//! npm 11's command list and configuration definitions), written whitespace-separated with `=`
//! after an option that takes a value, which may be the next word.
//! Only a beginning of exactly one name is written out: one the tool refuses as ambiguous is
//! left as it was, and a name the tool gained since only makes one more abbreviation ambiguous.

mod aws_operations;

use crate::args::completed;
use crate::word::{Part, Word};

/// The command line `argv` of the program `name`, its abbreviations written out in full.
pub fn spelled_out(name: &str, mut argv: Vec<Word>) -> Vec<Word> {
    match name {
        "git" => git(&mut argv),
        "pip" | "pip3" => pip(&mut argv),
        "npm" => npm(&mut argv),
        "aws" => aws(&mut argv),
        "az" => one_parser(&mut argv, AZ_READ),
        "s3cmd" => one_parser(&mut argv, S3CMD),
        "duplicity" => one_parser(&mut argv, DUPLICITY),
        "rdiff-backup" => one_parser(&mut argv, RDIFF_BACKUP),
        "b2" => general_then_command(&mut argv, B2_GENERAL, B2, &[]),
        "conda" => conda(&mut argv),
        "twine" => twine(&mut argv),
        _ => {}
    }
    argv
}

/// What an option takes after it, when its value is not attached with `=`.
#[derive(Clone, Copy, PartialEq)]
enum Takes {
    Nothing,
    /// The next word.
    Word,
    /// The next word when it is `true` or `false` (npm's flags).
    TrueOrFalse,
}

/// Lists of names searched together (pip's command's own with its general ones).
struct Names<'a>(&'a [&'static str]);

impl Names<'_> {
    fn entries(&self) -> impl Iterator<Item = &'static str> + Clone + '_ {
        self.0.iter().flat_map(|list| list.split_whitespace())
    }

    fn names(&self) -> impl Iterator<Item = &'static str> + Clone + '_ {
        self.entries().map(|entry| entry.trim_end_matches('='))
    }

    fn takes(&self, name: &str) -> Takes {
        if self.entries().any(|entry| entry.strip_suffix('=') == Some(name)) {
            Takes::Word
        } else {
            Takes::Nothing
        }
    }

    /// The full name `written` stands for, and what that option takes.
    fn complete(&self, written: &str) -> Option<(String, Takes)> {
        let full = completed(written, self.names())?;
        Some((full.to_owned(), self.takes(full)))
    }
}

/// A word that is a long option with a literal name (`--name`, `--name=value`, `--name="$V"`):
/// its dashes (npm takes one as well as two), its name, and whether a value is attached.
fn long_option(word: &Word) -> Option<(usize, &str, bool)> {
    let literal = match (word.value(), word.parts.first()) {
        (Some(text), _) => text,
        (None, Some(Part::Literal { text, .. })) if text.contains('=') => text.as_str(),
        _ => return None,
    };
    let dashes = if literal.starts_with("--") { 2 } else { 1 };
    let rest = literal.strip_prefix('-')?.strip_prefix('-').unwrap_or(&literal[1..]);
    match rest.split_once('=') {
        Some((name, _)) => Some((dashes, name, true)),
        None => Some((dashes, rest, false)),
    }
}

/// Writes out, in `argv[from..]`, each long option `complete` finds the full name of (given the
/// name as written and its dashes), passing over the values of those that take one. Stops at
/// `--`, and at the first operand when `stop_at_operand`: its index is returned.
fn write_out(
    argv: &mut [Word],
    from: usize,
    stop_at_operand: bool,
    complete: impl Fn(&str, usize) -> Option<(String, Takes)>,
) -> Option<usize> {
    let mut at = from;
    while at < argv.len() {
        let word = &argv[at];
        at += 1;
        if word.is("--") {
            return None;
        }
        let option = long_option(word).filter(|_| word.text().starts_with('-') && word.text().len() > 1);
        let Some((dashes, written, attached)) = option else {
            if stop_at_operand && !word.text().starts_with('-') {
                return Some(at - 1);
            }
            continue;
        };
        let Some((full, takes)) = complete(written, dashes) else {
            continue;
        };
        let next_is_flag_value = argv.get(at).is_some_and(|next| next.is("true") || next.is("false"));
        if full != written || dashes != 2 {
            let spelled = argv[at - 1].with_prefix(dashes + written.len(), &format!("--{full}"));
            argv[at - 1] = spelled;
        }
        if !attached && (takes == Takes::Word || takes == Takes::TrueOrFalse && next_is_flag_value) {
            at += 1;
        }
    }
    None
}

/// `git [global options] SUBCOMMAND [SUB-SUBCOMMAND] options…`.
fn git(argv: &mut [Word]) {
    let Some(at) = super::read_as(&super::git::TOOLS[0], &argv[1..]).position(0) else {
        return;
    };
    let subcommand = argv[at + 1].text();
    let next = argv.get(at + 2).map_or("", Word::text);
    let two_words = format!("{subcommand} {next}");
    let found = GIT
        .iter()
        .find(|(path, _)| *path == two_words)
        .map(|(_, names)| (*names, at + 3))
        .or_else(|| {
            GIT.iter()
                .find(|(path, _)| *path == subcommand)
                .map(|(_, names)| (*names, at + 2))
        });
    if let Some((names, from)) = found {
        let names = Names(&[names]);
        write_out(argv, from, false, |written, dashes| {
            (dashes == 2).then(|| names.complete(written)).flatten()
        });
    }
}

/// `pip [general options] COMMAND options…`: before the command only the general options are
/// read, after it the command's own and the general ones together.
fn pip(argv: &mut [Word]) {
    let general = Names(&[PIP_GENERAL]);
    let Some(at) = write_out(argv, 1, true, |written, dashes| {
        (dashes == 2).then(|| general.complete(written)).flatten()
    }) else {
        return;
    };
    let command = argv[at].text();
    let Some((_, own)) = PIP.iter().find(|(name, _)| *name == command) else {
        write_out(argv, at + 1, false, |written, dashes| {
            (dashes == 2).then(|| general.complete(written)).flatten()
        });
        return;
    };
    let names = Names(&[own, PIP_GENERAL]);
    write_out(argv, at + 1, false, |written, dashes| {
        (dashes == 2).then(|| names.complete(written)).flatten()
    });
}

/// `aws [general options] COMMAND SUBCOMMAND options…`, as awscli reads it: its main parser
/// reads every word for the general options, and what it leaves goes to the command's parser
/// (`aws s3`'s commands', a service operation's), which takes the beginning of one of its own
/// options. A beginning of several general options is refused, and left as it was.
fn aws(argv: &mut [Word]) {
    let general = Names(&[AWS_GENERAL]);
    let general_option = |written: &str, dashes: usize| (dashes == 2).then(|| general.complete(written)).flatten();
    write_out(argv, 1, false, general_option);
    let Some(tool) = super::tool("aws") else {
        return;
    };
    let invocation = super::read_as(tool, &argv[1..]);
    let words = invocation.words();
    let (Some(&command), Some(&subcommand)) = (words.first(), words.get(1)) else {
        return;
    };
    let lists = if command == "s3" {
        let Some(own) = AWS_S3.iter().find(|(name, _)| *name == subcommand).map(|(_, own)| *own) else {
            return;
        };
        [own, ""]
    } else {
        let operation = format!("{command} {subcommand}");
        let own = aws_operations::AWS_OPERATIONS
            .binary_search_by(|(name, _)| name.cmp(&operation.as_str()))
            .map_or("", |at| aws_operations::AWS_OPERATIONS[at].1);
        [own, AWS_EVERY_OPERATION]
    };
    let own = Names(&lists);
    write_out(argv, 1, false, |written, dashes| {
        let begins_general = general.names().any(|name| name.starts_with(written));
        general_option(written, dashes).or_else(|| {
            (dashes == 2 && !begins_general)
                .then(|| own.complete(written))
                .flatten()
        })
    });
}

/// A program whose one parser reads the options `names` among all its words: az (`az GROUP…
/// COMMAND options…`, each option the checks read), s3cmd (`s3cmd [options] COMMAND
/// operands…`, optparse with its arguments interspersed) and duplicity (`duplicity [COMMAND]
/// options… URL`, argparse with `allow_abbrev=True`).
fn one_parser(argv: &mut [Word], names: &'static str) {
    let names = Names(&[names]);
    write_out(argv, 1, false, |written, dashes| {
        (dashes == 2).then(|| names.complete(written)).flatten()
    });
}

/// `PROGRAM [general options] COMMAND [SUBCOMMAND] options…`, as a main argparse parser with a
/// parser for each command reads it (conda's, twine's): before the command only the general
/// options, after it only the command's own, which its parser reads from every word the main
/// parser hands it, up to the first operand for the commands in `ending_at_operand` (those
/// that run it, with what follows, as a program).
fn general_then_command(
    argv: &mut [Word],
    general: &'static str,
    commands: &[(&str, &'static str)],
    ending_at_operand: &[&str],
) {
    let general = Names(&[general]);
    let Some(at) = write_out(argv, 1, true, |written, dashes| {
        (dashes == 2).then(|| general.complete(written)).flatten()
    }) else {
        return;
    };
    let two_words = format!("{} {}", argv[at].text(), argv.get(at + 1).map_or("", Word::text));
    let found = commands
        .iter()
        .find(|(path, _)| *path == two_words)
        .map(|(path, names)| (*path, *names, at + 2))
        .or_else(|| {
            commands
                .iter()
                .find(|(path, _)| argv[at].is(path))
                .map(|(path, names)| (*path, *names, at + 1))
        });
    let Some((path, names, from)) = found else {
        return;
    };
    let own = Names(&[names]);
    write_out(argv, from, ending_at_operand.contains(&path), |written, dashes| {
        (dashes == 2).then(|| own.complete(written)).flatten()
    });
}

/// `conda [general options] COMMAND options…`: the commands the checks read (`conda_argparse.py`).
fn conda(argv: &mut [Word]) {
    general_then_command(argv, CONDA_GENERAL, CONDA, &["run"]);
}

/// `twine [general options] COMMAND options…` (`twine/cli.py` hands the words after the command
/// to the command's parser whole).
fn twine(argv: &mut [Word]) {
    general_then_command(argv, TWINE_GENERAL, TWINE, &[]);
}

/// `npm [options] COMMAND [options]`: the command made the one npm runs, each option written
/// out as npm's configuration reads it.
fn npm(argv: &mut [Word]) {
    let Some(at) = write_out(argv, 1, true, npm_option) else {
        return;
    };
    if let Some(command) = npm_command(argv[at].text()) {
        argv[at] = argv[at].with_prefix(argv[at].text().len(), command);
    }
    write_out(argv, at + 1, false, npm_option);
}

/// The command npm runs for the word `written`: a command, an alias, a camelCase spelling
/// (`distTag`), or the only one of them it begins (`pub`), an alias made its command.
fn npm_command(written: &str) -> Option<&'static str> {
    let kebab: String = written
        .chars()
        .flat_map(|c| match c.is_ascii_uppercase() {
            true => vec!['-', c.to_ascii_lowercase()],
            false => vec![c],
        })
        .collect();
    let names = NPM_COMMANDS
        .split_whitespace()
        .chain(NPM_ALIASES.iter().map(|(alias, _)| *alias));
    let found = completed(&kebab, names)?;
    let command = NPM_ALIASES
        .iter()
        .find(|(alias, _)| *alias == found)
        .map_or(found, |(_, command)| *command);
    (command != written).then_some(command)
}

/// The option npm's configuration reads for `--written` (or `-written`, one dash being as
/// good as two, but for a bundle of one-letter shorthands such as `-gD`): a name of its
/// configuration, a one-word shorthand (`--reg` is `--registry`), the only one of either it
/// begins, or `--no-` one of them.
fn npm_option(written: &str, dashes: usize) -> Option<(String, Takes)> {
    const SINGLE_LETTERS: &str = "acCdfgLlmnpPqsSBDEOHhvwy";
    if written.chars().count() < 2 || dashes == 1 && written.chars().all(|c| SINGLE_LETTERS.contains(c)) {
        return None;
    }
    let keys = Names(&[NPM_OPTIONS]);
    let takes = |key: &str| match keys.takes(key) {
        Takes::Nothing => Takes::TrueOrFalse,
        takes => takes,
    };
    if let Some(key) = keys.names().find(|key| *key == written) {
        return Some((key.to_owned(), takes(key)));
    }
    if let Some((_, key)) = NPM_SHORTHANDS.iter().find(|(shorthand, _)| *shorthand == written) {
        return Some(((*key).to_owned(), takes(key.trim_start_matches("no-"))));
    }
    if let Some(key) = completed(written, keys.names()) {
        return Some((key.to_owned(), takes(key)));
    }
    if let Some(shorthand) = completed(written, NPM_SHORTHANDS.iter().map(|(shorthand, _)| *shorthand)) {
        let key = NPM_SHORTHANDS.iter().find(|(name, _)| *name == shorthand)?.1;
        return Some((key.to_owned(), takes(key.trim_start_matches("no-"))));
    }
    // `--no-NAME` turns NAME off; `--no-no-NAME` on again.
    let mut negated = false;
    let mut rest = written;
    while let Some(after) = rest.strip_prefix("no-") {
        negated = !negated;
        rest = after;
    }
    if rest == written {
        return None;
    }
    let key = completed(rest, keys.names())?;
    Some((format!("{}{key}", if negated { "no-" } else { "" }), takes(key)))
}

/// git's subcommands (and `worktree`'s and `config`'s own) that take abbreviated long options,
/// with their names: `--git-completion-helper-all` of git 2.47, but for `config`'s older form,
/// read from its usage.
const GIT: &[(&str, &str)] = &[
    (
        "add",
        "dry-run verbose interactive patch edit force update renormalize intent-to-add all ignore-removal refresh \
         ignore-errors ignore-missing sparse chmod= warn-embedded-repo pathspec-from-file= pathspec-file-nul \
         no-dry-run no-verbose no-interactive no-patch no-edit no-force no-update no-renormalize no-intent-to-add \
         no-all no-ignore-removal no-refresh no-ignore-errors no-ignore-missing no-sparse no-chmod \
         no-warn-embedded-repo no-pathspec-from-file no-pathspec-file-nul",
    ),
    (
        "am",
        "interactive no-verify binary 3way quiet signoff utf8 keep keep-non-patch message-id keep-cr scissors \
         quoted-cr= whitespace= ignore-space-change ignore-whitespace directory= exclude= include= patch-format= \
         reject resolvemsg= continue resolved skip abort quit show-current-patch retry allow-empty \
         committer-date-is-author-date ignore-date rerere-autoupdate gpg-sign empty= rebasing verify no-interactive \
         no-binary no-3way no-quiet no-signoff no-utf8 no-keep no-keep-non-patch no-message-id no-keep-cr no-scissors \
         no-whitespace no-ignore-space-change no-ignore-whitespace no-directory no-exclude no-include no-patch-format \
         no-reject no-resolvemsg no-committer-date-is-author-date no-ignore-date no-rerere-autoupdate no-gpg-sign \
         no-rebasing",
    ),
    (
        "branch",
        "verbose quiet track set-upstream set-upstream-to= unset-upstream color remotes contains no-contains with \
         without abbrev all delete move omit-empty copy list show-current create-reflog edit-description force merged \
         no-merged column sort= points-at= ignore-case recurse-submodules format= no-verbose no-quiet no-track \
         no-set-upstream no-set-upstream-to no-unset-upstream no-color no-abbrev no-delete no-move no-omit-empty \
         no-copy no-list no-show-current no-create-reflog no-edit-description no-force no-column no-sort no-points-at \
         no-ignore-case no-recurse-submodules no-format",
    ),
    (
        "checkout",
        "guess overlay quiet recurse-submodules progress merge conflict= detach track force orphan= overwrite-ignore \
         ignore-other-worktrees ours theirs patch ignore-skip-worktree-bits pathspec-from-file= pathspec-file-nul \
         no-guess no-overlay no-quiet no-recurse-submodules no-progress no-merge no-conflict no-detach no-track \
         no-force no-orphan no-overwrite-ignore no-ignore-other-worktrees no-patch no-ignore-skip-worktree-bits \
         no-pathspec-from-file no-pathspec-file-nul",
    ),
    (
        "clean",
        "quiet dry-run force interactive exclude= no-quiet no-dry-run no-force no-interactive",
    ),
    (
        "clone",
        "verbose quiet progress reject-shallow no-checkout bare naked mirror local no-hardlinks shared \
         recurse-submodules recursive jobs= template= reference= reference-if-able= dissociate origin= branch= \
         upload-pack= depth= shallow-since= shallow-exclude= single-branch no-tags shallow-submodules \
         separate-git-dir= ref-format= config= server-option= ipv4 ipv6 filter= also-filter-submodules \
         remote-submodules sparse bundle-uri= checkout hardlinks tags no-verbose no-quiet no-progress \
         no-reject-shallow no-bare no-naked no-mirror no-local no-shared no-recurse-submodules no-recursive no-jobs \
         no-template no-reference no-reference-if-able no-dissociate no-origin no-branch no-upload-pack no-depth \
         no-shallow-since no-shallow-exclude no-single-branch no-shallow-submodules no-separate-git-dir no-ref-format \
         no-config no-server-option no-filter no-also-filter-submodules no-remote-submodules no-sparse no-bundle-uri",
    ),
    (
        "commit",
        "quiet verbose file= author= date= message= reedit-message= reuse-message= fixup= squash= reset-author \
         trailer= signoff template= edit cleanup= status gpg-sign all include interactive patch only no-verify \
         dry-run short branch ahead-behind porcelain long null amend no-post-rewrite untracked-files \
         pathspec-from-file= pathspec-file-nul allow-empty allow-empty-message verify post-rewrite no-quiet \
         no-verbose no-file no-author no-date no-message no-reedit-message no-reuse-message no-fixup no-squash \
         no-reset-author no-signoff no-template no-edit no-cleanup no-status no-gpg-sign no-all no-include \
         no-interactive no-patch no-only no-dry-run no-short no-branch no-ahead-behind no-porcelain no-long no-null \
         no-amend no-untracked-files no-pathspec-from-file no-pathspec-file-nul no-allow-empty no-allow-empty-message",
    ),
    (
        "config",
        "global system local worktree file= blob= get get-all get-regexp get-urlmatch replace-all add unset unset-all \
         rename-section remove-section list edit get-color get-colorbool null name-only show-origin show-scope \
         show-names type= bool int bool-or-int bool-or-str path expiry-date default= comment= fixed-value includes \
         no-global no-system no-local no-worktree no-file no-blob no-null no-name-only no-show-origin no-show-scope \
         no-show-names no-type no-default no-comment no-fixed-value no-includes",
    ),
    (
        "config get",
        "global system local worktree file= blob= all regexp value= fixed-value url= null name-only show-origin \
         show-scope show-names type= bool int bool-or-int bool-or-str path expiry-date includes default= no-global \
         no-system no-local no-worktree no-file no-blob no-all no-regexp no-value no-fixed-value no-url no-null \
         no-name-only no-show-origin no-show-scope no-show-names no-type no-includes no-default",
    ),
    (
        "config list",
        "global system local worktree file= blob= null name-only show-origin show-scope show-names type= bool int \
         bool-or-int bool-or-str path expiry-date includes no-global no-system no-local no-worktree no-file no-blob \
         no-null no-name-only no-show-origin no-show-scope no-show-names no-type no-includes",
    ),
    (
        "config set",
        "global system local worktree file= blob= type= bool int bool-or-int bool-or-str path expiry-date all value= \
         fixed-value comment= append no-global no-system no-local no-worktree no-file no-blob no-type no-all no-value \
         no-fixed-value no-comment no-append",
    ),
    (
        "config unset",
        "global system local worktree file= blob= all value= fixed-value no-global no-system no-local no-worktree \
         no-file no-blob no-all no-value no-fixed-value",
    ),
    (
        "fetch",
        "verbose quiet all set-upstream append atomic upload-pack= force multiple tags jobs= prefetch prune \
         prune-tags recurse-submodules dry-run porcelain write-fetch-head keep update-head-ok progress depth= \
         shallow-since= shallow-exclude= deepen= unshallow refetch submodule-prefix= recurse-submodules-default= \
         update-shallow refmap= server-option= ipv4 ipv6 negotiation-tip= negotiate-only filter= auto-maintenance \
         auto-gc show-forced-updates write-commit-graph stdin no-verbose no-quiet no-all no-set-upstream no-append \
         no-atomic no-upload-pack no-force no-multiple no-tags no-jobs no-prefetch no-prune no-prune-tags \
         no-recurse-submodules no-dry-run no-porcelain no-write-fetch-head no-keep no-update-head-ok no-progress \
         no-depth no-shallow-since no-shallow-exclude no-deepen no-submodule-prefix no-recurse-submodules-default \
         no-update-shallow no-server-option no-negotiation-tip no-negotiate-only no-filter no-auto-maintenance \
         no-auto-gc no-show-forced-updates no-write-commit-graph no-stdin",
    ),
    (
        "gc",
        "quiet prune cruft max-cruft-size= aggressive auto detach force keep-largest-pack no-quiet no-prune no-cruft \
         no-aggressive no-auto no-detach no-force no-keep-largest-pack",
    ),
    (
        "merge",
        "stat summary log squash commit edit cleanup= ff ff-only rerere-autoupdate verify-signatures strategy= \
         strategy-option= message= file into-name= verbose quiet abort quit continue allow-unrelated-histories \
         progress gpg-sign autostash overwrite-ignore signoff no-verify verify no-stat no-summary no-log no-squash \
         no-commit no-edit no-cleanup no-ff no-rerere-autoupdate no-verify-signatures no-strategy no-strategy-option \
         no-message no-into-name no-verbose no-quiet no-abort no-quit no-continue no-allow-unrelated-histories \
         no-progress no-gpg-sign no-autostash no-overwrite-ignore no-signoff",
    ),
    (
        "pull",
        "verbose quiet progress recurse-submodules rebase stat summary log signoff squash commit edit cleanup= ff \
         ff-only verify verify-signatures autostash strategy= strategy-option= gpg-sign allow-unrelated-histories all \
         append upload-pack= force tags prune jobs dry-run keep depth= shallow-since= shallow-exclude= deepen= \
         unshallow update-shallow refmap= server-option= ipv4 ipv6 negotiation-tip= show-forced-updates set-upstream \
         no-verbose no-quiet no-progress no-recurse-submodules no-rebase no-stat no-summary no-log no-signoff \
         no-squash no-commit no-edit no-cleanup no-ff no-verify no-verify-signatures no-autostash no-strategy \
         no-strategy-option no-gpg-sign no-allow-unrelated-histories no-all no-append no-upload-pack no-force no-tags \
         no-prune no-jobs no-dry-run no-keep no-depth no-shallow-since no-shallow-exclude no-deepen no-update-shallow \
         no-server-option no-ipv4 no-ipv6 no-negotiation-tip no-show-forced-updates no-set-upstream",
    ),
    (
        "push",
        "verbose quiet repo= all branches mirror delete tags dry-run porcelain force force-with-lease \
         force-if-includes recurse-submodules= thin receive-pack= exec= set-upstream progress prune no-verify \
         follow-tags signed atomic push-option= ipv4 ipv6 verify no-verbose no-quiet no-repo no-all no-branches \
         no-mirror no-delete no-tags no-dry-run no-porcelain no-force no-force-with-lease no-force-if-includes \
         no-recurse-submodules no-thin no-receive-pack no-exec no-set-upstream no-progress no-prune no-follow-tags \
         no-signed no-atomic no-push-option",
    ),
    (
        "rebase",
        "onto= keep-base no-verify quiet verbose no-stat signoff committer-date-is-author-date reset-author-date \
         ignore-date ignore-whitespace whitespace= force-rebase no-ff continue skip abort quit edit-todo \
         show-current-patch apply merge interactive preserve-merges rerere-autoupdate empty= keep-empty autosquash \
         update-refs gpg-sign autostash exec= allow-empty-message rebase-merges fork-point strategy= strategy-option= \
         root reschedule-failed-exec reapply-cherry-picks verify stat ff no-onto no-keep-base no-quiet no-verbose \
         no-signoff no-committer-date-is-author-date no-reset-author-date no-ignore-date no-ignore-whitespace \
         no-whitespace no-force-rebase no-preserve-merges no-rerere-autoupdate no-keep-empty no-autosquash \
         no-update-refs no-gpg-sign no-autostash no-exec no-allow-empty-message no-rebase-merges no-fork-point \
         no-strategy no-strategy-option no-root no-reschedule-failed-exec no-reapply-cherry-picks",
    ),
    (
        "reset",
        "quiet no-refresh mixed soft hard merge keep recurse-submodules patch intent-to-add pathspec-from-file= \
         pathspec-file-nul refresh no-quiet no-recurse-submodules no-patch no-intent-to-add no-pathspec-from-file \
         no-pathspec-file-nul",
    ),
    (
        "restore",
        "source= staged worktree ignore-unmerged overlay quiet recurse-submodules progress merge conflict= ours \
         theirs patch ignore-skip-worktree-bits pathspec-from-file= pathspec-file-nul no-source no-staged no-worktree \
         no-ignore-unmerged no-overlay no-quiet no-recurse-submodules no-progress no-merge no-conflict no-patch \
         no-ignore-skip-worktree-bits no-pathspec-from-file no-pathspec-file-nul",
    ),
    (
        "switch",
        "create= force-create= guess discard-changes quiet recurse-submodules progress merge conflict= detach track \
         force orphan= overwrite-ignore ignore-other-worktrees no-create no-force-create no-guess no-discard-changes \
         no-quiet no-recurse-submodules no-progress no-merge no-conflict no-detach no-track no-force no-orphan \
         no-overwrite-ignore no-ignore-other-worktrees",
    ),
    (
        "tag",
        "list delete verify annotate message= file= trailer= edit sign cleanup= local-user= force create-reflog \
         column contains no-contains with without merged no-merged omit-empty sort= points-at format= color \
         ignore-case no-annotate no-file no-edit no-sign no-cleanup no-local-user no-force no-create-reflog no-column \
         no-omit-empty no-sort no-points-at no-format no-color no-ignore-case",
    ),
    (
        "update-ref",
        "no-deref stdin create-reflog deref no-stdin no-create-reflog",
    ),
    (
        "worktree add",
        "force orphan detach checkout lock reason= quiet track guess-remote no-force no-orphan no-detach no-checkout \
         no-lock no-reason no-quiet no-track no-guess-remote",
    ),
    ("worktree remove", "force no-force"),
];

/// pip's general options, which every command takes too.
const PIP_GENERAL: &str = "help debug isolated require-virtualenv require-venv python= verbose version quiet log= log-file= local-log= \
     no-input keyring-provider= proxy= retries= timeout= default-timeout= exists-action= trusted-host= cert= \
     client-cert= cache-dir= no-cache-dir disable-pip-version-check no-color no-python-version-warning use-feature= \
     use-deprecated=";

/// pip's commands and their own options.
const PIP: &[(&str, &str)] = &[
    ("cache", "format="),
    ("completion", "bash zsh fish powershell"),
    ("config", "editor= global user site"),
    ("debug", "platform= python-version= implementation= abi="),
    (
        "download",
        "constraint= requirement= no-deps no-dependencies global-option= no-binary= only-binary= prefer-binary src= \
         source= source-dir= source-directory= pre require-hashes progress-bar= no-build-isolation use-pep517 \
         no-use-pep517 check-build-dependencies ignore-requires-python dest= destination-dir= destination-directory= \
         platform= python-version= implementation= abi= no-clean index-url= pypi-url= extra-index-url= no-index \
         find-links=",
    ),
    ("freeze", "requirement= local user path= all exclude-editable exclude="),
    ("hash", "algorithm="),
    (
        "index",
        "platform= python-version= implementation= abi= ignore-requires-python pre no-binary= only-binary= index-url= \
         pypi-url= extra-index-url= no-index find-links=",
    ),
    ("inspect", "local user path="),
    (
        "install",
        "requirement= constraint= no-deps no-dependencies pre editable= dry-run target= platform= python-version= \
         implementation= abi= user no-user root= prefix= src= source= source-dir= source-directory= upgrade \
         upgrade-strategy= force-reinstall ignore-installed ignore-requires-python no-build-isolation use-pep517 \
         no-use-pep517 check-build-dependencies break-system-packages config-settings= global-option= compile \
         no-compile no-warn-script-location no-warn-conflicts no-binary= only-binary= prefer-binary require-hashes \
         progress-bar= root-user-action= report= no-clean index-url= pypi-url= extra-index-url= no-index find-links=",
    ),
    (
        "list",
        "outdated uptodate editable local user path= pre format= not-required exclude-editable include-editable \
         exclude= index-url= pypi-url= extra-index-url= no-index find-links=",
    ),
    ("search", "index="),
    ("show", "files"),
    ("uninstall", "requirement= yes root-user-action= break-system-packages"),
    (
        "wheel",
        "wheel-dir= no-binary= only-binary= prefer-binary no-build-isolation use-pep517 no-use-pep517 \
         check-build-dependencies constraint= editable= requirement= src= source= source-dir= source-directory= \
         ignore-requires-python no-deps no-dependencies progress-bar= no-verify config-settings= build-option= \
         global-option= pre require-hashes no-clean index-url= pypi-url= extra-index-url= no-index find-links=",
    ),
];

/// awscli's general options (`awscli/data/cli.json`, and `--version`).
const AWS_GENERAL: &str = "ca-bundle= cli-auto-prompt cli-binary-format= cli-connect-timeout= cli-error-format= \
     cli-read-timeout= color= debug endpoint-url= no-cli-auto-prompt no-cli-pager no-paginate no-sign-request \
     no-verify-ssl output= profile= query= region= version";

/// The option awscli gives every service operation, whose JSON carries the others (the checks
/// read the policies in it): no operation's own option begins with `cli-`, so a beginning of it
/// is that option, but for `--cli-i`…`--cli-input`, which awscli 2 refuses as a beginning of
/// `--cli-input-yaml` too, and nothing runs.
const AWS_EVERY_OPERATION: &str = "cli-input-json=";

/// The `aws s3` commands' own options (`awscli/customizations/s3/subcommands.py`, and the sync
/// strategies' `--delete`, `--exact-timestamps` and `--size-only`). Those whose value is
/// optional (`--sse`) are listed as flags: a value after them is no option either way.
const AWS_S3: &[(&str, &str)] = &[
    (
        "cp",
        "acl= cache-control= case-conflict= checksum-algorithm= checksum-mode= content-disposition= \
         content-encoding= content-language= content-type= copy-props= dryrun exclude= expected-size= expires= \
         follow-symlinks force-glacier-transfer grants= ignore-glacier-warnings include= metadata-directive= \
         metadata= no-follow-symlinks no-guess-mime-type no-overwrite no-progress only-show-errors page-size= \
         progress-frequency= progress-multiline quiet recursive request-payer source-region= sse sse-c \
         sse-c-copy-source sse-c-copy-source-key= sse-c-key= sse-kms-key-id= storage-class= website-redirect=",
    ),
    (
        "ls",
        "bucket-name-prefix= bucket-region= human-readable page-size= recursive request-payer summarize",
    ),
    ("mb", "tags="),
    (
        "mv",
        "acl= cache-control= case-conflict= checksum-algorithm= checksum-mode= content-disposition= \
         content-encoding= content-language= content-type= copy-props= dryrun exclude= expires= follow-symlinks \
         force-glacier-transfer grants= ignore-glacier-warnings include= metadata-directive= metadata= \
         no-follow-symlinks no-guess-mime-type no-overwrite no-progress only-show-errors page-size= \
         progress-frequency= progress-multiline quiet recursive request-payer source-region= sse sse-c \
         sse-c-copy-source sse-c-copy-source-key= sse-c-key= sse-kms-key-id= storage-class= validate-same-s3-paths \
         website-redirect=",
    ),
    ("presign", "expires-in="),
    ("rb", "force"),
    (
        "rm",
        "dryrun exclude= include= only-show-errors page-size= quiet recursive request-payer",
    ),
    (
        "sync",
        "acl= cache-control= case-conflict= checksum-algorithm= checksum-mode= content-disposition= \
         content-encoding= content-language= content-type= copy-props= delete dryrun exact-timestamps exclude= \
         expires= follow-symlinks force-glacier-transfer grants= ignore-glacier-warnings include= \
         metadata-directive= metadata= no-follow-symlinks no-guess-mime-type no-overwrite no-progress \
         only-show-errors page-size= progress-frequency= progress-multiline quiet request-payer size-only \
         source-region= sse sse-c sse-c-copy-source sse-c-copy-source-key= sse-c-key= sse-kms-key-id= \
         storage-class= website-redirect=",
    ),
    ("website", "error-document= index-document="),
];

/// s3cmd 2.4's options (its `optparser.add_option` calls, as optparse lists them).
const S3CMD: &str = "access-logging-target-prefix= access_key= access_token= acl-grant= acl-private acl-public \
     acl-revoke= add-destination= add-encoding-exts= add-header= bucket-location= ca-certs= cache-file= \
     cf-add-cname= cf-comment= cf-default-root-object= cf-invalidate cf-invalidate-default-index \
     cf-no-invalidate-default-index-root cf-remove-cname= check-certificate check-hostname check-md5 \
     config= configure content-disposition= content-type= continue continue-put debug default-mime-type= \
     delay-updates delete-after delete-after-fetch delete-removed disable disable-multipart dry-run \
     dump-config enable encoding= encrypt exclude-from= exclude= expiry-date= expiry-days= expiry-prefix= \
     files-from= follow-symlinks force guess-mime-type help host-bucket= host= human-readable-sizes \
     include-from= include= keep-dirs limit-rate= limit= list-allow-unordered list-md5 long-listing \
     max-delete= max-retries= mime-type= multipart-chunk-size-mb= no-access-logging no-check-certificate \
     no-check-hostname no-check-md5 no-connection-pooling no-delete-removed no-encrypt no-guess-mime-type \
     no-mime-magic no-preserve no-progress no-reduced-redundancy no-rr no-ssl preserve progress quiet \
     recursive reduced-redundancy region= remove-header= requester-pays restore-days= restore-priority= \
     rexclude-from= rexclude= rinclude-from= rinclude= rr secret_key= server-side-encryption \
     server-side-encryption-kms-id= signature-v2 skip-destination-validation skip-existing ssl ssl-cert= \
     ssl-key= stats stop-on-error storage-class= upload-id= verbatim verbose version ws-error= ws-index=";

/// duplicity 3.2's options (`cli_data.OptionKwargs` and the help options, as its parsers list them).
const DUPLICITY: &str = "allow-source-mismatch archive-dir= asynchronous-upload azure-blob-tier= azure-max-block-size= \
     azure-max-connections= azure-max-single-put-size= b2-hide-files backend-retry-delay= cf-backend= \
     check-remote compare-data compression concurrency= config-dir= copy-blocksize= copy-links \
     current-time= dry-run encrypt-key= encrypt-secret-keyring= encrypt-sign-key= encryption \
     exclude-device-files exclude-filelist= exclude-if-present= exclude-older-than= \
     exclude-other-filesystems exclude-regexp= exclude= file-changed= file-prefix-archive= \
     file-prefix-jsonstat= file-prefix-manifest= file-prefix-signature= file-prefix= files-changed \
     files-from= filter-globbing filter-ignorecase filter-literal filter-regexp filter-strictcase force \
     ftp-passive ftp-regular full-if-n-inc= full-if-older-than= gpg-binary= gpg-options= help help-backup \
     help-cleanup help-collection-status help-full help-inc help-list-current-files \
     help-remove-all-but-n-full help-remove-all-inc-of-but-n-full help-remove-older-than help-restore \
     help-urls help-verify hidden-encrypt-key= idr-fakeroot= ignore-errors imap-full-address \
     imap-mailbox= include-filelist= include-regexp= include= jsonstat log-fd= log-file= log-timestamp \
     max-blocksize= metadata-sync-mode= mf-purge mp-segment-size= name= no-check-remote no-compression \
     no-encryption no-files-changed no-print-statistics no-restore-ownership null-separator num-retries= \
     numeric-owner par2-options= par2-redundancy= par2-volumes= path-to-restore= print-statistics \
     progress progress-rate= pydevd rename= restore-ownership restore-time= rsync-options= \
     s3-endpoint-url= s3-kms-grant= s3-kms-key-id= s3-multipart-chunk-size= s3-multipart-max-procs= \
     s3-region-name= s3-unencrypted-connection s3-use-deep-archive s3-use-glacier s3-use-glacier-ir \
     s3-use-ia s3-use-onezone-ia s3-use-rrs s3-use-server-side-encryption \
     s3-use-server-side-kms-encryption scp-command= sftp-command= show-changes-in-set= sign-key= \
     skip-if-no-change skip-volume= ssh-askpass ssh-options= ssl-cacert-file= ssl-cacert-path= \
     ssl-no-check-certificate swift-storage-policy= tempdir= time-separator= time= timeout= use-agent \
     use-gpgsm verbosity= version volsize= webdav-headers=";

/// rdiff-backup's options as its deprecated interface reads them, one argparse parser for every
/// word (`get_parser_compat200` in `rdiffbackup/arguments.py`, with the generic and the actions'
/// parent parsers it is given): rdiff-backup 2.2's. `--remove-older-than` is the one the checks
/// read (`--remov 2W` is it). The newer interface (`rdiff-backup remove increments
/// --older-than 2W`), chosen by an action's name among the words, has none of these but its
/// general ones, and refuses the rest.
const RDIFF_BACKUP: &str = "acls allow-duplicate-timestamps api-version= backup-mode calculate-average carbonfile \
     chars-to-quote= check-destination-dir compare compare-at-time= compare-full compare-full-at-time= compare-hash \
     compare-hash-at-time= compare-inode compression create-full-path current-time= eas exclude-device-files \
     exclude-fifos exclude-filelist-stdin exclude-filelist= exclude-globbing-filelist-stdin \
     exclude-globbing-filelist= exclude-if-present= exclude-other-filesystems exclude-regexp= exclude-sockets \
     exclude-special-files exclude-symbolic-links exclude= file-statistics force fsync group-mapping-file= \
     hard-links help include-device-files include-fifos include-filelist-stdin include-filelist= \
     include-globbing-filelist-stdin include-globbing-filelist= include-if-present= include-other-filesystems \
     include-regexp= include-sockets include-special-files include-symbolic-links include= list-at-time= \
     list-changed-since= list-increment-sizes list-increments max-file-size= min-file-size= never-drop-acls new \
     no-acls no-carbonfile no-compare-inode no-compression no-compression-regexp= no-eas no-file-statistics \
     no-fsync no-hard-links no-new no-print-statistics no-resource-forks no-ssh-compression not-compressed-regexp= \
     null-separator override-chars-to-quote= parsable-output preserve-numerical-ids print-statistics remote-schema= \
     remote-tempdir= remove-older-than= resource-forks restore restore-as-of= restrict-mode= restrict-path= \
     restrict-read-only= restrict-update-only= restrict= server ssh-compression ssh-no-compression tempdir= \
     terminal-verbosity= test-server use-compatible-timestamps user-mapping-file= verbosity= verify verify-at-time= \
     version";

/// The Backblaze CLI's general options (`B2.create_parser` in `b2/_internal/console_tool.py`):
/// each command's parser has the rest.
const B2_GENERAL: &str = "help help-all";

/// The b2 commands whose options the checks read: `sync`'s `--delete` and `--dry-run`, and the
/// uploads' options that take a value, which stand between it and the operands. The b2 package
/// 5.0's parsers, its interface version 3's (`b2v3`, with the camel-case spellings of b2 3.x,
/// `--dryRun`) together with its current one's, whose names are among them: a beginning of
/// one name of both is that name in either.
const B2: &[(&str, &str)] = &[
    ("sync", B2_SYNC),
    ("upload-file", B2_UPLOAD),
    ("upload_file", B2_UPLOAD),
    ("file upload", B2_UPLOAD),
];

const B2_SYNC: &str = "allow-empty-source allowEmptySource compare-threshold= compare-versions= compareThreshold= \
     compareVersions= debug-logs debugLogs delete destination-server-side-encryption-algorithm= \
     destination-server-side-encryption= destinationServerSideEncryption= destinationServerSideEncryptionAlgorithm= \
     download-threads= downloadThreads= dry-run dryRun escape-control-characters exclude-all-symlinks \
     exclude-dir-regex= exclude-if-modified-after= exclude-if-uploaded-after= exclude-regex= excludeAllSymlinks \
     excludeDirRegex= excludeIfModifiedAfter= excludeIfUploadedAfter= excludeRegex= help include-regex= \
     includeRegex= incremental-mode incrementalMode keep-days= keepDays= log-config= logConfig= \
     max-download-streams-per-file= maxDownloadStreamsPerFile= no-escape-control-characters no-progress noProgress \
     profile= quiet replace-newer replaceNewer skip-hash-verification skip-newer skipHashVerification skipNewer \
     source-server-side-encryption-algorithm= source-server-side-encryption= sourceServerSideEncryption= \
     sourceServerSideEncryptionAlgorithm= sync-threads= syncThreads= threads= upload-threads= uploadThreads= \
     verbose write-buffer-size= writeBufferSize=";

const B2_UPLOAD: &str = "cache-control= cacheControl= content-disposition= content-encoding= content-language= \
     content-type= contentDisposition= contentEncoding= contentLanguage= contentType= custom-upload-timestamp= \
     customUploadTimestamp= debug-logs debugLogs destination-server-side-encryption-algorithm= \
     destination-server-side-encryption= destinationServerSideEncryption= destinationServerSideEncryptionAlgorithm= \
     escape-control-characters expires= file-retention-mode= fileRetentionMode= help incremental-mode \
     incrementalMode info= legal-hold= legalHold= log-config= logConfig= min-part-size= minPartSize= \
     no-escape-control-characters no-progress noProgress profile= quiet retain-until= retainUntil= sha1= threads= \
     verbose";

/// The options of az's commands that the checks read (`checks/cloud.rs`, `checks/cloud_exposure`
/// and its `network`): what makes a container public, a role granted, a firewall or security rule
/// open, and `--dryrun`, which only lists what `delete-batch` would delete.
const AZ_READ: &str = "access= allow-blob-public-access= destination-port-range= destination-port-ranges= \
     direction= dryrun end-ip-address= port= protocol= public-access= role= source-address-prefix= \
     source-address-prefixes= start-ip-address=";

/// conda's general options, all flags, which its main parser reads before the command
/// (`generate_parser` and `generate_pre_parser` in `conda/cli/conda_argparse.py`).
const CONDA_GENERAL: &str = "debug help json no-plugins trace verbose version";

/// The conda commands the checks read, and their options: conda 26.7's `configure_parser` of
/// each (`conda/cli/main_*.py`), with the helpers of `conda/cli/helpers.py` they call and the
/// `--help` every parser has. Options whose value may be left out (`config --show`) are listed
/// as flags. Of conda 4.6, 4.14, 23.1, 24.1 and 25.1, no beginning written out here names
/// another option, but `--experimental`'s, which named `--experimental-solver`.
const CONDA: &[(&str, &str)] = &[
    ("create", CONDA_CREATE),
    ("install", CONDA_INSTALL),
    ("update", CONDA_UPDATE),
    ("upgrade", CONDA_UPDATE),
    ("remove", CONDA_REMOVE),
    ("uninstall", CONDA_REMOVE),
    ("env remove", CONDA_ENV_REMOVE),
    (
        "config",
        "add= append= clear= console= debug describe env file= force get help json name= prefix= prepend= quiet \
         remove-key= remove= set= show show-sources stdin system trace validate verbose write-default",
    ),
    (
        "run",
        "cwd= debug debug-wrapper-scripts dev help live-stream name= no-capture-output prefix= trace verbose",
    ),
];

const CONDA_CREATE: &str = "channel-priority channel= clobber clone= console= copy debug dev download-only dry-run \
     env-spec= environment-specifier= exclude-newer= experimental= file= force force-pscheck format= help insecure json \
     name= no-channel-priority no-default-packages no-deps no-lock no-pin no-shortcuts no-show-channel-urls offline \
     only-deps override-channels platform= prefix= quiet repodata-fn= repodata-use-shards repodata-use-zst shortcuts \
     shortcuts-only= show-channel-urls solver= strict-channel-priority subdir= trace unknown use-index-cache use-local \
     verbose yes";

const CONDA_INSTALL: &str = "all channel-priority channel= clobber console= copy debug dev download-only dry-run \
     env-spec= environment-specifier= exclude-newer= experimental= file= force force-pscheck force-reinstall format= \
     freeze-installed help insecure json name= no-channel-priority no-deps no-lock no-pin no-shortcuts \
     no-show-channel-urls no-update-deps offline only-deps override-channels override-frozen prefix= prune quiet \
     repodata-fn= repodata-use-shards repodata-use-zst revision= satisfied-skip-solve shortcuts shortcuts-only= \
     show-channel-urls solver= strict-channel-priority trace unknown update-all update-deps update-specs \
     use-index-cache use-local verbose yes";

const CONDA_UPDATE: &str = "all channel-priority channel= clobber console= copy debug download-only dry-run env-spec= \
     environment-specifier= exclude-newer= experimental= file= force force-pscheck force-reinstall format= \
     freeze-installed help insecure json name= no-channel-priority no-deps no-lock no-pin no-shortcuts \
     no-show-channel-urls no-update-deps offline only-deps override-channels override-frozen prefix= prune quiet \
     repodata-fn= repodata-use-shards repodata-use-zst satisfied-skip-solve shortcuts shortcuts-only= \
     show-channel-urls solver= strict-channel-priority trace unknown update-all update-deps update-specs \
     use-index-cache use-local verbose yes";

const CONDA_REMOVE: &str = "all channel= console= debug dev dry-run experimental= features force force-pscheck \
     force-remove help insecure json keep-env name= no-lock no-pin offline override-channels override-frozen prefix= \
     prune quiet repodata-fn= repodata-use-shards repodata-use-zst solver= trace use-index-cache use-local verbose \
     yes";

const CONDA_ENV_REMOVE: &str =
    "console= debug dry-run help json name= override-frozen prefix= quiet solver= trace verbose yes";

/// twine's general options (`twine/cli.py`'s `dispatch`).
const TWINE_GENERAL: &str = "help no-color version";

/// twine's commands and their options (`Settings.register_argparse_arguments` in
/// `twine/settings.py`, and `twine/commands/check.py`), twine 7.0's.
const TWINE: &[(&str, &str)] = &[
    (
        "upload",
        "attestations cert= client-cert= comment= config-file= disable-progress-bar help identity= \
         non-interactive password= repository-url= repository= sign sign-with= skip-existing username= verbose",
    ),
    ("check", "help strict"),
];

/// The names of npm's configuration, each an option (`--registry`): npm 11's definitions, `=`
/// after those that are not flags.
const NPM_OPTIONS: &str = "_auth= access= all allow-directory= allow-file= allow-git= allow-remote= allow-same-version \
     allow-scripts-pending allow-scripts-pin allow-scripts= also= audit audit-level= auth-type= before= bin-links \
     browser= bypass-2fa ca= cache-max= cache-min= cache= cafile= call= cert= cidr= color= commit-hooks cpu= \
     dangerously-allow-all-scripts depth= description dev diff-dst-prefix= diff-ignore-all-space diff-name-only \
     diff-no-prefix diff-src-prefix= diff-text diff-unified= diff= dry-run editor= engine-strict expect-result-count= \
     expect-results expires= fetch-retries= fetch-retry-factor= fetch-retry-maxtimeout= fetch-retry-mintimeout= \
     fetch-timeout= force foreground-scripts format-package-lock fund git-tag-version git= global global-style \
     globalconfig= heading= https-proxy= if-present ignore-scripts include-attestations include-staged \
     include-workspace-root include= init-author-email= init-author-name= init-author-url= init-license= init-module= \
     init-private init-type= init-version= init.author.email= init.author.name= init.author.url= init.license= \
     init.module= init.version= install-links install-strategy= json key= legacy-bundling legacy-peer-deps libc= link \
     local-address= location= lockfile-version= loglevel= logs-dir= logs-max= long maxsockets= message= \
     min-release-age-exclude= min-release-age= name= node-gyp= node-options= noproxy= offline \
     omit-lockfile-registry-resolved omit= only= optional orgs-permission= orgs= os= otp= pack-destination= \
     package-lock package-lock-only package= packages-all packages-and-scopes-permission= packages= parseable \
     password= prefer-dedupe prefer-offline prefer-online prefix= preid= production progress provenance \
     provenance-file= proxy= read-only rebuild-bundle registry= replace-registry-host= save save-bundle save-dev \
     save-exact save-optional save-peer save-prefix= save-prod sbom-format= sbom-type= scope= scopes= script-shell= \
     searchexclude= searchlimit= searchopts= searchstaleness= shell= shrinkwrap sign-git-commit sign-git-tag \
     strict-allow-scripts strict-peer-deps strict-ssl tag-version-prefix= tag= timing token-description= umask= \
     unicode update-notifier usage user-agent= userconfig= version versions viewer= which= workspace= workspaces \
     workspaces-update yes";

/// npm's commands (npm 11's `lib/utils/cmd-list.js`).
const NPM_COMMANDS: &str = "access adduser approve-scripts audit bugs cache ci completion config dedupe deny-scripts deprecate diff dist-tag \
     docs doctor edit exec explain explore find-dupes fund get help help-search init install install-ci-test \
     install-scripts install-test link ll login logout ls org outdated owner pack ping pkg prefix profile prune \
     publish query rebuild repo restart root run sbom search set shrinkwrap stage star stars start stop team test \
     token trust undeprecate uninstall unpublish unstar update version view whoami";

/// npm's aliases of its commands, typos included, and the command each stands for.
const NPM_ALIASES: &[(&str, &str)] = &[
    ("author", "owner"),
    ("home", "docs"),
    ("issues", "bugs"),
    ("info", "view"),
    ("show", "view"),
    ("find", "search"),
    ("add", "install"),
    ("unlink", "uninstall"),
    ("remove", "uninstall"),
    ("rm", "uninstall"),
    ("r", "uninstall"),
    ("un", "uninstall"),
    ("rb", "rebuild"),
    ("list", "ls"),
    ("ln", "link"),
    ("create", "init"),
    ("i", "install"),
    ("it", "install-test"),
    ("cit", "install-ci-test"),
    ("u", "update"),
    ("up", "update"),
    ("c", "config"),
    ("s", "search"),
    ("se", "search"),
    ("tst", "test"),
    ("t", "test"),
    ("ddp", "dedupe"),
    ("v", "view"),
    ("run-script", "run"),
    ("clean-install", "ci"),
    ("clean-install-test", "install-ci-test"),
    ("x", "exec"),
    ("why", "explain"),
    ("la", "ll"),
    ("verison", "version"),
    ("ic", "ci"),
    ("innit", "init"),
    ("in", "install"),
    ("ins", "install"),
    ("inst", "install"),
    ("insta", "install"),
    ("instal", "install"),
    ("isnt", "install"),
    ("isnta", "install"),
    ("isntal", "install"),
    ("isntall", "install"),
    ("install-clean", "ci"),
    ("isntall-clean", "ci"),
    ("hlep", "help"),
    ("dist-tags", "dist-tag"),
    ("upgrade", "update"),
    ("udpate", "update"),
    ("rum", "run"),
    ("sit", "install-ci-test"),
    ("urn", "run"),
    ("ogr", "org"),
    ("add-user", "adduser"),
];

/// npm's shorthands of more than one letter that stand for one option (its
/// `definitions/index.js`).
const NPM_SHORTHANDS: &[(&str, &str)] = &[
    ("reg", "registry"),
    ("desc", "description"),
    ("readonly", "read-only"),
    ("porcelain", "parseable"),
    ("iwr", "include-workspace-root"),
    ("ws", "workspaces"),
    ("enjoy-by", "before"),
    ("local", "no-global"),
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::Span;

    fn spelled(line: &str) -> String {
        let argv: Vec<Word> = line.split(' ').map(|w| Word::literal(w, Span::default())).collect();
        let name = crate::command::program_name(&argv[0]);
        spelled_out(&name, argv)
            .iter()
            .map(Word::text)
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[test]
    fn git_takes_the_only_option_a_beginning_names() {
        assert_eq!(spelled("git reset --h HEAD~1"), "git reset --hard HEAD~1");
        assert_eq!(
            spelled("git -C repo push --force-w=main"),
            "git -C repo push --force-with-lease=main"
        );
        assert_eq!(spelled("git commit --no-verif"), "git commit --no-verify");
        assert_eq!(spelled("git worktree remove --f wt"), "git worktree remove --force wt");
        assert_eq!(
            spelled("git config --glob --unset-a k"),
            "git config --global --unset-all k"
        );
    }

    #[test]
    fn git_leaves_what_it_refuses_or_never_abbreviates() {
        // Ambiguous: `--force`, `--force-with-lease`, `--force-if-includes`; `--no-verbose`, `--no-verify`.
        assert_eq!(spelled("git push --forc"), "git push --forc");
        assert_eq!(spelled("git commit --no-ver"), "git commit --no-ver");
        // cherry-pick keeps unknown options, which turns abbreviations off; so do global ones.
        assert_eq!(spelled("git cherry-pick --ff x"), "git cherry-pick --ff x");
        assert_eq!(spelled("git --no-pa log"), "git --no-pa log");
        // The value of an option that takes one, and what follows `--`, are no options.
        assert_eq!(spelled("git commit --mess --al"), "git commit --message --al");
        assert_eq!(spelled("git checkout -- --ours"), "git checkout -- --ours");
    }

    #[test]
    fn pip_reads_general_options_before_the_command() {
        assert_eq!(
            spelled("pip --isol install --index-ur u x"),
            "pip --isolated install --index-url u x"
        );
        assert_eq!(
            spelled("pip3.12 install --extra-index=u x"),
            "pip3.12 install --extra-index-url=u x"
        );
        assert_eq!(spelled("pip install --in u x"), "pip install --index-url u x");
        // `--no-deps` and `--no-dependencies`.
        assert_eq!(spelled("pip install --no-dep x"), "pip install --no-dep x");
    }

    #[test]
    fn az_options_the_checks_read_by_any_beginning() {
        assert_eq!(
            spelled("az storage container create -n c --public blob"),
            "az storage container create -n c --public-access blob"
        );
        assert_eq!(
            spelled("az role assignment create --ro Owner --assignee x"),
            "az role assignment create --role Owner --assignee x"
        );
        assert_eq!(
            spelled("az sql server firewall-rule create --start-ip 0.0.0.0 --end 255.255.255.255"),
            "az sql server firewall-rule create --start-ip-address 0.0.0.0 --end-ip-address 255.255.255.255"
        );
        // `--source-address-pre` begins two names, and `--name` is left alone.
        assert_eq!(
            spelled("az network nsg rule create --source-address-pre '*' --name r"),
            "az network nsg rule create --source-address-pre '*' --name r"
        );
    }

    #[test]
    fn s3cmd_options_by_any_beginning_wherever_they_are() {
        assert_eq!(
            spelled("s3cmd sync ./site s3://www --delete-rem --acl-pub"),
            "s3cmd sync ./site s3://www --delete-removed --acl-public"
        );
        assert_eq!(
            spelled("s3cmd rb --recur --for s3://b"),
            "s3cmd rb --recursive --force s3://b"
        );
        // `--fo` begins `--follow-symlinks` and `--force`: s3cmd refuses it.
        assert_eq!(spelled("s3cmd rb --fo s3://b"), "s3cmd rb --fo s3://b");
    }

    #[test]
    fn duplicity_options_by_any_beginning() {
        assert_eq!(
            spelled("duplicity remove-older-than 1M --fo file:///b"),
            "duplicity remove-older-than 1M --force file:///b"
        );
        // `--f` begins `--file-changed`, `--force` and more.
        assert_eq!(
            spelled("duplicity cleanup --f file:///b"),
            "duplicity cleanup --f file:///b"
        );
    }

    #[test]
    fn rdiff_backup_options_by_any_beginning() {
        assert_eq!(
            spelled("rdiff-backup --remov 2W /b"),
            "rdiff-backup --remove-older-than 2W /b"
        );
        assert_eq!(
            spelled("rdiff-backup --force --remove-o=2W /b"),
            "rdiff-backup --force --remove-older-than=2W /b"
        );
        // `--rem` begins `--remote-schema`, `--remote-tempdir` and `--remove-older-than`.
        assert_eq!(spelled("rdiff-backup --rem 2W /b"), "rdiff-backup --rem 2W /b");
    }

    #[test]
    fn b2_general_options_then_the_commands_own() {
        assert_eq!(
            spelled("b2 sync --del --keep-d 3 ./site b2://bucket"),
            "b2 sync --delete --keep-days 3 ./site b2://bucket"
        );
        assert_eq!(
            spelled("b2 file upload --content-t text/plain bucket ./f f"),
            "b2 file upload --content-type text/plain bucket ./f f"
        );
        // `--dry` begins `--dry-run` and `--dryRun`, `--keep` `--keep-days` and `--keepDays`;
        // before the command only `--help` and `--help-all` are read; a command whose options
        // no check reads is left as it is.
        assert_eq!(
            spelled("b2 sync --dry --delete ./site b2://bucket"),
            "b2 sync --dry --delete ./site b2://bucket"
        );
        assert_eq!(spelled("b2 --del sync a b"), "b2 --del sync a b");
        assert_eq!(spelled("b2 sync --keep 3 a b"), "b2 sync --keep 3 a b");
        assert_eq!(spelled("b2 ls --rec b2://bucket"), "b2 ls --rec b2://bucket");
    }

    #[test]
    fn aws_general_options_first_then_the_s3_commands_own() {
        assert_eq!(
            spelled("aws --reg eu-west-1 s3 rm s3://b --recur"),
            "aws --region eu-west-1 s3 rm s3://b --recursive"
        );
        assert_eq!(
            spelled("aws s3 sync . s3://b --del --dry"),
            "aws s3 sync . s3://b --delete --dryrun"
        );
        assert_eq!(spelled("aws s3 rb s3://b --f"), "aws s3 rb s3://b --force");
        // `--re` begins `--region` only among the general options, read first.
        assert_eq!(spelled("aws s3 rm s3://b --re x"), "aws s3 rm s3://b --region x");
        // `--ex` begins `--exact-timestamps` and `--exclude`; `--no-` several general options.
        assert_eq!(spelled("aws s3 sync . s3://b --ex x"), "aws s3 sync . s3://b --ex x");
        assert_eq!(spelled("aws s3 rm s3://b --no-"), "aws s3 rm s3://b --no-");
        // Only the operations whose options the checks read are known.
        assert_eq!(
            spelled("aws ec2 terminate-instances --instance-ids i-1 --dry"),
            "aws ec2 terminate-instances --instance-ids i-1 --dry"
        );
    }

    #[test]
    fn aws_service_operations_own_options_by_their_beginning() {
        assert_eq!(
            spelled("aws rds modify-db-instance --db-instance-identifier x --backup-retention 0"),
            "aws rds modify-db-instance --db-instance-identifier x --backup-retention-period 0"
        );
        assert_eq!(
            spelled("aws s3api put-object --bucket b --key k --ac public-read"),
            "aws s3api put-object --bucket b --key k --acl public-read"
        );
        assert_eq!(
            spelled("aws iam attach-user-policy --user-name u --policy x"),
            "aws iam attach-user-policy --user-name u --policy-arn x"
        );
        assert_eq!(
            spelled("aws ssm get-parameter --name x --with-decrypt"),
            "aws ssm get-parameter --name x --with-decryption"
        );
        // A name in full is that option, though it begins another (`--policy`, `--grant-read`).
        assert_eq!(
            spelled("aws s3api put-bucket-policy --bucket b --policy file://p.json"),
            "aws s3api put-bucket-policy --bucket b --policy file://p.json"
        );
        assert_eq!(
            spelled("aws s3api put-object-acl --bucket b --key k --grant-read x"),
            "aws s3api put-object-acl --bucket b --key k --grant-read x"
        );
        // Every operation's `--cli-input-json`, which carries the others.
        assert_eq!(
            spelled("aws s3api put-bucket-policy --cli-input-j file://in.json"),
            "aws s3api put-bucket-policy --cli-input-json file://in.json"
        );
        // `--grant-r` begins `--grant-read` and `--grant-read-acp`: awscli refuses it.
        assert_eq!(
            spelled("aws s3api put-object-acl --bucket b --key k --grant-r x"),
            "aws s3api put-object-acl --bucket b --key k --grant-r x"
        );
    }

    #[test]
    fn aws_operations_are_sorted_for_their_binary_search() {
        let names: Vec<&str> = aws_operations::AWS_OPERATIONS.iter().map(|(name, _)| *name).collect();
        assert!(names.windows(2).all(|pair| pair[0] < pair[1]));
    }

    /// Every option a check reads of an aws service operation is in that operation's table (or
    /// every operation's, or the general ones), so that its beginnings are read as it: the
    /// corpus stops each such operation by the options that make a check stop it, and an
    /// option is read when giving its value to an option of another name changes the verdict
    /// (`--filter file://…` is read as a file whatever the option).
    #[test]
    fn aws_operations_hold_every_option_the_checks_read() {
        let context = crate::Context::example();
        let judged = |command: &str| {
            let verdict = crate::analyze::analyze(command, &context);
            let rules: Vec<&str> = verdict.findings.iter().map(|finding| finding.rule.id).collect();
            (verdict.decision, rules, verdict.analysis)
        };
        let folder = concat!(env!("CARGO_MANIFEST_DIR"), "/corpus");
        let mut cases = Vec::new();
        for entry in std::fs::read_dir(folder).expect("the corpus folder") {
            let text = std::fs::read_to_string(entry.expect("a corpus file").path()).expect("a corpus file");
            cases.extend(text.lines().filter_map(|line| {
                let (header, command) = line.split_once(": ")?;
                (["deny", "ask"].contains(&header.split(' ').next()?) && command.starts_with("aws "))
                    .then(|| command.to_owned())
            }));
        }
        let mut missing = Vec::new();
        for command in &cases {
            let (decision, rules, analysis) = judged(command);
            if decision == crate::Decision::Allow {
                continue;
            }
            let Some(aws) = analysis.commands.iter().find(|found| found.name == "aws") else {
                continue;
            };
            let Some(tool) = super::super::tool("aws") else {
                continue;
            };
            let words = super::super::read_as(tool, aws.args()).words();
            let (Some(&service), Some(&operation)) = (words.first(), words.get(1)) else {
                continue;
            };
            let name = format!("{service} {operation}");
            if service == "s3" || name.contains(['$', '`']) {
                continue;
            }
            let table = aws_operations::AWS_OPERATIONS
                .iter()
                .find(|(operation, _)| *operation == name)
                .map_or("", |(_, options)| *options);
            let known = Names(&[table, AWS_EVERY_OPERATION, AWS_GENERAL]);
            for word in aws.args() {
                let Some(option) = word.text().strip_prefix("--") else {
                    continue;
                };
                let option = option.split('=').next().unwrap_or(option);
                if known.names().any(|name| name == option) {
                    continue;
                }
                let written = &command[word.span.start..word.span.end];
                let value = written.find('=').map_or("", |at| &written[at..]);
                let renamed = format!(
                    "{}--x-unread{value}{}",
                    &command[..word.span.start],
                    &command[word.span.end..]
                );
                let (decision_without, rules_without, _) = judged(&renamed);
                if (decision_without, rules_without) != (decision, rules.clone()) {
                    missing.push(format!("{name}: --{option} (`{command}`)"));
                }
            }
        }
        assert!(
            missing.is_empty(),
            "options a check reads, missing from aws_operations.rs: {missing:#?}"
        );
    }

    #[test]
    fn conda_general_options_then_the_commands_own() {
        assert_eq!(spelled("conda remove -n base --al"), "conda remove -n base --all");
        assert_eq!(
            spelled("conda --no-pl uninstall --na=base conda"),
            "conda --no-plugins uninstall --name=base conda"
        );
        assert_eq!(
            spelled("conda config --se ssl_verify false"),
            "conda config --set ssl_verify false"
        );
        assert_eq!(spelled("conda env remove --n base"), "conda env remove --name base");
        // `--chan` begins `--channel` and `--channel-priority`; `--forc` `--force`,
        // `--force-pscheck` and `--force-remove`; `--n` `--name`, `--no-lock` and `--no-pin`.
        assert_eq!(
            spelled("conda install --chan someone x --insec"),
            "conda install --chan someone x --insecure"
        );
        assert_eq!(spelled("conda remove --forc --n x"), "conda remove --forc --n x");
        // `conda run`'s options end at the program it runs.
        assert_eq!(
            spelled("conda run --na base python --he"),
            "conda run --name base python --he"
        );
    }

    #[test]
    fn twine_general_options_then_the_commands_own() {
        assert_eq!(spelled("twine upload --he dist/x"), "twine upload --help dist/x");
        assert_eq!(
            spelled("twine --no-c upload --skip --repository-u https://u dist/x"),
            "twine --no-color upload --skip-existing --repository-url https://u dist/x"
        );
        // `--repo` begins `--repository` and `--repository-url`.
        assert_eq!(
            spelled("twine upload --repo testpypi dist/x"),
            "twine upload --repo testpypi dist/x"
        );
    }

    #[test]
    fn gcloud_options_only_in_full() {
        assert_eq!(
            spelled("gcloud projects add-iam-policy-binding p --mem=allUsers --ro=roles/owner"),
            "gcloud projects add-iam-policy-binding p --mem=allUsers --ro=roles/owner"
        );
    }

    #[test]
    fn npm_commands_and_options() {
        assert_eq!(spelled("npm pub"), "npm publish");
        assert_eq!(spelled("npm --reg u unpub x"), "npm --registry u unpublish x");
        assert_eq!(spelled("npm distTag rm x beta"), "npm dist-tag rm x beta");
        assert_eq!(spelled("npm dist-tags rm x beta"), "npm dist-tag rm x beta");
        assert_eq!(
            spelled("npm install --strict-s=false"),
            "npm install --strict-ssl=false"
        );
        assert_eq!(spelled("npm --strict-ssl false i"), "npm --strict-ssl false install");
        assert_eq!(spelled("npm -gD install"), "npm -gD install");
        // Ambiguous: `pack`, `ping`, `pkg`, `prefix`, `profile`, `prune`, `publish`.
        assert_eq!(spelled("npm p"), "npm p");
        assert_eq!(spelled("npm publish --no-strict"), "npm publish --no-strict");
    }
}
