//! Containers and remote hosts: the command a container runs (`docker exec box cmd`,
//! `docker run img cmd`, `kubectl exec pod -- cmd`, `docker compose exec svc cmd`), what a
//! remote shell is given (`vagrant ssh -c`, `gcloud compute ssh --command`, `heroku run`). A
//! container's command is judged like a local one (what it deletes in a database container is
//! lost all the same), with paths under bind mounts read as the host's.

use super::table::{Carrier, Entry, Opt};
use crate::args::Options;

/// Options of `docker exec` that take a value.
const EXEC: Options = Options::posix("euw", &["env", "env-file", "user", "workdir", "detach-keys"]);

/// Options of `docker run` (and `create`, `compose run`) that take a value.
const RUN: Options = Options::posix(
    "veplmuwhc",
    &[
        "volume",
        "env",
        "env-file",
        "publish",
        "name",
        "network",
        "net",
        "label",
        "label-file",
        "mount",
        "memory",
        "memory-swap",
        "cpus",
        "cpu-shares",
        "cpuset-cpus",
        "user",
        "workdir",
        "entrypoint",
        "hostname",
        "add-host",
        "device",
        "cap-add",
        "cap-drop",
        "security-opt",
        "tmpfs",
        "ulimit",
        "log-driver",
        "log-opt",
        "gpus",
        "ipc",
        "pid",
        "shm-size",
        "volumes-from",
        "dns",
        "platform",
        "pull",
        "restart",
        "stop-signal",
        "stop-timeout",
        "health-cmd",
        "health-interval",
        "runtime",
        "userns",
        "uts",
        "expose",
        "link",
        "cidfile",
        "attach",
    ],
);

const fn container(
    names: &'static [&'static str],
    subcommand: &'static [&'static str],
    options: Options,
    carriers: &'static [Carrier],
) -> Entry {
    Entry {
        names,
        subcommand,
        options,
        carriers,
        inert: &[],
    }
}

const ENGINES: &[&str] = &["docker", "podman", "nerdctl", "finch"];

pub const ENTRIES: &[Entry] = &[
    container(ENGINES, &["exec"], EXEC, &[Carrier::Argv { skip: 1 }]),
    container(ENGINES, &["container", "exec"], EXEC, &[Carrier::Argv { skip: 1 }]),
    container(ENGINES, &["run"], RUN, &[Carrier::ContainerArgv { skip: 1 }]),
    container(
        ENGINES,
        &["container", "run"],
        RUN,
        &[Carrier::ContainerArgv { skip: 1 }],
    ),
    // A created container runs its command when it is started, with what `create` gave it.
    container(ENGINES, &["create"], RUN, &[Carrier::ContainerArgv { skip: 1 }]),
    container(
        ENGINES,
        &["container", "create"],
        RUN,
        &[Carrier::ContainerArgv { skip: 1 }],
    ),
    container(
        &["docker", "podman"],
        &["compose", "exec"],
        EXEC,
        &[Carrier::Argv { skip: 1 }],
    ),
    container(
        &["docker-compose", "podman-compose"],
        &["exec"],
        EXEC,
        &[Carrier::Argv { skip: 1 }],
    ),
    container(
        &["docker", "podman"],
        &["compose", "run"],
        RUN,
        &[Carrier::ContainerArgv { skip: 1 }],
    ),
    container(
        &["docker-compose", "podman-compose"],
        &["run"],
        RUN,
        &[Carrier::ContainerArgv { skip: 1 }],
    ),
    container(
        &["kubectl", "oc"],
        &["exec"],
        Options::gnu("cf", &["container", "filename"]),
        &[Carrier::AfterDoubleDash],
    ),
    container(
        &["kubectl", "oc"],
        &["run"],
        Options::gnu("", &["image"]),
        &[Carrier::AfterDoubleDash],
    ),
    container(
        &["kubectl", "oc"],
        &["debug"],
        Options::gnu("c", &["image", "container"]),
        &[Carrier::AfterDoubleDash],
    ),
    container(
        &["oc"],
        &["rsh"],
        Options::posix("c", &["container", "shell"]),
        &[Carrier::Argv { skip: 1 }],
    ),
    container(
        &["lxc", "incus"],
        &["exec"],
        Options::gnu("", &["env", "user", "cwd"]),
        &[Carrier::AfterDoubleDash],
    ),
    container(
        &["vagrant"],
        &["ssh"],
        Options::gnu("c", &["command"]),
        &[Carrier::OptionShell {
            option: Opt::Both('c', "command"),
            prefix: "",
        }],
    ),
    container(
        &["gcloud"],
        &["compute", "ssh"],
        Options::gnu("", &["command", "zone", "project"]),
        &[Carrier::OptionShell {
            option: Opt::Long("command"),
            prefix: "",
        }],
    ),
    container(
        &["fly", "flyctl"],
        &["ssh", "console"],
        Options::gnu("Ca", &["command", "app"]),
        &[Carrier::OptionShell {
            option: Opt::Both('C', "command"),
            prefix: "",
        }],
    ),
    container(
        &["heroku"],
        &["run"],
        Options::posix("aes", &["app", "env", "size"]),
        &[Carrier::Argv { skip: 0 }],
    ),
    container(
        &["az"],
        &["vm", "run-command", "invoke"],
        Options::gnu("gn", &["scripts", "command-id", "resource-group", "name"]),
        &[Carrier::OptionShell {
            option: Opt::Long("scripts"),
            prefix: "",
        }],
    ),
];
