//! JavaScript and TypeScript-free JavaScript as node, deno and bun run it: `require` and
//! `import` (with aliases and destructuring) are followed to find the calls that run commands
//! (`child_process.*`, `Bun.spawn`, `Bun.$`, `Deno.Command`), delete files (`fs.rmSync`,
//! `fs.unlinkSync`, `Deno.remove`…), write them (`fs.writeFileSync`…) or run more code (`eval`,
//! the `load(file)` of `mongosh` and `d8`).

use super::syntax::{self, Grammar, named_children};
use super::{
    CHOSEN_AT_RUN_TIME, Effect, Env, Value, chosen_call, code_effect, concat, decoded, delete_effect, join_paths,
    link_effect, read_effect, run_effect, secret_variable, shell_effect, temporary, text, unknown, write_effect,
};
use crate::language::Language;
use crate::parse::Allowance;
use crate::parse::ParseFailure;
use crate::source::{Source, Span};
use crate::word::Word;
use std::collections::HashMap;
use tree_sitter::Node;

pub fn effects(source: &Source, env: &Env, allowance: Allowance<'_>) -> Result<Vec<Effect>, ParseFailure> {
    let tree = syntax::parse(Grammar::JavaScript, source.text(), allowance)?;
    let mut reader = Reader {
        source,
        depth: std::cell::Cell::new(0),
        env,
        names: HashMap::new(),
        effects: Vec::new(),
    };
    for node in syntax::preorder(tree.root_node()) {
        match node.kind() {
            "import_statement" => reader.import(node),
            "variable_declarator" => reader.declare(node),
            "assignment_expression" => reader.assign(node),
            "call_expression" | "new_expression" => reader.call(node),
            _ => {}
        }
    }
    Ok(reader.effects)
}

struct Reader<'a> {
    source: &'a Source,
    /// How deep the expression being valued nests (see [`super::MAX_VALUE_DEPTH`]).
    depth: std::cell::Cell<usize>,
    env: &'a Env<'a>,
    names: HashMap<String, Value>,
    effects: Vec<Effect>,
}

/// A module name as the code gives it, without the `node:` prefix and with the promise
/// flavour folded into the module (`fs/promises` has the same functions as `fs`).
fn module(name: &str) -> String {
    match name.strip_prefix("node:").unwrap_or(name) {
        "fs/promises" => "fs".to_owned(),
        other => other.to_owned(),
    }
}

impl Reader<'_> {
    fn text(&self, node: Node) -> &str {
        syntax::text(node, self.source)
    }

    fn span(&self, node: Node) -> Span {
        self.source.span(node.byte_range())
    }

    /// `import x from 'm'`, `import * as x from 'm'`, `import { a, b as c } from 'm'`.
    fn import(&mut self, node: Node) {
        let Some(from) = node.child_by_field_name("source") else {
            return;
        };
        let Value::Text(from) = self.value(from) else {
            return;
        };
        let Some(from) = from.value().map(module) else {
            return;
        };
        let Some(clause) = named_children(node).into_iter().find(|c| c.kind() == "import_clause") else {
            return;
        };
        for part in named_children(clause) {
            match part.kind() {
                "identifier" => {
                    self.names.insert(self.text(part).to_owned(), Value::Name(from.clone()));
                }
                "namespace_import" => {
                    if let Some(name) = named_children(part).first() {
                        self.names
                            .insert(self.text(*name).to_owned(), Value::Name(from.clone()));
                    }
                }
                "named_imports" => {
                    for specifier in named_children(part) {
                        let Some(name) = specifier.child_by_field_name("name") else {
                            continue;
                        };
                        let alias = specifier.child_by_field_name("alias").unwrap_or(name);
                        let imported = self.text(name).trim_matches(['"', '\'']).to_owned();
                        let qualified = match imported.as_str() {
                            "default" => from.clone(),
                            _ => format!("{from}.{imported}"),
                        };
                        self.names.insert(self.text(alias).to_owned(), Value::Name(qualified));
                    }
                }
                _ => {}
            }
        }
    }

    /// `const x = value`, `const { a, b: c } = require('m')`.
    fn declare(&mut self, node: Node) {
        let Some(name) = node.child_by_field_name("name") else {
            return;
        };
        let value = match node.child_by_field_name("value") {
            Some(value) => self.value(value),
            None => unknown(self.source, node.byte_range()),
        };
        self.bind(name, value);
    }

    /// `x = value`.
    fn assign(&mut self, node: Node) {
        if let (Some(left), Some(right)) = (node.child_by_field_name("left"), node.child_by_field_name("right")) {
            let value = self.value(right);
            self.bind(left, value);
        }
    }

    fn bind(&mut self, pattern: Node, value: Value) {
        match pattern.kind() {
            "identifier" | "shorthand_property_identifier_pattern" => {
                self.names.insert(self.text(pattern).to_owned(), value);
            }
            "object_pattern" => {
                for property in named_children(pattern) {
                    let (key, alias) = match property.kind() {
                        "shorthand_property_identifier_pattern" => (self.text(property).to_owned(), property),
                        "pair_pattern" => match (
                            property.child_by_field_name("key"),
                            property.child_by_field_name("value"),
                        ) {
                            (Some(key), Some(alias)) => (self.text(key).trim_matches(['"', '\'']).to_owned(), alias),
                            _ => continue,
                        },
                        _ => continue,
                    };
                    let member = match &value {
                        Value::Name(object) => Value::Name(format!("{object}.{key}")),
                        Value::Object(_) => value
                            .field(&key)
                            .cloned()
                            .unwrap_or_else(|| unknown(self.source, property.byte_range())),
                        _ => unknown(self.source, property.byte_range()),
                    };
                    self.bind(alias, member);
                }
            }
            _ => {}
        }
    }

    /// The value of an expression; past [`super::MAX_VALUE_DEPTH`] levels of nesting (a chain
    /// of thousands of calls), unknown.
    fn value(&self, node: Node) -> Value {
        super::nested_value(&self.depth, self.source, node, || self.value_of(node))
    }

    fn value_of(&self, node: Node) -> Value {
        match node.kind() {
            "string" | "template_string" => Value::Text(self.string(node)),
            "identifier" => self
                .names
                .get(self.text(node))
                .cloned()
                .unwrap_or_else(|| Value::Name(self.text(node).to_owned())),
            // The `import` of a dynamic `import('m')`.
            "import" => Value::Name("import".to_owned()),
            "true" => Value::Bool(true),
            "false" => Value::Bool(false),
            "parenthesized_expression" | "await_expression" => match named_children(node).last() {
                Some(inner) => self.value(*inner),
                None => unknown(self.source, node.byte_range()),
            },
            "array" => {
                let items = named_children(node);
                if items.iter().any(|item| item.kind() == "spread_element") {
                    return unknown(self.source, node.byte_range());
                }
                Value::List(items.into_iter().map(|item| self.value(item)).collect())
            }
            "object" => {
                let mut fields = Vec::new();
                for pair in named_children(node) {
                    match pair.kind() {
                        "pair" => {
                            if let (Some(key), Some(value)) =
                                (pair.child_by_field_name("key"), pair.child_by_field_name("value"))
                            {
                                let key = self.text(key).trim_matches(['"', '\'']).to_owned();
                                fields.push((key, self.value(value)));
                            }
                        }
                        "shorthand_property_identifier" => {
                            let key = self.text(pair).to_owned();
                            let value = self
                                .names
                                .get(&key)
                                .cloned()
                                .unwrap_or_else(|| unknown(self.source, pair.byte_range()));
                            fields.push((key, value));
                        }
                        _ => return unknown(self.source, node.byte_range()),
                    }
                }
                Value::Object(fields)
            }
            "member_expression" => self.member(node),
            "binary_expression" => {
                let (Some(left), Some(right), Some(operator)) = (
                    node.child_by_field_name("left"),
                    node.child_by_field_name("right"),
                    node.child_by_field_name("operator"),
                ) else {
                    return unknown(self.source, node.byte_range());
                };
                let span = self.span(node);
                match (self.value(left), self.text(operator), self.value(right)) {
                    (Value::Text(a), "+", b) => Value::Text(concat([a, b.into_word(span)])),
                    (a, "+", Value::Text(b)) => Value::Text(concat([a.into_word(span), b])),
                    _ => unknown(self.source, node.byte_range()),
                }
            }
            "call_expression" => self.call_value(node),
            "subscript_expression" => {
                let (Some(object), Some(index)) =
                    (node.child_by_field_name("object"), node.child_by_field_name("index"))
                else {
                    return unknown(self.source, node.byte_range());
                };
                match (self.value(object), self.value(index)) {
                    // `process.argv`: the node binary, the script when there is one, then the
                    // arguments.
                    (Value::Name(object), _) if object == "process.argv" => {
                        let position = (index.kind() == "number")
                            .then(|| self.text(index).parse::<usize>().ok())
                            .flatten();
                        let arguments = self.env.arguments;
                        let word = match position {
                            Some(0) => Some(text("node", self.span(node))),
                            Some(n) if arguments.script.is_some() => arguments.with_script(n - 1),
                            Some(n) => arguments.with_script(n),
                            None => None,
                        };
                        word.map_or_else(|| unknown(self.source, node.byte_range()), Value::Text)
                    }
                    (Value::Name(object), Value::Text(key)) if object == "process.env" => key
                        .value()
                        .and_then(|key| secret_variable(key, self.source, node.byte_range()))
                        .unwrap_or_else(|| Value::Name(format!("{object}.{}", key.value().unwrap_or_default()))),
                    (Value::Name(object), Value::Text(key)) if key.value().is_some() => {
                        Value::Name(format!("{object}.{}", key.value().unwrap_or_default()))
                    }
                    (Value::Name(object), _) => Value::Name(format!("{object}.{CHOSEN_AT_RUN_TIME}")),
                    _ => unknown(self.source, node.byte_range()),
                }
            }
            _ => unknown(self.source, node.byte_range()),
        }
    }

    fn member(&self, node: Node) -> Value {
        let (Some(object), Some(property)) = (node.child_by_field_name("object"), node.child_by_field_name("property"))
        else {
            return unknown(self.source, node.byte_range());
        };
        let property = self.text(property).to_owned();
        match self.value(object) {
            Value::Name(name) if name == "process.env" && property == "HOME" => {
                Value::Text(text(self.env.home, self.span(node)))
            }
            Value::Name(name) if name == "process.env" => secret_variable(&property, self.source, node.byte_range())
                .unwrap_or_else(|| Value::Name(format!("{name}.{property}"))),
            Value::Name(name) if name == "process" && property == "execPath" => {
                Value::Text(text("node", self.span(node)))
            }
            Value::Name(name) => Value::Name(format!("{name}.{property}")),
            Value::Text(text) => Value::TextMethod(text, property),
            Value::Object(fields) => fields
                .iter()
                .rev()
                .find(|(key, _)| *key == property)
                .map(|(_, value)| value.clone())
                .unwrap_or_else(|| unknown(self.source, node.byte_range())),
            _ => unknown(self.source, node.byte_range()),
        }
    }

    fn arguments(&self, call: Node) -> Vec<Value> {
        let Some(arguments) = call.child_by_field_name("arguments") else {
            return Vec::new();
        };
        if arguments.kind() == "template_string" {
            return vec![self.value(arguments)];
        }
        named_children(arguments)
            .into_iter()
            .filter(|argument| argument.kind() != "comment")
            .map(|argument| match argument.kind() {
                "spread_element" => unknown(self.source, argument.byte_range()),
                _ => self.value(argument),
            })
            .collect()
    }

    /// The value a call returns: modules, home directories, joined paths.
    fn call_value(&self, node: Node) -> Value {
        let Some(function) = node.child_by_field_name("function") else {
            return unknown(self.source, node.byte_range());
        };
        let span = self.span(node);
        let arguments = self.arguments(node);
        match self.value(function) {
            Value::Name(name) => match name.as_str() {
                // `require`, `module.require`, `process.mainModule.require`, `import(…)`.
                _ if name == "require" || name == "import" || name.ends_with(".require") => match arguments.first() {
                    Some(Value::Text(word)) if word.value().is_some() => {
                        Value::Name(module(word.value().unwrap_or_default()))
                    }
                    _ => unknown(self.source, node.byte_range()),
                },
                "os.homedir" => Value::Text(text(self.env.home, span)),
                "os.tmpdir" | "fs.mkdtempSync" | "fs.mkdtemp" => temporary(self.source, node.byte_range()),
                "process.cwd" | "Deno.cwd" => Value::Text(text(".", span)),
                "path.join" | "path.resolve" | "path.posix.join" | "path.normalize" => {
                    let pieces: Vec<Word> = arguments.into_iter().map(|v| v.into_word(span)).collect();
                    Value::Text(join_paths(pieces, span))
                }
                "Deno.env.get" | "process.env.get" => match arguments.first() {
                    Some(Value::Text(key)) if key.is("HOME") => Value::Text(text(self.env.home, span)),
                    Some(Value::Text(key)) => key
                        .value()
                        .and_then(|key| secret_variable(key, self.source, node.byte_range()))
                        .unwrap_or_else(|| unknown(self.source, node.byte_range())),
                    _ => unknown(self.source, node.byte_range()),
                },
                "String" => arguments
                    .into_iter()
                    .next()
                    .unwrap_or_else(|| unknown(self.source, node.byte_range())),
                "atob" | "Buffer.from" => {
                    let encoding = match name.as_str() {
                        "atob" => "base64",
                        _ => arguments
                            .get(1)
                            .and_then(Value::as_word)
                            .and_then(|w| w.value())
                            .unwrap_or("utf8"),
                    };
                    match (arguments.first(), encoding) {
                        (Some(text @ Value::Text(_)), "utf8" | "utf-8") => text.clone(),
                        (Some(encoded), encoding) => {
                            decoded(encoded, encoding, span).unwrap_or_else(|| unknown(self.source, node.byte_range()))
                        }
                        _ => unknown(self.source, node.byte_range()),
                    }
                }
                _ => self.module_fetched(node, &arguments),
            },
            Value::TextMethod(text, method) if matches!(method.as_str(), "toString" | "trim") => Value::Text(text),
            _ => self.module_fetched(node, &arguments),
        }
    }

    /// A function the reader does not follow, given the name of a module that runs commands or
    /// deletes files, is taken for `require`: it is what that name is passed to, however the
    /// function was reached (`new Function("return require")()("child_process")`,
    /// `vm.runInThisContext("require")("fs")`, `module.constructor._load("child_process")`).
    fn module_fetched(&self, node: Node, arguments: &[Value]) -> Value {
        match arguments.first().and_then(Value::as_word).and_then(|word| word.value()) {
            Some(name) if super::DANGEROUS_MODULES.contains(&module(name).as_str()) || module(name) == "vm" => {
                Value::Name(module(name))
            }
            _ => unknown(self.source, node.byte_range()),
        }
    }

    /// A call that may run, delete or write something.
    fn call(&mut self, node: Node) {
        let callee = match node.kind() {
            "new_expression" => node.child_by_field_name("constructor"),
            _ => node.child_by_field_name("function"),
        };
        let Some(callee) = callee else {
            return;
        };
        let span = self.span(node);
        let mut arguments = self.arguments(node);
        let Value::Name(mut name) = self.value(callee) else {
            return;
        };
        // `f.call(this, a, b)` and `f.apply(this, [a, b])` call `f` with `a, b`.
        if let Some(function) = name.strip_suffix(".call") {
            name = function.to_owned();
            arguments = arguments.into_iter().skip(1).collect();
        } else if let Some(function) = name.strip_suffix(".apply") {
            name = function.to_owned();
            arguments = match arguments.get(1) {
                Some(Value::List(items)) => items.clone(),
                _ => vec![unknown(self.source, node.byte_range())],
            };
        }
        let argument = |index: usize| arguments.get(index).cloned().unwrap_or(Value::List(Vec::new()));
        let options = |index: usize| arguments.get(index).cloned().unwrap_or(Value::Object(Vec::new()));
        let tagged = node
            .child_by_field_name("arguments")
            .is_some_and(|a| a.kind() == "template_string");
        let last = name.rsplit('.').next().unwrap_or(&name).to_owned();
        let owner = name.strip_suffix(&format!(".{last}")).unwrap_or("");
        // `import('child_process').then(cp => …)`: the callback's parameter is the module.
        if last == "then" && !owner.is_empty() {
            self.bind_callback(node, Value::Name(owner.to_owned()));
            return;
        }
        if last == CHOSEN_AT_RUN_TIME {
            self.effects.extend(chosen_call(owner, span));
            return;
        }
        let cwd = |options: &Value| options.field("cwd").map(|cwd| cwd.clone().into_word(span));
        let effect = match (owner, last.as_str()) {
            ("child_process", "exec" | "execSync") => Some(shell_effect(&name, span, &argument(0), cwd(&options(1)))),
            ("child_process", "spawn" | "spawnSync" | "execFile" | "execFileSync") => {
                let (args, opts) = match arguments.get(1) {
                    Some(Value::List(_)) | Some(Value::Unknown(_)) => (argument(1), options(2)),
                    _ => (Value::List(Vec::new()), options(1)),
                };
                let argv = prepend(argument(0), args);
                Some(
                    match opts
                        .field("shell")
                        .is_some_and(|shell| !matches!(shell, Value::Bool(false)))
                    {
                        true => shell_effect(&name, span, &joined(&argv, span), cwd(&opts)),
                        false => run_effect(&name, span, &argv, cwd(&opts)),
                    },
                )
            }
            ("Bun", "spawn" | "spawnSync") => {
                let first = argument(0);
                let argv = first.field("cmd").cloned().unwrap_or(first.clone());
                Some(run_effect(&name, span, &argv, cwd(&first).or_else(|| cwd(&options(1)))))
            }
            ("Bun" | "bun" | "zx" | "execa", "$") | ("", "$") if tagged => {
                Some(shell_effect(&name, span, &argument(0), None))
            }
            ("execa", "execaCommand" | "execaCommandSync") => Some(shell_effect(&name, span, &argument(0), None)),
            ("execa", "execa" | "execaSync") | ("", "execa" | "execaSync") if !tagged => Some(run_effect(
                &name,
                span,
                &prepend(argument(0), argument(1)),
                cwd(&options(2)),
            )),
            ("shelljs", "exec") => Some(shell_effect(&name, span, &argument(0), None)),
            ("shelljs", "rm") => {
                let recursive = arguments
                    .first()
                    .and_then(Value::as_word)
                    .is_some_and(|w| w.text().starts_with('-') && w.text().contains(['r', 'R']));
                let path = if recursive { argument(1) } else { argument(0) };
                Some(delete_effect(&name, span, path, recursive, recursive, None))
            }
            ("Deno", "Command") => {
                let opts = options(1);
                let args = opts.field("args").cloned().unwrap_or(Value::List(Vec::new()));
                Some(run_effect(&name, span, &prepend(argument(0), args), cwd(&opts)))
            }
            ("Deno", "run") => {
                let opts = argument(0);
                let argv = opts
                    .field("cmd")
                    .cloned()
                    .unwrap_or_else(|| unknown(self.source, node.byte_range()));
                Some(run_effect(&name, span, &argv, cwd(&opts)))
            }
            ("Deno", "remove" | "removeSync") => {
                let recursive = options(1).field("recursive").is_some_and(Value::is_true);
                Some(delete_effect(&name, span, argument(0), recursive, recursive, None))
            }
            ("Deno", "writeTextFile" | "writeTextFileSync" | "writeFile" | "writeFileSync") => {
                let append = options(2).field("append").is_some_and(Value::is_true);
                Some(write_effect(&name, span, argument(0), append, None).writing(arguments.get(1)))
            }
            ("Bun", "write") => Some(write_effect(&name, span, argument(0), false, None).writing(arguments.get(1))),
            ("fs" | "fs.promises" | "fs-extra", "rm" | "rmSync" | "rmdir" | "rmdirSync") => {
                let recursive = options(1).field("recursive").is_some_and(Value::is_true);
                Some(delete_effect(
                    &name,
                    span,
                    argument(0),
                    recursive,
                    recursive || last.starts_with("rmdir"),
                    None,
                ))
            }
            ("fs" | "fs.promises" | "fs-extra", "unlink" | "unlinkSync") => {
                Some(delete_effect(&name, span, argument(0), false, false, None))
            }
            ("fs-extra", "remove" | "removeSync" | "emptyDir" | "emptyDirSync")
            | ("rimraf", "sync" | "rimrafSync" | "rimraf")
            | ("", "rimraf") => Some(delete_effect(&name, span, argument(0), true, true, None)),
            (
                "fs" | "fs.promises" | "fs-extra",
                "writeFile" | "writeFileSync" | "createWriteStream" | "outputFile" | "outputFileSync",
            ) => Some(write_effect(&name, span, argument(0), false, None).writing(arguments.get(1))),
            ("fs" | "fs.promises" | "fs-extra", "appendFile" | "appendFileSync") => {
                Some(write_effect(&name, span, argument(0), true, None).writing(arguments.get(1)))
            }
            (
                "fs" | "fs.promises" | "fs-extra",
                "readFile" | "readFileSync" | "createReadStream" | "readJson" | "readJsonSync" | "readJSON",
            )
            | ("Deno", "readTextFile" | "readTextFileSync" | "readFile" | "readFileSync")
            | ("Bun", "file") => Some(read_effect(&name, span, argument(0), None)),
            (
                "fs" | "fs.promises" | "fs-extra",
                "symlink" | "symlinkSync" | "link" | "linkSync" | "ensureSymlink" | "ensureSymlinkSync",
            ) => Some(link_effect(
                &name,
                span,
                argument(0),
                argument(1),
                !name.contains(".link"),
                None,
            )),
            (
                "fs" | "fs.promises" | "fs-extra",
                "copyFile" | "copyFileSync" | "cp" | "cpSync" | "rename" | "renameSync" | "copy" | "copySync" | "move"
                | "moveSync",
            ) => {
                self.effects.push(read_effect(&name, span, argument(0), None));
                Some(write_effect(&name, span, argument(1), false, None))
            }
            // `new Function(code)` only compiles the code; calling the function runs it, which
            // is only judged when the code is literal.
            ("", "Function") => match arguments.last() {
                Some(code @ Value::Text(_)) => Some(code_effect(&name, span, Language::JavaScript, code)),
                _ => None,
            },
            ("", "eval") | ("vm", "runInThisContext" | "runInNewContext" | "runInContext") => {
                Some(code_effect(&name, span, Language::JavaScript, &argument(0)))
            }
            // Node's internal bindings that start processes, under `child_process`.
            ("process", "binding" | "_linkedBinding")
                if matches!(
                    argument(0).as_word().and_then(|w| w.value()),
                    Some("spawn_sync" | "process_wrap")
                ) =>
            {
                let what = "the code reaches node's internal binding that starts processes, under `child_process`: what it runs is not read".to_owned();
                Some(Effect::new(&name, span, None, super::Action::Unverifiable(what)))
            }
            // `new Worker(code, { eval: true })` runs the text as a script of its own.
            ("worker_threads", "Worker") if options(1).field("eval").is_some_and(Value::is_true) => {
                Some(code_effect(&name, span, Language::JavaScript, &argument(0)))
            }
            // The shells that run JavaScript outside node (`mongosh`, `d8`, `rhino`) run the file
            // `load('x.js')` names; node has no such function, and a file nobody knows is let be.
            ("", "load") => match argument(0) {
                Value::Text(path) if path.value().is_some() => {
                    Some(code_effect(&name, span, Language::JavaScript, &Value::FileText(path)))
                }
                _ => None,
            },
            _ => None,
        };
        self.effects.extend(effect);
    }

    /// Binds the first parameter of the function given to `call` (an arrow function or a
    /// function expression) to `value`.
    fn bind_callback(&mut self, call: Node, value: Value) {
        let Some(callback) = call
            .child_by_field_name("arguments")
            .and_then(|arguments| named_children(arguments).into_iter().next())
            .filter(|f| matches!(f.kind(), "arrow_function" | "function_expression" | "function"))
        else {
            return;
        };
        let parameter = callback.child_by_field_name("parameter").or_else(|| {
            callback
                .child_by_field_name("parameters")
                .and_then(|parameters| named_children(parameters).into_iter().next())
        });
        if let Some(parameter) = parameter {
            self.bind(parameter, value);
        }
    }

    /// A string or template literal: escapes decoded, substitutions evaluated.
    fn string(&self, node: Node) -> Word {
        let inner = node.start_byte() + 1..node.end_byte().saturating_sub(1).max(node.start_byte() + 1);
        let mut pieces = Vec::new();
        let mut at = inner.start;
        for child in named_children(node) {
            let range = child.byte_range();
            match child.kind() {
                "escape_sequence" => {
                    if at < range.start {
                        pieces.push(syntax::verbatim(self.source, at..range.start));
                    }
                    pieces.push(syntax::escape(self.source, range.clone(), true));
                    at = range.end;
                }
                "template_substitution" => {
                    if at < range.start {
                        pieces.push(syntax::verbatim(self.source, at..range.start));
                    }
                    let value = named_children(child)
                        .first()
                        .map(|expression| self.value(*expression))
                        .unwrap_or_else(|| unknown(self.source, range.clone()));
                    pieces.push(value.into_word(self.span(child)));
                    at = range.end;
                }
                _ => {}
            }
        }
        if at < inner.end {
            pieces.push(syntax::verbatim(self.source, at..inner.end));
        }
        if pieces.is_empty() {
            return text("", self.span(node));
        }
        concat(pieces)
    }
}

/// `[program, ...args]`.
fn prepend(program: Value, args: Value) -> Value {
    match args {
        Value::List(mut items) => {
            items.insert(0, program);
            Value::List(items)
        }
        other => other,
    }
}

/// An argument vector as one line of shell code (`spawn(cmd, args, {shell: true})`).
fn joined(argv: &Value, span: Span) -> Value {
    match argv {
        Value::List(items) => {
            let mut words = Vec::new();
            for (index, item) in items.iter().enumerate() {
                if index > 0 {
                    words.push(text(" ", span));
                }
                words.push(item.clone().into_word(span));
            }
            Value::Text(concat(words))
        }
        other => other.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::described;
    use crate::language::Language;

    fn js(code: &str) -> Vec<String> {
        described(Language::JavaScript, code)
    }

    #[test]
    fn finds_commands() {
        assert_eq!(
            js("require('child_process').execSync('rm -rf ~')"),
            ["child_process.execSync: shell rm -rf ~"]
        );
        assert_eq!(
            js("const { execSync: run } = require('node:child_process'); run(`git push --force`)"),
            ["child_process.execSync: shell git push --force"]
        );
        assert_eq!(
            js("import * as cp from 'child_process'; cp.spawnSync('git', ['push', '-f'], {cwd: '/x'})"),
            ["child_process.spawnSync: run git push -f (in /x)"]
        );
        assert_eq!(js("Bun.spawn(['rm', '-rf', '/'])"), ["Bun.spawn: run rm -rf /"]);
        assert_eq!(
            js("new Deno.Command('git', { args: ['push', '--force'] }).outputSync()"),
            ["Deno.Command: run git push --force"]
        );
        assert_eq!(js("await Bun.$`rm -rf ${'/'}`"), ["Bun.$: shell rm -rf /"]);
    }

    #[test]
    fn finds_deletes_and_writes() {
        assert_eq!(
            js("const fs = require('fs'); const os = require('os'); fs.rmSync(os.homedir(), {recursive: true})"),
            ["fs.rmSync: delete -r -d /home/user"]
        );
        assert_eq!(
            js("import { writeFileSync } from 'fs'; writeFileSync(process.env.HOME + '/.bashrc', 'x')"),
            ["fs.writeFileSync: write /home/user/.bashrc <- x"]
        );
        assert_eq!(
            js("Deno.remove('/', { recursive: true })"),
            ["Deno.remove: delete -r -d /"]
        );
    }

    #[test]
    fn follows_modules_into_callbacks() {
        assert_eq!(
            js("import('child_process').then(cp => cp.execSync('rm -rf ~'))"),
            ["child_process.execSync: shell rm -rf ~"]
        );
        assert_eq!(
            js("import('node:child_process').then(({ execSync }) => execSync('id'))"),
            ["child_process.execSync: shell id"]
        );
        assert_eq!(
            js("import('fs').then(function (fs) { fs.rmSync('/', { recursive: true }) })"),
            ["fs.rmSync: delete -r -d /"]
        );
    }

    #[test]
    fn knows_what_is_written() {
        assert_eq!(
            js("require('fs').writeFileSync('x.sh', 'rm -rf ~')"),
            ["fs.writeFileSync: write x.sh <- rm -rf ~"]
        );
    }

    #[test]
    fn decodes_literal_encodings() {
        assert_eq!(
            js("require('child_process').execSync(Buffer.from('cm0gLXJmIH4=', 'base64').toString())"),
            ["child_process.execSync: shell rm -rf ~"]
        );
        assert_eq!(
            js("eval(atob('Y29uc29sZS5sb2coMSk='))"),
            ["eval: code JavaScript console.log(1)"]
        );
        assert_eq!(
            js("require('child_process')['exec' + 'Sync']('id')"),
            ["child_process.execSync: shell id"]
        );
        assert_eq!(
            js("require('child_process')[m]('id')"),
            ["child_process[…]: unverifiable"]
        );
    }

    #[test]
    fn leaves_ordinary_code_alone() {
        assert!(js("console.log('git push --force')").is_empty());
        assert!(js("console.log(process.version)").is_empty());
    }

    #[test]
    fn finds_the_links_made() {
        assert_eq!(
            js("const fs = require('fs'); fs.symlinkSync('/etc', 'e'); fs.linkSync('a', 'b')"),
            ["fs.symlinkSync: symlink e -> /etc", "fs.linkSync: link b -> a"]
        );
    }

    #[test]
    fn finds_the_files_read() {
        assert_eq!(
            js("const fs = require('fs'); console.log(fs.readFileSync('package.json', 'utf8'))"),
            ["fs.readFileSync: read package.json"]
        );
        assert_eq!(
            js("require('fs').copyFileSync('a', 'b')"),
            ["fs.copyFileSync: read a", "fs.copyFileSync: write b"]
        );
    }

    #[test]
    fn unknown_values_are_unverifiable() {
        assert_eq!(
            js("require('child_process').execSync(process.argv[2])"),
            ["child_process.execSync: unverifiable"]
        );
    }
}
