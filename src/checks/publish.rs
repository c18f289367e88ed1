//! Package registries: publishing asks (it cannot be taken back quietly); unpublishing and
//! yanking are denied (they break everybody who depends on the release). Publishing covers
//! packages, container images, charts, editor extensions and forges' releases: `npm publish`,
//! `docker push`, `helm push`, `mvn deploy`, `gradle publish`, `gh release create`,
//! `skopeo copy … docker://…`, the release orchestrators (`nx release`, `release-it`,
//! `semantic-release`), Conan and Artifactory uploads (`conan upload`, `jf rt upload`), moving a
//! dist-tag, which changes what everyone installs, and changing who may publish (`cargo owner
//! --remove`). A dry run, a draft, a candidate (`cabal upload`), an unreleased snap
//! revision and a copy into a local directory pass. The programs' command lines are read by
//! their tables in `src/tools/releases.rs` and `src/tools/packages.rs`.

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
        "python",
        "python2",
        "python3",
        "nx",
        "release-it",
        "cabal",
        "stack",
        "rebar3",
        "luarocks",
        "anaconda",
        "ansible-galaxy",
        "snapcraft",
        "choco",
        "cpush",
        "dput",
        "dupload",
        "wasm-pack",
        "lein",
        "regctl",
        "ko",
        "cr",
        "conan",
        "jf",
        "jfrog",
    ]),
    check,
    whole_analysis: None,
};

pub static PACKAGE_PUBLISH: Rule = Rule {
    id: "package-publish",
    decision: ASK,
    catches: "Publishing a package, container image, chart, extension or release, or changing which release everyone gets: `npm publish`, `cargo publish`, `twine upload`, `python setup.py upload`, `mvn deploy`, `gradle publish`, `dotnet nuget push`, `vsce publish`, `gh release create`, `goreleaser release`, `lerna publish`, `nx release`, `release-it`, `semantic-release`, `cargo workspaces publish`, `sbt publish`, `lein deploy`, `cabal upload --publish`, `stack upload`, `rebar3 hex publish`, `luarocks upload`, `anaconda upload`, `ansible-galaxy collection publish`, `snapcraft release`, `choco push`, `dput`, `deno publish`, `docker push`, `docker buildx build --push`, `docker buildx imagetools create`, `regctl image copy`, `ko build`, `cr upload`, `helm push`, `conan upload`, `jf rt upload` (Artifactory), moving a dist-tag (`npm dist-tag add`), and changing who may publish (`cargo owner --add|--remove`, `npm owner add|rm`, `gem owner --add|--remove`); run by another name all the same (`cargo +nightly publish`, `npx npm@10 publish`, `corepack pnpm publish`, `npm pub`). Deprecating or retiring a release (`npm deprecate`, `mix hex.retire`) passes: installs keep working, with a warning.",
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
        "npx nx release publish",
        "npx release-it --ci",
        "cargo workspaces publish --from-git --yes",
        "python setup.py sdist upload",
        "lein deploy clojars",
        "cabal upload --publish dist-newstyle/sdist/foo-1.0.tar.gz",
        "stack upload .",
        "rebar3 hex publish",
        "luarocks upload foo-1.0-1.rockspec --api-key=KEY",
        "anaconda upload dist/foo-1.0-py_0.tar.bz2",
        "ansible-galaxy collection publish ./ns-coll-1.0.0.tar.gz --api-key KEY",
        "snapcraft upload --release=stable foo_1.0_amd64.snap",
        "choco push foo.1.0.0.nupkg --source https://push.chocolatey.org/",
        "dput ppa:me/ppa foo_1.0_source.changes",
        "wasm-pack publish",
        "docker buildx imagetools create -t ghcr.io/me/app:latest ghcr.io/me/app:1.0",
        "docker buildx build --output type=registry -t ghcr.io/me/app:1.0 .",
        "regctl image copy localhost:5000/app:1 ghcr.io/me/app:1",
        "ko build ./cmd/app",
        "cr upload --owner me --git-repo charts",
        "npm dist-tag add my-pkg@1.2.3 latest",
        "cargo +nightly publish",
        "npx npm@10 publish",
        "corepack pnpm@9 publish",
        "npm pub",
        "conan upload 'pkg/1.0' -r conancenter",
        "jf rt upload dist/ repo/",
        "jf rt bp my-build 42",
        "cargo owner --remove alice",
        "cargo owner --add github:org:team my-crate",
        "npm owner add bob my-pkg",
        "gem owner my-gem --remove bob@example.com",
    ],
    allowed: &[
        "npm publish --dry-run",
        "npm publish --dry",
        "cargo +nightly build",
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
        "npx nx release --dry-run",
        "npx release-it --dry-run",
        "cargo workspaces version --no-git-push",
        "python setup.py sdist bdist_wheel",
        "lein install",
        "cabal upload dist-newstyle/sdist/foo-1.0.tar.gz",
        "stack upload --candidate .",
        "snapcraft upload foo_1.0_amd64.snap",
        "dput -s ppa:me/ppa foo_1.0_source.changes",
        "docker buildx build --load -t app .",
        "ko build --local ./cmd/app",
        "ko build --push=false ./cmd/app",
        "npm dist-tag ls my-pkg",
        "conan upload 'pkg/1.0' -r conancenter --dry-run",
        "conan create .",
        "jf rt upload dist/ repo/ --dry-run",
        "jf rt download repo/app.jar",
        "cargo owner --list",
        "npm owner ls my-pkg",
    ],
};

pub static PACKAGE_UNPUBLISH: Rule = Rule {
    id: "package-unpublish",
    decision: DENY,
    catches: "Removing a published release, image, tag or channel (`npm unpublish`, `npm dist-tag rm`, `gem yank`, `gh release delete`, `gh api -X DELETE repos/o/r/releases/ID`, `dotnet nuget delete`, `vsce unpublish`, `mix hex.publish --revert`, `pod trunk delete`, `crane delete`, `regctl tag delete`, `oras manifest delete`, `anaconda remove`, `snapcraft close`, `conan remove … -r REMOTE`, `jf rt delete`), or marking it unusable for new lockfiles (`cargo yank`, undone by `--undo`): whoever depends on it breaks.",
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
        "npm dist-tag rm my-pkg beta",
        "regctl tag delete ghcr.io/me/app:1.0",
        "anaconda remove me/foo/1.0",
        "snapcraft close foo stable",
        "gh api -X DELETE repos/me/app/releases/12345",
        "npm unpub my-pkg@1.0.0",
        "npm distTag rm my-pkg beta",
        "conan remove '*' -r conancenter -c",
        "jf rt delete repo/path/",
        "jfrog rt del repo/app/1.0/ --quiet",
    ],
    allowed: &[
        "npm deprecate my-pkg@1.0.0 'use 1.0.1'",
        "cargo yank --undo --version 1.0.0",
        "pod trunk deprecate App",
        "mix hex.retire app 1.0.0 security",
        "gh api repos/me/app/releases",
        "regctl tag ls ghcr.io/me/app",
        "conan remove '*' -c",
        "jf rt delete repo/path/ --dry-run",
        "npm unpublish --dry-run",
    ],
};

/// What a command does to a registry, as the user would name the command.
enum Effect {
    Publishes(String),
    Unpublishes(String),
    /// Adds or removes an owner, who may publish the package.
    ChangesOwners(String),
}

fn check(subject: &Subject, report: &mut Report) {
    let command = subject.command;
    let Some(invocation) = tools::read(command) else {
        return;
    };
    match effect(crate::language::without_python_version(&command.name), &invocation) {
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
        Some(Effect::ChangesOwners(what)) => report.flag(
            &PACKAGE_PUBLISH,
            command.span,
            format!("`{what}` would change who may publish the package that others install"),
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
    let changes_owners = |yes: bool, words: usize| yes.then(|| Effect::ChangesOwners(said(words)));
    let verb = at(0);
    match name {
        // `npm unpublish --dry-run` only reports what would go.
        "npm" | "pnpm" if verb == "unpublish" => unpublishes(!dry_run, 1),
        "npm" | "pnpm" if verb == "owner" => changes_owners(matches!(at(1), "add" | "rm" | "remove"), 2),
        // A dist-tag is the name everyone installs by (`latest`, `next`): moved, it serves
        // them another release; removed, their installs by it fail.
        "npm" | "pnpm" if verb == "dist-tag" => match at(1) {
            "add" => publishes(true, 2),
            "rm" => unpublishes(true, 2),
            _ => None,
        },
        "yarn" if verb == "npm" && at(1) == "tag" => match at(2) {
            "add" => publishes(true, 3),
            "remove" => unpublishes(true, 3),
            _ => None,
        },
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
        // `nx release [SPECIFIER]` versions, writes the changelog and publishes; its `version`,
        // `changelog` and `plan` steps publish nothing.
        "nx" => publishes(
            verb == "release"
                && !matches!(at(1), "version" | "changelog" | "plan" | "plan:check")
                && !invocation.has("-d")
                && !invocation.has("--skip-publish"),
            2,
        ),
        // release-it releases unless told to rehearse (`-d`) or only to print.
        "release-it" => publishes(
            !["-d", "--release-version", "--changelog", "-h", "-v", "--version"]
                .iter()
                .any(|option| invocation.has(option)),
            0,
        ),
        "cargo" if matches!(verb, "workspaces" | "ws") => publishes(at(1) == "publish", 2),
        // `cargo owner --add|--remove LOGIN`, `gem owner GEM --add|--remove EMAIL`, `npm owner
        // add|rm USER PACKAGE`: listing the owners changes nothing.
        "cargo" | "gem" if verb == "owner" => changes_owners(
            ["--add", "-a", "--remove", "-r"]
                .iter()
                .any(|option| invocation.has(option)),
            1,
        ),
        "cargo" | "gem" if verb == "yank" => unpublishes(!invocation.has("--undo"), 1),
        // cargo-release only releases with `--execute` (`-x`); without it, it rehearses.
        "cargo" if verb == "release" => publishes(invocation.has("--execute") || invocation.has("-x"), 1),
        "cargo" => publishes(verb == "publish" && !invocation.has("-n"), 1),
        "gem" => publishes(verb == "push", 1),
        "twine" => publishes(verb == "upload", 1),
        "docker" | "podman" | "nerdctl" => match verb {
            "image" | "compose" | "manifest" => publishes(at(1) == "push", 2),
            "buildx" if at(1) == "imagetools" => publishes(at(2) == "create", 3),
            "build" | "buildx" => publishes(pushes_build(invocation), if verb == "build" { 1 } else { 2 }),
            // `podman push IMAGE [DESTINATION]`, which may be a directory here.
            _ => publishes(verb == "push" && !is_local_image(at(2)), 1),
        },
        "helm" => publishes(matches!(verb, "push" | "cm-push"), 1),
        "gh" if verb == "api" => gh_api_effect(invocation, at(1)),
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
        // `cabal upload` makes a candidate, which no install picks; `--publish` releases it.
        "cabal" => publishes(verb == "upload" && invocation.has("--publish"), 1),
        "stack" => publishes(verb == "upload" && !invocation.has("--candidate"), 1),
        "rebar3" if verb == "hex" => match at(1) {
            "publish" if invocation.has("--revert") => unpublishes(true, 2),
            other => publishes(matches!(other, "publish" | "cut"), 2),
        },
        "luarocks" | "wasm-pack" => publishes(matches!(verb, "upload" | "publish"), 1),
        "anaconda" => match verb {
            "remove" => unpublishes(true, 1),
            other => publishes(other == "upload", 1),
        },
        "ansible-galaxy" => match (verb, at(1)) {
            ("role", "delete") => unpublishes(true, 2),
            (kind, action) => publishes(
                matches!((kind, action), ("collection", "publish") | ("role", "import")),
                2,
            ),
        },
        // An uploaded snap revision reaches no one until released to a channel (`--release`).
        "snapcraft" => match verb {
            "close" => unpublishes(true, 1),
            "upload" | "push" => publishes(invocation.has("--release"), 1),
            other => publishes(matches!(other, "release" | "promote"), 1),
        },
        "choco" => publishes(verb == "push", 1),
        "cpush" => publishes(true, 0),
        // dput's `-s` simulates and `-o` only checks; dupload's `-n` rehearses.
        "dput" | "dupload" => publishes(
            !verb.is_empty()
                && ![
                    "-s",
                    "--simulate",
                    "-o",
                    "--check-only",
                    "-n",
                    "--no",
                    "-h",
                    "-v",
                    "--version",
                ]
                .iter()
                .any(|option| invocation.has(option)),
            0,
        ),
        "lein" => positional
            .contains(&"deploy")
            .then(|| Effect::Publishes("lein deploy".to_owned())),
        "regctl" => match (verb, at(1)) {
            ("tag" | "manifest", "delete") => unpublishes(true, 2),
            ("image", "copy" | "import") => publishes(!at(3).starts_with("ocidir://"), 2),
            ("image", "mod") => publishes(invocation.has("--create") || invocation.has("--replace"), 2),
            ("manifest" | "artifact", "put") | ("index", "create" | "add") => publishes(true, 2),
            _ => None,
        },
        // ko pushes what it builds to `KO_DOCKER_REPO` unless kept local.
        "ko" => publishes(
            matches!(verb, "build" | "publish" | "resolve" | "apply" | "create" | "run")
                && !invocation.has("--local")
                && !invocation.has("-L")
                && !invocation
                    .options()
                    .iter()
                    .any(|option| option.name == "--push" && option.value == Some("false")),
            1,
        ),
        // distutils' `setup.py upload` (or `register`, `upload_docs`) to PyPI.
        "python" | "python2" | "python3" if at(0) == "setup.py" || at(0).ends_with("/setup.py") => positional
            .iter()
            .find(|step| matches!(**step, "upload" | "register" | "upload_docs"))
            .map(|step| Effect::Publishes(format!("{name} setup.py {step}"))),
        // chart-releaser: `upload` makes GitHub releases of the charts, `index --push` pushes
        // the index the chart repository serves.
        "cr" => publishes(verb == "upload" || (verb == "index" && invocation.has("--push")), 1),
        // `conan remove PATTERN -r REMOTE` deletes on the server; without a remote, from the
        // local cache.
        "conan" => match verb {
            "upload" => publishes(true, 1),
            "remove" | "rm" => {
                let remote = invocation.value("-r").or(invocation.value("--remote")).is_some();
                unpublishes(remote && !dry_run, 1)
            }
            _ => None,
        },
        "jf" | "jfrog" if verb == "rt" => match at(1) {
            "upload" | "u" | "build-publish" | "bp" | "docker-push" | "dp" => publishes(true, 2),
            "delete" | "del" => unpublishes(!dry_run, 2),
            _ => None,
        },
        _ => None,
    }
}

/// Whether a `docker build` or `docker buildx build`/`bake` pushes what it builds: `--push`, or
/// an output of type registry (`--output type=registry`, `-o type=image,push=true`).
fn pushes_build(invocation: &Invocation) -> bool {
    let pushes = |output: &str| output.starts_with("type=registry") || output.contains("push=true");
    invocation
        .options()
        .iter()
        .any(|option| option.name == "--push" && option.value != Some("false"))
        || invocation
            .options()
            .iter()
            .filter(|option| matches!(option.name, "-o" | "--output"))
            .filter_map(|option| option.value)
            .any(pushes)
        // `--output` takes its value as the next word, which the table reads as an operand.
        || invocation.words().iter().any(|word| word.starts_with("type=") && pushes(word))
}

/// What `gh api` does to a release or package: `DELETE` on a release, a release asset, a tag
/// or a package (version) pulls it; `POST` to a repository's releases publishes one, unless a
/// draft.
fn gh_api_effect(invocation: &Invocation, endpoint: &str) -> Option<Effect> {
    // Without `--method`, gh sends GET, or POST once given fields or a body.
    let fields = ["-f", "-F", "--field", "--raw-field", "--input"]
        .iter()
        .any(|option| invocation.has(option));
    let method = invocation
        .value("-X")
        .or(invocation.value("--method"))
        .unwrap_or(if fields { "POST" } else { "GET" })
        .to_ascii_uppercase();
    let endpoint = endpoint.trim_start_matches('/');
    let path: Vec<&str> = endpoint.split(['?', '#']).next().unwrap_or("").split('/').collect();
    let release = matches!(path.as_slice(), ["repos", _, _, "releases", _, ..]);
    let tag = matches!(path.as_slice(), ["repos", _, _, "git", "refs", "tags", _, ..]);
    let package = matches!(
        path.as_slice(),
        ["user", "packages", _, _, ..] | ["orgs" | "users", _, "packages", _, _, ..]
    );
    let said = format!("gh api -X {method} {endpoint}");
    match method.as_str() {
        "DELETE" if release || tag || package => Some(Effect::Unpublishes(said)),
        "POST" if matches!(path.as_slice(), ["repos", _, _, "releases"]) => {
            let draft = invocation
                .options()
                .iter()
                .any(|option| option.value.is_some_and(|value| value.replace(' ', "") == "draft=true"));
            (!draft).then_some(Effect::Publishes(said))
        }
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
pub(super) fn is_local_image(destination: &str) -> bool {
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
