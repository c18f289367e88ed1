//! Coverage of the public catalogues of programs that run commands: every GTFOBins entry and
//! function (`catalogues/gtfobins.tsv`), each covered by what the registry and the checkers know
//! of the program, excluded with a reason, or open; and the LOLBAS entries Windows' own reader
//! will judge (`catalogues/lolbas.tsv`). `safety-net coverage` prints `docs/coverage.md`.

use crate::checks;
use crate::files;
use crate::producers;
use crate::registry;
use std::collections::BTreeMap;
use std::fmt::Write;

const GTFOBINS: &str = include_str!("../catalogues/gtfobins.tsv");
const LOLBAS: &str = include_str!("../catalogues/lolbas.tsv");

/// Where one function of one entry stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    Covered,
    Excluded(String),
    Open,
}

/// One GTFOBins entry: its names, its functions, and the functions excluded with why (`*` for
/// the whole entry).
pub struct Entry {
    pub program: String,
    pub aliases: Vec<String>,
    pub functions: Vec<String>,
    pub exclusions: Vec<(String, String)>,
}

impl Entry {
    /// Why `function` (or the whole entry) is excluded, if it is.
    fn exclusion(&self, function: &str) -> Option<&str> {
        self.exclusions
            .iter()
            .find(|(excluded, _)| excluded == "*" || excluded == function)
            .map(|(_, reason)| reason.as_str())
    }
}

/// The GTFOBins checklist.
pub fn gtfobins() -> Vec<Entry> {
    GTFOBINS
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            let list = |index: usize| -> Vec<String> {
                fields
                    .get(index)
                    .map(|f| f.split(',').filter(|s| !s.is_empty()).map(str::to_owned).collect())
                    .unwrap_or_default()
            };
            Entry {
                program: fields[0].to_owned(),
                aliases: list(1),
                functions: list(2),
                exclusions: fields
                    .get(3)
                    .map(|f| {
                        f.split('|')
                            .filter_map(|e| e.split_once('='))
                            .map(|(function, reason)| (function.to_owned(), reason.to_owned()))
                            .collect()
                    })
                    .unwrap_or_default(),
            }
        })
        .collect()
}

/// Whether what the analyzer knows of `entry` covers `function`.
pub fn status(entry: &Entry, function: &str) -> Status {
    if let Some(reason) = entry.exclusion(function) {
        return Status::Excluded(reason.to_owned());
    }
    let names: Vec<&str> = std::iter::once(entry.program.as_str())
        .chain(entry.aliases.iter().map(String::as_str))
        .collect();
    let any = |test: &dyn Fn(&str) -> bool| names.iter().any(|name| test(name));
    let runs = any(&|name| registry::roles(name).runs);
    // A shell's reads, writes and transfers are commands, each judged; code the interpreters'
    // readers read is judged for the files it writes.
    if any(&|name| crate::language::is_shell(name)) {
        return Status::Covered;
    }
    let read_code = any(&|name| crate::language::Language::of_interpreter(name).is_some());
    let covered = match function {
        "shell" | "command" | "bind-shell" | "inherit" => runs,
        "reverse-shell" => runs || any(&|name| checks::carries_shells(name)),
        "file-write" => read_code || any(&|name| registry::roles(name).writes || checks::writes(name)),
        // The interpreters' readers see the files code reads and writes: a secret read to be
        // sent is judged as read, a download as the file it writes.
        "file-read" => read_code || any(&|name| registry::roles(name).reads || files::READERS.contains(&name)),
        "upload" => read_code || any(&|name| checks::sends(name) || registry::roles(name).sends),
        "download" => {
            read_code
                || any(&|name| {
                    let roles = registry::roles(name);
                    producers::FETCHERS.contains(&name) || roles.writes || roles.fetches || checks::writes(name)
                })
        }
        "library-load" => any(&|name| registry::roles(name).loads),
        _ => false,
    };
    if covered { Status::Covered } else { Status::Open }
}

/// `docs/coverage.md`: per function, how many entries are covered, excluded and open, then
/// the open and excluded entries by name.
pub fn markdown() -> String {
    let entries = gtfobins();
    let mut by_function: BTreeMap<String, (usize, usize, usize)> = BTreeMap::new();
    let mut open: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut excluded: Vec<(String, String)> = Vec::new();
    for entry in &entries {
        for (function, reason) in &entry.exclusions {
            excluded.push((format!("{} ({function})", entry.program), reason.clone()));
        }
        for function in &entry.functions {
            let counts = by_function.entry(function.clone()).or_default();
            match status(entry, function) {
                Status::Covered => counts.0 += 1,
                Status::Excluded(_) => counts.1 += 1,
                Status::Open => {
                    counts.2 += 1;
                    open.entry(function.clone()).or_default().push(entry.program.clone());
                }
            }
        }
    }
    let mut out = String::new();
    let _ = writeln!(out, "# Coverage of the public catalogues\n");
    let _ = writeln!(
        out,
        "Generated by `safety-net coverage` from `catalogues/gtfobins.tsv`, `catalogues/lolbas.tsv` and the registry; `cargo test` fails when it is out of date.\n"
    );
    let _ = writeln!(
        out,
        "An entry's function is *covered* when the registry or a checker reads the program for it: what it runs (its argv, an option or operand that is a command or code, its standard input, a script it runs), the files it writes or reads, what it sends over the network, the libraries it loads. The sudo/SUID/capabilities framing of the catalogue is left out: the question here is what the program does.\n"
    );
    let _ = writeln!(out, "## GTFOBins: {} entries\n", entries.len());
    let _ = writeln!(out, "| function | covered | excluded | open |\n|---|---|---|---|");
    for (function, (covered, excluded, open)) in &by_function {
        let _ = writeln!(out, "| {function} | {covered} | {excluded} | {open} |");
    }
    let entries_excluded = entries.iter().filter(|e| !e.exclusions.is_empty()).count();
    let _ = writeln!(out, "\n### Excluded ({entries_excluded} entries)\n");
    for (program, reason) in &excluded {
        let _ = writeln!(out, "- `{program}`: {reason}");
    }
    let _ = writeln!(out, "\n### Open\n");
    if open.is_empty() {
        let _ = writeln!(out, "None.");
    }
    for (function, programs) in &open {
        let _ = writeln!(out, "- {function} ({}): {}", programs.len(), programs.join(", "));
    }
    let lolbas: Vec<&str> = LOLBAS
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .collect();
    let _ = writeln!(
        out,
        "\n## LOLBAS: {} entries\n\nWindows binaries, scripts and libraries with execute, download, copy or write functions. Their command lines are Windows' (`cmd`, PowerShell), which the analyzer does not read yet: all are open, for the Windows reader to judge.\n",
        lolbas.len()
    );
    let _ = writeln!(out, "| entry | functions |\n|---|---|");
    for line in lolbas {
        let fields: Vec<&str> = line.split('\t').collect();
        let _ = writeln!(out, "| {} | {} |", fields[0], fields.get(1).copied().unwrap_or(""));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every covered entry has its pair in `corpus/catalogue.txt`: a case that is stopped (the
    /// program's mechanism carrying a harmful payload) and one that passes (an everyday use; for
    /// a program that changes user, one that asks only because it does), each naming the
    /// program or one of its aliases.
    #[test]
    fn every_covered_entry_has_a_corpus_pair() {
        const CORPUS: &str = include_str!("../corpus/catalogue.txt");
        let cases: Vec<(bool, Vec<String>)> = CORPUS
            .lines()
            .filter(|line| !line.starts_with(['#', ' ']) && !line.trim().is_empty())
            .filter_map(|line| {
                let (header, command) = line.split_once(": ")?;
                let words = command
                    .split(|c: char| !(c.is_ascii_alphanumeric() || "._+-".contains(c)))
                    .map(str::to_ascii_lowercase)
                    .collect();
                // For programs that change user, the everyday use asks by policy.
                let passes = header.starts_with("allow") || header.starts_with("ask privilege-escalation");
                Some((passes, words))
            })
            .collect();
        let mut missing = Vec::new();
        for entry in gtfobins() {
            let covered = entry.functions.iter().any(|f| status(&entry, f) == Status::Covered);
            if !covered {
                continue;
            }
            let names: Vec<String> = std::iter::once(&entry.program)
                .chain(&entry.aliases)
                .map(|name| name.to_ascii_lowercase())
                .collect();
            let has = |allowed: bool| {
                cases
                    .iter()
                    .any(|(allow, words)| *allow == allowed && words.iter().any(|word| names.contains(word)))
            };
            if !has(true) || !has(false) {
                missing.push(entry.program.clone());
            }
        }
        assert!(
            missing.is_empty(),
            "{} covered entries lack a stopped case or a passing case in corpus/catalogue.txt: {}",
            missing.len(),
            missing.join(", ")
        );
    }

    #[test]
    fn every_checklist_function_is_covered_or_excluded() {
        let entries = gtfobins();
        assert!(entries.len() >= 450, "the checklist lists {} entries", entries.len());
        let excluded = entries.iter().filter(|e| !e.exclusions.is_empty()).count();
        assert!(
            excluded * 100 < entries.len() * 15,
            "{excluded} of {} entries are excluded: at most 15% may be",
            entries.len()
        );
        let open: Vec<String> = entries
            .iter()
            .flat_map(|entry| {
                entry
                    .functions
                    .iter()
                    .filter(|function| status(entry, function) == Status::Open)
                    .map(|function| format!("{} ({function})", entry.program))
            })
            .collect();
        // Every function is covered, read for its mechanism, or excluded with its reason.
        assert!(
            open.is_empty(),
            "{} functions are neither covered nor excluded: {}",
            open.len(),
            open.join(", ")
        );
    }
}
