//! Docker and Podman: pruning everything (`system prune -a`), removing every container (`rm -f
//! $(docker ps -aq)`) or resetting the whole store (`podman system reset`), and removing
//! volumes, where the data of containers lives (`volume rm`, `compose down -v`).

use super::{ASK, Applies, Checker, Report, Subject};
use crate::rules::Rule;
use crate::tools;
use crate::word::DynamicKind;

pub const CHECKER: Checker = Checker {
    rules: &[&DOCKER_PRUNE_ALL, &DOCKER_VOLUME_REMOVE],
    applies: Applies::Commands(&["docker", "podman", "nerdctl", "docker-compose", "podman-compose"]),
    check,
    whole_analysis: None,
};

pub static DOCKER_PRUNE_ALL: Rule = Rule {
    id: "docker-prune-all",
    decision: ASK,
    catches: "`docker system prune -a` (`--all`, `--volumes`): every unused image, container and network is removed. Also every container at once, running ones too: `docker rm -f $(docker ps -aq)`, `podman rm -af`; and Podman's whole store, volumes included: `podman system reset`, `podman machine reset` (every machine, with what they hold).",
    instead: "Prune specific things (`docker image prune`, `docker container prune`), or remove the containers meant by name",
    examples: &[
        "docker system prune -a",
        "docker system prune --all --force",
        "docker system prune -af",
        "podman system prune --volumes",
        "docker rm -f $(docker ps -aq)",
        "podman rm -af",
        "podman system reset -f",
        "podman machine reset --force",
    ],
    allowed: &[
        "docker system prune",
        "docker image prune",
        "docker ps -a",
        "docker rm -f web",
        "podman system info",
        "podman machine list",
    ],
};

pub static DOCKER_VOLUME_REMOVE: Rule = Rule {
    id: "docker-volume-remove",
    decision: ASK,
    catches: "`docker volume rm` and `docker volume prune`, Compose's `down -v` (`--volumes`) and `rm -v` (`docker compose`, `docker-compose`): data stored in volumes is deleted.",
    instead: "Ask the user: volumes hold databases and other state (`docker compose down` without `-v` keeps them)",
    examples: &[
        "docker volume rm pgdata",
        "docker volume prune -f",
        "docker volume remove cache",
        "docker compose down -v",
        "docker-compose down --volumes",
        "docker compose -f prod.yml down -v",
    ],
    allowed: &[
        "docker volume ls",
        "docker volume inspect pgdata",
        "docker compose down",
        "docker compose down --help",
        "docker compose down --dry-run -v",
        "docker compose --dry-run down -v",
    ],
};

fn check(subject: &Subject, report: &mut Report) {
    let command = subject.command;
    let Some(invocation) = tools::read(command) else {
        return;
    };
    let mut operands = invocation.words();
    let span = command.span;
    if invocation.has("--help") {
        return;
    }
    // `docker-compose down` reads as `docker compose down`.
    if command.name.ends_with("-compose") {
        operands.insert(0, "compose");
    }
    let flags_all = invocation.has("--all") || invocation.has("--volumes") || invocation.has_short('a');
    match operands.as_slice() {
        ["system", "prune", ..] if flags_all => {
            report.flag(
                &DOCKER_PRUNE_ALL,
                span,
                "`docker system prune -a` would remove every image and stopped container not in use",
            );
        }
        ["system" | "machine", "reset", ..] if command.name == "podman" => {
            report.flag(
                &DOCKER_PRUNE_ALL,
                span,
                format!(
                    "`{} {} reset` would delete every container, pod, image and volume, with the data the volumes hold",
                    command.name, operands[0]
                ),
            );
        }
        // Compose's `--dry-run`, before or after the subcommand, changes nothing.
        ["compose", ..] if invocation.has("--dry-run") => {}
        // Compose's own options come first (`compose -f prod.yml down -v`).
        ["compose", rest @ ..]
            if rest.contains(&"down") && (invocation.has("--volumes") || invocation.has_short('v')) =>
        {
            report.flag(
                &DOCKER_VOLUME_REMOVE,
                span,
                "`down -v` would delete the project's volumes and the data stored in them",
            );
        }
        ["compose", rest @ ..]
            if rest.contains(&"rm") && (invocation.has("--volumes") || invocation.has_short('v')) =>
        {
            report.flag(
                &DOCKER_VOLUME_REMOVE,
                span,
                "`rm -v` would delete the containers' anonymous volumes and the data stored in them",
            );
        }
        ["rm", ..] | ["container", "rm" | "remove", ..]
            if invocation.has("--all")
                || (invocation.has("--force") || invocation.has_short('f'))
                    && (invocation.has_short('a') || listed(&invocation)) =>
        {
            report.flag(
                &DOCKER_PRUNE_ALL,
                span,
                "removing every container, running ones too, would lose what each holds outside its volumes",
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

/// Whether the containers named are a listing made at run time (`$(docker ps -aq)`), not one
/// filtered down to some (`$(docker ps -aq --filter name=test-db)`, `-f status=exited`, `|
/// grep test`).
fn listed(invocation: &tools::Invocation) -> bool {
    invocation.positional().any(|word| {
        word.dynamics().any(|d| match d.kind {
            DynamicKind::CommandOutput(_) => !is_filtered_listing(&d.text),
            DynamicKind::StandardInput => true,
            _ => false,
        })
    })
}

fn is_filtered_listing(substitution: &str) -> bool {
    substitution.split_whitespace().any(|word| {
        word.starts_with("--filter")
            || word == "grep"
            || (word.starts_with('-') && !word.starts_with("--") && word.contains('f'))
    })
}
