//! Code files a tool loads and runs as it starts, whatever it was asked to do: `pytest`
//! imports `conftest.py`, `pip install .` runs `setup.py`, `rake` the `Rakefile`, `npx vite`
//! `vite.config.js`, `go generate` the `//go:generate` lines, `cargo build` `build.rs` and the
//! programs `.cargo/config.toml` names. These are judged when the same command wrote them
//! (`printf … > conftest.py && pytest`): a project's own files on disk are its ordinary code,
//! which the agent runs on purpose (and reading each would cost every run a file read).

use super::Execution;
use super::project_toml;
use super::projects::ProjectPart;
use crate::command::Command;
use crate::language::Language;
use crate::word::Word;

/// A code file a tool loads: its name and how it is read.
#[derive(Clone, Copy, Debug)]
pub struct LoadedFile {
    /// The file's name: exact (`conftest.py`), a prefix with any extension (`vite.config.*`),
    /// an extension (`*.pth`), or the end of its path (`.cargo/config.toml`).
    pub pattern: &'static str,
    pub reader: Reader,
}

/// How a loaded file is read.
#[derive(Clone, Copy, Debug)]
pub enum Reader {
    /// All of it is code of the language.
    Code(Language),
    /// The code of the language its text holds (`//go:generate` lines, a `.pth` file's
    /// `import` lines), `None` when it holds none.
    Part(Language, fn(&str) -> Option<String>),
    /// Code not read here, what it is: asked about unless it names nothing that could run a
    /// program or change a file (a build script that only prints `cargo:` lines).
    Unread(&'static str),
}

impl Reader {
    /// Whether code that is not read names nothing that runs a program or changes a file.
    pub fn unread_is_inert(text: &str) -> bool {
        const EFFECTS: &[&str] = &[
            "command", "process", "remove", "delete", "fs::", "file", "exec", "runtime", "unsafe", "extern", "include",
            "write", "copy", "rename", "env!", "asm!", "spawn", "shell",
        ];
        let lower = text.to_ascii_lowercase();
        !EFFECTS.iter().any(|effect| lower.contains(effect))
    }
}

impl LoadedFile {
    /// Whether the file at `path` (absolute) is this one.
    pub fn matches(&self, path: &str) -> bool {
        let name = path.rsplit('/').next().unwrap_or(path);
        if self.pattern.contains('/') {
            return path.ends_with(&format!("/{}", self.pattern));
        }
        if let Some(extension) = self.pattern.strip_prefix('*') {
            return name.ends_with(extension);
        }
        if let Some(prefix) = self.pattern.strip_suffix('*') {
            return name.starts_with(prefix) && name.len() > prefix.len();
        }
        name == self.pattern
    }
}

const fn code(pattern: &'static str, language: Language) -> LoadedFile {
    LoadedFile {
        pattern,
        reader: Reader::Code(language),
    }
}

const CONFTEST: &[LoadedFile] = &[code("conftest.py", Language::Python)];
const SETUP: &[LoadedFile] = &[code("setup.py", Language::Python)];
const NOXFILE: &[LoadedFile] = &[code("noxfile.py", Language::Python)];
/// What Python runs as it starts, from the folders on its path.
const SITE: &[LoadedFile] = &[
    code("sitecustomize.py", Language::Python),
    code("usercustomize.py", Language::Python),
    LoadedFile {
        pattern: "*.pth",
        reader: Reader::Part(Language::Python, pth_imports),
    },
];
const RAKEFILE: &[LoadedFile] = &[
    code("Rakefile", Language::Ruby),
    code("rakefile", Language::Ruby),
    code("Rakefile.rb", Language::Ruby),
    code("rakefile.rb", Language::Ruby),
];
const GEMFILE: &[LoadedFile] = &[code("Gemfile", Language::Ruby), code("gems.rb", Language::Ruby)];
const VAGRANTFILE: &[LoadedFile] = &[code("Vagrantfile", Language::Ruby)];
const GRADLE: &[LoadedFile] = &[
    code("build.gradle", Language::Groovy),
    code("settings.gradle", Language::Groovy),
    code("init.gradle", Language::Groovy),
    LoadedFile {
        pattern: "*.gradle.kts",
        reader: Reader::Unread("a Kotlin build script, which is not read here"),
    },
];
const CMAKE: &[LoadedFile] = &[
    LoadedFile {
        pattern: "CMakeLists.txt",
        reader: Reader::Part(Language::Shell, cmake_commands),
    },
    LoadedFile {
        pattern: "*.cmake",
        reader: Reader::Part(Language::Shell, cmake_commands),
    },
];
const GO_GENERATE: &[LoadedFile] = &[LoadedFile {
    pattern: "*.go",
    reader: Reader::Part(Language::Shell, go_generate_lines),
}];
const CARGO: &[LoadedFile] = &[
    LoadedFile {
        pattern: "build.rs",
        reader: Reader::Unread("a Rust build script, which is not read here"),
    },
    LoadedFile {
        pattern: ".cargo/config.toml",
        reader: Reader::Part(Language::Shell, cargo_programs),
    },
    LoadedFile {
        pattern: ".cargo/config",
        reader: Reader::Part(Language::Shell, cargo_programs),
    },
];
const ENVRC: &[LoadedFile] = &[code(".envrc", Language::Shell)];
const NPMRC: LoadedFile = LoadedFile {
    pattern: ".npmrc",
    reader: Reader::Part(Language::Shell, npmrc_programs),
};
const NPM: &[LoadedFile] = &[NPMRC];
const PNPM: &[LoadedFile] = &[NPMRC, code(".pnpmfile.cjs", Language::JavaScript)];
const YARN: &[LoadedFile] = &[
    NPMRC,
    LoadedFile {
        pattern: ".yarnrc.yml",
        reader: Reader::Part(Language::Shell, yarn_path),
    },
];

/// JavaScript tools and the configuration files they load (`*` any extension).
const JAVASCRIPT_TOOLS: &[(&[&str], &[LoadedFile])] = &[
    (
        &["eslint"],
        &[
            code("eslint.config.*", Language::JavaScript),
            code(".eslintrc.js", Language::JavaScript),
            code(".eslintrc.cjs", Language::JavaScript),
        ],
    ),
    (&["jest"], &[code("jest.config.*", Language::JavaScript)]),
    (
        &["vite", "vitest"],
        &[
            code("vite.config.*", Language::JavaScript),
            code("vitest.config.*", Language::JavaScript),
        ],
    ),
    (
        &["webpack", "webpack-cli"],
        &[code("webpack.config.*", Language::JavaScript)],
    ),
    (&["next"], &[code("next.config.*", Language::JavaScript)]),
    (
        &["prettier"],
        &[
            code("prettier.config.*", Language::JavaScript),
            code(".prettierrc.js", Language::JavaScript),
            code(".prettierrc.cjs", Language::JavaScript),
            code(".prettierrc.mjs", Language::JavaScript),
        ],
    ),
    (&["rollup"], &[code("rollup.config.*", Language::JavaScript)]),
    (
        &["babel"],
        &[
            code("babel.config.*", Language::JavaScript),
            code(".babelrc.js", Language::JavaScript),
        ],
    ),
    (&["tsup"], &[code("tsup.config.*", Language::JavaScript)]),
    (&["astro"], &[code("astro.config.*", Language::JavaScript)]),
    (&["nuxi", "nuxt"], &[code("nuxt.config.*", Language::JavaScript)]),
    (&["svelte-kit"], &[code("svelte.config.*", Language::JavaScript)]),
    (&["playwright"], &[code("playwright.config.*", Language::JavaScript)]),
    (&["cypress"], &[code("cypress.config.*", Language::JavaScript)]),
    (
        &["mocha"],
        &[
            code(".mocharc.js", Language::JavaScript),
            code(".mocharc.cjs", Language::JavaScript),
        ],
    ),
    (&["tailwindcss"], &[code("tailwind.config.*", Language::JavaScript)]),
    (&["postcss"], &[code("postcss.config.*", Language::JavaScript)]),
    (&["karma"], &[code("karma.conf.js", Language::JavaScript)]),
];

/// Where a tool looks for the files it loads.
enum Scope {
    /// The working folder, or the folder named.
    Folder(Option<Word>),
    /// The working folder and those below it.
    Below,
    /// Any folder (the folders on Python's path, a `.cargo` of any parent folder).
    Anywhere,
}

fn loaded(via: &str, files: &'static [LoadedFile], scope: Scope) -> Execution {
    let (nested, anywhere, directory) = match scope {
        Scope::Folder(directory) => (false, false, directory),
        Scope::Below => (true, false, None),
        Scope::Anywhere => (true, true, None),
    };
    Execution::ProjectFile {
        via: via.to_owned(),
        part: ProjectPart::Loaded {
            files,
            nested,
            anywhere,
        },
        directory,
    }
}

/// The code files `command` loads as it starts.
pub fn executions(command: &Command) -> Vec<Execution> {
    let name = command.name.as_str();
    let args = command.args();
    let operands: Vec<&Word> = args.iter().filter(|w| !w.text().starts_with('-')).collect();
    let first = operands.first().and_then(|w| w.value());
    let informational = args
        .iter()
        .any(|w| matches!(w.text(), "--version" | "-V" | "--help" | "-h"));
    // yarn hands even `--version` to the program `yarnPath` names.
    if informational && name != "yarn" {
        return Vec::new();
    }
    if let Some((_, files)) = JAVASCRIPT_TOOLS.iter().find(|(tools, _)| tools.contains(&name)) {
        return vec![loaded(name, files, Scope::Folder(None))];
    }
    match name {
        "pytest" | "py.test" => vec![loaded(name, CONFTEST, Scope::Below)],
        "nox" => vec![loaded(name, NOXFILE, Scope::Folder(None))],
        "rake" => vec![loaded(name, RAKEFILE, Scope::Folder(None))],
        "bundle" | "bundler" => vec![loaded(name, GEMFILE, Scope::Folder(None))],
        "vagrant" if !matches!(first, Some("version" | "help" | "box" | "plugin" | "global-status")) => {
            vec![loaded(name, VAGRANTFILE, Scope::Folder(None))]
        }
        "gradle" | "gradlew" => vec![loaded(name, GRADLE, Scope::Below)],
        "cmake"
            if !args
                .first()
                .is_some_and(|w| matches!(w.text(), "-E" | "-P" | "--install")) =>
        {
            vec![loaded(name, CMAKE, Scope::Below)]
        }
        "go" if first == Some("generate") => vec![loaded("go generate", GO_GENERATE, Scope::Below)],
        // `cargo +nightly build`: the toolchain comes first.
        "cargo"
            if operands
                .iter()
                .find(|w| !w.text().starts_with('+'))
                .and_then(|w| w.value())
                .is_some_and(builds_crate) =>
        {
            vec![loaded(name, CARGO, Scope::Anywhere)]
        }
        "direnv" if matches!(first, Some("exec" | "allow" | "permit" | "grant")) => {
            let directory = operands
                .get(1)
                .filter(|w| !w.text().ends_with(".envrc"))
                .copied()
                .cloned();
            vec![loaded("direnv", ENVRC, Scope::Folder(directory))]
        }
        "npm" => vec![loaded(name, NPM, Scope::Folder(None))],
        "pnpm" => vec![loaded(name, PNPM, Scope::Folder(None))],
        "yarn" => vec![loaded(name, YARN, Scope::Folder(None))],
        "pip" | "pip3" => pip(name, args),
        "uv" => match first {
            Some("pip") => pip("uv pip", &args[1..]),
            Some("build" | "sync" | "run") => vec![loaded("uv", SETUP, Scope::Folder(None))],
            _ => Vec::new(),
        },
        _ => python(command),
    }
}

/// Whether a cargo subcommand builds the crate (and so runs its build script).
fn builds_crate(subcommand: &str) -> bool {
    matches!(
        subcommand,
        "build"
            | "b"
            | "run"
            | "r"
            | "test"
            | "t"
            | "check"
            | "c"
            | "clippy"
            | "bench"
            | "doc"
            | "d"
            | "fix"
            | "install"
    )
}

/// `pip install DIR`, `pip install -e DIR`, `pip wheel DIR`: the `setup.py` of the folder.
fn pip(via: &str, args: &[Word]) -> Vec<Execution> {
    let Some(verb) = args.iter().position(|w| !w.text().starts_with('-')) else {
        return Vec::new();
    };
    if !matches!(args[verb].value(), Some("install" | "wheel" | "download")) {
        return Vec::new();
    }
    let mut folders = Vec::new();
    let mut words = args[verb + 1..].iter().peekable();
    while let Some(word) = words.next() {
        let text = word.text();
        // Options whose value is not a project: requirements, constraints, an index.
        if matches!(
            text,
            "-r" | "--requirement" | "-c" | "--constraint" | "-i" | "--index-url" | "--target" | "-t"
        ) {
            words.next();
            continue;
        }
        let path = text.strip_prefix("--editable=").unwrap_or(text);
        let is_folder = path == "."
            || path == ".."
            || ((path.starts_with("./") || path.starts_with("../") || path.starts_with('/'))
                && !path.rsplit('/').next().unwrap_or(path).contains('.'));
        if is_folder && !path.contains('[') {
            folders.push(Word::literal(path, word.span));
        }
    }
    folders
        .into_iter()
        .map(|folder| loaded(via, SETUP, Scope::Folder(Some(folder))))
        .collect()
}

/// A Python interpreter: what it loads from its path as it starts, and the modules run with
/// `-m` that load project files (`python -m pytest`, `python -m pip install .`).
fn python(command: &Command) -> Vec<Execution> {
    let name = command.name.as_str();
    if Language::of_interpreter(name) != Some(Language::Python) {
        return Vec::new();
    }
    let mut found = vec![loaded(name, SITE, Scope::Anywhere)];
    let args = command.args();
    if let Some(at) = args.iter().position(|w| w.is("-m")) {
        let rest = &args[at + 1..];
        match rest.first().and_then(|w| w.value()) {
            Some("pytest") => found.push(loaded("python -m pytest", CONFTEST, Scope::Below)),
            Some("nox") => found.push(loaded("python -m nox", NOXFILE, Scope::Folder(None))),
            Some("build") => found.push(loaded("python -m build", SETUP, Scope::Folder(None))),
            Some("pip") => found.extend(pip("python -m pip", &rest[1..])),
            _ => {}
        }
    }
    found
}

/// The `import` lines of a `.pth` file: Python runs them as it starts.
fn pth_imports(text: &str) -> Option<String> {
    let lines: Vec<&str> = text
        .lines()
        .filter(|line| line.starts_with("import ") || line.starts_with("import\t"))
        .collect();
    (!lines.is_empty()).then(|| lines.join("\n"))
}

/// The commands of `//go:generate` lines.
fn go_generate_lines(text: &str) -> Option<String> {
    let lines: Vec<&str> = text
        .lines()
        .filter_map(|line| line.strip_prefix("//go:generate "))
        .collect();
    (!lines.is_empty()).then(|| lines.join("\n"))
}

/// The commands a CMake file runs: the words after each `COMMAND` (`execute_process` while
/// configuring, `add_custom_command` and `add_custom_target` while building), up to the next
/// keyword or the end of the call, with `$ENV{X}` as `$X`.
fn cmake_commands(text: &str) -> Option<String> {
    let mut words: Vec<String> = Vec::new();
    for line in text.lines() {
        let line = line.split_once('#').map_or(line, |(code, _)| code);
        let spaced = line.replace('(', " ( ").replace(')', " ) ");
        words.extend(
            shell_words::split(&spaced).unwrap_or_else(|_| spaced.split_whitespace().map(str::to_owned).collect()),
        );
    }
    let keyword = |word: &str| word.len() > 1 && word.chars().all(|c| c.is_ascii_uppercase() || c == '_');
    // A word as the shell reads it: `${HOME}` left to expand, `~` and the rest kept literal as
    // CMake passes them (no shell).
    let plain = |word: &str| {
        word.chars()
            .all(|c| c.is_ascii_alphanumeric() || "_./${}:=@%+,-".contains(c))
    };
    let mut commands = Vec::new();
    let mut current: Option<Vec<String>> = None;
    for word in words {
        if word == "COMMAND" || word == ")" || keyword(&word) {
            if let Some(command) = current.take().filter(|command| !command.is_empty()) {
                commands.push(command.join(" "));
            }
            if word == "COMMAND" {
                current = Some(Vec::new());
            }
        } else if let Some(command) = current.as_mut() {
            let word = word.replace("$ENV{", "${");
            command.push(if plain(&word) {
                word
            } else {
                shell_words::quote(&word).into_owned()
            });
        }
    }
    (!commands.is_empty()).then(|| commands.join("\n"))
}

/// The programs `.cargo/config.toml` has cargo run: a target's `runner`, the `rustc` wrappers,
/// the linker.
fn cargo_programs(text: &str) -> Option<String> {
    const PROGRAMS: &[&str] = &[
        "runner",
        "rustc-wrapper",
        "rustc-workspace-wrapper",
        "rustc",
        "rustdoc",
        "linker",
    ];
    let leaves = project_toml::strings(text)?;
    let lines: Vec<&str> = leaves
        .iter()
        .filter(|leaf| leaf.keys.last().is_some_and(|key| PROGRAMS.contains(&key.as_str())))
        .map(|leaf| leaf.value.as_str())
        .collect();
    (!lines.is_empty()).then(|| lines.join("\n"))
}

/// The programs `.npmrc` has npm run: `script-shell` runs every script; the files
/// `node-options` preloads (`--require F`, `--import F`) run in every node it starts.
fn npmrc_programs(text: &str) -> Option<String> {
    let mut lines = Vec::new();
    for line in text.lines() {
        let Some((key, value)) = line.split_once('=') else {
            continue;
        };
        let value = value.trim().trim_matches('"');
        match key.trim() {
            "script-shell" | "shell" => lines.push(value.to_owned()),
            "node-options" => {
                let options: Vec<&str> = value.split_whitespace().collect();
                for (index, option) in options.iter().enumerate() {
                    let preloaded = match option.split_once('=') {
                        Some(("--require" | "-r" | "--import" | "--loader" | "--experimental-loader", file)) => {
                            Some(file)
                        }
                        _ if matches!(*option, "--require" | "-r" | "--import" | "--loader") => {
                            options.get(index + 1).copied()
                        }
                        _ => None,
                    };
                    lines.extend(preloaded.map(|file| format!("node {file}")));
                }
            }
            _ => {}
        }
    }
    (!lines.is_empty()).then(|| lines.join("\n"))
}

/// The program `.yarnrc.yml`'s `yarnPath` names: yarn hands every command to it.
fn yarn_path(text: &str) -> Option<String> {
    text.lines()
        .find_map(|line| line.strip_prefix("yarnPath:"))
        .map(|path| format!("node {}", path.trim().trim_matches(['"', '\''])))
}
