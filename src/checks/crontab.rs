//! `crontab -r`: removes every scheduled job of the user, with no copy kept.

use super::{Applies, Checker, DENY, Report, Subject};
use crate::args::{self, Options};
use crate::rules::Rule;

pub const CHECKER: Checker = Checker {
    rules: &[&CRONTAB_REMOVE],
    applies: Applies::Commands(&["crontab"]),
    check,
    whole_analysis: None,
};

pub static CRONTAB_REMOVE: Rule = Rule {
    id: "crontab-remove",
    decision: DENY,
    catches: "`crontab -r`: every scheduled job of the user is deleted.",
    instead: "Save the table first (`crontab -l > cron.bak`) and edit it with `crontab -e`",
    examples: &["crontab -r", "crontab -ri", "crontab -u www -r"],
    allowed: &["crontab -l", "crontab -e", "crontab jobs.txt"],
};

fn check(subject: &Subject, report: &mut Report) {
    let parsed = args::parse(subject.command.args(), &Options::gnu("u", &[]));
    if parsed.has_short('r') {
        report.flag(
            &CRONTAB_REMOVE,
            subject.command.span,
            "`crontab -r` would delete every scheduled job, with no copy kept",
        );
    }
}
