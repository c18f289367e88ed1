//! Sync and backup tools as deleters: a sync that deletes what its source lacks, a move that
//! deletes a remote source once copied (`rclone move`), a delete of remote storage (`rclone`,
//! `gsutil`, `gcloud storage`, `azcopy`, `aws s3 sync --delete`), and
//! the deletion of backups themselves (`restic forget`, `borg delete`, `vssadmin delete
//! shadows`, `btrfs subvolume delete` of a snapshot). A local destination is judged like `rm -r` of its contents, as `rsync --delete`
//! is; a remote one cannot be seen from here, so it asks, and its whole root is denied, as is
//! a whole backup repository or every shadow copy.

use super::{ASK, Applies, Checker, DENY, Report, Subject};
use crate::args::{self, Options, Parsed};
use crate::links::Last;
use crate::paths::{self, Target};
use crate::rules::Rule;
use crate::word::Word;

pub const CHECKER: Checker = Checker {
    rules: &[&REMOTE_DELETE, &BACKUP_DELETE, &BACKUPS_DESTROYED],
    applies: Applies::Commands(&[
        "rclone",
        "gsutil",
        "gcloud",
        "azcopy",
        "s3cmd",
        "s5cmd",
        "mc",
        "b2",
        "timeshift",
        "snapper",
        "aws",
        "restic",
        "rustic",
        "borg",
        "kopia",
        "duplicity",
        "rdiff-backup",
        "tarsnap",
        "tmutil",
        "vssadmin",
        "wmic",
        "wbadmin",
        "lftp",
        "btrfs",
    ]),
    check,
    whole_analysis: None,
};

pub static REMOTE_DELETE: Rule = Rule {
    id: "remote-delete",
    decision: ASK,
    catches: "Deleting files in cloud storage or on another machine by a sync, a move or a delete: `rsync --delete` to `host:path`, `rsync --remove-source-files` from `host:path`, `rclone sync|purge|delete`, `rclone move|moveto` from a remote, `rclone cleanup` (its trash and old versions), `gsutil rsync -d`, `gsutil rm -r` (or of a wildcard, as `gs://b/**`), `gcloud storage rsync --delete-unmatched-destination-objects`, `gcloud storage rm` of a wildcard, `s5cmd rm` of a wildcard, `s3cmd rb -r`, `azcopy sync --delete-destination=true`, `azcopy remove --recursive`, `aws s3 sync --delete`, `s3cmd sync --delete-removed`, `mc mirror --remove`, `mc rm -r --force`, `mc rb --force` (the bucket and every object in it), `b2 sync --delete`, `lftp mirror -R --delete`, lftp's `rm -r` and `mrm`. What is lost there cannot be seen from here.",
    instead: "Run it without deleting first (`rclone sync --dry-run`, `gsutil rsync -n`, `aws s3 sync --dryrun`), show the user what would go, and let them run it",
    examples: &[
        "rclone sync ./out remote:backup",
        "rsync -avz --delete dist/ deploy@web:/var/www/site/",
        "rclone purge remote:bucket/old",
        "rclone delete s3:bucket/logs --min-age 30d",
        "rclone move remote:inbox ./inbox",
        "rclone cleanup remote:",
        "rsync -a --remove-source-files deploy@web:/var/log/app/ ./logs/",
        "gsutil -m rsync -r -d ./dist gs://bucket/site",
        "gsutil rm -r gs://bucket/data",
        "gsutil -m rm 'gs://bucket/**'",
        "gcloud storage rm 'gs://bucket/logs/*'",
        "s5cmd rm 's3://bucket/*'",
        "s3cmd rb --recursive --force s3://bucket",
        "rclone purge r:bucket",
        "gcloud storage rsync ./dist gs://bucket --recursive --delete-unmatched-destination-objects",
        "azcopy sync ./x 'https://a.blob.core.windows.net/c' --delete-destination=true",
        "azcopy remove 'https://a.blob.core.windows.net/c/dir' --recursive",
        "aws s3 sync . s3://bucket/site --delete",
        "lftp -e 'mirror -R --delete ./dist /www; quit' ftp.example.com",
        "mc rb --force local/bucket",
        "mc rm -r --force local/bucket/data",
    ],
    allowed: &[
        "rclone copy ./out remote:backup",
        "rclone sync ./out remote:backup --dry-run",
        "rclone ls remote:bucket",
        "rclone move ./dist remote:site",
        "rclone move remote:inbox ./inbox --dry-run",
        "rclone rmdirs remote:bucket",
        "rsync -a --remove-source-files ./out/ deploy@web:/srv/in/",
        "gsutil rsync -r ./dist gs://bucket/site",
        "gsutil rm gs://bucket/one-file.txt",
        "s5cmd ls 's3://bucket/*'",
        "gsutil -m rsync -r -d -n ./dist gs://bucket/site",
        "gsutil cp x gs://bucket/x",
        "azcopy sync ./x 'https://a.blob.core.windows.net/c'",
        "aws s3 sync . s3://bucket/site",
        "aws s3 sync . s3://bucket/site --delete --dryrun",
        "aws s3 sync s3://bucket/site ./mirror --delete",
        "lftp -e 'mirror -R ./dist /www; quit' ftp.example.com",
        "mc rb local/bucket",
        "mc ls local/bucket",
    ],
};

pub static BACKUP_DELETE: Rule = Rule {
    id: "backup-delete",
    decision: ASK,
    catches: "Deleting backup snapshots: `restic forget`, `borg delete REPO::ARCHIVE`, `borg prune`, `kopia snapshot delete`, `duplicity remove-older-than … --force`, `rdiff-backup --remove-older-than`, `tarsnap -d`, `tmutil delete` and `deletelocalsnapshots`, `timeshift --delete`, `snapper delete`, `btrfs subvolume delete` of a snapshot, `vssadmin delete shadows` of one copy, `vssadmin resize shadowstorage` (the copies that no longer fit go).",
    instead: "List the snapshots (`restic snapshots`, `borg list`), say which would go, and let the user delete them",
    examples: &[
        "restic forget --prune --keep-last 1",
        "restic -r /srv/restic forget latest",
        "borg prune --keep-daily 7 ssh://backup@host/./repo",
        "borg delete ssh://backup@host/./repo::archive-2024",
        "kopia snapshot delete k1234 --delete",
        "duplicity remove-older-than 1M --force file:///backup",
        "tarsnap -d -f nightly-2024",
        "tmutil delete -d /Volumes/Backup -t 2024-01-01-000000",
        "vssadmin delete shadows /shadow={0a1b}",
        "tmutil deletelocalsnapshots /",
        "btrfs subvolume delete /.snapshots/12/snapshot",
        "vssadmin resize shadowstorage /for=C: /on=C: /maxsize=401MB",
    ],
    allowed: &[
        "restic snapshots",
        "restic backup ~/project",
        "restic forget --dry-run --keep-last 1",
        "restic prune",
        "borg list ssh://backup@host/./repo",
        "borg prune --dry-run --keep-daily 7 ssh://backup@host/./repo",
        "borg compact ssh://backup@host/./repo",
        "duplicity remove-older-than 1M file:///backup",
        "kopia snapshot list",
        "tmutil listbackups",
        "tmutil listlocalsnapshots /",
        "btrfs subvolume list /",
        "vssadmin list shadows",
    ],
};

pub static BACKUPS_DESTROYED: Rule = Rule {
    id: "backups-destroyed",
    decision: DENY,
    catches: "Deleting every backup at once, or a whole remote: `borg delete REPO` (the repository) or `-a '*'`, `tarsnap --nuke`, `timeshift --delete-all`, `vssadmin delete shadows /all`, `wmic shadowcopy delete`, `wbadmin delete catalog|systemstatebackup`, `rclone purge remote:`, a sync that deletes into a remote's root. The last way back is gone.",
    instead: "Delete single snapshots or paths, after showing the user which; let the user remove a repository or a remote themselves",
    examples: &[
        "borg delete ssh://backup@host/./repo",
        "borg delete --force ssh://backup@host/./repo",
        "vssadmin delete shadows /all /quiet",
        "wmic shadowcopy delete",
        "wbadmin delete catalog -quiet",
        "rclone purge remote:",
        "rclone sync ./empty gdrive:",
    ],
    allowed: &[
        "borg info ssh://backup@host/./repo",
        "vssadmin list shadows",
        "wmic shadowcopy list brief",
        "rclone lsd remote:",
    ],
};

fn check(subject: &Subject, report: &mut Report) {
    let command = subject.command;
    let args = command.args();
    let span = command.span;
    let name = command.name.as_str();
    match name {
        "rclone" => rclone(subject, report),
        "gsutil" | "gcloud" | "azcopy" | "aws" | "s3cmd" | "s5cmd" | "mc" | "b2" => storage_sync(subject, report),
        "timeshift" if args.iter().any(|word| word.is("--delete-all")) => {
            report.flag(
                &BACKUPS_DESTROYED,
                span,
                "`timeshift --delete-all` deletes every snapshot",
            );
        }
        "timeshift" if args.iter().any(|word| word.is("--delete")) => {
            report.flag(&BACKUP_DELETE, span, "`timeshift --delete` deletes a snapshot");
        }
        "snapper" if args.iter().any(|word| word.is("delete") || word.is("rm")) => {
            report.flag(&BACKUP_DELETE, span, "`snapper delete` deletes snapshots");
        }
        "restic" | "rustic" => {
            let parsed = args::parse(args, &RESTIC);
            if subcommand(&parsed) == Some("forget") && !dry_run(&parsed) {
                report.flag(
                    &BACKUP_DELETE,
                    span,
                    format!("`{name} forget` removes snapshots from the repository; with `--prune` their data is gone"),
                );
            }
        }
        "borg" => borg(subject, report),
        "kopia" => {
            let parsed = args::parse(args, &Options::gnu("", &["config-file", "password", "log-level"]));
            let words: Vec<&str> = parsed.operands().map(Word::text).collect();
            if words.starts_with(&["snapshot", "delete"]) || words.starts_with(&["snapshots", "delete"]) {
                report.flag(&BACKUP_DELETE, span, "`kopia snapshot delete` deletes snapshots");
            }
        }
        "duplicity" => {
            let removes = args.iter().any(|word| word.text().starts_with("remove-"));
            if removes && args.iter().any(|word| word.is("--force")) {
                report.flag(&BACKUP_DELETE, span, "`duplicity remove-… --force` deletes backup sets");
            }
        }
        "rdiff-backup" => {
            let removes = args.iter().any(|word| {
                word.text().starts_with("--remove-older-than") || word.is("remove") || word.is("--remove-increments")
            });
            if removes {
                report.flag(&BACKUP_DELETE, span, "`rdiff-backup` would delete older increments");
            }
        }
        "tarsnap" if args.iter().any(|word| word.is("--nuke")) => {
            report.flag(&BACKUPS_DESTROYED, span, "`tarsnap --nuke` deletes every archive");
        }
        "tarsnap" if args.iter().any(|word| word.is("-d")) => {
            report.flag(&BACKUP_DELETE, span, "`tarsnap -d` deletes archives");
        }
        "tmutil" if args.first().is_some_and(|word| word.is("delete")) => {
            report.flag(&BACKUP_DELETE, span, "`tmutil delete` deletes Time Machine backups");
        }
        "tmutil"
            if args
                .first()
                .is_some_and(|word| word.is("deletelocalsnapshots") || word.is("thinlocalsnapshots")) =>
        {
            report.flag(
                &BACKUP_DELETE,
                span,
                "`tmutil deletelocalsnapshots` deletes the local Time Machine snapshots",
            );
        }
        "btrfs" => btrfs(subject, report),
        "lftp" => lftp(subject, report),
        _ => windows_shadow_copies(subject, report),
    }
}

/// restic's (and rustic's) options that take a value.
const RESTIC: Options = Options::gnu(
    "rop",
    &[
        "repo",
        "repository-file",
        "password-file",
        "password-command",
        "option",
        "cache-dir",
        "limit-upload",
        "limit-download",
        "tag",
        "host",
        "path",
        "keep-last",
        "keep-hourly",
        "keep-daily",
        "keep-weekly",
        "keep-monthly",
        "keep-yearly",
        "keep-within",
        "keep-tag",
        "group-by",
        "max-unused",
    ],
);

/// The first operand: the subcommand.
fn subcommand<'a>(parsed: &'a Parsed) -> Option<&'a str> {
    parsed.operands().next().map(Word::text)
}

fn dry_run(parsed: &Parsed) -> bool {
    parsed.has('n', "dry-run")
}

/// rclone's options that take a value.
const RCLONE_OPTIONS: Options = Options::gnu(
    "",
    &[
        "config",
        "exclude",
        "include",
        "filter",
        "exclude-from",
        "include-from",
        "filter-from",
        "files-from",
        "transfers",
        "checkers",
        "bwlimit",
        "log-file",
        "log-level",
        "backup-dir",
        "max-age",
        "min-age",
        "max-size",
        "min-size",
        "max-depth",
        "suffix",
        "compare-dest",
        "copy-dest",
        "order-by",
        "max-delete",
        "stats",
    ],
);

/// `rclone sync|bisync|purge|delete|deletefile`: the destination (the last operand) is where
/// files go. `rclone move|moveto` deletes its source once copied: a remote source asks here, a
/// local one is judged as a move by the file checks. `rclone cleanup` empties a remote's trash
/// and old versions. `rmdirs` removes only empty folders: nothing is lost.
fn rclone(subject: &Subject, report: &mut Report) {
    let parsed = args::parse(subject.command.args(), &RCLONE_OPTIONS);
    let operands: Vec<&Word> = parsed.operands().collect();
    let Some(verb) = operands.first().map(|word| word.text()) else {
        return;
    };
    if dry_run(&parsed) {
        return;
    }
    match verb {
        "sync" | "bisync" | "purge" | "delete" | "deletefile" => {
            let Some(destination) = operands.get(1..).and_then(<[&Word]>::last) else {
                return;
            };
            judge_destination(
                subject,
                report,
                destination,
                &format!("`rclone {verb}`"),
                verb != "sync" || operands.len() > 2,
            );
        }
        "move" | "moveto" => {
            if let Some(source) = operands
                .get(1)
                .filter(|source| remote_path(source.text(), on_windows(subject.command)).is_some())
            {
                report.flag(
                    &REMOTE_DELETE,
                    source.span,
                    format!(
                        "`rclone {verb}` would delete the files of `{}` once copied, which cannot be seen from here",
                        source.text()
                    ),
                );
            }
        }
        "cleanup" => {
            if let Some(remote) = operands.get(1) {
                report.flag(
                    &REMOTE_DELETE,
                    remote.span,
                    format!(
                        "`rclone cleanup` would empty the trash and delete the old file versions of `{}`, the way back to what was deleted or overwritten there",
                        remote.text()
                    ),
                );
            }
        }
        _ => {}
    }
}

/// The local source `rclone move|moveto` takes away from where it is.
pub(super) fn rclone_moved_away(command: &crate::command::Command) -> Vec<Word> {
    let parsed = args::parse(command.args(), &RCLONE_OPTIONS);
    let operands: Vec<&Word> = parsed.operands().collect();
    match operands.as_slice() {
        [verb, source, _, ..]
            if (verb.is("move") || verb.is("moveto"))
                && !dry_run(&parsed)
                && remote_path(source.text(), on_windows(command)).is_none() =>
        {
            vec![(*source).clone()]
        }
        _ => Vec::new(),
    }
}

/// Storage sync and delete of the cloud tools: `gsutil rsync -d`, `gsutil rm -r`, `gcloud
/// storage rsync --delete-unmatched-destination-objects`, `gcloud storage rm -r`, `azcopy sync
/// --delete-destination=true`, `azcopy remove --recursive`, `aws s3 sync --delete`.
fn storage_sync(subject: &Subject, report: &mut Report) {
    let command = subject.command;
    let args = command.args();
    let words: Vec<&str> = args.iter().map(Word::text).collect();
    let has = |flags: &[&str]| words.iter().any(|word| flags.contains(word));
    let bundled = |flag: char| {
        words
            .iter()
            .any(|word| word.starts_with('-') && !word.starts_with("--") && word.contains(flag))
    };
    // b2's argparse takes options after the folders too, their values with them.
    let operands: Vec<&Word> = if command.name == "b2" {
        args::parse(args, &crate::registry::catalogue::B2_SYNC_OPTIONS)
            .operands()
            .collect()
    } else {
        let mut operands = Vec::new();
        let mut words_left = args.iter();
        while let Some(word) = words_left.next() {
            if STORAGE_VALUED.contains(&word.text()) {
                words_left.next();
            } else if !word.text().starts_with('-') {
                operands.push(word);
            }
        }
        operands
    };
    let position = |verb: &str| operands.iter().position(|word| word.is(verb));
    // An object name with a wildcard deletes every object it matches (`gs://b/**`, `s3://b/*`).
    let wildcard_after = |at: usize| operands[at + 1..].iter().any(|word| word.text().contains('*'));
    let (verb, deletes, dry) = match command.name.as_str() {
        "gsutil" => match (position("rsync"), position("rm")) {
            (Some(at), _) => (at, bundled('d'), bundled('n')),
            (None, Some(at)) => (
                at,
                bundled('r') || bundled('R') || bundled('a') || wildcard_after(at),
                false,
            ),
            _ => return,
        },
        "gcloud" if operands.first().is_some_and(|word| word.is("storage")) => {
            match (position("rsync"), position("rm")) {
                (Some(at), _) => (
                    at,
                    has(&["--delete-unmatched-destination-objects"]),
                    has(&["--dry-run"]),
                ),
                (None, Some(at)) => (at, has(&["-r", "-R", "--recursive"]) || wildcard_after(at), false),
                _ => return,
            }
        }
        "s5cmd" => match position("rm") {
            Some(at) => (at, wildcard_after(at), has(&["--dry-run"])),
            None => return,
        },
        "azcopy" => match (position("sync"), position("remove").or(position("rm"))) {
            (Some(at), _) => (
                at,
                words.iter().any(|word| {
                    word.strip_prefix("--delete-destination=")
                        .is_some_and(|value| !value.eq_ignore_ascii_case("false"))
                }),
                has(&["--dry-run"]),
            ),
            (None, Some(at)) => (at, has(&["--recursive", "--recursive=true"]), has(&["--dry-run"])),
            _ => return,
        },
        "aws" if operands.first().is_some_and(|word| word.is("s3")) && position("sync") == Some(1) => {
            (1, has(&["--delete"]), has(&["--dryrun"]))
        }
        // s3cmd, MinIO's mc and Backblaze's b2: syncs that remove what the source lacks,
        // recursive deletes.
        // `s3cmd rb -r` deletes every object of the bucket before the bucket.
        "s3cmd" => match (position("sync"), position("del").or(position("rm")).or(position("rb"))) {
            (Some(at), _) => (
                at,
                has(&["--delete-removed", "--delete-after"]),
                has(&["-n", "--dry-run"]),
            ),
            (None, Some(at)) => (
                at,
                bundled('r') || has(&["--recursive"]) || wildcard_after(at),
                has(&["-n", "--dry-run"]),
            ),
            _ => return,
        },
        "mc" => match (position("mirror"), position("rm"), position("rb")) {
            (Some(at), ..) => (at, has(&["--remove"]), has(&["--dry-run"])),
            (None, Some(at), _) => (
                at,
                has(&["--recursive", "-r"]) && has(&["--force"]),
                has(&["--dry-run"]),
            ),
            // Without `--force`, `mc rb` removes only an empty bucket.
            (None, None, Some(at)) => (at, has(&["--force"]), false),
            _ => return,
        },
        "b2" => match position("sync") {
            Some(at) => (at, has(&["--delete"]), has(&["--dry-run", "--dryRun"])),
            None => return,
        },
        _ => return,
    };
    if !deletes || dry {
        return;
    }
    let Some(destination) = operands.get(verb + 1..).and_then(<[&Word]>::last) else {
        return;
    };
    let how = format!("`{} {}`", command.name, operands[verb].text());
    // mc names a remote by its alias (`minio/bucket/path`), a local folder by a path.
    let text = destination.text();
    if command.name == "mc" && !text.starts_with(['.', '/', '~']) {
        report.flag(
            &REMOTE_DELETE,
            destination.span,
            format!("{how} would delete objects in `{text}`, which cannot be seen from here"),
        );
        return;
    }
    judge_destination(subject, report, destination, &how, true);
}

/// Options of `gsutil`, `gcloud storage`, `azcopy` and `aws s3` that take the next word as
/// their value.
const STORAGE_VALUED: &[&str] = &[
    "-h",
    "-o",
    "-p",
    "-x",
    "--exclude",
    "--include",
    "--include-pattern",
    "--exclude-pattern",
    "--include-path",
    "--exclude-path",
    "--log-level",
    "--cap-mbps",
    "--block-size-mb",
    "--from-to",
    "--project",
    "--profile",
    "--region",
    "--endpoint-url",
    "--storage-class",
    "--acl",
    "--cache-control",
    "--content-type",
    "--sse",
    "--sse-kms-key-id",
    "--output",
    "--query",
];

/// Judges what a sync or delete does to `destination`: a local folder like `rm -r` of its
/// contents; a remote's root denied, any other remote place asked about. `root_counts` is
/// false for a sync that names no source (nothing to judge).
fn judge_destination(subject: &Subject, report: &mut Report, destination: &Word, how: &str, root_counts: bool) {
    let text = destination.text();
    match remote_path(text, on_windows(subject.command)) {
        Some((remote, path)) => {
            if root_counts && path.trim_matches('/').is_empty() {
                report.flag(
                    &BACKUPS_DESTROYED,
                    destination.span,
                    format!("{how} on `{text}` would delete what the whole of {remote} holds"),
                );
            } else {
                report.flag(
                    &REMOTE_DELETE,
                    destination.span,
                    format!("{how} would delete files in `{text}`, which cannot be seen from here"),
                );
            }
        }
        None => {
            let target = match paths::resolve(destination, &subject.command.cwd) {
                Target::Path(dir) => Target::Contents(dir),
                other => other,
            };
            super::rm::judge_delete(subject, report, &target, destination, true, how, Last::Follow);
        }
    }
}

/// A remote's name and the path on it: `remote:path` (rclone, where `remote:` alone is every
/// bucket or folder the remote reaches), `gs://bucket/path`, `s3://bucket/path`,
/// `https://account.blob.core.windows.net/container/path` (where the bucket or container is
/// part of the path: syncing a site into a bucket of its own is common and only asks). `None`
/// for a local path (a drive letter on Windows included; elsewhere, `r:` is a remote).
fn remote_path(text: &str, windows: bool) -> Option<(String, String)> {
    if let Some((scheme, rest)) = text.split_once("://") {
        let (host, path) = rest.split_once('/').unwrap_or((rest, ""));
        return Some(match scheme {
            "gs" | "s3" => (format!("{scheme}://"), rest.to_owned()),
            _ => (format!("{scheme}://{host}"), path.to_owned()),
        });
    }
    let (remote, path) = text.split_once(':')?;
    let local = remote.is_empty() || windows && remote.len() == 1 || remote.contains('/') || remote.starts_with('.');
    (!local).then(|| (format!("{remote}:"), path.to_owned()))
}

/// Whether the command runs on Windows, where `C:x` names a drive.
fn on_windows(command: &crate::command::Command) -> bool {
    matches!(&command.cwd, paths::Cwd::Known(cwd) if cwd.is_windows())
}

/// `borg delete REPO` deletes the repository; with `::ARCHIVE`, `-a`/`--glob-archives` or
/// archive names after it, archives. `borg prune` deletes archives. Borg 2 names the
/// repository with `-r` and deletes it with `rdelete`.
fn borg(subject: &Subject, report: &mut Report) {
    let parsed = args::parse(subject.command.args(), &crate::registry::catalogue::BORG_OPTIONS);
    let operands: Vec<&Word> = parsed.operands().collect();
    let span = subject.command.span;
    if dry_run(&parsed) {
        return;
    }
    match operands.first().map(|word| word.text()) {
        Some("prune") => report.flag(&BACKUP_DELETE, span, "`borg prune` deletes the archives no rule keeps"),
        Some("rdelete") => report.flag(&BACKUPS_DESTROYED, span, "`borg rdelete` deletes the whole repository"),
        Some("delete") => {
            let names_archives = parsed.has('a', "glob-archives")
                || parsed.has_long("match-archives")
                || operands.iter().skip(1).any(|word| word.text().contains("::"))
                || operands.len() > 2;
            // A pattern that matches every archive (`-a '*'`) deletes them all.
            let every_archive = ["glob-archives", "match-archives"]
                .iter()
                .filter_map(|option| parsed.value_of('a', option))
                .any(|pattern| matches!(pattern.text(), "*" | "sh:*" | "re:.*" | "re:.+"));
            if every_archive {
                report.flag(
                    &BACKUPS_DESTROYED,
                    span,
                    "`borg delete` with a pattern matching every archive deletes them all",
                );
            } else if names_archives {
                report.flag(&BACKUP_DELETE, span, "`borg delete` deletes archives");
            } else {
                report.flag(
                    &BACKUPS_DESTROYED,
                    span,
                    "`borg delete` of a repository deletes it with every archive in it",
                );
            }
        }
        _ => {}
    }
}

/// Windows' shadow copies and system backups: `vssadmin delete shadows`, `wmic shadowcopy
/// delete`, `wbadmin delete catalog|systemstatebackup|backup`.
fn windows_shadow_copies(subject: &Subject, report: &mut Report) {
    let command = subject.command;
    let words: Vec<String> = command
        .args()
        .iter()
        .map(|word| word.text().to_ascii_lowercase())
        .collect();
    let first_two = (words.first().map(String::as_str), words.get(1).map(String::as_str));
    let span = command.span;
    match (command.name.to_ascii_lowercase().as_str(), first_two) {
        ("vssadmin", (Some("delete"), Some("shadows"))) => {
            if words
                .iter()
                .any(|word| word == "/all" || word.starts_with("/oldest") || word.starts_with("/for="))
            {
                report.flag(
                    &BACKUPS_DESTROYED,
                    span,
                    "`vssadmin delete shadows /all` deletes every shadow copy",
                );
            } else {
                report.flag(&BACKUP_DELETE, span, "`vssadmin delete shadows` deletes a shadow copy");
            }
        }
        ("vssadmin", (Some("resize"), Some("shadowstorage"))) => {
            report.flag(
                &BACKUP_DELETE,
                span,
                "`vssadmin resize shadowstorage` deletes the shadow copies that no longer fit in the new size",
            );
        }
        ("wmic", (Some("shadowcopy"), Some("delete"))) => {
            report.flag(
                &BACKUPS_DESTROYED,
                span,
                "`wmic shadowcopy delete` deletes every shadow copy",
            );
        }
        ("wbadmin", (Some("delete"), Some("catalog" | "systemstatebackup" | "backup"))) => {
            report.flag(&BACKUPS_DESTROYED, span, "`wbadmin delete` deletes Windows backups");
        }
        _ => {}
    }
}

/// `btrfs subvolume delete PATH…`: a snapshot's deletion is a backup's; any other subvolume's
/// is judged like `rm -r` of its contents.
fn btrfs(subject: &Subject, report: &mut Report) {
    let parsed = args::parse(subject.command.args(), &Options::gnu("", &[]));
    let operands: Vec<&Word> = parsed.operands().collect();
    let deletes = matches!(
        operands.iter().map(|word| word.text()).collect::<Vec<_>>()[..],
        ["subvolume" | "subvol" | "sub", "delete" | "del", ..]
    );
    if !deletes {
        return;
    }
    for path in &operands[2..] {
        if path.text().contains("snapshot") {
            report.flag(
                &BACKUP_DELETE,
                path.span,
                format!("`btrfs subvolume delete` of `{}` deletes a snapshot", path.text()),
            );
        } else {
            judge_destination(subject, report, path, "`btrfs subvolume delete`", false);
        }
    }
}

/// lftp's commands (from `-c`, `-e` or standard input) that delete: `mirror --delete` deletes
/// what the source lacks on the server (`-R`, an upload) or in the local target folder; `rm
/// -r`, `mrm` and `rmdir` delete on the server.
fn lftp(subject: &Subject, report: &mut Report) {
    let command = subject.command;
    let parsed = args::parse(command.args(), &Options::gnu("cefpu", &["user", "password", "port"]));
    let mut scripts: Vec<String> = parsed
        .args
        .iter()
        .filter(|arg| arg.is_short('c') || arg.is_short('e'))
        .filter_map(|arg| arg.value())
        .map(|word| word.text().to_owned())
        .collect();
    scripts.extend(command.stdin.text().map(|text| text.text().to_owned()));
    let lines = scripts.iter().flat_map(|script| script.split([';', '\n']));
    for line in lines {
        let words = shell_words::split(line.trim()).unwrap_or_default();
        let Some((verb, rest)) = words.split_first() else {
            continue;
        };
        let flags = |long: &[&str], short: char| {
            rest.iter().any(|word| {
                long.contains(&word.as_str())
                    || (word.starts_with('-') && !word.starts_with("--") && word[1..].contains(short))
            })
        };
        match verb.as_str() {
            "mirror" if flags(&["--delete", "--delete-first"], 'e') && !flags(&["--dry-run"], '\0') => {
                if flags(&["--reverse"], 'R') {
                    report.flag(
                        &REMOTE_DELETE,
                        command.span,
                        "`lftp mirror -R --delete` would delete the files on the server that the local folder lacks",
                    );
                } else if let Some(target) = rest.iter().filter(|word| !word.starts_with('-')).nth(1) {
                    let target = Word::literal(target, command.span);
                    judge_destination(subject, report, &target, "`lftp mirror --delete`", false);
                }
            }
            "mrm" | "rmdir" => report.flag(
                &REMOTE_DELETE,
                command.span,
                format!("`lftp {verb}` would delete files on the server"),
            ),
            "rm" if flags(&["--recursive"], 'r') => report.flag(
                &REMOTE_DELETE,
                command.span,
                "`lftp rm -r` would delete folders on the server",
            ),
            _ => {}
        }
    }
}
