//! Infrastructure as code: `terraform`, `tofu`, `terragrunt` (long options with one dash),
//! `pulumi`, the AWS CDK (`cdk`, `cdktf`), the Serverless Framework and SST.

use super::{Tool, Values};

pub const TOOLS: &[Tool] = &[
    Tool {
        names: &["terraform", "tofu", "terragrunt"],
        global: Values {
            short: "",
            long: &[
                "-var",
                "-var-file",
                "-target",
                "-replace",
                "-state",
                "-state-out",
                "-backup",
                "-out",
                "-lock-timeout",
                "-parallelism",
                "-generate-config-out",
            ],
        },
        subcommands: &[],
        options_anywhere: true,
    },
    Tool {
        names: &["pulumi"],
        global: Values {
            short: "sCv",
            long: &[
                "--stack",
                "--cwd",
                "--color",
                "--config-file",
                "--logflow",
                "--message",
                "--target",
                "--parallel",
                "--tracing",
                "--profiling",
                "--exclude",
            ],
        },
        subcommands: &[],
        options_anywhere: true,
    },
    Tool {
        names: &["cdk", "aws-cdk", "cdktf"],
        global: Values {
            short: "ac",
            long: &[
                "--app",
                "--context",
                "--profile",
                "--output",
                "--role-arn",
                "--plugin",
                "--exclusively",
            ],
        },
        subcommands: &[],
        options_anywhere: true,
    },
    Tool {
        names: &["serverless", "sls", "sst"],
        global: Values {
            short: "csr",
            long: &["--config", "--stage", "--region", "--aws-profile", "--app", "--org"],
        },
        subcommands: &[],
        options_anywhere: true,
    },
];
