//! The paranoid mode's own rules, judged only when the configuration's mode is `paranoid` (see
//! `policy`): recursive deletes anywhere but the temp folders, every force push, programs the
//! analyzer does not know, code of another language that starts programs, and edits of the files
//! that decide what gets built and installed.

use super::{Applies, Checker, DENY, Report, Subject};
use crate::args::{self, Options};
use crate::context::Context;
use crate::paths::{self, AbsPath};
use crate::places::{self, Place};
use crate::policy::Strictness;
use crate::rules::{Decision, Rule};
use crate::source::Span;
use crate::word::Word;

pub const CHECKER: Checker = Checker {
    rules: &[
        &PARANOID_RECURSIVE_DELETE,
        &PARANOID_FORCE_PUSH,
        &PARANOID_UNKNOWN_COMMAND,
        &PARANOID_CODE_STARTS_PROGRAMS,
        &PARANOID_BUILD_FILE_EDIT,
    ],
    applies: Applies::EveryCommand,
    check,
    whole_analysis: None,
};

/// The decision of the paranoid rules that ask: they are the mode's own, and the mode does not
/// raise them further (`policy::Policy::decide`).
const ASK: Decision = Decision::Ask;

pub static PARANOID_RECURSIVE_DELETE: Rule = Rule {
    id: "paranoid-recursive-delete",
    decision: ASK,
    catches: "In paranoid mode, any recursive delete outside the temp folders (`rm -r`, `rimraf`, `find -delete`), the project's own folders included.",
    instead: "Delete single files by name, or let the user confirm the recursive delete",
    examples: &["rm -rf node_modules", "rm -r build/", "find . -name '*.o' -delete"],
    allowed: &["rm -rf /tmp/build", "rm notes.txt", "find . -name '*.o'"],
};

pub static PARANOID_FORCE_PUSH: Rule = Rule {
    id: "paranoid-force-push",
    decision: DENY,
    catches: "In paranoid mode, every force push, `--force-with-lease` and `--force-if-includes` too.",
    instead: "Push without force, or ask the user to push",
    examples: &[
        "git push --force-with-lease",
        "git push --force-with-lease=main origin main",
        "git push --force-if-includes --force-with-lease",
    ],
    allowed: &["git push", "git push -u origin feature"],
};

pub static PARANOID_UNKNOWN_COMMAND: Rule = Rule {
    id: "paranoid-unknown-command",
    decision: ASK,
    catches: "In paranoid mode, a program the analyzer does not know (no checker and no registry entry describe what it does).",
    instead: "Use a program the guard knows, or let the user confirm this one",
    examples: &["./deploy.sh", "frobnicate --all"],
    allowed: &["ls -la", "git status", "cargo test"],
};

pub static PARANOID_CODE_STARTS_PROGRAMS: Rule = Rule {
    id: "paranoid-code-starts-programs",
    decision: DENY,
    catches: "In paranoid mode, code of another language that starts programs (`subprocess.run`, `os.system`, `execSync`, `system`), whatever it starts.",
    instead: "Run the program directly as a shell command, where it is checked as written",
    examples: &[
        "python3 -c 'import subprocess; subprocess.run([\"ls\"])'",
        "node -e 'require(\"child_process\").execSync(\"ls\")'",
    ],
    allowed: &["python3 -c 'print(1)'", "node -e 'console.log(1)'"],
};

pub static PARANOID_BUILD_FILE_EDIT: Rule = Rule {
    id: "paranoid-build-file-edit",
    decision: ASK,
    catches: "In paranoid mode, writing lock files, dependency manifests and container files (`package.json`, `Cargo.lock`, `requirements.txt`, `go.mod`, `Dockerfile`, `compose.yaml`…): they decide what gets installed and built.",
    instead: "Show the user the change to the manifest and let them confirm it",
    examples: &[
        "echo '{}' > package.json",
        "sed -i 's/1.0/2.0/' Cargo.toml",
        "echo 'requests' >> requirements.txt",
        "cp /tmp/Dockerfile Dockerfile",
    ],
    allowed: &["cat package.json", "cp Cargo.lock /tmp/Cargo.lock"],
};

/// Whether the mode is paranoid here.
fn paranoid(context: &Context) -> bool {
    context.policy.strictness.0 == Strictness::Paranoid
}

fn check(subject: &Subject, report: &mut Report) {
    if !paranoid(subject.context) {
        return;
    }
    let command = subject.command;
    if command.started_by_code {
        report.flag(
            &PARANOID_CODE_STARTS_PROGRAMS,
            command.span,
            format!(
                "`{}` starts `{}` from code, which paranoid mode does not allow",
                command.origin.as_deref().unwrap_or("the code"),
                command.display()
            ),
        );
    }
    let name = command.name.as_str();
    match name {
        "rm" | "rimraf" => recursive_delete(subject, report),
        "find" if command.args().iter().any(|word| word.text() == "-delete") => report.flag(
            &PARANOID_RECURSIVE_DELETE,
            command.span,
            "`find -delete` deletes every file it finds",
        ),
        "git" => force_push(subject, report),
        "" => {}
        _ if !known(subject) => report.flag(
            &PARANOID_UNKNOWN_COMMAND,
            command.span,
            format!("`{name}` is not a program the guard knows, so what it does is not checked"),
        ),
        _ => {}
    }
}

/// Whether the guard knows what the command's program does: the registry or a checker
/// describes it, or the command defines it (a function).
fn known(subject: &Subject) -> bool {
    let name = subject.command.name.as_str();
    crate::registry::knows(name)
        || super::judges(name)
        || SHELL_BUILTINS.contains(&name)
        || subject
            .analysis
            .definitions
            .iter()
            .any(|definition| definition.name == name)
}

/// The shell's own builtins, which start no program.
pub(crate) const SHELL_BUILTINS: &[&str] = &[
    "cd",
    "pwd",
    "read",
    "wait",
    "exit",
    "return",
    "true",
    "false",
    "test",
    "[",
    "[[",
    "export",
    "unset",
    "set",
    "shift",
    "local",
    "declare",
    "typeset",
    "readonly",
    "let",
    "type",
    "hash",
    "help",
    "history",
    "jobs",
    "fg",
    "bg",
    "disown",
    "times",
    "ulimit",
    "umask",
    "shopt",
    "getopts",
    "caller",
    "compgen",
    "complete",
    "mapfile",
    "readarray",
    "pushd",
    "popd",
    "dirs",
    "break",
    "continue",
    ":",
];

fn recursive_delete(subject: &Subject, report: &mut Report) {
    let command = subject.command;
    let parsed = args::parse(command.args(), &Options::gnu("", &["interactive"]));
    let recursive =
        command.name == "rimraf" || parsed.has_short('r') || parsed.has_short('R') || parsed.has_long("recursive");
    if !recursive {
        return;
    }
    for word in parsed.operands() {
        let target = paths::resolve(word, &command.cwd);
        if !matches!(places::place(&target, subject.context), Place::Temporary) {
            report.flag(
                &PARANOID_RECURSIVE_DELETE,
                word.span,
                format!("`rm -r` of `{}` deletes a whole tree", subject.typed(word)),
            );
        }
    }
}

fn force_push(subject: &Subject, report: &mut Report) {
    let git = crate::tools::git::invocation(subject.command);
    if git.subcommand != "push" {
        return;
    }
    let forced = git.args.iter().map(Word::text).find(|arg| {
        ["--force-with-lease", "--force-if-includes"]
            .iter()
            .any(|flag| arg == flag || arg.strip_prefix(flag).is_some_and(|rest| rest.starts_with('=')))
    });
    if let Some(flag) = forced {
        report.flag(
            &PARANOID_FORCE_PUSH,
            subject.command.span,
            format!("`git push {flag}` may still overwrite commits on the remote"),
        );
    }
}

/// Lock files, manifests and container files, by name.
const BUILD_FILES: &[&str] = &[
    "package.json",
    "package-lock.json",
    "npm-shrinkwrap.json",
    "yarn.lock",
    "pnpm-lock.yaml",
    "bun.lockb",
    "bun.lock",
    "Cargo.toml",
    "Cargo.lock",
    "pyproject.toml",
    "poetry.lock",
    "uv.lock",
    "Pipfile",
    "Pipfile.lock",
    "setup.py",
    "setup.cfg",
    "go.mod",
    "go.sum",
    "Gemfile",
    "Gemfile.lock",
    "composer.json",
    "composer.lock",
    "pom.xml",
    "build.gradle",
    "build.gradle.kts",
    "settings.gradle",
    "settings.gradle.kts",
    "gradle.lockfile",
    "mix.exs",
    "mix.lock",
    "Package.swift",
    "Package.resolved",
    "Podfile",
    "Podfile.lock",
    "flake.nix",
    "flake.lock",
    "Dockerfile",
    "Containerfile",
    "docker-compose.yml",
    "docker-compose.yaml",
    "compose.yml",
    "compose.yaml",
];

/// Whether `name` is a build file: one of [`BUILD_FILES`], a requirements file
/// (`requirements-dev.txt`), a Dockerfile variant (`Dockerfile.prod`, `app.Dockerfile`), or a
/// NuGet project or lock file.
fn is_build_file(name: &str) -> bool {
    BUILD_FILES.contains(&name)
        || (name.starts_with("requirements") && name.ends_with(".txt"))
        || name.starts_with("Dockerfile.")
        || name.ends_with(".Dockerfile")
        || name.ends_with(".csproj")
        || name == "packages.lock.json"
}

/// A write of `path` in paranoid mode: asks for the project's build files (a copy in a temp
/// folder builds nothing).
pub fn judge_write(path: &AbsPath, shown: &str, span: Span, context: &Context, report: &mut Report) {
    if paranoid(context) && path.starts_with(&context.project_root) && path.name().is_some_and(is_build_file) {
        report.flag(
            &PARANOID_BUILD_FILE_EDIT,
            span,
            format!("writing {shown} changes what gets installed or built"),
        );
    }
}

/// Whether findings of this rule are the paranoid mode's own (not raised by it).
pub fn is_paranoid_rule(rule: &Rule) -> bool {
    CHECKER.rules.iter().any(|own| own.id == rule.id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn build_files_are_known_by_name() {
        for name in ["package.json", "requirements-dev.txt", "Dockerfile.prod", "app.csproj"] {
            assert!(is_build_file(name), "{name}");
        }
        for name in ["README.md", "main.rs", "requirements.md"] {
            assert!(!is_build_file(name), "{name}");
        }
    }
}
