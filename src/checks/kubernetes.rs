//! Kubernetes: `kubectl delete` (and OpenShift's `oc delete`) of namespaces and projects, volumes
//! and their claims, custom resource definitions, stateful sets, `kubectl apply --prune`, of everything a flag selects (`--all`, `-A`,
//! `-l`) or manifests define (`-f`, `-k`), `helm uninstall` (and the releases `helmfile destroy`,
//! Argo CD's `app delete` or Flux's `uninstall` and `delete` remove), binding the `cluster-admin` role or OpenShift's privileged security context
//! constraints (the cloud checker's `admin-grant`), and binding a role for unauthenticated users
//! (its `storage-public`). Also whole clusters at once: `kind delete clusters --all`, `minikube
//! delete --all`, `k3d cluster delete --all`, a node reset to nothing (`microk8s reset`,
//! `kubeadm reset`, `k0s reset`), and a swarm's `docker stack rm` and `docker swarm leave --force`.

use super::{ASK, Applies, Checker, Report, Subject};
use crate::rules::Rule;
use crate::tools;

pub const CHECKER: Checker = Checker {
    rules: &[&KUBECTL_DELETE, &HELM_UNINSTALL, &CLUSTER_DELETE],
    applies: Applies::Commands(&[
        "kubectl", "oc", "helm", "helmfile", "argocd", "flux", "kind", "minikube", "k3d", "microk8s", "kubeadm", "k0s",
        "docker",
    ]),
    check,
    whole_analysis: None,
};

pub static KUBECTL_DELETE: Rule = Rule {
    id: "kubectl-delete",
    decision: ASK,
    catches: "`kubectl delete` (also `oc delete`) of a namespace or OpenShift project, a persistent volume or its claim (`pvc`, `pv`), a custom resource definition (every resource of its kind goes with it), a stateful set (`sts`: its volume claims go with it when its `persistentVolumeClaimRetentionPolicy` says `Delete`, unseen here; not with `--cascade=orphan`, which leaves its pods and claims), of everything a flag selects (`--all`, `-A`, `-l`, `--selector`, `--field-selector`), or of everything manifests define (`-f FILE|DIR|URL`, `-k DIR`: namespaces and volume claims among them, unseen here), or of resources only known when it runs (`kubectl delete $(kubectl get ns -o name)`, `… | xargs kubectl delete`). Also `kubectl apply --prune`, which deletes every resource the selector (or `--all`) matches that the manifests no longer define. Not with `--dry-run=client|server`.",
    instead: "Delete the specific resource by name, after `kubectl get` shows it",
    examples: &[
        "kubectl delete namespace prod",
        "kubectl delete ns staging",
        "kubectl delete pods --all",
        "kubectl delete deploy -A --all",
        "kubectl delete pvc data-db-0",
        "kubectl delete crd foos.example.com",
        "kubectl delete deploy -l app=web",
        "oc delete project prod",
        "kubectl delete -f k8s/",
        "kubectl delete -k overlays/prod",
        "kubectl delete $(kubectl get ns -o name)",
        "kubectl get ns -o name | xargs kubectl delete",
        "kubectl -n prod delete statefulset db",
        "kubectl apply --prune --all -f k8s/",
    ],
    allowed: &[
        "kubectl delete pod web-123",
        "kubectl delete pod \"$POD\"",
        "kubectl delete ns prod --dry-run=client",
        "kubectl get ns",
        "kubectl apply -f app.yaml",
        "kubectl delete -f k8s/ --dry-run=client",
        "kubectl get -f k8s/",
        "oc get projects",
        "kubectl delete sts db --cascade=orphan",
        "kubectl delete deployment web",
        "kubectl apply --prune -l app=x -f k8s/ --dry-run=server",
    ],
};

pub static CLUSTER_DELETE: Rule = Rule {
    id: "cluster-delete",
    decision: ASK,
    catches: "Removing every local cluster, or a swarm's workloads: `kind delete clusters --all` (`-A`), `minikube delete --all` (every profile, with what its volumes held; `--purge` also deletes `~/.minikube`), `k3d cluster delete --all` (`-a`), a node put back to nothing: `microk8s reset` (every workload and resource; `--destroy-storage` also the volumes' data), `kubeadm reset` (on a control-plane node it deletes the local etcd member's data, all of a one-node cluster's state), `k0s reset` (its data folder, etcd's with it), `docker stack rm` (every service of the stack, with its secrets and configs), `docker swarm leave --force` (a manager leaving: with the last one the swarm's services, secrets and configs are gone). One named cluster (`kind delete cluster --name test`, `minikube delete -p test`) passes.",
    instead: "Delete the one cluster or service meant, by name, after showing the user what it holds",
    examples: &[
        "kind delete clusters --all",
        "minikube delete --all --purge",
        "k3d cluster delete --all",
        "microk8s reset",
        "kubeadm reset -f",
        "docker stack rm app",
        "docker swarm leave --force",
    ],
    allowed: &[
        "kind delete cluster --name test",
        "minikube delete -p test",
        "k3d cluster delete dev",
        "microk8s status",
        "kubeadm token list",
        "docker stack ls",
        "docker swarm leave",
        "docker compose down",
    ],
};

pub static HELM_UNINSTALL: Rule = Rule {
    id: "helm-uninstall",
    decision: ASK,
    catches: "`helm uninstall` (`delete`, `del`, `un`): a release and its resources are removed; `helmfile destroy` (`delete`): every release of the helmfile; Argo CD's `argocd app delete`: the application and, unless `--cascade=false`, every resource it deployed; `flux uninstall` (unless `--keep-namespace`) and `flux delete kustomization|helmrelease`, without their question (`--silent`, or an answer piped in): the first removes Flux's controllers and custom resources, and the namespace it runs in with whatever else was put there (often a hand-made `sops-age` decryption key), while the workloads it deployed stay; with the second, a Kustomization whose `prune` is on takes every resource it applied with it, a HelmRelease is uninstalled.",
    instead: "Ask the user before removing a release",
    examples: &[
        "helm uninstall web",
        "helm delete web --purge",
        "helmfile destroy",
        "helmfile -e prod delete",
        "argocd app delete web --yes",
        "flux uninstall --silent",
        "flux delete kustomization apps --silent",
        "flux delete hr web -s -n prod",
    ],
    allowed: &[
        "helm list",
        "helm upgrade web ./chart",
        "helm uninstall web --dry-run",
        "helmfile apply",
        "helmfile -e prod diff",
        "argocd app delete web --cascade=false",
        "argocd app get web",
        "flux uninstall --silent --keep-namespace",
        "flux uninstall",
        "flux uninstall --dry-run",
        "flux delete kustomization apps",
        "flux delete source git repo --silent",
        "flux suspend kustomization apps",
    ],
};

fn check(subject: &Subject, report: &mut Report) {
    let command = subject.command;
    if matches!(
        command.name.as_str(),
        "kind" | "minikube" | "k3d" | "microk8s" | "kubeadm" | "k0s" | "docker"
    ) {
        if let Some(what) = clusters_removed(command) {
            report.flag(&CLUSTER_DELETE, command.span, what);
        }
        return;
    }
    if let Some(what) = releases_removed(command) {
        report.flag(&HELM_UNINSTALL, command.span, what);
        return;
    }
    let Some(invocation) = tools::read(command) else {
        return;
    };
    let operands = invocation.words();
    let span = command.span;
    // `--dry-run` (`=client`, `=server`) deletes nothing: it shows what would go.
    let dry_run = invocation
        .options()
        .iter()
        .any(|option| option.name == "--dry-run" && option.value != Some("none"))
        || invocation.has("--help")
        || invocation.has_short('h');
    if command.name == "helm" {
        if !dry_run && matches!(operands.first(), Some(&("uninstall" | "delete" | "del" | "un"))) {
            report.flag(
                &HELM_UNINSTALL,
                span,
                "`helm uninstall` would remove the release and its resources",
            );
        }
        return;
    }
    if let Some(everyone) = binds_everyone(&invocation, &operands) {
        report.flag(
            &super::cloud_exposure::STORAGE_PUBLIC,
            span,
            format!(
                "`{} {}` would bind a role for `{everyone}`: {}",
                command.name,
                operands[..2].join(" "),
                reach(everyone)
            ),
        );
    }
    if let Some(constraint) = grants_privileged_pods(&operands) {
        report.flag(
            &super::cloud_exposure::ADMIN_GRANT,
            span,
            format!(
                "`{} adm policy {}` would let the pods of that account run with the `{constraint}` constraint: as root on the node",
                command.name, operands[2]
            ),
        );
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
    if operands.first() == Some(&"apply") && invocation.has("--prune") && !dry_run {
        report.flag(
            &KUBECTL_DELETE,
            span,
            "`kubectl apply --prune` would delete every resource the selector matches that the manifests no longer define",
        );
    }
    if operands.first() != Some(&"delete") || dry_run {
        return;
    }
    let kinds: Vec<&str> = operands
        .get(1)
        .map(|kinds| kinds.split(',').filter_map(|kind| kind.split('/').next()).collect())
        .unwrap_or_default();
    let kind_is = |names: &[&str]| {
        kinds
            .iter()
            .any(|kind| names.contains(&kind.split('.').next().unwrap_or(kind)))
    };
    let everything = ["--all", "-A", "--all-namespaces"]
        .into_iter()
        .any(|flag| invocation.has(flag));
    let selector = ["-l", "--selector", "--field-selector"]
        .into_iter()
        .any(|flag| invocation.has(flag));
    let manifests = ["-f", "--filename", "-k", "--kustomize"]
        .into_iter()
        .any(|flag| invocation.has(flag));
    let lost = if kind_is(&["namespace", "namespaces", "ns", "project", "projects"]) {
        "deleting a namespace (an OpenShift project) would delete everything in it"
    } else if kind_is(&[
        "pvc",
        "persistentvolumeclaim",
        "persistentvolumeclaims",
        "pv",
        "persistentvolume",
        "persistentvolumes",
    ]) {
        "deleting a persistent volume or its claim would delete the data stored on it, as the volume's reclaim policy usually says"
    } else if kind_is(&["crd", "crds", "customresourcedefinition", "customresourcedefinitions"]) {
        "deleting a custom resource definition would delete every resource of that kind in the cluster"
    } else if kind_is(&["sts", "statefulset", "statefulsets"]) && invocation.value("--cascade") != Some("orphan") {
        "deleting a stateful set would stop its pods, and delete their volume claims with the data when its retention policy says so"
    } else if everything {
        "`kubectl delete --all` would delete every resource of that kind"
    } else if selector {
        "`kubectl delete` by a selector would delete every resource it matches, whatever they are"
    } else if manifests {
        "`kubectl delete -f` would delete every resource the manifests define, namespaces and volume claims among them"
    } else if invocation
        .positional()
        .nth(1)
        .is_some_and(|kind| kind.value().is_none())
    {
        // `kubectl delete $(kubectl get ns -o name)`, `… | xargs kubectl delete`.
        "`kubectl delete` would delete resources only known when it runs, namespaces and volume claims among them"
    } else {
        return;
    };
    report.flag(&KUBECTL_DELETE, span, lost);
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

/// The groups and users that stand for anyone: requests without credentials, and every
/// authenticated account (on GKE, any Google account).
const EVERYONE: &[&str] = &["system:unauthenticated", "system:anonymous", "system:authenticated"];

/// Who can reach the API server as `everyone`.
fn reach(everyone: &str) -> &'static str {
    if everyone == "system:authenticated" {
        "every account the cluster accepts, on GKE any Google account"
    } else {
        "anyone who can reach the API server, without credentials"
    }
}

/// The group or user standing for everyone (see [`EVERYONE`]) that a binding names:
/// `kubectl create clusterrolebinding --group=system:unauthenticated`, `oc adm policy
/// add-role-to-group view system:unauthenticated`. With `--dry-run=client` it only prints it.
fn binds_everyone(invocation: &tools::Invocation, operands: &[&str]) -> Option<&'static str> {
    let named = |name: &str| EVERYONE.iter().copied().find(|everyone| *everyone == name);
    match operands {
        ["create", "clusterrolebinding" | "rolebinding", ..]
            if !invocation
                .options()
                .iter()
                .any(|option| option.name == "--dry-run" && option.value != Some("none")) =>
        {
            invocation
                .values("--group")
                .chain(invocation.values("--user"))
                .find_map(named)
        }
        [
            "adm",
            "policy",
            "add-cluster-role-to-group" | "add-role-to-group" | "add-cluster-role-to-user" | "add-role-to-user",
            _,
            subjects @ ..,
        ] => subjects.iter().find_map(|subject| named(subject)),
        _ => None,
    }
}

/// OpenShift's security context constraints that run a pod as root on its node, or with the
/// node's files: granting one to an account is granting the node.
const PRIVILEGED_CONSTRAINTS: &[&str] = &["privileged", "hostaccess", "hostmount-anyuid", "node-exporter"];

/// The privileged constraint `oc adm policy add-scc-to-user|group` grants, if it is one.
fn grants_privileged_pods<'a>(operands: &[&'a str]) -> Option<&'a str> {
    match operands {
        ["adm", "policy", "add-scc-to-user" | "add-scc-to-group", constraint, ..]
            if PRIVILEGED_CONSTRAINTS.contains(constraint) =>
        {
            Some(constraint)
        }
        _ => None,
    }
}

/// What `flux uninstall` or `flux delete kustomization|helmrelease` removes. Without `--silent`
/// flux asks first, and an agent's command has nobody to answer unless it pipes the answer in.
fn flux_removes(
    command: &crate::command::Command,
    invocation: &tools::Invocation,
    operands: &[&str],
) -> Option<&'static str> {
    let unasked = invocation.has("--silent")
        || invocation.has_short('s')
        || !matches!(command.stdin, crate::command::Input::Inherited);
    match operands {
        ["uninstall", ..]
            if unasked
                && (!invocation.has("--keep-namespace") || invocation.value("--keep-namespace") == Some("false")) =>
        {
            Some(
                "`flux uninstall` would delete Flux's controllers, its custom resources and the namespace it runs in, with whatever else is kept there (a hand-made `sops-age` key, say)",
            )
        }
        ["delete", "kustomization" | "ks", _, ..] if unasked => Some(
            "`flux delete kustomization` would delete the Kustomization and, when it prunes, every resource it applied",
        ),
        ["delete", "helmrelease" | "hr", _, ..] if unasked => {
            Some("`flux delete helmrelease` would uninstall the Helm release and its resources")
        }
        _ => None,
    }
}

/// What `kind delete clusters --all`, `minikube delete --all`, `k3d cluster delete --all`, a node
/// reset (`microk8s|kubeadm|k0s reset`), `docker stack rm` or `docker swarm leave --force`
/// removes, said in a few words.
fn clusters_removed(command: &crate::command::Command) -> Option<&'static str> {
    let texts: Vec<&str> = command.args().iter().map(|word| word.value().unwrap_or("")).collect();
    if texts.iter().any(|text| matches!(*text, "--help" | "-h")) {
        return None;
    }
    let has = |flag: &str| texts.contains(&flag);
    let positional: Vec<&str> = texts.iter().copied().filter(|text| !text.starts_with('-')).collect();
    match command.name.as_str() {
        "kind" => (positional.starts_with(&["delete", "clusters"]) && (has("--all") || has("-A")))
            .then_some("`kind delete clusters --all` would delete every kind cluster, with what their volumes held"),
        "minikube" => (positional.first() == Some(&"delete") && has("--all")).then_some(if has("--purge") {
            "`minikube delete --all --purge` would delete every minikube cluster and the whole `~/.minikube` folder"
        } else {
            "`minikube delete --all` would delete every minikube cluster, with what their volumes held"
        }),
        _ => {
            let invocation = tools::read(command)?;
            match invocation.words().as_slice() {
                ["cluster", "delete", ..]
                    if command.name == "k3d" && (invocation.has("--all") || invocation.has_short('a')) =>
                {
                    Some("`k3d cluster delete --all` would delete every k3d cluster, with what their volumes held")
                }
                ["reset", ..] if command.name == "microk8s" => Some(if invocation.has("--destroy-storage") {
                    "`microk8s reset --destroy-storage` would remove every workload and resource of the cluster, and the data of its volumes"
                } else {
                    "`microk8s reset` would remove every workload and resource of the cluster"
                }),
                // `kubeadm reset phase …` runs one step of it, named; the whole reset is judged.
                ["reset"] if matches!(command.name.as_str(), "kubeadm" | "k0s") && !invocation.has("--dry-run") => {
                    Some(
                        "a node reset deletes the cluster state it holds (etcd's data on a control-plane node): with one node, the whole cluster",
                    )
                }
                ["stack", "rm" | "remove" | "down", _, ..] => {
                    Some("`docker stack rm` would remove every service of the stack, with its secrets and configs")
                }
                ["swarm", "leave", ..] if invocation.has("--force") || invocation.has_short('f') => Some(
                    "`docker swarm leave --force` would take a manager out of the swarm; with the last one, its services, secrets and configs are gone",
                ),
                _ => None,
            }
        }
    }
}

/// The releases `helmfile destroy|delete`, `argocd app delete`, `flux uninstall` or `flux delete
/// kustomization|helmrelease` remove, said in a few words.
fn releases_removed(command: &crate::command::Command) -> Option<&'static str> {
    let name = command.name.as_str();
    if !matches!(name, "helmfile" | "argocd" | "flux") {
        return None;
    }
    let invocation = tools::read(command)?;
    if invocation.has("--help") || invocation.has_short('h') || invocation.has("--dry-run") {
        return None;
    }
    let operands = invocation.words();
    match name {
        "helmfile" => matches!(operands.first(), Some(&("destroy" | "delete"))).then_some(
            "`helmfile destroy` would uninstall every release of the helmfile, with the resources they deployed",
        ),
        "flux" => flux_removes(command, &invocation, &operands),
        _ => (operands.starts_with(&["app", "delete"]) && invocation.value("--cascade") != Some("false"))
            .then_some("`argocd app delete` would delete the application and every resource it deployed"),
    }
}
