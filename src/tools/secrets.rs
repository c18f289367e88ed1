//! Secret stores: HashiCorp's `vault` (Go's flags: one dash or two, `-mount=secret` or
//! `-mount secret`) and `doppler`.

use super::{Tool, Values};

pub const TOOLS: &[Tool] = &[
    Tool {
        names: &["vault"],
        global: Values {
            short: "",
            long: &[
                "-address",
                "--address",
                "-namespace",
                "--namespace",
                "-ns",
                "-mount",
                "--mount",
                "-versions",
                "--versions",
                "-format",
                "--format",
                "-field",
                "--field",
                "-ca-cert",
                "-ca-path",
                "-client-cert",
                "-client-key",
                "-tls-server-name",
                "-wrap-ttl",
                "-mfa",
                "-policy-override",
                "-header",
                "-agent-address",
            ],
        },
        subcommands: &[],
        options_anywhere: true,
    },
    Tool {
        names: &["doppler"],
        global: Values {
            short: "pc",
            long: &[
                "--project",
                "--config",
                "--token",
                "--scope",
                "--api-host",
                "--configuration",
                "--type",
            ],
        },
        subcommands: &[],
        options_anywhere: true,
    },
];
