//! Kubernetes command lines: `kubectl` and `oc` (cobra: options anywhere), `helm`, `helmfile`
//! and Argo CD's `argocd`.

use super::{Subcommand, Tool, Values};

pub const TOOLS: &[Tool] = &[
    Tool {
        names: &["kubectl", "oc"],
        global: Values {
            short: "nsv",
            long: &[
                "--namespace",
                "--context",
                "--cluster",
                "--user",
                "--server",
                "--kubeconfig",
                "--token",
                "--as",
                "--as-group",
                "--as-uid",
                "--request-timeout",
                "--cache-dir",
                "--certificate-authority",
                "--client-certificate",
                "--client-key",
                "--tls-server-name",
                "--password",
                "--username",
                "--profile",
                "--profile-output",
                "--log-file",
                "--log-dir",
                "--v",
                "--vmodule",
                "--config",
            ],
        },
        subcommands: &[
            Subcommand {
                path: &["delete"],
                values: Values {
                    short: "lfok",
                    long: &[
                        "--selector",
                        "--filename",
                        "--output",
                        "--kustomize",
                        "--grace-period",
                        "--timeout",
                        "--field-selector",
                        "--raw",
                    ],
                },
            },
            Subcommand {
                path: &["get"],
                values: Values {
                    short: "lfoL",
                    long: &[
                        "--selector",
                        "--filename",
                        "--output",
                        "--label-columns",
                        "--field-selector",
                        "--sort-by",
                    ],
                },
            },
            Subcommand {
                path: &["create"],
                values: Values {
                    short: "fo",
                    long: &[
                        "--clusterrole",
                        "--role",
                        "--user",
                        "--group",
                        "--serviceaccount",
                        "--filename",
                        "--output",
                    ],
                },
            },
            Subcommand {
                path: &["exec"],
                values: Values {
                    short: "cf",
                    long: &["--container", "--filename", "--pod-running-timeout"],
                },
            },
        ],
        options_anywhere: true,
    },
    Tool {
        names: &["helm"],
        global: Values {
            short: "n",
            long: &[
                "--namespace",
                "--kube-context",
                "--kubeconfig",
                "--kube-apiserver",
                "--kube-as-user",
                "--kube-as-group",
                "--kube-ca-file",
                "--kube-tls-server-name",
                "--kube-token",
                "--registry-config",
                "--repository-cache",
                "--repository-config",
                "--burst-limit",
                "--qps",
            ],
        },
        subcommands: &[Subcommand {
            path: &["uninstall"],
            values: Values {
                short: "",
                long: &["--timeout", "--description", "--cascade"],
            },
        }],
        options_anywhere: true,
    },
    Tool {
        names: &["helmfile"],
        global: Values {
            short: "fenl",
            long: &[
                "--file",
                "--environment",
                "--namespace",
                "--selector",
                "--state-values-set",
                "--state-values-file",
                "--kube-context",
                "--helm-binary",
                "--chart",
            ],
        },
        subcommands: &[],
        options_anywhere: true,
    },
    Tool {
        names: &["argocd"],
        global: Values {
            short: "Npl",
            long: &[
                "--server",
                "--auth-token",
                "--config",
                "--header",
                "--app-namespace",
                "--propagation-policy",
                "--selector",
                "--grpc-web-root-path",
            ],
        },
        subcommands: &[],
        options_anywhere: true,
    },
];
