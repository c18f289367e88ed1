//! Programs nobody described: the registry's edge. When a command's program is neither in the
//! registry nor judged by a checker nor known to take text, what its command line hands over is
//! guessed at, as layers marked inferred:
//!
//! - its *argument tail*: the words after `--`, or from the first word that names a program
//!   the analyzer knows (`eatmydata rm -rf ~`, `faketime 'last friday' git push --force`);
//! - its *command strings*: an argument or option value whose first word names a known program
//!   and that reads as a shell command (`anytool --on-exit 'git reset --hard'`).
//!
//! The checkers then keep, of what is found there, only what would be denied on its own: a tail
//! is denied, a string asks (the program may well treat it as text). Guesses do not stack: no
//! guess is made inside a guessed layer.

use super::{Cursor, Walker};
use crate::command::{Command, CommandId, Inference, Input};
use crate::source::SourceBuilder;
use crate::word::Word;

impl Walker<'_> {
    /// Guesses at what command `id`, whose program nobody described, runs.
    pub(super) fn infer_runs(&mut self, id: CommandId, at: &mut Cursor) {
        let command = self.command(id);
        let name = command.name.as_str();
        if name.is_empty()
            || command.argv.len() < 2
            || crate::registry::knows(name)
            || crate::checks::judges(name)
            || self.analysis.inference(id).is_some()
        {
            return;
        }
        let args = command.args().to_vec();
        let program = command.name.clone();
        let span = command.span;
        let tail = match args.iter().position(|word| word.is("--")) {
            Some(dashes) => Some(dashes + 1),
            None => args.iter().position(names_known_program),
        };
        if let Some(start) = tail.filter(|&start| start < args.len()) {
            let argv = args[start..].to_vec();
            let mut child = Command::new(argv, self.command(id).cwd.clone(), Input::Inherited, span);
            child.parent = Some(id);
            child.via = Some(format!("inferred: if `{program}` runs its arguments"));
            let parent_layer = self.command(id).layer;
            let child = self.push_command(child, parent_layer);
            let layer = self.command(child).layer;
            self.analysis.layers[layer].inferred = Some(Inference::Tail);
            self.follow_runs(child, &mut at.nested(at.layer));
        }
        for (index, word) in args.iter().enumerate() {
            // The value of an option that names text (`--message '…'`) is text.
            if index > 0 && names_text(&args[index - 1]) {
                continue;
            }
            let Some(text) = command_string(word) else { continue };
            let mut builder = SourceBuilder::default();
            builder.push_from(text, word.span);
            let parent = self.command(id).layer;
            let mut shell = at.shell.clone();
            let via = format!("inferred: if `{program}` runs this string");
            if let Some(layer) = self.shell_layer(builder.finish(), &via, Some(parent), &mut shell, at.layer_depth + 1)
            {
                self.analysis.layers[layer].inferred = Some(Inference::Text);
            }
        }
    }
}

/// Whether a word is an option whose value is text: a message, a title, a body, a note.
fn names_text(word: &Word) -> bool {
    const TEXT: &[&str] = &[
        "m",
        "message",
        "msg",
        "body",
        "title",
        "description",
        "desc",
        "comment",
        "note",
        "notes",
        "text",
        "subject",
        "summary",
        "reason",
        "prompt",
        "query",
        "q",
    ];
    word.value()
        .and_then(|text| text.strip_prefix("--").or_else(|| text.strip_prefix('-')))
        .is_some_and(|name| TEXT.contains(&name))
}

/// Whether a word names a program the analyzer knows (`rm`, `git`, `sudo`, `bash`…).
fn names_known_program(word: &Word) -> bool {
    let Some(text) = word.value() else { return false };
    let name = crate::command::program_name(word);
    !text.starts_with('-') && !name.is_empty() && (crate::registry::knows(&name) || crate::checks::judges(&name))
}

/// The text of an argument or option value that reads as a command line: several words, the
/// first naming a known program (`git reset --hard`, `--on-exit=rm -rf ~`).
fn command_string(word: &Word) -> Option<&str> {
    let text = word.value()?;
    let text = match text.split_once('=') {
        Some((option, value)) if option.starts_with('-') => value,
        _ => text,
    };
    let first = text.split_whitespace().next()?;
    if !text.trim().contains(char::is_whitespace) {
        return None;
    }
    let first = Word::literal(first, word.span);
    names_known_program(&first).then_some(text)
}
