//! Cloud command-line tools: deletions through `aws`, `gcloud` (and BigQuery's `bq`) and `az`,
//! and through the hosted services' own CLIs (`gh repo delete`, `fly apps destroy`, `heroku
//! pg:reset`, `railway down`, `wrangler delete`…).

use super::{ASK, Applies, Checker, Report, Subject};
use crate::rules::Rule;
use crate::tools;

pub const CHECKER: Checker = Checker {
    rules: &[&AWS_DELETE, &GCLOUD_DELETE, &AZ_DELETE, &HOSTED_DELETE],
    applies: Applies::Commands(&[
        "aws",
        "gcloud",
        "bq",
        "az",
        "gh",
        "glab",
        "doctl",
        "fly",
        "flyctl",
        "heroku",
        "vercel",
        "netlify",
        "firebase",
        "supabase",
        "railway",
        "wrangler",
        "eksctl",
        "vc",
        "hcloud",
        "linode-cli",
        "linode",
        "scw",
        "vultr-cli",
        "vultr",
        "oci",
        "exo",
    ]),
    check,
    whole_analysis: None,
};

pub static AWS_DELETE: Rule = Rule {
    id: "aws-delete",
    decision: ASK,
    catches: "`aws … delete-*`, `batch-delete-*` and `terminate-*`, `aws s3 rm --recursive`, `aws s3 rb --force`, `aws s3 mv --recursive` from a bucket (its objects deleted once copied), `aws s3 cp /dev/null` over an object; settings that delete later or let delete: `s3api put-bucket-lifecycle-configuration` with an `Expiration` (or its rules in a file), `put-bucket-versioning Status=Suspended`, `rds modify-db-instance --backup-retention-period 0` (deletes the automated backups), `logs put-retention-policy`, `--no-deletion-protection` (`-enabled`) and EC2's `--no-disable-api-termination`; `eksctl delete cluster` (the cluster, its node groups and every workload in it).",
    instead: "Show the user what would be deleted (`describe-*`, `aws s3 ls`) and let them decide",
    examples: &[
        "aws ec2 terminate-instances --instance-ids i-1",
        "aws dynamodb delete-table --table-name t",
        "aws s3 rm s3://bucket --recursive",
        "aws s3 rb s3://bucket --force",
        "eksctl delete cluster --name prod",
        "aws ecr batch-delete-image --repository-name app --image-ids imageTag=latest",
        "aws rds modify-db-instance --db-instance-identifier prod --backup-retention-period 0 --apply-immediately",
        "aws s3 mv s3://prod/ /tmp/x --recursive",
    ],
    allowed: &[
        "aws s3 ls",
        "aws s3 cp x s3://bucket/x",
        "aws s3 rm s3://bucket/one-file.txt",
        "aws ec2 describe-instances",
        "aws ec2 terminate-instances --instance-ids i-1 --dry-run",
        "aws rds delete-db-instance help",
        "eksctl get cluster",
        "eksctl delete nodegroup --cluster prod --name old-nodes",
        "aws rds modify-db-instance --db-instance-identifier prod --backup-retention-period 7",
        "aws s3 mv ./build s3://bucket/build --recursive",
        "aws logs describe-log-groups",
    ],
};

pub static GCLOUD_DELETE: Rule = Rule {
    id: "gcloud-delete",
    decision: ASK,
    catches: "`gcloud … delete`: a cloud resource is deleted; `bq rm`: a BigQuery dataset (with `-r`, every table in it), table, view, model or routine.",
    instead: "Show the user what would be deleted (`gcloud … describe`, `bq show`) and let them decide",
    examples: &[
        "gcloud compute instances delete vm-1",
        "gcloud projects delete my-project",
        "gcloud spanner databases delete app --instance=main",
        "bq rm -r -f mydataset",
        "bq rm -t mydataset.events",
    ],
    allowed: &[
        "gcloud compute instances list",
        "bq ls",
        "bq show mydataset",
        "bq rm --help",
        "gcloud projects delete --help",
        "gcloud sql instances delete -h",
    ],
};

pub static AZ_DELETE: Rule = Rule {
    id: "az-delete",
    decision: ASK,
    catches: "`az … delete`: an Azure resource is deleted; `az storage blob|file delete-batch`: every blob or file a pattern matches.",
    instead: "Show the user what would be deleted (`az … show`) and let them decide",
    examples: &[
        "az group delete --name rg",
        "az vm delete -g rg -n vm",
        "az storage blob delete-batch --source mycontainer",
    ],
    allowed: &[
        "az group list",
        "az group delete --help",
        "az storage account delete -h",
        "az storage blob delete-batch --source mycontainer --pattern 'logs/*.tmp' --dryrun",
    ],
};

pub static HOSTED_DELETE: Rule = Rule {
    id: "hosted-delete",
    decision: ASK,
    catches: "Deleting a repository, app, database or site on a hosted service through its own CLI: `gh repo delete`, `glab repo delete`, `gh issue|gist|project delete` (`glab issue delete`), `gh api -X DELETE` of a repository or branch (`glab api -X DELETE projects/ID`; also sent by `curl -X DELETE` or `http DELETE` to `api.github.com` or GitLab's `/api/v4`), a Jira issue or project or a Confluence space, page or attachment deleted through Atlassian's REST API (`curl -X DELETE https://acme.atlassian.net/rest/api/3/issue/KEY`, `…/wiki/rest/api/content/ID`, on `*.atlassian.net` or a host named for Jira or Confluence), `doctl … delete`, `fly apps destroy` (`fly destroy`, `fly volumes destroy`), `heroku apps:destroy`, `heroku pg:reset`, `heroku addons:destroy`, `vercel remove`, `netlify sites:delete`, `gh run|label|variable|codespace delete` (a run's logs and artifacts, a label on every issue, a variable's value, a codespace's uncommitted work; `glab ci delete`; `gh cache delete` passes: the next run rebuilds it), `hcloud|scw|vultr-cli|exo … delete`, `linode-cli … delete`, `oci … delete|bulk-delete|terminate`, `firebase firestore:delete`, `firebase database:remove`, `firebase projects:delete`, `firebase hosting:sites:delete`, `firebase functions:delete`, `supabase projects delete`, `railway down` (the running deployment), `railway delete`, `railway volume delete`, `railway environment delete`, `wrangler delete` (a Worker), `wrangler d1 delete`, `wrangler kv namespace delete`, `wrangler kv bulk delete`, `wrangler r2 bucket delete`, `wrangler queues delete`, `wrangler pages project delete`, `wrangler vectorize delete`. What it held (issues, data, volumes) is gone with it.",
    instead: "Show the user what would be deleted (`gh repo view`, `fly apps list`, `heroku apps:info`) and let them do it",
    examples: &[
        "gh repo delete me/app --yes",
        "gh api -X DELETE repos/me/app",
        "glab api -X DELETE projects/42",
        "curl -X DELETE -H \"Authorization: Bearer $GITHUB_TOKEN\" https://api.github.com/repos/o/r",
        "gh issue delete 12 --yes",
        "gh gist delete abc123 --yes",
        "vc rm app -y",
        "fly apps destroy app -y",
        "heroku pg:reset DATABASE_URL --confirm app",
        "vercel remove app --yes",
        "netlify sites:delete 1234",
        "gh run delete 123",
        "gh label delete bug --yes",
        "hcloud volume delete data",
        "linode-cli linodes delete 1",
        "scw instance server delete 1 with-volumes=all",
        "vultr-cli instance delete 1",
        "oci os object bulk-delete -bn b --force",
        "exo compute instance delete web -f",
        "doctl databases delete 1234 --force",
        "firebase projects:delete my-project",
        "railway down --yes",
        "railway delete --project old --yes",
        "wrangler delete",
        "wrangler d1 delete app-db -y",
        "wrangler kv namespace delete --namespace-id=abc",
        "wrangler r2 bucket delete assets",
        "curl -X DELETE -u me@acme.io:$JIRA_TOKEN https://acme.atlassian.net/rest/api/3/issue/PROJ-12",
        "curl -X DELETE https://acme.atlassian.net/wiki/rest/api/content/123",
    ],
    allowed: &[
        "gh repo view me/app",
        "gh api repos/me/app",
        "gh api -X GET repos/me/app",
        "fly apps list",
        "heroku apps:info",
        "vercel ls",
        "gh repo delete --help",
        "gh issue close 12",
        "glab api projects/42",
        "railway up",
        "railway status",
        "wrangler deploy",
        "wrangler delete --dry-run",
        "wrangler d1 list",
        "wrangler kv key delete --namespace-id=abc session:1",
        "firebase projects:list",
        "gh run list",
        "gh cache delete --all",
        "hcloud server list",
        "oci os object list -bn b",
        "curl -u me@acme.io:$JIRA_TOKEN https://acme.atlassian.net/rest/api/3/issue/PROJ-12",
        "curl -X DELETE https://acme.atlassian.net/rest/api/3/issue/PROJ-12/watchers?accountId=1",
    ],
};

fn check(subject: &Subject, report: &mut Report) {
    let command = subject.command;
    let name = command.name.as_str();
    if name == "eksctl" {
        if let Some(invocation) = tools::read(command)
            && invocation.words().starts_with(&["delete", "cluster"])
            && !invocation.has("--help")
        {
            report.flag(
                &AWS_DELETE,
                command.span,
                "`eksctl delete cluster` would delete the cluster, its node groups and every workload in it",
            );
        }
        return;
    }
    if !matches!(name, "aws" | "gcloud" | "bq" | "az") {
        if let Some(what) = hosted_delete(command) {
            report.flag(
                &HOSTED_DELETE,
                command.span,
                format!("`{what}` would delete it on the service, with what it holds"),
            );
        }
        return;
    }
    let Some(invocation) = tools::read(command) else {
        return;
    };
    let operands = invocation.words();
    // Help is printed instead (`az group delete -h`, `aws rds delete-db-instance help`), and
    // EC2's `--dry-run` only checks the permissions (other services refuse the option).
    if invocation.has("--help")
        || invocation.has("-h")
        || operands.first() == Some(&"help")
        || name == "aws" && operands.last() == Some(&"help")
        || name == "aws" && invocation.has("--dry-run")
    {
        return;
    }
    let span = command.span;
    match command.name.as_str() {
        "aws" => {
            let s3 = operands.first() == Some(&"s3");
            // `--dryrun` prints what would go.
            let recursive = invocation.has("--recursive") && !invocation.has("--dryrun");
            let force = invocation.has("--force");
            if let Some(action) = operands
                .iter()
                .find(|o| o.starts_with("delete-") || o.starts_with("terminate-") || o.starts_with("batch-delete-"))
            {
                report.flag(
                    &AWS_DELETE,
                    span,
                    format!("`aws {action}` would delete cloud resources"),
                );
            } else if s3 && operands.get(1) == Some(&"rm") && recursive {
                report.flag(
                    &AWS_DELETE,
                    span,
                    "`aws s3 rm --recursive` would delete every object under the prefix",
                );
            } else if s3 && operands.get(1) == Some(&"rb") && force {
                report.flag(
                    &AWS_DELETE,
                    span,
                    "`aws s3 rb --force` would delete the bucket and every object in it",
                );
            } else if s3
                && operands.get(1) == Some(&"mv")
                && recursive
                && operands.get(2).is_some_and(|source| source.starts_with("s3://"))
            {
                report.flag(
                    &AWS_DELETE,
                    span,
                    "`aws s3 mv --recursive` would delete every object under the prefix once it is copied",
                );
            } else if s3 && operands.get(1) == Some(&"cp") && operands.get(2) == Some(&"/dev/null") {
                report.flag(&AWS_DELETE, span, "`aws s3 cp /dev/null` would empty the object");
            } else if let Some(lost) = aws_destroys_later(&invocation, &operands) {
                report.flag(&AWS_DELETE, span, lost);
            }
        }
        "gcloud" if operands.contains(&"delete") => {
            report.flag(&GCLOUD_DELETE, span, "`gcloud … delete` would delete a cloud resource");
        }
        "bq" if operands.first() == Some(&"rm") => {
            let what = if invocation.has("-r") || invocation.has("--recursive") {
                "the dataset and every table in it"
            } else {
                "the BigQuery dataset, table, model or routine"
            };
            report.flag(&GCLOUD_DELETE, span, format!("`bq rm` would delete {what}"));
        }
        // `delete-batch` deletes every blob or file a pattern matches; `--dryrun` lists them.
        "az" if operands.contains(&"delete-batch") && !invocation.has("--dryrun") => {
            report.flag(
                &AZ_DELETE,
                span,
                "`az storage … delete-batch` would delete every blob or file the pattern matches (all of them without one)",
            );
        }
        "az" if operands.contains(&"delete") => {
            report.flag(&AZ_DELETE, span, "`az … delete` would delete an Azure resource");
        }
        _ => {}
    }
}

/// What an AWS setting loses later, or lets be deleted: objects a lifecycle rule expires,
/// automated backups a retention of 0 deletes, log events older than a retention, versions no
/// longer kept, a deletion protection turned off.
fn aws_destroys_later(invocation: &tools::Invocation, operands: &[&str]) -> Option<&'static str> {
    match operands {
        // Inline, its rules can be read; from a file they cannot, and most say when to expire.
        [
            "s3api",
            "put-bucket-lifecycle-configuration" | "put-bucket-lifecycle",
            ..,
        ] => invocation
            .value("--lifecycle-configuration")
            .is_none_or(|rules| {
                rules.contains("Expiration") || rules.starts_with("file://") || rules.starts_with("fileb://")
            })
            .then_some("the lifecycle rule would delete the bucket's objects once they expire"),
        ["s3api", "put-bucket-versioning", ..]
            if invocation
                .value("--versioning-configuration")
                .is_some_and(|c| c.contains("Suspended")) =>
        {
            Some("suspending versioning would stop keeping the versions an overwrite or a delete leaves")
        }
        ["rds", "modify-db-instance", ..] if invocation.value("--backup-retention-period") == Some("0") => {
            Some("a backup retention of 0 would turn automated backups off and delete the instance's automated backups")
        }
        ["logs", "put-retention-policy", ..] => {
            Some("the retention policy would delete the log group's events older than it says")
        }
        ["rds" | "dynamodb" | "ec2" | "elbv2" | "cloudformation" | "logs", ..]
            if [
                "--no-deletion-protection",
                "--no-deletion-protection-enabled",
                "--no-disable-api-termination",
            ]
            .iter()
            .any(|option| invocation.has(option)) =>
        {
            Some("turning deletion protection off would let the resource be deleted with one command")
        }
        _ => None,
    }
}

/// The deletion a hosted service's CLI is asked for, as `gh repo delete`, if any.
fn hosted_delete(command: &crate::command::Command) -> Option<String> {
    let texts: Vec<&str> = command.args().iter().map(|w| w.value().unwrap_or("")).collect();
    if texts.iter().any(|text| matches!(*text, "--help" | "-h" | "help"))
        || command.name == "wrangler" && texts.contains(&"--dry-run")
    {
        return None;
    }
    let invocation = tools::read(command)?;
    let words = invocation.words();
    let name = command.name.as_str();
    let at = |index: usize| words.get(index).copied().unwrap_or("");
    let said = |count: usize| Some(format!("{name} {}", words[..count.min(words.len())].join(" ")));
    match name {
        "gh" | "glab" if at(0) == "repo" && at(1) == "delete" => said(2),
        // An issue, a gist or a project board is gone for good with what was written in it.
        "gh" | "glab" if matches!(at(0), "issue" | "gist" | "project") && at(1) == "delete" => said(2),
        // A workflow run's logs and artifacts, a label on every issue that has it, a variable's
        // value, a codespace with its uncommitted work, a GitLab pipeline with its jobs' logs
        // (a secret's deletion is `secret-deletion`'s). A cache (`gh cache delete`) is rebuilt by
        // the next run and passes.
        "gh" | "glab"
            if matches!(at(0), "run" | "label" | "variable" | "codespace" | "cs" | "ci") && at(1) == "delete" =>
        {
            said(2)
        }
        "gh" | "glab" if at(0) == "api" => {
            // `-X DELETE`, `-XDELETE`, `--method DELETE`, `--method=DELETE`.
            let method = texts.iter().enumerate().find_map(|(index, text)| match *text {
                "-X" | "--method" => texts.get(index + 1).copied(),
                _ => text.strip_prefix("--method=").or_else(|| text.strip_prefix("-X")),
            });
            let endpoint = texts
                .iter()
                .enumerate()
                .skip(1)
                .find(|(index, text)| !text.starts_with('-') && !matches!(texts[index - 1], "-X" | "--method"))
                .map(|(_, text)| *text)
                .unwrap_or("");
            (method.is_some_and(|m| m.eq_ignore_ascii_case("delete")) && repository_endpoint(endpoint))
                .then(|| format!("{name} api -X DELETE {endpoint}"))
        }
        "doctl" if words.iter().any(|w| matches!(*w, "delete" | "rm")) => said(3),
        "fly" | "flyctl"
            if at(0) == "destroy"
                || matches!(at(0), "apps" | "volumes" | "volume" | "vol" | "postgres" | "pg")
                    && matches!(at(1), "destroy" | "delete" | "remove" | "rm") =>
        {
            said(2)
        }
        "heroku"
            if matches!(
                at(0),
                "apps:destroy" | "destroy" | "pg:reset" | "addons:destroy" | "addons:remove"
            ) =>
        {
            said(1)
        }
        "vercel" | "vc"
            if matches!(at(0), "remove" | "rm") || at(0) == "project" && matches!(at(1), "rm" | "remove") =>
        {
            said(2)
        }
        "netlify" if matches!(at(0), "sites:delete" | "site:delete") => said(1),
        // Hetzner, Linode (also its databases' `mysql-delete`), Scaleway, Vultr, Oracle Cloud
        // (`os object bulk-delete`, `compute instance terminate`) and Exoscale name the resource,
        // then the verb.
        "hcloud" | "linode-cli" | "linode" | "scw" | "vultr-cli" | "vultr" | "oci" | "exo" => {
            let verb = words
                .iter()
                .position(|word| matches!(*word, "delete" | "terminate") || word.ends_with("-delete"))?;
            said(verb + 1)
        }
        "firebase"
            if matches!(
                at(0),
                "firestore:delete"
                    | "database:remove"
                    | "projects:delete"
                    | "hosting:sites:delete"
                    | "functions:delete"
                    | "firestore:databases:delete"
                    | "database:instances:delete"
                    | "apphosting:backends:delete"
            ) =>
        {
            said(1)
        }
        "railway" if matches!(at(0), "down" | "delete" | "remove" | "rm") => said(1),
        "railway"
            if matches!(at(0), "volume" | "environment" | "env") && matches!(at(1), "delete" | "remove" | "rm") =>
        {
            said(2)
        }
        // `wrangler delete` removes a Worker; the others a database, namespace, bucket, queue,
        // site or index whole (a single key or object is not this rule's).
        "wrangler" if at(0) == "delete" => said(1),
        "wrangler" if matches!(at(0), "d1" | "queues" | "vectorize" | "hyperdrive") && at(1) == "delete" => said(2),
        "wrangler"
            if matches!(
                (at(0), at(1), at(2)),
                ("kv", "namespace", "delete")
                    | ("kv", "bulk", "delete")
                    | ("r2", "bucket", "delete")
                    | ("pages", "project", "delete")
            ) =>
        {
            said(3)
        }
        "wrangler" if matches!((at(0), at(1)), ("kv:namespace", "delete") | ("kv:bulk", "delete")) => said(2),
        "supabase" if at(0) == "projects" && at(1) == "delete" => said(2),
        _ => None,
    }
}

/// Whether a GitHub or GitLab API path is a repository itself, or one of its branches: what a
/// `DELETE` there deletes for good (a release's or tag's deletion is `package-unpublish`'s; an
/// issue's comment is nothing this guard protects). GitLab names a project by its number or its
/// encoded path (`projects/42`, `projects/group%2Fapp`).
pub(super) fn repository_endpoint(endpoint: &str) -> bool {
    let parts: Vec<&str> = endpoint.trim_start_matches('/').split('/').collect();
    matches!(parts.as_slice(), ["repos" | "projects", _, _] | ["projects", _])
        || parts.first() == Some(&"repos") && parts.get(3..6) == Some(&["git", "refs", "heads"][..])
}
