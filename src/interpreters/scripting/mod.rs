//! Ruby, Perl, PHP and Lua, read with a tokenizer that knows each language's string literals
//! (quotes, escapes, interpolation, `%x{}`, `qx{}`, `[[…]]`), comments and regular
//! expressions, then scanned for the calls that run commands, delete files or write them.
//! Literal assignments (`cmd = "rm -rf ~"`) are followed to their use.

mod lexer;

use super::{
    Action, Effect, Env, Value, code_effect, concat, delete_effect, expand_home, link_effect, read_effect, run_effect,
    shell_effect, text, write_effect,
};
use crate::language::Language;
use crate::source::{Source, Span};
use crate::word::{Dynamic, DynamicKind, Word};
use lexer::{Kind, Token, names_home};
use std::collections::HashMap;
use std::ops::Range;

pub fn effects(language: Language, source: &Source, env: &Env) -> Vec<Effect> {
    let tokens = lexer::tokens(language, source, env.home);
    let mut scanner = Scanner {
        language,
        source,
        env,
        tokens: &tokens,
        names: HashMap::new(),
        cwd: None,
        effects: Vec::new(),
    };
    scanner.scan();
    scanner.effects
}

struct Scanner<'a> {
    language: Language,
    source: &'a Source,
    env: &'a Env<'a>,
    tokens: &'a [Token],
    /// Values of variables assigned literally.
    names: HashMap<String, Value>,
    cwd: Option<Word>,
    effects: Vec<Effect>,
}

/// What a call does with its arguments.
#[derive(Clone, Copy)]
enum Sink {
    /// One argument: shell code; several: a program and its arguments (`system`).
    Kernel,
    /// The first argument is shell code.
    Shell,
    /// The first argument is the command, the rest how it runs: shell code as text, a program
    /// and its arguments as an array (PHP's `proc_open`).
    CommandFirst,
    /// A program and its arguments, or an array of them.
    Program,
    /// Deletes every argument.
    Delete {
        recursive: bool,
        directory: bool,
    },
    /// Writes the first argument (`File.write`, `file_put_contents`).
    Write,
    /// Writes when the second argument is a writing mode (`File.open`, `fopen`, `io.open`).
    Open,
    /// Writes the second argument (`cp`, `rename`), reading the first.
    WriteSecond,
    /// Makes a link at the second argument to the first (`symlink`, `File.symlink`), symbolic or
    /// hard.
    Link {
        symbolic: bool,
    },
    /// Reads the first argument (`File.read`, `file_get_contents`).
    Read,
    /// Perl's `open`, whose mode and command may be in one string.
    PerlOpen,
    /// Runs code in the same language.
    Eval,
    /// Loads a shared library (`Fiddle.dlopen`, `package.loadlib`): its code cannot be read.
    Load,
    Chdir,
}

fn sink(language: Language, name: &str) -> Option<Sink> {
    let recursive = Sink::Delete {
        recursive: true,
        directory: true,
    };
    let file = Sink::Delete {
        recursive: false,
        directory: false,
    };
    let directory = Sink::Delete {
        recursive: false,
        directory: true,
    };
    Some(match language {
        Language::Ruby => match name {
            "system" | "exec" | "spawn" | "Kernel.system" | "Kernel.exec" | "Kernel.spawn" | "Process.spawn"
            | "Process.exec" | "Open3.capture2" | "Open3.capture2e" | "Open3.capture3" | "Open3.popen2"
            | "Open3.popen2e" | "Open3.popen3" | "Open3.pipeline" | "Open3.pipeline_r" | "Open3.pipeline_w"
            | "PTY.spawn" => Sink::Kernel,
            // `IO.popen(cmd, mode)`: a string is shell code, an array a program; the mode is
            // not an argument.
            "IO.popen" => Sink::CommandFirst,
            "FileUtils.rm_rf"
            | "FileUtils.rm_r"
            | "FileUtils.remove_dir"
            | "FileUtils.remove_entry"
            | "FileUtils.remove_entry_secure"
            | "FileUtils.rmtree"
            | "FileUtils.remove_tree" => recursive,
            "FileUtils.rm"
            | "FileUtils.rm_f"
            | "FileUtils.remove"
            | "FileUtils.remove_file"
            | "File.delete"
            | "File.unlink" => file,
            "FileUtils.rmdir" | "Dir.rmdir" | "Dir.delete" | "Dir.unlink" => directory,
            "File.write" | "File.binwrite" | "IO.write" | "IO.binwrite" | "FileUtils.touch" => Sink::Write,
            "File.open" | "File.new" => Sink::Open,
            "File.read" | "File.binread" | "File.readlines" | "File.foreach" | "IO.read" | "IO.binread"
            | "IO.readlines" | "IO.foreach" => Sink::Read,
            "FileUtils.cp" | "FileUtils.cp_r" | "FileUtils.mv" | "FileUtils.copy" | "FileUtils.move"
            | "File.rename" => Sink::WriteSecond,
            "File.symlink" | "FileUtils.ln_s" | "FileUtils.ln_sf" | "FileUtils.symlink" => {
                Sink::Link { symbolic: true }
            }
            "File.link" | "FileUtils.ln" | "FileUtils.link" => Sink::Link { symbolic: false },
            "eval" | "instance_eval" | "Kernel.eval" => Sink::Eval,
            "Fiddle.dlopen" | "Fiddle.Handle.new" | "Fiddle::Handle.new" | "DL.dlopen" => Sink::Load,
            "Dir.chdir" => Sink::Chdir,
            _ => return None,
        },
        Language::Perl => match name {
            "system" | "exec" => Sink::Kernel,
            "unlink" => file,
            "rmdir" => directory,
            "rmtree" | "remove_tree" | "File.Path.rmtree" | "File.Path.remove_tree" => recursive,
            "open" => Sink::PerlOpen,
            "eval" => Sink::Eval,
            "chdir" => Sink::Chdir,
            "File.Copy.copy" | "File.Copy.move" | "copy" | "move" | "rename" => Sink::WriteSecond,
            "symlink" => Sink::Link { symbolic: true },
            "link" => Sink::Link { symbolic: false },
            "read_file" | "File.Slurp.read_file" | "path.slurp" => Sink::Read,
            _ => return None,
        },
        Language::Php => match name.to_ascii_lowercase().as_str() {
            "system" | "exec" | "shell_exec" | "passthru" | "popen" => Sink::Shell,
            "proc_open" => Sink::CommandFirst,
            "pcntl_exec" => Sink::Program,
            "unlink" => file,
            "rmdir" => directory,
            "file_put_contents" => Sink::Write,
            "file_get_contents" | "file" | "readfile" | "highlight_file" | "show_source" | "parse_ini_file" => {
                Sink::Read
            }
            "fopen" => Sink::Open,
            "copy" | "rename" => Sink::WriteSecond,
            "symlink" => Sink::Link { symbolic: true },
            "link" => Sink::Link { symbolic: false },
            "eval" => Sink::Eval,
            "chdir" => Sink::Chdir,
            _ => return None,
        },
        Language::Lua => match name {
            "os.execute" | "io.popen" => Sink::Shell,
            "os.remove" => file,
            "io.open" => Sink::Open,
            "os.rename" => Sink::WriteSecond,
            "io.lines" => Sink::Read,
            "load" | "loadstring" => Sink::Eval,
            _ => return None,
        },
        _ => return None,
    })
}

/// Ruby's methods that give a block each element of their receiver in turn.
const ITERATORS: &[&str] = &[
    "each",
    "each_entry",
    "each_with_index",
    "map",
    "collect",
    "select",
    "filter",
    "filter_map",
    "flat_map",
    "reject",
    "find_all",
];

/// Qualifiers under which a bare Ruby or Perl builtin is still the builtin.
fn builtin_qualifier(language: Language, qualifier: &str) -> bool {
    match language {
        Language::Ruby => matches!(qualifier, "Kernel" | "Process"),
        Language::Perl => matches!(qualifier, "CORE" | "CORE.GLOBAL"),
        _ => false,
    }
}

impl Scanner<'_> {
    fn text(&self, index: usize) -> &str {
        &self.source.text()[self.tokens[index].range.clone()]
    }

    fn is(&self, index: usize, punct: &str) -> bool {
        index < self.tokens.len() && matches!(self.tokens[index].kind, Kind::Punct) && self.text(index) == punct
    }

    fn span(&self, tokens: Range<usize>) -> Span {
        let start = self.tokens[tokens.start].range.start;
        let end = self.tokens[tokens.end.max(tokens.start + 1) - 1].range.end;
        self.source.span(start..end)
    }

    fn scan(&mut self) {
        let mut index = 0;
        while index < self.tokens.len() {
            match self.tokens[index].kind.clone() {
                Kind::Command(word) => {
                    let span = self.span(index..index + 1);
                    let call = if self.language == Language::Perl {
                        "qx"
                    } else {
                        "backticks"
                    };
                    let value = Value::Text(word);
                    self.effects.push(shell_effect(call, span, &value, self.cwd.clone()));
                }
                Kind::Ident | Kind::Var if self.is(index + 1, "=") && self.starts_statement(index) => {
                    let end = self.statement_end(index + 2);
                    let value = self.value(index + 2..end);
                    let name = self.text(index).to_owned();
                    self.names.insert(name, value);
                }
                Kind::Ident => {
                    if self.language == Language::Ruby {
                        self.bind_block(index);
                        self.method_reference(index);
                    }
                    self.call(index);
                }
                Kind::Punct if self.language == Language::Ruby => self.bind_block(index),
                _ => {}
            }
            index += 1;
        }
    }

    /// The paths a glob gives the iterator named at `method` (`Dir.glob(P).each`), or a block
    /// after the glob's `)` at `method` (`Dir.glob(P) { … }`), as the glob's pattern.
    fn globbed_receiver(&self, method: usize) -> Option<Value> {
        let end = match self.tokens.get(method)?.kind {
            Kind::Ident if ITERATORS.contains(&self.text(method)) && self.is(method.checked_sub(1)?, ".") => method - 1,
            Kind::Punct if self.is(method, ")") => method + 1,
            _ => return None,
        };
        let close = end.checked_sub(1)?;
        // The scan back to the opening bracket starts at a closing one: `Dir.glob(.each` has none.
        if !(self.is(close, ")") || self.is(close, "]")) {
            return None;
        }
        let mut depth = 0usize;
        let open = (0..=close).rev().find(|&index| {
            match self.text(index) {
                ")" | "]" if matches!(self.tokens[index].kind, Kind::Punct) => depth += 1,
                "(" | "[" if matches!(self.tokens[index].kind, Kind::Punct) => depth -= 1,
                _ => {}
            }
            depth == 0
        })?;
        // `Dir.glob(…)` starts three tokens before its `(`, `Dir[…]` one before its `[`.
        [3, 1]
            .iter()
            .filter_map(|before| open.checked_sub(*before))
            .find_map(|start| self.glob_pattern(start..end))
    }

    /// `Dir.glob(P).each { |f| … }`, `Dir[P].each do |f| … end`, `Dir.glob(P) { |f| … }`: the
    /// block's parameter stands for every path the pattern matches, named by the pattern, so
    /// that a delete of it is judged like `rm P`. `index` is a block's `{` or `do`.
    fn bind_block(&mut self, index: usize) {
        if !(self.is(index, "{") || self.text(index) == "do") || !self.is(index + 1, "|") || !self.is(index + 3, "|") {
            return;
        }
        let Some(method) = index.checked_sub(1) else {
            return;
        };
        if !matches!(self.tokens.get(index + 2).map(|t| &t.kind), Some(Kind::Ident)) {
            return;
        }
        if let Some(paths) = self.globbed_receiver(method) {
            let name = self.text(index + 2).to_owned();
            self.names.insert(name, paths);
        }
    }

    /// `Dir.glob(P).each(&File.method(:delete))`: the method named is called with every path
    /// the pattern matches, judged as one call given the pattern. `index` is the iterator's name.
    fn method_reference(&mut self, index: usize) {
        let reference = index + 1..index + 10;
        let written: Vec<&str> = reference
            .clone()
            .take_while(|at| *at < self.tokens.len())
            .map(|at| self.text(at))
            .collect();
        let ["(", "&", owner, ".", "method", "(", _, ")", ")"] = written.as_slice() else {
            return;
        };
        let Some(Kind::Str(method)) = self.tokens.get(index + 7).map(|t| &t.kind) else {
            return;
        };
        let target = format!("{}.{}", owner.replace("::", "."), method.text());
        let Some(found) = sink(self.language, &target) else {
            return;
        };
        if let Some(paths) = self.globbed_receiver(index) {
            let span = self.span(index..reference.end.min(self.tokens.len()));
            self.judge(&target, found, vec![paths], span);
        }
    }

    /// Whether the token at `index` begins a statement (after `my`, `local`, `;`, a newline).
    fn starts_statement(&self, index: usize) -> bool {
        let Some(before) = index.checked_sub(1) else {
            return true;
        };
        match self.tokens[before].kind {
            Kind::Newline => true,
            Kind::Punct => matches!(self.text(before), ";" | "{" | "}" | "("),
            Kind::Ident => matches!(self.text(before), "my" | "our" | "local" | "then" | "do" | "else"),
            _ => false,
        }
    }

    /// The index just past the statement or argument list starting at `start`.
    fn statement_end(&self, start: usize) -> usize {
        let mut depth = 0usize;
        let mut index = start;
        while index < self.tokens.len() {
            match &self.tokens[index].kind {
                Kind::Newline if depth == 0 && matches!(self.language, Language::Ruby | Language::Lua) => {
                    let continues = index > start
                        && matches!(self.tokens[index - 1].kind, Kind::Punct)
                        && matches!(self.text(index - 1), "," | "+" | "." | ".." | "(" | "[" | "\\");
                    if !continues {
                        return index;
                    }
                }
                Kind::Punct => match self.text(index) {
                    "(" | "[" | "{" => depth += 1,
                    ")" | "]" | "}" if depth == 0 => return index,
                    ")" | "]" | "}" => depth -= 1,
                    ";" | "&&" | "||" if depth == 0 => return index,
                    _ => {}
                },
                Kind::Ident
                    if depth == 0
                        && index > start
                        && matches!(
                            self.text(index),
                            "or" | "and" | "if" | "unless" | "while" | "until" | "do" | "then"
                        ) =>
                {
                    return index;
                }
                _ => {}
            }
            index += 1;
        }
        index
    }

    /// The qualified name of the call whose last identifier is at `index` (`FileUtils.rm_rf`,
    /// `os.execute`), or `None` when it is a method of some other object.
    fn qualified_name(&self, index: usize) -> Option<String> {
        let name = self.text(index).replace("::", ".");
        let Some(dot) = index.checked_sub(1) else {
            return Some(name);
        };
        if !(self.is(dot, ".") || self.is(dot, "::") || self.is(dot, "->")) {
            return Some(name);
        }
        let owner = dot.checked_sub(1)?;
        if !matches!(self.tokens[owner].kind, Kind::Ident) || self.is(dot, "->") {
            return None;
        }
        Some(format!("{}.{name}", self.text(owner).replace("::", ".")))
    }

    fn call(&mut self, index: usize) {
        let Some(mut name) = self.qualified_name(index) else {
            return;
        };
        if let Some((qualifier, last)) = name.rsplit_once('.')
            && builtin_qualifier(self.language, qualifier)
        {
            name = last.to_owned();
        }
        // `send(:system, …)`, `obj.public_send(:system, …)`: the method named by the symbol.
        let last = name.rsplit('.').next().unwrap_or(&name);
        let sends = self.language == Language::Ruby && matches!(last, "send" | "public_send" | "__send__");
        let found = if sends { None } else { sink(self.language, &name) };
        if found.is_none() && !sends {
            return;
        }
        let after = index + 1;
        // Perl's `eval { … }` catches errors in the block; only `eval EXPR` runs code.
        if self.language == Language::Perl && name == "eval" && self.is(after, "{") {
            return;
        }
        let parenthesized = self.is(after, "(");
        let (arguments, end) = if parenthesized {
            let close = self.statement_end(after + 1);
            (self.arguments(after + 1..close), close + 1)
        } else if matches!(self.language, Language::Perl | Language::Ruby)
            || (self.language == Language::Lua && matches!(self.tokens.get(after).map(|t| &t.kind), Some(Kind::Str(_))))
        {
            let end = self.statement_end(after);
            if end == after {
                return;
            }
            (self.arguments(after..end), end)
        } else {
            return;
        };
        let span = self.span(index..end.min(self.tokens.len()));
        if let Some(sink) = found {
            self.judge(&name, sink, arguments, span);
            return;
        }
        let Some(method) = arguments.first().and_then(Value::as_word).and_then(Word::value) else {
            return;
        };
        let receiver = name.rsplit_once('.').map(|(receiver, _)| receiver);
        let target = match receiver {
            Some(module) if module.starts_with(char::is_uppercase) && !builtin_qualifier(self.language, module) => {
                format!("{module}.{method}")
            }
            _ => method.to_owned(),
        };
        if let Some(sink) = sink(self.language, &target) {
            self.judge(&target, sink, arguments[1..].to_vec(), span);
        }
    }

    /// Splits the tokens of an argument list on top-level commas and evaluates each.
    fn arguments(&self, range: Range<usize>) -> Vec<Value> {
        let mut arguments = Vec::new();
        let mut depth = 0usize;
        let mut start = range.start;
        for index in range.clone() {
            if let Kind::Punct = self.tokens[index].kind {
                match self.text(index) {
                    "(" | "[" | "{" => depth += 1,
                    ")" | "]" | "}" => depth = depth.saturating_sub(1),
                    "," if depth == 0 => {
                        arguments.push(self.argument(start..index));
                        start = index + 1;
                    }
                    "=>" if depth == 0 && self.language == Language::Perl => {
                        arguments.push(self.argument(start..index));
                        start = index + 1;
                    }
                    _ => {}
                }
            }
        }
        if start < range.end {
            arguments.push(self.argument(start..range.end));
        }
        arguments
    }

    /// One argument: options given as a hash (`:verbose => true`, `secure: true`,
    /// `'k' => 'v'` in PHP) are an object, anything else a value.
    fn argument(&self, range: Range<usize>) -> Value {
        let range = self.trimmed(range);
        let mut depth = 0usize;
        for index in range.clone() {
            if let Kind::Punct = self.tokens[index].kind {
                match self.text(index) {
                    "(" | "[" | "{" => depth += 1,
                    ")" | "]" | "}" => depth = depth.saturating_sub(1),
                    "=>" if depth == 0 => return Value::Object(Vec::new()),
                    _ => {}
                }
            }
        }
        let keyword = self.language == Language::Ruby
            && range.len() >= 2
            && matches!(self.tokens[range.start].kind, Kind::Ident)
            && self.is(range.start + 1, ":");
        if keyword {
            return Value::Object(Vec::new());
        }
        self.value(range)
    }

    /// The value of the expression made of `range`'s tokens: a list, or operands joined by
    /// the language's concatenation operator.
    fn value(&self, range: Range<usize>) -> Value {
        let range = self.trimmed(range);
        if range.is_empty() {
            return Value::Text(text("", Span::default()));
        }
        let (first, last) = (range.start, range.end - 1);
        if range.len() == 1
            && let Kind::Words(words) = &self.tokens[first].kind
        {
            return Value::List(words.iter().cloned().map(Value::Text).collect());
        }
        let array_call = self.language == Language::Php
            && matches!(self.tokens[first].kind, Kind::Ident)
            && self.text(first).eq_ignore_ascii_case("array")
            && self.is(first + 1, "(")
            && self.is(last, ")");
        if (self.is(first, "[") && self.is(last, "]")) || array_call {
            let inner = if array_call { first + 2..last } else { first + 1..last };
            return Value::List(self.arguments(inner));
        }
        if self.is(first, "(") && self.is(last, ")") && self.closing(first) == last {
            let items = self.arguments(first + 1..last);
            return match items.len() {
                1 => items.into_iter().next().unwrap_or(Value::List(Vec::new())),
                _ => Value::List(items),
            };
        }
        let operator = match self.language {
            Language::Perl | Language::Php => ".",
            Language::Lua => "..",
            _ => "+",
        };
        let mut operands = Vec::new();
        let mut depth = 0usize;
        let mut start = first;
        for index in range.clone() {
            if let Kind::Punct = self.tokens[index].kind {
                match self.text(index) {
                    "(" | "[" | "{" => depth += 1,
                    ")" | "]" | "}" => depth = depth.saturating_sub(1),
                    text if text == operator && depth == 0 => {
                        operands.push(start..index);
                        start = index + 1;
                    }
                    _ => {}
                }
            }
        }
        operands.push(start..range.end);
        if operands.len() == 1 {
            return self.operand(range);
        }
        let span = self.span(range);
        Value::Text(concat(
            operands
                .into_iter()
                .map(|operand| self.operand(operand).into_word(span)),
        ))
    }

    /// The value of one operand: a string, a variable assigned earlier, the home directory,
    /// `File.expand_path('~…')`.
    fn operand(&self, range: Range<usize>) -> Value {
        if range.is_empty() {
            return Value::Text(text("", Span::default()));
        }
        let (first, last) = (range.start, range.end - 1);
        let written = &self.source.text()[self.tokens[first].range.start..self.tokens[last].range.end];
        let written = &written.replace(char::is_whitespace, "");
        if names_home(written) {
            return Value::Text(text(self.env.home, self.span(range)));
        }
        if let Some(word) = self.program_argument(written) {
            return Value::Text(word);
        }
        if range.len() == 1 {
            return match &self.tokens[first].kind {
                Kind::Str(word) => Value::Text(word.clone()),
                Kind::Var | Kind::Ident => match self.names.get(self.text(first)) {
                    Some(value) => value.clone(),
                    None => self.unknown(range),
                },
                _ => self.unknown(range),
            };
        }
        if self.language == Language::Ruby
            && written.replace(' ', "").starts_with("File.expand_path(")
            && self.is(last, ")")
            && let Some(Value::Text(path)) = self.arguments(first + 4..last).into_iter().next()
        {
            return Value::Text(expand_home(path, self.env));
        }
        if self.is(first, "(") && self.is(last, ")") && self.closing(first) == last {
            return self.value(range);
        }
        if let Some(pattern) = self.glob_pattern(range.clone()) {
            return pattern;
        }
        self.unknown(range)
    }

    /// The pattern of a glob call, which names the files it returns as `rm PATTERN` names them:
    /// Perl's `glob("~/x/*")`, `glob "*"` and `<~/x/*>` (which expand `~`), Ruby's
    /// `Dir.glob("x/*")` and `Dir["x/*"]`, a splat (`*Dir.glob(…)`) included.
    fn glob_pattern(&self, range: Range<usize>) -> Option<Value> {
        let mut first = range.start;
        if self.language == Language::Ruby && self.is(first, "*") {
            first += 1;
        }
        let last = range.end.checked_sub(1)?;
        let name = match self.tokens.get(first)?.kind {
            Kind::Ident => self.text(first),
            _ => "",
        };
        let call = |name_tokens: usize| {
            let open = first + name_tokens;
            if self.is(open, "(") && self.is(last, ")") && self.closing(open) == last
                || self.language == Language::Ruby && self.is(open, "[") && self.is(last, "]")
            {
                self.arguments(open + 1..last).into_iter().next()
            } else if open <= last {
                Some(self.value(open..range.end))
            } else {
                None
            }
        };
        let pattern = match self.language {
            Language::Perl if name == "glob" => call(1),
            Language::Perl if self.is(first, "<") && self.is(last, ">") => {
                let inner = &self.source.text()[self.tokens[first].range.end..self.tokens[last].range.start];
                // `<$fh>` and `<STDIN>` read lines; a pattern holds a path or a wildcard.
                (!inner.contains('$') && inner.contains(['/', '*', '?', '~']))
                    .then(|| Value::Text(text(inner.trim(), self.span(first..range.end))))
            }
            Language::Ruby if name == "Dir" && self.is(first + 1, ".") && self.text(first + 2) == "glob" => call(3),
            Language::Ruby if name == "Dir" && self.is(first + 1, "[") => call(1),
            _ => None,
        }?;
        match (self.language, pattern) {
            (Language::Perl, Value::Text(pattern)) => Some(Value::Text(expand_home(pattern, self.env))),
            (_, pattern @ Value::Text(_)) => Some(pattern),
            _ => None,
        }
    }

    /// The argument an expression names: Ruby's `ARGV[0]`, Perl's `$ARGV[0]`, PHP's `$argv[1]`,
    /// Lua's `arg[1]`.
    fn program_argument(&self, written: &str) -> Option<Word> {
        let (name, rest) = written.split_once('[')?;
        let position: usize = rest.strip_suffix(']')?.trim().parse().ok()?;
        let arguments = self.env.arguments;
        match (self.language, name) {
            (Language::Ruby, "ARGV") | (Language::Perl, "$ARGV") => arguments.args.get(position).cloned(),
            (Language::Php, "$argv") | (Language::Lua, "arg") => arguments.with_script(position),
            _ => None,
        }
    }

    /// The index of the `)` closing the `(` at `open`.
    fn closing(&self, open: usize) -> usize {
        super::closing(open, self.tokens.len(), |index, punct| self.is(index, punct))
    }

    fn trimmed(&self, range: Range<usize>) -> Range<usize> {
        let mut range = range;
        while !range.is_empty() && matches!(self.tokens[range.start].kind, Kind::Newline) {
            range.start += 1;
        }
        while !range.is_empty() && matches!(self.tokens[range.end - 1].kind, Kind::Newline) {
            range.end -= 1;
        }
        range
    }

    fn unknown(&self, range: Range<usize>) -> Value {
        let start = self.tokens[range.start].range.start;
        let end = self.tokens[range.end - 1].range.end;
        super::unknown(self.source, start..end)
    }

    fn judge(&mut self, name: &str, sink: Sink, arguments: Vec<Value>, span: Span) {
        let cwd = self.cwd.clone();
        let first = arguments.first().cloned().unwrap_or(Value::List(Vec::new()));
        let second = arguments.get(1).cloned();
        let mut effects = Vec::new();
        match sink {
            Sink::Kernel => {
                // A leading environment hash (`system({"A" => "1"}, "cmd")`) is skipped.
                let arguments: Vec<Value> = arguments
                    .into_iter()
                    .filter(|a| !matches!(a, Value::Object(_)))
                    .collect();
                match arguments.as_slice() {
                    [Value::List(items)] => effects.push(run_effect(name, span, &Value::List(items.clone()), cwd)),
                    [single] => effects.push(shell_effect(name, span, single, cwd)),
                    [] => {}
                    several => effects.push(run_effect(name, span, &Value::List(several.to_vec()), cwd)),
                }
            }
            Sink::Shell => effects.push(shell_effect(name, span, &first, cwd)),
            // A leading environment hash (`IO.popen({"A" => "1"}, cmd)`) is skipped.
            Sink::CommandFirst if matches!(first, Value::Object(_)) => {
                let rest = arguments[1..].to_vec();
                return self.judge(name, sink, rest, span);
            }
            Sink::CommandFirst if matches!(first, Value::List(_)) => effects.push(run_effect(name, span, &first, cwd)),
            Sink::CommandFirst => effects.push(shell_effect(name, span, &first, cwd)),
            Sink::Program => {
                let argv = match (first, second) {
                    (program, Some(Value::List(args))) => {
                        let mut argv = vec![program];
                        argv.extend(args);
                        Value::List(argv)
                    }
                    (program, _) => program,
                };
                effects.push(run_effect(name, span, &argv, cwd));
            }
            Sink::Delete { recursive, directory } => {
                for path in arguments {
                    match path {
                        Value::List(items) => effects.extend(
                            items
                                .into_iter()
                                .map(|item| delete_effect(name, span, item, recursive, directory, cwd.clone())),
                        ),
                        // Options given as a hash (`rm_rf(dir, secure: true)`).
                        Value::Object(_) => {}
                        path if matches!(&path, Value::Text(w) if w.text().starts_with(':')) => {}
                        path => effects.push(delete_effect(name, span, path, recursive, directory, cwd.clone())),
                    }
                }
            }
            Sink::Write => {
                let append = self.language == Language::Php
                    && arguments
                        .iter()
                        .skip(2)
                        .any(|a| matches!(a, Value::Unknown(d) if d.text.contains("FILE_APPEND")));
                let text = arguments.get(1);
                effects.push(write_effect(name, span, first, append, cwd).writing(text));
            }
            Sink::Open => {
                let mode = second
                    .as_ref()
                    .and_then(Value::as_word)
                    .and_then(Word::value)
                    .unwrap_or("r");
                if mode.contains(['w', 'a', '+', 'x']) {
                    effects.push(write_effect(name, span, first, mode.contains('a'), cwd));
                } else {
                    effects.push(read_effect(name, span, first, cwd));
                }
            }
            Sink::WriteSecond => {
                if let Some(target) = second {
                    effects.push(read_effect(name, span, first, cwd.clone()));
                    effects.push(write_effect(name, span, target, false, cwd));
                }
            }
            Sink::Link { symbolic } => {
                if let Some(at) = second {
                    effects.push(link_effect(name, span, first, at, symbolic, cwd));
                }
            }
            Sink::Read => effects.push(read_effect(name, span, first, cwd)),
            Sink::PerlOpen => effects.extend(self.perl_open(name, &arguments, span)),
            Sink::Eval => effects.push(code_effect(name, span, self.language, &first)),
            Sink::Load if first.as_word().is_none_or(crate::registry::is_library_file) => effects.push(Effect::new(
                name,
                span,
                None,
                Action::Unverifiable(format!(
                    "`{name}` loads the library {}: its code cannot be read",
                    first.describe()
                )),
            )),
            Sink::Load => {}
            Sink::Chdir => self.cwd = Some(first.into_word(span)),
        }
        self.effects.extend(effects);
    }

    /// `open(FH, MODE, TARGET…)` and two-argument `open(FH, "cmd |")`, `open(FH, ">file")`.
    fn perl_open(&self, name: &str, arguments: &[Value], span: Span) -> Vec<Effect> {
        let cwd = self.cwd.clone();
        let mode = arguments.get(1).and_then(Value::as_word);
        match (mode.and_then(Word::value).map(str::trim), arguments.get(2)) {
            (Some("-|" | "|-"), Some(_)) if arguments.len() > 3 => {
                vec![run_effect(name, span, &Value::List(arguments[2..].to_vec()), cwd)]
            }
            (Some("-|" | "|-"), Some(command)) => vec![shell_effect(name, span, command, cwd)],
            (Some(mode), Some(path)) if mode.starts_with('>') || mode.starts_with("+<") => {
                vec![write_effect(name, span, path.clone(), mode.starts_with(">>"), cwd)]
            }
            (Some(mode), Some(path)) if mode.starts_with('<') => vec![read_effect(name, span, path.clone(), cwd)],
            (_, None) => {
                let Some(word) = mode else {
                    return Vec::new();
                };
                let written = word.text().trim();
                if let Some(command) = written.strip_suffix('|').or_else(|| written.strip_prefix('|')) {
                    let code = text(command.trim(), word.span);
                    let code = if word.is_dynamic() {
                        Value::Unknown(dynamic_of(word))
                    } else {
                        Value::Text(code)
                    };
                    return vec![shell_effect(name, span, &code, cwd)];
                }
                if let Some(path) = written.strip_prefix(">>").or_else(|| written.strip_prefix('>')) {
                    let append = written.starts_with(">>");
                    let path = if word.is_dynamic() {
                        Value::Unknown(dynamic_of(word))
                    } else {
                        Value::Text(text(path.trim(), word.span))
                    };
                    return vec![write_effect(name, span, path, append, cwd)];
                }
                // `open(F, "<file")` and `open(F, "file")` read.
                let path = written.strip_prefix('<').unwrap_or(written).trim();
                if path.is_empty() {
                    return Vec::new();
                }
                let path = if word.is_dynamic() {
                    Value::Unknown(dynamic_of(word))
                } else {
                    Value::Text(text(path, word.span))
                };
                vec![read_effect(name, span, path, cwd)]
            }
            _ => Vec::new(),
        }
    }
}

/// A dynamic stand-in for a word that mixes mode characters with unknown parts.
fn dynamic_of(word: &Word) -> Dynamic {
    Dynamic {
        kind: DynamicKind::Other,
        text: word.text().to_owned(),
        span: word.span,
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::described;
    use crate::language::Language;

    #[test]
    fn ruby() {
        let ruby = |code| described(Language::Ruby, code);
        assert_eq!(ruby("system(\"rm -rf ~\")"), ["system: shell rm -rf ~"]);
        assert_eq!(
            ruby("system 'git', 'push', '--force'"),
            ["system: run git push --force"]
        );
        assert_eq!(ruby("`rm -rf #{Dir.home}`"), ["backticks: shell rm -rf /home/user"]);
        assert_eq!(ruby("%x{rm -rf /}"), ["backticks: shell rm -rf /"]);
        assert_eq!(
            ruby("require 'fileutils'; FileUtils.rm_rf(File.expand_path('~'))"),
            ["FileUtils.rm_rf: delete -r -d /home/user"]
        );
        assert_eq!(ruby("cmd = \"rm -rf /\"\nsystem(cmd)"), ["system: shell rm -rf /"]);
        assert_eq!(
            ruby("File.write(ENV['HOME'] + '/.bashrc', 'x')"),
            ["File.write: write /home/user/.bashrc <- x"]
        );
        assert!(ruby("puts 'rm -rf /'; db.exec('DROP')").is_empty());
        assert!(ruby("x = 10 % 3; puts x").is_empty());
        assert_eq!(ruby("send(:system, 'rm -rf ~')"), ["system: shell rm -rf ~"]);
        assert_eq!(ruby("Kernel.public_send(:exec, 'id')"), ["exec: shell id"]);
        assert_eq!(ruby("FileUtils.send(:rm_rf, '/')"), ["FileUtils.rm_rf: delete -r -d /"]);
        assert_eq!(
            ruby("FileUtils.rm_rf('tmp', secure: true, :verbose => true)"),
            ["FileUtils.rm_rf: delete -r -d tmp"]
        );
        assert!(ruby("x.send(:each, 1)").is_empty());
        assert_eq!(
            ruby("Dir.glob('/h/.ssh/*').each { |f| File.delete(f) }"),
            ["File.delete: delete /h/.ssh/*"]
        );
        assert_eq!(
            ruby("Dir['/h/*'].map do |d|\n FileUtils.rm_r(d)\nend"),
            ["FileUtils.rm_r: delete -r -d /h/*"]
        );
        assert_eq!(
            ruby("Dir.glob('/h/*') { |f| File.unlink(f) }"),
            ["File.unlink: delete /h/*"]
        );
        assert_eq!(
            ruby("Dir['/h/.ssh/*'].each(&File.method(:delete))"),
            ["File.delete: delete /h/.ssh/*"]
        );
        assert!(ruby("Dir.glob('/h/*').each { |f| puts f }").is_empty());
        assert!(ruby("list.each(&File.method(:delete))").is_empty());
    }

    #[test]
    fn perl() {
        let perl = |code| described(Language::Perl, code);
        assert_eq!(perl("system(\"rm -rf ~\")"), ["system: shell rm -rf ~"]);
        // Case and quoting changes as perl 5.36 makes them: `\L` then `\Q` both hold until
        // their `\E`s; `\U` after `\L` replaces it; `\u` changes the next character only.
        assert_eq!(perl(r#"system "\LAB\QC D\EE\EF""#), [r"system: shell abc\ deF"]);
        assert_eq!(perl(r#"system "\Ua\LB\Ec""#), ["system: shell Abc"]);
        assert_eq!(perl(r#"system "\u\LfOO bAR\E""#), ["system: shell Foo bar"]);
        assert_eq!(perl(r#"system "\cI\x""#), ["system: shell \t\0"]);
        assert_eq!(perl("system 'rm', '-rf', '/';"), ["system: run rm -rf /"]);
        assert_eq!(perl("my $x = qx{git push -f}; print $x"), ["qx: shell git push -f"]);
        assert_eq!(perl("`rm -rf $ENV{HOME}`"), ["qx: shell rm -rf /home/user"]);
        assert_eq!(
            perl("unlink '/etc/passwd', '/etc/shadow'"),
            ["unlink: delete /etc/passwd", "unlink: delete /etc/shadow"]
        );
        assert_eq!(
            perl("use File::Path qw(rmtree); rmtree('/x')"),
            ["rmtree: delete -r -d /x"]
        );
        assert_eq!(
            perl("open(my $f, '>>', \"$ENV{HOME}/.bashrc\")"),
            ["open: append /home/user/.bashrc"]
        );
        assert_eq!(perl("open(P, \"rm -rf / |\")"), ["open: shell rm -rf /"]);
        assert_eq!(perl("s/'//g; system(\"id\")"), ["system: shell id"]);
        assert!(perl("print \"rm -rf /\\n\"").is_empty());
        assert!(perl("my @a = split /,/, $x; print join(' ', @a)").is_empty());
    }

    #[test]
    fn php() {
        let php = |code| described(Language::Php, code);
        assert_eq!(php("system('rm -rf ~');"), ["system: shell rm -rf ~"]);
        assert_eq!(
            php("echo shell_exec(\"git push --force\");"),
            ["shell_exec: shell git push --force"]
        );
        assert_eq!(php("`rm -rf /`;"), ["backticks: shell rm -rf /"]);
        assert_eq!(
            php("unlink(getenv('HOME') . '/.bashrc');"),
            ["unlink: delete /home/user/.bashrc"]
        );
        assert!(php("$pdo->exec('DELETE FROM t'); echo 'system(1)';").is_empty());
    }

    #[test]
    fn lua() {
        let lua = |code| described(Language::Lua, code);
        assert_eq!(lua("os.execute('rm -rf ~')"), ["os.execute: shell rm -rf ~"]);
        assert_eq!(lua("os.execute[[rm -rf /]]"), ["os.execute: shell rm -rf /"]);
        assert_eq!(
            lua("os.remove(os.getenv('HOME') .. '/.bashrc')"),
            ["os.remove: delete /home/user/.bashrc"]
        );
        assert!(lua("print('os.execute(1)') -- os.execute('x')").is_empty());
    }
}
