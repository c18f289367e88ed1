//! Infrastructure as code: `terraform destroy`, `terraform apply -auto-approve` (also OpenTofu,
//! and Terragrunt over every unit: `run-all destroy`), `pulumi destroy` (`down`), `cdk destroy`,
//! `serverless remove`, the teardowns of AWS SAM, Amplify, Copilot and the Azure Developer CLI,
//! and state removed (`terraform state rm`, `pulumi stack rm`). These ask: they change real
//! infrastructure, sometimes irreversibly.

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
        "sam",
        "amplify",
        "copilot",
        "azd",
    ]),
    check,
    whole_analysis: None,
};

pub static TERRAFORM_DESTROY: Rule = Rule {
    id: "terraform-destroy",
    decision: ASK,
    catches: "`terraform destroy` (and `apply -destroy`, the flag given on the command line or in `TF_CLI_ARGS`/`TF_CLI_ARGS_apply`, also `tofu`): every resource of the configuration is destroyed; `terragrunt destroy`, and over every unit of the stack `terragrunt run-all destroy`, `run --all destroy`, `destroy-all`.",
    instead: "Run `terraform plan -destroy` and show the user what would go",
    examples: &[
        "terraform destroy",
        "terraform destroy -auto-approve",
        "tofu destroy",
        "terraform apply -destroy",
        "TF_CLI_ARGS_apply=-destroy terraform apply",
        "terragrunt run-all destroy --terragrunt-non-interactive",
        "terragrunt destroy-all",
        "terragrunt run --all destroy",
    ],
    allowed: &[
        "terraform plan -destroy",
        "terraform plan",
        "terraform validate",
        "terragrunt run-all plan",
        "terragrunt run --all plan -destroy",
    ],
};

pub static TERRAFORM_AUTO_APPROVE: Rule = Rule {
    id: "terraform-auto-approve",
    decision: ASK,
    catches: "`terraform apply -auto-approve` (also given in `TF_CLI_ARGS`/`TF_CLI_ARGS_apply`): infrastructure changes applied without review; `terragrunt run-all apply` with `--terragrunt-non-interactive` (`--non-interactive`), which approves every unit's apply.",
    instead: "Run `terraform plan` and let the user approve the apply",
    examples: &[
        "terraform apply -auto-approve",
        "terraform apply --auto-approve tfplan",
        "terraform -chdir=infra apply -auto-approve=true",
        "terragrunt run-all apply --terragrunt-non-interactive",
        "TF_CLI_ARGS=-auto-approve terraform apply",
    ],
    allowed: &[
        "terraform apply",
        "TF_CLI_ARGS_plan=-auto-approve terraform apply",
        "TF_CLI_ARGS='-no-color' terraform apply",
        "terraform plan -out tfplan",
        "terraform fmt",
        "terragrunt run-all apply",
    ],
};

pub static PULUMI_DESTROY: Rule = Rule {
    id: "pulumi-destroy",
    decision: ASK,
    catches: "`pulumi destroy` (`down`), `cdk destroy` (also `cdktf`), `serverless remove` (`sls`), `sst remove`, `sam delete`, `amplify delete` (`amplify env remove`), `copilot app|env|svc|job delete`, `azd down`: every resource of the stack is destroyed, databases and buckets with it.",
    instead: "Run `pulumi preview --diff` (`cdk diff`) and let the user decide",
    examples: &[
        "pulumi destroy --yes",
        "pulumi destroy -s prod",
        "npx cdk destroy --force",
        "serverless remove --stage prod",
        "pulumi down --yes",
        "sam delete --no-prompts",
        "amplify delete --force",
        "copilot app delete --yes",
        "azd down --force --purge",
    ],
    allowed: &[
        "pulumi preview",
        "pulumi up --diff",
        "cdk diff",
        "serverless deploy",
        "pulumi destroy --help",
        "pulumi destroy --preview-only",
        "pulumi down --preview-only",
        "sam deploy",
        "amplify status",
        "copilot svc ls",
        "azd up",
    ],
};

pub static IAC_STATE_REMOVE: Rule = Rule {
    id: "iac-state-remove",
    decision: ASK,
    catches: "Removing what infrastructure as code knows about real resources: `terraform state rm` (also `tofu`), `terraform workspace delete -force` (a workspace still tracking resources), `terraform state push -force` (a state pushed over the one in use), `pulumi state delete`, `pulumi stack rm`. The resources keep running unmanaged, the next apply may create them twice, and a removed stack's history is gone.",
    instead: "Back up the state first (`terraform state pull > backup.tfstate`, `pulumi stack export`), and let the user decide",
    examples: &[
        "terraform state rm aws_db_instance.main",
        "pulumi stack rm dev --force",
        "terraform workspace delete -force prod",
        "terraform state push -force old.tfstate",
        "pulumi state delete urn:pulumi:dev::app::aws:s3/bucket:Bucket::b",
    ],
    allowed: &[
        "terraform state list",
        "terraform state show aws_db_instance.main",
        "terraform workspace delete staging",
        "terraform state push new.tfstate",
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
    if let Some(teardown) = teardown(command) {
        report.flag(
            &PULUMI_DESTROY,
            span,
            format!("`{name} {teardown}` would destroy every resource it deployed, with the data they hold"),
        );
        return;
    }
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
    // Terragrunt runs a Terraform command in one unit, or in every unit of the stack
    // (`run-all destroy`, `run --all destroy`, the older `destroy-all`).
    let mut words = invocation.words();
    let mut every_unit = false;
    if name == "terragrunt" {
        if let Some(rest) = words.strip_prefix(&["stack"]) {
            words = rest.to_vec();
        }
        match words.first().copied() {
            Some("run-all") => {
                every_unit = true;
                words.remove(0);
            }
            Some("run") => {
                every_unit = invocation.has("--all");
                words.remove(0);
            }
            Some(all @ ("destroy-all" | "apply-all")) => {
                every_unit = true;
                words[0] = all.trim_end_matches("-all");
            }
            _ => {}
        }
    }
    let verb = words.first().copied().unwrap_or("");
    // Terraform (and OpenTofu) add the flags of `TF_CLI_ARGS`, and of `TF_CLI_ARGS_apply` for
    // `apply`, after the subcommand's name.
    let from_environment: Vec<String> = if matches!(name, "terraform" | "tofu") {
        let own = format!("TF_CLI_ARGS_{verb}");
        command
            .environment()
            .filter(|(variable, _)| *variable == "TF_CLI_ARGS" || *variable == own)
            .filter_map(|(_, value)| shell_words::split(value.value()?).ok())
            .flatten()
            .collect()
    } else {
        Vec::new()
    };
    // Terraform takes `-flag`, `--flag` and `-flag=true` alike.
    let has = |flag: &str| {
        let given = |option: &str, value: Option<&str>| {
            option.trim_start_matches('-') == flag && value.is_none_or(|v| v == "true")
        };
        invocation
            .options()
            .iter()
            .any(|option| given(option.name, option.value))
            || from_environment.iter().any(|word| match word.split_once('=') {
                Some((option, value)) => given(option, Some(value)),
                None => given(word, None),
            })
    };
    if name == "pulumi" {
        // `--preview-only` shows what would be destroyed and destroys nothing.
        if matches!(verb, "destroy" | "down") && !has("preview-only") {
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
    // Without `-force`, a workspace still tracking resources is kept, and a state whose
    // history differs is not pushed over the one in use.
    if let ["workspace", "delete", ..] | ["state", "push", ..] = words.as_slice()
        && has("force")
    {
        report.flag(
            &IAC_STATE_REMOVE,
            span,
            format!(
                "`{name} {} {} -force` would replace or delete what {name} knows of the resources, which keep running unmanaged",
                words[0], words[1]
            ),
        );
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
    // Over every unit, Terragrunt approves each apply itself once told not to ask.
    let auto = has("auto-approve") || every_unit && (has("terragrunt-non-interactive") || has("non-interactive"));
    let units = if every_unit { " in every unit of the stack" } else { "" };
    match verb {
        "destroy" => report.flag(
            &TERRAFORM_DESTROY,
            span,
            format!("`{name} destroy` would destroy every managed resource{units}"),
        ),
        "apply" if has("destroy") => report.flag(
            &TERRAFORM_DESTROY,
            span,
            format!("`{name} apply -destroy` would destroy every managed resource{units}"),
        ),
        "apply" if auto => report.flag(
            &TERRAFORM_AUTO_APPROVE,
            span,
            format!("`{name} apply` without a prompt would change real infrastructure{units} without a review"),
        ),
        _ => {}
    }
}

/// The teardown subcommand of an infrastructure tool that deletes everything it deployed: `sam
/// delete` (the CloudFormation stack and its artifacts), `amplify delete` (the project's
/// backend, in every environment) and `amplify env remove`, `copilot app|env|svc|job delete`
/// (with their storage), `azd down`.
fn teardown(command: &crate::command::Command) -> Option<String> {
    let operands = tools::read(command)?.words();
    let found: &[&str] = match (command.name.as_str(), operands.as_slice()) {
        ("sam", ["delete", ..]) | ("amplify", ["delete", ..]) | ("azd", ["down", ..]) => &operands[..1],
        ("amplify", ["env", "remove", ..]) => &operands[..2],
        ("copilot", ["app" | "env" | "svc" | "job", "delete", ..]) => &operands[..2],
        _ => return None,
    };
    Some(found.join(" "))
}
