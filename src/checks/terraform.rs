//! Infrastructure as code: `terraform destroy`, `terraform apply -auto-approve` (also OpenTofu),
//! `pulumi destroy`, `cdk destroy`, `serverless remove`, and state removed (`terraform state rm`,
//! `pulumi stack rm`). These ask: they change real infrastructure, sometimes irreversibly.

use super::{ASK, Applies, Checker, Report, Subject};
use crate::rules::Rule;
use crate::tools;

pub const CHECKER: Checker = Checker {
    rules: &[
        &TERRAFORM_DESTROY,
        &TERRAFORM_AUTO_APPROVE,
        &PULUMI_DESTROY,
        &IAC_STATE_REMOVE,
    ],
    applies: Applies::Commands(&[
        "terraform",
        "tofu",
        "terragrunt",
        "pulumi",
        "cdk",
        "aws-cdk",
        "cdktf",
        "serverless",
        "sls",
        "sst",
    ]),
    check,
    whole_analysis: None,
};

pub static TERRAFORM_DESTROY: Rule = Rule {
    id: "terraform-destroy",
    decision: ASK,
    catches: "`terraform destroy` (and `apply -destroy`): every resource of the configuration is destroyed.",
    instead: "Run `terraform plan -destroy` and show the user what would go",
    examples: &[
        "terraform destroy",
        "terraform destroy -auto-approve",
        "tofu destroy",
        "terraform apply -destroy",
    ],
    allowed: &["terraform plan -destroy", "terraform plan", "terraform validate"],
};

pub static TERRAFORM_AUTO_APPROVE: Rule = Rule {
    id: "terraform-auto-approve",
    decision: ASK,
    catches: "`terraform apply -auto-approve`: infrastructure changes applied without review.",
    instead: "Run `terraform plan` and let the user approve the apply",
    examples: &[
        "terraform apply -auto-approve",
        "terraform apply --auto-approve tfplan",
        "terraform -chdir=infra apply -auto-approve=true",
    ],
    allowed: &["terraform apply", "terraform plan -out tfplan", "terraform fmt"],
};

pub static PULUMI_DESTROY: Rule = Rule {
    id: "pulumi-destroy",
    decision: ASK,
    catches: "`pulumi destroy`, `cdk destroy` (also `cdktf`), `serverless remove` (`sls`), `sst remove`: every resource of the stack is destroyed.",
    instead: "Run `pulumi preview --diff` (`cdk diff`) and let the user decide",
    examples: &[
        "pulumi destroy --yes",
        "pulumi destroy -s prod",
        "npx cdk destroy --force",
        "serverless remove --stage prod",
    ],
    allowed: &[
        "pulumi preview",
        "pulumi up --diff",
        "cdk diff",
        "serverless deploy",
        "pulumi destroy --help",
        "pulumi destroy --preview-only",
    ],
};

pub static IAC_STATE_REMOVE: Rule = Rule {
    id: "iac-state-remove",
    decision: ASK,
    catches: "Removing what infrastructure as code knows about real resources: `terraform state rm` (also `tofu`), `pulumi state delete`, `pulumi stack rm`. The resources keep running unmanaged, the next apply may create them twice, and a removed stack's history is gone.",
    instead: "Back up the state first (`terraform state pull > backup.tfstate`, `pulumi stack export`), and let the user decide",
    examples: &[
        "terraform state rm aws_db_instance.main",
        "pulumi stack rm dev --force",
        "pulumi state delete urn:pulumi:dev::app::aws:s3/bucket:Bucket::b",
    ],
    allowed: &[
        "terraform state list",
        "terraform state show aws_db_instance.main",
        "pulumi stack ls",
    ],
};

fn check(subject: &Subject, report: &mut Report) {
    let command = subject.command;
    let texts: Vec<&str> = command.args().iter().map(|w| w.value().unwrap_or("")).collect();
    if texts
        .iter()
        .any(|text| matches!(*text, "--help" | "-help" | "-h" | "help"))
    {
        return;
    }
    let span = command.span;
    let name = command.name.as_str();
    if matches!(name, "cdk" | "aws-cdk" | "cdktf" | "serverless" | "sls" | "sst") {
        let verb = tools::read(command)
            .and_then(|invocation| invocation.words().first().copied())
            .unwrap_or("");
        if matches!(
            (name, verb),
            ("cdk" | "aws-cdk" | "cdktf", "destroy") | ("serverless" | "sls" | "sst", "remove")
        ) {
            report.flag(
                &PULUMI_DESTROY,
                span,
                format!("`{name} {verb}` would destroy every resource of the stack"),
            );
        }
        return;
    }
    let Some(invocation) = tools::read(command) else {
        return;
    };
    let verb = invocation.words().first().copied().unwrap_or("");
    // Terraform takes `-flag`, `--flag` and `-flag=true` alike.
    let has = |flag: &str| {
        invocation
            .options()
            .iter()
            .any(|option| option.name.trim_start_matches('-') == flag && option.value.is_none_or(|v| v == "true"))
    };
    let words = invocation.words();
    if name == "pulumi" {
        // `--preview-only` shows what would be destroyed and destroys nothing.
        if verb == "destroy" && !has("preview-only") {
            report.flag(
                &PULUMI_DESTROY,
                span,
                "`pulumi destroy` would destroy every resource of the stack",
            );
        } else if matches!(
            words.as_slice(),
            ["stack", "rm" | "remove", ..] | ["state", "delete", ..]
        ) {
            report.flag(
                &IAC_STATE_REMOVE,
                span,
                format!(
                    "`pulumi {} {}` would delete what the stack knows of its resources",
                    words[0], words[1]
                ),
            );
        }
        return;
    }
    if matches!(words.as_slice(), ["state", "rm", ..]) && !has("dry-run") {
        report.flag(
            &IAC_STATE_REMOVE,
            span,
            format!("`{name} state rm` would make {name} forget the resources, which keep running unmanaged"),
        );
        return;
    }
    let auto = has("auto-approve");
    match verb {
        "destroy" => report.flag(
            &TERRAFORM_DESTROY,
            span,
            format!("`{name} destroy` would destroy every managed resource"),
        ),
        "apply" if has("destroy") => report.flag(
            &TERRAFORM_DESTROY,
            span,
            format!("`{name} apply -destroy` would destroy every managed resource"),
        ),
        "apply" if auto => report.flag(
            &TERRAFORM_AUTO_APPROVE,
            span,
            format!("`{name} apply -auto-approve` would change real infrastructure without a review"),
        ),
        _ => {}
    }
}
