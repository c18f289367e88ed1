//! Git's pathspecs, as `git rm` reads them: git matches each against the files it tracks
//! itself, so a quoted glob picks files in any folder below (`'.claude/*'`, `'*.json'`: a `*`
//! spans `/`), `:(glob)` patterns match folder by folder (`**` for any number), `:(icase)`
//! ignores case, `:/` and `:(top)` start at the top of the work tree, `:!` and `:(exclude)`
//! take files out, and a plain path names a file or, recursively, a folder and all below it.

/// How the command line tells git to read every pathspec: `--literal-pathspecs`,
/// `--glob-pathspecs`, `--noglob-pathspecs`, `--icase-pathspecs` (or their variables).
#[derive(Clone, Copy, Debug, Default)]
pub struct Reading {
    pub literal: bool,
    pub glob: bool,
    pub noglob: bool,
    pub icase: bool,
}

/// One pathspec, read.
#[derive(Clone, Debug)]
pub struct Pathspec {
    /// The path or pattern relative to the top of the work tree (empty for all of it).
    pattern: String,
    /// Written with a `/` at its end: it names a folder only.
    folder: bool,
    /// Wildcards are plain characters (`:(literal)`, or no `*`, `?`, `[` in it).
    literal: bool,
    /// `:(glob)`: a `*` stays within a folder, `**` spans folders.
    glob: bool,
    icase: bool,
    /// `:!`, `:^`, `:(exclude)`: the files it names are taken out of what the others name.
    pub exclude: bool,
}

impl Pathspec {
    /// `text` as git reads it in the folder `prefix` of the work tree (its components below
    /// the top); `None` for what git refuses (an unknown magic word, a path out of the tree).
    pub fn parse(text: &str, prefix: &[&str], reading: Reading) -> Option<Pathspec> {
        let mut spec = Pathspec {
            pattern: String::new(),
            folder: false,
            literal: reading.literal || reading.noglob,
            glob: reading.glob,
            icase: reading.icase,
            exclude: false,
        };
        let mut top = false;
        let mut rest = text;
        if !reading.literal {
            if let Some(after) = text.strip_prefix(":(") {
                let (magic, pattern) = after.split_once(')')?;
                for word in magic.split(',') {
                    match word.trim() {
                        "top" => top = true,
                        "literal" => spec.literal = true,
                        "glob" => (spec.glob, spec.literal) = (true, false),
                        "icase" => spec.icase = true,
                        "exclude" => spec.exclude = true,
                        // What attributes a file has is not known here: the pattern alone says.
                        word if word.starts_with("attr:") || word.starts_with("prefix:") => {}
                        _ => return None,
                    }
                }
                if magic.split(',').any(|word| word.trim() == "literal") && spec.glob {
                    return None;
                }
                rest = pattern;
            } else if let Some(after) = text.strip_prefix(':') {
                let end = after.find(|c| !matches!(c, '/' | '!' | '^')).unwrap_or(after.len());
                top = after[..end].contains('/');
                spec.exclude = after[..end].contains(['!', '^']);
                rest = after[end..].strip_prefix(':').unwrap_or(&after[end..]);
            }
        }
        spec.folder = rest.ends_with('/');
        let mut components: Vec<&str> = if top { Vec::new() } else { prefix.to_vec() };
        for component in rest.split('/') {
            match component {
                "" | "." => {}
                ".." => {
                    components.pop()?;
                }
                _ => components.push(component),
            }
        }
        spec.pattern = components.join("/");
        spec.literal |= !spec.pattern.contains(['*', '?', '[']);
        Some(spec)
    }

    /// Whether the pathspec names the tracked file `file` (its path below the top): the file
    /// itself, a folder holding it when the command goes into folders (`recursive`, `git rm
    /// -r`), or a pattern matching it.
    pub fn names(&self, file: &str, recursive: bool) -> bool {
        let (pattern, file) = if self.icase {
            (self.pattern.to_lowercase(), file.to_lowercase())
        } else {
            (self.pattern.clone(), file.to_owned())
        };
        if self.literal {
            return (file == pattern && !self.folder)
                || recursive && (pattern.is_empty() || file.starts_with(&format!("{pattern}/")));
        }
        if self.folder {
            return false;
        }
        if self.glob {
            let pattern: Vec<&str> = pattern.split('/').collect();
            let file: Vec<&str> = file.split('/').collect();
            return folder_by_folder(&pattern, &file);
        }
        crate::paths::glob_matches(&pattern, &file)
    }
}

/// Whether the components of a `:(glob)` pattern match those of a path: `**` any number of
/// folders, any other component the one in its place.
fn folder_by_folder(pattern: &[&str], path: &[&str]) -> bool {
    match pattern.split_first() {
        None => path.is_empty(),
        Some((&"**", rest)) => (0..=path.len()).any(|skip| folder_by_folder(rest, &path[skip..])),
        Some((component, rest)) => path
            .split_first()
            .is_some_and(|(name, below)| crate::paths::glob_matches(component, name) && folder_by_folder(rest, below)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(text: &str, prefix: &[&str], file: &str, recursive: bool) -> bool {
        Pathspec::parse(text, prefix, Reading::default()).is_some_and(|spec| spec.names(file, recursive))
    }

    #[test]
    fn pathspecs_match_as_git_matches_them() {
        let settings = ".claude/settings.json";
        for (text, recursive) in [
            (".claude/*", false),
            ("*.json", false),
            (".c*", false),
            ("**/settings.json", false),
            (":(glob).claude/**", false),
            (":(glob).claude/*", false),
            (":(glob).claude/**/*.json", false),
            (":(glob)**/settings.json", false),
            (":(icase).CLAUDE/settings.json", false),
            (".claude", true),
            (".claude/", true),
            (".", true),
            (":/", true),
        ] {
            assert!(names(text, &[], settings, recursive), "{text}");
        }
        for (text, recursive) in [
            (".claude", false),
            (".cl?ude", true),
            (".claude/*/", true),
            (":(glob).c*", true),
            (":(literal).claude/*", true),
            (".claude/settings.json/", true),
            ("settings.json", true),
            (".CLAUDE/settings.json", false),
        ] {
            assert!(!names(text, &[], settings, recursive), "{text}");
        }
        assert!(names("../.claude/*", &["sub"], settings, false));
        assert!(names(":/.claude/settings.json", &["sub"], settings, false));
        assert!(!names("*.json", &["sub"], settings, false));
        assert!(!names("../../x", &["sub"], settings, true));
        assert!(Pathspec::parse(":(nonsense)x", &[], Reading::default()).is_none());
        assert!(Pathspec::parse(":!.claude", &[], Reading::default()).is_some_and(|spec| spec.exclude));
    }
}
