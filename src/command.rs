//! The model the walker builds and the checkers read: every effective command with its decoded
//! argv, where it came from, what feeds it and what it runs, arranged in a tree of layers.

use crate::language::Language;
use crate::paths::Cwd;
use crate::source::Span;
use crate::word::{Part, PathsUnder, Word};

pub type CommandId = usize;
pub type LayerId = usize;

/// What a command writes to its standard output, as far as the command line tells.
#[derive(Clone, Debug, PartialEq)]
pub enum Output {
    /// Text known before the command runs (`echo x`, a heredoc passed through `cat`).
    Literal(Word),
    /// Data fetched from the network (`curl`, `wget`), possibly transformed on the way.
    Network,
    /// Shell setup that a well-known tool prints about itself (`brew shellenv`, `ssh-agent -s`).
    ToolSetup,
    /// The path of a fresh temporary file or directory (`mktemp`).
    TemporaryPath,
    /// The working directory (`pwd`).
    WorkingDirectory,
    /// Paths found below directories (`find DIR …`).
    PathsUnder(PathsUnder),
    /// Secrets: the content of private keys, credential stores or `.env` files, or the
    /// environment variables (`env`, `printenv`), possibly transformed. Says which.
    Secret(String),
    /// Anything else.
    Unknown,
}

/// What a command reads on its standard input.
#[derive(Clone, Debug, PartialEq)]
pub enum Input {
    /// Whatever the surrounding shell reads: nothing the analysis can see.
    Inherited,
    /// A heredoc or here-string.
    Text(Word),
    /// The output of the previous stage of a pipeline.
    Piped(Output),
    /// A file (`< file`).
    File(Word),
}

impl Input {
    /// The text on standard input, when it is known.
    pub fn text(&self) -> Option<&Word> {
        match self {
            Input::Text(word) | Input::Piped(Output::Literal(word)) => Some(word),
            _ => None,
        }
    }
}

/// A redirection of a file descriptor.
#[derive(Clone, Debug, PartialEq)]
pub struct Redirect {
    pub operator: RedirectOperator,
    pub target: Word,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RedirectOperator {
    /// `>`, `>|`, `&>`: creates or truncates the target.
    Write,
    /// `>>`, `&>>`: appends to the target.
    Append,
    /// `<`: reads the target.
    Read,
    /// `<>`: opens the target for reading and writing.
    ReadWrite,
    /// `>&2`, `<&0`, `2>&1`: duplicates a descriptor.
    Duplicate,
}

impl RedirectOperator {
    pub fn writes(self) -> bool {
        matches!(
            self,
            RedirectOperator::Write | RedirectOperator::Append | RedirectOperator::ReadWrite
        )
    }
}

/// One effective command: a simple command as the shell would run it, after decoding, or the
/// command a wrapper runs.
#[derive(Clone, Debug)]
pub struct Command {
    /// Its node in the layer tree.
    pub layer: LayerId,
    /// Decoded words, the program first; empty for a bare redirection (`> file`).
    pub argv: Vec<Word>,
    /// The program's name: the last path component of `argv[0]` without `.exe`; empty when
    /// there is no program or it is only known at run time.
    pub name: String,
    /// Environment assignments made for this command only (`FOO=1 cmd`, `env FOO=1 cmd`).
    pub assignments: Vec<(String, Word)>,
    /// The variables the shell exported before it (`export PAGER=…`, `set -a`) with values the
    /// walk knows: the environment it inherits, and passes on to what it runs.
    pub exported: Vec<(String, Word)>,
    pub redirects: Vec<Redirect>,
    pub stdin: Input,
    /// What descriptors other than standard input read (`3<<<'text'`), by number: what
    /// `/dev/fd/3` holds for this command.
    pub descriptors: Vec<(u32, Input)>,
    /// The network socket its output or errors go to (`>& /dev/tcp/host/port`, `>&5` after
    /// `exec 5<>/dev/tcp/host/port`), if any.
    pub output_socket: Option<Word>,
    pub cwd: Cwd,
    pub span: Span,
    /// The wrapper command that runs this one (`sudo` for the `rm` of `sudo rm`).
    pub parent: Option<CommandId>,
    /// What this command runs: other commands, code, code nobody can see.
    pub runs: Vec<Run>,
    /// A stage of a pipeline of two or more commands.
    pub in_pipeline: bool,
    /// What it prints goes only into a stage that counts it (`| wc -l`): none of it is shown.
    pub output_counted: bool,
    /// What it prints goes on to the next stage of a pipeline, not where the agent sees it.
    pub output_piped: bool,
    /// Started in the background with `&`.
    pub background: bool,
    /// A call of a shell function from inside its own body.
    pub calls_itself: bool,
    /// The call in another language's code this command stands for (`shutil.rmtree` for the
    /// `rm -r` of `python3 -c 'shutil.rmtree(…)'`).
    pub origin: Option<String>,
    /// A program the code of another language starts (`subprocess.run`, `execSync`, `system`),
    /// rather than a file operation of that code turned into a command.
    pub started_by_code: bool,
    /// How its parent runs it (`sudo`, `find -exec`, `git alias deploy`), for `explain`.
    pub via: Option<String>,
    /// Run inside a container (`docker exec box …`): its paths are the container's, but for
    /// those under a bind mount.
    pub in_container: bool,
    /// Run inside a container whose words name the host's paths only under read-only bind
    /// mounts (`docker run -v ~:/h:ro img rm -rf /h`): it reads them, but cannot change them.
    pub host_read_only: bool,
    /// Runs what it is given on another machine (`ssh host 'cmd'`, `vagrant ssh -c`): there the
    /// paths are that machine's, and the local project is not.
    pub remote: bool,
    /// Files it writes and reads by the registry (`sort -o out`, `openssl enc -in key`), beside
    /// those the file checker knows by name.
    pub writes: Vec<Word>,
    pub reads: Vec<Word>,
    /// Files it sends to a network peer, and folders it publishes, by the registry (`ab -p
    /// FILE`, `busybox httpd -h DIR`).
    pub sends: Vec<Word>,
    pub serves: Vec<Word>,
    /// Files that commands before it wrote with a secret (`printenv TOKEN > /tmp/t`), by
    /// absolute path, with the secret each holds as [`Output::Secret`] says it.
    pub secret_files: Vec<(String, String)>,
    /// Whether its arguments are sent as text to a network peer (`finger TEXT@host`).
    pub sends_arguments: bool,
    /// What it prints, as far as known once what it runs has been walked.
    pub output: Output,
    /// What it was asked to run with raised privileges, for `sudo`, `doas`, `pkexec`, `run0`.
    pub privileged: Option<Privileged>,
    /// The language of the code it reads from the terminal: a shell or an interpreter started
    /// with nothing to run (`bash` alone, `python3` alone).
    pub terminal_code: Option<Language>,
    /// The `cd` whose failure leaves the shell in this command's working folder, for a command
    /// judged there as well as where the `cd` goes (`cd build; rm -rf *` runs `rm` in the folder
    /// before when `build` is missing).
    pub after_failed_cd: Option<String>,
}

/// What a privilege wrapper (`sudo`, `doas`, `pkexec`, `run0`) was asked to run.
#[derive(Clone, Debug, PartialEq)]
pub struct Privileged {
    /// The words of the command it runs; empty when it runs none.
    pub command: Vec<Word>,
    /// Whether a login or interactive shell was asked for (`sudo -i`, `sudo -s`).
    pub shell: bool,
}

impl Command {
    /// A command that runs `argv` in `cwd`, reading `stdin`; everything else empty. The
    /// abbreviations its program takes are written out in full (see `tools::spelling`).
    pub fn new(argv: Vec<Word>, cwd: Cwd, stdin: Input, span: Span) -> Command {
        let name = argv.first().map(program_name).unwrap_or_default();
        Command {
            layer: 0,
            argv: crate::tools::spelling::spelled_out(&name, argv),
            name,
            assignments: Vec::new(),
            exported: Vec::new(),
            redirects: Vec::new(),
            stdin,
            descriptors: Vec::new(),
            output_socket: None,
            cwd,
            span,
            parent: None,
            runs: Vec::new(),
            in_pipeline: false,
            output_counted: false,
            output_piped: false,
            background: false,
            calls_itself: false,
            origin: None,
            started_by_code: false,
            via: None,
            in_container: false,
            host_read_only: false,
            remote: false,
            writes: Vec::new(),
            reads: Vec::new(),
            sends: Vec::new(),
            serves: Vec::new(),
            secret_files: Vec::new(),
            sends_arguments: false,
            output: Output::Unknown,
            privileged: None,
            terminal_code: None,
            after_failed_cd: None,
        }
    }

    /// The variables the program gets: those exported before it that its own assignments do
    /// not replace, then its own.
    pub fn environment(&self) -> impl Iterator<Item = (&str, &Word)> + Clone {
        self.exported
            .iter()
            .filter(|(name, _)| !self.assignments.iter().any(|(own, _)| own == name))
            .chain(&self.assignments)
            .map(|(name, value)| (name.as_str(), value))
    }

    /// The arguments after the program name.
    pub fn args(&self) -> &[Word] {
        self.argv.get(1..).unwrap_or_default()
    }

    /// The command line as decoded, for messages.
    pub fn display(&self) -> String {
        let mut text = String::new();
        for (name, value) in &self.assignments {
            text.push_str(&format!("{name}={} ", quote_for_display(value.text())));
        }
        let words: Vec<String> = self.argv.iter().map(|w| quote_for_display(w.text())).collect();
        text.push_str(&words.join(" "));
        for redirect in &self.redirects {
            let operator = match redirect.operator {
                RedirectOperator::Write => ">",
                RedirectOperator::Append => ">>",
                RedirectOperator::Read => "<",
                RedirectOperator::ReadWrite => "<>",
                RedirectOperator::Duplicate => ">&",
            };
            text.push_str(&format!(" {operator} {}", quote_for_display(redirect.target.text())));
        }
        text.trim().to_owned()
    }
}

/// The program name of a command word: its last path component, lowercased, without `.exe`, a
/// package's `@version` or pip's version.
/// A dynamic word has one only when its last component is literal (`"$VENV/bin/python"`).
pub fn program_name(word: &Word) -> String {
    let text = match word.value() {
        Some(text) => text.to_owned(),
        None => match word.parts.last() {
            Some(Part::Literal { text, .. }) if text.contains('/') => text.clone(),
            _ => return String::new(),
        },
    };
    let base = text.rsplit(['/', '\\']).next().unwrap_or(&text);
    let lower = base.to_lowercase();
    let name = lower.strip_suffix(".exe").unwrap_or(&lower);
    // A package run by a package runner (`npx npm@10`, `corepack pnpm@9`, `uvx ruff@latest`):
    // its version is no part of the program's name.
    let name = match name.split_once('@') {
        Some((program, _)) if !program.is_empty() => program,
        _ => name,
    };
    // A versioned pip (`pip3.12`, `pip2`) is pip, as the checkers name it (`pip3` too).
    let versioned_pip = name
        .strip_prefix("pip")
        .is_some_and(|version| !matches!(version, "" | "3") && version.chars().all(|c| c.is_ascii_digit() || c == '.'));
    if versioned_pip {
        return "pip".to_owned();
    }
    // GNU's tools installed beside the system's under a `g` prefix (Homebrew's coreutils,
    // findutils and sed on macOS: `grm`, `gln`) are those tools.
    match name.strip_prefix('g') {
        Some(gnu) if GNU_PREFIXED.contains(&gnu) => gnu.to_owned(),
        _ => name.to_owned(),
    }
}

/// The GNU tools that Homebrew installs as `g` + their name, whose deletes, writes, links and
/// permission changes are judged as the tool's own.
const GNU_PREFIXED: &[&str] = &[
    "rm", "rmdir", "unlink", "shred", "ln", "link", "cp", "mv", "install", "dd", "truncate", "tee", "chmod", "chown",
    "chgrp", "find", "xargs", "sed", "env", "timeout", "nohup", "nice", "stdbuf", "chroot", "cat", "split", "csplit",
];

/// A word quoted for display only when it would otherwise read as several.
pub fn quote_for_display(text: &str) -> String {
    if text.is_empty() {
        return "''".to_owned();
    }
    if text.contains(|c: char| c.is_whitespace() || "'\"|&;<>()".contains(c)) {
        let short: String = text.chars().take(120).collect();
        let ellipsis = if short.len() < text.len() { "…" } else { "" };
        format!("'{}{ellipsis}'", short.replace('\'', "'\\''"))
    } else {
        text.to_owned()
    }
}

/// Something a command runs.
#[derive(Clone, Debug, PartialEq)]
pub enum Run {
    /// Another command, given as words (`sudo rm …`).
    Command(CommandId),
    /// Shell code it parses and runs (`bash -c '…'`, `eval`, a heredoc fed to `sh`).
    Code(LayerId),
    /// Code fetched from the network.
    Network { how: String, span: Span },
    /// A shell or interpreter whose input and output are a network connection (`nc -e
    /// /bin/sh host 4444`): whoever is at the other end types its commands.
    SocketShell { how: String, span: Span },
    /// Code that cannot be seen before it runs (`eval "$X"`, `some_cmd | sh`).
    Unverifiable { what: String, span: Span },
    /// A container given the host (`--privileged`, `-v /:/host`, the runtime's socket).
    HostAccess { how: String, span: Span },
}

/// A node of the tree `safety-net explain` prints.
#[derive(Clone, Debug)]
pub struct Layer {
    pub parent: Option<LayerId>,
    pub kind: LayerKind,
    pub span: Span,
    /// Part of a script read from disk rather than written in the command: what it certainly
    /// does is judged, what nobody can know before it runs is not asked about.
    pub from_disk: bool,
    /// A guess at what a program nobody described runs (`eatmydata rm -rf ~`), not knowledge.
    pub inferred: Option<Inference>,
    /// Where bash stops reading this layer's code at a syntax error, and why: nothing from there
    /// on runs, so only the code before it is walked.
    pub bash_stops: Option<String>,
}

/// What a guessed layer guesses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Inference {
    /// The program may run the words after it as a command (`eatmydata rm -rf ~`): only what
    /// would be denied on its own counts, and is denied.
    Tail,
    /// An argument of the program reads as a command (`anytool --on-exit 'git reset --hard'`):
    /// what would be denied asks, since the program may well treat it as text.
    Text,
}

#[derive(Clone, Debug)]
pub enum LayerKind {
    /// Code: the command itself, or code (of any language) that one of its commands runs.
    Code { via: String, text: String },
    /// A simple command.
    Command(CommandId),
}

/// A place the analysis could not read, or a limit it reached.
#[derive(Clone, Debug, PartialEq)]
pub struct Gap {
    pub kind: GapKind,
    pub span: Span,
    pub what: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GapKind {
    /// The parser could not make sense of this text.
    Syntax,
    /// A reserved word where a command name should be.
    ReservedWord,
    /// Layers nested deeper than the analysis follows.
    TooDeep,
    /// The command is larger than the analysis reads.
    TooLarge,
    /// The analysis ran out of time or of room for more commands.
    TooComplex,
    /// The analyzer itself failed.
    Internal,
}

/// A name the command defines for later: a shell function or a variable.
#[derive(Clone, Debug, PartialEq)]
pub struct Definition {
    pub kind: DefinitionKind,
    pub name: String,
    /// The value, for a variable.
    pub value: Option<Word>,
    pub span: Span,
    /// Made by a script read from disk (a sourced `~/.bashrc`), not by the command itself.
    pub from_disk: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DefinitionKind {
    Function,
    Variable,
}

/// A variable a declaration exports, with its value as the walk knows it.
#[derive(Clone, Debug)]
pub struct Export {
    pub name: String,
    pub value: Word,
    pub span: Span,
}

/// Everything the walker found in one command.
#[derive(Clone, Debug, Default)]
pub struct Analysis {
    pub layers: Vec<Layer>,
    pub commands: Vec<Command>,
    pub gaps: Vec<Gap>,
    pub definitions: Vec<Definition>,
    /// The variables declarations export to every later command (`export NAME=value`,
    /// `declare -x NAME=value`).
    pub exports: Vec<Export>,
    /// Whether a word used a variable that neither the command sets nor the environment where
    /// it runs: empty when it runs, unless something the walk cannot see sets it.
    pub uses_unset_variables: bool,
}

impl Analysis {
    /// The guess a command is part of, if any, with the unknown program it is about.
    pub fn inference(&self, id: CommandId) -> Option<(Inference, CommandId)> {
        let mut layer = Some(self.commands[id].layer);
        while let Some(current) = layer {
            let here = &self.layers[current];
            if let Some(inference) = here.inferred {
                // The layer hangs under the unknown program's own layer.
                let program = here
                    .parent
                    .and_then(|parent| match self.layers[parent].kind {
                        LayerKind::Command(program) => Some(program),
                        _ => None,
                    })
                    .unwrap_or(id);
                return Some((inference, program));
            }
            layer = here.parent;
        }
        None
    }

    /// The commands that run command `id`, nearest first: its wrappers (`env` for `env -i
    /// bash`) and the commands whose code it is part of (`bash` for the `env` of `bash -c env`).
    pub fn starters(&self, id: CommandId) -> impl Iterator<Item = CommandId> + '_ {
        std::iter::successors(Some(self.commands[id].layer), |&layer| self.layers[layer].parent).filter_map(
            move |layer| match self.layers[layer].kind {
                LayerKind::Command(command) if command != id => Some(command),
                _ => None,
            },
        )
    }

    /// Whether command `id` runs on another machine: a command that runs it is `ssh` or the like.
    pub fn runs_remotely(&self, id: CommandId) -> bool {
        let mut layer = Some(self.commands[id].layer);
        while let Some(current) = layer {
            if let LayerKind::Command(command) = self.layers[current].kind
                && command != id
                && self.commands[command].remote
            {
                return true;
            }
            layer = self.layers[current].parent;
        }
        false
    }

    /// Whether command `id` runs inside a container: it, or a command that runs it, does.
    pub fn in_container(&self, id: CommandId) -> bool {
        self.run_within(id, |command| command.in_container)
    }

    /// Whether command `id` reaches the host's files only through read-only bind mounts: what it
    /// writes or deletes there fails.
    pub fn host_read_only(&self, id: CommandId) -> bool {
        self.run_within(id, |command| command.host_read_only)
    }

    /// Whether a command whose layer holds command `id`, or one above it, is `such`.
    fn run_within(&self, id: CommandId, such: impl Fn(&Command) -> bool) -> bool {
        let mut layer = Some(self.commands[id].layer);
        while let Some(current) = layer {
            if let LayerKind::Command(command) = self.layers[current].kind
                && such(&self.commands[command])
            {
                return true;
            }
            layer = self.layers[current].parent;
        }
        false
    }

    /// The layers directly below `layer`, in order.
    pub fn children(&self, layer: LayerId) -> impl Iterator<Item = LayerId> + '_ {
        self.layers
            .iter()
            .enumerate()
            .filter(move |(_, l)| l.parent == Some(layer))
            .map(|(id, _)| id)
    }

    /// The chain of wrapper commands above `id`, nearest first.
    pub fn wrappers(&self, id: CommandId) -> impl Iterator<Item = &Command> + '_ {
        std::iter::successors(self.commands[id].parent, move |&parent| self.commands[parent].parent)
            .map(move |parent| &self.commands[parent])
    }
}
