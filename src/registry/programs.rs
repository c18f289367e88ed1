//! Interpreters of other languages and the code they are given: inline (`python3 -c`,
//! `node -e`, `perl -e`, an awk program), on standard input (`python3 - <<EOF`), or in a
//! script file (`python3 x.py`, `node x.js`, `awk -f x.awk`).

use super::Execution;
use crate::args::{self, Options};
use crate::command::Command;
use crate::language::Language;
use crate::word::{Part, Quoting, Word};

/// What an interpreter command runs, or `None` when `command` is not one.
pub fn executions(command: &Command) -> Option<Vec<Execution>> {
    let language = Language::of_interpreter(&command.name)?;
    let name = command.name.as_str();
    let args = command.args();
    Some(match language {
        Language::Awk => awk(name, args),
        Language::JavaScript if name == "deno" => deno(args),
        Language::JavaScript if name == "bun" => bun(args),
        _ => interpreter(name, language, args),
    })
}

/// How each interpreter takes its options: the flags that give inline code, the flags that
/// take a value, and the long options that take a value.
struct Flags {
    inline: &'static str,
    short_values: &'static str,
    long_inline: &'static [&'static str],
    long_values: &'static [&'static str],
    /// Flags after which no script is read (`python -m module`).
    no_script: &'static str,
    /// Options that only check the syntax of the code, running none of it (`node --check`).
    syntax_only: &'static [&'static str],
}

fn flags(language: Language) -> Flags {
    match language {
        Language::Python => Flags {
            inline: "c",
            short_values: "cmWX",
            long_inline: &[],
            long_values: &["check-hash-based-pycs"],
            no_script: "m",
            syntax_only: &[],
        },
        Language::JavaScript => Flags {
            inline: "ep",
            short_values: "eprC",
            long_inline: &["eval", "print"],
            long_values: &[
                "eval",
                "print",
                "require",
                "import",
                "loader",
                "input-type",
                "conditions",
                "env-file",
            ],
            no_script: "",
            syntax_only: &["-c", "--check"],
        },
        Language::Ruby => Flags {
            inline: "e",
            short_values: "eIrCEFx",
            long_inline: &[],
            long_values: &["encoding", "external-encoding", "internal-encoding"],
            no_script: "",
            syntax_only: &["-c", "-cw", "-wc"],
        },
        Language::Perl => Flags {
            inline: "eE",
            short_values: "eEIMmx",
            long_inline: &[],
            long_values: &[],
            no_script: "",
            syntax_only: &[],
        },
        Language::Php => Flags {
            inline: "rBRE",
            short_values: "rBREfdcztF",
            long_inline: &["run", "process-begin", "process-code", "process-end"],
            long_values: &["run", "process-begin", "process-code", "process-end", "file", "define"],
            no_script: "S",
            syntax_only: &["-l", "--syntax-check"],
        },
        _ => Flags {
            inline: "e",
            short_values: "el",
            long_inline: &[],
            long_values: &[],
            no_script: "",
            syntax_only: &[],
        },
    }
}

/// `python3 -c CODE`, `node -e CODE`, `perl -e CODE -e CODE`, `php -r CODE`, `lua -e CODE`;
/// else the script named by the first operand (or `php -f FILE`), or standard input.
/// `python -m MODULE ARGS` where the module is a command-line tool: the command it stands for,
/// judged like the tool run by name (`python3 -m pip install …` is `pip install …`, `python -m
/// twine upload` is `twine upload`); the standard library's archive modules extracting are
/// `tar -x` and `unzip` (`python3 -m tarfile -e x.tar /`), and creating `tar -c` and `zip -r`
/// (`python3 -m zipfile -c k.zip ~/.ssh`); `json.tool IN OUT` writes OUT as `cp IN OUT`.
fn python_module(name: &str, args: &[Word]) -> Option<Execution> {
    let at = args.iter().position(|word| word.text().starts_with("-m"))?;
    let (module, rest) = match args[at].text() {
        "-m" => (args.get(at + 1)?.value()?, args.get(at + 2..)?),
        attached => (attached.strip_prefix("-m")?, &args[at + 1..]),
    };
    if matches!(module, "venv" | "virtualenv") {
        return super::virtualenvs::python_module(name, module, rest);
    }
    let span = args[at].span;
    let literal = |text: &str| Word::literal(text, span);
    let argv: Vec<Word> = match module {
        "pip" | "pip3" | "twine" | "poetry" | "pdm" | "hatch" | "flit" | "uv" | "maturin" | "conda" | "keyring" => {
            std::iter::once(literal(module)).chain(rest.iter().cloned()).collect()
        }
        "tarfile" | "zipfile" if rest.first().is_some_and(|word| word.is("-e") || word.is("--extract")) => {
            let archive = rest.get(1)?.clone();
            let folder = rest.get(2).cloned().unwrap_or_else(|| literal("."));
            if module == "tarfile" {
                vec![literal("tar"), literal("-xf"), archive, literal("-C"), folder]
            } else {
                vec![literal("unzip"), archive, literal("-d"), folder]
            }
        }
        // `json.tool [IN [OUT]]` reformats IN into OUT, as a copy writes it; with IN alone it
        // prints it.
        "json.tool" => {
            let parsed = args::parse(rest, &Options::gnu("", &["indent"]));
            match parsed.operands().collect::<Vec<_>>().as_slice() {
                [input, output, ..] => vec![literal("cp"), (*input).clone(), (*output).clone()],
                [input] => vec![literal("cat"), (*input).clone()],
                [] => return None,
            }
        }
        // The browser opens the URL (`-n`, `-t`: in a new window or tab).
        "webbrowser" => std::iter::once(literal("xdg-open"))
            .chain(rest.iter().filter(|word| !word.text().starts_with('-')).cloned())
            .collect(),
        // `-c ARCHIVE FILE…` (`--create`): the files and folders packed, as `tar -c` and `zip -r`.
        "tarfile" | "zipfile" if rest.first().is_some_and(|word| word.is("-c") || word.is("--create")) => {
            let archive = rest.get(1)?.clone();
            let packed = rest.get(2..)?.iter().cloned();
            let program = if module == "tarfile" {
                vec![literal("tar"), literal("-cf"), archive]
            } else {
                vec![literal("zip"), literal("-r"), archive]
            };
            program.into_iter().chain(packed).collect()
        }
        _ => return None,
    };
    Some(Execution::Command {
        via: format!("{name} -m {module}"),
        argv,
        assignments: Vec::new(),
        cwd: None,
    })
}

/// The folder an interpreter's built-in web server publishes to the network: `python3 -m
/// http.server` (its `--directory`, else the folder it runs in; Python 2's `SimpleHTTPServer`
/// always that one; `uploadserver`, which also takes uploads into it; the FTP server
/// `pyftpdlib`, its `-d`), `php -S ADDRESS` (its
/// `-t`), `ruby -run -e httpd` (its operand). `None`
/// when it serves nothing, or listens only on the loopback address.
pub fn served_folder(command: &Command) -> Option<Word> {
    let args = command.args();
    let here = || Word::literal(".", command.span);
    match Language::of_interpreter(&command.name)? {
        Language::Python => {
            let at = args.iter().position(|word| word.is("-m"))?;
            let module = args.get(at + 1)?;
            let rest = &args[at + 2..];
            let parsed = args::parse(rest, &Options::gnu("dbp", &["directory", "bind", "protocol"]));
            let local = parsed
                .value_of('b', "bind")
                .is_some_and(|bind| is_loopback(bind.text()));
            match module.text() {
                // `uploadserver` is `http.server` that also takes uploads into the folder.
                "http.server" | "uploadserver" if !local => {
                    Some(parsed.value_of('d', "directory").cloned().unwrap_or_else(here))
                }
                "SimpleHTTPServer" => Some(here()),
                // An anonymous FTP server of its `-d` folder, on every address unless `-i`.
                "pyftpdlib" => {
                    let parsed = args::parse(
                        rest,
                        &Options::gnu(
                            "ipdnruP",
                            &[
                                "interface",
                                "port",
                                "directory",
                                "nat-address",
                                "range",
                                "username",
                                "password",
                            ],
                        ),
                    );
                    let local = parsed
                        .value_of('i', "interface")
                        .is_some_and(|interface| is_loopback(interface.text()));
                    (!local).then(|| parsed.value_of('d', "directory").cloned().unwrap_or_else(here))
                }
                _ => None,
            }
        }
        Language::Php => {
            let parsed = args::parse(args, &Options::gnu("St", &["docroot"]));
            let address = parsed
                .args
                .iter()
                .find(|arg| arg.is_short('S'))
                .and_then(args::Arg::value)?;
            (!is_loopback(address.text())).then(|| parsed.value_of('t', "docroot").cloned().unwrap_or_else(here))
        }
        Language::Ruby => {
            // `-run` is `-r un`: the `un` library, whose `httpd` serves its operand.
            let library = args
                .iter()
                .zip(args.iter().skip(1))
                .any(|(option, value)| option.is("-r") && value.is("un"));
            if !(library || args.iter().any(|word| word.is("-run"))) {
                return None;
            }
            let code = args
                .iter()
                .zip(args.iter().skip(1))
                .position(|(option, code)| option.is("-e") && code.is("httpd"))
                .map(|at| at + 2)
                .or_else(|| args.iter().position(|word| word.is("-ehttpd")).map(|at| at + 1))?;
            let options = Options::gnu(
                "pb",
                &["port", "bind-address", "max-clients", "temp-dir", "request-timeout"],
            );
            // `-e httpd -- --port=8000 DIR`: ruby's `--` ends ruby's options, not httpd's.
            let rest = match args.get(code) {
                Some(dashes) if dashes.is("--") => &args[code + 1..],
                _ => &args[code..],
            };
            let parsed = args::parse(rest, &options);
            let local = parsed
                .value_of('b', "bind-address")
                .is_some_and(|bind| is_loopback(bind.text()));
            (!local).then(|| parsed.operands().next().cloned().unwrap_or_else(here))
        }
        _ => None,
    }
}

/// `ruby -run -e NAME -- ARGS`: a command of Ruby's `un` library (lib/un.rb), which does what
/// the Unix command of the same name does with the same options (`rm -rf`, `mv`, `cp -r`,
/// `ln -sf`, `install -m`, `chmod`, `mkdir -p`), and expands glob patterns itself, quoted or
/// not; `colorize` prints files as `cat` does. `httpd` is judged as a server
/// ([`served_folder`]); `help`, `mkmf` and `wait_writable` change nothing of the user's.
fn ruby_un_command(parsed: &args::Parsed, code: &[Word]) -> Option<Execution> {
    let [method] = code else {
        return None;
    };
    let program = match method.value()?.trim() {
        name @ ("rm" | "cp" | "ln" | "mv" | "mkdir" | "rmdir" | "install" | "chmod" | "touch") => name,
        "colorize" => "cat",
        _ => return None,
    };
    let loaded = parsed
        .args
        .iter()
        .any(|arg| arg.is_short('r') && arg.value().is_some_and(|library| library.is("un")));
    if !loaded {
        return None;
    }
    let mut argv = vec![Word::literal(program, method.span)];
    argv.extend(parsed.operands().map(globbed));
    Some(Execution::Command {
        via: format!("ruby -run -e {program}"),
        argv,
        assignments: Vec::new(),
        cwd: None,
    })
}

/// A word whose glob characters match files, quoted or not, as `un`'s `Dir[]` expands them.
fn globbed(word: &Word) -> Word {
    if !word.text().contains(['*', '?', '[', '{']) {
        return word.clone();
    }
    let parts = word
        .clone()
        .into_parts()
        .into_iter()
        .map(|part| match part {
            Part::Literal { text, span, .. } => Part::Literal {
                text,
                quoting: Quoting::Bare,
                span,
            },
            dynamic => dynamic,
        })
        .collect();
    Word::from_parts(parts, word.span)
}

/// Whether a listening address (`127.0.0.1`, `localhost:8000`, `[::1]:8080`) is the loopback
/// address, which only this machine reaches.
pub(super) fn is_loopback(address: &str) -> bool {
    let host = match address.strip_prefix('[') {
        Some(bracketed) => bracketed.split(']').next().unwrap_or(""),
        None if address.matches(':').count() > 1 => address,
        None => address.split(':').next().unwrap_or(""),
    };
    host == "localhost" || host == "::1" || host.starts_with("127.")
}

fn interpreter(name: &str, language: Language, args: &[Word]) -> Vec<Execution> {
    let flags = flags(language);
    if args
        .iter()
        .any(|word| word.value().is_some_and(|text| flags.syntax_only.contains(&text)))
    {
        return Vec::new();
    }
    let options = Options::posix(flags.short_values, flags.long_values);
    // node reads `-pe CODE` as `-p -e CODE`, code whose value it prints, where a getopt
    // reading would take `e` for the value of `-p`.
    let args: Vec<Word> = args
        .iter()
        .map(|word| match word.value() {
            Some("-pe" | "-ep") if language == Language::JavaScript => Word::literal("-p", word.span),
            _ => word.clone(),
        })
        .collect();
    let parsed = args::parse(&args, &options);
    // `python -m module -c x`: options end at the module; what follows is the module's.
    let module = parsed
        .args
        .iter()
        .position(|arg| flags.no_script.chars().any(|flag| arg.is_short(flag)))
        .unwrap_or(parsed.args.len());
    let code: Vec<Word> = parsed.args[..module]
        .iter()
        .filter(|arg| {
            flags.inline.chars().any(|flag| arg.is_short(flag)) || flags.long_inline.iter().any(|l| arg.is_long(l))
        })
        .filter_map(|arg| arg.value().cloned())
        .collect();
    if language == Language::Ruby
        && let Some(command) = ruby_un_command(&parsed, &code)
    {
        return vec![command];
    }
    if !code.is_empty() {
        let first_flag = parsed
            .args
            .iter()
            .find_map(|arg| {
                let short = flags.inline.chars().find(|flag| arg.is_short(*flag));
                let long = flags.long_inline.iter().find(|long| arg.is_long(long));
                short
                    .map(|flag| format!("-{flag}"))
                    .or(long.map(|long| format!("--{long}")))
            })
            .unwrap_or_else(|| "--eval".to_owned());
        return vec![Execution::Program {
            via: format!("{name} {first_flag}"),
            language,
            code,
            args: parsed.operands().cloned().collect(),
        }];
    }
    if flags.no_script.chars().any(|flag| parsed.has_short(flag)) {
        return match language {
            Language::Python => python_module(name, &args).into_iter().collect(),
            _ => Vec::new(),
        };
    }
    let script = match language {
        Language::Php => parsed.value_of('f', "file").or_else(|| parsed.operands().next()),
        _ => parsed.operands().next(),
    };
    match script {
        None => vec![Execution::Stdin {
            via: name.to_owned(),
            language,
        }],
        Some(path) if path.is("-") => vec![Execution::Stdin {
            via: name.to_owned(),
            language,
        }],
        Some(path) => vec![Execution::File {
            via: name.to_owned(),
            path: path.clone(),
            language,
            current_shell: false,
        }],
    }
}

/// `deno eval CODE`, `deno run [options] FILE`, `deno FILE`; `deno run` of a URL when its
/// permissions let the code out of the sandbox.
fn deno(args: &[Word]) -> Vec<Execution> {
    let options = Options::posix(
        "",
        &["config", "import-map", "location", "seed", "v8-flags", "env-file"],
    );
    let Some((subcommand, rest)) = args.split_first() else {
        return Vec::new();
    };
    let parsed = args::parse(rest, &options);
    match subcommand.value() {
        Some("eval") => match parsed.operands().next() {
            Some(code) => vec![Execution::Program {
                via: "deno eval".into(),
                language: Language::JavaScript,
                code: vec![code.clone()],
                args: parsed.operands().skip(1).cloned().collect(),
            }],
            None => Vec::new(),
        },
        Some("run") => match parsed.operands().next() {
            Some(url) if is_url(url) => deno_remote("deno run", &parsed, url),
            Some(path) => vec![script("deno run".into(), path)],
            None => Vec::new(),
        },
        Some(_) if is_url(subcommand) => Vec::new(),
        Some(text) if is_script_name(text) => vec![script("deno".into(), subcommand)],
        _ => Vec::new(),
    }
}

/// Whether a script operand is fetched from the network (`https://example.com/x.ts`) rather
/// than read from a file or a registry (`npm:`, `jsr:`).
fn is_url(word: &Word) -> bool {
    word.value().is_some_and(|text| {
        let text = text.to_ascii_lowercase();
        text.starts_with("https://") || text.starts_with("http://")
    })
}

/// `deno run URL`: code fetched from the network, run in deno's sandbox unless its permissions
/// let it out: all of them (`-A`), running programs, writing files, native code, or the
/// network together with files or the environment to send. Sandboxed, it runs nothing that
/// reaches the machine.
fn deno_remote(via: &str, parsed: &args::Parsed, url: &Word) -> Vec<Execution> {
    let given = |short: char, long: &str| parsed.args.iter().any(|arg| arg.is_short(short) || arg.is_long(long));
    let reads = given('R', "allow-read") || given('E', "allow-env");
    let reaching = if given('A', "allow-all") {
        Some("every permission (`-A`)")
    } else if given('P', "permission-set") {
        Some("a permission set from its configuration")
    } else if parsed.args.iter().any(|arg| arg.is_long("allow-run")) {
        Some("the permission to run programs")
    } else if given('W', "allow-write") {
        Some("the permission to write files")
    } else if parsed.args.iter().any(|arg| arg.is_long("allow-ffi")) {
        Some("the permission to load native code")
    } else if given('N', "allow-net") && reads {
        Some("the permissions to read secrets and send them over the network")
    } else {
        None
    };
    reaching
        .map(|rights| Execution::Network {
            how: format!("`{via}` runs code fetched from {} with {rights}", url.text()),
        })
        .into_iter()
        .collect()
}

/// `bun -e CODE`, `bun run FILE`, `bun FILE`, a URL given as the file; other subcommands are
/// bun's own.
fn bun(args: &[Word]) -> Vec<Execution> {
    let inline = interpreter("bun", Language::JavaScript, args);
    if inline.iter().any(|e| matches!(e, Execution::Program { .. })) {
        return inline;
    }
    let Some(first) = args.iter().position(|w| !w.value().is_some_and(|t| t.starts_with('-'))) else {
        return Vec::new();
    };
    let operand = match args[first].value() {
        Some("run") => args[first + 1..]
            .iter()
            .find(|w| !w.value().is_some_and(|t| t.starts_with('-'))),
        _ => Some(&args[first]),
    };
    let via = if args[first].is("run") { "bun run" } else { "bun" };
    match operand {
        // bun has no sandbox: code fetched from a URL would run with every right of the user.
        Some(url) if is_url(url) => vec![Execution::Network {
            how: format!(
                "`{via}` runs code fetched from {} with every right of this user",
                url.text()
            ),
        }],
        Some(path) if path.value().is_some_and(is_script_name) => vec![script(via.into(), path)],
        _ => Vec::new(),
    }
}

/// Whether an operand names a JavaScript or TypeScript file rather than a subcommand.
pub(super) fn is_script_name(text: &str) -> bool {
    [".js", ".mjs", ".cjs", ".ts", ".mts", ".cts", ".jsx", ".tsx"]
        .iter()
        .any(|extension| text.ends_with(extension))
}

fn script(via: String, path: &Word) -> Execution {
    Execution::File {
        via,
        path: path.clone(),
        language: Language::JavaScript,
        current_shell: false,
    }
}

/// `awk [options] 'program' [files…]`, `awk -f progfile`, `gawk -e 'program'`, `mawk -W exec
/// progfile`, their options read as gawk and mawk read them ([`long_options::AWK`]): the first
/// operand is the program unless -f, -e or -E (or their long names) give it; a library of `-i`
/// (`--include`) does not, but its code runs as a program file's does. gawk looks for a file of
/// `-f` or `-i` under its name, then with `.awk` added (`gawk -i lib` reads `lib.awk`): both
/// are read. An extension `-l` (`--load`) loads is native code nobody can read, unless it is
/// one installed (`-l filefuncs` is looked for in the system's gawk folder).
///
/// [`long_options::AWK`]: crate::tools::long_options::AWK
fn awk(name: &str, args: &[Word]) -> Vec<Execution> {
    let parsed = args::parse(args, &crate::tools::long_options::AWK);
    let (program, inputs) = crate::tools::long_options::awk_operands(&parsed);
    // `ARGV[1]`… in the program are the operands after it.
    let argv: Vec<Word> = inputs.into_iter().cloned().collect();
    let mut found = Vec::new();
    for arg in &parsed.args {
        let Some(value) = arg.value() else { continue };
        let program_file = arg.is_short('f') || arg.is_long("file") || arg.is_short('E') || arg.is_long("exec");
        let library = arg.is_short('i') || arg.is_long("include");
        if program_file || library {
            let via = format!("{name} {}", if library { "-i" } else { "-f" });
            let with_suffix = value
                .value()
                .filter(|text| !text.ends_with(".awk"))
                .map(|text| Word::literal(&format!("{text}.awk"), value.span));
            for path in std::iter::once(value.clone()).chain(with_suffix) {
                found.push(Execution::File {
                    via: via.clone(),
                    path,
                    language: Language::Awk,
                    current_shell: false,
                });
            }
        } else if (arg.is_short('l') || arg.is_long("load")) && super::table::is_library_file(value) {
            found.push(Execution::Unverifiable {
                what: format!("`{name} -l` loads {}: an extension's code cannot be read", value.text()),
            });
        } else if arg.is_short('e') || arg.is_long("source") {
            found.push(Execution::Program {
                via: format!("{name} -e"),
                language: Language::Awk,
                code: vec![value.clone()],
                args: argv.clone(),
            });
        }
    }
    if let Some(program) = program {
        found.push(Execution::Program {
            via: name.to_owned(),
            language: Language::Awk,
            code: vec![program.clone()],
            args: argv,
        });
    }
    found
}
