//! Entry points for the fuzz targets (`fuzz/`) and the smoke test (`tests/fuzz_smoke.rs`): the
//! hook, the analyzer, the interpreter readers and the word decoder, each called on arbitrary
//! input without a process, standard input or the machine's environment around it; and where
//! bash stops reading a script (`refusal`), for `tests/refusal_matches_bash.rs`.

use crate::command::Output;
use crate::context::Context;
use crate::hook::{self, Environment};
use crate::interpreters::{self, Arguments, Env};
use crate::language::Language;
use crate::parse::{self, Allowance};
use crate::source::Source;
use crate::verdict::Verdict;
use crate::walk::decode::{Decoder, Scope};
use crate::word::{Word, decode_ansi_c};
use std::cell::Cell;
use std::time::{Duration, Instant};
use tree_sitter::Node;

pub use crate::hook::Answer;

/// The rule of a denial for a failure inside the guard: every occurrence is a bug.
pub const INTERNAL_ERROR: &str = "internal-error";

/// The allowance of one interpreter read or one word-decoding parse: as many parser steps as
/// the analysis allows a command, and the analysis's backstop clock.
const PARSE_STEPS: u64 = crate::walk::budget::MAX_PARSE_STEPS;
const TIME_LIMIT: Duration = crate::analyze::TIME_LIMIT;

/// The home directory of the fixed surroundings, as in [`Context::example`].
const HOME: &str = "/home/user";

/// The answer `safety-net hook` gives to `payload` (no `--agent` flag), in fixed surroundings:
/// home `/home/user`, project `/home/user/work/project`, no plugin.
pub fn hook_answer(payload: &[u8]) -> Answer {
    hook::answer(payload.to_vec(), None, &fixed_environment())
}

fn fixed_environment() -> Environment {
    Environment {
        home: Some(HOME.to_owned()),
        project_dir: Some(format!("{HOME}/work/project")),
        temp_variables: vec![("TMPDIR".to_owned(), "/tmp".to_owned())],
        plugin_root: None,
        current_dir: Some(format!("{HOME}/work/project")),
        guard_binary: Some("/usr/local/bin/safety-net".to_owned()),
        path: Some("/usr/local/bin:/usr/bin:/bin".to_owned()),
        shell: Some("/bin/bash".to_owned()),
        set_variables: None,
        // No configuration file is read: fuzzing judges the built-in policy.
        config_home: Some("/nonexistent/safety-net-fuzzing".to_owned()),
        mode_variable: None,
        // Nothing is logged or approved.
        state_home: None,
    }
}

/// The reasons an answer gives, without the `safety-net: ` prefix: standard error's text and
/// every JSON string on standard output that starts with that prefix.
pub fn answer_reasons(answer: &Answer) -> Vec<String> {
    const PREFIX: &str = "safety-net: ";
    let mut reasons = Vec::new();
    if let Some(reason) = answer
        .stderr
        .strip_suffix('\n')
        .unwrap_or(&answer.stderr)
        .strip_prefix(PREFIX)
    {
        reasons.push(reason.to_owned());
    }
    let mut pending: Vec<serde_json::Value> = serde_json::from_str(&answer.stdout).into_iter().collect();
    while let Some(value) = pending.pop() {
        match value {
            serde_json::Value::String(text) => {
                if let Some(reason) = text.strip_prefix(PREFIX) {
                    reasons.push(reason.to_owned());
                }
            }
            serde_json::Value::Object(fields) => pending.extend(fields.into_iter().map(|(_, value)| value)),
            serde_json::Value::Array(items) => pending.extend(items),
            _ => {}
        }
    }
    reasons
}

/// Whether the answer denies because the guard failed inside.
pub fn answer_is_internal_error(answer: &Answer) -> bool {
    answer_reasons(answer)
        .iter()
        .any(|reason| reason.starts_with(&format!("{INTERNAL_ERROR}:")))
}

/// The verdict on `text` as a shell command, in [`Context::example`].
pub fn analyze_text(text: &str) -> Verdict {
    crate::analyze(text, &Context::example())
}

/// Whether any finding of the verdict is a failure inside the analyzer (a panic it caught).
pub fn verdict_is_internal_error(verdict: &Verdict) -> bool {
    verdict.findings.iter().any(|finding| finding.rule.id == INTERNAL_ERROR)
}

/// Where bash stops reading a script, as `refusal` finds it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScriptRefusal {
    /// Byte offset of the refused unit: nothing from here on runs.
    pub unit_start: usize,
    /// Byte offset of the token bash stops at.
    pub at: usize,
    pub description: String,
}

/// Where bash stops reading `text` as a script; `None` when it reads it all, or when the reader
/// is not sure.
pub fn script_refusal(text: &str) -> Option<ScriptRefusal> {
    crate::refusal::refusal(text).map(|refusal| ScriptRefusal {
        unit_start: refusal.unit_start,
        at: refusal.at,
        description: refusal.describe(text, "bash"),
    })
}

/// The languages whose code the interpreter readers parse themselves; the others are read by
/// patterns only.
pub const INTERPRETED_LANGUAGES: [&str; 9] = [
    "python",
    "javascript",
    "ruby",
    "perl",
    "php",
    "lua",
    "awk",
    "powershell",
    "cmd",
];

/// The calls found in `code` of the language `pick` names: the digits `0` to `8` pick
/// [`INTERPRETED_LANGUAGES`] in order, any other byte one of them too. Each call as
/// `call: action`; `None` when the parse used up its allowance. A panic is not caught.
pub fn interpreter_effects(pick: u8, code: &str) -> Option<Vec<String>> {
    let language = match pick.wrapping_sub(b'0') as usize % INTERPRETED_LANGUAGES.len() {
        0 => Language::Python,
        1 => Language::JavaScript,
        2 => Language::Ruby,
        3 => Language::Perl,
        4 => Language::Php,
        5 => Language::Lua,
        6 => Language::Awk,
        7 => Language::PowerShell,
        _ => Language::Cmd,
    };
    let arguments = Arguments {
        script: None,
        args: vec![Word::literal("first argument", Default::default())],
    };
    let env = Env {
        home: HOME,
        arguments: &arguments,
    };
    let steps = Cell::new(PARSE_STEPS);
    let allowance = Allowance::new(&steps, Instant::now() + TIME_LIMIT);
    let effects = interpreters::effects(language, &Source::original(code), &env, allowance).ok()?;
    Some(
        effects
            .into_iter()
            .map(|effect| format!("{}: {:?}", effect.call, effect.action))
            .collect(),
    )
}

/// Every word of `text` decoded as bash would see it, with its fields after brace expansion and
/// splitting, and `text` itself read as the inside of a `$'…'` string. Variables other than
/// `HOME`, `v` (`a b*c`) and the array `list` are unknown; substitutions print something unknown.
/// A panic is not caught.
pub fn decoded_words(text: &str) -> Vec<String> {
    let mut decoded = vec![decode_ansi_c(text)];
    let steps = Cell::new(PARSE_STEPS);
    let allowance = Allowance::new(&steps, Instant::now() + TIME_LIMIT);
    let Ok(parsed) = parse::parse(Source::original(text), allowance) else {
        return decoded;
    };
    let mut scope = FixedScope;
    let mut pending = vec![parsed.tree.root_node()];
    while let Some(node) = pending.pop() {
        if WORD_KINDS.contains(&node.kind()) {
            let word = Decoder::new(&parsed.source, &mut scope).word(&[node]);
            decoded.push(word.text().to_owned());
            decoded.extend(word.pattern());
            decoded.extend(word.into_fields().iter().map(|field| field.text().to_owned()));
        }
        let mut cursor = node.walk();
        pending.extend(node.children(&mut cursor));
    }
    decoded
}

/// The node kinds of tree-sitter-bash that are one shell word, or a part of one.
const WORD_KINDS: [&str; 11] = [
    "word",
    "string",
    "raw_string",
    "ansi_c_string",
    "translated_string",
    "concatenation",
    "simple_expansion",
    "expansion",
    "number",
    "command_substitution",
    "process_substitution",
];

/// Surroundings that know a few variables and run nothing.
struct FixedScope;

impl Scope for FixedScope {
    fn variable(&mut self, name: &str) -> Option<Word> {
        match name {
            "HOME" => Some(Word::literal(HOME, Default::default())),
            "v" => Some(Word::literal("a b*c", Default::default())),
            _ => None,
        }
    }

    fn reference(&mut self, _name: &str) -> Option<Option<String>> {
        None
    }

    fn array(&mut self, name: &str) -> Option<Vec<Word>> {
        (name == "list").then(|| {
            ["x", "y z"]
                .iter()
                .map(|item| Word::literal(item, Default::default()))
                .collect()
        })
    }

    fn substitution(&mut self, _node: Node, _source: &Source) -> Output {
        Output::Unknown
    }

    fn hidden_substitution(&mut self, _range: std::ops::Range<usize>, _source: &Source) -> Output {
        Output::Unknown
    }

    fn arithmetic(&mut self, _node: Node, _source: &Source) {}

    fn evaluate_name(&mut self, _name: &Word) {}

    fn expand_again(&mut self, _value: &Word) {}

    fn arithmetic_names(&mut self, _names: Vec<String>) {}
}
