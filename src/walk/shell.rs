//! The shell's state as the walk goes (working directory, variables, arrays, functions,
//! positional parameters) and the builtins that change it: assignments, `declare`, `unset`,
//! `for`, `cd`, `read`, `mapfile`, `printf -v`, `set --`.

use super::expansion::is_name;
use super::redirect::{Redirections, anonymous_token};
use super::{Cursor, Flow, Walker};
use crate::args::{self, Options};
use crate::command::{Command, CommandId, Definition, DefinitionKind, Export, Input, LayerId, Output};
use crate::context::Context;
use crate::links::{self, Last};
use crate::paths::{self, AbsPath, Cwd, Target};
use crate::producers;
use crate::source::{Source, Span};
use crate::word::{DEFAULT_IFS, Part, Quoting, Word};
use std::cell::Cell;
use std::collections::HashMap;
use std::rc::Rc;
use tree_sitter::Node;

/// How many name references bash follows from one name (`r1` → `r2` → `x`).
const MOST_REFERENCE_HOPS: usize = 8;

/// How many values of a `for` loop are walked one by one.
const MOST_LOOP_VALUES: usize = 24;

/// The state of the shell as the walk goes: what `cd`, assignments and definitions changed.
#[derive(Clone)]
pub(super) struct Shell {
    pub(super) cwd: Cwd,
    pub(super) variables: HashMap<String, Word>,
    /// Arrays set by literal assignments (`a=(rm -rf /)`).
    pub(super) arrays: HashMap<String, Vec<Word>>,
    /// Shared until changed: subshells and substitutions clone the shell often, and a sourced
    /// script can define hundreds of functions.
    pub(super) functions: Rc<HashMap<String, Rc<Function>>>,
    /// Functions being called, innermost last.
    pub(super) calling: Vec<String>,
    /// `$0`, `$1`, … when known (inside `bash -c '…' a b`, or a function call).
    pub(super) positional: Rc<Vec<Word>>,
    /// What descriptors other than standard input read, as `exec 3<<<'text'` bound them.
    pub(super) descriptors: Vec<(u32, Input)>,
    /// The working folder before the last `cd` (`$OLDPWD`, where `cd -` goes).
    pub(super) previous_cwd: Option<Cwd>,
    /// After `set -P` (`set -o physical`), `cd` goes where links lead.
    pub(super) physical_cd: bool,
    /// `hash -p PATH NAME`: the program a later `NAME` runs.
    pub(super) hashed: HashMap<String, Word>,
    /// The names `alias` defined: bash reads a later line starting with one with the alias's
    /// text in its place, which can turn a line it would refuse into one it runs.
    pub(super) aliases: Vec<String>,
    /// Variables declared integer (`declare -i n`): bash evaluates every value given them as
    /// arithmetic; and those declared associative (`declare -A m`), whose keys it does not.
    pub(super) integers: Vec<String>,
    pub(super) associative: Vec<String>,
    /// The other folders the shell may be in: where it stayed when a `cd` that can fail did.
    /// What follows is judged in each of them too (`cd build; rm -rf *` runs `rm` in the folder
    /// before when `build` is missing).
    pub(super) other_cwds: Vec<OtherCwd>,
    /// Where the shell is if the `cd` just run failed, until the list or the sequence around it
    /// tells whether what follows runs there (`cd x && …`, `cd x || exit`, `cd x; …`).
    pub(super) failed_cd: Option<FailedCd>,
    /// The layer whose code ran `set -e`: there a failed `cd` ends the shell.
    pub(super) errexit: Option<LayerId>,
    /// The names `export`, `declare -x` or `set -a` exported: later commands get them.
    pub(super) exported: Vec<String>,
    /// After `set -a` (`set -o allexport`), every variable assigned is exported.
    pub(super) allexport: bool,
    /// After `set -k` (`set -o keyword`), every word of a command that reads as an assignment
    /// is one, wherever it stands (`git log GIT_PAGER=…` sets git's environment).
    pub(super) keyword_assignments: bool,
    /// Name references (`declare -n r=x`): the variable each name stands for; empty before
    /// its first assignment names one, `None` when that name is only known when it runs.
    pub(super) references: HashMap<String, Option<String>>,
}

/// Where the shell is: its working folder, the one before (`cd -`), and the others it may be in.
#[derive(Clone)]
pub(super) struct Whereabouts {
    pub(super) cwd: Cwd,
    pub(super) previous_cwd: Option<Cwd>,
    pub(super) others: Vec<OtherCwd>,
}

/// A folder the shell may be in after a `cd` that can fail.
#[derive(Clone, PartialEq)]
pub(super) struct OtherCwd {
    pub(super) cwd: Cwd,
    /// The `cd` whose failure leaves the shell there, as written.
    pub(super) cd: String,
}

/// A `cd` that can fail, and where the shell stays when it does.
#[derive(Clone)]
pub(super) struct FailedCd {
    pub(super) before: Whereabouts,
    pub(super) cd: String,
}

/// How many other folders the shell is followed in; past them, one more is unknown.
const MOST_OTHER_CWDS: usize = 4;

/// A shell function the command defined.
pub(super) struct Function {
    pub(super) body: Source,
    /// The layer it was defined in.
    pub(super) layer: LayerId,
    pub(super) called: Cell<bool>,
    /// The script on disk that defined it, if one did: its body is that script's code.
    pub(super) file: Option<String>,
}

impl Shell {
    pub(super) fn new(context: &Context) -> Shell {
        Shell {
            cwd: Cwd::Known(context.cwd.clone()),
            variables: HashMap::new(),
            arrays: HashMap::new(),
            functions: Rc::new(HashMap::new()),
            calling: Vec::new(),
            positional: Rc::new(Vec::new()),
            descriptors: Vec::new(),
            previous_cwd: None,
            physical_cd: false,
            hashed: HashMap::new(),
            aliases: Vec::new(),
            integers: Vec::new(),
            associative: Vec::new(),
            other_cwds: Vec::new(),
            failed_cd: None,
            // The command's own code is the first layer.
            errexit: context.stops_at_failure.then_some(0),
            exported: Vec::new(),
            allexport: false,
            keyword_assignments: false,
            references: HashMap::new(),
        }
    }

    /// The variable `name` stands for: the one its name reference points at, followed to the
    /// end (`declare -n r=x; r=1` sets `x`); `None` when that is only known when it runs.
    pub(super) fn referenced<'a>(&'a self, name: &'a str) -> Option<&'a str> {
        let mut current = name;
        for _ in 0..MOST_REFERENCE_HOPS {
            match self.references.get(current) {
                None => return Some(current),
                Some(None) => return None,
                Some(Some(target)) if target.is_empty() => return Some(current),
                Some(Some(target)) => current = target,
            }
        }
        None
    }

    /// The exported variables whose values are known, as a command started now inherits them.
    /// One only known when it runs (`export PAGER="${PAGER:-less}"`) is the environment's own,
    /// as far as the walk can tell: it would make every later command unverifiable.
    pub(super) fn exported_environment(&self) -> Vec<(String, Word)> {
        self.exported
            .iter()
            .filter_map(|name| {
                let value = self.variables.get(name).filter(|value| value.value().is_some())?;
                Some((name.clone(), value.clone()))
            })
            .collect()
    }

    /// Marks `name` exported (`export name`), or no longer (`export -n name`).
    fn mark_exported(&mut self, name: &str, exported: bool) {
        let Some(name) = self.referenced(name).map(str::to_owned) else {
            return;
        };
        let name = name.as_str();
        self.exported.retain(|other| other != name);
        if exported {
            self.exported.push(name.to_owned());
        }
    }

    pub(super) fn whereabouts(&self) -> Whereabouts {
        Whereabouts {
            cwd: self.cwd.clone(),
            previous_cwd: self.previous_cwd.clone(),
            others: self.other_cwds.clone(),
        }
    }

    /// Puts the shell back where `whereabouts` says.
    pub(super) fn go_to(&mut self, whereabouts: Whereabouts) {
        self.cwd = whereabouts.cwd;
        self.previous_cwd = whereabouts.previous_cwd;
        self.other_cwds = whereabouts.others;
    }

    /// What follows a `cd` that may have failed runs in the folder before it too.
    pub(super) fn may_have_failed(&mut self, failed: FailedCd) {
        let stayed = OtherCwd {
            cwd: failed.before.cwd,
            cd: failed.cd,
        };
        self.may_also_be_in(std::iter::once(stayed).chain(failed.before.others));
    }

    /// Adds folders the shell may be in, past the most followed as one unknown folder.
    pub(super) fn may_also_be_in(&mut self, others: impl IntoIterator<Item = OtherCwd>) {
        for other in others {
            if other.cwd == self.cwd || self.other_cwds.iter().any(|known| known.cwd == other.cwd) {
                continue;
            }
            if self.other_cwds.len() < MOST_OTHER_CWDS {
                self.other_cwds.push(other);
                continue;
            }
            let unknown = Cwd::Unknown("after more `cd`s that may fail than the analysis follows".into());
            if !self.other_cwds.iter().any(|known| known.cwd == unknown) {
                self.other_cwds.push(OtherCwd {
                    cwd: unknown,
                    cd: other.cd,
                });
            }
        }
    }

    /// The value `name` has for `command`: its own assignment (`PATH=./bin cmd`), else the
    /// shell's variable, when set in the command.
    pub(super) fn value_for<'a>(&'a self, command: &'a crate::command::Command, name: &str) -> Option<&'a Word> {
        command
            .assignments
            .iter()
            .rev()
            .find(|(variable, _)| variable == name)
            .map(|(_, value)| value)
            .or_else(|| self.variables.get(name))
    }

    /// What a command reads on standard input when it redirects none: what its statement passes
    /// on (a pipe), else what an earlier `exec <file` bound for the rest of the shell.
    pub(super) fn inherited_stdin(&self, passed: &Input) -> Input {
        match (passed, self.descriptors.iter().rev().find(|(fd, _)| *fd == 0)) {
            (Input::Inherited, Some((_, bound))) => bound.clone(),
            _ => passed.clone(),
        }
    }

    /// The value of a variable, `$HOME`, `$PWD`, a temp folder variable (`$TMPDIR`: its value
    /// in the environment, empty when not set) or a positional parameter, if known.
    pub(super) fn variable(&self, name: &str, context: &Context) -> Option<Word> {
        let name = self.referenced(name)?;
        if let Some(value) = self.variables.get(name) {
            return Some(value.clone());
        }
        let span = Span::default();
        if let Some(value) = context.temp_variable(name) {
            return Some(Word::literal(value, span));
        }
        match name {
            "HOME" => Some(Word::literal(context.home.as_str(), span)),
            // Windows sets these for every process, Git Bash's and MSYS's shells too: folders in
            // the user's profile (the Startup folder is below `APPDATA`).
            "APPDATA" | "LOCALAPPDATA" if !(context.unset_variables_empty && context.is_unset(name)) => {
                let folder = match name {
                    "APPDATA" => context.home.join("AppData/Roaming"),
                    _ => context.home.join("AppData/Local"),
                };
                Some(Word::literal(folder.as_str(), span))
            }
            // The account the home folder is named for (`/home/$USER/.ssh`).
            "USER" | "LOGNAME" => context.account_name().map(|name| Word::literal(name, span)),
            "PWD" => match &self.cwd {
                Cwd::Known(dir) => Some(Word::literal(dir.as_str(), span)),
                Cwd::Unknown(_) => None,
            },
            "@" | "*" if self.positional.len() > 1 => {
                let mut parts = Vec::new();
                for (index, word) in self.positional[1..].iter().enumerate() {
                    if index > 0 {
                        parts.push(Part::Literal {
                            text: " ".into(),
                            quoting: crate::word::Quoting::Expanded,
                            span,
                        });
                    }
                    parts.extend(word.parts.iter().cloned());
                }
                Some(Word::from_parts(parts, span))
            }
            _ => name
                .parse::<usize>()
                .ok()
                .and_then(|index| self.positional.get(index).cloned())
                .or_else(|| (context.unset_variables_empty && context.is_unset(name)).then(|| Word::literal("", span))),
        }
    }
}

impl Walker<'_> {
    /// `name=value`, `name+=value`, `name=(…)`: what the shell then holds. Returns the value
    /// as decoded (the first element of an array's list).
    pub(super) fn assign(&mut self, node: Node, at: &mut Cursor) -> Option<Word> {
        let Some(name_node) = node.child_by_field_name("name") else {
            self.sequence(node, at, &Flow::new());
            return None;
        };
        let name = at.source.text()[name_node.byte_range()].to_owned();
        if name_node.kind() == "subscript" {
            self.walk_subscript(name_node, at);
        }
        let appends = anonymous_token(node).is_some_and(|token| token == "+=");
        let value = node.child_by_field_name("value");
        let mut elements = None;
        let array_name = name.split('[').next().unwrap_or(&name).to_owned();
        let decoded = match value {
            Some(value) if value.kind() == "array" => {
                let mut cursor = value.walk();
                let nodes: Vec<Node> = value.named_children(&mut cursor).collect();
                let grouped = self.words_grouped(&nodes, at, &Input::Inherited);
                if !at.shell.associative.contains(&array_name) {
                    self.evaluate_indices(&grouped, at);
                }
                let words = placed_elements(grouped);
                let first = words.as_ref().and_then(|words| words.first().cloned());
                elements = words;
                first.or_else(|| Some(Word::literal("", at.source.span(value.byte_range()))))
            }
            Some(value) => {
                let word = self.words(&[value], at).pop().map(Word::single_field);
                if at.shell.integers.contains(&array_name)
                    && let Some(word) = &word
                {
                    self.evaluate_text(word, "integer variable's value", at);
                }
                word
            }
            None => Some(Word::literal("", at.source.span(node.byte_range()))),
        };
        // Through a name reference, the variable it points at is assigned; the first value of
        // one declared without a target names it instead (`declare -n r; r=HOME`).
        let name = match at.shell.references.get(&name) {
            Some(Some(target)) if target.is_empty() && name_node.kind() == "variable_name" => {
                let target = decoded.as_ref().and_then(Word::value).filter(|t| is_name(t));
                at.shell.references.insert(name, target.map(str::to_owned));
                return decoded;
            }
            Some(_) => match at.shell.referenced(&name) {
                Some(target) => target.to_owned(),
                None => return decoded,
            },
            None => name,
        };
        let context = self.context;
        let appends_to_unset = appends && context.is_unset(&name);
        self.analysis.uses_unset_variables |= appends_to_unset;
        let shell = &mut *at.shell;
        let known_elements = match (appends, elements, shell.arrays.get(&name)) {
            (false, Some(elements), _) => Some(elements),
            (true, Some(added), Some(before)) => Some([before.clone(), added].concat()),
            // `a+=(…)` on a plain variable makes its value the first element, on one that is
            // not set (arrays never come from the environment) the list is all there is.
            (true, Some(added), None) => match shell.variables.get(&name) {
                Some(value) => Some([vec![value.clone()], added].concat()),
                None if appends_to_unset && context.unset_variables_empty => Some(added),
                None => None,
            },
            _ => None,
        };
        // `a[1]=x` changes the array `a`.
        let array = name.split('[').next().unwrap_or(&name).to_owned();
        match known_elements {
            Some(elements) if name_node.kind() == "variable_name" => {
                shell.arrays.insert(array, elements);
            }
            _ => {
                shell.arrays.remove(&array);
            }
        }
        self.analysis.definitions.push(Definition {
            kind: DefinitionKind::Variable,
            name: name.clone(),
            value: decoded.clone(),
            span: at.source.span(node.byte_range()),
            from_disk: !self.reading_disk.is_empty(),
        });
        if name_node.kind() == "variable_name" {
            self.exported_when_assigned(&name, shell);
        }
        // `PAGER+='; x'` adds to a text whose both parts are known (not a number's sum, not
        // an array's element).
        let span = at.source.span(node.byte_range());
        let appended = |before: &Word| {
            let (before, added) = (before.value()?, decoded.as_ref()?.value()?);
            let plain_text = value.is_some_and(|value| value.kind() != "array") && !shell.integers.contains(&name);
            plain_text.then(|| Word::literal(&format!("{before}{added}"), span))
        };
        if name_node.kind() == "variable_name"
            && appends
            && let Some(joined) = shell.variables.get(&name).and_then(appended)
        {
            shell.variables.insert(name, joined);
            return decoded;
        }
        if name_node.kind() != "variable_name" || appends {
            shell.variables.remove(&name);
            return decoded;
        }
        match &decoded {
            Some(word) => {
                shell.variables.insert(name, word.clone());
            }
            None => {
                shell.variables.remove(&name);
            }
        }
        decoded
    }

    /// After `name` is assigned (by `=`, `read`, `printf -v` or `for`): a variable the
    /// environment gave the shell stays exported, and after `set -a` every one is.
    fn exported_when_assigned(&self, name: &str, shell: &mut Shell) {
        let in_environment = match &self.context.set_variables {
            Some(set) => set.contains(name),
            // Not known: environment variables are named in capitals by convention.
            None => name
                .bytes()
                .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_'),
        };
        if shell.allexport || in_environment {
            shell.mark_exported(name, true);
        }
    }

    /// `declare`, `local`, `export`…: their assignments, and the words they decode. The names
    /// they are given, and the targets of a `-n` name reference, have their subscripts evaluated.
    pub(super) fn declaration(&mut self, node: Node, at: &mut Cursor) {
        let mut cursor = node.walk();
        let children: Vec<Node> = node.named_children(&mut cursor).collect();
        self.lines_joined(&children, at.source);
        let text = at.source.text();
        let reference = children.iter().any(|child| {
            let word = &text[child.byte_range()];
            child.kind() == "word" && word.starts_with('-') && word[1..].contains('n')
        });
        let flagged = |flag: char| {
            children.iter().any(|child| {
                let word = &text[child.byte_range()];
                child.kind() == "word" && word.starts_with('-') && word[1..].contains(flag)
            })
        };
        let (integer, associative) = (flagged('i'), flagged('A'));
        let array_attribute = flagged('a') || associative;
        for child in &children {
            let named = match child.kind() {
                "variable_assignment" => child.child_by_field_name("name"),
                "variable_name" | "word" => Some(*child),
                _ => None,
            };
            let Some(named) = named.map(|n| text[n.byte_range()].to_owned()) else {
                continue;
            };
            if named.starts_with('-') {
                continue;
            }
            if integer && !at.shell.integers.contains(&named) {
                at.shell.integers.push(named.clone());
            }
            if associative && !at.shell.associative.contains(&named) {
                at.shell.associative.push(named);
            }
        }
        // `declare -n r=x`, `local -n`, `typeset -n`: `r` is a name reference (`export -n` is
        // not one).
        let first = node.child(0).map(|first| first.kind());
        let references = reference && matches!(first, Some("declare" | "typeset" | "local"));
        // Whether the names are exported (`export`, `declare -x`) or no longer (`export -n`,
        // `declare +x`).
        let unexports = children.iter().any(|child| {
            let word = &text[child.byte_range()];
            child.kind() == "word" && word.starts_with('+') && word[1..].contains('x')
        });
        let exports = match first {
            Some("export") => Some(!flagged('n')),
            Some("declare" | "typeset" | "local") if flagged('x') => Some(true),
            Some("declare" | "typeset" | "local") if unexports => Some(false),
            _ => None,
        };
        for child in children {
            match child.kind() {
                "variable_assignment" => {
                    let name = child.child_by_field_name("name").map(|name| &text[name.byte_range()]);
                    if let Some(name) = name.filter(|_| references) {
                        at.shell.references.remove(name);
                    }
                    let is_array = array_attribute
                        || name.is_some_and(|name| {
                            at.shell.arrays.contains_key(name) || at.shell.associative.iter().any(|a| a == name)
                        });
                    let value = self.assign(child, at);
                    if is_array {
                        self.array_list_given_as_text(child, value, at);
                    }
                    if let Some(exported) = exports
                        && let Some(name) = name
                    {
                        let span = at.source.span(child.byte_range());
                        self.declare_exported(name, exported, span, at.shell);
                    }
                    if let Some(name) = name.filter(|_| references) {
                        // The subscript of the name it points at is evaluated.
                        let target = at.shell.variables.remove(name);
                        if let Some(target) = &target {
                            self.evaluate_name(target, false, at);
                        }
                        let target = target.as_ref().and_then(Word::value).map(str::to_owned);
                        at.shell.references.insert(name.to_owned(), target);
                    }
                }
                _ => {
                    for word in self.words(&[child], at) {
                        if !word.text().starts_with(['-', '+']) {
                            self.evaluate_name(&word, false, at);
                            // `declare -n r`: a reference to the variable its value names, or
                            // to the one its first assignment will.
                            if let Some(name) = word.value().filter(|name| references && is_name(name)) {
                                let target = at.shell.variables.remove(name);
                                let target = target.as_ref().map_or(Some(""), Word::value).map(str::to_owned);
                                at.shell.references.insert(name.to_owned(), target);
                            }
                            if exports.is_some() {
                                let span = at.source.span(child.byte_range());
                                self.declared_word(&word, exports, span, at.shell);
                            }
                        }
                    }
                }
            }
        }
    }

    /// `declare -a NAME='(…)'`, or the name of an array declared again: bash reads a value that
    /// is text in parentheses as the array's list. The declaration is walked as the command it
    /// is, with the array attribute, and the registry reads the list as code
    /// (`registry::shells`), so that its substitutions are walked and its elements kept.
    fn array_list_given_as_text(&mut self, assignment: Node, value: Option<Word>, at: &mut Cursor) {
        let (Some(name), Some(value)) = (assignment.child_by_field_name("name"), value) else {
            return;
        };
        let written_as_list = assignment
            .child_by_field_name("value")
            .is_some_and(|value| value.kind() == "array");
        if name.kind() != "variable_name" || written_as_list {
            return;
        }
        let keyword = assignment.parent().and_then(|declaration| declaration.child(0));
        let keyword = keyword.map_or("declare", |keyword| keyword.kind());
        let span = at.source.span(assignment.byte_range());
        let operator = anonymous_token(assignment).unwrap_or_else(|| "=".to_owned());
        let mut parts = vec![Part::Literal {
            text: format!("{}{operator}", &at.source.text()[name.byte_range()]),
            quoting: Quoting::Quoted,
            span,
        }];
        parts.extend(value.into_parts());
        let argv = vec![
            Word::literal(keyword, span),
            Word::literal("-a", span),
            Word::from_parts(parts, span),
        ];
        let stdin = at.shell.inherited_stdin(&Input::Inherited);
        let id = self.push_command(Command::new(argv, at.shell.cwd.clone(), stdin, span), at.layer);
        self.follow_runs(id, at);
    }

    /// Exports the variable `name` to later commands, or no longer, as the declaration at
    /// `span` says; an exported value is recorded for the checkers that judge what it does.
    fn declare_exported(&mut self, name: &str, exported: bool, span: Span, shell: &mut Shell) {
        shell.mark_exported(name, exported);
        let value = shell.referenced(name).and_then(|name| shell.variables.get(name));
        if let Some(value) = value.filter(|_| exported) {
            let export = Export {
                name: name.to_owned(),
                value: value.clone(),
                span,
            };
            self.analysis.exports.push(export);
        }
    }

    /// A word a declaration is given that is no option: `NAME=value` assigns (a quoted one
    /// too: `export "NAME=value"`), and the name is exported or no longer as `exports` says.
    fn declared_word(&mut self, word: &Word, exports: Option<bool>, span: Span, shell: &mut Shell) {
        let Some(text) = word.value() else {
            return;
        };
        let name = match text.split_once('=') {
            Some((name, _)) if is_name(name) => {
                let value = word.strip_prefix(name.len() + 1);
                if let Some(target) = shell.referenced(name).map(str::to_owned) {
                    shell.variables.insert(target.clone(), value);
                    self.exported_when_assigned(&target, shell);
                }
                name
            }
            Some(_) => return,
            None => text,
        };
        if let Some(exported) = exports {
            self.declare_exported(name, exported, span, shell);
        }
    }

    /// `builtin export NAME=value`, `command declare -x …`: the declaration the prefix runs,
    /// which changes this shell as it would written alone.
    pub(super) fn prefixed_declaration(&mut self, id: CommandId, shell: &mut Shell) {
        let command = self.command(id);
        if command.parent.is_some() || !matches!(command.name.as_str(), "builtin" | "command") {
            return;
        }
        let Some((declaration, words)) = command.args().split_first() else {
            return;
        };
        let options: String = words
            .iter()
            .filter_map(Word::value)
            .filter(|word| word.starts_with('-'))
            .collect();
        let exports = match declaration.value() {
            Some("export") => Some(!options.contains('n')),
            Some("declare" | "typeset" | "local") if options.contains('x') => Some(true),
            Some("declare" | "typeset" | "local" | "readonly") => None,
            _ => return,
        };
        let (words, span) = (words.to_vec(), command.span);
        for word in words.iter().filter(|word| !word.text().starts_with('-')) {
            self.declared_word(word, exports, span, shell);
        }
    }

    /// A declaration that prints variables (`export -p`, `declare -p NAME`), walked as the
    /// command it is, with `redirections` around it.
    pub(super) fn printing_declaration(
        &mut self,
        node: Node,
        redirections: Redirections,
        at: &mut Cursor,
        flow: &Flow,
    ) -> Output {
        let keyword = node.child(0).map_or("declare", |first| first.kind());
        let span = at.source.span(node.byte_range());
        let mut cursor = node.walk();
        let children: Vec<Node> = node.named_children(&mut cursor).collect();
        self.lines_joined(&children, at.source);
        let words = self.words(&children, at);
        // The names it is given have their subscripts evaluated, as `declare` does.
        for word in words.iter().filter(|word| !word.text().starts_with('-')) {
            self.evaluate_name(word, false, at);
        }
        let mut argv = vec![Word::literal(keyword, span)];
        argv.extend(words);
        let stdin = redirections
            .stdin
            .clone()
            .unwrap_or_else(|| at.shell.inherited_stdin(&flow.stdin));
        let mut command = Command::new(argv, at.shell.cwd.clone(), stdin, span);
        command.redirects = redirections.redirects;
        command.in_pipeline = flow.in_pipeline;
        command.background = flow.background;
        let id = self.push_command(command, at.layer);
        self.follow_runs(id, at);
        self.command(id).output.clone()
    }

    /// `unset name`, `unset -f name`: known to be empty, or no longer a function.
    pub(super) fn unset(&mut self, node: Node, at: &mut Cursor) {
        let mut cursor = node.walk();
        let children: Vec<Node> = node.named_children(&mut cursor).collect();
        let words = self.words(&children, at);
        let functions = words.iter().any(|w| w.is("-f"));
        if !functions {
            for word in words.iter().filter(|word| !word.text().starts_with('-')) {
                self.evaluate_name(word, false, at);
            }
        }
        let shell = &mut *at.shell;
        // `unset -n r` unsets the name reference itself; `unset r`, what it points at.
        let reference = words.iter().any(|w| w.is("-n"));
        for word in words.iter().filter_map(Word::value).filter(|w| !w.starts_with('-')) {
            if functions {
                Rc::make_mut(&mut shell.functions).remove(word);
            } else if reference && shell.references.remove(word).is_some() {
                shell.variables.remove(word);
            } else {
                let Some(word) = shell.referenced(word).map(str::to_owned) else {
                    continue;
                };
                let word = word.as_str();
                shell.mark_exported(word, false);
                shell
                    .variables
                    .insert(word.to_owned(), Word::literal("", Span::default()));
                shell.arrays.insert(word.to_owned(), Vec::new());
            }
        }
    }

    /// `for x in a b c; do …; done`: the body is walked once per value when the values are few
    /// and known, else once with `x` unknown.
    pub(super) fn for_loop(&mut self, node: Node, at: &mut Cursor, flow: &Flow) {
        let name = node
            .child_by_field_name("variable")
            .map(|n| at.source.text()[n.byte_range()].to_owned())
            .unwrap_or_default();
        let mut cursor = node.walk();
        let value_nodes: Vec<Node> = node.children_by_field_name("value", &mut cursor).collect();
        let values = self.words_grouped(&value_nodes, at, &Input::Inherited);
        let Some(body) = node.child_by_field_name("body") else {
            return;
        };
        let Some(name) = at.shell.referenced(&name).map(str::to_owned) else {
            self.statement(body, &mut at.deeper(), flow);
            return;
        };
        self.exported_when_assigned(&name, at.shell);
        if values.is_empty() || values.len() > MOST_LOOP_VALUES {
            at.shell.variables.remove(&name);
            self.statement(body, &mut at.deeper(), flow);
            return;
        }
        for value in values {
            at.shell.variables.insert(name.clone(), value.matched());
            self.statement(body, &mut at.deeper(), flow);
        }
    }

    /// Where `cd NAME` goes with `CDPATH` set: the first of its folders (an empty entry is the
    /// working folder) holding NAME, else NAME in the working folder. Which one holds it is only
    /// known from the disk; without it, or with a value not known, the folder is unknown.
    fn cd_through_cdpath(&self, word: &Word, cdpath: Option<&Word>, cwd: &Cwd) -> Cwd {
        let unknown = || Cwd::Unknown(format!("after `cd {}` with CDPATH set", word.text()));
        let (Some(cdpath), Some(name), Cwd::Known(cwd)) = (cdpath.and_then(Word::value), word.value(), cwd) else {
            return unknown();
        };
        if cdpath.is_empty() {
            return Cwd::Known(cwd.join(name));
        }
        if !self.context.read_scripts {
            return unknown();
        }
        cdpath
            .split(':')
            .map(|entry| {
                if entry.is_empty() {
                    cwd.join(name)
                } else {
                    cwd.join(entry).join(name)
                }
            })
            .find(|folder| std::path::Path::new(&crate::context::native(folder)).is_dir())
            .map_or_else(|| Cwd::Known(cwd.join(name)), Cwd::Known)
    }

    /// What a command changes in the shell: `cd`, `pushd`, `popd`, `read`.
    pub(super) fn shell_effects(&mut self, id: CommandId, shell: &mut Shell) {
        let command = &self.analysis.commands[id];
        if command.parent.is_some() {
            return;
        }
        match command.name.as_str() {
            // `exec 3<<<'text'`: descriptor 3 reads the text for the rest of the shell, and
            // after `exec <x.sh` every later command reads x.sh as its standard input.
            "hash" => remember_hashed(command.args(), &mut shell.hashed),
            "builtin" | "command" if command.args().first().is_some_and(|first| first.is("hash")) => {
                remember_hashed(&command.args()[1..], &mut shell.hashed)
            }
            // Aliases a script on disk defines (`~/.bashrc`) are the user's own.
            "alias" if self.reading_disk.is_empty() => shell.aliases.extend(
                command
                    .args()
                    .iter()
                    .filter_map(|word| word.text().split_once('=').map(|(name, _)| name.to_owned())),
            ),
            "exec" if command.args().is_empty() => {
                shell.descriptors.extend(command.descriptors.iter().cloned());
                if matches!(command.stdin, Input::File(_) | Input::Text(_)) {
                    shell.descriptors.push((0, command.stdin.clone()));
                }
            }
            "cd" | "pushd" => {
                let target = command.args().iter().find(|w| {
                    !w.value()
                        .is_some_and(|t| t.starts_with('-') && t.len() > 1 && t != "--")
                });
                let cdpath = shell.value_for(command, "CDPATH").cloned();
                let physical = shell.physical_cd
                    || command
                        .args()
                        .iter()
                        .take_while(|word| word.text().starts_with('-') && word.text() != "-")
                        .any(|word| word.text().contains('P') && !word.text().starts_with("--"));
                let previous = shell.cwd.clone();
                shell.cwd = match target {
                    None => Cwd::Known(self.context.home.clone()),
                    // `cd -` goes back to where the last `cd` left (`$OLDPWD`).
                    Some(word) if word.is("-") => match shell.previous_cwd.take() {
                        Some(before) => before,
                        None => Cwd::Unknown("after `cd -`".into()),
                    },
                    Some(word)
                        if word
                            .value()
                            .is_some_and(|t| t.starts_with('+') && command.name == "pushd") =>
                    {
                        Cwd::Unknown("after `pushd +N`".into())
                    }
                    Some(word) if cdpath.is_some() && searches_cdpath(word.text()) => {
                        self.cd_through_cdpath(word, cdpath.as_ref(), &command.cwd)
                    }
                    // `cd -P` (or after `set -P`) goes where the links lead.
                    Some(word) if physical => match links::physical_target(word, &command.cwd, self.context)
                        .unwrap_or_else(|| paths::resolve(word, &command.cwd))
                    {
                        Target::Path(path) => {
                            Cwd::Known(links::real(&path, Last::Follow, self.context).unwrap_or(path))
                        }
                        _ => Cwd::Unknown(format!("after `cd {}`", word.text())),
                    },
                    Some(word) => match paths::resolve(word, &command.cwd) {
                        Target::Path(path) => Cwd::Known(path),
                        _ => Cwd::Unknown(format!("after `cd {}`", word.text())),
                    },
                };
                let before = Whereabouts {
                    cwd: previous.clone(),
                    previous_cwd: shell.previous_cwd.clone(),
                    others: Vec::new(),
                };
                shell.previous_cwd = Some(previous);
                // A `cd` to a folder that is there does not fail: one on disk, the root, the home
                // folder, the folder above (one with no folder named goes home).
                let exists = match (&shell.cwd, &before.cwd) {
                    (Cwd::Known(folder), before) => {
                        folder.same(&AbsPath::root())
                            || folder.same(&self.context.home)
                            || matches!(before, Cwd::Known(before) if before.parent().is_some_and(|up| up.same(folder)))
                            || self.context.read_scripts
                                && std::path::Path::new(&crate::context::native(folder)).is_dir()
                    }
                    (Cwd::Unknown(_), _) => false,
                };
                shell.failed_cd = (target.is_some() && !exists && shell.cwd != before.cwd).then(|| FailedCd {
                    before,
                    cd: command.display(),
                });
            }
            "popd" => shell.cwd = Cwd::Unknown("after `popd`".into()),
            // `shift [N]`: the positional parameters move down by N (none when N is more than
            // there are); by a count only known when it runs, they are no longer known.
            "shift" if !shell.positional.is_empty() => {
                let count = match command.args().first() {
                    None => Some(1),
                    Some(word) => word.value().and_then(|text| text.parse::<usize>().ok()),
                };
                let positional = &shell.positional;
                let kept = match count {
                    Some(count) if count < positional.len() => &positional[1 + count..],
                    Some(_) => &positional[1..],
                    None => &[],
                };
                let moved = std::iter::once(positional[0].clone())
                    .chain(kept.iter().cloned())
                    .collect();
                shell.positional = Rc::new(moved);
            }
            // `set -P`/`set -o physical`: later `cd`s go where links lead. `set -e`/`set -o
            // errexit`: a failed `cd` ends the shell. `set -a`/`set -o allexport`: every
            // variable assigned after is exported.
            "set" if !command.args().first().is_some_and(|w| w.is("--")) => {
                let layer = self.analysis.layers[command.layer].parent;
                for (index, word) in command.args().iter().enumerate() {
                    let next = command.args().get(index + 1).map(Word::text);
                    let text = word.text();
                    // `-` and `+` are one byte: what follows starts on a character.
                    let flags = text.len() > 1
                        && text.starts_with(['-', '+'])
                        && text[1..].chars().all(|c| c.is_ascii_alphabetic());
                    let (flag_p, flag_e) = (flags && text.contains('P'), flags && text.contains('e'));
                    let (flag_a, flag_k) = (flags && text.contains('a'), flags && text.contains('k'));
                    if (text.starts_with('-') && flag_k) || (text == "-o" && next == Some("keyword")) {
                        shell.keyword_assignments = true;
                    } else if (text.starts_with('+') && flag_k) || (text == "+o" && next == Some("keyword")) {
                        shell.keyword_assignments = false;
                    }
                    if (text.starts_with('-') && flag_a) || (text == "-o" && next == Some("allexport")) {
                        shell.allexport = true;
                    } else if (text.starts_with('+') && flag_a) || (text == "+o" && next == Some("allexport")) {
                        shell.allexport = false;
                    }
                    if (text.starts_with('-') && flag_p) || (text == "-o" && next == Some("physical")) {
                        shell.physical_cd = true;
                    } else if (text.starts_with('+') && flag_p) || (text == "+o" && next == Some("physical")) {
                        shell.physical_cd = false;
                    }
                    if (text.starts_with('-') && flag_e) || (text == "-o" && next == Some("errexit")) {
                        shell.errexit = layer;
                    } else if (text.starts_with('+') && flag_e) || (text == "+o" && next == Some("errexit")) {
                        shell.errexit = None;
                    }
                }
            }
            "read" => {
                let parsed = args::parse(command.args(), &Options::gnu("adinNptu", &[]));
                let array = parsed.value_of('a', "").and_then(Word::value).map(str::to_owned);
                let mut names: Vec<String> = parsed.operands().filter_map(Word::value).map(str::to_owned).collect();
                let line = command
                    .stdin
                    .text()
                    .and_then(Word::value)
                    .map(|t| t.lines().next().unwrap_or("").to_owned());
                let ifs = shell
                    .variables
                    .get("IFS")
                    .and_then(Word::value)
                    .unwrap_or(DEFAULT_IFS)
                    .to_owned();
                let span = command.span;
                if let Some(array) = array {
                    match &line {
                        Some(line) => {
                            let fields = split_fields(line, &ifs, usize::MAX);
                            let words: Vec<Word> = fields.iter().map(|f| Word::literal(f, span)).collect();
                            shell.arrays.insert(array, words);
                        }
                        None => {
                            shell.arrays.remove(&array);
                        }
                    }
                    return;
                }
                if names.is_empty() {
                    names.push("REPLY".to_owned());
                }
                let fields = line.as_deref().map(|line| split_fields(line, &ifs, names.len()));
                // A value only known when it runs, given whole (`read -r k <<< "$GITHUB_TOKEN"`):
                // each name holds some of it.
                let unknown = command.stdin.text().filter(|word| {
                    word.is_dynamic()
                        && word.parts.iter().all(|part| match part {
                            Part::Literal { text, .. } => text.trim().is_empty(),
                            Part::Dynamic(_) => true,
                        })
                });
                for (index, name) in names.into_iter().enumerate() {
                    let Some(name) = shell.referenced(&name).map(str::to_owned) else {
                        continue;
                    };
                    self.exported_when_assigned(&name, shell);
                    match (&fields, unknown) {
                        (Some(fields), _) => {
                            let value = fields.get(index).map_or("", String::as_str);
                            shell.variables.insert(name, Word::literal(value, span));
                        }
                        (None, Some(value)) => {
                            shell.variables.insert(name, value.clone());
                        }
                        (None, None) => {
                            shell.variables.remove(&name);
                        }
                    }
                }
            }
            "mapfile" | "readarray" => {
                let parsed = args::parse(command.args(), &Options::gnu("dnOsuC", &[]));
                let name = parsed
                    .operands()
                    .next()
                    .and_then(Word::value)
                    .unwrap_or("MAPFILE")
                    .to_owned();
                match command.stdin.text().and_then(Word::value) {
                    Some(text) => {
                        let keep_newlines = !parsed.has_short('t');
                        let lines = text
                            .split_inclusive('\n')
                            .map(|line| {
                                let line = if keep_newlines {
                                    line
                                } else {
                                    line.trim_end_matches('\n')
                                };
                                Word::literal(line, command.span)
                            })
                            .collect();
                        shell.arrays.insert(name, lines);
                    }
                    None => {
                        shell.arrays.remove(&name);
                    }
                }
            }
            // `printf -v name FORMAT args…` assigns instead of printing.
            "printf" if command.args().first().is_some_and(|w| w.is("-v")) => {
                let Some(name) = command.args().get(1).and_then(Word::value) else {
                    return;
                };
                let Some(name) = shell.referenced(name).map(str::to_owned) else {
                    return;
                };
                self.exported_when_assigned(&name, shell);
                match producers::printf(&command.args()[2..]) {
                    Some(text) => {
                        shell.variables.insert(name, Word::literal(&text, command.span));
                    }
                    // Text only known when it runs: the value holds what the arguments do
                    // (`printf -v k '%s' "$GITHUB_TOKEN"`).
                    None => match command.args().get(3..).filter(|rest| !rest.is_empty()) {
                        Some(rest) => {
                            let parts = rest.iter().flat_map(|word| word.parts.iter().cloned()).collect();
                            shell.variables.insert(name, Word::from_parts(parts, command.span));
                        }
                        None => {
                            shell.variables.remove(&name);
                        }
                    },
                }
            }
            // `set -- a b c` sets the positional parameters.
            "set" if command.args().first().is_some_and(|w| w.is("--")) => {
                let program = shell
                    .positional
                    .first()
                    .cloned()
                    .unwrap_or_else(|| Word::literal("bash", command.span));
                let mut positional = vec![program];
                positional.extend(command.args()[1..].iter().cloned());
                shell.positional = Rc::new(positional);
            }
            _ => {}
        }
    }
}

/// The fields `read` makes of a line for `most` names: split on the `IFS` characters, the last
/// name taking the rest of the line.
fn split_fields(line: &str, ifs: &str, most: usize) -> Vec<String> {
    let is_separator = |c: char| ifs.contains(c);
    let mut fields = Vec::new();
    let mut rest = line.trim_start_matches(is_separator);
    while !rest.is_empty() {
        if fields.len() + 1 == most {
            fields.push(rest.trim_end_matches(is_separator).to_owned());
            break;
        }
        let end = rest.find(is_separator).unwrap_or(rest.len());
        fields.push(rest[..end].to_owned());
        rest = rest[end..].trim_start_matches(is_separator);
    }
    fields
}

/// Whether `cd` looks a folder name up in `CDPATH`: a relative name that does not start with
/// `.` or `..` as a component.
fn searches_cdpath(name: &str) -> bool {
    !name.is_empty()
        && !name.starts_with('/')
        && name != "."
        && name != ".."
        && !name.starts_with("./")
        && !name.starts_with("../")
}

/// The elements of `(x [3]=y z)` in the order bash keeps them: an element with an index goes
/// there, and the ones after it follow it (`([1]=-rf [0]=rm /)` is `rm /`). `None` when an index
/// is not a plain number (an associative array, an arithmetic subscript), or when the indices
/// leave a gap (`([5]=x)`): the walk keeps an array as a list, which would renumber it.
fn placed_elements(words: Vec<Word>) -> Option<Vec<Word>> {
    if !words.iter().any(|word| word.text().starts_with('[')) {
        return Some(words);
    }
    let mut placed = std::collections::BTreeMap::new();
    let mut next = 0usize;
    for word in words {
        let text = word.text();
        let word = match text.find("]=").filter(|_| text.starts_with('[')) {
            Some(close) => {
                next = text[1..close].trim().parse().ok()?;
                word.strip_prefix(close + 2)
            }
            None => word,
        };
        placed.insert(next, word);
        next = next.checked_add(1)?;
    }
    let dense = placed.keys().enumerate().all(|(position, index)| position == *index);
    dense.then(|| placed.into_values().collect())
}

/// Bash's builtin commands: a name bash finds before looking at `hash` or `PATH`.
pub(super) const BASH_BUILTINS: &[&str] = &[
    ".",
    ":",
    "[",
    "alias",
    "bg",
    "bind",
    "break",
    "builtin",
    "caller",
    "cd",
    "command",
    "compgen",
    "complete",
    "compopt",
    "continue",
    "declare",
    "dirs",
    "disown",
    "echo",
    "enable",
    "eval",
    "exec",
    "exit",
    "export",
    "false",
    "fc",
    "fg",
    "getopts",
    "hash",
    "help",
    "history",
    "jobs",
    "kill",
    "let",
    "local",
    "logout",
    "mapfile",
    "popd",
    "printf",
    "pushd",
    "pwd",
    "read",
    "readarray",
    "readonly",
    "return",
    "set",
    "shift",
    "shopt",
    "source",
    "suspend",
    "test",
    "times",
    "trap",
    "true",
    "type",
    "typeset",
    "ulimit",
    "umask",
    "unalias",
    "unset",
    "wait",
];

/// `hash -p PATH NAME…` makes each NAME run PATH; `hash -d NAME` and `hash -r` forget.
fn remember_hashed(args: &[Word], hashed: &mut HashMap<String, Word>) {
    let mut path = None;
    let mut forget = false;
    let mut words = args.iter();
    while let Some(word) = words.next() {
        let text = word.text();
        if text.starts_with('-') && text != "--" && text.len() > 1 {
            // Flags together (`-lp PATH`), a path attached (`-p/bin/rm`).
            let flags = &text[1..];
            if flags.contains('r') {
                hashed.clear();
            }
            forget |= flags.contains('d');
            if let Some(at) = flags.find('p') {
                path = match &flags[at + 1..] {
                    "" => words.next().cloned(),
                    _ => Some(word.strip_prefix(at + 2)),
                };
            }
            continue;
        }
        match text {
            "--" => {}
            name => match (&path, forget) {
                (_, true) => {
                    hashed.remove(name);
                }
                (Some(path), false) => {
                    hashed.insert(name.to_owned(), path.clone());
                }
                (None, false) => {}
            },
        }
    }
}
