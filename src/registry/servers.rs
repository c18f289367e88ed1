//! File servers that publish a folder they are given to the network: `rclone serve PROTOCOL
//! PATH` (HTTP, WebDAV, FTP, SFTP, S3, NFS, DLNA, restic), listening beyond this machine when
//! `--addr` says so (all but DLNA listen on the loopback address unless told otherwise), and
//! Twisted's `twistd web --path DIR` and `twistd ftp --root DIR`, which listen on every address.

use crate::args::{self, Options};
use crate::command::Command;
use crate::word::Word;

/// rclone's serving protocols, and whether each listens only on the loopback address when no
/// `--addr` is given.
const RCLONE_PROTOCOLS: &[(&str, bool)] = &[
    ("http", true),
    ("webdav", true),
    ("ftp", true),
    ("sftp", true),
    ("s3", true),
    ("nfs", true),
    ("restic", true),
    ("dlna", false),
];

/// rclone's options (global or of `serve`) that take a value as the next word.
const RCLONE_VALUES: &[&str] = &[
    "addr",
    "user",
    "pass",
    "htpasswd",
    "realm",
    "baseurl",
    "cert",
    "key",
    "client-ca",
    "config",
    "template",
    "auth-proxy",
    "dir-cache-time",
    "poll-interval",
    "vfs-cache-mode",
    "vfs-cache-max-age",
    "vfs-cache-max-size",
    "vfs-read-chunk-size",
    "include",
    "exclude",
    "filter",
    "include-from",
    "exclude-from",
    "filter-from",
    "files-from",
    "max-age",
    "min-age",
    "max-size",
    "min-size",
    "bwlimit",
    "log-file",
    "log-level",
    "uid",
    "gid",
    "umask",
    "dir-perms",
    "file-perms",
    "salt",
    "name",
    "server-read-timeout",
    "server-write-timeout",
    "max-header-bytes",
    "auth-key",
    "etag-hash",
    "cache-dir",
];

/// The local folder a file server publishes beyond this machine, or `None` when it publishes
/// none (a remote of rclone's, a server on the loopback address, not a server at all).
pub fn served_folder(command: &Command) -> Option<Word> {
    match command.name.as_str() {
        "rclone" => rclone(command.args()),
        "twistd" | "twistd3" => twistd(command.args()),
        _ => None,
    }
}

/// `rclone serve PROTOCOL PATH [--addr ADDRESS]`: a local path (not `remote:path`) served on
/// an address other than the loopback one.
fn rclone(args: &[Word]) -> Option<Word> {
    let parsed = args::parse(args, &Options::gnu("", RCLONE_VALUES));
    let mut operands = parsed.operands();
    if !operands.next()?.is("serve") {
        return None;
    }
    let protocol = operands.next()?.value()?;
    let (_, loopback_default) = RCLONE_PROTOCOLS.iter().find(|(name, _)| *name == protocol)?;
    let path = operands.next()?;
    // `remote:path` is a remote's; `C:\x` a drive letter's, which is local.
    let text = path.text();
    let remote = text
        .split_once(':')
        .is_some_and(|(before, _)| before.len() > 1 && !before.contains(['/', '\\']));
    if remote {
        return None;
    }
    let addresses: Vec<&str> = parsed
        .args
        .iter()
        .filter(|arg| arg.is_long("addr"))
        .filter_map(|arg| arg.value().map(Word::text))
        .collect();
    let public = if addresses.is_empty() {
        !loopback_default
    } else {
        addresses.iter().any(|address| !super::programs::is_loopback(address))
    };
    public.then(|| path.clone())
}

/// `twistd [options] web --path DIR`, `twistd [options] ftp --root DIR` (`-r DIR`): served on
/// every address unless a `--listen`/`--port` endpoint names the loopback interface.
fn twistd(args: &[Word]) -> Option<Word> {
    let plugin = args
        .iter()
        .position(|word| word.value().is_some_and(|text| matches!(text, "web" | "ftp")))?;
    let rest = &args[plugin + 1..];
    let parsed = args::parse(
        rest,
        &Options::gnu(
            "pr",
            &["path", "root", "port", "listen", "userAnonymous", "password-file"],
        ),
    );
    let local = parsed
        .args
        .iter()
        .filter(|arg| arg.is_long("listen") || arg.is_long("port") || arg.is_short('p'))
        .filter_map(|arg| arg.value().map(Word::text))
        .any(|endpoint| {
            endpoint.split(':').any(|field| {
                field
                    .strip_prefix("interface=")
                    .is_some_and(super::programs::is_loopback)
            })
        });
    if local {
        return None;
    }
    if args[plugin].is("web") {
        parsed.value_of('\0', "path").cloned()
    } else {
        parsed.value_of('r', "root").cloned()
    }
}
