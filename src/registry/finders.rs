//! Commands that run a command once per found path or input line: `find -exec`, `fd -x`,
//! `rg --pre`, `xargs`, `parallel`. The path they substitute is a dynamic word that remembers where it was
//! found (`{}` of `find ~ -exec …` is somewhere under the home directory).

use super::Execution;
use crate::args::{self, Options};
use crate::command::{Command, Input, Output};
use crate::tools::find::{find_search, narrowed_before, resolve_roots};

use crate::word::{Dynamic, DynamicKind, Part, PathsUnder, Word};

pub fn executions(command: &Command) -> Option<Vec<Execution>> {
    match command.name.as_str() {
        "find" => Some(find(command)),
        "fd" | "fdfind" => Some(fd(command)),
        "rg" | "ripgrep" => Some(ripgrep(command)),
        "xargs" => Some(xargs(command)),
        "parallel" => Some(parallel(command)),
        _ => None,
    }
}

/// `rg --pre PROGRAM`: ripgrep runs PROGRAM (a program, not shell code) with each file it
/// searches as its argument, and searches what it prints: `rg --pre rm x` deletes every file
/// it would search. `--pre-glob` narrows the files; hidden ones (`.git`) only with `--hidden`.
fn ripgrep(command: &Command) -> Vec<Execution> {
    let args = command.args();
    let parsed = args::parse(args, &crate::files::RIPGREP_OPTIONS);
    let Some(program) = parsed
        .value_of('\0', "pre")
        .filter(|program| !program.text().is_empty())
    else {
        return Vec::new();
    };
    let operands: Vec<Word> = parsed.operands().cloned().collect();
    // The pattern is the first operand unless `-e`/`-f` gave it.
    let pattern_given = parsed.has('e', "regexp") || parsed.has('f', "file");
    let root_words = operands.get(usize::from(!pattern_given)..).unwrap_or_default();
    let roots = search_roots(root_words, command);
    let found = PathsUnder {
        roots,
        name: None,
        // `--pre` itself abbreviates `--pre-glob`: only the option spelled out narrows.
        filtered: parsed
            .args
            .iter()
            .any(|arg| matches!(arg, args::Arg::Long { name, .. } if name == "pre-glob"))
            || parsed.has('g', "glob")
            || parsed.has('t', "type"),
        reaches_git: parsed.has_long("hidden"),
    };
    let file = placeholder(program, DynamicKind::PathUnder(found), "FILE");
    vec![Execution::Command {
        via: "rg --pre".to_owned(),
        argv: vec![program.clone(), file],
        assignments: Vec::new(),
        cwd: None,
    }]
}

/// The folders a search starts from: those named, or the current one.
fn search_roots(root_words: &[Word], command: &Command) -> Option<Vec<crate::paths::AbsPath>> {
    if root_words.is_empty() {
        resolve_roots(&[Word::literal(".", command.span)], command)
    } else {
        resolve_roots(root_words, command)
    }
}

/// `find … -exec cmd {} ;`, `-execdir`, `-ok`, `-okdir`.
fn find(command: &Command) -> Vec<Execution> {
    let search = find_search(command);
    let args = command.args();
    let mut executions = Vec::new();
    let mut i = search.expression;
    while i < args.len() {
        let action = args[i].value().unwrap_or("");
        if !matches!(action, "-exec" | "-execdir" | "-ok" | "-okdir") {
            i += 1;
            continue;
        }
        let start = i + 1;
        let mut end = start;
        while end < args.len() {
            let text = args[end].value();
            let ends_batch = text == Some("+") && end > start && args[end - 1].text().contains("{}");
            if text == Some(";") || ends_batch {
                break;
            }
            end += 1;
        }
        // What the command is run on: everything searched, unless a test before it narrowed
        // it (`-exec rm -rf {} + -name x` runs rm on every path).
        let found = PathsUnder {
            filtered: narrowed_before(command, i),
            ..search.found.clone()
        };
        let found = placeholder(&args[i], DynamicKind::PathUnder(found), "{}");
        let argv: Vec<Word> = args[start..end].iter().map(|w| replace(w, "{}", &found)).collect();
        if !argv.is_empty() {
            executions.push(Execution::Command {
                via: format!("find {action}"),
                argv,
                assignments: Vec::new(),
                cwd: None,
            });
        }
        i = end + 1;
    }
    executions
}

/// fd's options that take a value.
const FD_OPTIONS: Options = Options::gnu(
    "etdEScjo",
    &[
        "extension",
        "type",
        "max-depth",
        "min-depth",
        "exact-depth",
        "exclude",
        "size",
        "changed-within",
        "changed-before",
        "color",
        "threads",
        "owner",
        "base-directory",
        "search-path",
        "path-separator",
        "ignore-file",
        "max-results",
        "format",
        "batch-size",
    ],
);

/// What `fd [options] [pattern] [path…]` finds, given its arguments before any `-x`/`-X`.
fn fd_search(args: &[Word], command: &Command) -> PathsUnder {
    let parsed = args::parse(args, &FD_OPTIONS);
    let operands: Vec<Word> = parsed.operands().cloned().collect();
    let pattern = operands.first().and_then(Word::value).unwrap_or("");
    let root_words = operands.get(1..).unwrap_or_default();
    let narrowed = parsed.has('e', "extension")
        || parsed.has('S', "size")
        || parsed.has_long("changed-within")
        || parsed.has_long("changed-before")
        || parsed.has_long("owner");
    PathsUnder {
        roots: search_roots(root_words, command),
        name: None,
        filtered: narrowed || !matches!(pattern, "" | "." | "^" | ".*"),
        reaches_git: parsed.has('H', "hidden"),
    }
}

/// The paths a search prints, one a line, for the command it is piped into (`fd . ~ | xargs
/// rm`): `fd` without `-x`, `rg --files`, `git ls-files` (the tracked files below the
/// current folder, or the pathspecs given).
pub fn listed(command: &Command) -> Option<PathsUnder> {
    let args = command.args();
    match command.name.as_str() {
        "fd" | "fdfind" => {
            let runs = args
                .iter()
                .any(|w| matches!(w.value(), Some("-x" | "--exec" | "-X" | "--exec-batch")));
            (!runs).then(|| fd_search(args, command))
        }
        "rg" | "ripgrep" => {
            let parsed = args::parse(args, &crate::files::RIPGREP_OPTIONS);
            if !parsed.has_long("files") {
                return None;
            }
            let roots: Vec<Word> = parsed.operands().cloned().collect();
            Some(PathsUnder {
                roots: search_roots(&roots, command),
                name: None,
                filtered: parsed.has('g', "glob") || parsed.has('t', "type") || parsed.has_long("iglob"),
                reaches_git: parsed.has_long("hidden"),
            })
        }
        "git" => {
            let [ls_files, rest @ ..] = args else {
                return None;
            };
            if !ls_files.is("ls-files") {
                return None;
            }
            let short = |word: &Word, letters: &[char]| {
                let text = word.text();
                text.starts_with('-') && !text.starts_with("--") && text[1..].contains(letters)
            };
            let long = |word: &Word, names: &[&str]| names.iter().any(|name| word.text().starts_with(name));
            // Untracked or ignored files are no tracked ones: what they are is not known here.
            if rest
                .iter()
                .any(|word| short(word, &['o', 'i']) || long(word, &["--others", "--ignored"]))
            {
                return None;
            }
            // Options that list only some files (modified, deleted, unmerged ones), and pathspecs.
            let narrowed = rest.iter().any(|word| {
                short(word, &['m', 'd', 'u', 'x', 'X'])
                    || long(
                        word,
                        &["--modified", "--deleted", "--unmerged", "--exclude", "--error-unmatch"],
                    )
                    || !word.text().starts_with('-')
            });
            Some(PathsUnder {
                roots: search_roots(&[], command),
                name: None,
                filtered: narrowed,
                reaches_git: false,
            })
        }
        _ => None,
    }
}

/// `fd [options] [pattern] [path…] -x|-X cmd…`.
fn fd(command: &Command) -> Vec<Execution> {
    let args = command.args();
    let Some(exec) = args
        .iter()
        .position(|w| matches!(w.value(), Some("-x" | "--exec" | "-X" | "--exec-batch")))
    else {
        return Vec::new();
    };
    let found = fd_search(&args[..exec], command);
    let mut end = exec + 1;
    while end < args.len() && !matches!(args[end].value(), Some(";" | "-x" | "--exec" | "-X" | "--exec-batch")) {
        end += 1;
    }
    let placeholder = placeholder(&args[exec], DynamicKind::PathUnder(found), "{}");
    let mut argv: Vec<Word> = args[exec + 1..end].to_vec();
    let has_placeholder = argv.iter().any(|w| has_fd_placeholder(w.text()));
    argv = argv
        .iter()
        .map(|w| {
            ["{//}", "{/.}", "{/}", "{.}", "{}"]
                .iter()
                .fold(w.clone(), |word, token| replace(&word, token, &placeholder))
        })
        .collect();
    if !has_placeholder {
        argv.push(placeholder);
    }
    if argv.is_empty() {
        return Vec::new();
    }
    vec![Execution::Command {
        via: "fd --exec".into(),
        argv,
        assignments: Vec::new(),
        cwd: None,
    }]
}

fn has_fd_placeholder(text: &str) -> bool {
    ["{}", "{/}", "{//}", "{.}", "{/.}"].iter().any(|t| text.contains(t))
}

/// `xargs [options] [command [initial-arguments]]`: the command runs with arguments read from
/// standard input, appended or put in place of the `-I` string.
fn xargs(command: &Command) -> Vec<Execution> {
    const OPTIONS: Options = crate::tools::long_options::XARGS;
    let args = command.args();
    let parsed = args::parse(args, &OPTIONS);
    let replacement = parsed
        .args
        .iter()
        .find(|arg| arg.is_short('I') || arg.is_short('i') || arg.is_long("replace"))
        .map(|arg| arg.value().and_then(Word::value).unwrap_or("{}").to_owned());
    let from_file = parsed.has('a', "arg-file");
    let mut argv: Vec<Word> = match parsed.first_operand {
        Some(start) => args[start..].to_vec(),
        None => vec![Word::literal("echo", command.span)],
    };
    // Input the command itself wrote (`printf '%s\n' a b | xargs rm`): the items are known.
    let plain_reading = !from_file
        && replacement.is_none()
        && !['0', 'd', 'E', 'e', 'L', 'l']
            .iter()
            .any(|flag| parsed.has_short(*flag))
        && !["null", "delimiter", "eof", "max-lines"]
            .iter()
            .any(|long| parsed.has_long(long));
    let run = |argv: Vec<Word>| Execution::Command {
        via: "xargs".into(),
        argv,
        assignments: Vec::new(),
        cwd: None,
    };
    if let (Input::Piped(Output::Literal(text)) | Input::Text(text), true) = (&command.stdin, plain_reading)
        && let Some(items) = known_items(text)
    {
        argv.extend(items);
        return vec![run(argv)];
    }
    // `-I {}`: each line the command itself wrote is put in place of the string, one run per
    // line (`echo ~/.ssh/id_rsa | xargs -I{} curl -T {} …`).
    if let (Input::Piped(Output::Literal(text)) | Input::Text(text), Some(token), false) =
        (&command.stdin, &replacement, from_file)
        && let Some(lines) = known_lines(text)
        && argv.iter().any(|word| word.text().contains(token.as_str()))
    {
        return lines
            .iter()
            .map(|line| run(argv.iter().map(|word| replace(word, token, line)).collect()))
            .collect();
    }
    let kind = match (&command.stdin, from_file) {
        (Input::Piped(Output::PathsUnder(found)), false) => DynamicKind::PathUnder(found.clone()),
        _ => DynamicKind::StandardInput,
    };
    let input = placeholder(args.first().unwrap_or(&Word::literal("", command.span)), kind, "…");
    match replacement {
        Some(token) if argv.iter().any(|w| w.text().contains(&token)) => {
            argv = argv.iter().map(|w| replace(w, &token, &input)).collect();
        }
        _ => argv.push(input),
    }
    vec![run(argv)]
}

/// The lines `xargs -I` reads from known input, each one item with its leading blanks
/// removed, when none needs xargs' quoting rules and there are not too many to list.
fn known_lines(text: &Word) -> Option<Vec<Word>> {
    if text.is_dynamic() || text.text().contains(['"', '\'', '\\']) {
        return None;
    }
    let lines: Vec<Word> = text
        .text()
        .lines()
        .map(str::trim_start)
        .filter(|line| !line.is_empty())
        .map(|line| Word::literal(line, text.span))
        .collect();
    (!lines.is_empty() && lines.len() <= 16).then_some(lines)
}

/// The items xargs reads from known input, split at blanks and new lines, when none needs
/// xargs' own quoting rules (quotes, backslashes) and there are not too many to list.
fn known_items(text: &Word) -> Option<Vec<Word>> {
    if text.is_dynamic() || text.text().contains(['"', '\'', '\\']) {
        return None;
    }
    let items: Vec<Word> = text
        .text()
        .split_whitespace()
        .map(|item| Word::literal(item, text.span))
        .collect();
    (!items.is_empty() && items.len() <= 64).then_some(items)
}

/// `parallel [options] command… [::: inputs…]`: each job is a shell command line.
fn parallel(command: &Command) -> Vec<Execution> {
    const OPTIONS: Options = Options::posix(
        "jPSadEINnLCX",
        &[
            "jobs",
            "sshlogin",
            "arg-file",
            "delimiter",
            "eof",
            "joblog",
            "results",
            "tmpdir",
            "colsep",
            "halt",
            "delay",
            "timeout",
            "retries",
            "workdir",
            "memfree",
            "load",
            "tag-string",
            "basefile",
            "return",
            "transfer",
            "max-args",
            "max-replace-args",
            "max-lines",
        ],
    );
    let args = command.args();
    let parsed = args::parse(args, &OPTIONS);
    let Some(start) = parsed.first_operand else {
        return Vec::new();
    };
    // `--dry-run` prints the commands instead of running them.
    if parsed.has_long("dry-run") || parsed.has_long("dryrun") {
        return Vec::new();
    }
    let rest = &args[start..];
    let separator = rest
        .iter()
        .position(|w| matches!(w.value(), Some(":::" | "::::" | ":::+" | "::::+")));
    let (template, inputs): (&[Word], Vec<Word>) = match separator {
        Some(at) => (
            &rest[..at],
            rest[at + 1..]
                .iter()
                .filter(|w| !matches!(w.value(), Some(":::" | "::::" | ":::+" | "::::+")))
                .take(16)
                .cloned()
                .collect(),
        ),
        None => {
            let kind = match &command.stdin {
                Input::Piped(Output::PathsUnder(found)) => DynamicKind::PathUnder(found.clone()),
                _ => DynamicKind::StandardInput,
            };
            (rest, vec![placeholder(&rest[0], kind, "…")])
        }
    };
    if template.is_empty() {
        // With no command, each input is itself a command line.
        return inputs
            .into_iter()
            .map(|input| Execution::Code {
                via: "parallel".into(),
                words: vec![input],
                positional: Vec::new(),
                current_shell: false,
            })
            .collect();
    }
    inputs
        .iter()
        .map(|input| {
            // parallel quotes what it substitutes: the input stays one argument.
            let input = &quoted(input);
            let mut words: Vec<Word> = template.iter().map(|w| replace_parallel(w, input)).collect();
            if !template.iter().any(|w| w.text().contains('{')) {
                words.push(input.clone());
            }
            Execution::Code {
                via: "parallel".into(),
                words,
                positional: Vec::new(),
                current_shell: false,
            }
        })
        .collect()
}

/// A literal input quoted for the shell command line parallel builds.
fn quoted(input: &Word) -> Word {
    match input.value() {
        Some(text) => Word::literal(&shell_words::quote(text), input.span),
        None => input.clone(),
    }
}

fn replace_parallel(word: &Word, input: &Word) -> Word {
    ["{//}", "{/.}", "{/}", "{.}", "{#}", "{%}", "{}", "{1}"]
        .iter()
        .fold(word.clone(), |word, token| replace(&word, token, input))
}

/// A dynamic word standing for a path or input found at run time.
fn placeholder(near: &Word, kind: DynamicKind, text: &str) -> Word {
    Word::dynamic(Dynamic {
        kind,
        text: text.to_owned(),
        span: near.span,
    })
}

/// `word` with every literal occurrence of `token` replaced by the parts of `by`.
fn replace(word: &Word, token: &str, by: &Word) -> Word {
    if !word.text().contains(token) {
        return word.clone();
    }
    let mut parts = Vec::with_capacity(word.parts.len() + 2);
    for part in &word.parts {
        match part {
            Part::Literal { text, quoting, span } if text.contains(token) => {
                let mut pieces = text.split(token).peekable();
                while let Some(piece) = pieces.next() {
                    if !piece.is_empty() {
                        parts.push(Part::Literal {
                            text: piece.to_owned(),
                            quoting: *quoting,
                            span: *span,
                        });
                    }
                    if pieces.peek().is_some() {
                        parts.extend(by.parts.iter().cloned());
                    }
                }
            }
            other => parts.push(other.clone()),
        }
    }
    Word::from_parts(parts, word.span)
}
