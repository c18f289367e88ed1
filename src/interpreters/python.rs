//! Python: imports, aliases and simple assignments are followed to find the calls that run
//! commands (`os.system`, `subprocess.*`, `os.exec*`, `os.spawn*`, `pty.spawn`), delete files
//! (`shutil.rmtree`, `os.remove`, `Path.unlink`…), write them (`open(…, 'w')`,
//! `Path.write_text`, `shutil.copy`) or run more code (`exec`, `eval`).

use super::syntax::{self, Grammar, named_children};
use super::{
    Action, CHOSEN_AT_RUN_TIME, Effect, Env, Value, chosen_call, code_effect, concat, decoded, delete_effect,
    expand_home, fetch_effect, formatted, join_paths, link_effect, read_effect, run_effect, secret_variable,
    shell_effect, temporary, text, unknown, write_effect,
};
use crate::language::Language;
use crate::parse::Allowance;
use crate::parse::ParseFailure;
use crate::source::{Source, Span};
use crate::word::Word;
use std::collections::{HashMap, HashSet};
use tree_sitter::Node;

pub fn effects(source: &Source, env: &Env, allowance: Allowance<'_>) -> Result<Vec<Effect>, ParseFailure> {
    let tree = syntax::parse(Grammar::Python, source.text(), allowance)?;
    let mut reader = Reader {
        source,
        depth: std::cell::Cell::new(0),
        env,
        names: HashMap::new(),
        star_imports: Vec::new(),
        cwd: None,
        written: HashSet::new(),
        effects: Vec::new(),
    };
    for node in syntax::preorder(tree.root_node()) {
        match node.kind() {
            "import_statement" => reader.import(node),
            "import_from_statement" => reader.import_from(node),
            "assignment" => reader.assign(node),
            "as_pattern" => reader.bind_as(node),
            "for_statement" => reader.bind_loop(node),
            // A comprehension's body comes before its `for` clauses: bind them first.
            "list_comprehension" | "set_comprehension" | "dictionary_comprehension" | "generator_expression" => {
                for clause in named_children(node).into_iter().filter(|c| c.kind() == "for_in_clause") {
                    reader.bind_loop(clause);
                }
            }
            "call" => reader.call(node),
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
    /// What names are bound to: imported modules and functions, assigned values.
    names: HashMap<String, Value>,
    /// Modules imported with `from m import *`.
    star_imports: Vec<String>,
    /// The working directory after a literal `os.chdir`.
    cwd: Option<Word>,
    /// `open(…)` calls whose file is written by a `.write(text)` on them, judged with it.
    written: HashSet<usize>,
    effects: Vec<Effect>,
}

/// The attribute through which a module's namespace is read as a dictionary (`os.__dict__`,
/// and what `vars(os)` gives).
const NAMESPACE: &str = ".__dict__";

/// The entry `key` of a module's namespace (`vars(os)['system']` is `os.system`), or of
/// `sys.modules` (`sys.modules['os']` is `os`); a key only known when the code runs is a
/// function chosen then.
fn namespace_entry(owner: &str, key: &Value) -> Option<Value> {
    let key = key.as_word().and_then(|word| word.value());
    match owner.strip_suffix(NAMESPACE) {
        Some(module) => Some(Value::Name(format!("{module}.{}", key.unwrap_or(CHOSEN_AT_RUN_TIME)))),
        None => key.map(|module| Value::Name(module.to_owned())),
    }
}

/// Calls that run their argument as shell code.
const SHELL_CALLS: &[&str] = &[
    "os.system",
    "os.popen",
    "subprocess.getoutput",
    "subprocess.getstatusoutput",
    "commands.getoutput",
    "commands.getstatusoutput",
    "asyncio.create_subprocess_shell",
    "pexpect.run",
    "pexpect.spawn",
    "platform.popen",
];

/// The functions of `subprocess` that take `args` and `shell=`.
const SUBPROCESS_CALLS: &[&str] = &[
    "subprocess.run",
    "subprocess.call",
    "subprocess.check_call",
    "subprocess.check_output",
    "subprocess.Popen",
];

/// The classes of servers that take a request handler class (`HTTPServer(address, Handler)`).
const SERVER_CLASSES: &[&str] = &[
    "http.server.HTTPServer",
    "http.server.ThreadingHTTPServer",
    "socketserver.TCPServer",
    "socketserver.ThreadingTCPServer",
    "socketserver.ForkingTCPServer",
    "BaseHTTPServer.HTTPServer",
    "SocketServer.TCPServer",
    "SocketServer.ThreadingTCPServer",
];

/// The request handlers that serve the files of a folder (the working directory, or their
/// `directory`).
const FILE_HANDLERS: &[&str] = &[
    "http.server.SimpleHTTPRequestHandler",
    "http.server.CGIHTTPRequestHandler",
    "SimpleHTTPServer.SimpleHTTPRequestHandler",
    "CGIHTTPServer.CGIHTTPRequestHandler",
];

/// The field of a `functools.partial` value that holds the function or class it calls.
const PARTIAL_FUNCTION: &str = "functools.partial";

/// Sinks that may be star-imported or called by their bare name after `from m import *`.
const STAR_MODULES: &[&str] = &["os", "subprocess", "shutil", "pty", "pathlib", "os.path"];

impl Reader<'_> {
    fn text(&self, node: Node) -> &str {
        syntax::text(node, self.source)
    }

    fn span(&self, node: Node) -> Span {
        self.source.span(node.byte_range())
    }

    /// `import a.b`, `import a.b as c`.
    fn import(&mut self, node: Node) {
        for child in named_children(node) {
            match child.kind() {
                "dotted_name" => {
                    let name = self.text(child).to_owned();
                    let first = name.split('.').next().unwrap_or(&name).to_owned();
                    self.names.insert(first.clone(), Value::Name(first));
                }
                "aliased_import" => {
                    let (Some(name), Some(alias)) =
                        (child.child_by_field_name("name"), child.child_by_field_name("alias"))
                    else {
                        continue;
                    };
                    let name = self.text(name).to_owned();
                    self.names.insert(self.text(alias).to_owned(), Value::Name(name));
                }
                _ => {}
            }
        }
    }

    /// `from m import a, b as c`, `from m import *`.
    fn import_from(&mut self, node: Node) {
        let Some(module) = node.child_by_field_name("module_name") else {
            return;
        };
        let module = self.text(module).to_owned();
        let mut cursor = node.walk();
        for child in node.children_by_field_name("name", &mut cursor) {
            let (name, alias) = match child.kind() {
                "aliased_import" => match (child.child_by_field_name("name"), child.child_by_field_name("alias")) {
                    (Some(name), Some(alias)) => (self.text(name).to_owned(), self.text(alias).to_owned()),
                    _ => continue,
                },
                _ => (self.text(child).to_owned(), self.text(child).to_owned()),
            };
            self.names.insert(alias, Value::Name(format!("{module}.{name}")));
        }
        if named_children(node).iter().any(|c| c.kind() == "wildcard_import") {
            self.star_imports.push(module);
        }
    }

    /// `x = value`, `a = b = value`; anything else makes the names unknown.
    fn assign(&mut self, node: Node) {
        let (Some(left), Some(right)) = (node.child_by_field_name("left"), node.child_by_field_name("right")) else {
            return;
        };
        if left.kind() != "identifier" {
            return;
        }
        let value = self.value(right);
        self.names.insert(self.text(left).to_owned(), value);
    }

    /// `with open(p, 'w') as f`: `f` is what the expression gives.
    fn bind_as(&mut self, node: Node) {
        let (Some(value), Some(alias)) = (named_children(node).first().copied(), node.child_by_field_name("alias"))
        else {
            return;
        };
        let Some(name) = named_children(alias).into_iter().find(|n| n.kind() == "identifier") else {
            return;
        };
        let value = self.value(value);
        self.names.insert(self.text(name).to_owned(), value);
    }

    /// `for f in glob.glob(P)` (a loop or a comprehension's clause): `f` stands for every path
    /// the pattern matches, named by the pattern itself, so that a delete of `f` is judged like
    /// `rm P`.
    fn bind_loop(&mut self, node: Node) {
        let (Some(left), Some(right)) = (node.child_by_field_name("left"), node.child_by_field_name("right")) else {
            return;
        };
        if left.kind() != "identifier" {
            return;
        }
        if let Some(paths) = self.globbed(right) {
            self.names.insert(self.text(left).to_owned(), paths);
        }
    }

    /// The paths an expression lists, as one pattern: `glob.glob(P)` and `glob.iglob(P)` (the
    /// pattern as written: `glob` expands no `~`), a path's `.glob(P)`, `.rglob(P)` and
    /// `.iterdir()` (`PATH/P`, `PATH/**/P`, `PATH/*`, each a path).
    fn globbed(&self, node: Node) -> Option<Value> {
        if node.kind() != "call" {
            return None;
        }
        let function = node.child_by_field_name("function")?;
        let span = self.span(node);
        let (positional, keywords) = self.arguments(node);
        let pattern = |keyword: &str| {
            keywords
                .iter()
                .find(|(name, _)| name == keyword)
                .map(|(_, value)| value.clone())
                .or_else(|| positional.first().cloned())
        };
        let below = |path: Word, pieces: &[&str], pattern: Option<Value>| {
            let mut words = vec![path];
            words.extend(pieces.iter().map(|piece| text(piece, span)));
            words.extend(pattern.map(|pattern| pattern.into_word(span)));
            Value::Path(join_paths(words, span))
        };
        match self.value(function) {
            Value::Name(name) if matches!(name.as_str(), "glob.glob" | "glob.iglob") => match pattern("pathname") {
                Some(Value::Text(pattern)) => Some(Value::Text(pattern)),
                _ => None,
            },
            Value::PathMethod(path, method) => match method.as_str() {
                "glob" => Some(below(path, &[], pattern("pattern"))),
                "rglob" => Some(below(path, &["**"], pattern("pattern"))),
                "iterdir" => Some(below(path, &["*"], None)),
                _ => None,
            },
            _ => None,
        }
    }

    /// What an identifier stands for: a bound name, a star-imported function, a builtin.
    fn identifier(&self, name: &str) -> Value {
        if let Some(value) = self.names.get(name) {
            return value.clone();
        }
        for module in &self.star_imports {
            if STAR_MODULES.contains(&module.as_str()) {
                return Value::Name(format!("{module}.{name}"));
            }
        }
        Value::Name(name.to_owned())
    }

    /// The value of an expression; past [`super::MAX_VALUE_DEPTH`] levels of nesting (a chain
    /// of thousands of calls), unknown.
    fn value(&self, node: Node) -> Value {
        super::nested_value(&self.depth, self.source, node, || self.value_of(node))
    }

    fn value_of(&self, node: Node) -> Value {
        match node.kind() {
            "string" => Value::Text(self.string(node)),
            "concatenated_string" => Value::Text(concat(
                named_children(node)
                    .into_iter()
                    .filter(|c| c.kind() == "string")
                    .map(|c| self.string(c)),
            )),
            "identifier" => self.identifier(self.text(node)),
            "true" => Value::Bool(true),
            "false" => Value::Bool(false),
            "parenthesized_expression" => match named_children(node).first() {
                Some(inner) => self.value(*inner),
                None => unknown(self.source, node.byte_range()),
            },
            "list" | "tuple" => {
                let items = named_children(node);
                if items.iter().any(|item| item.kind() == "list_splat") {
                    return unknown(self.source, node.byte_range());
                }
                Value::List(items.into_iter().map(|item| self.value(item)).collect())
            }
            "attribute" => self.attribute(node),
            "binary_operator" => self.binary(node),
            "subscript" => self.subscript(node),
            "call" => self.call_value(node),
            _ => unknown(self.source, node.byte_range()),
        }
    }

    fn attribute(&self, node: Node) -> Value {
        let (Some(object), Some(attribute)) = (
            node.child_by_field_name("object"),
            node.child_by_field_name("attribute"),
        ) else {
            return unknown(self.source, node.byte_range());
        };
        let attribute = self.text(attribute).to_owned();
        match self.value(object) {
            Value::Name(name) if name == "sys" && attribute == "executable" => {
                Value::Text(text("python3", self.span(node)))
            }
            Value::Name(name) if name == "site" && attribute == "USER_SITE" => {
                Value::Text(text(&user_site_packages(self.env.home), self.span(node)))
            }
            Value::Name(name) => Value::Name(format!("{name}.{attribute}")),
            // `tempfile.TemporaryDirectory().name`.
            Value::Text(word) if attribute == "name" && word.is_dynamic() => Value::Text(word),
            Value::Path(path) => Value::PathMethod(path, attribute),
            Value::Opened(path, append) if matches!(attribute.as_str(), "write" | "writelines") => {
                Value::Opened(path, append)
            }
            Value::Text(text) => Value::TextMethod(text, attribute),
            _ => unknown(self.source, node.byte_range()),
        }
    }

    /// `a + b` of texts, `path / 'x'` of paths.
    fn binary(&self, node: Node) -> Value {
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
            (Value::Path(a), "/", b) => Value::Path(join_paths(vec![a, b.into_word(span)], span)),
            (Value::Text(template), "%", arguments) => {
                let arguments = match arguments {
                    Value::List(items) => items,
                    single => vec![single],
                };
                formatted(&template, &arguments, true, span).unwrap_or_else(|| unknown(self.source, node.byte_range()))
            }
            _ => unknown(self.source, node.byte_range()),
        }
    }

    /// `os.environ['HOME']`, `os.environ['GITHUB_TOKEN']`, an item of a list.
    fn subscript(&self, node: Node) -> Value {
        let (Some(object), Some(index)) = (node.child_by_field_name("value"), node.child_by_field_name("subscript"))
        else {
            return unknown(self.source, node.byte_range());
        };
        let position = (index.kind() == "integer")
            .then(|| self.text(index).parse::<usize>().ok())
            .flatten();
        match (self.value(object), self.value(index)) {
            (Value::Name(name), Value::Text(key)) if name == "os.environ" && key.is("HOME") => {
                Value::Text(text(self.env.home, self.span(node)))
            }
            (Value::Name(name), Value::Text(key)) if name == "os.environ" => key
                .value()
                .and_then(|key| secret_variable(key, self.source, node.byte_range()))
                .unwrap_or_else(|| unknown(self.source, node.byte_range())),
            // A module's namespace read by key: `vars(os)['system']`, `os.__dict__[name]`,
            // `sys.modules['os']`.
            (Value::Name(name), key) if name.ends_with(NAMESPACE) || name == "sys.modules" => {
                namespace_entry(&name, &key).unwrap_or_else(|| unknown(self.source, node.byte_range()))
            }
            (Value::List(items), _) if position.is_some_and(|n| n < items.len()) => position
                .and_then(|n| items.into_iter().nth(n))
                .unwrap_or_else(|| unknown(self.source, node.byte_range())),
            (Value::Name(name), _) if name == "sys.argv" => {
                match position.and_then(|n| self.env.arguments.with_script(n)) {
                    Some(word) => Value::Text(word),
                    None => unknown(self.source, node.byte_range()),
                }
            }
            _ => unknown(self.source, node.byte_range()),
        }
    }

    /// The positional and keyword arguments of a call.
    fn arguments(&self, call: Node) -> (Vec<Value>, Vec<(String, Value)>) {
        let mut positional = Vec::new();
        let mut keywords = Vec::new();
        let Some(arguments) = call.child_by_field_name("arguments") else {
            return (positional, keywords);
        };
        for argument in named_children(arguments) {
            match argument.kind() {
                "keyword_argument" => {
                    if let (Some(name), Some(value)) = (
                        argument.child_by_field_name("name"),
                        argument.child_by_field_name("value"),
                    ) {
                        keywords.push((self.text(name).to_owned(), self.value(value)));
                    }
                }
                "comment" => {}
                _ => positional.push(self.value(argument)),
            }
        }
        (positional, keywords)
    }

    /// The value a call returns, for calls that compute paths, names and text.
    fn call_value(&self, node: Node) -> Value {
        let Some(function) = node.child_by_field_name("function") else {
            return unknown(self.source, node.byte_range());
        };
        let span = self.span(node);
        let (positional, keywords) = self.arguments(node);
        let first = positional.first().cloned();
        let home = || Value::Text(text(self.env.home, span));
        match self.value(function) {
            Value::Name(name) => match name.as_str() {
                "os.path.expanduser" => match first {
                    Some(Value::Text(word)) => Value::Text(expand_home(word, self.env)),
                    _ => unknown(self.source, node.byte_range()),
                },
                "os.path.join" | "posixpath.join" => Value::Text(join_paths(
                    positional.into_iter().map(|v| v.into_word(span)).collect(),
                    span,
                )),
                "os.path.abspath" | "os.path.realpath" | "os.path.normpath" | "os.fspath" | "str" | "compile" => {
                    first.unwrap_or_else(|| unknown(self.source, node.byte_range()))
                }
                "os.getenv" | "os.environ.get" => match first {
                    Some(Value::Text(key)) if key.is("HOME") => home(),
                    Some(Value::Text(key)) => key
                        .value()
                        .and_then(|key| secret_variable(key, self.source, node.byte_range()))
                        .unwrap_or_else(|| unknown(self.source, node.byte_range())),
                    _ => unknown(self.source, node.byte_range()),
                },
                "os.getcwd" => Value::Text(text(".", span)),
                // Where Python runs every `.pth` file from as it starts: the version in the
                // folder's name is only known when it runs, the place is what matters.
                "site.getusersitepackages" => Value::Text(text(&user_site_packages(self.env.home), span)),
                "site.getsitepackages" => Value::List(vec![Value::Text(text(SYSTEM_SITE_PACKAGES, span))]),
                "base64.b64decode"
                | "base64.decodebytes"
                | "base64.urlsafe_b64decode"
                | "bytes.fromhex"
                | "codecs.decode" => {
                    let encoding = match name.as_str() {
                        "bytes.fromhex" => "hex".to_owned(),
                        "codecs.decode" => positional
                            .get(1)
                            .and_then(Value::as_word)
                            .and_then(|w| w.value())
                            .unwrap_or("")
                            .to_owned(),
                        _ => "base64".to_owned(),
                    };
                    first
                        .and_then(|encoded| decoded(&encoded, &encoding, span))
                        .unwrap_or_else(|| unknown(self.source, node.byte_range()))
                }
                "tempfile.mkdtemp" | "tempfile.mkstemp" | "tempfile.gettempdir" | "tempfile.TemporaryDirectory" => {
                    temporary(self.source, node.byte_range())
                }
                "open" | "io.open" | "codecs.open" => match (first, writes(positional.get(1))) {
                    (Some(Value::Text(path)), None) => Value::Path(path),
                    (Some(Value::Text(path)), Some(append)) => Value::Opened(path, append),
                    _ => unknown(self.source, node.byte_range()),
                },
                "pathlib.Path" | "pathlib.PosixPath" | "pathlib.PurePath" => match positional.is_empty() {
                    true => Value::Path(text(".", span)),
                    false => Value::Path(join_paths(
                        positional.into_iter().map(|v| v.into_word(span)).collect(),
                        span,
                    )),
                },
                "pathlib.Path.home" | "pathlib.PosixPath.home" => Value::Path(text(self.env.home, span)),
                "pathlib.Path.cwd" | "pathlib.PosixPath.cwd" => Value::Path(text(".", span)),
                "__import__" | "importlib.import_module" => match first {
                    Some(Value::Text(module)) if module.value().is_some() => {
                        Value::Name(module.value().unwrap_or_default().to_owned())
                    }
                    _ => unknown(self.source, node.byte_range()),
                },
                // A handler class given its arguments ahead (`partial(SimpleHTTPRequestHandler,
                // directory='/')`): the class, and the keywords it will be given.
                "functools.partial" => match first {
                    Some(class @ Value::Name(_)) => Value::Object(
                        std::iter::once((PARTIAL_FUNCTION.to_owned(), class))
                            .chain(keywords)
                            .collect(),
                    ),
                    _ => unknown(self.source, node.byte_range()),
                },
                "vars" => match first {
                    Some(Value::Name(module)) => Value::Name(format!("{module}{NAMESPACE}")),
                    _ => unknown(self.source, node.byte_range()),
                },
                _ if name
                    .strip_suffix(".get")
                    .is_some_and(|owner| owner.ends_with(NAMESPACE) || owner == "sys.modules") =>
                {
                    let owner = name.strip_suffix(".get").unwrap_or_default();
                    first
                        .and_then(|key| namespace_entry(owner, &key))
                        .unwrap_or_else(|| unknown(self.source, node.byte_range()))
                }
                "getattr" => match (first, positional.get(1)) {
                    (Some(Value::Name(object)), Some(Value::Text(attribute))) if attribute.value().is_some() => {
                        Value::Name(format!("{object}.{}", attribute.value().unwrap_or_default()))
                    }
                    (Some(Value::Name(object)), _) => Value::Name(format!("{object}.{CHOSEN_AT_RUN_TIME}")),
                    _ => unknown(self.source, node.byte_range()),
                },
                _ => {
                    let _ = keywords;
                    unknown(self.source, node.byte_range())
                }
            },
            Value::TextMethod(text, method) => match method.as_str() {
                "decode" | "encode" | "strip" => Value::Text(text),
                "split" if positional.is_empty() => match text.value() {
                    Some(whole) => Value::List(
                        whole
                            .split_whitespace()
                            .map(|piece| Value::Text(self::text(piece, text.span)))
                            .collect(),
                    ),
                    None => unknown(self.source, node.byte_range()),
                },
                "format" => formatted(&text, &positional, false, span)
                    .unwrap_or_else(|| unknown(self.source, node.byte_range())),
                _ => unknown(self.source, node.byte_range()),
            },
            Value::PathMethod(path, method) => match method.as_str() {
                "joinpath" => {
                    let mut pieces = vec![path];
                    pieces.extend(positional.into_iter().map(|v| v.into_word(span)));
                    Value::Path(join_paths(pieces, span))
                }
                "expanduser" => Value::Path(expand_home(path, self.env)),
                "resolve" | "absolute" => Value::Path(path),
                "read" | "read_text" => Value::FileText(path),
                _ => unknown(self.source, node.byte_range()),
            },
            _ => unknown(self.source, node.byte_range()),
        }
    }

    /// A call that may run, delete or write something.
    fn call(&mut self, node: Node) {
        let Some(function) = node.child_by_field_name("function") else {
            return;
        };
        let span = self.span(node);
        let (mut positional, keywords) = self.arguments(node);
        let mut callee = self.value(function);
        // `map(os.remove, glob.glob(P))`: the function called on every path the pattern names;
        // `map(lambda f: …, glob.glob(P))`: its parameter stands for them.
        let mapped = node.child_by_field_name("arguments").map(named_children);
        // `map(os.system, ['rm -rf ~'])`: a list of one item is that item.
        let single_item = |iterable: Node| match self.value(iterable) {
            Value::List(items) if items.len() == 1 => items.into_iter().next(),
            _ => None,
        };
        if matches!(&callee, Value::Name(name) if name == "map")
            && let Some([function, iterable]) = mapped.as_deref()
            && let Some(paths) = self.globbed(*iterable).or_else(|| single_item(*iterable))
        {
            let parameters = function.child_by_field_name("parameters").map(named_children);
            match parameters.as_deref() {
                Some([parameter]) if function.kind() == "lambda" && parameter.kind() == "identifier" => {
                    self.names.insert(self.text(*parameter).to_owned(), paths);
                }
                _ if !positional.is_empty() => {
                    callee = positional.remove(0);
                    positional = vec![paths];
                }
                _ => {}
            }
        }
        let keyword = |name: &str| keywords.iter().rev().find(|(k, _)| k == name).map(|(_, v)| v.clone());
        let argument = |index: usize, name: &str| keyword(name).or_else(|| positional.get(index).cloned());
        let cwd = keyword("cwd")
            .map(|value| value.into_word(span))
            .or_else(|| self.cwd.clone());
        if self.written.contains(&node.id()) {
            return;
        }
        let effect = match callee {
            // `f.write(text)` on a file opened for writing; `open(p, 'w').write(text)` stands
            // for its `open` call too.
            Value::Opened(path, append) => {
                if let Some(opened) = function.child_by_field_name("object").filter(|o| o.kind() == "call") {
                    self.written.insert(opened.id());
                }
                let text = positional.first();
                Some(write_effect("open().write", span, Value::Text(path), append, cwd).writing(text))
            }
            Value::Name(name) if name.ends_with(&format!(".{CHOSEN_AT_RUN_TIME}")) => {
                chosen_call(&name[..name.len() - 2], span)
            }
            Value::Name(name) => {
                let name = name.as_str();
                let missing = || Value::List(Vec::new());
                match name {
                    _ if SHELL_CALLS.contains(&name) => Some(shell_effect(
                        name,
                        span,
                        &argument(0, "cmd").unwrap_or_else(missing),
                        cwd,
                    )),
                    // `pydoc.pipepager(text, cmd)`: the text is piped into the shell command.
                    "pydoc.pipepager" | "pydoc.tempfilepager" => Some(shell_effect(
                        name,
                        span,
                        &argument(1, "cmd").unwrap_or_else(missing),
                        cwd,
                    )),
                    _ if SUBPROCESS_CALLS.contains(&name) => {
                        let args = argument(0, "args").unwrap_or_else(missing);
                        Some(match keyword("shell").is_some_and(|shell| shell.is_true()) {
                            true => shell_effect(name, span, &args, cwd),
                            false => run_effect(name, span, &args, cwd),
                        })
                    }
                    "os.execv" | "os.execve" | "os.execvp" | "os.execvpe" | "os.posix_spawn" | "os.posix_spawnp" => {
                        Some(run_effect(
                            name,
                            span,
                            &vector(positional.first(), positional.get(1)),
                            cwd,
                        ))
                    }
                    "os.spawnv" | "os.spawnve" | "os.spawnvp" | "os.spawnvpe" => Some(run_effect(
                        name,
                        span,
                        &vector(positional.get(1), positional.get(2)),
                        cwd,
                    )),
                    "os.execl" | "os.execlp" | "os.execle" | "os.execlpe" => {
                        let end = positional.len() - usize::from(name.ends_with('e'));
                        Some(run_effect(name, span, &listed(&positional, 0, 2, end), cwd))
                    }
                    "os.spawnl" | "os.spawnlp" | "os.spawnle" | "os.spawnlpe" => {
                        let end = positional.len() - usize::from(name.ends_with('e'));
                        Some(run_effect(name, span, &listed(&positional, 1, 3, end), cwd))
                    }
                    "ctypes.CDLL"
                    | "ctypes.PyDLL"
                    | "ctypes.WinDLL"
                    | "ctypes.OleDLL"
                    | "ctypes.cdll.LoadLibrary"
                    | "ctypes.pydll.LoadLibrary"
                    | "ctypes.windll.LoadLibrary"
                    | "_ctypes.dlopen"
                        if argument(0, "name").is_none_or(|value| match value.as_word() {
                            Some(word) => crate::registry::is_library_file(word),
                            // `ctypes.util.find_library("c")` looks in the system's folders.
                            None => !value.describe().contains("find_library("),
                        }) =>
                    {
                        Some(Effect::new(
                            name,
                            span,
                            None,
                            Action::Unverifiable(format!(
                                "`{name}` loads the library {}: its code cannot be read",
                                argument(0, "name").map_or_else(|| "given".to_owned(), |value| value.describe())
                            )),
                        ))
                    }
                    "pty.spawn" => Some(run_effect(
                        name,
                        span,
                        &argument(0, "argv").unwrap_or_else(missing),
                        cwd,
                    )),
                    "asyncio.create_subprocess_exec" => {
                        Some(run_effect(name, span, &Value::List(positional.clone()), cwd))
                    }
                    "shutil.rmtree" => Some(delete_effect(
                        name,
                        span,
                        argument(0, "path").unwrap_or_else(missing),
                        true,
                        true,
                        cwd,
                    )),
                    // `venv.create(DIR, clear=True)` deletes what DIR holds before it makes the
                    // environment there.
                    "venv.create" if keyword("clear").is_some_and(|clear| clear.is_true()) => Some(delete_effect(
                        name,
                        span,
                        argument(0, "env_dir").unwrap_or_else(missing),
                        true,
                        true,
                        cwd,
                    )),
                    "os.remove" | "os.unlink" => Some(delete_effect(
                        name,
                        span,
                        argument(0, "path").unwrap_or_else(missing),
                        false,
                        false,
                        cwd,
                    )),
                    "os.rmdir" | "os.removedirs" => Some(delete_effect(
                        name,
                        span,
                        argument(0, "path").unwrap_or_else(missing),
                        false,
                        true,
                        cwd,
                    )),
                    "open" | "io.open" | "codecs.open" | "os.open" => {
                        let mode = argument(1, "mode");
                        let file = argument(0, "file").unwrap_or_else(missing);
                        Some(match writes(mode.as_ref()) {
                            Some(append) => write_effect(name, span, file, append, cwd),
                            None => read_effect(name, span, file, cwd),
                        })
                    }
                    "os.symlink" | "os.link" => Some(link_effect(
                        name,
                        span,
                        argument(0, "src").unwrap_or_else(missing),
                        argument(1, "dst").unwrap_or_else(missing),
                        name == "os.symlink",
                        cwd,
                    )),
                    "shutil.copy" | "shutil.copy2" | "shutil.copyfile" | "shutil.copytree" | "shutil.move"
                    | "os.rename" | "os.replace" => {
                        let source = argument(0, "src").unwrap_or_else(missing);
                        self.effects.push(read_effect(name, span, source, cwd.clone()));
                        Some(write_effect(
                            name,
                            span,
                            argument(1, "dst").unwrap_or_else(missing),
                            false,
                            cwd,
                        ))
                    }
                    "urllib.request.urlretrieve" | "urllib.urlretrieve" | "wget.download" => argument(1, "filename")
                        .or_else(|| keyword("out"))
                        .map(|to| fetch_effect(name, span, argument(0, "url").unwrap_or_else(missing), to, cwd)),
                    "os.chdir" => {
                        self.cwd = positional.first().map(|path| path.clone().into_word(span));
                        None
                    }
                    "http.server.test" => {
                        file_server_effect(name, span, argument(0, "HandlerClass"), argument(4, "bind"), cwd)
                    }
                    _ if SERVER_CLASSES.contains(&name) => {
                        let host = match argument(0, "server_address") {
                            Some(Value::List(address)) => address.into_iter().next(),
                            _ => None,
                        };
                        file_server_effect(name, span, argument(1, "RequestHandlerClass"), host, cwd)
                    }
                    "exec" | "eval" => Some(code_effect(
                        name,
                        span,
                        Language::Python,
                        &argument(0, "source").unwrap_or_else(missing),
                    )),
                    "runpy.run_path" => argument(0, "path_name").map(|path| {
                        let code = match path {
                            Value::Text(path) => Value::FileText(path),
                            other => other,
                        };
                        code_effect(name, span, Language::Python, &code)
                    }),
                    _ => None,
                }
            }
            Value::PathMethod(path, method) => {
                let call = format!("Path.{method}");
                match method.as_str() {
                    "unlink" => Some(delete_effect(&call, span, Value::Path(path), false, false, cwd)),
                    "rmdir" => Some(delete_effect(&call, span, Value::Path(path), false, true, cwd)),
                    "read_text" | "read_bytes" => Some(read_effect(&call, span, Value::Path(path), cwd)),
                    "write_text" | "write_bytes" | "touch" => {
                        let text = argument(0, "data");
                        Some(write_effect(&call, span, Value::Path(path), false, cwd).writing(text.as_ref()))
                    }
                    "open" => Some(match writes(argument(0, "mode").as_ref()) {
                        Some(append) => write_effect(&call, span, Value::Path(path), append, cwd),
                        None => read_effect(&call, span, Value::Path(path), cwd),
                    }),
                    // `link.symlink_to(target)`: the path is the link, the argument what it
                    // points at.
                    "symlink_to" | "hardlink_to" => Some(link_effect(
                        &call,
                        span,
                        argument(0, "target").unwrap_or_else(|| Value::List(Vec::new())),
                        Value::Path(path),
                        method == "symlink_to",
                        cwd,
                    )),
                    "rename" | "replace" => {
                        let target = argument(0, "target").unwrap_or(Value::Path(path));
                        Some(write_effect(&call, span, target, false, cwd))
                    }
                    _ => None,
                }
            }
            _ => None,
        };
        self.effects.extend(effect);
    }

    /// A string literal: prefixes, escapes and f-string interpolations decoded.
    fn string(&self, node: Node) -> Word {
        let prefix = node
            .child(0)
            .filter(|start| start.kind() == "string_start")
            .map(|start| self.text(start).to_ascii_lowercase())
            .unwrap_or_default();
        let raw = prefix.contains('r');
        let mut pieces = Vec::new();
        for child in named_children(node) {
            match child.kind() {
                "string_content" => {
                    let mut at = child.start_byte();
                    for escape in named_children(child) {
                        if escape.kind() != "escape_sequence" || raw {
                            continue;
                        }
                        if at < escape.start_byte() {
                            pieces.push(syntax::verbatim(self.source, at..escape.start_byte()));
                        }
                        pieces.push(syntax::escape(self.source, escape.byte_range(), false));
                        at = escape.end_byte();
                    }
                    if at < child.end_byte() {
                        pieces.push(syntax::verbatim(self.source, at..child.end_byte()));
                    }
                }
                "interpolation" => {
                    let value = child
                        .child_by_field_name("expression")
                        .map(|expression| self.value(expression))
                        .unwrap_or_else(|| unknown(self.source, child.byte_range()));
                    pieces.push(value.into_word(self.span(child)));
                }
                _ => {}
            }
        }
        if pieces.is_empty() {
            return text("", self.span(node));
        }
        concat(pieces)
    }
}

/// The argument vector of `os.execv(path, args)`: `path` runs, with the arguments after `args[0]`.
/// A server started on one of [`FILE_HANDLERS`] (the class, or a `functools.partial` of it
/// with its `directory`), listening on `host`: judged as the `python3 -m http.server
/// --directory DIR [--bind HOST]` it amounts to, in the folder the code changed to.
fn file_server_effect(
    call: &str,
    span: Span,
    handler: Option<Value>,
    host: Option<Value>,
    cwd: Option<Word>,
) -> Option<Effect> {
    let (class, directory) = match handler? {
        partial @ Value::Object(_) => (
            partial.field(PARTIAL_FUNCTION).cloned()?,
            partial.field("directory").cloned(),
        ),
        class => (class, None),
    };
    if !matches!(&class, Value::Name(name) if FILE_HANDLERS.contains(&name.as_str())) {
        return None;
    }
    let directory = directory.map_or_else(|| text(".", span), |folder| folder.into_word(span));
    let mut argv = ["python3", "-m", "http.server", "--directory"]
        .map(|word| text(word, span))
        .to_vec();
    argv.push(directory);
    if let Some(host) = host.map(|host| host.into_word(span)).filter(|host| !host.is("")) {
        argv.extend([text("--bind", span), host]);
    }
    Some(Effect::new(call, span, cwd, Action::Run(argv)))
}

fn vector(program: Option<&Value>, args: Option<&Value>) -> Value {
    match (program, args) {
        (Some(program), Some(Value::List(items))) => {
            let mut argv = vec![program.clone()];
            argv.extend(items.iter().skip(1).cloned());
            Value::List(argv)
        }
        (_, Some(other)) => other.clone(),
        _ => Value::List(Vec::new()),
    }
}

/// The argument vector of `os.execl(path, arg0, arg1…)`: the program at `program`, the
/// arguments from `first` to `end`.
fn listed(positional: &[Value], program: usize, first: usize, end: usize) -> Value {
    let Some(path) = positional.get(program) else {
        return Value::List(Vec::new());
    };
    let mut argv = vec![path.clone()];
    argv.extend(positional.get(first..end).unwrap_or_default().iter().cloned());
    Value::List(argv)
}

/// Whether an `open` mode writes: `Some(true)` when it appends.
fn writes(mode: Option<&Value>) -> Option<bool> {
    let mode = mode?.as_word()?.value()?;
    if mode.contains('a') {
        Some(true)
    } else if mode.contains(['w', 'x', '+']) {
        Some(false)
    } else {
        None
    }
}

/// The user's `site-packages` (`site.getusersitepackages()`, `site.USER_SITE`), as on Linux:
/// Python runs the `.pth` files there, and `usercustomize.py`, as it starts.
fn user_site_packages(home: &str) -> String {
    format!("{home}/.local/lib/python3/site-packages")
}

/// The system's `site-packages` (`site.getsitepackages()[0]`), as on Debian.
const SYSTEM_SITE_PACKAGES: &str = "/usr/lib/python3/dist-packages";

#[cfg(test)]
mod tests {
    use super::super::tests::described;
    use crate::language::Language;

    fn python(code: &str) -> Vec<String> {
        described(Language::Python, code)
    }

    #[test]
    fn finds_commands() {
        assert_eq!(
            python("import subprocess; subprocess.run(['git','push','--force'])"),
            ["subprocess.run: run git push --force"]
        );
        assert_eq!(
            python("import subprocess as sp\nsp.call('rm -rf ~', shell=True, cwd='/')"),
            ["subprocess.call: shell rm -rf ~ (in /)"]
        );
        assert_eq!(
            python("import os; os.system(\"rm -rf \" + '/')"),
            ["os.system: shell rm -rf /"]
        );
        assert_eq!(python("from os import system as s; s('ls')"), ["os.system: shell ls"]);
        assert_eq!(python("__import__('os').system('id')"), ["os.system: shell id"]);
        assert_eq!(
            python("import os; os.execvp('rm', ['rm', '-rf', '/'])"),
            ["os.execvp: run rm -rf /"]
        );
        assert_eq!(
            python("import os; os.execl('/bin/rm', 'rm', '-rf', '/')"),
            ["os.execl: run /bin/rm -rf /"]
        );
    }

    #[test]
    fn finds_deletes_and_writes() {
        assert_eq!(
            python("import shutil, os; shutil.rmtree(os.path.expanduser('~'))"),
            ["shutil.rmtree: delete -r -d /home/user"]
        );
        assert_eq!(
            python("import os; os.symlink(os.path.expanduser('~'), 'h'); os.link('a', 'b')"),
            ["os.symlink: symlink h -> /home/user", "os.link: link b -> a"]
        );
        assert_eq!(
            python("from pathlib import Path; Path('h').symlink_to(Path.home())"),
            ["Path.symlink_to: symlink h -> /home/user"]
        );
        assert_eq!(
            python("from pathlib import Path; (Path.home() / '.bashrc').write_text('x')"),
            ["Path.write_text: write /home/user/.bashrc <- x"]
        );
        assert_eq!(
            python("import os\nos.chdir('/')\nos.remove('etc/passwd')"),
            ["os.remove: delete etc/passwd (in /)"]
        );
        assert_eq!(
            python("open('/etc/hosts', 'a').write('x')"),
            ["open().write: append /etc/hosts <- x"]
        );
        assert_eq!(
            python("h = os.environ['HOME']\nopen(f'{h}/.zshrc', 'w')"),
            ["open: write /home/user/.zshrc"]
        );
    }

    #[test]
    fn a_loop_over_a_glob_deletes_its_pattern() {
        assert_eq!(
            python("import os, glob\n[os.remove(f) for f in glob.glob('/h/.ssh/*')]"),
            ["os.remove: delete /h/.ssh/*"]
        );
        assert_eq!(
            python("import os, glob\nfor f in glob.iglob(pathname='/h/*'):\n    os.unlink(f)"),
            ["os.unlink: delete /h/*"]
        );
        assert_eq!(
            python("import os, glob\nlist(map(os.remove, glob.glob('/h/*')))"),
            ["os.remove: delete /h/*"]
        );
        assert_eq!(
            python("import os, glob\nlist(map(lambda f: os.remove(f), glob.glob('/h/*')))"),
            ["os.remove: delete /h/*"]
        );
        assert_eq!(
            python("import shutil, pathlib\n[shutil.rmtree(p) for p in pathlib.Path.home().glob('*')]"),
            ["shutil.rmtree: delete -r -d /home/user/*"]
        );
        assert_eq!(
            python("from pathlib import Path\n[p.unlink() for p in Path('/h').rglob('*.pem')]"),
            ["Path.unlink: delete /h/**/*.pem"]
        );
        assert_eq!(
            python("from pathlib import Path\nfor p in Path('~').expanduser().iterdir(): p.unlink()"),
            ["Path.unlink: delete /home/user/*"]
        );
        assert!(python("import glob\nprint(glob.glob('/h/*'))").is_empty());
    }

    #[test]
    fn knows_what_is_written() {
        assert_eq!(
            python("open('x.sh', 'w').write('rm -rf ~')"),
            ["open().write: write x.sh <- rm -rf ~"]
        );
        assert_eq!(
            python("with open('x.sh', 'w') as f:\n    f.write('rm -rf ~')"),
            ["open: write x.sh", "open().write: write x.sh <- rm -rf ~"]
        );
        assert_eq!(
            python("import subprocess; subprocess.run(['git', 'push', '-f']).check_returncode()"),
            ["subprocess.run: run git push -f"]
        );
    }

    #[test]
    fn decodes_strings() {
        assert_eq!(
            python("import os; os.system('\\x72m -rf /')"),
            ["os.system: shell rm -rf /"]
        );
        assert_eq!(python("import os; os.system(r'a\\x')"), ["os.system: shell a\\x"]);
        assert_eq!(
            python("exec(\"import os; os.system('id')\")"),
            ["exec: code Python import os; os.system('id')"]
        );
    }

    #[test]
    fn decodes_literal_encodings_and_formats() {
        assert_eq!(
            python("import base64, os; os.system(base64.b64decode('cm0gLXJmIH4=').decode())"),
            ["os.system: shell rm -rf ~"]
        );
        assert_eq!(
            python("exec(__import__('base64').b64decode('aW1wb3J0IG9zOyBvcy5zeXN0ZW0oImlkIik='))"),
            ["exec: code Python import os; os.system(\"id\")"]
        );
        assert_eq!(
            python("import os; p = '/'; os.system('rm -rf %s' % p)"),
            ["os.system: shell rm -rf /"]
        );
        assert_eq!(
            python("import os; os.system('{} -rf {}'.format('rm', '~'))"),
            ["os.system: shell rm -rf ~"]
        );
        assert_eq!(
            python("import os, codecs; os.system(codecs.decode('ez -es ~', 'rot13'))"),
            ["os.system: shell rm -rf ~"]
        );
    }

    #[test]
    fn leaves_ordinary_code_alone() {
        assert!(python("print('rm -rf /')").is_empty());
    }

    #[test]
    fn finds_the_files_read_and_downloaded() {
        // A read is judged like `cat` of the file: a project file passes, a key does not.
        assert_eq!(
            python("import json; print(json.load(open('x.json')))"),
            ["open: read x.json"]
        );
        assert_eq!(python("open('out.txt', 'rb').read()"), ["open: read out.txt"]);
        assert_eq!(
            python("from pathlib import Path; Path('~/.ssh/id_rsa').expanduser().read_text()"),
            ["Path.read_text: read /home/user/.ssh/id_rsa"]
        );
        assert_eq!(
            python("import urllib.request as u; u.urlretrieve('https://x.example/a', 'a.sh')"),
            ["urllib.request.urlretrieve: fetch https://x.example/a -> a.sh"]
        );
    }

    #[test]
    fn arguments_are_the_words_after_the_code() {
        use super::super::tests::described_with;
        assert_eq!(
            described_with(
                Language::Python,
                "import os, sys; os.system(sys.argv[1])",
                &["rm -rf ~"]
            ),
            ["os.system: shell rm -rf ~"]
        );
        assert_eq!(
            described_with(Language::Python, "import os, sys; os.system(sys.argv[2])", &["x"]),
            ["os.system: unverifiable"]
        );
    }

    #[test]
    fn unknown_values_are_unverifiable() {
        assert_eq!(
            python("import os, sys; os.system(sys.argv[1])"),
            ["os.system: unverifiable"]
        );
    }
}
