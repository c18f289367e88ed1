//! Redirections, heredocs and here-strings: what a statement reads and writes, and the
//! statements and commands the grammar hides inside a heredoc's redirect.

use super::decode::{Decoder, WordScope};
use super::syntax::{is_descriptor_herestring, is_detached_descriptor, is_split_herestring};
use super::{Cursor, Flow, Walker};
use crate::command::{Command, Input, Output, Redirect, RedirectOperator};
use crate::word::{Part, Word};
use tree_sitter::Node;

/// Redirections read from a statement.
#[derive(Default, Clone)]
pub(super) struct Redirections {
    pub(super) redirects: Vec<Redirect>,
    /// Words the grammar put after a redirect's target, which bash passes as arguments.
    pub(super) extra_args: Vec<Word>,
    pub(super) stdin: Option<Input>,
    /// What other descriptors read (`3<<<'text'`, `4<<EOF`), by number.
    pub(super) descriptors: Vec<(u32, Input)>,
    /// Statements after a heredoc's start line (`cat <<EOF && rm x`).
    pub(super) following: Vec<usize>,
    /// A command the grammar hid in a redirect after an ERROR `|` (`cat <<EOF 2>&1 | bash`,
    /// grammar bug #346): it reads the output of the command the redirect belongs to.
    pub(super) piped_to: Vec<Word>,
    /// The network sockets (`/dev/tcp/host/port`) descriptors 0, 1 and 2 lead to, as the
    /// redirections in order leave them: `bash -i >& /dev/tcp/h/p 0>&1` puts all three there.
    pub(super) sockets: [Option<Word>; 3],
}

impl Redirections {
    /// `input` is what descriptor `fd` reads (standard input when none is written).
    fn read_on(&mut self, fd: Option<u32>, input: Input) {
        match fd {
            None | Some(0) => self.stdin = Some(input),
            Some(fd) => self.descriptors.push((fd, input)),
        }
    }
}

impl Redirections {
    /// Follows one redirection (`token`, on descriptor `fd` when written) in
    /// [`Redirections::sockets`]; `bound` is what `exec` bound descriptors above 2 to.
    fn route(&mut self, fd: Option<u32>, token: &str, target: &Word, bound: &[(u32, Input)]) {
        let socket = is_socket(target).then(|| target.clone());
        let duplicate = match target.value() {
            Some("-") => Some(None),
            Some(digits) if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) => {
                Some(match digits.parse::<usize>() {
                    Ok(from @ 0..=2) => self.sockets[from].clone(),
                    Ok(from) => (self.descriptors.iter().rev().chain(bound.iter().rev()))
                        .find(|(fd, _)| *fd as usize == from)
                        .and_then(|(_, input)| match input {
                            Input::File(word) if is_socket(word) => Some(word.clone()),
                            _ => None,
                        }),
                    Err(_) => None,
                })
            }
            _ => None,
        };
        let (descriptors, leads_to): (&[u32], Option<Word>) = match (token, duplicate) {
            ("<" | "<>", _) => (&[0], socket),
            (">" | ">>" | ">|", _) => (&[1], socket),
            ("<&", Some(copy)) => (&[0], copy),
            (">&", Some(copy)) => (&[1], copy),
            ("&>" | "&>>" | ">&", _) => (&[1, 2], socket),
            _ => return,
        };
        let descriptors = fd.map_or(descriptors.to_vec(), |fd| vec![fd]);
        for fd in descriptors {
            if let Some(slot) = self.sockets.get_mut(fd as usize) {
                *slot = leads_to.clone();
            }
        }
        // Standard input duplicated from a socket (`0>&1`) reads the network.
        if let Some(socket) = &self.sockets[0]
            && !matches!(&self.stdin, Some(Input::File(word)) if is_socket(word))
        {
            self.stdin = Some(Input::File(socket.clone()));
        }
    }
}

/// Whether a redirection target is one of bash's network pseudo-devices, which open a
/// connection: `/dev/tcp/host/port`, `/dev/udp/host/port`.
pub(crate) fn is_socket(target: &Word) -> bool {
    let text = target.text();
    text.starts_with("/dev/tcp/") || text.starts_with("/dev/udp/")
}

/// A here-string's text as the command reads it: with the newline bash adds.
fn with_newline(word: Word) -> Input {
    let mut parts = word.parts;
    parts.push(Part::Literal {
        text: "\n".into(),
        quoting: crate::word::Quoting::Quoted,
        span: word.span,
    });
    Input::Text(Word::from_parts(parts, word.span))
}

/// The descriptor a redirection names (`3` of `3<<<'text'`), if it names one: as the grammar
/// reads it, or as a number it detached into what comes before (`>& f 0>&1`).
fn descriptor(node: Node, text: &str) -> Option<u32> {
    let mut cursor = node.walk();
    let named = node.named_children(&mut cursor).find(|c| c.kind() == "file_descriptor");
    let detached = || {
        let before = node.prev_named_sibling()?;
        let number = before.named_child(u32::try_from(before.named_child_count()).ok()?.checked_sub(1)?)?;
        is_detached_descriptor(number, text).then_some(number)
    };
    named.or_else(detached).and_then(|c| text[c.byte_range()].parse().ok())
}

impl Walker<'_> {
    /// Redirections of a compound statement, or with no command at all (`> file`): a command
    /// with no words, so that the checkers of redirect targets see them.
    pub(super) fn bare_redirection(
        &mut self,
        node: Node,
        redirections: Redirections,
        output: Output,
        at: &Cursor,
        flow: &Flow,
    ) {
        if redirections.redirects.is_empty() {
            return;
        }
        let span = at.source.span(node.byte_range());
        let mut command = Command::new(redirections.extra_args, at.shell.cwd.clone(), flow.stdin.clone(), span);
        command.name.clear();
        command.redirects = redirections.redirects;
        command.in_pipeline = flow.in_pipeline;
        command.background = flow.background;
        let id = self.push_command(command, at.layer);
        self.record_writes(id, Some(output));
    }

    /// Reads the redirect children of `node` (and those nested in heredoc redirects).
    pub(super) fn redirections(&mut self, node: Node, at: &mut Cursor) -> Redirections {
        let mut found = Redirections::default();
        let mut cursor = node.walk();
        let children: Vec<Node> = node.children_by_field_name("redirect", &mut cursor).collect();
        for child in children {
            self.redirect(child, at, &mut found);
        }
        found
    }

    pub(super) fn redirect(&mut self, node: Node, at: &mut Cursor, found: &mut Redirections) {
        let span = at.source.span(node.byte_range());
        match node.kind() {
            "file_redirect" if node.prev_sibling().is_some_and(|p| is_split_herestring(p, at.source)) => {
                let mut cursor = node.walk();
                let words: Vec<Node> = node.children_by_field_name("destination", &mut cursor).collect();
                if let Some(word) = self.words_grouped(&words, at, &Input::Inherited).into_iter().next() {
                    found.stdin = Some(Input::Text(word));
                }
            }
            "file_redirect" if is_descriptor_herestring(node, at.source) => {
                let mut cursor = node.walk();
                let words: Vec<Node> = node.children_by_field_name("destination", &mut cursor).collect();
                if let Some(word) = self.words_grouped(&words, at, &Input::Inherited).into_iter().next() {
                    found.read_on(descriptor(node, at.source.text()), with_newline(word));
                }
            }
            "file_redirect" => {
                let mut cursor = node.walk();
                let children: Vec<Node> = node.named_children(&mut cursor).collect();
                let pipe = children
                    .iter()
                    .position(|c| c.is_error() && matches!(&at.source.text()[c.byte_range()], "|" | "|&"));
                let (before, after) = children.split_at(pipe.unwrap_or(children.len()));
                let destinations: Vec<Node> = before
                    .iter()
                    .copied()
                    .filter(|c| c.kind() != "file_descriptor" && !is_detached_descriptor(*c, at.source.text()))
                    .collect();
                let piped: Vec<Node> = after.iter().copied().filter(|c| !c.is_error()).collect();
                found.piped_to = self.words_grouped(&piped, at, &Input::Inherited);
                let token = self.operator_token(node, at);
                let mut words = self.words_grouped(&destinations, at, &Input::Inherited).into_iter();
                let Some(target) = words.next() else { return };
                found.extra_args.extend(words);
                let operator = redirect_operator(&token, &target);
                if matches!(operator, RedirectOperator::Read | RedirectOperator::ReadWrite) {
                    found.read_on(descriptor(node, at.source.text()), Input::File(target.clone()));
                }
                // `<&3`: standard input becomes what descriptor 3 reads: what an earlier
                // `exec 3<<<…` bound it to, else only known when it runs.
                if token == "<&"
                    && descriptor(node, at.source.text()).is_none_or(|fd| fd == 0)
                    && let Some(fd) = target
                        .value()
                        .and_then(|fd| fd.parse::<u32>().ok())
                        .filter(|fd| *fd > 2)
                {
                    let bound = at.shell.descriptors.iter().rev().find(|(bound, _)| *bound == fd);
                    found.stdin = Some(bound.map_or(Input::Piped(Output::Unknown), |(_, input)| input.clone()));
                }
                found.route(
                    descriptor(node, at.source.text()),
                    &token,
                    &target,
                    &at.shell.descriptors,
                );
                found.redirects.push(Redirect { operator, target, span });
            }
            "herestring_redirect" => {
                let mut cursor = node.walk();
                let words: Vec<Node> = node
                    .named_children(&mut cursor)
                    .filter(|c| c.kind() != "file_descriptor")
                    .collect();
                if let Some(word) = self.words_grouped(&words, at, &Input::Inherited).into_iter().next() {
                    found.read_on(descriptor(node, at.source.text()), with_newline(word));
                }
            }
            "heredoc_redirect" => {
                let source = at.source;
                let text = source.text();
                let start = node
                    .named_children(&mut node.walk())
                    .find(|c| c.kind() == "heredoc_start")
                    .map(|c| &text[c.byte_range()])
                    .unwrap_or("");
                let quoted = start.contains(['\'', '"', '\\']);
                let strip_tabs = text[node.byte_range()].starts_with("<<-");
                let mut cursor = node.walk();
                let children: Vec<Node> = node.named_children(&mut cursor).collect();
                for child in children {
                    match child.kind() {
                        "heredoc_body" => {
                            let body = {
                                let mut scope = WordScope {
                                    walker: self,
                                    at,
                                    feeds: &Input::Inherited,
                                };
                                Decoder::new(source, &mut scope).heredoc_body(child, quoted, strip_tabs)
                            };
                            found.read_on(descriptor(node, text), Input::Text(body));
                        }
                        "file_redirect" | "herestring_redirect" => self.redirect(child, at, found),
                        "heredoc_start" | "heredoc_end" | "pipeline" => {}
                        _ => found.following.push(child.id()),
                    }
                }
            }
            _ => {
                self.words(&[node], at);
            }
        }
    }
}

impl Walker<'_> {
    /// A redirection's operator (`>`, `<&`…), with `<>` read back where the layer was parsed
    /// with `< ` in its place.
    fn operator_token(&self, node: Node, at: &Cursor) -> String {
        let mut cursor = node.walk();
        let Some(operator) = node
            .children(&mut cursor)
            .find(|child| !child.is_named() && child.kind() != "$")
        else {
            return String::new();
        };
        let start = at.source.span(operator.byte_range()).start;
        if operator.kind() == "<" && self.read_write_operators.contains(&start) {
            return "<>".to_owned();
        }
        operator.kind().to_owned()
    }
}

/// The first anonymous token of a node (a redirect's operator, an assignment's `=`/`+=`).
pub(super) fn anonymous_token(node: Node) -> Option<String> {
    let mut cursor = node.walk();
    node.children(&mut cursor)
        .find(|child| !child.is_named() && child.kind() != "$")
        .map(|child| child.kind().to_owned())
}

fn redirect_operator(token: &str, target: &Word) -> RedirectOperator {
    match token {
        ">>" | "&>>" => RedirectOperator::Append,
        "<" => RedirectOperator::Read,
        "<>" => RedirectOperator::ReadWrite,
        ">&" | "<&" | ">&-" | "<&-"
            if target
                .value()
                .is_none_or(|t| t == "-" || t.chars().all(|c| c.is_ascii_digit())) =>
        {
            RedirectOperator::Duplicate
        }
        _ => RedirectOperator::Write,
    }
}
