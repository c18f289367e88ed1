//! Cloud command lines: `aws`, `gcloud`, `gsutil`, `az`, and the S3 clients `mc` (MinIO) and
//! `s3cmd`.

use super::{Subcommand, Tool, Values};

pub const TOOLS: &[Tool] = &[
    Tool {
        names: &["aws"],
        global: Values {
            short: "",
            long: &[
                "--region",
                "--profile",
                "--output",
                "--endpoint-url",
                "--query",
                "--color",
                "--ca-bundle",
                "--cli-read-timeout",
                "--cli-connect-timeout",
                "--cli-binary-format",
                "--cli-input-json",
                "--cli-input-yaml",
                "--generate-cli-skeleton",
                // Options of many services, which take a value wherever they are given:
                // policy documents and the attributes and permissions that carry sharing.
                "--policy",
                "--policy-document",
                "--policy-text",
                "--assume-role-policy-document",
                "--resource-policy",
                "--access-policies",
                "--policy-in-json",
                "--attributes",
                "--attribute",
                "--attribute-name",
                "--attribute-value",
                "--principal",
                "--action",
                "--function-url-auth-type",
                "--auth-type",
                "--organization-id",
                "--launch-permission",
                "--create-volume-permission",
                "--load-permission",
                "--operation-type",
                "--group-names",
                "--user-groups",
                "--values-to-add",
                "--account-ids-to-add",
                "--permission-type",
            ],
        },
        subcommands: &[
            Subcommand {
                path: &["s3"],
                values: Values {
                    short: "",
                    long: &[
                        "--exclude",
                        "--include",
                        "--acl",
                        "--storage-class",
                        "--sse",
                        "--sse-kms-key-id",
                        "--sse-c",
                        "--sse-c-key",
                        "--grants",
                        "--website-redirect",
                        "--content-type",
                        "--cache-control",
                        "--expires",
                        "--metadata",
                        "--metadata-directive",
                        "--request-payer",
                        "--page-size",
                    ],
                },
            },
            Subcommand {
                path: &["s3api"],
                values: Values {
                    short: "",
                    long: &[
                        "--bucket",
                        "--key",
                        "--acl",
                        "--access-control-policy",
                        "--grant-full-control",
                        "--grant-read",
                        "--grant-read-acp",
                        "--grant-write",
                        "--grant-write-acp",
                        "--public-access-block-configuration",
                        "--expected-bucket-owner",
                    ],
                },
            },
            Subcommand {
                path: &["s3control"],
                values: Values {
                    short: "",
                    long: &["--account-id", "--public-access-block-configuration"],
                },
            },
            Subcommand {
                path: &["iam"],
                values: Values {
                    short: "",
                    long: &[
                        "--user-name",
                        "--role-name",
                        "--group-name",
                        "--policy-arn",
                        "--policy-name",
                    ],
                },
            },
            Subcommand {
                path: &["kms"],
                values: Values {
                    short: "",
                    long: &["--key-id", "--pending-window-in-days"],
                },
            },
            Subcommand {
                path: &["secretsmanager"],
                values: Values {
                    short: "",
                    long: &["--secret-id", "--recovery-window-in-days"],
                },
            },
            Subcommand {
                path: &["ssm"],
                values: Values {
                    short: "",
                    long: &["--name", "--names"],
                },
            },
        ],
        options_anywhere: true,
    },
    Tool {
        names: &["gcloud"],
        global: Values {
            short: "",
            long: &[
                "--project",
                "--account",
                "--configuration",
                "--format",
                "--verbosity",
                "--impersonate-service-account",
                "--billing-project",
                "--flags-file",
                "--flatten",
                "--trace-token",
                "--zone",
                "--region",
                "--location",
                // Options of many commands, which take a value wherever they are given.
                "--member",
                "--role",
                "--condition",
                "--keyring",
                "--key",
                "--predefined-acl",
                "--predefined-default-object-acl",
                "--add-acl-grant",
            ],
        },
        subcommands: &[],
        options_anywhere: true,
    },
    Tool {
        names: &["gsutil"],
        global: Values {
            // `-h` header, `-o` boto option, `-u` project to bill, `-i` account to act as.
            short: "houi",
            long: &[],
        },
        subcommands: &[
            Subcommand {
                // `-u` user, `-g` group, `-p` project: grants; `-d` an entity removed.
                path: &["acl", "ch"],
                values: Values {
                    short: "ugpd",
                    long: &[],
                },
            },
            Subcommand {
                path: &["defacl", "ch"],
                values: Values {
                    short: "ugpd",
                    long: &[],
                },
            },
            Subcommand {
                path: &["iam", "ch"],
                values: Values { short: "de", long: &[] },
            },
            Subcommand {
                // `-a` names a canned ACL.
                path: &["cp"],
                values: Values {
                    short: "asLjz",
                    long: &[],
                },
            },
            Subcommand {
                path: &["mv"],
                values: Values {
                    short: "asLjz",
                    long: &[],
                },
            },
            Subcommand {
                path: &["rsync"],
                values: Values {
                    short: "asjzx",
                    long: &[],
                },
            },
        ],
        options_anywhere: true,
    },
    Tool {
        names: &["az"],
        global: Values {
            short: "ogn",
            long: &[
                "--subscription",
                "--output",
                "--query",
                "--resource-group",
                "--name",
                "--location",
                "--ids",
                // Options of many commands, which take a value wherever they are given.
                "--role",
                "--assignee",
                "--assignee-object-id",
                "--scope",
                "--scopes",
                "--public-access",
                "--allow-blob-public-access",
                "--vault-name",
                "--account-name",
                "--hsm-name",
            ],
        },
        subcommands: &[],
        options_anywhere: true,
    },
    Tool {
        names: &["mc"],
        global: Values {
            short: "C",
            long: &[
                "--config-dir",
                "--custom-header",
                "--limit-upload",
                "--limit-download",
                "--resolve",
            ],
        },
        subcommands: &[],
        options_anywhere: true,
    },
    Tool {
        names: &["s3cmd"],
        global: Values {
            short: "cm",
            long: &[
                "--config",
                "--access_key",
                "--secret_key",
                "--access_token",
                "--acl-grant",
                "--acl-revoke",
                "--exclude",
                "--include",
                "--rexclude",
                "--rinclude",
                "--exclude-from",
                "--include-from",
                "--storage-class",
                "--mime-type",
                "--add-header",
                "--remove-header",
                "--encoding",
                "--region",
                "--bucket-location",
                "--host",
                "--host-bucket",
                "--expiry-date",
                "--expiry-days",
                "--expiry-prefix",
                "--ws-index",
                "--ws-error",
            ],
        },
        subcommands: &[],
        options_anywhere: true,
    },
];
