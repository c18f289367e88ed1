//! The user's aliases that the agent's shell applies to every command: Claude Code sources a
//! snapshot of the user's startup files (`~/.claude/shell-snapshots/snapshot-*.sh`) before each
//! command and turns alias expansion on, so `k delete ns prod` with `alias k=kubectl` runs
//! `kubectl delete ns prod`.

use std::path::Path;

/// The most of a snapshot read: a startup file's aliases sit in its first megabytes.
const MOST_SNAPSHOT_BYTES: u64 = 4 << 20;

/// The aliases `alias` lines of a shell script define, by name, in order: `alias ll='ls -la'`,
/// `alias -- -='cd -'`, several on one line. Lines that are not simple definitions are skipped.
pub fn parse(script: &str) -> Vec<(String, String)> {
    let mut aliases = Vec::new();
    for line in script.lines() {
        let Some(rest) = line.trim_start().strip_prefix("alias ") else {
            continue;
        };
        let Ok(words) = shell_words::split(rest) else {
            continue;
        };
        for word in words.iter().filter(|word| *word != "--") {
            if let Some((name, value)) = word.split_once('=')
                && !name.is_empty()
                && !name.starts_with('-')
            {
                aliases.retain(|(known, _): &(String, String)| known != name);
                aliases.push((name.to_owned(), value.to_owned()));
            }
        }
    }
    aliases
}

/// The aliases of the newest of Claude Code's shell snapshots in `config` (its settings folder,
/// `~/.claude` or `$CLAUDE_CONFIG_DIR`); none when there is no snapshot to read.
pub fn from_claude_snapshots(config: &Path) -> Vec<(String, String)> {
    let Ok(entries) = std::fs::read_dir(config.join("shell-snapshots")) else {
        return Vec::new();
    };
    let newest = entries
        .filter_map(Result::ok)
        .filter(|entry| {
            let name = entry.file_name();
            let name = name.to_string_lossy();
            name.starts_with("snapshot-") && name.ends_with(".sh")
        })
        .filter_map(|entry| Some((entry.metadata().ok()?.modified().ok()?, entry.path())))
        .max_by_key(|(modified, _)| *modified);
    let Some((_, path)) = newest else {
        return Vec::new();
    };
    let Ok(file) = std::fs::File::open(path) else {
        return Vec::new();
    };
    let mut text = String::new();
    let _ = std::io::Read::read_to_string(&mut std::io::Read::take(file, MOST_SNAPSHOT_BYTES), &mut text);
    parse(&text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_alias_lines_as_bash_prints_them() {
        let script = "# Aliases\nalias -- -='cd -'\nalias k='kubectl'\nalias gpf='git push --force'\n\
                      alias ll='ls -la' la='ls -A'\nalias q='echo '\\''hi'\\'''\nexport X=1\nalias k=kubecolor\n";
        let aliases = parse(script);
        let value = |name: &str| aliases.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str());
        assert_eq!(value("k"), Some("kubecolor"));
        assert_eq!(value("gpf"), Some("git push --force"));
        assert_eq!(value("la"), Some("ls -A"));
        assert_eq!(value("q"), Some("echo 'hi'"));
        assert_eq!(value("-"), None);
        assert_eq!(value("X"), None);
    }
}
