//! Containers that reach the host: run privileged, with the host's processes, capabilities
//! that reach its kernel, a raw disk, its root, configuration or a home folder mounted, or the
//! runtime's socket (whoever holds it starts containers with any host folder). What such a
//! container runs is judged on the host's terms besides (`-v /:/host … rm -rf /host/etc` is
//! `rm -rf /etc`; a read-only mount is read, not changed; apptainer shares the home folder and
//! working directory unless contained); `nsenter` into the namespaces of process 1 leaves the
//! container. Kubernetes pods given the node (`privileged`, `hostPID`, a `hostPath` of `/`,
//! `kubectl debug node/…`) and LXD or Incus containers given the host (`security.privileged`, a
//! disk of `/`) ask too.

use super::{ASK, Applies, Checker, Report, Subject};
use crate::args::{self, Options};
use crate::command::{Command, Run};
use crate::registry::table::is_host_folder;
use crate::rules::Rule;
use crate::word::Word;

pub const CHECKER: Checker = Checker {
    rules: &[&CONTAINER_HOST_ACCESS],
    applies: Applies::Commands(&[
        "docker",
        "podman",
        "nerdctl",
        "finch",
        "docker-compose",
        "podman-compose",
        "ctr",
        "apptainer",
        "singularity",
        "nsenter",
        "kubectl",
        "oc",
        "lxc",
        "incus",
    ]),
    check,
    whole_analysis: None,
};

pub static CONTAINER_HOST_ACCESS: Rule = Rule {
    id: "container-host-access",
    decision: ASK,
    catches: "A container given the host: `--privileged`, `--pid=host`, `--cap-add SYS_ADMIN`, confinement off, a raw disk, `/`, `/etc` or a home folder mounted, the runtime's socket mounted; `nsenter` into the namespaces of process 1; a Kubernetes pod spec with `privileged`, `hostPID`, `hostIPC` or a `hostPath` of such a folder, `kubectl debug node/…`; an LXD or Incus container made privileged or given such a folder as a disk. What runs in it can change the machine itself.",
    instead: "Mount only the project folder (`-v \"$PWD\":/work`), without extra privileges, and let the user grant more",
    examples: &[
        "docker run --privileged alpine sh",
        "docker run --rm -it --pid=host alpine top",
        "docker run -v /var/run/docker.sock:/var/run/docker.sock docker:cli docker ps",
        "docker run -v /:/host alpine ls /host",
        "podman run --cap-add=SYS_ADMIN img",
        "docker run --security-opt seccomp=unconfined img",
        "docker run --device /dev/sda:/dev/xvda img",
        "nsenter -t 1 -m -u -i -n sh",
        "kubectl debug node/worker-1 -it --image=busybox",
        "kubectl run x --image=alpine --overrides='{\"spec\":{\"hostPID\":true}}'",
        "lxc config device add c1 host disk source=/ path=/mnt/root",
        "lxc config set c1 security.privileged true",
        "apptainer exec -B /:/host img.sif ls /host",
        "docker run --rm -v /:/host:ro alpine rm -rf /host/etc",
    ],
    allowed: &[
        "docker run --rm -v \"$PWD\":/work -w /work node:20 npm test",
        "docker run -p 8080:80 nginx",
        "docker run --network host redis",
        "docker run --cap-add NET_ADMIN img",
        "docker run --device /dev/fuse img",
        "nsenter -t 4242 -n ip addr",
        "kubectl debug pod/web -it --image=busybox --target=web",
        "kubectl run x --image=alpine --overrides='{\"spec\":{\"hostPID\":false}}'",
        "lxc config device add c1 src disk source=/home/user/work/project path=/src",
        "docker run --rm -v \"$PWD\":/src:ro alpine ls /src",
        "apptainer exec -B /srv/data:/data img.sif ls /data",
    ],
};

fn check(subject: &Subject, report: &mut Report) {
    let command = subject.command;
    for run in &command.runs {
        if let Run::HostAccess { how, span } = run {
            report.flag(&CONTAINER_HOST_ACCESS, *span, how.clone());
        }
    }
    let given = match command.name.as_str() {
        "kubectl" | "oc" => pod_host_access(command),
        "lxc" | "incus" => lxd_host_access(command.args()),
        _ => None,
    };
    if let Some(how) = given {
        report.flag(&CONTAINER_HOST_ACCESS, command.span, how);
        return;
    }
    if command.name == "nsenter" {
        let parsed = args::parse(command.args(), &Options::posix("tSG", &["target", "setuid", "setgid"]));
        if parsed.value_of('t', "target").is_some_and(|target| target.is("1")) {
            report.flag(
                &CONTAINER_HOST_ACCESS,
                command.span,
                "`nsenter --target 1` enters the namespaces of the host's first process: what it runs runs on the host itself",
            );
        }
    }
}

/// What a `kubectl` (or `oc`) command gives a pod of its node: `kubectl debug node/NAME` (a pod
/// in the node's namespaces with its root at `/host`), the `sysadmin` debug profile, `kubectl
/// run --privileged`, or a pod spec (in `--overrides`, a `patch`, or on standard input for
/// `apply`, `create` or `replace -f -`) that asks for the node.
fn pod_host_access(command: &Command) -> Option<String> {
    let texts: Vec<&str> = command.args().iter().map(|word| word.value().unwrap_or("")).collect();
    let has = |verb: &str| texts.contains(&verb);
    let option_value = |name: &str| {
        texts.iter().enumerate().find_map(|(at, text)| {
            text.strip_prefix(name).and_then(|rest| match rest.strip_prefix('=') {
                Some(value) => Some(value),
                None if rest.is_empty() => texts.get(at + 1).copied(),
                None => None,
            })
        })
    };
    if has("debug") {
        if let Some(node) = texts
            .iter()
            .find(|text| text.starts_with("node/") || text.starts_with("nodes/"))
        {
            return Some(format!(
                "`{} debug {node}` starts a pod in the node's namespaces with its root filesystem at /host",
                command.name
            ));
        }
        if option_value("--profile") == Some("sysadmin") {
            return Some("the `sysadmin` debug profile runs the debugging container privileged".to_owned());
        }
    }
    if has("run")
        && texts
            .iter()
            .any(|text| *text == "--privileged" || *text == "--privileged=true")
    {
        return Some(format!("`{} run --privileged` starts a privileged pod", command.name));
    }
    if let Some(spec) = option_value("--overrides").and_then(spec_host_access) {
        return Some(format!("its `--overrides` pod spec {spec}"));
    }
    let patch = option_value("--patch").or_else(|| option_value("-p"));
    if has("patch")
        && let Some(spec) = patch.and_then(spec_host_access)
    {
        return Some(format!("its patch {spec}"));
    }
    let applies = ["apply", "create", "replace"].iter().any(|verb| has(verb));
    if applies && let Some(text) = command.stdin.text().and_then(Word::value) {
        return spec_host_access(text).map(|spec| format!("the manifest it reads {spec}"));
    }
    None
}

/// What a Kubernetes manifest (JSON or YAML) asks of its node: a privileged container, the
/// node's process or IPC namespace, a `hostPath` volume of a folder that gives the machine, or
/// the kernel's administrator capability.
fn spec_host_access(spec: &str) -> Option<String> {
    let key_true = |key: &str| {
        regex::Regex::new(&format!(r#""?{key}"?\s*:\s*"?true\b"#)).is_ok_and(|pattern| pattern.is_match(spec))
    };
    if key_true("privileged") {
        return Some("runs a privileged container".to_owned());
    }
    if let Some(key) = ["hostPID", "hostIPC"].into_iter().find(|key| key_true(key)) {
        return Some(format!("shares the node's processes (`{key}`)"));
    }
    if spec.contains("hostPath") {
        let paths = regex::Regex::new(r#""?path"?\s*:\s*"?([^"\s,}]+)"#).ok()?;
        if let Some(path) = paths
            .captures_iter(spec)
            .filter_map(|found| found.get(1))
            .map(|path| path.as_str())
            .find(|path| is_host_folder(path))
        {
            return Some(format!("mounts the node's {path} (`hostPath`)"));
        }
    }
    ["SYS_ADMIN", "\"ALL\"", "- ALL"]
        .iter()
        .any(|capability| spec.contains("capabilities") && spec.contains(capability))
        .then(|| "adds kernel capabilities that reach the node".to_owned())
}

/// What an `lxc` (or `incus`) command gives a container of the host: `security.privileged`
/// (its root is the host's root), or a disk device whose source is a folder that gives the
/// machine (`source=/`).
fn lxd_host_access(args: &[Word]) -> Option<String> {
    let texts: Vec<&str> = args.iter().map(|word| word.value().unwrap_or("")).collect();
    let privileged = texts
        .windows(2)
        .any(|pair| matches!(pair, ["security.privileged", "true" | "1"]))
        || texts
            .iter()
            .any(|text| matches!(*text, "security.privileged=true" | "security.privileged=1"));
    if privileged {
        return Some("`security.privileged` makes the container's root the host's root".to_owned());
    }
    if texts.contains(&"disk")
        && let Some(source) = texts
            .iter()
            .filter_map(|text| text.strip_prefix("source="))
            .find(|source| is_host_folder(source))
    {
        let source = if source.is_empty() { "/" } else { source };
        return Some(format!("a disk device gives the container the host's {source}"));
    }
    None
}
