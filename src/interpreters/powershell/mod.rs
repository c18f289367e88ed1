//! PowerShell code (`pwsh -Command`, `powershell -EncodedCommand`, a `.ps1` script, Claude
//! Code's PowerShell tool), parsed with its tree-sitter grammar: cmdlets by name or alias with
//! their parameters bound as PowerShell binds them, native programs, `&` and `.` invocations,
//! `Invoke-Expression`, script blocks, pipelines, redirections and .NET calls, turned into the
//! effects other languages' calls have (`Remove-Item -Recurse X` deletes like `rm -r X`).

mod cmdlets;
mod text;

use super::syntax::{self, Grammar};
use super::{Action, Effect, Env};
use crate::language::Language;
use crate::parse::{Allowance, ParseFailure};
use crate::source::{Source, Span};
use crate::word::{Part, Word};
use cmdlets::{Argument, Bound, Cmdlet};
use std::collections::HashMap;
use text::{Variables, WordBuilder};
use tree_sitter::Node;

/// How deep the reader follows nested expressions and blocks; deeper code is not read and
/// asks.
const MAX_DEPTH: usize = 100;

/// The effects of PowerShell code.
pub fn effects(original: &Source, env: &Env, allowance: Allowance<'_>) -> Result<Vec<Effect>, ParseFailure> {
    let outer = outer_values(original);
    let source = &outer.source;
    let tree = syntax::parse(Grammar::PowerShell, source.text(), allowance)?;
    let whole = source.span(0..source.text().len());
    let windows_home = crate::paths::windows_form(env.home);
    let mut variables = Variables::new(windows_home.as_deref().unwrap_or(env.home), whole);
    let outer_written = outer
        .values
        .iter()
        .map(|(name, value)| (name.clone(), value.text().to_owned()))
        .collect();
    for (name, value) in outer.values {
        variables.set(&name, Some(value));
    }
    let mut reader = Reader {
        source,
        windows: windows_home.is_some(),
        variables,
        outer_written,
        objects: HashMap::new(),
        cwd: None,
        effects: Vec::new(),
        depth: 0,
    };
    for (span, what) in outer.unknown_commands {
        reader.effect("PowerShell", span, Action::Unverifiable(what));
    }
    reader.visit(tree.root_node());
    Ok(reader.effects)
}

/// PowerShell code with the values the shell around it put in (`pwsh -c "$c = …"` in bash,
/// which expanded `$c`) written as variables of its own (`${__outer0}`), so that the grammar
/// reads each as one value.
struct OuterValues {
    source: Source,
    /// What each such variable holds: the value only known when it runs.
    values: Vec<(String, Word)>,
    /// Values standing where a statement starts that are no PowerShell variable bash expanded
    /// by mistake (`pwsh -c "$CMD"`, `pwsh -c "$(cat x)"`): commands only known when they run.
    unknown_commands: Vec<(Span, String)>,
}

fn outer_values(original: &Source) -> OuterValues {
    let text = original.text();
    let mut builder = crate::source::SourceBuilder::default();
    let mut values = Vec::new();
    let mut unknown_commands = Vec::new();
    let open = crate::source::PLACEHOLDER_OPEN;
    let mut rest = 0;
    while original.has_placeholders()
        && let Some(found) = text[rest..].find(open)
    {
        let at = rest + found;
        let after = at + open.len_utf8();
        let Some((index, used)) = crate::source::parse_placeholder(&text[after..]) else {
            push_normalized(&mut builder, original, rest..after);
            rest = after;
            continue;
        };
        let end = after + used;
        push_normalized(&mut builder, original, rest..at);
        let span = original.span(at..end);
        let name = format!("__outer{index}");
        builder.push_from(&format!("${{{name}}}"), span);
        let dynamic = original.dynamic(index).cloned();
        // Read from how it was written: `$content`, `${name}`, `$_`.
        let lowercase_variable = dynamic.as_ref().is_some_and(|d| {
            let written = d.text.trim();
            let bare = written.trim_start_matches('$').trim_start_matches('{');
            let name: String = bare
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            written.starts_with('$') && (name == "_" || name.chars().any(|c| c.is_ascii_lowercase()))
        });
        let starts_statement = text[..at]
            .trim_end_matches([' ', '\t'])
            .chars()
            .next_back()
            .is_none_or(|c| matches!(c, '\n' | ';' | '{' | '(' | '|' | '&'));
        if starts_statement && !lowercase_variable {
            let shown = dynamic.as_ref().map_or("a value", |d| d.text.as_str());
            unknown_commands.push((span, format!("runs a command only known when it runs: {shown}")));
        }
        if let Some(dynamic) = dynamic {
            values.push((name, Word::dynamic(dynamic)));
        }
        rest = end;
    }
    push_normalized(&mut builder, original, rest..text.len());
    OuterValues {
        source: builder.finish(),
        values,
        unknown_commands,
    }
}

/// What an expression or a pipeline gives, as far as it can be known before the code runs.
#[derive(Clone, Debug)]
enum Val {
    /// Text, possibly with parts only known at run time.
    Text(Word),
    List(Vec<Val>),
    /// What a web request returns: code from the network, should it be run.
    Fetched(Word),
    /// The items a listing gives, as a pattern of paths (`Get-ChildItem X`: `X\*`).
    Items(Word),
    /// The text of a file (`Get-Content F`).
    FileText(Word),
    /// Processes (`Get-Process node`); none named: every process.
    Processes(Vec<Word>),
    /// A script block: its code is read where it is written.
    Block,
    /// A hashtable (`@{k = v}`), as written, with the values it holds.
    Table(Word, Vec<Val>),
}

impl Val {
    /// The value as words, as a command receives it.
    fn words(&self, span: Span) -> Vec<Word> {
        match self {
            Val::Text(word) => vec![word.clone()],
            Val::List(values) => values.iter().flat_map(|v| v.words(span)).collect(),
            Val::Items(items) => vec![items.clone()],
            Val::Fetched(url) => vec![opaque(&format!("the response of {}", url.text()), span)],
            Val::FileText(path) => vec![opaque(&format!("the text of {}", path.text()), span)],
            Val::Processes(_) => vec![opaque("processes", span)],
            Val::Block => vec![opaque("{…}", span)],
            Val::Table(written, _) => vec![written.clone()],
        }
    }

    /// The secrets of the environment the value holds, in a list or a hashtable's values at any
    /// depth: as [`environment_secrets`] names them.
    fn secrets(&self) -> Vec<Option<String>> {
        match self {
            Val::Text(word) => environment_secrets(word),
            Val::List(values) | Val::Table(_, values) => values.iter().flat_map(Val::secrets).collect(),
            _ => Vec::new(),
        }
    }

    /// The files whose contents a request sends when it sends the value: a file's text, and in a
    /// multipart form (`uploads`) files themselves (`-Form @{f = Get-Item F}`).
    fn files(&self, uploads: bool) -> Vec<Word> {
        match self {
            Val::FileText(path) => vec![path.clone()],
            Val::Items(path) if uploads => vec![path.clone()],
            Val::List(values) | Val::Table(_, values) => values.iter().flat_map(|v| v.files(uploads)).collect(),
            _ => Vec::new(),
        }
    }

    fn word(&self, span: Span) -> Word {
        let mut words = self.words(span);
        match words.len() {
            1 => words.remove(0),
            _ => super::concat(words),
        }
    }

    /// Whether the value is known to be the text `True` (`-WhatIf:$true`) or one.
    fn is_true(&self) -> bool {
        matches!(self, Val::Text(word) if word.value().is_some_and(|v| v.eq_ignore_ascii_case("true") || v == "1"))
    }

    /// Whether the value is the text `False` (`-Recurse:$false`) or zero.
    fn is_false(&self) -> bool {
        matches!(self, Val::Text(word) if word.value().is_some_and(|v| v.eq_ignore_ascii_case("false") || v == "0"))
    }
}

/// A word only known when the code runs, described by `text`.
fn opaque(text: &str, span: Span) -> Word {
    Word::dynamic(crate::word::Dynamic {
        kind: crate::word::DynamicKind::Other,
        text: text.to_owned(),
        span,
    })
}

/// The paths a listing of `folder` gives: everything in it.
fn children_of(folder: &Word) -> Word {
    let separator = if folder.text().contains('\\') { "\\*" } else { "/*" };
    let mut parts = folder.parts.clone();
    parts.push(Part::Literal {
        text: if folder.text().ends_with(['\\', '/']) {
            "*".into()
        } else {
            separator.into()
        },
        quoting: crate::word::Quoting::Bare,
        span: folder.span,
    });
    Word::from_parts(parts, folder.span)
}

/// Programs that PowerShell on Windows runs as cmdlets through an alias, but on Linux and macOS
/// as the system's programs.
const UNIX_ALIASES: &[&str] = &[
    "rm", "rmdir", "ls", "cp", "mv", "cat", "ps", "kill", "curl", "wget", "tee", "sort", "diff", "sleep", "start",
];

/// Cmdlets that list, filter, move around or download without running what they get: text the
/// grammar cannot read that names only these asks nothing.
const HARMLESS: &[&str] = &[
    "Get-ChildItem",
    "Get-Item",
    "Get-Process",
    "ForEach-Object",
    "Where-Object",
    "Join-Path",
    "Set-Location",
    "Push-Location",
    "Invoke-WebRequest",
    "Invoke-RestMethod",
    "Start-BitsTransfer",
];

/// Types a cast to which keeps what the value holds (`[ordered]@{k = $v}`, `[string]$v`).
const KEPT_BY_CASTS: &[&str] = &["ordered", "pscustomobject", "psobject", "hashtable", "string"];

/// Cmdlets that give the values given to them on as text (`@{k = $v} | ConvertTo-Json`).
const CONVERTERS: &[&str] = &[
    "ConvertTo-Json",
    "ConvertTo-Csv",
    "ConvertTo-Xml",
    "ConvertTo-Html",
    "Out-String",
];

/// Cmdlets that print their values, to the host or down the pipeline.
const PRINTERS: &[&str] = &[
    "Write-Output",
    "echo",
    "write",
    "Write-Host",
    "Write-Information",
    "Write-Warning",
    "Write-Verbose",
    "Write-Debug",
    "Out-Host",
];

/// The secrets of the environment `word` holds: each secret variable by name
/// (`$env:GITHUB_TOKEN`, any case), `None` for the whole environment (`Get-ChildItem env:`).
fn environment_secrets(word: &Word) -> Vec<Option<String>> {
    word.parts
        .iter()
        .filter_map(|part| match part {
            Part::Dynamic(dynamic) => match &dynamic.kind {
                crate::word::DynamicKind::Variable { name, .. } => {
                    let name = name
                        .get(..4)
                        .filter(|scope| scope.eq_ignore_ascii_case("env:"))
                        .map(|_| &name[4..])?;
                    crate::producers::is_secret_name(name).then(|| Some(name.to_owned()))
                }
                crate::word::DynamicKind::CommandOutput(crate::command::Output::Secret(what))
                    if what == crate::producers::ENVIRONMENT =>
                {
                    Some(None)
                }
                _ => None,
            },
            _ => None,
        })
        .collect()
}

/// Cmdlets that no checker reads as a POSIX command, passed on by name for the Windows checker.
const PASSED_BY_NAME: &[&str] = &[
    "Format-Volume",
    "Clear-Disk",
    "Initialize-Disk",
    "Remove-Partition",
    "Set-Item",
    "Clear-Item",
    "Set-ItemProperty",
    "New-ItemProperty",
    "Remove-ItemProperty",
    "Clear-ItemProperty",
    "Set-MpPreference",
    "Add-MpPreference",
    "Register-ScheduledTask",
    "Set-ScheduledTask",
];

struct Reader<'a> {
    source: &'a Source,
    /// Whether PowerShell runs on Windows here (the home is a Windows path): `rm` and `curl`
    /// are then aliases of cmdlets.
    windows: bool,
    variables: Variables,
    /// How the values the shell around the code put in were written there (`$c` for
    /// `${__outer0}`), for messages.
    outer_written: Vec<(String, String)>,
    /// Variables holding what is not text: a response, a listing, a file's text.
    objects: HashMap<String, Val>,
    /// The folder after `Set-Location`, for what runs next.
    cwd: Option<Word>,
    effects: Vec<Effect>,
    depth: usize,
}

impl<'a> Reader<'a> {
    fn span(&self, node: Node) -> Span {
        self.source.span(node.byte_range())
    }

    fn text(&self, node: Node) -> &'a str {
        syntax::text(node, self.source)
    }

    /// The text of `node` for a message, with the values put in by the shell around the code
    /// shown as they were written there.
    fn shown(&self, node: Node) -> String {
        let mut text = self.text(node).to_owned();
        for (name, written) in &self.outer_written {
            if text.contains(name.as_str()) {
                text = text.replace(&format!("${{{name}}}"), written);
            }
        }
        text
    }

    fn effect(&mut self, call: &str, span: Span, action: Action) {
        self.effects.push(Effect::new(call, span, self.cwd.clone(), action));
    }

    /// `value` printed by `call`: a secret environment variable in it (`$env:GITHUB_TOKEN`) is
    /// judged as the `printenv NAME` it amounts to, the whole environment as `printenv`.
    fn print(&mut self, call: &str, value: &Val, span: Span) {
        for name in value.secrets() {
            let argv = std::iter::once("printenv")
                .chain(name.as_deref())
                .map(|word| Word::literal(word, span))
                .collect();
            self.effect(call, span, Action::Run(argv));
        }
    }

    /// A request to `url` sending `sent`: a secret environment variable in it is judged as the
    /// `curl --data-binary $NAME URL` it amounts to, a file whose contents it sends as
    /// `curl -T FILE`.
    fn request(&mut self, call: &str, url: &Word, sent: &Val, uploads: bool, span: Span) {
        for name in sent.secrets() {
            let argv = super::request_argv(name.as_deref(), None, url.clone(), span);
            self.effect(call, span, Action::Run(argv));
        }
        for file in sent.files(uploads) {
            self.effect(call, span, Action::Send(file));
        }
    }

    /// A request to `url` authenticated by `headers`: a secret environment variable in them
    /// (`-Headers @{Authorization = "Bearer $env:OPENAI_API_KEY"}`) is judged as the `curl -H
    /// "Authorization: $NAME" URL` it amounts to.
    fn authenticated_request(&mut self, call: &str, url: &Word, headers: &Val, span: Span) {
        for name in headers.secrets().into_iter().flatten() {
            let argv = super::request_argv(Some(&name), Some("Authorization"), url.clone(), span);
            self.effect(call, span, Action::Run(argv));
        }
    }

    /// Reads the statements under `node`.
    fn visit(&mut self, node: Node) {
        if !self.deeper(node) {
            return;
        }
        match node.kind() {
            "pipeline" => {
                self.pipeline(node, None);
            }
            "pipeline_chain" => {
                self.chain(node, None);
            }
            "statement_list" | "program" | "script_block_body" => self.statements(node),
            "ERROR" => self.unreadable(node),
            "comment" => {}
            _ => {
                for child in syntax::named_children(node) {
                    self.visit(child);
                }
            }
        }
        self.depth -= 1;
    }

    /// One level deeper into the code; false (with the code asked about) past [`MAX_DEPTH`].
    fn deeper(&mut self, node: Node) -> bool {
        if self.depth >= MAX_DEPTH {
            let span = self.span(node);
            self.effect(
                "PowerShell",
                span,
                Action::Unverifiable("PowerShell code nested too deep to read".into()),
            );
            return false;
        }
        self.depth += 1;
        true
    }

    /// Statements in order; a part the grammar cannot read that follows a command on its line
    /// is read as more of its arguments (`Remove-Item -Recurse $HOME\x`).
    fn statements(&mut self, node: Node) {
        let children = syntax::named_children(node);
        let mut index = 0;
        while index < children.len() {
            let child = children[index];
            let trailing = children
                .get(index + 1)
                .filter(|next| next.kind() == "ERROR" && self.same_line(child, **next))
                .copied();
            if child.kind() == "pipeline" && trailing.is_some() {
                if self.deeper(child) {
                    self.pipeline(child, trailing);
                    self.depth -= 1;
                }
                index += 2;
                continue;
            }
            // What a statement gives and nothing takes is printed.
            if child.kind() == "pipeline" && self.deeper(child) {
                let out = self.pipeline(child, None);
                self.print("the statement's value", &out, self.span(child));
                self.depth -= 1;
            } else {
                self.visit(child);
            }
            index += 1;
        }
    }

    fn same_line(&self, before: Node, after: Node) -> bool {
        let between = &self.source.text()[before.end_byte()..after.start_byte()];
        between.chars().all(|c| c == ' ' || c == '\t')
    }

    /// Text the grammar cannot read: what it still recognizes is read, and text naming a
    /// command that deletes, writes or runs code asks.
    fn unreadable(&mut self, node: Node) {
        for child in syntax::named_children(node) {
            self.visit(child);
        }
        // Comments name nothing that runs.
        let text: String = self
            .shown(node)
            .lines()
            .map(|line| {
                match line
                    .find('#')
                    .filter(|at| *at == 0 || line[..*at].ends_with([' ', '\t', ';']))
                {
                    Some(at) => &line[..at],
                    None => line,
                }
            })
            .collect::<Vec<_>>()
            .join("\n");
        let names_danger = text
            .split(|c: char| c.is_whitespace() || matches!(c, ';' | '|' | '(' | ')' | '{' | '}' | '&'))
            .any(|word| cmdlets::cmdlet(word).is_some_and(|c| !HARMLESS.contains(&c.name)));
        if names_danger {
            let span = self.span(node);
            let shown: String = text.chars().take(80).collect();
            self.effect(
                "PowerShell",
                span,
                Action::Unverifiable(format!("PowerShell text the reader cannot parse: {shown}")),
            );
        }
    }

    /// A pipeline or an assignment; what its last stage gives.
    fn pipeline(&mut self, node: Node, trailing: Option<Node>) -> Val {
        let mut out = Val::Block;
        for child in syntax::named_children(node) {
            out = match child.kind() {
                "assignment_expression" => {
                    self.assignment(child);
                    Val::Block
                }
                "pipeline_chain" => self.chain(child, trailing),
                "comment" => continue,
                _ => self.value(child),
            };
        }
        out
    }

    /// Stages joined by `|`, then `&&`/`||` chains: each stage is given what the one before
    /// it gives.
    fn chain(&mut self, node: Node, trailing: Option<Node>) -> Val {
        let children = syntax::named_children(node);
        let last_command = children.iter().rposition(|c| c.kind() == "command");
        let mut input: Option<Val> = None;
        for (index, child) in children.iter().enumerate() {
            match child.kind() {
                "command" => {
                    let extra = if Some(index) == last_command { trailing } else { None };
                    input = Some(self.command(*child, input.take(), extra));
                }
                "redirections" | "redirection" => self.redirections(*child, input.as_ref()),
                "pipeline_chain_tail" | "pipeline_chain" => self.visit(*child),
                "comment" => {}
                _ => input = Some(self.value(*child)),
            }
        }
        input.unwrap_or(Val::Block)
    }

    /// `$x = …`: the variable holds what the value gives when it is known.
    fn assignment(&mut self, node: Node) {
        let value = node.child_by_field_name("value").map(|value| match value.kind() {
            "pipeline" => self.pipeline(value, None),
            _ => self.value(value),
        });
        let Some(target) = node.named_child(0) else { return };
        let written = self.text(target).trim();
        let operator = node
            .child(1)
            .map(|op| self.text(op).trim().to_owned())
            .unwrap_or_default();
        let Some((name, length)) = written.strip_prefix('$').and_then(text::variable_name) else {
            return;
        };
        let name = name.to_lowercase();
        if length != written.len() - 1 {
            // `$h.k = …`, `$h['k'] = …` put a value into the hashtable `$h` holds; what other
            // elements and members are given (`$a[0] = …`, `$o.x = …`) is not followed.
            if let Some(Val::Table(_, values)) = self.objects.get_mut(&name)
                && let Some(value) = value
            {
                values.push(value);
            }
            return;
        }
        match value {
            Some(Val::Text(word)) if operator == "=" => {
                self.objects.remove(&name);
                self.variables.set(&name, Some(word));
            }
            // `$u += 'x'` joins text; a number added to is only known when the code runs.
            Some(Val::Text(word)) if operator == "+=" && !self.objects.contains_key(&name) => {
                let current = self.variables.get(&name, written, self.span(target));
                let joined = current
                    .value()
                    .is_none_or(|v| v.parse::<f64>().is_err())
                    .then(|| super::concat([current, word]));
                self.variables.set(&name, joined);
            }
            // `$h += @{k = …}` adds to the hashtable.
            Some(Val::Table(_, more)) if operator == "+=" => {
                if let Some(Val::Table(_, values)) = self.objects.get_mut(&name) {
                    values.extend(more);
                } else {
                    self.variables.set(&name, None);
                    self.objects.remove(&name);
                }
            }
            Some(
                object @ (Val::Fetched(_) | Val::Items(_) | Val::FileText(_) | Val::Processes(_) | Val::Table(..)),
            ) if operator == "=" => {
                self.variables.set(&name, None);
                self.objects.insert(name, object);
            }
            _ => {
                self.variables.set(&name, None);
                self.objects.remove(&name);
            }
        }
    }

    /// What an expression gives; the code inside it (subexpressions, script blocks, calls) is
    /// read on the way.
    fn value(&mut self, node: Node) -> Val {
        if !self.deeper(node) {
            return Val::Text(opaque(&self.shown(node), self.span(node)));
        }
        let value = self.value_of(node);
        self.depth -= 1;
        value
    }

    fn value_of(&mut self, node: Node) -> Val {
        let span = self.span(node);
        let children = syntax::named_children(node);
        match node.kind() {
            "verbatim_string_characters" | "verbatim_here_string_characters" => {
                Val::Text(Word::literal(&text::verbatim(self.text(node)), span))
            }
            "expandable_string_literal" | "expandable_here_string_literal" => Val::Text(self.expandable(node)),
            "generic_token" | "ERROR" | "command_name" | "path_command_name" | "path_command_name_token" => {
                for child in &children {
                    if child.kind() == "sub_expression" {
                        self.visit(*child);
                    }
                }
                Val::Text(self.bare(node))
            }
            "variable" | "braced_variable" => self.variable(node),
            "sub_expression" => {
                // `$(x)` of one statement gives what the statement gives, not printed.
                let statements = node
                    .child_by_field_name("statements")
                    .map(syntax::named_children)
                    .unwrap_or_default();
                match statements.as_slice() {
                    [only] if only.kind() == "pipeline" => self.pipeline(*only, None),
                    _ => {
                        self.visit(node);
                        Val::Text(opaque(&self.shown(node), span))
                    }
                }
            }
            "hash_literal_expression" => {
                let entries = children
                    .iter()
                    .flat_map(|body| syntax::named_children(*body))
                    .filter(|entry| entry.kind() == "hash_entry");
                let mut values = Vec::new();
                for entry in entries {
                    for part in syntax::named_children(entry) {
                        match part.kind() {
                            "key_expression" => {}
                            "pipeline" => values.push(self.pipeline(part, None)),
                            _ => self.visit(part),
                        }
                    }
                }
                Val::Table(opaque(&self.shown(node), span), values)
            }
            // `[ordered]@{…}`, `[string]$x`: the same values.
            "cast_expression"
                if children.len() == 2
                    && KEPT_BY_CASTS.contains(
                        &self
                            .text(children[0])
                            .trim_matches(['[', ']'])
                            .rsplit('.')
                            .next()
                            .unwrap_or("")
                            .to_lowercase()
                            .as_str(),
                    ) =>
            {
                self.value(children[1])
            }
            "additive_expression" | "additive_argument_expression" if children.len() == 2 => {
                self.sum(children[0], children[1])
            }
            "format_expression" | "format_argument_expression" if children.len() == 3 => {
                self.format(children[0], children[2], span)
            }
            // A cast with no operator before it.
            "expression_with_unary_operator"
                if children.len() == 1
                    && children[0].kind() == "cast_expression"
                    && children[0].start_byte() == node.start_byte() =>
            {
                self.value(children[0])
            }
            "parenthesized_expression" => match children.first() {
                Some(inner) if inner.kind() == "pipeline" => self.pipeline(*inner, None),
                Some(inner) => self.value(*inner),
                None => Val::Text(Word::literal("", span)),
            },
            "script_block_expression" | "script_block" => {
                self.visit(node);
                Val::Block
            }
            "array_literal_expression" if children.len() > 1 => {
                Val::List(children.iter().map(|child| self.value(*child)).collect())
            }
            "member_access" => {
                let object = children.first().map(|object| self.value(*object));
                match object {
                    // `(iwr u).Content`, `$_.FullName` of a listing.
                    Some(value @ (Val::Fetched(_) | Val::Items(_))) => value,
                    // `(Get-Item env:NAME).Value` is what the variable holds.
                    Some(value @ Val::Text(_))
                        if !value.secrets().is_empty()
                            && children
                                .last()
                                .is_some_and(|member| self.text(*member).eq_ignore_ascii_case("value")) =>
                    {
                        value
                    }
                    _ => match self.profile_member(node) {
                        Some(path) => Val::Text(path),
                        None => Val::Text(opaque(&self.shown(node), span)),
                    },
                }
            }
            "invokation_expression" => self.dotnet(node),
            "integer_literal" | "decimal_integer_literal" | "hexadecimal_integer_literal" | "real_literal" => {
                Val::Text(Word::literal(self.text(node), span))
            }
            "pipeline" => self.pipeline(node, None),
            "command" => self.command(node, None, None),
            _ if children.len() == 1
                && !matches!(node.kind(), "cast_expression" | "expression_with_unary_operator") =>
            {
                self.value(children[0])
            }
            _ => {
                for child in children {
                    self.value(child);
                }
                Val::Text(opaque(&self.shown(node), span))
            }
        }
    }

    /// `left + right`: text joined, lists and hashtables put together; a number added to is
    /// only known when the code runs.
    fn sum(&mut self, left: Node, right: Node) -> Val {
        let span = self.span(left).cover(self.span(right));
        let operator = self.source.text()[left.end_byte()..right.start_byte()].trim();
        let (first, second) = (self.value(left), self.value(right));
        match (first, second) {
            (Val::Text(a), b) if operator == "+" && a.value().is_none_or(|v| v.parse::<f64>().is_err()) => {
                Val::Text(super::concat([a, b.word(span)]))
            }
            (Val::List(mut items), b) if operator == "+" => {
                items.push(b);
                Val::List(items)
            }
            (Val::Table(_, mut values), Val::Table(_, more)) if operator == "+" => {
                values.extend(more);
                Val::Table(
                    opaque(&self.source.text()[left.start_byte()..right.end_byte()], span),
                    values,
                )
            }
            // Not known: what the operands hold stays for the requests that send it.
            (a, b) if !a.secrets().is_empty() || !b.secrets().is_empty() => Val::List(vec![a, b]),
            _ => Val::Text(opaque(&self.source.text()[left.start_byte()..right.end_byte()], span)),
        }
    }

    /// `'…{0}…' -f values`: the format with each `{N}` replaced by value N, or, the format only
    /// known when the code runs, the values it may hold.
    fn format(&mut self, format: Node, values: Node, span: Span) -> Val {
        let format = self.value(format).word(span);
        let values: Vec<Word> = match self.value(values) {
            Val::List(items) => items.iter().map(|item| item.word(span)).collect(),
            other => vec![other.word(span)],
        };
        let Some(text) = format.value() else {
            return Val::Text(super::concat(std::iter::once(format).chain(values)));
        };
        let mut words = Vec::new();
        let mut literal = String::new();
        let mut rest = text;
        while let Some(at) = rest.find(['{', '}']) {
            literal.push_str(&rest[..at]);
            let after = &rest[at + 1..];
            if after.starts_with(&rest[at..at + 1]) {
                literal.push_str(&rest[at..at + 1]);
                rest = &after[1..];
                continue;
            }
            let index = after.find('}').and_then(|end| {
                after[..end]
                    .split([',', ':'])
                    .next()?
                    .trim()
                    .parse::<usize>()
                    .ok()
                    .map(|i| (i, end))
            });
            match index {
                Some((index, end)) if rest.as_bytes()[at] == b'{' => {
                    words.push(Word::literal(&std::mem::take(&mut literal), span));
                    words.push(values.get(index).cloned().unwrap_or_else(|| Word::literal("", span)));
                    rest = &after[end + 1..];
                }
                _ => {
                    literal.push_str(&rest[at..at + 1]);
                    rest = after;
                }
            }
        }
        literal.push_str(rest);
        words.push(Word::literal(&literal, span));
        Val::Text(super::concat(words))
    }

    /// The profile a member of `$PROFILE` names (`$PROFILE.CurrentUserAllHosts`): the current
    /// user's are beside `$PROFILE`, the machine's in `$PSHOME`.
    fn profile_member(&self, node: Node) -> Option<Word> {
        let shown = self.shown(node);
        let (variable, member) = shown.split_once('.')?;
        if !variable.eq_ignore_ascii_case("$profile") {
            return None;
        }
        let span = self.span(node);
        let profile = self.variables.get("profile", "$PROFILE", span);
        let profile = profile.value()?;
        let folder = &profile[..profile.rfind(['/', '\\'])?];
        let separator = if folder.contains('\\') { '\\' } else { '/' };
        let pshome = self.variables.get("pshome", "$PSHOME", span);
        let pshome = pshome.value().unwrap_or("/opt/microsoft/powershell/7");
        let path = match member.to_ascii_lowercase().as_str() {
            "currentusercurrenthost" => profile.to_owned(),
            "currentuserallhosts" => format!("{folder}{separator}profile.ps1"),
            "allusersallhosts" => format!("{pshome}{separator}profile.ps1"),
            "alluserscurrenthost" => format!("{pshome}{separator}Microsoft.PowerShell_profile.ps1"),
            _ => return None,
        };
        Some(Word::literal(&path, span))
    }

    /// `$name`, `$env:NAME`, `${name}`.
    fn variable(&mut self, node: Node) -> Val {
        let written = self.text(node);
        let span = self.span(node);
        let Some((name, _)) = written.strip_prefix('$').and_then(text::variable_name) else {
            return Val::Text(Word::literal(written, span));
        };
        if let Some(object) = self.objects.get(&name.to_lowercase()) {
            return object.clone();
        }
        Val::Text(self.variables.get(&name, written, span))
    }

    /// A double-quoted string or here-string: backtick escapes, variables and `$(…)`.
    fn expandable(&mut self, node: Node) -> Word {
        let whole = node.byte_range();
        let written = self.text(node);
        let (open, close) = if written.starts_with("@\"") {
            let body = text::here_body(&written[2..written.len().saturating_sub(2).max(2)]);
            let start = whole.start + body.as_ptr() as usize - written.as_ptr() as usize;
            (start, start + body.len())
        } else {
            let close = if written.len() >= 2 && written.ends_with('"') {
                whole.end - 1
            } else {
                whole.end
            };
            (whole.start + 1, close.max(whole.start + 1))
        };
        self.expand(node, open..close, true)
    }

    /// A bare argument: variables and `$(…)` expanded, backtick escapes, and `~` at its start
    /// standing for the home folder (as the file system provider reads it).
    fn bare(&mut self, node: Node) -> Word {
        let range = node.byte_range();
        let written = self.text(node);
        if let Some(rest) = written.strip_prefix('~')
            && (rest.is_empty() || rest.starts_with(['\\', '/']))
        {
            let home = self
                .variables
                .get("home", "~", self.source.span(range.start..range.start + 1));
            let mut builder = WordBuilder::new(self.source);
            builder.push_word(home);
            let tail = self.expand(node, range.start + 1..range.end, false);
            builder.push_word(tail);
            return builder.finish(range);
        }
        self.expand(node, range, false)
    }

    /// The text in `range` of `node` with its variables, subexpressions and escapes expanded.
    fn expand(&mut self, node: Node, range: std::ops::Range<usize>, quoted: bool) -> Word {
        let subexpressions: Vec<Node> = syntax::preorder(node)
            .into_iter()
            .filter(|n| n.kind() == "sub_expression")
            .collect();
        let text = &self.source.text()[range.clone()];
        let mut builder = WordBuilder::new(self.source);
        let mut chars = text.char_indices().peekable();
        while let Some((offset, c)) = chars.next() {
            let at = range.start + offset;
            match c {
                '`' => {
                    if let Some((_, escaped)) = chars.next() {
                        builder.push_char(text::backtick(escaped), at);
                    }
                }
                '"' if quoted && chars.peek().is_some_and(|(_, n)| *n == '"') => {
                    chars.next();
                    builder.push_char('"', at);
                }
                '$' if text[offset + 1..].starts_with('(') => {
                    let (end, value) = match subexpressions.iter().find(|s| s.start_byte() == at) {
                        Some(sub) => (sub.end_byte(), Some(self.value(*sub))),
                        None => (at + closing_paren(&text[offset..]).unwrap_or(text.len() - offset), None),
                    };
                    // `"…$($env:X)…"` holds what the subexpression gives.
                    match value {
                        Some(Val::Text(word)) => {
                            builder.push_word(Word::from_parts(word.parts, self.source.span(at..end)));
                        }
                        _ => builder.push_dynamic(&self.source.text()[at..end], at..end),
                    }
                    while chars.peek().is_some_and(|(o, _)| range.start + o < end) {
                        chars.next();
                    }
                }
                '$' => match text::variable_name(&text[offset + 1..]) {
                    Some((name, length)) => {
                        let end = at + 1 + length;
                        let written = &self.source.text()[at..end];
                        let span = self.source.span(at..end);
                        let value = match self.objects.get(&name.to_lowercase()) {
                            Some(object) => object.word(span),
                            None => self.variables.get(&name, written, span),
                        };
                        builder.push_word(value);
                        while chars.peek().is_some_and(|(o, _)| range.start + o < end) {
                            chars.next();
                        }
                    }
                    None => builder.push_char('$', at),
                },
                c => builder.push_char(c, at),
            }
        }
        builder.finish(range)
    }

    /// A command: a cmdlet judged by what it does, anything else run as a program.
    fn command(&mut self, node: Node, input: Option<Val>, trailing: Option<Node>) -> Val {
        let span = self.span(node);
        let invocation = syntax::named_children(node)
            .into_iter()
            .find(|c| c.kind() == "command_invokation_operator")
            .map(|c| self.text(c).trim().to_owned());
        let Some(name_node) = node.child_by_field_name("command_name") else {
            return Val::Block;
        };
        let name = match name_node.kind() {
            "command_name_expr" => match syntax::named_children(name_node).as_slice() {
                [only] if only.kind() != "path_command_name" => self.value(*only),
                _ => Val::Text(self.bare(name_node)),
            },
            _ => Val::Text(self.bare(name_node)),
        };
        let name_word = match &name {
            Val::Block => {
                // `& { … }` and `. { … }`: the block was read where it is written.
                self.arguments(node, trailing);
                return Val::Block;
            }
            other => other.word(span),
        };
        let Some(name_text) = name_word.value().map(str::to_owned) else {
            self.arguments(node, trailing);
            self.effect(
                "&",
                span,
                Action::Unverifiable(format!("runs a command only known when it runs: {}", name_word.text())),
            );
            return Val::Text(opaque(&self.shown(node), span));
        };
        let unqualified = match name_text.rsplit_once('\\') {
            Some((_, last)) if cmdlets::cmdlet(last).is_some() && !name_text.contains(':') => last.to_owned(),
            _ => name_text.clone(),
        };
        let cmdlet = cmdlets::cmdlet(&unqualified).filter(|cmdlet| {
            self.windows
                || !UNIX_ALIASES
                    .iter()
                    .any(|alias| alias.eq_ignore_ascii_case(&unqualified))
                || cmdlet.name.eq_ignore_ascii_case(&unqualified)
        });
        // `$_` in a per-item block stands for each item piped in.
        let per_item = cmdlet.is_some_and(|c| matches!(c.name, "ForEach-Object" | "Where-Object"));
        let saved_item = per_item.then(|| self.objects.get("_").cloned());
        if per_item && let Some(items) = &input {
            self.objects.insert("_".into(), items.clone());
            self.objects.insert("psitem".into(), items.clone());
        }
        let arguments = self.arguments(node, trailing);
        if let Some(saved) = saved_item {
            match saved {
                Some(previous) => self.objects.insert("_".into(), previous),
                None => self.objects.remove("_"),
            };
            self.objects.remove("psitem");
        }
        match cmdlet {
            Some(cmdlet) => self.cmdlet(cmdlet, arguments, input, span),
            None => {
                let canonical = PASSED_BY_NAME
                    .iter()
                    .find(|known| known.eq_ignore_ascii_case(&unqualified));
                match canonical {
                    Some(known) => {
                        let mut argv = vec![Word::literal(known, name_word.span)];
                        argv.extend(plain_words(arguments, span));
                        self.effect(known, span, Action::Run(argv));
                        Val::Text(opaque(&self.shown(node), span))
                    }
                    // `Write-Output` gives its values on; the host printers print them.
                    None if PRINTERS
                        .iter()
                        .any(|printer| printer.eq_ignore_ascii_case(&unqualified)) =>
                    {
                        let values: Vec<Val> = arguments
                            .iter()
                            .filter_map(|argument| match argument {
                                Argument::Value(value) => Some(value.clone()),
                                _ => None,
                            })
                            .chain(input)
                            .collect();
                        let gives_on = ["Write-Output", "echo", "write"]
                            .iter()
                            .any(|name| name.eq_ignore_ascii_case(&unqualified));
                        match values.as_slice() {
                            [value] if gives_on => value.clone(),
                            _ => {
                                for value in &values {
                                    self.print(&unqualified, value, span);
                                }
                                Val::Block
                            }
                        }
                    }
                    // What they give holds the values piped or given to them.
                    None if CONVERTERS
                        .iter()
                        .any(|converter| converter.eq_ignore_ascii_case(&unqualified)) =>
                    {
                        let mut values: Vec<Val> = arguments
                            .into_iter()
                            .filter_map(|argument| match argument {
                                Argument::Value(value) => Some(value),
                                Argument::Parameter { attached, .. } => attached,
                            })
                            .chain(input)
                            .collect();
                        match values.len() {
                            1 => values.remove(0),
                            _ => Val::List(values),
                        }
                    }
                    None if looks_like_cmdlet(&unqualified) => Val::Text(opaque(&self.shown(node), span)),
                    None => self.native(invocation.as_deref(), name_word, arguments, input, span),
                }
            }
        }
    }

    /// The arguments of command `node` as written: parameters and values, pieces written
    /// together joined into one; its redirections judged on the way.
    fn arguments(&mut self, node: Node, trailing: Option<Node>) -> Vec<Argument<Val>> {
        let mut arguments: Vec<Argument<Val>> = Vec::new();
        let mut pieces: Vec<Val> = Vec::new();
        let mut attach = false;
        let mut redirections = Vec::new();
        let elements = node
            .child_by_field_name("command_elements")
            .map(syntax::named_children)
            .unwrap_or_default();
        let trailing_nodes = trailing.into_iter().map(|t| (t, true));
        let flush = |pieces: &mut Vec<Val>, arguments: &mut Vec<Argument<Val>>, attach: &mut bool, span: Span| {
            if pieces.is_empty() {
                return;
            }
            let value = if pieces.len() == 1 {
                pieces.remove(0)
            } else {
                let words: Vec<Word> = pieces.drain(..).map(|p| p.word(span)).collect();
                Val::Text(super::concat(words))
            };
            if *attach && let Some(Argument::Parameter { attached, .. }) = arguments.last_mut() {
                *attached = Some(value);
                *attach = false;
                return;
            }
            arguments.push(Argument::Value(value));
        };
        let span = self.span(node);
        for (element, is_trailing) in elements.into_iter().map(|e| (e, false)).chain(trailing_nodes) {
            if is_trailing {
                flush(&mut pieces, &mut arguments, &mut attach, span);
                for word in self.text(element).split_whitespace() {
                    let start = element.start_byte() + (word.as_ptr() as usize - self.text(element).as_ptr() as usize);
                    let range = start..start + word.len();
                    let expanded = self.expand(element, range, false);
                    arguments.push(Argument::Value(Val::Text(expanded)));
                }
                continue;
            }
            match element.kind() {
                "command_argument_sep" => {
                    flush(&mut pieces, &mut arguments, &mut attach, span);
                    // The grammar reads the `:` of `-Name:value` as a separator.
                    if self.text(element).contains(':') && matches!(arguments.last(), Some(Argument::Parameter { .. }))
                    {
                        attach = true;
                    }
                }
                "command_parameter" => {
                    flush(&mut pieces, &mut arguments, &mut attach, span);
                    let written = self.text(element).trim();
                    let name = written.trim_start_matches(['-', '–', '—', '―']);
                    let dashes = written[..written.len() - name.len()].to_owned();
                    // `-Name:value` may come as one token: the value is read as a bare word.
                    let (name, attached) = match name.split_once(':') {
                        Some((name, "")) => {
                            attach = true;
                            (name, None)
                        }
                        Some((name, value)) => {
                            let start = element.start_byte() + (value.as_ptr() as usize - written.as_ptr() as usize);
                            let expanded = self.expand(element, start..start + value.len(), false);
                            (name, Some(Val::Text(expanded)))
                        }
                        None => (name, None),
                    };
                    arguments.push(Argument::Parameter {
                        name: name.to_owned(),
                        dashes,
                        attached,
                    });
                }
                "redirection" => {
                    flush(&mut pieces, &mut arguments, &mut attach, span);
                    redirections.push(element);
                }
                "stop_parsing" => {
                    flush(&mut pieces, &mut arguments, &mut attach, span);
                    let written = self.text(element);
                    let rest = written.trim_start().trim_start_matches("--%");
                    for word in rest.split_whitespace() {
                        arguments.push(Argument::Value(Val::Text(Word::literal(word, self.span(element)))));
                    }
                }
                "comment" => {}
                // `$HOME\.bashrc`: the grammar reads a member `.bashrc` where PowerShell
                // reads a bare word, the variable expanded.
                _ if variable_then_path(self.text(element)) => {
                    let value = Val::Text(self.bare(element));
                    pieces.push(value);
                }
                _ => {
                    let value = self.value(element);
                    pieces.push(value);
                }
            }
        }
        flush(&mut pieces, &mut arguments, &mut attach, span);
        for redirection in redirections {
            self.redirections(redirection, None);
        }
        arguments
    }

    /// `> file`, `>> file`, `2> file`, `*> file`: writes; `$null` and merges write nothing.
    fn redirections(&mut self, node: Node, content: Option<&Val>) {
        let list = if node.kind() == "redirection" {
            vec![node]
        } else {
            syntax::named_children(node)
        };
        for redirection in list {
            let children = syntax::named_children(redirection);
            let Some(operator) = children.iter().find(|c| c.kind() == "file_redirection_operator") else {
                continue;
            };
            let append = self.text(*operator).trim().ends_with(">>");
            let Some(target) = children.iter().find(|c| c.kind() == "redirected_file_name") else {
                continue;
            };
            let parts: Vec<Node> = syntax::named_children(*target)
                .into_iter()
                .filter(|c| c.kind() != "command_argument_sep")
                .collect();
            let path = match parts.as_slice() {
                [only] => self.value(*only).word(self.span(*only)),
                _ => self.bare(*target),
            };
            if path
                .value()
                .is_some_and(|p| p.trim().eq_ignore_ascii_case("$null") || p.trim().is_empty())
                || self.text(*target).trim().eq_ignore_ascii_case("$null")
            {
                continue;
            }
            let content = match content {
                Some(Val::Text(word)) if !word.is_dynamic() => Some(word.clone()),
                _ => None,
            };
            let span = self.span(redirection);
            self.effect(">", span, Action::Write { path, append, content });
        }
    }

    /// A cmdlet the reader knows, by what it does.
    fn cmdlet(
        &mut self,
        cmdlet: &'static Cmdlet,
        arguments: Vec<Argument<Val>>,
        input: Option<Val>,
        span: Span,
    ) -> Val {
        let bound = Bound::new(cmdlet, arguments);
        // Only a -WhatIf known to be on runs nothing: `-WhatIf:$null`, `:0` or a value known only
        // when the code runs may turn it off.
        if bound.switch("WhatIf", |value| !value.is_true()) {
            return Val::Block;
        }
        let get = |parameter: &str| bound.value(cmdlet, parameter);
        let words = |value: Option<Val>| value.map(|v| v.words(span)).unwrap_or_default();
        let paths = || {
            let mut paths = words(get("Path"));
            paths.extend(words(get("LiteralPath")));
            paths
        };
        let call = cmdlet.name;
        match cmdlet.name {
            "Remove-Item" => {
                let mut targets = paths();
                match &input {
                    Some(Val::Items(items)) => targets.push(items.clone()),
                    Some(Val::Text(word)) => targets.push(word.clone()),
                    _ => {}
                }
                // `rm -rf` typed in PowerShell: a parameter no table knows holding an `r`.
                let recursive = bound.switch("Recurse", Val::is_false)
                    || bound.unknown().iter().any(|name| name.to_lowercase().contains('r'));
                for path in targets {
                    match provider(&path) {
                        Provider::Files => self.effect(
                            call,
                            span,
                            Action::Delete {
                                path,
                                recursive,
                                directory: false,
                            },
                        ),
                        Provider::Registry => {
                            let argv = vec![Word::literal(call, span), path];
                            self.effect(call, span, Action::Run(argv));
                        }
                        Provider::Session => {}
                    }
                }
                Val::Block
            }
            "Get-ChildItem" | "Get-Item" => {
                let targets = paths();
                let folder = targets.first().cloned().unwrap_or_else(|| Word::literal(".", span));
                if provider(&folder) == Provider::Session && folder.text().to_lowercase().starts_with("env:") {
                    let name = folder.text()[4..].trim_start_matches(['\\', '/']).to_owned();
                    let named = !name.is_empty() && !name.contains('*');
                    let mut argv = vec![Word::literal("printenv", span)];
                    if named {
                        argv.push(Word::literal(&name, span));
                    }
                    self.effect(call, span, Action::Run(argv));
                    // What it gives holds what `$env:NAME` holds, or the environment.
                    return Val::Text(match named {
                        true => self
                            .variables
                            .get(&format!("env:{name}"), &format!("$env:{name}"), span),
                        false => super::environment_data(None, span),
                    });
                }
                // A pattern lists its matches; a folder, what it holds; a filter (`-Filter
                // *.log`, `-Include bin,obj`), what matches it there.
                let pattern = folder
                    .text()
                    .rsplit(['\\', '/'])
                    .next()
                    .is_some_and(|last| last.contains(['*', '?']));
                let filter = get("Filter")
                    .or_else(|| get("Include"))
                    .and_then(|filter| filter.words(span).into_iter().next());
                match (pattern, filter) {
                    (true, _) => Val::Items(folder),
                    (false, Some(filter)) => Val::Items(join(&folder, &filter)),
                    (false, None) => Val::Items(children_of(&folder)),
                }
            }
            "Get-Content" => {
                let targets = paths();
                for path in &targets {
                    if path.text().to_lowercase().starts_with("env:") {
                        let name = path.text()[4..].trim_start_matches(['\\', '/']);
                        let argv = vec![Word::literal("printenv", span), Word::literal(name, span)];
                        self.effect(call, span, Action::Run(argv));
                    } else if provider(path) == Provider::Files {
                        self.effect(call, span, Action::Read(path.clone()));
                    }
                }
                match targets.into_iter().next() {
                    // `Get-Content env:NAME` gives what `$env:NAME` holds.
                    Some(path) if path.text().to_lowercase().starts_with("env:") => {
                        let name = path.text()[4..].trim_start_matches(['\\', '/']).to_owned();
                        Val::Text(
                            self.variables
                                .get(&format!("env:{name}"), &format!("$env:{name}"), span),
                        )
                    }
                    Some(path) => Val::FileText(path),
                    None => Val::Text(opaque("file text", span)),
                }
            }
            // `Clear-Content` empties files that are there (it makes none): `truncate -s 0`.
            "Clear-Content" => {
                for path in paths() {
                    if provider(&path) == Provider::Files {
                        let argv = ["truncate", "-s", "0", "--"]
                            .iter()
                            .map(|word| Word::literal(word, span))
                            .chain([path])
                            .collect();
                        self.effect(call, span, Action::Run(argv));
                    }
                }
                input.unwrap_or(Val::Block)
            }
            "Clear-RecycleBin" => {
                let mut argv = vec![Word::literal(call, span)];
                argv.extend(words(get("DriveLetter")));
                self.effect(call, span, Action::Run(argv));
                Val::Block
            }
            "Set-Content" | "Add-Content" | "Out-File" | "Tee-Object" => {
                let mut targets = paths();
                targets.extend(words(get("FilePath")));
                let append = cmdlet.name == "Add-Content" || bound.switch("Append", Val::is_false);
                let given = get("Value").or_else(|| input.clone());
                let content = match given {
                    Some(Val::Text(word)) if !word.is_dynamic() => Some(word),
                    _ => None,
                };
                for path in targets {
                    if provider(&path) != Provider::Files {
                        continue;
                    }
                    self.effect(
                        call,
                        span,
                        Action::Write {
                            path,
                            append,
                            content: content.clone(),
                        },
                    );
                }
                input.unwrap_or(Val::Block)
            }
            "New-Item" => {
                let kind = get("ItemType")
                    .and_then(|v| v.word(span).value().map(str::to_lowercase))
                    .unwrap_or_default();
                let mut targets = paths();
                if let Some(name) = get("Name") {
                    let name = name.word(span);
                    targets = match targets.is_empty() {
                        true => vec![name],
                        false => targets.iter().map(|t| join(t, &name)).collect(),
                    };
                }
                for path in targets {
                    if provider(&path) == Provider::Registry {
                        self.effect(call, span, Action::Run(vec![Word::literal(call, span), path]));
                        continue;
                    }
                    let action = match kind.as_str() {
                        "symboliclink" | "junction" | "hardlink" => match get("Value") {
                            Some(target) => Action::Link {
                                target: target.word(span),
                                at: path,
                                symbolic: kind != "hardlink",
                            },
                            None => continue,
                        },
                        "directory" => Action::Run(vec![
                            Word::literal("mkdir", span),
                            Word::literal("-p", span),
                            Word::literal("--", span),
                            path,
                        ]),
                        _ => Action::Write {
                            path,
                            append: false,
                            content: match get("Value") {
                                Some(Val::Text(word)) if !word.is_dynamic() => Some(word),
                                Some(_) => None,
                                None => Some(Word::literal("", span)),
                            },
                        },
                    };
                    self.effect(call, span, action);
                }
                Val::Block
            }
            // The files read, judged as the bash tools that do the same: `grep` (`-q` for
            // `-Quiet`, which prints only whether a line matched), `cat` for a hex dump, `zip
            // -r`, and `unzip` into the destination (over what is there with `-Force`).
            "Select-String" | "Format-Hex" | "Compress-Archive" | "Expand-Archive" => {
                let sources: Vec<Word> = paths()
                    .into_iter()
                    .filter(|path| provider(path) == Provider::Files)
                    .collect();
                if sources.is_empty() {
                    return input.unwrap_or(Val::Block);
                }
                let literal = |text: &str| Word::literal(text, span);
                let destination = || get("DestinationPath").map_or_else(|| literal("."), |d| d.word(span));
                let mut argv = match cmdlet.name {
                    "Select-String" => {
                        let mut argv = vec![literal("grep")];
                        if bound.switch("Quiet", Val::is_false) {
                            argv.push(literal("-q"));
                        }
                        let pattern = get("Pattern").map_or_else(|| literal(""), |p| p.word(span));
                        argv.extend([literal("-e"), pattern, literal("--")]);
                        argv
                    }
                    "Format-Hex" => {
                        for source in sources {
                            self.effect(call, span, Action::Read(source));
                        }
                        return Val::Block;
                    }
                    "Compress-Archive" => vec![literal("zip"), literal("-r"), destination()],
                    _ => {
                        let overwrite = if bound.switch("Force", Val::is_false) {
                            "-o"
                        } else {
                            "-n"
                        };
                        let mut argv = vec![literal("unzip"), literal(overwrite)];
                        argv.extend(sources.iter().take(1).cloned());
                        argv.extend([literal("-d"), destination()]);
                        self.effect(call, span, Action::Run(argv));
                        return Val::Block;
                    }
                };
                argv.extend(sources);
                self.effect(call, span, Action::Run(argv));
                Val::Block
            }
            "Copy-Item" | "Move-Item" | "Rename-Item" => {
                let sources = paths();
                let destination = match cmdlet.name {
                    "Rename-Item" => match (sources.first(), get("NewName")) {
                        (Some(source), Some(name)) => Some(sibling(source, &name.word(span))),
                        _ => None,
                    },
                    _ => get("Destination").map(|d| d.word(span)),
                };
                let destination = destination.unwrap_or_else(|| Word::literal(".", span));
                let program = if cmdlet.name == "Copy-Item" { "cp" } else { "mv" };
                let mut argv = vec![Word::literal(program, span)];
                if program == "cp" && bound.switch("Recurse", Val::is_false) {
                    argv.push(Word::literal("-r", span));
                }
                argv.push(Word::literal("--", span));
                if sources.is_empty() {
                    return Val::Block;
                }
                argv.extend(sources);
                argv.push(destination);
                self.effect(call, span, Action::Run(argv));
                Val::Block
            }
            "Invoke-WebRequest" | "Invoke-RestMethod" => {
                let url = get("Uri")
                    .map(|u| u.word(span))
                    .unwrap_or_else(|| opaque("a URL", span));
                if let Some(to) = get("OutFile") {
                    self.effect(
                        call,
                        span,
                        Action::Fetch {
                            url: url.clone(),
                            to: to.word(span),
                        },
                    );
                }
                // What the address, the body or the form holds is sent with the request, and the
                // file `-InFile` names; `-Headers` authenticates it.
                self.request(call, &url, &Val::Text(url.clone()), false, span);
                if let Some(headers) = get("Headers") {
                    self.authenticated_request(call, &url, &headers, span);
                }
                for body in [get("Body"), input.clone()].into_iter().flatten() {
                    self.request(call, &url, &body, false, span);
                }
                if let Some(form) = get("Form") {
                    self.request(call, &url, &form, true, span);
                }
                if let Some(file) = get("InFile") {
                    let file = match file {
                        Val::FileText(path) => path,
                        other => other.word(span),
                    };
                    self.request(call, &url, &Val::FileText(file), false, span);
                }
                Val::Fetched(url)
            }
            // Mail sends its subject, body and attachments (files piped in are attached).
            "Send-MailMessage" => {
                let server = match get("SmtpServer") {
                    Some(server) => super::concat([Word::literal("smtp://", span), server.word(span)]),
                    None => opaque("the mail server $PSEmailServer names", span),
                };
                for sent in [get("Subject"), get("Body")].into_iter().flatten() {
                    self.request(call, &server, &sent, false, span);
                }
                for file in words(get("Attachments")).into_iter().chain(match input {
                    Some(Val::Text(word) | Val::Items(word)) => Some(word),
                    _ => None,
                }) {
                    self.request(call, &server, &Val::FileText(file), false, span);
                }
                Val::Block
            }
            // BITS downloads `-Source` to `-Destination`, or uploads it there.
            "Start-BitsTransfer" => {
                let upload = get("TransferType")
                    .and_then(|t| t.word(span).value().map(|t| t.to_lowercase().starts_with("upload")))
                    .unwrap_or(false);
                let Some(destination) = get("Destination").map(|d| d.word(span)) else {
                    return Val::Block;
                };
                for source in words(get("Source")) {
                    match upload {
                        true => self.request(call, &destination, &Val::FileText(source), false, span),
                        false => self.effect(
                            call,
                            span,
                            Action::Fetch {
                                url: source,
                                to: destination.clone(),
                            },
                        ),
                    }
                }
                Val::Block
            }
            "Invoke-Expression" => {
                let code = get("Command").or(input);
                self.run_code(call, code, span);
                Val::Text(opaque("the output of Invoke-Expression", span))
            }
            "Invoke-Command" => {
                if let Some(file) = get("FilePath") {
                    self.effect(call, span, Action::Script(Language::PowerShell, file.word(span)));
                }
                Val::Text(opaque("the output of Invoke-Command", span))
            }
            "Start-Process" => {
                let Some(file) = get("FilePath") else { return Val::Block };
                let file = file.word(span);
                let mut argv = Vec::new();
                let elevated =
                    get("Verb").is_some_and(|v| v.word(span).value().is_some_and(|v| v.eq_ignore_ascii_case("runas")));
                if elevated {
                    argv.push(Word::literal("sudo", span));
                }
                argv.push(file);
                for argument in words(get("ArgumentList")) {
                    match argument.value() {
                        // One string of several arguments is split as Windows splits a command line.
                        Some(text) if text.contains(' ') => {
                            argv.extend(split_command_line(text).iter().map(|w| Word::literal(w, argument.span)));
                        }
                        _ => argv.push(argument),
                    }
                }
                let cwd = get("WorkingDirectory").map(|d| d.word(span));
                self.effects
                    .push(Effect::new(call, span, cwd.or(self.cwd.clone()), Action::Run(argv)));
                Val::Block
            }
            "Stop-Process" => {
                let mut argv = Vec::new();
                let names = words(get("Name"));
                let ids = words(get("Id"));
                match (&input, names.is_empty() && ids.is_empty()) {
                    (Some(Val::Processes(piped)), true) if piped.is_empty() => {
                        argv = ["kill", "-9", "-1"].iter().map(|w| Word::literal(w, span)).collect();
                    }
                    (Some(Val::Processes(piped)), true) => {
                        argv.push(Word::literal("pkill", span));
                        argv.push(Word::literal("-x", span));
                        argv.extend(piped.iter().cloned());
                    }
                    _ if !names.is_empty() => {
                        argv.push(Word::literal("pkill", span));
                        argv.push(Word::literal("-x", span));
                        argv.extend(names);
                    }
                    _ if !ids.is_empty() => {
                        argv.push(Word::literal("kill", span));
                        argv.extend(ids);
                    }
                    _ => return Val::Block,
                }
                self.effect(call, span, Action::Run(argv));
                Val::Block
            }
            "Get-Process" => Val::Processes(words(get("Name"))),
            "Stop-Computer" | "Restart-Computer" => {
                let argv = match cmdlet.name {
                    "Stop-Computer" => vec![Word::literal("shutdown", span), Word::literal("now", span)],
                    _ => vec![Word::literal("reboot", span)],
                };
                self.effect(call, span, Action::Run(argv));
                Val::Block
            }
            "Stop-Service" => {
                for name in words(get("Name")) {
                    let argv = vec![Word::literal("systemctl", span), Word::literal("stop", span), name];
                    self.effect(call, span, Action::Run(argv));
                }
                Val::Block
            }
            "Set-Location" | "Push-Location" => {
                if let Some(path) = paths().into_iter().next() {
                    self.cwd = Some(match &self.cwd {
                        Some(previous) if !is_absolute(&path) => join(previous, &path),
                        _ => path,
                    });
                }
                Val::Block
            }
            "Join-Path" => match (get("Path"), get("ChildPath")) {
                (Some(path), Some(child)) => Val::Text(join(&path.word(span), &child.word(span))),
                _ => Val::Text(opaque("a joined path", span)),
            },
            // What a filter keeps of a listing: some of its items, which only the code knows.
            "Where-Object" => match input {
                Some(Val::Items(items)) => {
                    let folder = match items.value().and_then(|text| text.rfind(['\\', '/'])) {
                        Some(at) => Word::literal(&items.text()[..at], items.span),
                        None => Word::literal(".", items.span),
                    };
                    Val::Items(join(&folder, &opaque("the items Where-Object keeps", span)))
                }
                other => other.unwrap_or(Val::Block),
            },
            "Set-ExecutionPolicy" => {
                let mut argv = vec![Word::literal(call, span)];
                argv.extend(words(get("ExecutionPolicy")));
                argv.push(Word::literal("-Scope", span));
                argv.push(
                    get("Scope")
                        .map(|s| s.word(span))
                        .unwrap_or_else(|| Word::literal("LocalMachine", span)),
                );
                self.effect(call, span, Action::Run(argv));
                Val::Block
            }
            _ => Val::Text(opaque(call, span)),
        }
    }

    /// `Invoke-Expression CODE` (or code piped to it): literal code is read as PowerShell,
    /// fetched code runs unseen, anything else is only known when it runs.
    fn run_code(&mut self, call: &str, code: Option<Val>, span: Span) {
        match code {
            Some(Val::Text(word)) if !word.is_dynamic() => {
                self.effect(call, span, Action::Code(Language::PowerShell, word))
            }
            Some(Val::Fetched(url)) => self.effect(call, span, Action::RunsFetched(url.text().to_owned())),
            Some(Val::FileText(path)) => self.effect(call, span, Action::Script(Language::PowerShell, path)),
            Some(Val::Block) | None => {}
            Some(other) => {
                let word = other.word(span);
                let action = if downloads(word.text()) {
                    Action::RunsFetched(word.text().to_owned())
                } else {
                    Action::Unverifiable(format!("{call} runs code only known when it runs: {}", word.text()))
                };
                self.effect(call, span, action);
            }
        }
    }

    /// A program run by name or path: a script by its language, anything else as a command
    /// judged like one typed in a shell, given what is piped in when it reads code.
    fn native(
        &mut self,
        invocation: Option<&str>,
        name: Word,
        arguments: Vec<Argument<Val>>,
        input: Option<Val>,
        span: Span,
    ) -> Val {
        let text = name.text().to_lowercase();
        if text.ends_with(".ps1") || invocation == Some(".") {
            self.effect(
                &format!("{} {}", invocation.unwrap_or("&"), name.text()),
                span,
                Action::Script(Language::PowerShell, name),
            );
            return Val::Text(opaque("the output of a script", span));
        }
        let program = crate::command::program_name(&name);
        let language = if crate::language::is_shell(&program) {
            Some(Language::Shell)
        } else {
            Language::of_interpreter(&program)
        };
        let reads_code = arguments.is_empty()
            || arguments
                .iter()
                .all(|a| matches!(a, Argument::Value(Val::Text(w)) if w.value() == Some("-")));
        match (language, &input) {
            (Some(_), Some(Val::Fetched(url))) if reads_code => {
                self.effect(name.text(), span, Action::RunsFetched(url.text().to_owned()));
                return Val::Block;
            }
            (Some(language), Some(Val::Text(code))) if reads_code && !code.is_dynamic() => {
                let action = match language {
                    Language::Shell => Action::Shell(code.clone()),
                    language => Action::Code(language, code.clone()),
                };
                self.effect(name.text(), span, action);
                return Val::Block;
            }
            _ => {}
        }
        let mut argv = vec![name];
        argv.extend(plain_words(arguments, span));
        let call = argv[0].text().to_owned();
        self.effect(&call, span, Action::Run(argv));
        Val::Text(opaque("a program's output", span))
    }

    /// A .NET call: file and folder operations, process starts and downloads by what they do.
    fn dotnet(&mut self, node: Node) -> Val {
        let span = self.span(node);
        let children = syntax::named_children(node);
        let Some(member) = children.iter().find(|c| c.kind() == "member_name") else {
            return Val::Text(opaque(&self.shown(node), span));
        };
        let member = self.text(*member).to_lowercase();
        let target = children.first().filter(|c| c.kind() != "member_name").copied();
        let type_name = target.filter(|t| t.kind() == "type_literal").map(|t| {
            self.text(t)
                .trim_matches(['[', ']'])
                .rsplit('.')
                .next()
                .unwrap_or("")
                .to_lowercase()
        });
        let object = match (target, &type_name) {
            (Some(target), None) => Some(self.value(target)),
            _ => None,
        };
        let arguments: Vec<Val> = children
            .iter()
            .find(|c| c.kind() == "argument_list")
            // Its own arguments only: nested calls are read when their argument is valued.
            .map(|list| {
                syntax::named_children(*list)
                    .into_iter()
                    .filter(|n| n.kind() == "argument_expression_list")
                    .flat_map(syntax::named_children)
                    .filter(|n| n.kind() == "argument_expression")
                    .collect::<Vec<_>>()
            })
            .unwrap_or_default()
            .into_iter()
            .map(|argument| self.value(argument))
            .collect();
        let word = |index: usize| arguments.get(index).map(|a| a.word(span));
        let call = format!("{}::{member}", type_name.as_deref().unwrap_or("object"));
        let literal = |text: &str| Word::literal(text, span);
        // `$h.Add(k, v)` puts a value into the hashtable `$h` holds.
        if member == "add"
            && let Some(Val::Table(..)) = object
            && let Some(value) = arguments.last()
            && let Some((name, _)) = target
                .and_then(|t| self.text(t).strip_prefix('$'))
                .and_then(text::variable_name)
            && let Some(Val::Table(_, values)) = self.objects.get_mut(&name.to_lowercase())
        {
            values.push(value.clone());
        }
        let action = match (type_name.as_deref(), member.as_str()) {
            (Some("file"), "delete") => word(0).map(|path| Action::Delete {
                path,
                recursive: false,
                directory: false,
            }),
            (Some("directory"), "delete") => word(0).map(|path| Action::Delete {
                path,
                recursive: arguments
                    .get(1)
                    .is_some_and(|a| a.word(span).value().is_some_and(|v| v.eq_ignore_ascii_case("true"))),
                directory: true,
            }),
            (
                Some("file"),
                "writealltext" | "writealllines" | "writeallbytes" | "appendalltext" | "appendalllines" | "create",
            ) => word(0).map(|path| Action::Write {
                path,
                append: member.starts_with("append"),
                content: word(1).filter(|w| !w.is_dynamic()),
            }),
            (Some("file"), "readalltext" | "readalllines" | "readallbytes" | "openread" | "opentext") => {
                if let Some(path) = word(0) {
                    self.effect(&call, span, Action::Read(path.clone()));
                    return Val::FileText(path);
                }
                None
            }
            (Some("file" | "directory"), "copy" | "move") => match (word(0), word(1)) {
                (Some(from), Some(to)) => {
                    let program = if member == "copy" { "cp" } else { "mv" };
                    Some(Action::Run(vec![literal(program), literal("--"), from, to]))
                }
                _ => None,
            },
            (Some("process"), "start") => word(0).map(|program| {
                let mut argv = vec![program];
                if let Some(line) = word(1) {
                    match line.value() {
                        Some(text) => argv.extend(split_command_line(text).iter().map(|w| literal(w))),
                        None => argv.push(line),
                    }
                }
                Action::Run(argv)
            }),
            (Some("scriptblock"), "create") => {
                self.run_code(&call, arguments.into_iter().next(), span);
                return Val::Block;
            }
            (_, "downloadstring" | "downloaddata" | "getstringasync" | "getasync") => {
                let url = word(0).unwrap_or_else(|| opaque("a URL", span));
                self.request(&call, &url, &Val::Text(url.clone()), false, span);
                return Val::Fetched(url);
            }
            (_, "downloadfile" | "openread" | "getbytearrayasync" | "getstreamasync") => {
                if let Some(url) = word(0) {
                    self.request(&call, &url, &Val::Text(url.clone()), false, span);
                }
                match (word(0), word(1)) {
                    (Some(url), Some(to)) if member == "downloadfile" => Some(Action::Fetch { url, to }),
                    _ => None,
                }
            }
            // `WebClient.UploadString(url, [method,] data)` and its kin, `HttpClient.PostAsync(url,
            // content)`: the last argument is sent, a file by its name for `UploadFile`.
            (
                _,
                "uploadstring"
                | "uploadstringasync"
                | "uploadstringtaskasync"
                | "uploaddata"
                | "uploaddataasync"
                | "uploaddatataskasync"
                | "uploadvalues"
                | "uploadvaluesasync"
                | "uploadvaluestaskasync"
                | "uploadfile"
                | "uploadfileasync"
                | "uploadfiletaskasync"
                | "postasync"
                | "putasync"
                | "patchasync",
            ) if arguments.len() >= 2 => {
                let url = arguments[0].word(span);
                self.request(&call, &url, &Val::Text(url.clone()), false, span);
                let sent = match arguments.last() {
                    Some(file) if member.starts_with("uploadfile") => Val::FileText(file.word(span)),
                    Some(data) => data.clone(),
                    None => Val::Block,
                };
                self.request(&call, &url, &sent, false, span);
                None
            }
            (Some("environment"), "getenvironmentvariables") => {
                return Val::Text(super::environment_data(None, span));
            }
            // `[Environment]::GetEnvironmentVariable('X')` is `$env:X`.
            (Some("environment"), "getenvironmentvariable") => {
                if let Some(name) = word(0).as_ref().and_then(|w| w.value().map(str::to_owned)) {
                    let written = format!("$env:{name}");
                    return Val::Text(self.variables.get(&format!("env:{name}"), &written, span));
                }
                None
            }
            // Text turned into bytes, base64 or request content still holds what it held.
            (_, "getbytes" | "tobase64string") | (Some("stringcontent" | "bytearraycontent"), "new") => {
                if let Some(value) = arguments
                    .first()
                    .filter(|a| !a.secrets().is_empty() || !a.files(false).is_empty())
                {
                    return value.clone();
                }
                None
            }
            (None, "kill") if matches!(object, Some(Val::Processes(_))) => {
                let Some(Val::Processes(names)) = object else {
                    return Val::Block;
                };
                let mut argv = vec![literal("pkill"), literal("-x")];
                if names.is_empty() {
                    argv = vec![literal("kill"), literal("-9"), literal("-1")];
                }
                argv.extend(names);
                Some(Action::Run(argv))
            }
            _ => None,
        };
        if let Some(action) = action {
            self.effect(&call, span, action);
        }
        Val::Text(opaque(&self.shown(node), span))
    }
}

/// Which provider a path reaches: files, the registry, or the session's own drives
/// (`env:`, `variable:`, `function:`, `alias:`), whose changes end with it.
#[derive(PartialEq, Eq)]
enum Provider {
    Files,
    Registry,
    Session,
}

fn provider(path: &Word) -> Provider {
    let lower = path.text().to_lowercase();
    let lower = lower.strip_prefix("microsoft.powershell.core\\").unwrap_or(&lower);
    if ["hklm:", "hkcu:", "hkcr:", "hku:", "hkcc:", "registry::"]
        .iter()
        .any(|drive| lower.starts_with(drive))
    {
        return Provider::Registry;
    }
    if ["env:", "variable:", "function:", "alias:", "cert:", "wsman:"]
        .iter()
        .any(|drive| lower.starts_with(drive))
    {
        return Provider::Session;
    }
    Provider::Files
}

/// Copies `range` of `original`, each character PowerShell's tokenizer reads as another written
/// as that one: dashes (U+2013, U+2014, U+2015) as `-`, curly quotes as straight ones, no-break
/// and other separator spaces as a space. `Remove-Item –Recurse “C:\x”` is `-Recurse "C:\x"`.
fn push_normalized(builder: &mut crate::source::SourceBuilder, original: &Source, range: std::ops::Range<usize>) {
    let text = &original.text()[range.clone()];
    let mut run = range.start;
    for (offset, c) in text.char_indices() {
        let plain = match c {
            '\u{2013}' | '\u{2014}' | '\u{2015}' => "-",
            '\u{2018}' | '\u{2019}' | '\u{201a}' | '\u{201b}' => "'",
            '\u{201c}' | '\u{201d}' | '\u{201e}' => "\"",
            '\u{a0}'
            | '\u{85}'
            | '\u{1680}'
            | '\u{2000}'..='\u{200a}'
            | '\u{2028}'
            | '\u{2029}'
            | '\u{202f}'
            | '\u{205f}'
            | '\u{3000}' => " ",
            _ => continue,
        };
        let at = range.start + offset;
        builder.push_mapped(original, run..at);
        builder.push_from(plain, original.span(at..at + c.len_utf8()));
        run = at + c.len_utf8();
    }
    builder.push_mapped(original, run..range.end);
}

/// Whether an argument is a variable followed by a path (`$HOME\.ssh`, `${env:TEMP}/x`).
fn variable_then_path(written: &str) -> bool {
    written
        .strip_prefix('$')
        .and_then(|rest| text::variable_name(rest).map(|(_, length)| &rest[length..]))
        .is_some_and(|after| after.starts_with(['\\', '/']))
}

/// Whether `name` has the shape of a cmdlet (`Verb-Noun`), which no program on disk has.
fn looks_like_cmdlet(name: &str) -> bool {
    let Some((verb, noun)) = name.split_once('-') else {
        return false;
    };
    verb.len() > 1
        && verb.chars().all(|c| c.is_ascii_alphabetic())
        && verb.starts_with(|c: char| c.is_ascii_uppercase())
        && !noun.is_empty()
        && noun.chars().all(|c| c.is_ascii_alphanumeric())
        && noun.starts_with(|c: char| c.is_ascii_uppercase())
}

/// Whether text that becomes code names a download (`(New-Object Net.WebClient)
/// .DownloadString(…)`, `iwr …`).
fn downloads(text: &str) -> bool {
    let lower = text.to_lowercase();
    [
        "downloadstring",
        "downloaddata",
        "invoke-webrequest",
        "invoke-restmethod",
        "iwr ",
        "irm ",
        "net.webclient",
        "httpclient",
        "http://",
        "https://",
    ]
    .iter()
    .any(|needle| lower.contains(needle))
}

/// Arguments given to a program: parameters as written, values as words.
fn plain_words(arguments: Vec<Argument<Val>>, span: Span) -> Vec<Word> {
    let mut words = Vec::new();
    for argument in arguments {
        match argument {
            Argument::Parameter { name, dashes, attached } => {
                let written = Word::literal(&format!("{dashes}{name}"), span);
                match attached {
                    Some(value) => {
                        let value = value.word(span);
                        words.push(super::concat([Word::literal(&format!("{dashes}{name}:"), span), value]));
                    }
                    None => words.push(written),
                }
            }
            Argument::Value(value) => words.extend(value.words(span)),
        }
    }
    words
}

fn is_absolute(path: &Word) -> bool {
    let text = path.text();
    text.starts_with(['/', '\\', '~']) || text::windows_drive(text).is_some()
}

/// `child` under `folder`, with the separator the folder uses.
fn join(folder: &Word, child: &Word) -> Word {
    if is_absolute(child) && !child.text().starts_with(['\\', '/']) {
        return child.clone();
    }
    let separator = if folder.text().contains('/') && !folder.text().contains('\\') {
        "/"
    } else {
        "\\"
    };
    let glue = if folder.text().ends_with(['\\', '/']) || child.text().starts_with(['\\', '/']) {
        ""
    } else {
        separator
    };
    super::concat([folder.clone(), Word::literal(glue, folder.span), child.clone()])
}

/// `name` beside `path`, in the same folder (`Rename-Item`).
fn sibling(path: &Word, name: &Word) -> Word {
    match path.value().and_then(|p| p.rfind(['\\', '/'])) {
        Some(at) => join(&Word::literal(&path.text()[..at], path.span), name),
        None => name.clone(),
    }
}

/// The arguments of a Windows command line (`'/c rd /s /q C:\x'`): split at blanks outside
/// double quotes, the quotes removed.
pub fn split_command_line(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut current = String::new();
    let mut quoted = false;
    let mut started = false;
    for c in line.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                started = true;
            }
            c if c.is_whitespace() && !quoted => {
                if started {
                    words.push(std::mem::take(&mut current));
                    started = false;
                }
            }
            c => {
                current.push(c);
                started = true;
            }
        }
    }
    if started {
        words.push(current);
    }
    words
}

/// The length of `$( … )` at the start of `text`, through its closing parenthesis.
fn closing_paren(text: &str) -> Option<usize> {
    let mut depth = 0usize;
    for (offset, c) in text.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(offset + 1);
                }
            }
            _ => {}
        }
    }
    None
}
