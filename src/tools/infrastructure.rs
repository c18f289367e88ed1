//! Infrastructure as code: `terraform`, `tofu`, `terragrunt` (long options with one dash) and
//! `pulumi`.

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
];
