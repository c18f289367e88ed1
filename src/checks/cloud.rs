//! Cloud command-line tools: deletions through `aws`, `gcloud` and `az`.

use super::{ASK, Applies, Checker, Report, Subject};
use crate::rules::Rule;
use crate::tools;

pub const CHECKER: Checker = Checker {
    rules: &[&AWS_DELETE, &GCLOUD_DELETE, &AZ_DELETE],
    applies: Applies::Commands(&["aws", "gcloud", "az"]),
    check,
    whole_analysis: None,
};

pub static AWS_DELETE: Rule = Rule {
    id: "aws-delete",
    decision: ASK,
    catches: "`aws … delete-*` and `terminate-*`, `aws s3 rm --recursive`, `aws s3 rb --force`.",
    instead: "Show the user what would be deleted (`describe-*`, `aws s3 ls`) and let them decide",
    examples: &[
        "aws ec2 terminate-instances --instance-ids i-1",
        "aws dynamodb delete-table --table-name t",
        "aws s3 rm s3://bucket --recursive",
        "aws s3 rb s3://bucket --force",
    ],
    allowed: &[
        "aws s3 ls",
        "aws s3 cp x s3://bucket/x",
        "aws s3 rm s3://bucket/one-file.txt",
        "aws ec2 describe-instances",
    ],
};

pub static GCLOUD_DELETE: Rule = Rule {
    id: "gcloud-delete",
    decision: ASK,
    catches: "`gcloud … delete`: a cloud resource is deleted.",
    instead: "Show the user what would be deleted (`gcloud … describe`) and let them decide",
    examples: &[
        "gcloud compute instances delete vm-1",
        "gcloud projects delete my-project",
    ],
    allowed: &["gcloud compute instances list"],
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
        "az storage blob delete-batch --source mycontainer --pattern 'logs/*.tmp' --dryrun",
    ],
};

fn check(subject: &Subject, report: &mut Report) {
    let command = subject.command;
    let Some(invocation) = tools::read(command) else {
        return;
    };
    let operands = invocation.words();
    let span = command.span;
    match command.name.as_str() {
        "aws" => {
            let s3 = operands.first() == Some(&"s3");
            let recursive = invocation.has("--recursive");
            let force = invocation.has("--force");
            if let Some(action) = operands
                .iter()
                .find(|o| o.starts_with("delete-") || o.starts_with("terminate-"))
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
            }
        }
        "gcloud" if operands.contains(&"delete") => {
            report.flag(&GCLOUD_DELETE, span, "`gcloud … delete` would delete a cloud resource");
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
