//! Containers that reach the host: run privileged, with the host's processes, capabilities
//! that reach its kernel, a raw disk, its root, configuration or a home folder mounted, or the
//! runtime's socket (whoever holds it starts containers with any host folder). What such a
//! container runs is judged on the host's terms besides (`-v /:/host … rm -rf /host/etc` is
//! `rm -rf /etc`); `nsenter` into the namespaces of process 1 leaves the container.

use super::{ASK, Applies, Checker, Report, Subject};
use crate::args::{self, Options};
use crate::command::Run;
use crate::rules::Rule;

pub const CHECKER: Checker = Checker {
    rules: &[&CONTAINER_HOST_ACCESS],
    applies: Applies::Commands(&[
        "docker",
        "podman",
        "nerdctl",
        "finch",
        "docker-compose",
        "podman-compose",
        "nsenter",
    ]),
    check,
    whole_analysis: None,
};

pub static CONTAINER_HOST_ACCESS: Rule = Rule {
    id: "container-host-access",
    decision: ASK,
    catches: "A container given the host: `--privileged`, `--pid=host`, `--cap-add SYS_ADMIN`, confinement off, a raw disk, `/`, `/etc` or a home folder mounted, the runtime's socket mounted; `nsenter` into the namespaces of process 1. What runs in it can change the machine itself.",
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
    ],
    allowed: &[
        "docker run --rm -v \"$PWD\":/work -w /work node:20 npm test",
        "docker run -p 8080:80 nginx",
        "docker run --network host redis",
        "docker run --cap-add NET_ADMIN img",
        "docker run --device /dev/fuse img",
        "nsenter -t 4242 -n ip addr",
    ],
};

fn check(subject: &Subject, report: &mut Report) {
    let command = subject.command;
    for run in &command.runs {
        if let Run::HostAccess { how, span } = run {
            report.flag(&CONTAINER_HOST_ACCESS, *span, how.clone());
        }
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
