//! Paths: resolving a decoded word to an absolute path (or to what can be said of it), and
//! matching globs. What a path *is* (your home, the project, a system directory) is the place
//! policy's, in `places`.
//!
//! Paths are handled lexically, as text: nothing here touches the file system, so a command is
//! judged the same way whether or not its targets exist yet. Windows forms are folded into one
//! namespace: `C:\x`, `C:/x` and Git-Bash's `/c/x` are the same path, compared without case.

use crate::command::Output;
use crate::word::{DynamicKind, GLOB_ESCAPE, Part, Word};

/// An absolute, lexically normalized path: `/`, or `/a/b` without `.`, `..`, `//` or a trailing
/// slash.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AbsPath(String);

impl AbsPath {
    pub fn root() -> AbsPath {
        AbsPath("/".to_owned())
    }

    /// A path already in normal form (`/`-separated, no `.` or `..`, no trailing `/`).
    pub(crate) fn normalized(text: String) -> AbsPath {
        AbsPath(text)
    }

    /// Parses an absolute path, in Unix or Windows form; `None` for a relative one.
    pub fn new(text: &str) -> Option<AbsPath> {
        let text = text.trim_end_matches(['\r', '\n']);
        if let Some(rest) = strip_drive(text) {
            let mut path = AbsPath(format!("/{}", text[..1].to_ascii_lowercase()));
            path.push_components(&rest.replace('\\', "/"));
            return Some(path);
        }
        if text.starts_with('/') {
            return Some(AbsPath::root().join(text));
        }
        None
    }

    /// Resolves `relative` against this path (an absolute `relative` replaces it).
    pub fn join(&self, relative: &str) -> AbsPath {
        if relative.starts_with('/') {
            let mut path = AbsPath(String::with_capacity(relative.len()));
            path.0.push('/');
            path.push_components(relative);
            return path;
        }
        if strip_drive(relative).is_some() {
            return AbsPath::new(relative).unwrap_or_else(AbsPath::root);
        }
        // Room for the whole result at once: growing it component by component reallocated.
        let mut path = AbsPath(String::with_capacity(self.0.len() + 1 + relative.len()));
        path.0.push_str(&self.0);
        if self.is_windows() && relative.contains('\\') {
            path.push_components(&relative.replace('\\', "/"));
        } else {
            path.push_components(relative);
        }
        path
    }

    fn push_components(&mut self, relative: &str) {
        for component in relative.split('/') {
            match component {
                "" | "." => {}
                ".." => {
                    if let Some(cut) = self.0.rfind('/') {
                        self.0.truncate(cut.max(1));
                    }
                }
                name => {
                    if self.0 != "/" {
                        self.0.push('/');
                    }
                    self.0.push_str(name);
                }
            }
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn is_root(&self) -> bool {
        self.0 == "/"
    }

    pub fn components(&self) -> impl DoubleEndedIterator<Item = &str> {
        self.0.split('/').filter(|c| !c.is_empty())
    }

    pub fn depth(&self) -> usize {
        self.components().count()
    }

    pub fn name(&self) -> Option<&str> {
        self.0.rsplit('/').next().filter(|name| !name.is_empty())
    }

    pub fn parent(&self) -> Option<AbsPath> {
        if self.is_root() {
            return None;
        }
        let cut = self.0.rfind('/').unwrap_or(0);
        Some(AbsPath(if cut == 0 {
            "/".to_owned()
        } else {
            self.0[..cut].to_owned()
        }))
    }

    /// Whether this is a Windows drive path (`/c/…`, `/mnt/c/…`), compared without case.
    pub fn is_windows(&self) -> bool {
        // On the bytes of the normal form (no `//`, no trailing `/`): this runs for every path
        // compared, and splitting into components cost a fifth of an analysis.
        let bytes = self.0.as_bytes();
        let drive_at = |at: usize| {
            bytes.get(at).is_some_and(u8::is_ascii_alphabetic) && bytes.get(at + 1).is_none_or(|&next| next == b'/')
        };
        drive_at(1) || (bytes.starts_with(b"/mnt/") && drive_at(5))
    }

    /// Whether `self` is `base` or inside it.
    pub fn starts_with(&self, base: &AbsPath) -> bool {
        self.starts_with_text(base.as_str(), base.is_windows())
    }

    /// Whether `self` is `base` or inside it, `base` being a path in normal form (a constant
    /// Unix folder such as `/etc`: `base_is_windows` false). Nothing is allocated: the tables of
    /// system and temporary folders are compared with every path a command names.
    pub fn starts_with_text(&self, base: &str, base_is_windows: bool) -> bool {
        if base == "/" {
            return true;
        }
        let insensitive = base_is_windows || self.is_windows();
        let (a, b) = (self.as_str().as_bytes(), base.as_bytes());
        let same_prefix = a.len() >= b.len()
            && if insensitive {
                a[..b.len()].eq_ignore_ascii_case(b)
            } else {
                a.starts_with(b)
            };
        same_prefix && (a.len() == b.len() || a[b.len()] == b'/')
    }

    /// Whether `self` is strictly inside `base`.
    pub fn is_inside(&self, base: &AbsPath) -> bool {
        self.starts_with(base) && !self.same(base)
    }

    pub fn same(&self, other: &AbsPath) -> bool {
        if self.is_windows() || other.is_windows() {
            self.0.eq_ignore_ascii_case(&other.0)
        } else {
            self.0 == other.0
        }
    }

    /// The path below `base`, as components, when `self` is inside it.
    pub fn relative_to<'a>(&'a self, base: &AbsPath) -> Option<Vec<&'a str>> {
        self.starts_with(base)
            .then(|| self.components().skip(base.depth()).collect())
    }
}

impl std::fmt::Display for AbsPath {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// A home folder the analysis holds in its normal form (`/c/Users/me`) written as Windows
/// writes it (`C:\Users\me`); `None` when it is no Windows path (`/mnt/c/…` is WSL's Linux).
pub fn windows_form(home: &str) -> Option<String> {
    if strip_drive(home).is_some() {
        return Some(home.to_owned());
    }
    let bytes = home.as_bytes();
    let drive = bytes.get(1).filter(|b| b.is_ascii_alphabetic())?;
    if bytes[0] != b'/' || bytes.get(2).is_some_and(|b| *b != b'/') {
        return None;
    }
    Some(format!(
        "{}:{}",
        drive.to_ascii_uppercase() as char,
        home[2..].replace('/', "\\")
    ))
}

/// Whether a path component is a drive letter (`c` of `/c/Users`).
pub fn is_drive_letter(component: &str) -> bool {
    component.len() == 1 && component.as_bytes()[0].is_ascii_alphabetic()
}

/// `C:\x` or `C:/x` (or `C:`): the rest after the drive.
fn strip_drive(text: &str) -> Option<&str> {
    let bytes = text.as_bytes();
    if bytes.len() >= 2 && bytes[0].is_ascii_alphabetic() && bytes[1] == b':' {
        let rest = &text[2..];
        if rest.is_empty() || rest.starts_with(['/', '\\']) {
            return Some(rest);
        }
    }
    None
}

/// The working directory a command runs in, as far as the analysis can tell.
#[derive(Clone, Debug, PartialEq)]
pub enum Cwd {
    Known(AbsPath),
    /// After `cd "$X"` or `cd -`: relative paths cannot be placed.
    Unknown(String),
}

/// Where a path argument points.
#[derive(Clone, Debug, PartialEq)]
pub enum Target {
    /// A known path.
    Path(AbsPath),
    /// Everything in a directory (`dir/*`, `dir/.*`).
    Contents(AbsPath),
    /// Some entries below a directory: those matching a glob (`dir/*.log`), or paths found at
    /// run time (`find dir -exec rm {} +`), filtered by a name pattern when one is known.
    /// `deep` when the paths are found at any depth below `dir` (a search's), not only among its
    /// entries (a glob's).
    Below {
        dir: AbsPath,
        name: Option<String>,
        deep: bool,
    },
    /// Inside a temporary directory made at run time (`$(mktemp -d)`).
    Temporary,
    /// A place only known at run time.
    Unknown { guarded: bool, what: String },
}

/// Resolves a decoded word to the place it points at, lexically (`a/../b` is `b`).
pub fn resolve(word: &Word, cwd: &Cwd) -> Target {
    resolve_with(word, cwd, &|dir| dir.clone())
}

/// [`resolve`], a `..` going up from where `real_folder` says the folder before it really is, as
/// the kernel goes up from a link's target (`link/../x` is beside what `link` points at).
pub fn resolve_with(word: &Word, cwd: &Cwd, real_folder: &dyn Fn(&AbsPath) -> AbsPath) -> Target {
    if let Some(Part::Dynamic(first)) = word.parts.first() {
        match &first.kind {
            DynamicKind::CommandOutput(Output::TemporaryPath) => return Target::Temporary,
            // Paths a search printed, substituted (`cat $(find ~/.ssh -name 'id_*')`).
            DynamicKind::PathUnder(found) | DynamicKind::CommandOutput(Output::PathsUnder(found)) => {
                return match &found.roots {
                    Some(roots) if roots.len() == 1 => {
                        let dir = roots[0].clone();
                        if found.filtered {
                            Target::Below {
                                dir,
                                name: found.name.clone(),
                                deep: true,
                            }
                        } else {
                            Target::Contents(dir)
                        }
                    }
                    _ => Target::Unknown {
                        guarded: false,
                        what: format!("paths found by a search ({})", first.text),
                    },
                };
            }
            DynamicKind::Variable { guarded: true, .. } => {
                return Target::Unknown {
                    guarded: true,
                    what: first.text.clone(),
                };
            }
            _ => {
                return Target::Unknown {
                    guarded: false,
                    what: first.text.clone(),
                };
            }
        }
    }
    // A literal start followed by a dynamic part: entries below the literal directory.
    let (pattern, dynamic_tail) = match word.pattern() {
        Some(pattern) => (pattern, false),
        None => (literal_prefix(word), true),
    };
    let base = match (AbsPath::new(&pattern), cwd) {
        (Some(_), _) => AbsPath::root(),
        (None, Cwd::Known(dir)) => dir.clone(),
        (None, Cwd::Unknown(why)) => {
            return Target::Unknown {
                guarded: false,
                what: format!("{} (relative to a directory {why})", word.text()),
            };
        }
    };
    let pattern = if let Some(rest) = strip_drive(&pattern) {
        format!("/{}{}", pattern[..1].to_ascii_lowercase(), rest.replace('\\', "/"))
    } else if base.is_windows() {
        pattern.replace('\\', "/")
    } else {
        pattern
    };
    if dynamic_tail {
        // `build/$X` is below `build`; `build$X` is below the current directory.
        let (dir, name) = match pattern.rfind('/') {
            Some(cut) => (base.join(&pattern[..cut.max(1)]), None),
            None => (base.clone(), Some(format!("{pattern}*"))),
        };
        return Target::Below { dir, name, deep: false };
    }
    let mut dir = if pattern.starts_with('/') {
        AbsPath::root()
    } else {
        base
    };
    let components: Vec<&str> = pattern.split('/').filter(|c| !c.is_empty()).collect();
    for (index, component) in components.iter().enumerate() {
        if *component == ".." {
            dir = real_folder(&dir).parent().unwrap_or_else(AbsPath::root);
            continue;
        }
        let last = index + 1 == components.len();
        // A glob naming the account in a directory of homes (`/home/*/.ssh/id_rsa`) stays in the
        // path: what follows is in a home, every account's (the user's among them), and is judged
        // as such rather than widened to anything below the directory of homes.
        if !is_glob(component) || (!last && crate::places::is_a_home(&dir.join(component))) {
            dir = dir.join(&unescape(component));
            continue;
        }
        return if last && matches_everything(component) {
            Target::Contents(dir)
        } else if last {
            Target::Below {
                dir,
                name: Some((*component).to_owned()),
                deep: false,
            }
        } else {
            Target::Below {
                dir,
                name: None,
                deep: false,
            }
        };
    }
    Target::Path(dir)
}

/// The literal text of a word before its first dynamic part.
fn literal_prefix(word: &Word) -> String {
    let mut prefix = String::new();
    for part in &word.parts {
        match part {
            Part::Literal { text, .. } => prefix.push_str(text),
            Part::Dynamic(_) => break,
        }
    }
    prefix
}

/// Whether a pattern component has a glob character not marked literal.
pub fn is_glob(component: &str) -> bool {
    let mut escaped = false;
    for c in component.chars() {
        match c {
            _ if escaped => escaped = false,
            GLOB_ESCAPE => escaped = true,
            '*' | '?' | '[' => return true,
            _ => {}
        }
    }
    false
}

/// A pattern component with the marks of its literal characters taken away.
pub(crate) fn unescape(component: &str) -> String {
    let mut out = String::with_capacity(component.len());
    let mut escaped = false;
    for c in component.chars() {
        if c == GLOB_ESCAPE && !escaped {
            escaped = true;
            continue;
        }
        escaped = false;
        out.push(c);
    }
    out
}

/// A glob that matches every entry of a directory (`*`, `.*`, `*.*`, `.??*`, `.[!.]*`).
fn matches_everything(component: &str) -> bool {
    let mut in_bracket = false;
    component.chars().all(|c| match c {
        '[' => {
            in_bracket = true;
            true
        }
        ']' => {
            in_bracket = false;
            true
        }
        _ if in_bracket => true,
        '*' | '?' | '.' => true,
        _ => false,
    })
}

/// Whether a folder's entry `name` is one of the matches bash gives `pattern`: a name starting
/// with `.` only matches a pattern that starts with one.
pub fn pattern_matches_entry(pattern: &str, name: &str) -> bool {
    (pattern.starts_with('.') || !name.starts_with('.')) && glob_matches(pattern, name)
}

/// Whether a shell glob matches `name` (`*`, `?`, `[…]`; a character after [`GLOB_ESCAPE`]
/// or `\\` is literal).
pub fn glob_matches(pattern: &str, name: &str) -> bool {
    let pattern: Vec<char> = pattern.chars().collect();
    let name: Vec<char> = name.chars().collect();
    glob_at(&pattern, &name)
}

/// Every name a shell glob can match, when they are at most `most`: a pattern of plain
/// characters and bracket classes (`[char]0x4ef0`, `[r]m`). `None` for `*`, `?`, a negated class,
/// or more names than `most`.
pub fn pattern_names(pattern: &str, most: usize) -> Option<Vec<String>> {
    let pattern: Vec<char> = pattern.chars().collect();
    let mut names = vec![String::new()];
    let mut at = 0;
    while at < pattern.len() {
        let choices: Vec<char> = match pattern[at] {
            '*' | '?' => return None,
            '[' => match pattern.iter().skip(at + 2).position(|&c| c == ']').map(|p| p + at + 2) {
                Some(close) => {
                    let class = &pattern[at + 1..close];
                    if matches!(class.first(), Some('!' | '^')) {
                        return None;
                    }
                    let mut choices = Vec::new();
                    let mut i = 0;
                    while i < class.len() {
                        if i + 2 < class.len() && class[i + 1] == '-' {
                            choices.extend(class[i]..=class[i + 2]);
                            i += 3;
                        } else {
                            choices.push(class[i]);
                            i += 1;
                        }
                    }
                    at = close;
                    choices
                }
                None => vec!['['],
            },
            escape if (escape == '\\' || escape == GLOB_ESCAPE) && at + 1 < pattern.len() => {
                at += 1;
                vec![pattern[at]]
            }
            c => vec![c],
        };
        at += 1;
        if names.len() * choices.len().max(1) > most {
            return None;
        }
        names = names
            .iter()
            .flat_map(|name| choices.iter().map(move |&c| format!("{name}{c}")))
            .collect();
    }
    Some(names)
}

fn glob_at(pattern: &[char], name: &[char]) -> bool {
    match pattern.first() {
        None => name.is_empty(),
        Some('*') => (0..=name.len()).any(|skip| glob_at(&pattern[1..], &name[skip..])),
        Some('?') => !name.is_empty() && glob_at(&pattern[1..], &name[1..]),
        Some('[') => {
            let Some(close) = pattern.iter().skip(2).position(|&c| c == ']').map(|p| p + 2) else {
                return name.first() == Some(&'[') && glob_at(&pattern[1..], &name[1..]);
            };
            let Some(&c) = name.first() else { return false };
            let class = &pattern[1..close];
            let (negated, class) = match class.first() {
                Some('!' | '^') => (true, &class[1..]),
                _ => (false, class),
            };
            let mut found = false;
            let mut i = 0;
            while i < class.len() {
                if i + 2 < class.len() && class[i + 1] == '-' {
                    found |= class[i] <= c && c <= class[i + 2];
                    i += 3;
                } else {
                    found |= class[i] == c;
                    i += 1;
                }
            }
            found != negated && glob_at(&pattern[close + 1..], &name[1..])
        }
        Some(&escape) if (escape == '\\' || escape == GLOB_ESCAPE) && pattern.len() > 1 => {
            name.first() == Some(&pattern[1]) && glob_at(&pattern[2..], &name[1..])
        }
        Some(&c) => name.first() == Some(&c) && glob_at(&pattern[1..], &name[1..]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn path(text: &str) -> AbsPath {
        AbsPath::new(text).unwrap()
    }

    #[test]
    fn a_pattern_of_classes_names_few_names() {
        assert_eq!(pattern_names("[r]m", 8), Some(vec!["rm".to_owned()]));
        assert_eq!(
            pattern_names("[ch]0x", 8),
            Some(vec!["c0x".to_owned(), "h0x".to_owned()])
        );
        assert_eq!(
            pattern_names("g[h-i]t", 8),
            Some(vec!["ght".to_owned(), "git".to_owned()])
        );
        assert_eq!(pattern_names("r?", 8), None);
        assert_eq!(pattern_names("[!a]m", 8), None);
        assert_eq!(pattern_names("[a-z][a-z]", 8), None);
    }

    #[test]
    fn normalizes_lexically() {
        assert_eq!(path("/a/./b//c/").as_str(), "/a/b/c");
        assert_eq!(path("/a/b/../../..").as_str(), "/");
        assert_eq!(path("C:\\Users\\x").as_str(), "/c/Users/x");
        assert_eq!(path("d:/work").as_str(), "/d/work");
        assert_eq!(path("/").join("..").as_str(), "/");
        assert_eq!(path("/a").join("/b").as_str(), "/b");
    }

    #[test]
    fn non_ascii_paths_compare_without_panic() {
        let inside = path("/d/ClaudeWorkspace/08_客户跟进/Okki/output/x.py");
        assert!(!inside.starts_with(&path(
            "/d/ClaudeWorkspace/08_客户跟进/Okki/output/upgrade_dashboard.py/x"
        )));
        assert!(inside.starts_with(&path("D:\\ClaudeWorkspace\\08_客户跟进")));
        assert!(!path("/d/客").starts_with(&path("/d/ab")));
    }

    #[test]
    fn windows_form_of_a_home() {
        assert_eq!(windows_form("/c/Users/me").as_deref(), Some(r"C:\Users\me"));
        assert_eq!(windows_form(r"D:\x").as_deref(), Some(r"D:\x"));
        assert_eq!(windows_form("/home/me"), None);
        assert_eq!(windows_form("/mnt/c/Users/me"), None);
    }

    #[test]
    fn windows_paths_compare_without_case() {
        assert!(path("/c/Users/X/proj/build").starts_with(&path("C:\\users\\x\\proj")));
        assert!(!path("/home/ab").starts_with(&path("/home/a")));
    }

    #[test]
    fn globs_match() {
        assert!(glob_matches("*", ".git"));
        assert!(glob_matches(".g*", ".git"));
        assert!(glob_matches("[.]git", ".git"));
        assert!(!glob_matches("*.pyc", ".git"));
        assert!(glob_matches("\\*", "*"));
    }
}
