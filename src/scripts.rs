//! Scripts a command runs from disk (`bash deploy.sh`, `./x.sh`, `python3 tool.py`): read when
//! they are regular text files under a size cap, their language told by the `#!` line or, for
//! an interpreter's script without one, by the file name.

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
    Text(String),
}

/// Reads the script at `path`.
pub fn read(path: &AbsPath) -> OnDisk {
    let native = native(path);
    let Ok(metadata) = std::fs::metadata(&native) else {
        return OnDisk::Missing;
    };
    if metadata.is_dir() {
        return OnDisk::Missing;
    }
    if !metadata.is_file() {
        return OnDisk::Special;
    }
    let Ok(mut file) = std::fs::File::open(&native) else {
        return OnDisk::Missing;
    };
    // A compiled program is told by its first bytes, whatever its size.
    let mut head = Vec::with_capacity(HEAD_BYTES as usize);
    if (&mut file).take(HEAD_BYTES).read_to_end(&mut head).is_err() {
        return OnDisk::Missing;
    }
    if is_binary(&head) {
        return OnDisk::Binary;
    }
    if metadata.len() > MAX_SCRIPT_BYTES {
        return OnDisk::TooLarge(metadata.len());
    }
    let mut bytes = head;
    if file.take(MAX_SCRIPT_BYTES + 1).read_to_end(&mut bytes).is_err() {
        return OnDisk::Missing;
    }
    if bytes.len() as u64 > MAX_SCRIPT_BYTES {
        return OnDisk::TooLarge(bytes.len() as u64);
    }
    match String::from_utf8(bytes) {
        Ok(text) => OnDisk::Text(text),
        Err(error) => OnDisk::Text(String::from_utf8_lossy(error.as_bytes()).into_owned()),
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

/// The language of a script by its `#!` line, else by the extension of its name.
pub fn language(text: &str, name: &str) -> Option<Language> {
    let first = text.lines().next().unwrap_or("");
    Language::of_shebang(first).or_else(|| Language::of_extension(name))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn languages_by_shebang_then_name() {
        assert_eq!(language("#!/usr/bin/env python3\nx", "tool"), Some(Language::Python));
        assert_eq!(language("#!/bin/bash -e\n", "x.py"), Some(Language::Shell));
        assert_eq!(
            language("#!/usr/bin/env -S node --no-warnings\n", "x"),
            Some(Language::JavaScript)
        );
        assert_eq!(language("print(1)\n", "x.py"), Some(Language::Python));
        assert_eq!(language("echo\n", "x"), None);
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
        assert_eq!(read(&at(&script)), OnDisk::Text("echo hi\n".into()));
        assert_eq!(read(&at(&binary)), OnDisk::Binary);
        assert_eq!(read(&at(&dir.join("none"))), OnDisk::Missing);
        assert_eq!(read(&at(&dir)), OnDisk::Missing);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
