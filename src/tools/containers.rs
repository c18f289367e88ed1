//! Container engines: `docker`, `podman`, `nerdctl`, and Compose (`docker-compose`).

use super::{Subcommand, Tool, Values};

pub const TOOLS: &[Tool] = &[Tool {
    names: &["docker", "podman", "nerdctl", "docker-compose", "podman-compose"],
    global: Values {
        // `-H` host, `-c` context, `-l` log level (docker); podman's `--url`, `--connection`…
        short: "Hcl",
        long: &[
            "--host",
            "--context",
            "--config",
            "--log-level",
            "--tlscacert",
            "--tlscert",
            "--tlskey",
            "--url",
            "--connection",
            "--identity",
            "--root",
            "--runroot",
            "--storage-driver",
            "--storage-opt",
            "--cgroup-manager",
            "--runtime",
            "--tmpdir",
            "--namespace",
            "--address",
            "--snapshotter",
        ],
    },
    subcommands: &[
        Subcommand {
            path: &["system", "prune"],
            values: Values {
                short: "",
                long: &["--filter"],
            },
        },
        Subcommand {
            path: &["volume", "prune"],
            values: Values {
                short: "",
                long: &["--filter"],
            },
        },
        Subcommand {
            path: &["image", "prune"],
            values: Values {
                short: "",
                long: &["--filter"],
            },
        },
    ],
    options_anywhere: true,
}];
