//! Kubernetes: `kubectl delete` of namespaces or of everything (`--all`, `-A`), `helm
//! uninstall`, and binding the `cluster-admin` role (the cloud checker's `admin-grant`).

use super::{ASK, Applies, Checker, Report, Subject};
use crate::rules::Rule;
use crate::tools;

pub const CHECKER: Checker = Checker {
    rules: &[&KUBECTL_DELETE, &HELM_UNINSTALL],
    applies: Applies::Commands(&["kubectl", "oc", "helm"]),
    check,
    whole_analysis: None,
};

pub static KUBECTL_DELETE: Rule = Rule {
    id: "kubectl-delete",
    decision: ASK,
    catches: "`kubectl delete` of a namespace, or of everything (`--all`, `-A`).",
    instead: "Delete the specific resource by name, after `kubectl get` shows it",
    examples: &[
        "kubectl delete namespace prod",
        "kubectl delete ns staging",
        "kubectl delete pods --all",
        "kubectl delete deploy -A --all",
    ],
    allowed: &[
        "kubectl delete pod web-123",
        "kubectl get ns",
        "kubectl apply -f app.yaml",
    ],
};

pub static HELM_UNINSTALL: Rule = Rule {
    id: "helm-uninstall",
    decision: ASK,
    catches: "`helm uninstall` (`delete`, `del`, `un`): a release and its resources are removed.",
    instead: "Ask the user before removing a release",
    examples: &["helm uninstall web", "helm delete web --purge"],
    allowed: &["helm list", "helm upgrade web ./chart"],
};

fn check(subject: &Subject, report: &mut Report) {
    let command = subject.command;
    let Some(invocation) = tools::read(command) else {
        return;
    };
    let operands = invocation.words();
    let span = command.span;
    if command.name == "helm" {
        if matches!(operands.first(), Some(&("uninstall" | "delete" | "del" | "un"))) {
            report.flag(
                &HELM_UNINSTALL,
                span,
                "`helm uninstall` would remove the release and its resources",
            );
        }
        return;
    }
    if binds_cluster_admin(&invocation, &operands) {
        report.flag(
            &super::cloud_exposure::ADMIN_GRANT,
            span,
            format!(
                "`{} {}` would bind the `cluster-admin` role, which may do anything",
                command.name,
                operands[..2].join(" ")
            ),
        );
    }
    if operands.first() != Some(&"delete") {
        return;
    }
    let namespace = operands
        .get(1)
        .is_some_and(|kind| matches!(kind.split('/').next(), Some("namespace" | "namespaces" | "ns")));
    let everything = ["--all", "-A", "--all-namespaces"]
        .into_iter()
        .any(|flag| invocation.has(flag));
    if namespace {
        report.flag(
            &KUBECTL_DELETE,
            span,
            "`kubectl delete namespace` would delete the namespace and everything in it",
        );
    } else if everything {
        report.flag(
            &KUBECTL_DELETE,
            span,
            "`kubectl delete --all` would delete every resource of that kind",
        );
    }
}

/// Whether the command binds the `cluster-admin` role: `kubectl create clusterrolebinding
/// --clusterrole=cluster-admin` (or a role binding of it), `oc adm policy
/// add-cluster-role-to-user cluster-admin`. With `--dry-run=client` it only prints the binding
/// (how manifests are written).
fn binds_cluster_admin(invocation: &tools::Invocation, operands: &[&str]) -> bool {
    let dry_run = invocation
        .options()
        .iter()
        .any(|option| option.name == "--dry-run" && option.value != Some("none"));
    if dry_run {
        return false;
    }
    match operands {
        ["create", "clusterrolebinding" | "rolebinding", ..] => {
            invocation.value("--clusterrole") == Some("cluster-admin")
        }
        [
            "adm",
            "policy",
            "add-cluster-role-to-user" | "add-cluster-role-to-group",
            role,
            ..,
        ] => *role == "cluster-admin",
        _ => false,
    }
}
