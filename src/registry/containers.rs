//! Containers and remote hosts: the command a container runs (`docker exec box cmd`,
//! `docker run img cmd`, `kubectl exec pod -- cmd`, `docker compose exec svc cmd`), what a
//! remote shell is given (`vagrant ssh -c`, `gcloud compute ssh --command`, `heroku run`). A
//! container's command is judged like a local one (what it deletes in a database container is
//! lost all the same), with paths under bind mounts read as the host's, and an image that is a
//! tool (`amazon/aws-cli`) running its arguments as that tool's.

use super::table::{Carrier, Entry, Opt, Runtime};
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

/// The same options as the container engines read them: Go's pflag takes a long option by its
/// full name only, in its own case (`docker run --privil` is an error and runs nothing).
const ENGINE_RUN: Options = RUN.full_names_only().case_sensitive();

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

/// Options of `apptainer exec` and `run` (and singularity's) that take a value; options end at
/// the image.
const APPTAINER: Options = Options::posix(
    "BHoSWs",
    &[
        "app",
        "bind",
        "mount",
        "home",
        "overlay",
        "scratch",
        "workdir",
        "shell",
        "cwd",
        "pwd",
        "hostname",
        "network",
        "network-args",
        "dns",
        "security",
        "apply-cgroups",
        "vm-ram",
        "vm-cpu",
        "vm-ip",
        "fusemount",
        "add-caps",
        "drop-caps",
        "env",
        "env-file",
        "dmtcp-launch",
        "dmtcp-restart",
        "blkio-weight",
        "blkio-weight-device",
        "cpu-shares",
        "cpus",
        "cpuset-cpus",
        "cpuset-mems",
        "memory",
        "memory-reservation",
        "memory-swap",
        "pids-limit",
        "no-mount",
        "authfile",
        "docker-host",
        "docker-username",
        "docker-password",
        "pem-path",
        "tmpdir",
    ],
);

/// Images whose entrypoint is a command-line tool, by repository: the arguments after the image
/// are that tool's (`docker run amazon/aws-cli s3 ls` runs `aws s3 ls`).
const TOOL_IMAGES: &[(&str, &str)] = &[
    ("amazon/aws-cli", "aws"),
    ("aws-cli/aws-cli", "aws"),
    ("bitnami/kubectl", "kubectl"),
    ("rancher/kubectl", "kubectl"),
    ("alpine/helm", "helm"),
    ("hashicorp/terraform", "terraform"),
    ("opentofu/opentofu", "tofu"),
    ("minio/mc", "mc"),
    ("rclone/rclone", "rclone"),
    ("restic/restic", "restic"),
    ("alpine/git", "git"),
];

/// The tool an image's entrypoint runs, if it is one of [`TOOL_IMAGES`]: the image named with
/// or without its registry (`public.ecr.aws/aws-cli/aws-cli`, `docker.io/…`), tag or digest,
/// or as apptainer names it (`docker://amazon/aws-cli`).
pub fn image_tool(image: &str) -> Option<&'static str> {
    let image = image.strip_prefix("docker://").unwrap_or(image);
    let image = image.split('@').next().unwrap_or(image);
    let (path, last) = image.rsplit_once('/').map_or(("", image), |(path, last)| (path, last));
    let last = last.split(':').next().unwrap_or(last);
    let mut components: Vec<&str> = path.split('/').filter(|component| !component.is_empty()).collect();
    // A registry's host comes first: it has a dot or a port, or is `localhost`.
    if components
        .first()
        .is_some_and(|first| first.contains(['.', ':']) || *first == "localhost")
    {
        components.remove(0);
    }
    components.push(last);
    let repository = components.join("/").to_ascii_lowercase();
    TOOL_IMAGES
        .iter()
        .find(|(name, _)| *name == repository)
        .map(|(_, tool)| *tool)
}

pub const ENTRIES: &[Entry] = &[
    container(ENGINES, &["exec"], EXEC, &[Carrier::Argv { skip: 1 }]),
    container(ENGINES, &["container", "exec"], EXEC, &[Carrier::Argv { skip: 1 }]),
    container(
        ENGINES,
        &["run"],
        ENGINE_RUN,
        &[Carrier::ContainerArgv {
            skip: 1,
            runtime: Runtime::Docker,
        }],
    ),
    container(
        ENGINES,
        &["container", "run"],
        ENGINE_RUN,
        &[Carrier::ContainerArgv {
            skip: 1,
            runtime: Runtime::Docker,
        }],
    ),
    // A created container runs its command when it is started, with what `create` gave it.
    container(
        ENGINES,
        &["create"],
        ENGINE_RUN,
        &[Carrier::ContainerArgv {
            skip: 1,
            runtime: Runtime::Docker,
        }],
    ),
    container(
        ENGINES,
        &["container", "create"],
        ENGINE_RUN,
        &[Carrier::ContainerArgv {
            skip: 1,
            runtime: Runtime::Docker,
        }],
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
        &[Carrier::ContainerArgv {
            skip: 1,
            runtime: Runtime::Docker,
        }],
    ),
    container(
        &["docker-compose", "podman-compose"],
        &["run"],
        RUN,
        &[Carrier::ContainerArgv {
            skip: 1,
            runtime: Runtime::Docker,
        }],
    ),
    // apptainer (and singularity) share the home folder, the working directory and /tmp with
    // the host unless contained: what runs there works on the host's files.
    container(
        &["apptainer", "singularity"],
        &["exec"],
        APPTAINER,
        &[Carrier::ContainerArgv {
            skip: 1,
            runtime: Runtime::Apptainer,
        }],
    ),
    container(
        &["apptainer", "singularity"],
        &["run"],
        APPTAINER,
        &[Carrier::ContainerArgv {
            skip: 1,
            runtime: Runtime::ApptainerRun,
        }],
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

#[cfg(test)]
mod tests {
    use super::image_tool;

    #[test]
    fn tool_images_are_known_by_repository() {
        assert_eq!(image_tool("amazon/aws-cli"), Some("aws"));
        assert_eq!(image_tool("docker.io/amazon/aws-cli:2.15.0"), Some("aws"));
        assert_eq!(image_tool("public.ecr.aws/aws-cli/aws-cli@sha256:abc"), Some("aws"));
        assert_eq!(image_tool("docker://bitnami/kubectl:1.29"), Some("kubectl"));
        assert_eq!(image_tool("localhost:5000/hashicorp/terraform"), Some("terraform"));
        assert_eq!(image_tool("alpine"), None);
        assert_eq!(image_tool("myorg/amazon/aws-cli"), None);
    }
}
