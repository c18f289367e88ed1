//! Changing an agent's configuration file in place: read it, change it, write it back only when
//! it differs, with a backup of the previous version that keeps the original's permissions (a
//! settings file may hold tokens), and in the original's indentation.

use super::InstallError;
use serde::Serialize;
use serde_json::{Map, Value};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// What install or uninstall did to one file.
#[derive(Debug, PartialEq, Eq)]
pub enum Change {
    /// The file was written; the old one, if any, was kept at `backup`.
    Written { file: PathBuf, backup: Option<PathBuf> },
    /// The file was removed: nothing of anybody else's was left in it.
    Removed { file: PathBuf },
    /// The file already said what it should.
    Unchanged { file: PathBuf },
}

impl std::fmt::Display for Change {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Change::Written {
                file,
                backup: Some(backup),
            } => write!(
                f,
                "updated {} (the previous version is in {})",
                file.display(),
                backup.display()
            ),
            Change::Written { file, backup: None } => write!(f, "created {}", file.display()),
            Change::Removed { file } => write!(f, "removed {}, which held nothing else", file.display()),
            Change::Unchanged { file } => write!(f, "{} already says so; nothing changed", file.display()),
        }
    }
}

/// Where the previous version of a file is kept.
pub fn backup_path(file: &Path) -> PathBuf {
    let mut name = file.file_name().unwrap_or_default().to_os_string();
    name.push(".safety-net-backup");
    file.with_file_name(name)
}

/// The text of `file`, `None` when it does not exist.
pub fn read_text(file: &Path) -> Result<Option<String>, InstallError> {
    match std::fs::read_to_string(file) {
        Ok(text) => Ok(Some(text)),
        Err(error) if error.kind() == io::ErrorKind::NotFound => Ok(None),
        Err(error) => Err(InstallError::Io(file.to_owned(), error)),
    }
}

/// Reads `file` as a JSON object (an empty one when it is missing or blank), applies `change`,
/// and writes it back with a backup when the result differs. With `remove_if_empty`, a file
/// this guard created (it has no backup) and left empty is removed. `change` refuses a file whose
/// shape it does not know by saying why: the file is then left untouched.
pub fn rewrite_json(
    file: &Path,
    remove_if_empty: bool,
    change: impl FnOnce(&mut Map<String, Value>) -> Result<(), String>,
) -> Result<Change, InstallError> {
    let existing = read_text(file)?;
    let before = match &existing {
        Some(text) if text.trim().is_empty() => Map::new(),
        Some(text) => match serde_json::from_str::<Value>(text) {
            Ok(Value::Object(map)) => map,
            Ok(_) => return Err(InstallError::Malformed(file.to_owned(), "not a JSON object".into())),
            Err(error) => return Err(InstallError::Malformed(file.to_owned(), error.to_string())),
        },
        None => Map::new(),
    };
    let mut after = before.clone();
    change(&mut after).map_err(|why| InstallError::Malformed(file.to_owned(), why))?;
    if after == before {
        return Ok(Change::Unchanged { file: file.to_owned() });
    }
    if remove_if_empty && after.is_empty() && existing.is_some() && !backup_path(file).exists() {
        std::fs::remove_file(file).map_err(|e| InstallError::Io(file.to_owned(), e))?;
        return Ok(Change::Removed { file: file.to_owned() });
    }
    let indent = existing.as_deref().map_or_else(|| "  ".to_owned(), indentation);
    let mut text = Vec::new();
    let formatter = serde_json::ser::PrettyFormatter::with_indent(indent.as_bytes());
    Value::Object(after)
        .serialize(&mut serde_json::Serializer::with_formatter(&mut text, formatter))
        .map_err(|e| InstallError::Malformed(file.to_owned(), e.to_string()))?;
    text.push(b'\n');
    write_with_backup(file, existing.as_deref(), &text)
}

/// Writes `text` to `file` (creating its folder), keeping the previous version, if any, beside it.
pub fn write_with_backup(file: &Path, existing: Option<&str>, text: &[u8]) -> Result<Change, InstallError> {
    if existing.is_some_and(|old| old.as_bytes() == text) {
        return Ok(Change::Unchanged { file: file.to_owned() });
    }
    if let Some(parent) = file.parent() {
        std::fs::create_dir_all(parent).map_err(|e| InstallError::Io(parent.to_owned(), e))?;
    }
    let backup = match existing {
        Some(old) => {
            let backup = backup_path(file);
            write_like(&backup, old.as_bytes(), file).map_err(|e| InstallError::Io(backup.clone(), e))?;
            Some(backup)
        }
        None => None,
    };
    // Writing over an existing file keeps its permissions.
    std::fs::write(file, text).map_err(|e| InstallError::Io(file.to_owned(), e))?;
    Ok(Change::Written {
        file: file.to_owned(),
        backup,
    })
}

/// Writes `text` to `path` with the permissions of `original`, never wider for a moment: the
/// file is created with them rather than changed afterwards.
fn write_like(path: &Path, text: &[u8], original: &Path) -> io::Result<()> {
    let permissions = std::fs::metadata(original)?.permissions();
    let _ = std::fs::remove_file(path);
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
        options.mode(permissions.mode() & 0o777);
    }
    let mut handle = options.open(path)?;
    handle.write_all(text)?;
    std::fs::set_permissions(path, permissions)
}

/// The indentation of a JSON text: the leading whitespace of its first indented line.
fn indentation(text: &str) -> String {
    text.lines()
        .skip(1)
        .map(|line| &line[..line.len() - line.trim_start().len()])
        .find(|lead| !lead.is_empty())
        .unwrap_or("  ")
        .to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indentation_is_read_from_the_text() {
        assert_eq!(indentation("{\n    \"a\": 1\n}"), "    ");
        assert_eq!(indentation("{\n\t\"a\": 1\n}"), "\t");
        assert_eq!(indentation("{\"a\": 1}"), "  ");
    }
}
