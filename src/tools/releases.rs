//! Release tools that publish or withdraw what others download: forges' releases (`gh`,
//! `glab`), NuGet (`dotnet nuget`, `nuget`), Maven and Gradle, editor extensions (`vsce`,
//! `ovsx`), Dart and Flutter, Hex (`mix`), CocoaPods (`pod`), GoReleaser and JReleaser, and image
//! registries' clients (`buildah`, `skopeo`, `crane`, `oras`, `regctl`, `ko`), and the
//! release tools of other ecosystems: nx and release-it, Hackage (`cabal`, `stack`), Hex
//! (`rebar3`), LuaRocks, Anaconda, Ansible Galaxy, the Snap Store, Chocolatey, Debian uploads
//! (`dput`), wasm-pack, Leiningen and chart-releaser (`cr`), Conan and the JFrog CLI (`jf rt
//! upload`, Artifactory).

use super::{Subcommand, Tool, Values};

/// What takes no value beyond the subcommand's own.
const NONE: Values = Values { short: "", long: &[] };

/// Credentials and certificates for a registry, as `buildah` and `skopeo` name them.
const REGISTRY_ACCESS: &[&str] = &[
    "--authfile",
    "--cert-dir",
    "--creds",
    "--registry-token",
    "--digestfile",
    "--format",
    "--sign-by",
    "--sign-by-sigstore",
    "--sign-by-sigstore-private-key",
    "--sign-passphrase-file",
    "--sign-identity",
    "--encryption-key",
    "--decryption-key",
    "--compression-format",
    "--compression-level",
    "--retry",
    "--retry-times",
    "--retry-delay",
    "--signature-policy",
    "--src-authfile",
    "--dest-authfile",
    "--src-creds",
    "--dest-creds",
    "--src-cert-dir",
    "--dest-cert-dir",
    "--src-registry-token",
    "--dest-registry-token",
    "--dest-compress-format",
    "--dest-compress-level",
    "--additional-tag",
    "--multi-arch",
    "--image-parallel-copies",
    "--src-shared-blob-dir",
    "--dest-shared-blob-dir",
    "--src",
    "--dest",
    "--append-suffix",
];

/// Options of `gh release create` and `gh release edit` that take a value (`--notes-start-tag`
/// is create's, `--tag` edit's).
const GH_RELEASE_VALUES: Values = Values {
    short: "ntF",
    long: &[
        "--notes",
        "--notes-file",
        "--title",
        "--target",
        "--tag",
        "--discussion-category",
        "--notes-start-tag",
    ],
};

pub const TOOLS: &[Tool] = &[
    Tool {
        names: &["gh"],
        global: Values {
            short: "R",
            long: &["--repo"],
        },
        subcommands: &[
            Subcommand {
                path: &["release", "create"],
                values: GH_RELEASE_VALUES,
            },
            Subcommand {
                path: &["release", "edit"],
                values: GH_RELEASE_VALUES,
            },
            Subcommand {
                path: &["api"],
                values: Values {
                    short: "XfFHqtp",
                    long: &[
                        "--method",
                        "--field",
                        "--raw-field",
                        "--header",
                        "--jq",
                        "--template",
                        "--preview",
                        "--input",
                        "--hostname",
                        "--cache",
                    ],
                },
            },
        ],
        options_anywhere: true,
    },
    Tool {
        names: &["glab"],
        global: Values {
            short: "R",
            long: &["--repo"],
        },
        subcommands: &[Subcommand {
            path: &["release"],
            values: Values {
                short: "amnNFrDT",
                long: &[
                    "--assets-links",
                    "--milestone",
                    "--name",
                    "--notes",
                    "--notes-file",
                    "--ref",
                    "--released-at",
                    "--tag-message",
                ],
            },
        }],
        options_anywhere: true,
    },
    Tool {
        names: &["dotnet"],
        global: NONE,
        subcommands: &[Subcommand {
            path: &["nuget"],
            values: Values {
                short: "skt",
                long: &[
                    "--source",
                    "--api-key",
                    "--symbol-source",
                    "--symbol-api-key",
                    "--timeout",
                    "--configfile",
                    "-ss",
                    "-sk",
                ],
            },
        }],
        options_anywhere: true,
    },
    Tool {
        // NuGet's own client: one dash, any case.
        names: &["nuget"],
        global: Values {
            short: "",
            long: &[
                "-Source",
                "-source",
                "-ApiKey",
                "-apikey",
                "-SymbolSource",
                "-SymbolApiKey",
                "-Timeout",
                "-ConfigFile",
                "-configfile",
                "-Verbosity",
                "-verbosity",
            ],
        },
        subcommands: &[],
        options_anywhere: true,
    },
    Tool {
        names: &["mvn", "mvnw", "mvnd", "mvnw.cmd"],
        global: Values {
            short: "fsPDtbTl",
            long: &[
                "--file",
                "--settings",
                "--global-settings",
                "--toolchains",
                "--global-toolchains",
                "--activate-profiles",
                "--projects",
                "--resume-from",
                "--log-file",
                "--threads",
                "--builder",
                "--define",
                "--color",
                "--encrypt-password",
                "--encrypt-master-password",
                "-pl",
                "-rf",
                "-gs",
                "-gt",
                "-ep",
                "-emp",
            ],
        },
        subcommands: &[],
        options_anywhere: true,
    },
    Tool {
        names: &["gradle", "gradlew", "gradlew.bat"],
        global: Values {
            // `-m` is the dry run, a flag.
            short: "xpbcgIPDFM",
            long: &[
                "--exclude-task",
                "--project-dir",
                "--build-file",
                "--settings-file",
                "--gradle-user-home",
                "--init-script",
                "--project-prop",
                "--system-prop",
                "--dependency-verification",
                "--write-verification-metadata",
                "--console",
                "--warning-mode",
                "--max-workers",
                "--priority",
                "--include-build",
                "--project-cache-dir",
                "--update-locks",
                // Options of tasks, which take values wherever they are given (`tasks --group
                // publishing`, `help --task publish`).
                "--tests",
                "--args",
                "--group",
                "--task",
                "--configuration",
                "--dependency",
            ],
        },
        subcommands: &[],
        options_anywhere: true,
    },
    Tool {
        names: &["vsce", "ovsx"],
        global: Values {
            short: "ptimr",
            long: &[
                "--pat",
                "--target",
                "--packagePath",
                "--registryUrl",
                "--baseContentUrl",
                "--baseImagesUrl",
                "--githubBranch",
                "--gitlabBranch",
                "--message",
                "--readme-path",
                "--changelog-path",
                "--ignoreFile",
                "--manifestPath",
                "--signaturePath",
                "--sigzip",
            ],
        },
        subcommands: &[],
        options_anywhere: true,
    },
    Tool {
        names: &["dart"],
        global: Values {
            short: "C",
            long: &["--directory", "--enable-experiment"],
        },
        subcommands: &[],
        options_anywhere: true,
    },
    Tool {
        names: &["flutter"],
        global: Values {
            short: "dC",
            long: &[
                "--device-id",
                "--directory",
                "--local-engine",
                "--local-engine-src-path",
                "--local-engine-host",
            ],
        },
        subcommands: &[],
        options_anywhere: true,
    },
    Tool {
        names: &["mix"],
        global: NONE,
        subcommands: &[Subcommand {
            path: &["hex.publish"],
            values: Values {
                short: "",
                long: &["--revert", "--organization"],
            },
        }],
        options_anywhere: true,
    },
    Tool {
        // JavaScript monorepo and release tools (`lerna publish`, `changeset publish`,
        // `semantic-release`), Python's pdm and maturin, Deno and JSR, sbt, docker-compose.
        names: &[
            "lerna",
            "changeset",
            "semantic-release",
            "maturin",
            "jsr",
            "sbt",
            "docker-compose",
        ],
        global: Values {
            short: "bmprf",
            long: &[
                "--registry",
                "--dist-tag",
                "--branches",
                "--repository-url",
                "--tag-format",
                "--plugins",
                "--extends",
                "--repository",
                "--username",
                "--password",
                "--manifest-path",
                "--file",
                "--project-name",
            ],
        },
        subcommands: &[],
        options_anywhere: true,
    },
    Tool {
        names: &["pdm", "deno"],
        global: Values {
            short: "prugc",
            long: &[
                "--project",
                "--repository",
                "--username",
                "--password",
                "--config",
                "--token",
                "--ca-certs",
            ],
        },
        subcommands: &[],
        options_anywhere: true,
    },
    Tool {
        // CocoaPods: every option with a value is written `--name=value`.
        names: &["pod"],
        global: NONE,
        subcommands: &[],
        options_anywhere: true,
    },
    Tool {
        names: &["goreleaser"],
        global: Values {
            short: "fpkdo",
            long: &[
                "--config",
                "--parallelism",
                "--skip",
                "--release-notes",
                "--release-notes-tmpl",
                "--release-header",
                "--release-header-tmpl",
                "--release-footer",
                "--release-footer-tmpl",
                "--timeout",
                "--id",
                "--key",
                "--dist",
                "--output",
            ],
        },
        subcommands: &[],
        options_anywhere: true,
    },
    Tool {
        names: &["jreleaser"],
        global: Values {
            short: "bcP",
            long: &[
                "--basedir",
                "--config-file",
                "--output-directory",
                "--set-property",
                "-od",
            ],
        },
        subcommands: &[],
        options_anywhere: true,
    },
    Tool {
        names: &["buildah"],
        global: Values {
            short: "",
            long: &[
                "--root",
                "--runroot",
                "--storage-driver",
                "--storage-opt",
                "--registries-conf",
                "--registries-conf-dir",
                "--log-level",
                "--userns-uid-map",
                "--userns-gid-map",
                "--cgroup-manager",
                "--short-name-alias-conf",
            ],
        },
        subcommands: &[
            Subcommand {
                path: &["push"],
                values: Values {
                    short: "f",
                    long: REGISTRY_ACCESS,
                },
            },
            Subcommand {
                path: &["manifest", "push"],
                values: Values {
                    short: "f",
                    long: REGISTRY_ACCESS,
                },
            },
        ],
        options_anywhere: true,
    },
    Tool {
        names: &["skopeo"],
        global: Values {
            short: "",
            long: &[
                "--command-timeout",
                "--override-arch",
                "--override-os",
                "--override-variant",
                "--policy",
                "--registries.d",
                "--registries-conf",
                "--tmpdir",
                "--user-agent",
            ],
        },
        subcommands: &[
            Subcommand {
                path: &["copy"],
                values: Values {
                    short: "f",
                    long: REGISTRY_ACCESS,
                },
            },
            Subcommand {
                // `-s` and `-d` name the transports: `--src docker --dest dir`.
                path: &["sync"],
                values: Values {
                    short: "fsd",
                    long: REGISTRY_ACCESS,
                },
            },
            Subcommand {
                path: &["delete"],
                values: Values {
                    short: "",
                    long: REGISTRY_ACCESS,
                },
            },
        ],
        options_anywhere: true,
    },
    Tool {
        names: &["crane"],
        global: Values {
            short: "",
            long: &["--platform"],
        },
        subcommands: &[
            Subcommand {
                path: &["copy"],
                values: Values {
                    short: "j",
                    long: &["--jobs"],
                },
            },
            Subcommand {
                path: &["cp"],
                values: Values {
                    short: "j",
                    long: &["--jobs"],
                },
            },
            Subcommand {
                path: &["push"],
                values: Values {
                    short: "",
                    long: &["--image-refs"],
                },
            },
            Subcommand {
                path: &["append"],
                values: Values {
                    short: "bfto",
                    long: &["--base", "--new_layer", "--new_tag", "--output"],
                },
            },
            Subcommand {
                path: &["mutate"],
                values: Values {
                    short: "tolae",
                    long: &[
                        "--tag",
                        "--output",
                        "--label",
                        "--annotation",
                        "--entrypoint",
                        "--cmd",
                        "--env",
                        "--user",
                        "--workdir",
                        "--exposed-ports",
                        "--set-platform",
                        "--repo",
                        "--append",
                    ],
                },
            },
            Subcommand {
                path: &["rebase"],
                values: Values {
                    short: "t",
                    long: &["--old_base", "--new_base", "--tag", "--original"],
                },
            },
            Subcommand {
                path: &["flatten"],
                values: Values {
                    short: "t",
                    long: &["--tag"],
                },
            },
            Subcommand {
                path: &["index", "append"],
                values: Values {
                    short: "mt",
                    long: &["--manifest", "--tag"],
                },
            },
        ],
        options_anywhere: true,
    },
    Tool {
        names: &["oras"],
        global: Values {
            // `-a` annotation, `-u` user name, `-p` password: the same in every command.
            short: "aup",
            long: &[
                "--artifact-type",
                "--annotation",
                "--annotation-file",
                "--config",
                "--export-manifest",
                "--image-spec",
                "--artifact-platform",
                "--platform",
                "--username",
                "--password",
                "--registry-config",
                "--concurrency",
                "--format",
                "--template",
                "--oci-layout-path",
                "--distribution-spec",
                "--resolve",
                "--ca-file",
                "--cert-file",
                "--key-file",
                "--identity-token",
                "--media-type",
                "--from-username",
                "--from-password",
                "--from-registry-config",
                "--from-ca-file",
                "--to-username",
                "--to-password",
                "--to-registry-config",
                "--to-ca-file",
            ],
        },
        subcommands: &[],
        options_anywhere: true,
    },
    Tool {
        names: &["nx"],
        global: Values {
            short: "pg",
            long: &[
                "--projects",
                "--groups",
                "--specifier",
                "--preid",
                "--registry",
                "--tag",
                "--otp",
                "--output-style",
                "--from",
                "--to",
            ],
        },
        subcommands: &[],
        options_anywhere: true,
    },
    Tool {
        names: &["release-it"],
        global: Values {
            short: "ci",
            long: &["--config", "--increment", "--preReleaseId"],
        },
        subcommands: &[],
        options_anywhere: true,
    },
    Tool {
        // Hackage's clients, Hex's through rebar3, LuaRocks.
        names: &["cabal", "stack", "rebar3", "luarocks"],
        global: Values {
            short: "upP",
            long: &[
                "--username",
                "--password",
                "--password-command",
                "--token",
                "--project-file",
                "--builddir",
                "--stack-yaml",
                "--resolver",
                "--work-dir",
                "--pvp-bounds",
                "--api-key",
                "--server",
                "--tree",
                "--lua-version",
                "--repo",
            ],
        },
        subcommands: &[],
        options_anywhere: true,
    },
    Tool {
        names: &["anaconda"],
        global: Values {
            short: "ts",
            long: &["--token", "--site"],
        },
        subcommands: &[Subcommand {
            path: &["upload"],
            values: Values {
                short: "ulcpvd",
                long: &[
                    "--user",
                    "--label",
                    "--channel",
                    "--package",
                    "--version",
                    "--description",
                    "--summary",
                    "--package-type",
                ],
            },
        }],
        options_anywhere: true,
    },
    Tool {
        names: &["ansible-galaxy"],
        global: Values {
            short: "s",
            long: &["--api-key", "--server", "--token", "--role-name", "--branch"],
        },
        subcommands: &[],
        options_anywhere: true,
    },
    Tool {
        names: &["snapcraft"],
        global: Values {
            short: "",
            long: &["--release", "--channel", "--progressive"],
        },
        subcommands: &[],
        options_anywhere: true,
    },
    Tool {
        names: &["choco", "cpush"],
        global: Values {
            short: "sk",
            long: &["--source", "--key", "--api-key", "--apikey", "--version", "--timeout"],
        },
        subcommands: &[],
        options_anywhere: true,
    },
    Tool {
        // Debian uploads: dput's `-c` configuration file and `-e` delay, dupload's `--to`.
        names: &["dput", "dupload"],
        global: Values {
            short: "cet",
            long: &["--config", "--delayed", "--to"],
        },
        subcommands: &[],
        options_anywhere: true,
    },
    Tool {
        names: &["wasm-pack"],
        global: Values {
            short: "atdsm",
            long: &[
                "--access",
                "--tag",
                "--target",
                "--out-dir",
                "--out-name",
                "--scope",
                "--mode",
            ],
        },
        subcommands: &[],
        options_anywhere: true,
    },
    Tool {
        names: &["lein"],
        global: NONE,
        subcommands: &[],
        options_anywhere: true,
    },
    Tool {
        names: &["regctl"],
        global: Values {
            short: "v",
            long: &[
                "--host",
                "--logopt",
                "--verbosity",
                "--user-agent",
                "--create",
                "--platform",
                "--format",
                "--annotation",
                "--label",
                "--referrers-src",
                "--referrers-tgt",
            ],
        },
        subcommands: &[],
        options_anywhere: true,
    },
    Tool {
        names: &["ko"],
        global: Values {
            short: "tf",
            long: &[
                "--tags",
                "--platform",
                "--image-label",
                "--image-annotation",
                "--image-refs",
                "--image-user",
                "--sbom",
                "--sbom-dir",
                "--tarball",
                "--filename",
                "--selector",
                "--oci-layout-path",
            ],
        },
        subcommands: &[],
        options_anywhere: true,
    },
    Tool {
        // chart-releaser.
        names: &["cr"],
        global: Values {
            short: "orptcbui",
            long: &[
                "--owner",
                "--git-repo",
                "--package-path",
                "--token",
                "--config",
                "--commit",
                "--git-base-url",
                "--git-upload-url",
                "--release-name-template",
                "--index-path",
                "--pages-branch",
                "--remote",
            ],
        },
        subcommands: &[],
        options_anywhere: true,
    },
    Tool {
        // Conan 2's `-r` remote, `-f` output format, `-l` package list; Conan 1's `-q` query.
        names: &["conan"],
        global: Values {
            short: "rflpq",
            long: &[
                "--remote",
                "--format",
                "--list",
                "--package-query",
                "--query",
                "--lockfile",
            ],
        },
        subcommands: &[],
        options_anywhere: true,
    },
    Tool {
        names: &["jf", "jfrog"],
        global: Values {
            short: "",
            long: &[
                "--server-id",
                "--url",
                "--user",
                "--password",
                "--access-token",
                "--spec",
                "--props",
                "--target-props",
                "--exclusions",
                "--build-name",
                "--build-number",
                "--module",
                "--threads",
                "--retries",
            ],
        },
        subcommands: &[],
        options_anywhere: true,
    },
];
