//! Code in other languages that a command runs (`python3 -c`, `node -e`, `ruby -e`, an awk
//! program, a script file): the calls in it that run commands, delete files or write them,
//! found without running anything.
//!
//! Python, JavaScript and PowerShell are parsed with their tree-sitter grammars; Ruby, Perl, PHP and Lua
//! with a tokenizer that knows each language's string literals; awk with one of its own. Each
//! reports [`Effect`]s: the walker turns them into commands judged like any other (a
//! `subprocess.run(['git', 'push', '--force'])` becomes the command `git push --force`, a
//! `shutil.rmtree(…)` a recursive `rm`), or into "could not verify" when a call that runs or
//! deletes something is given a value nobody can know before the code runs.

mod awk;
mod cmd;
mod environment;
mod escapes;
mod javascript;
mod powershell;
mod python;
mod scripting;
mod syntax;

use crate::command::Output;
use crate::language::Language;
use crate::parse::Allowance;
use crate::parse::ParseFailure;
use crate::patterns::CodePattern;
use crate::source::{Source, Span};
use crate::word::{Dynamic, DynamicKind, Part, Quoting, Word};

/// What a call in the code does.
#[derive(Clone, Debug)]
pub struct Effect {
    /// The call as the code names it (`subprocess.run`, `fs.rmSync`), for messages.
    pub call: String,
    pub span: Span,
    /// A directory the call runs in (`cwd=` of `subprocess.run`, after `os.chdir`).
    pub cwd: Option<Word>,
    pub action: Action,
}

#[derive(Clone, Debug)]
pub enum Action {
    /// Runs a program with these arguments, without a shell.
    Run(Vec<Word>),
    /// Runs shell code (`os.system`, `execSync`, backticks).
    Shell(Word),
    /// Deletes a path.
    Delete {
        path: Word,
        recursive: bool,
        directory: bool,
    },
    /// Creates, truncates or appends to a file, with this text when it is known.
    Write {
        path: Word,
        append: bool,
        content: Option<Word>,
    },
    /// Reads a file (`open(p).read()`, `fs.readFileSync`, `File.read`): judged like `cat` of it.
    Read(Word),
    /// Sends a file to the network peer (a transfer client's `put`): judged like `curl -T` of it.
    Send(Word),
    /// Downloads a URL into a file (`urllib.request.urlretrieve`): judged like `curl -o`.
    Fetch { url: Word, to: Word },
    /// Makes a link at `at` to `target` (`os.symlink`, `fs.symlinkSync`; a hard link with
    /// `symbolic` false): judged like `ln -s target at`, and followed by later paths.
    Link { target: Word, at: Word, symbolic: bool },
    /// Runs code of the same or another language given as a string (`exec('…')`, `eval`).
    Code(Language, Word),
    /// Runs the code in a file (`exec(open('x.py').read())`, `runpy.run_path`).
    Script(Language, Word),
    /// Runs code fetched from this address (`irm URL | iex`), unread.
    RunsFetched(String),
    /// Runs or deletes something only known when the code runs.
    Unverifiable(String),
}

impl Effect {
    fn new(call: &str, span: Span, cwd: Option<Word>, action: Action) -> Effect {
        Effect {
            call: call.to_owned(),
            span,
            cwd,
            action,
        }
    }

    /// A write effect that writes `text` (`fs.writeFileSync(path, text)`), when it is text.
    fn writing(mut self, text: Option<&Value>) -> Effect {
        if let Action::Write { content, .. } = &mut self.action {
            *content = text.and_then(Value::as_word).cloned();
        }
        self
    }
}

/// What the code can know without running: the home directory and its own arguments.
pub struct Env<'a> {
    pub home: &'a str,
    pub arguments: &'a Arguments,
}

/// What a program is given besides its code: the script's path (none for inline code) and
/// the words after it.
#[derive(Clone, Debug, Default)]
pub struct Arguments {
    pub script: Option<Word>,
    pub args: Vec<Word>,
}

impl Arguments {
    /// Word `n` of the argument list whose word 0 is the script itself (Python's `sys.argv`,
    /// PHP's `$argv`, Lua's `arg`), when known.
    fn with_script(&self, n: usize) -> Option<Word> {
        match n {
            0 => self.script.clone(),
            n => self.args.get(n - 1).cloned(),
        }
    }
}

/// What code in `language` is read for besides the commands it runs: the files it reads and
/// writes, the libraries it loads.
pub fn capabilities(language: Language) -> escapes::Capabilities {
    match language {
        // Shell code is judged command by command, but a program given shell code often runs
        // it elsewhere (a remote host, a container): its reads and writes are not the program's.
        Language::Shell => escapes::Capabilities::default(),
        // Elvish code is read as shell code besides (`elvish -c`): its redirections and
        // commands are judged.
        // Python's `ctypes` and Ruby's `Fiddle` are read as the library loads they are.
        Language::Python | Language::Ruby => escapes::Capabilities {
            reads: true,
            writes: true,
            loads: true,
            sends: false,
        },
        Language::Elvish
        | Language::JavaScript
        | Language::Perl
        | Language::Php
        | Language::Lua
        | Language::Awk
        | Language::PowerShell
        | Language::Cmd
        | Language::IPython => escapes::Capabilities {
            reads: true,
            writes: true,
            loads: false,
            sends: false,
        },
        language => escapes::capabilities(language),
    }
}

/// A pattern compiled the first time it is needed: a hook call reads code of one language,
/// and compiling the patterns of every language took most of such a call. Code holding none
/// of its `words` (every match spells one of them, a test checks it) cannot match, and is told
/// so without compiling it: compiling took most of a one-liner's hook call.
pub(crate) struct LazyPattern {
    words: &'static [&'static str],
    pattern: CodePattern,
}

impl LazyPattern {
    pub(crate) const fn new(words: &'static [&'static str], text: &'static str) -> LazyPattern {
        LazyPattern {
            words,
            pattern: CodePattern::new(text),
        }
    }

    pub(crate) fn is_match(&self, code: &str) -> bool {
        self.words.iter().any(|word| code.contains(word)) && self.pattern.on(code).is_match(code)
    }
}

/// Calls that open a network connection or listen for one, by language (gawk's `/inet/tcp/`
/// special files included). A shell the same code starts may be the other end's.
static OPENS_SOCKET: [(Language, LazyPattern); 10] = {
    let pattern = LazyPattern::new;
    [
        (
            Language::Python,
            pattern(
                &["socket", "create_connection", "create_server", "open_connection", "pty"],
                r"\bsocket\s*\(|create_connection|create_server|open_connection|\bpty\.fork\b",
            ),
        ),
        (
            Language::Perl,
            pattern(&["Socket", "socket"], r"IO::Socket|\bsocket\s*\("),
        ),
        (
            Language::Ruby,
            pattern(
                &["Socket", "TCPServer"],
                r"\b(TCPSocket|TCPServer|UDPSocket|UNIXSocket)\b|\bSocket\.(tcp|new)\b",
            ),
        ),
        (
            Language::Php,
            pattern(
                &["sock"],
                r"\b(p?fsockopen|stream_socket_(client|server)|socket_create)\b",
            ),
        ),
        (
            Language::JavaScript,
            pattern(
                &["net", "tls", "Deno", "Bun"],
                r#"\b(net|tls)\.(connect|Socket|createConnection|createServer)\b|require\(\s*['"](node:)?net['"]\s*\)|from\s+['"](node:)?net['"]|Deno\.(connect|listen)\b|Bun\.(connect|listen)\b"#,
            ),
        ),
        // `require("socket").connect(…)` as well as `socket.tcp()`.
        (
            Language::Lua,
            pattern(&["socket"], r#"\bsocket["']?\)?\s*\.\s*(tcp|udp|connect|bind)\b"#),
        ),
        (Language::Awk, pattern(&["/inet"], r"/inet[46]?/(tcp|udp)/")),
        (
            Language::R,
            pattern(
                &["socket", "Socket"],
                r"\b(socketConnection|make\.socket|socketAccept|serverSocket)\s*\(",
            ),
        ),
        (
            Language::Julia,
            pattern(
                &["Sockets", "connect", "listen", "accept"],
                r"\bSockets\b|\b(connect|listen|accept)\s*\(",
            ),
        ),
        (Language::Tcl, pattern(&["socket"], r"(?:^|[;\[{]\s*|\n\s*)socket\s")),
    ]
};

/// Whether code in `language` opens a network connection or listens for one.
pub fn opens_socket(language: Language, code: &str) -> bool {
    let language = if language == Language::IPython {
        Language::Python
    } else {
        language
    };
    OPENS_SOCKET
        .iter()
        .any(|(of, pattern)| *of == language && pattern.is_match(code))
}

/// What the code prints of the environment (`print(os.environ)`, `console.log(process.env.TOKEN)`),
/// as the `printenv` or `printenv NAME` it amounts to; `prints_value`: the interpreter prints
/// the code's value (`node -p`).
pub fn printed_environment(language: Language, source: &Source, prints_value: bool) -> Option<Effect> {
    let printed = environment::printed(language, source.text(), prints_value)?;
    let span = source.span(printed.at);
    let argv = std::iter::once("printenv")
        .chain(printed.variable.as_deref())
        .map(|word| Word::literal(word, span))
        .collect();
    Some(Effect::new(&printed.call, span, None, Action::Run(argv)))
}

/// What the code sends of the environment in a network request, as the `curl` of it to each
/// address the code writes (a request to an address the code does not write is not judged, as
/// `curl -d "$TOKEN" "$URL"` is not): `requests.post(u, data=os.environ['TOKEN'])` is `curl
/// --data-binary "$TOKEN" u`, `requests.get(u, headers={'Authorization': f'Bearer
/// {os.environ["OPENAI_API_KEY"]}'})` is `curl -H "Authorization: $OPENAI_API_KEY" u`,
/// `headers={'X-Api-Key': os.environ['OPENAI_API_KEY']}` is `curl -H "X-Api-Key: $OPENAI_API_KEY"`.
pub fn sent_environment(language: Language, source: &Source) -> Vec<Effect> {
    environment::sent(language, source.text())
        .into_iter()
        .flat_map(|sent| {
            let span = source.span(sent.at.clone());
            sent.urls
                .iter()
                .map(|url| {
                    // A credential the code gives in no header it names is `Authorization`.
                    let header = sent
                        .credential
                        .then(|| sent.header.as_deref().unwrap_or("Authorization"));
                    let argv = request_argv(sent.variable.as_deref(), header, Word::literal(url, span), span);
                    Effect::new(&sent.call, span, None, Action::Run(argv))
                })
                .collect::<Vec<_>>()
        })
        .collect()
}

/// The `curl` command that sends `variable` (`None`: the whole environment) to `url`: as the
/// request's data (`--data-binary "$NAME"`), or in the `header` named (`-H "Authorization:
/// $NAME"`, `-H "X-Api-Key: $NAME"`), which the checkers judge as curl's.
fn request_argv(variable: Option<&str>, header: Option<&str>, url: Word, span: Span) -> Vec<Word> {
    let value = environment_data(variable, span);
    let (option, value) = match header {
        Some(header) => ("-H", concat([Word::literal(&format!("{header}: "), span), value])),
        None => ("--data-binary", value),
    };
    vec![Word::literal("curl", span), Word::literal(option, span), value, url]
}

/// What of the environment code sends or prints, as bash writes it for the checkers that read
/// the expansion: `$NAME` for variable `NAME`, the whole environment for `None`.
fn environment_data(variable: Option<&str>, span: Span) -> Word {
    Word::dynamic(match variable {
        Some(name) => Dynamic {
            kind: DynamicKind::Variable {
                name: name.to_owned(),
                guarded: false,
            },
            text: format!("${name}"),
            span,
        },
        None => Dynamic {
            kind: DynamicKind::CommandOutput(Output::Secret(crate::producers::ENVIRONMENT.to_owned())),
            text: "the environment".to_owned(),
            span,
        },
    })
}

/// Code that fetches from the network, and code that runs code given as a value that is not
/// a literal, by language: together, code fetched and run unseen (`exec(urlopen(u).read())`,
/// `fetch(u).then(r => r.text()).then(eval)`, `eval get($u)` of LWP::Simple).
static FETCHES_AND_EVALUATES: [(Language, LazyPattern, LazyPattern); 6] = {
    let pattern = LazyPattern::new;
    [
        (
            Language::Python,
            pattern(
                &[
                    "urlopen",
                    "requests",
                    "httpx",
                    "session",
                    "urllib3",
                    "Connection",
                    "aiohttp",
                    "httplib2",
                    "pycurl",
                ],
                r"\burlopen\s*\(|\b(?:requests|httpx|session|urllib3)\s*\.\s*(?:get|post|request|urlopen)\s*\(|\bHTTPS?Connection\s*\(|\baiohttp\b|\bhttplib2\b|\bpycurl\b",
            ),
            pattern(
                &["exec", "eval", "compile"],
                r#"\b(?:exec|eval)\s*\(\s*[^\s'")]|\bcompile\s*\(\s*[^\s'")]"#,
            ),
        ),
        (
            Language::JavaScript,
            pattern(
                &["fetch", "http", "axios", "undici", "got", "XMLHttpRequest"],
                r#"\bfetch\s*\(|\brequire\s*\(\s*['"](?:node:)?(?:https?|axios|node-fetch|undici|got)['"]\s*\)|\bfrom\s+['"](?:node:)?(?:https?|axios|node-fetch|undici|got)['"]|\bhttps?\s*\.\s*(?:get|request)\s*\(|\baxios\b|\bXMLHttpRequest\b"#,
            ),
            pattern(
                &["eval", "Function", "vm"],
                r#"\beval\s*\(\s*[^\s'"`)]|[(,]\s*eval\s*\)|\bFunction\s*\(\s*[^\s'"`)]|\bvm\s*\.\s*(?:runIn\w*|compileFunction|Script)\b|\bnew\s+vm\s*\.\s*Script\b"#,
            ),
        ),
        (
            Language::Ruby,
            pattern(
                &[
                    "URI",
                    "open-uri",
                    "Net::HTTP",
                    "http",
                    "HTTParty",
                    "Faraday",
                    "RestClient",
                    "HTTPX",
                ],
                r#"\bURI\s*\.\s*open\b|\bopen-uri\b|\bNet::HTTP\b|\bopen\s*\(\s*['"]https?://|\b(?:HTTParty|Faraday|RestClient|HTTPX)\b"#,
            ),
            pattern(
                &["eval"],
                r#"\b(?:eval|instance_eval|class_eval|module_eval)\b\s*\(?\s*[^\s'"(){]"#,
            ),
        ),
        (
            Language::Perl,
            pattern(
                &[
                    "LWP::",
                    "HTTP::Tiny",
                    "WWW::Mechanize",
                    "Mojo::UserAgent",
                    "Net::HTTP",
                    "Furl",
                ],
                r"\bLWP::|\bHTTP::Tiny\b|\bWWW::Mechanize\b|\bMojo::UserAgent\b|\bNet::HTTP\b|\bFurl\b",
            ),
            // `eval { … }` catches errors; `eval EXPR` runs code.
            pattern(&["eval"], r#"\beval\b\s*\(?\s*[^\s'"{();]"#),
        ),
        (
            Language::Php,
            pattern(
                &["://", "curl_exec", "GuzzleHttp"],
                r#"\b(?:file_get_contents|fopen|file|readfile|stream_get_contents)\s*\(\s*['"](?:https?|ftp)://|\bcurl_exec\s*\(|\bGuzzleHttp\b"#,
            ),
            pattern(
                &["eval", "://"],
                r#"\beval\s*\(\s*[^\s'")]|\b(?:include|require)(?:_once)?\s*\(?\s*['"](?:https?|ftp|data)://"#,
            ),
        ),
        (
            Language::Lua,
            pattern(
                &["http"],
                r#"\bsocket\.http\b|\bssl\.https\b|\bhttp\.request\b|require\s*\(?\s*['"](?:socket\.http|ssl\.https|http\.request)['"]"#,
            ),
            pattern(&["load"], r#"\b(?:load|loadstring)\s*\(\s*[^\s'")\[]"#),
        ),
    ]
};

/// Whether code in `language` fetches from the network and runs code given as a value: what
/// it fetched, as far as can be told.
pub fn runs_fetched_code(language: Language, code: &str) -> bool {
    let language = if language == Language::IPython {
        Language::Python
    } else {
        language
    };
    FETCHES_AND_EVALUATES
        .iter()
        .any(|(of, fetches, evaluates)| *of == language && fetches.is_match(code) && evaluates.is_match(code))
}

/// The effects of `source`, code in `language`.
pub fn effects(
    language: Language,
    source: &Source,
    env: &Env,
    allowance: Allowance<'_>,
) -> Result<Vec<Effect>, ParseFailure> {
    match language {
        Language::Python => python::effects(source, env, allowance),
        Language::JavaScript => javascript::effects(source, env, allowance),
        Language::Ruby | Language::Perl | Language::Php | Language::Lua => {
            Ok(scripting::effects(language, source, env))
        }
        Language::Awk => Ok(awk::effects(source, env)),
        Language::PowerShell => powershell::effects(source, env, allowance),
        Language::Cmd => Ok(cmd::effects(source, env)),
        Language::IPython => {
            let mut effects = python::effects(source, env, allowance)?;
            effects.extend(escapes::effects(language, source, env.home));
            Ok(effects)
        }
        Language::Shell => Ok(Vec::new()),
        language => Ok(escapes::effects(language, source, env.home)),
    }
}

/// A value an expression has, as far as it can be known without running the code.
#[derive(Clone, Debug)]
enum Value {
    /// Text, possibly with parts only known at run time.
    Text(Word),
    /// A list, tuple or array.
    List(Vec<Value>),
    /// A module, object or function known by its qualified name (`os.path`, `subprocess.run`).
    Name(String),
    /// A path object (`pathlib.Path(…)`).
    Path(Word),
    /// A method of a path object, not yet called.
    PathMethod(Word, String),
    /// A method of a string, not yet called (`'…'.format`, `b'…'.decode`).
    TextMethod(Word, String),
    /// The text of the file at a path (`open(p).read()`).
    FileText(Word),
    /// A file opened for writing (`open(p, 'w')`), appending or not.
    Opened(Word, bool),
    Bool(bool),
    /// An object literal or keyword arguments: names and values.
    Object(Vec<(String, Value)>),
    /// Anything else: the expression as written.
    Unknown(Dynamic),
}

impl Value {
    /// The value as one word: text and paths as they are, anything else dynamic.
    fn into_word(self, span: Span) -> Word {
        match self {
            Value::Text(word) | Value::Path(word) => word,
            Value::Unknown(dynamic) => Word::dynamic(dynamic),
            other => Word::dynamic(Dynamic {
                kind: DynamicKind::Other,
                text: other.describe(),
                span,
            }),
        }
    }

    /// The value as a word when it is text (possibly partly dynamic) or a path.
    fn as_word(&self) -> Option<&Word> {
        match self {
            Value::Text(word) | Value::Path(word) => Some(word),
            _ => None,
        }
    }

    fn field(&self, name: &str) -> Option<&Value> {
        match self {
            Value::Object(fields) => fields.iter().rev().find(|(key, _)| key == name).map(|(_, v)| v),
            _ => None,
        }
    }

    fn is_true(&self) -> bool {
        matches!(self, Value::Bool(true))
    }

    fn describe(&self) -> String {
        match self {
            Value::Text(word) | Value::Path(word) => word.text().to_owned(),
            Value::Name(name) => name.clone(),
            Value::Unknown(dynamic) => dynamic.text.clone(),
            Value::PathMethod(_, method) | Value::TextMethod(_, method) => method.clone(),
            Value::FileText(path) => format!("the text of {}", path.text()),
            Value::Opened(path, _) => format!("{} opened for writing", path.text()),
            Value::Bool(value) => value.to_string(),
            Value::List(_) => "a list".into(),
            Value::Object(_) => "an object".into(),
        }
    }
}

/// The attribute name standing for one chosen when the code runs (`getattr(os, name)`,
/// `cp[method]`).
const CHOSEN_AT_RUN_TIME: &str = "?";

/// Modules whose functions run commands or delete files: a function of theirs chosen when the
/// code runs could be any of those.
const DANGEROUS_MODULES: &[&str] = &[
    "os",
    "subprocess",
    "shutil",
    "pty",
    "asyncio",
    "child_process",
    "fs",
    "fs.promises",
    "fs-extra",
    "Bun",
    "Deno",
];

/// The effect of calling a function of `module` chosen when the code runs, if the module is
/// one whose functions run commands or delete files.
fn chosen_call(module: &str, span: Span) -> Option<Effect> {
    let what =
        format!("the code calls a function of `{module}` chosen when it runs, which may run commands or delete files");
    DANGEROUS_MODULES
        .contains(&module)
        .then(|| Effect::new(&format!("{module}[…]"), span, None, Action::Unverifiable(what)))
}

/// How deep the Python and JavaScript readers follow an expression into its parts: real code
/// nests a few levels; a chain of thousands of calls (`x.a().a()…`) would recurse once a call,
/// and value each call's chain again (5,000 calls: 0.2 s at 64 levels, 0.05 s at 24).
const MAX_VALUE_DEPTH: usize = 24;

/// The value `value_of` gives `node`, one level deeper than `depth` says; unknown past
/// [`MAX_VALUE_DEPTH`].
fn nested_value(
    depth: &std::cell::Cell<usize>,
    source: &Source,
    node: tree_sitter::Node,
    value_of: impl FnOnce() -> Value,
) -> Value {
    let level = depth.get();
    if level >= MAX_VALUE_DEPTH {
        return unknown(source, node.byte_range());
    }
    depth.set(level + 1);
    let value = value_of();
    depth.set(level);
    value
}

/// The value of the environment variable `name` read by the code (`os.environ['GITHUB_TOKEN']`,
/// `process.env.GITHUB_TOKEN`) when its name says it holds a secret: the variable, as bash's
/// `$GITHUB_TOKEN` is, so that a program given it (`subprocess.run(['curl', '-d', …])`) is
/// judged as the shell's; `None` for any other variable.
fn secret_variable(name: &str, source: &Source, range: std::ops::Range<usize>) -> Option<Value> {
    crate::producers::is_secret_name(name).then(|| {
        Value::Unknown(Dynamic {
            kind: DynamicKind::Variable {
                name: name.to_owned(),
                guarded: false,
            },
            text: format!("${name}"),
            span: source.span(range),
        })
    })
}

/// An expression whose value is unknown, shown as written (its first 80 characters).
fn unknown(source: &Source, range: std::ops::Range<usize>) -> Value {
    let written = &source.text()[range.clone()];
    let shown = written.char_indices().nth(80).map_or(written.len(), |(end, _)| end);
    let text: String = crate::source::display_text(&written[..shown], &[])
        .chars()
        .take(80)
        .collect();
    Value::Unknown(Dynamic {
        kind: DynamicKind::Other,
        text,
        span: source.span(range),
    })
}

/// The index of the token closing the `(` at `open`, among `count` tokens where `is(i, text)`
/// tells whether token `i` is that punctuation; `count` when it is never closed.
fn closing(open: usize, count: usize, is: impl Fn(usize, &str) -> bool) -> usize {
    let mut depth = 0usize;
    for index in open..count {
        if is(index, "(") {
            depth += 1;
        } else if is(index, ")") {
            depth = depth.saturating_sub(1);
            if depth == 0 {
                return index;
            }
        }
    }
    count
}

/// Words joined into one, in order.
fn concat(words: impl IntoIterator<Item = Word>) -> Word {
    let mut parts: Vec<Part> = Vec::new();
    let mut span: Option<Span> = None;
    for word in words {
        span = Some(span.map_or(word.span, |s| s.cover(word.span)));
        parts.extend(word.parts);
    }
    Word::from_parts(parts, span.unwrap_or_default())
}

/// A fresh temporary directory or file (`tempfile.mkdtemp()`, `fs.mkdtempSync()`).
fn temporary(source: &Source, range: std::ops::Range<usize>) -> Value {
    Value::Text(Word::dynamic(Dynamic {
        kind: DynamicKind::CommandOutput(crate::command::Output::TemporaryPath),
        text: crate::source::display_text(&source.text()[range.clone()], &[]),
        span: source.span(range),
    }))
}

/// Text decoded from a literal (`base64.b64decode('…')`, `Buffer.from('…', 'hex')`), when the
/// literal is known and decodes to text.
fn decoded(encoded: &Value, encoding: &str, span: Span) -> Option<Value> {
    let input = encoded.as_word()?.value()?;
    let bytes = match encoding {
        "base64" | "base64url" => crate::producers::decode_base64(input)?,
        "hex" => crate::producers::decode_hex(input)?,
        "rot13" | "rot_13" => input
            .chars()
            .map(|c| match c {
                'a'..='z' => (((c as u8 - b'a' + 13) % 26) + b'a') as char,
                'A'..='Z' => (((c as u8 - b'A' + 13) % 26) + b'A') as char,
                other => other,
            })
            .collect::<String>()
            .into_bytes(),
        _ => return None,
    };
    String::from_utf8(bytes)
        .ok()
        .map(|text| Value::Text(self::text(&text, span)))
}

/// Python's `'…' % args` and `'…'.format(args)` of literal pieces: `%s`-style and `{}` fields
/// filled in order.
fn formatted(template: &Word, arguments: &[Value], percent: bool, span: Span) -> Option<Value> {
    let template = template.value()?;
    let mut pieces = Vec::new();
    let mut rest = template;
    let mut next = arguments.iter();
    loop {
        let found = if percent {
            rest.find('%').map(|at| (at, 2))
        } else {
            rest.find('{')
                .map(|at| (at, rest[at..].find('}').map_or(1, |end| end + 1)))
        };
        let Some((at, length)) = found else { break };
        pieces.push(self::text(&rest[..at], span));
        let field = &rest[at..(at + length).min(rest.len())];
        match field {
            "%%" => pieces.push(self::text("%", span)),
            "{{" => pieces.push(self::text("{", span)),
            "%s" | "%d" | "%r" | "{}" => pieces.push(next.next()?.clone().into_word(span)),
            _ if !percent && field[1..field.len() - 1].chars().all(|c| c.is_ascii_digit()) => {
                let index: usize = field[1..field.len() - 1].parse().ok()?;
                pieces.push(arguments.get(index)?.clone().into_word(span));
            }
            _ => return None,
        }
        rest = &rest[(at + length).min(rest.len())..];
    }
    pieces.push(self::text(rest, span));
    Some(Value::Text(concat(pieces)))
}

/// Literal text that the code computed (a home directory, a path separator).
fn text(value: &str, span: Span) -> Word {
    Word::from_parts(
        vec![Part::Literal {
            text: value.to_owned(),
            quoting: Quoting::Quoted,
            span,
        }],
        span,
    )
}

/// Joins path pieces the way `os.path.join` and `path.join` do: an absolute piece starts over.
fn join_paths(pieces: Vec<Word>, span: Span) -> Word {
    let mut joined: Vec<Word> = Vec::new();
    for piece in pieces {
        if piece.text().starts_with('/') {
            joined.clear();
        } else if let Some(last) = joined.last()
            && !last.text().ends_with('/')
        {
            joined.push(text("/", span));
        }
        joined.push(piece);
    }
    concat(joined)
}

/// `~` and `~/x` with the home directory put in (`os.path.expanduser`, `File.expand_path`).
fn expand_home(word: Word, env: &Env) -> Word {
    let Some(Part::Literal { text: first, span, .. }) = word.parts.first() else {
        return word;
    };
    if first != "~" && !first.starts_with("~/") {
        return word;
    }
    let mut parts = word.parts.clone();
    parts[0] = Part::Literal {
        text: format!("{}{}", env.home, &first[1..]),
        quoting: Quoting::Quoted,
        span: *span,
    };
    Word::from_parts(parts, word.span)
}

/// The effect of a call that runs an argument vector.
fn run_effect(call: &str, span: Span, argv: &Value, cwd: Option<Word>) -> Effect {
    let action = match argv {
        Value::List(items) if !items.is_empty() => {
            Action::Run(items.iter().map(|item| item.clone().into_word(span)).collect())
        }
        Value::Text(word) => Action::Run(vec![word.clone()]),
        other => Action::Unverifiable(format!(
            "`{call}` runs a program only known when the code runs: {}",
            other.describe()
        )),
    };
    Effect::new(call, span, cwd, action)
}

/// The effect of a call that runs shell code.
fn shell_effect(call: &str, span: Span, code: &Value, cwd: Option<Word>) -> Effect {
    let action = match code {
        // A value only known when the code runs, spliced into shell code (`system("rm " $1)`),
        // is code too: a `;` in it starts a command of its own.
        Value::Text(word) if word.dynamics().next().is_some() => Action::Unverifiable(format!(
            "`{call}` runs a shell command built from a value only known when the code runs: {}",
            word.text()
        )),
        Value::Text(word) => Action::Shell(word.clone()),
        // A list given to a shell runs its first element as the code.
        Value::List(items) if !items.is_empty() => Action::Shell(items[0].clone().into_word(span)),
        other => Action::Unverifiable(format!(
            "`{call}` runs a shell command only known when the code runs: {}",
            other.describe()
        )),
    };
    Effect::new(call, span, cwd, action)
}

/// The effect of a call that deletes a path.
fn delete_effect(call: &str, span: Span, path: Value, recursive: bool, directory: bool, cwd: Option<Word>) -> Effect {
    let path = path.into_word(span);
    Effect::new(
        call,
        span,
        cwd,
        Action::Delete {
            path,
            recursive,
            directory,
        },
    )
}

/// The effect of a call that writes a file.
fn write_effect(call: &str, span: Span, path: Value, append: bool, cwd: Option<Word>) -> Effect {
    let path = path.into_word(span);
    let content = None;
    Effect::new(call, span, cwd, Action::Write { path, append, content })
}

/// The effect of a call that makes a link at `at` to `target`.
fn link_effect(call: &str, span: Span, target: Value, at: Value, symbolic: bool, cwd: Option<Word>) -> Effect {
    let action = Action::Link {
        target: target.into_word(span),
        at: at.into_word(span),
        symbolic,
    };
    Effect::new(call, span, cwd, action)
}

/// The effect of a call that reads a file.
fn read_effect(call: &str, span: Span, path: Value, cwd: Option<Word>) -> Effect {
    Effect::new(call, span, cwd, Action::Read(path.into_word(span)))
}

/// The effect of a call that downloads `url` into the file `to`.
fn fetch_effect(call: &str, span: Span, url: Value, to: Value, cwd: Option<Word>) -> Effect {
    let action = Action::Fetch {
        url: url.into_word(span),
        to: to.into_word(span),
    };
    Effect::new(call, span, cwd, action)
}

/// The effect of a call that runs code in `language` given as text.
fn code_effect(call: &str, span: Span, language: Language, code: &Value) -> Effect {
    let action = match code {
        Value::Text(word) => Action::Code(language, word.clone()),
        Value::FileText(path) => Action::Script(language, path.clone()),
        other => Action::Unverifiable(format!(
            "`{call}` runs code only known when it runs: {}",
            other.describe()
        )),
    };
    Effect::new(call, span, None, action)
}

/// Whether every match of `pattern` spells one of `words`, read as the regex crate reads it: a
/// literal holds a word, a group or a repetition of at least one holds it, every alternative
/// does, or some part of a sequence does. What it cannot prove counts as not.
#[cfg(test)]
pub(crate) fn every_match_spells(pattern: &str, words: &[&str]) -> bool {
    use regex_syntax::hir::{Hir, HirKind};
    fn spells(hir: &Hir, words: &[&str]) -> bool {
        match hir.kind() {
            HirKind::Literal(literal) => {
                let text = String::from_utf8_lossy(&literal.0);
                words.iter().any(|word| text.contains(word))
            }
            HirKind::Capture(capture) => spells(&capture.sub, words),
            HirKind::Repetition(repetition) => repetition.min >= 1 && spells(&repetition.sub, words),
            HirKind::Alternation(alternatives) => alternatives.iter().all(|alternative| spells(alternative, words)),
            HirKind::Concat(parts) => parts.iter().any(|part| spells(part, words)),
            _ => false,
        }
    }
    let hir = regex_syntax::parse(pattern).expect("a valid pattern");
    spells(&hir, words)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn every_gated_pattern_spells_a_word_of_its_gate() {
        let gated = OPENS_SOCKET
            .iter()
            .map(|(language, pattern)| (language, pattern))
            .chain(
                FETCHES_AND_EVALUATES
                    .iter()
                    .flat_map(|(language, fetches, evaluates)| [(language, fetches), (language, evaluates)]),
            );
        for (language, pattern) in gated {
            assert!(
                every_match_spells(pattern.pattern.text(), pattern.words),
                "{language:?}: {} does not always spell one of {:?}",
                pattern.pattern.text(),
                pattern.words
            );
        }
        assert!(every_match_spells(r"\b(net|tls)\.connect", &["net", "tls"]));
        assert!(!every_match_spells(r"\b(net|tls)\.connect", &["net"]));
        assert!(!every_match_spells(r"(?:require)?\(", &["require"]));
    }

    /// The effects of `code` in `language`, each as `call: what`.
    pub fn described(language: Language, code: &str) -> Vec<String> {
        described_with(language, code, &[])
    }

    /// The same, for inline code given `args` after it.
    pub fn described_with(language: Language, code: &str, args: &[&str]) -> Vec<String> {
        let steps = std::cell::Cell::new(u64::MAX);
        let allowance = Allowance::new(&steps, std::time::Instant::now() + Duration::from_secs(5));
        let arguments = Arguments {
            script: None,
            args: args.iter().map(|a| Word::literal(a, Span::default())).collect(),
        };
        let env = Env {
            home: "/home/user",
            arguments: &arguments,
        };
        effects(language, &Source::original(code), &env, allowance)
            .unwrap_or_default()
            .into_iter()
            .map(|effect| {
                let what = match &effect.action {
                    Action::Run(argv) => {
                        format!("run {}", argv.iter().map(Word::text).collect::<Vec<_>>().join(" "))
                    }
                    Action::Shell(code) => format!("shell {}", code.text()),
                    Action::Delete {
                        path,
                        recursive,
                        directory,
                    } => format!(
                        "delete{}{} {}",
                        if *recursive { " -r" } else { "" },
                        if *directory { " -d" } else { "" },
                        path.text()
                    ),
                    Action::Link { target, at, symbolic } => {
                        let kind = if *symbolic { "symlink" } else { "link" };
                        format!("{kind} {} -> {}", at.text(), target.text())
                    }
                    Action::Write { path, append, content } => {
                        let verb = if *append { "append" } else { "write" };
                        match content {
                            Some(text) => format!("{verb} {} <- {}", path.text(), text.text()),
                            None => format!("{verb} {}", path.text()),
                        }
                    }
                    Action::Read(path) => format!("read {}", path.text()),
                    Action::Send(path) => format!("send {}", path.text()),
                    Action::Fetch { url, to } => format!("fetch {} -> {}", url.text(), to.text()),
                    Action::Code(language, code) => format!("code {language:?} {}", code.text()),
                    Action::Script(language, path) => format!("script {language:?} {}", path.text()),
                    Action::RunsFetched(url) => format!("runs fetched {url}"),
                    Action::Unverifiable(_) => "unverifiable".to_owned(),
                };
                match &effect.cwd {
                    Some(cwd) => format!("{}: {what} (in {})", effect.call, cwd.text()),
                    None => format!("{}: {what}", effect.call),
                }
            })
            .collect()
    }

    #[test]
    fn joins_paths_like_os_path_join() {
        let span = Span::default();
        let joined = join_paths(vec![text("/home/user", span), text("x", span)], span);
        assert_eq!(joined.text(), "/home/user/x");
        let restarted = join_paths(vec![text("a", span), text("/etc", span)], span);
        assert_eq!(restarted.text(), "/etc");
    }

    #[test]
    fn expands_home() {
        let arguments = Arguments::default();
        let env = Env {
            home: "/home/user",
            arguments: &arguments,
        };
        assert_eq!(expand_home(text("~/x", Span::default()), &env).text(), "/home/user/x");
        assert_eq!(expand_home(text("x~", Span::default()), &env).text(), "x~");
    }
}
