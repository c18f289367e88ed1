//! Infrastructure as code: `terraform destroy`, `terraform apply -auto-approve` (also OpenTofu),
//! `pulumi destroy`. These ask: they change real infrastructure, sometimes irreversibly.

use super::{ASK, Applies, Checker, Report, Subject};
use crate::rules::Rule;
use crate::tools;

pub const CHECKER: Checker = Checker {
    rules: &[&TERRAFORM_DESTROY, &TERRAFORM_AUTO_APPROVE, &PULUMI_DESTROY],
    applies: Applies::Commands(&["terraform", "tofu", "terragrunt", "pulumi"]),
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
    catches: "`pulumi destroy`: every resource of the stack is destroyed.",
    instead: "Run `pulumi preview --diff` and let the user decide",
    examples: &["pulumi destroy --yes", "pulumi destroy -s prod"],
    allowed: &["pulumi preview", "pulumi up --diff"],
};

fn check(subject: &Subject, report: &mut Report) {
    let command = subject.command;
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
    let span = command.span;
    let name = command.name.as_str();
    if name == "pulumi" {
        if verb == "destroy" {
            report.flag(
                &PULUMI_DESTROY,
                span,
                "`pulumi destroy` would destroy every resource of the stack",
            );
        }
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
