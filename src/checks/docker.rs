//! Docker and Podman: pruning everything (`system prune -a`) and removing volumes, where the
//! data of containers lives.

use super::{ASK, Applies, Checker, Report, Subject};
use crate::rules::Rule;
use crate::tools;

pub const CHECKER: Checker = Checker {
    rules: &[&DOCKER_PRUNE_ALL, &DOCKER_VOLUME_REMOVE],
    applies: Applies::Commands(&["docker", "podman"]),
    check,
    whole_analysis: None,
};

pub static DOCKER_PRUNE_ALL: Rule = Rule {
    id: "docker-prune-all",
    decision: ASK,
    catches: "`docker system prune -a` (`--all`, `--volumes`): every unused image, container and network is removed.",
    instead: "Prune specific things (`docker image prune`, `docker container prune`)",
    examples: &[
        "docker system prune -a",
        "docker system prune --all --force",
        "docker system prune -af",
        "podman system prune --volumes",
    ],
    allowed: &["docker system prune", "docker image prune", "docker ps -a"],
};

pub static DOCKER_VOLUME_REMOVE: Rule = Rule {
    id: "docker-volume-remove",
    decision: ASK,
    catches: "`docker volume rm` and `docker volume prune`: data stored in volumes is deleted.",
    instead: "Ask the user: volumes hold databases and other state",
    examples: &[
        "docker volume rm pgdata",
        "docker volume prune -f",
        "docker volume remove cache",
    ],
    allowed: &["docker volume ls", "docker volume inspect pgdata"],
};

fn check(subject: &Subject, report: &mut Report) {
    let command = subject.command;
    let Some(invocation) = tools::read(command) else {
        return;
    };
    let operands = invocation.words();
    let span = command.span;
    let flags_all = invocation.has("--all") || invocation.has("--volumes") || invocation.has_short('a');
    match operands.as_slice() {
        ["system", "prune", ..] if flags_all => {
            report.flag(
                &DOCKER_PRUNE_ALL,
                span,
                "`docker system prune -a` would remove every image and stopped container not in use",
            );
        }
        ["volume", "rm" | "remove" | "prune", ..] => {
            report.flag(
                &DOCKER_VOLUME_REMOVE,
                span,
                "removing volumes would delete the data stored in them",
            );
        }
        _ => {}
    }
}
