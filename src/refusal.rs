//! Where bash stops reading a script: its first syntax error, and the complete command holding it.
//!
//! Bash reads a script (a `bash -c` string, `eval` text, a file) one top-level complete command,
//! a *unit*, at a time: everything up to a newline that ends a list, where a compound command
//! spanning lines, lines joined by `\` and a newline, a list continued after `|`, `&&` or `||`,
//! and the bodies of here-documents all belong to the unit. It parses a unit, runs it, then reads
//! the next. At the first syntax error it runs nothing of the unit holding the error and nothing
//! after it; every unit before it has run.
//!
//! [`refusal`] reads a script as bash 5.2 does (`parse.y`: `read_token`, `read_token_word`,
//! `parse_matched_pair`, `parse_comsub` and the grammar) and says where that happens. A caller
//! judges the text before [`Refusal::unit_start`] as commands that run and ignores the rest, so
//! the answer must be *conservative*. A refusal of text bash accepts, or a `unit_start` earlier
//! than bash's, would hide commands that run; a `unit_start` later than bash's only makes the
//! caller judge text that never runs. So whatever is not modelled exactly answers `None`, and the
//! caller keeps its stricter reading:
//!
//! - `case`, `select`, `coproc`, the `function` keyword, `[[ … ]]`, `(( … ))`, `for (( … ))`,
//!   `${ …; }` (bash 5.3), `time &` and `! &` (bash 5.3 accepts them), and `time` after `|`;
//! - any error inside `$( … )`, `<( … )` or `>( … )`: bash before 5.2 parses their body only
//!   when it runs it, so the command around the error runs. Where older versions would end such
//!   a body elsewhere (some here-documents in it; inside `$(( … ))`, a body that is more than
//!   plain words and operators) the answer is `None` too;
//! - a wrong token inside the list of an array assignment `name=( … )`: bash discards that unit
//!   and goes on with the next;
//! - `name=(` where bash 5 reads no assignment (bash 4.4 reads more), `name[` and `name=(`
//!   after leading redirections, `{a[1]}>` (an array element given a descriptor), a single quote
//!   inside `"${ … }"` (posix mode reads it differently), here-document delimiters holding `$` or
//!   a backquote, and text with a NUL byte.
//!
//! Extended globs (`@( … )`, `!( … )`…) depend on `shopt extglob`, which the user's shell may
//! turn on: text holding one is read both ways, refused only when bash refuses it both ways, and
//! the later unit start is given. A here-document whose delimiter never comes is no error: bash
//! warns and takes the rest of the text as its body.
//!
//! The model is bash's own grammar, not posix `sh` (dash) or zsh, which read some of these texts
//! (`ls ./app/(x)/`) without error; and aliases, which bash only expands in a script that turns
//! them on, are not expanded.

/// Where bash stops reading a script, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Refusal {
    /// Byte offset where the refused unit (the complete command holding the error) starts; everything from here on runs nothing.
    pub(crate) unit_start: usize,
    /// Byte offset of the token bash stops at (the text's length when it ends too early).
    pub(crate) at: usize,
    pub(crate) kind: RefusalKind,
    /// The text ends inside the bodies of loops or `if`s only (after `do`, `then`, `else`, with
    /// no `{`, `(` or condition open): zsh given the text whole refuses it too, where it closes
    /// some constructs bash leaves open (`{ touch M }`, `while false; touch M`).
    pub(crate) ends_inside_bodies: bool,
}

/// The two syntax errors bash reports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum RefusalKind {
    /// A token bash does not accept there, e.g. `(` after a command's arguments: `ls ./app/(x)/`, `{` after a subshell's `)`, `)` with nothing open.
    UnexpectedToken(String),
    /// The text ends inside something still open: a quote, a backquote, `${`, `$((`, a compound command (`if` without `fi`, `{` without `}`…), or an operator waiting for its command. Names what is open.
    UnexpectedEnd(String),
}

impl RefusalKind {
    /// Whether the text ends inside a quote or a backquote (`"`, `'`, `` ` ``, `$'`, `$"`).
    pub(crate) fn is_open_quote(&self) -> bool {
        matches!(self, RefusalKind::UnexpectedEnd(open) if matches!(open.as_str(), "\"" | "'" | "`" | "$'" | "$\""))
    }
}

impl Refusal {
    /// Whether zsh given the text whole refuses it too: it ends inside a quote, a backquote, or
    /// the bodies of loops and `if`s.
    pub(crate) fn zsh_refuses_too(&self) -> bool {
        self.kind.is_open_quote() || self.ends_inside_bodies
    }

    /// One line for a person: what `shell` (bash, or zsh where it refuses the same) stops at,
    /// and from which line of `text` nothing runs.
    pub(crate) fn describe(&self, text: &str, shell: &str) -> String {
        let line = 1 + text
            .as_bytes()
            .iter()
            .take(self.unit_start)
            .filter(|&&byte| byte == b'\n')
            .count();
        match &self.kind {
            RefusalKind::UnexpectedToken(token) => {
                format!("{shell} stops at `{token}`: a syntax error, so nothing from line {line} on runs")
            }
            RefusalKind::UnexpectedEnd(open) => format!(
                "{shell} reaches the end with `{open}` still open: a syntax error, so nothing from line {line} on runs"
            ),
        }
    }
}

/// Where bash stops reading `text` as a script, or `None` when it reads it all, or when this
/// module is not sure (see the module's documentation).
pub(crate) fn refusal(text: &str) -> Option<Refusal> {
    if text.contains('\0') {
        return None;
    }
    let (stop, saw_extglob_opener) = Scanner::read(text.as_bytes(), false);
    let Stop::Refused(refusal) = stop else {
        return None;
    };
    if !saw_extglob_opener {
        return Some(refusal);
    }
    let (Stop::Refused(with_extglob), _) = Scanner::read(text.as_bytes(), true) else {
        return None;
    };
    // The user's setting decides which of the two is right: the later unit start is safe.
    Some(if with_extglob.unit_start > refusal.unit_start {
        with_extglob
    } else {
        refusal
    })
}

/// Where bash ends each complete command of `text`, which it reads in full: the offsets after
/// each unit's newline (and the here-document bodies the unit gathers), in order. `None` when
/// bash refuses the text, or this module is not sure how it reads it (an extended glob, which
/// `shopt extglob` decides, is among those).
pub(crate) fn unit_ends(text: &str) -> Option<Vec<usize>> {
    if text.contains('\0') {
        return None;
    }
    let mut scanner = Scanner::new(text.as_bytes(), false);
    let stop = scanner.read_all();
    (matches!(stop, Stop::Accepted) && !scanner.saw_extglob_opener).then_some(scanner.unit_ends)
}

/// The most frames (words, quotes, substitutions) and open compound commands a reading holds;
/// deeper text answers `None`.
const MAX_NESTING: usize = 1000;

/// The longest stretch of an offending token quoted in a refusal.
const TOKEN_DISPLAY_CHARS: usize = 40;

/// Commands after which bash reads `name=(…)` as an array assignment anywhere in the command.
const DECLARATION_COMMANDS: [&[u8]; 8] = [
    b"alias",
    b"declare",
    b"export",
    b"local",
    b"readonly",
    b"typeset",
    b"eval",
    b"let",
];

/// How a reading ends.
enum Stop {
    /// Bash reads the whole text.
    Accepted,
    /// Something this module does not model exactly.
    Unsure,
    Refused(Refusal),
}

/// Why the grammar rejects a token.
enum Problem {
    UnexpectedToken,
    UnexpectedEnd(&'static str),
    Unsure,
}

/// A yes/no that bash decides from state this module cannot always know.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Maybe {
    No,
    Unknown,
    Yes,
}

/// bash's tokens, as far as the grammar below tells them apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Tok {
    /// Nothing read yet (the script's start, or a substitution's `$(`).
    Start,
    Newline,
    End,
    Op(Operator),
    Keyword(Keyword),
    Word,
    /// `name=value` where bash reads an assignment.
    Assignment,
    /// Digits right before `<` or `>`: the file descriptor of a redirection, `2` in `2>f`.
    Number,
    /// `{name}` right before `<` or `>`: a variable given the redirection's descriptor.
    DescriptorVariable,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Operator {
    Semicolon,
    /// `;;`, `;&`, `;;&`: only inside `case`, which is not modelled.
    CaseSeparator,
    Ampersand,
    AndIf,
    OrIf,
    /// `|` or `|&`.
    Pipe,
    OpenParen,
    CloseParen,
    Redirect(RedirectWord),
}

/// What the word after a redirection operator is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum RedirectWord {
    /// After `<`, `>`, `>>`, `<>`, `>|`, `&>`, `&>>`, `<<<`.
    File,
    /// After `<&` or `>&`: a file descriptor (digits) or a file.
    Descriptor,
    /// After `<<` or `<<-`: a here-document's delimiter.
    HeredocDelimiter { strip_tabs: bool },
}

/// The operators a command must follow.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Connector {
    AndIf,
    OrIf,
    /// `|` or `|&`.
    Pipe,
}

impl Connector {
    /// How a refusal names the operator when the text ends before its command.
    fn text(self) -> &'static str {
        match self {
            Connector::AndIf => "&&",
            Connector::OrIf => "||",
            Connector::Pipe => "|",
        }
    }
}

/// The reserved words bash recognises where a command may start.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Keyword {
    If,
    Then,
    Else,
    Elif,
    Fi,
    While,
    Until,
    Do,
    Done,
    For,
    In,
    OpenBrace,
    CloseBrace,
    Bang,
    Time,
    /// `-p` right after `time`.
    TimePosix,
    /// `--` right after `time -p` (or `time` in bash 5).
    TimeEndOfOptions,
    Esac,
    /// `]]`.
    CondEnd,
    /// `case`: a word must follow, then `in`.
    Case,
    /// The `function` keyword: a name must follow.
    Function,
}

impl Keyword {
    fn from_word(word: &[u8]) -> Option<Keyword> {
        Some(match word {
            b"if" => Keyword::If,
            b"then" => Keyword::Then,
            b"else" => Keyword::Else,
            b"elif" => Keyword::Elif,
            b"fi" => Keyword::Fi,
            b"while" => Keyword::While,
            b"until" => Keyword::Until,
            b"do" => Keyword::Do,
            b"done" => Keyword::Done,
            b"for" => Keyword::For,
            b"in" => Keyword::In,
            b"{" => Keyword::OpenBrace,
            b"}" => Keyword::CloseBrace,
            b"!" => Keyword::Bang,
            b"time" => Keyword::Time,
            b"esac" => Keyword::Esac,
            b"]]" => Keyword::CondEnd,
            _ => return None,
        })
    }

    /// Whether the word ends one list of a compound command.
    fn closes(self) -> bool {
        matches!(
            self,
            Keyword::Then
                | Keyword::Else
                | Keyword::Elif
                | Keyword::Fi
                | Keyword::Do
                | Keyword::Done
                | Keyword::CloseBrace
        )
    }
}

/// bash's `reserved_word_acceptable`: whether a reserved word is recognised after `last`.
fn reserved_word_acceptable(last: Tok) -> bool {
    match last {
        Tok::Start | Tok::Newline => true,
        Tok::Op(operator) => !matches!(operator, Operator::Redirect(_)),
        Tok::Keyword(keyword) => !matches!(keyword, Keyword::For | Keyword::In | Keyword::Case | Keyword::Function),
        Tok::End | Tok::Word | Tok::Assignment | Tok::Number | Tok::DescriptorVariable => false,
    }
}

/// bash's `time_command_acceptable`: whether `time` is the reserved word after `last`.
fn time_command_acceptable(last: Tok, before_last: Tok) -> bool {
    match last {
        Tok::Start | Tok::Newline | Tok::Op(Operator::Semicolon) => before_last != Tok::Op(Operator::Pipe),
        Tok::Op(operator) => matches!(
            operator,
            Operator::AndIf | Operator::OrIf | Operator::Ampersand | Operator::OpenParen | Operator::CloseParen
        ),
        Tok::Keyword(keyword) => matches!(
            keyword,
            Keyword::While
                | Keyword::Do
                | Keyword::Until
                | Keyword::If
                | Keyword::Then
                | Keyword::Elif
                | Keyword::Else
                | Keyword::OpenBrace
                | Keyword::Bang
                | Keyword::Time
                | Keyword::TimePosix
                | Keyword::TimeEndOfOptions
        ),
        _ => false,
    }
}

/// What the grammar expects next.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    /// The start of a list, or after `;`, `&` or a newline: a command, a word closing the
    /// innermost compound command, or a newline.
    ListStart,
    /// After `&&`, `||`, `|` or `|&`: newlines, then a command.
    CommandRequired {
        after: Connector,
    },
    /// After `!`, `time`, `time -p`: a command, or a separator (an empty command).
    AfterPrefix,
    SimpleCommand(CommandShape),
    /// After a compound command's `)`, `}`, `fi` or `done`: redirections, a separator, or a
    /// word closing the enclosing compound command.
    AfterCompound,
    /// After the file descriptor of a redirection: its operator.
    RedirectOperator {
        then: AfterRedirect,
    },
    /// After a redirection operator: its word.
    RedirectTarget {
        then: AfterRedirect,
        word: RedirectWord,
    },
    /// `name (`: `)` must follow.
    FunctionParen,
    /// `name ( )`: newlines, then a compound command.
    FunctionBody,
    /// `for`: the variable's name.
    ForName,
    /// `for name`: `in`, `do`, `;` or a newline.
    ForAfterName,
    ForAfterSemicolon,
    ForAfterNewline,
    /// `for name in`: the words, up to `;` or a newline.
    ForWords,
    /// `for name in words;`: newlines, then `do` or `{`.
    ForBeforeBody,
    /// `case`: the word it matches.
    CaseWord,
    /// `case word`: newlines, then `in` (what follows `in` is not modelled).
    CaseAfterWord,
    /// `function`: the function's name (what follows it is not modelled).
    FunctionName,
}

/// What a simple command holds so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum CommandShape {
    /// Redirections only: bash may read the next word in command position.
    OnlyRedirections,
    /// One word and nothing else: `(` makes it a function definition.
    OneWord,
    Other,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum AfterRedirect {
    SimpleCommand(CommandShape),
    Compound,
}

/// An open compound command, and the list being read inside it.
struct Construct {
    kind: ConstructKind,
    /// The word or operator that opened it, named when the text ends inside it.
    opener: &'static str,
    /// Whether the current list holds a command yet: bash refuses an empty one.
    has_command: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ConstructKind {
    Subshell,
    BraceGroup,
    IfCondition,
    IfBody,
    ElseBody,
    LoopCondition,
    LoopBody,
}

/// What feeding a token to the grammar did.
enum Fed {
    Continue,
    /// A newline ended the script's unit.
    UnitEnded,
    /// The `)` of a substitution's body.
    SubstitutionClosed,
    /// The script ended where bash accepts it.
    Finished,
}

/// A here-document whose body starts after the next newline.
struct Heredoc {
    delimiter: Vec<u8>,
    /// A quoted delimiter: the body is read verbatim, without joining `\` newline.
    quoted: bool,
    strip_tabs: bool,
    /// A plain delimiter (letters, digits, `_`, `.`, `-`), bare or wholly quoted: older bash
    /// finds its end inside a substitution as bash 5.2 does.
    plain: bool,
}

/// Which list of commands a parser reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ListKind {
    Script,
    /// The body of `$(…)`, `<(…)` or `>(…)`, from `body_start`; `in_arithmetic` when it is
    /// right inside `$((…))` or `$[…]`, where bash 5.2 and older find its end by counting
    /// parentheses instead of parsing it.
    Substitution {
        body_start: usize,
        in_arithmetic: bool,
    },
}

/// The grammar for one list of commands: the script, or the body of a substitution.
struct Parser {
    kind: ListKind,
    state: State,
    constructs: Vec<Construct>,
    last: Tok,
    before_last: Tok,
    /// bash's `command_token_position`: whether the next word starts a command, where
    /// `name=value` is an assignment.
    command_position: Maybe,
    /// bash's `PST_ASSIGNOK`: a declaration command was read, so `name=(…)` is an assignment.
    assign_ok: Maybe,
    /// The word just classified may be an assignment, which bash decides by state this module
    /// does not know.
    word_may_be_assignment: bool,
    heredocs: Vec<Heredoc>,
}

impl Parser {
    fn new(kind: ListKind) -> Parser {
        Parser {
            kind,
            state: State::ListStart,
            constructs: Vec::new(),
            last: Tok::Start,
            before_last: Tok::Start,
            command_position: Maybe::Yes,
            assign_ok: Maybe::No,
            word_may_be_assignment: false,
            heredocs: Vec::new(),
        }
    }

    fn is_substitution(&self) -> bool {
        self.kind != ListKind::Script
    }

    /// The token bash makes of a word (`source` is its text): a reserved word, a redirection's
    /// file descriptor, an assignment or a plain word. `next` is the character after it.
    fn classify(&mut self, word: &WordReader, source: &[u8], next: Option<u8>) -> Result<Tok, Problem> {
        self.word_may_be_assignment = false;
        let plain = word.plain();
        if matches!(next, Some(b'<' | b'>')) {
            if source.starts_with(b"{") && source.ends_with(b"}") && source.contains(&b'[') {
                // Maybe an array element given the redirection's descriptor: `{fd[1]}>f`.
                return Err(Problem::Unsure);
            }
            if let Some(plain) = plain {
                if is_file_descriptor(plain) {
                    return Ok(Tok::Number);
                }
                if plain
                    .strip_prefix(b"{")
                    .and_then(|rest| rest.strip_suffix(b"}"))
                    .is_some_and(is_identifier)
                {
                    return Ok(Tok::DescriptorVariable);
                }
            }
        }
        if let Some(plain) = plain
            && let Some(keyword) = self.reserved_word(plain)?
        {
            return Ok(Tok::Keyword(keyword));
        }
        if word.shape == Shape::Assigned {
            match self.command_position {
                Maybe::Yes => return Ok(Tok::Assignment),
                Maybe::Unknown => self.word_may_be_assignment = true,
                Maybe::No => {}
            }
        }
        if let Some(plain) = plain
            && self.command_position != Maybe::No
            && DECLARATION_COMMANDS.contains(&plain)
        {
            self.assign_ok = self.assign_ok.max(self.command_position);
        }
        Ok(Tok::Word)
    }

    /// The reserved word `word` is here, if any (bash's `special_case_tokens` and
    /// `CHECK_FOR_RESERVED_WORD`).
    fn reserved_word(&self, word: &[u8]) -> Result<Option<Keyword>, Problem> {
        match (self.state, word) {
            (State::ForAfterName, b"in" | b"do") | (State::ForAfterNewline | State::CaseAfterWord, b"in") => {
                return Ok(Keyword::from_word(word));
            }
            (_, b"-p") if self.last == Tok::Keyword(Keyword::Time) => return Ok(Some(Keyword::TimePosix)),
            (_, b"--") if self.last == Tok::Keyword(Keyword::TimePosix) => {
                return Ok(Some(Keyword::TimeEndOfOptions));
            }
            // bash 4.4 reads a command named `--` here.
            (_, b"--") if self.last == Tok::Keyword(Keyword::Time) => return Err(Problem::Unsure),
            _ => {}
        }
        if !reserved_word_acceptable(self.last) {
            return Ok(None);
        }
        match word {
            b"case" => return Ok(Some(Keyword::Case)),
            b"function" => return Ok(Some(Keyword::Function)),
            b"select" | b"coproc" | b"[[" => return Err(Problem::Unsure),
            _ => {}
        }
        if word == b"time" {
            if self.state == (State::CommandRequired { after: Connector::Pipe }) {
                return Err(Problem::Unsure);
            }
            if !time_command_acceptable(self.last, self.before_last) {
                return Ok(None);
            }
        }
        Ok(Keyword::from_word(word))
    }

    /// Whether bash reads `((` here as arithmetic (or a nested subshell it decides later).
    fn reads_double_paren(&self) -> bool {
        self.last == Tok::Keyword(Keyword::For) || reserved_word_acceptable(self.last)
    }

    /// The here-document whose delimiter the next word is, if any: whether it strips tabs.
    fn awaits_heredoc_delimiter(&self) -> Option<bool> {
        match self.state {
            State::RedirectTarget {
                word: RedirectWord::HeredocDelimiter { strip_tabs },
                ..
            } => Some(strip_tabs),
            _ => None,
        }
    }

    fn feed(&mut self, tok: Tok) -> Result<Fed, Problem> {
        let redirect_list = matches!(
            self.state,
            State::RedirectTarget {
                then: AfterRedirect::SimpleCommand(CommandShape::OnlyRedirections),
                ..
            }
        );
        let fed = self.transition(tok);
        self.command_position = match tok {
            Tok::Assignment => Maybe::Yes,
            Tok::Word | Tok::Number | Tok::DescriptorVariable if self.word_may_be_assignment || redirect_list => {
                Maybe::Unknown
            }
            Tok::Op(Operator::CaseSeparator) => Maybe::No,
            _ if reserved_word_acceptable(tok) => Maybe::Yes,
            _ => Maybe::No,
        };
        if matches!(tok, Tok::Op(_) | Tok::Newline | Tok::End) {
            self.assign_ok = Maybe::No;
        }
        self.before_last = self.last;
        self.last = tok;
        fed
    }

    fn transition(&mut self, tok: Tok) -> Result<Fed, Problem> {
        if tok == Tok::End {
            return self.end();
        }
        match self.state {
            State::ListStart => match tok {
                Tok::Newline => Ok(self.newline_in_list()),
                Tok::Op(Operator::CloseParen) => self.close(tok),
                Tok::Keyword(keyword) if keyword.closes() => self.close(tok),
                _ => self.start_command(tok, false),
            },
            State::CommandRequired { after } => match tok {
                Tok::Newline => Ok(Fed::Continue),
                _ => self.start_command(tok, after == Connector::Pipe),
            },
            State::AfterPrefix => match tok {
                Tok::Newline | Tok::Op(Operator::Semicolon) => self.after_command(tok),
                Tok::Op(Operator::Ampersand) => Err(Problem::Unsure),
                Tok::Keyword(Keyword::Bang | Keyword::Time | Keyword::TimePosix | Keyword::TimeEndOfOptions) => {
                    Ok(Fed::Continue)
                }
                _ => self.start_command(tok, false),
            },
            State::SimpleCommand(shape) => match tok {
                Tok::Word | Tok::Assignment => {
                    self.state = State::SimpleCommand(CommandShape::Other);
                    Ok(Fed::Continue)
                }
                Tok::Number | Tok::DescriptorVariable | Tok::Op(Operator::Redirect(_)) => {
                    let shape = match shape {
                        CommandShape::OnlyRedirections => CommandShape::OnlyRedirections,
                        CommandShape::OneWord | CommandShape::Other => CommandShape::Other,
                    };
                    self.redirect(tok, AfterRedirect::SimpleCommand(shape))
                }
                Tok::Op(Operator::OpenParen) if shape == CommandShape::OneWord => {
                    self.state = State::FunctionParen;
                    Ok(Fed::Continue)
                }
                _ => self.after_command(tok),
            },
            State::AfterCompound => match tok {
                Tok::Number | Tok::DescriptorVariable | Tok::Op(Operator::Redirect(_)) => {
                    self.redirect(tok, AfterRedirect::Compound)
                }
                Tok::Keyword(keyword) if keyword.closes() => self.close(tok),
                _ => self.after_command(tok),
            },
            State::RedirectOperator { then } => match tok {
                Tok::Op(Operator::Redirect(_)) => self.redirect(tok, then),
                _ => Err(Problem::UnexpectedToken),
            },
            State::RedirectTarget { then, word } => match tok {
                Tok::Number if word != RedirectWord::Descriptor => Err(Problem::UnexpectedToken),
                // `{name}` too: bash 4.1 and later refuse it here, bash 3.2 reads a plain word.
                Tok::Word | Tok::Assignment | Tok::Number | Tok::DescriptorVariable => {
                    self.state = match then {
                        AfterRedirect::SimpleCommand(shape) => State::SimpleCommand(shape),
                        AfterRedirect::Compound => State::AfterCompound,
                    };
                    Ok(Fed::Continue)
                }
                _ => Err(Problem::UnexpectedToken),
            },
            State::FunctionParen => match tok {
                Tok::Op(Operator::CloseParen) => {
                    self.state = State::FunctionBody;
                    Ok(Fed::Continue)
                }
                _ => Err(Problem::UnexpectedToken),
            },
            State::FunctionBody => match tok {
                Tok::Newline => Ok(Fed::Continue),
                Tok::Op(Operator::OpenParen)
                | Tok::Keyword(
                    Keyword::OpenBrace | Keyword::If | Keyword::While | Keyword::Until | Keyword::For | Keyword::Case,
                ) => self.start_command(tok, false),
                _ => Err(Problem::UnexpectedToken),
            },
            State::ForName => match tok {
                Tok::Word => self.set_state(State::ForAfterName),
                _ => Err(Problem::UnexpectedToken),
            },
            State::ForAfterName => match tok {
                Tok::Keyword(Keyword::In) => self.set_state(State::ForWords),
                Tok::Keyword(Keyword::Do) => self.open(ConstructKind::LoopBody, "for"),
                Tok::Op(Operator::Semicolon) => self.set_state(State::ForAfterSemicolon),
                Tok::Newline => self.set_state(State::ForAfterNewline),
                _ => Err(Problem::UnexpectedToken),
            },
            State::ForAfterSemicolon | State::ForAfterNewline | State::ForBeforeBody => match tok {
                Tok::Newline => Ok(Fed::Continue),
                Tok::Keyword(Keyword::In) if self.state == State::ForAfterNewline => self.set_state(State::ForWords),
                Tok::Keyword(Keyword::Do) => self.open(ConstructKind::LoopBody, "for"),
                Tok::Keyword(Keyword::OpenBrace) => self.open(ConstructKind::BraceGroup, "for"),
                _ => Err(Problem::UnexpectedToken),
            },
            State::ForWords => match tok {
                Tok::Word | Tok::Assignment => Ok(Fed::Continue),
                Tok::Newline | Tok::Op(Operator::Semicolon) => self.set_state(State::ForBeforeBody),
                _ => Err(Problem::UnexpectedToken),
            },
            // bash's grammar: `CASE WORD newline_list IN …` and `FUNCTION WORD …`. Only these
            // first tokens are modelled: JavaScript read as a backquote body (`case "x":` then a
            // statement, `(function() {`) fails there.
            State::CaseWord => match tok {
                Tok::Word => self.set_state(State::CaseAfterWord),
                Tok::Assignment => Err(Problem::Unsure),
                _ => Err(Problem::UnexpectedToken),
            },
            State::CaseAfterWord => match tok {
                Tok::Newline => Ok(Fed::Continue),
                Tok::Keyword(Keyword::In) => Err(Problem::Unsure),
                _ => Err(Problem::UnexpectedToken),
            },
            State::FunctionName => match tok {
                Tok::Word | Tok::Assignment => Err(Problem::Unsure),
                _ => Err(Problem::UnexpectedToken),
            },
        }
    }

    fn set_state(&mut self, state: State) -> Result<Fed, Problem> {
        self.state = state;
        Ok(Fed::Continue)
    }

    /// The end of the text, after the newline bash adds to it.
    fn end(&mut self) -> Result<Fed, Problem> {
        match self.state {
            State::ListStart => match self.constructs.last() {
                None => Ok(Fed::Finished),
                Some(construct) => Err(Problem::UnexpectedEnd(construct.opener)),
            },
            State::CommandRequired { after } => Err(Problem::UnexpectedEnd(after.text())),
            State::ForName
            | State::ForAfterName
            | State::ForAfterSemicolon
            | State::ForAfterNewline
            | State::ForWords
            | State::ForBeforeBody => Err(Problem::UnexpectedEnd("for")),
            State::CaseAfterWord => Err(Problem::UnexpectedEnd("case")),
            State::CaseWord | State::FunctionName => Err(Problem::UnexpectedToken),
            State::FunctionBody => Err(Problem::UnexpectedEnd("name ()")),
            State::AfterPrefix
            | State::SimpleCommand(_)
            | State::AfterCompound
            | State::RedirectOperator { .. }
            | State::RedirectTarget { .. }
            | State::FunctionParen => Err(Problem::UnexpectedToken),
        }
    }

    /// A newline where a list may end: the script's unit ends when nothing is open.
    fn newline_in_list(&self) -> Fed {
        if self.constructs.is_empty() && !self.is_substitution() {
            Fed::UnitEnded
        } else {
            Fed::Continue
        }
    }

    fn start_command(&mut self, tok: Tok, after_pipe: bool) -> Result<Fed, Problem> {
        if let Some(construct) = self.constructs.last_mut() {
            construct.has_command = true;
        }
        match tok {
            Tok::Word => self.set_state(State::SimpleCommand(CommandShape::OneWord)),
            Tok::Assignment => self.set_state(State::SimpleCommand(CommandShape::Other)),
            Tok::Number | Tok::DescriptorVariable | Tok::Op(Operator::Redirect(_)) => {
                self.redirect(tok, AfterRedirect::SimpleCommand(CommandShape::OnlyRedirections))
            }
            Tok::Op(Operator::OpenParen) => self.open(ConstructKind::Subshell, "("),
            Tok::Keyword(Keyword::OpenBrace) => self.open(ConstructKind::BraceGroup, "{"),
            Tok::Keyword(Keyword::If) => self.open(ConstructKind::IfCondition, "if"),
            Tok::Keyword(Keyword::While) => self.open(ConstructKind::LoopCondition, "while"),
            Tok::Keyword(Keyword::Until) => self.open(ConstructKind::LoopCondition, "until"),
            Tok::Keyword(Keyword::For) => self.set_state(State::ForName),
            Tok::Keyword(Keyword::Case) => self.set_state(State::CaseWord),
            Tok::Keyword(Keyword::Function) => self.set_state(State::FunctionName),
            Tok::Keyword(Keyword::Bang) if !after_pipe => self.set_state(State::AfterPrefix),
            Tok::Keyword(Keyword::Time) => self.set_state(State::AfterPrefix),
            _ => Err(Problem::UnexpectedToken),
        }
    }

    /// A redirection's operator, or the file descriptor before it.
    fn redirect(&mut self, tok: Tok, then: AfterRedirect) -> Result<Fed, Problem> {
        self.set_state(match tok {
            Tok::Op(Operator::Redirect(word)) => State::RedirectTarget { then, word },
            _ => State::RedirectOperator { then },
        })
    }

    /// A token after a complete command.
    fn after_command(&mut self, tok: Tok) -> Result<Fed, Problem> {
        match tok {
            Tok::Newline => {
                self.state = State::ListStart;
                Ok(self.newline_in_list())
            }
            Tok::Op(Operator::Semicolon | Operator::Ampersand) => self.set_state(State::ListStart),
            Tok::Op(Operator::AndIf) => self.set_state(State::CommandRequired {
                after: Connector::AndIf,
            }),
            Tok::Op(Operator::OrIf) => self.set_state(State::CommandRequired { after: Connector::OrIf }),
            Tok::Op(Operator::Pipe) => self.set_state(State::CommandRequired { after: Connector::Pipe }),
            Tok::Op(Operator::CloseParen) => self.close(tok),
            _ => Err(Problem::UnexpectedToken),
        }
    }

    fn open(&mut self, kind: ConstructKind, opener: &'static str) -> Result<Fed, Problem> {
        if self.constructs.len() >= MAX_NESTING {
            return Err(Problem::Unsure);
        }
        self.constructs.push(Construct {
            kind,
            opener,
            has_command: false,
        });
        self.set_state(State::ListStart)
    }

    /// `)` or a reserved word ending the innermost compound command's current list.
    fn close(&mut self, tok: Tok) -> Result<Fed, Problem> {
        let Some(construct) = self.constructs.last_mut() else {
            return match tok {
                Tok::Op(Operator::CloseParen) if self.is_substitution() && self.heredocs.is_empty() => {
                    Ok(Fed::SubstitutionClosed)
                }
                // Older bash ends a here-document at the substitution's `)` differently.
                Tok::Op(Operator::CloseParen) if self.is_substitution() => Err(Problem::Unsure),
                _ => Err(Problem::UnexpectedToken),
            };
        };
        if !construct.has_command {
            return Err(Problem::UnexpectedToken);
        }
        let next = match (construct.kind, tok) {
            (ConstructKind::Subshell, Tok::Op(Operator::CloseParen))
            | (ConstructKind::BraceGroup, Tok::Keyword(Keyword::CloseBrace))
            | (ConstructKind::IfBody | ConstructKind::ElseBody, Tok::Keyword(Keyword::Fi))
            | (ConstructKind::LoopBody, Tok::Keyword(Keyword::Done)) => None,
            (ConstructKind::IfCondition, Tok::Keyword(Keyword::Then)) => Some(ConstructKind::IfBody),
            (ConstructKind::IfBody, Tok::Keyword(Keyword::Elif)) => Some(ConstructKind::IfCondition),
            (ConstructKind::IfBody, Tok::Keyword(Keyword::Else)) => Some(ConstructKind::ElseBody),
            (ConstructKind::LoopCondition, Tok::Keyword(Keyword::Do)) => Some(ConstructKind::LoopBody),
            _ => return Err(Problem::UnexpectedToken),
        };
        match next {
            Some(kind) => {
                construct.kind = kind;
                construct.has_command = false;
                self.set_state(State::ListStart)
            }
            None => {
                self.constructs.pop();
                self.set_state(State::AfterCompound)
            }
        }
    }
}

/// How far a word's characters make it an assignment (bash's `assignment`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Shape {
    Empty,
    /// A valid name so far.
    Name,
    /// `name[…]`.
    Subscript,
    /// `name+` or `name[…]+`.
    Plus,
    /// `name=…`, `name+=…`, `name[…]=…`.
    Assigned,
    Other,
}

impl Shape {
    fn after(self, byte: u8) -> Shape {
        match (self, byte) {
            (Shape::Assigned, _) => Shape::Assigned,
            (Shape::Empty, byte) if byte == b'_' || byte.is_ascii_alphabetic() => Shape::Name,
            (Shape::Name, byte) if byte == b'_' || byte.is_ascii_alphanumeric() => Shape::Name,
            (Shape::Name | Shape::Subscript, b'+') => Shape::Plus,
            (Shape::Name | Shape::Subscript | Shape::Plus, b'=') => Shape::Assigned,
            _ => Shape::Other,
        }
    }

    /// Whether `=` here makes the word an assignment.
    fn can_assign(self) -> bool {
        matches!(self, Shape::Name | Shape::Subscript | Shape::Plus)
    }
}

/// A word being read (bash's `read_token_word`).
struct WordReader {
    start: usize,
    /// The characters read outside quotes and expansions, `\` newline removed.
    plain: Vec<u8>,
    /// Whether the word holds quotes, escapes or expansions: then it is no reserved word,
    /// number or name.
    quoted: bool,
    shape: Shape,
    /// Read inside `name=( … )`.
    in_array_list: bool,
    command_position: Maybe,
    assign_ok: Maybe,
}

impl WordReader {
    fn new(start: usize, in_array_list: bool, command_position: Maybe, assign_ok: Maybe) -> WordReader {
        WordReader {
            start,
            plain: Vec::new(),
            quoted: false,
            shape: Shape::Empty,
            in_array_list,
            command_position,
            assign_ok,
        }
    }

    fn plain(&self) -> Option<&[u8]> {
        (!self.quoted).then_some(self.plain.as_slice())
    }

    fn push_plain(&mut self, byte: u8) {
        self.plain.push(byte);
        self.shape = self.shape.after(byte);
    }

    fn push_quoted(&mut self) {
        self.quoted = true;
        if self.shape != Shape::Assigned {
            self.shape = Shape::Other;
        }
    }

    fn is_empty(&self) -> bool {
        self.plain.is_empty() && !self.quoted
    }
}

/// A stretch read to its closing character (bash's `parse_matched_pair`): a quoted string,
/// `${…}`, `$[…]`, `$((…))`, an array subscript, an extended glob.
struct PairReader {
    open: u8,
    close: u8,
    /// bash's `qc`: `'` reads the stretch without joining `\` newline.
    quote: u8,
    /// `${…}`: a `{` inside does not nest.
    first_close: bool,
    /// `$'…'`: `\` escapes.
    allow_escape: bool,
    /// Read inside double quotes.
    in_double_quotes: bool,
    dollar_brace: bool,
    arithmetic: bool,
    array_subscript: bool,
    depth: usize,
    escape_next: bool,
    after_dollar: bool,
    after_angle: bool,
    /// How it opened, named when the text ends inside it.
    name: &'static str,
}

/// What reading one character of a stretch asks for.
enum PairStep {
    Continue,
    Closed,
    Open(PairReader),
    Substitution,
    Unsure,
}

impl PairReader {
    fn new(open: u8, close: u8, quote: u8, name: &'static str) -> PairReader {
        PairReader {
            open,
            close,
            quote,
            first_close: false,
            allow_escape: false,
            in_double_quotes: false,
            dollar_brace: false,
            arithmetic: false,
            array_subscript: false,
            depth: 1,
            escape_next: false,
            after_dollar: false,
            after_angle: false,
            name,
        }
    }

    /// A quoted string: `'…'`, `"…"` or `` `…` ``.
    fn quote(quote: u8) -> PairReader {
        let name = match quote {
            b'\'' => "'",
            b'"' => "\"",
            _ => "`",
        };
        PairReader::new(quote, quote, quote, name)
    }

    fn dollar_brace(in_double_quotes: bool) -> PairReader {
        PairReader {
            first_close: true,
            dollar_brace: true,
            in_double_quotes,
            ..PairReader::new(b'{', b'}', 0, "${")
        }
    }

    fn dollar_bracket(in_double_quotes: bool) -> PairReader {
        PairReader {
            arithmetic: true,
            in_double_quotes,
            ..PairReader::new(b'[', b']', 0, "$[")
        }
    }

    /// `$((…))` after its `$(`: the second `(` is read as nesting.
    fn arithmetic() -> PairReader {
        PairReader {
            arithmetic: true,
            ..PairReader::new(b'(', b')', 0, "$((")
        }
    }

    fn read(&mut self, byte: u8, next: Option<u8>) -> PairStep {
        if self.escape_next {
            self.escape_next = false;
            return PairStep::Continue;
        }
        if byte == self.close {
            self.depth -= 1;
            if self.depth == 0 {
                return PairStep::Closed;
            }
        } else if (!self.first_close || self.after_dollar) && byte == self.open && self.open != self.close {
            // A nested opener: `${` nests inside `${…}` even though a plain `{` does not.
            self.depth += 1;
        }
        if self.open == b'\'' {
            self.escape_next = self.allow_escape && byte == b'\\';
            return PairStep::Continue;
        }
        if byte == b'\\' {
            self.escape_next = true;
        }
        if byte == b'$' && self.after_dollar && matches!(next, Some(b'(' | b'{' | b'[')) && self.open != b'`' {
            // bash 4.4 reads `$$(` as `$` and `$(`; bash 5 as `$$` and `(`.
            return PairStep::Unsure;
        }
        let nested_in_double_quotes = self.quote == b'"' || self.in_double_quotes;
        let mut step = PairStep::Continue;
        if self.open != self.close {
            let dollar_word = self.after_dollar && matches!(byte, b'(' | b'{' | b'[');
            if matches!(byte, b'\'' | b'"' | b'`') {
                if byte == b'\'' && self.dollar_brace && nested_in_double_quotes {
                    // Posix mode does not read a single quote inside "${…}" as a quote.
                    return PairStep::Unsure;
                }
                let mut nested = PairReader::quote(byte);
                nested.allow_escape = self.after_dollar && byte == b'\'';
                nested.in_double_quotes = nested_in_double_quotes;
                step = PairStep::Open(nested);
            } else if (self.array_subscript || self.dollar_brace) && dollar_word
                || self.arithmetic && self.after_dollar && byte == b'('
            {
                step = self.dollar_word(byte, next, nested_in_double_quotes);
            } else if self.arithmetic && self.after_dollar && byte == b'{' && is_funsub_start(next)
                || (self.array_subscript || self.dollar_brace) && self.after_angle && byte == b'('
            {
                // bash 5.3's `${ …; }`; a process substitution, which bash 5 reads here and
                // bash 4.4 does not.
                return PairStep::Unsure;
            }
        } else if self.open == b'"' && byte == b'`' {
            let mut nested = PairReader::new(b'`', b'`', 0, "`");
            nested.in_double_quotes = nested_in_double_quotes;
            step = PairStep::Open(nested);
        } else if self.open != b'`' && self.after_dollar && matches!(byte, b'(' | b'{' | b'[') {
            step = self.dollar_word(byte, next, nested_in_double_quotes);
        }
        self.after_angle = matches!(byte, b'<' | b'>') && !self.after_angle;
        self.after_dollar = byte == b'$' && !self.after_dollar;
        step
    }

    /// `$(`, `${` or `$[` inside the stretch (bash's `parse_dollar_word`).
    fn dollar_word(&mut self, byte: u8, next: Option<u8>, in_double_quotes: bool) -> PairStep {
        if byte == self.open {
            self.depth = self.depth.saturating_sub(1);
        }
        match byte {
            b'(' if next == Some(b'(') => PairStep::Open(PairReader::arithmetic()),
            b'(' => PairStep::Substitution,
            b'{' if is_funsub_start(next) => PairStep::Unsure,
            b'{' => PairStep::Open(PairReader::dollar_brace(in_double_quotes)),
            _ => PairStep::Open(PairReader::dollar_bracket(in_double_quotes)),
        }
    }
}

/// What the reader is in the middle of, innermost last.
enum Frame {
    /// A list of commands: the script, or a substitution's body.
    Commands(Parser),
    Word(WordReader),
    Pair(PairReader),
    /// The parenthesised list of `name=( … )`.
    ArrayList,
}

/// Reads a script as bash does, with an explicit stack of frames.
struct Scanner<'a> {
    text: &'a [u8],
    pos: usize,
    extglob: bool,
    saw_extglob_opener: bool,
    frames: Vec<Frame>,
    /// Where the script's current unit began, while `unit_open`.
    unit_start: usize,
    unit_open: bool,
    final_newline_fed: bool,
    /// Here-documents read but not yet gathered, in all lists.
    pending_heredocs: usize,
    /// Where each unit read so far ended.
    unit_ends: Vec<usize>,
}

impl<'a> Scanner<'a> {
    fn new(text: &'a [u8], extglob: bool) -> Scanner<'a> {
        Scanner {
            text,
            pos: 0,
            extglob,
            saw_extglob_opener: false,
            frames: vec![Frame::Commands(Parser::new(ListKind::Script))],
            unit_start: 0,
            unit_open: false,
            final_newline_fed: false,
            pending_heredocs: 0,
            unit_ends: Vec::new(),
        }
    }

    /// Reads `text` to its end or its first error; whether an extended-glob opener was seen.
    fn read(text: &'a [u8], extglob: bool) -> (Stop, bool) {
        let mut scanner = Scanner::new(text, extglob);
        let stop = scanner.read_all();
        (stop, scanner.saw_extglob_opener)
    }

    /// Reads the text to its end or its first error.
    fn read_all(&mut self) -> Stop {
        loop {
            if let Err(stop) = self.step() {
                return stop;
            }
        }
    }

    fn step(&mut self) -> Result<(), Stop> {
        match self.frames.last() {
            Some(Frame::Commands(_)) => self.step_commands(),
            Some(Frame::Word(_)) => self.step_word(),
            Some(Frame::Pair(_)) => self.step_pair(),
            Some(Frame::ArrayList) => self.step_array_list(),
            None => Err(Stop::Unsure),
        }
    }

    /// The byte at `at`, `\` newline pairs skipped when `join`, and the position after it.
    fn byte_at(&self, mut at: usize, join: bool) -> Option<(u8, usize)> {
        loop {
            let byte = *self.text.get(at)?;
            if join && byte == b'\\' && self.text.get(at + 1) == Some(&b'\n') {
                at += 2;
                continue;
            }
            return Some((byte, at + 1));
        }
    }

    fn take(&mut self, join: bool) -> Option<u8> {
        let (byte, next) = self.byte_at(self.pos, join)?;
        self.pos = next;
        Some(byte)
    }

    fn push(&mut self, frame: Frame) -> Result<(), Stop> {
        if self.frames.len() >= MAX_NESTING {
            return Err(Stop::Unsure);
        }
        self.frames.push(frame);
        Ok(())
    }

    /// The list of commands being read: the innermost `Commands` frame.
    fn parser(&mut self) -> Result<&mut Parser, Stop> {
        self.frames
            .iter_mut()
            .rev()
            .find_map(|frame| match frame {
                Frame::Commands(parser) => Some(parser),
                _ => None,
            })
            .ok_or(Stop::Unsure)
    }

    fn inside_substitution(&self) -> bool {
        self.frames
            .iter()
            .any(|frame| matches!(frame, Frame::Commands(parser) if parser.is_substitution()))
    }

    /// Blanks and `\` newline pairs between tokens.
    fn skip_blanks(&mut self) {
        while let Some(&byte) = self.text.get(self.pos) {
            if byte == b' ' || byte == b'\t' {
                self.pos += 1;
            } else if byte == b'\\' && self.text.get(self.pos + 1) == Some(&b'\n') {
                self.pos += 2;
            } else {
                break;
            }
        }
    }

    /// A comment, up to (not including) its newline.
    fn skip_comment(&mut self) {
        while self.text.get(self.pos).is_some_and(|&byte| byte != b'\n') {
            self.pos += 1;
        }
    }

    fn step_commands(&mut self) -> Result<(), Stop> {
        self.skip_blanks();
        let start = self.pos;
        match self.text.get(start) {
            None => self.end_of_text(),
            Some(b'#') => {
                self.skip_comment();
                Ok(())
            }
            Some(b'\n') => {
                self.pos += 1;
                self.read_heredoc_bodies()?;
                self.feed(Tok::Newline, start, start)
            }
            Some(&byte) => {
                if self.frames.len() == 1 && !self.unit_open {
                    self.unit_open = true;
                    self.unit_start = start;
                }
                let duplicates = Tok::Op(Operator::Redirect(RedirectWord::Descriptor));
                if byte == b'-' && self.parser()?.last == duplicates {
                    // `<&-` and `>&-`: the `-` is a token of its own, what follows a new word.
                    self.pos += 1;
                    return self.feed(Tok::Word, start, self.pos);
                }
                match self.read_operator()? {
                    Some(operator) => self.feed(Tok::Op(operator), start, self.pos),
                    None => {
                        let parser = self.parser()?;
                        let word = WordReader::new(start, false, parser.command_position, parser.assign_ok);
                        self.push(Frame::Word(word))
                    }
                }
            }
        }
    }

    /// The end of the text where a list of commands is read.
    fn end_of_text(&mut self) -> Result<(), Stop> {
        if self.inside_substitution() {
            return Err(self.substitution_left_open());
        }
        let end = self.text.len();
        if self.final_newline_fed {
            return self.feed(Tok::End, end, end);
        }
        // bash ends the last line of a string with a newline.
        self.final_newline_fed = true;
        self.read_heredoc_bodies()?;
        self.feed(Tok::Newline, end, end)
    }

    /// The end of the text inside `$(`, `<(` or `>(`. Bash before 5.2 finds a body's end by
    /// counting parentheses, and 5.2 by parsing it, so they agree only when no `)` follows the
    /// outermost opener at all: then every version reaches the end looking for it (the backquote
    /// body `` `$(` `` of PowerShell's escaped `` `$(`$_.Id) ``).
    fn substitution_left_open(&self) -> Stop {
        let outermost_body = self.frames.iter().find_map(|frame| match frame {
            Frame::Commands(Parser {
                kind: ListKind::Substitution { body_start, .. },
                ..
            }) => Some(*body_start),
            _ => None,
        });
        let Some(body_start) = outermost_body.filter(|&start| !self.text[start..].contains(&b')')) else {
            return Stop::Unsure;
        };
        let end = self.text.len();
        let opener = match self.text.get(body_start.saturating_sub(2)) {
            Some(b'<') => "<(",
            Some(b'>') => ">(",
            _ => "$(",
        };
        Stop::Refused(Refusal {
            unit_start: if self.unit_open { self.unit_start } else { end },
            at: end,
            kind: RefusalKind::UnexpectedEnd(opener.to_owned()),
            ends_inside_bodies: false,
        })
    }

    /// The operator starting at the current position, consumed; `None` for a word (`<(` and
    /// `>(` start one).
    fn read_operator(&mut self) -> Result<Option<Operator>, Stop> {
        let Some((first, after_first)) = self.byte_at(self.pos, false) else {
            return Ok(None);
        };
        if !is_metacharacter(first) {
            return Ok(None);
        }
        // bash reads an operator's later characters joining `\` newline.
        let (second, after_second) = match self.byte_at(after_first, true) {
            Some((byte, after)) => (Some(byte), after),
            None => (None, after_first),
        };
        let third = self.byte_at(after_second, true);
        let file = Operator::Redirect(RedirectWord::File);
        let heredoc = |strip_tabs| Operator::Redirect(RedirectWord::HeredocDelimiter { strip_tabs });
        let (operator, end) = match (first, second) {
            (b'<' | b'>', Some(b'(')) => return Ok(None),
            (b'<', Some(b'<')) => match third {
                Some((b'-', after)) => (heredoc(true), after),
                Some((b'<', after)) => (file, after),
                _ => (heredoc(false), after_second),
            },
            (b'<' | b'>', Some(b'&')) => (Operator::Redirect(RedirectWord::Descriptor), after_second),
            (b'<', Some(b'>')) | (b'>', Some(b'>' | b'|')) => (file, after_second),
            (b'<' | b'>', _) => (file, after_first),
            (b';', Some(b';')) => match third {
                Some((b'&', after)) => (Operator::CaseSeparator, after),
                _ => (Operator::CaseSeparator, after_second),
            },
            (b';', Some(b'&')) => (Operator::CaseSeparator, after_second),
            (b';', _) => (Operator::Semicolon, after_first),
            (b'&', Some(b'&')) => (Operator::AndIf, after_second),
            (b'&', Some(b'>')) => match third {
                Some((b'>', after)) => (file, after),
                _ => (file, after_second),
            },
            (b'&', _) => (Operator::Ampersand, after_first),
            (b'|', Some(b'|')) => (Operator::OrIf, after_second),
            (b'|', Some(b'&')) => (Operator::Pipe, after_second),
            (b'|', _) => (Operator::Pipe, after_first),
            (b'(', Some(b'(')) if self.parser()?.reads_double_paren() => return Err(Stop::Unsure),
            (b'(', _) => (Operator::OpenParen, after_first),
            _ => (Operator::CloseParen, after_first),
        };
        self.pos = end;
        Ok(Some(operator))
    }

    /// Feeds a token to the innermost list's grammar; `start..end` is its text.
    fn feed(&mut self, tok: Tok, start: usize, end: usize) -> Result<(), Stop> {
        let outermost = self.frames.len() == 1;
        match self.parser()?.feed(tok) {
            Ok(Fed::Continue) => Ok(()),
            Ok(Fed::UnitEnded) => {
                if outermost {
                    self.unit_open = false;
                    self.unit_ends.push(self.pos);
                }
                Ok(())
            }
            Ok(Fed::SubstitutionClosed) => {
                if let Some(Frame::Commands(Parser {
                    kind:
                        ListKind::Substitution {
                            body_start,
                            in_arithmetic: true,
                        },
                    ..
                })) = self.frames.last()
                    && !counts_like_a_parse(self.text.get(*body_start..start).unwrap_or_default())
                {
                    return Err(Stop::Unsure);
                }
                self.frames.pop();
                Ok(())
            }
            Ok(Fed::Finished) => Err(Stop::Accepted),
            Err(problem) => Err(self.refuse(problem, start, end)),
        }
    }

    /// The answer for a syntax error at `start..end` (the end of the text for an unexpected end).
    fn refuse(&self, problem: Problem, start: usize, end: usize) -> Stop {
        if self.inside_substitution() {
            return Stop::Unsure;
        }
        let (at, kind) = match problem {
            Problem::Unsure => return Stop::Unsure,
            Problem::UnexpectedToken => (start, RefusalKind::UnexpectedToken(self.token_text(start, end))),
            Problem::UnexpectedEnd(open) => (self.text.len(), RefusalKind::UnexpectedEnd(open.to_owned())),
        };
        let ends_inside_bodies = matches!(kind, RefusalKind::UnexpectedEnd(_))
            && matches!(self.frames.last(), Some(Frame::Commands(parser))
            if matches!(parser.state, State::ListStart)
                && !parser.constructs.is_empty()
                && parser.constructs.iter().all(|construct| {
                    matches!(construct.kind, ConstructKind::IfBody | ConstructKind::ElseBody | ConstructKind::LoopBody)
                }));
        Stop::Refused(Refusal {
            unit_start: if self.unit_open { self.unit_start } else { at },
            at,
            kind,
            ends_inside_bodies,
        })
    }

    /// How a refusal names the token at `start..end`: `newline` for a newline, else its first
    /// line, shortened.
    fn token_text(&self, start: usize, end: usize) -> String {
        let token = self.text.get(start..end).unwrap_or_default();
        if token.is_empty() || token[0] == b'\n' {
            return "newline".to_owned();
        }
        let mut joined = Vec::new();
        let mut index = 0;
        while let Some(&byte) = token.get(index) {
            if byte == b'\\' && token.get(index + 1) == Some(&b'\n') {
                index += 2;
                continue;
            }
            if byte == b'\n' {
                break;
            }
            joined.push(byte);
            index += 1;
        }
        String::from_utf8_lossy(&joined)
            .chars()
            .take(TOKEN_DISPLAY_CHARS)
            .collect()
    }

    fn top_word(&mut self) -> Result<&mut WordReader, Stop> {
        match self.frames.last_mut() {
            Some(Frame::Word(word)) => Ok(word),
            _ => Err(Stop::Unsure),
        }
    }

    fn step_word(&mut self) -> Result<(), Stop> {
        let Some((byte, after)) = self.byte_at(self.pos, true) else {
            return self.finish_word();
        };
        let next = self.byte_at(after, true);
        match byte {
            b'\\' => {
                self.pos = after;
                self.take(false);
                self.top_word()?.push_quoted();
                Ok(())
            }
            b'\'' | b'"' | b'`' => {
                self.pos = after;
                self.top_word()?.push_quoted();
                self.push(Frame::Pair(PairReader::quote(byte)))
            }
            b'?' | b'*' | b'+' | b'@' | b'!' if next.is_some_and(|(byte, _)| byte == b'(') => {
                if !self.extglob {
                    self.saw_extglob_opener = true;
                    self.pos = after;
                    self.top_word()?.push_plain(byte);
                    return Ok(());
                }
                let name = match byte {
                    b'?' => "?(",
                    b'*' => "*(",
                    b'+' => "+(",
                    b'@' => "@(",
                    _ => "!(",
                };
                self.pos = next.map_or(after, |(_, after_paren)| after_paren);
                self.top_word()?.push_quoted();
                self.push(Frame::Pair(PairReader::new(b'(', b')', 0, name)))
            }
            b'$' | b'<' | b'>' => self.word_expansion(byte, after, next),
            b'[' => {
                self.pos = after;
                let word = self.top_word()?;
                let opens_subscript = if word.in_array_list {
                    word.is_empty()
                } else if word.shape == Shape::Name {
                    match word.command_position {
                        Maybe::Yes => true,
                        Maybe::Unknown => return Err(Stop::Unsure),
                        Maybe::No => false,
                    }
                } else {
                    false
                };
                if !opens_subscript {
                    word.push_plain(byte);
                    return Ok(());
                }
                let shape = word.shape;
                word.push_quoted();
                if shape == Shape::Name {
                    word.shape = Shape::Subscript;
                }
                let subscript = PairReader {
                    array_subscript: true,
                    ..PairReader::new(b'[', b']', 0, "[")
                };
                self.push(Frame::Pair(subscript))
            }
            b'=' => {
                let shape = self.top_word()?.shape;
                let names_a_variable = shape.can_assign() || shape == Shape::Assigned;
                let Some((b'(', after_paren)) = next.filter(|_| names_a_variable) else {
                    self.pos = after;
                    self.top_word()?.push_plain(byte);
                    return Ok(());
                };
                let word = self.top_word()?;
                let is_assignment = word.shape.can_assign()
                    && !word.in_array_list
                    && (word.command_position == Maybe::Yes || word.assign_ok == Maybe::Yes);
                if !is_assignment {
                    // Where bash reads no assignment, `(` is an error; but versions and options
                    // differ on where that is (bash 4.4 takes `a=b=(c)` for an assignment).
                    return Err(Stop::Unsure);
                }
                word.push_quoted();
                word.shape = Shape::Assigned;
                self.pos = after_paren;
                self.push(Frame::ArrayList)
            }
            byte if ends_word(byte) => self.finish_word(),
            _ => {
                self.pos = after;
                self.top_word()?.push_plain(byte);
                Ok(())
            }
        }
    }

    /// `$`, `<` or `>` inside a word: the expansions and quotes they open.
    fn word_expansion(&mut self, byte: u8, after: usize, next: Option<(u8, usize)>) -> Result<(), Stop> {
        let Some((second, after_second)) = next else {
            return self.dollar_or_end(byte, after);
        };
        let third = self.byte_at(after_second, true).map(|(third, _)| third);
        let pair = match (byte, second) {
            (_, b'(') => {
                self.pos = after_second;
                self.top_word()?.push_quoted();
                return if third == Some(b'(') {
                    self.push(Frame::Pair(PairReader::arithmetic()))
                } else {
                    let body = ListKind::Substitution {
                        body_start: after_second,
                        in_arithmetic: false,
                    };
                    self.push(Frame::Commands(Parser::new(body)))
                };
            }
            (b'$', b'{') if is_funsub_start(third) => return Err(Stop::Unsure),
            (b'$', b'{') => PairReader::dollar_brace(false),
            (b'$', b'[') => PairReader::dollar_bracket(false),
            (b'$', b'\'') => PairReader {
                allow_escape: true,
                ..PairReader::new(b'\'', b'\'', b'\'', "$'")
            },
            (b'$', b'"') => PairReader::new(b'"', b'"', b'"', "$\""),
            (b'$', b'$') => {
                self.pos = after_second;
                let word = self.top_word()?;
                word.push_plain(b'$');
                word.push_plain(b'$');
                return Ok(());
            }
            _ => return self.dollar_or_end(byte, after),
        };
        self.pos = after_second;
        self.top_word()?.push_quoted();
        self.push(Frame::Pair(pair))
    }

    /// A `$` that opens nothing is a plain character; `<` and `>` end the word.
    fn dollar_or_end(&mut self, byte: u8, after: usize) -> Result<(), Stop> {
        if byte != b'$' {
            return self.finish_word();
        }
        self.pos = after;
        self.top_word()?.push_plain(byte);
        Ok(())
    }

    /// The word ends: the grammar gets its token (a word inside an array list is data).
    fn finish_word(&mut self) -> Result<(), Stop> {
        let Some(Frame::Word(word)) = self.frames.pop() else {
            return Err(Stop::Unsure);
        };
        if word.in_array_list {
            return Ok(());
        }
        let end = self.pos;
        let text = self.text;
        let next = self.byte_at(end, true).map(|(byte, _)| byte);
        let source = text.get(word.start..end).unwrap_or_default();
        let parser = self.parser()?;
        let tok = match parser.classify(&word, source, next) {
            Ok(tok) => tok,
            Err(problem) => return Err(self.refuse(problem, word.start, end)),
        };
        if let Some(strip_tabs) = parser.awaits_heredoc_delimiter() {
            let (delimiter, quoted) = heredoc_delimiter(source).ok_or(Stop::Unsure)?;
            let plain = is_plain_delimiter(source, &delimiter);
            parser.heredocs.push(Heredoc {
                delimiter,
                quoted,
                strip_tabs,
                plain,
            });
            self.pending_heredocs += 1;
        }
        self.feed(tok, word.start, end)
    }

    fn step_pair(&mut self) -> Result<(), Stop> {
        let (join, name, arithmetic) = match self.frames.last() {
            Some(Frame::Pair(pair)) => (pair.quote != b'\'' && !pair.escape_next, pair.name, pair.arithmetic),
            _ => return Err(Stop::Unsure),
        };
        let Some(byte) = self.take(join) else {
            return Err(self.refuse(Problem::UnexpectedEnd(name), self.pos, self.pos));
        };
        let next = self.byte_at(self.pos, true).map(|(byte, _)| byte);
        let step = match self.frames.last_mut() {
            Some(Frame::Pair(pair)) => pair.read(byte, next),
            _ => return Err(Stop::Unsure),
        };
        match step {
            PairStep::Continue => Ok(()),
            PairStep::Closed => {
                self.frames.pop();
                Ok(())
            }
            PairStep::Open(pair) => self.push(Frame::Pair(pair)),
            PairStep::Substitution => {
                let body = ListKind::Substitution {
                    body_start: self.pos,
                    in_arithmetic: arithmetic,
                };
                self.push(Frame::Commands(Parser::new(body)))
            }
            PairStep::Unsure => Err(Stop::Unsure),
        }
    }

    /// The list of `name=( … )`: words, newlines and comments up to `)`.
    fn step_array_list(&mut self) -> Result<(), Stop> {
        self.skip_blanks();
        let start = self.pos;
        match self.text.get(start) {
            None => Err(self.refuse(Problem::UnexpectedEnd("name=("), start, start)),
            Some(b'#') => {
                self.skip_comment();
                Ok(())
            }
            Some(b'\n') if self.pending_heredocs > 0 => Err(Stop::Unsure),
            Some(b'\n') => {
                self.pos += 1;
                Ok(())
            }
            Some(b')') => {
                self.pos += 1;
                self.frames.pop();
                Ok(())
            }
            Some(&byte) => {
                let opens_substitution = self.byte_at(start + 1, true).is_some_and(|(next, _)| next == b'(');
                if is_metacharacter(byte) && !(matches!(byte, b'<' | b'>') && opens_substitution) {
                    // bash discards the unit and reads on after it.
                    return Err(Stop::Unsure);
                }
                self.push(Frame::Word(WordReader::new(start, true, Maybe::No, Maybe::No)))
            }
        }
    }

    /// After a newline token: the bodies of the list's pending here-documents, in order.
    fn read_heredoc_bodies(&mut self) -> Result<(), Stop> {
        let outer_pending = self.pending_heredocs;
        let parser = self.parser()?;
        let in_substitution = parser.is_substitution();
        let heredocs = std::mem::take(&mut parser.heredocs);
        if in_substitution && (outer_pending > heredocs.len() || heredocs.len() > 1) {
            // Older bash reads here-documents inside substitutions with a simpler scan.
            return Err(Stop::Unsure);
        }
        self.pending_heredocs -= heredocs.len();
        for heredoc in &heredocs {
            if in_substitution && !heredoc.plain {
                return Err(Stop::Unsure);
            }
            self.read_heredoc_body(heredoc, in_substitution)?;
        }
        Ok(())
    }

    /// Lines up to the delimiter's (bash's `make_here_document`); the end of the text ends the
    /// body too (bash warns).
    fn read_heredoc_body(&mut self, heredoc: &Heredoc, in_substitution: bool) -> Result<(), Stop> {
        while self.pos < self.text.len() {
            let (line, ends_with_backslash) = self.read_heredoc_line(heredoc.quoted);
            if in_substitution && ends_with_backslash {
                return Err(Stop::Unsure);
            }
            if heredoc.strip_tabs && line == heredoc.delimiter {
                return Ok(());
            }
            let tabs = if heredoc.strip_tabs {
                line.iter().take_while(|&&byte| byte == b'\t').count()
            } else {
                0
            };
            let content = &line[tabs..];
            if content == heredoc.delimiter {
                return Ok(());
            }
            if in_substitution && content.starts_with(&heredoc.delimiter) && content.contains(&b')') {
                // bash 5.2 and 5.3 may end the body at `delimiter)` inside a substitution.
                return Err(Stop::Unsure);
            }
        }
        Ok(())
    }

    /// One line of a here-document's body, without its newline (bash's `read_a_line`): with an
    /// unquoted delimiter, `\` escapes the next character and `\` newline joins lines. Also
    /// whether a physical line ended with `\`.
    fn read_heredoc_line(&mut self, quoted: bool) -> (Vec<u8>, bool) {
        let mut line = Vec::new();
        let mut ends_with_backslash = false;
        while let Some(&byte) = self.text.get(self.pos) {
            self.pos += 1;
            match byte {
                b'\n' => {
                    ends_with_backslash |= line.last() == Some(&b'\\');
                    return (line, ends_with_backslash);
                }
                b'\\' if !quoted => match self.text.get(self.pos) {
                    Some(b'\n') => {
                        self.pos += 1;
                        ends_with_backslash = true;
                    }
                    Some(&escaped) => {
                        self.pos += 1;
                        line.push(byte);
                        line.push(escaped);
                    }
                    None => line.push(byte),
                },
                _ => line.push(byte),
            }
        }
        (line, ends_with_backslash)
    }
}

/// bash's metacharacters: they end words and start operators.
fn is_metacharacter(byte: u8) -> bool {
    matches!(byte, b'(' | b')' | b'<' | b'>' | b';' | b'&' | b'|')
}

/// bash's `shellbreak`: the characters that end a word.
fn ends_word(byte: u8) -> bool {
    is_metacharacter(byte) || matches!(byte, b' ' | b'\t' | b'\n')
}

/// Whether `${` followed by `next` is bash 5.3's `${ command; }` (`FUNSUB_CHAR`).
fn is_funsub_start(next: Option<u8>) -> bool {
    matches!(next, Some(b' ' | b'\t' | b'\n' | b'|' | b'('))
}

fn is_identifier(text: &[u8]) -> bool {
    text.first()
        .is_some_and(|&first| first == b'_' || first.is_ascii_alphabetic())
        && text.iter().all(|&byte| byte == b'_' || byte.is_ascii_alphanumeric())
}

/// Digits bash reads as a file descriptor before `<` or `>` (an `int`).
fn is_file_descriptor(text: &[u8]) -> bool {
    !text.is_empty()
        && text.iter().all(u8::is_ascii_digit)
        && std::str::from_utf8(text)
            .ok()
            .and_then(|digits| digits.parse::<i32>().ok())
            .is_some()
}

/// A here-document's delimiter from its word's text (bash's quote removal) and whether it was
/// quoted; `None` for words with `$` or a backquote, whose text bash rewrites.
fn heredoc_delimiter(word: &[u8]) -> Option<(Vec<u8>, bool)> {
    if word.iter().any(|&byte| matches!(byte, b'$' | b'`' | 0x01 | 0x7f)) {
        return None;
    }
    let mut delimiter = Vec::new();
    let mut quoted = false;
    let mut index = 0;
    while let Some(&byte) = word.get(index) {
        index += 1;
        match byte {
            b'\\' => match word.get(index) {
                Some(b'\n') => index += 1,
                Some(&escaped) => {
                    quoted = true;
                    delimiter.push(escaped);
                    index += 1;
                }
                None => return None,
            },
            b'\'' => {
                quoted = true;
                let length = word[index..].iter().position(|&byte| byte == b'\'')?;
                delimiter.extend_from_slice(&word[index..index + length]);
                index += length + 1;
            }
            b'"' => {
                quoted = true;
                loop {
                    let byte = *word.get(index)?;
                    index += 1;
                    match byte {
                        b'"' => break,
                        b'\\' => match word.get(index) {
                            Some(b'\n') => index += 1,
                            Some(&escaped @ (b'\\' | b'"')) => {
                                delimiter.push(escaped);
                                index += 1;
                            }
                            _ => delimiter.push(byte),
                        },
                        _ => delimiter.push(byte),
                    }
                }
            }
            _ => delimiter.push(byte),
        }
    }
    Some((delimiter, quoted))
}

/// Whether bash 5.2, counting parentheses outside quotes, ends the substitution `body` where
/// bash 5.3 does by parsing it: true for a body of plain words, operators and parentheses, whose
/// parentheses a successful parse balances.
fn counts_like_a_parse(body: &[u8]) -> bool {
    !body.iter().any(|byte| b"#{['\"`\\$".contains(byte)) && !body.windows(2).any(|pair| pair == b"<<")
}

/// Whether a delimiter is letters, digits, `_`, `.` and `-`, written bare or wholly quoted.
fn is_plain_delimiter(word: &[u8], delimiter: &[u8]) -> bool {
    let plain_characters = !delimiter.is_empty()
        && delimiter
            .iter()
            .all(|&byte| byte.is_ascii_alphanumeric() || matches!(byte, b'_' | b'.' | b'-'));
    let wholly_quoted =
        |quote: u8| word.len() == delimiter.len() + 2 && word.first() == Some(&quote) && word.last() == Some(&quote);
    plain_characters && (word == delimiter || wholly_quoted(b'\'') || wholly_quoted(b'"'))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    fn refused(text: &str) -> Refusal {
        refusal(text).unwrap_or_else(|| panic!("bash refuses {text:?}"))
    }

    #[rstest]
    #[case::parenthesis_in_a_path("ls ./app/(marketing)/", "(")]
    #[case::route_group("git add src/app/(home)/x.tsx", "(")]
    #[case::powershell_if(r#"if (Test-Path "C:\x") { Write-Output "y" } else { Write-Output "z" }"#, "{")]
    #[case::powershell_array(r#"$urls = @("/", "/a"); foreach ($u in $urls) { Write-Host $u }"#, "(")]
    #[case::powershell_pipeline(
        "Get-ChildItem -Force | Format-Table Name, Mode; if (Test-Path package.json) { Get-Content package.json }",
        "{"
    )]
    #[case::powershell_sleep(
        r#"Start-Sleep -Seconds 30; if (Test-Path "x") { Write-Host "y" } else { Write-Host "z" }"#,
        "{"
    )]
    #[case::close_paren_in_a_word("echo a)b", ")")]
    #[case::nothing_open(")", ")")]
    #[case::brace_after_subshell("(echo) {", "{")]
    #[case::word_after_group("{ echo; } x", "x")]
    #[case::fi_twice("if true; then echo; fi; fi", "fi")]
    #[case::empty_group("{ }", "}")]
    #[case::redirection_without_word("echo a >", "newline")]
    #[case::function_without_body("f() echo", "echo")]
    #[case::case_separator_outside_case("echo a ;;", ";;")]
    #[case::bang_after_pipe("echo | ! ls", "!")]
    #[case::quoted_number_after_subshell("(echo) \"2\">f", "\"2\"")]
    #[case::done_without_loop("echo a; done", "done")]
    #[case::number_after_redirection("cmd <2>&1", "2")]
    #[case::number_as_heredoc_delimiter("cat <<2>f\n2\n", "2")]
    #[case::word_after_closing_dash("(echo) >&-x", "x")]
    #[case::javascript_function("(function() { var x; })()", "(")]
    #[case::function_without_name("function ; x", ";")]
    #[case::function_name_on_next_line("function\nf { x; }", "newline")]
    #[case::function_as_function_body("f() function g { :; }", "function")]
    #[case::javascript_case("case \"S4\":\n  level = 1", "level")]
    #[case::case_word_then_word("case x y", "y")]
    #[case::case_without_word("case ; x", ";")]
    #[case::case_after_group("{ :; } case x in x) ;; esac", "case")]
    fn unexpected_tokens(#[case] text: &str, #[case] token: &str) {
        assert_eq!(refused(text).kind, RefusalKind::UnexpectedToken(token.to_owned()));
    }

    #[rstest]
    #[case::open_backquote("grep -n \"^```\" NOTES.md", "`")]
    #[case::escaped_quote_then_apostrophe(r#"ls -la "D:\dir\CC\" 2>/dev/null || echo "Directory doesn't exist""#, "'")]
    #[case::done_as_an_argument("for w in a b; do echo $w | grep x done", "for")]
    #[case::open_double_quote("echo \"unterminated", "\"")]
    #[case::open_single_quote("echo 'a\\", "'")]
    #[case::open_dollar_brace("echo ${x:-${y}", "${")]
    #[case::open_arithmetic("echo $((1+2", "$((")]
    #[case::open_group("echo a; {", "{")]
    #[case::open_if("if true", "if")]
    #[case::and_without_command("echo a && ", "&&")]
    #[case::crlf_keywords("if true; then\r\n echo\r\nfi\r\n", "if")]
    #[case::open_array("touch M1\nx=( a", "name=(")]
    #[case::case_without_in("case x", "case")]
    #[case::open_substitution("echo $(", "$(")]
    #[case::open_substitution_alone("$(", "$(")]
    #[case::open_process_substitution("touch M1\ncat <(echo a", "<(")]
    fn unexpected_ends(#[case] text: &str, #[case] open: &str) {
        let refusal = refused(text);
        assert_eq!(refusal.kind, RefusalKind::UnexpectedEnd(open.to_owned()));
        assert_eq!(refusal.at, text.len());
    }

    #[rstest]
    #[case::quoted_command("echo \"rm -rf /\"")]
    #[case::function("f() { echo hi; }")]
    #[case::function_spaced("foo () { :; }")]
    #[case::backquote_body_not_parsed("git commit -m \"call `init()` first\"")]
    #[case::trailing_backslash(r"ls D:\dir\")]
    #[case::quoted_heredoc("cat <<'EOF'\n(  unbalanced ) {\nEOF\n")]
    #[case::array("a=(1 2); echo \"${a[@]}\"")]
    #[case::declare_array("declare -a x=(1 2)")]
    #[case::arithmetic("echo $(( 1 + (2) ))")]
    #[case::conditional("[[ -f x && ( -d y ) ]]")]
    #[case::case_statement("case x in (a) echo;; esac")]
    #[case::case_in_on_next_line("case x\n in x) y;; esac")]
    #[case::case_of_a_reserved_word("case if in *) ;; esac")]
    #[case::case_as_function_body("f() case x in x) ;; esac")]
    #[case::function_named_like_a_reserved_word("function if { :; }")]
    #[case::subshell("(cd x && ls)")]
    #[case::redirected_group("{ echo; } > f")]
    #[case::redirected_if("if true; then echo; fi 2>/dev/null")]
    #[case::lone_close_brace("echo }")]
    #[case::lone_open_brace("echo {")]
    #[case::assignments("x=1 y=2 cmd")]
    #[case::bang("! true")]
    #[case::time("time ls")]
    #[case::coproc("coproc cat")]
    #[case::paren_in_parameter_default("echo ${x:-(}")]
    #[case::subshell_then_fi("if true; then (echo) fi")]
    #[case::group_after_subshell("{ (echo) }")]
    #[case::for_brace_body("for x in a; { echo; }")]
    #[case::heredoc_without_delimiter("cat <<EOF\nbody\n")]
    #[case::commit_message("git commit -m \"$(cat <<'EOF'\nmsg ( ) {\nEOF\n)\"")]
    #[case::fd_variable_after_subshell("(echo) {fd}>f")]
    #[case::descriptor_after_subshell("(echo) 2>f")]
    #[case::process_substitution_in_word("echo a<(b)")]
    #[case::array_subscript_assignment("a[(]=1")]
    #[case::declaration_after_word("declare echo x=(a)")]
    #[case::nested_parameter("echo ${x:-{}}")]
    #[case::quoted_brace("echo ${x:-\"}\"}")]
    #[case::ansi_c_quote("echo $'\\''")]
    #[case::comment_with_paren("echo #comment (")]
    #[case::continued_operator("echo a &\\\n& echo b")]
    #[case::time_option("time -p -- ls")]
    #[case::empty_substitution("echo $(\n)")]
    #[case::substitution_in_arithmetic("echo $(( $(wc -l < f) + 1 ))")]
    #[case::bang_after_or("ls || ! ls")]
    #[case::number_after_duplication("echo >&2>f")]
    #[case::descriptor_variable_after_redirection("echo >{fd}>f")]
    #[case::bang_after_and_joined("ls &&!  ls")]
    fn accepted(#[case] text: &str) {
        assert_eq!(refusal(text), None);
    }

    #[rstest]
    #[case::error_inside_substitution("echo $( ; )")]
    #[case::open_substitution_with_a_parenthesis_after("echo $(echo \")\"")]
    #[case::error_inside_process_substitution("cat <(echo (x))")]
    #[case::error_inside_array_list("x=( a ; b )")]
    #[case::array_outside_assignment("echo x=(a)")]
    #[case::time_background("time &")]
    #[case::extglob_may_be_on("echo @(a)")]
    #[case::posix_quote_in_parameter("echo \"${x:-'}\"")]
    #[case::heredoc_ended_inside_substitution("echo $(cat <<EOF\nx\nEOF)")]
    #[case::nul("echo a\0 (")]
    #[case::older_bash_counts_parentheses_in_arithmetic("echo $(( $(echo ${x:-)}) )")]
    #[case::older_bash_assigns_an_array_after_an_assignment("x=1x=(a b)")]
    #[case::closing_dash_then_assignment("3<&-x=(a b)")]
    #[case::older_bash_reads_a_command_named_dashes("time -- do")]
    #[case::older_bash_reads_no_process_substitution_in_parameter("\"${>(},)\"")]
    #[case::older_bash_reads_a_substitution_after_pid("echo \"$$(\")\")\"")]
    fn unsure(#[case] text: &str) {
        assert_eq!(refusal(text), None);
    }

    #[test]
    fn extglob_either_way_is_refused() {
        // With extglob on, `@("/", "/a")` is one word, and `foreach (` fails a little later.
        let refusal = refused("$urls = @(\"/\", \"/a\"); foreach ($u in $urls) { Write-Host $u }");
        assert_eq!(refusal.unit_start, 0);
    }

    #[rstest]
    #[case::if_line("touch a\nif true; then\n ls (x)\nfi", "if true")]
    #[case::second_line("touch M1\ntouch M2 )\ntouch M3", "touch M2")]
    #[case::same_line("touch M1; touch M2 )", "touch M1")]
    #[case::continued_line("touch M1 \\\n; touch M2 )\ntouch M3", "touch M1")]
    #[case::after_and("touch M1 &&\ntouch M2 (\ntouch M3", "touch M1")]
    #[case::after_comment_and_blank("touch M1\n\n# c\n  touch M2 )\ntouch M3", "touch M2")]
    #[case::after_heredoc("touch M1; cat <<EOF\nbody )\nEOF\ntouch M2\ntouch M3 )", "touch M3")]
    #[case::heredoc_in_unit("cat <<EOF; echo (\nbody\nEOF", "cat")]
    #[case::joined_heredoc_line("cat <<EOF\nx \\\nEOF\nEOF\necho (", "echo (")]
    #[case::stripped_tabs("cat <<-EOF\n\tEOF\necho (", "echo (")]
    fn unit_start(#[case] text: &str, #[case] unit: &str) {
        let refusal = refused(text);
        assert_eq!(&text[refusal.unit_start..refusal.unit_start + unit.len()], unit);
    }

    #[test]
    fn describes_the_line_from_which_nothing_runs() {
        let text = "touch a\ntouch b\nls ./app/(x)/";
        assert_eq!(
            refused(text).describe(text, "bash"),
            "bash stops at `(`: a syntax error, so nothing from line 3 on runs"
        );
        let text = "echo 'open";
        assert_eq!(
            refused(text).describe(text, "bash"),
            "bash reaches the end with `'` still open: a syntax error, so nothing from line 1 on runs"
        );
    }

    #[test]
    fn deep_nesting_answers_none() {
        let subshells = |depth: usize| format!("{}echo{} (", "( ".repeat(depth), " )".repeat(depth));
        assert!(refusal(&subshells(100)).is_some());
        assert_eq!(refusal(&subshells(MAX_NESTING + 1)), None);
        let parameters = |depth: usize| format!("echo {}", "${x:-".repeat(depth));
        assert!(refusal(&parameters(100)).is_some());
        assert_eq!(refusal(&parameters(MAX_NESTING + 1)), None);
    }

    #[rstest]
    #[case::lines("echo ==\nrm -rf ~", Some(vec!["echo ==\n", "rm -rf ~"]))]
    #[case::continued_list("a &&\nb\nc", Some(vec!["a &&\nb\n", "c"]))]
    #[case::compound("if x; then\na\nfi\nb", Some(vec!["if x; then\na\nfi\n", "b"]))]
    #[case::heredoc_body("cat <<E\nbody\nE\nls", Some(vec!["cat <<E\nbody\nE\n", "ls"]))]
    #[case::refused("echo (\nls", None)]
    #[case::extglob("ls @(a)\nls", None)]
    fn unit_ends_split_where_bash_ends_a_command(#[case] text: &str, #[case] units: Option<Vec<&str>>) {
        let split = unit_ends(text).map(|ends| {
            let mut start = 0;
            let mut units = Vec::new();
            for end in ends.into_iter().chain(std::iter::once(text.len())) {
                if end > start {
                    units.push(&text[start..end]);
                    start = end;
                }
            }
            units
        });
        assert_eq!(split, units);
    }
}
