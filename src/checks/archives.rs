//! Archives extracted where their members replace files the user or the machine needs: into
//! `/`, the home folder itself or a system folder (an archive's `.bashrc`, `.ssh/` or `etc/`
//! lands there), or with absolute member names kept (`tar -P`), which write wherever the
//! archive says. Extracting into the project, a temporary folder or a folder of its own passes;
//! the folders software is installed into (`/usr/local`, `/opt`) are left to the write policy.

use super::{Applies, Checker, DENY, Report, Subject};
use crate::args::{self, Options, Parsed};
use crate::paths;
use crate::places::{self, Place};
use crate::rules::Rule;
use crate::word::Word;

pub const CHECKER: Checker = Checker {
    rules: &[&ARCHIVE_EXTRACT_PROTECTED],
    applies: Applies::Commands(&[
        "tar", "gtar", "bsdtar", "unzip", "7z", "7za", "7zz", "unrar", "ditto", "dpkg-deb", "cpio", "jar", "unar",
        "pax", "xar",
    ]),
    check,
    whole_analysis: None,
};

pub static ARCHIVE_EXTRACT_PROTECTED: Rule = Rule {
    id: "archive-extract-protected",
    decision: DENY,
    catches: "Extracting an archive (tar, unzip, 7z, unrar, unar, ditto, dpkg-deb, cpio, pax, xar, jar) into `/`, the home folder itself or a system folder, or keeping its absolute member names (`tar -P`, `7z -spf`, `unzip -:`): its members overwrite dotfiles, startup files, keys or system files without a prompt.",
    instead: "Extract into a new folder of its own (`mkdir -p unpacked && tar -xf a.tar -C unpacked`), look at what it holds, then copy what is needed",
    examples: &[
        "tar -xzf dotfiles.tar.gz -C ~",
        "tar xf backup.tar -C /",
        "cd ~ && tar xzf config.tgz",
        "sudo tar --extract --file=x.tar --directory=/etc",
        "tar -xPf backup.tar",
        "unzip -o payload.zip -d ~",
        "unzip -: archive.zip",
        "7z x a.7z -o/",
        "7z x -spf a.7z",
        "unrar x a.rar ~/",
        "dpkg-deb -x pkg.deb /",
        "cpio -idm -D / < backup.cpio",
        "unar -o / archive.tar",
        "unar -f -output-directory ~ dotfiles.zip",
        "cd / && pax -r -f a.pax",
        "pax -rw src ~",
        "xar -xf a.xar -C /etc",
    ],
    allowed: &[
        "tar -xzf x.tgz -C ./vendor",
        "tar -xzf dist.tar.gz",
        "tar -czf backup.tgz ~/project",
        "tar -tzf x.tgz",
        "unzip x.zip -d build",
        "unzip -l x.zip",
        "unzip -p doc.docx word/document.xml > document.xml",
        "cd /tmp && unzip -q tool.zip",
        "7z x a.7z -oout",
        "dpkg-deb -x pkg.deb unpacked",
        "cpio -idm < backup.cpio",
        "jar xf app.jar",
        "mkdir -p /tmp/x && tar -xf a.tar -C /tmp/x",
        "unar -o ./vendor archive.zip",
        "unar -o - archive.zip",
        "lsar archive.zip",
        "pax -r -f a.pax",
        "pax -f a.pax",
        "pax -w -f out.pax src",
        "xar -tf a.xar",
    ],
};

/// How tar reads its options (GNU's, bsdtar's long ones a subset).
const TAR: Options = crate::tools::long_options::TAR;

fn check(subject: &Subject, report: &mut Report) {
    let command = subject.command;
    let args = command.args();
    let (destination, absolute) = match command.name.as_str() {
        "tar" | "gtar" | "bsdtar" => {
            let parsed = args::parse(args, &TAR);
            if !(parsed.has('x', "extract") || parsed.has_long("get")) {
                return;
            }
            (
                parsed.value_of('C', "directory").cloned(),
                parsed.has('P', "absolute-names"),
            )
        }
        "unzip" => {
            let parsed = args::parse(args, &Options::gnu("dx", &[]));
            if lists_only(&parsed, "lvtzZpc") {
                return;
            }
            (parsed.value_of('d', "").cloned(), parsed.has_short(':'))
        }
        "7z" | "7za" | "7zz" => {
            if !args.first().is_some_and(|word| word.is("x") || word.is("e")) {
                return;
            }
            let output = args
                .iter()
                .find(|word| word.text().starts_with("-o"))
                .map(|word| word.strip_prefix(2));
            (output, args.iter().any(|word| word.is("-spf") || word.is("-spf2")))
        }
        "unrar" => {
            if !args.first().is_some_and(|word| word.is("x") || word.is("e")) {
                return;
            }
            let folder = args
                .iter()
                .skip(2)
                .rfind(|word| !word.text().starts_with('-'))
                .filter(|word| word.text().ends_with('/') || word.text().ends_with('\\'))
                .cloned();
            (folder, false)
        }
        // `dpkg-deb -x PACKAGE FOLDER`: the package's files, `etc/` and `usr/` among them.
        "dpkg-deb" => {
            let parsed = args::parse(args, &Options::gnu("", &[]));
            if !(parsed.has('x', "extract") || parsed.has('X', "vextract") || parsed.has('R', "raw-extract")) {
                return;
            }
            (parsed.operands().nth(1).cloned(), false)
        }
        // `cpio -i` (`--extract`) into `-D FOLDER` or here.
        "cpio" => {
            let parsed = args::parse(
                args,
                &Options::gnu("DEFHIMORs", &["directory", "file", "format", "pattern-file"]),
            );
            if !parsed.has('i', "extract") {
                return;
            }
            (parsed.value_of('D', "directory").cloned(), false)
        }
        // `jar xf x.jar`: into the current folder.
        "jar"
            if args
                .first()
                .is_some_and(|word| word.text().trim_start_matches('-').starts_with('x')) =>
        {
            (None, false)
        }
        // `unar -o FOLDER` (`-output-directory`, its options take one dash or two), or here;
        // `-o -` writes to standard output.
        "unar" => {
            let folder = args
                .windows(2)
                .rfind(|pair| {
                    let option = pair[0].text();
                    option.starts_with('-') && matches!(option.trim_start_matches('-'), "o" | "output-directory")
                })
                .map(|pair| pair[1].clone());
            if folder.as_ref().is_some_and(|folder| folder.is("-")) {
                return;
            }
            (folder, false)
        }
        // `pax -r` extracts here; `pax -rw FILE… FOLDER` copies into the folder. Without `-r`
        // it lists or writes an archive.
        "pax" => {
            let parsed = args::parse(args, &Options::gnu("bfsoxBDEGTUp", &[]));
            if !parsed.has_short('r') {
                return;
            }
            let folder = parsed
                .has_short('w')
                .then(|| parsed.operands().last().cloned())
                .flatten();
            (folder, false)
        }
        // `xar -x` into `-C FOLDER` or here.
        "xar" => {
            let parsed = args::parse(args, &Options::gnu("fCsn", &[]));
            if !parsed.has_short('x') {
                return;
            }
            (parsed.value_of('C', "").cloned(), false)
        }
        "ditto" => {
            let parsed = args::parse(args, &Options::gnu("", &["arch", "bom"]));
            if !parsed.has_short('x') {
                return;
            }
            (parsed.operands().nth(1).cloned(), false)
        }
        _ => return,
    };
    if absolute {
        report.flag(
            &ARCHIVE_EXTRACT_PROTECTED,
            command.span,
            format!(
                "`{}` keeps the archive's absolute member names: its files are written wherever it says, `/etc` and the home folder included",
                command.name
            ),
        );
        return;
    }
    let folder = destination.unwrap_or_else(|| Word::literal(".", command.span));
    if let Some(what) = protected_folder(subject, &folder) {
        report.flag(
            &ARCHIVE_EXTRACT_PROTECTED,
            folder.span,
            format!(
                "`{}` would extract into {what}: a member with the name of a file there replaces it",
                command.name
            ),
        );
    }
}

/// Whether unzip only lists, tests or prints (`-l`, `-v`, `-t`, `-z`, `-Z`, `-p`, `-c`),
/// writing no file.
fn lists_only(parsed: &Parsed, flags: &str) -> bool {
    flags.chars().any(|flag| parsed.has_short(flag))
}

/// The folder as a protected place: `/`, a home folder itself, a system folder (but not the
/// folders software is installed into, nor `/tmp`), a folder of keys or settings, a `.git`
/// folder.
fn protected_folder(subject: &Subject, folder: &Word) -> Option<String> {
    let target = paths::resolve(folder, &subject.command.cwd);
    match places::place(&target, subject.context) {
        Place::Root => Some("`/`".to_owned()),
        Place::Home(path) if path.same(&subject.context.home) => Some(format!("the home folder {path}")),
        Place::System(path) if !places::is_application_area(&path) && !places::is_temp_root(&path) => {
            Some(format!("the system folder {path}"))
        }
        Place::Protected { path, what, .. } => Some(format!("{path} ({what})")),
        Place::GitDir(path) => Some(format!("the repository's own {path}")),
        _ => None,
    }
}
