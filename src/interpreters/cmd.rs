//! Windows' `cmd.exe` command lines (`cmd /c "rd /s /q %USERPROFILE%"`): split into commands at
//! `&`, `&&`, `||`, `|`, newlines and parentheses outside double quotes (`^` escapes), `%VAR%`
//! expanded with what is known, `if`/`for` conditions skipped to the command they run, and the
//! built-in commands turned into the effects they have (`rd /s` deletes like `rm -r`, `type`
//! reads, `> file` writes); any other program is run as a command judged like one typed in
//! bash.

use super::{Action, Effect, Env};
use crate::source::{Source, Span};
use crate::word::{Dynamic, DynamicKind, Part, Quoting, Word};
use std::collections::HashMap;

/// The effects of a cmd.exe command line.
pub fn effects(source: &Source, env: &Env) -> Vec<Effect> {
    let mut reader = Reader {
        source,
        variables: known_variables(env.home),
        cwd: None,
        effects: Vec::new(),
    };
    for command in split(source.text()) {
        reader.command(command);
    }
    reader.effects
}

/// The variables Windows sets for a user whose home is `home`, by uppercase name.
fn known_variables(home: &str) -> HashMap<String, String> {
    let mut known = HashMap::new();
    let Some(home) = crate::paths::windows_form(home) else {
        return known;
    };
    let system = "C:";
    let drive = home[..2].to_owned();
    for (name, value) in [
        ("USERPROFILE", home.clone()),
        ("HOMEDRIVE", drive.clone()),
        ("HOMEPATH", home[2..].to_owned()),
        ("SYSTEMDRIVE", system.to_owned()),
        ("SYSTEMROOT", format!(r"{system}\Windows")),
        ("WINDIR", format!(r"{system}\Windows")),
        ("PROGRAMFILES", format!(r"{system}\Program Files")),
        ("PROGRAMFILES(X86)", format!(r"{system}\Program Files (x86)")),
        ("PROGRAMDATA", format!(r"{system}\ProgramData")),
        ("ALLUSERSPROFILE", format!(r"{system}\ProgramData")),
        ("APPDATA", format!(r"{home}\AppData\Roaming")),
        ("LOCALAPPDATA", format!(r"{home}\AppData\Local")),
        ("TEMP", format!(r"{home}\AppData\Local\Temp")),
        ("TMP", format!(r"{home}\AppData\Local\Temp")),
        ("CD", ".".to_owned()),
    ] {
        known.insert(name.to_owned(), value);
    }
    known
}

/// One command of the line: its byte range in the source.
type Piece = std::ops::Range<usize>;

/// The commands of a line, split where cmd.exe splits them.
fn split(text: &str) -> Vec<Piece> {
    let mut pieces = Vec::new();
    let mut start = 0;
    let mut quoted = false;
    let bytes = text.as_bytes();
    let mut index = 0;
    while index < bytes.len() {
        let c = bytes[index];
        match c {
            b'"' => quoted = !quoted,
            b'^' if !quoted => index += 1,
            // A `for`'s set (`in (*.log)`) is no group.
            b'(' | b')' if !quoted && text[start..index].trim_start().to_lowercase().starts_with("for ") => {}
            b'&' | b'|' | b'\n' | b'(' | b')' if !quoted => {
                pieces.push(start..index);
                let doubled = matches!(c, b'&' | b'|') && bytes.get(index + 1) == Some(&c);
                index += usize::from(doubled);
                start = index + 1;
            }
            _ => {}
        }
        index += 1;
    }
    pieces.push(start..text.len());
    pieces
        .into_iter()
        .filter(|piece| !text[piece.clone()].trim().is_empty())
        .collect()
}

struct Reader<'a> {
    source: &'a Source,
    variables: HashMap<String, String>,
    cwd: Option<Word>,
    effects: Vec<Effect>,
}

/// A word of a command and where it is.
struct Token {
    word: Word,
    /// The text as written, quotes and all.
    written: String,
}

impl Reader<'_> {
    fn effect(&mut self, call: &str, span: Span, action: Action) {
        self.effects.push(Effect::new(call, span, self.cwd.clone(), action));
    }

    /// Reads one command: its redirections, the condition of an `if` or `for` skipped.
    fn command(&mut self, piece: Piece) {
        let span = self.source.span(piece.clone());
        let mut tokens = self.tokens(piece);
        // `@echo off`: the `@` only hides the echo.
        if let Some(first) = tokens.first_mut()
            && first.written.starts_with('@')
        {
            first.written.remove(0);
            first.word = first.word.strip_prefix(1);
        }
        let mut words: Vec<Token> = Vec::new();
        let mut iter = tokens.into_iter().peekable();
        while let Some(token) = iter.next() {
            let written = token.written.as_str();
            let operator = written.trim_start_matches(|c: char| c.is_ascii_digit());
            if operator.starts_with('>') || operator.starts_with('<') {
                let append = operator.starts_with(">>");
                let attached = operator.trim_start_matches(['>', '<', '&']);
                let target = match attached.is_empty() {
                    true => iter.next().map(|t| t.word),
                    false => Some(token.word.strip_prefix(written.len() - attached.len())),
                };
                if operator.starts_with('>')
                    && !operator.starts_with(">&")
                    && let Some(path) = target.filter(|p| !p.text().eq_ignore_ascii_case("nul"))
                {
                    let content = echoed(&words);
                    self.effect(">", span, Action::Write { path, append, content });
                }
                continue;
            }
            words.push(token);
        }
        let words = skip_conditions(words);
        self.builtin(words, span);
    }

    /// A built-in command by what it does; anything else runs as a program.
    fn builtin(&mut self, words: Vec<Token>, span: Span) {
        let Some(first) = words.first() else { return };
        let name = first.word.text().to_lowercase();
        let name = name.strip_suffix(".exe").unwrap_or(&name).to_owned();
        let (switches, operands): (Vec<&Token>, Vec<&Token>) = words[1..]
            .iter()
            .partition(|t| t.written.starts_with('/') && t.written.len() <= 12);
        let has = |letter: &str| {
            switches
                .iter()
                .any(|s| s.written[1..].to_lowercase().starts_with(letter))
        };
        let operand_words = || operands.iter().map(|t| t.word.clone()).collect::<Vec<Word>>();
        let literal = |text: &str| Word::literal(text, span);
        match name.as_str() {
            "rd" | "rmdir" => {
                for path in operand_words() {
                    let action = Action::Delete {
                        path,
                        recursive: has("s"),
                        directory: true,
                    };
                    self.effect("rd", span, action);
                }
            }
            "del" | "erase" => {
                for path in operand_words() {
                    let action = Action::Delete {
                        path,
                        recursive: has("s"),
                        directory: false,
                    };
                    self.effect(&name, span, action);
                }
            }
            "type" => {
                for path in operand_words() {
                    self.effect("type", span, Action::Read(path));
                }
            }
            "copy" | "xcopy" | "move" | "robocopy" if operands.len() >= 2 => {
                let sources = operand_words();
                let mirror = name == "robocopy" && (has("mir") || has("purge"));
                let argv = match name.as_str() {
                    "move" => [vec![literal("mv"), literal("--")], sources].concat(),
                    _ if mirror => vec![
                        literal("rsync"),
                        literal("-a"),
                        literal("--delete"),
                        super::concat([sources[0].clone(), literal("/")]),
                        sources[1].clone(),
                    ],
                    "robocopy" => vec![
                        literal("cp"),
                        literal("-r"),
                        literal("--"),
                        sources[0].clone(),
                        sources[1].clone(),
                    ],
                    _ => [vec![literal("cp"), literal("-r"), literal("--")], sources].concat(),
                };
                self.effect(&name, span, Action::Run(argv));
            }
            "ren" | "rename" if operands.len() == 2 => {
                let path = operands[0].word.clone();
                let renamed = match path.value().and_then(|p| p.rfind(['\\', '/'])) {
                    Some(at) => super::concat([literal(&path.text()[..=at]), operands[1].word.clone()]),
                    None => operands[1].word.clone(),
                };
                self.effect(
                    &name,
                    span,
                    Action::Run(vec![literal("mv"), literal("--"), path, renamed]),
                );
            }
            "mklink" if operands.len() == 2 => {
                let action = Action::Link {
                    target: operands[1].word.clone(),
                    at: operands[0].word.clone(),
                    symbolic: !has("h"),
                };
                self.effect("mklink", span, action);
            }
            "cd" | "chdir" | "pushd" => {
                if let Some(path) = operands.first() {
                    self.cwd = Some(path.word.clone());
                }
            }
            "set" => {
                let assignment = words[1..].iter().map(|t| t.word.text()).collect::<Vec<_>>().join(" ");
                let assignment = assignment.trim_matches('"');
                if let Some((variable, value)) = assignment.split_once('=')
                    && !variable.starts_with('/')
                {
                    let value = value.trim_end_matches('"');
                    self.variables.insert(variable.trim().to_uppercase(), value.to_owned());
                }
            }
            "echo" | "rem" | "title" | "cls" | "ver" | "vol" | "dir" | "where" | "pause" | "exit" | "goto"
            | "setlocal" | "endlocal" | "color" | "prompt" | "popd" | "call" | "verify" => {}
            "start" => {
                // `start ["title"] [/b /wait /min /d DIR …] PROGRAM ARGS…`
                let rest: Vec<&Token> = words[1..]
                    .iter()
                    .skip_while(|t| t.written.starts_with('"') && t.written.ends_with('"'))
                    .collect();
                let mut index = 0;
                while index < rest.len() && rest[index].written.starts_with('/') {
                    index += if rest[index].written.eq_ignore_ascii_case("/d") {
                        2
                    } else {
                        1
                    };
                }
                let argv: Vec<Word> = rest[index.min(rest.len())..].iter().map(|t| t.word.clone()).collect();
                if !argv.is_empty() {
                    self.effect("start", span, Action::Run(argv));
                }
            }
            _ => {
                let argv: Vec<Word> = words.iter().map(|t| t.word.clone()).collect();
                self.effect(&name, span, Action::Run(argv));
            }
        }
    }

    /// The words of the command in `piece`: split at blanks outside double quotes, the quotes
    /// and `^` escapes removed, `%VAR%` expanded.
    fn tokens(&self, piece: Piece) -> Vec<Token> {
        let text = self.source.text();
        let mut tokens = Vec::new();
        let mut start: Option<usize> = None;
        let mut quoted = false;
        let mut index = piece.start;
        while index < piece.end {
            let c = text[index..].chars().next().unwrap_or(' ');
            match c {
                '"' => {
                    quoted = !quoted;
                    start.get_or_insert(index);
                }
                c if (c == ' ' || c == '\t') && !quoted => {
                    if let Some(begin) = start.take() {
                        tokens.push(self.token(begin..index));
                    }
                }
                // A redirection starts a word of its own, but `2>` and `>>` are one.
                '>' | '<'
                    if !quoted
                        && start.is_some_and(|s| {
                            !text[s..index].chars().all(|d| d.is_ascii_digit()) && !text[s..index].ends_with(['>', '<'])
                        }) =>
                {
                    if let Some(begin) = start.take() {
                        tokens.push(self.token(begin..index));
                    }
                    start = Some(index);
                }
                _ => {
                    start.get_or_insert(index);
                }
            }
            index += c.len_utf8();
        }
        if let Some(begin) = start {
            tokens.push(self.token(begin..piece.end));
        }
        tokens
    }

    /// One word: quotes and `^` removed, `%VAR%` expanded (unknown variables stay dynamic).
    fn token(&self, range: Piece) -> Token {
        let written = &self.source.text()[range.clone()];
        let span = self.source.span(range.clone());
        let mut parts: Vec<Part> = Vec::new();
        let mut literal = String::new();
        let flush = |literal: &mut String, parts: &mut Vec<Part>| {
            if !literal.is_empty() {
                let word = Word::from_source_text(literal, range.clone(), self.source);
                parts.extend(word.parts.into_iter().map(|part| match part {
                    Part::Literal { text, span, .. } => Part::Literal {
                        text,
                        quoting: Quoting::Bare,
                        span,
                    },
                    dynamic => dynamic,
                }));
                literal.clear();
            }
        };
        let mut chars = written.char_indices().peekable();
        while let Some((offset, c)) = chars.next() {
            match c {
                '"' => {}
                '^' => {
                    if let Some((_, escaped)) = chars.next() {
                        literal.push(escaped);
                    }
                }
                '%' => {
                    let rest = &written[offset + 1..];
                    match rest
                        .find('%')
                        .filter(|end| *end > 0 && !rest[..*end].contains([' ', '"']))
                    {
                        Some(end) => {
                            let name = &rest[..end];
                            let base = name.split(':').next().unwrap_or(name).to_uppercase();
                            match self.variables.get(&base).filter(|_| !name.contains(':')) {
                                Some(value) => literal.push_str(value),
                                None => {
                                    flush(&mut literal, &mut parts);
                                    parts.push(Part::Dynamic(Dynamic {
                                        kind: DynamicKind::Variable {
                                            name: name.to_owned(),
                                            guarded: false,
                                        },
                                        text: format!("%{name}%"),
                                        span,
                                    }));
                                }
                            }
                            for _ in 0..=end {
                                chars.next();
                            }
                        }
                        // `%%i` of a `for` loop, `%1` of a batch file: known when it runs.
                        None if rest.starts_with(|d: char| d == '%' || d.is_ascii_alphanumeric() || d == '~') => {
                            flush(&mut literal, &mut parts);
                            let length = rest
                                .chars()
                                .take_while(|d| *d == '%' || *d == '~' || d.is_ascii_alphanumeric())
                                .count();
                            parts.push(Part::Dynamic(Dynamic {
                                kind: DynamicKind::Other,
                                text: format!("%{}", &rest[..length]),
                                span,
                            }));
                            for _ in 0..length {
                                chars.next();
                            }
                        }
                        None => literal.push('%'),
                    }
                }
                c => literal.push(c),
            }
        }
        flush(&mut literal, &mut parts);
        Token {
            word: Word::from_parts(parts, span),
            written: written.to_owned(),
        }
    }
}

/// The text an `echo` writes, when the command is one (`echo text > file`).
fn echoed(words: &[Token]) -> Option<Word> {
    let first = words.first()?;
    if !first.word.text().eq_ignore_ascii_case("echo") {
        return None;
    }
    let text = words[1..].iter().map(|t| t.word.text()).collect::<Vec<_>>().join(" ");
    let dynamic = words[1..].iter().any(|t| t.word.is_dynamic());
    (!dynamic).then(|| Word::literal(&format!("{text}\n"), first.word.span))
}

/// The command an `if` or a `for` runs: `if [/i] [not] exist X CMD`, `if A==B CMD`,
/// `if errorlevel N CMD`, `if defined V CMD`, `for … in (…) do CMD`.
fn skip_conditions(words: Vec<Token>) -> Vec<Token> {
    let Some(first) = words.first() else { return words };
    let keyword = first.word.text().to_lowercase();
    match keyword.as_str() {
        "if" => {
            let mut index = 1;
            while words
                .get(index)
                .is_some_and(|w| matches!(w.word.text().to_lowercase().as_str(), "/i" | "not"))
            {
                index += 1;
            }
            let condition = words
                .get(index)
                .map(|w| w.word.text().to_lowercase())
                .unwrap_or_default();
            index += match condition.as_str() {
                "exist" | "defined" | "errorlevel" | "cmdextversion" => 2,
                // `A==B` is one token when written without blanks; `A == B` or `A EQU B`, three.
                _ if words.get(index + 1).is_some_and(|w| {
                    matches!(
                        w.word.text().to_lowercase().as_str(),
                        "==" | "equ" | "neq" | "lss" | "leq" | "gtr" | "geq"
                    )
                }) =>
                {
                    3
                }
                _ => 1,
            };
            skip_conditions(words.into_iter().skip(index).collect())
        }
        "for" => match words.iter().position(|w| w.word.text().eq_ignore_ascii_case("do")) {
            Some(at) => skip_conditions(words.into_iter().skip(at + 1).collect()),
            None => Vec::new(),
        },
        // A group's first command after `do (` or `else (` (split at the parenthesis).
        "else" | "do" => skip_conditions(words.into_iter().skip(1).collect()),
        _ => words,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_split_where_cmd_splits_them() {
        let text = r#"cd /d C:\x && rd /s /q "a & b" || echo no ^& more | find "x""#;
        let pieces: Vec<&str> = split(text).into_iter().map(|p| text[p].trim()).collect();
        assert_eq!(
            pieces,
            [r"cd /d C:\x", r#"rd /s /q "a & b""#, "echo no ^& more", r#"find "x""#]
        );
    }
}
