//! Secret stores: HashiCorp's `vault` (Go's flags: one dash or two, `-mount=secret` or
//! `-mount secret`), `doppler`, the password managers (`op`, `bw`, `pass`, `gopass`, macOS's
//! `security`), the secrets of deployment platforms (`infisical`, `fly`, `vercel`, `netlify`,
//! `heroku`, `wrangler`, `railway`, `supabase`, `doctl`, `firebase`), and the key stores of `gpg` (whose commands are options)
//! and Java's `keytool` (long options with one dash).

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
    Tool {
        names: &["op"],
        global: Values {
            short: "",
            long: &[
                "--account",
                "--config",
                "--encoding",
                "--format",
                "--session",
                "--vault",
            ],
        },
        subcommands: &[],
        options_anywhere: true,
    },
    Tool {
        names: &["bw"],
        global: Values {
            short: "",
            long: &["--session", "--organizationid", "--itemid"],
        },
        subcommands: &[],
        options_anywhere: true,
    },
    Tool {
        // Their options are flags, or follow the subcommand.
        names: &["pass", "gopass", "security"],
        global: Values { short: "", long: &[] },
        subcommands: &[],
        options_anywhere: false,
    },
    Tool {
        names: &["infisical"],
        global: Values {
            short: "",
            long: &["--env", "--path", "--projectId", "--token", "--domain", "--type"],
        },
        subcommands: &[],
        options_anywhere: true,
    },
    Tool {
        names: &["fly", "flyctl"],
        global: Values {
            short: "act",
            long: &["--app", "--config", "--access-token", "--org"],
        },
        subcommands: &[],
        options_anywhere: true,
    },
    Tool {
        names: &["vercel", "vc"],
        global: Values {
            short: "tSAQT",
            long: &[
                "--token",
                "--scope",
                "--cwd",
                "--local-config",
                "--global-config",
                "--team",
            ],
        },
        subcommands: &[],
        options_anywhere: true,
    },
    Tool {
        names: &["netlify"],
        global: Values {
            short: "",
            long: &["--context", "--scope", "--filter", "--auth", "--site"],
        },
        subcommands: &[],
        options_anywhere: true,
    },
    Tool {
        names: &["doctl"],
        global: Values {
            short: "cot",
            long: &[
                "--context",
                "--config",
                "--output",
                "--access-token",
                "--api-url",
                "--format",
            ],
        },
        subcommands: &[],
        options_anywhere: true,
    },
    Tool {
        names: &["firebase"],
        global: Values {
            short: "P",
            long: &[
                "--project",
                "--config",
                "--token",
                "--account",
                "--database",
                "--instance",
            ],
        },
        subcommands: &[],
        options_anywhere: true,
    },
    Tool {
        names: &["heroku"],
        global: Values {
            short: "ar",
            long: &["--app", "--remote"],
        },
        subcommands: &[],
        options_anywhere: true,
    },
    Tool {
        names: &["wrangler"],
        global: Values {
            short: "ec",
            long: &["--env", "--config", "--name"],
        },
        subcommands: &[],
        options_anywhere: true,
    },
    Tool {
        names: &["railway"],
        global: Values {
            short: "spe",
            long: &["--service", "--project", "--environment", "--2fa-code"],
        },
        subcommands: &[],
        options_anywhere: true,
    },
    Tool {
        names: &["supabase"],
        global: Values {
            short: "",
            long: &["--project-ref", "--workdir", "--profile"],
        },
        subcommands: &[],
        options_anywhere: true,
    },
    Tool {
        names: &["gpg", "gpg2"],
        global: Values {
            short: "ruo",
            long: &[
                "--homedir",
                "--keyring",
                "--secret-keyring",
                "--default-key",
                "--local-user",
                "--recipient",
                "--output",
                "--keyserver",
                "--trust-model",
                "--passphrase",
                "--passphrase-file",
                "--passphrase-fd",
                "--pinentry-mode",
                "--status-fd",
                "--logger-fd",
                "--command-fd",
            ],
        },
        subcommands: &[],
        options_anywhere: true,
    },
    Tool {
        names: &["keytool"],
        global: Values {
            short: "",
            long: &[
                "-alias",
                "-keystore",
                "-storepass",
                "-keypass",
                "-storetype",
                "-providername",
                "-providerclass",
                "-file",
                "-dname",
                "-keyalg",
                "-keysize",
                "-validity",
                "-destalias",
                "-srcalias",
                "-srckeystore",
                "-destkeystore",
            ],
        },
        subcommands: &[],
        options_anywhere: true,
    },
];
