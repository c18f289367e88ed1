//! What a path written with a glob, or the paths a search prints, may be once the command
//! runs. Bash expands a glob in a redirection's target when it matches one file (`>> ~/.bashr?`
//! appends to `~/.bashrc`) and in a writer's arguments as anywhere, so the file policy judges
//! the files it could pick as if they were named. Where the disk may be read, those are the
//! entries bash expands it to (none: the pattern itself, a file of that odd name); where it may
//! not (the corpus, the rules' examples), every protected file the tables name that the pattern
//! matches, or when it matches none, a file of no known name.

use crate::context::{self, Context};
use crate::files;
use crate::paths::{self, AbsPath, Cwd, Target};
use crate::word::Word;

/// How many paths a pattern is judged as at most: `*/*/*` in a big tree stops there.
const MOST_PATHS: usize = 64;

/// How many entries of a folder are read for a pattern's matches at most.
const MOST_ENTRIES: usize = 4096;

/// The paths `word`, a glob, may name once bash expands it: each glob component replaced by
/// the entries of the folder before it that it matches. Empty when `word` has no glob or a part
/// only known at run time, or is relative to a folder not known.
pub fn expansions(word: &Word, cwd: &Cwd, context: &Context) -> Vec<AbsPath> {
    if !word.has_glob() {
        return Vec::new();
    }
    let Some(pattern) = word.pattern() else {
        return Vec::new();
    };
    let full = match (AbsPath::new(&pattern), cwd) {
        (Some(path), _) => path,
        (None, Cwd::Known(dir)) => dir.join(&pattern),
        (None, Cwd::Unknown(_)) => return Vec::new(),
    };
    let mut expanded = vec![AbsPath::root()];
    for component in full.components() {
        if paths::is_glob(component) {
            expanded = expanded
                .iter()
                .flat_map(|dir| {
                    entries_matching(dir, component, context)
                        .into_iter()
                        .map(move |name| dir.join(&name))
                })
                .take(MOST_PATHS)
                .collect();
        } else {
            let name = paths::unescape(component);
            for path in &mut expanded {
                *path = path.join(&name);
            }
        }
    }
    // A pattern ending in `/` matches folders only (`mv .claude/*/ x` leaves `settings.json`).
    if pattern.ends_with('/') && context.read_scripts {
        expanded.retain(|path| {
            let native = context::native(path);
            let entry = std::path::Path::new(&native);
            entry.is_dir() || !on_disk(path)
        });
    }
    expanded
}

/// The protected files and folders a search below `dir` for names like `name` (any, with
/// `None`) may print (those on disk, where the disk may be read). The others it finds are the
/// search's own business: `find ~ -name '*.img' -exec truncate …` is judged by what it finds.
pub fn found(dir: &AbsPath, name: Option<&str>, context: &Context) -> Vec<AbsPath> {
    let mut found: Vec<AbsPath> = files::protected_paths_below(dir, context)
        .into_iter()
        .filter_map(|path| {
            let rest = path.relative_to(dir)?;
            let at = match name {
                Some(pattern) => rest.iter().position(|entry| paths::glob_matches(pattern, entry))?,
                None => rest.len().checked_sub(1)?,
            };
            Some(dir.join(&rest[..=at].join("/")))
        })
        .filter(|path| !context.read_scripts || on_disk(path))
        .collect();
    found.sort();
    found.dedup();
    found
}

/// The paths a write target only known as [`Target::Below`] or [`Target::Contents`] may be: a
/// glob's expansions, or what a search it was substituted from finds.
pub fn written_places(word: &Word, target: &Target, cwd: &Cwd, context: &Context) -> Vec<AbsPath> {
    if word.has_glob() {
        return expansions(word, cwd, context);
    }
    match target {
        Target::Below { dir, name, deep: true } => found(dir, name.as_deref(), context),
        // Every path a search of a folder finds (`find ~/.claude -type f -exec … {} \;`).
        Target::Contents(dir) => found(dir, None, context),
        _ => Vec::new(),
    }
}

/// The names of `dir`'s entries that `pattern` matches as bash matches them: those on disk
/// (none: bash keeps the pattern as the name), or without the disk, the protected ones it could
/// be, else the pattern itself, standing for a file of no known name.
fn entries_matching(dir: &AbsPath, pattern: &str, context: &Context) -> Vec<String> {
    if context.read_scripts {
        if let Ok(entries) = std::fs::read_dir(context::native(dir)) {
            let mut read = 0;
            let mut names = Vec::new();
            for entry in entries.flatten() {
                read += 1;
                if read > MOST_ENTRIES {
                    break;
                }
                let name = entry.file_name().to_string_lossy().into_owned();
                if paths::pattern_matches_entry(pattern, &name) {
                    names.push(name);
                }
            }
            if read <= MOST_ENTRIES {
                if names.is_empty() {
                    names.push(pattern.to_owned());
                }
                return names;
            }
        } else {
            return vec![pattern.to_owned()];
        }
    }
    let mut names: Vec<String> = Vec::new();
    for path in files::protected_paths_below(dir, context) {
        if let Some(entry) = path.relative_to(dir).and_then(|rest| rest.first().copied())
            && paths::pattern_matches_entry(pattern, entry)
            && !names.iter().any(|known| known == entry)
        {
            names.push(entry.to_owned());
        }
    }
    if names.is_empty() {
        names.push(pattern.to_owned());
    }
    names
}

fn on_disk(path: &AbsPath) -> bool {
    std::fs::symlink_metadata(context::native(path)).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn expanded(text: &str) -> Vec<String> {
        let context = Context::example();
        let span = crate::source::Span::default();
        let part = crate::word::Part::Literal {
            text: text.to_owned(),
            quoting: crate::word::Quoting::Bare,
            span,
        };
        let word = Word::from_parts(vec![part], span);
        expansions(&word, &Cwd::Known(context.project_root.clone()), &context)
            .iter()
            .map(|path| path.as_str().to_owned())
            .collect()
    }

    #[test]
    fn a_glob_may_be_each_protected_file_it_matches() {
        assert!(expanded("/home/user/.b*c").contains(&"/home/user/.bashrc".to_owned()));
        assert!(expanded("/home/user/.ssh/auth*").contains(&"/home/user/.ssh/authorized_keys".to_owned()));
        assert!(expanded("/home/user/.c*/settings.json").contains(&"/home/user/.claude/settings.json".to_owned()));
        assert!(expanded(".git/hooks/pre-*").contains(&"/home/user/work/project/.git/hooks/pre-*".to_owned()));
    }

    #[test]
    fn a_glob_matching_no_protected_file_is_a_file_of_its_own_name() {
        assert_eq!(
            expanded("out/*.log"),
            vec!["/home/user/work/project/out/*.log".to_owned()]
        );
        assert!(expanded("plain").is_empty());
    }

    #[test]
    fn a_search_finds_the_protected_files_named_like_its_filter() {
        let context = Context::example();
        let home = context.home.clone();
        let found = found(&home, Some(".bashrc"), &context);
        assert!(found.contains(&home.join(".bashrc")));
        let found = super::found(&home.join(".claude"), Some("settings.json"), &context);
        assert!(found.contains(&home.join(".claude/settings.json")));
    }
}
