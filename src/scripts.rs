//! Scripts a command runs from disk (`bash deploy.sh`, `./x.sh`, `python3 tool.py`): read when
//! they are regular text files under a size cap; the interpreter that runs one names its
//! language, and a program run by its path is in its `#!` line's language, else the shell's.

use crate::context::native;
use crate::language::Language;
use crate::paths::AbsPath;
use std::io::Read;

/// The largest script read to judge it. A larger one is "could not verify".
pub const MAX_SCRIPT_BYTES: u64 = 256 * 1024;

/// What is on disk at a path a command runs.
#[derive(Debug, PartialEq, Eq)]
pub enum OnDisk {
    /// Nothing, or a directory: there is no script to judge.
    Missing,
    /// A compiled program: not code this guard reads.
    Binary,
    /// A pipe, device or socket: what it yields is only known when read.
    Special,
    /// Larger than [`MAX_SCRIPT_BYTES`], by its size.
    TooLarge(u64),
    /// There, or maybe there, but not readable by this process (no permission, a name too long),
    /// and why: what runs is unknown, not absent.
    Unreadable(String),
    Text(String),
}

/// How a script's reader treats a file that looks like a compiled program.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Binaries {
    /// Refused, as bash refuses a file argument or `source`, and the kernel runs a program.
    Skipped,
    /// Read as text all the same: `dash`/`sh` and a shell reading standard input run past a NUL
    /// byte in the first line.
    Read,
}

/// Reads the script at `path`.
pub fn read(path: &AbsPath, binaries: Binaries) -> OnDisk {
    let native = native(path);
    let metadata = match std::fs::metadata(&native) {
        Ok(metadata) => metadata,
        Err(error) => return missing_or_unreadable(&error),
    };
    if metadata.is_dir() {
        return OnDisk::Missing;
    }
    if !metadata.is_file() {
        return OnDisk::Special;
    }
    let mut file = match std::fs::File::open(&native) {
        Ok(file) => file,
        Err(error) => return missing_or_unreadable(&error),
    };
    // A compiled program is told by its first bytes, whatever its size.
    let mut head = Vec::with_capacity(HEAD_BYTES as usize);
    if let Err(error) = (&mut file).take(HEAD_BYTES).read_to_end(&mut head) {
        return missing_or_unreadable(&error);
    }
    if binaries == Binaries::Skipped && is_binary(&head) {
        return OnDisk::Binary;
    }
    if metadata.len() > MAX_SCRIPT_BYTES {
        return OnDisk::TooLarge(metadata.len());
    }
    let mut bytes = head;
    if let Err(error) = file.take(MAX_SCRIPT_BYTES + 1).read_to_end(&mut bytes) {
        return missing_or_unreadable(&error);
    }
    if bytes.len() as u64 > MAX_SCRIPT_BYTES {
        return OnDisk::TooLarge(bytes.len() as u64);
    }
    match String::from_utf8(bytes) {
        Ok(text) => OnDisk::Text(text),
        Err(error) => OnDisk::Text(String::from_utf8_lossy(error.as_bytes()).into_owned()),
    }
}

/// A file that is not there (or a path through a file) is missing; any other failure leaves
/// what it holds unknown.
fn missing_or_unreadable(error: &std::io::Error) -> OnDisk {
    match error.kind() {
        std::io::ErrorKind::NotFound | std::io::ErrorKind::NotADirectory => OnDisk::Missing,
        _ => OnDisk::Unreadable(error.to_string()),
    }
}

/// How much of a file is read to tell a compiled program from a script, as bash does.
const HEAD_BYTES: u64 = 80;

/// Whether a file is a compiled program rather than a script: bash refuses to run a file as a
/// script when a NUL byte comes before the first line break in its first 80 bytes (every
/// ELF, Mach-O and PE program), and runs it otherwise, NUL bytes further on included.
fn is_binary(head: &[u8]) -> bool {
    head.iter().take_while(|&&b| b != b'\n').any(|&b| b == 0)
}

/// The language of a program run by its path: its `#!` line's, else the shell's. Without a
/// `#!` line the kernel refuses the file, and the shell (or git, or `env`) runs it as a shell
/// script, whatever its name says (`./tool.py` holding `rm -rf ~` removes the home folder).
pub fn language_run_by_path(text: &str) -> Language {
    let first = text.lines().next().unwrap_or("");
    Language::of_shebang(first).unwrap_or(Language::Shell)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_program_run_by_its_path_is_in_the_language_of_its_shebang_else_shell() {
        assert_eq!(language_run_by_path("#!/usr/bin/env python3\nx"), Language::Python);
        assert_eq!(language_run_by_path("#!/bin/bash -e\n"), Language::Shell);
        assert_eq!(
            language_run_by_path("#!/usr/bin/env -S node --no-warnings\n"),
            Language::JavaScript
        );
        assert_eq!(language_run_by_path("print(1)\n"), Language::Shell);
        assert_eq!(language_run_by_path("echo\n"), Language::Shell);
    }

    #[test]
    fn binaries_are_told_as_bash_tells_them() {
        assert!(is_binary(b"\x7fELF\x02\x01\x01\0\0"));
        assert!(!is_binary(b"rm -rf ~\n\0\0"));
        assert!(!is_binary(b"MZ=1; rm -rf ~\n"));
    }

    #[test]
    fn reads_text_not_binaries() {
        let dir = std::env::temp_dir().join(format!("safety-net-scripts-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let script = dir.join("x.sh");
        std::fs::write(&script, "echo hi\n").unwrap();
        let binary = dir.join("bin");
        std::fs::write(&binary, b"\x7fELF\0\0").unwrap();
        let at = |path: &std::path::Path| AbsPath::new(&path.to_string_lossy()).unwrap();
        assert_eq!(read(&at(&script), Binaries::Skipped), OnDisk::Text("echo hi\n".into()));
        assert_eq!(read(&at(&binary), Binaries::Skipped), OnDisk::Binary);
        assert!(
            matches!(read(&at(&binary), Binaries::Read), OnDisk::Text(_)),
            "dash reads on"
        );
        assert_eq!(read(&at(&dir.join("none")), Binaries::Skipped), OnDisk::Missing);
        assert_eq!(read(&at(&dir), Binaries::Skipped), OnDisk::Missing);
        let too_long = dir.join("x".repeat(300));
        assert!(
            matches!(read(&at(&too_long), Binaries::Skipped), OnDisk::Unreadable(_)),
            "a name too long"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
