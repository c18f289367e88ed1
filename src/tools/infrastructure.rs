//! Infrastructure as code: `terraform`, `tofu`, `terragrunt` (long options with one dash),
//! `pulumi`, the AWS CDK (`cdk`, `cdktf`), the Serverless Framework and SST, and the
//! deployers with a teardown of their own: AWS SAM, Amplify, Copilot, the Azure Developer CLI.

use super::{Tool, Values};

/// Terraform's options that take a value (one dash, or two).
const TERRAFORM_VALUED: &[&str] = &[
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
];

/// Terragrunt's own options that take a value.
const TERRAGRUNT_OWN_VALUED: &[&str] = &[
    "--terragrunt-working-dir",
    "--working-dir",
    "--terragrunt-config",
    "--config",
    "--terragrunt-tfpath",
    "--tf-path",
    "--terragrunt-include-dir",
    "--queue-include-dir",
    "--terragrunt-exclude-dir",
    "--queue-exclude-dir",
    "--terragrunt-iam-role",
    "--iam-assume-role",
    "--terragrunt-parallelism",
    "--parallelism",
    "--terragrunt-log-level",
    "--log-level",
    "--terragrunt-download-dir",
    "--download-dir",
];

const TERRAGRUNT_VALUED: [&str; TERRAFORM_VALUED.len() + TERRAGRUNT_OWN_VALUED.len()] =
    crate::checks::joined(TERRAFORM_VALUED, TERRAGRUNT_OWN_VALUED);

pub const TOOLS: &[Tool] = &[
    Tool {
        names: &["terraform", "tofu"],
        global: Values {
            short: "",
            long: TERRAFORM_VALUED,
        },
        subcommands: &[],
        options_anywhere: true,
    },
    // Terragrunt passes Terraform's options on, and has its own (old `--terragrunt-*` names and
    // their newer short forms).
    Tool {
        names: &["terragrunt"],
        global: Values {
            short: "",
            long: &TERRAGRUNT_VALUED,
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
    Tool {
        names: &["sam"],
        global: Values {
            short: "t",
            long: &[
                "--stack-name",
                "--region",
                "--profile",
                "--config-file",
                "--config-env",
                "--template-file",
                "--template",
                "--s3-bucket",
                "--s3-prefix",
            ],
        },
        subcommands: &[],
        options_anywhere: true,
    },
    Tool {
        names: &["amplify"],
        global: Values {
            short: "",
            long: &["--envName", "--appId", "--profile"],
        },
        subcommands: &[],
        options_anywhere: true,
    },
    Tool {
        names: &["copilot"],
        global: Values {
            short: "naer",
            long: &["--name", "--app", "--env", "--region", "--profile"],
        },
        subcommands: &[],
        options_anywhere: true,
    },
    Tool {
        names: &["azd"],
        global: Values {
            short: "eC",
            long: &["--environment", "--cwd", "--output", "--trace-log-url"],
        },
        subcommands: &[],
        options_anywhere: true,
    },
];
