//! awk programs: `system(…)`, `print … | "cmd"`, `"cmd" | getline` run shell commands, and
//! `print … > "file"` writes a file. Strings are joined the way awk concatenates them, by
//! juxtaposition; literal assignments (`cmd = "…"`) are followed to their use.

use super::{Effect, Env, Value, concat, shell_effect, text, unknown, write_effect};
use crate::source::{Source, Span};
use crate::word::Word;
use std::collections::HashMap;
use std::ops::Range;

pub fn effects(source: &Source, env: &Env) -> Vec<Effect> {
    let tokens = tokenize(source);
    let mut reader = Reader {
        source,
        env,
        tokens: &tokens,
        names: HashMap::new(),
        effects: Vec::new(),
    };
    reader.read();
    reader.effects
}

#[derive(Clone, Debug)]
enum Kind {
    Name,
    /// `$1`, `$NF`, `$0`.
    Field,
    Str(Word),
    Regex,
    Punct,
    /// A line break or `;`.
    End,
}

#[derive(Clone, Debug)]
struct Token {
    kind: Kind,
    range: Range<usize>,
}

fn tokenize(source: &Source) -> Vec<Token> {
    let text = source.text();
    let bytes = text.as_bytes();
    let mut tokens: Vec<Token> = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        let start = at;
        let c = bytes[at];
        let kind = match c {
            b'\n' | b';' => {
                at += 1;
                Kind::End
            }
            b'\\' if bytes.get(at + 1) == Some(&b'\n') => {
                at += 2;
                continue;
            }
            _ if c.is_ascii_whitespace() => {
                at += 1;
                continue;
            }
            b'#' => {
                at = text[at..].find('\n').map_or(bytes.len(), |end| at + end);
                continue;
            }
            b'"' => {
                at += 1;
                let word = string(source, &mut at);
                Kind::Str(word)
            }
            b'/' if !after_operand(&tokens, text) => {
                at += 1;
                while at < bytes.len() && bytes[at] != b'/' && bytes[at] != b'\n' {
                    at += if bytes[at] == b'\\' { 2 } else { 1 };
                }
                at = (at + 1).min(bytes.len());
                Kind::Regex
            }
            b'$' => {
                at += 1;
                while at < bytes.len() && (bytes[at].is_ascii_alphanumeric() || bytes[at] == b'_') {
                    at += 1;
                }
                Kind::Field
            }
            _ if c.is_ascii_alphanumeric() || c == b'_' => {
                while at < bytes.len() && (bytes[at].is_ascii_alphanumeric() || bytes[at] == b'_' || bytes[at] == b'.')
                {
                    at += 1;
                }
                Kind::Name
            }
            _ => {
                let two = text.get(at..at + 2).unwrap_or("");
                at += if matches!(two, "||" | "&&" | ">>" | "|&" | "==" | "!=" | ">=" | "<=") {
                    2
                } else {
                    text[at..].chars().next().map_or(1, char::len_utf8)
                };
                Kind::Punct
            }
        };
        tokens.push(Token { kind, range: start..at });
    }
    tokens
}

/// Whether the last token ends an operand, so that `/` divides rather than starts a regex.
fn after_operand(tokens: &[Token], text: &str) -> bool {
    match tokens.last() {
        Some(token) => match token.kind {
            Kind::Name | Kind::Field | Kind::Str(_) => true,
            Kind::Punct => matches!(&text[token.range.clone()], ")" | "]"),
            Kind::Regex | Kind::End => false,
        },
        None => false,
    }
}

/// A double-quoted awk string from `at` (after the quote) to its closing quote, escapes decoded.
fn string(source: &Source, at: &mut usize) -> Word {
    let text = source.text();
    let bytes = text.as_bytes();
    let mut pieces = Vec::new();
    let mut from = *at;
    while *at < bytes.len() && bytes[*at] != b'"' {
        if bytes[*at] == b'\\' && *at + 1 < bytes.len() {
            if from < *at {
                pieces.push(super::syntax::verbatim(source, from..*at));
            }
            let next = text[*at + 1..].chars().next().unwrap_or('\\');
            let (decoded, used) = match next {
                'n' => ("\n".to_owned(), 2),
                't' => ("\t".to_owned(), 2),
                'r' => ("\r".to_owned(), 2),
                // gawk and mawk read at most two hex digits; none leaves the `x`.
                'x' => {
                    let digits = text[*at + 2..]
                        .bytes()
                        .take_while(u8::is_ascii_hexdigit)
                        .take(2)
                        .count();
                    let code = u32::from_str_radix(&text[*at + 2..*at + 2 + digits], 16)
                        .ok()
                        .and_then(char::from_u32);
                    match code {
                        Some(code) => (code.to_string(), 2 + digits),
                        None => ("x".to_owned(), 2),
                    }
                }
                '0'..='7' => {
                    let digits = text[*at + 1..]
                        .bytes()
                        .take_while(|b| (b'0'..=b'7').contains(b))
                        .take(3)
                        .count();
                    let code = u32::from_str_radix(&text[*at + 1..*at + 1 + digits], 8)
                        .ok()
                        .and_then(char::from_u32);
                    (code.map(String::from).unwrap_or_default(), 1 + digits)
                }
                other => (other.to_string(), 1 + other.len_utf8()),
            };
            pieces.push(Word::from_source_text(&decoded, *at..*at + used, source));
            *at += used;
            from = *at;
            continue;
        }
        *at += text[*at..].chars().next().map_or(1, char::len_utf8);
    }
    if from < *at {
        pieces.push(super::syntax::verbatim(source, from..*at));
    }
    *at = (*at + 1).min(bytes.len());
    if pieces.is_empty() {
        return text_word(source, *at);
    }
    concat(pieces)
}

fn text_word(source: &Source, at: usize) -> Word {
    text("", source.span(at..at))
}

struct Reader<'a> {
    source: &'a Source,
    env: &'a Env<'a>,
    tokens: &'a [Token],
    names: HashMap<String, Value>,
    effects: Vec<Effect>,
}

impl Reader<'_> {
    fn text(&self, index: usize) -> &str {
        &self.source.text()[self.tokens[index].range.clone()]
    }

    fn is(&self, index: usize, punct: &str) -> bool {
        self.tokens
            .get(index)
            .is_some_and(|t| matches!(t.kind, Kind::Punct) && self.text(index) == punct)
    }

    fn span(&self, range: Range<usize>) -> Span {
        let start = self.tokens[range.start].range.start;
        let end = self.tokens[range.end - 1].range.end;
        self.source.span(start..end)
    }

    fn read(&mut self) {
        let mut printing = false;
        let mut printed_from = 0;
        let mut depth = 0usize;
        for index in 0..self.tokens.len() {
            match &self.tokens[index].kind {
                Kind::End => printing = false,
                Kind::Name => match self.text(index) {
                    "print" | "printf" => {
                        printing = true;
                        printed_from = index + 1;
                        depth = 0;
                    }
                    "system" if self.is(index + 1, "(") => {
                        let close = self.closing(index + 1);
                        let value = self.value(index + 2..close);
                        let span = self.span(index..(close + 1).min(self.tokens.len()));
                        self.effects.push(shell_effect("system", span, &value, None));
                    }
                    name if self.is(index + 1, "=") && self.statement_start(index) => {
                        let end = self.expression_end(index + 2);
                        let value = self.value(index + 2..end);
                        self.names.insert(name.to_owned(), value);
                    }
                    _ => {}
                },
                Kind::Punct => match self.text(index) {
                    "(" => depth += 1,
                    ")" => depth = depth.saturating_sub(1),
                    "}" | "{" => printing = false,
                    "|" | "|&" if self.is_getline(index + 1) => {
                        let start = self.operand_start(index);
                        if start < index {
                            let value = self.value(start..index);
                            let span = self.span(start..index + 2);
                            self.effects.push(shell_effect("| getline", span, &value, None));
                        }
                    }
                    "|" | "|&" if printing && depth == 0 => {
                        let end = self.expression_end(index + 1);
                        let value = self.value(index + 1..end);
                        let span = self.span(index..end.max(index + 1));
                        // `print "cmd" | "sh"`: the shell runs what is printed.
                        let to_shell = value.as_word().and_then(Word::value).is_some_and(|command| {
                            let program = command.trim().rsplit('/').next().unwrap_or("");
                            crate::language::is_shell(program)
                        });
                        let value = if to_shell {
                            self.value(printed_from..index)
                        } else {
                            value
                        };
                        self.effects.push(shell_effect("print |", span, &value, None));
                    }
                    ">" | ">>" if printing && depth == 0 => {
                        let end = self.expression_end(index + 1);
                        let value = self.value(index + 1..end);
                        let span = self.span(index..end.max(index + 1));
                        let append = self.text(index) == ">>";
                        self.effects.push(write_effect("print >", span, value, append, None));
                    }
                    _ => {}
                },
                _ => {}
            }
        }
    }

    fn is_getline(&self, index: usize) -> bool {
        self.tokens
            .get(index)
            .is_some_and(|t| matches!(t.kind, Kind::Name) && self.text(index) == "getline")
    }

    fn statement_start(&self, index: usize) -> bool {
        index == 0
            || matches!(self.tokens[index - 1].kind, Kind::End)
            || self.is(index - 1, "{")
            || self.is(index - 1, "}")
            || self.is(index - 1, ")")
    }

    /// The index of the `)` closing the `(` at `open`.
    fn closing(&self, open: usize) -> usize {
        super::closing(open, self.tokens.len(), |index, punct| self.is(index, punct))
    }

    /// Where the expression starting at `start` ends: a statement end, a closing brace or
    /// parenthesis, or a comma.
    fn expression_end(&self, start: usize) -> usize {
        let mut depth = 0usize;
        for index in start..self.tokens.len() {
            match self.tokens[index].kind {
                Kind::End if depth == 0 => return index,
                Kind::Punct => match self.text(index) {
                    "(" | "[" => depth += 1,
                    ")" | "]" if depth == 0 => return index,
                    ")" | "]" => depth -= 1,
                    "}" | "," if depth == 0 => return index,
                    _ => {}
                },
                _ => {}
            }
        }
        self.tokens.len()
    }

    /// The first token of the juxtaposed operands ending just before `end`.
    fn operand_start(&self, end: usize) -> usize {
        let mut start = end;
        while start > 0 {
            let previous = start - 1;
            let operand = match self.tokens[previous].kind {
                Kind::Str(_) | Kind::Field => true,
                Kind::Name => !matches!(
                    self.text(previous),
                    "while" | "if" | "print" | "printf" | "in" | "getline"
                ),
                Kind::Punct => self.text(previous) == "]",
                _ => false,
            };
            if !operand {
                break;
            }
            if self.text(previous) == "]" {
                // `ENVIRON["HOME"]`: take the subscripted name with it.
                match (previous.checked_sub(3), self.is(previous.saturating_sub(2), "[")) {
                    (Some(name), true) => start = name,
                    _ => break,
                }
                continue;
            }
            start = previous;
        }
        start
    }

    /// The value of juxtaposed strings, names, `ENVIRON["HOME"]` and `ARGV[N]`.
    fn value(&self, range: Range<usize>) -> Value {
        if range.is_empty() {
            return Value::List(Vec::new());
        }
        let whole = self.tokens[range.start].range.start..self.tokens[range.end - 1].range.end;
        let mut pieces = Vec::new();
        let mut index = range.start;
        while index < range.end {
            let span = self.span(index..index + 1);
            match &self.tokens[index].kind {
                Kind::Str(word) => pieces.push(word.clone()),
                Kind::Name if self.text(index) == "ENVIRON" && self.is(index + 1, "[") && self.is(index + 3, "]") => {
                    let key = match &self.tokens[index + 2].kind {
                        Kind::Str(word) => word.value().unwrap_or_default().to_owned(),
                        _ => String::new(),
                    };
                    let value = match key.as_str() {
                        "HOME" => text(self.env.home, self.span(index..index + 4)),
                        _ => unknown_word(
                            self.source,
                            self.tokens[index].range.start..self.tokens[index + 3].range.end,
                        ),
                    };
                    pieces.push(value);
                    index += 4;
                    continue;
                }
                // `ARGV[1]`: the operand after the program, when it is given.
                Kind::Name if self.text(index) == "ARGV" && self.is(index + 1, "[") && self.is(index + 3, "]") => {
                    let operand = self
                        .text(index + 2)
                        .parse::<usize>()
                        .ok()
                        .filter(|n| *n > 0)
                        .and_then(|n| self.env.arguments.args.get(n - 1));
                    pieces.push(match operand {
                        Some(word) => word.clone(),
                        None => unknown_word(
                            self.source,
                            self.tokens[index].range.start..self.tokens[index + 3].range.end,
                        ),
                    });
                    index += 4;
                    continue;
                }
                Kind::Name => match self.names.get(self.text(index)) {
                    Some(value) => pieces.push(value.clone().into_word(span)),
                    None => pieces.push(unknown_word(self.source, self.tokens[index].range.clone())),
                },
                Kind::Field => pieces.push(unknown_word(self.source, self.tokens[index].range.clone())),
                _ if self.is(index, "(") || self.is(index, ")") => {}
                _ => return unknown(self.source, whole),
            }
            index += 1;
        }
        Value::Text(concat(pieces))
    }
}

fn unknown_word(source: &Source, range: Range<usize>) -> Word {
    let span = source.span(range.clone());
    unknown(source, range).into_word(span)
}

#[cfg(test)]
mod tests {
    use super::super::tests::described;
    use crate::language::Language;

    fn awk(code: &str) -> Vec<String> {
        described(Language::Awk, code)
    }

    #[test]
    fn finds_commands_and_writes() {
        assert_eq!(awk("BEGIN { system(\"rm -rf ~\") }"), ["system: shell rm -rf ~"]);
        assert_eq!(awk("{ print $1 | \"sh\" }"), ["print |: unverifiable"]);
        assert_eq!(awk("{ print $1 | \"sort -u\" }"), ["print |: shell sort -u"]);
        assert_eq!(
            awk("BEGIN { \"git push -f\" | getline x }"),
            ["| getline: shell git push -f"]
        );
        assert_eq!(
            awk("BEGIN { print \"x\" > ENVIRON[\"HOME\"] \"/.bashrc\" }"),
            ["print >: write /home/user/.bashrc"]
        );
        assert_eq!(
            awk("BEGIN { c = \"rm -rf \" \"/\"; system(c) }"),
            ["system: shell rm -rf /"]
        );
        assert_eq!(awk("{ system(\"rm \" $1) }"), ["system: unverifiable"]);
    }

    #[test]
    fn leaves_ordinary_programs_alone() {
        assert!(awk("{ print $1 }").is_empty());
        assert!(awk("$3 > 100 { print $1, $2 }").is_empty());
        assert!(awk("BEGIN { FS = \":\" } { if ($2 > 5) print $1 }").is_empty());
        assert!(awk("{ s += $1 } END { print s / NR }").is_empty());
        assert!(awk("/system\\(/ { print }").is_empty());
    }
}
