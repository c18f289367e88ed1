//! Cloud command lines: `aws`, `gcloud`, `az`.

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
            ],
        },
        subcommands: &[Subcommand {
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
        }],
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
            ],
        },
        subcommands: &[],
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
            ],
        },
        subcommands: &[],
        options_anywhere: true,
    },
];
