//! Package registries: publishing asks (it cannot be taken back quietly); unpublishing and
//! yanking are denied (they break everybody who depends on the release). Publishing covers
//! packages, container images, charts, editor extensions and forges' releases: `npm publish`,
//! `docker push`, `helm push`, `mvn deploy`, `gradle publish`, `gh release create`,
//! `skopeo copy … docker://…`. A dry run, a draft and a copy into a local directory pass.

use super::{ASK, Applies, Checker, DENY, Report, Subject};
use crate::rules::Rule;
use crate::tools::{self, Invocation};

pub const CHECKER: Checker = Checker {
    rules: &[&PACKAGE_PUBLISH, &PACKAGE_UNPUBLISH],
    applies: Applies::Commands(&[
        "npm",
        "pnpm",
        "yarn",
        "bun",
        "cargo",
        "gem",
        "twine",
        "poetry",
        "uv",
        "flit",
        "hatch",
        "docker",
        "podman",
        "nerdctl",
        "helm",
        "gh",
        "glab",
        "dotnet",
        "nuget",
        "mvn",
        "mvnw",
        "mvnd",
        "mvnw.cmd",
        "gradle",
        "gradlew",
        "gradlew.bat",
        "vsce",
        "ovsx",
        "dart",
        "flutter",
        "mix",
        "pod",
        "goreleaser",
        "jreleaser",
        "buildah",
        "skopeo",
        "crane",
        "oras",
        "lerna",
        "changeset",
        "semantic-release",
        "maturin",
        "jsr",
        "sbt",
        "docker-compose",
        "pdm",
        "deno",
    ]),
    check,
    whole_analysis: None,
};

pub static PACKAGE_PUBLISH: Rule = Rule {
    id: "package-publish",
    decision: ASK,
    catches: "Publishing a package, container image, chart, extension or release: `npm publish`, `cargo publish`, `twine upload`, `mvn deploy`, `gradle publish`, `dotnet nuget push`, `vsce publish`, `gh release create`, `goreleaser release`, `lerna publish`, `semantic-release`, `sbt publish`, `deno publish`, `docker push`, `docker compose push`, `skopeo copy … docker://…`, `helm push`.",
    instead: "Run the dry run (`npm publish --dry-run`, `cargo publish --dry-run`, `goreleaser release --snapshot`, `gh release create --draft`) and let the user publish",
    examples: &[
        "npm publish",
        "cargo publish",
        "pnpm publish --access public",
        "gem push x-1.0.gem",
        "twine upload dist/*",
        "uv publish",
        "docker push myorg/app:latest",
        "helm push chart-1.0.0.tgz oci://registry.example.com/charts",
        "gh release create v1.2.0 --notes 'Fixes'",
        "gh release upload v1.2.0 dist/app.tar.gz",
        "glab release create v1.2.0",
        "dotnet nuget push bin/App.1.0.0.nupkg -s https://api.nuget.org/v3/index.json",
        "nuget push App.1.0.0.nupkg -Source nuget.org",
        "mvn clean deploy",
        "./mvnw deploy:deploy-file -Dfile=app.jar",
        "./gradlew publish",
        "gradle publishToSonatype closeAndReleaseSonatypeStagingRepository",
        "./gradlew :lib:publishAllPublicationsToMavenCentralRepository",
        "vsce publish minor",
        "npx ovsx publish dist/ext.vsix",
        "dart pub publish --force",
        "flutter pub publish",
        "mix hex.publish",
        "pod trunk push App.podspec",
        "goreleaser release --clean",
        "buildah push quay.io/me/app:1.0",
        "skopeo copy docker-archive:app.tar docker://registry.example.com/app:1.0",
        "crane copy alpine:3 registry.example.com/alpine:3",
        "oras push registry.example.com/artifact:v1 report.txt",
        "jreleaser full-release",
    ],
    allowed: &[
        "npm publish --dry-run",
        "cargo publish --dry-run",
        "npm pack",
        "cargo package",
        "docker build -t app .",
        "docker pull alpine",
        "helm package chart",
        "gh release create v1.2.0 --draft",
        "gh release list",
        "gh release view v1.2.0",
        "gh release download v1.2.0",
        "dotnet publish -c Release",
        "dotnet pack",
        "mvn install",
        "mvn package -DskipTests",
        "gradle build",
        "./gradlew publishToMavenLocal",
        "./gradlew test --tests 'com.example.publish.*'",
        "vsce package",
        "dart pub publish --dry-run",
        "flutter pub get",
        "mix hex.build",
        "pod trunk info App",
        "goreleaser release --snapshot --clean",
        "goreleaser release --skip=publish",
        "goreleaser build --single-target",
        "buildah bud -t app .",
        "skopeo inspect docker://alpine:3",
        "skopeo copy docker://alpine:3 dir:/tmp/alpine",
        "skopeo copy docker://alpine:3 oci:/tmp/layout:alpine",
        "crane digest alpine:3",
        "oras pull registry.example.com/artifact:v1",
        "jreleaser full-release --dry-run",
    ],
};

pub static PACKAGE_UNPUBLISH: Rule = Rule {
    id: "package-unpublish",
    decision: DENY,
    catches: "Removing a published release or image (`npm unpublish`, `gem yank`, `gh release delete`, `dotnet nuget delete`, `vsce unpublish`, `mix hex.publish --revert`, `pod trunk delete`, `crane delete`, `oras manifest delete`), or marking it unusable for new lockfiles (`cargo yank`, undone by `--undo`): whoever depends on it breaks.",
    instead: "Publish a fixed version instead, and let the user decide about the old one",
    examples: &[
        "npm unpublish my-pkg@1.0.0",
        "cargo yank --version 1.0.0",
        "gem yank x -v 1.0",
        "gh release delete v1.2.0 --yes",
        "glab release delete v1.2.0",
        "dotnet nuget delete App 1.0.0 -s https://api.nuget.org/v3/index.json",
        "nuget delete App 1.0.0",
        "vsce unpublish me.ext",
        "mix hex.publish --revert 1.0.0",
        "pod trunk delete App 1.0.0",
        "crane delete registry.example.com/app:1.0",
        "skopeo delete docker://registry.example.com/app:1.0",
        "oras manifest delete registry.example.com/artifact:v1",
    ],
    allowed: &[
        "npm deprecate my-pkg@1.0.0 'use 1.0.1'",
        "cargo yank --undo --version 1.0.0",
        "pod trunk deprecate App",
        "mix hex.retire app 1.0.0 security",
    ],
};

/// What a command does to a registry, as the user would name the command.
enum Effect {
    Publishes(String),
    Unpublishes(String),
}

fn check(subject: &Subject, report: &mut Report) {
    let command = subject.command;
    let Some(invocation) = tools::read(command) else {
        return;
    };
    match effect(&command.name, &invocation) {
        Some(Effect::Unpublishes(what)) => report.flag(
            &PACKAGE_UNPUBLISH,
            command.span,
            format!("`{what}` would pull a release that others may depend on"),
        ),
        Some(Effect::Publishes(what)) => report.flag(
            &PACKAGE_PUBLISH,
            command.span,
            format!("`{what}` would publish for others to download, which cannot be undone quietly"),
        ),
        None => {}
    }
}

/// What `name`, reading its command line as `invocation`, does to a registry.
fn effect(name: &str, invocation: &Invocation) -> Option<Effect> {
    let positional = invocation.words();
    let at = |index: usize| positional.get(index).copied().unwrap_or("");
    let said = |words: usize| {
        std::iter::once(name)
            .chain(positional.iter().take(words).copied())
            .collect::<Vec<_>>()
            .join(" ")
    };
    if invocation.has("--help") {
        return None;
    }
    let dry_run = invocation.has("--dry-run") || invocation.has("--dryrun");
    let publishes = |yes: bool, words: usize| (yes && !dry_run).then(|| Effect::Publishes(said(words)));
    let unpublishes = |yes: bool, words: usize| yes.then(|| Effect::Unpublishes(said(words)));
    let verb = at(0);
    match name {
        "npm" | "pnpm" if verb == "unpublish" => unpublishes(true, 1),
        "yarn" if verb == "npm" => publishes(at(1) == "publish", 2),
        "npm" | "pnpm" | "yarn" | "bun" | "poetry" | "uv" | "flit" | "hatch" | "lerna" | "changeset" | "pdm"
        | "jsr" | "deno" => publishes(verb == "publish", 1),
        "maturin" => publishes(matches!(verb, "publish" | "upload"), 1),
        // semantic-release has no subcommand: it releases unless told `--dry-run` (`-d`).
        "semantic-release" => publishes(!invocation.has("-d"), 0),
        // sbt's publishing tasks (`publish`, `publishSigned`, `+publish`); not `publishLocal`.
        "sbt" => positional
            .iter()
            .find(|task| {
                let task = task.trim_start_matches('+');
                task.starts_with("publish") && !task.starts_with("publishLocal") && !task.starts_with("publishM2")
                    || task == "sonatypeBundleRelease"
                    || task == "releaseEarly"
            })
            .map(|task| Effect::Publishes(format!("sbt {task}"))),
        "docker-compose" => publishes(verb == "push", 1),
        "cargo" | "gem" if verb == "yank" => unpublishes(!invocation.has("--undo"), 1),
        // cargo-release only releases with `--execute` (`-x`); without it, it rehearses.
        "cargo" if verb == "release" => publishes(invocation.has("--execute") || invocation.has("-x"), 1),
        "cargo" => publishes(verb == "publish" && !invocation.has("-n"), 1),
        "gem" => publishes(verb == "push", 1),
        "twine" => publishes(verb == "upload", 1),
        "docker" | "podman" | "nerdctl" => match verb {
            "image" | "compose" | "manifest" => publishes(at(1) == "push", 2),
            "buildx" => publishes(invocation.has("--push"), 2),
            // `podman push IMAGE [DESTINATION]`, which may be a directory here.
            _ => publishes(verb == "push" && !is_local_image(at(2)), 1),
        },
        "helm" => publishes(verb == "push", 1),
        "gh" if verb == "release" => {
            let draft = gh_draft(invocation);
            match at(1) {
                "create" => publishes(draft != Some(true), 2),
                "upload" => publishes(true, 2),
                "edit" => publishes(draft == Some(false), 2),
                "delete" | "delete-asset" => unpublishes(true, 2),
                _ => None,
            }
        }
        "glab" if verb == "release" => match at(1) {
            "delete" => unpublishes(true, 2),
            other => publishes(matches!(other, "create" | "upload"), 2),
        },
        "dotnet" if verb == "nuget" => match at(1) {
            "delete" => unpublishes(true, 2),
            other => publishes(other == "push", 2),
        },
        "nuget" => match verb.to_ascii_lowercase().as_str() {
            "delete" => unpublishes(true, 1),
            other => publishes(other == "push", 1),
        },
        "mvn" | "mvnw" | "mvnd" | "mvnw.cmd" => {
            let goal = positional.iter().find(|goal| maven_publishes(goal))?;
            // `-Dmaven.deploy.skip=true` turns the deploy plugin off: the phase runs, nothing
            // is uploaded.
            let skipped = invocation.options().iter().any(|option| {
                let property = match option.value {
                    Some(value) if option.name == "-D" => value.to_owned(),
                    Some(value) => format!("{}={value}", option.name.trim_start_matches("-D")),
                    None => option.name.trim_start_matches("-D").to_owned(),
                };
                property
                    .strip_prefix("maven.deploy.skip")
                    .is_some_and(|value| value.is_empty() || value == "=true")
            });
            (!skipped).then(|| Effect::Publishes(format!("{name} {goal}")))
        }
        "gradle" | "gradlew" | "gradlew.bat" => {
            let task = positional.iter().find(|task| gradle_publishes(task))?;
            (!dry_run && !invocation.has("-m")).then(|| Effect::Publishes(format!("{name} {task}")))
        }
        "vsce" if verb == "unpublish" => unpublishes(true, 1),
        "vsce" | "ovsx" => publishes(verb == "publish", 1),
        "dart" | "flutter" => publishes(verb == "pub" && at(1) == "publish" && !invocation.has("-n"), 2),
        "mix" if verb == "hex.publish" && invocation.has("--revert") => unpublishes(true, 1),
        "mix" => publishes(verb == "hex.publish", 1),
        "pod" => match (verb, at(1)) {
            ("trunk", "delete") => unpublishes(true, 2),
            (place, action) => publishes(matches!(place, "trunk" | "repo") && action == "push", 2),
        },
        "goreleaser" => publishes(goreleaser_publishes(invocation, verb), 1),
        "jreleaser" => publishes(
            matches!(verb, "full-release" | "release" | "deploy" | "publish" | "upload"),
            1,
        ),
        "buildah" => match (verb, at(1)) {
            // `buildah push IMAGE [DESTINATION]`: without one, to the registry the image names.
            ("push", _) => publishes(!is_local_image(at(2)), 1),
            ("manifest", "push") => publishes(!is_local_image(at(3)), 2),
            _ => None,
        },
        "skopeo" => match verb {
            "copy" => publishes(at(2).starts_with("docker://"), 1),
            "sync" => publishes(
                invocation.value("--dest").or(invocation.value("-d")) == Some("docker"),
                1,
            ),
            "delete" => unpublishes(at(1).starts_with("docker://"), 1),
            _ => None,
        },
        "crane" => match verb {
            "delete" => unpublishes(true, 1),
            // Written to a tarball instead of the registry with `--output`.
            "append" | "mutate" => publishes(!invocation.has("-o") && !invocation.has("--output"), 1),
            "index" => publishes(at(1) == "append", 2),
            _ => publishes(matches!(verb, "push" | "copy" | "cp" | "tag" | "rebase" | "flatten"), 1),
        },
        // `--oci-layout` and `--to-oci-layout` work on a directory here, not a registry.
        "oras" if invocation.has("--oci-layout") || invocation.has("--to-oci-layout") => None,
        "oras" => match (verb, at(1)) {
            ("manifest" | "blob", "delete") => unpublishes(true, 2),
            ("manifest" | "blob", "push") => publishes(true, 2),
            _ => publishes(matches!(verb, "push" | "cp" | "copy" | "attach" | "tag"), 1),
        },
        _ => None,
    }
}

/// Whether `gh release` was told the release is a draft (`--draft`, `-d`) or not
/// (`--draft=false`), if it was told either. A draft is seen by the repository's maintainers
/// only; `gh release edit --draft=false` makes it public.
fn gh_draft(invocation: &Invocation) -> Option<bool> {
    invocation
        .options()
        .iter()
        .rev()
        .find(|option| matches!(option.name, "--draft" | "-d"))
        .map(|option| option.value != Some("false"))
}

/// Whether a Maven goal or phase uploads to a repository: the `deploy` phase, the deploy
/// plugin's goals, a release's perform step, Jib's image push and JReleaser's publishing goals.
fn maven_publishes(goal: &&str) -> bool {
    let plugin_goal = goal.rsplit(':').next().unwrap_or("");
    *goal == "deploy"
        || goal.starts_with("deploy:")
        || goal.contains("maven-deploy-plugin")
        || *goal == "release:perform"
        || *goal == "jib:build"
        || (goal.starts_with("jreleaser:")
            && matches!(
                plugin_goal,
                "full-release" | "release" | "deploy" | "publish" | "upload"
            ))
}

/// Whether a Gradle task publishes: `publish…` (but to the local Maven repository),
/// releasing a Sonatype staging repository, Jib's image push, JReleaser's publishing tasks.
fn gradle_publishes(task: &&str) -> bool {
    let task = task.rsplit(':').next().unwrap_or("");
    (task.starts_with("publish") && !task.ends_with("MavenLocal"))
        || task.starts_with("closeAndRelease")
        || (task.starts_with("release") && task.contains("StagingRepositor"))
        || task == "jib"
        || task
            .strip_prefix("jreleaser")
            .is_some_and(|step| matches!(step, "FullRelease" | "Release" | "Deploy" | "Publish" | "Upload"))
}

/// Whether `goreleaser VERB` publishes: `release` (what it runs given no command) unless it is
/// a snapshot, skips publishing or only prepares; `publish` and `continue` publish what was
/// prepared.
fn goreleaser_publishes(invocation: &Invocation, verb: &str) -> bool {
    let release = verb == "release"
        || (verb.is_empty()
            && !["-h", "--help", "-v", "--version"]
                .iter()
                .any(|flag| invocation.has(flag)));
    let skips_publishing = invocation
        .values("--skip")
        .any(|skipped| skipped.split(',').any(|step| step.trim() == "publish"));
    let held_back = ["--snapshot", "--skip-publish", "--prepare", "--split"]
        .iter()
        .any(|flag| invocation.has(flag))
        || skips_publishing;
    (release && !held_back) || matches!(verb, "publish" | "continue")
}

/// Whether a containers-image destination is on this machine (`dir:`, `oci:`, an archive, the
/// local daemon or storage) rather than a registry; none given means the registry.
fn is_local_image(destination: &str) -> bool {
    [
        "dir:",
        "oci:",
        "oci-archive:",
        "docker-archive:",
        "docker-daemon:",
        "containers-storage:",
    ]
    .iter()
    .any(|transport| destination.starts_with(transport))
}
