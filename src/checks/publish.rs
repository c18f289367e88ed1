//! Package registries: publishing asks (it cannot be taken back quietly); unpublishing and
//! yanking are denied (they break everybody who depends on the release). Publishing covers
//! packages, container images and charts: `npm publish`, `docker push`, `helm push`.

use super::{ASK, Applies, Checker, DENY, Report, Subject};
use crate::rules::Rule;
use crate::tools;
use crate::word::Word;

pub const CHECKER: Checker = Checker {
    rules: &[&PACKAGE_PUBLISH, &PACKAGE_UNPUBLISH],
    applies: Applies::Commands(&[
        "npm", "pnpm", "yarn", "bun", "cargo", "gem", "twine", "poetry", "uv", "flit", "hatch", "docker", "podman",
        "nerdctl", "helm",
    ]),
    check,
    whole_analysis: None,
};

pub static PACKAGE_PUBLISH: Rule = Rule {
    id: "package-publish",
    decision: ASK,
    catches: "Publishing a package, container image or chart: `npm publish`, `cargo publish`, `gem push`, `twine upload`, `docker push`, `helm push`.",
    instead: "Run the dry run (`npm publish --dry-run`, `cargo publish --dry-run`) and let the user publish",
    examples: &[
        "npm publish",
        "cargo publish",
        "pnpm publish --access public",
        "gem push x-1.0.gem",
        "twine upload dist/*",
        "uv publish",
        "docker push myorg/app:latest",
        "helm push chart-1.0.0.tgz oci://registry.example.com/charts",
    ],
    allowed: &[
        "npm publish --dry-run",
        "cargo publish --dry-run",
        "npm pack",
        "cargo package",
        "docker build -t app .",
        "docker pull alpine",
        "helm package chart",
    ],
};

pub static PACKAGE_UNPUBLISH: Rule = Rule {
    id: "package-unpublish",
    decision: DENY,
    catches: "Removing a published release (`npm unpublish`, `gem yank`), or marking it unusable for new lockfiles (`cargo yank`, undone by `--undo`): whoever depends on it breaks.",
    instead: "Publish a fixed version instead, and let the user decide about the old one",
    examples: &[
        "npm unpublish my-pkg@1.0.0",
        "cargo yank --version 1.0.0",
        "gem yank x -v 1.0",
    ],
    allowed: &[
        "npm deprecate my-pkg@1.0.0 'use 1.0.1'",
        "cargo yank --undo --version 1.0.0",
    ],
};

fn check(subject: &Subject, report: &mut Report) {
    let command = subject.command;
    let words: Vec<&str> = command.args().iter().map(Word::text).collect();
    let Some(invocation) = tools::read(command) else {
        return;
    };
    let positional = invocation.words();
    let verb = positional.first().copied().unwrap_or("");
    let dry_run = words.iter().any(|w| matches!(*w, "--dry-run" | "-n" | "--dryrun"));
    let span = command.span;
    let name = command.name.as_str();
    let second = positional.get(1).copied().unwrap_or("");
    let publishes = match name {
        "npm" | "pnpm" | "yarn" | "bun" => {
            verb == "publish" || (name == "yarn" && positional.starts_with(&["npm", "publish"]))
        }
        "cargo" | "poetry" | "uv" | "flit" | "hatch" => verb == "publish",
        "gem" => verb == "push",
        "twine" => verb == "upload",
        "docker" | "podman" | "nerdctl" => {
            verb == "push" || (verb == "image" && second == "push") || (verb == "buildx" && words.contains(&"--push"))
        }
        "helm" => verb == "push",
        _ => false,
    };
    let unpublishes = match name {
        "npm" | "pnpm" => verb == "unpublish",
        "cargo" | "gem" => verb == "yank" && !words.contains(&"--undo"),
        _ => false,
    };
    if unpublishes {
        report.flag(
            &PACKAGE_UNPUBLISH,
            span,
            format!("`{name} {verb}` would pull a release that others may depend on"),
        );
    } else if publishes && !dry_run {
        report.flag(
            &PACKAGE_PUBLISH,
            span,
            format!("`{name} {verb}` would publish to a registry, which cannot be undone quietly"),
        );
    }
}
