//! How `find` reads its command line: leading options, the starting points, then the
//! expression, whose tests may narrow what it matches.

use crate::command::Command;
use crate::paths::{self, AbsPath, Target};
use crate::word::{PathsUnder, Word};

/// Tests of `find` that keep it from matching everything.
const NARROWING_TESTS: &[&str] = &[
    "-name",
    "-iname",
    "-path",
    "-ipath",
    "-wholename",
    "-iwholename",
    "-regex",
    "-iregex",
    "-lname",
    "-ilname",
    "-newer",
    "-anewer",
    "-cnewer",
    "-mtime",
    "-mmin",
    "-atime",
    "-amin",
    "-ctime",
    "-cmin",
    "-size",
    "-empty",
    "-user",
    "-group",
    "-uid",
    "-gid",
    "-perm",
    "-inum",
    "-samefile",
    "-links",
    "-newermt",
    "-newerct",
    "-nouser",
    "-nogroup",
    "-used",
    "-context",
];

/// Primaries of the expression that take one argument (which may look like `-delete`).
const ONE_ARGUMENT: &[&str] = &[
    "-type",
    "-xtype",
    "-maxdepth",
    "-mindepth",
    "-fstype",
    "-printf",
    "-fprint",
    "-fprint0",
    "-fls",
    "-regextype",
    "-files0-from",
];

/// The `-delete` actions of a `find` command, by their index in its arguments: not an argument
/// of another primary (`-printf -delete`, `-fprintf out -delete`) nor a word of an `-exec`
/// command (`-exec echo -delete \;`).
pub fn delete_actions(command: &Command) -> Vec<usize> {
    let args = command.args();
    let mut found = Vec::new();
    let mut i = find_search(command).expression;
    while let Some(word) = args.get(i) {
        if word.value() == Some("-delete") {
            found.push(i);
        }
        match primary_length(args, i) {
            Some(length) => i += length,
            // A word known only at run time, which may end an `-exec` command
            // (`"${X:0:0};"`): from there on, any `-delete` counts.
            None => {
                found.extend((i + 1..args.len()).filter(|&at| args[at].value() == Some("-delete")));
                break;
            }
        }
    }
    found
}

/// How many words the primary at `at` spans, itself included: an `-exec` command runs to `;`,
/// or to a `+` right after `{}`. `None` when a word it spans is known only at run time.
fn primary_length(args: &[Word], at: usize) -> Option<usize> {
    let text = args[at].value()?;
    Some(match text {
        "-exec" | "-execdir" | "-ok" | "-okdir" => {
            let rest = &args[at + 1..];
            let mut length = rest.len() + 1;
            for (i, word) in rest.iter().enumerate() {
                let value = word.value()?;
                if value == ";" || value == "+" && i > 0 && rest[i - 1].value() == Some("{}") {
                    length = i + 2;
                    break;
                }
            }
            length
        }
        "-fprintf" => 3,
        _ if NARROWING_TESTS.contains(&text) && !matches!(text, "-empty" | "-nouser" | "-nogroup") => 2,
        _ if ONE_ARGUMENT.contains(&text) || text.starts_with("-newer") => 2,
        _ => 1,
    })
}

/// Tests of `find` on a path's name or the path itself.
const NAME_TESTS: &[&str] = &["-name", "-iname", "-path", "-ipath", "-wholename", "-iwholename"];

/// The pattern that the name of every path a name or path test keeps matches: `-name`'s own,
/// `-iname`'s with each letter either case (`[iI][dD]_[rR][sS][aA]`), and the last part of a
/// `-path` or `-wholename` pattern when it is plain text (`*/.aws/credentials`: a `*` there could
/// span folders).
fn name_of_test(test: &str, pattern: &str) -> Option<String> {
    let either_case = |pattern: &str| {
        pattern
            .chars()
            .map(|c| {
                if c.is_ascii_alphabetic() {
                    format!("[{}{}]", c.to_ascii_lowercase(), c.to_ascii_uppercase())
                } else {
                    c.to_string()
                }
            })
            .collect::<String>()
    };
    match test {
        "-name" => Some(pattern.to_owned()),
        // Letters in a class or after an escape are left as they are.
        "-iname" if !pattern.contains(['[', '\\']) => Some(either_case(pattern)),
        "-path" | "-wholename" | "-ipath" | "-iwholename" => {
            let (_, last) = pattern.rsplit_once('/')?;
            if last.is_empty() || last.contains(['*', '?', '[', '\\']) {
                return None;
            }
            Some(if test.starts_with("-i") {
                either_case(last)
            } else {
                last.to_owned()
            })
        }
        _ => None,
    }
}

/// Whether a name or path test matches every path: `-name '*'`, `-path '*'`.
fn matches_every_name(test: &str, pattern: Option<&Word>) -> bool {
    NAME_TESTS.contains(&test)
        && pattern
            .and_then(Word::value)
            .is_some_and(|pattern| pattern.chars().all(|c| c == '*'))
}

/// Whether the primary at `at` (an action: `-delete`, `-exec`) acts only on paths that a test
/// before it narrowed. find evaluates left to right: `-delete -name '*.o'` deletes everything
/// before the name is tested, `-name '*.o' -o -delete` everything the name did not match, and
/// an exclusion (`! -path './.git/*'`, `-path ./.git -prune -o`) keeps one part out of a
/// deletion of all the rest. When the expression cannot be read, whether any test narrows it.
pub fn narrowed_before(command: &Command, at: usize) -> bool {
    let search = find_search(command);
    let mut scopes = Vec::new();
    if let Some(read) = read_expression(command.args(), search.expression) {
        read.scopes(false, &mut scopes);
    }
    scopes
        .into_iter()
        .find(|(primary, _)| *primary == at)
        .map_or(search.found.filtered, |(_, narrowed)| narrowed)
}

/// The expression of a find command, from the argument at `start`, if it can be read whole.
fn read_expression(args: &[Word], start: usize) -> Option<Expression> {
    let mut reader = Reader { args, at: start };
    if start >= args.len() {
        return None;
    }
    reader.list().filter(|_| reader.at == args.len())
}

/// A find expression, read: its primaries by their index in the arguments, and the operators
/// that join them.
enum Expression {
    Primary {
        at: usize,
        narrows: bool,
    },
    Not(Box<Expression>),
    And(Vec<Expression>),
    Or(Vec<Expression>),
    /// `a , b`: both evaluated, the value the last one's.
    List(Vec<Expression>),
}

impl Expression {
    /// Whether the paths for which this is true (false, when `negated`) are narrower than
    /// everything searched: a narrowing test, not its negation, which excludes instead.
    fn narrows(&self, negated: bool) -> bool {
        match self {
            Expression::Primary { narrows, .. } => *narrows && !negated,
            Expression::Not(inner) => inner.narrows(!negated),
            Expression::And(items) if negated => items.iter().all(|item| item.narrows(true)),
            Expression::And(items) => items.iter().any(|item| item.narrows(false)),
            Expression::Or(items) if negated => items.iter().any(|item| item.narrows(true)),
            Expression::Or(items) => items.iter().all(|item| item.narrows(false)),
            Expression::List(items) => items.last().is_some_and(|last| last.narrows(negated)),
        }
    }

    /// Whether this is true for the path `met`, and whether it runs one of the `deletes`
    /// actions for it on the way: each part of `-a` only when those before are true, of `-o`
    /// only when those before are false.
    fn evaluate(&self, args: &[Word], met: &Met, deletes: &[usize]) -> (Truth, Truth) {
        match self {
            Expression::Primary { at, .. } if deletes.contains(at) => (Truth::Yes, Truth::Yes),
            Expression::Primary { at, .. } => (test(args, *at, met), Truth::No),
            Expression::Not(inner) => {
                let (value, deleted) = inner.evaluate(args, met, deletes);
                (value.not(), deleted)
            }
            Expression::And(items) => {
                let (mut going, mut deleted) = (Truth::Yes, Truth::No);
                for item in items {
                    let (value, deletes_here) = item.evaluate(args, met, deletes);
                    deleted = deleted.or(going.and(deletes_here));
                    going = going.and(value);
                }
                (going, deleted)
            }
            Expression::Or(items) => {
                let (mut going, mut found, mut deleted) = (Truth::Yes, Truth::No, Truth::No);
                for item in items {
                    let (value, deletes_here) = item.evaluate(args, met, deletes);
                    deleted = deleted.or(going.and(deletes_here));
                    found = found.or(value);
                    going = going.and(value.not());
                }
                (found, deleted)
            }
            Expression::List(items) => {
                let (mut last, mut deleted) = (Truth::Yes, Truth::No);
                for item in items {
                    let (value, deletes_here) = item.evaluate(args, met, deletes);
                    deleted = deleted.or(deletes_here);
                    last = value;
                }
                (last, deleted)
            }
        }
    }

    /// Records, for each primary, whether a narrowing test comes before it in its `-a` chain or
    /// an enclosing one (`narrowed`).
    fn scopes(&self, narrowed: bool, out: &mut Vec<(usize, bool)>) {
        match self {
            Expression::Primary { at, .. } => out.push((*at, narrowed)),
            Expression::Not(inner) => inner.scopes(narrowed, out),
            Expression::And(items) => {
                let mut narrowed = narrowed;
                for item in items {
                    item.scopes(narrowed, out);
                    narrowed = narrowed || item.narrows(false);
                }
            }
            Expression::Or(items) | Expression::List(items) => {
                for item in items {
                    item.scopes(narrowed, out);
                }
            }
        }
    }
}

/// Reads a find expression by its grammar: `,` binds loosest, then `-o`, then `-a` (or two
/// primaries side by side), then `!`; `None` for what cannot be read.
struct Reader<'a> {
    args: &'a [Word],
    at: usize,
}

impl Reader<'_> {
    fn peek(&self) -> Option<&str> {
        self.args.get(self.at).and_then(Word::value)
    }

    fn list(&mut self) -> Option<Expression> {
        let mut items = vec![self.or()?];
        while self.peek() == Some(",") {
            self.at += 1;
            items.push(self.or()?);
        }
        Some(if items.len() == 1 {
            items.remove(0)
        } else {
            Expression::List(items)
        })
    }

    fn or(&mut self) -> Option<Expression> {
        let mut items = vec![self.and()?];
        while matches!(self.peek(), Some("-o" | "-or")) {
            self.at += 1;
            items.push(self.and()?);
        }
        Some(if items.len() == 1 {
            items.remove(0)
        } else {
            Expression::Or(items)
        })
    }

    fn and(&mut self) -> Option<Expression> {
        let mut items = vec![self.unary()?];
        while self.at < self.args.len() && !matches!(self.peek(), Some(")" | "-o" | "-or" | ",")) {
            if matches!(self.peek(), Some("-a" | "-and")) {
                self.at += 1;
            }
            items.push(self.unary()?);
        }
        Some(if items.len() == 1 {
            items.remove(0)
        } else {
            Expression::And(items)
        })
    }

    fn unary(&mut self) -> Option<Expression> {
        let text = self.peek()?;
        match text {
            "!" | "-not" => {
                self.at += 1;
                Some(Expression::Not(Box::new(self.unary()?)))
            }
            "(" => {
                self.at += 1;
                let inner = self.list()?;
                (self.peek() == Some(")")).then(|| self.at += 1)?;
                Some(inner)
            }
            _ if text.starts_with('-') && !matches!(text, "-a" | "-and" | "-o" | "-or") => {
                let at = self.at;
                let narrows = (NARROWING_TESTS.contains(&text) || text.starts_with("-newer") || text == "-false")
                    && !matches_every_name(text, self.args.get(at + 1));
                self.at += primary_length(self.args, at)?;
                Some(Expression::Primary { at, narrows })
            }
            _ => None,
        }
    }
}

/// A test's answer for one path, which what the disk holds (`-mtime`, `-size`) or a command
/// run (`-exec`) may leave open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Truth {
    Yes,
    No,
    Maybe,
}

impl Truth {
    fn of(known: bool) -> Truth {
        if known { Truth::Yes } else { Truth::No }
    }

    fn and(self, other: Truth) -> Truth {
        match (self, other) {
            (Truth::No, _) | (_, Truth::No) => Truth::No,
            (Truth::Yes, Truth::Yes) => Truth::Yes,
            _ => Truth::Maybe,
        }
    }

    fn or(self, other: Truth) -> Truth {
        match (self, other) {
            (Truth::Yes, _) | (_, Truth::Yes) => Truth::Yes,
            (Truth::No, Truth::No) => Truth::No,
            _ => Truth::Maybe,
        }
    }

    fn not(self) -> Truth {
        match self {
            Truth::Yes => Truth::No,
            Truth::No => Truth::Yes,
            Truth::Maybe => Truth::Maybe,
        }
    }
}

/// A path as a search meets it: written as find writes it (`./.claude/settings.json`), how many
/// folders below its starting point, and its type as `-type` names it (`f`, `d`, `l`).
pub struct Met<'a> {
    pub shown: &'a str,
    pub depth: usize,
    pub kind: char,
}

/// Whether a `-delete` of the search deletes the path `met`, its expression evaluated for that
/// path as find evaluates it, left to right: `-name`, `-path` and `-type` answered, `-maxdepth`
/// and `-mindepth` keeping it out of reach, actions and options true, any other test open
/// (`-mtime`). `-prune` is true and keeps nothing out, as `-delete` searches depth first.
/// `None` when the expression cannot be read.
pub fn deletes(command: &Command, met: &Met) -> Option<Truth> {
    let args = command.args();
    let start = find_search(command).expression;
    let read = read_expression(args, start)?;
    let deletes = delete_actions(command);
    let mut at = start;
    while at < args.len() {
        let depth = || args.get(at + 1)?.value()?.parse::<usize>().ok();
        match args[at].value() {
            Some("-maxdepth") if met.depth > depth()? => return Some(Truth::No),
            Some("-mindepth") if met.depth < depth()? => return Some(Truth::No),
            _ => {}
        }
        at += primary_length(args, at)?;
    }
    Some(read.evaluate(args, met, &deletes).1)
}

/// The answer of the test at `at` for the path `met`.
fn test(args: &[Word], at: usize, met: &Met) -> Truth {
    let operand = || args.get(at + 1).and_then(Word::value);
    let name = met.shown.trim_end_matches('/').rsplit('/').next().unwrap_or(met.shown);
    let matched = |pattern: Option<&str>, text: &str, fold: bool| match pattern {
        Some(pattern) if fold => Truth::of(paths::glob_matches(&pattern.to_lowercase(), &text.to_lowercase())),
        Some(pattern) => Truth::of(paths::glob_matches(pattern, text)),
        None => Truth::Maybe,
    };
    match args[at].value().unwrap_or("") {
        "-name" => matched(operand(), name, false),
        "-iname" => matched(operand(), name, true),
        "-path" | "-wholename" => matched(operand(), met.shown, false),
        "-ipath" | "-iwholename" => matched(operand(), met.shown, true),
        "-type" => operand().map_or(Truth::Maybe, |kinds| {
            Truth::of(kinds.split(',').any(|kind| kind.chars().eq([met.kind])))
        }),
        "-false" => Truth::No,
        "-true"
        | "-prune"
        | "-print"
        | "-print0"
        | "-printf"
        | "-fprint"
        | "-fprint0"
        | "-fprintf"
        | "-ls"
        | "-fls"
        | "-depth"
        | "-d"
        | "-maxdepth"
        | "-mindepth"
        | "-mount"
        | "-xdev"
        | "-noleaf"
        | "-follow"
        | "-regextype"
        | "-daystart"
        | "-warn"
        | "-nowarn"
        | "-ignore_readdir_race"
        | "-noignore_readdir_race" => Truth::Yes,
        _ => Truth::Maybe,
    }
}

/// What a `find` command searches.
#[derive(Clone, Debug)]
pub struct FindSearch {
    pub found: PathsUnder,
    /// Index (in the arguments) where the starting points start.
    pub starts: usize,
    /// Index (in the arguments) where the expression starts.
    pub expression: usize,
}

/// The roots and filters of a `find` command.
pub fn find_search(command: &Command) -> FindSearch {
    let args = command.args();
    // Leading options: -H -L -P, -O level, -D debugopts.
    let mut i = 0;
    while let Some(text) = args.get(i).and_then(Word::value) {
        match text {
            "-H" | "-L" | "-P" => i += 1,
            "-O" | "-D" => i += 2,
            _ if text.starts_with("-O") || text.starts_with("-D") => i += 1,
            _ => break,
        }
    }
    let roots_start = i.min(args.len());
    let mut expression = roots_start;
    while let Some(word) = args.get(expression) {
        let starts_expression = word
            .value()
            .is_some_and(|t| (t.starts_with('-') && t.len() > 1) || matches!(t, "(" | "!" | ")" | ","));
        if starts_expression {
            break;
        }
        expression += 1;
    }
    let root_words = &args[roots_start..expression];
    let roots = if root_words.is_empty() {
        resolve_roots(&[Word::literal(".", command.span)], command)
    } else {
        resolve_roots(root_words, command)
    };
    let tests = &args[expression..];
    // The name every found path has: only an expression of tests joined by `-a` says it.
    let joined_by_and = !tests
        .iter()
        .any(|word| matches!(word.value(), Some("-o" | "-or" | "," | "!" | "-not")));
    let name = tests
        .windows(2)
        .find_map(|pair| name_of_test(pair[0].value()?, pair[1].value()?))
        .filter(|_| joined_by_and);
    // What the search prints is narrowed when its whole expression is; an expression that
    // cannot be read is taken as narrowed by any narrowing test in it.
    let filtered = match read_expression(args, expression) {
        Some(read) => read.narrows(false),
        None => tests
            .iter()
            .any(|w| w.value().is_some_and(|t| NARROWING_TESTS.contains(&t))),
    };
    // A search narrowed by a name or path test finds none of `.git`'s own files (objects,
    // refs) unless its expression names `.git`.
    let named = tests.windows(2).any(|pair| {
        pair[0]
            .value()
            .is_some_and(|test| NAME_TESTS.contains(&test) && !matches_every_name(test, Some(&pair[1])))
    });
    let reaches_git = !named && !tests.iter().any(|word| word.text().contains(".git"));
    FindSearch {
        found: PathsUnder {
            roots,
            name,
            filtered,
            reaches_git,
        },
        starts: roots_start,
        expression,
    }
}

/// The directories named by words, if every one of them can be placed.
pub fn resolve_roots(words: &[Word], command: &Command) -> Option<Vec<AbsPath>> {
    words
        .iter()
        .map(|word| match paths::resolve(word, &command.cwd) {
            Target::Path(path) => Some(path),
            _ => None,
        })
        .collect()
}
